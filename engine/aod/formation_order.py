"""The movement formation's order: one Move order moves 3 to 5 linked units (AOD-18.2).

Rules: AOD-18.1 / AOD-18.2 / AOD-18.5 (who may form one, through
`engine.aod.formations.formation_problems`), AOD-18.2 (every member at the slowest member's
speed, one at a time, still one linked group at the end, no attacks), AOD-26.7 (on hexes),
AOD-7.2 (a formation order is one order from the pool and every member's order this turn),
AOD-7.4 / AOD-7.5 (a token on every member; a pushed member takes its second token but no
pushing damage, `engine.aod.formations.pushing_damage_exempt`), AOD-8.4 (each member held by an
enemy rolls to break away; one that fails stays, turning only if its type may), AOD-8.5 (free
spins for the enemies the members end beside).

The command keeps the formation's shape: every member moves as the leader does (the same
displacement), members ahead first, each along the shortest legal path the engine finds
(`formation_paths`). [DESIGN] When a failed break-away leaves the rest of the plan splitting the
group (AOD-18.2), no member moves; the order is spent.

Not here: ranged and close formations (AOD-18.3, AOD-18.4): `engine.aod.formation_attack`, on
the ranged and close combat orders; artillery formations: `engine.aod.artillery_order`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from engine.aod.commands import MoveFormation
from engine.aod.context import Ctx, label
from engine.aod.events import FormationOrdered, UnitMoved
from engine.aod.formations import (
    SIZES,
    FormationKind,
    MemberMove,
    Roster,
    connected,
    formation_problems,
    formation_speed,
    move_problem,
    pushing_damage_exempt,
)
from engine.aod.geometry import Battlefield, in_contact
from engine.aod.movement import allowance, check_path, starts_hindered
from engine.aod.moving import break_away, failed_may_rotate, offer_spins
from engine.aod.orders import is_push
from engine.aod.state import AoDState, OrderKind
from engine.aod.turns import after_order, order_unit, orderable
from engine.aod.units import UnitType
from engine.game import Command, IllegalCommand
from engine.hexes import Facing, Hex

__all__ = [
    "FormationCode",
    "formation_commands",
    "formation_order",
    "formation_paths",
    "formation_roster",
    "formation_speed_of",
]

_KIND = FormationKind.MOVEMENT
_SECOND_TOKEN = 2


class FormationCode(enum.StrEnum):
    """Rejection codes of formation orders (STYLE 5)."""

    ILLEGAL = "formation/illegal"
    MOVE = "formation/move"


def formation_roster(state: AoDState) -> tuple[Roster, tuple[int, ...]]:
    """The formation rules' view of the board, and each battlefield index's unit index.

    Built once per state (`AoDState.memo`): listing the formations asks for it for every group.
    """
    return state.memo((formation_roster,), lambda: _roster(state))


def _roster(state: AoDState) -> tuple[Roster, tuple[int, ...]]:
    field, indices = state.battlefield()
    ordered = frozenset(at for at, n in enumerate(indices) if state.units[n].order is not None)
    roster = Roster(
        field,
        tuple(state.definition(n) for n in indices),
        tuple(state.units[n].dial for n in indices),
        state.setup.catalogue(),
        ordered=ordered,
    )
    return roster, indices


def _speed(state: AoDState, index: int) -> int:
    """AOD-8.3: the unit's modified speed (heat moves a 'Mech's; none joins this formation)."""
    speed = state.click(index).speed
    dial = state.heat_dial(index)
    unit = state.units[index]
    if dial is not None and not unit.dial.shutdown:
        speed += dial.positions[min(unit.dial.heat, dial.shutdown_position)].speed
    return speed


def formation_speed_of(state: AoDState, members: Sequence[int]) -> int:
    """AOD-18.2: the speed every member moves at, the slowest member's (unit indices).

    The order's own (`formation_order`); the play screen's preview asks it too.
    """
    return formation_speed([_speed(state, n) for n in members])


def _shortest(field: Battlefield, at: int, end: Hex, budget: int) -> tuple[Hex, ...] | None:
    """AOD-8.1 / AOD-26.7: the shortest legal path of unit ``at`` to ``end``, or None."""
    start = field.units[at].hex
    if end == start:
        return ()
    seen = {start}
    frontier: list[tuple[Hex, ...]] = [()]
    while frontier:
        following = []
        for path in frontier:
            here = path[-1] if path else start
            for step in here.neighbors():
                trial = (*path, step)
                if len(trial) + step.distance(end) > budget:
                    continue  # a step costs 1: ``end`` is out of reach this way, so its hexes too
                if step in seen or check_path(field, at, trial, budget) is not None:
                    continue
                if step == end:
                    return trial
                seen.add(step)
                following.append(trial)
        frontier = following
    return None


def _cube(where: Hex) -> tuple[int, int, int]:
    return (where.q, where.r, -where.q - where.r)


def formation_paths(
    field: Battlefield, members: Sequence[int], to: Hex, facing: Facing, speed: int
) -> tuple[tuple[MemberMove, ...], str | None]:
    """AOD-18.2 / AOD-26.7: every member's move when the leader goes to ``to``; or a problem.

    ``members`` are battlefield indices, the leader first. Each member moves by the leader's
    displacement, those ahead first, along the shortest path legal on the board as the members
    before it left it, within the slowest ``speed`` (halved for a member starting in hindering
    terrain for its mode).
    """
    shift = _cube(to - field.units[members[0]].hex)
    order = sorted(
        members,
        key=lambda m: -sum(a * b for a, b in zip(shift, _cube(field.units[m].hex), strict=True)),
    )
    now = field
    moves = []
    for member in order:
        start = now.units[member].hex
        end = start + (to - field.units[members[0]].hex)
        budget = allowance(speed, hindering_start=starts_hindered(now, member))
        path = _shortest(now, member, end, budget)
        if path is None:
            return (), f"the unit in {label(start)} cannot reach {label(end)}"
        moves.append(MemberMove(member, path, facing))
        now = now.moved(member, end)
    return tuple(moves), move_problem(field, members, moves, speed)


def _check(ctx: Ctx, command: MoveFormation) -> tuple[list[int], tuple[MemberMove, ...], int]:
    """The guards: every member's order (AOD-7.2, AOD-7.3), the formation, the move."""
    members = [order_unit(ctx, ident, OrderKind.MOVE) for ident in command.members]
    state = ctx.state
    roster, indices = formation_roster(state)
    at = [indices.index(n) for n in members]
    problems = formation_problems(roster, _KIND, at)
    if problems:  # AOD-18.1 / AOD-18.2 / AOD-18.5
        raise IllegalCommand(FormationCode.ILLEGAL, " ".join(problems))
    speed = formation_speed_of(state, members)
    moves, problem = formation_paths(roster.field, at, command.to, command.facing, speed)
    if problem is not None:  # AOD-18.2 / AOD-26.7
        raise IllegalCommand(FormationCode.MOVE, f"The formation cannot move so: {problem}.")
    return members, moves, speed


def formation_order(ctx: Ctx, command: Command) -> None:
    """AOD-18.2: a movement formation's Move order: tokens, break-aways, the members' moves."""
    assert isinstance(command, MoveFormation)  # noqa: S101 - dispatched by type
    members, moves, speed = _check(ctx, command)
    state = ctx.state
    field, indices = state.battlefield()
    pushed = tuple(is_push(OrderKind.MOVE, state.units[n].tokens) for n in members)
    # AOD-7.4 / AOD-7.5 / AOD-18.2: a token each; a pushed member's second token, no damage
    exempt = pushing_damage_exempt(_KIND)
    tokens = tuple(_SECOND_TOKEN if push and exempt else 1 for push in pushed)
    ctx.emit(FormationOrdered(OrderKind.MOVE, tuple(members), pushed, tokens))
    stuck = frozenset(move.member for move in moves if not break_away(ctx, indices[move.member])[0])
    if stuck:  # AOD-8.4 / AOD-18.2: who failed stays; the rest must still end as one group
        moves = tuple(
            MemberMove(
                m.member,
                (),
                m.facing
                if failed_may_rotate(state, indices[m.member])
                else field.units[m.member].facing,
            )
            if m.member in stuck
            else m
            for m in moves
        )
        at = [indices.index(n) for n in members]
        if move_problem(field, at, moves, speed, stuck=stuck) is not None:
            moves = ()  # [DESIGN] the group would split: nobody moves
    for move in moves:
        index = indices[move.member]
        unit = ctx.state.units[index]
        assert unit.hex is not None  # noqa: S101 - members are on the board
        end = move.path[-1] if move.path else unit.hex
        if end == unit.hex and move.facing == unit.facing:
            continue
        ctx.emit(UnitMoved(index, end, move.facing, unit.altitude, len(move.path)))
    for move in moves:  # AOD-8.5: enemies the members now touch may turn to face them
        if move.path:
            offer_spins(ctx, indices[move.member])
    after_order(ctx, members[0], pushed=False, heat=())


def _groups(state: AoDState, field: Battlefield, indices: tuple[int, ...]) -> list[list[int]]:
    """Candidate formations: for each eligible leader, it and its nearest linked fellows."""
    eligible = [
        at
        for at, n in enumerate(indices)
        if state.units[n].owner == state.active
        and OrderKind.MOVE in orderable(state, n)
        and state.definition(n).unit_type in {UnitType.INFANTRY, UnitType.VEHICLE}
    ]
    fewest, most = SIZES[_KIND]
    found = []
    for leader in eligible:
        group = [leader]
        for other in sorted(
            eligible, key=lambda o: field.units[o].hex.distance(field.units[leader].hex)
        ):
            if (
                other not in group
                and len(group) < most
                and any(in_contact(field.units[other], field.units[g]) for g in group)
            ):
                group.append(other)
        if len(group) >= fewest and connected(field, group):
            found.append(group)
    return found


def formation_commands(state: AoDState) -> list[Command]:
    """Movement formations the rules accept now: each leader's linked group, a step each way.

    Bounded for menus and bots: per leader one group (it and its nearest linked fellows), moved
    one hex in each of the six directions, facing as the leader does.
    """
    found: list[Command] = []
    if not state.orders_left:
        return found
    roster, indices = formation_roster(state)
    for group in _groups(state, roster.field, indices):
        if formation_problems(roster, _KIND, group):
            continue
        members = [indices[g] for g in group]
        speed = formation_speed([_speed(state, n) for n in members])
        leader = roster.field.units[group[0]]
        for facing in Facing:
            to = leader.hex.neighbor(facing)
            if formation_paths(roster.field, group, to, leader.facing, speed)[1] is None:
                idents = tuple(state.units[n].ident for n in members)
                found.append(MoveFormation(idents, to, leader.facing))
    return found
