"""The AoD play screen by keys: a demo game from the menu's new game, deploying, moving, the end.

AOD-5 steps 5 and 9 (the first player, deployment in the zone), AOD-7.2 (ending a turn with
orders left), AOD-8 (a Move order by keys), AOD-22 (the score screen), AOD-26.13 E (the order
workflow: select, order, pick, preview, confirm; hot-seat hand-over).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from textual.widgets import Input, Static

from engine.aod.commands import (
    DeployUnit,
    EndTurn,
    FreeSpin,
    MoveUnit,
    PlaceTerrain,
    RollFirstPlayer,
)
from engine.aod.data.scenario import build_scenario
from engine.aod.rules import legal_commands
from engine.aod.ruleset import DEMO_SCENARIO, RULESET, setup_from_scenario
from engine.aod.state import Stage
from engine.aod.terrain import Edge
from engine.game import Rejected
from engine.hexes import Facing, Hex
from tests.tui.fakes import messages
from tui.aod.force_builder import demo_forces
from tui.aod.game_screen import AoDScreen, PassScreen, ScoreScreen, score_lines
from tui.aod.screen import new_game
from tui.aod.setup import DEFAULT_NAMES, build_setup, game_library
from tui.app import HexmechApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.game import create_save

SIZE = (120, 40)
SEED = 7
NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


@pytest.fixture
def library(monkeypatch):
    """The bundled AoD files, given to the ruleset for the test only; no hand-over prompt."""
    before = RULESET.library
    RULESET.library = None
    monkeypatch.setattr("tui.aod.game_screen.handover_wanted", lambda _directory: False)
    yield game_library()
    RULESET.library = before


def setup_of(library, players=2):
    """The demo forces (seats 3 and 4 take them again) on the demo board."""
    forces = demo_forces(library)
    names = DEFAULT_NAMES[:players]
    return build_setup(library, names, [forces[n % 2] for n in range(players)], 450)


def new_journal(saves, library, players=2):
    """A new game as the setup form starts it, at a fixed seed and time."""
    return create_save(saves, RULESET, setup_of(library, players), seed=SEED, now=NOW)


def spread_deployments(journal, *, leave=0):
    """Deploy every unit by commands, each as far from the others as its zone allows.

    ``leave``: how many of the last deployments to leave to the test.
    """
    while journal.game.state.stage is Stage.DEPLOYMENT:
        state = journal.game.state
        waiting = [n for n in state.owned(state.active) if state.units[n].hex is None]
        if leave and sum(u.hex is None for u in state.units) <= leave:
            return
        ident = state.units[waiting[0]].ident
        placed = [u.hex for u in state.units if u.hex is not None]
        options = [
            c for c in legal_commands(state) if isinstance(c, DeployUnit) and c.unit == ident
        ]
        best = max(options, key=lambda c: min((c.hex.distance(h) for h in placed), default=0))
        outcome = journal.execute(best)
        assert not isinstance(outcome, Rejected), outcome


def ready_to_order(saves, library):
    """A game rolled and deployed, in the first player's order stage."""
    journal = new_journal(saves, library)
    journal.execute(RollFirstPlayer())
    spread_deployments(journal)
    assert journal.game.state.stage is Stage.ORDER
    return journal


async def open_screen(app, pilot, journal):
    app.push_screen(AoDScreen(journal=journal))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, AoDScreen)
    return screen


def text(screen, selector):
    return str(screen.query_one(selector, Static).render())


def lines_in(path):
    return len(path.read_bytes().splitlines())


async def test_a_demo_game_from_new_game_rolls_and_deploys_by_keys(tmp_path, library):
    """new_game(): the form's Ctrl+S starts the demo; Enter rolls; a unit is deployed by keys."""
    app = HexmechApp(tmp_path, first=new_game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#as-seed", Input).value = str(SEED)
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AoDScreen)
        assert screen.game.state.players == ("Falcon Strike", "Liao Line")
        assert screen.game.state.stage is Stage.FIRST_PLAYER
        assert lines_in(screen.path) == 1  # the header only
        # Act: Enter rolls 3d6 each for the first player (AOD-5 step 5)
        await pilot.press("enter")
        state = screen.game.state
        assert state.stage is Stage.DEPLOYMENT
        assert "For first player" in str(screen.query_one("#aod-log").told[-2].text)
        # Act: the deployer's first unit is selected, the cursor in his zone; turn right, pick,
        # see the preview, confirm (AOD-5 step 9)
        unit = screen.selected
        assert unit is not None
        start_facing = state.units[unit].facing
        where = screen.board.cursor
        assert where in state.setup.zone(state.active)
        assert set(screen.board.picture.marks) == state.setup.zone(state.active)
        await pilot.press("right_square_bracket", "enter")
        assert "> deploy" in text(screen, "#aod-orders")
        await pilot.press("enter")
        # Assert: the game placed it there, turned one hexside right, and the save holds it
        deployed = screen.game.state.units[unit]
        assert deployed.hex == where
        assert deployed.facing is Facing((start_facing.value + 1) % 6)
        assert screen.game.log[-1].command == DeployUnit(deployed.ident, where, deployed.facing)
        assert lines_in(screen.path) == 3
        assert screen.selected != unit  # the next unit waits for its place


async def test_a_unit_moves_by_keys_with_a_preview(tmp_path, library):
    """The m key shows the reach; arrows and Enter preview the move; Enter gives it (AOD-8)."""
    journal = ready_to_order(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        state = screen.game.state
        mover = screen.selected
        assert mover is not None
        assert state.units[mover].owner == state.active
        start = state.units[mover].hex
        await pilot.press("m")
        reach = screen.board.picture.reach
        assert reach  # the hexes in reach, each with its cost
        # Act: two hexes towards the middle of the board, Enter, Enter
        towards = "down" if state.setup.players[state.active].edge is Edge.TOP else "up"
        await pilot.press(towards, towards)
        target = screen.board.cursor
        assert target in reach
        await pilot.press("enter")
        orders = text(screen, "#aod-orders")
        assert f"Move to {target.label} facing {state.units[mover].facing.name}" in orders
        await pilot.press("enter")
        # Assert: the unit moved, an order was spent, the log tells it
        after = screen.game.state
        assert after.units[mover].hex == target != start
        assert after.orders_left == state.orders_left - 1
        assert isinstance(screen.game.log[-1].command, MoveUnit)
        assert screen.plan is None
        assert screen.selected != mover  # the next unit without an order


async def test_refusals_are_one_readable_line(tmp_path, library):
    """A hex out of reach, and a command the engine refuses, each say why in one line."""
    journal = ready_to_order(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        ident = screen.game.state.units[screen.selected].ident
        entries = len(screen.game.log)
        state = screen.game.state
        towards = "down" if state.setup.players[state.active].edge is Edge.TOP else "up"
        await pilot.press("m", *[towards] * 20, "enter")  # the Warden runs 16 at most
        assert ident == "HX-010a"
        assert f"{ident} cannot reach {screen.board.cursor.label} this turn." in messages(app)
        await pilot.press("escape", "colon", *f"move {ident} 0101", "enter")
        assert messages(app)[-1].startswith(f"{ident} cannot reach 0101")  # the engine's words
        assert len(screen.game.log) == entries  # nothing was given


async def test_ending_the_turn_asks_first_and_passes_the_terminal(tmp_path, library, monkeypatch):
    """The e key asks first with orders left (AOD-7.2); y ends the turn; the board hides."""
    monkeypatch.setattr("tui.aod.game_screen.handover_wanted", lambda _directory: True)
    journal = ready_to_order(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        first = screen.game.state.active
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert screen.game.state.active == first  # no: nothing happened
        await pilot.press("e")
        await pilot.press("y")
        await pilot.pause()
        state = screen.game.state
        assert state.active != first
        assert screen.game.log[-1].command == EndTurn()
        assert isinstance(app.screen, PassScreen)
        assert app.screen.player == state.players[state.active]
        await pilot.press("enter")
        assert app.screen is screen
        assert state.units[screen.selected].owner == state.active


async def test_calling_time_shows_the_score(tmp_path, library):
    """AOD-22: time called on the command line ends the game; the score screen shows the VP."""
    journal = ready_to_order(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await pilot.press("colon", *"time", "enter")
        await pilot.pause()
        result = screen.game.state.result
        assert result is not None
        assert isinstance(app.screen, ScoreScreen)
        shown = "\n".join(app.screen.lines)
        for seat, name in enumerate(screen.game.state.players):
            control = result.scores[seat].control
            assert any(line.startswith(name) and str(control) in line for line in app.screen.lines)
        assert "The game ended: time was called." in shown
        await pilot.press("enter")
        assert app.screen is screen
        assert "The game is over" in text(screen, "#aod-prompt")


def test_score_lines_name_the_winner_of_each_condition(tmp_path, library):
    """AOD-22.3: each condition's winner or a tie, then the game's winner."""
    journal = ready_to_order(tmp_path, library)
    journal.execute(RULESET.parse_command("time", journal.game.state))
    state = journal.game.state
    lines = score_lines(state)
    winner = state.result.winner
    assert lines[-1] == ("Nobody wins." if winner is None else f"{state.players[winner]} wins!")
    assert any(line.startswith("Conditions won: Elimination: tie") for line in lines)
    table = lines[2 : 3 + len(state.players)]  # the heads, then a row a player
    assert table[0].split() == ["Elimination", "Control", "Zone"]
    assert len({len(line) for line in table}) == 1  # the columns line up (seen wrapped at 80x24)
    assert "(Control: battlefield control, Zone: deployment-zone control)" in lines


def spin_offered(saves, library):
    """Three players; Third Force's Kestrel ends its move behind Falcon Strike's (AOD-8.5)."""
    journal = new_journal(saves, library, players=3)
    journal.execute(RollFirstPlayer())
    fixed = {"HX-009a": ("0903", Facing.N), "HX-009b": ("0309", Facing.SW)}
    while journal.game.state.stage is Stage.DEPLOYMENT:
        state = journal.game.state
        index = next(n for n in state.owned(state.active) if state.units[n].hex is None)
        ident = state.units[index].ident
        if ident in fixed:
            label, facing = fixed[ident]
            command = DeployUnit(ident, Hex.from_label(label), facing)
        else:
            taken = [u.hex for u in state.units if u.hex is not None]
            taken += [Hex.from_label(label) for label, _ in fixed.values()]
            options = [
                c for c in legal_commands(state) if isinstance(c, DeployUnit) and c.unit == ident
            ]
            command = max(options, key=lambda c: min(c.hex.distance(h) for h in taken))
        assert not isinstance(journal.execute(command), Rejected)
    assert journal.game.state.active == 1  # with this seed Liao Line goes first
    journal.execute(EndTurn())
    journal.execute(MoveUnit("HX-009b", Hex.from_label("0904"), Facing.N))
    assert journal.game.state.spins
    return journal


async def test_a_free_spin_is_picked_from_the_list(tmp_path, library):
    """AOD-8.5: the enemy's owner picks its facing by number (or stays); Enter gives it."""
    journal = spin_offered(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        assert screen.state.units[screen.selected].ident == "HX-009a"
        assert screen.options == [
            FreeSpin("HX-009a", None),
            FreeSpin("HX-009a", Facing.SE),
            FreeSpin("HX-009a", Facing.S),
            FreeSpin("HX-009a", Facing.SW),
        ]
        assert "Free spin HX-009a: pick 1-4." in text(screen, "#aod-prompt")
        await pilot.press("3")
        assert "> spin HX-009a S" in text(screen, "#aod-orders")
        await pilot.press("enter")
        state = screen.game.state
        assert state.units[0].facing is Facing.S
        assert not state.spins
        assert state.units[screen.selected].owner == state.active == 2


async def test_after_the_roll_the_first_deployer_takes_the_terminal(tmp_path, library, monkeypatch):
    """AOD-5 steps 5 and 9: everyone rolls; the board hides until the first deployer is seated."""
    monkeypatch.setattr("tui.aod.game_screen.handover_wanted", lambda _directory: True)
    journal = new_journal(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        assert app.screen is screen  # the game opens on the roll: no hand-over yet
        await pilot.press("enter")
        await pilot.pause()
        state = screen.game.state
        assert state.stage is Stage.DEPLOYMENT
        assert isinstance(app.screen, PassScreen)
        assert app.screen.player == state.players[state.active]
        assert "deploy" in app.screen.why


async def test_terrain_from_the_pool_is_laid_by_keys(tmp_path, library):
    """AOD-5 step 6: without a fixed layout the players lay the pool; Enter twice lays a piece."""
    table = {key: value for key, value in DEMO_SCENARIO.items() if key != "terrain"}
    scenario = build_scenario(table, library.units, library.pieces, library.catalogue.cards)
    setup = setup_from_scenario(scenario, library.pieces, library.catalogue)
    journal = create_save(tmp_path, RULESET, setup, seed=SEED, now=NOW)
    journal.execute(RollFirstPlayer())
    assert journal.game.state.stage is Stage.TERRAIN
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        marks = screen.board.picture.marks
        laying = [c for c in legal_commands(screen.game.state) if isinstance(c, PlaceTerrain)]
        anchors = {c.anchor for c in laying}
        assert set(marks) == anchors
        screen.board.set_cursor(min(anchors))
        await pilot.press("enter")
        chosen = screen.chosen
        assert isinstance(chosen, PlaceTerrain)
        assert f"> place {chosen.piece} {chosen.anchor.label}" in text(screen, "#aod-orders")
        await pilot.press("enter")
        state = screen.game.state
        assert screen.game.log[-1].command == chosen
        assert len(state.pool) == 3
        assert chosen.piece not in state.pool
