"""Physical attacks: punch, kick, club, hatchet, sword, push, charge and DFA (BT-C-36..45).

To-hit numbers (`physical_to_hit`), declarations (`declare_physical`, `physical_options`), the
charges and DFAs declared with a move (`check_charge`, `check_dfa`, `movement_attack`), damage
(`punch_damage`, `kick_damage`, `charge_damage`, `dfa_damage` ...) and resolution
(`resolve_physical_attack`, `missed_dfa`). Where a push, charge or DFA moves a unit, the
displacement, the accidental fall from above and the domino effect are
`engine.battletech.rules.displacement`'s (BT-C-46..48, BT-M-26); the hit-location rolls and the
PSRs an attack causes are `engine.battletech.rules.contact`'s (BT-C-22/23, BT-C-49).

Every physical attack is between adjacent units, so arcs and attack sides are read from the
hexside between the two hexes (BT-C-10/21 for a neighbour: the 60-degree rows belong to the front
and the side arcs; no neighbour lies on a vertex). Only a DFA's side, taken from where its jump
began, may need the full line (`los.attack_side`).

DESIGN decisions where the digest leaves a choice (each also named where it is made):

- A prone attacker makes no physical attack: the two it may make (punch a vehicle, sweep infantry
  in its own hex, BT-C-45) need another unit in its hex, which stacking never allows (BT-M-25,
  `kindmove`: a 'Mech's hex takes no other unit).
- Other kinds (BT-C-36, BT-C-42/43): a ground vehicle charges (rams) 'Mechs and vehicles, never
  infantry or a VTOL in flight, within 1 level, with its own terrain costs and Cruise/Flank MP
  (`_ram_mp`); it compares its Driving skill and makes no PSR. 'Mechs DFA vehicles (the Front
  column) and infantry (+3, no Piloting comparison) at any level, never a VTOL in flight.
- Arms flipped to the rear (BT-C-62) cannot punch, club, push or swing a hatchet.
- A 'Mech with a destroyed leg cannot kick (it has nothing to stand on).
- A kick, hatchet or sword declared without a limb uses the limb with the best number; a punch
  without a limb is a punch with both arms (two attacks, BT-C-37).
- Attacks whose number is 13+ are not declared (BT-C-2: the attacker may cancel them); a charge or
  DFA whose number became 13+ is cancelled the same way.
- The charging unit that misses goes to its front-right hex, else its front-left one (BT-C-42: the
  attacking player chooses; an empty hex is preferred, then the right).
- A DFA's target displaced by a hit goes straight away from the attack direction (the line from
  where the jump began; along a hexside, the first legal of the two); when that hex is illegal it
  goes to the nearest legal one (right before left). The attacker lands first, so the hex it
  hovered in is free. The missed target picks an empty hex on its level if it can (BT-C-43: the
  defender chooses).
- Charge damage to the attacker and DFA damage to the attacker strike its front (normal table and
  Kick table respectively).
- An attack whose attacker and target an earlier attack of the phase moved apart misses without
  dice (a DFA then comes down in the attacker's own hex, as a missed DFA).
- A DFA attacker counts as an occupant of the hex it hovers in (it should not count for stacking
  until it lands, BT-C-43; a domino that reaches that hex shoves it like any 'Mech).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import attrs

from engine.battletech import events as ev
from engine.battletech.commands import PhysicalAttack
from engine.battletech.context import Ctx
from engine.battletech.data.catalogue import find
from engine.battletech.designs.mech import Location
from engine.battletech.designs.vehicle import VehicleDesign
from engine.battletech.envstate import gravity_of
from engine.battletech.kinds import infantry, vehicle_combat
from engine.battletech.kinds import vehicle_terrain as vt
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.rules import kindmove, masc
from engine.battletech.rules.condition import component_hits, jump_mp
from engine.battletech.rules.contact import level_of, psr, relative, side_from, strike
from engine.battletech.rules.damage import DEADLY_WOUNDS, fall, piloting_roll
from engine.battletech.rules.displacement import aside, building_damage, chain_legal, displace
from engine.battletech.rules.los import Sight, line_of_sight
from engine.battletech.rules.movement import allowance, enter_cost, standing_level
from engine.battletech.rules.tohit import ToHit, common_modifiers
from engine.battletech.state import Attack, AttackKind, BTState, Movement, MoveMode, UnitState
from engine.battletech.tables import PHYSICAL_BASE, Column
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex, line_pair

__all__ = [
    "CHARGE_ATTACKER_TONS",
    "check_charge",
    "check_dfa",
    "declare_physical",
    "missed_dfa",
    "movement_attack",
    "physical_options",
    "physical_to_hit",
    "resolve_physical_attack",
    "why_charge_lapses",
]

CHARGE_ATTACKER_TONS = 20
"""BT-C-42 / BT-C-91.1: a charging unit takes 1 point per this many tons of its target (rounded
up). The seed's 20; every English edition says 10."""

MAX_TO_HIT = 12
"""BT-C-14: a modified number above this cannot hit."""

WRECK = "destroyed in mid-jump"
"""The term that marks the DFA of a wreck (BT-C-43): its number is the +1 PSR."""

_ARMS = (Location.LA, Location.RA)
_LEGS = (Location.LL, Location.RL)
_K = AttackKind

# Directions from a unit to a neighbour, counted in hexsides clockwise from its facing (BT-C-10):
# the neighbours at 60 degrees lie on the boundary rows, in the front and in a side arc.
_FRONT = frozenset({0, 1, 5})
_ARM_ARCS = {Location.LA: _FRONT | {4}, Location.RA: _FRONT | {2}}

# ---------------------------------------------------------------- small queries


def _name(unit: UnitState) -> str:
    return f"the {unit.name}"


def _missing(unit: UnitState, location: Location, component: str) -> bool:
    """True when the design has no such actuator in ``location`` (missing by design, BT-C-37)."""
    wanted = component.lower()
    return not any(
        name.lower().replace("actuator", "").strip().startswith(wanted)
        for name in unit.mech_design.slots_at(location)
    )


def _hit(unit: UnitState, location: Location, component: str) -> bool:
    return component_hits(unit, location, component) > 0


def _working(unit: UnitState, location: Location, component: str) -> bool:
    return not _missing(unit, location, component) and not _hit(unit, location, component)


def _fired_from(unit: UnitState, location: Location) -> bool:
    """True when a weapon mounted in ``location`` fired this turn."""
    equipment = unit.design.equipment
    return any(
        equipment[i].location is location for i in unit.this_turn.fired if 0 <= i < len(equipment)
    )


def _arm_penalties(unit: UnitState, arm: Location) -> list[tuple[str, int]]:
    """BT-C-17/37/38: +2 per upper or lower arm actuator damaged or missing by design."""
    terms = []
    for component in ("upper arm", "lower arm"):
        where = arm.long_name.lower()
        if _missing(unit, arm, component):
            terms.append((f"{where}: no {component} actuator", 2))
        elif _hit(unit, arm, component):
            terms.append((f"{where} {component} actuator hit", 2))
    return terms


def _halvings(unit: UnitState, location: Location, components: Iterable[str]) -> int:
    return sum(1 for c in components if _missing(unit, location, c) or _hit(unit, location, c))


def punch_damage(unit: UnitState, arm: Location) -> int:
    """BT-C-37: ceil(tons / 10), halved (down) per upper or lower arm actuator hit or missing.

    Doubled first by working triple-strength myomer (BT-C-75, `masc.tsm_factor`).
    """
    damage = math.ceil(unit.mech_design.tonnage / 10) * masc.tsm_factor(unit)
    for _ in range(_halvings(unit, arm, ("upper arm", "lower arm"))):
        damage //= 2
    return damage


def kick_damage(unit: UnitState, leg: Location) -> int:
    """BT-C-41: ceil(tons / 5), halved (down) per upper or lower leg actuator hit.

    Doubled first by working triple-strength myomer (BT-C-75, `masc.tsm_factor`).
    """
    damage = math.ceil(unit.mech_design.tonnage / 5) * masc.tsm_factor(unit)
    for _ in range(sum(1 for c in ("upper leg", "lower leg") if _hit(unit, leg, c))):
        damage //= 2
    return damage


def charge_damage(tons: float, hexes: int) -> int:
    """BT-C-42: ceil(tons x hexes / 10), rounded once at the end (35 t after 5 hexes: 18)."""
    return math.ceil(tons * hexes / 10)


def charge_damage_to_attacker(target_tons: float) -> int:
    """BT-C-42 / BT-C-91.1: ceil(target tons / `CHARGE_ATTACKER_TONS`)."""
    return math.ceil(target_tons / CHARGE_ATTACKER_TONS)


def dfa_damage(tons: int) -> int:
    """BT-C-43: ceil(tons x 3 / 10) to the target (a 35-ton 'Mech does 11)."""
    return math.ceil(tons * 3 / 10)


def dfa_damage_to_attacker(tons: int) -> int:
    """BT-C-43: ceil(tons / 5) to the attacker's legs."""
    return math.ceil(tons / 5)


def _blade(unit: UnitState, arm: Location, kind: AttackKind) -> tuple[int, ...] | None:
    """The critical lines of the hatchet or sword in ``arm`` (None: there is none)."""
    for item in unit.mech_design.equipment:
        if item.location is not arm:
            continue
        spec = find(item.name, unit.design.tech_base)
        if spec is not None and spec.name.lower() == kind.value:
            return item.slots
    return None


def _blade_arms(unit: UnitState, kind: AttackKind) -> tuple[Location, ...]:
    return tuple(arm for arm in _ARMS if _blade(unit, arm, kind) is not None)


# ---------------------------------------------------------------- to-hit


class _Refused(Exception):  # noqa: N818 - an internal "why not", never escapes this module
    """A physical attack is impossible; ``args[0]`` says why."""


def _general(state: BTState, attacker: int, kind: AttackKind, target: int) -> None:  # noqa: C901, PLR0912
    """The rules every physical attack shares (BT-C-36, BT-C-42/43/45)."""
    if kind is _K.WEAPON:
        raise _Refused("that is a weapon attack")
    if not 0 <= target < len(state.units):
        raise _Refused(f"there is no unit {target + 1}")
    unit, other = state.units[attacker], state.units[target]
    if attacker == target:
        raise _Refused("a 'Mech cannot attack itself")
    if not unit.on_map:
        raise _Refused(f"{_name(unit)} is not on the map")
    if not other.on_map:
        raise _Refused(f"{_name(other)} is not on the map")
    if getattr(other.body, "swarming", None) is not None:  # BT-C-35.10 (DESIGN: only brushed off)
        raise _Refused(f"{_name(other)} is swarming a unit: brush it off (BT-C-35.10)")
    if unit.is_mech and not unit.mech.conscious:
        raise _Refused("its MechWarrior is unconscious")
    if unit.is_mech and unit.mech.shutdown:
        raise _Refused("it is shut down")
    movement_kinds = {_K.CHARGE, _K.DFA}
    if unit.this_turn.physical == "club search":
        raise _Refused("it picked up a club this turn: no physical attack (BT-C-38)")
    if unit.this_turn.physical and not (
        kind in movement_kinds and unit.this_turn.physical == kind.value
    ):
        raise _Refused(
            f"it already made a {unit.this_turn.physical} attack this turn (one a turn, BT-C-36)"
        )
    if kind not in movement_kinds and (
        unit.this_turn.charging is not None or unit.this_turn.dfa is not None
    ):
        raise _Refused("a charging or DFA-ing 'Mech makes no other attack (BT-C-42/43)")
    if other.this_turn.dfa is not None:
        raise _Refused(
            f"{_name(other)} is in the air for a DFA: no physical attacks on it (BT-C-43)"
        )
    if kind in movement_kinds and other.this_turn.charging is not None:
        raise _Refused(f"{_name(other)} is charging: it cannot be charged or DFA'd (BT-C-42)")
    if _prone(unit):
        # DESIGN: a prone 'Mech may only punch vehicles or sweep infantry in its hex (BT-C-45).
        raise _Refused("a prone 'Mech makes no physical attack on a 'Mech (BT-C-45)")
    assert unit.hex is not None  # noqa: S101 - on the map
    assert other.hex is not None  # noqa: S101 - on the map
    if unit.hex.distance(other.hex) != 1 and not _stomp(unit, other, kind):
        raise _Refused(f"{_name(other)} is not in an adjacent hex (BT-C-36)")


def _elevation(kind: AttackKind, diff: int, *, prone: bool) -> str:  # noqa: C901 - BT-C-44's table
    """BT-C-44/45: the location table across ``diff`` levels (target minus attacker).

    "punch", "kick" or "normal"; raises when the attack cannot be made at all.
    """
    if kind is _K.DFA:
        return "normal" if prone else "punch"  # BT-C-43: any level the jump reaches
    if abs(diff) > 1:
        raise _Refused(f"{abs(diff)} levels apart: physical attacks reach 1 level (BT-C-44)")
    arms = {_K.PUNCH, _K.CLUB, _K.HATCHET, _K.SWORD}
    if prone:
        if kind is _K.CHARGE:
            raise _Refused("'Mechs cannot charge prone 'Mechs (BT-C-42)")
        if kind is _K.KICK and diff == 0:
            return "normal"  # BT-C-45: the normal table's column
        if kind in arms and diff == 1:
            return "normal"  # BT-C-44: a prone 'Mech one level up is punched or clubbed
        raise _Refused(
            "a prone 'Mech can be kicked on its level, or punched and clubbed from one level "
            "below (BT-C-44/45)"
        )
    table = {_K.PUNCH: "punch", _K.KICK: "kick"}.get(kind, "normal")
    if diff == 1:
        if kind not in arms and kind is not _K.CHARGE:
            raise _Refused(f"a {kind.value} cannot reach a 'Mech one level higher (BT-C-44)")
        return "normal" if kind is _K.CHARGE else "kick"
    if diff == -1:
        if kind not in {_K.KICK, _K.CLUB, _K.HATCHET, _K.SWORD, _K.CHARGE}:
            raise _Refused(f"a {kind.value} cannot reach a 'Mech one level lower (BT-C-44)")
        return "normal" if kind is _K.CHARGE else "punch"
    return table


def _punch_arm(unit: UnitState, arm: Location, relative: int) -> list[tuple[str, int]]:
    """BT-C-37 and BT-C-17 for one punching arm: its terms, or why it cannot punch."""
    where = arm.long_name.lower()
    if relative not in _ARM_ARCS[arm]:
        raise _Refused(f"the target is outside the {where}'s arcs (BT-C-37)")
    if unit.mech.location_destroyed(arm):
        raise _Refused(f"the {where} is destroyed")
    if not _working(unit, arm, "shoulder"):
        raise _Refused(f"the {where} shoulder is damaged: that arm cannot punch (BT-C-17)")
    if _fired_from(unit, arm):
        raise _Refused(f"the {where} fired its weapons this turn (BT-C-37)")
    terms: list[tuple[str, int]] = []
    if _missing(unit, arm, "hand"):
        terms.append((f"{where}: no hand actuator", 1))
    elif _hit(unit, arm, "hand"):
        terms.append((f"{where} hand actuator hit", 1))
    return terms + _arm_penalties(unit, arm)


def _kick_leg(unit: UnitState, leg: Location, relative: int) -> list[tuple[str, int]]:
    """BT-C-41 and BT-C-17 for the kicking leg: its terms, or why it cannot kick."""
    if relative not in _FRONT:
        raise _Refused("a kick reaches only the three hexes in front of the feet (BT-C-41)")
    if any(unit.mech.location_destroyed(each) for each in _LEGS):
        raise _Refused("with a leg destroyed it cannot kick")  # DESIGN
    if any(_hit(unit, each, "hip") for each in _LEGS):
        raise _Refused("a damaged hip: no kicks (BT-C-17)")
    where = leg.long_name.lower()
    if _fired_from(unit, leg):
        raise _Refused(f"the {where} fired its weapons this turn (BT-C-41)")
    terms = [
        (f"{where} {component} actuator hit", 2)
        for component in ("upper leg", "lower leg")
        if _hit(unit, leg, component)
    ]
    if _hit(unit, leg, "foot"):
        terms.append((f"{where} foot actuator hit", 1))
    return terms


def _club(unit: UnitState, relative: int) -> list[tuple[str, int]]:
    """BT-C-38: a club needs both shoulders and hands, no arm fire, the target in front."""
    if not unit.mech.club:
        raise _Refused("it holds no club (BT-C-38)")
    if relative not in _FRONT:
        raise _Refused("a club swings only into the front arc (BT-C-38)")
    terms: list[tuple[str, int]] = []
    for arm in _ARMS:
        where = arm.long_name.lower()
        if unit.mech.location_destroyed(arm):
            raise _Refused(f"the {where} is destroyed: a club needs both arms (BT-C-38)")
        for component in ("shoulder", "hand"):
            if not _working(unit, arm, component):
                raise _Refused(f"the {where} {component} is not intact (BT-C-38)")
        if _fired_from(unit, arm):
            raise _Refused(f"the {where} fired its weapons this turn (BT-C-38)")
        terms += _arm_penalties(unit, arm)
    return terms


def _blade_arm(
    unit: UnitState, arm: Location, kind: AttackKind, relative: int
) -> list[tuple[str, int]]:
    """BT-C-39: a hatchet or sword swung with one arm (the club rules for that arm)."""
    where = arm.long_name.lower()
    lines = _blade(unit, arm, kind)
    if lines is None:
        raise _Refused(f"the {where} carries no {kind.value} (BT-C-39)")
    if relative not in _ARM_ARCS[arm]:
        raise _Refused(f"the target is outside the {where}'s arcs (BT-C-39)")
    if unit.mech.location_destroyed(arm):
        raise _Refused(f"the {where} is destroyed")
    if any(unit.mech.slot_hit(arm, line) for line in lines):
        raise _Refused(f"the {kind.value} has been hit: it is ruined (BT-C-39)")
    for component in ("shoulder", "hand"):
        if not _working(unit, arm, component):
            raise _Refused(f"the {where} {component} is not working (BT-C-39)")
    if _fired_from(unit, arm):
        raise _Refused(f"the {where} fired its weapons this turn (BT-C-39)")
    return _arm_penalties(unit, arm)


def _push(unit: UnitState, other: UnitState) -> list[tuple[str, int]]:
    """BT-C-40: both arms, the target straight ahead of the feet, +2 per damaged shoulder."""
    assert unit.hex is not None  # noqa: S101 - checked by _general
    if unit.hex.neighbor(unit.facing) != other.hex:
        raise _Refused("a push needs the target in the hex straight ahead of the feet (BT-C-40)")
    terms: list[tuple[str, int]] = []
    for arm in _ARMS:
        where = arm.long_name.lower()
        if unit.mech.location_destroyed(arm):
            raise _Refused(f"the {where} is destroyed: a push needs both arms (BT-C-40)")
        if _fired_from(unit, arm):
            raise _Refused(f"the {where} fired its weapons this turn (BT-C-40)")
        if _hit(unit, arm, "shoulder"):
            terms.append((f"{where} shoulder hit", 2))
    return terms


def _limb_terms(  # noqa: C901, PLR0911 - one branch per attack kind
    state: BTState, attacker: int, kind: AttackKind, target: int, limb: Location | None
) -> tuple[list[tuple[str, int]], Location | None]:
    """The physical-only terms (BT-C-17) of one attack, and the limb it uses."""
    unit, other = state.units[attacker], state.units[target]
    assert unit.hex is not None  # noqa: S101 - checked by _general
    assert other.hex is not None  # noqa: S101 - checked by _general
    stomp = unit.hex == other.hex  # `_stomp`: under its own feet, read as straight ahead
    feet = 0 if stomp else relative(unit.hex, unit.facing, other.hex)
    torso = 0 if stomp else relative(unit.hex, unit.facing.turn(unit.this_turn.twist), other.hex)
    assert feet is not None  # noqa: S101 - adjacent
    assert torso is not None  # noqa: S101 - adjacent
    if kind in {_K.PUNCH, _K.CLUB, _K.HATCHET, _K.SWORD, _K.PUSH} and unit.this_turn.arms_flipped:
        raise _Refused("its arms are flipped to the rear (BT-C-62)")  # DESIGN
    limbs: tuple[Location, ...]
    if kind is _K.PUNCH:
        limbs = _ARMS if limb is None else (limb,)
        if any(each not in _ARMS for each in limbs):
            raise _Refused("a punch is made with an arm (LA or RA)")
        # A two-arm punch is two attacks (BT-C-37); its number here is the worse arm's.
        worst: list[tuple[str, int]] = []
        for arm in limbs:
            terms = _punch_arm(unit, arm, torso)
            if not worst or sum(v for _, v in terms) > sum(v for _, v in worst):
                worst = terms
        return worst, limb
    if kind is _K.KICK:
        return _best(limb, _LEGS, "a kick is made with a leg (LL or RL)", unit, feet, _kick_leg)
    if kind in {_K.HATCHET, _K.SWORD}:
        arms = _blade_arms(unit, kind) if limb is None else (limb,)
        if not arms:
            raise _Refused(f"it carries no {kind.value} (BT-C-39)")
        return _best(
            limb,
            arms,
            f"a {kind.value} is swung with an arm (LA or RA)",
            unit,
            torso,
            lambda u, arm, rel: _blade_arm(u, arm, kind, rel),
        )
    if kind is _K.CLUB:
        return _club(unit, torso), None
    if kind is _K.PUSH:
        return _push(unit, other), None
    if kind is _K.CHARGE:
        if unit.hex.neighbor(unit.facing) != other.hex:
            where = "of the feet" if unit.is_mech else "of the hull"
            raise _Refused(f"a charge needs the target straight ahead {where} (BT-C-42)")
        return _skills(unit, other), None
    # DFA: no arc; the jump decides. BT-C-43: no Piloting comparison against infantry.
    return ([] if _foot(other) else _skills(unit, other)), None


def _skills(unit: UnitState, other: UnitState) -> list[tuple[str, int]]:
    """BT-C-42/43, BT-C-91.17: + (attacker Piloting - target Piloting).

    A vehicle's crew compares its Driving skill (BT-C-42 DERIVED), kept as ``pilot.piloting``.
    """
    return [("Piloting difference", unit.pilot.piloting - other.pilot.piloting)]


def _foot(unit: UnitState) -> bool:
    """A conventional platoon or a battle armor squad (neither a 'Mech nor a vehicle)."""
    return not unit.is_mech and not isinstance(unit.body, VehicleBody)


def _tons(unit: UnitState) -> float:
    """A 'Mech's or a vehicle's tonnage (the units a charge involves, BT-C-42)."""
    design = unit.design
    assert isinstance(design, VehicleDesign) or unit.is_mech  # noqa: S101 - never infantry
    return design.tonnage if isinstance(design, VehicleDesign) else unit.mech_design.tonnage


def _prone(unit: UnitState) -> bool:
    """A prone 'Mech (the other kinds are never prone)."""
    return unit.is_mech and unit.mech.prone


_LimbCheck = Callable[[UnitState, Location, int], list[tuple[str, int]]]


def _best(  # noqa: PLR0917 - the limb, its choices and its check
    limb: Location | None,
    allowed: tuple[Location, ...],
    wrong: str,
    unit: UnitState,
    relative: int,
    check: _LimbCheck,
) -> tuple[list[tuple[str, int]], Location | None]:
    """The terms of ``limb``, or of the best of ``allowed`` when no limb is named (DESIGN)."""
    if limb is not None and limb not in allowed:
        raise _Refused(wrong)
    options: list[tuple[int, list[tuple[str, int]], Location]] = []
    first: _Refused | None = None
    for each in (limb,) if limb is not None else allowed:
        assert each is not None  # noqa: S101 - narrowed above
        try:
            terms = check(unit, each, relative)
        except _Refused as why:
            first = first or why
            continue
        options.append((sum(v for _, v in terms), terms, each))
    if not options:
        assert first is not None  # noqa: S101 - at least one limb was tried
        raise first
    _, terms, chosen = min(options, key=lambda option: option[0])
    return terms, chosen


def _to_hit(
    state: BTState, attacker: int, kind: AttackKind, target: int, limb: Location | None
) -> tuple[ToHit, Location | None]:
    try:
        _not_a_mech(state, attacker, kind)
        _general(state, attacker, kind, target)
        unit, other = state.units[attacker], state.units[target]
        diff = level_of(state, other) - level_of(state, unit)
        other_prone = _prone(other)
        if not unit.is_mech:
            table, kind_terms = _rammed(unit, other, diff)
        elif other.is_mech:
            table = _elevation(kind, diff, prone=other_prone)
            kind_terms = []
        else:
            table, kind_terms = "normal", _kind_target(other, kind, diff)
        same_hex = unit.hex == other.hex  # a stomp (`_stomp`): no line to trace
        sight = Sight(clear=True) if same_hex else line_of_sight(state, attacker, target)
        if not sight.clear:
            raise _Refused(sight.reason or "no line of sight")
        terms, used = _limb_terms(state, attacker, kind, target, limb)
    except _Refused as why:
        return ToHit(None, reason=str(why), range=1), None
    assert unit.hex is not None  # noqa: S101 - checked by _general
    if kind is _K.DFA:
        # BT-C-18.3: no terrain modifiers for a DFA; BT-C-43: the side is seen from where the
        # jump began, and a prone target is always struck on the rear column.
        common = common_modifiers(state, attacker, target, Sight(clear=True))
        start = unit.movement.path[0] if unit.movement and unit.movement.path else unit.hex
        side = _dfa_side(state, start, target)
    else:
        common = common_modifiers(state, attacker, target, sight)
        side = side_from(state, unit.hex, target)
        if sight.partial_cover and not other_prone:
            table = "punch"  # BT-C-8: every hit on a target in partial cover
    base = (f"{kind.value} base", PHYSICAL_BASE[kind.value])
    modifiers = (base, *common, *terms, *kind_terms)
    number = sum(value for _, value in modifiers)
    return ToHit(number, modifiers, range=1, side=side, table=table), used


def _stomp(unit: UnitState, other: UnitState, kind: AttackKind) -> bool:
    """BT-C-35 / BT-C-41: a kick on infantry or battle armor in the 'Mech's own hex (a stomp)."""
    foot = not other.is_mech and not isinstance(other.body, VehicleBody)
    return kind is _K.KICK and foot and unit.hex is not None and unit.hex == other.hex


def _dfa_side(state: BTState, start: Hex, target: int) -> str:
    """BT-C-43: the column of a DFA seen from ``start`` (where the jump began).

    A prone 'Mech: always the Rear; a vehicle: always the Front (BT-C-24.1,
    `vehicle_combat.physical_column`); otherwise the side facing ``start``.
    """
    other = state.units[target]
    if _prone(other):
        return "rear"
    if isinstance(other.body, VehicleBody):
        return vehicle_combat.physical_column(_K.DFA, Column.FRONT).value
    return side_from(state, start, target)


def _not_a_mech(state: BTState, attacker: int, kind: AttackKind) -> None:
    """BT-C-36: 'Mechs make every physical attack; vehicles only charge (not VTOLs).

    Infantry and battle armor make no physical attacks (their anti-'Mech attacks are
    `engine.battletech.rules` swarm and leg attacks, not these).
    """
    if not 0 <= attacker < len(state.units):
        raise _Refused(f"there is no unit {attacker + 1}")
    unit = state.units[attacker]
    if isinstance(unit.design, VehicleDesign):
        why = vehicle_combat.vehicle_attack_refused(kind, unit.design)
        if why:
            raise _Refused(why)
        return
    if not unit.is_mech:
        raise _Refused("infantry makes no physical attacks (BT-C-35, BT-C-36)")


def _vehicle_terms(unit: UnitState) -> list[tuple[str, int]]:
    """BT-C-15 / BT-C-18.1 for a ramming vehicle: cruised +1, flanked +2 (Minimum: as flanking).

    DESIGN: of its criticals only a commander hit (+1, BT-C-24.3 [MegaMek]) counts: sensor and
    stabilizer hits are weapon modifiers (BT-C-17: weapon-only terms stay out of physicals).
    """
    terms: list[tuple[str, int]] = []
    movement = unit.movement
    if movement is not None:
        value = movement.mode.attacker_modifier
        if movement.minimum:
            value = max(value, 2)
        if value:
            words = {MoveMode.WALK: "attacker cruised", MoveMode.RUN: "attacker flanked"}
            terms.append((words.get(movement.mode, "attacker moved"), value))
    body = unit.body
    if isinstance(body, VehicleBody) and body.commander_hit:
        terms.append(("commander hit", 1))
    return terms


def _rammed(unit: UnitState, other: UnitState, diff: int) -> tuple[str, list[tuple[str, int]]]:
    """BT-C-36/42/44: a vehicle's charge (a ram): its location table and its own terms.

    VTOLs never charge; infantry and battle armor cannot be charged; a vehicle may charge a
    vehicle or a 'Mech, standing or prone (`vehicle_combat.charge_refused`). The table
    (`vehicle_combat.charge_table`): the Kick table against a standing 'Mech, the normal table
    against a prone one; a vehicle target takes it on BT-C-24.1 in the column of the side hit.
    DESIGN: a VTOL in flight is not in the hex ahead and cannot be rammed; like a 'Mech's
    charge, a ram reaches 1 level up or down (BT-C-44; a ground vehicle cannot climb more).
    """
    assert isinstance(unit.design, VehicleDesign)  # noqa: S101 - `_not_a_mech` let only these by
    target = other.design if isinstance(other.design, VehicleDesign) else None
    why = vehicle_combat.charge_refused(unit.design, target)
    if why:
        raise _Refused(why)
    if _foot(other):
        raise _Refused(str(infantry.physical_against_infantry("charge")))
    if isinstance(other.body, VehicleBody) and other.body.airborne:
        raise _Refused("a VTOL in flight cannot be rammed (BT-C-42, DESIGN)")
    if abs(diff) > 1:
        raise _Refused(f"{abs(diff)} levels apart: a charge reaches 1 level (BT-C-44)")
    table = vehicle_combat.charge_table(target_is_mech=other.is_mech, target_prone=_prone(other))
    return ("kick" if table == "kick" else "normal"), _vehicle_terms(unit)


def _kind_target(other: UnitState, kind: AttackKind, diff: int) -> list[tuple[str, int]]:
    """BT-C-35, BT-C-41..45: a 'Mech's physical attack on a vehicle, platoon or squad.

    Vehicles: `vehicle_combat.physical_refused` (kick at its level, punches and clubs from one
    level lower, a DFA at any level, no charge, an airborne VTOL by arms only). Infantry and
    battle armor: `infantry.physical_against_infantry` (a kick +3, a DFA +3 at any level; punches
    and clubs from one level lower; no charge, no push). A kick reaches infantry in the 'Mech's
    own hex (a stomp, `_stomp`) and, DESIGN, in an adjacent hex too, both at +3.
    """
    body = other.body
    if isinstance(body, VehicleBody):
        why = vehicle_combat.physical_refused(kind, level_difference=diff, airborne=body.airborne)
        if why:
            raise _Refused(why)
        return []
    name = {_K.HATCHET: "club", _K.SWORD: "club"}.get(kind, kind.value)
    found = infantry.physical_against_infantry(name)  # type: ignore[arg-type]
    if isinstance(found, str):
        raise _Refused(found)
    if kind is _K.DFA:
        return [("infantry target", found)]  # BT-C-43: any level the jump reaches
    if kind is _K.KICK and diff != 0:
        raise _Refused("a kick reaches infantry at its own level (BT-C-44)")
    if kind is not _K.KICK and diff != 1:
        raise _Refused("a 'Mech punches or clubs infantry only from 1 level lower (BT-C-44)")
    return [("infantry target", found)] if found else []


def physical_to_hit(
    state: BTState, attacker: int, kind: AttackKind, target: int, limb: Location | None = None
) -> ToHit:
    """BT-C-36..45: the to-hit number of a physical attack, or why it is impossible.

    ``limb``: the punching arm (None: both arms; the number is then the worse arm's), the kicking
    leg or the hatchet/sword arm (None: the best one).
    """
    return _to_hit(state, attacker, kind, target, limb)[0]


# ---------------------------------------------------------------- declarations


def _attack(  # noqa: PLR0917 - every field of the declared attack
    state: BTState, attacker: int, kind: AttackKind, target: int, limb: Location | None, hit: ToHit
) -> Attack:
    where = state.units[target].hex
    assert where is not None  # noqa: S101 - a possible attack
    assert hit.number is not None  # noqa: S101 - a possible attack
    return Attack(
        attacker=attacker,
        kind=kind,
        target=target,
        hex=where,
        to_hit=hit.number,
        modifiers=hit.modifiers,
        limb=limb,
        side=hit.side,
        table=hit.table,
    )


def declare_physical(state: BTState, command: PhysicalAttack) -> list[ev.BTEvent]:  # noqa: C901
    """Check a physical declaration and return its `AttackDeclared` events.

    A punch with both arms gives two. The caller adds `UnitDeclared`.

    Raises:
        IllegalCommand: the declaration breaks a rule; the message says which and why.
    """
    kind, index, target = command.kind, command.unit, command.target
    if kind is None:
        return []
    if not 0 <= index < len(state.units):
        raise IllegalCommand("unit/unknown", f"there is no unit {index + 1}")
    unit = state.units[index]
    if kind in {_K.CHARGE, _K.DFA}:
        msg = "charges and DFAs are declared with the move (BT-C-42/43)"
        raise IllegalCommand("physical/movement", msg)
    if kind is _K.WEAPON:
        raise IllegalCommand("physical/weapon", "weapons fire in the Weapon Attack phase")
    if target is None:
        raise IllegalCommand("physical/no_target", f"name the unit to {kind.value}")
    if kind is _K.PUSH and _pushed(state, target):
        msg = "only one push may be declared against a 'Mech each turn (BT-C-40)"
        raise IllegalCommand("physical/one_push", msg)
    limbs: tuple[Location | None, ...] = (command.limb,)
    if kind is _K.PUNCH and command.limb is None:
        limbs = _ARMS  # BT-C-37: each arm is an attack of its own
    events: list[ev.BTEvent] = []
    for limb in limbs:
        hit, used = _to_hit(state, index, kind, target, limb)
        what = f"{_name(unit)} cannot {kind.value} unit {target + 1}"
        if hit.number is None:
            raise IllegalCommand(f"physical/{kind.value}", f"{what}: {hit.reason}")
        if hit.number > MAX_TO_HIT:
            msg = f"{what}: it needs {hit.number}, more than 12 (BT-C-14)"
            raise IllegalCommand("physical/impossible", msg)
        events.append(ev.AttackDeclared(_attack(state, index, kind, target, used, hit)))
    return events


def _pushed(state: BTState, target: int) -> bool:
    return any(a.kind is _K.PUSH and a.target == target for a in state.attacks)


def physical_options(state: BTState, unit: int) -> list[PhysicalAttack]:
    """Every legal physical declaration of ``unit`` on an enemy now (not counting "no attack").

    DESIGN: attacks on the unit's own side are legal (the command line takes them) but never
    offered, so a unit beside friends only is not dealt a Physical-phase slot.
    """
    me = state.units[unit]
    if not me.on_map or me.hex is None or not me.is_mech:
        return []
    options: list[PhysicalAttack] = []
    for target, other in enumerate(state.units):
        if target == unit or not other.on_map or other.hex is None or other.side == me.side:
            continue
        if me.hex == other.hex and _stomp(me, other, _K.KICK):
            if physical_to_hit(state, unit, _K.KICK, target, Location.RL).possible:
                options.append(PhysicalAttack(unit, _K.KICK, target, Location.RL))
            continue
        if me.hex.distance(other.hex) != 1:
            continue
        choices: list[tuple[AttackKind, Location | None]] = [
            (_K.PUNCH, None),
            (_K.PUNCH, Location.LA),
            (_K.PUNCH, Location.RA),
            (_K.KICK, Location.LL),
            (_K.KICK, Location.RL),
            (_K.CLUB, None),
            *((_K.HATCHET, arm) for arm in _blade_arms(me, _K.HATCHET)),
            *((_K.SWORD, arm) for arm in _blade_arms(me, _K.SWORD)),
        ]
        if not _pushed(state, target):
            choices.append((_K.PUSH, None))
        for kind, limb in choices:
            if physical_to_hit(state, unit, kind, target, limb).possible:
                options.append(PhysicalAttack(unit, kind, target, limb))
    return options


# ---------------------------------------------------------------- charges and DFAs


def _charge_mp(state: BTState, unit: UnitState) -> tuple[int, int] | str:
    """(MP to enter the hex ahead, MP left), or why the hex ahead cannot be entered."""
    assert unit.hex is not None  # noqa: S101 - the caller checks
    assert unit.movement is not None  # noqa: S101 - the caller checks
    movement = unit.movement
    if isinstance(unit.design, VehicleDesign):
        return _ram_mp(state, unit, unit.design)
    result = enter_cost(state.board, unit.hex, level_of(state, unit), unit.facing, backward=False)
    if isinstance(result, str):
        return result
    cost, _, _, terrain = result
    if movement.mode is MoveMode.RUN and (terrain.water or 0) >= 1:
        return "a running 'Mech cannot enter Depth 1+ water (BT-M-20.3)"
    gravity = gravity_of(state.environment)  # BT-M-39.3
    return cost, allowance(unit, movement.mode, gravity) - movement.mp_spent


def _ram_mp(state: BTState, unit: UnitState, design: VehicleDesign) -> tuple[int, int] | str:
    """BT-C-42 for a ground vehicle: (MP to enter the hex ahead, Cruise/Flank MP left), or why not.

    The vehicle's own terrain costs and prohibitions (BT-M-21..23, `vt.ground_enter_cost`); a
    vehicle that may not move now (stunned, immobile: `kindmove.can_move`) cannot ram. DESIGN:
    the road bonus of BT-M-27.3 is not counted (the charge leaves the road for the
    target's hex).
    """
    assert unit.hex is not None  # noqa: S101 - the caller checks
    assert unit.movement is not None  # noqa: S101 - the caller checks
    blocked = kindmove.can_move(unit)
    if blocked is not None:
        return blocked  # a crew stunned or a vehicle immobilized since it declared (BT-C-24.3)
    there = unit.hex.neighbor(unit.facing)
    terrain = state.board.get(there)
    if terrain is None:
        return "that hex is off the map"
    here = state.board.terrain(unit.hex)
    road = here.road_exit(unit.facing) and terrain.road_exit(unit.facing.opposite)
    result = vt.ground_enter_cost(design.motion, level_of(state, unit), terrain, along_road=road)
    if isinstance(result, str):
        return result
    gravity = gravity_of(state.environment)  # BT-M-39.3
    left = kindmove.allowance(unit, unit.movement.mode, gravity) - unit.movement.mp_spent
    return result[0], left


def _kind_charge(me: UnitState, other: UnitState) -> str:
    """BT-C-36/42: why this pair of kinds cannot charge ("": they may)."""
    if _foot(me):
        return "infantry makes no physical attacks (BT-C-36)"
    mine = me.design if isinstance(me.design, VehicleDesign) else None
    theirs = other.design if isinstance(other.design, VehicleDesign) else None
    why = vehicle_combat.charge_refused(mine, theirs)
    if why:
        return why
    if _foot(other):
        return str(infantry.physical_against_infantry("charge"))
    return ""


def _one_per_target(state: BTState, attacker: int, target: int) -> str:
    other = state.units[target]
    if other.this_turn.charging is not None or other.this_turn.dfa is not None:
        return f"{_name(other)} is charging or DFA-ing: it cannot be charged or DFA'd (BT-C-42/43)"
    for index, unit in enumerate(state.units):
        if index != attacker and target in {unit.this_turn.charging, unit.this_turn.dfa}:
            return f"{_name(unit)} already charges or DFAs it: one a turn per target (BT-C-42)"
    return ""


def check_charge(state: BTState, unit: int, target: int) -> None:  # noqa: C901 - one guard per rule
    """BT-C-42: may ``unit``, as it stands after its move (in ``state``), charge ``target``?

    Raises:
        IllegalCommand: why not.
    """

    def no(code: str, why: str) -> IllegalCommand:
        return IllegalCommand(f"charge/{code}", f"{_name(me)} cannot charge: {why}")

    me = state.units[unit]
    if not 0 <= target < len(state.units) or target == unit:
        raise no("target", f"there is no unit {target + 1} to charge")
    other = state.units[target]
    if not me.on_map or not other.on_map or me.hex is None or other.hex is None:
        raise no("target", f"{_name(other)} is not on the map")
    why = _kind_charge(me, other)
    if why:
        raise no("kind", why)
    movement = me.movement
    if movement is None or movement.mode not in {MoveMode.WALK, MoveMode.RUN}:
        raise no("mode", "a charge is made walking or running (cruising or flanking, BT-C-42)")
    if _prone(me):
        raise no("prone", "it is prone")
    if movement.backward:
        raise no("backward", "it moved backward this turn (BT-C-42)")
    if me.hex.neighbor(me.facing) != other.hex:
        raise no("ahead", f"{_name(other)} is not in the hex straight ahead (BT-C-42)")
    if me.is_mech and _prone(other):
        raise no("prone_target", "'Mechs cannot charge prone 'Mechs (BT-C-42)")
    if abs(level_of(state, other) - level_of(state, me)) > 1:
        raise no("level", "physical attacks reach only 1 level up or down (BT-C-44)")
    why = _one_per_target(state, unit, target)
    if why:
        raise no("one_per_target", why)
    mp = _charge_mp(state, me)
    if isinstance(mp, str):
        raise no("terrain", f"it could not enter {other.hex.label}: {mp}")
    cost, left = mp
    if cost > left:
        raise no("mp", f"entering {other.hex.label} costs {cost} MP and {max(left, 0)} are left")
    charger = state.replace_unit(
        unit,
        attrs.evolve(me, this_turn=attrs.evolve(me.this_turn, charging=target, physical="charge")),
    )
    _check_number(charger, unit, _K.CHARGE, target, no)


def _jump_start(unit: UnitState) -> Hex:
    assert unit.hex is not None  # noqa: S101 - on the map
    movement = unit.movement
    if movement is not None and movement.mode is MoveMode.JUMP and movement.path:
        return movement.path[0]
    return unit.hex


def check_dfa(state: BTState, unit: int, path: tuple[Hex, ...], target: int) -> None:  # noqa: C901
    """BT-C-43: may ``unit`` jump along ``path`` (ending next to ``target``) and DFA it?

    Raises:
        IllegalCommand: why not.
    """

    def no(code: str, why: str) -> IllegalCommand:
        return IllegalCommand(f"dfa/{code}", f"{_name(me)} cannot DFA: {why}")

    me = state.units[unit]
    if not 0 <= target < len(state.units) or target == unit:
        raise no("target", f"there is no unit {target + 1} to jump on")
    other = state.units[target]
    if not me.on_map or not other.on_map or me.hex is None or other.hex is None:
        raise no("target", f"{_name(other)} is not on the map")
    if not me.is_mech:
        raise no("kind", "only a 'Mech jumps onto its target (BT-C-36)")
    if me.mech.prone:
        raise no("prone", "a prone 'Mech cannot jump")
    if other.movement is None or not other.movement.done:
        raise no("moving", f"{_name(other)} has not finished moving (BT-C-43)")
    start = _jump_start(me)
    landing = path[-1] if path else start
    if landing.distance(other.hex) != 1:
        raise no("adjacent", "the jump must end in a hex next to the target (BT-C-43)")
    terrain = state.board.terrain(start)
    mp = jump_mp(me, terrain, gravity_of(state.environment))  # BT-M-39.3
    if len(path) + 1 > mp:
        msg = f"{len(path)} hexes and the target's hex need {len(path) + 1} Jump MP, it has {mp}"
        raise no("mp", f"{msg} (BT-C-43)")
    ceiling = standing_level(terrain, on_bridge=me.standing_on_bridge(terrain)) + mp
    there = state.board.terrain(other.hex)
    top = there.level + (there.building.height if there.building is not None else 0)
    if top > ceiling:
        raise no("height", f"{other.hex.label} rises to level {top}, beyond the jump (BT-C-43)")
    why = _one_per_target(state, unit, target)
    if why:
        raise no("one_per_target", why)
    # As it will stand until the Physical phase: in the hex next to the target, airborne.
    jumped = Movement(
        MoveMode.JUMP,
        mp_spent=len(path),
        hexes=len(path),
        counted=len(path),
        jumped=len(path),
        done=True,
        path=(start, *path),
    )
    flying = attrs.evolve(
        me,
        hex=landing,
        movement=jumped,
        this_turn=attrs.evolve(me.this_turn, dfa=target, physical="dfa"),
    )
    _check_number(state.replace_unit(unit, flying), unit, _K.DFA, target, no)


def _check_number(
    state: BTState,
    unit: int,
    kind: AttackKind,
    target: int,
    no: Callable[[str, str], IllegalCommand],
) -> None:
    """The attack as it would be made: possible (line of sight, levels ...) and 12 or less."""
    hit = physical_to_hit(state, unit, kind, target)
    if hit.number is None:
        raise no("impossible", hit.reason)
    if hit.number > MAX_TO_HIT:
        raise no("impossible", f"it would need {hit.number}, more than 12 (BT-C-14)")


def movement_attack(state: BTState, unit: int) -> Attack | None:
    """The charge or DFA ``unit`` declared in the Movement phase, as an `Attack`.

    With its to-hit number, at the start of the Physical phase (None if it has none or it can no
    longer be made: the target is gone or moved out of reach; the charger or jumper then simply
    stays where its move ended, BT-C-42/43).

    A DFA attacker that fell in the Weapon phase gets an attack that cannot hit (BT-C-43: its DFA
    fails as a miss); one destroyed in the Weapon phase gets the attack of its wreck, whose "to-hit
    number" is its +1 PSR (BT-C-43).
    """
    me = state.units[unit]
    if me.this_turn.charging is not None:
        return _charge_attack(state, unit, me.this_turn.charging)
    if me.this_turn.dfa is not None:
        return _dfa_attack(state, unit, me.this_turn.dfa)
    return None


def _charge_attack(state: BTState, unit: int, target: int) -> Attack | None:
    me, other = state.units[unit], state.units[target]
    if not me.on_map or not other.on_map or _prone(me) or me.movement is None:
        return None
    mp = _charge_mp(state, me)
    if isinstance(mp, str) or mp[0] > mp[1]:
        return None
    hit, _ = _to_hit(state, unit, _K.CHARGE, target, None)
    if not hit.possible:
        return None  # out of reach, prone, too high, or 13+ (cancelled, BT-C-2)
    return _attack(state, unit, _K.CHARGE, target, None, hit)


def why_charge_lapses(state: BTState, unit: int) -> str:  # noqa: PLR0911 - one reason per rule
    """BT-C-42: why the charge ``unit`` declared in movement cannot be made now ("": it can).

    The same checks as the charge's attack at the start of the Physical phase, in words.
    """
    me = state.units[unit]
    target = me.this_turn.charging
    if target is None or not 0 <= target < len(state.units):
        return ""
    other = state.units[target]
    if not me.on_map or me.movement is None:
        return f"{_name(me)} is no longer on the map"
    if not other.on_map:
        return f"{_name(other)} is no longer on the map"
    if _prone(me):
        return f"{_name(me)} is prone"
    mp = _charge_mp(state, me)
    if isinstance(mp, str):
        return mp
    if mp[0] > mp[1]:
        return f"{mp[0]} MP to enter the hex ahead, {mp[1]} left (BT-C-42)"
    hit, _ = _to_hit(state, unit, _K.CHARGE, target, None)
    if not hit.possible:
        return hit.reason or f"it would need {hit.number}, more than 12 (BT-C-2)"
    return ""


def _dfa_attack(state: BTState, unit: int, target: int) -> Attack | None:
    me, other = state.units[unit], state.units[target]
    if not other.on_map or other.hex is None or me.hex is None:
        return None
    start = _jump_start(me)
    side = _dfa_side(state, start, target)
    table = "normal" if _prone(other) else "punch"
    if me.destroyed:
        # BT-C-43: destroyed in mid-jump: a +1 PSR decides whether the wreck still strikes.
        wreck = (("piloting", me.pilot.piloting), (WRECK, 1))
        number = sum(v for _, v in wreck)
        return Attack(unit, _K.DFA, target, other.hex, number, wreck, side=side, table="normal")
    if me.hex.distance(other.hex) != 1:
        return None
    if me.mech.prone:
        # BT-C-43: a failed PSR in the Weapon phase: the DFA fails, resolved as a miss.
        terms = (("fell in the Weapon Attack phase", MAX_TO_HIT + 1),)
        return Attack(
            unit, _K.DFA, target, other.hex, MAX_TO_HIT + 1, terms, side=side, table=table
        )
    hit, _ = _to_hit(state, unit, _K.DFA, target, None)
    if not hit.possible:
        return None
    return _attack(state, unit, _K.DFA, target, None, hit)


# ---------------------------------------------------------------- resolution


def _phase_start(ctx: Ctx) -> BTState:
    """The state the phase's attacks were declared in (they are simultaneous, BT-C-1)."""
    return ctx.tally.start if ctx.tally is not None else ctx.state


def _apart(ctx: Ctx, attack: Attack) -> bool:
    """True when an earlier attack of the phase moved the attacker or its target out of reach."""
    assert attack.target is not None  # noqa: S101 - physical attacks have a target
    me, other = ctx.state.units[attack.attacker], ctx.state.units[attack.target]
    here, there = me.hex, other.hex
    if here is not None and here == there and _stomp(me, other, attack.kind):
        return False
    return here is None or there is None or here.distance(there) != 1


def _roll(ctx: Ctx, number: int, attack: Attack) -> bool:
    """BT-C-14: roll 2D6 against the attack's number.

    13+ misses without dice; so does an attack whose target an earlier attack of the phase moved
    out of reach (DESIGN: the target is no longer there).
    """
    if attack.to_hit > MAX_TO_HIT or _apart(ctx, attack):
        ctx.emit(ev.AttackRolled(number, (), hit=False))
        return False
    roll = ctx.roll(2)
    hit = sum(roll) >= attack.to_hit
    ctx.emit(ev.AttackRolled(number, roll, hit=hit))
    return hit


def _rolled(ctx: Ctx, number: int) -> bool:
    """True when attack ``number`` of this Physical phase has already been rolled."""
    for event in reversed(ctx.events):
        if isinstance(event, ev.PhaseStarted):
            return False
        if isinstance(event, ev.AttackRolled) and event.attack == number:
            return True
    return False


def resolve_physical_attack(ctx: Ctx, number: int) -> None:
    """BT-C-36..45: resolve declared physical attack ``number``.

    The roll, damage in the right table, displacement, and the PSRs it causes (added to
    ``ctx.tally``).
    """
    attack = ctx.state.attacks[number]
    if attack.target is None:
        return
    if attack.kind is _K.PUSH:
        _resolve_push(ctx, number)
        return
    if attack.kind is _K.DFA and any(name == WRECK for name, _ in attack.modifiers):
        _resolve_wreck(ctx, number, attack)
        return
    hit = _roll(ctx, number, attack)
    match attack.kind:
        case _K.CHARGE:
            _resolve_charge(ctx, attack, hit=hit)
        case _K.DFA:
            _resolve_dfa(ctx, attack, hit=hit)
        case _K.KICK:
            if hit:
                me = _phase_start(ctx).units[attack.attacker]
                leg = attack.limb or Location.RL
                damage = kick_damage(me, leg)
                strike(
                    ctx,
                    attack.attacker,
                    attack.target,
                    damage,
                    attack.table,
                    attack.side,
                    grouped=False,
                )
                psr(ctx, attack.target, "kicked", 0)
            else:
                psr(ctx, attack.attacker, "missed kick", 0)
        case _ if hit:
            _resolve_blow(ctx, attack)


def _resolve_blow(ctx: Ctx, attack: Attack) -> None:
    """A punch, club, hatchet or sword that hit: one location, no PSR (BT-C-37..39)."""
    assert attack.target is not None  # noqa: S101 - the caller checks
    me = _phase_start(ctx).units[attack.attacker]
    tons = me.mech_design.tonnage
    if attack.kind is _K.PUNCH:
        damage = punch_damage(me, attack.limb or Location.RA)
    elif attack.kind is _K.SWORD:
        damage = math.ceil(tons / 10) + 1  # BT-C-39 ASSUMPTION (standard)
    else:
        damage = math.ceil(tons / 5)  # BT-C-38/39: club and hatchet
    if attack.kind is not _K.PUNCH:
        damage *= masc.tsm_factor(me)  # BT-C-75: triple-strength myomer (punch_damage has it)
    strike(ctx, attack.attacker, attack.target, damage, attack.table, attack.side, grouped=False)
    if attack.kind is _K.CLUB and ctx.state.units[attack.attacker].mech.club == "tree":
        ctx.emit(ev.ClubTaken(attack.attacker, ""))  # BT-C-38: a tree breaks after one hit


def _resolve_push(ctx: Ctx, number: int) -> None:
    """BT-C-40: a push, resolved together with the push back if the two 'Mechs push each other."""
    if _rolled(ctx, number):
        return  # resolved with its mutual push
    attacks = ctx.state.attacks
    attack = attacks[number]
    mutual = next(
        (
            m
            for m, other in enumerate(attacks)
            if m != number
            and other.kind is _K.PUSH
            and other.attacker == attack.target
            and other.target == attack.attacker
        ),
        None,
    )
    hit = _roll(ctx, number, attack)
    if mutual is not None:
        back = _roll(ctx, mutual, attacks[mutual])
        if hit and back:
            # Both hit: neither moves, both roll (BT-C-40).
            psr(ctx, attack.attacker, "pushed", 0)
            psr(ctx, attacks[mutual].attacker, "pushed", 0)
            return
        if back:
            _push_effect(ctx, attacks[mutual])
            return
    if hit:
        _push_effect(ctx, attack)


def _push_effect(ctx: Ctx, attack: Attack) -> None:
    """A push hit: the target goes one hex on, the pusher follows, the target rolls (BT-C-40)."""
    assert attack.target is not None  # noqa: S101 - a push has a target
    psr(ctx, attack.target, "pushed", 0)
    _shove(ctx, attack.attacker, attack.target, "pushed")


def _shove(ctx: Ctx, attacker: int, target: int, cause: str) -> bool:
    """Displace ``target`` straight ahead of ``attacker``'s feet; the attacker follows (BT-C-40/42).

    Nothing moves when the target is no longer straight ahead (another attack of the phase moved
    one of them), is destroyed, or the displacement is illegal (BT-C-46).
    """
    me, other = ctx.state.units[attacker], ctx.state.units[target]
    if me.hex is None or other.hex is None or not other.on_map or me.destroyed:
        return False
    direction = me.facing
    if me.hex.neighbor(direction) != other.hex:
        return False
    left = other.hex
    if not displace(ctx, target, left.neighbor(direction), direction, cause):
        return False
    if cause == "charged":
        _charge_building_roll(ctx, target, left, left.neighbor(direction), "charged")
    if not ctx.state.units_at(left):
        ctx.emit(ev.UnitDisplaced(attacker, left, f"followed through ({cause})"))
        if cause == "charged":
            _charge_building_roll(ctx, attacker, me.hex, left, "charging")
    return True


CHARGE_BUILDING_MODIFIER = 3
"""BT-M-31.6 note 3: +3 on the building roll of a unit a charge carries into or out of one."""


def _charge_building_roll(ctx: Ctx, unit: int, left: Hex, entered: Hex, why: str) -> None:
    """BT-M-31.4 / BT-M-31.6 note 3: a charge carried ``unit`` into or out of a building hex.

    The roll is the building roll of movement (not a fall): the worse building class's modifier
    plus 3 for charging or being charged. DESIGN: no hexes-moved modifier (the unit was carried,
    it did not walk). A failure damages unit and building as a failed move does (BT-M-41 #4).
    """
    me = ctx.state.units[unit]
    if not me.on_map or me.hex != entered or not me.is_mech:
        return  # DESIGN: a vehicle's Driving roll for a building a charge crosses is not made
    board = ctx.state.board
    found = [(h, t.building) for h in (left, entered) if (t := board.terrain(h)).building]
    if not found:
        return
    worst = max((b for _, b in found if b is not None), key=lambda b: b.cls)
    entering = board.terrain(entered).building
    where, building = (entered, entering) if entering is not None else found[0]
    assert building is not None  # noqa: S101 - found holds buildings only
    modifiers = (
        (f"{worst.cls.name.lower()} building", worst.cls.psr_modifier),
        (why, CHARGE_BUILDING_MODIFIER),
    )
    if not piloting_roll(ctx, unit, "building", modifiers):
        building_damage(ctx, unit, building.cf, where)


def _resolve_charge(ctx: Ctx, attack: Attack, *, hit: bool) -> None:
    """BT-C-42: damage both ways and both PSRs on a hit; a sidestep on a miss.

    A vehicle's ram (BT-C-36): its tonnage x hexes moved to the target, on the Kick table of a
    standing 'Mech (the normal table of a prone one, BT-C-24.1's column of the side hit on a
    vehicle); ceil(target tons / 20) back to the vehicle on BT-C-24.1's Front column (DERIVED).
    Only a 'Mech rolls the +2 PSR (`contact.psr`): vehicles never fall (BT-M-30 item 1,
    BT-M-37.1: a vehicle's Driving rolls are for skids and buildings only).
    """
    assert attack.target is not None  # noqa: S101 - a charge has a target
    start = _phase_start(ctx)
    me, other = start.units[attack.attacker], start.units[attack.target]
    if not hit:
        _sidestep(ctx, attack.attacker)
        return
    hexes = me.movement.hexes if me.movement is not None else 0
    damage = charge_damage(_tons(me), hexes)
    strike(ctx, attack.attacker, attack.target, damage, attack.table, attack.side)
    back = charge_damage_to_attacker(_tons(other))
    strike(ctx, None, attack.attacker, back, "normal", "front")  # DESIGN: its front
    psr(ctx, attack.target, "charged", 2)
    psr(ctx, attack.attacker, "made charge", 2)
    _shove(ctx, attack.attacker, attack.target, "charged")


def _sidestep(ctx: Ctx, attacker: int) -> None:
    """BT-C-42: a missed charge ends in the front-right or front-left hex (DESIGN: right first)."""
    me = ctx.state.units[attacker]
    if me.hex is None or not me.on_map:
        return
    here = me.hex
    candidates = [here.neighbor(me.facing.turn(turn)) for turn in (1, -1)]
    legal = [h for h in candidates if chain_legal(ctx.state, attacker, here, h, _dir(here, h))]
    empty = [h for h in legal if not ctx.state.units_at(h)]
    for chosen in (*empty, *legal)[:1]:
        displace(ctx, attacker, chosen, _dir(here, chosen), "missed its charge")


def _dir(a: Hex, b: Hex) -> Facing:
    direction = a.direction_to(b)
    assert direction is not None  # noqa: S101 - neighbours
    return direction


def _resolve_dfa(ctx: Ctx, attack: Attack, *, hit: bool) -> None:
    """BT-C-43: damage, PSRs and final positions of a death from above."""
    assert attack.target is not None  # noqa: S101 - a DFA has a target
    start = _phase_start(ctx)
    me = start.units[attack.attacker]
    tons = me.mech_design.tonnage
    attacker, target = attack.attacker, attack.target
    here = ctx.state.units[attacker].hex
    assert here is not None  # noqa: S101 - it was on the map
    if _apart(ctx, attack):
        # DESIGN: the target was moved away before the DFA came down: a miss in its own hex.
        if ctx.state.units[attacker].on_map:
            fall(ctx, attacker, here, 2, "missed a death from above", fixed_rear=True)
        return
    if not hit:
        _dfa_miss(ctx, attacker, target)
        return
    strike(ctx, attacker, target, dfa_damage(tons), attack.table, attack.side)
    strike(ctx, None, attacker, dfa_damage_to_attacker(tons), "kick", "front")
    psr(ctx, target, "hit by DFA", 2)
    psr(ctx, attacker, "made DFA", 4)
    there = ctx.state.units[target].hex
    assert there is not None  # noqa: S101 - it was on the map
    aways = _dfa_away(ctx.state, attacker, there)
    if ctx.state.units[attacker].on_map:  # it lands first: the hex it hovered in is free
        ctx.emit(ev.UnitDisplaced(attacker, there, "landed on its target"))
    if ctx.state.units[target].on_map and not aside(ctx, target, aways, "hit by a DFA"):
        ctx.emit(ev.UnitDestroyed(target, "nowhere to go under a DFA (BT-C-43)", by=attacker))


def _dfa_away(state: BTState, attacker: int, there: Hex) -> tuple[Facing, ...]:
    """BT-C-43: "directly away from the attack direction", seen from where the jump began.

    The direction the line from the jump's first hex enters the target's hex; two when the line
    runs along a hexside (the defender's choice: the first legal one is taken).
    """
    me = state.units[attacker]
    start = _jump_start(me)
    if start.distance(there) == 0:
        start = me.hex or start
    aways: list[Facing] = []
    for variant in line_pair(start, there):
        if len(variant) < 2:  # noqa: PLR2004 - the same hex: no direction
            continue
        direction = variant[-2].direction_to(there)
        if direction is not None and direction not in aways:
            aways.append(direction)
    return tuple(aways) or (Facing.N,)


def _dfa_miss(
    ctx: Ctx,
    attacker: int,
    target: int,
    *,
    injury: tuple[tuple[str, int], ...] | None = None,
    shutdown_ok: bool = False,
) -> None:
    """BT-C-43: a missed DFA and where everyone ends.

    The attacker comes down in the target's hex, the target steps into a hex of its choice (if
    none, the attacker is destroyed), the attacker falls 2 levels on its back.
    """
    there = ctx.state.units[target].hex
    assert there is not None  # noqa: S101 - it was on the map
    aways = _dfa_away(ctx.state, attacker, there)
    if ctx.state.units[attacker].on_map:
        ctx.emit(ev.UnitDisplaced(attacker, there, "missed its DFA"))
    if ctx.state.units[target].on_map and not aside(
        ctx, target, aways, "dodged a DFA", choose=True
    ):
        ctx.emit(ev.UnitDestroyed(attacker, "nowhere to land after a missed DFA (BT-C-43)"))
        return
    if ctx.state.units[attacker].on_map:
        cause = "missed a death from above"
        fall(
            ctx, attacker, there, 2, cause, fixed_rear=True, injury=injury, shutdown_ok=shutdown_ok
        )


def missed_dfa(
    ctx: Ctx,
    unit: int,
    *,
    injury: tuple[tuple[str, int], ...] | None = None,
    shutdown_ok: bool = False,
) -> None:
    """BT-C-43: ``unit``'s DFA fails before it comes down (a PSR failed in the Weapon phase).

    "Resolve the fall and final position as for a missed DFA": the target steps aside, the attacker
    comes down in its hex and falls 2 levels on its back. The caller then cancels the DFA
    (`DFACancelled`). A target no longer next to it: it falls the same way in its own hex.
    ``injury`` and ``shutdown_ok`` go to `damage.fall` (the phase's PSR terms, a fresh shutdown).
    """
    me = ctx.state.units[unit]
    if me.this_turn.dfa is None or me.hex is None or not me.on_map:
        return
    other = ctx.state.units[me.this_turn.dfa]
    if other.hex is None or other.hex.distance(me.hex) != 1:
        cause = "missed a death from above"
        fall(ctx, unit, me.hex, 2, cause, fixed_rear=True, injury=injury, shutdown_ok=shutdown_ok)
        return
    _dfa_miss(ctx, unit, me.this_turn.dfa, injury=injury, shutdown_ok=shutdown_ok)


def _resolve_wreck(ctx: Ctx, number: int, attack: Attack) -> None:
    """BT-C-43: a DFA attacker destroyed in mid-jump; a +1 PSR (the attack's number) decides.

    On a success the wreck strikes for half the DFA damage (rounded up) on the normal table: in
    5-point groups when it lost its center torso, else all in one location; the target rolls as if
    hit by a DFA. The wreck's own damage (salvage only) is not applied.
    """
    assert attack.target is not None  # noqa: S101 - a DFA has a target
    me = ctx.state.units[attack.attacker]
    if not me.mech.conscious or me.mech.wounds >= DEADLY_WOUNDS:
        ctx.emit(ev.AttackRolled(number, (), hit=False))
        return
    if not _roll(ctx, number, attack):
        return
    damage = math.ceil(dfa_damage(me.mech_design.tonnage) / 2)
    pieces = me.mech.location_destroyed(Location.CT)
    strike(ctx, attack.attacker, attack.target, damage, "normal", attack.side, grouped=pieces)
    psr(ctx, attack.target, "hit by DFA", 2)
