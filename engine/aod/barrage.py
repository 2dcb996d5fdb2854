"""Artillery markers coming down in their owner's command stage (AOD-7.1, AOD-13.4 to AOD-13.6).

`resolve_markers` is what the turn machine calls in a player's command stage, before his turn
begins (`engine.aod.turns.begin_turn`): every volley of his that is due (the markers one order
placed, `engine.aod.artillery.due_volleys`) rolls its three attack dice once (AOD-13.5), drifts,
blasts every unit in reach, friend or foe, never a captive (AOD-13.4 step 6; passengers are off
the board, so spared too), and its markers are removed (step 7). A critical miss damages the
shooter alone (AOD-13.6). The dice and the landings are in
`engine.aod.events.ArtilleryResolved`; the damage follows as `engine.aod.events.UnitDamaged`
through `engine.aod.effects.record_damage`.

The order that places the markers is `engine.aod.artillery_order`; this module is apart so the
turn module can call it without importing the orders.
"""

from __future__ import annotations

from engine.aod.artillery import PlacedMarker, due_volleys, resolve_volley, roll_attack
from engine.aod.context import Ctx
from engine.aod.dial import DamageKind, take_damage
from engine.aod.effects import damage, record_damage
from engine.aod.events import ArtilleryResolved, MarkerLanded
from engine.aod.kills import eliminated_by
from engine.aod.units import RangeType

__all__ = ["ARTILLERY", "CRITICAL_MISS", "resolve_markers"]

ARTILLERY = "artillery"
"""The cause of a blast's damage in `engine.aod.events.UnitDamaged`."""

CRITICAL_MISS = "artillery critical miss"
"""The cause of the shooter's own click on a critical miss (AOD-13.6)."""

_KINDS = {RangeType.BALLISTIC: DamageKind.BALLISTIC, RangeType.ENERGY: DamageKind.ENERGY}


def resolve_markers(ctx: Ctx, player: int) -> None:
    """AOD-13.4: resolve every volley ``player`` placed in an earlier turn, in placement order."""
    for volley in due_volleys(ctx.state.markers, player, ctx.state.turn + 1):
        _resolve(ctx, volley)


def _resolve(ctx: Ctx, markers: tuple[PlacedMarker, ...]) -> None:
    """AOD-13.4 to AOD-13.6: one roll for the volley, each marker's drift and blast."""
    state = ctx.state
    field, indices = state.battlefield()
    shooter = markers[0].shooter
    shooter_at = indices.index(shooter) if shooter in indices else None  # AOD-25 #19
    roll = roll_attack(ctx.dice)
    captives = [at for at, n in enumerate(indices) if state.units[n].captor is not None]
    volley = resolve_volley(
        field,
        markers,
        state.setup.catalogue(),
        roll,
        captives=captives,  # AOD-13.4 step 6: artillery never damages a captive
        shooter_at=shooter_at,
    )
    difficulty = {m.id: m.difficulty for m in state.setup.markers}
    landings = tuple(
        MarkerLanded(
            blast.marker.marker,
            blast.marker.dot,
            blast.total,
            difficulty[blast.marker.marker],
            blast.clear,
            blast.drift,
            blast.distance,
            blast.dot,
        )
        for blast in volley.blasts
    )
    ctx.emit(
        ArtilleryResolved(
            shooter,
            markers[0].turn,
            roll,
            volley.critical_hit,
            volley.critical_miss,
            landings,
        )
    )
    if volley.shooter_clicks:  # AOD-13.6: the shooter alone takes a click
        tokens = ctx.state.units[shooter].tokens
        damage(ctx, shooter, volley.shooter_clicks, CRITICAL_MISS, by=None, tokens=tokens)
    owner = markers[0].owner
    for blast in volley.blasts:  # AOD-13.5: full damage from each blast
        kind = _KINDS.get(blast.marker.range_type, DamageKind.BALLISTIC)
        for at, clicks in blast.hits:
            _hit(ctx, indices[at], clicks, kind, owner=owner, shooter=shooter)


def _hit(ctx: Ctx, index: int, clicks: int, kind: DamageKind, *, owner: int, shooter: int) -> None:
    """AOD-13.4 step 6: one unit in one blast takes the stored damage (armour may reduce it)."""
    unit = ctx.state.units[index]
    if not unit.on_board:  # eliminated by an earlier blast of the volley
        return
    hit = take_damage(ctx.state.definition(index), unit.dial, clicks, kind)
    by = owner if unit.owner != owner else None  # friendly fire scores nobody (AOD-25 #26)
    where = unit.hex
    record_damage(ctx, index, hit, ARTILLERY, by=by, tokens=unit.tokens)
    if hit.eliminated:  # AOD-21.1 Fanaticism, AOD-21.3 Scavenger ([INTERP] artillery too)
        eliminated_by(ctx, shooter, index, where)
