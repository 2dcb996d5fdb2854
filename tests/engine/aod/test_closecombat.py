"""AoD close combat, capture and special attacks with forced dice, on hand-built boards.

Rules: AOD-14 (close combat and capture), AOD-11.6 (close-combat damage), AOD-11.4 (criticals),
AOD-16 (charge, DFA, ram), AOD-21.2 (*Merciless*), AOD-22.2 (captive VP). Acceptance items
AOD-26.17 #15, #16, #17 (the close variant of the assault), #18. Units are the bundled INVENTED
units of AOD-26.15.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from engine.aod.closecombat import (
    CAPTURE_DEFENSE,
    CaptureOutcome,
    SpecialKind,
    captive_points,
    close_damage,
    close_need,
    close_problem,
    resolve_close,
    resolve_special,
    special_heat,
    special_need,
    special_problem,
)
from engine.aod.combat import AttackDice, AttackOrder, Combatant, DamageCategory, Need
from engine.aod.geometry import Battlefield
from engine.aod.terrain import HexTerrain
from engine.aod.units import SpeedMode, WeaponSlot
from engine.hexes import Facing
from tests.engine.aod._assets import by_name
from tests.engine.aod._boards import DEEP, HILL, SHALLOW, WOODS, at, field, terrain, unit

KESTREL = "Kestrel KS-2L"
WARDEN = "Warden WD-5H"
TORTOISE = "Tortoise TQ-3M"
PATHGUARD = "Pathguard Rifle Squad"
TALON = "Talon Battle Armor"
HALBERD = "Halberd Hover Tank"
GADFLY = "Gadfly VTOL Gunship"

HIT = AttackDice(6, 5, 6)  # 17, no critical
MISS = AttackDice(2, 1, 1)  # 4, no critical


def fighter(index: int, name: str, click: int | None = None, **changes: Any) -> Combatant:
    """The bundled unit ``name`` as combatant ``index`` on ``click``, with values changed."""
    return attrs.evolve(Combatant.on_click(index, by_name(name), click), **changes)


def modifiers(need: Need) -> dict[str, int]:
    return {m.reason: m.amount for m in need.attack_modifiers + need.defense_modifiers}


def duel(
    attacker_mode: SpeedMode = SpeedMode.MECH,
    target_mode: SpeedMode = SpeedMode.MECH,
    *,
    attacker_at: str = "1011",
    target_facing: Facing = Facing.S,
    cells: tuple[tuple[str, HexTerrain], ...] = (),
) -> Battlefield:
    """An attacker (index 0) facing N at 1011 and an enemy (index 1) at 1010 facing S."""
    return field(
        terrain(cells),
        unit(attacker_at, attacker_mode),
        unit("1010", target_mode, side=1, facing=target_facing),
    )


# ---------------------------------------------------------------- AOD-14.1 eligibility


def test_close_combat_needs_front_arc_contact_except_for_a_quad() -> None:
    """AOD-26.17 #15 / AOD-14.1: the enemy behind a 'Mech is out of reach; a Quad hits anyway."""
    behind = field(terrain(), unit("1010", facing=Facing.N), unit("1011", side=1))
    warden, kestrel = fighter(0, WARDEN), fighter(1, KESTREL)
    assert "front_arc" in str(close_problem(behind, warden, kestrel))
    quad_behind = field(terrain(), unit("1010", SpeedMode.QUAD, facing=Facing.N), behind.units[1])
    assert close_problem(quad_behind, fighter(0, TORTOISE), kestrel) is None
    assert close_problem(duel(), warden, kestrel) is None
    far = duel(attacker_at="1012")
    assert "no_contact" in str(close_problem(far, warden, kestrel))


def test_only_mechs_and_infantry_fight_in_close_combat() -> None:
    """AOD-14.1 / AOD-7.3: no vehicle; no Ranged order; not shut down or heavily damaged."""
    board = duel(SpeedMode.HOVER)
    kestrel = fighter(1, KESTREL)
    assert "vehicle" in str(close_problem(board, fighter(0, HALBERD), kestrel))
    warden = fighter(0, WARDEN)
    assert "order" in str(close_problem(duel(), warden, kestrel, order=AttackOrder.RANGED))
    assert close_problem(duel(), warden, kestrel, order=AttackOrder.ASSAULT) is None
    assert "state" in str(close_problem(duel(), fighter(0, WARDEN, 9), kestrel))
    assert "state" in str(close_problem(duel(), attrs.evolve(warden, shutdown=True), kestrel))
    infantry = duel(SpeedMode.FOOT)
    assert close_problem(infantry, fighter(0, PATHGUARD), kestrel) is None


def test_shallow_water_and_submerged_restrictions() -> None:
    """AOD-26.17 #15 / AOD-14.1 / AOD-19.5: water targets are reached only from the same water."""
    warden, kestrel = fighter(0, WARDEN), fighter(1, KESTREL)
    wet = duel(cells=(("1010", SHALLOW),))
    assert "water" in str(close_problem(wet, warden, kestrel))
    both_wet = duel(cells=(("1010", SHALLOW), ("1011", SHALLOW)))
    assert close_problem(both_wet, warden, kestrel) is None
    sunk = duel(cells=(("1010", DEEP),))
    assert "submerged" in str(close_problem(sunk, warden, kestrel))
    both_sunk = duel(cells=(("1010", DEEP), ("1011", DEEP)))
    assert close_problem(both_sunk, warden, kestrel) is None


def test_a_cruising_vtol_cannot_be_close_attacked() -> None:
    """AOD-14.1 / AOD-8.9: a cruising VTOL is never in base contact."""
    board = field(terrain(), unit("1011"), unit("1010", SpeedMode.VTOL, side=1, cruising=True))
    assert "no_contact" in str(close_problem(board, fighter(0, WARDEN), fighter(1, GADFLY)))


# ---------------------------------------------------------------- AOD-14.2 modifiers


def test_rear_contact_shutdown_and_assault_modifiers() -> None:
    """AOD-26.17 #15, #17 / AOD-14.2: rear +2 and shut-down +4 attack; assault +1 defense.

    Warden attack 10 against the Kestrel's 18: need 8; from the rear 6; shut down as well 2;
    under an Assault order 3. Hindering terrain and Evade count for nothing in close combat.
    """
    warden = fighter(0, WARDEN)
    kestrel = fighter(1, KESTREL)
    woods = duel(cells=(("1010", WOODS),))
    assert close_need(woods, warden, kestrel).need == 8
    rear = duel(target_facing=Facing.N)
    assert modifiers(close_need(rear, warden, kestrel)) == {"rear contact": 2}
    down = attrs.evolve(kestrel, shutdown=True)
    assert close_need(rear, warden, down).need == 2
    assault = close_need(rear, warden, down, order=AttackOrder.ASSAULT)
    assert modifiers(assault) == {"rear contact": 2, "shut-down target": 4, "assault": 1}
    assert assault.need == 3


def test_height_advantage_in_close_combat() -> None:
    """AOD-14.2 / AOD-19.6: a ground attacker against a target on a hill: +1 defense."""
    board = duel(cells=(("1010", HILL),))
    assert modifiers(close_need(board, fighter(0, WARDEN), fighter(1, KESTREL))) == {
        "height advantage": 1
    }


# ---------------------------------------------------------------- AOD-11.6 damage


def test_close_damage_primary_melee_secondary_and_the_quad_one() -> None:
    """AOD-26.17 #15 / AOD-11.6 / AOD-8.8: Warden 4 (melee secondary 4), Tortoise counts 1."""
    warden = fighter(0, WARDEN, 4)  # primary 3, secondary (melee) 3
    assert close_damage(warden) == 3
    assert close_damage(attrs.evolve(warden, secondary=2), WeaponSlot.SECONDARY) == 2
    assert close_damage(fighter(0, TORTOISE)) == 1
    assert close_damage(fighter(0, KESTREL), WeaponSlot.SECONDARY) == 3  # not melee: primary
    kestrel = fighter(0, KESTREL)
    problem = close_problem(duel(), kestrel, fighter(1, WARDEN), WeaponSlot.SECONDARY)
    assert "weapon" in str(problem)


def test_a_quad_without_melee_deals_one_and_a_critical_two() -> None:
    """AOD-26.17 #15 / AOD-8.8: the Tortoise's primary 3 counts as 1 in close combat."""
    board = duel(SpeedMode.QUAD)
    quad, target = fighter(0, TORTOISE), fighter(1, KESTREL)
    need = close_need(board, quad, target)
    assert resolve_close(quad, target, need, HIT).clicks == 1
    assert resolve_close(quad, target, need, AttackDice(6, 6, 1)).clicks == 2


def test_a_mech_hits_for_at_least_one_click() -> None:
    """AOD-26.17 #15 / AOD-11.6: heat took the Kestrel's primary to 0; a hit still deals 1."""
    board = duel()
    hot = fighter(0, KESTREL, primary=0)
    squad = fighter(1, PATHGUARD)
    result = resolve_close(hot, squad, close_need(board, hot, squad), HIT)
    assert result.hit
    assert result.clicks == 1
    miss = resolve_close(hot, squad, close_need(board, hot, squad), MISS)
    assert (miss.hit, miss.clicks) == (False, 0)


def test_close_damage_is_not_energy_damage() -> None:
    """AOD-11.5: close damage is its own category: the energy limit against infantry is not used.

    The Kestrel's energy primary 3 against infantry stays 3 in close combat; the Warden's declared
    melee secondary is used.
    """
    board = duel()
    kestrel, squad = fighter(0, KESTREL), fighter(1, PATHGUARD, defense=5)
    assert resolve_close(kestrel, squad, close_need(board, kestrel, squad), HIT).clicks == 3
    assert resolve_close(kestrel, squad, close_need(board, kestrel, squad), HIT).category is (
        DamageCategory.CLOSE
    )
    warden = fighter(0, WARDEN, secondary=2)
    melee = resolve_close(
        warden, squad, close_need(board, warden, squad), HIT, WeaponSlot.SECONDARY
    )
    assert (melee.clicks, melee.slot) == (2, WeaponSlot.SECONDARY)


def test_a_critical_miss_in_close_combat_costs_a_pushing_click() -> None:
    """AOD-11.4: 1+1 on the white dice fails whatever the need and costs 1 pushing click."""
    board = duel()
    warden, squad = fighter(0, WARDEN), fighter(1, PATHGUARD, defense=0)
    result = resolve_close(warden, squad, close_need(board, warden, squad), AttackDice(1, 1, 6))
    assert not result.hit
    assert result.attacker_clicks == 1
    assert result.self_damage[0].category is DamageCategory.PUSHING


# ---------------------------------------------------------------- AOD-14.3 capture


def test_capture_gets_plus_three_and_deals_no_damage() -> None:
    """AOD-26.17 #16 / AOD-14.3: Pathguard (attack 8) tries to capture the Kestrel (18 + 3).

    17 + 8 = 25 >= 21: captured, no damage.
    """
    board = duel(SpeedMode.FOOT)
    squad, kestrel = fighter(0, PATHGUARD), fighter(1, KESTREL)
    assert close_problem(board, squad, kestrel, capture=True) is None
    need = close_need(board, squad, kestrel, capture=True)
    assert modifiers(need) == {"capture attempt": CAPTURE_DEFENSE}
    assert need.need == 18 + 3 - 8
    result = resolve_close(squad, kestrel, need, HIT, capture=True)
    assert result.capture is CaptureOutcome.CAPTURED
    assert result.clicks == 0
    assert result.self_damage == ()


def test_a_failed_capture_costs_the_squad_one_click_nothing_prevents() -> None:
    """AOD-26.17 #16 / AOD-14.3 / AOD-11.5: failure: 1 unpreventable click to the attacker."""
    board = duel(SpeedMode.FOOT)
    squad, kestrel = fighter(0, PATHGUARD), fighter(1, KESTREL)
    need = close_need(board, squad, kestrel, capture=True)
    failed = resolve_close(squad, kestrel, need, MISS, capture=True)
    assert failed.capture is CaptureOutcome.FAILED
    assert [(d.clicks, d.category) for d in failed.self_damage] == [(1, DamageCategory.PUSHING)]
    # a critical miss fails the capture and costs its own pushing click as well
    fumble = resolve_close(squad, kestrel, need, AttackDice(1, 1, 5), capture=True)
    assert fumble.attacker_clicks == 2


def test_capturing_a_vtol_eliminates_it() -> None:
    """AOD-26.17 #16 / AOD-14.3 / AOD-8.9: a VTOL at NOE caught by infantry is eliminated."""
    board = duel(SpeedMode.FOOT, SpeedMode.VTOL)
    squad, vtol = fighter(0, PATHGUARD), fighter(1, GADFLY)
    result = resolve_close(
        squad, vtol, close_need(board, squad, vtol, capture=True), HIT, capture=True
    )
    assert result.capture is CaptureOutcome.ELIMINATED


def test_who_may_capture_and_who_may_be_captured() -> None:
    """AOD-26.17 #16 / AOD-14.3 / AOD-14.4: Foot infantry only; no escort, no captive as target."""
    kestrel = fighter(1, KESTREL)
    assert "not_foot" in str(close_problem(duel(), fighter(0, WARDEN), kestrel, capture=True))
    infantry = duel(SpeedMode.FOOT)
    talon = fighter(0, TALON)  # battle armour on Foot: may capture
    assert close_problem(infantry, talon, kestrel, capture=True) is None
    escort = attrs.evolve(kestrel, escort=True)
    assert "escort" in str(close_problem(infantry, talon, escort, capture=True))
    assert close_problem(infantry, talon, escort) is None  # an escort can be close-attacked
    captive = attrs.evolve(kestrel, captive=True)
    assert "captive" in str(close_problem(infantry, talon, captive))


@pytest.mark.parametrize(
    ("name", "in_zone", "points"),
    [(WARDEN, False, 370), (WARDEN, True, 370), (PATHGUARD, True, 24), (PATHGUARD, False, 0)],
)
def test_captive_victory_points(name: str, in_zone: bool, points: int) -> None:
    """AOD-26.17 #16 / AOD-22.2 (2b, 2c): a captive 'Mech 2x anywhere; others 2x only in zone."""
    captive = by_name(name)
    assert captive_points(captive, captive.points, in_captor_zone=in_zone) == points


# ---------------------------------------------------------------- AOD-16 special attacks


def approach(
    mode: SpeedMode = SpeedMode.MECH,
    *,
    target_mode: SpeedMode = SpeedMode.MECH,
    target_facing: Facing = Facing.S,
    end: str = "1013",
    cells: tuple[tuple[str, HexTerrain], ...] = (),
) -> tuple[Battlefield, Battlefield]:
    """Attacker (0) at 1018 facing N moves to ``end``; the enemy (1) waits at 1012."""
    before = field(
        terrain(cells),
        unit("1018", mode),
        unit("1012", target_mode, side=1, facing=target_facing),
    )
    return before, before.moved(0, at(end))


def test_charge_damage_self_damage_and_heat() -> None:
    """AOD-26.17 #18 / AOD-16.2: Warden primary 4: a hit deals 5; it takes 2, hit or miss; +1 heat.

    The run's own +1 heat comes with the run (AOD-8.7).
    """
    before, after = approach()
    warden, kestrel = fighter(0, WARDEN), fighter(1, KESTREL)
    assert (
        special_problem(
            after, warden, kestrel, SpecialKind.CHARGE, contact_at_turn_start=False, ran=True
        )
        is None
    )
    hit = resolve_special(before, after, warden, kestrel, SpecialKind.CHARGE, dice=HIT)
    assert (hit.hit, hit.clicks, hit.attacker_clicks, hit.heat) == (True, 5, 2, 1)
    assert hit.self_damage[0].category is DamageCategory.IMPACT
    miss = resolve_special(before, after, warden, kestrel, SpecialKind.CHARGE, dice=MISS)
    assert (miss.hit, miss.clicks, miss.attacker_clicks) == (False, 0, 2)
    crit = resolve_special(
        before, after, warden, kestrel, SpecialKind.CHARGE, dice=AttackDice(6, 6, 2)
    )
    assert crit.clicks == 6


@pytest.mark.parametrize(("primary", "own"), [(4, 2), (3, 2), (1, 1), (0, 1)])
def test_charge_self_damage_is_half_primary_rounded_up_minimum_one(primary: int, own: int) -> None:
    """AOD-26.17 #18 / AOD-16.2: half the charger's primary damage, rounded up, at least 1."""
    before, after = approach()
    warden = fighter(0, WARDEN, primary=primary)
    result = resolve_special(
        before, after, warden, fighter(1, KESTREL), SpecialKind.CHARGE, dice=MISS
    )
    assert result.attacker_clicks == own


def test_charge_deals_impact_damage() -> None:
    """AOD-26.17 #18 / AOD-16.1 / AOD-11.5: primary 3 + 1, impact (the dial's armour skips it)."""
    before, after = approach()
    kestrel, warden = fighter(0, KESTREL), fighter(1, WARDEN)
    result = resolve_special(before, after, kestrel, warden, SpecialKind.CHARGE, dice=HIT)
    assert result.clicks == 4
    assert result.category is DamageCategory.IMPACT


@pytest.mark.parametrize(
    ("cell", "extra"),
    [(WOODS, 2), (HILL, 2), (SHALLOW, 0), (DEEP, 0), (None, 0)],
)
def test_charge_plus_two_for_terrain_features_other_than_water(
    cell: HexTerrain | None, extra: int
) -> None:
    """AOD-26.17 #18 / AOD-16.2 / AOD-25 #40: woods or a clear hill on the line: +2; water: 0."""
    before, after = approach(cells=(("1015", cell),) if cell else ())
    warden, kestrel = fighter(0, WARDEN), fighter(1, KESTREL)
    need = special_need(before, after, warden, kestrel, SpecialKind.CHARGE)
    assert need.modified_defense - kestrel.defense == extra


def test_charge_from_the_rear_plus_two_and_no_free_spin() -> None:
    """AOD-26.17 #18 / AOD-16.1 / AOD-16.2 / AOD-8.5: starting behind and ending behind the target.

    +2 attack, and the target may not free spin; from the front it may.
    """
    warden, kestrel = fighter(0, WARDEN), fighter(1, KESTREL)
    before, after = approach(target_facing=Facing.N)
    rear = resolve_special(before, after, warden, kestrel, SpecialKind.CHARGE, dice=HIT)
    assert modifiers(rear.need) == {"rear approach": 2}
    assert rear.rear
    assert not rear.target_may_spin
    before, after = approach()
    front = resolve_special(before, after, warden, kestrel, SpecialKind.CHARGE, dice=HIT)
    assert not front.rear
    assert front.target_may_spin
    quad = fighter(1, TORTOISE)
    assert not resolve_special(
        before, after, warden, quad, SpecialKind.CHARGE, dice=HIT
    ).target_may_spin


def test_charge_needs_no_front_arc_but_a_run_and_no_contact_at_start() -> None:
    """AOD-26.17 #18 / AOD-16.1 / AOD-16.2: the charger may end with the target behind it."""
    before, after = approach()
    turned = before.moved(0, at("1013"), Facing.S)  # the target now lies behind the charger
    warden, kestrel = fighter(0, WARDEN), fighter(1, KESTREL)
    kind = SpecialKind.CHARGE
    assert (
        special_problem(turned, warden, kestrel, kind, contact_at_turn_start=False, ran=True)
        is None
    )
    assert "run" in str(special_problem(after, warden, kestrel, kind, contact_at_turn_start=False))
    engaged = special_problem(after, warden, kestrel, kind, contact_at_turn_start=True, ran=True)
    assert "engaged" in str(engaged)
    short = before.moved(0, at("1014"))
    assert "no_contact" in str(
        special_problem(short, warden, kestrel, kind, contact_at_turn_start=False, ran=True)
    )
    infantry = approach(target_mode=SpeedMode.FOOT)[1]
    squad = fighter(1, PATHGUARD)
    assert "infantry" in str(
        special_problem(infantry, warden, squad, kind, contact_at_turn_start=False, ran=True)
    )


def test_death_from_above() -> None:
    """AOD-26.17 #18 / AOD-16.2: Kestrel (Jump Jets, primary 3): +2 defense, hit 5, self 1 or 2.

    +1 heat (AOD-25 #12). The target may not spin after a hit; a missed 'Mech may.
    """
    before, after = approach()
    kestrel, warden = fighter(0, KESTREL), fighter(1, WARDEN)
    kind = SpecialKind.DFA
    assert (
        special_problem(after, kestrel, warden, kind, contact_at_turn_start=False, jumped=True)
        is None
    )
    assert "dfa" in str(special_problem(after, kestrel, warden, kind, contact_at_turn_start=False))
    no_jets = fighter(0, WARDEN)
    assert "dfa" in str(
        special_problem(after, no_jets, warden, kind, contact_at_turn_start=False, jumped=True)
    )
    hit = resolve_special(before, after, kestrel, warden, kind, dice=HIT)
    assert modifiers(hit.need) == {"Death From Above": 2}
    assert (hit.hit, hit.clicks, hit.attacker_clicks, hit.heat) == (True, 5, 1, 1)
    assert not hit.target_may_spin
    miss = resolve_special(before, after, kestrel, warden, kind, dice=MISS)
    assert (miss.hit, miss.clicks, miss.attacker_clicks) == (False, 0, 2)
    assert miss.target_may_spin
    assert special_heat(kind) == 1


def test_merciless_dfa_adds_a_die_and_spares_the_attacker() -> None:
    """AOD-21.2: *Merciless* adds a d6 to a DFA's attack; a hit costs nothing, a miss 1 pushing."""
    before, after = approach()
    kestrel, warden = fighter(0, KESTREL), fighter(1, WARDEN)
    need = special_need(before, after, kestrel, warden, SpecialKind.DFA, merciless_die=4)
    assert need.need == 19 + 2 - 10 - 4
    hit = resolve_special(
        before, after, kestrel, warden, SpecialKind.DFA, dice=AttackDice(3, 2, 2), merciless_die=4
    )
    assert (hit.hit, hit.attacker_clicks) == (True, 0)
    miss = resolve_special(
        before, after, kestrel, warden, SpecialKind.DFA, dice=MISS, merciless_die=1
    )
    assert [(d.clicks, d.category) for d in miss.self_damage] == [(1, DamageCategory.PUSHING)]


def test_ram() -> None:
    """AOD-26.17 #18 / AOD-16.2: a vehicle's ram deals 2 (3 on a critical), costs it 1, no heat.

    +2 from the rear. VTOLs and 'Mechs do not ram.
    """
    before, after = approach(SpeedMode.HOVER, target_facing=Facing.N)
    tank, warden = fighter(0, HALBERD), fighter(1, WARDEN)
    kind = SpecialKind.RAM
    assert special_problem(after, tank, warden, kind, contact_at_turn_start=False) is None
    hit = resolve_special(before, after, tank, warden, kind, dice=HIT)
    assert (hit.hit, hit.clicks, hit.attacker_clicks, hit.heat) == (True, 2, 1, 0)
    assert modifiers(hit.need) == {"rear approach": 2}
    crit = resolve_special(before, after, tank, warden, kind, dice=AttackDice(6, 6, 3))
    assert crit.clicks == 3
    miss = resolve_special(before, after, tank, warden, kind, dice=MISS)
    assert (miss.clicks, miss.attacker_clicks) == (0, 1)
    vtol = fighter(0, GADFLY)
    assert "ram" in str(special_problem(after, vtol, warden, kind, contact_at_turn_start=False))
    assert "ram" in str(
        special_problem(after, fighter(0, KESTREL), warden, kind, contact_at_turn_start=False)
    )
    formation = special_problem(
        after, tank, warden, kind, contact_at_turn_start=False, formation=True
    )
    assert "formation" in str(formation)


def test_a_critical_miss_on_a_special_attack_adds_a_pushing_click() -> None:
    """AOD-11.4 / AOD-25 #14: criticals apply to special attacks: the charger takes 2 + 1."""
    before, after = approach()
    result = resolve_special(
        before,
        after,
        fighter(0, WARDEN),
        fighter(1, KESTREL),
        SpecialKind.CHARGE,
        dice=AttackDice(1, 1, 4),
    )
    assert not result.hit
    assert [d.category for d in result.self_damage] == [
        DamageCategory.IMPACT,
        DamageCategory.PUSHING,
    ]
    assert result.attacker_clicks == 3


def test_assault_close_combat_uses_full_move_then_plus_one() -> None:
    """AOD-26.17 #17 / AOD-15: an assault ends in close combat with +1 defense for the target."""
    board = duel()
    warden, kestrel = fighter(0, WARDEN), fighter(1, KESTREL)
    plain = close_need(board, warden, kestrel)
    assault = close_need(board, warden, kestrel, order=AttackOrder.ASSAULT)
    assert assault.need == plain.need + 1
