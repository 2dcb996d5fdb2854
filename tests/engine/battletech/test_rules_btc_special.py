"""BT-C-57..60 and BT-C-62 from the rules digest.

Clearing woods, ammunition dumping, ejection, fire, and flipping arms.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.board import Building, BuildingClass, Terrain, Woods
from engine.battletech.commands import (
    DumpAmmo,
    Eject,
    EndPhase,
    FireWeapons,
    Move,
    PhysicalAttack,
    RollInitiative,
    Shot,
    Step,
    StepKind,
)
from engine.battletech.rules.tohit import weapon_to_hit
from engine.battletech.rules.turn import declarers
from engine.battletech.state import Attack, AttackKind, MoveMode, Phase
from engine.game import IllegalCommand
from engine.hexes import Facing
from tests.engine.battletech._build import design, evolved_unit, terrain_board
from tests.engine.battletech._rules_btc import (
    CT,
    LT,
    RA,
    H,
    duel,
    has_term,
    no_term,
    of,
    resolve,
    run,
    still,
    to_weapon_phase,
    two,
)
from tui.battletech.units import bundled_units, load_unit

LIGHT = Terrain(woods=Woods.LIGHT)
HEAVY = Terrain(woods=Woods.HEAVY)
GUNS = design(
    equipment=[
        ("Medium Laser", CT),  # 0
        ("PPC", RA),  # 1
        ("LRM 20", LT),  # 2
        ("IS Ammo LRM-20", LT),  # 3
        ("Small Laser", CT),  # 4
    ]
)
ML, PPC, LRM, LRM_AMMO, SL = range(5)
SHOOTER = design(equipment=[("Medium Laser", CT)])


def field(**hexes):
    """The gunner (unit 0) in 0810 facing N; a quiet 'Mech (unit 1) far off in 0101."""
    board = terrain_board(16, 17, **hexes)
    return still(duel(GUNS, design(), "0810", "0101", Facing.N, Facing.S, board))


def hex_attack(state, weapon, where, to_hit):
    """A declared weapon attack of unit 0 on a hex."""
    return Attack(0, AttackKind.WEAPON, None, H(where), to_hit, (("test", to_hit),), weapon)


def terrain_rolls(events):
    """(kind, target, success) of every terrain roll."""
    return [(r.kind, r.target, r.success) for r in of(events, ev.TerrainRolled)]


def new_terrain(events):
    """The terrain changes, as (hex label, terrain)."""
    return [(t.hex.label, t.terrain) for t in of(events, ev.TerrainChanged)]


# ---------------------------------------------------------------- BT-C-57 clearing woods


def test_clearing_to_hit_is_immobile_without_the_hexs_own_woods():
    """BT-C-57: normal modifiers with -4 immobile; the target hex's own woods add nothing."""
    state = field(h0807=HEAVY)
    result = weapon_to_hit(state, 0, ML, H("0807"))
    assert result.number == 4 - 4
    assert has_term(result.modifiers, -4, "immobile")
    assert no_term(result.modifiers, "wood")


def test_intervening_woods_still_count_when_clearing():
    """BT-C-57 / BT-C-7: woods between the attacker and the hex still add their modifier."""
    state = field(h0808=LIGHT, h0807=HEAVY)
    assert weapon_to_hit(state, 0, ML, H("0807")).number == 4 - 4 + 1


@pytest.mark.parametrize(
    ("before", "after"),
    [(LIGHT, Terrain(rough=True)), (HEAVY, LIGHT)],
    ids=["light->rough", "heavy->light"],
)
def test_clearing_woods(before, after):
    """BT-C-57.

    Fire risk first (6: no fire), the to-hit roll, then 2D6 <= the damage (4 <= 5) converts the hex:
    heavy -> light, light -> rough (never open ground).
    """
    state = field(h0807=before)
    _, events = resolve(state, [hex_attack(state, ML, "0807", 0)], (3, 3, 4, 4, 2, 2))
    assert terrain_rolls(events) == [("fire risk", 5, False), ("clearing", 5, True)]
    assert new_terrain(events) == [("0807", after)]


def test_a_clearing_roll_over_the_damage_changes_nothing():
    """BT-C-57: a roll above the damage dealt leaves the woods (6 > 5)."""
    state = field(h0807=LIGHT)
    _, events = resolve(state, [hex_attack(state, ML, "0807", 0)], (3, 3, 4, 4, 3, 3))
    assert terrain_rolls(events)[-1] == ("clearing", 5, False)
    assert not of(events, ev.TerrainChanged)


def test_fire_risk_sets_the_woods_alight_instead():
    """BT-C-57: on 5 or less the woods catch fire and the attempt is used up."""
    state = field(h0807=LIGHT)
    _, events = resolve(state, [hex_attack(state, ML, "0807", 0)], (2, 3))
    assert terrain_rolls(events) == [("fire risk", 5, True)]
    ((where, terrain),) = new_terrain(events)
    assert (where, terrain.fire, terrain.woods) == ("0807", True, Woods.LIGHT)
    assert not of(events, ev.AttackRolled)


def test_clearing_with_missiles_compares_the_total():
    """BT-C-57.

    Cluster weapons compare the attack's total damage (LRM-20, 7: 12 hit; 11 <= 12), not the 5-point
    groups.
    """
    state = field(h0807=LIGHT)
    attack = hex_attack(state, LRM, "0807", 0)
    _, events = resolve(state, [attack], (3, 3, 4, 4, 3, 4, 5, 6))
    assert terrain_rolls(events)[-1] == ("clearing", 12, True)
    assert new_terrain(events) == [("0807", Terrain(rough=True))]


# ---------------------------------------------------------------- BT-C-60 fire


def test_ppc_at_a_medium_building_needs_8():
    """BT-C-60.2 example: a PPC (energy, 7+) at a medium building (+1) needs 8+ (4-4 lights it).

    To-hit first (4-4 against -4 immobile), then the fire roll.
    """
    medium = Terrain(building=Building(BuildingClass.MEDIUM, 40))
    state = field(h0807=medium)
    _, events = resolve(state, [hex_attack(state, PPC, "0807", 0)], (4, 4, 4, 4))
    assert terrain_rolls(events) == [("fire", 8, True)]
    ((where, terrain),) = new_terrain(events)
    assert (where, terrain.fire) == ("0807", True)


@pytest.mark.parametrize(
    ("cls", "weapon", "number"),
    [
        (BuildingClass.LIGHT, PPC, 7),
        (BuildingClass.HEAVY, PPC, 9),
        (BuildingClass.HARDENED, PPC, 10),
        (BuildingClass.LIGHT, LRM, 9),
        (BuildingClass.MEDIUM, LRM, 10),
    ],
)
def test_fire_table(cls, weapon, number):
    """BT-C-60.1.

    Energy 7+, missile 9+; light +0, medium +1, heavy +2, hardened +3. A roll one short fails (to-
    hit 4-4; the LRM's cluster roll 3-4).
    """
    building = Terrain(building=Building(cls, cls.default_cf))
    state = field(h0807=building)
    cluster = (3, 4) if weapon == LRM else ()
    dice = (4, 4, *cluster, *two(number - 1))
    _, events = resolve(state, [hex_attack(state, weapon, "0807", 0)], dice)
    assert terrain_rolls(events)[-1] == ("fire", number, False)


def test_small_lasers_start_no_fires():
    """BT-C-60.1 footnote 1: micro lasers, small lasers and ER small lasers cannot."""
    light = Terrain(building=Building(BuildingClass.LIGHT, 15))
    state = field(h0809=light)
    _, events = resolve(state, [hex_attack(state, SL, "0809", 0)], (4, 4))
    assert not of(events, ev.TerrainRolled)
    assert not of(events, ev.TerrainChanged)


@pytest.mark.parametrize(("roll", "burns"), [((1, 1), True), ((1, 2), True), ((2, 2), False)])
def test_a_miss_at_a_unit_in_woods_may_start_a_fire(roll, burns):
    """BT-C-60.3.

    A weapon that misses a unit standing in woods: 2D6, on 2 or 3 the woods catch fire.
    """
    board = terrain_board(16, 17, h0805=LIGHT)
    state = still(duel(GUNS, design(), board=board))
    attack = Attack(0, AttackKind.WEAPON, 1, H("0805"), 8, (("test", 8),), ML)
    _, events = resolve(state, [attack], (1, 1, *roll))
    assert [(k, s) for k, _, s in terrain_rolls(events)] == [("accidental fire", burns)]
    assert bool(new_terrain(events)) is burns


def test_buildings_never_catch_fire_accidentally():
    """BT-C-60.3: a miss at a unit in a building rolls nothing."""
    building = Terrain(building=Building(BuildingClass.LIGHT, 15))
    state = still(duel(GUNS, design(), board=terrain_board(16, 17, h0805=building)))
    attack = Attack(0, AttackKind.WEAPON, 1, H("0805"), 8, (("test", 8),), ML)
    _, events = resolve(state, [attack], (1, 1))
    assert not of(events, ev.TerrainRolled)


def quiet_turn(state, dice=()):
    """Both units stand still and hold fire; the turn runs to its end."""
    state, events = run(state, [Move(0, MoveMode.STILL), Move(1, MoveMode.STILL)])
    state, more = run(state, [EndPhase()], dice if state.phase is Phase.MOVEMENT else ())
    events += more
    while state.phase in {Phase.WEAPON, Phase.PHYSICAL}:
        waiting = declarers(state, state.side_to_act)
        hold = FireWeapons if state.phase is Phase.WEAPON else PhysicalAttack
        state, more = run(state, [hold(waiting[0])])
        events += more
    return state, events


def test_fire_spreads_downwind_on_9():
    """BT-C-60.5.

    In the End phase the woods hex directly downwind of a burning hex ignites on 2D6 >= 9 (4-5).
    Wind N: downwind is the hex to the north.
    """
    board = terrain_board(16, 17, h0808=Terrain(woods=Woods.LIGHT, fire=True), h0807=LIGHT)
    state = duel(design(), design(), "0115", "1615", board=board)
    state = attrs.evolve(state, wind=Facing.N)
    after, _ = quiet_turn(state, (4, 5, 1, 1))  # then 0808's burn-down roll (BT-M-8.12): 2
    assert after.board.terrain(H("0807")).fire


def test_a_burning_building_loses_2_cf_a_turn():
    """BT-C-60: a burning building loses 2 CF per turn."""
    burning = Terrain(building=Building(BuildingClass.MEDIUM, 40), fire=True)
    board = terrain_board(16, 17, h0808=burning)
    state = attrs.evolve(duel(design(), design(), "0115", "1615", board=board), wind=Facing.N)
    after, _ = quiet_turn(state)
    building = after.board.terrain(H("0808")).building
    assert building is not None
    assert building.cf == 38


# ---------------------------------------------------------------- BT-C-58 dumping


def dumping_turn():
    """Unit 0 declares its LRM-20 bin dumped in turn 1's End phase; turn 2 starts.

    Turn 2's initiative: side 0 loses (2 against 12) and moves first.
    """
    state = duel(GUNS, SHOOTER, "0810", "0101", Facing.N, Facing.S, terrain_board(16, 17))
    state, _ = quiet_turn(state)
    assert state.phase is Phase.INITIATIVE
    state, events = run(state, [DumpAmmo(0, (LRM_AMMO,))])
    assert [(e.unit, e.bins) for e in of(events, ev.AmmoDumpDeclared)] == [(0, (LRM_AMMO,))]
    state, _ = run(state, [RollInitiative()], (1, 1, 6, 6))
    return state


def test_dumped_ammunition_is_unusable_at_once():
    """BT-C-58: declared ammo is unusable at once (the LRM-20 cannot fire)."""
    state = dumping_turn()
    state = state.replace_unit(1, attrs.evolve(state.units[1], hex=H("0802")))
    result = weapon_to_hit(still(state), 0, LRM, 1)
    assert not result.possible
    assert "ammunition" in result.reason.lower() or "ammo" in result.reason.lower()


def test_no_running_while_dumping():
    """BT-C-58: the 'Mech may not run or jump that turn."""
    state = dumping_turn()
    with pytest.raises(IllegalCommand):
        run(state, [Move(0, MoveMode.RUN, (Step(StepKind.FORWARD),))])


def test_dumped_ammunition_is_gone_after_the_end_phase():
    """BT-C-58: the bin stays aboard until the End phase of that turn, then it is empty."""
    state = dumping_turn()
    assert state.units[0].ammo[LRM_AMMO] == 6
    state, events = quiet_turn(state)
    assert [(e.unit, e.bins) for e in of(events, ev.AmmoDumped)] == [(0, (LRM_AMMO,))]
    assert state.units[0].ammo[LRM_AMMO] == 0


def test_a_rear_torso_hit_sets_off_ammunition_being_dumped():
    """BT-C-58: a hit on the rear torso that turn also sets off the ammo being dumped.

    Unit 1 shoots unit 0 in the back (rear column 7: the center torso's rear); what the LRM-20 bin's
    explosion rolls after that is all 3s.
    """
    state = still(dumping_turn())
    state = state.replace_unit(1, attrs.evolve(state.units[1], hex=H("0813")))
    attack = Attack(1, AttackKind.WEAPON, 0, H("0810"), 2, (("test", 2),), 0, side="rear")
    _, events = resolve(state, [attack], (4, 4, 3, 4) + (3,) * 40, exact=False)
    assert [b.bin for b in of(events, ev.AmmoExploded)] == [LRM_AMMO]


# ---------------------------------------------------------------- BT-C-59 ejection


@pytest.mark.parametrize(
    ("behind", "modifier"),
    [
        (Terrain(), -2),
        (Terrain(water=1), -1),
        (Terrain(rough=True), 0),
        (Terrain(rubble=True), 0),
        (LIGHT, 2),
        (HEAVY, 3),
    ],
    ids=["clear", "water", "rough", "rubble", "light woods", "heavy woods"],
)
def test_ejection_landing_roll(behind, modifier):
    """BT-C-59.

    Instead of moving; the pilot lands in the hex directly behind and rolls Piloting + the landing
    terrain's modifier (6-6: unhurt).
    """
    board = terrain_board(16, 17, h0811=behind)
    state = duel(design(), design(), "0810", "0101", Facing.N, Facing.S, board)
    after, events = run(state, [Eject(0)], (6, 6))
    (ejected,) = of(events, ev.PilotEjected)
    assert (ejected.unit, ejected.hex, ejected.automatic) == (0, H("0811"), False)
    (psr,) = [p for p in of(events, ev.PilotingRoll) if p.unit == 0]
    assert psr.target == 5 + modifier
    assert after.units[0].mech.ejected


def test_ejecting_from_a_prone_mech_with_a_damaged_head():
    """BT-C-59.

    Prone +5, +1 per point of head structure damage (2): 5 - 2 + 5 + 2 = 10; a failure (1-1) costs 1
    wound and a consciousness roll (3+: 2-2).
    """
    state = duel(design(), design(), "0810", "0101", Facing.N, Facing.S, terrain_board(16, 17))
    unit = state.units[0]
    internal = list(unit.mech.internal)
    internal[0] = 1
    state = state.replace_unit(0, evolved_unit(unit, prone=True, internal=tuple(internal)))
    after, events = run(state, [Eject(0)], (1, 1, 2, 2))
    (psr,) = [p for p in of(events, ev.PilotingRoll) if p.unit == 0]
    assert (psr.target, psr.success) == (10, False)
    assert after.units[0].mech.wounds == 1


def test_no_preexisting_damage_on_the_ejection_roll():
    """BT-M-17 reading: only Piloting and the ejection modifiers (a damaged gyro adds nothing)."""
    state = duel(design(), design(), "0810", "0101", Facing.N, Facing.S, terrain_board(16, 17))
    state = state.replace_unit(0, evolved_unit(state.units[0], crits=frozenset({(CT, 3)})))
    _, events = run(state, [Eject(0)], (6, 6))
    (psr,) = [p for p in of(events, ev.PilotingRoll) if p.unit == 0]
    assert psr.target == 3


def test_an_abandoned_mech_is_out_of_the_game():
    """BT-C-59: the ejected pilot's 'Mech is out: it is no longer a target."""
    state = duel(SHOOTER, design(), "0810", "0805", Facing.N, Facing.S, terrain_board(16, 17))
    state, _ = run(state, [Move(0, MoveMode.STILL), Eject(1)], (6, 6))
    assert state.units[1].mech.ejected
    assert not weapon_to_hit(still(state), 0, 0, 1).possible


# ---------------------------------------------------------------- BT-C-62 flipping arms


def rifleman():
    """The bundled Rifleman RFL-3N: arms built without hand and lower arm actuators."""
    return load_unit(next(p for p in bundled_units() if "Rifleman" in p.name)).design


def test_flipping_arms_through_a_declaration():
    """BT-C-62.

    Done in the Weapon phase instead of a twist; the arm weapons fire into the rear arc (a target
    behind); torso weapons still fire forward.
    """
    mech = rifleman()
    arm_laser = next(
        i for i, m in enumerate(mech.equipment) if "Large Laser" in m.name and m.location is RA
    )
    torso_laser = next(
        i for i, m in enumerate(mech.equipment) if "Medium Laser" in m.name and m.location is LT
    )
    shooter = design(equipment=[("Medium Laser", CT)])
    board = terrain_board(16, 17)
    state = duel(
        mech,
        shooter,
        "0808",
        "0811",
        Facing.N,
        Facing.N,
        board,
        extra=[(shooter, 1, "0805", Facing.S)],
    )
    state = to_weapon_phase(state)
    shots = (Shot(arm_laser, 1), Shot(torso_laser, 2))
    after, events = run(state, [FireWeapons(0, shots, flip_arms=True, primary=2)])
    (flip,) = of(events, ev.TorsoTwisted)
    assert flip.flipped
    assert after.units[0].this_turn.arms_flipped
    declared = {e.attack.weapon: e.attack for e in of(events, ev.AttackDeclared)}
    assert set(declared) == {arm_laser, torso_laser}


def test_flipping_and_twisting_do_not_mix():
    """BT-C-62: flipping replaces the torso twist for that turn."""
    mech = rifleman()
    state = duel(mech, design(equipment=[("Medium Laser", CT)]), "0808", "0811")
    state = to_weapon_phase(state)
    with pytest.raises(IllegalCommand):
        run(state, [FireWeapons(0, (), twist=1, flip_arms=True)])
