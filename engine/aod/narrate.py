"""An AoD game told in words: one plain sentence per event, with its dice (the log and replays).

`tell` is the ruleset's `engine.narration.Tell`: the command as typed, then one line per event,
each said from the states before and after it; events that roll show their dice apart (`Roll`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import singledispatch

from engine.aod.events import (
    AoDEvent,
    ArtilleryResolved,
    AttackRolled,
    AweDeclared,
    AweRolled,
    BreakAwayRolled,
    CaptiveFreed,
    DeployerChanged,
    FirstPlayerRolled,
    ForceWithdrawn,
    FormationOrdered,
    FreeSpinsOffered,
    GameEnded,
    HeatCause,
    HeatChanged,
    MarkersPlaced,
    OrderGiven,
    PlacerChanged,
    RepairAttempted,
    Shot,
    SpecialAttackRolled,
    TargetLocked,
    TerrainPlaced,
    TokensRemoved,
    TurnBegan,
    TurnEnded,
    UnitCaptured,
    UnitDamaged,
    UnitDeployed,
    UnitEliminated,
    UnitMoved,
    UnitRepaired,
    UnitsBoarded,
    UnitSpun,
    UnitsUnloaded,
)
from engine.aod.evolve import evolve
from engine.aod.language import format_command
from engine.aod.movement import Altitude
from engine.aod.scoring import CONDITIONS
from engine.aod.state import AoDState, OrderKind
from engine.game import Command, Event
from engine.narration import Roll, Told, tell_events

__all__ = ["describe", "tell"]


def tell(
    entry: int, command: Command, events: Sequence[Event], state: AoDState
) -> tuple[list[Told], AoDState]:
    """Tell one log entry: the command as typed, then a sentence per event."""
    return tell_events(
        entry,
        format_command(command),
        events,
        state,
        evolve=evolve,
        describe=describe,
        rolls=_rolls,
    )


def describe(event: Event, before: AoDState, after: AoDState) -> str:
    """One sentence for ``event`` (the states before and after it name units and players)."""
    if not isinstance(event, AoDEvent):
        return type(event).__name__
    return _said(event, before, after)


def _rolls(event: Event, before: AoDState) -> Sequence[Roll]:  # noqa: PLR0911 - one case a roll
    del before
    if isinstance(event, BreakAwayRolled) and event.roll is not None:
        outcome = "broke away" if event.success else "held"
        return (Roll("break away", (event.roll,), outcome=outcome),)
    if isinstance(event, AttackRolled):
        hits = sum(shot.hit for shot in event.shots)
        return (Roll("attack", event.dice, outcome=f"{hits} of {len(event.shots)} hit"),)
    if isinstance(event, RepairAttempted):
        return (Roll("repair", event.dice, outcome="repaired" if event.success else "failed"),)
    if isinstance(event, SpecialAttackRolled):
        attack = Roll("attack", event.dice, outcome="hit" if event.hit else "miss")
        if event.merciless is not None:
            return (attack, Roll("Merciless", (event.merciless,)))
        return (attack,)
    if isinstance(event, ArtilleryResolved):
        return (Roll("artillery", event.dice, outcome=_volley_outcome(event)),)
    if isinstance(event, AweRolled):
        lost = event.orders_lost
        return (Roll("Awe", event.dice, outcome=f"{lost} order{'' if lost == 1 else 's'} lost"),)
    if isinstance(event, FirstPlayerRolled):
        return tuple(
            Roll(f"seat {seat + 1}", dice) for rolled in event.rolls for seat, dice in rolled
        )
    return ()


def _name(state: AoDState, index: int) -> str:
    unit = state.units[index]
    return f"{state.definition(index).name} ({unit.ident})"


@singledispatch
def _said(event: AoDEvent, before: AoDState, after: AoDState) -> str:
    del before, after
    return type(event).__name__


@_said.register
def _(event: FirstPlayerRolled, before: AoDState, after: AoDState) -> str:
    del after
    rounds = "; then ".join(
        ", ".join(
            f"{before.players[seat]} {'+'.join(map(str, dice))}={sum(dice)}"
            for seat, dice in rolled
        )
        for rolled in event.rolls
    )
    return f"For first player: {rounds}. {before.players[event.first]} goes first."


@_said.register
def _(event: PlacerChanged, before: AoDState, after: AoDState) -> str:
    del after
    return f"{before.players[event.player]} lays the next terrain piece."


@_said.register
def _(event: TerrainPlaced, before: AoDState, after: AoDState) -> str:
    del after
    turned = f", turned {event.rotation * 60} degrees" if event.rotation else ""
    return f"{before.players[event.player]} lays {event.piece} at {event.anchor.label}{turned}."


@_said.register
def _(event: UnitDeployed, before: AoDState, after: AoDState) -> str:
    del after
    high = " at cruising altitude" if event.altitude is Altitude.CRUISING else ""
    where = f"{event.hex.label} facing {event.facing.name}"
    return f"{_name(before, event.unit)} deploys in {where}{high}."


@_said.register
def _(event: DeployerChanged, before: AoDState, after: AoDState) -> str:
    del after
    return f"{before.players[event.player]} deploys next."


@_said.register
def _(event: TurnBegan, before: AoDState, after: AoDState) -> str:
    del after
    zone = f"; {event.zone_vp} VP for units in enemy zones" if event.zone_vp else ""
    return (
        f"Round {event.round}: {before.players[event.player]}'s turn, {event.orders} orders{zone}."
    )


@_said.register
def _(event: AweDeclared, before: AoDState, after: AoDState) -> str:
    del after
    return (
        f"{before.players[event.player]} invokes Awe against {before.players[event.opponent]}: "
        "it will roll at the start of their next turn."
    )


@_said.register
def _(event: AweRolled, before: AoDState, after: AoDState) -> str:
    del after
    dice = ", ".join(map(str, event.dice))
    lost = event.orders_lost
    outcome = f"{lost} order{'' if lost == 1 else 's'} lost this turn" if lost else "no effect"
    return (
        f"Awe ({before.players[event.player]}) rolls {dice} against "
        f"{before.players[event.opponent]}: {outcome}."
    )


@_said.register
def _(event: OrderGiven, before: AoDState, after: AoDState) -> str:
    del after
    pushed = ", pushed: it was ordered last turn too" if event.pushed else ""
    article = "an" if event.kind.value[0] in "aeiou" else "a"
    return f"{_name(before, event.unit)} gets {article} {event.kind.value} order{pushed}."


@_said.register
def _(event: BreakAwayRolled, before: AoDState, after: AoDState) -> str:
    del after
    name = _name(before, event.unit)
    if event.roll is None:
        return f"{name} breaks away without a roll."
    outcome = "breaks away" if event.success else "is held and cannot leave its hex"
    return (
        f"{name} rolls {event.roll} to break away (fails on {event.fails_on} or less): {outcome}."
    )


@_said.register
def _(event: UnitMoved, before: AoDState, after: AoDState) -> str:
    del after
    name = _name(before, event.unit)
    start = before.units[event.unit].hex
    if event.hex == start and event.altitude is before.units[event.unit].altitude:
        return f"{name} turns to face {event.facing.name}."
    run = "runs" if event.run else "moves"
    high = f" at {event.altitude.value} altitude" if event.altitude is Altitude.CRUISING else ""
    return (
        f"{name} {run} to {event.hex.label}{high}, facing {event.facing.name} ({event.cost} hexes)."
    )


@_said.register
def _(event: FreeSpinsOffered, before: AoDState, after: AoDState) -> str:
    del after
    names = ", ".join(_name(before, o.unit) for o in event.offers)
    return f"{names} may turn to face {_name(before, event.offers[0].mover)}."


@_said.register
def _(event: UnitSpun, before: AoDState, after: AoDState) -> str:
    del after
    if event.facing is None:
        return f"{_name(before, event.unit)} keeps its facing."
    return f"{_name(before, event.unit)} spins to face {event.facing.name}."


_CAUSES = {
    HeatCause.PUSHED: "pushed",
    HeatCause.RUN: "running",
    HeatCause.VENT: "venting",
    HeatCause.IDLE: "resting",
    HeatCause.WATER: "standing in water",
    HeatCause.ASSAULT: "its assault",
    HeatCause.SPECIAL: "its special attack",
    HeatCause.ENERGY: "an energy hit",
}


@_said.register
def _(event: HeatChanged, before: AoDState, after: AoDState) -> str:
    del after
    name = _name(before, event.unit)
    why = " and ".join(_CAUSES[c] for c in event.causes)
    was = before.units[event.unit].dial
    if event.change == 0 and was.shutdown and not event.shutdown:
        return f"{name} restarts."
    if event.change == 0:
        return f"{name} gains no heat from {why}" + (": it is shut down." if was.shutdown else ".")
    verb = f"gains {event.change}" if event.change > 0 else f"loses {-event.change}"
    tail = ""
    if event.shutdown and not was.shutdown:
        tail = " and shuts down"
    elif was.shutdown and not event.shutdown:
        tail = " and restarts"
    return f"{name} {verb} heat from {why}, now {event.heat}{tail}."


@_said.register
def _(event: UnitDamaged, before: AoDState, after: AoDState) -> str:
    del after
    why = _DAMAGE_CAUSES.get(event.cause, event.cause)
    clicks = "1 click" if event.clicks == 1 else f"{event.clicks} clicks"
    return f"{_name(before, event.unit)} takes {clicks} of {event.kind.value} damage from {why}."


_DAMAGE_CAUSES = {
    "pushed": "being pushed",
    "failed capture": "its failed capture",
    "charge": "a charge",
    "dfa": "Death From Above",
    "ram": "a ram",
    "break-away": "an enemy 'Mech breaking away",
    "ammo explosion": "an ammunition explosion",
    "ranged attack": "a ranged attack",
    "indirect fire": "indirect fire",
    "close combat": "close combat",
    "critical miss": "its own critical miss",
    "pulse": "firing its Pulse weapon twice",
    "repair fumble": "a fumbled repair",
    "artillery": "an artillery blast",
    "artillery critical miss": "its own artillery's critical miss",
}


@_said.register
def _(event: UnitEliminated, before: AoDState, after: AoDState) -> str:
    del after
    score = (
        "nobody scores it"
        if event.scorer is None
        else f"{before.players[event.scorer]} scores {event.points} VP"
    )
    return f"{_name(before, event.unit)} is eliminated; {score}."


@_said.register
def _(event: TokensRemoved, before: AoDState, after: AoDState) -> str:
    del after
    left = "no token" if event.tokens == 0 else f"{event.tokens} token"
    return f"{_name(before, event.unit)} is left with {left}."


@_said.register
def _(event: TurnEnded, before: AoDState, after: AoDState) -> str:
    del after
    lost = f", {event.forfeited} orders unused and lost" if event.forfeited else ""
    return f"{before.players[event.player]} ends the turn{lost}."


@_said.register
def _(event: ForceWithdrawn, before: AoDState, after: AoDState) -> str:
    del after
    count = len(event.units)
    return f"{before.players[event.player]} withdraws, taking {count} units from the battlefield."


@_said.register
def _(event: GameEnded, before: AoDState, after: AoDState) -> str:
    del after
    result = event.result
    players = before.players
    scores = "; ".join(
        f"{players[p]} {s.elimination}/{s.control}/{s.zone}" for p, s in enumerate(result.scores)
    )
    won = [
        f"{name}: {'nobody' if w is None else players[w]}"
        for name, w in zip(CONDITIONS, result.conditions, strict=True)
    ]
    dice = f"; tie broken by dice {list(result.tiebreak)}" if result.tiebreak else ""
    winner = "nobody wins" if result.winner is None else f"{players[result.winner]} wins"
    return (
        f"The game ends: {result.reason}. VP (elimination/control/zone): {scores}. "
        f"{', '.join(won)}. {winner}{dice}."
    )


def _modifiers(shot: Shot) -> str:
    """The defense and its modifiers, then the attack's, in words: "defense 15, +3 indirect"."""
    words = [f"defense {shot.defense}"]
    words += [f"{m.amount:+d} {m.reason}" for m in shot.defense_modifiers]
    words += [f"{m.amount:+d} attack for {m.reason}" for m in shot.attack_modifiers]
    return ", ".join(words)


@_said.register
def _(event: AttackRolled, before: AoDState, after: AoDState) -> str:
    del after
    name = _name(before, event.unit)
    dice = "+".join(map(str, event.dice))
    verb = "strikes" if event.close else "fires indirectly" if event.indirect else "fires"
    if event.capture:  # AOD-14.3
        verb = "tries to capture"
    again = {"predator": " again (Predator)", "pulse": " again (Pulse)"}.get(event.follow_up, "")
    said = []
    for shot in event.shots:
        total = sum(event.dice) + shot.attack + sum(m.amount for m in shot.attack_modifiers)
        need = shot.defense + sum(m.amount for m in shot.defense_modifiers)
        outcome = f"hits for {shot.clicks}" if shot.hit else "misses"
        if event.capture:
            outcome = "captures it" if shot.hit else "fails to capture it"
        bonus = "".join(f" {m.amount:+d}" for m in shot.attack_modifiers)
        said.append(
            f"{_name(before, shot.target)}: {dice} +{shot.attack}{bonus} = {total} vs {need} "
            f"({_modifiers(shot)}), {outcome}"
        )
    tail = ""
    if event.dice[0] == event.dice[1] == 6:  # noqa: PLR2004 - the die's top face
        tail = " Critical hit!"
    elif event.dice[0] == event.dice[1] == 1:
        tail = " Critical miss."
    if event.imaging is not None:
        tail += f" Enhanced Imaging rolled {event.imaging}."
    if event.bonus:
        tail += f" {event.bonus.capitalize()} adds a click."
    at = "" if event.capture else " at"
    return f"{name} {verb}{again}{at} " + "; ".join(said) + "." + tail


@_said.register
def _(event: TargetLocked, before: AoDState, after: AoDState) -> str:
    del after
    return (
        f"{_name(before, event.unit)} is bound by {event.ability.capitalize()} to attack "
        f"{_name(before, event.target)} until it falls."
    )


_SPECIAL = {"charge": "charges", "dfa": "jumps down on", "ram": "rams"}


@_said.register
def _(event: SpecialAttackRolled, before: AoDState, after: AoDState) -> str:
    del after
    name, target = _name(before, event.unit), _name(before, event.target)
    total = sum(event.dice)
    extra = f" (Merciless d6 {event.merciless} included)" if event.merciless is not None else ""
    roll = f"{total} + {event.attack}{extra} = {total + event.attack} against {event.defense}"
    return (
        f"{name} {_SPECIAL[event.kind.value]} {target}: {roll}, "
        f"{'a hit' if event.hit else 'a miss'}."
    )


@_said.register
def _(event: UnitRepaired, before: AoDState, after: AoDState) -> str:
    del after
    clicks = "1 click" if event.clicks == 1 else f"{event.clicks} clicks"
    why = {"scavenger": "Scavenger", "fanaticism": "Fanaticism", "repair": "field repair"}
    return f"{_name(before, event.unit)} repairs {clicks} ({why.get(event.cause, event.cause)})."


@_said.register
def _(event: RepairAttempted, before: AoDState, after: AoDState) -> str:
    del after
    dice = "+".join(map(str, event.dice))
    total = sum(event.dice) + event.attack
    outcome = "succeeds" if event.success else "fails"
    return (
        f"{_name(before, event.unit)} tries to repair {_name(before, event.target)}: "
        f"{dice} +{event.attack} = {total} vs 17, {outcome}."
    )


@_said.register
def _(event: UnitCaptured, before: AoDState, after: AoDState) -> str:
    del after
    return f"{_name(before, event.unit)} is now a captive of {_name(before, event.captor)}."


@_said.register
def _(event: CaptiveFreed, before: AoDState, after: AoDState) -> str:
    del after
    return f"{_name(before, event.unit)} is freed: its guard is gone."


@_said.register
def _(event: MarkersPlaced, before: AoDState, after: AoDState) -> str:
    del after
    aims = ", ".join(f"{m.marker} on {m.dot.label}" for m in event.markers)
    first = event.markers[0] if event.markers else None
    led = ""
    if first is not None and len(first.members) > 1:
        others = ", ".join(_name(before, n) for n in first.members[1:])
        led = f" leading {others} (+{first.bonus} attack)"
    name = _name(before, event.unit)
    return f"{name} fires long range{led}: {aims}, coming down next turn."


def _volley_outcome(event: ArtilleryResolved) -> str:
    if event.critical_miss:
        return "critical miss"
    return "critical hit" if event.critical_hit else ""


@_said.register
def _(event: ArtilleryResolved, before: AoDState, after: AoDState) -> str:
    del after
    name = _name(before, event.shooter)
    dice = "+".join(map(str, event.dice))
    if event.critical_miss:
        return f"{name}'s artillery rolls {dice}: a critical miss, it hurts only itself."
    parts = []
    for landing in event.landings:
        where = "off the battlefield" if landing.landed is None else landing.landed.label
        if landing.drift is None:
            how = f"lands on {where}"
        else:
            how = f"drifts {landing.distance} {landing.drift.name} to {where}"
        clear = ", +2 clear line" if landing.clear else ""
        parts.append(
            f"{landing.marker} on {landing.dot.label} totals {landing.total}{clear} "
            f"against {landing.difficulty} and {how}"
        )
    critical = " (critical hit: +1 click)" if event.critical_hit else ""
    return f"{name}'s artillery rolls {dice}{critical}: {'; '.join(parts)}."


@_said.register
def _(event: FormationOrdered, before: AoDState, after: AoDState) -> str:
    del after
    names = ", ".join(_name(before, m) for m in event.members)
    pushed = [_name(before, m) for m, p in zip(event.members, event.pushed, strict=True) if p]
    free = ", without damage" if event.kind is OrderKind.MOVE else ""  # AOD-18.2 only
    tail = f"; pushed{free}: {', '.join(pushed)}" if pushed else ""
    return f"A {event.kind.value} formation order goes to {names}{tail}."


@_said.register
def _(event: UnitsBoarded, before: AoDState, after: AoDState) -> str:
    del after
    names = ", ".join(_name(before, n) for n in event.passengers)
    verb = "boards" if len(event.passengers) == 1 else "board"
    return f"{names} {verb} {_name(before, event.transport)}."


@_said.register
def _(event: UnitsUnloaded, before: AoDState, after: AoDState) -> str:
    del after
    transport = _name(before, event.transport)
    if not event.placed:
        return f"Nobody can get off {transport}."
    set_down = ", ".join(
        f"{_name(before, d.unit)} in {d.hex.label} facing {d.facing.name}" for d in event.placed
    )
    forced = " at once: it is heavily damaged" if event.forced else ""
    if event.captured:  # AOD-9.2
        forced = " at once: it was captured"
    return f"{transport} unloads{forced}: {set_down}."
