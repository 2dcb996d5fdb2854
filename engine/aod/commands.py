"""The commands of an Age of Destruction game: what a player asks for (AOD-5, AOD-7, AOD-8).

Orders are one class per order kind (AOD-7.3): `MoveUnit` and `VentUnit` now; the combat orders
(ranged, close, assault, special attacks) join as classes of their own with their ``TAG``s, and the
turn machine gives each the same order bookkeeping (`engine.aod.state.OrderKind`, tokens, pushing).
"""

from __future__ import annotations

from attrs import frozen

from engine.aod.movement import Altitude
from engine.game import Command
from engine.hexes import Facing, Hex

__all__ = [
    "AOD_COMMANDS",
    "AoDCommand",
    "CallTime",
    "DeployAboard",
    "DeployUnit",
    "EndTurn",
    "FireArtillery",
    "FreeSpin",
    "LoadTransport",
    "MoveFormation",
    "MoveUnit",
    "PlaceTerrain",
    "RollFirstPlayer",
    "UnloadTransport",
    "VentUnit",
    "WithdrawForce",
]


@frozen
class AoDCommand(Command):
    """Base of the AoD commands."""


@frozen
class RollFirstPlayer(AoDCommand):
    """Every player rolls 3d6; the highest goes first, ties re-roll (AOD-5 step 5)."""

    TAG = "roll_first_player"


@frozen
class PlaceTerrain(AoDCommand):
    """Lay a piece from the pool with its anchor on ``anchor``, turned ``rotation`` x 60 degrees.

    AOD-5 step 6 / AOD-26.10: at least 3 clear hexes from other pieces, the board edges and the
    other players' deployment zones.
    """

    TAG = "place_terrain"
    piece: str
    anchor: Hex
    rotation: int = 0


@frozen
class DeployUnit(AoDCommand):
    """Place one unit of the deploying player in his zone (AOD-5 step 9, AOD-26.10).

    ``altitude``: a VTOL may begin at either altitude (AOD-5 step 10).
    """

    TAG = "deploy_unit"
    unit: str
    hex: Hex
    facing: Facing
    altitude: Altitude = Altitude.NOE


@frozen
class MoveUnit(AoDCommand):
    """A Move order (AOD-8): move to ``to`` and face ``facing``.

    Attributes:
        unit: the unit's name (``HX-009a``).
        to: where the move ends (its start hex: turn in place, AOD-8.1).
        facing: the facing chosen after moving (AOD-8.1).
        run: run, speed x2, +1 heat ('Mechs, AOD-8.7).
        altitude: the altitude a VTOL ends at (AOD-8.9); None: the one it has.
        via: the hexes entered before ``to``, when the path is plotted; empty: any legal path
            within the allowance (the engine finds the cheapest).
    """

    TAG = "move_unit"
    unit: str
    to: Hex
    facing: Facing
    run: bool = False
    altitude: Altitude | None = None
    via: tuple[Hex, ...] = ()


@frozen
class VentUnit(AoDCommand):
    """A Vent order: a 'Mech cools by its vent rating (AOD-10.3)."""

    TAG = "vent_unit"
    unit: str


@frozen
class FreeSpin(AoDCommand):
    """An enemy turns to face a unit that ended its move beside it (AOD-8.5).

    ``facing`` None declines the spin.
    """

    TAG = "free_spin"
    unit: str
    facing: Facing | None


@frozen
class EndTurn(AoDCommand):
    """End the order stage: the orders not given are lost (AOD-7.2); clean-up follows.

    In the terrain stage: lay no more pieces ([DESIGN] for a placer who cannot or will not).
    """

    TAG = "end_turn"


@frozen
class WithdrawForce(AoDCommand):
    """The active player withdraws his whole force from the battle (AOD-22.4)."""

    TAG = "withdraw_force"


@frozen
class CallTime(AoDCommand):
    """End the game now: the time limit ran out, or every player agrees (AOD-22.1 items 2-3)."""

    TAG = "call_time"


@frozen
class FireArtillery(AoDCommand):
    """A Ranged order fired long range: place artillery markers (AOD-13.3, AOD-13.5).

    ``aims``: (marker id, hex of its dot) per marker, as many as the weapon has targets; they
    come down in the owner's next command stage (AOD-13.4). ``formation``: the other members of
    an artillery formation led by ``unit`` (AOD-13.7, AOD-18.3); empty: it fires alone.
    """

    TAG = "fire_artillery"
    unit: str
    aims: tuple[tuple[str, Hex], ...]
    formation: tuple[str, ...] = ()


@frozen
class MoveFormation(AoDCommand):
    """A movement formation's Move order (AOD-18.2): one order moves every member.

    ``members``: the leader (the unit given the order) first. The formation keeps its shape:
    every member moves as the leader does, from its hex to ``to``, one at a time, and all end
    facing ``facing``.
    """

    TAG = "move_formation"
    members: tuple[str, ...]
    to: Hex
    facing: Facing


@frozen
class LoadTransport(AoDCommand):
    """A transport's Move order loading ``passengers`` (AOD-9.3, AOD-25 #4).

    Loading spends half its movement; with what is left it may move on to ``to`` (None: it
    stays) and face ``facing`` (None: its facing).
    """

    TAG = "load_transport"
    transport: str
    passengers: tuple[str, ...]
    to: Hex | None = None
    facing: Facing | None = None


@frozen
class UnloadTransport(AoDCommand):
    """A transport's Move order unloading passengers (AOD-9.3).

    The transport first moves to ``to`` (None: it stays) and faces ``facing`` (None: its
    facing), within the half movement unloading leaves; then each passenger of ``drops`` is set
    down, in order, in a free hex behind it: (passenger, hex, facing), or (passenger, None,
    None) for one that cannot be placed and is lost. With what is left it may move on to
    ``then`` and face ``then_facing`` (None: it stays, keeps its facing).
    """

    TAG = "unload_transport"
    transport: str
    drops: tuple[tuple[str, Hex | None, Facing | None], ...]
    to: Hex | None = None
    facing: Facing | None = None
    then: Hex | None = None
    then_facing: Facing | None = None


@frozen
class DeployAboard(AoDCommand):
    """Deploy a unit aboard a friendly transport already on the board (AOD-9.2, AOD-5 step 9)."""

    TAG = "deploy_aboard"
    unit: str
    transport: str


AOD_COMMANDS: tuple[type[AoDCommand], ...] = (
    RollFirstPlayer,
    PlaceTerrain,
    DeployUnit,
    MoveUnit,
    VentUnit,
    FreeSpin,
    EndTurn,
    CallTime,
    WithdrawForce,
    FireArtillery,
    MoveFormation,
    LoadTransport,
    UnloadTransport,
    DeployAboard,
)
"""Every command class, for the ruleset and its converter."""
