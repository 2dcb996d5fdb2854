"""The computer's answer to NT-4's question: which equally near enemy wastes a jitter shot.

`choose_jitter_firer` weighs each candidate's shot in the dark (one of its ready weapons, picked
by a die, `engine.battletech.rules.night.jitter_fire`): the heat it gains and the ammunition it
spends count against it, a shot from a nearly empty bin most.
"""

from __future__ import annotations

from engine.battletech.bot.reasons import Decision
from engine.battletech.narrate.words import unit_name
from engine.battletech.nightcommands import ChooseJitterFirer
from engine.battletech.rules.night import ready_weapons
from engine.battletech.rules.tohit import ammo_bins, weapon_spec
from engine.battletech.state import BTState

__all__ = ["choose_jitter_firer", "wasted"]

SCARCE = 6.0
"""What the last shot of a weapon's ammunition counts, in points of heat (1/n of it with n left)."""


def wasted(state: BTState, index: int) -> float:
    """What unit ``index``'s jitter shot costs it on average: heat, plus scarce ammunition."""
    unit = state.units[index]
    costs = []
    for weapon in ready_weapons(unit):
        spec = weapon_spec(unit, weapon)
        if spec is None:
            continue
        cost = float(spec.heat)
        if spec.uses_ammo:
            left = sum(unit.ammo[b] for b in ammo_bins(unit, spec))
            cost += SCARCE / max(1, left)
        costs.append(cost)
    return sum(costs) / len(costs) if costs else 0.0


def choose_jitter_firer(state: BTState) -> Decision:
    """NT-4: of the equally near enemies, the one whose wasted shot costs it most fires."""
    question = state.night.asking if state.night is not None else None
    if question is None:
        return Decision(None)
    scored = sorted(
        ((wasted(state, u), -u) for u in question.candidates), key=lambda s: s, reverse=True
    )
    best = -scored[0][1]
    alternatives = tuple((unit_name(state, -u), round(score, 2)) for score, u in scored)
    reason = (
        f"lets the {unit_name(state, best)} waste its shot in the dark (most heat and ammunition)"
    )
    return Decision(ChooseJitterFirer(best), reason, alternatives)
