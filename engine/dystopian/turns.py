"""The Dystopian Wars turn (DW-7): initiative, activations and their segments, the End Phase.

- `begin_turn`: a new turn, its T cards (DW-7.1 phase 1: with the STAR deck a player holding one
  is asked first, `engine.dystopian.answers`), and its initiative, 2D6 each, ties rolled again
  (`roll_initiative`, DW-9.1).
- `activate`: the Command segment (DW-7.2 step 1, DW-9.3): the commanded element, and a command
  check for each model that starts out of command of it (a failure breaks that model).
- The Movement segment is `engine.dystopian.moving` (DW-7.2 step 2a).
- `end_movement`: the Movement segment ends (`MovementEnded`) once every model has moved, or
  at `end_activation`; rams and collisions follow at once (`AFTER_MOVEMENT`, DW-12.6 step 2).
  Combat commands are given after it, while the activation lasts.
- `end_activation`: the segments after that, in the order of DW-7.2 (`SEGMENTS`): combat (3),
  boarding (4), morale (5: break checks, then the active squadron's bravery check); the Field
  Orders are checked after each (the instant win, DW-22.4); then the next squadron, alternating,
  a player with none left passing (DW-7.1).
- `end_phase`: the End Phase in the fixed order of DW-7.3 (`END_PHASE`), then the game length
  (DW-22.6) and the next turn; a step that asks a seat (step 6, the discards at will, DW-8.3)
  pauses it and `resume_end_phase` goes on after the answer.

Filled steps: rams and collisions (`combat_segment.resolve_contacts`), the declared attacks
(`combat_segment.resolve_attacks`; the `Fire` command declares them), repairs and Corrosion
(`repair_segment.repair_step`; a fleet sunk by them ends the game), the boardings
(`boarding_segment.resolve_boardings`; the `Board` command declares them) and derelict drift
(`boarding_segment.drift_on_activation` after the Command segment, `drift_end_phase` in step
2), the STAR deck (`cards.deal_hands` when the first turn begins, the T cards' window,
`cards.end_phase_cards` in step 6), the generators (`generator_effects`: Fury and Pulse charge on
activation, a Sonic stun ends with the activation, Camouflage templates go in step 5). Tiny-flyer
wings (DW-20) take their turns among the squadrons (`wing_rules.wings_ready` in the alternation;
their commands in `wings_segment`); CAP wings strike back after the attacks
(`wing_rules.cap_counter_attacks`); the End Phase ends with the wings' step
(`wing_rules.tidy_wings`). Panic Dive and Swift Ascent (DW-24) roll after the rams
(`AFTER_MOVEMENT`) and after the attacks (`level_mars.after_rams`, `level_mars.after_attacks`).
Magnetic Mines (DW-24) move in step 2 (`magnetic_mines.magnetic_step`).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.dystopian.answers import ask_turn_card, window
from engine.dystopian.aux_fire import resolve_auxiliary
from engine.dystopian.boarding_segment import (
    drift_end_phase,
    drift_on_activation,
    resolve_boardings,
)
from engine.dystopian.cards import deal_hands, end_phase_cards
from engine.dystopian.combat_segment import resolve_attacks, resolve_contacts
from engine.dystopian.context import Ctx, DWCode, own_model, require_stage
from engine.dystopian.events import (
    ActivationEnded,
    CheckKind,
    EndPhaseBegan,
    GameEnded,
    GameLengthRolled,
    InitiativeRolled,
    MoraleChecked,
    MovementEnded,
    SquadronActivated,
    TurnBegan,
)
from engine.dystopian.generator_effects import charge_generators, lift_camouflage, sonic_fades
from engine.dystopian.level_mars import after_attacks, after_rams
from engine.dystopian.magnetic_mines import magnetic_step
from engine.dystopian.morale import (
    break_checks_due,
    check_plan,
    elements,
    exempt,
    out_of_command,
    roll_check,
)
from engine.dystopian.moving import must_move
from engine.dystopian.repair_segment import repair_step
from engine.dystopian.state import PLAYERS, Stage
from engine.dystopian.victory import judge, order_met, turns_played
from engine.dystopian.wing_rules import cap_counter_attacks, tidy_wings, wings_ready
from engine.game import IllegalCommand

__all__ = [
    "AFTER_MOVEMENT",
    "END_PHASE",
    "SEGMENTS",
    "activate",
    "begin_turn",
    "check_end",
    "close_movement",
    "end_activation",
    "end_game",
    "end_movement",
    "end_phase",
    "resume_end_phase",
    "roll_2d6_off",
    "roll_initiative",
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
    """DW-7.1 phases 1-2: the turn begins, the T cards are chosen, initiative is rolled (DW-9.1).

    With the STAR deck a player holding a T card is asked first (`answers.ask_turn_card`); the
    initiative waits for the answers (`roll_initiative`, from `engine.dystopian.star_segment`).
    """
    deal_hands(ctx)  # DW-8.3: the STAR deck's first hands, when the game plays with it
    previous = ctx.state.initiative  # DW-8.2: T cards resolve in the last turn's order
    ctx.emit(TurnBegan(ctx.state.turn + 1))
    if ask_turn_card(ctx, -1 if previous is None else previous):  # DW-7.1 phase 1
        return
    roll_initiative(ctx)


def roll_initiative(ctx: Ctx) -> None:
    """DW-7.1 phase 2 / DW-9.1: 2D6 each, ties again; the higher activates first."""
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
    charge_generators(ctx)  # DW-23: Fury and Pulse gain 2 dice on each activation
    drift_on_activation(ctx)  # DW-19.6: derelicts drift with the party aboard
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
    ("rams and collisions (DW-7.2 step 2b, DW-12.4)", resolve_contacts),
    ("Panic Dive and Swift Ascent after ramming (DW-24)", after_rams),
)
"""What follows the squadron's movement at once (DW-12.6 step 2), before any combat command."""

SEGMENTS: tuple[tuple[str, Callable[[Ctx], None]], ...] = (
    ("combat (DW-7.2 steps 3b, 3d): the declared attacks", resolve_attacks),
    ("combat: offensive AA and CC (DW-18.2)", resolve_auxiliary),
    ("combat: Panic Dive and Swift Ascent after attacking (DW-24)", after_attacks),
    ("combat: CAP wings' AD counter-attacks (DW-20.6, DW-20.8)", cap_counter_attacks),
    ("boarding (DW-7.2 step 4, DW-19.4)", resolve_boardings),
    ("morale (DW-7.2 step 5, DW-10)", _morale),
    ("a Sonic stun ends with the model's next activation (DW-23)", sonic_fades),
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


def close_movement(ctx: Ctx) -> bool:
    """DW-7.2 step 2 before a later segment's command: end the Movement segment if it is open.

    True if ending it ended the game (the command then stops); False if the command may go on.
    """
    activation = ctx.state.activation
    return activation is not None and not activation.movement_done and end_movement(ctx)


def end_activation(ctx: Ctx) -> None:
    """DW-7.2: the segments after movement, the instant victory check, then the next squadron."""
    state = ctx.state
    require_stage(state, Stage.ACTIVATION)
    activation = state.activation
    if activation is None:
        raise IllegalCommand(DWCode.NO_ACTIVATION, "No squadron is active: activate one.")
    if close_movement(ctx):
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
    for p in left:  # DW-20.3: wings take their turns among the squadrons
        left[p] += [-1] if wings_ready(ctx.state, p) else []
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
    ("2 derelict drift (DW-19.6); terrain movement: pending, optional rules", drift_end_phase),
    ("2 Magnetic Mines move (DW-24)", magnetic_step),
    ("3 repairs (DW-16.4), then Corrosion (DW-24)", repair_step),
    ("4 bravery checks for broken squadrons (DW-27 item 3: optional)", _end_phase_bravery),
    ("5 tidy markers: Camouflage templates are removed (DW-23)", lift_camouflage),
    ("6 cards (DW-8.3): discards at will, down to the hand limit, draw up to it", end_phase_cards),
    ("tiny flyers: Aborts lapse, lost carriers and hosts (DW-20.7, DW-20.8)", tidy_wings),
)
"""The End Phase steps in the fixed order of DW-7.3 (step 1 is `end_phase`'s own check)."""


def end_phase(ctx: Ctx) -> None:
    """DW-7.3 in order, then the game length (DW-22.6) and the next turn."""
    ctx.emit(EndPhaseBegan(ctx.state.turn))
    if _orders_check(ctx):  # step 1
        return
    resume_end_phase(ctx, 1)


def resume_end_phase(ctx: Ctx, start: int) -> None:
    """DW-7.3 from step ``start`` (an index of `END_PHASE`), the game length, the next turn.

    A step that asks a seat (DW-8.3: the discards at will) stops it; the answer resumes it there.
    """
    for _, step in END_PHASE[start:]:
        step(ctx)
        if window(ctx.state) is not None:
            return
    if check_end(ctx):  # repairs and Corrosion can sink a fleet's last model
        return
    state = ctx.state
    if state.turn >= state.setup.turns:
        if state.setup.length.value == "fixed":
            end_game(ctx, turns_played(state.setup.turns))
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
