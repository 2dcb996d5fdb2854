"""Attacks by and on vehicles, platoons and battle armor (BT-C-24, BT-C-35, BT-M-37.5/37.6).

The 'Mech (unit 0, side 0) stands in 0810 facing N; the other unit (unit 1, side 1) in 0805
facing S (its front toward the 'Mech), unless a test moves them. Dice are scripted: the to-hit
2D6 first, then what the digest's procedure rolls, in order.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech import kindevents as kev
from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import FireWeapons, PhysicalAttack, Shot
from engine.battletech.context import Ctx
from engine.battletech.data.blk import parse_blk
from engine.battletech.designs import InfantryDesign
from engine.battletech.designs.infantry import InfantryMotion
from engine.battletech.designs.vehicle import VehicleLocation
from engine.battletech.events import BTEvent
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.kinds.vehicle import MotiveDamage, VehicleBody, cruise_mp
from engine.battletech.kinds.vehicle_tables import Crit
from engine.battletech.narrate.sentences import describe
from engine.battletech.narrate.words import dice_text
from engine.battletech.rules import combat, heat, physical, tohit, turn
from engine.battletech.rules.damage import apply_damage
from engine.battletech.rules.flow import decide
from engine.battletech.state import (
    AttackKind,
    BTState,
    MoveMode,
    Phase,
    Pilot,
    UnitDesign,
    UnitState,
    fresh_body,
)
from engine.battletech.tables import Column
from engine.dice import Dice, ScriptedDice
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, evolved_unit
from tests.engine.battletech._rules_btc import (
    CT,
    RL,
    RT,
    duel,
    moved,
    of,
    physical_attack,
    resolve,
    still,
    weapon_attack,
)
from tests.engine.battletech._vehicles import tank, vtol

BLK = Path(__file__).parents[3] / "assets" / "units" / "blk"
LASER_MECH = design(equipment=[("Medium Laser", CT)])
CANNON_MECH = design(equipment=[("AC/20", RT), ("IS Ammo AC/20", RT)])
F = VehicleLocation.FRONT


def blk(name: str) -> UnitDesign:
    """A bundled unit file's design."""
    return parse_blk((BLK / f"{name}.blk").read_text()).design


def put(
    state: BTState,
    index: int,
    unit_design: UnitDesign,
    where: str = "0805",
    facing: Facing = Facing.S,
    **changes: object,
) -> BTState:
    """Unit ``index`` replaced by a fresh ``unit_design`` at ``where`` (body fields changeable)."""
    old = state.units[index]
    unit = UnitState(
        design=unit_design,
        side=old.side,
        pilot=Pilot("Crew", 4, 5),
        body=fresh_body(unit_design),
        hex=Hex.from_label(where),
        facing=facing,
        ammo=tuple(item.shots for item in unit_design.equipment),
        movement=old.movement,
    )
    return state.replace_unit(index, evolved_unit(unit, **changes))


def versus(target: UnitDesign, shooter=LASER_MECH, **changes: object) -> BTState:
    """The 'Mech and ``target`` after a quiet movement phase."""
    return put(still(duel(shooter)), 1, target, **changes)


def vehicle(state: BTState, index: int = 1) -> VehicleBody:
    body = state.units[index].body
    assert isinstance(body, VehicleBody)
    return body


# ---------------------------------------------------------------- BT-C-24.1 a tank's front
def test_a_medium_laser_on_a_tanks_front_bt_c_24_1() -> None:
    """BT-C-24.1: the front column; 7 hits the front: 5 of its 20 armor, no critical chance."""
    state = versus(tank())
    hit = tohit.weapon_to_hit(state, 0, 0, 1)
    assert hit.side == Column.FRONT.value  # BT-C-21: the tank faces the 'Mech
    assert hit.table == "normal"  # BT-C-24.1: no partial cover for a vehicle
    state, events = resolve(state, [weapon_attack(state, 0, 0, 1, hit.number or 0)], [4, 4, 3, 4])
    (placed,) = of(events, kev.VehicleHit)
    assert (placed.location, placed.roll, placed.armor, placed.internal) == (F, (3, 4), 5, 0)
    assert vehicle(state).armor_at(tank(), F) == 15
    assert not of(events, kev.VehicleCritical)
    assert not of(events, ev.DamageApplied)  # a vehicle has no 'Mech locations


def test_a_front_roll_of_2_is_a_critical_chance_bt_c_24_4() -> None:
    """BT-C-24.1 roll 2: the front with a critical chance; 9 on the front table: sensors (+1)."""
    state = versus(tank())
    state, events = resolve(state, [weapon_attack(state, 0, 0, 1)], [4, 4, 1, 1, 4, 5])
    (crit,) = of(events, kev.VehicleCritical)
    assert (crit.location, crit.roll, crit.crit) == (F, (4, 5), Crit.SENSORS)
    assert vehicle(state).sensor_hits == 1
    assert vehicle(state).armor_at(tank(), F) == 15
    # BT-C-24.3: the sensor hit is +1 on the tank's own attacks.
    assert ("sensor damage", 1) in tohit.weapon_to_hit(state, 1, 0, 0).modifiers


def test_a_motive_hit_halves_cruise_mp_bt_m_37_5() -> None:
    """BT-C-24.1 roll 3: front + motive roll; tracked, front: +0; 10 is heavy: 4 MP -> 2."""
    design_ = tank(cruise=4)
    state = versus(design_)
    state, events = resolve(state, [weapon_attack(state, 0, 0, 1)], [4, 4, 1, 2, 5, 5])
    (motive,) = of(events, kev.MotiveDamaged)
    assert (motive.roll, motive.modifier, motive.result) == ((5, 5), 0, MotiveDamage.HEAVY)
    assert cruise_mp(design_, vehicle(state)) == 2
    assert "heavy damage" in describe(motive, state, state)


def test_a_rotor_shot_off_brings_the_vtol_down_bt_m_37_6() -> None:
    """BT-C-24.2 roll 3: the rotor (2 armor + 3 structure) takes 5 and is gone.

    The VTOL at elevation 3 crashes: round(21 / 10) x (3 + 1) = 8 in groups 5, 3 on the front
    (facing die 1; the 2nd group reaches the structure: a critical roll, 4: none), the structure
    is hit and an ICE VTOL explodes (BT-M-37.6).
    """
    state = versus(vtol(), elevation=3)
    assert ("airborne VTOL", 1) in tohit.weapon_to_hit(state, 0, 0, 1).modifiers
    # to-hit 8, rotor 3, motive 2 (none), facing die 1, groups on 7 and 7, the critical 4
    dice = [4, 4, 1, 2, 1, 1, 1, 3, 4, 3, 4, 2, 2]
    state, events = resolve(state, [weapon_attack(state, 0, 0, 1)], dice)
    rotor, *crash_hits = of(events, kev.VehicleHit)
    assert (rotor.location, rotor.armor, rotor.internal) == (VehicleLocation.ROTOR, 2, 3)
    (crash,) = of(events, kev.VTOLCrashed)
    assert (crash.facing_die, crash.damage) == (1, 8)
    assert [(h.location, h.damage) for h in crash_hits] == [(F, 5), (F, 3)]
    body = vehicle(state)
    assert body.rotor_destroyed
    assert body.elevation == 0
    assert state.units[1].destroyed
    (gone,) = of(events, ev.UnitDestroyed)
    assert gone.cause == "it crashed and exploded"


# ---------------------------------------------------------------- BT-C-35 platoons and squads
@pytest.mark.parametrize(("woods", "lost"), [(False, 2), (True, 1)])
def test_a_platoon_loses_men_in_the_open_twice_bt_c_35(woods: bool, lost: int) -> None:
    """BT-C-35 item 1: a medium laser is direct fire: 5 / 10 -> 1 man; x 2 in the open."""
    platoon = blk("Foot Platoon (Laser)")
    state = versus(platoon)
    if woods:
        board = state.board.replace(Hex.from_label("0805"), Terrain(woods=Woods.LIGHT))
        state = attrs.evolve(state, board=board)
    state, events = resolve(state, [weapon_attack(state, 0, 0, 1)], [5, 5])
    (men,) = of(events, kev.TroopersLost)
    assert (men.lost, men.damage, men.conversion, men.in_open) == (lost, 5, "direct", not woods)
    body = state.units[1].body
    assert isinstance(body, InfantryBody)
    assert body.troopers == platoon.troopers - lost


def test_a_battle_armor_trooper_is_killed_bt_c_35_item_2() -> None:
    """BT-C-35 item 2: 1D6 picks the trooper: 6 is past a squad of 4 (rerolled), 2 is trooper 2.

    The AC/20's 20 points take his 10 boxes (9 armor + himself); the rest is lost. +1 to hit.
    """
    squad = blk("Cavalier Battle Armor [Laser](Sqd4)")
    state = versus(squad, shooter=CANNON_MECH)
    assert ("battle armor target", 1) in tohit.weapon_to_hit(state, 0, 0, 1).modifiers
    state, events = resolve(state, [weapon_attack(state, 0, 0, 1)], [5, 5, 6, 2])
    (hit,) = of(events, kev.TrooperHit)
    assert (hit.trooper, hit.rolls, hit.damage) == (1, (6, 2), 20)
    body = state.units[1].body
    assert isinstance(body, BattleArmorBody)
    assert body.armor == (10, 0, 10, 10)
    assert body.troopers == 3
    assert "trooper 2 takes 20" in describe(hit, state, state)


def test_a_platoon_fires_its_men_bt_c_35_6() -> None:
    """BT-C-35.6 worked example: 28 Auto-Rifles (0.52 each), 7 on the cluster column of 28.

    17 hit, 8.84 -> 9 damage, on a 'Mech in 2-point groups 2, 2, 2, 2, 1.
    """
    rifles = InfantryDesign(
        chassis="Foot Platoon",
        model="(Rifle)",
        motion=InfantryMotion.FOOT,
        squad_size=7,
        squads=4,
        primary="Auto-Rifle",
    )
    state = put(still(duel(LASER_MECH)), 1, rifles, where="0809", facing=Facing.N)
    hit = tohit.weapon_to_hit(state, 1, 0, 0)
    assert hit.possible
    assert ("gunnery", 4) in hit.modifiers
    dice = [6, 6, 3, 4] + [3, 4] * 5  # to-hit, cluster 7, five locations (7: CT)
    state, events = resolve(state, [weapon_attack(state, 1, 0, 0)], dice, end=False)
    (cluster,) = of(events, ev.ClusterRolled)
    assert (cluster.fired, cluster.hits) == (28, 17)
    assert [d.armor + d.internal for d in of(events, ev.DamageApplied)] == [2, 2, 2, 2, 1]


# ---------------------------------------------------------------- attacks by vehicles
def test_a_tank_fires_its_turret_ppc_at_a_mech_behind_it_bt_c_10() -> None:
    """BT-C-10: the turret turns to a 'Mech in the rear arc; the front laser cannot; no heat."""
    state = versus(tank(), elevation=0)
    state = put(state, 1, tank(), facing=Facing.N)  # its back to the 'Mech
    with pytest.raises(IllegalCommand, match="arc"):
        tohit.declare_fire(state, FireWeapons(1, (Shot(0, target=0),)))
    events = tohit.declare_fire(state, FireWeapons(1, (Shot(1, target=0),)))
    (declared,) = of(events, ev.AttackDeclared)
    attack = declared.attack
    assert ("gunnery", 4) in attack.modifiers
    assert attack.side == Column.FRONT.value  # the 'Mech faces the tank
    state, events = resolve(state, [attack], [6, 6, 3, 4], end=False)
    (placed,) = of(events, ev.DamageApplied)
    assert (placed.unit, placed.location, placed.armor + placed.internal) == (0, CT, 10)
    ctx = Ctx(attrs.evolve(state, phase=Phase.HEAT), ScriptedDice(()))
    heat.heat_phase(ctx)
    assert not [e for e in of(ctx.events, ev.HeatChanged) if e.unit == 1]


def test_a_tank_spends_its_own_bins_bt_c_12() -> None:
    """BT-C-12: a vehicle's shots come off the unit's bins (``UnitState.ammo``, one count)."""
    state = put(still(duel(LASER_MECH)), 1, tank(), facing=Facing.S)
    events = tohit.declare_fire(state, FireWeapons(1, (Shot(2, target=0),)))
    (spent,) = of(events, ev.AmmoSpent)
    assert (spent.unit, spent.bin) == (1, 3)
    for event in events:
        state = RULESET.evolve(state, event)
    assert state.units[1].ammo[3] == 11


# ---------------------------------------------------------------- physical attacks on vehicles
def test_a_mech_kicks_a_tank_bt_c_41() -> None:
    """BT-C-41/44: a kick reaches a tank at its level (a punch does not).

    10 damage (50 t / 5) on the vehicle table's front column; the tank makes no PSR.
    """
    state = put(still(duel(LASER_MECH)), 1, tank(), where="0809", facing=Facing.S)
    punch = physical.physical_to_hit(state, 0, AttackKind.PUNCH, 1)
    assert not punch.possible
    assert "1 level lower" in punch.reason
    kick = physical.physical_to_hit(state, 0, AttackKind.KICK, 1)
    assert kick.possible
    assert kick.side == Column.FRONT.value
    events = physical.declare_physical(state, PhysicalAttack(0, AttackKind.KICK, 1))
    (declared,) = of(events, ev.AttackDeclared)
    state, events = resolve(state, [declared.attack], [6, 6, 3, 4], phase=Phase.PHYSICAL)
    (placed,) = of(events, kev.VehicleHit)
    assert (placed.location, placed.damage) == (F, 10)
    assert vehicle(state).armor_at(tank(), F) == 10
    assert not [r for r in of(events, ev.PilotingRoll) if r.unit == 1]


def test_a_kick_on_infantry_is_plus_3_bt_c_35() -> None:
    """BT-C-35: a kick on infantry is at +3; a DFA or charge on it is not played (refused)."""
    state = put(still(duel(LASER_MECH)), 1, blk("Foot Platoon (Laser)"), where="0809")
    kick = physical.physical_to_hit(state, 0, AttackKind.KICK, 1)
    assert ("infantry target", 3) in kick.modifiers
    attack = physical_attack(state, 0, AttackKind.KICK, 1, kick.number or 0)
    state, events = resolve(state, [attack], [6, 6], phase=Phase.PHYSICAL)
    (men,) = of(events, kev.TroopersLost)
    assert (men.damage, men.lost) == (10, 2)  # 10 / 10 = 1, in the open x 2


def test_a_squad_fires_by_troopers_that_hit_bt_c_35_item_2() -> None:
    """BT-C-35.6 item 2's table by troopers (DESIGN for battle armor weapons).

    4 troopers, 7: 3 hit; each small laser shot (3) is located on its own. No heat for the squad.
    """
    squad = blk("Cavalier Battle Armor [Laser](Sqd4)")
    state = put(still(duel(LASER_MECH)), 1, squad, where="0808", facing=Facing.N)
    hit = tohit.weapon_to_hit(state, 1, 0, 0)
    assert hit.possible
    assert not [t for t in hit.modifiers if "moved" in t[0]]  # BT-C-18.1: infantry ignores it
    dice = [6, 6, 3, 4] + [3, 4] * 3
    state, events = resolve(state, [weapon_attack(state, 1, 0, 0)], dice, end=False)
    (cluster,) = of(events, ev.ClusterRolled)
    assert (cluster.fired, cluster.hits) == (4, 3)
    assert [d.armor + d.internal for d in of(events, ev.DamageApplied)] == [3, 3, 3]


def test_a_stunned_crew_counts_down_in_the_end_phase_bt_c_24_3() -> None:
    """BT-C-24.3: stunned for the rest of this turn and the next: 2 -> 1 at the End phase.

    A stunned crew cannot fire; the Heat phase records no heat for the tank.
    """
    state = put(still(duel(LASER_MECH)), 1, tank(), stunned=2)
    assert "stunned" in tohit.cannot_fire(state.units[1])
    ctx = Ctx(attrs.evolve(state, phase=Phase.PHYSICAL), ScriptedDice(()))
    turn._heat_and_end(ctx)
    (recovered,) = of(ctx.events, kev.CrewRecovered)
    assert recovered.left == 1
    assert vehicle(ctx.state).stunned == 1
    assert not [e for e in of(ctx.events, ev.HeatChanged) if e.unit == 1]
    assert "stays stunned" in describe(recovered, state, ctx.state)


def test_the_log_words_of_vehicle_damage() -> None:
    """The log tells each die: the location roll, armor before and after, the crash's die."""
    state = versus(tank())
    after, events = resolve(state, [weapon_attack(state, 0, 0, 1)], [4, 4, 3, 4])
    (placed,) = of(events, kev.VehicleHit)
    text = describe(placed, state, after)
    assert "front" in text
    assert "20 -> 15" in text
    assert dice_text((3, 4)) in text


def test_a_turn_of_fire_between_a_mech_and_a_tank_ends_bt_c_1() -> None:
    """BT-C-1: both declare in turn (the tank too), and the phases resolve.

    Heat and End pass without heat or pilot rolls for the tank, and the turn ends. (Side n has
    unit n here, so the side to act names the unit.)
    """
    state = put(still(duel(LASER_MECH)), 1, tank(), facing=Facing.S)
    state = attrs.evolve(state, phase=Phase.WEAPON, order=(0, 1), slots=((0, 1), (1, 1)))
    dice = Dice(7)
    events: list[BTEvent] = []
    for _ in range(2):
        index = state.side_to_act
        assert index is not None
        command = tohit.fire_options(state, index)[-1]
        assert command.shots
        new = decide(state, command, dice)
        events += new
        for event in new:
            state = RULESET.evolve(state, event)
    assert state.phase is Phase.PHYSICAL or any(isinstance(e, ev.TurnEnded) for e in events)
    while state.phase is Phase.PHYSICAL:
        index = state.side_to_act
        assert index is not None
        new = decide(state, PhysicalAttack(index, None, None), dice)
        events += new
        for event in new:
            state = RULESET.evolve(state, event)
    assert any(isinstance(e, ev.TurnEnded) for e in events)
    shooters = {e.attack.attacker for e in of(events, ev.AttackDeclared)}
    assert shooters == {0, 1}
    assert not [e for e in of(events, ev.HeatChanged) if e.unit == 1]
    assert not [e for e in of(events, ev.PilotingRoll) if e.unit == 1]


def test_a_machine_gun_bursts_on_a_platoon_bt_c_35_item_1() -> None:
    """BT-C-35 item 1: a machine gun is burst fire: 2D6 men (3 + 4 = 7), x 2 in the open."""
    gunner = design(equipment=[("Machine Gun", CT), ("IS Ammo MG - Full", CT)])
    platoon = blk("Foot Platoon (Laser)")
    state = put(still(duel(gunner)), 1, platoon, where="0809")
    state, events = resolve(state, [weapon_attack(state, 0, 0, 1)], [5, 5, 3, 4])
    (men,) = of(events, kev.TroopersLost)
    assert (men.conversion, men.dice, men.damage, men.lost) == ("burst 2d6", (3, 4), 7, 14)


def test_artillery_style_damage_lands_on_a_vehicle_by_its_table() -> None:
    """DESIGN: damage from rules written for 'Mechs (`damage.apply_damage`) finds a vehicle.

    Its front column: 2D6 7 on the front, 20 armor -> 12.
    """
    state = versus(tank())
    ctx = Ctx(state, ScriptedDice((3, 4)))
    apply_damage(ctx, 1, CT, 8)
    (placed,) = of(ctx.events, kev.VehicleHit)
    assert (placed.location, placed.damage) == (F, 8)
    assert vehicle(ctx.state).armor_at(tank(), F) == 12


def test_a_vehicle_crew_does_not_eject_bt_c_59() -> None:
    """BT-C-59: ejection is a MechWarrior's; a vehicle's crew is refused with one line."""
    state = put(still(duel(LASER_MECH)), 1, tank())
    with pytest.raises(IllegalCommand, match="only a MechWarrior ejects"):
        combat.eject(Ctx(state, ScriptedDice(())), 1)


def test_a_mech_stomps_a_squad_in_its_own_hex_bt_c_41() -> None:
    """BT-C-41 / BT-C-35: a stomp is a kick on infantry in the 'Mech's own hex, at +3.

    The squad takes it in 5-point groups, each on a trooper (1D6).
    """
    squad = blk("Cavalier Battle Armor [Laser](Sqd4)")
    state = put(still(duel(LASER_MECH)), 1, squad, where="0810")
    options = physical.physical_options(state, 0)
    assert PhysicalAttack(0, AttackKind.KICK, 1, RL) in options
    stomp = physical.physical_to_hit(state, 0, AttackKind.KICK, 1, RL)
    assert ("infantry target", 3) in stomp.modifiers
    attack = physical_attack(state, 0, AttackKind.KICK, 1, stomp.number or 0, limb=RL)
    state, events = resolve(state, [attack], [6, 6, 1, 2], phase=Phase.PHYSICAL)
    assert [(h.trooper, h.damage) for h in of(events, kev.TrooperHit)] == [(0, 5), (1, 5)]
    assert not physical.physical_to_hit(state, 0, AttackKind.PUNCH, 1).possible


def test_a_platoon_is_offered_its_attack() -> None:
    """BT-C-35.6: a platoon whose weapons have rules is offered one attack with its men.

    One whose weapons have none is offered nothing but holding fire.
    """
    rifles = InfantryDesign(
        chassis="Foot Platoon",
        model="(Rifle)",
        motion=InfantryMotion.FOOT,
        squad_size=7,
        squads=4,
        primary="Auto-Rifle",
    )
    state = put(still(duel(LASER_MECH)), 1, rifles, where="0808", facing=Facing.N)
    options = tohit.fire_options(state, 1)
    assert [o.shots for o in options if o.shots] == [(Shot(0, target=0),)]
    unknown = attrs.evolve(blk("Foot Platoon (Laser)"), primary="Death Ray")  # no rules
    assert [o for o in tohit.fire_options(put(state, 1, unknown, where="0808"), 1) if o.shots] == []


def test_movement_terms_of_vehicles_and_infantry_bt_c_18_1() -> None:
    """BT-C-18.1/18.2: a tank that flanked is +2 to fire (as running), its 5 hexes +2 to be hit.

    A squad's own movement adds nothing (infantry ignores it).
    """
    state = put(still(duel(LASER_MECH)), 1, tank(), facing=Facing.N)
    state = moved(state, 1, MoveMode.RUN, hexes=5)
    assert ("attacker flanked", 2) in tohit.weapon_to_hit(state, 1, 1, 0).modifiers
    assert ("target moved 5 hexes", 2) in tohit.weapon_to_hit(state, 0, 0, 1).modifiers
    squad = put(state, 1, blk("Cavalier Battle Armor [Laser](Sqd4)"), where="0808")
    squad = moved(squad, 1, MoveMode.JUMP, hexes=3, jumped=3)
    terms = dict(tohit.weapon_to_hit(squad, 1, 0, 0).modifiers)
    assert not [name for name in terms if name.startswith("attacker")]


def test_mechanized_infantry_loses_twice_the_men_bt_c_35_12() -> None:
    """BT-C-35.12: a medium laser on mechanized infantry: 5 / 10 -> 1, x 2, x 2 in the open."""
    carried = InfantryDesign(
        chassis="Mechanized Platoon",
        model="",
        motion=InfantryMotion.MECHANIZED_TRACKED,
        squad_size=7,
        squads=4,
        primary="Auto-Rifle",
    )
    state = versus(carried)
    state, events = resolve(state, [weapon_attack(state, 0, 0, 1)], [5, 5])
    (men,) = of(events, kev.TroopersLost)
    assert (men.lost, men.in_open) == (4, True)


def test_a_turret_result_on_two_turrets_rolls_a_die_bt_c_24_1() -> None:
    """BT-C-24.1: 10 on the front column is a turret; with two, 1D6 - 2 (front) <= 3: the front."""
    state = versus(tank(turrets=2))
    state, events = resolve(state, [weapon_attack(state, 0, 0, 1)], [4, 4, 5, 5, 4])
    (placed,) = of(events, kev.VehicleHit)
    assert (placed.location, placed.roll) == (VehicleLocation.TURRET_2, (5, 5, 4))
