"""Keys for the orders that used to need the command line (BT-C-19, 57/60, 59, 58, 52).

Aimed shots, fire at a hex, ejecting, dumping ammunition and switching heat sinks.

`SpecialOrders` is owned by the play screen (``screen.special``); `SpecialOrderActions` is a mixin
that gives the screen its five actions. The keys:

| Key | When | What |
| :- | :- | :- |
| A | Weapons, a target shown | Aimed shot at an immobile 'Mech: choose the location (1-8). |
| H | Weapons | Fire at the cursor hex (woods, building, ice): choose the weapons (1-0). |
| E | Movement, a unit not yet moved | The MechWarrior ejects (asks first: the 'Mech is lost). |
| D | Initiative (the End phase's orders) | Dump ammunition bins during the next turn (asks). |
| S | Initiative (the End phase's orders) | Switch heat sinks off or back on. |

Each dialog shows the engine's numbers and reasons (`tohit.weapon_to_hit`, `sinks.can_switch`)
and gives one command through the screen's ``execute``; nothing here changes the game itself.
Aimed and hex shots are given with the weapons already chosen at units: the dialog's ``c``
declares the whole declaration.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from engine.battletech.commands import DumpAmmo, Eject, FireWeapons, Shot, SwitchHeatSinks
from engine.battletech.data.catalogue import SPECS, AmmoSpec
from engine.battletech.designs.mech import Location
from engine.battletech.kinds import infantry
from engine.battletech.narrate.words import modifiers_text
from engine.battletech.rules import sinks
from engine.battletech.rules.heat import dissipation
from engine.battletech.rules.kindfire import kind_of
from engine.battletech.rules.tohit import weapon_spec, weapon_to_hit
from engine.battletech.state import Phase
from tests.engine.battletech._build import evolved_unit
from tui.battletech.indirect_fire import area_words, spotter_for
from tui.battletech.widgets.targeting import KEYS, fire_command, weapons_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import ComposeResult
    from textual.binding import BindingType

    from engine.battletech.state import BTState, UnitState
    from engine.hexes import Hex
    from tui.battletech.screen import BattleTechScreen

__all__ = [
    "SPECIAL_ACTIONS",
    "SPECIAL_BINDINGS",
    "AimedShotScreen",
    "DumpScreen",
    "HexFireScreen",
    "SinksScreen",
    "SpecialOrderActions",
    "SpecialOrders",
    "end_phase_lines",
]

SPECIAL_BINDINGS: list[BindingType] = [
    Binding("A", "aimed", "Aimed", tooltip="Aimed shot at an immobile 'Mech (BT-C-19)"),
    Binding("H", "hex_fire", "Hex", tooltip="Fire at the cursor hex: woods, building, ice"),
    Binding("E", "eject", "Eject", tooltip="The MechWarrior ejects instead of moving (BT-C-59)"),
    Binding("D", "dump", "Dump", tooltip="End phase: dump ammunition next turn (BT-C-58)"),
    Binding("S", "sinks", "Sinks", tooltip="End phase: switch heat sinks off or on (BT-C-52)"),
]
"""The five keys, for the screen's BINDINGS."""

SPECIAL_ACTIONS = frozenset({"aimed", "hex_fire", "eject", "dump", "sinks"})
"""Their actions: they act in some input modes only (`SpecialOrders.keys`)."""

AIMABLE = (
    Location.HD,
    Location.CT,
    Location.LT,
    Location.RT,
    Location.LA,
    Location.RA,
    Location.LL,
    Location.RL,
)
"""The locations of an aimed shot, in the order of the keys 1-8."""


def _name(screen: BattleTechScreen, index: int) -> str:
    return screen.name_of(index)


def _ammo_bins(unit: UnitState) -> list[tuple[int, str, int]]:
    """(equipment index, name, shots left) of every bin with shots in it."""
    found = []
    for index, item in enumerate(unit.mech_design.equipment):
        if isinstance(SPECS.get(item.name), AmmoSpec) and unit.ammo[index] > 0:
            found.append((index, item.name, unit.ammo[index]))
    return found


def end_phase_lines(*, compact: bool = False) -> list[tuple[str, str]]:
    """The Orders panel's lines for the End phase's orders (before the initiative roll)."""
    if compact:
        return [("D dump ammo  S heat sinks", "keys")]
    return [("End phase orders: D dump ammunition, S heat sinks (BT-C-58, BT-C-52)", "keys")]


# ---------------------------------------------------------------------------- dialogs
class _Dialog(ModalScreen[object]):
    """A small dialog: a title and lines redrawn after each key; Escape closes it."""

    DEFAULT_CSS = """
    _Dialog {
        align: center middle;
        background: $background 60%;
    }
    _Dialog > Vertical {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 0 1;
        border: thick $warning;
        background: $surface;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,n", "close", "Cancel", tooltip="Close: give nothing"),
    ]

    def compose(self) -> ComposeResult:
        """The body and the footer."""
        with Vertical():
            yield Static(self.body(), id="bt-special-body", markup=False)
        yield Footer()

    def body(self) -> str:
        """The dialog's text now."""
        raise NotImplementedError

    def refresh_body(self) -> None:
        """Redraw the text after a key."""
        self.query_one("#bt-special-body", Static).update(self.body())

    def action_close(self) -> None:
        """Give nothing."""
        self.dismiss(None)


class HexFireScreen(_Dialog):
    """BT-C-57/60/61.2: choose the weapons that fire at a hex; ``c`` declares everything."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(k, f"choose('{k}')", "Weapon", show=k == "1", key_display="1-0") for k in KEYS),
        Binding("c,enter,y", "give", "Declare", tooltip="Declare: these and the other weapons"),
        Binding("escape,n", "close", "Cancel", tooltip="Close: give nothing"),
    ]

    def __init__(self, screen: BattleTechScreen, base: FireWeapons, where: Hex) -> None:
        """Aim ``base``'s unit at ``where`` (``base``: the declaration keyed so far)."""
        super().__init__()
        self.screen_ = screen
        self.base = base
        self.where = where
        self.chosen: list[int] = []

    def _rows(self) -> list[tuple[str, int, str]]:
        state = self.screen_.game.state
        unit = state.units[self.base.unit]
        rows = []
        for number, weapon in enumerate(weapons_of(unit)[: len(KEYS)]):
            spec = weapon_spec(unit, weapon)
            to_hit = weapon_to_hit(
                state,
                self.base.unit,
                weapon,
                self.where,
                twist=self.base.twist,
                flipped=self.base.flip_arms,
                spotter=spotter_for(state, self.base.unit, weapon, self.where),  # BT-C-16
            )
            said = f"to-hit {to_hit.number}" if to_hit.possible else f"cannot: {to_hit.reason}"
            if to_hit.possible and (area := area_words(state, self.base.unit, weapon)):
                said += f" ({modifiers_text(to_hit.modifiers)}; {area})"  # BT-C-67
            name = spec.name if spec is not None else "?"
            rows.append((KEYS[number], weapon, f"{name} #{weapon + 1}: {said}"))
        return rows

    def body(self) -> str:
        """The weapons with their numbers at the hex."""
        terrain = self.screen_.game.state.board.get(self.where)
        what = "woods" if terrain is not None and terrain.woods else "building or ice"
        if terrain is not None and not (terrain.woods or terrain.building or terrain.ice):
            what = "open ground: artillery only"
        lines = [
            (
                f"Fire at the hex {self.where.label} ({what}): clear it, set it on fire"
                " (BT-C-57/60); artillery shells any hex (BT-C-67)"
            ),
            *(
                f"{key} [{'x' if w in self.chosen else ' '}] {text}"
                for key, w, text in self._rows()
            ),
        ]
        others = [s for s in self.base.shots if s.weapon not in self.chosen]
        if others:
            lines.append(f"with {len(others)} weapon(s) chosen at units")
        lines.append("1-0: choose  c: declare  Esc: back")
        return "\n".join(lines)

    def action_choose(self, key: str) -> None:
        """Choose a weapon, or take it back (one that cannot fire says why)."""
        row = next((r for r in self._rows() if r[0] == key), None)
        if row is None:
            return
        _, weapon, text = row
        if weapon in self.chosen:
            self.chosen.remove(weapon)
        elif "cannot:" in text:
            self.notify(text, severity="warning")
            return
        else:
            self.chosen.append(weapon)
        self.refresh_body()

    def action_give(self) -> None:
        """Close with the declaration: the shots at units kept, these at the hex."""
        if not self.chosen:
            self.notify("Choose a weapon first (1-0), or Esc", severity="warning")
            return
        state = self.screen_.game.state
        kept = tuple(s for s in self.base.shots if s.weapon not in self.chosen)
        unit = self.base.unit
        shots = (
            *kept,
            *(
                Shot(w, hex=self.where, spotter=spotter_for(state, unit, w, self.where))
                for w in self.chosen
            ),
        )
        primary = self.base.primary if kept else None
        self.dismiss(attrs.evolve(self.base, shots=shots, primary=primary))


class AimedShotScreen(_Dialog):
    """BT-C-19: the location aimed at by the weapons chosen at an immobile 'Mech."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(str(n + 1), f"pick({n})", "Location", show=n == 0, key_display="1-8")
            for n in range(len(AIMABLE))
        ),
        Binding("c,enter,y", "give", "Declare", tooltip="Declare with the aimed shot"),
        Binding("escape,n", "close", "Cancel", tooltip="Close: give nothing"),
    ]

    def __init__(self, screen: BattleTechScreen, base: FireWeapons, target: int) -> None:
        """Aim ``base``'s shots at ``target`` at one location."""
        super().__init__()
        self.screen_ = screen
        self.base = base
        self.target = target
        self.location: Location | None = None

    def _numbers(self, location: Location) -> list[str]:
        state = self.screen_.game.state
        said = []
        for shot in self.base.shots:
            if shot.target != self.target:
                continue
            to_hit = weapon_to_hit(
                state,
                self.base.unit,
                shot.weapon,
                self.target,
                twist=self.base.twist,
                flipped=self.base.flip_arms,
                aimed=location,
            )
            spec = weapon_spec(state.units[self.base.unit], shot.weapon)
            name = spec.name if spec is not None else "?"
            value = str(to_hit.number) if to_hit.possible else "not aimed"
            said.append(f"{name} {value}")
        return said

    def body(self) -> str:
        """The locations, each with the numbers of the chosen weapons."""
        lines = [f"Aimed shot at {_name(self.screen_, self.target)} (immobile, BT-C-19):"]
        lines.append("a roll of 6, 7 or 8 hits the location; the head is +3, not -4")
        for n, location in enumerate(AIMABLE):
            mark = ">" if location is self.location else " "
            numbers = ", ".join(self._numbers(location))
            lines.append(f"{mark}{n + 1} {location.value}: {numbers}")
        lines.append("1-8: the location  c: declare  Esc: back")
        return "\n".join(lines)

    def action_pick(self, number: int) -> None:
        """Choose the location."""
        self.location = AIMABLE[number]
        self.refresh_body()

    def action_give(self) -> None:
        """Close with the declaration: the weapons that may aim do (missiles never, BT-C-19)."""
        location = self.location
        if location is None:
            self.notify("Choose a location first (1-8), or Esc", severity="warning")
            return
        state = self.screen_.game.state
        shots = []
        for shot in self.base.shots:
            aimed = None
            if shot.target == self.target:
                number = weapon_to_hit(
                    state,
                    self.base.unit,
                    shot.weapon,
                    self.target,
                    twist=self.base.twist,
                    flipped=self.base.flip_arms,
                    aimed=location,
                )
                aimed = location if number.possible else None
            shots.append(attrs.evolve(shot, aimed=aimed))
        self.dismiss(attrs.evolve(self.base, shots=tuple(shots)))


class _UnitDialog(_Dialog):
    """A dialog about one unit of several; Tab shows the next."""

    def __init__(self, screen: BattleTechScreen, units: tuple[int, ...]) -> None:
        super().__init__()
        self.screen_ = screen
        self.units = units
        self.at = 0

    @property
    def unit(self) -> int:
        """The unit shown."""
        return self.units[self.at]

    def action_next(self) -> None:
        """The next unit."""
        self.at = (self.at + 1) % len(self.units)
        self.reset()
        self.refresh_body()

    def reset(self) -> None:
        """Forget the choices made for the unit shown before."""


class DumpScreen(_UnitDialog):
    """BT-C-58: choose the bins a unit dumps during the next turn; ``y`` gives it (for good)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(k, f"choose('{k}')", "Bin", show=k == "1", key_display="1-9") for k in KEYS[:9]),
        Binding("tab", "next", "Unit", tooltip="The next unit"),
        Binding("y", "give", "Dump", tooltip="Dump the chosen bins: the ammunition is lost"),
        Binding("escape,n", "close", "Cancel", tooltip="Close: dump nothing"),
    ]

    def __init__(self, screen: BattleTechScreen, units: tuple[int, ...]) -> None:
        """Dump for one of ``units`` (Tab: the next)."""
        super().__init__(screen, units)
        self.chosen: list[int] = []

    def reset(self) -> None:
        """A new unit: nothing chosen."""
        self.chosen = []

    def body(self) -> str:
        """The unit's bins with shots in them."""
        unit = self.screen_.game.state.units[self.unit]
        lines = [
            f"Dump ammunition: {_name(self.screen_, self.unit)}"
            + ("  (Tab: next unit)" if len(self.units) > 1 else ""),
            "emptied during the next turn, lost for good; no running or jumping meanwhile",
        ]
        bins = _ammo_bins(unit)
        if not bins:
            lines.append("no ammunition aboard")
        for n, (index, name, shots) in enumerate(bins[:9]):
            mark = "x" if index in self.chosen else " "
            lines.append(f"{n + 1} [{mark}] {name} #{index + 1}: {shots} shots")
        if unit.dumping:
            lines.append("already dumping: " + ", ".join(f"#{b + 1}" for b in sorted(unit.dumping)))
        lines.append("1-9: choose  y: DUMP them  n/Esc: keep everything")
        return "\n".join(lines)

    def action_choose(self, key: str) -> None:
        """Choose a bin, or take it back."""
        bins = _ammo_bins(self.screen_.game.state.units[self.unit])
        number = int(key) - 1
        if number >= len(bins):
            return
        index = bins[number][0]
        if index in self.chosen:
            self.chosen.remove(index)
        else:
            self.chosen.append(index)
        self.refresh_body()

    def action_give(self) -> None:
        """Close with the dump (the explicit yes)."""
        if not self.chosen:
            self.notify("Choose a bin first (1-9), or n", severity="warning")
            return
        self.dismiss(DumpAmmo(self.unit, tuple(sorted(self.chosen))))


class SinksScreen(_UnitDialog):
    """BT-C-52: how many of a unit's heat sinks are off; Enter gives it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign,right", "change(1)", "More off", key_display="+"),
        Binding("minus,left", "change(-1)", "Fewer", key_display="-"),
        Binding("tab", "next", "Unit", tooltip="The next unit"),
        Binding("enter,y,c", "give", "Switch", tooltip="Switch the heat sinks"),
        Binding("escape,n", "close", "Cancel", tooltip="Close: change nothing"),
    ]

    def __init__(self, screen: BattleTechScreen, units: tuple[int, ...]) -> None:
        """Switch the sinks of one of ``units`` (Tab: the next)."""
        super().__init__(screen, units)
        self.off = screen.game.state.units[self.unit].body.sinks_off

    def reset(self) -> None:
        """A new unit: its own count."""
        self.off = self.screen_.game.state.units[self.unit].sinks_off

    def body(self) -> str:
        """The count, the dissipation it leaves, and whether the engine allows it."""
        state = self.screen_.game.state
        unit = state.units[self.unit]
        most = sinks.sink_count(unit)
        after = dissipation(state, evolved_unit(unit, sinks_off=self.off))
        lines = [
            f"Heat sinks: {_name(self.screen_, self.unit)}"
            + ("  (Tab: next unit)" if len(self.units) > 1 else ""),
            (
                f"{most} working, {unit.body.sinks_off} off now; dissipation "
                f"{dissipation(state, unit)} -> {after} with {self.off} off"
            ),
            "sinks switched off come back on in the next End phase at the earliest (BT-C-52)",
        ]
        if self.off != unit.body.sinks_off and (
            why := sinks.can_switch(state, self.unit, self.off)
        ):
            lines.append(f"not now: {why}")
        lines.append("+ -: how many off  Enter: switch  Esc: back")
        return "\n".join(lines)

    def action_change(self, step: int) -> None:
        """One more (or one fewer) off."""
        most = sinks.sink_count(self.screen_.game.state.units[self.unit])
        self.off = max(0, min(most, self.off + step))
        self.refresh_body()

    def action_give(self) -> None:
        """Close with the command (the engine's reason if it refuses it)."""
        why = sinks.can_switch(self.screen_.game.state, self.unit, self.off)
        if why:
            self.notify(why, severity="warning")
            return
        self.dismiss(SwitchHeatSinks(self.unit, self.off))


# ---------------------------------------------------------------------------- the controls


class SpecialOrders:
    """The five keys' rules and what they open, for the screen that owns it."""

    def __init__(self, screen: BattleTechScreen) -> None:
        """Serve ``screen``: its state, selection, cursor, aim and ``execute``."""
        self.screen = screen

    # ------------------------------------------------------------------ when the keys act
    def keys(self, state: BTState) -> dict[str, Callable[[tuple[object, ...]], bool]]:
        """The rules of the five keys in the input mode the player is in."""
        screen = self.screen
        if state.phase is Phase.WEAPON:
            aim = screen.attacks.aim
            firer = state.units[aim.unit] if aim is not None else None
            mech = firer is not None and firer.is_mech  # BT-C-19: aimed shots are 'Mechs'
            hexes = firer is not None and infantry.may_clear_woods(kind_of(firer))  # BT-C-57
            return {
                "aimed": lambda _: mech and aim is not None and aim.target is not None,
                "hex_fire": lambda _: hexes,
            }
        if state.phase is Phase.INITIATIVE:
            mine = bool(self.end_phase_units(state))
            return {"dump": lambda _: mine, "sinks": lambda _: mine}
        if state.phase is Phase.MOVEMENT and screen.plot is None and state.active is None:
            unit = screen.selected
            fresh = unit is not None and state.units[unit].movement is None
            mech = unit is not None and state.units[unit].is_mech  # only MechWarriors eject
            return {"eject": lambda _: fresh and mech}
        return {}

    def end_phase_units(self, state: BTState) -> tuple[int, ...]:
        """The 'Mechs on the map that people play: they may give End phase orders.

        Dumping ammunition (BT-C-58) and heat sinks (BT-C-52) are 'Mech rules: vehicles,
        platoons and squads give no End phase orders.
        """
        return tuple(
            i
            for i, u in enumerate(state.units)
            if u.on_map and u.is_mech and self.screen.is_person(u.side)
        )

    # ------------------------------------------------------------------ the keys
    def _base(self) -> FireWeapons | None:
        aim = self.screen.attacks.aim
        if aim is None:
            return None
        return fire_command(self.screen.game.state, aim)

    def aimed(self) -> None:
        """A: an aimed shot at the target shown (BT-C-19), when it is immobile."""
        state = self.screen.game.state
        base = self._base()
        aim = self.screen.attacks.aim
        if base is None or aim is None or aim.target is None:
            return
        target = state.units[aim.target]
        if not target.is_mech or not (target.mech.shutdown or not target.mech.conscious):
            self.screen.refuse(
                "Aimed shots only at an immobile 'Mech: shut down or unconscious (BT-C-19)",
                title="Aimed shot",
            )
            return
        if not any(s.target == aim.target for s in base.shots):
            self.screen.refuse(
                "Choose the weapons at the target first (1-0), then A", title="Aimed shot"
            )
            return
        self.screen.app.push_screen(AimedShotScreen(self.screen, base, aim.target), self._fire)

    def hex_fire(self) -> None:
        """H: fire at the cursor hex (woods, building, ice: BT-C-57/60/61.2)."""
        state = self.screen.game.state
        base = self._base()
        where = self.screen.board.cursor
        if base is None or where is None:
            return
        terrain = state.board.get(where)
        shells = any(area_words(state, base.unit, w) for w in weapons_of(state.units[base.unit]))
        special = terrain is not None and (terrain.woods or terrain.building or terrain.ice)
        if terrain is None or not (special or shells):  # BT-C-57/60; artillery: any hex (BT-C-67)
            self.screen.refuse(
                "Put the cursor on a woods, building or ice hex to fire at it (BT-C-57/60)",
                title="Fire at a hex",
            )
            return
        self.screen.app.push_screen(HexFireScreen(self.screen, base, where), self._fire)

    def _fire(self, command: object) -> None:
        if isinstance(command, FireWeapons) and self.screen.execute(command):
            self.screen.attacks.aim = None
            self.screen.redraw(follow=True)

    def eject(self) -> None:
        """E: the selected unit's MechWarrior ejects instead of moving (asks first)."""
        from tui.screens.confirm import ConfirmScreen  # noqa: PLC0415 - a dialog of the app

        unit = self.screen.selected
        if unit is None:
            return
        name = _name(self.screen, unit)
        question = (
            f"Eject the MechWarrior of {name}? The 'Mech is abandoned for good "
            "(BT-C-59): it counts as destroyed."
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self.screen.execute(Eject(unit))

        self.screen.app.push_screen(ConfirmScreen(question, yes="Eject", no="Stay"), answered)

    def dump(self) -> None:
        """D: choose the bins to dump during the next turn (the dialog's y confirms)."""
        units = self._units_first()
        if units:
            self.screen.app.push_screen(DumpScreen(self.screen, units), self._give)

    def sinks(self) -> None:
        """S: switch heat sinks off or back on."""
        units = self._units_first()
        if units:
            self.screen.app.push_screen(SinksScreen(self.screen, units), self._give)

    def _units_first(self) -> tuple[int, ...]:
        """The End phase's units, the one under the cursor first."""
        state = self.screen.game.state
        units = self.end_phase_units(state)
        cursor = self.screen.board.cursor
        here = [i for i in units if state.units[i].hex == cursor]
        return (*here, *(i for i in units if i not in here))

    def _give(self, command: object) -> None:
        if isinstance(command, DumpAmmo | SwitchHeatSinks):
            self.screen.execute(command)


class SpecialOrderActions:
    """The screen's five actions (mixed into `BattleTechScreen`)."""

    special: SpecialOrders

    def action_aimed(self) -> None:
        """A: an aimed shot (BT-C-19)."""
        self.special.aimed()

    def action_hex_fire(self) -> None:
        """H: fire at the cursor hex (BT-C-57/60)."""
        self.special.hex_fire()

    def action_eject(self) -> None:
        """E: eject (BT-C-59)."""
        self.special.eject()

    def action_dump(self) -> None:
        """D: dump ammunition (BT-C-58)."""
        self.special.dump()

    def action_sinks(self) -> None:
        """S: switch heat sinks (BT-C-52)."""
        self.special.sinks()
