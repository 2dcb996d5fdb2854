"""Board files on disk: the maps bundled in ``assets/boards`` and any ``.board`` a player brings.

The engine parses (`engine.battletech.data.boardfile.parse_board`: text in, board out); this module
is the edge that opens files. Files are read as UTF-8 (a BOM is dropped), or as Latin-1 when they
are not valid UTF-8, so an old MegaMek board with a stray accented byte still loads. Every problem
is one line, ``FILE:LINE: reason`` or ``FILE: reason`` (`BoardFileError`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from engine.battletech.board import Board, Woods
from engine.battletech.data.boardfile import ParsedBoard, parse_board
from engine.battletech.data.fileformat import FileFormatError
from engine.hexes import Facing, Hex
from tui.battletech.datafile import DataFileError, read_text
from tui.battletech.units import check_size

__all__ = [
    "BOARDS_DIR",
    "MAX_BOARD_BYTES",
    "SUFFIX",
    "BoardFileError",
    "board_summary",
    "bundled_boards",
    "load_board",
]

SUFFIX: Final = ".board"
MAX_BOARD_BYTES: Final = 16 * 1024 * 1024
"""A board file larger than this is refused unread (a full 200x200 board is about 2 MB)."""
BOARDS_DIR: Final = Path(__file__).resolve().parents[2] / "assets" / "boards"
"""The maps that ship with hexmech (found like ``tui/commands/play.py`` finds the scenarios)."""


class BoardFileError(DataFileError):
    """A board file that cannot be used; its text is ``FILE:LINE: reason`` (``FILE: reason``)."""


def load_board(path: Path | str) -> ParsedBoard:
    """Read one MegaMek ``.board`` file (BT-M-6..8); the board is named after the file.

    Args:
        path: The file.

    Returns:
        The board and the warnings about what it holds that the rules do not model (show them
        with ``warning.where(str(path))``).

    Raises:
        BoardFileError: The file is missing, unreadable, or not a board.
    """
    path = Path(path)
    check_size(path, MAX_BOARD_BYTES, "a board file", BoardFileError)
    text = read_text(path, BoardFileError)
    try:
        return parse_board(text, path.stem)
    except FileFormatError as exc:
        raise BoardFileError(path, exc.line, exc.reason) from None
    except Exception as exc:  # noqa: BLE001 - a reader bug must not stop a board listing
        raise BoardFileError(path, 0, f"cannot be read ({type(exc).__name__})") from None


def bundled_boards() -> list[Path]:
    """Return the bundled board files, sorted by name."""
    return sorted(BOARDS_DIR.glob(f"*{SUFFIX}"))


def _road_count(board: Board) -> int:
    """Count separate road networks: road and bridge hexes joined by an exit on either side."""
    roads = {where for where, terrain in board.items() if terrain.has_road}
    seen: set[Hex] = set()
    networks = 0
    for first in sorted(roads):
        if first in seen:
            continue
        networks += 1
        seen.add(first)
        todo = [first]
        while todo:
            here = todo.pop()
            for facing in Facing:
                there = here.neighbor(facing)
                joined = board.terrain(here).road_exit(facing) or (
                    there in roads and board.terrain(there).road_exit(facing.opposite)
                )
                if there in roads and there not in seen and joined:
                    seen.add(there)
                    todo.append(there)
    return networks


def _count(number: int, thing: str, things: str) -> str:
    """``1 road``, ``2 roads``, ``no roads``."""
    return f"{number or 'no'} {thing if number == 1 else things}"


def board_summary(board: Board) -> str:
    """One line about a board, for pickers and ``hexmech validate``.

    Example: ``16x17, levels 0..3, woods 18%, water 6%, 1 road, 2 building hexes``. Bridges are
    named when there are any. Buildings are counted by hex: the board does not record which
    hexes form one building.
    """
    total = board.width * board.height
    levels = [terrain.level for terrain in board.hexes]
    woods = sum(terrain.woods is not Woods.NONE for terrain in board.hexes)
    water = sum(terrain.water is not None for terrain in board.hexes)
    buildings = sum(terrain.building is not None for terrain in board.hexes)
    bridges = sum(terrain.bridge is not None for terrain in board.hexes)
    parts = [
        f"{board.width}x{board.height}",
        f"levels {min(levels)}..{max(levels)}",
        f"woods {round(100 * woods / total)}%",
        f"water {round(100 * water / total)}%",
        _count(_road_count(board), "road", "roads"),
        _count(buildings, "building hex", "building hexes"),
    ]
    if bridges:
        parts.append(_count(bridges, "bridge hex", "bridge hexes"))
    return ", ".join(parts)
