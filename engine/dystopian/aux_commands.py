"""Dystopian Wars AA and CC fired offensively as a command and an event (DW-18.2).

New classes beside `Fire` (whose fields are unchanged): `FireAuxiliary` names the firing model,
its system (``aa`` or ``cc``) and the enemy model; `AuxiliaryFireDeclared` records it, and the
combat segment rolls it after the declared weapon attacks (`engine.dystopian.aux_fire`).
"""

from __future__ import annotations

from attrs import frozen

from engine.dystopian.commands import DWCommand
from engine.dystopian.events import DWEvent

__all__ = ["AUX_COMMANDS", "AUX_EVENTS", "AuxiliaryFireDeclared", "FireAuxiliary"]


@frozen
class FireAuxiliary(DWCommand):
    """Fire a model's AA at an enemy flyer, or its CC at an enemy diver (DW-18.2, DW-7.2 3a).

    Attributes:
        model: the firing model, of the active squadron.
        system: ``aa`` (at a flying or obscured model within 4 hexes) or ``cc`` (at a diving
            model, surfaced or submerged, within 2 hexes).
        target: the enemy model.
    """

    TAG = "dw_fire_auxiliary"
    model: str
    system: str
    target: str


@frozen
class AuxiliaryFireDeclared(DWEvent):
    """DW-18.2: an offensive AA or CC attack of the active squadron, declared before any die."""

    TAG = "dw_auxiliary_declared"
    model: int
    system: str
    target: int


AUX_COMMANDS: tuple[type[DWCommand], ...] = (FireAuxiliary,)
"""The offensive AA/CC commands, for the ruleset and its converter."""

AUX_EVENTS: tuple[type[DWEvent], ...] = (AuxiliaryFireDeclared,)
"""The offensive AA/CC events, for the ruleset and its converter."""
