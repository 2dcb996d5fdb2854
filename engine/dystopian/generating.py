"""The Dystopian Wars turn machine's active generators: `Generate` and `PlaceCamouflage` (DW-23).

Every active generator of DW-23, once per generator fitted and activation, never by a derelict
(DW-19.6), an offline generator, or after hitting terrain or a larger model this activation
(`generators.generator_problem`; DW-27 item 23: single-die generators are not halved by the
other contacts, Fury and Pulse roll half their dice). `Generate` comes after the model's
squadron has moved (it ends the Movement segment, like `Fire`), but Kinetic, which comes before
the model moves. The single-die generators, one die a model (DW-28.10): UPG (one model within 4
hexes in the 270 degrees ahead, in sight: 4 Shattered Defences, 5 Chaos & Disarray, 6 the D6 of
AP lost), Tesla (one model within 4 hexes, 360 degrees, in sight: 5-6 a critical with no HP
lost, 2 and 12 rolled again), Disruption (every other model within 4 hexes, friends too, no
sight needed: 4-6 its generators offline, a 6 also 1 AP), Sonic (the same, but the submerged:
5-6 the ``sonic`` marker, -2 AD, AA, CC and MD until the end of its next activation). Kinetic,
Fury, Pulse and Camouflage are `engine.dystopian.generator_effects`. A Field on the target rolls
2D6 a Field when the generator would touch it (after its die): any 4-6 cancels it (DW-23 Field).
Inventive Scientists (DW-24) re-roll one die of each use (`generator_effects.inventive`). They
are rolled at once: "after moving, before boarding" (DW-23), and the boardings roll at the
activation's end. Camouflage's template is placed by `PlaceCamouflage` (``generate MODEL
camouflage at HEX``): a hex, picked on the board.

Left out: the Inventive re-roll of a die inside Fury's and Pulse's exploding pools. The passive
generators (Shield, Guardian and its aura) are `engine.dystopian.generator_segment`.
"""

from __future__ import annotations

from engine.dystopian.combat_segment import deal, hull, settle
from engine.dystopian.commands import Generate, PlaceCamouflage
from engine.dystopian.context import Ctx, DWCode, own_model, require_stage
from engine.dystopian.damage import DamageOutcome, HullDamage, Marker, roll_critical
from engine.dystopian.dice import roll_d6
from engine.dystopian.events import GeneratorRolled, GeneratorUsed
from engine.dystopian.generator_effects import (
    STORING,
    area_targets,
    camouflage,
    field_against,
    fury,
    has_inventive,
    inventive,
    kinetic,
    pulse,
    stored_dice,
)
from engine.dystopian.generator_segment import generators_of
from engine.dystopian.generators import (
    GENERATOR_REACH,
    Kind,
    generator_problem,
    target_problem,
)
from engine.dystopian.los import Sight, camouflage_problem, line_of_sight
from engine.dystopian.state import DWState, Stage
from engine.game import IllegalCommand
from engine.hexes import Hex

__all__ = [
    "ACTIVE",
    "GENERATE",
    "camouflage_options",
    "generate",
    "generate_options",
    "generate_problem",
    "kinetic_options",
    "place_camouflage",
    "place_problem",
]

GENERATE = "generator/cannot_use"
"""The rejection code of a generator the rules refuse (DW-23)."""
ACTIVE = frozenset(
    {Kind.UPG, Kind.TESLA, Kind.DISRUPTION, Kind.SONIC, Kind.KINETIC, Kind.FURY, Kind.PULSE}
)
"""The active generators `Generate` can use (Camouflage is `PlaceCamouflage`)."""
_AREA = frozenset({Kind.DISRUPTION, Kind.SONIC, Kind.PULSE})
"""The generators that reach every model around: no target is named."""
_UNAIMED = _AREA | {Kind.KINETIC}
_NEED = {Kind.UPG: 4, Kind.TESLA: 5, Kind.DISRUPTION: 4, Kind.SONIC: 5}
"""DW-23: the single die's number: UPG 4-6, Tesla 5-6, Disruption 4-6, Sonic 5-6."""
_SIX = 6


def _kind(word: str) -> Kind | None:
    try:
        return Kind(word.casefold())
    except ValueError:
        return None


def _target_index(state: DWState, name: str) -> int:
    index = state.index_of(name)
    if index is None:
        raise IllegalCommand(DWCode.UNKNOWN_MODEL, f"There is no model {name}.")
    if not state.models[index].on_board:
        raise IllegalCommand(DWCode.OFF_BOARD, f"{state.models[index].ident} is not on the table.")
    return index


def _fury_targets(state: DWState, index: int, names: str) -> tuple[int, ...] | str:
    """DW-23 Fury: the models named, each at the user's level within 4 hexes, unscreened."""
    if not names:
        return "Name the models it fires at (MODEL,MODEL...)."
    reach = area_targets(state, index, Kind.FURY)
    found: list[int] = []
    for name in names.split(","):
        target = _target_index(state, name)
        ident = state.models[target].ident
        if target == index:
            return "A generator does not aim at its own model."
        if target in found:
            return f"{ident} is named twice: the dice are split among different models."
        if target not in reach:
            return f"{ident} is not at its level within {GENERATOR_REACH} hexes in the open."
        found.append(target)
    dice = stored_dice(state, index, Kind.FURY)
    if len(found) > dice:
        return f"Its {dice} fury dice reach at most {dice} models."
    return tuple(found)


def _targets(state: DWState, index: int, kind: Kind, name: str) -> tuple[int, ...] | str:  # noqa: PLR0911 - one guard per rule
    """DW-23 / DW-28.10: the model a UPG or Tesla aims at, or everyone an area generator reaches."""
    if kind in _UNAIMED:
        if name:
            return f"The {kind.value} generator names no target."
        return () if kind is Kind.KINETIC else area_targets(state, index, kind)
    if kind is Kind.FURY:
        return _fury_targets(state, index, name)
    if not name:
        return "Name the model it aims at."
    target = _target_index(state, name)
    if target == index:
        return "A generator does not aim at its own model."
    problem = target_problem(kind, state.piece(index), state.piece(target))
    if problem:
        return problem
    board, indices = state.board()
    camouflaged = state.camouflage_hexes()
    sight = line_of_sight(
        board, indices.index(index), indices.index(target), camouflage=camouflaged
    )
    if sight.sight is Sight.BLOCKED:  # DW-23: normal targeting rules apply
        return f"{state.models[target].ident} is out of sight: {sight.reason}"
    return (target,)


def _timing_problem(state: DWState, index: int, kind: Kind) -> str:
    """DW-23: Kinetic before the model moves, one an activation; Fury and Pulse instead of fire."""
    activation = state.activation
    assert activation is not None  # noqa: S101 - during an activation
    ident = state.models[index].ident
    if kind is Kind.KINETIC:
        if index in activation.moved or activation.movement_done:
            return "Kinetic is used on activation, before the model moves."
        if any(n == index for n, _ in activation.kinetic):
            return "Only one Kinetic generator an activation."
    if kind in STORING:
        if not stored_dice(state, index, kind):
            return f"{ident}'s {kind.value} generator has no dice stored."
        if any(index in attack.models for attack in activation.declared):
            return f"{ident} has declared an attack: {kind.value} fires instead of shooting."
    return ""


def _user_problem(state: DWState, index: int, generator: str) -> tuple[Kind, str]:
    """DW-23: the generator named and why model ``index`` may not use it now ("" if it may)."""
    activation = state.activation
    assert activation is not None  # noqa: S101 - during an activation
    model = state.models[index]
    if model.squadron != activation.squadron or not model.on_board:
        return Kind.UPG, f"{model.ident} is not in the active squadron."
    kind = _kind(generator)
    fitted = generators_of(state, index).count(generator.casefold())
    if kind is None or not fitted:
        return Kind.UPG, f"{model.ident} has no {generator} generator."
    if activation.generators_used.count((index, kind.value)) >= fitted:
        return kind, f"{model.ident} has used its {kind.value} generator this activation."
    problem = generator_problem(
        kind,
        offline=model.markers.generators_offline,
        contact=activation.fire_limit(index),
        derelict=model.markers.derelict,
    )
    return kind, problem or _timing_problem(state, index, kind)


def generate_problem(state: DWState, command: Generate) -> tuple[int, Kind, tuple[int, ...]] | str:
    """DW-23: the user, generator and models ``command`` touches, or why it cannot.

    Raises:
        IllegalCommand: a model unknown, not the acting player's or not on the table.
    """
    index = own_model(state, command.model)
    kind, problem = _user_problem(state, index, command.generator)
    if problem:
        return problem
    if kind not in ACTIVE:
        how = " (generate MODEL camouflage at HEX)" if kind is Kind.CAMOUFLAGE else ""
        return f"The {kind.value} generator is not used this way{how}."
    targets = _targets(state, index, kind, command.target)
    return targets if isinstance(targets, str) else (index, kind, targets)


def _touch(ctx: Ctx, user: int, kind: Kind, target: int, *, spare: bool) -> bool:
    """DW-23: one generator's die at one model; a Field may cancel it; then its effect.

    ``spare``: the use's Inventive re-roll (DW-24) is still to take. Returns whether it still is.
    """
    die = roll_d6(ctx.dice).value
    if spare:  # DW-24: a miss at an enemy, or a success at a friend, is re-rolled
        friend = ctx.state.models[target].owner == ctx.state.models[user].owner
        against = (die >= _NEED[kind]) == friend
        die, rerolled = inventive(ctx, user, kind, target, die, against=against)
        spare = not rerolled
    faces = [die]
    hits = die >= _NEED[kind]
    field, cancelled = field_against(ctx, target) if hits else ((), False)
    marker, ap_lost, offline = "", 0, False
    markers = ctx.state.models[target].markers
    ap = max(0, ctx.state.card(target).ap - markers.assault_damage)
    if hits and not cancelled and kind is Kind.UPG:
        names = {4: Marker.SHATTERED_DEFENCES.value, 5: Marker.CHAOS_AND_DISARRAY.value}
        marker = names.get(die, "")
        if die == _SIX:
            faces.append(roll_d6(ctx.dice).value)
            ap_lost = min(ap, faces[-1])
    if hits and not cancelled and kind is Kind.DISRUPTION:
        offline = True
        ap_lost = min(ap, 1 if die == _SIX else 0)
    if hits and not cancelled and kind is Kind.SONIC:
        marker = "sonic"
    ctx.emit(
        GeneratorRolled(
            user, kind.value, target, tuple(faces), field, cancelled, marker, ap_lost, offline
        )
    )
    if hits and not cancelled and kind is Kind.TESLA:  # a critical, no HP lost; 2 and 12 again
        critical = roll_critical(ctx.dice, hull(ctx.state, target), tesla=True)
        deal(ctx, target, DamageOutcome(hull(ctx.state, target), HullDamage(0, 0, 0), (critical,)))
        settle(ctx)
    return spare


def generate(ctx: Ctx, command: Generate) -> None:
    """DW-23: use one active generator now (`GeneratorUsed`, then what it does)."""
    require_stage(ctx.state, Stage.ACTIVATION)
    if ctx.state.activation is None:
        raise IllegalCommand(DWCode.NO_ACTIVATION, "No squadron is active: activate one.")
    found = generate_problem(ctx.state, command)
    if isinstance(found, str):
        raise IllegalCommand(GENERATE, found)
    user, kind, targets = found
    ctx.emit(GeneratorUsed(user, kind.value))
    if kind is Kind.KINETIC:
        kinetic(ctx, user)
    elif kind is Kind.FURY:
        fury(ctx, user, targets)
    elif kind is Kind.PULSE:
        pulse(ctx, user, targets)
    else:
        spare = has_inventive(ctx.state, user)
        for target in targets:
            if ctx.state.models[target].on_board:
                spare = _touch(ctx, user, kind, target, spare=spare)


def _names(state: DWState, index: int, kind: str) -> list[str]:
    """The targets `generate_options` tries: none, each model, Fury's enemies all at once."""
    if _kind(kind) in _UNAIMED:
        return [""]
    ident = state.models[index].ident
    names = [m.ident for m in state.models if m.on_board and m.ident != ident]
    if kind == Kind.FURY.value:
        reach = area_targets(state, index, Kind.FURY)
        owner = state.models[index].owner
        enemies = [state.models[n].ident for n in reach if state.models[n].owner != owner]
        names = [state.models[n].ident for n in reach]
        names += [",".join(enemies)] if len(enemies) > 1 else []
    return names


def generate_options(state: DWState, *, kinetic_only: bool = False) -> list[Generate]:
    """The generators the active squadron may still use, for `rules.legal_commands`.

    Kinetic (before moving) is `kinetic_options`; the others come after moving.
    """
    activation = state.activation
    if activation is None:
        return []
    found: list[Generate] = []
    for index in state.alive(activation.squadron):
        ident = state.models[index].ident
        for kind in dict.fromkeys(generators_of(state, index)):
            if _kind(kind) not in ACTIVE or (_kind(kind) is Kind.KINETIC) != kinetic_only:
                continue
            options = [Generate(ident, kind, name) for name in _names(state, index, kind)]
            found += [o for o in options if not isinstance(generate_problem(state, o), str)]
    return found


def kinetic_options(state: DWState) -> list[Generate]:
    """DW-23 Kinetic: the boosts the active squadron's models may roll before they move."""
    return generate_options(state, kinetic_only=True)


# ---- Camouflage (DW-23, DW-28.10) ---------------------------------------------------------------


def place_problem(state: DWState, command: PlaceCamouflage) -> int | str:
    """DW-23 Camouflage: the user, or why it may not put its template on ``command.centre``.

    Raises:
        IllegalCommand: a model unknown, not the acting player's or not on the table.
    """
    index = own_model(state, command.model)
    _, problem = _user_problem(state, index, Kind.CAMOUFLAGE.value)
    if problem:
        return problem
    board, indices = state.board()
    return camouflage_problem(board, indices.index(index), command.centre) or index


def place_camouflage(ctx: Ctx, command: PlaceCamouflage) -> None:
    """DW-23 Camouflage: use the generator (`GeneratorUsed`), then the template goes down."""
    require_stage(ctx.state, Stage.ACTIVATION)
    if ctx.state.activation is None:
        raise IllegalCommand(DWCode.NO_ACTIVATION, "No squadron is active: activate one.")
    found = place_problem(ctx.state, command)
    if isinstance(found, str):
        raise IllegalCommand(GENERATE, found)
    ctx.emit(GeneratorUsed(found, Kind.CAMOUFLAGE.value))
    camouflage(ctx, found, command.centre)


def camouflage_options(state: DWState) -> list[PlaceCamouflage]:
    """DW-23 Camouflage: every centre the active squadron's Camouflage generators may take."""
    activation = state.activation
    if activation is None:
        return []
    found: list[PlaceCamouflage] = []
    for index in state.alive(activation.squadron):
        model = state.models[index]
        if Kind.CAMOUFLAGE.value not in generators_of(state, index) or model.hex is None:
            continue
        centres: tuple[Hex, ...] = model.hex.spiral(GENERATOR_REACH)
        options = [PlaceCamouflage(model.ident, centre) for centre in centres]
        found += [o for o in options if not isinstance(place_problem(state, o), str)]
    return found
