"""The game-screen base on its own: a minimal race screen plays, refuses, undoes and replays."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import ClassVar

from textual.app import App
from textual.binding import Binding
from textual.widgets import Static

from saves.journal import Journal
from tests.support.race import RULESET, Step
from tui.screens.game import COMMAND_LINE_BINDING, GameScreen, Unopenable

CREATED = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


class RaceScreen(GameScreen):
    """The least a ruleset screen adds: a panel, its drawing and its keys."""

    PREFIX = "race"
    COMMAND_HINT = "step N, roll, resign"
    BINDINGS: ClassVar[list[Binding]] = [
        Binding("u", "undo", "Undo"),
        Binding("r", "redo", "Redo"),
        COMMAND_LINE_BINDING,
        Binding("left", "step_replay(-1)", "Back"),
        Binding("right", "step_replay(1)", "Fwd"),
        Binding("end", "seek(-1)", "End"),
        Binding("escape", "back", "Menu"),
    ]

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.endings = 0

    def compose_panels(self):
        yield Static(id="race-track")

    def redraw(self, *, follow=False):
        state = self.current()
        self.query_one("#race-track", Static).update(repr(state.track.positions))
        now = f"player {state.current + 1}"
        self.show_heading(["Race"], self.replay_line(now) if self.replaying else now)
        super().redraw(follow=follow)

    def game_over(self):
        self.endings += 1


class Host(App[None]):
    """An app that shows one screen."""

    def __init__(self, screen):
        super().__init__()
        self.first = screen

    def on_mount(self):
        self.push_screen(self.first)


def new_journal(tmp_path, *, goal=20, name="race.jsonl"):
    setup = RULESET.make_setup({"goal": goal})
    return Journal.create(tmp_path / name, RULESET, setup, created=CREATED, seed=3)


def finished_save(tmp_path):
    journal = new_journal(tmp_path, goal=6, name="done.jsonl")
    for _ in range(4):  # Red and Blue step 3 twice each: Red reaches 6 first
        journal.execute(Step(3))
    journal.close()
    return journal.path


def track(screen):
    return str(screen.query_one("#race-track", Static).render())


def refusals(app):
    return [(n.title, n.message) for n in app._notifications if n.severity == "warning"]


async def type_line(pilot, text):
    await pilot.press("colon", *text, "enter")
    await pilot.pause()


async def test_a_typed_command_is_executed_saved_and_drawn(tmp_path):
    journal = new_journal(tmp_path)
    screen = RaceScreen(journal=journal)
    async with Host(screen).run_test() as pilot:
        await pilot.pause()
        await type_line(pilot, "step 2")
        assert [entry.command for entry in screen.game.entries] == [Step(2)]
        assert track(screen) == "(2, 0)"
        assert not screen.command_line.has_class("-open")
        assert len(journal.path.read_bytes().splitlines()) == 2  # the header and the command


async def test_a_refused_command_shows_the_reason_and_keeps_the_line_open(tmp_path):
    screen = RaceScreen(journal=new_journal(tmp_path))
    async with Host(screen).run_test() as pilot:
        app = pilot.app
        await pilot.pause()
        await type_line(pilot, "step 9")
        assert refusals(app) == [("Not allowed", "You can step 1 to 3 spaces, not 9.")]
        assert screen.command_line.has_class("-open")
        assert screen.game.entries == ()
        await pilot.press("escape")  # closes the line; the screen stays
        assert not screen.command_line.has_class("-open")
        assert app.screen is screen


async def test_an_unreadable_line_is_refused_with_the_rulesets_hint(tmp_path):
    screen = RaceScreen(journal=new_journal(tmp_path))
    async with Host(screen).run_test() as pilot:
        await pilot.pause()
        await type_line(pilot, "fly")
        (title, message), *_ = refusals(pilot.app)
        assert title == "Command"
        assert "try step N, roll or resign" in message


async def test_undo_and_redo_by_key_and_by_word(tmp_path):
    screen = RaceScreen(journal=new_journal(tmp_path))
    async with Host(screen).run_test() as pilot:
        await pilot.pause()
        assert screen.execute(Step(1))
        assert screen.execute(Step(2))
        await pilot.press("u")
        assert track(screen) == "(1, 0)"
        await pilot.press("r")
        assert track(screen) == "(1, 2)"
        await type_line(pilot, "undo")
        assert [entry.command for entry in screen.game.entries] == [Step(1)]
        await type_line(pilot, "redo")
        assert len(screen.game.entries) == 2
        await pilot.press("r")  # nothing to redo: refused with the reason
        assert refusals(pilot.app)[-1][0] == "Redo"


async def test_the_end_of_the_game_is_told_once(tmp_path):
    screen = RaceScreen(journal=new_journal(tmp_path, goal=3))
    async with Host(screen).run_test() as pilot:
        await pilot.pause()
        assert screen.game_running
        assert screen.execute(Step(3))
        assert screen.endings == 1
        assert not screen.game_running
        assert not screen.execute(Step(1))  # the race refuses nothing, but it is over
        assert screen.endings == 1


async def test_a_replay_steps_through_the_commands_and_hides_the_play_keys(tmp_path):
    screen = RaceScreen.replay(finished_save(tmp_path))
    async with Host(screen).run_test() as pilot:
        await pilot.pause()
        assert screen.replaying
        assert screen.position == (0, 0)
        assert track(screen) == "(0, 0)"
        await pilot.press("right", "right")
        assert screen.position == (2, 0)
        assert track(screen) == "(3, 3)"
        await pilot.press("left")
        assert track(screen) == "(3, 0)"
        await pilot.press("end")
        assert screen.cursor.at_end
        assert track(screen) == "(6, 3)"
        prompt = str(screen.query_one("#race-prompt", Static).render())
        assert prompt.startswith("REPLAY  command 3 / 3")
        assert screen.check_action("undo", ()) is False
        assert screen.check_action("command_line", ()) is False
        assert screen.check_action("step_replay", (1,)) is True
        assert not screen.execute(Step(1))  # a replay never changes the game


async def test_play_hides_the_replay_keys(tmp_path):
    screen = RaceScreen(journal=new_journal(tmp_path))
    async with Host(screen).run_test() as pilot:
        await pilot.pause()
        assert screen.check_action("step_replay", (1,)) is False
        assert screen.check_action("undo", ()) is True
        await pilot.press("right")
        assert screen.position == (0, 0)


def test_a_save_opens_to_play_on_or_to_replay_when_it_is_over(tmp_path):
    going = new_journal(tmp_path)
    going.execute(Step(1))
    going.close()
    playing = RaceScreen.open_save(going.path)
    assert isinstance(playing, RaceScreen)
    assert not playing.replaying
    playing.journal.close()
    over = RaceScreen.open_save(finished_save(tmp_path))
    assert isinstance(over, RaceScreen)
    assert over.replaying
    assert over.cursor.at_end
    garbage = tmp_path / "junk.jsonl"
    garbage.write_text("not a save\n")
    assert isinstance(RaceScreen.open_save(garbage), Unopenable)
    assert isinstance(RaceScreen.replay_save(garbage), Unopenable)
    assert isinstance(RaceScreen.replay_save(tmp_path / "missing.jsonl"), Unopenable)


def test_the_viewer_is_the_one_seat_due_in_play_and_nobody_in_a_replay(tmp_path, monkeypatch):
    journal = new_journal(tmp_path)
    playing = RaceScreen(journal=journal)
    assert playing.viewer == 0  # the race's seat due: its current player
    journal.execute(Step(1))
    assert playing.viewer == 1
    monkeypatch.setattr(type(RULESET), "seats_to_act", lambda *_: frozenset({0, 1}))
    assert playing.viewer is None  # several seats due: nobody's view
    state = playing.game.state
    assert playing.shown(state) is state  # the race's view is the whole state
    seen = []
    monkeypatch.setattr(type(RULESET), "view", lambda _, s, seat: seen.append(seat) or s)
    playing.shown(state)
    assert seen == [None]  # the screen draws from the ruleset's view of its viewer
    journal.close()
    replay = RaceScreen(game=journal.game, path=journal.path)
    assert replay.viewer is None


def test_the_view_is_taken_once_per_state_and_viewer(tmp_path, monkeypatch):
    journal = new_journal(tmp_path)
    screen = RaceScreen(journal=journal)
    taken = []

    def shown(state):
        taken.append(state)
        return ("seen", state)

    monkeypatch.setattr(screen, "shown", shown)
    first = screen.current()
    assert first == ("seen", journal.game.state)
    assert screen.current() is first  # the same state: the same view, taken once
    journal.execute(Step(1))
    assert screen.current() == ("seen", journal.game.state)
    assert len(taken) == 2
    journal.close()
