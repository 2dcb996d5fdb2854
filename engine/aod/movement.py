"""Age of Destruction movement on the hex board: allowance, path checks and reachable hexes.

Rules: AOD-8.1 (speed, free facing at the end), AOD-8.2 (path restrictions), AOD-8.3 (the order
of speed changes), AOD-8.6 (speed modes), AOD-8.9 (VTOL altitudes), AOD-19.2..19.7 (terrain),
AOD-26.4 (occupancy and the squeeze rule) and AOD-26.7 (movement on hexes).

A step into an adjacent hex costs 1 and a VTOL's altitude change costs 2, in place (AOD-26.7).
`check_path` names the first illegal step of a plotted path; `reachable` is a search over
(hex, altitude, stopped) with those costs (a bucket queue: costs are small integers), giving every
hex the unit may end its move in and the least allowance it needs. Break-away is a roll for the
order to make first (`engine.aod.geometry.must_break_away`); Jump Jets, movement formations and
captive pairs come later.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from attrs import frozen

from engine.aod.geometry import Battlefield, Occupant, mode_terrain
from engine.aod.terrain import HexTerrain, TerrainMap, TerrainType
from engine.aod.units import SpeedMode, UnitType
from engine.hexes import Facing, Hex

__all__ = [
    "ALTITUDE_COST",
    "Altitude",
    "allowance",
    "check_path",
    "forced_descent_hexes",
    "reachable",
    "reachable_states",
    "starts_hindered",
]

ALTITUDE_COST = 2
"""AOD-8.9 / AOD-26.7: a VTOL changes altitude for 2" of movement, in place."""
VTOL_FIRING_SPEED = 13
"""AOD-8.9: a VTOL with speed 13 or more may fire during a Move order."""


class Altitude(enum.StrEnum):
    """AOD-8.9: a VTOL's altitude; every other unit is at NOE (ground) level."""

    NOE = "noe"
    CRUISING = "cruising"


def _half_up(value: int) -> int:
    return -(-value // 2)  # AOD-1: halves round up


def allowance(
    speed: int,
    *,
    run: bool = False,
    loading: bool = False,
    assault_ranged: bool = False,
    vtol_firing: bool = False,
    hindering_start: bool = False,
) -> int:
    """AOD-8.3 / AOD-26.7: the hexes a Move order may cover, from the modified ``speed``.

    Applied in the digest's order: run x2; loading or unloading spends half (rounded up); the
    Assault order's ranged variant halves (rounded up); a firing VTOL moves ``speed - 12``; a
    start in hindering-for-mode terrain halves what is left, rounded up, last of all.
    """
    value = max(speed, 0)
    if run:
        value *= 2
    if loading:
        value -= _half_up(value)
    if assault_ranged:
        value = _half_up(value)
    if vtol_firing:
        value = value - 12 if value >= VTOL_FIRING_SPEED else 0
    if hindering_start:
        value = _half_up(value)
    return value


def starts_hindered(field: Battlefield, index: int) -> bool:
    """AOD-19.2 / AOD-26.7: the unit's own hex is hindering for its mode (half speed this turn)."""
    unit = field.units[index]
    return not unit.cruising and _for_mode(field.terrain[unit.hex], unit) is TerrainType.HINDERING


def _for_mode(terrain: HexTerrain, unit: Occupant) -> TerrainType:
    return mode_terrain(terrain, unit.mode)


@frozen
class _Mover:
    """What every step of one unit's move reads."""

    field: Battlefield
    index: int
    unit: Occupant
    hindered: bool
    """It started in hindering-for-mode terrain: hindering hexes do not stop it."""
    tramples: bool
    """AOD-8.2 / AOD-8.6: a 'Mech-mode unit or Quad passes through infantry bases."""

    @classmethod
    def of(cls, field: Battlefield, index: int) -> _Mover:
        unit = field.units[index]
        tramples = unit.mode in {SpeedMode.MECH, SpeedMode.QUAD}
        return cls(field, index, unit, starts_hindered(field, index), tramples)

    def other_at(self, where: Hex) -> Occupant | None:
        found = self.field.index_at(where)
        return None if found is None or found == self.index else self.field.units[found]

    def in_the_way(self, other: Occupant | None) -> bool:
        """AOD-26.4 squeeze rule: ``other`` narrows a gap (infantry do not, for 'Mechs)."""
        if other is None or other.cruising:
            return False
        return not (self.tramples and other.kind is UnitType.INFANTRY)


def _step_problem(  # noqa: PLR0911 - one guard per rule
    mover: _Mover, here: Hex, cruising: bool, facing: Facing
) -> tuple[str, bool]:
    """Whether the step from ``here`` across hexside ``facing`` is legal, and whether it stops.

    Returns (why it is illegal or "", the move must end in the new hex).
    """
    there = here.neighbor(facing)
    terrain = mover.field.terrain
    to = terrain.get(there)
    if to is None:
        return "it leaves the board (AOD-26.3)", False
    if cruising:  # AOD-8.9: terrain does not affect it; AOD-25 #31: it may pass over units
        return "", False
    other = mover.other_at(there)
    if _for_mode(to, mover.unit) is TerrainType.BLOCKING:
        return (
            f"{there.label} is blocking terrain for {mover.unit.mode} units (AOD-8.2, 8.6)",
            False,
        )
    if other is not None and not (mover.tramples and other.kind is UnitType.INFANTRY):
        return f"{there.label} holds another unit's base (AOD-8.2)", False
    left, right = here.neighbor(facing.turn(-1)), here.neighbor(facing.turn(1))
    if mover.in_the_way(mover.other_at(left)) and mover.in_the_way(mover.other_at(right)):
        return f"it squeezes between the units at {left.label} and {right.label} (AOD-26.4)", False
    frm = terrain[here]
    if frm.elevated != to.elevated:
        abrupt = frm if frm.elevated else to
        side = facing if frm.elevated else facing.opposite
        if abrupt.abrupt and side not in abrupt.access:
            return (
                "abrupt terrain is entered or left only through an access point (AOD-19.7)",
                False,
            )
        return "", True  # AOD-19.6: climbing or descending ends the move
    stops = not mover.hindered and _for_mode(to, mover.unit) is TerrainType.HINDERING
    return "", stops  # AOD-19.2: a unit that started outside hindering stops on entering it


def _end_problem(mover: _Mover, where: Hex, cruising: bool) -> str:
    """AOD-19.3 / AOD-26.7: why the move may not end in ``where`` at that altitude, or ""."""
    if mover.other_at(where) is not None:
        return f"{where.label} holds another unit (AOD-26.4: one unit per hex)"
    terrain = mover.field.terrain[where]
    if terrain.type is TerrainType.BLOCKING:
        return f"{where.label} is blocking terrain (AOD-19.3)"
    if not cruising and _for_mode(terrain, mover.unit) is TerrainType.BLOCKING:
        return f"{where.label} is blocking terrain for {mover.unit.mode} units (AOD-8.6)"
    return ""


def _altitude_problem(mover: _Mover, where: Hex, cruising: bool) -> str:
    """AOD-8.9: why the VTOL may not change altitude in ``where``, or ""."""
    if mover.unit.mode is not SpeedMode.VTOL:
        return "only a VTOL changes altitude (AOD-8.9)"
    if cruising:  # descending: the hex must be legal at NOE
        return _end_problem(mover, where, cruising=False)
    return ""


def check_path(
    field: Battlefield, index: int, path: Sequence[Hex | Altitude], budget: int
) -> str | None:
    """AOD-8.2 / AOD-26.7: why unit ``index`` may not move along ``path``, or None if it may.

    ``path`` lists the hexes entered, in order (the start hex left out), with an `Altitude` where
    a VTOL climbs to cruising or descends to NOE; ``budget`` is the `allowance`.
    """
    mover = _Mover.of(field, index)
    here, cruising, spent, stopped = mover.unit.hex, mover.unit.cruising, 0, False
    for number, item in enumerate(path, start=1):
        if stopped:
            return f"step {number}: the move ended on entering {here.label} (AOD-19.2, 19.6)"
        if isinstance(item, Altitude):
            why = _altitude_problem(mover, here, cruising)
            if not why and (item is Altitude.CRUISING) == cruising:
                why = f"it is already at {item} altitude"
            cost, where = ALTITUDE_COST, here
        else:
            facing = here.direction_to(item)
            if facing is None or here.distance(item) != 1:
                return f"step {number}: {item!r} is not next to {here!r}"
            why, stopped = _step_problem(mover, here, cruising, facing)
            cost, where = 1, item
        if why:
            return f"step {number}: {why}"
        spent += cost
        if spent > budget:
            return f"step {number}: the move needs {spent} and the allowance is {budget} (AOD-8.1)"
        here = where
        if isinstance(item, Altitude):
            cruising = item is Altitude.CRUISING
    why = _end_problem(mover, here, cruising)
    return f"the move may not end there: {why}" if why else None


_CLASS = {TerrainType.CLEAR: 0, TerrainType.HINDERING: 1, TerrainType.BLOCKING: 2}
_LEFT = (5, 0, 1, 2, 3, 4)
_RIGHT = (1, 2, 3, 4, 5, 0)


def _mode_classes(board: TerrainMap, mode: SpeedMode) -> tuple[int, ...]:
    """AOD-8.6: each cell as the mode sees it: 0 clear, 1 hindering, 2 blocking (cached)."""
    key = ("aod.movement.mode", mode)
    classes: tuple[int, ...] | None = board.derived.get(key)
    if classes is None:
        terrain = board.grid().terrain
        classes = board.derived[key] = tuple(_CLASS[mode_terrain(t, mode)] for t in terrain)
    return classes


def _board_cells(board: TerrainMap) -> tuple[tuple[bool, ...], tuple[int, ...], tuple[bool, ...]]:
    """Per cell: elevated; abrupt access hexsides as a bitmask (-1: not abrupt); blocking.

    Cached on the map.
    """
    key = "aod.movement.cells"
    cells: tuple[tuple[bool, ...], tuple[int, ...], tuple[bool, ...]] | None
    cells = board.derived.get(key)
    if cells is None:
        terrain = board.grid().terrain
        elevated = tuple(t.elevated for t in terrain)
        access = tuple(
            sum(1 << int(side) for side in t.access) if t.abrupt else -1 for t in terrain
        )
        solid = tuple(t.type is TerrainType.BLOCKING for t in terrain)
        cells = board.derived[key] = (elevated, access, solid)
    return cells


@frozen
class _Walk:
    """One unit's search over numbered cells (`TerrainMap.grid`), with `check_path`'s rules.

    A state is ``cell * 4 + 2 * cruising + stopped``.
    """

    neighbours: tuple[tuple[int, ...], ...]
    classes: tuple[int, ...]
    """AOD-8.6: 0 clear, 1 hindering, 2 blocking for the mover's mode."""
    elevated: tuple[bool, ...]
    access: tuple[int, ...]
    solid: tuple[bool, ...]
    hindered: bool
    taken: frozenset[int]
    """AOD-26.4: cells of other units (no move ends there)."""
    in_path: frozenset[int]
    """AOD-8.2: bases the path may not cross."""
    narrow: frozenset[int]
    """AOD-26.4: bases that narrow a gap (the squeeze rule)."""
    vtol: bool
    """AOD-8.9: the mover may change altitude."""

    @classmethod
    def of(cls, field: Battlefield, index: int) -> _Walk:
        board = field.terrain
        grid = board.grid()
        unit = field.units[index]
        tramples = unit.mode in {SpeedMode.MECH, SpeedMode.QUAD}
        taken, in_path, narrow = set(), set(), set()
        for other_index, other in enumerate(field.units):
            if other_index == index:
                continue
            cell = grid.index[other.hex]
            taken.add(cell)
            if not (tramples and other.kind is UnitType.INFANTRY):
                in_path.add(cell)
                if not other.cruising:
                    narrow.add(cell)
        return cls(
            grid.neighbours,
            _mode_classes(board, unit.mode),
            *_board_cells(board),
            starts_hindered(field, index),
            frozenset(taken),
            frozenset(in_path),
            frozenset(narrow),
            unit.mode is SpeedMode.VTOL,
        )

    def steps(self, cell: int) -> list[int]:
        """AOD-26.7: the states one step from ``cell`` at ground level (NOE)."""
        around = self.neighbours[cell]
        classes, elevated, narrow = self.classes, self.elevated, self.narrow
        high = elevated[cell]
        nexts = []
        for facing in range(6):
            there = around[facing]
            if there < 0 or classes[there] == _BLOCKING or there in self.in_path:
                continue  # off the board, blocking for the mode, a base (AOD-8.2)
            if around[_LEFT[facing]] in narrow and around[_RIGHT[facing]] in narrow:
                continue  # AOD-26.4: a squeeze
            if high != elevated[there]:
                edge, side = (cell, facing) if high else (there, (facing + 3) % 6)
                if self.access[edge] >= 0 and not self.access[edge] >> side & 1:
                    continue  # AOD-19.7: abrupt, not an access hexside
                nexts.append(4 * there + 1)  # AOD-19.6: climbing or descending ends the move
            elif not self.hindered and classes[there] == _HINDERING:
                nexts.append(4 * there + 1)  # AOD-19.2: stop on entering
            else:
                nexts.append(4 * there)
        return nexts

    def moves(self, state: int, cost: int, budget: int) -> list[tuple[int, int]]:
        """AOD-26.7 / AOD-8.9: the states one step or one altitude change away, with costs."""
        cell, cruising = state >> 2, bool(state & 2)
        nexts: list[tuple[int, int]] = []
        if cost < budget:
            if cruising:  # AOD-8.9 / AOD-25 #31: over terrain and units
                nexts = [(4 * n + 2, cost + 1) for n in self.neighbours[cell] if n >= 0]
            else:
                nexts = [(new, cost + 1) for new in self.steps(cell)]
        climb = cost + ALTITUDE_COST
        if self.vtol and climb <= budget and (not cruising or self.may_end(cell, cruising=False)):
            nexts.append((4 * cell + (0 if cruising else 2), climb))  # AOD-8.9: in place
        return nexts

    def may_end(self, cell: int, *, cruising: bool) -> bool:
        """AOD-19.3 / AOD-26.7: the move (or a descent) may end in ``cell``."""
        if cell in self.taken or self.solid[cell]:
            return False
        return cruising or self.classes[cell] != _BLOCKING


_HINDERING = 1
_BLOCKING = 2


def reachable_states(
    field: Battlefield, index: int, budget: int
) -> dict[tuple[Hex, Altitude], int]:
    """AOD-26.7: every (hex, altitude) unit ``index`` may end its move in, with its least cost.

    The start is included at cost 0 (a Move order may only rotate, AOD-8.1). Costs are small
    integers, so a bucket queue settles each state once.
    """
    walk = _Walk.of(field, index)
    grid = field.terrain.grid()
    unit = field.units[index]
    never = budget + 1
    best = [never] * (4 * len(grid.hexes))
    start = 4 * grid.index[unit.hex] + (2 if unit.cruising else 0)
    best[start] = 0
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    for cost, bucket in enumerate(buckets):
        for state in bucket:
            if best[state] != cost or state & 1:
                continue  # settled cheaper already, or the move ended here
            for new, new_cost in walk.moves(state, cost, budget):
                if new_cost < best[new]:
                    best[new] = new_cost
                    buckets[new_cost].append(new)
    ends: dict[tuple[Hex, Altitude], int] = {}
    for state, cost in enumerate(best):
        cruising = bool(state & 2)
        if cost == never or not walk.may_end(state >> 2, cruising=cruising):
            continue
        key = (grid.hexes[state >> 2], Altitude.CRUISING if cruising else Altitude.NOE)
        ends[key] = min(cost, ends.get(key, never))
    return ends


def forced_descent_hexes(field: Battlefield, index: int) -> tuple[Hex, ...]:
    """AOD-8.9 / AOD-25 #21 / AOD-26.7: where a VTOL forced down to NOE may land.

    Its own hex if that is legal at NOE; else every nearest hex that is (free of cost; the owner
    chooses among ties). Empty only if no hex of the board is legal.
    """
    mover = _Mover.of(field, index)
    board = field.terrain
    here = mover.unit.hex
    for radius in range(max(board.width, board.height) * 2):
        found = tuple(
            sorted(
                where
                for where in here.ring(radius)
                if where in board and not _end_problem(mover, where, cruising=False)
            )
        )
        if found:
            return found
    return ()


def reachable(field: Battlefield, index: int, budget: int) -> dict[Hex, int]:
    """AOD-26.7: every hex unit ``index`` may end its move in, with the least allowance it needs."""
    costs: dict[Hex, int] = {}
    for (where, _), cost in reachable_states(field, index, budget).items():
        if cost < costs.get(where, budget + 1):
            costs[where] = cost
    return costs
