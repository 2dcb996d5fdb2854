"""BT-C-14..28, BT-C-49, BT-C-57..60: resolving weapon attacks, damage, the end of a phase.

Unit 0 (side 0, 0508, facing north) attacks unit 1 (side 1, 0504, facing south): both 50 t test
'Mechs (`_build.design`): armor 2 x structure (CT 32/16, side torsos 24/12, arms 16/8, legs 24/12,
head 9/3), rear armor CT 5, LT 4, RT 4; Piloting 5. Attacks are declared by hand with a fixed
to-hit number and resolved with `combat.resolve_weapon_attack` in a `Ctx` with a `Tally`.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.board import Building, BuildingClass, Terrain, Woods
from engine.battletech.context import Ctx, Tally
from engine.battletech.designs.mech import Location, MechDesign
from engine.battletech.rules.combat import (
    dump_ammo,
    eject,
    end_of_phase,
    fire_number,
    resolve_weapon_attack,
    weapon_spec,
)
from engine.battletech.rules.damage import apply_damage
from engine.battletech.state import Attack, AttackKind, BTState, Phase
from engine.dice import ScriptedDice
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, evolved_unit, start, state_with, terrain_board

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
H = Hex.from_label

ARSENAL = design(
    equipment=[
        ("Medium Laser", RA),  # 0
        ("LRM 20", LT),  # 1
        ("SRM 4", RT),  # 2
        ("Streak SRM 2", LA),  # 3
        ("LB 10-X AC", RT),  # 4
        ("PPC", LA),  # 5
        ("IS Ammo Streak SRM-2", LT),  # 6
    ]
)
ML, LRM20, SRM4, STREAK2, LBX, PPC, STREAK_AMMO = range(7)


def duel(
    target: MechDesign | None = None, phase: Phase = Phase.WEAPON, **terrain: Terrain
) -> BTState:
    """Unit 0 with every weapon of ``ARSENAL``; unit 1 the target, in the Weapon phase."""
    board = terrain_board(10, 10, **terrain)
    units = [(ARSENAL, 0, "0508", Facing.N), (target or design(), 1, "0504", Facing.S)]
    return attrs.evolve(start(board, units), phase=phase)


def shot(
    state: BTState,
    weapon: int,
    to_hit: int = 7,
    *,
    target: int | None = 1,
    where: Hex | None = None,
    side: str = "front",
    table: str = "normal",
    aimed: Location | None = None,
    modifiers: tuple[tuple[str, int], ...] = (),
) -> BTState:
    """``state`` with one declared weapon attack of unit 0 (number 0)."""
    place = where if where is not None else state.units[1].hex
    assert place is not None
    attack = Attack(
        attacker=0,
        kind=AttackKind.WEAPON,
        target=target,
        hex=place,
        to_hit=to_hit,
        modifiers=modifiers or (("test", to_hit),),
        weapon=weapon,
        side=side,
        table=table,
        aimed=aimed,
    )
    unit = state.units[0]
    state = state.replace_unit(0, evolved_unit(unit, fired=unit.this_turn.fired | {weapon}))
    return attrs.evolve(state, attacks=(*state.attacks, attack))


def run(state: BTState, *dice: int, end: bool = False) -> Ctx:
    """Resolve every declared attack (and with ``end`` the end of the phase); all dice used."""
    ctx = Ctx(state, ScriptedDice(dice))
    ctx.tally = Tally(start=state)
    for number in range(len(state.attacks)):
        resolve_weapon_attack(ctx, number)
    if end:
        end_of_phase(ctx)
    scripted = ctx.dice
    assert isinstance(scripted, ScriptedDice)
    assert scripted.position == len(scripted.values), "dice unused"
    return ctx


def of(ctx: Ctx, kind: type) -> list:
    return [e for e in ctx.events if isinstance(e, kind)]


def damage(ctx: Ctx) -> list[tuple[Location, int, bool]]:
    return [(d.location, d.armor + d.internal, d.rear) for d in of(ctx, ev.DamageApplied)]


# ---------------------------------------------------------------- BT-C-14: the roll


def test_a_hit_damages_the_rolled_location_and_names_its_source():
    """BT-C-14/22: 7 vs 7 hits; location 3+4 = 7: the center torso, 5 damage from unit 0."""
    ctx = run(shot(duel(), ML, 7), 3, 4, 3, 4)
    (rolled,) = of(ctx, ev.AttackRolled)
    assert (rolled.roll, rolled.hit) == ((3, 4), True)
    (hit,) = of(ctx, ev.DamageApplied)
    assert (hit.location, hit.armor, hit.source) == (CT, 5, 0)
    assert ctx.state.units[1].mech.armor_at(CT) == 27


def test_a_miss_rolls_nothing_more():
    """BT-C-14: 6 vs 7 misses (in the open: no fire roll)."""
    ctx = run(shot(duel(), ML, 7), 3, 3)
    assert of(ctx, ev.AttackRolled)[0].hit is False
    assert not of(ctx, ev.DamageApplied)


def test_thirteen_cannot_hit_and_rolls_no_dice():
    """BT-C-14 item 3: a modified number over 12 misses without a roll."""
    ctx = run(shot(duel(), ML, 13))
    assert of(ctx, ev.AttackRolled)[0].roll == ()


def test_an_attack_resolves_though_its_attacker_was_destroyed():
    """BT-C-1: fire is simultaneous: a 'Mech destroyed earlier in the phase still shoots."""
    state = state_with(shot(duel(), ML, 7), 0, destroyed=True)
    ctx = run(state, 3, 4, 3, 4)
    assert damage(ctx) == [(CT, 5, False)]


# ---------------------------------------------------------------- BT-C-21..23: where it lands


def test_rear_hits_strike_rear_armor():
    """BT-C-22: from behind, torso hits take rear armor (CT rear 5)."""
    ctx = run(shot(duel(), ML, 7, side="rear"), 3, 4, 3, 4)
    assert damage(ctx) == [(CT, 5, True)]
    assert ctx.state.units[1].mech.armor_at(CT, rear=True) == 0


def test_a_rear_hit_on_a_missing_leg_goes_to_the_torso_rear_armor():
    """BT-C-27: "a rear-column hit on a missing left leg goes to the left torso's rear armor"."""
    state = state_with(duel(), 1, internal=(3, 16, 12, 12, 8, 8, 0, 12))
    ctx = run(shot(state, ML, 7, side="rear"), 3, 4, 4, 5, 2, 3)
    (hit,) = of(ctx, ev.DamageApplied)
    assert (hit.location, hit.rear, hit.transferred_from, hit.armor, hit.internal) == (
        LT,
        True,
        LL,
        4,
        1,
    )


@pytest.mark.parametrize(("die", "where"), [(1, LA), (2, LT), (3, CT), (4, RT), (5, RA), (6, HD)])
def test_partial_cover_uses_the_punch_table(die, where):
    """BT-C-23: 1D6 on the punch table's front column."""
    conscious = (6, 6) if where is HD else ()
    ctx = run(shot(duel(), ML, 7, table="punch"), 3, 4, die, *conscious)
    assert damage(ctx) == [(where, 5, False)]


def test_aimed_shot_hits_the_chosen_location_on_six_to_eight():
    """BT-C-19: on a hit, 2D6 of 6-8 strikes the chosen location; else the normal roll."""
    ctx = run(shot(duel(), ML, 7, aimed=LL), 3, 4, 4, 4)
    (aim,) = of(ctx, ev.AimRolled)
    assert (aim.location, aim.success) == (LL, True)
    assert damage(ctx) == [(LL, 5, False)]
    missed = run(shot(duel(), ML, 7, aimed=LL), 3, 4, 5, 4, 2, 3)
    assert damage(missed) == [(RL, 5, False)]


def test_a_location_roll_of_two_also_rolls_for_a_critical():
    """BT-C-22: 2 is the center torso with a critical chance even on armor (1+1: none)."""
    ctx = run(shot(duel(), ML, 7), 3, 4, 1, 1, 1, 1)
    (chance,) = of(ctx, ev.CriticalChanceRolled)
    assert (chance.location, chance.tac) == (CT, True)


def test_a_head_hit_wounds_the_mechwarrior_through_armor():
    """BT-C-33: 1 damage to the MechWarrior for every head hit, even when the armor holds."""
    ctx = run(shot(duel(), ML, 7), 3, 4, 6, 6, 2, 2)
    assert ctx.state.units[1].mech.wounds == 1
    assert ctx.state.units[1].mech.armor_at(HD) == 4


# ---------------------------------------------------------------- BT-C-20: missiles


def test_lrm_hits_in_groups_of_five():
    """BT-C-20/22: LRM-20, cluster roll 9: 16 hits -> groups 5, 5, 5, 1, each located."""
    ctx = run(shot(duel(), LRM20, 7), 4, 4, 4, 5, 3, 4, 3, 4, 3, 4, 3, 4)
    (cluster,) = of(ctx, ev.ClusterRolled)
    assert (cluster.fired, cluster.hits) == (20, 16)
    assert [points for _, points, _ in damage(ctx)] == [5, 5, 5, 1]


def test_twelve_lrm_hits_make_groups_of_five_five_two():
    """BT-C-22: "12 hits make groups of 5, 5 and 2" (LRM-15 column, roll 9)."""
    subject = design(equipment=[("LRM 15", LT)])
    board = terrain_board(10, 10)
    units = [(subject, 0, "0508", Facing.N), (design(), 1, "0504", Facing.S)]
    state = attrs.evolve(start(board, units), phase=Phase.WEAPON)
    ctx = run(shot(state, 0, 7), 4, 4, 4, 5, 3, 4, 3, 4, 3, 4)
    assert [points for _, points, _ in damage(ctx)] == [5, 5, 2]


def test_srm_missiles_are_located_one_by_one():
    """BT-C-20: SRM-4, cluster roll 7: 3 hits, 2 damage each, each with its own location."""
    ctx = run(shot(duel(), SRM4, 7), 3, 4, 3, 4, 3, 4, 5, 5, 2, 2)
    assert damage(ctx) == [(CT, 2, False), (LA, 2, False), (RA, 2, False)]


def test_streak_all_hit_without_a_cluster_roll():
    """BT-C-20 (ASSUMPTION): a Streak that hits lands every missile, 2 damage each."""
    ctx = run(shot(duel(), STREAK2, 7), 3, 4, 3, 4, 3, 4)
    assert not of(ctx, ev.ClusterRolled)
    assert damage(ctx) == [(CT, 2, False), (CT, 2, False)]


def test_a_streak_that_misses_does_not_fire():
    """BT-C-20 (ASSUMPTION): no lock, no shot: no heat and its ammunition back."""
    state = shot(duel(), STREAK2, 7)
    state = state_with(state, 0, ammo=(0, 0, 0, 0, 0, 0, 49))
    ctx = run(state, 1, 1)
    (held,) = of(ctx, ev.WeaponNotFired)
    assert (held.weapon, held.bin) == (STREAK2, STREAK_AMMO)
    assert STREAK2 not in ctx.state.units[0].this_turn.fired
    assert ctx.state.units[0].ammo[STREAK_AMMO] == 50


def test_lbx_cluster_pellets():
    """BT-C-75: LB 10-X with cluster ammunition: the 10 column, 1 damage a pellet (roll 7: 6)."""
    state = shot(duel(), LBX, 7, modifiers=(("gunnery", 4), ("cluster ammunition", -1)))
    ctx = run(state, 3, 4, 3, 4, *(3, 4) * 6)
    assert of(ctx, ev.ClusterRolled)[0].hits == 6
    assert damage(ctx) == [(CT, 1, False)] * 6


def test_lbx_slug_is_one_hit():
    """BT-C-75: LB-X slug ammunition works like a standard autocannon (10 in one place)."""
    ctx = run(shot(duel(), LBX, 7), 3, 4, 3, 4)
    assert damage(ctx) == [(CT, 10, False)]


# ---------------------------------------------------------------- BT-C-26..28: damage


def test_transfer_inward_from_a_destroyed_arm():
    """BT-C-27: PPC (10) on a bare left arm with 3 structure left: 3 there, 7 inward.

    The arm is destroyed; the rest goes to the left torso's armor.
    """
    state = state_with(duel(), 1, armor=(9, 32, 24, 24, 0, 16, 24, 24))
    state = state_with(state, 1, internal=(3, 16, 12, 12, 3, 8, 12, 12))
    ctx = run(shot(state, PPC, 7), 3, 4, 5, 5, 2, 3)
    assert [(d.location, d.armor, d.internal) for d in of(ctx, ev.DamageApplied)] == [
        (LA, 0, 3),
        (LT, 7, 0),
    ]
    assert ctx.state.units[1].mech.location_destroyed(LA)


def test_a_side_torso_takes_its_arm_and_the_center_torso_the_mech():
    """BT-C-28/34: a destroyed side torso blows off its arm.

    A destroyed CT destroys the 'Mech, credited to the attacker.
    """
    state = state_with(duel(), 1, armor=(9, 0, 24, 0, 16, 16, 24, 24))
    ctx = Ctx(state, ScriptedDice((3, 4, 3, 4)))
    ctx.tally = Tally(start=state)
    apply_damage(ctx, 1, RT, 12, source=0)
    assert ctx.state.units[1].mech.location_destroyed(RA)
    apply_damage(ctx, 1, CT, 16, source=0)
    (destroyed,) = of(ctx, ev.UnitDestroyed)
    assert (destroyed.cause, destroyed.by) == ("center torso destroyed", 0)


def test_damage_this_phase_is_tallied():
    """BT-C-49: the phase counts every point a unit takes (the 20+ PSR)."""
    state = shot(shot(duel(), PPC, 7), ML, 7)
    ctx = run(state, 3, 4, 3, 4, 3, 4, 3, 4)
    assert ctx.tally is not None
    assert ctx.tally.damage == {1: 15}


# ---------------------------------------------------------------- BT-C-49: the end of the phase


def ended(state: BTState, tally: Tally, *dice: int) -> Ctx:
    ctx = Ctx(state, ScriptedDice(dice))
    ctx.tally = tally
    end_of_phase(ctx)
    scripted = ctx.dice
    assert isinstance(scripted, ScriptedDice)
    assert scripted.position == len(scripted.values), "dice unused"
    return ctx


def test_twenty_damage_and_a_gyro_hit_give_two_psrs_at_plus_four():
    """BT-C-49 example: 20+ damage (+1) and a gyro hit (+3) in one Weapon phase.

    Two PSRs, each at +4 (Piloting 5: 9). The damage counts as of the phase start: the gyro is
    not also +3.
    """
    start_state = duel()
    now = state_with(start_state, 1, crits=frozenset({(CT, 3)}))
    tally = Tally(start=start_state, damage={1: 25}, psrs={1: [("gyro hit", 3)]})
    ctx = ended(now, tally, 5, 5, 4, 5)
    first, second = of(ctx, ev.PilotingRoll)
    assert (first.reason, first.target) == ("20+ damage", 9)
    assert (second.reason, second.target) == ("gyro hit", 9)
    assert dict(first.modifiers) == {"piloting": 5, "20+ damage": 1, "gyro hit": 3}


def test_a_failed_psr_is_a_fall_and_no_more_psrs_follow():
    """BT-C-49 / BT-M-30: the first PSR fails: the 'Mech falls in its hex (0 levels).

    The second is not rolled; the injury roll carries the phase's events (Piloting 5 + 4 = 9).
    """
    start_state = duel()
    tally = Tally(start=start_state, damage={1: 25}, psrs={1: [("gyro hit", 3)]})
    ctx = ended(start_state, tally, 2, 2, 1, 3, 4, 5, 5)
    psr, injury = of(ctx, ev.PilotingRoll)
    assert (psr.success, injury.reason, injury.target) == (False, "injury", 9)
    (fell,) = of(ctx, ev.UnitFell)
    assert (fell.hex, fell.levels) == (H("0504"), 0)


def test_one_twenty_damage_psr_however_much():
    """BT-C-49: 45 damage is still one +1 PSR."""
    tally = Tally(start=duel(), damage={1: 45})
    ctx = ended(duel(), tally, 6, 6)
    assert len(of(ctx, ev.PilotingRoll)) == 1


def test_nineteen_damage_is_no_psr():
    """BT-C-49: under 20 points: nothing."""
    ctx = ended(duel(), Tally(start=duel(), damage={1: 19}))
    assert not ctx.events


def test_preexisting_damage_is_as_of_the_phase_start():
    """BT-C-49 (no double counting): a hip hit before this phase is +2 on every PSR.

    A hip hit this phase is its event's +2 only.
    """
    earlier = state_with(duel(), 1, crits=frozenset({(LL, 0)}))
    ctx = ended(earlier, Tally(start=earlier, damage={1: 20}), 6, 6)
    assert of(ctx, ev.PilotingRoll)[0].target == 5 + 1 + 2
    now = state_with(duel(), 1, crits=frozenset({(LL, 0)}))
    tally = Tally(start=duel(), psrs={1: [("hip actuator hit", 2)]})
    ctx = ended(now, tally, 6, 6)
    assert of(ctx, ev.PilotingRoll)[0].target == 5 + 2


def test_an_automatic_fall_replaces_the_psrs():
    """BT-C-49: gyro destroyed: the 'Mech falls without a roll and makes no other PSR."""
    tally = Tally(start=duel(), damage={1: 30}, falls={1: "gyro destroyed"})
    ctx = ended(duel(), tally, 1, 3, 4, 6, 6)
    (fell,) = of(ctx, ev.UnitFell)
    assert fell.cause == "gyro destroyed"
    assert [p.reason for p in of(ctx, ev.PilotingRoll)] == ["injury"]


def test_a_prone_mech_makes_no_psrs():
    """BT-M-30: a 'Mech already on the ground cannot fall further."""
    state = state_with(duel(), 1, prone=True)
    ctx = ended(state, Tally(start=state, damage={1: 30}, falls={1: "left leg destroyed"}))
    assert not ctx.events


def test_a_dfa_attacker_that_falls_in_the_weapon_phase_loses_its_dfa():
    """BT-C-43: it falls as for a missed DFA and the DFA is off.

    2 levels, on its back (no facing die): 5 x 3 = 15 on the rear column; injury +2 levels.
    """
    state = state_with(duel(), 1, dfa=0)
    ctx = ended(state, Tally(start=state, damage={1: 20}), 1, 1, 5, 5, 5, 5, 5, 5, 6, 6)
    (fell,) = of(ctx, ev.UnitFell)
    assert (fell.levels, fell.facing_roll, fell.column, fell.damage) == (2, None, "rear", 15)
    assert of(ctx, ev.DFACancelled)
    assert ctx.state.units[1].this_turn.dfa is None


def test_a_shut_down_mech_fails_its_psrs():
    """BT-M-30 item 5: shut down before this phase: every PSR fails without dice."""
    state = state_with(duel(), 1, shutdown=True)
    ctx = ended(state, Tally(start=state, damage={1: 20}), 1, 3, 4, 6, 6)
    psr, injury = of(ctx, ev.PilotingRoll)
    assert psr.automatic
    assert injury.automatic


# ---------------------------------------------------------------- BT-C-57/60: woods and fire


def test_clearing_woods_fire_risk_first():
    """BT-C-57: 2D6 <= 5 before the attempt: the woods catch fire and the attempt is used up."""
    state = shot(duel(h0505=Terrain(woods=Woods.HEAVY)), PPC, 3, target=None, where=H("0505"))
    ctx = run(state, 2, 3)
    assert not of(ctx, ev.AttackRolled)
    assert ctx.state.board.terrain(H("0505")).fire


@pytest.mark.parametrize(
    ("before", "check", "after"),
    [
        (Woods.HEAVY, (4, 6), Terrain(woods=Woods.LIGHT)),
        (Woods.LIGHT, (4, 6), Terrain(rough=True)),
        (Woods.HEAVY, (5, 6), Terrain(woods=Woods.HEAVY)),
    ],
)
def test_clearing_woods(before, check, after):
    """BT-C-57: on a hit, 2D6 <= the damage (PPC 10) clears one step: heavy -> light -> rough."""
    state = shot(duel(h0505=Terrain(woods=before)), PPC, 3, target=None, where=H("0505"))
    ctx = run(state, 3, 3, 3, 4, *check)
    assert ctx.state.board.terrain(H("0505")) == after


def test_clearing_with_missiles_compares_the_total_damage():
    """BT-C-57: cluster weapons compare the whole attack's damage (LRM-20 roll 9: 16)."""
    state = shot(duel(h0505=Terrain(woods=Woods.LIGHT)), LRM20, 3, target=None, where=H("0505"))
    ctx = run(state, 6, 6, 3, 4, 4, 5, 6, 6)
    (check,) = [r for r in of(ctx, ev.TerrainRolled) if r.kind == "clearing"]
    assert (check.target, check.success) == (16, True)


@pytest.mark.parametrize(
    ("weapon", "cls", "need"),
    [(PPC, BuildingClass.MEDIUM, 8), (ML, BuildingClass.LIGHT, 7), (SRM4, BuildingClass.HEAVY, 11)],
)
def test_starting_a_fire_in_a_building(weapon, cls, need):
    """BT-C-60.1/60.2: "a PPC aimed at a medium building needs 8+"; the building loses CF."""
    building = Terrain(building=Building(cls, 40))
    state = shot(duel(h0505=building), weapon, 3, target=None, where=H("0505"))
    clusters = (3, 4) if weapon == SRM4 else ()
    ctx = run(state, 3, 4, *clusters, 6, 6)
    (fire,) = of(ctx, ev.TerrainRolled)
    assert (fire.kind, fire.target, fire.success) == ("fire", need, True)
    assert ctx.state.board.terrain(H("0505")).fire
    assert of(ctx, ev.BuildingDamaged)


def test_fire_numbers():
    """BT-C-60.1: flamer 4, energy 7 (not small lasers), missile/ballistic 9 (not Gauss, SRM-2)."""
    subject = design(
        equipment=[
            ("Flamer", RA),
            ("Small Laser", RA),
            ("Gauss Rifle", RT),
            ("SRM 2", LT),
            ("AC/10", LT),
        ]
    )
    unit = duel(subject).units[1]
    numbers = [fire_number(weapon_spec(unit, n)) for n in range(5)]
    assert numbers == [4, None, None, None, 9]


@pytest.mark.parametrize(("roll", "burns"), [((1, 2), True), ((2, 2), False)])
def test_a_miss_on_a_unit_in_woods_may_start_a_fire(roll, burns):
    """BT-C-60.3: after a miss on a unit standing in woods, 2D6 of 2 or 3 sets them alight."""
    state = shot(duel(h0504=Terrain(woods=Woods.LIGHT)), ML, 9)
    ctx = run(state, 3, 4, *roll)
    assert ctx.state.board.terrain(H("0504")).fire is burns


# ---------------------------------------------------------------- BT-C-58/59


def test_ejection_lands_behind_and_rolls():
    """BT-C-59: the pilot lands in the hex behind the 'Mech (facing south: 0503).

    Clear landing -2: Piloting 5 - 2 = 3; 1+1 fails: 1 damage (consciousness 3+3).
    """
    state = duel(phase=Phase.MOVEMENT)
    ctx = Ctx(state, ScriptedDice((1, 1, 3, 3)))
    eject(ctx, 1)
    (roll,) = of(ctx, ev.PilotingRoll)
    assert (roll.reason, roll.target, roll.success) == ("eject", 3, False)
    (out,) = of(ctx, ev.PilotEjected)
    assert (out.hex, out.automatic) == (H("0503"), False)
    unit = ctx.state.units[1]
    assert (unit.mech.ejected, unit.destroyed, unit.mech.wounds) == (True, True, 1)


def test_ejection_modifiers():
    """BT-C-59: heavy woods +3, prone +5, unconscious +3, head damage +1 a point, automatic +1."""
    state = duel(h0503=Terrain(woods=Woods.HEAVY))
    state = state_with(
        state, 1, prone=True, conscious=False, internal=(1, 16, 12, 12, 8, 8, 12, 12)
    )
    ctx = Ctx(state, ScriptedDice((6, 6)))
    eject(ctx, 1, automatic=True)
    (roll,) = of(ctx, ev.PilotingRoll)
    assert roll.target == 5 + 3 + 5 + 3 + 2 + 1


def test_an_unconscious_pilot_cannot_eject_by_choice():
    """BT-C-59: ejecting instead of moving needs a conscious MechWarrior."""
    state = state_with(duel(phase=Phase.MOVEMENT), 1, conscious=False)
    with pytest.raises(IllegalCommand):
        eject(Ctx(state, ScriptedDice(())), 1)


def test_auto_eject_after_an_internal_explosion():
    """BT-C-59: auto-eject fires at the end of a phase with an internal explosion."""
    tally = Tally(start=duel(), explosions={1})
    ctx = ended(duel(), tally, 6, 6)
    (out,) = of(ctx, ev.PilotEjected)
    assert out.automatic


def test_dumping():
    """BT-C-58: the End phase empties the declared bins."""
    state = state_with(duel(), 0, dumping=frozenset({STREAK_AMMO}))
    ctx = Ctx(state, ScriptedDice(()))
    dump_ammo(ctx)
    (dumped,) = of(ctx, ev.AmmoDumped)
    assert dumped.bins == (STREAK_AMMO,)
    assert ctx.state.units[0].ammo[STREAK_AMMO] == 0


def test_a_rear_torso_hit_sets_off_ammunition_being_dumped():
    """BT-C-58: a weapon hit on the rear torso explodes the bins being dumped.

    A full Streak SRM-2 bin: 2 x 2 x 50 = 200 in the target's left torso.
    """
    laser = design(equipment=[("Medium Laser", RA)])
    units = [(laser, 0, "0508", Facing.N), (ARSENAL, 1, "0504", Facing.N)]
    state = attrs.evolve(start(terrain_board(10, 10), units), phase=Phase.WEAPON)
    state = state_with(state, 1, dumping=frozenset({STREAK_AMMO}))
    ctx = run(shot(state, 0, 7, side="rear"), 3, 4, 3, 4, 3, 4, 3, 4)
    (blast,) = of(ctx, ev.AmmoExploded)
    assert (blast.cause, blast.damage) == ("dumping", 200)
