"""The Paper 'Mech high-score table: one JSON file beside the saves, read leniently, written safely.

The table lives at ``<saves dir>/scores.json`` (`scores_path_for`): by default in the user data dir
(``~/.local/share/hexmech/saves/scores.json`` on Linux), and with ``--saves DIR`` at
``DIR/scores.json``, so a test or a second player profile gets its own table. The save list only
looks at ``*.jsonl`` files, so the table never shows up there.

The file::

    {"format": "hexmech-scores", "version": 1, "scores": [{"name": ..., "score": ...}, ...]}

- The file is ASCII (other characters as JSON escapes), like the journals. Entries are stored
  best first, so equal entries keep the order they were added in.
- Values are strict, as in save files (``saves.codec``): ``"5"``, ``5.0`` or ``true`` is never read
  as the number 5 or 1, and unknown keys are errors.
- A missing file is an empty table. A damaged one (not JSON, the wrong shape, a newer version) is an
  empty table with a one-line warning, and is never overwritten: the next `add_score` first moves it
  to ``scores.json.damaged`` (``.damaged-2``, ... when that is taken).
- Writes are atomic: a temporary file in the same folder, flushed to disk, then renamed over the
  table, so a crash leaves the old table or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Final

import attrs
import cattrs
import cattrs.v
from attrs import frozen
from cattrs.gen import make_dict_structure_fn

from saves.codec import strict_converter
from saves.store import default_saves_dir

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = [
    "COLUMNS",
    "FILE_NAME",
    "MODES",
    "NUMERIC_COLUMNS",
    "ScoreEntry",
    "ScoreTable",
    "add_score",
    "daily_seed",
    "default_scores_path",
    "entry_cells",
    "load_scores",
    "scores_path_for",
]

FILE_NAME: Final = "scores.json"
"""The table's file name inside the saves directory."""

FORMAT: Final = "hexmech-scores"
VERSION: Final = 1
MODES: Final = ("single", "campaign")
"""A score comes from a single game or from a whole campaign."""

DAMAGED_SUFFIX: Final = ".damaged"
KEPT: Final = "it is kept, and set aside when the next score is added"

COLUMNS: Final = ("Rank", "Name", "Score", "Waves", "Mode", "Seed", "Date", "Loadout")
"""Column headings of the table wherever it is shown (the TUI and ``hexmech scores``).

The loadout, by far the longest text, comes last, so at 80 columns it is the one that is cut off.
"""
NUMERIC_COLUMNS: Final = frozenset({"Rank", "Score", "Waves", "Seed"})
"""Columns aligned to the right."""


def _iso_date(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    """Accept only ``YYYY-MM-DD`` (`date.fromisoformat` alone also takes "20261121")."""
    try:
        valid = date.fromisoformat(value).isoformat() == value
    except (TypeError, ValueError):
        valid = False
    if not valid:
        raise ValueError(f"{attribute.name!r} must be a date like 2026-11-21, not {value!r:.40}")


@frozen
class ScoreEntry:
    """One line of the high-score table.

    Attributes:
        name: Who played.
        date: The day the game ended, ISO ("2026-11-21").
        seed: The dice seed, so the run can be compared or tried again; None when unknown.
        loadout: The 'Mech as played, e.g. "LS Wing Shield / RS Missiles / LA Laser / RA Fist,
            torso 5, legs 4".
        score: Points; the table is ordered by them.
        waves: Waves cleared.
        mode: "single" (one game) or "campaign".
        battles: Battles fought (1 in a single game).
        won: Whether the game or campaign was won.
        save: The save file's name, to watch the game again; None when it was not saved.
    """

    name: str
    date: str = attrs.field(validator=_iso_date)
    seed: int | None
    loadout: str
    score: int
    waves: int = attrs.field(validator=attrs.validators.ge(0))
    mode: str = attrs.field(validator=attrs.validators.in_(MODES))
    battles: int = attrs.field(validator=attrs.validators.ge(0))
    won: bool
    save: str | None


@frozen
class ScoreTable:
    """The table as read from disk.

    Attributes:
        entries: Best first (see `add_score` for the order).
        warning: One line naming the file and what is wrong with it, when it could not be read;
            the entries are then empty.
    """

    entries: tuple[ScoreEntry, ...] = ()
    warning: str | None = None


@frozen
class _ScoreFile:
    """The file's shape (the envelope of STYLE 12)."""

    format: str
    version: int
    scores: tuple[ScoreEntry, ...]


class _DamagedTableError(Exception):
    """The file exists and was read, but is not a score table this version understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# ---------------------------------------------------------------------------------- paths, seeds
def scores_path_for(saves_dir: Path) -> Path:
    """Return where the high-score table of a saves directory lives: ``<saves_dir>/scores.json``.

    Args:
        saves_dir: The saves directory (the default one, or the one given with ``--saves``).
    """
    return saves_dir / FILE_NAME


def default_scores_path() -> Path:
    """Return the table in the user data dir (beside the saves, which it sits among)."""
    return scores_path_for(default_saves_dir())


def daily_seed(day: date) -> int:
    """Return the dice seed of the day: the same for everyone, so daily runs can be compared.

    It is the date read as a number, ``YYYYMMDD`` (2026-11-21 gives 20261121): easy to type as
    ``--seed``, and it never repeats.

    Args:
        day: The (local) day.
    """
    return int(day.strftime("%Y%m%d"))


# ---------------------------------------------------------------------------------- reading
def load_scores(path: Path) -> ScoreTable:
    """Read the table; never raises for a missing, unreadable or damaged file.

    Args:
        path: The table file (see `scores_path_for`).

    Returns:
        The entries best first; an empty table when the file does not exist; an empty table with a
        one-line `warning` when it cannot be read or is damaged (the file is left as it is).
    """
    try:
        return ScoreTable(_read_entries(path))
    except FileNotFoundError:
        return ScoreTable()
    except OSError as exc:
        return ScoreTable(warning=f"{path}: cannot read the score table: {exc.strerror or exc}")
    except _DamagedTableError as exc:
        return ScoreTable(warning=f"{path}: damaged score table ({exc.reason}); {KEPT}")


def _read_entries(path: Path) -> tuple[ScoreEntry, ...]:
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
    try:
        table = _CONVERTER.structure(raw, _ScoreFile)
    except (cattrs.BaseValidationError, ValueError, TypeError) as exc:
        raise _DamagedTableError(_describe(exc)) from None
    return _ranked(table.scores)


def _ranked(entries: tuple[ScoreEntry, ...]) -> tuple[ScoreEntry, ...]:
    """Sort best first: score, then waves (both highest first), then the earlier date.

    The sort is stable, so equal entries keep their order, which is the order they were added in.
    """
    return tuple(sorted(entries, key=lambda e: (-e.score, -e.waves, e.date)))


# ---------------------------------------------------------------------------------- writing
def add_score(
    path: Path,
    entry: ScoreEntry,
    *,
    keep: int = 100,
    on_warning: Callable[[str], None] | None = None,
) -> int:
    """Add an entry to the table and write it back atomically.

    The order is: score (highest first), then waves cleared (most first), then the earlier date,
    then the order entries were added in. Only the best ``keep`` entries are kept. A damaged table
    is first moved aside to ``scores.json.damaged`` (never over an earlier one); a new table is then
    started, and ``on_warning`` is told so in one line.

    Args:
        path: The table file; its folder is created when missing.
        entry: The new score.
        keep: How many entries the table holds.
        on_warning: Receives the one-line warning when a damaged table was moved aside.

    Returns:
        The new entry's 1-based rank, or 0 when it did not make the table (the file is then not
        written).

    Raises:
        ValueError: ``keep`` is less than 1.
        OSError: The table could not be read (other than missing) or written.
    """
    if keep < 1:
        raise ValueError(f"keep must be 1 or more, not {keep}")
    try:
        entries = _read_entries(path)
    except FileNotFoundError:
        entries = ()
    except _DamagedTableError as exc:
        aside = _set_aside(path)
        entries = ()
        if on_warning is not None:
            on_warning(
                f"{path}: damaged score table ({exc.reason}); "
                f"moved to {aside.name} and a new table started"
            )
    ranked = _ranked((*entries, entry))[:keep]
    # Identity, not equality: an equal entry added earlier ranks above this one.
    rank = next((i for i, e in enumerate(ranked, 1) if e is entry), 0)
    if rank:
        _write_atomically(path, _encode(ranked))
    return rank


def _set_aside(path: Path) -> Path:
    """Rename a damaged table to the first free ``<name>.damaged[-N]`` beside it; return that."""
    aside = path.with_name(f"{path.name}{DAMAGED_SUFFIX}")
    number = 2
    while aside.exists():
        aside = path.with_name(f"{path.name}{DAMAGED_SUFFIX}-{number}")
        number += 1
    path.rename(aside)
    return aside


def _encode(entries: tuple[ScoreEntry, ...]) -> bytes:
    data = _CONVERTER.unstructure(_ScoreFile(FORMAT, VERSION, entries))
    return (json.dumps(data, indent=2) + "\n").encode("ascii")


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


# ---------------------------------------------------------------------------------- display
def entry_cells(rank: int, entry: ScoreEntry) -> tuple[str, ...]:
    """Return the texts of one table row, in `COLUMNS` order.

    Args:
        rank: The entry's 1-based rank.
        entry: The entry.
    """
    return (
        str(rank),
        entry.name,
        str(entry.score),
        str(entry.waves),
        entry.mode,
        "-" if entry.seed is None else str(entry.seed),
        entry.date,
        entry.loadout,
    )


# ---------------------------------------------------------------------------------- the converter
def _make_converter() -> cattrs.Converter:
    """Build the table's converter, as strict as ``saves.codec``'s.

    No "5" for 5, no true for 1, no unknown keys; the list of scores must be a JSON array and each
    entry a JSON object.
    """
    conv = strict_converter()
    entry_fn = make_dict_structure_fn(ScoreEntry, conv)

    def structure_entry(value: object, cls: type[ScoreEntry]) -> ScoreEntry:
        if not isinstance(value, dict):
            raise TypeError(f"expected a score object, not {type(value).__name__}")
        return entry_fn(value, cls)

    conv.register_structure_hook(ScoreEntry, structure_entry)
    # cattrs' own tuple hook notes the index of a bad entry; it would also take a string or an
    # object and iterate over it, so a list is checked for first.
    entries_type = tuple[ScoreEntry, ...]
    entries_fn = conv.get_structure_hook(entries_type)

    def structure_entries(value: object, cls: object) -> tuple[ScoreEntry, ...]:
        if not isinstance(value, list):
            raise TypeError(f"expected a list of scores, not {type(value).__name__}")
        result: tuple[ScoreEntry, ...] = entries_fn(value, cls)
        return result

    conv.register_structure_hook_func(lambda t: t == entries_type, structure_entries)
    return conv


def _describe(exc: BaseException) -> str:
    """Say in one line what is wrong, with the JSON path (``$.scores[2].score: expected int``)."""
    if isinstance(exc, cattrs.BaseValidationError):
        return "; ".join(cattrs.transform_error(exc, path="$", format_exception=_format_error))
    return str(exc)


def _format_error(exc: BaseException, kind: type | None) -> str:
    """Word one error: our hooks' and validators' messages as they are, others as cattrs does."""
    if isinstance(exc, (TypeError, ValueError)) and exc.args and isinstance(exc.args[0], str):
        return exc.args[0]  # attrs validators add the attribute and the value to the args
    return cattrs.v.format_exception(exc, kind)


_CONVERTER: Final = _make_converter()
