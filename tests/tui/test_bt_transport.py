"""Transport on the play screen (BT-C-35.13): ``T`` lists a carrier's orders, a digit gives one.

The default scenario's Davion side gets a Bulldog with 4 t of troop space and a foot platoon
in its hex (placed by the setup, no deployment); Kurita keeps a 'Mech far away.
"""

from __future__ import annotations

import attrs

from engine.battletech.commands import Move, RollInitiative
from engine.battletech.rules.aboard import carrier_of
from engine.battletech.state import MoveMode, UnitSetup
from engine.battletech.transportcommands import LoadUnit
from engine.hexes import Facing, Hex
from tests.tui.kind_games import PLATOON, TANK, blk_design
from tests.tui.test_bt_play import (
    NOW,
    SEED,
    library,  # noqa: F401 - the fixture
)
from tui.app import HexmechApp
from tui.battletech.games import start_game
from tui.battletech.library import load_scenario
from tui.battletech.screen import BattleTechScreen
from tui.battletech.setup import BTStart
from tui.battletech.transport_orders import TransportScreen, transport_choices
from tui.battletech.widgets.units import unit_status

CARRIER, RIDER = 1, 2


def carrier_journal(saves, library):  # noqa: F811
    setup = load_scenario("default", library)
    tank = attrs.evolve(blk_design(TANK), troop_space=4.0)
    units = (
        UnitSetup(setup.units[0].design, 0, hex=Hex.from_label("1001"), facing=Facing.S),
        UnitSetup(tank, 0, hex=Hex.from_label("0701"), facing=Facing.S),
        UnitSetup(blk_design(PLATOON), 0, hex=Hex.from_label("0701"), facing=Facing.S),
        UnitSetup(setup.units[3].design, 1, hex=Hex.from_label("0815"), facing=Facing.N),
    )
    journal = start_game(BTStart(attrs.evolve(setup, units=units), SEED), saves, now=NOW)
    journal.execute(RollInitiative())
    if journal.game.state.side_to_act == 1:
        journal.execute(Move(3, MoveMode.STILL))
    return journal


async def test_t_lists_the_load_and_a_digit_gives_it(tmp_path, library) -> None:  # noqa: F811
    """T on the selected carrier opens its orders; 1 loads the platoon in its hex."""
    journal = carrier_journal(tmp_path, library)
    state = journal.game.state
    assert state.side_to_act == 0
    choices = transport_choices(state, CARRIER)
    assert choices[0][0] == LoadUnit(CARRIER, RIDER)
    assert "(load 2 3)" in choices[0][1]
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=journal))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        screen.selected = CARRIER
        await pilot.press("T")
        await pilot.pause()
        assert isinstance(app.screen, TransportScreen)
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, BattleTechScreen)
        after = journal.game.state
        assert carrier_of(after.units[RIDER]) == CARRIER
        assert unit_status(after, after.units[RIDER], RIDER) == "aboard"


def test_nothing_to_list_for_a_unit_without_troop_space(tmp_path, library) -> None:  # noqa: F811
    """The 'Mech and the platoon have no transport orders: T does nothing for them."""
    state = carrier_journal(tmp_path, library).game.state
    assert transport_choices(state, 0) == []
    assert transport_choices(state, RIDER) == []
    assert transport_choices(state, None) == []
