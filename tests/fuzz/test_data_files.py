"""Damaged unit, board and scenario files through every reader (issue 19, "a fuzz suite").

The corpus: the bundled files (``assets/``), and MegaMek's own under ``../shared/data/megamek``
when that folder is there, each changed by the seeded mutations of
`tests.engine.battletech._mutate` (numbers made huge or negative, lines dropped, doubled, swapped
or cut, words, quotes and control characters put in). Each variant goes through the engine's
parser (a value or `FileFormatError` / `ValueError`) and through the file readers the commands use
(``load_unit``, ``load_board``, ``load_scenario``, a `FileLibrary` over a folder of them, and
``validate``'s checker): a value or the reader's one error, whose message is one clean line.

MegaMek's ``.blk`` files (vehicles, infantry, battle armor) are fuzzed in
``tests/engine/battletech/test_blk.py``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.battletech.data.boardfile import parse_board
from engine.battletech.data.fileformat import FileFormatError
from engine.battletech.data.mtf import parse_mtf
from engine.battletech.data.scenario import parse_scenario
from tests.conftest import REPO, SHARED
from tests.engine.battletech import _mutate
from tests.fuzz._fuzz import clean, examples, per_file, run_reader
from tui.battletech.boards import BoardFileError, load_board
from tui.battletech.library import FileLibrary, load_scenario
from tui.battletech.units import UnitFileError, load_unit
from tui.battletech.validate import check

BUNDLED_UNITS = _mutate.sources((REPO / "assets" / "units",), ".mtf")
BUNDLED_BOARDS = _mutate.sources((REPO / "assets" / "boards",), ".board")
SCENARIOS = _mutate.sources(_mutate.SCENARIO_DIRS, ".toml")
MEGAMEK = SHARED / "data" / "megamek"
MEGAMEK_UNITS = _mutate.sources((MEGAMEK / "mtf",), ".mtf")
MEGAMEK_BOARDS = _mutate.sources((MEGAMEK / "board",), ".board")
NO_MEGAMEK = f"MegaMek's files are not in {MEGAMEK} (the shared data folder is absent)"


def fail_if(failures: list[str]) -> None:
    assert not failures, f"{len(failures)} failures, e.g.:\n" + "\n".join(failures[:10])


def labelled(paths: list[Path], count: int, seed: int = 19) -> Iterator[tuple[str, str]]:
    """(``NAME#n``, text) for ``count`` seeded variants of each file."""
    numbers: dict[Path, int] = {}
    for path, text in _mutate.variants(paths, count, seed):
        numbers[path] = numbers.get(path, -1) + 1
        yield f"{path.name}#{numbers[path]}", text


def write(folder: Path, items: Iterator[tuple[str, str]], suffix: str) -> dict[Path, str]:
    """Write each variant to its own file; return {path: label}."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {}
    for number, (label, text) in enumerate(items):
        path = folder / f"fuzzed-{number:05}{suffix}"
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        files[path] = label
    return files


# ------------------------------------------------------------------ the engine's parsers
def test_unit_parser_over_mutated_bundled_units():
    """``parse_mtf``: a design, or one clean `FileFormatError` line."""
    items = labelled(BUNDLED_UNITS, per_file(12))
    fail_if(run_reader("units: parse_mtf (bundled)", items, parse_mtf, FileFormatError))


def test_board_parser_over_mutated_bundled_boards():
    """``parse_board``: a board, or one clean `FileFormatError` line."""
    items = labelled(BUNDLED_BOARDS, per_file(12))
    fail_if(run_reader("boards: parse_board (bundled)", items, parse_board, FileFormatError))


@pytest.mark.skipif(not MEGAMEK_UNITS, reason=NO_MEGAMEK)
def test_unit_parser_over_mutated_megamek_units():
    """MegaMek's own ``.mtf`` files, mutated (a sample of them by default)."""
    paths = MEGAMEK_UNITS if per_file(0) else random.Random(5).sample(MEGAMEK_UNITS, 8)  # noqa: S311
    items = labelled(paths, per_file(4))
    fail_if(run_reader("units: parse_mtf (MegaMek)", items, parse_mtf, FileFormatError))


@pytest.mark.skipif(not MEGAMEK_BOARDS, reason=NO_MEGAMEK)
def test_board_parser_over_mutated_megamek_boards():
    """MegaMek's own ``.board`` files, mutated."""
    items = labelled(MEGAMEK_BOARDS, per_file(4))
    fail_if(run_reader("boards: parse_board (MegaMek)", items, parse_board, FileFormatError))


def test_scenario_parser_over_mutated_bundled_scenarios():
    """``parse_scenario``: a setup, or one clean `ValueError` line."""
    library = FileLibrary()
    items = labelled(SCENARIOS, per_file(20))
    fail_if(
        run_reader(
            "scenarios: parse_scenario", items, lambda t: parse_scenario(t, library), ValueError
        )
    )


# ------------------------------------------------------------------ the file readers
def test_unit_files_through_load_unit_the_library_and_validate(tmp_path):
    """Files on disk: ``load_unit``, a `FileLibrary` over the folder, ``validate`` of it."""
    files = write(tmp_path / "units", labelled(BUNDLED_UNITS, per_file(4), seed=7), ".mtf")
    items = [(label, path) for path, label in files.items()]

    failures = run_reader("units: load_unit", items, load_unit, UnitFileError)
    library = FileLibrary(unit_dirs=[tmp_path / "units"])
    entries = [e for e in library.units() if e.path in files]
    problems = [p for p in library.problems() if str(tmp_path) in p]
    failures += [f"library: {why}: {p!r:.200}" for p in problems if (why := clean(p))]
    lines, _ok = check([tmp_path / "units"], quiet=False)
    failures += [f"validate: {why}: {line!r:.200}" for line in lines if (why := clean(line))]

    fail_if(failures)
    assert len(entries) == len(files)
    assert len(lines) >= len(files)


def test_board_files_through_load_board_the_library_and_validate(tmp_path):
    """Files on disk: ``load_board``, a `FileLibrary`'s board list, ``validate`` of them."""
    files = write(tmp_path / "boards", labelled(BUNDLED_BOARDS, per_file(6), seed=7), ".board")
    items = [(label, path) for path, label in files.items()]

    failures = run_reader("boards: load_board", items, load_board, BoardFileError)
    library = FileLibrary(board_dirs=[tmp_path / "boards"])
    listed = [e for e in library.boards() if e.path in files]
    failures += [
        f"board list: {why}" for e in listed if e.error is not None and (why := clean(e.error))
    ]
    lines, _ok = check([tmp_path / "boards"], quiet=False)
    failures += [f"validate: {why}: {line!r:.200}" for line in lines if (why := clean(line))]

    fail_if(failures)
    assert len(listed) == len(files)


def test_scenario_files_through_load_scenario(tmp_path):
    """``--scenario FILE``: a setup, or ``FILE...: reason`` in one clean line."""
    files = write(tmp_path / "scenarios", labelled(SCENARIOS, per_file(8), seed=7), ".toml")
    library = FileLibrary()
    items = [(label, path) for path, label in files.items()]

    def read(path: Path) -> object:
        try:
            return load_scenario(str(path), library)
        except ValueError as exc:
            if not str(exc).startswith(str(path)):
                raise AssertionError(f"the message does not name the file: {exc}") from None
            raise

    fail_if(run_reader("scenarios: load_scenario", items, read, ValueError))


# ------------------------------------------------------------------ hypothesis
_PIECES = st.sampled_from(
    [
        "size ", "hex ", "0101 ", "end", " ", "\n", '"', ":", ";", "woods:", "water:", "road:1:",
        "-", "0", "7", "99999", "1" * 50, "mass:", "walk mp:", "heat sinks:", "LA armor:",
        "Left Arm:", "Weapons:", "chassis:X", "model:Y", "Config:", "Quad", "#", "\r", "\x00",
        "\x1b[2J", "\u202e", "\x85", "title = ", "board = ", "[[side]]", "[victory]", "units = [",
        "]", "{", "}", "unit = ", "'Locust LCT-1V'", "hex = '0101'", "kind = 'hold'", "=", ",",
    ]
)  # fmt: skip
_TEXTS = st.lists(_PIECES, max_size=60).map("".join) | st.text(max_size=200)


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TEXTS)
def test_any_text_through_every_parser(text: str) -> None:
    """Hypothesis texts of the formats' own words, or any text: each parser holds."""
    library = FileLibrary()
    item = [("hypothesis", text)]
    failures = run_reader("units: parse_mtf (hypothesis)", item, parse_mtf, FileFormatError)
    failures += run_reader("boards: parse_board (hypothesis)", item, parse_board, FileFormatError)
    failures += run_reader(
        "scenarios: parse_scenario (hypothesis)",
        item,
        lambda t: parse_scenario(t, library),
        ValueError,
    )
    fail_if(failures)
