"""The DW play screen by keys: setup -> roll-off -> edge -> deploy -> activate -> move -> fire -> end.

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
from tui.dystopian.game_screen import DWScreen
from tui.dystopian.screen import new_game
from tui.dystopian.setup import build_setup, game_library
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
    """Roll off, take the top edge, deploy every model on the front row near the middle."""
    give(journal, RollOff())
    give(journal, ChooseEdge(Edge.TOP))
    while journal.game.state.stage is Stage.DEPLOYMENT:
        state = journal.game.state
        options = [c for c in legal_commands(state) if isinstance(c, DeployModel)]
        # side by side on the front row, near the middle column: the fleets meet within range
        best = min(
            options,
            key=lambda c: (abs(2 * c.hex.to_offset()[1] - 23), abs(c.hex.to_offset()[0] - 18)),
        )
        give(journal, best)


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


async def test_activate_move_fire_and_end_by_keys(tmp_path, fleets):
    """A activates; m, w w plots two hexes, Enter moves; f, Enter on a target, Enter declares; e."""
    journal = ready_to_activate(tmp_path, fleets)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        state = screen.game.state
        index = screen.selected
        assert index is not None and state.models[index].owner == state.active
        await pilot.press("a")
        state = screen.game.state
        assert state.activation is not None
        assert isinstance(screen.game.log[-1].command, Activate)
        mover = screen.selected
        model = state.models[mover]
        start, facing = model.hex, model.facing
        await pilot.press("m")
        assert screen.board.picture.reach  # the ends of the legal moves
        await pilot.press("w", "w")
        ahead = start.neighbor(facing).neighbor(facing)
        orders = text(screen, "#dw-orders")
        assert f"Path FF: to {ahead.label} facing {facing.name}" in orders
        assert "Legal: Enter gives it." in orders
        screen.board.set_cursor(ahead)
        await pilot.press("enter")
        moved = screen.game.state.models[mover]
        assert moved.hex == ahead
        assert screen.game.log[-1].command == MoveModel(model.ident, "FF")
        # move the rest of the squadron by commands, then aim
        while True:
            state = screen.game.state
            waiting = [
                c for c in legal_commands(state) if isinstance(c, MoveModel) and c.path == "FF"
            ]
            if not waiting:
                break
            give(journal, waiting[0])
        screen.redraw()
        fires = [c for c in legal_commands(screen.game.state) if isinstance(c, Fire)]
        if not fires:
            pytest.skip("no target in range at this seed")
        shooter = screen.game.state.index_of(fires[0].models[0])
        screen.selected = shooter
        await pilot.press("f")
        assert screen.plan == Fire.TAG
        target = screen.game.state.index_of(fires[0].targets[0])
        where = screen.game.state.models[target].hex
        assert where in screen.board.picture.marks
        screen.board.set_cursor(where)
        await pilot.press("enter")
        orders = text(screen, "#dw-orders")
        assert "dice at" in orders and "hits" in orders and "> fire" in orders
        await pilot.press("enter")
        assert isinstance(screen.game.log[-1].command, Fire)
        assert screen.game.state.activation.declared
        await pilot.press("e")
        assert screen.game.log[-1].command == EndActivation()
        rolled = [e for e in screen.game.log[-1].events if isinstance(e, AttackRolled)]
        assert rolled
        told = [t.text for t in screen.query_one("#dw-log").told]
        assert any("Dice: " in line for line in told)
