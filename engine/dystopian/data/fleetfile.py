"""Fleet files (``format = "dw-fleet"``): a fleet list built from model cards (DW-22).

``assets/dystopian/README.md`` documents every key; in short::

    format = "dw-fleet"
    name = "Sample naval fleet"
    mfv = 400                       # Maximum Fleet Value                  (DW-22.2)
    game = "friendly"               # open | friendly | tournament | campaign (DW-22.3)
    base_force = "naval"            # naval | armoured | air
    free_wings = [                  # the free tiny-flyer wings            (DW-20.1)
      { kind = "fighter", tokens = 4 },
    ]

    [[squadron]]
    model = "BB"                    # a model file's id
    count = 1
    options = ["shield"]
    escorts = [{ model = "ES", count = 2 }]   # DW-21
    wings = []                      # a carrier's wings
    commodore = true                # the Commodore's flagship               (DW-10.1)

The reader checks what a file says (known models, options and wing kinds); whether the fleet is
legal is `engine.dystopian.fleet.fleet_problems`, which the checker runs on every fleet file.
`format_fleet` writes a fleet back in the same layout, so ``parse_fleet(format_fleet(f), m) == f``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Final

from engine.dystopian.fleet import BaseForce, EscortGroup, Fleet, GameType, Squadron, Wing
from engine.dystopian.models import ModelCard, TinyKind
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

__all__ = ["FLEET_FORMAT", "MAX_COUNT", "MAX_MFV", "build_fleet", "format_fleet", "parse_fleet"]

FLEET_FORMAT: Final = "dw-fleet"
"""The ``format`` key of a fleet file."""
MAX_MFV: Final = 99_999
"""The largest points limit a file may give (Total war is 3000, DW-22.2)."""
MAX_COUNT: Final = 20
"""Models one squadron or escort group may list."""
MAX_SQUADRONS: Final = 40
"""Squadrons one fleet file may list."""
_TOP_KEYS: Final = frozenset(
    {"format", "name", "mfv", "game", "base_force", "free_wings", "squadron"}
)
_SQUADRON_KEYS: Final = frozenset({"model", "count", "options", "escorts", "wings", "commodore"})


def parse_fleet(source: str, models: Mapping[str, ModelCard]) -> Fleet:
    """Read a fleet file's text; ``models`` are the cards by id it may name.

    Raises:
        DataFileError: the first problem, with its line.
    """
    return read_text(source, lambda table: build_fleet(table, models))


def build_fleet(table: Table, models: Mapping[str, ModelCard]) -> Fleet:
    """Build a fleet from its TOML table (`parse_fleet` without the text)."""
    check_keys(table, _TOP_KEYS)
    kind = text(table, "format", ())
    if kind != FLEET_FORMAT:
        raise DataFileError(f"format: expected {FLEET_FORMAT!r}, got {kind!r}", ("format",))
    rows = table_list(table, "squadron", ())
    if len(rows) > MAX_SQUADRONS:
        raise DataFileError(f"squadron: at most {MAX_SQUADRONS}", ("squadron", MAX_SQUADRONS))
    squadrons = tuple(_squadron(row, ("squadron", n), models) for n, row in enumerate(rows))
    flagships = [n for n, row in enumerate(rows) if boolean(row, "commodore", ("squadron", n))]
    if len(flagships) > 1:
        at: Key = ("squadron", flagships[1], "commodore")
        raise DataFileError(
            f"{where(at)}: a second Commodore (the first is on squadron {flagships[0] + 1})", at
        )
    return Fleet(
        name=text(table, "name", ()),
        mfv=integer(table, "mfv", (), 1, MAX_MFV),
        game=GameType(choice(table, "game", (), tuple(g.value for g in GameType))),
        base_force=BaseForce(choice(table, "base_force", (), tuple(b.value for b in BaseForce))),
        squadrons=squadrons,
        free_wings=_wings(table, "free_wings", ()),
        commodore=flagships[0] if flagships else None,
    )


def _model(table: Table, key: Key, models: Mapping[str, ModelCard]) -> ModelCard:
    name = text(table, "model", key)
    model = models.get(name)
    if model is None:
        at = (*key, "model")
        known = ", ".join(sorted(models)) or "none"
        raise DataFileError(f"{where(at)}: no model {name!r} (known: {known})", at)
    return model


def _squadron(table: Table, key: Key, models: Mapping[str, ModelCard]) -> Squadron:
    """One squadron: its card, count, options, escorts and carrier wings."""
    check_keys(table, _SQUADRON_KEYS, key)
    model = _model(table, key, models)
    options = string_list(table, "options", key)
    for ident in options:
        if model.option(ident) is None:
            at = (*key, "options")
            offered = ", ".join(o.id for o in model.options) or "none"
            raise DataFileError(
                f"{where(at)}: {model.name} has no option {ident!r} (offered: {offered})", at
            )
    escorts = tuple(
        EscortGroup(
            _model(row, (*key, "escorts", n), models),
            integer(row, "count", (*key, "escorts", n), 1, MAX_COUNT),
        )
        for n, row in enumerate(_checked_rows(table, "escorts", key, {"model", "count"}))
    )
    return Squadron(
        model=model,
        count=integer(table, "count", key, 1, MAX_COUNT),
        options=tuple(options),
        escorts=escorts,
        wings=_wings(table, "wings", key),
    )


def _checked_rows(table: Table, name: str, key: Key, allowed: set[str]) -> list[Table]:
    rows = table_list(table, name, key, required=False)
    for n, row in enumerate(rows):
        check_keys(row, allowed, (*key, name, n))
    return rows


def _wings(table: Table, name: str, key: Key) -> tuple[Wing, ...]:
    """Wings ``{ kind = "fighter", tokens = 4 }``: 1 to 5 tokens of one kind (DW-20.1)."""
    return tuple(
        Wing(
            TinyKind(choice(row, "kind", (*key, name, n), tuple(k.value for k in TinyKind))),
            integer(row, "tokens", (*key, name, n), 1, 5),
        )
        for n, row in enumerate(_checked_rows(table, name, key, {"kind", "tokens"}))
    )


def _quoted(value: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's, and TOML also escapes DEL."""
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def _wing_list(wings: tuple[Wing, ...]) -> str:
    items = [f"{{ kind = {_quoted(w.kind.value)}, tokens = {w.tokens} }}" for w in wings]
    return "[" + ", ".join(items) + "]"


def format_fleet(fleet: Fleet) -> str:
    """Write ``fleet`` as a fleet file (the layout of ``assets/dystopian/README.md``)."""
    lines = [
        f"format = {_quoted(FLEET_FORMAT)}",
        f"name = {_quoted(fleet.name)}",
        f"mfv = {fleet.mfv}",
        f"game = {_quoted(fleet.game.value)}",
        f"base_force = {_quoted(fleet.base_force.value)}",
        f"free_wings = {_wing_list(fleet.free_wings)}",
    ]
    for n, squadron in enumerate(fleet.squadrons):
        escorts = ", ".join(
            f"{{ model = {_quoted(g.model.id)}, count = {g.count} }}" for g in squadron.escorts
        )
        lines += [
            "",
            "[[squadron]]",
            f"model = {_quoted(squadron.model.id)}",
            f"count = {squadron.count}",
            f"options = [{', '.join(_quoted(o) for o in squadron.options)}]",
            f"escorts = [{escorts}]",
            f"wings = {_wing_list(squadron.wings)}",
        ]
        if fleet.commodore == n:
            lines.append("commodore = true")
    return "\n".join(lines) + "\n"
