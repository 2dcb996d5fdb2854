"""Dystopian Wars mines in play: dropping, setting off, blasts and chains (DW-18.6, DW-28.10).

Rules: DW-18.6 / DW-28.10 (a mine-armed model drops one mine per activation in the hex
directly ahead of its bow; none with Chaos & Disarray, `ordnance.mine_drop_problem`; a mine
dropped onto a surface or flying model goes off at once; in any later activation a model
entering the mine's hex sets it off; the blast is the mine hex and its six neighbours: the mine's
AD rolled once at 4+, ignoring Small, Fast and Elusive, and the full hits go to every surface and
submerged model in it; every other mine in the blast goes off on 5-6 and chains, each on its
own, `ordnance.detonate`), DW-16.1 (each victim's hits against its DR and CR), DW-23 (a Shield
does not stop mines), DW-19.6 (a derelict does not fight).

[INTERP] A mine may be dropped before or after the layer's move (the digest's "after any step"
is kept to those two points); the hex ahead must be on the table and hold no other mine. A
model that sets a mine off is hit even if it moved on (it was in the blast when it went off); the
mines a move enters are set off when the move ends, in the order entered (DW-18.6: "a model
attacked by a mine may finish its move afterwards"). Flyers fly over mines; wings never set
them off. CC fired at a mine (the DW-18.6 sweep) is `engine.dystopian.mine_sweep`; Magnetic Mines
(DW-24) move in the End Phase, `engine.dystopian.magnetic_mines`; Minefields (DW-24) are laid
after deployment, `engine.dystopian.minefields`.
"""

from __future__ import annotations

from engine.dystopian import ordnance
from engine.dystopian.boarding import derelict_problem
from engine.dystopian.combat_segment import deal, hull, settle
from engine.dystopian.context import Ctx, DWCode, own_model, require_stage
from engine.dystopian.damage import resolve_damage
from engine.dystopian.geometry import Level
from engine.dystopian.mine_commands import DropMine, MineDropped, MineExploded
from engine.dystopian.models import WeaponKind
from engine.dystopian.state import DWState, MineToken, Stage
from engine.game import IllegalCommand
from engine.hexes import Hex

__all__ = ["blast", "drop_mine", "drop_problem", "mine_ahead", "mine_options", "mines_entered"]


def mine_ahead(state: DWState, index: int) -> Hex | None:
    """DW-28.10: the hex directly ahead of model ``index``'s bow, if it is on the table."""
    model = state.models[index]
    if model.hex is None:
        return None
    ahead = model.hex.neighbor(model.facing)
    return ahead if state.setup.terrain.on_board(ahead) else None


def _mine_ad(state: DWState, index: int) -> int:
    weapon = next((w for w in state.card(index).weapons if w.kind is WeaponKind.MINE), None)
    return (weapon.ad[0] or 0) if weapon is not None else 0


def drop_problem(state: DWState, index: int) -> str:  # noqa: PLR0911 - one guard per rule
    """DW-18.6 / DW-28.10: why model ``index`` cannot drop a mine now, or ""."""
    activation = state.activation
    if activation is None:
        return "No squadron is active: activate one."
    model = state.models[index]
    if model.squadron != activation.squadron or not model.on_board:
        return f"{model.ident} is not in the active squadron."
    if model.markers.derelict:  # DW-19.6
        return derelict_problem("fire")
    weapon = next((w for w in state.card(index).weapons if w.kind is WeaponKind.MINE), None)
    dropped = any(
        m.layer == index and m.turn == state.turn and m.squadron == activation.squadron
        for m in state.mines
    )
    problem = ordnance.mine_drop_problem(chaos=model.markers.chaos, dropped=dropped, weapon=weapon)
    if problem:
        return problem
    ahead = mine_ahead(state, index)
    if ahead is None:
        return "The hex ahead of its bow is off the table."
    if any(m.hex == ahead for m in state.mines):
        return "A mine already lies ahead of its bow."
    return ""


def drop_mine(ctx: Ctx, command: DropMine) -> None:
    """DW-18.6: drop the mine ahead of the bow; onto a surface or flying model it goes off."""
    require_stage(ctx.state, Stage.ACTIVATION)
    activation = ctx.state.activation
    if activation is None:
        raise IllegalCommand(DWCode.NO_ACTIVATION, "No squadron is active: activate one.")
    index = own_model(ctx.state, command.model)
    problem = drop_problem(ctx.state, index)
    if problem:
        raise IllegalCommand(DWCode.FIRE, problem)
    ahead = mine_ahead(ctx.state, index)
    assert ahead is not None  # noqa: S101 - drop_problem checked it
    owner = ctx.state.models[index].owner
    mine = MineToken(
        ahead, _mine_ad(ctx.state, index), owner, index, ctx.state.turn, activation.squadron
    )
    ctx.emit(MineDropped(mine))
    under = next((m for m in ctx.state.models if m.on_board and m.hex == ahead), None)
    if under is not None and under.level is not Level.SUBMERGED:
        _go_off(ctx, ahead, None)  # DW-18.6: dropped onto a model, it explodes at once


def _go_off(ctx: Ctx, first: Hex, mover: int | None) -> None:
    """DW-18.6: the mine in ``first`` and its chain; every victim takes the full hits."""
    state = ctx.state
    board, indices = state.board()
    live = {m.hex: m.ad for m in state.mines}
    for blast in ordnance.detonate(ctx.dice, board, first, live):
        victims = [indices[p] for p in blast.victims]
        if mover is not None and blast.mine == first and mover not in victims:
            victims.insert(0, mover)  # it set the mine off from inside the blast
        roll = blast.roll
        chain = tuple((c.mine, c.die.value) for c in blast.chain)
        ctx.emit(MineExploded(blast.mine, roll.count, roll.faces, roll.hits, tuple(victims), chain))
        for victim in victims:
            if ctx.state.models[victim].on_board:
                damage = resolve_damage(ctx.dice, hull(ctx.state, victim), roll.hits, reroll=True)
                deal(ctx, victim, damage)  # DW-23: a Shield does not stop mines
    settle(ctx)


def blast(ctx: Ctx, where: Hex) -> None:
    """DW-18.6: the mine in ``where`` goes off (and its chain), hitting every model in its blast."""
    _go_off(ctx, where, None)


def mines_entered(ctx: Ctx, index: int, path: tuple[Hex, ...]) -> None:
    """DW-18.6 / DW-28.10: set off each armed mine in a hex model ``index``'s move entered."""
    activation = ctx.state.activation
    model = ctx.state.models[index]
    if activation is None or model.level.airborne:
        return  # flyers pass over mines
    for where in path[1:]:
        state = ctx.state
        mine = next((m for m in state.mines if m.hex == where), None)
        if mine is None or (mine.turn, mine.squadron) == (state.turn, activation.squadron):
            continue  # none there, or laid in this activation: not armed yet
        if state.models[index].on_board:
            _go_off(ctx, where, index)


def mine_options(state: DWState) -> list[DropMine]:
    """DW-18.6: every mine the active squadron's models may drop now."""
    activation = state.activation
    if activation is None:
        return []
    return [
        DropMine(state.models[n].ident)
        for n in state.alive(activation.squadron)
        if not drop_problem(state, n)
    ]
