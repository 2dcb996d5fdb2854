"""The fire panel's choices at declaration (BT-C-75): LB-X cluster or slug, Ultra double rate.

``o`` cycles the load or the rate of the weapon chosen last; the panel names the mode, its to-hit
term and its heat, and the declaration carries it (`commands.Shot.munition` / ``double``).
"""

from __future__ import annotations

from datetime import UTC, datetime

import attrs

from engine.battletech.commands import FireWeapons, Shot
from engine.battletech.state import BTSetup, Phase, Pilot, UnitSetup, Victory
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, terrain_board
from tests.engine.battletech._rules_btc import CT, LT, RT, duel, still
from tests.tui.test_bt_play import library  # noqa: F401 - the fixture
from tui.app import HexmechApp
from tui.battletech.games import start_game
from tui.battletech.screen import BattleTechScreen
from tui.battletech.setup import BTStart
from tui.battletech.widgets import OrdersPanel
from tui.battletech.widgets.targeting import (
    aim_view,
    cycle_mode,
    fire_command,
    start_aim,
    toggle_weapon,
    weapon_modes,
)

NOW = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)
LBX_MECH = design(
    equipment=[
        ("LB 10-X AC", RT),  # 0
        ("IS LB 10-X AC Ammo", RT),  # 1
        ("IS Ammo LB-10X Cluster", LT),  # 2
        ("Medium Laser", CT),  # 3
    ]
)


def weapon_phase(attacker):
    return attrs.evolve(still(duel(attacker)), phase=Phase.WEAPON)


def test_lbx_modes_follow_the_loads_carried_and_reach_the_command():
    """BT-C-75: cluster or slug is chosen at declaration: the aim's mode goes into the shot."""
    state = weapon_phase(LBX_MECH)
    unit = state.units[0]
    assert weapon_modes(unit, 0) == ("standard", "cluster")
    assert weapon_modes(unit, 3) == ()
    aim = start_aim(state, 0)
    aim = toggle_weapon(aim, aim_view(state, aim), "1")
    row = aim_view(state, aim).rows[0]
    assert (row.mode, row.to_hit.number) == ("slug", 4)
    assert fire_command(state, aim).shots == (Shot(0, target=1, munition="standard"),)
    aim = cycle_mode(state, aim, 0)
    row = aim_view(state, aim).rows[0]
    assert (row.mode, row.to_hit.number) == ("cluster", 3)
    assert ("cluster ammunition", -1) in row.to_hit.modifiers
    assert fire_command(state, aim).shots == (Shot(0, target=1, munition="cluster"),)
    again = cycle_mode(state, aim, 0)
    assert aim_view(state, again).rows[0].mode == "slug"


def test_one_load_only_has_no_mode():
    """A weapon whose bins all hold one load has nothing to choose."""
    state = weapon_phase(design(equipment=[("LB 10-X AC", RT), ("IS LB 10-X AC Ammo", RT)]))
    assert weapon_modes(state.units[0], 0) == ()


async def test_o_fires_the_daishi_ultra_at_double_rate(tmp_path, library):  # noqa: F811
    """BT-C-75 on the screen: choose the Ultra AC/5, ``o``: double rate, twice the heat, 2 shots."""
    setup = BTSetup(
        terrain_board(10, 10),
        ("Blue", "Red"),
        (
            UnitSetup(
                library.unit("Daishi Prime"),
                0,
                Pilot("Kerensky", 4, 5),
                Hex.from_label("0508"),
                Facing.N,
            ),
            UnitSetup(
                library.unit("Jenner JR7-D"),
                1,
                Pilot("Ito", 4, 5),
                Hex.from_label("0504"),
                Facing.S,
            ),
        ),
        title="Double rate",
        victory=Victory(turns=1),
    )
    journal = start_game(BTStart(setup, 7), tmp_path, now=NOW)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(BattleTechScreen(journal=journal))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        await pilot.press("i", "0", "0", "n")
        state = screen.game.state
        assert state.phase is Phase.WEAPON
        daishi = next(i for i, u in enumerate(state.units) if u.name == "Daishi Prime")
        while screen.selected != daishi:  # the Jenner's side may declare first
            await pilot.press("h")
        ultra = next(
            i for i, m in enumerate(state.units[daishi].design.equipment) if "Ultra" in m.name
        )
        await pilot.press("6")
        assert [w for w, _ in screen.attacks.aim.shots] == [ultra]
        await pilot.press("o")
        text = "\n".join(t for t, _ in screen.query_one(OrdersPanel).data)
        assert "Ultra AC/5 [double rate]" in text
        assert "Ultra AC/5 double rate +1" in text
        assert "2x5 dmg 2 heat" in text
        await pilot.press("c")
        fired = next(
            e.command
            for e in reversed(screen.game.entries)
            if isinstance(e.command, FireWeapons) and e.command.unit == daishi
        )
        assert fired.shots == (Shot(ultra, target=fired.shots[0].target, double=True),)
