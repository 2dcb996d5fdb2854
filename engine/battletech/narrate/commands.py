"""Word a BattleTech command for the log: who gives it and what it asks, in the language too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battletech.antimechevents import BrushOff, LegAttack, StopSwarm, SwarmAttack
from engine.battletech.commands import (
    BTCommand,
    Deploy,
    DumpAmmo,
    Eject,
    EndMove,
    EndPhase,
    FireWeapons,
    Jump,
    Move,
    PhysicalAttack,
    RollInitiative,
    SwitchHeatSinks,
    TakeClub,
)
from engine.battletech.language import format_command, format_steps
from engine.battletech.narrate.antimech import command_words
from engine.battletech.narrate.words import (
    MODE_VERBS,
    PHYSICAL_VERBS,
    ammo_name,
    label,
    limb_text,
    mode_verb,
    physical_name,
    unit_name,
    weapon_name,
)
from engine.battletech.nightcommands import ChooseJitterFirer
from engine.battletech.state import AttackKind
from engine.battletech.transportcommands import LoadUnit, UnloadUnit

if TYPE_CHECKING:
    from engine.battletech.state import BTState, MoveMode
    from engine.game import Command

__all__ = ["command_text", "fire_text"]


def command_text(command: Command, state: BTState) -> str:
    """The log line of a command: who gives it and what it asks, in the command language too.

    Args:
        command: the command.
        state: the state it was given in.

    Returns:
        E.g. "Davion: Griffin [G] walks F F R F   (move 1 walk F F R F)".
    """
    if not isinstance(command, BTCommand):
        return str(command)
    try:
        typed = format_command(command)
    except TypeError:  # a command the language cannot write (yet)
        typed = type(command).__name__
    return f"{_said(command, state) or typed}   ({typed})"


def _said(command: BTCommand, state: BTState) -> str:  # noqa: C901, PLR0911, PLR0912 - one per command
    """Who gives ``command`` and what it asks, in words ("" when there are none)."""
    match command:
        case Deploy(unit=index):
            return f"{_side_of(state, index)}: deploy {unit_name(state, index)}"
        case Move(unit=index, mode=mode, steps=steps, charge=charge):
            said = f"{_who(state, index)} {_verb(state, index, mode)}"
            if command.masc:
                said += " with MASC"
            if steps:
                said += f" {format_steps(steps)}"
            if charge is not None:
                rams = physical_name(state, index, AttackKind.CHARGE) == "ram"  # BT-C-36
                verb = "ramming" if rams else "charging"
                said += f", {verb} {unit_name(state, charge)}"
            return said
        case Jump(unit=index, path=path, dfa=dfa):
            landing = label(path[-1]) if path else "?"
            said = f"{_who(state, index)} jumps to {landing}"
            if dfa is not None:
                said += f", death from above on {unit_name(state, dfa)}"
            return said
        case EndMove(unit=index):
            return f"{_who(state, index)} ends its move"
        case RollInitiative():
            return f"Turn {state.turn}: roll initiative"
        case EndPhase():
            return "End the movement phase"
        case FireWeapons():
            return f"{_who(state, command.unit)} {fire_text(command, state)}"
        case PhysicalAttack(unit=index, kind=kind, target=target, limb=limb):
            if kind is None or target is None:
                return f"{_who(state, index)} makes no physical attack"
            limb_words = limb_text(limb, kind)
            limb_said = f" ({limb_words})" if limb_words else ""
            return (
                f"{_who(state, index)} {PHYSICAL_VERBS[kind]} {unit_name(state, target)}{limb_said}"
            )
        case DumpAmmo(unit=index, bins=bins):
            design = state.units[index].design
            return f"{_who(state, index)} dumps {', '.join(ammo_name(design, b) for b in bins)}"
        case Eject(unit=index):
            return f"{_who(state, index)}: the MechWarrior ejects"
        case TakeClub(unit=index):
            return f"{_who(state, index)} looks for a club"
        case SwitchHeatSinks(unit=index, off=off):
            said = "switches every heat sink on" if off == 0 else f"switches {off} heat sinks off"
            return f"{_who(state, index)} {said}"
        case LegAttack() | SwarmAttack() | StopSwarm() | BrushOff():
            return f"{_who(state, command.unit)} {command_words(command, state)}"  # BT-C-35.8
        case ChooseJitterFirer(unit=index):
            asking = state.night.asking if state.night is not None else None
            mover = asking.unit if asking is not None else index
            said = f"{unit_name(state, index)} is to fire in the dark (NT-4)"
            return f"{_side_of(state, mover)}: {said}"
        case LoadUnit(unit=index, passenger=rider):  # BT-C-35.13
            moves = f" {format_steps(command.steps)}, then" if command.steps else ""
            return f"{_who(state, index)}{moves} takes {unit_name(state, rider)} aboard"
        case UnloadUnit(unit=index, passengers=riders):
            moves = f" {format_steps(command.steps)}, then" if command.steps else ""
            who = ", ".join(unit_name(state, r) for r in riders) or "everyone aboard"
            return f"{_who(state, index)}{moves} sets {who} down"
    return ""


def fire_text(command: FireWeapons, state: BTState) -> str:
    """A weapon declaration in words: "twists right, fires AC/20 (RT) at Jenner [j]"."""
    design = state.units[command.unit].design
    targets: dict[str, list[str]] = {}
    for shot in command.shots:
        if shot.target is not None:
            victim = unit_name(state, shot.target)
        else:
            victim = f"the hex {label(shot.hex)}"
        name = weapon_name(design, shot.weapon)
        if shot.aimed is not None:
            name += f" aimed at the {shot.aimed.long_name.lower()}"
        targets.setdefault(victim, []).append(name)
    parts = []
    if command.flip_arms:
        parts.append("flips its arms")
    elif command.twist:
        parts.append(f"twists its torso {'left' if command.twist < 0 else 'right'}")
    if not targets:
        parts.append("holds fire")
    parts.extend(f"fires {', '.join(names)} at {victim}" for victim, names in targets.items())
    return ", ".join(parts)


def _verb(state: BTState, index: int, mode: MoveMode) -> str:
    """`mode_verb` of unit ``index`` (a 'Mech's word when the index is out of range)."""
    if not 0 <= index < len(state.units):
        return MODE_VERBS[mode]
    return mode_verb(state.units[index], mode)


def _who(state: BTState, index: int) -> str:
    """The side and the unit: "Davion: Griffin [G]"."""
    if not 0 <= index < len(state.units):
        return f"? unit {index + 1}"
    return f"{_side_of(state, index)}: {unit_name(state, index)}"


def _side_of(state: BTState, index: int) -> str:
    if not 0 <= index < len(state.units):
        return "?"
    return state.sides[state.units[index].side]
