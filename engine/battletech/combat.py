"""Resolving attacks and the end of an attack phase (BT-C-1, BT-C-14, BT-C-19..23, BT-C-49).

To-hit rolls, cluster hits, hit locations and damage; then the phase's PSRs.

During a phase's resolution ``ctx.tally`` holds the phase's `Tally`.

SKELETON (issue 5): the signatures below are the contract the flow uses; the bodies are being
written.
"""

from __future__ import annotations

from engine.battletech.context import Ctx

__all__ = ["end_of_phase", "resolve_weapon_attack"]


def resolve_weapon_attack(ctx: Ctx, number: int) -> None:
    """BT-C-14..23/57/60: resolve declared attack ``number`` (``ctx.state.attacks[number]``).

    Rolls to hit (`AttackRolled`), the cluster roll for missiles, each hit location, and applies
    the damage through `damage.apply_damage` with criticals; hex targets clear woods or start
    fires. Every die is in an event.
    """
    raise NotImplementedError


def end_of_phase(ctx: Ctx) -> None:
    """BT-C-1 item 3, BT-C-49: the PSRs and automatic falls that end an attack phase.

    Each PSR event (20+ damage, criticals, kicks, charges ...) gets the other events' modifiers
    added; units go in index order.
    """
    raise NotImplementedError


def eject(ctx: Ctx, unit: int, *, automatic: bool = False) -> None:
    """BT-C-59: the MechWarrior of ``unit`` ejects (the landing PSR, `PilotEjected`).

    Called by the flow for `Eject` in the Movement phase (``automatic`` False), and after an
    internal ammunition explosion when auto-eject fires (True).
    """
    raise NotImplementedError


def dump_ammo(ctx: Ctx) -> None:
    """BT-C-58: in the End phase, empty every bin declared for dumping this turn (`AmmoDumped`)."""
    raise NotImplementedError
