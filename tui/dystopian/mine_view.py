"""Mines in the order panel (DW-18.6, DW-28.10).

`drop_lines` previews a `DropMine`: the hex ahead of the bow, the AD, and what happens there;
`sweep_lines` a `SweepMine`: the CC dice at 5-6, the hits to expect against the mine's AD.
The board draws the mines on the table as `tui.dystopian.pieces.MineMarker` (``*``, in its owner's
colour), made from ``state.mines`` by `tui.dystopian.board_view.mine_markers`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.dystopian import ordnance
from engine.dystopian.aux_fire import auxiliary_dice_of
from engine.dystopian.mine_fire import drop_problem, mine_ahead
from engine.dystopian.mine_sweep import sweep_problem

if TYPE_CHECKING:
    from engine.dystopian.mine_commands import DropMine
    from engine.dystopian.state import DWState
    from engine.dystopian.sweep_events import SweepMine

__all__ = ["drop_lines", "sweep_lines"]


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


def sweep_lines(state: DWState, command: SweepMine) -> list[str]:
    """DW-18.6: the CC dice fired at the mine, needing 5-6, and the hits to expect vs its AD."""
    indices = tuple(n for name in command.models if (n := state.index_of(name)) is not None)
    mine = next((m for m in state.mines if m.hex == command.hex), None)
    if mine is None or len(indices) != len(command.models):
        return []
    problem = sweep_problem(state, indices, command.hex)
    if problem:
        return [problem]
    dice = sum(auxiliary_dice_of(state, n, ordnance.Aux.CC) for n in indices)
    expected = dice * 0.5  # DW-2.1 at 5+: a 5 one hit, a 6 two (and its extra die, left out)
    who = ", ".join(command.models)
    return [
        f"{who}: CC {dice} dice at the mine in {command.hex.label} ({mine.ad} AD), 5-6",
        f"  about {expected:.1f} hits; {mine.ad} destroy it, fewer are lost (DW-18.6)",
    ]
