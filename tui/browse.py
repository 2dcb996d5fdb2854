"""``hexmech browse``: an app that is only the replay browser over one directory (DESIGN 6).

This is the contract with the SSH server (`tui.ssh`), which runs ``python -m tui.commands browse
--saves DIR --read-only [--ascii]`` on a pseudo-terminal per session:

- the first and only base screen is `ReplayBrowserScreen` over DIR; Enter watches a save (live when
  its game goes on), Escape goes back to the list, and Escape or ``q`` on the list (or ``q`` /
  ``ctrl+q`` anywhere) asks before quitting;
- only files of DIR itself open (`tui.screens.watch.inside`): no other path, no link out of it;
- ``--read-only``: no delete and no new game; nothing is written (no command palette, so no
  screenshots or theme changes either);
- ``--ascii``: ASCII characters only and the monochrome theme, for terminals without Unicode or
  colour: the hex board's ASCII glyphs, ASCII borders, scrollbars, timeline and key names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.scrollbar import ScrollBar, ScrollBarRender

from tui import registry
from tui.app import HexmechApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.replay_browser import ReplayBrowserScreen

if TYPE_CHECKING:
    from pathlib import Path

    from textual.binding import Binding
    from textual.dom import DOMNode
    from textual.screen import Screen

__all__ = ["ASCII_KEYS", "BrowseApp", "run_browse", "use_ascii_drawing"]

ASCII_KEYS = {
    "↑": "Up",
    "↓": "Down",
    "←": "Left",
    "→": "Right",
    "⇧": "S-",
    "⏎": "Enter",
    "↑↓←→": "Arrows",
    "⇧→": "S-Right",
    "⇧←": "S-Left",
}
"""Key names the footer would draw with arrows, and their ASCII words."""


class AsciiScrollBarRender(ScrollBarRender):
    """Scrollbars drawn with spaces: the thumb is told apart by its background alone."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * 8


def use_ascii_drawing() -> None:
    """Draw every border and scrollbar of this process with ASCII characters.

    Textual has no switch for it: every border type is given the ``ascii`` border's characters
    (Textual's own table of them), and scrollbars a renderer of spaces (`ScrollBar.renderer`, the
    documented hook). Meant for the process of ``hexmech browse --ascii`` only.
    """
    ScrollBar.renderer = AsciiScrollBarRender
    try:
        from textual import _border  # noqa: PLC0415 - only in ASCII mode; a private table
    except ImportError:  # pragma: no cover - a Textual without it keeps its borders
        return
    chars, places = _border.BORDER_CHARS["ascii"], _border.BORDER_LOCATIONS["ascii"]
    for kind in list(_border.BORDER_CHARS):
        if kind not in {"", "none", "hidden", "blank"}:
            _border.BORDER_CHARS[kind] = chars
            _border.BORDER_LOCATIONS[kind] = places
    _border.get_box.cache_clear()


class BrowseApp(HexmechApp):
    """The replay browser as an app of its own (``hexmech browse``)."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        saves_dir: Path,
        *,
        read_only: bool = False,
        ascii_only: bool = False,
        mono: bool = False,
    ) -> None:
        """Create the app.

        Args:
            saves_dir: the directory whose saves are listed (the only one that is read).
            read_only: no delete, nothing written.
            ascii_only: ASCII characters only, in the monochrome theme.
            mono: the monochrome theme.
        """
        super().__init__(saves_dir, mono=mono or ascii_only)
        self.read_only = read_only
        self.ascii_only = ascii_only

    def get_default_screen(self) -> Screen[Any]:
        """The browser over the saves directory."""
        return ReplayBrowserScreen(
            self.library.directory, read_only=self.read_only, ascii_only=self.ascii_only
        )

    def get_key_display(self, binding: Binding) -> str:
        """Key names in ASCII words when drawing ASCII only."""
        display = super().get_key_display(binding)
        if not self.ascii_only:
            return display
        for symbol, word in sorted(ASCII_KEYS.items(), key=lambda item: -len(item[0])):
            display = display.replace(symbol, word)
        return display if display.isascii() else binding.key

    def action_help(self) -> None:
        """The keys of the browser and of the replays (not the game menus: there are none here)."""
        from tui.screens.help import HelpScreen  # noqa: PLC0415 - on demand

        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss()
            return
        sections: list[tuple[str, type[DOMNode]]] = [
            ("Everywhere", type(self)),
            ("Replay browser", ReplayBrowserScreen),
            *(section for ui in registry.all_uis() for section in ui.replay_sections()),
            ("Questions (yes/no)", ConfirmScreen),
        ]
        self.push_screen(HelpScreen(sections, first=type(self.screen)))

    async def action_quit(self) -> None:
        """Quit after asking (a stray ``q`` must not end an SSH session)."""
        if isinstance(self.screen, ConfirmScreen):
            return

        def leave(confirmed: bool | None) -> None:
            if confirmed:
                self.exit()

        self.push_screen(ConfirmScreen("Quit hexmech?", yes="Quit", no="Stay"), leave)


def run_browse(
    saves_dir: Path, *, read_only: bool = False, ascii_only: bool = False, mono: bool = False
) -> None:
    """Run the browser app until the viewer quits.

    Args:
        saves_dir: the directory of saves (it must exist).
        read_only: no delete, nothing written.
        ascii_only: ASCII characters only, monochrome.
        mono: the monochrome theme.
    """
    if ascii_only:
        use_ascii_drawing()
    BrowseApp(saves_dir, read_only=read_only, ascii_only=ascii_only, mono=mono).run()
