"""MegaMek ``.board`` files: read, write and combine map sheets (BT-M-6..8, BT-M-27, BT-M-28).

A board file is plain text, one statement a line; ``#`` starts a comment outside quotes and
keywords are case-insensitive::

    size 16 17
    description "A ford and a farm"
    tag "river"
    option exit_roads_to_pavement false
    hex 0101 0 "woods:1;foliage_elev:2" "grass"
    hex 0201 0 "water:2;bridge:2:9;bridge_cf:40;bridge_elev:1" ""
    end

Each ``hex`` line gives a label (``XXYY``, DESIGN 2.1), the ground level (for water, the surface,
BT-M-7 item 4), the terrain as ``;``-separated ``name:level[:exits]`` items, and a cosmetic theme.
``exits`` is a bitmask of hexsides in `Facing` order (N=1, NE=2, SE=4, S=8, SW=16, NW=32).

How this reader follows MegaMek (``Board.load``, ``Hex``, ``Terrain``) and where it is stricter:

- Hexes that are not listed are Clear at Level 0, as in MegaMek.
- MegaMek ignores the labels and fills the board row by row in file order; we place each hex at
  its label, refuse labels off the board or given twice, and warn once when the order differs
  from MegaMek's (the two programs would then read different maps).
- A road or bridge without explicit exits connects, like MegaMek's, to every neighbour holding
  the same terrain at the same level, and a road also to neighbouring pavement (unless
  ``option exit_roads_to_pavement false``).
- Terrain the rules here do not model is reported as a warning (with its line) and ignored;
  cosmetic items (themes, ``foliage_elev``, ``*_fluff``, the inclines MegaMek draws itself) are
  accepted silently. Malformed lines raise `FileFormatError`.

How items become `Terrain` fields:

- ``woods:1/2`` and ``jungle:1/2`` (BT-M-41 #15): light/heavy woods; level 3 (ultra-heavy) is
  read as heavy, with a warning.
- ``water:d``: depth ``d`` under a surface at the hex's level (BT-M-7 item 4, BT-M-8.5).
- ``rough``, ``rubble``, ``pavement``, ``fire``, ``swamp``, ``ice``: flags (ultra rough, ultra
  rubble, inferno fire and quicksand are read as the plain kind, with a warning).
- ``road:1:exits``: road exits (BT-M-27); alleys, dirt and gravel roads are read as roads.
- ``building:class`` with ``bldg_cf`` (default: the class's CF) and ``bldg_elev`` (default 1):
  a `Building` (BT-M-8.9); a wall (class 5) is read as hardened, with a warning.
- ``bridge:class:exits`` with ``bridge_cf`` (default: the class's, Medium 40) and
  ``bridge_elev`` (default 0): a `Bridge` (BT-M-28).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import attrs
from attrs import frozen

from engine.battletech.board import Board, Bridge, Building, BuildingClass, Terrain, Woods
from engine.battletech.data.fileformat import FileFormatError, bounded_int
from engine.hexes import Facing, Hex

__all__ = ["MAX_LEVEL", "MAX_SIZE", "ParsedBoard", "combine", "parse_board", "write_board"]

MAX_SIZE = 200
"""The widest and tallest board read or combined: 200x200 hexes (a standard sheet is 16x17).
Larger ones are refused before anything is allocated: their work grows with the area."""
MAX_LEVEL = 100
"""The highest (and, negated, lowest) hex level, water depth or building and bridge height."""
_MAX_ITEM_LEVEL = 99_999
"""Any other terrain item's level (building CF, items the rules ignore)."""


@frozen
class ParsedBoard:
    """A board read from a file, and what the reader could not use."""

    board: Board
    warnings: tuple[FileFormatError, ...] = ()
    """Terrain or lines that were ignored or simplified, each with its line number."""
    description: str = ""
    """The file's ``description`` lines, joined by blank lines."""
    tags: tuple[str, ...] = ()
    """The file's ``tag`` lines (MegaMek's search keywords)."""


_INT = re.compile(r"[+-]?[0-9]+")
_TOKEN = re.compile(r'"(?P<quoted>[^"]*)(?P<close>"?)|(?P<comment>#.*)|(?P<word>[^\s"#]+)')
_ALL_EXITS = 63

# Silently accepted: pictures only, or terrain MegaMek derives from the levels and never saves.
_COSMETIC = frozenset(
    [
        "none",
        "fluff",
        "bldg_fluff",
        "road_fluff",
        "ground_fluff",
        "water_fluff",
        "foliage_elev",
        "cliff_bottom",
        "incline_top",
        "incline_bottom",
        "incline_high_top",
        "incline_high_bottom",
        "bridge_repaired",
    ]
)

# MegaMek terrain (Terrains.java) that the rules digests do not model: warned about, then ignored.
_UNSUPPORTED = {
    "sand": "sand",
    "tundra": "tundra",
    "magma": "magma",
    "planted_fields": "planted fields",
    "heavy_industrial": "a heavy industrial zone",
    "space": "space",
    "mud": "mud",
    "rapids": "rapids",
    "snow": "snow",
    "smoke": "smoke",
    "geyser": "a geyser",
    "fuel_tank": "a fuel tank",
    "impassable": "impassable terrain",
    "elevator": "an elevator",
    "industrial_elevator": "an elevator",
    "fortified": "an improved position",
    "screen": "a space screen",
    "arms": "a blown-off arm",
    "legs": "a blown-off leg",
    "metal_deposit": "metal content",
    "bldg_class": "a building class (hangar, fortress, gun emplacement)",
    "bldg_armor": "building armor",
    "bldg_base_collapsed": "a collapsed basement",
    "cliff_top": "a sheer cliff",
    "black_ice": "black ice",
    "sky": "sky",
    "deployment_zone": "a deployment zone",
    "hazardous_liquid": "a hazardous liquid pool",
    "ultra_sublevel": "an ultra sublevel",
}

# Items that only make sense beside another one.
_COMPANIONS = {
    "bldg_cf": "building",
    "bldg_elev": "building",
    "bldg_basement_type": "building",
    "bldg_class": "building",
    "bldg_armor": "building",
    "bldg_base_collapsed": "building",
    "bridge_cf": "bridge",
    "bridge_elev": "bridge",
    "fuel_tank_cf": "fuel_tank",
    "fuel_tank_elev": "fuel_tank",
    "fuel_tank_magn": "fuel_tank",
}

# Levels a known item may take: (lowest, highest or None, what to say when it is out of range).
_LEVELS: dict[str, tuple[int, int | None, str]] = {
    "woods": (1, 3, "1 (light), 2 (heavy) or 3 (ultra-heavy)"),
    "jungle": (1, 3, "1 (light), 2 (heavy) or 3 (ultra-heavy)"),
    "water": (0, None, "a depth of 0 or more"),
    "rough": (1, 2, "1 (rough) or 2 (ultra rough)"),
    "rubble": (1, 6, "1 to 6"),
    "road": (1, 4, "1 (road), 2 (alley), 3 (dirt) or 4 (gravel)"),
    "fire": (1, 4, "1 (fire) to 4 (inferno)"),
    "swamp": (1, 3, "1 (swamp), 2 or 3 (quicksand)"),
    "building": (1, 5, "1 (light), 2 (medium), 3 (heavy), 4 (hardened) or 5 (wall)"),
    "bridge": (1, 4, "1 (light), 2 (medium), 3 (heavy) or 4 (hardened)"),
    "bldg_cf": (0, None, "0 or more"),
    "bldg_elev": (0, None, "0 or more"),
    "bridge_cf": (0, None, "0 or more"),
    "bridge_elev": (0, None, "0 or more"),
}

# Heights and depths: more than MAX_LEVEL levels would only make line of sight and falls explode.
_HEIGHTS = frozenset({"water", "bldg_elev", "bridge_elev", "foliage_elev"})

# Levels read as the nearest thing the rules know, with a warning (BT-M-8, BT-M-41 #15).
_SIMPLIFIED = {
    ("woods", 3): "ultra-heavy woods read as heavy woods",
    ("jungle", 3): "ultra-heavy jungle read as heavy woods",
    ("rough", 2): "ultra rough read as rough",
    ("rubble", 6): "ultra rubble read as rubble",
    ("road", 2): "an alley read as a road",
    ("road", 3): "a dirt road read as a road",
    ("road", 4): "a gravel road read as a road",
    ("fire", 2): "inferno fire read as fire",
    ("fire", 3): "inferno fire read as fire",
    ("fire", 4): "inferno fire read as fire",
    ("swamp", 2): "quicksand read as swamp",
    ("swamp", 3): "quicksand read as swamp",
    ("building", 5): "a wall read as a hardened building",
    ("foliage_elev", 1): "woods 1 level tall read as the usual 2 levels",
}


@frozen
class _Item:
    """One ``name:level[:exits]`` terrain item as written."""

    name: str
    level: int
    exits: int | None
    text: str


@frozen
class _Record:
    """One ``hex`` line before its neighbours are known (exits may depend on them)."""

    line: int
    label: str
    level: int
    items: dict[str, _Item]


def _lines(text: str) -> list[str]:
    """Split text into lines the way MegaMek's reader does (CR, LF or CRLF; a BOM is dropped)."""
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _tokens(line: str, number: int) -> list[str]:
    """Return the words and quoted strings of one line, up to a ``#`` comment."""
    tokens: list[str] = []
    for match in _TOKEN.finditer(line):
        if match["word"] is not None:
            tokens.append(match["word"])
        elif match["comment"] is not None:
            break
        elif not match["close"]:
            raise FileFormatError(number, f"unbalanced quotes: {line.strip()}")
        else:
            tokens.append(match["quoted"])
    return tokens


def _item(number: int, label: str, text: str) -> _Item:
    """Parse one ``name:level[:exits]`` item of hex ``label`` on line ``number``."""
    shown = _short(text)
    pieces = text.split(":")
    if len(pieces) not in {2, 3} or not pieces[0]:
        msg = f"hex {label}: bad terrain {shown!r}: expected name:level or name:level:exits"
        raise FileFormatError(number, msg)
    name, level = pieces[0], pieces[1]
    if not _INT.fullmatch(level):
        msg = f"hex {label}: {shown!r}: the level must be a whole number, not {_short(level)!r}"
        raise FileFormatError(number, msg)
    exits = None
    if len(pieces) > 2:  # noqa: PLR2004 - name, level, exits
        exits_text = pieces[2]
        if (
            not exits_text.isascii()
            or not exits_text.isdigit()
            or len(exits_text) > 3  # noqa: PLR2004 - 063 at most
            or int(exits_text) > _ALL_EXITS
        ):
            msg = f"hex {label}: {shown!r}: exits must be a number from 0 to 63"
            raise FileFormatError(number, msg)
        exits = int(pieces[2])
    low, high, allowed = _LEVELS.get(name, (None, None, ""))
    value = bounded_int(
        level, number, f"hex {label}: {shown!r}: the level", -_MAX_ITEM_LEVEL, _MAX_ITEM_LEVEL
    )
    if low is not None and (value < low or (high is not None and value > high)):
        raise FileFormatError(number, f"hex {label}: {shown!r}: {name} must be {allowed}")
    if name in _HEIGHTS and value > MAX_LEVEL:
        msg = f"hex {label}: {shown!r}: {name} is at most {MAX_LEVEL} levels"
        raise FileFormatError(number, msg)
    return _Item(name, value, exits, text)


def _short(text: str) -> str:
    """The text, or its first 40 characters and "..." (a message stays readable)."""
    return text if len(text) <= 40 else text[:40] + "..."  # noqa: PLR2004


class _Reader:
    """The mutable state of one `parse_board` call (never seen outside it)."""

    def __init__(self) -> None:
        self.width = 0
        self.height = 0
        self.size_line = 0
        self.records: dict[Hex, _Record] = {}
        self.warnings: list[FileFormatError] = []
        self.description: list[str] = []
        self.tags: list[str] = []
        self.roads_to_pavement = True
        self.lines: list[tuple[Hex, _Record]] = []

    def warn(self, line: int, reason: str) -> None:
        self.warnings.append(FileFormatError(line, reason))

    def statement(self, number: int, tokens: list[str]) -> bool:
        """Read one non-empty line; return True at ``end``."""
        keyword, args = tokens[0].lower(), tokens[1:]
        match keyword:
            case "size":
                self.read_size(number, args)
            case "hex":
                self.read_hex(number, args)
            case "option":
                self.read_option(number, args)
            case "description":
                self.description.append(args[0] if args else "")
            case "tag":
                self.tags.extend(args[:1])
            case "background" | "note":
                pass  # a picture under the map, a note on a hex: nothing the rules read
            case "end":
                return True
            case _:
                self.warn(number, f"unknown line {tokens[0]!r}: ignored")
        return False

    def read_size(self, number: int, args: list[str]) -> None:
        if self.size_line:
            raise FileFormatError(
                number, f"a second 'size' line (the first is on line {self.size_line})"
            )
        if len(args) != 2 or not all(_INT.fullmatch(arg) for arg in args):  # noqa: PLR2004 - W H
            raise FileFormatError(
                number, f"size: expected 'size WIDTH HEIGHT', got {' '.join(['size', *args])!r}"
            )
        if any(len(arg.lstrip("+-").lstrip("0")) > 6 for arg in args):  # noqa: PLR2004
            raise FileFormatError(
                number, f"size: a board is at most {MAX_SIZE}x{MAX_SIZE} hexes; this one is huge"
            )
        width, height = int(args[0]), int(args[1])
        if width < 1 or height < 1:
            raise FileFormatError(
                number, f"size: a board needs at least 1 column and 1 row, not {width}x{height}"
            )
        if width > MAX_SIZE or height > MAX_SIZE:
            raise FileFormatError(
                number,
                f"size: a board is at most {MAX_SIZE}x{MAX_SIZE} hexes, not {width}x{height}",
            )
        self.width, self.height, self.size_line = width, height, number

    def read_option(self, number: int, args: list[str]) -> None:
        if args and args[0].lower() == "exit_roads_to_pavement":
            self.roads_to_pavement = len(args) < 2 or args[1].lower() != "false"  # noqa: PLR2004
        else:
            self.warn(number, f"unknown option {' '.join(args)!r}: ignored")

    def read_hex(self, number: int, args: list[str]) -> None:
        if not self.size_line:
            raise FileFormatError(number, "a hex before the 'size' line")
        if not 2 <= len(args) <= 4:  # noqa: PLR2004 - label, level, terrain, theme
            raise FileFormatError(number, 'hex: expected hex XXYY LEVEL "terrain" "theme"')
        label, level, terrain_text = (*args, "")[:3]
        if len(label) > 8:  # noqa: PLR2004 - 200x200 needs 6 digits at most
            msg = f"hex {label[:12]!r}...: a label has at most 8 digits, like '0203' or '101006'"
            raise FileFormatError(number, msg)
        try:
            where = Hex.from_label(label)
        except ValueError as exc:
            raise FileFormatError(number, str(exc)) from None
        col, row = where.to_offset()
        if col >= self.width or row >= self.height:
            msg = f"hex {label} is outside the {self.width}x{self.height} board"
            raise FileFormatError(number, msg)
        if not _INT.fullmatch(level):
            msg = f"hex {label}: the level must be a whole number, not {level[:20]!r}"
            raise FileFormatError(number, msg)
        height = bounded_int(level, number, f"hex {label}: the level", -MAX_LEVEL, MAX_LEVEL)
        items: dict[str, _Item] = {}
        for text in terrain_text.split(";"):
            if text.strip():
                item = _item(number, label, text.strip())
                if item.name in items:
                    msg = f"hex {label}: {item.name} is given twice: {item.text!r} counts"
                    self.warn(number, msg)
                items[item.name] = item
        self.lines.append((where, _Record(number, label, height, items)))

    def place(self) -> dict[Hex, _Record]:
        """Return the hex lines by the hex they describe.

        MegaMek ignores labels and fills the board row by row in file order. We go by the labels
        while they name each hex at most once (and warn when the order differs, as MegaMek would
        then read another map); when a label repeats, the labels cannot be trusted and every line
        goes where MegaMek puts it.
        """
        by_label = dict(self.lines)
        order = [Hex.from_offset(i % self.width, i // self.width) for i in range(len(self.lines))]
        if len(by_label) == len(self.lines):
            for megamek, (where, record) in zip(order, self.lines, strict=True):
                if where != megamek:
                    self.warn(
                        record.line,
                        f"hex {record.label} is out of MegaMek's order (row by row): MegaMek "
                        f"ignores the labels and would put this line's terrain at {megamek.label}",
                    )
                    break
            return by_label
        if len(self.lines) > self.width * self.height:
            seen: dict[Hex, int] = {}
            for where, record in self.lines:
                if where in seen:
                    msg = (
                        f"hex {record.label} is given twice (first on line {seen[where]}), and "
                        f"the {self.width}x{self.height} board has no room for all "
                        f"{len(self.lines)} hex lines"
                    )
                    raise FileFormatError(record.line, msg)
                seen[where] = record.line
        placed = {}
        for megamek, (where, record) in zip(order, self.lines, strict=True):
            if where != megamek:
                self.warn(
                    record.line,
                    f"hex {record.label} read as {megamek.label}: labels repeat in this file, so "
                    "hexes go in file order, row by row, as MegaMek places them",
                )
            placed[megamek] = attrs.evolve(record, label=megamek.label)
        return placed

    def finish(self, name: str) -> ParsedBoard:
        if not self.size_line:
            raise FileFormatError(0, "no 'size WIDTH HEIGHT' line: not a board file")
        self.records = self.place()
        hexes = []
        for col in range(self.width):
            for row in range(self.height):
                where = Hex.from_offset(col, row)
                record = self.records.get(where)
                hexes.append(Terrain() if record is None else self.terrain(where, record))
        return ParsedBoard(
            board=Board(self.width, self.height, tuple(hexes), name),
            warnings=tuple(sorted(self.warnings, key=lambda warning: warning.line)),
            description="\n\n".join(self.description),
            tags=tuple(self.tags),
        )

    def exits(self, where: Hex, item: _Item) -> int:
        """Return an item's exits: as written, or MegaMek's automatic ones (`Hex.setExits`)."""
        if item.exits is not None:
            return item.exits
        exits = 0
        for facing in Facing:
            other = self.records.get(where.neighbor(facing))
            if other is None:
                continue
            twin = other.items.get(item.name)
            pavement = item.name == "road" and self.roads_to_pavement and "pavement" in other.items
            if (twin is not None and twin.level == item.level) or pavement:
                exits |= 1 << facing
        return exits

    def terrain(self, where: Hex, record: _Record) -> Terrain:
        """BT-M-7, BT-M-8: turn one hex's items into a `Terrain`, warning about the rest."""
        items = record.items

        def warn(reason: str) -> None:
            self.warn(record.line, f"hex {record.label}: {reason}")

        for item in items.values():
            _check_item(item, items, warn)
        woods = max(
            (_WOODS[min(items[kind].level, 2)] for kind in ("woods", "jungle") if kind in items),
            default=Woods.NONE,
        )
        road = 0
        if "road" in items:
            road = self.exits(where, items["road"])
            if not road:
                warn(f"{items['road'].text!r} leads nowhere (no exits): ignored")
        return Terrain(
            level=record.level,
            woods=woods,
            water=items["water"].level if "water" in items else None,
            rough="rough" in items,
            rubble="rubble" in items,
            pavement="pavement" in items,
            road=road,
            building=_building(items),
            bridge=self.bridge(where, items),
            fire="fire" in items,
            swamp="swamp" in items,
            ice="ice" in items,
        )

    def bridge(self, where: Hex, items: dict[str, _Item]) -> Bridge | None:
        """BT-M-28: a bridge's class, CF (default: its class's; Medium 40), exits, deck height."""
        if "bridge" not in items:
            return None
        cls = BuildingClass(items["bridge"].level)
        return Bridge(
            cls=cls,
            cf=items["bridge_cf"].level if "bridge_cf" in items else cls.default_cf,
            exits=self.exits(where, items["bridge"]),
            height=items["bridge_elev"].level if "bridge_elev" in items else 0,
        )


_WOODS = {1: Woods.LIGHT, 2: Woods.HEAVY}


def _check_item(item: _Item, items: dict[str, _Item], warn: Callable[[str], None]) -> None:
    """Warn about an item the rules simplify, ignore, or cannot place."""
    simplified = _SIMPLIFIED.get((item.name, item.level))
    owner = _COMPANIONS.get(item.name)
    if owner is not None and owner not in items:
        warn(f"{item.text!r} without {owner}: ignored")
    elif item.name in _UNSUPPORTED:
        # bldg_class:0 and bldg_armor:0 mean a standard building, which is what we read.
        if item.level or item.name not in {"bldg_class", "bldg_armor"}:
            warn(f"{item.text!r} ({_UNSUPPORTED[item.name]}) is not in these rules: ignored")
    elif item.name == "bldg_basement_type" and item.level > 1:
        warn(f"{item.text!r} (a basement) is not in these rules: ignored")
    elif simplified is not None and (
        item.name != "foliage_elev" or "woods" in items or "jungle" in items
    ):
        warn(f"{item.text!r}: {simplified}")
    elif item.name not in _KNOWN and owner is None:
        warn(f"unknown terrain {item.text!r}: ignored")


_KNOWN = frozenset(
    {"woods", "jungle", "water", "rough", "rubble", "pavement", "road", "building", "bridge"}
    | {"fire", "swamp", "ice"}
    | _COSMETIC
)


def _building(items: dict[str, _Item]) -> Building | None:
    """BT-M-8.9: class from ``building:N`` (a wall counts as hardened), CF, height in levels."""
    if "building" not in items:
        return None
    cls = BuildingClass(min(items["building"].level, BuildingClass.HARDENED))
    return Building(
        cls=cls,
        cf=items["bldg_cf"].level if "bldg_cf" in items else cls.default_cf,
        height=items["bldg_elev"].level if "bldg_elev" in items else 1,
    )


def parse_board(text: str, name: str = "") -> ParsedBoard:
    """Read a MegaMek ``.board`` file (BT-M-6..8, BT-M-27, BT-M-28).

    Args:
        text: The whole file.
        name: The board's name (usually the file name without ``.board``); files carry none.

    Returns:
        The board, with warnings for everything the reader ignored or simplified.

    Raises:
        FileFormatError: The text is not a board: no ``size`` line, a bad label or level, a hex
            off the board or given twice, malformed terrain.
    """
    reader = _Reader()
    ended = False
    for number, line in enumerate(_lines(text), start=1):
        tokens = _tokens(line, number)
        if tokens and reader.statement(number, tokens):
            ended = True
            break
    board = reader.finish(name)
    if not ended:
        lost = FileFormatError(0, "no 'end' line: the file may have been cut short")
        board = attrs.evolve(board, warnings=(*board.warnings, lost))
    return board


def _terrain_text(terrain: Terrain) -> str:
    """The ``;``-separated items that describe one `Terrain` (the inverse of the reader)."""
    items = []
    if terrain.woods:
        items.append(f"woods:{int(terrain.woods)}")
    if terrain.water is not None:
        items.append(f"water:{terrain.water}")
    flags = (("rough", terrain.rough), ("rubble", terrain.rubble), ("pavement", terrain.pavement))
    items.extend(f"{name}:1" for name, present in flags if present)
    if terrain.road:
        items.append(f"road:1:{terrain.road}")
    if (building := terrain.building) is not None:
        items.append(f"building:{int(building.cls)}:0")
        items.append(f"bldg_cf:{building.cf};bldg_elev:{building.height}")
    if (bridge := terrain.bridge) is not None:
        items.append(f"bridge:{int(bridge.cls)}:{bridge.exits}")
        items.append(f"bridge_cf:{bridge.cf};bridge_elev:{bridge.height}")
    flags = (("fire", terrain.fire), ("swamp", terrain.swamp), ("ice", terrain.ice))
    items.extend(f"{name}:1" for name, present in flags if present)
    return ";".join(items)


def write_board(board: Board, description: str = "") -> str:
    """Return ``board`` as a MegaMek ``.board`` file; `parse_board` reads it back unchanged.

    Hexes are written row by row, MegaMek's order, with every road and bridge exit spelled out.
    The board's name is not written (a file is named by its file name).

    Args:
        board: The board to write.
        description: An optional ``description`` line; quotes and line breaks become ``'`` and
            spaces, since the format cannot escape them.

    Returns:
        The file's text, LF line endings, ending with ``end``.
    """
    lines = [f"size {board.width} {board.height}"]
    if description:
        clean = " ".join(description.replace('"', "'").replace("\\", "/").split())
        lines.append(f'description "{clean}"')
    for row in range(board.height):
        for col in range(board.width):
            terrain = board.hexes[col * board.height + row]
            label = Hex.from_offset(col, row).label
            lines.append(f'hex {label} {terrain.level} "{_terrain_text(terrain)}" ""')
    lines.append("end")
    return "\n".join(lines) + "\n"


def combine(grid: Sequence[Sequence[Board]], name: str = "") -> Board:
    """Join map sheets into one board (BT-M-6), ``grid[row][column]``, top row first.

    Every sheet in a grid row has the same height and every sheet in a grid column the same
    width. In the odd-q layout a sheet keeps its shape only if it starts at an even map column,
    so every sheet column but the last must be an even number of hexes wide (16 for standard
    sheets); roads and bridges meet across the seams when their exits line up.

    Args:
        grid: Rows of sheets.
        name: The combined board's name.

    Returns:
        The combined board.

    Raises:
        ValueError: The grid is empty or ragged, or the sheets do not fit together.
    """
    rows = [list(row) for row in grid]
    if not rows or not rows[0]:
        raise ValueError("combine needs at least one sheet")
    widths = [sheet.width for sheet in rows[0]]
    heights = [row[0].height for row in rows]
    _check_grid(rows, widths, heights)
    if sum(widths) > MAX_SIZE or sum(heights) > MAX_SIZE:
        msg = (
            f"the sheets make a {sum(widths)}x{sum(heights)} board; "
            f"a board is at most {MAX_SIZE}x{MAX_SIZE} hexes"
        )
        raise ValueError(msg)
    hexes: list[Terrain] = []
    for column, width in enumerate(widths):
        for col in range(width):
            for row, height in zip(rows, heights, strict=True):
                hexes.extend(row[column].hexes[col * height : (col + 1) * height])
    return Board(sum(widths), sum(heights), tuple(hexes), name)


def _check_grid(rows: list[list[Board]], widths: list[int], heights: list[int]) -> None:
    """Raise ValueError unless the sheets form a rectangle that keeps the hex layout."""
    for i, row in enumerate(rows, start=1):
        if len(row) != len(widths):
            msg = f"sheet row {i} has {len(row)} sheets but row 1 has {len(widths)}"
            raise ValueError(msg)
        for j, sheet in enumerate(row, start=1):
            title = f"sheet {sheet.name!r}" if sheet.name else f"the sheet at row {i}, column {j}"
            if sheet.height != heights[i - 1]:
                msg = f"{title} is {sheet.height} rows high, but row {i} is {heights[i - 1]} high"
                raise ValueError(msg)
            if sheet.width != widths[j - 1]:
                msg = (
                    f"{title} is {sheet.width} columns wide, but column {j} is {widths[j - 1]} wide"
                )
                raise ValueError(msg)
    for j, width in enumerate(widths[:-1], start=1):
        if width % 2:
            msg = (
                f"sheet column {j} is {width} hexes wide: every sheet column but the last must "
                "have an even width, or the odd-q hex layout shears the sheets to its right"
            )
            raise ValueError(msg)
