"""Age of Destruction formations: who may form one, how a movement formation moves, the bonuses.

Rules: AOD-18.1 (general: faction rule, who is never a member), AOD-18.2 (movement formation),
AOD-18.3 (ranged formation, and artillery formations with AOD-13.7), AOD-18.4 (close formation),
AOD-18.5 (the validity checklist), AOD-18.6 (alliances, through
`engine.aod.force.formation_factions_problem`), AOD-7.3 (which orders a unit's state allows),
AOD-7.5 (pushing: members of a movement formation take no pushing damage), AOD-26.7 (a movement
formation on hexes).

A formation is a sequence of unit indices into the battlefield, **leader first**: the leader is
the unit given the order (AOD-18.3, AOD-18.4). `formation_problems` is the checklist of AOD-18.5
as one list of sentences (empty: the formation is legal); `move_problem` and `moved` check and
apply a movement formation's move; `ranged_bonus`, `close_bonus` and `artillery_bonus` are the
attack bonuses; `pushing_damage_exempt`, `critical_miss_clicks` and `failed_capture_clicks` say
who takes what, for the turn machine and the dial module to apply. Terrain and height modifiers
of a ranged or close formation's attack are judged from the leader alone (AOD-18.3): the combat
module computes them for the leader as for a single unit.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence

from attrs import field as attr_field
from attrs import frozen

from engine.aod.artillery import aim_problem, artillery_weapon
from engine.aod.force import formation_factions_problem
from engine.aod.geometry import (
    DEFAULT_ARCS,
    Arc,
    Arcs,
    Battlefield,
    arc_of,
    close_combat_problem,
    enemy_contacts,
    in_contact,
    submerged,
)
from engine.aod.los import cannot_fire, through_rear_arc
from engine.aod.movement import allowance, check_path, starts_hindered
from engine.aod.status import DialStatus
from engine.aod.units import Catalogue, SpeedMode, UnitDef, UnitType
from engine.hexes import Facing, Hex

__all__ = [
    "MEMBER_BONUS",
    "SIZES",
    "FormationKind",
    "MemberMove",
    "Roster",
    "artillery_bonus",
    "artillery_formation_problems",
    "close_bonus",
    "connected",
    "critical_miss_clicks",
    "failed_capture_clicks",
    "formation_problems",
    "formation_speed",
    "move_problem",
    "moved",
    "pushing_damage_exempt",
    "ranged_bonus",
]

MEMBER_BONUS = 2
"""AOD-18.3 / AOD-18.4: +2 attack per member beyond the leader, and a single +2 from the rear."""


class FormationKind(enum.StrEnum):
    """The three formations (AOD-18.2 .. AOD-18.4); an artillery formation is a ranged one."""

    MOVEMENT = "movement"
    RANGED = "ranged"
    CLOSE = "close"


SIZES: Mapping[FormationKind, tuple[int, int]] = {
    FormationKind.MOVEMENT: (3, 5),
    FormationKind.RANGED: (3, 5),
    FormationKind.CLOSE: (2, 3),
}
"""AOD-18.5: the fewest and most members of each formation."""

_TYPES: Mapping[FormationKind, frozenset[UnitType]] = {
    FormationKind.MOVEMENT: frozenset({UnitType.INFANTRY, UnitType.VEHICLE}),
    FormationKind.RANGED: frozenset(UnitType),
    FormationKind.CLOSE: frozenset({UnitType.INFANTRY, UnitType.MECH}),
}
"""AOD-18.2 .. AOD-18.5: the unit types each formation takes."""

_TYPE_WORDS: Mapping[FormationKind, str] = {
    FormationKind.MOVEMENT: "only infantry and vehicles form a movement formation",
    FormationKind.RANGED: "",
    FormationKind.CLOSE: "only infantry and 'Mechs form a close formation",
}


@frozen
class Roster:
    """What the formation rules read about the units: the board, their dials, their standing.

    Attributes:
        field: the battlefield; a unit is named by its index.
        units: each unit's printed data, in the battlefield's order.
        dials: each unit's dials, in the same order.
        catalogue: factions and alliances (AOD-18.6).
        captives: indices of captives (no orders, AOD-7.3, AOD-14.4).
        escorts: indices of units controlling a captive (Move orders only, AOD-7.3).
        ordered: indices of units that had their one order this turn (AOD-7.2).
        cannot_move: indices of units activating a "cannot move" SE through their Move order
            (AOD-18.1: never in a movement formation).
    """

    field: Battlefield
    units: tuple[UnitDef, ...]
    dials: tuple[DialStatus, ...]
    catalogue: Catalogue = attr_field(factory=Catalogue)
    captives: frozenset[int] = frozenset()
    escorts: frozenset[int] = frozenset()
    ordered: frozenset[int] = frozenset()
    cannot_move: frozenset[int] = frozenset()

    def __attrs_post_init__(self) -> None:
        if not len(self.field.units) == len(self.units) == len(self.dials):
            msg = "a roster needs one UnitDef and one DialStatus per unit on the battlefield"
            raise ValueError(msg)

    def name(self, index: int) -> str:
        """How a sentence names unit ``index``: its name and hex."""
        return f"{self.units[index].name} in {self.field.units[index].hex.label}"


# ---- who may be a member (AOD-7.3, AOD-18.1) --------------------------------------------------


def _state_problem(roster: Roster, index: int, kind: FormationKind) -> str | None:  # noqa: PLR0911 - one guard per rule
    """AOD-7.2 / AOD-7.3: why unit ``index`` may not take this formation's order, or None."""
    unit, dial, name = roster.units[index], roster.dials[index], roster.name(index)
    if index in roster.captives:  # AOD-7.3: a captive takes no orders
        return f"{name} is a captive and takes no orders."
    if index in roster.ordered:  # AOD-7.2: one order per unit per turn
        return f"{name} has already had its order this turn."
    if dial.eliminated(unit):
        return f"{name} has been eliminated."
    if dial.shutdown:  # AOD-7.3: a shut-down 'Mech may only vent
        return f"{name} is shut down and may only vent."
    if kind is FormationKind.MOVEMENT:
        return None
    if unit.dial[dial.click].heavy_damage:  # AOD-7.3: Heavy Damage allows Move orders only
        return f"{name} shows Heavy Damage and may only move."
    if index in roster.escorts:  # AOD-7.3: a unit controlling a captive may only move
        return f"{name} is escorting a captive and may only move."
    if kind is FormationKind.RANGED and submerged(roster.field.terrain, roster.field.units[index]):
        return f"{name} is submerged and cannot fire."  # AOD-7.3 / AOD-19.5
    return None


def _ranged_capable(roster: Roster, index: int) -> bool:
    """AOD-12.1 / AOD-13.1: attack > 0 and a weapon with max range > 0, or artillery."""
    unit = roster.units[index]
    if unit.dial[roster.dials[index].click].attack <= 0:
        return False
    return any(w.max_range > 0 or w.is_artillery for w in unit.weapons)


def _member_problem(roster: Roster, index: int, kind: FormationKind) -> str | None:  # noqa: PLR0911 - one guard per rule
    """AOD-18.1 .. AOD-18.5: why unit ``index`` may not be a member of this kind, or None."""
    unit, occupant, name = roster.units[index], roster.field.units[index], roster.name(index)
    if unit.speed_mode is SpeedMode.VTOL:  # AOD-18.1: VTOLs never join
        return f"{name} is a VTOL; VTOLs never join a formation."
    if unit.unit_type not in _TYPES[kind]:  # AOD-18.2 / AOD-18.4
        return f"{name}: {_TYPE_WORDS[kind]}."
    terrain = roster.field.terrain[occupant.hex]
    if terrain.elevated and terrain.abrupt:  # AOD-18.1: nobody forms with a member up there
        return f"{name} stands on abrupt elevated terrain; no formation may include it."
    if kind is FormationKind.MOVEMENT and index in roster.cannot_move:  # AOD-18.1
        return f"{name} is using equipment that stops it moving."
    if (why := _state_problem(roster, index, kind)) is not None:
        return why
    if kind is FormationKind.RANGED and not _ranged_capable(roster, index):  # AOD-12.1
        return f"{name} cannot make a ranged attack."
    return None


def connected(field: Battlefield, members: Sequence[int]) -> bool:
    """AOD-18.2 / AOD-18.3 / AOD-26.7: the members form one group linked by base contact."""
    if not members:
        return False
    seen = {members[0]}
    frontier = [members[0]]
    while frontier:
        here = frontier.pop()
        for other in members:
            if other not in seen and in_contact(field.units[here], field.units[other]):
                seen.add(other)
                frontier.append(other)
    return len(seen) == len(set(members))


def _roll_call(roster: Roster, kind: FormationKind, members: Sequence[int]) -> list[str]:
    """AOD-18.1 / AOD-18.5: the members as a list: size, each member, the faction rule."""
    problems: list[str] = []
    if len(set(members)) != len(members):
        problems.append("A unit may be named only once in a formation.")
    fewest, most = SIZES[kind]
    if not fewest <= len(set(members)) <= most:  # AOD-18.5: size
        problems.append(f"A {kind} formation has {fewest} to {most} members, not {len(members)}.")
    problems += [
        why for index in members if (why := _member_problem(roster, index, kind)) is not None
    ]
    factions = formation_factions_problem((roster.units[i] for i in members), roster.catalogue)
    if factions is not None:  # AOD-18.1 / AOD-18.6 / AOD-21.3
        problems.append(factions)
    return problems


def formation_problems(
    roster: Roster,
    kind: FormationKind,
    members: Sequence[int],
    target: int | None = None,
    *,
    capture: bool = False,
    arcs: Arcs = DEFAULT_ARCS,
) -> list[str]:
    """AOD-18.5: everything that makes this formation illegal, one sentence each (empty: legal).

    Args:
        roster: the units and their standing.
        kind: movement, ranged or close.
        members: the members' indices, the leader (the unit given the order) first.
        target: the one target of a ranged or close formation; None for a movement formation.
        capture: a close formation declares a capture (AOD-18.4).
        arcs: the arcs in play.

    An artillery formation's long-range fire is `artillery_formation_problems`.
    """
    problems = _roll_call(roster, kind, members)
    field = roster.field
    if kind is FormationKind.MOVEMENT:
        if target is not None:  # AOD-18.2: no attacks during the order
            problems.append("A movement formation makes no attacks.")
        if not connected(field, members):  # AOD-18.2: connected by base contact
            problems.append("The members of a movement formation must all be in base contact.")
        return problems
    if target is None:  # AOD-18.3 / AOD-18.4: exactly one target
        problems.append(f"A {kind} formation attacks exactly one target.")
        return problems
    if kind is FormationKind.RANGED:
        if not connected(field, members):  # AOD-18.3
            problems.append("The members of a ranged formation must all be in base contact.")
        problems += [
            f"{roster.name(m)} has no clear line of fire to the target."
            for m in members
            if not _fires_at(roster, m, target, arcs)
        ]
        return problems
    problems += [
        f"{roster.name(m)} is not in contact with the target through its front arc."
        for m in members
        if close_combat_problem(field, m, target, arcs) is not None
    ]
    leader = roster.units[members[0]] if members else None
    if capture and (leader is None or leader.speed_mode is not SpeedMode.FOOT):
        problems.append("Only a foot infantry leader may lead a capture.")  # AOD-18.4 [INTERP]
    return problems


def _fires_at(roster: Roster, member: int, target: int, arcs: Arcs) -> bool:
    """AOD-18.3 / AOD-25 #16: some weapon of the member reaches the target: arc, range, LOF."""
    return any(
        cannot_fire(roster.field, member, target, w.min_range, w.max_range, arcs=arcs) is None
        for w in roster.units[member].weapons
        if w.max_range > 0
    )


def artillery_formation_problems(
    roster: Roster,
    members: Sequence[int],
    dots: Sequence[Hex],
    *,
    arcs: Arcs = DEFAULT_ARCS,
) -> list[str]:
    """AOD-13.7 / AOD-18.3: what makes this artillery formation's long-range fire illegal.

    A ranged formation of artillery units only, whose leader's markers (``dots``) each lie in
    every member's band, ``max < d <= long`` (AOD-25 #39), and front arc ([INTERP] AOD-25 #16:
    each member's own arc and range), and ([INTERP] AOD-13.3) no member touches an enemy. The
    LOFs need not be clear. The leader's own declaration
    (its markers and minimums) is `engine.aod.artillery.declare_problems`.
    """
    problems = _roll_call(roster, FormationKind.RANGED, members)
    field = roster.field
    if not connected(field, members):  # AOD-18.3
        problems.append("The members of a ranged formation must all be in base contact.")
    for member in members:
        weapon = artillery_weapon(roster.units[member].weapons)
        if weapon is None:  # AOD-18.3: all members must be artillery
            problems.append(f"{roster.name(member)} is not artillery.")
            continue
        if enemy_contacts(field, member):  # AOD-13.3 for every member [INTERP]
            problems.append(f"{roster.name(member)} is in contact with an enemy.")
        for dot in dots:
            if aim_problem(field, member, weapon, dot, arcs) is not None:
                problems.append(f"{roster.name(member)} cannot reach the marker in {dot.label}.")
    return problems


# ---- values and bonuses (AOD-18.2 .. AOD-18.4) ------------------------------------------------


def formation_speed(speeds: Sequence[int]) -> int:
    """AOD-18.2: every member moves at the slowest member's (modified) speed."""
    return min(speeds)


def ranged_bonus(
    field: Battlefield, members: Sequence[int], target: int, arcs: Arcs = DEFAULT_ARCS
) -> int:
    """AOD-18.3: +2 attack per member beyond the leader, +2 once if any LOF crosses the rear arc."""
    rear = any(through_rear_arc(field, m, target, arcs) for m in members)
    return MEMBER_BONUS * (len(members) - 1) + (MEMBER_BONUS if rear else 0)


def close_bonus(
    field: Battlefield, members: Sequence[int], target: int, arcs: Arcs = DEFAULT_ARCS
) -> int:
    """AOD-18.4: +2 attack per member beyond the leader, +2 once if any touches the rear arc."""
    aim = field.units[target]
    rear = any(
        in_contact(field.units[m], aim) and arc_of(aim, field.units[m].hex, arcs) is Arc.REAR
        for m in members
    )
    return MEMBER_BONUS * (len(members) - 1) + (MEMBER_BONUS if rear else 0)


def artillery_bonus(members: Sequence[int]) -> int:
    """AOD-13.7 / AOD-18.3: +2 per member beyond the leader (a marker point has no rear arc)."""
    return MEMBER_BONUS * (len(members) - 1)


def pushing_damage_exempt(kind: FormationKind) -> bool:
    """AOD-7.5 / AOD-18.2: members of a movement formation take no pushing damage when pushed.

    They still get their order tokens. Ranged and close formation members are pushed as usual
    (AOD-18.3, AOD-18.4).
    """
    return kind is FormationKind.MOVEMENT


def critical_miss_clicks(members: Sequence[int]) -> dict[int, int]:
    """AOD-11.4 / AOD-18.3 / AOD-18.4: on a critical miss only the leader takes 1 click."""
    return {members[0]: 1}


def failed_capture_clicks(members: Sequence[int], *, target_is_mech: bool) -> dict[int, int]:
    """AOD-18.4 / AOD-25 #15: a failed capture costs every member 1 click against a 'Mech.

    Against any other target only the leader takes the click.
    """
    if target_is_mech:
        return dict.fromkeys(members, 1)
    return {members[0]: 1}


# ---- moving a movement formation (AOD-18.2, AOD-26.7) -----------------------------------------


@frozen
class MemberMove:
    """One member's part of a movement formation's move: the hexes it enters and its new facing.

    An empty path turns it in place (or leaves it, a member that failed its break-away).
    """

    member: int
    path: tuple[Hex, ...]
    facing: Facing


def move_problem(
    field: Battlefield,
    members: Sequence[int],
    moves: Sequence[MemberMove],
    speed: int,
    *,
    stuck: frozenset[int] = frozenset(),
) -> str | None:
    """AOD-18.2 / AOD-26.7: why this movement formation's move is illegal, or None.

    Members move one at a time, in the order of ``moves`` (members without a move stay), each
    checked on the board as the members before it left it, with the slowest member's ``speed``
    ([INTERP] halved, rounded up, for a member starting in hindering terrain for its own mode,
    AOD-26.7). ``stuck`` members failed their break-away: they do not move. At the end every
    member touches another and the group is still one (AOD-18.2).
    """
    now = field
    for move in moves:
        name = f"The unit in {now.units[move.member].hex.label}"
        if move.member not in members:
            return f"{name} is not a member of the formation."
        if move.member in stuck and move.path:  # AOD-18.2: a failed break-away does not move
            return f"{name} failed to break away and cannot move."
        budget = allowance(speed, hindering_start=starts_hindered(now, move.member))
        if move.path and (why := check_path(now, move.member, move.path, budget)) is not None:
            return f"{name} cannot move that way: {why}"
        now = now.moved(move.member, move.path[-1] if move.path else now.units[move.member].hex)
    if not connected(now, members):  # AOD-18.2: still in contact, one group
        return "The formation must end its move as one group in base contact."
    return None


def moved(field: Battlefield, moves: Sequence[MemberMove]) -> Battlefield:
    """AOD-18.2: the battlefield after a movement formation's move (checked by `move_problem`)."""
    now = field
    for move in moves:
        end = move.path[-1] if move.path else now.units[move.member].hex
        now = now.moved(move.member, end, move.facing)
    return now
