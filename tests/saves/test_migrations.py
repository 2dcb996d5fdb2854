"""Format and schema versions: the v1 golden still loads; old saves are upgraded step by step."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine import registry
from engine.dice import Dice
from engine.game import Game, UndoPolicy
from saves import migrations
from saves.journal import SaveError, read_game
from saves.migrations import CURRENT_VERSION, Migration, TooNewError, upgrade
from saves.tail import JournalTail
from tests.saves._support import dump_line, join_lines, write_journal
from tests.support.race import (
    RULESET,
    DiceRolled,
    Pace,
    Race,
    RaceSetup,
    RaceState,
    Track,
    Won,
)
from tui.screens._catalog import describe

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "saves"


def golden_versions() -> list[int]:
    return sorted(
        {int(m[1]) for p in GOLDEN.glob("v*-*.jsonl") if (m := re.match(r"v(\d+)-", p.name))}
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
    """Pretend version 2 called the ruleset "rules" and entry numbers "num"; version 3 does not."""

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
def version_3(monkeypatch):
    """Make this hexmech read and write format 3, with a migration from 2."""
    monkeypatch.setattr(migrations, "CURRENT_VERSION", 3)
    monkeypatch.setitem(migrations.MIGRATIONS, 2, renaming_migration())


def old_save() -> bytes:
    """A 'version 2' file in the pretend old spelling."""
    lines = [json.loads(line) for line in (GOLDEN / "v1-race.jsonl").read_bytes().splitlines()]
    header, *rest = lines
    header.update(version=2, schema=1)
    header["rules"] = header.pop("ruleset")
    for line in rest:
        if "command" in line:
            line["num"] = line.pop("n")
    return join_lines(dump_line(line) for line in [header, *rest])


def test_upgrade_renames_keys_and_sets_the_version(version_3):
    """Each step's functions upgrade the header and every line; the version becomes current."""
    header = {"format": "hexmech", "version": 2, "rules": "race"}
    lines = [{"num": 0, "command": {}}, {"op": "undo", "n": 0}]

    new_header, new_lines = upgrade(header, lines)

    assert new_header == {"format": "hexmech", "version": 3, "ruleset": "race"}
    assert new_lines == [{"n": 0, "command": {}}, {"op": "undo", "n": 0}]
    assert header == {"format": "hexmech", "version": 2, "rules": "race"}  # input untouched


def test_an_old_save_is_upgraded_when_read(version_3):
    """read_game upgrades an old file before it structures anything."""
    loaded = read_game(old_save(), "old.jsonl")

    assert loaded.header["version"] == 3
    assert loaded.header["ruleset"] == "race"
    assert loaded.game.state.track.positions == (13, 17, 10)
    assert loaded.game.cursor == 14


def test_without_its_migration_the_old_spelling_is_damage():
    """The same file without the upgrade is not readable: the migration did the work."""
    with pytest.raises(SaveError) as caught:
        read_game(old_save(), "old.jsonl")

    assert caught.value.line == 1
    assert "'ruleset'" in caught.value.reason


def test_a_new_save_is_written_with_the_current_version(version_3, tmp_path):
    """Journals write the current version in their header."""
    write_journal(tmp_path / "new.jsonl", ["step 1"]).close()

    header = json.loads((tmp_path / "new.jsonl").read_bytes().splitlines()[0])
    assert header["version"] == 3


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
    monkeypatch.setattr(migrations, "CURRENT_VERSION", CURRENT_VERSION + 1)
    monkeypatch.setitem(migrations.MIGRATIONS, 1, Migration())

    with pytest.raises(ValueError, match=f"no upgrade is known from save format {CURRENT_VERSION}"):
        upgrade({"version": 1}, [])


def test_a_missing_step_is_a_save_error_when_reading(monkeypatch):
    """read_game reports a missing step as damage on line 1."""
    monkeypatch.setattr(migrations, "CURRENT_VERSION", CURRENT_VERSION + 1)

    with pytest.raises(SaveError) as caught:
        read_game((GOLDEN / "v1-race.jsonl").read_bytes(), "v1.jsonl")

    assert caught.value.line == 1
    assert f"no upgrade is known from save format {CURRENT_VERSION}" in caught.value.reason


@pytest.mark.parametrize("version", [0, -1, "1", 1.0, True, None, [1]], ids=repr)
def test_a_version_that_is_not_a_positive_whole_number_is_refused(version):
    """Only 1, 2, 3... are versions."""
    with pytest.raises(ValueError, match="not a positive whole number"):
        upgrade({"version": version}, [])


def test_a_too_new_version_is_too_new_error():
    """A save from a newer hexmech says so, with both versions."""
    with pytest.raises(TooNewError, match=rf"format 9; this one reads up to {CURRENT_VERSION}"):
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


# ---------------------------------------------------------------- format 1 -> 2: the schema
def test_format_1_gains_schema_1():
    """The 1 -> 2 step adds "schema": 1 to the header and leaves every line alone."""
    header = {"format": "hexmech", "version": 1, "ruleset": "race"}
    lines = [{"n": 0, "command": {"type": "roll"}}, {"op": "undo", "n": 0}]

    new_header, new_lines = upgrade(header, lines, current=2)

    assert new_header == {"format": "hexmech", "version": 2, "ruleset": "race", "schema": 1}
    assert new_lines == lines


def test_a_format_1_save_reads_as_schema_1_of_its_ruleset():
    """The v1 golden (no schema in its header) loads as schema 1, upgraded to today's."""
    raw = json.loads((GOLDEN / "v1-race.jsonl").read_bytes().split(b"\n", 1)[0])

    loaded = read_game((GOLDEN / "v1-race.jsonl").read_bytes(), "v1-race.jsonl")

    assert "schema" not in raw
    assert raw["version"] == 1
    assert loaded.header["version"] == CURRENT_VERSION
    assert loaded.header["schema"] == RULESET.schema_version == 1
    assert loaded.game.state.track.positions == (13, 17, 10)


# ---------------------------------------------------------------- a ruleset's own schema chain
def rename_by(line: dict[str, object]) -> dict[str, object]:
    """Schema 1 -> 2: a move's "by" became "spaces"."""
    events = line.get("events")
    if not isinstance(events, list):
        return line
    moved = [
        {("spaces" if k == "by" else k): v for k, v in e.items()} if e["type"] == "moved" else e
        for e in events
    ]
    return {**line, "events": moved}


class SchemaRace(Race):
    """The race at schema 3: schema 1 called a move's spaces "by", schema 2 the goal "length"."""

    schema_version = 3

    def __init__(self) -> None:
        self.seen: list[object] = []
        self.migrations = {
            1: Migration(header=self.note, line=rename_by),
            2: Migration(header=self.rename_length),
        }

    def note(self, header: dict[str, object]) -> dict[str, object]:
        self.seen.append(header["schema"])
        return header

    def rename_length(self, header: dict[str, object]) -> dict[str, object]:
        self.seen.append(header["schema"])
        setup = dict(header["setup"])  # type: ignore[call-overload]
        setup["goal"] = setup.pop("length")
        return {**header, "setup": setup}


@pytest.fixture
def schema_race(monkeypatch):
    """Make "race" name a ruleset at schema 3 with two migrations."""
    fake = SchemaRace()
    monkeypatch.setitem(registry._loaded, "race", fake)
    return fake


def schema_1_lines() -> list[dict[str, object]]:
    """The v1 golden game as schema-1 data of SchemaRace, at format 2."""
    header, *rest = (
        json.loads(raw) for raw in (GOLDEN / "v1-race.jsonl").read_bytes().splitlines()
    )
    header.update(version=2, schema=1)
    header["setup"] = {"players": header["setup"]["players"], "length": header["setup"]["goal"]}
    for line in rest:
        for event in line.get("events", []):
            if event["type"] == "moved":
                event["by"] = event.pop("spaces")
    return [header, *rest]


def test_a_rulesets_migrations_run_in_order_from_the_headers_schema(schema_race):
    """Schema 1 -> 2 -> 3: each step sees the previous one's output and its own version."""
    header, *lines = schema_1_lines()

    new_header, new_lines = migrations.upgrade_schema(header, lines, schema_race)

    assert schema_race.seen == [1, 2]
    assert new_header["schema"] == 3
    assert new_header["setup"] == {"players": ["Ann", "Bo", "Cy"], "goal": 15}
    assert header["schema"] == 1  # the input is untouched
    assert header["setup"]["length"] == 15
    moved = [e for line in new_lines for e in line.get("events", []) if e["type"] == "moved"]
    assert moved
    assert all("spaces" in e and "by" not in e for e in moved)


def test_an_old_schema_save_loads_through_its_rulesets_migrations(schema_race):
    """read_game: format upgrade, then the ruleset's chain; the game is the golden one."""
    loaded = read_game(join_lines(dump_line(line) for line in schema_1_lines()), "old.jsonl")

    assert loaded.header["schema"] == 3
    assert loaded.game.setup == RaceSetup(("Ann", "Bo", "Cy"), 15)
    assert loaded.game.state.track.positions == (13, 17, 10)
    assert loaded.game.summary.result == "Bo wins"


def test_without_its_rulesets_migrations_the_old_schema_is_damage():
    """The same schema-1 data read as today's race (schema 1, no migrations) is refused."""
    with pytest.raises(SaveError) as caught:
        read_game(join_lines(dump_line(line) for line in schema_1_lines()), "old.jsonl")

    assert caught.value.line == 1
    assert "length" in caught.value.reason


def test_a_followed_save_upgrades_the_lines_appended_later(schema_race, tmp_path):
    """JournalTail applies the file's own chain to every line it reads after opening."""
    lines = [dump_line(line) for line in schema_1_lines()]
    path = tmp_path / "old.jsonl"
    path.write_bytes(join_lines(lines[:3]))
    tail = JournalTail.open(path)

    with path.open("ab") as file:
        file.write(join_lines(lines[3:]))
    update = tail.poll()

    assert update is not None
    assert update.lines == len(lines) - 3
    assert tail.game.state.track.positions == (13, 17, 10)
    assert tail.game.summary.result == "Bo wins"


def test_a_missing_rulesets_step_is_a_save_error(monkeypatch):
    """A ruleset at schema 2 with no migration from 1 cannot read a schema-1 save."""
    monkeypatch.setattr(RULESET, "schema_version", 2)

    with pytest.raises(SaveError) as caught:
        read_game((GOLDEN / "v1-race.jsonl").read_bytes(), "v1.jsonl")

    assert caught.value.line == 1
    assert caught.value.reason == "no upgrade is known from schema 1 of race"


# ---------------------------------------------------------------- a schema too new or missing
def with_header(**changes: object) -> bytes:
    """The v1 golden at format 2 (schema 1) with header keys changed (None: removed)."""
    header, *rest = (GOLDEN / "v1-race.jsonl").read_bytes().splitlines()
    data = {**json.loads(header), "version": 2, "schema": 1, **changes}
    data = {k: v for k, v in data.items() if v is not None}
    return join_lines([dump_line(data), *rest])


def test_a_save_of_a_newer_schema_is_refused_in_one_clear_line():
    """Schema 2 of race, and this hexmech reads up to 1: update hexmech."""
    with pytest.raises(SaveError) as caught:
        read_game(with_header(schema=2), "future.jsonl")

    assert str(caught.value) == (
        "future.jsonl:1: the save was written by a newer hexmech (schema 2 of race; this one "
        "reads up to 1): update hexmech to open it"
    )
    assert isinstance(caught.value.__cause__, TooNewError)


def test_the_replay_browser_lists_a_newer_schema_as_damaged(tmp_path):
    """The browser reads headers raw: it refuses a newer schema with the same reason."""
    path = tmp_path / "future.jsonl"
    path.write_bytes(with_header(schema=2))

    row = describe(path)

    assert row.status == "damaged"
    assert "schema 2 of race; this one reads up to 1" in row.reason


def test_a_current_format_header_without_a_schema_is_damage():
    """From format 2 on, the header must name its schema."""
    with pytest.raises(SaveError) as caught:
        read_game(with_header(schema=None), "noschema.jsonl")

    assert caught.value.line == 1
    assert "no 'schema'" in caught.value.reason


@pytest.mark.parametrize("schema", [0, -1, "1", 1.0, True, [1]], ids=repr)
def test_a_schema_that_is_not_a_positive_whole_number_is_damage(schema):
    """Only 1, 2, 3... are schemas."""
    with pytest.raises(SaveError, match="not a positive whole number"):
        read_game(with_header(schema=schema), "bad.jsonl")


def careless(line: dict[str, object]) -> dict[str, object]:
    """A line migration that forgets marker lines have no events."""
    return {**line, "events": list(line["events"])}  # type: ignore[call-overload]


def test_a_migration_that_chokes_on_a_line_is_a_save_error(monkeypatch):
    """read_game reports a migration's crash on odd data as damage, not a traceback."""
    monkeypatch.setattr(RULESET, "schema_version", 2)
    monkeypatch.setattr(RULESET, "migrations", {1: Migration(line=careless)})

    with pytest.raises(SaveError) as caught:
        read_game((GOLDEN / "v1-race.jsonl").read_bytes(), "v1.jsonl")

    assert "cannot be upgraded" in caught.value.reason
    assert "'events'" in caught.value.reason


def test_a_migration_that_chokes_on_an_appended_line_is_a_save_error(monkeypatch, tmp_path):
    """JournalTail reports it on the appended line's number."""
    monkeypatch.setattr(RULESET, "schema_version", 2)
    monkeypatch.setattr(RULESET, "migrations", {1: Migration(line=careless)})
    header, first, *_ = (GOLDEN / "v1-race.jsonl").read_bytes().splitlines()
    path = tmp_path / "old.jsonl"
    path.write_bytes(join_lines([header, first]))
    tail = JournalTail.open(path)

    with path.open("ab") as file:
        file.write(dump_line({"op": "undo", "n": 0}) + b"\n")
    with pytest.raises(SaveError) as caught:
        tail.poll()

    assert caught.value.line == 3
    assert "cannot be upgraded" in caught.value.reason
