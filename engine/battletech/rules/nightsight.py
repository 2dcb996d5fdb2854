"""Who knows of whom at night (issue 16 item 3, NT-5): lit hexes, gunflashes, known enemies.

The part of `engine.battletech.rules.night` that the to-hit rules read (an unknown enemy is no
target), kept apart so that `engine.battletech.rules.tohit` and the night's rules do not import
each other. `engine.battletech.rules.night` re-exports every name here.
"""

from __future__ import annotations

from engine.battletech.rules import c3
from engine.battletech.state import BTState, UnitState
from engine.hexes import Hex

__all__ = ["gunflashes", "is_known", "known_enemies", "lit_hexes", "near_lit"]


def lit_hexes(state: BTState) -> frozenset[Hex]:
    """NT-5: every hex lit now: the scenario's, burning hexes, and this turn's muzzle flashes."""
    night = state.night
    if night is None:
        return frozenset()
    burning = frozenset(h for h in state.board.positions() if state.board.terrain(h).fire)
    return night.lit | burning | night.flashes_in(state.turn)


def gunflashes(state: BTState) -> frozenset[Hex]:
    """NT-4: the gunflash marks of this turn: muzzle-flash hexes and the hexes of units that fired.

    Empty by day. For the screen: the firers are known to every side this turn.
    """
    night = state.night
    if night is None:
        return frozenset()
    firers = frozenset(
        u.hex for u in state.units if u.this_turn.fired and u.on_map and u.hex is not None
    )
    return night.flashes_in(state.turn) | firers


def near_lit(where: Hex, lit: frozenset[Hex]) -> bool:
    """True when ``where`` is lit or beside a lit hex (NT-5)."""
    return where in lit or any(n in lit for n in where.neighbors())


def _fired(unit: UnitState) -> bool:
    return bool(unit.this_turn.fired)


def known_enemies(state: BTState, side: int) -> frozenset[int]:
    """Issue 16 item 3: the enemy units on the map that ``side`` knows of.

    Every enemy in daylight, or with no visibility range. At night with a range: an enemy within
    range of a unit of ``side``, or in or beside a lit hex, or that fired this turn, or within
    the radius of an active probe of ``side`` (BT-C-75, `engine.battletech.rules.c3.probe_sees`).
    """
    enemies = [
        i for i, u in enumerate(state.units) if u.side != side and u.on_map and u.hex is not None
    ]
    night = state.night
    if night is None or night.visibility <= 0:
        return frozenset(enemies)
    eyes = [u.hex for u in state.units if u.side == side and u.on_map and u.hex is not None]
    lit = lit_hexes(state)
    known = set()
    for index in enemies:
        unit = state.units[index]
        where = unit.hex
        assert where is not None  # noqa: S101 - listed on the map
        if (
            _fired(unit)
            or near_lit(where, lit)
            or any(where.distance(eye) <= night.visibility for eye in eyes)
            or c3.probe_sees(state, side, index)  # BT-C-75: an active probe's radius
        ):
            known.add(index)
    return frozenset(known)


def is_known(state: BTState, side: int, unit: int) -> bool:
    """True when ``side`` knows of unit ``unit`` (its own units and every unit by day)."""
    other = state.units[unit]
    if other.side == side or state.night is None:
        return True
    return unit in known_enemies(state, side)
