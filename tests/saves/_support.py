"""Helpers shared by the save tests: scripted games, journal lines, strategies for attrs classes."""

from __future__ import annotations

import enum
import json
import types
import typing
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import attrs
from hypothesis import strategies as st

from engine.dice import Dice
from engine.game import Accepted, Game, Rejected, UndoPolicy
from engine.hexes import Hex
from saves.journal import Journal
from saves.records import Decoder
from tests.support.race import RULESET

CREATED = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
SEED = 5

#: A solo game: steps, rolls (one a 6), undo across dice, redo, rejected commands, and a redo list
#: left at the end. Every word is a line of the headless command language.
LONG_SCRIPT = (
    "step 2",
    "roll",
    "step 1",
    "step 9",  # rejected: a step is 1-3 spaces
    "undo",
    "undo",
    "redo",
    "redo",
    "redo",  # rejected: nothing to redo
    "roll",
    "step 3",
    "undo",
    "step 2",  # drops the redo list
    "roll",
    "step 1",
    "step 1",
    "undo",
    "undo",
    "redo",
    "step 2",
    "roll",
    "step 1",
    "undo",  # leaves one entry to redo
)
#: Red steps 3 seven times and wins.
FINISHED_SCRIPT = ("step 3",) * 13
TINY_SCRIPT = ("step 1",)


def perform(target: Journal | Game[Any, Any, Any, Any], word: str) -> Accepted[Any, Any] | Rejected:
    """Carry out one word of a script on a journal or a bare game."""
    game = target.game if isinstance(target, Journal) else target
    if word == "undo":
        return target.undo()
    if word == "redo":
        return target.redo()
    return target.execute(RULESET.parse_command(word, game.state))


def play(
    target: Journal | Game[Any, Any, Any, Any], script: Iterable[str]
) -> list[Accepted[Any, Any] | Rejected]:
    """Carry out a script; return every outcome."""
    return [perform(target, word) for word in script]


def write_journal(
    path: Path,
    script: Iterable[str],
    *,
    seed: int = SEED,
    undo_policy: UndoPolicy = UndoPolicy.HOTSEAT,
    created: datetime = CREATED,
) -> Journal:
    """Create a journal at ``path`` and play ``script`` into it; the caller closes it."""
    journal = Journal.create(
        path, RULESET, RULESET.make_setup(None), created=created, seed=seed, undo_policy=undo_policy
    )
    play(journal, script)
    return journal


def fresh_game(
    script: Iterable[str], *, seed: int = SEED, undo_policy: UndoPolicy = UndoPolicy.HOTSEAT
) -> Game[Any, Any, Any, Any]:
    """Play ``script`` on a new in-memory game: what a journal must load back to."""
    game: Game[Any, Any, Any, Any] = Game(
        RULESET, RULESET.make_setup(None), Dice(seed), undo_policy=undo_policy
    )
    play(game, script)
    return game


def json_lines(data: bytes) -> list[dict[str, Any]]:
    """Parse every line of a well-formed journal."""
    return [json.loads(line) for line in data.splitlines()]


def as_format_2(data: bytes) -> bytes:
    """Re-encode a journal written today (format 3: records) as format 2 wrote it (dictionaries).

    The damage tests edit lines as dictionaries: on a format-2 file they reach the checks after the
    records are read back, which every format shares (`saves.records`).
    """
    header, *lines = json_lines(data)
    decoder = Decoder.for_header(header)
    old = {**decoder.header(header), "version": 2}
    return join_lines(dump_line(line) for line in [old, *map(decoder.line, lines)])


def join_lines(lines: Iterable[bytes]) -> bytes:
    """Write lines back as a journal (each ended by a newline)."""
    return b"".join(line + b"\n" for line in lines)


def dump_line(data: object) -> bytes:
    """Encode one JSON line the way the journal does (without its newline)."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()


# ---------------------------------------------------------------------------------- strategies
small_ints = st.integers(min_value=-(2**70), max_value=2**70)
#: Text that a UTF-8 file can hold (no lone surrogates).
utf8_text = st.text(alphabet=st.characters(codec="utf-8"), max_size=20)
hexes = st.builds(Hex, st.integers(-99, 99), st.integers(-99, 99))


SIMPLE: dict[object, st.SearchStrategy[Any]] = {
    Hex: hexes,
    bool: st.booleans(),
    int: small_ints,
    str: utf8_text,
    type(None): st.none(),
}


def strategy_for(tp: Any) -> st.SearchStrategy[Any]:
    """Return a strategy for a field type of a command, event or setup (attrs classes recurse).

    A new field type in a ruleset is covered as soon as it is built from these: attrs classes,
    enums, hexes, ints, strings, bools, None, unions, tuples and frozensets.
    """
    if tp in SIMPLE:
        return SIMPLE[tp]
    if attrs.has(tp):
        hints = typing.get_type_hints(tp)
        fields = {f.name: strategy_for(hints[f.name]) for f in attrs.fields(tp) if f.init}
        return st.builds(tp, **fields)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return st.sampled_from(tp)
    return _generic_strategy(typing.get_origin(tp), typing.get_args(tp), tp)


def _generic_strategy(origin: object, args: tuple[Any, ...], tp: Any) -> st.SearchStrategy[Any]:
    if origin in {typing.Union, types.UnionType}:
        return st.one_of([strategy_for(a) for a in args])
    if origin is tuple and args[-1:] == (Ellipsis,):
        return st.lists(strategy_for(args[0]), max_size=6).map(tuple)
    if origin is tuple:
        return st.tuples(*(strategy_for(a) for a in args))
    if origin is frozenset:
        return st.frozensets(strategy_for(args[0]), max_size=6)
    return st.from_type(tp)
