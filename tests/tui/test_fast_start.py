"""``hexmech --version`` and the menu start without the subcommands (issue 14, row 13).

The answers are the parser's: the shortcuts only skip building it (every subcommand module, the
rulesets' simulators) when the arguments are plain enough to read without it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tui.commands import VERSION, asks_version, build_parser, menu_args

ROOT = Path(__file__).resolve().parents[2]


def _imports_after(code: str) -> set[str]:
    """The modules a fresh interpreter has after running ``code`` (this worktree's code)."""
    script = f"import sys\n{code}\nimport json\nprint(json.dumps(sorted(sys.modules)))"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_version_prints_what_the_parser_prints_without_importing_a_subcommand(capsys):
    from tui.commands import main  # noqa: PLC0415

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"{VERSION}\n"
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"{VERSION}\n"
    loaded = _imports_after("from tui.commands import main\nmain(['--version'])")
    assert not {m for m in loaded if m.startswith("tui.commands.") and m != "tui.commands.errors"}
    assert "asyncio" not in loaded
    assert "engine.game" not in loaded


@pytest.mark.parametrize(
    ("argv", "asks"),
    [
        (["--version"], True),
        (["--mono", "--version"], True),
        (["--saves=x", "--version"], True),
        (["--saves", "x", "--version"], False),  # the parser answers (the same)
        (["play", "--version"], False),
        (["--", "--version"], False),
        ([], False),
    ],
)
def test_the_version_shortcut_reads_only_plain_arguments(argv, asks):
    assert asks_version(argv) is asks


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--mono"],
        ["--saves", "somewhere"],
        ["--saves=somewhere", "--units", "a", "--units=b", "--mono"],
        ["--saves", "play"],  # a folder named like a subcommand is still the folder
    ],
)
def test_the_menu_arguments_are_the_whole_parsers(argv):
    args = menu_args(argv)
    assert args is not None
    whole = build_parser().parse_args(argv)
    assert {k: v for k, v in vars(args).items() if k != "parser"} == {
        k: v for k, v in vars(whole).items() if k != "parser"
    }


@pytest.mark.parametrize(
    "argv", [["play"], ["--saves"], ["--saves", "x", "replay"], ["--help"], ["--unknown"], ["-h"]]
)
def test_anything_else_goes_to_the_whole_parser(argv):
    assert menu_args(argv) is None


def test_the_menu_imports_no_subcommand_but_play():
    loaded = _imports_after("from tui.commands import menu_args\nmenu_args(['--mono'])")
    assert "tui.commands.play" in loaded
    assert not {"tui.commands.sim", "tui.commands.serve", "tui.commands.runner"} & loaded
