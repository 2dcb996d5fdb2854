"""The events of a Dystopian Wars game: what happened, with every die it rolled (DW-7 to DW-22).

Models are named by their index in `engine.dystopian.state.DWState.models`, squadrons by theirs
in ``DWState.squadrons``. Each event carries what it leaves behind (the hexes walked, the check's
dice and outcome), so `engine.dystopian.evolve` applies it without rules and a replay never rolls.
"""

from __future__ import annotations

import enum

from attrs import frozen

from engine.dystopian.combat import ContactFire
from engine.dystopian.geometry import Level
from engine.dystopian.movement import ContactKind, MarkerAction
from engine.dystopian.state import (
    DeclaredAttack,
    DeclaredBoarding,
    Edge,
    FieldOrder,
    Party,
    RecordedContact,
    Result,
)
from engine.game import Event
from engine.hexes import Facing, Hex

__all__ = [
    "BOARD_EVENTS",
    "DW_EVENTS",
    "ActivationEnded",
    "AttackDeclared",
    "AttackRolled",
    "AttackSource",
    "BoardingDeclared",
    "BoardingRolled",
    "BoardingSettled",
    "CardPlayed",
    "CardsDiscarded",
    "CardsDrawn",
    "CheckKind",
    "ContactResolved",
    "DWEvent",
    "DamageDealt",
    "DeckShuffled",
    "DefencePool",
    "DeployerChanged",
    "DerelictDrifted",
    "EdgeChosen",
    "EndPhaseBegan",
    "GameEnded",
    "GameLengthRolled",
    "GeneratorRolled",
    "GeneratorUsed",
    "HazardKind",
    "HitsCancelled",
    "InitiativeRolled",
    "LossCause",
    "ModelDeployed",
    "ModelDisplaced",
    "ModelLost",
    "ModelMoved",
    "MoraleChecked",
    "MovementEnded",
    "RepairRolled",
    "RolledOff",
    "ShieldRolled",
    "SquadronActivated",
    "TerrainTested",
    "TurnBegan",
]

Pair = tuple[int, int]
"""2D6, each die."""


@frozen
class DWEvent(Event):
    """Base of the Dystopian Wars events."""


class CheckKind(enum.StrEnum):
    """DW-10.2: the three kinds of check."""

    COMMAND = "command"
    BREAK = "break"
    BRAVERY = "bravery"


class HazardKind(enum.StrEnum):
    """The size test of DW-13.3, rolled for treacherous terrain or for snaking (DW-11.5)."""

    TREACHEROUS = "treacherous"
    SNAKING = "snaking"


class LossCause(enum.StrEnum):
    """Why a model is lost (DW-22.5)."""

    OFF_TABLE = "off the table"
    DESTROYED = "destroyed"


@frozen
class RolledOff(DWEvent):
    """2D6 each for the edge, ties rolled again (DW-22.8 step 1), and the Field Orders (DW-22.4).

    ``rolls``: per round, each player's 2D6. ``order_faces``: each player's D6 for the orders
    (empty when the game uses the default order). ``orders``: what each player must do.
    """

    TAG = "dw_rolled_off"
    rolls: tuple[tuple[Pair, Pair], ...]
    chooser: int
    order_faces: tuple[int, ...]
    orders: tuple[FieldOrder, ...]


@frozen
class EdgeChosen(DWEvent):
    """``player`` took ``edge``, the opponent the other (DW-22.8 step 1); ``player`` deploys."""

    TAG = "dw_edge_chosen"
    player: int
    edge: Edge


@frozen
class ModelDeployed(DWEvent):
    """A model was placed in its owner's zone (DW-22.8)."""

    TAG = "dw_model_deployed"
    model: int
    hex: Hex
    facing: Facing
    level: Level


@frozen
class DeployerChanged(DWEvent):
    """``player`` deploys the next squadron (DW-22.8 step 3)."""

    TAG = "dw_deployer_changed"
    player: int


@frozen
class TurnBegan(DWEvent):
    """Turn ``turn`` began: no squadron has activated, the Commodore re-rolls are fresh."""

    TAG = "dw_turn_began"
    turn: int


@frozen
class InitiativeRolled(DWEvent):
    """2D6 each, ties rolled again; ``first`` activates first (DW-9.1)."""

    TAG = "dw_initiative_rolled"
    rolls: tuple[tuple[Pair, Pair], ...]
    first: int


@frozen
class SquadronActivated(DWEvent):
    """A squadron began its activation (DW-7.2) with its commanded element (DW-9.3).

    ``broken``: its models that carry a Break marker now (they take the bravery check, DW-10.2).
    """

    TAG = "dw_squadron_activated"
    squadron: int
    element: tuple[int, ...]
    broken: tuple[int, ...]


@frozen
class MoraleChecked(DWEvent):
    """A command, break or bravery check (DW-10.3) and its result (DW-10.4).

    ``dice``: the pool after modifiers; ``needed``: the successes it needed; ``faces``: every
    die rolled (sixes add a die); ``automatic``: passed without a roll (Fearless).
    """

    TAG = "dw_morale_checked"
    kind: CheckKind
    squadron: int
    models: tuple[int, ...]
    dice: int
    needed: int
    faces: tuple[int, ...]
    successes: int
    passed: bool
    automatic: bool = False


@frozen
class TerrainTested(DWEvent):
    """The DW-13.3 size test before a treacherous move, or for a snaking turn (DW-11.5).

    ``faces``: the D6, and the second one when the Commodore's re-roll was used (DW-10.1 #1).
    """

    TAG = "dw_terrain_tested"
    model: int
    kind: HazardKind
    faces: tuple[int, ...]
    failed: bool
    rerolled: bool = False


@frozen
class ModelMoved(DWEvent):
    """A model moved (DW-11, DW-28.4): the hexes it stood in, start first, and where it faces.

    ``marker``: the DW-11.6 marker change it made. ``contact``: the contact that stopped it
    (DW-12.2), kept until the pieces part; its damage is rolled after the squadron moves.
    """

    TAG = "dw_model_moved"
    model: int
    hexes: tuple[Hex, ...]
    facing: Facing
    level: Level
    steps: int
    marker: MarkerAction | None = None
    contact: RecordedContact | None = None


@frozen
class ModelDisplaced(DWEvent):
    """A piece under a model's end hex was moved aside (DW-11.10, DW-28.5)."""

    TAG = "dw_model_displaced"
    model: int
    hex: Hex


@frozen
class ModelLost(DWEvent):
    """A model was lost (DW-11.1, DW-22.5): it left the table or was destroyed."""

    TAG = "dw_model_lost"
    model: int
    cause: LossCause


@frozen
class MovementEnded(DWEvent):
    """Every model of the active squadron has moved (DW-7.2 step 2a); contacts resolve next."""

    TAG = "dw_movement_ended"
    squadron: int


@frozen
class ActivationEnded(DWEvent):
    """The squadron's activation ended (DW-7.2); ``following`` activates next, None: End Phase."""

    TAG = "dw_activation_ended"
    squadron: int
    following: int | None


@frozen
class EndPhaseBegan(DWEvent):
    """The End Phase of turn ``turn`` began (DW-7.3)."""

    TAG = "dw_end_phase_began"
    turn: int


@frozen
class GameLengthRolled(DWEvent):
    """A variable game's D6 after its agreed turns: 1-3 it ends, 4-6 one more turn (DW-22.6)."""

    TAG = "dw_game_length_rolled"
    player: int
    face: int
    more: bool


@frozen
class GameEnded(DWEvent):
    """The game ended (DW-22.4 to DW-22.6)."""

    TAG = "dw_game_ended"
    result: Result


class AttackSource(enum.StrEnum):
    """Where an attack's dice come from (DW-12.4, DW-15, DW-16.2)."""

    RAM = "ram"
    RAMMED = "rammed"
    COLLISION = "collision"
    TERRAIN = "terrain"
    WEAPON = "weapon"
    MAGAZINE = "magazine"
    ACK_ACK = "aa"
    CHARGES = "cc"


@frozen
class ContactResolved(DWEvent):
    """DW-12.4 / DW-28.5: a recorded contact's damage has been rolled (it stays until parted).

    ``fire``: what each model involved may still fire this activation (DW-12.5).
    """

    TAG = "dw_contact_resolved"
    mover: int
    kind: ContactKind
    hex: Hex
    other: int | None
    fire: tuple[tuple[int, ContactFire], ...]


@frozen
class AttackDeclared(DWEvent):
    """DW-7.2 step 3a: an attack of the active squadron, declared before any die is rolled."""

    TAG = "dw_attack_declared"
    attack: DeclaredAttack


@frozen
class AttackRolled(DWEvent):
    """One attack's pool (DW-2.1, DW-15, DW-12.4): every die and the hits.

    ``attackers``: the models whose dice these are (none for terrain); ``weapon``: the weapon's
    name for a weapon attack; ``threshold``, ``mod``, ``natural_only``: what each die needed.
    """

    TAG = "dw_attack_rolled"
    target: int
    source: AttackSource
    attackers: tuple[int, ...]
    weapon: str
    ad: int
    threshold: int
    mod: int
    natural_only: bool
    faces: tuple[int, ...]
    hits: int


@frozen
class HitsCancelled(DWEvent):
    """DW-18.3: the target's squadron answers rockets with AA or torpedoes with CC.

    ``responders``: each model that rolled, with ``faces`` its dice (5 cancels 1, 6 cancels 2).
    """

    TAG = "dw_hits_cancelled"
    target: int
    system: str
    responders: tuple[int, ...]
    faces: tuple[tuple[int, ...], ...]
    cancelled: int
    remaining: int


@frozen
class DamageDealt(DWEvent):
    """DW-16.1 / DW-16.2: one attack's hits on a model, its criticals and what they cost.

    ``criticals``: each critical result (2-12); ``critical_faces``: every die the criticals
    rolled, re-rolls and their extra dice included; ``markers``: the `damage.Marker` names set
    (a Raging Fire once per Fire marker gained).
    """

    TAG = "dw_damage_dealt"
    model: int
    hits: int
    hp_lost: int
    ap_lost: int
    criticals: tuple[int, ...] = ()
    critical_faces: tuple[int, ...] = ()
    markers: tuple[str, ...] = ()


@frozen
class RepairRolled(DWEvent):
    """DW-16.4 / DW-24: one End Phase repair or Corrosion roll (a D6 that does not explode).

    ``marker``: the `damage.Marker` name rolled for; ``repaired``: it comes off; a fire not put
    out costs ``ap_lost`` and on a 6 adds a Fire marker; Corrosion not removed costs ``hp_lost``.
    ``rerolled_from``: the failed face the Commodore's re-roll replaced (DW-16.4), 0 if none.
    """

    TAG = "dw_repair_rolled"
    model: int
    marker: str
    face: int
    repaired: bool
    ap_lost: int = 0
    hp_lost: int = 0
    new_fire: bool = False
    rerolled_from: int = 0


DW_EVENTS: tuple[type[DWEvent], ...] = (
    RolledOff,
    EdgeChosen,
    ModelDeployed,
    DeployerChanged,
    TurnBegan,
    InitiativeRolled,
    SquadronActivated,
    MoraleChecked,
    TerrainTested,
    ModelMoved,
    ModelDisplaced,
    ModelLost,
    MovementEnded,
    ActivationEnded,
    EndPhaseBegan,
    GameLengthRolled,
    GameEnded,
    ContactResolved,
    AttackDeclared,
    AttackRolled,
    HitsCancelled,
    DamageDealt,
    RepairRolled,
)
"""Every event class, for the ruleset and its converter."""


# ---- boarding, generators and the STAR deck (DW-19, DW-23, DW-8) --------------------------------


@frozen
class BoardingDeclared(DWEvent):
    """DW-19.3 step 4: a boarding of the active squadron, declared; rolled in its segment."""

    TAG = "dw_boarding_declared"
    boarding: DeclaredBoarding


@frozen
class DefencePool:
    """DW-19.4 step 2: one defender's AA (or CC) at one boarding party, every die."""

    responder: int
    party: int
    threshold: int
    faces: tuple[int, ...]
    hits: int


@frozen
class BoardingRolled(DWEvent):
    """DW-19.4: one boarding's dice, from the defensive fire to the melee, and its outcome.

    Attributes:
        target: the boarded model.
        boarders: the boarding models, in party order.
        committed: the AP each party committed (DW-19.4 step 1).
        defence: the defensive fire, pool by pool (DW-19.4 step 2).
        after_fire: each party's AP after it.
        melee: each party's melee dice (faces), in party order (DW-19.4 step 3).
        melee_hits: each party's hits.
        thresholds: each party's number needed (4+ less its modifiers) and the defender's, last.
        defence_melee: the defender's melee dice at each party.
        defence_hits: the defender's hits on each party.
        ignored: boarders' hits the target's Security Posts ignored (DW-24).
        target_ap: the target's AP before and after the melee.
        parties_left: each party's AP after the melee.
        outcome: a `boarding.Outcome` value.
        sabotage: the Capital target out-fought rolls a critical (DW-19.4 step 4).
    """

    TAG = "dw_boarding_rolled"
    target: int
    boarders: tuple[int, ...]
    committed: tuple[int, ...]
    defence: tuple[DefencePool, ...]
    after_fire: tuple[int, ...]
    melee: tuple[tuple[int, ...], ...]
    melee_hits: tuple[int, ...]
    thresholds: tuple[int, ...]
    defence_melee: tuple[tuple[int, ...], ...]
    defence_hits: tuple[int, ...]
    ignored: int
    target_ap: tuple[int, int]
    parties_left: tuple[int, ...]
    outcome: str
    sabotage: bool = False


@frozen
class BoardingSettled(DWEvent):
    """DW-19.4 steps 5-6 / DW-19.5 / DW-19.6: what a boarding leaves behind.

    Attributes:
        target: the boarded model.
        outcome: a `boarding.Outcome` value.
        target_ap_lost: AP the target's crew (or the party aboard a derelict) lost.
        boarders: the boarding models.
        boarder_ap: AP each boarding model is down by: marines killed and marines left aboard.
        aboard: the parties left aboard after a capture (DW-19.4 step 6).
        prize: the captured model is a prize of the captors (DW-19.5).
    """

    TAG = "dw_boarding_settled"
    target: int
    outcome: str
    target_ap_lost: int
    boarders: tuple[int, ...]
    boarder_ap: tuple[int, ...]
    aboard: tuple[Party, ...] = ()
    prize: bool = False


@frozen
class DerelictDrifted(DWEvent):
    """DW-19.6: a derelict drifted straight ahead (``hexes``, start first; one hex: it stayed).

    With its party's activation (or its own squadron's: a derelict never moves by itself), or
    in the End Phase when nobody is aboard (DW-7.3 step 2).
    """

    TAG = "dw_derelict_drifted"
    model: int
    hexes: tuple[Hex, ...]


@frozen
class ShieldRolled(DWEvent):
    """DW-23 Shield: 2D6 per Shield generator against one attack's hits; what they cancelled.

    ``shields``: the Shield (and Guardian) generators rolled; 0: a Guardian's cover, one die.
    """

    TAG = "dw_shield_rolled"
    model: int
    shields: int
    threshold: int
    faces: tuple[int, ...]
    cancelled: int
    remaining: int


@frozen
class DeckShuffled(DWEvent):
    """DW-8.3: the STAR deck shuffled (at the start, or the discards when it runs out).

    ``faces``: the dice of the shuffle (one die of n sides for each card, n falling);
    ``order``: the new deck, top first.
    """

    TAG = "dw_deck_shuffled"
    faces: tuple[int, ...]
    order: tuple[str, ...]


@frozen
class CardsDrawn(DWEvent):
    """DW-8.3: ``player`` drew ``cards`` from the top of the deck."""

    TAG = "dw_cards_drawn"
    player: int
    cards: tuple[str, ...]


@frozen
class CardsDiscarded(DWEvent):
    """DW-8.3: ``player`` discarded ``cards`` (down to the hand limit in the End Phase)."""

    TAG = "dw_cards_discarded"
    player: int
    cards: tuple[str, ...]


@frozen
class CardPlayed(DWEvent):
    """DW-8.2: ``player`` played ``card`` on the active squadron or on ``model`` (-1: squadron)."""

    TAG = "dw_card_played"
    player: int
    card: str
    squadron: int
    model: int = -1


@frozen
class GeneratorUsed(DWEvent):
    """DW-23: ``model`` used its generator ``generator`` (once an activation); rolls follow."""

    TAG = "dw_generator_used"
    model: int
    generator: str


@frozen
class GeneratorRolled(DWEvent):
    """DW-23: a generator's die at one model, the Field's 2D6 against it, and what it did.

    Attributes:
        model: the user; ``target``: the model it touched.
        generator: the generator's id.
        faces: its D6, then the UPG's AP die on a 6.
        field_faces: the target's Field dice (2D6 per Field), empty when none were rolled.
        cancelled: a Field die of 4-6 cancelled the effect on this model.
        marker: a `damage.Marker` name set (UPG: Shattered Defences, Chaos & Disarray), or "".
        ap_lost: AP the target loses.
        offline: Disruption took its generators offline.
    """

    TAG = "dw_generator_rolled"
    model: int
    generator: str
    target: int
    faces: tuple[int, ...]
    field_faces: tuple[int, ...] = ()
    cancelled: bool = False
    marker: str = ""
    ap_lost: int = 0
    offline: bool = False


BOARD_EVENTS: tuple[type[DWEvent], ...] = (
    BoardingDeclared,
    BoardingRolled,
    BoardingSettled,
    DerelictDrifted,
    ShieldRolled,
    DeckShuffled,
    CardsDrawn,
    CardsDiscarded,
    CardPlayed,
    GeneratorUsed,
    GeneratorRolled,
)
"""The boarding, generator and STAR-deck events (DW-19, DW-23, DW-8)."""

DW_EVENTS = (*DW_EVENTS, *BOARD_EVENTS)
