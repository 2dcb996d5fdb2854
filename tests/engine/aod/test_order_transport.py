"""Boarding and unloading through the turn machine, and what befalls passengers (AOD-9).

AOD-26.17 item 22 at the order level: half-movement load and unload, placement behind the
transport, capacity 1 per infantry and 3 per vehicle, passengers lost with their transport,
and (with item 21) Heavy Damage unloading them at once; AOD-9.2 passengers take no orders.
"""

from __future__ import annotations

import attrs
import pytest

from engine.aod.commands import (
    DeployAboard,
    DeployUnit,
    LoadTransport,
    MoveUnit,
    RollFirstPlayer,
    UnloadTransport,
)
from engine.aod.context import AoDCode, Ctx
from engine.aod.effects import damage
from engine.aod.events import (
    DeployerChanged,
    Disembarked,
    OrderGiven,
    UnitEliminated,
    UnitMoved,
    UnitsBoarded,
    UnitsUnloaded,
)
from engine.aod.language import format_command, parse_command
from engine.aod.narrate import tell
from engine.aod.rules import legal_commands
from engine.aod.state import AoDState, OrderKind
from engine.aod.status import DialStatus
from engine.aod.transport_order import TransportCode, transport_commands
from engine.dice import ScriptedDice
from engine.game import Command, IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.aod._game import arrange, play, setup, unit

N, NE, SE, S, SW, NW = Facing
H = Hex.from_label

GAME = setup(["HX-005", "HX-001", "HX-001", "HX-004"], ["HX-001", "HX-010"])
"""Red: Bastion APC HX-005a (C2, speed 10), Pathguards HX-001a, b, Halberd HX-004a. Blue:
Pathguard HX-001c, Warden HX-010a."""

PLACES = {
    "HX-005a": ("0505", N),
    "HX-001a": ("0506", N),  # behind the APC (its rear hexes: 0405, 0506, 0605)
    "HX-001b": ("0605", N),  # behind it too
    "HX-004a": ("0405", N),  # behind it, but a vehicle fills 3 bays
    "HX-001c": ("1515", N),
    "HX-010a": ("1715", N),
}


def _state(
    places: dict[str, tuple[str, Facing]] | None = None, tokens: dict[str, int] | None = None
) -> AoDState:
    """The order stage with every unit where it started the turn (AOD-9.3 reads that)."""
    state = arrange(GAME, {**PLACES, **(places or {})}, tokens=tokens)
    units = tuple(attrs.evolve(u, turn_start=u.hex) for u in state.units)
    return attrs.evolve(state, units=units)


def _aboard(state: AoDState, *riders: str) -> AoDState:
    """``riders`` already inside the APC (AOD-9.2: off the board)."""
    apc = unit(state, "HX-005a")
    for ident in riders:
        index = unit(state, ident)
        state = state.with_unit(
            index, attrs.evolve(state.units[index], hex=None, aboard=apc, turn_start=None)
        )
    return state


def _refused(state: AoDState, command: Command, code: str, words: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert refused.value.code == code
    assert words in refused.value.message


# ---- boarding ----------------------------------------------------------------------------------


def test_a_unit_behind_the_transport_boards_and_loses_its_token() -> None:
    """AOD-9.3 / AOD-25 #4: the APC takes the Move order; the Pathguard leaves the board."""
    state = _state(tokens={"HX-001a": 1})
    state, events = play(state, [LoadTransport("HX-005a", ("HX-001a",))])
    apc, rider = unit(state, "HX-005a"), unit(state, "HX-001a")
    assert events[:2] == [
        OrderGiven(apc, OrderKind.MOVE, pushed=False, tokens=1),
        UnitsBoarded(apc, (rider,)),
    ]
    passenger = state.units[rider]
    assert (passenger.hex, passenger.aboard, passenger.tokens) == (None, apc, 0)
    assert state.orders_left == 2


def test_loading_spends_half_the_move() -> None:
    """AOD-9.3 / AOD-26.7 / AOD-26.17 #22: speed 10, loading leaves 10 - 5 = 5 hexes."""
    state = _state({"HX-004a": ("1110", N)})  # out of the way (no squeeze, AOD-26.4)
    moved, events = play(state, [LoadTransport("HX-005a", ("HX-001a",), H("0510"), S)])
    assert UnitMoved(unit(state, "HX-005a"), H("0510"), S, state.units[0].altitude, 5) in events
    assert moved.units[unit(state, "HX-005a")].hex == H("0510")
    _refused(
        state,
        LoadTransport("HX-005a", ("HX-001a",), H("0511"), S),
        TransportCode.MOVE,
        "(5 hexes)",
    )


def test_capacity_counts_infantry_one_and_vehicles_three() -> None:
    """AOD-9.1 / AOD-26.17 #22: two Pathguards fill the C2 APC; the Halberd needs 3."""
    state = _state()
    both, _ = play(state, [LoadTransport("HX-005a", ("HX-001a", "HX-001b"))])
    apc = unit(state, "HX-005a")
    assert [both.units[unit(state, p)].aboard for p in ("HX-001a", "HX-001b")] == [apc, apc]
    _refused(
        state,
        LoadTransport("HX-005a", ("HX-004a",)),
        TransportCode.BOARD,
        "has room for 2 and Halberd Hover Tank needs 3",
    )
    _refused(
        _aboard(state, "HX-001a", "HX-001b"),
        LoadTransport("HX-005a", ("HX-004a",)),
        TransportCode.BOARD,
        "has room for 0",
    )


def test_only_units_behind_it_since_the_turn_began_may_board() -> None:
    """AOD-9.3: in contact with the rear arc at the start of the turn, and still."""
    in_front = _state({"HX-001a": ("0504", S)})
    _refused(
        in_front,
        LoadTransport("HX-005a", ("HX-001a",)),
        TransportCode.BOARD,
        "did not start the turn touching the back",
    )
    state, _ = play(_state({"HX-001b": ("0707", N)}), [MoveUnit("HX-001b", H("0605"), N)])
    _refused(state, LoadTransport("HX-005a", ("HX-001b",)), TransportCode.BOARD, "moved this turn")


def test_passengers_take_no_orders() -> None:
    """AOD-9.2 / AOD-7.3: a unit aboard cannot be ordered, nor is it listed."""
    state = _aboard(_state(), "HX-001a")
    _refused(
        state,
        MoveUnit("HX-001a", H("0707"), N),
        AoDCode.OFF_BOARD,
        "HX-001a is aboard HX-005a: it cannot be given orders.",
    )
    assert all("HX-001a" not in format_command(c).split()[1:2] for c in legal_commands(state))


# ---- unloading ---------------------------------------------------------------------------------


def test_unloading_after_a_half_move_sets_passengers_down_behind() -> None:
    """AOD-9.3 / AOD-26.17 #22: move 5 to 0510, then both Pathguards behind it (0511, 0610)."""
    state = _aboard(_state({"HX-004a": ("1110", N)}), "HX-001a", "HX-001b")
    command = UnloadTransport(
        "HX-005a", (("HX-001a", H("0511"), S), ("HX-001b", H("0610"), None)), H("0510"), N
    )
    state, events = play(state, [command])
    apc, a, b = (unit(state, u) for u in ("HX-005a", "HX-001a", "HX-001b"))
    unloaded = next(e for e in events if isinstance(e, UnitsUnloaded))
    assert unloaded == UnitsUnloaded(
        apc, (Disembarked(a, H("0511"), S), Disembarked(b, H("0610"), N))
    )
    assert (state.units[a].hex, state.units[a].aboard) == (H("0511"), None)
    assert state.units[apc].hex == H("0510")
    _refused(
        _aboard(_state({"HX-004a": ("1110", N)}), "HX-001a"),
        UnloadTransport("HX-005a", (("HX-001a", H("0512"), S),), H("0511"), N),
        TransportCode.MOVE,
        "(5 hexes)",
    )


def test_it_may_move_before_and_after_unloading_within_half_its_move() -> None:
    """AOD-9.3: 2 hexes to 0507, the Pathguard set down behind it, 3 more on to 0504: 5 in all.

    One hex further is refused: 3 hexes are left after the first leg.
    """
    state = _aboard(_state({"HX-004a": ("1110", N)}), "HX-001a")
    drop = (("HX-001a", H("0508"), S),)
    command = UnloadTransport("HX-005a", drop, H("0507"), N, then=H("0504"), then_facing=NE)
    after, events = play(state, [command])
    apc = unit(state, "HX-005a")
    moved = [(e.hex, e.facing, e.cost) for e in events if isinstance(e, UnitMoved)]
    assert moved == [(H("0507"), N, 2), (H("0504"), NE, 3)]
    assert after.units[unit(state, "HX-001a")].hex == H("0508")
    assert after.units[apc].hex == H("0504")
    _refused(
        state,
        attrs.evolve(command, then=H("0503")),
        TransportCode.MOVE,
        "cannot reach 0503 with the half move loading or unloading leaves (3 hexes)",
    )


def test_a_passenger_goes_only_behind_the_transport() -> None:
    """AOD-9.3: a free hex touching the rear arc; not in front."""
    state = _aboard(_state({"HX-001b": ("0909", N), "HX-004a": ("0809", N)}), "HX-001a")
    _refused(
        state,
        UnloadTransport("HX-005a", (("HX-001a", H("0504"), N),)),
        TransportCode.PLACE,
        "must be set down in a free hex behind the transport",
    )


def test_a_passenger_with_no_room_is_lost_only_when_no_hex_is_left() -> None:
    """AOD-9.3 / AOD-26.17 #22: behind the APC stand a Pathguard, the Halberd and the Warden.

    No room: the passenger is lost. With a rear hex free, losing it is refused.
    """
    crowded = _aboard(_state({"HX-001b": ("1010", N)}), "HX-001a")
    blocked = {"HX-001b": ("0605", N), "HX-010a": ("0506", N)}  # Blue's Warden too, behind
    state = _aboard(_state(blocked), "HX-001a")
    state, events = play(state, [UnloadTransport("HX-005a", (("HX-001a", None, None),))])
    rider = unit(state, "HX-001a")
    assert any(isinstance(e, UnitEliminated) and e.unit == rider for e in events)
    assert state.units[rider].eliminated
    _refused(
        crowded,
        UnloadTransport("HX-005a", (("HX-001a", None, None),)),
        TransportCode.PLACE,
        "can still be set down",
    )


# ---- what befalls passengers -------------------------------------------------------------------


def test_passengers_are_lost_with_their_transport() -> None:
    """AOD-9.2 / AOD-17.4 / AOD-26.17 #22: the APC eliminated (6 clicks), both aboard too."""
    state = _aboard(_state(), "HX-001a", "HX-001b")
    ctx = Ctx(state, ScriptedDice(()))
    apc = unit(state, "HX-005a")
    damage(ctx, apc, 6, "pushed", by=1, tokens=0)
    gone = [e.unit for e in ctx.events if isinstance(e, UnitEliminated)]
    assert gone == [apc, unit(state, "HX-001a"), unit(state, "HX-001b")]
    assert all(
        e.scorer == 1 for e in ctx.events if isinstance(e, UnitEliminated)
    )  # Blue scores them


def test_heavy_damage_unloads_the_passengers_at_once() -> None:
    """AOD-9.2 / AOD-17.3 / AOD-26.17 #21: 5 clicks bring Heavy Damage: everyone gets off.

    [DESIGN] The first free hexes behind the APC in map order, facing as the APC does.
    """
    state = _aboard(_state({"HX-001b": ("1010", N), "HX-004a": ("1110", N)}), "HX-001a")
    ctx = Ctx(state, ScriptedDice(()))
    apc = unit(state, "HX-005a")
    damage(ctx, apc, 5, "pushed", by=1, tokens=0)
    assert ctx.state.heavy_damage(apc)
    unloaded = next(e for e in ctx.events if isinstance(e, UnitsUnloaded))
    first = min((H("0405"), H("0506"), H("0605")))
    assert unloaded == UnitsUnloaded(
        apc, (Disembarked(unit(state, "HX-001a"), first, N),), forced=True
    )
    assert ctx.state.units[unit(state, "HX-001a")].on_board


def test_a_heavily_damaged_transport_takes_no_one() -> None:
    """AOD-9.2 / AOD-17.3: a transport showing Heavy Damage cannot carry."""
    state = arrange(
        GAME, PLACES, dials={"HX-005a": DialStatus(click=5)}
    )  # click 5 shows Heavy Damage
    state = attrs.evolve(state, units=tuple(attrs.evolve(u, turn_start=u.hex) for u in state.units))
    _refused(
        state,
        LoadTransport("HX-005a", ("HX-001a",)),
        TransportCode.CARRY,
        "heavily damaged: it cannot carry passengers",
    )


# ---- listing and language ----------------------------------------------------------------------


def test_listed_boarding_and_unloading_are_accepted_and_read_back() -> None:
    """Each unit that may board is listed, and unloading everyone aboard; all accepted."""
    for state in (_state(), _aboard(_state({"HX-001b": ("1010", N)}), "HX-001a")):
        listed = [
            c for c in legal_commands(state) if isinstance(c, LoadTransport | UnloadTransport)
        ]
        assert listed == transport_commands(state)
        assert listed
        for command in listed:
            assert parse_command(format_command(command), state) == command
            play(state, [command])


def test_the_language_reads_boarding_and_unloading() -> None:
    """``board A,B into T [to HEX] [face F]``; ``unload T [to HEX] [face F] A at HEX [F] ...``."""
    state = _state()
    assert parse_command("board HX-001a into HX-005a", state) == LoadTransport(
        "HX-005a", ("HX-001a",)
    )
    load = LoadTransport("HX-005a", ("HX-001a", "HX-001b"), H("0510"), S)
    assert format_command(load) == "board HX-001a,HX-001b into HX-005a to 0510 face S"
    assert parse_command(format_command(load), state) == load
    assert parse_command("unload HX-005a HX-001a at 0608", state) == UnloadTransport(
        "HX-005a", (("HX-001a", H("0608"), None),)
    )
    unload = UnloadTransport(
        "HX-005a", (("HX-001a", H("0511"), S), ("HX-001b", None, None)), H("0510"), N
    )
    text = "unload HX-005a to 0510 face N HX-001a at 0511 S HX-001b lost"
    assert format_command(unload) == text
    assert parse_command(text, state) == unload
    onward = attrs.evolve(unload, then=H("0504"), then_facing=S)
    assert format_command(onward) == f"{text} then to 0504 face S"
    assert parse_command(format_command(onward), state) == onward


def test_the_story_tells_boarding_and_unloading() -> None:
    """The log says who boarded and where each passenger was set down."""
    state = _state()
    command = LoadTransport("HX-005a", ("HX-001a",))
    _, events = play(state, [command])
    lines, _ = tell(0, command, events, state)
    assert any(
        line.text == "Pathguard Rifle Squad (HX-001a) boards Bastion APC (HX-005a)."
        for line in lines
    )
    loaded = _aboard(_state(), "HX-001a")
    command_out = UnloadTransport("HX-005a", (("HX-001a", H("0506"), S),))
    _, events = play(loaded, [command_out])
    lines, _ = tell(1, command_out, events, loaded)
    assert any(
        line.text
        == "Bastion APC (HX-005a) unloads: Pathguard Rifle Squad (HX-001a) in 0506 facing S."
        for line in lines
    )


# ---- beginning the game aboard ------------------------------------------------------------------


def _deploying() -> AoDState:
    """Red (APC, two Pathguards, Halberd) deploys first; Blue (Pathguard, Warden) next."""
    state, _ = play(AoDState.start(GAME), [RollFirstPlayer()], [6, 6, 6, 1, 1, 1])
    return play(state, [DeployUnit("HX-005a", H("1002"), S)])[0]


def test_friendly_units_may_begin_the_game_aboard() -> None:
    """AOD-9.2: the Pathguards start inside the APC; Red is done once the Halberd is placed."""
    state = _deploying()
    state, events = play(
        state,
        [
            DeployAboard("HX-001a", "HX-005a"),
            DeployAboard("HX-001b", "HX-005a"),
            DeployUnit("HX-004a", H("1102"), S),
        ],
    )
    apc = unit(state, "HX-005a")
    assert UnitsBoarded(apc, (unit(state, "HX-001a"),)) in events
    assert [state.units[unit(state, p)].aboard for p in ("HX-001a", "HX-001b")] == [apc, apc]
    assert events[-1] == DeployerChanged(1)
    assert not any(isinstance(c, DeployUnit) and c.unit == "HX-001a" for c in legal_commands(state))


def test_deploying_aboard_needs_room_and_the_transport_placed() -> None:
    """AOD-9.1 / AOD-9.2: the Halberd fills 3 bays of a C2 APC; the APC is placed first."""
    state = _deploying()
    _refused(
        state, DeployAboard("HX-004a", "HX-005a"), TransportCode.BOARD, "has room for 2, not 3"
    )
    fresh, _ = play(AoDState.start(GAME), [RollFirstPlayer()], [6, 6, 6, 1, 1, 1])
    _refused(fresh, DeployAboard("HX-001a", "HX-005a"), TransportCode.BOARD, "Deploy HX-005a first")
    listed = {format_command(c) for c in legal_commands(state) if isinstance(c, DeployAboard)}
    assert listed == {"deploy HX-001a aboard HX-005a", "deploy HX-001b aboard HX-005a"}
    assert parse_command("deploy hx-001a aboard HX-005a", state) == DeployAboard(
        "HX-001a", "HX-005a"
    )
