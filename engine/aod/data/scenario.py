"""Scenario files (``format = "aod-scenario"``): board, build total, forces, terrain (AOD-5, 26.16).

``assets/aod/README.md`` documents every key; in short::

    format = "aod-scenario"
    title = "Falcon Strike v Liao Line"
    board = { width = 36, height = 36 }    # hexes (AOD-26.10)
    build_total = 450                      # a multiple of 150 (AOD-4)
    standard = true                        # standard game: standard pieces only (AOD-5, AOD-23.1)
    round_limit = 10                       # turn-based end of the game (AOD-26.16)
    time_limit_minutes = 50                # the wall clock of the standard game (AOD-23.1)

    [[side]]
    name = "Falcon Strike"
    edge = "top"                           # top | bottom | left | right (AOD-5, AOD-26.10)
    pool = ["Woods", "Rubble field"]       # terrain pieces it brings, up to 3 (AOD-5)
    units = [{ unit = "HX-009", cards = ["G-X1"] }, { unit = "HX-002", count = 3 }]

    [[terrain]]                            # optional: a fixed layout, up to 4 pieces (AOD-5)
    piece = "Woods"
    anchor = "1214"                        # map label XXYY of the anchor hex
    rotation = 0                           # clockwise 60-degree steps

Units are named by collector number and looked up in ``units``; pieces by name in ``pieces``
(the catalogue's library). Each force must be legal at the build total (`engine.aod.force`), and a
fixed layout must keep the spacing of AOD-26.10 and use pieces from the sides' pools.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Final

from attrs import frozen

from engine.aod.force import BUILD_STEP, Force, ForceEntry, build_problems
from engine.aod.terrain import (
    ZONE_MARGIN,
    Edge,
    Placement,
    TerrainPiece,
    deployment_zone,
    spacing_problem,
)
from engine.aod.units import Card, UnitDef
from engine.hexes import Hex
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
    "EDGES",
    "MAX_POOL",
    "MAX_TERRAIN",
    "SCENARIO_FORMAT",
    "Scenario",
    "SideSetup",
    "build_scenario",
    "parse_scenario",
]

SCENARIO_FORMAT: Final = "aod-scenario"
"""The ``format`` key of a scenario file."""
EDGES: Final = tuple(edge.value for edge in Edge)
"""Board edges a player may start on (AOD-5, AOD-26.10)."""
_OPPOSITE: Final = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}
MAX_POOL: Final = 3
"""Terrain pieces a player may bring to the pool (AOD-5 step 4)."""
MAX_TERRAIN: Final = 4
"""Pieces placed on the board at most (AOD-5 step 6)."""
MAX_SIDES: Final = 4
MAX_COPIES: Final = 20
_TOP_KEYS: Final = frozenset(
    {
        "format",
        "title",
        "description",
        "board",
        "build_total",
        "standard",
        "round_limit",
        "time_limit_minutes",
        "side",
        "terrain",
    }
)


@frozen
class SideSetup:
    """A player's side: name, starting edge, force and terrain pool (AOD-5)."""

    name: str
    edge: str
    force: Force
    pool: tuple[str, ...] = ()


@frozen
class Scenario:
    """A game's setup as the scenario file gives it (AOD-5, AOD-23.1, AOD-26.16).

    Attributes:
        title: shown in the menu.
        description: one line about it.
        width: board columns (hexes).
        height: board rows.
        build_total: the agreed build total (AOD-4).
        standard: the standard game: standard pieces only (AOD-5, AOD-23.1).
        round_limit: rounds before the game ends when played turn-based (AOD-26.16).
        time_limit_minutes: the wall-clock limit of the standard game (AOD-23.1).
        sides: the players, in seating order.
        terrain: a fixed layout (empty: the players place the pool, AOD-5 step 6).
    """

    title: str
    description: str
    width: int
    height: int
    build_total: int
    standard: bool
    round_limit: int
    time_limit_minutes: int
    sides: tuple[SideSetup, ...]
    terrain: tuple[Placement, ...] = ()


def parse_scenario(
    source: str,
    units: Mapping[str, UnitDef],
    pieces: Mapping[str, TerrainPiece],
    cards: Mapping[str, Card] | None = None,
) -> Scenario:
    """Read a scenario file's text; units by collector number, pieces by name, cards by id.

    Raises:
        DataFileError: the first problem, with its line.
    """
    return read_text(source, lambda table: build_scenario(table, units, pieces, cards or {}))


def build_scenario(
    table: Table,
    units: Mapping[str, UnitDef],
    pieces: Mapping[str, TerrainPiece],
    cards: Mapping[str, Card] | None = None,
) -> Scenario:
    """Build a scenario from its TOML table (`parse_scenario` without the text)."""
    check_keys(table, _TOP_KEYS)
    kind = text(table, "format", ())
    if kind != SCENARIO_FORMAT:
        raise DataFileError(f"format: expected {SCENARIO_FORMAT!r}, got {kind!r}", ("format",))
    board = table.get("board")
    if not isinstance(board, dict):
        raise DataFileError("board: expected { width = ..., height = ... }", ("board",))
    check_keys(board, {"width", "height"}, ("board",))
    width = integer(board, "width", ("board",), 2 * ZONE_MARGIN + 4, 60)
    height = integer(board, "height", ("board",), 2 * ZONE_MARGIN + 4, 60)
    build_total = integer(table, "build_total", (), BUILD_STEP, 20 * BUILD_STEP)
    if build_total % BUILD_STEP:
        raise DataFileError(
            f"build_total: {build_total} is not a multiple of {BUILD_STEP} (AOD-4)",
            ("build_total",),
        )
    standard = boolean(table, "standard", ())
    rows = table_list(table, "side", ())
    if not 2 <= len(rows) <= MAX_SIDES:  # noqa: PLR2004 - two players at least
        raise DataFileError(f"side: 2 to {MAX_SIDES} sides, not {len(rows)} (AOD-2)", ("side",))
    sides = tuple(
        _side(
            row,
            ("side", n),
            build_total=build_total,
            units=units,
            pieces=pieces,
            cards=cards or {},
            standard=standard,
        )
        for n, row in enumerate(rows)
    )
    _check_edges(sides)
    terrain = tuple(
        _placement(row, ("terrain", n), pieces)
        for n, row in enumerate(table_list(table, "terrain", (), required=False))
    )
    _check_terrain(terrain, sides, pieces, width, height)
    return Scenario(
        title=text(table, "title", ()),
        description=text(table, "description", (), ""),
        width=width,
        height=height,
        build_total=build_total,
        standard=standard,
        round_limit=integer(table, "round_limit", (), 1, 99, 10),
        time_limit_minutes=integer(table, "time_limit_minutes", (), 0, 600, 50),
        sides=sides,
        terrain=terrain,
    )


def _side(
    row: Table,
    key: Key,
    *,
    build_total: int,
    units: Mapping[str, UnitDef],
    pieces: Mapping[str, TerrainPiece],
    cards: Mapping[str, Card],
    standard: bool,
) -> SideSetup:
    check_keys(row, {"name", "edge", "pool", "units"}, key)
    name = text(row, "name", key)
    entries: list[ForceEntry] = []
    for n, item in enumerate(table_list(row, "units", key)):
        at = (*key, "units", n)
        check_keys(item, {"unit", "count", "cards"}, at)
        collector = text(item, "unit", at)
        unit = units.get(collector)
        if unit is None:
            raise DataFileError(f"{where(at)}: no unit {collector!r} in the library", at)
        chosen: list[Card] = []
        for ident in string_list(item, "cards", at):
            card = cards.get(ident)
            if card is None:
                known = ", ".join(sorted(cards)) or "none"
                raise DataFileError(f"{where(at)}: no card {ident!r} (known: {known})", at)
            chosen.append(card)
        count = integer(item, "count", at, 1, MAX_COPIES, 1)
        entries.append(ForceEntry(unit, count, cards=tuple(chosen)))
    force = Force(name, tuple(entries))
    problems = build_problems(force, build_total)
    if problems:
        raise DataFileError(problems[0], (*key, "units"))
    pool = tuple(string_list(row, "pool", key))
    at = (*key, "pool")
    if len(pool) > MAX_POOL:
        raise DataFileError(f"{where(at)}: at most {MAX_POOL} pieces a player (AOD-5)", at)
    for piece_name in pool:
        piece = pieces.get(piece_name)
        if piece is None:
            known = ", ".join(sorted(pieces))
            raise DataFileError(f"{where(at)}: no piece {piece_name!r} (known: {known})", at)
        if standard and not piece.standard:
            raise DataFileError(
                f"{where(at)}: {piece_name} is no standard piece (standard game, AOD-5)", at
            )
    return SideSetup(name, choice(row, "edge", key, EDGES), force, pool)


def _check_edges(sides: tuple[SideSetup, ...]) -> None:
    """Each side its own edge; two players on opposite edges (AOD-5 step 2)."""
    for n, side in enumerate(sides):
        if any(other.edge == side.edge for other in sides[:n]):
            at = ("side", n, "edge")
            raise DataFileError(f"side[{n}].edge: {side.edge} is taken by another side", at)
    if len(sides) == 2 and _OPPOSITE[sides[0].edge] != sides[1].edge:  # noqa: PLR2004
        at = ("side", 1, "edge")
        raise DataFileError("side[1].edge: two players start on opposite edges (AOD-5)", at)


def _placement(row: Table, key: Key, pieces: Mapping[str, TerrainPiece]) -> Placement:
    check_keys(row, {"piece", "anchor", "rotation"}, key)
    name = text(row, "piece", key)
    if name not in pieces:
        known = ", ".join(sorted(pieces))
        at = (*key, "piece")
        raise DataFileError(f"{where(at)}: no piece {name!r} (known: {known})", at)
    label = text(row, "anchor", key)
    try:
        anchor = Hex.from_label(label)
    except ValueError as exc:
        raise DataFileError(f"{where((*key, 'anchor'))}: {exc}", (*key, "anchor")) from None
    return Placement(name, anchor, integer(row, "rotation", key, 0, 5, 0))


def _check_terrain(
    terrain: tuple[Placement, ...],
    sides: tuple[SideSetup, ...],
    pieces: Mapping[str, TerrainPiece],
    width: int,
    height: int,
) -> None:
    """At most 4 pieces, from the pools, spaced as AOD-5 step 6 / AOD-26.10 ask."""
    if len(terrain) > MAX_TERRAIN:
        raise DataFileError(
            f"terrain: at most {MAX_TERRAIN} pieces (AOD-5)", ("terrain", MAX_TERRAIN)
        )
    pool = Counter(name for side in sides for name in side.pool)
    for n, placed in enumerate(terrain):
        if pool[placed.piece] <= 0:
            raise DataFileError(
                f"terrain[{n}]: {placed.piece} is not in a side's pool (AOD-5)",
                ("terrain", n, "piece"),
            )
        pool[placed.piece] -= 1
    covered = [
        (f"terrain[{n}] {p.piece}", pieces[p.piece].place(p.anchor, p.rotation).covered)
        for n, p in enumerate(terrain)
    ]
    zones = [(side.name, deployment_zone(Edge(side.edge), width, height)) for side in sides]
    problem = spacing_problem(covered, width, height, zones)
    if problem is not None:
        index = int(problem.split("]", 1)[0].removeprefix("terrain["))
        raise DataFileError(problem, ("terrain", index))
