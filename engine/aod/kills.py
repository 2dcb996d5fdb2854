"""What an elimination by an enemy triggers: *Scavenger* and *Fanaticism* (AOD-21.1, AOD-21.3).

`eliminated_by` is called by every attack that can eliminate an enemy (ranged and close combat,
special attacks, artillery blasts) once the victim's dial showed the three-hits symbol:

- *Scavenger* (AOD-21.3): a Sea Fox killer repairs 2 clicks if the victim had its speed mode;
- *Fanaticism* (AOD-21.1): an order given to an enemy unit eliminated a House Liao unit: every
  friendly Liao unit within 8 hexes of it repairs 1 click.

Normal repair limits apply to both (AOD-25 #30).
"""

from __future__ import annotations

from engine.aod.context import Ctx
from engine.aod.events import UnitRepaired
from engine.aod.factions import fanaticism_repairs, has, scavenger_repair
from engine.aod.transport import Piece
from engine.hexes import Hex

__all__ = ["eliminated_by", "fanaticism", "scavenge"]


def eliminated_by(ctx: Ctx, killer: int, victim: int, where: Hex | None) -> None:
    """AOD-21.1 / AOD-21.3: unit ``killer``'s attack eliminated the enemy ``victim`` at ``where``.

    Nothing happens when the two are on one side (friendly artillery fire is no enemy's order).
    """
    if ctx.state.units[killer].owner == ctx.state.units[victim].owner:
        return
    scavenge(ctx, killer, victim)
    if where is not None and has(
        ctx.state.definition(victim), "fanaticism", ctx.state.setup.catalogue()
    ):
        fanaticism(ctx, victim, where)


def scavenge(ctx: Ctx, killer: int, victim: int) -> None:
    """AOD-21.3 *Scavenger*: the killer repairs 2 clicks if the victim had its speed mode."""
    unit = ctx.state.units[killer]
    if not unit.on_board:
        return
    piece = Piece(ctx.state.definition(killer), unit.dial)
    done = scavenger_repair(piece, ctx.state.definition(victim), ctx.state.setup.catalogue())
    if done is not None and done.repaired:
        ctx.emit(UnitRepaired(killer, done.repaired, done.status.click, "scavenger"))


def fanaticism(ctx: Ctx, victim: int, where: Hex) -> None:
    """AOD-21.1 *Fanaticism*: an enemy's order eliminated a Liao unit: its friends repair 1."""
    state = ctx.state
    field, indices = state.battlefield()
    roster = [Piece(state.definition(n), state.units[n].dial) for n in indices]
    side = state.units[victim].owner
    repairs = fanaticism_repairs(field, where, side, roster, catalogue=state.setup.catalogue())
    for at, done in repairs:
        if done.repaired:
            ctx.emit(UnitRepaired(indices[at], done.repaired, done.status.click, "fanaticism"))
