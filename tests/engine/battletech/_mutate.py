"""A seeded mutation corpus over unit, board and scenario files, and its tally.

Each variant is a real file (bundled in ``assets/``, or MegaMek's in ``../shared/data/megamek``)
changed in one or two places: a number made huge or negative, a line dropped, doubled or cut, a
word replaced, control characters or quotes put in. `tally` parses every variant and counts what
happened; ``PYTHONPATH=. python -m tests.engine.battletech._mutate [VARIANTS_PER_FILE]`` prints it
(the figures in issue 19).
"""

from __future__ import annotations

import random
import re
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

from engine.battletech.data.boardfile import parse_board
from engine.battletech.data.fileformat import FileFormatError
from engine.battletech.data.mtf import parse_mtf
from engine.battletech.data.scenario import parse_scenario
from tests.conftest import REPO, SHARED
from tui.battletech.library import FileLibrary

UNIT_DIRS = (REPO / "assets" / "units", SHARED / "data" / "megamek" / "mtf")
BOARD_DIRS = (REPO / "assets" / "boards", SHARED / "data" / "megamek" / "board")
SCENARIO_DIRS = (REPO / "assets" / "scenarios" / "battletech",)

_NUMBER = re.compile(r"[0-9]+")
_WORDS = (
    "",
    "x",
    "-1",
    "0",
    "99999",
    "1" * 5000,
    "9" * 40,
    "size",
    "hex",
    "end",
    "armor:",
    "Left Arm:",
    "\x1b]0;PWNED\x07",
    "\u2028",
    "\x00",
    '"',
    "#",
    ";",
    ":",
    "Weapons:",
    "٣",
    "1.5",
    "[[side]]",
    "{",
)


def sources(dirs: tuple[Path, ...], suffix: str) -> list[Path]:
    """The files of ``dirs`` ending in ``suffix`` (folders that do not exist add nothing)."""
    return [p for d in dirs if d.is_dir() for p in sorted(d.glob(f"*{suffix}"))]


def _change_number(text: str, rng: random.Random) -> str:
    """A number made huge, negative or odd."""
    numbers = list(_NUMBER.finditer(text))
    if not numbers:
        return text + rng.choice(_WORDS)
    hit = rng.choice(numbers)
    new = rng.choice(["1" * 5000, "9" * 30, "-" + hit[0], "30000", "1000", "0", "٣"])
    return text[: hit.start()] + new + text[hit.end() :]


def _mutate_once(text: str, rng: random.Random) -> str:  # noqa: C901 - one case a mutation
    lines = text.split("\n")
    index = rng.randrange(len(lines)) if lines else 0
    match rng.randrange(9):
        case 0:
            return _change_number(text, rng)
        case 1:  # a line dropped
            del lines[index : index + 1]
        case 2:  # a line doubled
            lines[index:index] = lines[index : index + 1]
        case 3:  # the file cut short
            return text[: rng.randrange(len(text) + 1)]
        case 4:  # a word put in a line
            line = lines[index] if lines else ""
            at = rng.randrange(len(line) + 1)
            lines[index : index + 1] = [line[:at] + rng.choice(_WORDS) + line[at:]]
        case 5:  # a line replaced
            lines[index : index + 1] = [rng.choice(_WORDS)]
        case 6:  # two lines swapped
            other = rng.randrange(len(lines)) if lines else 0
            if lines:
                lines[index], lines[other] = lines[other], lines[index]
        case 7:  # a character dropped
            if text:
                at = rng.randrange(len(text))
                return text[:at] + text[at + 1 :]
        case _:  # a size or count made huge
            return re.sub(
                r"\b[0-9]+\b", lambda m: rng.choice([m[0], "30000", "9" * 25]), text, count=3
            )
    return "\n".join(lines)


def variants(paths: list[Path], per_file: int, seed: int = 19) -> Iterator[tuple[Path, str]]:
    """Yield ``per_file`` seeded variants of each file (one or two mutations each)."""
    for path in paths:
        text = path.read_text(encoding="utf-8", errors="replace")
        rng = random.Random(f"{seed}:{path.name}")  # noqa: S311 - seeded on purpose
        for _ in range(per_file):
            variant = _mutate_once(text, rng)
            if rng.random() < 0.3:  # a third get a second mutation
                variant = _mutate_once(variant, rng)
            yield path, variant


def tally(
    parse: Callable[[str], object], error: type[Exception], items: Iterator[tuple[Path, str]]
) -> Counter[str]:
    """Parse every variant; count ``ok``, ``rejected``, ``no line`` and ``other error``.

    ``no line``: rejected with `error` whose ``line`` is 0. ``other error``: any other exception.
    ``timeout``: a variant that took longer than `_TIMEOUT` seconds (main thread only: SIGALRM).
    """
    counts: Counter[str] = Counter()
    signal.signal(signal.SIGALRM, _alarm)
    for _path, text in items:
        counts["tried"] += 1
        signal.setitimer(signal.ITIMER_REAL, _TIMEOUT)
        try:
            parse(text)
        except _TimeoutError:
            counts["timeout"] += 1
        except error as exc:
            counts["rejected"] += 1
            if not getattr(exc, "line", 1):
                counts["no line"] += 1
        except Exception:  # noqa: BLE001 - counting what escapes is the point
            counts["other error"] += 1
        else:
            counts["ok"] += 1
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return counts


class _TimeoutError(Exception):
    """A variant that took longer than `_TIMEOUT` seconds."""


def _alarm(_signum: int, _frame: object) -> None:
    raise _TimeoutError


_TIMEOUT = 5.0


def main(per_file: int = 30) -> None:
    """Print the tally for units, boards and scenarios (scenario errors carry no line)."""
    for name, parse, paths in (
        ("units", parse_mtf, sources(UNIT_DIRS, ".mtf")),
        ("boards", parse_board, sources(BOARD_DIRS, ".board")),
    ):
        start = time.perf_counter()
        counts = tally(parse, FileFormatError, variants(paths, per_file))
        took = time.perf_counter() - start
        print(f"{name}: {dict(counts)} ({len(paths)} files, {took:.1f} s)")  # noqa: T201
    library = FileLibrary()
    paths = sources(SCENARIO_DIRS, ".toml")
    start = time.perf_counter()
    counts = tally(
        lambda text: parse_scenario(text, library), ValueError, variants(paths, per_file)
    )
    took = time.perf_counter() - start
    print(f"scenarios: {dict(counts)} ({len(paths)} files, {took:.1f} s)")  # noqa: T201


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
