"""Word a BattleTech game for the log: every command and every event, with every die it rolled.

`describe` has one sentence maker per event type of `engine.battletech.events` (STYLE 4: a
`functools.singledispatch`), reading the states before and after the event for names, hexes and
what is left. A Piloting Skill Roll spells out its modifiers::

    Griffin [G]: PSR for entering water: target 7 (piloting 5, depth 1 water -1, left leg hip +2,
    ...) rolled 4+3=7: stays up

`unit_letters` gives every unit its board letter (the first letter of its chassis, made unique
in the game; lower case for the second and fourth sides, so the board reads without colour).
`tell` turns one log entry into `Told` lines, the shape the log widget and replays use.

When the engine grows its own ``engine.battletech.narrate``, this module is where to call it.
"""

from __future__ import annotations

import functools
import string
from typing import TYPE_CHECKING

from engine.battletech import RULESET
from engine.battletech import events as ev
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
    TakeClub,
)
from engine.battletech.language import format_command, format_steps
from engine.battletech.state import BTState, MoveMode, Phase
from tui.battletech.words import PHYSICAL_VERBS, ammo_name, limb_text, signed, weapon_name
from tui.papermech.widgets.story import COMMAND, Told

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.battletech.state import UnitState
    from engine.game import Command, Event
    from engine.hexes import Facing, Hex

__all__ = [
    "PSR_REASONS",
    "command_text",
    "describe",
    "dice_text",
    "fire_text",
    "is_routine",
    "label",
    "signed",
    "tell",
    "unit_letters",
    "unit_name",
]

PSR_REASONS = {
    "water": "entering water",
    "rubble": "entering rubble",
    "building": "moving through a building",
    "stand": "standing up",
    "skid": "a skid",
    "run_damage": "running on damaged legs or gyro",
    "landing": "landing on damaged legs or gyro",
    "injury": "pilot injury",
}
"""What each `PilotingRoll.reason` code is a roll for."""

_MODES = {
    MoveMode.STILL: "stands still",
    MoveMode.WALK: "walks",
    MoveMode.RUN: "runs",
    MoveMode.JUMP: "jumps",
}

_MOVED = {
    MoveMode.STILL: "stood still",
    MoveMode.WALK: "walked",
    MoveMode.RUN: "ran",
    MoveMode.JUMP: "jumped",
}

_HEADED_PHASES = frozenset({Phase.DEPLOYMENT, Phase.MOVEMENT, Phase.WEAPON, Phase.PHYSICAL})
"""Phases whose start is a line of the log (the others show in the header only)."""

_LOWER_SIDES = frozenset({1, 3})
"""Sides whose letters are lower case (the board reads without colour too)."""


# ------------------------------------------------------------------ names
def unit_letters(units: Sequence[UnitState]) -> tuple[str, ...]:
    """Give each unit a board letter: its chassis' first free letter, unique in the game.

    Letters are unique whatever their case; the second and fourth sides' are lower case.

    Args:
        units: the game's units, in setup order.

    Returns:
        One letter per unit.
    """
    taken: set[str] = set()
    letters: list[str] = []
    for unit in units:
        chassis = "".join(c for c in unit.design.chassis.upper() if c in string.ascii_uppercase)
        letter = next(
            (c for c in (*chassis, *string.ascii_uppercase) if c not in taken),
            "?",
        )
        taken.add(letter)
        letters.append(letter.lower() if unit.side in _LOWER_SIDES else letter)
    return tuple(letters)


def unit_name(state: BTState, index: int) -> str:
    """The short name of a unit in the log: its chassis and board letter ("Griffin [G]")."""
    unit = state.units[index]
    return f"{unit.design.chassis} [{unit_letters(state.units)[index]}]"


def label(where: Hex | None) -> str:
    """A hex's map label ("0805"), "off the map" for None."""
    if where is None:
        return "off the map"
    try:
        return where.label
    except ValueError:
        return f"({where.q},{where.r})"


def dice_text(roll: Sequence[int]) -> str:
    """Dice and their total: "4+3=7" (one die: "5")."""
    if len(roll) == 1:
        return str(roll[0])
    return f"{'+'.join(map(str, roll))}={sum(roll)}"


def _facing(facing: Facing) -> str:
    return facing.name


# ------------------------------------------------------------------ commands
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
            said = f"{_who(state, index)} {_MODES[mode]}"
            if steps:
                said += f" {format_steps(steps)}"
            if charge is not None:
                said += f", charging {unit_name(state, charge)}"
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


def _who(state: BTState, index: int) -> str:
    """The side and the unit: "Davion: Griffin [G]"."""
    if not 0 <= index < len(state.units):
        return f"? unit {index + 1}"
    return f"{_side_of(state, index)}: {unit_name(state, index)}"


def _side_of(state: BTState, index: int) -> str:
    if not 0 <= index < len(state.units):
        return "?"
    return state.sides[state.units[index].side]


# ------------------------------------------------------------------ events
def is_routine(event: Event) -> bool:
    """True for events the log leaves out: each hex entered, turn or jump, and most phases.

    The move's last line (`MovementEnded`) says where the unit went and what it cost, and the
    header shows the phase; a replay stepping event by event still shows every one.
    """
    if isinstance(event, ev.PhaseStarted):
        return event.phase not in _HEADED_PHASES
    return isinstance(
        event,
        ev.UnitEntered
        | ev.UnitTurned
        | ev.UnitJumped
        | ev.MovementStarted
        | ev.SlotsDealt
        | ev.UnitDeclared
        | ev.AmmoSpent,
    )


@functools.singledispatch
def describe(event: Event, before: BTState, after: BTState) -> str:
    """Say what one event did.

    Args:
        event: the event.
        before: the state before it.
        after: the state after it.

    Returns:
        One sentence (it may wrap in the log).
    """
    del before, after
    return type(event).__name__


@describe.register
def _deployed(event: ev.UnitDeployed, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    return f"{who} deploys in {label(event.hex)}, facing {_facing(event.facing)}."


@describe.register
def _phase(event: ev.PhaseStarted, before: BTState, after: BTState) -> str:
    del before, after
    turn = event.turn
    said = {
        Phase.DEPLOYMENT: "Deployment: each side places its units in its zone.",
        Phase.INITIATIVE: f"Turn {turn}: initiative.",
        Phase.MOVEMENT: f"Turn {turn}: movement phase.",
        Phase.WEAPON: f"Turn {turn}: weapon attack phase.",
        Phase.PHYSICAL: f"Turn {turn}: physical attack phase.",
    }
    return said.get(event.phase, f"{event.phase.value.capitalize()} phase.")


@describe.register
def _initiative(event: ev.InitiativeRolled, before: BTState, after: BTState) -> str:
    del after
    sides = before.sides
    rounds = []
    for number, round_ in enumerate(event.rounds):
        rolled = ", ".join(f"{sides[side]} {dice_text((a, b))}" for side, a, b in round_)
        rounds.append(rolled if number == 0 else f"tie, re-roll: {rolled}")
    first, last = sides[event.order[0]], sides[event.order[-1]]
    if len(event.order) == 2:  # noqa: PLR2004 - the usual two sides
        outcome = f"{last} wins the initiative; {first} moves first"
    else:
        outcome = "order " + " then ".join(sides[s] for s in event.order)
    return f"Initiative, turn {event.turn}: {'; '.join(rounds)}: {outcome}."


@describe.register
def _slots(event: ev.SlotsDealt, before: BTState, after: BTState) -> str:
    del after
    attacking = before.phase in {Phase.WEAPON, Phase.PHYSICAL}
    if not event.slots:
        if not attacking:
            return "Every unit has moved."
        if any(u.declared for u in before.units):
            return "Every unit has declared: the attacks resolve."
        what = "fire a weapon" if before.phase is Phase.WEAPON else "make a physical attack"
        return f"No unit can {what} this phase."
    parts = [f"{before.sides[side]} {count}" for side, count in event.slots]
    verb = "declare" if attacking else "move"
    return f"Next to {verb}: " + ", then ".join(parts) + "."


@describe.register
def _move_started(event: ev.MovementStarted, before: BTState, after: BTState) -> str:
    del after
    return f"{unit_name(before, event.unit)} {_MODES[event.mode]}."


@describe.register
def _turned(event: ev.UnitTurned, before: BTState, after: BTState) -> str:
    del after
    cost = f"{event.mp} MP" if event.mp else "free"
    return f"{unit_name(before, event.unit)} turns to face {_facing(event.facing)} ({cost})."


@describe.register
def _entered(event: ev.UnitEntered, before: BTState, after: BTState) -> str:
    del after
    notes = [f"{event.mp} MP"]
    if event.backward:
        notes.append("backward")
    if event.road:
        notes.append("along the road")
    if event.minimum:
        notes.append("minimum movement")
    return f"{unit_name(before, event.unit)} enters {label(event.hex)} ({', '.join(notes)})."


@describe.register
def _jumped(event: ev.UnitJumped, before: BTState, after: BTState) -> str:
    del after
    start = label(before.units[event.unit].hex)
    landing = label(event.path[-1]) if event.path else start
    hexes = len(event.path)
    return (
        f"{unit_name(before, event.unit)} jumps {start} -> {landing} ({hexes} hex"
        f"{'es' if hexes != 1 else ''}, {event.mp} MP) and lands facing {_facing(event.facing)}."
    )


@describe.register
def _dropped(event: ev.UnitDroppedProne, before: BTState, after: BTState) -> str:
    del after
    return f"{unit_name(before, event.unit)} drops prone ({event.mp} MP)."


@describe.register
def _psr(event: ev.PilotingRoll, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    why = PSR_REASONS.get(event.reason, event.reason.replace("_", " "))
    named = [
        f"{name} {value}" if number == 0 else f"{name} {signed(value)}"
        for number, (name, value) in enumerate(event.modifiers)
    ]
    target = f"target {event.target}" + (f" ({', '.join(named)})" if named else "")
    if event.automatic:
        return f"{who}: PSR for {why}: {target}: fails automatically (no one at the controls)."
    verdict = _psr_verdict(event)
    return f"{who}: PSR for {why}: {target}, rolled {dice_text(event.roll)}: {verdict}."


def _psr_verdict(event: ev.PilotingRoll) -> str:
    if event.reason == "stand":
        return "stands up" if event.success else "fails to stand"
    if event.reason == "building":
        return "no harm done" if event.success else "takes damage"
    if event.reason == "injury":
        return "unhurt" if event.success else "hurt"
    return "stays up" if event.success else "falls"


@describe.register
def _stand_attempted(event: ev.StandAttempted, before: BTState, after: BTState) -> str:
    del after
    return f"{unit_name(before, event.unit)} tries to stand ({event.mp} MP, 1 heat)."


@describe.register
def _stood(event: ev.UnitStood, before: BTState, after: BTState) -> str:
    del after
    return f"{unit_name(before, event.unit)} is on its feet, facing {_facing(event.facing)}."


@describe.register
def _fell(event: ev.UnitFell, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    cause = f" ({event.cause})" if event.cause else ""
    drop = f", {event.levels} level{'s' if event.levels != 1 else ''} down" if event.levels else ""
    turned = (
        f"facing roll {event.facing_roll}: " if event.facing_roll is not None else "face down: "
    )
    halved = ", halved in water" if event.halved else ""
    return (
        f"{who} falls in {label(event.hex)}{cause}{drop}; {turned}now faces "
        f"{_facing(event.facing)}, {event.damage} damage on the {event.column} column{halved}."
    )


@describe.register
def _damage(event: ev.DamageApplied, before: BTState, after: BTState) -> str:
    who = unit_name(before, event.unit)
    where = event.location.long_name.lower() + (" (rear)" if event.rear else "")
    total = event.armor + event.internal
    die = " (1D6)" if len(event.roll) == 1 else ""
    roll = f"hit location{die} {dice_text(event.roll)}: " if event.roll else ""
    moved = (
        f" (transferred from the {event.transferred_from.long_name.lower()})"
        if event.transferred_from is not None
        else ""
    )
    source = f" from {unit_name(before, event.source)}" if event.source is not None else ""
    unit = after.units[event.unit]
    parts = []
    if event.armor:
        left = unit.armor_at(event.location, rear=event.rear and event.location.has_rear)
        parts.append(f"-{event.armor} armor ({left} left)")
    if event.internal:
        parts.append(f"-{event.internal} structure ({unit.internal_at(event.location)} left)")
    effect = ", ".join(parts) or "no effect"
    return f"{who}: {roll}{total} damage to the {where}{moved}{source}: {effect}."


@describe.register
def _location_destroyed(event: ev.LocationDestroyed, before: BTState, after: BTState) -> str:
    del after
    return f"{unit_name(before, event.unit)}: the {event.location.long_name.lower()} is destroyed!"


@describe.register
def _skidded(event: ev.UnitSkidded, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    if not event.path:
        stop = f", stopped by {event.stopped_by}" if event.stopped_by else ""
        return f"{who} skids but stays in place{stop}."
    hexes = len(event.path)
    stop = f", stopped by {event.stopped_by}" if event.stopped_by else ""
    return f"{who} skids {hexes} hex{'es' if hexes != 1 else ''} to {label(event.path[-1])}{stop}."


@describe.register
def _wounded(event: ev.PilotWounded, before: BTState, after: BTState) -> str:
    del after
    unit = before.units[event.unit]
    plural = "s" if event.wounds != 1 else ""
    return (
        f"{unit.pilot.name} ({unit_name(before, event.unit)}) takes {event.wounds} wound{plural} "
        f"({event.cause}): {event.total} of 6."
    )


@describe.register
def _consciousness(event: ev.ConsciousnessRolled, before: BTState, after: BTState) -> str:
    del after
    unit = before.units[event.unit]
    who = f"{unit.pilot.name} ({unit_name(before, event.unit)})"
    if event.recovery:
        verdict = "wakes up" if event.conscious else "stays unconscious"
        what = "recovery roll"
    else:
        verdict = "stays conscious" if event.conscious else "is knocked out"
        what = "consciousness roll"
    return f"{who}: {what}: target {event.target}, rolled {dice_text(event.roll)}: {verdict}."


@describe.register
def _building(event: ev.BuildingDamaged, before: BTState, after: BTState) -> str:
    del before, after
    end = " and collapses" if event.collapsed else ""
    return f"The building in {label(event.hex)} loses {event.cf} CF{end}."


@describe.register
def _bridge(event: ev.BridgeCollapsed, before: BTState, after: BTState) -> str:
    del before, after
    return f"The bridge in {label(event.hex)} (CF {event.cf}) gives way under {event.tonnage} tons!"


@describe.register
def _move_ended(event: ev.MovementEnded, before: BTState, after: BTState) -> str:
    unit = after.units[event.unit]
    who = unit_name(before, event.unit)
    movement = unit.movement
    if movement is None or (movement.mode is MoveMode.STILL) or not movement.mp_spent:
        where = f" in {label(unit.hex)}" if unit.hex is not None else ""
        return f"{who} stands still{where}, facing {_facing(unit.facing)}."
    start = movement.path[0] if movement.path else None
    prone = ", prone" if unit.prone else ""
    heat = f", heat +{event.heat}" if event.heat else ""
    modifier = _target_modifier(event.hexes, jumped=movement.mode is MoveMode.JUMP)
    if start == unit.hex:
        where = f"stayed in {label(unit.hex)} ({movement.mode.value})"
    else:
        where = f"{_MOVED[movement.mode]} {label(start)} -> {label(unit.hex)}"
    return (
        f"{who} {where}, facing {_facing(unit.facing)}{prone}: {movement.mp_spent} MP, "
        f"{event.hexes} hex{'es' if event.hexes != 1 else ''} (to be hit {modifier}){heat}."
    )


def _target_modifier(hexes: int, *, jumped: bool) -> str:
    """BT-M-38 (BT-C-4): the to-hit modifier of the hexes moved, +1 more for a jump."""
    table = ((2, 0), (4, 1), (6, 2), (9, 3), (17, 4))
    modifier = next((m for top, m in table if hexes <= top), 5)
    return signed(modifier + (1 if jumped else 0))


@describe.register
def _destroyed(event: ev.UnitDestroyed, before: BTState, after: BTState) -> str:
    del after
    return f"{unit_name(before, event.unit)} is destroyed: {event.cause}."


@describe.register
def _heat(event: ev.HeatChanged, before: BTState, after: BTState) -> str:
    del after
    was = before.units[event.unit].heat
    sources = ", ".join(f"{name} {value:+d}" for name, value in event.sources if value)
    built = f" ({sources})" if sources else ""
    return (
        f"{unit_name(before, event.unit)} heat: {was} +{event.generated} built{built} "
        f"-{event.dissipated} sunk = {event.heat}."
    )


@describe.register
def _turn_ended(event: ev.TurnEnded, before: BTState, after: BTState) -> str:
    del before, after
    return f"End of turn {event.turn}."


@describe.register
def _game_ended(event: ev.GameEnded, before: BTState, after: BTState) -> str:
    del after
    if event.winner is None:
        return f"The game ends in a draw: {event.reason}."
    return f"{before.sides[event.winner]} wins: {event.reason}."


# ------------------------------------------------------------------ telling entries
def tell(
    entry: int, command: Command, events: Sequence[Event], state: BTState
) -> tuple[list[Told], BTState]:
    """Tell one command and its events.

    Args:
        entry: the command's index in the log.
        command: the command.
        events: what it caused.
        state: the state before it.

    Returns:
        The lines (the command's first) and the state after the events.
    """
    lines = [Told(entry, COMMAND, command_text(command, state))]
    for index, event in enumerate(events):
        after = RULESET.evolve(state, event)
        lines.append(Told(entry, index, describe(event, state, after), (), is_routine(event)))
        state = after
    return lines, state


# The combat events' sentences register on `describe` when their module is imported.
import tui.battletech.narrate_combat  # noqa: E402, F401 - registers on describe, which it imports
