"""Buildings shield the platoons, squads and vehicles inside them (BT-C-35 item 5, BT-C-90.11).

ASSUMPTION (MegaMek ``bldgAbsorbs``, `engine.battletech.rules.buildings`): a blow from outside
the hex loses ⌈CF / 10⌉ to the building, which loses as much CF. DESIGN: a platoon's men lost
lose that share once, after the BT-C-35 conversion (MegaMek converts in ``calcDamagePerHit``,
then subtracts); a building hex is not open ground (no x 2). The attacker (unit 0) stands in
0810, the target (unit 1) in 0809. Dice are scripted: to-hit 2D6, then the kind's dice.
"""

from __future__ import annotations

import attrs

from engine.battletech import kindevents as kev
from engine.battletech.board import Building, BuildingClass, Terrain
from engine.battletech.buildingevents import BuildingShielded
from engine.battletech.events import BuildingDamaged
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.narrate import describe
from engine.battletech.state import BTState, UnitDesign
from engine.hexes import Hex
from tests.engine.battletech._build import design
from tests.engine.battletech._rules_btc import CT, duel, of, resolve, still, weapon_attack
from tests.engine.battletech.test_kind_combat import CANNON_MECH, blk, put

MG_MECH = design(equipment=[("Machine Gun", CT), ("IS Ammo MG - Full", CT)])
TARGET = Hex.from_label("0809")


def _inside(target: UnitDesign, cf: int, shooter=MG_MECH, where: str = "0810") -> BTState:
    """``target`` (unit 1) in 0809 in a building of ``cf``; ``shooter`` (unit 0) at ``where``."""
    state = put(still(duel(shooter)), 1, target, where="0809")
    board = state.board.replace(TARGET, Terrain(building=Building(BuildingClass.MEDIUM, cf)))
    state = attrs.evolve(state, board=board)
    if where != "0810":
        unit = attrs.evolve(state.units[0], hex=Hex.from_label(where))
        state = state.replace_unit(0, unit)
    return state


def _cf(state: BTState) -> int:
    building = state.board.terrain(TARGET).building
    assert building is not None
    return building.cf


def test_a_machine_gun_on_a_platoon_in_a_building_bt_c_35_item_5() -> None:
    """2D6 = 3 + 4 = 7 men (burst), not doubled (a building is cover); CF 40 takes ⌈40/10⌉ = 4.

    3 men lost; the building is left with 36. In the open the same burst killed 14.
    """
    platoon = blk("Foot Platoon (Laser)")
    state = _inside(platoon, 40)
    after, events = resolve(state, [weapon_attack(state, 0, 0, 1)], [5, 5, 3, 4])
    assert of(events, BuildingShielded) == [BuildingShielded(TARGET, 1, 7, 4)]
    assert of(events, BuildingDamaged) == [BuildingDamaged(TARGET, 4, collapsed=False)]
    (men,) = of(events, kev.TroopersLost)
    assert (men.dice, men.damage, men.lost, men.in_open) == ((3, 4), 7, 3, False)
    body = after.units[1].body
    assert isinstance(body, InfantryBody)
    assert body.troopers == 28 - 3
    assert _cf(after) == 36
    (shielded,) = of(events, BuildingShielded)
    said = describe(shielded, state, after)
    assert said.startswith("The building in 0809 shields Foot Platoon")
    assert said.endswith(": 4 of the 7 men it would lose.")


def test_a_strong_building_saves_every_man() -> None:
    """An AC/20 is direct fire: ⌈20/10⌉ = 2 men; CF 90 takes up to 9: it takes both, none die."""
    state = _inside(blk("Foot Platoon (Laser)"), 90, shooter=CANNON_MECH)
    after, events = resolve(state, [weapon_attack(state, 0, 0, 1)], [5, 5])
    assert of(events, BuildingShielded) == [BuildingShielded(TARGET, 1, 2, 2)]
    (men,) = of(events, kev.TroopersLost)
    assert men.lost == 0
    assert after.units[1].body.troopers == 28  # type: ignore[union-attr]
    assert _cf(after) == 88


def test_an_attacker_in_the_same_hex_is_not_shielded_against() -> None:
    """BT-C-90.11: only a blow from outside the building's hex loses a share (7 men, no x 2)."""
    state = _inside(blk("Foot Platoon (Laser)"), 40, where="0809")
    after, events = resolve(state, [weapon_attack(state, 0, 0, 1)], [5, 5, 3, 4])
    assert not of(events, BuildingShielded)
    (men,) = of(events, kev.TroopersLost)
    assert men.lost == 7
    assert _cf(after) == 40


def test_a_battle_armor_trooper_inside_takes_the_rest_of_the_packet() -> None:
    """BT-C-35 item 2: the AC/20's 20 on trooper 2 (1D6 2): CF 40 takes 4, he takes 16.

    His row of 10 (9 armor + himself) is emptied; the building is left with 36.
    """
    squad = blk("Cavalier Battle Armor [Laser](Sqd4)")
    state = _inside(squad, 40, shooter=CANNON_MECH)
    after, events = resolve(state, [weapon_attack(state, 0, 0, 1)], [5, 5, 2])
    assert of(events, BuildingShielded) == [BuildingShielded(TARGET, 1, 20, 4)]
    (hit,) = of(events, kev.TrooperHit)
    assert (hit.trooper, hit.damage) == (1, 16)
    body = after.units[1].body
    assert isinstance(body, BattleArmorBody)
    assert body.armor == (10, 0, 10, 10)
    assert _cf(after) == 36


def test_a_platoons_own_attack_on_a_platoon_inside_bt_c_35_6() -> None:
    """28 Laser Rifles at a platoon in a CF 20 building: cluster 7 -> 17 x 0.28 = 4.76 -> 5.

    The building takes ⌈20/10⌉ = 2 of the 5 men; 3 die.
    """
    state = _inside(blk("Foot Platoon (Laser)"), 20)
    state = put(state, 0, blk("Foot Platoon (Laser)"), where="0810")
    after, events = resolve(state, [weapon_attack(state, 0, 0, 1)], [6, 6, 3, 4])
    assert of(events, BuildingShielded) == [BuildingShielded(TARGET, 1, 5, 2)]
    (men,) = of(events, kev.TroopersLost)
    assert (men.damage, men.lost, men.conversion) == (5, 3, "infantry")
    assert _cf(after) == 18


def test_a_building_that_comes_down_leaves_the_platoon_in_the_rubble() -> None:
    """CF 1 takes ⌈1/10⌉ = 1 of the 7 men and collapses (BT-M-41 #4); 6 die, the rest stand.

    DESIGN: what a collapse does to a platoon is open; it falls no levels, loses a man to the
    fall as direct damage (`buildings.fall_in`) and stays in the hex, now rubble (BT-M-8.10).
    """
    state = _inside(blk("Foot Platoon (Laser)"), 1)
    after, events = resolve(state, [weapon_attack(state, 0, 0, 1)], [5, 5, 3, 4])
    assert of(events, BuildingDamaged) == [BuildingDamaged(TARGET, 1, collapsed=True)]
    fall, men = of(events, kev.TroopersLost)
    assert (fall.lost, fall.conversion) == (1, "direct")  # the collapse (buildings.fall_in)
    assert men.lost == 6
    assert after.units[1].hex == TARGET
    assert after.board.terrain(TARGET).rubble
