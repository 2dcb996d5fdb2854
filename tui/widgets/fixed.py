"""Updating a widget's content without laying the screen out again when its size cannot change.

Textual lays out the whole screen when a widget's content may change its size (issue 14: a
replay's key was laid out twice). A line of fixed width and height, or a panel whose new picture
has as many rows as the old, all fitting its width, keeps its size: a repaint is enough.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.text import Text
    from textual.visual import VisualType
    from textual.widget import Widget
    from textual.widgets import Static

__all__ = ["fixed_size", "same_rows", "update_static"]


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


def same_rows(old: Text | None, new: Text, width: int) -> bool:
    """True when ``new`` takes as many rows as ``old`` at ``width``: both unwrapped, equally long.

    Args:
        old: the picture drawn before (None: none, so the size may change).
        new: the picture to draw.
        width: the content width both are drawn in (0: not laid out yet).
    """
    if old is None or width <= 0:
        return False
    old_lines = old.plain.split("\n")
    new_lines = new.plain.split("\n")
    if len(old_lines) != len(new_lines) or (old_lines[-1] == "") != (new_lines[-1] == ""):
        return False
    return _fits(old_lines, width) and _fits(new_lines, width)


def _fits(lines: list[str], width: int) -> bool:
    from rich.cells import cell_len  # noqa: PLC0415 - rich is loaded with the widgets

    return all(cell_len(line) <= width for line in lines)
