"""The Paper 'Mech screen: keys, every command saved, undo, refusals, replay, the end."""

from __future__ import annotations

from datetime import UTC, datetime

from textual.widgets import OptionList, Static

from engine.dice import Dice
from engine.game import Game
from engine.papermech import RULESET, PaperSetup
from engine.papermech import commands as cmd
from engine.papermech.state import Loadout, Prompt
from saves.journal import read_game
from tests.tui.fakes import messages
from tests.tui.test_main_menu import menu_keys
from tui.app import HexmechApp
from tui.papermech.loadout import LoadoutBuilderScreen
from tui.papermech.rules import PaperRulesScreen
from tui.papermech.scores import BOOK
from tui.papermech.screen import PaperMechScreen, factory, score_entry, start_game
from tui.papermech.setup import PaperSetupScreen, PaperStart
from tui.papermech.widgets import EventLog, choices
from tui.screens.menu import MainMenuScreen
from tui.screens.scores import HighScoresScreen

SIZE = (120, 40)
NOW = datetime(2026, 11, 21, 18, 30, tzinfo=UTC)
QUICK_SEED = 25
"""Pressing 1 all the way ends this game in 36 commands (lost in wave 2)."""


def new_journal(saves, *, seed=QUICK_SEED, practice=False, pilot="Ann"):
    start = PaperStart(PaperSetup(pilot=pilot), seed, daily=False, practice=practice)
    return start_game(start, saves, now=NOW)


def app_on(saves):
    return HexmechApp(saves, screens={"papermech": factory})


def lines_in(path):
    return len(path.read_bytes().splitlines())


def prompt(app):
    return str(app.screen.query_one("#pm-prompt", Static).render())


def finished_save(saves, seed=QUICK_SEED):
    """Play a whole game into a save with the first choice each time; return its path."""
    journal = new_journal(saves, seed=seed)
    while not journal.game.summary.over:
        journal.execute(choices(journal.game.state)[0].command)
    journal.close()
    return journal.path


async def test_a_new_game_is_saved_after_every_command_and_reloads_the_same(tmp_path):
    """Deploy, choose, wait: each command adds a line to the save, and the save replays to it."""
    # Arrange: a new game, as the setup form would start it
    journal = new_journal(tmp_path)
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(PaperMechScreen(journal=journal))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PaperMechScreen)
        assert screen.game_running
        assert prompt(app) == "Now: deploy to start the battle (or refit the loadout first)."
        sizes = [lines_in(journal.path)]
        # Act: deploy, choose the first action, then wait in the window
        for key in ("1", "1", "space"):
            await pilot.press(key)
            sizes.append(lines_in(journal.path))
        # Assert: one line per command, and the file rebuilds the state on screen
        assert sizes == [1, 2, 3, 4]
        commands = [e.command for e in screen.game.entries]
        assert commands[0] == cmd.Deploy()
        assert isinstance(commands[1], cmd.ChooseAction)
        assert commands[2] == cmd.Wait()
        assert read_game(journal.path.read_bytes()).game.state == screen.game.state
        log = screen.query_one(EventLog)
        assert [t.text for t in log.told if t.is_command] == ["deploy", "choose rs1", "wait"]


async def test_undo_takes_back_a_command_and_is_saved_too(tmp_path):
    """U undoes the last dice-free command (a marker line), r redoes it; the file agrees."""
    journal = new_journal(tmp_path)
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(PaperMechScreen(journal=journal))
        await pilot.pause()
        await pilot.press("1", "1")  # deploy (rolls), choose RS1 (rolls no dice)
        screen = app.screen
        chosen = screen.game.state
        # Act
        await pilot.press("u")
        # Assert: back at the action question, with the marker on disk
        assert screen.game.cursor == 1
        assert screen.game.state.prompt is Prompt.ACTION
        assert lines_in(journal.path) == 4
        assert read_game(journal.path.read_bytes()).game.state == screen.game.state
        await pilot.press("r")
        assert screen.game.state == chosen
        assert read_game(journal.path.read_bytes()).game.state == chosen


async def test_refusals_are_notifications_with_the_engines_reason(tmp_path):
    """Undoing a dice roll in a normal game, and a command the rules refuse, change nothing."""
    journal = new_journal(tmp_path)
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(PaperMechScreen(journal=journal))
        await pilot.pause()
        await pilot.press("1")  # deploy: rolls the wave
        size = lines_in(journal.path)
        # Act: undo the roll; then type a command that is not allowed now
        await pilot.press("u")
        await pilot.press("colon", *"haste", "enter")
        line = app.screen.query_one("#pm-command")
        assert line.has_class("-open")  # kept open, to correct the command
        await pilot.press("escape", "colon", *"fly away", "enter")
        # Assert
        assert messages(app) == [
            "Dice have been rolled since then: that cannot be undone.",
            "'haste' is not possible now: choose an action.",
            "Cannot read 'fly away': type 'help' for the commands.",
        ]
        assert lines_in(journal.path) == size
        assert app.screen.game.cursor == 1


async def test_the_command_line_plays_the_headless_language(tmp_path):
    """: opens it, a command is played and it closes; Escape closes it without leaving."""
    journal = new_journal(tmp_path)
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(PaperMechScreen(journal=journal))
        await pilot.pause()
        await pilot.press("colon", *"deploy", "enter")
        await pilot.press("colon", *"choose la2", "enter")
        screen = app.screen
        assert [e.command for e in screen.game.entries][-1] == cmd.ChooseAction(
            RULESET.parse_command("choose la2", screen.game.state).action
        )
        await pilot.press("colon", "escape")
        assert isinstance(app.screen, PaperMechScreen)
        assert not screen.query_one("#pm-command").has_class("-open")


async def test_number_keys_and_the_list_take_the_same_choices(tmp_path):
    """1-9 take a choice by number; Enter takes the highlighted one; the radar previews arcs."""
    journal = new_journal(tmp_path)
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(PaperMechScreen(journal=journal))
        await pilot.pause()
        await pilot.press("enter")  # deploy (the only choice, highlighted)
        screen = app.screen
        listed = choices(screen.game.state)
        options = screen.query_one("#pm-options", OptionList)
        assert options.option_count == len(listed)
        assert str(options.get_option_at_index(0).prompt) == f"1 {listed[0].label}"
        await pilot.press("3")
        assert screen.game.entries[-1].command == listed[2].command


async def test_practice_undo_crosses_dice_rolls(tmp_path):
    """A practice game (solo undo) may take back even the deploy roll."""
    journal = new_journal(tmp_path, practice=True)
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(PaperMechScreen(journal=journal))
        await pilot.pause()
        await pilot.press("1", "u")
        assert app.screen.game.cursor == 0
        assert "practice" in str(app.screen.query_one("#pm-header", Static).render())


async def test_continue_resumes_the_game_in_progress(tmp_path):
    """C on the main menu opens the newest unfinished save where it was left."""
    journal = new_journal(tmp_path)
    journal.execute(cmd.Deploy())
    state = journal.game.state
    journal.close()
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PaperMechScreen)
        assert not screen.replaying
        assert screen.game.state == state
        await pilot.press("q")
        assert isinstance(app.screen, MainMenuScreen)


async def test_the_menu_entry_asks_for_a_setup_then_plays_it(tmp_path):
    """New game: the setup form comes first; its answer becomes a save in the saves directory."""
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*menu_keys("new-papermech"))
        await pilot.pause()
        assert isinstance(app.screen, PaperSetupScreen)
        # Act: the form answers (as Start would)
        app.screen.dismiss(PaperStart(PaperSetup(pilot="Bo"), 7, daily=False, practice=True))
        await pilot.pause()
        # Assert
        screen = app.screen
        assert isinstance(screen, PaperMechScreen)
        assert screen.practice
        assert screen.path.parent == tmp_path
        assert read_game(screen.path.read_bytes()).header["seed"] == 7
        await pilot.press("q")
        assert isinstance(app.screen, MainMenuScreen)


async def test_cancelling_the_setup_goes_back_to_the_menu(tmp_path):
    """Escape on the form: no game, no save."""
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*menu_keys("new-papermech"))
        await pilot.pause()
        app.screen.dismiss(None)
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)
        assert not list(tmp_path.glob("*.jsonl"))


async def test_a_damaged_save_is_reported_not_opened(tmp_path):
    """The factory names the file and the line; the menu stays."""
    bad = tmp_path / "papermech-broken.jsonl"
    bad.write_text("not json\n")
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(factory(bad))
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)
        assert messages(app) == [
            "papermech-broken.jsonl:1: not a hexmech save (the first line is not JSON)"
        ]


async def test_l_refits_before_deploying_and_question_mark_shows_the_rules(tmp_path):
    """At the deploy prompt l opens the loadout builder; its loadout is sent as a Refit."""
    journal = new_journal(tmp_path)
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(PaperMechScreen(journal=journal))
        await pilot.pause()
        screen = app.screen
        await pilot.press("l")
        assert isinstance(app.screen, LoadoutBuilderScreen)
        app.screen.dismiss(Loadout.parse("LS=ppc"))
        await pilot.pause()
        assert screen.game.entries[-1].command == cmd.Refit(Loadout.parse("LS=ppc"))
        assert screen.game.state.player.loadout.weight == 15
        await pilot.press("question_mark")
        assert isinstance(app.screen, PaperRulesScreen)


async def test_a_whole_game_played_with_1_ends_on_the_high_scores(tmp_path):
    """Pressing 1 until the end: the result is shown and the score goes on the table."""
    journal = new_journal(tmp_path)
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(PaperMechScreen(journal=journal))
        await pilot.pause()
        screen = app.screen
        # Act
        for _ in range(200):
            if not screen.game_running:
                break
            await pilot.press("1")
        await pilot.pause()
        # Assert: the table is shown with the new entry singled out
        assert screen.game.summary.over
        assert isinstance(app.screen, HighScoresScreen)
        assert app.screen.highlight == 1
        (entry,) = BOOK.load(BOOK.path_for(tmp_path)).entries
        assert entry == score_entry(screen.game, journal.path, entry_date(entry))
        assert entry.name == "Ann"
        assert entry.seed == QUICK_SEED
        assert entry.save == journal.path.name
        await pilot.press("escape")
        assert app.screen is screen
        assert prompt(app).startswith("GAME OVER: torso destroyed")
        assert not screen.game_running


def entry_date(entry):
    return datetime.fromisoformat(entry.date).date()


async def test_a_practice_game_stays_off_the_table(tmp_path):
    """The end of a practice game is shown, and nothing is written to the score table."""
    journal = new_journal(tmp_path, practice=True)
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(PaperMechScreen(journal=journal))
        await pilot.pause()
        for _ in range(200):
            if not app.screen.game_running:
                break
            await pilot.press("1")
        assert isinstance(app.screen, PaperMechScreen)
        assert "A practice game does not go on the high-score table." in messages(app)
        assert not BOOK.path_for(tmp_path).exists()


async def test_a_finished_save_opens_as_a_replay_that_steps_both_ways(tmp_path):
    """Right/left by command, ] and [ by event, Home and End; the banner says where we are."""
    path = finished_save(tmp_path)
    game = read_game(path.read_bytes()).game
    total = len(game.log)
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(factory(path))
        await pilot.pause()
        screen = app.screen
        assert screen.replaying
        assert not screen.game_running
        assert screen.position == (total, 0)
        assert prompt(app).startswith(f"REPLAY  command {total} / {total}")
        # Act / Assert: to the start, then forward a command and a few events
        await pilot.press("home")
        assert screen.position == (0, 0)
        assert screen.state == game.initial
        await pilot.press("right")
        assert screen.position == (1, 0)
        assert screen.state == game.state_at(1)
        await pilot.press("right_square_bracket", "right_square_bracket")
        assert screen.position == (1, 2)
        assert screen.state == game.state_at(1, 2)
        assert prompt(app).startswith(f"REPLAY  command 1 / {total}, event 2 / ")
        log = screen.query_one(EventLog)
        assert log.current == len(log.told) - 1
        await pilot.press("left_square_bracket")
        assert screen.position == (1, 1)
        await pilot.press("left")
        assert screen.position == (1, 0)
        await pilot.press("left")
        assert screen.position == (0, 0)
        await pilot.press("end")
        assert screen.position == (total, 0)
        assert screen.state == game.state


async def test_replay_plays_at_a_chosen_speed_and_pauses(tmp_path):
    """P plays a command per tick (faster with +), p again pauses."""
    path = finished_save(tmp_path)
    app = app_on(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = PaperMechScreen.replay(path)
        app.push_screen(screen)
        await pilot.pause()
        assert screen.position == (0, 0)
        await pilot.press("plus", "plus", "plus", "p")
        assert "10x playing" in prompt(app)
        await pilot.pause(0.35)
        await pilot.press("p")
        assert "10x paused" in prompt(app)
        assert screen.position[0] >= 2


async def test_a_game_state_after_loading_matches_a_fresh_game(tmp_path):
    """The screen's game and one folded from the same seed and commands agree (determinism)."""
    path = finished_save(tmp_path)
    loaded = read_game(path.read_bytes()).game
    fresh = Game(RULESET, PaperSetup(pilot="Ann"), Dice(QUICK_SEED))
    for entry in loaded.entries:
        fresh.execute(entry.command)
    assert fresh.state == loaded.state


def mid_wave(saves):
    """Wave 2 of the quick game, just after the Laser hit the Helo: the free-move question."""

    async def run_before(pilot):
        pilot.app.push_screen(PaperMechScreen(journal=new_journal(saves)))
        await pilot.pause()
        await pilot.press(*["1"] * 16)

    return run_before


def test_snapshot_of_the_play_screen_mid_wave_at_120x40(snap_compare, tmp_path):
    """The radar cross, the track, the cards, the dice of the hit, the sheet, choices and log."""
    assert snap_compare(app_on(tmp_path), terminal_size=(120, 40), run_before=mid_wave(tmp_path))


def test_snapshot_of_the_play_screen_mid_wave_at_80x24(snap_compare, tmp_path):
    """The compact layout: the unrolled radar, one-row mounts, everything still on screen."""
    assert snap_compare(app_on(tmp_path), terminal_size=(80, 24), run_before=mid_wave(tmp_path))
