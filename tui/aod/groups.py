"""Orders that name several units, for the play screen: formations and a transport's passengers.

The engine lists these orders only in part (`engine.aod.rules.legal_commands` is bounded for
menus and bots: one group per leader, one boarder at a time, everyone unloaded where the
transport stands). Here the player names the units himself and the orders of that group are
found with the engine's own checks:

- a formation (AOD-18): the leader (the selected unit) and the members Space added; its orders
  are a movement formation's moves (AOD-18.2: `formation_problems`; the hexes the leader
  reaches at `formation_speed_of`, each member's path by `formation_paths` once one is
  picked), a ranged formation's target (AOD-18.3: `ranged_formation_problem`) and
  a close formation's target, with or without a capture (AOD-18.4: `close_formation_problem`);
- long-range fire (AOD-13.3) by the artillery unit alone or with the members Space added as an
  artillery formation (AOD-13.7: `fire_problems`, `formation_fire_problems`);
- boarding (AOD-9.3): the units Space added board, then the transport may move on with the half
  move loading leaves (`load_allowance`), measured once they left their hexes;
- unloading (AOD-9.3): the transport moves within its half move (or stays), then sets down the
  passengers chosen by number, each in the first free hex behind it (`unload_hexes`).

Each order is then picked on the board by its hex (`group_hex`), previewed and given like any
other; the screen also asks the game to decide the chosen command without applying it, so a
refusal shows before Enter.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Final

from engine.aod.aboard import passengers, piece
from engine.aod.artillery import artillery_weapon, usable_markers
from engine.aod.artillery_order import fire_problems, formation_fire_problems, shooter_values
from engine.aod.commands import (
    CloseFormation,
    FireArtillery,
    LoadTransport,
    MoveFormation,
    RangedFormation,
    UnloadTransport,
)
from engine.aod.events import UnitsBoarded
from engine.aod.evolve import evolve
from engine.aod.formation_attack import close_formation_problem, ranged_formation_problem
from engine.aod.formation_order import formation_paths, formation_roster, formation_speed_of
from engine.aod.formations import SIZES, FormationKind, formation_problems
from engine.aod.geometry import in_contact
from engine.aod.movement import allowance, reachable_states, starts_hindered
from engine.aod.state import AoDState, OrderKind, Stage
from engine.aod.transport import unload, unload_hexes
from engine.aod.transport_order import load_allowance
from engine.aod.turns import orderable
from engine.hexes import Facing, Hex

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.game import Command

__all__ = [
    "FORMATION",
    "FORMATION_TAGS",
    "MEMBER_PLANS",
    "boarders",
    "formation_commands_of",
    "formation_move_lines",
    "formation_move_problem",
    "formation_problem",
    "group_hex",
    "load_commands",
    "long_fire_commands",
    "may_fire_long",
    "may_form",
    "suggested_members",
    "unload_commands",
]

FORMATION: Final = "formation"
"""The plan of the ``o`` key: a formation led by the selected unit (AOD-18)."""
FORMATION_TAGS: Final = frozenset({MoveFormation.TAG, RangedFormation.TAG, CloseFormation.TAG})
"""The engine's formation commands, listed together under `FORMATION`."""
MEMBER_PLANS: Final = frozenset({FORMATION, LoadTransport.TAG, FireArtillery.TAG})
"""The plans in which Space adds or removes the unit under the cursor."""


def _acting(state: AoDState, index: int) -> bool:
    unit = state.units[index]
    return (
        state.stage is Stage.ORDER
        and not state.spins
        and state.orders_left > 0
        and unit.owner == state.active
        and unit.on_board
    )


def may_form(state: AoDState, index: int) -> bool:
    """Whether unit ``index`` may lead a formation now: an order left, a friend in contact.

    AOD-18.5: the members are linked by base contact, so a leader touches one of them; the
    members themselves are judged once named (`formation_commands_of`).
    """
    if not _acting(state, index):
        return False
    kinds = orderable(state, index)
    if not {OrderKind.MOVE, OrderKind.RANGED, OrderKind.CLOSE} & kinds:
        return False
    field, indices = state.battlefield()
    here = field.units[indices.index(index)]
    return any(
        in_contact(here, field.units[at])
        for at, n in enumerate(indices)
        if n != index and state.units[n].owner == state.active
    )


def may_fire_long(state: AoDState, index: int) -> bool:
    """Whether unit ``index`` may take a Ranged order as long-range fire now (AOD-13.1, 13.3).

    The engine lists only fire at enemies' hexes; a marker may go on any hex of the band.
    """
    weapon = artillery_weapon(state.definition(index).weapons)
    return (
        weapon is not None
        and weapon.long_range is not None
        and _acting(state, index)
        and OrderKind.RANGED in orderable(state, index)
    )


def suggested_members(state: AoDState, index: int, listed: Sequence[Command]) -> list[int]:
    """The members the engine's listing gives this leader first, else the leader alone."""
    ident = state.units[index].ident
    for command in listed:
        members = getattr(command, "members", ()) or (
            (command.unit, *command.formation) if isinstance(command, FireArtillery) else ()
        )
        if members and members[0] == ident and len(members) > 1:
            found = [state.index_of(m) for m in members]
            return [n for n in found if n is not None]
    return [index]


def _fellows_linked(state: AoDState, members: Sequence[int]) -> bool:
    return all(state.units[m].on_board for m in members)


def _move_formations(state: AoDState, members: Sequence[int], facing: Facing) -> list[Command]:
    """AOD-18.2: the hexes the leader itself reaches at the formation's speed, as moves.

    Whether every member follows is judged when one is picked (`formation_move_problem`):
    finding every member's path to every hex at once takes seconds.
    """
    if len(members) < SIZES[FormationKind.MOVEMENT][0]:
        return []
    if any(OrderKind.MOVE not in orderable(state, m) for m in members):
        return []
    roster, indices = formation_roster(state)
    at = [indices.index(m) for m in members]
    if formation_problems(roster, FormationKind.MOVEMENT, at):
        return []
    speed = formation_speed_of(state, members)
    leader = roster.field.units[at[0]]
    budget = allowance(speed, hindering_start=starts_hindered(roster.field, at[0]))
    reach = reachable_states(roster.field, at[0], budget)
    high = state.units[members[0]].altitude
    ends = {h for h, altitude in reach if altitude is high and h != leader.hex}
    # the members ahead move first: the leader may end where one of them stands now
    ends |= {roster.field.units[m].hex for m in at[1:]} - {leader.hex}
    idents = tuple(state.units[m].ident for m in members)
    return [
        MoveFormation(idents, where, facing)
        for where in sorted(ends, key=lambda h: (h.distance(leader.hex), h.q, h.r))
    ]


def formation_move_lines(state: AoDState, command: MoveFormation) -> list[str]:
    """AOD-18.2: where each member ends, as the order moves them (`formation_paths`)."""
    members = [state.index_of(m) for m in command.members]
    found = [m for m in members if m is not None]
    if len(found) != len(members):
        return []
    roster, indices = formation_roster(state)
    at = [indices.index(m) for m in found]
    speed = formation_speed_of(state, found)
    moves, problem = formation_paths(roster.field, at, command.to, command.facing, speed)
    if problem is not None:
        return []
    ends = []
    for move in sorted(moves, key=lambda m: at.index(m.member)):
        unit = state.units[indices[move.member]]
        end = move.path[-1] if move.path else unit.hex
        ends.append(f"{unit.ident} {end.label if end else '?'}")
    return [f"Speed {speed}: " + ", ".join(ends)]


def formation_move_problem(state: AoDState, command: MoveFormation) -> str:
    """AOD-18.2 / AOD-26.7: why the members cannot all move so (the order's paths), or ""."""
    members = [state.index_of(m) for m in command.members]
    if any(m is None for m in members):
        return "A member is no longer on the board."
    found = [m for m in members if m is not None]
    roster, indices = formation_roster(state)
    speed = formation_speed_of(state, found)
    at = [indices.index(m) for m in found]
    _, problem = formation_paths(roster.field, at, command.to, command.facing, speed)
    return "" if problem is None else f"The formation cannot move so: {problem}."


def formation_commands_of(state: AoDState, members: Sequence[int], facing: Facing) -> list[Command]:
    """Every formation order these members may take now, the leader first (AOD-18.2 to 18.4).

    Moves to every hex in reach, then per enemy a ranged formation's attack and a close
    formation's attack and capture, each only when the engine's check finds no problem.
    """
    if not members or not _acting(state, members[0]) or not _fellows_linked(state, members):
        return []
    found = _move_formations(state, members, facing)
    group = tuple(members)
    idents = tuple(state.units[m].ident for m in members)
    for target, other in enumerate(state.units):
        if other.owner == state.active or not other.on_board or other.captor is not None:
            continue
        if len(members) >= SIZES[FormationKind.RANGED][0] and not ranged_formation_problem(
            state, group, target
        ):
            found.append(RangedFormation(idents, other.ident))
        if len(members) <= SIZES[FormationKind.CLOSE][1]:
            for capture in (False, True):
                if not close_formation_problem(state, group, target, capture=capture):
                    found.append(CloseFormation(idents, other.ident, capture=capture))
    return found


def formation_problem(state: AoDState, members: Sequence[int]) -> str:
    """Why these members form no formation now, in one line (AOD-18.5 sizes, then the rules)."""
    fewest = SIZES[FormationKind.CLOSE][0]
    if len(members) < fewest:
        return "Space on a friend in base contact adds it to the formation."
    if len(members) < SIZES[FormationKind.MOVEMENT][0]:
        return (
            f"{len(members)} units form only a close formation, and no enemy touches them all;"
            " Space adds a third."
        )
    roster, indices = formation_roster(state)
    at = [indices.index(m) for m in members if m in indices]
    problems = formation_problems(roster, FormationKind.MOVEMENT, at)
    if problems:
        return problems[0]
    return "No move in reach and no enemy these members may attack together."


def long_fire_commands(state: AoDState, members: Sequence[int]) -> list[Command]:
    """AOD-13.3 / AOD-13.7: one marker at each hex the artillery unit (and formation) reaches.

    ``members``: the artillery unit first, then its artillery formation's members (none: it
    fires alone). Every usable marker at every hex of its band in its front arc.
    """
    index = members[0]
    weapon = artillery_weapon(state.definition(index).weapons)
    if weapon is None or weapon.long_range is None or not _acting(state, index):
        return []
    now = shooter_values(state, index, weapon)
    unit = state.units[index]
    start = unit.hex
    assert start is not None  # noqa: S101 - acting units are on the board
    others = tuple(state.units[m].ident for m in members[1:])
    found: list[Command] = []
    markers = usable_markers(weapon, state.setup.catalogue(), now.attack, now.damage(weapon.slot))
    for where in sorted(state.terrain, key=lambda h: (h.distance(start), h.q, h.r)):
        if not weapon.max_range < where.distance(start) <= weapon.long_range:
            continue
        for marker in markers:
            aims = ((marker.id, where),)
            if fire_problems(state, index, aims):
                continue
            if others and formation_fire_problems(state, members, [where]):
                continue
            found.append(FireArtillery(unit.ident, aims, others))
    return found


def boarders(state: AoDState, transport: int, listed: Sequence[Command]) -> list[int]:
    """The units that may board the transport now, each on its own (the engine's listing)."""
    ident = state.units[transport].ident
    found: list[int] = []
    for command in listed:
        if isinstance(command, LoadTransport) and command.transport == ident:
            for rider in command.passengers:
                index = state.index_of(rider)
                if index is not None and index not in found:
                    found.append(index)
    return found


def load_commands(
    state: AoDState, transport: int, riders: Sequence[int], facing: Facing
) -> list[Command]:
    """AOD-9.3: the riders board; the transport stays or moves on with what loading leaves.

    The reach is the engine's (`reachable_states` within `load_allowance`), on the board as it
    is once the riders left their hexes.
    """
    if not riders:
        return []
    unit = state.units[transport]
    idents = tuple(state.units[r].ident for r in riders)
    turned = None if facing is unit.facing else facing
    found: list[Command] = [LoadTransport(unit.ident, idents, None, turned)]
    field, indices = state.battlefield()
    budget = load_allowance(state, transport, field, indices.index(transport))
    boarded = evolve(state, UnitsBoarded(transport, tuple(riders)))
    after, places = boarded.battlefield()
    reach = reachable_states(after, places.index(transport), budget)
    ends = sorted({h for h, altitude in reach if altitude is unit.altitude and h != unit.hex})
    start = unit.hex
    assert start is not None  # noqa: S101 - a transport giving an order is on the board
    ends.sort(key=lambda h: (h.distance(start), h.q, h.r))
    found += [LoadTransport(unit.ident, idents, where, facing) for where in ends]
    return found


def _drops(
    state: AoDState, transport: int, riders: Sequence[int], end: Hex, facing: Facing
) -> tuple[tuple[str, Hex | None, Facing | None], ...] | None:
    """AOD-9.3: each rider in the first free hex behind the transport at ``end``; None: no room."""
    field, indices = state.battlefield()
    at = indices.index(transport)
    now = field.moved(at, end, facing)
    side = state.units[transport].owner
    drops: list[tuple[str, Hex | None, Facing | None]] = []
    for rider in riders:
        hexes = unload_hexes(now, at, state.definition(rider).speed_mode, side=side)
        if not hexes:
            return None
        drops.append((state.units[rider].ident, hexes[0], None))
        now = unload(now, at, [piece(state, rider)], [(hexes[0], facing)], side=side).field
    return tuple(drops)


def unload_commands(state: AoDState, transport: int, facing: Facing) -> list[Command]:
    """AOD-9.3: unload every choice of passengers, where it stands or after a move in reach.

    Passengers go down in the first free hexes behind the transport; a choice with no room for
    every passenger is not offered (the command line may still give one that loses a unit).
    """
    aboard = passengers(state, transport)
    unit = state.units[transport]
    if not aboard or not _acting(state, transport) or unit.hex is None:
        return []
    field, indices = state.battlefield()
    at = indices.index(transport)
    budget = load_allowance(state, transport, field, at)
    reach = reachable_states(field, at, budget)
    start = unit.hex
    moved = {h for h, altitude in reach if altitude is unit.altitude and h != start}
    ends = [start, *sorted(moved, key=lambda h: (h.distance(start), h.q, h.r))]
    choices = [c for size in range(len(aboard), 0, -1) for c in combinations(aboard, size)]
    found: list[Command] = []
    for end in ends:
        for riders in choices:
            drops = _drops(state, transport, riders, end, facing)
            if drops is None:
                continue
            to = None if end == unit.hex else end
            turned = None if facing is unit.facing else facing
            found.append(UnloadTransport(unit.ident, drops, to, turned))
    return found


def group_hex(state: AoDState, command: Command) -> Hex | None:
    """The hex an order of several units is picked by: where it goes, or its one target's hex.

    A move formation: the leader's end; a ranged or close formation: the target; long-range
    fire: its first marker's dot; boarding and unloading: where the transport ends (its own
    hex when it stays).
    """
    if isinstance(command, MoveFormation):
        return command.to
    if isinstance(command, (RangedFormation, CloseFormation)):
        index = state.index_of(command.target)
        return None if index is None else state.units[index].hex
    if isinstance(command, FireArtillery):
        return command.aims[0][1] if command.aims else None
    if isinstance(command, (LoadTransport, UnloadTransport)):
        index = state.index_of(command.transport)
        here = None if index is None else state.units[index].hex
        return command.to or here
    return None
