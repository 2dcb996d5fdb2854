"""Dystopian Wars AA and CC fired offensively in the model's own activation (DW-18.2).

Rules: DW-18.2 (offensive use in the model's own activation: AA against flyers within 8" = 4
hexes, CC against diving models, surfaced or submerged, within 4" = 2 hexes; 360 degrees; never
while submerged), DW-15.3 (AA and CC lose 1 die per Hull Damage marker, minimum 1; none with
Shattered Defences; halved or none after a contact, DW-12.5: `combat.auxiliary_dice`), DW-15.4
(4+, 5-6 at a Small or Tiny target; they ignore Small, Fast and Elusive: `ordnance.aux_need`),
DW-19.6 (a derelict does not fight), DW-19.3 (no attack after a boarding), DW-23 (a Shield
works against AA and CC), DW-24 Vulnerable (the attacker's critical re-roll), DW-16.1 (the hits
against DR and CR).

`declare_auxiliary` checks a `FireAuxiliary` and records it (`AuxiliaryFireDeclared`): declared
before any die, like every attack (DW-15.1). `resolve_auxiliary` rolls them, in order, after the
declared weapon attacks (a segment of `turns.SEGMENTS`). `auxiliary_options` lists them for
`rules.legal_commands`.

[INTERP] Each model fires its AA once and its CC once per activation, each at one target, at
full value (the digest's linking of AA is a reaction's choice, DW-18.2, and separate rolls are
usually better). An offensive AA or CC attack is no gunnery, rocket or torpedo attack, so it
provokes no AA or CC answer (DW-18.2: only direct threats do). Only a model can be the target
here: AA at a tiny-flyer wing is the wings' own `FireAA`.
"""

from __future__ import annotations

from engine.dystopian import ordnance
from engine.dystopian.aux_commands import AuxiliaryFireDeclared, FireAuxiliary
from engine.dystopian.boarding import derelict_problem
from engine.dystopian.combat import auxiliary_dice, roll_attack
from engine.dystopian.combat_segment import deal, hull, settle, shooter
from engine.dystopian.context import Ctx, DWCode, own_model, require_stage
from engine.dystopian.damage import resolve_damage
from engine.dystopian.events import AttackRolled, AttackSource
from engine.dystopian.generator_segment import shield_step
from engine.dystopian.more_mars import aa_reach, cc_reach, rapid_fire
from engine.dystopian.state import DWState, Stage
from engine.game import IllegalCommand

__all__ = [
    "auxiliary_dice_of",
    "auxiliary_options",
    "auxiliary_problem",
    "declare_auxiliary",
    "resolve_auxiliary",
]

_SYSTEMS = {"aa": ordnance.Aux.AA, "cc": ordnance.Aux.CC}


def auxiliary_dice_of(state: DWState, index: int, aux: ordnance.Aux) -> int:
    """DW-15.3 / DW-18.2: the AA or CC dice model ``index`` fires now."""
    card = state.card(index)
    return auxiliary_dice(shooter(state, index), card.aa if aux is ordnance.Aux.AA else card.cc)


def _target_problem(state: DWState, index: int, aux: ordnance.Aux, target: int) -> str:
    """DW-18.2 / DW-15.4: the target is an enemy flyer (AA) or diver (CC) within reach."""
    model, enemy = state.models[index], state.models[target]
    if enemy.owner == model.owner or not enemy.on_board:
        return "AA and CC fire only at enemy models on the table."
    if aux is ordnance.Aux.AA and not enemy.level.airborne:
        return "AA fires offensively only at flyers."
    if aux is ordnance.Aux.CC and not state.card(target).is_diving:
        return "CC fires offensively only at diving models."
    if model.hex is None or enemy.hex is None:
        return "Only models on the table fire or are fired at."
    what = ordnance.aux_target(aux, state.card(target))
    card = state.card(index)
    reach = aa_reach(card) if aux is ordnance.Aux.AA else cc_reach(card)  # DW-24
    distance = model.hex.distance(enemy.hex)
    return ordnance.aux_problem(aux, what, distance, level=model.level, reach=reach)


def auxiliary_problem(state: DWState, index: int, system: str, target: int) -> str:  # noqa: PLR0911 - one guard per rule
    """DW-18.2: why model ``index`` cannot fire ``system`` at ``target`` now, or ""."""
    activation = state.activation
    if activation is None:
        return "No squadron is active: activate one."
    model = state.models[index]
    if model.squadron != activation.squadron or not model.on_board:
        return f"{model.ident} is not in the active squadron."
    if activation.boardings:  # DW-19.3: shooting is declared before the boardings
        return "Attacks are declared before any boarding."
    aux = _SYSTEMS.get(system.casefold())
    if aux is None:
        return "Name the system: aa or cc."
    if model.markers.derelict:  # DW-19.6
        return derelict_problem(aux.value)
    if any(m == index and s == aux.value for m, s, _ in activation.auxiliary) or (
        aux is ordnance.Aux.CC and index in activation.swept  # DW-18.6: CC spent on a mine
    ):
        return f"{model.ident} has fired its {aux.value.upper()} this activation."
    if not auxiliary_dice_of(state, index, aux):
        return f"{model.ident} has no {aux.value.upper()} dice to fire."
    return _target_problem(state, index, aux, target)


def declare_auxiliary(ctx: Ctx, command: FireAuxiliary) -> None:
    """DW-18.2 / DW-7.2 step 3a: declare one offensive AA or CC attack; the dice wait."""
    require_stage(ctx.state, Stage.ACTIVATION)
    if ctx.state.activation is None:
        raise IllegalCommand(DWCode.NO_ACTIVATION, "No squadron is active: activate one.")
    index = own_model(ctx.state, command.model)
    target = ctx.state.index_of(command.target)
    if target is None:
        raise IllegalCommand(DWCode.UNKNOWN_MODEL, f"There is no model {command.target}.")
    problem = auxiliary_problem(ctx.state, index, command.system, target)
    if problem:
        raise IllegalCommand(DWCode.FIRE, problem)
    ctx.emit(AuxiliaryFireDeclared(index, command.system.casefold(), target))


def auxiliary_options(state: DWState) -> list[FireAuxiliary]:
    """DW-18.2: every offensive AA and CC attack the active squadron may still declare."""
    activation = state.activation
    if activation is None or activation.boardings:
        return []
    owner = state.squadrons[activation.squadron].owner
    enemies = [
        n
        for n, m in enumerate(state.models)
        if m.on_board and m.owner != owner and (m.level.airborne or state.card(n).is_diving)
    ]
    found: list[FireAuxiliary] = []
    for index in state.alive(activation.squadron):
        ident = state.models[index].ident
        for system in _SYSTEMS:
            found += [
                FireAuxiliary(ident, system, state.models[target].ident)
                for target in enemies
                if not auxiliary_problem(state, index, system, target)
            ]
    return found


def resolve_auxiliary(ctx: Ctx) -> None:
    """DW-18.2 / DW-15.4 / DW-16.1: roll each declared AA or CC attack, then its damage."""
    activation = ctx.state.activation
    if activation is None:
        return
    for index, system, target in activation.auxiliary:
        state = ctx.state
        if not state.models[index].on_board or not state.models[target].on_board:
            continue  # one of them went down before its turn
        aux = _SYSTEMS[system]
        if _target_problem(state, index, aux, target):
            continue  # the target was flung out of reach (DW-16.2 Sturginium Flare)
        need = ordnance.aux_need(aux, ordnance.aux_target(aux, state.card(target)))
        dice = auxiliary_dice_of(state, index, aux)
        rolled = roll_attack(ctx.dice, dice, need)
        if aux is ordnance.Aux.AA:
            rolled = rapid_fire(ctx.dice, rolled, state.card(index))  # DW-24 Rapid Fire
        pool = rolled.roll
        ctx.emit(
            AttackRolled(
                target,
                AttackSource.WEAPON,
                (index,),
                aux.value.upper(),
                pool.count,
                pool.threshold,
                pool.mod,
                pool.natural_only,
                pool.faces,
                pool.hits,
            )
        )
        hits = shield_step(ctx, target, None, pool.hits)  # DW-23 Shield: AA and CC too
        damage = resolve_damage(ctx.dice, hull(ctx.state, target), hits, reroll=True)  # DW-24
        deal(ctx, target, damage)
        settle(ctx)
