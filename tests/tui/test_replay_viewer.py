"""The replay viewer, on saves played through the engine, at 120x40 and 80x24.

Stepping redraws the board and panels; jumps land on turn, phase and wave starts; go-to by number;
the timeline; play and speed; a click on the timeline; both rulesets.
"""

from __future__ import annotations

import pytest
from rich.console import Console
from textual.widgets import Input, Static

from engine.battletech.events import PhaseStarted, TurnEnded
from engine.battletech.state import Phase
from engine.papermech.events import WaveGenerated
from saves.journal import read_game
from tests.tui.fakes import messages
from tests.tui.replay_games import bt_library, bt_save, paper_save
from tui.app import HexmechApp
from tui.battletech.screen import BattleTechScreen
from tui.papermech.screen import PaperMechScreen
from tui.papermech.widgets import EventLog, Radar
from tui.screens._replay import GotoScreen, parse_number
from tui.screens.watch import watch
from tui.widgets.hexboard import HexBoard
from tui.widgets.timeline import ASCII, Timeline, TimelineView, timeline_rows

WIDE, SMALL = (120, 40), (80, 24)
TURNS = 3
"""The BattleTech save is played until turn 3 has begun."""


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    """A BattleTech game into its third turn and a finished Paper 'Mech game."""
    directory = tmp_path_factory.mktemp("saves")
    with bt_library(tmp_path_factory) as library:
        bt = bt_save(directory, library, commands=30)
    paper = paper_save(directory)
    game = read_game(bt.read_bytes()).game
    assert game.state.turn >= TURNS, "the BattleTech game must reach turn 3 for these tests"
    return {"bt": bt, "paper": paper}


def last_event(game, position):
    """The event a replay position has just applied."""
    index, events = position
    return game.entries[index].events[events - 1] if events else game.entries[index - 1].events[-1]


def drawn_units(screen):
    """The hexes the board draws units in."""
    return set(screen.query_one(HexBoard).picture.units)


def placed(state):
    return {u.hex for u in state.units if u.hex is not None}


def timeline_text(screen):
    return screen.query_one(Timeline).render().plain


async def open_replay(app, pilot, path, **kwargs):
    screen = watch(path, **kwargs)
    app.push_screen(screen)
    await pilot.pause()
    return screen


async def go_to(pilot, number):
    """Press g, type the number, Enter."""
    await pilot.press("g")
    assert isinstance(pilot.app.screen, GotoScreen)
    await pilot.press(*str(number), "enter")
    await pilot.pause()


# ------------------------------------------------------------------ BattleTech
@pytest.mark.parametrize("size", [WIDE, SMALL])
async def test_stepping_a_battletech_replay_redraws_the_board_from_the_state_there(
    saves, tmp_path, size
):
    """Each key moves the position; the board draws the units of the state at that position."""
    game = read_game(saves["bt"].read_bytes()).game
    app = HexmechApp(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = await open_replay(app, pilot, saves["bt"], follow=False)
        assert isinstance(screen, BattleTechScreen)
        # Play keys are off in a replay: g goes to a turn, it picks up no club
        assert screen.check_action("take_club", ()) is False
        assert screen.check_action("goto", ()) is True
        assert screen.check_action("result", ()) is (game.state.phase is Phase.OVER)
        # Arrange: the start, nothing deployed
        assert screen.cursor.position == (0, 0)
        assert drawn_units(screen) == set()
        # Act / Assert: a command forward deploys the first unit, on the board too
        await pilot.press("right")
        assert screen.cursor.position == (1, 0)
        assert screen.state == game.state_at(1)
        assert drawn_units(screen) == placed(game.state_at(1)) != set()
        await pilot.press("right", "right", "right")
        assert drawn_units(screen) == placed(game.state_at(4))
        assert len(drawn_units(screen)) == 4
        # an event at a time, inside a command with several events
        index = next(i for i, e in enumerate(game.entries) if len(e.events) > 2)
        screen.action_timeline_seek(index)
        await pilot.press("shift+right")
        assert screen.cursor.position == (index, 1)
        assert screen.state == game.state_at(index, 1)
        log = screen.query_one(EventLog)
        assert log.current is not None
        assert log.told[log.current] == screen.story.event(index, 1)
        await pilot.press("shift+left")
        assert screen.cursor.position == (index, 0)
        # back to the start
        await pilot.press("home")
        assert drawn_units(screen) == set()


@pytest.mark.parametrize("size", [WIDE, SMALL])
async def test_go_to_turn_n_lands_where_turn_n_begins(saves, tmp_path, size):
    """Pressing g N: turn 1 at its PhaseStarted, later turns at the TurnEnded of the turn before.

    The engine starts turn N + 1 with TurnEnded(N) (the state is then in the Initiative phase of
    turn N + 1); only turn 1 has a PhaseStarted for its Initiative phase.
    """
    game = read_game(saves["bt"].read_bytes()).game
    app = HexmechApp(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = await open_replay(app, pilot, saves["bt"], follow=False)
        for turn in (2, 1, TURNS):
            await go_to(pilot, turn)
            state = screen.state
            assert (state.turn, state.phase) == (turn, Phase.INITIATIVE)
            event = last_event(game, screen.cursor.position)
            if turn == 1:
                assert event == PhaseStarted(Phase.INITIATIVE, 1)
            else:
                assert event == TurnEnded(turn - 1)
            assert f"turn {turn}/" in timeline_text(screen)
        # a turn the game never reached: one notice, no move
        before = screen.cursor.position
        await go_to(pilot, 99)
        assert screen.cursor.position == before
        assert messages(app)[-1] == "No '99' in this game"


async def test_turn_and_phase_keys_step_through_the_marks(saves, tmp_path):
    """> and < by turn; . and , by phase, each landing on a PhaseStarted (or TurnEnded)."""
    game = read_game(saves["bt"].read_bytes()).game
    app = HexmechApp(tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        screen = await open_replay(app, pilot, saves["bt"], follow=False)
        await pilot.press("greater_than_sign")
        assert screen.state.turn == 1
        assert last_event(game, screen.cursor.position) == PhaseStarted(Phase.INITIATIVE, 1)
        await pilot.press("greater_than_sign")
        assert (screen.state.turn, screen.state.phase) == (2, Phase.INITIATIVE)
        # the phases of turn 2, in order
        seen = []
        for _ in range(3):
            await pilot.press("full_stop")
            event = last_event(game, screen.cursor.position)
            assert isinstance(event, PhaseStarted)
            assert screen.state.phase is event.phase
            seen.append(event.phase)
        assert seen[0] is Phase.MOVEMENT
        assert len(set(seen)) == 3
        await pilot.press("comma", "comma", "comma")
        assert (screen.state.turn, screen.state.phase) == (2, Phase.INITIATIVE)
        await pilot.press("less_than_sign")
        assert screen.state.turn == 1
        await pilot.press("less_than_sign")
        assert screen.cursor.position == (0, 0)


@pytest.mark.parametrize("size", [WIDE, SMALL])
async def test_the_timeline_shows_the_position_the_total_and_a_mark_per_turn(saves, tmp_path, size):
    """n/total and the turn on the right; a mark per turn; numbered under the bar when wide."""
    game = read_game(saves["bt"].read_bytes()).game
    total = len(game.entries)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = await open_replay(app, pilot, saves["bt"], follow=False)
        timeline = screen.query_one(Timeline)
        assert timeline.view.total == total
        assert [number for _, number in timeline.view.marks] == [
            str(n) for n in range(1, game.state.turn + 1)
        ]
        assert f"0/{total}" in timeline_text(screen)
        await go_to(pilot, 2)
        index = screen.cursor.position[0]
        text = timeline_text(screen)
        assert f"{index}/{total} turn 2/{game.state.turn}" in text
        rows = text.split("\n")
        assert len(rows) == (2 if size == WIDE else 1)
        assert all(len(row) <= size[0] for row in rows)
        await pilot.press("end")
        assert f"{total}/{total}" in timeline_text(screen)


async def test_a_click_on_the_timeline_goes_to_that_point(saves, tmp_path):
    """Clicking the middle of the bar lands about half way through the game."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        screen = await open_replay(app, pilot, saves["bt"], follow=False)
        timeline = screen.query_one(Timeline)
        span = timeline_rows(timeline.view, timeline.content_size.width)[0].plain.index("  ")
        await pilot.click(Timeline, offset=(1 + span // 2, 0))
        total = timeline.view.total
        assert abs(screen.cursor.position[0] - total / 2) <= total / span + 1


async def test_play_at_ten_times_then_pause(saves, tmp_path):
    """Space plays a command per tick, + speeds up to 10x, space pauses; the timeline says so."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        screen = await open_replay(app, pilot, saves["bt"], follow=False)
        await pilot.press("plus", "plus", "plus", "plus", "space")
        assert "10x playing" in timeline_text(screen)
        await pilot.pause(0.45)
        await pilot.press("space")
        assert "10x paused" in timeline_text(screen)
        assert screen.cursor.position[0] >= 2
        await pilot.press("minus")
        assert "4x paused" in timeline_text(screen)


# ------------------------------------------------------------------ Paper 'Mech
@pytest.mark.parametrize("size", [WIDE, SMALL])
async def test_a_paper_mech_replay_jumps_by_wave_and_redraws_the_panels(saves, tmp_path, size):
    """> lands on each WaveGenerated in turn; g 3 on wave 3; the radar shows the state there."""
    game = read_game(saves["paper"].read_bytes()).game
    waves = [
        (i, j)
        for i, e in enumerate(game.entries)
        for j, v in enumerate(e.events)
        if isinstance(v, WaveGenerated)
    ]
    assert len(waves) >= 3
    app = HexmechApp(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = await open_replay(app, pilot, saves["paper"])  # finished: from the start
        assert isinstance(screen, PaperMechScreen)
        assert not screen.following
        assert screen.position == (0, 0)
        for number in (1, 2):
            await pilot.press("greater_than_sign")
            event = last_event(game, screen.position)
            assert isinstance(event, WaveGenerated)
            assert event.wave == number
            assert screen.query_one(Radar).state == game.state_at(*screen.position)
        await go_to(pilot, 3)
        assert last_event(game, screen.position).wave == 3
        await pilot.pause()
        log = screen.query_one(EventLog)
        row = log._row_of(log.current)
        assert log.scroll_y <= row < log.scroll_y + log.size.height  # the event is in view
        assert screen.query_one(Radar).state.wave == 3
        assert "wave 3/" in timeline_text(screen)
        await pilot.press("less_than_sign")
        assert last_event(game, screen.position).wave == 2


async def test_stepping_changes_what_the_paper_panels_draw(saves, tmp_path):
    """The radar's drawing differs between the start and the first wave."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        screen = await open_replay(app, pilot, saves["paper"])
        radar = screen.query_one(Radar)
        before = str(radar.render())
        await pilot.press("right")
        await pilot.pause()
        assert str(radar.render()) != before
        prompt = str(screen.query_one("#pm-prompt", Static).render())
        assert prompt.startswith(f"REPLAY  command 1 / {len(screen.game.entries)}")


# ------------------------------------------------------------------ small parts
def test_typed_numbers_are_read_as_a_turn_or_a_battle_and_wave() -> None:
    """3 is turn (or wave) 3; 2.1 and 2/1 are battle 2 wave 1; words are not numbers."""
    assert parse_number("3") == (3,)
    assert parse_number("2.1") == parse_number("2/1") == (2, 1)
    assert parse_number("two") is None
    assert parse_number("") is None


def test_the_timeline_in_ascii_fits_its_width_and_says_live() -> None:
    """ASCII glyphs only; the words on the right; LIVE only at the end of a followed save."""
    marks = tuple((i * 10, str(i + 1)) for i in range(4))
    view = TimelineView(40, 40, 0, 0, marks, "turn 4", "4", "1x paused", following=True)
    bar, numbers = timeline_rows(view, 60, glyphs=ASCII)
    assert bar.plain.isascii()
    assert len(bar.plain) <= 60
    assert bar.plain.endswith("40/40 turn 4/4 1x paused * LIVE")
    assert numbers.plain.split() == ["1", "2", "3", "4"]
    behind = TimelineView(40, 12, 0, 3, marks, "turn 2", "4", following=True)
    assert timeline_rows(behind, 60, rows=1)[0].plain.endswith("End: live")
    console = Console(width=60, record=True, color_system=None)
    console.print(timeline_rows(view, 60)[0])
    assert "●" in console.export_text()


async def test_the_replay_keys_are_off_in_play_and_go_to_asks_in_a_replay(saves, tmp_path):
    """In live play < > g do nothing; in a replay g opens the question, Escape closes it."""
    from saves.journal import Journal  # noqa: PLC0415

    live = paper_save(tmp_path, name="live", commands=3)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        playing = PaperMechScreen(journal=Journal.open(live))
        app.push_screen(playing)
        await pilot.pause()
        assert playing.check_action("goto", ()) is False
        assert playing.check_action("jump", (1, True)) is False
        await pilot.press("g")
        assert app.screen is playing
        app.pop_screen()
        screen = await open_replay(app, pilot, saves["paper"])
        assert screen.check_action("goto", ()) is True
        await pilot.press("g")
        dialog = app.screen
        assert isinstance(dialog, GotoScreen)
        assert dialog.query_one(Input).has_focus
        await pilot.press("escape")
        assert app.screen is screen
