"""Age of Destruction artillery: long-range fire with markers, drift and blasts, on hexes.

Rules: AOD-13.1 (what an artillery unit is), AOD-13.2 / AOD-26.9 (the markers: minimums,
difficulty, blast radius, drift bands), AOD-13.3 (declaring long-range fire in the order stage),
AOD-13.4 (resolving it in the shooter's next command stage), AOD-13.5 (several markers, one roll),
AOD-13.6 (criticals), AOD-13.7 / AOD-18.3 (artillery formations: the leader's marker, every
member's band), AOD-25 #19 / #20 and AOD-26.9 (the hex templates and what the seed leaves open).

The order stage checks a declaration (`declare_problems`) and records one `PlacedMarker` per
marker (`place_markers`): the dot is a hex, and the marker stores the shooter's attack, damage,
range type, hex and arrow (AOD-26.9). In the owner's next command stage the turn machine picks the
markers that are due (`due_volleys`), rolls the three attack dice once per volley (`roll_attack`)
and calls `resolve_volley`, which returns every die, every total, each marker's drift and each
blast's victims with their clicks, and the shooter's own click on a critical miss. The dial module
applies the damage; nothing here changes a unit.

Directions are the kernel's six facings, clockwise from north (DESIGN 2.1): the drift ring of
AOD-26.9 is read as "the arrow, then ``b - 1`` facings clockwise" for black die ``b``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from attrs import frozen

from engine.aod.geometry import (
    DEFAULT_ARCS,
    Arc,
    Arcs,
    Battlefield,
    Occupant,
    arc_of,
    enemy_contacts,
    submerged,
)
from engine.aod.los import line_of_fire
from engine.aod.units import Catalogue, Marker, RangeType, SpeedMode, UnitType, Weapon
from engine.dice import DiceSource
from engine.hexes import Facing, Hex

__all__ = [
    "CLEAR_LOF_BONUS",
    "Blast",
    "PlacedMarker",
    "Volley",
    "aim_problem",
    "arrow",
    "artillery_weapon",
    "blast_victims",
    "declare_problems",
    "drift_facing",
    "due_volleys",
    "in_band",
    "long_range_problem",
    "marker_problem",
    "place_markers",
    "resolve_volley",
    "roll_attack",
    "usable_markers",
]

CLEAR_LOF_BONUS = 2
"""AOD-13.4 step 2: +2 to the roll when the LOF to the marker point is not blocked."""

_NO_LONG_RANGE = "This unit has no long range: only artillery fires artillery markers."
_WHITE_CRITICAL_HIT = (6, 6)
_WHITE_CRITICAL_MISS = (1, 1)


# ---- what an artillery unit is (AOD-13.1) -----------------------------------------------------


def artillery_weapon(weapons: Iterable[Weapon]) -> Weapon | None:
    """AOD-13.1: the weapon with a bracketed long range, or None when the unit is no artillery."""
    return next((w for w in weapons if w.is_artillery), None)


def in_band(weapon: Weapon, distance: int) -> bool:
    """AOD-13.3 / AOD-26.9 / AOD-25 #39: long-range fire reaches ``max < d <= long``."""
    return weapon.long_range is not None and weapon.max_range < distance <= weapon.long_range


def long_range_problem(weapon: Weapon | None, attack: int) -> str | None:
    """AOD-13.1 / AOD-12.1: why this weapon may not fire long range at all, or None.

    Only an artillery weapon fires long range, and it needs attack > 0; its max range does not
    matter (a ``0/0 (12)`` weapon may still fire long range). ``attack`` is the current,
    modified attack value.
    """
    if weapon is None or not weapon.is_artillery:
        return _NO_LONG_RANGE
    if attack <= 0:  # AOD-13.1: attack > 0, whatever the max range
        return "An artillery unit needs an attack value above 0 to fire long range."
    return None


# ---- markers (AOD-13.2, AOD-26.9) -------------------------------------------------------------


def marker_problem(
    weapon: Weapon, marker_id: str, catalogue: Catalogue, attack: int, damage: int
) -> str | None:
    """AOD-13.1 / AOD-13.2 / AOD-26.9: why the shooter may not use this marker, or None.

    A unit uses only its own markers, and only those whose minimum attack and damage its current
    values meet.
    """
    marker = catalogue.markers.get(marker_id)
    if marker is None or marker_id not in weapon.markers:  # AOD-13.1: it owns its markers
        return f"This unit has no {marker_id} artillery marker."
    if attack < marker.min_attack:  # AOD-26.9: minimum attack
        return (
            f"The {marker.name} marker needs attack {marker.min_attack}; "
            f"this unit's attack is {attack}."
        )
    if damage < marker.min_damage:  # AOD-26.9: minimum damage
        return (
            f"The {marker.name} marker needs damage {marker.min_damage}; "
            f"this unit's damage is {damage}."
        )
    return None


def usable_markers(
    weapon: Weapon, catalogue: Catalogue, attack: int, damage: int
) -> tuple[Marker, ...]:
    """AOD-13.2 / AOD-26.9: the markers the shooter may place now, in the weapon's order."""
    return tuple(
        catalogue.markers[ident]
        for ident in weapon.markers
        if marker_problem(weapon, ident, catalogue, attack, damage) is None
    )


# ---- placing the dot (AOD-13.3, AOD-26.9) -----------------------------------------------------


def _cube(h: Hex) -> tuple[int, int, int]:
    return (h.q, h.r, -h.q - h.r)


def arrow(origin: Hex, dot: Hex) -> Facing:
    """AOD-26.9: the facing closest to the shooter -> dot vector; on a tie the lower index wins.

    Exact: every facing vector has the same length, so the closest facing is the one with the
    largest integer dot product of cube coordinates.
    """
    v = _cube(dot - origin)

    def score(facing: Facing) -> int:
        f = _cube(facing.delta)
        return f[0] * v[0] + f[1] * v[1] + f[2] * v[2]

    return max(Facing, key=lambda f: (score(f), -int(f)))


def aim_problem(
    field: Battlefield, shooter: int, weapon: Weapon, dot: Hex, arcs: Arcs = DEFAULT_ARCS
) -> str | None:
    """AOD-13.3 / AOD-26.9: why the dot may not go in hex ``dot``, or None.

    On the board, in the shooter's front arc, and ``max < d <= long`` away. A blocked LOF is
    allowed: it only costs the +2 at resolution.
    """
    unit = field.units[shooter]
    if not field.terrain.on_board(dot):
        return "The artillery marker must be placed on the battlefield."
    if dot == unit.hex or arc_of(unit, dot, arcs) is not Arc.FRONT:  # AOD-13.3
        return "The artillery marker must lie in the shooter's front arc."
    distance = unit.hex.distance(dot)
    if not in_band(weapon, distance):  # AOD-13.3: farther than max, no farther than long
        return (
            f"The artillery marker is {distance} hexes away; long-range fire reaches "
            f"from {weapon.max_range + 1} to {weapon.long_range} hexes."
        )
    return None


def declare_problems(
    field: Battlefield,
    shooter: int,
    weapon: Weapon | None,
    catalogue: Catalogue,
    aims: Sequence[tuple[str, Hex]],
    *,
    attack: int,
    damage: int,
    arcs: Arcs = DEFAULT_ARCS,
) -> list[str]:
    """AOD-13.1 / AOD-13.3 / AOD-13.5: what is wrong with a long-range declaration (empty: legal).

    Args:
        field: the battlefield now.
        shooter: the artillery unit's index in ``field``.
        weapon: the weapon it fires (its artillery weapon).
        catalogue: the markers catalogue.
        aims: (marker id, dot hex) for each marker placed.
        attack: the shooter's current, modified attack.
        damage: the shooter's current, modified damage with that weapon.
        arcs: the arcs in play.

    The unit's order and state (a Ranged order, not shut down, not Heavy Damage, not a captive)
    are the turn machine's checks; this is the artillery's own list.
    """
    if weapon is None:
        return [_NO_LONG_RANGE]
    if (why := long_range_problem(weapon, attack)) is not None:
        return [why]
    problems: list[str] = []
    if submerged(field.terrain, field.units[shooter]):  # AOD-19.5: nobody fires from under water
        problems.append("A submerged unit cannot fire.")
    if enemy_contacts(field, shooter):  # AOD-13.3: the artillery unit touches no enemy
        problems.append("An artillery unit in contact with an enemy cannot fire long range.")
    if not aims:
        problems.append("Place at least one artillery marker.")
    if len(aims) > weapon.targets:  # AOD-13.5: as many markers as it has targets
        problems.append(f"This weapon places at most {weapon.targets} marker(s) per order.")
    dots = [dot for _, dot in aims]
    if len(set(dots)) < len(dots):  # [INTERP] AOD-12.8 by analogy: each point once per order
        problems.append("Two markers may not share one hex.")
    found = (
        why
        for marker_id, dot in aims
        for why in (
            marker_problem(weapon, marker_id, catalogue, attack, damage),
            aim_problem(field, shooter, weapon, dot, arcs),
        )
        if why is not None
    )
    return problems + list(dict.fromkeys(found))


# ---- the placed marker (AOD-13.3, AOD-26.9) ---------------------------------------------------


@frozen
class PlacedMarker:
    """An artillery marker on the board, waiting for its shooter's next command stage.

    Attributes:
        owner: the player who placed it (it resolves in this player's next command stage).
        shooter: the artillery unit's id in the turn machine's state (a formation's leader); by
            default its index in the battlefield at placement.
        marker: the marker's id in the catalogue ("A-L").
        dot: the hex it was placed on (AOD-26.9: the dot is a hex).
        turn: the turn it was placed in.
        origin: the shooter's hex when it fired.
        arrow: the facing along the line of attack (AOD-26.9).
        attack: the shooter's attack at placement, used at resolution (AOD-26.9).
        damage: the shooter's damage at placement.
        range_type: the weapon's range type (normally ballistic) for the damage (AOD-11.5).
        bonus: a formation's +2 per member beyond the leader (AOD-13.7, AOD-18.3); 0 alone.
        members: every unit of the order, leader first (one unit when not in a formation).
    """

    owner: int
    shooter: int
    marker: str
    dot: Hex
    turn: int
    origin: Hex
    arrow: Facing
    attack: int
    damage: int
    range_type: RangeType = RangeType.BALLISTIC
    bonus: int = 0
    members: tuple[int, ...] = ()


def place_markers(
    field: Battlefield,
    shooter: int,
    weapon: Weapon,
    aims: Sequence[tuple[str, Hex]],
    *,
    owner: int,
    turn: int,
    attack: int,
    damage: int,
    members: Sequence[int] = (),
    bonus: int = 0,
    shooter_id: int | None = None,
) -> tuple[PlacedMarker, ...]:
    """AOD-13.3 / AOD-26.9: the markers of a declaration that `declare_problems` found legal.

    ``shooter`` is the artillery unit's index in ``field``; ``shooter_id`` the id the marker
    records, when the turn machine names units otherwise (default: the index). ``members`` and
    ``bonus`` are a formation's (`engine.aod.formations.artillery_bonus`); alone they are the
    shooter and 0.
    """
    origin = field.units[shooter].hex
    ident = shooter if shooter_id is None else shooter_id
    return tuple(
        PlacedMarker(
            owner=owner,
            shooter=ident,
            marker=marker_id,
            dot=dot,
            turn=turn,
            origin=origin,
            arrow=arrow(origin, dot),
            attack=attack,
            damage=damage,
            range_type=weapon.range_type,
            bonus=bonus,
            members=tuple(members) or (ident,),
        )
        for marker_id, dot in aims
    )


def due_volleys(
    markers: Iterable[PlacedMarker], owner: int, turn: int
) -> tuple[tuple[PlacedMarker, ...], ...]:
    """AOD-13.4 / AOD-13.5: the volleys that resolve in ``owner``'s command stage of ``turn``.

    A volley is the markers one shooter placed in one order (same shooter and turn), rolled for
    together. Markers placed in an earlier turn of ``owner`` are due; the order is placement order.
    """
    groups: dict[tuple[int, int], list[PlacedMarker]] = {}
    for marker in markers:
        if marker.owner == owner and marker.turn < turn:
            groups.setdefault((marker.turn, marker.shooter), []).append(marker)
    return tuple(tuple(group) for group in groups.values())


# ---- resolution (AOD-13.4 .. AOD-13.6, AOD-26.9) ----------------------------------------------


def roll_attack(dice: DiceSource) -> tuple[int, int, int]:
    """AOD-1 / AOD-26.13 D: roll the attack dice as (white, white, black)."""
    first, second, black = dice.roll(3)
    return (first, second, black)


def drift_facing(marker_arrow: Facing, black: int) -> Facing:
    """AOD-26.9: the black die ``b`` turns ``b - 1`` facings clockwise from the arrow (1 long)."""
    return marker_arrow.turn(black - 1)


def _point_is_clear(field: Battlefield, shooter: int, dot: Hex) -> bool:
    """AOD-13.4 step 2 / AOD-26.6: the LOF from the shooter's hex now to the marker point is clear.

    [INTERP] The point is judged as a ground-level mark that any base between blocks (the
    non-'Mech target rule of AOD-12.3); a unit standing on the dot itself never blocks.
    """
    unit = field.units[shooter]
    if unit.hex == dot:
        return True
    point = Occupant(dot, Facing.N, UnitType.INFANTRY, SpeedMode.FOOT, None)
    units = list(field.units)
    at = field.index_at(dot)
    if at is None:
        units.append(point)
        target = len(units) - 1
    else:
        units[at] = point
        target = at
    return not line_of_fire(Battlefield(field.terrain, tuple(units)), shooter, target).blocked


def blast_victims(
    field: Battlefield, dot: Hex, radius: int, captives: Iterable[int] = ()
) -> tuple[int, ...]:
    """AOD-13.4 step 6 / AOD-25 #20 / AOD-26.9: every unit a blast at ``dot`` damages.

    Every unit within ``radius`` of the dot, friend or foe, VTOLs at either altitude included;
    captives and submerged units are left out (passengers are off the board). In index order.
    """
    spared = frozenset(captives)
    return tuple(
        index
        for index, unit in enumerate(field.units)
        if index not in spared
        and unit.hex.distance(dot) <= radius
        and not submerged(field.terrain, unit)
    )


@frozen
class Blast:
    """One marker's outcome (AOD-13.4).

    Attributes:
        marker: the marker as placed.
        total: 3d6 + attack + formation bonus + the clear-LOF +2, for this marker.
        clear: the LOF to the marker point was clear (+2).
        hit: the total reached the difficulty, or a critical hit: no drift.
        drift: the facing the dot drifted in, or None on a hit.
        distance: hexes drifted (0 on a hit).
        dot: where it came down, or None when it drifted off the battlefield.
        hits: (unit index, damage clicks) for every unit in the blast, in index order.
    """

    marker: PlacedMarker
    total: int
    clear: bool
    hit: bool
    drift: Facing | None
    distance: int
    dot: Hex | None
    hits: tuple[tuple[int, int], ...]


@frozen
class Volley:
    """The outcome of one long-range order's markers (AOD-13.4 .. AOD-13.6).

    Attributes:
        dice: the attack dice, (white, white, black): one roll for every marker (AOD-13.5).
        critical_hit: 6 + 6 on the white dice: every marker lands on its dot, +1 click each.
        critical_miss: 1 + 1 on the white dice: the shooter takes a click, nobody else anything.
        blasts: one per marker, in placement order (empty on a critical miss).
        shooter: the artillery unit's id as the markers record it (a formation's leader).
        shooter_clicks: pushing-damage clicks the shooter takes (1 on a critical miss, AOD-13.6).
    """

    dice: tuple[int, int, int]
    critical_hit: bool
    critical_miss: bool
    blasts: tuple[Blast, ...]
    shooter: int
    shooter_clicks: int

    def damage(self) -> dict[int, tuple[int, ...]]:
        """Each damaged unit's clicks, one entry per blast it is in (AOD-13.5: full from each)."""
        found: dict[int, list[int]] = {}
        for blast in self.blasts:
            for index, clicks in blast.hits:
                found.setdefault(index, []).append(clicks)
        return {index: tuple(clicks) for index, clicks in found.items()}


def _resolve_one(
    field: Battlefield,
    marker: PlacedMarker,
    catalogue: Catalogue,
    roll: tuple[int, int, int],
    captives: frozenset[int],
    *,
    shooter_at: int | None,
) -> Blast:
    spec = catalogue.markers[marker.marker]
    critical_hit = roll[:2] == _WHITE_CRITICAL_HIT
    # AOD-13.4 step 2 / AOD-25 #19: the +2 is judged now, from where the shooter stands now;
    # a shooter that is gone gets no +2.
    clear = shooter_at is not None and _point_is_clear(field, shooter_at, marker.dot)
    total = sum(roll) + marker.attack + marker.bonus + (CLEAR_LOF_BONUS if clear else 0)
    hit = critical_hit or total >= spec.difficulty  # AOD-13.4 step 3 / AOD-13.6
    facing: Facing | None = None
    distance = 0
    dot: Hex | None = marker.dot
    if not hit:  # AOD-13.4 step 4 / AOD-26.9: drift by the black die and the margin band
        facing = drift_facing(marker.arrow, roll[2])
        distance = spec.drift_hexes(spec.difficulty - total)
        landed = marker.dot
        for _ in range(distance):
            landed = landed.neighbor(facing)
        dot = landed if field.terrain.on_board(landed) else None  # AOD-13.4 step 5
    hits: tuple[tuple[int, int], ...] = ()
    if dot is not None:  # AOD-13.4 step 6 / AOD-13.6: +1 click on a critical hit
        clicks = marker.damage + (1 if critical_hit else 0)
        hits = tuple(
            (index, clicks) for index in blast_victims(field, dot, spec.blast_radius, captives)
        )
    return Blast(marker, total, clear, hit, facing, distance, dot, hits)


def resolve_volley(
    field: Battlefield,
    markers: Sequence[PlacedMarker],
    catalogue: Catalogue,
    roll: tuple[int, int, int],
    *,
    captives: Iterable[int] = (),
    shooter_at: int | None,
) -> Volley:
    """AOD-13.4 .. AOD-13.6: resolve the markers one order placed, with one attack roll.

    Args:
        field: the battlefield in the shooter's command stage.
        markers: one volley (see `due_volleys`), all from one shooter and one turn.
        catalogue: the markers catalogue.
        roll: the three attack dice (white, white, black).
        captives: indices of captive units: artillery never damages them (AOD-13.4 step 6).
        shooter_at: the shooter's index in ``field`` now, for the LOF of the +2; None when it
            has been eliminated: the markers then resolve with their stored values and no +2
            (AOD-25 #19, AOD-26.9), and a critical miss damages nobody.

    Returns:
        The volley: its dice, each marker's total, drift and blast, and the shooter's own click
        on a critical miss. The markers are removed afterwards (step 7): the caller drops them.
    """
    if not markers:
        msg = "a volley needs at least one marker"
        raise ValueError(msg)
    shooter = markers[0].shooter
    if any(m.shooter != shooter or m.turn != markers[0].turn for m in markers):
        msg = "a volley is the markers of one shooter's one order"
        raise ValueError(msg)
    if roll[:2] == _WHITE_CRITICAL_MISS:  # AOD-13.6: the shooter alone takes a click
        return Volley(
            roll,
            critical_hit=False,
            critical_miss=True,
            blasts=(),
            shooter=shooter,
            shooter_clicks=0 if shooter_at is None else 1,
        )
    spared = frozenset(captives)
    blasts = tuple(
        _resolve_one(field, m, catalogue, roll, spared, shooter_at=shooter_at) for m in markers
    )
    return Volley(
        roll,
        critical_hit=roll[:2] == _WHITE_CRITICAL_HIT,
        critical_miss=False,
        blasts=blasts,
        shooter=shooter,
        shooter_clicks=0,
    )
