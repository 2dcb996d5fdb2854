"""Anti-'Mech attacks as commands and events: leg attacks, swarms, brushing off (BT-C-35.8..35.10).

Commands (`ANTI_MECH_COMMANDS`, decided by `engine.battletech.rules.antimech`):

- `LegAttack`, `SwarmAttack`: a platoon's or squad's Weapon Attack phase declaration, its only
  attack that turn (BT-C-35.8);
- `StopSwarm`: a swarming unit lets go instead of attacking (BT-C-35.10);
- `BrushOff`: a 'Mech's Physical Attack phase declaration, one arm against a swarmer (BT-C-35.10).

Events (`ANTI_MECH_EVENTS`) carry every die; their mutators are registered on
`engine.battletech.evolve.evolve` when this module is imported (`engine.battletech` imports it).
Damage they cause is told by the usual damage events (`events.DamageApplied`,
`kindevents.TrooperHit` ...). The command language words are here too (`parse`, `format_line`).
"""

from __future__ import annotations

from typing import Final

import attrs
from attrs import frozen

from engine.battletech.antimechorder import AntiMechOrder
from engine.battletech.commands import BTCommand
from engine.battletech.designs.mech import Location
from engine.battletech.events import BTEvent
from engine.battletech.evolve import evolve
from engine.battletech.kinds import battle_armor, infantry
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.parsing import fail as _fail
from engine.battletech.parsing import unit_number as _unit
from engine.battletech.state import BTState
from engine.hexes import Hex

__all__ = [
    "ANTI_MECH_COMMANDS",
    "ANTI_MECH_EVENTS",
    "HELP",
    "AntiMechCommand",
    "AntiMechDeclared",
    "AntiMechRolled",
    "BrushOff",
    "LegAttack",
    "StopSwarm",
    "SwarmAttack",
    "SwarmCarried",
    "SwarmEnded",
    "SwarmStarted",
    "format_line",
    "parse",
]


# ---------------------------------------------------------------------------------- commands
@frozen
class LegAttack(BTCommand):
    """BT-C-35.8: platoon or squad ``unit`` attacks the legs of 'Mech ``target`` (Weapon phase)."""

    TAG = "bt/leg_attack"
    unit: int
    target: int


@frozen
class SwarmAttack(BTCommand):
    """BT-C-35.8: platoon or squad ``unit`` swarms enemy 'Mech or vehicle ``target``."""

    TAG = "bt/swarm"
    unit: int
    target: int


@frozen
class StopSwarm(BTCommand):
    """BT-C-35.10: the swarming ``unit`` lets go, its only action in the Weapon Attack phase."""

    TAG = "bt/stop_swarm"
    unit: int


@frozen
class BrushOff(BTCommand):
    """BT-C-35.10: 'Mech ``unit`` brushes swarmer ``target`` off with arm ``limb`` (Physical)."""

    TAG = "bt/brush_off"
    unit: int
    target: int
    limb: Location


AntiMechCommand = LegAttack | SwarmAttack | StopSwarm | BrushOff
ANTI_MECH_COMMANDS: Final[tuple[type[BTCommand], ...]] = (
    LegAttack,
    SwarmAttack,
    StopSwarm,
    BrushOff,
)


# ---------------------------------------------------------------------------------- events
@frozen
class AntiMechDeclared(BTEvent):
    """``unit`` declared ``order`` (its to-hit fixed now; rolled when the phase resolves)."""

    TAG = "bt/anti_mech_declared"
    unit: int
    order: AntiMechOrder


@frozen
class AntiMechRolled(BTEvent):
    """The 2D6 ``roll`` of ``unit``'s ``attack`` ("leg", "swarm", "brush") on ``target``."""

    TAG = "bt/anti_mech_rolled"
    unit: int
    target: int
    attack: str
    to_hit: int
    roll: tuple[int, ...]
    hit: bool


@frozen
class SwarmStarted(BTEvent):
    """BT-C-35.9: ``unit`` clings to ``target`` and stands in its hex ``hex`` from now on."""

    TAG = "bt/swarm_started"
    unit: int
    target: int
    hex: Hex


@frozen
class SwarmCarried(BTEvent):
    """BT-C-35.9: the swarmed unit moved; its swarmer ``unit`` is carried along to ``hex``."""

    TAG = "bt/swarm_carried"
    unit: int
    hex: Hex


@frozen
class SwarmEnded(BTEvent):
    """BT-C-35.10: ``unit`` no longer swarms ``target``.

    ``reason``: "stopped" (its own choice), "brushed off", "shaken off", "target destroyed",
    "target gone" (ejected from, withdrawn).
    """

    TAG = "bt/swarm_ended"
    unit: int
    target: int
    reason: str


ANTI_MECH_EVENTS: Final[tuple[type[BTEvent], ...]] = (
    AntiMechDeclared,
    AntiMechRolled,
    SwarmStarted,
    SwarmCarried,
    SwarmEnded,
)


# ---------------------------------------------------------------------------------- mutators
@evolve.register
def _declared(event: AntiMechDeclared, state: BTState) -> BTState:
    unit = state.units[event.unit]
    flags = attrs.evolve(unit.this_turn, anti_mech=event.order)
    return state.replace_unit(event.unit, attrs.evolve(unit, this_turn=flags))


@evolve.register
def _rolled(event: AntiMechRolled, state: BTState) -> BTState:
    del event
    return state


@evolve.register
def _started(event: SwarmStarted, state: BTState) -> BTState:
    unit = state.units[event.unit]
    body = unit.body
    if not isinstance(body, InfantryBody | BattleArmorBody):
        return state
    clinging = attrs.evolve(body, swarming=event.target)
    return state.replace_unit(event.unit, attrs.evolve(unit, body=clinging, hex=event.hex))


@evolve.register
def _carried(event: SwarmCarried, state: BTState) -> BTState:
    unit = state.units[event.unit]
    return state.replace_unit(event.unit, attrs.evolve(unit, hex=event.hex))


@evolve.register
def _ended(event: SwarmEnded, state: BTState) -> BTState:
    unit = state.units[event.unit]
    body = unit.body
    if isinstance(body, InfantryBody):
        body = infantry.stop_swarm(body)
    elif isinstance(body, BattleArmorBody):
        body = battle_armor.stop_swarm(body)
    else:
        return state
    return state.replace_unit(event.unit, attrs.evolve(unit, body=body))


# ---------------------------------------------------------------------------------- language
HELP: Final = """\
  legattack UNIT TARGET      infantry or battle armor attacks a 'Mech's legs (BT-C-35.8)
  swarm UNIT TARGET          infantry or battle armor swarms an enemy 'Mech or vehicle
  stopswarm UNIT             a swarming unit lets go instead of attacking (BT-C-35.10)
  brushoff UNIT SWARMER LA|RA
                             a 'Mech's physical attack: brush a swarmer off with one arm
"""
"""The command language lines of these commands (added to `language.COMMAND_HELP`)."""

WORDS: Final = frozenset({"legattack", "swarm", "stopswarm", "brushoff"})
"""The first words `parse` reads."""


def parse(text: str, state: BTState) -> BTCommand:
    """Read ``legattack U T``, ``swarm U T``, ``stopswarm U``, ``brushoff U S LA|RA``."""
    words = text.lower().split()
    match words:
        case ["legattack", unit, target]:
            return LegAttack(_unit(text, unit, state), _unit(text, target, state))
        case ["swarm", unit, target]:
            return SwarmAttack(_unit(text, unit, state), _unit(text, target, state))
        case ["stopswarm", unit]:
            return StopSwarm(_unit(text, unit, state))
        case ["brushoff", unit, target, arm]:
            if arm.upper() not in {"LA", "RA"}:
                raise _fail(text, "brush off with an arm: LA or RA")
            limb = Location(arm.upper())
            return BrushOff(_unit(text, unit, state), _unit(text, target, state), limb)
    raise _fail(text, "legattack UNIT TARGET, swarm UNIT TARGET, stopswarm UNIT, brushoff U S LA")


def format_line(command: BTCommand) -> str:
    """The line `parse` reads back to ``command``.

    Raises:
        TypeError: not an anti-'Mech command.
    """
    match command:
        case LegAttack():
            return f"legattack {command.unit + 1} {command.target + 1}"
        case SwarmAttack():
            return f"swarm {command.unit + 1} {command.target + 1}"
        case StopSwarm():
            return f"stopswarm {command.unit + 1}"
        case BrushOff():
            return f"brushoff {command.unit + 1} {command.target + 1} {command.limb.value}"
    msg = f"not an anti-'Mech command: {command!r}"
    raise TypeError(msg)
