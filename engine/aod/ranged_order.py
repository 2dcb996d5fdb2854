"""The Ranged Combat order, and the attack roll the combat orders share (AOD-7.3, AOD-11.8, AOD-12).

Rules: AOD-7.3 (the order), AOD-11.3 and AOD-11.4 (the roll, criticals on the white dice), AOD-11.6
(the weapon declared, the primary by default), AOD-11.8 (the attack sequence, step by step),
AOD-12.1 to AOD-12.8 (eligibility, line of fire, contact, modifiers, indirect fire, several
targets: the pure rules of `engine.aod.combat`), AOD-10.1 (energy-hit heat, once a turn),
AOD-17.4 (elimination), AOD-26.14 (Pulse), AOD-21.1 to AOD-21.3 (*Ruthlessness* and
*Zellbrigen* with their lock, *Fanaticism*, *Enhanced Imaging*, *Scavenger*, *Predator*:
`engine.aod.factions`).

`ranged_order` is the handler: the order's guards (`engine.aod.turns.order_unit`), then `aim`
refuses an illegal declaration with the rule's sentence, then `turns.give_order` (the token,
AOD-11.8 step 9), `fire` (steps 5 to 8), `turns.after_order` (pushing, step 10). `fire` is the
Assault order's ranged attack too (`engine.aod.assault_order`).

`fire`, in the order of AOD-11.8:

1. *Enhanced Imaging*'s d6 for a single target, before the roll; the rank bonus judged (6c).
2. The 3d6: one `AttackRolled` event with every target's modifiers, need, hit, share and clicks.
3. Each hit target's clicks through `engine.aod.dial.take_damage` (its armour, step 6f) and
   `engine.aod.effects.record_damage` (elimination and its VP); an elimination triggers
   *Scavenger* (the killer) and *Fanaticism* (the victim's Liao friends).
4. Step 7: +1 heat to each 'Mech an energy attack damaged, at most once a turn (AOD-10.1).
5. A critical miss: 1 pushing click to the attacker (AOD-11.4).
6. The lock of *Ruthlessness* / *Zellbrigen* after a successful attack with the bonus.
7. Step 8: *Predator*'s free second attack when Heavy Damage appeared on the single target; then
   a Pulse weapon's second attack (`pulse`, AOD-26.14) at the targets declared with the order,
   which costs 1 pushing click after the order (`pulse_cost`, a circle SE).

[DESIGN] The damage split (AOD-12.8) is the attacker's choice once he sees the hits; a command
is one line, so the split is declared with the order (``split``): one share per target, adding up
to the damage. After the roll the hit targets keep their shares, and the shares of missed targets
go to the hit ones one click at a time in declared order (the whole pool is always dealt, as
`engine.aod.combat.allocation_problem` requires). Without a split the pool is dealt one click at
a time to each hit target in order.

[DESIGN] *Predator*'s second attack is always made when offered: it is free, and a command does
not wait for a second answer. [INTERP] It gives no energy heat ("a 'Mech gains no heat from it",
AOD-21.3: the only heat a ranged attack gives is the energy hit's).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.aod.cards import capped_max_range
from engine.aod.combat import (
    AttackDice,
    AttackOrder,
    Combatant,
    Modifier,
    Need,
    SelfDamage,
    allocation_problem,
    max_range_against,
    ranged_needs,
    ranged_pool,
    ranged_problem,
    resolve_ranged,
    targets_problem,
    weapon_for,
)
from engine.aod.commands import RangedAttack
from engine.aod.context import Ctx
from engine.aod.dial import DamageKind, take_damage
from engine.aod.effects import change_heat, damage, record_damage
from engine.aod.events import AttackRolled, HeatCause, Shot, TargetLocked
from engine.aod.factions import (
    Lock,
    RankBonus,
    enhanced_imaging_applies,
    lock_after,
    lock_problem,
    predator_follow_up,
    rank_bonus,
    roll_enhanced_imaging,
)
from engine.aod.fighters import combatant, target_index
from engine.aod.geometry import Battlefield
from engine.aod.kills import eliminated_by
from engine.aod.state import AoDState, OrderKind
from engine.aod.turns import after_order, give_order, order_unit
from engine.aod.units import WeaponSlot
from engine.game import Command, IllegalCommand

__all__ = [
    "LOCK_CODE",
    "MAX_COMBOS",
    "PULSE",
    "PULSE_CODE",
    "SPLIT_CODE",
    "aim",
    "aim_pulse",
    "attack_needs",
    "deal",
    "fire",
    "hurt_self",
    "imaging_applies",
    "in_range_problem",
    "lock_on",
    "lock_target",
    "lock_text",
    "pulse",
    "pulse_cost",
    "ranged_commands",
    "ranged_options",
    "ranged_order",
    "rank_bonus_for",
    "refusal",
    "require_lock",
    "shares",
]

LOCK_CODE = "attack/locked"
"""The refusal code of an attack on another unit than the one a lock binds to (AOD-21.1)."""
PULSE = "PU"
"""AOD-26.14: the Pulse SE's code."""
PULSE_CODE = "attack/no_pulse"
"""The refusal code of a Pulse attack declared with a weapon that shows none (AOD-26.14)."""
SPLIT_CODE = "attack/split"
"""The refusal code of a damage split that does not fit the attack (AOD-12.8)."""
MAX_COMBOS: int = 3
"""Multi-target combinations `ranged_options` lists per weapon, to keep menus short."""

_RULE_IDS = re.compile(r" \(AOD-[^)]*\)")
"""A rule reference in a combat message, such as " (AOD-12.2)": players read words."""


def refusal(problem: str, who: str) -> IllegalCommand:
    """A combat rule's "code: reason (AOD-x)" as a refusal a player can read."""
    code, _, said = problem.partition(": ")
    plain = _RULE_IDS.sub("", said).replace("LOF", "line of fire")
    return IllegalCommand(code, f"{who}: {plain}.")


def aim(
    state: AoDState,
    index: int,
    targets: Sequence[str],
    slot: WeaponSlot | None,
    *,
    order: AttackOrder = AttackOrder.RANGED,
    indirect: bool = False,
    split: Sequence[int] = (),
    field: tuple[Battlefield, tuple[int, ...]] | None = None,
) -> tuple[int, ...]:
    """AOD-11.8 steps 1-3: the declared targets' indices, or a refusal saying why not.

    Checks the target list (AOD-12.8, indirect: one), a *Ruthlessness* / *Zellbrigen* lock
    (AOD-21.1), each target's legality (AOD-12.1 to AOD-12.4, AOD-12.7), and the split (AOD-12.8).
    ``field``: the battlefield to judge on (an Assault judges where its move ends).

    Raises:
        IllegalCommand: the attack may not be made as declared.
    """
    board, indices = field if field is not None else state.battlefield()
    unit, printed = state.units[index], state.definition(index)
    chosen = tuple(target_index(state, ident) for ident in targets)
    weapon = weapon_for(printed, slot)
    shooter = combatant(
        state, index, indices.index(index), weapon=None if weapon is None else weapon.slot
    )
    aims = [combatant(state, t, indices.index(t)) for t in chosen]
    who = f"{unit.ident} cannot fire"
    if (why := targets_problem(shooter, aims, slot, indirect=indirect)) is not None:
        raise refusal(why, who)
    require_lock(state, index, chosen)
    for target, aimed in zip(chosen, aims, strict=True):
        why = in_range_problem(state, board, shooter, aimed, slot, order=order, indirect=indirect)
        if why is not None:
            raise refusal(why, f"{unit.ident} cannot fire at {state.units[target].ident}")
    if split:
        pool = ranged_pool(shooter, slot, indirect=indirect)
        problem = allocation_problem(pool, [True] * len(chosen), split)
        if len(chosen) < 2 or problem is not None:  # noqa: PLR2004 - a split needs two targets
            raise IllegalCommand(
                SPLIT_CODE,
                f"Split the {pool} damage among the {len(chosen)} targets, one share each "
                f"(e.g. split {pool - pool // 2},{pool // 2}).",
            )
    return chosen


def in_range_problem(
    state: AoDState,
    field: Battlefield,
    shooter: Combatant,
    aimed: Combatant,
    slot: WeaponSlot | None,
    *,
    order: AttackOrder = AttackOrder.RANGED,
    indirect: bool = False,
) -> str | None:
    """AOD-12.1 to AOD-12.7 (`engine.aod.combat.ranged_problem`), then *Dense Fog*'s cap.

    AOD-26.14 [INVENTED]: under the planetary conditions in force (`AoDSetup.planetary`) no
    normal ranged attack, direct or indirect, reaches beyond `engine.aod.cards.capped_max_range`
    (after an AA unit's doubling against a cruising VTOL, AOD-12.9).
    """
    why = ranged_problem(field, shooter, aimed, slot, order=order, indirect=indirect)
    conditions = [card for card in state.setup.cards if card.id in state.setup.planetary]
    weapon = weapon_for(shooter.unit, slot)
    if why is not None or not conditions or weapon is None:
        return why
    cruising = field.units[aimed.index].cruising
    longest = max_range_against(shooter, weapon, cruising_target=cruising)
    top = capped_max_range(longest, conditions)
    distance = field.units[shooter.index].hex.distance(field.units[aimed.index].hex)
    if distance > top:
        return f"attack/range: the planetary conditions limit the range to {top} (AOD-26.14)"
    return None


def attack_needs(
    state: AoDState,
    index: int,
    targets: Sequence[int],
    slot: WeaponSlot | None,
    *,
    order: AttackOrder = AttackOrder.RANGED,
    indirect: bool = False,
    ignore_hindering: bool = False,
    formation: Sequence[Modifier] = (),
    equipment: bool = True,
) -> tuple[Need, ...]:
    """AOD-12.5 / AOD-12.8: each target's need as `fire` rolls it, on the state's positions.

    ``ignore_hindering``: *Enhanced Imaging* succeeded (AOD-21.2); ``formation``: a ranged
    formation's bonus (AOD-18.3); ``equipment`` False: no SE (*Predator*'s second attack). The
    order's preview (`tui.aod.workflow`) asks this too, so what it shows is what is rolled.
    """
    field, indices = state.battlefield()
    weapon = weapon_for(state.definition(index), slot)
    shooter = combatant(
        state,
        index,
        indices.index(index),
        weapon=None if weapon is None else weapon.slot,
        equipment=equipment,
    )
    aims = [combatant(state, t, indices.index(t)) for t in targets]
    return ranged_needs(
        field,
        shooter,
        aims,
        order=order,
        indirect=indirect,
        ignore_hindering=ignore_hindering,
        extra_attack=formation,
    )


def imaging_applies(state: AoDState, index: int, targets: int) -> bool:
    """AOD-21.2: whether unit ``index`` rolls *Enhanced Imaging* attacking ``targets`` targets."""
    return enhanced_imaging_applies(
        state.definition(index), state.setup.catalogue(), targets=targets
    )


def lock_target(state: AoDState, index: int) -> int | None:
    """AOD-21.1: the unit ``index``'s attacks are bound to, while it is on the battlefield.

    A target that left the board (eliminated, withdrawn, boarded a transport) frees it.
    """
    bound = state.units[index].locked_on
    return bound if bound is not None and state.units[bound].on_board else None


def lock_text(state: AoDState, index: int, chosen: Sequence[int]) -> str:
    """AOD-21.1 / AOD-21.2: why a unit bound by a lock may not attack ``chosen``, or ""."""
    bound = lock_target(state, index)
    if bound is None:
        return ""
    locked = state.units[bound].ident
    said = lock_problem(
        Lock(state.units[index].ident, locked, ""),
        [state.units[t].ident for t in chosen],
        state.units[index].ident,
    )
    return f"{said[:-1]} ({locked})." if said else ""


def require_lock(state: AoDState, index: int, chosen: Sequence[int]) -> None:
    """AOD-21.1 / AOD-21.2: a unit bound by *Ruthlessness* or *Zellbrigen* attacks its target.

    Raises:
        IllegalCommand: ``attack/locked``, another target is declared.
    """
    if said := lock_text(state, index, chosen):
        raise IllegalCommand(LOCK_CODE, said)


def shares(pool: int, hits: Sequence[bool], split: Sequence[int] = ()) -> tuple[int, ...]:
    """AOD-12.8 / [DESIGN]: the declared split after the roll (see the module's notes).

    Hit targets keep their declared shares; the rest of the pool goes one click at a time to the
    hit targets in declared order. Nothing is dealt when nothing is hit.
    """
    kept = [share if hit else 0 for share, hit in zip(split or [0] * len(hits), hits, strict=True)]
    struck = [n for n, hit in enumerate(hits) if hit]
    for click in range(pool - sum(kept) if struck else 0):
        kept[struck[click % len(struck)]] += 1
    return tuple(kept)


def _shot(indices: tuple[int, ...], need: Need, *, hit: bool, share: int, clicks: int) -> Shot:
    return Shot(
        indices[need.target],
        need.attack,
        need.defense,
        need.attack_modifiers,
        need.defense_modifiers,
        hit,
        share,
        clicks,
    )


def fire(
    ctx: Ctx,
    index: int,
    targets: Sequence[int],
    slot: WeaponSlot | None,
    *,
    order: AttackOrder = AttackOrder.RANGED,
    indirect: bool = False,
    split: Sequence[int] = (),
    follow_up: str = "",
    formation: Sequence[Modifier] = (),
) -> None:
    """AOD-11.8 steps 5-8: roll one ranged attack against ``targets`` and apply what it does.

    The declaration was checked (`aim`); the order and its token are the caller's, and so is
    its pushing after (step 10). ``follow_up``: "predator" for *Predator*'s free second attack
    (no SE, no heat, no new trigger), "pulse" for a Pulse weapon's second attack (`pulse`).
    ``formation``: a ranged formation's attack bonus (AOD-18.3), this attack's only.
    """
    state = ctx.state
    field, indices = state.battlefield()
    printed = state.definition(index)
    weapon = weapon_for(printed, slot)
    assert weapon is not None  # noqa: S101 - checked by aim
    catalogue = state.setup.catalogue()
    shooter = combatant(
        state, index, indices.index(index), weapon=weapon.slot, equipment=not follow_up
    )
    aims = [combatant(state, t, indices.index(t)) for t in targets]
    imaging = roll_enhanced_imaging(printed, catalogue, ctx.dice, targets=len(aims))
    bonus = rank_bonus_for(state, field, shooter, aims)
    needs = attack_needs(
        state,
        index,
        targets,
        slot,
        order=order,
        indirect=indirect,
        ignore_hindering=imaging is not None and imaging.ignore_hindering,
        formation=formation,
        equipment=not follow_up,
    )
    dice = AttackDice.roll(ctx.dice)
    hits = [need.succeeds(dice) for need in needs]
    extra = bonus.clicks if bonus is not None else 0
    pool = ranged_pool(shooter, slot, indirect=indirect, bonus=extra)
    given = shares(pool, hits, split)
    result = resolve_ranged(
        shooter, aims, needs, dice, slot, indirect=indirect, allocation=given, bonus=extra
    )
    kind = DamageKind(result.targets[0].category.value)
    ctx.emit(
        AttackRolled(
            index,
            OrderKind(order.value),
            weapon.slot,
            (dice.white1, dice.white2, dice.black),
            tuple(
                _shot(indices, t.need, hit=t.hit, share=share, clicks=t.clicks)
                for t, share in zip(result.targets, given, strict=True)
            ),
            pool,
            kind,
            indirect=indirect,
            imaging=None if imaging is None else imaging.die,
            bonus="" if bonus is None else bonus.ability,
            follow_up=follow_up,
        )
    )
    appeared = deal(
        ctx,
        index,
        [
            (t, hit.clicks, hit.energy_heat and not follow_up)
            for t, hit in zip(targets, result.targets, strict=True)
        ],
        kind,
        "indirect fire" if indirect else "ranged attack",
    )
    hurt_self(ctx, index, result.self_damage)
    lock_on(ctx, index, targets, bonus, hit=hits[0])
    if follow_up != "predator":
        _predator(
            ctx,
            index,
            targets,
            slot,
            order=order,
            indirect=indirect,
            hit=hits[0],
            appeared=appeared,
        )


def _predator(
    ctx: Ctx,
    index: int,
    targets: Sequence[int],
    slot: WeaponSlot | None,
    *,
    order: AttackOrder,
    indirect: bool,
    hit: bool,
    appeared: bool,
) -> None:
    """AOD-21.3 *Predator*: Heavy Damage appeared on the single target: attack it again."""
    offered = predator_follow_up(
        ctx.state.definition(index),
        ctx.state.setup.catalogue(),
        attack="ranged",
        target=ctx.state.units[targets[0]].ident,
        targets=len(targets),
        hit=hit,
        heavy_damage_appeared=appeared,
    )
    if offered is not None and _still_legal(
        ctx.state, index, targets, slot, order=order, indirect=indirect
    ) == tuple(targets):
        fire(ctx, index, targets, slot, order=order, indirect=indirect, follow_up="predator")


def pulse(
    ctx: Ctx,
    index: int,
    targets: Sequence[int],
    slot: WeaponSlot | None,
    *,
    order: AttackOrder = AttackOrder.RANGED,
    indirect: bool = False,
) -> bool:
    """AOD-26.14 Pulse: the weapon's second attack of the order, at the declared targets.

    Targets gone or no longer legal are dropped; with none left the Pulse is not used. Returns
    whether it was: a circle SE, it then costs 1 pushing click after the order (the caller's,
    with the push, AOD-11.8 step 10).
    """
    if not targets or not ctx.state.units[index].on_board:
        return False
    left = _still_legal(ctx.state, index, targets, slot, order=order, indirect=indirect)
    if not left:
        return False
    fire(ctx, index, left, slot, order=order, indirect=indirect, follow_up="pulse")
    return True


def pulse_cost(ctx: Ctx, index: int) -> None:
    """AOD-26.14 / AOD-3.6: a circle SE used: 1 pushing click after the order."""
    if ctx.state.units[index].on_board:
        damage(ctx, index, 1, "pulse", by=None, tokens=ctx.state.units[index].tokens)


def rank_bonus_for(
    state: AoDState, field: Battlefield, shooter: Combatant, aims: Sequence[Combatant]
) -> RankBonus | None:
    """AOD-21.1 / AOD-21.2: *Ruthlessness* or *Zellbrigen* for a single target, judged now."""
    if len(aims) != 1:
        return None
    return rank_bonus(
        field,
        shooter.index,
        aims[0].index,
        shooter.unit,
        aims[0].unit,
        catalogue=state.setup.catalogue(),
    )


def hurt_self(ctx: Ctx, index: int, hurts: Sequence[SelfDamage]) -> None:
    """AOD-11.4: the attacker's own clicks (a critical miss: 1 pushing click), unpreventable."""
    for hurt in hurts:
        if ctx.state.units[index].on_board:
            tokens = ctx.state.units[index].tokens
            damage(ctx, index, hurt.clicks, hurt.reason, by=None, tokens=tokens)


def deal(
    ctx: Ctx,
    index: int,
    blows: Sequence[tuple[int, int, bool]],
    kind: DamageKind,
    cause: str,
) -> bool:
    """AOD-11.8 steps 6f-7: each target's clicks, then energy heat; whether Heavy Damage appeared.

    ``blows``: (target, clicks before armour, energy heat due). Eliminations trigger
    *Scavenger* and *Fanaticism* (AOD-21.1, AOD-21.3).
    """
    owner = ctx.state.units[index].owner
    appeared = False
    heated = []
    for target, clicks, energy in blows:
        unit = ctx.state.units[target]
        if clicks <= 0 or not unit.on_board:
            continue
        where = unit.hex
        hit = take_damage(ctx.state.definition(target), unit.dial, clicks, kind)
        record_damage(ctx, target, hit, cause, by=owner, tokens=unit.tokens)
        appeared = appeared or hit.heavy_damage_appeared
        if hit.eliminated:
            eliminated_by(ctx, index, target, where)  # AOD-21.1 Fanaticism, AOD-21.3 Scavenger
        elif energy and hit.taken > 0:
            heated.append(target)
    for target in heated:  # AOD-10.1: +1 heat once a turn, after all the damage (step 7)
        if ctx.state.units[target].on_board and not ctx.state.units[target].energy_heat:
            change_heat(ctx, target, (HeatCause.ENERGY,), 1)
    return appeared


def lock_on(
    ctx: Ctx, index: int, targets: Sequence[int], bonus: RankBonus | None, *, hit: bool
) -> None:
    """AOD-21.1 / AOD-21.2: a successful attack with the rank bonus binds the attacker."""
    state = ctx.state
    target = targets[0]
    attacker, aimed = state.units[index], state.units[target]
    lock = lock_after(bonus, hit=hit, attacker=attacker.ident, target=aimed.ident)
    if lock is None or not attacker.on_board or not aimed.on_board:
        return  # a target eliminated at once frees the attacker (AOD-21.1)
    if attacker.locked_on != target:
        ctx.emit(TargetLocked(index, target, lock.ability))


def _still_legal(
    state: AoDState,
    index: int,
    targets: Sequence[int],
    slot: WeaponSlot | None,
    *,
    order: AttackOrder,
    indirect: bool,
) -> tuple[int, ...]:
    """AOD-11.8 step 8: the targets a follow-up attack may still make (on the board, legal)."""
    if not state.units[index].on_board:
        return ()
    field, indices = state.battlefield()
    weapon = weapon_for(state.definition(index), slot)
    shooter = combatant(
        state, index, indices.index(index), weapon=None if weapon is None else weapon.slot
    )
    return tuple(
        target
        for target in targets
        if state.units[target].on_board
        and in_range_problem(
            state,
            field,
            shooter,
            combatant(state, target, indices.index(target)),
            slot,
            order=order,
            indirect=indirect,
        )
        is None
    )


def aim_pulse(
    state: AoDState,
    index: int,
    targets: Sequence[str],
    slot: WeaponSlot | None,
    *,
    order: AttackOrder = AttackOrder.RANGED,
    indirect: bool = False,
    field: tuple[Battlefield, tuple[int, ...]] | None = None,
) -> tuple[int, ...]:
    """AOD-26.14 Pulse: the second attack's targets, declared with the order, or a refusal.

    The weapon must show Pulse (in force: not switched off, not suspended); the targets are
    checked as the first attack's (the once-per-order rule is lifted for them).

    Raises:
        IllegalCommand: the weapon has no Pulse, or a target is not legal now.
    """
    if not targets:
        return ()
    _, indices = field if field is not None else state.battlefield()
    weapon = weapon_for(state.definition(index), slot)
    shooter = combatant(
        state, index, indices.index(index), weapon=None if weapon is None else weapon.slot
    )
    if not shooter.shows(PULSE):
        raise IllegalCommand(
            PULSE_CODE, f"{state.units[index].ident}'s weapon shows no Pulse: it fires once."
        )
    return aim(state, index, targets, slot, order=order, indirect=indirect, field=field)


def ranged_order(ctx: Ctx, command: Command) -> None:
    """AOD-7.3 / AOD-11.8 / AOD-12: a Ranged Combat order: declare, roll, damage, push."""
    assert isinstance(command, RangedAttack)  # noqa: S101 - dispatched by type
    index = order_unit(ctx, command.unit, OrderKind.RANGED)
    targets = aim(
        ctx.state,
        index,
        command.targets,
        command.slot,
        indirect=command.indirect,
        split=command.split,
    )
    second = aim_pulse(ctx.state, index, command.pulse, command.slot, indirect=command.indirect)
    pushed = give_order(ctx, index, OrderKind.RANGED)
    fire(ctx, index, targets, command.slot, indirect=command.indirect, split=command.split)
    if pulse(ctx, index, second, command.slot, indirect=command.indirect):
        pulse_cost(ctx, index)
    after_order(ctx, index, pushed=pushed, heat=())


def _slots(state: AoDState, index: int) -> tuple[WeaponSlot | None, ...]:
    """The weapons a unit may declare: a 'Mech's primary and secondary; the others' one."""
    if not state.definition(index).is_mech:
        return (None,)
    return (None, WeaponSlot.SECONDARY)


def ranged_options(
    state: AoDState,
    index: int,
    *,
    order: AttackOrder = AttackOrder.RANGED,
    field: tuple[Battlefield, tuple[int, ...]] | None = None,
) -> list[tuple[tuple[str, ...], WeaponSlot | None, bool]]:
    """The legal ranged attacks of unit ``index``: (targets, weapon, indirect), for menus.

    Every single enemy each weapon may hit, directly or (a Ranged order only) indirectly, and up
    to `MAX_COMBOS` pairs for a weapon with several targets. ``field``: judge there instead.
    """
    board, indices = field if field is not None else state.battlefield()
    me = state.units[index]
    enemies = [n for n in indices if state.units[n].owner != me.owner]
    bound = lock_target(state, index)
    found: list[tuple[tuple[str, ...], WeaponSlot | None, bool]] = []
    for slot in _slots(state, index):
        weapon = weapon_for(state.definition(index), slot)
        if weapon is None:
            continue
        shooter = combatant(state, index, indices.index(index), weapon=weapon.slot)
        direct = []
        for enemy in enemies:
            if bound is not None and enemy != bound:
                continue
            aimed = combatant(state, enemy, indices.index(enemy))
            ident = state.units[enemy].ident
            if in_range_problem(state, board, shooter, aimed, slot, order=order) is None:
                direct.append(ident)
                found.append(((ident,), slot, False))
            elif order is AttackOrder.RANGED and (
                in_range_problem(state, board, shooter, aimed, slot, order=order, indirect=True)
                is None
            ):
                found.append(((ident,), slot, True))
        if weapon.targets > 1 and bound is None:
            pairs = [(a, b) for n, a in enumerate(direct) for b in direct[n + 1 :]]
            found += [(pair, slot, False) for pair in pairs[:MAX_COMBOS]]
    return found


def ranged_commands(state: AoDState, index: int) -> list[RangedAttack]:
    """The Ranged orders listed for unit ``index``, for menus, bots and property tests.

    Those of `ranged_options`, and with a Pulse weapon each single-target attack again with its
    Pulse at the same target (AOD-26.14).
    """
    ident = state.units[index].ident
    found = []
    _, indices = state.battlefield()
    for targets, slot, indirect in ranged_options(state, index):
        found.append(RangedAttack(ident, targets, slot, indirect))
        weapon = weapon_for(state.definition(index), slot)
        shooter = combatant(
            state, index, indices.index(index), weapon=None if weapon is None else weapon.slot
        )
        if shooter.shows(PULSE) and len(targets) == 1:
            found.append(RangedAttack(ident, targets, slot, indirect, pulse=targets))
    return found
