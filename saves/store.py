"""Where saves live, and what a list of them shows (DESIGN 4).

Saves are ``*.jsonl`` journals in the user data dir (platformdirs), or in a directory given with
``--saves DIR``. Listing never raises for a bad file: it comes back with ``status="damaged"`` and a
one-line ``error``, so one broken save never hides the others.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import platformdirs
from attrs import frozen

from saves.journal import SaveError, read_game

__all__ = ["SUFFIX", "SaveInfo", "default_saves_dir", "delete_save", "list_saves", "new_save_path"]

SUFFIX = ".jsonl"


@frozen
class SaveInfo:
    """One line of a save list.

    Attributes:
        path: the file.
        ruleset: the ruleset's registry name.
        title: its human name.
        created: when the game began (None when unreadable).
        entries: accepted commands in effect.
        turn: where the game stands, e.g. "turn 3".
        status: "in progress", "finished" or "damaged".
        result: who won, or None.
        players: the sides.
        size: bytes.
        error: why the file could not be read, for damaged saves.
    """

    path: Path
    ruleset: str
    title: str
    created: datetime | None
    entries: int
    turn: str
    status: str
    result: str | None
    players: tuple[str, ...]
    size: int
    error: str | None = None


def default_saves_dir() -> Path:
    """Return the user's save directory (it may not exist yet)."""
    return platformdirs.user_data_path("hexmech", appauthor=False) / "saves"


def new_save_path(directory: Path, ruleset: str, created: datetime) -> Path:
    """Return a path for a new save that does not exist yet, named after ruleset and time."""
    stem = f"{ruleset}-{created:%Y%m%d-%H%M%S}"
    path = directory / f"{stem}{SUFFIX}"
    number = 2
    while path.exists():
        path = directory / f"{stem}-{number}{SUFFIX}"
        number += 1
    return path


def describe_save(path: Path) -> SaveInfo:
    """Read one save and summarise it; a bad file gives a damaged entry, never an exception."""
    try:
        data = path.read_bytes()
        loaded = read_game(data, path.name)
    except (OSError, SaveError) as exc:
        reason = str(exc) if isinstance(exc, SaveError) else f"{path.name}: {exc.strerror or exc}"
        size = path.stat().st_size if path.exists() else 0
        return SaveInfo(path, "?", "?", None, 0, "", "damaged", None, (), size, reason)
    game = loaded.game
    summary = game.summary
    try:
        created: datetime | None = datetime.fromisoformat(str(loaded.header.get("created")))
    except ValueError:
        created = None
    return SaveInfo(
        path=path,
        ruleset=game.ruleset.name,
        title=game.ruleset.title,
        created=created,
        entries=game.cursor,
        turn=summary.turn,
        status=summary.status,
        result=summary.result,
        players=summary.players,
        size=len(data),
    )


def list_saves(directory: Path) -> list[SaveInfo]:
    """Return every save in ``directory``, newest first (by modification time); [] if none."""
    if not directory.is_dir():
        return []
    paths = [p for p in directory.glob(f"*{SUFFIX}") if p.is_file() and not p.is_symlink()]
    paths.sort(key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
    return [describe_save(p) for p in paths]


def delete_save(path: Path) -> None:
    """Delete a save file (the caller has asked the player first)."""
    path.unlink(missing_ok=True)
