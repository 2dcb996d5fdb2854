"""AoD attack fundamentals and ranged combat with forced dice, on hand-built boards.

Rules: AOD-11 (roll, criticals, damage categories, weapon choice, sequence, hit probability),
AOD-12 (eligibility, modifiers, assault, indirect fire, several targets, AA), AOD-8.9 (VTOL firing
on the move, height advantage), AOD-10.4 (+4 against a shut-down 'Mech), AOD-15 (assault checks),
AOD-26.14 (armour placeholders). Acceptance items AOD-26.17 #8 (VTOL parts), #11, #12, #13, #17.
The units are the bundled INVENTED units of AOD-26.15; values are overridden only where a digest
example fixes them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs
import pytest

from engine.aod.combat import (
    ASSAULT_HEAT,
    AssaultMode,
    AttackDice,
    AttackOrder,
    Combatant,
    DamageCategory,
    Need,
    allocation_problem,
    assault_allowance,
    assault_problem,
    fires_on_move,
    hit_probability,
    ranged_needs,
    ranged_pool,
    ranged_problem,
    resolve_ranged,
    targets_problem,
    vtol_firing_allowance,
)
from engine.aod.geometry import Battlefield
from engine.aod.terrain import HexTerrain
from engine.aod.units import SpeedMode, UnitType, WeaponSlot
from engine.dice import ScriptedDice
from engine.hexes import Facing
from tests.engine.aod._assets import by_name
from tests.engine.aod._boards import DEEP, HILL, WALL, WOODS, field, terrain, unit

KESTREL = "Kestrel KS-2L"
WARDEN = "Warden WD-5H"
TORTOISE = "Tortoise TQ-3M"
PATHGUARD = "Pathguard Rifle Squad"
HALBERD = "Halberd Hover Tank"
BASTION = "Bastion APC"
GADFLY = "Gadfly VTOL Gunship"
SKYWATCH = "Skywatch AA Carrier"
LONGBOW = "Longbow Artillery Carrier"


def fighter(index: int, name: str, click: int | None = None, **changes: Any) -> Combatant:
    """The bundled unit ``name`` as combatant ``index`` on ``click``, with values changed."""
    return attrs.evolve(Combatant.on_click(index, by_name(name), click), **changes)


def modifiers(need: Need) -> dict[str, int]:
    return {m.reason: m.amount for m in need.attack_modifiers + need.defense_modifiers}


# ---------------------------------------------------------------- AOD-11.3 / 11.4 the roll


def test_critical_hit_and_miss_read_the_white_dice_only() -> None:
    """AOD-26.17 #11 / AOD-11.4: 6+6 white hits and 1+1 white misses whatever the black die."""
    impossible = Need(0, attack=0, defense=40)
    certain = Need(0, attack=30, defense=10)
    for black in range(1, 7):
        assert impossible.succeeds(AttackDice(6, 6, black))
        assert not certain.succeeds(AttackDice(1, 1, black))
    # a 6 and 6 with the black die among them is no critical: 6 + 5 + 6 = 17 only
    assert not AttackDice(6, 5, 6).critical_hit
    assert not Need(0, attack=0, defense=18).succeeds(AttackDice(6, 5, 6))
    assert not AttackDice(1, 2, 1).critical_miss


def test_a_die_shows_one_to_six() -> None:
    """AOD-1: each attack die is a d6."""
    with pytest.raises(ValueError, match="1 to 6"):
        AttackDice(7, 1, 1)


def test_attack_roll_reads_white_white_black_from_the_dice() -> None:
    """AOD-1 / AOD-11.3: three dice in the order white, white, black; success is total >= need."""
    dice = AttackDice.roll(ScriptedDice([4, 3, 5]))
    assert (dice.white1, dice.white2, dice.black, dice.total) == (4, 3, 5, 12)
    need = Need(0, attack=8, defense=20)  # needs 12
    assert need.need == 12
    assert need.succeeds(dice)
    assert not need.succeeds(AttackDice(4, 3, 4))


@pytest.mark.parametrize(
    ("need", "percent"),
    [
        (4, 97.2),
        (5, 96.3),
        (6, 94.0),
        (7, 89.8),
        (8, 83.3),
        (9, 74.1),
        (10, 62.5),
        (11, 50.0),
        (12, 37.5),
        (13, 25.9),
        (14, 16.7),
        (15, 10.2),
        (16, 6.0),
        (17, 3.7),
        (18, 2.8),
        (-5, 97.2),
        (25, 2.8),
    ],
)
def test_hit_probability_matches_the_digest_table(need: int, percent: float) -> None:
    """AOD-26.17 #11 / AOD-11.9: exact chances, criticals included, rounded as in the table."""
    assert round(float(hit_probability(need)) * 100, 1) == percent


def test_hit_probability_never_rises_with_the_need() -> None:
    """AOD-11.9: a harder need never has a better chance."""
    chances = [hit_probability(need) for need in range(-2, 22)]
    assert chances == sorted(chances, reverse=True)


def test_hit_probability_is_exact() -> None:
    """AOD-11.9: at the extremes only the white-dice criticals decide."""
    assert hit_probability(-3) == Fraction(210, 216)
    assert hit_probability(19) == Fraction(6, 216)


# ---------------------------------------------------------------- AOD-12.5 the modifier stack


def seed_example_board() -> tuple[Battlefield, Combatant, tuple[Combatant, ...]]:
    """AOD-12.5's example: an attack-9 unit at 1015 facing N; three enemies 4 hexes off.

    Index 1: a shut-down 'Mech (defense 20) at 1011 facing S; index 2: infantry (defense 17) at
    0812 facing N, so the shooter is in its rear arc; index 3: a vehicle (defense 20) at 1212.
    """
    board = field(
        terrain(),
        unit("1015", SpeedMode.WHEELED),
        unit("1011", side=1, facing=Facing.S),
        unit("0812", SpeedMode.FOOT, side=1, facing=Facing.N),
        unit("1212", SpeedMode.TRACKED, side=1, facing=Facing.S),
    )
    carrier = by_name(SKYWATCH)
    three = attrs.evolve(carrier, weapons=(attrs.evolve(carrier.primary, targets=3),))
    shooter = attrs.evolve(Combatant.on_click(0, three), attack=9, primary=3)
    mech = fighter(1, WARDEN, defense=20, equipment=frozenset(), shutdown=True)
    squad = fighter(2, PATHGUARD, defense=17)
    tank = fighter(3, BASTION, defense=20, equipment=frozenset())
    return board, shooter, (mech, squad, tank)


def test_seed_example_one_roll_three_targets_split_two_and_one() -> None:
    """AOD-26.17 #11, #12 / AOD-12.5 example / AOD-12.8: one roll of 9 with attack 9 makes 18.

    Shut-down 'Mech: 18 + 4 >= 20, a hit. Infantry shot through its rear: 20 >= 17, a hit. Vehicle:
    18 < 20, a miss. The 3 damage is split 2 + 1 between the two units hit.
    """
    board, shooter, targets = seed_example_board()
    assert targets_problem(shooter, targets) is None
    for target in targets:
        assert ranged_problem(board, shooter, target) is None
    needs = ranged_needs(board, shooter, targets)
    assert [modifiers(n) for n in needs] == [{"shut-down target": 4}, {"rear arc": 2}, {}]
    assert [n.need for n in needs] == [7, 6, 11]

    attack = resolve_ranged(shooter, targets, needs, AttackDice(4, 3, 2), allocation=(2, 1, 0))

    assert attack.dice.total == 9
    assert [t.hit for t in attack.targets] == [True, True, False]
    assert [t.clicks for t in attack.targets] == [2, 1, 0]
    assert {t.category for t in attack.targets} == {DamageCategory.BALLISTIC}
    assert attack.pool == 3
    assert attack.self_damage == ()


def test_the_pool_split_must_use_all_damage_and_only_hit_targets() -> None:
    """AOD-26.17 #12 / AOD-12.8: the pool goes to hit targets only, all of it; 0 is allowed."""
    hits = (True, True, False)
    assert allocation_problem(3, hits, (3, 0, 0)) is None
    assert allocation_problem(3, hits, (2, 0, 1)) is not None  # a miss takes nothing
    assert allocation_problem(3, hits, (1, 1, 0)) is not None  # the whole pool
    board, shooter, targets = seed_example_board()
    needs = ranged_needs(board, shooter, targets)
    with pytest.raises(ValueError, match="only targets that were hit"):
        resolve_ranged(shooter, targets, needs, AttackDice(4, 3, 2), allocation=(1, 1, 1))
    # by default one click at a time to each hit target, in declared order
    spread = resolve_ranged(shooter, targets, needs, AttackDice(4, 3, 2))
    assert [t.clicks for t in spread.targets] == [2, 1, 0]


def test_critical_hit_adds_one_to_every_hit_target_even_a_zero_share() -> None:
    """AOD-26.17 #12 / AOD-12.8 / AOD-25 #29: 6+6 gives each target +1; the vehicle is hit too."""
    board, shooter, targets = seed_example_board()
    needs = ranged_needs(board, shooter, targets)
    attack = resolve_ranged(shooter, targets, needs, AttackDice(6, 6, 1), allocation=(3, 0, 0))
    assert [t.hit for t in attack.targets] == [True, True, True]
    assert [t.clicks for t in attack.targets] == [4, 1, 1]


def test_critical_miss_fails_and_costs_the_attacker_one_pushing_click() -> None:
    """AOD-26.17 #11 / AOD-11.4: 1+1 white misses even a need of 4 and costs 1 pushing click."""
    board, shooter, targets = seed_example_board()
    easy = (attrs.evolve(targets[1], defense=3),)
    needs = ranged_needs(board, shooter, easy)
    attack = resolve_ranged(shooter, easy, needs, AttackDice(1, 1, 6))
    assert not attack.targets[0].hit
    assert attack.targets[0].clicks == 0
    assert attack.attacker_clicks == 1
    assert attack.self_damage[0].category is DamageCategory.PUSHING


def test_energy_against_infantry_becomes_one_for_each_infantry_target() -> None:
    """AOD-26.17 #12 / AOD-11.2 / AOD-12.8: the Quad's energy x2 primary: infantry take 1 at most.

    The vehicle keeps its full share; the +1 of a critical does not lift infantry above 1.
    """
    board = field(
        terrain(),
        unit("1015", SpeedMode.QUAD),
        unit("1011", SpeedMode.FOOT, side=1),
        unit("1212", SpeedMode.HOVER, side=1),
    )
    quad = fighter(0, TORTOISE)
    squad = fighter(1, PATHGUARD)
    tank = fighter(2, HALBERD)
    needs = ranged_needs(board, quad, (squad, tank))
    plain = resolve_ranged(quad, (squad, tank), needs, AttackDice(6, 5, 6), allocation=(3, 0))
    assert [t.clicks for t in plain.targets] == [1, 0]
    critical = resolve_ranged(quad, (squad, tank), needs, AttackDice(6, 6, 6), allocation=(2, 1))
    assert [t.clicks for t in critical.targets] == [1, 2]
    assert {t.category for t in critical.targets} == {DamageCategory.ENERGY}
    assert not any(t.energy_heat for t in critical.targets)  # no 'Mech was hit


def test_each_target_has_its_own_modifiers_against_one_roll() -> None:
    """AOD-26.17 #12 / AOD-11.3 / AOD-12.8: the same 3d6 hits the infantry and misses the tank.

    Tortoise attack 9. Infantry defense 15: need 6. Halberd defense 17 + Evade 2 + woods 1: 11.
    """
    board = field(
        terrain([("1212", WOODS)]),  # the target's own hex counts (AOD-26.6)
        unit("1015", SpeedMode.QUAD),
        unit("1011", SpeedMode.FOOT, side=1, facing=Facing.S),
        unit("1212", SpeedMode.HOVER, side=1, facing=Facing.S),
    )
    quad, squad, tank = fighter(0, TORTOISE), fighter(1, PATHGUARD), fighter(2, HALBERD)
    needs = ranged_needs(board, quad, (squad, tank))
    assert modifiers(needs[1]) == {"Evade": 2, "hindering terrain": 1}
    assert [n.need for n in needs] == [6, 11]
    attack = resolve_ranged(quad, (squad, tank), needs, AttackDice(3, 3, 4))
    assert [t.hit for t in attack.targets] == [True, False]
    assert [t.clicks for t in attack.targets] == [1, 0]  # energy on infantry: 3 becomes 1


def test_called_shot_is_waived_for_the_others_when_one_target_touches_the_attacker() -> None:
    """AOD-26.17 #12 / AOD-12.5: touching infantry in front, the Quad shoots it and a 'Mech.

    Alone, the 'Mech would be a called shot (+2), except that a Quad touched only by infantry
    is excused anyway; a 'Mech attacker is not: it gets the +2 alone and none with the neighbour.
    """
    board = field(
        terrain(),
        unit("1015"),
        unit("1014", SpeedMode.FOOT, side=1),
        unit("1212", side=1, facing=Facing.S),
    )
    kestrel = fighter(0, KESTREL)  # its secondary (ballistic 0/8 x2) may take two targets
    squad, mech = fighter(1, PATHGUARD), fighter(2, WARDEN)
    alone = ranged_needs(board, kestrel, (mech,))
    assert modifiers(alone[0]) == {"called shot": 2}
    both = ranged_needs(board, kestrel, (squad, mech))
    assert modifiers(both[1]) == {}
    assert targets_problem(kestrel, (squad, mech), WeaponSlot.SECONDARY) is None
    assert targets_problem(kestrel, (squad, mech)) is not None  # the primary has one symbol


def test_friendly_fire_is_plus_one_against_a_mech_and_two_otherwise() -> None:
    """AOD-26.17 #11 / AOD-12.4 / AOD-12.5: a target touching the attacker's friend."""
    board = field(
        terrain(),
        unit("1015"),
        unit("1011", side=1, facing=Facing.S),
        unit("1010", SpeedMode.FOOT),
        unit("1212", SpeedMode.FOOT, side=1, facing=Facing.S),
        unit("1211", SpeedMode.FOOT),
    )
    kestrel = fighter(0, KESTREL)
    mech, squad = fighter(1, WARDEN), fighter(3, PATHGUARD)
    assert modifiers(ranged_needs(board, kestrel, (mech,))[0]) == {"friendly fire": 1}
    assert modifiers(ranged_needs(board, kestrel, (squad,))[0]) == {"friendly fire": 2}


def test_hull_down_assault_and_evade_add_to_defense() -> None:
    """AOD-26.17 #11 / AOD-12.5 / AOD-8.8 / AOD-15: a Quad in woods +1 (and woods +1), assault +1.

    The Kestrel shows Evade: +2 against ranged attacks.
    """
    board = field(
        terrain([("1011", WOODS)]),
        unit("1015"),
        unit("1011", SpeedMode.QUAD, side=1, facing=Facing.S),
        unit("0812", side=1, facing=Facing.S),
    )
    warden = fighter(0, WARDEN)
    quad, kestrel = fighter(1, TORTOISE), fighter(2, KESTREL)
    needs = ranged_needs(board, warden, (quad,), order=AttackOrder.ASSAULT)
    assert modifiers(needs[0]) == {"hindering terrain": 1, "hull-down": 1, "assault": 1}
    assert needs[0].need == 18 + 3 - 10
    assert modifiers(ranged_needs(board, warden, (kestrel,))[0]) == {"Evade": 2}


# ---------------------------------------------------------------- AOD-12.1 eligibility


def test_who_may_not_fire() -> None:
    """AOD-12.1 / AOD-11.6 / AOD-14.4: shut down, Heavy Damage, attack 0, melee, escort target."""
    board = field(terrain(), unit("1015"), unit("1011", side=1))
    warden, kestrel = fighter(0, WARDEN), fighter(1, KESTREL)
    assert ranged_problem(board, warden, kestrel) is None
    assert ranged_problem(board, attrs.evolve(warden, shutdown=True), kestrel)
    assert ranged_problem(board, fighter(0, WARDEN, 9), kestrel)  # click 9 shows Heavy Damage
    assert ranged_problem(board, attrs.evolve(warden, attack=0), kestrel)
    assert "no_range" in str(ranged_problem(board, warden, kestrel, WeaponSlot.SECONDARY))
    assert "escort" in str(ranged_problem(board, warden, attrs.evolve(kestrel, escort=True)))
    assert "captive" in str(ranged_problem(board, warden, attrs.evolve(kestrel, captive=True)))
    assert "order" in str(ranged_problem(board, warden, kestrel, order=AttackOrder.CLOSE))
    friends = field(terrain(), unit("1015"), unit("1011"))
    assert "not_enemy" in str(ranged_problem(friends, warden, kestrel))


def test_submerged_units_neither_fire_nor_are_fired_at() -> None:
    """AOD-12.1 / AOD-19.5: a 'Mech in deep water is submerged."""
    board = field(terrain([("1011", DEEP)]), unit("1015"), unit("1011", side=1))
    assert "submerged" in str(ranged_problem(board, fighter(0, WARDEN), fighter(1, KESTREL)))
    assert "submerged" in str(ranged_problem(board, fighter(1, KESTREL), fighter(0, WARDEN)))


def test_anti_aircraft_doubles_ballistic_range_against_cruising_vtols() -> None:
    """AOD-12.9: the Skywatch's 0/8 reaches 16 against a cruising VTOL, not a ground unit."""
    board = field(
        terrain(),
        unit("1018", SpeedMode.WHEELED),
        unit("1006", SpeedMode.VTOL, side=1, cruising=True),
        unit("0906", SpeedMode.HOVER, side=1),
    )
    aa, vtol, tank = fighter(0, SKYWATCH), fighter(1, GADFLY), fighter(2, HALBERD)
    assert ranged_problem(board, aa, vtol) is None
    assert "out_of_range" in str(ranged_problem(board, aa, tank))


# ---------------------------------------------------------------- AOD-12.7 indirect fire


def indirect_board(*cells: tuple[str, HexTerrain]) -> Battlefield:
    """A Longbow (ballistic 4/10) at 1015 facing N, a wall at 1013, an enemy 'Mech at 1010."""
    return field(
        terrain([("1013", WALL), *cells]),
        unit("1015", SpeedMode.WHEELED),
        unit("1010", side=1, facing=Facing.S),
    )


def test_indirect_fire_only_when_the_line_is_blocked_plus_three_cap_two() -> None:
    """AOD-26.17 #13 / AOD-12.7: blocked LOF: indirect allowed, +3 defense, damage capped at 2.

    The Warden as target (defense 19). A Longbow with damage 4 deals min(4, 2) = 2; on a critical
    hit 2 + 1 = 3 (the cap comes before the critical, AOD-11.8 6b and 6d). The Warden's Heavy
    Armor is the dial's, after this.
    """
    board = indirect_board()
    longbow = fighter(0, LONGBOW, primary=4)
    warden = fighter(1, WARDEN)
    assert "no_line_of_fire" in str(ranged_problem(board, longbow, warden))
    assert ranged_problem(board, longbow, warden, indirect=True) is None
    (need,) = ranged_needs(board, longbow, (warden,), indirect=True)
    assert modifiers(need) == {"indirect fire": 3}
    assert need.need == 19 + 3 - 9
    assert ranged_pool(longbow, indirect=True) == 2
    hit = resolve_ranged(longbow, (warden,), (need,), AttackDice(5, 5, 3), indirect=True)
    assert hit.targets[0].clicks == 2
    crit = resolve_ranged(longbow, (warden,), (need,), AttackDice(6, 6, 1), indirect=True)
    assert crit.targets[0].clicks == 3
    miss = resolve_ranged(longbow, (warden,), (need,), AttackDice(5, 4, 3), indirect=True)
    assert not miss.targets[0].hit  # 12 < 13


def test_indirect_fire_needs_a_blocked_line_a_ballistic_weapon_and_one_target() -> None:
    """AOD-26.17 #13 / AOD-12.7: not when the line is clear; never energy; single target only."""
    clear = field(terrain(), unit("1015", SpeedMode.WHEELED), unit("1010", side=1))
    longbow, warden = fighter(0, LONGBOW), fighter(1, WARDEN)
    assert "not_blocked" in str(ranged_problem(clear, longbow, warden, indirect=True))
    kestrel = fighter(0, KESTREL)  # primary energy
    assert "ballistic" in str(ranged_problem(indirect_board(), kestrel, warden, indirect=True))
    assert (
        ranged_problem(indirect_board(), kestrel, warden, WeaponSlot.SECONDARY, indirect=True)
        is None
    )
    two = (warden, fighter(2, PATHGUARD))
    assert targets_problem(kestrel, two, WeaponSlot.SECONDARY) is None
    assert targets_problem(kestrel, two, WeaponSlot.SECONDARY, indirect=True) is not None


def test_indirect_fire_ignores_hindering_terrain() -> None:
    """AOD-12.7 / AOD-26.6: no hindering modifier on an indirect line, only the +3."""
    board = indirect_board(("1011", WOODS))
    (need,) = ranged_needs(board, fighter(0, LONGBOW), (fighter(1, WARDEN),), indirect=True)
    assert modifiers(need) == {"indirect fire": 3}


# ---------------------------------------------------------------- AOD-8.9 VTOL


def test_vtol_fires_on_the_move_with_speed_minus_twelve() -> None:
    """AOD-26.17 #8 / AOD-8.9 / AOD-26.15 U7: speed 16, 16, 15, 14 give 4, 4, 3, 2 hexes.

    At click 4 (speed 12) the Gadfly may not fire during a Move order.
    """
    assert [vtol_firing_allowance(fighter(0, GADFLY, n).speed) for n in range(4)] == [4, 4, 3, 2]
    assert fires_on_move(fighter(0, GADFLY, 3))
    assert not fires_on_move(fighter(0, GADFLY, 4))
    assert not fires_on_move(fighter(0, HALBERD))  # speed 14 but no VTOL
    board = field(terrain(), unit("1015", SpeedMode.VTOL, cruising=True), unit("1011", side=1))
    target = fighter(1, WARDEN)
    assert ranged_problem(board, fighter(0, GADFLY), target, order=AttackOrder.MOVE) is None
    moving = ranged_problem(board, fighter(0, GADFLY, 4), target, order=AttackOrder.MOVE)
    assert "order" in str(moving)


def test_cruising_vtol_has_height_advantage_unless_the_attacker_is_high() -> None:
    """AOD-26.17 #8 / AOD-8.9 / AOD-12.5: +1 against a ground attacker; none from a hill or the air.

    The Gadfly shows Evade (+2) as well.
    """
    board = field(
        terrain([("0915", HILL)]),
        unit("1010", SpeedMode.VTOL, side=1, facing=Facing.S, cruising=True),
        unit("1015"),
        unit("0915"),
        unit("1115", SpeedMode.VTOL, cruising=True),
    )
    gadfly = fighter(0, GADFLY)
    ground, hill, air = fighter(1, WARDEN), fighter(2, WARDEN), fighter(3, GADFLY)
    assert modifiers(ranged_needs(board, ground, (gadfly,))[0]) == {
        "height advantage": 1,
        "Evade": 2,
    }
    assert modifiers(ranged_needs(board, hill, (gadfly,))[0]) == {"Evade": 2}
    assert modifiers(ranged_needs(board, air, (gadfly,))[0]) == {"Evade": 2}


# ---------------------------------------------------------------- AOD-10.1 energy heat


def test_an_energy_hit_of_one_click_on_a_mech_is_reported_for_heat() -> None:
    """AOD-10.1 / AOD-11.2: the Kestrel's energy primary hits a 'Mech: the target gains heat.

    It deals 3 clicks (the Warden's Heavy Armor, applied by the dial, leaves at least 1), so the
    heat applies (once per turn: the turn machine's count).
    """
    board = field(terrain(), unit("1015"), unit("1011", side=1, facing=Facing.S))
    kestrel, warden = fighter(0, KESTREL), fighter(1, WARDEN)
    needs = ranged_needs(board, kestrel, (warden,))
    attack = resolve_ranged(kestrel, (warden,), needs, AttackDice(5, 5, 5))
    assert attack.targets[0].clicks == 3
    assert attack.targets[0].energy_heat
    ballistic = resolve_ranged(kestrel, (warden,), needs, AttackDice(5, 5, 5), WeaponSlot.SECONDARY)
    assert not ballistic.targets[0].energy_heat
    assert ballistic.targets[0].clicks == 2  # the secondary's 2
    assert ballistic.targets[0].category is DamageCategory.BALLISTIC


# ---------------------------------------------------------------- the dial's values


@attrs.frozen
class Window:
    """Stand-in for the dial's current values: the Kestrel at heat 4 (-1 primary, -2 speed)."""

    speed: int = 10
    attack: int = 10
    defense: int = 18
    primary: int = 2
    secondary: int | None = 1
    active: frozenset[str] = frozenset({"JJ"})  # Evade switched off by its owner


def test_a_combatant_takes_the_dials_current_values() -> None:
    """AOD-6.4 / AOD-3.6: heat-modified damage and only the SE in force count."""
    kestrel = Combatant.from_values(0, by_name(KESTREL), Window(), shutdown=False)
    assert (kestrel.primary, kestrel.secondary, kestrel.speed) == (2, 1, 10)
    assert ranged_pool(kestrel) == 2
    assert kestrel.shows("JJ")
    assert not kestrel.shows("EV")
    board = field(terrain(), unit("1015", side=1), unit("1011", facing=Facing.S))
    (need,) = ranged_needs(board, fighter(1, WARDEN), (kestrel,))
    assert modifiers(need) == {}  # no Evade


# ---------------------------------------------------------------- AOD-15 assault


def test_assault_order_checks() -> None:
    """AOD-26.17 #17 / AOD-15: a 'Mech touching no enemy, not running, in no formation."""
    board = field(
        terrain(),
        unit("1015"),
        unit("1014", SpeedMode.FOOT, side=1),
        unit("0510"),
        unit("0310", SpeedMode.FOOT),
    )
    assert "engaged" in str(assault_problem(board, fighter(0, WARDEN)))
    free = fighter(2, WARDEN)
    assert assault_problem(board, free) is None
    assert "run" in str(assault_problem(board, free, run=True))
    assert "formation" in str(assault_problem(board, free, formation=True))
    assert "not_mech" in str(assault_problem(board, fighter(3, PATHGUARD)))
    assert ASSAULT_HEAT == 1


def test_assault_moves_half_before_firing_and_full_before_close_combat() -> None:
    """AOD-26.17 #17 / AOD-15 / AOD-8.3: the Warden's speed 8: 4 then fire, or 8 then close.

    Starting in woods halves last: 8 -> 4 -> 2.
    """
    assert assault_allowance(8, AssaultMode.RANGED) == 4
    assert assault_allowance(7, AssaultMode.RANGED) == 4
    assert assault_allowance(8, AssaultMode.CLOSE) == 8
    assert assault_allowance(8, AssaultMode.RANGED, hindering_start=True) == 2


def test_assault_ranged_attack_gives_plus_one_defense() -> None:
    """AOD-26.17 #17 / AOD-12.6 / AOD-15: the target gets +1 defense under an Assault order."""
    board = field(terrain(), unit("1015"), unit("1011", side=1, facing=Facing.S))
    warden, tortoise = fighter(0, WARDEN), fighter(1, TORTOISE)
    plain = ranged_needs(board, warden, (tortoise,))[0]
    assault = ranged_needs(board, warden, (tortoise,), order=AttackOrder.ASSAULT)[0]
    assert assault.need == plain.need + 1
    assert ranged_problem(board, warden, tortoise, order=AttackOrder.ASSAULT) is None
    squad = fighter(0, PATHGUARD)
    assert "order" in str(ranged_problem(board, squad, tortoise, order=AttackOrder.ASSAULT))


def test_infantry_and_vehicles_use_their_one_weapon() -> None:
    """AOD-11.6: no choice for infantry; a 'Mech with nothing declared fires its primary."""
    assert ranged_pool(fighter(0, PATHGUARD), WeaponSlot.SECONDARY) == 1
    assert ranged_pool(fighter(0, KESTREL)) == 3
    assert ranged_pool(fighter(0, KESTREL), WeaponSlot.SECONDARY) == 2
    assert fighter(0, PATHGUARD).kind is UnitType.INFANTRY
