"""Tiny-flyer wings on the DW play screen: their board tokens, their card and where they wait.

DW-20 and DW-28.13 item 4 (wing fuel and token count). A wing in the air is drawn as its own
token (`wing_markers`): the wing mark ``*``, a letter for its kind (F fighters, R recon,
B bombers, T torpedo bombers; the first player's upper case, the second's lower case) and its
tokens left, in its owner's colour (``*F5``): no facing mark, wings turn freely (DW-20.2). A
wing on Combat Air Patrol (DW-20.8) shares its host's hex: the host is drawn with the board's
``+`` (more than one piece there) and the wing's letter and tokens at the right of the hex
(`WingMarker.cap`); Tab or Enter on the hex selects either. Wings off the table (on a deck, off
their edge, refuelling) are listed in one line (`off_board_line`). `wing_lines` is the wing's
card: kind, tokens, fuel, place, CAP host, Abort and rearm.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from attrs import frozen

from engine.dystopian.aircraft import wing_mp
from engine.dystopian.models import TinyKind
from engine.dystopian.wing_rules import rule_wing, wing_hex
from engine.dystopian.wing_state import WingPlace
from engine.hexes import Facing
from tui.widgets.board_view import Glyph
from tui.widgets.hexboard import UnitMarker

if TYPE_CHECKING:
    from engine.dystopian.state import DWState
    from engine.dystopian.wing_state import WingState

__all__ = [
    "WING_GLYPH",
    "WING_LETTERS",
    "WingMarker",
    "off_board_line",
    "place_words",
    "wing_letter",
    "wing_lines",
    "wing_markers",
    "wing_short",
    "wings_at",
]

WING_LETTERS: Final = {
    TinyKind.FIGHTER: "F",
    TinyKind.RECON: "R",
    TinyKind.BOMBER: "B",
    TinyKind.TORPEDO_BOMBER: "T",
}
"""DW-20.1: one letter a kind of tiny flyer."""
WING_GLYPH: Final = Glyph("flying", "a tiny-flyer wing", "*", "*")
"""The mark before a wing's letter, so ``*F5`` never reads as a frigate."""
_NORTH: Final = Facing.N
_KIND_WORDS: Final = {
    TinyKind.FIGHTER: "fighters",
    TinyKind.RECON: "recon plane",
    TinyKind.BOMBER: "dive bombers",
    TinyKind.TORPEDO_BOMBER: "torpedo bombers",
}


@frozen
class WingMarker(UnitMarker):
    """A wing on the board: its letter and tokens, no facing (DW-20.2).

    Attributes:
        tokens: the tokens left (drawn after the letter).
        cap: it flies over its host (DW-20.8): drawn at the right of the host's hex.
        wing: the wing's index in the state.
    """

    tokens: int = 0
    cap: bool = False
    wing: int = -1


def wing_letter(wing: WingState) -> str:
    """The wing's letter: its kind's, upper case for the first player, lower for the second."""
    letter = WING_LETTERS[wing.kind]
    return letter.lower() if wing.owner == 1 else letter


def wing_short(wing: WingState) -> str:
    """The wing as drawn: ``*F5``."""
    return f"*{wing_letter(wing)}{wing.tokens}"


def wings_at(state: DWState, where: object) -> list[int]:
    """The wings flying in ``where`` (free or on CAP over a host there)."""
    return [n for n in range(len(state.wings)) if wing_hex(state, n) == where]


def wing_markers(state: DWState, selected: int | None = None) -> list[WingMarker]:
    """Every wing in the air as a marker; CAP wings after their host's marker (DW-20.8)."""
    markers = []
    for index, wing in enumerate(state.wings):
        where = wing_hex(state, index)
        if where is None:
            continue
        cap = wing.cap is not None
        markers.append(
            WingMarker(
                where,
                wing_letter(wing),
                state.models[wing.cap].facing if cap and wing.cap is not None else _NORTH,
                side=wing.owner % 4,
                kind=WING_GLYPH,
                selected=index == selected,
                label=f"{wing.ident} ({wing.tokens} {_KIND_WORDS[wing.kind]})",
                tokens=wing.tokens,
                cap=cap,
                wing=index,
            )
        )
    return markers


def place_words(state: DWState, wing: WingState) -> str:
    """Where the wing is, in words."""
    match wing.place:
        case WingPlace.DECK:
            carrier = "" if wing.carrier is None else f" of {state.models[wing.carrier].ident}"
            return f"on the deck{carrier}"
        case WingPlace.EDGE:
            return "off its edge, fuelled (it may fly in)"
        case WingPlace.REFUEL:
            return "off its table edge, refuelling (refuel it)"
        case WingPlace.LOST:
            return "lost"
    if wing.cap is not None:
        host = state.models[wing.cap]
        where = "" if host.hex is None else f" in {host.hex.label}"
        return f"on CAP over {host.ident}{where}"
    return "in the air" + ("" if wing.hex is None else f" at {wing.hex.label}")


def wing_lines(state: DWState, index: int, *, compact: bool = False) -> list[str]:
    """The wing's card (DW-20.2, DW-20.5, DW-20.7, DW-20.8), a line each."""
    wing = state.wings[index]
    profile = wing.profile
    player = state.players[wing.owner]
    lines = [f"{wing.ident} {wing_short(wing)} ({player})"]
    lines.append(f"{wing.tokens} {profile.name.lower()} token{'s' * (wing.tokens != 1)}")
    lines.append(place_words(state, wing))
    mp = wing_mp(profile, rule_wing(wing), max(state.turn, 1))
    if compact:
        lines.append(f'MV {profile.mv}" ({mp})  AD {profile.ad}  AA {profile.aa}/token')
    else:
        lines.append(f'MV {profile.mv}" ({mp} hexes)  AD {profile.ad}  AA {profile.aa} a token')
    fuel = "#" * wing.fuel + "." * max(0, 6 - wing.fuel)
    low = ": half move, no attacks" if wing.fuel <= 1 and not compact else ""
    lines.append(f"Fuel {wing.fuel}/6 {fuel}{low}")
    flags = []
    if wing.aborted:
        flags.append("Aborted (no attacks this activation)")
    if wing.rearm:
        flags.append("must rearm (land or leave by its edge)")
    if wing.acted == state.turn and state.turn:
        flags.append("has acted this turn")
    if flags:
        lines.append("; ".join(flags))
    if wing.carrier is not None and wing.place is not WingPlace.DECK:
        lines.append(f"Carrier: {state.models[wing.carrier].ident}")
    return lines


def off_board_line(state: DWState, owner: int | None = None) -> str:
    """The wings off the table (on deck, off an edge, refuelling), in one line; "" for none."""
    words = {WingPlace.DECK: "deck", WingPlace.EDGE: "edge", WingPlace.REFUEL: "refuel"}
    parts = []
    for wing in state.wings:
        if wing.place not in words or (owner is not None and wing.owner != owner):
            continue
        where = words[wing.place]
        if wing.place is WingPlace.DECK and wing.carrier is not None:
            where = state.models[wing.carrier].ident
        parts.append(f"{wing_short(wing)} {where}")
    return "Wings off: " + ", ".join(parts) if parts else ""
