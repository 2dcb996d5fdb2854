"""A unit's live position on its two dials: the one record every AoD rule module reads and returns.

The printed unit (`engine.aod.units.UnitDef`) never changes in play; what changes is where its
dials stand:

- ``click``: the index of the combat-dial click in the window (AOD-3.4). It starts at
  ``unit.start_click``; damage turns it up, repair down; ``unit.ko_click`` (one past the last
  live click) is elimination (AOD-17.4).
- ``heat``: the heat-dial position, 'Mechs only (AOD-3.5); 0 is the start (three green squares).
- ``shutdown``: the 'Mech is shut down, automatically (the radiation symbols) or by a failed
  check (the dial not moved, AOD-10.4).

Order tokens, orders given this turn, passengers and captives belong to the turn machine's unit
state, which holds one `DialStatus` per unit. The rule modules (``dial``, ``combat``,
``artillery``) take and return `DialStatus` values, never the game state, so they stay small and
testable with forced dice.
"""

from __future__ import annotations

from attrs import evolve, frozen

from engine.aod.units import UnitDef

__all__ = ["DialStatus", "fresh"]


@frozen
class DialStatus:
    """Where a unit's combat dial and heat dial stand (AOD-3.4, AOD-3.5, AOD-10.4)."""

    click: int
    heat: int = 0
    shutdown: bool = False

    def eliminated(self, unit: UnitDef) -> bool:
        """The three-hits position shows (AOD-3.4, AOD-17.4)."""
        return self.click >= unit.ko_click

    def with_click(self, click: int) -> DialStatus:
        """The same dials with the combat dial at ``click``."""
        return evolve(self, click=click)


def fresh(unit: UnitDef) -> DialStatus:
    """A unit as it is deployed: the starting click, heat at start, running (AOD-3.4, AOD-5)."""
    return DialStatus(click=unit.start_click)
