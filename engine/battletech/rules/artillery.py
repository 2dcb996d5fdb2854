"""On-board artillery: direct-fire area damage (BT-C-67, BT-C-72, BT-C-75, BT-C-90.12).

The artillery procedure (spotting, flight time, scatter) is missing from the seed; BT-C-75 says
to play only direct-fire area damage until it is settled. What is played here:

- **The weapons**: the Arrow IV system, Long Tom, Sniper and Thumper of BT-C-67 (Inner Sphere)
  and BT-C-72 (Clan), with their heat, ammunition and damage ``X/Y``.
- **Range** (BT-C-67, BT-C-90.21): the table gives only a long range, in mapsheets of 17 hexes
  (Arrow IV 5 = 85 hexes, Clan 6 = 102; Long Tom 20 = 340; Sniper 12 = 204; Thumper 14 = 238).
  The minimum, short and medium cells are "—", so DESIGN: every shot is at long range (+4,
  BT-C-13) and none has a minimum range (`in_hexes`).
- **Targets**: a unit, or any hex on the map (not only woods and buildings, `hex_reason`); a
  hex is an immobile target (-4, BT-C-18.8). The firer needs a line of sight, or a spotter
  (`engine.battletech.rules.indirect`). DESIGN: no aimed shots (an area weapon aims at a hex).
- **A hit** (`resolve`): the shell lands in the target's hex (`ArtilleryLanded`): X damage to
  every unit in that hex and Y to every unit in each of the six adjacent hexes, friend or foe
  (BT-C-67 ASSUMPTION "X/Y*"). DESIGN: each unit takes it in 5-point groups, each located on
  its own (2D6 on the normal table; a 2 may be a critical, BT-C-22), from the column the shell
  comes from: the firer's side for units in the target hex, the target hex's side for the rest.
- **A miss** (`ArtilleryScattered`): ASSUMPTION (Total Warfare's direct-fire artillery; the
  seed's scatter rule is missing, BT-C-90.12): the shell scatters 1D6 for the direction (1 north,
  clockwise to 6 north-west) and as many hexes as the roll missed by, then lands there as
  above; off the map it is lost. DESIGN: terrain in the hexes struck is not changed.
- **Vehicles, platoons and squads** (`on_kind`): BT-C-35 item 1's area-effect class for a
  platoon (troopers lost = damage x 2, x 2 again in the open), 5-point groups on battle armor
  troopers (item 2) and on a vehicle's own table and sides (BT-C-24.1).
"""

from __future__ import annotations

import attrs

from engine.battletech import events as ev
from engine.battletech.context import Ctx
from engine.battletech.data.catalogue import WeaponSpec
from engine.battletech.indirectevents import ArtilleryLanded, ArtilleryScattered
from engine.battletech.kinds.infantry import InfantryBody, damage_groups
from engine.battletech.rules import kinddamage
from engine.battletech.rules.damage import apply_damage
from engine.battletech.rules.kindfire import attack_side
from engine.battletech.state import Attack, BTState
from engine.battletech.tables import HIT_LOCATION, Column
from engine.hexes import Facing, Hex

__all__ = [
    "GROUP",
    "MAPSHEET",
    "aim_reason",
    "area",
    "hex_reason",
    "in_hexes",
    "is_artillery",
    "on_kind",
    "resolve",
    "scatter_hex",
]

MAPSHEET = 17
"""BT-C-0 / BT-C-90.21: a range in mapsheets counts 17 hexes a mapsheet."""

GROUP = 5
"""DESIGN: artillery damage is located in groups of 5 points (as LRM groups, BT-C-20)."""

_MAX_TO_HIT = 12


def is_artillery(spec: WeaponSpec | None) -> bool:
    """True for an artillery piece of BT-C-67/72."""
    return spec is not None and "artillery" in spec.flags


def in_hexes(spec: WeaponSpec) -> WeaponSpec:
    """The row with its range in hexes: long = mapsheets x 17, no short or medium band."""
    if not spec.range_in_mapsheets:
        return spec
    return attrs.evolve(
        spec, min_range=0, short=0, medium=0, long=spec.long * MAPSHEET, range_in_mapsheets=False
    )


def hex_reason(state: BTState, where: Hex) -> str:
    """Artillery may be fired at any hex on the map."""
    return "" if where in state.board else f"{where} is off the map"


def aim_reason(aimed: object) -> str:
    """DESIGN: artillery makes no aimed shots (BT-C-19 is for direct-fire weapons)."""
    return "" if aimed is None else "artillery cannot make aimed shots: it strikes a whole hex"


def scatter_hex(where: Hex, die: int, hexes: int) -> Hex:
    """Where a shell that missed comes down: ``hexes`` steps from ``where`` in direction ``die``."""
    facing = Facing(die - 1)
    for _ in range(hexes):
        where = where.neighbor(facing)
    return where


def area(state: BTState, where: Hex) -> list[tuple[int, bool]]:
    """The units a shell landing on ``where`` strikes: (index, in the hex itself), in order."""
    struck = []
    for index, unit in enumerate(state.units):
        if not unit.on_map or unit.hex is None or unit.destroyed:
            continue
        distance = unit.hex.distance(where)
        if distance <= 1:
            struck.append((index, distance == 0))
    return struck


def resolve(ctx: Ctx, number: int, attack: Attack, spec: WeaponSpec) -> None:
    """BT-C-14/67: roll to hit; a hit lands on the target's hex, a miss scatters (the module)."""
    if attack.to_hit > _MAX_TO_HIT:
        ctx.emit(ev.AttackRolled(number, (), hit=False))
        return
    roll = ctx.roll(2)
    hit = sum(roll) >= attack.to_hit
    ctx.emit(ev.AttackRolled(number, roll, hit=hit))
    where: Hex | None = attack.hex
    if not hit:
        die = ctx.die()
        hexes = attack.to_hit - sum(roll)
        landed = scatter_hex(attack.hex, die, hexes)
        where = landed if landed in ctx.state.board else None
        ctx.emit(ArtilleryScattered(number, die, hexes, where))
    if where is not None:
        _land(ctx, number, attack, spec, where)


def _land(ctx: Ctx, number: int, attack: Attack, spec: WeaponSpec, where: Hex) -> None:
    ctx.emit(ArtilleryLanded(number, where, spec.damage, spec.adjacent_damage))
    origin = ctx.state.units[attack.attacker].hex
    for index, inside in area(ctx.state, where):
        amount = spec.damage if inside else spec.adjacent_damage
        source = origin if inside else where
        column = Column.FRONT
        if source is not None and source != ctx.state.units[index].hex:
            column = attack_side(ctx.state, source, index)[0]
        if not ctx.state.units[index].is_mech:
            on_kind(ctx, index, amount, column, spec, attack.attacker)
            continue
        while amount > 0 and not ctx.state.units[index].destroyed:
            points = min(GROUP, amount)
            amount -= points
            roll = ctx.roll(2)
            location = HIT_LOCATION[column][sum(roll) - 2]
            apply_damage(
                ctx,
                index,
                location,
                points,
                rear=column is Column.REAR,
                roll=roll,
                tac=sum(roll) == 2,  # noqa: PLR2004 - BT-C-22
                source=attack.attacker,
            )


def on_kind(  # noqa: PLR0917 - one unit struck, every term of it
    ctx: Ctx, index: int, amount: int, column: Column, spec: WeaponSpec, source: int
) -> None:
    """BT-C-35 item 1 / item 2, BT-C-24: ``amount`` of area damage on a vehicle, platoon or squad.

    A conventional platoon takes it as one lump of the area-effect class (`infantry.troopers_lost`:
    troopers lost = damage x 2, then x 2 in the open, x 2 in vacuum; DESIGN: not changed for a
    mechanized platoon). Battle armor takes 5-point groups, each on a trooper of its own (BT-C-35
    item 2); a vehicle 5-point groups on its table from ``column`` (its own sides, BT-C-24.1).
    DESIGN: area damage is not shielded by a building (as for a 'Mech here).
    """
    unit = ctx.state.units[index]
    packets = (
        [amount] if isinstance(unit.body, InfantryBody) else list(damage_groups(amount, GROUP))
    )
    kinddamage.damage_unit(ctx, index, packets, column=column, spec=spec, source=source)
