"""Combat-digest sections no other test cited (issue 15): glossary, modifiers, heat, the tables.

BT-C-0 (dice and rounding), BT-C-18 (modifier details), BT-C-50 (heat overview), BT-C-74 (the
rebuilt tables' uncertain cells), BT-C-90 (missing material and the assumptions used) and BT-C-91
(errata). Every expected number is the digest's (shared/rules/battletech-2-combat-heat.md), with
scripted dice where dice are rolled.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import Move, Step, StepKind
from engine.battletech.context import Ctx
from engine.battletech.data import catalogue
from engine.battletech.data.catalogue import EquipmentSpec, WeaponSpec
from engine.battletech.rules.heat import dissipation, heat_phase, heat_sources
from engine.battletech.rules.physical import (
    charge_damage,
    charge_damage_to_attacker,
    dfa_damage,
    dfa_damage_to_attacker,
    kick_damage,
    punch_damage,
)
from engine.battletech.rules.tohit import weapon_to_hit
from engine.battletech.state import AttackKind, Movement, MoveMode, Phase
from engine.battletech.tables import cluster_hits, heat_ammo_target, heat_shutdown_target
from engine.dice import ScriptedDice
from engine.hexes import Facing
from tests.engine.battletech._build import design, evolved_unit, start, state_with, terrain_board
from tests.engine.battletech._rules_btc import (
    CT,
    LT,
    RA,
    RL,
    H,
    duel,
    of,
    physical_attack,
    resolve,
    run,
    still,
    weapon_attack,
)

# ---------------------------------------------------------------- BT-C-0: dice and rounding


@pytest.mark.parametrize(("tons", "punch", "kick"), [(20, 2, 4), (45, 5, 9), (55, 6, 11)])
def test_per_ten_tons_or_fraction_rounds_up(tons, punch, kick):
    """BT-C-0: "per 10 tons (or fraction)" is ceil(tons / 10): a 45-ton punch does 5, not 4.

    Kicks are per 5 tons, also rounded up (BT-C-41).
    """
    mech = still(duel(design(tons), design()))
    unit = mech.units[0]
    assert punch_damage(unit, RA) == punch
    assert kick_damage(unit, RL) == kick


SHOOTER = design(equipment=[("Medium Laser", CT)])


def target(**changes):
    state = still(duel(SHOOTER, design()))
    return state.replace_unit(1, evolved_unit(state.units[1], **changes)) if changes else state


@pytest.mark.parametrize(("roll", "hit"), [((4, 4), True), ((3, 4), False), ((6, 6), True)])
def test_a_roll_succeeds_when_it_is_at_least_the_number(roll, hit):
    """BT-C-0: a roll succeeds when it is >= the target number (to-hit 8: 8 hits, 7 misses)."""
    state = target()
    attack = weapon_attack(state, 0, 0, 1, 8)
    dice = roll + ((3, 4) if hit else ())
    _, events = resolve(state, [attack], dice)
    (rolled,) = of(events, ev.AttackRolled)
    assert rolled.hit is hit
    assert bool(of(events, ev.DamageApplied)) is hit


@pytest.mark.parametrize(("roll", "success"), [((3, 3), True), ((2, 3), False)])
def test_a_psr_equal_to_its_target_succeeds(roll, success):
    """BT-C-0: a PSR succeeds on roll >= target: 20 damage (+1, Piloting 5): 6 stands, 5 falls."""
    state = target()
    attacks = [weapon_attack(state, 0, 0, 1, 4) for _ in range(4)]
    fall = () if success else (1, 3, 4, 6, 6)  # facing die, 5 points on CT, injury roll
    after, events = resolve(state, attacks, (4, 4, 3, 4) * 4 + roll + fall)
    (psr,) = [p for p in of(events, ev.PilotingRoll) if p.reason != "injury"]
    assert (psr.target, psr.success) == (6, success)
    assert after.units[1].mech.prone is not success


# ---------------------------------------------------------------- BT-C-18: modifier details

GUNBOAT = design(equipment=[("PPC", RA)])


def test_modifiers_read_the_mode_and_the_hexes_not_the_mp():
    """BT-C-18 (18.1, 18.2): a whole turn, then the PPC's to-hit number.

    The attacker (0816) only turns right and back: it declared walk, so +1 although it left no
    hex. The target walks 3 hexes south (0808 -> 0811) through two light-woods hexes, 5 MP: the
    modifier counts hexes (3: +1), not MP (5 would be +2). PPC at 5 hexes, short: 4 + 1 + 1 = 6.
    """
    board = terrain_board(
        16, 24, h0809=Terrain(woods=Woods.LIGHT), h0810=Terrain(woods=Woods.LIGHT)
    )
    state = duel(GUNBOAT, design(walk=5), "0816", "0808", Facing.N, Facing.S, board)
    turn = (Step(StepKind.RIGHT), Step(StepKind.LEFT))
    f = Step(StepKind.FORWARD)
    state, _ = run(state, [Move(0, MoveMode.WALK, turn), Move(1, MoveMode.WALK, (f, f, f))])
    assert state.units[1].hex == H("0811")
    assert state.units[1].movement.mp_spent == 5
    result = weapon_to_hit(state, 0, 0, 1)
    assert result.number == 6
    assert sorted(v for _, v in result.modifiers) == [1, 1, 4]


# ---------------------------------------------------------------- BT-C-50: heat overview


def heat_mech(subject=None, **terrain: Terrain):
    board = terrain_board(10, 10, **terrain)
    units = [(subject or design(), 0, "0505", Facing.N), (design(), 1, "0808", Facing.N)]
    return start(board, units)


def heat_phase_with(state, *dice: int) -> Ctx:
    ctx = Ctx(state, ScriptedDice(dice))
    heat_phase(ctx)
    return ctx


def test_movement_weapons_engine_damage_and_fire_raise_heat():
    """BT-C-50: movement, weapon fire, engine damage and fire raise heat; sinks remove it.

    Walked (1), a medium laser fired (3), one engine critical (5), a burning hex (5): 14 made;
    10 single sinks remove 10: heat 0 -> 4.
    """
    subject = design(equipment=[("Medium Laser", RA)])
    state = heat_mech(subject, h0505=Terrain(fire=True))
    walked = Movement(MoveMode.WALK, hexes=1, done=True)
    state = state_with(state, 0, movement=walked, fired=frozenset({0}), crits=frozenset({(CT, 0)}))
    sources = dict(heat_sources(state, state.units[0]))
    assert sources == {"walked": 1, "Medium Laser": 3, "engine hits": 5, "burning hex": 5}
    ctx = heat_phase_with(state)
    (heat,) = of(ctx.events, ev.HeatChanged)
    assert (heat.generated, heat.dissipated, heat.heat) == (14, 10, 4)


def test_water_removes_heat_too():
    """BT-C-50 / BT-C-52: under water every sink dissipates twice, at most 6 more: 10 -> 16."""
    dry = heat_mech()
    wet = heat_mech(h0505=Terrain(water=2))
    assert dissipation(dry, dry.units[0]) == 10
    assert dissipation(wet, wet.units[0]) == 16


def test_the_heat_scale_overflows_past_30():
    """BT-C-50: the scale runs 0-30 plus an overflow box: heat 28 + a PPC (10) is 38, kept.

    At 30+ the 'Mech shuts down without a roll (BT-C-54); the shutdown PSR (+3: 8) rolls 6-6.
    """
    subject = attrs.evolve(design(equipment=[("PPC", RA)]), heat_sinks=0)
    state = state_with(heat_mech(subject), 0, heat=28, fired=frozenset({0}))
    ctx = heat_phase_with(state, 6, 6)
    (heat,) = of(ctx.events, ev.HeatChanged)
    assert heat.heat == 38
    assert ctx.state.units[0].mech.heat == 38
    (shut,) = of(ctx.events, ev.ShutdownRolled)
    assert (shut.shutdown, shut.automatic) == (True, True)


# ---------------------------------------------------------------- BT-C-74: uncertain cells


def test_clan_light_tag_long_range_is_7_to_9():
    """BT-C-74 cell 1 / BT-C-91.16: the seed's long band "4-6" repeats medium; read 7-9."""
    light = catalogue.get("Clan Light TAG")
    assert isinstance(light, EquipmentSpec)
    assert (light.short, light.medium, light.long) == (3, 6, 9)


@pytest.mark.parametrize("base", ["IS", "Clan"])
def test_heat_sinks_are_the_equipment_heat_that_matters(base):
    """BT-C-74 cell 2: of the equipment heat runs only heat sinks count: -1 single, -2 double."""
    single, double = catalogue.get(f"{base} Heat Sink"), catalogue.get(f"{base} Double Heat Sink")
    assert (single.heat, double.heat) == (-1, -2)


@pytest.mark.parametrize(
    ("key", "target_hex", "adjacent", "mapsheets"),
    [
        ("IS Arrow IV System", 20, 10, 5),
        ("IS Long Tom", 20, 10, 20),
        ("IS Sniper", 10, 5, 12),
        ("IS Thumper", 5, 2, 14),
        ("Clan Arrow IV System", 20, 10, 6),
    ],
)
def test_artillery_damage_x_over_y_and_mapsheet_ranges(key, target_hex, adjacent, mapsheets):
    """BT-C-74 cell 3 / BT-C-67: "X/Y*" is X in the target hex, Y in each adjacent hex.

    The range is in mapsheets.
    """
    spec = catalogue.get(key)
    assert isinstance(spec, WeaponSpec)
    assert (spec.damage, spec.adjacent_damage) == (target_hex, adjacent)
    assert (spec.long, spec.range_in_mapsheets) == (mapsheets, True)


def test_a_cluster_roll_of_2_is_no_critical_chance():
    """BT-C-74 cell 4 / BT-C-91.10: the missile table's "2*" footnote is ignored.

    An LRM 20 hits (4-4); its cluster roll is 1-1 = 2: 6 missiles hit, in groups 5 and 1, each
    placed on 3-4 (center torso). No critical-chance roll follows the cluster roll: every die of
    the script is used and no more.
    """
    state = still(duel(design(equipment=[("LRM 20", LT), ("IS Ammo LRM-20", LT)]), design()))
    attack = weapon_attack(state, 0, 0, 1, 4)
    assert cluster_hits(20, 2) == 6
    _, events = resolve(state, [attack], (4, 4, 1, 1, 3, 4, 3, 4))
    hits = [(d.location, d.armor + d.internal) for d in of(events, ev.DamageApplied)]
    assert hits == [(CT, 5), (CT, 1)]


# ---------------------------------------------------------------- BT-C-90: assumptions


@pytest.mark.parametrize(
    ("heat", "shutdown", "ammo"),
    [
        (13, None, None),
        (14, 4, None),
        (18, 6, None),
        (19, 6, 4),
        (22, 8, 4),
        (23, 8, 6),
        (26, 10, 6),
        (28, 10, 8),
        (29, 10, 8),
        (30, 13, 8),
    ],
)
def test_heat_scale_avoid_numbers(heat, shutdown, ammo):
    """BT-C-90.7 / BT-C-90.8: the heat scale's avoid numbers the seed lacks.

    Shutdown 14/18/22/26 -> 4+/6+/8+/10+ (26 included), automatic at 30 (13: no roll passes);
    ammunition 19/23/28 -> 4+/6+/8+.
    """
    assert heat_shutdown_target(heat) == shutdown
    assert heat_ammo_target(heat) == ammo


@pytest.mark.parametrize(("roll", "down"), [((5, 4), True), ((5, 5), False)])
def test_heat_26_avoids_shutdown_on_10(roll, down):
    """BT-C-90.8: the threshold 26 absent from the seed: avoid on 10+ (9 shuts down)."""
    subject = attrs.evolve(design(), heat_sinks=0)
    state = state_with(heat_mech(subject), 0, heat=26)
    dice = roll + ((6, 6) if down else ())  # the shutdown PSR (+3) if it shuts down
    ctx = heat_phase_with(state, *dice)
    (shut,) = of(ctx.events, ev.ShutdownRolled)
    assert (shut.target, shut.shutdown) == (10, down)


@pytest.mark.parametrize(
    ("tons", "hexes", "charge", "dfa", "dfa_self"),
    [(35, 5, 18, 11, 7), (55, 3, 17, 17, 11), (20, 1, 2, 6, 4)],
)
def test_unstated_roundings_go_up(tons, hexes, charge, dfa, dfa_self):
    """BT-C-90.20: DFA and charge damage round up; a charge once, at the end.

    35 t after 5 hexes: ceil(175 / 10) = 18 (not 4 x 5 = 20); DFA ceil(3 x 35 / 10) = 11 to the
    target and ceil(35 / 5) = 7 to the attacker's legs.
    """
    assert charge_damage(tons, hexes) == charge
    assert dfa_damage(tons) == dfa
    assert dfa_damage_to_attacker(tons) == dfa_self


# ---------------------------------------------------------------- BT-C-91: errata


@pytest.mark.parametrize(("target_tons", "damage"), [(70, 4), (55, 3), (40, 2), (100, 5)])
def test_charging_attacker_takes_one_point_per_20_tons(target_tons, damage):
    """BT-C-91.1: the charger takes ceil(target tons / 20), the seed's value (not 10)."""
    assert charge_damage_to_attacker(target_tons) == damage


def test_a_punch_is_located_with_one_die():
    """BT-C-91.11: the punch location table is read with 1D6 (its header's "2D6" is an erratum).

    A 50-ton punch hits (4-4); one die (5) places it: front column, right arm; 5 points.
    """
    state = still(duel(design(), design(), "0806", "0805"))
    punch = physical_attack(state, 0, AttackKind.PUNCH, 1, 4, limb=RA, table="punch")
    _, events = resolve(state, [punch], (4, 4, 5), phase=Phase.PHYSICAL)
    (hit,) = of(events, ev.DamageApplied)
    assert (hit.location, hit.armor, hit.roll) == (RA, 5, (5,))


def test_a_destroyed_single_heat_sink_costs_one_point():
    """BT-C-91.5: a heat sink critical takes away that sink's own dissipation: single -1 (10 -> 9).

    Not the seed's "-2 each" text; its own example (16 - 3 = 13) agrees.
    """
    subject = design(equipment=[("Heat Sink", LT)])
    state = heat_mech(subject)
    assert dissipation(state, state.units[0]) == 10
    hit = state_with(state, 0, crits=frozenset({(LT, 0)}))
    assert dissipation(hit, hit.units[0]) == 9


def test_twenty_damage_is_counted_per_phase_not_per_turn():
    """BT-C-91.7: 20+ damage is counted per phase, not per turn.

    15 points in the Weapon phase (three lasers) and a 10-point kick in the Physical phase of the
    same turn: no 20+ PSR; the kick's own PSR is at +0 (Piloting 5: 5), not 6.
    """
    state = still(duel(SHOOTER, design(), "0806", "0805"))
    lasers = [weapon_attack(state, 0, 0, 1, 4) for _ in range(3)]
    state, events = resolve(state, lasers, (4, 4, 3, 4) * 3)
    assert not of(events, ev.PilotingRoll)
    kick = physical_attack(state, 0, AttackKind.KICK, 1, 4, limb=RL, table="kick")
    _, events = resolve(state, [kick], (4, 4, 1, 6, 6), phase=Phase.PHYSICAL)
    assert [(d.location, d.armor + d.internal) for d in of(events, ev.DamageApplied)] == [(RL, 10)]
    (psr,) = of(events, ev.PilotingRoll)
    assert psr.target == 5
