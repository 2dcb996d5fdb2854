"""The DW play screen by keys: setup, roll-off, edge, deploy, activate, move, fire, end.

DW-22.8 (the roll-off, the edge, deployment in the zone), DW-9.2 (activating a squadron), DW-11 /
DW-28.4 (a move plotted step by step), DW-7.2 step 3a and DW-17 (declaring an attack with its
preview), DW-7.2 steps 3b-5 (ending the activation rolls the attacks, the dice told die by die,
DW-2.1), DW-22.5 (the score screen), and the hot-seat hand-over.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from textual.widgets import Input, Static

from engine.dystopian.commands import (
    Activate,
    ChooseEdge,
    DeployModel,
    EndActivation,
    Fire,
    MoveModel,
    RollOff,
)
from engine.dystopian.events import AttackRolled
from engine.dystopian.rules import legal_commands
from engine.dystopian.ruleset import RULESET
from engine.dystopian.state import Edge, Stage
from engine.game import Rejected
from engine.hexes import Facing
from tui.app import HexmechApp
from tui.dystopian.game_screen import DWScreen, PassScreen
from tui.dystopian.screen import new_game
from tui.dystopian.setup import build_setup, game_library
from tui.screens.confirm import ConfirmScreen
from tui.screens.game import create_save

SIZE = (120, 40)
SEED = 7
NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)
NAVAL = "Sample naval fleet"


@pytest.fixture
def fleets(monkeypatch):
    """The bundled DW fleets, given to the ruleset for the test only; no hand-over prompt."""
    before = RULESET.library
    RULESET.library = None
    monkeypatch.setattr("tui.dystopian.game_screen.handover_wanted", lambda _directory: False)
    yield game_library()
    RULESET.library = before


def new_journal(saves, fleets):
    """The sample naval fleet on each side (DW-28.12), at a fixed seed and time."""
    setup = build_setup(fleets, ("Red", "Blue"), (NAVAL, NAVAL))
    return create_save(saves, RULESET, setup, seed=SEED, now=NOW)


def give(journal, command):
    outcome = journal.execute(command)
    assert not isinstance(outcome, Rejected), outcome


def deploy_all(journal):
    """Roll off, take the top edge, deploy each squadron together on the front row, mid-board."""
    give(journal, RollOff())
    give(journal, ChooseEdge(Edge.TOP))
    while journal.game.state.stage is Stage.DEPLOYMENT:
        state = journal.game.state
        options = [c for c in legal_commands(state) if isinstance(c, DeployModel)]
        journal_model = state.models[state.index_of(options[0].model)]
        mates = [
            m.hex
            for m in state.models
            if m.squadron == journal_model.squadron and m.hex is not None
        ]

        # side by side on the front row, squadrons together: the fleets meet within range
        give(journal, min(options, key=lambda c, near=tuple(mates): _rank(c, near)))


def _rank(command, mates):
    col, row = command.hex.to_offset()
    near = min((command.hex.distance(h) for h in mates), default=0)
    return (near, abs(2 * row - 23), abs(col - 18))


def ready_to_activate(saves, fleets):
    journal = new_journal(saves, fleets)
    deploy_all(journal)
    assert journal.game.state.stage is Stage.ACTIVATION
    return journal


async def open_screen(app, pilot, journal):
    app.push_screen(DWScreen(journal=journal))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, DWScreen)
    return screen


def text(screen, selector):
    return str(screen.query_one(selector, Static).render())


async def test_setup_form_rolls_off_takes_an_edge_and_deploys_by_keys(tmp_path, fleets):
    """Ctrl+S starts; Enter rolls off (DW-22.8); 1 + Enter takes the top; a model deploys."""
    app = HexmechApp(tmp_path, first=new_game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.screen
        assert "390 of 400 pts" in str(form.query_one("#dws-points-0", Static).render())
        form.query_one("#dws-seed", Input).value = str(SEED)
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DWScreen)
        assert screen.game.state.players == ("Red", "Blue")
        assert screen.game.state.stage is Stage.SETUP
        await pilot.press("enter")
        state = screen.game.state
        assert state.stage is Stage.EDGE
        await pilot.press("1", "enter")
        state = screen.game.state
        assert state.stage is Stage.DEPLOYMENT
        assert state.edges[state.active] is Edge.TOP
        # the first model to deploy is selected, the zone shaded, the cursor in it
        index = screen.selected
        assert index is not None
        zone = state.setup.zone(Edge.TOP)
        where = screen.board.cursor
        assert where in zone
        assert set(screen.board.picture.marks) <= zone
        await pilot.press("right_square_bracket", "enter")
        assert "> deploy" in text(screen, "#dw-orders")
        await pilot.press("enter")
        deployed = screen.game.state.models[index]
        assert deployed.hex == where
        assert deployed.facing is Facing.S.turn(1)  # inward (S), one hexside right
        assert screen.game.log[-1].command == DeployModel(deployed.ident, where, deployed.facing)


async def test_activate_and_move_step_by_step(tmp_path, fleets):
    """A activates (DW-9.2); m, w w plots two hexes ahead (DW-28.4); Enter gives the move."""
    journal = ready_to_activate(tmp_path, fleets)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        state = screen.game.state
        index = screen.selected
        assert index is not None
        assert state.models[index].owner == state.active
        await pilot.press("a")
        assert screen.game.state.activation is not None
        assert isinstance(screen.game.log[-1].command, Activate)
        mover = screen.selected
        model = screen.game.state.models[mover]
        start, facing = model.hex, model.facing
        await pilot.press("m")
        assert screen.board.picture.reach  # the ends of the legal moves
        await pilot.press("w", "w", "w", "w")
        assert "It can move only 3 hexes this activation." in text(screen, "#dw-orders")
        await pilot.press("backspace", "backspace")
        ahead = start.neighbor(facing).neighbor(facing)
        assert screen.board.cursor == ahead  # the cursor follows the path's end
        orders = text(screen, "#dw-orders")
        assert f"Path FF: to {ahead.label} facing {facing.name}" in orders
        assert "Legal: Enter gives it." in orders
        await pilot.press("enter")
        assert screen.game.state.models[mover].hex == ahead
        assert screen.game.log[-1].command == MoveModel(model.ident, "FF")
        assert screen.selected != mover  # the next model of the squadron waits


def activated_and_moved(saves, fleets):
    """Red's cruisers activated and moved four hexes ahead: their guns reach Blue's fleet."""
    journal = ready_to_activate(saves, fleets)
    state = journal.game.state
    give(
        journal,
        next(c for c in legal_commands(state) if isinstance(c, Activate) and "CR" in c.model),
    )
    while True:
        moves = [
            c
            for c in legal_commands(journal.game.state)
            if isinstance(c, MoveModel) and c.path == "FFFF"
        ]
        if not moves:
            return journal
        give(journal, moves[0])


async def test_fire_with_a_preview_then_end_the_activation(tmp_path, fleets):
    """f, Tab to a target, the preview, Enter declares (DW-7.2 step 3a); e rolls it (DW-2.1)."""
    journal = activated_and_moved(tmp_path, fleets)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await pilot.press("f")
        assert screen.plan == Fire.TAG
        targets = set(screen.board.picture.marks)
        assert targets
        await pilot.press("tab")
        assert screen.board.cursor in targets
        orders = text(screen, "#dw-orders")
        assert "hits" in orders
        assert "> fire" in orders
        chosen = screen.chosen
        assert isinstance(chosen, Fire)
        await pilot.press("enter")
        assert screen.game.log[-1].command == chosen
        assert screen.game.state.activation.declared
        await pilot.press("e")
        assert screen.game.log[-1].command == EndActivation()
        rolled = [e for e in screen.game.log[-1].events if isinstance(e, AttackRolled)]
        assert rolled
        told = [t.text for t in screen.query_one("#dw-log").told]
        assert any("Dice: " in line for line in told)


async def test_ending_unfired_asks_first(tmp_path, fleets):
    """E with attacks possible and none declared asks; n keeps the activation going."""
    journal = activated_and_moved(tmp_path, fleets)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        entries = len(screen.game.log)
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert len(screen.game.log) == entries
        assert screen.game.state.activation is not None
        await pilot.press("e", "y")
        assert screen.game.log[-1].command == EndActivation()


async def test_the_other_player_takes_the_terminal(tmp_path, fleets, monkeypatch):
    """Hot-seat: after Red's activation the board hides until Blue takes it (Enter)."""
    monkeypatch.setattr("tui.dystopian.game_screen.handover_wanted", lambda _directory: True)
    journal = activated_and_moved(tmp_path, fleets)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await pilot.press("e", "y")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert app.screen.player == "Blue"
        await pilot.press("enter")
        assert app.screen is screen
        assert screen.game.state.players[screen.game.state.active] == "Blue"


def deploy_split(journal):
    """Roll off, take the top edge, deploy each model far from its squadron: split squadrons."""
    give(journal, RollOff())
    give(journal, ChooseEdge(Edge.TOP))
    while journal.game.state.stage is Stage.DEPLOYMENT:
        state = journal.game.state
        options = [c for c in legal_commands(state) if isinstance(c, DeployModel)]
        placed = [m.hex for m in state.models if m.hex is not None]
        give(
            journal,
            max(options, key=lambda c: min((c.hex.distance(h) for h in placed), default=0)),
        )


async def test_a_split_squadron_activates_the_element_picked_by_number(tmp_path, fleets):
    """DW-9.3: a split squadron lists each group; 2 picks the second as commanded element."""
    journal = new_journal(tmp_path, fleets)
    deploy_split(journal)
    state = journal.game.state
    split = [c for c in legal_commands(state) if isinstance(c, Activate) and c.element]
    assert split, "the spread squadrons are split"
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        screen.selected = state.index_of(split[0].model)
        await pilot.press("a")
        orders = text(screen, "#dw-orders")
        assert "1. activate " in orders
        assert "2. activate " in orders
        second = screen.options[1]
        await pilot.press("2", "enter")
        assert screen.game.log[-1].command == second
        commanded = screen.game.state.activation.element
        element = state.index_of(second.element or second.model)
        assert element in commanded
