"""Dystopian Wars line of sight on hexes: the double trace, partial cover, what blocks and when.

Rules: DW-28.8 (trace the line twice, nudged +/- epsilon; neither blocked: clear; one: partial,
half AD; both: no LoS; what blocks a line: surface models by size class, surfaced divers,
terrain by height against the shooter's eye level, reefs and sandbanks for submerged lines,
portals and vortices, camouflage; woods; torpedo paths; the indirect-fire spotter), DW-14.1
(surface models blocking surface models, Hulking), DW-14.2 (diving, submerged and flying models;
terrain between surface and air), DW-14.4 / DW-14.5 (never halve twice), DW-13.2 (height levels),
DW-13.4 (woods and targeting), DW-28.10 (terrain screening an area effect on both lines;
Camouflage placement), DW-23 (Camouflage).

The trace is the kernel's `line_pair` (DESIGN 2.1): the same integer line draw, +epsilon and
-epsilon, every system uses. The hexes crossed are each line's hexes but the two ends.
"""

from __future__ import annotations

import enum
from collections.abc import Collection

import attrs
from attrs import frozen

from engine.dystopian.geometry import Cover, Level, Piece, Size
from engine.dystopian.terrain import Board, TerrainKind, los_height
from engine.hexes import Hex, line_pair

__all__ = [
    "CAMOUFLAGE_REACH",
    "EYE_LEVEL",
    "SPOTTER_RANGE",
    "WOODS_THRESHOLD",
    "Sight",
    "SightLine",
    "ad_cover",
    "camouflage_problem",
    "line_of_sight",
    "spotter_problem",
    "terrain_screens",
    "torpedo_path_clear",
    "woods_problem",
    "woods_threshold",
]

EYE_LEVEL = {Size.TINY: 0, Size.SMALL: 1, Size.MEDIUM: 1, Size.LARGE: 2, Size.MASSIVE: 3}
"""DW-28.8 (invented): the eye level of each size class, for terrain heights."""
SPOTTER_RANGE = 16
"""DW-28.8 / DW-27 item 4: an indirect-fire spotter is within 32" (16 hexes) of the target."""
WOODS_THRESHOLD = 5
"""DW-13.4 / DW-28.8: a target in woods near its edge is hit only on 5-6."""


class Sight(enum.StrEnum):
    """DW-28.8: the result of the double trace."""

    CLEAR = "clear"
    PARTIAL = "partial"
    """Exactly one line blocked (it runs along a hexside next to a blocker): half AD."""
    BLOCKED = "blocked"


@frozen
class SightLine:
    """DW-28.8: the two traced lines and what blocked each ("" when clear)."""

    sight: Sight
    plus: str
    """The first blocker on the +epsilon line, in words, or ""."""
    minus: str
    """The first blocker on the -epsilon line, in words, or ""."""

    @property
    def reason(self) -> str:
        """A sentence for the player: why the target is hidden or partly hidden, or ""."""
        return self.plus or self.minus


def _surface_line(shooter: Piece, target: Piece) -> bool:
    return shooter.level is Level.SURFACE and target.level is Level.SURFACE


def _model_blocks(shooter: Piece, target: Piece, blocker: Piece) -> bool:
    """DW-14.1 / DW-14.2 / DW-28.8: does a model between two surface pieces block the line?"""
    if blocker.token or blocker.level is not Level.SURFACE or not _surface_line(shooter, target):
        return False  # flyers, wings, submerged tokens never block; only surface lines
    size = blocker.size + (1 if blocker.hulking else 0)
    if blocker.diving:
        if blocker.size >= Size.LARGE:
            size -= 1  # a surfaced Large or Massive diver counts one class smaller
        elif not (shooter.diving or target.diving):
            return False  # a surfaced Medium or Small diver blocks only diving models
    # Blocks unless at least two classes smaller than the shooter; to a Hulking target, any
    # model at least one class smaller does not obstruct.
    margin = 1 if target.hulking else 2
    return size > shooter.size - margin


def _terrain_blocks(shooter: Piece, target: Piece, where: Hex, board: Board) -> str:  # noqa: PLR0911 - a guard per rule
    """DW-28.8 / DW-14.2 / DW-13.2: does the terrain in ``where`` block this line? Why, or ""."""
    cell = board.terrain.cell(where)
    if cell is None:
        return ""  # a line between edge hexes may graze off the board: nothing there
    if cell.kind is TerrainKind.VORTEX:
        return "An energy vortex blocks the line."
    levels = {shooter.level, target.level}
    if Level.SUBMERGED in levels:
        if cell.blocks_submerged_los:
            return "A reef, sandbank or mountain hides the submerged model."
        return ""
    if Level.SURFACE not in levels:
        return ""  # terrain never blocks flyer to flyer
    if cell.kind is TerrainKind.PORTAL:
        return "An energy portal blocks the line."
    height = los_height(cell)
    if height > 0 and height > EYE_LEVEL[shooter.size] - 2:
        return "Terrain blocks the line."
    return ""


def _line_blocker(
    board: Board, shooter: Piece, target: Piece, line: tuple[Hex, ...], camouflage: Collection[Hex]
) -> str:
    """DW-28.8: the first reason one traced line is blocked, or ""."""
    if any(h in camouflage for h in line):
        return "Camouflage hides the line."
    for where in line[1:-1]:
        why = _terrain_blocks(shooter, target, where, board)
        if why:
            return why
        blocker = board.piece_at(where)
        if blocker is not None and _model_blocks(shooter, target, blocker):
            return "Another model is in the way."
    return ""


def _trace(board: Board, a: Piece, b: Piece, camouflage: Collection[Hex]) -> SightLine:
    """DW-28.8: the double trace between two pieces (or a piece and a point)."""
    plus, minus = line_pair(a.hex, b.hex)
    why_plus = _line_blocker(board, a, b, plus, camouflage)
    why_minus = why_plus if minus == plus else _line_blocker(board, a, b, minus, camouflage)
    if why_plus and why_minus:
        sight = Sight.BLOCKED
    elif why_plus or why_minus:
        sight = Sight.PARTIAL
    else:
        sight = Sight.CLEAR
    return SightLine(sight, why_plus, why_minus)


def line_of_sight(
    board: Board, shooter: int, target: int, *, camouflage: Collection[Hex] = ()
) -> SightLine:
    """DW-28.8: trace the line twice from piece ``shooter`` to piece ``target``.

    Args:
        board: The terrain and the pieces.
        shooter: The index of the firing piece (or the spotter, for indirect fire).
        target: The index of the target.
        camouflage: Hexes of Camouflage areas (DW-28.10): any line starting in, ending in or
            crossing them is blocked.
    """
    return _trace(board, board.pieces[shooter], board.pieces[target], camouflage)


def ad_cover(arc: Cover, sight: Sight) -> Cover:
    """DW-14.5 / DW-28.8: the AD that reaches the target: never halved twice.

    Full with a full arc and clear sight; half if either the arc or the sight halves it; none
    if out of arc or out of sight.
    """
    if arc is Cover.NONE or sight is Sight.BLOCKED:
        return Cover.NONE
    if arc is Cover.HALF or sight is Sight.PARTIAL:
        return Cover.HALF
    return Cover.FULL


def _woods(board: Board, where: Hex) -> bool:
    cell = board.terrain.cell(where)
    return cell is not None and cell.woods


def _deep_in_woods(board: Board, where: Hex) -> bool:
    """DW-28.8: a woods hex with no non-woods neighbour on the board."""
    return _woods(board, where) and all(
        _woods(board, n) for n in where.neighbors() if n in board.terrain
    )


def woods_threshold(board: Board, target: Hex) -> int | None:
    """DW-13.4 / DW-28.8: 5 (hit only on 5-6) for a target in woods near the edge, else None.

    Combine it with the other hit numbers by `engine.dystopian.dice.worst`.
    """
    if _woods(board, target) and not _deep_in_woods(board, target):
        return WOODS_THRESHOLD
    return None


def woods_problem(board: Board, shooter: Hex, target: Hex) -> str:
    """DW-13.4 / DW-28.8: a target deep in woods is seen only from woods next to it, or ""."""
    if _deep_in_woods(board, target) and not (
        _woods(board, shooter) and shooter.distance(target) == 1
    ):
        return "Deep in the woods it can be targeted only from the woods next to it."
    return ""


def torpedo_path_clear(board: Board, shooter: int, target: int) -> bool:
    """DW-28.8: a naval torpedo needs both lines free of models and of any non-water terrain.

    Flyers and wings above do not stop it; models at the surface or below do.
    """
    a, b = board.pieces[shooter], board.pieces[target]
    for line in line_pair(a.hex, b.hex):
        for where in line[1:-1]:
            cell = board.terrain.cell(where)
            if cell is not None and cell.kind is not TerrainKind.WATER:
                return False
            other = board.piece_at(where)
            if other is not None and not other.token and not other.level.airborne:
                return False
    return True


def terrain_screens(board: Board, a: Hex, b: Hex, min_height: int) -> bool:
    """DW-28.10: True if terrain of height ``min_height`` or more lies on both traced lines.

    Magazine explosions and Combustible Cargo are screened at H >= 1; Disruption, Sonic,
    Pulse and Fury ("2 inches high") at H >= 2.
    """
    cells = board.terrain
    return all(
        any(h in cells and los_height(cells[h]) >= min_height for h in line[1:-1])
        for line in line_pair(a, b)
    )


def spotter_problem(board: Board, spotter: int | Piece, target: int) -> str:
    """DW-18.7 / DW-28.8: a spotter must be within 16 hexes of the target and see it, or "".

    ``spotter`` is a piece's index, or a token that is not one of the board's pieces (a recon
    wing, perhaps over its CAP host's hex, DW-20.8).
    """
    a = spotter if isinstance(spotter, Piece) else board.pieces[spotter]
    b = board.pieces[target]
    if a.hex.distance(b.hex) > SPOTTER_RANGE:
        return "The spotter is too far from the target (more than 16 hexes)."
    if _trace(board, a, b, ()).sight is Sight.BLOCKED:
        return "The spotter cannot see the target."
    return ""


CAMOUFLAGE_REACH = 4
"""DW-23 Camouflage / DW-28.10: the area's centre is within 8" (4 hexes)."""


def camouflage_problem(board: Board, user: int, centre: Hex) -> str:
    """DW-23 / DW-28.10: why piece ``user`` cannot place Camouflage centred on ``centre``, or "".

    The centre is within 4 hexes and in sight (a surface point, seen as the user sees a Tiny
    surface model there, not partly); the area is the centre and its six neighbours, on the
    board and with no piece in any of them.
    """
    piece = board.pieces[user]
    if piece.hex.distance(centre) > CAMOUFLAGE_REACH:
        return "Camouflage must be centred within 4 hexes."
    area = centre.spiral(1)
    if any(h not in board.terrain or board.index_at(h) is not None for h in area):
        return "Camouflage cannot cover any model or leave the board."
    point = attrs.evolve(piece, hex=centre, size=Size.TINY, level=Level.SURFACE, hulking=False)
    if _trace(board, piece, point, ()).sight is not Sight.CLEAR:
        return "Camouflage must be centred in sight."
    return ""
