"""The play screen at 80 x 24 and 120 x 40: the board gets the room it needs (issue 17).

Below 120 x 38 the side panels (orders and dial) start hidden: the board takes the whole width
and the order panel's lines go under it; d shows or hides the side panels at any size.
"""

from __future__ import annotations

from tests.tui.aod.test_screen_play import (  # noqa: F401 - the fixture
    library,
    open_screen,
    ready_to_order,
    text,
)
from tui.app import HexmechApp

HEX_WIDTH = 6
"""Columns a hex column takes on the shared board (its 8-wide cells overlap by 2)."""


async def test_at_80x24_the_board_takes_the_width_and_d_brings_the_panels(tmp_path, library):  # noqa: F811
    """80 x 24: about 13 hex columns instead of 7; d shows the dial, d again hides it."""
    journal = ready_to_order(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(app, pilot, journal)
        side, low = screen.query_one("#aod-side"), screen.query_one("#aod-orders-low")
        assert screen.compact
        assert not side.display
        assert low.display
        assert screen.board.size.width >= 78
        assert screen.board.size.width // HEX_WIDTH >= 12
        ident = screen.state.units[screen.selected].ident
        assert text(screen, "#aod-orders-low").startswith(f"{ident} at ")
        # Act: the order panel's lines follow the plan under the board
        await pilot.press("m", "up", "up", "enter")
        assert "Move to " in text(screen, "#aod-orders-low")
        await pilot.press("escape")
        # Act: d shows the side panels, the board narrows; d hides them again
        await pilot.press("d")
        assert side.display
        assert not low.display
        assert screen.board.size.width < 50
        await pilot.press("d")
        assert not side.display


async def test_at_120x40_the_panels_show_and_d_hides_them(tmp_path, library):  # noqa: F811
    """120 x 40: the wide layout keeps its panels; d gives the board the whole width."""
    journal = ready_to_order(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_screen(app, pilot, journal)
        side = screen.query_one("#aod-side")
        assert not screen.compact
        assert side.display
        wide = screen.board.size.width
        await pilot.press("d")
        assert not side.display
        assert screen.board.size.width > wide + 40
