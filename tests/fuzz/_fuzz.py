"""What every fuzz test shares: how many files to try, the clean-message check, the tally.

``make test`` runs each reader over a small seeded corpus (a few seconds in all); ``make fuzz``
sets ``HEXMECH_FUZZ_EXAMPLES`` (variants per source file, and hypothesis examples a test) to run
it much longer, and prints, per reader, the files tried and the failures.

The property, for every reader: it returns a value, or raises its documented clean error, whose
message is one line without a character a terminal would obey (C0 and C1 controls, DEL, bidi
controls, line separators: `saves.text.UNSAFE`). Any other exception is a failure.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Final, TypeVar

from saves.text import UNSAFE

__all__ = ["FUZZ_ENV", "LAST_GUARDS", "Tally", "clean", "examples", "per_file", "run_reader"]

FUZZ_ENV: Final = "HEXMECH_FUZZ_EXAMPLES"
"""Variants a source file and hypothesis examples a test; unset: the fast default of each test."""

T = TypeVar("T")


def per_file(default: int) -> int:
    """Variants to make of each source file: ``default``, or ``$HEXMECH_FUZZ_EXAMPLES``."""
    value = os.environ.get(FUZZ_ENV, "")
    return int(value) if value.isdigit() and int(value) > 0 else default


def examples(default: int) -> int:
    """Hypothesis examples for one test: ``default``, or ``$HEXMECH_FUZZ_EXAMPLES`` x 10."""
    value = os.environ.get(FUZZ_ENV, "")
    return int(value) * 10 if value.isdigit() and int(value) > 0 else default


LAST_GUARDS: Final = re.compile(r"cannot be read \(\w+(Error|Exception)\)|cannot be listed: ")
"""The words of the readers' catch-alls (``load_unit``'s and ``load_board``'s "cannot be read
(KeyError)", the browser listing's "cannot be listed: TypeError: ..."): a message with them
reports a failure no check foresaw, which the fuzz counts as a failure."""


def clean(message: str) -> str | None:
    """Why ``message`` is not one clean line from a check (None when it is)."""
    if not message.strip():
        return "an empty message"
    if bad := UNSAFE.search(message):
        return f"a raw U+{ord(bad.group()):04X}"
    if LAST_GUARDS.search(message):
        return "an unexpected failure caught by the reader's last guard"
    return None


class Tally:
    """Files tried and failures per reader, over the whole run (printed by ``make fuzz``)."""

    tried: ClassVar[Counter[str]] = Counter()
    failures: ClassVar[dict[str, list[str]]] = {}

    @classmethod
    def record(cls, reader: str, tried: int, failures: Iterable[str]) -> list[str]:
        """Add one test's figures for ``reader``; return its failures."""
        found = list(failures)
        cls.tried[reader] += tried
        cls.failures.setdefault(reader, []).extend(found)
        return found

    @classmethod
    def lines(cls) -> list[str]:
        """One line a reader: ``reader: N files tried, M failures``."""
        width = max((len(name) for name in cls.tried), default=0)
        return [
            f"{name:<{width}}  {cls.tried[name]:>8,} tried  {len(cls.failures[name]):>4} failures"
            for name in sorted(cls.tried)
        ]


def run_reader(
    reader: str,
    items: Iterable[tuple[str, T]],
    call: Callable[[T], Any],
    error: type[BaseException] | tuple[type[BaseException], ...],
    check: Callable[[Any], str | None] = lambda _value: None,
) -> list[str]:
    """Feed every item to ``call``; return (and tally) what broke the property.

    Args:
        reader: the name the tally gives the reader.
        items: (a label for the report, the input) pairs.
        call: the reader.
        error: its documented clean error(s): allowed, when the message is one clean line.
        check: a further check of a returned value: why it is wrong, or None.
    """
    failures: list[str] = []
    tried = 0
    for label, item in items:
        tried += 1
        try:
            value = call(item)
        except error as exc:
            if why := clean(str(exc)):
                failures.append(f"{label}: {type(exc).__name__} message has {why}: {exc!r:.300}")
        except Exception as exc:  # noqa: BLE001 - what escapes is the finding
            failures.append(f"{label}: {type(exc).__name__}: {exc!r:.300}")
        else:
            if why := check(value):
                failures.append(f"{label}: {why}")
    return Tally.record(reader, tried, failures)
