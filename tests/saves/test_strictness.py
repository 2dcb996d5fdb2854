"""A save is never misread: strict values, strict headers, and disk never behind memory."""

from __future__ import annotations

import json

import pytest

from engine.game import Accepted, Rejected
from saves.journal import Journal, SaveError, read_game
from tests.saves._support import (
    CREATED,
    FINISHED_SCRIPT,
    as_format_2,
    join_lines,
    json_lines,
    write_journal,
)
from tests.support.race import RULESET, RaceSetup, Step


def lines_of(tmp_path, script) -> list[dict]:
    path = tmp_path / "g.jsonl"
    write_journal(path, script).close()
    return json_lines(as_format_2(path.read_bytes()))


def encode(lines: list[dict]) -> bytes:
    return join_lines(json.dumps(line).encode() for line in lines)


@pytest.mark.parametrize("value", ["2", 2.7, True, None])
def test_a_number_of_the_wrong_kind_is_damage_not_a_conversion(tmp_path, value) -> None:
    """``"spaces": "2"`` (or 2.7, true, null) is reported with its path, never read as 2 or 1."""
    lines = lines_of(tmp_path, ["step 2"])
    lines[1]["command"]["spaces"] = value
    with pytest.raises(SaveError) as caught:
        read_game(encode(lines), "g.jsonl")
    assert caught.value.line == 2
    assert "$.command" in caught.value.reason


def test_a_string_field_must_hold_a_string(tmp_path) -> None:
    """A number where a player's name belongs is damage in the header's setup."""
    lines = lines_of(tmp_path, ["step 2"])
    lines[0]["setup"]["players"] = ["Red", 7]
    with pytest.raises(SaveError, match=r"\$\.setup\.players\[1\]"):
        read_game(encode(lines), "g.jsonl")


def test_an_entry_number_of_true_is_not_entry_1(tmp_path) -> None:
    """JSON ``true`` is not the integer 1 in sequence numbers."""
    lines = lines_of(tmp_path, ["step 1", "step 1"])
    lines[2]["n"] = True
    with pytest.raises(SaveError, match="entry numbered True where 1 was expected"):
        read_game(encode(lines), "g.jsonl")


def test_an_unknown_header_key_is_damage(tmp_path) -> None:
    """The header is as strict as the lines below it."""
    lines = lines_of(tmp_path, ["step 1"])
    lines[0]["cheat"] = True
    with pytest.raises(SaveError, match="unknown keys: cheat") as caught:
        read_game(encode(lines), "g.jsonl")
    assert caught.value.line == 1


def test_an_entry_after_the_game_ended_is_damage(tmp_path) -> None:
    """Play refuses commands after a result, and so does loading."""
    lines = lines_of(tmp_path, FINISHED_SCRIPT)
    extra = {**lines[-1], "n": lines[-1]["n"] + 1}
    with pytest.raises(SaveError, match="after the game had ended"):
        read_game(encode([*lines, extra]), "g.jsonl")


def test_a_failed_write_leaves_the_game_as_it_was(tmp_path, monkeypatch) -> None:
    """Disk never falls behind memory: when the line cannot be written, nothing is applied."""
    journal = write_journal(tmp_path / "g.jsonl", ["step 1"])
    before = (journal.game.state, journal.game.cursor, journal.game.log)

    def full_disk(_data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal._file, "write", full_disk)
    for action in (lambda: journal.execute(Step(2)), journal.undo):
        with pytest.raises(OSError, match=r"(?i)no space"):
            action()
        assert (journal.game.state, journal.game.cursor, journal.game.log) == before
    monkeypatch.undo()
    journal.close()
    assert read_game((tmp_path / "g.jsonl").read_bytes()).game.cursor == 1


def test_any_python_string_can_be_saved_and_read_back(tmp_path) -> None:
    """Names with accents, emoji, even a lone surrogate, make a writable, readable line."""
    players = ("Zoë", "🤖", "bad\udc80")
    path = tmp_path / "names.jsonl"
    with Journal.create(path, RULESET, RaceSetup(players=players), created=CREATED, seed=1) as j:
        assert isinstance(j.execute(Step(1)), Accepted)
    path.read_bytes().decode("ascii")  # every line is plain ASCII with JSON escapes
    loaded = read_game(path.read_bytes())
    assert loaded.game.state.setup.players == players
    assert loaded.game.cursor == 1


def test_decide_does_not_change_the_game(tmp_path) -> None:
    """``Game.decide`` only looks: state, log and dice stay where they were."""
    journal = write_journal(tmp_path / "g.jsonl", ["step 1"])
    game = journal.game
    before = (game.state, game.cursor, game.log, game.dice_position)
    entry = game.decide(RULESET.parse_command("roll", game.state))
    assert not isinstance(entry, Rejected)
    assert entry.rolled
    assert (game.state, game.cursor, game.log, game.dice_position) == before
    journal.close()
