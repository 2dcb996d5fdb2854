"""The Dystopian Wars ruleset's library: the bundled, the user's and the named fleet files.

`install` gives ``engine.dystopian``'s ruleset (`engine.dystopian.ruleset.RULESET`) its
`Library` (DW-28.13 item 2): the fleets a scenario names, with their model cards, and the
catalogue's STAR cards (DW-8), dealt when a scenario plays with them. The files are
the bundled ``assets/dystopian`` ones (``catalogue/``, ``models/``, ``fleets/``), then the
``.dw.toml`` files of the user's folder (``dystopian`` in hexmech's user data folder) and of any
folder named with ``--units``, told apart by their ``format`` key. Catalogue files are read first
(all of them, joined), then model files against the joined catalogue, then fleet files against
the models. A file that cannot be used is left out and named (``FILE:LINE: reason``); a game that
does not need it goes on without it.

`read_library` reads the files; the engine reads none (it is given the result).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, TextIO

import platformdirs

from tui.datafiles import file_format, read_file, report_skipped
from tui.dystopian.files import bundled_files, dw_files

if TYPE_CHECKING:
    from engine.dystopian.data.catalogue import CatalogueFile
    from engine.dystopian.fleet import Fleet
    from engine.dystopian.models import Catalogue, ModelCard
    from engine.dystopian.ruleset import Library

__all__ = ["install", "read_library", "read_models", "user_folder"]

_Texts = list[tuple[Path, str, str]]
"""Each readable file with its ``format`` and its text."""


def user_folder() -> Path:
    """The user's own Dystopian Wars files: ``dystopian`` in hexmech's user data folder."""
    return platformdirs.user_data_path("hexmech", appauthor=False) / "dystopian"


def _files(folders: Sequence[Path]) -> list[Path]:
    """The bundled files, then the DW files of the user's folder and of the named folders."""
    found = [*bundled_files("catalogue"), *bundled_files("models"), *bundled_files("fleets")]
    extra = [user_folder(), *folders]
    return found + dw_files(folder for folder in extra if folder.is_dir())


def _read(paths: Sequence[Path], skipped: list[str]) -> _Texts:
    """Each readable file with its ``format`` and text; the others named in ``skipped``."""
    from engine.tomlfile import DataFileError  # noqa: PLC0415

    texts: _Texts = []
    for path in paths:
        try:
            text = read_file(path)
        except DataFileError as exc:
            skipped.append(exc.where(str(path)))
            continue
        texts.append((path, file_format(text), text))
    return texts


def _catalogue(texts: _Texts, skipped: list[str]) -> Catalogue:
    """The joined catalogue files (an id defined twice leaves its file out)."""
    from engine.dystopian.data.catalogue import (  # noqa: PLC0415
        CATALOGUE_FORMAT,
        merge,
        parse_catalogue,
    )
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
    return merge(parts)


def _models(texts: _Texts, catalogue: Catalogue, skipped: list[str]) -> dict[str, ModelCard]:
    """The model cards by id (an id used twice leaves the later file out)."""
    from engine.dystopian.data.modelfile import MODEL_FORMAT, parse_model  # noqa: PLC0415
    from engine.tomlfile import DataFileError  # noqa: PLC0415

    models: dict[str, ModelCard] = {}
    for path, kind, text in texts:
        if kind != MODEL_FORMAT:
            continue
        try:
            model = parse_model(text, catalogue)
        except DataFileError as exc:
            skipped.append(exc.where(str(path)))
            continue
        if model.id in models:
            skipped.append(f"{path}: model id {model.id} is used twice")
            continue
        models[model.id] = model
    return models


def _fleets(texts: _Texts, models: dict[str, ModelCard], skipped: list[str]) -> dict[str, Fleet]:
    """The fleets by name (a name used twice leaves the later file out)."""
    from engine.dystopian.data.fleetfile import FLEET_FORMAT, parse_fleet  # noqa: PLC0415
    from engine.tomlfile import DataFileError  # noqa: PLC0415

    fleets: dict[str, Fleet] = {}
    for path, kind, text in texts:
        if kind != FLEET_FORMAT:
            continue
        try:
            fleet = parse_fleet(text, models)
        except DataFileError as exc:
            skipped.append(exc.where(str(path)))
            continue
        if fleet.name in fleets:
            skipped.append(f"{path}: fleet {fleet.name!r} is named twice")
            continue
        fleets[fleet.name] = fleet
    return fleets


def read_library(folders: Sequence[Path] = ()) -> tuple[Library, list[str]]:
    """Read every catalogue, model and fleet file; return the library and the files left out.

    Never raises for a bad file: it is left out and named ``FILE:LINE: reason``.
    """
    from engine.dystopian.ruleset import Library  # noqa: PLC0415 - the engine loads only now

    skipped: list[str] = []
    texts = _read(_files(folders), skipped)
    catalogue = _catalogue(texts, skipped)
    models = _models(texts, catalogue, skipped)
    fleets = _fleets(texts, models, skipped)
    return Library(MappingProxyType(fleets), tuple(catalogue.cards.values())), skipped


def read_models(folders: Sequence[Path] = ()) -> dict[str, ModelCard]:
    """The model cards by id of the same files (the fleet builder's roster); never raises."""
    skipped: list[str] = []
    texts = _read(_files(folders), skipped)
    return _models(texts, _catalogue(texts, skipped), skipped)


def install(folders: Sequence[Path] = (), *, report: TextIO | None = None) -> Library:
    """Read the library and give it to the ruleset; name the skipped files on ``report``.

    ``report``: by default standard error when ``folders`` are named (``--units``), else nowhere.
    """
    from engine.dystopian.ruleset import RULESET  # noqa: PLC0415 - the engine loads only now

    library, skipped = read_library(folders)
    RULESET.library = library
    report_skipped(skipped, report, named=bool(folders))
    return library
