"""Benchmarks of BattleTech boards (``make bench``): they print figures, never assert speed.

Figures, each the best of a few repeats (``time.perf_counter``):

- parsing the largest shared MegaMek board, and one of our bundled 16x17 boards, from text;
- writing a 16x17 board back to text;
- generating random 16x17 and 32x34 maps (every style), and combining four sheets into 32x34.
"""

from __future__ import annotations

import pytest

from engine.battletech.data.boardfile import combine, parse_board, write_board
from engine.battletech.data.mapgen import MapStyle, generate
from tests.bench.common import best_of, report
from tests.conftest import SHARED
from tui.battletech.boards import bundled_boards

MEGAMEK_BOARDS = SHARED / "data" / "megamek" / "board"


def test_bench_parse_boards() -> None:
    """Parse time of the largest shared board and of a bundled board."""
    if not MEGAMEK_BOARDS.is_dir():
        pytest.skip(f"the shared MegaMek boards are not at {MEGAMEK_BOARDS}")
    largest = max(MEGAMEK_BOARDS.glob("*.board"), key=lambda path: path.stat().st_size)
    text = largest.read_text(encoding="utf-8")
    seconds = best_of(5, lambda: parse_board(text))
    report(f"parse {largest.name}", seconds * 1e3, "ms")
    ours = bundled_boards()[0]
    text = ours.read_text(encoding="utf-8")
    seconds = best_of(5, lambda: parse_board(text))
    report(f"parse {ours.name}", seconds * 1e3, "ms")
    board = parse_board(text).board
    seconds = best_of(5, lambda: write_board(board))
    report("write a 16x17 board", seconds * 1e3, "ms")


def test_bench_generate_and_combine() -> None:
    """Random maps of one sheet and of four sheets' size, in every style; combining sheets."""
    for width, height in ((16, 17), (32, 34)):
        for style in MapStyle:
            seconds = best_of(3, lambda w=width, h=height, s=style: generate(w, h, 7, terrain=s))
            report(f"generate {width}x{height} {style.value}", seconds * 1e3, "ms")
    sheets = [[generate(16, 17, row * 2 + col) for col in range(2)] for row in range(2)]
    seconds = best_of(5, lambda: combine(sheets))
    report("combine four 16x17 sheets into 32x34", seconds * 1e6, "us")
