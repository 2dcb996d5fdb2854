"""Benchmarks of BattleTech movement (``make bench``): they print figures, never assert speed.

- the movement-range query (`engine.battletech.rules.movement.reachable`: every (hex, facing) a
'Mech
  can reach, with its MP cost) on a 32x34 map (four 16x17 sheets), for walk, run and jump;
- checking one plotted path (`plan_move`), which the screen does on every key press;
- a whole random game's Movement phases through `Game.execute` (commands/s).
"""

from __future__ import annotations

import attrs

from engine.battletech import RULESET
from engine.battletech.data.mapgen import generate
from engine.battletech.rules.movement import plan_move, reachable
from engine.battletech.rules.options import legal_commands
from engine.battletech.state import BTSetup, MoveMode, Phase, Pilot, UnitSetup
from engine.dice import Dice
from engine.game import Game
from engine.hexes import Facing, Hex
from tests.bench.common import best_of, report
from tests.engine.battletech._build import design

BOARD = generate(32, 34, 2026, terrain="hills")


def _state(walk: int, jump: int) -> object:
    """A 'Mech in the middle of the 32x34 map, in the Movement phase."""
    centre = Hex.from_offset(16, 17)
    board = BOARD.replace(centre, attrs.evolve(BOARD.terrain(centre), water=None, building=None))
    setup = BTSetup(
        board,
        ("Blue", "Red"),
        (
            UnitSetup(design(55, walk, jump), 0, Pilot(), centre, Facing.N),
            UnitSetup(design(55, 5, 0), 1, Pilot(), Hex.from_offset(1, 1), Facing.S),
        ),
    )
    state = RULESET.start(setup)
    return attrs.evolve(state, phase=Phase.MOVEMENT, order=(0, 1), slots=((0, 1), (1, 1)))


def test_bench_movement_range_query_on_32x34() -> None:
    """Every reachable (hex, facing) of one 'Mech, per mode, on a 32x34 map."""
    for walk, jump in ((4, 4), (6, 6), (8, 8)):
        state = _state(walk, jump)
        for mode in (MoveMode.WALK, MoveMode.RUN, MoveMode.JUMP):
            positions = len(reachable(state, 0, mode))  # type: ignore[arg-type]
            seconds = best_of(5, lambda m=mode, s=state: reachable(s, 0, m))  # type: ignore[misc]
            report(f"reachable {mode.value} {walk} MP ({positions} positions)", seconds * 1e3, "ms")


def test_bench_plan_a_path() -> None:
    """Checking one 10-step plotted path (done on every key press while plotting)."""
    state = _state(8, 0)
    reach = reachable(state, 0, MoveMode.RUN)  # type: ignore[arg-type]
    longest = max(reach.values(), key=lambda r: len(r.steps))
    runs = 200
    seconds = best_of(
        3, lambda: [plan_move(state, 0, MoveMode.RUN, longest.steps) for _ in range(runs)]
    )  # type: ignore[arg-type]
    report(f"plan_move of a {len(longest.steps)}-step path", seconds / runs * 1e6, "µs")


def test_bench_random_game_commands() -> None:
    """Random legal commands through Game.execute on the 32x34 map (4 'Mechs)."""
    setup = BTSetup(
        BOARD,
        ("Blue", "Red"),
        tuple(UnitSetup(design(55, 5, 3), side, Pilot()) for side in (0, 0, 1, 1)),
    )
    game = Game(RULESET, setup, Dice(7))
    count = 0
    listing = 0.0

    def play() -> None:
        nonlocal count, listing
        pick = 0
        while count < 300 and not game.summary.result:
            options = legal_commands(game.state)
            game.execute(options[(pick * 7919) % len(options)])
            pick += 1
            count += 1

    seconds = best_of(1, play)
    report("random game: commands incl. listing every option", count / seconds, "commands/s")
