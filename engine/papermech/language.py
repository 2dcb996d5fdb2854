"""The Paper 'Mech command language: one line of text -> one command (DESIGN 3)."""

from __future__ import annotations

from engine.game import Command, IllegalCommand, KernelCode
from engine.papermech.commands import (
    ChooseAction,
    ChooseTarget,
    Deploy,
    Haste,
    PaperCommand,
    Pull,
    PullDirection,
    Refit,
    Repair,
    ResolveNext,
    SetStance,
    Skip,
    Turn,
    TurnDirection,
    UseShield,
    Wait,
    Walk,
)
from engine.papermech.state import Loadout, LoadoutError, PaperState
from engine.papermech.tables import Action, Location, Mount, Stance

__all__ = ["COMMAND_HELP", "format_command", "parse_command"]

COMMAND_HELP = """\
Paper 'Mech (solo). The game asks one thing at a time; answer with:
  deploy                 start the battle (rolls the wave)
  loadout LS=W RS=W LA=W RA=W torso=N legs=N
                         refit before deploying (weapons: missiles rifle ppc wing-shield
                         disruptor flamethrower laser mortar machine-gun energy-whip fist
                         plasma-sword tower-shield; armor 3-5)
  choose ACTION          choose or change the action: ls1..ls3 rs1..rs3 la1..la3 ra1..ra3
                         (mount and line), squat, back, forward, turn (the legs lines)
  wait                   let time pass one step (in a window)
  haste                  fire the chosen attack now, each die less the cube's space
  next E                 which enemy on ACTIVE resolves first (E = its letter)
  target E [E2]          the attack's target (the Mortar may name a second)
  pull in|cw|ccw         move the enemy hit by the Energy Whip
  walk                   free move: walk forwards
  turn left|right        turn the 'Mech (free move, or resolving a turn action)
  stance standing|squatting
                         change stance (free move, Turn or Change Stance, next wave)
  shield LS|RS|LA|RA     which shield takes the hit when two could
  repair PART [N]        repair a circle: torso, legs N (line), or LS/RS/LA/RA N (1-6)
  skip                   skip the free move, a pull, or the rest of the repairs"""
"""The text of ``hexmech help commands --ruleset papermech``."""


def _fail(text: str, hint: str) -> IllegalCommand:
    return IllegalCommand(KernelCode.PARSE, f"Cannot read {text.strip()!r}: {hint}")


def parse_command(text: str, state: PaperState) -> PaperCommand:  # noqa: PLR0911, PLR0912, C901
    """Read one line of the command language (see `COMMAND_HELP`)."""
    words = text.lower().split()
    match words:
        case ["deploy"]:
            return Deploy()
        case ["loadout" | "refit", *parts] if parts:
            try:
                return Refit(Loadout.parse(" ".join(parts), state.player.loadout))
            except LoadoutError as exc:
                raise _fail(text, str(exc)) from None
        case ["choose" | "c", name]:
            if name not in Action._value2member_map_:
                raise _fail(text, "actions are ls1..ra3, squat, back, forward and turn.")
            return ChooseAction(Action(name))
        case ["wait" | "w"]:
            return Wait()
        case ["haste" | "h"]:
            return Haste()
        case ["next", key] if key.isalpha():
            return ResolveNext(key.upper())
        case ["target" | "t", key] if key.isalpha():
            return ChooseTarget(key.upper())
        case ["target" | "t", key, second] if key.isalpha() and second.isalpha():
            return ChooseTarget(key.upper(), second.upper())
        case ["pull", direction] if direction in PullDirection._value2member_map_:
            return Pull(PullDirection(direction))
        case ["walk"]:
            return Walk()
        case ["turn", direction] if direction in TurnDirection._value2member_map_:
            return Turn(TurnDirection(direction))
        case ["stance", stance]:
            for value in Stance:
                if value.value.startswith(stance[:4]):
                    return SetStance(value)
            raise _fail(text, "the stances are standing and squatting.")
        case ["skip"]:
            return Skip()
        case ["shield", mount] if mount.upper() in Mount.__members__:
            return UseShield(Mount(mount.upper()))
        case ["repair", part, *rest] if len(rest) <= 1:
            return _repair(text, part, rest)
    raise _fail(text, "type 'help' for the commands.")


def _repair(text: str, part: str, rest: list[str]) -> Repair:
    names = {"torso": Location.TORSO, "legs": Location.LEGS}
    location = names.get(part) or (
        Location(part.upper()) if part.upper() in Mount.__members__ else None
    )
    if location is None:
        raise _fail(text, "repair torso, legs N, or LS/RS/LA/RA N.")
    if not rest:
        return Repair(location)
    if not rest[0].isdigit() or location is Location.TORSO:
        raise _fail(text, "the circle is a number: 1-4 for legs, 1-6 for a weapon.")
    return Repair(location, int(rest[0]))


def format_command(command: Command) -> str:  # noqa: PLR0911 - one line per command
    """Write a command in the command language (`parse_command` reads it back)."""
    match command:
        case Refit(loadout=loadout):
            return f"loadout {loadout.spec()}"
        case ChooseAction(action=action):
            return f"choose {action.value}"
        case ResolveNext(enemy=enemy):
            return f"next {enemy}"
        case ChooseTarget(enemy=enemy, second=second):
            return f"target {enemy}" + ("" if second is None else f" {second}")
        case Pull(direction=direction):
            return f"pull {direction.value}"
        case Turn(direction=direction):
            return f"turn {direction.value}"
        case SetStance(stance=stance):
            return f"stance {stance.value}"
        case UseShield(mount=mount):
            return f"shield {mount.value}"
        case Repair(location=location, circle=circle):
            part = location.value.lower() if location.mount is None else location.value
            return f"repair {part}" + ("" if circle is None else f" {circle}")
    return command.TAG
