"""Benchmarks of the hex board on a BattleTech map (``make bench``): figures, never asserted.

Figures, each the best of a few repeats (``time.perf_counter``), on a 32 x 34 board (two
mapsheets) with woods, water, hills, units and a reach overlay:

- the pure picture: every line's cells, cold (hex insides drawn too) and warm (insides kept);
- the widget in a 120 x 40 app: every line as a `Strip`, cold (empty cache) and warm (cached);
- after a cursor move: every line again, when only the two cursor hexes' lines were dropped;
- one screenful of `render_line` (what Textual asks for after a scroll).
"""

from __future__ import annotations

import random

from textual.app import App, ComposeResult

from engine.battletech.board import Board, Terrain, Woods
from engine.hexes import Facing, Hex
from tests.bench.common import best_of, report
from tui.battletech.board_view import BTBoardView
from tui.battletech.widgets.board import BTHexBoard
from tui.widgets.hexboard import BoardPicture, HexBoard, UnitMarker

WIDTH, HEIGHT = 32, 34


def two_mapsheets() -> Board:
    """A 32 x 34 board with a BattleTech-like mix of terrain."""
    rng = random.Random(34)  # noqa: S311 - a fixed benchmark board
    choices = [
        Terrain(),
        Terrain(),
        Terrain(),
        Terrain(level=1),
        Terrain(level=2, woods=Woods.LIGHT),
        Terrain(woods=Woods.LIGHT),
        Terrain(woods=Woods.HEAVY),
        Terrain(water=1),
        Terrain(rough=True),
        Terrain(road=0b001001),
    ]
    return Board(WIDTH, HEIGHT, tuple(rng.choice(choices) for _ in range(WIDTH * HEIGHT)))


BOARD = two_mapsheets()
VIEW = BTBoardView(BOARD)
START = Hex.from_offset(10, 10)
UNITS = [
    UnitMarker(Hex.from_offset(3 * i, 2 * i + 1), "AWLH"[i % 4], Facing(i % 6), side=i % 2)
    for i in range(10)
]
REACH = {where: str(START.distance(where)) for where in START.spiral(6)}


def test_bench_the_pure_picture() -> None:
    """Every line of the picture as cells: cold, and with the hex insides kept."""
    lines = BoardPicture(VIEW).size.height

    def cold() -> None:
        picture = BoardPicture(VIEW, units={u.hex: (u,) for u in UNITS}, reach=dict(REACH))
        for y in range(lines):
            picture.row(y)

    warm_picture = BoardPicture(VIEW, units={u.hex: (u,) for u in UNITS}, reach=dict(REACH))
    for y in range(lines):
        warm_picture.row(y)

    def warm() -> None:
        for y in range(lines):
            warm_picture.row(y)

    report(f"picture {WIDTH}x{HEIGHT}, {lines} lines, cold", best_of(5, cold) * 1e3, "ms")
    report(f"picture {WIDTH}x{HEIGHT}, {lines} lines, insides kept", best_of(5, warm) * 1e3, "ms")


class BoardApp(App[None]):
    def compose(self) -> ComposeResult:
        yield BTHexBoard(BOARD)


async def test_bench_the_widget_lines() -> None:
    """Strips of every line: cold, cached, after a cursor move; one screen of render_line."""
    app = BoardApp()
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(HexBoard)
        board.set_units(UNITS)
        board.set_reach(REACH)
        await pilot.pause()
        lines = board.virtual_size.height

        def every_line() -> None:
            for y in range(lines):
                board.line_strip(y)

        def cold() -> None:
            board.picture.forget()
            board._lines.clear()
            every_line()

        report(f"widget {WIDTH}x{HEIGHT}, {lines} strips, cold", best_of(5, cold) * 1e3, "ms")
        every_line()
        report(
            f"widget {WIDTH}x{HEIGHT}, {lines} strips, cached", best_of(5, every_line) * 1e6, "us"
        )

        moves = iter([Facing.SE, Facing.NW] * 50)

        def after_a_move() -> None:
            board.move_cursor(next(moves))
            every_line()

        report("cursor move, then every strip", best_of(10, after_a_move) * 1e3, "ms")

        height = board.size.height

        def one_screen() -> None:
            for y in range(height):
                board.render_line(y)

        report(
            f"one screen of render_line ({height} lines, cached)",
            best_of(10, one_screen) * 1e6,
            "us",
        )
