"""The events of an Age of Destruction game: what happened, with every die it rolled (AOD-5 to 22).

Units are named by their index in `engine.aod.state.AoDState.units`. Each event carries the values
it leaves behind (a heat position, a click, a token count), so `engine.aod.evolve` applies it
without rules and a replay never rolls.
"""

from __future__ import annotations

import enum

from attrs import frozen

from engine.aod.artillery import PlacedMarker
from engine.aod.closecombat import SpecialKind
from engine.aod.combat import Modifier
from engine.aod.dial import DamageKind
from engine.aod.heat import HeatRoll
from engine.aod.movement import Altitude
from engine.aod.state import OrderKind, Result, SpinOffer
from engine.aod.units import WeaponSlot
from engine.game import Event
from engine.hexes import Facing, Hex

__all__ = [
    "AOD_EVENTS",
    "AoDEvent",
    "ArtilleryResolved",
    "AttackRolled",
    "AweDeclared",
    "AweRolled",
    "BreakAwayRolled",
    "CaptiveFreed",
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
    "RepairAttempted",
    "Shot",
    "SpecialAttackRolled",
    "TargetLocked",
    "TerrainPlaced",
    "TokensRemoved",
    "TurnBegan",
    "TurnEnded",
    "UnitCaptured",
    "UnitDamaged",
    "UnitDeployed",
    "UnitEliminated",
    "UnitMoved",
    "UnitRepaired",
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
class AweDeclared(AoDEvent):
    """House Liao *Awe*: ``player`` picked ``opponent`` at the start of his command stage.

    The roll comes at the start of that opponent's next turn (AOD-21.1; `engine.aod.awe`).
    """

    TAG = "awe_declared"
    player: int
    opponent: int


@frozen
class AweRolled(AoDEvent):
    """House Liao *Awe*: ``player`` rolled ``dice`` as ``opponent``'s turn began (AOD-21.1).

    One d6 per full 450 points of ``player``'s build total; each 6 costs ``opponent`` one order
    this turn: ``orders_lost`` (never more than the orders he had).
    """

    TAG = "awe_rolled"
    player: int
    opponent: int
    dice: tuple[int, ...]
    orders_lost: int


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
class Shot:
    """One target of an attack roll (AOD-11.3, AOD-12.8): its need, modifiers and outcome.

    ``share`` is the part of the damage pool the attacker gave it (AOD-12.8); ``clicks`` what the
    attack dealt it before its armour (AOD-11.8 up to step 6e; the dial's `UnitDamaged` follows).
    """

    target: int
    attack: int
    defense: int
    attack_modifiers: tuple[Modifier, ...]
    defense_modifiers: tuple[Modifier, ...]
    hit: bool
    share: int
    clicks: int

    @property
    def need(self) -> int:
        """AOD-11.9: what the 3d6 had to reach (modified defense minus modified attack)."""
        attack = max(self.attack + sum(m.amount for m in self.attack_modifiers), 0)
        defense = max(self.defense + sum(m.amount for m in self.defense_modifiers), 0)
        return defense - attack


@frozen
class AttackRolled(AoDEvent):
    """A combat order's attack roll (AOD-11.8, AOD-12, AOD-15): one roll against every target.

    ``dice``: two white then the black (AOD-11.4). ``pool``: the damage split among the hit targets
    (AOD-12.8). ``close``: a close-combat attack (a Close Combat order's, or an Assault's, AOD-14,
    AOD-15) rather than a ranged one; ``capture``: a close-combat capture attempt (AOD-14.3).
    ``imaging``: the *Enhanced Imaging* d6 (AOD-21.2), if rolled. ``bonus``: the ability giving +1
    click (*Ruthlessness*, *Zellbrigen*), or "". ``follow_up``: "predator" for *Predator*'s free
    second attack (AOD-21.3), "pulse" for a Pulse weapon's second attack (AOD-26.14), or "".
    The damage itself follows as `UnitDamaged` events.
    """

    TAG = "attack_rolled"
    unit: int
    order: OrderKind
    weapon: WeaponSlot
    dice: tuple[int, int, int]
    shots: tuple[Shot, ...]
    pool: int
    category: DamageKind
    close: bool = False
    indirect: bool = False
    imaging: int | None = None
    bonus: str = ""
    follow_up: str = ""
    capture: bool = False


@frozen
class TargetLocked(AoDEvent):
    """*Ruthlessness* or *Zellbrigen* bound ``unit``'s attacks to ``target`` (AOD-21.1, 21.2)."""

    TAG = "target_locked"
    unit: int
    target: int
    ability: str


@frozen
class UnitRepaired(AoDEvent):
    """A unit's combat dial turned ``clicks`` back, to ``click`` (AOD-17.2).

    ``cause``: "scavenger" (AOD-21.3), "fanaticism" (AOD-21.1) or "repair" (the Repair SE).
    """

    TAG = "unit_repaired"
    unit: int
    clicks: int
    click: int
    cause: str


@frozen
class RepairAttempted(AoDEvent):
    """``unit`` rolled its Repair SE for ``target`` (AOD-17.2, AOD-26.14, criticals AOD-11.4).

    ``dice``: two white then the black; ``attack`` added to them; ``success`` against 17. The
    repair follows as `UnitRepaired`, a fumble's click as `UnitDamaged`.
    """

    TAG = "repair_attempted"
    unit: int
    target: int
    dice: tuple[int, ...]
    attack: int
    success: bool


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

    ``forced``: Heavy Damage made them unload; ``captured`` too: the transport was captured
    (AOD-9.2). Those that could not be placed are eliminated by
    `UnitEliminated` events after this one.
    """

    TAG = "units_unloaded"
    transport: int
    placed: tuple[Disembarked, ...]
    forced: bool = False
    captured: bool = False


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
    AttackRolled,
    TargetLocked,
    UnitRepaired,
    RepairAttempted,
    UnitCaptured,
    CaptiveFreed,
    SpecialAttackRolled,
    MarkersPlaced,
    ArtilleryResolved,
    FormationOrdered,
    UnitsBoarded,
    UnitsUnloaded,
    AweDeclared,
    AweRolled,
)
"""Every event class, for the ruleset and its converter."""
