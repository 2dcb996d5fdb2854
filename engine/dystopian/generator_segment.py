"""The Dystopian Wars turn machine's generators: the passive Shield in damage resolution (DW-23).

Rules: DW-23 Shield (passive, whenever the model is hit by gunnery, rockets, torpedoes, AA or CC,
not by bombs, mines, boarding, rams or generators: 2D6 per Shield generator, each 4-5 cancels 1
hit, each 6 cancels 2 and rolls again; a 4 cancels nothing against rockets and torpedoes; the
example: a CR 9 battleship hit 12 times, the shield cancelling 4, falls short of a critical),
DW-23 Guardian (the ship itself: a full Shield, 2D6 per Guardian, the same numbers; each
friendly model with no shield of its own within 6" = 3 hexes rolls one shield die, 4-5 cancel 1
against gunnery, AA and CC, only a 5 against rockets and torpedoes, a 6 cancels 2), DW-23
general (Shields work in every case: after any contact, `generators.generator_problem`). The
generators a model has are its card's and those of the options its squadron bought (DW-22.2,
escorts buy none).

The active generators are `engine.dystopian.generating` and `generator_effects`: the Field
against generators' effects (`generator_effects.field_against`, DW-23) and the Inventive
Scientists' re-roll of one generator die (`generator_effects.inventive`, DW-24) are there.
"""

from __future__ import annotations

from engine.dystopian.context import Ctx
from engine.dystopian.events import ShieldRolled
from engine.dystopian.generators import (
    Kind,
    generator_problem,
    guardian_cancel,
    guardian_problem,
)
from engine.dystopian.models import WeaponKind
from engine.dystopian.ordnance import shield_cancel, shield_problem
from engine.dystopian.state import DWState

__all__ = ["generators_of", "guardian_cover", "shield_step", "shields_of"]


def generators_of(state: DWState, index: int) -> tuple[str, ...]:
    """DW-23: model ``index``'s generator ids: its card's, then its squadron's bought options'."""
    model, card = state.models[index], state.card(index)
    found = list(card.generators)
    if not model.escort:
        squadron = state.squadrons[model.squadron]
        bought = state.setup.players[model.owner].fleet.squadrons[squadron.index].options
        for ident in bought:
            option = card.option(ident)
            if option is not None:
                found += option.generators
    return tuple(found)


def shields_of(state: DWState, index: int) -> int:
    """DW-23: the Shield and Guardian generators protecting model ``index`` itself."""
    kinds = {Kind.SHIELD.value, Kind.GUARDIAN.value}
    return sum(1 for ident in generators_of(state, index) if ident in kinds)


def guardian_cover(state: DWState, index: int) -> int | None:
    """DW-23 Guardian: the friendly Guardian ship within 3 hexes covering model ``index``, or None.

    Only a model with no shield of its own, and one Guardian at a time (the first in order).
    """
    model = state.models[index]
    if model.hex is None or shields_of(state, index):
        return None
    for other, ship in enumerate(state.models):
        if other == index or ship.owner != model.owner or not ship.on_board or ship.hex is None:
            continue
        if Kind.GUARDIAN.value not in generators_of(state, other):
            continue
        distance = ship.hex.distance(model.hex)
        if not guardian_problem(distance, shielded=False, covered=False):
            return other
    return None


def shield_step(ctx: Ctx, index: int, weapon: WeaponKind | None, hits: int) -> int:
    """DW-23 Shield: roll the model's shields against one attack's ``hits``; the hits left.

    ``weapon`` None is AA, CC or a tiny-flyer attack (shields work); bombs and mines pass. A
    model with no shield of its own under a Guardian's cover rolls its one die (`ShieldRolled`
    with ``shields`` 0).
    """
    shields = shields_of(ctx.state, index)
    if not hits or shield_problem(weapon):
        return hits
    if generator_problem(Kind.SHIELD, derelict=ctx.state.models[index].markers.derelict):
        return hits
    if shields:
        cancel = shield_cancel(ctx.dice, hits, shields, weapon)
    elif guardian_cover(ctx.state, index) is not None:
        cancel = guardian_cancel(ctx.dice, hits, weapon)
    else:
        return hits
    roll = cancel.rolls[0]
    ctx.emit(
        ShieldRolled(index, shields, roll.threshold, roll.faces, cancel.cancelled, cancel.remaining)
    )
    return cancel.remaining
