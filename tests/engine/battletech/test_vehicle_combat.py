"""Vehicles in combat (issue 20): `kinds.vehicle_combat`.

BT-C-12 (ammunition), BT-C-24.3 (weapons that cannot fire, attacker modifiers from criticals),
BT-C-18.8 (immobile targets), BT-C-36 / BT-C-42 (only vehicles but VTOLs charge; 'Mechs never
charge vehicles), BT-C-40 (push: 'Mechs only), BT-C-41 (kick and stomp), BT-C-43 (DFA: the
Front column), BT-C-44 / BT-C-45 (levels, prone 'Mechs), BT-C-47 (a fall from above).
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech.designs.vehicle import VehicleLocation
from engine.battletech.kinds import vehicle as v
from engine.battletech.kinds import vehicle_combat as vc
from engine.battletech.kinds import vehicle_tables as vt
from engine.battletech.kinds.vehicle_tables import Crit
from engine.battletech.rules.los import Arc
from engine.battletech.state import AttackKind
from engine.battletech.tables import Column
from engine.hexes import Facing, Hex
from tests.engine.battletech._vehicles import tank, vtol

K = AttackKind
LASER, PPC, LRM, BIN = 0, 1, 2, 3
FULL = (0, 0, 0, 12, 0)
"""The tank's bins, full (``UnitState.ammo``)."""


# ------------------------------------------------------------------------------ firing
def test_ammunition_bt_c_12() -> None:
    """BT-C-12: a weapon draws from any bin of its exact ammunition; empty bins: no fire."""
    design = tank()
    body = v.vehicle_body(design)
    ammo = tuple(item.shots for item in design.equipment)  # the unit's bins (UnitState.ammo)
    assert vc.ammo_bins(design, LRM) == (BIN,)
    assert vc.ammo_bins(design, LASER) == ()
    for _ in range(12):
        assert vc.cannot_fire(design, body, LRM, ammo) is None
        ammo = vc.spend_ammo(design, ammo, LRM)
    assert ammo[BIN] == 0
    assert vc.cannot_fire(design, body, LRM, ammo) == (
        "the IS LRM 10 has no ammunition left (BT-C-12)"
    )
    assert vc.cannot_fire(design, body, LASER, ammo) is None
    with pytest.raises(ValueError, match="no ammunition"):
        vc.spend_ammo(design, ammo, LRM)


def test_weapons_that_cannot_fire_bt_c_24_3() -> None:
    """BT-C-24.3: stunned crew, destroyed, jammed, turret blown off, unpowered by an engine hit."""
    design = tank()
    body = v.vehicle_body(design)
    assert vc.cannot_fire(design, attrs.evolve(body, stunned=1), LASER, FULL) is not None
    assert vc.cannot_fire(design, attrs.evolve(body, destroyed="x"), LASER, FULL) is not None
    jammed = vt.apply_critical(
        design, body, VehicleLocation.FRONT, Crit.WEAPON_MALFUNCTION, weapon=0
    )
    assert (
        vc.cannot_fire(design, jammed, LASER, FULL) == "the IS Medium Laser is jammed (BT-C-24.3)"
    )
    off = vt.apply_critical(design, body, VehicleLocation.TURRET, Crit.TURRET_BLOWN_OFF)
    assert vc.cannot_fire(design, off, PPC, FULL) is not None
    assert vc.cannot_fire(design, off, LASER, FULL) is None
    engine = vt.apply_critical(design, body, VehicleLocation.REAR, Crit.ENGINE)
    assert vc.cannot_fire(design, engine, PPC, FULL) is not None  # energy: no power
    assert vc.cannot_fire(design, engine, LRM, FULL) is None  # missiles still fire


def test_attacker_modifiers_from_criticals_bt_c_24_3() -> None:
    """BT-C-24.3: sensors +1 each (at most 4), stabilizer +1 in its location, commander +1."""
    design = tank()
    body = v.vehicle_body(design)
    assert vc.attacker_modifiers(design, body, PPC) == ()
    for _ in range(5):
        body = vt.apply_critical(design, body, VehicleLocation.FRONT, Crit.SENSORS)
    body = vt.apply_critical(design, body, VehicleLocation.TURRET, Crit.STABILIZER)
    body = vt.apply_critical(design, body, VehicleLocation.FRONT, Crit.COMMANDER)
    assert dict(vc.attacker_modifiers(design, body, PPC)) == {
        "sensor damage": 4,
        "stabilizer damage": 1,
        "commander hit": 1,
    }
    assert dict(vc.attacker_modifiers(design, body, LASER)) == {
        "sensor damage": 4,
        "commander hit": 1,
    }


def test_target_modifiers_bt_c_18_8() -> None:
    """BT-C-18.8 / BT-M-37.5: an immobile vehicle is -4 to hit; DESIGN: a flying VTOL +1."""
    design = tank()
    assert vc.target_modifiers(design, v.vehicle_body(design)) == ()
    stuck = attrs.evolve(v.vehicle_body(design), immobilized=True)
    assert vc.target_modifiers(design, stuck) == (("immobile target", -4),)
    copter = vtol()
    assert vc.target_modifiers(copter, v.vehicle_body(copter, elevation=2)) == (
        ("airborne VTOL", 1),
    )
    assert vc.target_modifiers(copter, v.vehicle_body(copter)) == ()
    # BT-M-37.6: one that crashed onto a level-2 roof lies there: it is not flying
    wreck = attrs.evolve(v.vehicle_body(copter, elevation=2), rotor_destroyed=True)
    assert ("airborne VTOL", 1) not in vc.target_modifiers(copter, wreck)


# ------------------------------------------------------------------------------ physical
def test_who_charges_whom_bt_c_42() -> None:
    """BT-C-36 / BT-C-42: vehicles but VTOLs charge vehicles and 'Mechs; 'Mechs never vehicles."""
    assert vc.charge_refused(tank(), tank()) is None
    assert vc.charge_refused(tank(), None) is None
    assert vc.charge_refused(vtol(), None) == "a VTOL cannot charge (BT-C-36)"
    assert vc.charge_refused(None, tank()) == "a 'Mech may not charge a vehicle (BT-C-42)"
    assert vc.charge_refused(None, None) is None


@pytest.mark.parametrize(
    ("kind", "level", "allowed"),
    [
        (K.KICK, 0, True),  # BT-C-41: a vehicle in the front arc (or a stomp in its hex)
        (K.KICK, 1, False),
        (K.KICK, -1, False),
        (K.PUNCH, 0, False),  # BT-C-44: only from one level lower
        (K.PUNCH, 1, True),
        (K.CLUB, 1, True),
        (K.HATCHET, 1, True),
        (K.CLUB, 0, False),
        (K.PUNCH, -1, False),  # a vehicle 1 level lower: none
        (K.DFA, -3, True),  # BT-C-43: any level the jump reaches
        (K.PUSH, 0, False),  # BT-C-40: 'Mechs only
        (K.CHARGE, 0, False),  # BT-C-42
    ],
)
def test_mech_physical_attacks_on_vehicles_bt_c_44(
    kind: AttackKind, level: int, allowed: bool
) -> None:
    """BT-C-44 (levels), BT-C-40..43: which of a standing 'Mech's attacks reach a vehicle."""
    assert (vc.physical_refused(kind, level_difference=level) is None) == allowed


def test_prone_mech_only_punches_in_its_own_hex_bt_c_45() -> None:
    """BT-C-45: a prone 'Mech punches a ground vehicle in its own hex; nothing else."""
    assert (
        vc.physical_refused(K.PUNCH, level_difference=0, attacker_prone=True, same_hex=True) is None
    )
    assert vc.physical_refused(K.PUNCH, level_difference=0, attacker_prone=True) is not None
    assert vc.physical_refused(K.KICK, level_difference=0, attacker_prone=True, same_hex=True)


@pytest.mark.parametrize(
    ("kind", "level", "allowed"),
    [
        (K.PUNCH, 1, True),
        (K.PUNCH, 2, True),
        (K.CLUB, 2, True),
        (K.PUNCH, 3, False),
        (K.PUNCH, 0, False),
        (K.KICK, 1, False),
        (K.DFA, 1, False),
    ],
)
def test_airborne_vtols_are_reached_by_arms_only_bt_c_44(
    kind: AttackKind, level: int, allowed: bool
) -> None:
    """BT-C-44 ("the VTOL exceptions are missing"), DESIGN after MegaMek: arms only.

    Punches and clubs reach a VTOL in flight 1-2 levels up; no kick, stomp or DFA.
    """
    refused = vc.physical_refused(kind, level_difference=level, airborne=True)
    assert (refused is None) == allowed


def test_physical_hit_columns_bt_c_43() -> None:
    """BT-C-43: a DFA on a vehicle uses the Front column; others the side attacked.

    BT-C-41: a stomp from its own hex hits a random side (DESIGN 1D6: 1 front, 2-3 right, 4
    rear, 5-6 left).
    """
    assert vc.physical_column(K.DFA, Column.REAR) is Column.FRONT
    assert vc.physical_column(K.KICK, Column.LEFT) is Column.LEFT
    assert vc.physical_column(K.PUNCH, Column.RIGHT) is Column.RIGHT
    sides = [vc.physical_column(K.KICK, Column.FRONT, stomp_roll=r) for r in range(1, 7)]
    assert sides == [
        Column.FRONT,
        Column.RIGHT,
        Column.RIGHT,
        Column.REAR,
        Column.LEFT,
        Column.LEFT,
    ]


def test_a_fall_from_above_hits_a_vehicle_on_the_front_column_bt_c_47() -> None:
    """BT-C-47 / BT-M-26.3: a vehicle is hit automatically, as by a DFA: the Front column."""
    assert vc.physical_column(K.DFA, Column.LEFT) is Column.FRONT
    hit = vt.hit_location(tank(), vc.physical_column(K.DFA, Column.LEFT), 6)
    assert hit.location is VehicleLocation.FRONT


# ------------------------------------------------------------------------------ vehicles attacking
def test_vehicles_only_fire_and_charge_bt_c_36() -> None:
    """BT-C-36: a vehicle fires or charges (a VTOL only fires); no punch, kick or DFA."""
    assert vc.vehicle_attack_refused(K.WEAPON, tank()) is None
    assert vc.vehicle_attack_refused(K.CHARGE, tank()) is None
    assert vc.vehicle_attack_refused(K.CHARGE, vtol()) is not None
    for kind in (K.PUNCH, K.KICK, K.CLUB, K.PUSH, K.DFA):
        assert vc.vehicle_attack_refused(kind, tank()) is not None


def test_charge_tables_bt_c_42() -> None:
    """BT-C-42: kick table against a standing 'Mech, the normal tables otherwise."""
    assert vc.charge_table(target_is_mech=True) == "kick"
    assert vc.charge_table(target_is_mech=True, target_prone=True) == "mech"
    assert vc.charge_table(target_is_mech=False) == "vehicle"


def test_default_crew_skills_bt_c_14() -> None:
    """BT-C-14 / BT-M-13: vehicle crews, Inner Sphere Driving 5 Gunnery 4, Clan 6 and 5."""
    assert vc.default_skills(clan=False) == (5, 4)
    assert vc.default_skills(clan=True) == (6, 5)


# ------------------------------------------------------------------------------ arcs and sides
def test_vehicle_weapon_arcs_bt_c_10() -> None:
    """BT-C-10: front, left, right, rear locations fire into their own arc only.

    A turret: a front arc turned with it; DESIGN: body mounts into the front arc.
    """
    assert vc.mount_arcs("Front") == {Arc.FRONT}
    assert vc.mount_arcs("Left") == {Arc.LEFT}
    assert vc.mount_arcs("Right") == {Arc.RIGHT}
    assert vc.mount_arcs("Rear") == {Arc.REAR}
    assert vc.mount_arcs("Turret") == {Arc.FRONT}
    assert vc.mount_arcs("Body") == {Arc.FRONT}


def test_turret_direction_bt_c_11() -> None:
    """BT-C-11 / BT-C-24.3: a free turret points anywhere; locked keeps its offset; jammed stays."""
    design = tank()
    body = v.vehicle_body(design)
    tu = VehicleLocation.TURRET
    assert vc.turret_facing(body, tu, Facing.N, Facing.S) is Facing.S
    locked = vt.apply_critical(design, body, tu, Crit.TURRET_LOCK, turret_facing=2)
    assert vc.turret_facing(locked, tu, Facing.NE, Facing.N) is Facing.S  # NE + 2 hexsides
    assert vc.turret_facing(locked, tu, Facing.N, Facing.S) is Facing.SE
    jammed = vt.apply_critical(design, body, tu, Crit.TURRET_JAM)
    assert vc.turret_facing(jammed, tu, Facing.N, Facing.S) is Facing.N
    assert vc.turret_facing(jammed, tu, Facing.N, Facing.S, current=1) is Facing.NE


CENTRE = Hex(5, 5)


def _side(q: int, r: int, facing: Facing = Facing.N) -> tuple[Column, ...]:
    """The sides hit from the axial offset (q, r) of the vehicle at `CENTRE`."""
    return vc.attack_side(CENTRE + Hex(q, r), CENTRE, facing)


@pytest.mark.parametrize(
    ("offset", "sides"),
    [
        ((0, -2), (Column.FRONT,)),  # straight ahead, 0 degrees
        ((1, -2), (Column.FRONT, Column.RIGHT)),  # 30 degrees: a vertex
        ((1, -1), (Column.RIGHT,)),  # the NE neighbour, 60 degrees
        ((2, -1), (Column.RIGHT,)),  # 90 degrees (a 'Mech's vertex, not a vehicle's)
        ((1, 0), (Column.RIGHT,)),  # the SE neighbour, 120 degrees
        ((1, 1), (Column.RIGHT, Column.REAR)),  # 150 degrees: a vertex
        ((0, 2), (Column.REAR,)),  # 180 degrees
        ((-1, 2), (Column.REAR, Column.LEFT)),  # 210 degrees: a vertex
        ((-2, 1), (Column.LEFT,)),  # 270 degrees
        ((-1, 0), (Column.LEFT,)),  # the NW neighbour, 300 degrees
        ((-1, -1), (Column.LEFT, Column.FRONT)),  # 330 degrees: a vertex
        ((0, 0), (Column.FRONT,)),  # its own hex
    ],
)
def test_vehicle_attack_direction_bt_c_21(
    offset: tuple[int, int], sides: tuple[Column, ...]
) -> None:
    """BT-C-21: vehicle front is the front hexside only (330..30); vertices 30/150/210/330."""
    assert _side(*offset) == sides


def test_attack_direction_turns_with_the_vehicle_bt_c_21() -> None:
    """BT-C-21: the sides are measured from the vehicle's facing."""
    assert _side(0, 2, Facing.S) == (Column.FRONT,)
    assert _side(0, -2, Facing.S) == (Column.REAR,)
    assert _side(1, -1, Facing.S) == (Column.LEFT,)


def test_defender_chooses_the_better_side_bt_c_21() -> None:
    """BT-C-21 automatic play (DESIGN): the column whose hits find more armor and structure."""
    design = tank()
    body = v.vehicle_body(design)
    thin = attrs.evolve(body, armor=(20, 1, 20, 20, 20))  # the right side nearly bare
    assert vc.defender_choice(design, thin, (Column.FRONT, Column.RIGHT)) is Column.FRONT
    thin_front = attrs.evolve(body, armor=(1, 20, 20, 20, 20))
    assert vc.defender_choice(design, thin_front, (Column.FRONT, Column.RIGHT)) is Column.RIGHT
    assert vc.defender_choice(design, body, (Column.LEFT, Column.RIGHT)) is Column.LEFT
