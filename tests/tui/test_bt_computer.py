"""The BattleTech computer opponent (issue 21): setup, play, watching, undo, why, headless."""

from __future__ import annotations

import json

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech.bot import Decision
from engine.battletech.commands import Deploy
from engine.battletech.state import Phase
from engine.game import Entry, Rejected
from engine.hexes import Facing, Hex
from saves.journal import read_game
from tests.tui.test_bt_play import NOW, SEED, SIZE
from tests.tui.test_cli import hexmech
from tui.app import HexmechApp
from tui.battletech import computer as computer_module
from tui.battletech.computer import PACES, WhyScreen
from tui.battletech.games import start_game
from tui.battletech.screen import BattleTechScreen
from tui.battletech.seating import computer_due, parse_sides
from tui.battletech.setup import BTSetupScreen, BTStart
from tui.papermech.setup import Choice

COMPACT = (80, 24)


@pytest.fixture
def library(tmp_path_factory, monkeypatch):
    """The real unit and board files, and no user folder from the developer's home."""
    from tui.battletech.library import install  # noqa: PLC0415

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
    before = RULESET.library
    yield install()
    RULESET.library = before


def new_journal(saves, library, computer, *, turns=None, seed=SEED):
    """A new game of the default scenario with ``computer`` (per side: "" or a personality)."""
    from tui.battletech.library import load_scenario  # noqa: PLC0415

    setup = load_scenario("default", library)
    if turns is not None:
        setup = attrs.evolve(setup, victory=attrs.evolve(setup.victory, turns=turns))
    setup = attrs.evolve(setup, computer=computer)
    return start_game(BTStart(setup, seed), saves, now=NOW)


async def open_screen(app, pilot, journal, *, pace=0.0):
    screen = BattleTechScreen(journal=journal)
    screen.computer.pace = pace
    app.push_screen(screen)
    await pilot.pause()
    assert app.screen is screen
    return screen


async def until(pilot, condition, tries=1500):
    """Let the app run until ``condition()`` holds (the computer thinks in a thread)."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.02)
    assert condition()


def told(screen):
    return [t.text for t in screen.story.lines()[0]]


def person_deploys(screen):
    """The person (Davion, side 0) deploys the unit due at a free hex of its zone."""
    state = screen.game.state
    assert state.side_to_act == 0
    unit = next(i for i, u in enumerate(state.units) if u.side == 0 and u.hex is None)
    return Deploy(unit, Hex.from_label("1001" if unit == 0 else "0701"), Facing.S)


# ------------------------------------------------------------------ the setup form
async def test_the_setup_form_gives_a_side_to_the_computer(tmp_path, library):
    """Players: Kurita -> computer (balanced); the game's setup and its save say so."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("enter")
        form = app.screen
        assert isinstance(form, BTSetupScreen)
        # The row names the scenario's sides; both are people at first
        assert str(form.query_one("#bs-player-name-1").render()) == "Kurita"
        assert form.query_one("#bs-player-0", Choice).value == "person"
        form.query_one("#bs-player-1", Choice).focus()
        await pilot.press("right")
        assert form.query_one("#bs-player-1", Choice).value == "computer (balanced)"
        await pilot.press("right")
        assert form.query_one("#bs-player-1", Choice).value == "computer (cautious)"
        await pilot.press("left", "ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        assert screen.game.setup.computer == ("", "balanced")
        assert screen.is_person(0)
        assert not screen.is_person(1)
        # read while the game is open: a new game left before its first command is not kept
        assert read_game(screen.path.read_bytes()).game.setup.computer == ("", "balanced")


async def test_the_longest_players_choices_fit_80_columns(tmp_path, library):
    """Both sides "computer (aggressive)": each choice ends inside the 80-column screen."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("enter")
        form = app.screen
        for side in (0, 1):
            choice = form.query_one(f"#bs-player-{side}", Choice)
            choice.focus()
            while choice.value != "computer (aggressive)":
                await pilot.press("right")
        await pilot.pause()
        lines = screen_text(app)
        shown = [line for line in lines if "computer (aggressive)" in line]
        assert len(shown) == 2
        assert all("◂ computer (aggressive) ▸" in line for line in shown), shown


def screen_text(app):
    """The screen's characters, one string per line."""
    strips = app.screen._compositor.render_strips()  # what the terminal shows
    return ["".join(segment.text for segment in strip) for strip in strips]


def test_a_custom_game_takes_the_players_row_too(library):
    """The custom game's setup gets the Players row's choice (read by `computer_sides`)."""
    form = BTSetupScreen(random_seed=1, library=library)
    assert form.scenarios[0].sides == ("Davion", "Kurita")


# ------------------------------------------------------------------ a person against the computer
async def test_the_computer_moves_after_the_person(tmp_path, library):
    """Davion (person) deploys; Kurita (computer) deploys next, by itself, with its reason."""
    journal = new_journal(tmp_path, library, ("", "balanced"))
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        assert screen.game.cursor == 0  # the person is due: the computer waits
        assert screen.execute(person_deploys(screen))
        await until(pilot, lambda: screen.game.cursor == 2)
        entry = screen.game.entries[1]
        assert entry.seat == 1
        assert isinstance(entry.command, Deploy)
        assert entry.note
        assert f"Computer: {entry.note}" in told(screen)
        # the person's turn again: the computer gives nothing more
        await pilot.pause(0.2)
        assert screen.game.cursor == 2
        assert screen.game.state.side_to_act == 0
        assert "Now: Davion" in str(screen.query_one("#bt-prompt").render())


async def test_the_person_cannot_act_for_the_computer(tmp_path, library):
    """While the computer is due (paused here), a person's command is refused, the keys hidden."""
    journal = new_journal(tmp_path, library, ("balanced", ""))
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal, pace=5.0)
        assert computer_due(screen.game, {0: "balanced"}) == 0
        assert "Computer (Davion) is thinking" in str(screen.query_one("#bt-prompt").render())
        state = screen.game.state
        unit = next(i for i, u in enumerate(state.units) if u.side == 0)
        assert not screen.execute(Deploy(unit, Hex.from_label("1001"), Facing.S))
        assert screen.game.cursor == 0
        assert screen.check_action("turn", ()) is False


async def test_a_bot_that_fails_stops_in_one_line_and_the_game_is_intact(
    tmp_path, library, monkeypatch
):
    def broken(state, personality, rng):
        raise RuntimeError("no plan")

    monkeypatch.setattr(computer_module, "think", broken)
    journal = new_journal(tmp_path, library, ("balanced", ""))
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await until(pilot, lambda: screen.computer.stuck != "")
        assert "RuntimeError: no plan" in screen.computer.stuck
        assert screen.game.cursor == 0
        screen.redraw()
        assert "stopped" in str(screen.query_one("#bt-prompt").render())


# ------------------------------------------------------------------ computer against computer
async def test_computer_against_computer_plays_to_the_end_and_can_be_paused(tmp_path, library):
    """Both sides the computer, a 1-turn limit: p pauses (nothing moves), p again: to the end."""
    journal = new_journal(tmp_path, library, ("aggressive", "cautious"), turns=1)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        screen = await open_screen(app, pilot, journal, pace=0.3)
        await pilot.press("p")
        assert screen.computer.paused
        assert screen.check_action("undo", ()) is False  # watched: nothing is a person's
        assert "paused" in str(screen.query_one("#bt-prompt").render())
        await pilot.pause(0.6)
        paused_at = screen.game.cursor
        await pilot.pause(0.6)
        assert screen.game.cursor == paused_at  # watched, not played on
        before = screen.computer.pace_index
        await pilot.press("plus")
        assert screen.computer.pace == PACES[before + 1] < PACES[before]
        await pilot.press("minus")
        assert screen.computer.pace == PACES[before]
        screen.computer.pace = 0.0
        await pilot.press("p")
        assert not screen.computer.paused
        await until(pilot, lambda: screen.game.summary.over, tries=6000)
        entries = screen.game.entries
        assert all(e.seat is not None and e.note for e in entries)
        assert {e.seat for e in entries} == {0, 1}
        path = screen.path
    loaded = read_game(path.read_bytes())
    assert loaded.game.summary.over
    assert [e.note for e in loaded.game.entries] == [e.note for e in entries]


# ------------------------------------------------------------------ undo
async def test_undo_takes_back_the_persons_move_and_the_computers_after_it(tmp_path, library):
    """Undo after the computer's reply: both are taken back (two markers); never across dice."""
    journal = new_journal(tmp_path, library, ("", "balanced"))
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        assert screen.execute(person_deploys(screen))
        await until(pilot, lambda: screen.game.cursor == 2)
        await pilot.press("z")
        assert screen.game.cursor == 0
        assert screen.game.state.side_to_act == 0
        lines = screen.path.read_text().splitlines()
        assert [json.loads(line).get("op") for line in lines[-2:]] == ["undo", "undo"]
        assert not any(text.startswith("Computer:") for text in told(screen))
        # redo gives both again
        await pilot.press("y")
        assert screen.game.cursor == 2
        assert screen.game.entries[1].seat == 1
        # deploy the rest, roll initiative: undo then stops at the dice
        while screen.game.state.phase is Phase.DEPLOYMENT:
            if screen.game.state.side_to_act == 0:
                assert screen.execute(person_deploys(screen))
            await pilot.pause(0.02)
        await until(pilot, lambda: screen.game.state.phase is Phase.INITIATIVE)
        await pilot.press("i")
        assert screen.game.state.phase is not Phase.INITIATIVE
        await until(pilot, lambda: screen.game.state.side_to_act == 0 or screen.game.summary.over)
        before = screen.game.cursor
        await pilot.press("z")
        assert screen.game.cursor == before
        refused = screen.game.own_undo({0})
        assert isinstance(refused, Rejected)
        assert "Dice" in refused.reason


# ------------------------------------------------------------------ why
async def test_the_why_key_lists_what_the_computer_weighed(tmp_path, library, monkeypatch):
    """W shows the last decision's command, reason and alternatives; in a replay its reason."""
    real = computer_module.think

    def weighing(state, personality, rng):
        decision = real(state, personality, rng)
        alternatives = (("deploy at the ford", 7.5), ("deploy behind the hill", 3.25))
        return Decision(decision.command, decision.reason, alternatives)

    monkeypatch.setattr(computer_module, "think", weighing)
    journal = new_journal(tmp_path, library, ("", "balanced"))
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        assert screen.execute(person_deploys(screen))
        await until(pilot, lambda: screen.game.cursor == 2)
        await pilot.press("W")
        why = app.screen
        assert isinstance(why, WhyScreen)
        text = why.text()
        note = screen.game.entries[1].note
        unit = screen.name_of(screen.game.entries[1].command.unit)
        assert f"#2 Kurita (balanced), {unit}\n" in text  # the unit by letter and name
        assert "    command: deploy " in text
        assert note in text
        assert "7.50  deploy at the ford" in text
        assert text.index("deploy at the ford") < text.index("deploy behind the hill")
        await pilot.press("escape")
        assert app.screen is screen
        # an undo takes the decision back: W no longer lists it
        await pilot.press("z")
        assert screen.game.cursor == 0
        assert list(screen.computer.thoughts) == []
        await pilot.press("y")
        path = screen.path
        screen.dismiss()
        await pilot.pause()
        # A replay of the save: the recorded reason, in the log and behind W
        replay = BattleTechScreen.replay(path)
        app.push_screen(replay)
        await pilot.pause()
        replay.controls.seek(-1)
        await pilot.pause()
        assert f"Computer: {note}" in told(replay)
        await pilot.press("W")
        assert isinstance(app.screen, WhyScreen)
        assert note in app.screen.text()
        assert "deploy at the ford" not in app.screen.text()  # not recorded: only the reason


# ------------------------------------------------------------------ the command line
def test_parse_sides_takes_numbers_and_names():
    assert parse_sides("2", ("Davion", "Kurita")) == (1,)
    assert parse_sides("kurita,1", ("Davion", "Kurita")) == (1, 0)
    with pytest.raises(ValueError, match="no side 'Steiner'"):
        parse_sides("Steiner", ("Davion", "Kurita"))


def test_headless_computer_gives_its_commands_with_reasons(race_env, tmp_path):
    """``--computer Kurita``: after the person's deploy, the computer's, reason and events."""
    env = {**race_env, "XDG_DATA_HOME": str(tmp_path / "data")}
    save = tmp_path / "g.jsonl"
    args = ["play", "--headless", "--ruleset", "battletech", "--scenario", "default"]
    args += ["--seed", "3", "--computer", "Kurita", "--personality", "cautious"]
    args += ["--save", str(save)]
    done = hexmech(args, env, "deploy 1 1001 S\nundo\n")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    said = [line["computer"] for line in lines if "computer" in line]
    assert len(said) == 1
    assert said[0]["seat"] == 1
    assert said[0]["side"] == "Kurita"
    assert said[0]["command"].startswith("deploy ")
    assert said[0]["reason"]
    at = lines.index({"computer": said[0]})
    assert lines[at + 1]["type"] == "bt/deployed"
    assert lines[-2:] == [{"op": "undo", "n": 1}, {"op": "undo", "n": 0}]
    loaded = read_game(save.read_bytes())
    assert loaded.game.setup.computer == ("", "cautious")
    assert loaded.game.log[1].note == said[0]["reason"]


def test_headless_computer_against_itself_plays_to_the_end(race_env, tmp_path):
    env = {**race_env, "XDG_DATA_HOME": str(tmp_path / "data")}
    args = ["play", "--headless", "--ruleset", "battletech", "--scenario", "default"]
    done = hexmech([*args, "--seed", "5", "--computer", "1,2"], env, "")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert {line["computer"]["seat"] for line in lines if "computer" in line} == {0, 1}
    assert lines[-1]["type"] == "bt/game_ended"


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--computer", "Steiner"], "no side 'Steiner' (the sides: 1 Davion, 2 Kurita)"),
        (["--computer", "3"], "no side '3'"),
        (["--computer", "2", "--personality", "bold"], "no personality 'bold'"),
        (["--personality", "cautious"], "--personality needs --computer"),
    ],
)
def test_a_bad_computer_option_is_one_line(race_env, tmp_path, extra, says):
    env = {**race_env, "XDG_DATA_HOME": str(tmp_path / "data")}
    args = ["play", "--headless", "--ruleset", "battletech", "--scenario", "default", *extra]
    done = hexmech(args, env, "")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert says in done.stderr


# ------------------------------------------------------------------ saves
def test_the_note_survives_save_and_load(tmp_path, library):
    journal = new_journal(tmp_path, library, ("", "balanced"))
    command = person_deploys_command(journal)
    outcome = journal.execute(command, note="")
    assert not isinstance(outcome, Rejected)
    state = journal.game.state
    unit = next(i for i, u in enumerate(state.units) if u.side == 1 and u.hex is None)
    outcome = journal.execute(
        Deploy(unit, Hex.from_label("0915"), Facing.N), seat=1, note="holds the ford: +2 cover"
    )
    assert not isinstance(outcome, Rejected)
    journal.close()
    written = journal.path.read_text().splitlines()
    assert "note" not in json.loads(written[1])  # a person's command: no note written
    assert json.loads(written[2])["note"] == "holds the ford: +2 cover"
    loaded = read_game(journal.path.read_bytes())
    assert [e.note for e in loaded.game.entries] == ["", "holds the ford: +2 cover"]
    assert [e.seat for e in loaded.game.entries] == [0, 1]
    assert loaded.game.entries == journal.game.entries
    # The note is not part of what happened: the same entry without it is equal
    entry = loaded.game.entries[1]
    assert attrs.evolve(entry, note="") == entry
    assert isinstance(entry, Entry)


def person_deploys_command(journal):
    state = journal.game.state
    unit = next(i for i, u in enumerate(state.units) if u.side == 0 and u.hex is None)
    return Deploy(unit, Hex.from_label("1001"), Facing.S)


def test_old_saves_load_with_people_on_every_side_and_no_notes():
    """The schema-1 goldens: no computer, empty notes; the schema-2 one: Kurita the computer."""
    from tests.saves.test_golden import GOLDEN  # noqa: PLC0415

    for name in ("v2-battletech.jsonl", "v3-battletech.jsonl"):
        game = read_game((GOLDEN / name).read_bytes(), name).game
        assert game.setup.computer == ()
        assert all(e.note == "" for e in game.log)
    name = "v3-battletech-s2-computer.jsonl"
    game = read_game((GOLDEN / name).read_bytes(), name).game
    assert game.setup.computer == ("", "balanced")
    assert {e.seat for e in game.log if e.note} == {1}
    assert all(e.note == "" for e in game.log if e.seat == 0)
