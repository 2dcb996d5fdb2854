"""The combat dial in play: damage, Heavy Damage, elimination and repair.

Rules: AOD-3.4 (dial markers), AOD-7.3 (orders a unit's dial allows), AOD-11.5 (damage
categories), AOD-17.1 (taking damage), AOD-17.2 (repair), AOD-17.3 (Heavy Damage), AOD-17.4
(elimination), AOD-25 #13 and #18, and the armour of the INVENTED SE catalogue (AOD-26.14:
Heavy Armor, Reactive Armor).

Every function takes the printed `UnitDef` and the unit's `DialStatus` and returns a new status
inside a frozen outcome record that says what happened in one readable line. Combat works out
*how much* damage an attack deals and of which category, up to AOD-11.8 step 6e (criticals,
energy against infantry); `take_damage` does steps 6f and 6g: the target's armour, then the clicks.
"""

from __future__ import annotations

import enum
from typing import Final

from attrs import frozen

from engine.aod.status import DialStatus
from engine.aod.units import Click, SpeedMode, UnitDef

__all__ = [
    "ARMOUR",
    "ORDERS",
    "Armour",
    "DamageKind",
    "DamageTaken",
    "RepairDone",
    "allowed_orders",
    "functional",
    "heavy_damage",
    "order_problem",
    "reduced_damage",
    "repair",
    "repair_problem",
    "take_damage",
    "window",
]


class DamageKind(enum.StrEnum):
    """The damage categories of AOD-11.5, plus the unreducible damage of heat (AOD-26.14)."""

    BALLISTIC = "ballistic"
    """Ballistic ranged attacks and artillery: every reduction applies."""
    ENERGY = "energy"
    """Energy ranged attacks (combat has already made it 1 against infantry, AOD-11.8 6e)."""
    CLOSE = "close"
    """Close-combat orders, melee weapon or none."""
    IMPACT = "impact"
    """Charge, DFA and ram, and their self-damage (AOD-16.1, AOD-25 #13): no armour."""
    PUSHING = "pushing"
    """Pushing, critical misses, circle SE, failed capture...: cannot be prevented (AOD-11.5)."""
    UNREDUCIBLE = "unreducible"
    """An ammo explosion on the heat dial (AOD-26.14 ``HEAT-STD``): cannot be reduced."""


@frozen
class Armour:
    """An armour SE of AOD-26.14: ``reduction`` clicks off the damage kinds it covers, minimum 1."""

    code: str
    reduction: int
    covers: frozenset[DamageKind]


ARMOUR: Final = (
    Armour("HA", 1, frozenset({DamageKind.BALLISTIC, DamageKind.ENERGY, DamageKind.CLOSE})),
    Armour("RA", 2, frozenset({DamageKind.BALLISTIC})),
)
"""AOD-26.14 [INVENTED]: Heavy Armor -1 from each ranged or close-combat attack, Reactive Armor
-2 from ballistic attacks (artillery included); both minimum 1, neither against impact or pushing
damage (AOD-3.6, AOD-11.5, AOD-16.1). Both are square, not optional: shutdown leaves them on."""

ORDERS: Final = ("move", "vent", "ranged", "close", "assault")
"""The five order categories (AOD-7.3; AOD-25 #2), by the names the turn machine uses."""


def window(unit: UnitDef, status: DialStatus) -> Click:
    """The click showing in the dial window (AOD-3.3); a programmer error once eliminated."""
    if status.eliminated(unit):
        raise ValueError(f"{unit.name} is eliminated: its dial shows no values")
    return unit.dial[status.click]


# ---------------------------------------------------------------- AOD-17.3 Heavy Damage


def heavy_damage(unit: UnitDef, status: DialStatus) -> bool:
    """The window shows Heavy Damage (AOD-3.4, AOD-17.3); False once eliminated."""
    return not status.eliminated(unit) and unit.dial[status.click].heavy_damage


def functional(unit: UnitDef, status: DialStatus) -> bool:
    """On the board and not showing Heavy Damage (AOD-17.3; AOD-25 #3): for game end and VP."""
    return not status.eliminated(unit) and not heavy_damage(unit, status)


def allowed_orders(unit: UnitDef, status: DialStatus) -> frozenset[str]:
    """The orders (of `ORDERS`) the dials leave a unit; its type may forbid more (AOD-7.3).

    Heavy Damage: Move only (AOD-17.3). Shut down: Vent only (AOD-10.4). Both: none, though
    passive cooling still applies (AOD-25 #18). Eliminated: none.
    """
    allowed = frozenset(ORDERS)
    if status.eliminated(unit):
        return frozenset()
    if heavy_damage(unit, status):
        allowed &= {"move"}
    if status.shutdown:
        allowed &= {"vent"}
    return allowed


def order_problem(unit: UnitDef, status: DialStatus, order: str) -> str:
    """Why the dials forbid ``order`` (one of `ORDERS`), or "" (AOD-7.3, AOD-10.4, AOD-17.3)."""
    if order in allowed_orders(unit, status):
        return ""
    # AOD-17.4: removed at once
    if status.eliminated(unit):
        return f"{unit.name} has been destroyed."
    # AOD-25 #18: Heavy Damage and shutdown together leave no order
    if status.shutdown and heavy_damage(unit, status):
        return f"{unit.name} is shut down and heavily damaged: it cannot take orders."
    # AOD-10.4: a shut-down 'Mech may only vent
    if status.shutdown:
        return f"{unit.name} is shut down: it can only vent."
    # AOD-17.3: Heavy Damage allows Move orders only
    return f"{unit.name} is heavily damaged: it can only move."


# ---------------------------------------------------------------- AOD-17.1 damage


def reduced_damage(
    unit: UnitDef, status: DialStatus, clicks: int, kind: DamageKind
) -> tuple[int, tuple[str, ...]]:
    """Damage after the target's armour (AOD-11.8 step 6f; AOD-26.14), and the codes that cut it.

    Armour works while it shows in the window (AOD-3.6); each applicable one takes off its
    reduction, and the result never drops below 1 (nor raises a 0 to 1).
    """
    if clicks <= 0:
        return 0, ()
    click = window(unit, status)
    used = tuple(a for a in ARMOUR if kind in a.covers and click.shows(a.code))
    if not used:
        return clicks, ()
    return max(1, clicks - sum(a.reduction for a in used)), tuple(a.code for a in used)


@frozen
class DamageTaken:
    """What damage did to one unit (AOD-17.1, AOD-17.3, AOD-17.4).

    Attributes:
        before: the status before the damage.
        status: the status after it.
        kind: the damage category (AOD-11.5).
        dealt: the clicks the attack dealt, before armour.
        taken: the clicks the dial turned (armour off; it stops at elimination).
        armour: the codes of the armour SE that cut the damage.
        heavy_damage_appeared: Heavy Damage shows now and did not before (AOD-17.3).
        eliminated: the three-hits position shows (AOD-17.4).
        forced_descent: a VTOL whose Heavy Damage just appeared drops to NOE at once (AOD-8.9).
        must_unload: a transport whose Heavy Damage just appeared unloads at once (AOD-17.3).
        account: one line for the log.
    """

    before: DialStatus
    status: DialStatus
    kind: DamageKind
    dealt: int
    taken: int
    armour: tuple[str, ...]
    heavy_damage_appeared: bool
    eliminated: bool
    forced_descent: bool
    must_unload: bool
    account: str


def take_damage(unit: UnitDef, status: DialStatus, clicks: int, kind: DamageKind) -> DamageTaken:
    """Turn the dial ``clicks`` clicks clockwise, after armour, stopping at elimination (AOD-17.1).

    Args:
        unit: the damaged unit.
        status: its dials before the damage.
        clicks: the damage dealt, after AOD-11.8 steps 6a-6e (combat's part).
        kind: the category, which decides the armour that applies (AOD-11.5, AOD-26.14).
    """
    taken, armour = reduced_damage(unit, status, clicks, kind)
    after = status.with_click(min(status.click + taken, unit.ko_click))
    turned = after.click - status.click
    appeared = heavy_damage(unit, after) and not heavy_damage(unit, status)
    gone = after.eliminated(unit)
    return DamageTaken(
        before=status,
        status=after,
        kind=kind,
        dealt=max(clicks, 0),
        taken=turned,
        armour=armour,
        heavy_damage_appeared=appeared,
        eliminated=gone,
        forced_descent=appeared and unit.speed_mode is SpeedMode.VTOL,
        must_unload=appeared and unit.is_transport,
        account=_damage_account(unit, clicks, turned, armour, appeared=appeared, gone=gone),
    )


def _damage_account(
    unit: UnitDef,
    dealt: int,
    turned: int,
    armour: tuple[str, ...],
    *,
    appeared: bool,
    gone: bool,
) -> str:
    said = f"{unit.name} takes {_clicks(turned)}"
    if armour:
        said += f" ({dealt} less armour)"
    if gone:
        return said + " and is destroyed."
    if appeared:
        return said + " and is heavily damaged."
    return said + "."


def _clicks(n: int) -> str:
    return f"{n} click" if n == 1 else f"{n} clicks"


# ---------------------------------------------------------------- AOD-17.2 repair


def repair_problem(unit: UnitDef, status: DialStatus) -> str:
    """Why ``unit``'s dial cannot be repaired now, or "" (AOD-3.4, AOD-17.2).

    The attack symbols of AOD-26.14 (who may be repaired at all) are the Repair SE's rule.
    """
    # AOD-17.4: nothing left to repair
    if status.eliminated(unit):
        return f"{unit.name} has been destroyed."
    click = unit.dial[status.click]
    # AOD-17.2: once a black repair marker shows, no more repair
    if click.repair_marker:
        return f"{unit.name} shows a repair limit: it cannot be repaired any more."
    # AOD-3.4: repair never turns past the starting marker
    if status.click <= unit.start_click:
        return f"{unit.name} is undamaged."
    return ""


@frozen
class RepairDone:
    """What a repair did (AOD-17.2).

    Attributes:
        before: the status before the repair.
        status: the status after it (heat unchanged, AOD-26.14).
        clicks: the clicks the repair offered.
        repaired: the clicks the dial turned back.
        limit: the marker the window shows now if the dial reached one: "start", "repair marker"
            or "" (a repair offered more clicks than ``repaired`` only when one stopped it).
        account: one line for the log.
    """

    before: DialStatus
    status: DialStatus
    clicks: int
    repaired: int
    limit: str
    account: str


def repair(unit: UnitDef, status: DialStatus, clicks: int) -> RepairDone:
    """Turn the dial back up to ``clicks`` clicks, one at a time (AOD-17.2).

    It stops at once when the starting marker shows, or a black repair marker; a window that
    already shows a black marker (or the start) is not repaired at all (`repair_problem`).
    """
    problem = repair_problem(unit, status)
    if problem:
        return RepairDone(status, status, clicks, 0, "", problem)
    at = status.click
    limit = ""
    for _ in range(clicks):
        at -= 1
        # AOD-17.2: stop at once at the green starting marker or a black repair marker
        if at == unit.start_click:
            limit = "start"
            break
        if unit.dial[at].repair_marker:
            limit = "repair marker"
            break
    done = status.click - at
    account = f"{unit.name} is repaired by {_clicks(done)}."
    return RepairDone(status, status.with_click(at), clicks, done, limit, account)
