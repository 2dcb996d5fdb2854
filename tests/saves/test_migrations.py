"""Format versions: the golden v1 save still loads, and old saves are upgraded step by step."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine.dice import Dice
from engine.game import Game, UndoPolicy
from saves import migrations
from saves.journal import SaveError, read_game
from saves.migrations import CURRENT_VERSION, Migration, TooNewError, upgrade
from tests.saves._support import dump_line, join_lines, write_journal
from tests.support.race import DiceRolled, Pace, RaceSetup, RaceState, Track, Won

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "saves"


def golden_versions() -> list[int]:
    return sorted(
        int(m[1]) for p in GOLDEN.glob("v*-*.jsonl") if (m := re.match(r"v(\d+)-", p.name))
    )


# ---------------------------------------------------------------- golden saves (STYLE 13)
def test_there_is_a_golden_save_for_every_version():
    """Each format version from 1 to the current one has a committed save."""
    assert golden_versions() == list(range(1, CURRENT_VERSION + 1))


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("v*.jsonl")), ids=lambda p: p.name)
def test_every_golden_save_loads_cleanly(path):
    """Every committed save loads without a warning and replays to its own state."""
    loaded = read_game(path.read_bytes(), path.name)

    assert loaded.warnings == ()
    assert loaded.header["version"] == CURRENT_VERSION
    assert loaded.game.replay() == loaded.game.state


def test_the_v1_race_save_replays_to_its_known_state():
    """The v1 golden save: Bo won a three-player race at turn 5, after undos and redos."""
    # Act
    loaded = read_game((GOLDEN / "v1-race.jsonl").read_bytes(), "v1-race.jsonl")
    game = loaded.game

    # Assert: the header.
    assert loaded.header["ruleset"] == "race"
    assert loaded.header["seed"] == 7
    assert loaded.header["dice"] is None
    assert datetime.fromisoformat(loaded.header["created"]) == datetime(
        2026, 1, 2, 3, 4, 5, tzinfo=UTC
    )
    assert game.undo_policy is UndoPolicy.HOTSEAT
    assert game.setup == RaceSetup(("Ann", "Bo", "Cy"), 15)

    # ... the log and the dice.
    assert game.cursor == 14
    assert len(game.log) == 14
    assert game.dice_position == 6
    rolls = [e.roll for entry in game.log for e in entry.events if isinstance(e, DiceRolled)]
    assert rolls == [(5,), (2,), (2,), (3,), (4,), (4,)]
    assert [entry.rolled for entry in game.log].count(True) == 6

    # ... the state, field by field.
    state = game.state
    assert state.track.positions == (13, 17, 10)
    assert state.current == 1
    assert state.turn == 5
    assert state.winner == 1
    assert state.setup.goal == 15
    assert game.log[-1].events[-1] == Won(1, "finish line")

    # ... what a save list shows.
    assert game.summary.turn == "turn 5"
    assert game.summary.result == "Bo wins"
    assert game.summary.players == ("Ann", "Bo", "Cy")

    # ... and the states along the way (the undone "step 3" by Cy was replaced by "step 1").
    assert game.state_at(2) == RaceState(RaceSetup(("Ann", "Bo", "Cy"), 15), Track((2, 5, 0)), 2)
    assert game.state_at(3).track.positions == (2, 5, 1)
    assert game.state_at(4).track.positions == (4, 5, 1)
    assert game.log[3].events[1].pace is Pace.ROLL


def test_todays_rules_and_dice_still_decide_the_golden_game_the_same_way():
    """Re-deciding the golden commands with seed 7 gives exactly the recorded entries."""
    # Arrange
    loaded = read_game((GOLDEN / "v1-race.jsonl").read_bytes())
    game = loaded.game
    fresh: Game[object, object, object, object] = Game(game.ruleset, game.setup, Dice(7))

    # Act
    for entry in game.log:
        fresh.execute(entry.command)

    # Assert
    assert fresh.log == game.log
    assert fresh.state == game.state


# ---------------------------------------------------------------- the upgrade mechanism
def renaming_migration() -> Migration:
    """Pretend version 1 called the ruleset "rules" and entry numbers "num"; version 2 does not."""

    def header(data: dict[str, object]) -> dict[str, object]:
        data = dict(data)
        data["ruleset"] = data.pop("rules")
        return data

    def line(data: dict[str, object]) -> dict[str, object]:
        data = dict(data)
        if "num" in data:
            data["n"] = data.pop("num")
        return data

    return Migration(header=header, line=line)


@pytest.fixture
def version_2(monkeypatch):
    """Make this hexmech read and write format 2, with a migration from 1."""
    monkeypatch.setattr(migrations, "CURRENT_VERSION", 2)
    monkeypatch.setitem(migrations.MIGRATIONS, 1, renaming_migration())


def old_save() -> bytes:
    """A 'version 1' file in the pretend old spelling."""
    lines = [json.loads(line) for line in (GOLDEN / "v1-race.jsonl").read_bytes().splitlines()]
    header, *rest = lines
    header["rules"] = header.pop("ruleset")
    for line in rest:
        if "command" in line:
            line["num"] = line.pop("n")
    return join_lines(dump_line(line) for line in [header, *rest])


def test_upgrade_renames_keys_and_sets_the_version(version_2):
    """Each step's functions upgrade the header and every line; the version becomes current."""
    header = {"format": "hexmech", "version": 1, "rules": "race"}
    lines = [{"num": 0, "command": {}}, {"op": "undo", "n": 0}]

    new_header, new_lines = upgrade(header, lines)

    assert new_header == {"format": "hexmech", "version": 2, "ruleset": "race"}
    assert new_lines == [{"n": 0, "command": {}}, {"op": "undo", "n": 0}]
    assert header == {"format": "hexmech", "version": 1, "rules": "race"}  # input untouched


def test_an_old_save_is_upgraded_when_read(version_2):
    """read_game upgrades an old file before it structures anything."""
    loaded = read_game(old_save(), "old.jsonl")

    assert loaded.header["version"] == 2
    assert loaded.header["ruleset"] == "race"
    assert loaded.game.state.track.positions == (13, 17, 10)
    assert loaded.game.cursor == 14


def test_without_its_migration_the_old_spelling_is_damage():
    """The same file without the upgrade is not readable: the migration did the work."""
    with pytest.raises(SaveError) as caught:
        read_game(old_save(), "old.jsonl")

    assert caught.value.line == 1
    assert "'ruleset'" in caught.value.reason


def test_a_new_save_is_written_with_the_current_version(version_2, tmp_path):
    """Journals write the current version in their header."""
    write_journal(tmp_path / "new.jsonl", ["step 1"]).close()

    header = json.loads((tmp_path / "new.jsonl").read_bytes().splitlines()[0])
    assert header["version"] == 2


def test_steps_chain_from_old_to_current(monkeypatch):
    """From version 1 to 3, both steps run in order, each seeing the previous step's output."""
    seen: list[tuple[int, object]] = []

    def step(frm: int) -> Migration:
        def header(data: dict[str, object]) -> dict[str, object]:
            seen.append((frm, data["version"]))
            return {**data, f"from_{frm}": True}

        return Migration(header=header)

    monkeypatch.setitem(migrations.MIGRATIONS, 1, step(1))
    monkeypatch.setitem(migrations.MIGRATIONS, 2, step(2))

    header, lines = upgrade({"version": 1}, [{"n": 0}], current=3)

    assert header == {"version": 3, "from_1": True, "from_2": True}
    assert lines == [{"n": 0}]
    assert seen == [(1, 1), (2, 2)]


def test_a_missing_step_is_a_value_error(monkeypatch):
    """An old version with no migration from it cannot be read."""
    monkeypatch.setattr(migrations, "CURRENT_VERSION", 3)
    monkeypatch.setitem(migrations.MIGRATIONS, 1, Migration())

    with pytest.raises(ValueError, match="no upgrade is known from save format 2"):
        upgrade({"version": 1}, [])


def test_a_missing_step_is_a_save_error_when_reading(monkeypatch):
    """read_game reports a missing step as damage on line 1."""
    monkeypatch.setattr(migrations, "CURRENT_VERSION", 2)

    with pytest.raises(SaveError) as caught:
        read_game((GOLDEN / "v1-race.jsonl").read_bytes(), "v1.jsonl")

    assert caught.value.line == 1
    assert "no upgrade is known from save format 1" in caught.value.reason


@pytest.mark.parametrize("version", [0, -1, "1", 1.0, True, None, [1]], ids=repr)
def test_a_version_that_is_not_a_positive_whole_number_is_refused(version):
    """Only 1, 2, 3... are versions."""
    with pytest.raises(ValueError, match="not a positive whole number"):
        upgrade({"version": version}, [])


def test_a_too_new_version_is_too_new_error():
    """A save from a newer hexmech says so, with both versions."""
    with pytest.raises(TooNewError, match=r"format 9; this one reads up to 1"):
        upgrade({"version": 9}, [])


def test_a_too_new_save_is_a_save_error_when_reading():
    """read_game turns TooNewError into a SaveError on the header line."""
    lines = (GOLDEN / "v1-race.jsonl").read_bytes().splitlines()
    header = {**json.loads(lines[0]), "version": CURRENT_VERSION + 1}

    with pytest.raises(SaveError) as caught:
        read_game(join_lines([dump_line(header), *lines[1:]]), "future.jsonl")

    assert caught.value.line == 1
    assert "update hexmech to open it" in caught.value.reason
    assert isinstance(caught.value.__cause__, TooNewError)
