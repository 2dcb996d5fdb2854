"""Catalogue files (``format = "dw-catalogue"``): MARs, generators, tiny flyers, STAR cards.

The tables (any of them, in any catalogue file; ``assets/dystopian/README.md`` documents each key):

- ``[[mar]]``: Model Assigned Rules (DW-24) and tiny-wing MARs (DW-20.9);
- ``[[generator]]``: generators (DW-23);
- ``[[tiny_flyer]]``: the four tiny-flyer profiles (DW-20.2);
- ``[[card]]``: STAR cards (DW-8; the placeholder mini-deck of DW-28.12).

`parse_catalogue` reads one file; `merge` joins several into the `Catalogue` model and fleet files
are checked against, refusing an id defined twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from types import MappingProxyType
from typing import Final, TypeVar

from attrs import frozen

from engine.dystopian.models import (
    Card,
    CardIcon,
    CardType,
    Catalogue,
    Generator,
    Mar,
    TinyFlyer,
    TinyKind,
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
    table_list,
    text,
    where,
)

__all__ = [
    "CATALOGUE_FORMAT",
    "IDENT",
    "CatalogueFile",
    "build_catalogue",
    "merge",
    "parse_catalogue",
]

CATALOGUE_FORMAT: Final = "dw-catalogue"
"""The ``format`` key of a catalogue file."""
IDENT: Final = re.compile(r"[a-z][a-z0-9_]{0,39}")
"""An id: lower-case letters, digits and ``_``, starting with a letter (``panic_dive``)."""
SECTION: Final = re.compile(r"DW-[0-9]{1,2}(\.[0-9]{1,2})?")
"""A digest section: ``DW-24``, ``DW-20.9``."""
_TOP_KEYS: Final = frozenset({"format", "mar", "generator", "tiny_flyer", "card"})
_T = TypeVar("_T")
_K = TypeVar("_K")


@frozen
class CatalogueFile:
    """What one catalogue file defines, in file order."""

    mars: tuple[Mar, ...] = ()
    generators: tuple[Generator, ...] = ()
    tiny_flyers: tuple[TinyFlyer, ...] = ()
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
    mars = _each(table, "mar", _mar)
    generators = _each(table, "generator", _generator)
    flyers = _each(table, "tiny_flyer", _tiny_flyer)
    cards = _each(table, "card", _card)
    for name, ids in (
        ("mar", [m.id for m in mars]),
        ("generator", [g.id for g in generators]),
        ("tiny_flyer", [f.kind.value for f in flyers]),
        ("card", [c.id for c in cards]),
    ):
        for n, ident in enumerate(ids):
            if ident in ids[:n]:
                raise DataFileError(f"{name}[{n}]: {ident!r} is defined twice", (name, n))
    return CatalogueFile(mars, generators, flyers, cards)


def _each(table: Table, name: str, read: Callable[[Table, Key], _T]) -> tuple[_T, ...]:
    """Every ``[[name]]`` table of the file read by ``read``, each at its key ``(name, n)``."""
    return tuple(
        read(t, (name, n)) for n, t in enumerate(table_list(table, name, (), required=False))
    )


def ident(table: Table, name: str, key: Key) -> str:
    """An id at ``table[name]``: lower case, digits and ``_`` (`IDENT`)."""
    value = text(table, name, key)
    if not IDENT.fullmatch(value):
        at = (*key, name)
        raise DataFileError(
            f"{where(at)}: {value!r} is no id (lower-case letters, digits and _, from a letter)",
            at,
        )
    return value


def _section(table: Table, key: Key) -> str:
    value = text(table, "section", key)
    if not SECTION.fullmatch(value):
        at = (*key, "section")
        raise DataFileError(f"{where(at)}: {value!r} is no digest section like 'DW-24'", at)
    return value


def _mar(table: Table, key: Key) -> Mar:
    """A MAR (DW-24, DW-20.9): id, name, section, and whether it is a weapon, (X) or wing MAR."""
    check_keys(table, {"id", "name", "section", "weapon", "value", "wing", "effect"}, key)
    mar = Mar(
        id=ident(table, "id", key),
        name=text(table, "name", key),
        section=_section(table, key),
        weapon=boolean(table, "weapon", key),
        value=boolean(table, "value", key),
        wing=boolean(table, "wing", key),
        effect=text(table, "effect", key, ""),
    )
    if mar.wing and mar.weapon:
        at = (*key, "weapon")
        raise DataFileError(f"{where(at)}: a tiny-flyer wing's MAR is tied to no weapon", at)
    return mar


def _generator(table: Table, key: Key) -> Generator:
    """A generator (DW-23): id, name, section, passive or fired, effect."""
    check_keys(table, {"id", "name", "section", "passive", "effect"}, key)
    return Generator(
        id=ident(table, "id", key),
        name=text(table, "name", key),
        section=_section(table, key),
        passive=boolean(table, "passive", key),
        effect=text(table, "effect", key, ""),
    )


def _tiny_flyer(table: Table, key: Key) -> TinyFlyer:
    """A tiny-flyer profile (DW-20.2): kind, MV, AD, AA; recon planes and fighters have no AD."""
    check_keys(table, {"kind", "name", "mv", "ad", "aa"}, key)
    kind = TinyKind(choice(table, "kind", key, tuple(k.value for k in TinyKind)))
    flyer = TinyFlyer(
        kind=kind,
        name=text(table, "name", key),
        mv=integer(table, "mv", key, 1, 30),
        ad=integer(table, "ad", key, 0, 10),
        aa=integer(table, "aa", key, 0, 10),
    )
    if flyer.ad and kind in (TinyKind.FIGHTER, TinyKind.RECON):
        at = (*key, "ad")
        raise DataFileError(f"{where(at)}: fighters and recon planes carry no AD weapons", at)
    return flyer


def _card(table: Table, key: Key) -> Card:
    """A STAR card (DW-8.1, DW-8.2): type, Sturginium symbols, icon, what a counter cancels."""
    check_keys(table, {"id", "name", "type", "sturginium", "icon", "cancels", "effect"}, key)
    kind = CardType(choice(table, "type", key, tuple(t.value for t in CardType)))
    cancels = integer(table, "cancels", key, 1, 9, 0) if "cancels" in table else 0
    if kind is CardType.COUNTER and not cancels:
        at = (*key, "cancels")
        raise DataFileError(
            f"{where(at)}: missing (the highest Sturginium total the counter cancels)", at
        )
    if cancels and kind is not CardType.COUNTER:
        at = (*key, "cancels")
        raise DataFileError(f"{where(at)}: only counter cards cancel cards", at)
    return Card(
        id=ident(table, "id", key),
        name=text(table, "name", key),
        type=kind,
        sturginium=integer(table, "sturginium", key, 0, 3),
        effect=text(table, "effect", key),
        icon=CardIcon(choice(table, "icon", key, tuple(i.value for i in CardIcon), "none")),
        cancels=cancels,
    )


def _join(kind: str, target: dict[_K, _T], items: dict[_K, _T]) -> None:
    for key, item in items.items():
        if key in target:
            message = f"{kind} {str(key)!r} is defined in two catalogue files"
            raise ValueError(message)
        target[key] = item


def merge(files: Iterable[CatalogueFile]) -> Catalogue:
    """Join catalogue files into one `Catalogue`.

    Raises:
        ValueError: an id defined in two files.
    """
    mars: dict[str, Mar] = {}
    generators: dict[str, Generator] = {}
    flyers: dict[TinyKind, TinyFlyer] = {}
    cards: dict[str, Card] = {}
    for part in files:
        _join("MAR", mars, {m.id: m for m in part.mars})
        _join("generator", generators, {g.id: g for g in part.generators})
        _join("tiny flyer", flyers, {f.kind: f for f in part.tiny_flyers})
        _join("card", cards, {c.id: c for c in part.cards})
    return Catalogue(
        mars=MappingProxyType(mars),
        generators=MappingProxyType(generators),
        tiny_flyers=MappingProxyType(flyers),
        cards=MappingProxyType(cards),
    )
