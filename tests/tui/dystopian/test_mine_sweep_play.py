"""CC at a mine on the DW play screen by keys (DW-18.6, DW-28.10).

Red's escort ES-1 drops a mine in 1203 and steps over it (laid this activation, it is not armed)
to 1204; the battleship ends in 1003, 2 hexes away. ``p`` lists the battleship's sweeps (alone,
or with its escort: CC 4 + 2 = 6, the worked example's pool), the preview gives the dice at 5-6
against the mine's AD, and Enter rolls them (DW-18.6: the mine goes when the hits reach its AD).
"""

from __future__ import annotations

from engine.dystopian.commands import MoveModel
from engine.dystopian.mine_commands import DropMine
from engine.dystopian.sweep_events import MineSwept, SweepMine
from engine.hexes import Hex
from tests.tui.dystopian.test_indirect_play import escort_activated
from tests.tui.dystopian.test_screen_play import (  # noqa: F401 - the fixture
    SIZE,
    fleets,
    give,
    open_screen,
    text,
)
from tui.app import HexmechApp

H = Hex.from_label


async def test_p_sweeps_a_mine_with_the_squadrons_combined_cc(tmp_path, fleets):  # noqa: F811
    """DW-18.6: p, 3 (both models), the preview (CC 6 dice, AD 4), Enter: the sweep is told."""
    journal = escort_activated(tmp_path)
    give(journal, DropMine("ES-1"))
    give(journal, MoveModel("BB-1", "F"))
    give(journal, MoveModel("ES-1", "FF"))
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        battleship = screen.game.state.index_of("BB-1")
        for _ in range(10):
            if screen.selected == battleship:
                break
            await pilot.press("tab")
        assert "p Sweep mine" in text(screen, "#dw-orders")
        await pilot.press("p")
        both = SweepMine(("BB-1", "ES-1"), H("1203"))
        assert screen.options == [SweepMine(("BB-1",), H("1203")), both]
        await pilot.press("2")
        assert screen.chosen == both
        orders = text(screen, "#dw-orders")
        assert "BB-1, ES-1: CC 6 dice at the mine in 1203 (4 AD), 5-6" in orders
        await pilot.press("enter")
        swept = screen.game.log[-1].events[-1]
        assert isinstance(swept, MineSwept)
        assert (swept.ad, swept.mine_ad, swept.destroyed) == (6, 4, swept.hits >= 4)
        left = [m.hex for m in screen.game.state.mines]
        assert left == ([] if swept.destroyed else [H("1203")])
        told = [t.text for t in screen.query_one("#dw-log").told]
        assert any(t.startswith("BB-1 and ES-1 fire CC at the mine in 1203: 6 dice") for t in told)
