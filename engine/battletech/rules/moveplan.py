"""The records of a checked move, and the guards every ground move passes first.

A move's steps, their rolls, the positions a unit can reach, for any kind of unit.

`engine.battletech.rules.movement` (the 'Mech's ground moves and jumps, BT-M-18..29) and
`engine.battletech.rules.kindmove` (vehicles, platoons, battle armor) both build them; they live
apart so that neither module imports the other's internals.
"""

from __future__ import annotations

from attrs import frozen

from engine.battletech.commands import Step
from engine.battletech.state import MoveMode, UnitState
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex

__all__ = ["Check", "Plan", "PlannedStep", "Reach", "check_start"]


@frozen
class Check:
    """A roll a step requires (BT-M-31), with what a failure does.

    ``reason``: ``water``, ``rubble``, ``building``, ``stand``, ``skid``, ``run_damage``,
    ``landing``, ``sideslip`` (a VTOL's, BT-M-41 #8). ``fall_hex``/``fall_levels``: where and
    how far the 'Mech falls on a failure (BT-M-33.2); a building roll's failure is damage, not a
    fall.
    """

    reason: str
    modifiers: tuple[tuple[str, int], ...]
    fall_hex: Hex | None = None
    fall_levels: int = 0
    building_cf: int = 0
    building_hex: Hex | None = None
    other_hex: Hex | None = None
    """The step's other hex, where the 'Mech falls instead when ``fall_hex`` holds a 'Mech."""
    elevation: int = 0
    """A VTOL's elevation where a ``sideslip`` roll is made (BT-M-37.6, BT-M-41 #8)."""


@frozen
class PlannedStep:
    """One step of a valid plan: what it does, what it costs, and the rolls before and after it."""

    index: int
    step: Step
    hex: Hex
    facing: Facing
    prone: bool
    mp: int
    entered: bool = False
    backward: bool = False
    road: bool = False
    minimum: bool = False
    before: tuple[Check, ...] = ()
    after: tuple[Check, ...] = ()
    collapse: int = 0
    """Tonnage on a bridge that gives way when this step enters it (BT-M-28); 0: none."""
    crush: int = 0
    """Tonnage in a building that collapses when this step enters it (BT-M-41 #4); 0: none."""


@frozen
class Plan:
    """A checked move: the steps, the MP, the hexes entered, and what will need a roll."""

    unit: int
    mode: MoveMode
    steps: tuple[PlannedStep, ...]
    allowance: int
    mp_spent: int
    hexes: int
    elevation: int | None = None
    """A VTOL's elevation when the move ends (BT-M-37.3; None for every other unit)."""

    @property
    def checks(self) -> tuple[Check, ...]:
        """Every roll the plan needs, in order."""
        return tuple(c for s in self.steps for c in (*s.before, *s.after))

    @property
    def end(self) -> tuple[Hex, Facing, bool]:
        """Where the unit ends if every roll succeeds: hex, facing, prone."""
        if not self.steps:
            raise ValueError("an empty plan has no end")
        last = self.steps[-1]
        return last.hex, last.facing, last.prone


@frozen
class Reach:
    """A position the unit can reach this turn: MP spent, the steps to get there, rolls needed."""

    hex: Hex
    facing: Facing
    mp: int
    steps: tuple[Step, ...]
    rolls: tuple[str, ...] = ()
    minimum: bool = False
    mode: MoveMode = MoveMode.WALK


def check_start(unit: UnitState, mode: MoveMode, cannot: str | None) -> Hex:
    """The guards of every ground move of every kind, in order (BT-M-18..20).

    On the map, able to move (``cannot``: the kind's own reason), not done, one mode a turn,
    jumps given as hexes. Returns the hex the move starts from.

    Raises:
        IllegalCommand: the first guard that fails.
    """
    if unit.hex is None:
        raise IllegalCommand("move/not_deployed", f"the {unit.name} is not on the map")
    if cannot is not None and mode is not MoveMode.STILL:
        raise IllegalCommand("move/cannot_move", f"the {unit.name} cannot move: {cannot}")
    movement = unit.movement
    if movement is not None and movement.done:
        raise IllegalCommand("move/done", f"the {unit.name} has already moved this turn")
    if movement is not None and movement.mode is not mode:
        msg = f"the {unit.name} is moving in {movement.mode.value} mode this turn"
        raise IllegalCommand("move/mode", msg)
    if mode is MoveMode.JUMP:
        raise IllegalCommand("move/jump_path", "a jump is given as hexes: jump UNIT HEX... FACING")
    return unit.hex
