"""MegaMek ``.mtf`` BattleMech files: text in, `MechDesign` out, and back (BT-M-2, BT-M-5).

Pure functions: the caller opens the file (`tui.battletech.units`) and adds its name to the
messages.

Both layouts MegaMek has written are read:

- the old one, ``Version:1.x`` then the chassis and the model on bare lines;
- the current one, ``chassis:`` and ``model:`` keys (after an optional ``#`` licence header).

Keys are case-insensitive. Armor lines are ``LA armor:34`` (front) and ``RTL armor:10`` (rear);
a quad's legs are ``FLL``/``FRL``/``RLL``/``RRL`` and its sections ``Front Left Leg:`` ... (old
files wrote them as arms and legs). A quad's front legs sit in the arm locations of `Location`
(LA, RA), with leg internal structure and 6 critical lines.

What MegaMek's own files do is read as MegaMek reads it: a weapon whose lines run on from one
location into the next one inward is one weapon (`_join_split`); improved jump jets allow a Jump
MP above the Walk MP (`_movement`); ``model:`` may be empty; ``Biped OmniMek`` is an OmniMech;
patchwork armor (``LA armor:Reactive(Inner Sphere):26``) gives its points, and its type a
warning; ``-Empty-`` lines past the 12th are ignored; ``Double (Inner Sphere)`` and
``Double (Clan)`` heat sinks are doubles. LAMs, QuadVees and tripods are refused in one line.

Problems that make a sheet unusable raise `FileFormatError` (line and reason); items the catalogue
does not know, and sheets that disagree with themselves, are warnings (`ParsedMech.warnings`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Final, Literal

from attrs import define, field, frozen

from engine.battletech.data import catalogue
from engine.battletech.data.catalogue import EquipmentSpec, Kind
from engine.battletech.data.fileformat import FileFormatError, bounded_int
from engine.battletech.designs.mech import (
    LOCATION_SLOTS,
    Location,
    MechDesign,
    Mounted,
    internal_structure,
    run_mp,
)

__all__ = ["FILE_SLOTS", "ParsedMech", "location_slots", "parse_mtf", "write_mtf"]

FILE_SLOTS: Final = 12
"""Critical lines a location section may list; those past the location's own count are empty."""

MAX_MP: Final = 30
"""The most Walk or Jump MP a sheet may give (MegaMek's fastest 'Mechs walk 12)."""

MAX_HEAT_SINKS: Final = 100
"""The most heat sinks a sheet may give (an assault 'Mech carries about 30)."""

HEAD_ARMOR_MAX: Final = 9
"""BT-M-5 (ASSUMPTION, BT-M-41 #18): the head carries at most 9 armor points."""

_L = Location
_BIPED_HEADERS: Final = {
    "head": _L.HD,
    "center torso": _L.CT,
    "left torso": _L.LT,
    "right torso": _L.RT,
    "left arm": _L.LA,
    "right arm": _L.RA,
    "left leg": _L.LL,
    "right leg": _L.RL,
}
_QUAD_HEADERS: Final = {
    "front left leg": _L.LA,
    "front right leg": _L.RA,
    "rear left leg": _L.LL,
    "rear right leg": _L.RL,
}
_HEADERS: Final = {**_BIPED_HEADERS, **_QUAD_HEADERS}
_QUAD_TITLES: Final = {loc: name.title() for name, loc in _QUAD_HEADERS.items()}
_ARMOR_CODES: Final[dict[str, tuple[Location, bool]]] = {
    **{loc.value: (loc, False) for loc in Location},
    "FLL": (_L.LA, False),
    "FRL": (_L.RA, False),
    "RLL": (_L.LL, False),
    "RRL": (_L.RL, False),
    "RTC": (_L.CT, True),
    "RTL": (_L.LT, True),
    "RTR": (_L.RT, True),
}
_REAR_CODES: Final = {_L.CT: "RTC", _L.LT: "RTL", _L.RT: "RTR"}
_TORSOS: Final = (_L.CT, _L.LT, _L.RT)
# fmt: off
_SCALAR_KEYS: Final = frozenset({
    "chassis", "model", "config", "techbase", "era", "mass", "engine", "heat sinks", "walk mp",
    "jump mp",
})
"""The keys whose values make the design."""
_OTHER_KEYS: Final = frozenset({
    "version", "mul id", "source", "published", "rules level", "role", "quirk", "weaponquirk",
    "structure", "myomer", "base chassis heat sinks", "armor", "overview", "capabilities",
    "deployment", "history", "manufacturer", "primaryfactory", "systemmanufacturer", "systemmode",
    "fluffdate", "fluffimage", "notes", "imagefile", "icon", "bv", "clanname", "uuid", "generator",
    "nocrit", "cockpit", "gyro", "lam", "motive", "ejection", "heat sink kit", "weapons",
})
"""MegaMek keys that end a critical-slot list but say nothing the rules use."""
# fmt: on
_LOCATION_WORDS: Final = re.compile(
    r"\b(?:arm|leg|torso|head|wing|wings|nose|fuselage|body|turret|rotor)\b"
)
_TECH_BASES: Final = {
    "inner sphere": "Inner Sphere",
    "clan": "Clan",
    "mixed (is chassis)": "Mixed (IS Chassis)",
    "mixed (clan chassis)": "Mixed (Clan Chassis)",
}
_EMPTY: Final = "-empty-"
_HEAT_SINK_KINDS: Final = re.compile(
    r"(?:(?:is|clan|inner sphere)\s+)?(?P<kind>single|double)?"
    r"(?:\s*\((?:is|clan|inner sphere)\))?"
)
"""The heat sink types played: ``10 Single``, ``17 Double``, ``Clan Double``, ``IS Double``,
``Double (Inner Sphere)``, ``Double (Clan)`` (MegaMek reads any type naming "Double" as double)."""
_OMNI_WORDS: Final = frozenset({"omnimech", "omnimek"})
"""An OmniMech, as older (``Biped Omnimech``) and newer (``Biped OmniMek``) files spell it."""
# MegaMek's section order, which `write_mtf` keeps.
_FILE_ORDER: Final = (_L.LA, _L.RA, _L.LT, _L.RT, _L.CT, _L.HD, _L.LL, _L.RL)


@frozen
class ParsedMech:
    """A design read from a ``.mtf`` file, and what looked wrong but did not stop the reading."""

    design: MechDesign
    warnings: tuple[FileFormatError, ...] = ()


def location_slots(location: Location, config: str = "Biped") -> int:
    """BT-M-2: the critical lines of ``location``; a quad's four legs all have 6."""
    if _is_quad(config) and location in {_L.LA, _L.RA}:
        return LOCATION_SLOTS[_L.LL]
    return LOCATION_SLOTS[location]


def _is_quad(config: str) -> bool:
    return config.lower().startswith("quad")


def _title(location: Location, config: str) -> str:
    """The location's name on this 'Mech's sheet ("Front Left Leg" on a quad)."""
    if _is_quad(config):
        return _QUAD_TITLES.get(location, location.long_name)
    return location.long_name


def _is_count(text: str) -> bool:
    """True for a plain whole number ("12"; not "-1", "1.5" or "²", which str.isdigit accepts)."""
    return re.fullmatch(r"[0-9]+", text) is not None


# ---------------------------------------------------------------------------------- scanning
@define
class _Section:
    header_line: int
    header: str
    lines: list[tuple[int, str]] = field(factory=list)


@define
class _Sheet:
    """What the scan found, with the line of each value (a private, mutable builder)."""

    values: dict[str, tuple[int, str]] = field(factory=dict)
    armor: dict[str, tuple[int, str]] = field(factory=dict)
    sections: dict[Location, _Section] = field(factory=dict)
    weapons: list[tuple[int, str]] = field(factory=list)


_Mode = Location | Literal["weapons"] | None


def _scan(text: str) -> _Sheet:
    """Sort the file's lines into keys, armor values, location sections and the weapons list."""
    sheet = _Sheet()
    # Only CR, LF and CRLF end lines, as in an editor: str.splitlines() would also break at
    # control characters such as \x1e, and the line numbers in messages would be wrong.
    lines = re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff"))
    if lines and not lines[-1]:
        lines.pop()
    skip = _old_format_names(sheet, lines)
    mode: _Mode = None
    for index, raw in enumerate(lines):
        number, line = index + 1, raw.strip()
        if index in skip:
            continue
        if mode is not None and line and not _is_key_line(line):
            _add_listed_line(sheet, mode, number, line)
            continue
        mode = None
        if line and not line.startswith("#"):
            mode = _read_line(sheet, number, line)
    return sheet


def _old_format_names(sheet: _Sheet, lines: Sequence[str]) -> set[int]:
    """Old files: ``Version:1.x``, then the chassis and the model on bare lines."""
    for index, raw in enumerate(lines):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if not line.lower().startswith("version:"):
            return set()
        skip = {index}
        at = index + 1
        for key in ("chassis", "model"):
            # As MegaMek reads them: comment lines are passed over, and a ``Generator:`` line
            # (SSW) may come before the chassis. The model line may be blank (no model).
            while at < len(lines) and (
                lines[at].strip().startswith("#")
                or (key == "chassis" and lines[at].strip().lower().startswith("generator:"))
            ):
                skip.add(at)
                at += 1
            if at < len(lines):
                text = lines[at].strip()
                if text or key == "model":
                    sheet.values[key] = (at + 1, text)
                skip.add(at)
            at += 1
        return skip
    return set()


def _is_key_line(line: str) -> bool:
    key, sep, value = line.partition(":")
    if not sep:
        return False
    name = key.strip().lower()
    if name in _SCALAR_KEYS or name in _OTHER_KEYS or name.endswith(" armor"):
        return True
    return not value.strip() and (name in _HEADERS or bool(_LOCATION_WORDS.search(name)))


def _add_listed_line(
    sheet: _Sheet, mode: Location | Literal["weapons"], number: int, line: str
) -> None:
    if mode == "weapons":
        sheet.weapons.append((number, line))
        return
    section = sheet.sections[mode]
    if len(section.lines) >= FILE_SLOTS:
        if catalogue.clean_name(line)[0].lower() == _EMPTY:
            return  # MegaMek ignores the lines past the 12th; an empty one loses nothing
        raise FileFormatError(
            number, f"{section.header}: more than {FILE_SLOTS} critical lines ({line!r})"
        )
    section.lines.append((number, line))


def _read_line(sheet: _Sheet, number: int, line: str) -> _Mode:
    """Record one ``key:value`` line; return the list it opens (a location or the weapons)."""
    key, sep, value = line.partition(":")
    name, value = key.strip().lower(), value.strip()
    if not sep:
        return None  # free text (old files' fluff)
    if name in _HEADERS and not value:
        return _open_section(sheet, number, key.strip(), _HEADERS[name])
    if name == "weapons":
        return "weapons"
    if name.endswith(" armor"):
        code = key.strip()[: -len(" armor")].strip().upper()
        if code not in _ARMOR_CODES:
            raise FileFormatError(number, f"unknown armor location {code!r} in {key.strip()!r}")
        _store(sheet.armor, code, number, value, f"{code} armor")
    elif name in _SCALAR_KEYS:
        _store(sheet.values, name, number, value, name)
    elif not value and name not in _OTHER_KEYS and _LOCATION_WORDS.search(name):
        known = ", ".join(h.title() for h in _HEADERS)
        raise FileFormatError(number, f"unknown location {key.strip()!r} (expected one of {known})")
    return None


def _store(table: dict[str, tuple[int, str]], key: str, number: int, value: str, what: str) -> None:
    if key in table:
        raise FileFormatError(number, f"{what}: given twice (first on line {table[key][0]})")
    table[key] = (number, value)


def _open_section(sheet: _Sheet, number: int, header: str, location: Location) -> Location:
    if location in sheet.sections:
        first = sheet.sections[location]
        raise FileFormatError(
            number, f"{header}: a second section for {first.header!r} (line {first.header_line})"
        )
    sheet.sections[location] = _Section(number, header)
    return location


# ---------------------------------------------------------------------------------- values
def _required(sheet: _Sheet, key: str) -> tuple[int, str]:
    if key not in sheet.values:
        raise FileFormatError(0, f"missing {key} (a '{key}:' line)")
    if not sheet.values[key][1]:
        raise FileFormatError(sheet.values[key][0], f"{key}: no value after '{key}:'")
    return sheet.values[key]


def _model(sheet: _Sheet) -> str:
    """The model: the line must be there, but may be empty.

    MegaMek writes ``model:`` for a 'Mech known by its chassis alone, and old files a blank line.
    """
    if "model" not in sheet.values:
        raise FileFormatError(0, "missing model (a 'model:' line)")
    return sheet.values["model"][1]


def _whole_number(
    sheet: _Sheet, key: str, most: int, default: int | None = None
) -> tuple[int, int]:
    """Read a whole number from 0 to ``most``; return it and its line."""
    if key not in sheet.values and default is not None:
        return default, 0
    number, text = _required(sheet, key)
    if not _is_count(text):
        raise FileFormatError(number, f"{key}: expected a whole number, got {_short(text)!r}")
    return bounded_int(text, number, key, 0, most), number


def _short(text: str) -> str:
    """The text, or its first 40 characters and "..." (a message stays one readable line)."""
    return text if len(text) <= 40 else text[:40] + "..."  # noqa: PLR2004


def _tonnage(sheet: _Sheet) -> int:
    """BT-M-2: a multiple of 5 from 20 to 100 tons."""
    tons, number = _whole_number(sheet, "mass", 1000)
    try:
        internal_structure(tons)
    except ValueError as exc:
        raise FileFormatError(number, f"mass: {exc}") from None
    return tons


def _config(sheet: _Sheet) -> str:
    number, text = sheet.values.get("config", (0, "Biped"))
    words = text.lower().split()
    kind = words[0] if words else ""
    if kind not in {"biped", "quad"} or any(w not in _OMNI_WORDS for w in words[1:]):
        raise FileFormatError(
            number, f"config: hexmech plays Biped and Quad 'Mechs, not {_short(text)!r}"
        )
    return kind.title() + (" Omnimech" if len(words) > 1 else "")


def _tech_base(sheet: _Sheet) -> str:
    number, text = sheet.values.get("techbase", (0, "Inner Sphere"))
    try:
        return _TECH_BASES[" ".join(text.lower().split())]
    except KeyError:
        known = ", ".join(_TECH_BASES.values())
        raise FileFormatError(number, f"techbase: expected one of {known}; got {text!r}") from None


def _movement(sheet: _Sheet) -> tuple[int, int]:
    """BT-M-2: Walk MP, and Jump MP, which may not exceed it with standard jump jets.

    Improved jump jets (MegaMek's ``Improved Jump Jet``) give a Jump MP above the Walk MP, up to
    the Run MP. DESIGN (the digest has no rules for them, BT-M-20.4): they are played as
    ordinary jump jets (1 Jump MP each, lost one a critical) with the file's higher Jump MP.
    """
    walk, _ = _whole_number(sheet, "walk mp", MAX_MP)
    jump, number = _whole_number(sheet, "jump mp", MAX_MP, default=0)
    if jump <= walk:
        return walk, jump
    if not _has_improved_jets(sheet):
        raise FileFormatError(number, f"jump mp: {jump} is more than the walk mp {walk} (BT-M-2)")
    if jump > run_mp(walk):
        raise FileFormatError(
            number,
            f"jump mp: {jump} is more than the run mp {run_mp(walk)}, even with improved jump jets",
        )
    return walk, jump


def _has_improved_jets(sheet: _Sheet) -> bool:
    """True when a critical line holds an improved jump jet."""
    for section in sheet.sections.values():
        for _, text in section.lines:
            spec = catalogue.find(text)
            if spec is not None and "improved_jump_jet" in spec.flags:
                return True
    return False


def _heat_sinks(sheet: _Sheet, warnings: list[FileFormatError]) -> tuple[int, bool]:
    """Return the heat sink count and whether they are doubles (``10 Single``, ``17 Double``)."""
    number, text = _required(sheet, "heat sinks")
    match = re.fullmatch(r"([0-9]+)\s*(.*)", text)
    if match is None:
        raise FileFormatError(
            number, f"heat sinks: expected a count and a type ('10 Single'), got {text!r}"
        )
    kind = match[2].lower()
    known = _HEAT_SINK_KINDS.fullmatch(kind)
    if known is None:
        warnings.append(
            FileFormatError(number, f"heat sinks: {match[2]!r} heat sinks are played as single")
        )
    count = bounded_int(match[1], number, "heat sinks", 0, MAX_HEAT_SINKS)
    return count, known is not None and known["kind"] == "double"


# ---------------------------------------------------------------------------------- armor
def _internal(tonnage: int, config: str) -> dict[Location, int]:
    """Internal structure by tonnage; a quad's front legs have leg structure."""
    internal = internal_structure(tonnage)
    if _is_quad(config):
        internal[_L.LA] = internal[_L.RA] = internal[_L.LL]
    return internal


def _armor(
    sheet: _Sheet, internal: dict[Location, int], config: str, warnings: list[FileFormatError]
) -> tuple[dict[Location, int], dict[Location, int]]:
    """Front and rear armor; none may exceed what the location can carry (2 x internal, head 9)."""
    front: dict[Location, int] = {}
    rear: dict[Location, int] = dict.fromkeys(_TORSOS, 0)
    lines: dict[Location, int] = {}
    odd_types: set[str] = set()
    for code, (number, value) in sheet.armor.items():
        location, is_rear = _ARMOR_CODES[code]
        kind, _, text = value.rpartition(":")
        _check_armor_type(kind.strip(), code, number, odd_types, warnings)
        text = text.strip()
        if not _is_count(text):
            msg = f"{code} armor: expected a whole number, got {_short(text)!r}"
            raise FileFormatError(number, msg)
        if not is_rear and location in front:
            where = _title(location, config)
            raise FileFormatError(number, f"{code} armor: a second armor line for the {where}")
        (rear if is_rear else front)[location] = bounded_int(text, number, f"{code} armor", 0, 999)
        lines[location] = max(lines.get(location, 0), number)
    for location in Location:
        if location not in front:
            where = _title(location, config)
            warnings.append(FileFormatError(0, f"no armor line for the {where}: it has none"))
            front[location] = 0
        _check_armor_max(
            location,
            front[location] + rear.get(location, 0),
            internal,
            config,
            lines.get(location, 0),
        )
    return front, rear


def _check_armor_type(
    kind: str, code: str, number: int, seen: set[str], warnings: list[FileFormatError]
) -> None:
    """Patchwork armor (``LA armor:Reactive(Inner Sphere):26``): a type per location.

    The points are read; a type other than standard has no rules here (BT-M-5 knows one armor):
    it is played as standard, with a warning the first time the type appears.
    """
    name = re.sub(r"\s*\(.*\)\s*$", "", kind).strip()
    if not kind or name.lower() in {"standard", "is standard", "clan standard"} or kind in seen:
        return
    seen.add(kind)
    warnings.append(
        FileFormatError(
            number,
            f"{code} armor: {_short(kind)!r} armor is played as standard armor (no rules)",
        )
    )


def _check_armor_max(
    location: Location, total: int, internal: dict[Location, int], config: str, number: int
) -> None:
    """BT-M-5: armor at most twice the internal structure; the head at most 9."""
    most = HEAD_ARMOR_MAX if location is _L.HD else 2 * internal[location]
    if total > most:
        what = "front and rear armor" if location in _TORSOS else "armor"
        raise FileFormatError(
            number,
            f"{_title(location, config)}: {what} {total} is more than it can carry ({most})",
        )


# ---------------------------------------------------------------------------------- criticals
def _criticals(
    sheet: _Sheet, config: str, warnings: list[FileFormatError]
) -> dict[Location, list[tuple[int, str, bool]]]:
    """Each location's lines as (line number, item name or "", rear-mounted)."""
    quad = _is_quad(config)
    found: dict[Location, list[tuple[int, str, bool]]] = {}
    for location in Location:
        section = sheet.sections.get(location)
        capacity = location_slots(location, config)
        if section is None:
            warnings.append(
                FileFormatError(0, f"no critical slots for the {_title(location, config)}")
            )
            found[location] = [(0, "", False)] * capacity
            continue
        if not quad and section.header.lower() in _QUAD_HEADERS:
            raise FileFormatError(
                section.header_line, f"{section.header}: a quad's leg, but this 'Mech is {config}"
            )
        found[location] = _section_lines(section, capacity)
    return found


def _section_lines(section: _Section, capacity: int) -> list[tuple[int, str, bool]]:
    lines: list[tuple[int, str, bool]] = []
    for index, (number, text) in enumerate(section.lines):
        name, rear = catalogue.clean_name(text)
        if name.lower() == _EMPTY:
            name = ""
        if index >= capacity and name:
            raise FileFormatError(
                number,
                f"{section.header}: {name!r} on critical line {index + 1}, but the location "
                f"has {capacity}",
            )
        lines.append((number, name, rear))
    lines = lines[:capacity]
    lines += [(0, "", False)] * (capacity - len(lines))
    return lines


def _equipment(
    lines: dict[Location, list[tuple[int, str, bool]]],
    tech_base: str,
    tonnage: int,
    warnings: list[FileFormatError],
    *,
    quad: bool = False,
) -> list[Mounted]:
    """Group consecutive lines of one item into `Mounted` items; components are not equipment.

    An item too big for the lines one location gives it continues in the next location inward
    (an AC/20 in the right arm and the right torso): `_join_split` makes it one item.
    """
    found: list[tuple[Location, int, Mounted]] = []
    partial: list[_Part] = []
    unknown: set[str] = set()
    for location in Location:
        for start, run in _runs(lines[location]):
            number, name, rear = lines[location][start]
            spec = catalogue.find(name, tech_base)
            if spec is None:
                if name not in unknown:
                    unknown.add(name)
                    warnings.append(
                        FileFormatError(
                            number, f"unknown equipment {name!r}: kept, but it has no rules"
                        )
                    )
                found.append(
                    (
                        location,
                        start,
                        Mounted(name, location, rear, tuple(range(start, start + run))),
                    )
                )
                continue
            if spec.kind is Kind.COMPONENT:
                continue
            size = _item_slots(spec, tonnage, run)
            shots = spec.shots if isinstance(spec, catalogue.AmmoSpec) else 0
            for at in range(start, start + run, size):
                slots = tuple(range(at, min(at + size, start + run)))
                if len(slots) < size:
                    partial.append(_Part(spec.key, location, rear, slots, size, shots))
                else:
                    found.append((location, at, Mounted(spec.key, location, rear, slots, shots)))
    found += _join_split(partial, quad=quad)
    order = {location: index for index, location in enumerate(Location)}
    return [item for _, _, item in sorted(found, key=lambda f: (order[f[0]], f[1]))]


@frozen
class _Part:
    """The lines of an item that one location holds fewer of than the item fills."""

    key: str
    location: Location
    rear: bool
    slots: tuple[int, ...]
    size: int
    shots: int


_INNER: Final = {
    _L.LA: _L.LT,
    _L.RA: _L.RT,
    _L.LL: _L.LT,
    _L.RL: _L.RT,
    _L.LT: _L.CT,
    _L.RT: _L.CT,
    _L.HD: _L.CT,
}
"""Where a split item may continue: the next location inward (MegaMek's, with head and CT)."""
_RESTRICTION: Final = {_L.LA: 0, _L.RA: 0, _L.LT: 1, _L.RT: 1, _L.CT: 2}
"""MegaMek's order of firing-arc restriction (arms least; head and legs most, 3)."""


def _join_split(parts: list[_Part], *, quad: bool) -> list[tuple[Location, int, Mounted]]:
    """Make one item of each pair of parts that together fill it, in neighbouring locations.

    MegaMek (``MtfFile``, split weapons): an AC/20, LB 20-X, Ultra AC/20, Arrow IV, Thumper or
    Sniper may run from an arm (or a leg) into the side torso, or from a side torso into the
    center torso. Its lines in both locations are its own (`MechDesign.criticals` keeps them, so
    nothing else may fill them) and it is ONE weapon.

    DESIGN: it is mounted in the more restrictive of the two locations, as MegaMek mounts it
    and names it in the file's weapons list (a torso rather than an arm, the center torso rather
    than a side torso; a quad's leg rather than a torso). It fires from there (the torso's arc:
    an arm flip does not move it), it is lost with that location, and its `Mounted.slots` are
    its lines there, so a critical hit on those lines destroys it. Its lines in the other
    location fill that location's critical table (a hit there is used up on them) but do not
    disable it: a `Mounted` names one location.

    A part with no partner (a file whose lines do not add up) stays an item of its own, as before.
    """
    joined: list[tuple[Location, int, Mounted]] = []
    used: set[int] = set()
    for i, part in enumerate(parts):
        if i in used:
            continue
        partner = next(
            (
                j
                for j, other in enumerate(parts)
                if j not in used
                and j != i
                and (other.key, other.rear) == (part.key, part.rear)
                and _neighbours(part.location, other.location)
                and len(part.slots) + len(other.slots) == part.size
            ),
            None,
        )
        if partner is None:
            used.add(i)
            joined.append(
                (
                    part.location,
                    part.slots[0],
                    Mounted(part.key, part.location, part.rear, part.slots, part.shots),
                )
            )
            continue
        used |= {i, partner}
        other = parts[partner]
        scores = _RESTRICTION if not quad else {**_RESTRICTION, _L.LA: 3, _L.RA: 3}
        home = max((part, other), key=lambda p: scores.get(p.location, 3))
        mounted = Mounted(home.key, home.location, home.rear, home.slots, home.shots)
        joined.append((home.location, home.slots[0], mounted))
    return joined


def _neighbours(one: Location, two: Location) -> bool:
    return _INNER.get(one) is two or _INNER.get(two) is one


def _runs(lines: list[tuple[int, str, bool]]) -> list[tuple[int, int]]:
    """Return (first index, length) of every run of equal non-empty lines."""
    runs: list[tuple[int, int]] = []
    index = 0
    while index < len(lines):
        _, name, rear = lines[index]
        end = index + 1
        while end < len(lines) and lines[end][1:] == (name, rear):
            end += 1
        if name:
            runs.append((index, end - index))
        index = end
    return runs


def _item_slots(spec: catalogue.Spec, tonnage: int, run: int) -> int:
    """The lines one item fills; items that spread (TSM) or vary (targeting computer): the run."""
    if isinstance(spec, EquipmentSpec):
        size = spec.slots_for(tonnage)
        return run if spec.spreads or size <= 0 else size
    return max(spec.slots, 1)


# ---------------------------------------------------------------------------------- checks
def _check_counts(design: MechDesign, sheet: _Sheet, warnings: list[FileFormatError]) -> None:
    """Warn where the sheet disagrees with itself: heat sinks, jump jets, the weapons list."""
    flags = [
        catalogue.SPECS[m.name].flags if m.name in catalogue.SPECS else frozenset()
        for m in design.equipment
    ]
    sinks = sum("heat_sink" in f for f in flags)
    if sinks > design.heat_sinks:
        line = sheet.values["heat sinks"][0]
        warnings.append(
            FileFormatError(
                line, f"heat sinks: {design.heat_sinks}, but {sinks} are in the critical slots"
            )
        )
    jets = sum("jump_jet" in f for f in flags)
    if jets != design.jump:
        line = sheet.values.get("jump mp", (0, ""))[0]
        warnings.append(
            FileFormatError(line, f"jump mp: {design.jump}, but {jets} jump jets are mounted")
        )
    _check_weapon_list(design, sheet, warnings)


def _check_weapon_list(design: MechDesign, sheet: _Sheet, warnings: list[FileFormatError]) -> None:
    if not sheet.weapons:
        return
    listed: Counter[tuple[str, Location | None]] = Counter()
    for number, line in sheet.weapons:
        count, name, location = _weapon_line(line)
        if location is None:
            warnings.append(FileFormatError(number, f"weapons list: no location in {line!r}"))
        spec = catalogue.find(name, design.tech_base)
        listed[(spec.key if spec else name, location)] += count
    mounted: Counter[tuple[str, Location | None]] = Counter(
        (m.name, m.location) for m in design.equipment if _is_weapon(m.name)
    )
    number = sheet.weapons[0][0] - 1
    for (name, location), count in sorted((mounted - listed).items()):
        where = _title(location, design.config) if location else "?"
        warnings.append(
            FileFormatError(
                number, f"weapons list: {count} x {name} in the {where} missing from the list"
            )
        )
    for (name, location), count in sorted((listed - mounted).items(), key=str):
        where = _title(location, design.config) if location else "?"
        warnings.append(
            FileFormatError(
                number, f"weapons list: {count} x {name} in the {where} not in the critical slots"
            )
        )


def _is_weapon(key: str) -> bool:
    spec = catalogue.SPECS.get(key)
    return spec is not None and spec.kind in catalogue.WEAPON_KINDS


def _weapon_line(line: str) -> tuple[int, str, Location | None]:
    """Read "Medium Laser, Left Arm", "1 Medium Laser, Left Arm", "PPC, Right Torso (R)"."""
    count = 1
    if match := re.match(r"([0-9]{1,4})\s+(.*)", line):
        count, line = int(match[1]), match[2]
    name, _, rest = line.partition(",")
    where, _rear = catalogue.clean_name(rest.split(",")[0])
    return count, catalogue.clean_name(name)[0], _HEADERS.get(where.strip().lower())


# ---------------------------------------------------------------------------------- parse
def parse_mtf(text: str, source: str = "") -> ParsedMech:
    """Read a MegaMek ``.mtf`` BattleMech file (BT-M-2, BT-M-5).

    Args:
        text: the file's text.
        source: where it came from (a file name), kept in `MechDesign.source`.

    Returns:
        The design, and the warnings (unknown equipment, a sheet that disagrees with itself).

    Raises:
        FileFormatError: a sheet that cannot be played: a missing chassis, model, mass, walk MP or
            heat sinks line, a mass that is not a 'Mech's, a number that is not one, armor above
            what a location can carry, too many critical lines, an unknown location.
    """
    sheet = _scan(text)
    warnings: list[FileFormatError] = []
    chassis, model = _required(sheet, "chassis")[1], _model(sheet)
    tonnage = _tonnage(sheet)
    config, tech_base = _config(sheet), _tech_base(sheet)
    walk, jump = _movement(sheet)
    heat_sinks, double = _heat_sinks(sheet, warnings)
    internal = _internal(tonnage, config)
    front, rear = _armor(sheet, internal, config, warnings)
    lines = _criticals(sheet, config, warnings)
    design = MechDesign(
        chassis=chassis,
        model=model,
        tonnage=tonnage,
        walk=walk,
        jump=jump,
        heat_sinks=heat_sinks,
        armor=tuple(front[loc] for loc in Location),
        rear_armor=(rear[_L.CT], rear[_L.LT], rear[_L.RT]),
        internal=tuple(internal[loc] for loc in Location),
        criticals=tuple(tuple(name for _, name, _ in lines[loc]) for loc in Location),
        equipment=tuple(_equipment(lines, tech_base, tonnage, warnings, quad=_is_quad(config))),
        double_heat_sinks=double,
        tech_base=tech_base,
        config=config,
        engine=sheet.values.get("engine", (0, ""))[1],
        era=sheet.values.get("era", (0, ""))[1],
        source=source,
    )
    _check_counts(design, sheet, warnings)
    return ParsedMech(design, tuple(sorted(warnings, key=lambda w: w.line)))


# ---------------------------------------------------------------------------------- write
def write_mtf(design: MechDesign, comment: str = "") -> str:
    """Write ``design`` as a current-format ``.mtf`` file; `parse_mtf` reads it back equal.

    Args:
        design: the design.
        comment: text for a ``#`` comment line at the top (none when empty).
    """
    quad = _is_quad(design.config)
    out = [f"# {line}" for line in comment.splitlines()]
    out += [f"chassis:{design.chassis}", f"model:{design.model}", ""]
    out += [f"Config:{design.config}", f"techbase:{design.tech_base}"]
    out += [f"era:{design.era}"] if design.era else []
    out += ["", f"mass:{design.tonnage}"]
    out += [f"engine:{design.engine}"] if design.engine else []
    sinks = "Double" if design.double_heat_sinks else "Single"
    out += ["", f"heat sinks:{design.heat_sinks} {sinks}", f"walk mp:{design.walk}"]
    out += [f"jump mp:{design.jump}", ""]
    out += _armor_lines(design, quad=quad)
    out += ["", *_weapon_lines(design)]
    rear = {(m.location, i) for m in design.equipment if m.rear for i in m.slots}
    for location in _FILE_ORDER:
        out += ["", f"{_title(location, design.config)}:"]
        slots = design.slots_at(location)
        out += [
            (name + (" (R)" if (location, i) in rear else "")) if name else "-Empty-"
            for i, name in enumerate(slots)
        ]
        out += ["-Empty-"] * (FILE_SLOTS - len(slots))
    return "\n".join(out) + "\n"


def _armor_lines(design: MechDesign, *, quad: bool) -> list[str]:
    codes = {_L.LA: "FLL", _L.RA: "FRL", _L.LL: "RLL", _L.RL: "RRL"} if quad else {}
    lines = [
        f"{codes.get(loc, loc.value)} armor:{design.armor_at(loc)}"
        for loc in (_L.LA, _L.RA, _L.LT, _L.RT, _L.CT, _L.HD, _L.LL, _L.RL)
    ]
    return lines + [
        f"{_REAR_CODES[loc]} armor:{design.armor_at(loc, rear=True)}"
        for loc in (_L.LT, _L.RT, _L.CT)
    ]


def _weapon_lines(design: MechDesign) -> list[str]:
    weapons = [m for m in design.equipment if _is_weapon(m.name)]
    lines = [f"Weapons:{len(weapons)}"]
    for mounted in weapons:
        name = catalogue.SPECS[mounted.name].name
        rear = " (R)" if mounted.rear else ""
        lines.append(f"{name}, {_title(mounted.location, design.config)}{rear}")
    return lines
