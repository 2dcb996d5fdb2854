"""The scenario's objective and turn limit in words, for the header (issue 13 item 4).

The player keeps the goal in sight: the header names it at every size, in full on a wide terminal
and in a short form at 80 x 24, and the turn reads "turn 3 of 10" when the scenario has a limit.
The conditions are `engine.battletech.rules.victory`'s (BT-M-12 and the scenario's ``[victory]``).
"""

from __future__ import annotations

from engine.battletech.state import BTState, Phase

__all__ = ["heading", "objective_text", "turn_text"]

_EDGES = {"N": "north", "S": "south", "W": "west", "E": "east"}


def _side(state: BTState, side: int) -> str:
    return state.sides[side] if 0 <= side < len(state.sides) else f"side {side}"


def _hexes(state: BTState, limit: int) -> str:
    labels = [where.label for where in state.victory.hexes]
    if len(labels) <= limit:
        return ", ".join(labels) if limit > 1 else "/".join(labels)
    return ", ".join(labels[:limit]) + f" (+{len(labels) - limit})"


def objective_text(state: BTState, *, short: bool = False) -> str:
    """The scenario's objective in one phrase; ``short`` for the 80-column header.

    Args:
        state: the game (its ``victory`` and sides).
        short: the compact form, which leaves the turn limit to `turn_text`: "Goal: Kurita
            holds 0708+".

    Returns:
        E.g. "Objective: destroy every enemy unit (after turn 15: most tonnage)": when the turn
        limit comes, the side with the most tonnage still fighting wins.
    """
    victory = state.victory
    turns = victory.turns
    if victory.kind == "hold":
        who = _side(state, victory.side)
        if short:
            first = victory.hexes[0].label if victory.hexes else "?"
            more = "+" if len(victory.hexes) > 1 else ""
            return f"Goal: {who} holds {first}{more}"
        return f"Objective: {who} holds {_hexes(state, 4)} through turn {turns}"
    if victory.kind == "withdraw":
        who = _side(state, victory.side)
        units = "unit" if victory.count == 1 else "units"
        edge = _EDGES.get(victory.edge, victory.edge)
        if short:
            return f"Goal: {who} {victory.count} off {victory.edge} edge"
        return f"Objective: {who} gets {victory.count} {units} off the {edge} edge by turn {turns}"
    what = "destroy or cripple" if victory.cripple else "destroy"
    if short:
        return f"Goal: {'cripple' if victory.cripple else 'destroy'} all"
    text = f"Objective: {what} every enemy unit"
    if turns:
        text += f" (after turn {turns}: most tonnage)"
    return text


def turn_text(state: BTState, summary_turn: str) -> str:
    """The summary's "turn 3" with the limit when there is one: "turn 3 of 10"."""
    turns = state.victory.turns
    if turns and summary_turn.startswith("turn "):
        return f"{summary_turn} of {turns}"
    return summary_turn


COMPACT_TITLE = 24
"""The longest title the compact header shows whole (a longer one ends in "...")."""


def heading(state: BTState, summary_turn: str, *, compact: bool) -> list[str]:
    """The header's parts: title, turn (of the limit), the objective and the phase.

    The wide form: "BattleTech - Bridge   turn 3 of 8   movement phase   Objective: ...". The
    compact form (80 columns) leaves out "BattleTech - ", cuts a long title, shortens the objective
    and puts it before the phase, which the prompt line below tells too.
    """
    title = state.title or "BattleTech"
    turn = turn_text(state, summary_turn)
    phase = state.phase.value if state.phase not in {Phase.DEPLOYMENT, Phase.OVER} else ""
    if not compact:
        parts = [f"BattleTech - {title}", turn, f"{phase} phase" if phase else ""]
        return [part for part in (*parts, objective_text(state)) if part]
    if len(title) > COMPACT_TITLE:
        title = title[: COMPACT_TITLE - 3].rstrip() + "..."
    return [part for part in (title, turn, objective_text(state, short=True), phase) if part]
