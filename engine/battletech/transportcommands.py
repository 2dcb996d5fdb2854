"""The commands of transport (BT-C-35.13): a vehicle takes on or sets down a platoon.

Both are Movement-phase orders of the carrier, given in its slot (`engine.battletech.rules.
transport` has the rules and every DESIGN choice). The command language reads them as
``load CARRIER PLATOON [MODE STEPS]`` and ``unload CARRIER [PLATOON...] [MODE STEPS]``.
"""

from __future__ import annotations

from attrs import frozen

from engine.battletech.commands import BTCommand, Step
from engine.battletech.state import MoveMode

__all__ = ["LoadUnit", "UnloadUnit"]


@frozen
class LoadUnit(BTCommand):
    """The carrier ``unit`` takes ``passenger`` aboard (1 MP), after moving ``steps`` in ``mode``.

    No steps: it loads where it stands and may then go on moving in ``mode`` (`Move`) or end
    its move. With steps: it moves first (as `Move`) and loads in its last hex; its move ends.
    """

    TAG = "bt/load"
    unit: int
    passenger: int
    mode: MoveMode = MoveMode.WALK
    steps: tuple[Step, ...] = ()


@frozen
class UnloadUnit(BTCommand):
    """The carrier ``unit`` sets ``passengers`` down (all aboard when empty), its move's last act.

    With ``steps`` it first moves them in ``mode`` (as `Move`); the passengers get out in the
    hex where its move ends. Either way the carrier's move is over.
    """

    TAG = "bt/unload"
    unit: int
    passengers: tuple[int, ...] = ()
    mode: MoveMode = MoveMode.STILL
    steps: tuple[Step, ...] = ()
