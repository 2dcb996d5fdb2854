"""Benchmarks of BattleTech targeting (``make bench``): they print figures, never assert speed.

- `line_of_sight` on a 32x34 forest map at range 15 (and 15 along a hexside: defender's choices);
- `weapon_to_hit` of one medium laser at range 6;
- `fire_options` of each 'Mech of a 4 v 4 game in the Weapon phase (the flow asks it of every
  unit after each declaration, to know who still has something to declare).
"""

from __future__ import annotations

import attrs

from engine.battletech.board import Board
from engine.battletech.data.mapgen import generate
from engine.battletech.designs.mech import Location
from engine.battletech.rules.los import line_of_sight
from engine.battletech.rules.tohit import fire_options, weapon_to_hit
from engine.battletech.state import BTState, Phase
from engine.hexes import Facing, Hex, hexside_line
from tests.bench.common import best_of, report
from tests.engine.battletech._build import design, start

L = Location
WEAPONS = design(
    75,
    4,
    equipment=[
        ("Medium Laser", L.RA),
        ("Medium Laser", L.LA),
        ("Medium Laser", L.CT),
        ("Medium Laser", L.CT, True),
        ("LRM 15", L.LT),
        ("IS Ammo LRM-15", L.LT),
        ("PPC", L.RT),
        ("SRM 6", L.RT),
        ("IS Ammo SRM-6", L.RT),
        ("Small Laser", L.HD),
    ],
)


def _flatten(board: Board, *hexes: Hex) -> Board:
    """The board with the given hexes cleared of water and buildings (somewhere to stand)."""
    for where in hexes:
        board = board.replace(where, attrs.evolve(board.terrain(where), water=None, building=None))
    return board


def _state(board: Board, places: list[tuple[int, int, Facing]]) -> BTState:
    hexes = [Hex.from_offset(c, r) for c, r, _ in places]
    board = _flatten(board, *hexes)
    units = [
        (WEAPONS, i % 2, where.label, facing)
        for i, (where, (_, _, facing)) in enumerate(zip(hexes, places, strict=True))
    ]
    return attrs.evolve(start(board, units), phase=Phase.WEAPON)


def test_bench_line_of_sight_at_range_15() -> None:
    """One line of sight on a 32x34 forest map, 15 hexes long."""
    board = generate(32, 34, 2026, terrain="forest")
    straight = _state(board, [(16, 30, Facing.N), (16, 15, Facing.S)])
    start_hex = Hex.from_offset(8, 24)
    end = (start_hex + Hex(14, -7)).to_offset()  # the 90-degree line: a pair every other hex
    along = _state(board, [(8, 24, Facing.N), (end.col, end.row, Facing.S)])
    runs = 500
    for name, state in (("straight", straight), ("with hexside pairs", along)):
        a, b = state.unit(0).hex, state.unit(1).hex
        assert a is not None
        assert b is not None
        pairs = sum(1 for step in hexside_line(a, b) if len(step) == 2)
        seconds = best_of(5, lambda s=state: [line_of_sight(s, 0, 1) for _ in range(runs)])
        label = f"line_of_sight r{a.distance(b)} {name} ({pairs} pairs)"
        report(label, seconds / runs * 1e6, "µs")


def test_bench_weapon_to_hit() -> None:
    """One weapon's to-hit number (LOS included) at range 6 on the forest map."""
    state = _state(generate(32, 34, 2026, terrain="forest"), [(16, 20, Facing.N), (16, 14, 3)])
    runs = 500
    seconds = best_of(5, lambda: [weapon_to_hit(state, 0, 2, 1) for _ in range(runs)])
    report("weapon_to_hit (medium laser, range 6)", seconds / runs * 1e6, "µs")


def test_bench_fire_options_4v4() -> None:
    """fire_options for each of 8 'Mechs, 4 a side, facing each other 4-10 hexes apart."""
    places = [
        (10, 10, Facing.S),
        (13, 11, Facing.S),
        (16, 10, Facing.S),
        (19, 11, Facing.S),
        (10, 18, Facing.N),
        (13, 19, Facing.N),
        (16, 18, Facing.N),
        (19, 19, Facing.N),
    ]
    setup = _state(generate(32, 34, 2026, terrain="grassland"), places)
    state = attrs.evolve(
        setup, units=tuple(attrs.evolve(u, side=i // 4) for i, u in enumerate(setup.units))
    )
    options = sum(len(fire_options(state, i)) for i in range(8))
    runs = 5
    seconds = best_of(3, lambda: [fire_options(state, i) for _ in range(runs) for i in range(8)])
    report(f"fire_options per unit, 4v4 ({options} options)", seconds / runs / 8 * 1e3, "ms")
