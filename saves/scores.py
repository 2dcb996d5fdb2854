"""High-score tables: one JSON file per ruleset beside the saves, read leniently, written safely.

A ruleset with a score describes its table with a `ScoreBook`: the entry class (a frozen attrs
class), the file's name, the columns and how an entry fills them, the order (best first) and the
line shown under the table. The interface registry names each ruleset's book (the ``scores`` of
`tui.ui.RulesetUI`); this module reads and writes any of them and names none.

A table lives at ``<saves dir>/<file name>`` (`ScoreBook.path_for`): by default in the user data
dir (``~/.local/share/hexmech/saves/`` on Linux), and with ``--saves DIR`` in ``DIR``, so a test or
a second player profile gets its own tables. The save list only looks at ``*.jsonl`` files, so a
table never shows up there.

The file::

    {"format": "hexmech-scores", "version": 1, "scores": [{"name": ..., "score": ...}, ...]}

- The file is ASCII (other characters as JSON escapes), like the journals. Entries are stored
  best first, so equal entries keep the order they were added in.
- Values are strict, as in save files (``saves.codec``): ``"5"``, ``5.0`` or ``true`` is never read
  as the number 5 or 1, and unknown keys are errors.
- A missing file is an empty table. A damaged one (not JSON, the wrong shape, a newer version) is an
  empty table with a one-line warning, and is never overwritten: the next `ScoreBook.add` first
  moves it to ``<name>.damaged`` (``.damaged-2``, ... when that is taken).
- Writes are atomic: a temporary file in the same folder, flushed to disk, then renamed over the
  table, so a crash leaves the old table or the new one, never half of one.
- Two programs adding scores at once keep both: `ScoreBook.add` holds an exclusive lock on a
  sibling file, ``<name>.lock``, from reading the table to renaming the new one over it (POSIX
  ``flock``; elsewhere there is no lock). Reading (`ScoreBook.load`) never locks.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

import cattrs
import cattrs.v
from attrs import frozen
from cattrs.gen import make_dict_structure_fn

from saves.codec import strict_converter
from saves.store import default_saves_dir
from saves.text import printable

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from datetime import date

__all__ = ["FORMAT", "VERSION", "ScoreBook", "ScoreTable", "daily_seed"]

FORMAT: Final = "hexmech-scores"
VERSION: Final = 1

DAMAGED_SUFFIX: Final = ".damaged"
LOCK_SUFFIX: Final = ".lock"
KEPT: Final = "it is kept, and set aside when the next score is added"

E = TypeVar("E")


@frozen
class ScoreTable(Generic[E]):
    """A table as read from disk.

    Attributes:
        entries: Best first (see `ScoreBook.add` for the order).
        warning: One line naming the file and what is wrong with it, when it could not be read;
            the entries are then empty.
    """

    entries: tuple[E, ...] = ()
    warning: str | None = None


@frozen
class ScoreBook(Generic[E]):
    """One ruleset's high-score table: what an entry holds, where it is kept, how it is shown.

    Attributes:
        title: The game's name, in headings ("High scores - <title>").
        entry_type: The frozen attrs class of an entry (stored field by field).
        columns: The column headings, wherever the table is shown (the TUI, ``hexmech scores``).
        numeric: The columns aligned to the right.
        cells: The texts of one row, in `columns` order, from the 1-based rank and the entry.
        order: The sort key of an entry, best first (the sort is stable: equal keys keep the order
            the entries were added in).
        detail: The line shown under the table for the highlighted entry.
        empty: What the screen says when the table is empty.
        file_name: The file's name inside the saves directory.
        wrap: The columns a printed table may wrap (the long texts).
        optional: The columns a narrow screen may leave out rather than wrap over more than two
            lines; `detail` must then carry their text in full.
    """

    title: str
    entry_type: type[E]
    columns: tuple[str, ...]
    numeric: frozenset[str]
    cells: Callable[[int, E], tuple[str, ...]]
    order: Callable[[E], tuple[Any, ...]]
    detail: Callable[[E], str]
    empty: str
    file_name: str = "scores.json"
    wrap: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()

    @property
    def _converter(self) -> cattrs.Converter:
        converter = _CONVERTERS.get(self.entry_type)
        if converter is None:
            converter = _CONVERTERS[self.entry_type] = _make_converter(self.entry_type)
        return converter

    @property
    def _entries_type(self) -> Any:  # noqa: ANN401 - tuple[entry_type, ...], built at run time
        return tuple[self.entry_type, ...]  # type: ignore[name-defined]

    # ------------------------------------------------------------------------------ paths
    def path_for(self, saves_dir: Path) -> Path:
        """Return where the table of a saves directory lives: ``<saves_dir>/<file_name>``.

        Args:
            saves_dir: The saves directory (the default one, or the one given with ``--saves``).
        """
        return saves_dir / self.file_name

    def default_path(self) -> Path:
        """Return the table in the user data dir (beside the saves, which it sits among)."""
        return self.path_for(default_saves_dir())

    # ------------------------------------------------------------------------------ reading
    def load(self, path: Path) -> ScoreTable[E]:
        """Read the table; never raises for a missing, unreadable or damaged file.

        Args:
            path: The table file (see `path_for`).

        Returns:
            The entries best first; an empty table when the file does not exist; an empty table
            with a one-line `warning` when it cannot be read or is damaged (the file is left as it
            is).
        """
        try:
            return ScoreTable(self._read_entries(path))
        except FileNotFoundError:
            return ScoreTable()
        except OSError as exc:
            return ScoreTable(
                warning=printable(f"{path}: cannot read the score table: {exc.strerror or exc}")
            )
        except _DamagedTableError as exc:
            return ScoreTable(
                warning=printable(f"{path}: damaged score table ({exc.reason}); {KEPT}")
            )

    def _read_entries(self, path: Path) -> tuple[E, ...]:
        """Read and check the file.

        Raises:
            OSError: The file is missing or cannot be read.
            _DamagedTableError: It is not a score table.
        """
        data = path.read_bytes()
        try:
            text = data.decode("utf-8")  # not json.loads(bytes), which would guess UTF-16 too
        except UnicodeDecodeError:
            raise _DamagedTableError("not UTF-8 text") from None
        try:
            raw = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise _DamagedTableError(f"not JSON: {exc}") from None
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise _DamagedTableError("not a hexmech score table")
        version = raw.get("version")
        if type(version) is not int or version != VERSION:
            raise _DamagedTableError(f"unknown version {version!r:.20}")
        extra = sorted(str(key) for key in set(raw) - {"format", "version", "scores"})
        if extra:
            raise _DamagedTableError(f"unknown keys: {', '.join(extra)}")
        try:
            entries: tuple[E, ...] = self._converter.structure(
                raw.get("scores"), self._entries_type
            )
        except cattrs.BaseValidationError as exc:
            raise _DamagedTableError(_describe(exc)) from None
        except (ValueError, TypeError) as exc:  # the list itself: no path inside it to name
            raise _DamagedTableError(f"{exc} @ $.scores") from None
        return self._ranked(entries)

    def _ranked(self, entries: tuple[E, ...]) -> tuple[E, ...]:
        return tuple(sorted(entries, key=self.order))

    # ------------------------------------------------------------------------------ writing
    def add(
        self,
        path: Path,
        entry: E,
        *,
        keep: int = 100,
        on_warning: Callable[[str], None] | None = None,
    ) -> int:
        """Add an entry to the table and write it back atomically.

        Entries are ranked by `order`, then by the order they were added in. Only the best
        ``keep`` entries are kept. A damaged table is first moved aside to ``<name>.damaged``
        (never over an earlier one); a new table is then started, and ``on_warning`` is told so in
        one line.

        Args:
            path: The table file; its folder is created when missing.
            entry: The new score.
            keep: How many entries the table holds.
            on_warning: Receives the one-line warning when a damaged table was moved aside.

        Returns:
            The new entry's 1-based rank, or 0 when it did not make the table (the file is then
            not written).

        Raises:
            ValueError: ``keep`` is less than 1.
            OSError: The table could not be read (other than missing) or written.
        """
        if keep < 1:
            raise ValueError(f"keep must be 1 or more, not {keep}")
        with _locked(path):
            return self._add(path, entry, keep, on_warning)

    def _add(
        self, path: Path, entry: E, keep: int, on_warning: Callable[[str], None] | None
    ) -> int:
        """`add`'s read-modify-write, under the table's lock."""
        try:
            entries = self._read_entries(path)
        except FileNotFoundError:
            entries = ()
        except _DamagedTableError as exc:
            aside = _set_aside(path)
            entries = ()
            if on_warning is not None:
                on_warning(
                    printable(
                        f"{path}: damaged score table ({exc.reason}); "
                        f"moved to {aside.name} and a new table started"
                    )
                )
        ranked = self._ranked((*entries, entry))[:keep]
        # Identity, not equality: an equal entry added earlier ranks above this one.
        rank = next((i for i, e in enumerate(ranked, 1) if e is entry), 0)
        if rank:
            _write_atomically(path, self._encode(ranked))
        return rank

    def _encode(self, entries: tuple[E, ...]) -> bytes:
        scores = [self._converter.unstructure(e, self.entry_type) for e in entries]
        data = {"format": FORMAT, "version": VERSION, "scores": scores}
        return (json.dumps(data, indent=2) + "\n").encode("ascii")


class _DamagedTableError(Exception):
    """The file exists and was read, but is not a score table this version understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def daily_seed(day: date) -> int:
    """Return the dice seed of the day: the same for everyone, so daily runs can be compared.

    It is the date read as a number, ``YYYYMMDD`` (2026-11-21 gives 20261121): easy to type as
    ``--seed``, and it never repeats.

    Args:
        day: The (local) day.
    """
    return int(day.strftime("%Y%m%d"))


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold the exclusive lock of a table (on ``<name>.lock`` beside it), waiting for it.

    The lock file stays (removing it would let two programs lock two different files).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path.with_name(path.name + LOCK_SUFFIX), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        if sys.platform != "win32":  # no flock there: the write stays atomic, not exclusive
            import fcntl  # noqa: PLC0415 - POSIX only

            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # releases the lock


def _set_aside(path: Path) -> Path:
    """Rename a damaged table to the first free ``<name>.damaged[-N]`` beside it; return that."""
    aside = path.with_name(f"{path.name}{DAMAGED_SUFFIX}")
    number = 2
    while aside.exists():
        aside = path.with_name(f"{path.name}{DAMAGED_SUFFIX}-{number}")
        number += 1
    path.rename(aside)
    return aside


def _write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file in the same folder, flush it to disk, then rename it over ``path``.

    A crash at any point leaves either the old file or the new one; the temporary file is removed
    when anything fails.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        Path(temp).replace(path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    _fsync_directory(path.parent)


def _fsync_directory(directory: Path) -> None:
    """Make the rename itself durable where the system allows it (POSIX; a no-op elsewhere)."""
    with contextlib.suppress(OSError):  # Windows cannot open a folder
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


# ---------------------------------------------------------------------------------- the converter
_CONVERTERS: dict[type[Any], cattrs.Converter] = {}
"""One converter per kind of entry, made on first use."""


def _make_converter(entry_type: type[Any]) -> cattrs.Converter:
    """Build the converter of one kind of entry, as strict as ``saves.codec``'s.

    No "5" for 5, no true for 1, no unknown keys; the list of scores must be a JSON array and each
    entry a JSON object.
    """
    conv = strict_converter()
    entry_fn = make_dict_structure_fn(entry_type, conv)

    def structure_entry(value: object, cls: type[Any]) -> Any:  # noqa: ANN401 - any entry type
        if not isinstance(value, dict):
            raise TypeError(f"expected a score object, not {type(value).__name__}")
        return entry_fn(value, cls)

    conv.register_structure_hook(entry_type, structure_entry)
    # cattrs' own tuple hook notes the index of a bad entry; it would also take a string or an
    # object and iterate over it, so a list is checked for first.
    entries_type = tuple[entry_type, ...]  # type: ignore[valid-type]
    entries_fn = conv.get_structure_hook(entries_type)

    def structure_entries(value: object, cls: object) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise TypeError(f"expected a list of scores, not {type(value).__name__}")
        result: tuple[Any, ...] = entries_fn(value, cls)
        return result

    conv.register_structure_hook_func(lambda t: t == entries_type, structure_entries)
    return conv


def _describe(exc: cattrs.BaseValidationError) -> str:
    """Say in one line what is wrong, with the JSON path (``$.scores[2].score: expected int``)."""
    lines = cattrs.transform_error(exc, path="$.scores", format_exception=_format_error)
    return printable("; ".join(lines))  # the paths and messages quote the file's keys and values


def _format_error(exc: BaseException, kind: type | None) -> str:
    """Word one error: our hooks' and validators' messages as they are, others as cattrs does."""
    if isinstance(exc, (TypeError, ValueError)) and exc.args and isinstance(exc.args[0], str):
        return exc.args[0]  # attrs validators add the attribute and the value to the args
    return cattrs.v.format_exception(exc, kind)
