"""The Dystopian Wars board as the shared hex board draws it: `DWBoardView`, `DWBoard`.

DW-28.9 gives each terrain kind its glyph (``~`` open water, ``.`` open ground, ``%`` reef, ``:``
sandbank, ``,`` swamp, ``T`` woods, ``^`` hill, ``A`` mountain, ``#`` buildings, ``O`` portal,
``@`` vortex). On the shared board (`tui.widgets.hexboard`, 8 x 5 cells a hex) sea and land are
told apart by texture and colour: open water a light ``~`` ripple on the lower line, open ground
sparse dots, every other kind a denser fill of its glyph; each kind differs by glyph as well as
colour, so the board reads in the monochrome theme too.

Models are the board's unit markers (`model_markers`, DW-28.13 item 16): a letter for the model
type, the rendering note's (B battleship, C cruiser, F frigate, E escort, S submarine, K carrier,
A airship, M bomber, L landship, T tank, X fortification; the first player's upper case, the
second's lower case), the facing mark, the owner's colour, and the level: in the zoomed view a
mark beside the letter (``^`` flying, ``"`` obscured, ``v`` submerged), in the compact view the
text style (`tui.dystopian.pieces`, which draws wings and mines too; `mine_markers` makes the
mines on the table, DW-18.6, ``*`` in their owner's colour). A flyer over a ship shares its hex
(the board's ``+`` says more than one model stands there; Tab picks either).

A Camouflage template (DW-23, DW-28.10) lasts until the End Phase: its seven hexes are drawn
filled with ``░`` (``&`` in ASCII) in their own colour (`DWBoardView.camouflage`).

`DWBoard` has both views of the shared board: zoomed (8 x 5 cells a hex, wide when the board
fits) and compact (2 cells a hex, a row a line: the whole 36 x 24 table in 72 x 24 cells);
the screen's ``Z`` switches (`tui.widgets.hexboard_compact`).

The overlays (`fire_overlay`, `arc_marks`): the hexes a weapon of the selected model bears on,
shaded (DW-28.6), the outer ring of each range band it has dice in, all round the model, with
the band's number (4, 8, 12 and 16 hexes out, DW-28.7), ``½`` (``h``) where only half the dice
reach (DW-14.4); the line of sight to a target (the screen's path, struck when blocked, DW-28.8)
and the hexes a move may end in (the screen's reach overlay).
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
from engine.hexes import Facing, Hex
from tui.dystopian.pieces import PIECE_CSS, PIECE_ROLES, DWPieces, MineMarker, ModelMarker
from tui.widgets.board_view import Glyph, HexFace
from tui.widgets.hexboard import HexBoard
from tui.widgets.hexboard_legend import ARROWS, HexLegend, unit_rows, uses_mono

if TYPE_CHECKING:
    from engine.dystopian.models import Weapon
    from engine.dystopian.state import DWState
    from tui.widgets.board_view import LegendRow

__all__ = [
    "GLYPHS",
    "LEVEL_GLYPHS",
    "TERRAIN_CSS",
    "TERRAIN_ROLES",
    "DWBoard",
    "DWBoardView",
    "DWLegend",
    "FireOverlay",
    "arc_marks",
    "describe_hex",
    "fire_overlay",
    "mine_markers",
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

CAMOUFLAGE_GLYPH = Glyph("camouflage", "camouflage cloud (DW-23)", "░", "&", "xxxxxx", "xxxxxx")
"""DW-23 Camouflage: the template's hexes, until the End Phase."""

TERRAIN_ROLES: tuple[str, ...] = tuple(
    dict.fromkeys(
        [*(g.role for g in GLYPHS.values()), "flying", "submerged", "camouflage", *PIECE_ROLES]
    )
)
"""The roles a DW board adds to the board's own (terrain, level marks, compact pieces)."""

TERRAIN_CSS = (
    """
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
WIDGET > .hexboard--camouflage { color: $foreground-darken-2; }
"""
    + PIECE_CSS.strip("\n")
    + "\n"
)
"""The colours of the terrain and level roles, for ``WIDGET`` = a board or legend widget class."""

_LETTERS: Final = {
    ModelType.CARRIER: "K",
    ModelType.DREADNOUGHT: "D",
    ModelType.BATTLESHIP: "B",
    ModelType.SUBMARINE: "S",
    ModelType.GUNSHIP: "G",
    ModelType.CRUISER: "C",
    ModelType.DESTROYER: "V",
    ModelType.FRIGATE: "F",
    ModelType.ESCORT: "E",
    ModelType.CORVETTE: "O",
    ModelType.SKY_FORTRESS: "U",
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
"""One letter for each model type (DW-3.2, DW-3.3): the rendering note's where it gives one
(DW-28.13: S submarine, K carrier); the destroyer and the sky fortress, whose letters those
took, are V and U."""


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
    half = "h" if ascii_only else "½"
    rows += [
        ((("2", ("ring",)),), "range band 1-4: its outer ring (DW-28.7)"),
        (((half, ("ring",)),), "half the dice: the arc's edge (DW-14.4)"),
    ]
    return unit_rows(ascii_only=ascii_only, cost="move ends", terrain=rows) + compact_rows(
        ascii_only=ascii_only
    )


def compact_rows(*, ascii_only: bool = False) -> list[LegendRow]:
    """The legend rows of the compact view's pieces (`tui.dystopian.pieces`)."""
    north = ARROWS[Facing.N].char(ascii_only=False) if not ascii_only else "0"
    return [
        ((), "Compact view"),
        (((f"B{north}", ("piece-0",)), (" ", ()), (f"b{north}", ("piece-1",))), "models, N"),
        ((("012345", ("piece-0",)),), "ASCII facing: N NE SE S SW NW"),
        (((f"A{north}", ("piece-0", "level-flying")),), "flying (bold)"),
        (((f"A{north}", ("piece-0", "level-obscured")),), "obscured (reverse)"),
        (((f"S{north}", ("piece-0", "level-submerged")),), "submerged (dim)"),
        ((("5F", ("piece-0", "level-flying")),), "a wing: tokens, kind"),
        ((("* ", ("piece-0",)),), "a mine"),
    ]


@frozen
class DWBoardView:
    """A DW `TerrainMap` as the hex board draws it (`tui.widgets.board_view.BoardView`).

    ``camouflage``: the hexes under Camouflage templates (DW-23), drawn over the terrain.
    """

    terrain: TerrainMap
    camouflage: frozenset[Hex] = frozenset()

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
        if where in self.camouflage:
            return CAMOUFLAGE_GLYPH.face(ascii_only=ascii_only)
        cell = self.terrain.cell(where)
        return HexFace() if cell is None else terrain_face(cell.kind, ascii_only=ascii_only)

    def describe(self, where: Hex) -> str:
        """The hex in words (`describe_hex`)."""
        return describe_hex(self.terrain, where)


def model_letter(model_type: ModelType, owner: int) -> str:
    """The model's letter: its type's, upper case for the first player, lower for the second."""
    letter = _LETTERS.get(model_type, "?")
    return letter.lower() if owner == 1 else letter


def model_markers(state: DWState, selected: int | None = None) -> list[ModelMarker]:
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
            ModelMarker(
                model.hex,
                model_letter(card.type, model.owner),
                model.facing,
                side=model.owner % 4,
                kind=LEVEL_GLYPHS.get(model.level),
                selected=index == selected,
                label=f"{model.ident} {card.name}",
                level=model.level,
            )
        )
    markers.sort(key=lambda m: m.kind is None or m.kind.role != "flying")
    return markers


def mine_markers(state: DWState) -> list[MineMarker]:
    """Every mine on the table (DW-18.6, ``state.mines``): ``*`` in its owner's colour."""
    return [
        MineMarker(
            mine.hex,
            "m" if mine.owner == 1 else "M",
            Facing.N,
            side=mine.owner % 4,
            label=f"a mine of {state.players[mine.owner]} ({mine.ad} AD)",
        )
        for mine in state.mines
    ]


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


@frozen
class FireOverlay:
    """What ``v`` shows of one weapon: its arc shaded and its range bands' rings (DW-28.6/7)."""

    arc: frozenset[Hex]
    """The hexes the weapon bears on, in a band where it prints dice (`arc_marks`)."""
    rings: dict[Hex, str]
    """The outer hex ring of each such band, all round the model, with the band's number; a
    hex of the arc that only half the dice reach has ``½`` (``h``) after it or alone."""


def fire_overlay(
    state: DWState, index: int, weapon: int, *, ascii_only: bool = False
) -> FireOverlay:
    """DW-28.6 / DW-28.7: the arc of weapon ``weapon`` of model ``index`` and its band rings.

    A band's ring is the hexes exactly 4, 8, 12 or 16 hexes away (RB1 to RB4 end there), drawn
    for each band the weapon has dice in, in every direction (a ring outside the arc shows how
    far a turn would reach); dropped weapons (mines) bear on nothing and show none.
    """
    marks = arc_marks(state, index, weapon, ascii_only=ascii_only)
    model = state.models[index]
    card_weapon = state.card(index).weapons[weapon]
    rings: dict[Hex, str] = {}
    if model.hex is not None and card_weapon.arc is not CardArc.DROPPED:
        for where in state.setup.terrain:
            distance = model.hex.distance(where)
            band = range_band(distance)
            if distance % 4 or band is None or card_weapon.ad_at(int(band)) is None:
                continue
            rings[where] = str(int(band))
    for where, text in marks.items():
        if len(text) > 1:  # half the dice: the band's digit, then the mark
            rings[where] = rings.get(where, "") + text[1:]
    return FireOverlay(frozenset(marks), rings)


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
        compact: bool = False,
        id: str | None = None,  # noqa: A002 - Textual's name for it
    ) -> None:
        """Create the board with DW's pieces (`tui.dystopian.pieces.DWPieces`), maybe compact."""
        self.pieces = DWPieces()
        super().__init__(view, ascii_only=ascii_only, id=id, pieces=self.pieces)
        self.set_compact(compact)

    def on_mount(self) -> None:
        """Facing digits in the compact view where arrows may not show (16 colours, mono)."""
        super().on_mount()
        system = self.app.console.color_system
        self.pieces.digits = uses_mono(self) or system in {None, "standard"}

    def toggle_compact(self) -> bool:
        """Switch between the compact and the zoomed view; return True if compact now."""
        self.set_compact(not self.compact)
        return self.compact

    def show_terrain(self, terrain: TerrainMap, camouflage: frozenset[Hex] = frozenset()) -> None:
        """Show ``terrain`` and the Camouflage templates on it (the same again changes nothing)."""
        view = self.view
        if isinstance(view, DWBoardView) and view.terrain is terrain:
            if view.camouflage != camouflage:  # only the template's hexes redraw
                changed = view.camouflage ^ camouflage
                self.set_view(DWBoardView(terrain, camouflage), changed=changed)
            return
        self.set_view(DWBoardView(terrain, camouflage))


class DWLegend(HexLegend):
    """The key of a DW board: every terrain glyph and level mark in its colour, named."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"hexboard--{role}" for role in TERRAIN_ROLES}
    DEFAULT_CSS = TERRAIN_CSS.replace("WIDGET", "DWLegend")

    def __init__(self, terrain: TerrainMap, *, ascii_only: bool = False) -> None:
        """Explain ``terrain``'s glyphs (ASCII ones when ``ascii_only``)."""
        super().__init__(DWBoardView(terrain), ascii_only=ascii_only)
