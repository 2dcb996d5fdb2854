"""BT-C-9 / BT-C-90.10 / BT-C-5 (water row): which weapons work under water, and at what.

Unit 0 (Gunnery 4) in 0510 facing N, the target 2 hexes north in 0508 facing S (short range for
the lasers: +0, medium for the machine gun: +2), on a clear board with the water given.
"""

from __future__ import annotations

import attrs

from engine.battletech import events as ev
from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import FireWeapons, Shot
from engine.battletech.designs.mech import Location
from engine.battletech.rules.los import line_of_sight
from engine.battletech.rules.tohit import declare_fire, fire_options, weapon_to_hit
from engine.battletech.rules.turn import declarers
from engine.battletech.state import BTState, Phase
from engine.hexes import Facing
from tests.engine.battletech._build import design, start, terrain_board

ARMED = design(
    equipment=[
        ("Medium Laser", Location.CT),  # 0
        ("Medium Laser", Location.LL),  # 1: a leg
        ("SRM 2", Location.LT),  # 2: a missile launcher
        ("IS Ammo SRM-2", Location.LT),  # 3
        ("Flamer", Location.RA),  # 4
        ("Machine Gun", Location.LA),  # 5: ballistic
        ("IS Ammo MG - Full", Location.RT),  # 6
    ]
)
LASER, LEG_LASER, SRM, _, FLAMER, MG, _ = range(7)
DEEP = Terrain(water=2)


def pair(**hexes: Terrain) -> BTState:
    """The two 'Mechs two hexes apart in the Weapon phase."""
    board = terrain_board(10, 12, **hexes)
    units = [(ARMED, 0, "0510", Facing.N), (design(), 1, "0508", Facing.S)]
    return attrs.evolve(start(board, units), phase=Phase.WEAPON)


def test_leg_weapons_in_depth_1_water_say_the_water_stops_them():
    """BT-C-9: a standing 'Mech in Depth 1 has its legs under water: no leg weapon at a dry target.

    Its other weapons fire with the +1 of an attacker in water.
    """
    state = pair(h0510=Terrain(water=1))
    leg = weapon_to_hit(state, 0, LEG_LASER, 1)
    assert leg.number is None
    assert "in the water round its legs (depth 1)" in leg.reason
    assert "BT-C-9" in leg.reason
    laser = weapon_to_hit(state, 0, LASER, 1)
    assert laser.number == 4 + 1
    assert dict(laser.modifiers)["attacker in water"] == 1


def test_two_submerged_mechs_fight_with_lasers_and_ballistics_only():
    """BT-C-5 water row, BT-C-90.10 ASSUMPTION: both under water with deep water between.

    The laser (gunnery 4 + attacker in water 1 = 5) and the machine gun (+2 more: 2 hexes is
    its medium range) fire; the SRM launcher
    and the flamer do not, and the reasons name the water.
    """
    state = pair(h0510=DEEP, h0509=DEEP, h0508=DEEP)
    assert not line_of_sight(state, 0, 1).clear  # the general rule: nothing sees into the deep
    for weapon, number in ((LASER, 5), (MG, 7)):
        result = weapon_to_hit(state, 0, weapon, 1)
        assert result.number == number, result.reason
        assert dict(result.modifiers)["attacker in water"] == 1
    srm = weapon_to_hit(state, 0, SRM, 1)
    assert srm.number is None
    assert "missile launchers do not fire under water" in srm.reason
    flamer = weapon_to_hit(state, 0, FLAMER, 1)
    assert flamer.number is None
    assert "flamers do not fire under water" in flamer.reason


def test_shallow_water_or_woods_between_two_submerged_mechs_blocks():
    """BT-C-5: only open Depth 2+ water between them; anything else blocks as the digest says."""
    for between in (Terrain(water=1), Terrain(water=2, woods=Woods.LIGHT), Terrain()):
        state = pair(h0510=DEEP, h0509=between, h0508=DEEP)
        result = weapon_to_hit(state, 0, LASER, 1)
        assert result.number is None
        assert "under water" in result.reason


def test_a_submerged_mech_cannot_fire_at_a_dry_target():
    """BT-C-9 / BT-C-90.10: under water, it neither sees nor fires out of the water."""
    state = pair(h0510=DEEP)
    result = weapon_to_hit(state, 0, LASER, 1)
    assert result.number is None
    assert "under water" in result.reason


def test_a_submerged_pair_gets_weapon_slots_and_may_declare():
    """BT-C-1/2: with a weapon that works under water each has something to declare."""
    state = pair(h0510=DEEP, h0509=DEEP, h0508=DEEP)
    assert declarers(state, 0) == (0,)
    options = [o for o in fire_options(state, 0) if o.shots]
    fired = {shot.weapon for option in options for shot in option.shots}
    assert LASER in fired
    assert SRM not in fired
    assert FLAMER not in fired
    events = declare_fire(state, FireWeapons(0, (Shot(LASER, target=1),)))
    (declared,) = [e for e in events if isinstance(e, ev.AttackDeclared)]
    assert declared.attack.to_hit == 5
    assert dict(declared.attack.modifiers)["attacker in water"] == 1
