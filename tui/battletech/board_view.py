"""The BattleTech map as the hex board draws it: `BTBoardView` and the terrain glyph table.

Every terrain kind (BT-M-8) has a glyph, an ASCII fallback and a texture: where in a hex's two
terrain lines the glyph is repeated. Light and heavy woods differ by glyph *and* density, so the
board reads without colour (the monochrome theme) and without Unicode (``ascii_only``). Colours
live in `TERRAIN_CSS` as theme variables; `tui.battletech.widgets.board` gives them to the board
and legend widgets.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from attrs import frozen

from engine.battletech.board import Board, Bridge, Building, BuildingClass, Terrain, Woods
from engine.battletech.narrate.hexwords import describe_hex
from tui.battletech.widgets.kind_glyphs import legend_rows as kind_rows
from tui.widgets.board_view import Glyph, HexFace
from tui.widgets.hexboard_legend import unit_rows

if TYPE_CHECKING:
    from engine.hexes import Hex
    from tui.widgets.board_view import LegendRow, Tag

__all__ = [
    "GLYPHS",
    "TERRAIN_CSS",
    "TERRAIN_ROLES",
    "BTBoardView",
    "BTLegendSource",
    "legend_rows",
    "terrain_face",
    "terrain_kind",
    "terrain_tags",
]

GLYPHS: dict[str, Glyph] = {
    glyph.role: glyph
    for glyph in (
        Glyph("light-woods", "light woods", "^", "^", "x x x ", " x x x"),
        Glyph("heavy-woods", "heavy woods", "♣", "^", "xxxxxx", "xxxxxx"),
        Glyph("rough", "rough", "%", "%", "x  x  ", "  x  x"),
        Glyph("rubble", "rubble", ",", ",", "x,x x ", " x x,x"),
        Glyph("water", "water (depth)", "~", "~", "~x~x~x", "x~x~x~"),
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

TERRAIN_ROLES: tuple[str, ...] = tuple(GLYPHS)
"""The roles a BattleTech board adds to the board's own."""

TERRAIN_CSS = """
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
"""
"""The colours of the terrain roles, for ``WIDGET`` = a board or legend widget class."""


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


def terrain_tags(terrain: Terrain, *, ascii_only: bool) -> list[Tag]:
    """Return the two-cell tags of a hex, most urgent first: ``(text, role)`` pairs.

    Fire ``**``, a building's glyph and class digit (``▓2``), a bridge ``╪╪``, water depth
    (``~2``), a road ``══``. The board draws the first two; `describe_hex` tells the rest.
    """
    tags: list[Tag] = []

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


@lru_cache(maxsize=1024)
def terrain_face(terrain: Terrain, *, ascii_only: bool) -> HexFace:
    """Return how a hex of this terrain is drawn: texture, tags and level (BT-M-8).

    Kept for the last 1024 kinds of terrain: a map has few, and each is drawn in many hexes.
    """
    glyph = terrain_kind(terrain)
    face = HexFace() if glyph is None else glyph.face(ascii_only=ascii_only)
    return HexFace(
        face.role,
        face.upper,
        face.lower,
        tuple(terrain_tags(terrain, ascii_only=ascii_only)),
        str(terrain.level) if terrain.level else "",
    )


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


def legend_rows(*, ascii_only: bool = False) -> list[LegendRow]:
    """Return each legend row of a BattleTech board: the sample as styled runs, its meaning.

    Args:
        ascii_only: Use the ASCII glyphs.

    Returns:
        The overlays, the units, the kinds of unit (shown only when the board has one that is
        not a 'Mech), then the terrain (in `GLYPHS` order) and levels.
    """
    rows: list[LegendRow] = []
    for glyph in GLYPHS.values():
        sample = _SAMPLES.get(glyph.role)
        if sample is None:
            text = glyph.texture(glyph.upper, ascii_only=ascii_only)[:4]
        else:
            text = terrain_tags(sample, ascii_only=ascii_only)[0][0]
        rows.append((((text, (glyph.role,)),), _MEANINGS.get(glyph.role, glyph.name)))
    units = unit_rows(ascii_only=ascii_only, cost="MP to enter", terrain=rows)
    terrain = units.index(((), "Terrain"))  # the kinds of unit after the units' rows
    return [*units[:terrain], *kind_rows(ascii_only=ascii_only), *units[terrain:]]


@frozen
class BTLegendSource:
    """The legend of any BattleTech board (it does not depend on the map)."""

    @property
    def roles(self) -> tuple[str, ...]:
        """The terrain roles."""
        return TERRAIN_ROLES

    def legend(self, *, ascii_only: bool) -> list[LegendRow]:
        """Return the legend's rows (see `legend_rows`)."""
        return legend_rows(ascii_only=ascii_only)


@frozen
class BTBoardView(BTLegendSource):
    """A BattleTech `Board` as the hex board draws it."""

    board: Board
    """The map."""

    @property
    def width(self) -> int:
        """Hex columns."""
        return self.board.width

    @property
    def height(self) -> int:
        """Hex rows."""
        return self.board.height

    def face(self, where: Hex, *, ascii_only: bool) -> HexFace:
        """Return how a hex on the board is drawn (see `terrain_face`)."""
        return terrain_face(self.board.terrain(where), ascii_only=ascii_only)

    def describe(self, where: Hex) -> str:
        """Return the hex in words: "0507 heavy woods, level 2"."""
        return describe_hex(self.board, where)
