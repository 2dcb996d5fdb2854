"""MASC and triple-strength myomer (BT-C-75, BT-C-68/73): the two items that change a 'Mech's MP.

**MASC** (BT-C-75: "raises running MP (walking x 2) when activated; needs a roll to avoid leg
damage"). The player switches it on when the 'Mech runs (`commands.Move.masc`, the command word
``masc`` in place of ``run``); its running MP are then its current Walking MP x 2
(`masc_run_mp`). Before the first step the 'Mech rolls 2D6 (`MASCRolled`,
`engine.battletech.rules.mascroll`): at least the target number and all is well; less and the MASC
fails.

ASSUMPTION (the digest gives no numbers; MegaMek's, from the BattleTech Master Rules):

- the target number is 3, 5, 7, 11, then 13 (a certain failure) (`MASC_TARGETS`), indexed by
  the MASC level: each turn the MASC is used raises the level by 1, each turn it is not used
  lowers it by 1 (never below 0) (`masc_level`);
- a failure is "as if the 'Mech took two hip criticals": the hip actuator of each leg that has
  one left is hit (a PSR each, BT-C-49 +2, rolled at once as damage outside an attack phase is)
  and the MASC is destroyed (every line of it).

DESIGN: a failed roll ends the move where the 'Mech stands (with both hips locked it has no MP
left: BT-M-20.6); it has declared running (attacker +2, BT-M-38) but entered no hex. The roll is
made once a turn, before the first step; a later `Move` of the same turn (after a fall) keeps the
MASC allowance without a second roll.

**Triple-strength myomer** (BT-C-75: "at heat >= 9: +2 walking MP, and physical-attack damage
doubles"): `tsm_bonus` is added to the Walking MP before the heat loss (BT-M-20.6, as MegaMek
does), so running MP follow; `tsm_factor` doubles punches, kicks, clubs, hatchets and swords.
ASSUMPTION (standard): charges, DFAs and pushes are not doubled (their damage comes from tonnage
and movement, not from the myomer). The heat is the 'Mech's heat now, that is at the start of
the turn (the Heat phase comes after the attacks).
"""

from __future__ import annotations

import attrs
from attrs import frozen

from engine.battletech.data import catalogue
from engine.battletech.designs.mech import Location
from engine.battletech.events import BTEvent
from engine.battletech.evolve import evolve
from engine.battletech.state import BTState, MoveMode, UnitState

__all__ = [
    "MASC_EVENTS",
    "MASC_TARGETS",
    "TSM_HEAT",
    "TSM_WALK",
    "MASCRolled",
    "has_masc",
    "has_tsm",
    "masc_index",
    "masc_level",
    "masc_reason",
    "masc_run_mp",
    "masc_target",
    "sensible",
    "tsm_active",
    "tsm_bonus",
    "tsm_factor",
]

MASC_TARGETS = (3, 5, 7, 11, 13)
"""ASSUMPTION (MegaMek, Master Rules): the MASC roll's target by MASC level (13+: fails)."""

TSM_HEAT = 9
"""BT-C-75: triple-strength myomer works at this heat and above."""

TSM_WALK = 2
"""BT-C-75: the Walking MP triple-strength myomer adds at ``TSM_HEAT``."""

_LEGS = (Location.LL, Location.RL)


def _flagged(unit: UnitState, flag: str) -> list[int]:
    found = []
    for index, item in enumerate(unit.mech_design.equipment):
        spec = catalogue.SPECS.get(item.name)
        if spec is not None and flag in spec.flags:
            found.append(index)
    return found


def _destroyed(unit: UnitState, index: int) -> bool:
    item = unit.mech_design.equipment[index]
    return unit.mech.location_destroyed(item.location) or any(
        unit.mech.slot_hit(item.location, slot) for slot in item.slots
    )


# ------------------------------------------------------------------ TSM
def has_tsm(unit: UnitState) -> bool:
    """BT-C-68: the 'Mech carries triple-strength myomer."""
    return bool(_flagged(unit, "tsm"))


def tsm_active(unit: UnitState, heat: int | None = None) -> bool:
    """BT-C-75: the myomer works: the 'Mech has it and its heat is ``TSM_HEAT`` or more."""
    return (unit.mech.heat if heat is None else heat) >= TSM_HEAT and has_tsm(unit)


def tsm_bonus(unit: UnitState, heat: int | None = None) -> int:
    """BT-C-75: Walking MP the myomer adds now (+2 at heat 9+, else 0)."""
    return TSM_WALK if tsm_active(unit, heat) else 0


def tsm_factor(unit: UnitState) -> int:
    """BT-C-75: what punch, kick, club, hatchet and sword damage is multiplied by (2 or 1)."""
    return 2 if tsm_active(unit) else 1


# ------------------------------------------------------------------ MASC
def masc_index(unit: UnitState) -> int | None:
    """The equipment index of the 'Mech's first working MASC, or None."""
    return next((i for i in _flagged(unit, "masc") if not _destroyed(unit, i)), None)


def has_masc(unit: UnitState) -> bool:
    """BT-C-68/73: the 'Mech carries a MASC that works."""
    return masc_index(unit) is not None


def masc_level(unit: UnitState, turn: int) -> int:
    """ASSUMPTION (MegaMek): the MASC level in ``turn``: +1 a turn used, -1 a turn not used."""
    if unit.mech.masc_turn <= 0:
        return 0
    if unit.mech.masc_turn >= turn:
        return unit.mech.masc_level
    return max(0, unit.mech.masc_level - (turn - unit.mech.masc_turn - 1))


def masc_target(unit: UnitState, turn: int) -> int:
    """ASSUMPTION (MegaMek): the MASC roll's target number now (3, 5, 7, 11, then 13)."""
    return MASC_TARGETS[min(masc_level(unit, turn), len(MASC_TARGETS) - 1)]


def masc_run_mp(unit: UnitState, walk: int) -> int:
    """BT-C-75: running MP with MASC: Walking MP x 2 (0 with a leg destroyed: it cannot run)."""
    if any(unit.mech.location_destroyed(leg) for leg in _LEGS):
        return 0
    return walk * 2


def masc_reason(unit: UnitState, mode: MoveMode) -> str:
    """Why ``unit`` may not switch its MASC on for a move in ``mode`` now ("" when it may)."""
    movement = unit.movement
    if movement is not None and movement.masc:
        return ""  # switched on this turn already: the move goes on with it
    if masc_index(unit) is None:
        broken = bool(_flagged(unit, "masc"))
        return f"the {unit.name}'s MASC is destroyed" if broken else f"the {unit.name} has no MASC"
    if mode is not MoveMode.RUN:
        return "MASC is used only when running (BT-C-75)"
    if movement is not None:
        return f"the {unit.name} has started its move without MASC: it is switched on first"
    return ""


@frozen
class MASCRolled(BTEvent):
    """BT-C-75: ``unit`` switched its MASC on and rolled 2D6 against ``target``.

    ``passed``: the roll made it. A failure destroys the MASC (``masc``, its equipment index)
    and hits both hips (`CriticalHit` events follow).
    """

    TAG = "bt/masc"
    unit: int
    masc: int
    target: int
    roll: tuple[int, ...]
    passed: bool


MASC_EVENTS: tuple[type[BTEvent], ...] = (MASCRolled,)
"""The event classes of this module (`engine.battletech.BattleTech.event_types` adds them)."""


@evolve.register
def _masc_rolled(event: MASCRolled, state: BTState) -> BTState:
    unit = state.units[event.unit]
    level = masc_level(unit, state.turn) + 1
    body = attrs.evolve(unit.mech, masc_level=level, masc_turn=state.turn)
    if not event.passed:
        item = unit.mech_design.equipment[event.masc]
        body = attrs.evolve(body, crits=body.crits | {(item.location, slot) for slot in item.slots})
    movement = None if unit.movement is None else attrs.evolve(unit.movement, masc=True)
    return state.replace_unit(event.unit, attrs.evolve(unit, body=body, movement=movement))


SAFE_TARGET = 3
"""The computer players switch MASC on only when the roll needs this or less (1 in 36 fails)."""


def sensible(state: BTState, index: int) -> bool:
    """Whether a computer player may run unit ``index`` with its MASC on now.

    It has a working MASC, has not started moving, is not dumping ammunition (BT-C-58: no
    running), and the roll needs `SAFE_TARGET` or less (only the first turn of a run of uses).
    """
    unit = state.units[index]
    return (
        unit.movement is None
        and not unit.dumping
        and has_masc(unit)
        and masc_target(unit, state.turn) <= SAFE_TARGET
    )
