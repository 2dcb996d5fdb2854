"""Saves as journals: a JSON Lines file, appended and fsync'ed after every command (DESIGN 4).

Line 1 is the header; every later line is an accepted entry or an undo/redo marker::

    {"format": "hexmech", "version": 3, "ruleset": "race", "schema": 1, "seed": 7, "dice": null,
     "undo": "hotseat", "created": "2026-11-21T21:00:00+00:00", "records": {...}, "setup": [...]}
    {"n": 0, "command": ["roll"], "events": [["dice_rolled", 0, [6]], ...], "dice": [0, 1],
     "seat": 0}
    {"op": "undo", "n": 0}

The setup, commands and events are records (format 3): their field values in order, the names
once in the header's ``records`` table (`saves.codec` lists the encoding). Reading turns them back
into the dictionaries of format 2 (``{"type": "roll"}``) first (`saves.records`); a journal opened
to go on writes its lines in its file's own format.

From format 4, a journal also keeps the game's state every `saves.snapshots.SNAPSHOT_EVERY`
commands, on a line of its own: ``{"op": "state", "n": 127, "state": PATCH}`` (the state after
entry ``n``, the last in effect, as a patch of the initial state). A reader that folds every
entry only checks where such a line stands; ``read_game(kept=True)`` starts from the last one
(the screen that opens a save to play does, then folds the earlier entries after its first
frame: `check_kept`).

``n`` numbers entries by their place in the log, so a reordered, repeated or missing line is caught
when the file is read (STYLE 7 asks for sequence numbers; keeping them on the journal line, not on
every event, gives the same check without making every ruleset number its events). ``seat`` (who
gave the command) is written only when the game knows it; saves from before seats have none.
``note`` (why it was given: a computer player's reason, `Entry.note`) is written only when there is
one; saves from before notes have none and load with empty notes.

Loading folds the recorded events; it never rolls dice or asks the rules again, so a rules fix in a
later version cannot change how an old game went. An old save is first upgraded, as plain JSON:
the kernel's format (``version``), then its ruleset's schema (``schema``), see `saves.migrations`.
A half-written last line (the program died while writing it) is dropped with a warning; any other
damage is a `SaveError` naming file, line and reason.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import json
import os
import sys
from collections.abc import Iterator, Mapping
from datetime import datetime
from pathlib import Path
from typing import IO, Any, Literal, Self, overload

import cattrs
from attrs import frozen

from engine import registry
from engine.dice import Dice, DiceSource, ScriptedDice
from engine.game import (
    Accepted,
    Command,
    Entry,
    Event,
    Game,
    KernelCode,
    Rejected,
    Seat,
    UndoPolicy,
)
from engine.schema import Chain
from saves import migrations
from saves.codec import describe_error, make_converter, make_record_converter, record_shapes
from saves.records import RECORDS_FROM, Decoder
from saves.snapshots import SNAPSHOT_EVERY, apply_patch, make_patch
from saves.text import printable

__all__ = [
    "FORMAT",
    "SNAPSHOTS_FROM",
    "GameInUseError",
    "Journal",
    "JournalWriteError",
    "Loaded",
    "SaveError",
    "encode_entry",
    "encode_marker",
    "read_game",
]

FORMAT = "hexmech"
SNAPSHOTS_FROM = 4
"""The first format version whose saves keep states (``{"op": "state"}`` lines)."""
AnyGame = Game[Any, Any, Any, Any]
AnyRuleset = Any


class SaveError(Exception):
    """A save file that cannot be read, with where and why.

    The message (``FILE:LINE: reason``) and `reason` quote the file's name and content through
    `saves.text.printable`, so a key holding an escape code or a newline cannot reach a terminal
    raw or split the line; `path` keeps the name as given.

    Args:
        path: the file (or a name for data that came from elsewhere).
        reason: one sentence.
        line: the 1-based line number, when the problem is on one line.
    """

    def __init__(self, path: str | os.PathLike[str], reason: str, line: int | None = None) -> None:
        self.path = str(path)
        self.reason = printable(reason)
        self.line = line
        name = printable(self.path)
        where = f"{name}:{line}" if line is not None else name
        super().__init__(f"{where}: {self.reason}")


@frozen
class Loaded:
    """A game read from a journal.

    Attributes:
        game: the game, with its cursor where the journal left it.
        header: the (upgraded) header.
        warnings: what was repaired on the way (a dropped half-written line).
        valid_bytes: the length of the file up to the last good line.
        written: the format version the file was written in (0 if it names none): a journal
            goes on writing its lines in that format.
        restored: when the game was opened from a state the save kept (``kept=True``), the
            entries in effect at that state: the entries before it are recorded but were not
            folded (`check_kept` folds them); None when every entry was folded.
    """

    game: AnyGame
    header: dict[str, Any]
    warnings: tuple[str, ...]
    valid_bytes: int
    written: int = migrations.CURRENT_VERSION
    restored: int | None = None


def _json_line(data: Mapping[str, Any]) -> bytes:
    # ASCII escapes: any Python string (even a lone surrogate) becomes a writable, readable line.
    return json.dumps(data, separators=(",", ":")).encode("ascii") + b"\n"


def encode_entry(
    ruleset: AnyRuleset, index: int, entry: Entry[Any, Any], *, records: bool = True
) -> dict[str, Any]:
    """Return the JSON data of one entry line.

    Args:
        ruleset: the game's rules.
        index: the entry's place in the log (``n``).
        entry: the entry.
        records: write the command and events as records (format 3, `saves.codec`); False
            writes them with their field names, as a save of format 2 or older holds them.
    """
    conv = make_record_converter(ruleset) if records else make_converter(ruleset)
    data = {
        "n": index,
        "command": conv.unstructure(entry.command, Command),
        "events": [conv.unstructure(event, Event) for event in entry.events],
        "dice": [entry.dice_start, entry.dice_end],
    }
    if entry.seat is not None:
        data["seat"] = entry.seat
    if entry.note:
        data["note"] = entry.note
    return data


def encode_marker(op: str, index: int) -> dict[str, Any]:
    """Return the JSON data of an undo or redo marker line."""
    return {"op": op, "n": index}


def encode_state(game: AnyGame) -> dict[str, Any]:
    """Return the JSON data of a kept-state line: the state after the entries in effect.

    ``n`` is the last entry in effect (as on an entry line: a reader that skips the line still
    counts ``n + 1`` entries in effect), ``state`` the state as a patch of the game's initial
    state (`saves.snapshots`).

    Raises:
        ValueError: a state the save's converter cannot write, or one that does not read back
            equal (the journal then keeps no state: opening the save folds its entries).
    """
    conv = make_converter(game.ruleset)
    patch = make_patch(conv, game.initial, game.state)
    try:
        written = json.loads(_json_line({"state": patch}))["state"]
    except (TypeError, ValueError, RecursionError) as exc:  # not JSON data
        raise ValueError(f"the state cannot be written: {_short(exc)}") from exc
    if apply_patch(conv, game.initial, written) != game.state:
        raise ValueError("the state does not read back equal")
    return {"op": "state", "n": game.cursor - 1, "state": patch}


def encode_header(
    ruleset: AnyRuleset,
    setup: object,
    *,
    seed: int | None,
    scripted: tuple[int, ...] | None,
    undo_policy: UndoPolicy,
    created: datetime,
) -> dict[str, Any]:
    """Return the JSON data of a header line (format 3: the setup as a record, and the table)."""
    return {
        "format": FORMAT,
        "version": migrations.CURRENT_VERSION,
        "ruleset": ruleset.name,
        "schema": ruleset.schema_version,
        "seed": seed,
        "dice": None if scripted is None else list(scripted),
        "undo": str(undo_policy),
        "created": created.isoformat(),
        "records": record_shapes(ruleset),
        "setup": make_record_converter(ruleset).unstructure(setup, ruleset.setup_type),
    }


# ---------------------------------------------------------------------------------- reading
def read_game(data: bytes, name: str = "<save>", *, kept: bool = False) -> Loaded:
    """Rebuild a game from the bytes of a journal.

    Args:
        data: the file's bytes.
        name: the file, for messages.
        kept: start from the last state the save kept (format 4, `saves.snapshots`) when it can
            be read: the entries before it are checked line by line and recorded, but not
            folded, so opening costs the entries after it; `check_kept` folds the others later
            and compares. False (or a save without kept states, or one whose ruleset schema was
            upgraded): every entry is folded, as before.

    Raises:
        SaveError: for anything but a half-written last line.
    """
    lines, warnings, valid = _split_lines(data, name)
    if not lines:
        if warnings:  # the only line is half-written: the game stopped while creating the file
            raise SaveError(name, "not a hexmech save (its first line is incomplete)", 1)
        raise SaveError(name, "the file is empty: it is not a hexmech save")
    header, header_line = _parse_header(lines[0], name)
    written = header.get("version")
    written = written if type(written) is int else 0
    with collector_paused():
        decoder, header = decode_header(header, name, header_line)
        header, chains = upgrade(header, [], name, header_line, chains=True)
        game = _new_game(header, name)
        at = _last_kept(lines, chains) if kept and written >= SNAPSHOTS_FROM else ()
        if at:
            game.defer()
        restored = None
        # Line by line: each line's JSON is dropped once applied, so loading holds the game, not
        # the game and every parsed line besides.
        for index in range(1, len(lines)):
            number, raw = lines[index]
            obj = decode_line(decoder, _parse_object(raw, name, number), name, number)
            obj = upgrade_line(chains, obj, name, number)
            if index in at:
                if not _restore(game, obj, more=index != at[-1]):
                    return read_game(data, name)  # a kept state that does not fit: fold all
                restored = game.cursor
            else:
                _apply_line(game, obj, name, number)
    return Loaded(game, header, tuple(warnings), valid, written, restored)


def _last_kept(lines: list[tuple[int, bytes]], chains: tuple[Chain, ...]) -> tuple[int, ...]:
    """The indexes in ``lines`` of the last two kept states, the last one last (or none).

    A loader starts from the last one. The one before is kept too, for the states just before
    the last (the log tells the entries before it from it, when the game stands just past it).
    A save whose data was upgraded has none: its states are of an older schema.
    """
    if any(chain.steps for chain in chains):
        return ()
    found: list[int] = []
    for index in range(len(lines) - 1, 0, -1):
        if lines[index][1].startswith(b'{"op":"state"'):  # as `Journal` writes it
            found.insert(0, index)
            if len(found) == 2:  # noqa: PLR2004 - the last two
                break
    return tuple(found)


def _restore(game: AnyGame, obj: dict[str, Any], *, more: bool = False) -> bool:
    """Take a kept-state line's state as the game's; False if it does not fit the game.

    ``more``: a later kept state follows (the game keeps this one and goes on deferring).
    """
    n = obj.get("n")
    if set(obj) != {"op", "n", "state"} or type(n) is not int or n != game.cursor - 1 or n < 0:
        return False
    try:
        state = apply_patch(make_converter(game.ruleset), game.initial, obj["state"])
        game.restore(state, more=more)
        game.ruleset.summary(state)  # a state the ruleset cannot describe does not fit
    except Exception:  # noqa: BLE001 - any failure: fold every entry instead
        return False
    return True


def check_kept(loaded: Loaded, name: str = "<save>", chunk: int = 64) -> Iterator[int]:
    """Fold the entries a game opened from a kept state skipped, and compare (`read_game`).

    A generator: it folds ``chunk`` entries per step and yields how many it has folded, so a
    screen can run it between frames; the states on the way are kept for undo and replays
    (`Game.state_at`). Nothing to do for a game that was folded entirely.

    Raises:
        SaveError: an entry that cannot be applied, one after the game had ended, or a kept
            state that is not what its entries give.
    """
    game, restored = loaded.game, loaded.restored
    if restored is None:
        return
    try:
        yield from game.check_restored(chunk)
    except ValueError as exc:
        raise SaveError(name, _short(exc)) from exc


def upgrade_line(
    chains: tuple[Chain, ...], obj: dict[str, Any], name: str, number: int
) -> dict[str, Any]:
    """Bring one parsed line up to date with the file's upgrades (format, then schema).

    Raises:
        SaveError: a line a migration chokes on.
    """
    try:
        for chain in chains:
            obj = chain.line(obj)
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as exc:
        raise SaveError(name, f"the save cannot be upgraded: {_short(exc)}", number) from exc
    return obj


def decode_header(
    header: dict[str, Any], name: str, header_line: int = 1
) -> tuple[Decoder, dict[str, Any]]:
    """Return the decoder of a parsed header and the header as dictionaries (`saves.records`).

    Raises:
        SaveError: a format-3 header whose records table or setup cannot be read.
    """
    try:
        decoder = Decoder.for_header(header)
        return decoder, decoder.header(header)
    except (ValueError, TypeError, KeyError) as exc:
        raise SaveError(name, f"the header cannot be read: {_short(exc)}", header_line) from exc


def decode_line(decoder: Decoder, obj: dict[str, Any], name: str, number: int) -> dict[str, Any]:
    """Return a parsed line with its records as dictionaries.

    Raises:
        SaveError: a record that does not match the header's table.
    """
    try:
        return decoder.line(obj)
    except (ValueError, TypeError, KeyError) as exc:
        raise SaveError(name, _short(exc), number) from exc


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause CPython's cyclic garbage collector while a game is being built, then resume it.

    Loading makes every entry, command and event of the game at once, and they all live on. The
    collector's full passes walk every live object, and they come whenever the long-lived objects
    have grown by a quarter: while the log grows from nothing, they walk it again and again, which
    doubled the cost per command of loading 50,000 commands against 500 (issue 14 row 11). What
    loading builds holds no reference cycles (frozen values, tuples, one list), so pausing the
    collector frees nothing less; reference counting still frees everything at once. The
    collector's previous setting is restored, also on an error (the Mercurial loader's ``nogc``
    does the same).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@overload
def upgrade(
    header: dict[str, Any],
    lines: list[dict[str, Any]],
    name: str,
    header_line: int = 1,
    *,
    chains: Literal[False] = False,
) -> tuple[dict[str, Any], list[dict[str, Any]]]: ...


@overload
def upgrade(
    header: dict[str, Any],
    lines: list[dict[str, Any]],
    name: str,
    header_line: int = 1,
    *,
    chains: Literal[True],
) -> tuple[dict[str, Any], tuple[Chain, ...]]: ...


def upgrade(
    header: dict[str, Any],
    lines: list[dict[str, Any]],
    name: str,
    header_line: int = 1,
    *,
    chains: bool = False,
) -> tuple[dict[str, Any], Any]:
    """Bring a parsed save up to date: the kernel's format first, then the ruleset's schema.

    Args:
        header: the parsed header line.
        lines: the parsed later lines.
        name: the file, for messages.
        header_line: the header's line number, for messages.
        chains: return the upgrades for the later lines (format, then schema) instead of the
            lines upgraded, for `upgrade_line`.

    Raises:
        SaveError: a format or schema this program cannot read (newer, unknown, missing), or a
            header that names no known ruleset.
    """
    try:
        kernel = migrations.format_chain(header)
        header = kernel.header(header)
        ruleset = _ruleset(header, name)
        schema = migrations.schema_chain(header, ruleset)
        header = schema.header(header)
        if chains:
            return header, (kernel, schema)
        return header, [schema.line(kernel.line(line)) for line in lines]
    except ValueError as exc:
        raise SaveError(name, str(exc), header_line) from exc
    except (KeyError, TypeError, AttributeError, IndexError) as exc:  # a line a migration chokes on
        raise SaveError(name, f"the save cannot be upgraded: {_short(exc)}") from exc


def _ruleset(header: dict[str, Any], name: str) -> AnyRuleset:
    """The ruleset a header names.

    Raises:
        SaveError: no name, or an unknown one.
    """
    value = header.get("ruleset")
    if not isinstance(value, str):
        raise SaveError(name, "the header's 'ruleset' is missing or of the wrong kind", 1)
    try:
        return registry.get(value)
    except registry.UnknownRulesetError as exc:
        raise SaveError(name, str(exc), 1) from exc


def _split_lines(data: bytes, name: str) -> tuple[list[tuple[int, bytes]], list[str], int]:
    """Split into numbered complete lines; judge an unterminated last line."""
    parts = data.split(b"\n")
    tail = parts.pop()  # after the last newline: b"" when the file ends cleanly
    lines = [(i + 1, raw) for i, raw in enumerate(parts)]
    warnings: list[str] = []
    valid = len(data) - len(tail)
    if tail:
        number = len(parts) + 1
        try:
            json.loads(tail)
        except (ValueError, RecursionError):
            warnings.append(
                f"{name}:{number}: dropped a half-written last line "
                "(the game stopped while saving it); everything before it is intact"
            )
        else:  # complete but for its newline: keep it, the writer will end the line
            lines.append((number, tail))
            valid = len(data)
    return lines, warnings, valid


def _parse_object(raw: bytes, name: str, number: int) -> dict[str, Any]:
    try:
        obj = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise SaveError(name, f"not valid JSON ({_short(exc)})", number) from exc
    if not isinstance(obj, dict):
        raise SaveError(name, "expected a JSON object on every line", number)
    return obj


def _parse_header(line: tuple[int, bytes], name: str) -> tuple[dict[str, Any], int]:
    number, raw = line
    try:
        header = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise SaveError(name, "not a hexmech save (the first line is not JSON)", number) from exc
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise SaveError(name, "not a hexmech save (no hexmech header on the first line)", number)
    return header, number


HEADER_KEYS = frozenset(
    {"format", "version", "ruleset", "schema", "seed", "dice", "undo", "created", "setup"}
)
"""The keys of a header once decoded (format 3 writes ``records`` too, see `saves.records`)."""


def _new_game(header: dict[str, Any], name: str) -> AnyGame:
    def need(key: str, kind: type | tuple[type, ...]) -> Any:  # noqa: ANN401
        value = header.get(key)
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise SaveError(name, f"the header's {key!r} is missing or of the wrong kind", 1)
        return value

    ruleset = _ruleset(header, name)
    if header.get("schema") != ruleset.schema_version:  # upgrade() brought it to the current one
        raise SaveError(name, f"the header's 'schema' is not {ruleset.schema_version}", 1)
    seed = need("seed", (int, type(None)))
    scripted = need("dice", (list, type(None)))
    unknown = sorted(set(header) - HEADER_KEYS)
    if unknown:
        raise SaveError(name, f"the header has unknown keys: {', '.join(map(str, unknown))}", 1)
    try:
        policy = UndoPolicy(need("undo", str))
        setup = make_converter(ruleset).structure(header.get("setup"), ruleset.setup_type)
        dice: DiceSource
        if scripted is not None:
            dice = ScriptedDice([int(v) for v in scripted])
        elif seed is not None:
            dice = Dice(seed)
        else:
            raise SaveError(name, "the header has neither a seed nor scripted dice", 1)
        return Game(ruleset, setup, dice, undo_policy=policy)
    except SaveError:
        raise
    except cattrs.BaseValidationError as exc:  # say which setup field is wrong
        reason = f"the header cannot start a game: {describe_error(exc, '$.setup')}"
        raise SaveError(name, reason, 1) from exc
    except Exception as exc:  # a setup the ruleset cannot start is damage, not a crash
        raise SaveError(name, f"the header cannot start a game: {_short(exc)}", 1) from exc


def _apply_line(game: AnyGame, obj: dict[str, Any], name: str, number: int) -> None:
    if "op" in obj:
        if obj["op"] == "state":
            _apply_kept(game, obj, name, number)
            return
        _apply_marker(game, obj, name, number)
    else:
        _apply_entry(game, obj, name, number)


def _apply_marker(game: AnyGame, obj: dict[str, Any], name: str, number: int) -> None:
    op, n = obj.get("op"), obj.get("n")
    if set(obj) != {"op", "n"} or op not in ("undo", "redo"):  # a tuple: op may be a list
        raise SaveError(name, "a marker line is {'op': 'undo'|'redo', 'n': N}", number)
    expected = game.cursor - 1 if op == "undo" else game.cursor
    if type(n) is not int or n != expected:
        raise SaveError(name, f"{op} of entry {n!r} where {expected} was expected", number)
    outcome = game.undo() if op == "undo" else game.redo()
    if isinstance(outcome, Rejected):
        raise SaveError(name, f"the game does not allow this {op}: {outcome.reason}", number)


def _apply_kept(game: AnyGame, obj: dict[str, Any], name: str, number: int) -> None:
    """A kept state read while folding: the fold gives it already; its place is checked."""
    n = obj.get("n")
    if set(obj) != {"op", "n", "state"} or type(n) is not int or n != game.cursor - 1 or n < 0:
        raise SaveError(name, f"a kept state must follow entry {game.cursor - 1}", number)


ENTRY_KEYS = frozenset({"n", "command", "events", "dice"})
"""The keys every entry line has; ``seat`` and ``note`` may follow."""

OPTIONAL_KEYS = frozenset({"seat", "note"})
"""The keys an entry line may have besides `ENTRY_KEYS`: who gave it, and why (`Entry.note`)."""


def _apply_entry(game: AnyGame, obj: dict[str, Any], name: str, number: int) -> None:
    n = obj.get("n")
    if type(n) is not int or n != game.cursor:
        raise SaveError(name, f"entry numbered {n!r} where {game.cursor} was expected", number)
    if not game.deferred and game.summary.over:  # deferred: `check_kept` asks later
        raise SaveError(name, "an entry after the game had ended", number)
    conv = make_converter(game.ruleset)
    if not ENTRY_KEYS <= set(obj) <= ENTRY_KEYS | OPTIONAL_KEYS:
        msg = "an entry line has exactly the keys n, command, events, dice (and seat, note)"
        raise SaveError(name, msg, number)
    seat = obj.get("seat")
    if seat is not None and (type(seat) is not int or seat < 0):
        raise SaveError(name, f"the seat {seat!r} is not a seat number", number)
    note = obj.get("note", "")
    if type(note) is not str:
        raise SaveError(name, f"the note {_short_value(note)} is not a line of text", number)
    try:
        command = _structure(conv, obj["command"], Command, "$.command")
        events = tuple(
            _structure(conv, event, Event, f"$.events[{i}]")
            for i, event in enumerate(_as_list(obj["events"], "events"))
        )
        start, end = _as_list(obj["dice"], "dice")
        if not (type(start) is int and type(end) is int and start == game.dice_position <= end):
            raise ValueError(f"the dice positions {obj['dice']!r} do not follow the game's")
        game.dice.at(end)  # scripted dice: raises ValueError past the end of the script
    except (ValueError, TypeError) as exc:
        raise SaveError(name, str(exc) or type(exc).__name__, number) from exc
    try:
        game.append(Entry(command, events, start, end, seat, note))
        if not game.deferred:
            game.summary  # noqa: B018 - a state the ruleset cannot describe would crash lists, play
    except Exception as exc:  # an event the state cannot take is damage, not a crash
        raise SaveError(name, f"the events cannot be applied: {_short(exc)}", number) from exc


def _structure(conv: cattrs.Converter, value: object, cls: type, path: str) -> Any:  # noqa: ANN401
    """Structure one value, turning any failure into a ValueError naming its JSON path."""
    try:
        return conv.structure(value, cls)
    except cattrs.BaseValidationError as exc:  # its messages carry their own paths
        raise ValueError(describe_error(exc, path)) from exc
    except (ValueError, TypeError, KeyError) as exc:
        raise ValueError(f"{describe_error(exc)} @ {path}") from exc


def _as_list(value: object, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"{key!r} must be a list")
    return value


def _short_value(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."  # noqa: PLR2004 - a readable excerpt


def _short(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:200]


# ---------------------------------------------------------------------------------- writing
class JournalWriteError(OSError):
    """A save that cannot be written: its text is one line saying what failed and what to do.

    An `OSError`, so code that already reports a failed save as one line goes on doing so.
    """


class GameInUseError(JournalWriteError):
    """Another journal (another window, another process) has this save open for writing."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"this game is open in another window ({path})")
        self.path = path


NO_SPACE = "cannot save: no space left on device; the game stops here, everything before is saved"
"""What a journal says when the disk fills up during a game."""


def _write_failure(exc: OSError, path: Path, *, creating: bool) -> JournalWriteError:
    """Word a failed write (or open for writing) in one line: what failed, what to do."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        if creating:
            return JournalWriteError(
                f"cannot create {path}: no space left on device (free some space and start again)"
            )
        return JournalWriteError(NO_SPACE)
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        if creating:
            return JournalWriteError(
                f"cannot create {path}: permission denied "
                "(save the game in a folder you can write to)"
            )
        return JournalWriteError(
            f"cannot write to {path}: permission denied "
            "(make the file writable to go on playing, or replay it instead)"
        )
    what = "create" if creating else "save to"
    return JournalWriteError(f"cannot {what} {path}: {exc.strerror or exc}")


def _lock(file: IO[bytes], path: Path) -> None:
    """Take the save's exclusive writer lock, without waiting; readers never take it.

    Raises:
        GameInUseError: another journal holds it.
    """
    if sys.platform == "win32":  # no flock: the size and identity checks of each write remain
        return
    import fcntl  # noqa: PLC0415 - POSIX only

    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise GameInUseError(path) from None
    except OSError as exc:  # a file system without locks: the other checks remain
        if exc.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL):
            raise


def _write_all(file: IO[bytes], data: bytes) -> None:
    """Write every byte through an unbuffered file (a short write is continued)."""
    view = memoryview(data)
    while view:
        written = file.write(view)
        if not written:
            raise OSError(errno.EIO, "nothing was written")
        view = view[written:]


class Journal:
    """A game and the file that records it: every accepted change is on disk before it returns.

    Use `Journal.create` for a new game and `Journal.open` to continue one; close it (or use it as a
    context manager) when done.

    One file has one writer: from `create` or `open` until `close` the journal holds an exclusive
    lock on its file (``flock``, POSIX), so a second journal on it is refused with
    `GameInUseError`; readers (`read_game`, a spectator's tail, the browser) never lock. Besides,
    the journal remembers the file's size (and identity) after its own last write, and refuses
    every command, undo and redo with ``game/stale`` once another program has written to the file,
    so that lines never interleave.

    A write that fails (a full disk, a file made read-only) raises `JournalWriteError` and is not
    acknowledged: the game in memory does not change, the part of the line that reached the file is
    cut off, and every later command, undo or redo raises the same error (the game stops there).
    """

    STALE_FILE = "This game was changed in another window: open it again to go on."

    def __init__(
        self,
        path: Path,
        game: AnyGame,
        file: IO[bytes],
        warnings: tuple[str, ...] = (),
        *,
        records: bool = True,
        keep_every: int = SNAPSHOT_EVERY,
        restored: Loaded | None = None,
    ) -> None:
        self.path = path
        self.game = game
        self.warnings = warnings
        self.records = records
        """Entries are written as records (format 3); False for a file of an older format."""
        self.keep_every = keep_every
        """Every so many entries in effect after a command, the state is kept (a ``state``
        line, format 4: `encode_state`); 0 for a file of an older format, which keeps none."""
        self.restored = restored
        """The save as read, when the game was opened from a state it kept: `check_kept` it."""
        self._file = file
        self._size = os.fstat(file.fileno()).st_size
        self._failure: JournalWriteError | None = None

    @classmethod
    def create(
        cls,
        path: Path,
        ruleset: AnyRuleset,
        setup: object,
        *,
        created: datetime,
        seed: int | None = None,
        scripted: tuple[int, ...] | None = None,
        undo_policy: UndoPolicy = UndoPolicy.HOTSEAT,
        keep_every: int = SNAPSHOT_EVERY,
    ) -> Journal:
        """Start a new game and its save file; an existing file is never overwritten.

        ``keep_every``: the state is kept in the save every so many entries (`encode_state`).

        A file that cannot be created or whose header cannot be written is not left behind.

        Raises:
            FileExistsError: when ``path`` exists.
            JournalWriteError: the file cannot be created or written (one line: a full disk, a
                folder without write permission, ...).
            ValueError: when neither ``seed`` nor ``scripted`` is given.
        """
        if seed is None and scripted is None:
            raise ValueError("a game needs a seed or scripted dice")
        dice: DiceSource = Dice(seed or 0) if scripted is None else ScriptedDice(scripted)
        game = Game(ruleset, setup, dice, undo_policy=undo_policy)
        header = encode_header(
            ruleset, setup, seed=seed, scripted=scripted, undo_policy=undo_policy, created=created
        )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            file = path.open("xb", buffering=0)
        except FileExistsError:
            raise
        except OSError as exc:
            raise _write_failure(exc, path, creating=True) from exc
        try:
            _lock(file, path)
            journal = cls(path, game, file, keep_every=keep_every)
            journal._write(header)
        except BaseException as exc:
            file.close()
            path.unlink(missing_ok=True)  # ours: created above, never acknowledged
            cause = exc.__cause__
            if isinstance(exc, JournalWriteError) and isinstance(cause, OSError):
                raise _write_failure(cause, path, creating=True) from cause
            raise
        return journal

    @classmethod
    def open(cls, path: Path, *, kept: bool = False) -> Journal:
        """Continue a saved game; a half-written last line is cut off (with a warning).

        The file is locked, read, repaired and truncated through one handle, so no other writer
        can slip a line in between. ``kept``: start from the last state the save kept
        (`read_game`); `restored` then holds what `check_kept` checks.

        Raises:
            SaveError: when the file cannot be read as a save (or does not exist).
            GameInUseError: another journal has it open.
            JournalWriteError: it cannot be opened for writing (read-only file or folder).
        """
        try:
            file = path.open("r+b", buffering=0)
        except (FileNotFoundError, IsADirectoryError) as exc:
            raise SaveError(path, exc.strerror or str(exc)) from exc
        except OSError as exc:
            raise _write_failure(exc, path, creating=False) from exc
        try:
            _lock(file, path)
            data = _read_all(file)
            loaded = read_game(data, str(path), kept=kept)
            if loaded.valid_bytes < len(data):
                file.truncate(loaded.valid_bytes)
            file.seek(0, os.SEEK_END)
            if loaded.valid_bytes and not data[: loaded.valid_bytes].endswith(b"\n"):
                _write_all(file, b"\n")
                os.fsync(file.fileno())
        except OSError as exc:
            file.close()
            if isinstance(exc, JournalWriteError):
                raise
            raise _write_failure(exc, path, creating=False) from exc
        except BaseException:
            file.close()
            raise
        return cls(
            path,
            loaded.game,
            file,
            loaded.warnings,
            records=loaded.written >= RECORDS_FROM,
            keep_every=SNAPSHOT_EVERY if loaded.written >= SNAPSHOTS_FROM else 0,
            restored=loaded if loaded.restored is not None else None,
        )

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file and release its lock (everything acknowledged is on disk already).

        Never raises, and may be called again.
        """
        with contextlib.suppress(OSError):  # unbuffered: nothing is left to flush
            self._file.close()

    @property
    def failure(self) -> JournalWriteError | None:
        """Why this journal stopped taking moves (a write failed), or None."""
        return self._failure

    def execute(
        self,
        command: Command,
        *,
        seat: Seat | None = None,
        expected: int | None = None,
        note: str = "",
    ) -> Accepted[Any, Any] | Rejected:
        """Execute a command; if accepted, it is on disk before the game in memory changes.

        ``seat``, ``expected`` and ``note`` are as in `Game.execute`; a file another program wrote
        to since this journal's last write is refused too (``game/stale``), and nothing is written.

        Raises:
            JournalWriteError: the command cannot be saved (now or at an earlier write): it is
                not applied.
        """
        self._check_writable()
        entry = self._file_refusal() or self.game.decide(
            command, seat=seat, expected=expected, note=note
        )
        if isinstance(entry, Rejected):
            return entry
        self._write(encode_entry(self.game.ruleset, self.game.cursor, entry, records=self.records))
        accepted = self.game.append(entry)
        if self.keep_every and self.game.cursor % self.keep_every == 0:
            self._keep_state()
        return accepted

    def _keep_state(self) -> None:
        """Write the state after the entries in effect (`encode_state`), if it can be written.

        The command before it is saved and applied already: a failed write is not raised here
        but stops the journal (the next command raises it), as any failed write does.
        """
        try:
            line = encode_state(self.game)
        except ValueError:
            return  # a state the save cannot keep: opening it folds the entries, as before
        with contextlib.suppress(JournalWriteError):
            self._write(line)

    def undo(
        self, seat: Seat | None = None, *, expected: int | None = None
    ) -> Accepted[Any, Any] | Rejected:
        """Undo (per the game's policy and, given a seat, its own entries), writing the marker."""
        self._check_writable()
        refusal = self._file_refusal() or self.game.undo_refusal(seat, expected=expected)
        if refusal is not None:
            return refusal
        self._write(encode_marker("undo", self.game.cursor - 1))
        return self.game.undo(seat)

    def redo(
        self, seat: Seat | None = None, *, expected: int | None = None
    ) -> Accepted[Any, Any] | Rejected:
        """Redo (given a seat: only its own entry), writing the marker first."""
        self._check_writable()
        refusal = self._file_refusal() or self.game.redo_refusal(seat, expected=expected)
        if refusal is not None:
            return refusal
        self._write(encode_marker("redo", self.game.cursor))
        return self.game.redo(seat)

    def _file_refusal(self) -> Rejected | None:
        """Refuse when the file is no longer as this journal left it (another writer)."""
        mine = os.fstat(self._file.fileno())
        try:
            named = self.path.stat()
        except OSError:
            return Rejected(KernelCode.STALE, self.STALE_FILE)
        same_file = (named.st_dev, named.st_ino) == (mine.st_dev, mine.st_ino)
        if not same_file or mine.st_size != self._size:
            return Rejected(KernelCode.STALE, self.STALE_FILE)
        return None

    def _check_writable(self) -> None:
        """Raise the failure of an earlier write again: the game stopped there."""
        if self._failure is not None:
            raise self._failure

    def _write(self, data: Mapping[str, Any]) -> None:
        """Write one line and fsync it; on failure cut the file back and stop the journal.

        Raises:
            JournalWriteError: the line is not (or not surely) on disk.
        """
        # One unbuffered write per line, then fsync: a crash loses at most the line in flight.
        try:
            _write_all(self._file, _json_line(data))
            os.fsync(self._file.fileno())
            self._size = os.fstat(self._file.fileno()).st_size
        except OSError as exc:
            with contextlib.suppress(OSError):  # never leave a line that was not acknowledged
                self._file.truncate(self._size)
                os.fsync(self._file.fileno())
            self._failure = _write_failure(exc, self.path, creating=False)
            raise self._failure from exc


def _read_all(file: IO[bytes]) -> bytes:
    """Read a file from its start to its end through an open handle."""
    file.seek(0)
    chunks = []
    while chunk := file.read(1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)
