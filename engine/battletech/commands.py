"""BattleTech commands: what a player asks for (BT-M-9..36).

The command language (``hexmech help commands --ruleset battletech``) maps one line to one of these;
`engine.battletech.language` reads and writes it.
"""

from __future__ import annotations

import enum

from attrs import frozen

from engine.battletech.designs.mech import Location
from engine.battletech.state import AttackKind, MoveMode
from engine.game import Command
from engine.hexes import Facing, Hex

__all__ = [
    "BTCommand",
    "Deploy",
    "DumpAmmo",
    "Eject",
    "EndMove",
    "EndPhase",
    "FireWeapons",
    "Jump",
    "Move",
    "PhysicalAttack",
    "RollInitiative",
    "Shot",
    "Step",
    "StepKind",
    "SwitchHeatSinks",
    "TakeClub",
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
    charge: int | None = None
    """BT-C-42: the unit this move ends facing, declared as the target of a charge."""
    masc: bool = False
    """BT-C-75: run with the MASC switched on (running MP = Walking MP x 2, after a roll)."""


@frozen
class Jump(BTCommand):
    """BT-M-20.4: jump along ``path`` (hexes entered, landing hex last), then face ``facing``."""

    TAG = "bt/jump"
    unit: int
    path: tuple[Hex, ...]
    facing: Facing
    dfa: int | None = None
    """BT-C-43: death from above on this unit. The path ends in the hex next to the target, where
    the attacker counts as standing until the Physical phase; the jump into the target's hex is
    the attack (so the jump needs one more Jump MP than the path's length)."""


@frozen
class EndMove(BTCommand):
    """End the active unit's movement (after a fall cut its plotted path short)."""

    TAG = "bt/end_move"
    unit: int


@frozen
class EndPhase(BTCommand):
    """Close a finished Movement phase: run the attack, heat and end phases (BT-M-9 steps 4-14)."""

    TAG = "bt/end_phase"


@frozen
class Shot:
    """One weapon of a declaration (BT-C-2): the weapon and its target.

    ``weapon`` is the index in the design's ``equipment``; the target is a unit (``target``) or,
    for clearing woods or starting a fire, a hex (``hex``, BT-C-57/60). ``aimed`` names the
    location of an aimed shot at an immobile 'Mech (BT-C-19).

    ``munition`` chooses the ammunition at declaration (BT-C-75): "cluster" or "standard" (slug)
    for an LB-X, "inferno" or "standard" for an SRM; "" takes the fullest bin of any load.
    ``double`` fires an Ultra autocannon at double rate (2 shots, double heat, BT-C-75).
    ``spotter`` fires indirectly, through that friendly unit's line of sight (BT-C-16,
    `engine.battletech.rules.indirect`); None fires directly.
    """

    weapon: int
    target: int | None = None
    hex: Hex | None = None
    aimed: Location | None = None
    munition: str = ""
    double: bool = False
    spotter: int | None = None


@frozen
class FireWeapons(BTCommand):
    """BT-C-1/2/3: declare one unit's weapon attacks: a torso twist and every weapon that fires.

    No shots at all holds fire. ``twist`` -1 turns the torso one hexside left, +1 right;
    ``flip_arms`` flips the arms to the rear instead (BT-C-62). ``primary`` names the primary
    target when several are fired at (None: the rules pick, BT-C-18.7).
    """

    TAG = "bt/fire"
    unit: int
    shots: tuple[Shot, ...] = ()
    twist: int = 0
    flip_arms: bool = False
    primary: int | None = None


@frozen
class PhysicalAttack(BTCommand):
    """BT-C-36..41: declare one unit's physical attack (``kind`` None: no attack).

    ``limb`` is the arm (punch with one arm, hatchet, sword) or leg (kick); None punches with
    both arms. Charges and DFAs are declared with `Move` and `Jump` instead.
    """

    TAG = "bt/physical"
    unit: int
    kind: AttackKind | None = None
    target: int | None = None
    limb: Location | None = None


@frozen
class DumpAmmo(BTCommand):
    """BT-C-58: dump ammunition bins (equipment indexes) during the next turn.

    Declared in the End phase, that is before the next initiative roll.
    """

    TAG = "bt/dump"
    unit: int
    bins: tuple[int, ...]


@frozen
class Eject(BTCommand):
    """BT-C-59: the MechWarrior ejects instead of moving (Movement phase)."""

    TAG = "bt/eject"
    unit: int


@frozen
class TakeClub(BTCommand):
    """BT-C-38: pick up a club in the unit's hex instead of firing (its Weapon phase slot)."""

    TAG = "bt/take_club"
    unit: int


@frozen
class SwitchHeatSinks(BTCommand):
    """BT-C-52: switch heat sinks off (or back on) in the End phase, before the initiative roll.

    ``off`` is how many of the unit's working heat sinks are to be off from now on (0: all on).
    Sinks switched off come back on at the earliest in the End phase of the following turn.
    """

    TAG = "bt/sinks"
    unit: int
    off: int
