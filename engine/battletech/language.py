"""The BattleTech command language: one line a command, for the TUI's ``:`` line and headless play.

Units are numbered from 1 in setup order; hexes are map labels ("0805"); facings N NE SE S SW NW.
`format_command` is the inverse of `parse_command`.
"""

from __future__ import annotations

from engine.battletech import antimechevents
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
    Shot,
    Step,
    StepKind,
    SwitchHeatSinks,
    TakeClub,
)
from engine.battletech.designs.mech import Location
from engine.battletech.nightcommands import ChooseJitterFirer
from engine.battletech.parsing import fail as _fail
from engine.battletech.parsing import unit_number as _unit
from engine.battletech.state import AttackKind, BTState, MoveMode
from engine.battletech.transportcommands import LoadUnit, UnloadUnit
from engine.hexes import Facing, Hex

__all__ = ["COMMAND_HELP", "format_command", "format_steps", "parse_command", "parse_steps"]

COMMAND_HELP = """\
BattleTech commands (units are numbered from 1; hexes are map labels like 0805):
  deploy UNIT HEX FACING     place a unit in your deployment zone (facing N NE SE S SW NW)
  roll                       roll initiative for the turn (BT-M-10)
  move UNIT MODE STEP...     move in MODE walk or run: F forward, B backward, L/R turn one
                             hexside, P drop prone, U stand up (U:NE stands facing NE);
                             steps may be run together: move 2 walk FFRF; MODE masc runs
                             with the MASC on (Walk MP x 2, after a roll, BT-C-75)
  still UNIT                 the unit stands still this turn
  jump UNIT HEX... FACING    jump through the hexes given (landing hex last), then face FACING
  done UNIT                  end a move that a fall cut short
  end                        every unit has moved: close the Movement phase
  move UNIT MODE STEPS charge TARGET
                             move, then charge the unit directly ahead (BT-C-42)
  jump UNIT HEX... FACING dfa TARGET
                             jump next to TARGET and drop on it (death from above, BT-C-43)
  eject UNIT                 the MechWarrior ejects instead of moving (BT-C-59)
  fire UNIT [twist L|R|flip] [at TARGET] WEAPON[@TARGET][:AIMED][/LOAD]...
                             declare weapon fire: weapons are numbered as on the record sheet;
                             "at T" sets the target of the weapons after it; WEAPON@HEX fires at
                             a hex (woods, buildings); :HD aims at a location (BT-C-19);
                             /cluster, /slug, /inferno choose the ammunition, /double fires an
                             Ultra autocannon at double rate (BT-C-75); /viaS fires an LRM or
                             artillery indirectly, unit S spotting (BT-C-16)
  hold UNIT                  the unit holds its fire this phase
  grab UNIT                  instead of firing, pick up a club in its hex: a severed limb, a
                             tree (woods), a girder (building rubble, 2D6) (BT-C-38)
  punch|kick|club|hatchet|sword|push UNIT TARGET [LIMB]
                             declare a physical attack (LIMB: LA RA for one arm, LL RL)
  nophysical UNIT            the unit makes no physical attack
  dump UNIT ITEM...          dump these ammunition bins next turn (before the initiative roll)
  sinks UNIT N               switch heat sinks: N of them off, 0 all on (BT-C-52)
  jitter UNIT                at night, of equally near enemies, UNIT fires in the dark (NT-4)
  load UNIT PLATOON [MODE STEP...]
                             the vehicle UNIT takes the platoon in its hex aboard (1 MP), or
                             moves STEPS into its hex first (BT-C-35.13)
  unload UNIT [PLATOON...] [MODE STEP...]
                             the vehicle sets its passengers down (all when none is named),
                             in place or after moving STEPS; its move ends (BT-C-35.13)
"""
COMMAND_HELP += antimechevents.HELP

_FACING_NAMES = {f.name: f for f in Facing}

_MODES = {
    "walk": (MoveMode.WALK, False),
    "run": (MoveMode.RUN, False),
    "masc": (MoveMode.RUN, True),
}
"""The ground movement words: "masc" runs with the MASC switched on (BT-C-75)."""


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


def parse_command(  # noqa: C901, PLR0911, PLR0912 - one case per command
    text: str, state: BTState
) -> BTCommand:
    """Read one line of the command language (see `COMMAND_HELP`)."""
    words = text.split()
    lowered = [w.lower() for w in words]
    match lowered:
        case ["deploy", unit, where, facing]:
            return Deploy(_unit(text, unit, state), _hex(text, where), _facing(text, facing))
        case ["roll" | "initiative"]:
            return RollInitiative()
        case ["move", unit, mode, *rest] if (
            mode in _MODES and len(rest) >= 2 and rest[-2] == "charge"  # noqa: PLR2004
        ):
            steps = parse_steps(text, words[3:-2])
            target = _unit(text, rest[-1], state)
            moving, masc = _MODES[mode]
            return Move(_unit(text, unit, state), moving, steps, charge=target, masc=masc)
        case ["jump", unit, *rest] if len(rest) >= 4 and rest[-2] == "dfa":  # noqa: PLR2004
            path = tuple(_hex(text, w) for w in rest[:-3])
            target = _unit(text, rest[-1], state)
            return Jump(_unit(text, unit, state), path, _facing(text, rest[-3]), dfa=target)
        case ["move", unit, mode, *_] if mode in _MODES:
            moving, masc = _MODES[mode]
            steps = parse_steps(text, words[3:])
            return Move(_unit(text, unit, state), moving, steps, masc=masc)
        case ["move", unit, "still"] | ["still", unit]:
            return Move(_unit(text, unit, state), MoveMode.STILL)
        case ["jump", unit, *rest] if len(rest) >= 2:  # noqa: PLR2004 - a hex and a facing
            path = tuple(_hex(text, w) for w in rest[:-1])
            return Jump(_unit(text, unit, state), path, _facing(text, rest[-1]))
        case ["done", unit]:
            return EndMove(_unit(text, unit, state))
        case ["end"]:
            return EndPhase()
        case ["eject", unit]:
            return Eject(_unit(text, unit, state))
        case ["grab", unit]:
            return TakeClub(_unit(text, unit, state))
        case ["hold", unit]:
            return FireWeapons(_unit(text, unit, state))
        case ["fire", unit, *rest]:
            return _fire(text, _unit(text, unit, state), rest, state)
        case [kind, unit, target, *limb] if kind in _PHYSICAL and len(limb) <= 1:
            return PhysicalAttack(
                _unit(text, unit, state),
                _PHYSICAL[kind],
                _unit(text, target, state),
                _location(text, limb[0]) if limb else None,
            )
        case ["nophysical", unit]:
            return PhysicalAttack(_unit(text, unit, state))
        case ["dump", unit, *items] if items:
            return DumpAmmo(_unit(text, unit, state), tuple(_item(text, w) for w in items))
        case ["sinks", unit, count]:
            if not count.isdigit():
                raise _fail(text, "sinks UNIT N: how many heat sinks are off (0: all on)")
            return SwitchHeatSinks(_unit(text, unit, state), int(count))
        case ["jitter", unit]:
            return ChooseJitterFirer(_unit(text, unit, state))
        case ["load", unit, rider, *rest]:
            mode, steps = _then(text, words[3:], rest)
            return LoadUnit(_unit(text, unit, state), _unit(text, rider, state), mode, steps)
        case ["unload", unit, *rest]:
            riders = tuple(_unit(text, w, state) for w in rest if w.isdigit())
            more = rest[len(riders) :]
            mode, steps = _then(text, words[2 + len(riders) :], more, still=True)
            return UnloadUnit(_unit(text, unit, state), riders, mode, steps)
        case [word, *_] if word in antimechevents.WORDS:
            return antimechevents.parse(text, state)  # BT-C-35.8..35.10
        case ["move", *_]:
            raise _fail(text, "move UNIT walk|run STEPS, e.g. move 1 walk F F R F")
        case _:
            raise _fail(text, "type 'help' for the commands")


def _then(
    text: str, words: list[str], lowered: list[str], *, still: bool = False
) -> tuple[MoveMode, tuple[Step, ...]]:
    """A transport order's optional ``MODE STEP...`` (none: walk, or standing still)."""
    if not lowered:
        return (MoveMode.STILL if still else MoveMode.WALK), ()
    if lowered[0] not in {"walk", "run", "still"}:
        raise _fail(text, "after the units: walk|run and the steps, e.g. walk F F")
    return MoveMode(lowered[0]), parse_steps(text, words[1:])


_PHYSICAL = {
    kind.value: kind
    for kind in AttackKind
    if kind.physical and kind not in {AttackKind.CHARGE, AttackKind.DFA}
}


def _location(text: str, word: str) -> Location:
    try:
        return Location(word.upper())
    except ValueError:
        raise _fail(text, "locations are HD CT LT RT LA RA LL RL") from None


def _item(text: str, word: str) -> int:
    if not word.isdigit() or int(word) < 1:
        raise _fail(text, "items are numbered from 1 as on the record sheet")
    return int(word) - 1


def _fire(text: str, unit: int, words: list[str], state: BTState) -> FireWeapons:
    """``fire UNIT [twist L|R|flip] [at TARGET] WEAPON[@TARGET|@HEX][:LOC]...``."""
    twist, flip = 0, False
    target: int | None = None
    shots: list[Shot] = []
    rest = list(words)
    while rest:
        word = rest.pop(0)
        if word == "twist" and rest:
            side = rest.pop(0)
            if side not in {"l", "r", "left", "right"}:
                raise _fail(text, "twist L or twist R")
            twist = -1 if side.startswith("l") else 1
        elif word == "flip":
            flip = True
        elif word == "at" and rest:
            target = _unit(text, rest.pop(0), state)
        else:
            shots.append(_shot(text, word, target, state))
    if not shots:
        raise _fail(text, "name the weapons to fire (or 'hold UNIT')")
    primary = next((s.target for s in shots if s.target is not None), None)
    return FireWeapons(unit, tuple(shots), twist, flip, primary)


_LOADS = {"cluster": "cluster", "slug": "standard", "standard": "standard", "inferno": "inferno"}
"""BT-C-75: the ``/LOAD`` words of a shot and the munition each names."""


def _shot(text: str, word: str, target: int | None, state: BTState) -> Shot:
    munition, double = "", False
    spotter: int | None = None
    word, *options = word.split("/")
    for option in options:
        if option == "double":
            double = True
        elif option.startswith("via") and len(option) > 3:  # noqa: PLR2004 - "via" + a unit
            spotter = _unit(text, option[3:], state)  # BT-C-16: indirect fire
        elif option in _LOADS:
            munition = _LOADS[option]
        else:
            raise _fail(text, f"/{option}: say /cluster, /slug, /inferno, /double or /viaUNIT")
    aimed: Location | None = None
    if ":" in word:
        word, where = word.split(":", 1)
        aimed = _location(text, where)
    at_hex = None
    if "@" in word:
        word, at = word.split("@", 1)
        if len(at) == 4 and at.isdigit():  # noqa: PLR2004 - a hex label
            at_hex, target = _hex(text, at), None
        else:
            target = _unit(text, at, state)
    weapon = _item(text, word)
    if target is None and at_hex is None:
        raise _fail(text, f"weapon {weapon + 1} has no target: 'at TARGET' or {word}@TARGET")
    return Shot(weapon, target, at_hex, aimed, munition, double, spotter)


def _format_shots(command: FireWeapons) -> str:
    words = []
    if command.twist:
        words.append("twist " + ("L" if command.twist < 0 else "R"))
    if command.flip_arms:
        words.append("flip")
    for shot in command.shots:
        where = shot.hex.label if shot.hex is not None else str((shot.target or 0) + 1)
        aimed = f":{shot.aimed.value}" if shot.aimed is not None else ""
        load = f"/{shot.munition}" if shot.munition else ""
        double = "/double" if shot.double else ""
        via = f"/via{shot.spotter + 1}" if shot.spotter is not None else ""
        words.append(f"{shot.weapon + 1}@{where}{aimed}{load}{double}{via}")
    return " ".join(words)


def format_command(  # noqa: C901, PLR0911, PLR0912 - one case per command
    command: BTCommand,
) -> str:
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
            charge = f" charge {command.charge + 1}" if command.charge is not None else ""
            mode = "masc" if command.masc else command.mode.value
            return f"move {command.unit + 1} {mode} {steps}".rstrip() + charge
        case Jump():
            hexes = " ".join(h.label for h in command.path)
            dfa = f" dfa {command.dfa + 1}" if command.dfa is not None else ""
            return f"jump {command.unit + 1} {hexes} {command.facing.name}{dfa}"
        case Eject():
            return f"eject {command.unit + 1}"
        case TakeClub():
            return f"grab {command.unit + 1}"
        case FireWeapons(shots=()):
            return f"hold {command.unit + 1}"
        case FireWeapons():
            return f"fire {command.unit + 1} {_format_shots(command)}"
        case PhysicalAttack(kind=None):
            return f"nophysical {command.unit + 1}"
        case PhysicalAttack():
            kind = command.kind.value if command.kind is not None else ""
            target = (command.target or 0) + 1
            limb = f" {command.limb.value}" if command.limb is not None else ""
            return f"{kind} {command.unit + 1} {target}{limb}"
        case DumpAmmo():
            return f"dump {command.unit + 1} " + " ".join(str(b + 1) for b in command.bins)
        case SwitchHeatSinks():
            return f"sinks {command.unit + 1} {command.off}"
        case ChooseJitterFirer():
            return f"jitter {command.unit + 1}"
        case LoadUnit():
            then = _format_then(command.mode, command.steps, still=False)
            return f"load {command.unit + 1} {command.passenger + 1}{then}"
        case UnloadUnit():
            riders = "".join(f" {p + 1}" for p in command.passengers)
            then = _format_then(command.mode, command.steps, still=True)
            return f"unload {command.unit + 1}{riders}{then}"
        case antimechevents.LegAttack() | antimechevents.SwarmAttack():
            return antimechevents.format_line(command)
        case antimechevents.StopSwarm() | antimechevents.BrushOff():
            return antimechevents.format_line(command)
        case EndMove():
            return f"done {command.unit + 1}"
        case EndPhase():
            return "end"
        case _:
            msg = f"not a BattleTech command: {command!r}"
            raise TypeError(msg)


def _format_then(mode: MoveMode, steps: tuple[Step, ...], *, still: bool) -> str:
    """A transport order's ``MODE STEP...`` as `_then` reads it back ("" for the default)."""
    default = MoveMode.STILL if still else MoveMode.WALK
    if not steps and mode is default:
        return ""
    return f" {mode.value} {format_steps(steps)}".rstrip()
