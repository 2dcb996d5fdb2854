"""Issue 19, items 4 and 5: two writers, a full disk, permissions; nothing acknowledged is lost."""

from __future__ import annotations

import errno
import multiprocessing
import os
from pathlib import Path

import attrs
import pytest

from engine.game import Accepted
from saves import journal as journal_module
from saves.journal import NO_SPACE, GameInUseError, Journal, JournalWriteError, read_game
from saves.tail import JournalTail
from tests.saves._support import CREATED, play, write_journal
from tests.support.race import RULESET, Step
from tests.support.scores import ANN
from tui.papermech.scores import BOOK

NAME = "game.jsonl"
ROOT = os.geteuid() == 0 if hasattr(os, "geteuid") else False


def no_space(*_: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def new_journal(path: Path) -> Journal:
    return Journal.create(path, RULESET, RULESET.make_setup(None), created=CREATED, seed=5)


# ---------------------------------------------------------------- two writers
def test_a_second_journal_on_an_open_save_is_refused_in_one_line(tmp_path):
    """The lock lasts from create to close: a second writer is refused; after close it may open."""
    path = tmp_path / NAME
    first = write_journal(path, ["step 1"])
    before = path.read_bytes()

    with pytest.raises(GameInUseError) as refused:
        Journal.open(path)

    assert str(refused.value) == f"this game is open in another window ({path})"
    assert "\n" not in str(refused.value)
    assert path.read_bytes() == before
    assert isinstance(first.execute(Step(2)), Accepted)
    first.close()
    first.close()  # closing twice is harmless
    with Journal.open(path) as again:
        assert again.game.cursor == 2


def test_readers_read_a_locked_save_freely(tmp_path):
    """read_game and a spectator's tail never take the lock: they read while a game is played."""
    path = tmp_path / NAME
    with write_journal(path, ["step 1"]) as journal:
        tail = JournalTail.open(path)
        journal.execute(Step(2))
        update = tail.poll()
        loaded = read_game(path.read_bytes(), NAME)

    assert update is not None
    assert tail.game.cursor == 2
    assert loaded.game.cursor == 2


def test_open_never_cuts_a_file_another_writer_holds(tmp_path):
    """A writer mid-line (its half line on disk): a second open is refused and cuts nothing.

    Before the lock, the second open read the file, judged the line half-written, reopened the
    file and cut it: the first writer's line was lost.
    """
    path = tmp_path / NAME
    with write_journal(path, ["step 1"]):
        with path.open("ab") as in_flight:
            in_flight.write(b'{"n":1,"comm')
        data = path.read_bytes()

        with pytest.raises(GameInUseError):
            Journal.open(path)

        assert path.read_bytes() == data


def test_open_repairs_through_its_own_handle(tmp_path, monkeypatch):
    """The file is read, repaired and cut through the one locked handle, never by its name."""
    path = tmp_path / NAME
    write_journal(path, ["step 1"]).close()
    with path.open("ab") as half:
        half.write(b'{"n":1,"comm')

    def refuse(*_: object) -> bytes:
        raise AssertionError("read by name")

    monkeypatch.setattr(Path, "read_bytes", refuse)
    with Journal.open(path) as journal:
        assert journal.game.cursor == 1
        assert len(journal.warnings) == 1
        assert isinstance(journal.execute(Step(2)), Accepted)
    monkeypatch.undo()
    assert read_game(path.read_bytes(), NAME).game.cursor == 2


def _add_scores(path: str, who: str, count: int) -> None:
    for number in range(count):
        BOOK.add(Path(path), attrs.evolve(ANN, name=f"{who}{number}", score=number), keep=10_000)


def test_two_processes_adding_scores_keep_every_entry(tmp_path):
    """Two programs add 200 scores each to one table at once: all 400 are kept."""
    path = tmp_path / "scores.json"
    context = multiprocessing.get_context("fork")
    writers = [
        context.Process(target=_add_scores, args=(str(path), who, 200)) for who in ("a", "b")
    ]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=120)

    assert [writer.exitcode for writer in writers] == [0, 0]
    names = {entry.name for entry in BOOK.load(path).entries}
    assert len(names) == 400


# ---------------------------------------------------------------- a full disk
def test_a_full_disk_mid_game_acknowledges_nothing_and_stops_the_game(tmp_path, monkeypatch):
    """A failed fsync: the move is not applied nor left in the file; later ones are refused."""
    path = tmp_path / NAME
    journal = write_journal(path, ["step 1"])
    before = path.read_bytes()
    monkeypatch.setattr(os, "fsync", no_space)

    with pytest.raises(JournalWriteError) as failed:
        journal.execute(Step(2))

    assert str(failed.value) == NO_SPACE
    assert journal.game.cursor == 1
    assert path.read_bytes() == before
    for again in (lambda: journal.execute(Step(3)), journal.undo, journal.redo):
        with pytest.raises(JournalWriteError, match="no space left"):
            again()
    assert journal.failure is failed.value
    journal.close()  # never raises again
    journal.close()
    monkeypatch.undo()
    assert read_game(path.read_bytes(), NAME).game.cursor == 1


def test_a_half_written_line_on_a_full_disk_is_cut_off(tmp_path, monkeypatch):
    """The disk fills in the middle of a line: the part on disk is cut, the file loads as before."""
    path = tmp_path / NAME
    journal = write_journal(path, ["step 1"])
    before = path.read_bytes()
    real = journal_module._write_all

    def half_then_full(file, data: bytes) -> None:
        real(file, data[: len(data) // 2])
        no_space()

    monkeypatch.setattr(journal_module, "_write_all", half_then_full)

    with pytest.raises(JournalWriteError, match="no space left"):
        journal.undo()

    journal.close()
    assert path.read_bytes() == before


def test_a_full_disk_at_creation_leaves_no_file(tmp_path, monkeypatch):
    """The header cannot be saved: one line, and no 0-byte (or half) save is left."""
    path = tmp_path / NAME
    monkeypatch.setattr(os, "fsync", no_space)

    with pytest.raises(JournalWriteError) as failed:
        new_journal(path)

    assert str(failed.value) == (
        f"cannot create {path}: no space left on device (free some space and start again)"
    )
    assert not path.exists()
    monkeypatch.undo()
    new_journal(path).close()  # the name is free again


# ---------------------------------------------------------------- permissions
def _deny(*_: object, **__: object) -> None:
    raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))


def test_a_read_only_folder_is_one_line(tmp_path, monkeypatch):
    """No write permission on the folder: what failed and what to do, and no file."""
    path = tmp_path / "locked" / NAME
    path.parent.mkdir()
    if ROOT:  # root writes anywhere: make the open fail as it would for a player
        monkeypatch.setattr(Path, "open", _deny)
    else:
        path.parent.chmod(0o555)

    with pytest.raises(JournalWriteError) as failed:
        new_journal(path)

    path.parent.chmod(0o755)
    assert str(failed.value) == (
        f"cannot create {path}: permission denied (save the game in a folder you can write to)"
    )
    assert not path.exists()


def test_a_read_only_save_is_one_line(tmp_path, monkeypatch):
    """A 0444 save cannot be continued: one line, and the file is left as it is."""
    path = tmp_path / NAME
    play_path = write_journal(path, ["step 1"])
    play_path.close()
    path.chmod(0o444)
    before = path.read_bytes()
    if ROOT:
        monkeypatch.setattr(Path, "open", _deny)

    with pytest.raises(JournalWriteError) as failed:
        Journal.open(path)

    assert str(failed.value) == (
        f"cannot write to {path}: permission denied "
        "(make the file writable to go on playing, or replay it instead)"
    )
    monkeypatch.undo()
    assert path.read_bytes() == before


def test_a_save_made_read_only_during_play_stops_the_game(tmp_path, monkeypatch):
    """A write refused by the system mid-game: one line, nothing acknowledged."""
    path = tmp_path / NAME
    journal = write_journal(path, [])
    play(journal, ["step 1"])
    before = path.read_bytes()

    def denied(file, data: bytes) -> None:
        _deny()

    monkeypatch.setattr(journal_module, "_write_all", denied)

    with pytest.raises(JournalWriteError, match="permission denied"):
        journal.execute(Step(2))

    journal.close()
    assert path.read_bytes() == before
    assert journal.game.cursor == 1
