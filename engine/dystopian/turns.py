"""The Dystopian Wars turn (DW-7): initiative, activations and their segments, the End Phase.

- `begin_turn`: a new turn and its initiative, 2D6 each, ties rolled again (DW-9.1).
- `activate`: the Command segment (DW-7.2 step 1, DW-9.3): the commanded element, and a command
  check for each model that starts out of command of it (a failure breaks that model).
- `move_model`: the Movement segment (DW-7.2 step 2a, DW-11, DW-28.4): one model's path walked
  on the board (`engine.dystopian.movement.walk`), the commanded element first; the
  treacherous-terrain test rolled before it moves (with the Commodore's re-roll, DW-10.1 #1) and
  each snaking test (DW-11.5), a failure stopping it with a terrain contact (DW-13.3); contacts
  recorded (DW-12.2, DW-28.5); a model stepping off the table lost (DW-11.1); pieces under its
  end moved aside (DW-11.10), flyers and submerged tokens placed clear (DW-11.8).
- `end_movement`: the Movement segment ends (`MovementEnded`) once every model has moved, or
  at `end_activation`; rams and collisions follow at once (`AFTER_MOVEMENT`, DW-12.6 step 2).
  Combat commands are given after it, while the activation lasts.
- `end_activation`: the segments after that, in the order of DW-7.2 (`SEGMENTS`): combat (3),
  boarding (4), morale (5: break checks, then the active squadron's bravery check); the Field
  Orders are checked after each (the instant win, DW-22.4); then the next squadron, alternating,
  a player with none left passing (DW-7.1).
- `end_phase`: the End Phase in the fixed order of DW-7.3 (`END_PHASE`), then the game length
  (DW-22.6) and the next turn.

Seams: the steps the combat and boarding modules fill are listed in `AFTER_MOVEMENT`,
`SEGMENTS` and `END_PHASE` as ``pending`` no-ops (rams and collisions damage, combat, boarding,
derelict drift, repairs and Corrosion, tidying templates, cards). Tiny-flyer wings do not
activate yet (DW-20).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from engine.dystopian.commands import MoveModel
from engine.dystopian.context import Ctx, DWCode, own_model, require_stage
from engine.dystopian.events import (
    ActivationEnded,
    CheckKind,
    EndPhaseBegan,
    GameEnded,
    GameLengthRolled,
    HazardKind,
    InitiativeRolled,
    LossCause,
    ModelDisplaced,
    ModelLost,
    ModelMoved,
    MoraleChecked,
    MovementEnded,
    SquadronActivated,
    TerrainTested,
    TurnBegan,
)
from engine.dystopian.geometry import Level
from engine.dystopian.morale import (
    break_checks_due,
    check_plan,
    elements,
    exempt,
    out_of_command,
    roll_check,
)
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
    snaking_dice,
    treacherous_stop,
    walk,
    walk_problem,
)
from engine.dystopian.state import COMMAND_DISTANCE, PLAYERS, DWState, RecordedContact, Stage
from engine.dystopian.terrain import Board, mode_for, treacherous_collides, treacherous_for
from engine.dystopian.victory import judge, order_met
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex

__all__ = [
    "AFTER_MOVEMENT",
    "END_PHASE",
    "SEGMENTS",
    "activate",
    "begin_turn",
    "check_end",
    "end_activation",
    "end_game",
    "end_movement",
    "end_phase",
    "move_model",
    "move_problem",
    "must_move",
    "reroll_available",
    "roll_2d6_off",
    "turn_to_move_problem",
]


def roll_2d6_off(ctx: Ctx) -> tuple[tuple[tuple[tuple[int, int], tuple[int, int]], ...], int]:
    """DW-9.1 / DW-22.8: 2D6 each, ties rolled again; the rounds and the winner."""
    rounds = []
    while True:
        first = ctx.dice.roll(2, 6)
        second = ctx.dice.roll(2, 6)
        rounds.append(((first[0], first[1]), (second[0], second[1])))
        if sum(first) != sum(second):
            return tuple(rounds), 0 if sum(first) > sum(second) else 1


def begin_turn(ctx: Ctx) -> None:
    """DW-7.1 phases 1-2: the turn begins (no T cards yet) and initiative is rolled (DW-9.1)."""
    ctx.emit(TurnBegan(ctx.state.turn + 1))
    rounds, first = roll_2d6_off(ctx)
    ctx.emit(InitiativeRolled(rounds, first))


# ---- the Command segment (DW-7.2 step 1, DW-9.3) ----------------------------------------------


def activate(ctx: Ctx, ident: str, element: str) -> None:
    """DW-9.2 / DW-9.3: activate a squadron; command checks for models out of command."""
    state = ctx.state
    require_stage(state, Stage.ACTIVATION)
    if state.activation is not None:
        name = state.squadron_name(state.activation.squadron)
        raise IllegalCommand(DWCode.ACTIVE, f"{name} is still active: end its activation first.")
    index = own_model(state, ident)
    model = state.models[index]
    if not model.on_board:
        raise IllegalCommand(DWCode.OFF_BOARD, f"{model.ident} is not on the table.")
    squadron = model.squadron
    if squadron in state.activated:  # DW-7.1: once per turn
        raise IllegalCommand(
            DWCode.ACTIVATED, f"{state.squadron_name(squadron)} has already activated this turn."
        )
    groups = elements(state, squadron)
    nominee = index
    if element:
        nominee = own_model(state, element)
        if state.models[nominee].squadron != squadron or not state.models[nominee].on_board:
            raise IllegalCommand(
                DWCode.ELEMENT, f"{state.models[nominee].ident} is not in that squadron."
            )
    commanded = next(g for g in groups if nominee in g)
    broken = tuple(n for n in state.alive(squadron) if state.models[n].markers.broken)
    ctx.emit(SquadronActivated(squadron, commanded, broken))
    for straggler in out_of_command(ctx.state, squadron, commanded):  # DW-9.3 command check
        plan = check_plan(ctx.state, CheckKind.COMMAND, squadron, (straggler,))
        if plan is None:
            continue
        rolled = roll_check(ctx.dice, plan)
        ctx.emit(
            MoraleChecked(
                CheckKind.COMMAND,
                squadron,
                (straggler,),
                plan.dice,
                plan.needed,
                rolled.faces,
                rolled.successes,
                rolled.passed,
                plan.automatic,
            )
        )


# ---- the Movement segment (DW-7.2 step 2a, DW-11, DW-28.4) ------------------------------------


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
    model = state.models[index]
    card = state.card(index)
    if level is not None:
        why = level_problem(
            level, flyer=card.flying, diver=card.is_diving, on_fire=model.markers.fires > 0
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
        _movement_over(ctx)
        return
    _walk_model(ctx, index, steps, command, level)
    _movement_over(ctx)


def _movement_over(ctx: Ctx) -> None:
    """DW-7.2: once every model of the squadron has moved, the Movement segment ends."""
    activation = ctx.state.activation
    if activation is None or ctx.state.stage is Stage.OVER:
        return
    if all(n in activation.moved for n in ctx.state.alive(activation.squadron)):
        end_movement(ctx)


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
    """DW-11.3: models of the active squadron that have not moved and may not stay put."""
    activation = state.activation
    if activation is None:
        return ()
    return tuple(
        n
        for n in state.alive(activation.squadron)
        if n not in activation.moved and path_problem(state.mover(n), state.size(n), ())
    )


# ---- after the movement: the other segments (DW-7.2) ------------------------------------------


def _pending(ctx: Ctx) -> None:
    """A step the combat, boarding or aircraft modules fill; nothing happens yet."""
    del ctx


def _morale(ctx: Ctx) -> None:
    """DW-7.2 step 5 / DW-10.2: break checks caused this activation, then the bravery check."""
    activation = ctx.state.activation
    assert activation is not None  # noqa: S101 - during an activation
    for squadron in break_checks_due(ctx.state):
        _check(ctx, CheckKind.BREAK, squadron, ctx.state.alive(squadron))
    still = tuple(n for n in activation.broken_at_start if ctx.state.models[n].on_board)
    if still and not exempt(ctx.state, activation.squadron):
        _check(ctx, CheckKind.BRAVERY, activation.squadron, still)


def _check(ctx: Ctx, kind: CheckKind, squadron: int, models: tuple[int, ...]) -> None:
    plan = check_plan(ctx.state, kind, squadron, models)
    if plan is None:
        return
    rolled = roll_check(ctx.dice, plan)
    ctx.emit(
        MoraleChecked(
            kind,
            squadron,
            models,
            plan.dice,
            plan.needed,
            rolled.faces,
            rolled.successes,
            rolled.passed,
            plan.automatic,
        )
    )


AFTER_MOVEMENT: tuple[tuple[str, Callable[[Ctx], None]], ...] = (
    ("rams and collisions (DW-7.2 step 2b, DW-12.4): pending, the damage module", _pending),
)
"""What follows the squadron's movement at once (DW-12.6 step 2), before any combat command."""

SEGMENTS: tuple[tuple[str, Callable[[Ctx], None]], ...] = (
    ("combat (DW-7.2 step 3): pending, the combat module", _pending),
    ("boarding (DW-7.2 step 4, DW-19): pending", _pending),
    ("morale (DW-7.2 step 5, DW-10)", _morale),
)
"""The segments after movement, in the order of DW-7.2."""


def end_movement(ctx: Ctx) -> bool:
    """DW-7.2 step 2: the Movement segment is over; rams and collisions; True if the game ended.

    Raises:
        IllegalCommand: a model has still to make its minimum move (DW-11.3).
    """
    state = ctx.state
    activation = state.activation
    assert activation is not None  # noqa: S101 - during an activation
    waiting = must_move(state)
    if waiting:  # DW-11.3: the minimum move
        names = ", ".join(state.models[n].ident for n in waiting)
        its = "their" if len(waiting) > 1 else "its"
        raise IllegalCommand(DWCode.MUST_MOVE, f"{names} must still make {its} minimum move.")
    ctx.emit(MovementEnded(activation.squadron))
    for _, step in AFTER_MOVEMENT:
        step(ctx)
    return _orders_check(ctx) or check_end(ctx)


def end_activation(ctx: Ctx) -> None:
    """DW-7.2: the segments after movement, the instant victory check, then the next squadron."""
    state = ctx.state
    require_stage(state, Stage.ACTIVATION)
    activation = state.activation
    if activation is None:
        raise IllegalCommand(DWCode.NO_ACTIVATION, "No squadron is active: activate one.")
    if not activation.movement_done and end_movement(ctx):
        return
    for _, segment in SEGMENTS:
        segment(ctx)
        if _orders_check(ctx):  # DW-22.4: the instant an order is fulfilled
            return
    if check_end(ctx):
        return
    player = ctx.state.squadrons[activation.squadron].owner
    other = (player + 1) % PLAYERS
    left = {p: [n for n in ctx.state.ready(p) if n != activation.squadron] for p in (player, other)}
    following = other if left[other] else player if left[player] else None  # DW-7.1
    ctx.emit(ActivationEnded(activation.squadron, following))
    if following is None:
        end_phase(ctx)


# ---- the End Phase (DW-7.3) and the end (DW-22) -----------------------------------------------


def _orders_check(ctx: Ctx) -> bool:
    """DW-22.4: the instant a fleet fulfils its Field Order it wins and the game ends."""
    met = [p for p in range(PLAYERS) if order_met(ctx.state, p)]
    if not met:
        return False
    end_game(ctx, f"{ctx.state.players[met[0]]} fulfilled their Field Orders")
    return True


def _end_phase_bravery(ctx: Ctx) -> None:
    """DW-7.3 step 4 (the optional toggle of DW-27 item 3): broken squadrons test."""
    if not ctx.state.setup.end_phase_bravery:
        return
    for squadron in range(len(ctx.state.squadrons)):
        broken = tuple(n for n in ctx.state.alive(squadron) if ctx.state.models[n].markers.broken)
        if broken and not exempt(ctx.state, squadron):
            _check(ctx, CheckKind.BRAVERY, squadron, broken)


END_PHASE: tuple[tuple[str, Callable[[Ctx], None]], ...] = (
    ("1 victory conditions (DW-22.4): checked in `end_phase` itself", _pending),
    ("2 derelict drift and terrain movement: pending, boarding and optional rules", _pending),
    ("3 repairs (DW-16.4), then Corrosion: pending, the damage module", _pending),
    ("4 bravery checks for broken squadrons (DW-27 item 3: optional)", _end_phase_bravery),
    ("5 tidy markers (Camouflage templates): pending, generators", _pending),
    ("6 cards (DW-8.3): pending, the STAR deck", _pending),
)
"""The End Phase steps in the fixed order of DW-7.3 (step 1 is `end_phase`'s own check)."""


def end_phase(ctx: Ctx) -> None:
    """DW-7.3 in order, then the game length (DW-22.6) and the next turn."""
    ctx.emit(EndPhaseBegan(ctx.state.turn))
    if _orders_check(ctx):  # step 1
        return
    for _, step in END_PHASE[1:]:
        step(ctx)
    state = ctx.state
    if state.turn >= state.setup.turns:
        if state.setup.length.value == "fixed":
            end_game(ctx, f"the {state.setup.turns} turns have been played")
            return
        roller = state.initiative if state.initiative is not None else 0
        face = ctx.dice.die(6)
        more = face >= 4  # noqa: PLR2004 - DW-22.6: 4-6 one more turn
        ctx.emit(GameLengthRolled(roller, face, more))
        if not more:
            end_game(ctx, f"the game ended after turn {state.turn}")
            return
    begin_turn(ctx)


def check_end(ctx: Ctx) -> bool:
    """A fleet with no model left on the table ends the game (nothing is left to fight)."""
    if ctx.state.stage is Stage.OVER:
        return True
    for player in range(PLAYERS):
        if not any(m.on_board for m in ctx.state.models if m.owner == player):
            end_game(ctx, f"{ctx.state.players[player]} has no model left on the table")
            return True
    return False


def end_game(ctx: Ctx, reason: str) -> None:
    """DW-22.4 / DW-22.5: the Victory Points, the orders and the victory level."""
    ctx.emit(GameEnded(judge(ctx.state, reason)))
