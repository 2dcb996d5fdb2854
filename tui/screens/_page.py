"""Draw a page of a small Markdown subset in one widget: fast to open, wrapped to any width.

Textual's `Markdown` widget mounts a widget per block (a long rules page: about 900 widgets, 1.5-7 s
to open on this machine); the help and rules pages use this instead. `PageView` parses its source
once (cached), lays it out once per width (cached: headings, paragraphs, lists and key tables are
wrapped here, tables with a header by Rich) and draws it with the Line API. Every line wraps at the
widget's width, so nothing is cut at 80 columns.

The subset: ``## `` / ``### `` headings; paragraphs (lines joined); list items ``- `` or ``1. ``
(indented lines continue an item; a list whose every item is keys in backquotes, a colon and text
is drawn as a key table: keys on the left, what they do beside); tables of ``|`` rows, with a
header when the second row is a ``|:-|`` rule (a table without one has no header); fenced code
blocks; inline ``**bold**`` and inline code in backquotes (keys are written as code). Nothing else
is read.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Literal

from rich.console import Console, Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.geometry import Size

__all__ = ["PageView", "parse", "plain_lines"]

Kind = Literal["heading", "paragraph", "bullets", "numbers", "table", "code", "rule"]
Block = tuple[Kind, int, tuple[tuple[str, ...], ...]]
"""(kind, heading level or table header rows, rows of cells); paragraphs are one row of one cell."""

_ITEM = re.compile(r"^(?:- |(\d+)\. )")
_INLINE = re.compile(r"\*\*(.+?)\*\*|`([^`]+)`")
_RULE_CELL = re.compile(r"^:?-+:?$")
_KEYS = re.compile(r"^((?:`[^`]+`)(?:, `[^`]+`)*): (.*)$")
"""A list item that is a key line: "`Tab`, `Shift+Tab`: the next unit"."""


def _cells(line: str) -> tuple[str, ...]:
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


@lru_cache(maxsize=32)
def parse(source: str) -> tuple[Block, ...]:  # noqa: C901, PLR0912, PLR0915 - one branch a block
    """Split a page's Markdown into blocks (cached: a page is parsed once per process).

    Args:
        source: Markdown of the subset in the module docstring.

    Returns:
        The blocks in page order.
    """
    blocks: list[Block] = []
    lines = source.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            i += 1
        elif stripped.startswith("```"):
            code: list[str] = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                code.append(lines[i])
                i += 1
            blocks.append(("code", 0, tuple((row,) for row in code)))
            i += 1
        elif stripped.startswith("#"):
            level = len(stripped) - len(stripped.lstrip("#"))
            blocks.append(("heading", level, ((stripped[level:].strip(),),)))
            i += 1
        elif stripped.startswith("|"):
            rows: list[tuple[str, ...]] = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(_cells(lines[i]))
                i += 1
            header = 0
            if len(rows) > 1 and all(_RULE_CELL.match(cell) for cell in rows[1] if cell):
                header = 1
                del rows[1]
            blocks.append(("table", header, tuple(rows)))
        elif _ITEM.match(stripped):
            numbered = _ITEM.match(stripped)
            kind: Kind = "numbers" if numbered and numbered.group(1) else "bullets"
            items: list[tuple[str, ...]] = []
            while i < len(lines):
                match = _ITEM.match(lines[i].strip())
                if match and lines[i][:1] not in {" ", "\t"}:
                    items.append((match.group(1) or "", lines[i].strip()[match.end() :]))
                elif lines[i][:1] in {" ", "\t"} and lines[i].strip() and items:
                    number, text = items[-1]
                    items[-1] = (number, f"{text} {lines[i].strip()}")
                else:
                    break
                i += 1
            keys = [_KEYS.match(text) for _, text in items]
            if all(keys):
                rows = [(" ".join(re.findall(r"`[^`]+`", m[1])), m[2]) for m in keys if m]
                blocks.append(("table", 0, tuple(rows)))
            else:
                blocks.append((kind, 0, tuple(items)))
        elif stripped == "---":
            blocks.append(("rule", 0, ()))
            i += 1
        else:
            words = []
            while i < len(lines) and lines[i].strip() and not _starts_block(lines[i]):
                words.append(lines[i].strip())
                i += 1
            blocks.append(("paragraph", 0, ((" ".join(words),),)))
    return tuple(blocks)


def _starts_block(line: str) -> bool:
    stripped = line.strip()
    return stripped.startswith(("#", "|", "```")) or bool(_ITEM.match(stripped))


def inline(text: str, *, base: Style, key: Style) -> Text:
    """Turn ``**bold**`` and backquoted keys into styled text (the marks themselves are dropped)."""
    out = Text(style=base, overflow="fold")
    at = 0
    for match in _INLINE.finditer(text):
        out.append(text[at : match.start()])
        if match.group(1) is not None:
            out.append(match.group(1), style="bold")
        else:
            out.append(match.group(2), style=key)
        at = match.end()
    out.append(text[at:])
    return out


class PageView(Widget):
    """One widget that draws a whole Markdown page; put it in a `VerticalScroll`."""

    STYLES: ClassVar[dict[str, tuple[str, bool]]] = {
        "code": ("secondary", False),
        "heading": ("accent", True),
        "key": ("accent", True),
        "rule": ("secondary", False),
        "subheading": ("primary", True),
    }
    """Each part of the page: (theme colour, bold). Taken from the theme in Python, not CSS: a
    widget class with CSS of its own makes Textual parse the app's whole stylesheet again and
    restyle every widget of every screen (a tenth of a second in a BattleTech game) the first
    time it is shown."""

    def __init__(self, source: str, *, id: str | None = None) -> None:  # noqa: A002 - Textual's
        """Create the page.

        Args:
            source: its Markdown (the subset in the module docstring).
            id: the widget's id.
        """
        super().__init__(id=id)
        self.source = source
        self.styles.height = "auto"

    def update(self, source: str) -> None:
        """Show another page."""
        self.source = source
        self.refresh(layout=True)

    def _styles(self) -> tuple[Style, ...]:
        """The parts' styles in the app's theme (code, heading, key, rule, subheading)."""
        variables: dict[str, str] = getattr(self.app, "theme_variables", None) or {}
        return tuple(
            Style(color=variables.get(colour), bold=bold)
            for _, (colour, bold) in sorted(self.STYLES.items())
        )

    def lines(self, width: int) -> list[Strip]:
        """The page drawn at ``width`` columns (cached: drawn once per page, width and theme)."""
        return _strips(self.source, self._styles(), max(width, 1), self.app.console)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the page has lines at this width."""
        del container, viewport
        return len(self.lines(width))

    def render_line(self, y: int) -> Strip:
        """One line of the page (the Line API: nothing is drawn twice)."""
        lines = self.lines(self.size.width)
        if 0 <= y < len(lines):
            return lines[y]
        return Strip.blank(self.size.width)


@lru_cache(maxsize=16)
def _strips(source: str, styles: tuple[Style, ...], width: int, console: Console) -> list[Strip]:
    """Render a page once per width and theme: a list of lines of ``width`` cells."""
    options = console.options.update_width(width)
    strips: list[Strip] = []
    for part in layout(source, styles, width, console):
        if isinstance(part, Text):  # already wrapped: its segments as they are
            strips.append(Strip(part.render(console, end="")).adjust_cell_length(width))
        else:
            strips += [Strip(line, width) for line in console.render_lines(part, options, pad=True)]
    return strips


def _wrap(text: Text, width: int, console: Console) -> list[Text]:
    """Wrap styled text to ``width`` (words that do not fit are folded)."""
    return list(text.wrap(console, max(width, 1), overflow="fold")) or [Text("")]


def _columns(  # noqa: PLR0917 - two texts, their widths, the console
    left: Text, right: Text, left_width: int, width: int, console: Console, gap: int = 2
) -> list[Text]:
    """Two columns side by side, each wrapped in its own width, ``gap`` cells apart."""
    lefts = _wrap(left, left_width, console)
    rights = _wrap(right, width - left_width - gap, console)
    lines = []
    for n in range(max(len(lefts), len(rights))):
        line = lefts[n].copy() if n < len(lefts) else Text("")
        line.pad_right(left_width + gap - line.cell_len)
        if n < len(rights):
            line.append_text(rights[n])
        lines.append(line)
    return lines


_CODE_COLUMN = re.compile(r"^(\s*\S.*?\s{2,})(\S.*)$")
"""A code line with a second column ("roll      roll initiative"): continuations go under it."""


def _code_line(line: str, style: Style, width: int, console: Console) -> list[Text]:
    """A line of a code block, wrapped under its second column (or its indent) when too long."""
    if len(line) <= width:
        return [Text(line, style=style)]
    match = _CODE_COLUMN.match(line)
    if match is None or len(match[1]) > width // 2:
        indent = len(line) - len(line.lstrip())
        if indent > width // 2:
            return _wrap(Text(line, style=style), width, console)
        left, right = line[:indent], line[indent:]
    else:
        left, right = match[1], match[2]
    body = Text(right, style=style)
    return _columns(Text(left, style=style), body, len(left), width, console, gap=0)


def layout(  # noqa: C901 - one branch a kind of block
    source: str, styles: tuple[Style, ...], width: int, console: Console
) -> list[RenderableType]:
    """Lay a page out at ``width`` columns: lines of text, and Rich tables for header tables.

    Lists and key tables are wrapped here (a Rich table measures every cell again on each render,
    which made a page take a tenth of a second); tables with a header stay Rich tables.

    Args:
        source: the Markdown.
        styles: code, heading, key, rule and subheading styles (`PageView.STYLES` sorted); none
            for plain text.
        width: the columns.
        console: the console that measures text.
    """
    code, heading, key, rule, subheading = styles or (Style(bold=True),) * 5
    plain = Style()
    parts: list[RenderableType] = []
    for kind, level, rows in parse(source):
        if parts:
            parts.append(Text(""))
        if kind == "heading":
            style = heading if level <= 2 else subheading  # noqa: PLR2004 - ## and ###
            parts += _wrap(inline(rows[0][0], base=style, key=style), width, console)
        elif kind == "paragraph":
            parts += _wrap(inline(rows[0][0], base=plain, key=key), width, console)
        elif kind == "code":
            for row in rows:
                parts += _code_line(row[0], code, width, console)
        elif kind == "rule":
            parts.append(Text("─" * min(width, 20), style=rule))
        elif kind in {"bullets", "numbers"}:
            marks = [f"{number}." if kind == "numbers" else "-" for number, _ in rows]
            indent = max(len(mark) for mark in marks)
            for mark, (_, text) in zip(marks, rows, strict=True):
                body = inline(text, base=plain, key=key)
                parts += _columns(Text(mark), body, indent, width, console, gap=1)
        elif level:
            parts.append(_table(rows, key=key, rule=rule))
        else:
            # A key table: keys on the left (they wrap too on a narrow screen), what they do beside.
            cells = [[inline(cell, base=plain, key=key) for cell in row] for row in rows]
            left = min(max(row[0].cell_len for row in cells), max(width // 3, 8), 24)
            for texts in cells:
                right = Text(" ").join(texts[1:]) if len(texts) > 1 else Text("")
                parts += _columns(texts[0], right, left, width, console)
    return parts


def _table(rows: tuple[tuple[str, ...], ...], *, key: Style, rule: Style) -> Table:
    """A table with a header row: Rich lays out its columns."""
    table = Table(
        box=None, show_edge=False, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold"
    )
    table.border_style = rule
    width = max(len(row) for row in rows)
    for cell in rows[0]:
        table.add_column(inline(cell, base=Style(bold=True), key=key), overflow="fold")
    for row in rows[1:]:
        cells = [inline(cell, base=Style(), key=key) for cell in row]
        table.add_row(*cells, *([Text("")] * (width - len(cells))))
    return table


def plain_lines(source: str, width: int) -> list[str]:
    """Render a page as plain text at ``width`` columns (for tests and the command line).

    Args:
        source: the Markdown.
        width: the columns.

    Returns:
        The lines, right-stripped.
    """
    console = Console(width=width, color_system=None, force_terminal=False)
    lines = console.render_lines(
        Group(*layout(source, (), width, console)), console.options.update_width(width)
    )
    return ["".join(segment.text for segment in line).rstrip() for line in lines]
