"""The tiny-flyer commands of a Dystopian Wars game (DW-20).

- `LaunchWing`: a carrier of the active squadron launches one wing aboard it (DW-20.4), placed
  within 2 hexes (DW-28.11), free or as the carrier's CAP (DW-20.8).
- `FlyWing`: a wing's activation (DW-20.3), in one command: it flies to a hex (or off its own
  edge to refuel, DW-20.5), then attacks (DW-20.6), lands on a friendly carrier (DW-20.4) or
  attaches as CAP to a host (DW-20.8). A CAP wing flies this way during its host's activation,
  detaching from it (DW-20.8).
- `FireAA`: models of the active squadron fire their AA at an enemy wing within 4 hexes, in
  their own activation (DW-18.2 offensive use); the wing may strike back with its AD (DW-20.6).
- `RefuelWing`: the activation of a wing off its own edge: it lands and refuels (DW-20.5), or,
  fuelled, stays off the table this turn.

Wings are named as `engine.dystopian.wing_state` names them (``fighters-1``).
"""

from __future__ import annotations

from attrs import frozen

from engine.dystopian.commands import DWCommand
from engine.hexes import Hex

__all__ = ["WING_COMMANDS", "FireAA", "FlyWing", "LaunchWing", "RefuelWing"]


@frozen
class LaunchWing(DWCommand):
    """Launch ``wing`` from its carrier in the active squadron to ``hex`` (DW-20.4).

    ``cap``: it joins the carrier as Combat Air Patrol instead (DW-20.8); ``hex`` is then where
    it was placed, the carrier's own hex when none is given.
    """

    TAG = "dw_launch_wing"
    wing: str
    hex: Hex
    cap: bool = False


@frozen
class FlyWing(DWCommand):
    """A wing's activation: fly, then one action (DW-20.3 to DW-20.8).

    Attributes:
        wing: the wing's name.
        to: the hex it ends in; None: it leaves the table by its owner's edge (DW-20.5).
        attack: an enemy model or wing it attacks after moving (DW-20.6), or "".
        land: a friendly carrier it lands on after moving (DW-20.4), or "".
        cap: a friendly model it attaches to as Combat Air Patrol (DW-20.8), or "".
    """

    TAG = "dw_fly_wing"
    wing: str
    to: Hex | None
    attack: str = ""
    land: str = ""
    cap: str = ""


@frozen
class RefuelWing(DWCommand):
    """The activation of a wing off its own edge: it refuels to 6, or waits (DW-20.5)."""

    TAG = "dw_refuel_wing"
    wing: str


@frozen
class FireAA(DWCommand):
    """Models of the active squadron fire their AA at enemy ``wing`` (DW-18.2, DW-18.4).

    Each model rolls its own (damage-reduced) AA, once a turn; the Movement segment ends first.
    """

    TAG = "dw_fire_aa"
    models: tuple[str, ...]
    wing: str


WING_COMMANDS: tuple[type[DWCommand], ...] = (LaunchWing, FlyWing, RefuelWing, FireAA)
"""The tiny-flyer command classes, for the ruleset and its converter."""
