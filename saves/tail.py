"""Follow a journal that another process is still writing: read only what was appended (DESIGN 6).

A `JournalTail` holds the game read from a save and the offset of the first byte it has not
applied yet. `JournalTail.poll` looks at the file's size and modification time; when they changed,
it reads from that offset, applies every *complete* line (entry or undo/redo marker) exactly as
`saves.journal.read_game` would (its records read back by the header's table, then upgraded from
the file's format and schema, as loading does), and
reports which entries changed. A line still being written (no newline yet) is left for a later
poll: it is not an error. A file that shrank, or a line that cannot be applied, is a `SaveError`
naming the file and line, as when a save is loaded.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from attrs import frozen

from engine.schema import Chain
from saves import migrations
from saves.journal import AnyGame, SaveError, _apply_line, decode_header, decode_line, read_game
from saves.records import Decoder

__all__ = ["JournalTail", "TailUpdate"]


@frozen
class TailUpdate:
    """What one poll applied.

    Attributes:
        lines: how many journal lines were applied.
        first: the first entry that changed: entries before it are the same as before the poll
            (an undo marker takes back the entry it names; a new entry or a redo adds one).
    """

    lines: int
    first: int


class JournalTail:
    """A save being followed: the game read so far and where its file was read up to.

    Create one with `JournalTail.open`; call `poll` from a timer.

    Args:
        path: the file.
        game: the game read from its first ``offset`` bytes.
        upgrades: the file's own upgrades (format, then schema), applied to every appended line.
        decoder: reads the records of every appended line (`saves.records`; format 3 on).
        offset: the length of the part of the file already applied.
        lines: how many lines that part holds.
        newline_due: the last applied line had no newline yet (a complete JSON object that was
            still being written); its newline, when it comes, is skipped.
    """

    def __init__(
        self,
        path: Path,
        game: AnyGame,
        *,
        upgrades: tuple[Chain, ...],
        decoder: Decoder | None = None,
        offset: int,
        lines: int,
        newline_due: bool = False,
    ) -> None:
        self.path = path
        self.game = game
        self._upgrades = upgrades
        self._decoder = decoder or Decoder()
        self._offset = offset
        self._lines = lines
        self._newline_due = newline_due
        self._seen: tuple[int, int] | None = None

    @classmethod
    def open(cls, path: Path) -> JournalTail:
        """Read a save as it is now, to follow it from there.

        Raises:
            SaveError: the file cannot be read, or is not a readable save.
        """
        seen = _stamp(path)  # before reading: whatever is written after it shows in the next poll
        data = _read(path, 0)
        loaded = read_game(data, path.name)
        applied = data[: loaded.valid_bytes]
        complete = applied.endswith(b"\n")
        decoder, upgrades = _file_upgrades(data, loaded.game, path)
        tail = cls(
            path,
            loaded.game,
            upgrades=upgrades,
            decoder=decoder,
            offset=len(applied),
            lines=applied.count(b"\n") + (0 if complete else 1),
            newline_due=not complete,
        )
        tail._seen = seen
        return tail

    @property
    def offset(self) -> int:
        """How many bytes of the file have been applied."""
        return self._offset

    def poll(self) -> TailUpdate | None:
        """Apply the complete lines appended since the last poll.

        Returns:
            What changed, or None when nothing did (the file is as it was, or only part of a line
            has been written so far).

        Raises:
            SaveError: the file went away or shrank, or an appended line cannot be applied.
        """
        stamp = _stamp(self.path)
        if stamp == self._seen:
            return None
        self._seen = stamp
        if stamp[0] < self._offset:
            raise SaveError(self.path.name, "the save was cut short while it was being followed")
        data = _read(self.path, self._offset)
        if self._newline_due and data[:1] == b"\n":
            data = data[1:]
            self._offset += 1
            self._newline_due = False
        applied, first = 0, self.game.cursor
        end = data.rfind(b"\n")
        for raw in data[: end + 1].split(b"\n")[:-1] if end >= 0 else ():
            before = self.game.cursor
            self._apply(raw)
            first = min(first, before, self.game.cursor)
            applied += 1
            self._offset += len(raw) + 1
        return TailUpdate(applied, first) if applied else None

    def _apply(self, raw: bytes) -> None:
        """Apply one line the way loading a save does (the same checks, the same messages)."""
        number = self._lines + 1
        name = self.path.name
        try:
            obj = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            raise SaveError(name, f"not valid JSON ({exc})", number) from exc
        if not isinstance(obj, dict):
            raise SaveError(name, "expected a JSON object on every line", number)
        obj = decode_line(self._decoder, obj, name, number)
        try:
            for chain in self._upgrades:
                obj = chain.line(obj)
        except (KeyError, TypeError, AttributeError, IndexError) as exc:  # a migration choked
            raise SaveError(name, f"the line cannot be upgraded: {exc!r}"[:200], number) from exc
        _apply_line(self.game, obj, name, number)
        self._lines = number


def _stamp(path: Path) -> tuple[int, int]:
    """The file's size and modification time: a change in either means something was written."""
    try:
        info = path.stat()
    except OSError as exc:
        raise SaveError(path.name, exc.strerror or str(exc)) from exc
    return info.st_size, info.st_mtime_ns


def _read(path: Path, offset: int) -> bytes:
    try:
        with path.open("rb") as file:
            file.seek(offset, os.SEEK_SET)
            return file.read()
    except OSError as exc:
        raise SaveError(path.name, exc.strerror or str(exc)) from exc


def _file_upgrades(data: bytes, game: AnyGame, path: Path) -> tuple[Decoder, tuple[Chain, ...]]:
    """The decoder and upgrades the file's own header asks for (read_game upgraded the header).

    Raises:
        SaveError: the header cannot be upgraded (read_game has already refused such a file).
    """
    header: Any = json.loads(data.split(b"\n", 1)[0])
    decoder, header = decode_header(header, path.name)
    try:
        kernel = migrations.format_chain(header)
        schema = migrations.schema_chain(kernel.header(header), game.ruleset)
    except ValueError as exc:
        raise SaveError(path.name, str(exc), 1) from exc
    return decoder, (kernel, schema)
