"""``hexmech scores``: the high-score table as a table or JSON, from the saves directory."""

from __future__ import annotations

import json
import re

import attrs
import pytest

from tests.support.scores import ANN
from tests.tui.test_cli import hexmech
from tui.commands import main
from tui.papermech.scores import BOOK, ScoreEntry

BO = ScoreEntry(
    name="[bold]Bo[/bold]",  # markup in a name is shown as typed, not interpreted
    date="2026-11-20",
    seed=None,
    loadout="LS Claw / RS Flamer / LA Laser / RA Laser, torso 6, legs 3",
    score=310,
    waves=9,
    mode="campaign",
    battles=3,
    won=False,
    save=None,
)


def cells(line: str) -> list[str]:
    """Split a line of the table at its column gaps (two spaces or more)."""
    return re.split(r"\s{2,}", line.strip())


@pytest.fixture
def wide(monkeypatch):
    """A wide console, so no column of the rich table is cut."""
    monkeypatch.setenv("COLUMNS", "200")


@pytest.fixture
def table_dir(tmp_path):
    """A saves directory whose table holds Ann and Bo."""
    BOOK.add(BOOK.path_for(tmp_path), ANN)
    BOOK.add(BOOK.path_for(tmp_path), BO)
    return tmp_path


def test_scores_prints_a_table_best_first(table_dir, wide, capsys):
    """One row per entry with every column; the best score first."""
    assert main(["--saves", str(table_dir), "scores"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    lines = out.splitlines()
    assert lines[0].rstrip() == f"High scores in {table_dir / 'scores.json'}"
    assert cells(lines[1]) == [
        "Rank",
        "Name",
        "Score",
        "Result",
        "Waves",
        "Date",
        "Loadout",
    ]
    rows = [cells(line) for line in lines if "2026-" in line]
    assert rows == [
        [
            "1",
            "[bold]Bo[/bold]",
            "310",
            "lost 3/?",
            "9",
            "2026-11-20",
            "Claw / Flamer / Laser / Laser, torso 6, legs 3",
        ],
        [
            "2",
            "Ann",
            "120",
            "won",
            "4",
            "2026-11-21",
            "Wing Shield / Missiles / Laser / Fist, torso 5, legs 4",
        ],
    ]


def test_scores_json_is_an_array_of_ranked_entries(table_dir, capsys):
    """``--json``: every field of every entry, with its rank, best first."""
    assert main(["scores", "--json", "--saves", str(table_dir)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert json.loads(out) == [
        {"rank": 1, **attrs.asdict(BO)},
        {"rank": 2, **attrs.asdict(ANN)},
    ]
    assert json.loads(out)[0] == {
        "rank": 1,
        "name": "[bold]Bo[/bold]",
        "date": "2026-11-20",
        "seed": None,
        "loadout": "LS Claw / RS Flamer / LA Laser / RA Laser, torso 6, legs 3",
        "score": 310,
        "waves": 9,
        "mode": "campaign",
        "battles": 3,
        "won": False,
        "save": None,
        "planned": None,
    }


def test_no_table_yet_is_a_sentence_or_an_empty_array(tmp_path, capsys):
    """A saves directory without scores.json: nothing to show, exit 0."""
    assert main(["--saves", str(tmp_path), "scores"]) == 0
    assert capsys.readouterr().out == f"No scores yet in {tmp_path / 'scores.json'}.\n"
    assert main(["--saves", str(tmp_path), "scores", "--json"]) == 0
    assert capsys.readouterr().out == "[]\n"
    assert not (tmp_path / "scores.json").exists()


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_a_damaged_table_is_a_warning_on_stderr_and_exit_0(tmp_path, capsys, json_flag):
    """Damage is reported in one line on stderr; the output is the empty table; the file stays."""
    path = BOOK.path_for(tmp_path)
    path.write_text('{"format": "hexmech-scores", "version": 1, "scores": [{"score": "5"}]}')
    before = path.read_bytes()

    assert main(["scores", "--saves", str(tmp_path), *json_flag]) == 0

    out, err = capsys.readouterr()
    assert err.startswith(f"hexmech: warning: {path}: damaged score table (")
    assert "$.scores[0]" in err
    assert err.count("\n") == 1
    assert out == ("[]\n" if json_flag else f"No scores yet in {path}.\n")
    assert path.read_bytes() == before


def test_the_real_command_reads_the_table_of_saves_dir(race_env, table_dir):
    """End to end in a subprocess: ``hexmech scores --json --saves DIR``."""
    result = hexmech(["scores", "--json", "--saves", str(table_dir)], race_env)
    assert result.returncode == 0, result.stderr
    assert [row["name"] for row in json.loads(result.stdout)] == ["[bold]Bo[/bold]", "Ann"]
    assert "scores " in hexmech(["--help"], race_env).stdout
