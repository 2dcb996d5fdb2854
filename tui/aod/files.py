"""AoD asset files on disk: the bundled ones in ``assets/aod`` and any a player names.

The engine parses text (`engine.aod.data`); this module opens files. AoD files are TOML, so UTF-8
(a BOM is dropped); every problem is one line ``FILE:LINE: reason``. A file is AoD's when its
name ends in `SUFFIX` (``.aod.toml``): that is how ``hexmech validate`` tells AoD files from the
BattleTech checker's ``.toml`` scenarios.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from types import MappingProxyType
from typing import Final

from attrs import frozen

from engine.aod.data.catalogue import CatalogueFile, merge, parse_catalogue
from engine.aod.data.tomlfile import AodFileError
from engine.aod.data.unitfile import parse_unit
from engine.aod.terrain import TerrainPiece
from engine.aod.units import Catalogue, UnitDef

__all__ = [
    "ASSETS_DIR",
    "MAX_BYTES",
    "SUFFIX",
    "Library",
    "aod_files",
    "bundled_files",
    "file_format",
    "is_aod_file",
    "load_library",
    "read_file",
]

SUFFIX: Final = ".aod.toml"
"""The end of every AoD asset file's name."""
ASSETS_DIR: Final = Path(__file__).resolve().parents[2] / "assets" / "aod"
"""The AoD files that ship with hexmech: ``catalogue/``, ``units/``, ``scenarios/``."""
MAX_BYTES: Final = 256 * 1024
"""A file larger than this is refused unread (the largest bundled one is under 4 KB)."""


def is_aod_file(path: Path) -> bool:
    """True when ``path``'s name ends in ``.aod.toml`` (any case)."""
    return path.name.lower().endswith(SUFFIX)


def read_file(path: Path) -> str:
    """The text of an AoD file.

    Raises:
        AodFileError: missing, unreadable, too large or not UTF-8 (no line).
    """
    try:
        if path.stat().st_size > MAX_BYTES:
            raise AodFileError(f"larger than {MAX_BYTES // 1024} KB")
        data = path.read_bytes()
    except FileNotFoundError:
        raise AodFileError("no such file") from None
    except IsADirectoryError:
        raise AodFileError("a folder, not a file") from None
    except OSError as exc:
        raise AodFileError(exc.strerror or str(exc)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise AodFileError("not UTF-8 text (TOML files are UTF-8)", line=line) from None


def file_format(text: str) -> str:
    """The ``format`` key of a file's text ("" when it has none or is no TOML)."""
    try:
        value = tomllib.loads(text).get("format", "")
    except (tomllib.TOMLDecodeError, RecursionError):
        return ""
    return value if isinstance(value, str) else ""


def bundled_files(folder: str) -> list[Path]:
    """The bundled files of one folder of ``assets/aod``, sorted by name."""
    return sorted((ASSETS_DIR / folder).glob(f"*{SUFFIX}"))


def aod_files(paths: Iterable[Path]) -> list[Path]:
    """The AoD files among ``paths``: each named one, and those under each named folder."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.is_file() and is_aod_file(p))
        elif is_aod_file(path):
            found.append(path)
    return found


@frozen
class Library:
    """Everything a game reads from the asset folders (AOD-26.13 A).

    Attributes:
        catalogue: SE, heat dials, markers, factions, alliances and cards.
        pieces: the terrain piece library by name (AOD-26.8).
        units: units by collector number.
        skipped: ``FILE:LINE: reason`` of each file that could not be used.
    """

    catalogue: Catalogue
    pieces: MappingProxyType[str, TerrainPiece]
    units: MappingProxyType[str, UnitDef]
    skipped: tuple[str, ...] = ()


def load_library(folder: Path = ASSETS_DIR) -> Library:
    """Read ``folder``'s ``catalogue/`` and ``units/`` (the bundled ones by default).

    Never raises for a bad file: it is left out and named in `Library.skipped`.
    """
    skipped: list[str] = []
    parts: list[CatalogueFile] = []
    for path in sorted((folder / "catalogue").glob(f"*{SUFFIX}")):
        try:
            part = parse_catalogue(read_file(path))
            merge([*parts, part])
        except AodFileError as exc:
            skipped.append(exc.where(str(path)))
            continue
        except ValueError as exc:
            skipped.append(f"{path}: {exc}")
            continue
        parts.append(part)
    catalogue, pieces = merge(parts)
    units: dict[str, UnitDef] = {}
    for path in sorted((folder / "units").glob(f"*{SUFFIX}")):
        try:
            unit = parse_unit(read_file(path), catalogue)
        except AodFileError as exc:
            skipped.append(exc.where(str(path)))
            continue
        if unit.collector in units:
            skipped.append(f"{path}: collector {unit.collector} is used twice (AOD-4)")
            continue
        units[unit.collector] = unit
    return Library(catalogue, pieces, MappingProxyType(units), tuple(skipped))
