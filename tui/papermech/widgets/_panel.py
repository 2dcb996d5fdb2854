"""The base of the Paper 'Mech panels: a state pushed down, a pure picture drawn from it."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.style import Style

    from engine.papermech.state import PaperState


class PaperPanel(Widget):
    """A panel that draws a `PaperState` with a pure render function (attributes down, STYLE 17).

    Subclasses name their component classes ``<prefix>--<role>`` and implement `draw`; the roles'
    styles come from the .tcss, so nothing here names a colour.
    """

    DEFAULT_CSS = """
    PaperPanel {
        height: auto;
        width: auto;
    }
    """

    PREFIX: ClassVar[str] = "paper"
    """The component-class prefix, e.g. "radar"."""
    ROLES: ClassVar[tuple[str, ...]] = ()
    """The roles the picture uses; each is the component class ``<PREFIX>--<role>``."""

    state: reactive[PaperState | None] = reactive(None, layout=True)
    """The state to draw; None draws nothing."""
    compact: reactive[bool] = reactive(default=False, layout=True)
    """Draw the small picture (80x24 terminals)."""

    def role_styles(self) -> dict[str, Style]:
        """The style of every role, from the component classes."""
        return {
            role: self.get_component_rich_style(f"{self.PREFIX}--{role}", partial=True)
            for role in self.ROLES
        }

    def render(self) -> RenderableType:
        """Draw the state (nothing before the first one arrives)."""
        if self.state is None:
            return Text("")
        return self.draw(self.state, self.role_styles())

    def draw(self, state: PaperState, styles: dict[str, Style]) -> RenderableType:
        """Draw ``state``; subclasses call their pure render function here."""
        raise NotImplementedError
