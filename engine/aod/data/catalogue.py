"""Catalogue files (``format = "aod-catalogue"``): SE, heat dials, markers, pieces, factions.

The tables (any of them, in any catalogue file; ``assets/aod/README.md`` documents each key):

- ``[[equipment]]``: special equipment (AOD-3.6, AOD-26.14);
- ``[[heat_dial]]``: heat dials, position 0 first (AOD-3.5, AOD-26.14);
- ``[[marker]]``: artillery markers (AOD-13.2, AOD-26.9);
- ``[[piece]]``: terrain pieces (AOD-26.8);
- ``[[faction]]`` and ``[[alliance]]``: factions with their abilities (AOD-21) and House
  Alliances (AOD-18.6);
- ``[[card]]``: optional battle modification cards (AOD-20, AOD-26.14).

`parse_catalogue` reads one file; `merge` joins several into the `Catalogue` unit files are
checked against, refusing an id defined twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from types import MappingProxyType
from typing import Final, TypeVar

from attrs import frozen

from engine.aod.terrain import TerrainPiece, TerrainType
from engine.aod.units import (
    ABILITIES,
    HEAT_CHECKS,
    Card,
    CardKind,
    Catalogue,
    DriftBand,
    Equipment,
    Faction,
    HeatCheck,
    HeatDial,
    HeatPosition,
    Marker,
    MechClass,
    Shape,
    Stat,
)
from engine.hexes import Facing, Hex
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
    "CATALOGUE_FORMAT",
    "KNOWN_EQUIPMENT",
    "CatalogueFile",
    "build_catalogue",
    "merge",
    "parse_catalogue",
]

CATALOGUE_FORMAT: Final = "aod-catalogue"
"""The ``format`` key of a catalogue file."""
KNOWN_EQUIPMENT: Final = frozenset({"JJ", "EV", "HA", "RA", "PU", "RP"})
"""The SE codes the engine has rules for (AOD-26.14); Heavy Damage is a dial flag, not SE."""
MAX_PIECE_HEXES: Final = 19
"""Hexes a piece may cover (radius 2); the starter pieces are 2"-4" across (AOD-26.8)."""
_TOP_KEYS: Final = frozenset(
    {"format", "equipment", "heat_dial", "marker", "piece", "faction", "alliance", "card"}
)
_SLOTS: Final = {"speed": Stat.SPEED, "attack": Stat.ATTACK, "defense": Stat.DEFENSE}
_SLOTS_ALL: Final = (*_SLOTS, "damage")


@frozen
class CatalogueFile:
    """What one catalogue file defines, in file order."""

    equipment: tuple[Equipment, ...] = ()
    heat_dials: tuple[HeatDial, ...] = ()
    markers: tuple[Marker, ...] = ()
    pieces: tuple[TerrainPiece, ...] = ()
    factions: tuple[Faction, ...] = ()
    alliances: tuple[tuple[str, str], ...] = ()
    cards: tuple[Card, ...] = ()


def parse_catalogue(source: str) -> CatalogueFile:
    """Read a catalogue file's text.

    Raises:
        DataFileError: the first problem, with its line.
    """
    return read_text(source, build_catalogue)


def build_catalogue(table: Table) -> CatalogueFile:
    """Build a catalogue file from its TOML table (`parse_catalogue` without the text)."""
    check_keys(table, _TOP_KEYS)
    kind = text(table, "format", ())
    if kind != CATALOGUE_FORMAT:
        raise DataFileError(f"format: expected {CATALOGUE_FORMAT!r}, got {kind!r}", ("format",))
    equipment = _each(table, "equipment", _equipment)
    dials = _each(table, "heat_dial", _heat_dial)
    markers = _each(table, "marker", _marker)
    pieces = _each(table, "piece", _piece)
    factions = _each(table, "faction", _faction)
    alliances = _each(table, "alliance", _alliance)
    cards = _each(table, "card", _card)
    for name, ids in (
        ("card", [c.id for c in cards]),
        ("equipment", [e.code for e in equipment]),
        ("heat_dial", [d.id for d in dials]),
        ("marker", [m.id for m in markers]),
        ("piece", [p.name for p in pieces]),
        ("faction", [f.id for f in factions]),
    ):
        for n, ident in enumerate(ids):
            if ident in ids[:n]:
                raise DataFileError(f"{name}[{n}]: {ident!r} is defined twice", (name, n))
    return CatalogueFile(equipment, dials, markers, pieces, factions, alliances, cards)


def _each(table: Table, name: str, read: Callable[[Table, Key], _T]) -> tuple[_T, ...]:
    """Every ``[[name]]`` table of the file read by ``read``, each at its key ``(name, n)``."""
    return tuple(
        read(t, (name, n)) for n, t in enumerate(table_list(table, name, (), required=False))
    )


def _equipment(table: Table, key: Key) -> Equipment:
    """One SE (AOD-26.14): code, name, slot, shape, optional, effect."""
    check_keys(table, {"code", "name", "slot", "shape", "optional", "effect"}, key)
    code = text(table, "code", key)
    if code not in KNOWN_EQUIPMENT:
        at = (*key, "code")
        known = ", ".join(sorted(KNOWN_EQUIPMENT))
        raise DataFileError(
            f"{where(at)}: the engine has no rules for SE {code!r} (known: {known})", at
        )
    slot = choice(table, "slot", key, _SLOTS_ALL)
    return Equipment(
        code=code,
        name=text(table, "name", key),
        slot=_SLOTS.get(slot, Stat.DAMAGE),
        shape=Shape(choice(table, "shape", key, tuple(s.value for s in Shape))),
        optional=boolean(table, "optional", key),
        effect=text(table, "effect", key, ""),
    )


def _heat_dial(table: Table, key: Key) -> HeatDial:
    """A heat dial (AOD-3.5): position 0 is the start, the last is automatic shutdown."""
    check_keys(table, {"id", "name", "positions"}, key)
    ident = text(table, "id", key)
    rows = table_list(table, "positions", key)
    positions = tuple(_heat_position(row, (*key, "positions", n)) for n, row in enumerate(rows))
    at = (*key, "positions")
    if len(positions) < 2:  # noqa: PLR2004 - a start and a shutdown position
        raise DataFileError(f"{where(at)}: a heat dial needs a start and a shutdown position", at)
    if positions[0] != HeatPosition():
        raise DataFileError(f"{where(at)}[0]: the start position shows no effects (AOD-3.5)", at)
    if not positions[-1].shutdown:
        raise DataFileError(
            f"{where(at)}: the last position must be shutdown = true (AOD-10.4)", at
        )
    for n, position in enumerate(positions[:-1]):
        if position.shutdown:
            raise DataFileError(
                f"{where(at)}[{n}]: only the last position may be shutdown", (*at, n)
            )
    return HeatDial(ident, text(table, "name", key, ident), positions)


def _heat_position(table: Table, key: Key) -> HeatPosition:
    check_keys(table, {"pri", "sec", "spd", "checks", "shutdown"}, key)
    checks = tuple(
        _heat_check(t, (*key, "checks", n))
        for n, t in enumerate(table_list(table, "checks", key, required=False))
    )
    shutdown = boolean(table, "shutdown", key)
    position = HeatPosition(
        primary=integer(table, "pri", key, -9, 0, 0),
        secondary=integer(table, "sec", key, -9, 0, 0),
        speed=integer(table, "spd", key, -9, 0, 0),
        checks=checks,
        shutdown=shutdown,
    )
    if shutdown and (checks or position.primary or position.secondary or position.speed):
        raise DataFileError(f"{where(key)}: a shutdown position shows nothing else (AOD-10.4)", key)
    return position


def _heat_check(table: Table, key: Key) -> HeatCheck:
    check_keys(table, {"check", "need", "damage", "heat"}, key)
    kind = choice(table, "check", key, HEAT_CHECKS)
    return HeatCheck(
        kind=kind,
        need=integer(table, "need", key, 2, 6),
        damage=integer(table, "damage", key, 0, 9, 0),
        heat=integer(table, "heat", key, 0, 9, 0),
    )


def _marker(table: Table, key: Key) -> Marker:
    """An artillery marker (AOD-26.9): minimums, difficulty, blast, drift bands."""
    check_keys(
        table,
        {"id", "name", "min_attack", "min_damage", "difficulty", "blast_radius", "drift"},
        key,
    )
    bands = table_list(table, "drift", key)
    drift: list[DriftBand] = []
    for n, band in enumerate(bands):
        at = (*key, "drift", n)
        check_keys(band, {"margin", "hexes"}, at)
        margin = integer(band, "margin", at, 1, 30)
        if drift and margin <= drift[-1].margin:
            raise DataFileError(f"{where(at)}: margins must rise from band to band", at)
        if not drift and margin != 1:
            raise DataFileError(f"{where(at)}: the first band starts at margin 1", at)
        drift.append(DriftBand(margin, integer(band, "hexes", at, 0, 36)))
    if not drift:
        raise DataFileError(f"{where((*key, 'drift'))}: at least one band", (*key, "drift"))
    ident = text(table, "id", key)
    return Marker(
        id=ident,
        name=text(table, "name", key, ident),
        min_attack=integer(table, "min_attack", key, 0, 30),
        min_damage=integer(table, "min_damage", key, 0, 10),
        difficulty=integer(table, "difficulty", key, 3, 40),
        blast_radius=integer(table, "blast_radius", key, 0, 6),
        drift=tuple(drift),
    )


def _offset(value: object, at: Key) -> Hex:
    if (
        not isinstance(value, list)
        or len(value) != 2  # noqa: PLR2004 - q and r
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise DataFileError(f"{where(at)}: expected an offset [q, r] of two whole numbers", at)
    q, r = value
    if max(abs(q), abs(r), abs(q + r)) > 2:  # noqa: PLR2004 - pieces reach 2 hexes out
        raise DataFileError(f"{where(at)}: [{q}, {r}] is more than 2 hexes from the anchor", at)
    return Hex(q, r)


def _piece(table: Table, key: Key) -> TerrainPiece:  # noqa: C901 - one check a rule of AOD-5/19
    """A terrain piece (AOD-26.8): axial offsets from its anchor, (0, 0) among them."""
    check_keys(table, {"name", "type", "hexes", "elevated", "abrupt", "access", "standard"}, key)
    at = (*key, "hexes")
    raw = table.get("hexes")
    if not isinstance(raw, list) or not raw:
        raise DataFileError(f"{where(at)}: expected a list of offsets [q, r]", at)
    hexes = tuple(_offset(item, (*at, n)) for n, item in enumerate(raw))
    if len(set(hexes)) != len(hexes):
        raise DataFileError(f"{where(at)}: an offset is listed twice", at)
    if Hex(0, 0) not in hexes:
        raise DataFileError(f"{where(at)}: the anchor [0, 0] must be one of the hexes", at)
    if len(hexes) > MAX_PIECE_HEXES:
        raise DataFileError(f"{where(at)}: at most {MAX_PIECE_HEXES} hexes", at)
    if not _connected(hexes):
        raise DataFileError(f"{where(at)}: the hexes must touch one another (one piece)", at)
    elevated = boolean(table, "elevated", key)
    abrupt = boolean(table, "abrupt", key)
    access = tuple(
        _access(t, (*key, "access", n), hexes)
        for n, t in enumerate(table_list(table, "access", key, required=False))
    )
    if abrupt and not elevated:
        raise DataFileError(
            f"{where((*key, 'abrupt'))}: abrupt terrain is elevated (AOD-19.7)", key
        )
    if abrupt and not access:
        raise DataFileError(
            f"{where((*key, 'access'))}: an abrupt piece needs an access point (AOD-5)", key
        )
    if access and not abrupt:
        raise DataFileError(f"{where((*key, 'access'))}: only abrupt pieces have access", key)
    kind = TerrainType(choice(table, "type", key, tuple(t.value for t in TerrainType)))
    if kind is TerrainType.CLEAR and not elevated:
        raise DataFileError(
            f"{where((*key, 'type'))}: plain clear terrain is no piece (AOD-19.1)", (*key, "type")
        )
    standard = boolean(table, "standard", key)
    if standard and (elevated or kind is TerrainType.DEEP):
        raise DataFileError(
            f"{where((*key, 'standard'))}: the standard game has no elevation or deep water"
            " (AOD-5)",
            (*key, "standard"),
        )
    return TerrainPiece(text(table, "name", key), kind, hexes, elevated, abrupt, access, standard)


def _access(table: Table, key: Key, hexes: tuple[Hex, ...]) -> tuple[Hex, Facing]:
    """An access hexside (AOD-19.7): the offset of one of the piece's hexes and a side of it."""
    check_keys(table, {"hex", "side"}, key)
    offset = _offset(table.get("hex"), (*key, "hex"))
    if offset not in hexes:
        raise DataFileError(f"{where((*key, 'hex'))}: not a hex of the piece", (*key, "hex"))
    side = Facing[choice(table, "side", key, tuple(f.name for f in Facing))]
    if offset + side.delta in hexes:
        raise DataFileError(
            f"{where((*key, 'side'))}: that side faces the piece's own hex, not its edge",
            (*key, "side"),
        )
    return (offset, side)


def _connected(hexes: tuple[Hex, ...]) -> bool:
    seen = {hexes[0]}
    todo = [hexes[0]]
    while todo:
        for near in todo.pop().neighbors():
            if near in hexes and near not in seen:
                seen.add(near)
                todo.append(near)
    return len(seen) == len(hexes)


_CARD_STATS: Final = {"spd": Stat.SPEED, "atk": Stat.ATTACK, "def": Stat.DEFENSE}
_CARD_STATS_ALL: Final = {**_CARD_STATS, "pri": Stat.PRIMARY, "sec": Stat.SECONDARY}


def _card(table: Table, key: Key) -> Card:
    """A CEC card (AOD-20.3, AOD-26.14): its id's prefix is its kind."""
    check_keys(table, {"id", "name", "cost", "classes", "slot", "modifiers", "effect"}, key)
    ident = text(table, "id", key)
    prefix = ident.split("-", 1)[0]
    kinds = {k.value: k for k in CardKind}
    if prefix not in kinds or "-" not in ident:
        at = (*key, "id")
        raise DataFileError(
            f"{where(at)}: {ident!r} does not start with a card kind and '-' "
            f"({', '.join(kinds)}; AOD-20.3)",
            at,
        )
    kind = kinds[prefix]
    classes = string_list(table, "classes", key)
    letters = tuple(c.value for c in MechClass)
    for letter in classes:
        if letter not in letters:
            at = (*key, "classes")
            raise DataFileError(f"{where(at)}: {letter!r} is not one of L, M, H, A (AOD-20.5)", at)
    slot = choice(table, "slot", key, ("PRI", "SEC"), "PRI") if "slot" in table else ""
    if (classes or slot) and not kind.goes_in_a_slot:
        at = (*key, "classes" if classes else "slot")
        raise DataFileError(f"{where(at)}: only gear and pilot cards have requirements", at)
    if slot and kind is not CardKind.GEAR:
        raise DataFileError(f"{where((*key, 'slot'))}: only gear is PRI or SEC", (*key, "slot"))
    modifiers = table.get("modifiers", {})
    at = (*key, "modifiers")
    if not isinstance(modifiers, dict):
        raise DataFileError(f"{where(at)}: expected a table {{ atk = 1 }}", at)
    check_keys(modifiers, set(_CARD_STATS_ALL), at)
    mods = tuple(
        (_CARD_STATS_ALL[name], integer(modifiers, name, at, -9, 9)) for name in sorted(modifiers)
    )
    return Card(
        id=ident,
        name=text(table, "name", key),
        kind=kind,
        cost=integer(table, "cost", key, 0, 999),
        classes=tuple(MechClass(letter) for letter in classes),
        slot=slot,
        modifiers=mods,
        effect=text(table, "effect", key, ""),
    )


def _faction(table: Table, key: Key) -> Faction:
    """A faction and its abilities (AOD-21); ``mercenary`` is no faction (AOD-2)."""
    check_keys(table, {"id", "name", "abilities"}, key)
    ident = text(table, "id", key)
    if ident == "mercenary":
        raise DataFileError(
            f"{where((*key, 'id'))}: 'mercenary' means no faction (AOD-2)", (*key, "id")
        )
    abilities = string_list(table, "abilities", key)
    for name in abilities:
        if name not in ABILITIES:
            at = (*key, "abilities")
            raise DataFileError(
                f"{where(at)}: unknown ability {name!r} (known: {', '.join(ABILITIES)})", at
            )
    return Faction(ident, text(table, "name", key), tuple(abilities))


def _alliance(table: Table, key: Key) -> tuple[str, str]:
    """A permanent House Alliance of two factions (AOD-18.6)."""
    check_keys(table, {"kind", "factions"}, key)
    choice(table, "kind", key, ("house",))
    pair = string_list(table, "factions", key)
    if len(pair) != 2 or pair[0] == pair[1]:  # noqa: PLR2004 - an alliance joins two
        at = (*key, "factions")
        raise DataFileError(f"{where(at)}: expected two different faction ids", at)
    a, b = sorted(pair)
    return (a, b)


_T = TypeVar("_T")


def _join(kind: str, target: dict[str, _T], items: dict[str, _T]) -> None:
    for ident, item in items.items():
        if ident in target:
            message = f"{kind} {ident!r} is defined in two catalogue files"
            raise ValueError(message)
        target[ident] = item


def merge(files: Iterable[CatalogueFile]) -> tuple[Catalogue, MappingProxyType[str, TerrainPiece]]:
    """Join catalogue files into one `Catalogue` and the piece library.

    Raises:
        ValueError: an id defined in two files, or an alliance naming an unknown faction.
    """
    equipment: dict[str, Equipment] = {}
    dials: dict[str, HeatDial] = {}
    markers: dict[str, Marker] = {}
    pieces: dict[str, TerrainPiece] = {}
    factions: dict[str, Faction] = {}
    cards: dict[str, Card] = {}
    alliances: set[tuple[str, str]] = set()
    for part in files:
        _join("SE", equipment, {e.code: e for e in part.equipment})
        _join("heat dial", dials, {d.id: d for d in part.heat_dials})
        _join("marker", markers, {m.id: m for m in part.markers})
        _join("piece", pieces, {p.name: p for p in part.pieces})
        _join("faction", factions, {f.id: f for f in part.factions})
        _join("card", cards, {c.id: c for c in part.cards})
        alliances.update(part.alliances)
    for pair in sorted(alliances):
        for ident in pair:
            if ident not in factions:
                raise ValueError(f"alliance {pair[0]}-{pair[1]}: unknown faction {ident!r}")
    catalogue = Catalogue(
        equipment=MappingProxyType(equipment),
        heat_dials=MappingProxyType(dials),
        markers=MappingProxyType(markers),
        factions=MappingProxyType(factions),
        alliances=frozenset(alliances),
        cards=MappingProxyType(cards),
    )
    return catalogue, MappingProxyType(pieces)
