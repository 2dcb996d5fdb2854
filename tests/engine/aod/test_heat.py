"""AoD heat: the total before the checks, the loop, shutdown, cooling and restart.

Rules: AOD-10.1 .. AOD-10.5, AOD-25 #37, the INVENTED ``HEAT-STD`` dial of AOD-26.14 (positions 4
and 5 show checks, 6 the radiation symbols) and the example 'Mechs of AOD-26.15 (Kestrel KS-2L,
vent 2; Warden WD-5H, Heavy Armor on clicks 0-3; Tortoise TQ-3M, a Quad, vent 3). Acceptance item
AOD-26.17 #19, every bullet.
"""

from __future__ import annotations

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from engine.aod.heat import (
    HeatOutcome,
    Shutdown,
    add_heat,
    clean_up,
    cleanup_cooling,
    cool,
    energy_heat,
    shutdown_attack_bonus,
    vent,
)
from engine.aod.orders import allowed_orders
from engine.aod.state import OrderKind
from engine.aod.status import DialStatus
from engine.aod.terrain import TerrainType
from engine.aod.units import HeatCheck, HeatDial, HeatPosition, UnitDef
from engine.dice import Dice, DiceExhaustedError, ScriptedDice
from tests.engine.aod._assets import by_name, catalogue


def std() -> HeatDial:
    return catalogue().heat_dials["HEAT-STD"]


def kestrel() -> UnitDef:
    return by_name("Kestrel KS-2L")


def warden() -> UnitDef:
    return by_name("Warden WD-5H")


def tortoise() -> UnitDef:
    return by_name("Tortoise TQ-3M")


def dice(*values: int) -> ScriptedDice:
    return ScriptedDice(values)


def kinds(outcome: HeatOutcome) -> list[tuple[str, int, int]]:
    return [(r.kind, r.position, r.die) for r in outcome.rolls]


# ---------------------------------------------------------------- AOD-10.2 the total first


def test_the_total_heat_is_applied_before_any_check():
    """AOD-26.17 #19 (AOD-10.2): +2 from 3 lands on 5 and rolls only position 5's two checks."""
    # Arrange: the seed's example, a 'Mech pushed (+1) that runs (+1), one heat click below 4
    status = DialStatus(click=0, heat=3)
    # Act: two dice only; rolling position 4's check on the way would need a third
    out = add_heat(kestrel(), std(), status, 2, dice(4, 3))
    # Assert
    assert out.status == DialStatus(click=0, heat=5)
    assert kinds(out) == [("shutdown", 5, 4), ("ammo", 5, 3)]
    assert out.shutdown is None
    assert out.damage == ()


def test_no_check_is_rolled_where_the_dial_shows_none():
    """AOD-10.2: heat that stops on a position without checks rolls nothing (HEAT-STD 0 -> 3)."""
    out = add_heat(kestrel(), std(), DialStatus(click=0), 3, dice())
    assert out.status.heat == 3
    assert out.rolls == ()
    assert out.account == "Kestrel KS-2L's heat goes from 0 to 3."


def test_checks_are_rolled_separately_and_apply_together():
    """AOD-10.2: a failed shutdown and a failed ammo check at 5 both apply: shut down and hit."""
    out = add_heat(warden(), std(), DialStatus(click=0, heat=4), 1, dice(3, 2))
    assert kinds(out) == [("shutdown", 5, 3), ("ammo", 5, 2)]
    assert out.shutdown is Shutdown.CHECK
    # the explosion's 2 clicks land; its +1 heat does not: the 'Mech is shut down (AOD-10.4)
    assert out.status == DialStatus(click=2, heat=5, shutdown=True)


# ---------------------------------------------------------------- the loop


def test_an_ammo_explosion_adds_heat_and_the_loop_goes_on():
    """AOD-26.17 #19 (AOD-10.2): ammo fails at 5: 2 unreducible clicks, +1 heat, shutdown at 6."""
    # Arrange: the Warden shows Heavy Armor, which an explosion does not reduce (AOD-26.14)
    status = DialStatus(click=0, heat=3)
    # Act: shutdown check passes (6 >= 4), ammo check fails (1 < 3)
    out = add_heat(warden(), std(), status, 2, dice(6, 1))
    # Assert
    assert [hit.taken for hit in out.damage] == [2]
    assert out.damage[0].armour == ()
    assert out.status == DialStatus(click=2, heat=6, shutdown=True)
    assert out.shutdown is Shutdown.AUTOMATIC
    assert "ammunition explodes for 2 damage" in out.account


def test_an_ammo_explosion_can_bring_heavy_damage():
    """AOD-17.3, AOD-26.14: the Warden at click 7 blows 2 clicks onto click 9 (Heavy Damage)."""
    out = add_heat(warden(), std(), DialStatus(click=7, heat=4), 1, dice(6, 2))
    assert out.heavy_damage_appeared
    assert not out.eliminated
    assert out.status == DialStatus(click=9, heat=6, shutdown=True)


def loop_dial() -> HeatDial:
    """A test dial whose ammo checks at 1 and 2 each add a click of heat; 3 is quiet; 4 shuts."""
    ammo = HeatCheck("ammo", need=3, damage=1, heat=1)
    return HeatDial(
        "HEAT-LOOP",
        "loop test",
        (
            HeatPosition(),
            HeatPosition(checks=(ammo,)),
            HeatPosition(checks=(ammo,)),
            HeatPosition(),
            HeatPosition(shutdown=True),
        ),
    )


def test_the_loop_rolls_again_at_each_new_position_until_no_heat_is_added():
    """AOD-10.2: heat a result adds is applied at once and the new position's checks rolled."""
    unit = evolve(kestrel(), heat_dial="HEAT-LOOP")
    out = add_heat(unit, loop_dial(), DialStatus(click=0), 1, dice(1, 2))
    assert kinds(out) == [("ammo", 1, 1), ("ammo", 2, 2)]
    assert out.status == DialStatus(click=2, heat=3)
    assert out.shutdown is None


def test_the_loop_stops_when_a_roll_passes():
    """AOD-10.2: a pass adds no heat: the loop ends with one roll."""
    unit = evolve(kestrel(), heat_dial="HEAT-LOOP")
    out = add_heat(unit, loop_dial(), DialStatus(click=0), 1, dice(3))
    assert kinds(out) == [("ammo", 1, 3)]
    assert out.status == DialStatus(click=0, heat=1)


def test_the_loop_stops_when_the_mech_is_destroyed():
    """AOD-17.4: an explosion that eliminates the 'Mech ends the loop; no more rolls."""
    unit = evolve(kestrel(), heat_dial="HEAT-LOOP")
    out = add_heat(unit, loop_dial(), DialStatus(click=8), 1, dice(1))
    assert out.status.eliminated(unit)
    assert out.eliminated
    assert len(out.rolls) == 1
    assert out.account.endswith("it is destroyed.")


# ---------------------------------------------------------------- AOD-10.4 shutdown


def test_reaching_the_radiation_symbols_shuts_down_without_a_roll():
    """AOD-26.17 #19 (AOD-10.4): 4 + 3 stops at 6: automatic shutdown, two tokens, no dice."""
    out = add_heat(kestrel(), std(), DialStatus(click=0, heat=4), 3, dice())
    assert out.status == DialStatus(click=0, heat=6, shutdown=True)
    assert out.shutdown is Shutdown.AUTOMATIC
    assert out.tokens == 2
    assert out.rolls == ()


def test_a_failed_check_shuts_down_without_moving_the_dial():
    """AOD-26.17 #19 (AOD-10.4): 2 + 2 = 4, avoid shutdown needs 3, a 2 fails: stays at 4."""
    out = add_heat(kestrel(), std(), DialStatus(click=0, heat=2), 2, dice(2))
    assert out.status == DialStatus(click=0, heat=4, shutdown=True)
    assert out.shutdown is Shutdown.CHECK
    assert out.tokens == 2
    assert out.account == (
        "Kestrel KS-2L's heat goes from 2 to 4; rolls 2 to avoid shutdown (needs 3); it shuts down."
    )


def test_a_passed_check_leaves_the_mech_running_with_no_tokens():
    """AOD-10.4: the same heat with a 3 passes."""
    out = add_heat(kestrel(), std(), DialStatus(click=0, heat=2), 2, dice(3))
    assert out.status == DialStatus(click=0, heat=4)
    assert out.tokens == 0


def test_a_shut_down_mech_may_only_vent_and_attackers_get_four():
    """AOD-26.17 #19 (AOD-7.3, AOD-10.4): Vent is the only order; +4 to attack it."""
    off = DialStatus(click=0, heat=4, shutdown=True)
    assert allowed_orders(kestrel(), off) == {OrderKind.VENT}
    assert shutdown_attack_bonus(off) == 4
    assert shutdown_attack_bonus(evolve(off, shutdown=False)) == 0


@pytest.mark.parametrize(
    "status",
    [
        DialStatus(click=0, heat=6, shutdown=True),  # automatic
        DialStatus(click=0, heat=4, shutdown=True),  # failed check
    ],
)
def test_heat_is_ignored_while_shut_down_of_either_kind(status):
    """AOD-26.17 #19 (AOD-10.4; AOD-25 #37): further heat is not applied, nothing is rolled."""
    out = add_heat(kestrel(), std(), status, 2, dice())
    assert out.status == status
    assert out.account == "Kestrel KS-2L is shut down: the heat is ignored."


# ---------------------------------------------------------------- AOD-10.3 cooling


@pytest.mark.parametrize(
    ("unit", "ordered", "water", "expected"),
    [
        ("Kestrel KS-2L", False, None, 1),
        ("Kestrel KS-2L", True, None, 0),
        ("Kestrel KS-2L", False, TerrainType.SHALLOW, 2),
        ("Kestrel KS-2L", True, TerrainType.SHALLOW, 1),
        ("Kestrel KS-2L", True, TerrainType.DEEP, 2),
        ("Kestrel KS-2L", False, TerrainType.DEEP, 3),
        ("Tortoise TQ-3M", True, TerrainType.SHALLOW, 2),  # a Quad: 2 in any water
        ("Tortoise TQ-3M", False, TerrainType.DEEP, 3),
        ("Tortoise TQ-3M", False, TerrainType.HINDERING, 1),  # not water
    ],
)
def test_clean_up_cooling(unit, ordered, water, expected):
    """AOD-26.17 #19 (AOD-7.6, AOD-10.3): no order -1; shallow -1, deep -2; a Quad -2 in water."""
    assert cleanup_cooling(by_name(unit), ordered=ordered, water=water) == expected


def test_the_seed_example_vent_in_shallow_water_then_clean_up():
    """AOD-26.17 #19 (AOD-10.3): vent 2 reveals an avoid-shutdown check, passed; clean-up -1."""
    # Arrange: a Kestrel (vent 2) shut down at 6, standing in shallow water
    status = DialStatus(click=0, heat=6, shutdown=True)
    # Act: the Vent order brings it to 4, whose check is its restart roll (3 passes)
    vented = vent(kestrel(), std(), status, dice(3))
    # ... then clean-up: it was ordered, so only the water's 1
    after = clean_up(
        kestrel(),
        std(),
        vented.status,
        dice(),
        ordered=True,
        water=TerrainType.SHALLOW,
        checks_suspended=vented.restarted_by_roll,
    )
    # Assert
    assert kinds(vented) == [("restart", 4, 3)]
    assert vented.account == "Kestrel KS-2L cools to 4; rolls 3 to restart (needs 3); it restarts."
    assert vented.status == DialStatus(click=0, heat=4)
    assert after.status == DialStatus(click=0, heat=3)


def test_heat_never_drops_below_start():
    """AOD-10.3: cooling 3 from 1 stops at 0."""
    out = cool(kestrel(), std(), DialStatus(click=0, heat=1), 3, dice())
    assert out.status.heat == 0
    assert out.change == -3


def test_checks_revealed_by_cooling_are_rolled_after_the_full_cooling():
    """AOD-10.3: a running 'Mech cooled from 6 is impossible; from 5 by 1 it rolls 4's check."""
    out = cool(warden(), std(), DialStatus(click=0, heat=5), 1, dice(1))
    assert kinds(out) == [("shutdown", 4, 1)]
    assert out.status == DialStatus(click=0, heat=4, shutdown=True)
    assert out.shutdown is Shutdown.CHECK


def test_cooling_past_checked_positions_rolls_only_where_it_stops():
    """AOD-10.3: the Tortoise vents 3 from 5 to 2: no check on the way."""
    out = vent(tortoise(), std(), DialStatus(click=0, heat=5), dice())
    assert out.status == DialStatus(click=0, heat=2)
    assert out.rolls == ()


def test_an_ammo_explosion_revealed_by_cooling_goes_round_the_loop():
    """AOD-10.2, AOD-10.3: a test dial: cooling onto an ammo check that fails heats again."""
    unit = evolve(kestrel(), heat_dial="HEAT-LOOP")
    out = cool(unit, loop_dial(), DialStatus(click=0, heat=3), 1, dice(1, 6))
    # 3 -> 2: ammo fails, 1 click and +1 heat -> 3: quiet, the loop ends
    assert kinds(out) == [("ammo", 2, 1)]
    assert out.status == DialStatus(click=1, heat=3)
    assert out.change == -1


# ---------------------------------------------------------------- AOD-10.5 restart


def test_restart_by_roll_skips_the_other_checks():
    """AOD-26.17 #19 (AOD-10.5): cooled 6 -> 5, the restart roll (4) passes: no ammo roll."""
    out = cool(kestrel(), std(), DialStatus(click=0, heat=6, shutdown=True), 1, dice(4))
    assert kinds(out) == [("restart", 5, 4)]
    assert out.status == DialStatus(click=0, heat=5)
    assert out.restarted
    assert out.restarted_by_roll


def test_after_a_restart_by_roll_no_more_heat_rolls_that_turn():
    """AOD-10.5: with the flag passed back, cooling onto 4 rolls nothing (no dice given)."""
    out = cool(kestrel(), std(), DialStatus(click=0, heat=5), 1, dice(), checks_suspended=True)
    assert out.status == DialStatus(click=0, heat=4)
    assert out.rolls == ()
    # and without the flag the same cooling needs a die
    with pytest.raises(DiceExhaustedError):
        cool(kestrel(), std(), DialStatus(click=0, heat=5), 1, dice())


def test_a_failed_restart_roll_stays_shut_down_and_rolls_the_rest():
    """AOD-10.5 [reading]: restart 3 < 4 fails; the ammo check (1) still blows, its heat ignored."""
    out = cool(warden(), std(), DialStatus(click=0, heat=6, shutdown=True), 1, dice(3, 1))
    assert kinds(out) == [("restart", 5, 3), ("ammo", 5, 1)]
    assert out.status == DialStatus(click=2, heat=5, shutdown=True)
    assert not out.restarted
    assert out.account.endswith("it stays shut down.")


def test_reaching_start_restarts_automatically():
    """AOD-26.17 #19 (AOD-10.5): a shut-down 'Mech cooled to 0 restarts with no roll."""
    out = vent(tortoise(), std(), DialStatus(click=0, heat=3, shutdown=True), dice())
    assert out.status == DialStatus(click=0, heat=0)
    assert out.restarted
    assert not out.restarted_by_roll


def test_cooling_a_shut_down_mech_onto_a_quiet_position_keeps_it_shut_down():
    """AOD-10.5: 6 -> 3 by the Tortoise's vent shows no check: still shut down."""
    out = vent(tortoise(), std(), DialStatus(click=0, heat=6, shutdown=True), dice())
    assert out.status == DialStatus(click=0, heat=3, shutdown=True)
    assert not out.restarted


# ---------------------------------------------------------------- AOD-10.1 energy hits


def test_energy_heat_only_once_per_turn():
    """AOD-26.17 #19 (AOD-10.1): the first energy hit of the turn heats +1; the second does not."""
    first, took = energy_heat(kestrel(), std(), DialStatus(click=1), 1, dice(), already=False)
    second, took_again = energy_heat(kestrel(), std(), first.status, 2, dice(), already=took)
    assert first.status.heat == 1
    assert took
    assert second.status.heat == 1
    assert took_again


@pytest.mark.parametrize(
    ("unit", "clicks"),
    [("Kestrel KS-2L", 0), ("Halberd Hover Tank", 2)],
)
def test_no_energy_heat_without_damage_or_heat_dial(unit, clicks):
    """AOD-10.1: only a 'Mech that took at least 1 click gets the heat."""
    target = by_name(unit)
    dial = std() if target.is_mech else None
    out, took = energy_heat(target, dial, DialStatus(click=0), clicks, dice(), already=False)
    assert out.status == DialStatus(click=0)
    assert not took


def test_only_mechs_have_heat():
    """AOD-3.5: heat on a vehicle is a programmer error."""
    with pytest.raises(ValueError, match="no heat dial"):
        add_heat(by_name("Halberd Hover Tank"), std(), DialStatus(click=0), 1, dice())


def test_heat_after_a_restart_by_roll_still_shuts_down_at_the_radiation_symbols():
    """AOD-10.4, AOD-10.5: no rolls that turn, but 5 + 1 reaches 6: automatic shutdown."""
    out = add_heat(kestrel(), std(), DialStatus(click=0, heat=5), 1, dice(), checks_suspended=True)
    assert out.status == DialStatus(click=0, heat=6, shutdown=True)
    assert out.shutdown is Shutdown.AUTOMATIC


def test_heat_without_rolls_after_a_restart_by_roll():
    """AOD-10.5: 3 + 1 lands on 4's check, which is not rolled that turn."""
    out = add_heat(kestrel(), std(), DialStatus(click=0, heat=3), 1, dice(), checks_suspended=True)
    assert out.status == DialStatus(click=0, heat=4)
    assert out.rolls == ()


@given(
    heat=st.integers(0, 6),
    shutdown=st.booleans(),
    change=st.integers(-6, 7),
    seed=st.integers(0, 2**32),
)
def test_every_die_rolled_is_in_the_outcome_and_heat_stays_on_the_dial(
    heat, shutdown, change, seed
):
    """AOD-10.2, AOD-10.3: any heat or cooling records each die it used, and stays in 0..6."""
    status = DialStatus(click=0, heat=heat, shutdown=shutdown or heat == 6)
    rolling = Dice(seed)
    if change >= 0:
        out = add_heat(warden(), std(), status, change, rolling)
    else:
        out = cool(warden(), std(), status, -change, rolling)
    assert rolling.position == len(out.rolls)
    assert 0 <= out.status.heat <= std().shutdown_position
    assert (out.status.heat == 6) <= out.status.shutdown
    assert out.status.click == sum(hit.taken for hit in out.damage)
    assert out.tokens == (2 if out.shutdown else 0)
