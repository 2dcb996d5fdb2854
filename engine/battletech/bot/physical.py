"""The computer's Physical Attack phase: punch, kick, club, hatchet, sword or push (BT-C-36..41).

Every legal attack (`physical.physical_options`) is weighed by its chance to hit
(`physical.physical_to_hit`) times its damage (BT-C-37..41: punches tons/10 an arm, kicks
tons/5, clubs and hatchets tons/5, swords tons/10 + 1), more on a target already hurt, less the
risk a missed kick brings (a PSR for the kicker, BT-C-41). Pushes are worth a little (they move
the target, BT-C-40). A swarmed 'Mech also weighs brushing its swarmers off (BT-C-35.10,
`bot.antimech.brush_off_value`): the swarm damage a hit saves against the punch a miss costs.
With nothing worth it the unit makes no attack.
"""

from __future__ import annotations

import math

from engine.battletech.antimechevents import BrushOff
from engine.battletech.bot.antimech import brush_off_value, swarm_damage
from engine.battletech.bot.evaluate import Weights, p_hit, p_psr_fail, scale, weakness
from engine.battletech.bot.reasons import Decision
from engine.battletech.commands import PhysicalAttack
from engine.battletech.designs.mech import Location
from engine.battletech.rules import antimech, masc, physical
from engine.battletech.rules.victory import tonnage
from engine.battletech.state import AttackKind, BTState

__all__ = ["choose_physical", "physical_value"]

_ALTERNATIVES = 5
_FALL_COST = 6.0


def _damage(state: BTState, index: int, option: PhysicalAttack) -> float:
    unit = state.units[index]
    tons = tonnage(unit)
    kind, limb = option.kind, option.limb
    if kind is AttackKind.PUNCH:
        arms = (limb,) if limb is not None else (Location.LA, Location.RA)
        return float(sum(physical.punch_damage(unit, arm) for arm in arms))
    if kind is AttackKind.KICK:
        legs = (limb,) if limb is not None else (Location.LL, Location.RL)
        return float(max(physical.kick_damage(unit, leg) for leg in legs))
    if kind in {AttackKind.CLUB, AttackKind.HATCHET}:
        return float(math.ceil(tons / 5) * masc.tsm_factor(unit))  # BT-C-75: TSM doubles
    if kind is AttackKind.SWORD:
        return float((math.ceil(tons / 10) + 1) * masc.tsm_factor(unit))
    return 0.5  # a push: no damage, it may shove the target out of position or over an edge


def physical_value(state: BTState, index: int, option: PhysicalAttack, weights: Weights) -> float:
    """Expected worth of one physical attack (damage weighted by the target's wounds, less risk)."""
    if option.kind is None or option.target is None:
        return 0.0
    hit = physical.physical_to_hit(state, index, option.kind, option.target, option.limb)
    if not hit.possible or hit.number is None:
        return -1.0
    p = p_hit(hit.number)
    other = state.units[option.target]
    value = (
        weights.dealt * p * _damage(state, index, option) * (1.0 + weakness(other)) * scale(other)
    )
    if option.kind is AttackKind.KICK:
        unit = state.units[index]
        risk = (1 - p) * p_psr_fail(unit) * _FALL_COST * (1 + tonnage(unit) / 50)
        value -= weights.risk * risk / weights.melee
    return value


def choose_physical(state: BTState, index: int, weights: Weights) -> Decision:
    """The best physical attack of unit ``index`` (a brush-off among them), or none."""
    options: list[PhysicalAttack | BrushOff] = [*physical.physical_options(state, index)]
    if state.units[index].is_mech:
        options += [o for o in antimech.options(state, index) if isinstance(o, BrushOff)]
    scored = sorted(
        ((_value(state, index, option, weights), n, option) for n, option in enumerate(options)),
        key=lambda item: (-item[0], item[1]),
    )
    alternatives = tuple((_label(state, o), round(v, 1)) for v, _, o in scored[:_ALTERNATIVES])
    alternatives += (("no attack", 0.0),)
    if not scored or scored[0][0] <= 0:
        return Decision(
            PhysicalAttack(index), "makes no physical attack: none worth it", alternatives
        )
    value, _, best = scored[0]
    if isinstance(best, BrushOff):
        return Decision(best, _brush_reason(state, best, weights), alternatives)
    return Decision(best, f"{_label(state, best)}: worth {value:.1f}", alternatives)


def _value(
    state: BTState, index: int, option: PhysicalAttack | BrushOff, weights: Weights
) -> float:
    if isinstance(option, BrushOff):
        return brush_off_value(state, option, weights)[0]
    return physical_value(state, index, option, weights)


def _brush_reason(state: BTState, option: BrushOff, weights: Weights) -> str:
    """BT-C-35.10: "brushed the Cavalier off with the right arm: needs 9, it does 12 a turn"."""
    _, number = brush_off_value(state, option, weights)
    swarmer = state.units[option.target]
    arm = option.limb.long_name.lower()
    return (
        f"brushes the {swarmer.name} off with the {arm}: needs {number}, "
        f"its swarm does {swarm_damage(swarmer):.0f} a turn"
    )


def _label(state: BTState, option: PhysicalAttack | BrushOff) -> str:
    if isinstance(option, BrushOff):
        return f"brush {state.units[option.target].name} off ({option.limb.value})"
    kind = option.kind.value if option.kind is not None else "nothing"
    limb = f" with the {option.limb.long_name.lower()}" if option.limb is not None else ""
    target = state.units[option.target].name if option.target is not None else "?"
    return f"{kind}{limb} at {target}"
