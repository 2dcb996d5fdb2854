"""The BattleTech side panels: record sheet, unit list, orders (the plotted move), and the story."""

from __future__ import annotations

from tui.widgets.bt.orders import Line, OrdersPanel, plot_lines
from tui.widgets.bt.plotting import (
    Plot,
    Preview,
    RollWarning,
    command_of,
    preview,
    route_to,
    with_step,
)
from tui.widgets.bt.record import RecordData, RecordSheet, render_record
from tui.widgets.bt.story import BTStory
from tui.widgets.bt.units import UnitList, UnitsData, render_units, units_data

__all__ = [
    "BTStory",
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
    "plot_lines",
    "preview",
    "render_record",
    "render_units",
    "route_to",
    "units_data",
    "with_step",
]
