"""The Movement segment of a Dystopian Wars activation (DW-7.2 step 2a, DW-11, DW-28.4).

- `turn_to_move_problem` / `move_problem`: why a model may not make a move now, one guard per
  rule: the active squadron and one move each (DW-9.2, DW-11.1), the commanded element first
  (DW-9.3), the level declared (DW-11.8, DW-11.9), the marker change (DW-11.6), the path
  (DW-28.4), a bow in contact (DW-28.5).
- `move_model`: one model's path walked on the board (`engine.dystopian.movement.walk`): the
  treacherous-terrain test rolled before it moves (with the Commodore's re-roll, DW-10.1 #1,
  `reroll_available`) and each snaking test (DW-11.5), a failure stopping it with a terrain
  contact (DW-13.3); declared rams of flyers and submerged models (DW-12.1); contacts recorded
  (DW-12.2, DW-28.5); a model stepping off the table lost (DW-11.1); pieces under its end moved
  aside (DW-11.10), flyers and submerged tokens placed clear (DW-11.8).
- `must_move`, `movement_complete`: who still has to move (DW-11.3), and whether all have
  (the turn machine then ends the segment, `engine.dystopian.turns.end_movement`).
"""

from __future__ import annotations

import attrs

from engine.dystopian.commands import MoveModel
from engine.dystopian.context import Ctx, DWCode, own_model, require_stage
from engine.dystopian.events import (
    HazardKind,
    LossCause,
    ModelDisplaced,
    ModelLost,
    ModelMoved,
    TerrainTested,
)
from engine.dystopian.generator_effects import kinetic_owed
from engine.dystopian.geometry import Level
from engine.dystopian.movement import (
    ContactKind,
    MarkerAction,
    Mover,
    Step,
    StepKind,
    Walk,
    free_placements,
    level_problem,
    marker_problem,
    parse_path,
    path_problem,
    reachable,
    snaking_dice,
    treacherous_stop,
    walk,
    walk_problem,
)
from engine.dystopian.state import COMMAND_DISTANCE, DWState, RecordedContact, Stage
from engine.dystopian.terrain import Board, mode_for, treacherous_collides, treacherous_for
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex

__all__ = [
    "move_model",
    "move_problem",
    "movement_complete",
    "must_move",
    "reroll_available",
    "stuck",
    "turn_to_move_problem",
]


def _marker_path_problem(
    state: DWState, index: int, action: MarkerAction, steps: tuple[Step, ...]
) -> str:
    """DW-11.6: restarting, starting or stopping a reverse is the model's whole movement."""
    why = marker_problem(state.mover(index), action)
    if why:
        return why
    if action is not MarkerAction.STOP and steps:
        return "Changing that marker is its only movement this activation."
    return ""


def turn_to_move_problem(state: DWState, index: int) -> str:
    """DW-9.2 / DW-9.3 / DW-11.1: model ``index`` may move now (in the squadron, once, in turn)."""
    activation = state.activation
    model = state.models[index]
    if activation is None or model.squadron != activation.squadron or not model.on_board:
        return f"{model.ident} is not in the active squadron."
    if activation.movement_done:
        return "The squadron has finished moving."
    if index in activation.moved:
        return f"{model.ident} has already moved this activation."
    waiting = [
        n for n in activation.element if n not in activation.moved and state.models[n].on_board
    ]
    if index not in activation.element and waiting:
        waiting = [n for n in waiting if not stuck(state, n)]  # [INTERP] see `must_move`
    if index not in activation.element and waiting:
        names = ", ".join(state.models[n].ident for n in waiting)
        return f"The commanded element moves first: {names}."
    return ""


def move_problem(
    state: DWState,
    index: int,
    steps: tuple[Step, ...],
    marker: MarkerAction | None,
    level: Level | None,
) -> str:
    """Why model ``index`` of the active squadron may not make this move now, or "".

    One guard per rule, in order: the active squadron (DW-9.2), one move each (DW-11.1), the
    commanded element first (DW-9.3), the level declared (DW-11.8, DW-11.9), the marker change
    (DW-11.6), the path (DW-28.4), a bow in contact (DW-28.5).
    """
    why = turn_to_move_problem(state, index)
    if why:
        return why
    moved = sum(1 for step in steps if step.kind is not StepKind.PIVOT)
    why = kinetic_owed(state, index, moved)  # DW-23 Kinetic: at least half its movement
    if why:
        return why
    model = state.models[index]
    card = state.card(index)
    if level is not None:
        why = level_problem(
            level,
            flyer=card.flying,
            diver=card.is_diving,
            on_fire=model.markers.fires > 0,
            nav_lock=model.markers.nav_lock,
        )
        if why:
            return why
    if marker is not None:
        why = _marker_path_problem(state, index, marker, steps)
        if why or marker is not MarkerAction.STOP:
            return why
    mover = state.mover(index)
    why = path_problem(mover, state.size(index), steps)
    if why:
        return why
    board, indices = _board_at(state, index, level)
    return walk_problem(board, indices.index(index), mover, steps)


def _board_at(state: DWState, index: int, level: Level | None) -> tuple[Board, tuple[int, ...]]:
    """The board with model ``index`` at the level it declared."""
    board, indices = state.board()
    if level is None or level is state.models[index].level:
        return board, indices
    at = indices.index(index)
    pieces = list(board.pieces)
    pieces[at] = attrs.evolve(pieces[at], level=level)
    return Board(board.terrain, tuple(pieces)), indices


def _facing_after(start: Facing, steps: tuple[Step, ...], taken: int) -> Facing:
    """The facing after the first ``taken`` steps (their turns)."""
    return start.turn(sum(s.turn for s in steps[:taken]))


def _size_test(ctx: Ctx, index: int, kind: HazardKind, *, reroll: bool) -> bool:
    """DW-13.3: the size test's D6 (with the Commodore's re-roll, DW-10.1 #1); True: collided."""
    state = ctx.state
    size = state.size(index)
    first = ctx.dice.die(6)
    faces: tuple[int, ...] = (first,)
    failed = treacherous_collides(size, first)
    rerolled = False
    if failed and reroll and kind is HazardKind.TREACHEROUS and reroll_available(state, index):
        second = ctx.dice.die(6)
        faces, failed, rerolled = (first, second), treacherous_collides(size, second), True
    ctx.emit(TerrainTested(index, kind, faces, failed, rerolled))
    return failed


def reroll_available(state: DWState, index: int) -> bool:
    """DW-10.1: the Commodore's re-roll is unused this turn and ``index`` is near the flagship.

    Near is within CD (3 hexes); the combat module asks it for critical and repair rolls too.
    """
    model = state.models[index]
    flagship = state.flagship(model.owner)
    if flagship is None or state.rerolls_used[model.owner] or model.hex is None:
        return False
    there = state.models[flagship].hex
    return there is not None and model.hex.distance(there) <= COMMAND_DISTANCE


def move_model(ctx: Ctx, command: MoveModel) -> None:
    """DW-11 / DW-28.4: move one model of the active squadron; contacts and losses recorded."""
    state = ctx.state
    require_stage(state, Stage.ACTIVATION)
    if state.activation is None:
        raise IllegalCommand(DWCode.NO_ACTIVATION, "Activate a squadron first.")
    index = own_model(state, command.model)
    try:
        steps = parse_path(command.path)
    except ValueError as exc:
        raise IllegalCommand(DWCode.PATH, f"{exc}.") from None
    marker = command.marker
    why = move_problem(state, index, steps, marker, command.level)
    if why:
        raise IllegalCommand(DWCode.PATH, why)
    if command.reroll and not reroll_available(state, index):  # DW-10.1: once a turn, near
        raise IllegalCommand(
            DWCode.REROLL,
            "The Commodore's re-roll is spent, or the model is too far from the flagship.",
        )
    model = state.models[index]
    level = model.level if command.level is None else command.level
    if command.rams and level is Level.SURFACE:  # DW-12.1: surface contact is never declared
        raise IllegalCommand(
            DWCode.RAM, "Only flyers and submerged models declare a ram before moving."
        )
    if marker is not None and marker is not MarkerAction.STOP:
        assert model.hex is not None  # noqa: S101 - on the board
        ctx.emit(ModelMoved(index, (model.hex,), model.facing, level, 0, marker))
        return
    _walk_model(ctx, index, steps, command, level)


def movement_complete(state: DWState) -> bool:
    """DW-7.2: every model of the active squadron on the table has moved."""
    activation = state.activation
    if activation is None or activation.movement_done or state.stage is Stage.OVER:
        return False
    return all(n in activation.moved for n in state.alive(activation.squadron))


def _walk_model(
    ctx: Ctx, index: int, steps: tuple[Step, ...], command: MoveModel, level: Level
) -> None:
    """DW-28.4: walk the path; the size tests first; then the end, a contact or the loss."""
    model = ctx.state.models[index]
    board, indices = _board_at(ctx.state, index, level)
    mover = ctx.state.mover(index)
    rams = frozenset(command.rams)  # DW-12.1: a flyer's or a submerged model's declared rams
    walked = walk(board, indices.index(index), mover, steps, rams=rams)
    hexes, facing, contact = walked.hexes, walked.facing, _recorded(index, walked, indices)
    stopped = None
    reroll = command.reroll
    if walked.treacherous_test and _size_test(ctx, index, HazardKind.TREACHEROUS, reroll=reroll):
        stopped = _treacherous_end(
            board, walked, mover, index=index, level=level, path=(model.facing, steps)
        )
    if stopped is None:
        stopped = _snaking_end(
            ctx, board, walked, index=index, level=level, path=(model.facing, steps)
        )
    if stopped is not None:
        hexes, facing, contact = stopped
    whole = hexes == walked.hexes
    if walked.placements and not walked.lost and whole:
        hexes = (*hexes, walked.placements[0])  # DW-28.4: the nearest free hex (owner's choice)
    moved = sum(1 for s in steps if s.kind is not StepKind.PIVOT)
    taken = min(moved, len(hexes) - 1)
    ctx.emit(ModelMoved(index, hexes, facing, level, taken, command.marker, contact))
    if walked.lost and whole:  # DW-11.1: off the table
        ctx.emit(ModelLost(index, LossCause.OFF_TABLE))
    else:
        _clear_under(ctx, index)


_Stop = tuple[tuple[Hex, ...], Facing, RecordedContact]
_Path = tuple[Facing, tuple[Step, ...]]


def _treacherous_end(
    board: Board, walked: Walk, mover: Mover, *, index: int, level: Level, path: _Path
) -> _Stop | None:
    """DW-13.3 / DW-28.4: a failed test stops the model at its first treacherous hex reached."""
    start, steps = path
    stop = treacherous_stop(board, walked, land=mover.land, level=level)
    if not treacherous_for(board.terrain[stop].kind, mover.mode(level)):
        return None  # a contact stopped it before any treacherous hex
    taken = walked.hexes.index(stop)
    contact = RecordedContact(index, ContactKind.TERRAIN, stop, dice=board.terrain[stop].dice)
    return walked.hexes[: taken + 1], _facing_after(start, steps, taken), contact


def _snaking_end(
    ctx: Ctx, board: Board, walked: Walk, *, index: int, level: Level, path: _Path
) -> _Stop | None:
    """DW-11.5: each turn once snaking is tested; a failure is a collision where it turned."""
    start, steps = path
    for turn_at in walked.snaking_tests:
        if turn_at >= walked.steps:
            break
        if _size_test(ctx, index, HazardKind.SNAKING, reroll=False):
            where = walked.hexes[turn_at]
            dice = snaking_dice(board, where, level)
            contact = RecordedContact(index, ContactKind.TERRAIN, where, dice=dice)
            return walked.hexes[: turn_at + 1], _facing_after(start, steps, turn_at + 1), contact
    return None


def _recorded(index: int, walked: Walk, indices: tuple[int, ...]) -> RecordedContact | None:
    contact = walked.contact
    if contact is None:
        return None
    other = None if contact.other is None else indices[contact.other]
    return RecordedContact(
        index, contact.kind, contact.hex, other, contact.bow, contact.both, contact.dice
    )


def _clear_under(ctx: Ctx, index: int) -> None:
    """DW-11.10: pieces at other levels under the model's end hex move aside (nearest free hex)."""
    state = ctx.state
    here = state.models[index].hex
    if here is None:
        return
    for other, model in enumerate(state.models):
        if other == index or not model.on_board or model.hex != here:
            continue
        board = _board_without(ctx.state, other)
        mode = mode_for(model.level, land=state.mover(other).land)
        spots = free_placements(board, len(board.pieces), here, mode)
        if spots:
            ctx.emit(ModelDisplaced(other, spots[0]))


def _board_without(state: DWState, index: int) -> Board:
    """The board without model ``index`` (it is being placed)."""
    indices = tuple(n for n, m in enumerate(state.models) if m.on_board and n != index)
    return Board(state.setup.terrain, tuple(state.piece(n) for n in indices))


def must_move(state: DWState) -> tuple[int, ...]:
    """DW-11.3: models of the active squadron that have not moved and may not stay put.

    [INTERP] A model with no legal move at all (`stuck`: its bow against a model it may not
    reverse from and cannot turn away from, an Immovable card with a minimum, an MP below its
    minimum) stays where it is, as a contact stops a mover "ignoring its minimum move" (DW-28.5):
    the digest is silent, and otherwise the activation could never end.
    """
    activation = state.activation
    if activation is None:
        return ()
    return tuple(
        n
        for n in state.alive(activation.squadron)
        if n not in activation.moved
        and (path_problem(state.mover(n), state.size(n), ()) or kinetic_owed(state, n, 0))
        and not stuck(state, n)
    )


def stuck(state: DWState, index: int) -> bool:
    """Model ``index`` of the active squadron has no legal move at all (`must_move`'s exemption).

    The moves `engine.dystopian.rules.legal_commands` lists, tried cheapest first: the straight
    minimum, one hex back, a turn in place, each marker change, each level; then every end
    `reachable` finds. The order of the squadron (DW-9.3) is not asked: only the model's own moves.
    """
    mover = state.mover(index)
    model = state.models[index]
    straight = (Step(0, StepKind.FORWARD),) * mover.min_hexes
    paths = [straight, (Step(0, StepKind.BACK),)]
    paths += [(Step(turn, StepKind.PIVOT),) for turn in (1, -1, 2, -2, 3, -3)]
    paths += [(Step(turn, StepKind.FORWARD), *straight[1:]) for turn in (1, -1)]
    tries: list[tuple[tuple[Step, ...], MarkerAction | None, Level | None]] = [
        (path, None, None) for path in paths
    ]
    tries += [((), action, None) for action in MarkerAction if action is not MarkerAction.STOP]
    tries += [(straight, MarkerAction.STOP, None)]
    tries += [(straight, None, level) for level in Level if level is not model.level]
    if any(not _own_move_problem(state, index, *attempt) for attempt in tries):
        return False
    board, indices = state.board()
    ends = reachable(board, indices.index(index), mover, state.size(index))
    return all(_own_move_problem(state, index, path, None, None) for path in ends.values())


def _own_move_problem(
    state: DWState,
    index: int,
    steps: tuple[Step, ...],
    marker: MarkerAction | None,
    level: Level | None,
) -> str:
    """`move_problem` without the squadron's order (DW-9.3): may the model make this move."""
    activation = state.activation
    if activation is None:
        return "No squadron is active."
    if index not in activation.element:
        alone = attrs.evolve(activation, element=(*activation.element, index))
        state = attrs.evolve(state, activation=alone)
    return move_problem(state, index, steps, marker, level)
