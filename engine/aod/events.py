"""The events of an Age of Destruction game: what happened, with every die it rolled (AOD-5 to 22).

Units are named by their index in `engine.aod.state.AoDState.units`. Each event carries the values
it leaves behind (a heat position, a click, a token count), so `engine.aod.evolve` applies it
without rules and a replay never rolls.
"""

from __future__ import annotations

import enum

from attrs import frozen

from engine.aod.closecombat import SpecialKind
from engine.aod.dial import DamageKind
from engine.aod.heat import HeatRoll
from engine.aod.movement import Altitude
from engine.aod.state import OrderKind, Result, SpinOffer
from engine.game import Event
from engine.hexes import Facing, Hex

__all__ = [
    "AOD_EVENTS",
    "AoDEvent",
    "BreakAwayRolled",
    "CaptiveFreed",
    "CloseAttackRolled",
    "DeployerChanged",
    "FirstPlayerRolled",
    "ForceWithdrawn",
    "FreeSpinsOffered",
    "GameEnded",
    "HeatCause",
    "HeatChanged",
    "OrderGiven",
    "PlacerChanged",
    "SpecialAttackRolled",
    "TerrainPlaced",
    "TokensRemoved",
    "TurnBegan",
    "TurnEnded",
    "UnitCaptured",
    "UnitDamaged",
    "UnitDeployed",
    "UnitEliminated",
    "UnitMoved",
    "UnitSpun",
]


@frozen
class AoDEvent(Event):
    """Base of the AoD events."""


class HeatCause(enum.StrEnum):
    """Why a 'Mech's heat changed (AOD-10.1, AOD-10.3)."""

    PUSHED = "pushed"
    RUN = "run"
    VENT = "vent"
    IDLE = "idle"
    """Clean-up: no order this turn, -1 (AOD-7.6 step 1)."""
    WATER = "water"
    """Clean-up: started and ended the turn in water (AOD-10.3)."""
    ASSAULT = "assault"
    """An Assault order, +1 (AOD-15); for the combat orders."""
    SPECIAL = "special"
    """A charge or Death From Above, +1 (AOD-10.1, AOD-25 #12); for the special attacks."""
    ENERGY = "energy"
    """Hit by an energy ranged attack, +1 once a turn (AOD-10.1); for ranged combat."""


@frozen
class FirstPlayerRolled(AoDEvent):
    """Every player rolled 3d6, ties among the highest rolled again (AOD-5 step 5).

    ``rolls``: per round of rolling, each rolling player's seat and three dice.
    """

    TAG = "first_player_rolled"
    rolls: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    first: int


@frozen
class PlacerChanged(AoDEvent):
    """``player`` lays the next terrain piece (AOD-5 step 6: from the first player's left)."""

    TAG = "placer_changed"
    player: int


@frozen
class TerrainPlaced(AoDEvent):
    """A piece from the pool was laid on the board as feature ``feature`` (AOD-5 step 6)."""

    TAG = "terrain_placed"
    player: int
    piece: str
    anchor: Hex
    rotation: int
    feature: int


@frozen
class UnitDeployed(AoDEvent):
    """A unit was placed in its owner's zone (AOD-5 step 9)."""

    TAG = "unit_deployed"
    unit: int
    hex: Hex
    facing: Facing
    altitude: Altitude


@frozen
class DeployerChanged(AoDEvent):
    """``player`` deploys now (AOD-5 step 9: the first player, then to the left)."""

    TAG = "deployer_changed"
    player: int


@frozen
class TurnBegan(AoDEvent):
    """A player's turn began with his orders (AOD-7.2) and command stage (AOD-7.1).

    ``zone_vp``: units of his inside an opponent's deployment zone, 1 VP each (AOD-22.2 #3).
    ``engaged``: his units touching an enemy as the turn began: no special attack (AOD-16.1).
    """

    TAG = "turn_began"
    player: int
    turn: int
    round: int
    orders: int
    zone_vp: int
    engaged: tuple[int, ...] = ()


@frozen
class OrderGiven(AoDEvent):
    """A unit received an order (AOD-7.2); a token is placed unless it vents (AOD-7.4).

    ``pushed``: it still carried a token (AOD-7.5); ``tokens``: beside it after the order.
    """

    TAG = "order_given"
    unit: int
    kind: OrderKind
    pushed: bool
    tokens: int


@frozen
class BreakAwayRolled(AoDEvent):
    """A unit in contact with enemies tried to break away (AOD-8.4).

    ``roll`` is None when no die was needed (automatic success, or a Quad leaving infantry).
    """

    TAG = "break_away_rolled"
    unit: int
    roll: int | None
    fails_on: int
    success: bool


@frozen
class UnitMoved(AoDEvent):
    """A unit moved and/or turned (AOD-8.1); ``cost`` hexes of its allowance."""

    TAG = "unit_moved"
    unit: int
    hex: Hex
    facing: Facing
    altitude: Altitude
    cost: int
    run: bool = False


@frozen
class FreeSpinsOffered(AoDEvent):
    """Enemies beside a unit that ended its move may turn to face it (AOD-8.5)."""

    TAG = "free_spins_offered"
    offers: tuple[SpinOffer, ...]


@frozen
class UnitSpun(AoDEvent):
    """A free spin was taken (``facing``) or declined (None) (AOD-8.5)."""

    TAG = "unit_spun"
    unit: int
    facing: Facing | None


@frozen
class HeatChanged(AoDEvent):
    """A 'Mech's heat dial turned (AOD-10.1 to AOD-10.5); the values after it.

    ``change`` is how far the dial turned for ``causes``, all applied at once before the checks
    (AOD-10.2); ``rolls`` are the heat-effect rolls that followed (`engine.aod.heat`), an ammo
    explosion's damage coming as `UnitDamaged` events after this one. ``shutdown`` and ``tokens``
    are after it all (a shutdown marks two tokens, a restart removes them, AOD-10.4, AOD-10.5);
    ``suspended``: it restarted through a roll, no more heat rolls this turn (AOD-10.5).
    """

    TAG = "heat_changed"
    unit: int
    causes: tuple[HeatCause, ...]
    change: int
    heat: int
    shutdown: bool
    tokens: int
    rolls: tuple[HeatRoll, ...] = ()
    suspended: bool = False


@frozen
class UnitDamaged(AoDEvent):
    """A unit's combat dial turned ``clicks`` clockwise (AOD-17.1): its click and tokens after.

    ``kind``: the damage category (AOD-11.5). ``cause``: ``"pushed"`` (ordered in consecutive
    turns, AOD-7.5), ``"break-away"`` (a 'Mech broke away from it, AOD-8.4), ``"ammo explosion"``
    (AOD-26.14), or what the combat rules name. ``by``: the opponent whose unit caused it, for
    the VP (AOD-25 #26).
    """

    TAG = "unit_damaged"
    unit: int
    kind: DamageKind
    clicks: int
    click: int
    tokens: int
    cause: str
    by: int | None = None


@frozen
class UnitEliminated(AoDEvent):
    """The three-hits position showed: the unit is removed (AOD-17.4).

    ``scorer`` gets ``points`` Elimination VP (AOD-22.2 #1, AOD-25 #26), or None: nobody.
    """

    TAG = "unit_eliminated"
    unit: int
    scorer: int | None
    points: int


@frozen
class TokensRemoved(AoDEvent):
    """Clean-up removed tokens from a unit (AOD-7.6 step 2): ``tokens`` remain."""

    TAG = "tokens_removed"
    unit: int
    tokens: int


@frozen
class TurnEnded(AoDEvent):
    """A player's turn ended; ``forfeited`` orders were not given and are lost (AOD-7.2)."""

    TAG = "turn_ended"
    player: int
    forfeited: int


@frozen
class ForceWithdrawn(AoDEvent):
    """A player withdrew: ``units`` left the board; the VP already scored stand (AOD-22.4)."""

    TAG = "force_withdrawn"
    player: int
    units: tuple[int, ...]


@frozen
class GameEnded(AoDEvent):
    """The game ended and was scored (AOD-22)."""

    TAG = "game_ended"
    result: Result


@frozen
class CloseAttackRolled(AoDEvent):
    """A close-combat attack or capture attempt was rolled (AOD-14, AOD-11.3).

    ``dice``: white, white, black. ``attack`` and ``defense``: modified, as compared; ``hit``:
    the attack succeeded (criticals included, AOD-11.4). Its damage follows as `UnitDamaged`.
    """

    TAG = "close_attack_rolled"
    unit: int
    target: int
    dice: tuple[int, int, int]
    attack: int
    defense: int
    hit: bool
    capture: bool = False


@frozen
class UnitCaptured(AoDEvent):
    """``unit`` became the captive of the escort ``captor`` (AOD-14.3, AOD-14.4)."""

    TAG = "unit_captured"
    unit: int
    captor: int


@frozen
class CaptiveFreed(AoDEvent):
    """A captive was freed: its escort was eliminated (AOD-14.4)."""

    TAG = "captive_freed"
    unit: int


@frozen
class SpecialAttackRolled(AoDEvent):
    """A charge, Death From Above or ram was rolled after its move (AOD-16).

    ``merciless``: Jade Falcon *Merciless*'s extra d6, added to ``attack`` (AOD-21.2).
    """

    TAG = "special_attack_rolled"
    unit: int
    target: int
    kind: SpecialKind
    dice: tuple[int, int, int]
    attack: int
    defense: int
    hit: bool
    merciless: int | None = None


AOD_EVENTS: tuple[type[AoDEvent], ...] = (
    FirstPlayerRolled,
    PlacerChanged,
    TerrainPlaced,
    UnitDeployed,
    DeployerChanged,
    TurnBegan,
    OrderGiven,
    BreakAwayRolled,
    UnitMoved,
    FreeSpinsOffered,
    UnitSpun,
    HeatChanged,
    UnitDamaged,
    UnitEliminated,
    TokensRemoved,
    TurnEnded,
    ForceWithdrawn,
    GameEnded,
    CloseAttackRolled,
    UnitCaptured,
    CaptiveFreed,
    SpecialAttackRolled,
)
"""Every event class, for the ruleset and its converter."""
