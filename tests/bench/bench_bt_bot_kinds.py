"""Benchmark: what the kind-specific orders (rams, transport, anti-'Mech attacks) cost the bot.

Issue 21: the bot's turn must stay fast. The combined-arms scenarios (city-fight, convoy-raid)
are played bot against bot; at each Movement and Weapon Attack decision both paths decide the
same state: the ranking alone (`bot.movement.choose_move`, `bot.fire.choose_fire`: the old path)
and with the kinds' orders on top (`bot.kinds`, the new path). Summed per (turn, side), CPU time
(``time.process_time``: the machine is shared), median and worst. Prints, never asserts.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import defaultdict

from engine.battletech import RULESET
from engine.battletech.bot import decide, kinds
from engine.battletech.bot.evaluate import WEIGHTS
from engine.battletech.bot.fire import choose_fire
from engine.battletech.bot.movement import choose_move
from engine.battletech.evolve import evolve
from engine.battletech.rules.flow import decide as rules_decide
from engine.battletech.rules.turn import can_declare
from engine.battletech.state import BTState, Phase
from engine.dice import Dice
from tests.bench.common import report
from tui.battletech.library import install, load_scenario

SEED = 2112
GAMES = 2


def _unit(state: BTState) -> int | None:
    """The unit the bot decides for now (the mover it picks, or the first declarer)."""
    side = state.side_to_act
    if side is None:
        return None
    if state.phase is Phase.MOVEMENT:
        if state.active is not None:
            return state.active
        return kinds.choose_mover(state, side)
    if state.phase is Phase.WEAPON:
        return next(
            (i for i, u in enumerate(state.units) if u.side == side and can_declare(state, i)),
            None,
        )
    return None


def _times(scenario: str) -> tuple[list[float], list[float]]:
    """(old, new) seconds per (turn, side) of movement and weapon decisions."""
    setup = load_scenario(scenario, install([]))
    weights = WEIGHTS["balanced"]
    old: dict[tuple[int, int, int], float] = defaultdict(float)
    new: dict[tuple[int, int, int], float] = defaultdict(float)
    flip = False
    for game in range(GAMES):
        state = RULESET.start(setup)
        dice, rng = Dice(SEED + game), random.Random(SEED + game)  # noqa: S311 - a game
        while state.phase is not Phase.OVER:
            index = _unit(state)
            side = state.side_to_act
            if index is not None and side is not None and state.phase is not Phase.PHYSICAL:
                moving = state.phase is Phase.MOVEMENT
                paths = [
                    (old, choose_move if moving else choose_fire),
                    (new, kinds.choose_move if moving else kinds.choose_fire),
                ]
                flip = not flip  # which goes first alternates: the caches warm for both
                for sums, choose in paths[::-1] if flip else paths:
                    start = time.process_time()
                    choose(state, index, weights)
                    sums[game, state.turn, side] += time.process_time() - start
            command = decide(state, "balanced", rng).command
            assert command is not None
            for event in rules_decide(state, command, dice):
                state = evolve(event, state)
    return list(old.values()), list(new.values())


def test_bench_kinds_decision_time() -> None:
    """A combined-arms side's movement and weapon decisions in a turn: old path against new."""
    for scenario in ("city-fight", "convoy-raid"):
        old, new = _times(scenario)
        report(
            f"bt bot {scenario}: a side's turn, median (CPU)",
            1000 * statistics.median(new),
            "ms",
            baseline=1000 * statistics.median(old),
        )
        report(
            f"bt bot {scenario}: a side's turn, worst (CPU)",
            1000 * max(new),
            "ms",
            baseline=1000 * max(old),
        )
