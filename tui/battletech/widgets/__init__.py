"""The BattleTech side panels: record sheet, unit list and orders (the plotted move).

Besides the widgets, the pure pieces the play screen draws with: the plot and its preview
(`plotting`), the orders' lines (`orders`), the board's markers and paths (`scene`).
"""

from __future__ import annotations

from tui.battletech.widgets.orders import (
    Line,
    OrdersPanel,
    deploy_lines,
    initiative_line,
    initiative_lines,
    mode_keys,
    movement_lines,
    plot_lines,
    replay_lines,
)
from tui.battletech.widgets.plotting import (
    Plot,
    Preview,
    RollWarning,
    command_of,
    preview,
    route_to,
    with_step,
)
from tui.battletech.widgets.record import RecordData, RecordSheet, render_record, status_line
from tui.battletech.widgets.scene import ghost_marker, last_path, unit_markers
from tui.battletech.widgets.units import UnitList, UnitsData, render_units, units_data

__all__ = [
    "Line",
    "OrdersPanel",
    "Plot",
    "Preview",
    "RecordData",
    "RecordSheet",
    "RollWarning",
    "UnitList",
    "UnitsData",
    "command_of",
    "deploy_lines",
    "ghost_marker",
    "initiative_line",
    "initiative_lines",
    "last_path",
    "mode_keys",
    "movement_lines",
    "plot_lines",
    "preview",
    "render_record",
    "render_units",
    "replay_lines",
    "route_to",
    "status_line",
    "unit_markers",
    "units_data",
    "with_step",
]
