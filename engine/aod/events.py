"""The events of an Age of Destruction game: what happened, with every die it rolled (AOD-5 to 22).

Units are named by their index in `engine.aod.state.AoDState.units`. Each event carries the values
it leaves behind (a heat position, a click, a token count), so `engine.aod.evolve` applies it
without rules and a replay never rolls.
"""

from __future__ import annotations

import enum

from attrs import frozen

from engine.aod.artillery import PlacedMarker
from engine.aod.dial import DamageKind
from engine.aod.heat import HeatRoll
from engine.aod.movement import Altitude
from engine.aod.state import OrderKind, Result, SpinOffer
from engine.game import Event
from engine.hexes import Facing, Hex

__all__ = [
    "AOD_EVENTS",
    "AoDEvent",
    "ArtilleryResolved",
    "BreakAwayRolled",
    "DeployerChanged",
    "Disembarked",
    "FirstPlayerRolled",
    "ForceWithdrawn",
    "FormationOrdered",
    "FreeSpinsOffered",
    "GameEnded",
    "HeatCause",
    "HeatChanged",
    "MarkerLanded",
    "MarkersPlaced",
    "OrderGiven",
    "PlacerChanged",
    "TerrainPlaced",
    "TokensRemoved",
    "TurnBegan",
    "TurnEnded",
    "UnitDamaged",
    "UnitDeployed",
    "UnitEliminated",
    "UnitMoved",
    "UnitSpun",
    "UnitsBoarded",
    "UnitsUnloaded",
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
    """

    TAG = "turn_began"
    player: int
    turn: int
    round: int
    orders: int
    zone_vp: int


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
class MarkersPlaced(AoDEvent):
    """An artillery unit declared long-range fire: its markers wait on the board (AOD-13.3)."""

    TAG = "markers_placed"
    unit: int
    markers: tuple[PlacedMarker, ...]


@frozen
class MarkerLanded:
    """Where one artillery marker came down (AOD-13.4 steps 2-5, AOD-26.9).

    ``total``: 3d6 + attack + bonus (+2 when ``clear``); ``drift`` None on a hit; ``landed`` None
    when it drifted off the battlefield.
    """

    marker: str
    dot: Hex
    total: int
    difficulty: int
    clear: bool
    drift: Facing | None
    distance: int
    landed: Hex | None


@frozen
class ArtilleryResolved(AoDEvent):
    """The markers one order placed were resolved with one roll (AOD-13.4 to AOD-13.6).

    ``dice``: (white, white, black). The markers of ``shooter`` placed in ``turn`` are removed
    (AOD-13.4 step 7); the damage follows as `UnitDamaged` events (cause ``"artillery"``).
    """

    TAG = "artillery_resolved"
    shooter: int
    turn: int
    dice: tuple[int, int, int]
    critical_hit: bool
    critical_miss: bool
    landings: tuple[MarkerLanded, ...]


@frozen
class FormationOrdered(AoDEvent):
    """One order moved a whole formation (AOD-7.2, AOD-7.4, AOD-18): one order from the pool.

    ``members``: leader first; ``pushed`` and ``tokens`` for each member, in the same order.
    """

    TAG = "formation_ordered"
    kind: OrderKind
    members: tuple[int, ...]
    pushed: tuple[bool, ...]
    tokens: tuple[int, ...]


@frozen
class UnitsBoarded(AoDEvent):
    """Passengers boarded a transport: off the board into its bays, tokens gone (AOD-9.3)."""

    TAG = "units_boarded"
    transport: int
    passengers: tuple[int, ...]


@frozen
class Disembarked:
    """A passenger set down behind its transport (AOD-9.3)."""

    unit: int
    hex: Hex
    facing: Facing


@frozen
class UnitsUnloaded(AoDEvent):
    """Passengers left a transport (AOD-9.3; at once on Heavy Damage, AOD-9.2).

    ``forced``: Heavy Damage made them unload. Those that could not be placed are eliminated by
    `UnitEliminated` events after this one.
    """

    TAG = "units_unloaded"
    transport: int
    placed: tuple[Disembarked, ...]
    forced: bool = False


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
    MarkersPlaced,
    ArtilleryResolved,
    FormationOrdered,
    UnitsBoarded,
    UnitsUnloaded,
)
"""Every event class, for the ruleset and its converter."""
