"""Dystopian Wars movement on hexes: movement points, the path grammar and its checks, the walk.

Rules: DW-11.1 (moving up to MV; leaving the table loses the model), DW-11.3 (minimum move straight
ahead; Sharp Turn), DW-11.4 (turning limits; land rotation instead of moving), DW-11.5 (snaking),
DW-11.6 (All Stop, restart, reverse; flyers that cannot stop; Manoeuvrable), DW-11.7 (land models
and the sea), DW-11.8 (flyers pass over everything and may not end on another piece), DW-11.9
(submerged tokens), DW-11.10 (least disruption), DW-12.1 / DW-12.2 / DW-12.3 (who touches whom,
contact stops a surface model, ram or collision), DW-13.3 (treacherous terrain tests), DW-28.3,
DW-28.4 (movement points, the move grammar, K turning, pivots, reverse, flyers, board edges),
DW-28.5 (stacking, contacts, getting free, displaced pieces, the Hard Impact push, the Sturginium
Flare), DW-16.2 (the Flare's direction), DW-24 (Sharp Turn, Manoeuvrable, Streamlined Hull,
Amphibious Capability, Hull Breaker, Immovable).

A move is a path of `Step`s (DW-28.4): each an optional turn of one hexside (any number for a 360
mover) and then one hex forward; a path may end with a pivot (a turn with no step), and a reverse
is one step back. Its text form is compact: ``F`` one hex ahead, ``L`` / ``R`` a turn left
(counter-clockwise) or right (clockwise) before the next ``F``, a trailing ``L`` / ``R`` the
final pivot, ``B`` one hex back: ``"FFRFL"``.

Two checks, in the AoD style (a sentence, "" when fine): `path_problem` reads the path against the
mover's card and markers alone (MP, minimum move, K turning, pivots, All Stop, reverse); `walk`
then runs it on the board and reports what happened as data: where it ends, the contact that
stopped it (ram, collision or terrain, DW-12), a step off the board (lost), the treacherous-terrain
test and the snaking tests the caller must roll before moving (DW-13.3, DW-11.5), and where a
flyer or submerged token that cannot end where it is goes instead. Dice are rolled by the caller.
`reachable` lists every clean end of a legal move (a search, for overlays and bots);
`marker_problem` and `level_problem` check the declarations made before moving.
"""

from __future__ import annotations

import enum

from attrs import frozen

from engine.dystopian.geometry import Level, Piece, Sector, Size, sectors_of
from engine.dystopian.terrain import (
    Board,
    Entry,
    Mode,
    TerrainKind,
    entry_rule,
    mode_for,
    treacherous_for,
)
from engine.hexes import Facing, Hex

__all__ = [
    "Contact",
    "ContactKind",
    "Displacement",
    "FlareDirection",
    "MarkerAction",
    "Mover",
    "Step",
    "StepKind",
    "TurnLimit",
    "Walk",
    "contact_kind",
    "displace",
    "flare_direction",
    "flare_path",
    "format_path",
    "free_placements",
    "level_problem",
    "marker_problem",
    "min_hexes",
    "more_than_half",
    "movement_points",
    "parse_path",
    "path_problem",
    "push_hexes",
    "reachable",
    "snaking_dice",
    "snaking_turns",
    "treacherous_stop",
    "walk",
    "walk_problem",
]


# ---- movement points (DW-28.4) ----------------------------------------------------------------


def movement_points(
    mv_inches: int, turn_number: int, *, engine_failure: bool = False, bonus_inches: int = 0
) -> int:
    """DW-28.4: the hexes a model may move this activation.

    ``B`` is the modified MV: halved (rounded down) for Engine Failure first, then the bonuses
    added (Sturginium Boost +2", Superior Engine +2", Kinetic +1D6", Streamlined Hull +1").
    ``MP = B // 2``, plus 1 when B is odd and the game turn is even (the odd-inch carry).
    """
    base = mv_inches // 2 if engine_failure else mv_inches
    base += bonus_inches
    return max(0, base // 2 + (1 if base % 2 and turn_number % 2 == 0 else 0))


def min_hexes(min_inches: int) -> int:
    """DW-28.4: the minimum move in hexes, rounded up: 2" -> 1, 4" -> 2, 0" -> 0."""
    return -(-min_inches // 2)


def more_than_half(steps: int, mp: int) -> bool:
    """DW-28.4: "more than half MV" (treacherous terrain, tiny-flyer fuel): ``2 steps > MP``."""
    return steps * 2 > mp


# ---- the mover and its path (DW-28.4) ---------------------------------------------------------


class TurnLimit(enum.StrEnum):
    """DW-11.4 / DW-28.4: the card's turning value, and its allowance K.

    The values are the card notation (the data model's ``Turn`` values), so
    ``TurnLimit(card.turn.value)`` reads a card.
    """

    FREE = "360"
    """Moves in any direction and rotates freely."""
    ZERO = "0"
    ONE = "1"
    TWO = "2"
    NAVAL_SMALL = "S"
    NAVAL_MEDIUM = "M"
    NAVAL_LARGE = "L"
    """Also Massive naval models (DW-11.2)."""

    @property
    def k(self) -> int:
        """DW-28.4: hexes since the previous turn needed before the next (0 for 360).

        The naval K = 1 / 2 / 3 is the digest's invented calibration (DW-27 item 19).
        """
        return _K[self]

    @property
    def snakes(self) -> bool:
        """DW-28.4: snaking applies to land/air models with K = 1."""
        return self in {TurnLimit.ZERO, TurnLimit.ONE}


_K = {
    TurnLimit.FREE: 0,
    TurnLimit.ZERO: 1,
    TurnLimit.ONE: 1,
    TurnLimit.TWO: 2,
    TurnLimit.NAVAL_SMALL: 1,
    TurnLimit.NAVAL_MEDIUM: 2,
    TurnLimit.NAVAL_LARGE: 3,
}


@frozen
class Mover:
    """What movement needs of the active model beyond its `Piece` (card values and markers)."""

    mp: int
    """Movement points this activation (`movement_points`)."""
    min_hexes: int
    """The minimum move in hexes (`min_hexes`)."""
    turning: TurnLimit
    land: bool = False
    """A land model (DW-11.7): the sea stops it."""
    ram_rating: int = 0
    """RR: 0 means every contact it makes is a collision (DW-12.1)."""
    sharp_turn: bool = False
    """DW-11.3: may turn during its minimum move."""
    nav_lock: bool = False
    """Navigation Lock critical: no turn and no pivot (DW-28.4)."""
    all_stop: bool = False
    """DW-11.6: an All Stop marker: it does not move this activation."""
    reversing: bool = False
    """DW-11.6: a direction arrow: its whole move is one hex straight back."""
    manoeuvrable: bool = False
    """DW-11.6: at All Stop it may turn one hexside instead of removing the marker."""
    bow_contacts: frozenset[Hex] = frozenset()
    """DW-28.5: hexes its bow touched in a recorded contact (it may not step forward into them)."""
    straight_only: bool = False
    """DW-28.4: it declared no turn before moving (Streamlined Hull's +1")."""
    can_stop: bool = True
    """DW-11.6: False for aeroplanes, bombers and flyers whose card does not allow stopping."""
    can_reverse: bool = True
    """DW-11.6: False where the card forbids reversing."""
    amphibious: bool = False
    """DW-24 Amphibious Capability: moves on land or sea (its MP is the caller's: half at sea)."""
    hull_breaker: bool = False
    """DW-24 Hull Breaker: ignores treacherous terrain."""
    immovable: bool = False
    """DW-24 Immovable, or Ground Clamps while anchored: cannot move or rotate."""

    def mode(self, level: Level) -> Mode:
        """DW-28.9: the terrain-table column it moves in at ``level``."""
        return mode_for(level, land=self.land, amphibious=self.amphibious)


class StepKind(enum.StrEnum):
    """DW-28.4: the three kinds of step in the grammar."""

    FORWARD = "F"
    BACK = "B"
    PIVOT = "pivot"


@frozen
class Step:
    """DW-28.4: one step of a path: ``turn`` hexsides (clockwise +) and then the move."""

    turn: int = 0
    kind: StepKind = StepKind.FORWARD


def parse_path(text: str) -> tuple[Step, ...]:
    """DW-28.4: read a path such as ``"FFRFL"`` (spaces ignored, case-insensitive).

    Raises:
        ValueError: a character other than F, B, L, R or a space.
    """
    steps: list[Step] = []
    turn = 0
    for char in text.upper():
        if char == " ":
            continue
        if char in "LR":
            turn += -1 if char == "L" else 1
        elif char in "FB":
            steps.append(Step(turn, StepKind(char)))
            turn = 0
        else:
            msg = f"a path is made of F, B, L and R, not {char!r}"
            raise ValueError(msg)
    if turn:
        steps.append(Step(turn, StepKind.PIVOT))
    return tuple(steps)


def format_path(steps: tuple[Step, ...]) -> str:
    """DW-28.4: the text form of a path (`parse_path` reads it back)."""
    parts = []
    for step in steps:
        turn = ("R" if step.turn > 0 else "L") * abs(step.turn)
        parts.append(turn + ("" if step.kind is StepKind.PIVOT else step.kind.value))
    return "".join(parts)


def _hexsides(turn: int) -> int:
    """The size of a turn in hexsides, the shorter way round (0-3)."""
    turn %= 6
    return min(turn, 6 - turn)


def _pivot_only_problem(mover: Mover, size: Size, turn: int) -> str:
    """DW-11.4 / DW-11.6 / DW-28.4 / DW-28.5: a turn in place instead of moving."""
    sides = _hexsides(turn)
    if mover.nav_lock:
        return "With its navigation locked it cannot turn."
    if mover.turning is TurnLimit.FREE or mover.land:
        return ""  # DW-11.4: 360 movers rotate freely; land models rotate up to 360 or 180
    big = size >= Size.LARGE
    if mover.bow_contacts and sides <= (3 if big else 1):
        return ""  # DW-28.5: getting free, 1 hexside (Large or Massive up to 3)
    if mover.all_stop and mover.manoeuvrable and sides <= 1:
        return ""  # DW-11.6 / DW-28.4: Manoeuvrable at All Stop
    return "It cannot turn without moving."


def _reverse_problem(mover: Mover, steps: tuple[Step, ...]) -> str:
    """DW-11.6 / DW-28.4: a reverse is the whole move, one hex straight back.

    DW-12.7: a model whose bow is in contact at the start of its activation may reverse instead
    of turning away, with no direction arrow (its only way out under a Navigation Lock).
    """
    getting_free = bool(mover.bow_contacts) and mover.can_reverse
    if any(s.kind is StepKind.BACK for s in steps) and not (
        mover.reversing or mover.min_hexes == 0 or getting_free
    ):
        return "It must put a direction arrow down (after All Stop) before it can reverse."
    if mover.reversing and steps != (Step(0, StepKind.BACK),):
        return "Under a direction arrow its whole move is one hex straight back."
    if len(steps) > 1 or steps[0].turn:
        return "A reverse is one hex straight back, with no turn."
    return ""


def _turn_problem(mover: Mover, index: int, since: int, turn: int) -> str:  # noqa: PLR0911
    """DW-11.3 / DW-11.4 / DW-28.4: may the step at ``index`` (or the pivot) turn ``turn``?"""
    if mover.nav_lock:
        return "With its navigation locked it cannot turn."
    if mover.straight_only:
        return "It declared a straight move (Streamlined Hull) and cannot turn."
    if mover.turning is TurnLimit.FREE:
        return ""
    if abs(turn) > 1:
        return "It can turn only one hexside at a time."
    if index < mover.min_hexes and not mover.sharp_turn:
        return f"It must move its first {_hexes(mover.min_hexes)} straight ahead."
    # The first turn comes early for a 0" land/air model with no minimum, and with Sharp Turn.
    early = index == 0 and (
        mover.sharp_turn or (mover.turning is TurnLimit.ZERO and mover.min_hexes == 0)
    )
    if since < mover.turning.k and not early:
        return f"It needs {_hexes(mover.turning.k)} straight ahead between turns."
    return ""


def path_problem(mover: Mover, size: Size, steps: tuple[Step, ...]) -> str:  # noqa: PLR0911 - a guard per rule
    """DW-11 / DW-28.4: why this path breaks the card's movement rules, or "".

    ``size`` is the model's size class (rotation in place). Board facts (terrain, other pieces,
    the edge) are `walk`'s. One guard per rule, in order.
    """
    forward = sum(1 for s in steps if s.kind is StepKind.FORWARD)
    if mover.immovable and steps:
        return "It cannot move or turn."
    if any(s.kind is StepKind.PIVOT for s in steps[:-1]):
        return "A pivot can only end a move."
    # DW-11.6: All Stop: no move (a Manoeuvrable model may turn one hexside).
    if mover.all_stop and (forward or any(s.kind is StepKind.BACK for s in steps)):
        return "It is at All Stop and cannot move this activation."
    if mover.reversing or any(s.kind is StepKind.BACK for s in steps):
        return _reverse_problem(mover, steps)
    if not forward:
        if not steps:
            # DW-11.3: a model with a minimum must move it (All Stop aside).
            if mover.min_hexes and not mover.all_stop:
                return f"It must move at least {_hexes(mover.min_hexes)}."
            return ""
        return _pivot_only_problem(mover, size, sum(s.turn for s in steps))
    if forward > mover.mp:
        return f"It can move only {_hexes(mover.mp)} this activation."
    if forward < mover.min_hexes:
        return f"It must move at least {_hexes(mover.min_hexes)}."
    return _turns_problem(mover, steps)


def _turns_problem(mover: Mover, steps: tuple[Step, ...]) -> str:
    """DW-28.4: every turn of a moving path, with ``since`` counted as the digest defines it."""
    last_turn: int | None = None
    for index, step in enumerate(steps):
        if step.turn == 0:
            continue
        if step.kind is StepKind.PIVOT and steps[index - 1].turn and mover.turning.k:
            return "It cannot pivot after a step that carried a turn."
        since = index if last_turn is None else index - last_turn
        why = _turn_problem(mover, index, since, step.turn)
        if why:
            return why
        last_turn = index
    return ""


def snaking_turns(mover: Mover, steps: tuple[Step, ...]) -> tuple[int, ...]:
    """DW-11.5 / DW-28.4: the steps whose turn calls for the size test because it is snaking.

    For land/air models with K = 1: each time two consecutive steps both turn, the opposite way,
    counts a reversal; after more than two, every further turn needs the DW-13.3 test.
    """
    if not mover.turning.snakes:
        return ()
    reversals = 0
    tests = []
    for index, step in enumerate(steps):
        if not step.turn:
            continue
        if reversals > 2:  # noqa: PLR2004 - "more than twice"
            tests.append(index)
        before = steps[index - 1].turn if index else 0
        if before and (before > 0) != (step.turn > 0):
            reversals += 1
    return tuple(tests)


# ---- contacts (DW-12, DW-28.5) ----------------------------------------------------------------


class ContactKind(enum.StrEnum):
    """DW-12.3 / DW-28.5: what a contact is (the damage is rolled after the squadron moves)."""

    RAM = "ram"
    COLLISION = "collision"
    TERRAIN = "terrain"


@frozen
class Contact:
    """DW-28.5: a contact recorded by the walk: ``(mover, other, mover_side)`` and its kind."""

    kind: ContactKind
    hex: Hex
    """The other piece's hex, or the terrain hex."""
    other: int | None = None
    """The other piece's index (None for terrain)."""
    bow: bool = False
    """The mover touched with its bow (a forward step); its stern on a reverse step."""
    both: bool = False
    """DW-12.2: a reverse into the other's bow: both suffer a collision."""
    dice: int = 0
    """Terrain contacts: the terrain's dice against the mover (DW-13.1)."""


def contact_kind(ram_rating: int, *, forward: bool, enemy: bool) -> ContactKind:
    """DW-12.3 / DW-28.5: a ram needs RR >= 1, a bow (forward) contact and an enemy.

    The 45-degree condition is the forward step itself on hexes: a bow always meets the hexside
    it steps through head-on.
    """
    if ram_rating >= 1 and forward and enemy:
        return ContactKind.RAM
    return ContactKind.COLLISION


# ---- the walk on the board (DW-28.4, DW-28.5) -------------------------------------------------


@frozen
class Walk:
    """What a path does on the board: every fact the caller needs to roll and resolve."""

    hexes: tuple[Hex, ...]
    """The hexes the model stood in, the start first and the end last (extra steps included)."""
    facing: Facing
    steps: int
    """Hexes moved under its own MP (forward or back); extra clearing steps not counted."""
    contact: Contact | None = None
    """The contact that stopped it (DW-12.2), if any."""
    lost: bool = False
    """DW-11.1 / DW-28.4: it stepped off the board and is lost."""
    treacherous_test: bool = False
    """DW-13.3 / DW-28.4: the size test must be rolled before moving (more than half MP through
    treacherous terrain)."""
    snaking_tests: tuple[int, ...] = ()
    """DW-11.5: the steps whose turns need a size test (see `snaking_turns`)."""
    extra: int = 0
    """DW-11.8 / DW-28.4: steps straight ahead a flyer or submerged token took to end clear."""
    placements: tuple[Hex, ...] = ()
    """When the clearing steps run off the board: the nearest free hexes, the owner's choice."""
    displaced: tuple[int, ...] = ()
    """DW-11.10: pieces (other levels) under the end hex, to move aside (`free_placements`)."""

    @property
    def end(self) -> Hex:
        """Where the model ends (before any choice among ``placements``)."""
        return self.hexes[-1]


def _passes_through(level: Level, other: Piece) -> bool:
    """DW-11.1 / DW-12.1: pieces at different levels, and tokens, pass over or under each other."""
    if other.token:
        return True
    surfaced = other.level is Level.SURFACE
    return level is not Level.SURFACE or not surfaced


def _step_into(
    board: Board,
    index: int,
    mover: Mover,
    here: Hex,
    there: Hex,
    *,
    forward: bool,
    rams: frozenset[Hex],
) -> tuple[bool, Contact | None]:
    """DW-28.5 / DW-28.9: whether one step from ``here`` into ``there`` happens, and any contact.

    Returns ``(entered, contact)``.
    """
    piece = board.pieces[index]
    mode = mover.mode(piece.level)
    rule = entry_rule(board.terrain[there].kind, mode)
    if rule.entry is Entry.BLOCKED:
        return False, Contact(ContactKind.TERRAIN, there, bow=forward, dice=rule.dice)
    other_index = board.index_at(there)
    if other_index is not None and other_index != index:
        other = board.pieces[other_index]
        same_level = other.level is piece.level and not other.token
        declared = there in rams and same_level and piece.is_enemy_of(other)
        if declared and piece.level is not Level.SURFACE and forward:
            # DW-12.1 / DW-28.5: a declared ram between flyers or submerged tokens (RR 0: a
            # collision); the rammer stops in the hex before.
            kind = contact_kind(mover.ram_rating, forward=True, enemy=True)
            return False, Contact(kind, there, other_index, bow=True)
        if not _passes_through(piece.level, other):
            kind = contact_kind(mover.ram_rating, forward=forward, enemy=piece.is_enemy_of(other))
            both = not forward and other.hex.neighbor(other.facing) == here
            return False, Contact(kind, there, other_index, bow=forward, both=both)
    if rule.entry is Entry.COLLIDE:
        return True, Contact(ContactKind.TERRAIN, there, bow=forward, dice=rule.dice)
    return True, None


def _treacherous(board: Board, mode: Mode, hexes: tuple[Hex, ...]) -> bool:
    return any(treacherous_for(board.terrain[h].kind, mode) for h in hexes if h in board.terrain)


def treacherous_stop(board: Board, walked: Walk, *, land: bool, level: Level) -> Hex:
    """DW-28.4: on a failed treacherous test, where the model stops: its first treacherous hex.

    The start hex counts (moving out of treacherous terrain). Take the terrain's dice there.
    """
    mode = mode_for(level, land=land)
    for where in walked.hexes:
        if treacherous_for(board.terrain[where].kind, mode):
            return where
    return walked.hexes[0]


def _can_end(board: Board, index: int, where: Hex, mode: Mode, *, collided: bool = False) -> bool:
    """DW-28.5: a piece can end in a free hex it could enter (or in the one it collided in)."""
    other = board.index_at(where)
    if other is not None and other != index:
        return False
    cell = board.terrain.cell(where)
    if cell is None:
        return False
    entry = entry_rule(cell.kind, mode).entry
    return entry is Entry.ENTER or (collided and entry is Entry.COLLIDE)


def free_placements(board: Board, index: int, where: Hex, mode: Mode) -> tuple[Hex, ...]:
    """DW-11.10 / DW-28.4 / DW-28.5: the nearest hexes to ``where`` piece ``index`` may end in.

    The least-disruption rule: every free on-board hex at the smallest distance (ties are the
    owner's choice), in the kernel's ring order. Empty when the board has no room.
    """
    radius = 1
    limit = board.terrain.width + board.terrain.height
    while radius <= limit:
        found = tuple(h for h in where.ring(radius) if _can_end(board, index, h, mode))
        if found:
            return found
        radius += 1
    return ()


def _clear(
    board: Board, index: int, end: Hex, facing: Facing, mode: Mode
) -> tuple[int, tuple[Hex, ...]]:
    """DW-11.8 / DW-28.4: a flyer or submerged token's extra steps straight ahead to a free hex.

    Returns the extra steps and, when they would run off the board, the nearest free hexes to
    ``end`` instead (the owner picks one).
    """
    extra = 0
    where = end
    while not _can_end(board, index, where, mode, collided=where == end):
        where = where.neighbor(facing)
        if not board.terrain.on_board(where):
            return 0, free_placements(board, index, end, mode)
        extra += 1
    return extra, ()


def _planned_hexes(board: Board, piece: Piece, steps: tuple[Step, ...]) -> tuple[Hex, ...]:
    """DW-28.4: the hexes the path plans to cross, the start included (before any contact)."""
    here, facing = piece.hex, piece.facing
    hexes = [here]
    for step in steps:
        facing = facing.turn(step.turn)
        if step.kind is StepKind.PIVOT:
            break
        here = here.neighbor(facing if step.kind is StepKind.FORWARD else facing.opposite)
        if not board.terrain.on_board(here):
            break
        hexes.append(here)
    return tuple(hexes)


def walk_problem(board: Board, index: int, mover: Mover, steps: tuple[Step, ...]) -> str:
    """DW-12.2 / DW-28.5: a bow in recorded contact may not step forward into that hex, or ""."""
    piece = board.pieces[index]
    here, facing = piece.hex, piece.facing
    for step in steps:
        facing = facing.turn(step.turn)
        if step.kind is not StepKind.FORWARD:
            return ""
        there = here.neighbor(facing)
        if here == piece.hex and there in mover.bow_contacts:
            return "Its bow is against that model: it must turn away or reverse first."
        here = there
    return ""


def walk(
    board: Board,
    index: int,
    mover: Mover,
    steps: tuple[Step, ...],
    *,
    rams: frozenset[Hex] = frozenset(),
) -> Walk:
    """DW-28.4 / DW-28.5: run a path (already passed by `path_problem`) for piece ``index``.

    Args:
        board: The terrain and the pieces (the mover among them, at its start).
        index: The mover's index in ``board.pieces``.
        mover: Its movement facts.
        steps: The path.
        rams: Hexes of enemies at its own level it declares a ram on (flyers and submerged
            tokens only: DW-12.1).
    """
    piece = board.pieces[index]
    mode = mover.mode(piece.level)
    here, facing = piece.hex, piece.facing
    hexes = [here]
    moved = 0
    contact: Contact | None = None
    lost = False
    for step in steps:
        facing = facing.turn(step.turn)
        if step.kind is StepKind.PIVOT:
            break
        forward = step.kind is StepKind.FORWARD
        there = here.neighbor(facing if forward else facing.opposite)
        if not board.terrain.on_board(there):
            lost = True  # DW-11.1: a model that leaves the table is lost
            break
        entered, contact = _step_into(board, index, mover, here, there, forward=forward, rams=rams)
        if entered:
            here = there
            hexes.append(here)
            moved += 1
        if contact is not None:
            break  # DW-12.2: contact stops it at once, minimum move or not
    planned = sum(1 for s in steps if s.kind is not StepKind.PIVOT)
    test = (
        not mover.hull_breaker
        and more_than_half(planned, mover.mp)
        and _treacherous(board, mode, _planned_hexes(board, piece, steps))
    )
    extra: int = 0
    placements: tuple[Hex, ...] = ()
    displaced: tuple[int, ...] = ()
    if not lost and piece.level is not Level.SURFACE:
        extra, placements = _clear(board, index, here, facing, mode)
        for _ in range(extra):
            hexes.append(hexes[-1].neighbor(facing))
    elif not lost:
        # DW-11.10: whatever lies under a surface model's end hex is moved aside.
        under = board.index_at(here)
        displaced = (under,) if under is not None and under != index else ()
    return Walk(
        hexes=tuple(hexes),
        facing=facing,
        steps=moved,
        contact=contact,
        lost=lost,
        treacherous_test=test,
        snaking_tests=snaking_turns(mover, steps),
        extra=extra,
        placements=placements,
        displaced=displaced,
    )


# ---- markers: stop, restart, reverse (DW-11.6, DW-28.4) ---------------------------------------


class MarkerAction(enum.StrEnum):
    """DW-11.6: the marker changes a model may make in its activation."""

    STOP = "stop"
    """After moving (before firing): place All Stop."""
    RESTART = "restart"
    """Its only movement: remove All Stop (it moves normally from the next turn)."""
    START_REVERSING = "start reversing"
    """Remove All Stop and place a direction arrow (next turn: one hex back)."""
    STOP_REVERSING = "stop reversing"
    """Replace the arrow with All Stop instead of moving back."""


def marker_problem(mover: Mover, action: MarkerAction) -> str:  # noqa: PLR0911 - a guard per rule
    """DW-11.6 / DW-28.4: why the model cannot make this marker change, or "".

    The move itself is checked by `path_problem`: at All Stop the path is empty (or a
    Manoeuvrable pivot); under an arrow it is one hex back; stopping the reverse moves nothing.
    """
    if action is MarkerAction.STOP:
        if not mover.can_stop:
            return "It cannot stop: it must stay in motion."
        if mover.min_hexes == 0:
            return "It has no minimum move: it stops by not moving."
        if mover.all_stop or mover.reversing:
            return "It is already stopped or reversing."
        return ""
    if action is MarkerAction.STOP_REVERSING:
        return "" if mover.reversing else "It is not reversing."
    if not mover.all_stop:
        return "It is not at All Stop."
    if action is MarkerAction.START_REVERSING and not mover.can_reverse:
        return "It cannot reverse."
    return ""


def level_problem(
    wanted: Level, *, flyer: bool, diver: bool, on_fire: bool = False, nav_lock: bool = False
) -> str:
    """DW-11.8 / DW-11.9: why the model cannot move at ``wanted`` this activation, or "".

    Declared before it moves and kept for the whole activation: a flyer flies or goes obscured
    (not while on fire), a diving model moves on the surface or submerged (not with a
    Navigation Lock, DW-16.2 result 9), any other model stays on the surface.
    """
    if wanted.airborne != flyer:
        return "Only flyers move in the air." if wanted.airborne else "A flyer stays in the air."
    if wanted is Level.OBSCURED and on_fire:
        return "A model on fire cannot fly high in the clouds."
    if wanted is Level.SUBMERGED and not diver:
        return "Only diving models can submerge."
    if wanted is Level.SUBMERGED and nav_lock:  # DW-16.2 result 9
        return "A model with a Navigation Lock cannot submerge."
    return ""


# ---- displacement: pushes and the Sturginium Flare (DW-28.5) ----------------------------------


def push_hexes(target: Piece, attacker: Hex) -> tuple[Hex, ...]:
    """DW-24 Hard Impact / DW-28.5: where a push moves the target, 1 hex directly away.

    The target's neighbours farthest from the attacker; on a tie those in the target's aft
    sector; if still more than one, every candidate (the defender chooses).
    """
    around = target.hex.neighbors()
    far = max(attacker.distance(h) for h in around)
    best = tuple(h for h in around if attacker.distance(h) == far)
    aft = tuple(h for h in best if Sector.A in sectors_of(target.hex, target.facing, h))
    return aft or best


class FlareDirection(enum.StrEnum):
    """DW-16.2 / DW-28.5: the Sturginium Flare's D6 direction from the model."""

    BOW = "bow"
    PORT = "port"
    STARBOARD = "starboard"
    STERN = "stern"


def flare_direction(face: int) -> FlareDirection:
    """DW-16.2: 1-2 bow, 3 port, 4 starboard, 5-6 stern."""
    if face <= 2:  # noqa: PLR2004 - the table
        return FlareDirection.BOW
    if face == 3:  # noqa: PLR2004
        return FlareDirection.PORT
    if face == 4:  # noqa: PLR2004
        return FlareDirection.STARBOARD
    return FlareDirection.STERN


def flare_path(
    start: Hex, facing: Facing, direction: FlareDirection, distance: int
) -> tuple[Hex, ...]:
    """DW-28.5: the hexes a Flare moves a model through (``distance`` = 2D6 // 2), facing kept.

    Bow and stern run straight ahead or back; a beam runs along its spine, alternating the two
    hexsides either side of it, the one nearer the bow first (kernel: port is counter-clockwise).
    """
    turns: tuple[int, ...]
    if direction is FlareDirection.BOW:
        turns = (0,)
    elif direction is FlareDirection.STERN:
        turns = (3,)
    elif direction is FlareDirection.PORT:
        turns = (-1, -2)
    else:
        turns = (1, 2)
    hexes = []
    here = start
    for i in range(distance):
        here = here.neighbor(facing.turn(turns[i % len(turns)]))
        hexes.append(here)
    return tuple(hexes)


@frozen
class Displacement:
    """DW-28.5: where a displaced piece ends, and what it hit on the way."""

    end: Hex
    contact: Contact | None = None
    """A collision with a piece at its level (DW-28.5), or terrain it could not enter."""
    destroyed: bool = False
    """The path ran off the board, or into impassable terrain (the Flare destroys it)."""


def displace(
    board: Board, index: int, hexes: tuple[Hex, ...], *, land: bool, amphibious: bool = False
) -> Displacement:
    """DW-28.5: move piece ``index`` through ``hexes`` step by step (a Flare, a push, a drift).

    Entering a hex occupied at its own level is a collision; stepping off the board or into
    terrain it cannot enter destroys it (the Flare's rule; for a push or a drift the caller may
    read ``destroyed`` as a contact with the terrain instead). It passes over or under pieces at
    other levels (DW-12.1) but may not end on one (one piece per hex at every level, DW-11.8,
    DW-11.10, DW-28.5): wherever it stops, it ends in the last free hex of its way, its start
    hex if none ahead was free.
    """
    piece = board.pieces[index]
    mode = mode_for(piece.level, land=land, amphibious=amphibious)
    end = piece.hex  # the last free hex of its way so far
    for there in hexes:
        cell = board.terrain.cell(there)
        if cell is None:
            return Displacement(end, destroyed=True)
        rule = entry_rule(cell.kind, mode)
        if rule.entry is Entry.BLOCKED:
            contact = Contact(ContactKind.TERRAIN, there, dice=rule.dice)
            return Displacement(end, contact, destroyed=True)
        other = board.index_at(there)
        if (
            other is not None
            and other != index
            and not _passes_through(piece.level, board.pieces[other])
        ):
            return Displacement(end, Contact(ContactKind.COLLISION, there, other))
        if other is not None and other != index and board.pieces[other].level is piece.level:
            return Displacement(end, Contact(ContactKind.COLLISION, there, other))
        if other in (None, index):
            end = there  # DW-12.1: it only passes over or under a piece at another level
        if rule.entry is Entry.COLLIDE:
            return Displacement(end, Contact(ContactKind.TERRAIN, there, dice=rule.dice))
    return Displacement(end)


def snaking_dice(board: Board, where: Hex, level: Level) -> int:
    """DW-11.5 / DW-28.4: a failed snaking test is a collision: Soft 4D6 on water, else 8D6."""
    cell = board.terrain.cell(where)
    on_water = cell is not None and cell.kind is TerrainKind.WATER
    return 4 if on_water and not level.airborne else 8


# ---- every legal move, as a search (for overlays and bots) ------------------------------------


def _pivots(mover: Mover) -> tuple[int, ...]:
    return (-2, -1, 1, 2, 3) if mover.turning is TurnLimit.FREE else (-1, 1)


def _in_place() -> list[tuple[Step, ...]]:
    """Paths with no forward step: stay, pivot in place, or one hex back."""
    paths: list[tuple[Step, ...]] = [()]
    paths.extend((Step(t, StepKind.PIVOT),) for t in (-2, -1, 1, 2, 3))
    paths.append((Step(0, StepKind.BACK),))
    return paths


_Node = tuple[Hex, Facing, tuple[Step, ...]]


@frozen
class _Search:
    """DW-28.4: the breadth-first search behind `reachable`."""

    board: Board
    index: int
    mover: Mover
    size: Size
    found: dict[tuple[Hex, Facing], tuple[Step, ...]]
    seen: set[tuple[Hex, Facing | None, int, int, bool]]

    def offer(self, path: tuple[Step, ...]) -> None:
        """Keep ``path`` if it is legal and ends clear (the first, shortest, path per end)."""
        board, index, mover = self.board, self.index, self.mover
        if path_problem(mover, self.size, path) or walk_problem(board, index, mover, path):
            return
        done = walk(board, index, mover, path)
        if done.contact is None and not done.lost and not done.extra and not done.placements:
            self.found.setdefault((done.end, done.facing), path)

    def expand(self, node: _Node, depth: int) -> list[_Node]:
        """The nodes one forward step on from ``node``, each offered with its pivots."""
        here, facing, path = node
        free = self.mover.turning is TurnLimit.FREE
        out = []
        for turn in (-2, -1, 0, 1, 2, 3) if free else (-1, 0, 1):
            step_path = (*path, Step(turn))
            if turn and _turns_problem(self.mover, step_path):
                continue
            heading = facing.turn(turn)
            there = here.neighbor(heading)
            if not self.board.terrain.on_board(there):
                continue
            entered, contact = _step_into(
                self.board, self.index, self.mover, here, there, forward=True, rams=frozenset()
            )
            if not entered or contact is not None:
                continue
            # A state reached in fewer steps dominates the same state reached later (more MP
            # left), so the step count enters the key only until the minimum is met; a free
            # mover can face anywhere next, so its heading does not enter it either.
            last = max((i for i, s in enumerate(step_path) if s.turn), default=None)
            since = depth + 1 - (last if last is not None else 0)
            key = (
                there,
                None if free else heading,
                min(depth + 1, self.mover.min_hexes),
                min(since, self.mover.turning.k),
                turn != 0 and not free,
            )
            if key in self.seen:
                continue
            self.seen.add(key)
            out.append((there, heading, step_path))
            self.offer(step_path)
            for pivot in (-2, -1, 1, 2, 3) if free else (-1, 1):
                self.offer((*step_path, Step(pivot, StepKind.PIVOT)))
        return out


def reachable(
    board: Board, index: int, mover: Mover, size: Size
) -> dict[tuple[Hex, Facing], tuple[Step, ...]]:
    """DW-28.4: every end (hex, facing) a legal move can reach without contact, and a path to it.

    A breadth-first search, so each path is one of the fewest steps. Every path returned passes
    `path_problem` and `walk_problem`, and `walk` ends it where the key says with no contact and
    no loss (a flyer or submerged token only where it can end without extra steps). Rams and
    collisions are chosen by giving the path explicitly.
    """
    search = _Search(board, index, mover, size, {}, set())
    for path in _in_place():
        search.offer(path)
    piece = board.pieces[index]
    frontier: list[_Node] = [(piece.hex, piece.facing, ())]
    for depth in range(mover.mp):
        frontier = [node for parent in frontier for node in search.expand(parent, depth)]
    return search.found


def _hexes(count: int) -> str:
    return f"{count} hex" if count == 1 else f"{count} hexes"
