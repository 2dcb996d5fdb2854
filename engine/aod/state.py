"""The state of an Age of Destruction game: its setup, every unit on its dials, the turn (AOD-7).

- `AoDSetup`: what a game starts from, as plain data a save can hold: the players (2-4, AOD-2)
  with their edges and forces (AOD-4, AOD-5), the unit definitions and heat dials they use (already
  read from files: the engine reads none), the board with its terrain laid (AOD-26.8), the build
  total (AOD-4) and the limits of AOD-22.1 / AOD-26.16 (a round limit; the wall clock is the
  shell's, which calls time).
- `UnitState`: one unit in play: owner, definition (by collector number), hex, facing, altitude
  (AOD-8.9), its dials (`engine.aod.status.DialStatus`), order tokens (AOD-7.4), the order it got
  this turn (AOD-7.2), and who last damaged it (AOD-25 #26).
- `AoDState`: the units, the stage (AOD-7.1), the active player, the orders left this turn
  (AOD-7.2), the victory-point ledgers (AOD-22.2), free spins waiting (AOD-8.5) and the result.

`AoDState.battlefield` builds the `engine.aod.geometry.Battlefield` the geometry, line-of-fire
and movement rules read, with the map from battlefield indices back to units.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable
from types import MappingProxyType
from typing import TypeVar, cast

from attrs import evolve, field, frozen

from engine.aod.artillery import PlacedMarker
from engine.aod.dial import heavy_damage
from engine.aod.force import orders_per_turn
from engine.aod.geometry import Battlefield, Occupant
from engine.aod.movement import Altitude
from engine.aod.status import DialStatus
from engine.aod.terrain import Edge, TerrainMap, TerrainPiece, deployment_zone
from engine.aod.units import (
    Card,
    Catalogue,
    Click,
    Equipment,
    Faction,
    HeatDial,
    Marker,
    UnitDef,
)
from engine.hexes import Facing, Hex

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "AoDSetup",
    "AoDState",
    "ForceUnit",
    "OrderKind",
    "PlayerSetup",
    "Result",
    "Score",
    "SpinOffer",
    "Stage",
    "UnitState",
    "unit_idents",
]

_T = TypeVar("_T")

MIN_PLAYERS = 2
MAX_PLAYERS = 4
"""AOD-2: any number may play, 2-4 works best; the engine takes 2-4 (hot-seat)."""


class OrderKind(enum.StrEnum):
    """AOD-7.3: the five order categories ([CONFLICT] AOD-25 #2: five, Assault included)."""

    MOVE = "move"
    VENT = "vent"
    RANGED = "ranged"
    CLOSE = "close"
    ASSAULT = "assault"


class Stage(enum.StrEnum):
    """Where the game stands (AOD-5, AOD-7.1).

    FIRST_PLAYER: 3d6 each for the first player (AOD-5 step 5). TERRAIN: players lay pieces from
    the pool in turn (AOD-5 step 6), when the scenario has no fixed layout. DEPLOYMENT: players
    place their forces in turn (AOD-5 step 9). COMMAND, ORDER, CLEANUP: the stages of a turn
    (AOD-7.1); the command and clean-up stages resolve without a command (the state rests in
    ORDER). OVER: the game has ended (AOD-22).
    """

    FIRST_PLAYER = "first player"
    TERRAIN = "terrain"
    DEPLOYMENT = "deployment"
    COMMAND = "command"
    ORDER = "order"
    CLEANUP = "clean-up"
    OVER = "over"


@frozen
class ForceUnit:
    """One copy of a unit in a force: its collector number and point value (AOD-4, AOD-22.2).

    ``points`` includes gear, pilot and recruitment costs (AOD-17.4, AOD-22.2 condition 1);
    ``cards`` names the gear and pilot cards in its slots (AOD-3.7), for the rules that read them.
    """

    collector: str
    points: int
    cards: tuple[str, ...] = ()


@frozen
class PlayerSetup:
    """A player: name, starting edge and force, in seating order (AOD-5 steps 2 and 11)."""

    name: str
    edge: Edge
    force: tuple[ForceUnit, ...]


@frozen
class AoDSetup:
    """Everything a game starts from (AOD-4, AOD-5, AOD-23.1, AOD-26.16).

    Attributes:
        title: the scenario's title.
        players: 2-4 players in seating order; play passes to the next seat (to the left).
        units: the definition of every unit the forces name, one per collector number.
        heat_dials: the heat dials those 'Mechs use (AOD-3.5).
        terrain: the board with its terrain pieces laid (AOD-5 step 6, AOD-26.8).
        build_total: the agreed build total (AOD-4): orders per turn = build_total / 150.
        round_limit: rounds before the game ends when played turn-based (AOD-26.16, AOD-25 #28).
        time_limit_minutes: the standard game's wall clock (AOD-23.1); the shell keeps it and
            calls time (`engine.aod.commands.CallTime`).
        pool: the pieces the players contributed, by name, for the players to lay (AOD-5 steps
            4 and 6); empty when the board comes laid.
        pieces: the definitions of the pool's pieces (AOD-26.8).
        equipment, markers, factions, alliances, cards: the rest of the catalogue the rules read
            (SE, artillery markers, faction abilities, House Alliances, CEC cards; AOD-26.13 A),
            as `catalogue` gives it back.
        planetary: the ids of the planetary conditions cards in force (AOD-20.3, AOD-26.14:
            *Dense Fog*), each once; their definitions are among ``cards``.
    """

    title: str
    players: tuple[PlayerSetup, ...]
    units: tuple[UnitDef, ...]
    heat_dials: tuple[HeatDial, ...]
    terrain: TerrainMap
    build_total: int = 450
    round_limit: int = 10
    time_limit_minutes: int = 50
    pool: tuple[str, ...] = ()
    pieces: tuple[TerrainPiece, ...] = ()
    equipment: tuple[Equipment, ...] = ()
    markers: tuple[Marker, ...] = ()
    factions: tuple[Faction, ...] = ()
    alliances: tuple[tuple[str, str], ...] = ()
    cards: tuple[Card, ...] = ()
    planetary: tuple[str, ...] = ()

    def __attrs_post_init__(self) -> None:
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            msg = f"{MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(self.players)} (AOD-2)"
            raise ValueError(msg)
        known = {unit.collector for unit in self.units}
        missing = sorted(
            {u.collector for p in self.players for u in p.force if u.collector not in known}
        )
        if missing:
            msg = f"no definition for unit {', '.join(missing)}"
            raise ValueError(msg)
        named = {piece.name for piece in self.pieces}
        unknown = sorted({name for name in self.pool if name not in named})
        if unknown:
            msg = f"no definition for terrain piece {', '.join(unknown)}"
            raise ValueError(msg)
        dials = {dial.id for dial in self.heat_dials}
        absent = sorted({u.heat_dial for u in self.units if u.is_mech and u.heat_dial not in dials})
        if absent:
            msg = f"no heat dial {', '.join(absent)}"
            raise ValueError(msg)

    def catalogue(self) -> Catalogue:
        """The catalogue the setup carries, for the rule modules that read one (AOD-26.13 A)."""
        return Catalogue(
            equipment=MappingProxyType({e.code: e for e in self.equipment}),
            heat_dials=MappingProxyType({d.id: d for d in self.heat_dials}),
            markers=MappingProxyType({m.id: m for m in self.markers}),
            factions=MappingProxyType({f.id: f for f in self.factions}),
            alliances=frozenset(self.alliances),
            cards=MappingProxyType({c.id: c for c in self.cards}),
        )

    @property
    def orders(self) -> int:
        """Orders each player gets a turn (AOD-4, AOD-7.2)."""
        return orders_per_turn(self.build_total)

    def zone(self, player: int) -> frozenset[Hex]:
        """A player's deployment zone (AOD-5 step 3, AOD-26.10)."""
        edge = self.players[player].edge
        return deployment_zone(edge, self.terrain.width, self.terrain.height)


_TOWARDS_CENTRE = {
    Edge.TOP: Facing.S,
    Edge.BOTTOM: Facing.N,
    Edge.LEFT: Facing.SE,
    Edge.RIGHT: Facing.NW,
}
"""The facing a unit waits to deploy with: from its edge towards the middle of the board."""


def unit_idents(setup: AoDSetup) -> tuple[str, ...]:
    """Every unit's name in commands: collector number and a copy letter (``HX-001a``).

    Copies are lettered across the whole game in seating order, so every name is unique even
    when both forces field the same unit (the demo's Pathguards: HX-001a-c and HX-001d-f).
    """
    seen: dict[str, int] = {}
    names = []
    for player in setup.players:
        for unit in player.force:
            n = seen.get(unit.collector, 0)
            seen[unit.collector] = n + 1
            names.append(f"{unit.collector}{_letters(n)}")
    return tuple(names)


def _letters(n: int) -> str:
    """0 -> a, 25 -> z, 26 -> aa: a copy's letter."""
    text = ""
    n += 1
    while n:
        n, rest = divmod(n - 1, 26)
        text = chr(ord("a") + rest) + text
    return text


@frozen
class UnitState:
    """One unit in play (AOD-26.13 C).

    Attributes:
        ident: its name in commands (`unit_idents`).
        owner: the player who controls it.
        collector: its definition in the setup.
        points: its point value, cards included (AOD-22.2).
        dial: where its combat and heat dials stand.
        hex: where it stands; None before deployment and once eliminated.
        facing: where its front arc points (AOD-6.2).
        altitude: a VTOL's altitude (AOD-8.9); NOE for every other unit.
        tokens: order tokens beside it (AOD-7.4): 0, 1 or 2.
        order: the order it received this turn (AOD-7.2), or None.
        eliminated: removed from play (AOD-17.4).
        last_damager: the last opponent who damaged it, for its VP (AOD-25 #26); None if none.
        withdrawn: its owner withdrew his force (AOD-22.4): off the board, scoring nothing.
        turn_start: where it stood when its owner's turn began (water cooling, AOD-10.3).
        heat_rolls_suspended: it restarted through a roll this turn: no more heat rolls
            (AOD-10.5).
        energy_heat: it took heat from an energy hit this turn: no more (AOD-10.1).
        locked_on: the unit *Ruthlessness* or *Zellbrigen* binds its attacks to (AOD-21.1,
            AOD-21.2), until that unit is eliminated; None when free.
        captor: the escort (a unit index) holding it captive (AOD-14.3, AOD-14.4), or None.
        engaged: it touched an enemy when its owner's turn began: no special attack (AOD-16.1).
        aboard: the index of the transport it rides in (AOD-9.2: off the board, hex None), or
            None.
    """

    ident: str
    owner: int
    collector: str
    points: int
    dial: DialStatus
    hex: Hex | None = None
    facing: Facing = Facing.N
    altitude: Altitude = Altitude.NOE
    tokens: int = 0
    order: OrderKind | None = None
    eliminated: bool = False
    last_damager: int | None = None
    withdrawn: bool = False
    turn_start: Hex | None = None
    heat_rolls_suspended: bool = False
    energy_heat: bool = False
    locked_on: int | None = None
    captor: int | None = None
    engaged: bool = False
    aboard: int | None = None

    @property
    def on_board(self) -> bool:
        """Deployed and not eliminated."""
        return self.hex is not None and not self.eliminated


@frozen
class Score:
    """One player's victory points in the three conditions (AOD-22.2)."""

    elimination: int = 0
    control: int = 0
    zone: int = 0


@frozen
class Result:
    """How the game ended (AOD-22).

    Attributes:
        reason: why it ended, one line.
        scores: each player's VP at the end, control counted then (AOD-22.2).
        conditions: for each condition (elimination, control, zone), its winner or None on a tie
            (AOD-22.3 step 1).
        winner: the player who won, or None if nobody did.
        tiebreak: the die each tied player rolled, per round of rolls (AOD-22.3 step 3).
    """

    reason: str
    scores: tuple[Score, ...]
    conditions: tuple[int | None, ...]
    winner: int | None
    tiebreak: tuple[tuple[int, ...], ...] = ()


@frozen
class SpinOffer:
    """A free spin an enemy may make when a unit ends its move beside it (AOD-8.5).

    ``unit`` may turn to any of ``facings`` (each puts the newcomer ``mover`` in its front arc).
    """

    unit: int
    mover: int
    facings: tuple[Facing, ...]


@frozen
class AoDState:
    """The whole state of a game (AOD-26.13 C).

    Attributes:
        setup: what the game started from.
        units: every unit of every force, in seating order then force order.
        terrain: the board as it stands, with the pieces laid so far (AOD-5 step 6).
        pool: the pieces still to lay (AOD-5 step 6).
        stage: where the turn stands (AOD-7.1).
        active: the active player (AOD-1), or the one deploying.
        first: the first player (AOD-5 step 5); None until rolled.
        turn: player turns begun so far.
        round: rounds begun so far (a round ends when play returns to the first player).
        orders_left: orders still to give this turn (AOD-7.2).
        elimination: each player's Elimination VP (AOD-22.2 condition 1).
        zone_vp: each player's deployment-zone VP, accumulated (AOD-22.2 condition 3).
        spins: free spins waiting for their owners' choice (AOD-8.5), first first.
        markers: artillery markers waiting for their owner's next command stage (AOD-13.3,
            AOD-13.4), in placement order; a marker's ``shooter`` is a unit index.
        result: how the game ended, or None.
        awe: House Liao *Awe* picks waiting for the opponent's next turn (AOD-21.1):
            (the Liao player, the opponent).
    """

    setup: AoDSetup
    units: tuple[UnitState, ...]
    terrain: TerrainMap
    pool: tuple[str, ...] = ()
    stage: Stage = Stage.FIRST_PLAYER
    active: int = 0
    first: int | None = None
    turn: int = 0
    round: int = 0
    orders_left: int = 0
    elimination: tuple[int, ...] = ()
    zone_vp: tuple[int, ...] = ()
    spins: tuple[SpinOffer, ...] = ()
    result: Result | None = None
    markers: tuple[PlacedMarker, ...] = ()
    awe: tuple[tuple[int, int], ...] = ()
    _defs: dict[str, UnitDef] = field(init=False, eq=False, repr=False, hash=False, factory=dict)
    _field: list[tuple[Battlefield, tuple[int, ...]]] = field(
        init=False, eq=False, repr=False, hash=False, factory=list
    )
    _memo: dict[Hashable, object] = field(
        init=False, eq=False, repr=False, hash=False, factory=dict
    )

    def __attrs_post_init__(self) -> None:
        self._defs.update({unit.collector: unit for unit in self.setup.units})

    @classmethod
    def start(cls, setup: AoDSetup) -> AoDState:
        """Every unit off the board on its starting click, heat at start (AOD-5 step 8)."""
        defs = {unit.collector: unit for unit in setup.units}
        idents = iter(unit_idents(setup))
        units = tuple(
            UnitState(
                ident=next(idents),
                owner=owner,
                collector=unit.collector,
                points=unit.points,
                dial=DialStatus(click=defs[unit.collector].start_click),
                facing=_TOWARDS_CENTRE[player.edge],
            )
            for owner, player in enumerate(setup.players)
            for unit in player.force
        )
        zeros = (0,) * len(setup.players)
        return cls(setup, units, setup.terrain, setup.pool, elimination=zeros, zone_vp=zeros)

    # ---- queries ---------------------------------------------------------------------------

    def definition(self, index: int) -> UnitDef:
        """The printed unit of unit ``index``."""
        return self._defs[self.units[index].collector]

    def click(self, index: int) -> Click:
        """The combat-dial click unit ``index`` shows (AOD-3.4); its last click once eliminated."""
        unit = self.units[index]
        dial = self.definition(index).dial
        return dial[min(unit.dial.click, len(dial) - 1)]

    def heat_dial(self, index: int) -> HeatDial | None:
        """The heat dial of a 'Mech (AOD-3.5), None for the others."""
        unit = self.definition(index)
        if not unit.is_mech:
            return None
        return next(d for d in self.setup.heat_dials if d.id == unit.heat_dial)

    def heavy_damage(self, index: int) -> bool:
        """Heavy Damage shows on the unit's dial (AOD-17.3)."""
        return heavy_damage(self.definition(index), self.units[index].dial)

    def functional(self, index: int) -> bool:
        """On the board, not a captive and not showing Heavy Damage (AOD-22.1)."""
        unit = self.units[index]
        return unit.on_board and unit.captor is None and not self.heavy_damage(index)

    def index_of(self, ident: str) -> int | None:
        """The index of the unit named ``ident`` (any case), or None."""
        wanted = ident.casefold()
        return next((n for n, u in enumerate(self.units) if u.ident.casefold() == wanted), None)

    def owned(self, player: int) -> tuple[int, ...]:
        """The indices of ``player``'s units."""
        return tuple(n for n, u in enumerate(self.units) if u.owner == player)

    def in_play(self, player: int) -> bool:
        """The player still has a unit on the board, not a captive (AOD-5 step 11, AOD-14.4)."""
        return any(
            self.units[n].on_board and self.units[n].captor is None for n in self.owned(player)
        )

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in seating order."""
        return tuple(p.name for p in self.setup.players)

    def battlefield(self) -> tuple[Battlefield, tuple[int, ...]]:
        """The board as the geometry sees it, and each battlefield index's unit index.

        Units not on the board are left out; a unit's side is its owner (teams come later).
        Built once per state (the state and the battlefield are frozen): listing the legal
        commands asks for it thousands of times.
        """
        if not self._field:
            indices = tuple(n for n, u in enumerate(self.units) if u.on_board)
            occupants = tuple(self.occupant(n) for n in indices)
            self._field.append((Battlefield(self.terrain, occupants), indices))
        return self._field[0]

    def memo(self, key: Hashable, build: Callable[[], _T]) -> _T:
        """What ``build`` returns for this state, built once per state (listings, derived views).

        ``key`` names the question (a tuple: the asking function and its arguments); ``build``
        must depend on the state alone, so it is answered once however often it is asked.
        """
        if key not in self._memo:
            self._memo[key] = build()
        return cast("_T", self._memo[key])

    def occupant(self, index: int) -> Occupant:
        """Unit ``index`` as the geometry sees it (AOD-26.4)."""
        unit, printed = self.units[index], self.definition(index)
        if unit.hex is None:
            msg = f"{unit.ident} is not on the board"
            raise ValueError(msg)
        return Occupant(
            unit.hex,
            unit.facing,
            printed.unit_type,
            printed.speed_mode,
            unit.owner if unit.captor is None else None,  # AOD-14.4: a captive has no side
            cruising=unit.altitude is Altitude.CRUISING,
        )

    def captive_of(self, index: int) -> int | None:
        """The captive unit ``index`` escorts (AOD-14.4: at most one), or None."""
        return next((n for n, u in enumerate(self.units) if u.captor == index), None)

    def with_unit(self, index: int, unit: UnitState) -> AoDState:
        """The state with unit ``index`` replaced."""
        units = (*self.units[:index], unit, *self.units[index + 1 :])
        return evolve(self, units=units)
