"""BattleTech scenarios: a TOML table in, a `BTSetup` out (pure: files come through a `Library`).

A scenario names its board and units; the `Library` (given by the code that reads files, see
``saves/btlibrary.py``) turns those names into a `Board` and designs of any kind::

    title = "Meeting engagement"
    board = "river-crossing"          # a board name; or boards = [["a", "b"], ["c", "d"]]
    # or: [map] style = "hills", width = 16, height = 17, seed = 7   (a generated map)
    deploy_rows = 3
    temperature = 65                  # optional: degrees Celsius (BT-C-61.1: heat beyond 50)
    night = true                      # optional: night rules (battletech.data.nightscenario)
    [environment]                     # optional: gravity, vacuum, swamp, ice
                                      # (engine.battletech.rules.environment)
    wind = "NE"                       # optional: fire settings (battletech.data.firescenario)
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

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from typing import Any, Final, Protocol

from engine.battletech.board import Board
from engine.battletech.data.firescenario import FIRE_KEYS, read_fire
from engine.battletech.data.nightscenario import read_night
from engine.battletech.data.settings import SettingError
from engine.battletech.designs import BattleArmorDesign, InfantryDesign
from engine.battletech.designs.vehicle import VehicleDesign
from engine.battletech.kinds.vehicle_combat import default_skills
from engine.battletech.rules.environment import read_environment
from engine.battletech.state import DEFAULT_SKILLS, BTSetup, Pilot, UnitDesign, UnitSetup, Victory
from engine.hexes import Facing, Hex
from engine.text import printable
from engine.tomltext import Key, sections, setter, syntax_error

__all__ = [
    "MAX_GRID",
    "MAX_SIDES",
    "MAX_UNITS",
    "Library",
    "ScenarioError",
    "build_setup",
    "default_pilot",
    "parse_scenario",
]

MAX_SIDES = 4
MAX_UNITS: Final = 50
"""Units a side may field (a company is 12; more only makes every turn slower)."""
MAX_GRID: Final = 12
"""Rows and columns of sheets ``boards = [[...]]`` may name (the combined board is also held to
`engine.battletech.data.boardfile.MAX_SIZE`)."""
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
    "night",
    "environment",
    *FIRE_KEYS,
}
_VICTORY_KEYS = {"kind", "side", "turns", "hexes", "edge", "count", "cripple"}
_VICTORY_KINDS = ("destroy", "hold", "withdraw")
_UNIT_KEYS = {"unit", "pilot", "piloting", "gunnery", "hex", "facing", "auto_eject", "care"}


"""Where in the scenario's table a problem is: ``("side", 1, "units", 0, "hex")``."""


class ScenarioError(ValueError):
    """A scenario that cannot be used: why, and where when that is known.

    ``str()`` is ``line N: reason`` (``reason`` when the line is not known); `where` gives the
    ``FILE:LINE: reason`` of the command line's other data files.

    Attributes:
        reason: one line; control characters quoted from the file are escaped (`printable`).
        line: the 1-based line of the scenario's text, 0 when not known (a table read elsewhere,
            or a problem of the whole file).
        key: where in the table the problem is (`parse_scenario` finds its line from it).
        needle: a value quoted by the reason (a unit's name), to find its line among several.
    """

    def __init__(self, reason: str, line: int = 0, key: Key = (), needle: str = "") -> None:
        self.reason = printable(reason)
        self.line = line
        self.key = key
        self.needle = needle
        super().__init__(f"line {line}: {self.reason}" if line else self.reason)

    def at_line(self, line: int) -> ScenarioError:
        """The same error, placed on ``line``."""
        return ScenarioError(self.reason, line, self.key, self.needle)

    def where(self, filename: str) -> str:
        """``FILE:LINE: reason`` (``FILE: reason`` without a line), the name escaped too."""
        name = printable(filename)
        return f"{name}:{self.line}: {self.reason}" if self.line else f"{name}: {self.reason}"


class Library(Protocol):
    """Where a scenario's names come from: boards and 'Mech designs (files, at the edge)."""

    def board(self, name: str) -> Board:
        """Return the board called ``name``; ValueError with a readable message if unknown."""
        ...

    def unit(self, name: str) -> UnitDesign:
        """Return the design called ``name`` (any kind); ValueError with a readable message."""
        ...

    def generate(self, style: str, width: int, height: int, seed: int) -> Board:
        """Return a generated map."""
        ...

    def combine(self, grid: list[list[Board]]) -> Board:
        """Return several sheets combined into one map."""
        ...


INFANTRY_SKILLS: Final = (5, 4)
"""BT-M-13: (anti-'Mech skill, Gunnery) of infantry and battle armor of every faction."""


def default_pilot(design: UnitDesign, name: str = "MechWarrior") -> Pilot:
    """BT-M-13: a crew with the default skills of the design's kind and faction.

    A 'Mech's MechWarrior: Piloting/Gunnery 5/4 (Clan 4/3). A vehicle's crew: Driving/Gunnery
    5/4, Clan 6/5 (BT-C-14, `kinds.vehicle_combat.default_skills`); ``piloting`` holds the
    Driving skill. Infantry and battle armor: Gunnery 4 whatever the faction (BT-M-13); they have
    no Piloting, and DESIGN: ``piloting`` holds MegaMek's default anti-'Mech skill, 5.
    """
    if isinstance(design, VehicleDesign):
        piloting, gunnery = default_skills(clan=design.is_clan)
    elif isinstance(design, InfantryDesign | BattleArmorDesign):
        piloting, gunnery = INFANTRY_SKILLS
    else:
        piloting, gunnery = DEFAULT_SKILLS["Clan" if design.is_clan else "Inner Sphere"]
    return Pilot(name, gunnery, piloting)


def _int(
    table: Mapping[str, Any], key: str, default: int, low: int, high: int, *, at: Key = ()
) -> int:
    value = table.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        msg = f"{key} must be a whole number from {low} to {high}, not {value!r}"
        raise ScenarioError(msg, key=(*at, key))
    return value


def _refused(exc: ValueError, key: Key, needle: str = "") -> ScenarioError:
    """A library's or a parser's ValueError, placed at ``key``."""
    return ScenarioError(str(exc), key=key, needle=needle)


def _generated(spec: Any, library: Library) -> Board:  # noqa: ANN401 - the [map] table
    """A generated map, from the scenario's ``[map]`` table."""
    if not isinstance(spec, Mapping):
        raise ScenarioError("map is a table: style, width, height, seed", key=("map",))
    style = spec.get("style", "hills")
    if not isinstance(style, str):
        raise ScenarioError("map.style is a name", key=("map", "style"))
    width = _int(spec, "width", 16, 4, 120, at=("map",))
    height = _int(spec, "height", 17, 4, 120, at=("map",))
    seed = _int(spec, "seed", 1, 0, 2**63 - 1, at=("map",))
    try:
        return library.generate(style, width, height, seed)
    except ValueError as exc:
        raise _refused(exc, ("map", "style")) from None


def _board(table: Mapping[str, Any], library: Library) -> Board:
    if "map" in table:
        return _generated(table["map"], library)
    if "boards" in table:
        grid = table["boards"]
        if not isinstance(grid, list) or not grid or not all(isinstance(r, list) for r in grid):
            msg = 'boards is a list of rows of board names: [["a", "b"], ["c", "d"]]'
            raise ScenarioError(msg, key=("boards",))
        if len(grid) > MAX_GRID or any(len(row) > MAX_GRID for row in grid):
            msg = f"boards: at most {MAX_GRID} rows of {MAX_GRID} sheets"
            raise ScenarioError(msg, key=("boards",))
        try:
            return library.combine([[library.board(str(name)) for name in row] for row in grid])
        except ValueError as exc:
            raise _refused(exc, ("boards",)) from None
    name = table.get("board")
    if not isinstance(name, str):
        msg = "a scenario needs board = NAME (or boards = [[...]], or a [map] table)"
        raise ScenarioError(msg, key=("board",))
    try:
        return library.board(name)
    except ValueError as exc:
        raise _refused(exc, ("board",)) from None


def _unit(entry: Any, side: int, library: Library, where: str, at: Key) -> UnitSetup:  # noqa: ANN401
    if isinstance(entry, str):
        entry = {"unit": entry}
    if not isinstance(entry, Mapping) or not isinstance(entry.get("unit"), str):
        msg = f"{where}: a unit is a name or a table with unit = NAME"
        raise ScenarioError(msg, key=at)
    name = entry["unit"]
    unknown = set(entry) - _UNIT_KEYS
    if unknown:
        msg = f"{where}: unknown keys {', '.join(sorted(unknown))}"
        raise ScenarioError(msg, key=at, needle=name)
    try:
        design = library.unit(name)
    except ValueError as exc:
        raise _refused(exc, at, name) from None
    pilot = default_pilot(design, str(entry.get("pilot", "MechWarrior"))[:24])
    try:
        pilot = Pilot(
            pilot.name,
            _int(entry, "gunnery", pilot.gunnery, 0, 8),
            _int(entry, "piloting", pilot.piloting, 0, 8),
        )
    except ScenarioError as exc:
        raise ScenarioError(exc.reason, key=at, needle=name) from None
    hex_: Hex | None = None
    if "hex" in entry:
        try:
            hex_ = Hex.from_label(str(entry["hex"]))
        except ValueError as exc:
            msg = f"{where}: {exc}"
            raise ScenarioError(msg, key=at, needle=name) from None
    facing_name = str(entry.get("facing", "N" if side % 2 else "S")).upper()
    if facing_name not in Facing.__members__:
        msg = f"{where}: facing is one of N NE SE S SW NW, not {facing_name!r}"
        raise ScenarioError(msg, key=at, needle=name)
    auto_eject = entry.get("auto_eject", True)
    if not isinstance(auto_eject, bool):
        msg = f"{where}: auto_eject is true or false"
        raise ScenarioError(msg, key=at, needle=name)
    return UnitSetup(design, side, pilot, hex_, Facing[facing_name], auto_eject)


def parse_scenario(text: str, library: Library) -> BTSetup:
    """Read a scenario file's text (TOML) into a setup.

    Raises:
        ScenarioError: one readable line naming what is wrong, with the line it is on when that
            can be told (TOML's own errors, and the keys whose values are wrong).
    """
    if match := _LONG_NUMBER.search(text):
        line = text.count("\n", 0, match.start()) + 1
        raise ScenarioError(f"a number with more than {_MAX_DIGITS} digits", line)
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _toml_error(str(exc)) from None
    except RecursionError:
        raise ScenarioError("lists or tables nested too deeply", _deepest_line(text)) from None
    try:
        return build_setup(table, library)
    except ScenarioError as exc:
        raise exc.at_line(_locate(text, exc.key, exc.needle)) from None


def _toml_error(message: str) -> ScenarioError:
    """TOML's ``Invalid value (at line 3, column 5)`` as ``line 3: invalid value (column 5)``."""
    found = syntax_error(message)
    if found is None:
        return ScenarioError(message)
    return ScenarioError(*found)


def _deepest_line(text: str) -> int:
    """The line with the most opening brackets (where lists or tables nest too deeply)."""
    counts = [line.count("[") + line.count("{") for line in text.split("\n")]
    return counts.index(max(counts)) + 1 if counts else 0


def _locate(text: str, key: Key, needle: str = "") -> int:
    """The 1-based line of ``text`` where the value at ``key`` is (0 when it cannot be found).

    The table of ``key`` is found by its header (``[victory]``, the n-th ``[[side]]``); in it,
    the line that quotes ``needle`` (a unit's name, a hex; else the first line anywhere that
    does), else the line that sets the key, else the
    header itself. Keys at the top are looked for before the first header.
    """
    lines = text.split("\n")
    spans = sections(lines)
    place = key
    while place and place not in spans:
        place = place[:-1]
    start, end = spans.get(place, (0, len(lines)))
    rest = [k for k in key[len(place) :] if isinstance(k, str)]
    if needle:  # in its table, else anywhere
        candidates: list[int] = [*range(start, end), *range(len(lines))]
        for number in candidates:
            if needle in lines[number]:
                return number + 1
    for name in rest:
        sets = setter(name)
        for number in range(start, end):
            if sets.search(lines[number]):
                return number + 1
    return start + 1 if place else 0


def build_setup(table: Mapping[str, Any], library: Library) -> BTSetup:
    """Read a scenario table into a setup.

    Raises:
        ScenarioError: one readable line naming what is wrong (its `key` says where; the line is
            not known here: `parse_scenario` finds it in the text).
    """
    unknown = set(table) - _SCENARIO_KEYS
    if unknown:
        msg = f"unknown scenario keys: {', '.join(sorted(unknown))}"
        raise ScenarioError(msg, key=(min(unknown),))
    board = _board(table, library)
    sides_table = table.get("side")
    if not isinstance(sides_table, list) or not 2 <= len(sides_table) <= MAX_SIDES:  # noqa: PLR2004
        msg = f"a scenario has 2 to {MAX_SIDES} [[side]] tables"
        raise ScenarioError(msg)
    sides, units = _sides(sides_table, library)
    for unit in units:
        if unit.hex is not None and unit.hex not in board:
            msg = f"{unit.design.name} is placed at {unit.hex.label}, off the map"
            raise ScenarioError(msg, key=("side", unit.side), needle=unit.hex.label)
    placed = [u.hex for u in units if u.hex is not None]
    if len(placed) != len(set(placed)):
        twice = next(h for h in placed if placed.count(h) > 1)
        raise ScenarioError("two units are placed in the same hex", needle=twice.label)
    rows = _int(table, "deploy_rows", 3, 1, max(1, min(board.width, board.height) // 2))
    title = str(table.get("title", ""))[:60]
    victory = _victory(table.get("victory", {}), board, len(sides), len(units))
    try:
        # BT-M-39 / BT-C-61 (the temperature may sit in [environment] too)
        environment, temperature = read_environment(table, board)
        night = read_night(table, board)  # issue 16: NT-5 (engine.battletech.data.nightscenario)
        board, wind = read_fire(table, board)  # BT-C-60.5 (engine.battletech.data.firescenario)
    except SettingError as exc:
        raise ScenarioError(exc.reason, key=exc.key, needle=exc.needle) from None
    return BTSetup(
        board,
        tuple(sides),
        tuple(units),
        rows,
        title,
        victory,
        temperature,
        night=night,
        environment=environment,
        wind=wind,
    )


def _sides(sides_table: list[Any], library: Library) -> tuple[list[str], list[UnitSetup]]:
    """Read the [[side]] tables: each side's name, and every side's units."""
    sides: list[str] = []
    units: list[UnitSetup] = []
    for number, side in enumerate(sides_table):
        if not isinstance(side, Mapping):
            raise ScenarioError("each [[side]] is a table with name and units", key=("side",))
        sides.append(str(side.get("name", f"Side {number + 1}"))[:20])
        entries = side.get("units", [])
        if not isinstance(entries, list) or not entries:
            msg = f"side {number + 1} needs at least one unit"
            raise ScenarioError(msg, key=("side", number, "units"))
        if len(entries) > MAX_UNITS:
            msg = f"side {number + 1} has {len(entries)} units; a side fields at most {MAX_UNITS}"
            raise ScenarioError(msg, key=("side", number, "units"))
        for n, entry in enumerate(entries):
            where = f"side {number + 1} unit {n + 1}"
            units.append(_unit(entry, number, library, where, ("side", number, "units")))
    return sides, units


def _victory(table: Any, board: Board, sides: int, units: int) -> Victory:  # noqa: ANN401
    """Read the optional [victory] table (see `engine.battletech.rules.victory`)."""
    at: Key = ("victory",)
    if not isinstance(table, Mapping):
        msg = "victory is a table: kind, side, turns, hexes, edge, count, cripple"
        raise ScenarioError(msg, key=at)
    unknown = set(table) - _VICTORY_KEYS
    if unknown:
        msg = f"unknown victory keys: {', '.join(sorted(unknown))}"
        raise ScenarioError(msg, key=(*at, min(unknown)))
    kind = table.get("kind", "destroy")
    if kind not in _VICTORY_KINDS:
        msg = f"victory kind is one of {', '.join(_VICTORY_KINDS)}, not {kind!r}"
        raise ScenarioError(msg, key=(*at, "kind"))
    side = _int(table, "side", 1, 1, sides, at=at) - 1
    turns = _int(table, "turns", 0, 0, 999, at=at)
    cripple = table.get("cripple", False)
    if not isinstance(cripple, bool):
        raise ScenarioError("victory.cripple is true or false", key=(*at, "cripple"))
    hexes = _victory_hexes(table.get("hexes", []), board)
    edge = str(table.get("edge", "")).upper()
    count = _int(table, "count", 1, 1, max(1, units), at=at)
    if kind == "hold" and (not hexes or not turns):
        raise ScenarioError("a hold victory needs hexes and turns", key=(*at, "kind"))
    if kind == "withdraw" and (edge not in {"N", "S", "W", "E"} or not turns):
        msg = "a withdraw victory needs edge = N, S, W or E, and turns"
        raise ScenarioError(msg, key=(*at, "kind"))
    return Victory(kind, cripple, side, turns, tuple(hexes), edge, count)


def _victory_hexes(labels: Any, board: Board) -> list[Hex]:  # noqa: ANN401
    """Read victory.hexes: a list of labels of hexes on the map."""
    at: Key = ("victory", "hexes")
    if not isinstance(labels, list):
        raise ScenarioError('victory.hexes is a list of hex labels: ["0808", "0809"]', key=at)
    hexes: list[Hex] = []
    for label in labels:
        try:
            where = Hex.from_label(str(label))
        except ValueError as exc:
            msg = f"victory.hexes: {exc}"
            raise ScenarioError(msg, key=at) from None
        if where not in board:
            msg = f"victory hex {where.label} is off the map"
            raise ScenarioError(msg, key=at)
        hexes.append(where)
    return hexes
