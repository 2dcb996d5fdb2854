"""``hexmech play --ruleset battletech``: headless JSON lines, the TUI game, ``--units``."""

from __future__ import annotations

import json
import shutil

from engine.battletech import RULESET
from engine.battletech.state import Phase
from saves.journal import read_game
from tests.tui.test_bt_play import SIZE, library, new_journal  # noqa: F401 - the fixture
from tests.tui.test_cli import hexmech
from tui import commands as cli
from tui.app import HexmechApp
from tui.battletech.screen import BattleTechScreen
from tui.commands.play import ASSETS

GAME = """\
# Davion deploys north, Kurita south, one unit each in turn
deploy 1 1001 S
deploy 3 0915 N
deploy 2 0701 S
deploy 4 0815 N
roll
move 3 walk F
move 2 run F F
still 4
still 1
end
# Weapon attacks: Kurita declares for both its units, Davion for the Griffin (the Hunchback has
# nothing in range); nobody is adjacent, so the physical phase passes
hold 3
hold 4
hold 1
"""


def test_a_short_game_plays_headless_with_forced_dice(race_env, tmp_path) -> None:
    """Every line is accepted; the first initiative is the forced dice; turn 2 begins."""
    env = {**race_env, "XDG_DATA_HOME": str(tmp_path / "data")}
    save = tmp_path / "bt.jsonl"
    args = ["play", "--headless", "--ruleset", "battletech", "--scenario", "default"]
    args += ["--dice", "4,5,3,2", "--save", str(save)]
    result = hexmech(args, env, GAME + "move 9 walk F\n")
    assert result.returncode == 0, result.stderr
    out = [json.loads(line) for line in result.stdout.splitlines()]
    errors = [o for o in out if "error" in o]
    assert errors == [
        {"error": "cannot read 'move 9 walk F': units are numbered 1 to 4", "code": "command/parse"}
    ]
    initiative = next(o for o in out if o.get("type") == "bt/initiative")
    assert initiative["rounds"] == [[[0, 4, 5], [1, 3, 2]]]
    assert initiative["order"] == [1, 0]  # Kurita lost: it moves first
    assert {"type": "bt/turn_ended", "turn": 1} in out
    state = read_game(save.read_bytes()).game.state
    assert (state.turn, state.phase) == (2, Phase.INITIATIVE)


def test_play_opens_the_game_screen_on_a_bundled_scenario(monkeypatch, tmp_path) -> None:
    """``hexmech play --ruleset battletech --scenario default``: a new save, the screen on it."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    opened = {}
    monkeypatch.setattr(
        "tui.app.run_app",
        lambda saves_dir, *, mono=False, first=None: opened.update(
            saves=saves_dir, mono=mono, first=first
        ),
    )
    before = RULESET.library
    try:
        code = cli.main(
            [
                "--saves",
                str(tmp_path),
                "play",
                "--ruleset",
                "battletech",
                "--scenario",
                "default",
                "--seed",
                "4",
            ]
        )
    finally:
        library = RULESET.library
        RULESET.library = before
    assert code == 0
    assert library is not None
    (save,) = tmp_path.glob("battletech-*.jsonl")
    game = read_game(save.read_bytes()).game
    assert game.state.title == "Meeting engagement"
    assert game.state.phase is Phase.DEPLOYMENT
    screen = opened["first"]()
    assert isinstance(screen, BattleTechScreen)
    assert screen.path == save


async def test_the_screen_the_command_line_opens_plays(tmp_path, library) -> None:  # noqa: F811
    """The registry's factory opens a save of a generated-map scenario; it takes a deployment."""
    from tui.battletech import UI  # noqa: PLC0415

    journal = new_journal(tmp_path, library, "scouts", seed=1)
    journal.close()
    app = HexmechApp(tmp_path, first=lambda: UI.open_game(journal.path))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        assert screen.game.state.title == "Scouts in the hills"
        await pilot.press("enter")
        assert len(screen.game.entries) == 1


def test_units_folders_add_to_the_library(monkeypatch, tmp_path) -> None:
    """``--units DIR`` adds its .mtf files; a missing folder is one line and exit 2."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    mine = tmp_path / "mine"
    mine.mkdir()
    source = next(p for p in (ASSETS / "units").glob("Atlas*.mtf"))
    text = source.read_text(encoding="utf-8").replace("model:AS7-D", "model:AS7-X")
    (mine / "Atlas AS7-X.mtf").write_text(text, encoding="utf-8")
    before = RULESET.library
    monkeypatch.setattr("tui.app.run_app", lambda *_, **__: None)
    try:
        assert cli.main(["--units", str(mine)]) == 0
        names = [entry.name for entry in RULESET.library.units()]
        assert "Atlas AS7-X" in names
        assert "Atlas AS7-D" in names
        assert cli.main(["--units", str(tmp_path / "nope")]) == 2
    finally:
        RULESET.library = before
    shutil.rmtree(mine)


def test_a_bad_scenario_file_names_its_line(race_env, tmp_path) -> None:
    """``play --scenario FILE``: a wrong value is ``FILE:LINE: reason`` (issue 19.6), one line."""
    text = (ASSETS / "scenarios" / "battletech" / "default.toml").read_text(encoding="utf-8")
    lines = text.splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith("deploy_rows"))
    lines[at] = 'deploy_rows = "x"'
    scenario = tmp_path / "bad.toml"
    scenario.write_text("\n".join(lines) + "\n", encoding="utf-8")
    env = {**race_env, "XDG_DATA_HOME": str(tmp_path / "data")}
    args = ["play", "--headless", "--ruleset", "battletech", "--scenario", str(scenario)]
    result = hexmech(args, env)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"hexmech: {scenario}:{at + 1}: deploy_rows must be a whole number from 1 to 8, not 'x'"
    )
