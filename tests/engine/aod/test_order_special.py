"""Charge, Death From Above and ram as Move orders through the turn machine, forced dice (AOD-16).

AOD-26.17 item 18: damage, self-damage, modifiers (the charge's +2 for terrain features other
than water, hills included; +2 from the rear; DFA +2 defense), the target's free spin, heat, and
no front-arc requirement for charge and ram; with *Merciless* (AOD-21.2) and the AOD-16.1 rule
that a unit touching an enemy when its turn began makes no special attack.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.aod.closecombat import SpecialKind
from engine.aod.commands import EndTurn, SpecialMove
from engine.aod.dial import DamageKind
from engine.aod.events import (
    FreeSpinsOffered,
    HeatCause,
    HeatChanged,
    OrderGiven,
    SpecialAttackRolled,
    TargetLocked,
    TurnBegan,
    UnitDamaged,
    UnitMoved,
)
from engine.aod.language import format_command, parse_command
from engine.aod.movement import Altitude
from engine.aod.narrate import tell
from engine.aod.rules import AoDCode, decide, legal_commands
from engine.aod.state import AoDSetup, AoDState, OrderKind, SpinOffer
from engine.aod.terrain import HexTerrain
from engine.dice import ScriptedDice
from engine.game import Command, IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.aod._combat import armed
from tests.engine.aod._game import arrange, play, setup, unit

N, NE, SE, S, SW, NW = Facing
H = Hex.from_label
IMPACT, PUSHING = DamageKind.IMPACT, DamageKind.PUSHING
CHARGE, DFA, RAM = SpecialKind

FORCES = (["HX-010", "HX-009", "HX-005"], ["HX-009", "HX-010", "HX-011", "HX-001"])
"""Red: Warden (HX-010a: primary 4, attack 10, speed 8, Liao), Kestrel (HX-009a: Jump Jets,
primary 3, Jade Falcon *Merciless*), Bastion APC (HX-005a: tracked, attack 8). Blue: Kestrel
(HX-009b: defense 18), Warden (HX-010b: defense 19, Heavy Armor, elite), Tortoise Quad
(HX-011a), Pathguard (HX-001a)."""

GAME = armed(*FORCES)

FAR = {
    "HX-010a": ("0110", S),
    "HX-009a": ("0112", S),
    "HX-005a": ("0114", S),
    "HX-009b": ("1818", N),
    "HX-010b": ("1618", N),
    "HX-011a": ("1418", N),
    "HX-001a": ("1218", N),
}
"""Where the units a test does not place wait, out of everyone's reach."""


def _arrange(
    places: dict[str, tuple[str, Facing]], game: AoDSetup = GAME, **options: Any
) -> AoDState:
    return arrange(game, {**FAR, **places}, **options)


def _refused(state: AoDState, command: Command, code: str, message: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert (refused.value.code, refused.value.message) == (code, message)


# ---- AOD-16.2: charge --------------------------------------------------------------------------


def test_a_charge_runs_deals_primary_plus_one_and_costs_half_primary_and_two_heat() -> None:
    """AOD-16.2 / AOD-26.17 #18: the Warden runs 3 hexes to the Kestrel and charges it.

    9 + 10 = 19 reaches 18. The Kestrel takes 4 + 1 = 5 impact clicks; the Warden half its
    primary, 2, hit or miss; +1 heat for the run and +1 for the charge (AOD-10.1). It ends
    facing away from its target: a charge needs no front arc.
    """
    state = _arrange({"HX-010a": ("0510", N), "HX-009b": ("0506", S)})
    warden, kestrel = unit(state, "HX-010a"), unit(state, "HX-009b")
    command = SpecialMove("HX-010a", CHARGE, H("0507"), S, "HX-009b")
    state, events = play(state, [command], [3, 3, 3])
    assert events == [
        OrderGiven(warden, OrderKind.MOVE, pushed=False, tokens=1),
        UnitMoved(warden, H("0507"), S, Altitude.NOE, 3, run=True),
        SpecialAttackRolled(warden, kestrel, CHARGE, (3, 3, 3), 10, 18, hit=True),
        UnitDamaged(kestrel, IMPACT, 5, 5, 0, "charge", by=0),
        UnitDamaged(warden, IMPACT, 2, 2, 1, "charge"),
        HeatChanged(warden, (HeatCause.RUN, HeatCause.SPECIAL), 2, 2, shutdown=False, tokens=1),
    ]


def test_a_missed_charge_still_costs_its_self_damage() -> None:
    """AOD-16.2: 7 + 10 = 17 misses the Kestrel's 18; the Warden still takes its 2 clicks."""
    state = _arrange({"HX-010a": ("0510", N), "HX-009b": ("0506", S)})
    warden = unit(state, "HX-010a")
    _, events = play(state, [SpecialMove("HX-010a", CHARGE, H("0507"), N, "HX-009b")], [3, 2, 2])
    damaged = [e for e in events if isinstance(e, UnitDamaged)]
    assert damaged == [UnitDamaged(warden, IMPACT, 2, 2, 1, "charge")]


def test_a_charge_across_a_hill_gives_plus_two_defense() -> None:
    """AOD-16.2 / AOD-26.17 #18: the line from the Warden's start crosses a hill: +2 defense.

    Without the hill the same charge faces 18.
    """
    hill = HexTerrain(elevated=True, feature=3)
    for terrain, defense in (({"0504": hill}, 20), ({}, 18)):
        game = armed(*FORCES, terrain=terrain)
        state = _arrange({"HX-010a": ("0502", S), "HX-009b": ("0506", N)}, game)
        command = SpecialMove("HX-010a", CHARGE, H("0505"), S, "HX-009b")
        _, events = play(state, [command], [3, 3, 3])
        rolled = next(e for e in events if isinstance(e, SpecialAttackRolled))
        assert rolled.defense == defense


def test_a_charge_from_the_rear_gets_plus_two_and_no_free_spin() -> None:
    """AOD-16.1 / AOD-16.2: a rear approach: +2 attack, and the target may not spin.

    The Warden starts in the Kestrel's rear arc and ends behind it; 5 + 12 = 17 misses 18.
    """
    state = _arrange({"HX-010a": ("0510", N), "HX-009b": ("0506", N)})
    warden, kestrel = unit(state, "HX-010a"), unit(state, "HX-009b")
    _, events = play(state, [SpecialMove("HX-010a", CHARGE, H("0507"), N, "HX-009b")], [1, 2, 2])
    assert events[2] == SpecialAttackRolled(warden, kestrel, CHARGE, (1, 2, 2), 12, 18, hit=False)
    assert not any(isinstance(e, FreeSpinsOffered) for e in events)


def test_a_charged_mech_may_spin_to_face_its_attacker() -> None:
    """AOD-16.2 / AOD-8.5: a charge not from the rear: the target 'Mech may turn to face it.

    The Warden starts in front of the Kestrel (facing S) and ends behind it.
    """
    state = _arrange({"HX-010a": ("0510", N), "HX-009b": ("0506", S)})
    warden, kestrel = unit(state, "HX-010a"), unit(state, "HX-009b")
    command = SpecialMove("HX-010a", CHARGE, H("0505"), S, "HX-009b")
    state, events = play(state, [command], [1, 2, 3])
    offered = next(e for e in events if isinstance(e, FreeSpinsOffered))
    assert offered.offers[0].unit == kestrel
    assert offered.offers[0].mover == warden
    assert state.spins == offered.offers
    assert isinstance(offered.offers[0], SpinOffer)


# ---- AOD-16.2 / AOD-21.2: Death From Above -----------------------------------------------------


def test_a_merciless_dfa_adds_a_die_deals_primary_plus_two_and_costs_nothing_on_a_hit() -> None:
    """AOD-16.2 / AOD-21.2 / AOD-26.17 #18: the Kestrel jumps 3 hexes onto the Warden.

    Attack 10 + the Merciless d6 (4) = 14; defense 19 + 2 = 21; 9 + 14 = 23 hits. Damage 3 + 2,
    +1 *Zellbrigen* (an elite target) = 6 impact clicks: Heavy Armor does not apply. A
    successful Merciless DFA costs nothing; +1 heat (AOD-25 #12); the target may not spin.
    """
    state = _arrange({"HX-009a": ("0510", N), "HX-010b": ("0506", S)})
    kestrel, warden = unit(state, "HX-009a"), unit(state, "HX-010b")
    command = SpecialMove("HX-009a", DFA, H("0507"), N, "HX-010b")
    _, events = play(state, [command], [3, 3, 3, 4])
    assert events[1:] == [
        UnitMoved(kestrel, H("0507"), N, Altitude.NOE, 3),
        SpecialAttackRolled(kestrel, warden, DFA, (3, 3, 3), 14, 21, hit=True, merciless=4),
        UnitDamaged(warden, IMPACT, 6, 6, 0, "dfa", by=0),
        TargetLocked(kestrel, warden, "zellbrigen"),  # AOD-21.2: bound to the Warden now
        HeatChanged(kestrel, (HeatCause.SPECIAL,), 1, 1, shutdown=False, tokens=1),
    ]


def test_a_failed_merciless_dfa_costs_one_pushing_click_and_the_mech_may_spin() -> None:
    """AOD-21.2 / AOD-16.2: a failed Merciless DFA costs 1 pushing click; the target may spin.

    2 + 1 + 2 + 14 = 19 < 21: 1 pushing click (not 2); the Warden, a 'Mech the DFA missed, may
    turn to face the Kestrel.
    """
    state = _arrange({"HX-009a": ("0510", N), "HX-010b": ("0506", N)})
    kestrel, warden = unit(state, "HX-009a"), unit(state, "HX-010b")
    _, events = play(state, [SpecialMove("HX-009a", DFA, H("0507"), N, "HX-010b")], [2, 1, 2, 4])
    assert UnitDamaged(kestrel, PUSHING, 1, 1, 1, "dfa") in events
    offered = next(e for e in events if isinstance(e, FreeSpinsOffered))
    assert [(o.unit, o.mover) for o in offered.offers] == [(warden, kestrel)]


def test_a_dfa_without_merciless_costs_one_click_on_a_hit_two_on_a_miss() -> None:
    """AOD-16.2 / AOD-25 #13: without faction abilities the Kestrel's DFA needs 21 - 10 = 11.

    11 hits and costs it 1 impact click; 10 misses and costs it 2.
    """
    game = setup(*FORCES)  # no faction abilities
    state = _arrange({"HX-009a": ("0510", N), "HX-010b": ("0506", S)}, game)
    kestrel = unit(state, "HX-009a")
    for rolled, hit, own in (([4, 4, 3], True, 1), ([4, 3, 3], False, 2)):
        _, events = play(state, [SpecialMove("HX-009a", DFA, H("0507"), N, "HX-010b")], rolled)
        attack = next(e for e in events if isinstance(e, SpecialAttackRolled))
        assert (attack.attack, attack.defense, attack.hit) == (10, 21, hit)
        assert UnitDamaged(kestrel, IMPACT, own, own, 1, "dfa") in events


def test_dfa_needs_jump_jets() -> None:
    """AOD-16.2: the Warden has no Jump Jets."""
    state = _arrange({"HX-010a": ("0510", N), "HX-009b": ("0506", S)})
    _refused(
        state,
        SpecialMove("HX-010a", DFA, H("0507"), N, "HX-009b"),
        AoDCode.NOT_ALLOWED,
        "Death From Above needs a jump with Jump Jets.",
    )


# ---- AOD-16.2: ram -----------------------------------------------------------------------------


def test_a_ram_deals_two_and_costs_one_with_no_heat() -> None:
    """AOD-16.2 / AOD-26.17 #18: the Bastion rams the Kestrel from the side: 10 + 8 = 18 hits.

    2 impact clicks to the target, 1 to the ram, no heat; it ends facing away (no front arc).
    """
    state = _arrange({"HX-005a": ("0510", N), "HX-009b": ("0506", S)})
    bastion, kestrel = unit(state, "HX-005a"), unit(state, "HX-009b")
    command = SpecialMove("HX-005a", RAM, H("0507"), S, "HX-009b")
    _, events = play(state, [command], [4, 3, 3])
    assert events[2:] == [
        SpecialAttackRolled(bastion, kestrel, RAM, (4, 3, 3), 8, 18, hit=True),
        UnitDamaged(kestrel, IMPACT, 2, 2, 0, "ram", by=0),
        UnitDamaged(bastion, IMPACT, 1, 1, 1, "ram"),
    ]


def test_only_a_vehicle_rams_and_only_a_mech_charges() -> None:
    """AOD-16.2: a 'Mech does not ram; a vehicle does not charge."""
    state = _arrange({"HX-010a": ("0510", N), "HX-005a": ("0810", N), "HX-009b": ("0506", S)})
    _refused(
        state,
        SpecialMove("HX-010a", RAM, H("0507"), N, "HX-009b"),
        AoDCode.NOT_ALLOWED,
        "Only a ground vehicle may ram.",
    )
    _refused(
        state,
        SpecialMove("HX-005a", CHARGE, H("0507"), N, "HX-009b"),
        AoDCode.NOT_ALLOWED,
        "Only a 'Mech may make that attack.",
    )


# ---- AOD-16.1: common rules --------------------------------------------------------------------


def test_no_special_attack_on_infantry() -> None:
    """AOD-16.1: the target may not be infantry."""
    state = _arrange({"HX-010a": ("0510", N), "HX-001a": ("0506", S)})
    _refused(
        state,
        SpecialMove("HX-010a", CHARGE, H("0507"), N, "HX-001a"),
        AoDCode.NOT_ALLOWED,
        "A special attack cannot target infantry.",
    )


def test_no_special_attack_after_starting_the_turn_in_contact() -> None:
    """AOD-16.1 / AOD-7.3: the turn began with the Warden touching the Kestrel: no charge.

    The turn machine records the contacts as Red's turn begins (``TurnBegan.engaged``).
    """
    state = _arrange({"HX-010a": ("0507", N), "HX-009b": ("0506", S)}, active=1)
    state, events = play(state, [EndTurn()])
    began = events[-1]
    assert isinstance(began, TurnBegan)
    assert began.engaged == (unit(state, "HX-010a"),)
    assert state.units[unit(state, "HX-010a")].engaged
    _refused(
        state,
        SpecialMove("HX-010a", CHARGE, H("0505"), S, "HX-009b"),
        AoDCode.NOT_ALLOWED,
        "Not after starting the turn touching an enemy.",
    )


def test_the_move_must_end_touching_the_target() -> None:
    """AOD-16.2: a charge ends in base contact with its target."""
    state = _arrange({"HX-010a": ("0510", N), "HX-009b": ("0506", S)})
    _refused(
        state,
        SpecialMove("HX-010a", CHARGE, H("0508"), N, "HX-009b"),
        AoDCode.NOT_ALLOWED,
        "The move must end in base contact with the target.",
    )


# ---- legal commands and the language -----------------------------------------------------------


def test_every_listed_special_attack_is_accepted() -> None:
    """Every special move `legal_commands` lists is accepted by the rules."""
    state = _arrange({"HX-010a": ("0510", N), "HX-009a": ("0810", N), "HX-009b": ("0506", S)})
    listed = [c for c in legal_commands(state) if isinstance(c, SpecialMove)]
    assert {c.kind for c in listed} == {CHARGE, DFA, RAM}
    for command in listed:
        play(state, [command], [3, 3, 3, 4] if command.kind is DFA else [3, 3, 3])


@pytest.mark.parametrize(
    ("text", "command"),
    [
        (
            "charge HX-010a 0507 face S at HX-009b",
            SpecialMove("HX-010a", CHARGE, H("0507"), S, "HX-009b"),
        ),
        (
            "dfa HX-009a 0507 face N at HX-010b",
            SpecialMove("HX-009a", DFA, H("0507"), N, "HX-010b"),
        ),
        (
            "ram HX-005a 0509 0508 0507 face N at HX-009b",
            SpecialMove("HX-005a", RAM, H("0507"), N, "HX-009b", via=(H("0509"), H("0508"))),
        ),
    ],
)
def test_special_moves_read_and_write(text: str, command: SpecialMove) -> None:
    """The command language: ``charge|dfa|ram UNIT HEX... [face F] at TARGET``."""
    state = _arrange({})
    assert parse_command(text, state) == command
    assert format_command(command) == text


def test_a_dfa_is_told_with_its_dice() -> None:
    """The log says the roll, the Merciless die and the damage in plain words."""
    state = _arrange({"HX-009a": ("0510", N), "HX-010b": ("0506", S)})
    command = SpecialMove("HX-009a", DFA, H("0507"), N, "HX-010b")
    told, _ = tell(0, command, decide(state, command, ScriptedDice((3, 3, 3, 4))), state)
    assert [t.text for t in told[3:5]] == [
        (
            "Kestrel KS-2L (HX-009a) jumps down on Warden WD-5H (HX-010b): 9 + 14 (Merciless d6 4 "
            "included) = 23 against 21, a hit."
        ),
        "Warden WD-5H (HX-010b) takes 6 clicks of impact damage from Death From Above.",
    ]
    assert [(r.label, r.dice) for r in told[3].rolls] == [
        ("attack", (3, 3, 3)),
        ("Merciless", (4,)),
    ]
