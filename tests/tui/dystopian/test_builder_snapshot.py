"""An SVG snapshot of the fleet builder at 80x24 (DW-22, DW-28.13 item 2).

The sample naval fleet of DW-28.12 opened in the builder, renamed "Home Fleet" and focused on its
fleet list: the name, the 400-point limit, Friendly, Naval on top; the roster on the left; the
battleship with its Commodore (C) and two escorts, the cruisers, the frigates and the free wings on
the right; the total (390 of 400) and "Legal" below; the fleet list's keys in the footer. Update
it with ``python -m pytest tests/tui/dystopian/test_builder_snapshot.py --snapshot-update`` and
read the SVG first.
"""

from __future__ import annotations

import attrs

from tests.engine.dystopian._assets import fleets, models
from tui.app import HexmechApp
from tui.dystopian.builder import FleetBuilderScreen


def test_the_fleet_builder_at_80x24(snap_compare, tmp_path):
    """The builder with the sample fleet, the fleet list in focus, its first squadron lit."""
    fleet = attrs.evolve(fleets()["Sample naval fleet"], name="Home Fleet")
    known = {n: f for n, f in fleets().items() if n != "Home Fleet"}
    folder = tmp_path / "user"
    app = HexmechApp(
        tmp_path, first=lambda: FleetBuilderScreen(models(), known, folder, fleet=fleet)
    )
    press = ["tab", "tab", "tab", "tab", "tab", "home"]
    assert snap_compare(app, press=press, terminal_size=(80, 24))
