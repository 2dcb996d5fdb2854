"""What the stored-dice, area and template generators do in the turn machine (DW-23, DW-28.10).

`engine.dystopian.generating` decides the `Generate` command and calls these:

- **Kinetic** (`kinetic`): before the model moves, 1D6 extra inches this activation
  (`KineticRolled`; `state.kinetic_inches` adds them to the MP, DW-28.4); the model must then
  move at least half its movement (`kinetic_owed`, `generators.kinetic_move_problem`), one Kinetic
  generator an activation. Never limited by a contact (DW-27 item 23: it comes before moving).
- **Fury** (`fury`) and **Pulse** (`pulse`): 2 dice stored on each activation, at most 10
  (`charge_generators`, `GeneratorCharged`); used after moving instead of shooting, spending
  them all (half of them rolled after a half-dice contact, minimum 1: DW-27 item 23). Fury's
  dice are split evenly among the models named, at the user's level within 4 hexes, the
  remainder one each to the first named (the player places it by the order): each 4-5 one Fire
  marker, each 6 two and a new die (`GeneratorStruck`). Pulse rolls once (`PulseRolled`) and
  the hits strike every other model within 4 hexes at any level, friends too, each comparing
  them with its own DR and CR (`DamageDealt`).
- **Sonic**: every other model within 4 hexes but the submerged rolls 1D6 (the single-die shape
  of `generating`); 5-6 sets the ``sonic`` marker: -2 AD on every weapon, -2 AA and CC
  (`combat.weapon_ad`, `combat.auxiliary_dice`), -2 MD (`boarding`), until the end of its next
  activation (`sonic_fades` at the end of an activation that began with it stunned).
- **Camouflage** (`camouflage`): after moving, a template on a hex within 4 in sight and its six
  neighbours, none holding a piece (`los.camouflage_problem`); no attack into, through or out of
  it (`combat_segment.aim_at`); removed in the End Phase step 5 (`lift_camouflage`).
- Area generators (`area_targets`, Disruption too): terrain of height 2 or more on both traced
  lines screens a model (DW-28.10); tiny tokens are never touched (DW-27 item 16).
- **Field** (`field_against`): 2D6 per Field when a generator's effect touches the model; any
  4-6 cancels it on that model (DW-23), for Fury, Pulse and Sonic as for the others.
- **Inventive Scientists** (DW-24, `inventive`): one die of each generator use re-rolled, the
  second kept (`GeneratorRerolled`). [INTERP] The engine picks the die for the player: the
  first single die that went against him (a miss at an enemy, a success at a friend; Kinetic 1-3).

Left out: the Inventive re-roll of a die inside Fury's and Pulse's exploding pools.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dystopian.combat_segment import deal, hull, settle
from engine.dystopian.context import Ctx
from engine.dystopian.damage import resolve_damage
from engine.dystopian.dice import roll_d6, roll_pool
from engine.dystopian.generator_events import (
    CamouflageLifted,
    CamouflagePlaced,
    GeneratorCharged,
    GeneratorRerolled,
    GeneratorStruck,
    KineticRolled,
    PulseRolled,
    SonicFaded,
)
from engine.dystopian.generator_segment import generators_of
from engine.dystopian.generators import (
    GENERATOR_REACH,
    Kind,
    charge,
    charged_dice,
    fury_split,
    kinetic_move_problem,
    roll_field,
)
from engine.dystopian.geometry import Level
from engine.dystopian.los import terrain_screens
from engine.dystopian.state import DWState
from engine.hexes import Hex

__all__ = [
    "INVENTIVE",
    "SCREEN_HEIGHT",
    "STORING",
    "area_targets",
    "camouflage",
    "charge_generators",
    "field_against",
    "fury",
    "has_inventive",
    "inventive",
    "kinetic",
    "kinetic_owed",
    "lift_camouflage",
    "pulse",
    "sonic_fades",
    "stored_dice",
]

STORING = (Kind.FURY, Kind.PULSE)
"""DW-23: the generators that store dice, 2 an activation."""
SCREEN_HEIGHT = 2
"""DW-28.10: terrain "2 inches high" (H >= 2 on both traced lines) screens an area generator."""
INVENTIVE = "inventive_scientists"
"""DW-24 Inventive Scientists: the MAR's id."""
_KINETIC_LOW = 3


def stored_dice(state: DWState, index: int, kind: Kind) -> int:
    """DW-23 Fury / Pulse: the dice model ``index``'s generator ``kind`` holds now."""
    return next(
        (d for n, g, d in state.generator_dice if n == index and g == kind.value),
        0,
    )


def charge_generators(ctx: Ctx) -> None:
    """DW-23: on its activation each Fury and Pulse of the squadron gains 2 dice (10 at most)."""
    activation = ctx.state.activation
    assert activation is not None  # noqa: S101 - just activated
    for index in ctx.state.alive(activation.squadron):
        if ctx.state.models[index].markers.derelict:  # DW-19.6: a derelict uses none
            continue
        fitted = generators_of(ctx.state, index)
        for kind in STORING:
            stored = stored_dice(ctx.state, index, kind)
            if kind.value in fitted and charge(stored) != stored:
                ctx.emit(GeneratorCharged(index, kind.value, charge(stored)))


def area_targets(state: DWState, index: int, kind: Kind) -> tuple[int, ...]:
    """DW-23 / DW-28.10: every other model an area generator reaches from model ``index``.

    Within 4 hexes, not screened by terrain of height 2 or more; Sonic spares the submerged,
    Fury only reaches its own level.
    """
    user = state.models[index]
    here = user.hex
    assert here is not None  # noqa: S101 - on the table
    board, _ = state.board()
    found = []
    for other, model in enumerate(state.models):
        if other == index or not model.on_board or model.hex is None:
            continue
        if here.distance(model.hex) > GENERATOR_REACH:
            continue
        if kind is Kind.SONIC and model.level is Level.SUBMERGED:
            continue
        if kind is Kind.FURY and model.level is not user.level:
            continue
        if terrain_screens(board, here, model.hex, SCREEN_HEIGHT):
            continue
        found.append(other)
    return tuple(found)


def field_against(ctx: Ctx, target: int) -> tuple[tuple[int, ...], bool]:
    """DW-23 Field: the target's 2D6 per Field, and whether any 4-6 cancels the effect."""
    fields = sum(1 for g in generators_of(ctx.state, target) if g == Kind.FIELD.value)
    if not fields:
        return (), False
    rolled = roll_field(ctx.dice, fields)
    return rolled.faces, rolled.cancels


def has_inventive(state: DWState, index: int) -> bool:
    """DW-24 Inventive Scientists on model ``index``: its card's, or a bought option's MAR."""
    model, card = state.models[index], state.card(index)
    if card.has(INVENTIVE):
        return True
    if model.escort:
        return False
    squadron = state.squadrons[model.squadron]
    bought = state.setup.players[model.owner].fleet.squadrons[squadron.index].options
    options = [o for ident in bought if (o := card.option(ident)) is not None]
    return any(ref.id == INVENTIVE for option in options for ref in option.mars)


def inventive(
    ctx: Ctx, user: int, kind: Kind, target: int, die: int, *, against: bool
) -> tuple[int, bool]:
    """DW-24 Inventive Scientists: re-roll ``die`` when it went ``against`` the user's player.

    Returns the die kept and whether it was re-rolled. The caller asks only while the use has
    its one re-roll left.
    """
    if not against or not has_inventive(ctx.state, user):
        return die, False
    second = roll_d6(ctx.dice).value
    ctx.emit(GeneratorRerolled(user, kind.value, target, die, second))
    return second, True


def kinetic(ctx: Ctx, user: int) -> None:
    """DW-23 Kinetic: 1D6 extra inches of movement for this activation (`KineticRolled`)."""
    die = roll_d6(ctx.dice).value
    die, _ = inventive(ctx, user, Kind.KINETIC, -1, die, against=die <= _KINETIC_LOW)
    ctx.emit(KineticRolled(user, die))


def kinetic_owed(state: DWState, index: int, steps: int) -> str:
    """DW-23 Kinetic: why a move of ``steps`` hexes is too short after a boost, or ""."""
    activation = state.activation
    if activation is None or all(n != index for n, _ in activation.kinetic):
        return ""
    return kinetic_move_problem(steps, state.mover(index).mp)


def _spend(ctx: Ctx, user: int, kind: Kind) -> int:
    """DW-23 / DW-27 item 23: every stored die is spent; half are rolled after a contact."""
    activation = ctx.state.activation
    assert activation is not None  # noqa: S101 - during an activation
    stored = stored_dice(ctx.state, user, kind)
    ctx.emit(GeneratorCharged(user, kind.value, 0))
    return charged_dice(stored, activation.fire_limit(user))


def fury(ctx: Ctx, user: int, targets: Sequence[int]) -> None:
    """DW-23 Fury: the dice split among ``targets`` (the remainder to the first); Fire markers."""
    dice = _spend(ctx, user, Kind.FURY)
    left = dice % len(targets)
    split = fury_split(dice, len(targets), tuple(range(left)))
    for target, share in zip(targets, split, strict=True):
        pool = roll_pool(ctx.dice, share)
        field, cancelled = field_against(ctx, target) if pool.hits else ((), False)
        ctx.emit(
            GeneratorStruck(user, Kind.FURY.value, target, pool.faces, pool.hits, field, cancelled)
        )


def pulse(ctx: Ctx, user: int, targets: Sequence[int]) -> None:
    """DW-23 Pulse: one roll of all the dice; the hits strike each of ``targets`` (DR and CR)."""
    dice = _spend(ctx, user, Kind.PULSE)
    pool = roll_pool(ctx.dice, dice)
    ctx.emit(PulseRolled(user, dice, pool.faces, pool.hits))
    if not pool.hits:
        return
    for target in targets:
        if not ctx.state.models[target].on_board:
            continue
        field, cancelled = field_against(ctx, target)
        ctx.emit(GeneratorStruck(user, Kind.PULSE.value, target, (), pool.hits, field, cancelled))
        if not cancelled:
            deal(ctx, target, resolve_damage(ctx.dice, hull(ctx.state, target), pool.hits))
    settle(ctx)


def camouflage(ctx: Ctx, user: int, centre: Hex) -> None:
    """DW-23 Camouflage: the template goes down (`CamouflagePlaced`)."""
    ctx.emit(CamouflagePlaced(user, centre))


def sonic_fades(ctx: Ctx) -> None:
    """DW-23 Sonic: the stun of the models stunned when their activation began ends with it."""
    activation = ctx.state.activation
    if activation is None:
        return
    fading = tuple(n for n in activation.sonic_at_start if ctx.state.models[n].markers.sonic)
    if fading:
        ctx.emit(SonicFaded(fading))


def lift_camouflage(ctx: Ctx) -> None:
    """DW-23 Camouflage / DW-7.3 step 5: the End Phase removes every template."""
    if ctx.state.camouflage:
        ctx.emit(CamouflageLifted(tuple(centre for _, centre in ctx.state.camouflage)))
