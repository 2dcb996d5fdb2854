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
    names = [ui.tagline for ui in registry.all_uis() if ui.menu]
    games = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
    return f"terminal mech wargames: {games}" if games else "terminal mech wargames"


class Banner(Vertical):
    """The HEXMECH logo with a one-line subtitle (styled by `Banner`, `#logo`, `#subtitle`)."""

    def compose(self) -> ComposeResult:
        """Yield the logo and the subtitle."""
        with Center():
            yield Static(LOGO, id="logo", markup=False)
        with Center():
            yield Static(subtitle(), id="subtitle", markup=False)
