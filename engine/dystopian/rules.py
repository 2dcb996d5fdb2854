"""The Dystopian Wars turn machine: `decide` a command into events, and what may be commanded now.

Rules: DW-22.4 and DW-22.8 (the roll-off for edges and Field Orders, the edge, deployment squadron
by squadron in the zones; Emplaced models anywhere but an enemy zone, `model_mars`), DW-7 and
DW-9 (initiative, alternating activations, the Command segment), DW-11 / DW-28.4 (the Movement
segment), DW-10 (morale), DW-22.4 to DW-22.6 (the end).

Guards run in a fixed order, one per rule (STYLE 6): the stage allows the command; the model is
known and the acting player's; then the command's own checks. A refusal raises `IllegalCommand`
with a code (`engine.dystopian.context.DWCode`) and a sentence a player can read.

The parts: `engine.dystopian.context` (the context, the shared guards), `engine.dystopian.turns`
(the turn, the segments of an activation, the End Phase), `engine.dystopian.morale` (checks),
`engine.dystopian.victory` (VP and orders). A combat command is a class in `commands`, a handler
here and a resolver in its own module, given between the last move and `EndActivation`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.dice import DiceSource
from engine.dystopian.answers import ANSWER, offer_reaction, window
from engine.dystopian.aux_commands import FireAuxiliary
from engine.dystopian.aux_fire import auxiliary_options, declare_auxiliary
from engine.dystopian.boarding_segment import board_options, declare_boarding
from engine.dystopian.cards import card_options, play_card
from engine.dystopian.combat_segment import declare, fire_options
from engine.dystopian.commands import (
    Activate,
    Board,
    ChooseEdge,
    DeployModel,
    EndActivation,
    Fire,
    Generate,
    MoveModel,
    PlaceCamouflage,
    PlayCard,
    RollOff,
)
from engine.dystopian.context import Ctx, DWCode, label, own_model, require_stage
from engine.dystopian.events import (
    DeployerChanged,
    EdgeChosen,
    ModelDeployed,
    ModelMoved,
    RolledOff,
)
from engine.dystopian.generating import (
    camouflage_options,
    generate,
    generate_options,
    kinetic_options,
    place_camouflage,
)
from engine.dystopian.geometry import Level
from engine.dystopian.indirect_commands import FireIndirect
from engine.dystopian.indirect_fire import declare_indirect, indirect_options
from engine.dystopian.mine_commands import DropMine
from engine.dystopian.mine_fire import drop_mine, mine_options, mines_entered
from engine.dystopian.mine_sweep import sweep, sweep_options
from engine.dystopian.minefields import lay_minefields
from engine.dystopian.model_mars import deploy_hexes, stands_anywhere
from engine.dystopian.morale import elements
from engine.dystopian.movement import (
    MarkerAction,
    Step,
    StepKind,
    format_path,
    level_problem,
    parse_path,
    reachable,
)
from engine.dystopian.moving import (
    move_model,
    move_problem,
    movement_complete,
    must_move,
    turn_to_move_problem,
)
from engine.dystopian.snipe import resolve_snipe, snipe_options
from engine.dystopian.snipe_commands import Snipe
from engine.dystopian.star_segment import (
    STAR_HANDLERS,
    star_options,
    window_problem,
    window_prompt,
)
from engine.dystopian.state import PLAYERS, DWState, Edge, FieldOrder, Stage
from engine.dystopian.sweep_events import SweepMine
from engine.dystopian.terrain import Entry, entry_rule, mode_for
from engine.dystopian.turns import (
    activate,
    begin_turn,
    close_movement,
    end_activation,
    end_movement,
    roll_2d6_off,
)
from engine.dystopian.wing_rules import wings_ready
from engine.dystopian.wings_segment import WING_HANDLERS, wing_options
from engine.game import Command, Event, IllegalCommand, KernelCode, Seat
from engine.hexes import Hex

__all__ = ["DWCode", "decide", "legal_commands", "prompt_text", "seats_to_act"]


def decide(state: DWState, command: Command, dice: DiceSource) -> list[Event]:
    """Validate ``command`` and resolve it into events (raises `IllegalCommand`)."""
    if state.stage is Stage.OVER:
        raise IllegalCommand(KernelCode.GAME_OVER, "The game is over.")
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise IllegalCommand(KernelCode.PARSE, f"Dystopian Wars has no command {command!r}.")
    waiting = window_problem(state, command)  # DW-8.2: an answer window is open
    if waiting:
        raise IllegalCommand(ANSWER, waiting)
    ctx = Ctx(state, dice)
    handler(ctx, command)
    return ctx.events


def _roll_off(ctx: Ctx, command: Command) -> None:
    """DW-22.8 step 1: 2D6 each, ties again; DW-22.4: a D6 each for the Field Orders."""
    del command
    require_stage(ctx.state, Stage.SETUP)
    rounds, chooser = roll_2d6_off(ctx)
    faces: tuple[int, ...] = ()
    orders = (FieldOrder.DEFAULT,) * PLAYERS
    if ctx.state.setup.field_orders:
        faces = tuple(ctx.dice.die(6) for _ in range(PLAYERS))
        orders = tuple(_order(ctx.state, player, face) for player, face in enumerate(faces))
    ctx.emit(RolledOff(rounds, chooser, faces, orders))


def _order(state: DWState, player: int, face: int) -> FieldOrder:
    """DW-22.4: a 6 against a fleet with no Commodore takes the default order."""
    order = FieldOrder.rolled(face)
    enemy = state.setup.players[(player + 1) % PLAYERS].fleet
    if order is FieldOrder.COMMODORE and enemy.flagship is None:
        return FieldOrder.DEFAULT
    return order


def _choose_edge(ctx: Ctx, command: Command) -> None:
    """DW-22.8 step 1: the higher roller chooses an edge and deploys first."""
    assert isinstance(command, ChooseEdge)  # noqa: S101 - dispatched by type
    require_stage(ctx.state, Stage.EDGE)
    chooser = ctx.state.chooser if ctx.state.chooser is not None else 0
    ctx.emit(EdgeChosen(chooser, command.edge))


def deploy_problem(
    state: DWState, index: int, where: Hex, level: Level
) -> tuple[DWCode, str] | None:
    """DW-22.8 / DW-28.5 / DW-28.9: why model ``index`` may not deploy there, or None."""
    model, card = state.models[index], state.card(index)
    if where not in deploy_hexes(state, index):  # DW-22.8 steps 2 and 5 (Emplaced, DW-24)
        why = f"{label(where)} is outside {state.players[model.owner]}'s deployment zone."
        return DWCode.OUTSIDE_ZONE, why
    other = next((m for m in state.models if m.on_board and m.hex == where), None)
    if other is not None:  # DW-28.5: one piece per hex
        return DWCode.OCCUPIED, f"{other.ident} is already in {where.label}."
    why = level_problem(level, flyer=card.flying, diver=card.is_diving)
    if why:  # DW-11.8 / DW-11.9: flyers may start obscured, divers submerged
        return DWCode.LEVEL, why
    amphibious = card.has("amphibious_capability")
    mode = mode_for(level, land=state.mover(index).land, amphibious=amphibious)
    enters = entry_rule(state.setup.terrain[where].kind, mode).entry is Entry.ENTER
    if not enters and not stands_anywhere(card):  # DW-25.1: fortresses on land or water
        return DWCode.TERRAIN, f"{model.ident} cannot stand in the terrain of {where.label}."
    return None


def _deploy(ctx: Ctx, command: Command) -> None:
    """DW-22.8 step 3: one model; a squadron is deployed whole before the other player's turn."""
    assert isinstance(command, DeployModel)  # noqa: S101 - dispatched by type
    state = ctx.state
    require_stage(state, Stage.DEPLOYMENT)
    index = own_model(state, command.model)
    model = state.models[index]
    if model.hex is not None:
        raise IllegalCommand(DWCode.DEPLOYED, f"{model.ident} is already at {model.hex.label}.")
    if state.deploying is not None and model.squadron != state.deploying:
        name = state.squadron_name(state.deploying)
        raise IllegalCommand(DWCode.OTHER_SQUADRON, f"Finish deploying {name} first.")
    level = model.level if command.level is None else command.level
    problem = deploy_problem(state, index, command.hex, level)
    if problem is not None:
        raise IllegalCommand(*problem)
    ctx.emit(ModelDeployed(index, command.hex, command.facing, level))
    if ctx.state.deploying is not None:
        return
    other = (model.owner + 1) % PLAYERS
    following = (
        other
        if ctx.state.undeployed(other)
        else model.owner
        if ctx.state.undeployed(model.owner)
        else None
    )
    if following is not None:  # DW-22.8 step 3: alternate; who runs out stops
        ctx.emit(DeployerChanged(following))
        return
    lay_minefields(ctx)  # DW-24 / DW-22.8 step 5: after both fleets deploy
    begin_turn(ctx)


def _activate(ctx: Ctx, command: Command) -> None:
    assert isinstance(command, Activate)  # noqa: S101 - dispatched by type
    activate(ctx, command.model, command.element)


def _move(ctx: Ctx, command: Command) -> None:
    assert isinstance(command, MoveModel)  # noqa: S101 - dispatched by type
    move_model(ctx, command)
    moved = [e for e in ctx.events if isinstance(e, ModelMoved)]
    if moved:  # DW-18.6: the mines the move entered go off
        mines_entered(ctx, moved[-1].model, moved[-1].hexes)
    if movement_complete(ctx.state):  # DW-7.2: the last model has moved
        end_movement(ctx)


def _fire(ctx: Ctx, command: Command) -> None:
    """DW-7.2 step 3a: declare an attack; the Movement segment ends first if it has not."""
    assert isinstance(command, Fire)  # noqa: S101 - dispatched by type
    if close_movement(ctx):
        return
    declare(ctx, command)
    offer_reaction(ctx)  # DW-8.2 R: the attacked player may answer with an R card


def _end(ctx: Ctx, command: Command) -> None:
    del command
    end_activation(ctx)


_HANDLERS: dict[type[Command], Callable[[Ctx, Command], None]] = {
    RollOff: _roll_off,
    ChooseEdge: _choose_edge,
    DeployModel: _deploy,
    Activate: _activate,
    MoveModel: _move,
    EndActivation: _end,
    Fire: _fire,
}


def seats_to_act(state: DWState) -> frozenset[Seat]:
    """The seats due: either player rolls off; then the chooser, the deployer, the active."""
    if state.stage is Stage.OVER:
        return frozenset()
    if state.stage is Stage.SETUP:
        return frozenset(range(PLAYERS))
    asked = window(state)  # DW-8.2: the seat asked to answer, not always the active one
    return frozenset({state.active if asked is None else asked.player})


def prompt_text(state: DWState) -> str:  # noqa: PLR0911 - one line a stage
    """What is asked now, in one line, for the command line and the status bar."""
    who = state.players[state.active]
    if state.stage is Stage.OVER:
        return "The game is over."
    if state.stage is Stage.SETUP:
        return "Roll off for the table edges and Field Orders (roll)."
    if window(state) is not None:  # DW-8.2 / DW-8.3: a card asked of one seat
        return window_prompt(state)
    if state.stage is Stage.EDGE:
        return f"{who}: choose your table edge (edge top|bottom)."
    if state.stage is Stage.DEPLOYMENT:
        waiting = ", ".join(state.models[n].ident for n in state.undeployed(state.active))
        return f"{who}: deploy a squadron in your zone (deploy MODEL HEX [FACING]): {waiting}."
    if state.activation is None:
        if not wings_ready(state, state.active):
            return f"{who}: activate a squadron (activate MODEL [element MODEL])."
        if not state.ready(state.active):  # DW-20.3: wings take turns among the squadrons
            return f"{who}: activate a wing (fly WING HEX|off [attack|land|cap ...], refuel WING)."
        return f"{who}: activate a squadron (activate MODEL) or a wing (fly WING HEX|off ...)."
    left = [
        state.models[n].ident
        for n in state.alive(state.activation.squadron)
        if n not in state.activation.moved
    ]
    if left:
        return f"{who}: move {', '.join(left)} (move MODEL PATH), or end the activation (end)."
    return f"{who}: declare attacks (fire MODEL WEAPON at TARGET), or end the activation (end)."


def legal_commands(state: DWState) -> list[Command]:  # noqa: PLR0911 - one list a stage
    """Every command the rules accept now, for menus, bots and property tests (bounded).

    Deployments face the middle of the board; moves are the clean ends of `reachable` and the
    straight move of the minimum, with the marker changes and levels a model may declare.
    """
    if state.stage is Stage.OVER:
        return []
    if state.stage is Stage.SETUP:
        return [RollOff()]
    if state.stage is Stage.EDGE:
        return [ChooseEdge(edge) for edge in Edge]
    if state.stage is Stage.DEPLOYMENT:
        return list(_deployments(state))
    if window(state) is not None:  # DW-8.2 / DW-8.3: only the answers
        return star_options(state)
    if state.activation is None:
        return [*_activations(state), *wing_options(state)]
    found: list[Command] = [] if must_move(state) else [EndActivation()]
    settled = state.activation.movement_done or all(c.resolved for c in state.contacts)
    if found and settled:  # a Fire ends the movement: no dice may fall before it is declared
        found += fire_options(state)
        found += indirect_options(state)  # DW-18.7: through a spotter
        found += auxiliary_options(state)  # DW-18.2: AA at flyers, CC at divers
        found += board_options(state)  # DW-19.3: boardings, declared like attacks
        found += generate_options(state)  # DW-23: active generators, after moving
        found += camouflage_options(state)  # DW-23: Camouflage templates, after moving
        found += sweep_options(state)  # DW-18.6: CC at a mine 1-2 hexes away, after moving
    found += kinetic_options(state)  # DW-23: Kinetic, before the model moves
    found += snipe_options(state)  # DW-24 Sharpshooters: at any point of the activation
    found += card_options(state)  # DW-8.2: S and A cards from the hand
    found += mine_options(state)  # DW-18.6: a mine ahead of the bow, before or after moving
    found += wing_options(state)  # DW-20.4 launches, DW-20.8 CAP wings flying with their host
    for index in state.alive(state.activation.squadron):
        found += _moves(state, index)
    return found


def _deployments(state: DWState) -> Iterator[Command]:
    player = state.active
    edge = state.edges[player]
    waiting = [
        n
        for n in state.undeployed(player)
        if state.deploying is None or state.models[n].squadron == state.deploying
    ]
    firsts = {state.models[n].squadron: n for n in reversed(waiting)}
    for index in sorted(firsts.values()) if state.deploying is None else waiting[:1]:
        model = state.models[index]
        for where in sorted(deploy_hexes(state, index), key=lambda h: h.to_offset()):
            if deploy_problem(state, index, where, model.level) is None:
                yield DeployModel(model.ident, where, edge.inward)


def _activations(state: DWState) -> Iterator[Command]:
    for squadron in state.ready(state.active):
        groups = elements(state, squadron)
        first = state.models[groups[0][0]].ident
        yield Activate(first)
        for group in groups[1:]:
            yield Activate(first, state.models[group[0]].ident)


def _moves(state: DWState, index: int) -> list[Command]:
    activation = state.activation
    if activation is None or turn_to_move_problem(state, index):
        return []
    ident = state.models[index].ident
    options = [MoveModel(ident, "", a) for a in MarkerAction if a is not MarkerAction.STOP]
    mover = state.mover(index)
    straight = (Step(0, StepKind.FORWARD),) * mover.min_hexes
    options += [MoveModel(ident, format_path(straight)), MoveModel(ident, "B")]
    if mover.min_hexes:
        options.append(MoveModel(ident, format_path(straight), MarkerAction.STOP))
    for level in Level:
        if level is not state.models[index].level:
            options.append(MoveModel(ident, format_path(straight), level=level))
    board, indices = state.board()
    ends = reachable(board, indices.index(index), mover, state.size(index))
    options += [MoveModel(ident, format_path(path)) for path in ends.values()]
    seen: set[MoveModel] = set()
    found: list[Command] = []
    for option in options:
        if option in seen:
            continue
        seen.add(option)
        steps = parse_path(option.path)
        if not move_problem(state, index, steps, option.marker, option.level):
            found.append(option)
    return found


# ---- boarding and the STAR deck (DW-19, DW-8) ---------------------------------------------------


def _board(ctx: Ctx, command: Command) -> None:
    """DW-19.3 step 4: declare a boarding; the Movement segment ends first if it has not."""
    assert isinstance(command, Board)  # noqa: S101 - dispatched by type
    if close_movement(ctx):
        return
    declare_boarding(ctx, command)


def _play_card(ctx: Ctx, command: Command) -> None:
    assert isinstance(command, PlayCard)  # noqa: S101 - dispatched by type
    play_card(ctx, command)


def _generate(ctx: Ctx, command: Command) -> None:
    """DW-23: use a generator after moving; the Movement segment ends first if it has not."""
    assert isinstance(command, Generate)  # noqa: S101 - dispatched by type
    before = command.generator.casefold() == "kinetic"  # DW-23: Kinetic comes before moving
    if not before and close_movement(ctx):
        return
    generate(ctx, command)


def _camouflage(ctx: Ctx, command: Command) -> None:
    """DW-23 Camouflage: after moving; the Movement segment ends first if it has not."""
    assert isinstance(command, PlaceCamouflage)  # noqa: S101 - dispatched by type
    if close_movement(ctx):
        return
    place_camouflage(ctx, command)


_HANDLERS[Board] = _board
_HANDLERS[PlayCard] = _play_card
_HANDLERS.update(STAR_HANDLERS)  # DW-8.2: S/A cards, and the answers (`star_segment`)
_HANDLERS[Generate] = _generate
_HANDLERS[PlaceCamouflage] = _camouflage


# ---- tiny-flyer wings (DW-20): the handlers live in `engine.dystopian.wings_segment` ----
_HANDLERS.update(WING_HANDLERS)


def _fire_indirect(ctx: Ctx, command: Command) -> None:
    """DW-18.7: declare an indirect attack; the Movement segment ends first if it has not."""
    assert isinstance(command, FireIndirect)  # noqa: S101 - dispatched by type
    if close_movement(ctx):
        return
    declare_indirect(ctx, command)
    offer_reaction(ctx)  # DW-8.2 R: the attacked player may answer with an R card


_HANDLERS[FireIndirect] = _fire_indirect


def _fire_auxiliary(ctx: Ctx, command: Command) -> None:
    """DW-18.2: declare offensive AA or CC; the Movement segment ends first if it has not."""
    assert isinstance(command, FireAuxiliary)  # noqa: S101 - dispatched by type
    if close_movement(ctx):
        return
    declare_auxiliary(ctx, command)


_HANDLERS[FireAuxiliary] = _fire_auxiliary


def _drop_mine(ctx: Ctx, command: Command) -> None:
    """DW-18.6: drop a mine ahead of the bow, before or after the model's move."""
    assert isinstance(command, DropMine)  # noqa: S101 - dispatched by type
    drop_mine(ctx, command)


_HANDLERS[DropMine] = _drop_mine
_HANDLERS[Snipe] = resolve_snipe  # DW-24 Sharpshooters


def _sweep(ctx: Ctx, command: Command) -> None:
    """DW-18.6: CC at a mine; the Movement segment ends first if it has not."""
    assert isinstance(command, SweepMine)  # noqa: S101 - dispatched by type
    if close_movement(ctx):
        return
    sweep(ctx, command)


_HANDLERS[SweepMine] = _sweep
