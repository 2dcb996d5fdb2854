"""Mines in the order panel (DW-18.6, DW-28.10).

`drop_lines` previews a `DropMine`: the hex ahead of the bow, the AD, and what happens there.
The board draws the mines on the table as `tui.dystopian.pieces.MineMarker` (``*``, in its owner's
colour), made from ``state.mines`` by `tui.dystopian.board_view.mine_markers`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.dystopian.mine_fire import drop_problem, mine_ahead

if TYPE_CHECKING:
    from engine.dystopian.mine_commands import DropMine
    from engine.dystopian.state import DWState

__all__ = ["drop_lines"]


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
