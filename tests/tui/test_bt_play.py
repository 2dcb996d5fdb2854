"""The BattleTech play screen: a game from the menu, deploying, initiative, plots, undo, turns."""

from __future__ import annotations

from datetime import UTC, datetime

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech.commands import Deploy, Move, RollInitiative, Step, StepKind
from engine.battletech.state import MoveMode, Phase
from engine.game import Rejected
from engine.hexes import Facing, Hex
from saves.journal import read_game
from tests.tui.fakes import messages
from tui.app import HexmechApp
from tui.battletech.games import factory, replay_or_explain, start_game
from tui.battletech.rules import BTRulesScreen
from tui.battletech.screen import BattleTechScreen
from tui.battletech.setup import BTSetupScreen, BTStart
from tui.battletech.widgets import OrdersPanel
from tui.widgets.log import EventLog

SIZE = (120, 40)
SEED = 4
"""With this seed Kurita loses the first initiative (5 against 9) and moves first."""
NOW = datetime(2026, 11, 21, 18, 30, tzinfo=UTC)
PLACES = ("1001 S", "0915 N", "0701 S", "0815 N")
"""Where the default scenario's units deploy in the tests (Davion north, Kurita south)."""


@pytest.fixture
def library(tmp_path_factory, monkeypatch):
    """The real unit and board files, and no user folder from the developer's home."""
    from tui.battletech.library import install  # noqa: PLC0415

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
    before = RULESET.library
    yield install()
    RULESET.library = before


def new_journal(saves, library, scenario="default", seed=SEED):
    """A new game of a bundled scenario, as the setup screen would start it."""
    from tui.battletech.library import load_scenario  # noqa: PLC0415

    return start_game(BTStart(load_scenario(scenario, library), seed), saves, now=NOW)


def lines_in(path):
    return len(path.read_bytes().splitlines())


def deployed(journal, places):
    """Deploy every unit by the command language: ``places`` = "0915 N" per unit, in turn order."""
    for where in places:
        side = journal.game.state.side_to_act
        unit = next(
            i for i, u in enumerate(journal.game.state.units) if u.side == side and u.hex is None
        )
        label, facing = where.split()
        outcome = journal.execute(Deploy(unit, Hex.from_label(label), Facing[facing]))
        assert not isinstance(outcome, Rejected), outcome


async def open_screen(app, pilot, journal):
    app.push_screen(BattleTechScreen(journal=journal))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, BattleTechScreen)
    return screen


def orders(screen):
    return [text for text, _ in screen.query_one(OrdersPanel).data]


async def test_a_game_from_the_menu_deploys_rolls_and_walks(tmp_path, library):
    """Menu, setup (typed seed), four deployments, initiative, a walk: each a line in the save."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        # Arrange: New game: BattleTech, the default scenario, dice seed typed in
        await pilot.press("enter")
        assert isinstance(app.screen, BTSetupScreen)
        await pilot.press("tab", "right", "tab", *str(SEED), "ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        save = screen.path
        assert screen.game.state.phase is Phase.DEPLOYMENT
        assert lines_in(save) == 1
        # Act: Enter places the selected unit where the cursor starts, four times
        for placed in range(1, 5):
            await pilot.press("enter")
            assert lines_in(save) == 1 + placed
        state = screen.game.state
        assert state.phase is Phase.INITIATIVE
        assert all(u.hex is not None for u in state.units)
        # Act: roll initiative
        await pilot.press("i")
        state = screen.game.state
        assert state.phase is Phase.MOVEMENT
        assert state.side_to_act == 1  # Kurita lost the roll and moves first
        assert lines_in(save) == 6
        assert "Initiative: Davion 4+5=9, Kurita 3+2=5; Kurita moves first" in orders(screen)
        # Act: walk the selected unit one hex forward and confirm
        mover = screen.selected
        start = state.units[mover]
        await pilot.press("1", "f")
        assert screen.plot is not None
        assert screen.board.picture.path  # the plotted path is on the board
        assert screen.board.picture.reach  # and the reachable hexes with their cost
        await pilot.press("c")
        # Assert: the game moved the unit (never the screen), and the save has the command
        moved = screen.game.state.units[mover]
        assert moved.hex == start.hex.neighbor(start.facing)
        assert lines_in(save) == 7
        assert screen.game.entries[-1].command == Move(
            mover, MoveMode.WALK, (Step(StepKind.FORWARD),)
        )
        assert read_game(save.read_bytes()).game.state == screen.game.state
        told = [t.text for t in screen.query_one(EventLog).told]
        assert any("walked" in line for line in told)


async def test_an_illegal_step_is_refused_with_the_engines_reason(tmp_path, library):
    """Stepping past the Walk MP is refused by plan_move, naming the step; the plot stays."""
    journal = new_journal(tmp_path, library)
    deployed(journal, PLACES)
    journal.execute(RollInitiative())
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await pilot.press("1", *"ffffff")
        # Assert: one refusal, naming the step and the MP; the legal steps stay plotted
        refusals = [m for m in messages(app) if m.startswith("step ")]
        assert refusals
        assert "MP" in refusals[0]
        assert screen.plot is not None
        assert 0 < len(screen.plot.steps) < 6
        assert len(screen.game.entries) == 5  # nothing given to the game


async def test_undo_takes_back_a_move_but_not_the_initiative_roll(tmp_path, library):
    """Undo (z) takes back the dice-free walk, as a marker line; again, it stops at the dice."""
    journal = new_journal(tmp_path, library)
    deployed(journal, PLACES)
    journal.execute(RollInitiative())
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        mover = screen.selected
        before = screen.game.state
        await pilot.press("1", "f", "c")
        assert screen.game.state.units[mover].hex != before.units[mover].hex
        size = lines_in(journal.path)
        # Act
        await pilot.press("z")
        # Assert: back where it was, the marker on disk, and the file agrees
        assert screen.game.state == before
        assert lines_in(journal.path) == size + 1
        assert read_game(journal.path.read_bytes()).game.state == before
        await pilot.press("z")
        assert screen.game.state == before
        assert "Dice have been rolled since then: that cannot be undone." in messages(app)
        # Redo gives the walk back
        await pilot.press("y")
        assert screen.game.state.units[mover].hex == before.units[mover].hex.neighbor(
            before.units[mover].facing
        )


async def test_every_unit_moves_then_the_phase_ends_and_turn_2_begins(tmp_path, library):
    """Stand still four times (0), end the phase (n), every unit declares nothing (h): turn 2."""
    journal = new_journal(tmp_path, library)
    deployed(journal, PLACES)
    journal.execute(RollInitiative())
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        for _ in range(4):
            await pilot.press("0")
        assert screen.check_action("end_phase", ()) is True
        assert "Every unit has moved" in orders(screen)
        await pilot.press("n")
        assert screen.game.state.phase is Phase.WEAPON
        for _ in range(8):  # every declaration: hold fire, no physical attack
            if screen.game.state.phase in {Phase.WEAPON, Phase.PHYSICAL}:
                await pilot.press("h")
        state = screen.game.state
        assert (state.turn, state.phase) == (2, Phase.INITIATIVE)
        await pilot.press("enter")  # Enter rolls the initiative too
        assert screen.game.state.phase is Phase.MOVEMENT
        assert screen.game.state.turn == 2
        told = [t.text for t in screen.query_one(EventLog).told]
        assert "End of turn 1." in told


async def test_enter_on_a_reachable_hex_plots_the_cheapest_route_and_enter_again_goes(
    tmp_path, library
):
    """Cursor to a shaded hex, Enter: the route is plotted; Enter on its end confirms."""
    journal = new_journal(tmp_path, library)
    deployed(journal, PLACES)
    journal.execute(RollInitiative())
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        mover = screen.selected
        await pilot.press("1")
        target = min(
            (h for h, mp in screen.board.picture.reach.items() if mp == "2"),
            key=lambda h: h.to_offset(),
        )
        screen.board.set_cursor(target)
        await pilot.press("enter")
        assert screen.plot is not None
        assert screen.plot.steps
        await pilot.press("enter")
        assert screen.game.state.units[mover].hex == target
        assert screen.game.state.units[mover].movement.mp_spent == 2


async def test_a_jump_picks_its_landing_and_facing(tmp_path, library):
    """3, cursor on a hex in range, Enter, ] to turn, Enter: the unit lands there, facing so."""
    journal = new_journal(tmp_path, library)
    deployed(journal, PLACES)
    journal.execute(RollInitiative())
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        mover = screen.selected
        unit = screen.game.state.units[mover]
        assert unit.design.jump > 0  # the Shadow Hawk jumps
        await pilot.press("3")
        target = unit.hex.neighbor(Facing.N).neighbor(Facing.N)
        screen.board.set_cursor(target)
        await pilot.press("enter", "right_square_bracket")
        assert screen.plot.target == target
        await pilot.press("enter")
        landed = screen.game.state.units[mover]
        assert landed.hex == target
        assert landed.facing == Facing.NE
        assert landed.movement.mode is MoveMode.JUMP


async def test_commands_typed_on_the_command_line(tmp_path, library):
    """: opens the line; a bad command is one line of reason; a good one is played."""
    journal = new_journal(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await pilot.press("colon", *"deploy 9 0101 N", "enter")
        assert "cannot read 'deploy 9 0101 N': units are numbered 1 to 4" in messages(app)
        await pilot.press("ctrl+a", "ctrl+k", *"deploy 1 0302 SE", "enter")
        assert screen.game.state.units[0].hex == Hex.from_label("0302")
        assert screen.game.state.units[0].facing is Facing.SE


async def test_deploying_outside_the_zone_is_refused(tmp_path, library):
    """Enter outside the shaded rows: the engine's reason, nothing saved."""
    journal = new_journal(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        screen.board.set_cursor(Hex.from_label("0810"))
        await pilot.press("right_square_bracket", "enter")
        assert "0810 is outside Davion's deployment zone" in messages(app)
        assert lines_in(journal.path) == 1
        screen.board.set_cursor(Hex.from_label("0302"))
        await pilot.press("enter")
        assert screen.game.state.units[0].hex == Hex.from_label("0302")
        assert screen.game.state.units[0].facing is Facing.SW  # S turned right once


async def test_question_mark_shows_the_keys_and_rules(tmp_path, library):
    """? opens the BattleTech page; Escape closes it."""
    journal = new_journal(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_screen(app, pilot, journal)
        await pilot.press("question_mark")
        assert isinstance(app.screen, BTRulesScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, BattleTechScreen)


async def test_a_saved_game_resumes_and_replays(tmp_path, library):
    """Continue opens the game where it was; the replay steps through it from the start."""
    journal = new_journal(tmp_path, library)
    deployed(journal, PLACES)
    journal.execute(RollInitiative())
    state = journal.game.state
    journal.close()
    resumed = factory(journal.path)
    assert isinstance(resumed, BattleTechScreen)
    assert not resumed.replaying
    assert resumed.game.state == state
    resumed.journal.close()
    replay = replay_or_explain(journal.path)
    assert isinstance(replay, BattleTechScreen)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(replay)
        await pilot.pause()
        assert replay.cursor.position == (0, 0)
        assert replay.state.phase is Phase.DEPLOYMENT
        await pilot.press("end")
        assert replay.state == state
        await pilot.press("left")
        assert replay.state.phase is Phase.INITIATIVE
        assert replay.check_action("mode", ("walk",)) is False  # read only


async def test_a_bad_save_is_one_line_not_a_traceback(tmp_path, library):
    """factory() of a file that is not a save says why and goes back."""
    junk = tmp_path / "junk.jsonl"
    junk.write_text("not a save\n")
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(factory(junk))
        await pilot.pause()
        assert not isinstance(app.screen, BattleTechScreen)
        assert len(messages(app)) == 1


async def test_a_failed_water_roll_is_a_fall_told_in_the_log(tmp_path, library):
    """Snake eyes on the water PSR: the Shadow Hawk falls; with MP left it may end its move (x)."""
    from saves.journal import Journal  # noqa: PLC0415
    from tui.battletech.library import load_scenario  # noqa: PLC0415

    # Arrange: initiative 4+5 v 3+2 (Kurita first), then 1+1 on the water roll, then plenty
    dice = (4, 5, 3, 2, 1, 1, *(4, 3) * 20)
    journal = Journal.create(
        tmp_path / "fall.jsonl",
        RULESET,
        load_scenario("default", library),
        created=NOW,
        scripted=dice,
    )
    deployed(journal, PLACES)
    journal.execute(RollInitiative())
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        mover = screen.selected
        await pilot.press("1", "right_square_bracket", "f")
        assert [w.text for w in screen._preview(screen.game.state).rolls] == [
            "PSR 1014 water: 4+ (92%)"
        ]
        # Act
        await pilot.press("c")
        # Assert: the roll, the fall and its damage are in the log; the unit lies prone
        state = screen.game.state
        assert state.units[mover].body.prone
        told = [t.text for t in screen.query_one(EventLog).told]
        assert any("PSR for entering water: target 4" in line and "falls" in line for line in told)
        assert any(" falls in 1014" in line for line in told)
        assert any("damage to the" in line for line in told)
        if state.active == mover:  # MP left: the plot stays open until x ends the move
            assert screen.plot is not None
            await pilot.press("x")
        assert screen.game.state.active is None
        assert screen.game.state.units[mover].movement.done


async def test_the_board_shows_the_terrain_of_the_state_drawn(tmp_path, library):
    """Fire, rubble and cleared woods change the map during a game: the board draws the state's."""
    journal = new_journal(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        state = journal.game.state
        where = Hex.from_label("0805")
        before = screen.board.view.face(where, ascii_only=False)
        burning = state.board.replace(where, attrs.evolve(state.board.terrain(where), fire=True))
        # Act: draw a state whose board has a fire (as after a fire started, BT-C-60)
        screen._draw_board(attrs.evolve(state, board=burning), None)
        # Assert: the board is the state's, and that hex looks different; the same board again
        # changes nothing
        assert screen.board.board is burning
        assert screen.board.view.face(where, ascii_only=False) != before
        view = screen.board.view
        screen._draw_board(attrs.evolve(state, board=burning), None)
        assert screen.board.view is view
        screen._draw_board(state, None)
        assert screen.board.view.face(where, ascii_only=False) == before
