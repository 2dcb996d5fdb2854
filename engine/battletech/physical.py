"""Physical attacks, displacement and the domino effect (BT-C-36..48).

SKELETON (issue 5): the signatures below are the contract the flow and the screen use; the bodies
are being written.
"""

from __future__ import annotations

from engine.battletech import events as ev
from engine.battletech.commands import PhysicalAttack
from engine.battletech.context import Ctx
from engine.battletech.state import Attack, AttackKind, BTState
from engine.battletech.tohit import ToHit
from engine.battletech.units import Location
from engine.hexes import Facing, Hex

__all__ = [
    "check_charge",
    "check_dfa",
    "declare_physical",
    "displace",
    "movement_attack",
    "physical_options",
    "physical_to_hit",
    "resolve_physical_attack",
]


def physical_to_hit(
    state: BTState, attacker: int, kind: AttackKind, target: int, limb: Location | None = None
) -> ToHit:
    """BT-C-36..45: the to-hit number of a physical attack, or why it is impossible."""
    raise NotImplementedError


def declare_physical(state: BTState, command: PhysicalAttack) -> list[ev.BTEvent]:
    """Check a physical declaration and return its `AttackDeclared` events.

    A punch with both arms gives two. The caller adds `UnitDeclared`.

    Raises:
        IllegalCommand: the declaration breaks a rule; the message says which and why.
    """
    raise NotImplementedError


def physical_options(state: BTState, unit: int) -> list[PhysicalAttack]:
    """Every legal physical declaration of ``unit`` now (not counting "no attack")."""
    raise NotImplementedError


def check_charge(state: BTState, unit: int, target: int) -> None:
    """BT-C-42: may ``unit``, as it stands after its move (in ``state``), charge ``target``?

    Raises:
        IllegalCommand: why not.
    """
    raise NotImplementedError


def check_dfa(state: BTState, unit: int, path: tuple[Hex, ...], target: int) -> None:
    """BT-C-43: may ``unit`` jump along ``path`` (ending next to ``target``) and DFA it?

    Raises:
        IllegalCommand: why not.
    """
    raise NotImplementedError


def movement_attack(state: BTState, unit: int) -> Attack | None:
    """The charge or DFA ``unit`` declared in the Movement phase, as an `Attack`.

    With its to-hit number, at the start of the Physical phase (None if it has none or it can no
    longer be made: the target is gone or moved out of reach).
    """
    raise NotImplementedError


def resolve_physical_attack(ctx: Ctx, number: int) -> None:
    """BT-C-36..45: resolve declared physical attack ``number``.

    The roll, damage in the right table, displacement, and the PSRs it causes (added to
    ``ctx.tally``).
    """
    raise NotImplementedError


def displace(ctx: Ctx, unit: int, to: Hex, direction: Facing, cause: str) -> bool:
    """BT-C-46..48: force ``unit`` into ``to`` (moving in ``direction``).

    With accidental falls from above and the domino effect. Returns False when the displacement is
    illegal (nothing moves).
    """
    raise NotImplementedError
