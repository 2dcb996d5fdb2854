"""The end of the game and its victory points (AOD-22.1 to AOD-22.3, AOD-25 #9, #26, #27).

- `game_over_reason`: the game ends when at most one player still has a functional unit on the
  battlefield (AOD-22.1 item 1); the round limit and the clock are the turn machine's.
- `final_scores`: the three conditions' VP at the end: Elimination (kept as units fall),
  Battlefield control (survivors, and enemy salvage outside its owner's zone, AOD-25 #9; nothing
  when every unit of yours on the board is heavily damaged, AOD-25 #27), deployment-zone control
  (accumulated in command stages).
- `judge`: each condition's winner (ties: nobody), the game's winner by most conditions, then the
  tie-breaks: Battlefield control VP, Elimination VP, a die (AOD-22.3).
- `elimination_scorer`: who scores a unit that fell to pushing, heat or its own attack: the last
  opponent to damage it, else in a two-player game the opponent, else nobody (AOD-25 #26).

Captives count for their captor's player (AOD-22.2 (b), (c):
`engine.aod.closecombat.captive_points`) and are no survivor, salvage or zone unit of anyone's;
passengers are not modelled yet.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.aod.closecombat import captive_points
from engine.aod.state import AoDState, Result, Score
from engine.dice import DiceSource

__all__ = [
    "CONDITIONS",
    "elimination_scorer",
    "final_scores",
    "game_over_reason",
    "judge",
    "zone_points",
]

CONDITIONS = ("Elimination", "Battlefield control", "Deployment-zone control")
"""The three victory conditions, in the order of `Score` and `Result.conditions` (AOD-22.2)."""


def game_over_reason(state: AoDState) -> str | None:
    """AOD-22.1 item 1: why the game is over by elimination, or None while two sides fight on."""
    standing = [
        player
        for player in range(len(state.setup.players))
        if any(state.functional(n) for n in state.owned(player))
    ]
    if len(standing) > 1:
        return None
    if not standing:
        return "no player has a functional unit left"
    return f"only {state.players[standing[0]]} has a functional unit left"


def zone_points(state: AoDState, player: int) -> int:
    """AOD-22.2 condition 3: 1 VP per unit of ``player`` standing in an opponent's zone."""
    zones = [state.setup.zone(p) for p in range(len(state.setup.players)) if p != player]
    return sum(
        1
        for n in state.owned(player)
        if state.units[n].on_board
        and state.units[n].captor is None  # AOD-22.2: captives do not count
        and any(state.units[n].hex in zone for zone in zones)
    )


def elimination_scorer(state: AoDState, index: int, by: int | None = None) -> int | None:
    """AOD-22.2 condition 1 / AOD-25 #26: who scores unit ``index``'s elimination.

    ``by``: the opponent whose attack eliminated it, if one did.
    """
    owner = state.units[index].owner
    if by is not None and by != owner:
        return by
    last = state.units[index].last_damager
    if last is not None and last != owner:
        return last
    if len(state.setup.players) == 2:  # noqa: PLR2004 - AOD-25 #26: in a 2-player game
        return 1 - owner
    return None


def _control(state: AoDState, player: int) -> int:
    """AOD-22.2 condition 2: survivors, captives (b, c), enemy salvage outside its owner's zone."""
    mine = [n for n in state.owned(player) if state.units[n].on_board]
    if not any(state.functional(n) for n in mine):
        return 0  # AOD-25 #27: only captives and heavily damaged units on the board: no control VP
    survivors = sum(state.units[n].points for n in mine if state.functional(n))
    salvage = captives = 0
    zone = state.setup.zone(player)
    for n, unit in enumerate(state.units):
        captor = unit.captor
        if unit.on_board and captor is not None and state.units[captor].owner == player:
            captives += captive_points(
                state.definition(n), unit.points, in_captor_zone=unit.hex in zone
            )
            continue
        if (
            unit.owner == player
            or not unit.on_board
            or not state.heavy_damage(n)
            or captor is not None
        ):
            continue
        if unit.hex not in state.setup.zone(unit.owner):
            salvage += unit.points
    return survivors + captives + salvage


def final_scores(state: AoDState) -> tuple[Score, ...]:
    """AOD-22.2: every player's VP in the three conditions at the end of the game."""
    return tuple(
        Score(state.elimination[p], _control(state, p), state.zone_vp[p])
        for p in range(len(state.setup.players))
    )


def _condition_winner(values: Sequence[int]) -> int | None:
    """AOD-22.3 step 1: the player with the most VP, or None when several share the most."""
    best = max(values)
    leaders = [p for p, v in enumerate(values) if v == best]
    return leaders[0] if len(leaders) == 1 else None


def judge(scores: tuple[Score, ...], reason: str, dice: DiceSource) -> Result:
    """AOD-22.3: the conditions' winners and the game's, with the tie-break dice if needed."""
    columns = (
        [s.elimination for s in scores],
        [s.control for s in scores],
        [s.zone for s in scores],
    )
    conditions = tuple(_condition_winner(column) for column in columns)
    wins = [sum(1 for w in conditions if w == p) for p in range(len(scores))]
    tied = [p for p, w in enumerate(wins) if w == max(wins)]
    for values in (columns[1], columns[0]):  # AOD-22.3 step 3: control VP, then elimination
        best = max(values[p] for p in tied)
        tied = [p for p in tied if values[p] == best]
    rounds: list[tuple[int, ...]] = []
    while len(tied) > 1:  # AOD-22.3 step 3: a die roll, the tied ones again on a tie
        rolls = dice.roll(len(tied), 6)
        rounds.append(rolls)
        tied = [p for p, r in zip(tied, rolls, strict=True) if r == max(rolls)]
    return Result(reason, scores, conditions, tied[0], tuple(rounds))
