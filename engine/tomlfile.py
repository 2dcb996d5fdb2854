"""Reading data files (TOML): one error type with a line, and typed getters (pure).

The kernel's, for every ruleset whose assets are TOML (Age of Destruction's ``.aod.toml``,
Dystopian Wars' ``.dw.toml``): the getters, the key-to-line search and the one-line message know
nothing of a game.

Every reader here takes text and returns values; the code that opened the file adds its name, so a
bad file is one line ``FILE:LINE: reason`` (``hexmech validate``). A problem is raised as
`DataFileError` with the *key* where it is (``("dial", 3, "atk")``); `read_text` turns the key into
a line of the text: the line of the table header (``[[marker]]`` number n), then the n-th inline
table of an inline array (``dial = [ {...}, {...} ]``, one table a line as the README asks), then
the line that sets the key.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, TypeVar

from engine.text import printable
from engine.tomltext import Key, sections, setter, syntax_error

__all__ = [
    "DataFileError",
    "Key",
    "Table",
    "boolean",
    "check_keys",
    "choice",
    "integer",
    "locate",
    "read_text",
    "string_list",
    "table_list",
    "text",
    "where",
]

Table = Mapping[str, Any]
"""A TOML table as `tomllib` gives it."""
T = TypeVar("T")

MAX_DIGITS: Final = 9
"""An integer value of more digits is refused (no value in these files needs 10); digits in a
name or other text are text, whatever their number."""
_TOO_LONG: Final = f"a number with more than {MAX_DIGITS} digits"
_LONG_NUMBER: Final = re.compile(rf"[0-9_]{{{MAX_DIGITS + 1},}}")
_MAX_TEXT: Final = 200
"""Characters a name or other text value may have (one line of a panel)."""


class DataFileError(ValueError):
    """A data file that cannot be used: the reason, and where.

    ``str()`` is ``N: reason`` (``reason`` without a line), like the BattleTech readers' errors.

    Attributes:
        reason: one line; control characters quoted from the file are escaped (`printable`).
        line: the 1-based line, 0 when not known.
        key: where in the file's table the problem is (`read_text` finds its line from it).
    """

    def __init__(self, reason: str, key: Key = (), line: int = 0) -> None:
        self.reason = printable(reason)
        self.key = key
        self.line = line
        super().__init__(f"{line}: {self.reason}" if line else self.reason)

    def at_line(self, line: int) -> DataFileError:
        """The same error, placed on ``line``."""
        return DataFileError(self.reason, self.key, line)

    def where(self, filename: str) -> str:
        """``FILE:LINE: reason`` (``FILE: reason`` without a line), the name escaped too."""
        name = printable(filename)
        return f"{name}:{self.line}: {self.reason}" if self.line else f"{name}: {self.reason}"


def read_text(text: str, build: Callable[[Table], T]) -> T:
    """Load TOML ``text`` and build a value from its table; errors carry their line.

    Raises:
        DataFileError: TOML's own errors with their line, or ``build``'s with the line of its key.
    """
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = syntax_error(str(exc))
        if found is None:
            raise DataFileError(str(exc)) from None
        raise DataFileError(found[0], line=found[1]) from None
    except RecursionError:
        raise DataFileError("lists or tables nested too deeply") from None
    except ValueError:  # an integer too long for Python to read at all (over 4,300 digits)
        match = _LONG_NUMBER.search(text)
        line = text.count("\n", 0, match.start()) + 1 if match else 0
        raise DataFileError(_TOO_LONG, line=line) from None
    if (long := _long_number(table, ())) is not None:
        raise DataFileError(_TOO_LONG, long).at_line(locate(text, long))
    try:
        return build(table)
    except DataFileError as exc:
        raise exc.at_line(exc.line or locate(text, exc.key)) from None


def _long_number(value: object, key: Key) -> Key | None:
    """The key of the first integer of more than `MAX_DIGITS` digits in ``value``, or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return key if abs(value) >= 10**MAX_DIGITS else None
    items: Iterable[tuple[str | int, object]] = ()
    if isinstance(value, Mapping):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    for name, item in items:
        if (found := _long_number(item, (*key, name))) is not None:
            return found
    return None


def locate(text: str, key: Key) -> int:
    """The 1-based line of ``text`` where the value at ``key`` is (0 when it cannot be found)."""
    lines = text.split("\n")
    spans = sections(lines)
    place = key
    while place and place not in spans:
        place = place[:-1]
    if not place and key and isinstance(key[0], str):  # a table: its first header
        headers = [line for k, (line, _) in spans.items() if k[:1] == key[:1] and k != ()]
        if headers and not any(setter(key[0]).search(line) for line in lines):
            return min(headers) + 1
    start, end = spans.get(place, (0, len(lines)))
    found = start if place else -1
    rest = key[len(place) :]
    index = 0
    while index < len(rest):
        name = rest[index]
        if not isinstance(name, str):
            break
        sets = setter(name)
        hit = next((n for n in range(max(found, start), end) if sets.search(lines[n])), None)
        if hit is None:
            break
        found = hit
        index += 1
        if index < len(rest) and isinstance(rest[index], int):
            item = _nth_inline(lines, found, end, int(rest[index]))
            if item is None:
                break
            found, start, end = item, item, item + 1  # one inline table a line (README)
            index += 1
    return found + 1 if found >= 0 else 0


def _nth_inline(lines: list[str], first: int, end: int, n: int) -> int | None:
    """The line where the n-th table or list of the array set on line ``first`` opens."""
    depth = 0
    seen = -1
    for number in range(first, end):
        line = lines[number].split("#", 1)[0]
        body = line.split("=", 1)[1] if number == first and "=" in line else line
        for char in body:
            if char in "[{":
                depth += 1
                if depth == 2:  # noqa: PLR2004 - a table or list inside the array: one item
                    seen += 1
                    if seen == n:
                        return number
            elif char in "]}":
                depth -= 1
                if depth <= 0:
                    return None
    return None


def where(key: Key) -> str:
    """A key as a reader names it: ``dial[3].atk``."""
    out = ""
    for part in key:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def check_keys(table: Table, allowed: set[str] | frozenset[str], key: Key = ()) -> None:
    """Refuse a key the format does not know (a typo would otherwise be silently ignored)."""
    for name in table:
        if name not in allowed:
            at = (*key, name)
            known = ", ".join(sorted(allowed))
            raise DataFileError(f"{where(at)}: unknown key (known: {known})", at)


def _present(table: Table, name: str, key: Key, default: object) -> Any:  # noqa: ANN401
    if name in table:
        return table[name]
    if default is _REQUIRED:
        raise DataFileError(f"{where((*key, name))}: missing", (*key, name))
    return default


_REQUIRED: Final = object()


def integer(  # noqa: PLR0917 - the getters' one shape: where, then bounds
    table: Table,
    name: str,
    key: Key,
    low: int,
    high: int,
    default: int | None = None,
) -> int:
    """An integer ``low`` to ``high`` at ``table[name]`` (required unless ``default`` is given)."""
    value = _present(table, name, key, _REQUIRED if default is None else default)
    at = (*key, name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataFileError(f"{where(at)}: expected a whole number, got {_shown(value)}", at)
    if not low <= value <= high:
        raise DataFileError(f"{where(at)}: {value} is out of range ({low} to {high})", at)
    return value


def boolean(table: Table, name: str, key: Key, default: bool = False) -> bool:
    """``true`` or ``false`` at ``table[name]`` (``default`` when absent)."""
    value = table.get(name, default)
    if not isinstance(value, bool):
        at = (*key, name)
        raise DataFileError(f"{where(at)}: expected true or false, got {_shown(value)}", at)
    return value


def text(table: Table, name: str, key: Key, default: str | None = None) -> str:
    """A one-line, non-empty string at ``table[name]`` (required unless ``default`` is given)."""
    value = _present(table, name, key, _REQUIRED if default is None else default)
    at = (*key, name)
    if not isinstance(value, str):
        raise DataFileError(f"{where(at)}: expected text in quotes, got {_shown(value)}", at)
    if default is None and not value.strip():
        raise DataFileError(f"{where(at)}: empty", at)
    if len(value) > _MAX_TEXT or "\n" in value:
        raise DataFileError(f"{where(at)}: expected one line of at most {_MAX_TEXT} characters", at)
    return value


def choice(table: Table, name: str, key: Key, options: tuple[str, ...], default: str = "") -> str:
    """One of ``options`` at ``table[name]`` (required unless ``default`` is given)."""
    value = text(table, name, key, default or None)
    if value not in options:
        at = (*key, name)
        raise DataFileError(f"{where(at)}: {_shown(value)} is not one of {', '.join(options)}", at)
    return value


def table_list(table: Table, name: str, key: Key, required: bool = True) -> list[Table]:
    """A list of tables at ``table[name]`` (``[[name]]`` or ``name = [{...}, ...]``)."""
    at = (*key, name)
    if name not in table:
        if required:
            raise DataFileError(f"{where(at)}: missing", at)
        return []
    value = table[name]
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise DataFileError(f"{where(at)}: expected a list of tables", at)
    return value


def string_list(table: Table, name: str, key: Key) -> list[str]:
    """A list of strings at ``table[name]`` (empty when absent)."""
    at = (*key, name)
    value = table.get(name, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise DataFileError(f"{where(at)}: expected a list of texts in quotes", at)
    return value


def _shown(value: object) -> str:
    """A value quoted in a message, short."""
    if isinstance(value, str):
        shown = repr(value)
    elif isinstance(value, dict):
        shown = "a table"
    elif isinstance(value, list):
        shown = "a list"
    else:
        shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."  # noqa: PLR2004 - message width
