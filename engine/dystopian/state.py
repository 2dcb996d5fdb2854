"""The state of a Dystopian Wars game: its setup, every model with its markers, the turn (DW-7).

- `DWSetup`: what a game starts from, as plain data a save can hold: two players (DW-22) with
  their fleets (already read from files: the engine reads none), the board (DW-28.1: 36 x 24),
  the game length (DW-22.6) and whether Field Orders are rolled (DW-22.4).
- `ModelState`: one model in play (DW-28.13 item 4): owner, squadron, card, hex, facing, level,
  hull damage, the markers of DW-5 (`Markers`), and whether it is lost (DW-22.5).
- `DWState`: the models and squadrons, the stage (setup, edge choice, deployment, activation,
  over), the turn, the initiative (DW-9.1), the squadrons activated this turn (DW-7.1), the
  activation under way (`Activation`, DW-7.2), the recorded contacts (DW-12, DW-28.5), the
  Commodore's re-roll (DW-10.1) and the result (DW-22.5).

Models are named ``<card id>-<n>`` (``BB-1``, ``CR-4``), numbered per card across the whole game
in seating order; a squadron is named by any of its models.
"""

from __future__ import annotations

import enum
from typing import Any

from attrs import evolve, field, frozen

from engine.dystopian.combat import ContactFire
from engine.dystopian.fleet import Fleet, fleet_models
from engine.dystopian.geometry import Level, Piece, Size
from engine.dystopian.models import Card, Domain, ModelCard
from engine.dystopian.movement import ContactKind, Mover, TurnLimit, min_hexes, movement_points
from engine.dystopian.star_state import Reaction, TurnCard, Window
from engine.dystopian.terrain import Board, TerrainMap
from engine.dystopian.wing_state import WingState, start_wings
from engine.hexes import Facing, Hex

__all__ = [
    "COMMAND_DISTANCE",
    "DEPLOYMENT_DEPTH",
    "PLAYERS",
    "Activation",
    "DWSetup",
    "DWState",
    "DeclaredAttack",
    "DeclaredBoarding",
    "Edge",
    "FieldOrder",
    "GameLength",
    "Markers",
    "MineToken",
    "ModelState",
    "Party",
    "PlayedCard",
    "PlayerSetup",
    "RecordedContact",
    "Result",
    "SquadronState",
    "Stage",
    "StarDeck",
    "VictoryLevel",
    "card_mp_bonus",
    "in_command",
    "kinetic_inches",
    "model_idents",
]

PLAYERS = 2
"""DW-22: a game is two fleets (multiplayer, DW-8.3, is left out)."""
DEPLOYMENT_DEPTH = 4
"""DW-22.8 / DW-28.2: the zone is the edge's full length, 8" (4 rows) deep."""
COMMAND_DISTANCE = 3
"""DW-6 / DW-27 item 13 / DW-28.3: Command Distance 6", 3 hexes, for every squadron."""


class Stage(enum.StrEnum):
    """Where the game stands (DW-22.8, DW-7.1).

    SETUP: the roll for the edges and the Field Orders (DW-22.8 step 1, DW-22.4). EDGE: the
    higher roller chooses a table edge. DEPLOYMENT: squadrons deployed in turn (DW-22.8 step 3).
    ACTIVATION: the squadron activation phase (DW-7.1 phase 3); initiative and the End Phase
    resolve without a command. OVER: the game has ended (DW-22.4 to DW-22.6).
    """

    SETUP = "setup"
    EDGE = "edge"
    DEPLOYMENT = "deployment"
    ACTIVATION = "activation"
    OVER = "over"


class Edge(enum.StrEnum):
    """DW-22.8 / DW-28.2: only the long edges (rows 1 and 24) may be chosen."""

    TOP = "top"
    BOTTOM = "bottom"

    @property
    def opposite(self) -> Edge:
        """The edge the opponent takes."""
        return Edge.BOTTOM if self is Edge.TOP else Edge.TOP

    @property
    def inward(self) -> Facing:
        """The facing from this edge towards the middle of the board."""
        return Facing.S if self is Edge.TOP else Facing.N


class GameLength(enum.StrEnum):
    """DW-22.6: fixed or variable (timed games are omitted, DW-27 item 15)."""

    FIXED = "fixed"
    VARIABLE = "variable"


class FieldOrder(enum.StrEnum):
    """DW-22.4: the victory conditions, by the D6 rolled; DEFAULT is 70% of the MFV."""

    DEFAULT = "default"
    SEVENTY = "seventy"
    LARGE = "large"
    HALF_MEDIUM = "half medium"
    BASE_FORCE = "base force"
    HALF_SMALL = "half small"
    COMMODORE = "commodore"

    @classmethod
    def rolled(cls, face: int) -> FieldOrder:
        """The order a D6 gives (DW-22.4 table)."""
        return _BY_FACE[face]


_BY_FACE = {
    1: FieldOrder.SEVENTY,
    2: FieldOrder.LARGE,
    3: FieldOrder.HALF_MEDIUM,
    4: FieldOrder.BASE_FORCE,
    5: FieldOrder.HALF_SMALL,
    6: FieldOrder.COMMODORE,
}


class VictoryLevel(enum.StrEnum):
    """DW-22.5: how well the winner did."""

    CRUSHING = "crushing triumph"
    RESOUNDING = "resounding victory"
    MARGINAL = "marginal success"
    DRAW = "draw"


@frozen
class PlayerSetup:
    """A player: name and fleet (DW-22.2), in seating order."""

    name: str
    fleet: Fleet


@frozen
class DWSetup:
    """Everything a game starts from (DW-22).

    Attributes:
        title: the scenario's title.
        players: the two players in seating order.
        terrain: the board (DW-28.1: 36 x 24 hexes, open water unless listed).
        turns: the agreed number of turns (DW-22.6).
        length: fixed, or variable: after ``turns`` a D6 decides whether play goes on.
        field_orders: each player rolls a Field Order (DW-22.4); False: the default order only.
        end_phase_bravery: broken squadrons also test in End Phase step 4 (the optional toggle
            of DW-27 item 3); by default only after their own activation.
        deck: the STAR cards the game plays with (DW-8, an option): empty, no cards.
    """

    title: str
    players: tuple[PlayerSetup, ...]
    terrain: TerrainMap = field(factory=TerrainMap)
    turns: int = 6
    length: GameLength = GameLength.FIXED
    field_orders: bool = True
    end_phase_bravery: bool = False
    deck: tuple[Card, ...] = ()

    def __attrs_post_init__(self) -> None:
        if len(self.players) != PLAYERS:
            msg = f"Dystopian Wars is played by {PLAYERS} fleets, not {len(self.players)}"
            raise ValueError(msg)
        if self.turns < 1:
            msg = f"a game lasts at least one turn, not {self.turns}"
            raise ValueError(msg)

    def zone(self, edge: Edge) -> frozenset[Hex]:
        """DW-22.8 / DW-28.2: the full length of ``edge``, 4 rows deep."""
        height = self.terrain.height
        rows = (
            range(DEPLOYMENT_DEPTH)
            if edge is Edge.TOP
            else range(height - DEPLOYMENT_DEPTH, height)
        )
        return frozenset(Hex.from_offset(c, r) for c in range(self.terrain.width) for r in rows)


def model_idents(setup: DWSetup) -> tuple[str, ...]:
    """Every model's name: its card id and a number per card across the game (``CR-4``)."""
    seen: dict[str, int] = {}
    names = []
    for player in setup.players:
        for model in fleet_models(player.fleet):
            seen[model.card.id] = seen.get(model.card.id, 0) + 1
            names.append(f"{model.card.id}-{seen[model.card.id]}")
    return tuple(names)


@frozen
class Markers:
    """The markers of DW-5 a model carries (DW-28.13 item 4); combat and boarding set most.

    Attributes:
        all_stop: All Stop (DW-11.6).
        reversing: the direction arrow: it moves one hex back (DW-11.6).
        broken: Break (DW-10.4).
        half_ad: Weapons Damaged (DW-16.2).
        half_mv: Engine Failure (DW-16.2).
        fires: Raging Fire markers (DW-16.3).
        corrosion: Corrosion markers (DW-24).
        shattered: Shattered Defences: AA and CC 0.
        chaos: Chaos & Disarray: no rockets, torpedoes, bombs or mines.
        generators_offline: Generators Offline.
        nav_lock: Navigation Lock (DW-16.2): no turns.
        fusion_leak: Fusion Leak: CR equals DR.
        assault_damage: AP lost (DW-5 Assault Damage).
        derelict: captured, drifting (DW-19.6).
        prize: captured and claimed, a party aboard (DW-19.5).
        sonic: a Sonic generator's -2 AD, AA, CC and MD, until the end of its next activation
            (DW-23).
    """

    all_stop: bool = False
    reversing: bool = False
    broken: bool = False
    half_ad: bool = False
    half_mv: bool = False
    fires: int = 0
    corrosion: int = 0
    shattered: bool = False
    chaos: bool = False
    generators_offline: bool = False
    nav_lock: bool = False
    fusion_leak: bool = False
    assault_damage: int = 0
    derelict: bool = False
    prize: bool = False
    sonic: bool = False


@frozen
class ModelState:
    """One model in play (DW-28.13 item 4).

    Attributes:
        ident: its name in commands (`model_idents`).
        owner: the player who fields it.
        squadron: its squadron's index in `DWState.squadrons` (escorts: the parent's, DW-21).
        card: its card's id.
        points: its cost with the options bought (DW-22.5 VP).
        escort: an attached escort (DW-21: no VP, no break check when lost).
        commodore: it carries the Fleet Commodore (DW-10.1).
        hex: where it is; None before deployment.
        facing: its bow's facing.
        level: surface, flying, obscured or submerged (DW-11.8, DW-11.9).
        hull_damage: Hull Damage markers (HP lost, DW-16.1).
        markers: the other markers.
        lost: destroyed, or off the table (DW-11.1, DW-22.5).
        aboard: the boarding parties left aboard it after a capture (DW-19.4 step 6, DW-19.5).
    """

    ident: str
    owner: int
    squadron: int
    card: str
    points: int
    escort: bool = False
    commodore: bool = False
    hex: Hex | None = None
    facing: Facing = Facing.N
    level: Level = Level.SURFACE
    hull_damage: int = 0
    markers: Markers = Markers()
    lost: bool = False
    aboard: tuple[Party, ...] = ()

    @property
    def on_board(self) -> bool:
        """Deployed and not lost."""
        return self.hex is not None and not self.lost


@frozen
class SquadronState:
    """A squadron in play (DW-3.4): its owner, its index in the fleet and its models."""

    owner: int
    index: int
    models: tuple[int, ...]


@frozen
class RecordedContact:
    """DW-12 / DW-28.5: a contact made by a move, kept until the pieces part (models by index).

    ``resolved``: its damage has been rolled (DW-12.4; the combat module's, later).
    """

    mover: int
    kind: ContactKind
    hex: Hex
    other: int | None = None
    bow: bool = False
    both: bool = False
    dice: int = 0
    resolved: bool = False


@frozen
class MineToken:
    """A mine on the table (DW-18.6): its hex, AD, owner and the activation that laid it.

    Attributes:
        hex: where it lies, at surface level whoever dropped it.
        ad: its attack dice (the RB1 value of the layer's mine weapon).
        owner: the player whose model dropped it.
        layer: the model that dropped it.
        turn: the turn it was dropped in.
        squadron: the squadron whose activation dropped it: it is armed from the next activation.
    """

    hex: Hex
    ad: int
    owner: int
    layer: int
    turn: int
    squadron: int


@frozen
class DeclaredAttack:
    """DW-7.2 step 3a / DW-17: one attack declared before any combat die is rolled.

    Attributes:
        models: the firing models, the lead first (several: Linked Fire, DW-17.1; a model
            named twice links two of its own weapons).
        weapons: each contribution's weapon, by its index on the model's card.
        targets: the target (several: Split Fire, DW-17.3, one share each).
        shares: the dice put on each target of a split; empty when not split.
    """

    models: tuple[int, ...]
    weapons: tuple[int, ...]
    targets: tuple[int, ...]
    shares: tuple[int, ...] = ()


@frozen
class Activation:
    """The activation under way (DW-7.2).

    Attributes:
        squadron: the active squadron.
        element: the commanded element's models (DW-9.3); they move first.
        moved: the models that have moved, in order.
        broken_at_start: its models that had a Break marker when it activated (bravery, DW-10.2).
        losses: models of any squadron lost during this activation (break checks, DW-10.2).
        movement_done: the Movement segment is over (DW-7.2 step 2): rams and collisions are
            resolved next, then the combat commands may be given.
        contact_fire: what models that rammed, collided or hit terrain may still fire this
            activation (DW-12.5), the most restrictive limit per model.
        declared: the attacks declared so far (DW-7.2 step 3a), rolled in the combat segment.
        boardings: the boardings declared so far (DW-19.3 step 4), rolled in the boarding segment.
        cards: the STAR cards in play this activation (DW-8.2), each with its model (-1: all).
        generators_used: the (model, generator id) uses this activation (DW-23: once each).
        sonic_at_start: its models stunned by a Sonic generator when it activated: the stun
            ends with this activation (DW-23 "until the end of its next activation").
        kinetic: (model, extra inches) a Kinetic generator rolled before it moved (DW-23).
        spotted: the indirect attacks among ``declared`` (DW-18.7): (position, the spotter's
            name, "" for a Forward Observer).
        auxiliary: the offensive AA and CC attacks declared (DW-18.2): (model, "aa" or "cc",
            target), rolled after the weapon attacks.
        level_mars: the (model, MAR id) Panic Dive and Swift Ascent rolls made this activation
            (DW-24: once each, `engine.dystopian.level_mars`).
        swept: the models that fired their CC at a mine this activation (DW-18.6, once).
    """

    squadron: int
    element: tuple[int, ...]
    moved: tuple[int, ...] = ()
    broken_at_start: tuple[int, ...] = ()
    losses: tuple[int, ...] = ()
    movement_done: bool = False
    contact_fire: tuple[tuple[int, ContactFire], ...] = ()
    declared: tuple[DeclaredAttack, ...] = ()
    boardings: tuple[DeclaredBoarding, ...] = ()
    cards: tuple[PlayedCard, ...] = ()
    generators_used: tuple[tuple[int, str], ...] = ()
    sonic_at_start: tuple[int, ...] = ()
    kinetic: tuple[tuple[int, int], ...] = ()
    spotted: tuple[tuple[int, str], ...] = ()
    auxiliary: tuple[tuple[int, str, int], ...] = ()
    level_mars: tuple[tuple[int, str], ...] = ()
    swept: tuple[int, ...] = ()

    def fire_limit(self, index: int) -> ContactFire:
        """DW-12.5: what model ``index`` may still fire after its contacts this activation."""
        return next((f for n, f in self.contact_fire if n == index), ContactFire.ALL)

    def spotter_of(self, position: int) -> str | None:
        """DW-18.7: the spotter of declared attack ``position`` ("": none), None if direct."""
        return next((s for n, s in self.spotted if n == position), None)

    def declared_weapons(self) -> frozenset[tuple[int, int]]:
        """The (model, weapon) pairs already committed to an attack (each fires once)."""
        return frozenset(
            pair
            for attack in self.declared
            for pair in zip(attack.models, attack.weapons, strict=True)
        )


@frozen
class Result:
    """How the game ended (DW-22.4 to DW-22.6).

    Attributes:
        reason: why it ended, one line.
        vp: each player's Victory Points (DW-22.5).
        orders_met: whether each player's Field Order is fulfilled (DW-22.4).
        winner: the winner, or None for a draw.
        level: the victory level (DW-22.5).
    """

    reason: str
    vp: tuple[int, ...]
    orders_met: tuple[bool, ...]
    winner: int | None
    level: VictoryLevel


@frozen
class DWState:
    """The whole state of a game (DW-28.13 item 4).

    Attributes:
        setup: what the game started from.
        models: every model of both fleets, in seating order, squadron by squadron.
        squadrons: every squadron, in the same order.
        stage: where the game stands.
        turn: the game turn (0 before the first).
        active: the player to act: rolling, choosing, deploying or activating.
        chooser: the higher roller, who chose the edge and deploys first (DW-22.8).
        edges: each player's edge, once chosen.
        orders: each player's Field Order (DW-22.4), once rolled.
        deploying: the squadron being deployed, until all its models are down (DW-22.8).
        initiative: who won this turn's initiative (DW-9.1).
        activated: squadrons that have activated this turn (DW-7.1).
        activation: the activation under way, or None between activations.
        contacts: contacts recorded and not yet parted (DW-28.5).
        rerolls_used: each player has used the Commodore's re-roll this turn (DW-10.1).
        commodore_lost: each fleet has lost its Commodore (DW-10.2, DW-10.3).
        result: how the game ended, or None.
        star: the STAR deck, discards and hands (DW-8), None when the game plays without.
        wings: every tiny-flyer wing of both fleets (DW-20; `engine.dystopian.wing_state`).
        aa_attacks: (turn, model) for each model that turned its AA on a wing (DW-18.2).
        generator_dice: (model, generator id, dice) stored by Fury and Pulse generators (DW-23).
        camouflage: (model, centre) of each Camouflage template on the table (DW-23, DW-28.10).
        mines: the mines on the table (DW-18.6, `engine.dystopian.mine_fire`).
    """

    setup: DWSetup
    models: tuple[ModelState, ...]
    squadrons: tuple[SquadronState, ...]
    stage: Stage = Stage.SETUP
    turn: int = 0
    active: int = 0
    chooser: int | None = None
    edges: tuple[Edge, ...] = ()
    orders: tuple[FieldOrder, ...] = ()
    deploying: int | None = None
    initiative: int | None = None
    activated: tuple[int, ...] = ()
    activation: Activation | None = None
    contacts: tuple[RecordedContact, ...] = ()
    rerolls_used: tuple[bool, ...] = (False, False)
    commodore_lost: tuple[bool, ...] = (False, False)
    result: Result | None = None
    star: StarDeck | None = None
    # ---- tiny-flyer wings (DW-20) ----
    wings: tuple[WingState, ...] = ()
    aa_attacks: tuple[tuple[int, int], ...] = ()
    # ---- end of tiny-flyer wings ----
    generator_dice: tuple[tuple[int, str, int], ...] = ()
    camouflage: tuple[tuple[int, Hex], ...] = ()
    mines: tuple[MineToken, ...] = ()
    _cards: dict[tuple[int, str], ModelCard] = field(
        init=False, eq=False, repr=False, hash=False, factory=dict
    )

    def __attrs_post_init__(self) -> None:
        for owner, player in enumerate(self.setup.players):
            for model in fleet_models(player.fleet):
                self._cards[owner, model.card.id] = model.card

    @classmethod
    def start(cls, setup: DWSetup) -> DWState:
        """Every model waiting to deploy; first the roll for edges and orders (DW-22)."""
        idents = iter(model_idents(setup))
        models: list[ModelState] = []
        squadrons: list[SquadronState] = []
        for owner, player in enumerate(setup.players):
            fleet = player.fleet
            base = len(squadrons)
            members: dict[int, list[int]] = {}
            for model in fleet_models(fleet):
                squadron = fleet.squadrons[model.squadron]
                extra = sum(
                    o.points for ident in squadron.options if (o := model.card.option(ident))
                )
                members.setdefault(model.squadron, []).append(len(models))
                models.append(
                    ModelState(
                        ident=next(idents),
                        owner=owner,
                        squadron=base + model.squadron,
                        card=model.card.id,
                        points=model.card.points + (0 if model.escort else extra),
                        escort=model.escort,
                        commodore=model.commodore,
                        level=Level.FLYING if model.card.flying else Level.SURFACE,
                    )
                )
            squadrons += [
                SquadronState(owner, n, tuple(members.get(n, ())))
                for n in range(len(fleet.squadrons))
            ]
        return cls(setup, tuple(models), tuple(squadrons), wings=start_wings(setup))

    # ---- queries ---------------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in seating order."""
        return tuple(p.name for p in self.setup.players)

    def card(self, index: int) -> ModelCard:
        """The card of model ``index``."""
        model = self.models[index]
        return self._cards[model.owner, model.card]

    def size(self, index: int) -> Size:
        """Model ``index``'s size class as the geometry counts it."""
        return Size[self.card(index).size.name]

    def index_of(self, ident: str) -> int | None:
        """The index of the model named ``ident`` (any case), or None."""
        wanted = ident.casefold()
        return next((n for n, m in enumerate(self.models) if m.ident.casefold() == wanted), None)

    def squadron_name(self, squadron: int) -> str:
        """A squadron as players name it: its card's name and its models (``CR-1, CR-2``)."""
        members = self.squadrons[squadron].models
        card = self.card(members[0])
        names = [self.models[n].ident for n in members if not self.models[n].escort]
        plural = "s" if len(names) > 1 else ""
        return f"{card.name}{plural} {', '.join(names)}"

    def alive(self, squadron: int) -> tuple[int, ...]:
        """The squadron's models on the board."""
        return tuple(n for n in self.squadrons[squadron].models if self.models[n].on_board)

    def ready(self, player: int) -> tuple[int, ...]:
        """``player``'s squadrons still to activate this turn (DW-7.1), with a model on board."""
        return tuple(
            n
            for n, s in enumerate(self.squadrons)
            if s.owner == player and n not in self.activated and self.alive(n)
        )

    def undeployed(self, player: int) -> tuple[int, ...]:
        """``player``'s models still to deploy."""
        return tuple(n for n, m in enumerate(self.models) if m.owner == player and m.hex is None)

    def flagship(self, player: int) -> int | None:
        """``player``'s Commodore model, if it is still on the board (DW-10.1)."""
        return next(
            (
                n
                for n, m in enumerate(self.models)
                if m.owner == player and m.commodore and m.on_board
            ),
            None,
        )

    def board(self) -> tuple[Board, tuple[int, ...]]:
        """The board as movement sees it, and each piece's model index (models on the board)."""
        indices = tuple(n for n, m in enumerate(self.models) if m.on_board)
        return Board(self.setup.terrain, tuple(self.piece(n) for n in indices)), indices

    def piece(self, index: int) -> Piece:
        """Model ``index`` as the geometry sees it (DW-28.5)."""
        model, card = self.models[index], self.card(index)
        if model.hex is None:
            msg = f"{model.ident} is not on the board"
            raise ValueError(msg)
        return Piece(
            model.hex,
            model.facing,
            self.size(index),
            model.level,
            model.owner,
            diving=card.is_diving,
            hulking=card.has("hulking"),
        )

    def mover(self, index: int) -> Mover:
        """Model ``index``'s movement facts this activation (DW-11, DW-28.4)."""
        model, card = self.models[index], self.card(index)
        markers = model.markers
        bow = frozenset(
            c.hex for c in self.contacts if c.mover == index and c.bow and c.other is not None
        ) | _bow_touched(self, index)
        return Mover(
            mp=movement_points(
                card.mv,
                self.turn,
                engine_failure=markers.half_mv,
                bonus_inches=kinetic_inches(self, index),
            )
            + card_mp_bonus(self, index),
            min_hexes=min_hexes(card.min_move),
            turning=TurnLimit(card.turn.value),
            land=card.domain is Domain.LAND,
            ram_rating=card.rr,
            sharp_turn=card.has("sharp_turn"),
            nav_lock=markers.nav_lock,
            all_stop=markers.all_stop,
            reversing=markers.reversing,
            manoeuvrable=card.has("manoeuvrable"),
            bow_contacts=bow,
            can_stop=card.can_stop,
            can_reverse=card.can_reverse,
            amphibious=card.has("amphibious_capability") or card.has("shallow_wader"),
            hull_breaker=card.has("hull_breaker"),
            immovable=card.has("immovable") or (card.has("ground_clamps") and markers.all_stop),
        )

    def camouflage_hexes(self) -> frozenset[Hex]:
        """DW-23 / DW-28.10: every hex under a Camouflage template (its centre and neighbours)."""
        return frozenset(h for _, centre in self.camouflage for h in centre.spiral(1))

    def with_model(self, index: int, model: ModelState) -> DWState:
        """The state with model ``index`` replaced."""
        return evolve(self, models=(*self.models[:index], model, *self.models[index + 1 :]))

    def with_markers(self, index: int, **changes: Any) -> DWState:  # noqa: ANN401 - marker values
        """The state with some of model ``index``'s markers changed."""
        model = self.models[index]
        return self.with_model(index, evolve(model, markers=evolve(model.markers, **changes)))


# ---- boarding and the STAR deck (DW-19, DW-8) ------------------------------------------------


@frozen
class Party:
    """DW-19.4 step 6: marines left aboard a captured model: their own model and their AP."""

    home: int
    ap: int


@frozen
class DeclaredBoarding:
    """DW-19.3 step 4: one boarding declared by the active squadron, rolled in its segment.

    Attributes:
        boarders: the boarding models (several combine their AP, DW-19.4 step 1).
        target: the boarded model.
        home: for each boarder, the surviving marines it calls home after a capture (DW-19.4
            step 6); missing ones: none, they all stay aboard.
    """

    boarders: tuple[int, ...]
    target: int
    home: tuple[int, ...] = ()


@frozen
class PlayedCard:
    """DW-8.2: a STAR card in play this activation: its id and model (-1: the squadron)."""

    card: str
    model: int = -1


@frozen
class StarDeck:
    """DW-8.3: the STAR deck by card id, top first; the discard pile; each player's hand.

    Attributes:
        deck: the cards still to draw, top first.
        discard: the discard pile (shuffled into a new deck when the deck runs out).
        hands: each player's cards.
        played: the S and A cards played, as (turn, squadron, card id) (DW-8.2: one S and one
            A card a squadron a turn).
        window: the answer asked now (`engine.dystopian.star_state.Window`), or None.
        chosen: the T cards chosen face down this turn, (player, card id or ""), until revealed.
        turn_cards: the T cards revealed and not cancelled (DW-8.2: they last the turn).
        reactions: the R cards played on declared attacks (DW-8.2: one an attack).
        discarded: (turn, player) for each player done with the End Phase's discards (DW-8.3).
    """

    deck: tuple[str, ...]
    discard: tuple[str, ...] = ()
    hands: tuple[tuple[str, ...], ...] = ((), ())
    played: tuple[tuple[int, int, str], ...] = ()
    window: Window | None = None
    chosen: tuple[tuple[int, str], ...] = ()
    turn_cards: tuple[TurnCard, ...] = ()
    reactions: tuple[Reaction, ...] = ()
    discarded: tuple[tuple[int, int], ...] = ()


FULL_STEAM_HEXES = 1
"""DW-28.12 mini-deck, Full Steam: +2" MV, +1 hex."""


def card_mp_bonus(state: DWState, index: int) -> int:
    """DW-28.12 Full Steam: +1 hex of movement for the squadron this activation."""
    activation = state.activation
    if activation is None or state.models[index].squadron != activation.squadron:
        return 0
    if not in_command(state, index):  # DW-8.2: an S card affects the models in command
        return 0
    return sum(
        FULL_STEAM_HEXES
        for played in activation.cards
        if played.card == "full_steam" and played.model in {-1, index}
    )


def kinetic_inches(state: DWState, index: int) -> int:
    """DW-23 Kinetic: the extra inches model ``index`` rolled before moving this activation."""
    activation = state.activation
    if activation is None:
        return 0
    return sum(inches for n, inches in activation.kinetic if n == index)


def in_command(state: DWState, index: int) -> bool:
    """DW-9.3: whether model ``index`` is in command now.

    Models outside the active squadron are; in it, those of the commanded element and those
    within Command Distance of one of its models (a straggler may rejoin).
    """
    activation, model = state.activation, state.models[index]
    if activation is None or model.squadron != activation.squadron or index in activation.element:
        return True
    here = model.hex
    return here is not None and any(
        (there := state.models[n].hex) is not None
        and state.models[n].on_board
        and here.distance(there) <= COMMAND_DISTANCE
        for n in activation.element
    )


def _bow_touched(state: DWState, index: int) -> frozenset[Hex]:
    """DW-12.2: the hex of a model that made contact with model ``index``'s bow.

    A recorded contact names its mover's bow only (DW-28.5); the model it touched, when its own
    bow faces the mover (bow to bow), cannot move forward either: the mover's hex counts as one
    of its bow contacts.
    """
    model = state.models[index]
    if model.hex is None:
        return frozenset()
    ahead = model.hex.neighbor(model.facing)
    return frozenset(
        ahead
        for c in state.contacts
        if c.other == index
        and state.models[c.mover].on_board
        and state.models[c.mover].hex == ahead
    )
