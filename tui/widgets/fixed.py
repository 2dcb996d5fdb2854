"""Updating a widget's content without laying the screen out again when its size cannot change.

Textual lays out the whole screen when a widget's content may change its size (issue 14: a
replay's key was laid out twice). A line of fixed width and height, or a panel whose new picture
is as tall as the old at its width, keeps its size: a repaint is enough.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.visual import VisualType
    from textual.widget import Widget
    from textual.widgets import Static

__all__ = ["fixed_size", "keeps_height", "update_static"]


def fixed_size(widget: Widget) -> bool:
    """True when the widget's CSS gives it a width and a height that its content cannot change."""
    styles = widget.styles
    width, height = styles.width, styles.height
    return (
        width is not None
        and height is not None
        and not width.is_auto
        and not height.is_auto
        and styles.max_height is None
        and styles.min_height is None
    )


def update_static(widget: Static, content: VisualType) -> None:
    """``widget.update(content)``, with no layout when the widget's size is fixed."""
    widget.update(content, layout=not fixed_size(widget))


def keeps_height(widget: Widget, renderable: RenderableType) -> bool:
    """True when ``renderable``, drawn in ``widget``, is as tall as the widget's content now.

    Only for a widget whose height is its content's (``height: auto``, no minimum or maximum),
    laid out already: the height is measured as Textual's layout measures it, wrapping included.
    A layout already asked for still runs, so a stale size cannot leave a wrong height.
    """
    from textual.visual import visualize  # noqa: PLC0415 - loaded with the widgets

    styles = widget.styles
    height = styles.height
    width = widget.size.width
    if (
        not widget.is_mounted
        or width <= 0
        or height is None
        or not height.is_auto
        or styles.min_height is not None
        or styles.max_height is not None
    ):
        return False
    visual = visualize(widget, renderable, markup=False)
    # As `Widget.get_content_height` measures it (Textual passes its styles as the rules too).
    return visual.get_height(styles, width) == widget.size.height  # type: ignore[arg-type]
