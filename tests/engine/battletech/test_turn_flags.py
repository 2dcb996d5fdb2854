"""Issue 20 item 1: a unit's flags of the turn live in one record, replaced when the turn ends.

BT-C-1 step 6: torsos return to their normal facing in the End phase; with them goes every other
flag of the turn (weapons fired, the physical attack, a declared charge or DFA, double rate, AMS).
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

from engine.battletech import RULESET
from engine.battletech.bot.builtin import aggressive
from engine.battletech.state import Phase, TurnFlags
from engine.dice import Dice
from engine.game import Game
from tui.battletech.library import install

SCENARIO = Path(__file__).resolve().parents[3] / "assets/scenarios/battletech/default.toml"


def test_the_flags_of_a_turn_are_used_and_then_replaced_whole_when_it_ends() -> None:
    install()
    setup = RULESET.make_setup(tomllib.loads(SCENARIO.read_text("utf-8")))
    game = Game(RULESET, setup, Dice(4))
    rng = random.Random(4)  # noqa: S311 - a game policy
    used = False
    while game.state.turn < 3 and game.state.phase is not Phase.OVER:
        state = game.state
        used = used or any(unit.this_turn != TurnFlags() for unit in state.units)
        game.execute(aggressive(state, rng))
        if game.state.turn > state.turn:  # the End phase of `state.turn` just ended
            assert all(unit.this_turn == TurnFlags() for unit in game.state.units)
            assert game.state.phase is Phase.INITIATIVE
    assert used  # the turns did set flags (weapons fired) before they were cleared
    assert game.state.turn >= 2
