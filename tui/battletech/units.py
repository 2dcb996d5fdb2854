"""'Mech unit files on disk: the bundled sheets in ``assets/units`` and any folder a player adds.

The engine parses (`engine.battletech.mtf.parse_mtf`, text in, design out); this module is the edge
that opens files. Files are read as UTF-8 (MegaMek's own encoding), and as Latin-1 when they are not
valid UTF-8, so an old file with a stray accented byte still loads. Every problem is one line,
``FILE:LINE: reason`` (`UnitFileError`); a library scan never raises for one bad file.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final

from attrs import frozen

from engine.battletech.fileformat import FileFormatError
from engine.battletech.mtf import ParsedMech, parse_mtf
from engine.battletech.units import MechDesign
from tui.battletech.datafile import DataFileError, read_text

__all__ = [
    "MAX_UNIT_BYTES",
    "SUFFIX",
    "UNITS_DIR",
    "UnitEntry",
    "UnitFileError",
    "bundled_units",
    "check_size",
    "load_unit",
    "read_text",
    "unit_library",
]

SUFFIX: Final = ".mtf"
MAX_UNIT_BYTES: Final = 1024 * 1024
"""A unit file larger than this is refused unread (MegaMek's are under 10 KB)."""
UNITS_DIR: Final = Path(__file__).resolve().parents[2] / "assets" / "units"
"""The 'Mech sheets that ship with hexmech (``assets/units``)."""


class UnitFileError(DataFileError):
    """A unit file that cannot be used; its text is ``FILE:LINE: reason`` (``FILE: reason``)."""


def load_unit(path: Path | str) -> ParsedMech:
    """Read one ``.mtf`` file (BT-M-5): the design and its warnings.

    Raises:
        UnitFileError: the file is missing, unreadable, or not a playable 'Mech sheet.
    """
    path = Path(path)
    check_size(path, MAX_UNIT_BYTES, "a unit file", UnitFileError)
    text = read_text(path, UnitFileError)
    try:
        return parse_mtf(text, source=str(path))
    except FileFormatError as exc:
        raise UnitFileError(path, exc.line, exc.reason) from None
    except Exception as exc:  # noqa: BLE001 - a reader bug must not stop a library scan
        raise UnitFileError(path, 0, f"cannot be read ({type(exc).__name__})") from None


def check_size(path: Path, most: int, what: str, error: type[DataFileError]) -> None:
    """Refuse a file of more than ``most`` bytes before reading it (one line, ``FILE: reason``).

    A file that cannot be looked at passes: reading it then says why.

    Raises:
        DataFileError: (of the ``error`` subclass) the file is too big to be ``what``.
    """
    try:
        size = path.stat().st_size
    except (OSError, ValueError):
        return
    if size > most:
        raise error(path, 0, f"{size // 1024} KB: too big to be {what} (at most {most // 1024} KB)")


@frozen
class UnitEntry:
    """One file of a unit library: its design, or why it could not be read.

    Attributes:
        name: the design's name ("Atlas AS7-D"), or the file's stem when it could not be read.
        path: the file.
        design: the design (None when the file is bad).
        error: ``FILE:LINE: reason`` for a bad file, else None.
        warnings: ``FILE:LINE: reason`` for each warning of a good file.
    """

    name: str
    path: Path
    design: MechDesign | None = None
    error: str | None = None
    warnings: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """True when the file gave a design."""
        return self.design is not None


def bundled_units() -> list[Path]:
    """Return the bundled ``.mtf`` files, sorted by file name."""
    return _unit_files(UNITS_DIR)


def _unit_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(
        (p for p in folder.iterdir() if p.suffix.lower() == SUFFIX and p.is_file()),
        key=lambda p: p.name.casefold(),
    )


def describe_unit(path: Path) -> UnitEntry:
    """Read one unit file into a library entry; never raises for a bad file."""
    try:
        parsed = load_unit(path)
    except UnitFileError as exc:
        return UnitEntry(path.stem, path, error=str(exc))
    design = parsed.design
    warnings = tuple(w.where(str(path)) for w in parsed.warnings)
    return UnitEntry(design.name, path, design, warnings=warnings)


def unit_library(extra_dirs: Sequence[Path] = ()) -> list[UnitEntry]:
    """Scan the bundled units and ``extra_dirs`` for ``*.mtf`` files, sorted by name.

    A folder that does not exist adds nothing; a file reached twice is listed once. Bad files are
    listed with their error, so one broken sheet never hides the others.
    """
    seen: set[Path] = set()
    entries: list[UnitEntry] = []
    for folder in (UNITS_DIR, *extra_dirs):
        for path in _unit_files(Path(folder)):
            real = path.resolve()
            if real not in seen:
                seen.add(real)
                entries.append(describe_unit(path))
    return sorted(entries, key=lambda e: (e.name.casefold(), str(e.path)))
