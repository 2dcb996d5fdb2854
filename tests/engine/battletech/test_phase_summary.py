"""The phase summary: a resolution's events summed up by attacker, target and location.

Weapon fire from `_rules_btc.resolve` (scripted dice, attacks with fixed to-hit numbers) and the
Heat phase from `heat.heat_phase`; every summary is built from the events those give.
"""

from __future__ import annotations

import attrs

from engine.battletech.context import Ctx
from engine.battletech.designs.mech import Location
from engine.battletech.narrate.phase_summary import Fire, summarize, summary_lines
from engine.battletech.rules.heat import heat_phase
from engine.battletech.state import Phase
from engine.dice import ScriptedDice
from tests.engine.battletech._build import design, state_with
from tests.engine.battletech._rules_btc import CT, duel, resolve, still, weapon_attack
from tests.engine.battletech.test_btc_heat import mech, no_sinks

SHOOTER = design(equipment=[("Medium Laser", CT), ("Medium Laser", CT)])


def weapon_phase(dice):
    """Unit 0 fires both lasers at unit 1 (8 needed each); returns the events and the state."""
    state = still(duel(SHOOTER, design()))
    attacks = [weapon_attack(state, 0, 0, 1, 8), weapon_attack(state, 0, 1, 1, 8)]
    declared = attrs.evolve(state, phase=Phase.WEAPON, attacks=tuple(attacks))
    _, events = resolve(state, attacks, dice)
    return declared, events


def test_weapon_fire_is_summed_by_attacker_target_and_location():
    """A hit (4+4, centre torso 3+4) and a miss (1+1): one line of fire, 5 damage to the CT."""
    state, events = weapon_phase((4, 4, 3, 4, 1, 1))
    (summary,) = summarize(events, state)
    assert summary.phase is Phase.WEAPON
    assert summary.fire == (Fire(0, 1, "", ("Medium Laser (CT)",), ("Medium Laser (CT)",)),)
    (harm,) = summary.harm
    assert (harm.unit, harm.damage, harm.total) == (1, (("CT", False, 5),), 5)
    assert summary.notable
    lines = summary_lines(state, [summary])
    assert lines[0] == ("Weapon fire, turn 1", "title")
    assert ("Test [T] -> Test [e]: 2 attacks, 1 hit: Medium Laser (CT)", "fire") in lines
    assert ("Test [e]: 5 damage: CT 5", "unit") in lines


def test_two_hits_on_one_location_add_up():
    """Both hit the centre torso: one location, 10 damage."""
    state, events = weapon_phase((4, 4, 3, 4, 5, 5, 4, 3))
    (summary,) = summarize(events, state)
    (harm,) = summary.harm
    assert harm.damage == (("CT", False, 10),)
    assert summary.fire[0].misses == ()
    assert ("Test [T] -> Test [e]: 2 attacks, 2 hits: 2 x Medium Laser (CT)", "fire") in (
        summary_lines(state, [summary])
    )


def test_misses_only_still_say_who_fired():
    state, events = weapon_phase((1, 1, 1, 2))
    (summary,) = summarize(events, state)
    assert summary.harm == ()
    assert summary_lines(state, [summary])[1] == (
        "Test [T] -> Test [e]: 2 attacks, all missed",
        "fire",
    )


def test_declarations_alone_give_no_summary():
    """Events of a phase that resolved nothing (a unit's declaration) are no summary."""
    state = still(duel(SHOOTER, design()))
    assert summarize([], attrs.evolve(state, phase=Phase.WEAPON)) == []


def heat_explosion():
    """No sinks, heat 19, 8 LRM-15 shots in the CT without CASE: 6+6 keeps running, 1+2 blows."""
    subject = no_sinks(design(equipment=[("IS Ammo LRM-15", Location.CT)]))
    state = attrs.evolve(state_with(mech(subject), 0, heat=19, ammo=(8,)), phase=Phase.HEAT)
    dice = ScriptedDice((6, 6, 1, 2, 3, 3))  # shutdown, explosion, the CT's critical chance
    ctx = Ctx(state, dice)
    heat_phase(ctx)
    assert dice.position == len(dice.values)
    return state, ctx.events


def test_a_heat_explosion_that_kills_shows_the_explosion_and_its_damage():
    """BT-C-54/56: the explosion, its 120 damage, the torso and the death (not the death alone)."""
    state, events = heat_explosion()
    (summary,) = summarize(events, state)
    assert summary.phase is Phase.HEAT
    (harm,) = summary.harm
    assert harm.explosions == ("ammunition explosion (heat): LRM 15 ammo (CT), 120 damage",)
    assert harm.destroyed == "center torso destroyed"
    assert harm.shutdown is False
    texts = [text for text, _ in summary_lines(state, [summary])]
    assert texts == [
        "Heat, turn 1",
        "Test [T]: 16 damage: CT 16, heat 19 -> 19",
        "  kept running (shutdown roll made)",
        "  Ammunition explosion (heat): LRM 15 ammo (CT), 120 damage",
        "  destroyed: the center torso",
        "  DESTROYED: center torso destroyed",
    ]


def test_a_quiet_heat_phase_is_not_worth_a_pause():
    """Heat going down is a line of the summary, but no reason to stop the game."""
    state = attrs.evolve(state_with(mech(), 0, heat=8), phase=Phase.HEAT)
    ctx = Ctx(state, ScriptedDice(()))
    heat_phase(ctx)
    (summary,) = summarize(ctx.events, state)
    assert not summary.notable
    assert ("Test [T]: heat 8 -> 0", "unit") in summary_lines(state, [summary])


def test_a_shutdown_is_notable():
    """BT-C-54: heat 14, shutdown roll 1+2 against 4: shut down (then the PSR 4+4 made)."""
    subject = no_sinks()
    state = attrs.evolve(state_with(mech(subject), 0, heat=14), phase=Phase.HEAT)
    ctx = Ctx(state, ScriptedDice((1, 2, 4, 4)))
    heat_phase(ctx)
    (summary,) = summarize(ctx.events, state)
    assert summary.notable
    assert ("  SHUT DOWN", "shutdown") in summary_lines(state, [summary])


def test_a_heat_phase_that_changed_nothing_has_no_section():
    """No sinks at heat 3, nothing built: the heat stays 3, no heading with nothing under it."""
    state = attrs.evolve(state_with(mech(no_sinks()), 0, heat=3), phase=Phase.HEAT)
    ctx = Ctx(state, ScriptedDice(()))
    heat_phase(ctx)
    (summary,) = summarize(ctx.events, state)
    assert summary.harm[0].heat == (3, 3)
    assert summary_lines(state, [summary]) == []


def test_a_squads_troopers_read_with_a_colon():
    """BT-C-35 item 2: "trooper 2: 6, trooper 1: 18" (a play-test read "trooper 2 6" as 26)."""
    from engine.battletech.narrate.phase_summary import Harm, _damage_text  # noqa: PLC0415

    harm = Harm(1, damage=(("trooper 2", False, 6), ("trooper 1", False, 18), ("CT", True, 5)))
    assert _damage_text(harm) == "29 damage: trooper 2: 6, trooper 1: 18, CT (rear) 5"
