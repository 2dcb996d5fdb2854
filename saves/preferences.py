"""The player's preferences: a small JSON file beside the saves (``settings.json``).

The options a player turns on or off once and expects remembered: the hot-seat handover prompt,
the pause for a phase summary after each resolution, and the guided first game. A missing file
gives the defaults; a damaged one gives the defaults and a one-line warning (the file is then
rewritten on the next change); a file that cannot be written is an `OSError` for the caller to
show in one line. Unknown keys are ignored, so an older hexmech reads a newer file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

from saves.scores import _write_atomically

__all__ = ["FILE_NAME", "Preferences", "load_preferences", "save_preferences"]

FILE_NAME = "settings.json"


@frozen
class Preferences:
    """What the player chose; every field has a sane default for a new player.

    Attributes:
        handover: In a hot-seat game, ask the next player to take the seat between sides.
        phase_summary: After weapon fire, physical attacks and heat, show a summary and wait for
            a key.
        tutorial: Explain each phase as it comes (the guided first game).
    """

    handover: bool = True
    phase_summary: bool = True
    tutorial: bool = True


def _path(directory: Path) -> Path:
    return directory / FILE_NAME


def load_preferences(directory: Path) -> tuple[Preferences, str | None]:
    """Read the preferences kept in ``directory``; returns them and a warning (None when fine)."""
    path = _path(directory)
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Preferences(), None
    except (OSError, UnicodeDecodeError) as error:
        return Preferences(), f"{path.name} cannot be read ({error}); using the defaults"
    try:
        data: Any = json.loads(raw)
    except ValueError:
        return Preferences(), f"{path.name} is damaged (not JSON); using the defaults"
    if not isinstance(data, dict):
        return Preferences(), f"{path.name} is damaged (not an object); using the defaults"
    known = {field.name for field in attrs.fields(Preferences)}
    values = {key: value for key, value in data.items() if key in known}
    if any(not isinstance(value, bool) for value in values.values()):
        return (
            Preferences(),
            f"{path.name} is damaged (a value is not true/false); using the defaults",
        )
    return Preferences(**values), None


def save_preferences(directory: Path, preferences: Preferences) -> None:
    """Write the preferences atomically (an `OSError` when the folder cannot be written)."""
    text = json.dumps(attrs.asdict(preferences), indent=2, sort_keys=True) + "\n"
    _write_atomically(_path(directory), text.encode("utf-8"))
