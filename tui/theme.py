"""Define the hexmech colour themes: one for 256-colour terminals and a monochrome one.

Every base colour is an exact entry of the xterm 256-colour palette (the 6x6x6 cube levels 00, 5f,
87, af, d7, ff and the grey ramp), so a terminal without truecolor shows the colours we chose rather
than the nearest match to some other shade. Textual derives lighter and darker variants from them;
those are rounded to the palette by Rich, which keeps the contrast because the bases are far apart.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from textual.theme import Theme

if TYPE_CHECKING:
    from collections.abc import Mapping

HEXMECH_THEME = Theme(
    name="hexmech",
    primary="#d78700",  # xterm 172: amber, the colour of a targeting display
    secondary="#5f87af",  # xterm 67: steel blue
    accent="#ffaf00",  # xterm 214
    warning="#ffd75f",  # xterm 221
    error="#d75f5f",  # xterm 167
    success="#87af5f",  # xterm 107
    foreground="#d0d0d0",  # xterm 252
    background="#121212",  # xterm 233
    surface="#1c1c1c",  # xterm 234
    panel="#303030",  # xterm 236
    dark=True,
)
"""The default theme: dark, amber and steel, safe in 256 colours."""

MONO_THEME = Theme(
    name="hexmech-mono",
    primary="#c6c6c6",  # xterm 251
    secondary="#808080",  # xterm 244
    accent="#ffffff",  # xterm 231
    warning="#e4e4e4",  # xterm 254
    error="#ffffff",
    success="#c6c6c6",
    foreground="#e4e4e4",
    background="#000000",  # xterm 16
    surface="#121212",  # xterm 233
    panel="#303030",  # xterm 236
    dark=True,
    variables={
        # No hue tells a key from its description: keys are the brightest thing in the footer.
        "footer-key-foreground": "#ffffff",
        "block-cursor-text-style": "bold",
    },
)
"""Black, white and greys only: for NO_COLOR, `--mono`, and terminals that lie about colour."""

THEMES = (HEXMECH_THEME, MONO_THEME)
"""Every theme the app registers."""


def wants_mono(*, mono: bool = False, environ: Mapping[str, str] | None = None) -> bool:
    """Decide whether the monochrome theme applies.

    Args:
        mono: The user asked for it (a command-line flag).
        environ: The environment to look at; the process environment when None.

    Returns:
        True when `mono` is set or NO_COLOR is set to a non-empty value (https://no-color.org).
    """
    env = os.environ if environ is None else environ
    return mono or bool(env.get("NO_COLOR"))
