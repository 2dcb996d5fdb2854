"""AoD asset files on disk: the bundled ones in ``assets/aod`` and any a player names.

The engine parses text (`engine.aod.data`); this module opens files. AoD files are TOML, so UTF-8
(a BOM is dropped); every problem is one line ``FILE:LINE: reason``. A file is AoD's when its
name ends in `SUFFIX` (``.aod.toml``): that is how ``hexmech validate`` tells AoD files from the
BattleTech checker's ``.toml`` scenarios.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from types import MappingProxyType
from typing import Final

from attrs import frozen

from engine.aod.data.catalogue import CatalogueFile, merge, parse_catalogue
from engine.aod.data.unitfile import parse_unit
from engine.aod.terrain import TerrainPiece
from engine.aod.units import Catalogue, UnitDef
from engine.tomlfile import DataFileError
from tui.datafiles import read_file

__all__ = [
    "ASSETS_DIR",
    "SUFFIX",
    "Library",
    "aod_files",
    "bundled_files",
    "is_aod_file",
    "load_library",
]

SUFFIX: Final = ".aod.toml"
"""The end of every AoD asset file's name."""
ASSETS_DIR: Final = Path(__file__).resolve().parents[2] / "assets" / "aod"
"""The AoD files that ship with hexmech: ``catalogue/``, ``units/``, ``scenarios/``."""


def is_aod_file(path: Path) -> bool:
    """True when ``path``'s name ends in ``.aod.toml`` (any case)."""
    return path.name.lower().endswith(SUFFIX)


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
        except DataFileError as exc:
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
        except DataFileError as exc:
            skipped.append(exc.where(str(path)))
            continue
        if unit.collector in units:
            skipped.append(f"{path}: collector {unit.collector} is used twice (AOD-4)")
            continue
        units[unit.collector] = unit
    return Library(catalogue, pieces, MappingProxyType(units), tuple(skipped))
