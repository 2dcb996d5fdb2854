"""Give the screens a narrow view of the save store: list, delete, and what a listing row holds.

The TUI reads saves through `SaveLibrary`, two injected callables (by default `saves.store`'s), so
tests can hand in fakes.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

import attrs

from saves.store import SaveInfo, default_saves_dir, delete_save, list_saves

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

IN_PROGRESS = "in progress"
"""The `status` of a save whose game is not over."""


#: What the TUI reads from one listed save.
SaveSummary: TypeAlias = SaveInfo


@attrs.frozen
class SaveLibrary:
    """The saves directory and the two operations the TUI performs on it.

    Attributes:
        directory: Where the journals live.
        lister: Lists a directory's saves, newest first; unreadable files come back damaged.
        deleter: Deletes one save file.
    """

    directory: Path
    lister: Callable[[Path], Sequence[SaveSummary]] = list_saves
    deleter: Callable[[Path], None] = delete_save

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
            directory=default_saves_dir() if directory is None else Path(directory),
            lister=lister or list_saves,
            deleter=deleter or delete_save,
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
