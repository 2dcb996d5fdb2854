"""The Close Combat order (AOD-14): a close-combat attack, or a capture attempt, in base contact.

Rules: AOD-14.1 (who, front-arc contact, Quads any side, water and elevation limits), AOD-14.2
(rear +2, shut-down target +4, height advantage), AOD-14.3 (capture: +3 defense, success makes
the target a captive, a VTOL is eliminated, failure costs 1 pushing click), AOD-11.4 (criticals),
AOD-11.6 (the damage value: primary, or a melee secondary; 'Mech at least 1; a Quad without
melee 1), AOD-11.8 (the steps, in order), AOD-21.1/21.2 (*Ruthlessness*, *Zellbrigen*: +1 click on
a single green / elite target) and AOD-21.3 (*Predator*: a second attack, no order, token or heat).

The rules are `engine.aod.closecombat`'s; this module reads the state into `Combatant`s, rolls,
and records the result through `engine.aod.effects.record_damage`. The units are read by
`engine.aod.fighters.combatant`; `close_attack_problem` and `close_attack` serve the close half
of an Assault order (AOD-15) with `engine.aod.combat.AttackOrder.ASSAULT`.
"""

from __future__ import annotations

import re

from engine.aod.aboard import passengers, piece, set_down
from engine.aod.captives import transport_captured
from engine.aod.closecombat import (
    CaptureOutcome,
    close_damage,
    close_need,
    close_problem,
    resolve_close,
)
from engine.aod.combat import AttackDice, AttackOrder, Modifier, SelfDamage
from engine.aod.commands import CloseCombat
from engine.aod.context import AoDCode, Ctx
from engine.aod.dial import DamageKind, take_damage
from engine.aod.effects import record_damage
from engine.aod.events import AttackRolled, Shot, UnitCaptured, UnitEliminated
from engine.aod.factions import predator_follow_up
from engine.aod.fighters import combatant, target_index
from engine.aod.geometry import Battlefield
from engine.aod.ranged_order import LOCK_CODE, deal, lock_on, lock_text, rank_bonus_for
from engine.aod.scoring import elimination_scorer
from engine.aod.state import AoDState, OrderKind
from engine.aod.turns import after_order, give_order, order_unit
from engine.aod.units import WeaponSlot
from engine.game import Command, IllegalCommand

__all__ = [
    "apply_self_damage",
    "close_attack",
    "close_attack_problem",
    "close_commands",
    "close_order",
    "combat_problem_text",
    "unload_captured",
]

_RULE = re.compile(r"^[a-z_]+/[a-z_]+: |\s*\(AOD-[^)]*\)")
"""A combat problem's code and rule reference: "close/vehicle: ... (AOD-14.1)"."""


def combat_problem_text(problem: str) -> str:
    """A combat guard's sentence as the player reads it: no code, no rule id, a capital, a stop."""
    words = _RULE.sub("", problem).strip()
    return f"{words[:1].upper()}{words[1:]}."


def close_attack_problem(
    state: AoDState,
    index: int,
    target: int,
    command: CloseCombat,
    order: AttackOrder = AttackOrder.CLOSE,
    *,
    field: tuple[Battlefield, tuple[int, ...]] | None = None,
) -> str | None:
    """AOD-14.1 / AOD-14.3 / AOD-11.6 / AOD-21.1: why this close attack may not be made, or None.

    ``order``: `AttackOrder.ASSAULT` for the close half of an Assault order (AOD-15), judged on
    ``field``, the battlefield where its move ends. The answer is a combat guard's text
    (`combat_problem_text` words it); a *Ruthlessness* / *Zellbrigen* lock binds close attacks
    as it binds ranged ones (`engine.aod.ranged_order.lock_target`).
    """
    board, indices = field if field is not None else state.battlefield()
    slot = WeaponSlot.SECONDARY if command.secondary else None
    attacker = combatant(state, index, indices.index(index), weapon=slot)
    defender = combatant(state, target, indices.index(target))
    why = close_problem(board, attacker, defender, slot, order=order, capture=command.capture)
    if why is None and (said := lock_text(state, index, (target,))):
        return f"{LOCK_CODE}: {said[:-1]}"
    return why


def close_order(ctx: Ctx, command: Command) -> None:
    """AOD-14 / AOD-11.8: a Close Combat order: the guards, the roll, damage or capture, costs."""
    assert isinstance(command, CloseCombat)  # noqa: S101 - dispatched by type
    index = order_unit(ctx, command.unit, OrderKind.CLOSE)
    target = target_index(ctx.state, command.target)
    problem = close_attack_problem(ctx.state, index, target, command)
    if problem is not None:  # AOD-14.1, AOD-14.3, AOD-11.6, AOD-11.7, AOD-21.1
        raise IllegalCommand(AoDCode.NOT_ALLOWED, combat_problem_text(problem))
    pushed = give_order(ctx, index, OrderKind.CLOSE)
    close_attack(ctx, index, target, command)
    after_order(ctx, index, pushed=pushed, heat=())


_ORDER_KIND = {AttackOrder.CLOSE: OrderKind.CLOSE, AttackOrder.ASSAULT: OrderKind.ASSAULT}
"""The order an attack is made under, as its `AttackRolled` event records it."""


def close_attack(
    ctx: Ctx,
    index: int,
    target: int,
    command: CloseCombat,
    order: AttackOrder = AttackOrder.CLOSE,
    *,
    follow_up: bool = False,
    formation: tuple[Modifier, ...] = (),
) -> bool:
    """AOD-11.8 steps 1-8: one close attack or capture attempt, and *Predator*'s second one.

    Called between `engine.aod.turns.give_order` and `engine.aod.turns.after_order`, once
    `close_attack_problem` found nothing: by the Close Combat order, and with
    `AttackOrder.ASSAULT` (+1 defense) by the close half of an Assault order (AOD-15). One
    `AttackRolled` event (``close=True``) tells the roll; the damage goes through
    `engine.aod.ranged_order.deal` (*Scavenger*, *Fanaticism*); a hit with the rank bonus locks
    the attacker on its target (AOD-21.1, AOD-21.2); close damage gives no heat (AOD-11.5).
    ``formation``: a close formation's attack bonus (AOD-18.4), the first attack's only.
    Returns whether the (first) attack succeeded.
    """
    state = ctx.state
    field, indices = state.battlefield()
    slot = WeaponSlot.SECONDARY if command.secondary else None
    attacker = combatant(state, index, indices.index(index), weapon=slot, equipment=not follow_up)
    defender = combatant(state, target, indices.index(target))
    bonus = None if command.capture else rank_bonus_for(state, field, attacker, [defender])
    extra = 0 if bonus is None else bonus.clicks
    need = close_need(
        field, attacker, defender, order=order, capture=command.capture, extra_attack=formation
    )
    dice = AttackDice.roll(ctx.dice)
    result = resolve_close(
        attacker, defender, need, dice, slot, capture=command.capture, bonus=extra
    )
    pool = 0 if command.capture else close_damage(attacker, slot) + extra
    shot = Shot(
        target,
        need.attack,
        need.defense,
        need.attack_modifiers,
        need.defense_modifiers,
        result.hit,
        pool if result.hit else 0,
        result.clicks,
    )
    ctx.emit(
        AttackRolled(
            index,
            _ORDER_KIND[order],
            result.slot,
            (dice.white1, dice.white2, dice.black),
            (shot,),
            pool,
            DamageKind.CLOSE,
            close=True,
            bonus="" if bonus is None else bonus.ability,
            follow_up="predator" if follow_up else "",
            capture=command.capture,
        )
    )
    owner = state.units[index].owner
    appeared = deal(ctx, index, [(target, result.clicks, False)], DamageKind.CLOSE, "close combat")
    if result.capture is CaptureOutcome.CAPTURED:
        ctx.emit(UnitCaptured(target, index))
        unload_captured(ctx, target, by=owner)
    elif result.capture is CaptureOutcome.ELIMINATED:  # AOD-14.3: a VTOL is eliminated
        scorer = elimination_scorer(ctx.state, target, owner)
        ctx.emit(UnitEliminated(target, scorer, ctx.state.units[target].points))
    apply_self_damage(ctx, index, result.self_damage)
    lock_on(ctx, index, (target,), bonus, hit=result.hit)
    if follow_up or not (ctx.state.units[index].on_board and ctx.state.units[target].on_board):
        return result.hit
    follow = predator_follow_up(
        state.definition(index),
        state.setup.catalogue(),
        attack="close",
        target=state.units[target].ident,
        targets=1,
        hit=result.hit,
        heavy_damage_appeared=appeared,
    )
    if follow is not None:
        close_attack(ctx, index, target, command, order, follow_up=True)  # AOD-21.3: at once
    return result.hit


def unload_captured(ctx: Ctx, transport: int, *, by: int) -> None:
    """AOD-9.2: a captured transport's passengers unload at once, 1 click each.

    A captive riding with its escort takes no click (`engine.aod.captives.transport_captured`);
    a passenger the click eliminates scores for ``by``, the capturing player; the rest are set
    down on their own side (`engine.aod.aboard.set_down`).
    """
    aboard = passengers(ctx.state, transport)
    if not aboard:
        return
    held = [ctx.state.units[n].captor is not None for n in aboard]
    outcome = transport_captured([piece(ctx.state, n) for n in aboard], held)
    for rider, hit in zip(aboard, outcome.damage, strict=True):
        if hit is not None:
            tokens = ctx.state.units[rider].tokens
            record_damage(ctx, rider, hit, "captured transport", by=by, tokens=tokens)
    set_down(ctx, transport, [aboard[bay] for bay in outcome.to_unload], captured=True)


def apply_self_damage(ctx: Ctx, index: int, hits: tuple[SelfDamage, ...]) -> None:
    """AOD-11.4 / AOD-14.3 / AOD-16.2: the attacker's own clicks, each of its category."""
    for own in hits:
        unit = ctx.state.units[index]
        if not unit.on_board:
            return
        kind = DamageKind(own.category.value)  # pushing or impact (AOD-11.5, AOD-25 #13)
        hit = take_damage(ctx.state.definition(index), unit.dial, own.clicks, kind)
        record_damage(ctx, index, hit, own.reason, by=None, tokens=ctx.state.units[index].tokens)


def close_commands(state: AoDState, index: int) -> list[Command]:
    """Every Close Combat order unit ``index`` may take now: each enemy it touches, each way."""
    unit = state.units[index]
    found: list[Command] = []
    for target in range(len(state.units)):
        other = state.units[target]
        if other.owner == unit.owner or not other.on_board or other.hex is None or unit.hex is None:
            continue
        if other.hex.distance(unit.hex) != 1:
            continue
        for capture, secondary in ((False, False), (False, True), (True, False)):
            command = CloseCombat(unit.ident, other.ident, secondary=secondary, capture=capture)
            if close_attack_problem(state, index, target, command) is None:
                found.append(command)
    return found
