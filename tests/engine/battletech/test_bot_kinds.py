"""The computer opponent in a combined-arms game (issue 20 item 8, issue 21).

DESIGN: the bot's evaluation weighs 'Mechs only; with a vehicle, platoon or squad on the map it
plays as the built-in ``aggressive`` player, which plays every kind, and says so in its reason.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

from engine.battletech import RULESET
from engine.battletech.bot import decide
from engine.battletech.bot.builtin import aggressive
from engine.battletech.state import Phase
from engine.dice import Dice
from engine.game import Game
from tui.battletech.library import install

SCENARIOS = Path(__file__).resolve().parents[3] / "assets" / "scenarios" / "battletech"


def _game(name: str) -> Game:  # type: ignore[type-arg]
    install()
    table = tomllib.loads((SCENARIOS / f"{name}.toml").read_text("utf-8"))
    return Game(RULESET, RULESET.make_setup(table), Dice(3))


def test_with_other_kinds_on_the_map_the_bot_plays_as_aggressive_until_the_end() -> None:
    """Every decision of a whole game is the aggressive player's, with the reason told."""
    game = _game("convoy-raid")
    assert not all(unit.is_mech for unit in game.state.units)
    for _ in range(3000):
        state = game.state
        if state.phase is Phase.OVER:
            break
        decision = decide(state, "balanced", random.Random(1))  # noqa: S311 - a game policy
        assert decision.command == aggressive(state, random.Random(1))  # noqa: S311
        assert decision.command is not None
        assert decision.reason == "plays as the aggressive player (combined arms)"
        game.execute(decision.command)
    assert game.state.phase is Phase.OVER
