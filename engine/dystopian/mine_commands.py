"""Dystopian Wars mines as a command, a token and events (DW-18.6, DW-28.10).

New classes only (no saved field changes): `DropMine` names the mine-layer; `MineDropped` puts
a `state.MineToken` on the table; `MineExploded` records one blast (its dice, the chain dice)
and removes the mine; the hits it deals are `DamageDealt` events as for any attack; `MineMoved`
moves a magnetic mine in the End Phase (DW-24, `engine.dystopian.magnetic_mines`);
`MinefieldLaid` puts a Minefields model's mines down after deployment (DW-24,
`engine.dystopian.minefields`).
"""

from __future__ import annotations

from attrs import evolve, frozen

from engine.dystopian.commands import DWCommand
from engine.dystopian.events import DWEvent
from engine.dystopian.state import DWState, MineToken
from engine.hexes import Hex

__all__ = [
    "MINE_COMMANDS",
    "MINE_EVENTS",
    "DropMine",
    "MineDropped",
    "MineExploded",
    "MineMoved",
    "MinefieldLaid",
    "apply_mine_moved",
    "apply_minefield_laid",
    "tell_mine_moved",
    "tell_minefield_laid",
]


@frozen
class DropMine(DWCommand):
    """Drop one mine in the hex ahead of the model's bow (DW-18.6, DW-28.10).

    Attributes:
        model: the mine-layer, of the active squadron.
    """

    TAG = "dw_drop_mine"
    model: str


@frozen
class MineDropped(DWEvent):
    """DW-18.6: a mine is laid (``mine``); it goes off at once if a model is in its hex."""

    TAG = "dw_mine_dropped"
    mine: MineToken


@frozen
class MineExploded(DWEvent):
    """DW-18.6 / DW-28.10: the mine in ``hex`` goes off and is removed.

    ``ad``, ``faces`` and ``hits``: its pool at 4+ (DW-2.1); ``victims``: every surface and
    submerged model in the blast, each taking all the hits; ``chain``: the D6 for each other mine
    in the blast, ``(hex, face)`` (5-6: it goes off next).
    """

    TAG = "dw_mine_exploded"
    hex: Hex
    ad: int
    faces: tuple[int, ...]
    hits: int
    victims: tuple[int, ...]
    chain: tuple[tuple[Hex, int], ...] = ()


MINE_COMMANDS: tuple[type[DWCommand], ...] = (DropMine,)
"""The mine commands, for the ruleset and its converter."""


@frozen
class MineMoved(DWEvent):
    """DW-24 Magnetic Mines: the mine in ``start`` moves to ``end`` (End Phase)."""

    TAG = "dw_mine_moved"
    start: Hex
    end: Hex


def apply_mine_moved(event: MineMoved, state: DWState) -> DWState:
    """DW-24: the mine now lies in ``end``."""
    moved = tuple(evolve(m, hex=event.end) if m.hex == event.start else m for m in state.mines)
    return evolve(state, mines=moved)


def tell_mine_moved(event: MineMoved, before: DWState, after: DWState) -> str:
    """One sentence for the log."""
    del after
    mine = next((m for m in before.mines if m.hex == event.start), None)
    whose = "A magnetic mine" if mine is None else f"{before.players[mine.owner]}'s magnetic mine"
    return f"{whose} moves from {event.start.label} to {event.end.label} (DW-24)."


@frozen
class MinefieldLaid(DWEvent):
    """DW-24 Minefields: model ``model``'s ``mines`` (5 of 5 AD) lie on the table."""

    TAG = "dw_minefield_laid"
    model: int
    mines: tuple[MineToken, ...]


def apply_minefield_laid(event: MinefieldLaid, state: DWState) -> DWState:
    """DW-24: the mines lie on the table."""
    return evolve(state, mines=(*state.mines, *event.mines))


def tell_minefield_laid(event: MinefieldLaid, before: DWState, after: DWState) -> str:
    """One sentence for the log."""
    del after
    model = before.models[event.model]
    where = ", ".join(m.hex.label for m in event.mines)
    ad = event.mines[0].ad if event.mines else 0
    count = len(event.mines)
    return (
        f"{before.players[model.owner]}'s {model.ident} lays a minefield: {count} mines of "
        f"{ad} AD in {where} (DW-24)."
    )


MINE_EVENTS: tuple[type[DWEvent], ...] = (MineDropped, MineExploded, MineMoved, MinefieldLaid)
"""The mine events, for the ruleset and its converter."""
