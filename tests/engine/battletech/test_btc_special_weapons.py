"""BT-C-75: special weapons and equipment (the digest's ASSUMPTION table, confirmed as the rule).

Ultra autocannons at double rate and their jams, LB-X cluster or slug chosen at declaration,
pulse and Clan heavy lasers, targeting computers, Artemis IV, NARC pods, AMS, Streaks, Gauss
explosions and inferno SRMs. Declarations go through `tohit.declare_fire`; the attacks resolve
in a `Ctx` with scripted dice (`combat.resolve_weapon_attack`).

Unit 0 (side 0) stands at 0810 facing north, unit 1 (side 1) at 0805 facing south: 5 hexes,
both still, Gunnery 4. Every number below comes from the digest's tables (BT-C-20, BT-C-64..73).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import FireWeapons, Shot
from engine.battletech.context import Ctx, Tally
from engine.battletech.designs.mech import Location, MechDesign
from engine.battletech.language import format_command, parse_command
from engine.battletech.narrate import describe
from engine.battletech.rules import combat, heat, special
from engine.battletech.rules.tohit import declare_fire, weapon_to_hit
from engine.battletech.state import BTState, Phase, Victory
from engine.dice import ScriptedDice
from engine.game import IllegalCommand
from tests.engine.battletech._build import design, state_with, terrain_board
from tests.engine.battletech._rules_btc import (
    CT,
    LA,
    LT,
    RA,
    RT,
    H,
    duel,
    of,
    still,
    terms,
    twelve_slot_dice,
)

GUNS = design(
    equipment=[
        ("Ultra AC/5", RT),  # 0
        ("IS Ammo Ultra AC/5", RT),  # 1
        ("LB 10-X AC", LT),  # 2
        ("IS Ammo LB-10X Cluster", LT),  # 3
        ("IS LB 10-X AC Ammo", CT),  # 4
        ("Medium Pulse Laser", RA),  # 5
        ("SRM 6", LA),  # 6
        ("IS Ammo SRM-6 Inferno", LA),  # 7
        ("IS Ammo SRM-6", CT),  # 8
        ("Medium Laser", RA),  # 9
    ]
)
UAC, UAC_AMMO, LBX, LBX_CLUSTER, LBX_SLUG, PULSE, SRM6, INFERNO, SRM_AMMO, ML = range(10)

MISSILES = design(
    equipment=[
        ("LRM 20", LT),  # 0
        ("Artemis IV FCS", LT),  # 1
        ("LRM 20", RT),  # 2
        ("IS Ammo LRM-20", CT),  # 3
        ("NARC Missile Beacon", LA),  # 4
        ("IS Narc Pods", LA),  # 5
        ("Streak SRM 6", RA),  # 6
        ("IS Ammo Streak SRM-6", RA),  # 7
    ]
)
LRM_ARTEMIS, FCS, LRM_PLAIN, LRM_AMMO, NARC, NARC_AMMO, STREAK6, STREAK_AMMO = range(8)

DEFENDED = design(equipment=[("AMS", CT), ("IS Ammo AMS", CT)])
AMS, AMS_AMMO = range(2)


def weapon_phase(attacker: MechDesign, target: MechDesign | None = None, **terrain: Terrain):
    """The duel in the Weapon phase, both 'Mechs still (5 hexes apart)."""
    board = terrain_board(16, 17, **terrain)
    return attrs.evolve(still(duel(attacker, target, board=board)), phase=Phase.WEAPON)


def declare(state: BTState, *shots: Shot) -> tuple[BTState, list[ev.BTEvent]]:
    """Unit 0 declares ``shots``; the events are applied."""
    events = declare_fire(state, FireWeapons(0, tuple(shots)))
    for event in events:
        state = RULESET.evolve(state, event)
    return state, events


def resolve(state: BTState, dice: Sequence[int]) -> Ctx:
    """Resolve every declared attack in order; every scripted die must be used."""
    scripted = ScriptedDice(tuple(dice))
    ctx = Ctx(state, scripted)
    ctx.tally = Tally(start=state)
    for number in range(len(state.attacks)):
        combat.resolve_weapon_attack(ctx, number)
    assert scripted.position == len(scripted.values), "dice unused"
    return ctx


def damage(ctx: Ctx) -> list[tuple[object, int]]:
    return [(d.location, d.armor + d.internal) for d in of(ctx.events, ev.DamageApplied)]


def heat_of(state: BTState, unit: int) -> dict[str, int]:
    return dict(heat.heat_sources(state, state.units[unit]))


# ---------------------------------------------------------------- Ultra autocannons


def test_ultra_double_rate_two_shots_column_2_each_located():
    """BT-C-75: Ultra AC/5 at double rate: 2 shots of ammunition, one to-hit roll (4 needed).

    Then the cluster table's column 2 (roll 8: 2 hit), each shot 5 damage located on its own.
    """
    state, events = declare(weapon_phase(GUNS), Shot(UAC, target=1, double=True))
    assert [e.bin for e in of(events, ev.AmmoSpent)] == [UAC_AMMO, UAC_AMMO]
    assert state.units[0].ammo[UAC_AMMO] == 18
    (declared,) = of(events, ev.AttackDeclared)
    assert (declared.attack.rate, declared.attack.to_hit) == (2, 4)
    ctx = resolve(state, [4, 4, 4, 4, 3, 4, 3, 3])
    (cluster,) = of(ctx.events, ev.ClusterRolled)
    assert (cluster.fired, cluster.hits) == (2, 2)
    assert damage(ctx) == [(CT, 5), (RT, 5)]


def test_ultra_double_rate_cluster_roll_of_7_lands_one_shot():
    """BT-C-20 column 2: rolls 2-7 land 1 shot, 8-12 both."""
    state, _ = declare(weapon_phase(GUNS), Shot(UAC, target=1, double=True))
    ctx = resolve(state, [4, 4, 3, 4, 3, 4])
    assert of(ctx.events, ev.ClusterRolled)[0].hits == 1
    assert damage(ctx) == [(CT, 5)]


def test_ultra_double_rate_makes_double_heat():
    """BT-C-75: double heat (Ultra AC/5: 1 + 1); single rate makes its heat once."""
    double, _ = declare(weapon_phase(GUNS), Shot(UAC, target=1, double=True))
    assert heat_of(double, 0) == {"Ultra AC/5": 1, "Ultra AC/5 double rate": 1}
    single, _ = declare(weapon_phase(GUNS), Shot(UAC, target=1))
    assert heat_of(single, 0) == {"Ultra AC/5": 1}


def test_ultra_natural_2_at_double_rate_jams_for_the_game():
    """BT-C-75: a natural 2 at double rate jams the weapon for the rest of the game."""
    state, _ = declare(weapon_phase(GUNS), Shot(UAC, target=1, double=True))
    ctx = resolve(state, [1, 1])
    (jam,) = of(ctx.events, ev.WeaponJammed)
    assert (jam.unit, jam.weapon) == (0, UAC)
    assert UAC in ctx.state.units[0].jammed
    later = attrs.evolve(ctx.state, attacks=())
    later = state_with(later, 0, fired=frozenset(), declared=False)
    result = weapon_to_hit(later, 0, UAC, 1)
    assert result.number is None
    assert "jammed" in result.reason
    with pytest.raises(IllegalCommand, match="jammed"):
        declare(later, Shot(UAC, target=1))
    assert "jams" in describe(jam, state, ctx.state)


def test_ultra_single_rate_does_not_jam_on_a_2():
    """BT-C-75: only double-rate fire jams."""
    state, _ = declare(weapon_phase(GUNS), Shot(UAC, target=1))
    ctx = resolve(state, [1, 1])
    assert not of(ctx.events, ev.WeaponJammed)


def test_double_rate_is_refused_for_other_weapons_and_with_one_shot_left():
    """BT-C-75: double rate is an Ultra's; it needs 2 shots."""
    state = weapon_phase(GUNS)
    with pytest.raises(IllegalCommand, match="only an Ultra autocannon"):
        declare(state, Shot(LBX, target=1, double=True))
    ammo = list(state.units[0].ammo)
    ammo[UAC_AMMO] = 1
    low = state_with(state, 0, ammo=tuple(ammo))
    with pytest.raises(IllegalCommand, match="double rate needs 2 shots"):
        declare(low, Shot(UAC, target=1, double=True))
    declare(low, Shot(UAC, target=1))  # one shot at single rate is fine


# ---------------------------------------------------------------- LB-X


def test_lbx_load_chosen_at_declaration():
    """BT-C-75: cluster or slug is declared: cluster -1 to-hit from the cluster bin, slug none."""
    cluster, events = declare(weapon_phase(GUNS), Shot(LBX, target=1, munition="cluster"))
    (attack,) = [e.attack for e in of(events, ev.AttackDeclared)]
    assert terms(attack.modifiers)["cluster ammunition"] == -1
    assert (attack.to_hit, attack.munition) == (3, "cluster")
    assert [e.bin for e in of(events, ev.AmmoSpent)] == [LBX_CLUSTER]
    slug, events = declare(weapon_phase(GUNS), Shot(LBX, target=1, munition="slug"))
    (attack,) = [e.attack for e in of(events, ev.AttackDeclared)]
    assert "cluster ammunition" not in terms(attack.modifiers)
    assert (attack.to_hit, attack.munition) == (4, "standard")
    assert [e.bin for e in of(events, ev.AmmoSpent)] == [LBX_SLUG]
    # cluster: the 10 column (roll 7: 6 pellets of 1); slug: one hit of 10
    pellets = resolve(cluster, [4, 4, 3, 4, *(3, 4) * 6])
    assert damage(pellets) == [(CT, 1)] * 6
    assert damage(resolve(slug, [4, 4, 3, 4])) == [(CT, 10)]


def test_lbx_preview_names_the_cluster_term():
    """BT-C-75: the to-hit breakdown of the chosen load."""
    state = weapon_phase(GUNS)
    assert terms(weapon_to_hit(state, 0, LBX, 1, munition="cluster").modifiers) == {
        "gunnery": 4,
        "cluster ammunition": -1,
    }
    slug = weapon_to_hit(state, 0, LBX, 1, munition="standard")
    assert "cluster ammunition" not in terms(slug.modifiers)


def test_a_load_that_is_not_carried_or_does_not_fit_is_refused():
    """BT-C-75: cluster only for an LB-X (and only with cluster shots left); inferno for SRMs."""
    state = weapon_phase(GUNS)
    with pytest.raises(IllegalCommand, match="only an LB-X"):
        declare(state, Shot(UAC, target=1, munition="cluster"))
    with pytest.raises(IllegalCommand, match="only an SRM"):
        declare(state, Shot(LBX, target=1, munition="inferno"))
    with pytest.raises(IllegalCommand, match="uses no ammunition"):
        declare(state, Shot(ML, target=1, munition="cluster"))
    ammo = list(state.units[0].ammo)
    ammo[LBX_CLUSTER] = 0
    with pytest.raises(IllegalCommand, match="no LB 10-X AC cluster ammunition left"):
        declare(state_with(state, 0, ammo=tuple(ammo)), Shot(LBX, target=1, munition="cluster"))


# ---------------------------------------------------------------- lasers, targeting computer


def test_pulse_laser_minus_2():
    """BT-C-75: pulse lasers -2 (IS medium pulse, 5 hexes: long +4): 4 + 4 - 2 = 6."""
    result = weapon_to_hit(weapon_phase(GUNS), 0, PULSE, 1)
    assert terms(result.modifiers)["pulse laser"] == -2
    assert result.number == 6


def test_clan_heavy_laser_plus_1_and_er_laser_plain():
    """BT-C-75: Clan heavy lasers +1; Clan ER lasers have only their table row (BT-C-69).

    Heavy medium laser 3/6/9 at 5: medium +2, +1 = 7. ER medium laser 5/10/15 at 5: short, 4.
    """
    clan = design(equipment=[("CLHeavyMediumLaser", RA), ("CLERMediumLaser", LA)])
    state = weapon_phase(clan)
    heavy = weapon_to_hit(state, 0, 0, 1)
    assert terms(heavy.modifiers)["heavy laser"] == 1
    assert heavy.number == 7
    er = weapon_to_hit(state, 0, 1, 1)
    assert (er.number, er.band) == (4, "short")


def test_targeting_computer_minus_1_for_energy_and_ballistic_only():
    """BT-C-75: a targeting computer -1 for direct-fire energy and ballistic weapons."""
    mech = design(
        equipment=[("CLERMediumLaser", RA), ("Clan LRM 5", LT), ("Targeting Computer", CT)]
    )
    state = weapon_phase(mech)
    laser = weapon_to_hit(state, 0, 0, 1)
    assert terms(laser.modifiers)["targeting computer"] == -1
    assert laser.number == 3
    assert "targeting computer" not in terms(weapon_to_hit(state, 0, 1, 1).modifiers)


# ---------------------------------------------------------------- Artemis IV, NARC


def test_artemis_plus_2_on_the_cluster_roll_of_its_linked_launcher():
    """BT-C-75: Artemis IV +2: LRM 20, roll 7 -> 9: 16 hits; the unlinked launcher: 12."""
    state = weapon_phase(MISSILES)
    state, _ = declare(state, Shot(LRM_ARTEMIS, target=1), Shot(LRM_PLAIN, target=1))
    locations = (3, 4) * 8  # 4 groups of 5 + 3 groups (16 + 12 missiles: 4 + 3 packets)
    ctx = resolve(state, [4, 4, 3, 4, *locations[:8], 4, 4, 3, 4, *locations[:6]])
    linked, plain = of(ctx.events, ev.ClusterRolled)
    assert (linked.modifiers, linked.hits) == ((("Artemis IV", 2),), 16)
    assert (plain.modifiers, plain.hits) == ((), 12)
    assert "Artemis IV +2" in describe(linked, state, ctx.state)


def test_artemis_clamps_the_cluster_roll_at_12():
    """BT-C-20: a roll pushed past 12 reads 12 (roll 11 + 2: all 20)."""
    assert special.artemis_linked(weapon_phase(MISSILES).units[0], LRM_ARTEMIS)
    state, _ = declare(weapon_phase(MISSILES), Shot(LRM_ARTEMIS, target=1))
    ctx = resolve(state, [4, 4, 5, 6, *(3, 4) * 4])
    assert of(ctx.events, ev.ClusterRolled)[0].hits == 20


def test_narc_pod_attaches_without_damage_then_guides_missiles():
    """BT-C-75: a NARC hit does no damage and attaches a pod.

    Later LRM attacks +2 on the cluster roll (LRM 20, roll 7 -> 9: 16); a Streak is not
    NARC-capable.
    """
    state, _ = declare(weapon_phase(MISSILES), Shot(NARC, target=1))
    ctx = resolve(state, [4, 4])
    assert not damage(ctx)
    (pod,) = of(ctx.events, ev.NarcAttached)
    assert pod.unit == 1
    assert ctx.state.units[1].narc
    assert "NARC pod" in describe(pod, state, ctx.state)
    podded = state_with(attrs.evolve(ctx.state, attacks=()), 0, fired=frozenset())
    later, _ = declare(podded, Shot(LRM_PLAIN, target=1), Shot(STREAK6, target=1))
    ctx = resolve(later, [4, 4, 3, 4, *(3, 4) * 4, 4, 4, *(3, 4) * 6])
    (cluster,) = of(ctx.events, ev.ClusterRolled)
    assert (cluster.modifiers, cluster.hits) == ((("NARC pod", 2),), 16)


def test_a_pod_attached_this_phase_guides_missiles_from_the_next_phase():
    """BT-C-75 with BT-C-1 (DESIGN): attacks are simultaneous.

    The LRM fired in the same phase as the NARC has no +2 (roll 7: 12 of 20).
    """
    state, _ = declare(weapon_phase(MISSILES), Shot(NARC, target=1), Shot(LRM_PLAIN, target=1))
    ctx = resolve(state, [4, 4, 4, 4, 3, 4, *(3, 4) * 3])
    assert of(ctx.events, ev.NarcAttached)
    (cluster,) = of(ctx.events, ev.ClusterRolled)
    assert (cluster.modifiers, cluster.hits) == ((), 12)


# ---------------------------------------------------------------- AMS, Streak


def test_ams_stops_1d6_missiles_spends_a_shot_and_makes_heat():
    """BT-C-75: SRM 6, cluster roll 7: 4 hit; the AMS rolls 3: 1 gets through (2 damage).

    One attack a turn: the second SRM attack gets all its 4 through. AMS heat 1.
    """
    state = weapon_phase(GUNS, DEFENDED)
    state, _ = declare(state, Shot(SRM6, target=1, munition="standard"))
    second = attrs.evolve(state.attacks[0], weapon=SRM6)
    state = attrs.evolve(state, attacks=(*state.attacks, second))
    ctx = resolve(state, [3, 3, 3, 4, 3, 3, 4, 3, 3, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4])
    (ams,) = of(ctx.events, ev.AMSEngaged)
    assert (ams.unit, ams.ams, ams.roll, ams.hits, ams.stopped) == (1, AMS, 3, 4, 3)
    assert damage(ctx) == [(CT, 2)] * 5
    assert ctx.state.units[1].ammo[AMS_AMMO] == 11
    assert heat_of(ctx.state, 1) == {"AMS": 1}
    assert "3 of 4 stopped" in describe(ams, state, ctx.state)


def test_ams_against_a_streak_can_stop_them_all():
    """BT-C-75 with BT-C-20: a Streak 6 lands all 6; the AMS stops 1D6 (6): none left."""
    state, _ = declare(weapon_phase(MISSILES, DEFENDED), Shot(STREAK6, target=1))
    ctx = resolve(state, [4, 4, 6])
    assert of(ctx.events, ev.AMSEngaged)[0].stopped == 6
    assert not damage(ctx)


def test_streak_miss_makes_no_heat_and_spends_no_ammo():
    """BT-C-75 -> BT-C-20: a Streak that gets no lock does not fire."""
    state, _ = declare(weapon_phase(MISSILES), Shot(STREAK6, target=1))
    assert state.units[0].ammo[STREAK_AMMO] == 14
    ctx = resolve(state, [1, 2])
    assert ctx.state.units[0].ammo[STREAK_AMMO] == 15
    assert heat_of(ctx.state, 0) == {}


# ---------------------------------------------------------------- Gauss, inferno


def test_light_gauss_explodes_for_16_on_a_critical():
    """BT-C-75: a light Gauss rifle explodes for 16 when a critical hits it."""
    from engine.battletech.rules.damage import apply_damage  # noqa: PLC0415

    mech = design(equipment=[("Light Gauss Rifle", RT)])
    state = weapon_phase(design(), mech)
    armor = list(state.units[1].body.armor)
    armor[list(Location).index(RT)] = 0
    bare = state_with(state, 1, armor=tuple(armor))
    line = twelve_slot_dice(mech.equipment[0].slots[0])
    ctx = Ctx(bare, ScriptedDice((4, 4, *line, 3, 4, 3, 4, 3, 4)))
    ctx.tally = Tally(start=bare)
    apply_damage(ctx, 1, RT, 1)
    (blast,) = of(ctx.events, ev.ComponentExploded)
    assert blast.damage == 16


def test_inferno_sets_woods_alight_without_a_roll():
    """BT-C-75 -> BT-C-60.1: an inferno hit on a woods hex starts a fire "automatic"."""
    state = weapon_phase(GUNS, h0807=Terrain(woods=Woods.LIGHT))
    state, events = declare(state, Shot(SRM6, hex=H("0807"), munition="inferno"))
    assert [e.bin for e in of(events, ev.AmmoSpent)] == [INFERNO]
    ctx = resolve(state, [6, 6])
    assert not of(ctx.events, ev.TerrainRolled)
    (fire,) = of(ctx.events, ev.TerrainChanged)
    assert fire.terrain.fire
    assert fire.cause == "set on fire by inferno missiles"


# ---------------------------------------------------------------- the command line


def test_command_line_names_the_load_and_double_rate():
    """BT-C-75 in the command language: ``1@2/double``, ``3@2/cluster``, ``3@2/slug``."""
    state = weapon_phase(GUNS)
    command = parse_command("fire 1 at 2 1/double 3/cluster 7/inferno", state)
    assert command == FireWeapons(
        0,
        (
            Shot(UAC, target=1, double=True),
            Shot(LBX, target=1, munition="cluster"),
            Shot(SRM6, target=1, munition="inferno"),
        ),
        primary=1,
    )
    assert parse_command(format_command(command), state) == command
    slug = parse_command("fire 1 3@2/slug", state)
    assert slug.shots[0].munition == "standard"


# ---------------------------------------------------------------- the built-in players


@pytest.mark.parametrize(("policy", "seed"), [("aggressive", 4), ("random", 5), ("random", 6)])
def test_policies_play_the_trial_with_ultras_and_every_command_is_accepted(policy, seed):
    """BT-C-75 in play: the 'Trial of possession' (a Daishi Prime's Ultra AC/5s) to its end.

    Every command the built-in players give is accepted; the aggressive player fires its Ultras
    at double rate (2 shots marked off per Ultra shot).
    """
    import random  # noqa: PLC0415

    from engine.battletech.bot.builtin import POLICIES  # noqa: PLC0415
    from engine.dice import Dice  # noqa: PLC0415
    from engine.game import Accepted, Game  # noqa: PLC0415
    from tui.battletech.library import install, load_scenario  # noqa: PLC0415

    setup = attrs.evolve(load_scenario("trial", install()), victory=Victory(turns=8))
    game = Game(RULESET, setup, Dice(seed))
    rng = random.Random(seed)  # noqa: S311 - a player, not cryptography
    rates: list[int] = []
    while game.state.phase is not Phase.OVER:
        command = POLICIES[policy](game.state, rng)
        assert command is not None
        outcome = game.execute(command)
        assert isinstance(outcome, Accepted), (format_command(command), outcome)
        rates += [e.attack.rate for e in outcome.entry.events if isinstance(e, ev.AttackDeclared)]
        assert len(game.log) < 3000
    if policy == "aggressive":
        assert 2 in rates
