"""The BattleTech command language: one line a command, for the TUI's ``:`` line and headless play.

Units are numbered from 1 in setup order; hexes are map labels ("0805"); facings N NE SE S SW NW.
`format_command` is the inverse of `parse_command`.
"""

from __future__ import annotations

from engine.battletech.commands import (
    BTCommand,
    Deploy,
    EndMove,
    EndPhase,
    Jump,
    Move,
    RollInitiative,
    Step,
    StepKind,
)
from engine.battletech.state import BTState, MoveMode
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex

__all__ = ["COMMAND_HELP", "format_command", "format_steps", "parse_command", "parse_steps"]

COMMAND_HELP = """\
BattleTech commands (units are numbered from 1; hexes are map labels like 0805):
  deploy UNIT HEX FACING     place a unit in your deployment zone (facing N NE SE S SW NW)
  roll                       roll initiative for the turn (BT-M-10)
  move UNIT MODE STEP...     move in MODE walk or run: F forward, B backward, L/R turn one
                             hexside, P drop prone, U stand up (U:NE stands facing NE);
                             steps may be run together: move 2 walk FFRF
  still UNIT                 the unit stands still this turn
  jump UNIT HEX... FACING    jump through the hexes given (landing hex last), then face FACING
  done UNIT                  end a move that a fall cut short
  end                        every unit has moved: close the turn (heat, end phase)
"""

_FACING_NAMES = {f.name: f for f in Facing}


def _fail(text: str, why: str) -> IllegalCommand:
    return IllegalCommand("command/parse", f"cannot read {text.strip()!r}: {why}")


def _unit(text: str, word: str, state: BTState) -> int:
    if not word.isdigit() or not 1 <= int(word) <= len(state.units):
        raise _fail(text, f"units are numbered 1 to {len(state.units)}")
    return int(word) - 1


def _hex(text: str, word: str) -> Hex:
    try:
        return Hex.from_label(word)
    except ValueError as exc:
        raise _fail(text, str(exc)) from None


def _facing(text: str, word: str) -> Facing:
    facing = _FACING_NAMES.get(word.upper())
    if facing is None:
        raise _fail(text, "facings are N, NE, SE, S, SW and NW")
    return facing


def parse_steps(text: str, words: list[str]) -> tuple[Step, ...]:
    """Read step tokens: F B L R P U, U:FACING, separated or run together ("FFRF")."""
    steps: list[Step] = []
    for word in words:
        upper = word.upper()
        if upper.startswith("U:"):
            steps.append(Step(StepKind.STAND, _facing(text, upper[2:])))
            continue
        for letter in upper:
            if letter not in StepKind._value2member_map_:
                raise _fail(text, f"{letter!r} is not a step (F B L R P U)")
            steps.append(Step(StepKind(letter)))
    return tuple(steps)


def format_steps(steps: tuple[Step, ...]) -> str:
    """The steps as tokens ("F F R U:NE")."""
    return " ".join(
        f"U:{s.facing.name}" if s.kind is StepKind.STAND and s.facing is not None else s.kind.value
        for s in steps
    )


def parse_command(text: str, state: BTState) -> BTCommand:  # noqa: PLR0911 - one return per command
    """Read one line of the command language (see `COMMAND_HELP`)."""
    words = text.split()
    lowered = [w.lower() for w in words]
    match lowered:
        case ["deploy", unit, where, facing]:
            return Deploy(_unit(text, unit, state), _hex(text, where), _facing(text, facing))
        case ["roll" | "initiative"]:
            return RollInitiative()
        case ["move", unit, mode, *_] if mode in {"walk", "run"}:
            return Move(_unit(text, unit, state), MoveMode(mode), parse_steps(text, words[3:]))
        case ["move", unit, "still"] | ["still", unit]:
            return Move(_unit(text, unit, state), MoveMode.STILL)
        case ["jump", unit, *rest] if len(rest) >= 2:  # noqa: PLR2004 - a hex and a facing
            path = tuple(_hex(text, w) for w in rest[:-1])
            return Jump(_unit(text, unit, state), path, _facing(text, rest[-1]))
        case ["done", unit]:
            return EndMove(_unit(text, unit, state))
        case ["end"]:
            return EndPhase()
        case ["move", *_]:
            raise _fail(text, "move UNIT walk|run STEPS, e.g. move 1 walk F F R F")
        case _:
            raise _fail(text, "type 'help' for the commands")


def format_command(command: BTCommand) -> str:  # noqa: PLR0911 - one per command
    """Write a command as the line `parse_command` reads back to it."""
    match command:
        case Deploy():
            return f"deploy {command.unit + 1} {command.hex.label} {command.facing.name}"
        case RollInitiative():
            return "roll"
        case Move(mode=MoveMode.STILL):
            return f"still {command.unit + 1}"
        case Move():
            steps = format_steps(command.steps)
            return f"move {command.unit + 1} {command.mode.value} {steps}".rstrip()
        case Jump():
            hexes = " ".join(h.label for h in command.path)
            return f"jump {command.unit + 1} {hexes} {command.facing.name}"
        case EndMove():
            return f"done {command.unit + 1}"
        case EndPhase():
            return "end"
        case _:
            msg = f"not a BattleTech command: {command!r}"
            raise TypeError(msg)
