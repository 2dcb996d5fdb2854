"""AOD-26.17 acceptance checklist, items 1 to 13: one class per item, one test per bullet.

Every test plays its bullet through the turn machine (`engine.aod.rules.decide` and
`engine.aod.evolve.evolve`, by `tests.engine.aod._game.play`) with forced dice, and asserts the
digest's numbers: orders left, need numbers, clicks, heat, tokens, allowances. The units are the
INVENTED example units of AOD-26.15 (Pathguard HX-001: speed 6, attack 8, defense 15, damage 1;
Kestrel HX-009: speed 12, attack 10, defense 18 with Evade, primary energy 3, secondary ballistic
2 x2; Warden HX-010: speed 8, attack 10, defense 19, primary ballistic 4 at 2-14; ...).

Where a bullet is also tested elsewhere in more depth, the class docstring names that file;
this file is the index a reviewer reads the checklist against. The rules: AOD-7.2, AOD-7.4 to
AOD-7.6, AOD-8.3 to AOD-8.6, AOD-8.9, AOD-9.3, AOD-10.1, AOD-11.2 to AOD-11.4, AOD-12.2 to
AOD-12.8, AOD-18.2, AOD-19.2 to AOD-19.6, AOD-25, AOD-26.4 to AOD-26.7.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs
import pytest

from engine.aod.combat import Modifier
from engine.aod.commands import (
    CloseCombat,
    EndTurn,
    FireOnMove,
    FreeSpin,
    MoveFormation,
    MoveUnit,
    RangedAttack,
    UnloadTransport,
    VentUnit,
)
from engine.aod.context import AoDCode
from engine.aod.dial import DamageKind
from engine.aod.events import (
    AttackRolled,
    BreakAwayRolled,
    FormationOrdered,
    FreeSpinsOffered,
    HeatCause,
    HeatChanged,
    OrderGiven,
    Shot,
    TokensRemoved,
    TurnBegan,
    TurnEnded,
    UnitDamaged,
    UnitMoved,
    UnitSpun,
)
from engine.aod.geometry import submerged
from engine.aod.language import format_command, parse_command
from engine.aod.movement import Altitude
from engine.aod.moving import move_allowance
from engine.aod.narrate import tell
from engine.aod.rules import legal_commands, seats_to_act
from engine.aod.state import AoDSetup, AoDState, OrderKind, SpinOffer
from engine.aod.status import DialStatus
from engine.aod.terrain import HexTerrain, TerrainType
from engine.aod.transport_order import TransportCode
from engine.aod.units import SpeedMode, WeaponSlot
from engine.game import Command, Event, IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.aod._game import arrange, play, setup, unit

N, NE, SE, S, SW, NW = Facing
H = Hex.from_label
PUSHING = DamageKind.PUSHING
NOE, CRUISING = Altitude.NOE, Altitude.CRUISING

WOODS = HexTerrain(TerrainType.HINDERING, feature=1)
OTHER_WOODS = HexTerrain(TerrainType.HINDERING, feature=2)
WALL = HexTerrain(TerrainType.BLOCKING, feature=3)
HILL = HexTerrain(TerrainType.CLEAR, elevated=True, feature=4)
OTHER_HILL = HexTerrain(TerrainType.CLEAR, elevated=True, feature=5)
SHALLOW = HexTerrain(TerrainType.SHALLOW, feature=7)
DEEP = HexTerrain(TerrainType.DEEP, feature=8)

Places = Mapping[str, tuple[str, Facing] | tuple[str, Facing, Altitude]]


def _refused(state: AoDState, command: Command, code: str, words: str) -> None:
    """The command is refused with ``code``, and its sentence contains ``words``."""
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert refused.value.code == code
    assert words in refused.value.message, refused.value.message


def _shots(events: Sequence[Event]) -> tuple[Shot, ...]:
    return next(e for e in events if isinstance(e, AttackRolled)).shots


def _one(events: Sequence[Event], kind: type[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


def _turns(state: AoDState, count: int) -> AoDState:
    """``count`` turns pass with no order (each player ends his turn at once)."""
    state, _ = play(state, [EndTurn()] * count)
    return state


# ==== item 1 =====================================================================================

PAIR = setup(["HX-001", "HX-001", "HX-001", "HX-009"], ["HX-010"])
"""Red: Pathguards HX-001a, b, c, Kestrel HX-009a. Blue: Warden HX-010a."""
APART: Places = {
    "HX-001a": ("0505", S),
    "HX-001b": ("0705", S),
    "HX-001c": ("0905", S),
    "HX-009a": ("1105", S),
    "HX-010a": ("1515", N),
}


class TestItem1OrderPool:
    """AOD-26.17 item 1: the order pool.

    Checklist: "Orders per turn = build/150. Unused orders are lost. One order per unit per turn."

    Rules: AOD-7.2, AOD-7.1 (clean-up passes play on), AOD-23.1 (the standard game: 450 points,
    3 orders). Also tests/engine/aod/test_turn_orders.py.
    """

    @pytest.mark.parametrize(("build", "orders"), [(300, 2), (450, 3), (600, 4), (749, 4)])
    def test_orders_per_turn_are_the_build_total_over_150(self, build: int, orders: int) -> None:
        """AOD-7.2: 300 -> 2, 450 -> 3, 600 -> 4, 749 -> 4 orders; the last one ends the turn."""
        game = attrs.evolve(PAIR, build_total=build)
        state = arrange(game, APART)
        assert state.orders_left == orders
        idents = ["HX-001a", "HX-001b", "HX-001c", "HX-009a"][:orders]
        moves = [MoveUnit(i, state.units[unit(state, i)].hex.neighbor(S), S) for i in idents]  # type: ignore[union-attr]
        state, events = play(state, moves)
        assert TurnEnded(player=0, forfeited=0) in events
        assert events[-1] == TurnBegan(player=1, turn=2, round=1, orders=orders, zone_vp=0)

    def test_unused_orders_are_lost(self) -> None:
        """AOD-7.2: one order given of 3, two forfeited; Red's next turn has 3 again, not 5."""
        state, _ = play(arrange(PAIR, APART), [MoveUnit("HX-001a", H("0506"), S)])
        state, events = play(state, [EndTurn()])
        assert events[0] == TurnEnded(player=0, forfeited=2)
        state, events = play(state, [EndTurn()])  # Blue's turn
        assert events[0] == TurnEnded(player=1, forfeited=3)
        assert events[-1] == TurnBegan(player=0, turn=3, round=2, orders=3, zone_vp=0)
        assert state.orders_left == 3

    def test_one_order_per_unit_per_turn(self) -> None:
        """AOD-7.2: after its Move the Kestrel takes no second order, not even a Vent."""
        state, _ = play(arrange(PAIR, APART), [MoveUnit("HX-009a", H("1106"), S)])
        for command in (MoveUnit("HX-009a", H("1107"), S), VentUnit("HX-009a")):
            _refused(state, command, AoDCode.ORDERED, "HX-009a has had its order this turn")
        assert state.orders_left == 2
        assert not [c for c in legal_commands(state) if getattr(c, "unit", "") == "HX-009a"]


# ==== item 2 =====================================================================================

MIXED = setup(["HX-001", "HX-004", "HX-009"], ["HX-010"])
"""Red: Pathguard HX-001a, Halberd hover tank HX-004a, Kestrel HX-009a. Blue: Warden HX-010a."""
SPREAD: Places = {
    "HX-001a": ("0505", S),
    "HX-004a": ("0805", S),
    "HX-009a": ("1105", S),
    "HX-010a": ("1515", N),
}


class TestItem2Pushing:
    """AOD-26.17 item 2: pushing.

    Checklist: "Pushing: an infantry unit ordered in consecutive turns takes 1 click after the
    order; a 'Mech takes +1 heat and no second token; venting keeps the old token; an order
    given the turn after a Vent is a push only if an older token survived; clean-up token rules
    follow AOD-7.6."

    Rules: AOD-7.4, AOD-7.5, AOD-7.6, AOD-25 #33 and #34. Also tests/engine/aod/test_turn_orders.py.
    """

    @pytest.mark.parametrize("ident", ["HX-001a", "HX-004a"])
    def test_infantry_or_vehicle_ordered_in_consecutive_turns_takes_one_click(
        self, ident: str
    ) -> None:
        """AOD-7.5: ordered in Red's turns 1 and 3: after the second order 2 tokens, 1 click."""
        state = arrange(MIXED, SPREAD)
        index = unit(state, ident)
        start = state.units[index].hex
        assert start is not None
        state, events = play(state, [MoveUnit(ident, start.neighbor(S), S)])
        assert events[0] == OrderGiven(index, OrderKind.MOVE, pushed=False, tokens=1)
        state = _turns(state, 2)  # Red ends turn 1, Blue turn 2
        assert state.units[index].tokens == 1  # this turn's token stayed (AOD-7.6)
        there = start.neighbor(S).neighbor(S)
        state, events = play(state, [MoveUnit(ident, there, S)])
        assert events[:3] == [
            OrderGiven(index, OrderKind.MOVE, pushed=True, tokens=1),
            UnitMoved(index, there, S, NOE, 1),
            UnitDamaged(index, PUSHING, clicks=1, click=1, tokens=2, cause="pushed"),
        ]
        assert (state.units[index].dial.click, state.units[index].tokens) == (1, 2)

    def test_a_mech_takes_one_heat_and_no_second_token(self) -> None:
        """AOD-7.5: the Kestrel ordered in turns 1 and 3: +1 heat after the order, 1 token."""
        state = arrange(MIXED, SPREAD)
        kestrel = unit(state, "HX-009a")
        state, _ = play(state, [MoveUnit("HX-009a", H("1106"), S)])
        state = _turns(state, 2)
        state, events = play(state, [MoveUnit("HX-009a", H("1107"), S)])
        assert events[0] == OrderGiven(kestrel, OrderKind.MOVE, pushed=True, tokens=1)
        assert events[2] == HeatChanged(
            kestrel, (HeatCause.PUSHED,), 1, 1, shutdown=False, tokens=1
        )
        assert not _one(events, UnitDamaged)
        assert (state.units[kestrel].dial, state.units[kestrel].tokens) == (DialStatus(0, 1), 1)

    @staticmethod
    def _vented() -> AoDState:
        """The Kestrel (heat 3) moved in Red's turn 1 and vents in turn 3 (order stage)."""
        state = arrange(MIXED, SPREAD, dials={"HX-009a": DialStatus(0, 3)})
        state, _ = play(state, [MoveUnit("HX-009a", H("1106"), S)])
        return _turns(state, 2)

    def test_venting_keeps_the_old_token(self) -> None:
        """AOD-7.4 / AOD-7.6: a Vent places no token, and clean-up keeps the older one.

        The Vent cools the Kestrel by its rating 2 (3 -> 1); its token from turn 1 stays
        through turn 3's clean-up.
        """
        state = self._vented()
        kestrel = unit(state, "HX-009a")
        state, events = play(state, [VentUnit("HX-009a")])
        assert events[:2] == [
            OrderGiven(kestrel, OrderKind.VENT, pushed=False, tokens=1),
            HeatChanged(kestrel, (HeatCause.VENT,), -2, 1, shutdown=False, tokens=1),
        ]
        state, events = play(state, [EndTurn()])
        assert not [e for e in _one(events, TokensRemoved) if e.unit == kestrel]  # type: ignore[attr-defined]
        assert state.units[kestrel].tokens == 1

    def test_an_order_after_a_vent_is_a_push_only_if_an_older_token_survived(self) -> None:
        """AOD-7.5 / AOD-25 #34: Move, Vent, Move in Red's turns 1, 3, 5: a push (+1 heat).

        Vent in turn 1 (no token before it), Move in turn 3: no push, no heat.
        """
        state = self._vented()
        kestrel = unit(state, "HX-009a")
        state = _turns(play(state, [VentUnit("HX-009a")])[0], 2)
        state, events = play(state, [MoveUnit("HX-009a", H("1107"), S)])
        assert events[0] == OrderGiven(kestrel, OrderKind.MOVE, pushed=True, tokens=1)
        assert events[2] == HeatChanged(
            kestrel, (HeatCause.PUSHED,), 1, 2, shutdown=False, tokens=1
        )
        state = arrange(MIXED, SPREAD, dials={"HX-009a": DialStatus(0, 3)})
        state, _ = play(state, [VentUnit("HX-009a")])
        state = _turns(state, 2)
        assert state.units[kestrel].tokens == 0
        state, events = play(state, [MoveUnit("HX-009a", H("1106"), S)])
        assert events[0] == OrderGiven(kestrel, OrderKind.MOVE, pushed=False, tokens=1)
        assert not _one(events, HeatChanged)

    def test_clean_up_heat_first_then_tokens_by_the_table(self) -> None:
        """AOD-7.6 / AOD-25 #33: every row of the clean-up table, heat before tokens.

        Kestrel (heat 2, 1 old token, no order): -1 heat, all tokens removed. Pathguard (1 old
        token, pushed Move): only this turn's token stays (2 -> 1). Halberd (no token, Move):
        keeps its 1. A shut-down Warden of Blue keeps its 2 in Blue's clean-up.
        """
        state = arrange(
            MIXED,
            SPREAD,
            dials={"HX-009a": DialStatus(0, 2), "HX-010a": DialStatus(0, 6, shutdown=True)},
            tokens={"HX-009a": 1, "HX-001a": 1, "HX-010a": 2},
        )
        kestrel, pathguard, halberd = (unit(state, i) for i in ("HX-009a", "HX-001a", "HX-004a"))
        state, _ = play(
            state, [MoveUnit("HX-001a", H("0506"), S), MoveUnit("HX-004a", H("0806"), S)]
        )
        assert state.units[pathguard].tokens == 2
        state, events = play(state, [EndTurn()])
        assert events[:4] == [
            TurnEnded(player=0, forfeited=1),
            HeatChanged(kestrel, (HeatCause.IDLE,), -1, 1, shutdown=False, tokens=1),
            TokensRemoved(pathguard, 1),  # the older token goes, this turn's stays
            TokensRemoved(kestrel, 0),  # no order: all go
        ]
        assert not [e for e in _one(events, TokensRemoved) if e.unit == halberd]  # type: ignore[attr-defined]
        assert [state.units[i].tokens for i in (kestrel, pathguard, halberd)] == [0, 1, 1]
        # Blue's clean-up: the shut-down Warden keeps both tokens (and cools passively).
        warden = unit(state, "HX-010a")
        state, events = play(state, [EndTurn()], dice=[1, 6])
        assert not [e for e in _one(events, TokensRemoved) if e.unit == warden]  # type: ignore[attr-defined]
        assert state.units[warden].tokens == 2


# ==== item 3 =====================================================================================

COLUMN_GAME = setup(["HX-001", "HX-001", "HX-004", "HX-009"], ["HX-001", "HX-010"])
"""Red: Pathguards HX-001a, b (speed 6), Halberd HX-004a (speed 14), Kestrel HX-009a (so that a
unit is left to order and the turn does not end by itself). Blue: Pathguard HX-001c, Warden
HX-010a."""
COLUMN: Places = {
    "HX-001a": ("0505", S),
    "HX-001b": ("0506", S),
    "HX-004a": ("0507", S),
    "HX-009a": ("1505", S),
    "HX-001c": ("1515", N),
    "HX-010a": ("1715", N),
}
MEMBERS = ("HX-001a", "HX-001b", "HX-004a")


class TestItem3MovementFormation:
    """AOD-26.17 item 3: movement formations.

    Checklist: "Movement-formation members take no pushing damage. The group stays connected. It
    moves at the slowest speed."

    Rules: AOD-18.2, AOD-7.5, AOD-8.4, AOD-26.7. Also tests/engine/aod/test_order_formation.py.
    """

    def test_members_take_no_pushing_damage(self) -> None:
        """AOD-18.2 / AOD-7.5: members take no pushing damage.

        The formation moves in Red's turns 1 and 3: the second order
        pushes all three (second tokens), yet nobody takes a click.
        """
        state = arrange(COLUMN_GAME, COLUMN)
        members = tuple(unit(state, m) for m in MEMBERS)
        state, events = play(state, [MoveFormation(MEMBERS, H("0506"), S)])
        assert events[0] == FormationOrdered(OrderKind.MOVE, members, (False,) * 3, (1, 1, 1))
        state = _turns(state, 2)
        state, events = play(state, [MoveFormation(MEMBERS, H("0507"), S)])
        assert events[0] == FormationOrdered(OrderKind.MOVE, members, (True,) * 3, (2, 2, 2))
        assert not _one(events, UnitDamaged)
        assert [state.units[m].dial.click for m in members] == [0, 0, 0]
        assert [state.units[m].hex for m in members] == [H("0507"), H("0508"), H("0509")]

    def test_the_group_stays_connected(self) -> None:
        """AOD-18.2 / AOD-26.7: the group stays connected.

        Unlinked members are refused; a leader held by enemy infantry
        that fails its break-away (3: fails on 1-3) holds the group: nobody moves.
        """
        _refused(
            arrange(COLUMN_GAME, {**COLUMN, "HX-004a": ("0509", S)}),
            MoveFormation(MEMBERS, H("0506"), S),
            "formation/illegal",
            "must all be in base contact",
        )
        held = arrange(COLUMN_GAME, {**COLUMN, "HX-001c": ("0504", S)})
        leader = unit(held, "HX-001a")
        state, events = play(held, [MoveFormation(MEMBERS, H("0508"), S)], dice=[3])
        assert BreakAwayRolled(leader, 3, 3, success=False) in events
        assert not _one(events, UnitMoved)
        assert state.orders_left == 2  # the order is spent
        state, events = play(held, [MoveFormation(MEMBERS, H("0508"), S)], dice=[4])
        assert BreakAwayRolled(leader, 4, 3, success=True) in events
        assert [state.units[unit(state, m)].hex for m in MEMBERS] == [
            H("0508"),
            H("0509"),
            H("0510"),
        ]

    def test_it_moves_at_the_slowest_speed(self) -> None:
        """AOD-18.2: the Halberd (speed 14) with two Pathguards (6): 6 hexes, not 7."""
        state = arrange(COLUMN_GAME, COLUMN)
        _, events = play(state, [MoveFormation(MEMBERS, H("0511"), S)])
        assert [(e.unit, e.cost) for e in _one(events, UnitMoved)] == [  # type: ignore[attr-defined]
            (unit(state, "HX-004a"), 6),
            (unit(state, "HX-001b"), 6),
            (unit(state, "HX-001a"), 6),
        ]
        _refused(state, MoveFormation(MEMBERS, H("0512"), S), "formation/move", "cannot reach")
        alone, _ = play(state, [MoveUnit("HX-004a", H("0514"), S)])  # alone: 7 hexes
        assert alone.units[unit(state, "HX-004a")].hex == H("0514")


# ==== item 4 =====================================================================================

HOLD = setup(["HX-001", "HX-005", "HX-004", "HX-009", "HX-011"], ["HX-010", "HX-001"])
"""Red: Pathguard HX-001a, Bastion HX-005a (tracked), Halberd HX-004a (hover), Kestrel HX-009a,
Tortoise HX-011a (Quad). Blue: Warden HX-010a, Pathguard HX-001b."""


def _held(
    mover: str, enemy: str = "HX-010a", dials: Mapping[str, DialStatus] | None = None
) -> AoDState:
    """``mover`` in 1010 facing N, touched by the Blue ``enemy`` in 1009 (its north neighbour)."""
    return arrange(HOLD, {mover: ("1010", N), enemy: ("1009", S)}, dials=dials)


class TestItem4BreakAway:
    """AOD-26.17 item 4: break-away.

    Checklist: "Break-away thresholds by type (AOD-8.4), including the Hover 1-only case, the Quad
    no-roll case against infantry, 'Mech success pushing infantry, and the automatic-success
    case."

    Rules: AOD-8.4, AOD-25 #10, AOD-26.7. Also tests/engine/aod/test_turn_orders.py.
    """

    @pytest.mark.parametrize(
        ("mover", "fails_on", "rotates"),
        [
            ("HX-001a", 3, True),  # infantry: fails on 1-3, may rotate
            ("HX-005a", 3, False),  # tracked vehicle: 1-3, neither moves nor rotates
            ("HX-004a", 1, False),  # hover: a 1 only
            ("HX-009a", 2, True),  # 'Mech: 1-2, may rotate
            ("HX-011a", 2, False),  # Quad: 1-2, may not rotate
        ],
    )
    def test_thresholds_by_type(self, mover: str, fails_on: int, rotates: bool) -> None:
        """AOD-8.4: the highest failing roll fails, one more succeeds; rotation after failing."""
        state = _held(mover)
        index = unit(state, mover)
        command = MoveUnit(mover, H("1013"), SE)
        _, events = play(state, [command], dice=[fails_on])
        assert events[1] == BreakAwayRolled(index, fails_on, fails_on, success=False)
        turned = [UnitMoved(index, H("1010"), SE, NOE, 0)] if rotates else []
        assert _one(events, UnitMoved) == turned
        after, events = play(state, [command], dice=[fails_on + 1])
        assert events[1] == BreakAwayRolled(index, fails_on + 1, fails_on, success=True)
        assert events[2] == UnitMoved(index, H("1013"), SE, NOE, 3)
        assert after.units[index].hex == H("1013")

    def test_a_quad_needs_no_roll_to_leave_infantry(self) -> None:
        """AOD-8.4: the Tortoise touched only by the Blue Pathguard rolls no die."""
        state = _held("HX-011a", enemy="HX-001b")
        index = unit(state, "HX-011a")
        state, events = play(state, [MoveUnit("HX-011a", H("1013"), S)], dice=[])
        assert events[1] == BreakAwayRolled(index, None, 2, success=True)
        assert state.units[index].hex == H("1013")

    def test_a_mech_that_breaks_away_pushes_enemy_infantry(self) -> None:
        """AOD-8.4 / AOD-11.5: the Kestrel rolls 3 (fails on 1-2): the Pathguard takes 1 click."""
        state = _held("HX-009a", enemy="HX-001b")
        kestrel, pathguard = unit(state, "HX-009a"), unit(state, "HX-001b")
        state, events = play(state, [MoveUnit("HX-009a", H("1013"), S)], dice=[3])
        assert events[1:4] == [
            BreakAwayRolled(kestrel, 3, 2, success=True),
            UnitMoved(kestrel, H("1013"), S, NOE, 3),
            UnitDamaged(pathguard, PUSHING, clicks=1, click=1, tokens=0, cause="break-away", by=0),
        ]
        assert state.units[pathguard].dial.click == 1

    @pytest.mark.parametrize(
        "dial", [DialStatus(0, 6, shutdown=True), DialStatus(9)], ids=["shut-down", "heavy-damage"]
    )
    def test_the_automatic_success(self, dial: DialStatus) -> None:
        """AOD-8.4 / AOD-25 #10: the only enemy touching is shut down or heavily damaged."""
        state = _held("HX-001a", dials={"HX-010a": dial})
        index = unit(state, "HX-001a")
        state, events = play(state, [MoveUnit("HX-001a", H("1013"), S)], dice=[])
        assert events[1] == BreakAwayRolled(index, None, 3, success=True)
        assert state.units[index].hex == H("1013")


# ==== item 5 =====================================================================================

SPIN = setup(["HX-009"], ["HX-010", "HX-001", "HX-004", "HX-011"])
"""Red: Kestrel HX-009a. Blue: Warden HX-010a, Pathguard HX-001a, Halberd HX-004a, Tortoise
HX-011a."""
AROUND: Places = {
    "HX-009a": ("1015", N),
    "HX-010a": ("1009", N),  # north of 1010, facing away
    "HX-001a": ("1110", NE),  # north-east of 1010, facing away
    "HX-004a": ("1111", N),  # a vehicle: no spin
    "HX-011a": ("0910", N),  # a Quad: no spin (north-west; 0911 would close the way in)
}


class TestItem5FreeSpin:
    """AOD-26.17 item 5: free spin.

    Checklist: "Free spin is offered only to eligible types. Its choices are limited to facings that
    put the newcomer in the front arc."

    Rules: AOD-8.5, AOD-26.5. Also tests/engine/aod/test_turn_orders.py.
    """

    def test_offered_only_to_eligible_types(self) -> None:
        """AOD-8.5: offered only to eligible types.

        The Kestrel ends in 1010 touching four enemies: the Warden and the
        Pathguard are offered a spin; the Halberd (vehicle) and the Tortoise (Quad) are not.
        """
        state = arrange(SPIN, AROUND)
        kestrel = unit(state, "HX-009a")
        state, events = play(state, [MoveUnit("HX-009a", H("1010"), N)])
        offered = _one(events, FreeSpinsOffered)
        assert len(offered) == 1
        offers = {o.unit: o for o in offered[0].offers}  # type: ignore[attr-defined]
        assert set(offers) == {unit(state, "HX-010a"), unit(state, "HX-001a")}
        assert all(o.mover == kestrel for o in offers.values())
        assert seats_to_act(state) == frozenset({1})

    def test_a_shut_down_mech_is_not_offered(self) -> None:
        """AOD-8.5: a shut-down Warden beside the newcomer may not spin."""
        places = {"HX-009a": AROUND["HX-009a"], "HX-010a": AROUND["HX-010a"]}
        state = arrange(SPIN, places, dials={"HX-010a": DialStatus(0, 6, shutdown=True)})
        state, events = play(state, [MoveUnit("HX-009a", H("1010"), N)])
        assert not _one(events, FreeSpinsOffered)
        assert state.spins == ()

    def test_a_captured_mech_is_not_offered(self) -> None:
        """AOD-8.5 / AOD-14.4: a captured Warden (no side) does not spin to face the Kestrel.

        The Blue Warden is held by Red's Pathguard in 1008; the Pathguard, a friend of the
        Kestrel, is offered nothing either.
        """
        game = setup(["HX-009", "HX-001"], ["HX-010", "HX-001"])
        places: Places = {
            "HX-009a": ("1015", N),
            "HX-010a": ("1009", N),
            "HX-001a": ("1008", S),
            "HX-001b": ("1919", N),
        }
        state = arrange(game, places)
        warden = unit(state, "HX-010a")
        held = attrs.evolve(state.units[warden], captor=unit(state, "HX-001a"))
        state = state.with_unit(warden, held)
        state, events = play(state, [MoveUnit("HX-009a", H("1010"), N)])
        assert state.units[unit(state, "HX-009a")].hex == H("1010")
        assert not _one(events, FreeSpinsOffered)
        assert state.spins == ()

    def test_the_choices_put_the_newcomer_in_the_front_arc(self) -> None:
        """AOD-8.5 / AOD-26.5: the choices put the newcomer in the front arc.

        The Warden in 1009 (the Kestrel due south) may face SE, S or SW;
        the Pathguard in 1110 (the Kestrel south-west) S, SW or NW; N is refused.
        """
        state = arrange(SPIN, AROUND)
        kestrel, warden, pathguard = (unit(state, i) for i in ("HX-009a", "HX-010a", "HX-001a"))
        state, events = play(state, [MoveUnit("HX-009a", H("1010"), N)])
        offers = set(_one(events, FreeSpinsOffered)[0].offers)  # type: ignore[attr-defined]
        assert offers == {
            SpinOffer(warden, kestrel, (SE, S, SW)),
            SpinOffer(pathguard, kestrel, (S, SW, NW)),
        }
        first = state.spins[0]
        ident = state.units[first.unit].ident
        _refused(state, FreeSpin(ident, N), AoDCode.SPIN_FACING, "to face HX-009a")
        state, events = play(state, [FreeSpin(ident, first.facings[1])])
        assert events == [UnitSpun(first.unit, first.facings[1])]
        assert state.units[first.unit].facing is first.facings[1]


# ==== item 6 =====================================================================================


def _moded(game: AoDSetup, collector: str, mode: SpeedMode) -> AoDSetup:
    """The setup with unit ``collector`` given speed mode ``mode``.

    For a mode no example unit has (aquatic), or a transport that woods would hinder (wheeled).
    """
    units = tuple(
        attrs.evolve(u, speed_mode=mode) if u.collector == collector else u for u in game.units
    )
    return attrs.evolve(game, units=units)


def _on(game: AoDSetup, terrain: Mapping[str, HexTerrain]) -> AoDSetup:
    """``game`` on a 20 x 20 board with this terrain."""
    return attrs.evolve(game, terrain=setup(["HX-001"], ["HX-001"], terrain=terrain).terrain)


RUNNER = setup(["HX-009"], ["HX-010"])
"""Red: Kestrel HX-009a (speed 12). Blue: Warden HX-010a."""


class TestItem6HinderingMovement:
    """AOD-26.17 item 6: hindering movement.

    Checklist: "The hindering stop-on-entry rule and the half-speed start rule, applied after run
    and unload changes."

    Rules: AOD-19.2, AOD-8.3, AOD-8.7, AOD-9.3, AOD-26.7. Also tests/engine/aod/test_movement.py.
    """

    def test_a_running_unit_starting_in_the_open_stops_on_entering_woods(self) -> None:
        """AOD-19.2: a running unit starting in the open stops on entering woods.

        The Kestrel runs (allowance 24) from 1017 in the open: it may end in the
        woods of 1012 (5 hexes), but a path on through the woods of 1011 is refused.
        """
        game = _on(RUNNER, {"1012": WOODS, "1011": WOODS})
        state = arrange(game, {"HX-009a": ("1017", N), "HX-010a": ("1919", N)})
        index = unit(state, "HX-009a")
        assert move_allowance(state, index, run=True) == 24
        path = tuple(H(f"10{row}") for row in (16, 15, 14, 13, 12, 11))
        moved, events = play(state, [MoveUnit("HX-009a", H("1012"), N, run=True, via=path[:4])])
        assert UnitMoved(index, H("1012"), N, NOE, 5, run=True) in events
        assert moved.units[index].hex == H("1012")
        _refused(
            state,
            MoveUnit("HX-009a", H("1011"), N, run=True, via=path[:5]),
            AoDCode.PATH,
            "step 6: the move ended on entering 1012",
        )

    def test_a_running_unit_starting_in_woods_halves_after_doubling(self) -> None:
        """AOD-8.3 / AOD-19.2: a running unit starting in woods halves after doubling.

        In woods the Kestrel walks ceil(12 / 2) = 6 and runs
        ceil(24 / 2) = 12, not 24 and not 6: 12 hexes north is reached running, 13 is not.
        """
        game = _on(RUNNER, {"1015": WOODS})
        state = arrange(game, {"HX-009a": ("1015", N), "HX-010a": ("1919", N)})
        index = unit(state, "HX-009a")
        assert (move_allowance(state, index), move_allowance(state, index, run=True)) == (6, 12)
        _, events = play(state, [MoveUnit("HX-009a", H("1003"), N, run=True)])
        assert UnitMoved(index, H("1003"), N, NOE, 12, run=True) in events
        _refused(
            state,
            MoveUnit("HX-009a", H("1002"), N, run=True),
            AoDCode.UNREACHABLE,
            "(allowance 12)",
        )

    def test_an_unloading_transport_starting_in_woods_halves_after_unloading(self) -> None:
        """AOD-8.3 / AOD-9.3 / AOD-19.2: a transport unloading in woods halves after unloading.

        A Bastion made wheeled (woods hinder it), speed 10:
        unloading leaves 10 - 5 = 5, the start in woods halves that to 3 (not 10 // 2 // 2).
        """
        game = _moded(
            setup(["HX-005", "HX-001"], ["HX-010"], terrain={"0505": WOODS}),
            "HX-005",
            SpeedMode.WHEELED,
        )
        state = arrange(
            game, {"HX-005a": ("0505", N), "HX-001a": ("0506", N), "HX-010a": ("1919", N)}
        )
        apc, rider = unit(state, "HX-005a"), unit(state, "HX-001a")
        state = state.with_unit(rider, attrs.evolve(state.units[rider], hex=None, aboard=apc))
        drop = (("HX-001a", H("0506"), S),)
        moved, events = play(
            state, [UnloadTransport("HX-005a", drop, then=H("0502"), then_facing=N)]
        )
        assert [(e.hex, e.cost) for e in _one(events, UnitMoved)] == [(H("0502"), 3)]  # type: ignore[attr-defined]
        assert moved.units[apc].hex == H("0502")
        _refused(
            state,
            UnloadTransport("HX-005a", drop, then=H("0501"), then_facing=N),
            TransportCode.MOVE,
            "(3 hexes)",
        )


# ==== item 7 =====================================================================================

MODES = {
    "foot": ("HX-001", None),
    "aquatic": ("HX-005", SpeedMode.AQUATIC),
    "hover": ("HX-004", None),
    "tracked": ("HX-005", None),
    "wheeled": ("HX-006", None),
    "mech": ("HX-009", None),
    "quad": ("HX-011", None),
    "vtol-noe": ("HX-007", None),
    "vtol-cruising": ("HX-007", None),
}
"""Each speed mode of AOD-8.6: the example unit that has it (the aquatic mode: a Bastion)."""

NO = None
"""A mode that may not enter the terrain."""
MATRIX = {
    # mode:           hindering      shallow        deep (enters and stops, submerged)
    "foot": ((True, True), (True, True), NO),
    "aquatic": ((True, True), (True, False), (True, False, True)),
    "hover": (NO, (True, False), (True, False, False)),
    "tracked": ((True, False), (True, False), NO),
    "wheeled": ((True, True), NO, NO),
    "mech": ((True, True), (True, False), (True, True, True)),
    "quad": ((True, True), (True, False), (True, True, True)),
    "vtol-noe": (NO, (True, False), (True, False, False)),
    "vtol-cruising": ((True, False), (True, False), (True, False, False)),
}
"""AOD-8.6's table: per mode and terrain, None (may not enter) or (enters: True, stops the move
of a unit that started in the open, [submerged in deep water])."""


def _cases() -> list[tuple[str, str, tuple[bool, ...] | None]]:
    names = ("hindering", "shallow", "deep")
    return [(mode, names[n], row[n]) for mode, row in MATRIX.items() for n in range(3)]


class TestItem7SpeedModeTerrainMatrix:
    """AOD-26.17 item 7: the speed-mode terrain matrix.

    Checklist: "Speed-mode terrain matrix (AOD-8.6) for every mode and terrain type."

    Rules: AOD-8.6, AOD-8.9, AOD-19.1 to AOD-19.5, AOD-25 #11, AOD-26.7. The unit stands in the
    open at 1010 facing N; the terrain is in 1009; the move goes on to 1008 (open ground).
    Also tests/engine/aod/test_movement.py (the same table on the pure movement rules).
    """

    @pytest.mark.parametrize(("mode", "kind", "expected"), _cases())
    def test_mode_against_terrain(
        self, mode: str, kind: str, expected: tuple[bool, ...] | None
    ) -> None:
        """AOD-8.6: may it enter; does entering stop its move; is it submerged in deep water."""
        collector, changed = MODES[mode]
        cell = {"hindering": WOODS, "shallow": SHALLOW, "deep": DEEP}[kind]
        game = setup([collector], ["HX-010"], terrain={"1009": cell})
        if changed is not None:
            game = _moded(game, collector, changed)
        ident = f"{collector}a"
        altitude = CRUISING if mode == "vtol-cruising" else NOE
        state = arrange(game, {ident: ("1010", N, altitude), "HX-010a": ("1919", N)})
        index = unit(state, ident)
        into = MoveUnit(ident, H("1009"), N)
        if expected is None:
            _refused(state, into, AoDCode.UNREACHABLE, "cannot reach 1009")
            return
        entered, events = play(state, [into])
        assert UnitMoved(index, H("1009"), N, altitude, 1) in events
        through = MoveUnit(ident, H("1008"), N, via=(H("1009"),))
        if expected[1]:
            _refused(state, through, AoDCode.PATH, "step 2: the move ended")
        else:
            passed, _ = play(state, [through])
            assert passed.units[index].hex == H("1008")
        if kind == "deep":
            field, indices = entered.battlefield()
            assert submerged(field.terrain, field.units[indices.index(index)]) is expected[2]

    @pytest.mark.parametrize("mode", list(MODES))
    def test_blocking_terrain(self, mode: str) -> None:
        """AOD-19.3 / AOD-8.9: no mode enters a wall; a cruising VTOL flies over it."""
        collector, changed = MODES[mode]
        game = setup([collector], ["HX-010"], terrain={"1009": WALL})
        if changed is not None:
            game = _moded(game, collector, changed)
        ident = f"{collector}a"
        altitude = CRUISING if mode == "vtol-cruising" else NOE
        state = arrange(game, {ident: ("1010", N, altitude), "HX-010a": ("1919", N)})
        through = MoveUnit(ident, H("1008"), N, via=(H("1009"),))
        if mode == "vtol-cruising":
            passed, _ = play(state, [through])
            assert passed.units[unit(state, ident)].hex == H("1008")
        else:
            _refused(state, through, AoDCode.PATH, "step 1: 1009 is blocking terrain")


# ==== item 8 =====================================================================================

AIR = setup(["HX-007", "HX-001", "HX-009"], ["HX-007", "HX-010", "HX-001"])
"""Red: Gadfly HX-007a (VTOL, speed 16, energy 0/6, defense 17 with Evade), Pathguard HX-001a,
Kestrel HX-009a. Blue: Gadfly HX-007b, Warden HX-010a, Pathguard HX-001b."""


class TestItem8Vtol:
    """AOD-26.17 item 8: VTOLs.

    Checklist: "VTOL: 2-hex altitude change; firing on the move with `speed - 12`; cruising LOF
    exemptions; +1 height advantage unless the attacker is elevated or itself cruising; forced
    descent on Heavy Damage."

    Rules: AOD-8.9, AOD-12.5, AOD-19.2, AOD-25 #21 and #41, AOD-26.6, AOD-26.7; the inch values
    as hexes, 1 to 1 (AOD-26.2, AOD-26.11: the 2" altitude change and the speed - 12 stay as
    printed). Also tests/engine/aod/test_combat.py, test_los.py, test_movement.py,
    test_turn_orders.py.
    """

    def test_an_altitude_change_costs_two_hexes(self) -> None:
        """AOD-8.9 / AOD-26.7: an altitude change costs two hexes.

        Speed 16: climbing leaves 14 hexes (cost 16 for 14 rows);
        15 rows is refused; at NOE 16 rows are reached.
        """
        places: Places = {"HX-007a": ("0502", S), "HX-010a": ("1919", N)}
        state = arrange(AIR, places)
        index = unit(state, "HX-007a")
        state, events = play(state, [MoveUnit("HX-007a", H("0516"), S, altitude=CRUISING)])
        assert events[1] == UnitMoved(index, H("0516"), S, CRUISING, 16)
        _refused(
            arrange(AIR, places),
            MoveUnit("HX-007a", H("0517"), S, altitude=CRUISING),
            AoDCode.UNREACHABLE,
            "at cruising altitude this turn (allowance 16)",
        )
        low, _ = play(arrange(AIR, places), [MoveUnit("HX-007a", H("0518"), S)])
        assert low.units[index].hex == H("0518")

    def test_firing_on_the_move_with_speed_minus_twelve(self) -> None:
        """AOD-8.9 / AOD-12.1: a fast VTOL fires during its Move order, moving speed - 12.

        The Gadfly (speed 16) has 16 - 12 = 4 hexes: 2 to 0507, the attack on the Warden
        (attack 9 against 19: need 10; 5+5+5 hits for 2, less Heavy Armor's 1: 1 click; +1
        heat for an energy hit), then 2 more to 0707. One order, one token; 3 hexes after the
        shot are refused.
        """
        places: Places = {"HX-007a": ("0505", S), "HX-010a": ("0512", N), "HX-001a": ("1919", N)}
        state = arrange(AIR, places)
        gadfly, warden = unit(state, "HX-007a"), unit(state, "HX-010a")
        command = FireOnMove("HX-007a", H("0507"), S, ("HX-010a",), to=H("0707"), facing=SE)
        after, events = play(state, [command], dice=[5, 5, 5])
        assert events[0] == OrderGiven(gadfly, OrderKind.MOVE, pushed=False, tokens=1)
        assert events[1] == UnitMoved(gadfly, H("0507"), S, NOE, 2)
        rolled = events[2]
        assert isinstance(rolled, AttackRolled)
        assert (rolled.order, rolled.dice) == (OrderKind.MOVE, (5, 5, 5))
        assert (rolled.shots[0].need, rolled.shots[0].hit, rolled.shots[0].clicks) == (10, True, 2)
        assert UnitMoved(gadfly, H("0707"), SE, NOE, 2) in events
        assert after.units[warden].dial == DialStatus(1, 1)
        assert (after.units[gadfly].hex, after.units[gadfly].tokens) == (H("0707"), 1)
        assert after.orders_left == 2
        _refused(
            state,
            attrs.evolve(command, to=H("0807")),
            AoDCode.UNREACHABLE,
            "(2 hexes left of speed - 12)",
        )

    def test_the_seed_example_climb_fire_descend(self) -> None:
        """AOD-8.9 seed example: climb 2, fire, descend 2: the 4 hexes of speed 16 - 12.

        From cruising altitude over 0505 the Gadfly fires at the Warden 5 hexes south (no
        height advantage: the target is below it), then lands again in 0505.
        """
        places: Places = {"HX-007a": ("0505", S), "HX-010a": ("0510", N), "HX-001a": ("1919", N)}
        state = arrange(AIR, places)
        gadfly = unit(state, "HX-007a")
        command = FireOnMove("HX-007a", H("0505"), S, ("HX-010a",), CRUISING, altitude=NOE)
        after, events = play(state, [command], dice=[2, 3, 4])
        moved = [e for e in events if isinstance(e, UnitMoved)]
        assert [(e.hex, e.altitude, e.cost) for e in moved] == [
            (H("0505"), CRUISING, 2),
            (H("0505"), NOE, 2),
        ]
        assert (_shots(events)[0].defense_modifiers, _shots(events)[0].need) == ((), 10)
        assert after.units[gadfly].altitude is NOE
        one_more = FireOnMove("HX-007a", H("0505"), S, ("HX-010a",), CRUISING, H("0605"), S, NOE)
        _refused(state, one_more, AoDCode.UNREACHABLE, "(2 hexes left of speed - 12)")

    def test_only_a_vtol_of_speed_13_or_more_fires_on_the_move(self) -> None:
        """AOD-8.9: the Kestrel is no VTOL; the Gadfly on click 3 (speed 14) has 2 hexes."""
        places: Places = {"HX-007a": ("0505", S), "HX-010a": ("0510", N), "HX-009a": ("1505", S)}
        state = arrange(AIR, places, dials={"HX-007a": DialStatus(3)})
        _refused(
            state,
            FireOnMove("HX-009a", H("1506"), S, ("HX-010a",)),
            "attack/order",
            "only a VTOL of speed 13 or more fires on the move",
        )
        _refused(
            state,
            FireOnMove("HX-007a", H("0508"), S, ("HX-010a",)),
            AoDCode.UNREACHABLE,
            "(2 hexes left of speed - 12)",
        )
        _, events = play(state, [FireOnMove("HX-007a", H("0507"), S, ("HX-010a",))], [4, 4, 4])
        assert _shots(events)[0].hit

    def test_the_order_menu_lists_strafes_and_the_rules_accept_them(self) -> None:
        """AOD-8.9: `legal_commands` offers the Gadfly's strafes (menus and computer players).

        Up to two firing places per enemy, the cheapest first, each facing the enemy; every one
        is accepted. The Kestrel, no VTOL, is offered none.
        """
        places: Places = {"HX-007a": ("0505", S), "HX-010a": ("0512", N), "HX-009a": ("1505", S)}
        state = arrange(AIR, places)
        strafes = [c for c in legal_commands(state) if isinstance(c, FireOnMove)]
        assert {c.unit for c in strafes} == {"HX-007a"}
        assert {c.targets for c in strafes} == {("HX-010a",)}
        assert len(strafes) == 2
        gadfly = unit(state, "HX-007a")
        for command in strafes:
            assert command.at.distance(H("0505")) <= 4  # speed 16 - 12
            after, events = play(state, [command], dice=[5, 5, 5])
            assert _shots(events)
            assert after.units[gadfly].hex == command.at

    def test_a_vtol_held_at_noe_breaks_away_before_it_strafes(self) -> None:
        """AOD-8.4 / AOD-8.9 [DESIGN]: a VTOL at NOE touched by an enemy rolls to break away.

        A vehicle fails on 1-3: the Gadfly neither moves nor rotates, and its attack, declared
        from 0507, is lost; declared from where it stands, it is made. A 4 breaks away.
        """
        places: Places = {
            "HX-007a": ("0505", S),
            "HX-001b": ("0405", N),  # the Gadfly's south-west neighbour: they touch
            "HX-010a": ("0510", N),
            "HX-001a": ("1919", N),
        }
        state = arrange(AIR, places)
        gadfly = unit(state, "HX-007a")
        away = FireOnMove("HX-007a", H("0507"), S, ("HX-010a",))
        _, events = play(state, [away], dice=[3])
        assert events[1] == BreakAwayRolled(gadfly, 3, 3, success=False)
        assert not _one(events, UnitMoved)
        assert not _one(events, AttackRolled)
        _, events = play(state, [FireOnMove("HX-007a", H("0505"), S, ("HX-010a",))], [3, 5, 5, 5])
        assert _shots(events)[0].hit
        moved, events = play(state, [away], dice=[4, 5, 5, 5])
        assert events[1:3] == [
            BreakAwayRolled(gadfly, 4, 3, success=True),
            UnitMoved(gadfly, H("0507"), S, NOE, 2),
        ]
        assert moved.units[gadfly].hex == H("0507")

    def test_the_language_reads_and_writes_firing_on_the_move(self) -> None:
        """AOD-8.9: ``strafe UNIT HEX [face F] [ALT] fire TARGETS [then HEX [face F] [ALT]]``."""
        state = arrange(AIR, {"HX-007a": ("0505", S), "HX-010a": ("0510", N)})
        text = "strafe HX-007a 0505 face S cruising fire HX-010a then 0605 face SE noe"
        command = parse_command(text, state)
        assert command == FireOnMove(
            "HX-007a", H("0505"), S, ("HX-010a",), CRUISING, H("0605"), SE, NOE
        )
        assert format_command(command) == text
        short = parse_command("strafe HX-007a 0507 fire HX-010a", state)
        assert short == FireOnMove("HX-007a", H("0507"), S, ("HX-010a",))
        assert parse_command(format_command(short), state) == short
        _, events = play(state, [short], dice=[5, 5, 5])
        told, _ = tell(1, short, events, state)
        assert "strafe HX-007a 0507 face S fire HX-010a" in str(told[0])

    def test_cruising_lines_of_fire_ignore_walls_hills_and_bases(self) -> None:
        """AOD-8.9 / AOD-25 #41 / AOD-19.2: cruising lines of fire ignore walls hills and bases.

        The Warden fires at the cruising Gadfly over a wall,
        a hill and the Kestrel's base: not blocked, no hindering; refused at NOE.
        """
        board = {"1012": WALL, "1013": HILL, "1011": WOODS}
        game = _on(AIR, board)
        places: Places = {
            "HX-007a": ("1010", S, CRUISING),
            "HX-010a": ("1016", N),
            "HX-009a": ("1014", N),
        }
        state = arrange(game, places, active=1)
        _, events = play(state, [RangedAttack("HX-010a", ("HX-007a",))], dice=[4, 4, 4])
        shot = _shots(events)[0]
        assert shot.defense_modifiers == (
            Modifier("height advantage", 1, "AOD-19.6"),
            Modifier("Evade", 2, "AOD-26.14"),
        )
        assert (shot.need, shot.hit) == (17 + 3 - 10, True)
        grounded = arrange(game, {**places, "HX-007a": ("1010", S)}, active=1)
        _refused(grounded, RangedAttack("HX-010a", ("HX-007a",)), "attack/no_line_of_fire", "1014")

    @pytest.mark.parametrize(
        ("shooter", "hill", "cruising", "height"),
        [
            ("HX-001b", False, False, True),  # a ground unit below it: +1
            ("HX-001b", True, False, False),  # on elevated terrain: none
            ("HX-007b", False, True, False),  # itself cruising: none
        ],
    )
    def test_height_advantage_of_a_cruising_target(
        self, shooter: str, hill: bool, cruising: bool, height: bool
    ) -> None:
        """AOD-12.5 / AOD-8.9: height advantage of a cruising target.

        A cruising Gadfly gets +1 against a unit below it, unless the
        attacker stands on elevated terrain or is itself cruising (Evade +2 always).
        """
        game = _on(AIR, {"0510": HILL} if hill else {})
        place = ("0510", N, CRUISING if cruising else NOE)
        places: Places = {"HX-007a": ("0506", S, CRUISING), shooter: place, "HX-009a": ("1919", N)}
        state = arrange(game, places, active=1)
        _, events = play(state, [RangedAttack(shooter, ("HX-007a",))], dice=[3, 3, 3])
        shot = _shots(events)[0]
        expected = [Modifier("height advantage", 1, "AOD-19.6")] if height else []
        assert list(shot.defense_modifiers) == [*expected, Modifier("Evade", 2, "AOD-26.14")]
        attack = 9 if cruising else 8  # the Gadfly's attack, or the Pathguard's
        assert shot.need == 17 + 2 + (1 if height else 0) - attack

    def test_heavy_damage_forces_a_cruising_vtol_down(self) -> None:
        """AOD-8.9 / AOD-17.3: heavy damage forces a cruising vtol down.

        A Pathguard shoots the cruising Gadfly on click 3 (defense 16, no
        Evade) from behind: need 16 + 1 (height) - (8 + 2 rear) = 7; 1 click takes it to click
        4, Heavy Damage: it drops to NOE at once, in its hex.
        """
        places: Places = {
            "HX-007b": ("0510", N, CRUISING),
            "HX-001a": ("0515", N),
            "HX-010a": ("1919", N),
        }
        state = arrange(AIR, places, dials={"HX-007b": DialStatus(click=3)})
        gadfly = unit(state, "HX-007b")
        state, events = play(state, [RangedAttack("HX-001a", ("HX-007b",))], dice=[4, 4, 4])
        assert _shots(events)[0].need == 16 + 1 - (8 + 2)
        hit = _one(events, UnitDamaged)
        assert [(e.unit, e.click) for e in hit] == [(gadfly, 4)]  # type: ignore[attr-defined]
        assert UnitMoved(gadfly, H("0510"), N, NOE, 0) in events
        assert state.units[gadfly].altitude is NOE


# ==== item 9 =====================================================================================

SIGHT = setup(["HX-009", "HX-001", "HX-011"], ["HX-010", "HX-001", "HX-006"])
"""Red: Kestrel HX-009a (attack 10, primary energy 0/10, secondary ballistic 0/8 x2), Pathguard
HX-001a, Tortoise HX-011a. Blue: Warden HX-010a (defense 19), Pathguard HX-001b (defense 15),
Longbow HX-006a (defense 16, no SE)."""


class TestItem9LineOfFire:
    """AOD-26.17 item 9: line of fire.

    Checklist: "LOF blocking keyed on the target type. Skim handling gives the attacker the better
    line. Own-cover hindering exception."

    Rules: AOD-12.2, AOD-12.3, AOD-19.2, AOD-25 #6 and #8, AOD-26.6. Also
    tests/engine/aod/test_los.py (the same cases on the pure line-of-fire rules).
    """

    @pytest.mark.parametrize(
        ("blocker", "target", "blocked"),
        [
            ("HX-001a", "HX-010a", False),  # infantry base, 'Mech target: only 'Mechs block
            ("HX-001a", "HX-001b", True),  # infantry base, infantry target
            ("HX-001a", "HX-006a", True),  # infantry base, vehicle target
            ("HX-011a", "HX-010a", True),  # a 'Mech base blocks whatever the target
            ("HX-011a", "HX-001b", True),
        ],
    )
    def test_blocking_bases_are_keyed_on_the_target(
        self, blocker: str, target: str, blocked: bool
    ) -> None:
        """AOD-12.3 / AOD-25 #6: blocking bases are keyed on the target.

        The Kestrel in 1015 fires north at a target in 1010 past a
        friend's base in 1012.
        """
        places: Places = {"HX-009a": ("1015", N), blocker: ("1012", N), target: ("1010", S)}
        state = arrange(SIGHT, places)
        fire = RangedAttack("HX-009a", (target,))
        if blocked:
            _refused(state, fire, "attack/no_line_of_fire", "a unit's base at 1012")
            return
        _, events = play(state, [fire], dice=[3, 3, 3])
        assert (_shots(events)[0].need, _shots(events)[0].hit) == (19 - 10, True)

    @pytest.mark.parametrize(
        ("terrain", "legal", "hindering"),
        [
            ({"1110": WALL}, True, False),  # a wall on one side: the other line is clear
            ({"1110": WALL, "1111": WALL}, False, False),  # both lines blocked
            ({"1110": WOODS}, True, False),  # woods on one side: "no modifier" beats "+1"
            ({"1110": WOODS, "1111": WALL}, True, True),  # clear beats blocked, even with +1
        ],
    )
    def test_a_skim_gives_the_attacker_the_better_line(
        self, terrain: dict[str, HexTerrain], legal: bool, hindering: bool
    ) -> None:
        """AOD-26.6: 1010 -> 1210 (due east) runs along the hexside of 1110 and 1111.

        AOD-23.3: the deterministic rule replaces the tabletop's etiquette d6 for a disputed
        line: each of the two lines is judged and the attacker gets the better one.
        """
        places: Places = {"HX-009a": ("1010", NE), "HX-010a": ("1210", SW)}
        state = arrange(_on(SIGHT, terrain), places)
        fire = RangedAttack("HX-009a", ("HX-010a",))
        if not legal:
            _refused(state, fire, "attack/no_line_of_fire", "blocking terrain")
            return
        _, events = play(state, [fire], dice=[4, 4, 4])
        shot = _shots(events)[0]
        assert shot.defense_modifiers == (
            (Modifier("hindering terrain", 1, "AOD-19.2"),) if hindering else ()
        )
        assert shot.need == 19 + (1 if hindering else 0) - 10

    @pytest.mark.parametrize(
        ("target_cell", "hindering"),
        [
            (None, False),  # target in the open: the shooter's own woods are ignored
            (OTHER_WOODS, True),  # target in other woods: +1
            (WOODS, True),  # target in the same feature: +1 (AOD-25 #8)
        ],
    )
    def test_the_own_cover_exception(self, target_cell: HexTerrain | None, hindering: bool) -> None:
        """AOD-19.2: the Kestrel stands in woods (1015, 1014 one feature) and fires north."""
        board = {"1015": WOODS, "1014": WOODS}
        if target_cell is not None:
            board["1010"] = target_cell
        places: Places = {"HX-009a": ("1015", N), "HX-010a": ("1010", S)}
        state = arrange(_on(SIGHT, board), places)
        _, events = play(state, [RangedAttack("HX-009a", ("HX-010a",))], dice=[3, 3, 3])
        shot = _shots(events)[0]
        assert shot.defense_modifiers == (
            (Modifier("hindering terrain", 1, "AOD-19.2"),) if hindering else ()
        )
        assert (shot.need, shot.hit) == (19 + (1 if hindering else 0) - 10, not hindering)


# ==== item 10 ====================================================================================


class TestItem10Elevation:
    """AOD-26.17 item 10: elevation.

    Checklist: "Elevation LOF table: all three cases. Height advantage."

    Rules: AOD-19.6, AOD-12.5, AOD-25 #38, AOD-26.6. The Kestrel in 1015 fires north at the Blue
    Pathguard in 1010 (an infantry target: any base may block). Also tests/engine/aod/test_los.py.
    """

    @staticmethod
    def _fire(
        board: Mapping[str, HexTerrain], others: Places | None = None
    ) -> tuple[AoDState, RangedAttack]:
        places: Places = {"HX-009a": ("1015", N), "HX-001b": ("1010", S), **(others or {})}
        return arrange(_on(SIGHT, board), places), RangedAttack("HX-009a", ("HX-001b",))

    def test_both_at_ground_level(self) -> None:
        """AOD-19.6: any elevated terrain between two ground units blocks."""
        state, fire = self._fire({"1012": HILL})
        _refused(state, fire, "attack/no_line_of_fire", "elevated terrain at 1012")

    def test_both_elevated(self) -> None:
        """AOD-19.6: both elevated.

        Both on hills: another hill between and a base at ground level do not
        block; blocking terrain and a base on elevated terrain do.
        """
        ends = {"1015": HILL, "1010": HILL}
        state, fire = self._fire({**ends, "1012": OTHER_HILL}, {"HX-001a": ("1013", N)})
        _, events = play(state, [fire], dice=[2, 2, 2])
        assert (_shots(events)[0].need, _shots(events)[0].hit) == (15 - 10, True)
        state, fire = self._fire({**ends, "1012": WALL})
        _refused(state, fire, "attack/no_line_of_fire", "blocking terrain at 1012")
        state, fire = self._fire({**ends, "1012": OTHER_HILL}, {"HX-001a": ("1012", N)})
        _refused(state, fire, "attack/no_line_of_fire", "a unit's base at 1012")

    def test_exactly_one_elevated(self) -> None:
        """AOD-19.6: exactly one elevated.

        The Kestrel on a hill (1015, 1014): its own hill and a ground base do not
        block; another elevated feature does, and so does a base on elevated terrain.
        """
        own = {"1015": HILL, "1014": HILL}
        state, fire = self._fire(own, {"HX-001a": ("1012", N)})
        _, events = play(state, [fire], dice=[2, 2, 2])
        assert _shots(events)[0].hit
        state, fire = self._fire({**own, "1012": OTHER_HILL})
        _refused(state, fire, "attack/no_line_of_fire", "another elevated feature at 1012")
        state, fire = self._fire(own, {"HX-001a": ("1014", N)})
        _refused(state, fire, "attack/no_line_of_fire", "a unit's base at 1014")

    @pytest.mark.parametrize(
        ("board", "height"),
        [
            ({"1010": HILL}, True),  # ground attacker, target up a hill: +1
            ({"1010": HILL, "1015": OTHER_HILL}, False),  # both elevated
            ({"1015": HILL}, False),  # shooting down
        ],
    )
    def test_height_advantage(self, board: dict[str, HexTerrain], height: bool) -> None:
        """AOD-12.5 / AOD-19.6: +1 defense only to a target above a ground-level attacker."""
        state, fire = self._fire(board)
        _, events = play(state, [fire], dice=[2, 2, 2])
        shot = _shots(events)[0]
        assert shot.defense_modifiers == (
            (Modifier("height advantage", 1, "AOD-19.6"),) if height else ()
        )
        assert shot.need == 15 + (1 if height else 0) - 10


# ==== item 11 ====================================================================================

WOODED_HILL = HexTerrain(TerrainType.HINDERING, elevated=True, feature=6)
DUEL = setup(["HX-001"], ["HX-011", "HX-001"])
"""Red: Pathguard HX-001a (attack 8, click 2: 7). Blue: Tortoise HX-011a (Quad, defense 18 with
Heavy Armor, click 2: 18 without), Pathguard HX-001b (defense 15)."""


class TestItem11NeedAndCriticals:
    """AOD-26.17 item 11: the need and criticals.

    Checklist: "Modifier stack and need number. Critical hit (6+6 on white) and critical miss
    (1+1) regardless of the black die."

    Rules: AOD-11.3, AOD-11.4, AOD-11.8, AOD-12.5, AOD-8.8, AOD-19.6, AOD-6.4. Also
    tests/engine/aod/test_order_ranged.py and test_combat.py.
    """

    @pytest.mark.parametrize(("dice", "hit"), [((5, 5, 1), True), ((5, 4, 1), False)])
    def test_the_modifier_stack_and_the_need(self, dice: tuple[int, int, int], hit: bool) -> None:
        """AOD-12.5: the modifier stack and the need.

        The Pathguard shoots the Tortoise from behind, up a wooded hill: rear +2
        attack; hindering +1, height advantage +1, hull-down +1 defense: need = 18 + 3 -
        (8 + 2) = 11; 11 hits for 1 click (Heavy Armor: minimum 1), 10 misses.
        """
        state = arrange(
            _on(DUEL, {"1010": WOODED_HILL}), {"HX-001a": ("1015", N), "HX-011a": ("1010", N)}
        )
        shooter, target = unit(state, "HX-001a"), unit(state, "HX-011a")
        state, events = play(state, [RangedAttack("HX-001a", ("HX-011a",))], dice=dice)
        assert _shots(events) == (
            Shot(
                target,
                8,
                18,
                (Modifier("rear arc", 2, "AOD-12.5"),),
                (
                    Modifier("hindering terrain", 1, "AOD-19.2"),
                    Modifier("height advantage", 1, "AOD-19.6"),
                    Modifier("hull-down", 1, "AOD-8.8"),
                ),
                hit=hit,
                share=1 if hit else 0,
                clicks=1 if hit else 0,
            ),
        )
        assert _shots(events)[0].need == 11
        assert state.units[target].dial.click == (1 if hit else 0)
        assert state.units[shooter].tokens == 1

    @pytest.mark.parametrize("black", [1, 6])
    def test_a_critical_hit_whatever_the_black_die(self, black: int) -> None:
        """AOD-11.4: a critical hit whatever the black die.

        Need 18 + 3 - 7 = 14; white 6+6 hits even with a black 1 (13), and every
        target of the damaging attack takes +1: 1 + 1 = 2 clicks. 5+6+2 = 13 misses.
        """
        board = _on(DUEL, {"1010": WOODED_HILL})
        places: Places = {"HX-001a": ("1015", N), "HX-011a": ("1010", S)}
        worn = {"HX-001a": DialStatus(2), "HX-011a": DialStatus(2)}
        state = arrange(board, places, dials=worn)
        target = unit(state, "HX-011a")
        after, events = play(state, [RangedAttack("HX-001a", ("HX-011a",))], dice=[6, 6, black])
        shot = _shots(events)[0]
        assert (shot.need, shot.hit, shot.clicks) == (14, True, 2)
        assert after.units[target].dial.click == 4
        _, events = play(state, [RangedAttack("HX-001a", ("HX-011a",))], dice=[5, 6, 2])
        assert not _shots(events)[0].hit

    @pytest.mark.parametrize("black", [1, 6])
    def test_a_critical_miss_whatever_the_black_die(self, black: int) -> None:
        """AOD-11.4: a critical miss whatever the black die.

        Pathguard on Pathguard, need 15 - 8 = 7: white 1+1 misses even with a
        black 6 (8), and the shooter takes 1 pushing click; the same in close combat.
        """
        places: Places = {"HX-001a": ("1015", N), "HX-001b": ("1010", S)}
        state = arrange(DUEL, places)
        shooter, target = unit(state, "HX-001a"), unit(state, "HX-001b")
        after, events = play(state, [RangedAttack("HX-001a", ("HX-001b",))], dice=[1, 1, black])
        assert (_shots(events)[0].need, _shots(events)[0].hit) == (7, False)
        assert UnitDamaged(shooter, PUSHING, 1, 1, 1, "critical miss") in events
        assert (after.units[shooter].dial.click, after.units[target].dial.click) == (1, 0)
        close = arrange(DUEL, {**places, "HX-001b": ("1014", S)})
        after, events = play(close, [CloseCombat("HX-001a", "HX-001b")], dice=[1, 1, black])
        assert not _shots(events)[0].hit
        assert UnitDamaged(shooter, PUSHING, 1, 1, 1, "critical miss") in events
        assert (after.units[shooter].dial.click, after.units[target].dial.click) == (1, 0)

    def test_only_enemies_are_attacked(self) -> None:
        """AOD-6.3 / AOD-11.7: no attack on a friendly unit, ranged or close; nothing is rolled.

        AOD-11.1: the attacker is the unit given the combat order, the target the unit attacked;
        a friend is never a target.
        """
        game = setup(["HX-001", "HX-001"], ["HX-001"])
        places: Places = {"HX-001a": ("1015", N), "HX-001b": ("1014", S), "HX-001c": ("1919", N)}
        state = arrange(game, places)
        _refused(
            state,
            RangedAttack("HX-001a", ("HX-001b",)),
            "attack/not_enemy",
            "HX-001a cannot fire at HX-001b: only an enemy unit may be attacked.",
        )
        _refused(
            state,
            CloseCombat("HX-001a", "HX-001b"),
            AoDCode.NOT_ALLOWED,
            "Only an enemy unit may be attacked.",
        )


# ==== item 12 ====================================================================================


class TestItem12MultipleTargets:
    """AOD-26.17 item 12: multiple targets.

    Checklist: "Multi-target: one roll, per-target modifiers, damage pool allocation, a critical
    giving +1 to each, energy against infantry becoming 1, the called-shot exclusion."

    Rules: AOD-12.8, AOD-11.2, AOD-11.4, AOD-12.4, AOD-12.5, AOD-25 #29. The Kestrel's secondary
    (ballistic 0/8, two targets, damage 2) from 1015 at the Blue Pathguard (1010) and Longbow
    (1311). Also tests/engine/aod/test_order_ranged.py and test_combat.py.
    """

    PLACES: ClassVar[Places] = {
        "HX-009a": ("1015", N),
        "HX-001b": ("1010", N),
        "HX-006a": ("1311", S),
    }

    def _fire(
        self, dice: Sequence[int], split: tuple[int, ...] = (), shooter: str = "HX-009a"
    ) -> tuple[AoDState, list[Event]]:
        places = {**self.PLACES}
        if shooter != "HX-009a":
            places[shooter] = places.pop("HX-009a")
        slot = WeaponSlot.SECONDARY if shooter == "HX-009a" else None
        fire = RangedAttack(shooter, ("HX-001b", "HX-006a"), slot, split=split)
        return play(arrange(SIGHT, places), [fire], dice=dice)

    def test_one_roll_and_each_target_its_own_modifiers(self) -> None:
        """AOD-12.8: one roll and each target its own modifiers.

        One 3d6 of 5: + 10 = 15 reaches the Pathguard seen from behind (15 - 2 = 13
        -> need 3) but not the Longbow (need 6): the whole pool of 2 goes to the Pathguard.
        """
        state, events = self._fire([1, 2, 2])
        rolled = _one(events, AttackRolled)
        assert len(rolled) == 1
        assert rolled[0].dice == (1, 2, 2)  # type: ignore[attr-defined]
        pathguard, longbow = _shots(events)
        assert (pathguard.attack_modifiers, pathguard.need, pathguard.hit) == (
            (Modifier("rear arc", 2, "AOD-12.5"),),
            3,
            True,
        )
        assert (longbow.attack_modifiers, longbow.need, longbow.hit) == ((), 6, False)
        assert (pathguard.clicks, longbow.clicks) == (2, 0)
        assert state.units[unit(state, "HX-001b")].dial.click == 2

    @pytest.mark.parametrize(
        ("split", "clicks"), [((1, 1), (1, 1)), ((2, 0), (2, 0)), ((0, 2), (0, 2))]
    )
    def test_the_damage_pool_is_allocated(
        self, split: tuple[int, ...], clicks: tuple[int, int]
    ) -> None:
        """AOD-12.8: both hit (4+4+4): the pool of 2 goes as declared; a target may get 0."""
        state, events = self._fire([4, 4, 4], split)
        assert tuple(s.clicks for s in _shots(events)) == clicks
        assert (
            state.units[unit(state, "HX-001b")].dial.click,
            state.units[unit(state, "HX-006a")].dial.click,
        ) == clicks

    def test_a_critical_gives_each_target_one_more(self) -> None:
        """AOD-12.8 / AOD-25 #29: 6+6, split 2, 0: the Pathguard takes 3, the Longbow 0 + 1."""
        _, events = self._fire([6, 6, 1], (2, 0))
        assert tuple((s.share, s.clicks) for s in _shots(events)) == ((2, 3), (0, 1))

    def test_energy_against_infantry_becomes_one(self) -> None:
        """AOD-11.2 / AOD-12.8: energy against infantry becomes one.

        The Tortoise's energy primary (0/10 x2, damage 3) split 2, 1:
        the infantry's 2 become 1; the vehicle takes its 1.
        """
        _, events = self._fire([5, 5, 5], (2, 1), shooter="HX-011a")
        assert tuple((s.share, s.clicks) for s in _shots(events)) == ((2, 1), (1, 1))
        assert next(e for e in events if isinstance(e, AttackRolled)).pool == 3

    def test_the_called_shot_exclusion(self) -> None:
        """AOD-12.5: the called shot exclusion.

        The Kestrel touches the Pathguard (1014): alone, the Longbow gets the
        called shot (+2: need 16 + 2 - 10 = 8); with the Pathguard as the other target, no.
        """
        places: Places = {**self.PLACES, "HX-001b": ("1014", S)}
        state = arrange(SIGHT, places)
        alone = RangedAttack("HX-009a", ("HX-006a",), WeaponSlot.SECONDARY)
        _, events = play(state, [alone], dice=[3, 3, 3])
        assert _shots(events)[0].defense_modifiers == (Modifier("called shot", 2, "AOD-12.4"),)
        assert _shots(events)[0].need == 8
        both = RangedAttack("HX-009a", ("HX-001b", "HX-006a"), WeaponSlot.SECONDARY)
        _, events = play(state, [both], dice=[3, 3, 3])
        assert [s.defense_modifiers for s in _shots(events)] == [(), ()]
        assert _shots(events)[1].need == 6


# ==== item 13 ====================================================================================

LOBBING = setup(["HX-010", "HX-009"], ["HX-006", "HX-001"])
"""Red: Warden HX-010a (primary ballistic 2/14, damage 4, attack 10), Kestrel HX-009a. Blue:
Longbow HX-006a (defense 16, no SE), Pathguard HX-001a."""
LOB: Places = {"HX-010a": ("1015", N), "HX-006a": ("1010", S), "HX-001a": ("1210", S)}


class TestItem13IndirectFire:
    """AOD-26.17 item 13: indirect fire.

    Checklist: "Indirect fire: only when the LOF is blocked, +3 defense, damage cap 2, ballistic
    only."

    Rules: AOD-12.7, AOD-11.2, AOD-11.8 step 6b, AOD-26.6, AOD-24 (the glossary's "indirect
    fire": a ballistic attack over a blocked LOF, +3 defense, at most 2 damage). Also
    tests/engine/aod/test_order_ranged.py.
    """

    def test_only_when_the_line_is_blocked(self) -> None:
        """AOD-12.7: in the open indirect fire is refused; behind a wall in 1012 direct fire is."""
        open_ground = arrange(LOBBING, LOB)
        lob = RangedAttack("HX-010a", ("HX-006a",), indirect=True)
        _refused(open_ground, lob, "attack/not_blocked", "only where the direct line of fire")
        walled = arrange(_on(LOBBING, {"1012": WALL}), LOB)
        _refused(walled, RangedAttack("HX-010a", ("HX-006a",)), "attack/no_line_of_fire", "1012")
        _, events = play(walled, [lob], dice=[3, 3, 3])
        assert next(e for e in events if isinstance(e, AttackRolled)).indirect

    @pytest.mark.parametrize(("dice", "hit"), [((3, 3, 3), True), ((3, 3, 2), False)])
    def test_plus_three_defense(self, dice: tuple[int, int, int], hit: bool) -> None:
        """AOD-12.7: need 16 + 3 - 10 = 9; 9 hits, 8 misses."""
        state = arrange(_on(LOBBING, {"1012": WALL}), LOB)
        _, events = play(state, [RangedAttack("HX-010a", ("HX-006a",), indirect=True)], dice=dice)
        shot = _shots(events)[0]
        assert shot.defense_modifiers == (Modifier("indirect fire", 3, "AOD-12.7"),)
        assert (shot.need, shot.hit) == (9, hit)

    def test_damage_is_capped_at_two(self) -> None:
        """AOD-12.7: the Warden's primary deals 4 directly, 2 indirectly (a critical: 2 + 1)."""
        state = arrange(_on(LOBBING, {"1012": WALL}), LOB)
        longbow = unit(state, "HX-006a")
        after, events = play(
            state, [RangedAttack("HX-010a", ("HX-006a",), indirect=True)], dice=[4, 4, 4]
        )
        assert next(e for e in events if isinstance(e, AttackRolled)).pool == 2
        assert (_shots(events)[0].clicks, after.units[longbow].dial.click) == (2, 2)
        direct, _ = play(
            arrange(LOBBING, LOB), [RangedAttack("HX-010a", ("HX-006a",))], dice=[4, 4, 4]
        )
        assert direct.units[longbow].dial.click == 4
        _, events = play(
            state, [RangedAttack("HX-010a", ("HX-006a",), indirect=True)], dice=[6, 6, 1]
        )
        assert _shots(events)[0].clicks == 3

    def test_ballistic_and_single_target_only(self) -> None:
        """AOD-12.7: ballistic and single target only.

        The Kestrel (1016) behind the wall: its energy primary may not lob, its
        ballistic secondary may (need 16 + 3 - 10 = 9), at one target only.
        """
        places: Places = {**LOB, "HX-009a": ("1016", N), "HX-010a": ("1919", N)}
        state = arrange(_on(LOBBING, {"1012": WALL, "1212": WALL}), places)
        _refused(
            state,
            RangedAttack("HX-009a", ("HX-006a",), indirect=True),
            "attack/indirect",
            "only a ballistic weapon fires indirectly",
        )
        lob = RangedAttack("HX-009a", ("HX-006a",), WeaponSlot.SECONDARY, indirect=True)
        _, events = play(state, [lob], dice=[3, 3, 3])
        assert (_shots(events)[0].need, _shots(events)[0].hit) == (9, True)
        _refused(
            state,
            RangedAttack("HX-009a", ("HX-006a", "HX-001a"), WeaponSlot.SECONDARY, indirect=True),
            "attack/too_many_targets",
            "at most 1",
        )
