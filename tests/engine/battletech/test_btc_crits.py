"""BT-C-22/26/29..32: critical hits through `damage.apply_damage`, with scripted dice.

The test 'Mech (`_build.design`, 50 t) has 16 CT / 12 side torso / 8 arm / 12 leg / 3 head
structure. Its lines: head Life Support, Sensors, Cockpit, -, Sensors, Life Support; CT Engine x3,
Gyro x4, Engine x3, -, -; arms Shoulder, Upper Arm, Lower Arm, Hand, then empty; legs Hip, Upper
Leg, Lower Leg, Foot, -, -; equipment goes in the first free lines. Dice of one packet that reaches
the structure, in order: the critical-chance 2D6, then per critical its line (1D6 for the head and
legs, two dice "block, line" for torsos and arms), then whatever the critical sets off.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.context import Ctx, Tally
from engine.battletech.designs.mech import Location, MechDesign
from engine.battletech.rules import crits
from engine.battletech.rules.damage import apply_damage, critical_chance, explode_ammo
from engine.battletech.state import BTState
from engine.dice import ScriptedDice
from engine.hexes import Facing
from tests.engine.battletech._build import design, start, state_with, terrain_board

LT, CT, RT, LA, RA, LL, RL, HD = (
    Location.LT,
    Location.CT,
    Location.RT,
    Location.LA,
    Location.RA,
    Location.LL,
    Location.RL,
    Location.HD,
)


def mech(target: MechDesign | None = None) -> BTState:
    """Unit 0 (the attacker, side 0) and unit 1 (the target, ``target``, side 1)."""
    units = [(design(), 0, "0508", Facing.N), (target or design(), 1, "0504", Facing.S)]
    return start(terrain_board(10, 10), units)


def bare(state: BTState, index: int, *locations: Location) -> BTState:
    """Unit ``index`` with no armor (front and rear) on ``locations``."""
    unit = state.units[index]
    armor, rear = list(unit.mech.armor), list(unit.mech.rear)
    for location in locations:
        armor[list(Location).index(location)] = 0
        if location.has_rear:
            rear[(CT, LT, RT).index(location)] = 0
    return state_with(state, index, armor=tuple(armor), rear=tuple(rear))


def ctx_for(state: BTState, *dice: int, tally: bool = True, start_state: BTState | None = None):
    """A working context with scripted dice, inside an attack phase unless ``tally`` is False."""
    ctx = Ctx(state, ScriptedDice(dice))
    if tally:
        ctx.tally = Tally(start=start_state or state)
    return ctx


def done(ctx: Ctx) -> None:
    """Every scripted die was used."""
    dice = ctx.dice
    assert isinstance(dice, ScriptedDice)
    assert dice.position == len(dice.values), f"{len(dice.values) - dice.position} dice unused"


def of(ctx: Ctx, kind: type) -> list:
    return [e for e in ctx.events if isinstance(e, kind)]


def hits(ctx: Ctx) -> list[tuple[Location, int, str]]:
    return [(e.location, e.slot, e.component) for e in of(ctx, ev.CriticalHit)]


# ---------------------------------------------------------------- BT-C-26 step 4: when to roll


def test_armor_only_damage_rolls_no_critical():
    """BT-C-26 steps 1-2: damage the armor stops makes no critical-chance roll (no dice)."""
    ctx = ctx_for(mech())
    apply_damage(ctx, 1, CT, 10, source=0)
    done(ctx)
    assert not of(ctx, ev.CriticalChanceRolled)
    assert ctx.state.units[1].body.armor_at(CT) == 22


def test_structure_damage_rolls_once_however_much():
    """BT-C-26 step 4: one roll per packet that damages structure, however many points (7: none)."""
    ctx = ctx_for(bare(mech(), 1, CT), 3, 4)
    apply_damage(ctx, 1, CT, 10, source=0)
    done(ctx)
    (chance,) = of(ctx, ev.CriticalChanceRolled)
    assert (chance.location, chance.roll, chance.hits) == (CT, (3, 4), 0)
    assert ctx.state.units[1].body.internal_at(CT) == 6


def test_a_packet_through_two_locations_rolls_in_each():
    """BT-C-26 step 4 [AMBIG reading]: one roll in every location whose structure it damages.

    20 on a bare left arm (8 structure) goes on into the bare left torso's structure.
    """
    ctx = ctx_for(bare(mech(), 1, LA, LT), 2, 3, 2, 3)
    apply_damage(ctx, 1, LA, 20, source=0)
    done(ctx)
    assert [c.location for c in of(ctx, ev.CriticalChanceRolled)] == [LA, LT]


# ---------------------------------------------------------------- BT-C-29: the chance table


@pytest.mark.parametrize(
    ("roll", "count"),
    [((1, 1), 0), ((3, 4), 0), ((4, 4), 1), ((4, 5), 1), ((5, 5), 2), ((5, 6), 2)],
)
def test_critical_chance_table(roll, count):
    """BT-C-29: 2-7 none, 8-9 one, 10-11 two (on the head, 1D6 2 and 5: the two Sensors)."""
    ctx = ctx_for(mech(), *roll, *(2, 5)[:count])
    critical_chance(ctx, 1, HD, source=0)
    done(ctx)
    assert of(ctx, ev.CriticalChanceRolled)[0].hits == count
    assert len(of(ctx, ev.CriticalHit)) == count


def test_twelve_on_a_torso_is_three_criticals():
    """BT-C-29: a 12 on a torso is 3 criticals (CT lines 1, 2, 3: engine x3 destroys the engine)."""
    ctx = ctx_for(mech(), 6, 6, 1, 1, 1, 2, 1, 3)
    critical_chance(ctx, 1, CT, source=0)
    done(ctx)
    assert [slot for _, slot, _ in hits(ctx)] == [0, 1, 2]
    assert crits.engine_hits(ctx.state.units[1]) == 3
    (destroyed,) = of(ctx, ev.UnitDestroyed)
    assert (destroyed.cause, destroyed.by) == ("engine destroyed", 0)


@pytest.mark.parametrize("limb", [LA, RA])
def test_twelve_blows_an_arm_off(limb):
    """BT-C-29/31: a 12 on an arm blows it off (no criticals rolled); the 'Mech fights on."""
    ctx = ctx_for(mech(), 6, 6)
    assert critical_chance(ctx, 1, limb, source=0)
    done(ctx)
    (lost,) = of(ctx, ev.LocationDestroyed)
    assert (lost.location, lost.blown_off) == (limb, True)
    assert ctx.state.units[1].body.location_destroyed(limb)
    assert not ctx.state.units[1].destroyed


def test_twelve_blows_the_head_off():
    """BT-C-29/31: the head blown off destroys the 'Mech (credited to the attacker)."""
    ctx = ctx_for(mech(), 6, 6)
    critical_chance(ctx, 1, HD, source=0)
    (destroyed,) = of(ctx, ev.UnitDestroyed)
    assert (destroyed.cause, destroyed.by) == ("head blown off", 0)


def test_twelve_blows_a_leg_off_and_the_mech_falls_at_the_end_of_the_phase():
    """BT-C-29/31, BT-C-49: a leg blown off is an automatic fall, rolled with the phase's PSRs."""
    ctx = ctx_for(mech(), 6, 6)
    critical_chance(ctx, 1, RL, source=0)
    assert ctx.tally is not None
    assert ctx.tally.falls == {1: "right leg blown off"}
    assert not of(ctx, ev.UnitFell)


def test_the_through_armor_roll_comes_with_the_normal_one():
    """BT-C-22: a location roll of 2 rolls once even on armor only, twice through to structure."""
    armor_only = ctx_for(mech(), 2, 3)
    apply_damage(armor_only, 1, CT, 5, roll=(1, 1), tac=True, source=0)
    done(armor_only)
    assert [c.tac for c in of(armor_only, ev.CriticalChanceRolled)] == [True]
    through = ctx_for(bare(mech(), 1, CT), 2, 3, 2, 3)
    apply_damage(through, 1, CT, 5, roll=(1, 1), tac=True, source=0)
    done(through)
    assert [c.tac for c in of(through, ev.CriticalChanceRolled)] == [True, False]


def test_the_through_armor_roll_follows_the_damage_inward():
    """BT-C-22 [ASSUMPTION]: the extra roll is made where the damage lands (arm gone: torso)."""
    state = mech()
    state = state_with(state, 1, internal=(3, 16, 12, 12, 0, 8, 12, 12))
    ctx = ctx_for(state, 2, 3)
    apply_damage(ctx, 1, LA, 5, roll=(1, 1), tac=True, source=0)
    done(ctx)
    (chance,) = of(ctx, ev.CriticalChanceRolled)
    assert (chance.location, chance.tac) == (LT, True)


# ---------------------------------------------------------------- BT-C-30: finding the line


def test_legs_and_head_roll_one_die_for_the_line():
    """BT-C-30: 1D6 picks the line of a 6-line location (leg line 4: the foot actuator)."""
    ctx = ctx_for(mech(), 4, 4, 4)
    critical_chance(ctx, 1, LL, source=0)
    done(ctx)
    assert hits(ctx) == [(LL, 3, "Foot Actuator")]


@pytest.mark.parametrize(
    ("dice", "slot", "name"),
    [
        ((1, 1), 0, "Fusion Engine"),
        ((3, 4), 3, "Gyro"),
        ((4, 1), 6, "Gyro"),
        ((6, 3), 8, "Fusion Engine"),
    ],
)
def test_torsos_read_two_dice_block_then_line(dice, slot, name):
    """BT-C-30: first die 1-3 the upper block (lines 1-6), 4-6 the lower (7-12); second the line."""
    ctx = ctx_for(mech(), 4, 4, *dice)
    critical_chance(ctx, 1, CT, source=0)
    done(ctx)
    assert hits(ctx) == [(CT, slot, name)]


def test_empty_unhittable_and_hit_lines_are_rerolled():
    """BT-C-30: reroll an empty line, an Endo-Steel line and a line already hit.

    A right arm: shoulder hit earlier, Endo Steel on line 5, line 6 empty. Every roll is kept.
    """
    target = design()
    lines = list(target.criticals)
    ra = list(lines[list(Location).index(RA)])
    ra[4] = "Endo Steel"
    lines[list(Location).index(RA)] = tuple(ra)
    target = attrs.evolve(target, criticals=tuple(lines))
    state = state_with(mech(target), 1, crits=frozenset({(RA, 0)}))
    ctx = ctx_for(state, 4, 4, 1, 6, 2, 5, 1, 1, 2, 2)
    critical_chance(ctx, 1, RA, source=0)
    done(ctx)
    (hit,) = of(ctx, ev.CriticalHit)
    assert (hit.slot, hit.component, hit.roll) == (1, "Upper Arm Actuator", (2, 2))
    assert hit.rerolled == ((1, 6), (2, 5), (1, 1))


def test_a_location_with_nothing_to_hit_passes_the_critical_inward():
    """BT-C-26 step 4 / BT-C-30: nothing left to hit in an arm: the critical goes inward.

    Every arm line was hit in earlier phases: the side torso takes it (line 1: a jump jet).
    """
    state = mech(design(jump=4))
    state = state_with(state, 1, crits=frozenset((RA, n) for n in range(4)))
    ctx = ctx_for(state, 4, 4, 1, 1)
    critical_chance(ctx, 1, RA, source=0)
    done(ctx)
    assert hits(ctx) == [(RT, 0, "Jump Jet")]


def test_criticals_never_leave_the_center_torso():
    """BT-C-30: nothing left to hit in the CT: the critical is lost, not transferred."""
    state = state_with(mech(), 1, crits=frozenset((CT, n) for n in range(10)))
    ctx = ctx_for(state, 4, 4)
    critical_chance(ctx, 1, CT, source=0)
    done(ctx)
    (lost,) = of(ctx, ev.CriticalLost)
    assert (lost.location, lost.reason) == (CT, "nothing to hit")


def test_lines_used_up_earlier_in_the_phase_lose_the_critical():
    """BT-C-26 step 4 / BT-C-30: lines used up earlier in this phase lose the critical.

    The check is as of the start of the phase: a leg with one open line then, hit earlier in the
    phase: the next critical is lost, not passed on.
    """
    before = state_with(mech(), 1, crits=frozenset({(LL, 0), (LL, 1), (LL, 2)}))
    now = state_with(before, 1, crits=before.units[1].mech.crits | {(LL, 3)})
    ctx = ctx_for(now, 4, 4, start_state=before)
    critical_chance(ctx, 1, LL, source=0)
    done(ctx)
    (lost,) = of(ctx, ev.CriticalLost)
    assert (lost.location, lost.reason) == (LL, "used up this phase")
    assert not of(ctx, ev.CriticalHit)


def test_one_hit_disables_a_multi_line_item():
    """BT-C-30: a critical on any line of a PPC (3 lines) disables it; other lines stay hittable."""
    state = mech(design(equipment=[("PPC", RA)]))
    ctx = ctx_for(state, 4, 4, 1, 6)
    critical_chance(ctx, 1, RA, source=0)
    unit = ctx.state.units[1]
    assert crits.item_destroyed(unit, 0)
    assert {4, 6} <= set(crits.open_lines(unit, RA))


# ---------------------------------------------------------------- BT-C-31: effects


def test_cockpit_kills_the_mechwarrior():
    """BT-C-31: the cockpit (head line 3) destroys the 'Mech."""
    ctx = ctx_for(mech(), 4, 4, 3)
    critical_chance(ctx, 1, HD, source=0)
    assert of(ctx, ev.UnitDestroyed)[0].cause == "cockpit destroyed"


def test_engine_two_hits_survive_the_third_destroys():
    """BT-C-31: three engine hits and the 'Mech is out; two leave it running (hot)."""
    state = state_with(mech(), 1, crits=frozenset({(CT, 0)}))
    ctx = ctx_for(state, 4, 4, 1, 2)
    critical_chance(ctx, 1, CT, source=0)
    assert crits.engine_hits(ctx.state.units[1]) == 2
    assert not ctx.state.units[1].destroyed
    ctx = ctx_for(ctx.state, 4, 4, 4, 2)
    critical_chance(ctx, 1, CT, source=0)
    assert ctx.state.units[1].destroyed


def test_gyro_first_hit_is_a_psr_the_second_a_fall():
    """BT-C-31/49: gyro hit +3 PSR; the second hit destroys it: an automatic fall."""
    ctx = ctx_for(mech(), 4, 4, 1, 4)
    critical_chance(ctx, 1, CT, source=0)
    assert ctx.tally is not None
    assert ctx.tally.psrs == {1: [("gyro hit", 3)]}
    ctx2 = ctx_for(ctx.state, 4, 4, 1, 5)
    critical_chance(ctx2, 1, CT, source=0)
    assert ctx2.tally is not None
    assert ctx2.tally.falls == {1: "gyro destroyed"}


def test_leg_actuators_hip_and_a_locked_leg():
    """BT-C-49: hip +2, foot +1; BT-M-32.1: an actuator hit in a hip-locked leg adds no PSR."""
    ctx = ctx_for(mech(), 5, 5, 4, 1)
    critical_chance(ctx, 1, LL, source=0)
    assert ctx.tally is not None
    assert ctx.tally.psrs[1] == [("leg actuator hit", 1), ("hip actuator hit", 2)]
    ctx = ctx_for(ctx.state, 4, 4, 2)
    critical_chance(ctx, 1, LL, source=0)
    assert ctx.tally is not None
    assert ctx.tally.psrs == {}


def test_outside_an_attack_phase_the_psr_is_rolled_at_once():
    """Movement-phase damage (no tally): a gyro hit's PSR is rolled at once.

    The hit counts once, as preexisting (+3): Piloting 5 + 3 = 8; 3+4 fails: it falls in its hex.
    """
    ctx = ctx_for(mech(), 4, 4, 1, 4, 3, 4, 1, 3, 4, 6, 6, tally=False)
    critical_chance(ctx, 1, CT, source=0)
    done(ctx)
    (psr, injury) = of(ctx, ev.PilotingRoll)
    assert (psr.reason, psr.target, psr.success) == ("gyro hit", 8, False)
    assert ctx.state.units[1].body.prone
    assert injury.reason == "injury"


def test_sensors_and_life_support_are_counted():
    """BT-C-31: sensor hits count (2 = no weapon fire), any life-support hit disables it."""
    ctx = ctx_for(mech(), 5, 5, 2, 1)
    critical_chance(ctx, 1, HD, source=0)
    unit = ctx.state.units[1]
    assert crits.sensor_hits(unit) == 1
    assert crits.life_support_hit(unit)


# ---------------------------------------------------------------- BT-C-32: explosions


@pytest.mark.parametrize(
    ("ammo", "damage"), [("IS Ammo MG - Full", 400), ("IS Ammo SRM-2", 200), ("IS Ammo AC/10", 100)]
)
def test_ammunition_explosion_damage(ammo, damage):
    """BT-C-32: shots left x damage a shot: MG 2 x 200 = 400, SRM-2 2 x 2 x 50 = 200."""
    state = mech(design(equipment=[(ammo, RT)]))
    ctx = ctx_for(state, 3, 4, 3, 4)
    explode_ammo(ctx, 1, 0, "critical", source=0)
    done(ctx)
    (blast,) = of(ctx, ev.AmmoExploded)
    assert blast.damage == damage


def test_an_explosion_starts_at_the_structure_and_goes_inward_without_case():
    """BT-C-26 steps 3, 7-8 / BT-C-32: an explosion hits structure, the excess goes inward.

    Armor untouched; the excess goes to the next location's structure (not its armor); the phase
    notes the explosion. SRM-2 bin with 10 shots: 40 = 12 right torso + 16 center torso.
    """
    state = mech(design(equipment=[("IS Ammo SRM-2", RT)]))
    state = state_with(state, 1, ammo=(10,))
    ctx = ctx_for(state, 3, 4, 3, 4)
    explode_ammo(ctx, 1, 0, "critical", source=0)
    done(ctx)
    applied = [(d.location, d.armor, d.internal) for d in of(ctx, ev.DamageApplied)]
    assert applied == [(RT, 0, 12), (CT, 0, 16)]
    assert ctx.state.units[1].destroyed
    assert ctx.tally is not None
    assert ctx.tally.explosions == {1}


def test_case_vents_the_excess():
    """BT-C-26 step 8: with CASE in the exploding location the excess is lost."""
    state = mech(design(equipment=[("IS Ammo SRM-2", RT), ("CASE", RT)]))
    state = state_with(state, 1, ammo=(10, 0))
    ctx = ctx_for(state, 3, 4, 6, 6)
    explode_ammo(ctx, 1, 0, "critical", source=0)
    done(ctx)
    applied = [(d.location, d.armor, d.internal) for d in of(ctx, ev.DamageApplied)]
    assert applied == [(RT, 0, 12)]
    unit = ctx.state.units[1]
    assert unit.body.location_destroyed(RT)
    assert unit.body.location_destroyed(RA)  # BT-C-28: the arm goes with its side torso
    assert unit.body.armor_at(CT) == 32
    assert unit.body.internal_at(CT) == 16
    assert unit.body.wounds == 2


def test_an_ammo_critical_explodes_the_bin_and_wounds_the_pilot():
    """BT-C-31/32: a critical on an ammunition line explodes only that bin; pilot 2 damage.

    One AC/20 shot (20) in a bare-armored left torso; the consciousness roll needs 5 at 2 wounds.
    """
    state = mech(design(equipment=[("IS Ammo AC/20", LT), ("IS Ammo AC/20", LT)]))
    state = state_with(state, 1, ammo=(1, 5))
    ctx = ctx_for(bare(state, 1, LT), 4, 4, 1, 1, 3, 4, 3, 4, 3, 4)
    apply_damage(ctx, 1, LT, 1, source=0)
    done(ctx)
    (blast,) = of(ctx, ev.AmmoExploded)
    assert (blast.bin, blast.shots, blast.damage) == (0, 1, 20)
    assert ctx.state.units[1].ammo == (0, 5)
    assert ctx.state.units[1].body.wounds == 2


def test_gauss_rifle_explodes_on_its_first_critical():
    """BT-C-31/90 (ASSUMPTION): a Gauss rifle explodes like ammunition for 20; its ammo does not."""
    state = mech(design(equipment=[("Gauss Rifle", RT), ("IS Ammo Gauss", RT)]))
    ctx = ctx_for(bare(state, 1, RT), 4, 4, 1, 1, 3, 4, 3, 4, 3, 4)
    apply_damage(ctx, 1, RT, 1, source=0)
    done(ctx)
    (blast,) = of(ctx, ev.ComponentExploded)
    assert blast.damage == 20
    assert ctx.state.units[1].body.location_destroyed(RT)
    gauss_ammo = ctx_for(ctx.state)
    explode_ammo(gauss_ammo, 1, 1, "critical")
    assert not gauss_ammo.events


def test_an_empty_bin_does_not_explode():
    """BT-C-32: no shots left, no explosion (DESIGN: and no feedback to the pilot)."""
    state = state_with(mech(design(equipment=[("IS Ammo AC/20", LT)])), 1, ammo=(0,))
    ctx = ctx_for(state)
    explode_ammo(ctx, 1, 0, "critical")
    assert not ctx.events


# ---------------------------------------------------------------- queries


def test_xl_engines():
    """BT-C-31: an IS XL 'Mech dies with a side torso; a light engine is not an XL."""
    assert crits.is_xl(attrs.evolve(design(), engine="300 XL Engine"))
    assert not crits.is_xl(attrs.evolve(design(), engine="300 Light Engine"))
    assert not crits.is_xl(design())


def test_an_is_xl_mech_dies_with_a_side_torso():
    """BT-C-28/34: IS XL: a destroyed side torso destroys the 'Mech."""
    xl = attrs.evolve(design(), engine="250 XL Engine")
    ctx = ctx_for(bare(mech(xl), 1, LT), 3, 4)
    apply_damage(ctx, 1, LT, 12, source=0)
    done(ctx)
    (destroyed,) = of(ctx, ev.UnitDestroyed)
    assert destroyed.by == 0
    assert "XL engine" in destroyed.cause


def test_heat_explosion_bins():
    """BT-C-56: the most damaging shot first (LRM-15 15 > SRM-6 12 > AC/10 10).

    Then the fullest bin of that type; empty bins and Gauss ammunition never explode.
    """
    target = design(
        equipment=[
            ("IS Ammo AC/10", LT),
            ("IS Ammo SRM-6", LT),
            ("IS Ammo LRM-15", RT),
            ("IS Ammo LRM-15", RT),
            ("IS Ammo Gauss", RT),
        ]
    )
    state = state_with(mech(target), 1, ammo=(10, 15, 3, 5, 8))
    assert crits.heat_explosion_bins(state.units[1]) == (3,)
    state = state_with(state, 1, ammo=(10, 15, 5, 5, 8))
    assert crits.heat_explosion_bins(state.units[1]) == (2, 3)
    state = state_with(state, 1, ammo=(10, 15, 0, 0, 8))
    assert crits.heat_explosion_bins(state.units[1]) == (1,)


def test_a_mech_is_destroyed_once():
    """BT-C-34: a 'Mech is destroyed once, with the first cause.

    An ammo critical in a torso the same packet destroys: the explosion goes on into the center
    torso and ends the 'Mech; the torso's own destruction adds no second `UnitDestroyed`.
    """
    state = mech(design(equipment=[("IS Ammo SRM-2", LT)]))
    ctx = ctx_for(bare(state, 1, LT), 4, 4, 1, 1, 3, 4)
    apply_damage(ctx, 1, LT, 12, source=0)
    done(ctx)
    (destroyed,) = of(ctx, ev.UnitDestroyed)
    assert destroyed.cause == "center torso destroyed"


def test_outside_a_phase_the_damaged_location_still_takes_its_critical():
    """BT-C-26 step 4: a fall that destroys an arm rolls its critical in the arm (shoulder)."""
    ctx = ctx_for(bare(mech(), 1, LA), 4, 4, 1, 1, tally=False)
    apply_damage(ctx, 1, LA, 10)
    done(ctx)
    assert hits(ctx) == [(LA, 0, "Shoulder")]
