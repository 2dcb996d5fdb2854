"""One simulated game (`tui.sim`): the engine is imported here, when a run starts.

Kept apart from `tui.sim` so that ``hexmech`` registers its ``sim`` subcommand without loading a
rule system (`engine.registry` loads rulesets on first use). The process pool's workers run
`play_chunk`.
"""

from __future__ import annotations

import random

from engine.dice import Dice
from engine.papermech import RULESET, legal_commands
from engine.papermech.evolve import evolve
from engine.papermech.flow import decide
from engine.papermech.policies import POLICIES
from tui.sim import GameOutcome, SimSpec, game_seeds

__all__ = ["play_chunk", "play_game"]


def play_game(spec: SimSpec, index: int) -> GameOutcome:
    """Play game ``index`` of the run ``spec`` to its end (or to the command cap)."""
    dice_seed, policy_seed = game_seeds(spec.seed, index)
    dice = Dice(dice_seed)
    rng = random.Random(policy_seed)  # noqa: S311 - a game policy, not cryptography
    chooser = POLICIES[spec.policy]
    max_commands = spec.max_commands
    state = RULESET.start(spec.setup)
    commands = 0
    try:
        while state.result is None:
            if commands >= max_commands:
                return GameOutcome(
                    index,
                    won=False,
                    score=0,
                    waves_cleared=state.waves_cleared,
                    cause="",
                    commands=commands,
                    error=f"no result after {max_commands:,} commands",
                )
            options = legal_commands(state)
            command = chooser.choose(state, options, rng)
            for event in decide(state, command, dice):
                state = evolve(state, event)
            commands += 1
    except Exception as exc:  # noqa: BLE001 - one bad game is reported, not the whole run lost
        return GameOutcome(
            index,
            won=False,
            score=0,
            waves_cleared=state.waves_cleared,
            cause="",
            commands=commands,
            error=f"{type(exc).__name__}: {exc}",
            crashed=True,
        )
    result = state.result
    return GameOutcome(index, result.won, result.score, state.waves_cleared, result.cause, commands)


def play_chunk(spec: SimSpec, start: int, stop: int) -> list[GameOutcome]:
    """Play games ``start`` to ``stop - 1`` (one task of the process pool)."""
    return [play_game(spec, i) for i in range(start, stop)]
