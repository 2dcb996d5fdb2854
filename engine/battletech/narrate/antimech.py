"""The log's sentences for anti-'Mech attacks (BT-C-35.8..35.10), one per event.

For example::

IS Standard Battle Armor [i] will swarm Test [T]: needs 7 (anti-'Mech skill 5, 4 troopers +2).
IS Standard Battle Armor [i] swarm on Test [T]: rolled 4+4=8, needs 7: hit.
IS Standard Battle Armor [i] swarms Test [T] and clings to it in 0807.
IS Standard Battle Armor [i] is carried along by Test [T] to 0805.
IS Standard Battle Armor [i] lets go of Test [T].
"""

from __future__ import annotations

from engine.battletech.antimechevents import (
    AntiMechDeclared,
    AntiMechRolled,
    BrushOff,
    LegAttack,
    StopSwarm,
    SwarmAttack,
    SwarmCarried,
    SwarmEnded,
    SwarmStarted,
)
from engine.battletech.commands import BTCommand
from engine.battletech.narrate.sentences import describe
from engine.battletech.narrate.words import dice_text, label, modifiers_text, unit_name
from engine.battletech.state import BTState

__all__ = ["command_words"]

_ATTACKS = {"leg": "leg attack", "swarm": "swarm", "brush": "brush-off"}
_ENDINGS = {
    "stopped": "lets go of",
    "brushed off": "is brushed off",
    "shaken off": "is shaken off",
    "target destroyed": "drops off the wreck of",
    "target gone": "lets go of what is left of",
}


@describe.register
def _declared(event: AntiMechDeclared, before: BTState, after: BTState) -> str:
    del after
    order = event.order
    who, target = unit_name(before, event.unit), unit_name(before, order.target)
    if order.attack == "stop":
        return f"{who} will let go of {target} (BT-C-35.10)."
    terms = modifiers_text(order.modifiers)
    if order.attack == "brush":
        arm = order.limb.long_name.lower() if order.limb is not None else "an arm"
        return f"{who} will brush {target} off with its {arm}: needs {order.to_hit} ({terms})."
    verb = "attack the legs of" if order.attack == "leg" else "swarm"
    return f"{who} will {verb} {target}: needs {order.to_hit} ({terms})."


@describe.register
def _rolled(event: AntiMechRolled, before: BTState, after: BTState) -> str:
    del after
    what = _ATTACKS.get(event.attack, event.attack)
    result = "hit" if event.hit else "miss"
    return (
        f"{unit_name(before, event.unit)} {what} on {unit_name(before, event.target)}: rolled "
        f"{dice_text(event.roll)}, needs {event.to_hit}: {result}."
    )


@describe.register
def _started(event: SwarmStarted, before: BTState, after: BTState) -> str:
    del after
    return (
        f"{unit_name(before, event.unit)} swarms {unit_name(before, event.target)} and clings to "
        f"it in {label(event.hex)}."
    )


@describe.register
def _carried(event: SwarmCarried, before: BTState, after: BTState) -> str:
    target = after.units[event.unit].body
    swarmed = getattr(target, "swarming", None)
    by = f" by {unit_name(before, swarmed)}" if swarmed is not None else ""
    return f"{unit_name(before, event.unit)} is carried along{by} to {label(event.hex)}."


@describe.register
def _ended(event: SwarmEnded, before: BTState, after: BTState) -> str:
    del after
    who, target = unit_name(before, event.unit), unit_name(before, event.target)
    return f"{who} {_ENDINGS.get(event.reason, event.reason)} {target}."


def command_words(command: BTCommand, state: BTState) -> str:
    """What an anti-'Mech command asks, after its giver's name ("swarms Test [T]"); "" if none."""
    match command:
        case LegAttack(target=target):
            return f"attacks the legs of {unit_name(state, target)}"
        case SwarmAttack(target=target):
            return f"swarms {unit_name(state, target)}"
        case StopSwarm():
            return "lets go of the unit it swarms"
        case BrushOff(target=target, limb=limb):
            return f"brushes {unit_name(state, target)} off with its {limb.long_name.lower()}"
    return ""
