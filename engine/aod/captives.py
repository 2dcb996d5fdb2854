"""Captives and escorts: what each may do, how the pair moves, and how a captivity ends.

Rules: AOD-14.4 (captives and escorts: orders, release, the pair's move, the escort's
elimination), AOD-9.2 (a captured transport's passengers unload and take 1 click each, captives
aboard excepted), AOD-9.3 (an escort boards only with its captive:
`engine.aod.transport.board_problem`), AOD-8.3 and AOD-26.7 (the captive pair moves at the lower
speed, before the hindering half, over hexes legal for both; AOD-25 #32).

Elsewhere, not repeated here: the capture roll and who may capture or be captured (AOD-14.3,
AOD-18.4), and which attacks a captive or an escort may suffer (AOD-14.4), are
`engine.aod.closecombat`'s and `engine.aod.combat`'s guards; a captive's victory points (AOD-22.2
(b), (c)) are `engine.aod.closecombat.captive_points`; artillery spares captives
(`engine.aod.artillery`).

The turn machine records who escorts whom. A captive keeps its hex next to its escort
(AOD-26.4) and stands on the battlefield with no side (``Occupant.side`` None): it is no one's
friend or enemy, so the geometry already leaves it out of contacts, break-away and free spins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs
from attrs import frozen

from engine.aod.dial import DamageKind, DamageTaken, take_damage
from engine.aod.geometry import Battlefield, mode_terrain
from engine.aod.movement import allowance, reachable, starts_hindered
from engine.aod.terrain import TerrainMap, TerrainType
from engine.aod.transport import Piece
from engine.aod.units import SpeedMode, UnitDef
from engine.hexes import Hex

__all__ = [
    "CAPTURED_TRANSPORT_DAMAGE",
    "CapturedTransport",
    "Freed",
    "captive_hexes",
    "captive_order_problem",
    "escort_lost",
    "escort_moves",
    "escort_order_problem",
    "pair_allowance",
    "pair_starts_hindered",
    "pair_terrain",
    "release_problem",
    "transport_captured",
]

# ---- AOD-14.4 what the two may do -----------------------------------------------------------


def captive_order_problem(captive: UnitDef) -> str:
    """AOD-14.4: why a captive takes no orders (its SE is inactive too)."""
    return f"{captive.name} is a captive: it cannot be given orders."


def escort_order_problem(escort: UnitDef, order: str) -> str:
    """AOD-14.4: why an escort may not take ``order`` (an ``OrderKind`` value), or "".

    An escort takes Move orders only.
    """
    if order == "move":
        return ""
    return f"{escort.name} is guarding a captive: it can only move."


def release_problem(escort: UnitDef) -> str:
    """AOD-14.4: why an escort cannot let its captive go.

    Only an effect that makes the captive friendly or enemy again, or the escort's elimination,
    ends the captivity.
    """
    return f"{escort.name} cannot release its captive."


# ---- AOD-14.4 / AOD-26.7 the captive pair's move --------------------------------------------


def pair_allowance(escort_speed: int, captive_speed: int, *, hindering_start: bool) -> int:
    """AOD-14.4 / AOD-8.3: the pair moves at the lower speed, halved last for a hindering start.

    [INTERP] ``hindering_start``: either unit starts in terrain hindering for its own mode
    (each would be halved alone; the pair moves as one).
    """
    return allowance(min(escort_speed, captive_speed), hindering_start=hindering_start)


def pair_starts_hindered(field: Battlefield, escort: int, captive: int) -> bool:
    """AOD-19.2 / AOD-14.4: whether the pair's allowance is halved for a hindering start.

    [INTERP] Yes if either unit starts in terrain hindering for its own mode (`pair_allowance`'s
    ``hindering_start``).
    """
    return starts_hindered(field, escort) or starts_hindered(field, captive)


_PAIR_KEY = "aod.captives.pair"


def pair_terrain(board: TerrainMap, modes: Sequence[SpeedMode]) -> TerrainMap:
    """AOD-14.4: the board as the pair sees it: a hex blocking for any of ``modes`` is blocking.

    The pair "may not enter terrain that either of them cannot enter"; hindering stays as each
    mode sees it for the unit that moves. (A Foot escort is hindered by every terrain that
    hinders any captive mode, so its own stop-on-entry rule is the pair's.) Cached on the board.
    """
    key = (_PAIR_KEY, tuple(sorted(set(modes))))
    found: TerrainMap | None = board.derived.get(key)
    if found is None:
        cells = {}
        for where in board:
            terrain = board[where]
            if any(mode_terrain(terrain, mode) is TerrainType.BLOCKING for mode in modes):
                terrain = attrs.evolve(terrain, type=TerrainType.BLOCKING)
            cells[where] = terrain
        found = board.derived[key] = TerrainMap.of(cells, board.width, board.height)
    return found


def _pair_field(field: Battlefield, escort: int, captive: int) -> Battlefield:
    modes = (field.units[escort].mode, field.units[captive].mode)
    return Battlefield(pair_terrain(field.terrain, modes), field.units)


def _without(field: Battlefield, index: int) -> Battlefield:
    """The field without unit ``index`` (later units' indices drop by one)."""
    return Battlefield(field.terrain, field.units[:index] + field.units[index + 1 :])


def escort_moves(
    field: Battlefield, escort: int, captive: int, captive_unit: UnitDef, budget: int
) -> dict[Hex, int]:
    """AOD-14.4 / AOD-26.7: where an escort may end its Move order, with the least cost.

    A captured 'Mech never moves, so its escort ends next to it (``budget`` its own allowance).
    With a captured infantry unit or vehicle, ``budget`` is `pair_allowance`; the escort moves
    over hexes legal for both modes, the captive lifted off the board, and may end only where
    the captive can then be set down next to it (`captive_hexes`).
    """
    if captive_unit.is_mech:
        found = reachable(field, escort, budget)
        there = field.units[captive].hex
        return {where: cost for where, cost in found.items() if where.distance(there) == 1}
    pair = _pair_field(field, escort, captive)
    alone = _without(pair, captive)
    moved = escort if escort < captive else escort - 1
    found = reachable(alone, moved, budget)
    # `captive_hexes` for each end: the captive's reach is the same for every end, found once
    settle = _captive_reach(field, escort, captive, budget)
    return {
        where: cost
        for where, cost in found.items()
        if any(there.distance(where) == 1 for there in settle)
    }


def captive_hexes(
    field: Battlefield, escort: int, captive: int, escort_end: Hex, budget: int
) -> tuple[Hex, ...]:
    """AOD-26.7: where the escort's player may set a captive infantry unit or vehicle down.

    Any free hex next to the escort's final hex that the captive reaches within ``budget``
    along hexes legal for both modes (AOD-14.4). Its facing is the player's choice. Sorted.
    [INTERP] The pair moves as one: the escort's own base is not in its captive's way (the
    escort may even end in the hex the captive left).
    """
    found = _captive_reach(field, escort, captive, budget)
    return tuple(sorted(where for where in found if where.distance(escort_end) == 1))


def _captive_reach(field: Battlefield, escort: int, captive: int, budget: int) -> dict[Hex, int]:
    """AOD-14.4: every hex the captive reaches within ``budget``, the escort lifted off."""
    pair = _without(_pair_field(field, escort, captive), escort)
    return reachable(pair, captive if captive < escort else captive - 1, budget)


# ---- AOD-14.4 the end of a captivity --------------------------------------------------------


@frozen
class Freed:
    """What happens to a captive whose escort was eliminated (AOD-14.4).

    Attributes:
        eliminated: it stood in terrain impassable to it, so it is eliminated instead of freed,
            and the capturing player scores it (AOD-22.2 condition 1).
        account: one line for the log.
    """

    eliminated: bool
    account: str


def escort_lost(field: Battlefield, captive: int, captive_unit: UnitDef) -> Freed:
    """AOD-14.4: the escort was eliminated: the captive is freed, or eliminated.

    Freed, it may be ordered normally; standing in terrain impassable to it, it is eliminated
    instead, and the capturing player scores it. The turn machine gives it back its owner's side.
    """
    here = field.terrain[field.units[captive].hex]
    stuck = here.type is TerrainType.BLOCKING or (
        mode_terrain(here, captive_unit.speed_mode) is TerrainType.BLOCKING
    )
    if stuck:
        return Freed(
            eliminated=True,
            account=f"{captive_unit.name} is freed but cannot survive where it stands.",
        )
    return Freed(eliminated=False, account=f"{captive_unit.name} is freed.")


# ---- AOD-9.2 a captured transport ------------------------------------------------------------


@frozen
class CapturedTransport:
    """What the capture of a transport does to those aboard (AOD-9.2).

    Attributes:
        damage: per bay, the click each passenger took, or None for a captive aboard.
        eliminated: bays whose passenger the click eliminated.
        to_unload: bays whose unit must now be set down with `engine.aod.transport.unload`,
            on the passengers' own side (the transport is no longer theirs).
    """

    damage: tuple[DamageTaken | None, ...]
    eliminated: tuple[int, ...]
    to_unload: tuple[int, ...]


CAPTURED_TRANSPORT_DAMAGE: Final = 1
"""AOD-9.2: each passenger of a captured transport takes 1 damage click."""


def transport_captured(aboard: Sequence[Piece], captives: Sequence[bool]) -> CapturedTransport:
    """AOD-9.2: a captured transport's passengers all unload, each taking 1 damage click.

    ``captives`` says, per bay, whether that unit is itself a captive (riding with its escort):
    it takes no damage. [INTERP] The click is of the pushing kind: nothing reduces it.
    """
    damage: list[DamageTaken | None] = []
    for piece, held in zip(aboard, captives, strict=True):
        if held:
            damage.append(None)
            continue
        damage.append(
            take_damage(piece.unit, piece.status, CAPTURED_TRANSPORT_DAMAGE, DamageKind.PUSHING)
        )
    eliminated = tuple(n for n, hit in enumerate(damage) if hit is not None and hit.eliminated)
    rest = tuple(n for n in range(len(aboard)) if n not in eliminated)
    return CapturedTransport(tuple(damage), eliminated, rest)
