r"""Board glyphs that tell the kinds of unit apart (issue 20 item 6).

A 'Mech's token on the board is its letter and its facing mark (`tui.widgets.hexboard`,
``BoardPicture._token``): ``A↗``, ``↙B``, and a prone 'Mech's ``_`` on the side the facing mark does
not use. Vehicles, platoons and battle armor never lie prone, so their **kind mark** takes that
cell: the letter stays between the two marks and the token stays three cells wide at most::

    A↗      a 'Mech (no mark; ``_A↗`` when prone)
    ≡A↗     a tracked vehicle          ASCII  =A/
    ∘A↗     a wheeled vehicle                 @A/
    ≈A↗     a hover vehicle                   ~A/
    ✱A↗     a VTOL                            *A/
    ⁝A↗     an infantry platoon               :A/
    ▪A↗     a battle armor squad              #A/

No mark is one of the other glyphs of a hex's upper line (facing marks ``^ / \ v``, prone ``_``,
pointer ``>``, more units ``+``, path end ``o``), a letter or a digit; the texture is left out
where a unit stands. Each mark is drawn in the side's colour, like the letter.

Where it is drawn: `UnitMarker.kind` (`tui.widgets.hexboard`) is set by
`tui.battletech.widgets.scene.unit_markers` and ``ghost_marker`` with ``kind_glyph(unit.design)``;
``BoardPicture._token`` draws it where the prone mark goes (roles ``(side, "kind")``, the
``hexboard--kind`` class). The legend's rows (`legend_rows`) follow the "Units" rows in
`tui.battletech.board_view.legend_rows`, shown only when the board shows a kind mark.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.battletech.designs.battle_armor import BattleArmorDesign
from engine.battletech.designs.infantry import InfantryDesign
from engine.battletech.designs.vehicle import Motion, VehicleDesign
from engine.hexes import Facing
from tui.widgets.board_view import Glyph
from tui.widgets.hexboard_legend import ARROWS, PRONE

if TYPE_CHECKING:
    from tui.widgets.board_view import LegendRow

__all__ = [
    "KIND_GLYPHS",
    "KIND_ROLE",
    "kind_glyph",
    "kind_key",
    "legend_rows",
    "token",
]

KIND_ROLE: Final = "kind"
"""The style role of a kind mark (``hexboard--kind``), painted over the side's colour."""
KIND_GLYPHS: Final = {
    "tracked": Glyph(KIND_ROLE, "tracked vehicle", "≡", "="),
    "wheeled": Glyph(KIND_ROLE, "wheeled vehicle", "∘", "@"),
    "hover": Glyph(KIND_ROLE, "hover vehicle", "≈", "~"),
    "VTOL": Glyph(KIND_ROLE, "VTOL (flying or crashed)", "✱", "*"),
    "infantry": Glyph(KIND_ROLE, "infantry platoon", "⁝", ":"),
    "battle armor": Glyph(KIND_ROLE, "battle armor squad", "▪", "#"),
}
"""The mark of each kind that is not a 'Mech, by `kind_key`, in the legend's order."""


def kind_key(design: object) -> str:
    """The kind of a design: "mech", a vehicle's motion, "infantry" or "battle armor".

    Anything that is not a vehicle, platoon or squad design is a 'Mech (today's `MechDesign`).
    """
    if isinstance(design, VehicleDesign):
        return str(design.motion) if design.motion is not Motion.VTOL else "VTOL"
    if isinstance(design, InfantryDesign):
        return "infantry"
    if isinstance(design, BattleArmorDesign):
        return "battle armor"
    return "mech"


def kind_glyph(design: object) -> Glyph | None:
    """The kind mark of a design's token; None for a 'Mech (it has none)."""
    return KIND_GLYPHS.get(kind_key(design))


def token(
    letter: str,
    facing: Facing,
    kind: Glyph | None = None,
    *,
    prone: bool = False,
    ascii_only: bool = False,
) -> str:
    """The token as the board draws it: the letter between its facing mark and its kind mark.

    The facing mark goes on the side it points to (west-going marks on the left, so that ASCII
    ``/`` reads NE on the right and SW on the left); the kind mark, or a prone 'Mech's ``_``,
    on the other side. A unit with a kind mark is never prone (only 'Mechs fall, BT-M-24): if
    both are given, the prone mark wins, as the board would show the fall.

    Args:
        letter: the unit's board letter (its first character is drawn; "?" when empty).
        facing: the hexside it faces.
        kind: its kind mark (`kind_glyph`), None for a 'Mech.
        prone: a prone 'Mech.
        ascii_only: the ASCII glyphs.

    Returns:
        Two or three characters.
    """
    mark = ARROWS[facing].char(ascii_only=ascii_only)
    west = facing in (Facing.SW, Facing.NW)
    text = f"{mark}{letter[:1] or '?'}" if west else f"{letter[:1] or '?'}{mark}"
    other = PRONE if prone else kind
    if other is None:
        return text
    side = other.char(ascii_only=ascii_only)
    return f"{text}{side}" if west else f"{side}{text}"


def legend_rows(*, ascii_only: bool = False, side: int = 0) -> list[LegendRow]:
    """The legend's rows for the kinds of unit: a heading, then a sample token of each kind.

    The samples face N in the colour of ``side``, styled ``kind`` over it (a bold that changes
    nothing of a token's look), so that the legend keeps these rows only when the board shows a
    kind mark (`tui.widgets.hexboard_legend.REQUIRED_ROLES`): a game of 'Mechs has no such rows.
    """
    north = ARROWS[Facing.N].char(ascii_only=ascii_only)
    roles = (f"side-{side % 4}", KIND_ROLE)
    rows: list[LegendRow] = [
        ((), "Kinds of unit"),
        (((f"A{north}", roles),), "'Mech: no mark beside the letter"),
    ]
    rows.extend(
        (
            ((glyph.char(ascii_only=ascii_only), roles), (f"A{north}", roles)),
            glyph.name,
        )
        for glyph in KIND_GLYPHS.values()
    )
    return rows
