"""AoD formations: the AOD-18.5 checklist, movement formations, ranged, close and artillery ones.

Rules: AOD-18.1..18.6, AOD-13.7, AOD-7.5; acceptance items AOD-26.17 #3 (movement formations) and
#23 (ranged and close formations). Units are the INVENTED examples of AOD-26.15: Pathguard Rifle
Squad (mercenary foot infantry, speed 6, 0/6), Halberd Hover Tank (Davion, speed 14, 0/10),
Bastion APC (mercenary, tracked, speed 10), Longbow (Liao artillery 4/10 (24)), Skywatch AA
(Steiner), Kestrel (Jade Falcon 'Mech), Warden (Liao 'Mech), Tortoise (Sea Fox Quad), Gadfly (VTOL).

The usual group stands in 0910, 1010 and 1110 (all in contact with 1010), facing N; the enemy
'Mech stands 5 hexes north in 1005.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from engine.aod.formations import (
    SIZES,
    FormationKind,
    MemberMove,
    Roster,
    artillery_bonus,
    artillery_formation_problems,
    close_bonus,
    connected,
    critical_miss_clicks,
    failed_capture_clicks,
    formation_problems,
    formation_speed,
    move_problem,
    moved,
    pushing_damage_exempt,
    ranged_bonus,
)
from engine.aod.geometry import Battlefield, Occupant
from engine.aod.status import DialStatus, fresh
from engine.aod.terrain import HexTerrain, TerrainType
from engine.aod.units import UnitDef
from engine.hexes import Facing, Hex
from tests.engine.aod._assets import by_name, catalogue
from tests.engine.aod._boards import WALL, WOODS, at, terrain

PATHGUARD = by_name("Pathguard Rifle Squad")
HALBERD = by_name("Halberd Hover Tank")
BASTION = by_name("Bastion APC")
LONGBOW = by_name("Longbow Artillery Carrier")
SKYWATCH = by_name("Skywatch AA Carrier")
KESTREL = by_name("Kestrel KS-2L")
WARDEN = by_name("Warden WD-5H")
TORTOISE = by_name("Tortoise TQ-3M")
GADFLY = by_name("Gadfly VTOL Gunship")
TALON = by_name("Talon Battle Armor")

GROUP = ("0910", "1010", "1110")
MOVE, RANGED, CLOSE = FormationKind.MOVEMENT, FormationKind.RANGED, FormationKind.CLOSE
ABRUPT = HexTerrain(TerrainType.CLEAR, elevated=True, abrupt=True, feature=9)

Entry = tuple[UnitDef, str] | tuple[UnitDef, str, int] | tuple[UnitDef, str, int, Facing]


def roster(
    *entries: Entry,
    cells: Sequence[tuple[str, HexTerrain]] = (),
    dials: dict[int, DialStatus] | None = None,
    size: int = 20,
    **standing: frozenset[int],
) -> Roster:
    """Units as (def, hex label[, side[, facing]]); side 0 and facing N unless given."""
    occupants, units = [], []
    for entry in entries:
        unit, label = entry[0], entry[1]
        side = entry[2] if len(entry) > 2 else 0
        facing = entry[3] if len(entry) > 3 else Facing.N
        occupants.append(Occupant(at(label), facing, unit.unit_type, unit.speed_mode, side))
        units.append(unit)
    statuses = tuple((dials or {}).get(n, fresh(u)) for n, u in enumerate(units))
    board = Battlefield(terrain(cells, size=size), tuple(occupants))
    return Roster(board, tuple(units), statuses, catalogue(), **standing)


def group(
    *units: UnitDef,
    cells: Sequence[tuple[str, HexTerrain]] = (),
    dials: dict[int, DialStatus] | None = None,
    **standing: frozenset[int],
) -> Roster:
    """``units`` in the usual group hexes, plus an enemy Kestrel (last index) in 1005 facing S."""
    placed: list[Entry] = [(u, label) for u, label in zip(units, GROUP, strict=False)]
    enemy: Entry = (KESTREL, "1005", 1, Facing.S)
    return roster(*placed, enemy, cells=cells, dials=dials, size=20, **standing)


# ---------------------------------------------------------------- AOD-18.5 the checklist


def test_three_pathguards_form_a_movement_formation_aod_18_2() -> None:
    """AOD-18.2 / AOD-18.5: 3 infantry in contact, mercenaries only (AOD-18.1 [INTERP])."""
    squad = group(PATHGUARD, PATHGUARD, PATHGUARD)
    assert formation_problems(squad, MOVE, (1, 0, 2)) == []
    assert connected(squad.field, (0, 1, 2))


@pytest.mark.parametrize(
    ("kind", "count", "legal"),
    [
        (MOVE, 2, False),
        (MOVE, 3, True),
        (MOVE, 5, True),
        (MOVE, 6, False),
        (RANGED, 2, False),
        (RANGED, 3, True),
        (RANGED, 5, True),
        (RANGED, 6, False),
        (CLOSE, 1, False),
        (CLOSE, 2, True),
        (CLOSE, 3, True),
        (CLOSE, 4, False),
    ],
)
def test_formation_sizes_aod_18_5(kind: FormationKind, count: int, legal: bool) -> None:
    """AOD-18.5: movement and ranged formations have 3-5 members, close formations 2-3."""
    ring = ("1010", "1009", "1110", "1111", "1011", "0911", "0910")
    squad = roster(*[(PATHGUARD, label) for label in ring[:count]])
    problems = formation_problems(squad, kind, tuple(range(count)))
    sentence = f"A {kind} formation has {SIZES[kind][0]} to {SIZES[kind][1]} members, not {count}."
    assert (sentence in problems) is not legal


def test_mechs_and_vtols_never_join_a_movement_formation_aod_18_2() -> None:
    """AOD-18.1 / AOD-18.2: 'Mechs never join a movement formation; VTOLs never join any."""
    squad = group(PATHGUARD, KESTREL, GADFLY)
    assert formation_problems(squad, MOVE, (0, 1, 2)) == [
        "Kestrel KS-2L in 1010: only infantry and vehicles form a movement formation.",
        "Gadfly VTOL Gunship in 1110 is a VTOL; VTOLs never join a formation.",
    ]


def test_a_member_out_of_contact_breaks_the_formation_aod_18_2() -> None:
    """AOD-18.2 / AOD-18.5: every member in base contact with the group: 1012 is apart."""
    squad = roster((PATHGUARD, "0910"), (PATHGUARD, "1010"), (PATHGUARD, "1012"))
    assert not connected(squad.field, (0, 1, 2))
    assert formation_problems(squad, MOVE, (0, 1, 2)) == [
        "The members of a movement formation must all be in base contact."
    ]


def test_mercenaries_join_one_faction_only_aod_18_1() -> None:
    """AOD-26.17 #23 / AOD-18.1: mercenaries with Davion are fine; with Davion and Liao not."""
    one = group(PATHGUARD, BASTION, HALBERD)
    assert formation_problems(one, MOVE, (0, 1, 2)) == []
    two = group(PATHGUARD, HALBERD, LONGBOW)
    problems = formation_problems(two, MOVE, (0, 1, 2))
    assert len(problems) == 1
    assert problems[0].startswith("with mercenaries a formation holds one faction besides them")


def test_allied_factions_form_unallied_do_not_aod_18_6() -> None:
    """AOD-26.17 #23 / AOD-18.6: Steiner and Stormhammers are allied; Steiner and Davion not."""
    hammer = attrs.evolve(SKYWATCH, faction="stormhammers")
    allied = group(SKYWATCH, hammer, SKYWATCH)
    assert formation_problems(allied, MOVE, (0, 1, 2)) == []
    apart = group(SKYWATCH, HALBERD, SKYWATCH)
    assert formation_problems(apart, MOVE, (0, 1, 2)) == [
        "davion and steiner are not allied (AOD-18.6)"
    ]


def test_sea_fox_never_joins_aod_21_3() -> None:
    """AOD-26.17 #23 / AOD-18.1 / AOD-21.3: a Sea Fox Tortoise may not join a close formation."""
    squad = roster(
        (WARDEN, "1010"), (TORTOISE, "1110", 0, Facing.NW), (KESTREL, "1009", 1, Facing.S)
    )
    problems = formation_problems(squad, CLOSE, (0, 1), 2)
    assert problems == ["Tortoise TQ-3M is Clan Sea Fox: Renegade, never in a formation (AOD-21.3)"]


def test_no_formation_with_a_member_on_abrupt_terrain_aod_18_1() -> None:
    """AOD-18.1: no formation while some member stands on abrupt elevated terrain."""
    squad = group(PATHGUARD, PATHGUARD, PATHGUARD, cells=[("1110", ABRUPT)])
    sentence = (
        "Pathguard Rifle Squad in 1110 stands on abrupt elevated terrain; "
        "no formation may include it."
    )
    assert formation_problems(squad, MOVE, (0, 1, 2)) == [sentence]


def test_each_member_must_be_able_to_take_the_order_aod_7_3() -> None:
    """AOD-7.2 / AOD-7.3: Heavy Damage moves but never fires; ordered, captive, shut-down never."""
    heavy = {1: DialStatus(click=3)}  # the Pathguard's click 3 shows Heavy Damage
    squad = group(PATHGUARD, PATHGUARD, PATHGUARD, dials=heavy)
    assert formation_problems(squad, MOVE, (0, 1, 2)) == []
    assert formation_problems(squad, RANGED, (0, 1, 2), 3) == [
        "Pathguard Rifle Squad in 1010 shows Heavy Damage and may only move."
    ]
    ordered = group(PATHGUARD, PATHGUARD, PATHGUARD, ordered=frozenset({2}))
    assert formation_problems(ordered, MOVE, (0, 1, 2)) == [
        "Pathguard Rifle Squad in 1110 has already had its order this turn."
    ]
    captive = group(PATHGUARD, PATHGUARD, PATHGUARD, captives=frozenset({0}))
    assert formation_problems(captive, MOVE, (0, 1, 2)) == [
        "Pathguard Rifle Squad in 0910 is a captive and takes no orders."
    ]
    escort = group(PATHGUARD, PATHGUARD, PATHGUARD, escorts=frozenset({0}))
    assert formation_problems(escort, MOVE, (0, 1, 2)) == []
    assert formation_problems(escort, RANGED, (0, 1, 2), 3) == [
        "Pathguard Rifle Squad in 0910 is escorting a captive and may only move."
    ]


# ---------------------------------------------------------------- AOD-18.2 movement formation


def test_a_movement_formation_moves_at_the_slowest_speed_aod_18_2() -> None:
    """AOD-26.17 #3 / AOD-18.2: Pathguard (6), Bastion (10), Halberd (14): all move 6.

    The whole group walks north 6 hexes: legal. The Halberd going 7 is refused, though its own
    speed is 14.
    """
    squad = group(PATHGUARD, BASTION, HALBERD)
    speed = formation_speed([6, 10, 14])
    assert speed == 6

    def north(label: str, hexes: int) -> tuple[Hex, ...]:
        start = at(label)
        return tuple(Hex(start.q, start.r - n) for n in range(1, hexes + 1))

    field = squad.field.moved(3, at("1018"))  # the enemy out of the way
    moves = [MemberMove(m, north(label, 6), Facing.N) for m, label in enumerate(GROUP)]
    assert move_problem(field, (0, 1, 2), moves, speed) is None
    after = moved(field, moves)
    assert [after.units[m].hex.label for m in range(3)] == ["0904", "1004", "1104"]
    too_far = [*moves[:2], MemberMove(2, north("1110", 7), Facing.N)]
    why = move_problem(field, (0, 1, 2), too_far, speed)
    assert why is not None
    assert "the allowance is 6" in why


def test_the_group_must_stay_connected_aod_18_2() -> None:
    """AOD-26.17 #3 / AOD-18.2: one member walking away leaves the group split: refused."""
    squad = group(PATHGUARD, PATHGUARD, PATHGUARD)
    field = squad.field.moved(3, at("1018"))
    away = [MemberMove(0, (at("0810"), at("0711")), Facing.N)]
    assert move_problem(field, (0, 1, 2), away, 6) == (
        "The formation must end its move as one group in base contact."
    )
    turn_only = [MemberMove(0, (), Facing.S)]
    assert move_problem(field, (0, 1, 2), turn_only, 6) is None
    assert moved(field, turn_only).units[0].facing is Facing.S


def test_a_member_that_failed_to_break_away_stays_aod_18_2() -> None:
    """AOD-18.2: a member that fails its break-away does not move; the others still may."""
    squad = group(PATHGUARD, PATHGUARD, PATHGUARD)
    moves = [MemberMove(0, (at("1009"),), Facing.N)]
    why = move_problem(squad.field, (0, 1, 2), moves, 6, stuck=frozenset({0}))
    assert why is not None
    assert "failed to break away" in why
    assert move_problem(squad.field, (0, 1, 2), moves, 6) is None


def test_each_member_is_halved_by_its_own_hindering_start_aod_26_7() -> None:
    """AOD-26.7: the slowest speed, then half (rounded up) for a member starting in woods: 3."""
    squad = group(PATHGUARD, PATHGUARD, PATHGUARD, cells=[("0910", WOODS)])
    field = squad.field.moved(3, at("1018"))
    steps = tuple(Hex(at("0910").q, at("0910").r - n) for n in range(1, 5))
    moves = [MemberMove(m, steps if m == 0 else (), Facing.N) for m in range(3)]
    why = move_problem(field, (0, 1, 2), moves, 6)
    assert why is not None
    assert "the allowance is 3" in why


def test_movement_formation_members_take_no_pushing_damage_aod_18_2() -> None:
    """AOD-26.17 #3 / AOD-7.5 / AOD-18.2: no pushing damage in a movement formation only."""
    assert pushing_damage_exempt(MOVE)
    assert not pushing_damage_exempt(RANGED)
    assert not pushing_damage_exempt(CLOSE)


def test_a_movement_formation_makes_no_attack_aod_18_2() -> None:
    """AOD-18.2: no attacks during the order (no rams)."""
    squad = group(PATHGUARD, PATHGUARD, PATHGUARD)
    assert formation_problems(squad, MOVE, (0, 1, 2), 3) == [
        "A movement formation makes no attacks."
    ]


# ---------------------------------------------------------------- AOD-18.3 ranged formation


def test_a_ranged_formation_aod_18_3() -> None:
    """AOD-26.17 #23 / AOD-18.3: three Pathguards (0/6) 5 hexes from the Kestrel: legal, +4."""
    squad = group(PATHGUARD, PATHGUARD, PATHGUARD)
    assert formation_problems(squad, RANGED, (1, 0, 2), 3) == []
    assert ranged_bonus(squad.field, (1, 0, 2), 3) == 4


def test_ranged_bonus_per_member_and_one_rear_bonus_aod_18_3() -> None:
    """AOD-26.17 #23 / AOD-18.3: +2 per member beyond the leader, plus a single +2 from behind.

    The Kestrel turned north shows all three members its rear: 4 + 2 = 6, not 4 + 6.
    """
    squad = group(PATHGUARD, PATHGUARD, PATHGUARD)
    assert ranged_bonus(squad.field, (1, 0), 3) == 2
    behind = squad.field.moved(3, at("1005"), Facing.N)
    assert ranged_bonus(behind, (1, 0, 2), 3) == 6
    five = roster(
        *[(PATHGUARD, label) for label in (*GROUP, "1009", "1011")], (KESTREL, "1005", 1, Facing.S)
    )
    assert ranged_bonus(five.field, (0, 1, 2, 3, 4), 5) == 8


def test_every_member_needs_its_own_line_of_fire_and_range_aod_25_16() -> None:
    """AOD-18.3 / AOD-25 #16: a wall in front of one member, and one member out of range."""
    walled = group(PATHGUARD, PATHGUARD, PATHGUARD, cells=[("1108", WALL)])
    assert formation_problems(walled, RANGED, (1, 0, 2), 3) == [
        "Pathguard Rifle Squad in 1110 has no clear line of fire to the target."
    ]
    far = roster(
        *[(PATHGUARD, label) for label in ("1010", "1011", "1012")], (KESTREL, "1005", 1, Facing.S)
    )
    assert formation_problems(far, RANGED, (0, 1, 2), 3) == [
        "Pathguard Rifle Squad in 1012 has no clear line of fire to the target."
    ]


def test_a_ranged_formation_has_one_target_aod_18_3() -> None:
    """AOD-18.3: exactly one target, an enemy."""
    squad = group(PATHGUARD, PATHGUARD, PATHGUARD)
    assert formation_problems(squad, RANGED, (0, 1, 2)) == [
        "A ranged formation attacks exactly one target."
    ]
    friend = formation_problems(squad, RANGED, (0, 1), 2)
    assert "Pathguard Rifle Squad in 0910 has no clear line of fire to the target." in friend


def test_only_the_leader_takes_the_critical_miss_click_aod_18_3() -> None:
    """AOD-26.17 #23 / AOD-11.4 / AOD-18.3: 1+1 on the white dice: the leader alone, 1 click."""
    assert critical_miss_clicks((4, 2, 7)) == {4: 1}


# ---------------------------------------------------------------- AOD-18.4 close formation


def close_squad() -> Roster:
    """A Warden in 1010 and a Pathguard in 1110, facing N, touching an enemy Kestrel in 1009."""
    return roster((WARDEN, "1010"), (PATHGUARD, "1110"), (KESTREL, "1009", 1, Facing.S))


def test_a_close_formation_aod_18_4() -> None:
    """AOD-26.17 #23 / AOD-18.4: a 'Mech and infantry, each touching the enemy's front: +2."""
    squad = close_squad()
    assert formation_problems(squad, CLOSE, (0, 1), 2) == []
    assert close_bonus(squad.field, (0, 1), 2) == 2


def test_close_members_touch_with_their_front_arc_aod_18_4() -> None:
    """AOD-18.4: a member turned away from the enemy cannot join; vehicles never join."""
    squad = close_squad()
    turned = attrs.evolve(squad, field=squad.field.moved(1, at("1110"), Facing.SE))
    assert formation_problems(turned, CLOSE, (0, 1), 2) == [
        "Pathguard Rifle Squad in 1110 is not in contact with the target through its front arc."
    ]
    tank = roster((WARDEN, "1010"), (HALBERD, "1110"), (KESTREL, "1009", 1, Facing.S))
    assert formation_problems(tank, CLOSE, (0, 1), 2)[0] == (
        "Halberd Hover Tank in 1110: only infantry and 'Mechs form a close formation."
    )


def test_close_rear_bonus_once_aod_18_4() -> None:
    """AOD-26.17 #23 / AOD-18.4: the Kestrel turned away shows both members its rear: 2 + 2."""
    squad = close_squad()
    behind = squad.field.moved(2, at("1009"), Facing.N)
    assert close_bonus(behind, (0, 1), 2) == 4


def test_capture_is_led_by_foot_infantry_and_failure_costs_aod_18_4() -> None:
    """AOD-18.4 / AOD-25 #15: a foot leader; a failed capture of a 'Mech costs every member."""
    squad = close_squad()
    assert formation_problems(squad, CLOSE, (0, 1), 2, capture=True) == [
        "Only a foot infantry leader may lead a capture."
    ]
    assert formation_problems(squad, CLOSE, (1, 0), 2, capture=True) == []
    assert failed_capture_clicks((1, 0), target_is_mech=True) == {1: 1, 0: 1}
    assert failed_capture_clicks((1, 0), target_is_mech=False) == {1: 1}


# ---------------------------------------------------------------- AOD-13.7 artillery formation


def test_an_artillery_formation_aod_13_7() -> None:
    """AOD-13.7 / AOD-18.3: three Longbows in contact, 1010 is 15 hexes ahead of each: +4."""
    board = roster(*[(LONGBOW, label) for label in ("0925", "1025", "1125")], size=36)
    dot = at("1010")
    assert artillery_formation_problems(board, (1, 0, 2), (dot,)) == []
    assert artillery_bonus((1, 0, 2)) == 4


def test_artillery_formation_members_are_artillery_and_reach_the_dot_aod_18_3() -> None:
    """AOD-18.3 / AOD-25 #39: all members artillery; the dot beyond each max, within each long."""
    mixed = roster((LONGBOW, "0925"), (LONGBOW, "1025"), (BASTION, "1125"), size=36)
    assert artillery_formation_problems(mixed, (1, 0, 2), (at("1010"),)) == [
        "Bastion APC in 1125 is not artillery."
    ]
    # 1001 is 24 hexes from 0925 and 1025, at long range; 25 from 1026, beyond it.
    far = roster(*[(LONGBOW, label) for label in ("0925", "1025", "1026")], size=36)
    problems = artillery_formation_problems(far, (1, 0, 2), (at("1001"),))
    assert problems == ["Longbow Artillery Carrier in 1026 cannot reach the marker in 1001."]
    # 1015 is 10 hexes from 1025 and 0925, not beyond their max range; 11 from 1026.
    assert artillery_formation_problems(far, (1, 0, 2), (at("1015"),)) == [
        "Longbow Artillery Carrier in 1025 cannot reach the marker in 1015.",
        "Longbow Artillery Carrier in 0925 cannot reach the marker in 1015.",
    ]


def test_no_artillery_formation_member_touches_an_enemy_aod_13_3() -> None:
    """AOD-13.3 / AOD-13.7 [INTERP]: the no-contact rule holds for every member."""
    board = roster(
        *[(LONGBOW, label) for label in ("0925", "1025", "1125")],
        (PATHGUARD, "1225", 1),
        size=36,
    )
    assert artillery_formation_problems(board, (1, 0, 2), (at("1010"),)) == [
        "Longbow Artillery Carrier in 1125 is in contact with an enemy."
    ]
