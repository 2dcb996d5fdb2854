"""Random BattleTech maps: seeded, deterministic and always crossable (BT-M-6..8, BT-M-22, BT-M-27).

`generate` builds a board in layers, all drawn from one `Dice` stream, so the same size, seed and
style give the same board on every machine:

1. Relief: hills (cones, ridges of cones, flat-topped mesas in the "hills" style) and a few
   sublevel dips, with a little noise on the slopes; levels stay within -1..3 (BT-M-7).
2. Water: a river from the north edge to the south edge, lakes or ponds; the surface is Level 0
   and the depth 1 or 2 (BT-M-8.5).
3. Settling: land is lowered until no two neighbours differ by more than one level (two in the
   hills style), and no bank stands more than two levels above the water bottom next to it. So a
   'Mech can walk between any two hexes (BT-M-22: at most 2 levels per hex).
4. A town (city style): flattened, its streets paved, buildings of all four classes (BT-M-8.9).
5. Roads from the west edge to the east edge (and north to south in a city), routed around steep
   climbs, with bridges where they cross water (BT-M-27, BT-M-28). Every exit is matched by the
   neighbour's exit back, or leaves the map.
6. Woods in clusters, heavy at the heart and ringed by light woods (BT-M-8.2/8.3), rough patches
   on the slopes (BT-M-8.4), a few farm buildings by the road, rubble in the city.
"""

from __future__ import annotations

import enum
import heapq
import itertools
from collections.abc import Iterable, Sequence
from typing import TypeVar

from attrs import frozen

from engine.battletech.board import Board, Bridge, Building, BuildingClass, Terrain, Woods
from engine.dice import Dice
from engine.hexes import Facing, Hex

__all__ = ["MapStyle", "generate"]

_T = TypeVar("_T")
_SHEET = 16 * 17  # hexes on a standard map sheet: recipe counts are per sheet
_MECH_STEP = 2  # BT-M-22: the most levels a 'Mech can climb or descend into one hex


class MapStyle(enum.StrEnum):
    """The kinds of random map `generate` can draw."""

    GRASSLAND = "grassland"
    FOREST = "forest"
    HILLS = "hills"
    RIVER = "river"
    CITY = "city"


@frozen
class _Recipe:
    """How much of each feature a style puts on a standard sheet."""

    peak: int
    hills: int
    steep: bool
    dips: int
    woods: int
    woods_size: int
    heavy: int
    """Percent chance that a hex at the heart of a woods cluster is heavy woods."""
    rough: int
    lakes: int
    lake_size: int
    river: int
    """0: none; 1: a stream (depth 1, a few pools); 2: a river (a deep channel, shallow banks)."""
    roads: int
    town: int
    """Radius of the town at the map's centre (0: no town)."""
    farms: int


_RECIPES = {
    MapStyle.GRASSLAND: _Recipe(
        peak=2, hills=4, steep=False, dips=1, woods=5, woods_size=2, heavy=30,
        rough=2, lakes=2, lake_size=1, river=0, roads=1, town=0, farms=2,
    ),
    MapStyle.FOREST: _Recipe(
        peak=2, hills=4, steep=False, dips=1, woods=9, woods_size=3, heavy=55,
        rough=1, lakes=0, lake_size=0, river=1, roads=1, town=0, farms=0,
    ),
    MapStyle.HILLS: _Recipe(
        peak=3, hills=7, steep=True, dips=2, woods=4, woods_size=2, heavy=40,
        rough=5, lakes=1, lake_size=1, river=0, roads=1, town=0, farms=1,
    ),
    MapStyle.RIVER: _Recipe(
        peak=2, hills=3, steep=False, dips=0, woods=4, woods_size=2, heavy=35,
        rough=2, lakes=0, lake_size=0, river=2, roads=1, town=0, farms=2,
    ),
    MapStyle.CITY: _Recipe(
        peak=1, hills=2, steep=False, dips=0, woods=2, woods_size=1, heavy=30,
        rough=0, lakes=1, lake_size=0, river=0, roads=2, town=4, farms=0,
    ),
}  # fmt: skip


def _between(dice: Dice, low: int, high: int) -> int:
    """Return a whole number from ``low`` to ``high``, both included."""
    return low + dice.die(high - low + 1) - 1


def _chance(dice: Dice, percent: int) -> bool:
    """Return True ``percent`` times in a hundred."""
    return dice.die(100) <= percent


def _pick(dice: Dice, items: Sequence[_T]) -> _T:
    """Return one of ``items``, each as likely."""
    return items[dice.die(len(items)) - 1]


class _Draft:
    """The map being drawn: one mutable layer per feature (private to one `generate` call)."""

    def __init__(self, width: int, height: int, dice: Dice, recipe: _Recipe) -> None:
        self.width, self.height, self.dice, self.recipe = width, height, dice, recipe
        self.positions = [Hex.from_offset(c, r) for c in range(width) for r in range(height)]
        self.level = dict.fromkeys(self.positions, 0)
        self.depth: dict[Hex, int] = {}
        self.woods: dict[Hex, Woods] = {}
        self.road: dict[Hex, int] = {}
        self.building: dict[Hex, Building] = {}
        self.town: set[Hex] = set()
        self.rough: set[Hex] = set()
        self.rubble: set[Hex] = set()
        self.pavement: set[Hex] = set()

    def count(self, per_sheet: int) -> int:
        """Scale a per-sheet count to this board's area (at least one if the recipe has any)."""
        if per_sheet <= 0:
            return 0
        area = self.width * self.height
        return max(1, (per_sheet * area + _SHEET // 2) // _SHEET)

    def near(self, where: Hex, radius: int) -> list[Hex]:
        """Hexes on the board within ``radius`` of ``where``."""
        return [h for h in where.spiral(radius) if h in self.level]

    def is_open(self, where: Hex) -> bool:
        """True for dry land with nothing built on it yet."""
        return (
            where not in self.depth
            and where not in self.road
            and where not in self.building
            and where not in self.pavement
        )

    def stand(self, where: Hex) -> int:
        """The level a unit on the road stands at: the ground, or a bridge deck on the water."""
        return 0 if where in self.depth else self.level[where]

    def board(self, name: str) -> Board:
        """The finished board."""
        return Board(self.width, self.height, tuple(map(self.terrain, self.positions)), name)

    def terrain(self, where: Hex) -> Terrain:
        depth = self.depth.get(where)
        exits = self.road.get(where, 0)
        bridge = Bridge(exits=exits) if depth is not None and exits else None
        return Terrain(
            level=self.level[where],
            woods=self.woods.get(where, Woods.NONE),
            water=depth,
            rough=where in self.rough,
            rubble=where in self.rubble,
            pavement=where in self.pavement,
            road=0 if bridge else exits,
            building=self.building.get(where),
            bridge=bridge,
        )


# ---------------------------------------------------------------- 1. relief


def _relief(draft: _Draft) -> None:
    """BT-M-7: hills, ridges and mesas up to the recipe's peak, and sublevel dips."""
    dice, recipe = draft.dice, draft.recipe
    for _ in range(draft.count(recipe.hills)):
        peak = _between(dice, 1, recipe.peak)
        mesa = recipe.steep and _chance(dice, 35)
        centre = _pick(dice, draft.positions)
        chain = [centre]
        if recipe.steep and not mesa:  # a ridge: a few cones in a row
            facing = Facing(dice.die(6) - 1)
            for _ in range(_between(dice, 1, 3)):
                chain.append(chain[-1].neighbor(facing).neighbor(facing.turn(dice.die(3) - 2)))
        run = 1 if mesa or _chance(dice, 50) else 2  # hexes per level on the slope
        top = _between(dice, int(mesa), 2)  # the flat top's radius
        for where in draft.positions:
            distance = min(where.distance(c) for c in chain)
            fall = max(0, distance - top)
            height = peak - (2 * fall if mesa else fall // run)
            draft.level[where] = max(draft.level[where], height)
    for where in draft.positions:  # ragged contours: nudge a few slope hexes up or down
        if draft.level[where] > 0 and _chance(dice, 15):
            nudged = draft.level[where] + _pick(dice, (-1, 1))
            draft.level[where] = max(0, min(recipe.peak, nudged))
    for _ in range(draft.count(recipe.dips)):
        for where in draft.near(_pick(dice, draft.positions), dice.die(2) - 1):
            if draft.level[where] == 0:
                draft.level[where] = -1


# ---------------------------------------------------------------- 2. water and 3. settling


def _river(draft: _Draft) -> None:
    """BT-M-8.5: a river or stream winding from the north edge to the south edge."""
    dice, kind = draft.dice, draft.recipe.river
    low, high = (1, draft.width - 2) if draft.width > 2 else (0, draft.width - 1)  # noqa: PLR2004
    here = Hex.from_offset(_between(dice, low, high), 0)
    drift = _pick(dice, (Facing.SE, Facing.SW))
    path = [here]
    while here.to_offset().row < draft.height - 1:
        if _chance(dice, 20):
            drift = Facing.SW if drift is Facing.SE else Facing.SE
        step = Facing.S if _chance(dice, 45) else drift
        ahead = here.neighbor(step)
        if not low <= ahead.to_offset().col <= high:
            ahead = here.neighbor(Facing.S)
        here = ahead
        path.append(here)
    for where in path:
        draft.depth[where] = 2 if kind > 1 or _chance(dice, 15) else 1
        if kind > 1 and _chance(dice, 65):  # shallow water on one bank
            bank = where.neighbor(_pick(dice, (Facing.NE, Facing.SE, Facing.SW, Facing.NW)))
            if bank in draft.level and bank not in draft.depth:
                draft.depth[bank] = 1


def _lakes(draft: _Draft) -> None:
    """BT-M-8.5: lakes, deep in the middle, shallow at the rim (which is a little ragged)."""
    dice = draft.dice
    for _ in range(draft.count(draft.recipe.lakes)):
        open_ground = [h for h in draft.positions if h not in draft.town]
        if not open_ground:  # a tiny map that is all town
            return
        centre = _pick(dice, open_ground)
        radius = _between(dice, 0, draft.recipe.lake_size)
        for where in draft.near(centre, radius):
            rim = where.distance(centre) == radius
            if where in draft.town or (rim and radius and _chance(dice, 30)):
                continue
            deep = not rim or (radius == 0 and _chance(dice, 50))
            draft.depth[where] = max(draft.depth.get(where, 0), 2 if deep else 1)


def _settle(draft: _Draft) -> None:
    """BT-M-22: make every hex reachable on foot by a 'Mech, lowering land only.

    Water has its surface at Level 0. Banks are raised to the surface (no water perched above
    dry ground), then land is lowered until neighbours differ by at most one level (two in the
    steep styles) and no bank rises more than two levels above a water bottom beside it.
    """
    for where in draft.depth:
        draft.level[where] = 0
        for bank in where.neighbors():
            if bank in draft.level and bank not in draft.depth:
                draft.level[bank] = max(draft.level[bank], 0)
    step = _MECH_STEP if draft.recipe.steep else 1
    changed = True
    while changed:
        changed = False
        for where in draft.positions:
            limit = _ceiling(draft, where, step)
            if limit < draft.level[where]:
                draft.level[where] = limit
                changed = True


def _ceiling(draft: _Draft, where: Hex, step: int) -> int:
    """The highest level a land hex may keep given its neighbours (water keeps its own)."""
    if where in draft.depth:
        return draft.level[where]
    limit = draft.level[where]
    for other in where.neighbors():
        if other in draft.depth:
            limit = min(limit, _MECH_STEP - draft.depth[other])
        elif other in draft.level:
            limit = min(limit, draft.level[other] + step)
    return limit


# ---------------------------------------------------------------- 4. town and 5. roads


def _reserve_town(draft: _Draft) -> Hex | None:
    """Pick the town's centre near the middle of the map and flatten the town to one level."""
    if not draft.recipe.town:
        return None
    dice = draft.dice
    col = draft.width // 2 + _between(dice, -1, 1)
    row = draft.height // 2 + _between(dice, -1, 1)
    centre = Hex.from_offset(max(0, min(draft.width - 1, col)), max(0, min(draft.height - 1, row)))
    radius = min(draft.recipe.town, (min(draft.width, draft.height) - 1) // 2)
    draft.town = set(draft.near(centre, radius))
    ground = min(0, *(draft.level[where] for where in draft.town))
    for where in draft.town:
        draft.level[where] = ground
    return centre


def _edge(draft: _Draft, facing: Facing) -> list[Hex]:
    """The hexes along the map edge that lies towards ``facing`` (SE: the east edge, ...)."""
    if facing in {Facing.NE, Facing.SE}:
        return [Hex.from_offset(draft.width - 1, r) for r in range(draft.height)]
    if facing in {Facing.NW, Facing.SW}:
        return [Hex.from_offset(0, r) for r in range(draft.height)]
    row = 0 if facing is Facing.N else draft.height - 1
    return [Hex.from_offset(c, row) for c in range(draft.width)]


def _route(
    draft: _Draft, starts: Iterable[Hex], goals: set[Hex], noise: dict[Hex, int]
) -> list[Hex]:
    """BT-M-27: the cheapest road from any start to any goal (Dijkstra).

    Climbs cost a lot and two-level climbs much more (ground vehicles manage one level,
    BT-M-22); water is crossed by a bridge at a price; existing road is cheap to reuse.
    """
    best = dict.fromkeys(starts, 0)
    came: dict[Hex, Hex] = {}
    queue = [(cost, where) for where, cost in best.items()]
    heapq.heapify(queue)
    while queue:
        cost, where = heapq.heappop(queue)
        if where in goals:
            path = [where]
            while path[-1] in came:
                path.append(came[path[-1]])
            return path[::-1]
        if cost > best[where]:
            continue
        for other in where.neighbors():
            if other not in draft.level or other in draft.building:
                continue
            climb = abs(draft.stand(other) - draft.stand(where))
            step = 1 if other in draft.road else 3 + noise[other] + 4 * climb + 12 * (climb > 1)
            step += 8 * (other in draft.depth and other not in draft.road)
            if cost + step < best.get(other, cost + step + 1):
                best[other], came[other] = cost + step, where
                heapq.heappush(queue, (cost + step, other))
    return []  # pragma: no cover - settling keeps every hex reachable


def _lay_road(draft: _Draft, path: list[Hex]) -> None:
    """Give each hex of the path an exit to the next one and the next one an exit back."""
    for here, there in itertools.pairwise(path):
        facing = here.direction_to(there)
        if facing is not None:
            draft.road[here] = draft.road.get(here, 0) | 1 << facing
            draft.road[there] = draft.road.get(there, 0) | 1 << facing.opposite


def _leave_map(draft: _Draft, end: Hex, outward: Facing) -> None:
    """Give a road's end hex an exit off the map edge that lies towards ``outward``."""
    facing = next(
        f
        for f in (outward, outward.turn(1), outward.turn(-1))
        if end.neighbor(f) not in draft.level
    )
    draft.road[end] = draft.road.get(end, 0) | 1 << facing


def _roads(draft: _Draft, centre: Hex | None) -> None:
    """BT-M-27/28: a road west to east (and north to south in a city), via the town if any."""
    noise = {where: draft.dice.die(4) - 1 for where in draft.positions}
    routes = [(Facing.NW, Facing.SE), (Facing.N, Facing.S)][: draft.recipe.roads]
    for entry, leave in routes:
        start, finish = _edge(draft, entry), set(_edge(draft, leave))
        if centre is None:
            path = _route(draft, start, finish, noise)
        else:
            path = _route(draft, start, {centre}, noise)
            _lay_road(draft, path)  # laid now so that the second half can follow it
            path = path[:-1] + _route(draft, [centre], finish, noise)
        _lay_road(draft, path)
        _leave_map(draft, path[0], entry)
        _leave_map(draft, path[-1], leave)


# ---------------------------------------------------------------- 6. woods, rough, buildings


def _buildings(draft: _Draft, centre: Hex | None) -> None:
    """BT-M-8.9: a town of all four classes around the centre, farms by the road elsewhere."""
    dice = draft.dice
    for where in sorted(draft.town):
        if where in draft.road:
            draft.pavement.add(where)
        elif where not in draft.depth and centre is not None:
            inner = where.distance(centre) <= 1
            if _chance(dice, 60):
                cls = BuildingClass(_between(dice, 2 if inner else 1, 4 if inner else 3))
                height = _between(dice, 1, int(cls))
                draft.building[where] = Building(cls, cls.default_cf, height)
            elif _chance(dice, 15):
                draft.rubble.add(where)
            else:
                draft.pavement.add(where)
    roadside = [h for h in sorted(draft.road) if h not in draft.town]
    for _ in range(draft.count(draft.recipe.farms) if roadside else 0):
        spot = _pick(dice, roadside).neighbor(Facing(dice.die(6) - 1))
        if spot in draft.level and draft.is_open(spot):
            cls = _pick(dice, (BuildingClass.LIGHT, BuildingClass.LIGHT, BuildingClass.MEDIUM))
            draft.building[spot] = Building(cls, cls.default_cf, 1)


def _woods(draft: _Draft) -> None:
    """BT-M-8.2/8.3: clusters of woods, heavy at the heart, always ringed by light woods."""
    dice, recipe = draft.dice, draft.recipe
    spots = [h for h in draft.positions if draft.is_open(h)]
    for _ in range(draft.count(recipe.woods) if spots else 0):
        centre = _pick(dice, spots)
        radius = _between(dice, 1, recipe.woods_size)
        for where in draft.near(centre, radius):
            if not draft.is_open(where) or (where.distance(centre) == radius and _chance(dice, 40)):
                continue
            heavy = where.distance(centre) < radius and _chance(dice, recipe.heavy)
            kind = Woods.HEAVY if heavy else Woods.LIGHT
            draft.woods[where] = max(draft.woods.get(where, Woods.NONE), kind)
    for where in [h for h, kind in draft.woods.items() if kind is Woods.HEAVY]:
        for other in where.neighbors():
            if other in draft.level and draft.is_open(other) and other not in draft.woods:
                draft.woods[other] = Woods.LIGHT


def _rough(draft: _Draft) -> None:
    """BT-M-8.4: rough ground in patches, mostly on slopes (it lies near cliffs)."""
    dice = draft.dice

    def bare(where: Hex) -> bool:
        return draft.is_open(where) and where not in draft.woods

    slopes = [
        h
        for h in draft.positions
        if bare(h)
        and any(draft.level.get(o, draft.level[h]) != draft.level[h] for o in h.neighbors())
    ]
    spots = slopes or [h for h in draft.positions if bare(h)]
    for _ in range(draft.count(draft.recipe.rough) if spots else 0):
        for where in draft.near(_pick(dice, spots), dice.die(2) - 1):
            if bare(where) and _chance(dice, 75):
                draft.rough.add(where)


def generate(
    width: int, height: int, seed: int, *, terrain: MapStyle | str = MapStyle.GRASSLAND
) -> Board:
    """Draw a random map (BT-M-6..8): the same arguments always give the same board.

    Args:
        width: Columns (16 for a standard sheet).
        height: Rows (17 for a standard sheet).
        seed: Any integer.
        terrain: A `MapStyle` or its name: grassland, forest, hills, river, city.

    Returns:
        The board, named after its style and seed. A 'Mech can walk between any two of its hexes
        (no step of more than two levels, BT-M-22), and every road exit is matched.

    Raises:
        ValueError: A size below 1x1, or an unknown style.
    """
    if width < 1 or height < 1:
        raise ValueError(f"a map needs at least one column and one row, not {width}x{height}")
    try:
        style = MapStyle(terrain)
    except ValueError:
        styles = ", ".join(style.value for style in MapStyle)
        raise ValueError(f"unknown map style {terrain!r}: choose one of {styles}") from None
    draft = _Draft(width, height, Dice(seed), _RECIPES[style])
    _relief(draft)
    centre = _reserve_town(draft)
    if draft.recipe.river:
        _river(draft)
    _lakes(draft)
    _settle(draft)
    _roads(draft, centre)
    _buildings(draft, centre)
    _woods(draft)
    _rough(draft)
    return draft.board(f"{style.value} #{seed}")
