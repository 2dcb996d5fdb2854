"""``hexmech validate``: check unit (``.mtf``, ``.blk``), board, scenario files, one line each.

A good file gives ``ok  NAME (summary)``, followed by its warnings indented on their own lines (at
most `MOST_WARNINGS`, then a count of the rest); a bad one gives ``FILE:LINE: reason``. A MegaMek
``.blk`` file (vehicle, platoon, battle armor) that reads well is ``ok``, its summary naming its
kind. A folder stands for its ``*.mtf``, ``*.blk`` and ``*.board`` files (not its
sub-folders); a scenario (``.toml``) is
checked when named, against the installed library (with its ``--units`` folders). Files named
``*.aod.toml`` and ``*.dw.toml`` are Age of Destruction's and Dystopian Wars', left to their
checkers (`tui.aod.validate`, `tui.dystopian.validate`). The caller
prints the lines and exits 0 when every file is good, 2 otherwise.

Boards are read by `tui.battletech.boards` (``load_board``, ``board_summary``), imported only
when a board is checked.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final

from attrs import frozen

from engine.battletech.data import catalogue
from engine.battletech.rules import special
from engine.text import printable
from tui.battletech.units import UnitFileError, load_blk, load_unit

__all__ = [
    "CHECKED_SUFFIXES",
    "FOREIGN_SUFFIX",
    "MOST_WARNINGS",
    "SCENARIO_SUFFIX",
    "Checked",
    "check",
    "check_file",
    "check_paths",
    "report_lines",
]

CHECKED_SUFFIXES: Final = (".mtf", ".blk", ".board")
"""What a folder is searched for."""
SCENARIO_SUFFIX: Final = ".toml"
"""A BattleTech scenario, checked when named (a folder of them may hold other TOML files)."""
FOREIGN_SUFFIX: Final = ".aod.toml"
"""Age of Destruction's files (`tui.aod.files.SUFFIX`): its own checker's, skipped here."""
FOREIGN_SUFFIXES: Final = (FOREIGN_SUFFIX, ".dw.toml", ".dystopian.toml")
"""Every other ruleset's TOML files: AoD's and Dystopian Wars' (`tui.dystopian.files.SUFFIX`,
and its scenarios, `tui.dystopian.validate.SCENARIO_SUFFIX`)."""
MOST_WARNINGS: Final = 10
"""Warnings printed a file; a board with a hundred odd hexes should not bury the other files."""


@frozen
class Checked:
    """The verdict on one file (or on an argument that names no file).

    Attributes:
        path: what was checked.
        name: the unit's or board's name (good files).
        summary: one line about it (good files).
        error: ``FILE:LINE: reason`` (bad files), else None.
        warnings: ``FILE:LINE: reason`` for each warning of a good file.
    """

    path: Path
    name: str = ""
    summary: str = ""
    error: str | None = None
    warnings: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """True when the file can be used."""
        return self.error is None


def check_paths(paths: Iterable[Path]) -> list[Checked]:
    """Check every file named, and the unit and board files of every folder named."""
    results: list[Checked] = []
    for path in paths:
        if path.is_dir():
            files = sorted(
                (p for p in path.iterdir() if p.suffix.lower() in CHECKED_SUFFIXES and p.is_file()),
                key=lambda p: p.name.casefold(),
            )
            if not files and not any(any(path.rglob(f"*{s}")) for s in FOREIGN_SUFFIXES):
                results.append(Checked(path, error=f"{path}: no .mtf, .blk or .board files"))
            results += [check_file(p) for p in files]
        elif not path.name.lower().endswith(FOREIGN_SUFFIXES):
            results.append(check_file(path))
    return results


def check_file(path: Path) -> Checked:
    """Check one file; never raises for a bad or missing file."""
    if not path.exists():
        return Checked(path, error=f"{path}: no such file")
    suffix = path.suffix.lower()
    if suffix == ".mtf":
        return _check_unit(path)
    if suffix == ".blk":
        return _check_blk(path)
    if suffix == ".board":
        return _check_board(path)
    if suffix == SCENARIO_SUFFIX:
        return _check_scenario(path)
    return Checked(path, error=f"{path}: not a unit (.mtf, .blk) or board (.board) file")


def _check_unit(path: Path) -> Checked:
    try:
        parsed = load_unit(path)
    except UnitFileError as exc:
        return Checked(path, error=str(exc))
    warnings = tuple(w.where(str(path)) for w in parsed.warnings)
    equipment = parsed.design.equipment
    warnings += tuple(
        f"{path}: {_item_name(equipment[index].name)} ({equipment[index].location.value}): {note}"
        for index, note in special.unplayed(parsed.design)
    )  # BT-C-75
    return Checked(path, parsed.design.name, parsed.design.summary, warnings=warnings)


def _check_blk(path: Path) -> Checked:
    """A vehicle, platoon or battle armor file: ``ok  NAME (kind: summary)``."""
    try:
        parsed = load_blk(path)
    except UnitFileError as exc:
        return Checked(path, error=str(exc))
    design = parsed.design
    warnings = tuple(w.where(str(path)) for w in parsed.warnings)
    summary = f"{design.kind}: {design.summary}"
    return Checked(path, design.name, summary, warnings=warnings)


def _item_name(key: str) -> str:
    spec = catalogue.SPECS.get(key)
    return spec.name if spec is not None else key


def _check_board(path: Path) -> Checked:
    # Imported by name, and only here: the board reader is a separate module
    # (tui.battletech.boards) that unit checks never need.
    boards = importlib.import_module("tui.battletech.boards")
    try:
        parsed = boards.load_board(path)
    except boards.BoardFileError as exc:
        return Checked(path, error=str(exc))
    warnings = tuple(_warning_text(w, path) for w in parsed.warnings)
    return Checked(path, path.stem, str(boards.board_summary(parsed.board)), warnings=warnings)


def _check_scenario(path: Path) -> Checked:
    """A scenario: ``ok  TITLE (map, sides)``, or ``FILE:LINE: reason`` (`load_scenario`)."""
    from engine.battletech import RULESET  # noqa: PLC0415 - only when a scenario is named
    from tui.battletech.library import FileLibrary, load_scenario  # noqa: PLC0415

    library = RULESET.library if isinstance(RULESET.library, FileLibrary) else FileLibrary()
    try:
        setup = load_scenario(str(path), library)
    except ValueError as exc:
        return Checked(path, error=str(exc))
    counts = [sum(1 for u in setup.units if u.side == n) for n in range(len(setup.sides))]
    sides = " v ".join(f"{side} {count}" for side, count in zip(setup.sides, counts, strict=True))
    summary = f"{setup.board.width}x{setup.board.height} map, {sides}"
    return Checked(path, setup.title or path.stem, summary)


def _warning_text(warning: object, path: Path) -> str:
    """A warning as ``FILE:LINE: reason``, whether it is a `FileFormatError` or already text."""
    where = getattr(warning, "where", None)
    return str(where(str(path))) if callable(where) else str(warning)


def report_lines(
    results: Sequence[Checked], *, quiet: bool = False, most: int = MOST_WARNINGS
) -> list[str]:
    """The report: ``ok  NAME (summary)`` and indented warnings, or the error, for each file.

    Args:
        results: what `check_paths` found.
        quiet: leave the warnings out.
        most: warnings shown a file; the rest are counted on one line.
    """
    lines: list[str] = []
    for result in results:
        if result.error is not None:
            lines.append(result.error)
            continue
        # The name and summary quote the file (its chassis and model): escaped like its errors.
        lines.append(printable(f"ok  {result.name} ({result.summary})"))
        if not quiet:
            lines += [f"    warning: {w}" for w in result.warnings[:most]]
            if len(result.warnings) > most:
                lines.append(f"    ... and {len(result.warnings) - most} more warnings")
    return lines


def check(paths: Sequence[Path], quiet: bool) -> tuple[list[str], bool]:
    """Check the files and folders named; return the report's lines and whether all are good.

    The data-file checker of BattleTech's interface (``UI.validate``, ``hexmech validate``).
    """
    results = check_paths(paths)
    return report_lines(results, quiet=quiet), all(result.ok for result in results)
