"""The BattleTech computer opponent (issue 21): one decision at a time, with its reasons.

The contract every caller uses (the TUI, ``hexmech play --computer``, the simulator):

- `decide(state, personality, rng)` returns a `Decision`: the command to give (None: nothing to
  do for the side to act), a one-line ``reason`` the log and replays show, and the
  ``alternatives`` it weighed (best first, each a short label and its score).
- `PERSONALITIES` names the personalities a setup may choose ("cautious", "balanced",
  "aggressive"); `DEFAULT_PERSONALITY` is the one a form offers first.

Pure like the rest of the engine: the state and a seeded random source in, a decision out; the
same state, personality and seed give the same decision. Every command it returns is one the
rules accept (a refusal in the simulator is a bug).

How it plays, phase by phase (each module says what it weighs and which rules it reads):

- Initiative: roll. Deployment (`movement.choose_deployment`): cover and height in the zone,
  spread out, facing the enemy.
- Movement (`movement.choose_move`): every reachable end position (walk, run, jump; charges and
  deaths from above) ranked by the damage it expects to deal and to take next, piloting risk,
  heat, and the scenario's objective; a unit whose move a fall cut short goes on or ends it.
- Weapon Attack (`fire.choose_fire`): the target, torso twist and weapons with the most expected
  damage within the personality's heat budget.
- Physical Attack (`physical.choose_physical`): the best punch, kick, club or push, or none.
- On top of these, the orders only some kinds give (`kinds`): loads and unloads, rams, swarms,
  leg attacks, letting go and brushing off (`transport`, `ram`, `antimech`).

Every unit kind is played by the same evaluation (issue 21): vehicles, VTOLs, platoons and
battle armor squads move, fire and count damage by their own rules (each module says how).

The personalities (`evaluate.WEIGHTS`) differ in how much damage taken counts against damage
dealt, the heat they accept, and how readily they close in and risk melee.
"""

from __future__ import annotations

from engine.battletech.bot.builtin import Random
from engine.battletech.bot.evaluate import WEIGHTS
from engine.battletech.bot.jitter import choose_jitter_firer
from engine.battletech.bot.kinds import choose_fire, choose_move, choose_mover
from engine.battletech.bot.movement import choose_deployment
from engine.battletech.bot.physical import choose_physical
from engine.battletech.bot.reasons import Decision
from engine.battletech.commands import EndPhase, RollInitiative
from engine.battletech.rules.flow import can_end_phase
from engine.battletech.rules.turn import can_declare
from engine.battletech.state import BTState, Phase

__all__ = ["DEFAULT_PERSONALITY", "PERSONALITIES", "Decision", "decide"]

PERSONALITIES: tuple[str, ...] = ("cautious", "balanced", "aggressive")
"""The computer's personalities, as a setup form offers them."""

DEFAULT_PERSONALITY = "balanced"


def decide(state: BTState, personality: str, rng: Random) -> Decision:  # noqa: C901, PLR0911, PLR0912 - one case per phase
    """Return the computer's next decision for the side to act (see the module docstring).

    ``rng`` is the seeded source the contract gives; the choices are deterministic (ties go to
    the first candidate in the rules' own order), so the same state gives the same decision.
    """
    if personality not in PERSONALITIES:
        raise ValueError(f"unknown personality {personality!r}")
    del rng  # the evaluation breaks ties by order, not by chance
    weights = WEIGHTS[personality]
    phase = state.phase
    if phase is Phase.INITIATIVE:
        return Decision(RollInitiative(), "rolls for initiative")
    side = state.side_to_act
    if phase is Phase.DEPLOYMENT:
        if side is None:
            return Decision(None)
        return choose_deployment(state, side, weights) or Decision(None)
    if phase is Phase.MOVEMENT:
        if state.night is not None and state.night.asking is not None:
            return choose_jitter_firer(state)  # NT-4: the moving side chooses who fires
        if can_end_phase(state):
            return Decision(EndPhase(), "every unit has moved")
        if state.active is not None:
            return choose_move(state, state.active, weights)
        if side is None:
            return Decision(None)
        index = choose_mover(state, side)
        if index is None:
            return Decision(None)
        return choose_move(state, index, weights)
    if phase in {Phase.WEAPON, Phase.PHYSICAL} and side is not None:
        # the first unit dealt a slot, as `turn.declarers` orders them (without asking for all)
        index = next(
            (
                i
                for i, unit in enumerate(state.units)
                if unit.side == side and can_declare(state, i)
            ),
            None,
        )
        if index is None:
            return Decision(None)
        if phase is Phase.WEAPON:
            return choose_fire(state, index, weights)
        return choose_physical(state, index, weights)
    return Decision(None)
