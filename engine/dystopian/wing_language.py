"""The tiny-flyer commands in the command language (DW-20): read and written.

```
launch WING HEX [cap]                     a carrier of the active squadron launches WING
fly WING HEX|off [attack TARGET | land CARRIER | cap HOST]
refuel WING                               a wing off its edge refuels (or waits off the table)
aa MODEL[,MODEL...] at WING               models of the active squadron fire AA at a wing
```
Wings are named ``fighters-1``, ``bombers-2``, ``torpedo-1``, ``recon-1`` (any case); `format_wing`
writes what `parse_wing` reads.
"""

from __future__ import annotations

from engine.dystopian.state import DWState
from engine.dystopian.wing_commands import FireAA, FlyWing, LaunchWing, RefuelWing
from engine.dystopian.wing_rules import wing_index
from engine.game import Command, IllegalCommand, KernelCode
from engine.hexes import Hex

__all__ = ["WING_HELP", "WING_VERBS", "format_wing", "parse_wing"]

WING_HELP = """\
launch WING HEX [cap]                 a carrier of the active squadron launches WING within 2
                                      hexes (cap: as the carrier's Combat Air Patrol)
fly WING HEX|off [attack TARGET | land CARRIER | cap HOST]
                                      a wing's activation: fly to HEX (off: out by your own edge
                                      to refuel), then attack a model or wing, land on a carrier
                                      or patrol over a host; a CAP wing flies in its host's turn
refuel WING                           a wing off your edge refuels to 6 (or waits off the table)
aa MODEL[,MODEL...] at WING           models of the active squadron turn their AA on an enemy wing
                                      within 4 hexes (each once a turn); it may strike back
Wings: fighters-1, bombers-1, torpedo-1, recon-1."""
"""The wing commands, for ``hexmech help commands``."""

WING_VERBS = frozenset({"launch", "fly", "refuel", "aa"})
"""The first words of the wing commands."""

_OFF = "off"
_ACTIONS = frozenset({"attack", "land", "cap"})


def _fail(text: str, why: str) -> IllegalCommand:
    return IllegalCommand(KernelCode.PARSE, f"{why} (in {text.strip()!r}); type help for commands.")


def _wing(word: str, state: DWState, text: str) -> str:
    index = wing_index(state, word)
    if index is None:
        raise _fail(text, f"there is no wing {word}")
    return state.wings[index].ident


def _hex(word: str, text: str) -> Hex:
    try:
        return Hex.from_label(word)
    except ValueError:
        raise _fail(text, f"{word!r} is not a hex label like 0406") from None


def _model(word: str, state: DWState, text: str) -> str:
    index = state.index_of(word)
    if index is None:
        raise _fail(text, f"there is no model {word}")
    return state.models[index].ident


def _name(word: str, state: DWState, text: str) -> str:
    """A model's or a wing's name as the state spells it."""
    index = state.index_of(word)
    if index is not None:
        return state.models[index].ident
    return _wing(word, state, text)


def parse_wing(verb: str, args: list[str], state: DWState, text: str) -> Command:
    """Read one wing command (``verb`` is in `WING_VERBS`).

    Raises:
        IllegalCommand: ``command/parse``, with what was not understood.
    """
    match verb, args:
        case "launch", [wing, where]:
            return LaunchWing(_wing(wing, state, text), _hex(where, text))
        case "launch", [wing, where, "cap"]:
            return LaunchWing(_wing(wing, state, text), _hex(where, text), cap=True)
        case "refuel", [wing]:
            return RefuelWing(_wing(wing, state, text))
        case "aa", [models, "at", wing]:
            firing = tuple(_model(word, state, text) for word in models.split(",") if word)
            return FireAA(firing, _wing(wing, state, text))
        case "fly", [wing, where]:
            to = None if where.casefold() == _OFF else _hex(where, text)
            return FlyWing(_wing(wing, state, text), to)
        case "fly", [wing, where, action, target] if action.casefold() in _ACTIONS:
            to = None if where.casefold() == _OFF else _hex(where, text)
            name = _name(target, state, text)
            key = action.casefold()
            return FlyWing(
                _wing(wing, state, text),
                to,
                attack=name if key == "attack" else "",
                land=name if key == "land" else "",
                cap=name if key == "cap" else "",
            )
    raise _fail(text, f"{verb} needs: {_USAGE[verb]}")


_USAGE = {
    "launch": "launch WING HEX [cap]",
    "fly": "fly WING HEX|off [attack TARGET | land CARRIER | cap HOST]",
    "refuel": "refuel WING",
    "aa": "aa MODEL[,MODEL...] at WING",
}


def format_wing(command: Command) -> str | None:
    """Write a wing command as `parse_wing` reads it; None for any other command."""
    match command:
        case LaunchWing(wing=wing, hex=where, cap=cap):
            return f"launch {wing} {where.label}" + (" cap" if cap else "")
        case RefuelWing(wing=wing):
            return f"refuel {wing}"
        case FireAA(models=models, wing=wing):
            return f"aa {','.join(models)} at {wing}"
        case FlyWing(wing=wing, to=to, attack=attack, land=land, cap=cap):
            words = ["fly", wing, _OFF if to is None else to.label]
            for key, name in (("attack", attack), ("land", land), ("cap", cap)):
                if name:
                    words += [key, name]
            return " ".join(words)
    return None
