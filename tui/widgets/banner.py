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


def subtitle() -> str:
    """The line under the logo: every ruleset's tagline (`tui.registry`)."""
    games = " and ".join(ui.tagline for ui in registry.all_uis() if ui.menu)
    return f"mech wargames in the terminal: {games}" if games else "mech wargames in the terminal"


class Banner(Vertical):
    """The HEXMECH logo with a one-line subtitle (styled by `Banner`, `#logo`, `#subtitle`)."""

    def compose(self) -> ComposeResult:
        """Yield the logo and the subtitle."""
        with Center():
            yield Static(LOGO, id="logo", markup=False)
        with Center():
            yield Static(subtitle(), id="subtitle", markup=False)
