"""`tui.widgets.text_lines` draws a `Text` as Textual does, and repaints only the rows that change.

Every row is compared segment by segment (text, style, the selection offset in its meta) with
Textual's own drawing of the same picture in the same widget: spans over several lines, nested
and touching spans, blank lines, a line wrapped by Textual (with its offsets moved to its line),
a tab, and a style as a string.
"""

from __future__ import annotations

from rich.style import Style as RichStyle
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.visual import Visual, visualize

from tui.widgets.text_lines import TextLines, text_strips


class Picture(TextLines):
    """A widget showing a `Text` (as the BattleTech panels do)."""

    DEFAULT_CSS = "Picture { width: 24; height: 8; }"

    def __init__(self) -> None:
        super().__init__()
        self.picture = Text("")

    def render(self) -> Text:
        return self.picture


class PictureApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Picture()


BOLD = RichStyle(bold=True, color="red")
DIM = RichStyle(dim=True, bgcolor="blue")


def picture() -> Text:
    text = Text()
    text.append("title", BOLD)
    text.append(" plain\n")
    text.append("spans ")
    text.append("over\nlines", DIM)  # a span across two lines
    text.append(" and ")
    inner = Text("nested", BOLD)
    inner.stylize(DIM, 2, 4)
    text.append_text(inner)
    text.append("\n\n")  # a blank line
    text.append("a line much too long for the panel, wrapped by Textual", "italic")
    text.append("\ntab\there")
    return text


def segments(strips):
    return [[(s.text, s.style, s.style.meta if s.style else None) for s in row] for row in strips]


async def test_the_rows_are_textual_s_segment_by_segment() -> None:
    app = PictureApp()
    async with app.run_test(size=(40, 12)) as pilot:
        widget = app.query_one(Picture)
        widget.picture = picture()
        widget.refresh()
        await pilot.pause()
        width = widget.size.width
        textual = Visual.to_strips(
            widget, visualize(widget, widget.picture), width, None, widget.visual_style
        )
        ours = text_strips(widget, widget.picture, width)
        assert ours is not None
        assert len(ours) > len(widget.picture.plain.split("\n"))  # the long line wrapped
        assert segments(ours) == segments(textual)
        offsets = {s.style.meta["offset"][1] for row in ours for s in row if s.style.meta}
        assert offsets == set(range(len(widget.picture.plain.split("\n"))))  # by line, not row
        height = widget.size.height
        drawn = widget.render_lines(Region(0, 0, width, height))
        expected = [row.text for row in textual[:height]]
        assert [row.text.rstrip() for row in drawn] == expected + [""] * (height - len(expected))


async def test_a_picture_textual_must_draw_is_left_to_it() -> None:
    app = PictureApp()
    async with app.run_test(size=(40, 12)) as pilot:
        widget = app.query_one(Picture)
        await pilot.pause()
        styled = Text("all of it styled", style="bold")
        assert text_strips(widget, styled, widget.size.width) is None
        linked = Text("a link", RichStyle(link="https://example.org"))
        assert text_strips(widget, linked, widget.size.width) is None
        widget.styles.text_align = "center"
        assert text_strips(widget, Text("centred"), widget.size.width) is None


async def test_only_the_rows_that_changed_are_repainted() -> None:
    app = PictureApp()
    async with app.run_test(size=(40, 12)) as pilot:
        widget = app.query_one(Picture)
        widget.picture = Text("one\ntwo\nthree\nfour")
        widget.refresh()
        await pilot.pause()
        widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
        asked: list[tuple[Region, ...]] = []
        real = widget.refresh

        def refresh(*regions, **kwargs):
            asked.append(regions)
            return real(*regions, **kwargs)

        widget.refresh = refresh
        widget.picture = Text("one\n2\nthree\nfour\nfive")
        widget.repaint_rows()
        width = widget.size.width
        assert asked == [(Region(0, 1, width, 1), Region(0, 4, width, 1))]
        await pilot.pause()
        rows = widget.render_lines(Region(0, 0, width, 5))
        assert [row.text.rstrip() for row in rows] == ["one", "2", "three", "four", "five"]
        asked.clear()
        widget.picture = Text("one\n2\nthree\nfour\nfive")  # a new picture, the same rows
        widget.repaint_rows()
        assert asked == []
