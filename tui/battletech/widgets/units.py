"""The units of every side in a side panel: letter, name, hex, facing and what each has done.

    Davion (to move: 1)
    > G Griffin GRF-1N     0805 SE  moved
      H Hunchback HBK-4G   0902 S   to move
    Kurita
      s Shadow Hawk SHD-2H 0815 N   prone
      w Wolverine WVR-6R   --       destroyed

The selected unit is marked ``>``; the side to act says how many units its slot still moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from attrs import frozen
from rich.text import Text

from engine.battletech.rules.aboard import carrier_of
from engine.battletech.rules.flow import pending
from engine.battletech.rules.turn import declarers
from engine.battletech.state import Phase
from tui.battletech.kind_words import ejected, kind_status
from tui.battletech.widgets._panel import BTPanel

if TYPE_CHECKING:
    from collections.abc import Collection

    from rich.style import Style

    from engine.battletech.state import BTState, UnitState

__all__ = ["UnitList", "UnitRow", "UnitsData", "render_units", "unit_status", "units_data"]

NAME = 19
"""Width of a unit's name in the list."""
COMPACT_NAME = 11
"""Width of a unit's chassis in the compact list (it has no room for the model)."""


@frozen
class UnitRow:
    """One line of the list."""

    index: int
    letter: str
    name: str
    side: int
    chassis: str
    where: str
    status: str
    selected: bool = False
    """The unit being ordered (marked ``>``)."""
    waiting: bool = False
    """Still to act this phase (drawn brighter than the ones that have)."""


@frozen
class UnitsData:
    """Every side's name, who acts and how many, and the rows."""

    sides: tuple[str, ...]
    rows: tuple[UnitRow, ...]
    acting: int | None = None
    count: int = 0


def _out_word(unit: UnitState) -> str | None:
    """The word for a unit out of the game (ejected, destroyed, withdrew), or None."""
    flags = {"ejected": ejected(unit), "destroyed": unit.destroyed, "withdrew": unit.withdrawn}
    return next((word for word, flag in flags.items() if flag), None)


def unit_status(
    state: BTState,
    unit: UnitState,
    index: int | None = None,
    declaring: Collection[int] | None = None,
) -> str:
    """One word or two on a unit this phase: to move, moving, moved, prone, down, destroyed.

    In the attack phases (``index`` given): to declare, attacks, no attack. ``declaring`` are the
    units still to declare (`engine.battletech.rules.turn.declarers`), when the caller has them
    already: finding them weighs every unit's fire options.
    """
    gone = _out_word(unit)
    if gone is not None:
        return gone
    if unit.hex is None:
        return "aboard" if carrier_of(unit) is not None else "to deploy"  # BT-C-35.13
    words = [*_phase_words(state, unit, index, declaring)]
    if not unit.is_mech:
        words += kind_status(unit)  # "immobile", "men 17/28", "troopers 3/4"
        return ", ".join(words) or "ready"
    if unit.mech.shutdown:
        words.append("shut down")
    if unit.mech.prone:
        words.append("prone")
    if not unit.mech.conscious:
        words.append("out cold")
    return ", ".join(words) or "ready"


def _phase_words(
    state: BTState, unit: UnitState, index: int | None, declaring: Collection[int] | None
) -> list[str]:
    """What the unit has done in this phase: moved, stood; declared an attack or not."""
    if state.phase in {Phase.WEAPON, Phase.PHYSICAL}:
        if unit.declared:
            fired = any(a.attacker == index for a in state.attacks)
            return ["attacks" if fired else "no attack"]
        if index is not None and declaring is None:
            declaring = declarers(state)
        return ["to declare"] if index is not None and index in (declaring or ()) else []
    if state.phase is not Phase.MOVEMENT:
        return []
    movement = unit.movement
    if movement is None:
        return ["to move"]
    if not movement.done:
        return ["moving"]
    return [{"still": "stood"}.get(movement.mode.value, "moved")]


def units_data(state: BTState, letters: tuple[str, ...], selected: int | None) -> UnitsData:
    """Build the list's rows from a state."""
    waiting = set(pending(state)) if state.phase is Phase.MOVEMENT else set()
    declaring: set[int] = set()
    if state.phase in {Phase.WEAPON, Phase.PHYSICAL}:
        waiting = declaring = set(declarers(state))  # once: each weighs every fire option
    if state.phase is Phase.DEPLOYMENT:
        waiting = {i for i, u in enumerate(state.units) if u.hex is None and not u.destroyed}
    rows = []
    for index, unit in enumerate(state.units):
        where = "--"
        if unit.hex is not None and not unit.destroyed:
            where = f"{unit.hex.label} {unit.facing.name}"
        rows.append(
            UnitRow(
                index,
                letters[index],
                unit.design.name,
                unit.side,
                unit.design.chassis,
                where,
                unit_status(state, unit, index, declaring),
                selected=index == selected,
                waiting=index in waiting or index == state.active,
            )
        )
    side = state.side_to_act
    count = state.slots[0][1] if state.slots and state.active is None else 1
    return UnitsData(state.sides, tuple(rows), side, count if side is not None else 0)


def render_units(data: UnitsData, styles: dict[str, Style], *, compact: bool = False) -> Text:
    """Draw the list, a heading per side.

    Args:
        data: the rows.
        styles: role -> style (``side-0`` .. ``side-3``, ``acting``, ``unit``, ``done``,
            ``selected``, ``gone``, ``label``).
        compact: shorter names (80 x 24).

    Returns:
        The list.
    """
    lines: list[Text] = []
    for side, name in enumerate(data.sides):
        heading = Text(name, styles.get(f"side-{side % 4}", ""))
        if side == data.acting:
            plural = "s" if data.count != 1 else ""
            heading.append(f"  to act: {data.count} unit{plural}", styles.get("acting", ""))
        lines.append(heading)
        lines.extend(_line(row, styles, compact=compact) for row in data.rows if row.side == side)
    return Text("\n").join(lines)


def _line(row: UnitRow, styles: dict[str, Style], *, compact: bool) -> Text:
    """One unit: marker, letter, name, hex (and facing), status."""
    if row.status in {"ejected", "destroyed", "withdrew"}:
        role = "gone"
    elif row.waiting:
        role = "unit"
    else:
        role = "done"
    name, where, width = row.name, row.where, NAME
    if compact:  # 80 x 24: the chassis, the hex without the facing
        name, where, width = row.chassis, row.where.split()[0], COMPACT_NAME
    line = Text("> " if row.selected else "  ", styles.get("selected", ""))
    line.append(row.letter, styles.get(f"side-{row.side % 4}", ""))
    line.append(f" {name[:width]:<{width}} ", styles.get(role, ""))
    line.append(f"{where:<{5 if compact else 8}}", styles.get("label", ""))
    line.append(f" {row.status}", styles.get(role, ""))
    if row.selected:
        line.stylize(styles.get("selected", ""))
    return line


class UnitList(BTPanel[UnitsData]):
    """Both sides' units, the selected one marked."""

    PREFIX = "bt-units"
    ROLES: ClassVar[tuple[str, ...]] = (
        "side-0",
        "side-1",
        "side-2",
        "side-3",
        "acting",
        "unit",
        "done",
        "selected",
        "gone",
        "label",
    )
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"bt-units--{role}" for role in ROLES}
    """
    | Class | Description |
    | :- | :- |
    | `bt-units--side-0` .. `-3` | A side's name and its units' letters. |
    | `bt-units--acting` | "to act: N units" beside the side whose slot it is. |
    | `bt-units--unit` | A unit still to act. |
    | `bt-units--done` | A unit that has acted this phase. |
    | `bt-units--selected` | The selected unit's line. |
    | `bt-units--gone` | A destroyed unit. |
    | `bt-units--label` | Hex and facing. |
    """

    DEFAULT_CSS = """
    UnitList { height: auto; width: 1fr; }
    UnitList > .bt-units--side-0 { color: $error-lighten-1; text-style: bold; }
    UnitList > .bt-units--side-1 { color: $secondary-lighten-2; text-style: bold; }
    UnitList > .bt-units--side-2 { color: $success; text-style: bold; }
    UnitList > .bt-units--side-3 { color: $warning; text-style: bold; }
    UnitList > .bt-units--acting { color: $accent; text-style: not bold; }
    UnitList > .bt-units--unit { color: $foreground; }
    UnitList > .bt-units--done { color: $text-muted; }
    UnitList > .bt-units--selected { text-style: bold; }
    UnitList > .bt-units--gone { color: $text-muted; text-style: strike; }
    UnitList > .bt-units--label { color: $text-muted; }
    """

    def draw(self, data: UnitsData, styles: dict[str, Style]) -> Text:
        """Draw the list."""
        return render_units(data, styles, compact=self.compact)
