"""The Age of Destruction ruleset's library: the bundled, the user's and the named asset files.

`install` gives ``engine.aod``'s ruleset (`engine.aod.ruleset.RULESET`) its `Library` (AOD-26.13
A): the bundled ``assets/aod`` files, the user's folder (``aod`` in hexmech's user data folder)
and any folder named with ``--units``. Catalogue files are read first (all of them, joined), then
unit files against the joined catalogue. A file that cannot be used is left out and named
(``FILE:LINE: reason``); a game that does not need it goes on without it.

`read_library` reads the files; the engine reads none (it is given the result).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, TextIO

import platformdirs

from tui.aod.files import aod_files, bundled_files
from tui.datafiles import file_format, read_file, report_skipped

if TYPE_CHECKING:
    from engine.aod.data.catalogue import CatalogueFile
    from engine.aod.ruleset import Library
    from engine.aod.units import UnitDef

__all__ = ["install", "read_library", "user_folder"]


def user_folder() -> Path:
    """The user's own AoD files: ``aod`` in hexmech's user data folder."""
    return platformdirs.user_data_path("hexmech", appauthor=False) / "aod"


def _files(folders: Sequence[Path]) -> list[Path]:
    """The bundled catalogue and unit files, then the AoD files of the user's and named folders."""
    found = [*bundled_files("catalogue"), *bundled_files("units")]
    extra = [user_folder(), *folders]
    return found + aod_files(folder for folder in extra if folder.is_dir())


def _read(paths: Sequence[Path], skipped: list[str]) -> list[tuple[Path, str, str]]:
    """Each readable file with its ``format`` and text; the others named in ``skipped``."""
    from engine.tomlfile import DataFileError  # noqa: PLC0415

    texts: list[tuple[Path, str, str]] = []
    for path in paths:
        try:
            text = read_file(path)
        except DataFileError as exc:
            skipped.append(exc.where(str(path)))
            continue
        texts.append((path, file_format(text), text))
    return texts


def _catalogue(texts: Sequence[tuple[Path, str, str]], skipped: list[str]) -> list[CatalogueFile]:
    """The catalogue files that join the others (an id defined twice leaves its file out)."""
    from engine.aod.data.catalogue import CATALOGUE_FORMAT, merge, parse_catalogue  # noqa: PLC0415
    from engine.tomlfile import DataFileError  # noqa: PLC0415

    parts: list[CatalogueFile] = []
    for path, kind, text in texts:
        if kind != CATALOGUE_FORMAT:
            continue
        try:
            part = parse_catalogue(text)
            merge([*parts, part])
        except DataFileError as exc:
            skipped.append(exc.where(str(path)))
            continue
        except ValueError as exc:
            skipped.append(f"{path}: {exc}")
            continue
        parts.append(part)
    return parts


def read_library(folders: Sequence[Path] = ()) -> tuple[Library, list[str]]:
    """Read every catalogue and unit file; return the library and the files left out.

    Never raises for a bad file: it is left out and named ``FILE:LINE: reason``.
    """
    from engine.aod.data.catalogue import merge  # noqa: PLC0415
    from engine.aod.data.unitfile import UNIT_FORMAT, parse_unit  # noqa: PLC0415
    from engine.aod.ruleset import Library  # noqa: PLC0415 - the engine loads only now
    from engine.tomlfile import DataFileError  # noqa: PLC0415

    skipped: list[str] = []
    texts = _read(_files(folders), skipped)
    catalogue, pieces = merge(_catalogue(texts, skipped))
    units: dict[str, UnitDef] = {}
    for path, kind, text in texts:
        if kind != UNIT_FORMAT:
            continue
        try:
            unit = parse_unit(text, catalogue)
        except DataFileError as exc:
            skipped.append(exc.where(str(path)))
            continue
        if unit.collector in units:
            skipped.append(f"{path}: collector {unit.collector} is used twice (AOD-4)")
            continue
        units[unit.collector] = unit
    return Library(MappingProxyType(units), pieces, catalogue), skipped


def install(folders: Sequence[Path] = (), *, report: TextIO | None = None) -> Library:
    """Read the library and give it to the ruleset; name the skipped files on ``report``.

    ``report``: by default standard error when ``folders`` are named (``--units``), else nowhere.
    """
    from engine.aod.ruleset import RULESET  # noqa: PLC0415 - the engine loads only now

    library, skipped = read_library(folders)
    RULESET.library = library
    report_skipped(skipped, report, named=bool(folders))
    return library
