"""A footer that is built again only when the keys it shows change (issue 14).

Textual's `Footer` composes its keys again whenever the screen's bindings are refreshed, which a
game screen does after every redraw: each time, every key widget is made, styled and laid out,
even when the same keys show. `KeysFooter` keeps the keys it shows when nothing they show has
changed (key, label, action, enabled, tooltip, group).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.screen import Screen

__all__ = ["KeysFooter"]


class KeysFooter(Footer):
    """`Footer`, composed again only when the keys it would show differ from those it shows."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # noqa: ANN401 - Footer's own
        """Create the footer (`Footer`'s arguments)."""
        super().__init__(*args, **kwargs)
        self._shown: tuple[object, ...] | None = None  # the keys composed (None: none yet)
        self._pending = False  # a recompose is asked for and has not run

    def _keys(self, screen: Screen[Any]) -> tuple[object, ...]:
        """What the footer shows of the screen's bindings: each binding's look and state."""
        app = self.app
        palette = app.COMMAND_PALETTE_BINDING
        return tuple(
            (
                binding.key,
                binding.action,
                binding.description,
                app.get_key_display(binding),
                enabled,
                tooltip,
                binding.tooltip,
                None
                if binding.group is None
                else (binding.group.description, binding.group.compact),
            )
            for key, (_, binding, enabled, tooltip) in screen.active_bindings.items()
            if binding.show or key == palette
        )

    def compose(self) -> ComposeResult:
        """Compose the keys (as `Footer`), noting which."""
        self._pending = False
        self._shown = self._keys(self.screen) if self._bindings_ready else None
        yield from super().compose()

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """Compose again if the keys to show differ from the ones shown, once.

        While a recompose is pending, another is not asked for: it reads the bindings it shows
        when it runs.
        """
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            if self._pending:
                self._bindings_ready = True
                return
            if self._shown is not None and self._keys(screen) == self._shown:
                return
            self._pending = True
        super().bindings_changed(screen)
