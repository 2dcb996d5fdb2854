"""The fleet builder's files: the user's fleet files, written and deleted (DW-22, DW-28.13 item 2).

A built fleet is saved as a ``.dw.toml`` fleet file (`engine.dystopian.data.fleetfile.format_fleet`,
the layout ``hexmech validate`` checks) in the user's folder (`tui.dystopian.library.user_folder`),
where the library reads it the next time hexmech starts; `remember` gives it to the ruleset's
library at once, so the setup form lists it and a game may start with it now.

The file is written beside its final name and renamed over it (an interrupted write leaves the old
file whole); every failure is an `OSError` for the screen to say in one line.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

import attrs

from engine.dystopian.data.fleetfile import FLEET_FORMAT, format_fleet, parse_fleet
from engine.tomlfile import DataFileError
from tui.datafiles import file_format, read_file
from tui.dystopian.files import SUFFIX, dw_files

if TYPE_CHECKING:
    from collections.abc import Mapping

    from engine.dystopian.fleet import Fleet
    from engine.dystopian.models import ModelCard

__all__ = [
    "file_name",
    "forget",
    "remember",
    "remove_fleet_file",
    "target_path",
    "user_fleets",
    "write_fleet",
]

_STEM_MAX: Final = 40
"""The longest file name made from a fleet's name, before the suffix."""
_MODE: Final = 0o644
"""A fleet file is the user's to share: readable by all, as a file the editor would write."""


def file_name(name: str) -> str:
    """The file a fleet is saved in: ``"Home Fleet"`` -> ``"home-fleet.dw.toml"``."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:_STEM_MAX].strip("-")
    return f"{stem or 'fleet'}{SUFFIX}"


def user_fleets(folder: Path, models: Mapping[str, ModelCard]) -> dict[str, Path]:
    """The fleets of the user's folder by name, each with its file (unreadable files left out)."""
    found: dict[str, Path] = {}
    if not folder.is_dir():
        return found
    for path in dw_files([folder]):
        try:
            text = read_file(path)
            if file_format(text) != FLEET_FORMAT:
                continue
            fleet = parse_fleet(text, models)
        except DataFileError:
            continue
        found.setdefault(fleet.name, path)
    return found


def target_path(folder: Path, name: str, mine: Mapping[str, Path]) -> Path:
    """Where the fleet ``name`` is saved: its own file when it has one, else a new name's."""
    return mine.get(name, folder / file_name(name))


def write_fleet(fleet: Fleet, path: Path) -> None:
    """Write ``fleet`` to ``path`` (its folder made when missing), whole or not at all.

    Raises:
        OSError: the folder cannot be made, or the disk is full or read-only.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    data = format_fleet(fleet).encode("utf-8")
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        Path(temporary).chmod(_MODE)
        Path(temporary).replace(path)
    except BaseException:
        with contextlib.suppress(OSError):
            Path(temporary).unlink()
        raise


def remove_fleet_file(path: Path) -> None:
    """Delete a fleet file.

    Raises:
        OSError: it cannot be deleted (a missing file is no error).
    """
    path.unlink(missing_ok=True)


def remember(fleet: Fleet, replaces: str | None = None) -> None:
    """Give the ruleset's library ``fleet`` now (in place of the fleet named ``replaces``)."""
    from engine.dystopian.ruleset import RULESET  # noqa: PLC0415 - the engine loads only now

    library = RULESET.library
    if library is None:
        return
    fleets = {n: f for n, f in library.fleets.items() if n not in {replaces, fleet.name}}
    fleets[fleet.name] = fleet
    RULESET.library = attrs.evolve(library, fleets=MappingProxyType(fleets))


def forget(name: str) -> None:
    """Take the fleet ``name`` out of the ruleset's library (its file was deleted)."""
    from engine.dystopian.ruleset import RULESET  # noqa: PLC0415 - the engine loads only now

    library = RULESET.library
    if library is None or name not in library.fleets:
        return
    fleets = {n: f for n, f in library.fleets.items() if n != name}
    RULESET.library = attrs.evolve(library, fleets=MappingProxyType(fleets))
