"""Tiny-flyer wings in the turn machine: where they are, who may act, and their fire (DW-20).

Queries over the state (`wing_hex`, `wings_ready`, `occupied`, `edge_steps`, `rule_wing`) and
the exchanges of fire that the commands and segments resolve, each rolling through
`engine.dystopian.aircraft`:

- `wing_duel`: a wing attacks an enemy wing with its AA (DW-20.6): the target fires back at the
  same time if it can, and the models of a CAP host's squadron within AA reach of the attacker
  join in (DW-20.8, DW-18.2); each side's damage is applied afterwards (DW-20.7).
- `wing_strike`: a bomber or torpedo-bomber wing attacks a model (DW-20.6): the target's squadron
  fires AA first (each model in AA reach of the wing, separately, 5-6) and so does a CAP wing
  over it; the wing's damage is applied (an Abort or its loss stops the attack); then its
  combined AD, torpedoes met by the target squadron's CC (DW-18.3); then the model's damage.
- `cap_counter_attacks`: after the active squadron's attacks, a CAP wing with AD over a model it
  attacked strikes back at the attacker in reach (DW-20.6, DW-20.8) [INTERP: one counter-attack
  per wing and activation, at the first attacker in reach; the attacker's CC meets torpedoes].
- `tidy_wings`: the End Phase's wing step (Aborts lapse, DW-20.7; wings aboard a lost carrier
  go down with it; a CAP wing over a lost host flies on alone) [INTERP].
"""

from __future__ import annotations

import enum

from engine.dystopian import aircraft
from engine.dystopian.combat import auxiliary_dice
from engine.dystopian.combat_segment import deal, hull, settle, shooter
from engine.dystopian.context import Ctx
from engine.dystopian.damage import resolve_damage
from engine.dystopian.events import HitsCancelled
from engine.dystopian.more_mars import aa_reach, cc_reach
from engine.dystopian.ordnance import TINY_AA_REACH, WingFire, wing_fire
from engine.dystopian.state import DWState
from engine.dystopian.wing_events import (
    WingAAAttacked,
    WingAAFired,
    WingAttackRolled,
    WingDamaged,
    WingFired,
    WingsTidied,
)
from engine.dystopian.wing_state import WingPlace, WingState
from engine.hexes import Hex

__all__ = [
    "WingCode",
    "aa_attack",
    "aa_dice",
    "cap_counter_attacks",
    "cap_wing_over",
    "edge_steps",
    "host_of",
    "occupied",
    "rule_wing",
    "tidy_wings",
    "wing_duel",
    "wing_hex",
    "wing_index",
    "wing_strike",
    "wings_ready",
]

MODEL_AA: int = aircraft.air_need(None)
"""DW-18.4: a model's AA hits tiny flyers on 5-6."""


class WingCode(enum.StrEnum):
    """Rejection codes of the tiny-flyer commands (STYLE 5)."""

    UNKNOWN = "wing/unknown"
    NOT_YOURS = "wing/not_yours"
    PLACE = "wing/not_there"
    ACTED = "wing/already_acted"
    TURN = "wing/not_now"
    MOVE = "wing/move"
    ATTACK = "wing/attack"
    LAUNCH = "wing/launch"
    LAND = "wing/land"
    CAP = "wing/cap"


# ---- queries --------------------------------------------------------------------------------


def wing_index(state: DWState, name: str) -> int | None:
    """The index of the wing named ``name`` (any case), or None."""
    wanted = name.casefold()
    return next((n for n, w in enumerate(state.wings) if w.ident.casefold() == wanted), None)


def host_of(state: DWState, wing: WingState) -> int | None:
    """DW-20.8: the host a wing patrols over, while the host is on the table."""
    if wing.cap is None or not wing.flying or not state.models[wing.cap].on_board:
        return None
    return wing.cap


def wing_hex(state: DWState, index: int) -> Hex | None:
    """Where wing ``index`` is: its hex, or its CAP host's (the last one, if the host is lost)."""
    wing = state.wings[index]
    if not wing.flying:
        return None
    if wing.cap is not None:
        return state.models[wing.cap].hex
    return wing.hex


def occupied(state: DWState, where: Hex, wing: int | None = None) -> bool:
    """DW-28.5: a model on the table or another free wing ends its move in ``where``."""
    if any(m.on_board and m.hex == where for m in state.models):
        return True
    return any(
        n != wing and w.flying and w.cap is None and w.hex == where
        for n, w in enumerate(state.wings)
    )


def edge_steps(state: DWState, player: int, where: Hex) -> int:
    """DW-20.5 / DW-28.11: the steps between ``where`` and just off ``player``'s own edge."""
    row = where.to_offset().row
    top = state.edges[player].value == "top" if state.edges else player == 0
    return row + 1 if top else state.setup.terrain.height - row


def rule_wing(wing: WingState) -> aircraft.Wing:
    """The wing as `engine.dystopian.aircraft` sees it (fleet wings carry no MARs)."""
    return aircraft.Wing(
        wing.kind, max(1, wing.tokens), wing.fuel, aborted=wing.aborted, rearm=wing.rearm
    )


def wings_ready(state: DWState, player: int, besides: int | None = None) -> bool:
    """DW-20.3: ``player`` has a wing still to activate this turn (not ``besides``).

    Free wings in the air and wings off their own edge activate; landed wings wait for their
    carrier; CAP wings activate with their host (DW-20.8).
    """
    for n, wing in enumerate(state.wings):
        if n == besides or wing.owner != player or wing.acted == state.turn:
            continue
        if wing.place in {WingPlace.EDGE, WingPlace.REFUEL}:
            return True
        if wing.flying and host_of(state, wing) is None:
            return True
    return False


def cap_wing_over(state: DWState, model: int) -> int | None:
    """DW-20.8: the wing on CAP over ``model`` (one at most), even if the host was just lost."""
    return next(
        (n for n, w in enumerate(state.wings) if w.flying and w.cap == model),
        None,
    )


def _model_aa(state: DWState, squadron: int, there: Hex) -> list[tuple[int, int]]:
    """DW-18.2 / DW-20.6: the squadron's models within AA reach of ``there``, with their AA."""
    found = []
    for index in state.alive(squadron):
        here = state.models[index].hex
        if here is None or here.distance(there) > aa_reach(state.card(index)):
            continue
        dice = auxiliary_dice(shooter(state, index), state.card(index).aa)
        if dice:
            found.append((index, dice))
    return found


def _cc_pools(state: DWState, squadron: int, there: Hex) -> list[tuple[int, int]]:
    """DW-18.3 / DW-20.6: the squadron's models within CC reach of ``there``, with their CC."""
    found = []
    for index in state.alive(squadron):
        here = state.models[index].hex
        if here is None or here.distance(there) > cc_reach(state.card(index)):
            continue
        dice = auxiliary_dice(shooter(state, index), state.card(index).cc)
        if dice:
            found.append((index, dice))
    return found


# ---- fire at wings (DW-20.6, DW-20.7) --------------------------------------------------------


def _aa_event(
    target: int,
    fire: WingFire,
    threshold: int,
    *,
    wing: int | None = None,
    model: int | None = None,
) -> WingAAFired:
    return WingAAFired(
        target, wing, model, threshold, fire.roll.faces, fire.destroyed, fire.abort_hits
    )


def _wing_fires(ctx: Ctx, firer: int, target: int) -> WingFire | None:
    """Wing ``firer``'s AA at wing ``target`` (DW-20.6), or None when it may not fire."""
    wing = ctx.state.wings[firer]
    rule = rule_wing(wing)
    dice = aircraft.wing_aa_dice(wing.profile, rule)
    if aircraft.fire_problem(rule) or not dice:
        return None
    fire = aircraft.air_fire(ctx.dice, wing.kind, dice)
    ctx.emit(_aa_event(target, fire, aircraft.air_need(wing.kind), wing=firer))
    return fire


def _models_fire(ctx: Ctx, squadron: int, target: int) -> list[WingFire]:
    """Each model of ``squadron`` in AA reach of wing ``target`` fires at it, separately."""
    there = wing_hex(ctx.state, target)
    if there is None:
        return []
    fires = []
    for model, dice in _model_aa(ctx.state, squadron, there):
        fire = wing_fire(ctx.dice, dice)
        ctx.emit(_aa_event(target, fire, MODEL_AA, model=model))
        fires.append(fire)
    return fires


def _damage(ctx: Ctx, target: int, fires: list[WingFire]) -> bool:
    """DW-20.7: apply every pool fired at wing ``target``; True if it can still attack."""
    if not fires:
        return True
    wing = ctx.state.wings[target]
    result = aircraft.damage_wing(ctx.dice, rule_wing(wing), fires)
    saves = tuple(d.value for d in (*result.acrobatic, *result.fuel_tanks))
    ctx.emit(
        WingDamaged(
            target,
            result.destroyed,
            result.hits,
            result.aborted,
            result.fuel.spent,
            result.wiped_out,
            saves,
        )
    )
    return not (result.wiped_out or result.aborted)


def wing_duel(ctx: Ctx, attacker: int, target: int) -> None:
    """DW-20.6: ``attacker``'s AA at wing ``target``; it, and its host's squadron, fire back."""
    first = _wing_fires(ctx, attacker, target)
    back = None
    there, here = wing_hex(ctx.state, attacker), wing_hex(ctx.state, target)
    if there is not None and here is not None and here.distance(there) <= TINY_AA_REACH:
        back = _wing_fires(ctx, target, attacker)
    host = host_of(ctx.state, ctx.state.wings[target])
    models = [] if host is None else _models_fire(ctx, ctx.state.models[host].squadron, attacker)
    if first is not None:
        ctx.emit(WingFired(attacker))
    if back is not None:
        ctx.emit(WingFired(target))
    _damage(ctx, target, [] if first is None else [first])
    _damage(ctx, attacker, ([] if back is None else [back]) + models)


def wing_strike(ctx: Ctx, attacker: int, target: int) -> None:
    """DW-20.6: a bomber or torpedo-bomber wing's attack on model ``target``, AA first."""
    squadron = ctx.state.models[target].squadron
    fires = _models_fire(ctx, squadron, attacker)
    there = wing_hex(ctx.state, attacker)
    for model in ctx.state.alive(squadron):  # DW-20.8: a CAP wing over the squadron joins in
        guard = cap_wing_over(ctx.state, model)
        spot = None if guard is None else wing_hex(ctx.state, guard)
        if guard is None or spot is None or there is None:
            continue
        if spot.distance(there) <= TINY_AA_REACH:
            fire = _wing_fires(ctx, guard, attacker)
            if fire is not None:
                ctx.emit(WingFired(guard))
                fires.append(fire)
    if not _damage(ctx, attacker, fires):
        return  # DW-20.7: destroyed, crashed or Aborted: the attack is not completed
    _ad_attack(ctx, attacker, target, counter=False)


def _ad_attack(ctx: Ctx, attacker: int, target: int, *, counter: bool) -> None:
    """DW-20.6: the wing's combined AD at model ``target``; then the model's damage."""
    state = ctx.state
    wing, where = state.wings[attacker], state.models[target].hex
    torpedoes = wing.kind.value == "torpedo_bomber"
    pools = (
        []
        if where is None or not torpedoes
        else _cc_pools(state, state.models[target].squadron, where)
    )
    air = aircraft.roll_wing_attack(
        ctx.dice,
        wing.profile,
        rule_wing(wing),
        flyer=state.models[target].level.airborne,
        cc=[dice for _, dice in pools],
    )
    roll = air.roll
    ctx.emit(
        WingAttackRolled(
            attacker,
            target,
            roll.ad,
            roll.need.threshold,
            roll.roll.faces,
            roll.hits,
            counter,
        )
    )
    if air.cc is not None:
        ctx.emit(
            HitsCancelled(
                target,
                "CC",
                tuple(n for n, _ in pools),
                tuple(r.faces for r in air.cc.rolls),
                air.cc.cancelled,
                air.cc.remaining,
            )
        )
    ctx.emit(WingFired(attacker, ad=True))
    deal(ctx, target, resolve_damage(ctx.dice, hull(ctx.state, target), air.hits))
    settle(ctx)


def aa_dice(state: DWState, model: int) -> int:
    """DW-18.2 / DW-15.3: model ``model``'s AA dice now (hull damage, markers, contacts)."""
    return auxiliary_dice(shooter(state, model), state.card(model).aa)


def aa_attack(ctx: Ctx, models: tuple[int, ...], target: int) -> None:
    """DW-18.2 / DW-18.4 / DW-20.6: models turn their AA on wing ``target``, each separately.

    The wing, attacked, strikes back with its AD at the first of them in reach at the same
    time (its dice are rolled before its damage is applied) [INTERP].
    """
    ctx.emit(WingAAAttacked(models, target))
    fires = []
    for model in models:
        fire = wing_fire(ctx.dice, aa_dice(ctx.state, model))
        ctx.emit(_aa_event(target, fire, MODEL_AA, model=model))
        fires.append(fire)
    attacker = _in_reach(ctx.state, target, models, attacked=True)
    if attacker is not None:
        _ad_attack(ctx, target, attacker, counter=True)
    _damage(ctx, target, fires)


# ---- the segments (DW-7.2 step 3, DW-7.3) ------------------------------------------------------


def cap_counter_attacks(ctx: Ctx) -> None:
    """DW-20.6 / DW-20.8: CAP wings with AD over an attacked squadron strike back.

    A wing on CAP over the attacked model or over a model of its squadron answers the first
    attacker of that attack its AD reaches, once an activation.
    """
    activation = ctx.state.activation
    if activation is None:
        return
    active = ctx.state.squadrons[activation.squadron].owner
    done: set[int] = set()
    for attack in activation.declared:
        for target in attack.targets:
            squadron = ctx.state.squadrons[ctx.state.models[target].squadron]
            for host in squadron.models:  # DW-20.6: attached to the model or its squadron
                guard = cap_wing_over(ctx.state, host)
                if guard is None or guard in done or ctx.state.wings[guard].owner == active:
                    continue
                attacker = _in_reach(ctx.state, guard, attack.models, attacked=False)
                if attacker is not None:
                    done.add(guard)
                    _ad_attack(ctx, guard, attacker, counter=True)


def _in_reach(
    state: DWState, guard: int, attackers: tuple[int, ...], *, attacked: bool
) -> int | None:
    """The first attacker ``guard`` may counter-attack (DW-20.6), or None.

    ``attacked``: the wing itself is attacked; otherwise it is CAP over an attacked model.
    """
    spot = wing_hex(state, guard)
    rule = rule_wing(state.wings[guard])
    for attacker in dict.fromkeys(attackers):
        model = state.models[attacker]
        if spot is None or model.hex is None or not model.on_board:
            continue
        problem = aircraft.counter_attack_problem(
            rule,
            state.card(attacker),
            model.level,
            spot.distance(model.hex),
            attacked=attacked,
            cap=not attacked,
        )
        if not problem:
            return attacker
    return None


def tidy_wings(ctx: Ctx) -> None:
    """The End Phase for wings [INTERP]: Aborts lapse, lost carriers and hosts (DW-20.7/20.8)."""
    state = ctx.state
    cleared = tuple(
        n for n, w in enumerate(state.wings) if w.aborted and w.place is not WingPlace.LOST
    )
    sunk = tuple(
        n
        for n, w in enumerate(state.wings)
        if w.place is WingPlace.DECK and w.carrier is not None and state.models[w.carrier].lost
    )
    released = tuple(
        (n, where)
        for n, w in enumerate(state.wings)
        if w.flying
        and w.cap is not None
        and state.models[w.cap].lost
        and (where := state.models[w.cap].hex) is not None
    )
    if cleared or sunk or released:
        ctx.emit(WingsTidied(cleared, sunk, released))
