"""Draw the title banner of the main menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.containers import Center, Vertical
from textual.widgets import Static

if TYPE_CHECKING:
    from textual.app import ComposeResult

LOGO = r"""
 _  _   ___  __  __  __  __   ___    ___   _  _
| || | | __| \ \/ / |  \/  | | __|  / __| | || |
| __ | | _|   >  <  | |\/| | | _|  | (__  | __ |
|_||_| |___| /_/\_\ |_|  |_| |___|  \___| |_||_|
""".strip("\n")
"""HEXMECH in the figlet "small" style, 48 columns wide."""

SUBTITLE = "mech wargames in the terminal: BattleTech hot-seat and solo Paper 'Mech"
"""The line under the logo."""


class Banner(Vertical):
    """The HEXMECH logo with a one-line subtitle (styled by `Banner`, `#logo`, `#subtitle`)."""

    def compose(self) -> ComposeResult:
        """Yield the logo and the subtitle."""
        with Center():
            yield Static(LOGO, id="logo", markup=False)
        with Center():
            yield Static(SUBTITLE, id="subtitle", markup=False)
