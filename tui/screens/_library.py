"""Give the screens a narrow view of the save store: list, delete, and what a listing row holds.

The TUI reads saves through `SaveLibrary`, two injected callables, so tests can hand in fakes and
the screens never import the store directly. The defaults load `saves.store` on first use.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

import attrs

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from saves.store import SaveInfo

IN_PROGRESS = "in progress"
"""The `status` of a save whose game is not over."""


#: What the TUI reads from one listed save.
SaveSummary: TypeAlias = "SaveInfo"


def _store_list_saves(directory: Path) -> Sequence[SaveSummary]:
    """List saves with the real store, imported on first use."""
    from saves.store import list_saves  # noqa: PLC0415 - the store loads only when saves are shown

    return list_saves(directory)


def _store_delete_save(path: Path) -> None:
    """Delete a save with the real store, imported on first use."""
    from saves.store import delete_save  # noqa: PLC0415 - see _store_list_saves

    delete_save(path)


def _store_default_dir() -> Path:
    """Return the store's default saves directory, imported on first use."""
    from saves.store import default_saves_dir  # noqa: PLC0415 - see _store_list_saves

    return default_saves_dir()


@attrs.frozen
class SaveLibrary:
    """The saves directory and the two operations the TUI performs on it.

    Attributes:
        directory: Where the journals live.
        lister: Lists a directory's saves, newest first; unreadable files come back damaged.
        deleter: Deletes one save file.
    """

    directory: Path
    lister: Callable[[Path], Sequence[SaveSummary]] = _store_list_saves
    deleter: Callable[[Path], None] = _store_delete_save

    @classmethod
    def create(
        cls,
        directory: Path | None = None,
        lister: Callable[[Path], Sequence[SaveSummary]] | None = None,
        deleter: Callable[[Path], None] | None = None,
    ) -> SaveLibrary:
        """Build a library, filling what is not given from `saves.store`.

        Args:
            directory: The saves directory; the store's default when None.
            lister: Replaces `saves.store.list_saves` (tests pass fakes).
            deleter: Replaces `saves.store.delete_save`.

        Returns:
            The library.
        """
        return cls(
            directory=_store_default_dir() if directory is None else Path(directory),
            lister=lister or _store_list_saves,
            deleter=deleter or _store_delete_save,
        )

    def scan(self) -> list[SaveSummary]:
        """List the saves, newest first.

        Returns:
            The saves; damaged ones included, with their `error` set.

        Raises:
            OSError: The directory exists but cannot be read.
        """
        return list(self.lister(self.directory))

    def delete(self, save: SaveSummary) -> None:
        """Delete one save.

        Args:
            save: The save to delete.

        Raises:
            OSError: The file could not be removed.
        """
        self.deleter(save.path)


def damage_report(save: SaveSummary) -> str:
    """Say in one line why a save cannot be opened, naming the file once.

    Args:
        save: A damaged save (its `error` is set).

    Returns:
        E.g. "broken.jsonl:1: not a hexmech save".
    """
    error = save.error or "unreadable"
    name = save.path.name
    return error if error.startswith(name) else f"{name}: {error}"


def newest_in_progress(saves: Sequence[SaveSummary]) -> SaveSummary | None:
    """Pick the save Continue resumes.

    Args:
        saves: Saves, newest first.

    Returns:
        The newest readable save whose game is in progress, or None.
    """
    return next((s for s in saves if s.status == IN_PROGRESS and s.error is None), None)
