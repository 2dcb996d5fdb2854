"""MegaMek ``.blk`` files of vehicles, infantry and battle armor: text in, a design out (BT-M-3..5).

Pure functions, like `engine.battletech.data.mtf`: the caller opens the file
(`tui.battletech.units`) and adds its name to the messages, which read ``FILE:LINE: reason``.

A ``.blk`` file is MegaMek's "building block" format: blocks of lines between ``<Tag>`` and
``</Tag>``, each on its own line. As MegaMek's ``BuildingBlock`` reads it: tag names are
case-insensitive (``<Model>`` and ``<model>``), blank lines and ``#`` lines are skipped anywhere
(the ``#building block data file`` line, the ``##Write the version number`` line, a ``#``
licence header, ``#Saved from version ...``), and a tag given twice counts once (the first).
Every generation of the format MegaMek has written reads the same way: with or without
``<BlockVersion>`` and ``<Version>``, with the Clan ``<Point Equipment>`` or the Inner Sphere
``<Squad Equipment>`` of a battle armor squad, and old infantry files that name their weapon in
``<Troopers Equipment>`` instead of ``<Primary>`` and give no squads (BT-M-4's platoon then).

The ``<UnitType>`` block decides the kind: ``Tank``, ``VTOL`` and ``SupportTank`` give a
`VehicleDesign`, ``Infantry`` an `InfantryDesign`, ``BattleArmor`` a `BattleArmorDesign`. Every
other type MegaMek writes (aerospace fighters, DropShips, ProtoMechs, gun emplacements, naval
vessels...) is refused in one line that names it. Weapons and equipment are looked up in
`engine.battletech.data.catalogue`; an item it does not know is kept, with a warning that it has no
rules. A platoon's men's weapons are looked up in the infantry weapon table
(`engine.battletech.data.infantry_weapons`, BT-C-35.6) the same way.

Problems that make a sheet unusable raise `FileFormatError` (line and reason); items the
catalogue does not know and blocks the kind does not use are warnings (`ParsedBlk.warnings`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from attrs import define, field, frozen

from engine.battletech.data import catalogue
from engine.battletech.data.fileformat import FileFormatError, bounded_int
from engine.battletech.data.infantry_weapons import infantry_weapon
from engine.battletech.data.transporters import troop_space
from engine.battletech.designs import OtherDesign
from engine.battletech.designs.battle_armor import WEIGHT_CLASSES, BattleArmorDesign
from engine.battletech.designs.battle_armor import BattleArmorMotion as BAMotion
from engine.battletech.designs.infantry import InfantryDesign, InfantryMotion
from engine.battletech.designs.items import Item
from engine.battletech.designs.vehicle import (
    MAX_TONNAGE,
    Motion,
    VehicleDesign,
    VehicleLocation,
    vehicle_crew,
    vehicle_internal,
)

__all__ = ["READ_TYPES", "REFUSED_TYPES", "ParsedBlk", "parse_blk"]

READ_TYPES: Final = ("Tank", "VTOL", "SupportTank", "Infantry", "BattleArmor")
"""The ``UnitType`` values hexmech reads."""
REFUSED_TYPES: Final = {
    "naval": "naval vessel",
    "surface": "naval vessel",
    "hydrofoil": "naval vessel",
    "protomech": "ProtoMech",
    "protomek": "ProtoMech",
    "mech": "'Mech (hexmech reads 'Mechs from .mtf files)",
    "mek": "'Mech (hexmech reads 'Mechs from .mtf files)",
    "gunemplacement": "gun emplacement",
    "largesupporttank": "large support vehicle",
    "supportvtol": "support VTOL",
    "aero": "aerospace fighter",
    "aerospacefighter": "aerospace fighter",
    "fixedwingsupport": "fixed-wing support vehicle",
    "convfighter": "conventional fighter",
    "smallcraft": "small craft",
    "dropship": "DropShip",
    "jumpship": "JumpShip",
    "warship": "WarShip",
    "spacestation": "space station",
    "handheldweapon": "handheld weapon",
}
"""MegaMek's other ``UnitType`` values (``MekFileParser``), refused with the kind named."""

MAX_MP: Final = 30
"""The most MP a file may give (MegaMek's fastest hovercraft cruise at about 20)."""
MAX_ARMOR: Final = 999
"""The most armor points one value may give (a sanity bound, far above any real vehicle)."""
MAX_SUPPORT_TONNAGE: Final = 300
"""The heaviest ``SupportTank`` (heavier ones are MegaMek's ``LargeSupportTank``)."""

_FLUFF: Final = frozenset(
    {
        "capabilities",
        "overview",
        "deployment",
        "history",
        "notes",
        "manufacturer",
        "primaryfactory",
        "systemmanufacturers",
        "systemmodels",
        "use",
    }
)
"""Free-text blocks, whose lines may look like tags (``</p>``): never checked."""
_OPEN: Final = re.compile(r"<([^<>/][^<>]*)>")
_CLOSE: Final = re.compile(r"</([^<>]+)>")
_DECIMAL: Final = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,6})?")
_ENGINES: Final = (
    "Fusion",
    "ICE",
    "XL",
    "XXL",
    "Light",
    "Compact",
    "Fuel Cell",
    "Fission",
    "None",
    "Maglev",
    "Steam",
    "Battery",
    "Solar",
    "External",
)
"""MegaMek's ``engine_type`` codes 0 to 13 (``BLKFile.FUSION`` ...)."""
_MOTIONS: Final = {
    "tracked": Motion.TRACKED,
    "wheeled": Motion.WHEELED,
    "hover": Motion.HOVER,
    "vtol": Motion.VTOL,
}
_INFANTRY_MOTIONS: Final = {
    "leg": InfantryMotion.FOOT,
    "foot": InfantryMotion.FOOT,
    "jump": InfantryMotion.JUMP,
    "motorized": InfantryMotion.MOTORIZED,
    "tracked": InfantryMotion.MECHANIZED_TRACKED,
    "wheeled": InfantryMotion.MECHANIZED_WHEELED,
    "hover": InfantryMotion.MECHANIZED_HOVER,
}
_BA_MOTIONS: Final = {"leg": BAMotion.FOOT, "jump": BAMotion.JUMP}
_BA_MOUNTS: Final = {":body": "Body", ":la": "LA", ":ra": "RA", ":tu": "Turret"}
_BA_FLAGS: Final = re.compile(r":(?:DWP|SSWM|APM)\b", re.IGNORECASE)
_SHOTS: Final = re.compile(r":Shots\s*([0-9]{1,5})\s*#", re.IGNORECASE)
_VEHICLE_MARKS: Final = re.compile(r"\s*(?::OMNI|\((?:ST|PT|FL|FR|RL|RR)\))\s*$", re.IGNORECASE)
"""Vehicle item decorations: omni-pod, sponson and pintle turrets, firing arcs (``BLKFile``)."""
_ANTI_MECH: Final = {"swarmmek": "swarm", "legattack": "leg"}
_BOOKKEEPING: Final = frozenset({"swarmweaponmek", "stopswarm"})
"""MegaMek's pseudo-weapons for the swarm attack's follow-ups: no equipment."""
_BA_PREFIX: Final = re.compile(r"^(IS|CL|Clan|Inner Sphere)?\s*BA[\s-]*", re.IGNORECASE)


@frozen
class ParsedBlk:
    """A design read from a ``.blk`` file, and what looked wrong but did not stop the reading."""

    design: OtherDesign
    warnings: tuple[FileFormatError, ...] = ()


# ---------------------------------------------------------------------------------- scanning
@define
class _Block:
    name: str
    line: int
    lines: list[tuple[int, str]] = field(factory=list)


@define
class _File:
    """The file's blocks by lower-case name, and the warnings so far (a private builder)."""

    blocks: dict[str, _Block] = field(factory=dict)
    warnings: list[FileFormatError] = field(factory=list)


def _key(name: str) -> str:
    return " ".join(name.lower().split())


def _short(text: str) -> str:
    """The text, or its first 40 characters and "..." (a message stays one readable line)."""
    return text if len(text) <= 40 else text[:40] + "..."  # noqa: PLR2004


def _scan(text: str) -> _File:
    """Sort the lines into blocks (`_Block`); a block never closed, or closed twice, is an error."""
    found = _File()
    lines = re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff"))
    block: _Block | None = None
    stray = False
    for index, raw in enumerate(lines):
        number, line = index + 1, raw.strip()
        if not line or line.startswith("#"):
            continue
        if block is not None:
            if _key(line) == f"</{_key(block.name)}>":
                _store(found, block)
                block = None
            elif (_CLOSE.fullmatch(line) or _OPEN.fullmatch(line)) and _key(
                block.name
            ) not in _FLUFF:
                raise FileFormatError(
                    number,
                    f"{line}: <{block.name}> (line {block.line}) is still open "
                    f"(expected </{block.name}>)",
                )
            else:
                block.lines.append((number, line))
            continue
        if opened := _OPEN.fullmatch(line):
            block = _Block(opened[1].strip(), number)
        elif _CLOSE.fullmatch(line):
            raise FileFormatError(number, f"{_short(line)} closes no open block")
        elif not stray:
            stray = True
            found.warnings.append(
                FileFormatError(number, f"text outside any <block> ignored: {_short(line)!r}")
            )
    if block is not None:
        raise FileFormatError(
            block.line, f"<{block.name}> is never closed (no </{block.name}> line)"
        )
    return found


def _store(found: _File, block: _Block) -> None:
    key = _key(block.name)
    if key in found.blocks:
        first = found.blocks[key]
        found.warnings.append(
            FileFormatError(
                block.line,
                f"<{block.name}> given twice (first on line {first.line}): the first is used",
            )
        )
        return
    found.blocks[key] = block


# ---------------------------------------------------------------------------------- values
def _text(found: _File, tag: str, *, required: bool = True) -> tuple[int, str]:
    """The first line of block ``tag`` and its number; ``(0, "")`` when absent and not required."""
    block = found.blocks.get(_key(tag))
    if block is None:
        if required:
            raise FileFormatError(0, f"missing <{tag}> block")
        return 0, ""
    if not block.lines:
        if required:
            raise FileFormatError(block.line, f"<{block.name}> is empty")
        return block.line, ""
    return block.lines[0]


def _int(found: _File, tag: str, low: int, high: int, default: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (``default`` when the block is absent)."""
    if default is not None and _key(tag) not in found.blocks:
        return default
    number, text = _text(found, tag)
    return bounded_int(text, number, tag, low, high)


def _decimal(found: _File, tag: str) -> tuple[float, int]:
    """A number such as "80.0" or "5"; returns it and its line."""
    number, text = _text(found, tag)
    if not _DECIMAL.fullmatch(text):
        raise FileFormatError(number, f"{tag}: expected a number, got {_short(text)!r}")
    return float(text), number


def _items(found: _File, tag: str) -> list[tuple[int, str]]:
    block = found.blocks.get(_key(tag))
    return list(block.lines) if block is not None else []


def _tech_base(found: _File) -> str:
    """MegaMek's ``type`` ("IS Level 1", "Clan Level 2", "Mixed (IS Chassis)") as a tech base."""
    number, text = _text(found, "type", required=False)
    lowered = " ".join(text.lower().split())
    if not lowered or re.fullmatch(r"is(?: level [1-5])?", lowered):
        return "Inner Sphere"
    if re.fullmatch(r"clan(?: level [2-5])?", lowered):
        return "Clan"
    if match := re.fullmatch(
        r"mixed \((is|clan) chassis\)(?: (?:advanced|experimental|unofficial))?", lowered
    ):
        return "Mixed (IS Chassis)" if match[1] == "is" else "Mixed (Clan Chassis)"
    raise FileFormatError(
        number,
        f"type: unknown tech level {_short(text)!r} (expected IS Level 1 to 5, Clan Level 2 to 5, "
        "Mixed (IS Chassis) or Mixed (Clan Chassis))",
    )


def _names(found: _File) -> tuple[str, str]:
    """The ``Name`` (required) and the ``Model`` (may be absent or empty)."""
    name = _text(found, "Name")[1]
    return name, _text(found, "Model", required=False)[1]


def _year(found: _File) -> int:
    return _int(found, "year", 0, 9999, default=0)


def _unit_type(found: _File) -> str:
    number, text = _text(found, "UnitType", required=False)
    if not number:
        raise FileFormatError(
            0,
            "no <UnitType> block: MegaMek reads such a file as a 'Mech, and hexmech reads "
            "'Mechs from .mtf files",
        )
    if not text:
        raise FileFormatError(number, "<UnitType> is empty")
    for known in READ_TYPES:
        if text.lower() == known.lower():
            return known
    kind = REFUSED_TYPES.get(text.lower())
    read = ", ".join(READ_TYPES)
    if kind is not None:
        raise FileFormatError(
            number, f"UnitType {text}: hexmech does not read {kind} units (it reads {read})"
        )
    raise FileFormatError(
        number, f"UnitType {_short(text)!r}: not a MegaMek unit type (hexmech reads {read})"
    )


# ---------------------------------------------------------------------------------- items
def _lookup(
    name: str,
    tech_base: str,
    number: int,
    *,
    unknown: dict[str, int],
    found: _File,
    retry: Callable[[str], catalogue.Spec | None] | None = None,
) -> tuple[str, int]:
    """The catalogue key of ``name`` and its shots; an unknown item is kept by name, warned once."""
    spec = catalogue.find(name, tech_base)
    if spec is None and retry is not None:
        spec = retry(name)
    if spec is None:
        if name not in unknown:
            unknown[name] = number
            found.warnings.append(
                FileFormatError(number, f"unknown equipment {name!r}: kept, but it has no rules")
            )
        return name, 0
    shots = spec.shots if isinstance(spec, catalogue.AmmoSpec) else 0
    return spec.key, shots


def _vehicle_item(
    found: _File, line: tuple[int, str], where: str, tech_base: str, unknown: dict[str, int]
) -> Item | None:
    number, text = line
    name = text
    size = re.search(r":SIZE:", name, re.IGNORECASE)
    if size:
        name = name[: size.start()]
    while mark := _VEHICLE_MARKS.search(name):
        name = name[: mark.start()]
    name, _rear = catalogue.clean_name(name)
    if not name:
        return None
    key, shots = _lookup(name, tech_base, number, unknown=unknown, found=found)
    return Item(key, where, shots)


# ---------------------------------------------------------------------------------- vehicles
_L = VehicleLocation
_VEHICLE_BLOCKS: Final = {
    "Front": _L.FRONT,
    "Right": _L.RIGHT,
    "Left": _L.LEFT,
    "Rear": _L.REAR,
    "Turret": _L.TURRET,
    "Rear Turret": _L.TURRET,
    "Front Turret": _L.TURRET_2,
    "Rotor": _L.ROTOR,
    "Body": _L.BODY,
}
"""``<X Equipment>`` blocks and their locations (``Rear Turret``: a dual-turret vehicle's)."""


def _motion(found: _File, unit_type: str) -> Motion:
    number, text = _text(found, "motion_type")
    motion = _MOTIONS.get(text.lower())
    if motion is None:
        raise FileFormatError(
            number,
            f"motion_type: hexmech reads tracked, wheeled, hover and VTOL vehicles, "
            f"not {_short(text)!r}",
        )
    if (motion is Motion.VTOL) != (unit_type == "VTOL"):
        want = "VTOL" if unit_type == "VTOL" else "Tracked, Wheeled or Hover"
        raise FileFormatError(number, f"motion_type: a {unit_type} moves {want}, not {text}")
    return motion


def _vehicle_tonnage(found: _File, unit_type: str, motion: Motion) -> float:
    """BT-M-3: tons above 0; a combat vehicle at most `MAX_TONNAGE` of its motive type."""
    tons, number = _decimal(found, "tonnage")
    if tons <= 0:
        raise FileFormatError(number, "tonnage: a vehicle weighs more than 0 tons")
    if unit_type == "SupportTank":
        if tons > MAX_SUPPORT_TONNAGE:
            raise FileFormatError(
                number, f"tonnage: {tons:g} t is more than a support tank's {MAX_SUPPORT_TONNAGE}"
            )
        return tons
    most = MAX_TONNAGE[motion]
    if tons > most:
        raise FileFormatError(
            number,
            f"tonnage: {tons:g} t makes a super-heavy {motion} vehicle (at most {most} t), "
            "which hexmech does not read",
        )
    return tons


def _vehicle_locations(
    found: _File, unit_type: str
) -> tuple[tuple[VehicleLocation, ...], tuple[int, ...]]:
    """BT-M-3: armor of front, right, left, rear, then turret(s) or rotor (MegaMek's order)."""
    block = found.blocks.get("armor")
    if block is None:
        raise FileFormatError(0, "missing <armor> block")
    base = (_L.FRONT, _L.RIGHT, _L.LEFT, _L.REAR)
    if unit_type == "VTOL":
        shapes = {5: (*base, _L.ROTOR), 6: (*base, _L.ROTOR, _L.TURRET)}
        wanted = "5 or 6 values (front, right, left, rear, rotor[, chin turret])"
    elif unit_type == "Tank":
        shapes = {4: base, 5: (*base, _L.TURRET), 6: (*base, _L.TURRET, _L.TURRET_2)}
        wanted = "4 to 6 values (front, right, left, rear[, turret[, front turret]])"
    else:
        shapes = {4: base, 5: (*base, _L.TURRET)}
        wanted = "4 or 5 values (front, right, left, rear[, turret])"
    if len(block.lines) not in shapes:
        raise FileFormatError(
            block.line, f"armor: a {unit_type} gives {wanted}, not {len(block.lines)}"
        )
    armor = tuple(bounded_int(text, number, "armor", 0, MAX_ARMOR) for number, text in block.lines)
    return shapes[len(block.lines)], armor


def _vehicle_equipment(
    found: _File, locations: tuple[VehicleLocation, ...], tech_base: str
) -> list[Item]:
    """Each ``<X Equipment>`` block's items, in MegaMek's order of locations."""
    items: list[Item] = []
    unknown: dict[str, int] = {}
    seen = {_key(f"{name} equipment") for name in _VEHICLE_BLOCKS}
    for name, location in _VEHICLE_BLOCKS.items():
        lines = _items(found, f"{name} Equipment")
        if not lines:
            continue
        if location is not _L.BODY and location not in locations:
            block = found.blocks[_key(f"{name} Equipment")]
            raise FileFormatError(
                block.line,
                f"<{block.name}> lists {len(lines)} item(s), but this vehicle has no "
                f"{location.value.lower()} (its <armor> gives {len(locations)} values)",
            )
        for line in lines:
            item = _vehicle_item(found, line, location.value, tech_base, unknown)
            if item is not None:
                items.append(item)
    for key, block in found.blocks.items():
        if key.endswith(" equipment") and key not in seen and block.lines:
            raise FileFormatError(
                block.line,
                f"<{block.name}>: not a location of a vehicle hexmech reads (super-heavy?)",
            )
    return items


def _engine(found: _File) -> str:
    if "engine_type" not in found.blocks:
        return ""
    code = _int(found, "engine_type", 0, 99)
    return _ENGINES[code] if code < len(_ENGINES) else f"engine type {code}"


def _vehicle(found: _File, unit_type: str, source: str) -> VehicleDesign:
    chassis, model = _names(found)
    tech_base = _tech_base(found)
    motion = _motion(found, unit_type)
    tonnage = _vehicle_tonnage(found, unit_type, motion)
    cruise = _int(found, "cruiseMP", 0, MAX_MP)
    locations, armor = _vehicle_locations(found, unit_type)
    equipment = _vehicle_equipment(found, locations, tech_base)
    return VehicleDesign(
        unit_type=unit_type,
        chassis=chassis,
        model=model,
        tonnage=tonnage,
        motion=motion,
        cruise=cruise,
        locations=locations,
        armor=armor,
        internal=(vehicle_internal(tonnage),) * len(locations),
        equipment=tuple(equipment),
        crew=vehicle_crew(tonnage),
        tech_base=tech_base,
        engine=_engine(found),
        year=_year(found),
        omni="omni" in found.blocks,
        source=source,
        troop_space=troop_space(_items(found, "transporters"), found.warnings),
    )


# ---------------------------------------------------------------------------------- infantry
_DEFAULT_PLATOON: Final = {
    InfantryMotion.JUMP: (7, 3),
}
"""BT-M-4: an Inner Sphere platoon is 4 squads of 7 men (28), a jump platoon 3 of 7 (21)."""


def _infantry_motion(found: _File) -> InfantryMotion:
    number, text = _text(found, "motion_type")
    motion = _INFANTRY_MOTIONS.get(text.lower())
    if motion is None:
        raise FileFormatError(
            number,
            "motion_type: hexmech reads foot (Leg), jump, motorized and mechanized (Tracked, "
            f"Wheeled, Hover) infantry, not {_short(text)!r}",
        )
    return motion


def _platoon(found: _File, motion: InfantryMotion, tech_base: str) -> tuple[int, int]:
    """``squad_size`` and ``squadn``; old files give neither: BT-M-4's platoon or Point."""
    if "squad_size" in found.blocks or "squadn" in found.blocks:
        return _int(found, "squad_size", 1, 30), _int(found, "squadn", 1, 30)
    clan = tech_base.lower().startswith("clan")
    size, squads = (5, 5) if clan else _DEFAULT_PLATOON.get(motion, (7, 4))
    found.warnings.append(
        FileFormatError(
            0,
            f"no <squad_size> and <squadn> (an old file): {squads} squads of {size} men "
            f"(BT-M-4's {'Point' if clan else 'platoon'})",
        )
    )
    return size, squads


def _primary(found: _File) -> str:
    """The men's weapon: ``<Primary>``, or an old file's first ``<Troopers Equipment>`` line."""
    if "primary" in found.blocks:
        return _text(found, "Primary")[1]
    troopers = _items(found, "Troopers Equipment")
    if not troopers:
        raise FileFormatError(0, "missing <Primary> block (the men's weapon)")
    number, text = troopers[0]
    found.warnings.append(
        FileFormatError(number, f"no <Primary> block (an old file): {text!r} is the men's weapon")
    )
    return text


def _armor_kit(found: _File) -> str:
    """The ``<armorKit>`` block, or (today's files) a kit in ``<Troopers Equipment>``."""
    if kit := _text(found, "armorKit", required=False)[1]:
        return kit
    kits = [text for _, text in _items(found, "Troopers Equipment") if "kit" in text.lower()]
    return kits[0] if kits else ""


def _infantry(found: _File, source: str) -> InfantryDesign:
    chassis, model = _names(found)
    tech_base = _tech_base(found)
    motion = _infantry_motion(found)
    size, squads = _platoon(found, motion, tech_base)
    primary = _primary(found)
    secondary_line, secondary = _text(found, "Secondary", required=False)
    troopers = _items(found, "Troopers Equipment")
    primary_line = (
        _text(found, "Primary")[0]
        if "primary" in found.blocks
        else troopers[0][0]
        if troopers
        else 0
    )
    for number, name in ((primary_line, primary), (secondary_line, secondary)):
        if name and infantry_weapon(name) is None:  # BT-C-35.6: kept, the platoon cannot fire
            found.warnings.append(
                FileFormatError(
                    number, f"unknown infantry weapon {name!r}: kept, but it has no rules"
                )
            )
    per_squad = _int(found, "secondn", 0, size, default=0) if secondary else 0
    unknown: dict[str, int] = {}
    guns = [
        item
        for line in _items(found, "Field Guns Equipment")
        if (item := _vehicle_item(found, line, "Field Guns", tech_base, unknown)) is not None
    ]
    return InfantryDesign(
        chassis=chassis,
        model=model,
        motion=motion,
        squad_size=size,
        squads=squads,
        primary=primary,
        secondary=secondary,
        secondary_per_squad=per_squad,
        field_guns=tuple(guns),
        anti_mech=_int(found, "antimek", 0, 10, default=8),
        armor_kit=_armor_kit(found),
        tech_base=tech_base,
        year=_year(found),
        source=source,
    )


# ---------------------------------------------------------------------------------- battle armor
def _ba_retry(tech_base: str) -> Callable[[str], catalogue.Spec | None]:
    """Look a battle armor weapon up as the weapon of the same name ("CLBASmall Laser").

    DESIGN: MegaMek names battle armor weapons with a ``BA`` prefix (``ISBASmallLaser``,
    ``CLBASRM2``, ``BA-SRM2 Ammo``); their damage and ranges are those of the weapon of the same
    name in the tables (BT-C-64..72), so the prefix is dropped and the rest looked up. Items with
    no such weapon (claws, manipulators, anti-personnel mounts) stay unknown: "no rules".
    """

    def retry(name: str) -> catalogue.Spec | None:
        match = _BA_PREFIX.match(name)
        if match is None or match.end() == len(name):
            return None
        prefix = (match[1] or "").lower()
        base = "Clan" if prefix.startswith("c") else "Inner Sphere" if prefix else tech_base
        return catalogue.find(name[match.end() :], base)

    return retry


def _ba_item(
    found: _File,
    line: tuple[int, str],
    where: str,
    tech_base: str,
    *,
    unknown: dict[str, int],
    attacks: set[str],
) -> Item | None:
    """One battle armor line: ``NAME[:mount][:APM|:DWP|:SSWM][:Shots n#][:SIZE:x]``."""
    number, text = line
    shots_match = _SHOTS.search(text)
    name = _SHOTS.sub("", text)
    size = re.search(r":SIZE:", name, re.IGNORECASE)
    if size:
        name = name[: size.start()]
    mount = ""
    for suffix, where_on_suit in _BA_MOUNTS.items():
        at = name.lower().find(suffix)
        if at >= 0 and (at + len(suffix) == len(name) or name[at + len(suffix)] == ":"):
            mount = where_on_suit
            name = name[:at] + name[at + len(suffix) :]
            break
    name = _BA_FLAGS.sub("", name).strip()
    bare = re.sub(r"[^a-z]", "", name.lower())
    if bare in _ANTI_MECH:
        attacks.add(_ANTI_MECH[bare])
        return None
    if not name or bare in _BOOKKEEPING:
        return None
    key, shots = _lookup(
        name, tech_base, number, unknown=unknown, found=found, retry=_ba_retry(tech_base)
    )
    if shots_match:
        shots = bounded_int(shots_match[1], number, "shots", 0, 10_000)
    return Item(key, where, shots, mount)


def _battle_armor_motion(found: _File) -> BAMotion:
    number, text = _text(found, "motion_type")
    motion = _BA_MOTIONS.get(text.lower())
    if motion is None:
        raise FileFormatError(
            number, f"motion_type: hexmech reads foot (Leg) and jump battle armor, not {text!r}"
        )
    return motion


def _chassis(found: _File) -> bool:
    """MegaMek's ``chassis``: "biped" or "quad" (True); old files without it are bipeds."""
    number, text = _text(found, "chassis", required=False)
    if not text or text.lower() == "biped":
        return False
    if text.lower() == "quad":
        return True
    raise FileFormatError(number, f"chassis: expected biped or quad, got {_short(text)!r}")


def _ba_armor(found: _File) -> int:
    block = found.blocks.get("armor")
    if block is None:
        raise FileFormatError(0, "missing <armor> block")
    if len(block.lines) != 1:
        raise FileFormatError(
            block.line,
            f"armor: battle armor gives one value (each trooper's armor), not {len(block.lines)}",
        )
    number, text = block.lines[0]
    return bounded_int(text, number, "armor", 0, 30)


def _ba_equipment(found: _File, troopers: int, tech_base: str) -> tuple[list[Item], frozenset[str]]:
    """``<Squad Equipment>`` / ``<Point Equipment>`` (every suit) and ``<Trooper N Equipment>``."""
    items: list[Item] = []
    unknown: dict[str, int] = {}
    attacks: set[str] = set()
    for tag in ("Squad Equipment", "Point Equipment"):
        for line in _items(found, tag):
            item = _ba_item(found, line, "Squad", tech_base, unknown=unknown, attacks=attacks)
            items += [item] if item else []
    for key, block in found.blocks.items():
        match = re.fullmatch(r"trooper ([0-9]{1,2}) equipment", key)
        if match is None or not block.lines:
            continue
        trooper = int(match[1])
        if not 1 <= trooper <= troopers:
            raise FileFormatError(block.line, f"<{block.name}>: the squad has {troopers} troopers")
        where = f"Trooper {trooper}"
        for line in block.lines:
            item = _ba_item(found, line, where, tech_base, unknown=unknown, attacks=attacks)
            items += [item] if item else []
    return items, frozenset(attacks)


def _battle_armor(found: _File, source: str) -> BattleArmorDesign:
    chassis, model = _names(found)
    tech_base = _tech_base(found)
    troopers = _int(found, "Trooper Count", 1, 6)
    weight = _int(found, "weightclass", 0, len(WEIGHT_CLASSES) - 1)
    quad = _chassis(found)
    motion = _battle_armor_motion(found)
    ground = _int(found, "cruiseMP", 0, MAX_MP)
    jump = _int(found, "jumpingMP", 0, MAX_MP, default=0)
    armor = _ba_armor(found)
    equipment, attacks = _ba_equipment(found, troopers, tech_base)
    return BattleArmorDesign(
        chassis=chassis,
        model=model,
        motion=motion,
        troopers=troopers,
        armor=armor,
        ground_mp=ground,
        jump_mp=jump,
        weight_class=weight,
        quad=quad,
        equipment=tuple(equipment),
        anti_mech=attacks,
        tech_base=tech_base,
        year=_year(found),
        source=source,
    )


# ---------------------------------------------------------------------------------- parse
def parse_blk(text: str, source: str = "") -> ParsedBlk:
    """Read a MegaMek ``.blk`` file of a vehicle, a platoon or a battle armor squad (BT-M-3..5).

    Args:
        text: the file's text.
        source: where it came from (a file name), kept in the design's ``source``.

    Returns:
        The design, and the warnings (unknown equipment, blocks given twice, stray text).

    Raises:
        FileFormatError: a file that cannot be read: a block never closed or closed twice, no
            ``UnitType`` or one hexmech does not read (named in the message), a missing or empty
            block the kind needs, a number that is not one or is out of range, an armor block
            with the wrong number of values, equipment in a location the unit does not have.
    """
    found = _scan(text)
    unit_type = _unit_type(found)
    design: OtherDesign
    if unit_type == "Infantry":
        design = _infantry(found, source)
    elif unit_type == "BattleArmor":
        design = _battle_armor(found, source)
    else:
        design = _vehicle(found, unit_type, source)
    return ParsedBlk(design, tuple(sorted(found.warnings, key=lambda w: w.line)))
