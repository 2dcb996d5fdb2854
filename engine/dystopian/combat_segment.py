"""The Dystopian Wars turn machine's damage segments: rams and collisions, then the attacks.

Rules: DW-7.2 step 2b / DW-12.4 / DW-12.6 step 2 (`resolve_contacts`: every contact recorded by
the squadron's movement and not yet resolved is rolled with `engine.dystopian.ramming`; a model
rammed several times rolls back at each rammer and is removed only after all contacts, DW-12.4),
DW-12.5 (`ramming.contact_fire`: what each model involved may still fire this activation, kept
on the activation), DW-7.2 step 3a (`declare`: the `Fire` command declares an attack before any
die is rolled: one weapon, several linked, DW-17.1, or one split, DW-17.3; each weapon once per
activation), DW-7.2 steps 3b and 3d (`resolve_attacks`, the combat segment: each declared attack
in order through `ordnance.aim` and `combat.roll_attack`; rockets answered by AA and torpedoes by
CC, `ordnance.cancel_hits`; then `damage.resolve_damage`), DW-16.1 / DW-16.2 (`deal`: Hull Damage,
AP lost and the critical markers; a Magazine Explosion's blast, DW-28.10), DW-22.5 (`settle`: a
model at 0 HP is lost, destroyed, which brings the break checks of DW-10.2), DW-24 (the MARs
that change an attack, `weapon_mars`; Altitude Skimming, Silent Running and Combustible Cargo,
`model_mars`).

Adopted readings [INTERP]: the defender's AA/CC answer (DW-18.2, DW-18.3) is automatic so that
no second seat acts mid-activation: every model of the target's squadron in reach of the target or
an attacker, with dice left, responds separately at full value (the digest notes this usually
beats linking). A linked attack needs the worst hit number of its contributions (DW-2.3) and the
lowest modifier. An attack whose target is gone when its turn comes is lost. The Sturginium
Flare moves the model at once (`movement.flare_path`, `movement.displace`; a collision on the way
is rolled then; it ends in the last free hex of its way, never over or under another piece).
DW-18.7 indirect fire: an attack declared by `FireIndirect`
(`engine.dystopian.indirect_fire`) carries its spotter, and `aim_at` aims it through
`spotting.indirect_aim` (natural 6s, Bombards 5-6, +1 with an attached recon that sees the
target). DW-24 Vulnerable [INTERP]: the attacker (and an AA/CC responder) always takes the
re-roll of both critical dice and keeps the second (`damage.roll_critical`), so no seat acts
mid-segment. Bombs (DW-18.5) are declared as any weapon (`Fire ... bomb`, aimed down the aft
channel by `ordnance.aim`). Generators (DW-23): the Shield and Guardian roll in
`generator_segment.shield_step`; a Sonic stun costs 2 AD, AA and CC (`shooter`); no line passes a
Camouflage template (`aim_at`); a model that used Fury or Pulse fires nothing else; the active
generators are `generating`. Tiny flyers (DW-20) and the AA fired at them are `wings_segment`'s
(at a wing it is `wing_commands.FireAA`); AA and CC fired offensively at a flying or diving model
in the model's own activation (DW-18.2) are `engine.dystopian.aux_fire`'s, rolled in the segment
after this one. Mines (DW-18.6: dropped, set off, blasts and chains) are
`engine.dystopian.mine_fire`'s; CC fired at a mine (the DW-18.6 sweep) is `mine_sweep`'s,
Minefields and Magnetic Mines (DW-24) are `minefields`' and `magnetic_mines`'.

Step 3b [INTERP]: the target squadron's AA at each attacking flyer (CC at each attacking diver)
within reach is rolled before any attack, once per attacker and squadron attacked, each
responder separately; an attacker it sinks loses its attacks.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dystopian import model_mars, ordnance, weapon_mars
from engine.dystopian.answers import fog_problem, reaction_hits, reaction_need
from engine.dystopian.boarding import derelict_problem
from engine.dystopian.cards import card_ad_bonus
from engine.dystopian.combat import (
    ContactFire,
    HitNumber,
    Shooter,
    SplitPart,
    Target,
    auxiliary_dice,
    link_problem,
    linked_ad,
    roll_attack,
    split_problem,
)
from engine.dystopian.commands import Fire
from engine.dystopian.commodore import keep_flagship
from engine.dystopian.context import Ctx, DWCode, own_model, require_stage
from engine.dystopian.critical_levels import force_level
from engine.dystopian.damage import (
    Critical,
    CriticalRoll,
    DamageOutcome,
    FlareRoll,
    Hull,
    magazine_blast,
    resolve_damage,
)
from engine.dystopian.dice import PoolRoll, worst
from engine.dystopian.events import (
    AttackDeclared,
    AttackRolled,
    AttackSource,
    ContactResolved,
    DamageDealt,
    HitsCancelled,
    LossCause,
    ModelDisplaced,
    ModelLost,
)
from engine.dystopian.generator_segment import shield_step
from engine.dystopian.geometry import Level
from engine.dystopian.models import Weapon, WeaponKind
from engine.dystopian.more_mars import aa_reach, cc_reach, hull_ripper, rapid_fire
from engine.dystopian.movement import ContactKind, displace, flare_path
from engine.dystopian.ramming import contact_fire, resolve_collision, resolve_ram, resolve_terrain
from engine.dystopian.spotting import indirect_aim
from engine.dystopian.state import DeclaredAttack, DWState, Stage
from engine.dystopian.wing_deck import launched_fire_problem
from engine.game import IllegalCommand

__all__ = [
    "aim_at",
    "deal",
    "declare",
    "declare_problem",
    "fire_options",
    "hull",
    "resolve_attacks",
    "resolve_contacts",
    "settle",
    "shooter",
    "weapon_word",
]


# ---- the models as the rule modules see them ----------------------------------------------------


def hull(state: DWState, index: int) -> Hull:
    """Model ``index`` taking damage (DW-16): its card, Hull Damage, Fusion Leak, level."""
    model = state.models[index]
    return Hull(
        state.card(index),
        model.hull_damage,
        fusion_leak=model.markers.fusion_leak,
        submerged=model.level is Level.SUBMERGED,
    )


def shooter(state: DWState, index: int) -> Shooter:
    """Model ``index`` firing (DW-15.3, DW-16.2, DW-12.5, DW-17.1) during this activation."""
    model, activation = state.models[index], state.activation
    markers = model.markers
    limit = ContactFire.ALL if activation is None else activation.fire_limit(index)
    in_command = (
        activation is None or model.squadron != activation.squadron or index in activation.element
    )
    return Shooter(
        state.card(index),
        level=model.level,
        hull_damage=model.hull_damage,
        half_ad=markers.half_ad,
        shattered=markers.shattered,
        chaos=markers.chaos,
        contact=limit,
        squadron=str(model.squadron),
        can_link=in_command and not markers.broken,
        sonic=markers.sonic,
    )


def weapon_word(weapon: Weapon) -> str:
    """A weapon's name as one word of the command language (``fore-turret``)."""
    return weapon.name.casefold().replace(" ", "-")


def aim_at(
    state: DWState, index: int, weapon: int, target: int, spotter: str | None = None
) -> ordnance.Aim | str:
    """DW-15 / DW-18 / DW-28.6-28.8: the dice and number, or why it cannot fire (a sentence).

    ``spotter`` fires indirectly through that model or recon wing ("": a Forward Observer with
    none), DW-18.7 (`spotting.indirect_aim`); None fires directly.
    """
    board, indices = state.board()
    if not state.models[index].on_board or not state.models[target].on_board:
        return "Only models on the table fire or are fired at."
    if state.models[index].markers.derelict:  # DW-19.6
        return derelict_problem("fire")
    hidden = model_mars.untouchable(state, target)  # DW-24 Altitude Skimming, Silent Running
    if hidden:
        return hidden
    card = state.card(target)
    fire = ordnance.Fire(
        indices.index(index),
        indices.index(target),
        shooter(state, index),
        Target(
            card,
            level=state.models[target].level,
            friendly=state.models[target].owner == state.models[index].owner,
        ),
        state.card(index).weapons[weapon],
        camouflage=state.camouflage_hexes(),  # DW-23: none into, through or out of it
    )
    if spotter is not None:
        return indirect_aim(state, board, fire, spotter)
    problem = ordnance.aim_problem(board, fire)
    if problem:
        return problem
    aimed = ordnance.aim(board, fire)
    return fog_problem(state, aimed.band) or aimed  # DW-28.12 Sea Fog (a T card)


# ---- damage and losses (DW-16, DW-22.5) ---------------------------------------------------------


def _critical_faces(critical: CriticalRoll) -> list[int]:
    faces = [face for roll in critical.rolls for face in (roll.first, roll.second)]
    if critical.hard_hit is not None:
        faces.append(critical.hard_hit.face)
    if critical.flare is not None:
        flare = critical.flare
        faces += [flare.direction.face, flare.distance.first, flare.distance.second]
    if critical.fuel is not None:
        faces.append(critical.fuel.face)
    return faces


def deal(
    ctx: Ctx, index: int, outcome: DamageOutcome, exploded: frozenset[int] = frozenset()
) -> None:
    """DW-16.1 / DW-16.2: put one attack's damage on model ``index`` (`DamageDealt`).

    A Magazine Explosion blasts every piece within 2 hexes (DW-28.10) with 2 x its starting HP
    dice, each victim's damage dealt in turn (a victim's own magazine blasts too, never back at
    one that already blew). The model stays until `settle` removes it. A Magazine Explosion
    against a flagship may first be re-rolled by the Commodore (DW-10.1 #3, `keep_flagship`); a
    fire or a Navigation Lock may change the model's level at once (`force_level`).
    """
    outcome = keep_flagship(ctx, index, outcome)
    ctx.emit(
        DamageDealt(
            index,
            outcome.comparison.hits,
            outcome.hp_lost,
            outcome.ap_lost,
            tuple(int(c.critical) for c in outcome.criticals),
            tuple(face for c in outcome.criticals for face in _critical_faces(c)),
            tuple(m.value for m in outcome.markers),
        )
    )
    force_level(ctx, index, outcome)  # DW-16.2 4 and 9: out of the clouds, up to the surface
    if any(c.critical is Critical.MAGAZINE_EXPLOSION for c in outcome.criticals):
        _blast(ctx, index, exploded | {index})
    for critical in outcome.criticals:
        if critical.flare is not None:
            _flare(ctx, index, critical.flare)


def _flare(ctx: Ctx, index: int, flare: FlareRoll) -> None:
    """DW-16.2 result 12 / DW-28.5: the Sturginium Flare flings the model, facing kept.

    A collision on the way is rolled at once; off the table or into terrain it cannot enter,
    the model is destroyed.
    """
    state = ctx.state
    model = state.models[index]
    if not model.on_board or model.hex is None:
        return
    if state.mover(index).immovable:  # DW-24 Immovable, Ground Clamps: destroyed instead
        ctx.emit(ModelLost(index, LossCause.DESTROYED))
        return
    board, indices = state.board()
    path = flare_path(model.hex, model.facing, flare.way, flare.hexes)
    card = state.card(index)
    moved = displace(
        board,
        indices.index(index),
        path,
        land=state.mover(index).land,
        amphibious=card.has("amphibious_capability"),
    )
    if moved.end != model.hex:
        ctx.emit(ModelDisplaced(index, moved.end))
    if moved.destroyed:
        ctx.emit(ModelLost(index, LossCause.DESTROYED))
        return
    contact = moved.contact
    if contact is None or contact.other is None:
        return
    other = indices[contact.other]
    outcome = resolve_collision(ctx.dice, hull(ctx.state, index), hull(ctx.state, other))
    _rolled(ctx, other, AttackSource.COLLISION, (index,), "", outcome.mover_roll.roll)
    _rolled(ctx, index, AttackSource.COLLISION, (other,), "", outcome.other_roll.roll)
    deal(ctx, other, outcome.against_other)
    deal(ctx, index, outcome.against_mover)


def _blast(ctx: Ctx, index: int, exploded: frozenset[int]) -> None:
    """DW-16.2 result 2 / DW-28.10: the blast's attack on every model in reach."""
    board, indices = ctx.state.board()
    card = ctx.state.card(index)
    for piece, pool in magazine_blast(ctx.dice, board, indices.index(index), card):
        victim = indices[piece]
        if victim in exploded:
            continue
        _rolled(ctx, victim, AttackSource.MAGAZINE, (index,), "", pool)
        deal(ctx, victim, resolve_damage(ctx.dice, hull(ctx.state, victim), pool.hits), exploded)


def settle(ctx: Ctx) -> None:
    """DW-16.1 / DW-22.5: every model on the table at 0 HP or less is lost, destroyed."""
    blasted = False
    for index in range(len(ctx.state.models)):
        model = ctx.state.models[index]  # as it is now: a Combustible Cargo blast hurts others
        if model.on_board and model.hull_damage >= ctx.state.card(index).hp:
            blasted |= model_mars.combustible_blast(ctx, index, deal, hull)  # DW-24
            ctx.emit(ModelLost(index, LossCause.DESTROYED))
    if blasted:
        settle(ctx)  # the blast's victims, whatever their place in the list


def _rolled(  # noqa: PLR0917 - one pool and whose it is
    ctx: Ctx,
    target: int,
    source: AttackSource,
    attackers: tuple[int, ...],
    weapon: str,
    pool: PoolRoll,
) -> None:
    ctx.emit(
        AttackRolled(
            target,
            source,
            attackers,
            weapon,
            pool.count,
            pool.threshold,
            pool.mod,
            pool.natural_only,
            pool.faces,
            pool.hits,
        )
    )


# ---- rams and collisions (DW-7.2 step 2b, DW-12.4) ----------------------------------------------


def resolve_contacts(ctx: Ctx) -> None:
    """DW-12.4 / DW-12.6 step 2: roll every unresolved contact, then remove the destroyed.

    A ram: the rammer's RR against the target, the target's starting HP back (`resolve_ram`); a
    collision: each model's starting HP (`resolve_collision`); terrain: its dice against the
    mover (`resolve_terrain`, an Iron Ram halving them on a bow contact). Damage piles up from
    contact to contact and no model is removed before all are rolled (DW-12.4).
    """
    for contact in [c for c in ctx.state.contacts if not c.resolved]:
        mover, other = contact.mover, contact.other
        state = ctx.state
        if not state.models[mover].on_board or (
            other is not None and not state.models[other].on_board
        ):
            ctx.emit(ContactResolved(mover, contact.kind, contact.hex, other, ()))
            continue  # one of the pieces has left the table: nothing to roll
        if other is None:
            out = resolve_terrain(ctx.dice, hull(state, mover), contact.dice, rammed=contact.bow)
            _rolled(ctx, mover, AttackSource.TERRAIN, (), "", out.roll.roll)
            deal(ctx, mover, out.damage)
            fire: tuple[tuple[int, ContactFire], ...] = ((mover, ContactFire.NONE),)
        else:
            ram = contact.kind is ContactKind.RAM
            outcome = (
                resolve_ram(ctx.dice, hull(state, mover), hull(state, other))
                if ram
                else resolve_collision(ctx.dice, hull(state, mover), hull(state, other))
            )
            forward = AttackSource.RAM if ram else AttackSource.COLLISION
            back = AttackSource.RAMMED if ram else AttackSource.COLLISION
            _rolled(ctx, other, forward, (mover,), "", outcome.mover_roll.roll)
            _rolled(ctx, mover, back, (other,), "", outcome.other_roll.roll)
            deal(ctx, other, outcome.against_other)
            deal(ctx, mover, outcome.against_mover)
            if ram:  # DW-24 Hull Ripper: through to the far side
                hull_ripper(ctx, mover, other, outcome)
            sizes = state.card(mover).size, state.card(other).size
            fire = (
                (mover, contact_fire(sizes[0], sizes[1])),
                (other, contact_fire(sizes[1], sizes[0])),
            )
        ctx.emit(ContactResolved(mover, contact.kind, contact.hex, other, fire))
    settle(ctx)


# ---- declaring attacks (DW-7.2 step 3a, DW-17) --------------------------------------------------


def _weapon(
    state: DWState, index: int, word: str, target: int, used: set[tuple[int, int]]
) -> int | str:
    """The first weapon of model ``index`` called ``word`` (or of that kind) that can fire."""
    card, ident = state.card(index), state.models[index].ident
    wanted = word.casefold()
    candidates = [
        n
        for n, w in enumerate(card.weapons)
        if wanted in {weapon_word(w), w.kind.value} and (index, n) not in used
    ]
    if not candidates:
        return f"{ident} has no {word} left to fire this activation."
    first = ""
    for n in candidates:
        aimed = aim_at(state, index, n, target)
        if not isinstance(aimed, str):
            if aimed.ad > 0:
                return n
            aimed = "It has no dice left at that target."
        first = first or f"{ident}'s {card.weapons[n].name.lower()}: {aimed}"
    return first


def _targets(state: DWState, names: Sequence[str]) -> tuple[int, ...]:
    found = []
    for name in names:
        index = state.index_of(name)
        if index is None:
            raise IllegalCommand(DWCode.UNKNOWN_MODEL, f"There is no model {name}.")
        if not state.models[index].on_board:
            ident = state.models[index].ident
            raise IllegalCommand(DWCode.OFF_BOARD, f"{ident} is not on the table.")
        found.append(index)
    return tuple(found)


def declare_problem(state: DWState, command: Fire) -> DeclaredAttack | str:  # noqa: C901, PLR0911 - one guard per rule
    """DW-7.2 step 3a / DW-15 / DW-17: the attack ``command`` declares, or why it cannot.

    Raises:
        IllegalCommand: a model unknown, not the acting player's or not on the table.
    """
    activation = state.activation
    assert activation is not None  # noqa: S101 - during an activation
    models = tuple(own_model(state, name) for name in command.models)
    targets = _targets(state, command.targets)
    if not models or not targets:
        return "Name the firing model and its target."
    if activation.boardings:  # DW-19.3: shooting is declared before the boardings
        return "Attacks are declared before any boarding."
    for index in models:
        if state.models[index].squadron != activation.squadron or not state.models[index].on_board:
            return f"{state.models[index].ident} is not in the active squadron."
    split = len(targets) > 1 or bool(command.shares)
    if split and len(command.shares) != len(targets):
        return "A split needs one share of dice for each target (TARGET:DICE)."
    if split and len(models) > 1:
        return link_problem((), split=True)
    used = set(activation.declared_weapons())
    weapons = []
    for index in models:
        picked = _weapon(state, index, command.weapon, targets[0], used)
        if isinstance(picked, str):
            return picked
        used.add((index, picked))
        weapons.append(picked)
    if len(models) > 1:
        parts = [
            (shooter(state, m), state.card(m).weapons[w])
            for m, w in zip(models, weapons, strict=True)
        ]
        problem = link_problem(parts)
        if problem:
            return problem
    if split:
        problem = _split_problem(state, models[0], weapons[0], targets, command.shares)
        if problem:
            return problem
    launched = launched_fire_problem(state, models, tuple(weapons))  # DW-20.4: a carrier
    instead = _generator_fired(state, models)  # DW-23: Fury and Pulse fire instead of shooting
    return launched or instead or DeclaredAttack(models, tuple(weapons), targets, command.shares)


def _generator_fired(state: DWState, models: tuple[int, ...]) -> str:
    """DW-23 Fury / Pulse: a model that used one this activation fires nothing else, or ""."""
    activation = state.activation
    used = set() if activation is None else set(activation.generators_used)
    for index in models:
        kinds = [kind for kind in ("fury", "pulse") if (index, kind) in used]
        if kinds:
            ident = state.models[index].ident
            return f"{ident} used its {kinds[0]} generator instead of shooting."
    return ""


def _split_problem(
    state: DWState, index: int, weapon: int, targets: tuple[int, ...], shares: tuple[int, ...]
) -> str:
    """DW-17.3: every share's target in reach of that weapon, one band, shares adding up."""
    parts, total = [], 0
    for target, share in zip(targets, shares, strict=True):
        aimed = aim_at(state, index, weapon, target)
        if isinstance(aimed, str):
            return f"{state.models[target].ident}: {aimed}"
        total = total or aimed.ad
        parts.append(SplitPart(state.models[target].ident, int(aimed.band), share))
    return split_problem(state.card(index).weapons[weapon], total, parts)


def declare(ctx: Ctx, command: Fire) -> None:
    """DW-7.2 step 3a: declare one attack (`AttackDeclared`); the dice wait for the segment."""
    require_stage(ctx.state, Stage.ACTIVATION)
    if ctx.state.activation is None:
        raise IllegalCommand(DWCode.NO_ACTIVATION, "No squadron is active: activate one.")
    declared = declare_problem(ctx.state, command)
    if isinstance(declared, str):
        raise IllegalCommand(DWCode.FIRE, declared)
    ctx.emit(AttackDeclared(declared))


def fire_options(state: DWState) -> list[Fire]:  # noqa: C901 - models x weapons x targets
    """The attacks the active squadron may still declare, bounded, for `rules.legal_commands`.

    Each weapon not yet committed at each enemy on the table it can hit, one model at a time;
    and for each kind and target that several models can hit, all of them linked (DW-17.1).
    Splits are accepted but not listed.
    """
    activation = state.activation
    if activation is None or activation.boardings:  # DW-19.3: no attack after a boarding
        return []
    used = activation.declared_weapons()
    enemies = [
        n
        for n, m in enumerate(state.models)
        if m.on_board and m.owner != state.squadrons[activation.squadron].owner
    ]
    found: list[Fire] = []
    ready: dict[tuple[str, int], list[str]] = {}
    for index in state.alive(activation.squadron):
        ident, card = state.models[index].ident, state.card(index)
        for n, weapon in enumerate(card.weapons):
            if (index, n) in used:
                continue
            if launched_fire_problem(state, (index,), (n,)):  # DW-20.4: it launched a wing
                continue
            if _generator_fired(state, (index,)):  # DW-23: Fury or Pulse instead of shooting
                continue
            for target in enemies:
                aimed = aim_at(state, index, n, target)
                if isinstance(aimed, str) or not aimed.ad:
                    continue
                found.append(Fire((ident,), weapon_word(weapon), (state.models[target].ident,)))
                group = ready.setdefault((weapon.kind.value, target), [])
                if ident not in group:
                    group.append(ident)
    for (kind, target), idents in ready.items():
        if len(idents) > 1:
            option = Fire(tuple(idents), kind, (state.models[target].ident,))
            if not isinstance(declare_problem(state, option), str):
                found.append(option)
    return found


# ---- the combat segment (DW-7.2 steps 3b, 3d) ---------------------------------------------------


def _need(aims: Sequence[ordnance.Aim]) -> HitNumber:
    """DW-2.3 [INTERP]: a linked pool needs the worst number of its parts, the lowest modifier."""
    lead = aims[0].need
    return HitNumber(
        worst(*(a.need.threshold for a in aims)),
        min(a.need.mod for a in aims),
        any(a.need.natural_only for a in aims),
        lead.reasons,
    )


def _responders(
    state: DWState, target: int, attackers: tuple[int, ...], kind: WeaponKind
) -> tuple[tuple[int, int], ...]:
    """DW-18.2: the target's squadron in reach of it or an attacker, each with its AA or CC."""
    reach_of = aa_reach if kind is WeaponKind.ROCKET else cc_reach  # DW-24 Telescopic Zoom
    where = state.models[target].hex
    found = []
    for index in state.alive(state.models[target].squadron):
        here = state.models[index].hex
        if where is None or here is None:
            continue
        reach = reach_of(state.card(index))
        near = min(
            (h.distance(here) for a in attackers if (h := state.models[a].hex) is not None),
            default=reach + 1,
        )
        if ordnance.responder_problem(
            same_squadron=True, to_target=where.distance(here), to_attacker=near, reach=reach
        ):
            continue
        card = state.card(index)
        dice = auxiliary_dice(
            shooter(state, index), card.aa if kind is WeaponKind.ROCKET else card.cc
        )
        if dice:
            found.append((index, dice))
    return tuple(found)


def _resolve(ctx: Ctx, attack: DeclaredAttack, spotter: str | None = None) -> None:
    """DW-7.2 step 3d: one declared attack (``spotter``: fired indirectly, DW-18.7)."""
    fired = zip(attack.models, attack.weapons, strict=True)
    pairs = [(m, w) for m, w in fired if ctx.state.models[m].on_board]
    shares: Sequence[int | None] = attack.shares or (None,)
    for target, share in zip(attack.targets, shares, strict=True):
        state = ctx.state
        if not state.models[target].on_board:
            continue  # the target went down before this attack's turn
        aims = [
            (m, w, a)
            for m, w in pairs
            if not isinstance(a := aim_at(state, m, w, target, spotter), str)
        ]
        if not aims:
            continue
        found = [a for _, _, a in aims]
        ads = [a.ad + card_ad_bonus(state, attack, m, w) for m, w, a in aims]  # DW-8 cards
        ad = share if share is not None else linked_ad(ads[0], *ads[1:])
        lead = state.card(aims[0][0]).weapons[aims[0][1]]
        attackers = tuple(m for m, _, _ in aims)
        armed = [(state.card(m), state.card(m).weapons[w]) for m, w, _ in aims]  # DW-24 MARs
        clamped = weapon_mars.anchored(state, attackers)
        ad = weapon_mars.attack_ad(ad, armed, state.card(target), clamped=clamped)
        need = reaction_need(ctx, attack, target, _need(found))  # DW-8.2 R cards
        roll = weapon_mars.roll_with_mars(ctx.dice, ad, need, armed)
        _rolled(ctx, target, AttackSource.WEAPON, attackers, lead.name, roll.roll)
        hits = reaction_hits(ctx, attack, target, roll.hits)
        hits = 0 if weapon_mars.immune(state.card(target), lead) else hits  # DW-24 Invincible
        if hits and lead.kind in {WeaponKind.ROCKET, WeaponKind.TORPEDO}:
            hits = _cancel(ctx, target, attackers, lead.kind, hits)
        hits = shield_step(ctx, target, lead.kind, hits)  # DW-23 Shield
        levels = state.models[attackers[0]].level, state.models[target].level
        struck = weapon_mars.hull_against(hull(ctx.state, target), *levels)
        deal(ctx, target, weapon_mars.strike(ctx.dice, struck, hits, armed, reroll=True))
        weapon_mars.terror_check(ctx, target, hits, struck, armed)
        weapon_mars.hard_impact(ctx, target, attackers[0], hits, struck, armed, deal, hull)
        settle(ctx)


def _cancel(ctx: Ctx, target: int, attackers: tuple[int, ...], kind: WeaponKind, hits: int) -> int:
    """DW-18.3: AA against rockets, CC against torpedoes; the hits left."""
    responders = _responders(ctx.state, target, attackers, kind)
    if not responders:
        return hits
    cancel = ordnance.cancel_hits(ctx.dice, hits, [dice for _, dice in responders])
    system = "AA" if kind is WeaponKind.ROCKET else "CC"
    ctx.emit(
        HitsCancelled(
            target,
            system,
            tuple(n for n, _ in responders),
            tuple(r.faces for r in cancel.rolls),
            cancel.cancelled,
            cancel.remaining,
        )
    )
    return cancel.remaining


def _counter_system(state: DWState, attacker: int) -> WeaponKind | None:
    """DW-18.2: AA answers an attacking flyer, CC an attacking diving model; None otherwise."""
    if state.models[attacker].level.airborne:
        return WeaponKind.ROCKET  # the AA side of `_responders`
    if state.card(attacker).is_diving:
        return WeaponKind.TORPEDO  # the CC side
    return None


def _counter_fire(ctx: Ctx, attack: DeclaredAttack, answered: set[tuple[int, int]]) -> None:
    """DW-7.2 step 3b / DW-18.2: AA at attacking flyers, CC at attacking divers, first.

    The target's squadron answers each attacker within reach once per squadron attacked.

    [INTERP] Each responder rolls separately at full value, at 4+ (5+ for a Small or Tiny
    attacker, DW-15.4); each is one attack against the attacker's DR and CR.
    """
    for attacker in dict.fromkeys(attack.models):
        for target in attack.targets:
            state = ctx.state
            system = _counter_system(state, attacker)
            squadron = state.models[target].squadron
            if system is None or (attacker, squadron) in answered:
                continue
            if not state.models[attacker].on_board or not state.models[target].on_board:
                continue
            answered.add((attacker, squadron))
            aux = ordnance.Aux.AA if system is WeaponKind.ROCKET else ordnance.Aux.CC
            need = ordnance.aux_need(aux, ordnance.aux_target(aux, state.card(attacker)))
            source = AttackSource.ACK_ACK if aux is ordnance.Aux.AA else AttackSource.CHARGES
            reach_of = aa_reach if aux is ordnance.Aux.AA else cc_reach
            there = state.models[attacker].hex
            for responder, dice in _responders(state, target, (attacker,), system):
                here = state.models[responder].hex
                reach = reach_of(state.card(responder))  # DW-24 Telescopic Zoom
                if there is None or here is None or here.distance(there) > reach:
                    continue  # DW-18.2: the attacker itself must be within reach
                roll = roll_attack(ctx.dice, dice, need)
                if aux is ordnance.Aux.AA:  # DW-24 Rapid Fire
                    roll = rapid_fire(ctx.dice, roll, state.card(responder))
                _rolled(ctx, attacker, source, (responder,), "", roll.roll)
                hits = shield_step(ctx, attacker, None, roll.hits)  # DW-23 Shield
                damage = resolve_damage(ctx.dice, hull(ctx.state, attacker), hits, reroll=True)
                deal(ctx, attacker, damage)  # DW-24 Vulnerable: the responder re-rolls
            settle(ctx)


def resolve_attacks(ctx: Ctx) -> None:
    """DW-7.2 steps 3b and 3d: every declared attack in the order declared, with its answers.

    First the target squadrons' AA or CC at attacking flyers or divers (3b), then each attack
    (3d), rockets and torpedoes answered inside it (DW-18.3).
    """
    activation = ctx.state.activation
    if activation is None:
        return
    answered: set[tuple[int, int]] = set()
    for attack in activation.declared:
        _counter_fire(ctx, attack, answered)
    for position, attack in enumerate(activation.declared):
        _resolve(ctx, attack, activation.spotter_of(position))
