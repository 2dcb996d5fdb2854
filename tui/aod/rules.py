"""The Age of Destruction rules summary: a scrollable page in plain words, from the digest.

What a player needs at the table, section by section of ``rules/aod.md``: the game (AOD-2), the
force and its orders (AOD-4, AOD-7), setup (AOD-5), movement (AOD-8), heat (AOD-10), attacks
(AOD-11, AOD-12, AOD-14, AOD-15), damage (AOD-17), terrain (AOD-19), the end and the score
(AOD-22), and how the screen shows them (AOD-26.12). The page is one `tui.screens._page.PageView`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from tui.screens._page import PageView

if TYPE_CHECKING:
    from textual.app import ComposeResult

__all__ = ["RULES_MARKDOWN", "AoDRulesScreen"]

RULES_MARKDOWN: Final = """\
## The game

Each player fields a battle force of units: 'Mechs, vehicles and infantry. Two to four players
take turns at one keyboard. Win more victory conditions than anyone else by the end.

## Your force and your orders

- The force costs at most the agreed build total (450 points in the standard game).
- Each turn you get one order per 150 points of the build total: 3 orders at 450.
- Each unit takes at most one order a turn. Orders you do not give are lost.
- The orders: **Move**, **Vent** ('Mechs cool down), **Ranged** (fire), **Close** (close combat or
  capture) and **Assault** (a 'Mech moves half and fires, or moves fully and strikes).
- Every order but Vent leaves a token beside the unit. Ordering a unit that still carries a
  token from your last turn **pushes** it: a 'Mech takes 1 heat, other units take 1 click of
  damage.

## Setting up

- A die roll decides who goes first (3 dice each, the highest starts).
- Each player deploys his units in his zone along his edge, 3 hexes deep, taking turns.
- Play then goes round the table: on your turn you give your orders one at a time.

## Moving

- A unit moves up to its speed in hexes and then chooses its facing. Turning in place is a
  move too.
- Hindering terrain (woods, rubble) halves the speed of a unit that starts in it; blocking
  terrain cannot be entered; deep water blocks most units.
- A 'Mech may **run**: twice its speed, for 1 heat.
- A unit leaving base contact with an enemy must roll to break away.
- An enemy beside the hex where your unit stops may turn to face it for free.

## Heat ('Mechs)

- Running, pushing, assaults and some hits add heat. The heat dial lowers speed and damage as it
  climbs, asks for shutdown checks, and at its top shuts the 'Mech down.
- A Vent order cools the 'Mech by its vent rating; a 'Mech that gets no order cools by 1.

## Attacks

- Roll 3 dice (two white, one black) and add the attack value; you hit when the total reaches
  the target's defense. The screen shows the **need**: what the dice must roll.
- Two white 6s always hit and deal 1 more click; two white 1s always miss and hurt the attacker.
- Modifiers: firing from behind the target's front (+2 attack), hindering terrain on the line
  of fire (+1 defense), height advantage (+1 defense), an assault (+1 defense), indirect fire
  (+3 defense), a shut-down target (+4 attack).
- A ranged attack needs a line of fire within the weapon's range and firing arc; blocking terrain
  and units block it.
- Damage turns the target's dial by that many clicks. When the dial shows the three hits, the
  unit is eliminated.

## Damage

- A unit showing **Heavy Damage** may only move, and does not count as functional.
- Repair teams can turn a friendly unit's dial back.

## Terrain on the board

- `%` hindering, `#` blocking, `~` shallow water, `≈` deep water (`=` in ASCII), `^^`
  elevated, `AA` elevated with steep sides (entered only at its access sides).

## The end and the score

The game ends when at most one player still has functional units, when time runs out (10 rounds
here), or when every player agrees to stop (`time` on the command line). Three conditions are
scored apart:

1. **Elimination**: the points of every enemy unit you eliminated.
2. **Battlefield control**: the points of your surviving units, and of captives you hold.
3. **Deployment zone**: 1 point each time one of your units starts your turn inside an enemy
   zone.

Whoever wins the most conditions wins; ties go to control, then elimination, then a die.

## How to play on this screen

- `Tab` selects your next unit; `Enter` on a unit selects it.
- A letter chooses an order for it: `m` Move, `v` Vent, `f` Fire, `c` Close, `a` Assault; the
  order panel lists the ones allowed now.
- Move the cursor with the arrows and press `Enter` on a hex: the preview shows what will
  happen (for fire: the need and every modifier). `Enter` again gives the order.
- `[` and `]` turn the facing before you confirm; `Esc` drops the order.
- `e` ends your turn, `z` undoes, `:` takes a typed command (`move HX-009a 1207 face S`).
"""
"""The rules summary in the page's Markdown subset."""


class AoDRulesScreen(Screen[None]):
    """A scrollable page with `RULES_MARKDOWN`; Escape or q closes it."""

    DEFAULT_CSS = """
    AoDRulesScreen #aod-rules-heading {
        height: 1;
        padding: 0 1;
        background: $panel;
        text-style: bold;
    }
    AoDRulesScreen #aod-rules-scroll { height: 1fr; padding: 0 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", key_display="Esc", tooltip="Close the rules"),
        Binding("f1", "app.help", "Help", show=False),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down, PgUp, PgDn, Home, End | Scroll. |
    | Escape, q | Close the rules. |
    """

    def compose(self) -> ComposeResult:
        """The heading, the page, the keys."""
        yield Static("Age of Destruction - rules summary", id="aod-rules-heading", markup=False)
        with VerticalScroll(id="aod-rules-scroll") as scroll:
            scroll.styles.scrollbar_gutter = "stable"
            yield PageView(RULES_MARKDOWN, id="aod-rules-page")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the page so the arrows scroll it."""
        self.query_one("#aod-rules-scroll").focus()

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss()
