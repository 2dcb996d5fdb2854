"""The keys for what only the command line did (BT-C-59, BT-C-58, BT-C-52, BT-C-57/60, BT-C-19).

Eject (E), dump (D), heat sinks (S), fire at a hex (H) and aimed shots (A).

The game of ``test_bt_combat``: Blue's Hunchback at 0505 facing N and Red's Jenner at 0504
facing S; with this seed Blue loses the first initiative (the Hunchback moves first).
"""

from __future__ import annotations

from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import FireWeapons, Shot
from engine.battletech.designs.mech import Location
from engine.battletech.rules.tohit import weapon_to_hit
from engine.battletech.state import Phase
from engine.hexes import Facing
from tests.engine.battletech._build import design, evolved_unit, start, terrain_board
from tests.tui.test_bt_combat import SIZE, face_to_face, orders, to_weapon_phase, told
from tests.tui.test_bt_play import library  # noqa: F401 - the fixture
from tui.app import HexmechApp
from tui.battletech.screen import BattleTechScreen
from tui.battletech.special_orders import (
    AimedShotScreen,
    DumpScreen,
    HexFireScreen,
    SinksScreen,
)
from tui.battletech.widgets.attack_orders import heat_lines, to_hit_text
from tui.battletech.widgets.record import _flags as record_flags
from tui.battletech.widgets.targeting import KEYS, HeatPreview, weapons_of
from tui.screens.confirm import ConfirmScreen

HUNCHBACK = 0


async def _open(app, pilot, journal) -> BattleTechScreen:
    app.push_screen(BattleTechScreen(journal=journal))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, BattleTechScreen)
    return screen


async def test_e_ejects_only_after_a_yes(tmp_path, library):  # noqa: F811
    """BT-C-59: E asks first; n keeps the MechWarrior in; E then y ejects, and the log says so."""
    journal = face_to_face(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(app, pilot, journal)
        await pilot.press("i")
        assert screen.game.state.phase is Phase.MOVEMENT
        assert any("E: eject" in line for line in orders(screen))
        unit = screen.selected
        await pilot.press("E")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert not screen.game.state.units[unit].body.ejected
        await pilot.press("E")
        await pilot.press("y")
        await pilot.pause()
        assert screen.game.state.units[unit].body.ejected
        assert any("eject" in line.lower() for line in told(screen))


async def test_d_dumps_the_chosen_bin_after_its_y(tmp_path, library):  # noqa: F811
    """BT-C-58: before the initiative roll, D lists the bins; 1 chooses, y dumps (n: nothing)."""
    journal = face_to_face(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(app, pilot, journal)
        assert screen.game.state.phase is Phase.INITIATIVE
        assert any("D dump ammunition" in line for line in orders(screen))
        screen.cursor_to(screen.game.state.units[HUNCHBACK].hex)
        await pilot.press("D")
        dialog = app.screen
        assert isinstance(dialog, DumpScreen)
        assert dialog.unit == HUNCHBACK
        await pilot.press("1", "n")  # chosen, then refused: nothing dumps
        assert not screen.game.state.units[HUNCHBACK].dumping
        await pilot.press("D", "1", "y")
        await pilot.pause()
        dumping = screen.game.state.units[HUNCHBACK].dumping
        assert len(dumping) == 1
        (bin_,) = dumping
        assert "Ammo" in screen.game.state.units[HUNCHBACK].design.equipment[bin_].name
        assert any("will dump" in line for line in told(screen))


async def test_s_switches_heat_sinks_and_the_sheet_shows_it(tmp_path, library):  # noqa: F811
    """BT-C-52: S, + + +, Enter: 3 sinks off; the record sheet flags them, the log says so."""
    journal = face_to_face(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(app, pilot, journal)
        screen.cursor_to(screen.game.state.units[HUNCHBACK].hex)
        await pilot.press("S")
        assert isinstance(app.screen, SinksScreen)
        await pilot.press("plus", "plus", "plus", "enter")
        await pilot.pause()
        unit = screen.game.state.units[HUNCHBACK]
        assert unit.body.sinks_off == 3
        assert any("3 heat sinks off" in line for line in told(screen))
        # At once back on is refused: the dialog says why and gives nothing.
        await pilot.press("S", "minus", "enter")
        assert isinstance(app.screen, SinksScreen)
        assert "next one" in str(app.screen.body())
        await pilot.press("escape")
        assert screen.game.state.units[HUNCHBACK].body.sinks_off == 3


async def test_h_fires_at_the_woods_under_the_cursor(tmp_path, library):  # noqa: F811
    """BT-C-57: H on a woods hex two hexes ahead, a weapon that can reach it, c: declared."""
    board = terrain_board(10, 10)
    for where in board.positions():
        if where.label not in {"0505", "0504"}:
            board = board.replace(where, Terrain(woods=Woods.LIGHT))
    journal = face_to_face(tmp_path, library, board=board)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await to_weapon_phase(app, pilot, journal)
        state = screen.game.state
        unit = screen.selected
        me = state.units[unit]
        ahead = me.hex.neighbor(me.facing).neighbor(me.facing)
        weapons = weapons_of(me)
        number = next(
            n for n, w in enumerate(weapons) if weapon_to_hit(state, unit, w, ahead).possible
        )
        screen.cursor_to(ahead)
        await pilot.press("H")
        assert isinstance(app.screen, HexFireScreen)
        await pilot.press(KEYS[number], "c")
        await pilot.pause()
        attacks = [a for a in screen.game.state.attacks if a.attacker == unit]
        assert [(a.target, a.hex, a.weapon) for a in attacks] == [(None, ahead, weapons[number])]


async def test_h_off_woods_and_a_at_a_mobile_target_say_why_not(tmp_path, library):  # noqa: F811
    """BT-C-57 / BT-C-19: H on a clear hex and A at a 'Mech that can move open nothing."""
    journal = face_to_face(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await to_weapon_phase(app, pilot, journal)
        assert any("A: aimed shot" in line for line in orders(screen))
        await pilot.press("H")
        assert app.screen is screen
        await pilot.press("A")
        assert app.screen is screen
        said = [n.message for n in app._notifications]
        assert any("woods, building or ice" in m for m in said)
        assert any("immobile" in m for m in said)


class _Stub:
    """What the aimed-shot dialog reads of the play screen: the game's state and unit names."""

    def __init__(self, state) -> None:
        self.game = type("G", (), {"state": state})()

    def name_of(self, index: int) -> str:
        return f"unit {index + 1}"


async def test_the_aimed_shot_dialog_aims_the_weapons_that_may(tmp_path, library):  # noqa: F811
    """BT-C-19: at a shut-down 'Mech, 1 (HD) then c: the laser aims at the head (+3 not -4)."""
    journal = face_to_face(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await to_weapon_phase(app, pilot, journal)
        state = screen.game.state
        unit = screen.selected
        target = screen.attacks.aim.target
        state = state.replace_unit(target, evolved_unit(state.units[target], shutdown=True))
        laser = next(
            w
            for w in weapons_of(state.units[unit])
            if "Laser" in state.units[unit].design.equipment[w].name
        )
        base = FireWeapons(unit, (Shot(laser, target=target),))
        given = []
        app.push_screen(AimedShotScreen(_Stub(state), base, target), given.append)
        await pilot.pause()
        body = str(app.screen.body())
        assert "HD" in body
        await pilot.press("1", "c")
        await pilot.pause()
        (command,) = given
        assert command.shots == (Shot(laser, target=target, aimed=Location.HD),)
        head = weapon_to_hit(state, unit, laser, target, aimed=Location.HD)
        assert ("aimed at the head", 3) in head.modifiers


async def test_the_fire_panel_under_water_names_what_works_and_why_not(tmp_path, library):  # noqa: F811
    """BT-C-9 / BT-C-90.10: both 'Mechs in Depth 2 see each other.

    Each weapon's row is the engine's number or its reason (the Jenner's SRM 4: missiles do not
    fire under water).
    """
    board = terrain_board(10, 10, h0505=Terrain(water=2), h0504=Terrain(water=2))
    journal = face_to_face(tmp_path, library, board=board)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await to_weapon_phase(app, pilot, journal)
        state = screen.game.state
        unit = screen.selected
        target = screen.attacks.aim.target
        text = "\n".join(orders(screen))
        assert "no line of sight" not in text
        results = [weapon_to_hit(state, unit, w, target) for w in weapons_of(state.units[unit])]
        for result in results:
            assert to_hit_text(result) in text
        assert any(r.possible for r in results)
        jenner = 1
        srm = next(
            w
            for w in weapons_of(state.units[jenner])
            if "SRM" in state.units[jenner].design.equipment[w].name
        )
        reason = weapon_to_hit(state, jenner, srm, HUNCHBACK).reason
        assert "missile launchers do not fire under water" in reason


def test_the_heat_panel_and_the_sheet_name_the_sinks_switched_off():
    """BT-C-52: the heat preview says how many sinks are off; the sheet flags them."""
    (sums, *_) = heat_lines(HeatPreview(5, (("walked", 1),), 6, sinks_off=4))
    assert sums[0] == "heat 5 +1 built -6 sinks (4 off) = 0"
    (plain, *_) = heat_lines(HeatPreview(5, (("walked", 1),), 10))
    assert plain[0] == "heat 5 +1 built -10 sinks = 0"
    state = start(terrain_board(4, 4), [(design(), 0, "0202", Facing.N)])
    unit = state.units[0]
    assert "3 heat sinks off" in record_flags(evolved_unit(unit, sinks_off=3))
    assert not any("sinks" in flag for flag in record_flags(unit))
