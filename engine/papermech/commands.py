"""Paper 'Mech commands: the player's answers to the prompts (`engine.papermech.state.Prompt`).

The command language (``hexmech help commands --ruleset papermech``) maps one line to one of these.
"""

from __future__ import annotations

import enum

from attrs import frozen

from engine.game import Command
from engine.papermech.state import Loadout
from engine.papermech.tables import Action, Location, Mount, Stance

__all__ = [
    "ChooseAction",
    "ChooseTarget",
    "Deploy",
    "Haste",
    "PaperCommand",
    "Pull",
    "PullDirection",
    "Refit",
    "Repair",
    "ResolveNext",
    "SetStance",
    "Skip",
    "Turn",
    "TurnDirection",
    "UseShield",
    "Wait",
    "Walk",
]


class TurnDirection(enum.StrEnum):
    """Which way the 'Mech turns; turning right moves the enemies anticlockwise (PM-8.3)."""

    LEFT = "left"
    RIGHT = "right"


class PullDirection(enum.StrEnum):
    """PM-11.1 Pull: one ring inward, or one wedge clockwise / anticlockwise in the same ring."""

    IN = "in"
    CW = "cw"
    CCW = "ccw"


@frozen
class PaperCommand(Command):
    """Base of the Paper 'Mech commands."""


@frozen
class Deploy(PaperCommand):
    """PM-2 / PM-3: start the battle: generate wave 1."""

    TAG = "deploy"


@frozen
class Refit(PaperCommand):
    """PM-12: change the loadout before a battle (campaigns: between battles)."""

    TAG = "refit"
    loadout: Loadout


@frozen
class ChooseAction(PaperCommand):
    """PM-5 / PM-4: choose (or change to) an action; the time cube goes to its T plus penalties."""

    TAG = "choose"
    action: Action


@frozen
class Wait(PaperCommand):
    """PM-4 DESIGN: pass a player window; time goes on."""

    TAG = "wait"


@frozen
class Haste(PaperCommand):
    """PM-7: resolve the chosen attack now, every die reduced by the cube's space."""

    TAG = "haste"


@frozen
class ResolveNext(PaperCommand):
    """PM-4: of several enemies on ACTIVE, this one resolves next."""

    TAG = "next"
    enemy: str


@frozen
class ChooseTarget(PaperCommand):
    """PM-5.2: the attack's target; ``second`` is the Mortar's optional second target (Area)."""

    TAG = "target"
    enemy: str
    second: str | None = None


@frozen
class Pull(PaperCommand):
    """PM-11.1 Pull: move the whipped enemy."""

    TAG = "pull"
    direction: PullDirection


@frozen
class Walk(PaperCommand):
    """PM-5.2: the free move Walk Forwards."""

    TAG = "walk"


@frozen
class Turn(PaperCommand):
    """PM-5.1 / PM-5.2: turn the 'Mech (a resolving turn action, or the free move)."""

    TAG = "turn"
    direction: TurnDirection


@frozen
class SetStance(PaperCommand):
    """PM-10: take a stance (Change Stance, the free move, or the stance for the next wave)."""

    TAG = "stance"
    stance: Stance


@frozen
class Skip(PaperCommand):
    """Decline an optional step: the free move, a Pull, the remaining repairs."""

    TAG = "skip"


@frozen
class UseShield(PaperCommand):
    """PM-11.1 DESIGN: when Reflex and Wall both apply, the shield on this mount takes the hit."""

    TAG = "shield"
    mount: Mount


@frozen
class Repair(PaperCommand):
    """PM-13: repair one circle; ``circle`` is a weapon circle (1-6) or a legs line (1-4)."""

    TAG = "repair"
    location: Location
    circle: int | None = None
