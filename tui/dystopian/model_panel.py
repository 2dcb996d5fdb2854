"""The model panel of the DW play screen: the card of the selected model and its state.

DW-28.13 item 16 and DW-4: the stat line (size, MV, minimum move, turn, DR, CR, HP, AP, AA, CC,
RR), the hull left with its Hull Damage markers (DW-16.1), the other markers of DW-5 (criticals
of DW-16.2, Raging Fire, All Stop, Break...), the MARs, and each weapon by its arc with its
attack dice in each range band (DW-4.1, DW-15.2), the dice after damage where they are fewer
(DW-15.3, DW-16.2). `panel_lines` builds the text and is tested without the widget.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from textual.widgets import Static

from engine.dystopian.combat import weapon_ad
from engine.dystopian.combat_segment import shooter
from tui.dystopian.generator_view import generator_lines

if TYPE_CHECKING:
    from engine.dystopian.models import Weapon
    from engine.dystopian.state import DWState, Markers

__all__ = ["ModelPanel", "marker_words", "panel_lines", "weapon_line"]

_FLAGS: Final = (
    ("all_stop", "All Stop"),
    ("reversing", "reversing"),
    ("broken", "Break"),
    ("half_ad", "Weapons Damaged (half AD)"),
    ("half_mv", "Engine Failure (half MV)"),
    ("shattered", "Shattered Defences"),
    ("chaos", "Chaos & Disarray"),
    ("generators_offline", "Generators Offline"),
    ("nav_lock", "Navigation Lock"),
    ("fusion_leak", "Fusion Leak"),
    ("derelict", "derelict"),
    ("prize", "prize"),
    ("sonic", "Sonic stun (-2 AD, AA, CC, MD)"),
)
"""DW-5 / DW-16.2: the yes-or-no markers, in the panel's words."""
_COUNTS: Final = (
    ("fires", "Raging Fire"),
    ("corrosion", "Corrosion"),
    ("assault_damage", "Assault Damage"),
)


def marker_words(markers: Markers) -> list[str]:
    """Every marker a model carries, in words ("Raging Fire x2", "Navigation Lock")."""
    words = [name for field, name in _FLAGS if getattr(markers, field)]
    for field, name in _COUNTS:
        count = getattr(markers, field)
        if count:
            words.append(f"{name} x{count}" if count > 1 else name)
    return words


def weapon_line(weapon: Weapon, now: str | None = None) -> str:
    """One weapon: name, kind, arc and the AD per band (``8/6/3/-``), the AD now when fewer."""
    arc = weapon.arc.value
    reduced = "" if now is None else f" (now {now})"
    return f"{weapon.name}: {weapon.kind.value}, {arc}, {weapon.shown}{reduced}"


def panel_lines(state: DWState, index: int, *, compact: bool = False) -> list[str]:
    """The selected model's card and state, a line each (DW-4, DW-5, DW-16)."""
    model, card = state.models[index], state.card(index)
    player = state.players[model.owner]
    lines = [f"{model.ident} {card.name} ({player})"]
    where = (
        "lost"
        if model.lost
        else "waiting to deploy"
        if model.hex is None
        else f"{model.hex.label} facing {model.facing.name}, {model.level.value}"
    )
    lines.append(where)
    role = ", Commodore" if model.commodore else ", escort" if model.escort else ""
    capital = " capital" if card.capital else ""
    lines.append(f"{card.size.value}{capital} {card.type.value}, {model.points} pts{role}")
    lines.append(
        f"MV {card.mv} min {card.min_move} turn {card.turn.value}  RR {card.rr}"
        if not compact
        else f"MV {card.mv}/{card.min_move} {card.turn.value} RR {card.rr}"
    )
    lines.append(f"DR {card.dr} CR {card.cr}  AP {card.ap} AA {card.aa} CC {card.cc}")
    left = max(card.hp - model.hull_damage, 0)
    boxes = "#" * left + "x" * min(model.hull_damage, card.hp)
    lines.append(f"HP {left}/{card.hp} {boxes}")
    markers = marker_words(model.markers)
    if markers:
        lines.append("Markers: " + ", ".join(markers))
    if card.mars and not compact:
        lines.append("MARs: " + ", ".join(str(m) for m in card.mars))
    lines += generator_lines(state, index)
    lines.append("Weapons (AD RB1/RB2/RB3/RB4):")
    firing = shooter(state, index)
    for weapon in card.weapons:
        now = [weapon_ad(firing, weapon, band) for band in range(1, len(weapon.ad) + 1)]
        printed = [v or 0 for v in weapon.ad]
        fewer = "/".join(str(v) if v else "-" for v in now) if now != printed else None
        lines.append("  " + weapon_line(weapon, fewer))
    return lines


class ModelPanel(Static):
    """The selected model's card and state (`panel_lines`), or a hint when none is selected."""

    DEFAULT_CSS = """
    ModelPanel {
        height: auto;
    }
    """

    def show(self, lines: list[str] | None) -> None:
        """Show the panel's lines (None: nothing selected)."""
        self.update("\n".join(lines) if lines else "No model selected (Tab).")
