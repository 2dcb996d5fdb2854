"""BattleTech events: what happened, with every die that decided it (DESIGN 2).

`engine.battletech.evolve` has one mutator per event; `engine.battletech.narrate` words them.
"""

from __future__ import annotations

from attrs import frozen

from engine.battletech.board import Terrain
from engine.battletech.designs.mech import Location
from engine.battletech.state import Attack, MoveMode, Phase
from engine.game import Event
from engine.hexes import Facing, Hex

__all__ = [
    "AMSEngaged",
    "AimRolled",
    "AmmoDumpDeclared",
    "AmmoDumped",
    "AmmoExploded",
    "AmmoSpent",
    "AttackDeclared",
    "AttackRolled",
    "BTEvent",
    "BridgeCollapsed",
    "BuildingDamaged",
    "ChargeDeclared",
    "ClubSearched",
    "ClubTaken",
    "ClusterRolled",
    "ComponentExploded",
    "ConsciousnessRolled",
    "CriticalChanceRolled",
    "CriticalHit",
    "CriticalLost",
    "DFACancelled",
    "DFADeclared",
    "DamageApplied",
    "EngineRestarted",
    "FellOntoUnit",
    "GameEnded",
    "HeatChanged",
    "HeatExplosionRolled",
    "HeatSinksSwitched",
    "InitiativeRolled",
    "LocationDestroyed",
    "MovementEnded",
    "MovementStarted",
    "NarcAttached",
    "PhaseStarted",
    "PilotEjected",
    "PilotWounded",
    "PilotingRoll",
    "ShutdownRolled",
    "SkidCollided",
    "SkidDodged",
    "SlotsDealt",
    "StandAttempted",
    "TerrainChanged",
    "TerrainRolled",
    "TorsoTwisted",
    "TurnEnded",
    "UnitDeclared",
    "UnitDeployed",
    "UnitDestroyed",
    "UnitDisplaced",
    "UnitDroppedProne",
    "UnitEntered",
    "UnitFell",
    "UnitJumped",
    "UnitSkidded",
    "UnitStood",
    "UnitTurned",
    "UnitWithdrew",
    "WeaponJammed",
    "WeaponNotFired",
    "WindRolled",
]


@frozen
class BTEvent(Event):
    """Base of the BattleTech events."""


@frozen
class UnitDeployed(BTEvent):
    """A unit was placed on the map."""

    TAG = "bt/deployed"
    unit: int
    hex: Hex
    facing: Facing


@frozen
class PhaseStarted(BTEvent):
    """BT-M-9: a new phase (or the game's deployment) began."""

    TAG = "bt/phase"
    phase: Phase
    turn: int


@frozen
class InitiativeRolled(BTEvent):
    """BT-M-10: each round's (side, die, die) (tied sides re-roll); the order, loser first."""

    TAG = "bt/initiative"
    turn: int
    rounds: tuple[tuple[tuple[int, int, int], ...], ...]
    order: tuple[int, ...]


@frozen
class SlotsDealt(BTEvent):
    """BT-M-11: the next alternation pair: how many units each side moves in its slot."""

    TAG = "bt/slots"
    slots: tuple[tuple[int, int], ...]


@frozen
class MovementStarted(BTEvent):
    """BT-M-20: a unit declared its movement mode and began to move."""

    TAG = "bt/move_started"
    unit: int
    mode: MoveMode


@frozen
class UnitTurned(BTEvent):
    """BT-M-19/24.1: a facing change of one hexside (1 MP; free when ``mp`` is 0)."""

    TAG = "bt/turned"
    unit: int
    facing: Facing
    mp: int


@frozen
class UnitEntered(BTEvent):
    """BT-M-18: a unit entered a hex; ``mp`` is what the hex cost.

    ``backward``: moved backward; ``road``: moved along a road (BT-M-27.2); ``minimum``: under the
    Minimum Movement rule (BT-M-18 item 5).
    """

    TAG = "bt/entered"
    unit: int
    hex: Hex
    mp: int
    backward: bool = False
    road: bool = False
    minimum: bool = False


@frozen
class UnitJumped(BTEvent):
    """BT-M-20.4: a unit jumped along ``path`` and landed facing ``facing``."""

    TAG = "bt/jumped"
    unit: int
    path: tuple[Hex, ...]
    facing: Facing
    mp: int


@frozen
class UnitDroppedProne(BTEvent):
    """BT-M-24.2: a 'Mech went to the ground on purpose (1 MP, no damage)."""

    TAG = "bt/dropped"
    unit: int
    mp: int = 1


@frozen
class PilotingRoll(BTEvent):
    """BT-M-30/31: a Piloting Skill Roll (or the pilot's injury roll), every modifier named.

    ``reason`` is a stable code: ``water``, ``rubble``, ``stand``, ``skid``, ``run_damage``,
    ``landing``, ``building``, ``injury``. ``automatic`` marks a roll that failed without dice
    (unconscious pilot, shut-down 'Mech: BT-M-30 item 5); ``roll`` is then empty.
    """

    TAG = "bt/psr"
    unit: int
    reason: str
    target: int
    modifiers: tuple[tuple[str, int], ...]
    roll: tuple[int, ...]
    success: bool
    automatic: bool = False


@frozen
class StandAttempted(BTEvent):
    """BT-M-24.3: a prone 'Mech tries to stand: 2 MP (1 under Minimum Movement) and 1 heat."""

    TAG = "bt/stand_attempt"
    unit: int
    mp: int = 2


@frozen
class UnitStood(BTEvent):
    """BT-M-24.3: the stand attempt succeeded; the 'Mech takes a free facing."""

    TAG = "bt/stood"
    unit: int
    facing: Facing


@frozen
class UnitFell(BTEvent):
    """BT-M-33..35: a 'Mech fell into ``hex``.

    ``facing_roll`` is the 1D6 of BT-M-34.1 (None when the rules fix it as a 4); ``column`` the hit
    location column; ``damage`` the total after water halving, split into groups of 5 by
    `DamageApplied` events that follow.
    """

    TAG = "bt/fell"
    unit: int
    hex: Hex
    levels: int
    facing_roll: int | None
    facing: Facing
    column: str
    damage: int
    halved: bool = False
    cause: str = ""


@frozen
class DamageApplied(BTEvent):
    """BT-C-26: one group of damage on one location, with the 2D6 that placed it (if rolled).

    ``armor`` and ``internal`` are the points each lost; ``transferred_from`` names the location the
    damage came from when it was transferred inward (BT-C-27).
    """

    TAG = "bt/damage"
    unit: int
    location: Location
    armor: int
    internal: int
    rear: bool = False
    roll: tuple[int, ...] = ()
    transferred_from: Location | None = None
    source: int | None = None
    """The unit whose attack did it (None: a fall, a skid, heat ...), for the after-action report.
    """


@frozen
class LocationDestroyed(BTEvent):
    """BT-C-28: a location's internal structure is gone."""

    TAG = "bt/location_destroyed"
    unit: int
    location: Location
    blown_off: bool = False
    """A 12 on the critical chance table blew the head or limb off (BT-C-29)."""


@frozen
class UnitSkidded(BTEvent):
    """BT-M-29.4: a 'Mech lost control on pavement and slid along ``path`` (empty: in place)."""

    TAG = "bt/skidded"
    unit: int
    path: tuple[Hex, ...]
    stopped_by: str = ""


@frozen
class PilotWounded(BTEvent):
    """BT-M-15: the MechWarrior took ``wounds`` (his total is now ``total``)."""

    TAG = "bt/wounded"
    unit: int
    wounds: int
    total: int
    cause: str


@frozen
class ConsciousnessRolled(BTEvent):
    """BT-M-16: a consciousness (or End-phase recovery) roll: 2D6 against ``target``."""

    TAG = "bt/consciousness"
    unit: int
    target: int
    roll: tuple[int, ...]
    conscious: bool
    recovery: bool = False


@frozen
class BuildingDamaged(BTEvent):
    """BT-M-41 #4: a building (or bridge) in ``hex`` lost ``cf`` points of Construction Factor."""

    TAG = "bt/building_damaged"
    hex: Hex
    cf: int
    collapsed: bool = False


@frozen
class BridgeCollapsed(BTEvent):
    """BT-M-28: a bridge gave way under too much weight."""

    TAG = "bt/bridge_collapsed"
    hex: Hex
    tonnage: int
    cf: int


@frozen
class MovementEnded(BTEvent):
    """A unit finished its movement for the turn."""

    TAG = "bt/move_ended"
    unit: int
    hexes: int
    heat: int


@frozen
class UnitDestroyed(BTEvent):
    """BT-M-12: a unit is out of the game."""

    TAG = "bt/destroyed"
    unit: int
    cause: str
    by: int | None = None
    """The unit credited with the kill (None: no one, e.g. a fall or heat)."""


@frozen
class HeatChanged(BTEvent):
    """BT-C-53: the Heat phase: heat built up this turn and dissipated by heat sinks."""

    TAG = "bt/heat"
    unit: int
    generated: int
    dissipated: int
    heat: int
    sources: tuple[tuple[str, int], ...] = ()
    """The generated heat by source: ("walked", 1), ("2 medium lasers", 6), ("engine hit", 5)."""


@frozen
class TurnEnded(BTEvent):
    """BT-M-9 step 15: the turn is over."""

    TAG = "bt/turn_ended"
    turn: int


@frozen
class GameEnded(BTEvent):
    """BT-M-12: a side won (``winner``) or nobody did (None: a draw)."""

    TAG = "bt/game_ended"
    winner: int | None
    reason: str


# The combat rules: BT-C sections.


@frozen
class ChargeDeclared(BTEvent):
    """BT-C-42: a unit ended its move declaring a charge on ``target``."""

    TAG = "bt/charge_declared"
    unit: int
    target: int


@frozen
class DFADeclared(BTEvent):
    """BT-C-43: a unit jumped to ``hex`` (next to ``target``) declaring death from above."""

    TAG = "bt/dfa_declared"
    unit: int
    target: int
    hex: Hex


@frozen
class TorsoTwisted(BTEvent):
    """BT-C-3/62: a torso twist (-1 left, +1 right) or arms flipped, for the rest of the turn."""

    TAG = "bt/twisted"
    unit: int
    twist: int
    flipped: bool = False


@frozen
class AttackDeclared(BTEvent):
    """BT-C-2: an attack was declared, with its to-hit number and every modifier named."""

    TAG = "bt/attack_declared"
    attack: Attack


@frozen
class UnitDeclared(BTEvent):
    """BT-C-1: a unit finished its declaration for the attack phase (its slot is used)."""

    TAG = "bt/declared"
    unit: int


@frozen
class AmmoSpent(BTEvent):
    """BT-C-12: a shot was marked off ammunition bin ``bin`` (an equipment index) when declared."""

    TAG = "bt/ammo_spent"
    unit: int
    bin: int
    shots: int = 1


@frozen
class AttackRolled(BTEvent):
    """BT-C-14: the to-hit roll of declared attack number ``attack`` (index in `BTState.attacks`).

    ``roll`` is empty when the attack could not be rolled (to-hit 13+ misses without dice).
    """

    TAG = "bt/attack_rolled"
    attack: int
    roll: tuple[int, ...]
    hit: bool


@frozen
class ClusterRolled(BTEvent):
    """BT-C-20: the cluster roll of a missile (or LB-X) attack: ``hits`` of ``fired`` hit.

    ``modifiers`` name what changed the roll (Artemis IV +2, NARC pod +2; BT-C-75); the modified
    roll is clamped to 2..12 (BT-C-20).
    """

    TAG = "bt/cluster"
    attack: int
    roll: tuple[int, ...]
    fired: int
    hits: int
    modifiers: tuple[tuple[str, int], ...] = ()


@frozen
class CriticalChanceRolled(BTEvent):
    """BT-C-29: a critical chance roll for ``location``: ``hits`` criticals (or a limb blown off).

    ``tac`` marks the through-armor roll of a location roll of 2 (BT-C-22).
    """

    TAG = "bt/crit_chance"
    unit: int
    location: Location
    roll: tuple[int, ...]
    hits: int
    blown_off: bool = False
    tac: bool = False


@frozen
class CriticalHit(BTEvent):
    """BT-C-30/31: critical line ``slot`` of ``location`` was hit; ``component`` names what it held.

    ``roll`` is the die or dice that found the line (after rerolls, the last).
    """

    TAG = "bt/critical"
    unit: int
    location: Location
    slot: int
    component: str
    roll: tuple[int, ...] = ()
    rerolled: tuple[tuple[int, ...], ...] = ()
    """The earlier rolls that found an empty, unhittable or already-hit line (BT-C-30 rerolls)."""


@frozen
class AmmoExploded(BTEvent):
    """BT-C-32/56: ammunition bin ``bin`` exploded with ``shots`` shots left: ``damage`` points."""

    TAG = "bt/ammo_exploded"
    unit: int
    bin: int
    shots: int
    damage: int
    cause: str = "critical"
    pick: tuple[int, ...] = ()
    """The dice that chose this bin among bins that tied (BT-C-56: picked at random)."""


@frozen
class ShutdownRolled(BTEvent):
    """BT-C-54: the shutdown-avoidance roll at ``heat`` (``automatic``: 30+, no roll)."""

    TAG = "bt/shutdown_roll"
    unit: int
    heat: int
    target: int
    roll: tuple[int, ...]
    shutdown: bool
    automatic: bool = False


@frozen
class EngineRestarted(BTEvent):
    """BT-C-55: a shut-down 'Mech restarted (``roll`` empty: automatic, heat below 14)."""

    TAG = "bt/restarted"
    unit: int
    target: int = 0
    roll: tuple[int, ...] = ()
    success: bool = True


@frozen
class HeatExplosionRolled(BTEvent):
    """BT-C-54: the ammunition-explosion avoidance roll at ``heat``."""

    TAG = "bt/heat_explosion_roll"
    unit: int
    heat: int
    target: int
    roll: tuple[int, ...]
    exploded: bool


@frozen
class UnitDisplaced(BTEvent):
    """BT-C-46..48: a unit was forced from its hex into ``hex`` (push, charge, DFA, domino)."""

    TAG = "bt/displaced"
    unit: int
    hex: Hex
    cause: str
    facing: Facing | None = None


@frozen
class TerrainChanged(BTEvent):
    """BT-C-57/60: a hex's terrain changed (woods cleared, fire started or out, ice broken)."""

    TAG = "bt/terrain"
    hex: Hex
    terrain: Terrain
    cause: str


@frozen
class ClubTaken(BTEvent):
    """BT-C-38: a 'Mech picked up a club (a severed limb, a tree, a girder) or dropped it ("")."""

    TAG = "bt/club"
    unit: int
    club: str
    roll: tuple[int, ...] = ()


@frozen
class AmmoDumpDeclared(BTEvent):
    """BT-C-58: bins (equipment indexes) to be dumped during the next turn."""

    TAG = "bt/dump_declared"
    unit: int
    bins: tuple[int, ...]


@frozen
class AmmoDumped(BTEvent):
    """BT-C-58: the declared bins were emptied in the End phase."""

    TAG = "bt/dumped"
    unit: int
    bins: tuple[int, ...]


@frozen
class PilotEjected(BTEvent):
    """BT-C-59: the MechWarrior ejected and landed in ``hex`` (the 'Mech is out of the game)."""

    TAG = "bt/ejected"
    unit: int
    hex: Hex | None
    automatic: bool = False


@frozen
class UnitWithdrew(BTEvent):
    """A unit on its side's exit edge left the map in the End phase (a ``withdraw`` scenario)."""

    TAG = "bt/withdrew"
    unit: int
    hex: Hex


@frozen
class FellOntoUnit(BTEvent):
    """BT-C-47 / BT-M-26.3: a displaced 'Mech dropped 2+ levels onto ``target``'s hex.

    The roll to hit it (base 7, only the target's movement and terrain modify it). On a miss the
    faller lands in ``landing``, the free hex next to the target's nearest to where it fell from;
    ``landing_roll`` is the die that broke a tie between equally near hexes (empty: no tie).
    """

    TAG = "bt/fell_onto"
    unit: int
    target: int
    to_hit: int
    modifiers: tuple[tuple[str, int], ...]
    roll: tuple[int, ...]
    hit: bool
    landing: Hex | None = None
    landing_roll: tuple[int, ...] = ()


@frozen
class CriticalLost(BTEvent):
    """BT-C-26 step 4 / BT-C-30: a critical found nothing to hit in ``location`` and was lost.

    ``reason``: "used up this phase" (every line left at the start of the phase was hit earlier
    in it) or "nothing to hit" (the center torso or head, where criticals never transfer).
    """

    TAG = "bt/critical_lost"
    unit: int
    location: Location
    reason: str


@frozen
class ComponentExploded(BTEvent):
    """BT-C-31 / BT-C-90: a critical set off explosive equipment ``item`` (a Gauss rifle)."""

    TAG = "bt/component_exploded"
    unit: int
    item: int
    damage: int


@frozen
class TerrainRolled(BTEvent):
    """BT-C-57/60: a roll about a hex's terrain (clearing woods, starting a fire).

    ``kind`` is "fire risk", "clearing", "fire" or "accidental fire"; ``success`` says whether the
    woods were cleared or the fire started. ``target`` is the number the roll is compared with
    (``<=`` for "fire risk", "clearing" and "accidental fire", ``>=`` for "fire").
    """

    TAG = "bt/terrain_roll"
    hex: Hex
    kind: str
    target: int
    roll: tuple[int, ...]
    success: bool


@frozen
class DFACancelled(BTEvent):
    """BT-C-43: a 'Mech that fell in the Weapon phase before its death from above loses it."""

    TAG = "bt/dfa_cancelled"
    unit: int
    reason: str


@frozen
class WeaponNotFired(BTEvent):
    """BT-C-20 (ASSUMPTION): a Streak that missed did not fire: no heat, its shot back in ``bin``.

    ``bin`` is None when no bin of its ammunition has room (the shot is simply not counted).
    """

    TAG = "bt/not_fired"
    unit: int
    weapon: int
    bin: int | None = None


@frozen
class AimRolled(BTEvent):
    """BT-C-19: the 2D6 of an aimed shot that hit: 6-8 strikes the chosen ``location``.

    Otherwise the hit location is rolled normally (the `DamageApplied` that follows has that roll).
    """

    TAG = "bt/aim"
    attack: int
    location: Location
    roll: tuple[int, ...]
    success: bool


@frozen
class WindRolled(BTEvent):
    """BT-C-60.5: the wind's direction for the rest of the game (1D6: 1 north, clockwise)."""

    TAG = "bt/wind"
    roll: int
    wind: Facing


@frozen
class ClubSearched(BTEvent):
    """BT-C-38: a 'Mech looked for a club in ``hex``: a severed limb, a tree, or a girder.

    ``club`` names it ("tree", "girder", "Atlas AS7-D's left arm"); a girder needs 2D6 >=
    ``target`` (``roll``). It fires no weapon and makes no physical attack this turn.
    """

    TAG = "bt/club_searched"
    unit: int
    hex: Hex
    club: str
    target: int
    roll: tuple[int, ...]
    found: bool


@frozen
class HeatSinksSwitched(BTEvent):
    """BT-C-52: in the End phase the unit's player switched heat sinks off or back on.

    ``off`` is how many of its heat sinks are off from now on (0: all on again); ``turn`` the
    turn whose End phase it was (sinks switched off come back on at the earliest in the End phase
    of the following turn).
    """

    TAG = "bt/sinks_switched"
    unit: int
    off: int
    turn: int


@frozen
class SkidDodged(BTEvent):
    """BT-M-29.8: a unit that had not moved tried to get out of the way of a skidding unit.

    ``hex`` is where it went (None: it failed its PSR, or found no hex to go to, and stayed put).
    Either way it has used its movement for the phase.
    """

    TAG = "bt/skid_dodged"
    unit: int
    skidder: int
    hex: Hex | None


@frozen
class SkidCollided(BTEvent):
    """BT-M-29.7: a skidding unit crashed into ``hex``: into ``target`` (a unit), or its building.

    ``hexes`` is the distance skidded so far (the charge's hexes); the damage events follow.
    """

    TAG = "bt/skid_collided"
    unit: int
    hex: Hex
    target: int | None
    hexes: int


@frozen
class WeaponJammed(BTEvent):
    """BT-C-75: an Ultra autocannon at double rate rolled a natural 2: jammed for the game."""

    TAG = "bt/jammed"
    unit: int
    weapon: int
    attack: int


@frozen
class AMSEngaged(BTEvent):
    """BT-C-75: ``unit``'s anti-missile system ``ams`` met missile attack ``attack``.

    It stops ``roll`` (1D6) of the ``hits`` missiles that hit (``stopped``, at most ``hits``),
    spends a shot from ``bin`` and makes its heat.
    """

    TAG = "bt/ams"
    unit: int
    ams: int
    attack: int
    roll: int
    hits: int
    stopped: int
    bin: int


@frozen
class NarcAttached(BTEvent):
    """BT-C-75: a NARC missile beacon hit: a pod sticks to ``unit`` for the rest of the game."""

    TAG = "bt/narc"
    unit: int
    attack: int
