"""Unit files (``format = "aod-unit"``): one unit, its weapons and its combat dial (AOD-3).

``assets/aod/README.md`` documents every key; in short::

    format = "aod-unit"
    collector = "HX-009"            # set symbol and collector number: the unit's identity
    name = "Kestrel KS-2L"
    faction = "jade_falcon"         # a faction id of the catalogue, or "mercenary"
    rank = "elite"                  # green | veteran | elite | unique     (AOD-3.2)
    points = 110                                                          # (AOD-4)
    base = "mech"                   # mech | quad | infantry | vehicle     (AOD-3.1)
    attack_symbol = "wrench"        # crosshair | cross | wrench
    vent = 2                        # 'Mechs: vent rating and heat dial id (AOD-3.5)
    heat_dial = "HEAT-STD"
    primary = { type = "energy", min = 0, max = 10, targets = 1 }
    secondary = { type = "ballistic", min = 0, max = 8, targets = 2 }
    dial = [                        # one live click a line; the next is the KO position
      { pri = 3, sec = 2, spd = 12, atk = 10, def = 18, se = ["spd:JJ", "def:EV"], start = true },
      ...
    ]

Infantry and vehicles have ``speed_mode`` and one ``weapon`` and their clicks a ``dmg``.
`parse_unit` checks every value against the `Catalogue` (SE codes, heat dial, markers, factions);
`format_unit` writes a unit back in the same layout, so ``parse_unit(format_unit(u)) == u``.
"""

from __future__ import annotations

import json
from typing import Final

from engine.aod.units import (
    SPEED_MODES,
    AttackSymbol,
    BaseType,
    Catalogue,
    Click,
    EquipmentMark,
    MechClass,
    RangeType,
    Rank,
    SpeedMode,
    Stat,
    UnitDef,
    Weapon,
    WeaponSlot,
)
from engine.tomlfile import (
    DataFileError,
    Key,
    Table,
    boolean,
    check_keys,
    choice,
    integer,
    read_text,
    string_list,
    table_list,
    text,
    where,
)

__all__ = [
    "LIMITS",
    "MAX_CLICKS",
    "MERCENARY",
    "UNIT_FORMAT",
    "build_unit",
    "format_unit",
    "parse_unit",
]

UNIT_FORMAT: Final = "aod-unit"
"""The ``format`` key of a unit file."""
MERCENARY: Final = "mercenary"
"""The ``faction`` of a unit with no faction symbol (AOD-2)."""
MAX_CLICKS: Final = 20
"""Live clicks a dial may have (the example units have 4 to 11, AOD-26.15)."""
MAX_RANGE: Final = 36
"""Longest printed range, hexes: the width of the standard board (AOD-26.10)."""
LIMITS: Final = {"spd": 30, "atk": 20, "def": 30, "dmg": 10, "pri": 10, "sec": 10}
"""Highest value of each dial value (the lowest is 0, AOD-1's floor)."""
_TOP_KEYS: Final = frozenset(
    {
        "format",
        "collector",
        "name",
        "faction",
        "rank",
        "points",
        "base",
        "speed_mode",
        "attack_symbol",
        "capacity",
        "vent",
        "heat_dial",
        "class",
        "weapon",
        "primary",
        "secondary",
        "dial",
    }
)
_MECH_ONLY: Final = ("vent", "heat_dial", "class", "primary", "secondary")
_WEAPON_KEYS: Final = frozenset({"type", "min", "max", "targets", "long_range", "markers"})
_FLAGS: Final = ("start", "repair_marker", "heavy_damage")


def parse_unit(source: str, catalogue: Catalogue) -> UnitDef:
    """Read a unit file's text, checked against ``catalogue``.

    Raises:
        DataFileError: the first problem, with its line.
    """
    return read_text(source, lambda table: build_unit(table, catalogue))


def build_unit(table: Table, catalogue: Catalogue) -> UnitDef:
    """Build a unit from its TOML table (`parse_unit` without the text)."""
    check_keys(table, _TOP_KEYS)
    kind = text(table, "format", ())
    if kind != UNIT_FORMAT:
        raise DataFileError(f"format: expected {UNIT_FORMAT!r}, got {kind!r}", ("format",))
    base = BaseType(choice(table, "base", (), tuple(b.value for b in BaseType)))
    mech = base.unit_type.value == "mech"
    if not mech:
        for name in _MECH_ONLY:
            if name in table:
                raise DataFileError(f"{name}: only 'Mechs have it (AOD-3.1)", (name,))
    if mech and "weapon" in table:
        raise DataFileError(
            "weapon: a 'Mech has a primary and a secondary weapon (AOD-3.1)", ("weapon",)
        )
    name = text(table, "name", ())
    faction = text(table, "faction", ())
    if faction != MERCENARY and faction not in catalogue.factions:
        known = ", ".join([MERCENARY, *sorted(catalogue.factions)])
        raise DataFileError(f"faction: unknown faction {faction!r} (known: {known})", ("faction",))
    modes = SPEED_MODES[base]
    mode = SpeedMode(
        choice(table, "speed_mode", (), tuple(m.value for m in modes), modes[0].value)
        if len(modes) == 1
        else choice(table, "speed_mode", (), tuple(m.value for m in modes))
    )
    weapons = (
        (
            _weapon(table, "primary", WeaponSlot.PRIMARY, catalogue, mech=True),
            _weapon(table, "secondary", WeaponSlot.SECONDARY, catalogue, mech=True),
        )
        if mech
        else (_weapon(table, "weapon", WeaponSlot.MAIN, catalogue, mech=False),)
    )
    dial = _dial(table, catalogue, mech=mech)
    _check_markers(weapons, dial, catalogue)
    vent = integer(table, "vent", (), 1, 9) if mech else 0
    heat_dial = text(table, "heat_dial", ()) if mech else ""
    if mech and heat_dial not in catalogue.heat_dials:
        known = ", ".join(sorted(catalogue.heat_dials)) or "none"
        raise DataFileError(
            f"heat_dial: unknown heat dial {heat_dial!r} (known: {known})", ("heat_dial",)
        )
    return UnitDef(
        collector=text(table, "collector", ()),
        name=name,
        faction=None if faction == MERCENARY else faction,
        rank=Rank(choice(table, "rank", (), tuple(r.value for r in Rank))),
        points=integer(table, "points", (), 1, 999),
        base=base,
        speed_mode=mode,
        attack_symbol=AttackSymbol(
            choice(table, "attack_symbol", (), tuple(a.value for a in AttackSymbol))
        ),
        weapons=weapons,
        dial=dial,
        vent=vent,
        heat_dial=heat_dial,
        capacity=integer(table, "capacity", (), 0, 9, 0),
        mech_class=_mech_class(table, name) if mech else None,
    )


def _mech_class(table: Table, name: str) -> MechClass:
    """The class: the last letter of the variant name (AOD-20.5), or ``class`` when it has none."""
    letters = tuple(c.value for c in MechClass)
    from_name = name[-1] if name and name[-1] in letters else ""
    if "class" not in table:
        if not from_name:
            raise DataFileError(
                "class: missing (the name does not end in L, M, H or A, AOD-20.5)", ("class",)
            )
        return MechClass(from_name)
    given = choice(table, "class", (), letters)
    if from_name and given != from_name:
        raise DataFileError(
            f"class: {given!r} does not match the name's last letter {from_name!r} (AOD-20.5)",
            ("class",),
        )
    return MechClass(given)


def _weapon(
    table: Table, name: str, slot: WeaponSlot, catalogue: Catalogue, *, mech: bool
) -> Weapon:
    """A weapon system (AOD-3.1, AOD-3.3, AOD-13.1): range type, ranges, targets, artillery."""
    key: Key = (name,)
    value = table.get(name)
    if value is None:
        raise DataFileError(f"{name}: missing", key)
    if not isinstance(value, dict):
        raise DataFileError(f"{name}: expected a table {{ type = ..., min = ..., max = ... }}", key)
    check_keys(value, _WEAPON_KEYS, key)
    kinds = tuple(r.value for r in RangeType) if mech else ("ballistic", "energy")
    range_type = RangeType(choice(value, "type", key, kinds))
    low = integer(value, "min", key, 0, MAX_RANGE)
    high = integer(value, "max", key, 0, MAX_RANGE)
    if high and low > high:
        raise DataFileError(f"{name}: min {low} is beyond max {high}", (*key, "min"))
    if range_type is RangeType.MELEE and (low or high):
        raise DataFileError(f"{name}: a melee weapon has range 0/0 (AOD-3.1)", (*key, "max"))
    long_range = (
        integer(value, "long_range", key, high + 1, 2 * MAX_RANGE)
        if "long_range" in value
        else None
    )
    markers = tuple(string_list(value, "markers", key))
    if long_range is not None and range_type is RangeType.MELEE:
        raise DataFileError(f"{name}: a melee weapon is no artillery", (*key, "long_range"))
    if long_range is not None and not markers:
        raise DataFileError(
            f"{name}.markers: an artillery weapon owns at least one marker (AOD-13.1)",
            (*key, "long_range"),
        )
    if markers and long_range is None:
        raise DataFileError(
            f"{name}.markers: only artillery (a long_range) has markers (AOD-13.1)",
            (*key, "markers"),
        )
    for marker in markers:
        if marker not in catalogue.markers:
            known = ", ".join(sorted(catalogue.markers)) or "none"
            raise DataFileError(
                f"{name}.markers: unknown marker {marker!r} (known: {known})", (*key, "markers")
            )
    return Weapon(
        slot=slot,
        range_type=range_type,
        min_range=low,
        max_range=high,
        targets=integer(value, "targets", key, 1, 6, 1),
        long_range=long_range,
        markers=markers,
    )


def _check_markers(
    weapons: tuple[Weapon, ...], dial: tuple[Click, ...], catalogue: Catalogue
) -> None:
    """Each artillery marker must be usable on some click: attack and damage reach its minimums.

    A marker may be used only while the shooter's attack and damage meet them (AOD-26.9).
    """
    for weapon in weapons:
        name = "weapon" if weapon.slot is WeaponSlot.MAIN else weapon.slot.value
        for ident in weapon.markers:
            marker = catalogue.markers[ident]
            damages = [
                click.secondary if weapon.slot is WeaponSlot.SECONDARY else click.primary
                for click in dial
            ]
            if not any(
                click.attack >= marker.min_attack and (damage or 0) >= marker.min_damage
                for click, damage in zip(dial, damages, strict=True)
            ):
                raise DataFileError(
                    f"{name}.markers: {ident} needs attack {marker.min_attack} and damage "
                    f"{marker.min_damage}, which no click shows (AOD-26.9)",
                    (name, "markers"),
                )


def _dial(table: Table, catalogue: Catalogue, *, mech: bool) -> tuple[Click, ...]:
    """The live clicks (AOD-3.3, AOD-3.4); exactly one carries the starting marker."""
    rows = table_list(table, "dial", ())
    if not rows:
        raise DataFileError("dial: at least one click", ("dial",))
    if len(rows) > MAX_CLICKS:
        raise DataFileError(f"dial: at most {MAX_CLICKS} clicks", ("dial", MAX_CLICKS))
    clicks = tuple(_click(row, ("dial", n), catalogue, mech=mech) for n, row in enumerate(rows))
    starts = [n for n, click in enumerate(clicks) if click.start]
    if not starts:
        raise DataFileError(
            "dial: no click has the starting marker (start = true, AOD-3.4)", ("dial",)
        )
    if len(starts) > 1:
        raise DataFileError(
            f"dial[{starts[1]}]: a second starting marker (the first is on click {starts[0]})",
            ("dial", starts[1]),
        )
    return clicks


def _click(row: Table, key: Key, catalogue: Catalogue, *, mech: bool) -> Click:
    """One click: its values, SE ``stat:code`` and markers (AOD-26.15 notation)."""
    damage = ("pri", "sec") if mech else ("dmg",)
    stats = (*damage, "spd", "atk", "def")
    check_keys(row, {*stats, "se", *_FLAGS}, key)
    values = {name: integer(row, name, key, 0, LIMITS[name]) for name in stats}
    marks = [_mark(item, (*key, "se"), stats, catalogue) for item in string_list(row, "se", key)]
    flags = {name: boolean(row, name, key) for name in _FLAGS}
    if flags["start"] and flags["repair_marker"]:
        raise DataFileError(
            f"{where(key)}: the starting and a repair marker cannot share a click (AOD-3.4)",
            (*key, "repair_marker"),
        )
    return Click(
        speed=values["spd"],
        attack=values["atk"],
        defense=values["def"],
        primary=values["pri" if mech else "dmg"],
        secondary=values["sec"] if mech else None,
        equipment=tuple(marks),
        **flags,
    )


def _mark(item: str, at: Key, stats: tuple[str, ...], catalogue: Catalogue) -> EquipmentMark:
    stat, colon, code = item.partition(":")
    if not colon or stat not in stats:
        raise DataFileError(
            f"{where(at)}: {item!r} is not stat:CODE with a stat of {', '.join(stats)}", at
        )
    if code == "HD":
        raise DataFileError(f"{where(at)}: Heavy Damage is written heavy_damage = true", at)
    equipment = catalogue.equipment.get(code)
    if equipment is None:
        known = ", ".join(sorted(catalogue.equipment)) or "none"
        raise DataFileError(f"{where(at)}: unknown SE code {code!r} (known: {known})", at)
    if not equipment.fits(Stat(stat)):
        raise DataFileError(
            f"{where(at)}: {equipment.name} ({code}) sits on {equipment.slot.value}, not {stat}", at
        )
    return EquipmentMark(Stat(stat), code)


def _quoted(value: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's, and TOML also escapes DEL."""
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def _weapon_text(weapon: Weapon) -> str:
    parts = [
        f"type = {_quoted(weapon.range_type.value)}",
        f"min = {weapon.min_range}",
        f"max = {weapon.max_range}",
        f"targets = {weapon.targets}",
    ]
    if weapon.long_range is not None:
        parts.append(f"long_range = {weapon.long_range}")
    if weapon.markers:
        parts.append(f"markers = [{', '.join(_quoted(m) for m in weapon.markers)}]")
    return "{ " + ", ".join(parts) + " }"


def _click_text(click: Click, *, mech: bool) -> str:
    values = (
        [f"pri = {click.primary}", f"sec = {click.secondary}"]
        if mech
        else [f"dmg = {click.primary}"]
    )
    values += [f"spd = {click.speed}", f"atk = {click.attack}", f"def = {click.defense}"]
    if click.equipment:
        values.append(f"se = [{', '.join(_quoted(str(m)) for m in click.equipment)}]")
    values += [f"{name} = true" for name in _FLAGS if getattr(click, name)]
    return "  { " + ", ".join(values) + " },"


def format_unit(unit: UnitDef) -> str:
    """Write ``unit`` as a unit file (the layout of ``assets/aod/README.md``)."""
    lines = [
        f"format = {_quoted(UNIT_FORMAT)}",
        f"collector = {_quoted(unit.collector)}",
        f"name = {_quoted(unit.name)}",
        f"faction = {_quoted(unit.faction or MERCENARY)}",
        f"rank = {_quoted(unit.rank.value)}",
        f"points = {unit.points}",
        f"base = {_quoted(unit.base.value)}",
        f"speed_mode = {_quoted(unit.speed_mode.value)}",
        f"attack_symbol = {_quoted(unit.attack_symbol.value)}",
    ]
    if unit.capacity:
        lines.append(f"capacity = {unit.capacity}")
    if unit.is_mech:
        assert unit.mech_class is not None  # noqa: S101 - every 'Mech has one
        lines += [
            f"vent = {unit.vent}",
            f"heat_dial = {_quoted(unit.heat_dial)}",
            f"class = {_quoted(unit.mech_class.value)}",
            f"primary = {_weapon_text(unit.weapons[0])}",
            f"secondary = {_weapon_text(unit.weapons[1])}",
        ]
    else:
        lines.append(f"weapon = {_weapon_text(unit.weapons[0])}")
    lines.append("dial = [")
    lines += [_click_text(click, mech=unit.is_mech) for click in unit.dial]
    lines.append("]")
    return "\n".join(lines) + "\n"
