"""BattleTech scenarios: a TOML table in, a `BTSetup` out (pure: files come through a `Library`).

A scenario names its board and units; the `Library` (given by the code that reads files, see
``saves/btlibrary.py``) turns those names into a `Board` and `MechDesign`s::

    title = "Meeting engagement"
    board = "river-crossing"          # a board name; or boards = [["a", "b"], ["c", "d"]]
    # or: [map] style = "hills", width = 16, height = 17, seed = 7   (a generated map)
    deploy_rows = 3
    temperature = 65                  # optional: degrees Celsius (BT-C-61.1: heat beyond 50)
    [victory]                         # optional; the default is kind = "destroy"
    kind = "hold"                     # destroy | hold | withdraw
    side = 1                          # the holding / withdrawing side (1 = the first [[side]])
    turns = 8                         # turn limit (0: none; destroy only)
    hexes = ["0808", "0809"]          # hold: the objective hexes
    edge = "S"                        # withdraw: the exit edge (N S W E); count = units needed
    cripple = false                   # destroy: a unit that can neither move nor fire is out

    [[side]]
    name = "Davion"
    units = [{ unit = "Atlas AS7-D", pilot = "Hollis", piloting = 5, gunnery = 4,
               hex = "0802", facing = "S" }]   # hex/facing optional: deployed in play
                                      # auto_eject = false switches auto-eject off (BT-C-59)
"""

# ruff: noqa: TRY004 - a bad scenario is reported as one ValueError, whatever the kind of mistake
from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from typing import Any, Final, Protocol

from engine.battletech.board import Board
from engine.battletech.state import DEFAULT_SKILLS, BTSetup, Pilot, UnitSetup, Victory
from engine.battletech.units import MechDesign
from engine.hexes import Facing, Hex

__all__ = [
    "MAX_GRID",
    "MAX_SIDES",
    "MAX_UNITS",
    "Library",
    "build_setup",
    "default_pilot",
    "parse_scenario",
]

MAX_SIDES = 4
MAX_UNITS: Final = 50
"""Units a side may field (a company is 12; more only makes every turn slower)."""
MAX_GRID: Final = 12
"""Rows and columns of sheets ``boards = [[...]]`` may name (the combined board is also held to
`engine.battletech.boardfile.MAX_SIZE`)."""
_MAX_DIGITS: Final = 40
"""A longer run of digits is refused before TOML reads it (Python refuses ints over 4,300)."""
_LONG_NUMBER: Final = re.compile(rf"[0-9_]{{{_MAX_DIGITS + 1},}}")
_SCENARIO_KEYS = {
    "title",
    "description",
    "board",
    "boards",
    "map",
    "deploy_rows",
    "side",
    "victory",
    "temperature",
}
_VICTORY_KEYS = {"kind", "side", "turns", "hexes", "edge", "count", "cripple"}
_VICTORY_KINDS = ("destroy", "hold", "withdraw")
_UNIT_KEYS = {"unit", "pilot", "piloting", "gunnery", "hex", "facing", "auto_eject"}


class Library(Protocol):
    """Where a scenario's names come from: boards and 'Mech designs (files, at the edge)."""

    def board(self, name: str) -> Board:
        """Return the board called ``name``; ValueError with a readable message if unknown."""
        ...

    def unit(self, name: str) -> MechDesign:
        """Return the design called ``name``; ValueError with a readable message if unknown."""
        ...

    def generate(self, style: str, width: int, height: int, seed: int) -> Board:
        """Return a generated map."""
        ...

    def combine(self, grid: list[list[Board]]) -> Board:
        """Return several sheets combined into one map."""
        ...


def default_pilot(design: MechDesign, name: str = "MechWarrior") -> Pilot:
    """BT-M-13: a MechWarrior with the default skills of the design's faction."""
    piloting, gunnery = DEFAULT_SKILLS["Clan" if design.is_clan else "Inner Sphere"]
    return Pilot(name, gunnery, piloting)


def _int(table: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = table.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        msg = f"{key} must be a whole number from {low} to {high}, not {value!r}"
        raise ValueError(msg)
    return value


def _board(table: Mapping[str, Any], library: Library) -> Board:
    if "map" in table:
        spec = table["map"]
        if not isinstance(spec, Mapping):
            raise ValueError("map is a table: style, width, height, seed")
        style = spec.get("style", "hills")
        if not isinstance(style, str):
            raise ValueError("map.style is a name")
        width = _int(spec, "width", 16, 4, 120)
        height = _int(spec, "height", 17, 4, 120)
        seed = _int(spec, "seed", 1, 0, 2**63 - 1)
        return library.generate(style, width, height, seed)
    if "boards" in table:
        grid = table["boards"]
        if not isinstance(grid, list) or not grid or not all(isinstance(r, list) for r in grid):
            msg = 'boards is a list of rows of board names: [["a", "b"], ["c", "d"]]'
            raise ValueError(msg)
        if len(grid) > MAX_GRID or any(len(row) > MAX_GRID for row in grid):
            msg = f"boards: at most {MAX_GRID} rows of {MAX_GRID} sheets"
            raise ValueError(msg)
        return library.combine([[library.board(str(name)) for name in row] for row in grid])
    name = table.get("board")
    if not isinstance(name, str):
        msg = "a scenario needs board = NAME (or boards = [[...]], or a [map] table)"
        raise ValueError(msg)
    return library.board(name)


def _unit(entry: Any, side: int, library: Library, where: str) -> UnitSetup:  # noqa: ANN401
    if isinstance(entry, str):
        entry = {"unit": entry}
    if not isinstance(entry, Mapping) or not isinstance(entry.get("unit"), str):
        msg = f"{where}: a unit is a name or a table with unit = NAME"
        raise ValueError(msg)
    unknown = set(entry) - _UNIT_KEYS
    if unknown:
        msg = f"{where}: unknown keys {', '.join(sorted(unknown))}"
        raise ValueError(msg)
    design = library.unit(entry["unit"])
    pilot = default_pilot(design, str(entry.get("pilot", "MechWarrior"))[:24])
    pilot = Pilot(
        pilot.name,
        _int(entry, "gunnery", pilot.gunnery, 0, 8),
        _int(entry, "piloting", pilot.piloting, 0, 8),
    )
    hex_: Hex | None = None
    if "hex" in entry:
        try:
            hex_ = Hex.from_label(str(entry["hex"]))
        except ValueError as exc:
            msg = f"{where}: {exc}"
            raise ValueError(msg) from None
    facing_name = str(entry.get("facing", "N" if side % 2 else "S")).upper()
    if facing_name not in Facing.__members__:
        msg = f"{where}: facing is one of N NE SE S SW NW, not {facing_name!r}"
        raise ValueError(msg)
    auto_eject = entry.get("auto_eject", True)
    if not isinstance(auto_eject, bool):
        msg = f"{where}: auto_eject is true or false"
        raise ValueError(msg)
    return UnitSetup(design, side, pilot, hex_, Facing[facing_name], auto_eject)


def parse_scenario(text: str, library: Library) -> BTSetup:
    """Read a scenario file's text (TOML) into a setup.

    Raises:
        ValueError: one readable line naming what is wrong (``line N: ...`` when TOML knows it).
    """
    if match := _LONG_NUMBER.search(text):
        line = text.count("\n", 0, match.start()) + 1
        msg = f"line {line}: a number with more than {_MAX_DIGITS} digits"
        raise ValueError(msg)
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(str(exc)) from None
    except RecursionError:
        raise ValueError("lists or tables nested too deeply") from None
    return build_setup(table, library)


def build_setup(table: Mapping[str, Any], library: Library) -> BTSetup:
    """Read a scenario table into a setup.

    Raises:
        ValueError: one readable line naming what is wrong.
    """
    unknown = set(table) - _SCENARIO_KEYS
    if unknown:
        msg = f"unknown scenario keys: {', '.join(sorted(unknown))}"
        raise ValueError(msg)
    board = _board(table, library)
    sides_table = table.get("side")
    if not isinstance(sides_table, list) or not 2 <= len(sides_table) <= MAX_SIDES:  # noqa: PLR2004
        msg = f"a scenario has 2 to {MAX_SIDES} [[side]] tables"
        raise ValueError(msg)
    sides, units = _sides(sides_table, library)
    for unit in units:
        if unit.hex is not None and unit.hex not in board:
            msg = f"{unit.design.name} is placed at {unit.hex.label}, off the map"
            raise ValueError(msg)
    placed = [u.hex for u in units if u.hex is not None]
    if len(placed) != len(set(placed)):
        raise ValueError("two units are placed in the same hex")
    rows = _int(table, "deploy_rows", 3, 1, max(1, min(board.width, board.height) // 2))
    title = str(table.get("title", ""))[:60]
    victory = _victory(table.get("victory", {}), board, len(sides), len(units))
    temperature = _int(table, "temperature", 20, -200, 200) if "temperature" in table else None
    return BTSetup(board, tuple(sides), tuple(units), rows, title, victory, temperature)


def _sides(sides_table: list[Any], library: Library) -> tuple[list[str], list[UnitSetup]]:
    """Read the [[side]] tables: each side's name, and every side's units."""
    sides: list[str] = []
    units: list[UnitSetup] = []
    for number, side in enumerate(sides_table):
        if not isinstance(side, Mapping):
            raise ValueError("each [[side]] is a table with name and units")
        sides.append(str(side.get("name", f"Side {number + 1}"))[:20])
        entries = side.get("units", [])
        if not isinstance(entries, list) or not entries:
            msg = f"side {number + 1} needs at least one unit"
            raise ValueError(msg)
        if len(entries) > MAX_UNITS:
            msg = f"side {number + 1} has {len(entries)} units; a side fields at most {MAX_UNITS}"
            raise ValueError(msg)
        for n, entry in enumerate(entries):
            units.append(_unit(entry, number, library, f"side {number + 1} unit {n + 1}"))
    return sides, units


def _victory(table: Any, board: Board, sides: int, units: int) -> Victory:  # noqa: ANN401
    """Read the optional [victory] table (see `engine.battletech.victory`)."""
    if not isinstance(table, Mapping):
        raise ValueError("victory is a table: kind, side, turns, hexes, edge, count, cripple")
    unknown = set(table) - _VICTORY_KEYS
    if unknown:
        msg = f"unknown victory keys: {', '.join(sorted(unknown))}"
        raise ValueError(msg)
    kind = table.get("kind", "destroy")
    if kind not in _VICTORY_KINDS:
        msg = f"victory kind is one of {', '.join(_VICTORY_KINDS)}, not {kind!r}"
        raise ValueError(msg)
    side = _int(table, "side", 1, 1, sides) - 1
    turns = _int(table, "turns", 0, 0, 999)
    cripple = table.get("cripple", False)
    if not isinstance(cripple, bool):
        raise ValueError("victory.cripple is true or false")
    hexes = _victory_hexes(table.get("hexes", []), board)
    edge = str(table.get("edge", "")).upper()
    count = _int(table, "count", 1, 1, max(1, units))
    if kind == "hold" and (not hexes or not turns):
        raise ValueError("a hold victory needs hexes and turns")
    if kind == "withdraw" and (edge not in {"N", "S", "W", "E"} or not turns):
        raise ValueError("a withdraw victory needs edge = N, S, W or E, and turns")
    return Victory(kind, cripple, side, turns, tuple(hexes), edge, count)


def _victory_hexes(labels: Any, board: Board) -> list[Hex]:  # noqa: ANN401
    """Read victory.hexes: a list of labels of hexes on the map."""
    if not isinstance(labels, list):
        raise ValueError('victory.hexes is a list of hex labels: ["0808", "0809"]')
    hexes: list[Hex] = []
    for label in labels:
        try:
            where = Hex.from_label(str(label))
        except ValueError as exc:
            msg = f"victory.hexes: {exc}"
            raise ValueError(msg) from None
        if where not in board:
            msg = f"victory hex {where.label} is off the map"
            raise ValueError(msg)
        hexes.append(where)
    return hexes
