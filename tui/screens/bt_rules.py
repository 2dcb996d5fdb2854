"""Show the BattleTech keys and a short rules summary (the play screen's ``?``).

The key lists are built from the play screen's and the board's own `BINDINGS`, so they cannot drift
from what the keys do; the rules are prose from the digest (BT-M-9..36), with the section ids.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from engine.battletech.language import COMMAND_HELP

if TYPE_CHECKING:
    from textual.app import ComposeResult

__all__ = ["RULES_MARKDOWN", "BTRulesScreen", "rules_markdown"]

RULES_MARKDOWN = """\
## How a game goes

1. **Deployment** (before turn 1): the sides take turns placing one unit each in their zone, the
   shaded rows along their home edge (the first side north, the second south). Move the cursor,
   `[` `]` to choose the facing, Enter to place.
2. **Initiative** (BT-M-10): each side rolls 2D6; ties roll again. The **loser moves first**, so the
   winner sees every move before making its own.
3. **Movement** (BT-M-11): the sides alternate; a side with twice as many units still to move
   as the other moves two in its turn (three times as many: three). The prompt says whose turn
   it is and how many units. Every unit must act: walk, run, jump or stand still.
4. **Attacks** (weapon and physical phases): not in this release; the phases pass by themselves.
5. **Heat** (BT-C-53): movement heat (walk 1, run 2, jump 1 a hex, at least 3) goes on the scale;
   the heat sinks take it off. From 5 heat a 'Mech loses Walk MP.
6. **End**: knocked-out MechWarriors roll to wake up. The next turn starts with initiative.

The last side with units on the map wins (BT-M-12).

## Moving (BT-M-18..24)

- Walk MP, Run MP (1.5 x Walk, rounded up) and Jump MP are on the record sheet; damage and heat
  lower them.
- A 'Mech moves only to the hex in front (`f`) or behind it (`b`, walking only); turning one
  hexside costs 1 MP (`[` `]`).
- Entering a hex costs 1 MP in the clear; light woods, rough and rubble 2; heavy woods 3; water
  2 (depth 1) or 4 (deeper); +1 MP per level climbed or descended, at most 2 levels a hex. A road
  costs 1 when you move along it.
- **Minimum movement**: a unit may always go one hex straight ahead, whatever it costs, if that is
  the only hex it enters.
- Running: no backward steps, no water of depth 1 or more.
- Jumping: any path of hexes up to the Jump MP, over anything not higher than the Jump MP; land in
  any facing. A prone 'Mech cannot jump.
- Dropping prone costs 1 MP (`p`); standing up costs 2 MP and a Piloting roll (`u`, then `[` `]`
  for the facing, which is free).
- Two 'Mechs may not end their move in one hex; nobody moves through an enemy.

## Piloting Skill Rolls (BT-M-30, BT-M-31)

Roll 2D6; equal or beat the **target** = Piloting skill + modifiers to stay up. The plot warns of
every roll a path needs, with its target and its chance, before you confirm:

| Roll for | Modifier |
|---|---|
| entering depth 1 water | -1 |
| entering depth 2 water | +0 |
| entering depth 3+ water | +1 |
| entering rubble | +1 |
| standing up | arm damage |
| damaged leg, hip or gyro | +1 to +5, on every roll |

A failed roll is a **fall**: 1D6 for the new facing, damage on the hit location table (10 points per
10 tons, in groups of 5; halved in water), a roll for the MechWarrior, and the unit lies prone.

## Commands (the `:` line, and `hexmech play --headless`)

```
COMMANDS
```
"""
"""The rules summary below the keys (Markdown; COMMANDS is the engine's command help)."""


def rules_markdown() -> str:
    """The whole page: the play keys, the board keys, then the rules and commands."""
    from tui.screens.battletech import BattleTechScreen  # noqa: PLC0415 - no import cycle
    from tui.screens.help import keys_list  # noqa: PLC0415 - help imports this module
    from tui.widgets.bt.board import BTBoard  # noqa: PLC0415

    parts = [
        "## Keys on the board",
        keys_list(BTBoard.BINDINGS),
        "## Keys of the game",
        keys_list(BattleTechScreen.BINDINGS),
        RULES_MARKDOWN.replace("COMMANDS", COMMAND_HELP.rstrip()),
    ]
    return "\n\n".join(parts)


class BTRulesScreen(Screen[None]):
    """A scrollable page of the BattleTech keys and rules; Escape or q closes it."""

    CSS_PATH = "battletech.tcss"

    BINDINGS = [
        Binding("escape,q,question_mark", "close", "Close", key_display="Esc", tooltip="Close"),
        Binding("home", "scroll('home')", "Top", show=False, tooltip="Scroll to the top"),
        Binding("end", "scroll('end')", "Bottom", show=False, tooltip="Scroll to the bottom"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down, PgUp, PgDn, Home, End | Scroll. |
    | Escape, q, ? | Close the page. |
    """

    def compose(self) -> ComposeResult:
        """Lay out the heading, the page and the key hints."""
        yield Static("BattleTech - keys and rules", id="rules-heading", markup=False)
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(rules_markdown(), id="rules-page")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the page so the arrow keys scroll it."""
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        """Return to the game."""
        self.dismiss()

    def action_scroll(self, where: str) -> None:
        """Scroll the page to its top ("home") or bottom ("end")."""
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        if where == "home":
            scroll.scroll_home()
        else:
            scroll.scroll_end()
