"""The Age of Destruction board as the shared hex board draws it: `AoDBoardView`, `AoDBoard`.

AOD-26.12 gives the terrain glyphs: ``.`` clear, ``%`` hindering, ``#`` blocking, ``~`` shallow
water, ``=`` deep water, and an elevation mark (``^`` elevated, ``A`` abrupt). On the shared board
(`tui.widgets.hexboard`, 8 x 5 cells a hex) clear ground is left blank, the other types fill the
hex's two terrain lines with their glyph (denser for blocking), and the elevation mark is the
hex's level text. Every glyph has an ASCII twin, and every type differs by glyph as well as
colour, so the board reads in the monochrome theme too.

Units are the board's unit markers (`unit_markers`): the letter of AOD-26.12 (M 'Mech, Q Quad, V
vehicle, H VTOL at NOE, W VTOL cruising, I infantry; the first player's upper case, the second's
lower case, players 3 and 4 by colour), the facing mark, and the owner's colour.

`AoDBoard` is the play screen's board: the arrows and Enter only (the letters are the orders').
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from attrs import frozen
from textual.binding import Binding, BindingType

from engine.aod.movement import Altitude
from engine.aod.terrain import HexTerrain, TerrainMap, TerrainType
from engine.aod.units import SpeedMode, UnitDef
from engine.hexes import Hex
from tui.widgets.board_view import Glyph, HexFace
from tui.widgets.hexboard import HexBoard, UnitMarker
from tui.widgets.hexboard_legend import HexLegend, unit_rows

if TYPE_CHECKING:
    from engine.aod.state import AoDState
    from tui.widgets.board_view import LegendRow

__all__ = [
    "GLYPHS",
    "TERRAIN_CSS",
    "TERRAIN_ROLES",
    "AoDBoard",
    "AoDBoardView",
    "AoDLegend",
    "artillery_marks",
    "describe_hex",
    "legend_rows",
    "terrain_face",
    "unit_letter",
    "unit_markers",
]

GLYPHS: dict[TerrainType, Glyph] = {
    TerrainType.HINDERING: Glyph("hindering", "hindering", "%", "%", "x  x  ", "  x  x"),
    TerrainType.BLOCKING: Glyph("blocking", "blocking", "#", "#", "xxxxxx", "xxxxxx"),
    TerrainType.SHALLOW: Glyph("shallow", "shallow water", "~", "~", "x x x ", " x x x"),
    TerrainType.DEEP: Glyph("deep", "deep water", "≈", "=", "xxxxxx", "xxxxxx"),
}
"""AOD-26.12: the glyph of every terrain type but clear (drawn blank)."""

TERRAIN_ROLES: tuple[str, ...] = (*(g.role for g in GLYPHS.values()), "elevated")
"""The roles an AoD board adds to the board's own."""

TERRAIN_CSS = """
WIDGET > .hexboard--hindering { color: $success-lighten-1; }
WIDGET > .hexboard--blocking { color: $foreground-darken-1; text-style: bold; }
WIDGET > .hexboard--shallow { color: $secondary-lighten-1; }
WIDGET > .hexboard--deep { color: $secondary-darken-1; text-style: bold; }
WIDGET > .hexboard--elevated { color: $warning; text-style: bold; }
"""
"""The colours of the terrain roles, for ``WIDGET`` = a board or legend widget class."""

_ELEVATION = {(True, False): "^", (True, True): "A"}
"""AOD-26.12: the elevation mark, by (elevated, abrupt)."""


def terrain_face(terrain: HexTerrain, *, ascii_only: bool) -> HexFace:
    """How a hex of this terrain is drawn: the type's texture and the elevation mark (AOD-26.12)."""
    glyph = GLYPHS.get(terrain.type)
    face = HexFace() if glyph is None else glyph.face(ascii_only=ascii_only)
    mark = _ELEVATION.get((terrain.elevated, terrain.abrupt), "")
    tags = (("^^" if not terrain.abrupt else "AA", "elevated"),) if mark else ()
    return HexFace(face.role, face.upper, face.lower, tags, "")


def describe_hex(board: TerrainMap, where: Hex) -> str:
    """A hex in words for the status line: "1013 hindering, elevated (abrupt)"."""
    terrain = board.get(where)
    if terrain is None:
        return f"{where.label} off the board"
    words = [terrain.type.value]
    if terrain.type is TerrainType.SHALLOW or terrain.type is TerrainType.DEEP:
        words = [f"{terrain.type.value} water"]
    if terrain.elevated:
        words.append("elevated, abrupt" if terrain.abrupt else "elevated")
    return f"{where.label} {', '.join(words)}"


def legend_rows(*, ascii_only: bool = False) -> list[LegendRow]:
    """Each legend row of an AoD board: the sample as styled runs, its meaning."""
    rows: list[LegendRow] = [
        (((g.texture(g.upper, ascii_only=ascii_only)[:4], (g.role,)),), g.name)
        for g in GLYPHS.values()
    ]
    rows.append(((("^^", ("elevated",)),), "elevated (AA: abrupt)"))
    return unit_rows(ascii_only=ascii_only, cost="hexes to reach", terrain=rows)


@frozen
class AoDBoardView:
    """An AoD `TerrainMap` as the hex board draws it (`tui.widgets.board_view.BoardView`)."""

    board: TerrainMap

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
        return self.board.width

    @property
    def height(self) -> int:
        """Hex rows."""
        return self.board.height

    def face(self, where: Hex, *, ascii_only: bool) -> HexFace:
        """How a hex is drawn (`terrain_face`)."""
        terrain = self.board.get(where)
        return HexFace() if terrain is None else terrain_face(terrain, ascii_only=ascii_only)

    def describe(self, where: Hex) -> str:
        """The hex in words (`describe_hex`)."""
        return describe_hex(self.board, where)


_PENDING: Final = ("artillery", "artillery_markers", "markers")
"""The state fields that may hold pending artillery markers (AOD-13.3), by the name they get."""
_AT: Final = ("dot", "hex", "centre", "center", "target", "where")
"""Where a marker may keep its hex: the artillery rules put it on its dot (AOD-26.9)."""


def artillery_marks(state: AoDState) -> dict[Hex, str]:
    """Pending artillery markers (AOD-13.3, AOD-26.12 overlays): each marker's hex, marked AR.

    The markers are kept by the artillery rules' state field; this reads any tuple of markers
    that name their hex, so the board shows them as soon as the state holds them.
    """
    found: dict[Hex, str] = {}
    for name in _PENDING:
        pending = getattr(state, name, None)
        if not isinstance(pending, tuple):
            continue
        for marker in pending:
            where = next((v for a in _AT if isinstance(v := getattr(marker, a, None), Hex)), None)
            if where is not None:
                found[where] = "AR"
    return found


def unit_letter(unit: UnitDef, owner: int, altitude: Altitude = Altitude.NOE) -> str:
    """AOD-26.12: M Q V H W I; the first player's upper case, the others' lower case after the 2nd.

    The digest gives player 1 upper case and player 2 lower case; players 3 and 4 are told apart
    by colour only, so they take upper case too.
    """
    if unit.is_mech:
        letter = "Q" if unit.speed_mode is SpeedMode.QUAD else "M"
    elif unit.speed_mode is SpeedMode.VTOL:
        letter = "W" if altitude is Altitude.CRUISING else "H"
    elif unit.unit_type.value == "infantry":
        letter = "I"
    else:
        letter = "V"
    return letter.lower() if owner == 1 else letter


def unit_markers(state: AoDState, selected: int | None = None) -> list[UnitMarker]:
    """Every unit on the board as a marker: letter, facing, owner's colour, the selected one."""
    markers = []
    for index, unit in enumerate(state.units):
        if not unit.on_board or unit.hex is None:
            continue
        letter = unit_letter(state.definition(index), unit.owner, unit.altitude)
        markers.append(
            UnitMarker(
                unit.hex,
                letter,
                unit.facing,
                side=unit.owner % 4,
                prone=unit.dial.shutdown,
                selected=index == selected,
            )
        )
    return markers


class AoDBoard(HexBoard, inherit_bindings=False):
    """The play screen's board: an AoD map in colour; the arrows move, Enter picks a hex.

    The letters are left to the orders (m v f c a ...), so the board binds none of them.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"hexboard--{role}" for role in TERRAIN_ROLES}
    DEFAULT_CSS = TERRAIN_CSS.replace("WIDGET", "AoDBoard")
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
            tooltip="Pick the cursor hex: deploy, select a unit, a destination, a target; confirm",
        ),
        Binding("home", "centre", "Centre", show=False, tooltip="Scroll the cursor to the middle"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Arrows | Move the cursor (Left and Right keep the row number). |
    | Enter | Pick the cursor hex: deploy, select the unit there, move or aim there, confirm. |
    | Home | Scroll the cursor to the middle of the view. |
    """

    def show_board(self, board: TerrainMap) -> None:
        """Show ``board`` (the same map object again changes nothing)."""
        view = self.view
        if isinstance(view, AoDBoardView) and view.board is board:
            return
        self.set_view(AoDBoardView(board))


class AoDLegend(HexLegend):
    """The key of an AoD board: every terrain glyph and board mark in its colour, named."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"hexboard--{role}" for role in TERRAIN_ROLES}
    DEFAULT_CSS = TERRAIN_CSS.replace("WIDGET", "AoDLegend")

    def __init__(self, board: TerrainMap, *, ascii_only: bool = False) -> None:
        """Explain ``board``'s glyphs (ASCII ones when ``ascii_only``)."""
        super().__init__(AoDBoardView(board), ascii_only=ascii_only)
