"""The AoD command language: one line per command, read and written (the TUI's ``:`` line).

Units are named as the state names them, collector number and copy letter (``HX-001a``, any
case; a collector number alone when the game has one copy). Hexes are map labels (``0406``),
facings N NE SE S SW NW. `format_command` writes what `parse_command` reads.
"""

from __future__ import annotations

from engine.aod.closecombat import SpecialKind
from engine.aod.commands import (
    AssaultUnit,
    CallTime,
    CloseCombat,
    CloseFormation,
    DeployAboard,
    DeployUnit,
    EndTurn,
    FireArtillery,
    FireOnMove,
    FreeSpin,
    LoadTransport,
    MoveFormation,
    MoveUnit,
    PlaceTerrain,
    RangedAttack,
    RangedFormation,
    RepairUnit,
    RollFirstPlayer,
    SpecialMove,
    UnloadTransport,
    VentUnit,
    WithdrawForce,
)
from engine.aod.movement import Altitude
from engine.aod.state import AoDState
from engine.aod.units import WeaponSlot
from engine.game import Command, IllegalCommand, KernelCode
from engine.hexes import Facing, Hex

__all__ = ["COMMAND_HELP", "format_command", "parse_command"]

COMMAND_HELP = """\
roll                                 roll 3d6 each for the first player
place PIECE HEX [TURN]               lay a pool piece, anchor on HEX, turned 0-5 x 60 degrees
deploy UNIT HEX [FACING] [cruising]  place a unit in your deployment zone (VTOLs may start high)
deploy UNIT aboard TRANSPORT         begin the game inside a transport of yours already placed
move UNIT HEX [HEX...] [face F] [run] [cruising|noe]
                                     a Move order: to the last hex (the others are the path, or
                                     leave them out for any legal path); the unit's own hex turns
                                     it in place; run doubles a 'Mech's speed for +1 heat
vent UNIT                            a Vent order: a 'Mech cools by its vent rating
fire UNIT at TARGET[,TARGET...] [primary|secondary] [indirect] [split N,N...] [pulse TARGET...]
                                     a Ranged Combat order: one roll against each target; split
                                     shares the damage among several targets (declared now, a
                                     missed target's share goes to the others); indirect fires
                                     over a blocked line (ballistic, +3 defense, at most 2 damage);
                                     pulse: a Pulse weapon fires again (1 pushing click)
strafe UNIT HEX [face F] [cruising|noe] fire TARGET[,TARGET...] [split N,N...]
       [then HEX [face F] [cruising|noe]]
                                     a fast VTOL's Move order (speed 13 or more): speed - 12
                                     hexes in all, to HEX, fire there, then on to the next HEX
repair UNIT FRIEND                   a Ranged order with Repair equipment: mend a friend in
                                     contact (3d6 + attack, 17 or more repairs a click)
assault UNIT HEX [HEX...] [face F] fire TARGET[,TARGET...] [primary|secondary] [split N,N...]
assault UNIT HEX [HEX...] [face F] strike TARGET [secondary]
                                     an Assault order ('Mech touching no enemy, +1 heat, target
                                     +1 defense): half speed then fire, or full speed then close
                                     combat
close UNIT at TARGET [secondary]     a Close Combat order against an enemy in base contact;
                                     secondary: a 'Mech strikes with its melee secondary
capture UNIT at TARGET               a Close Combat order: Foot infantry tries to capture
charge UNIT HEX [HEX...] [face F] at TARGET
                                     a Move order: run into contact and charge the target
dfa UNIT HEX [face F] at TARGET      a Move order: jump with Jump Jets onto the target
ram UNIT HEX [HEX...] [face F] at TARGET
                                     a Move order: a ground vehicle rams the target
spin UNIT FACING | spin UNIT stay    turn to face a unit that moved next to yours, or decline
pass                                 end your turn (orders not given are lost); or lay no more
                                     terrain
time                                 end the game now (time is up, or all agree) and score it
withdraw                             withdraw your whole force from the battle
artillery UNIT MARKER at HEX [MARKER at HEX...] [with UNIT,UNIT...]
                                     a Ranged order fired long range: place artillery markers
                                     (A-L, A-H) that come down in your next turn; "with" names
                                     the other members of an artillery formation
formation move UNIT,UNIT,UNIT[,...] to HEX [face F]
                                     a movement formation (3-5 linked infantry and vehicles,
                                     the leader first): all move as the leader does to HEX
board UNIT[,UNIT...] into TRANSPORT [to HEX] [face F]
                                     the transport's Move order: units behind it board (half its
                                     move), then it may move on
unload TRANSPORT [to HEX] [face F] UNIT at HEX [F] [UNIT at HEX [F] | UNIT lost]...
       [then [to HEX] [face F]]      the transport's Move order: it may move first, sets
                                     passengers down behind it (lost: no room for that one),
                                     then may move on, all within half its move
Units: collector number and copy letter (HX-001a). Hexes: map labels (0406). Facings: N NE SE S
SW NW."""
"""The command language, for ``hexmech help commands``."""

_ALTITUDES = {a.value: a for a in Altitude}


def _fail(text: str, why: str) -> IllegalCommand:
    return IllegalCommand(KernelCode.PARSE, f"{why} (in {text.strip()!r}); type help for commands.")


def _unit(word: str, state: AoDState, text: str) -> str:
    """The state's name of the unit ``word`` names."""
    index = state.index_of(word)
    if index is not None:
        return state.units[index].ident
    copies = [u.ident for u in state.units if u.collector.casefold() == word.casefold()]
    if len(copies) == 1:
        return copies[0]
    if copies:
        raise _fail(text, f"{word} names {len(copies)} units ({', '.join(copies)}): add the letter")
    raise _fail(text, f"there is no unit {word}")


def _hex(word: str, text: str) -> Hex:
    try:
        return Hex.from_label(word)
    except ValueError:
        raise _fail(text, f"{word!r} is not a hex label like 0406") from None


def _facing(word: str, text: str) -> Facing:
    try:
        return Facing[word.upper()]
    except KeyError:
        raise _fail(text, f"{word!r} is not a facing (N NE SE S SW NW)") from None


_PLAIN: dict[str, type[Command]] = {
    "roll": RollFirstPlayer,
    "pass": EndTurn,
    "end": EndTurn,
    "time": CallTime,
    "withdraw": WithdrawForce,
}
"""The commands of one word."""


def parse_command(text: str, state: AoDState) -> Command:  # noqa: C901, PLR0911, PLR0912 - one case a command
    """Read one line of the command language.

    Raises:
        IllegalCommand: ``command/parse``, with a sentence saying what was not understood.
    """
    words = text.split()
    if not words:
        raise _fail(text, "an empty command")
    verb, args = words[0].casefold(), words[1:]
    if verb in _PLAIN and not args:
        return _PLAIN[verb]()
    match verb, args:
        case "vent", [unit]:
            return VentUnit(_unit(unit, state, text))
        case "spin", [unit, facing]:
            stay = facing.casefold() == "stay"
            return FreeSpin(_unit(unit, state, text), None if stay else _facing(facing, text))
        case "deploy", [unit, "aboard", transport]:
            return DeployAboard(_unit(unit, state, text), _unit(transport, state, text))
        case "deploy", [unit, where, *rest] if len(rest) <= 2:  # noqa: PLR2004 - facing, altitude
            return _deploy(_unit(unit, state, text), _hex(where, text), rest, state, text)
        case "move", [unit, *rest] if rest:
            return _move(_unit(unit, state, text), rest, state, text)
        case "repair", [unit, target]:
            return RepairUnit(_unit(unit, state, text), _unit(target, state, text))
        case "fire", [unit, "at", *rest] if rest:
            return _fire(_unit(unit, state, text), rest, state, text)
        case "assault", [unit, *rest] if rest:
            return _assault(_unit(unit, state, text), rest, state, text)
        case "strafe", [unit, *rest] if rest:
            return _strafe(_unit(unit, state, text), rest, state, text)
        case "close" | "capture" | "charge" | "dfa" | "ram", [unit, *rest] if "at" in rest:
            return _combat(verb, _unit(unit, state, text), rest, state, text)
        case "place", [_, *_]:
            return _place(args, text)
        case "artillery", [unit, *rest] if rest:
            return _artillery(_unit(unit, state, text), rest, state, text)
        case "board", [riders, "into", transport, *rest]:
            return _board(riders, _unit(transport, state, text), rest, state, text)
        case "unload", [transport, *rest] if rest:
            return _unload(_unit(transport, state, text), rest, state, text)
        case "formation", ["move", members, "to", where]:
            return _formation(members, where, None, state, text)
        case "formation", ["move", members, "to", where, "face", facing]:
            return _formation(members, where, facing, state, text)
        case "formation", ["fire", members, "at", target]:
            idents = tuple(_unit(word, state, text) for word in members.split(",") if word)
            return RangedFormation(idents, _unit(target, state, text))
        case "formation", ["close" | "capture" as verb, members, "at", target]:
            idents = tuple(_unit(word, state, text) for word in members.split(",") if word)
            return CloseFormation(idents, _unit(target, state, text), capture=verb == "capture")
    raise _fail(text, f"unknown command {words[0]!r}")


def _place(args: list[str], text: str) -> PlaceTerrain:
    """``place NAME HEX [ROTATION]``: the name may have several words."""
    at = next((n for n, word in enumerate(args) if n and word.isdigit() and len(word) >= 4), None)  # noqa: PLR2004 - a label has 4 digits
    if at is None or len(args) > at + 2:
        raise _fail(text, "place names a piece, the hex of its anchor and a turn 0-5")
    rotation = args[at + 1] if len(args) == at + 2 else "0"
    if rotation not in {"0", "1", "2", "3", "4", "5"}:
        raise _fail(text, f"{rotation!r} is not a turn 0-5")
    return PlaceTerrain(" ".join(args[:at]), _hex(args[at], text), int(rotation))


def _deploy(ident: str, where: Hex, rest: list[str], state: AoDState, text: str) -> DeployUnit:
    index = state.index_of(ident)
    facing = state.units[index].facing if index is not None else Facing.N
    altitude = Altitude.NOE
    for word in rest:
        if word.casefold() in _ALTITUDES:
            altitude = _ALTITUDES[word.casefold()]
        else:
            facing = _facing(word, text)
    return DeployUnit(ident, where, facing, altitude)


def _move(ident: str, rest: list[str], state: AoDState, text: str) -> MoveUnit:
    index = state.index_of(ident)
    facing: Facing | None = None
    run = False
    altitude: Altitude | None = None
    hexes: list[Hex] = []
    words = iter(rest)
    for word in words:
        key = word.casefold()
        if key == "face":
            facing = _facing(next(words, ""), text)
        elif key == "run":
            run = True
        elif key in _ALTITUDES:
            altitude = _ALTITUDES[key]
        else:
            hexes.append(_hex(word, text))
    if not hexes:
        raise _fail(text, "a move names the hex it ends in")
    if facing is None:
        facing = state.units[index].facing if index is not None else Facing.N
    return MoveUnit(ident, hexes[-1], facing, run, altitude, tuple(hexes[:-1]))


_SLOTS = {slot.value: slot for slot in WeaponSlot}


def _attack_words(
    rest: list[str], state: AoDState, text: str
) -> tuple[tuple[str, ...], WeaponSlot | None, bool, tuple[int, ...]]:
    """``TARGET[,TARGET...] [weapon] [indirect] [split N,N...]``: targets, slot, indirect, split."""
    if not rest:
        raise _fail(text, "name the target")
    targets = tuple(_unit(word, state, text) for word in rest[0].split(",") if word)
    slot: WeaponSlot | None = None
    indirect = False
    split: tuple[int, ...] = ()
    words = iter(rest[1:])
    for word in words:
        key = word.casefold()
        if key in _SLOTS:
            slot = _SLOTS[key]
        elif key == "indirect":
            indirect = True
        elif key == "split":
            shares = next(words, "").split(",")
            if not all(share.isdigit() for share in shares):
                raise _fail(text, "split gives whole numbers, one per target: split 2,1")
            split = tuple(int(share) for share in shares)
        else:
            raise _fail(text, f"{word!r} is not a weapon, indirect or split")
    return targets, slot, indirect, split


def _fire(ident: str, rest: list[str], state: AoDState, text: str) -> RangedAttack:
    pulse: tuple[str, ...] = ()
    keys = [word.casefold() for word in rest]
    if "pulse" in keys:
        at = keys.index("pulse")
        if at + 1 >= len(rest):
            raise _fail(text, "pulse names the second attack's targets")
        pulse = tuple(_unit(word, state, text) for word in rest[at + 1].split(",") if word)
        rest = rest[:at] + rest[at + 2 :]
    targets, slot, indirect, split = _attack_words(rest, state, text)
    return RangedAttack(ident, targets, slot, indirect, split, pulse)


def _assault(ident: str, rest: list[str], state: AoDState, text: str) -> AssaultUnit:
    verbs = [n for n, word in enumerate(rest) if word.casefold() in {"fire", "strike"}]
    if not verbs:
        raise _fail(text, "an assault ends with fire TARGET or strike TARGET")
    at = verbs[0]
    close = rest[at].casefold() == "strike"
    targets, slot, indirect, split = _attack_words(rest[at + 1 :], state, text)
    if indirect:
        raise _fail(text, "an assault fires directly, never indirectly")
    move = _move(ident, rest[:at], state, text)
    return AssaultUnit(ident, move.to, move.facing, targets, close, slot, split, move.via)


def _strafe(ident: str, rest: list[str], state: AoDState, text: str) -> FireOnMove:
    """``strafe UNIT HEX [face F] [ALT] fire TARGETS [split N,N] [then HEX [face F] [ALT]]``."""
    words = [word.casefold() for word in rest]
    if "fire" not in words:
        raise _fail(text, "a strafe names the hex it fires from, then fire and the targets")
    at = words.index("fire")
    then = words.index("then") if "then" in words else len(rest)
    if then < at:
        raise _fail(text, "a strafe fires before it moves on: fire TARGET, then HEX")
    first = _move(ident, rest[:at], state, text)
    if first.via or first.run:
        raise _fail(text, "a strafe names one hex to fire from (no path, no run)")
    targets, slot, indirect, split = _attack_words(rest[at + 1 : then], state, text)
    if slot is not None or indirect:
        raise _fail(text, "a strafe fires its one weapon directly")
    if then == len(rest):
        return FireOnMove(ident, first.to, first.facing, targets, first.altitude, split=split)
    onward = rest[then + 1 :]
    last = _move(ident, onward, state, text)
    said = {word.casefold() for word in onward}
    facing = last.facing if "face" in said else None
    return FireOnMove(
        ident,
        first.to,
        first.facing,
        targets,
        first.altitude,
        last.to,
        facing,
        last.altitude,
        split,
    )


def _combat(
    verb: str, ident: str, rest: list[str], state: AoDState, text: str
) -> CloseCombat | SpecialMove:
    """``close|capture UNIT at TARGET [secondary]``, ``charge|dfa|ram UNIT HEX... at TARGET``."""
    at = rest.index("at")
    if verb in {"close", "capture"}:
        match rest:
            case ["at", target]:
                return CloseCombat(ident, _unit(target, state, text), capture=verb == "capture")
            case ["at", target, "secondary"] if verb == "close":
                return CloseCombat(ident, _unit(target, state, text), secondary=True)
        raise _fail(text, f"{verb} names the unit, then at and the target")
    if at != len(rest) - 2:
        raise _fail(text, f"a {verb} ends with at and the target")
    move = _move(ident, rest[:at], state, text)
    target = _unit(rest[at + 1], state, text)
    return SpecialMove(ident, SpecialKind(verb), move.to, move.facing, target, move.via)


def _artillery(leader: str, rest: list[str], state: AoDState, text: str) -> FireArtillery:
    """``artillery UNIT MARKER at HEX ... [with A,B]``: alone, or leading a formation."""
    members: tuple[str, ...] = ()
    if len(rest) >= 2 and rest[-2].casefold() == "with":  # noqa: PLR2004 - "with A,B"
        members = tuple(_unit(word, state, text) for word in rest[-1].split(",") if word)
        rest = rest[:-2]
    return FireArtillery(leader, _aims(rest, text), members)


def _aims(rest: list[str], text: str) -> tuple[tuple[str, Hex], ...]:
    """``MARKER at HEX`` repeated: the markers of a long-range order (AOD-13.3)."""
    if len(rest) % 3 or any(word.casefold() != "at" for word in rest[1::3]):
        raise _fail(text, "artillery names each marker and its hex: A-L at 1208")
    pairs = zip(rest[::3], rest[2::3], strict=True)
    return tuple((marker.upper(), _hex(where, text)) for marker, where in pairs)


def _formation(
    members: str, where: str, facing_word: str | None, state: AoDState, text: str
) -> MoveFormation:
    """``formation move A,B,C to HEX [face F]``: the leader first (AOD-18.2)."""
    idents = tuple(_unit(word, state, text) for word in members.split(",") if word)
    leader = state.index_of(idents[0]) if idents else None
    facing = state.units[leader].facing if leader is not None else Facing.N
    if facing_word is not None:
        facing = _facing(facing_word, text)
    return MoveFormation(idents, _hex(where, text), facing)


_FACINGS = {f.name for f in Facing}


def _board(
    riders: str, transport: str, rest: list[str], state: AoDState, text: str
) -> LoadTransport:
    """``board A[,B] into T [to HEX] [face F]`` (AOD-9.3)."""
    to, facing = _then(rest, text)
    idents = tuple(_unit(word, state, text) for word in riders.split(",") if word)
    return LoadTransport(transport, idents, to, facing)


def _then(words: list[str], text: str) -> tuple[Hex | None, Facing | None]:
    """``[to HEX] [face F]``: the transport's own move in a boarding or unloading order."""
    to: Hex | None = None
    facing: Facing | None = None
    rest = iter(words)
    for word in rest:
        key = word.casefold()
        if key == "to":
            to = _hex(next(rest, ""), text)
        elif key == "face":
            facing = _facing(next(rest, ""), text)
        else:
            raise _fail(text, f"{word!r} is neither 'to HEX' nor 'face F'")
    return to, facing


def _unload(transport: str, words: list[str], state: AoDState, text: str) -> UnloadTransport:
    """``unload T [to HEX] [face F] UNIT at HEX [F] ... [then [to HEX] [face F]]`` (AOD-9.3).

    ``UNIT lost`` for a passenger with no room; after ``then``, the transport's move on.
    """
    own: list[str] = []
    onward: list[str] = []
    drops: list[tuple[str, Hex | None, Facing | None]] = []
    n = 0
    if "then" in (w.casefold() for w in words):
        at = [w.casefold() for w in words].index("then")
        words, onward = words[:at], words[at + 1 :]
    while n < len(words):
        key = words[n].casefold()
        if key in {"to", "face"}:
            own += words[n : n + 2]
            n += 2
            continue
        ident = _unit(words[n], state, text)
        how = words[n + 1].casefold() if n + 1 < len(words) else ""
        if how == "lost":
            drops.append((ident, None, None))
            n += 2
        elif how == "at" and n + 2 < len(words):
            turned = words[n + 3] if n + 3 < len(words) else ""
            facing = _facing(turned, text) if turned.upper() in _FACINGS else None
            drops.append((ident, _hex(words[n + 2], text), facing))
            n += 3 if facing is None else 4
        else:
            raise _fail(text, f"say where {ident} goes: {ident} at HEX, or {ident} lost")
    to, facing = _then(own, text)
    then, then_facing = _then(onward, text)
    return UnloadTransport(transport, tuple(drops), to, facing, then, then_facing)


def format_command(command: Command) -> str:  # noqa: C901, PLR0911, PLR0912 - one case a command
    """Write a command as the language reads it."""
    match command:
        case RollFirstPlayer():
            return "roll"
        case EndTurn():
            return "pass"
        case CallTime():
            return "time"
        case WithdrawForce():
            return "withdraw"
        case VentUnit(unit=unit):
            return f"vent {unit}"
        case FreeSpin(unit=unit, facing=facing):
            return f"spin {unit} {'stay' if facing is None else facing.name}"
        case DeployUnit(unit=unit, hex=where, facing=facing, altitude=altitude):
            high = " cruising" if altitude is Altitude.CRUISING else ""
            return f"deploy {unit} {where.label} {facing.name}{high}"
        case MoveUnit():
            return _format_move(command)
        case CloseCombat() | SpecialMove():
            return _format_combat(command)
        case PlaceTerrain(piece=piece, anchor=anchor, rotation=rotation):
            return f"place {piece} {anchor.label} {rotation}"
        case RepairUnit(unit=unit, target=target):
            return f"repair {unit} {target}"
        case RangedAttack():
            attack = _format_attack(command.targets, command.slot, command.split)
            indirect = " indirect" if command.indirect else ""
            pulse = f" pulse {','.join(command.pulse)}" if command.pulse else ""
            return f"fire {command.unit} at {attack}{indirect}{pulse}"
        case FireOnMove():
            return _format_strafe(command)
        case AssaultUnit():
            path = " ".join(h.label for h in (*command.via, command.to))
            verb = "strike" if command.close else "fire"
            attack = _format_attack(command.targets, command.slot, command.split)
            return f"assault {command.unit} {path} face {command.facing.name} {verb} {attack}"
        case DeployAboard(unit=unit, transport=transport):
            return f"deploy {unit} aboard {transport}"
        case LoadTransport(transport=transport, passengers=riders, to=to, facing=facing):
            return f"board {','.join(riders)} into {transport}{_own_move(to, facing)}"
        case UnloadTransport():
            return _format_unload(command)
        case MoveFormation(members=members, to=to, facing=facing):
            return f"formation move {','.join(members)} to {to.label} face {facing.name}"
        case RangedFormation(members=members, target=target):
            return f"formation fire {','.join(members)} at {target}"
        case CloseFormation(members=members, target=target, capture=capture):
            verb = "capture" if capture else "close"
            return f"formation {verb} {','.join(members)} at {target}"
        case FireArtillery(unit=unit, aims=aims, formation=members):
            fired = " ".join(f"{m} at {where.label}" for m, where in aims)
            return f"artillery {unit} {fired}" + (f" with {','.join(members)}" if members else "")
    msg = f"Age of Destruction has no words for {command!r}"
    raise TypeError(msg)


def _format_attack(
    targets: tuple[str, ...], slot: WeaponSlot | None, split: tuple[int, ...]
) -> str:
    words = [",".join(targets)]
    if slot is not None:
        words.append(slot.value)
    if split:
        words.append("split " + ",".join(map(str, split)))
    return " ".join(words)


def _format_combat(command: CloseCombat | SpecialMove) -> str:
    if isinstance(command, CloseCombat):
        tail = " secondary" if command.secondary else ""
        verb = "capture" if command.capture else "close"
        return f"{verb} {command.unit} at {command.target}{tail}"
    path = " ".join(h.label for h in (*command.via, command.to))
    return (
        f"{command.kind.value} {command.unit} {path} face {command.facing.name} at {command.target}"
    )


def _format_move(command: MoveUnit) -> str:
    path = " ".join(h.label for h in (*command.via, command.to))
    words = [f"move {command.unit} {path} face {command.facing.name}"]
    if command.run:
        words.append("run")
    if command.altitude is not None:
        words.append(command.altitude.value)
    return " ".join(words)


def _format_strafe(command: FireOnMove) -> str:
    def place(where: Hex, facing: Facing | None, altitude: Altitude | None) -> str:
        face = "" if facing is None else f" face {facing.name}"
        high = "" if altitude is None else f" {altitude.value}"
        return f"{where.label}{face}{high}"

    first = place(command.at, command.at_facing, command.at_altitude)
    attack = _format_attack(command.targets, None, command.split)
    words = f"strafe {command.unit} {first} fire {attack}"
    if command.to is None and command.facing is None and command.altitude is None:
        return words
    return f"{words} then {place(command.to or command.at, command.facing, command.altitude)}"


def _own_move(to: Hex | None, facing: Facing | None) -> str:
    """`` to HEX face F``: the transport's own move, as much of it as was given."""
    words = "" if to is None else f" to {to.label}"
    return words if facing is None else f"{words} face {facing.name}"


def _format_unload(command: UnloadTransport) -> str:
    drops = []
    for ident, where, facing in command.drops:
        if where is None:
            drops.append(f"{ident} lost")
        else:
            drops.append(
                f"{ident} at {where.label}" + ("" if facing is None else f" {facing.name}")
            )
    onward = _own_move(command.then, command.then_facing)
    tail = f" then{onward}" if onward else ""
    own = _own_move(command.to, command.facing)
    return f"unload {command.transport}{own} {' '.join(drops)}{tail}"
