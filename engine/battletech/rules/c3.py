"""C3 computers, ECM suites and active probes (BT-C-75, BT-C-68/73): where they change a number.

The digest gives only "networked range sharing (C3); jamming in the listed radius (ECM);
detection radius (probes)" and the radii (Guardian ECM 6, Beagle probe 4; Clan probe 5, light 3).
The rest is ASSUMPTION, the standard (Master Rules) reading, as MegaMek plays it:

- **C3 network** (`network`): a side's first working C3 master (in unit order) and up to three
  of its working C3 slaves, all on the map and not shut down; one unit alone is no network.
  A networked attacker takes its *range modifier* from the member nearest the target that has
  a line of sight to it (`range_term`), when that is nearer than the attacker itself. Everything
  else stays the attacker's own: its line of sight, its arc, the weapon's long range (a target
  beyond it from the attacker is out of range) and the minimum range (BT-C-13). The to-hit
  breakdown names it: ``("C3 network: short range from the Raven RVN-3L", -2)``.
- **ECM** (`ecm_radius`): a working ECM suite on the map (its 'Mech not shut down) jams the
  hexes within its radius for the enemies of its side: an enemy unit standing there is cut off
  its C3 network (breakdown: ``("C3 network jammed by ECM", 0)`` when the network would have
  helped), and missiles fired at a unit standing within the radius of its own side's ECM get no
  Artemis IV or NARC bonus (`special.cluster_modifiers`: ``("ECM: Artemis IV jammed", 0)``).
- **Active probes** (`probe_sees`): at night (issue 16) a side knows of every enemy within the
  radius of one of its working probes, unless that enemy stands within the radius of its own
  side's ECM (ECM blocks probes). By day every enemy is known anyway: no effect.
"""

from __future__ import annotations

from engine.battletech.data import catalogue
from engine.battletech.rules.los import line_of_sight
from engine.battletech.state import BTState, UnitState
from engine.hexes import Hex

__all__ = [
    "C3_SLAVES",
    "c3_role",
    "ecm_jammed",
    "ecm_radius",
    "ecm_shielded",
    "network",
    "probe_radius",
    "probe_sees",
    "range_term",
]

C3_SLAVES = 3
"""ASSUMPTION (standard): a C3 master links up to three slaves (a lance)."""

_DESIGN_GEAR: dict[int, tuple[object, dict[str, tuple[int, ...]]]] = {}
_MOST_DESIGNS = 512


def _gear(unit: UnitState) -> dict[str, tuple[int, ...]]:
    """The design's items by role ("master", "slave", "ecm", "probe"), cached by design."""
    if not unit.is_mech:
        return {}  # C3 gear on 'Mechs only
    design = unit.mech_design
    known = _DESIGN_GEAR.get(id(design))
    if known is None or known[0] is not design:
        found: dict[str, list[int]] = {}
        for index, item in enumerate(design.equipment):
            spec = catalogue.SPECS.get(item.name)
            if spec is None:
                continue
            if "c3" in spec.flags:
                role = "master" if "master" in spec.name.lower() else "slave"
                found.setdefault(role, []).append(index)
            for flag in ("ecm", "probe"):
                if flag in spec.flags:
                    found.setdefault(flag, []).append(index)
        if len(_DESIGN_GEAR) >= _MOST_DESIGNS:
            _DESIGN_GEAR.clear()
        known = _DESIGN_GEAR[id(design)] = (design, {k: tuple(v) for k, v in found.items()})
    return known[1]


def _working(unit: UnitState, index: int) -> bool:
    item = unit.mech_design.equipment[index]
    return not unit.mech.location_destroyed(item.location) and not any(
        unit.mech.slot_hit(item.location, slot) for slot in item.slots
    )


def _active(unit: UnitState) -> bool:
    if not unit.is_mech:
        return False  # C3 and ECM gear on 'Mechs only
    return unit.on_map and not unit.mech.shutdown and unit.hex is not None


def _best(unit: UnitState, role: str) -> int:
    """The largest radius of the unit's working items of ``role`` (0: none works)."""
    if not _active(unit):
        return 0
    radii = [
        getattr(catalogue.SPECS[unit.design.equipment[i].name], "radius", 0)
        for i in _gear(unit).get(role, ())
        if _working(unit, i)
    ]
    return max(radii, default=0)


def ecm_radius(unit: UnitState) -> int:
    """BT-C-68/73: the radius the unit's ECM jams now (0: none working, or shut down)."""
    return _best(unit, "ecm")


def probe_radius(unit: UnitState) -> int:
    """BT-C-68/73: the radius the unit's active probe searches now (0: none working)."""
    return _best(unit, "probe")


def _ecm_over(state: BTState, where: Hex, sides: set[int] | None, not_side: int | None) -> bool:
    for unit in state.units:
        if (sides is not None and unit.side not in sides) or unit.side == not_side:
            continue
        radius = ecm_radius(unit)
        if radius and unit.hex is not None and unit.hex.distance(where) <= radius:
            return True
    return False


def ecm_jammed(state: BTState, index: int) -> bool:
    """ASSUMPTION (standard): unit ``index`` stands within the radius of an enemy ECM."""
    unit = state.units[index]
    return unit.hex is not None and _ecm_over(state, unit.hex, None, unit.side)


def ecm_shielded(state: BTState, index: int) -> bool:
    """ASSUMPTION (standard): unit ``index`` stands within the radius of its own side's ECM."""
    unit = state.units[index]
    return unit.hex is not None and _ecm_over(state, unit.hex, {unit.side}, None)


def c3_role(unit: UnitState) -> str:
    """The unit's working C3 computer: "master", "slave" or "" (a master first)."""
    gear = _gear(unit)
    for role in ("master", "slave"):
        if any(_working(unit, i) for i in gear.get(role, ())):
            return role
    return ""


def network(state: BTState, side: int, *, ecm: bool = True) -> tuple[int, ...]:
    """ASSUMPTION (standard): the units of ``side``'s C3 network now, the master first.

    ``ecm`` False ignores jamming (to say when ECM cut a network that would have helped).
    """
    members: list[int] = []
    slaves: list[int] = []
    for index, unit in enumerate(state.units):
        if unit.side != side or not _active(unit) or (ecm and ecm_jammed(state, index)):
            continue
        role = c3_role(unit)
        if role == "master" and not members:
            members.append(index)
        elif role == "slave" and len(slaves) < C3_SLAVES:
            slaves.append(index)
    if not members or not slaves:
        return ()
    return (members[0], *slaves)


def _spotter(
    state: BTState, attacker: int, target: int | Hex, where: Hex, distance: int, *, ecm: bool
) -> tuple[int, int] | None:
    """The networked friend nearest ``where`` that sees it, nearer than ``distance``.

    Returns (unit, its distance), or None.
    """
    unit = state.units[attacker]
    members = network(state, unit.side, ecm=ecm)
    if attacker not in members:
        return None
    best: tuple[int, int] | None = None
    for friend in members:
        there = state.units[friend].hex
        if friend == attacker or there is None:
            continue
        near = there.distance(where)
        if near >= distance or (best is not None and near >= best[1]):
            continue
        if line_of_sight(state, friend, target).clear:
            best = (friend, near)
    return best


def _band(spec: catalogue.WeaponSpec, distance: int) -> tuple[str, int]:
    if distance <= spec.short:
        return "short", 0
    if distance <= spec.medium:
        return "medium", 2
    return "long", 4


def range_term(
    state: BTState,
    attacker: int,
    target: int | Hex,
    spec: catalogue.WeaponSpec,
    distance: int,
) -> list[tuple[str, int]]:
    """ASSUMPTION (standard, BT-C-75): the C3 network's to-hit term for one shot, or none.

    The range modifier from the networked unit nearest the target (with a line of sight to it)
    less the attacker's own (BT-C-13): a negative term named for the unit it comes from. When an
    enemy ECM cut the network that would have helped: ``("C3 network jammed by ECM", 0)``.
    """
    unit = state.units[attacker]
    if not _gear(unit) or c3_role(unit) == "" or distance <= spec.short:
        return []
    where = target if isinstance(target, Hex) else state.units[target].hex
    if where is None:
        return []
    own = _band(spec, distance)[1]
    found = _spotter(state, attacker, target, where, distance, ecm=True)
    if found is not None:
        friend, near = found
        band, value = _band(spec, near)
        if value < own:
            who = state.units[friend].name
            return [(f"C3 network: {band} range from the {who}", value - own)]
        return []
    unjammed = _spotter(state, attacker, target, where, distance, ecm=False)
    if unjammed is not None and _band(spec, unjammed[1])[1] < own:
        return [("C3 network jammed by ECM", 0)]
    return []


def probe_sees(state: BTState, side: int, index: int) -> bool:
    """ASSUMPTION (standard): a working active probe of ``side`` finds enemy unit ``index``.

    Within the probe's radius, unless the enemy stands within its own side's ECM radius.
    """
    enemy = state.units[index]
    where = enemy.hex
    if where is None or enemy.side == side or ecm_shielded(state, index):
        return False
    for unit in state.units:
        if unit.side != side:
            continue
        radius = probe_radius(unit)
        if radius and unit.hex is not None and unit.hex.distance(where) <= radius:
            return True
    return False
