"""Transports and passengers: capacity, boarding, unloading and what befalls those aboard.

Rules: AOD-9.1 (capacity; infantry use 1, vehicles 3, the [CONFLICT] of AOD-25 #1), AOD-9.2
(passengers: no orders, off the board, lost with their transport, unloaded at once by Heavy
Damage), AOD-9.3 (boarding and unloading through the transport's rear arc, for half its
movement; the transport takes the order, AOD-25 #4; an escort boards only with its captive),
AOD-9.4 (VTOL transports at cruising altitude carry only jump-capable units), AOD-8.3 and
AOD-26.7 (the order of speed changes: run, then load or unload, then the hindering start: see
`engine.aod.movement.allowance` with ``loading=True``), AOD-17.3 (a heavily damaged transport
carries no one) and AOD-17.4 (passengers are eliminated with their transport).

Passengers are off the board in numbered bays (AOD-26.4), so they have no `Occupant`; the turn
machine keeps, for each transport, the `UnitDef` and `DialStatus` of every unit aboard, in bay
order. A unit as these functions see it is a `Piece`: its printed unit and its dials.

A captured transport's passengers (1 damage click each) are `engine.aod.captives`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import frozen

from engine.aod.dial import heavy_damage, window
from engine.aod.geometry import (
    DEFAULT_ARCS,
    Arc,
    Arcs,
    Battlefield,
    Occupant,
    arc_of,
    enemy_contacts,
    mode_terrain,
    neighbours_in,
)
from engine.aod.status import DialStatus
from engine.aod.terrain import TerrainType
from engine.aod.units import SpeedMode, UnitDef, UnitType
from engine.hexes import Facing, Hex

__all__ = [
    "JUMP_JETS",
    "HeavyDamageUnload",
    "Piece",
    "Placement",
    "Unloaded",
    "board_problem",
    "capacity_used",
    "carry_problem",
    "deploy_aboard_problem",
    "free_capacity",
    "heavy_damage_unload",
    "lost_with_transport",
    "passenger_order_problem",
    "passenger_problem",
    "unload",
    "unload_ends_move",
    "unload_hexes",
]

JUMP_JETS = "JJ"
"""AOD-9.4 / AOD-26.14: the SE code of Jump Jets, the one way on and off a cruising VTOL."""


@frozen
class Piece:
    """A unit as the transport rules see it: the printed unit and where its dials stand."""

    unit: UnitDef
    status: DialStatus

    @property
    def name(self) -> str:
        """The unit's name, for sentences."""
        return self.unit.name

    @property
    def jumps(self) -> bool:
        """AOD-9.4 / AOD-26.14: Jump Jets show in its window (so it may use a cruising VTOL)."""
        return not self.status.eliminated(self.unit) and window(self.unit, self.status).shows(
            JUMP_JETS
        )


Placement = tuple[Hex, Facing]
"""Where an unloaded passenger is set down, and which way it faces (the owner's choice)."""


# ---- AOD-9.1 capacity ---------------------------------------------------------------------


def capacity_used(aboard: Iterable[UnitDef]) -> int:
    """AOD-9.1: the bays the units aboard fill: 1 per infantry unit, 3 per vehicle ([CONFLICT]).

    The glossary's 2 for a vehicle is not used (AOD-25 #1).
    """
    return sum(unit.passenger_size for unit in aboard)


def free_capacity(transport: UnitDef, aboard: Iterable[UnitDef]) -> int:
    """AOD-9.1: the bays of ``transport`` still empty (its ``C`` number less those used)."""
    return max(transport.capacity - capacity_used(aboard), 0)


def carry_problem(transport: Piece) -> str:
    """Why ``transport`` cannot carry anyone now, or "" (AOD-9.1, AOD-9.2, AOD-17.3)."""
    # AOD-9.1: a transport has a C number above its dial window
    if not transport.unit.is_transport:
        return f"{transport.name} is not a transport."
    # AOD-17.4: removed at once
    if transport.status.eliminated(transport.unit):
        return f"{transport.name} has been destroyed."
    # AOD-9.2 / AOD-17.3: a heavily damaged transport cannot carry or tow
    if heavy_damage(transport.unit, transport.status):
        return f"{transport.name} is heavily damaged: it cannot carry passengers."
    return ""


def passenger_problem(passenger: UnitDef) -> str:
    """Why ``passenger`` can never ride a transport, or "" (AOD-9.1, AOD-8.9).

    Only infantry and vehicles ride; never a transport nor a VTOL.
    """
    # AOD-8.9: a VTOL is never a passenger
    if passenger.speed_mode is SpeedMode.VTOL:
        return f"{passenger.name} is a VTOL: it cannot ride in a transport."
    # AOD-9.1: transports do not carry transports
    if passenger.is_transport:
        return f"{passenger.name} is a transport itself: it cannot ride in another."
    # AOD-9.1: only infantry and vehicles
    if passenger.unit_type is UnitType.MECH:
        return f"{passenger.name} is a 'Mech: only infantry and vehicles ride in transports."
    return ""


def passenger_order_problem(passenger: UnitDef) -> str:
    """AOD-9.2: why a unit aboard a transport takes no orders.

    Nor does it use its SE or count for formation sizes or victory conditions: the turn machine
    leaves passengers out of those.
    """
    return f"{passenger.name} is aboard a transport: it cannot be given orders."


def deploy_aboard_problem(transport: UnitDef, passengers: Sequence[UnitDef]) -> str:
    """AOD-9.2 / AOD-5: why these friendly units may not begin the game aboard, or "".

    Each must be able to ride, and together they must fit the bays (AOD-9.1). That they are
    the transport owner's units is the setup's check.
    """
    if not transport.is_transport:
        return f"{transport.name} is not a transport."
    for passenger in passengers:
        why = passenger_problem(passenger)
        if why:
            return why
    used = capacity_used(passengers)
    if used > transport.capacity:
        return f"{transport.name} has room for {transport.capacity}, not {used}."
    return ""


# ---- AOD-9.3 boarding -----------------------------------------------------------------------


def _behind(field: Battlefield, transport: int, where: Hex, arcs: Arcs) -> bool:
    """The hex touches the transport's rear arc: adjacent and in its rear arc (AOD-26.5).

    Adjacency, not `engine.aod.geometry.in_contact`: a cruising VTOL counts as touching the
    jump-capable units it loads or unloads (AOD-9.4).
    """
    carrier = field.units[transport]
    return carrier.hex.distance(where) == 1 and arc_of(carrier, where, arcs) is Arc.REAR


def board_problem(  # noqa: PLR0911 - one guard per rule
    field: Battlefield,
    transport_index: int,
    passenger_index: int,
    transport: Piece,
    passenger: Piece,
    *,
    aboard: Sequence[UnitDef] = (),
    start: Battlefield | None = None,
    captive: Piece | None = None,
    arcs: Arcs = DEFAULT_ARCS,
) -> str:
    """Why ``passenger`` may not board ``transport`` in its Move order now, or "" (AOD-9.3).

    Args:
        field: the battlefield now, before the transport moves (boarding comes first, AOD-9.3).
        transport_index: the transport's index in ``field``.
        passenger_index: the boarding unit's index in ``field``.
        transport: the transport's unit and dials.
        passenger: the boarding unit's.
        aboard: the units already aboard.
        start: the battlefield at the start of the turn (the passenger must have touched the
            transport's rear arc then, and still does; [INTERP] and touch no enemy then or
            now, AOD-9.3); ``field`` when left out. Same unit indices as ``field``.
        captive: the captive the boarding unit escorts, which boards with it (AOD-9.3, 14.4).
        arcs: the arcs' sizes.

    The order goes to the transport (AOD-25 #4) and spends half its movement, rounded up
    (`engine.aod.movement.allowance` with ``loading=True``); the boarded units' order tokens are
    discarded. [INTERP] A cruising VTOL loads a jump-capable unit that stands behind it as if the
    two were in base contact, as AOD-9.4 says for unloading.
    """
    before = field if start is None else start
    why = carry_problem(transport) or passenger_problem(passenger.unit)
    if why:
        return why
    carrier, rider = field.units[transport_index], field.units[passenger_index]
    # AOD-9.3: friendly units only (a captive is nobody's friend, AOD-14.4)
    if passenger_index == transport_index or not carrier.is_friend_of(rider):
        return f"Only friendly units may board {transport.name}."
    size = passenger.unit.passenger_size
    if captive is not None:
        # AOD-9.1 / AOD-14.4: a captured 'Mech never rides, so its escort cannot board
        captive_why = passenger_problem(captive.unit)
        if captive_why:
            return f"{passenger.name} cannot board with its captive: {captive_why}"
        size += captive.unit.passenger_size
    # AOD-9.1 / AOD-9.3: the bays must hold it (and its captive)
    room = free_capacity(transport.unit, aboard)
    if size > room:
        return (
            f"{transport.name} has room for {room} and {passenger.name}"
            f"{' with its captive' if captive is not None else ''} needs {size}."
        )
    # AOD-9.4: a cruising VTOL loads only units with Jump Jets
    if carrier.cruising and not (passenger.jumps and (captive is None or captive.jumps)):
        return f"{transport.name} is flying high: only units with jump jets may board it."
    # AOD-9.3: in base contact with the transport's rear arc since the start of the turn
    if not _behind(before, transport_index, before.units[passenger_index].hex, arcs):
        return f"{passenger.name} did not start the turn touching the back of {transport.name}."
    if not _behind(field, transport_index, rider.hex, arcs):
        return f"{passenger.name} is no longer touching the back of {transport.name}."
    # AOD-9.3: and not in base contact with an enemy ([INTERP] then or now)
    if enemy_contacts(before, passenger_index) or enemy_contacts(field, passenger_index):
        return f"{passenger.name} is in contact with an enemy: it cannot board."
    return ""


# ---- AOD-9.3 unloading ----------------------------------------------------------------------


def unload_hexes(
    field: Battlefield,
    transport_index: int,
    mode: SpeedMode,
    *,
    side: int | None = None,
    arcs: Arcs = DEFAULT_ARCS,
) -> tuple[Hex, ...]:
    """AOD-9.3 / AOD-26.4: where a passenger moving in ``mode`` may be set down, sorted.

    The free hexes next to the transport's rear arc, on the board, where the passenger may stand
    (not blocking terrain for its mode) and touching no enemy of ``side``, the passengers' side
    (the transport's own when left out: it differs for a captured transport, whose passengers
    are not its captor's).
    """
    carrier = field.units[transport_index]
    riders = carrier.side if side is None else side
    found = []
    for where in neighbours_in(carrier, Arc.REAR, arcs):
        terrain = field.terrain.get(where)
        if terrain is None or field.index_at(where) is not None:
            continue  # off the board, or a base already there (AOD-26.4)
        if terrain.type is TerrainType.BLOCKING or mode_terrain(terrain, mode) is (
            TerrainType.BLOCKING
        ):
            continue  # AOD-8.6 / AOD-19.3: the passenger could not stand there
        if any(
            other.side is not None
            and riders is not None
            and other.side != riders
            and not other.cruising
            and other.hex.distance(where) == 1
            for other in field.units
        ):
            continue  # AOD-9.3: not in base contact with any enemy
        found.append(where)
    return tuple(sorted(found))


@frozen
class Unloaded:
    """What an unloading did (AOD-9.3).

    Attributes:
        field: the battlefield with the placed passengers appended, in passenger order.
        placed: for each placed passenger, its position in the list given and its placement.
        eliminated: the positions of the passengers that could not be placed (AOD-9.3).
        problem: why the unloading as asked is illegal; then nothing changed ("" when legal).
    """

    field: Battlefield
    placed: tuple[tuple[int, Placement], ...] = ()
    eliminated: tuple[int, ...] = ()
    problem: str = ""


def unload(
    field: Battlefield,
    transport_index: int,
    passengers: Sequence[Piece],
    wanted: Sequence[Placement | None],
    *,
    side: int | None = None,
    arcs: Arcs = DEFAULT_ARCS,
) -> Unloaded:
    """AOD-9.3: set down ``passengers`` in order, each where ``wanted`` says (None: not placed).

    Each passenger is placed in turn, so an earlier one's base takes its hex from the later
    ones. A passenger that cannot be placed is eliminated, and the transport's owner chooses
    which: None is legal only when, the others placed, no hex is left for it. ``side`` is the
    passengers' side (the transport's when left out). A cruising VTOL sets down only units
    with Jump Jets, which count as touching it (AOD-9.4).

    ``field`` shows the transport where it unloads: it may move before and after, within its
    allowance (AOD-9.3). For an unloading forced by Heavy Damage, where it stands then.
    """
    carrier = field.units[transport_index]
    riders = carrier.side if side is None else side
    # AOD-9.4: a cruising VTOL sets down only units with Jump Jets
    grounded = [piece.name for piece in passengers if carrier.cruising and not piece.jumps]
    if grounded:
        return Unloaded(
            field,
            problem=f"{grounded[0]} has no jump jets: it cannot get off a VTOL flying high.",
        )
    units = list(field.units)
    placed: list[tuple[int, Placement]] = []
    lost: list[int] = []
    now = field
    for number, (piece, choice) in enumerate(zip(passengers, wanted, strict=True)):
        legal = unload_hexes(now, transport_index, piece.unit.speed_mode, side=riders, arcs=arcs)
        if choice is None:
            lost.append(number)
            continue
        where, facing = choice
        if where not in legal:
            return Unloaded(
                field,
                problem=f"{piece.name} must be set down in a free hex behind the transport, "
                "touching no enemy.",
            )
        units.append(Occupant(where, facing, piece.unit.unit_type, piece.unit.speed_mode, riders))
        now = Battlefield(field.terrain, tuple(units))
        placed.append((number, choice))
    for number in lost:
        mode = passengers[number].unit.speed_mode
        if unload_hexes(now, transport_index, mode, side=riders, arcs=arcs):
            return Unloaded(field, problem=f"{passengers[number].name} can still be set down.")
    return Unloaded(now, tuple(placed), tuple(lost))


def unload_ends_move(carrier: Occupant) -> bool:
    """AOD-9.4: a cruising VTOL moves no further once it has unloaded (jump-capable) units.

    Any other transport may move on within its allowance after unloading (AOD-9.3).
    """
    return carrier.cruising


# ---- AOD-9.2 / AOD-9.4 / AOD-17 what befalls those aboard -----------------------------------


def lost_with_transport(aboard: Sequence[Piece]) -> tuple[int, ...]:
    """AOD-9.2 / AOD-17.4: the bays whose units are eliminated with their eliminated transport.

    All of them. Other attacks on the transport do not touch them (AOD-9.2).
    """
    return tuple(range(len(aboard)))


@frozen
class HeavyDamageUnload:
    """What Heavy Damage appearing on a loaded transport does to those aboard (AOD-9.2, 9.4).

    Attributes:
        eliminated: bays whose units die: those without Jump Jets aboard a cruising VTOL, which
            drops to NOE (AOD-9.4).
        to_unload: bays whose units must be set down at once with `unload` (AOD-9.2, AOD-17.3),
            in bay order, after a VTOL's forced descent.
    """

    eliminated: tuple[int, ...]
    to_unload: tuple[int, ...]


def heavy_damage_unload(aboard: Sequence[Piece], *, cruising: bool) -> HeavyDamageUnload:
    """AOD-9.2 / AOD-9.4 / AOD-17.3: the passengers of a transport whose Heavy Damage appeared.

    `engine.aod.dial.take_damage` says ``must_unload``; ``cruising`` is whether the transport was
    at cruising altitude when it appeared. No movement is spent: the unloading is immediate.
    """
    lost = tuple(n for n, piece in enumerate(aboard) if cruising and not piece.jumps)
    rest = tuple(n for n in range(len(aboard)) if n not in lost)
    return HeavyDamageUnload(lost, rest)
