"""Dystopian Wars MARs of a model (not of a weapon) that the turn machine asks about (DW-24).

Rules (DW-24's table):

- Emplaced: deploys anywhere except another player's deployment zone, using the normal
  deployment rules (DW-22.8 step 5: emplaced models may deploy anywhere except in an enemy
  deployment zone). The Fortress of DW-25.4 is Emplaced; fortresses may sit on land or water,
  as naval installations (DW-25.1): a fortification that never moves (MV 0) stands on any
  terrain it is deployed on [INTERP: whatever its domain].
- Altitude Skimming: while obscured **and** at All Stop, it can be affected only by AA and
  boarding: no ordnance may be aimed at it.
- Silent Running: while submerged **and** at All Stop, it can be affected only by CC and by
  boarding: no ordnance may be aimed at it.
- Streamlined Hull: +1" of movement in any activation in which it makes no turn (DW-28.4:
  added to the MV before halving, the odd inch carried on even turns) [INTERP: a path with no
  turn and no pivot earns it, without a declaration: the command language has none].
- Combustible Cargo: when destroyed, every model within 4" (2 hexes, DW-28.3) of it and at the
  **same height level**, its own side's included, takes an attack of 2 x its starting HP dice;
  it cannot be prevented and is blocked by solid LoS-blocking terrain (DW-28.10: terrain of
  height 1 or more on both traced lines, as for a magazine explosion).

Adopted readings [INTERP]: Silent Running's CC "hitting on 6 instead of 4+" is not played (the
CC of the turn machine answers attacking divers only, and a silent runner at All Stop attacking
is rare); the generators (DW-23) still reach a skimming or silent model. A Combustible Cargo
blast is rolled once per victim, on 4+, through `damage.resolve_damage` like a magazine's; a
victim it destroys that carries Combustible Cargo blasts in turn (never back at a lost model).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import attrs

from engine.dystopian.context import Ctx
from engine.dystopian.damage import DamageOutcome, Hull, resolve_damage
from engine.dystopian.dice import roll_pool
from engine.dystopian.events import AttackRolled, AttackSource
from engine.dystopian.geometry import Level
from engine.dystopian.los import terrain_screens
from engine.dystopian.models import ModelCard
from engine.dystopian.movement import Mover, Step, movement_points
from engine.dystopian.state import DWState, card_mp_bonus
from engine.hexes import Hex

__all__ = [
    "CARGO_REACH",
    "cargo_victims",
    "combustible_blast",
    "deploy_hexes",
    "stands_anywhere",
    "streamlined",
    "untouchable",
]

CARGO_REACH: Final = 2
"""DW-24 Combustible Cargo / DW-28.3: 4" = 2 hexes."""
_CARGO_SCREEN: Final = 1
"""DW-28.10: terrain of height 1 or more on both lines screens the blast."""


def deploy_hexes(state: DWState, index: int) -> frozenset[Hex]:
    """DW-22.8 / DW-24 Emplaced: where model ``index`` may deploy.

    Its own zone; an Emplaced model anywhere but an enemy's zone.
    """
    owner = state.models[index].owner
    own = state.setup.zone(state.edges[owner])
    if not state.card(index).has("emplaced"):
        return own
    enemy = frozenset().union(
        *(state.setup.zone(edge) for player, edge in enumerate(state.edges) if player != owner)
    )
    return frozenset(state.setup.terrain) - enemy


def streamlined(state: DWState, index: int, steps: tuple[Step, ...], mover: Mover) -> Mover:
    """DW-24 Streamlined Hull / DW-28.4: the mover with +1" when the path makes no turn."""
    card = state.card(index)
    if not card.has("streamlined_hull") or any(step.turn for step in steps):
        return mover
    half = state.models[index].markers.half_mv
    mp = movement_points(card.mv, state.turn, engine_failure=half, bonus_inches=1)
    return attrs.evolve(mover, mp=mp + card_mp_bonus(state, index), straight_only=True)


def stands_anywhere(card: ModelCard) -> bool:
    """DW-25.1 / DW-25.4: a fixed fortification may be deployed on land or water."""
    return card.is_fortification and card.mv == 0


def untouchable(state: DWState, target: int) -> str:
    """DW-24 Altitude Skimming / Silent Running: why no ordnance may be aimed at it, or ""."""
    model, card = state.models[target], state.card(target)
    if not model.markers.all_stop:
        return ""
    if model.level is Level.OBSCURED and card.has("altitude_skimming"):
        return "Skimming the clouds at All Stop, it can be touched only by AA and boarding."
    if model.level is Level.SUBMERGED and card.has("silent_running"):
        return "Running silent at All Stop, it can be touched only by CC and boarding."
    return ""


def cargo_victims(state: DWState, index: int) -> tuple[int, ...]:
    """DW-24 Combustible Cargo: the models at d <= 2 at its level, unscreened by terrain."""
    blown = state.models[index]
    if blown.hex is None:
        return ()
    board, _ = state.board()
    found = []
    for other, model in enumerate(state.models):
        if other == index or not model.on_board or model.hex is None:
            continue
        if model.level is not blown.level or model.hex.distance(blown.hex) > CARGO_REACH:
            continue
        if not terrain_screens(board, blown.hex, model.hex, _CARGO_SCREEN):
            found.append(other)
    return tuple(found)


Deal = Callable[[Ctx, int, DamageOutcome], None]
"""The combat segment's `deal` (passed in: this module is below it)."""
HullOf = Callable[[DWState, int], Hull]
"""The combat segment's `hull`."""


def combustible_blast(ctx: Ctx, index: int, deal: Deal, hull: HullOf) -> bool:
    """DW-24 Combustible Cargo: 2 x starting HP dice at each model in reach of model ``index``.

    One attack each (`cargo_victims`), on 4+. Call it when the model is destroyed, before it
    is lost.

    Returns:
        True if it blasted (its victims may need settling in turn).
    """
    state = ctx.state
    if not state.card(index).has("combustible_cargo"):
        return False
    ad = 2 * state.card(index).hp
    for victim in cargo_victims(state, index):
        pool = roll_pool(ctx.dice, ad)
        ctx.emit(
            AttackRolled(
                victim,
                AttackSource.MAGAZINE,
                (index,),
                "Combustible Cargo",
                pool.count,
                pool.threshold,
                pool.mod,
                pool.natural_only,
                pool.faces,
                pool.hits,
            )
        )
        deal(ctx, victim, resolve_damage(ctx.dice, hull(ctx.state, victim), pool.hits))
    return True
