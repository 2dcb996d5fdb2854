"""The close formation through the turn machine, with forced dice (AOD-18.4, AOD-18.5).

AOD-26.17 item 23, its close part: +2 attack per member beyond the leader and +2 once for the
rear arc, the leader's attack and damage, a token on every member, a critical miss costing the
leader alone, a failed capture of a 'Mech costing every member a click.

Red's two Pathguards (Foot infantry, attack 8, primary 1) touch Blue's Warden (defense 19).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.aod.combat import Modifier
from engine.aod.commands import CloseFormation
from engine.aod.events import AttackRolled, FormationOrdered, UnitDamaged
from engine.aod.formation_order import FormationCode
from engine.aod.language import format_command, parse_command
from engine.aod.rules import legal_commands
from engine.aod.state import AoDState, OrderKind
from engine.game import Event, IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.aod._game import play, unit
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


def test_touching_the_rear_arc_adds_two_more() -> None:
    """AOD-18.4: the Warden faces away (south): +2 per extra member and +2 once for the rear."""
    _, events = play(_pair(S), [PAIR], [3, 3, 1])
    shot = _roll(events).shots[0]
    assert shot.attack_modifiers == (
        Modifier("close formation", 4, "AOD-18.4"),
        Modifier("rear contact", 2, "AOD-14.2"),
    )
    assert shot.hit  # 7 + 8 + 4 + 2 = 21 >= 19


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
