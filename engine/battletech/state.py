"""BattleTech game state: the setup, the units as they are now, the turn and the phase.

Everything is frozen attrs; rules build new states with ``attrs.evolve`` (STYLE 2). Units are
referred to by their index in `BTState.units` (the order of the setup); the screen shows letters.
"""

from __future__ import annotations

import enum

import attrs
from attrs import frozen

from engine.battletech.antimechorder import AntiMechOrder
from engine.battletech.board import Board
from engine.battletech.designs import BattleArmorDesign, InfantryDesign, VehicleDesign
from engine.battletech.designs.mech import Location, MechDesign
from engine.battletech.envstate import Environment, EnvState
from engine.battletech.kinds.battle_armor import BattleArmorBody, battle_armor_body
from engine.battletech.kinds.infantry import InfantryBody, infantry_body
from engine.battletech.kinds.mech import LOCATIONS, MechBody
from engine.battletech.kinds.vehicle import VehicleBody, vehicle_body
from engine.battletech.nightstate import NightSetup, NightState
from engine.hexes import Facing, Hex

__all__ = [
    "DEFAULT_SKILLS",
    "LOCATIONS",
    "Attack",
    "AttackKind",
    "BTSetup",
    "BTState",
    "Body",
    "MoveMode",
    "Movement",
    "Phase",
    "Pilot",
    "TurnFlags",
    "UnitDesign",
    "UnitSetup",
    "UnitState",
    "Victory",
]

DEFAULT_SKILLS = {"Inner Sphere": (5, 4), "Clan": (4, 3)}
"""BT-M-13: default (Piloting, Gunnery) of a MechWarrior by faction."""


UnitDesign = MechDesign | VehicleDesign | InfantryDesign | BattleArmorDesign
"""What a unit's record sheet prints before the battle, of any kind (BT-M-1..5)."""

Body = MechBody | VehicleBody | InfantryBody | BattleArmorBody
"""What a unit's record sheet tracks during the battle, of its kind (`engine.battletech.kinds`)."""


def fresh_body(design: UnitDesign, *, auto_eject: bool = True) -> Body:
    """An undamaged body of the design's kind (BT-M-5: the sheet before the first shot)."""
    match design:
        case MechDesign():
            return MechBody.fresh(design, auto_eject=auto_eject)
        case VehicleDesign():
            return vehicle_body(design)
        case InfantryDesign():
            return infantry_body(design)
        case BattleArmorDesign():
            return battle_armor_body(design)


@frozen
class Pilot:
    """BT-M-13: a MechWarrior's name and skills (lower is better)."""

    name: str = "MechWarrior"
    gunnery: int = 4
    piloting: int = 5


@frozen
class UnitSetup:
    """One 'Mech of a side as the scenario or the setup screen gives it.

    ``hex`` None means the side deploys it during the Deployment phase.
    """

    design: UnitDesign
    side: int
    pilot: Pilot = Pilot()
    hex: Hex | None = None
    facing: Facing = Facing.N
    auto_eject: bool = True
    """BT-C-59: the auto-eject system is on (a player may switch it off before the battle)."""


@frozen
class Victory:
    """How a scenario is won (issue 5; BT-M-12 is the default ``destroy``).

    ``kind``:
      - ``destroy``: the last side with units in the fight wins (destroyed, or crippled when
        ``cripple`` is set: a unit that cannot move or cannot fire counts as out).
      - ``hold``: side ``side`` wins if at the end of turn ``turns`` it has a unit standing in one
        of ``hexes`` and no enemy does; otherwise the other sides win when it is wiped out or time
        runs out (the attackers win if ``side`` fails to hold).
      - ``withdraw``: side ``side`` must move ``count`` units off the map edge ``edge`` (N, S, W, E)
        by the end of turn ``turns``; the enemy wins otherwise.
    ``turns`` 0 means no turn limit (``destroy`` only).
    """

    kind: str = "destroy"
    cripple: bool = False
    side: int = 0
    turns: int = 0
    hexes: tuple[Hex, ...] = ()
    edge: str = ""
    count: int = 1


@frozen
class BTSetup:
    """A BattleTech game before the first command: the map, the sides and their units.

    ``deploy_rows`` is how many map rows from its home edge a side may deploy in; side 0's home edge
    is the north edge, side 1's the south edge, side 2 west, side 3 east (DESIGN: the seed has no
    deployment rules; scenarios give hexes or leave deployment to the players).
    """

    board: Board
    sides: tuple[str, ...]
    units: tuple[UnitSetup, ...]
    deploy_rows: int = 3
    title: str = ""
    victory: Victory = Victory()
    temperature: int | None = None
    """BT-C-61.1: the battlefield's temperature in degrees Celsius (None: temperate)."""
    computer: tuple[str, ...] = ()
    """Who plays each side (issue 21): ``""`` a person, else the computer with that personality
    (`engine.battletech.bot.PERSONALITIES`), by side number; sides past the end are persons."""
    night: NightSetup | None = None
    """Issue 16 (NT-5): the scenario's night settings; None in daylight."""
    environment: Environment | None = None
    """BT-M-39 / BT-C-61: gravity, vacuum, swamp and ice (`engine.battletech.envstate`)."""
    wind: Facing | None = None
    """BT-C-60.5: the wind's direction for fire spread; None: rolled when first needed."""


class Phase(enum.StrEnum):
    """BT-M-9: the phases of a turn, plus deployment before turn 1 and the end of the game."""

    DEPLOYMENT = "deployment"
    INITIATIVE = "initiative"
    MOVEMENT = "movement"
    WEAPON = "weapon attack"
    PHYSICAL = "physical attack"
    HEAT = "heat"
    END = "end"
    OVER = "over"


class MoveMode(enum.StrEnum):
    """BT-M-20: the movement mode a 'Mech declares before it moves."""

    STILL = "still"
    WALK = "walk"
    RUN = "run"
    JUMP = "jump"

    @property
    def heat(self) -> int:
        """BT-M-32.3: movement heat of walking (1) and running (2); jumping is per hex."""
        return {MoveMode.STILL: 0, MoveMode.WALK: 1, MoveMode.RUN: 2, MoveMode.JUMP: 0}[self]

    @property
    def attacker_modifier(self) -> int:
        """BT-M-38: the to-hit modifier a unit gets for having moved this way (+0/+1/+2/+3)."""
        return {MoveMode.STILL: 0, MoveMode.WALK: 1, MoveMode.RUN: 2, MoveMode.JUMP: 3}[self]


@frozen
class Movement:
    """A unit's movement this turn, as far as it has gone (BT-M-18..20).

    Attributes:
        mode: the declared mode.
        mp_spent: movement points spent so far.
        turns: hexsides turned so far.
        hexes: hexes entered so far (BT-M-31.4, BT-M-29.2).
        counted: hexes counted for the target-movement modifier: since the last reversal (BT-M-38).
        backward: the direction of the last hex entered was backward (for the reversal count).
        heat: movement heat generated so far (stand attempts add 1 each; burning hexes 2).
        minimum: the unit used Minimum Movement (BT-M-18 item 5): it counts as having run.
        skidded: the unit skidded this turn (BT-M-29.9).
        run_rolled: it made its "running with damage" PSR this turn (one per turn, BT-M-32.1).
        done: the unit has finished moving this turn.
        jumped: hexes jumped (0 when it did not jump).
        path: every hex the unit stood in this turn, in order (the screen's "last move" overlay).
        masc: the unit switched its MASC on for this move (`engine.battletech.rules.masc`, BT-C-75).
    """

    mode: MoveMode
    mp_spent: int = 0
    turns: int = 0
    hexes: int = 0
    counted: int = 0
    backward: bool = False
    heat: int = 0
    minimum: bool = False
    skidded: bool = False
    run_rolled: bool = False
    done: bool = False
    jumped: int = 0
    path: tuple[Hex, ...] = ()
    masc: bool = False


class AttackKind(enum.StrEnum):
    """What an attack is: a weapon, or one of the physical attacks of BT-C-36..43."""

    WEAPON = "weapon"
    PUNCH = "punch"
    KICK = "kick"
    CLUB = "club"
    HATCHET = "hatchet"
    SWORD = "sword"
    PUSH = "push"
    CHARGE = "charge"
    DFA = "dfa"

    @property
    def physical(self) -> bool:
        """True for every kind but WEAPON."""
        return self is not AttackKind.WEAPON


@frozen
class Attack:
    """One declared attack of the current attack phase (BT-C-2): who, with what, at what, and how.

    The to-hit number and its named modifiers are fixed when it is declared, from the state at the
    start of the phase: the phase's attacks are simultaneous (BT-C-1).

    Attributes:
        attacker: the attacking unit.
        kind: a weapon or a physical attack.
        target: the target unit, or None when the target is a hex (``hex``: clearing woods,
            starting a fire, BT-C-57/60).
        hex: the target's hex when declared.
        weapon: the weapon's index in ``design.equipment`` (weapon attacks).
        limb: the arm (punch, hatchet, sword) or leg (kick) used; None for both arms.
        to_hit: the modified to-hit number (2D6 >= it hits; 13+ cannot hit).
        modifiers: every term of ``to_hit``, named ("gunnery", 4), ("medium range", 2) ...
        side: the hit-location column the attack strikes (`tables.Column` value), with any
            defender's choice already made (BT-C-21).
        table: the location table: "normal", "punch" (partial cover, punches, DFA) or "kick".
        aimed: the location of an aimed shot (BT-C-19), if any.
        primary: the attack is at the attacker's primary target (BT-C-18.7).
        munition: the ammunition it fires ("standard", "cluster", "inferno" ...; BT-C-75).
        rate: shots fired at once: 2 for an Ultra autocannon at double rate (BT-C-75).
        spotter: the friendly unit spotting for an indirect attack (BT-C-16), else None.
    """

    attacker: int
    kind: AttackKind
    target: int | None
    hex: Hex
    to_hit: int
    modifiers: tuple[tuple[str, int], ...] = ()
    weapon: int | None = None
    limb: Location | None = None
    side: str = "front"
    table: str = "normal"
    aimed: Location | None = None
    primary: bool = True
    munition: str = "standard"
    rate: int = 1
    spotter: int | None = None


@frozen
class TurnFlags:
    """What a unit did this turn; every field goes back to its default in one place.

    `engine.battletech.evolve` replaces the whole record with a fresh one when the turn ends
    (BT-C-1 step 6: torsos return to their normal facing in the End phase).
    """

    twist: int = 0
    """Torso twist this turn: -1 one hexside left, +1 right, 0 none (BT-C-3)."""
    arms_flipped: bool = False
    """Arms flipped to the rear this turn (BT-C-62)."""
    fired: frozenset[int] = frozenset()
    """Equipment indexes of the weapons fired this turn (heat, BT-C-51; physical limits)."""
    physical: str = ""
    """The physical attack made this turn (an `AttackKind` value; one a turn, BT-C-36)."""
    charging: int | None = None
    """The target of the charge declared in this Movement phase (BT-C-42)."""
    dfa: int | None = None
    """The target of the death from above declared in this Movement phase (BT-C-43)."""
    double_rate: frozenset[int] = frozenset()
    """Ultra autocannons fired at double rate this turn: double heat (BT-C-75)."""
    ams_used: frozenset[int] = frozenset()
    """Anti-missile systems that engaged an attack this turn (BT-C-75)."""
    anti_mech: AntiMechOrder | None = None
    """The anti-'Mech action declared this turn (leg, swarm, stop swarm, brush off; BT-C-35.8)."""


@frozen
class UnitState:
    """One unit now: what every kind has (side, place, crew, this turn) and its ``body``.

    The core is the same for every kind of unit (BT-M-1): its design, side, pilot, where it
    stands and faces, its movement and flags this turn, its weapons' ammunition. ``body`` holds
    what only its kind has (`engine.battletech.kinds.mech.MechBody`: armor, heat, crits ...).
    """

    design: UnitDesign
    side: int
    pilot: Pilot
    body: Body
    hex: Hex | None = None
    facing: Facing = Facing.N
    on_bridge: bool = False
    """Standing on the deck of the bridge in its hex, not in the water below (BT-M-22, BT-M-28)."""
    stuck: bool = False
    """Stuck in a swamp (BT-C-61.4)."""
    destroyed: bool = False
    withdrawn: bool = False
    """The unit left the map by its exit edge (a ``withdraw`` scenario)."""
    movement: Movement | None = None
    this_turn: TurnFlags = TurnFlags()
    """What the unit did this turn (twist, weapons fired, physical attack ...)."""
    declared: bool = False
    """The unit has made its declaration in the current attack phase (BT-C-1)."""
    ammo: tuple[int, ...] = ()
    """Shots left per item of ``design.equipment`` (0 for items that are not ammunition)."""
    dumping: frozenset[int] = frozenset()
    """Ammunition bins being dumped (declared in one turn, emptied in its End phase, BT-C-58)."""
    jammed: frozenset[int] = frozenset()
    """Ultra autocannons jammed for the rest of the game (BT-C-75)."""
    narc: bool = False
    """A NARC pod is attached: NARC-capable missiles get +2 on the cluster roll (BT-C-75)."""

    @classmethod
    def from_setup(cls, unit: UnitSetup) -> UnitState:
        """Return a fresh, undamaged unit from its setup line."""
        design = unit.design
        return cls(
            design=design,
            side=unit.side,
            pilot=unit.pilot,
            body=fresh_body(design, auto_eject=unit.auto_eject),
            hex=unit.hex,
            facing=unit.facing,
            ammo=tuple(item.shots for item in design.equipment),
        )

    def standing_on_bridge(self, terrain: object) -> bool:
        """True when the unit is on a bridge deck (and the hex still has its bridge)."""
        return self.on_bridge and getattr(terrain, "bridge", None) is not None

    @property
    def name(self) -> str:
        """The design's name ("Atlas AS7-D")."""
        return self.design.name

    @property
    def mech(self) -> MechBody:
        """The body of a 'Mech, which rules for 'Mechs only read (TypeError for any other kind).

        Rules that apply to every kind dispatch on ``body`` instead (`engine.battletech.kinds`).
        """
        if not isinstance(self.body, MechBody):
            msg = f"{self.design.name} is not a 'Mech ({self.design.kind})"
            raise TypeError(msg)
        return self.body

    @property
    def mech_design(self) -> MechDesign:
        """The design of a 'Mech (TypeError for any other kind), as `mech` for its body."""
        if not isinstance(self.design, MechDesign):
            msg = f"{self.design.name} is not a 'Mech ({self.design.kind})"
            raise TypeError(msg)
        return self.design

    @property
    def is_mech(self) -> bool:
        """True for a 'Mech (BT-M-2), False for a vehicle, platoon or battle armor squad."""
        return isinstance(self.body, MechBody)

    @property
    def on_map(self) -> bool:
        """True when deployed, not destroyed and not withdrawn."""
        return self.hex is not None and not self.destroyed and not self.withdrawn

    def with_movement(self, movement: Movement) -> UnitState:
        """Return the unit with its `Movement` replaced."""
        return attrs.evolve(self, movement=movement)


@frozen
class BTState:
    """The whole game: board, sides, units, turn, phase and whose move it is (BT-M-9..12).

    Attributes:
        board: the map (terrain changes with building damage, bridges, fire).
        sides: the sides' names.
        units: every unit, in setup order (its index is its id).
        turn: the turn number (0 before the first initiative).
        phase: the current phase.
        order: sides in initiative order, the loser first (BT-M-10).
        slots: the remaining (side, count) slots of the current alternation pair (BT-M-11).
        active: the unit that has started moving and not finished, if any.
        deploy_rows: depth of each side's deployment zone.
        winner: the winning side when the game is over (None: draw or not over).
        title: the scenario's title.
        attacks: the attacks declared in the current attack phase, in declaration order
            (`Attack`; charges and DFAs join them when the Physical phase starts).
        victory: how the scenario is won.
        wind: the wind direction for fire spread (BT-C-60.5), None until rolled.
        result: why the game ended ("Davion has the last units standing"), "" until then.
        temperature: the battlefield's temperature (BT-C-61.1), None when temperate.
        new_fires: hexes set alight this turn; they heat units from the next turn (BT-C-60.4).
        limbs: severed arms and legs lying on the map, (hex, name), clubs to be (BT-C-31/38).
        rubble_class: the class of the building each collapsed hex held (girders, BT-C-38).
    """

    board: Board
    sides: tuple[str, ...]
    units: tuple[UnitState, ...]
    turn: int = 0
    phase: Phase = Phase.DEPLOYMENT
    order: tuple[int, ...] = ()
    slots: tuple[tuple[int, int], ...] = ()
    active: int | None = None
    deploy_rows: int = 3
    winner: int | None = None
    title: str = ""
    attacks: tuple[Attack, ...] = ()
    victory: Victory = Victory()
    wind: Facing | None = None
    result: str = ""
    temperature: int | None = None
    new_fires: frozenset[Hex] = frozenset()
    limbs: tuple[tuple[Hex, str], ...] = ()
    rubble_class: tuple[tuple[Hex, str], ...] = ()
    night: NightState | None = None
    """Issue 16 (NT-1..NT-5): the night (`engine.battletech.nightstate`); None in daylight."""
    environment: EnvState | None = None
    """BT-M-39 / BT-C-61: gravity, vacuum, ice over water (`engine.battletech.envstate`)."""

    def unit(self, index: int) -> UnitState:
        """Return unit ``index``."""
        return self.units[index]

    def replace_unit(self, index: int, unit: UnitState) -> BTState:
        """Return the state with unit ``index`` replaced."""
        units = (*self.units[:index], unit, *self.units[index + 1 :])
        return attrs.evolve(self, units=units)

    def units_at(self, where: Hex) -> tuple[int, ...]:
        """Indexes of the units on the map standing in ``where``.

        A unit swarming another is left out: it clings to it and counts for no stacking
        (BT-C-35.9, `engine.battletech.rules.antimech`).
        """
        return tuple(
            i
            for i, u in enumerate(self.units)
            if u.hex == where and u.on_map and getattr(u.body, "swarming", None) is None
        )

    @property
    def side_to_act(self) -> int | None:
        """The side whose slot it is in the Deployment, Movement or an attack phase."""
        if self.phase not in {Phase.MOVEMENT, Phase.DEPLOYMENT, Phase.WEAPON, Phase.PHYSICAL}:
            return None
        if self.active is not None:
            return self.units[self.active].side
        return self.slots[0][0] if self.slots else None
