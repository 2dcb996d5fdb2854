"""Where saves live and how they are listed: newest first, damaged ones flagged, never raised."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from saves.store import (
    SUFFIX,
    delete_save,
    describe_save,
    list_saves,
    new_save_path,
)
from tests.saves._support import (
    CREATED,
    FINISHED_SCRIPT,
    LONG_SCRIPT,
    dump_line,
    join_lines,
    write_journal,
)

REPO = Path(__file__).resolve().parents[2]


def save(path: Path, script=("step 1",), mtime: float | None = None) -> Path:
    write_journal(path, script).close()
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


# ---------------------------------------------------------------- listing
def test_saves_are_listed_newest_first(tmp_path):
    """list_saves orders by modification time, newest first."""
    # Arrange: three saves written in one order, touched in another.
    old = save(tmp_path / "old.jsonl", mtime=1_000_000)
    new = save(tmp_path / "new.jsonl", mtime=3_000_000)
    middle = save(tmp_path / "middle.jsonl", mtime=2_000_000)

    # Act
    infos = list_saves(tmp_path)

    # Assert
    assert [info.path for info in infos] == [new, middle, old]


def test_a_listed_save_is_summarised(tmp_path):
    """Each entry says ruleset, title, when it began, how far it got, who plays, its size."""
    path = save(tmp_path / "game.jsonl", LONG_SCRIPT[:3])

    (info,) = list_saves(tmp_path)

    assert info.path == path
    assert info.ruleset == "race"
    assert info.title == "Race (test ruleset)"
    assert info.created == CREATED
    assert info.entries == 3
    assert info.turn == "turn 2"  # Red stepped, Blue rolled a 6 and went again
    assert info.status == "in progress"
    assert info.result is None
    assert info.players == ("Red", "Blue")
    assert info.size == path.stat().st_size
    assert info.error is None


def test_a_finished_game_is_listed_with_its_result(tmp_path):
    """A won race shows "finished" and the winner."""
    save(tmp_path / "won.jsonl", FINISHED_SCRIPT)

    (info,) = list_saves(tmp_path)

    assert info.status == "finished"
    assert info.result == "Red wins"
    assert info.entries == 13


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\x00\xffjunk\x80\n\x01", "not a hexmech save"),
        (b"", "empty"),
        (
            (
                b'{"format":"hexmech","version":1,"ruleset":"chess","seed":1,"dice":null,'
                b'"undo":"hotseat","created":"2026-01-01T00:00:00+00:00","setup":{}}\n'
            ),
            "unknown ruleset 'chess'",
        ),
    ],
    ids=["junk bytes", "empty file", "unknown ruleset"],
)
def test_a_damaged_save_is_listed_with_a_one_line_error(tmp_path, content, words):
    """A bad file is listed as damaged, with why, and does not hide the good saves."""
    # Arrange
    good = save(tmp_path / "good.jsonl", mtime=1_000_000)
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(content)
    os.utime(bad, (2_000_000, 2_000_000))

    # Act
    infos = list_saves(tmp_path)

    # Assert
    assert [info.path for info in infos] == [bad, good]
    damaged, fine = infos
    assert damaged.status == "damaged"
    assert damaged.error is not None
    assert words in damaged.error
    assert damaged.error.startswith("bad.jsonl")
    assert "\n" not in damaged.error
    assert damaged.size == len(content)
    assert damaged.created is None
    assert fine.status == "in progress"


def test_a_save_whose_state_cannot_be_summarised_is_listed_as_damaged(tmp_path):
    """A file whose events give a state the ruleset cannot describe is damage, not a crash."""
    # Arrange: Red's step rewritten so that player 7, who is not in the race, wins.
    path = save(tmp_path / "odd.jsonl")
    header, entry = path.read_bytes().splitlines()
    data = json.loads(entry)
    data["events"] = [["won", 7, "edited"]]  # a record: the tag, then player and how
    path.write_bytes(join_lines([header, dump_line(data)]))

    # Act
    (info,) = list_saves(tmp_path)

    # Assert
    assert info.status == "damaged"
    assert info.error is not None
    assert info.error.startswith("odd.jsonl:2: the events cannot be applied")


def test_a_torn_save_is_listed_as_a_game_not_damage(tmp_path):
    """A half-written last line costs one command, not the save."""
    path = save(tmp_path / "torn.jsonl", FINISHED_SCRIPT[:4])
    path.write_bytes(path.read_bytes()[:-10])

    (info,) = list_saves(tmp_path)

    assert info.status == "in progress"
    assert info.entries == 3


def test_a_directory_named_like_a_save_is_not_listed(tmp_path):
    """Only files are saves."""
    save(tmp_path / "good.jsonl")
    (tmp_path / "folder.jsonl").mkdir()

    infos = list_saves(tmp_path)

    assert [info.path.name for info in infos] == ["good.jsonl"]


def test_describe_save_reports_an_os_error_in_one_line(tmp_path):
    """A save that vanished before it was read is damaged, with the OS's reason."""
    info = describe_save(tmp_path / "gone.jsonl")

    assert info.status == "damaged"
    assert info.error == "gone.jsonl: No such file or directory"
    assert info.size == 0


def test_a_bad_created_time_is_shown_as_unknown(tmp_path):
    """A header whose "created" is not a time still lists, with created None."""
    path = save(tmp_path / "game.jsonl")
    data = path.read_bytes().replace(CREATED.isoformat().encode(), b"yesterday")
    path.write_bytes(data)

    (info,) = list_saves(tmp_path)

    assert info.created is None
    assert info.status == "in progress"


def test_a_missing_directory_has_no_saves(tmp_path):
    """A saves directory that does not exist yet lists as empty."""
    assert list_saves(tmp_path / "nowhere") == []


def test_only_save_files_are_listed(tmp_path):
    """Files without the .jsonl suffix are not saves."""
    save(tmp_path / "game.jsonl")
    (tmp_path / "notes.txt").write_text("hello")
    (tmp_path / "game.jsonl.bak").write_text("old")

    assert [info.path.name for info in list_saves(tmp_path)] == ["game.jsonl"]


def test_symlinks_are_ignored(tmp_path):
    """A link to a save, or a dangling one, is not listed: only real files are."""
    # Arrange
    real = save(tmp_path / "real.jsonl")
    elsewhere = save(tmp_path / "elsewhere" / "other.jsonl")
    (tmp_path / "link.jsonl").symlink_to(real)
    (tmp_path / "outside.jsonl").symlink_to(elsewhere)
    (tmp_path / "dangling.jsonl").symlink_to(tmp_path / "missing.jsonl")

    # Act
    infos = list_saves(tmp_path)

    # Assert
    assert [info.path for info in infos] == [real]


# ---------------------------------------------------------------- naming and deleting
def test_new_save_path_is_named_after_ruleset_and_time(tmp_path):
    """A new save is RULESET-YYYYmmdd-HHMMSS.jsonl in the directory."""
    created = datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)

    assert new_save_path(tmp_path, "race", created) == tmp_path / "race-20260304-050607.jsonl"


def test_new_save_path_never_collides(tmp_path):
    """Several saves in one second get -2, -3, ... and never an existing name."""
    created = datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)
    made = []

    for _ in range(4):
        path = new_save_path(tmp_path, "race", created)
        assert not path.exists()
        path.write_bytes(b"")
        made.append(path.name)

    assert made == [
        "race-20260304-050607.jsonl",
        "race-20260304-050607-2.jsonl",
        "race-20260304-050607-3.jsonl",
        "race-20260304-050607-4.jsonl",
    ]
    assert all(name.endswith(SUFFIX) for name in made)


def test_delete_save_removes_the_file(tmp_path):
    """A deleted save is gone from the disk and from the list."""
    path = save(tmp_path / "game.jsonl")
    keep = save(tmp_path / "keep.jsonl")

    delete_save(path)

    assert not path.exists()
    assert [info.path for info in list_saves(tmp_path)] == [keep]


def test_deleting_a_missing_save_is_not_an_error(tmp_path):
    """Deleting twice (or a file another window deleted) is fine."""
    delete_save(tmp_path / "never.jsonl")

    assert not (tmp_path / "never.jsonl").exists()


def run_saves_command(args: list[str], env: dict[str, str]) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "tui.commands", *args],
        cwd=REPO,
        env={**env, "COLUMNS": "200"},
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return result.stdout


@pytest.mark.skipif(sys.platform != "linux", reason="XDG_DATA_HOME is how Linux names the dir")
def test_hexmech_saves_lists_the_user_data_dir_unless_told_otherwise(tmp_path, race_env):
    """`hexmech saves` lists the platformdirs directory; `--saves DIR` lists DIR instead."""
    # Arrange: one save in the user data dir, another in a directory of our own.
    env = {**race_env, "XDG_DATA_HOME": str(tmp_path / "data")}
    save(tmp_path / "data" / "hexmech" / "saves" / "default-game.jsonl")
    save(tmp_path / "mine" / "my-game.jsonl", FINISHED_SCRIPT)

    # Act
    default = run_saves_command(["saves"], env)
    chosen = run_saves_command(["--saves", str(tmp_path / "mine"), "saves"], env)
    after = run_saves_command(["saves", "--saves", str(tmp_path / "mine")], env)

    # Assert
    assert "default-game.jsonl" in default
    assert "my-game.jsonl" not in default
    assert "my-game.jsonl" in chosen
    assert "Red wins" in chosen
    assert "default-game.jsonl" not in chosen
    assert after == chosen
