"""Mines on the DW board and in the order panel (DW-18.6, DW-28.10).

A mine is drawn ``¤M4`` (``xM4`` in ASCII): the mine mark, ``M`` for the first player's (``m``
the second's) and its AD, in its owner's colour; a model in the same hex is drawn over it.
`drop_lines` previews a `DropMine`: the hex ahead of the bow, the AD, and what happens there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from attrs import frozen

from engine.dystopian.mine_fire import drop_problem, mine_ahead
from engine.hexes import Facing
from tui.widgets.board_view import Glyph
from tui.widgets.hexboard import UnitMarker

if TYPE_CHECKING:
    from engine.dystopian.mine_commands import DropMine
    from engine.dystopian.state import DWState

__all__ = ["MINE_GLYPH", "MineMarker", "drop_lines", "mine_markers"]

MINE_GLYPH: Final = Glyph("kind", "a mine", "¤", "x")
"""The mark before a mine's letter, so ``¤M4`` never reads as a model."""


@frozen
class MineMarker(UnitMarker):
    """A mine on the board: its mark, letter and AD, no facing (DW-18.6)."""

    ad: int = 0


def mine_markers(state: DWState) -> list[MineMarker]:
    """Every mine on the table as a marker."""
    return [
        MineMarker(
            mine.hex,
            "m" if mine.owner == 1 else "M",
            Facing.N,
            side=mine.owner % 4,
            kind=MINE_GLYPH,
            label=f"a mine of {state.players[mine.owner]} ({mine.ad} AD)",
            ad=mine.ad,
        )
        for mine in state.mines
    ]


def drop_lines(state: DWState, command: DropMine) -> list[str]:
    """DW-18.6: where the mine would go, its AD, and whether it goes off at once."""
    index = state.index_of(command.model)
    if index is None:
        return []
    problem = drop_problem(state, index)
    if problem:
        return [f"{command.model}: {problem}"]
    ahead = mine_ahead(state, index)
    if ahead is None:
        return []
    ad = next((w.ad[0] for w in state.card(index).weapons if w.kind.value == "mine"), 0)
    lines = [f"{command.model} drops a mine ({ad} AD) in {ahead.label}, ahead of its bow"]
    under = next((m for m in state.models if m.on_board and m.hex == ahead), None)
    if under is not None:
        lines.append(f"  onto {under.ident}: it goes off at once (DW-18.6)")
    else:
        lines.append("  it goes off when a model enters its hex in a later activation")
    return lines
