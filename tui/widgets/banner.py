"""Draw the title banner of the main menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.containers import Center, Vertical
from textual.widgets import Static

from tui import registry

if TYPE_CHECKING:
    from textual.app import ComposeResult

LOGO = r"""
 _  _   ___  __  __  __  __   ___    ___   _  _
| || | | __| \ \/ / |  \/  | | __|  / __| | || |
| __ | | _|   >  <  | |\/| | | _|  | (__  | __ |
|_||_| |___| /_/\_\ |_|  |_| |___|  \___| |_||_|
""".strip("\n")
"""HEXMECH in the figlet "small" style, 48 columns wide."""


SUBTITLE_WIDTH = 76
"""The widest subtitle: it fits an 80-column terminal with the menu's margins."""


def subtitle() -> str:
    """The line under the logo: every ruleset's tagline (`tui.registry`).

    "terminal mech wargames: " leads it while the line fits `SUBTITLE_WIDTH`; the games alone
    otherwise (four rulesets' names fill an 80-column line).
    """
    names = [ui.tagline for ui in registry.all_uis() if ui.menu]
    games = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
    if not games:
        return "terminal mech wargames"
    line = f"terminal mech wargames: {games}"
    return line if len(line) <= SUBTITLE_WIDTH else games


class Banner(Vertical):
    """The HEXMECH logo with a one-line subtitle (styled by `Banner`, `#logo`, `#subtitle`)."""

    def compose(self) -> ComposeResult:
        """Yield the logo and the subtitle."""
        with Center():
            yield Static(LOGO, id="logo", markup=False)
        with Center():
            yield Static(subtitle(), id="subtitle", markup=False)
