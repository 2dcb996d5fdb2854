"""The board's own symbols and colours, and the legend that explains a board: `HexLegend`.

The hex board widget draws units, paths and overlays with the glyphs here, whatever the map;
the map's own glyphs, their roles and their words come from its view
(`tui.widgets.board_view.LegendSource`). Every glyph has an ASCII fallback (``ascii_only``, for
SSH clients with poor fonts). The colours live in `BOARD_CSS`: theme variables for glyphs and
tokens, xterm-256 entries that stay apart in 16 colours for the overlays, and attributes
(reverse, underline, italics) for a board that shows no colour (the ``-mono`` class,
`follow_mono`).

`LegendPanel` lays a legend over a board (`toggle_legend`), with the rows of what the board
shows now only (`rows_shown`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol

from rich.style import Style
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from engine.hexes import Facing
from tui.widgets.board_view import Glyph
from tui.widgets.hexboard_night import NIGHT_CSS, NIGHT_ROLES

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Iterable, Mapping, Sequence

    from textual.app import ComposeResult, RenderResult
    from textual.dom import DOMNode
    from textual.geometry import Region, Size

    from tui.widgets.board_view import LegendRow, LegendSource, Run

__all__ = [
    "ARROWS",
    "BOARD_CSS",
    "GENERIC_ROLES",
    "MONO",
    "MORE_UNITS",
    "OVERLAYS",
    "PATH_END",
    "POINTER",
    "PRONE",
    "ROLES",
    "Glyph",
    "HexLegend",
    "LegendBoard",
    "LegendPanel",
    "follow_mono",
    "legend_text",
    "role_styles",
    "rows_shown",
    "toggle_legend",
    "unit_rows",
    "uses_mono",
]

ARROWS: dict[Facing, Glyph] = {
    facing: Glyph("facing", facing.name, uni, asc)
    for facing, uni, asc in zip(Facing, "↑↗↘↓↙↖", "^/\\v/\\", strict=True)
}
"""Facing marks and path steps. The ASCII ones are placed beside the unit letter (west-going
marks on its left, the others on its right), which tells NE ``/`` from SW ``/``."""

PRONE = Glyph("prone", "prone", "_", "_")
"""Drawn beside the letter of a prone unit, on the side its facing mark does not use."""
PATH_END = Glyph("step", "end of path", "●", "o")
"""The last hex of a plotted path."""
MORE_UNITS = Glyph("more", "more units here", "+", "+")
"""A hex holding more units than the one drawn."""
POINTER = Glyph("pointer", "selected unit", "▸", ">")
"""Points at the selected unit's token."""

OVERLAYS: tuple[str, ...] = ("cursor", "path", "path-blocked", "reach", "mark", "zone", "arc")
"""The overlay roles, strongest first: a hex shows the first that applies. Each has a
``<overlay>-label`` role too, for the hex's label (the monochrome board marks it there)."""

ROLES: tuple[str, ...] = (
    "edge",
    "edge-cursor",
    "label",
    "level",
    "side-0",
    "side-1",
    "side-2",
    "side-3",
    "selected",
    "prone",
    "kind",
    "pointer",
    "more",
    "facing",
    "cost",
    "step",
    "mark-text",
    "ring",
    *OVERLAYS,
    *(f"{overlay}-label" for overlay in OVERLAYS),
    *NIGHT_ROLES,
)
"""The board's own roles, whatever the map (a view adds its terrain roles). A cell's roles are
applied in turn, later over earlier: an overlay background first, then the cell's own glyph
colour (or token colours)."""

MONO = "-mono"
"""The class the board and legend take when colour cannot be relied on (`uses_mono`)."""

BOARD_CSS = (
    """
WIDGET > .hexboard--edge { color: $foreground-darken-3; }
WIDGET > .hexboard--edge-cursor { color: $accent; text-style: bold; }
WIDGET > .hexboard--label { color: $foreground-darken-2; }
WIDGET > .hexboard--cursor-label { color: $background; background: $accent; text-style: bold; }
WIDGET > .hexboard--level { color: $foreground; text-style: bold; }
WIDGET > .hexboard--side-0 { background: $error-lighten-1; color: $background; text-style: bold; }
WIDGET > .hexboard--side-1 {
    background: $secondary-lighten-2; color: $background; text-style: bold;
}
WIDGET > .hexboard--side-2 { background: $success; color: $background; text-style: bold underline; }
WIDGET > .hexboard--side-3 { background: $warning; color: $background; text-style: bold underline; }
WIDGET > .hexboard--selected { text-style: bold underline; }
WIDGET > .hexboard--kind { text-style: bold; }
WIDGET > .hexboard--pointer { color: $accent; text-style: bold; }
WIDGET > .hexboard--more { color: $foreground; text-style: bold; }
WIDGET > .hexboard--cost { color: $warning; text-style: bold; }
WIDGET > .hexboard--step { color: $text; text-style: bold; }
WIDGET > .hexboard--mark-text { color: $warning; text-style: bold; }
WIDGET > .hexboard--ring { color: $accent; text-style: bold; }
WIDGET > .hexboard--cursor { background: #af8700; }
WIDGET > .hexboard--path { background: #875f00; }
WIDGET > .hexboard--path-blocked { background: #870000; }
WIDGET > .hexboard--reach { background: #000087; }
WIDGET > .hexboard--mark { background: #5f005f; }
WIDGET > .hexboard--zone { background: #005f00; }
WIDGET > .hexboard--arc { background: #303030; }
WIDGET.-mono > .hexboard--cursor-label {
    color: $foreground; background: $background; text-style: bold reverse;
}
WIDGET.-mono > .hexboard--side-0 {
    color: $foreground; background: $background; text-style: bold reverse;
}
WIDGET.-mono > .hexboard--side-1 {
    color: $foreground; background: $background; text-style: bold underline;
}
WIDGET.-mono > .hexboard--side-2 {
    color: $foreground; background: $background; text-style: bold reverse underline;
}
WIDGET.-mono > .hexboard--side-3 {
    color: $foreground; background: $background; text-style: bold italic underline;
}
WIDGET.-mono > .hexboard--cursor { background: $background; }
WIDGET.-mono > .hexboard--path { background: $background; text-style: reverse; }
WIDGET.-mono > .hexboard--path-blocked {
    background: $background; text-style: reverse strike;
}
WIDGET.-mono > .hexboard--reach { background: $background; }
WIDGET.-mono > .hexboard--reach-label { text-style: bold underline; }
WIDGET.-mono > .hexboard--mark { background: $background; }
WIDGET.-mono > .hexboard--mark-label { text-style: bold underline; }
WIDGET.-mono > .hexboard--zone { background: $background; text-style: reverse; }
WIDGET.-mono > .hexboard--arc { background: $background; }
WIDGET.-mono > .hexboard--arc-label { text-style: italic; }
"""
    + NIGHT_CSS
)
"""The colours of the board's own roles, for ``WIDGET`` = HexBoard or HexLegend.

The overlay backgrounds are xterm-256 entries that stay apart in 16 colours too (Rich's
downgrade: cursor and path to yellow, blocked sight to red, reach to blue, target marks to
magenta, a deployment zone to green, the arc to grey). In monochrome (``-mono``) they give way
to attributes that survive without colour: the path and a deployment zone reversed (a blocked
line of sight struck through too), the label of a reachable or marked hex underlined, of an arc
hex in italics, the cursor's label reversed; sides differ by reverse, underline and italics."""


def uses_mono(widget: Widget) -> bool:
    """Return whether a widget's app shows no colour: the monochrome theme, NO_COLOR, no colours.

    Args:
        widget: A mounted widget.

    Returns:
        True when overlays must show by attributes rather than by colour.
    """
    app = widget.app
    return (
        app.theme.endswith("-mono")
        or bool(getattr(app, "no_color", False))
        or app.console.color_system is None
    )


def follow_mono(widget: Widget) -> None:
    """Keep the ``-mono`` class of a mounted widget in step with its app's theme (`uses_mono`)."""

    def update(_: object = None) -> None:
        widget.set_class(uses_mono(widget), MONO)

    widget.watch(widget.app, "theme", update, init=True)


_PLAIN = Style()


def role_styles(widget: Widget, roles: Iterable[str] = ()) -> dict[str, Style]:
    """Return the style of every role from a widget's ``hexboard--<role>`` component classes.

    Each style holds only what its class sets (a glyph colour leaves the background alone), but
    a translucent background (``$accent 40%``) comes blended over the widget's own. A role the
    widget has no class for gets a plain style.

    Args:
        widget: A widget with the board's component classes (`HexBoard`, `HexLegend`).
        roles: The view's roles, besides the board's own `ROLES`.

    Returns:
        role -> style.
    """
    styles: dict[str, Style] = {}
    for role in (*ROLES, *roles):
        name = f"hexboard--{role}"
        style = widget.get_component_rich_style(name, partial=True, default=_PLAIN)
        if style.bgcolor is not None:
            style += Style(bgcolor=widget.get_component_rich_style(name).bgcolor)
        styles[role] = style
    return styles


def unit_rows(
    *,
    ascii_only: bool,
    level: str = "level (height); -1 a hollow",
    cost: str = "cost to enter",
    terrain: Sequence[LegendRow] = (),
) -> list[LegendRow]:
    """Return the legend rows of a board: overlays, units, then labels, terrain and levels.

    Args:
        ascii_only: Use the ASCII glyphs.
        level: What the level digits (the lower right of a hex) mean.
        cost: What the number in a reachable hex means.
        terrain: The view's rows of its terrain glyphs.

    Returns:
        The rows of a view's `LegendSource.legend`, the shading first (it changes with what the
        player does); a row with no sample is a heading.
    """

    def char(glyph: Glyph) -> str:
        return glyph.char(ascii_only=ascii_only)

    north, north_west = char(ARROWS[Facing.N]), char(ARROWS[Facing.NW])
    north_east, end = char(ARROWS[Facing.NE]), char(PATH_END)

    def hex_of(overlay: str, text: str = "", role: str = "cost") -> tuple[Run, ...]:
        """A hex label under an overlay, and the text the overlay puts in the hex."""
        runs: tuple[Run, ...] = (("0507", (overlay, "label", f"{overlay}-label")),)
        return (*runs, (f" {text:>2}", (overlay, role))) if text else runs

    return [
        ((), "Shading"),
        (hex_of("cursor"), "the cursor"),
        (hex_of("reach", "3"), cost),
        (hex_of("path", f"{north_east}{end}", "step"), "path or line of sight, its end"),
        (hex_of("path-blocked", f"{north_east}{end}", "step"), "line of sight blocked"),
        (hex_of("zone"), "deployment zone"),
        (hex_of("mark", "8", "mark-text"), "target: best to-hit (-- none)"),
        (hex_of("mark", "?", "mark-text"), "sight on a hexside: either hex"),
        (hex_of("arc"), "firing arc"),
        ((), "Units"),
        (((f"A{north}", ("side-0",)), (" ", ()), (f"{north_west}B", ("side-1",))), "facing N, NW"),
        (
            (("".join(char(ARROWS[facing]) for facing in Facing), ("facing",)),),
            "N NE SE S SW NW (SW, NW: left)",
        ),
        (
            tuple((f"{letter}", (f"side-{side}",)) for side, letter in enumerate("ABCD")),
            "sides 1, 2, 3, 4",
        ),
        (((char(PRONE), ("side-0", "prone")), (f"A{north}", ("side-0",))), "prone"),
        (((char(POINTER), ("pointer",)), (f"A{north}", ("side-0", "selected"))), "selected"),
        (((char(MORE_UNITS), ("more",)), (f"A{north}", ("side-0",))), "more units here"),
        ((), "Terrain"),
        ((("0507", ("label",)),), "hex: column 05, row 07"),
        *terrain,
        (((" 2 -1", ("level",)),), level),
    ]


GENERIC_ROLES = frozenset(
    {
        "label",
        "edge",
        "selected",
        "facing",
        "cost",
        "step",
        "mark-text",
        *(f"side-{n}" for n in range(4)),
    }
)
"""Roles that say nothing by themselves about which legend row applies (see `rows_shown`)."""


REQUIRED_ROLES = frozenset({"kind"})
"""Roles a row is kept only with (see `rows_shown`): the kinds of unit's rows, whose samples
carry a side's colour too, are shown only when the board shows a kind mark."""


def rows_shown(rows: Sequence[LegendRow], shown: Collection[str]) -> list[LegendRow]:
    """Keep the rows whose symbols the board shows now, and the headings of kept rows.

    A row is kept if one of its roles, besides the `GENERIC_ROLES`, is in ``shown`` (a row
    with only generic roles, like the hex label's, is always kept), and each of its
    `REQUIRED_ROLES` is.

    Args:
        rows: The legend's rows; a row without a sample is a heading.
        shown: The roles the board's cells use (`BoardPicture.roles_in_use`).

    Returns:
        The rows to draw.
    """
    kept: list[LegendRow] = []
    heading: LegendRow | None = None
    for row in rows:
        runs = row[0]
        if not runs:
            heading = row
            continue
        roles = {role for _, run_roles in runs for role in run_roles} - GENERIC_ROLES
        if roles and roles.isdisjoint(shown):
            continue
        if not (roles & REQUIRED_ROLES) <= set(shown):  # the kinds of unit: only with one
            continue
        if heading is not None:
            kept.append(heading)
            heading = None
        kept.append(row)
    return kept


_SAMPLE_WIDTH = 7
"""Cells from the start of a legend row to its name."""


def legend_text(rows: Sequence[LegendRow], styles: Mapping[str, Style] | None = None) -> Text:
    """Draw a legend: one row per symbol, its sample in the board's colours, then its name.

    Args:
        rows: The rows (from a view's `LegendSource.legend`).
        styles: role -> style (from the component classes); plain without.

    Returns:
        The legend text.
    """
    styles = styles or {}
    text = Text(no_wrap=True, overflow="ellipsis", end="")
    for index, (runs, meaning) in enumerate(rows):
        if index:
            text.append("\n")
        if not runs:
            text.append(meaning, Style(bold=True, underline=True))
            continue
        width = 0
        for run, roles in runs:
            style = Style()
            for role in roles:
                style += styles.get(role, _PLAIN)
            text.append(run, style)
            width += len(run)
        text.append(" " * max(1, _SAMPLE_WIDTH - width) + meaning)
    return text


class HexLegend(Static):
    """The board's key for a side panel: every glyph of a kind of board in its colour, named.

    The rows and their roles come from the view; a ruleset's subclass adds the component
    classes (and colours) of its roles, as its board subclass does.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"hexboard--{role}" for role in ROLES}
    """The board's own classes (see `HexBoard`), so the legend shows exactly its colours."""

    DEFAULT_CSS = """
    HexLegend {
        width: auto;
        height: auto;
    }
    """ + BOARD_CSS.replace("WIDGET", "HexLegend")

    def __init__(
        self,
        source: LegendSource,
        *,
        ascii_only: bool = False,
        shown: Callable[[], Collection[str]] | None = None,
        name: str | None = None,
        id: str | None = None,  # noqa: A002 - Textual's name for it
        classes: str | None = None,
    ) -> None:
        """Create the legend.

        Args:
            source: The kind of board it explains (a `BoardView` will do).
            ascii_only: Show the ASCII glyphs (match the board's setting).
            shown: The roles a board shows now: only their rows are drawn (`rows_shown`);
                None draws every row.
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
        """
        super().__init__("", name=name, id=id, classes=classes)
        self._source = source
        self._ascii_only = ascii_only
        self._shown = shown

    @property
    def ascii_only(self) -> bool:
        """Show the ASCII glyphs."""
        return self._ascii_only

    @ascii_only.setter
    def ascii_only(self, value: bool) -> None:
        self._ascii_only = value
        self.refresh(layout=True)

    def on_mount(self) -> None:
        """Show overlays by attributes when the app shows no colour (`follow_mono`)."""
        follow_mono(self)

    def render(self) -> RenderResult:
        """Draw the legend in the colours the component classes have now (theme changes too)."""
        source = self._source
        styles = role_styles(self, source.roles)
        rows = source.legend(ascii_only=self._ascii_only)
        if self._shown is not None:
            rows = rows_shown(rows, self._shown())
        return legend_text(rows, styles)


class LegendPanel(VerticalScroll, can_focus=False):
    """A legend laid over the top right of a board, down to its container's foot at most.

    It takes no room from the layout (absolute position), follows the board's size, and draws
    only the rows of what the board shows (`HexLegend` with ``shown``). `toggle_legend` shows
    and hides it.
    """

    DEFAULT_CSS = """
    LegendPanel {
        position: absolute;
        overlay: screen;
        width: auto;
        height: auto;
        background: $surface;
        border: round $accent;
        border-title-color: $accent;
        border-subtitle-color: $text-muted;
        padding: 0 1;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, board: LegendBoard, legend: HexLegend) -> None:
        """Create the panel.

        Args:
            board: The board it explains and sits on.
            legend: The legend to show (its ``shown`` should be the board's roles in use).
        """
        super().__init__(id="board-legend")
        self._board = board
        self.legend = legend

    def compose(self) -> ComposeResult:
        """The legend."""
        yield self.legend

    def on_mount(self) -> None:
        """Follow the board: its size for the place, its changes for the rows."""
        self.border_title = "Legend"
        self._board.on_change(self.follow)
        self.call_after_refresh(self.follow)

    def on_unmount(self) -> None:
        """Stop following the board."""
        self._board.on_change(self.follow, remove=True)

    def follow(self) -> None:
        """Sit at the board's top right, no taller than it; draw the rows again."""
        board = self._board
        parent = self.parent
        if not self.is_mounted or not isinstance(parent, Widget):
            return
        top = board.region.y - parent.content_region.y
        self.styles.max_height = max(3, parent.content_size.height - top)
        x = board.region.right - parent.content_region.x - self.outer_size.width
        self.styles.offset = (max(0, x), top)
        self.legend.refresh(layout=True)


class LegendBoard(Protocol):
    """What a `LegendPanel` needs of its board (a `tui.widgets.hexboard.HexBoard`)."""

    @property
    def region(self) -> Region:
        """Where the board is on screen."""
        ...

    @property
    def outer_size(self) -> Size:
        """The board's size, scrollbars included."""
        ...

    @property
    def parent(self) -> DOMNode | None:
        """The board's container, where the panel goes."""
        ...

    def on_change(self, callback: Callable[[], None], *, remove: bool = False) -> None:
        """Call ``callback`` after the board's picture or size changes (or stop)."""
        ...


async def toggle_legend(board: LegendBoard, make: Callable[[], HexLegend]) -> bool:
    """Show a legend over a board, or hide the one shown.

    Args:
        board: A mounted board.
        make: Build the legend (the first time, and again after it was hidden).

    Returns:
        True if the legend shows now.
    """
    parent = board.parent
    if not isinstance(parent, Widget):
        return False
    shown = parent.query_children(LegendPanel)
    if shown:
        await shown.remove()
        return False
    await parent.mount(LegendPanel(board, make()))
    return True
