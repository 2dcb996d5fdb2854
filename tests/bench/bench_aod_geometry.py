"""Benchmarks of the Age of Destruction geometry (``make bench``): they print, never assert speed.

Figures, each the best of a few repeats (``time.perf_counter``), on a 36x36 board with eight terrain
pieces of the AOD-26.8 library as bundled in ``assets/aod/catalogue`` (woods, rubble, ruined
blocks, a pond, hills, a lake, a mesa) and twelve units:

- `reachable` for a 'Mech at mid-board with speeds 6, 10 and 16 (AOD-26.7), and a cruising VTOL
  with speed 16 (altitude changes included);
- line-of-fire checks per second (`line_of_fire` between every pair of the twelve units, AOD-26.6).

New in issue 17: there is no earlier code in the project, so no baseline ("new"). For the 'Mech,
the first version of the search (a plain search over (hex, altitude, stopped) states with the step
rules `check_path` uses, kept as the tests' reference in ``tests/engine/aod/_reference.py``) is
measured in the same run and printed as ``was``.
"""

from __future__ import annotations

from engine.aod.geometry import Battlefield, Occupant
from engine.aod.los import line_of_fire
from engine.aod.movement import reachable
from engine.aod.terrain import TerrainMap
from engine.aod.units import SpeedMode, UnitType
from engine.hexes import Facing, Hex
from tests.bench.common import best_of, report
from tests.engine.aod._assets import pieces
from tests.engine.aod._reference import reference_states

PIECES = (
    ("Woods", 9, 9, 0),
    ("Rubble field", 24, 8, 1),
    ("Ruined block", 16, 13, 2),
    ("Pond", 8, 22, 3),
    ("Hill", 27, 18, 0),
    ("Wooded hill", 13, 27, 4),
    ("Lake", 23, 27, 5),
    ("Mesa", 18, 20, 1),
)
SPOTS = (
    (17, 17, SpeedMode.MECH, 0),
    (12, 4, SpeedMode.MECH, 0),
    (20, 3, SpeedMode.FOOT, 0),
    (15, 6, SpeedMode.TRACKED, 0),
    (22, 5, SpeedMode.HOVER, 0),
    (10, 15, SpeedMode.QUAD, 0),
    (14, 31, SpeedMode.MECH, 1),
    (19, 32, SpeedMode.FOOT, 1),
    (24, 30, SpeedMode.WHEELED, 1),
    (20, 24, SpeedMode.MECH, 1),
    (6, 26, SpeedMode.FOOT, 1),
    (28, 12, SpeedMode.MECH, 1),
)
_KIND = {
    SpeedMode.MECH: UnitType.MECH,
    SpeedMode.QUAD: UnitType.MECH,
    SpeedMode.FOOT: UnitType.INFANTRY,
}


def battlefield(mover: SpeedMode = SpeedMode.MECH, *, cruising: bool = False) -> Battlefield:
    """The benchmark board; unit 0 (at 1818) moves in ``mover`` mode."""
    board = TerrainMap()
    for feature, (name, col, row, turn) in enumerate(PIECES, start=1):
        board = board.with_piece(pieces()[name].place(Hex.from_offset(col, row), turn), feature)
    units = []
    for index, (col, row, mode, side) in enumerate(SPOTS):
        mode_here = mover if index == 0 else mode
        kind = _KIND.get(mode_here, UnitType.VEHICLE)
        facing = Facing.S if side == 0 else Facing.N
        units.append(
            Occupant(
                Hex.from_offset(col, row), facing, kind, mode_here, side, cruising and not index
            )
        )
    return Battlefield(board, tuple(units))


def test_bench_aod_reachable() -> None:
    """AOD-26.7: reachable hexes of a 'Mech for speeds 6, 10 and 16, and of a cruising VTOL."""
    field = battlefield()
    for speed in (6, 10, 16):
        hexes = len(reachable(field, 0, speed))
        seconds = best_of(5, lambda s=speed: reachable(field, 0, s))
        plain = best_of(3, lambda s=speed: reference_states(field, 0, s))
        report(
            f"aod reachable, 'Mech speed {speed} ({hexes} hexes), new",
            seconds * 1e3,
            "ms",
            baseline=plain * 1e3,
        )
    vtol = battlefield(SpeedMode.VTOL, cruising=True)
    hexes = len(reachable(vtol, 0, 16))
    seconds = best_of(5, lambda: reachable(vtol, 0, 16))
    report(f"aod reachable, cruising VTOL speed 16 ({hexes} hexes), new", seconds * 1e3, "ms")


def test_bench_aod_line_of_fire() -> None:
    """AOD-26.6: line-of-fire checks per second, every ordered pair of the twelve units."""
    field = battlefield()
    pairs = [(a, b) for a in range(len(SPOTS)) for b in range(len(SPOTS)) if a != b]

    def work() -> None:
        for a, b in pairs:
            line_of_fire(field, a, b)

    seconds = best_of(5, work)
    report(
        "aod line-of-fire checks per second, new",
        len(pairs) / seconds,
        "per s",
        higher_is_better=True,
    )
