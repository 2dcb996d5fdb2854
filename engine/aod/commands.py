"""The commands of an Age of Destruction game: what a player asks for (AOD-5, AOD-7, AOD-8).

Orders are one class per order kind (AOD-7.3): `MoveUnit` and `VentUnit` now; the combat orders
(ranged, close, assault, special attacks) join as classes of their own with their ``TAG``s, and the
turn machine gives each the same order bookkeeping (`engine.aod.state.OrderKind`, tokens, pushing).
"""

from __future__ import annotations

from attrs import frozen

from engine.aod.closecombat import SpecialKind
from engine.aod.movement import Altitude
from engine.aod.units import WeaponSlot
from engine.game import Command
from engine.hexes import Facing, Hex

__all__ = [
    "AOD_COMMANDS",
    "AoDCommand",
    "AssaultUnit",
    "CallTime",
    "CloseCombat",
    "CloseFormation",
    "DeployAboard",
    "DeployUnit",
    "EndTurn",
    "FireArtillery",
    "FireOnMove",
    "FreeSpin",
    "LoadTransport",
    "MoveFormation",
    "MoveUnit",
    "PlaceTerrain",
    "RangedAttack",
    "RangedFormation",
    "RepairUnit",
    "RollFirstPlayer",
    "SpecialMove",
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
class RangedAttack(AoDCommand):
    """A Ranged Combat order (AOD-7.3, AOD-11.8, AOD-12; `engine.aod.ranged_order`).

    Attributes:
        unit: the shooter.
        targets: one target, or up to the weapon's number of targets (AOD-12.8), each once.
        slot: the weapon declared (AOD-11.6); None: the primary (a unit's one weapon).
        indirect: indirect fire at a single target whose direct line is blocked (AOD-12.7).
        split: the damage pool's split, one share per target in order (AOD-12.8), declared with
            the order; empty: one click at a time to each hit target in order. Shares of
            targets that are missed go to the hit ones, one click at a time in order.
        pulse: a Pulse weapon's second attack, at these targets (AOD-26.14), declared with the
            order; empty: none.
    """

    TAG = "ranged_attack"
    unit: str
    targets: tuple[str, ...]
    slot: WeaponSlot | None = None
    indirect: bool = False
    split: tuple[int, ...] = ()
    pulse: tuple[str, ...] = ()


@frozen
class FireOnMove(AoDCommand):
    """A fast VTOL's Move order with a ranged attack during it (AOD-8.9; `vtol_fire_order`).

    A VTOL of speed 13 or more covers ``speed - 12`` hexes in all (altitude changes cost 2):
    it moves to ``at`` (at ``at_altitude``; None: its own) facing ``at_facing``, attacks
    ``targets`` with its weapon (``split`` as `RangedAttack`'s), then may move on to ``to``
    (None: it stays), facing ``facing`` (None: ``at_facing``), at ``altitude`` (None: the
    firing altitude). Each leg takes the cheapest legal path.
    """

    TAG = "fire_on_move"
    unit: str
    at: Hex
    at_facing: Facing
    targets: tuple[str, ...]
    at_altitude: Altitude | None = None
    to: Hex | None = None
    facing: Facing | None = None
    altitude: Altitude | None = None
    split: tuple[int, ...] = ()


@frozen
class AssaultUnit(AoDCommand):
    """An Assault order (AOD-15; `engine.aod.assault_order`): move, then attack.

    Attributes:
        unit: the assaulting 'Mech (touching no enemy).
        to: where the move ends (its own hex: no move); ``facing`` the facing after it.
        targets: the ranged attack's targets, or the one close-combat target.
        close: full move then close combat; otherwise half move then a ranged attack.
        slot: the weapon declared (AOD-11.6).
        split: the ranged damage pool's split, as `RangedAttack`'s.
        via: the hexes entered before ``to`` (empty: any legal path).
    """

    TAG = "assault_unit"
    unit: str
    to: Hex
    facing: Facing
    targets: tuple[str, ...]
    close: bool = False
    slot: WeaponSlot | None = None
    split: tuple[int, ...] = ()
    via: tuple[Hex, ...] = ()


@frozen
class RepairUnit(AoDCommand):
    """The Repair SE used through a Ranged order on a friend in contact (AOD-17.2, AOD-26.14).

    See `engine.aod.repair_order`.
    """

    TAG = "repair_unit"
    unit: str
    target: str


@frozen
class CloseCombat(AoDCommand):
    """A Close Combat order (AOD-14): attack ``target`` in base contact, or try to capture it.

    ``secondary``: a 'Mech uses its melee secondary's damage (AOD-11.6). ``capture``: Foot
    infantry tries to capture instead of damaging (AOD-14.3).
    """

    TAG = "close_combat"
    unit: str
    target: str
    secondary: bool = False
    capture: bool = False


@frozen
class SpecialMove(AoDCommand):
    """A Move order making a special attack (AOD-16, AOD-7.3): charge, Death From Above or ram.

    The unit moves to ``to`` (a charge runs, a DFA jumps with Jump Jets), faces ``facing`` and
    attacks ``target``, which it must then touch. ``via``: the plotted path, as for `MoveUnit`
    (not for a jump).
    """

    TAG = "special_move"
    unit: str
    kind: SpecialKind
    to: Hex
    facing: Facing
    target: str
    via: tuple[Hex, ...] = ()


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


@frozen
class CloseFormation(AoDCommand):
    """A close formation's Close Combat order (AOD-18.4): 2 or 3 units attack one enemy.

    ``members``: the leader (the unit given the order, whose attack and damage are used) first;
    each touches ``target`` with its front arc. ``capture``: a capture attempt (Foot infantry
    leader, AOD-14.3).
    """

    TAG = "close_formation"
    members: tuple[str, ...]
    target: str
    capture: bool = False


@frozen
class RangedFormation(AoDCommand):
    """A ranged formation's Ranged Combat order (AOD-18.3): 3 to 5 linked units fire as one.

    ``members``: the leader (the unit given the order, whose attack, damage and primary weapon
    are used) first; every member needs a clear line of fire to the one ``target``.
    """

    TAG = "ranged_formation"
    members: tuple[str, ...]
    target: str


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
    RangedAttack,
    AssaultUnit,
    RepairUnit,
    CloseCombat,
    SpecialMove,
    FireArtillery,
    MoveFormation,
    LoadTransport,
    UnloadTransport,
    DeployAboard,
    CloseFormation,
    RangedFormation,
    FireOnMove,
)
"""Every command class, for the ruleset and its converter."""
