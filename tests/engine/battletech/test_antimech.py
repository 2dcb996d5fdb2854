"""Anti-'Mech attacks played as commands: leg attacks, swarms, getting rid of swarmers.

BT-C-35.8..35.10.

The 'Mech (unit 0, side 0, 50 tons, Piloting 5) stands in 0810 facing N; the platoon or squad
(unit 1, side 1, anti-'Mech skill 5) next to it in 0809 unless a test moves it. Side 0 declares
first. Dice are scripted: the to-hit 2D6 first, then what BT-C-35.9/35.10 roll, in order.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech import kindevents as kev
from engine.battletech.antimechevents import (
    AntiMechDeclared,
    AntiMechRolled,
    BrushOff,
    LegAttack,
    StopSwarm,
    SwarmAttack,
    SwarmCarried,
    SwarmEnded,
    SwarmStarted,
)
from engine.battletech.commands import (
    EndPhase,
    FireWeapons,
    Jump,
    Move,
    PhysicalAttack,
    Shot,
    Step,
    StepKind,
)
from engine.battletech.data.blk import parse_blk
from engine.battletech.designs.mech import Location
from engine.battletech.kinds import infantry
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.language import format_command, parse_command
from engine.battletech.migrations import MIGRATIONS, SCHEMA_VERSION
from engine.battletech.rules import antimech
from engine.battletech.rules.flow import decide
from engine.battletech.rules.options import legal_commands
from engine.battletech.state import (
    BTSetup,
    BTState,
    MoveMode,
    Phase,
    Pilot,
    UnitDesign,
    UnitSetup,
    UnitState,
    fresh_body,
)
from engine.dice import Dice, ScriptedDice
from engine.game import Accepted, Game, IllegalCommand
from engine.hexes import Facing, Hex
from engine.schema import Migration
from saves.journal import Journal, read_game
from tests.conftest import SHARED
from tests.engine.battletech._build import design, evolved_unit, terrain_board
from tests.engine.battletech._rules_btc import CT, duel, moved, of, run, still, two
from tests.engine.battletech._vehicles import tank

BLK = Path(__file__).parents[3] / "assets" / "units" / "blk"
SHARED_BLK = SHARED / "data" / "megamek" / "blk"
IS_STANDARD = SHARED_BLK / "IS Standard BA [Laser] (Sqd4).blk"
needs_shared = pytest.mark.skipif(not IS_STANDARD.is_file(), reason="no shared MegaMek .blk files")
CREATED = datetime(2026, 11, 27, tzinfo=UTC)

MECH = design(50, 5, 4, equipment=[("Medium Laser", CT), ("Medium Laser", Location.RA)])


def blk(name: str) -> UnitDesign:
    """A bundled unit file's design."""
    return parse_blk((BLK / f"{name}.blk").read_text(encoding="utf-8")).design


CAVALIER = blk("Cavalier Battle Armor [Laser](Sqd4)")
PLATOON = attrs.evolve(blk("Motorized Platoon (MG)"), secondary="", secondary_per_squad=0)  # type: ignore[misc]
"""28 men with auto-rifles (0.52 a man, BT-C-35.6), the support weapon left out."""


def put(
    state: BTState, index: int, unit_design: UnitDesign, where: str, **changes: object
) -> BTState:
    """Unit ``index`` replaced by a fresh ``unit_design`` at ``where`` (anti-'Mech skill 5)."""
    old = state.units[index]
    unit = UnitState(
        design=unit_design,
        side=old.side,
        pilot=Pilot("Crew", 4, 5),
        body=fresh_body(unit_design),
        hex=Hex.from_label(where),
        facing=Facing.S,
        ammo=tuple(item.shots for item in unit_design.equipment),
        movement=old.movement,
    )
    return state.replace_unit(index, evolved_unit(unit, **changes))


def weapon_phase(squad: UnitDesign = CAVALIER, where: str = "0809", **changes: object) -> BTState:
    """Both units stood still; the Weapon Attack phase is open, the 'Mech has held its fire."""
    state = put(still(duel(MECH)), 1, squad, where, **changes)
    state, _ = run(state, [EndPhase(), FireWeapons(0)])
    assert state.phase is Phase.WEAPON
    return state


def swarming(squad: UnitDesign = CAVALIER) -> BTState:
    """The Weapon Attack phase of a turn that began with the squad swarming the 'Mech."""
    state = put(still(duel(MECH)), 1, squad, "0810", swarming=0)
    state, _ = run(state, [EndPhase()])
    assert state.side_to_act == 1  # the 'Mech cannot fire into its own hex: no slot
    return state


def physical_phase_swarmed(squad: UnitDesign = CAVALIER) -> BTState:
    """The Physical Attack phase, the squad swarming the 'Mech (its swarm did its damage)."""
    state = swarming(squad)
    state, _ = run(state, [FireWeapons(1)], [3, 4, 1, 1], exact=False)
    assert state.phase is Phase.PHYSICAL
    return state


def refused(state: BTState, command: object) -> str:
    """The one-line reason a command is refused."""
    with pytest.raises(IllegalCommand) as caught:
        decide(state, command, ScriptedDice(()))  # type: ignore[arg-type]
    return str(caught.value)


def damage_to(events: list, unit: int) -> int:
    return sum(e.armor + e.internal for e in of(events, ev.DamageApplied) if e.unit == unit)


# ---------------------------------------------------------------- BT-C-35.8 to-hit numbers
@needs_shared
def test_the_digests_leg_attack_needs_6_and_its_swarm_7_bt_c_35_8() -> None:
    """IS Standard BA, 4 troopers, skill 5; the 'Mech moved 4 hexes: leg 5+0+1 = 6; swarm 5+2."""
    squad = parse_blk(IS_STANDARD.read_text(encoding="utf-8")).design
    state = put(moved(still(duel(MECH)), 0, MoveMode.WALK, 4), 1, squad, "0809")
    state, _ = run(state, [EndPhase(), FireWeapons(0)])
    leg = antimech.leg_terms(state, 1, 0)
    swarm = antimech.swarm_terms(state, 1, 0)
    assert not isinstance(leg, str)
    assert not isinstance(swarm, str)
    assert sum(v for _, v in leg) == 6
    assert ("target movement", 1) in leg
    assert sum(v for _, v in swarm) == 7
    state, events = run(state, [LegAttack(1, 0)], [1, 1])
    (declared,) = of(events, AntiMechDeclared)
    assert declared.order.to_hit == 6
    (rolled,) = of(events, AntiMechRolled)
    assert (rolled.to_hit, rolled.hit) == (6, False)


def test_troopers_lost_raise_the_numbers_bt_c_35_8() -> None:
    """Three troopers left: the leg attack is +2 (5 + 2), the swarm +5 (5 + 5)."""
    state = weapon_phase(armor=(11, 11, 11, 0))
    assert sum(v for _, v in antimech.leg_terms(state, 1, 0)) == 7  # type: ignore[misc]
    assert sum(v for _, v in antimech.swarm_terms(state, 1, 0)) == 10  # type: ignore[misc]


# ---------------------------------------------------------------- BT-C-35.9 leg attacks
def test_a_leg_attack_hits_for_4_and_rolls_a_critical_chance_bt_c_35_9() -> None:
    """BT-C-35.9: a leg attack does 4 on a leg, then one critical chance.

    Needs 5 (skill 5, 4 troopers); rolled 5: the kick table's die 2 is the right leg; 4 damage
    on its armor, then one critical chance on it though armor remains (rolled 2+3).
    """
    state = weapon_phase()
    state, events = run(state, [LegAttack(1, 0)], [2, 3, 2, 2, 3])
    (rolled,) = of(events, AntiMechRolled)
    assert (rolled.to_hit, rolled.roll, rolled.hit) == (5, (2, 3), True)
    (hit,) = of(events, ev.DamageApplied)
    assert (hit.unit, hit.location, hit.armor, hit.internal, hit.roll) == (
        0,
        Location.RL,
        4,
        0,
        (2,),
    )
    (chance,) = of(events, ev.CriticalChanceRolled)
    assert (chance.unit, chance.location, chance.roll) == (0, Location.RL, (2, 3))
    assert state.units[0].mech.armor_at(Location.RL) == MECH.armor_at(Location.RL) - 4
    assert state.phase is Phase.PHYSICAL


def test_a_leg_attack_into_the_structure_rolls_one_critical_chance_bt_c_35_9() -> None:
    """BT-C-35.9 (DESIGN): one critical chance in all.

    No armor left on the right leg: the 4 points hit the structure, whose critical chance
    (BT-C-26) is the leg attack's one chance, not a second.
    """
    state = weapon_phase()
    armor = list(state.units[0].mech.armor)
    armor[list(Location).index(Location.RL)] = 0
    state = state.replace_unit(0, evolved_unit(state.units[0], armor=tuple(armor)))
    _, events = run(state, [LegAttack(1, 0)], [3, 3, 1, 1, 1])
    (hit,) = of(events, ev.DamageApplied)
    assert (hit.location, hit.armor, hit.internal) == (Location.RL, 0, 4)
    assert len(of(events, ev.CriticalChanceRolled)) == 1


def test_a_destroyed_leg_passes_the_leg_attack_to_the_other_bt_c_35_9() -> None:
    """Die 1 is the right leg; it is gone, so the left leg takes the 4 points."""
    state = weapon_phase()
    internal = list(state.units[0].mech.internal)
    internal[list(Location).index(Location.RL)] = 0
    state = state.replace_unit(0, evolved_unit(state.units[0], internal=tuple(internal)))
    state, events = run(state, [LegAttack(1, 0)], [6, 6, 1, 1, 1], exact=False)
    (hit,) = of(events, ev.DamageApplied)
    assert hit.location is Location.LL


def test_a_missed_leg_attack_does_nothing() -> None:
    state = weapon_phase()
    state, events = run(state, [LegAttack(1, 0)], [1, 2])
    (rolled,) = of(events, AntiMechRolled)
    assert not rolled.hit
    assert not of(events, ev.DamageApplied)


# ---------------------------------------------------------------- BT-C-35.9 swarms
def test_a_swarm_that_hits_clings_and_does_no_damage_that_turn_bt_c_35_9() -> None:
    """Needs 7; rolled 8: the squad joins the 'Mech's hex, swarming it; no damage yet."""
    state = weapon_phase()
    state, events = run(state, [SwarmAttack(1, 0)], [4, 4])
    (started,) = of(events, SwarmStarted)
    assert (started.unit, started.target, started.hex) == (1, 0, Hex.from_label("0810"))
    assert state.units[1].hex == state.units[0].hex
    assert antimech.is_swarming(state.units[1]) == 0
    assert not of(events, ev.DamageApplied)
    assert state.units_at(Hex.from_label("0810")) == (0,)  # BT-C-35.9: no stacking count


def test_a_swarm_on_a_swarmed_unit_is_refused_bt_c_35_8() -> None:
    state = weapon_phase()
    state = put(state, 0, MECH, "0810")
    extra = attrs.evolve(state.units[1], body=attrs.evolve(state.units[1].body, swarming=0))
    state = attrs.evolve(state, units=(*state.units, extra))
    state = state.replace_unit(2, attrs.evolve(state.units[2], hex=Hex.from_label("0810")))
    assert antimech.swarm_terms(state, 1, 0) == "the target is already swarmed (BT-C-35.8)"


def test_a_squad_swarming_does_12_and_always_a_critical_chance_bt_c_35_9() -> None:
    """BT-C-35.9: a squad's swarm damage, with no to-hit roll, and its critical chance.

    Cavalier (small laser x 4 troopers) = 12, no to-hit roll: 7 on the swarm table is the centre
    torso (front armor 32 takes it all), then the squad's critical chance (1+1: none).
    """
    state = swarming()
    state, events = run(state, [FireWeapons(1)], [3, 4, 1, 1])
    assert not of(events, AntiMechRolled)  # DESIGN: the later attacks hit automatically
    (hit,) = of(events, ev.DamageApplied)
    assert (hit.location, hit.rear, hit.armor, hit.roll, hit.source) == (CT, False, 12, (3, 4), 1)
    (chance,) = of(events, ev.CriticalChanceRolled)
    assert (chance.location, chance.roll) == (CT, (1, 1))


@needs_shared
def test_is_standard_ba_swarms_for_12_bt_c_35_9() -> None:
    """The digest's example: IS Standard BA [Laser] (Sqd4), squad small laser 3 x 4 = 12."""
    squad = parse_blk(IS_STANDARD.read_text(encoding="utf-8")).design
    state = swarming(squad)
    _, events = run(state, [FireWeapons(1)], [3, 4, 1, 1])
    assert damage_to(events, 0) == 12


@pytest.mark.parametrize(
    ("roll", "location", "rear"),
    [
        (3, Location.CT, True),
        (4, Location.RT, True),
        (5, Location.RT, False),
        (6, Location.RA, False),
        (7, Location.CT, False),
        (8, Location.LA, False),
        (9, Location.LT, False),
        (10, Location.LT, True),
        (11, Location.CT, True),
    ],
)
def test_the_swarm_table_places_the_damage_bt_c_35_9(
    roll: int, location: Location, rear: bool
) -> None:
    """The biped column of the swarm table (2D6), front or rear."""
    state = swarming()
    _, events = run(state, [FireWeapons(1)], [*two(roll), *[1] * 12], exact=False)
    first = of(events, ev.DamageApplied)[0]
    assert (first.location, first.rear) == (location, rear)
    assert damage_to(events, 0) == 12


def test_a_platoon_swarms_in_2_point_groups_without_critical_chances_bt_c_35_9() -> None:
    """BT-C-35.9: a platoon's swarm, every man hitting, in 2-point groups.

    Conventional infantry: its attack with every man hitting, 2-point groups, each placed on the
    swarm table; no critical chance of its own (the front centre torso keeps its structure).
    """
    state = swarming(PLATOON)
    per = infantry.design_damage_per_trooper(PLATOON)  # type: ignore[arg-type]
    assert per is not None
    total = infantry.attack_damage(per, PLATOON.troopers)  # type: ignore[union-attr]
    groups = infantry.damage_groups(total)
    _, events = run(state, [FireWeapons(1)], [3, 4] * len(groups))
    hits = of(events, ev.DamageApplied)
    assert [h.armor for h in hits] == list(groups)
    assert all(h.location is CT for h in hits)
    assert not of(events, ev.CriticalChanceRolled)


def test_a_swarmer_fires_no_weapon_bt_c_35_9() -> None:
    state = swarming()
    why = refused(state, FireWeapons(1, (Shot(0, 0),)))
    assert why == (
        "the Cavalier Battle Armor [Laser](Sqd4) swarms the Test T-50: its swarm is its attack; "
        "hold, or stopswarm (BT-C-35.9)"
    )


def test_stop_swarm_lets_go_and_does_no_damage_bt_c_35_10() -> None:
    state = swarming()
    state, events = run(state, [StopSwarm(1)])
    (ended,) = of(events, SwarmEnded)
    assert (ended.unit, ended.target, ended.reason) == (1, 0, "stopped")
    assert antimech.is_swarming(state.units[1]) is None
    assert not of(events, ev.DamageApplied)


def test_a_swarm_on_a_tank_uses_the_vehicles_table_bt_c_35_9() -> None:
    """A vehicle swarmed: the 12 points go through the vehicle's own table (BT-C-24)."""
    state = put(still(duel(MECH)), 0, tank(), "0810")
    state = put(state, 1, CAVALIER, "0810", swarming=0)
    state, _ = run(state, [EndPhase()])
    _, events = run(state, [FireWeapons(1)], [3, 4, *[1] * 10], exact=False)
    (hit,) = of(events, kev.VehicleHit)
    assert (hit.damage, hit.source) == (12, 1)


# ---------------------------------------------------------------- BT-C-35.10 getting rid of them
def test_brush_off_is_piloting_plus_4_with_arm_damage_bt_c_35_10() -> None:
    """Piloting 5 + 4 = 9; the lower arm actuator hit +2 (and the hand missing by design +1)."""
    state = physical_phase_swarmed()
    terms = antimech.brush_off_terms(state, 0, 1, Location.LA)
    assert not isinstance(terms, str)
    assert sum(v for _, v in terms) == 9
    lower = MECH.slots_at(Location.LA).index("Lower Arm Actuator")
    crits = state.units[0].mech.crits | {(Location.LA, lower)}
    state = state.replace_unit(0, evolved_unit(state.units[0], crits=crits))
    terms = antimech.brush_off_terms(state, 0, 1, Location.LA)
    assert not isinstance(terms, str)
    assert sum(v for _, v in terms) == 11
    assert ("lower arm actuator missing or destroyed", 2) in terms


def test_a_brush_off_that_hits_punches_the_swarmer_off_bt_c_35_10() -> None:
    """Needs 9, rolled 10: the swarmers take the punch (50 tons: 5) on one trooper (die 2)."""
    state = physical_phase_swarmed()
    state, events = run(state, [BrushOff(0, 1, Location.RA)], [5, 5, 2], exact=False)
    (rolled,) = of(events, AntiMechRolled)
    assert (rolled.attack, rolled.to_hit, rolled.hit) == ("brush", 9, True)
    (trooper,) = of(events, kev.TrooperHit)
    assert (trooper.unit, trooper.trooper, trooper.damage) == (1, 1, 5)
    (ended,) = of(events, SwarmEnded)
    assert ended.reason == "brushed off"
    assert antimech.is_swarming(state.units[1]) is None


def test_a_brush_off_that_misses_punches_the_mech_itself_bt_c_35_10() -> None:
    """Rolled 4: the 'Mech takes its own punch, 5 points, on the punch table (die 1: left arm)."""
    state = physical_phase_swarmed()
    state, events = run(state, [BrushOff(0, 1, Location.RA)], [2, 2, 1], exact=False)
    (hit,) = of(events, ev.DamageApplied)
    assert (hit.unit, hit.location, hit.armor, hit.source) == (0, Location.LA, 5, None)
    assert antimech.is_swarming(state.units[1]) == 0


def test_a_brush_off_refusal_names_the_rule_bt_c_35_10() -> None:
    state = physical_phase_swarmed()
    flipped = state.replace_unit(0, evolved_unit(state.units[0], arms_flipped=True))
    assert antimech.brush_off_terms(flipped, 0, 1, Location.LA) == (
        "that arm is flipped to the rear (BT-C-35.10)"
    )
    assert refused(flipped, BrushOff(0, 1, Location.LA)) == (
        "the Test T-50 cannot attack: it has nothing it can attack"
    )
    assert "is not swarming the Test T-50 (BT-C-35.10)" in refused(
        state.replace_unit(1, evolved_unit(state.units[1], swarming=None)),
        BrushOff(0, 1, Location.LA),
    )


def _movement_with_swarmer() -> BTState:
    state = put(duel(MECH), 1, CAVALIER, "0810", swarming=0)
    return attrs.evolve(state, slots=((0, 1), (1, 1)))


def test_a_swarmed_mech_walking_carries_its_swarmers_bt_c_35_9() -> None:
    state = _movement_with_swarmer()
    state, events = run(state, [Move(0, MoveMode.WALK, (Step(StepKind.FORWARD),) * 2)])
    (carried,) = of(events, SwarmCarried)
    assert carried.hex == Hex.from_label("0808") == state.units[0].hex == state.units[1].hex


def test_a_swarmer_does_not_move_by_itself_bt_c_35_9() -> None:
    state = attrs.evolve(_movement_with_swarmer(), slots=((1, 1),))
    why = refused(state, Move(1, MoveMode.WALK, (Step(StepKind.FORWARD),)))
    assert why == (
        "the Cavalier Battle Armor [Laser](Sqd4) cannot move: it swarms another unit and moves "
        "with it (BT-C-35.9)"
    )
    assert legal_commands(state) == [Move(1, MoveMode.STILL)]


def test_a_jump_shakes_the_swarmers_off_bt_c_35_10() -> None:
    """BT-C-35.10 (DESIGN: a jump shakes swarmers off).

    The 'Mech jumps 3 hexes: every trooper takes 1 per Jump MP (3); the swarm ends where the
    'Mech took off.
    """
    state = _movement_with_swarmer()
    start = state.units[0].hex
    assert start is not None
    path = (start.neighbor(Facing.N), start.neighbor(Facing.N).neighbor(Facing.N))
    path = (*path, path[-1].neighbor(Facing.N))
    state, events = run(state, [Jump(0, path, Facing.N)])
    hits = of(events, kev.TrooperHit)
    assert [(h.trooper, h.damage) for h in hits] == [(0, 3), (1, 3), (2, 3), (3, 3)]
    (ended,) = of(events, SwarmEnded)
    assert ended.reason == "shaken off"
    assert state.units[1].hex == start
    body = state.units[1].body
    assert isinstance(body, BattleArmorBody)
    assert body.armor == tuple(boxes - 3 for boxes in fresh_body(CAVALIER).armor)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("change", "reason"), [("destroyed", "target destroyed"), ("withdrawn", "target gone")]
)
def test_swarmers_of_a_destroyed_mech_are_let_go_unharmed_bt_c_35_10(
    change: str, reason: str
) -> None:
    state = swarming()
    state = state.replace_unit(0, attrs.evolve(state.units[0], **{change: True}))
    state, events = run(state, [FireWeapons(1)], exact=False)
    (ended,) = of(events, SwarmEnded)
    assert ended.reason == reason
    assert not of(events, kev.TrooperHit)
    assert antimech.is_swarming(state.units[1]) is None


# ---------------------------------------------------------------- refusals
@pytest.mark.parametrize(
    ("where", "command", "why"),
    [
        ("0807", LegAttack(1, 0), "is not in or next to the Cavalier"),
        ("0809", LegAttack(1, 1), "a unit cannot attack itself"),
        ("0809", StopSwarm(1), "is not swarming (BT-C-35.10)"),
        ("0809", BrushOff(1, 0, Location.LA), "declared in the physical attack phase"),
    ],
)
def test_refusals_name_the_rule(where: str, command: object, why: str) -> None:
    state = weapon_phase(where=where)
    assert why in refused(state, command)


def test_a_mech_makes_no_leg_attack_and_tanks_have_no_legs_bt_c_35_8() -> None:
    state = put(still(duel(MECH)), 1, MECH, "0809")
    state, _ = run(state, [EndPhase()])
    assert "only infantry and battle armor make anti-'Mech attacks" in refused(
        state, LegAttack(0, 1)
    )
    state = put(still(duel(tank())), 1, CAVALIER, "0809")
    state, _ = run(state, [EndPhase()])
    state = attrs.evolve(state, slots=((1, 1),))
    assert refused(state, LegAttack(1, 0)).endswith("leg attacks target 'Mechs only (BT-C-35.8)")


def test_anti_mech_attacks_wait_for_the_weapon_phase() -> None:
    state = put(duel(MECH), 1, CAVALIER, "0809")
    assert refused(state, SwarmAttack(1, 0)) == (
        "that is declared in the weapon attack phase, not the movement phase"
    )


# ---------------------------------------------------------------- listing, language, saves
def test_every_listed_anti_mech_command_is_accepted() -> None:
    """The weapon phase lists the leg attack and the swarm; the physical phase the brush-offs."""
    state = weapon_phase()
    listed = legal_commands(state)
    assert LegAttack(1, 0) in listed
    assert SwarmAttack(1, 0) in listed
    for command in listed:
        decide(state, command, Dice(1))
    swarmed = physical_phase_swarmed()
    listed = legal_commands(swarmed)
    assert {BrushOff(0, 1, Location.LA), BrushOff(0, 1, Location.RA)} <= set(listed)
    assert not any(isinstance(c, PhysicalAttack) and c.target == 1 for c in listed)
    for command in listed:
        decide(swarmed, command, Dice(1))
    assert StopSwarm(1) in legal_commands(swarming())


@pytest.mark.parametrize(
    "command",
    [LegAttack(1, 0), SwarmAttack(0, 1), StopSwarm(1), BrushOff(0, 1, Location.LA)],
)
def test_the_command_language_reads_back_what_it_writes(command: object) -> None:
    state = weapon_phase()
    assert parse_command(format_command(command), state) == command  # type: ignore[arg-type]


def test_the_command_language_refuses_a_leg_for_an_arm() -> None:
    with pytest.raises(IllegalCommand, match="brush off with an arm: LA or RA"):
        parse_command("brushoff 1 2 LL", weapon_phase())


SETUP = BTSetup(
    terrain_board(10, 10),
    ("Blue", "Red"),
    (
        UnitSetup(MECH, 0, Pilot("A", 4, 5), Hex.from_label("0505"), Facing.N),
        UnitSetup(CAVALIER, 1, Pilot("B", 4, 5), Hex.from_label("0504"), Facing.S),
        UnitSetup(PLATOON, 1, Pilot("C", 4, 5), Hex.from_label("0604"), Facing.S),
    ),
)


def _eager(options: list, pick: int) -> object:
    """Anti-'Mech commands first, else standing still and holding, else a pick."""
    for kind in (SwarmAttack, BrushOff, LegAttack):
        for command in options:
            if isinstance(command, kind):
                return command
    quiet = [
        c
        for c in options
        if isinstance(c, Move | FireWeapons)
        and c in {Move(c.unit, MoveMode.STILL), FireWeapons(c.unit)}
    ]
    return (quiet or options)[pick % len(quiet or options)]


def test_a_game_with_a_swarm_saves_and_replays(tmp_path: Path) -> None:
    """Every listed command is accepted; a journal with swarms loads back to the same game."""
    path = tmp_path / "swarm.jsonl"
    tags: set[str] = set()
    with Journal.create(path, RULESET, SETUP, created=CREATED, seed=7) as journal:
        for pick in range(90):
            options = legal_commands(journal.game.state)
            if not options or journal.game.summary.result:
                break
            outcome = journal.execute(_eager(options, pick))  # type: ignore[arg-type]
            assert isinstance(outcome, Accepted), outcome
            tags |= {event.TAG for event in outcome.entry.events}
        expected = journal.game
    assert {"bt/anti_mech_declared", "bt/anti_mech_rolled"} <= tags
    assert "bt/swarm_started" in tags
    loaded = read_game(path.read_bytes(), path.name)
    assert loaded.warnings == ()
    assert loaded.game.state == expected.state
    assert loaded.game.log == expected.log
    state = RULESET.start(SETUP)
    said = []
    for number, entry in enumerate(expected.log):
        told, state = RULESET.tell(number, entry.command, entry.events, state)
        said += [line.text for line in told]
    assert "Red: Cavalier Battle Armor [c] swarms Test [T]   (swarm 2 1)" in said
    assert any(t.startswith("Cavalier Battle Armor [c] swarms Test [T] and clings") for t in said)
    assert not any(t.startswith(("AntiMech", "Swarm")) for t in said)  # every event has words


def test_random_games_with_infantry_next_to_a_mech_accept_every_listed_command() -> None:
    """Random picks among the listed commands, swarms and brush-offs among them."""
    tags: set[str] = set()
    for seed in range(4):
        game = Game(RULESET, SETUP, Dice(seed))
        for pick in range(120):
            options = legal_commands(game.state)
            if not options or game.summary.result:
                break
            outcome = game.execute(options[(pick * 7919 + seed) % len(options)])
            assert isinstance(outcome, Accepted), outcome
            tags |= {event.TAG for event in outcome.entry.events}
    assert "bt/anti_mech_rolled" in tags


def test_a_schema_13_save_reads_unchanged_then_plays_a_swarm(tmp_path: Path) -> None:
    """Schema 14 adds classes only: a save written as schema 13 reads to the same game."""
    assert SCHEMA_VERSION >= 14
    assert MIGRATIONS[13] == Migration()  # new classes only: nothing to rewrite
    path = tmp_path / "old.jsonl"
    with Journal.create(path, RULESET, SETUP, created=CREATED, seed=3) as journal:
        for pick in range(12):
            options = legal_commands(journal.game.state)
            plain = [c for c in options if not isinstance(c, SwarmAttack | LegAttack | BrushOff)]
            journal.execute(_eager(plain, pick))  # type: ignore[arg-type]
        expected = journal.game
    header, *rest = path.read_bytes().split(b"\n", 1)
    fields = json.loads(header)
    assert fields["schema"] == SCHEMA_VERSION
    fields["schema"] = 13
    old = json.dumps(fields).encode() + b"\n" + b"".join(rest)
    loaded = read_game(old, "old.jsonl")
    assert loaded.game.state == expected.state
    assert loaded.game.log == expected.log


@pytest.mark.parametrize("name", ["aggressive", "random"])
def test_the_built_in_players_make_anti_mech_attacks(name: str) -> None:
    """The built-in players (the bot's combined-arms fallback) climb on; no command refused."""
    import random  # noqa: PLC0415 - the runner's seeded generator, as the simulator passes it

    from engine.battletech.bot.builtin import POLICIES, play_through  # noqa: PLC0415

    tags: set[str] = set()
    for seed in range(6):
        start = RULESET.start(SETUP)
        policy = POLICIES[name]
        rng = random.Random(seed)  # noqa: S311 - a player, not cryptography
        for played in play_through(
            start, policy, policy, None, rng=rng, dice=Dice(seed), max_commands=150
        ):
            tags.add(played.command.TAG)
    assert {"bt/swarm", "bt/leg_attack"} & tags


def test_the_orders_panel_lists_what_to_type() -> None:
    """The play screen's orders panel names each anti-'Mech command and its number."""
    from tui.battletech.antimech_orders import anti_mech_lines  # noqa: PLC0415

    letters = ("T", "c")
    said = [text for text, _ in anti_mech_lines(weapon_phase(), 1, letters)]
    assert "  legattack 2 1  leg attack on T: needs 5" in said
    assert "  swarm 2 1  swarm T: needs 7" in said
    said = [text for text, _ in anti_mech_lines(physical_phase_swarmed(), 0, letters)]
    assert "swarmed by c (BT-C-35.9)" in said
    assert "  brushoff 1 2 RA  brush c off (right arm): needs 9" in said


def test_a_kept_state_holds_the_declared_order_and_the_swarm() -> None:
    """A save's kept state (format 4) writes and reads back a declared order and a swarm."""
    from saves.codec import make_converter  # noqa: PLC0415
    from saves.snapshots import apply_patch, make_patch  # noqa: PLC0415

    initial = weapon_phase()
    state, _ = run(initial, [SwarmAttack(1, 0)], [4, 4])
    assert state.units[1].this_turn.anti_mech is not None
    assert antimech.is_swarming(state.units[1]) == 0
    conv = make_converter(RULESET)
    patch = json.loads(json.dumps(make_patch(conv, initial, state)))
    assert apply_patch(conv, initial, patch) == state


def test_a_squad_destroyed_in_the_phase_still_does_its_swarm_damage_bt_c_1() -> None:
    """BT-C-1: attacks are simultaneous, swarms too.

    A squad shot down earlier in the phase's resolution still swarms for its troopers at the
    phase's start (12), then lets go of nothing.
    """
    from engine.battletech.context import Ctx, Tally  # noqa: PLC0415

    start = swarming()
    down = start.replace_unit(
        1, evolved_unit(start.units[1], armor=(0, 0, 0, 0), swarming=None, destroyed=True)
    )
    dice = ScriptedDice((3, 4, 1, 1))
    ctx = Ctx(down, dice)
    ctx.tally = Tally(start=start)
    antimech.resolve(ctx, Phase.WEAPON)
    assert dice.position == 4
    assert damage_to(ctx.events, 0) == 12
    assert not of(ctx.events, SwarmEnded)


def test_a_mech_let_go_by_swarmers_stands_up_where_they_are_bt_m_25() -> None:
    """BT-C-35.10 / BT-M-25 (DESIGN): a 'Mech stands up in its own hex, swarmers let go or not.

    The squad let go stays in the prone 'Mech's hex. The simulator once found the stand-up listed
    but refused ("it would end in 0908 with another 'Mech": the other unit was the platoon).
    """
    from engine.battletech.commands import Move, Step, StepKind  # noqa: PLC0415
    from engine.battletech.rules.movement import plan_move  # noqa: PLC0415

    state = put(duel(MECH), 1, CAVALIER, "0810")
    state = state.replace_unit(0, evolved_unit(state.units[0], prone=True))
    assert state.units[0].hex == state.units[1].hex
    stand = (Step(StepKind.STAND, Facing.N),)
    plan = plan_move(state, 0, MoveMode.WALK, stand)
    assert plan.end[0] == Hex.from_label("0810")
    after, _ = run(state, [Move(0, MoveMode.WALK, stand)], [6] * 12, exact=False)
    assert not after.units[0].mech.prone
    leave = (Step(StepKind.STAND, Facing.N), Step(StepKind.FORWARD), Step(StepKind.BACKWARD))
    with pytest.raises(IllegalCommand, match="holds an enemy unit"):  # re-entering it is
        plan_move(state, 0, MoveMode.WALK, leave)
