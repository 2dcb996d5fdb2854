"""The Paper 'Mech panels: radar, time track, sheet, enemy cards, dice tray and log.

Each panel draws a `PaperState` (or told lines, `engine.narration.Told`) pushed down by the
screen; the pictures are pure functions (``render_radar``, ``render_track``, ...) returning Rich
`Text`, tested with a Rich console; colours come from each panel's component classes.
"""

from __future__ import annotations

from tui.papermech.widgets.cards import EnemyCards, render_cards
from tui.papermech.widgets.choices import Choice, choices
from tui.papermech.widgets.dice import DiceTray, render_dice
from tui.papermech.widgets.radar import Radar, arc_spaces, render_panorama, render_radar
from tui.papermech.widgets.sheet import Sheet, render_sheet
from tui.papermech.widgets.track import TimeTrack, render_track
from tui.widgets.log import EventLog

__all__ = [
    "Choice",
    "DiceTray",
    "EnemyCards",
    "EventLog",
    "Radar",
    "Sheet",
    "TimeTrack",
    "arc_spaces",
    "choices",
    "render_cards",
    "render_dice",
    "render_panorama",
    "render_radar",
    "render_sheet",
    "render_track",
]
