"""The BattleTech library at the edge: bundled and user boards, units and scenarios, by name.

`FileLibrary` implements `engine.battletech.data.scenario.Library`: a scenario names
"river-crossing" or "Atlas AS7-D" and the library finds the file. Unit folders are the bundled
``assets/units``, the user's own folder (``<user data dir>/units``) and any folders given with
``--units``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final, TextIO

import platformdirs
from attrs import frozen

from engine.battletech import RULESET, BTSetup
from engine.battletech.board import Board
from engine.battletech.data.boardfile import combine
from engine.battletech.data.mapgen import generate
from engine.battletech.data.scenario import ScenarioError, parse_scenario
from engine.battletech.state import UnitDesign
from tui.battletech.boards import BOARDS_DIR, BoardFileError, board_summary, load_board
from tui.battletech.units import (
    BLK_SUFFIX,
    UnitEntry,
    UnitFileError,
    describe_unit,
    load_unit,
    unit_library,
)

__all__ = [
    "SCENARIOS_DIR",
    "BoardEntry",
    "FileLibrary",
    "install",
    "load_scenario",
    "report_skipped",
    "scenario_names",
    "skipped_notice",
    "user_boards_dir",
    "user_units_dir",
]

SCENARIOS_DIR: Final = Path(__file__).resolve().parents[2] / "assets" / "scenarios" / "battletech"
STYLES: Final = ("grassland", "forest", "hills", "river", "city")
MAX_SCENARIO_BYTES: Final = 1024 * 1024
"""A scenario file larger than this is refused unread (the bundled ones are about 2 KB)."""


def user_units_dir() -> Path:
    """The player's own unit folder (``<user data dir>/units``); it may not exist."""
    return platformdirs.user_data_path("hexmech", appauthor=False) / "units"


def user_boards_dir() -> Path:
    """The player's own board folder (``<user data dir>/boards``); it may not exist."""
    return platformdirs.user_data_path("hexmech", appauthor=False) / "boards"


@frozen
class BoardEntry:
    """One board file: its name (the file stem), the board or its error, and a summary line."""

    name: str
    path: Path
    board: Board | None = None
    error: str | None = None
    summary: str = ""


class FileLibrary:
    """Boards and units from files, found by name (case-insensitive)."""

    def __init__(self, unit_dirs: Sequence[Path] = (), board_dirs: Sequence[Path] = ()) -> None:
        self.unit_dirs = (user_units_dir(), *unit_dirs)
        self.board_dirs = (BOARDS_DIR, user_boards_dir(), *board_dirs)
        self._units: list[UnitEntry] | None = None
        self._boards: list[BoardEntry] | None = None

    # ------------------------------------------------------------ listings
    def units(self) -> list[UnitEntry]:
        """Every unit file found (bad ones with their error), sorted by name."""
        if self._units is None:
            self._units = unit_library(self.unit_dirs)
        return self._units

    def boards(self) -> list[BoardEntry]:
        """Every board file found (bad ones with their error), sorted by name."""
        if self._boards is None:
            entries = []
            for folder in self.board_dirs:
                if not Path(folder).is_dir():
                    continue
                for path in sorted(Path(folder).glob("*.board")):
                    try:
                        board = load_board(path).board
                    except BoardFileError as exc:
                        entries.append(BoardEntry(path.stem, path, error=str(exc)))
                        continue
                    entries.append(BoardEntry(path.stem, path, board, None, board_summary(board)))
            self._boards = entries
        return self._boards

    def problems(self) -> list[str]:
        """One ``FILE:LINE: reason`` line for each unit or board file that cannot be read.

        Those files are skipped: the others load, and a scenario fails only if it names one.
        """
        units = [entry.error for entry in self.units() if entry.error is not None]
        return units + [entry.error for entry in self.boards() if entry.error is not None]

    # ------------------------------------------------------------ Library protocol
    def board(self, name: str) -> Board:
        """The board called ``name`` (a bundled name, a file stem, or a path to a .board file)."""
        path = Path(name)
        if path.suffix == ".board" and path.is_file():
            try:
                return load_board(path).board
            except BoardFileError as exc:
                raise ValueError(str(exc)) from None
        for entry in self.boards():
            if entry.name.casefold() == name.casefold():
                if entry.board is None:
                    raise ValueError(entry.error or f"board {name!r} cannot be read")
                return entry.board
        known = ", ".join(e.name for e in self.boards() if e.board is not None)
        msg = f"no board called {name!r} (known: {known})"
        raise ValueError(msg)

    def unit(self, name: str) -> UnitDesign:
        """The design called ``name`` ("Atlas AS7-D"), or in the .mtf file at that path."""
        path = Path(name)
        if path.suffix == ".mtf" and path.is_file():
            try:
                return load_unit(path).design
            except UnitFileError as exc:
                raise ValueError(str(exc)) from None
        if path.suffix.lower() == BLK_SUFFIX and path.is_file():
            entry = describe_unit(path)
            if entry.other is None:
                raise ValueError(entry.error or f"{path}: {entry.name} cannot be read")
            return entry.other
        wanted = name.casefold()
        for entry in self.units():
            if wanted in {entry.name.casefold(), entry.path.stem.casefold()}:
                found: UnitDesign | None = entry.design or entry.other
                if found is None:
                    raise ValueError(entry.error or f"{entry.path}: {entry.name} cannot be read")
                return found
        msg = f"no 'Mech called {name!r} (try `hexmech validate` on your unit folder)"
        raise ValueError(msg)

    def generate(self, style: str, width: int, height: int, seed: int) -> Board:
        """A generated map (`engine.battletech.data.mapgen`)."""
        try:
            return generate(width, height, seed, terrain=style)
        except (ValueError, KeyError) as exc:
            msg = f"cannot generate a {style!r} map: {exc} (styles: {', '.join(STYLES)})"
            raise ValueError(msg) from None

    def combine(self, grid: list[list[Board]]) -> Board:
        """Several sheets as one map."""
        return combine(grid)


def install(
    unit_dirs: Sequence[Path] = (),
    board_dirs: Sequence[Path] = (),
    *,
    report: TextIO | None = None,
) -> FileLibrary:
    """Give the BattleTech ruleset a file library (called once by the program at start).

    Args:
        unit_dirs: more unit folders (``--units DIR``).
        board_dirs: more board folders.
        report: where to name the files that cannot be read and are skipped
            (`report_skipped`); by default standard error when ``unit_dirs`` are named (the
            commands given ``--units``, which then read the library at once), else nowhere.
    """
    library = FileLibrary(unit_dirs, board_dirs)
    RULESET.library = library
    if report is None and unit_dirs:
        report = sys.stderr
    if report is not None:
        report_skipped(library, report)
    return library


def report_skipped(library: FileLibrary, file: TextIO) -> list[str]:
    """Write ``hexmech: skipped FILE:LINE: reason`` for each unit or board file skipped.

    One line a file (the reasons are escaped where they are made); a game that does not name
    those files goes on without them. Returns the lines written.
    """
    lines = [f"hexmech: skipped {problem}" for problem in library.problems()]
    for line in lines:
        print(line, file=file)
    return lines


def skipped_notice(problems: Sequence[str], most: int = 3) -> str | None:
    """The TUI's notice about skipped files: how many, the first few, and what to run.

    Args:
        problems: ``FILE:LINE: reason`` lines (`FileLibrary.problems`).
        most: lines quoted; the rest are counted.

    Returns:
        One notice (a line a file quoted), or None when nothing was skipped.
    """
    if not problems:
        return None
    count = len(problems)
    head = f"{count} unit or board file{'s' if count > 1 else ''} skipped (hexmech validate):"
    quoted = [Path(p.partition(":")[0]).name + p[len(p.partition(":")[0]) :] for p in problems]
    more = [f"... and {count - most} more"] if count > most else []
    return "\n".join([head, *quoted[:most], *more])


def scenario_names() -> list[str]:
    """The bundled BattleTech scenarios, by name."""
    if not SCENARIOS_DIR.is_dir():
        return []
    return sorted(p.stem for p in SCENARIOS_DIR.glob("*.toml"))


def load_scenario(name_or_path: str, library: FileLibrary) -> BTSetup:
    """Read a bundled scenario by name, or a TOML file, into a setup.

    Raises:
        ValueError: ``FILE:LINE: reason`` for a bad scenario (``FILE: reason`` when the line is
            not known, or for a missing or unreadable file).
    """
    path = Path(name_or_path)
    if not path.is_file():
        path = SCENARIOS_DIR / f"{name_or_path}.toml"
    try:
        with path.open("rb") as file:
            data = file.read(MAX_SCENARIO_BYTES + 1)
    except FileNotFoundError:
        msg = f"no scenario {name_or_path!r} (bundled: {', '.join(scenario_names())})"
        raise ValueError(msg) from None
    except OSError as exc:
        msg = f"{path}: {exc.strerror or exc}"
        raise ValueError(msg) from None
    if len(data) > MAX_SCENARIO_BYTES:
        msg = f"{path}: more than {MAX_SCENARIO_BYTES // 1024} KB: too big to be a scenario"
        raise ValueError(msg)
    try:
        return parse_scenario(data.decode("utf-8"), library)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        msg = f"{path}:{line}: not UTF-8 text (byte {exc.start + 1})"
        raise ValueError(msg) from None
    except ScenarioError as exc:
        raise ValueError(exc.where(str(path))) from None
    except ValueError as exc:
        msg = f"{path}: {exc}"
        raise ValueError(msg) from None
