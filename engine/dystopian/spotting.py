"""Dystopian Wars indirect fire in the game's state: spotters, attached recon and the aim.

Rules: DW-18.7 / DW-27 item 4 (v1.2: the spotter is a friendly model with the Spotter MAR, not
obscured, or a friendly recon wing in the air and not Aborted; LoS is traced from the spotter,
which must be within 32" = 16 hexes of the target, DW-28.8; a Forward Observer's Bombard fires
in RB2 with no spotter), DW-18.7 / DW-20.8 (+1 to hit when a recon wing attached to the firing
model or its squadron is not Aborted and sees the target; at most one recon per model or
squadron, so the first found counts), DW-28.8 (a wing is a token: it never blocks a line, and a
CAP wing flies over its host's hex).

The pure rules are `engine.dystopian.ordnance.indirect_problem` and `indirect_need`; this module
only finds the pieces in the state (a spotting wing is a token of its own, off the
board's pieces) and hands `ordnance.aim` an indirect `ordnance.Fire` (`indirect_aim`).
[INTERP] A model never spots for itself (it would fire directly if it saw the target).
"""

from __future__ import annotations

import attrs

from engine.dystopian import ordnance
from engine.dystopian.aircraft import Wing, recon_bonus
from engine.dystopian.geometry import Level, Piece, Size
from engine.dystopian.los import spotter_problem
from engine.dystopian.models import TinyKind
from engine.dystopian.state import DWState
from engine.dystopian.terrain import Board
from engine.dystopian.wing_state import WingState
from engine.hexes import Facing, Hex

__all__ = [
    "attached_recon",
    "indirect_aim",
    "recon_sees",
    "spotter_names",
    "spotter_reason",
]


def _wing_hex(state: DWState, wing: WingState) -> Hex | None:
    """DW-20.8: a flying wing's hex, or its CAP host's."""
    if not wing.flying:
        return None
    if wing.cap is not None:
        return state.models[wing.cap].hex
    return wing.hex


def _wing_named(state: DWState, name: str) -> WingState | None:
    wanted = name.casefold()
    return next((w for w in state.wings if w.ident.casefold() == wanted), None)


def _wing_piece(state: DWState, wing: WingState) -> Piece | None:
    where = _wing_hex(state, wing)
    if where is None:
        return None
    return Piece(where, Facing.N, Size.TINY, Level.FLYING, wing.owner, token=True)


def _model_reason(state: DWState, firer: int, index: int) -> str:
    model = state.models[index]
    if model.owner != state.models[firer].owner:
        return f"{model.ident} is not a friendly model."
    if index == firer:
        return "A model does not spot for itself."
    if not model.on_board:
        return f"{model.ident} is not on the table."
    if not state.card(index).has("spotter"):
        return f"{model.ident} has no Spotter MAR."
    if model.level is Level.OBSCURED:
        return "A spotter flying high cannot spot."
    return ""


def _wing_reason(state: DWState, firer: int, wing: WingState) -> str:
    if wing.owner != state.models[firer].owner:
        return f"{wing.ident} is not a friendly wing."
    if wing.kind is not TinyKind.RECON:
        return "Only a recon wing spots for indirect fire."
    if not wing.flying:
        return f"{wing.ident} is not in the air."
    return f"{wing.ident} has Aborted." if wing.aborted else ""


def spotter_reason(state: DWState, firer: int, name: str) -> str:
    """DW-18.7 (v1.2): why ``name`` cannot spot for model ``firer``, or "" (sight aside)."""
    index = state.index_of(name)
    if index is not None:
        return _model_reason(state, firer, index)
    wing = _wing_named(state, name)
    if wing is None:
        return f"There is no model or wing {name}."
    return _wing_reason(state, firer, wing)


def spotter_names(state: DWState, firer: int) -> list[str]:
    """DW-18.7: the friendly models and recon wings that could spot for ``firer`` (sight aside)."""
    names = [m.ident for m in state.models if m.on_board]
    names += [w.ident for w in state.wings if w.kind is TinyKind.RECON]
    return [n for n in names if not spotter_reason(state, firer, n)]


def attached_recon(state: DWState, firer: int) -> WingState | None:
    """DW-20.8: the recon wing attached to ``firer`` or to its squadron (at most one counts)."""
    squadron = state.models[firer].squadron
    for wing in state.wings:
        host = wing.cap
        if wing.kind is not TinyKind.RECON or host is None or not wing.flying:
            continue
        if wing.owner == state.models[firer].owner and state.models[host].squadron == squadron:
            return wing
    return None


def recon_sees(state: DWState, firer: int, target: int) -> bool:
    """DW-18.7 / DW-20.8: an attached recon, not Aborted, sees ``target``: +1 to hit.

    [INTERP] It sees as a spotter does (DW-28.8: within 16 hexes, the line traced from it).
    """
    wing = attached_recon(state, firer)
    if wing is None or not state.models[target].on_board:
        return False
    piece = _wing_piece(state, wing)
    if piece is None:
        return False
    board, indices = state.board()
    sees = not spotter_problem(board, piece, indices.index(target))
    plane = Wing(wing.kind, max(1, wing.tokens), wing.fuel, aborted=wing.aborted)
    return recon_bonus(plane, sees_target=sees)


def indirect_aim(
    state: DWState, board: Board, fire: ordnance.Fire, spotter: str
) -> ordnance.Aim | str:
    """DW-18.7: ``fire`` made indirect through ``spotter`` ("" = none, a Forward Observer).

    ``board`` and ``fire`` are `combat_segment.aim_at`'s (the board's pieces are the models on
    the table, in order); a spotting wing is a token of its own (DW-28.8: it never blocks).
    """
    indices = state.board()[1]
    firer, target = indices[fire.shooter], indices[fire.target]
    eye: int | Piece | None = None
    if spotter:
        problem = spotter_reason(state, firer, spotter)
        if problem:
            return problem
        index = state.index_of(spotter)
        if index is not None:
            eye = indices.index(index)
        else:
            wing = _wing_named(state, spotter)
            eye = None if wing is None else _wing_piece(state, wing)
            if eye is None:
                return f"{spotter} is not in the air."
    indirect = attrs.evolve(
        fire, spotter=eye, indirect=True, recon=recon_sees(state, firer, target)
    )
    problem = ordnance.aim_problem(board, indirect)
    return problem or ordnance.aim(board, indirect)
