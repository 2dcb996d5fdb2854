"""The Dystopian Wars turn machine's active generators: the `Generate` command (DW-23).

The active generators with one die a model (DW-23, DW-28.10): `Generate` after the model's
squadron has moved (it ends the Movement segment, like `Fire`), once per generator fitted and
activation, never by a derelict (DW-19.6), an offline generator, or after hitting terrain or a
larger model this activation (`generators.generator_problem`; DW-27 item 23: single-die
generators are not halved by the other contacts). UPG (one model within 4 hexes in the 270
degrees ahead, in sight: 4 Shattered Defences, 5 Chaos & Disarray, 6 the D6 of AP lost), Tesla
(one model within 4 hexes, 360 degrees, in sight: 5-6 a critical with no HP lost, 2 and 12
rolled again), Disruption (every other model within 4 hexes, friends too, no sight needed: 4-6
its generators offline, a 6 also 1 AP). A Field on the target rolls 2D6 a Field when the
generator would touch it (after its die): any 4-6 cancels it (DW-23 Field). They are rolled at
once: "after moving, before boarding" (DW-23), and the boardings roll at the activation's end.

Not wired yet: Camouflage, Fury, Kinetic, Pulse and Sonic (they need templates, stored dice, a
movement bonus or a lasting penalty in the state), the Guardian's aura on friendly models
within 6", and Inventive Scientists.
"""

from __future__ import annotations

from engine.dystopian.combat_segment import deal, hull, settle
from engine.dystopian.commands import Generate
from engine.dystopian.context import Ctx, DWCode, own_model, require_stage
from engine.dystopian.damage import DamageOutcome, HullDamage, Marker, roll_critical
from engine.dystopian.dice import roll_d6
from engine.dystopian.events import GeneratorRolled, GeneratorUsed
from engine.dystopian.generator_segment import generators_of
from engine.dystopian.generators import (
    GENERATOR_REACH,
    Kind,
    generator_problem,
    roll_field,
    target_problem,
)
from engine.dystopian.los import Sight, line_of_sight
from engine.dystopian.state import DWState, Stage
from engine.game import IllegalCommand

__all__ = [
    "ACTIVE",
    "GENERATE",
    "generate",
    "generate_options",
    "generate_problem",
]

GENERATE = "generator/cannot_use"
"""The rejection code of a generator the rules refuse (DW-23)."""
ACTIVE = frozenset({Kind.UPG, Kind.TESLA, Kind.DISRUPTION})
"""The active generators `Generate` can use."""
_TESLA = 5
_DISRUPTION = 4
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


def _targets(state: DWState, index: int, kind: Kind, name: str) -> tuple[int, ...] | str:  # noqa: PLR0911 - one guard per rule
    """DW-23 / DW-28.10: the model a UPG or Tesla aims at, or everyone Disruption reaches."""
    here = state.models[index].hex
    assert here is not None  # noqa: S101 - on the table
    if kind is Kind.DISRUPTION:
        if name:
            return "Disruption reaches every model around: name no target."
        return tuple(
            n
            for n, m in enumerate(state.models)
            if n != index and m.on_board and m.hex and here.distance(m.hex) <= GENERATOR_REACH
        )
    if not name:
        return "Name the model it aims at."
    target = _target_index(state, name)
    if target == index:
        return "A generator does not aim at its own model."
    problem = target_problem(kind, state.piece(index), state.piece(target))
    if problem:
        return problem
    board, indices = state.board()
    sight = line_of_sight(board, indices.index(index), indices.index(target))
    if sight.sight is Sight.BLOCKED:  # DW-23: normal targeting rules apply
        return f"{state.models[target].ident} is out of sight: {sight.reason}"
    return (target,)


def generate_problem(state: DWState, command: Generate) -> tuple[int, Kind, tuple[int, ...]] | str:
    """DW-23: the user, generator and models ``command`` touches, or why it cannot.

    Raises:
        IllegalCommand: a model unknown, not the acting player's or not on the table.
    """
    activation = state.activation
    assert activation is not None  # noqa: S101 - during an activation
    index = own_model(state, command.model)
    model = state.models[index]
    if model.squadron != activation.squadron or not model.on_board:
        return f"{model.ident} is not in the active squadron."
    kind = _kind(command.generator)
    fitted = generators_of(state, index).count(command.generator.casefold())
    if kind is None or not fitted:
        return f"{model.ident} has no {command.generator} generator."
    if kind not in ACTIVE:
        return f"The {kind.value} generator cannot be used by command yet."
    if activation.generators_used.count((index, kind.value)) >= fitted:
        return f"{model.ident} has used its {kind.value} generator this activation."
    problem = generator_problem(
        kind,
        offline=model.markers.generators_offline,
        contact=activation.fire_limit(index),
        derelict=model.markers.derelict,
    )
    if problem:
        return problem
    targets = _targets(state, index, kind, command.target)
    return targets if isinstance(targets, str) else (index, kind, targets)


def _fields(state: DWState, index: int) -> int:
    return sum(1 for g in generators_of(state, index) if g == Kind.FIELD.value)


def _touch(ctx: Ctx, user: int, kind: Kind, target: int) -> None:
    """DW-23: one generator's die at one model; a Field may cancel it; then its effect."""
    die = roll_d6(ctx.dice).value
    faces = [die]
    hits = {
        Kind.UPG: die >= _DISRUPTION,
        Kind.TESLA: die >= _TESLA,
        Kind.DISRUPTION: die >= _DISRUPTION,
    }[kind]
    field: tuple[int, ...] = ()
    cancelled = False
    if hits and _fields(ctx.state, target):
        rolled = roll_field(ctx.dice, _fields(ctx.state, target))
        field, cancelled = rolled.faces, rolled.cancels
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
    ctx.emit(
        GeneratorRolled(
            user, kind.value, target, tuple(faces), field, cancelled, marker, ap_lost, offline
        )
    )
    if hits and not cancelled and kind is Kind.TESLA:  # a critical, no HP lost; 2 and 12 again
        critical = roll_critical(ctx.dice, hull(ctx.state, target), tesla=True)
        deal(ctx, target, DamageOutcome(hull(ctx.state, target), HullDamage(0, 0, 0), (critical,)))
        settle(ctx)


def generate(ctx: Ctx, command: Generate) -> None:
    """DW-23: use one active generator now (`GeneratorUsed`, then a roll a model touched)."""
    require_stage(ctx.state, Stage.ACTIVATION)
    if ctx.state.activation is None:
        raise IllegalCommand(DWCode.NO_ACTIVATION, "No squadron is active: activate one.")
    found = generate_problem(ctx.state, command)
    if isinstance(found, str):
        raise IllegalCommand(GENERATE, found)
    user, kind, targets = found
    ctx.emit(GeneratorUsed(user, kind.value))
    for target in targets:
        if ctx.state.models[target].on_board:
            _touch(ctx, user, kind, target)


def generate_options(state: DWState) -> list[Generate]:
    """The generators the active squadron may still use, for `rules.legal_commands`."""
    activation = state.activation
    if activation is None:
        return []
    found: list[Generate] = []
    for index in state.alive(activation.squadron):
        ident = state.models[index].ident
        for kind in dict.fromkeys(generators_of(state, index)):
            if _kind(kind) not in ACTIVE:
                continue
            names = (
                [""]
                if kind == Kind.DISRUPTION.value
                else [m.ident for m in state.models if m.on_board and m.ident != ident]
            )
            options = [Generate(ident, kind, name) for name in names]
            found += [o for o in options if not isinstance(generate_problem(state, o), str)]
    return found
