"""The attack phases of the BattleTech play screen: aiming weapons and choosing physical attacks.

`AttackControls` is an object `tui.battletech.screen.BattleTechScreen` owns (``screen.attacks``):
the screen's attack keys hand over to it, and it reads the screen's selected unit, draws on its
board and gives commands through its ``execute``. In the Weapon Attack phase
the unit to declare has an `Aim` (`tui.battletech.widgets.targeting`): Tab cycles the enemies, the
number keys choose weapons, ``[`` ``]`` twist the torso, ``t`` flips the arms, Space chooses every
weapon that can hit, ``c`` (or Enter on the target) fires and ``h`` holds fire. The board shows
the torso's front arc, the line of sight to the target (blocked: another colour, the defender's
choice hexes marked ``?``) and each enemy's best to-hit number.

In the Physical Attack phase the unit lists its legal physical attacks (`physical.physical_options`)
with their numbers and damage; the number keys choose one, ``c`` declares it, ``h`` makes none.

Which keys act in each of the two phases is said by `weapon_keys` and `physical_keys` (the
screen's input modes). Nothing here changes the game: the commands go to the screen's ``execute``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from engine.battletech.commands import FireWeapons, PhysicalAttack, TakeClub
from engine.battletech.designs.mech import Location
from engine.battletech.rules import masc, physical
from engine.battletech.rules.clubs import why_no_club
from engine.battletech.rules.turn import declarers
from engine.battletech.state import AttackKind, Phase
from tui.battletech.antimech_orders import anti_mech_lines
from tui.battletech.indirect_fire import spotters
from tui.battletech.kind_words import prone as is_prone
from tui.battletech.widgets.attack_orders import aim_lines, strike_lines
from tui.battletech.widgets.targeting import (
    Aim,
    AimView,
    aim_view,
    arc_hexes,
    cycle_mode,
    enemies,
    fire_command,
    start_aim,
    toggle_all,
    toggle_weapon,
    weapon_modes,
)

if TYPE_CHECKING:
    from engine.battletech.commands import BTCommand
    from engine.battletech.rules.tohit import ToHit
    from engine.battletech.state import BTState, UnitState
    from engine.hexes import Hex
    from tui.battletech.screen import BattleTechScreen
    from tui.battletech.widgets.orders import Line

__all__ = ["ATTACK_PHASES", "AttackControls", "KeyRule", "Strike", "strike_damage"]

ATTACK_PHASES = frozenset({Phase.WEAPON, Phase.PHYSICAL})
"""The phases whose slots are declarations (BT-C-1)."""

Strike = tuple[PhysicalAttack, "ToHit", str]
"""A physical attack the unit may declare, its to-hit number and its damage in words."""

KeyRule = Callable[[tuple[object, ...]], bool]
"""When a key acts, given its action's parameters (an input mode maps its actions to these)."""


def strike_damage(unit: UnitState, attack: PhysicalAttack) -> str:
    """The damage a physical attack does if it hits (BT-C-37..41), in words: "5 dmg".

    Punches and kicks ask the engine (actuator damage halves them); a club or hatchet does
    ceil(tons / 5), a sword ceil(tons / 10) + 1 (BT-C-38/39), a push none (it displaces).
    Working triple-strength myomer doubles all but the push, and says so (BT-C-75).
    """
    said = _strike_damage(unit, attack)
    if unit.is_mech and masc.tsm_factor(unit) > 1 and attack.kind is not AttackKind.PUSH:
        said += f" (TSM x2, heat {unit.mech.heat})"  # BT-C-75: counted in the figure
    return said


def _strike_damage(unit: UnitState, attack: PhysicalAttack) -> str:  # noqa: PLR0911 - one per kind
    tons = getattr(unit.design, "tonnage", 0)  # a vehicle charges too (BT-C-41)
    tsm = masc.tsm_factor(unit) if unit.is_mech else 1
    match attack.kind:
        case AttackKind.PUNCH if attack.limb is None:
            left = physical.punch_damage(unit, Location.LA)
            right = physical.punch_damage(unit, Location.RA)
            return f"{left}+{right} dmg"
        case AttackKind.PUNCH:
            return f"{physical.punch_damage(unit, attack.limb or Location.RA)} dmg"
        case AttackKind.KICK:
            return f"{physical.kick_damage(unit, attack.limb or Location.RL)} dmg"
        case AttackKind.CLUB | AttackKind.HATCHET:
            return f"{math.ceil(tons / 5) * tsm} dmg"
        case AttackKind.SWORD:
            return f"{(math.ceil(tons / 10) + 1) * tsm} dmg"
        case AttackKind.PUSH:
            return "no damage, pushes it a hex"
    return "?"


class AttackControls:
    """The keys and board marks of the two attack phases, for the screen that owns it.

    Attributes:
        aim: the weapons aimed by the unit to declare (Weapon Attack phase), or None.
        strike: the chosen physical attack (index in the unit's choices), or None.
    """

    def __init__(self, screen: BattleTechScreen) -> None:
        """Serve ``screen``: its selected unit, its board, its ``execute`` and ``redraw``.

        Args:
            screen: the BattleTech screen.
        """
        self.screen = screen
        self.aim: Aim | None = None
        self.strike: int | None = None
        self._aim_cache: tuple[BTState, Aim, AimView] | None = None
        self._strike_cache: tuple[BTState, int, tuple[Strike, ...]] | None = None

    # ------------------------------------------------------------------ queries
    @staticmethod
    def attack_units(state: BTState, side: int) -> tuple[int, ...]:
        """The units of ``side`` still to declare in this attack phase."""
        return declarers(state, side)

    def aim_view(self, state: BTState) -> AimView | None:
        """The engine's view of the aim of the selected unit (kept while nothing changes)."""
        aim = self.aim
        if aim is None:
            return None
        cached = self._aim_cache
        if cached is None or cached[0] is not state or cached[1] != aim:
            cached = self._aim_cache = (state, aim, aim_view(state, aim))
        return cached[2]

    def aim_view_of(self, state: BTState, aim: Aim) -> AimView:
        """The engine's view of another aim (not kept)."""
        return aim_view(state, aim)

    def strikes(self, state: BTState, unit: int) -> tuple[Strike, ...]:
        """The physical attacks ``unit`` may declare now, with their numbers and damage."""
        cached = self._strike_cache
        if cached is None or cached[0] is not state or cached[1] != unit:
            me = state.units[unit]
            found = tuple(
                (
                    option,
                    physical.physical_to_hit(state, unit, option.kind, option.target, option.limb),
                    strike_damage(me, option),
                )
                for option in physical.physical_options(state, unit)
                if option.kind is not None and option.target is not None
            )
            cached = self._strike_cache = (state, unit, found)
        return cached[2]

    def fix_attack(self, state: BTState) -> None:
        """Keep the aim (or the physical choice) on the selected unit; drop it otherwise."""
        unit = self.screen.selected
        if state.phase is not Phase.WEAPON or unit is None:
            self.aim = None
        elif self.aim is None or self.aim.unit != unit:
            self.aim = start_aim(state, unit)
        elif self.aim.target is not None and not state.units[self.aim.target].on_map:
            foes = enemies(state, unit)
            self.aim = attrs.evolve(self.aim, target=foes[0] if foes else None)
        if (
            state.phase is not Phase.PHYSICAL
            or unit is None
            or (self.strike is not None and self.strike >= len(self.strikes(state, unit)))
        ):
            self.strike = None

    # ------------------------------------------------------------------ which keys act
    def weapon_keys(self, state: BTState) -> dict[str, KeyRule]:
        """The keys of the Weapon Attack phase, each with when it acts (the others do not)."""
        aim = self.aim
        unit = self.screen.selected
        aimed = aim is not None
        shown = aim is not None and aim.target is not None
        chose = aim is not None and bool(aim.shots or aim.twist or aim.flip)
        mech = aim is not None and state.units[aim.unit].is_mech  # BT-C-3: a torso twists
        return {
            "next_unit": lambda _: self._several(state),
            "next_target": lambda _: shown,
            "all_weapons": lambda _: shown,
            "twist": lambda _: mech,
            "flip": lambda _: self._can_flip(state),
            "weapon": lambda _: aimed,
            "hold": lambda _: unit is not None,
            "declare": lambda _: unit is not None,
            "take_club": lambda _: unit is not None and not why_no_club(state, unit),
            "cancel_plot": lambda _: chose or self.strike is not None,
            "weapon_mode": lambda _: self._moded_weapon(state) is not None,
        }

    def physical_keys(self, state: BTState) -> dict[str, KeyRule]:
        """The keys of the Physical Attack phase, each with when it acts (the others do not)."""
        unit = self.screen.selected
        return {
            "next_unit": lambda _: self._several(state),
            "flip": lambda _: self._can_flip(state),
            "weapon": lambda _: unit is not None and bool(self.strikes(state, unit)),
            "hold": lambda _: unit is not None,
            "declare": lambda _: unit is not None,
            "cancel_plot": lambda _: self.strike is not None,
        }

    def _several(self, state: BTState) -> bool:
        """Whether the side to act has more than one unit still to declare (Tab cycles them)."""
        side = state.side_to_act
        return side is not None and len(self.attack_units(state, side)) > 1

    def _can_flip(self, state: BTState) -> bool:
        view = self.aim_view(state)
        return view is not None and (view.can_flip or view.aim.flip)

    # ------------------------------------------------------------------ drawing
    def attack_orders(self, state: BTState) -> list[Line]:
        """The orders panel in an attack phase: the aim, or the physical choices."""
        unit = self.screen.selected
        if unit is None:
            return []
        letters, compact = self.screen.letters, self.screen.compact
        anti = anti_mech_lines(state, unit, letters)  # BT-C-35.8..35.10 (the : line)
        if state.phase is Phase.WEAPON:
            view = self.aim_view(state)
            return (aim_lines(view, state, letters, compact=compact) if view else []) + anti
        choices = [(attack, to_hit, damage) for attack, to_hit, damage in self.strikes(state, unit)]
        return strike_lines(unit, choices, self.strike, state, letters, compact=compact) + anti

    def draw_attack_board(self, state: BTState) -> None:
        """Arc, line of sight and targets on the board (weapons); targets only (physical)."""
        board = self.screen.board
        unit = self.screen.selected
        if unit is None:
            board.clear_overlays()
            return
        board.set_reach({})
        if state.phase is Phase.PHYSICAL:
            board.set_path(())
            board.set_arc(())
            board.set_marks(self._strike_marks(state, unit))
            return
        view = self.aim_view(state)
        if view is None:
            board.clear_overlays()
            return
        board.set_arc(arc_hexes(state, view.aim))
        marks = self._target_marks(state, view)
        sight = view.sight
        target = view.aim.target
        me = state.units[unit].hex
        if sight is None or target is None or me is None:
            board.set_path(())
            board.set_marks(marks)
            return
        there = state.units[target].hex
        line = (me, *sight.hexes, *((there,) if there is not None else ()))
        board.set_path(line, blocked=not sight.clear)
        for pair in sight.choices:
            for where in pair:
                marks.setdefault(where, "?")
        board.set_marks(marks)

    def _target_marks(self, state: BTState, view: AimView) -> dict[Hex, str]:
        """Each enemy's hex with the best number the unit's weapons have at it ("--": none)."""
        marks: dict[Hex, str] = {}
        for enemy in view.enemies:
            where = state.units[enemy].hex
            if where is None:
                continue
            aim = attrs.evolve(view.aim, target=enemy)
            numbers = [
                row.to_hit.number
                for row in (view if enemy == view.aim.target else aim_view(state, aim)).rows
                if row.to_hit.possible and row.to_hit.number is not None and row.target == enemy
            ]
            marks[where] = str(min(numbers)) if numbers else "--"
        return marks

    def _strike_marks(self, state: BTState, unit: int) -> dict[Hex, str]:
        marks: dict[Hex, str] = {}
        for attack, to_hit, _ in self.strikes(state, unit):
            where = state.units[attack.target].hex if attack.target is not None else None
            if where is None or to_hit.number is None:
                continue
            best = marks.get(where)
            if best is None or int(best) > to_hit.number:
                marks[where] = str(to_hit.number)
        return marks

    # ------------------------------------------------------------------ keys
    def next_target(self, step: int) -> None:
        """Show the next (1) or previous (-1) enemy as the target (at night: a known one)."""
        state = self.screen.state  # the side's view: an enemy it does not know is no target
        aim = self.aim
        if aim is None:
            return
        foes = enemies(state, aim.unit)
        if not foes:
            self.screen.refuse("There is no enemy on the map")
            return
        at = foes.index(aim.target) if aim.target in foes else -step
        self.aim = attrs.evolve(aim, target=foes[(at + step) % len(foes)])
        self._show_target()

    def _show_target(self) -> None:
        aim = self.aim
        if aim is not None and aim.target is not None:
            self.screen.cursor_to(self.screen.game.state.units[aim.target].hex)
        self.screen.redraw()

    def weapon(self, key: str) -> None:
        """Number keys: choose a weapon at the target shown, or take it back; or an attack.

        In the Physical phase the keys choose a physical attack.
        """
        state = self.screen.game.state
        if state.phase is Phase.PHYSICAL:
            self._choose_strike(state, key)
            return
        view = self.aim_view(state)
        if view is None or self.aim is None:
            return
        row = next((r for r in view.rows if r.key == key), None)
        if row is None:
            return
        aim = toggle_weapon(self.aim, view, key)
        if aim.target_of(row.weapon) is not None:
            # Chosen at the target shown: the engine must be able to hit it from here.
            now = next(r for r in self.aim_view_of(state, aim).rows if r.weapon == row.weapon)
            if not now.to_hit.possible:
                reason = now.to_hit.reason or "it cannot hit"
                self.screen.refuse(f"{row.name} {row.place}: {reason}", title="Cannot fire")
                return
        self.aim = aim
        self.screen.redraw()

    def _choose_strike(self, state: BTState, key: str) -> None:
        unit = self.screen.selected
        if unit is None or not key.isdigit() or key == "0":
            return
        number = int(key) - 1
        if number >= len(self.strikes(state, unit)):
            return
        self.strike = None if self.strike == number else number
        self.screen.redraw()

    def all_weapons(self) -> None:
        """Choose every weapon that can hit the target shown (again: none of them)."""
        view = self.aim_view(self.screen.game.state)
        if view is None or self.aim is None:
            return
        self.aim = toggle_all(self.aim, view)
        self.screen.redraw()

    def _moded_weapon(self, state: BTState) -> int | None:
        """The chosen weapon, last chosen first, that has a mode to choose (BT-C-75)."""
        aim = self.aim
        if aim is None or state.phase is not Phase.WEAPON:
            return None
        unit = state.units[aim.unit]
        return next(
            (
                w
                for w, t in reversed(aim.shots)
                if len(weapon_modes(unit, w)) > 1 or len(spotters(state, aim.unit, w, t)) > 1
            ),
            None,
        )

    def weapon_mode(self) -> None:
        """``o``: the next ammunition or rate of the weapon chosen last that has one (BT-C-75)."""
        state = self.screen.game.state
        weapon = self._moded_weapon(state)
        if weapon is None or self.aim is None:
            return
        self.aim = cycle_mode(state, self.aim, weapon)
        self.screen.redraw()

    def twist(self, step: int) -> None:
        """``[`` ``]``: twist the torso one hexside left or right (BT-C-3), or back."""
        aim = self.aim
        if aim is None:
            return
        twist = max(-1, min(1, aim.twist + step))
        if state_prone(self.screen.game.state, aim.unit) and twist:
            self.screen.refuse("A prone 'Mech cannot twist its torso (BT-C-3)")
            return
        self.aim = attrs.evolve(aim, twist=twist, flip=False)
        self.screen.redraw()

    def flip(self) -> None:
        """Flip the arms to the rear, or back (BT-C-62)."""
        aim = self.aim
        view = self.aim_view(self.screen.game.state)
        if aim is None or view is None:
            return
        if not view.can_flip and not aim.flip:
            self.screen.refuse(
                "Only a 'Mech built without hand and lower arm actuators can flip its arms "
                "(BT-C-62)"
            )
            return
        self.aim = attrs.evolve(aim, flip=not aim.flip, twist=0)
        self.screen.redraw()

    def declare(self) -> None:
        """Give the declaration: the aimed weapons, or the chosen physical attack."""
        state = self.screen.game.state
        if state.phase is Phase.WEAPON and self.aim is not None:
            if not self.aim.shots:
                self.screen.refuse("Choose weapons first (1-0, Space: all), or h: hold fire")
                return
            self._declare(fire_command(state, self.aim))
            return
        unit = self.screen.selected
        if state.phase is Phase.PHYSICAL and unit is not None:
            choices = self.strikes(state, unit)
            if self.strike is None or self.strike >= len(choices):
                self.screen.refuse("Choose an attack first (1-9), or h: no physical attack")
                return
            self._declare(choices[self.strike][0])

    def hold(self) -> None:
        """Hold fire (weapon phase) or make no physical attack (physical phase)."""
        state = self.screen.game.state
        unit = self.screen.selected
        if unit is None:
            return
        if state.phase is Phase.WEAPON:
            twist = 0 if self.aim is None or self.aim.flip else self.aim.twist
            self._declare(FireWeapons(unit, twist=twist))
        elif state.phase is Phase.PHYSICAL:
            self._declare(PhysicalAttack(unit))

    def take_club(self) -> None:
        """Pick up a club in the unit's hex instead of firing (BT-C-38)."""
        unit = self.screen.selected
        if unit is not None and self.screen.game.state.phase is Phase.WEAPON:
            self._declare(TakeClub(unit))

    def _declare(self, command: BTCommand) -> None:
        if self.screen.execute(command):
            self.aim = None
            self.strike = None
            self.screen.redraw(follow=True)

    def attack_clear(self) -> bool:
        """Esc: forget the chosen weapons and twist (or the physical choice); False if none."""
        aim = self.aim
        if aim is not None and (aim.shots or aim.twist or aim.flip):
            self.aim = attrs.evolve(aim, shots=(), twist=0, flip=False)
            self.screen.redraw()
            return True
        if self.strike is not None:
            self.strike = None
            self.screen.redraw()
            return True
        return False

    def aim_at(self, state: BTState, where: Hex) -> bool:
        """The cursor came to ``where``: an enemy there becomes the target shown (True)."""
        aim = self.aim
        if aim is None:
            return False
        me = state.units[aim.unit]
        foes = [i for i in state.units_at(where) if state.units[i].side != me.side]
        if not foes or aim.target in foes:
            return False
        self.aim = attrs.evolve(aim, target=foes[0])
        return True

    def attack_act(self, state: BTState, where: Hex) -> None:  # noqa: PLR0911 - per situation
        """Enter (or a click) on a hex in an attack phase.

        An own unit still to declare: select it. An enemy: show it as the target (weapons), or
        choose the first attack on it (physical). The target shown again: confirm.
        """
        side = state.side_to_act
        if side is None:
            return
        mine = [i for i in state.units_at(where) if i in self.attack_units(state, side)]
        if mine:
            self.screen.selected = mine[0]
            self.screen.redraw()
            return
        seen = self.screen.state  # at night an enemy the side does not know is no target
        foes = [i for i in seen.units_at(where) if state.units[i].side != side]
        if not foes:
            return
        if state.phase is Phase.WEAPON and self.aim is not None:
            if self.aim.target == foes[0] and self.aim.shots:
                self.declare()
                return
            self.aim = attrs.evolve(self.aim, target=foes[0])
            self.screen.redraw()
            return
        unit = self.screen.selected
        if state.phase is Phase.PHYSICAL and unit is not None:
            choices = self.strikes(state, unit)
            if self.strike is not None and choices[self.strike][0].target == foes[0]:
                self.declare()
                return
            first = next((n for n, c in enumerate(choices) if c[0].target == foes[0]), None)
            if first is None:
                self.screen.refuse("No physical attack on that unit is possible")
                return
            self.strike = first
            self.screen.redraw()


def state_prone(state: BTState, unit: int) -> bool:
    """True when ``unit`` lies prone (it cannot twist, BT-C-3)."""
    return is_prone(state.units[unit])
