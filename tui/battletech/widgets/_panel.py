"""The base of the BattleTech side panels: data pushed down, a pure picture drawn from it."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from rich.text import Text

from tui.widgets.fixed import keeps_height
from tui.widgets.text_lines import TextLines

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.style import Style
    from textual.geometry import Size

T = TypeVar("T")


class BTPanel(TextLines, Generic[T]):
    """A panel that draws what the screen gives it with a pure function (STYLE 17).

    Subclasses name their component classes ``<PREFIX>--<role>`` and implement `draw`; the roles'
    styles come from CSS, so nothing in Python names a colour.
    """

    DEFAULT_CSS = """
    BTPanel {
        height: auto;
        width: 1fr;
    }
    """

    PREFIX: ClassVar[str] = "bt"
    """The component-class prefix, e.g. "bt-record"."""
    ROLES: ClassVar[tuple[str, ...]] = ()
    """The roles the picture uses; each is the component class ``<PREFIX>--<role>``."""

    def __init__(
        self,
        *,
        name: str | None = None,
        id: str | None = None,  # noqa: A002 - Textual's name
        classes: str | None = None,
    ) -> None:
        """Create an empty panel.

        Args:
            name: The widget's name.
            id: The widget's id.
            classes: The widget's classes.
        """
        super().__init__(name=name, id=id, classes=classes)
        self.data: T | None = None
        self.compact = False
        self._picture: Text | None = None  # the last drawn, until the data changes
        self._picture_styles: dict[str, Style] = {}
        self._role_styles: tuple[str, dict[str, Style]] | None = None  # (theme, styles)

    def show(self, data: T | None, *, compact: bool = False) -> None:
        """Draw ``data`` (None: nothing), small when ``compact``."""
        if data == self.data and compact == self.compact:
            return
        self.data = data
        self.compact = compact
        self._picture = None
        if data is not None and self.is_mounted and keeps_height(self, self._draw_cached()):
            self.repaint_rows()  # as tall as before: the size stays, the rows that changed
            return
        self.refresh(layout=True)

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """A panel does not scroll: its virtual size follows its size with no second layout.

        (Textual lays the screen out again when a laid-out widget's virtual size changes.)
        """
        del layout
        return super()._size_updated(size, virtual_size, container_size, layout=False)

    def role_styles(self) -> dict[str, Style]:
        """The style of every role, from the component classes (kept until the styles change)."""
        theme = self.app.theme
        if self._role_styles is None or self._role_styles[0] != theme:
            styles = {
                role: self.get_component_rich_style(f"{self.PREFIX}--{role}", partial=True)
                for role in self.ROLES
            }
            self._role_styles = (theme, styles)
        return self._role_styles[1]

    def notify_style_update(self) -> None:
        """The theme or the classes changed: read the roles' styles again."""
        self._role_styles = None
        super().notify_style_update()

    def render(self) -> RenderableType:
        """Draw the data (nothing before the first arrives)."""
        if self.data is None:
            return Text("")
        return self._draw_cached()

    def _draw_cached(self) -> RenderableType:
        """`draw` the data, once for the same data, size and role styles (`_picture`)."""
        assert self.data is not None  # noqa: S101 - the callers check
        styles = self.role_styles()
        if self._picture is not None and self._picture_styles == styles:
            return self._picture
        picture = self.draw(self.data, styles)
        if isinstance(picture, Text):
            self._picture, self._picture_styles = picture, styles
        return picture

    def draw(self, data: T, styles: dict[str, Style]) -> RenderableType:
        """Draw ``data``; subclasses call their pure render function here."""
        raise NotImplementedError
