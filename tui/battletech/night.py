"""The night on the BattleTech play screen (issue 16 items 3 and 4): whose view, and what it shows.

At night each side sees the battlefield through its own view (`engine.battletech.rules.night.view`:
unknown enemies are not on the map), so the screen must know whose view to draw. `NightControls`
(the screen's ``night``) decides (`seat`):

- a live game with one person (the computer plays the other sides): that person's side, always;
- hot-seat: the side seated at the terminal (`tui.battletech.handover.Handover.seated`), which
  changes only when the next player presses Enter on the handover screen, so nobody sees the
  other's view; the handover is mandatory at night, whatever the preference (`forced`);
- a replay, a followed save, an SSH viewer, or a game the computer plays alone: the view chosen
  with ``v`` (`switch`): the whole battlefield first, then each side's in turn.

The log is told for the same seat (`tui.battletech.night_story.SeatStory`), except while the
handover asks: then for the side taking the terminal, so its "Last:" line tells nothing of the
other side's hidden moves (`story_seat`).

It also draws the night: the board's darker palette, lit hexes and gunflash marks (`draw_board`,
`tui.widgets.hexboard_night`), keeps hidden units out of the unit list (`listed`), and says in the
Orders panel before a move whether the unit must make the movement roll and its chance of
straying (`stray_lines`, NT-1, NT-2), or that a stray left it unable to act (NT-3).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

import attrs
from textual.binding import Binding

from engine.battletech.rules.night import (
    exemption,
    gunflashes,
    is_unable,
    known_enemies,
    lit_hexes,
    must_check,
)
from engine.night import Care, strays
from tui.battletech.night_choice import JitterChoice

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.battletech.narrate.phase_summary import PhaseSummary
    from engine.battletech.state import BTState
    from engine.hexes import Hex
    from tui.battletech.screen import BattleTechScreen
    from tui.battletech.widgets import Line
    from tui.battletech.widgets.units import UnitsData
    from tui.widgets.hexboard import HexBoard

__all__ = [
    "NIGHT_BINDING",
    "NIGHT_MARKDOWN",
    "NightControls",
    "shared_summary",
    "stray_lines",
    "stray_odds",
]

DIE = range(1, 7)

NIGHT_BINDING = Binding(
    "v",
    "night_view",
    "View",
    tooltip="Night: each side's view, or the whole battlefield (replays, watching)",
)
"""``v`` in a night game watched: the next view (it comes before ``v``'s record sheet page)."""

NIGHT_MARKDOWN = """\
## At night (NT-1..NT-5)

A night scenario (the header says `Night: Davion's view`) hides every enemy beyond its visibility
range that is not in or beside a lit hex and has not fired this turn: each side sees only its own
view, and its log says "a unit moves unseen" for the rest. Hot-seat, the terminal is handed over
between the sides every time, whatever the setting. Watching or replaying, `v` shows each side's
view in turn, then the whole battlefield.

**The movement roll** (NT-1, NT-2). A unit that does not see a known enemy, and is not on or
beside a road, pavement, bridge, stream (water of depth 0-1) or lit hex, rolls two dice before it
enters a new hex, once a turn: a coloured 6 may make it stray - always when lax (6/36), with a
white 3+ when normal (4/36), with a white 5+ when stealthy (2/36). The Orders panel gives the
chance, and where on the plotted path the roll comes.

**Straying** (NT-3). The stray roll's coloured die gives the direction (1 north, then clockwise);
the unit walks that way as far as its walking MP go, and stops before a lit hex, a hex closer to a
known enemy, water, rubble, a building or the map edge (then it may not act further this turn),
or next to a friendly unit (then it may finish its move).

**Jitter fire** (NT-4). After the first shot of the night, doubles on the stray roll make someone
fire at nothing: 1-1 or 2-2 the nearest enemy, 5-5 or 6-6 the straying unit itself (its move
ends). When several enemies it knows of are equally near, the moving side chooses which fires: a
question lists them (1-9, or the arrows and Enter; Escape waits and `j` asks again). The shot
costs heat and ammunition and lights the firer's hex until the end of the turn.

On the board (`L` explains it): the night is darker, lit hexes are shaded, and a gunflash `✹`
marks a unit that fired this turn.
"""
"""The rules page's night section (`tui.battletech.rules`)."""


@cache
def stray_odds(care: Care) -> Fraction:
    """NT-2: the chance that the movement roll strays, counted over the 36 rolls of two dice.

    Lax 6/36 (any coloured 6), normal 4/36 (and white 3+), stealthy 2/36 (and white 5+).
    """
    hits = sum(strays(care, coloured, white) for coloured in DIE for white in DIE)
    return Fraction(hits, len(DIE) ** 2)


def stray_lines(
    state: BTState, index: int, path: Sequence[Hex] = (), *, compact: bool = False
) -> list[Line]:
    """Say before a move whether unit ``index`` must make the night's movement roll (NT-1, NT-2).

    Args:
        state: the whole state (the rules ask it, not a side's view).
        index: the unit about to move.
        path: the plotted path, its start first; the roll comes before the first hex entered
            from a hex where the unit is not exempt (NT-1: one that starts exempt checks when
            it leaves the road or the light).
        compact: fewer words (80 x 24).

    Returns:
        No line by day; else one or two: unable to act, checked already, exempt and why, or the
        roll to come with its care level and its chance of straying (`stray_odds`).
    """
    night = state.night
    if night is None:
        return []
    if is_unable(state, index):
        return [("Night: unable to act further this turn (NT-3)", "bad")]
    if night.is_checked(index, state.turn):
        return [("Night: movement roll made this turn", "dim")]
    stands = state.units[index].hex
    before_each = list(path[:-1]) if len(path) > 1 else [stands]
    where = next((h for h in before_each if h is not None and must_check(state, index, h)), None)
    if where is None:
        why = exemption(state, index) if len(path) <= 1 else ""
        if compact:
            why = _short(why)
        return [(f"Night: no movement roll: {why}" if why else "Night: no movement roll", "good")]
    at = "" if where == stands else f" at {where.label}"
    return _roll_lines(night.care_of(index), at, compact=compact)


def _short(why: str) -> str:
    """An exemption in a few words for 80 x 24 ("by a road or stream", "by a light")."""
    shorts = (("lit", "by a light"), ("road", "by a road or stream"), ("sees", "an enemy in sight"))
    for word, short in shorts:
        if word in why:
            return short
    return why


def _roll_lines(care: Care, at: str, *, compact: bool) -> list[Line]:
    """The movement roll to come (NT-2): where, the chance of straying, the care level."""
    odds = stray_odds(care)
    chance = f"{odds * 36}/36 ({round(odds * 100)}%)"
    if compact:
        return [(f"Night roll{at}: strays {chance}, {care.value}", "warn")]
    needs = "a coloured 6" if care.white_needed <= 1 else f"coloured 6, white {care.white_needed}+"
    return [
        (f"Night: a movement roll{at} before the next hex (NT-2)", "warn"),
        (f"strays {chance}: {needs} ({care.value} care)", "warn"),
    ]


def shared_summary(
    summaries: Sequence[PhaseSummary], before: BTState, after: BTState
) -> list[PhaseSummary]:
    """Keep what every side knows of a resolution's summary (the pause after it, hot-seat).

    The summary shows to whoever is at the terminal, often just before the handover: at night it
    names only units every side knew of before or after the command (a shot gives the firer
    away; an unseen unit's heat or shutdown stays unsaid). By day it is whole.
    """
    if after.night is None:
        return list(summaries)
    sides = range(len(after.sides))
    known = [known_enemies(before, side) | known_enemies(after, side) for side in sides]

    def seen(unit: int | None) -> bool:
        if unit is None:
            return True
        owner = after.units[unit].side
        return all(side == owner or unit in known[side] for side in sides)

    return [
        attrs.evolve(
            summary,
            fire=tuple(f for f in summary.fire if seen(f.attacker) and seen(f.target)),
            harm=tuple(h for h in summary.harm if seen(h.unit)),
        )
        for summary in summaries
    ]


class NightControls:
    """The night of one play screen: whose view is drawn, and the night's marks (see module).

    Attributes:
        chosen: the view a spectator chose with ``v``: None for the whole battlefield, or a side.
    """

    def __init__(self, screen: BattleTechScreen) -> None:
        """Serve ``screen``."""
        self.screen = screen
        self.chosen: int | None = None
        self._drawn_for: int | None = None
        self.jitter = JitterChoice(screen)
        """NT-4: the moving side's choice of who jitter-fires (`tui.battletech.night_choice`)."""

    @property
    def is_night(self) -> bool:
        """Whether the game is played at night (its scenario says so)."""
        return getattr(self.screen.game.initial, "night", None) is not None

    @property
    def spectating(self) -> bool:
        """A replay, a followed save, or a game the computer plays alone: the view is chosen."""
        screen = self.screen
        return bool(screen.replaying or screen.watching)

    def seat(self) -> int | None:
        """The side whose view is drawn (None: the whole battlefield); see the module."""
        screen = self.screen
        if not self.is_night:
            return screen.viewer
        if self.spectating:
            return self.chosen
        sides = range(len(screen.game.state.sides))
        persons = [side for side in sides if screen.is_person(side)]
        if len(persons) == 1:
            return persons[0]
        seated = screen.handover.seated
        if seated is not None:
            return seated
        due = screen.viewer
        return due if due is not None else (persons[0] if persons else None)

    def story_seat(self) -> int | None:
        """The side the log is told for: the seat's, or while the handover asks, the next one's."""
        handover = self.screen.handover
        if self.is_night and handover.asking and not self.spectating:
            due = handover.due()
            if due is not None:
                return due
        return self.seat()

    def forced(self) -> bool:
        """The handover is mandatory: a night game (nobody may see the other side's view)."""
        return self.is_night

    # ---------------------------------------------------------------- the view key
    def can_switch(self) -> bool:
        """Whether ``v`` switches views now: a night game watched (replay, follow, computer)."""
        return self.is_night and self.spectating

    def switch(self) -> str:
        """Show the next view: the whole battlefield, then each side's; return its name."""
        sides = self.screen.game.state.sides
        order: list[int | None] = [None, *range(len(sides))]
        at = order.index(self.chosen) if self.chosen in order else 0
        self.chosen = order[(at + 1) % len(order)]
        return self.view_name()

    def view_name(self) -> str:
        """The view drawn, in words: "Davion's view", "the whole battlefield"."""
        seat = self.seat()
        sides = self.screen.game.state.sides
        if seat is None or not 0 <= seat < len(sides):
            return "the whole battlefield"
        return f"{sides[seat]}'s view"

    def heading(self) -> str:
        """The header's word on the night ("" by day): "Night: Davion's view"."""
        if not self.is_night:
            return ""
        return f"Night: {self.view_name()}"

    def changed(self) -> bool:
        """Whether the seat changed since the last `drawn` (the handover was answered)."""
        return self.is_night and self.seat() != self._drawn_for

    def drawn(self) -> None:
        """The screen was drawn for the seat of now."""
        self._drawn_for = self.seat()

    # ---------------------------------------------------------------- drawing
    def draw_board(self, board: HexBoard, state: BTState) -> None:
        """The night on the board: the darker palette, lit hexes, gunflash marks (or none)."""
        night = state.night is not None
        board.set_class(night, "-night")
        if not night:
            board.set_lights(())
            return
        board.set_lights(lit_hexes(state), gunflashes(state))

    def listed(self, data: UnitsData, state: BTState) -> UnitsData:
        """The unit list without the units the view hides (issue 16 item 3: not listed)."""
        night = state.night
        if night is None or not night.hidden:
            return data
        rows = tuple(row for row in data.rows if row.index not in night.hidden)
        return attrs.evolve(data, rows=rows)

    def visible(self, state: BTState, index: int) -> bool:
        """Whether unit ``index`` shows in this view (not hidden by the night)."""
        night = state.night
        return night is None or index not in night.hidden

    def orders(
        self, index: int | None, path: Sequence[Hex] = (), *, compact: bool = False
    ) -> list[Line]:
        """The Orders panel's night lines for the unit about to move (`stray_lines`)."""
        screen = self.screen
        if index is None or not self.is_night or screen.replaying:
            return []
        return stray_lines(screen.game.state, index, path, compact=compact)
