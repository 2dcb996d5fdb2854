"""What the replay browser lists about each save, read fast: the header and the last lines only.

Loading a save folds every event of the game (tens of milliseconds for a long BattleTech game), so a
directory of hundreds would take seconds. The catalogue reads instead the header (the ruleset, who
plays, when it started) and walks the journal back from its end: the last line says how many
commands are in effect, and the last entries in effect hold the latest turn or wave mark
(`tui.screens._marks`) and, in a finished game, the event that ended it. Rows are cached by (path,
size, modification time), so a rescan reads only the saves that changed.

A save whose header or last lines are damaged is listed with a one-line reason. Damage deeper in
the file shows when the save is opened (`saves.journal.read_game` checks every line). A ruleset
the catalogue has no words for is summarised by loading the save in full.

Listing costs bounded time and memory whatever the file: the header is read up to `MAX_LINE`
bytes, the end back over at most `TAIL_BUDGET` bytes, and no line longer than `MAX_LINE` is
assembled; a file beyond those is listed as damaged, saying so. Any unexpected failure is listed as
damage too ("cannot be listed: ..."), naming the file but no other path of the machine.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from attrs import frozen

from engine import registry
from saves import migrations
from saves.journal import FORMAT, SaveError, decode_header, decode_line, read_game
from saves.store import SUFFIX
from tui import registry as interfaces
from tui.screens._marks import MarkRule, mark_in, progress_label

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from saves.records import Decoder

__all__ = [
    "CHUNK",
    "IN_PROGRESS",
    "MAX_LINE",
    "TAIL_BUDGET",
    "ReplayRow",
    "SaveCatalog",
    "describe",
]

CHUNK = 64 * 1024
"""Bytes read at a time from either end of a save."""

MAX_LINE = 1024 * 1024
"""The longest line the catalogue assembles (a save's lines are a few kilobytes at most)."""

TAIL_BUDGET = 2 * 1024 * 1024
"""The most bytes the catalogue reads back from a save's end looking for its latest mark."""

FULL_BUDGET = 16 * 1024 * 1024
"""The largest save of a ruleset without browser words that the catalogue loads in full."""

IN_PROGRESS = "in progress"
DAMAGED = "damaged"
FINISHED = "finished"


@frozen
class ReplayRow:
    """One save in the replay browser.

    Attributes:
        path: the file.
        ruleset: the ruleset's registry name ("?" when unreadable).
        title: its human name.
        who: the players (BattleTech sides) or the pilot and loadout (Paper 'Mech).
        created: when the game began.
        entries: commands in effect.
        progress: the latest turn or wave ("turn 3", "wave 2", "b2 w1").
        progress_key: the same as numbers, for sorting.
        result: how it ended ("Kurita won", "won, 21 pts"), None while it goes on.
        size: bytes.
        modified: the file's modification time (seconds since the epoch).
        error: why the save cannot be read, for a damaged one.
        search: lower-case words a filter matches besides the columns (file name, unit names).
    """

    path: Path
    ruleset: str
    title: str
    who: str
    created: datetime | None
    entries: int
    progress: str
    progress_key: tuple[int, ...]
    result: str | None
    size: int
    modified: float
    error: str | None = None
    search: str = ""

    @property
    def reason(self) -> str:
        """Why a damaged save cannot be read, without its file name ("" for a good one)."""
        if self.error is None:
            return ""
        name = self.path.name
        if not self.error.startswith(name):
            return self.error
        rest = self.error[len(name) :].lstrip(":")
        line, sep, words = rest.partition(": ")
        return words if sep and line.isdigit() else rest.removeprefix(" ")

    @property
    def status(self) -> str:
        """Where the game stands: "in progress", "finished" or "damaged"."""
        if self.error is not None:
            return DAMAGED
        return IN_PROGRESS if self.result is None else FINISHED


# ------------------------------------------------------------------ what each ruleset's header says
@frozen
class HeaderWords:
    """How to describe a ruleset's saves from raw JSON (the header's setup, the last event).

    Attributes:
        who: the players or loadout, from the header's ``setup``.
        search: more words to filter by (unit names), from the ``setup``.
        end_tag: the tag of the event that ends a game.
        result: the result's words, from the ending event's fields, the setup and the progress.
    """

    who: Callable[[dict[str, Any]], str]
    search: Callable[[dict[str, Any]], str]
    end_tag: str
    result: Callable[[dict[str, Any], dict[str, Any], str], str]


# ------------------------------------------------------------------ reading one save
class _Damaged(Exception):  # noqa: N818 - an internal signal, never seen outside
    """A save the catalogue cannot describe; ``str()`` is the reason."""


def describe(path: Path, size: int | None = None, modified: float | None = None) -> ReplayRow:
    """Describe one save for the browser; a damaged one comes back with its reason, never raising.

    Args:
        path: the file.
        size: its size, when already known (from the directory scan).
        modified: its modification time, when already known.
    """
    try:
        if size is None or modified is None:
            info = path.stat()
            size, modified = info.st_size, info.st_mtime
        with path.open("rb") as file:
            return _describe(path, file, size, modified)
    except OSError as exc:
        return _damaged(path, size or 0, modified or 0.0, f"{path.name}: {exc.strerror or exc}")
    except SaveError as exc:
        return _damaged(path, size or 0, modified or 0.0, str(exc))
    except _Damaged as exc:
        return _damaged(path, size or 0, modified or 0.0, f"{path.name}: {exc}")
    except Exception as exc:  # noqa: BLE001 - the last guard: a listing never raises
        reason = f"{path.name}: cannot be listed: {_unexpected(exc, path)}"
        return _damaged(path, size or 0, modified or 0.0, reason)


def _unexpected(exc: BaseException, path: Path) -> str:
    """One line about an unexpected failure, with no path of the machine but the file's name."""
    lines = str(exc).strip().splitlines()
    text = lines[0] if lines else ""
    folder = str(path.parent.absolute())
    for place, instead in ((str(path.absolute()), path.name), (str(path), path.name), (folder, "")):
        if place not in {"", "."}:
            text = text.replace(place, instead)
    words = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return words[:200]


def _damaged(path: Path, size: int, modified: float, reason: str) -> ReplayRow:
    return ReplayRow(
        path, "?", "?", "", None, 0, "", (), None, size, modified, reason, path.name.lower()
    )


def _describe(path: Path, file: IO[bytes], size: int, modified: float) -> ReplayRow:
    if size == 0:
        raise SaveError(path.name, "the file is empty: it is not a hexmech save")
    header_bytes = _first_line(file, path)
    decoder, header = _header(header_bytes, path)
    name = str(header["ruleset"])
    ui = interfaces.get(name)
    words = None if ui is None else ui.words
    rule = None if ui is None else ui.marks
    if words is None or rule is None:
        return _describe_in_full(path, size, modified)
    ruleset = registry.get(name)
    setup = header.get("setup")
    setup = setup if isinstance(setup, dict) else {}
    start = len(header_bytes) + 1
    entries, number, ending = _walk_back(file, start, size, rule, words.end_tag, decoder=decoder)
    progress = progress_label(name, number)
    try:
        result = None if ending is None else words.result(ending, setup, progress)
    except (TypeError, ValueError) as exc:
        raise _Damaged(f"the event that ended the game cannot be read ({exc})") from None
    who = words.who(setup)
    created = _created(header.get("created"))
    search = f"{path.name} {ruleset.title} {who} {progress} {result or IN_PROGRESS}"
    return ReplayRow(
        path=path,
        ruleset=name,
        title=ruleset.title,
        who=who,
        created=created,
        entries=entries,
        progress=progress,
        progress_key=number or (0,),
        result=result,
        size=size,
        modified=modified,
        search=f"{search} {words.search(setup)}".lower(),
    )


def _header(line: bytes, path: Path) -> tuple[Decoder, dict[str, Any]]:
    """The header, checked as loading checks it: JSON, the format, a known version and ruleset.

    Returns the decoder of the file's records too (format 3 on, `saves.records`).
    """
    try:
        header = json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise SaveError(path.name, "not a hexmech save (the first line is not JSON)", 1) from exc
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise SaveError(path.name, "not a hexmech save (no hexmech header on the first line)", 1)
    decoder, header = decode_header(header, path.name)
    try:
        header, _ = migrations.upgrade(header, [])
        header, _ = migrations.upgrade_schema(header, [], registry.get(str(header.get("ruleset"))))
    except (ValueError, registry.UnknownRulesetError) as exc:
        raise SaveError(path.name, str(exc), 1) from exc
    return decoder, header


def _describe_in_full(path: Path, size: int, modified: float) -> ReplayRow:
    """A ruleset the catalogue has no words for: load the game and ask the ruleset."""
    if size > FULL_BUDGET:
        raise _Damaged(f"too big to list ({size // (1024 * 1024)} MiB)")
    loaded = read_game(path.read_bytes(), path.name)
    game = loaded.game
    summary = game.summary
    who = ", ".join(summary.players)
    search = f"{path.name} {game.ruleset.title} {who} {summary.turn} {summary.status}"
    return ReplayRow(
        path=path,
        ruleset=game.ruleset.name,
        title=game.ruleset.title,
        who=who,
        created=_created(loaded.header.get("created")),
        entries=game.cursor,
        progress=summary.turn,
        progress_key=(0,),
        result=summary.result,
        size=size,
        modified=modified,
        search=search.lower(),
    )


def _created(value: object) -> datetime | None:
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        return None


def _first_line(file: IO[bytes], path: Path) -> bytes:
    """The header line (without its newline); the whole file when it has no newline.

    Raises:
        SaveError: the first line is longer than `MAX_LINE` (read no further than that).
    """
    parts: list[bytes] = []
    length = 0
    while chunk := file.read(CHUNK):
        end = chunk.find(b"\n")
        if end >= 0:
            parts.append(chunk[:end])
            length += end
            break
        parts.append(chunk)
        length += len(chunk)
        if length > MAX_LINE:
            break
    if length > MAX_LINE:
        raise SaveError(path.name, "not a hexmech save (first line too long)", 1)
    return b"".join(parts)


def _lines_back(file: IO[bytes], start: int, end: int) -> Iterator[bytes]:
    """The lines between byte ``start`` and ``end``, last first (the first may be unterminated).

    Reads at most `TAIL_BUDGET` bytes; the pieces of a line are joined once, when it is whole.

    Raises:
        _Damaged: a line longer than `MAX_LINE`, or no mark within the budget.
    """
    pending: list[bytes] = []  # the pieces of the line being assembled, last piece first
    pending_length = 0
    position = end
    while position > start:
        if end - position >= TAIL_BUDGET:
            mib = TAIL_BUDGET // (1024 * 1024)
            raise _Damaged(f"no turn or wave mark in its last {mib} MiB: too big to list")
        size = min(CHUNK, position - start)
        position -= size
        file.seek(position, os.SEEK_SET)
        chunk = file.read(size)
        pieces = chunk.split(b"\n")
        if len(pieces) > 1:
            pending.append(pieces[-1])
            yield b"".join(reversed(pending))
            yield from reversed(pieces[1:-1])
            pending, pending_length = [], 0
        pending.append(pieces[0])
        pending_length += len(pieces[0])
        if pending_length > MAX_LINE:
            raise _Damaged("a line too long to list")
    if pending_length:
        yield b"".join(reversed(pending))


def _walk_back(
    file: IO[bytes], start: int, end: int, rule: MarkRule, end_tag: str, *, decoder: Decoder
) -> tuple[int, tuple[int, ...] | None, dict[str, Any] | None]:
    """Read the journal from its end: entries in effect, the last mark's number, the ending event.

    The last line says how many entries are in effect (an entry ``n`` or a redo of ``n``: n + 1; an
    undo of ``n``: n). Walking back, the first line seen for each ``n`` below that is the entry in
    effect (later lines for the same ``n`` replaced it after an undo).
    """
    in_effect: int | None = None
    seen: set[int] = set()
    number: tuple[int, ...] | None = None
    ending: dict[str, Any] | None = None
    for count, raw in enumerate(_lines_back(file, start, end)):
        if count == 0 and not raw:
            continue  # the file ends with a newline
        line = _line(raw, unterminated=count == 0)
        if line is None:
            continue  # a half-written last line: the game is saving it
        n = line["n"]
        if in_effect is None:
            in_effect = n if line.get("op") == "undo" else n + 1
        if "op" in line or n >= in_effect or n in seen:
            continue
        seen.add(n)
        try:
            line = decode_line(decoder, line, "", 0)
        except SaveError as exc:
            raise _Damaged(f"a line near the end cannot be read ({exc.reason})") from None
        events = [e for e in line.get("events") or [] if isinstance(e, dict)]
        if n == in_effect - 1:
            ending = next((e for e in events if e.get("type") == end_tag), None)
        number = _last_mark(events, rule)
        if number is not None or len(seen) == in_effect:
            break
    return in_effect or 0, number, ending


def _line(raw: bytes, *, unterminated: bool) -> dict[str, Any] | None:
    """One journal line as JSON; None for a half-written last line (one without its newline)."""
    try:
        line = json.loads(raw)
    except (ValueError, RecursionError):
        if unterminated:
            return None
        raise _Damaged("a line near the end is not valid JSON") from None
    if not isinstance(line, dict) or type(line.get("n")) is not int:
        raise _Damaged("a line near the end is not a journal entry")
    return line


def _last_mark(events: list[dict[str, Any]], rule: MarkRule) -> tuple[int, ...] | None:
    for event in reversed(events):
        try:
            found = mark_in(rule, str(event.get("type")), event.get)
        except (TypeError, ValueError):
            raise _Damaged("an event near the end has a bad turn or wave number") from None
        if found is not None:
            return found[0]
    return None


# ------------------------------------------------------------------ a directory
class SaveCatalog:
    """The saves of one directory, described once per version of each file.

    Args:
        directory: the saves directory (only its own ``*.jsonl`` files; links are skipped).
    """

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._rows: dict[Path, tuple[tuple[int, int], ReplayRow]] = {}

    def scan(self) -> list[ReplayRow]:
        """Describe every save, reading again only those whose size or time changed.

        Raises:
            OSError: the directory cannot be read.
        """
        found: dict[Path, tuple[tuple[int, int], ReplayRow]] = {}
        with os.scandir(self.directory) as entries:
            for entry in entries:
                if not entry.name.endswith(SUFFIX) or entry.is_symlink():
                    continue
                try:
                    if not entry.is_file():
                        continue
                    info = entry.stat()
                except OSError:
                    continue  # gone between the listing and the look
                path = Path(entry.path)
                key = (info.st_size, info.st_mtime_ns)
                cached = self._rows.get(path)
                row = (
                    cached[1]
                    if cached and cached[0] == key
                    else describe(path, info.st_size, info.st_mtime)
                )
                found[path] = (key, row)
        self._rows = found
        return [row for _, row in found.values()]

    def forget(self, path: Path) -> None:
        """Drop a save from the cache (it was deleted)."""
        self._rows.pop(path, None)
