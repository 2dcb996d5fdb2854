"""The Dystopian Wars board as the shared hex board draws it: `DWBoardView`, `DWBoard`.

DW-28.9 gives each terrain kind its glyph (``~`` open water, ``.`` open ground, ``%`` reef, ``:``
sandbank, ``,`` swamp, ``T`` woods, ``^`` hill, ``A`` mountain, ``#`` buildings, ``O`` portal,
``@`` vortex). On the shared board (`tui.widgets.hexboard`, 8 x 5 cells a hex) sea and land are
told apart by texture and colour: open water a light ``~`` ripple on the lower line, open ground
sparse dots, every other kind a denser fill of its glyph; each kind differs by glyph as well as
colour, so the board reads in the monochrome theme too.

Models are the board's unit markers (`model_markers`, DW-28.13 item 16): a letter for the model
type (B battleship, C cruiser, F frigate, E escort, V carrier, U submarine, A airship, M bomber,
L landship, T tank, X fortification; the first player's upper case, the second's lower case),
the facing mark, the owner's colour, and a mark beside the letter for the level: ``^`` flying,
``"`` obscured, ``v`` submerged. A flyer over a ship shares its hex (the board's ``+`` says more
than one model stands there; Tab picks either).

The overlays (`arc_marks`): the hexes a weapon of the selected model bears on, each with its
range band (1-4; ``h`` beside it where only half the dice reach, DW-14.4 / DW-28.6), and the
hexes a move may end in (the screen's reach overlay).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from attrs import frozen
from textual.binding import Binding, BindingType

from engine.dystopian.geometry import (
    MAX_RANGE,
    Arc,
    Channel,
    Cover,
    Level,
    arc_cover,
    channel_cover,
    range_band,
)
from engine.dystopian.models import Arc as CardArc
from engine.dystopian.models import ModelType
from engine.dystopian.terrain import TerrainKind, TerrainMap
from engine.hexes import Hex
from tui.dystopian.mine_view import MINE_GLYPH, MineMarker
from tui.dystopian.wing_view import WingMarker
from tui.widgets.board_view import Glyph, HexFace
from tui.widgets.hexboard import BoardPicture, HexBoard, UnitMarker
from tui.widgets.hexboard_legend import HexLegend, unit_rows

if TYPE_CHECKING:
    from engine.dystopian.models import Weapon
    from engine.dystopian.state import DWState
    from engine.hexes import Facing
    from tui.widgets.board_view import LegendRow
    from tui.widgets.hexboard import Cell

__all__ = [
    "GLYPHS",
    "LEVEL_GLYPHS",
    "TERRAIN_CSS",
    "TERRAIN_ROLES",
    "DWBoard",
    "DWBoardView",
    "DWLegend",
    "arc_marks",
    "describe_hex",
    "model_letter",
    "model_markers",
    "weapon_cover",
]

GLYPHS: dict[TerrainKind, Glyph] = {
    TerrainKind.WATER: Glyph("sea", "open water", "~", "~", "", " ~  ~ "),
    TerrainKind.GROUND: Glyph("land", "open ground", ".", ".", "", " .  . "),
    TerrainKind.REEF: Glyph("reef", "reef", "%", "%", "x  x  ", "  x  x"),
    TerrainKind.SANDBANK: Glyph("sandbank", "sandbank", ":", ":", "x x x ", " x x x"),
    TerrainKind.SWAMP: Glyph("swamp", "swamp", ",", ",", "x x x ", " x x x"),
    TerrainKind.WOODS: Glyph("woods", "woods", "♣", "T", "x  x  ", "  x  x"),
    TerrainKind.HILL: Glyph("hill", "hill", "^", "^", "x x x ", " x x x"),
    TerrainKind.MOUNTAIN: Glyph("mountain", "mountain", "▲", "A", "xxxxxx", "xxxxxx"),
    TerrainKind.BUILDING_SOFT: Glyph("building", "soft building", "#", "#", "x  x  ", "  x  x"),
    TerrainKind.BUILDING_MEDIUM: Glyph("building", "medium building", "#", "#", "xx xx ", " xx xx"),
    TerrainKind.BUILDING_HARD: Glyph("building", "hard building", "█", "#", "xxxxxx", "xxxxxx"),
    TerrainKind.PORTAL: Glyph("portal", "portal", "O", "O", " x  x ", " x  x "),
    TerrainKind.VORTEX: Glyph("vortex", "vortex", "@", "@", "x x x ", " x x x"),
}
"""DW-28.9: the glyph of every terrain kind."""

LEVEL_GLYPHS: dict[Level, Glyph] = {
    Level.FLYING: Glyph("flying", "flying", "^", "^"),
    Level.OBSCURED: Glyph("flying", "obscured (flying high)", '"', '"'),
    Level.SUBMERGED: Glyph("submerged", "submerged", "v", "v"),
}
"""DW-11.8 / DW-11.9: the mark beside a model's letter for its level (surface: none)."""

TERRAIN_ROLES: tuple[str, ...] = tuple(
    dict.fromkeys([*(g.role for g in GLYPHS.values()), "flying", "submerged"])
)
"""The roles a DW board adds to the board's own."""

TERRAIN_CSS = """
WIDGET > .hexboard--sea { color: $secondary-darken-1; }
WIDGET > .hexboard--land { color: $warning-darken-2; }
WIDGET > .hexboard--reef { color: $error-lighten-1; }
WIDGET > .hexboard--sandbank { color: $warning; }
WIDGET > .hexboard--swamp { color: $success-darken-1; }
WIDGET > .hexboard--woods { color: $success-lighten-1; }
WIDGET > .hexboard--hill { color: $warning-darken-1; }
WIDGET > .hexboard--mountain { color: $foreground-darken-1; text-style: bold; }
WIDGET > .hexboard--building { color: $foreground; text-style: bold; }
WIDGET > .hexboard--portal { color: $accent; text-style: bold; }
WIDGET > .hexboard--vortex { color: $accent-lighten-1; text-style: bold; }
WIDGET > .hexboard--flying { color: $accent; text-style: bold; }
WIDGET > .hexboard--submerged { color: $secondary; text-style: bold; }
"""
"""The colours of the terrain and level roles, for ``WIDGET`` = a board or legend widget class."""

_LETTERS: Final = {
    ModelType.CARRIER: "V",
    ModelType.DREADNOUGHT: "D",
    ModelType.BATTLESHIP: "B",
    ModelType.SUBMARINE: "U",
    ModelType.GUNSHIP: "G",
    ModelType.CRUISER: "C",
    ModelType.DESTROYER: "K",
    ModelType.FRIGATE: "F",
    ModelType.ESCORT: "E",
    ModelType.CORVETTE: "O",
    ModelType.SKY_FORTRESS: "S",
    ModelType.AIRSHIP: "A",
    ModelType.GYRO: "Y",
    ModelType.ROTOR: "R",
    ModelType.BOMBER: "M",
    ModelType.MOBILE_AIRFIELD: "P",
    ModelType.LANDSHIP: "L",
    ModelType.BURROWER: "N",
    ModelType.TROOP_TRANSPORT: "J",
    ModelType.BOMBARD: "Q",
    ModelType.TANK: "T",
    ModelType.WALKER: "W",
    ModelType.HEAVY_WALKER: "H",
    ModelType.CREATURE: "Z",
    ModelType.ROBOT: "I",
    ModelType.FORTIFICATION: "X",
}
"""One letter for each model type (DW-3.2, DW-3.3)."""


def terrain_face(kind: TerrainKind, *, ascii_only: bool) -> HexFace:
    """How a hex of this terrain is drawn (DW-28.9)."""
    glyph = GLYPHS.get(kind)
    return HexFace() if glyph is None else glyph.face(ascii_only=ascii_only)


def describe_hex(terrain: TerrainMap, where: Hex) -> str:
    """A hex in words for the status line: "1013 reef"."""
    cell = terrain.cell(where)
    if cell is None:
        return f"{where.label} off the board"
    glyph = GLYPHS.get(cell.kind)
    name = glyph.name if glyph is not None else cell.kind.name.lower()
    large = ", large" if cell.large else ""
    return f"{where.label} {name}{large}"


def legend_rows(*, ascii_only: bool = False) -> list[LegendRow]:
    """Each legend row of a DW board: the sample as styled runs, its meaning."""
    rows: list[LegendRow] = [
        (((g.texture(g.lower or g.upper, ascii_only=ascii_only)[:4], (g.role,)),), g.name)
        for g in GLYPHS.values()
    ]
    rows += [
        (((f"B{g.char(ascii_only=ascii_only)}", (g.role,)),), f"a model {g.name}")
        for g in LEVEL_GLYPHS.values()
    ]
    rows.append(((("*F5", ("side-0",)),), "a wing: kind (F R B T) and tokens"))
    rows.append((((f"{MINE_GLYPH.char(ascii_only=ascii_only)}M4", ("side-0",)),), "a mine: AD"))
    return unit_rows(ascii_only=ascii_only, cost="move ends", terrain=rows)


@frozen
class DWBoardView:
    """A DW `TerrainMap` as the hex board draws it (`tui.widgets.board_view.BoardView`)."""

    terrain: TerrainMap

    @property
    def roles(self) -> tuple[str, ...]:
        """The terrain roles."""
        return TERRAIN_ROLES

    def legend(self, *, ascii_only: bool) -> list[LegendRow]:
        """The legend's rows (`legend_rows`)."""
        return legend_rows(ascii_only=ascii_only)

    @property
    def width(self) -> int:
        """Hex columns."""
        return self.terrain.width

    @property
    def height(self) -> int:
        """Hex rows."""
        return self.terrain.height

    def face(self, where: Hex, *, ascii_only: bool) -> HexFace:
        """How a hex is drawn (`terrain_face`)."""
        cell = self.terrain.cell(where)
        return HexFace() if cell is None else terrain_face(cell.kind, ascii_only=ascii_only)

    def describe(self, where: Hex) -> str:
        """The hex in words (`describe_hex`)."""
        return describe_hex(self.terrain, where)


def model_letter(model_type: ModelType, owner: int) -> str:
    """The model's letter: its type's, upper case for the first player, lower for the second."""
    letter = _LETTERS.get(model_type, "?")
    return letter.lower() if owner == 1 else letter


def model_markers(state: DWState, selected: int | None = None) -> list[UnitMarker]:
    """Every model on the board as a marker: letter, facing, owner's colour, level, selection.

    Flyers come first in a hex they share with a ship, so the flyer is drawn over it unless the
    ship is the selected one.
    """
    markers = []
    for index, model in enumerate(state.models):
        if not model.on_board or model.hex is None:
            continue
        card = state.card(index)
        markers.append(
            UnitMarker(
                model.hex,
                model_letter(card.type, model.owner),
                model.facing,
                side=model.owner % 4,
                kind=LEVEL_GLYPHS.get(model.level),
                selected=index == selected,
                label=f"{model.ident} {card.name}",
            )
        )
    markers.sort(key=lambda m: m.kind is None or m.kind.role != "flying")
    return markers


def weapon_cover(weapon: Weapon, origin: Hex, facing: Facing, target: Hex) -> Cover:
    """DW-28.6: how much of ``weapon``'s AD reaches ``target`` by its arc or channel alone.

    A P/S broadside is the better of its two sides; dropped weapons (mines) bear on nothing.
    """
    arc = weapon.arc
    if arc is CardArc.DROPPED or target == origin:
        return Cover.NONE
    if arc is CardArc.BROADSIDE:
        covers = {arc_cover(side, origin, facing, target) for side in (Arc.PORT, Arc.STARBOARD)}
        return next((c for c in (Cover.FULL, Cover.HALF) if c in covers), Cover.NONE)
    if arc.is_channel:
        return channel_cover(Channel(arc.value), origin, facing, target)
    return arc_cover(Arc(arc.value), origin, facing, target)


def arc_marks(
    state: DWState, index: int, weapon: int, *, ascii_only: bool = False
) -> dict[Hex, str]:
    """The hexes weapon ``weapon`` of model ``index`` bears on, each with its range band.

    DW-28.6 (arcs and channels), DW-28.7 (range bands of 4 hexes, nothing past 16); a hex only
    half covered (on an arc's edge, DW-14.4) shows ``h`` (``½``) after its band. Bands where the
    weapon prints no dice are left out. Sight lines and levels are not checked here: the fire
    preview does that for each target.
    """
    model = state.models[index]
    if model.hex is None:
        return {}
    card_weapon = state.card(index).weapons[weapon]
    half = "h" if ascii_only else "½"
    marks: dict[Hex, str] = {}
    for where in state.setup.terrain:
        distance = model.hex.distance(where)
        if not 0 < distance <= MAX_RANGE:
            continue
        band = range_band(distance)
        if band is None or card_weapon.ad_at(int(band)) is None:
            continue
        cover = weapon_cover(card_weapon, model.hex, model.facing, where)
        if cover is Cover.NONE:
            continue
        marks[where] = f"{int(band)}{half if cover is Cover.HALF else ''}"
    return marks


class DWPicture(BoardPicture):
    """The shared board's picture, with DW's wing tokens (`tui.dystopian.wing_view`).

    A wing is drawn ``*F5`` (mark, letter, tokens) instead of a letter and a facing mark; a CAP
    wing under its host's token shows its letter and tokens at the right of the hex (DW-20.8)
    when no overlay text is there.
    """

    def _token(self, unit: UnitMarker) -> list[Cell]:
        if isinstance(unit, MineMarker):  # DW-18.6: ¤M4
            mine = (f"side-{unit.side % 4}",)
            mark = "x" if unit.kind is None else unit.kind.char(ascii_only=self.ascii_only)
            return [(mark, (*mine, "kind")), (unit.letter[:1], mine), (str(unit.ad)[-1:], mine)]
        if not isinstance(unit, WingMarker):
            return super()._token(unit)
        roles: tuple[str, ...] = (f"side-{unit.side % 4}",)
        if unit.selected:
            roles = (*roles, "selected")
        mark = "*" if unit.kind is None else unit.kind.char(ascii_only=self.ascii_only)
        count = str(unit.tokens)[-1:]
        return [(mark, (*roles, "kind")), (unit.letter[:1] or "?", roles), (count, roles)]

    def _upper(self, where: Hex, face: HexFace) -> list[Cell]:
        cells = super()._upper(where, face)
        units = self.units.get(where, ())
        shown = next((unit for unit in units if unit.selected), units[0] if units else None)
        cap = next(
            (u for u in units if isinstance(u, WingMarker) and u.cap and u is not shown), None
        )
        if cap is None or self.reach.get(where) or self.marks.get(where):
            return cells
        end = self.step - self._inset
        roles: tuple[str, ...] = (f"side-{cap.side % 4}", "kind")
        cells[end - 2 : end] = [(cap.letter[:1], roles), (str(cap.tokens)[-1:], roles)]
        return cells


class DWBoard(HexBoard, inherit_bindings=False):
    """The play screen's board: a DW map in colour; the arrows move, Enter picks a hex.

    The letters are left to the screen's keys (a m f e ...), so the board binds none of them.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"hexboard--{role}" for role in TERRAIN_ROLES}
    DEFAULT_CSS = TERRAIN_CSS.replace("WIDGET", "DWBoard")
    CENTRED = True
    WIDE_WHEN_ROOM = True

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move('N')", "Cursor", show=False, tooltip="Cursor N"),
        Binding("down", "move('S')", "Cursor", show=False, tooltip="Cursor S"),
        Binding("left", "across(-1)", "Cursor", show=False, tooltip="Cursor W along the row"),
        Binding("right", "across(1)", "Cursor", show=False, tooltip="Cursor E along the row"),
        Binding(
            "enter",
            "select",
            "Pick",
            show=False,
            tooltip="Pick the cursor hex: deploy, select a model, a move's end, a target; confirm",
        ),
        Binding("home", "centre", "Centre", show=False, tooltip="Scroll the cursor to the middle"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Arrows | Move the cursor (Left and Right keep the row number). |
    | Enter | Pick the cursor hex: deploy, select a model, end a move, aim; confirm. |
    | Home | Scroll the cursor to the middle of the view. |
    """

    def __init__(
        self,
        view: DWBoardView | None = None,
        *,
        ascii_only: bool = False,
        id: str | None = None,  # noqa: A002 - Textual's name for it
    ) -> None:
        """Create the board with DW's picture (wing tokens, `DWPicture`)."""
        super().__init__(None, ascii_only=ascii_only, id=id)
        self._picture = DWPicture(ascii_only=ascii_only)
        self.set_view(view)

    def show_terrain(self, terrain: TerrainMap) -> None:
        """Show ``terrain`` (the same map object again changes nothing)."""
        view = self.view
        if isinstance(view, DWBoardView) and view.terrain is terrain:
            return
        self.set_view(DWBoardView(terrain))


class DWLegend(HexLegend):
    """The key of a DW board: every terrain glyph and level mark in its colour, named."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"hexboard--{role}" for role in TERRAIN_ROLES}
    DEFAULT_CSS = TERRAIN_CSS.replace("WIDGET", "DWLegend")

    def __init__(self, terrain: TerrainMap, *, ascii_only: bool = False) -> None:
        """Explain ``terrain``'s glyphs (ASCII ones when ``ascii_only``)."""
        super().__init__(DWBoardView(terrain), ascii_only=ascii_only)
