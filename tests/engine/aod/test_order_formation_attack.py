"""Ranged and close formations through the turn machine, forced dice (AOD-18.3 to AOD-18.5).

AOD-26.17 item 23, its ranged and close parts: +2 attack per member beyond the leader and +2
once for the rear arc, the leader's attack and damage, a token on every member, a critical miss
costing the leader alone, each pushed member its own push, every member's line of fire, a failed
capture of a 'Mech costing every member a click.

Close: Red's two Pathguards (Foot infantry, attack 8, primary 1) touch Blue's Warden (defense
19). Ranged: three linked Pathguards fire at a Warden three hexes away.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.aod.combat import Modifier
from engine.aod.commands import CloseFormation, RangedFormation
from engine.aod.events import AttackRolled, FormationOrdered, UnitDamaged
from engine.aod.formation_order import FormationCode
from engine.aod.language import format_command, parse_command
from engine.aod.rules import legal_commands
from engine.aod.state import AoDState, OrderKind
from engine.game import Event, IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.aod._combat import armed
from tests.engine.aod._game import arrange, play, unit
from tests.engine.aod.test_order_capture import _arrange

N, NE, SE, S, SW, NW = Facing
H = Hex.from_label

PAIR = CloseFormation(("HX-001a", "HX-001b"), "HX-010a")


def _pair(warden: Facing = N) -> AoDState:
    """The Pathguards north (0505) and north-east of the Warden in 0506, facing it."""
    beside = H("0506").neighbor(NE).label
    return _arrange({"HX-001a": ("0505", S), "HX-001b": (beside, SW), "HX-010a": ("0506", warden)})


def _roll(events: Sequence[Event]) -> AttackRolled:
    return next(e for e in events if isinstance(e, AttackRolled))


@pytest.mark.parametrize(("dice", "hit"), [((3, 3, 3), True), ((3, 3, 2), False)])
def test_a_second_member_adds_two_to_the_leaders_attack(dice: tuple[int, ...], hit: bool) -> None:
    """AOD-18.4: 9 + 8 + 2 = 19 reaches the Warden's 19; 8 + 8 + 2 = 18 does not.

    One order from the pool, a token on each member; the damage is the leader's primary, 1.
    """
    state = _pair()
    squad, other, warden = (unit(state, u) for u in ("HX-001a", "HX-001b", "HX-010a"))
    state, events = play(state, [PAIR], list(dice))
    assert events[0] == FormationOrdered(OrderKind.CLOSE, (squad, other), (False, False), (1, 1))
    shot = _roll(events).shots[0]
    assert shot.attack_modifiers == (Modifier("close formation", 2, "AOD-18.4"),)
    assert (shot.attack, shot.need, shot.hit) == (8, 9, hit)
    assert [(e.unit, e.clicks) for e in events if isinstance(e, UnitDamaged)] == (
        [(warden, 1)] if hit else []
    )
    assert state.orders_left == 2
    assert state.units[other].order is OrderKind.CLOSE


@pytest.mark.parametrize(
    ("warden", "modifiers"),
    [
        (NW, (Modifier("close formation", 4, "AOD-18.4"),)),
        (S, (Modifier("close formation", 2, "AOD-18.4"), Modifier("rear contact", 2, "AOD-14.2"))),
    ],
)
def test_touching_the_rear_arc_adds_a_single_two(warden: Facing, modifiers: object) -> None:
    """AOD-18.4 / AOD-26.17 #23 [INTERP]: +2 once when any member touches the rear arc.

    Facing north-west, the Warden shows its rear to the second member only: the formation's
    bonus carries it (2 + 2). Facing south, the leader touches the rear too: its own rear
    contact is the single +2. Either way 7 + 8 + 4 = 19 hits.
    """
    _, events = play(_pair(warden), [PAIR], [3, 3, 1])
    shot = _roll(events).shots[0]
    assert shot.attack_modifiers == modifiers
    assert shot.hit


def test_a_critical_miss_costs_only_the_leader() -> None:
    """AOD-18.4 / AOD-11.4: 1 + 1 on the white dice: the leader alone takes 1 click."""
    state = _pair()
    squad = unit(state, "HX-001a")
    _, events = play(state, [PAIR], [1, 1, 6])
    assert [(e.unit, e.clicks) for e in events if isinstance(e, UnitDamaged)] == [(squad, 1)]


def test_a_failed_capture_of_a_mech_costs_every_member_a_click() -> None:
    """AOD-18.4: 8 + 8 + 2 = 18 is short of 19 + 3: both Pathguards take 1 click."""
    state = _pair()
    squad, other = unit(state, "HX-001a"), unit(state, "HX-001b")
    command = CloseFormation(("HX-001a", "HX-001b"), "HX-010a", capture=True)
    state, events = play(state, [command], [3, 3, 2])
    assert not _roll(events).shots[0].hit
    hurt = sorted((e.unit, e.clicks) for e in events if isinstance(e, UnitDamaged))
    assert hurt == [(squad, 1), (other, 1)]
    assert state.units[unit(state, "HX-010a")].captor is None


def test_a_member_not_touching_the_target_is_refused() -> None:
    """AOD-18.4 / AOD-18.5: each member's front arc touches the target."""
    state = _arrange({"HX-001a": ("0505", S), "HX-001b": ("0509", N), "HX-010a": ("0506", N)})
    with pytest.raises(IllegalCommand) as refused:
        play(state, [PAIR])
    assert refused.value.code == FormationCode.ILLEGAL


def test_the_formation_is_listed_and_reads_back() -> None:
    """`legal_commands` offers the pair; the command language writes and reads it."""
    state = _pair()
    assert PAIR in legal_commands(state)
    assert format_command(PAIR) == "formation close HX-001a,HX-001b at HX-010a"
    assert parse_command(format_command(PAIR), state) == PAIR
    capture = CloseFormation(PAIR.members, PAIR.target, capture=True)
    assert parse_command(format_command(capture), state) == capture


# ---- AOD-18.3: the ranged formation ----------------------------------------------------------

TRIO_GAME = armed(["HX-001", "HX-001", "HX-001"], ["HX-010", "HX-001"])
"""Red: three Pathguards (attack 8, range 6, primary 1). Blue: a Warden (defense 19)."""

TRIO = RangedFormation(("HX-001a", "HX-001b", "HX-001c"), "HX-010a")


def _trio(warden: Facing = N, facing: Facing = S, **options: Any) -> AoDState:
    """Three linked Pathguards: 0505 and the hexes south-east and south-west of it.

    The Warden stands three rows south, in 0508.
    """
    start = H("0505")
    places = {
        "HX-001a": ("0505", S),
        "HX-001b": (start.neighbor(SE).label, S),
        "HX-001c": (start.neighbor(SW).label, facing),
        "HX-010a": ("0508", warden),
        "HX-001d": ("1818", N),
    }
    return arrange(TRIO_GAME, places, **options)


@pytest.mark.parametrize(("dice", "hit"), [((2, 2, 3), True), ((2, 2, 2), False)])
def test_two_members_beyond_the_leader_add_four(dice: tuple[int, ...], hit: bool) -> None:
    """AOD-18.3 / AOD-26.17 #23: 7 + 8 + 4 = 19 reaches 19; 6 + 8 + 4 = 18 does not.

    The leader's attack and primary damage (1); one order, a token on each member.
    """
    state = _trio()
    trio = tuple(unit(state, u) for u in TRIO.members)
    state, events = play(state, [TRIO], list(dice))
    assert events[0] == FormationOrdered(OrderKind.RANGED, trio, (False,) * 3, (1,) * 3)
    shot = _roll(events).shots[0]
    assert shot.attack_modifiers == (Modifier("ranged formation", 4, "AOD-18.3"),)
    assert (shot.attack, shot.hit, shot.clicks) == (8, hit, 1 if hit else 0)


def test_a_line_of_fire_through_the_rear_arc_adds_two_once() -> None:
    """AOD-18.3 / AOD-26.17 #23 [INTERP]: the Warden faces away (south): a single rear +2.

    The leader's own line of fire crosses the rear arc: its rear-arc +2 (AOD-12.5) is that one,
    and the formation adds +2 per extra member only: 5 + 8 + 4 + 2 = 19 hits.
    """
    _, events = play(_trio(S), [TRIO], [2, 2, 1])
    shot = _roll(events).shots[0]
    assert shot.attack_modifiers == (
        Modifier("ranged formation", 4, "AOD-18.3"),
        Modifier("rear arc", 2, "AOD-12.5"),
    )
    assert shot.hit


def test_a_members_line_of_fire_through_the_rear_counts_once_in_the_bonus() -> None:
    """AOD-18.3 / AOD-26.17 #23: a member's line of fire crosses the rear arc, not the leader's.

    The Warden faces south-east: the leader (south-east of 0505) sees its front, the others its
    rear: the formation's bonus is 2 + 2 + 2, and the leader has no rear-arc +2 of its own.
    """
    members = ("HX-001b", "HX-001a", "HX-001c")
    _, events = play(_trio(SE), [RangedFormation(members, "HX-010a")], [1, 1, 1])
    shot = _roll(events).shots[0]
    assert shot.attack_modifiers == (Modifier("ranged formation", 6, "AOD-18.3"),)


def test_every_member_needs_a_line_of_fire() -> None:
    """AOD-18.3 / AOD-18.5: a member facing away has no line of fire: the order is refused."""
    with pytest.raises(IllegalCommand) as refused:
        play(_trio(facing=N), [TRIO])
    assert refused.value.code == FormationCode.ILLEGAL
    assert "no clear line of fire" in refused.value.message


def test_a_pushed_member_takes_its_own_click_and_a_critical_miss_only_the_leaders() -> None:
    """AOD-18.3 / AOD-7.5 / AOD-11.4: each pushed member's push; a critical miss, the leader's.

    The pushed second member takes 1 click; 1 + 1 misses and costs the leader 1 click; the
    third member nothing.
    """
    state = _trio(tokens={"HX-001b": 1})
    leader, pushed = unit(state, "HX-001a"), unit(state, "HX-001b")
    _, events = play(state, [TRIO], [1, 1, 6])
    hurt = [(e.unit, e.clicks, e.cause) for e in events if isinstance(e, UnitDamaged)]
    assert hurt == [(pushed, 1, "pushed"), (leader, 1, "critical miss")]


def test_the_ranged_formation_is_listed_and_reads_back() -> None:
    """`legal_commands` offers the trio; the command language writes and reads it."""
    state = _trio()
    assert TRIO in legal_commands(state)
    assert format_command(TRIO) == "formation fire HX-001a,HX-001b,HX-001c at HX-010a"
    assert parse_command(format_command(TRIO), state) == TRIO
