"""BattleTech commands: what a player asks for (BT-M-9..36).

The command language (``hexmech help commands --ruleset battletech``) maps one line to one of these;
`engine.battletech.language` reads and writes it.
"""

from __future__ import annotations

import enum

from attrs import frozen

from engine.battletech.state import MoveMode
from engine.game import Command
from engine.hexes import Facing, Hex

__all__ = [
    "BTCommand",
    "Deploy",
    "EndMove",
    "EndPhase",
    "Jump",
    "Move",
    "RollInitiative",
    "Step",
    "StepKind",
]


class StepKind(enum.StrEnum):
    """One action of a ground move (BT-M-19, BT-M-24)."""

    FORWARD = "F"
    BACKWARD = "B"
    LEFT = "L"
    RIGHT = "R"
    PRONE = "P"
    STAND = "U"


@frozen
class Step:
    """One step of a plotted path; ``facing``: the free facing taken on standing up (BT-M-24.3)."""

    kind: StepKind
    facing: Facing | None = None


@frozen
class BTCommand(Command):
    """Base of the BattleTech commands."""


@frozen
class Deploy(BTCommand):
    """Place a unit in its side's deployment zone, facing ``facing`` (DESIGN: before turn 1)."""

    TAG = "bt/deploy"
    unit: int
    hex: Hex
    facing: Facing


@frozen
class RollInitiative(BTCommand):
    """BT-M-10: each side rolls 2D6 for the turn's initiative."""

    TAG = "bt/initiative"


@frozen
class Move(BTCommand):
    """BT-M-18..24: move a unit along a path of steps in a mode (STILL with no steps stands still).

    A unit whose move was cut short by a fall may be given further ``Move`` commands in the same
    mode (to stand up, turn, go on) until it ends its movement (`EndMove`) or runs out of MP.
    """

    TAG = "bt/move"
    unit: int
    mode: MoveMode
    steps: tuple[Step, ...] = ()


@frozen
class Jump(BTCommand):
    """BT-M-20.4: jump along ``path`` (hexes entered, landing hex last), then face ``facing``."""

    TAG = "bt/jump"
    unit: int
    path: tuple[Hex, ...]
    facing: Facing


@frozen
class EndMove(BTCommand):
    """End the active unit's movement (after a fall cut its plotted path short)."""

    TAG = "bt/end_move"
    unit: int


@frozen
class EndPhase(BTCommand):
    """Close a finished Movement phase: run the attack, heat and end phases (BT-M-9 steps 4-14)."""

    TAG = "bt/end_phase"
