"""The close formation's order: 2 or 3 units make one close attack on one enemy (AOD-18.4).

Rules: AOD-18.1 / AOD-18.4 / AOD-18.5 (who may form one, each member's front arc touching the
same enemy: `engine.aod.formations.formation_problems`), AOD-18.4 (the leader's attack and
damage; +2 attack per member beyond the leader and +2 once if any touches the rear arc:
`engine.aod.formations.close_bonus`; a critical miss costs only the leader its click; a failed
capture of a 'Mech costs every member 1 pushing click, of another target the leader only:
`engine.aod.formations.failed_capture_clicks`), AOD-7.2 / AOD-7.4 / AOD-7.5 (one order from the
pool, a token on every member, each pushed member its own push), AOD-11.8 and AOD-14 (the attack
itself is the leader's close attack, `engine.aod.close_order.close_attack`, with the bonus).

[DESIGN] `close_formation_commands` lists, for each enemy, the first legal formation of two and
of three of the active player's units that may close-attack it (menus, bots, property tests).
"""

from __future__ import annotations

from itertools import combinations

from engine.aod.artillery_order import formation_ordered
from engine.aod.close_order import (
    close_attack,
    close_attack_problem,
    close_commands,
    combat_problem_text,
)
from engine.aod.combat import Modifier
from engine.aod.commands import CloseCombat, CloseFormation
from engine.aod.context import Ctx
from engine.aod.effects import damage
from engine.aod.fighters import target_index
from engine.aod.formation_order import FormationCode, formation_roster
from engine.aod.formations import (
    SIZES,
    FormationKind,
    close_bonus,
    failed_capture_clicks,
    formation_problems,
)
from engine.aod.state import AoDState, OrderKind
from engine.aod.turns import after_order, order_unit, orderable
from engine.game import Command, IllegalCommand

__all__ = ["close_formation_commands", "close_formation_order", "close_formation_problem"]

_KIND = FormationKind.CLOSE


def close_formation_problem(
    state: AoDState, members: tuple[int, ...], target: int, *, capture: bool
) -> str:
    """AOD-18.4 / AOD-18.5 / AOD-14: why this close formation may not attack, or "".

    ``members``: unit indices, the leader first. The leader's attack must be legal as a Close
    Combat order (contact, water, elevation, a lock: `close_attack_problem`); every member must
    be able to take a Close Combat order now (AOD-7.2, AOD-7.3).
    """
    for member in members:
        if OrderKind.CLOSE not in orderable(state, member):
            return f"{state.units[member].ident} cannot take a close order now."
    if len(set(members)) != len(members):
        return "Name each member once."
    roster, indices = formation_roster(state)
    problems = formation_problems(
        roster, _KIND, [indices.index(m) for m in members], indices.index(target), capture=capture
    )
    if problems:
        return problems[0]
    leader = state.units[members[0]]
    command = CloseCombat(leader.ident, state.units[target].ident, capture=capture)
    why = close_attack_problem(state, members[0], target, command)
    return "" if why is None else combat_problem_text(why)


def close_formation_order(ctx: Ctx, command: Command) -> None:
    """AOD-18.4: the formation's one order, tokens for all, the leader's attack with the bonus."""
    assert isinstance(command, CloseFormation)  # noqa: S101 - dispatched by type
    if not command.members:
        raise IllegalCommand(FormationCode.ILLEGAL, "Name the formation's members.")
    leader = order_unit(ctx, command.members[0], OrderKind.CLOSE)
    members = (leader, *(target_index(ctx.state, m) for m in command.members[1:]))
    target = target_index(ctx.state, command.target)
    why = close_formation_problem(ctx.state, members, target, capture=command.capture)
    if why:
        raise IllegalCommand(FormationCode.ILLEGAL, why)
    field, indices = ctx.state.battlefield()
    bonus = close_bonus(field, [indices.index(m) for m in members], indices.index(target))
    target_is_mech = ctx.state.definition(target).is_mech
    pushed = formation_ordered(ctx, members, OrderKind.CLOSE)
    attack = CloseCombat(command.members[0], command.target, capture=command.capture)
    extra = (Modifier("close formation", bonus, "AOD-18.4"),)
    hit = close_attack(ctx, leader, target, attack, formation=extra)
    if command.capture and not hit:  # AOD-18.4: the leader's click is close_attack's own
        clicks = failed_capture_clicks(members, target_is_mech=target_is_mech)
        for member in members[1:]:
            if clicks.get(member) and ctx.state.units[member].on_board:
                tokens = ctx.state.units[member].tokens
                damage(ctx, member, clicks[member], "failed capture", by=None, tokens=tokens)
    after_order(ctx, leader, pushed=pushed, heat=())


def close_formation_commands(state: AoDState) -> list[Command]:
    """Close formations the rules accept now: per enemy, the first of two and of three members.

    A member is a unit that may close-attack the enemy on its own (`close_commands`); the leader
    is the first such unit in index order (bounded for menus, bots and property tests).
    """
    if not state.orders_left:
        return []
    found: list[Command] = []
    fewest, most = SIZES[_KIND]
    for target, able in sorted(_attackers(state).items()):
        for size in range(fewest, most + 1):
            for group in combinations(able, size):
                if not close_formation_problem(state, group, target, capture=False):
                    idents = tuple(state.units[n].ident for n in group)
                    found.append(CloseFormation(idents, state.units[target].ident))
                    break
    return found


def _attackers(state: AoDState) -> dict[int, list[int]]:
    """Each enemy some of the active player's units may close-attack now: those units."""
    attackers: dict[int, list[int]] = {}
    for index in state.owned(state.active):
        if OrderKind.CLOSE not in orderable(state, index):
            continue
        for command in close_commands(state, index):
            assert isinstance(command, CloseCombat)  # noqa: S101 - close_commands' type
            if command.capture or command.secondary:
                continue
            target = state.index_of(command.target)
            if target is not None and index not in attackers.setdefault(target, []):
                attackers[target].append(index)
    return attackers
