"""The Dystopian Wars command language: one line per command, read and written (the ``:`` line).

Models are named as the state names them, card id and number (``BB-1``, any case). Hexes are map
labels (``0406``), facings N NE SE S SW NW, paths the movement grammar of DW-28.4 (``FFRF``: F one
hex ahead, L / R a turn before the next F or a final pivot, B one hex back; ``stay`` for none).
`format_command` writes what `parse_command` reads.
"""

from __future__ import annotations

from engine.dystopian.aux_commands import FireAuxiliary
from engine.dystopian.commands import (
    Activate,
    Board,
    ChooseEdge,
    DeployModel,
    EndActivation,
    Fire,
    Generate,
    MoveModel,
    PlaceCamouflage,
    PlayCard,
    RollOff,
)
from engine.dystopian.geometry import Level
from engine.dystopian.indirect_commands import FireIndirect
from engine.dystopian.mine_commands import DropMine
from engine.dystopian.movement import MarkerAction, format_path, parse_path
from engine.dystopian.snipe_commands import Snipe, format_snipe
from engine.dystopian.star_commands import DiscardCard, PassAnswer
from engine.dystopian.state import DWState, Edge
from engine.dystopian.sweep_events import SweepMine
from engine.dystopian.wing_language import WING_HELP, WING_VERBS, format_wing, parse_wing
from engine.game import Command, IllegalCommand, KernelCode
from engine.hexes import Facing, Hex
from engine.text import printable

__all__ = ["COMMAND_HELP", "format_command", "parse_command"]

COMMAND_HELP = """\
roll                                  roll off: 2D6 each for the table edge, a D6 each for orders
edge top|bottom                       the higher roller takes an edge and deploys first
deploy MODEL HEX [FACING] [LEVEL]     place a model in your zone; finish a squadron before the
                                      next (a flyer may start obscured, a diver submerged)
activate MODEL [element MODEL]        activate MODEL's squadron; when it is split, name a model
                                      of the group that is its commanded element
move MODEL PATH [MARKER] [LEVEL] [reroll] [ram HEX]
                                      move a model of the active squadron: F ahead, L/R turn,
                                      B back, stay for none (FFRF); MARKER: stop (after moving),
                                      restart, reverse, stop-reversing (instead of moving);
                                      LEVEL: surface, flying, obscured, submerged; reroll: use
                                      the Commodore's re-roll on a failed treacherous test;
                                      ram HEX: a flyer or diver declares a ram on that enemy
fire MODEL[,MODEL...] WEAPON at TARGET[:DICE][,TARGET:DICE...]
                                      declare an attack of the active squadron (rolled when the
                                      activation ends): WEAPON is a weapon's name as one word
                                      (fore-turret) or a kind (primary, secondary, rocket,
                                      torpedo, bomb); several models link their fire; several
                                      targets split the weapon's dice, DICE on each
mine MODEL                            drop a mine in the hex ahead of MODEL's bow (DW-18.6),
                                      before or after its move
sweep MODEL[,MODEL...] HEX            fire CC at the mine in HEX, 1-2 hexes away, after moving
                                      (DW-18.6): 5-6 hits; the mine goes if they reach its AD
aa|cc MODEL at TARGET                 offensive AA at an enemy flyer within 4 hexes, CC at an
                                      enemy diver within 2 (DW-18.2), rolled after the weapons
fire MODEL WEAPON at TARGET via SPOTTER | indirect
                                      indirect fire (DW-18.7): a primary or Bombard at a
                                      Capital target 9-16 hexes away that SPOTTER (a Spotter
                                      model or a recon wing) sees; indirect: a Forward
                                      Observer's Bombard in RB2, no spotter
end | pass                            end the activation: combat, boarding, morale follow
Models: card id and number (BB-1). Hexes: map labels (0406). Facings: N NE SE S SW NW."""
"""The command language, for ``hexmech help commands``."""

_MARKERS = {
    "stop": MarkerAction.STOP,
    "restart": MarkerAction.RESTART,
    "reverse": MarkerAction.START_REVERSING,
    "stop-reversing": MarkerAction.STOP_REVERSING,
}
_MARKER_WORDS = {action: word for word, action in _MARKERS.items()}
_LEVELS = {level.value: level for level in Level}
_STAY = "stay"


def _fail(text: str, why: str) -> IllegalCommand:
    return IllegalCommand(KernelCode.PARSE, f"{why} (in {text.strip()!r}); type help for commands.")


def _model(word: str, state: DWState, text: str) -> str:
    index = state.index_of(word)
    if index is None:
        raise _fail(text, f"there is no model {word}")
    return state.models[index].ident


def _indirect(  # noqa: PLR0917 - the words of one command
    model: str, weapon: str, target: str, how: list[str], state: DWState, text: str
) -> FireIndirect:
    """DW-18.7: ``via SPOTTER``, or ``indirect`` for a Forward Observer's RB2 (no spotter)."""
    firing, aimed = _model(model, state, text), _model(target, state, text)
    match [w.casefold() for w in how]:
        case ["via", _]:
            return FireIndirect(firing, weapon.casefold(), aimed, _spotter(how[1], state, text))
        case ["indirect"]:
            return FireIndirect(firing, weapon.casefold(), aimed)
    raise _fail(text, "indirect fire is 'via SPOTTER' or 'indirect'")


def _auxiliary(verb: str, args: list[str], state: DWState, text: str) -> FireAuxiliary | None:
    """DW-18.2: ``aa|cc MODEL at TARGET`` with a model as the target (a wing: `parse_wing`)."""
    match verb, args:
        case (("aa" | "cc"), [model, "at", target]) if state.index_of(target) is not None:
            return FireAuxiliary(_model(model, state, text), verb, _model(target, state, text))
    return None


def _spotter(word: str, state: DWState, text: str) -> str:
    """DW-18.7: a spotting model's or recon wing's name, as the game writes it."""
    index = state.index_of(word)
    if index is not None:
        return state.models[index].ident
    wing = next((w for w in state.wings if w.ident.casefold() == word.casefold()), None)
    if wing is None:
        raise _fail(text, f"there is no model or wing {word}")
    return wing.ident


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


def _path(word: str, text: str) -> str:
    if word.casefold() == _STAY:
        return ""
    try:
        return format_path(parse_path(word))
    except ValueError as exc:
        raise _fail(text, str(exc)) from None


def parse_command(text: str, state: DWState) -> Command:  # noqa: C901, PLR0911, PLR0912 - one case a command
    """Read one line of the command language.

    Raises:
        IllegalCommand: ``command/parse``, with a sentence saying what was not understood.
    """
    words = text.split()
    if not words:
        raise _fail(text, "an empty command")
    if printable(text) != text:  # no word of the game has one, and a refusal would echo it
        raise _fail(text, "a command has no control characters")
    verb, args = words[0].casefold(), words[1:]
    if verb == "mine" and len(args) == 1:  # DW-18.6
        return DropMine(_model(args[0], state, text))
    if verb == "snipe" and len(args) == 3 and args[1].casefold() == "at":  # noqa: PLR2004 - DW-24
        return Snipe(_model(args[0], state, text), _model(args[2], state, text))
    if verb == "sweep" and len(args) == len(("MODELS", "HEX")):  # DW-18.6: CC at a mine
        names = tuple(_model(w, state, text) for w in args[0].split(",") if w)
        return SweepMine(names, _hex(args[1], text))
    offensive = _auxiliary(verb, args, state, text)  # DW-18.2: AA or CC at a model
    if offensive is not None:
        return offensive
    if verb in WING_VERBS:  # DW-20: the tiny-flyer commands
        return parse_wing(verb, args, state, text)
    if state.star is not None and state.star.window is not None and (verb, args) == ("pass", []):
        return PassAnswer()  # DW-8.2: "pass" answers the window open
    match verb, args:
        case "roll", []:
            return RollOff()
        case (("end" | "pass"), []):
            return EndActivation()
        case "edge", [edge] if edge.casefold() in {e.value for e in Edge}:
            return ChooseEdge(Edge(edge.casefold()))
        case "deploy", [model, where, *rest] if len(rest) <= 2:  # noqa: PLR2004 - facing, level
            return _deploy(_model(model, state, text), _hex(where, text), rest, state, text)
        case "activate", [model]:
            return Activate(_model(model, state, text))
        case "activate", [model, "element", other]:
            return Activate(_model(model, state, text), _model(other, state, text))
        case "move", [model, path, *rest]:
            return _move(_model(model, state, text), _path(path, text), rest, text)
        case "fire", [models, weapon, "at", targets]:
            return _fire(models, weapon, targets, state, text)
        case "fire", [model, weapon, "at", target, *how] if how:  # DW-18.7 indirect fire
            return _indirect(model, weapon, target, how, state, text)
    return _parse_board_or_card(verb, args, state, text)  # DW-19, DW-8; or unknown


def _deploy(ident: str, where: Hex, rest: list[str], state: DWState, text: str) -> DeployModel:
    index = state.index_of(ident)
    facing = Facing.N
    if index is not None and state.edges:
        facing = state.edges[state.models[index].owner].inward
    level: Level | None = None
    for word in rest:
        if word.casefold() in _LEVELS:
            level = _LEVELS[word.casefold()]
        else:
            facing = _facing(word, text)
    return DeployModel(ident, where, facing, level)


def _move(ident: str, path: str, rest: list[str], text: str) -> MoveModel:
    marker: MarkerAction | None = None
    level: Level | None = None
    reroll = False
    rams: list[Hex] = []
    words = iter(rest)
    for word in words:
        key = word.casefold()
        if key in _MARKERS:
            marker = _MARKERS[key]
        elif key in _LEVELS:
            level = _LEVELS[key]
        elif key == "reroll":
            reroll = True
        elif key == "ram":
            rams.append(_hex(next(words, ""), text))
        else:
            raise _fail(text, f"{word!r} is not a marker, a level, reroll or ram")
    return MoveModel(ident, path, marker, level, reroll=reroll, rams=tuple(rams))


def _fire(models: str, weapon: str, targets: str, state: DWState, text: str) -> Fire:
    firing = tuple(_model(word, state, text) for word in models.split(",") if word)
    aimed, shares = [], []
    for part in targets.split(","):
        name, _, dice = part.partition(":")
        aimed.append(_model(name, state, text))
        if dice:
            if not dice.isdigit():
                raise _fail(text, f"{dice!r} is not a number of dice")
            shares.append(int(dice))
    if shares and len(shares) != len(aimed):
        raise _fail(text, "a split gives every target its dice (TARGET:DICE)")
    return Fire(firing, weapon.casefold(), tuple(aimed), tuple(shares))


def format_command(command: Command) -> str:  # noqa: C901, PLR0911, PLR0912 - one case a command
    """Write a command as the language reads it."""
    match command:
        case RollOff():
            return "roll"
        case EndActivation():
            return "end"
        case ChooseEdge(edge=edge):
            return f"edge {edge.value}"
        case DeployModel(model=model, hex=where, facing=facing, level=level):
            high = "" if level is None else f" {level.value}"
            return f"deploy {model} {where.label} {facing.name}{high}"
        case Activate(model=model, element=element):
            return f"activate {model} element {element}" if element else f"activate {model}"
        case MoveModel():
            return _format_move(command)
        case Fire(models=models, weapon=weapon, targets=targets, shares=shares):
            aimed = (
                ",".join(f"{t}:{n}" for t, n in zip(targets, shares, strict=True))
                if shares
                else ",".join(targets)
            )
            return f"fire {','.join(models)} {weapon} at {aimed}"
        case DropMine(model=model):
            return f"mine {model}"
        case Snipe():
            return format_snipe(command)
        case SweepMine(models=models, hex=where):
            return f"sweep {','.join(models)} {where.label}"
        case FireAuxiliary(model=model, system=system, target=target):
            return f"{system} {model} at {target}"
        case FireIndirect(model=model, weapon=weapon, target=target, spotter=spotter):
            how = f"via {spotter}" if spotter else "indirect"
            return f"fire {model} {weapon} at {target} {how}"
    wing = format_wing(command)  # DW-20: the tiny-flyer commands
    if wing is not None:
        return wing
    if isinstance(command, Board | PlayCard | Generate | PlaceCamouflage):  # DW-19, DW-8, DW-23
        return _format_board_or_card(command)
    if isinstance(command, PassAnswer):  # DW-8.2: the answers
        return "decline"
    if isinstance(command, DiscardCard):
        return f"discard {command.card}"
    msg = f"Dystopian Wars has no words for {command!r}"
    raise TypeError(msg)


def _format_move(command: MoveModel) -> str:
    words = ["move", command.model, command.path or _STAY]
    if command.marker is not None:
        words.append(_MARKER_WORDS[command.marker])
    if command.level is not None:
        words.append(command.level.value)
    if command.reroll:
        words.append("reroll")
    words += [f"ram {where.label}" for where in command.rams]
    return " ".join(words)


# ---- boarding and the STAR cards (DW-19, DW-8) --------------------------------------------------

COMMAND_HELP += """
board MODEL[,MODEL...] at TARGET [home N[,N...]]
                                      declare a boarding by the active squadron (DW-19; rolled
                                      after the attacks): several models combine their marines;
                                      home N: after a capture, N of each boarder's survivors go
                                      back to it (the rest stay aboard and hold the prize)
play CARD [on MODEL]                  play a STAR card from your hand (DW-8): an S card on the
                                      active squadron before it moves, an A card on one model;
                                      asked to answer: a T card at the turn's start, an R card
                                      on your attacked model, a counter card (DW-8.2)
decline                               play no card when asked (also "pass" while asked)
discard CARD                          End Phase: discard a card at will before drawing (DW-8.3)
generate MODEL GENERATOR [at TARGET]  use a generator after moving (DW-23): upg or tesla at one
                                      model within 4 hexes; disruption, sonic and pulse at every
                                      model around; fury at MODEL,MODEL... (its dice split among
                                      them, the first named taking the remainder); kinetic
                                      before the model moves (1D6" more, then move half at least)
generate MODEL camouflage at HEX      a Camouflage template on HEX and its six neighbours (DW-23)
snipe MODEL at TARGET                 Sharpshooters (DW-24): 1D6 at an enemy within 2 hexes, on
                                      5-6 it loses 1 AP; once an activation, at any point"""


def _numbers(word: str, text: str) -> tuple[int, ...]:
    parts = word.split(",")
    if not all(part.isdigit() for part in parts):
        raise _fail(text, f"{word!r} is not a list of numbers (2,0,1)")
    return tuple(int(part) for part in parts)


def _parse_board_or_card(verb: str, args: list[str], state: DWState, text: str) -> Command:  # noqa: PLR0911 - one case a command
    """``board ...`` and ``play ...``.

    Raises:
        IllegalCommand: ``command/parse`` for any other verb: an unknown command.
    """
    match verb, args:
        case "board", [models, "at", target]:
            names = tuple(_model(word, state, text) for word in models.split(",") if word)
            return Board(names, _model(target, state, text))
        case "board", [models, "at", target, "home", counts]:
            names = tuple(_model(word, state, text) for word in models.split(",") if word)
            return Board(names, _model(target, state, text), _numbers(counts, text))
        case "play", [card]:
            return PlayCard(card.casefold())
        case "play", [card, "on", model]:
            return PlayCard(card.casefold(), _model(model, state, text))
        case "decline", []:
            return PassAnswer()
        case "discard", [card]:
            return DiscardCard(card.casefold())
        case "generate", _:
            return _parse_generate(args, state, text)
    raise _fail(text, f"unknown command {text.split(maxsplit=1)[0]!r}")


def _parse_generate(args: list[str], state: DWState, text: str) -> Command:
    """DW-23: ``generate MODEL GENERATOR [at TARGET[,TARGET...]|at HEX]`` (a hex: Camouflage)."""
    match args:
        case [model, kind]:
            return Generate(_model(model, state, text), kind.casefold())
        case [model, kind, "at", where] if kind.casefold() == "camouflage":
            return PlaceCamouflage(_model(model, state, text), _hex(where, text))
        case [model, kind, "at", target]:
            aimed = ",".join(_model(word, state, text) for word in target.split(",") if word)
            return Generate(_model(model, state, text), kind.casefold(), aimed)
    raise _fail(text, "generate MODEL GENERATOR [at TARGET|HEX]")


def _format_board_or_card(command: Board | PlayCard | Generate | PlaceCamouflage) -> str:
    if isinstance(command, PlaceCamouflage):
        return f"generate {command.model} camouflage at {command.centre.label}"
    if isinstance(command, Generate):
        aimed = f" at {command.target}" if command.target else ""
        return f"generate {command.model} {command.generator}{aimed}"
    if isinstance(command, PlayCard):
        return (
            f"play {command.card} on {command.model}" if command.model else f"play {command.card}"
        )
    words = f"board {','.join(command.models)} at {command.target}"
    if command.home:
        words += f" home {','.join(map(str, command.home))}"
    return words


# ---- tiny-flyer wings (DW-20): their commands' help ----
COMMAND_HELP += "\n" + WING_HELP
