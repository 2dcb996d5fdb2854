"""The ranged and close formations' orders: several units make one attack (AOD-18.3, 18.4).

Ranged (AOD-18.3): 3 to 5 units linked by base contact, each with a clear line of fire to the
one target (`engine.aod.formations.formation_problems`), fire the leader's attack with its
primary weapon (`engine.aod.ranged_order.fire`), +2 attack per member beyond the leader and +2
once if any member's line of fire crosses the target's rear arc
(`engine.aod.formations.ranged_bonus`); the hindering terrain and height are judged from the
leader (its own line of fire, as `fire` does); a critical miss costs only the leader its click;
a *Predator* second attack gets no formation bonus (the first attack's only). [DESIGN] The
command names no weapon and no Pulse second attack: the leader's primary, one attack.

Close rules: AOD-18.1 / AOD-18.4 / AOD-18.5 (who may form one, each member's front arc touching the
same enemy: `engine.aod.formations.formation_problems`), AOD-18.4 (the leader's attack and
damage; +2 attack per member beyond the leader and +2 once if any touches the rear arc:
`engine.aod.formations.close_bonus`; a critical miss costs only the leader its click; a failed
capture of a 'Mech costs every member 1 pushing click, of another target the leader only:
`engine.aod.formations.failed_capture_clicks`), AOD-7.2 / AOD-7.4 / AOD-7.5 (one order from the
pool, a token on every member, each pushed member its own push), AOD-11.8 and AOD-14 (the attack
itself is the leader's close attack, `engine.aod.close_order.close_attack`, with the bonus).

[INTERP] "A single rear +2" (AOD-26.17 #23): when the leader itself shoots through or touches the
rear arc, its own rear modifier (AOD-12.5 rear arc, AOD-14.2 rear contact) is that +2 and the
formation adds none for the rear; otherwise the formation's bonus carries it.

[DESIGN] `close_formation_commands` lists, for each enemy, the first legal formation of two and
of three of the active player's units that may close-attack it; `ranged_formation_commands` the
first legal trio per enemy among the first `MAX_SHOOTERS` units able to fire (menus, bots,
property tests).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from engine.aod.artillery_order import formation_ordered
from engine.aod.close_order import (
    close_attack,
    close_attack_problem,
    close_commands,
    combat_problem_text,
)
from engine.aod.combat import Modifier
from engine.aod.commands import CloseCombat, CloseFormation, RangedFormation
from engine.aod.context import Ctx
from engine.aod.effects import damage
from engine.aod.fighters import target_index
from engine.aod.formation_order import FormationCode, formation_roster
from engine.aod.formations import (
    SIZES,
    FormationKind,
    close_bonus,
    connected,
    failed_capture_clicks,
    formation_problems,
    ranged_bonus,
)
from engine.aod.ranged_order import aim, fire
from engine.aod.state import AoDState, OrderKind
from engine.aod.turns import after_order, order_unit, orderable
from engine.game import Command, IllegalCommand

__all__ = [
    "MAX_SHOOTERS",
    "close_formation_commands",
    "close_formation_order",
    "close_formation_problem",
    "ranged_formation_commands",
    "ranged_formation_modifier",
    "ranged_formation_order",
    "ranged_formation_problem",
]

MAX_SHOOTERS = 6
"""Units `ranged_formation_commands` combines (the first able ones), to keep listings short."""

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
    at, aim_at = [indices.index(m) for m in members], indices.index(target)
    bonus = close_bonus(field, at, aim_at) - close_bonus(field, at[:1], aim_at)  # [INTERP] above
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


def ranged_formation_problem(state: AoDState, members: tuple[int, ...], target: int) -> str:
    """AOD-18.3 / AOD-18.5: why this ranged formation may not fire at ``target``, or "".

    ``members``: unit indices, the leader first; each may take a Ranged order now. The leader's
    attack itself must be legal (`engine.aod.ranged_order.aim`: range, arc, line of fire, a lock).
    """
    for member in members:
        if OrderKind.RANGED not in orderable(state, member):
            return f"{state.units[member].ident} cannot take a ranged order now."
    if len(set(members)) != len(members):
        return "Name each member once."
    roster, indices = formation_roster(state)
    at = [indices.index(m) for m in members]
    problems = formation_problems(roster, FormationKind.RANGED, at, indices.index(target))
    if problems:
        return problems[0]
    try:
        aim(state, members[0], (state.units[target].ident,), None)
    except IllegalCommand as refused:
        return refused.message
    return ""


def ranged_formation_modifier(state: AoDState, members: Sequence[int], target: int) -> Modifier:
    """AOD-18.3: the formation's attack bonus beyond the leader's own rear modifier ([INTERP]).

    ``members``: unit indices, the leader first. The order's own bonus; the play screen's
    preview asks it too.
    """
    field, indices = state.battlefield()
    at, aim_at = [indices.index(m) for m in members], indices.index(target)
    bonus = ranged_bonus(field, at, aim_at) - ranged_bonus(field, at[:1], aim_at)
    return Modifier("ranged formation", bonus, "AOD-18.3")


def ranged_formation_order(ctx: Ctx, command: Command) -> None:
    """AOD-18.3: the formation's one order, tokens for all, the leader's attack with the bonus."""
    assert isinstance(command, RangedFormation)  # noqa: S101 - dispatched by type
    if not command.members:
        raise IllegalCommand(FormationCode.ILLEGAL, "Name the formation's members.")
    leader = order_unit(ctx, command.members[0], OrderKind.RANGED)
    members = (leader, *(target_index(ctx.state, m) for m in command.members[1:]))
    target = target_index(ctx.state, command.target)
    why = ranged_formation_problem(ctx.state, members, target)
    if why:
        raise IllegalCommand(FormationCode.ILLEGAL, why)
    extra = (ranged_formation_modifier(ctx.state, members, target),)
    pushed = formation_ordered(ctx, members, OrderKind.RANGED)
    fire(ctx, leader, (target,), None, formation=extra)
    after_order(ctx, leader, pushed=pushed, heat=())


def ranged_formation_commands(state: AoDState) -> list[Command]:
    """Ranged formations the rules accept now: per enemy, the first legal trio (bounded)."""
    if not state.orders_left:
        return []
    able = [n for n in state.owned(state.active) if OrderKind.RANGED in orderable(state, n)]
    able = able[:MAX_SHOOTERS]
    fewest, _ = SIZES[FormationKind.RANGED]
    groups = _linked(state, combinations(able, fewest))
    found: list[Command] = []
    for target, other in enumerate(state.units):
        if other.owner == state.active or not other.on_board or other.captor is not None:
            continue
        for group in groups:
            if not ranged_formation_problem(state, group, target):
                idents = tuple(state.units[n].ident for n in group)
                found.append(RangedFormation(idents, other.ident))
                break
    return found


def _linked(state: AoDState, groups: Iterable[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The ``groups`` (unit indices) linked by base contact (AOD-18.3), in their order.

    Only a speed-up: `formation_problems` refuses every group left out, so listing the first legal
    group per target among these finds the one it would find among all.
    """
    field, indices = state.battlefield()
    return [g for g in groups if connected(field, [indices.index(n) for n in g])]
