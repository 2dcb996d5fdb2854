"""Unit files on disk: the bundled sheets in ``assets/units`` and any folder a player adds.

The engine parses (`engine.battletech.data.mtf.parse_mtf` for 'Mechs,
`engine.battletech.data.blk.parse_blk` for MegaMek's vehicles, platoons and battle armor; text in,
design out); this module is the edge that opens files. A ``.blk`` unit is listed with its kind but
is not playable yet (`UnitEntry.ok` is False, `UnitEntry.not_playable` says why): the engine plays
'Mechs only (issue 20). Files are read as UTF-8 (MegaMek's own encoding), and as Latin-1 when they
are not valid UTF-8, so an old file with a stray accented byte still loads. Every problem is one
line, ``FILE:LINE: reason`` (`UnitFileError`); a library scan never raises for one bad file.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final

from attrs import frozen

from engine.battletech.data.blk import ParsedBlk, parse_blk
from engine.battletech.data.fileformat import FileFormatError
from engine.battletech.data.mtf import ParsedMech, parse_mtf
from engine.battletech.designs import OtherDesign
from engine.battletech.designs.mech import MechDesign
from tui.battletech.datafile import DataFileError, read_text

__all__ = [
    "BLK_SUFFIX",
    "CONVERSIONS_DIR",
    "MAX_UNIT_BYTES",
    "SUFFIX",
    "UNITS_DIR",
    "UnitEntry",
    "UnitFileError",
    "bundled_units",
    "check_size",
    "describe_unit",
    "load_blk",
    "load_unit",
    "read_text",
    "unit_library",
]

SUFFIX: Final = ".mtf"
BLK_SUFFIX: Final = ".blk"
"""MegaMek's vehicles, infantry and battle armor: listed, not playable yet."""
MAX_UNIT_BYTES: Final = 1024 * 1024
"""A unit file larger than this is refused unread (MegaMek's are under 10 KB)."""
UNITS_DIR: Final = Path(__file__).resolve().parents[2] / "assets" / "units"
CONVERSIONS_DIR: Final = UNITS_DIR / "conversions"
"""hexmech's own variants of published designs (not published themselves), for scenarios that
need an item no bundled design carries (the Arrow IV Catapult of the ``artillery`` scenario)."""
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


def load_blk(path: Path | str) -> ParsedBlk:
    """Read one ``.blk`` file (BT-M-3, BT-M-4): a vehicle, platoon or battle armor design.

    Raises:
        UnitFileError: the file is missing, unreadable, of a unit type hexmech does not read, or
            not a usable sheet.
    """
    path = Path(path)
    check_size(path, MAX_UNIT_BYTES, "a unit file", UnitFileError)
    text = read_text(path, UnitFileError)
    try:
        return parse_blk(text, source=str(path))
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
        design: the 'Mech's design (None when the file is bad, or not a 'Mech).
        error: ``FILE:LINE: reason`` for a bad file, else None.
        warnings: ``FILE:LINE: reason`` for each warning of a good file.
        other: a ``.blk`` file's vehicle, platoon or battle armor design (listed, not playable).
    """

    name: str
    path: Path
    design: MechDesign | None = None
    error: str | None = None
    warnings: tuple[str, ...] = ()
    other: OtherDesign | None = None

    @property
    def ok(self) -> bool:
        """True when the file gave a design the game can play."""
        return self.design is not None

    @property
    def kind(self) -> str:
        """The kind of unit: 'Mech, vehicle, infantry or battle armor ("" for a bad file)."""
        if self.design is not None:
            return "'Mech"
        return self.other.kind if self.other is not None else ""

    @property
    def not_playable(self) -> str | None:
        """Why a good file's unit cannot be played ("vehicle, not playable yet"), else None."""
        if self.other is None:
            return None
        return f"{self.other.kind}, not playable yet"


def bundled_units() -> list[Path]:
    """Return the bundled ``.mtf`` files, sorted by file name."""
    return _unit_files(UNITS_DIR)


def _unit_files(folder: Path, suffixes: tuple[str, ...] = (SUFFIX,)) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(
        (p for p in folder.iterdir() if p.suffix.lower() in suffixes and p.is_file()),
        key=lambda p: p.name.casefold(),
    )


def describe_unit(path: Path) -> UnitEntry:
    """Read one unit file into a library entry; never raises for a bad file."""
    if path.suffix.lower() == BLK_SUFFIX:
        return _describe_blk(path)
    try:
        parsed = load_unit(path)
    except UnitFileError as exc:
        return UnitEntry(path.stem, path, error=str(exc))
    design = parsed.design
    warnings = tuple(w.where(str(path)) for w in parsed.warnings)
    return UnitEntry(design.name, path, design, warnings=warnings)


def _describe_blk(path: Path) -> UnitEntry:
    """A ``.blk`` file's entry: its design as ``other`` (not playable yet), or its error."""
    try:
        parsed = load_blk(path)
    except UnitFileError as exc:
        return UnitEntry(path.stem, path, error=str(exc))
    warnings = tuple(w.where(str(path)) for w in parsed.warnings)
    return UnitEntry(parsed.design.name, path, warnings=warnings, other=parsed.design)


def unit_library(extra_dirs: Sequence[Path] = ()) -> list[UnitEntry]:
    """Scan the bundled units and ``extra_dirs`` for ``*.mtf`` and ``*.blk`` files, by name.

    A folder that does not exist adds nothing; a file reached twice is listed once. Bad files are
    listed with their error, so one broken sheet never hides the others; ``.blk`` units are
    listed with their kind, not playable yet (`UnitEntry.not_playable`).
    """
    seen: set[Path] = set()
    entries: list[UnitEntry] = []
    for folder in (UNITS_DIR, CONVERSIONS_DIR, UNITS_DIR / "blk", *extra_dirs):
        for path in _unit_files(Path(folder), (SUFFIX, BLK_SUFFIX)):
            real = path.resolve()
            if real not in seen:
                seen.add(real)
                entries.append(describe_unit(path))
    return sorted(entries, key=lambda e: (e.name.casefold(), str(e.path)))
