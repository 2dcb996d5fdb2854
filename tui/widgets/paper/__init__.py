"""The Paper 'Mech panels: radar, time track, sheet, enemy cards, dice tray and log.

Each panel draws a `PaperState` (or told lines) pushed down by the screen; the pictures are pure
functions (``render_radar``, ``render_track``, ...) returning Rich `Text`, tested with a Rich
console; colours come from each panel's component classes.
"""

from __future__ import annotations

from tui.widgets.paper.cards import EnemyCards, render_cards
from tui.widgets.paper.choices import Choice, choices
from tui.widgets.paper.dice import DiceTray, render_dice
from tui.widgets.paper.log import EventLog
from tui.widgets.paper.radar import Radar, arc_spaces, render_panorama, render_radar
from tui.widgets.paper.sheet import Sheet, render_sheet
from tui.widgets.paper.story import ReplayCursor, Story, Told, tell
from tui.widgets.paper.track import TimeTrack, render_track

__all__ = [
    "Choice",
    "DiceTray",
    "EnemyCards",
    "EventLog",
    "Radar",
    "ReplayCursor",
    "Sheet",
    "Story",
    "TimeTrack",
    "Told",
    "arc_spaces",
    "choices",
    "render_cards",
    "render_dice",
    "render_panorama",
    "render_radar",
    "render_sheet",
    "render_track",
    "tell",
]
