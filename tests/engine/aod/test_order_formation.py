"""The movement formation's order through the turn machine, with forced dice (AOD-18.2).

AOD-26.17 item 3 at the order level: the members take no pushing damage, the group stays
connected, it moves at the slowest member's speed; with AOD-7.2 (one order for all), AOD-7.4
(a token on every member), AOD-8.4 (a member's failed break-away) and AOD-18.5 (who may form).
"""

from __future__ import annotations

import attrs
import pytest

from engine.aod.commands import MoveFormation, MoveUnit
from engine.aod.events import (
    BreakAwayRolled,
    FormationOrdered,
    UnitDamaged,
    UnitMoved,
)
from engine.aod.formation_order import FormationCode, formation_commands
from engine.aod.language import format_command, parse_command
from engine.aod.rules import legal_commands
from engine.aod.state import AoDState, OrderKind
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.aod._game import arrange, play, setup, unit

N, NE, SE, S, SW, NW = Facing
H = Hex.from_label

GAME = setup(["HX-001", "HX-001", "HX-004", "HX-009"], ["HX-001", "HX-010"])
"""Red: Pathguards HX-001a, b (speed 6), Halberd HX-004a (speed 14), Kestrel HX-009a. Blue:
Pathguard HX-001c, Warden HX-010a."""

COLUMN = {
    "HX-001a": ("0505", S),
    "HX-001b": ("0506", S),
    "HX-004a": ("0507", S),
    "HX-009a": ("1505", S),
    "HX-001c": ("1515", N),
    "HX-010a": ("1715", N),
}
"""The three Red members in a linked column, the others far away."""

MEMBERS = ("HX-001a", "HX-001b", "HX-004a")


def _state(
    places: dict[str, tuple[str, Facing]] | None = None, tokens: dict[str, int] | None = None
) -> AoDState:
    return arrange(GAME, {**COLUMN, **(places or {})}, tokens=tokens)


def _refused(state: AoDState, command: MoveFormation, code: str, words: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert refused.value.code == code
    assert words in refused.value.message


def test_one_order_moves_every_member_as_the_leader_moves() -> None:
    """AOD-18.2 / AOD-7.2: one order from the pool; each member 6 hexes south, facing S."""
    state = _state()
    state, events = play(state, [MoveFormation(MEMBERS, H("0511"), S)])
    members = tuple(unit(state, m) for m in MEMBERS)
    assert events[0] == FormationOrdered(OrderKind.MOVE, members, (False,) * 3, (1, 1, 1))
    assert state.orders_left == 2
    assert [state.units[m].hex for m in members] == [H("0511"), H("0512"), H("0513")]
    assert all(state.units[m].order is OrderKind.MOVE for m in members)
    moved = [e for e in events if isinstance(e, UnitMoved)]
    assert [e.unit for e in moved] == [members[2], members[1], members[0]]  # ahead first


def test_it_moves_at_the_slowest_members_speed() -> None:
    """AOD-18.2 / AOD-26.17 #3: the Halberd (14) moves at the Pathguards' 6: 7 hexes refused."""
    state = _state()
    _refused(state, MoveFormation(MEMBERS, H("0512"), S), FormationCode.MOVE, "cannot reach 0514")
    alone, _ = play(state, [MoveUnit("HX-004a", H("0514"), S)])  # alone it could
    assert alone.units[unit(state, "HX-004a")].hex == H("0514")


def test_pushed_members_get_their_tokens_but_no_pushing_damage() -> None:
    """AOD-7.5 / AOD-18.2 / AOD-26.17 #3: members still carrying a token take none of the click.

    Each pushed member gets its second token; the unpushed one its first.
    """
    state = _state(tokens={"HX-001a": 1, "HX-004a": 1})
    state, events = play(state, [MoveFormation(MEMBERS, H("0506"), S)])
    ordered = next(e for e in events if isinstance(e, FormationOrdered))
    assert (ordered.pushed, ordered.tokens) == ((True, False, True), (2, 1, 2))
    assert not [e for e in events if isinstance(e, UnitDamaged)]
    assert [state.units[unit(state, m)].tokens for m in MEMBERS] == [2, 1, 2]
    single, events = play(_state(tokens={"HX-001a": 1}), [MoveUnit("HX-001a", H("0405"), S)])
    assert [e.cause for e in events if isinstance(e, UnitDamaged)] == ["pushed"]  # alone: a click
    assert single.units[unit(single, "HX-001a")].tokens == 2


def test_the_members_must_be_linked_before_the_move() -> None:
    """AOD-18.2 / AOD-26.17 #3: every member in base contact with another, one group."""
    state = _state(places={"HX-004a": ("0509", S)})
    _refused(
        state,
        MoveFormation(MEMBERS, H("0506"), S),
        FormationCode.ILLEGAL,
        "The members of a movement formation must all be in base contact.",
    )


def test_mechs_and_pairs_form_no_movement_formation() -> None:
    """AOD-18.2 / AOD-18.5: 3-5 infantry and vehicles; a 'Mech never joins."""
    state = _state(places={"HX-009a": ("0508", S)})
    _refused(
        state,
        MoveFormation(("HX-001a", "HX-001b"), H("0506"), S),
        FormationCode.ILLEGAL,
        "A movement formation has 3 to 5 members, not 2.",
    )
    _refused(
        state,
        MoveFormation((*MEMBERS, "HX-009a"), H("0506"), S),
        FormationCode.ILLEGAL,
        "only infantry and vehicles form a movement formation",
    )


def test_a_member_already_ordered_cannot_join() -> None:
    """AOD-7.2: one order per unit per turn, in a formation too."""
    state, _ = play(_state(), [MoveUnit("HX-001b", H("0406"), S)])
    with pytest.raises(IllegalCommand) as refused:
        play(state, [MoveFormation(MEMBERS, H("0506"), S)])
    assert refused.value.message == "HX-001b has had its order this turn (move)."


def test_a_failed_break_away_that_would_split_the_group_moves_nobody() -> None:
    """AOD-8.4 / AOD-18.2: the leader held by enemy infantry rolls 2 (fails on 3 or less).

    The others moving on would leave it behind, so [DESIGN] nobody moves; the order is spent.
    A roll of 5 breaks away and all move.
    """
    state = _state(places={"HX-001c": ("0504", S)})
    held, events = play(state, [MoveFormation(MEMBERS, H("0506"), S)], [2])
    leader = unit(state, "HX-001a")
    assert BreakAwayRolled(leader, 2, 3, success=False) in events
    assert not [e for e in events if isinstance(e, UnitMoved)]
    assert held.units[leader].hex == H("0505")
    assert held.orders_left == 2
    free, events = play(state, [MoveFormation(MEMBERS, H("0506"), S)], [5])
    assert BreakAwayRolled(leader, 5, 3, success=True) in events
    assert [free.units[unit(free, m)].hex for m in MEMBERS] == [H("0506"), H("0507"), H("0508")]


def test_listed_formations_are_accepted_and_read_back() -> None:
    """The menu lists the column moved a hex each way; each is accepted and round-trips."""
    state = _state()
    listed = [c for c in legal_commands(state) if isinstance(c, MoveFormation)]
    assert listed == formation_commands(state)
    assert MoveFormation(MEMBERS, H("0506"), S) in listed
    for command in listed:
        assert parse_command(format_command(command), state) == command
        play(state, [command])


def test_the_language_reads_a_formation() -> None:
    """``formation move A,B,C to HEX [face F]``; the leader's facing when none is given."""
    state = _state()
    command = parse_command("formation move hx-001a,HX-001b,HX-004a to 0511", state)
    assert command == MoveFormation(MEMBERS, H("0511"), S)
    assert format_command(command) == "formation move HX-001a,HX-001b,HX-004a to 0511 face S"
    turned = attrs.evolve(command, facing=NE)
    assert parse_command(format_command(turned), state) == turned
