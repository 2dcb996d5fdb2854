"""Dystopian Wars asset files on disk: the bundled ones in ``assets/dystopian`` and any named.

The engine parses text (`engine.dystopian.data`); this module opens files. DW files are TOML, so
UTF-8 (a BOM is dropped); every problem is one line ``FILE:LINE: reason``. A file is DW's when its
name ends in `SUFFIX` (``.dw.toml``): that is how ``hexmech validate`` tells DW files from
BattleTech's ``.toml`` scenarios and AoD's ``.aod.toml`` files. Opening a file is the shared
`tui.datafiles.read_file`.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from types import MappingProxyType
from typing import Final

from attrs import frozen

from engine.dystopian.data.catalogue import CatalogueFile, merge, parse_catalogue
from engine.dystopian.data.fleetfile import parse_fleet
from engine.dystopian.data.modelfile import parse_model
from engine.dystopian.fleet import Fleet
from engine.dystopian.models import Catalogue, ModelCard
from engine.text import printable
from engine.tomlfile import DataFileError
from tui.datafiles import read_file

__all__ = [
    "ASSETS_DIR",
    "SUFFIX",
    "Library",
    "bundled_files",
    "dw_files",
    "is_dw_file",
    "load_library",
]

SUFFIX: Final = ".dw.toml"
"""The end of every Dystopian Wars asset file's name."""
ASSETS_DIR: Final = Path(__file__).resolve().parents[2] / "assets" / "dystopian"
"""The DW files that ship with hexmech: ``catalogue/``, ``models/``, ``fleets/``."""


def is_dw_file(path: Path) -> bool:
    """True when ``path``'s name ends in ``.dw.toml`` (any case)."""
    return path.name.lower().endswith(SUFFIX)


def bundled_files(folder: str, root: Path = ASSETS_DIR) -> list[Path]:
    """The files of one folder of ``assets/dystopian`` (or ``root``), sorted by name."""
    return sorted((root / folder).glob(f"*{SUFFIX}"))


def dw_files(paths: Iterable[Path]) -> list[Path]:
    """The DW files among ``paths``: each named one, and those under each named folder."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.is_file() and is_dw_file(p))
        elif is_dw_file(path):
            found.append(path)
    return found


@frozen
class Library:
    """Everything a game reads from the asset folders (DW-28.13 item 2).

    Attributes:
        catalogue: MARs, generators, tiny flyers and STAR cards.
        models: model cards by id.
        fleets: the sample fleets by name.
        skipped: ``FILE:LINE: reason`` of each file that could not be used.
    """

    catalogue: Catalogue
    models: MappingProxyType[str, ModelCard]
    fleets: MappingProxyType[str, Fleet]
    skipped: tuple[str, ...] = ()


def load_library(folder: Path = ASSETS_DIR) -> Library:
    """Read ``folder``'s ``catalogue/``, ``models/`` and ``fleets/`` (the bundled ones by default).

    Never raises for a bad file: it is left out and named in `Library.skipped`.
    """
    skipped: list[str] = []
    parts: list[CatalogueFile] = []
    for path in bundled_files("catalogue", folder):
        try:
            part = parse_catalogue(read_file(path))
            merge([*parts, part])
        except DataFileError as exc:
            skipped.append(exc.where(str(path)))
            continue
        except ValueError as exc:
            skipped.append(f"{printable(str(path))}: {printable(str(exc))}")
            continue
        parts.append(part)
    catalogue = merge(parts)
    models: dict[str, ModelCard] = {}
    for path in bundled_files("models", folder):
        try:
            model = parse_model(read_file(path), catalogue)
        except DataFileError as exc:
            skipped.append(exc.where(str(path)))
            continue
        if model.id in models:
            skipped.append(DataFileError(f"model id {model.id} is used twice").where(str(path)))
            continue
        models[model.id] = model
    fleets: dict[str, Fleet] = {}
    for path in bundled_files("fleets", folder):
        try:
            fleet = parse_fleet(read_file(path), models)
        except DataFileError as exc:
            skipped.append(exc.where(str(path)))
            continue
        fleets[fleet.name] = fleet
    return Library(catalogue, MappingProxyType(models), MappingProxyType(fleets), tuple(skipped))
