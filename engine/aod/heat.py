"""The heat dial of a 'Mech: heat, its checks, shutdown, cooling and restart (AOD-10).

Rules: AOD-3.5 (the heat dial), AOD-10.1 (energy hits, once per turn), AOD-10.2 (the total
first, then the checks, each rolled separately and applied together, in a loop while a result
adds heat), AOD-10.3 (cooling, never below start; checks revealed by cooling), AOD-10.4
(shutdown: automatic at the radiation symbols, or by a failed check with the dial not moved;
heat ignored while shut down, AOD-25 #37), AOD-10.5 (restart by roll or at start) and the
INVENTED heat dial ``HEAT-STD`` of AOD-26.14 (checks trigger when the dial *arrives* at a
position; an ammo explosion is unreducible damage and +1 heat).

`add_heat` and `cool` take the total change of one order (or of clean-up) and return a
`HeatOutcome` carrying every die rolled. The turn machine keeps two per-turn flags the dial does
not: "took energy heat this turn" (`energy_heat`) and "restarted through a roll this turn"
(``HeatOutcome.restarted_by_roll``; pass it back as ``checks_suspended``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from types import MappingProxyType
from typing import Final

from attrs import evolve, frozen

from engine.aod.dial import DamageKind, DamageTaken, take_damage
from engine.aod.status import DialStatus
from engine.aod.terrain import TerrainType
from engine.aod.units import BaseType, HeatCheck, HeatDial, HeatPosition, UnitDef
from engine.dice import DiceSource

__all__ = [
    "SHUTDOWN_ATTACK_BONUS",
    "SHUTDOWN_TOKENS",
    "HeatOutcome",
    "HeatRoll",
    "Shutdown",
    "add_heat",
    "clean_up",
    "cleanup_cooling",
    "cool",
    "energy_heat",
    "heat_position",
    "shutdown_attack_bonus",
    "vent",
]

SHUTDOWN_TOKENS: Final = 2
"""AOD-7.4, AOD-10.4: a shut-down 'Mech is marked with two order tokens."""
SHUTDOWN_ATTACK_BONUS: Final = 4
"""AOD-10.4: attackers get +4 against a shut-down 'Mech."""


class Shutdown(enum.StrEnum):
    """How a 'Mech shut down (AOD-10.4)."""

    AUTOMATIC = "automatic"
    """The dial reached the three radiation symbols."""
    CHECK = "check"
    """An avoid-shutdown check failed; the dial stays where it is."""


@frozen
class HeatRoll:
    """One heat-effect roll: a d6 against ``need`` at heat-dial ``position`` (AOD-10.2).

    ``kind`` is the check's (``"shutdown"``, ``"ammo"``), or ``"restart"`` for an avoid-shutdown
    check a shut-down 'Mech reaches while cooling (AOD-10.5, AOD-26.14).
    """

    kind: str
    position: int
    need: int
    die: int

    @property
    def passed(self) -> bool:
        """The die shows ``need`` or more."""
        return self.die >= self.need


@frozen
class HeatOutcome:
    """What one change of heat did to a 'Mech (AOD-10.2 .. AOD-10.5).

    Attributes:
        before: the status before the change.
        status: the status after it, ammo damage included.
        change: the heat asked for (+) or the cooling (-), before anything was ignored.
        rolls: every heat-effect roll, in order.
        damage: what each ammo explosion did (unreducible clicks, AOD-26.14).
        shutdown: how the 'Mech shut down in this change, or None.
        restarted: the 'Mech restarted in this change: remove its shutdown tokens (AOD-10.5).
        restarted_by_roll: it restarted through a roll: no more heat rolls this turn (AOD-10.5).
        account: one line for the log ("" when nothing happened).
    """

    before: DialStatus
    status: DialStatus
    change: int
    rolls: tuple[HeatRoll, ...] = ()
    damage: tuple[DamageTaken, ...] = ()
    shutdown: Shutdown | None = None
    restarted: bool = False
    restarted_by_roll: bool = False
    account: str = ""

    @property
    def eliminated(self) -> bool:
        """An ammo explosion destroyed the 'Mech (AOD-17.4)."""
        return any(hit.eliminated for hit in self.damage)

    @property
    def heavy_damage_appeared(self) -> bool:
        """An ammo explosion turned the dial onto Heavy Damage (AOD-17.3)."""
        return any(hit.heavy_damage_appeared for hit in self.damage)

    @property
    def tokens(self) -> int:
        """Order tokens to mark the 'Mech with: two if it shut down now, else 0 (AOD-7.4)."""
        return SHUTDOWN_TOKENS if self.shutdown is not None else 0


def heat_position(heat_dial: HeatDial, status: DialStatus) -> HeatPosition:
    """The heat-dial position showing: its modifiers, checks and radiation symbols (AOD-3.5)."""
    return heat_dial.positions[status.heat]


def shutdown_attack_bonus(status: DialStatus) -> int:
    """The attack modifier against this unit for its heat dial: +4 when shut down (AOD-10.4)."""
    return SHUTDOWN_ATTACK_BONUS if status.shutdown else 0


# ---------------------------------------------------------------- AOD-10.2 heating


def add_heat(
    unit: UnitDef,
    heat_dial: HeatDial,
    status: DialStatus,
    amount: int,
    dice: DiceSource,
    *,
    checks_suspended: bool = False,
) -> HeatOutcome:
    """Apply the total heat of one order, then the checks the dial shows, in a loop (AOD-10.2).

    Args:
        unit: a 'Mech (heat dials are 'Mechs' only, AOD-3.5).
        heat_dial: its heat dial.
        status: its dials now.
        amount: the total heat of the order (AOD-10.1), all applied before any roll.
        dice: one d6 per check.
        checks_suspended: it restarted through a roll this turn: no heat rolls (AOD-10.5).

    Heat gained while shut down, of either kind, is ignored (AOD-10.4; AOD-25 #37). Reaching the
    radiation symbols shuts the 'Mech down with no roll. Otherwise each check of the position
    reached is rolled on its own die and the results apply together; a failed ammo check's heat
    is applied at once and the new position's checks rolled, until no heat is added or the 'Mech
    shuts down. [reading] When a shutdown check fails in the same batch as an ammo check, the
    explosion's damage counts but its heat is ignored: the 'Mech is already shut down.
    """
    _require_mech(unit, heat_dial)
    if amount <= 0:
        return HeatOutcome(status, status, amount)
    if status.shutdown:
        return HeatOutcome(
            status, status, amount, account=f"{unit.name} is shut down: the heat is ignored."
        )
    if checks_suspended:
        return _no_rolls(unit, heat_dial, status, amount)
    return _loop(unit, heat_dial, status, status, dice, heat=amount, change=amount)


def _no_rolls(unit: UnitDef, heat_dial: HeatDial, status: DialStatus, amount: int) -> HeatOutcome:
    """Heat with no rolls (AOD-10.5), still shutting down at the radiation symbols (AOD-10.4)."""
    now = evolve(status, heat=min(status.heat + amount, heat_dial.shutdown_position))
    shutdown = Shutdown.AUTOMATIC if heat_position(heat_dial, now).shutdown else None
    now = evolve(now, shutdown=shutdown is not None)
    return HeatOutcome(
        status,
        now,
        amount,
        shutdown=shutdown,
        account=_heat_account(unit, status, now, shutdown),
    )


def _loop(
    unit: UnitDef,
    heat_dial: HeatDial,
    before: DialStatus,
    now: DialStatus,
    dice: DiceSource,
    *,
    heat: int,
    change: int,
) -> HeatOutcome:
    """Add ``heat`` (0: none) to ``now``, then roll what the dial shows, while heat is added.

    AOD-10.2: checks are rolled one die each, their results applied together; heat a result adds
    is applied at once and the new position's checks rolled, until no heat is added, the 'Mech
    shuts down, or it is destroyed.
    """
    rolls: list[HeatRoll] = []
    damage: list[DamageTaken] = []
    shutdown: Shutdown | None = None
    while True:
        if heat > 0:
            now = evolve(now, heat=min(now.heat + heat, heat_dial.shutdown_position))
        position = heat_position(heat_dial, now)
        if position.shutdown:
            # AOD-10.4: three radiation symbols: automatic shutdown, no roll
            shutdown = Shutdown.AUTOMATIC
            break
        batch = tuple(_roll(check, now.heat, dice) for check in position.checks)
        rolls.extend(batch)
        now, heat, shutdown, blown = _apply_batch(unit, now, batch, position.checks)
        damage.extend(blown)
        if heat <= 0 or shutdown is not None or now.eliminated(unit):
            break
    now = evolve(now, shutdown=now.shutdown or shutdown is not None)
    return HeatOutcome(
        before=before,
        status=now,
        change=change,
        rolls=tuple(rolls),
        damage=tuple(damage),
        shutdown=shutdown,
        account=_heat_account(unit, before, now, shutdown, damage=damage, rolls=rolls),
    )


def _roll(check: HeatCheck, position: int, dice: DiceSource) -> HeatRoll:
    return HeatRoll(check.kind, position, check.need, dice.die(6))


def _apply_batch(
    unit: UnitDef,
    status: DialStatus,
    batch: tuple[HeatRoll, ...],
    checks: tuple[HeatCheck, ...],
) -> tuple[DialStatus, int, Shutdown | None, list[DamageTaken]]:
    """Apply one position's roll results together (AOD-10.2): damage, heat to add, shutdown."""
    failed = [check for roll, check in zip(batch, checks, strict=True) if not roll.passed]
    shutdown = Shutdown.CHECK if any(c.kind == "shutdown" for c in failed) else None
    now = status
    blown: list[DamageTaken] = []
    for check in failed:
        if check.damage > 0 and not now.eliminated(unit):
            # AOD-26.14: an ammo explosion's damage cannot be reduced
            hit = take_damage(unit, now, check.damage, DamageKind.UNREDUCIBLE)
            blown.append(hit)
            now = hit.status
    # AOD-10.4: heat is ignored once shut down; AOD-10.2: otherwise it feeds the loop
    more = 0 if shutdown else sum(check.heat for check in failed)
    return now, more, shutdown, blown


_ROLL_NAMES: Final = MappingProxyType(
    {"shutdown": "avoid shutdown", "ammo": "avoid an ammo explosion", "restart": "restart"}
)


def _rolls_said(rolls: Iterable[HeatRoll]) -> list[str]:
    return [f"rolls {r.die} to {_ROLL_NAMES.get(r.kind, r.kind)} (needs {r.need})" for r in rolls]


def _heat_account(
    unit: UnitDef,
    before: DialStatus,
    after: DialStatus,
    shutdown: Shutdown | None,
    *,
    damage: Sequence[DamageTaken] = (),
    rolls: Iterable[HeatRoll] = (),
) -> str:
    parts = [f"{unit.name}'s heat goes from {before.heat} to {after.heat}", *_rolls_said(rolls)]
    if damage:
        taken = sum(hit.taken for hit in damage)
        parts.append(f"its ammunition explodes for {taken} damage")
    if after.eliminated(unit):
        parts.append("it is destroyed")
    elif shutdown is Shutdown.AUTOMATIC:
        parts.append("it overheats and shuts down")
    elif shutdown is Shutdown.CHECK:
        parts.append("it shuts down")
    return "; ".join(parts) + "."


# ---------------------------------------------------------------- AOD-10.3 cooling


def cleanup_cooling(unit: UnitDef, *, ordered: bool, water: TerrainType | None = None) -> int:
    """The cooling a 'Mech gets in clean-up (AOD-7.6, AOD-10.3).

    Args:
        unit: the 'Mech.
        ordered: it received an order this turn; a Vent and a formation order count.
        water: the water it started *and* ended the turn in (``SHALLOW`` or ``DEEP``), or None.

    No order: 1. Shallow water: 1 more, deep water 2 more; a Quad 'Mech in any water 2 more,
    whatever the depth.
    """
    total = 0 if ordered else 1
    if water in (TerrainType.SHALLOW, TerrainType.DEEP):
        if unit.base is BaseType.QUAD:
            total += 2
        else:
            total += 1 if water is TerrainType.SHALLOW else 2
    return total


def clean_up(
    unit: UnitDef,
    heat_dial: HeatDial,
    status: DialStatus,
    dice: DiceSource,
    *,
    ordered: bool,
    water: TerrainType | None = None,
    checks_suspended: bool = False,
) -> HeatOutcome:
    """The heat step of clean-up (AOD-7.6 step 1): `cleanup_cooling`, then `cool`."""
    amount = cleanup_cooling(unit, ordered=ordered, water=water)
    return cool(unit, heat_dial, status, amount, dice, checks_suspended=checks_suspended)


def vent(
    unit: UnitDef,
    heat_dial: HeatDial,
    status: DialStatus,
    dice: DiceSource,
    *,
    checks_suspended: bool = False,
) -> HeatOutcome:
    """A Vent order: cool by the unit's vent rating (AOD-10.3); see `cool`."""
    return cool(unit, heat_dial, status, unit.vent, dice, checks_suspended=checks_suspended)


def cool(
    unit: UnitDef,
    heat_dial: HeatDial,
    status: DialStatus,
    amount: int,
    dice: DiceSource,
    *,
    checks_suspended: bool = False,
) -> HeatOutcome:
    """Cool by the total ``amount``, then roll what the dial shows (AOD-10.3, AOD-10.5).

    Args:
        unit: a 'Mech.
        heat_dial: its heat dial.
        status: its dials now.
        amount: the full cooling of the order or of clean-up (`cleanup_cooling`).
        dice: one d6 per check.
        checks_suspended: it restarted through a roll this turn: no heat rolls (AOD-10.5).

    Heat never drops below start. The checks of the position reached are rolled after the full
    cooling, as for heating (AOD-10.3). A shut-down 'Mech restarts on reaching start; before
    that, an avoid-shutdown check it reaches is its restart roll, and a pass restarts it with no
    other roll (AOD-10.5, AOD-26.14). [reading] If that roll fails, the position's other checks
    are rolled as usual (their heat ignored: it is still shut down).
    """
    _require_mech(unit, heat_dial)
    cooled = evolve(status, heat=max(status.heat - max(amount, 0), 0))
    if cooled.heat == status.heat:
        return HeatOutcome(status, status, -amount)
    if status.shutdown and cooled.heat == 0:
        # AOD-10.5: back at start (three green squares): automatic restart
        done = evolve(cooled, shutdown=False)
        return HeatOutcome(
            status,
            done,
            -amount,
            restarted=True,
            account=f"{unit.name} cools to {done.heat} and restarts.",
        )
    position = heat_position(heat_dial, cooled)
    if checks_suspended or not position.checks:
        return HeatOutcome(status, cooled, -amount, account=f"{unit.name} cools to {cooled.heat}.")
    if status.shutdown:
        return _restart_roll(unit, heat_dial, status, cooled, dice, amount=amount)
    # AOD-10.3: the full cooling first, then the checks it reveals, as for heating
    return _loop(unit, heat_dial, status, cooled, dice, heat=0, change=-amount)


def _restart_roll(
    unit: UnitDef,
    heat_dial: HeatDial,
    before: DialStatus,
    cooled: DialStatus,
    dice: DiceSource,
    *,
    amount: int,
) -> HeatOutcome:
    """A shut-down 'Mech cooled onto checks: the avoid-shutdown one restarts it (AOD-10.5)."""
    checks = heat_position(heat_dial, cooled).checks
    restart = next((c for c in checks if c.kind == "shutdown"), None)
    rolls: tuple[HeatRoll, ...] = ()
    if restart is not None:
        roll = evolve(_roll(restart, cooled.heat, dice), kind="restart")
        rolls = (roll,)
        if roll.passed:
            # AOD-10.5: restarted through a roll: no other heat rolls this turn
            done = evolve(cooled, shutdown=False)
            return HeatOutcome(
                before,
                done,
                -amount,
                rolls,
                restarted=True,
                restarted_by_roll=True,
                account=f"{unit.name} cools to {done.heat}; {_rolls_said(rolls)[0]}; it restarts.",
            )
    # [reading] still shut down: the other checks are rolled, their heat ignored (AOD-10.4)
    others = tuple(c for c in checks if c is not restart)
    batch = tuple(_roll(check, cooled.heat, dice) for check in others)
    now, _, _, blown = _apply_batch(unit, cooled, batch, others)
    return HeatOutcome(
        before,
        now,
        -amount,
        rolls + batch,
        tuple(blown),
        account=_heat_account(
            unit, before, now, None, damage=blown, rolls=rolls + batch
        ).removesuffix(".")
        + "; it stays shut down.",
    )


def energy_heat(
    unit: UnitDef,
    heat_dial: HeatDial | None,
    status: DialStatus,
    clicks_taken: int,
    dice: DiceSource,
    *,
    already: bool,
) -> tuple[HeatOutcome, bool]:
    """+1 heat to a 'Mech an energy ranged attack damaged, once per turn (AOD-10.1, AOD-11.2).

    Args:
        unit: the target.
        heat_dial: its heat dial (None for infantry and vehicles, which take no heat).
        status: its dials after the damage.
        clicks_taken: the damage clicks the attack dealt it (after armour).
        dice: for the checks the heat reaches.
        already: it took energy heat earlier this turn.

    Returns:
        The heat outcome (nothing when no heat is due) and the new "took energy heat" flag.
    """
    if heat_dial is None or not unit.is_mech or clicks_taken < 1 or already:
        return HeatOutcome(status, status, 0), already
    if status.eliminated(unit):
        return HeatOutcome(status, status, 0), True
    return add_heat(unit, heat_dial, status, 1, dice), True


def _require_mech(unit: UnitDef, heat_dial: HeatDial) -> None:
    if not unit.is_mech or unit.heat_dial != heat_dial.id:
        raise ValueError(f"{unit.name} has no heat dial {heat_dial.id!r}")
