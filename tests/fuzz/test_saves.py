"""Damaged saves through every path that reads one (issue 19: "a fuzz suite over every reader").

The corpus: the golden saves of ``tests/data/saves`` (every ruleset and format version), each
damaged by the seeded mutations of `tests.saves.test_fuzz` (bytes flipped, lines cut, doubled or
swapped, JSON values of the wrong type anywhere, deep nesting, bad UTF-8) and by putting odd values
in the last line's events (what the browser reads without replaying the game). Each file goes
through:

- ``read_game`` (opening a save to play, Continue, replay): a game or a `SaveError`;
- ``hexmech inspect``: exit 0 with one clean JSON line, or exit 2 with one clean line on stderr;
- the replay browser's listing (`tui.screens._catalog.describe`): a row, never an exception, and a
  damaged row's reason is one clean line that came from a check, not from the last guard;
- the menu's save list and Continue (`saves.store.describe_save`, `SaveLibrary`,
  `damage_report`, `newest_in_progress`): a row, never an exception;
- following a save (`saves.tail.JournalTail`): the good part is opened, the damaged part is
  appended and polled: an update or a `SaveError`.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saves.journal import SaveError, read_game
from saves.store import describe_save
from saves.tail import JournalTail
from saves.text import UNSAFE
from tests.conftest import REPO
from tests.fuzz._fuzz import clean, examples, per_file, run_reader
from tests.saves.test_fuzz import dump_any, mutate, random_json
from tui.commands import main
from tui.screens._catalog import SaveCatalog, describe
from tui.screens._library import SaveLibrary, damage_report, newest_in_progress

GOLDEN = REPO / "tests" / "data" / "saves"
ODD_VALUES: tuple[object, ...] = (
    "x",
    1.5,
    -1,
    2**70,
    True,
    None,
    [],
    ["x", 1],
    {},
    {"x": {"y": []}},
    "\x1b]0;PWNED\x07",
    "two\nlines",
    "rtl\u202eevil\x85",
    "[bold]x[/]",
)
"""What a field may hold instead of what it should: the shapes of issue 19, item 1."""


def goldens() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(GOLDEN.glob("*.jsonl"))}


def odd_tail(rng: random.Random, data: bytes) -> bytes:
    """Give a field of an event on the last line an odd value (``result = "x"`` and the like)."""
    lines = data.rstrip(b"\n").split(b"\n")
    try:
        last = json.loads(lines[-1])
    except ValueError:
        return data
    events = (
        [e for e in last.get("events", []) if isinstance(e, dict)] if isinstance(last, dict) else []
    )
    if not events:
        return data
    event = rng.choice(events)
    key = rng.choice([*sorted(event), "result", "winner", "type"])
    event[key] = rng.choice([*ODD_VALUES, random_json(rng)])
    lines[-1] = dump_any(last)
    return b"\n".join(lines) + b"\n"


def corpus(count: int, seed: int = 19) -> Iterator[tuple[str, bytes]]:
    """``count`` damaged variants of each golden save: (a label, the bytes)."""
    for name, data in goldens().items():
        rng = random.Random(f"{seed}:{name}")  # noqa: S311 - reproducible damage
        for number in range(count):
            if number % 4 == 3:
                damaged, how = odd_tail(rng, data), ["odd_tail"]
            else:
                damaged, how = mutate(rng, data)
            yield f"{name}#{number} ({'+'.join(how)})", damaged


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, str]:
    """The corpus written to one folder: {path: label}."""
    where = tmp_path_factory.mktemp("saves")
    files = {}
    for number, (label, data) in enumerate(corpus(per_file(10))):
        path = where / f"fuzzed-{number:05}.jsonl"
        path.write_bytes(data)
        files[path] = label
    return files


def fail_if(failures: list[str]) -> None:
    assert not failures, f"{len(failures)} failures, e.g.:\n" + "\n".join(failures[:10])


def test_read_game_loads_or_gives_save_error(folder):
    """Opening a save to play or replay: a game, or one clean `SaveError` line."""
    items = [(label, path.read_bytes()) for path, label in folder.items()]

    fail_if(run_reader("saves: read_game", items, lambda d: read_game(d, "f.jsonl"), SaveError))


def _inspect(path: Path) -> str | None:
    """Run ``hexmech inspect`` in this process: why its output is wrong, or None."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["inspect", str(path)])
    text, problem = out.getvalue(), err.getvalue()
    if code == 0:
        if problem or text.count("\n") != 1 or UNSAFE.search(text.rstrip("\n")):
            return f"exit 0 with {text!r:.200} / {problem!r:.200}"
        json.loads(text)
        return None
    if code != 2 or text or problem.count("\n") != 1 or not problem.startswith("hexmech: "):
        return f"exit {code} with {text!r:.200} / {problem!r:.200}"
    return clean(problem.rstrip("\n"))


def test_inspect_prints_one_clean_line(folder):
    """``hexmech inspect`` of each file: a JSON line, or ``hexmech: reason`` and exit 2."""
    items = [(label, path) for path, label in folder.items()]

    fail_if(run_reader("saves: hexmech inspect", items, _inspect, (), check=lambda why: why))


def _row_check(row: object) -> str | None:
    error = getattr(row, "error", None)
    return None if error is None else clean(error)


def test_the_browser_listing_gives_a_row_for_every_file(folder):
    """The replay browser (also each SSH viewer's): a row, damaged ones with one clean reason."""
    items = [(label, path) for path, label in folder.items()]

    fail_if(run_reader("saves: browser listing", items, describe, (), check=_row_check))
    rows = SaveCatalog(next(iter(folder)).parent).scan()
    assert len(rows) == len(folder)
    assert any(row.error is None for row in rows)
    assert any(row.error is not None for row in rows)


def test_the_menu_save_list_and_continue_never_raise(folder):
    """The menu's saves screen and Continue: a row per file, a one-line report for damaged ones."""
    items = [(label, path) for path, label in folder.items()]

    fail_if(run_reader("saves: menu save list", items, describe_save, (), check=_row_check))
    library = SaveLibrary.create(next(iter(folder)).parent)
    saves = library.scan()
    assert len(saves) == len(folder)
    reports = [damage_report(save) for save in saves if save.error is not None]
    assert reports
    assert all(clean(report) is None for report in reports), reports[:3]
    resumed = newest_in_progress(saves)
    assert resumed is None or resumed.error is None


def _follow(item: tuple[Path, bytes, bytes]) -> object:
    """Open the good start of a save, append the damaged rest, poll: what `poll` returns."""
    path, start, rest = item
    path.write_bytes(start)
    tail = JournalTail.open(path)
    with path.open("ab") as file:
        file.write(rest)
    return tail.poll()


def test_following_a_save_that_goes_bad(folder, tmp_path):
    """``replay --follow``: lines appended damaged give an update or a clean `SaveError`."""
    originals = goldens()

    def items() -> Iterator[tuple[str, tuple[Path, bytes, bytes]]]:
        rng = random.Random(7)  # noqa: S311 - reproducible
        for number, (path, label) in enumerate(folder.items()):
            original = originals[label.partition("#")[0]]
            lines = original.split(b"\n")
            keep = rng.randrange(1, max(2, len(lines) // 2))
            start = b"\n".join(lines[:keep]) + b"\n"
            damaged = path.read_bytes()
            rest = (
                damaged[len(start) :] if damaged.startswith(start) else damaged[len(start) // 2 :]
            )
            yield label, (tmp_path / f"follow-{number}.jsonl", start, rest)

    fail_if(run_reader("saves: replay --follow", items(), _follow, SaveError))


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.binary(max_size=400), name=st.sampled_from(sorted(goldens())), cut=st.integers(0, 3))
def test_any_bytes_after_a_real_header(tmp_path, data, name, cut):
    """Hypothesis: a real header (or part of it), then any bytes: every reader holds."""
    header = goldens()[name].split(b"\n")[0]
    raw = header[: len(header) - cut] + b"\n" + data
    path = tmp_path / "any.jsonl"
    path.write_bytes(raw)
    item = [("hypothesis", raw)]

    failures = run_reader("saves: read_game", item, lambda d: read_game(d, "f.jsonl"), SaveError)
    failures += run_reader("saves: browser listing", [("h", path)], describe, (), check=_row_check)
    failures += run_reader("saves: menu save list", [("h", path)], describe_save, (), _row_check)

    fail_if(failures)
