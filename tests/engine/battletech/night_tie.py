"""A night game that reaches NT-4's question: two known enemies equally near a straying 'Mech.

The board is open but for two walls of hills (rows 06 and 10) that hide the Blue 'Mech in 0608
from the Red 'Mechs in 0604 and 0612, both 4 hexes away and known (no visibility limit). Turn 1:
every unit stands still, the Red 'Mech in 0604 fires at the Blue one in 0102 and misses (the
first shot of the night, NT-4). Turn 2: the 'Mech in 0608 walks north, strays (movement roll
6, 6) and its stray roll 1, 1 makes the nearest enemy fire: both are 4 hexes away, so Blue
chooses (`JitterAsked`). Used by the tests and by the golden save of schema 6.
"""

from __future__ import annotations

from typing import Any

from engine.battletech import commands as cmd
from engine.battletech.board import Terrain
from engine.battletech.designs.mech import Location
from engine.battletech.nightstate import NightSetup
from engine.battletech.state import BTSetup, BTState, MoveMode, Phase, Pilot, UnitSetup
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, terrain_board

__all__ = ["DICE", "MOVER", "SETUP", "TURN_1", "next_command"]

HILL = Terrain(level=3)
WALLS = {f"h{col:02d}{row:02d}": HILL for col in range(1, 13) for row in (6, 10)}
BOARD = terrain_board(12, 12, **WALLS)
LASER = design(walk=5, name="Laser", equipment=[("Medium Laser", Location.RA)])
LRM = design(
    walk=5, name="Missile", equipment=[("LRM 5", Location.LT), ("IS Ammo LRM-5", Location.LT)]
)
PILOT = Pilot("MechWarrior", 4, 5)
SETUP = BTSetup(
    BOARD,
    ("Blue", "Red"),
    (
        UnitSetup(LASER, 0, PILOT, Hex.from_label("0608"), Facing.N),
        UnitSetup(LASER, 0, PILOT, Hex.from_label("0102"), Facing.S),
        UnitSetup(LASER, 1, PILOT, Hex.from_label("0604"), Facing.N),
        UnitSetup(LRM, 1, PILOT, Hex.from_label("0612"), Facing.N),
    ),
    night=NightSetup(care=("", "", "", "")),
)
MOVER = 0
"""The straying Blue 'Mech; the equally near Red 'Mechs are units 2 and 3."""

TURN_1 = (1, 1, 6, 6, 1, 1)
"""Initiative (Blue 2, Red 12: Blue moves first) and the Red shot's to-hit roll (2: a miss)."""

DICE = (*TURN_1, 1, 1, 6, 6, 6, 6, 1, 1)
"""Turn 1, then turn 2's initiative, the movement roll (strays) and the stray roll (1, 1)."""


def next_command(state: BTState) -> Any:  # noqa: PLR0911 - one answer per phase
    """The scripted player: stand still, fire unit 3 at unit 2 in turn 1, else hold; walk 1 F."""
    if state.phase is Phase.INITIATIVE:
        return cmd.RollInitiative()
    side = state.side_to_act
    if state.phase is Phase.MOVEMENT:
        if state.active is not None:
            return cmd.EndMove(state.active)
        if side is None:
            return cmd.EndPhase()
        unit = next(i for i, u in enumerate(state.units) if u.side == side and u.movement is None)
        if state.turn == 2 and unit == MOVER:
            return cmd.Move(MOVER, MoveMode.WALK, (cmd.Step(cmd.StepKind.FORWARD),))
        return cmd.Move(unit, MoveMode.STILL)
    from engine.battletech.rules.turn import can_declare  # noqa: PLC0415

    unit = next(i for i, u in enumerate(state.units) if u.side == side and can_declare(state, i))
    if state.phase is Phase.WEAPON:
        if unit == 2 and state.turn == 1:
            return cmd.FireWeapons(unit, (cmd.Shot(0, target=1),))
        return cmd.FireWeapons(unit)
    return cmd.PhysicalAttack(unit)
