"""The "Fire support" scenario played whole: indirect fire and artillery by every built-in player.

BT-C-16 / BT-C-67 / BT-C-75: the random and aggressive policies and the bot declare indirect
shots (a spotter named) and artillery; every command they give is accepted; the game's log
replays to the same state and survives a save and a load unchanged, with an undo and redo.
"""

from __future__ import annotations

import random
import tomllib
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine.battletech import RULESET
from engine.battletech.bot.policies import get_policy
from engine.battletech.indirectevents import ArtilleryLanded, ArtilleryScattered
from engine.battletech.state import Phase
from engine.dice import Dice
from engine.game import Accepted, Game
from saves.journal import Journal, read_game
from tui.battletech.library import install

ROOT = Path(__file__).resolve().parents[3]
CREATED = datetime(2026, 11, 27, tzinfo=UTC)


def _setup():
    install()
    text = (ROOT / "assets/scenarios/battletech/artillery.toml").read_text("utf-8")
    return RULESET.make_setup(tomllib.loads(text))


@pytest.mark.parametrize(("policy", "seed"), [("random", 0), ("aggressive", 1), ("bot", 1)])
def test_every_player_fires_indirectly_and_shells(policy, seed, tmp_path):
    """Each player names spotters and fires the Arrow IV; saves and replays are identical."""
    setup = _setup()
    play = get_policy(policy)
    assert play is not None
    rng = random.Random(seed)  # noqa: S311 - a player, not cryptography
    path = tmp_path / "game.jsonl"
    spotted = shells = 0
    with Journal.create(path, RULESET, setup, created=CREATED, seed=seed) as journal:
        undone = False
        while journal.game.state.phase is not Phase.OVER:
            command = play(journal.game.state, rng)
            assert command is not None
            outcome = journal.execute(command)
            assert isinstance(outcome, Accepted), (command, outcome)
            events = outcome.entry.events
            now = sum(
                1
                for e in events
                if getattr(getattr(e, "attack", None), "spotter", None) is not None
            )
            spotted += now
            shells += sum(1 for e in events if isinstance(e, ArtilleryLanded | ArtilleryScattered))
            if now and not undone and isinstance(journal.undo(), Accepted):
                undone = True  # an indirect declaration that rolled no dice: undo and redo it
                assert isinstance(journal.redo(), Accepted)
        expected = journal.game
    assert spotted > 0
    assert shells > 0
    assert undone
    loaded = read_game(path.read_bytes(), path.name)
    assert loaded.warnings == ()
    assert loaded.game.state == expected.state
    again = Game(RULESET, setup, Dice(seed))
    for entry in expected.log:
        assert isinstance(again.execute(entry.command), Accepted)
    assert again.state == expected.state
