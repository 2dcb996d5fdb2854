"""Finding a club (BT-C-38): a severed limb, a tree, or a girder from a building's rubble.

A 'Mech picks up a club instead of declaring weapon fire (`TakeClub`, in its Weapon phase slot);
it can then neither fire nor make a physical attack this turn (BT-C-38). Sources, in the 'Mech's
own hex:

- a severed arm or leg lying there (BT-C-31: a limb blown off stays in the hex where it was lost);
- a tree, in a woods hex (it breaks after one successful attack, `physical.py`);
- a girder, searched for in the rubble of a medium, heavy or hardened building: 2D6 >= 7, 6 or 5
  (DESIGN: the rubble remembers the building's class in `BTState.rubble_class`; rubble whose
  building is unknown, as on a map, counts as medium).

DESIGN: the 'Mech must be standing, hold no club, and have both arms with working shoulders and
hands (what swinging a club needs). The best source is taken: a limb, then a tree, then a girder.
"""

from __future__ import annotations

from engine.battletech import events as ev
from engine.battletech.context import Ctx
from engine.battletech.designs.mech import Location
from engine.battletech.rules.condition import component_hits
from engine.battletech.state import BTState, UnitState
from engine.game import IllegalCommand

__all__ = ["GIRDER", "club_source", "take_club", "why_no_club"]

GIRDER = {"medium": 7, "heavy": 6, "hardened": 5}
"""BT-C-38: the 2D6 a search of a building's rubble needs to find a girder, by building class."""


def why_no_club(state: BTState, index: int) -> str:  # noqa: PLR0911 - one reason per rule
    """Why unit ``index`` cannot pick up a club now ("" when it can)."""
    unit = state.units[index]
    if not unit.on_map or unit.hex is None:
        return "it is not on the map"
    if not unit.is_mech:
        return "only a 'Mech picks up a club (BT-C-38)"
    if unit.mech.club:
        return f"it already holds a club ({unit.mech.club})"
    if unit.mech.prone:
        return "it is prone"
    if not _hands(unit):
        return "it needs both arms with working shoulders and hands"
    if club_source(state, index) is None:
        return "there is no limb, tree or rubble in its hex"
    return ""


def _hands(unit: UnitState) -> bool:
    for arm in (Location.LA, Location.RA):
        if unit.mech.location_destroyed(arm) or component_hits(unit, arm, "shoulder", "hand"):
            return False
        names = [name.lower() for name in unit.mech_design.slots_at(arm)]
        if not any("hand" in name for name in names):
            return False
    return True


def club_source(state: BTState, index: int) -> tuple[str, int | None] | None:
    """The best club source in the unit's hex: (kind, girder target or None), or None."""
    unit = state.units[index]
    if unit.hex is None:
        return None
    if any(where == unit.hex for where, _ in state.limbs):
        return "limb", None
    terrain = state.board.terrain(unit.hex)
    if terrain.woods:
        return "tree", None
    if terrain.rubble:
        kind = dict(state.rubble_class).get(unit.hex, "medium")
        target = GIRDER.get(kind)
        if target is not None:
            return "girder", target
    return None


def take_club(ctx: Ctx, index: int) -> None:
    """BT-C-38: pick up (or search for) a club in the unit's hex.

    Raises:
        IllegalCommand: why the unit cannot.
    """
    state = ctx.state
    why = why_no_club(state, index)
    if why:
        name = state.units[index].name
        raise IllegalCommand("club/none", f"the {name} cannot pick up a club: {why} (BT-C-38)")
    unit = state.units[index]
    where = unit.hex
    source = club_source(state, index)
    if where is None or source is None:  # checked above; for the type checker
        return
    kind, target = source
    if kind == "limb":
        limb = next(name for place, name in state.limbs if place == where)
        ctx.emit(ev.ClubSearched(index, where, limb, 0, (), found=True))
    elif kind == "tree":
        ctx.emit(ev.ClubSearched(index, where, "tree", 0, (), found=True))
    else:
        roll = ctx.roll(2)
        found = sum(roll) >= (target or 13)
        ctx.emit(ev.ClubSearched(index, where, "girder", target or 13, roll, found=found))
