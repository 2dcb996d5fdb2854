"""BattleTech in words, shared by the log, the targeting panel and the board: names and numbers.

A unit's board letter and log name, a hex's label, dice and their total; weapon and ammunition
names as a sheet prints them, a to-hit number with its named terms, the physical attacks in a verb
or two, and what a unit does in each movement mode. Pure functions of the designs and the states;
nothing here decides anything (the engine's `tohit` and `physical` do).
"""

from __future__ import annotations

import functools
import string
from typing import TYPE_CHECKING

from engine.battletech.data.catalogue import SPECS, AmmoSpec, WeaponSpec
from engine.battletech.designs.battle_armor import BattleArmorDesign
from engine.battletech.designs.infantry import InfantryDesign
from engine.battletech.designs.mech import Mounted
from engine.battletech.designs.vehicle import VehicleDesign
from engine.battletech.state import AttackKind, MoveMode

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.battletech.designs.items import Item
    from engine.battletech.designs.mech import Location
    from engine.battletech.state import BTState, UnitDesign, UnitState
    from engine.hexes import Hex

__all__ = [
    "MODE_VERBS",
    "PHYSICAL_NAMES",
    "PHYSICAL_VERBS",
    "ammo_name",
    "cause_text",
    "dice_text",
    "item_name",
    "item_place",
    "label",
    "limb_text",
    "mode_verb",
    "modifiers_text",
    "moved_verb",
    "physical_name",
    "physical_verb",
    "signed",
    "unit_letters",
    "unit_name",
    "weapon_name",
]

MODE_VERBS = {
    MoveMode.STILL: "stands still",
    MoveMode.WALK: "walks",
    MoveMode.RUN: "runs",
    MoveMode.JUMP: "jumps",
}
"""What a 'Mech does in each movement mode (BT-M-20); `mode_verb` for every kind."""

_VEHICLE_VERBS = {
    MoveMode.STILL: ("stands still", "stood still"),
    MoveMode.WALK: ("cruises", "cruised"),
    MoveMode.RUN: ("flanks", "flanked"),
    MoveMode.JUMP: ("jumps", "jumped"),
}
"""A vehicle cruises and flanks (BT-M-37.1; BT-M-38 "walked (cruised)", "ran (flank)")."""

_TROOP_VERBS = {
    MoveMode.STILL: ("stands still", "stood still"),
    MoveMode.WALK: ("moves", "moved"),
    MoveMode.RUN: ("moves", "moved"),
    MoveMode.JUMP: ("jumps", "jumped"),
}
"""A platoon or battle armor squad has one ground move, and some jump (BT-M-4)."""

_MECH_PAST = {
    MoveMode.STILL: "stood still",
    MoveMode.WALK: "walked",
    MoveMode.RUN: "ran",
    MoveMode.JUMP: "jumped",
}


def _kind_verbs(design: UnitDesign) -> dict[MoveMode, tuple[str, str]] | None:
    """The verbs of a kind that is not a 'Mech (None for a 'Mech)."""
    if isinstance(design, VehicleDesign):
        return _VEHICLE_VERBS
    if isinstance(design, InfantryDesign | BattleArmorDesign):
        return _TROOP_VERBS
    return None


def mode_verb(unit: UnitState, mode: MoveMode) -> str:
    """What ``unit`` does in ``mode``: a 'Mech "walks", a tank "cruises", a platoon "moves".

    BT-M-20 for 'Mechs; BT-M-37.1 for vehicles (cruise and flank); BT-M-4 for platoons and
    battle armor squads (one ground move).
    """
    verbs = _kind_verbs(unit.design)
    return MODE_VERBS[mode] if verbs is None else verbs[mode][0]


def moved_verb(unit: UnitState, mode: MoveMode) -> str:
    """`mode_verb` in the past: "walked", "cruised", "flanked", "moved" (BT-M-38's words)."""
    verbs = _kind_verbs(unit.design)
    return _MECH_PAST[mode] if verbs is None else verbs[mode][1]


PHYSICAL_VERBS = {
    AttackKind.PUNCH: "punches",
    AttackKind.KICK: "kicks",
    AttackKind.CLUB: "clubs",
    AttackKind.HATCHET: "swings a hatchet at",
    AttackKind.SWORD: "swings a sword at",
    AttackKind.PUSH: "pushes",
    AttackKind.CHARGE: "charges",
    AttackKind.DFA: "jumps on (death from above)",
}
"""What an attacker does to its target in each physical attack (BT-C-36..43)."""

PHYSICAL_NAMES = {
    AttackKind.PUNCH: "punch",
    AttackKind.KICK: "kick",
    AttackKind.CLUB: "club",
    AttackKind.HATCHET: "hatchet",
    AttackKind.SWORD: "sword",
    AttackKind.PUSH: "push",
    AttackKind.CHARGE: "charge",
    AttackKind.DFA: "death from above",
}
"""A physical attack as a noun."""


def _rams(state: BTState, attacker: int, kind: AttackKind) -> bool:
    """BT-C-36: a vehicle's charge is a ram."""
    units = state.units
    return (
        kind is AttackKind.CHARGE
        and 0 <= attacker < len(units)
        and isinstance(units[attacker].design, VehicleDesign)
    )


def physical_verb(state: BTState, attacker: int, kind: AttackKind) -> str:
    """`PHYSICAL_VERBS`, but "rams" for a vehicle's charge (BT-C-36)."""
    return "rams" if _rams(state, attacker, kind) else PHYSICAL_VERBS[kind]


def physical_name(state: BTState, attacker: int, kind: AttackKind) -> str:
    """`PHYSICAL_NAMES`, but "ram" for a vehicle's charge (BT-C-36)."""
    return "ram" if _rams(state, attacker, kind) else PHYSICAL_NAMES[kind]


def signed(value: int) -> str:
    """A modifier with its sign: "+2", "-1", "+0"."""
    return f"{value:+d}"


def _place(design: UnitDesign, index: int) -> tuple[str, bool]:
    """Where item ``index`` is mounted ("LA", "Turret", "RA") and whether it faces the rear."""
    item = design.equipment[index]
    if isinstance(item, Mounted):
        return item.location.value, item.rear
    return item_place(item), False


def item_place(item: Item) -> str:
    """Where a vehicle's, platoon's or squad's item is: one name for the log, sheet and panel.

    Its location ("Turret", "Front", "Troopers"); a battle armor squad's weapon by the suit's
    mount, as its record sheet has it (BT-M-5): "RA" on every trooper, "Trooper 2 RA" on one.
    """
    if not item.mount:
        return item.location
    if item.location == "Squad":
        return item.mount
    return f"{item.location} {item.mount}"


def item_name(design: UnitDesign, index: int) -> str:
    """The sheet name of equipment item ``index`` ("AC/20", "Medium Laser", "Heat Sink")."""
    if not 0 <= index < len(design.equipment):
        return f"item {index + 1}"
    mounted = design.equipment[index]
    spec = SPECS.get(mounted.name)
    return spec.name if spec is not None else mounted.name


def weapon_name(design: UnitDesign, index: int) -> str:
    """A weapon with its place: "Medium Laser (LA)", "Medium Laser (CT, rear)", "PPC (Turret)"."""
    if not 0 <= index < len(design.equipment):
        return f"weapon {index + 1}"
    where, rear = _place(design, index)
    place = where + (", rear" if rear else "")
    return f"{item_name(design, index)} ({place})"


def ammo_name(design: UnitDesign, index: int) -> str:
    """An ammunition bin by the weapon it feeds and its place: "AC/20 ammo (RT)"."""
    if not 0 <= index < len(design.equipment):
        return f"bin {index + 1}"
    spec = SPECS.get(design.equipment[index].name)
    where = _place(design, index)[0]
    if isinstance(spec, AmmoSpec):
        fed = SPECS.get(spec.weapon)
        name = fed.name if isinstance(fed, WeaponSpec) else spec.weapon
        load = "" if spec.munition == "standard" else f" {spec.munition}"
        return f"{name}{load} ammo ({where})"
    return f"{item_name(design, index)} ({where})"


def modifiers_text(modifiers: Sequence[tuple[str, int]], *, base: bool = True) -> str:
    """The terms of a target number: the base as it is, then each modifier signed.

    E.g. "gunnery 4, walked +1, medium range +2" (zero terms are left out after the base, but
    for those saying what an enemy ECM jammed, named without a number: "C3 network jammed by
    ECM", BT-C-75); ``base`` False signs the first term too (a list of modifiers only).
    """
    parts = []
    for number, (name, value) in enumerate(modifiers):
        if number == 0 and base:
            parts.append(f"{name} {value}")
        elif value:
            parts.append(f"{name} {signed(value)}")
        elif "jammed" in name:
            parts.append(name)
    return ", ".join(parts)


def limb_text(limb: Location | None, kind: AttackKind) -> str:
    """The limb a physical attack uses, in words ("" when it says nothing)."""
    if limb is None:
        return "both arms" if kind is AttackKind.PUNCH else ""
    return limb.long_name.lower()


_LOWER_SIDES = frozenset({1, 3})
"""Sides whose letters are lower case (the board reads without colour too)."""


# ------------------------------------------------------------------ names
def unit_letters(units: Sequence[UnitState]) -> tuple[str, ...]:
    """Give each unit a board letter: its chassis' first free letter, unique in the game.

    Letters are unique whatever their case; the second and fourth sides' are lower case. They
    depend only on each unit's chassis and side, which never change in a game, so they are worked
    out once per game (the log names a unit in almost every line).

    Args:
        units: the game's units, in setup order.

    Returns:
        One letter per unit.
    """
    return _letters(tuple((unit.design.chassis, unit.side) for unit in units))


@functools.lru_cache(maxsize=64)
def _letters(units: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """The letters of `unit_letters`, from each unit's (chassis, side)."""
    taken: set[str] = set()
    letters: list[str] = []
    for chassis_name, side in units:
        chassis = "".join(c for c in chassis_name.upper() if c in string.ascii_uppercase)
        letter = next(
            (c for c in (*chassis, *string.ascii_uppercase) if c not in taken),
            "?",
        )
        taken.add(letter)
        letters.append(letter.lower() if side in _LOWER_SIDES else letter)
    return tuple(letters)


def unit_name(state: BTState, index: int) -> str:
    """The short name of a unit in the log: its chassis and board letter ("Griffin [G]")."""
    unit = state.units[index]
    return f"{unit.design.chassis} [{unit_letters(state.units)[index]}]"


def label(where: Hex | None) -> str:
    """A hex's map label ("0805"), "off the map" for None."""
    if where is None:
        return "off the map"
    try:
        return where.label
    except ValueError:
        return f"({where.q},{where.r})"


def dice_text(roll: Sequence[int]) -> str:
    """Dice and their total: "4+3=7" (one die: "5")."""
    if len(roll) == 1:
        return str(roll[0])
    return f"{'+'.join(map(str, roll))}={sum(roll)}"


def cause_text(cause: str) -> str:
    """Why a unit was destroyed, as the log and the report say it.

    A vehicle's side location reads "its right side" (BT-C-24.1), as its hits say "the right
    side"; the engine names the location alone ("its right was destroyed").
    """
    for side in ("left", "right"):
        cause = cause.replace(f"its {side} was", f"its {side} side was")
    return cause
