"""What the screen offers a vehicle, platoon or squad: only what its kind can do (issue 20).

The mixed game of `tests.tui.kind_games` (a Griffin and a Bulldog tank against a laser foot
platoon and a Cavalier squad), every unit stood still, in the weapon attack phase. The targeting
panel shows a 'Mech its torso twist, heat and aimed shot; a tank none of them (BT-M-36: only
'Mechs build heat; BT-C-3 twist; BT-C-19 aimed shots), and a platoon or squad no hex fire
either (BT-C-57, BT-M-8.11). The guide names a vehicle's cruise and flank and a platoon's move
(BT-M-37.1, BT-M-4); End phase orders are for a player with 'Mechs (BT-C-52, BT-C-58). A squad's
weapon has one place name in the log, the sheet and the panel.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech.commands import EndPhase, Move, RollInitiative
from engine.battletech.designs import BattleArmorDesign, VehicleDesign
from engine.battletech.designs.vehicle import VehicleLocation
from engine.battletech.evolve import with_body, with_unit
from engine.battletech.kinds.vehicle import vehicle_body
from engine.battletech.narrate import unit_letters
from engine.battletech.narrate.words import weapon_name
from engine.battletech.rules.tohit import weapon_to_hit
from engine.battletech.state import MoveMode, Phase
from engine.hexes import Hex
from tests.tui.kind_games import kinds_journal
from tests.tui.test_bt_play import library  # noqa: F401 - the fixture
from tui.app import HexmechApp
from tui.battletech import guide as bt
from tui.battletech.kind_words import kind_flags, kind_status, mode_hint
from tui.battletech.rules import KEY_GROUPS, rules_markdown
from tui.battletech.screen import BattleTechScreen
from tui.battletech.units import UNITS_DIR, load_blk
from tui.battletech.widgets import OrdersPanel
from tui.battletech.widgets.attack_orders import aim_lines
from tui.battletech.widgets.kind_sheets import battle_armor_sheet
from tui.battletech.widgets.orders import initiative_lines
from tui.battletech.widgets.targeting import Aim, aim_view

GRIFFIN, TANK, PLATOON, SQUAD = 0, 1, 2, 3


@pytest.fixture
def fire(tmp_path, library):  # noqa: F811
    """The mixed game in its first weapon attack phase (every unit stood still)."""
    journal = kinds_journal(tmp_path, library)
    journal.execute(RollInitiative())
    state = journal.game.state
    while state.phase is Phase.MOVEMENT:
        side = state.side_to_act
        waiting = [
            i
            for i, u in enumerate(state.units)
            if u.side == side and u.movement is None and u.on_map
        ]
        journal.execute(Move(waiting[0], MoveMode.STILL) if waiting else EndPhase())
        state = journal.game.state
    assert state.phase is Phase.WEAPON
    return journal


def panel(journal, unit: int, target: int) -> list[str]:
    state = journal.game.state
    view = aim_view(state, Aim(unit, target=target))
    return [text for text, _ in aim_lines(view, state, unit_letters(state.units))]


def test_a_mech_aims_with_its_torso_heat_and_aimed_shot(fire) -> None:
    """The 'Mech's panel is as before: twist, heat by weapon and in sum, A and H."""
    lines = panel(fire, GRIFFIN, PLATOON)
    assert any(line.startswith("torso: front") for line in lines)
    assert any(line.endswith(" heat") and "dmg" in line for line in lines)
    assert any(line.startswith("heat 0 +0 built") for line in lines)
    assert "A: aimed shot (immobile target)  H: fire at the cursor hex" in lines


def test_a_tank_aims_without_mech_things(fire) -> None:
    """BT-C-3, BT-M-36, BT-C-19: no torso, no heat, no aimed shot; it may fire at a hex."""
    lines = panel(fire, TANK, PLATOON)
    assert not any("torso" in line or "twist" in line for line in lines)
    assert not any("heat" in line for line in lines)
    assert "  long range | 8 dmg" in lines  # the Large Laser: damage, no heat
    assert "H: fire at the cursor hex" in lines
    assert not any("aimed" in line for line in lines)


@pytest.mark.parametrize("unit", [PLATOON, SQUAD])
def test_infantry_aims_at_units_only(fire, unit: int) -> None:
    """BT-C-57, BT-M-8.11: a platoon or squad never fires at a hex; no 'Mech keys either."""
    lines = panel(fire, unit, GRIFFIN)
    joined = "\n".join(lines)
    for word in ("torso", "twist", "heat", "aimed", "fire at the cursor hex"):
        assert word not in joined
    if unit == PLATOON:  # its Laser Rifle has no row in the infantry weapon table yet
        assert "no weapon it can fire" in lines


async def test_the_keys_of_a_tank_and_a_squad_in_the_weapon_phase(fire, tmp_path) -> None:
    """The footer and the keys' rules: [ ] twist and A only for a 'Mech, H not for infantry."""
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=fire))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        state = fire.game.state
        acting = {i for i, u in enumerate(state.units) if u.side == state.side_to_act}
        for unit in sorted(acting):
            screen.attacks.aim = Aim(unit, target=next(i for i in range(4) if i not in acting))
            special = screen.special.keys(state)
            rules = screen.attacks.weapon_keys(state)
            mech = state.units[unit].is_mech
            assert rules["twist"](()) is mech
            assert special["aimed"](()) is mech
            assert special["hex_fire"](()) is (unit in {GRIFFIN, TANK})


def test_end_phase_orders_are_for_mechs_only(fire) -> None:
    """BT-C-52, BT-C-58: the Initiative orders name D and S only with a 'Mech to give them."""
    state = fire.game.state
    said = [text for text, _ in initiative_lines(state)]
    assert "first, End phase orders: D dump ammunition, S heat sinks" in said
    plain = [text for text, _ in initiative_lines(state, end_orders=False)]
    assert not any("dump" in text or "sinks" in text for text in plain)
    assert bt.NEXT_TURN_WITHOUT_MECHS.keys[0].what == "roll"
    assert "dump" not in bt.NEXT_TURN_WITHOUT_MECHS.text


def test_the_guide_names_the_modes_of_the_kind(fire) -> None:
    """BT-M-37.1: "1 cruise · 2 flank"; BT-M-4: "1 move"; the 'Mech's lesson keeps walk, run."""
    state = fire.game.state
    tank = bt.kind_lesson(state.units[TANK], "movement")
    platoon = bt.kind_lesson(state.units[PLATOON], "movement")
    assert tank is not None
    assert platoon is not None
    assert [hint.what for hint in tank.keys][:2] == ["cruise", "flank"]
    assert platoon.keys[0].what == "move"
    assert "walk" not in tank.text + platoon.text
    assert bt.kind_lesson(state.units[GRIFFIN], "movement") is None
    assert bt.kind_lesson(state.units[TANK], MoveMode.RUN.value).title == "Plotting a flank move"
    assert bt.kind_lesson(state.units[SQUAD], MoveMode.WALK.value).title == "Plotting a move"
    assert bt.kind_lesson(state.units[SQUAD], MoveMode.JUMP.value) is None  # as a 'Mech's


async def test_the_guide_on_a_platoons_turn_says_move(tmp_path, library) -> None:  # noqa: F811
    """The platoon selected first (Kurita moves first): the Movement lesson in its words."""
    journal = kinds_journal(tmp_path, library)
    journal.execute(RollInitiative())
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=journal))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        assert screen.selected == PLATOON
        lesson = bt.BattleTechTutor().lesson(screen)
        assert lesson is bt.TROOP_LESSONS["movement"]
        assert bt.BattleTechTutor().moments(screen)[0] == "kind"
        orders = [text for text, _ in screen.query_one(OrdersPanel).data]
        assert "1 move 1  0 still" in orders


def test_a_squads_weapon_has_one_place_name(fire) -> None:
    """BT-M-5: the suit's mount, "RA", in the log, on the record sheet and in the panel."""
    state = fire.game.state
    squad = state.units[SQUAD].design
    assert isinstance(squad, BattleArmorDesign)
    assert weapon_name(squad, 0) == "Small Laser (RA)"
    sheet = battle_armor_sheet(squad, state.units[SQUAD].body.armor).plain  # type: ignore[union-attr]
    assert "Small Laser" in sheet
    assert " RA" in sheet
    assert "Squad" not in sheet
    assert any("Small Laser RA #1" in line for line in panel(fire, SQUAD, GRIFFIN))


def test_battle_armor_refused_a_hex_is_named_battle_armor(fire) -> None:
    """BT-C-57: the refusal names the kind that cannot fire at a hex."""
    state = fire.game.state
    squad_hex = state.units[SQUAD].hex
    assert squad_hex is not None
    near = next(h for h in squad_hex.neighbors() if state.board.get(h) is not None)
    to_hit = weapon_to_hit(state, SQUAD, 0, near)
    assert to_hit.reason == "battle armor fires at units only (BT-C-57, BT-M-8.11)"


def test_one_home_for_the_evolve_helpers(fire) -> None:
    """`engine.battletech.envevents` changes units with `evolve`'s own helpers."""
    from engine.battletech import envevents  # noqa: PLC0415 - the module under test

    assert envevents.with_unit is with_unit
    assert envevents.with_body is with_body
    state = fire.game.state
    stuck = with_unit(state, TANK, stuck=True)
    assert stuck.units[TANK].stuck
    assert with_body(state, TANK, stunned=2).units[TANK].body.stunned == 2  # type: ignore[union-attr]
    assert Hex.from_label("0701") == state.units[TANK].hex


def test_a_vtol_shot_down_onto_a_roof_reads_crashed_not_flying(fire) -> None:
    """BT-M-37.6: its rotor gone, it lies on the roof: "crashed", never "flying" (convoy-raid)."""
    state = fire.game.state
    tank = state.units[TANK]
    gunship = load_blk(UNITS_DIR / "blk" / "Yellow Jacket Gunship.blk").design
    assert isinstance(gunship, VehicleDesign)
    flying = attrs.evolve(tank, design=gunship, body=vehicle_body(gunship, elevation=2))
    assert "flying 2" in kind_status(flying)
    assert "flying at elevation 2" in kind_flags(flying)
    down = attrs.evolve(flying, body=attrs.evolve(flying.body, elevation=1, rotor_destroyed=True))
    assert "crashed" in kind_status(down)
    assert not any("flying" in word for word in (*kind_status(down), *kind_flags(down)))
    assert "crashed on a roof at elevation 1" in kind_flags(down)
    ground = attrs.evolve(down, body=attrs.evolve(down.body, elevation=0))
    assert "crashed" in kind_flags(ground)


def test_turret_flags_name_the_turret_once(fire) -> None:
    """BT-C-24.3: "turret locked", not "Turret turret locked"."""
    tank = fire.game.state.units[TANK]
    body = attrs.evolve(
        tank.body,
        jammed_turrets=frozenset({VehicleLocation.TURRET}),
        locked_turrets=((VehicleLocation.TURRET, 1),),
    )
    flags = kind_flags(attrs.evolve(tank, body=body))
    assert "turret jammed" in flags
    assert "turret locked" in flags
    assert not any("Turret turret" in flag for flag in flags)


def test_the_mode_keys_in_words_by_kind(fire) -> None:
    """A refused click says the kind's keys: a tank's cruise and flank, a squad's move and jump."""
    units = fire.game.state.units
    assert mode_hint(units[TANK]) == "1 cruise, 2 flank"
    assert mode_hint(units[PLATOON]) == "1 move"
    assert mode_hint(units[SQUAD]) == "1 move, 3 jump"
    assert mode_hint(units[GRIFFIN]).startswith("1 walk, 2 run")


def test_the_rules_page_names_each_kinds_modes() -> None:
    """``?``: the walk and run keys say what a vehicle, platoon or squad does with them."""
    said = {action: text for group in KEY_GROUPS for action, text in group.keys}
    assert "vehicles cruise, platoons and squads move" in said["mode('walk')"]
    assert "vehicles flank" in said["mode('run')"]
    rules = rules_markdown(BattleTechScreen.BINDINGS)
    assert "a vehicle\n   cruises or flanks, a platoon or squad moves" in rules
