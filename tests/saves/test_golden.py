"""Every golden save ever committed still loads, to the same end (STYLE 13, DESIGN 4, issue 12.9).

The files in ``tests/data/saves/`` are history: games written by earlier versions of hexmech. Each
one must load through every reader (`read_game`, the `JournalTail` that follows a growing save, the
replay browser's `describe`) and end where ``expected.json`` says. A change to a command's, an
event's or a setup's fields that comes without a migration breaks one of them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from saves import migrations
from saves.journal import read_game
from saves.tail import JournalTail
from tui.screens._catalog import describe

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "saves"
EXPECTED: dict[str, dict[str, Any]] = json.loads((GOLDEN / "expected.json").read_text("utf-8"))
SAVES = sorted(GOLDEN.glob("*.jsonl"))


def expected(path: Path) -> dict[str, Any]:
    """The file's row in expected.json; a file without one fails with what to do."""
    row = EXPECTED.get(path.name)
    if row is None:
        pytest.fail(
            f"{path.name} has no row in tests/data/saves/expected.json: add one "
            "(`python tests/data/saves/make_goldens.py` prints the rows of the games it writes)"
        )
    return row


def test_the_goldens_cover_every_ruleset_and_the_current_format():
    """BattleTech, Paper 'Mech (a single game and a campaign) and race, at the current format."""
    rulesets = {row["ruleset"] for row in EXPECTED.values()}
    headers = [json.loads(path.read_bytes().split(b"\n", 1)[0]) for path in SAVES]

    assert {"battletech", "papermech", "race"} <= rulesets
    assert migrations.CURRENT_VERSION in {header["version"] for header in headers}
    assert any(row["turn"].startswith("battle 2/2") for row in EXPECTED.values())
    assert sorted(EXPECTED) == [path.name for path in SAVES]  # no row for a file that is gone


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.name)
def test_a_golden_save_loads_to_its_recorded_end(path):
    """read_game: no warning, the summary (turn, result, players) and the number of entries."""
    row = expected(path)

    loaded = read_game(path.read_bytes(), path.name)

    game = loaded.game
    assert loaded.warnings == ()
    assert loaded.header["version"] == migrations.CURRENT_VERSION
    assert loaded.header["schema"] == game.ruleset.schema_version
    assert game.ruleset.name == row["ruleset"]
    assert game.summary.turn == row["turn"]
    assert game.summary.result == row["result"]
    assert list(game.summary.players) == row["players"]
    assert game.cursor == row["entries"]
    assert len(game.log) == row["log"]
    assert game.replay() == game.state


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.name)
def test_a_golden_save_followed_line_by_line_ends_the_same(path, tmp_path):
    """JournalTail: open on the header alone, then every appended line is upgraded and applied."""
    row = expected(path)
    header, rest = path.read_bytes().split(b"\n", 1)
    growing = tmp_path / path.name
    growing.write_bytes(header + b"\n")
    tail = JournalTail.open(growing)

    with growing.open("ab") as file:
        file.write(rest)
    update = tail.poll()

    assert update is not None
    assert update.lines == rest.count(b"\n")
    assert tail.game.summary.turn == row["turn"]
    assert tail.game.summary.result == row["result"]
    assert tail.game.cursor == row["entries"]
    assert tail.game.state == read_game(path.read_bytes()).game.state


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.name)
def test_the_replay_browser_lists_a_golden_save_undamaged(path):
    """describe: the row names the ruleset, the entries in effect and whether the game ended."""
    row = expected(path)

    listed = describe(path)

    assert listed.error is None
    assert listed.ruleset == row["ruleset"]
    assert listed.entries == row["entries"]
    assert listed.status == ("finished" if row["result"] else "in progress")
