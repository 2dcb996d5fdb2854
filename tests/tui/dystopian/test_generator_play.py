"""A generator used from the DW play screen by keys: ``g``, the preview, Enter, the log (DW-23).

The sample naval fleet's Lancer Cruisers buy the INVENTED Pulse Generator option (DW-28.12 gives
the roster none): on activation each stores 2 dice (DW-23 Pulse); after moving, ``g`` plans the
selected cruiser's pulse, the order panel previews the dice and the models it reaches, Enter
gives it and the log tells the roll. The Camouflage template's hexes are drawn on the board.
"""

from __future__ import annotations

import attrs
from textual.widgets import Static

from engine.dystopian.commands import Activate, Generate, MoveModel
from engine.dystopian.generator_events import PulseRolled
from engine.dystopian.rules import legal_commands
from engine.dystopian.ruleset import RULESET
from engine.dystopian.state import Stage
from engine.hexes import Hex
from tests.tui.dystopian.test_screen_play import (
    NAVAL,
    NOW,
    SEED,
    SIZE,
    deploy_all,
    fleets,
    give,
    open_screen,
)
from tui.app import HexmechApp
from tui.dystopian.board_view import CAMOUFLAGE_GLYPH, DWBoardView
from tui.dystopian.setup import build_setup
from tui.screens.game import create_save

__all__ = ["fleets"]  # the fixture, shared with the play tests


def _pulse_fleets(fleets):
    """The sample naval fleet with its cruisers' Pulse Generators (MFV raised to pay for them)."""
    naval = fleets[NAVAL]
    squadrons = tuple(
        attrs.evolve(s, options=("pulse",)) if s.model.id == "CR" else s for s in naval.squadrons
    )
    return {**fleets, NAVAL: attrs.evolve(naval, squadrons=squadrons, mfv=500)}


def _moved_with_pulse(saves, fleets):
    """Red's cruisers activated (2 pulse dice each) and moved four hexes ahead."""
    chosen = _pulse_fleets(fleets)
    journal = create_save(
        saves, RULESET, build_setup(chosen, ("Red", "Blue"), (NAVAL, NAVAL)), seed=SEED, now=NOW
    )
    deploy_all(journal)
    assert journal.game.state.stage is Stage.ACTIVATION
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


async def test_g_previews_the_pulse_and_enter_fires_it(tmp_path, fleets):
    """DW-23 Pulse by keys: g plans it, the preview names its 2 dice, Enter rolls them."""
    journal = _moved_with_pulse(tmp_path, fleets)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        assert "g Generate" in str(screen.query_one("#dw-orders", Static).render())
        await pilot.press("g")
        assert screen.plan == Generate.TAG
        chosen = screen.chosen
        assert isinstance(chosen, Generate)
        assert chosen.generator == "pulse"
        orders = str(screen.query_one("#dw-orders", Static).render())
        assert "Pulse: 4-5 one hit" in orders
        assert "2 dice, one roll" in orders
        assert "> generate" in orders
        await pilot.press("enter")
        entry = screen.game.log[-1]
        assert entry.command == chosen
        (rolled,) = [e for e in entry.events if isinstance(e, PulseRolled)]
        assert rolled.dice == 2
        told = [t.text for t in screen.query_one("#dw-log").told]
        assert any("pulse rolls 2 dice" in line for line in told)


def test_the_camouflage_template_is_drawn_on_its_seven_hexes(fleets):
    """DW-23 / DW-28.10: the board view draws the cloud over the terrain, ``&`` in ASCII."""
    setup = build_setup(fleets, ("Red", "Blue"), (NAVAL, NAVAL))
    centre = Hex.from_label("1006")
    view = DWBoardView(setup.terrain, frozenset(centre.spiral(1)))
    cloud = CAMOUFLAGE_GLYPH.face(ascii_only=True)
    assert all(view.face(h, ascii_only=True) == cloud for h in centre.spiral(1))
    assert view.face(Hex.from_label("1009"), ascii_only=True) != cloud
    assert "&" in cloud.upper
