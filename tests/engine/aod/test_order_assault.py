"""The Assault order through the turn machine, with forced dice (AOD-15, AOD-26.17 item 17).

Only a 'Mech touching no enemy at the start; half move then fire, or full move then close
combat; +1 heat after the order (on top of pushing), +1 defense for the target. An assault
carries no run and no formation by construction (`engine.aod.commands.AssaultUnit`).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.aod.combat import Modifier
from engine.aod.commands import AssaultUnit
from engine.aod.dial import DamageKind
from engine.aod.events import (
    AttackRolled,
    FreeSpinsOffered,
    HeatCause,
    HeatChanged,
    OrderGiven,
    UnitDamaged,
    UnitMoved,
)
from engine.aod.language import format_command, parse_command
from engine.aod.movement import Altitude
from engine.aod.rules import AoDCode, decide, legal_commands
from engine.aod.state import AoDState, OrderKind
from engine.aod.units import WeaponSlot
from engine.dice import Dice
from engine.game import Command, IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.aod._game import arrange, play, setup, unit

N, NE, SE, S, SW, NW = Facing
H = Hex.from_label
ASSAULT = Modifier("assault", 1, "AOD-15")

GAME = setup(["HX-009", "HX-001"], ["HX-001", "HX-010"])
"""Red: Kestrel (speed 12) and a Pathguard; Blue: a Pathguard and the Warden."""
APART = {
    "HX-009a": ("0505", S),
    "HX-001a": ("1505", S),
    "HX-001b": ("0515", N),
    "HX-010a": ("1515", N),
}


def _attack(events: Sequence[object]) -> AttackRolled:
    return next(e for e in events if isinstance(e, AttackRolled))


def _refused(state: AoDState, command: Command, code: str, message: str | None = None) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert refused.value.code == code
    if message is not None:
        assert refused.value.message == message


def test_half_move_then_fire_with_plus_one_defense_and_plus_one_heat() -> None:
    """AOD-15: the Kestrel moves 4 of its 6 (half of 12) and fires: the Pathguard gets +1."""
    state = arrange(GAME, APART)
    kestrel, target = unit(state, "HX-009a"), unit(state, "HX-001b")
    command = AssaultUnit("HX-009a", H("0509"), S, ("HX-001b",))
    state, events = play(state, [command], dice=[3, 3, 3])
    assert events[0] == OrderGiven(kestrel, OrderKind.ASSAULT, pushed=False, tokens=1)
    assert events[1] == UnitMoved(kestrel, H("0509"), S, Altitude.NOE, 4)
    shot = _attack(events).shots[0]
    assert shot.defense_modifiers == (ASSAULT,)
    assert (shot.need, shot.hit, shot.clicks) == (6, True, 1)  # 15 + 1 - 10; energy: 1
    assert UnitDamaged(target, DamageKind.ENERGY, 1, 1, 0, "ranged attack", 0) in events
    assert HeatChanged(kestrel, (HeatCause.ASSAULT,), 1, 1, shutdown=False, tokens=1) in events
    assert state.units[kestrel].dial.heat == 1


def test_a_ranged_assault_moves_at_most_half_speed() -> None:
    """AOD-15: 7 hexes is beyond half of 12."""
    _refused(
        arrange(GAME, APART),
        AssaultUnit("HX-009a", H("0512"), S, ("HX-001b",)),
        AoDCode.UNREACHABLE,
        "HX-009a cannot reach 0512 in this assault (allowance 6).",
    )


def test_the_attack_is_judged_where_the_move_ends() -> None:
    """AOD-15 / AOD-12.2: facing north at the end, the Pathguard is behind: nothing is given."""
    state = arrange(GAME, APART)
    _refused(
        state,
        AssaultUnit("HX-009a", H("0509"), N, ("HX-001b",)),
        "attack/not_in_front_arc",
        "HX-009a cannot fire at HX-001b: the target is outside the front arc.",
    )
    assert state.units[unit(state, "HX-009a")].order is None


def test_full_move_then_close_combat() -> None:
    """AOD-15 / AOD-14: full speed, then close combat at +1 defense.

    The Kestrel moves 9 of its 12 into contact and strikes: 15 + 1 - 10 = 6; close damage is its
    primary, 3, not reduced against infantry (AOD-11.5).
    """
    state = arrange(GAME, APART)
    kestrel, target = unit(state, "HX-009a"), unit(state, "HX-001b")
    command = AssaultUnit("HX-009a", H("0514"), S, ("HX-001b",), close=True)
    state, events = play(state, [command], dice=[2, 2, 2])
    attack = _attack(events)
    assert attack.close
    assert attack.shots[0].defense_modifiers == (ASSAULT,)
    assert (attack.shots[0].need, attack.shots[0].clicks) == (6, 3)
    assert UnitDamaged(target, DamageKind.CLOSE, 3, 3, 0, "close combat", 0) in events
    assert HeatChanged(kestrel, (HeatCause.ASSAULT,), 1, 1, shutdown=False, tokens=1) in events
    assert state.units[target].dial.click == 3


def test_the_enemies_beside_the_assault_may_spin_after_it() -> None:
    """AOD-8.5 [DESIGN]: the Pathguard facing away is offered its free spin after the attack."""
    places = {**APART, "HX-001b": ("0515", S)}
    state = arrange(GAME, places)
    command = AssaultUnit("HX-009a", H("0514"), S, ("HX-001b",), close=True)
    state, events = play(state, [command], dice=[1, 2, 1])
    offered = [n for n, e in enumerate(events) if isinstance(e, FreeSpinsOffered)]
    rolled = [n for n, e in enumerate(events) if isinstance(e, AttackRolled)]
    assert rolled[0] < offered[0]
    assert _attack(events).shots[0].attack_modifiers == (Modifier("rear contact", 2, "AOD-14.2"),)
    assert state.spins


def test_close_assault_moves_at_most_full_speed() -> None:
    """AOD-15: 13 hexes is beyond 12."""
    places = {**APART, "HX-001b": ("0519", N)}
    _refused(
        arrange(GAME, places),
        AssaultUnit("HX-009a", H("0518"), S, ("HX-001b",), close=True),
        AoDCode.UNREACHABLE,
        "HX-009a cannot reach 0518 in this assault (allowance 12).",
    )


def test_a_pushed_assault_heats_two() -> None:
    """AOD-15 / AOD-10.1: +1 for the push and +1 for the assault, applied together."""
    state = arrange(GAME, APART, tokens={"HX-009a": 1})
    command = AssaultUnit("HX-009a", H("0509"), S, ("HX-001b",))
    state, events = play(state, [command], dice=[3, 3, 3])
    kestrel = unit(state, "HX-009a")
    assert (
        HeatChanged(kestrel, (HeatCause.PUSHED, HeatCause.ASSAULT), 2, 2, shutdown=False, tokens=1)
        in events
    )


def test_only_a_mech_touching_no_enemy_assaults() -> None:
    """AOD-15 / AOD-7.3: not an infantry unit; not a 'Mech already in contact."""
    state = arrange(GAME, APART)
    _refused(state, AssaultUnit("HX-001a", H("1506"), S, ("HX-010a",)), AoDCode.NOT_ALLOWED)
    touching = {**APART, "HX-001b": ("0506", N)}
    state = arrange(GAME, touching)
    _refused(state, AssaultUnit("HX-009a", H("0505"), S, ("HX-001b",)), AoDCode.NOT_ALLOWED)
    assert not any(isinstance(c, AssaultUnit) for c in legal_commands(state))


def test_listed_assaults_are_accepted_and_read_back() -> None:
    """Every listed Assault order is accepted; the language writes and reads it back."""
    state = arrange(GAME, {**APART, "HX-001b": ("0511", N)})
    listed = [c for c in legal_commands(state) if isinstance(c, AssaultUnit)]
    assert any(c.close for c in listed)
    assert any(not c.close for c in listed)
    for command in listed:
        assert parse_command(format_command(command), state) == command
        decide(state, command, Dice(3))  # accepted: no IllegalCommand


@pytest.mark.parametrize(
    ("text", "command"),
    [
        (
            "assault HX-009a 0509 fire HX-001b",
            AssaultUnit("HX-009a", H("0509"), S, ("HX-001b",)),
        ),
        (
            "assault HX-009a 0506 0507 face SE fire HX-001b,HX-010a secondary split 1,1",
            AssaultUnit(
                "HX-009a",
                H("0507"),
                SE,
                ("HX-001b", "HX-010a"),
                slot=WeaponSlot.SECONDARY,
                split=(1, 1),
                via=(H("0506"),),
            ),
        ),
        (
            "assault hx-009a 0514 strike hx-001b",
            AssaultUnit("HX-009a", H("0514"), S, ("HX-001b",), close=True),
        ),
    ],
)
def test_assault_words(text: str, command: AssaultUnit) -> None:
    """The command language reads ``assault`` and writes it back the same."""
    state = arrange(GAME, APART)
    assert parse_command(text, state) == command
    assert parse_command(format_command(command), state) == command
