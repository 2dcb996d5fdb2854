"""Read format-3 records back into plain dictionaries, with nothing but the save's header.

A format-3 save writes its setup, commands and events as records: JSON arrays of field values,
whose names are in the header's ``records`` table (`saves.codec` lists every encoding decision).
`Decoder` turns a header and its lines back into the dictionaries a format-2 save holds
(``{"type": "moved", "player": 0, ...}``), before the migrations run and anything is structured:
so every reader (loading, following a save, the replay browser) sees one form, and a save is read
by its own table, whatever today's classes are.

A save of an older format has no table: its decoder hands its lines on unchanged. Damage (a record
with too many values, an unknown tag, a table that is not one) is a `ValueError` saying what is
wrong; the callers add the file and line.
"""

# ruff: noqa: TRY004 - damage of any kind is one ValueError, reported with the file and line
from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from saves import migrations
from saves.codec import TAG_KEY

__all__ = ["RECORDS_FROM", "Decoder"]

RECORDS_FROM = 3
"""The first format version whose saves hold records."""

Field = tuple[str, str, str]
"""One field of a record: its name, its kind (``""``, ``"one"``, ``"many"``, ``"tagged"``), its
record class (for ``one`` and ``many``) or base class (``Command``, ``Event``, for ``tagged``)."""


Shape = tuple[tuple[str, ...], tuple[Field, ...]]
"""A record class as read: every field's name in order, and the fields that hold records."""


def _fields(specs: object, where: str) -> Shape:
    if not isinstance(specs, list) or not all(isinstance(s, str) for s in specs):
        raise ValueError(f"the header's records table is damaged at {where}")
    found: list[Field] = []
    for spec in specs:
        name, _, kind = spec.partition(":")
        if not kind:
            found.append((name, "", ""))
        elif kind in {"@Command", "@Event"}:
            found.append((name, "tagged", kind[1:]))
        elif kind.endswith("*"):
            found.append((name, "many", kind[:-1]))
        else:
            found.append((name, "one", kind))
    return tuple(name for name, _, _ in found), tuple(f for f in found if f[1])


class Decoder:
    """Turns the records of one save back into dictionaries, by the save's own table.

    Args:
        table: the header's ``records`` table, or None for a save of an older format (its lines
            are dictionaries already).

    Raises:
        ValueError: the table is not one (not an object, a field that is not a string, a record
            class that is named but not described).
    """

    def __init__(self, table: object = None) -> None:
        self.table = table
        self._tags: dict[str, dict[str, Shape]] = {"Command": {}, "Event": {}}
        self._values: dict[str, Shape] = {}
        self._setup = ""
        if table is None:
            return
        if not isinstance(table, dict) or set(table) != {"setup", "commands", "events", "values"}:
            raise ValueError("the header's records table is not {setup, commands, events, values}")
        commands, events, values = table["commands"], table["events"], table["values"]
        setup = table["setup"]
        if not all(isinstance(part, dict) for part in (commands, events, values)):
            raise ValueError("the header's records table is damaged")
        if not isinstance(setup, str):
            raise ValueError("the header's records table names no setup")
        for base, part in (("Command", commands), ("Event", events)):
            self._tags[base] = {str(t): _fields(specs, f"{t!r}") for t, specs in part.items()}
        self._values = {str(n): _fields(specs, f"{n!r}") for n, specs in values.items()}
        self._setup = setup
        described = (*self._tags["Command"].values(), *self._tags["Event"].values())
        named = {
            cls
            for _, nested in (*described, *self._values.values())
            for _, kind, cls in nested
            if kind != "tagged"
        }
        missing = sorted(n for n in named | {setup} if n and n not in self._values)
        if missing:
            raise ValueError(f"the header's records table does not describe {', '.join(missing)}")

    @classmethod
    def for_header(cls, header: Mapping[str, Any]) -> Decoder:
        """Return the decoder of a parsed header: its table, or none before format 3.

        Raises:
            ValueError: a format-3 header without a table, or with a damaged one.
        """
        version = header.get("version")
        if type(version) is not int or not RECORDS_FROM <= version <= migrations.CURRENT_VERSION:
            return cls()  # older: dictionaries already; newer: refused by the format's upgrade
        if "records" not in header:
            raise ValueError(f"a save of format {version} needs a 'records' table in its header")
        table = header["records"]
        # Saves of one ruleset and version share one table: the browser lists hundreds, so a
        # decoder is built once per distinct table (a decoder is never changed once built).
        try:
            key = json.dumps(table, sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError, RecursionError):
            return cls(table)  # not JSON-shaped: the constructor says what is wrong
        decoder = _DECODERS.get(key)
        if decoder is None:
            decoder = cls(table)
            if len(_DECODERS) >= MAX_DECODERS:
                _DECODERS.pop(next(iter(_DECODERS)))
            _DECODERS[key] = decoder
        return decoder

    @property
    def active(self) -> bool:
        """Whether the save holds records (format 3 on)."""
        return self.table is not None

    def header(self, header: dict[str, Any]) -> dict[str, Any]:
        """Return the header with its setup as a dictionary and without its table."""
        if not self.active:
            return header
        data = {k: v for k, v in header.items() if k != "records"}
        if "setup" in data:
            data["setup"] = self.value(data["setup"], self._setup)
        return data

    def line(self, line: dict[str, Any]) -> dict[str, Any]:
        """Return an entry line with its command and events as dictionaries (markers as they are).

        Raises:
            ValueError: a record that does not match the table.
        """
        if not self.active or "op" in line:
            return line
        data = dict(line)
        if "command" in data:
            data["command"] = self.tagged(data["command"], "Command")
        events = data.get("events")
        if isinstance(events, list):
            data["events"] = [self.tagged(event, "Event") for event in events]
        return data

    def tagged(self, record: object, base: str) -> dict[str, Any]:
        """Return a tagged record (``[TAG, values...]``) as ``{"type": TAG, field: value...}``.

        Args:
            record: the record.
            base: ``"Command"`` or ``"Event"``: the table its tag is looked up in.
        """
        if not isinstance(record, list) or not record or not isinstance(record[0], str):
            raise ValueError(f"expected a record [type, values...], not {_short(record)}")
        shape = self._tags[base].get(record[0])
        if shape is None:
            raise ValueError(f"unknown {base.lower()} type {record[0]!r}")
        return self._fill(shape, record, 1, record[0], {TAG_KEY: record[0]})

    def value(self, record: object, name: str) -> dict[str, Any]:
        """Return an untagged record of class ``name`` as a dictionary."""
        if not isinstance(record, list):
            raise ValueError(f"expected a {name} record (a list), not {_short(record)}")
        return self._fill(self._values[name], record, 0, name, {})

    def _fill(
        self, shape: Shape, record: list[Any], start: int, name: str, data: dict[str, Any]
    ) -> dict[str, Any]:
        names, nested = shape
        if len(record) - start != len(names):
            raise ValueError(
                f"a {name} record holds {len(record) - start} values, not {len(names)}"
            )
        data.update(zip(names, record[start:] if start else record, strict=True))
        for field, kind, cls in nested:  # only records within records need a second look
            if data[field] is not None:
                data[field] = self._read[kind](self, data[field], cls)
        return data

    def _many(self, value: object, cls: str) -> list[Any]:
        if isinstance(value, list):
            return [None if item is None else self.value(item, cls) for item in value]
        if isinstance(value, dict) and set(value) == {"palette", "index"}:
            palette, index = value["palette"], value["index"]
            if isinstance(palette, list) and isinstance(index, list):
                distinct = [self.value(item, cls) for item in palette]
                if all(type(i) is int and 0 <= i < len(distinct) for i in index):
                    return [distinct[i] for i in index]
        raise ValueError(f"expected a list of {cls} records, or a palette and an index")

    _read: Mapping[str, Callable[[Decoder, Any, str], Any]] = {
        "one": value,
        "many": _many,
        "tagged": lambda self, value, base: self.tagged(value, base),
    }


MAX_DECODERS = 16
"""Decoders kept for reuse (`Decoder.for_header`), the oldest dropped first."""
_DECODERS: dict[str, Decoder] = {}


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."  # noqa: PLR2004 - a readable excerpt
