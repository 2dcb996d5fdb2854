"""The symbols of the BattleTech board: one glyph table shared by `HexBoard` and `HexLegend`.

Every terrain kind (BT-M-8) has a glyph, an ASCII fallback and a texture: where in a hex's two
terrain lines the glyph is repeated. Light and heavy woods differ by glyph *and* density, so the
board reads without colour (the monochrome theme) and without Unicode (``ascii_only``, for SSH
clients with poor fonts). Colours live in `TERRAIN_CSS` as theme variables, so the monochrome
theme turns them grey by itself.

`describe_hex` is the status-line sentence for a hex ("0507 heavy woods, level 2").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, TypeAlias

from attrs import frozen
from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from engine.battletech.board import Board, Bridge, Building, BuildingClass, Terrain, Woods
from engine.hexes import Facing, Hex

if TYPE_CHECKING:
    from collections.abc import Mapping

    from textual.app import RenderResult
    from textual.widget import Widget

__all__ = [
    "ARROWS",
    "GLYPHS",
    "MORE_UNITS",
    "PATH_END",
    "POINTER",
    "PRONE",
    "ROLES",
    "TERRAIN_CSS",
    "Glyph",
    "HexLegend",
    "describe_hex",
    "describe_terrain",
    "legend_rows",
    "legend_text",
    "role_styles",
    "terrain_kind",
]


@frozen
class Glyph:
    """How one terrain kind (or board feature) is drawn.

    The texture masks are 6 cells wide, one per terrain line of a hex; ``x`` marks where the
    glyph goes. Kinds drawn as a two-cell *tag* (road, bridge, fire) have empty masks.
    """

    role: str
    """The component class suffix: ``hexboard--<role>`` holds the colour."""
    name: str
    """What the legend calls it."""
    unicode: str
    """The glyph, one cell wide."""
    ascii: str
    """The fallback for ``ascii_only`` boards."""
    upper: str = ""
    """Texture mask of the upper terrain line (under the label)."""
    lower: str = ""
    """Texture mask of the lower terrain line (where units stand)."""

    def char(self, *, ascii_only: bool) -> str:
        """Return the glyph, or its ASCII fallback."""
        return self.ascii if ascii_only else self.unicode

    def texture(self, mask: str, *, ascii_only: bool) -> str:
        """Return ``mask`` with its ``x`` cells replaced by the glyph."""
        return mask.replace("x", self.char(ascii_only=ascii_only))


GLYPHS: dict[str, Glyph] = {
    glyph.role: glyph
    for glyph in (
        Glyph("light-woods", "light woods", "^", "^", "x x x ", " x x x"),
        Glyph("heavy-woods", "heavy woods", "♣", "^", "xxxxxx", "xxxxxx"),
        Glyph("rough", "rough", "%", "%", "x  x  ", "  x  x"),
        Glyph("rubble", "rubble", ",", ",", "x,x x ", " x x,x"),
        Glyph("water", "water (depth)", "~", "~", " ~x~x~", "x~x~x~"),
        Glyph("swamp", "swamp", '"', '"', "x  x  ", "  x  x"),
        Glyph("ice", "ice", "░", "-", "xxxxxx", "xxxxxx"),
        Glyph("pavement", "pavement", "·", ".", "x x x ", " x x x"),
        Glyph("building", "building (class)", "▓", "#", "xxxxxx", "xxxxxx"),
        Glyph("road", "road", "═", "="),
        Glyph("bridge", "bridge", "╪", "]"),
        Glyph("fire", "fire", "*", "*"),
    )
}
"""Every terrain glyph by role, in legend order."""

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

ROLES: tuple[str, ...] = (
    "edge",
    "edge-cursor",
    "label",
    "cursor-label",
    "level",
    *GLYPHS,
    "side-0",
    "side-1",
    "side-2",
    "side-3",
    "selected",
    "pointer",
    "more",
    "cost",
    "step",
    "mark-text",
    "mark",
    "reach",
    "path",
    "path-blocked",
    "arc",
    "cursor",
)
"""Every component class suffix of the board. A cell's roles are applied in turn, later over
earlier: an overlay background first, then the cell's own glyph colour (or token colours)."""

TERRAIN_CSS = """
WIDGET > .hexboard--edge { color: $foreground-darken-3; }
WIDGET > .hexboard--edge-cursor { color: $accent; text-style: bold; }
WIDGET > .hexboard--label { color: $foreground-darken-2; }
WIDGET > .hexboard--cursor-label { color: $background; background: $accent; text-style: bold; }
WIDGET > .hexboard--level { color: $foreground; text-style: bold; }
WIDGET > .hexboard--light-woods { color: $success-lighten-1; }
WIDGET > .hexboard--heavy-woods { color: $success-darken-1; text-style: bold; }
WIDGET > .hexboard--rough { color: $primary-darken-1; }
WIDGET > .hexboard--rubble { color: $warning-darken-2; }
WIDGET > .hexboard--water { color: $secondary-lighten-1; }
WIDGET > .hexboard--swamp { color: $success-darken-2; }
WIDGET > .hexboard--ice { color: $foreground-lighten-1; }
WIDGET > .hexboard--pavement { color: $foreground-darken-1; }
WIDGET > .hexboard--building { color: $foreground-darken-1; }
WIDGET > .hexboard--road { color: $foreground; text-style: bold; }
WIDGET > .hexboard--bridge { color: $foreground; text-style: bold; }
WIDGET > .hexboard--fire { color: $error-lighten-1; text-style: bold; }
WIDGET > .hexboard--side-0 { background: $error-lighten-1; color: $background; text-style: bold; }
WIDGET > .hexboard--side-1 {
    background: $secondary-lighten-2; color: $background; text-style: bold;
}
WIDGET > .hexboard--side-2 { background: $success; color: $background; text-style: bold underline; }
WIDGET > .hexboard--side-3 { background: $warning; color: $background; text-style: bold underline; }
WIDGET > .hexboard--selected { text-style: bold underline; }
WIDGET > .hexboard--pointer { color: $accent; text-style: bold; }
WIDGET > .hexboard--more { color: $foreground; text-style: bold; }
WIDGET > .hexboard--cost { color: $warning; text-style: bold; }
WIDGET > .hexboard--step { color: $accent; text-style: bold; }
WIDGET > .hexboard--mark-text { color: $accent; text-style: bold; }
WIDGET > .hexboard--mark { background: $secondary 30%; }
WIDGET > .hexboard--reach { background: $primary 15%; }
WIDGET > .hexboard--path { background: $accent 30%; }
WIDGET > .hexboard--path-blocked { background: $error 35%; }
WIDGET > .hexboard--arc { background: $secondary 12%; }
WIDGET > .hexboard--cursor { background: $accent 40%; }
"""
"""The colours of every role, for ``WIDGET`` = HexBoard or HexLegend (both use these classes)."""


def role_styles(widget: Widget) -> dict[str, Style]:
    """Return the style of every role from a widget's ``hexboard--<role>`` component classes.

    Each style holds only what its class sets (a glyph colour leaves the background alone), but
    a translucent background (``$accent 40%``) comes blended over the widget's own.

    Args:
        widget: A widget with the board's component classes (`HexBoard`, `HexLegend`).

    Returns:
        role -> style.
    """
    styles: dict[str, Style] = {}
    for role in ROLES:
        name = f"hexboard--{role}"
        style = widget.get_component_rich_style(name, partial=True)
        if style.bgcolor is not None:
            style += Style(bgcolor=widget.get_component_rich_style(name).bgcolor)
        styles[role] = style
    return styles


def terrain_kind(terrain: Terrain) -> Glyph | None:
    """Return the glyph whose texture fills a hex: the feature that most changes play.

    Args:
        terrain: The hex's terrain.

    Returns:
        The texture glyph, or None for clear ground (and for hexes whose only features are tags:
        road, bridge, fire).
    """
    role = None
    if terrain.building is not None:
        role = "building"
    elif terrain.water is not None:
        role = "ice" if terrain.ice else "water"
    elif terrain.rubble:
        role = "rubble"
    elif terrain.woods is Woods.HEAVY:
        role = "heavy-woods"
    elif terrain.woods is Woods.LIGHT:
        role = "light-woods"
    elif terrain.swamp:
        role = "swamp"
    elif terrain.rough:
        role = "rough"
    elif terrain.ice:
        role = "ice"
    elif terrain.pavement:
        role = "pavement"
    return None if role is None else GLYPHS[role]


def terrain_tags(terrain: Terrain, *, ascii_only: bool) -> list[tuple[str, str]]:
    """Return the two-cell tags of a hex, most urgent first: ``(text, role)`` pairs.

    Fire ``**``, a building's glyph and class digit (``▓2``), a bridge ``╪╪``, water depth
    (``~2``), a road ``══``. The board draws the first two; `describe_hex` tells the rest.
    """
    tags: list[tuple[str, str]] = []

    def tag(role: str, second: str | None = None) -> None:
        char = GLYPHS[role].char(ascii_only=ascii_only)
        tags.append((char + (char if second is None else second), role))

    if terrain.fire:
        tag("fire")
    if terrain.building is not None:
        tag("building", str(int(terrain.building.cls)))
    if terrain.bridge is not None:
        tag("bridge", None if not ascii_only else "[")
    if terrain.water is not None:
        tag("water", str(terrain.water)[-1])
    if terrain.road:
        tag("road")
    return tags


# ------------------------------------------------------------------ words
def describe_terrain(terrain: Terrain) -> str:
    """Return the terrain of a hex in words: "road, light building CF 15, level 1".

    Args:
        terrain: The hex's terrain.

    Returns:
        The features joined by commas, then the level when it is not 0; "clear" for nothing.
    """
    water = terrain.water
    bridge, building = terrain.bridge, terrain.building
    features = (
        (terrain.fire, "burning"),
        (terrain.road, "road"),
        (terrain.pavement, "pavement"),
        (terrain.woods, f"{terrain.woods.name.lower()} woods"),
        (terrain.rough, "rough"),
        (terrain.rubble, "rubble"),
        (terrain.swamp, "swamp"),
        (water is not None, f"{'ice over ' if terrain.ice else ''}water depth {water}"),
        (terrain.ice and water is None, "ice"),
        (bridge, bridge and f"{bridge.cls.name.lower()} bridge CF {bridge.cf}"),
        (building, building and f"{building.cls.name.lower()} building CF {building.cf}"),
        (building and building.height != 1, building and f"{building.height} levels high"),
    )
    parts = [str(words) for present, words in features if present] or ["clear"]
    if terrain.level:
        parts.append(f"level {terrain.level}")
    return ", ".join(parts)


_SAMPLE_WIDTH = 7
"""Cells from the start of a legend row to its name."""


def describe_hex(board: Board, where: Hex) -> str:
    """Return the status-line sentence for a hex: its label and its terrain in words.

    Args:
        board: The board.
        where: The hex.

    Returns:
        e.g. "0507 heavy woods, level 2", "0910 water depth 2", or "off the board".
    """
    terrain = board.get(where)
    if terrain is None:
        return "off the board"
    return f"{where.label} {describe_terrain(terrain)}"


# ------------------------------------------------------------------ the legend
_SAMPLES: dict[str, Terrain] = {
    "water": Terrain(water=2),
    "building": Terrain(building=Building(BuildingClass.MEDIUM, 40)),
    "road": Terrain(road=0b001001),
    "bridge": Terrain(bridge=Bridge()),
    "fire": Terrain(fire=True),
}
"""A hex of each kind drawn as a tag, to show the tag exactly as the board draws it."""

_MEANINGS = {
    "water": "water, depth 2",
    "building": "building, class 2",
}
"""Legend names that explain the digit of the sample."""

Run: TypeAlias = tuple[str, tuple[str, ...]]
"""Text and the roles that style it (applied in turn)."""


def legend_rows(*, ascii_only: bool = False) -> list[tuple[list[Run], str]]:
    """Return each legend row: the sample as styled runs, then what it means.

    Args:
        ascii_only: Use the ASCII glyphs.

    Returns:
        Terrain first (in `GLYPHS` order), then levels, units and overlays.
    """

    def char(glyph: Glyph) -> str:
        return glyph.char(ascii_only=ascii_only)

    rows: list[tuple[list[Run], str]] = []
    for glyph in GLYPHS.values():
        sample = _SAMPLES.get(glyph.role)
        if sample is None:
            text = glyph.texture(glyph.upper, ascii_only=ascii_only)[:4]
        else:
            text = terrain_tags(sample, ascii_only=ascii_only)[0][0]
        rows.append(([(text, (glyph.role,))], _MEANINGS.get(glyph.role, glyph.name)))
    north, north_west = char(ARROWS[Facing.N]), char(ARROWS[Facing.NW])
    rows += [
        ([(" 2 -1", ("level",))], "levels"),
        ([(f"A{north}", ("side-0",)), (" ", ()), (f"{north_west}B", ("side-1",))], "facing N, NW"),
        ([(f"A{north}{char(PRONE)}", ("side-0",))], "prone"),
        ([(char(POINTER), ("pointer",)), (f"A{north}", ("side-0", "selected"))], "selected"),
        ([(char(MORE_UNITS), ("more",)), (f"A{north}", ("side-0",))], "more units"),
        ([(" 3", ("reach", "cost"))], "MP to enter"),
        ([(f"{char(ARROWS[Facing.NE])} {char(PATH_END)}", ("path", "step"))], "path, its end"),
    ]
    return rows


def legend_text(styles: Mapping[str, Style] | None = None, *, ascii_only: bool = False) -> Text:
    """Draw the legend: one row per symbol, its sample in the board's colours, then its name.

    Args:
        styles: role -> style (from the component classes); plain without.
        ascii_only: Show the ASCII glyphs.

    Returns:
        The legend text.
    """
    styles = styles or {}
    text = Text(no_wrap=True, overflow="ellipsis", end="")
    for index, (runs, meaning) in enumerate(legend_rows(ascii_only=ascii_only)):
        if index:
            text.append("\n")
        width = 0
        for run, roles in runs:
            style = Style()
            for role in roles:
                style += styles.get(role, Style())
            text.append(run, style)
            width += len(run)
        text.append(" " * max(1, _SAMPLE_WIDTH - width) + meaning)
    return text


class HexLegend(Static):
    """The board's key for the side panel: every glyph in its colour, with its name."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"hexboard--{role}" for role in ROLES}
    """The board's own classes (see `HexBoard`), so the legend shows exactly its colours."""

    DEFAULT_CSS = """
    HexLegend {
        width: auto;
        height: auto;
    }
    """ + TERRAIN_CSS.replace("WIDGET", "HexLegend")

    def __init__(
        self,
        *,
        ascii_only: bool = False,
        name: str | None = None,
        id: str | None = None,  # noqa: A002 - Textual's name for it
        classes: str | None = None,
    ) -> None:
        """Create the legend.

        Args:
            ascii_only: Show the ASCII glyphs (match the board's setting).
            name: The widget's name.
            id: The widget's id.
            classes: Space-separated CSS classes.
        """
        super().__init__("", name=name, id=id, classes=classes)
        self._ascii_only = ascii_only

    @property
    def ascii_only(self) -> bool:
        """Show the ASCII glyphs."""
        return self._ascii_only

    @ascii_only.setter
    def ascii_only(self, value: bool) -> None:
        self._ascii_only = value
        self.refresh(layout=True)

    def render(self) -> RenderResult:
        """Draw the legend in the colours the component classes have now (theme changes too)."""
        return legend_text(role_styles(self), ascii_only=self._ascii_only)
