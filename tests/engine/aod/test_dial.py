"""AoD combat dial: current values, damage and armour, Heavy Damage, elimination and repair.

Rules: AOD-1 (floor, halves up), AOD-3.3, AOD-3.6, AOD-6.4, AOD-7.3, AOD-10.4, AOD-11.4, AOD-11.5,
AOD-17.1 .. AOD-17.4, AOD-20.6, AOD-25 #18, and the INVENTED catalogue and units of AOD-26.14 and
AOD-26.15. Acceptance items AOD-26.17 #8 (forced descent), #20 (repair) and #21 (Heavy Damage).
"""

from __future__ import annotations

import pytest

from engine.aod.dial import (
    DamageKind,
    functional,
    heavy_damage,
    modified,
    repair,
    repair_problem,
    repair_target_problem,
    roll_repair,
    take_damage,
    values,
)
from engine.aod.orders import allowed_orders
from engine.aod.state import OrderKind
from engine.aod.status import DialStatus, fresh
from engine.aod.units import Card, UnitDef, WeaponSlot
from engine.dice import ScriptedDice
from tests.engine.aod._assets import by_name, catalogue


def unit(name: str) -> UnitDef:
    return by_name(name)


def card(card_id: str) -> Card:
    return catalogue().cards[card_id]


KESTREL = "Kestrel KS-2L"
WARDEN = "Warden WD-5H"


# ---------------------------------------------------------------- AOD-3.3, AOD-6.4 values


def test_values_at_start_are_the_printed_ones():
    """AOD-3.3: the Kestrel's click 0 (AOD-26.15) with heat at start; its SE all active."""
    now = values(unit(KESTREL), fresh(unit(KESTREL)), catalogue())
    assert (now.speed, now.attack, now.defense, now.primary, now.secondary) == (12, 10, 18, 3, 2)
    assert now.active == {"JJ", "EV"}
    assert [str(mark) for mark in now.showing] == ["spd:JJ", "def:EV"]


@pytest.mark.parametrize(
    ("heat", "speed", "primary", "secondary"),
    [(0, 12, 3, 2), (2, 11, 3, 2), (3, 11, 3, 1), (4, 10, 2, 1), (5, 10, 2, 0)],
)
def test_heat_modifies_speed_and_damage(heat, speed, primary, secondary):
    """AOD-3.5, AOD-26.14: HEAT-STD's modifiers on the Kestrel's click 0 (Spd 12, Pri 3, Sec 2)."""
    now = values(unit(KESTREL), DialStatus(click=0, heat=heat), catalogue())
    assert (now.speed, now.primary, now.secondary) == (speed, primary, secondary)
    assert (now.attack, now.defense) == (10, 18)


def test_a_value_modified_below_zero_counts_as_zero():
    """AOD-1, AOD-6.4: the Kestrel's click 8 secondary 0 at heat 5 (-2) is 0, not -2."""
    now = values(unit(KESTREL), DialStatus(click=8, heat=5), catalogue())
    assert now.secondary == 0
    assert now.primary == 0  # 1 - 1


def test_infantry_and_vehicles_have_one_damage_value_and_no_heat():
    """AOD-3.3: the Halberd's click 4 (Spd 10, Atk 8, Def 16, Dmg 1)."""
    now = values(unit("Halberd Hover Tank"), DialStatus(click=4), catalogue())
    assert (now.speed, now.attack, now.defense, now.primary, now.secondary) == (10, 8, 16, 1, None)
    assert now.damage(WeaponSlot.MAIN) == 1


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((7, (-1,)), 6),
        ((7, (-1,), {"halve": True}), 3),  # half of 7 is 4 (rounded up), then -1
        ((4, (1,), {"double": True}), 9),  # scaled first, then +1
        ((3, (1,), {"replacement": 1}), 2),  # the replacement, then the modifier
        ((1, (-3,)), 0),
    ],
)
def test_modified_scales_first_then_adds_modifiers(args, expected):
    """AOD-6.4: replacement, then halving (rounded up) or doubling, then modifiers, floor 0."""
    printed, mods, *options = args
    assert modified(printed, mods, **(options[0] if options else {})) == expected


def test_a_pilot_card_modifies_its_value():
    """AOD-20.7, AOD-26.14: P-X1 Academy Graduate gives +1 speed."""
    now = values(unit(KESTREL), fresh(unit(KESTREL)), catalogue(), (card("P-X1"),))
    assert now.speed == 13


def test_weapon_gear_counts_only_for_its_weapon():
    """AOD-20.6, AOD-26.14: G-X1 (PRI) gives +1 attack with the primary only."""
    kestrel, cards = unit(KESTREL), (card("G-X1"),)
    status = fresh(kestrel)
    primary = values(kestrel, status, catalogue(), cards, weapon=WeaponSlot.PRIMARY)
    secondary = values(kestrel, status, catalogue(), cards, weapon=WeaponSlot.SECONDARY)
    assert (primary.attack, secondary.attack) == (11, 10)


def test_evade_adds_two_against_ranged_attacks_unless_switched_off():
    """AOD-3.6, AOD-26.14: Evade +2 to ranged defense; the owner may switch it off."""
    kestrel = unit(KESTREL)
    on = values(kestrel, fresh(kestrel), catalogue())
    off = values(kestrel, fresh(kestrel), catalogue(), switched_off=frozenset({"EV"}))
    assert (on.defense, on.ranged_defense) == (18, 20)
    assert (off.defense, off.ranged_defense) == (18, 18)
    assert off.active == {"JJ"}


def test_heavy_armor_cannot_be_switched_off():
    """AOD-26.14: Heavy Armor is not optional."""
    warden = unit(WARDEN)
    now = values(warden, fresh(warden), catalogue(), switched_off=frozenset({"HA"}))
    assert "HA" in now.active


def test_shutdown_suspends_optional_se_only():
    """AOD-10.4 (AOD-25 #36): shut down, the Warden's Pulse stops; its Heavy Armor works."""
    warden = unit(WARDEN)
    now = values(warden, DialStatus(click=0, heat=6, shutdown=True), catalogue())
    assert now.active == {"HA"}


def test_se_on_a_damage_value_works_for_that_weapon_only():
    """AOD-3.6: Pulse on the Warden's primary works for primary attacks, not secondary ones."""
    warden = unit(WARDEN)
    status = fresh(warden)
    assert "PU" in values(warden, status, catalogue(), weapon=WeaponSlot.PRIMARY).active
    assert "PU" not in values(warden, status, catalogue(), weapon=WeaponSlot.SECONDARY).active


def test_damage_and_repair_switch_se_off_and_on():
    """AOD-3.6: the Kestrel loses Evade at click 3 and Jump Jets at click 4."""
    kestrel = unit(KESTREL)
    assert values(kestrel, DialStatus(click=3), catalogue()).active == {"JJ"}
    assert values(kestrel, DialStatus(click=4), catalogue()).active == frozenset()


# ---------------------------------------------------------------- AOD-17.1 damage and armour


@pytest.mark.parametrize(
    ("kind", "dealt", "taken"),
    [
        (DamageKind.BALLISTIC, 3, 2),
        (DamageKind.ENERGY, 3, 2),
        (DamageKind.CLOSE, 4, 3),
        (DamageKind.ENERGY, 1, 1),  # minimum 1
        (DamageKind.IMPACT, 3, 3),  # impact ignores armour (AOD-16.1)
        (DamageKind.PUSHING, 1, 1),  # cannot be prevented (AOD-11.5)
        (DamageKind.UNREDUCIBLE, 2, 2),  # ammo explosion (AOD-26.14)
    ],
)
def test_heavy_armor_takes_one_off_ranged_and_close_combat_damage(kind, dealt, taken):
    """AOD-11.5, AOD-26.14: the Warden shows Heavy Armor on click 0."""
    hit = take_damage(unit(WARDEN), DialStatus(click=0), dealt, kind)
    assert hit.taken == taken
    assert hit.status.click == taken
    assert hit.armour == (("HA",) if taken < dealt else ())


@pytest.mark.parametrize(
    ("kind", "dealt", "taken"),
    [
        (DamageKind.BALLISTIC, 4, 2),
        (DamageKind.BALLISTIC, 2, 1),  # minimum 1
        (DamageKind.ENERGY, 2, 2),  # ballistic only
        (DamageKind.CLOSE, 2, 2),
        (DamageKind.IMPACT, 2, 2),
    ],
)
def test_reactive_armor_takes_two_off_ballistic_damage(kind, dealt, taken):
    """AOD-26.14: the Bastion APC shows Reactive Armor on click 0; artillery is ballistic."""
    hit = take_damage(unit("Bastion APC"), DialStatus(click=0), dealt, kind)
    assert hit.taken == taken


def test_the_account_says_what_armour_saved():
    """AOD-26.14: Reactive Armor cuts 4 ballistic to 2; the log says both numbers."""
    hit = take_damage(unit("Bastion APC"), DialStatus(click=0), 4, DamageKind.BALLISTIC)
    assert hit.armour == ("RA",)
    assert hit.account == "Bastion APC takes 2 clicks (4 before armour)."


def test_armour_works_only_while_it_shows():
    """AOD-3.6: the Warden's click 4 shows no Heavy Armor: 3 ballistic is 3."""
    hit = take_damage(unit(WARDEN), DialStatus(click=4), 3, DamageKind.BALLISTIC)
    assert hit.taken == 3
    assert hit.status.click == 7


def test_no_damage_leaves_the_dial():
    """AOD-17.1: an attack of 0 clicks turns nothing, armour or not (no minimum 1 from 0)."""
    hit = take_damage(unit(WARDEN), DialStatus(click=0), 0, DamageKind.BALLISTIC)
    assert hit.status == DialStatus(click=0)
    assert hit.account == "Warden WD-5H takes 0 clicks."


def test_damage_stops_at_elimination():
    """AOD-17.1, AOD-17.4: the Pathguard at click 2 takes 5: the dial stops at KO (click 4)."""
    squad = unit("Pathguard Rifle Squad")
    hit = take_damage(squad, DialStatus(click=2), 5, DamageKind.BALLISTIC)
    assert hit.status.click == squad.ko_click == 4
    assert hit.taken == 2
    assert hit.eliminated
    assert not functional(squad, hit.status)
    assert allowed_orders(squad, hit.status) == frozenset()
    assert hit.account == "Pathguard Rifle Squad takes 2 clicks and is destroyed."


def test_damage_keeps_heat():
    """AOD-17.1: damage turns the combat dial only."""
    hit = take_damage(unit(KESTREL), DialStatus(click=0, heat=3), 2, DamageKind.ENERGY)
    assert hit.status == DialStatus(click=2, heat=3)


# ---------------------------------------------------------------- AOD-17.3 Heavy Damage


def test_heavy_damage_allows_move_orders_only_and_is_not_functional():
    """AOD-26.17 #21 (AOD-7.3, AOD-17.3): the Pathguard's click 3 shows Heavy Damage."""
    squad = unit("Pathguard Rifle Squad")
    hit = take_damage(squad, DialStatus(click=2), 1, DamageKind.BALLISTIC)
    assert hit.heavy_damage_appeared
    assert heavy_damage(squad, hit.status)
    assert not functional(squad, hit.status)
    assert allowed_orders(squad, hit.status) == {OrderKind.MOVE}
    assert hit.account == "Pathguard Rifle Squad takes 1 click and is heavily damaged."


def test_heavy_damage_appears_only_once():
    """AOD-17.3: the Kestrel's clicks 7 and 8 both show it; the second hit is no new appearance."""
    hit = take_damage(unit(KESTREL), DialStatus(click=7), 1, DamageKind.BALLISTIC)
    assert heavy_damage(unit(KESTREL), hit.status)
    assert not hit.heavy_damage_appeared


def test_heavy_damage_ignores_gear_cards():
    """AOD-26.17 #21 (AOD-17.3, AOD-20.6): G-X1's +1 attack is gone at click 7; a pilot stays."""
    kestrel, cards = unit(KESTREL), (card("G-X1"), card("P-X1"))
    hurt = values(kestrel, DialStatus(click=7), catalogue(), cards, weapon=WeaponSlot.PRIMARY)
    assert hurt.attack == 8
    assert hurt.speed == 9


def test_heavy_damage_makes_a_transport_unload():
    """AOD-26.17 #21 (AOD-17.3): the Bastion APC (C2) reaching Heavy Damage at click 5 unloads."""
    hit = take_damage(unit("Bastion APC"), DialStatus(click=4), 1, DamageKind.BALLISTIC)
    assert hit.heavy_damage_appeared
    assert hit.must_unload
    assert not hit.forced_descent


def test_heavy_damage_forces_a_vtol_down():
    """AOD-26.17 #8 (AOD-8.9, AOD-17.3): the Gadfly's click 4 shows Heavy Damage: drop to NOE."""
    hit = take_damage(unit("Gadfly VTOL Gunship"), DialStatus(click=3), 1, DamageKind.ENERGY)
    assert hit.forced_descent
    assert not hit.must_unload


def test_no_forced_descent_when_the_vtol_is_destroyed():
    """AOD-17.4: an eliminated VTOL is removed, not moved."""
    hit = take_damage(unit("Gadfly VTOL Gunship"), DialStatus(click=3), 2, DamageKind.ENERGY)
    assert hit.eliminated
    assert not hit.forced_descent


def test_heavy_damage_and_shutdown_leave_no_order():
    """AOD-25 #18: Move only and Vent only together: nothing."""
    kestrel = unit(KESTREL)
    status = DialStatus(click=7, heat=6, shutdown=True)
    assert allowed_orders(kestrel, status) == frozenset()


# ---------------------------------------------------------------- AOD-17.2 repair


def test_repair_stops_at_the_starting_marker():
    """AOD-26.17 #20 (AOD-17.2): the Halberd at click 2 repairs 3: it stops at click 0."""
    done = repair(unit("Halberd Hover Tank"), DialStatus(click=2), 3)
    assert done.status.click == 0
    assert done.repaired == 2
    assert done.limit == "start"


def test_repair_stops_at_a_black_marker():
    """AOD-26.17 #20 (AOD-17.2): the Halberd at click 5 repairs 3: it stops at R (click 3)."""
    done = repair(unit("Halberd Hover Tank"), DialStatus(click=5), 3)
    assert done.status.click == 3
    assert done.repaired == 2
    assert done.limit == "repair marker"


def test_no_repair_once_a_black_marker_shows():
    """AOD-26.17 #20 (AOD-17.2): the Halberd's click 3 shows R: no repair at all."""
    halberd = unit("Halberd Hover Tank")
    done = repair(halberd, DialStatus(click=3), 2)
    assert done.status.click == 3
    assert done.repaired == 0
    assert done.account == repair_problem(halberd, DialStatus(click=3))
    assert (
        done.account == "Halberd Hover Tank shows a repair limit: it cannot be repaired any more."
    )


def test_an_undamaged_unit_is_not_repaired():
    """AOD-3.4: repair never turns past the starting marker."""
    assert repair_problem(unit("Halberd Hover Tank"), DialStatus(click=0)) == (
        "Halberd Hover Tank is undamaged."
    )


def test_repair_keeps_heat():
    """AOD-26.14: repair never changes heat."""
    done = repair(unit(KESTREL), DialStatus(click=3, heat=4), 1)
    assert done.status == DialStatus(click=2, heat=4)


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("Gadfly VTOL Gunship", "Gadfly VTOL Gunship cannot be repaired in the field."),
        (KESTREL, ""),  # wrench
        ("Pathguard Rifle Squad", ""),  # cross
    ],
)
def test_only_wrench_and_cross_units_are_repaired(name, problem):
    """AOD-17.2, AOD-26.14: crosshair units cannot be repaired."""
    assert repair_target_problem(unit(name), DialStatus(click=1)) == problem


@pytest.mark.parametrize(
    ("dice", "click", "success"),
    [
        ((3, 3, 3), 1, True),  # 9 + 8 = 17
        ((3, 3, 2), 2, False),  # 16
    ],
)
def test_repair_roll_needs_seventeen(dice, click, success):
    """AOD-26.14: 3d6 + attack >= 17 repairs 1 click (Field Repair Team, attack 8)."""
    out = roll_repair(unit(KESTREL), DialStatus(click=2), 8, ScriptedDice(dice))
    assert out.success is success
    assert out.status.click == click


def test_a_critical_repair_repairs_one_more_click():
    """AOD-26.17 #20 (AOD-11.4): white 6 + 6 succeeds and repairs 2 clicks."""
    out = roll_repair(unit(KESTREL), DialStatus(click=3), 0, ScriptedDice((6, 6, 1)))
    assert out.critical_hit
    assert out.success
    assert out.status.click == 1
    assert out.account == "Repair roll 6+6+1 + 0 = 13: Kestrel KS-2L is repaired by 2 clicks."


def test_a_fumbled_repair_pushes_the_target():
    """AOD-26.17 #20 (AOD-11.4): white 1 + 1 fails whatever the total; 1 pushing click."""
    out = roll_repair(unit(WARDEN), DialStatus(click=2), 20, ScriptedDice((1, 1, 6)))
    assert out.critical_miss
    assert not out.success
    # Heavy Armor shows on click 2, but pushing damage cannot be prevented
    assert out.status.click == 3
    assert out.pushed is not None
    assert out.pushed.kind is DamageKind.PUSHING
