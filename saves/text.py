r"""Quoting file content in a message: `printable` escapes what a terminal would obey.

A save, a score table or a file name is data from outside: a key like ``"\x1b]0;PWNED\x07"``
copied raw into an error would set the terminal's title, clear the screen, or split a one-line
message in two (``\n``, U+2028), and a bidi override (U+202E) would show the line's end backwards.
Every message built from such content passes it through `printable` once, where the message is
made (`saves.journal.SaveError`, `saves.codec.describe_error`, the score table's warnings, the
command line's error printer), so the CLI, the TUI and the SSH sessions show the same safe line.

`printable` itself is the kernel's (`engine.text`: the rulesets' data-file readers use it too,
and the engine does not import ``saves``); this module adds `json_text`.
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.text import UNSAFE, printable

__all__ = ["UNSAFE", "json_text", "printable"]


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def json_text(value: Any) -> str:  # noqa: ANN401 - any JSON value
    r"""Return ``value`` as one line of JSON that a terminal shows as it is.

    `json.dumps` with ``ensure_ascii=False`` keeps letters of every script readable and escapes
    C0 controls, but writes DEL, C1 controls, bidi overrides, U+2028 and lone surrogates raw (a
    lone surrogate cannot even be printed). Each of those becomes a ``\uXXXX`` escape here, so the
    line still parses back to the same value.

    Args:
        value: what `json.dumps` accepts (a save's summary, with strings from the file).
    """
    return UNSAFE.sub(_json_escape, json.dumps(value, ensure_ascii=False))
