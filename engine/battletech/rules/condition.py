"""What damage, heat and the pilot's state do to a 'Mech's movement (BT-M-20.6, BT-M-31.3, BT-M-32).

Pure queries on a `UnitState`: current Walk/Run/Jump MP, the preexisting-damage PSR modifier, the
stand-up arm modifiers, and whether the unit can move at all.
"""

from __future__ import annotations

from fractions import Fraction

from engine.battletech.board import Terrain
from engine.battletech.designs.mech import Location, run_mp
from engine.battletech.envstate import ONE_G, by_gravity
from engine.battletech.rules import masc
from engine.battletech.state import UnitState
from engine.battletech.tables import heat_mp_loss

__all__ = [
    "arm_modifier",
    "can_move",
    "component_hits",
    "gyro_hits",
    "jump_mp",
    "leg_state",
    "needs_landing_psr",
    "needs_running_psr",
    "preexisting",
    "run_allowance",
    "walk_mp",
]

_LEGS = (Location.LL, Location.RL)
_ARMS = (Location.LA, Location.RA)
_LEG_ACTUATORS = ("upper leg", "lower leg", "foot")
_ARM_ACTUATORS = ("shoulder", "upper arm", "lower arm", "hand")


def _kind(name: str) -> str:
    """Normalise a critical line's name for matching components ("Upper Leg Actuator")."""
    return name.lower().replace("actuator", "").strip()


def component_hits(unit: UnitState, location: Location, *components: str) -> int:
    """How many critical lines of ``location`` naming one of ``components`` have been hit."""
    slots = unit.mech_design.slots_at(location)
    return sum(
        1
        for index, name in enumerate(slots)
        if unit.mech.slot_hit(location, index)
        and any(_kind(name).startswith(c) for c in components)
    )


def gyro_hits(unit: UnitState) -> int:
    """Gyro critical hits taken (2 = destroyed, BT-M-32.1)."""
    return component_hits(unit, Location.CT, "gyro")


def leg_state(unit: UnitState, leg: Location) -> tuple[bool, bool, int]:
    """Return (destroyed, hip hit, other leg actuators hit) for one leg."""
    destroyed = unit.mech.location_destroyed(leg)
    hip = component_hits(unit, leg, "hip") > 0
    actuators = component_hits(unit, leg, *_LEG_ACTUATORS)
    return destroyed, hip, actuators


def walk_mp(unit: UnitState, *, heat: int | None = None, gravity: Fraction = ONE_G) -> int:
    """BT-M-20.6: current Walk MP: legs, hips, actuators, heat, gravity (BT-M-39.3); never < 0.

    Triple-strength myomer at heat 9+ adds 2 to the design's Walk MP first (BT-C-75).
    """
    walk = unit.mech_design.walk + masc.tsm_bonus(unit, heat)
    legs = [leg_state(unit, leg) for leg in _LEGS]
    lost = sum(1 for destroyed, _, _ in legs if destroyed)
    if lost == 2:  # noqa: PLR2004 - both legs
        return 0
    if lost == 1:
        walk = 1
    else:
        hips = sum(1 for _, hip, _ in legs if hip)
        if hips == 2:  # noqa: PLR2004 - both hips
            return 0
        if hips == 1:
            walk = (walk + 1) // 2
        walk -= sum(actuators for _, hip, actuators in legs if not hip)
    walk -= heat_mp_loss(unit.mech.heat if heat is None else heat)
    return by_gravity(max(walk, 0), gravity)


def run_allowance(unit: UnitState, gravity: Fraction = ONE_G, *, masc_on: bool = False) -> int:
    """BT-M-20.3/20.6: Run MP from the current Walk MP; 0 with a destroyed leg (cannot run).

    With the MASC switched on (``masc_on``, or already on for this turn's move): Walk MP x 2
    (BT-C-75). ``gravity``: BT-M-39.3.
    """
    if any(unit.mech.location_destroyed(leg) for leg in _LEGS):
        return 0
    walk = walk_mp(unit, gravity=gravity)
    if masc_on or (unit.movement is not None and unit.movement.masc):
        return masc.masc_run_mp(unit, walk)
    return run_mp(walk)


def _jets(unit: UnitState) -> list[tuple[Location, bool]]:
    """Every jump jet line as (location, working)."""
    jets = []
    for location in Location:
        for index, name in enumerate(unit.mech_design.slots_at(location)):
            if "jump jet" in name.lower():
                working = not unit.mech.slot_hit(
                    location, index
                ) and not unit.mech.location_destroyed(location)
                jets.append((location, working))
    return jets


def jump_mp(unit: UnitState, terrain: Terrain | None = None, gravity: Fraction = ONE_G) -> int:
    """BT-M-20.4 items 5-6 / BT-M-20.6: Jump MP now.

    The design's Jump MP less one per jump jet lost (a hit, or in a destroyed location). Standing
    in Depth 1 water only torso jets work; in Depth 2+ none do. Heat never reduces it.
    """
    jets = _jets(unit)
    jump = unit.mech_design.jump
    if jets:
        jump -= sum(1 for _, working in jets if not working)
    on_deck = terrain is not None and unit.standing_on_bridge(terrain)
    depth = (terrain.water or 0) if terrain is not None and not on_deck else 0
    if depth >= 2:  # noqa: PLR2004 - BT-M-20.4 item 5
        return 0
    if depth == 1:
        torso = {Location.CT, Location.LT, Location.RT}
        jump = min(jump, sum(1 for location, working in jets if working and location in torso))
    return by_gravity(max(jump, 0), gravity)  # BT-M-39.3


def preexisting(unit: UnitState) -> tuple[tuple[str, int], ...]:
    """BT-M-31.3: the preexisting-damage modifiers added to every PSR the 'Mech makes.

    Per leg, the first that applies: destroyed +5; hip hit +2; +1 per destroyed upper-leg,
    lower-leg and foot actuator. Gyro hit (once) +3.
    """
    modifiers: list[tuple[str, int]] = []
    for leg in _LEGS:
        destroyed, hip, actuators = leg_state(unit, leg)
        if destroyed:
            modifiers.append((f"{leg.long_name.lower()} destroyed", 5))
        elif hip:
            modifiers.append((f"{leg.long_name.lower()} hip", 2))
        elif actuators:
            modifiers.append((f"{leg.long_name.lower()} actuators", actuators))
    if gyro_hits(unit) == 1:
        modifiers.append(("gyro hit", 3))
    return tuple(modifiers)


def arm_modifier(unit: UnitState) -> tuple[tuple[str, int], ...]:
    """BT-M-24.3: stand-up modifiers: +1 per arm with a damaged actuator, +2 per arm destroyed."""
    modifiers: list[tuple[str, int]] = []
    for arm in _ARMS:
        if unit.mech.location_destroyed(arm):
            modifiers.append((f"{arm.long_name.lower()} destroyed", 2))
        elif component_hits(unit, arm, *_ARM_ACTUATORS):
            modifiers.append((f"{arm.long_name.lower()} actuator", 1))
    return tuple(modifiers)


def needs_running_psr(unit: UnitState) -> bool:
    """BT-M-20.3 / BT-M-32.1: a damaged hip or a gyro hit makes a 'Mech roll before it runs."""
    return gyro_hits(unit) > 0 or any(leg_state(unit, leg)[1] for leg in _LEGS)


def needs_landing_psr(unit: UnitState) -> bool:
    """BT-M-20.4 item 6: any damaged leg, foot or hip actuator, a gyro hit or a destroyed leg."""
    legs = [leg_state(unit, leg) for leg in _LEGS]
    return gyro_hits(unit) > 0 or any(d or h or a for d, h, a in legs)


def can_move(unit: UnitState) -> str | None:
    """Why the unit cannot move at all this turn, or None (BT-M-20.5, BT-M-16 item 3)."""
    if unit.destroyed:
        return "it is destroyed"
    if not unit.mech.conscious:
        return "its MechWarrior is unconscious"
    if unit.mech.shutdown:
        return "it is shut down"
    if unit.stuck:
        return "it is stuck in a swamp (BT-M-39.1)"
    return None
