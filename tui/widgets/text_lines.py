"""A widget's Rich `Text` drawn into rows without Textual's `Content`: the same rows (issue 14).

Textual draws a widget whose `render` returns a `Text` by converting it to a `Content`, and every
span of every line again at every repaint: for a BattleTech record sheet (30 lines, 400 runs of
text) 6-10 ms of a replay's Home or End. `text_strips` makes the very same rows (the same text,
styles and selection offsets, segment by segment: `tests/tui/test_text_lines.py`) with Textual's
own style functions, converting each distinct span style once per picture and each run's style
at a place once (`_OFFSET_STYLES`). A line wider than the widget, or with a tab or a control
character, is drawn by Textual on its own; a picture with a style of its own, links, a selection
or alignment rules is left to Textual whole.

`TextLines` is the widget base that draws with it in `render_line`: the rows are kept while the
picture (the same `Text` object), the width and the style stay, and by line for the next
pictures (a line drawn before at the same place is not drawn again); `repaint_rows` repaints
only the rows that changed.
"""

from __future__ import annotations

from itertools import pairwise
from operator import itemgetter
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual
from textual.widget import Widget

if TYPE_CHECKING:
    from rich.text import Span

__all__ = ["TextLines", "text_strips"]


KEEP_STYLES = 8192
"""Rich styles kept by (style, column, row) in `_OFFSET_STYLES` (then it starts again)."""
_OFFSET_STYLES: dict[tuple[Style, int, int], RichStyle] = {}
"""A run's Rich style with its selection offset (Textual's `rich_style_with_offset`), by run:
the same style at the same place in the next picture is not made again."""


def _simple(widget: Widget) -> bool:
    """Whether the widget's rules are the ones `text_strips` draws (else Textual draws)."""
    styles = widget.styles
    return (
        widget.text_selection is None
        and styles.content_align == ("left", "top")
        and styles.get_rule("text_align", "left") == "left"
        and styles.get_rule("line_pad", 0) == 0
    )


def text_strips(
    widget: Widget,
    picture: Text,
    width: int,
    kept: dict[tuple[object, ...], list[Strip]] | None = None,
) -> list[Strip] | None:
    """The rows Textual draws for ``picture`` in ``widget``, ``width`` cells wide, or None.

    Args:
        widget: the widget (its style is the base of every span, as in Textual).
        picture: what its `render` returned.
        width: the content's width.
        kept: rows drawn before at this width and style, by line (its number, text and spans):
            a line found there is not drawn again; the lines drawn are added.

    Returns:
        The rows, or None when Textual must draw the whole picture: a style on the whole text,
        a span with links or meta, a selection, or alignment rules. (A line wider than
        ``width``, or with a tab or a control character, is drawn by Textual on its own.)
    """
    if width <= 0 or picture.style or not _simple(widget):
        return None
    lines = picture.split("\n", allow_blank=True)
    kept = {} if kept is None else kept
    base = widget.visual_style
    app = widget.app
    theme = app.ansi_theme
    get_style = app.console.get_style
    converted: dict[object, Style] = {}  # a span's style -> Textual's

    def convert(style: str | RichStyle) -> Style | None:
        found = converted.get(style)
        if found is None:
            rich = get_style(style) if isinstance(style, str) else style
            if rich.link or rich._meta:  # noqa: SLF001 - Textual's links need its own drawing
                return None
            found = converted[style] = Style.from_rich_style(rich, theme)
        return found

    combined: dict[tuple[Style, ...], Style] = {}  # the styles on a run of text -> its style
    strips: list[Strip] = []
    for y, line in enumerate(lines):
        plain = line.plain
        spans = line.spans
        key = (y, plain, *spans)
        rows = kept.get(key)
        if rows is None:
            styles: list[Style] = []
            for span in spans:
                style = convert(span.style)
                if style is None:
                    return None
                styles.append(style)
            if "\t" in plain or not plain.isprintable() or cell_len(plain) > width:
                rows = kept[key] = _by_textual(widget, line, width, y, base)
            else:
                rows = kept[key] = [_line(plain, spans, styles, y, base=base, combined=combined)]
        strips.extend(rows)
    return strips


def _by_textual(widget: Widget, line: Text, width: int, y: int, base: Style) -> list[Strip]:
    """A line Textual wraps (or expands, or cleans), drawn by Textual, as line ``y``.

    Textual numbers a line's runs for selection by the line's place in the picture: drawn on
    its own the line is line 0, so the runs' offsets are moved to line ``y``.
    """
    content = Content.from_rich_text(line, console=widget.app.console)
    rows = Visual.to_strips(widget, content, width, None, base)
    if not y:
        return rows
    return [Strip([_to_row(segment, y) for segment in row], row.cell_length) for row in rows]


def _to_row(segment: Segment, y: int) -> Segment:
    """The segment with its selection offset moved to line ``y``."""
    text, style, control = segment
    if style is None or not style._meta:  # noqa: SLF001 - only a style with meta has an offset
        return segment
    meta = style.meta
    offset = meta.get("offset")
    if offset is None:
        return segment
    return Segment(text, style + RichStyle.from_meta({**meta, "offset": (offset[0], y)}), control)


def _line(
    plain: str,
    spans: list[Span],
    styles: list[Style],
    y: int,
    *,
    base: Style,
    combined: dict[tuple[Style, ...], Style],
) -> Strip:
    """One line as `textual.content.Content.render` and its `to_strip` draw it.

    The text is cut wherever a span starts or ends; a run's style is the base and the spans
    over it in their order (`Style.combine`), on the base again (`to_strip`), with the run's
    offset for selection.
    """
    if not spans:
        segments = [Segment(plain, (base + base).rich_style_with_offset(0, y))]
        return Strip(segments, cell_len(plain))
    marks = [
        (0, False, 0),
        *((span.start, False, index) for index, span in enumerate(spans, 1)),
        *((span.end, True, index) for index, span in enumerate(spans, 1)),
        (len(plain), True, 0),
    ]
    marks.sort(key=itemgetter(0, 1))
    stack: list[int] = []
    segments = []
    for (offset, leaving, index), (following, _, _) in pairwise(marks):
        if leaving:
            stack.remove(index)
        else:
            stack.append(index)
        if following > offset:
            key = tuple(base if i == 0 else styles[i - 1] for i in sorted(stack))
            style = combined.get(key)
            if style is None:
                style = combined[key] = base + Style.combine(key)
            rich = _OFFSET_STYLES.get((style, offset, y))
            if rich is None:
                if len(_OFFSET_STYLES) >= KEEP_STYLES:
                    _OFFSET_STYLES.clear()
                rich = _OFFSET_STYLES[style, offset, y] = style.rich_style_with_offset(offset, y)
            segments.append(Segment(plain[offset:following], rich))
    return Strip(segments, cell_len(plain))


KEEP_ROWS = 512
"""Rows `TextLines` keeps by line (then it starts again): a few pictures' worth."""


def line_keys(picture: object, width: int) -> list[tuple[object, ...]] | None:
    """What each line's row depends on (its text and spans), when every line makes one row.

    None when a line may not make exactly one row (wider than ``width``, a tab or a control
    character), or the picture is not a `Text` without a style of its own.
    """
    if not isinstance(picture, Text) or picture.style:
        return None
    keys: list[tuple[object, ...]] = []
    for line in picture.split("\n", allow_blank=True):
        plain = line.plain
        if "\t" in plain or not plain.isprintable() or cell_len(plain) > width:
            return None
        keys.append((plain, *line.spans))
    return keys


class TextLines(Widget):
    """A widget whose `render` gives a `Text`, drawn by `text_strips` when it is simple.

    The rows are made when drawn, and kept while `render` returns the same `Text` object at the
    same width and style, and by line (`KEEP_ROWS`) for the next pictures: a line drawn before at
    the same place is not made again. `repaint_rows` repaints only the rows whose line changed
    since the picture last drawn.
    """

    _text_rows: tuple[object, int, Style, list[Strip], list[tuple[object, ...]] | None] | None = (
        None
    )
    """The picture last drawn: itself, the width, the style, its rows and `line_keys`."""
    _kept_rows: tuple[int, Style, dict[tuple[object, ...], list[Strip]]] | None = None
    _next_keys: tuple[object, list[tuple[object, ...]] | None] | None = None
    """The `line_keys` of the picture `repaint_rows` compared (it is drawn next)."""

    def _rows(self) -> list[Strip] | None:
        """The rows of the picture `render` gives now, or None when Textual must draw it."""
        if self.text_selection is not None:
            return None
        picture = self.render()
        width = self.size.width
        base = self.visual_style
        drawn = self._text_rows
        if drawn is not None and drawn[0] is picture and drawn[1] == width and drawn[2] == base:
            return drawn[3]
        if not isinstance(picture, Text):
            return None
        kept = self._kept_rows
        if kept is None or kept[0] != width or kept[1] != base or len(kept[2]) > KEEP_ROWS:
            kept = self._kept_rows = (width, base, {})
        rows = text_strips(self, picture, width, kept[2])
        if rows is None:
            self._text_rows = None
            return None
        known = self._next_keys
        keys = known[1] if known is not None and known[0] is picture else line_keys(picture, width)
        self._text_rows = (picture, width, base, rows, keys)
        return rows

    def repaint_rows(self) -> None:
        """Repaint the rows whose line differs from the picture drawn (all, when Textual draws).

        The rows themselves are made when drawn; only the lines are compared here.
        """
        drawn = self._text_rows
        width = self.size.width
        if (
            drawn is None
            or drawn[4] is None
            or drawn[1] != width
            or drawn[2] != self.visual_style
            or self.text_selection is not None
        ):
            self.refresh()
            return
        picture = self.render()
        keys = line_keys(picture, width)
        self._next_keys = (picture, keys)
        if keys is None:
            self.refresh()
            return
        old = drawn[4]
        changed = [
            Region(0, y, width, 1)
            for y in range(max(len(old), len(keys)))
            if y >= len(old) or y >= len(keys) or old[y] != keys[y]
        ]
        if changed:
            self.refresh(*changed)

    def render_line(self, y: int) -> Strip:
        """One row of the picture (Textual's drawing when `text_strips` declines it)."""
        rows = self._rows()
        if rows is None:
            return super().render_line(y)
        if y < len(rows):
            return rows[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)
