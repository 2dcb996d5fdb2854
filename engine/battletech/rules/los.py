"""Line of sight and firing arcs (BT-C-4..11, BT-C-21): pure geometry on a `BTState`.

Heights are LOS heights (BT-C-5): a standing 'Mech stands one level above the ground it stands on
(the water bottom in water, the deck on a bridge), a prone one at that ground; a hex's top is its
level plus its woods (2) or building height; water counts at its surface.

Directions are exact: a hex's bearing from another is classified with the integer cross product
of axial coordinates (the axial basis is a linear map of the plane with a positive determinant,
so the sign of ``q1*r2 - r1*q2`` is the sign of the true cross product), never with floats.
"""

from __future__ import annotations

import enum
import functools
from typing import NamedTuple

from attrs import frozen

from engine.battletech.board import Board, Terrain, Woods
from engine.battletech.designs.mech import Location, Mounted
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.state import BTState, UnitState
from engine.battletech.tables import HIT_LOCATION, Column
from engine.hexes import Facing, Hex

__all__ = [
    "Arc",
    "Sight",
    "arcs_of",
    "attack_side",
    "hex_height",
    "in_arc",
    "line_of_sight",
    "mount_arcs",
    "mount_facing",
    "submerged",
    "unit_height",
]


class Arc(enum.StrEnum):
    """BT-C-10: the four firing arcs."""

    FRONT = "front"
    LEFT = "left"
    RIGHT = "right"
    REAR = "rear"


@frozen
class Sight:
    """The line of sight from an attacker to a target (BT-C-4..9).

    Attributes:
        clear: True when the attacker can see (and so attack) the target.
        reason: why not, in words with hexes ("heavy woods in 0605 and 0606"); "" when clear.
        hexes: the hexes on the line between them (never the two ends), in order from the
            attacker, with every defender's choice made (BT-C-4 item 4).
        choices: the defender's-choice pairs met on the way; the chosen hex of each is in
            ``hexes`` (the one worse for the attacker, BT-C-4 IMPL).
        light_woods: intervening light-woods hexes (BT-C-7).
        heavy_woods: intervening heavy-woods hexes.
        partial_cover: the target has partial cover (BT-C-8, BT-C-9 depth 1).
        modifiers: the to-hit terms the line and the two ends' terrain give, named
            (("intervening light woods", 1), ("target in heavy woods", 2),
            ("partial cover", 3), ("target in depth 1 water", -1), ("attacker in water", 1)).
        attacker_cover: the attacker itself has partial cover towards the target (a covering hex
            next to it on the line, or Depth 1 water round its legs): its leg-mounted weapons
            cannot fire (BT-C-8 last item).
    """

    clear: bool
    reason: str = ""
    hexes: tuple[Hex, ...] = ()
    choices: tuple[tuple[Hex, Hex], ...] = ()
    light_woods: int = 0
    heavy_woods: int = 0
    partial_cover: bool = False
    modifiers: tuple[tuple[str, int], ...] = ()
    attacker_cover: bool = False


# ---------------------------------------------------------------------------------- heights


@functools.lru_cache(maxsize=4096)
def _label(where: Hex) -> str:
    try:
        return where.label
    except ValueError:
        return f"({where.q}, {where.r})"


def _depth(unit: UnitState, terrain: Terrain) -> int:
    """Water depth round the unit's feet (0 on a bridge deck or out of water)."""
    if terrain.water is None or unit.standing_on_bridge(terrain):
        return 0
    return terrain.water


def _ground(unit: UnitState, terrain: Terrain) -> int:
    """BT-M-22: the level a unit stands on: the water bottom in water, the deck on a bridge."""
    if unit.standing_on_bridge(terrain) and terrain.bridge is not None:
        return terrain.level + terrain.bridge.height
    return terrain.bottom


def unit_height(state: BTState, index: int) -> int:
    """BT-C-5: the LOS height of unit ``index`` (which must be on the map).

    A standing 'Mech is its ground + 1, a prone one its ground. DESIGN (BT-C-43): a 'Mech that
    declared a death from above is airborne one level above the higher of its hex and its
    target's hex, so its LOS height is that level + 1 (its own height, as when standing).
    """
    unit = state.units[index]
    assert unit.hex is not None  # noqa: S101 - callers check on_map
    terrain = state.board.terrain(unit.hex)
    if unit.this_turn.dfa is not None:
        other = state.units[unit.this_turn.dfa].hex
        level = terrain.level
        if other is not None:
            level = max(level, state.board.terrain(other).level)
        return level + 2
    ground = _ground(unit, terrain)
    if not unit.is_mech:
        return ground + _elevation(unit)  # BT-M-22: one level tall; a VTOL flies higher
    return ground if unit.mech.prone else ground + 1


def _elevation(unit: UnitState) -> int:
    """BT-M-37.3: a VTOL's elevation above its hex (0 for every other unit)."""
    return unit.body.elevation if isinstance(unit.body, VehicleBody) else 0


def _low(unit: UnitState) -> bool:
    """BT-M-22: one level tall: a prone 'Mech, a vehicle, a platoon or a battle armor squad."""
    return not unit.is_mech or unit.mech.prone


def hex_height(terrain: Terrain) -> int:
    """BT-C-5: the top of a hex: its level (water: the surface) + woods 2 or building height."""
    return terrain.level + terrain.height


def _cover_height(terrain: Terrain) -> int:
    """BT-C-8: the height a hex covers up to: hill and building, never woods."""
    return terrain.level + (terrain.building.height if terrain.building is not None else 0)


def submerged(state: BTState, index: int) -> int:
    """BT-C-9 / BT-C-90.10: the water depth that hides unit ``index`` (0 when it is not under).

    A standing 'Mech in Depth 2+ or a prone 'Mech in Depth 1+ is under water: no LOS to or from
    it. A 'Mech airborne in a death from above is never under.
    """
    unit = state.units[index]
    if unit.hex is None or unit.this_turn.dfa is not None:
        return 0
    if _elevation(unit) > 0:
        return 0  # a VTOL in flight
    depth = _depth(unit, state.board.terrain(unit.hex))
    if depth >= 2 or (_low(unit) and depth >= 1):  # noqa: PLR2004 - BT-C-9
        return depth
    return 0


# ---------------------------------------------------------------------------------- the line

_ORIGIN = Hex(0, 0)


@functools.lru_cache(maxsize=8192)
def _shape(dq: int, dr: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """The hexes between the origin and (dq, dr), step by step, the two ends left out.

    Each step holds one candidate, or two where the line runs along a hexside: (q, r, its
    distance from the start less its distance from the end).

    A line drawn between two hexes is the line drawn from the origin, moved: `hexes.line_pair`
    lerps with the start's coordinates scaled by the whole denominator, so they never change the
    rounding. So one shape serves every pair of hexes the same distance and direction apart.
    """
    if dq < 0 or (dq == 0 and dr < 0):
        # The line back is the line there, reversed and moved (`hexes.line_pair`): draw one.
        return tuple(
            tuple((q + dq, r + dr, -nearer) for q, r, nearer in step)
            for step in reversed(_shape(-dq, -dr))
        )
    steps: list[tuple[tuple[int, int, int], ...]] = []
    for (q, r), minus in _origin_line(dq, dr)[1:-1]:
        eq, er = q - dq, r - dr
        plus = (q, r, (abs(q) + abs(r) + abs(q + r) - abs(eq) - abs(er) - abs(eq + er)) // 2)
        if minus == (q, r):
            steps.append((plus,))
            continue
        mq, mr = minus
        eq, er = mq - dq, mr - dr
        nearer = (abs(mq) + abs(mr) + abs(mq + mr) - abs(eq) - abs(er) - abs(eq + er)) // 2
        steps.append((plus, (mq, mr, nearer)))
    return tuple(steps)


def _distance(dq: int, dr: int) -> int:
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _origin_line(dq: int, dr: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """`hexes.line_pair` from the origin to (dq, dr), both variants at once, as (q, r) pairs.

    The same integer arithmetic (the nudge (1, 2, -3) / (8 n) and Red Blob's cube rounding),
    written out for one start: the shapes of a new game's lines are drawn on its first turns.
    """
    n = _distance(dq, dr)
    if n == 0:
        return [((0, 0), (0, 0))]
    ds = -dq - dr
    den = 8 * n
    twice = 2 * den
    points = []
    for i in range(n + 1):
        base_q, base_r, base_s = 8 * dq * i, 8 * dr * i, 8 * ds * i
        both = []
        for sign in (1, -1):
            pq, pr, ps = base_q + sign, base_r + 2 * sign, base_s - 3 * sign
            q, r, s = (2 * pq + den) // twice, (2 * pr + den) // twice, (2 * ps + den) // twice
            if q + r + s != 0:
                q_err, r_err, s_err = abs(pq - q * den), abs(pr - r * den), abs(ps - s * den)
                if q_err > r_err and q_err > s_err:
                    q = -r - s
                elif r_err > s_err:
                    r = -q - s
            both.append((q, r))
        points.append((both[0], both[1]))
    return points


@frozen
class _Cell:
    """What a line of sight reads of one hex (BT-C-5..8), precomputed once per board."""

    level: int
    top: int
    """`hex_height`: the level plus woods or building height."""
    building: bool
    woods: int
    cover: int
    """`_cover_height`: hill and building, never woods (BT-C-8)."""
    water: bool


def _cell(terrain: Terrain) -> _Cell:
    return _Cell(
        terrain.level,
        hex_height(terrain),
        terrain.building is not None,
        int(terrain.woods),
        _cover_height(terrain),
        terrain.water is not None,
    )


def _cells(board: Board) -> tuple[_Cell, ...]:
    """Every hex's `_Cell`, in the order of ``board.hexes`` (memoised on the board)."""
    return board.per_hex("los", _cell)


_GROUND, _BUILDING = 1, 2
"""Why a hex blocks: its ground (or water surface), or its building (BT-C-6)."""


class _Effect(NamedTuple):
    """What one candidate hex of the line does: blocks, or adds woods weight."""

    where: Hex
    block: int
    """0, or `_GROUND` / `_BUILDING`."""
    woods: int
    """BT-C-7: light woods weigh 1, heavy 2 (3 blocks); 0 when the line passes over them."""
    cell: _Cell | None
    """None: off the map."""


def _block_words(effect: _Effect) -> str:
    where = _label(effect.where)
    cell = effect.cell
    assert cell is not None  # noqa: S101 - only a hex on the map blocks
    if effect.block == _BUILDING:
        return f"a building in {where}"
    return f"level {cell.level} {'water' if cell.water else 'ground'} in {where}"


def _woods_words(effects: list[_Effect]) -> str:
    light = [_label(e.where) for e in effects if e.woods == 1]  # Woods.LIGHT
    heavy = [_label(e.where) for e in effects if e.woods == 2]  # noqa: PLR2004 - Woods.HEAVY
    parts = []
    if heavy:
        parts.append(f"heavy woods in {_and(heavy)}")
    if light:
        parts.append(f"light woods in {_and(light)}")
    return " and ".join(parts)


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


@frozen
class _Target:
    """The target end of a line: its hex, LOS height, and what its own hex gives it."""

    hex: Hex
    height: int
    standing: bool = False
    """A standing 'Mech (only it can have partial cover, BT-C-8)."""
    modifiers: tuple[tuple[str, int], ...] = ()
    """Its own hex's terms: woods, Depth 1 water (BT-C-15, BT-C-9)."""
    water_cover: bool = False


def _target_end(state: BTState, target: int | Hex) -> _Target | str:
    """The target end of a line, or why nothing can see it."""
    if isinstance(target, Hex):
        terrain = state.board.get(target)
        if terrain is None:
            return f"{_label(target)} is off the map"
        # DESIGN: aimed at where a standing 'Mech would be, or at a building's top.
        return _Target(target, terrain.level + max(_cover_height(terrain) - terrain.level, 1))
    unit = state.units[target]
    if not unit.on_map or unit.hex is None:
        return f"the {unit.name} is not on the map"
    # BT-C-9 / BT-C-90.10: nothing sees into deep water.
    if depth := submerged(state, target):
        return f"the {unit.name} is under water (depth {depth})"
    height = unit_height(state, target)
    if unit.this_turn.dfa is not None:
        return _Target(unit.hex, height)  # airborne: no terrain of its own (BT-C-43)
    terrain = state.board.terrain(unit.hex)
    modifiers: list[tuple[str, int]] = []
    if terrain.woods:
        modifiers.append(
            (f"target in {Woods(terrain.woods).name.lower()} woods", int(terrain.woods))
        )
    water = not _low(unit) and _depth(unit, terrain) == 1
    if water:
        modifiers.append(("target in depth 1 water", -1))
    if _elevation(unit) > 0:  # a VTOL in flight is above its hex's woods (BT-M-37.3, DESIGN)
        modifiers = []
    return _Target(unit.hex, height, not _low(unit), tuple(modifiers), water)


def line_of_sight(state: BTState, attacker: int, target: int | Hex) -> Sight:
    """BT-C-4..9: the line of sight from unit ``attacker`` to a unit or a hex.

    Adjacent units always see each other (BT-C-4 item 6); units in the way never matter
    (item 7); Depth 2+ water and prone 'Mechs in Depth 1+ block (BT-C-9). A unit that declared
    a DFA is airborne one level above the higher of its hex and the target's (BT-C-43).

    A hex target (clearing woods, starting a fire: BT-C-57/60) is seen one level above its
    ground, where a standing 'Mech in it would be, or at the top of its building (DESIGN); it
    never has cover, and its own terrain adds nothing (BT-C-18.3).
    """
    board = state.board
    shooter = state.units[attacker]
    if not shooter.on_map or shooter.hex is None:
        return Sight(clear=False, reason=f"the {shooter.name} is not on the map")
    # BT-C-9 / BT-C-90.10: nothing sees out of deep water.
    if depth := submerged(state, attacker):
        return Sight(clear=False, reason=f"the {shooter.name} is under water (depth {depth})")
    end = _target_end(state, target)
    if isinstance(end, str):
        return Sight(clear=False, reason=end)
    source = shooter.hex
    if end.hex == source:
        return Sight(clear=False, reason="the target is in the attacker's own hex (BT-C-2)")
    height = unit_height(state, attacker)
    line = _line(board, source, end, height)
    in_water = shooter.this_turn.dfa is None and _depth(shooter, board.terrain(source)) >= 1
    light, heavy = line.light, line.heavy
    common = {
        "hexes": line.hexes,
        "choices": line.choices,
        "light_woods": light,
        "heavy_woods": heavy,
        "attacker_cover": _self_cover(state, shooter, height, end.height, line.first),
    }
    # Adjacent units have no hex between them: they always see each other (BT-C-4 item 6).
    if line.blocked:
        return Sight(clear=False, reason=line.blocked, **common)  # type: ignore[arg-type]
    cover = end.water_cover or line.cover
    terms: list[tuple[str, int]] = []
    if light:
        terms.append(("intervening light woods", light))
    if heavy:
        terms.append(("intervening heavy woods", 2 * heavy))
    terms += end.modifiers
    if cover:
        terms.append(("partial cover", 3))
    if in_water:
        terms.append(("attacker in water", 1))  # BT-C-9 / BT-C-15
    return Sight(
        clear=True,
        partial_cover=cover,
        modifiers=tuple(terms),
        **common,  # type: ignore[arg-type]
    )


def _self_cover(
    state: BTState, shooter: UnitState, height: int, target_height: int, first: _Cell | None
) -> bool:
    """BT-C-8 last item: the attacker's own partial cover (its leg weapons cannot fire).

    DESIGN: Depth 1 water round a standing attacker's legs covers them too (BT-C-9).
    """
    if shooter.this_turn.dfa is not None or _low(shooter) or shooter.hex is None:
        return False
    if _depth(shooter, state.board.terrain(shooter.hex)) == 1:
        return True
    if target_height > height:
        return False
    return first is not None and first.cover == height


class _Line(NamedTuple):
    """What the hexes between the two ends of a line of sight do, every choice made."""

    hexes: tuple[Hex, ...]
    choices: tuple[tuple[Hex, Hex], ...]
    light: int
    heavy: int
    blocked: str
    """Why the hexes block the line (ground, buildings, or woods of weight 3); "" when clear."""
    cover: bool
    """A hex next to the target gives it partial cover (BT-C-8)."""
    first: _Cell | None
    """The first hex after the attacker (its own partial cover), None: none, or off the map."""


_MEMO_SIZE = 1024
"""Lines remembered per board (about 1 KB each); the memo starts again when full. A phase of
16 units asks at most 240 (each unit to each other one)."""


def _line(board: Board, source: Hex, end: _Target, height: int) -> _Line:
    """`_trace` and `_directed`, remembered on the board: the same ends, the same line.

    Within a phase every unit's fire options ask the same lines again after each declaration;
    and a line and the line back share every hex's effect (`_trace`), so one serves both.
    """
    memo: dict[tuple[int, ...], _Line] | None = board.derived.get("sight")
    if memo is None:
        memo = board.derived["sight"] = {}
    target = end.hex
    key = (source.q, source.r, target.q, target.r, height, end.height, end.standing)
    found = memo.get(key)
    if found is None:
        cores: dict[tuple[int, ...], _Core] | None = board.derived.get("cores")
        if cores is None:
            cores = board.derived["cores"] = {}
        if len(memo) >= _MEMO_SIZE:
            memo.clear()
            cores.clear()
        forward = (source.q, source.r) < (target.q, target.r)
        if forward:
            ends = (source.q, source.r, height, target.q, target.r, end.height)
        else:
            ends = (target.q, target.r, end.height, source.q, source.r, height)
        core = cores.get(ends)
        if core is None:
            a, b = (source, target) if forward else (target, source)
            core = cores[ends] = _trace(board, a, ends[2], b, ends[5])
        found = memo[key] = _directed(core, end, height, forward=forward)
    return found


class _Core(NamedTuple):
    """The hexes between two ends and what each does (no partial cover yet), from end ``a``."""

    chosen: tuple[_Effect, ...]
    """Each step's hex, every defender's choice made: blocking, then heavier woods (BT-C-4)."""
    choices: tuple[tuple[Hex, Hex], ...]
    first: tuple[_Effect, ...]
    """The candidates of the first step (its hexes on the map, or both when neither is)."""
    last: tuple[_Effect, ...]
    """The candidates of the last step."""


def _directed(core: _Core, end: _Target, height: int, *, forward: bool) -> _Line:
    """The line from the attacker (LOS height ``height``) to ``end``, from the shared core.

    BT-C-8: a hex next to the target as high as a standing target gives it partial cover when
    the attacker is not above the target; when nothing blocks, a defender's choice in that last
    step goes to the covering hex first (+3 beats any open woods total, at most 2).
    """
    chosen = list(core.chosen) if forward else list(reversed(core.chosen))
    choices = core.choices if forward else tuple(reversed(core.choices))
    final = core.last if forward else core.first
    cover_at = end.height if end.standing and height <= end.height else None

    def covers(effect: _Effect) -> bool:
        return not effect.block and effect.cell is not None and effect.cell.cover == cover_at

    light, heavy = _weights(chosen)
    blocked = ""
    if blocks := [_block_words(e) for e in chosen if e.block]:
        blocked = _and(blocks)
    elif light + 2 * heavy >= 3:  # noqa: PLR2004 - BT-C-7: weight 3 blocks
        blocked = _woods_words(chosen)
    elif len(final) == 2 and final[0].cell is not None and final[1].cell is not None:  # noqa: PLR2004
        first, second = final
        if (covers(second), second.woods) > (covers(first), first.woods):
            chosen[-1] = second
        else:
            chosen[-1] = first
        light, heavy = _weights(chosen)
    return _Line(
        hexes=tuple(e.where for e in chosen),
        choices=choices,
        light=light,
        heavy=heavy,
        blocked=blocked,
        cover=bool(chosen) and covers(chosen[-1]),
        first=chosen[0].cell if chosen else None,
    )


def _places(board: Board) -> tuple[Hex, ...]:
    """Every hex of the board, in the order of ``board.hexes`` (shared by boards of a size)."""
    return _grid(board.width, board.height)


@functools.lru_cache(maxsize=8)
def _grid(width: int, height: int) -> tuple[Hex, ...]:
    return tuple(Hex.from_offset(col, row) for col in range(width) for row in range(height))


def _trace(  # noqa: C901, PLR0915 - the hot loop of line_of_sight, kept flat
    board: Board, source: Hex, height: int, target: Hex, target_height: int
) -> _Core:
    """BT-C-4..7: what the hexes between ``source`` and ``target`` (at those LOS heights) do.

    A hex intervenes at a height (BT-C-6 [AMBIG], the digest's per-hex rule with the dead-zone
    test, steps 3-4) when it rises above both ends, or above the lower end and nearer the
    higher end than the difference in height allows: with a = h - low and b = high - h, when
    2 (a - b) + (its distance to the higher end - its distance to the lower end) > 0. That
    does not depend on which end looks at which, and neither do the defender's choices
    (BT-C-4 item 4 / IMPL): the hex worse for the attacker, blocking then heavier woods, the
    first of two equally bad ones, a hex off the map never. Partial cover is `_directed`'s.
    """
    cells = _cells(board)
    places = _places(board)
    width, rows = board.width, board.height
    sq, sr = source.q, source.r
    shape = _shape(target.q - sq, target.r - sr)
    low, high = min(height, target_height), max(height, target_height)
    upper = 1 if height >= target_height else -1  # distance to the higher end first
    chosen: list[_Effect] = []
    choices: list[tuple[Hex, Hex]] = []
    ends: list[tuple[_Effect, ...]] = []  # the candidates of the first and the last step
    plain, wooded = _plain(board)
    twice = 2 * (low + high)
    last = len(shape) - 1

    def effect_at(dq: int, dr: int, nearer: int) -> _Effect:
        q, r = sq + dq, sr + dr
        row = r + (q - (q & 1)) // 2
        if not (0 <= q < width and 0 <= row < rows):
            return _Effect(Hex(q, r), 0, 0, None)
        at = q * rows + row
        cell = cells[at]
        top = cell.top
        if top <= low:
            return plain[at]  # below both ends: ground, woods and building
        bias = upper * nearer - twice
        level = cell.level
        if level > low and (level > high or 4 * level + bias > 0):
            return _Effect(places[at], _GROUND, 0, cell)
        if cell.building and top > low and (top > high or 4 * top + bias > 0):
            return _Effect(places[at], _BUILDING, 0, cell)
        if cell.woods and level + 2 > low and (level + 2 > high or 4 * level + 8 + bias > 0):
            return wooded[at]
        return plain[at]

    for i, step in enumerate(shape):
        if len(step) == 1:
            dq, dr, nearer = step[0]
            q, r = sq + dq, sr + dr
            row = r + (q - (q & 1)) // 2
            if 0 <= q < width and 0 <= row < rows:
                at = q * rows + row
                # The common case, inlined: a hex below both ends.
                effect = plain[at] if cells[at].top <= low else effect_at(dq, dr, nearer)
            else:
                effect = effect_at(dq, dr, nearer)
            chosen.append(effect)
            if i in {0, last}:
                ends.append((effect,))
            continue
        (dq, dr, nearer), (dq2, dr2, nearer2) = step
        first = effect_at(dq, dr, nearer)
        second = effect_at(dq2, dr2, nearer2)
        choices.append((first.where, second.where))
        if i in {0, last}:
            # A hex off the map is never the defender's choice (both are, when neither is on).
            if first.cell is None and second.cell is not None:
                ends.append((second,))
            elif second.cell is None and first.cell is not None:
                ends.append((first,))
            else:
                ends.append((first, second))
        if second.cell is not None and (
            first.cell is None or (second.block > 0, second.woods) > (first.block > 0, first.woods)
        ):
            chosen.append(second)
        else:
            chosen.append(first)
    return _Core(tuple(chosen), tuple(choices), ends[0] if ends else (), ends[-1] if ends else ())


def _weights(chosen: list[_Effect]) -> tuple[int, int]:
    """How many light and heavy woods hexes the line passes through (BT-C-7)."""
    light = heavy = 0
    for effect in chosen:
        if effect.woods == 1:  # Woods.LIGHT, as a plain int: a hot loop
            light += 1
        elif effect.woods == 2:  # noqa: PLR2004 - Woods.HEAVY
            heavy += 1
    return light, heavy


def _plain(board: Board) -> tuple[tuple[_Effect, ...], tuple[_Effect, ...]]:
    """Every hex's effect on a line passing above it, and through its woods (memoised)."""
    found: tuple[tuple[_Effect, ...], tuple[_Effect, ...]] | None = board.derived.get("plain")
    if found is None:
        pairs = list(zip(_places(board), _cells(board), strict=True))
        found = board.derived["plain"] = (
            tuple(_Effect(where, 0, 0, cell) for where, cell in pairs),
            tuple(_Effect(where, 0, cell.woods, cell) for where, cell in pairs),
        )
    return found


# ---------------------------------------------------------------------------------- arcs


def _cross(a: Hex, b: Hex) -> int:
    """The sign-exact cross product of two axial vectors (positive: ``b`` is clockwise of ``a``).

    Screen y grows southwards, so clockwise on the map is a positive cross product.
    """
    return a.q * b.r - a.r * b.q


_N, _NE, _SE, _S, _SW, _NW = (f.delta for f in Facing)


def arcs_of(origin: Hex, facing: Facing, target: Hex) -> frozenset[Arc]:
    """BT-C-10: the arcs of a unit at ``origin`` facing ``facing`` that hold ``target``.

    Hexes on the 60/300 degree boundary rows are in both the front and the side arc; the
    120/240 degree rows are in the side arcs only (the rear arc is exclusive). The unit's own
    hex is in no arc.
    """
    v = (target - origin).rotate(-int(facing))
    if v.q == 0 and v.r == 0:
        return frozenset()
    arcs = set()
    # Front: from the 300-degree row (NW) clockwise to the 60-degree row (NE), both included.
    if _cross(_NW, v) >= 0 and _cross(_NE, v) <= 0:
        arcs.add(Arc.FRONT)
    # Right: 60..120 degrees, both included.
    if _cross(_NE, v) >= 0 and _cross(_SE, v) <= 0:
        arcs.add(Arc.RIGHT)
    # Left: 240..300 degrees, both included.
    if _cross(_SW, v) >= 0 and _cross(_NW, v) <= 0:
        arcs.add(Arc.LEFT)
    # Rear: strictly between 120 and 240 degrees.
    if _cross(_SE, v) > 0 and _cross(_SW, v) < 0:
        arcs.add(Arc.REAR)
    return frozenset(arcs)


_ARMS = (Location.LA, Location.RA)
_UPPER = frozenset({Location.HD, Location.CT, Location.LT, Location.RT, *_ARMS})


def mount_facing(unit: UnitState, item: Mounted, *, twist: int | None = None) -> Facing:
    """BT-C-3/11: the facing the arcs of ``item`` turn with: the torso's, or the feet's for legs."""
    turn = unit.this_turn.twist if twist is None else twist
    return unit.facing.turn(turn) if item.location in _UPPER else unit.facing


def mount_arcs(unit: UnitState, item: Mounted, *, flipped: bool | None = None) -> frozenset[Arc]:
    """BT-C-10/11/62: the arcs ``item`` of ``unit`` fires into, relative to `mount_facing`.

    That is relative to the torso (twisted or not) for upper-body mounts, and to the feet for
    leg mounts. Front mounts fire into the front arc, the left arm also into the left arc, the
    right arm into the right; rear mounts (R) into the rear arc only; flipped arms into the rear
    arc only (``flipped`` defaults to the unit's ``arms_flipped``).
    """
    flip = unit.this_turn.arms_flipped if flipped is None else flipped
    if item.location in _ARMS and flip:
        return frozenset({Arc.REAR})
    if item.rear:
        return frozenset({Arc.REAR})
    if item.location is Location.LA:
        return frozenset({Arc.FRONT, Arc.LEFT})
    if item.location is Location.RA:
        return frozenset({Arc.FRONT, Arc.RIGHT})
    return frozenset({Arc.FRONT})


def in_arc(
    unit: UnitState,
    item: Mounted,
    target: Hex,
    *,
    twist: int | None = None,
    flipped: bool | None = None,
) -> bool:
    """BT-C-10/11: can ``item`` of ``unit`` fire at ``target`` as far as arcs go?"""
    assert unit.hex is not None  # noqa: S101 - a unit on the map
    facing = mount_facing(unit, item, twist=0 if flipped else twist)
    return bool(mount_arcs(unit, item, flipped=flipped) & arcs_of(unit.hex, facing, target))


# ---------------------------------------------------------------------------------- sides

# The vertex directions of BT-C-21 (bearings 90, 150, 210, 270 from the target's facing N)
# and the columns on each side of them, clockwise.
_VERTICES: tuple[tuple[Hex, Column, Column], ...] = (
    (Hex(2, -1), Column.FRONT, Column.RIGHT),
    (Hex(1, 1), Column.RIGHT, Column.REAR),
    (Hex(-1, 2), Column.REAR, Column.LEFT),
    (Hex(-2, 1), Column.LEFT, Column.FRONT),
)

_ROLL_ODDS = (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
"""Ways to roll 2 .. 12 on 2D6 (of 36)."""


def _protection(unit: UnitState, column: Column) -> int:
    """The armor and structure a hit in ``column`` finds, summed over the 36 rolls of 2D6."""
    total = 0
    for odds, location in zip(_ROLL_ODDS, HIT_LOCATION[column], strict=True):
        rear = column is Column.REAR and location.has_rear
        total += odds * (unit.mech.armor_at(location, rear=rear) + unit.mech.internal_at(location))
    return total


def _best_for(unit: UnitState, columns: tuple[Column, Column]) -> Column:
    """DESIGN (BT-C-21 automatic play): the column whose hits find the most armor and structure.

    Ties go to the first of FRONT, RIGHT, LEFT, REAR.
    """
    order = (Column.FRONT, Column.RIGHT, Column.LEFT, Column.REAR)
    return max(columns, key=lambda c: (_protection(unit, c), -order.index(c)))


def attack_side(state: BTState, origin: Hex, target: int) -> tuple[Column, bool]:
    """BT-C-21: the column an attack from ``origin`` strikes ``target`` on.

    Returns (column, chosen): ``chosen`` is True when the line met a vertex and the defender
    chose (the column best for the defender: the one whose hit locations hold the most armor
    and structure, DESIGN). A prone 'Mech faces where its head points (its ``facing``); a
    standing one its feet (the torso twist does not count).

    The bearing from the target to the attacker, clockwise from the target's facing: front
    from 270 to 90 degrees, right 90-150, rear 150-210, left 210-270; exactly 90, 150, 210 or
    270 degrees is a vertex.
    """
    unit = state.units[target]
    if unit.hex is None or unit.hex == origin:
        return Column.FRONT, False
    if not unit.is_mech:
        # BT-C-21 for vehicles: `kindfire.attack_side` (the vehicle's own vertices); infantry and
        # battle armor have no sides (BT-C-35): the front.
        return Column.FRONT, False
    v = (origin - unit.hex).rotate(-int(unit.facing))
    for vertex, before, after in _VERTICES:
        if _cross(vertex, v) == 0 and (vertex.q > 0) == (v.q > 0):
            return _best_for(unit, (before, after)), True
    for (start, _, column), (end, _, _) in zip(
        _VERTICES, (*_VERTICES[1:], _VERTICES[0]), strict=True
    ):
        if _cross(start, v) > 0 and _cross(end, v) < 0 and column is not Column.FRONT:
            return column, False
    return Column.FRONT, False
