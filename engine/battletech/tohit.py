"""To-hit numbers with every modifier named, and weapon declarations (BT-C-2, BT-C-12..19).

SKELETON (issue 5): the signatures below are the contract the flow, the physical attacks and the
screen use; the bodies are being written.
"""

from __future__ import annotations

from attrs import frozen

from engine.battletech import events as ev
from engine.battletech.commands import FireWeapons
from engine.battletech.condition import gyro_hits
from engine.battletech.los import Sight
from engine.battletech.state import BTState, MoveMode, UnitState
from engine.battletech.units import Location
from engine.hexes import Hex

__all__ = [
    "TARGET_MOVEMENT",
    "ToHit",
    "attacker_modifiers",
    "common_modifiers",
    "declare_fire",
    "fire_options",
    "fires_prone",
    "target_modifiers",
    "target_movement",
    "weapon_to_hit",
]


@frozen
class ToHit:
    """A to-hit number with its terms (BT-C-14), or why the attack is impossible.

    Attributes:
        number: the modified to-hit number (2D6 >= it hits), None when impossible.
        modifiers: every term, named: ("gunnery", 4), ("attacker ran", 2), ("medium range", 2)...
        reason: why it is impossible ("out of range: 17 hexes, long range ends at 15"), or "".
        range: the distance in hexes.
        band: "short", "medium", "long" or "" (physical attacks).
        side: the hit-location column (a `tables.Column` value) it would strike.
        table: "normal", "punch" (partial cover) or "kick".
    """

    number: int | None
    modifiers: tuple[tuple[str, int], ...] = ()
    reason: str = ""
    range: int = 0
    band: str = ""
    side: str = "front"
    table: str = "normal"

    @property
    def possible(self) -> bool:
        """True when the attack can hit at all (a number of 12 or less)."""
        return self.number is not None and self.number <= 12  # noqa: PLR2004 - BT-C-14


_MOVED = {
    MoveMode.WALK: "attacker walked",
    MoveMode.RUN: "attacker ran",
    MoveMode.JUMP: "attacker jumped",
}

TARGET_MOVEMENT: tuple[tuple[int, int], ...] = ((2, 0), (4, 1), (6, 2), (9, 3))
"""BT-C-15: (up to this many hexes moved, modifier); 10+ hexes: +4."""


def target_movement(hexes: int) -> int:
    """BT-C-15 / BT-C-18.2: the target-movement modifier for ``hexes`` hexes counted."""
    for limit, modifier in TARGET_MOVEMENT:
        if hexes <= limit:
            return modifier
    return 4


def fires_prone(unit: UnitState) -> bool:
    """BT-C-18.9: the 'Mech fires from the ground: prone, or with a destroyed gyro."""
    return unit.prone or gyro_hits(unit) >= 2  # noqa: PLR2004 - the second gyro hit


def attacker_modifiers(unit: UnitState) -> list[tuple[str, int]]:
    """BT-C-15 / BT-C-18.1 / BT-C-18.9: the attacker's own movement and prone terms."""
    terms: list[tuple[str, int]] = []
    movement = unit.movement
    if movement is not None:
        value = movement.mode.attacker_modifier
        if movement.minimum and value < 2:  # noqa: PLR2004 - BT-C-18.1: counts as running
            terms.append(("attacker moved minimum (as running)", 2))
        elif value:
            terms.append((_MOVED[movement.mode], value))
    if fires_prone(unit):
        terms.append(("attacker prone", 2))
        arms = [unit.location_destroyed(arm) for arm in (Location.LA, Location.RA)]
        if any(arms) and not all(arms):
            terms.append(("propped on its one arm", 1))  # BT-C-18.9
    return terms


def target_modifiers(state: BTState, attacker: int, target: int | Hex) -> list[tuple[str, int]]:
    """BT-C-15 / BT-C-18.2/8/10/11/12: the target's state and movement terms."""
    if isinstance(target, Hex):
        return [("immobile target", -4)]  # BT-C-18.8: woods and buildings; BT-C-57/60
    unit = state.units[target]
    where = state.units[attacker].hex
    terms: list[tuple[str, int]] = []
    if unit.prone:
        adjacent = where is not None and unit.hex is not None and where.distance(unit.hex) == 1
        terms.append(("target prone, adjacent", -2) if adjacent else ("target prone", 1))
    if unit.shutdown or not unit.conscious:
        terms.append(("immobile target", -4))
    movement = unit.movement
    if movement is not None:
        if movement.skidded:
            terms.append(("target skidded", 2))
        if value := target_movement(movement.counted):
            terms.append((f"target moved {movement.counted} hexes", value))
        if movement.jumped:
            terms.append(("target jumped", 1))
    if unit.stuck:
        terms.append(("target stuck in a swamp", -2))
    return terms


def common_modifiers(
    state: BTState, attacker: int, target: int | Hex, sight: Sight
) -> tuple[tuple[str, int], ...]:
    """BT-C-15: the modifiers of every attack, weapon or physical.

    Attacker movement and prone, terrain along the line and at the target, target
    prone/immobile/skidding/stuck, and the target's movement (hexes counted, +1 for a jump).
    Only terms that are not zero are listed, in that order; ``sight`` gives the terrain terms
    (`Sight.modifiers`; a DFA, which ignores terrain, leaves them out itself, BT-C-18.3).

    The attacker's terms: walked +1, ran +2, jumped +3 (by the declared mode, BT-C-18.1);
    Minimum Movement counts as running; firing from the ground +2 (prone, or a destroyed gyro),
    +1 more propped on its one intact arm (BT-C-18.9). The target's: prone -2 from an adjacent
    hex, +1 from any other (BT-C-18.10); immobile -4 (shut down, unconscious MechWarrior; a hex
    target: woods or building); skidded +2; 3-4 hexes +1, 5-6 +2, 7-9 +3, 10+ +4 (hexes
    counted since the last reversal, BT-C-18.2); jumped +1 more; stuck in a swamp -2.
    """
    terms = attacker_modifiers(state.units[attacker])
    terms += sight.modifiers
    terms += target_modifiers(state, attacker, target)
    return tuple(terms)


def weapon_to_hit(
    state: BTState,
    attacker: int,
    weapon: int,
    target: int | Hex,
    *,
    twist: int | None = None,
    flipped: bool | None = None,
    secondary: str | None = None,
    aimed: Location | None = None,
) -> ToHit:
    """BT-C-14..19: the to-hit number of ``weapon`` (an equipment index) of unit ``attacker``.

    ``twist``/``flipped`` default to the unit's current ones; ``secondary`` is None for the
    primary target, "front" or "other" for a secondary target in that arc (BT-C-18.7).
    Impossible attacks (no LOS, out of arc or range, no ammunition, weapon destroyed, prone
    restrictions, sensors gone ...) have ``number`` None and a ``reason``.
    """
    raise NotImplementedError


def declare_fire(state: BTState, command: FireWeapons) -> list[ev.BTEvent]:
    """BT-C-2/3/12: check a weapon declaration and return its events, in order.

    The events are an optional `TorsoTwisted`, then for each shot an `AttackDeclared` (to-hit
    fixed now) and, for ammunition weapons, an `AmmoSpent` from the bin it draws on. The caller
    adds `UnitDeclared`.

    Raises:
        IllegalCommand: the declaration breaks a rule; the message says which and why.
    """
    raise NotImplementedError


def fire_options(state: BTState, unit: int) -> list[FireWeapons]:
    """A sample of legal declarations for ``unit`` (for bots, tests and hints).

    Holding fire, and for each target and twist, every weapon that can hit it.
    """
    raise NotImplementedError
