"""Dystopian Wars morale: command, break and bravery checks (DW-9.3, DW-10).

- `elements`: the squadron's groups of models each within Command Distance (3 hexes, DW-28.3) of
  another; `out_of_command`: models not within CD of the commanded element (DW-9.3).
- `check_plan`: the dice and the successes a check needs (DW-10.3): 3D6, 1 success; 2 when the
  fleet has lost its Commodore, 2 when the squadron has lost half its models, 3 for both; +1D6
  within 8" (4 hexes) of the Commodore; -1D6 out of command; +1D6 within 8" of a friendly Icon
  (break and bravery only, DW-27 item 26); +1D6 Die Hard Crew; Fearless passes every check.
  No checks at all for burrowers, creatures, fortifications, robots and submarines (DW-10.2).
- `roll_check`: the pool with the exploding table of DW-2.1 (4-5 one success, 6 two and a die).
- `break_checks_due`: the squadrons that test in the morale segment (DW-10.2): those that lost a
  model this activation (escorts do not count, DW-10.2), and every squadron of a fleet whose
  Commodore was lost; not those already broken.

Separated models test apart in the seed (DW-10.2); here a squadron tests as one [DESIGN], with
the modifiers any of its models earns, and a failure breaks every model of it on the board.
"""

from __future__ import annotations

from attrs import frozen

from engine.dice import DiceSource
from engine.dystopian.dice import roll_pool
from engine.dystopian.events import CheckKind
from engine.dystopian.state import COMMAND_DISTANCE, DWState

__all__ = [
    "AURA",
    "CHECK_DICE",
    "CheckPlan",
    "CheckRoll",
    "break_checks_due",
    "check_plan",
    "elements",
    "exempt",
    "half_lost",
    "needed_successes",
    "out_of_command",
    "roll_check",
]

CHECK_DICE = 3
"""DW-10.3: a check rolls 3D6 before modifiers."""
AURA = 4
"""DW-10.3 / DW-28.3: the Commodore's and an Icon's 8" reach, 4 hexes."""


@frozen
class CheckPlan:
    """What a check rolls: ``dice`` D6 needing ``needed`` successes; ``automatic``: Fearless."""

    dice: int
    needed: int
    automatic: bool = False


@frozen
class CheckRoll:
    """A check rolled: every die's face, the successes, and whether it passed."""

    faces: tuple[int, ...]
    successes: int
    passed: bool


def exempt(state: DWState, squadron: int) -> bool:
    """DW-10.2: burrowers, creatures, fortifications, robots and submarines take no checks."""
    return not state.card(state.squadrons[squadron].models[0]).takes_morale_checks


def needed_successes(*, commodore_lost: bool, half_lost: bool) -> int:
    """DW-10.3: 1 success; 2 without the Commodore or with half lost; 3 with both."""
    return 1 + int(commodore_lost) + int(half_lost)


def half_lost(state: DWState, squadron: int) -> bool:
    """DW-10.3: the squadron has lost half or more of its models (escorts left out, DW-21)."""
    members = [n for n in state.squadrons[squadron].models if not state.models[n].escort]
    lost = sum(1 for n in members if state.models[n].lost)
    return bool(members) and lost * 2 >= len(members)


def elements(state: DWState, squadron: int) -> tuple[tuple[int, ...], ...]:
    """DW-9.3: the squadron's elements: groups linked by models within CD of one another."""
    left = list(state.alive(squadron))
    groups: list[tuple[int, ...]] = []
    while left:
        group = [left.pop(0)]
        grew = True
        while grew:
            near = [n for n in left if any(_within(state, n, m, COMMAND_DISTANCE) for m in group)]
            grew = bool(near)
            group += near
            left = [n for n in left if n not in near]
        groups.append(tuple(sorted(group)))
    return tuple(groups)


def _within(state: DWState, a: int, b: int, reach: int) -> bool:
    here, there = state.models[a].hex, state.models[b].hex
    return here is not None and there is not None and here.distance(there) <= reach


def out_of_command(state: DWState, squadron: int, element: tuple[int, ...]) -> tuple[int, ...]:
    """DW-9.3: the squadron's models on the board not within CD of the commanded element."""
    return tuple(
        n
        for n in state.alive(squadron)
        if n not in element and not any(_within(state, n, m, COMMAND_DISTANCE) for m in element)
    )


def _near_commodore(state: DWState, models: tuple[int, ...]) -> bool:
    owner = state.models[models[0]].owner
    flagship = state.flagship(owner)
    return flagship is not None and any(_within(state, n, flagship, AURA) for n in models)


def _near_icon(state: DWState, models: tuple[int, ...]) -> bool:
    owner = state.models[models[0]].owner
    icons = [
        n
        for n, m in enumerate(state.models)
        if m.owner == owner and m.on_board and state.card(n).has("icon")
    ]
    return any(_within(state, n, icon, AURA) for n in models for icon in icons)


def check_plan(
    state: DWState, kind: CheckKind, squadron: int, models: tuple[int, ...]
) -> CheckPlan | None:
    """DW-10.3: the dice and successes of a check by ``models`` of ``squadron``; None: exempt.

    A command check is one model's, out of command by definition (-1D6, DW-9.3).
    """
    if exempt(state, squadron) or not models:
        return None
    card = state.card(state.squadrons[squadron].models[0])
    owner = state.squadrons[squadron].owner
    needed = needed_successes(
        commodore_lost=state.commodore_lost[owner], half_lost=half_lost(state, squadron)
    )
    if card.has("fearless"):  # DW-27 item 26: every check of DW-10
        return CheckPlan(0, needed, automatic=True)
    dice = CHECK_DICE
    dice += int(_near_commodore(state, models))
    dice -= int(kind is CheckKind.COMMAND)
    dice += int(kind is not CheckKind.COMMAND and _near_icon(state, models))
    dice += int(card.has("die_hard_crew"))
    return CheckPlan(max(dice, 0), needed)


def roll_check(dice: DiceSource, plan: CheckPlan) -> CheckRoll:
    """DW-10.3: roll the plan's pool with the exploding table (DW-2.1) and judge it."""
    if plan.automatic:
        return CheckRoll((), 0, passed=True)
    pool = roll_pool(dice, plan.dice)
    return CheckRoll(pool.faces, pool.hits, passed=pool.hits >= plan.needed)


def _broken(state: DWState, squadron: int) -> bool:
    return any(state.models[n].markers.broken for n in state.alive(squadron))


def _crewed(state: DWState, squadron: int) -> bool:
    """The squadron has a model on the table that is no derelict (DW-19.6: its crew is gone)."""
    return any(not state.models[n].markers.derelict for n in state.alive(squadron))


def break_checks_due(state: DWState) -> tuple[int, ...]:
    """DW-10.2: the squadrons that take a break check in this activation's morale segment."""
    activation = state.activation
    if activation is None:
        return ()
    due: set[int] = set()
    for lost in activation.losses:
        model = state.models[lost]
        if model.commodore:  # every squadron of that fleet tests
            due |= {n for n, s in enumerate(state.squadrons) if s.owner == model.owner}
        if not model.escort:  # DW-10.2: losing an escort triggers nothing
            due.add(model.squadron)
    return tuple(
        sorted(
            n for n in due if _crewed(state, n) and not exempt(state, n) and not _broken(state, n)
        )
    )
