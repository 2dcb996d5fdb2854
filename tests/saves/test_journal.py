"""Journals: the DESIGN 4 line format, save-then-load identity, torn tails, and SaveError."""

from __future__ import annotations

import gc
import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine.game import Accepted, KernelCode, Rejected, UndoPolicy
from saves import migrations
from saves.journal import (
    FORMAT,
    GameInUseError,
    Journal,
    SaveError,
    collector_paused,
    read_game,
)
from saves.records import Decoder
from tests.saves._support import (
    CREATED,
    FINISHED_SCRIPT,
    LONG_SCRIPT,
    SEED,
    as_format_2,
    dump_line,
    fresh_game,
    join_lines,
    json_lines,
    perform,
    play,
    write_journal,
)
from tests.support.race import RULESET, Step

NAME = "game.jsonl"


def assert_same_game(loaded, expected):
    """Two games are the same: state, cursor, log, dice, setup and undo policy."""
    assert loaded.state == expected.state
    assert loaded.cursor == expected.cursor
    assert loaded.log == expected.log
    assert loaded.dice_position == expected.dice_position
    assert loaded.setup == expected.setup
    assert loaded.undo_policy is expected.undo_policy


def cut_lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")[:-1]


def load_error(data: bytes) -> SaveError:
    with pytest.raises(SaveError) as caught:
        read_game(data, NAME)
    return caught.value


# ---------------------------------------------------------------- writing and reading back
def test_save_then_load_is_the_identity(tmp_path):
    """A journal of steps, rolls, undo/redo and rejections loads back to the same game."""
    # Arrange / Act: play the long solo script into a journal.
    journal = write_journal(tmp_path / NAME, LONG_SCRIPT, undo_policy=UndoPolicy.SOLO)
    journal.close()

    # Act
    loaded = read_game((tmp_path / NAME).read_bytes(), NAME)

    # Assert: the same game as the journal's own, and as one played without a file.
    assert_same_game(loaded.game, journal.game)
    assert_same_game(loaded.game, fresh_game(LONG_SCRIPT, undo_policy=UndoPolicy.SOLO))
    assert loaded.game.cursor < len(loaded.game.log)  # the redo list survived
    assert loaded.warnings == ()
    assert loaded.valid_bytes == len((tmp_path / NAME).read_bytes())


def test_the_file_has_a_header_and_one_line_per_accepted_change(tmp_path):
    """Line 1 is the header; then one line per accepted command, undo or redo, in order."""
    # Arrange
    journal = Journal.create(
        tmp_path / NAME,
        RULESET,
        RULESET.make_setup(None),
        created=CREATED,
        seed=SEED,
        undo_policy=UndoPolicy.SOLO,
    )

    # Act
    outcomes = play(journal, LONG_SCRIPT)
    journal.close()

    # Assert
    header, *lines = json_lines((tmp_path / NAME).read_bytes())
    assert header == {
        "format": FORMAT,
        "version": migrations.CURRENT_VERSION,
        "ruleset": "race",
        "schema": 1,
        "seed": SEED,
        "dice": None,
        "undo": "solo",
        "created": CREATED.isoformat(),
        "records": {
            "setup": "RaceSetup",
            "commands": {"resign": [], "roll": [], "step": ["spaces"]},
            "events": {
                "dice_rolled": ["player", "roll"],
                "moved": ["player", "spaces", "pace", "track:Track"],
                "turn_passed": ["to"],
                "won": ["player", "how"],
            },
            "values": {"RaceSetup": ["players", "goal"], "Track": ["positions"]},
        },
        "setup": [["Red", "Blue"], 20],
    }
    accepted = [o for o in outcomes if isinstance(o, Accepted)]
    assert len(lines) == len(accepted) == len(outcomes) - 2  # two rejections wrote nothing
    for line, outcome in zip(lines, accepted, strict=True):
        if outcome.action == "execute":
            assert set(line) == {"n", "command", "events", "dice", "seat"}
            assert line["n"] == outcome.index
            assert line["dice"] == [outcome.entry.dice_start, outcome.entry.dice_end]
            assert [e[0] for e in line["events"]] == [e.TAG for e in outcome.entry.events]
        else:
            assert line == {"op": outcome.action, "n": outcome.index}


def test_the_first_lines_read_as_documented(tmp_path):
    """An entry line holds n, the command and events as records, and the dice positions."""
    write_journal(tmp_path / NAME, ["step 2", "roll"]).close()

    header, step, roll = json_lines((tmp_path / NAME).read_bytes())

    # As written: records, the tag first, then the values in field order (saves.codec).
    assert step == {
        "n": 0,
        "command": ["step", 2],
        "events": [["moved", 0, 2, "step", [[2, 0]]], ["turn_passed", 1]],
        "dice": [0, 0],
        "seat": 0,
    }
    assert roll["command"] == ["roll"]
    assert roll["events"][0] == ["dice_rolled", 1, [6]]
    # As read back with the header's table: the dictionaries every format shares.
    decoder = Decoder.for_header(header)
    step, roll = decoder.line(step), decoder.line(roll)
    assert decoder.header(header)["setup"] == {"players": ["Red", "Blue"], "goal": 20}
    assert step == {
        "n": 0,
        "command": {"type": "step", "spaces": 2},
        "events": [
            {
                "type": "moved",
                "player": 0,
                "spaces": 2,
                "pace": "step",
                "track": {"positions": [2, 0]},
            },
            {"type": "turn_passed", "to": 1},
        ],
        "dice": [0, 0],
        "seat": 0,
    }
    assert roll["command"] == {"type": "roll"}
    assert roll["events"][0] == {"type": "dice_rolled", "player": 1, "roll": [6]}
    assert roll["dice"] == [0, 1]


def test_a_rejected_command_writes_nothing(tmp_path):
    """A rejection leaves the file byte for byte as it was, and is not fsync'ed."""
    journal = write_journal(tmp_path / NAME, ["step 1", "roll"])
    before = (tmp_path / NAME).read_bytes()

    outcomes = [
        journal.execute(RULESET.parse_command("step 7", journal.game.state)),
        journal.undo(),  # hot-seat: not past a roll
        journal.redo(),  # nothing to redo
    ]
    journal.close()

    assert all(isinstance(o, Rejected) for o in outcomes)
    assert (tmp_path / NAME).read_bytes() == before


def test_every_accepted_change_is_on_disk_when_it_returns(tmp_path, monkeypatch):
    """Each command, undo and redo is written and fsync'ed before the call returns."""
    # Arrange: watch fsync, recording what the file holds at that moment.
    path = tmp_path / NAME
    synced: list[bytes] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        real_fsync(fd)
        synced.append(path.read_bytes())

    monkeypatch.setattr(os, "fsync", spy)
    journal = write_journal(path, [], undo_policy=UndoPolicy.SOLO)

    # Act / Assert: after each accepted change, one more fsync of one more complete line.
    for word in LONG_SCRIPT:
        count = len(synced)
        outcome = perform(journal, word)
        if isinstance(outcome, Rejected):
            assert len(synced) == count
            continue
        assert len(synced) == count + 1
        assert synced[-1] == path.read_bytes()
        assert synced[-1].endswith(b"\n")
        assert synced[-1].count(b"\n") == synced[-2].count(b"\n") + 1
    journal.close()


def test_open_continues_and_appends(tmp_path):
    """Journal.open rebuilds the game and appends the next command after the last line."""
    # Arrange
    path = tmp_path / NAME
    write_journal(path, LONG_SCRIPT, undo_policy=UndoPolicy.SOLO).close()
    before = path.read_bytes()

    # Act
    with Journal.open(path) as journal:
        assert_same_game(journal.game, fresh_game(LONG_SCRIPT, undo_policy=UndoPolicy.SOLO))
        perform(journal, "redo")
        perform(journal, "step 3")

    # Assert
    after = path.read_bytes()
    assert after.startswith(before)
    assert json_lines(after[len(before) :]) == [
        {"op": "redo", "n": 9},
        json.loads(cut_lines(after)[-1]),
    ]
    script = [*LONG_SCRIPT, "redo", "step 3"]
    assert_same_game(read_game(after, NAME).game, fresh_game(script, undo_policy=UndoPolicy.SOLO))


def test_open_reports_an_unreadable_path_as_a_save_error(tmp_path):
    """A missing file is a SaveError naming it, not an OSError."""
    with pytest.raises(SaveError) as caught:
        Journal.open(tmp_path / "nope.jsonl")

    assert caught.value.path == str(tmp_path / "nope.jsonl")


def test_create_refuses_an_existing_file_and_leaves_it_alone(tmp_path):
    """Journal.create never overwrites: the file keeps its bytes."""
    path = tmp_path / NAME
    path.write_bytes(b"precious\n")

    with pytest.raises(FileExistsError):
        Journal.create(path, RULESET, RULESET.make_setup(None), created=CREATED, seed=1)

    assert path.read_bytes() == b"precious\n"


def test_create_needs_a_seed_or_scripted_dice(tmp_path):
    """A game without dice cannot start, and no file is made."""
    with pytest.raises(ValueError, match="seed or scripted dice"):
        Journal.create(tmp_path / NAME, RULESET, RULESET.make_setup(None), created=CREATED)

    assert not (tmp_path / NAME).exists()


def test_create_makes_the_missing_directory(tmp_path):
    """A save in a directory that does not exist yet creates the directory."""
    path = tmp_path / "a" / "b" / NAME

    write_journal(path, ["step 1"]).close()

    assert read_game(path.read_bytes()).game.cursor == 1


def test_scripted_dice_are_stored_and_replayed(tmp_path):
    """A game with --dice stores the script; loading uses it, not a seed."""
    path = tmp_path / NAME
    journal = Journal.create(
        path, RULESET, RULESET.make_setup(None), created=CREATED, scripted=(4, 2)
    )
    play(journal, ["roll", "roll"])
    journal.close()

    loaded = read_game(path.read_bytes(), NAME)

    assert loaded.header["dice"] == [4, 2]
    assert loaded.header["seed"] is None
    assert loaded.game.state.track.positions == (4, 2)
    assert loaded.game.dice_position == 2


def test_same_seed_and_commands_give_the_same_bytes(tmp_path):
    """Two journals of one game differ only in their "created" field."""
    # Arrange / Act
    first = write_journal(tmp_path / "a.jsonl", LONG_SCRIPT, undo_policy=UndoPolicy.SOLO)
    second = write_journal(
        tmp_path / "b.jsonl",
        LONG_SCRIPT,
        undo_policy=UndoPolicy.SOLO,
        created=datetime(2030, 6, 7, 8, 9, 10, tzinfo=UTC),
    )
    first.close()
    second.close()

    # Assert
    a_header, *a_lines = cut_lines((tmp_path / "a.jsonl").read_bytes())
    b_header, *b_lines = cut_lines((tmp_path / "b.jsonl").read_bytes())
    assert a_lines == b_lines
    a_data, b_data = json.loads(a_header), json.loads(b_header)
    assert a_data.pop("created") != b_data.pop("created")
    assert a_data == b_data
    assert a_header.replace(CREATED.isoformat().encode(), b"") == b_header.replace(
        b"2030-06-07T08:09:10+00:00", b""
    )


# ---------------------------------------------------------------- torn tails
@pytest.mark.parametrize(
    "script", [LONG_SCRIPT, FINISHED_SCRIPT], ids=["marker last", "entry last"]
)
def test_a_cut_anywhere_in_the_last_line_loses_only_that_line(tmp_path, script):
    """For every byte offset inside the last line, everything before it loads, with a warning."""
    # Arrange
    path = tmp_path / NAME
    write_journal(path, script, undo_policy=UndoPolicy.SOLO).close()
    data = path.read_bytes()
    start = data.rstrip(b"\n").rfind(b"\n") + 1
    expected = read_game(data[:start], NAME).game

    for cut in range(start + 1, len(data) - 1):
        # Act
        loaded = read_game(data[:cut], NAME)

        # Assert
        assert_same_game(loaded.game, expected)
        assert loaded.valid_bytes == start
        (warning,) = loaded.warnings
        number = data.count(b"\n")
        assert warning.startswith(f"{NAME}:{number}: dropped a half-written last line")


def test_a_half_line_too_deep_to_parse_is_dropped_like_any_other(tmp_path):
    """An unterminated last line nested past the parser's limit is a torn tail, not a crash."""
    path = tmp_path / NAME
    write_journal(path, FINISHED_SCRIPT[:3]).close()
    data = path.read_bytes()

    loaded = read_game(data + b"[" * 100_000, NAME)

    assert loaded.game.cursor == 3
    assert loaded.valid_bytes == len(data)
    assert len(loaded.warnings) == 1


def test_a_torn_tail_is_cut_off_when_the_game_continues(tmp_path):
    """After Journal.open drops a half line, the next command leaves a well-formed file."""
    path = tmp_path / NAME
    write_journal(path, FINISHED_SCRIPT[:6]).close()
    data = path.read_bytes()
    start = data.rstrip(b"\n").rfind(b"\n") + 1

    for cut in range(start + 1, len(data) - 1, 7):
        # Arrange: a file whose last line stops halfway.
        path.write_bytes(data[:cut])

        # Act
        with Journal.open(path) as journal:
            assert len(journal.warnings) == 1
            perform(journal, "step 1")

        # Assert
        repaired = path.read_bytes()
        assert repaired.startswith(data[:start])
        loaded = read_game(repaired, NAME)
        assert loaded.warnings == ()
        assert_same_game(loaded.game, fresh_game([*FINISHED_SCRIPT[:5], "step 1"]))


def test_a_complete_last_line_without_its_newline_is_kept(tmp_path):
    """A last line that is whole JSON but lacks its newline is kept; the next write ends it."""
    # Arrange
    path = tmp_path / NAME
    write_journal(path, FINISHED_SCRIPT[:4]).close()
    path.write_bytes(path.read_bytes()[:-1])

    # Act
    loaded = read_game(path.read_bytes(), NAME)
    with Journal.open(path) as journal:
        perform(journal, "roll")

    # Assert
    assert loaded.warnings == ()
    assert loaded.game.cursor == 4
    data = path.read_bytes()
    assert len(cut_lines(data)) == 6
    assert data.endswith(b"\n")
    assert_same_game(read_game(data, NAME).game, fresh_game([*FINISHED_SCRIPT[:4], "roll"]))


def test_a_cut_inside_the_header_is_a_save_error(tmp_path):
    """A file that stops inside its first line is not a save, wherever the cut is."""
    path = tmp_path / NAME
    write_journal(path, []).close()
    header = path.read_bytes()

    for cut in range(1, len(header) - 1):
        error = load_error(header[:cut])
        assert error.path == NAME
        assert error.line == 1
        assert "first line is incomplete" in error.reason


def test_a_header_without_its_newline_is_a_game_with_no_moves(tmp_path):
    """A header line written whole but for its newline is a new game."""
    path = tmp_path / NAME
    write_journal(path, []).close()

    loaded = read_game(path.read_bytes()[:-1], NAME)

    assert loaded.game.cursor == 0
    assert loaded.warnings == ()


# ---------------------------------------------------------------- SaveError: file, line, reason
@pytest.fixture
def good(tmp_path) -> list[bytes]:
    """The lines of a short game: header, step, roll (a 6: Blue goes again), step, undo."""
    path = tmp_path / NAME
    write_journal(path, ["step 2", "roll", "step 1", "step 3", "undo"]).close()
    return cut_lines(as_format_2(path.read_bytes()))


def replace_json(line: bytes, **changes: object) -> bytes:
    data = json.loads(line)
    data.update(changes)
    return dump_line(data)


def damaged_files(good: list[bytes]) -> dict[str, tuple[bytes, int | None, str]]:
    """Name -> (file bytes, the line SaveError must name, words its reason must contain)."""
    header, step, roll, step2, step3, _undo = good
    header_data = json.loads(header)
    entry = json.loads(step)
    return {
        "bad JSON on line 3": (
            join_lines([header, step, b'{"n": 1, "command": ', step2]),
            3,
            "not valid JSON",
        ),
        "a non-object line": (join_lines([header, b"[1, 2]", roll]), 2, "a JSON object"),
        "out of order": (join_lines([header, roll, step]), 2, "numbered 1 where 0"),
        "duplicated line": (join_lines([header, step, step, roll]), 3, "numbered 0 where 1"),
        "missing line": (join_lines([header, step, step2]), 3, "numbered 2 where 1"),
        "missing roll, renumbered": (
            join_lines([header, step, replace_json(step2, n=1), replace_json(step3, n=2)]),
            3,  # numbering cannot hide it: step2 starts at dice 1, but no die was rolled yet
            "the dice positions [1, 1] do not follow",
        ),
        "unknown ruleset": (
            join_lines([replace_json(header, ruleset="chess"), step]),
            1,
            "unknown ruleset 'chess'",
        ),
        "unknown event type": (
            join_lines([header, dump_line({**entry, "events": [{"type": "teleported"}]})]),
            2,
            "unknown event type 'teleported'",
        ),
        "extra key in an event": (
            join_lines([header, dump_line({**entry, "events": [{**entry["events"][1], "by": 2}]})]),
            2,
            "extra fields",
        ),
        "extra key on an entry line": (
            join_lines([header, replace_json(step, remark="hi")]),
            2,
            "exactly the keys",
        ),
        "a note that is not text": (
            join_lines([header, replace_json(step, note=["hi"])]),
            2,
            "the note ['hi'] is not a line of text",
        ),
        "a seat that is not a number": (
            join_lines([header, replace_json(step, seat="Red")]),
            2,
            "the seat 'Red' is not a seat number",
        ),
        "a negative seat": (join_lines([header, replace_json(step, seat=-1)]), 2, "seat -1"),
        "a seat that is true": (join_lines([header, replace_json(step, seat=True)]), 2, "True"),
        "extra key in the setup": (
            join_lines([replace_json(header, setup={**header_data["setup"], "laps": 3})]),
            1,
            "extra fields found (laps) @ $.setup",
        ),
        "too new": (join_lines([replace_json(header, version=99), step]), 1, "newer hexmech"),
        "version not a number": (join_lines([replace_json(header, version="1")]), 1, "version"),
        "empty file": (b"", None, "empty"),
        "not hexmech: text": (b"hello, world\n", 1, "not a hexmech save"),
        "not hexmech: other JSON": (
            b'{"format": "btsave", "version": 1}\n',
            1,
            "not a hexmech save",
        ),
        "header is a list": (b"[1]\n", 1, "not a hexmech save"),
        "bad undo policy": (
            join_lines([replace_json(header, undo="sometimes")]),
            1,
            "cannot start",
        ),
        "no seed nor dice": (join_lines([replace_json(header, seed=None)]), 1, "neither a seed"),
        "seed of the wrong kind": (join_lines([replace_json(header, seed="5")]), 1, "'seed'"),
        "undo of the wrong entry": (
            join_lines([header, step, roll, step2, step3, dump_line({"op": "undo", "n": 1})]),
            6,
            "undo of entry 1 where 3 was expected",
        ),
        "undo past a roll in hot-seat": (
            join_lines([header, step, roll, dump_line({"op": "undo", "n": 1})]),
            4,
            "the game does not allow this undo: Dice have been rolled",
        ),
        "a marker with another op": (
            join_lines([header, step, dump_line({"op": "rewind", "n": 0})]),
            3,
            "marker",
        ),
        "a marker with a list op": (
            join_lines([header, step, dump_line({"op": [], "n": 0})]),
            3,
            "marker",
        ),
        "redo with nothing to redo": (
            join_lines([header, step, dump_line({"op": "redo", "n": 1})]),
            3,
            "the game does not allow this redo: There is nothing to redo.",
        ),
        "a blank line": (join_lines([header, step, b"", roll]), 3, "not valid JSON"),
        "non-UTF-8 bytes": (
            join_lines([header, step, b'{"n": 1, "\xff\xfe": 0}']),
            3,
            "not valid JSON",
        ),
        "events not a list": (
            join_lines([header, dump_line({**entry, "events": {}})]),
            2,
            "'events' must be a list",
        ),
        "winner who is not playing": (
            join_lines(
                [header, dump_line({**entry, "events": [{"type": "won", "player": 7, "how": "x"}]})]
            ),
            2,
            "cannot be applied",
        ),
        "scripted dice past their end": (
            join_lines(
                [replace_json(header, seed=None, dice=[3]), replace_json(roll, n=0, dice=[0, 2])]
            ),
            2,
            "outside the 1 scripted dice",
        ),
        "deep nesting": (
            join_lines([header, b"[" * 100_000 + b"]" * 100_000]),
            2,
            "not valid JSON",
        ),
    }


CASES = [
    "bad JSON on line 3",
    "a non-object line",
    "out of order",
    "duplicated line",
    "missing line",
    "missing roll, renumbered",
    "unknown ruleset",
    "unknown event type",
    "extra key in an event",
    "extra key on an entry line",
    "a note that is not text",
    "a seat that is not a number",
    "a negative seat",
    "a seat that is true",
    "extra key in the setup",
    "too new",
    "version not a number",
    "empty file",
    "not hexmech: text",
    "not hexmech: other JSON",
    "header is a list",
    "bad undo policy",
    "no seed nor dice",
    "seed of the wrong kind",
    "undo of the wrong entry",
    "undo past a roll in hot-seat",
    "a marker with another op",
    "a marker with a list op",
    "redo with nothing to redo",
    "a blank line",
    "non-UTF-8 bytes",
    "events not a list",
    "winner who is not playing",
    "scripted dice past their end",
    "deep nesting",
]


def test_every_damage_case_is_run(good):
    """The parametrized list below names every case damaged_files builds."""
    assert sorted(damaged_files(good)) == sorted(CASES)


@pytest.mark.parametrize("case", CASES)
def test_damage_is_a_save_error_with_file_line_and_reason(good, case):
    """Every kind of damage gives a SaveError that says where and why, in one line."""
    data, line, words = damaged_files(good)[case]

    error = load_error(data)

    assert error.path == NAME
    assert error.line == line
    assert words in error.reason
    where = NAME if line is None else f"{NAME}:{line}"
    assert str(error) == f"{where}: {error.reason}"
    assert "\n" not in str(error)


def test_an_unknown_key_in_an_event_names_its_json_path(good):
    """A bad value deep in an event is reported with its path."""
    header, step, *_ = good
    entry = json.loads(step)
    moved = entry["events"][0]
    bad = {**moved, "track": {"positions": [2, "far"]}}

    error = load_error(join_lines([header, dump_line({**entry, "events": [bad]})]))

    assert error.line == 2
    assert "$.events[0].track.positions[1]" in error.reason


def test_save_error_formats_file_line_and_reason():
    """str(SaveError) is "file:line: reason", or "file: reason" without a line."""
    assert str(SaveError("a.jsonl", "bad", 3)) == "a.jsonl:3: bad"
    assert str(SaveError(Path("dir/a.jsonl"), "bad")) == "dir/a.jsonl: bad"
    error = SaveError("a.jsonl", "bad", 3)
    assert (error.path, error.line, error.reason) == ("a.jsonl", 3, "bad")


def test_open_refuses_a_damaged_file_without_touching_it(tmp_path, good):
    """Journal.open on a damaged save raises SaveError and changes nothing."""
    header, step, roll, *_ = good
    path = tmp_path / "damaged.jsonl"
    data = join_lines([header, roll, step])
    path.write_bytes(data)

    with pytest.raises(SaveError) as caught:
        Journal.open(path)

    assert caught.value.path == str(path)
    assert caught.value.line == 2
    assert path.read_bytes() == data


# ---------------------------------------------------------------- seats and second writers
STALE_FILE = Rejected(
    KernelCode.STALE, "This game was changed in another window: open it again to go on."
)


def test_a_second_writer_on_the_same_file_is_refused(tmp_path):
    """Two windows open one save: the second is refused while the first has it open (issue 19)."""
    # Arrange
    path = tmp_path / NAME
    write_journal(path, ["step 1"]).close()
    first = Journal.open(path)

    # Act
    with pytest.raises(GameInUseError) as refused:
        Journal.open(path)
    accepted = first.execute(Step(2))

    # Assert: one line; the first goes on; once it is closed the game opens again.
    assert str(refused.value) == f"this game is open in another window ({path})"
    assert isinstance(accepted, Accepted)
    first.close()
    with Journal.open(path) as again:
        assert again.game.cursor == 2


def test_a_file_another_program_appended_to_is_refused(tmp_path):
    """A program that does not lock appends a line: the journal refuses and writes nothing."""
    path = tmp_path / NAME
    with write_journal(path, ["step 1"]) as journal:
        with path.open("ab") as other:
            other.write(b"{}\n")
        after = path.read_bytes()
        assert [journal.execute(Step(3)), journal.undo(), journal.redo()] == [STALE_FILE] * 3
        assert path.read_bytes() == after


def test_a_file_cut_or_replaced_by_another_program_is_refused(tmp_path):
    """A journal whose file shrank, or was replaced by another file, writes nothing more."""
    path = tmp_path / NAME
    with write_journal(path, ["step 1", "step 2"]) as journal:
        data = path.read_bytes()
        path.write_bytes(data[: data.rindex(b"\n", 0, len(data) - 1) + 1])  # drop the last line
        assert journal.execute(Step(1)) == STALE_FILE
    with Journal.open(path) as journal:
        (tmp_path / "other.jsonl").write_bytes(path.read_bytes())
        (tmp_path / "other.jsonl").replace(path)  # same size, another file
        assert journal.execute(Step(1)) == STALE_FILE


def test_entry_seats_round_trip_through_a_save(tmp_path):
    """The seat of each entry is written as "seat" and read back; a line without one is None."""
    # Arrange: Red with its seat given, Blue hot-seat (recorded as the one due), one old line.
    path = tmp_path / NAME
    with write_journal(path, []) as journal:
        journal.execute(Step(1), seat=0)
        journal.execute(Step(2))
        journal.execute(Step(3), seat=0)
    header, *lines = cut_lines(path.read_bytes())
    old = json.loads(lines[-1])
    del old["seat"]
    path.write_bytes(join_lines([header, *lines[:-1], dump_line(old)]))

    # Act
    with Journal.open(path) as journal:
        seats = [entry.seat for entry in journal.game.log]
        version = journal.game.version

    # Assert
    assert [json.loads(line)["seat"] for line in lines] == [0, 1, 0]
    assert seats == [0, 1, None]
    assert version == 3  # one per line after the header


def test_journal_refusals_by_seat_and_version_write_nothing(tmp_path):
    """A seat not due, a stale version and another seat's undo are refused without writing."""
    path = tmp_path / NAME
    with write_journal(path, []) as journal:
        journal.execute(Step(1), seat=0)
        before = path.read_bytes()

        outcomes = [
            journal.execute(Step(1), seat=0),  # Blue's turn now
            journal.execute(Step(1), seat=1, expected=0),  # saw the game before Red moved
            journal.undo(1),  # Red's move
            journal.undo(0, expected=0),
        ]

        assert [o.code for o in outcomes] == [  # type: ignore[union-attr]
            KernelCode.SEAT_NOT_DUE,
            KernelCode.STALE,
            KernelCode.UNDO_NOT_YOURS,
            KernelCode.STALE,
        ]
        assert path.read_bytes() == before
        assert isinstance(journal.undo(0, expected=1), Accepted)
        assert isinstance(journal.redo(0, expected=2), Accepted)
        assert isinstance(journal.execute(Step(2), seat=1, expected=3), Accepted)


def test_loading_pauses_the_garbage_collector_and_restores_it_even_on_damage() -> None:
    """The collector is off while a game is built, and as it was afterwards, also after an error."""
    # Arrange: the collector is on, as in any program.
    assert gc.isenabled()
    seen = []
    with collector_paused():
        seen.append(gc.isenabled())
    with pytest.raises(SaveError), collector_paused():
        read_game(b'{"format": "hexmech", "version": 99}\n', "bad")
    # Assert: off inside, on again after both the clean exit and the error.
    assert seen == [False]
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # a caller's own choice is kept
    finally:
        gc.enable()
