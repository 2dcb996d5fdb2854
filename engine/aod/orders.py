"""Who may receive which order, pushing, tokens and breaking away: the order rules (AOD-7, 8.4).

Pure functions over the printed unit (`engine.aod.units.UnitDef`) and its dials
(`engine.aod.status.DialStatus`), so the turn machine and the combat rules share them:

- `allowed_orders`: the orders a unit's type and state allow (AOD-7.3, both tables; AOD-17.3;
  AOD-10.4; AOD-25 #18: Heavy Damage and shut down together allow none).
- `is_push` and `push_effect`: an order (not Vent) to a unit still carrying a token is a push;
  infantry and vehicles take a second token and a pushing click, 'Mechs +1 heat (AOD-7.5, the
  token test of AOD-25 #34).
- `tokens_after_cleanup`: the token table of the clean-up stage (AOD-7.6).
- `break_away_rule`: the break-away roll of AOD-8.4: what fails, what a failure forbids, whether
  success pushes enemy infantry, and when no roll is needed.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from attrs import frozen

from engine.aod.dial import heavy_damage
from engine.aod.state import OrderKind
from engine.aod.status import DialStatus
from engine.aod.units import SpeedMode, UnitDef, UnitType

__all__ = [
    "IMPLEMENTED",
    "BreakAway",
    "Contact",
    "PushEffect",
    "allowed_orders",
    "break_away_rule",
    "is_push",
    "push_effect",
    "tokens_after_cleanup",
]

IMPLEMENTED = frozenset(
    {OrderKind.MOVE, OrderKind.VENT, OrderKind.RANGED, OrderKind.ASSAULT, OrderKind.CLOSE}
)
"""The orders the turn machine resolves today; combat orders join when their rules do."""


def allowed_orders(
    unit: UnitDef,
    dial: DialStatus,
    *,
    enemy_contact: bool = False,
    submerged: bool = False,
) -> frozenset[OrderKind]:
    """AOD-7.3: the orders ``unit`` may receive, by its type and then its state.

    By type: any unit moves; a 'Mech vents; ranged combat needs attack > 0 and a max range > 0
    (artillery: attack > 0, AOD-12.1); close combat is for 'Mechs and infantry; Assault for a
    'Mech not in base contact with an enemy. By state: Heavy Damage allows Move only (AOD-17.3); a
    shut-down 'Mech may only vent (AOD-10.4); both: nothing (AOD-25 #18); a submerged unit makes
    no ranged attack (AOD-19.5).
    """
    if dial.eliminated(unit):  # AOD-17.4: removed at once
        return frozenset()
    click = unit.dial[dial.click]
    kinds = {OrderKind.MOVE}
    if unit.is_mech:
        kinds.add(OrderKind.VENT)
    if click.attack > 0 and (unit.is_artillery or max(w.max_range for w in unit.weapons) > 0):
        kinds.add(OrderKind.RANGED)
    if unit.unit_type in {UnitType.MECH, UnitType.INFANTRY}:
        kinds.add(OrderKind.CLOSE)
    if unit.is_mech and not enemy_contact:
        kinds.add(OrderKind.ASSAULT)
    if submerged:
        kinds.discard(OrderKind.RANGED)
    if heavy_damage(unit, dial):  # AOD-17.3
        kinds &= {OrderKind.MOVE}
    if dial.shutdown:  # AOD-10.4 (both: none, AOD-25 #18)
        kinds &= {OrderKind.VENT}
    return frozenset(kinds)


def is_push(kind: OrderKind, tokens: int) -> bool:
    """AOD-7.5 / AOD-25 #34: an order other than Vent to a unit still carrying a token."""
    return kind is not OrderKind.VENT and tokens > 0


@frozen
class PushEffect:
    """What a push costs (AOD-7.5): a second token and a click, or +1 heat ('Mechs)."""

    second_token: bool
    clicks: int
    heat: int


def push_effect(unit: UnitDef) -> PushEffect:
    """AOD-7.5: infantry and vehicles: a second token and 1 pushing click; a 'Mech: +1 heat."""
    if unit.is_mech:
        return PushEffect(second_token=False, clicks=0, heat=1)
    return PushEffect(second_token=True, clicks=1, heat=0)


def tokens_after_cleanup(tokens: int, order: OrderKind | None, *, shutdown: bool) -> int:
    """AOD-7.6 step 2: the tokens a unit keeps at the end of its owner's turn.

    No order: none. A non-Vent order: only this turn's one. A Vent: unchanged. A shut-down 'Mech
    keeps its two (AOD-10.4).
    """
    if shutdown:
        return tokens
    if order is None:
        return 0
    if order is OrderKind.VENT:
        return tokens
    return 1


class Contact(enum.StrEnum):
    """How an enemy in base contact bears on a break-away (AOD-8.4)."""

    ACTIVE = "active"
    """A working enemy: it holds the mover."""
    DISABLED = "disabled"
    """Shut down or showing Heavy Damage: it does not (AOD-8.4, AOD-25 #10)."""


@frozen
class BreakAway:
    """The break-away roll a Move order starts with (AOD-8.4).

    Attributes:
        needed: a d6 must be rolled (False: no enemy holds it, or the success is automatic).
        automatic: every enemy in contact is shut down or heavily damaged: success, no roll.
        fails_on: the roll fails on this or less.
        may_rotate: after a failure the unit may still turn (infantry, 'Mechs in 'Mech mode).
        pushes_infantry: a success gives each enemy infantry in contact 1 pushing click ('Mech
            mode).
    """

    needed: bool
    automatic: bool
    fails_on: int
    may_rotate: bool
    pushes_infantry: bool


def break_away_rule(unit: UnitDef, contacts: Sequence[tuple[UnitType, Contact]]) -> BreakAway:
    """AOD-8.4: the break-away roll of ``unit`` held by enemies ``contacts`` (type, state).

    Fails on 1-3 for infantry and vehicles, on 1 for hover, on 1-2 for 'Mechs and Quads. A Quad
    needs no roll to leave enemy infantry only. Every enemy disabled: automatic success ([INTERP]
    AOD-25 #10). No contacts: nothing to roll.
    """
    mode = unit.speed_mode
    mech_mode = mode is SpeedMode.MECH
    if unit.unit_type is UnitType.INFANTRY:
        fails_on, rotate = 3, True
    elif unit.unit_type is UnitType.VEHICLE:
        fails_on, rotate = (1 if mode is SpeedMode.HOVER else 3), False
    else:
        fails_on, rotate = 2, mech_mode
    if not contacts:
        return BreakAway(
            needed=False,
            automatic=False,
            fails_on=fails_on,
            may_rotate=rotate,
            pushes_infantry=False,
        )
    automatic = all(state is Contact.DISABLED for _, state in contacts)
    quad_free = mode is SpeedMode.QUAD and all(k is UnitType.INFANTRY for k, _ in contacts)
    return BreakAway(
        needed=not (automatic or quad_free),
        automatic=automatic,
        fails_on=fails_on,
        may_rotate=rotate,
        pushes_infantry=mech_mode,
    )
