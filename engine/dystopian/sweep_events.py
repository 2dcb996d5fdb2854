"""Dystopian Wars: the command and event of CC fired at a mine (DW-18.6), and their words.

New classes only (no saved field changes): `SweepMine` names the models (one, or squadron-mates
combining their CC) and the mine's hex; `MineSwept` records the pool and, when the hits reach
the mine's AD, removes it. The rules are `engine.dystopian.mine_sweep`.
"""

from __future__ import annotations

from attrs import evolve, frozen

from engine.dystopian.commands import DWCommand
from engine.dystopian.events import DWEvent
from engine.dystopian.state import DWState
from engine.game import Event
from engine.hexes import Hex
from engine.narration import Roll

__all__ = [
    "SWEEP_COMMANDS",
    "SWEEP_EVENTS",
    "MineSwept",
    "SweepMine",
    "apply_mine_swept",
    "sweep_rolls",
    "tell_mine_swept",
]


@frozen
class SweepMine(DWCommand):
    """DW-18.6: fire CC at the mine in ``hex`` (``models``: one, or squadron-mates combined)."""

    TAG = "dw_sweep_mine"
    models: tuple[str, ...]
    hex: Hex


@frozen
class MineSwept(DWEvent):
    """DW-18.6: ``models`` fired ``ad`` CC dice at the mine in ``hex`` (of ``mine_ad``) at 5-6.

    ``faces`` and ``hits``: the pool; ``destroyed``: the hits reached the mine's AD (it is
    removed); otherwise the hits are lost.
    """

    TAG = "dw_mine_swept"
    models: tuple[int, ...]
    hex: Hex
    mine_ad: int
    ad: int
    faces: tuple[int, ...]
    hits: int
    destroyed: bool


SWEEP_COMMANDS: tuple[type[DWCommand], ...] = (SweepMine,)
"""The sweep command, for the ruleset and its converter."""

SWEEP_EVENTS: tuple[type[DWEvent], ...] = (MineSwept,)
"""The sweep event, for the ruleset and its converter."""


def apply_mine_swept(event: MineSwept, state: DWState) -> DWState:
    """The models' CC is spent this activation; a destroyed mine is removed."""
    activation = state.activation
    if activation is not None:
        swept = (*activation.swept, *event.models)
        state = evolve(state, activation=evolve(activation, swept=swept))
    if event.destroyed:
        state = evolve(state, mines=tuple(m for m in state.mines if m.hex != event.hex))
    return state


def tell_mine_swept(event: MineSwept, before: DWState, after: DWState) -> str:
    """One sentence for the log."""
    del after
    who = " and ".join(before.models[n].ident for n in event.models)
    faces = ", ".join(map(str, event.faces)) or "no dice"
    hits = f"{event.hits} hit" if event.hits == 1 else f"{event.hits} hits"
    outcome = (
        "the mine is destroyed"
        if event.destroyed
        else f"short of its {event.mine_ad} AD, the mine survives"
    )
    return (
        f"{who} fire{'s' if len(event.models) == 1 else ''} CC at the mine in "
        f"{event.hex.label}: {event.ad} dice needing 5+ ({faces}): {hits}, {outcome} (DW-18.6)."
    )


def sweep_rolls(event: Event) -> tuple[Roll, ...]:
    """The CC dice a `MineSwept` rolled, for the dice log (none for other events)."""
    if not isinstance(event, MineSwept):
        return ()
    outcome = "mine destroyed" if event.destroyed else f"{event.hits} of {event.mine_ad}: survives"
    return (Roll("CC at a mine", event.faces, outcome=outcome),)
