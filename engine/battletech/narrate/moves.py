"""Word the BattleTech movement and turn events: deployment, initiative, moves, PSRs, falls, damage.

Each sentence maker registers on `engine.battletech.narrate.sentences.describe`, reading the
states before and after the event for names, hexes and what is left. A Piloting Skill Roll spells
out its modifiers::

    Griffin [G]: PSR for entering water: target 7 (piloting 5, depth 1 water -1, left leg hip +2,
    ...) rolled 4+3=7: stays up
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.battletech import events as ev
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.narrate.environment import ENV_PSR_REASONS, ENV_PSR_VERDICTS
from engine.battletech.narrate.sentences import describe
from engine.battletech.narrate.words import (
    cause_text,
    dice_text,
    label,
    mode_verb,
    modifiers_text,
    moved_verb,
    signed,
    unit_name,
)
from engine.battletech.state import BTState, MoveMode, Phase

if TYPE_CHECKING:
    from engine.hexes import Facing

__all__ = ["PSR_REASONS", "named_heat_sources"]

PSR_REASONS = {
    "water": "entering water",
    "rubble": "entering rubble",
    "building": "moving through a building",
    "stand": "standing up",
    "skid": "a skid",
    "dodge": "getting out of the way of a skid",
    "run_damage": "running on damaged legs or gyro",
    "landing": "landing on damaged legs or gyro",
    "injury": "pilot injury",
    **ENV_PSR_REASONS,
}
"""What each `PilotingRoll.reason` code is a roll for."""


def _facing(facing: Facing) -> str:
    return facing.name


@describe.register
def _deployed(event: ev.UnitDeployed, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    return f"{who} deploys in {label(event.hex)}, facing {_facing(event.facing)}."


@describe.register
def _phase(event: ev.PhaseStarted, before: BTState, after: BTState) -> str:
    del before, after
    turn = event.turn
    said = {
        Phase.DEPLOYMENT: "Deployment: each side places its units in its zone.",
        Phase.INITIATIVE: f"Turn {turn}: initiative.",
        Phase.MOVEMENT: f"Turn {turn}: movement phase.",
        Phase.WEAPON: f"Turn {turn}: weapon attack phase.",
        Phase.PHYSICAL: f"Turn {turn}: physical attack phase.",
    }
    return said.get(event.phase, f"{event.phase.value.capitalize()} phase.")


@describe.register
def _initiative(event: ev.InitiativeRolled, before: BTState, after: BTState) -> str:
    del after
    sides = before.sides
    rounds = []
    for number, round_ in enumerate(event.rounds):
        rolled = ", ".join(f"{sides[side]} {dice_text((a, b))}" for side, a, b in round_)
        rounds.append(rolled if number == 0 else f"tie, re-roll: {rolled}")
    first, last = sides[event.order[0]], sides[event.order[-1]]
    if len(event.order) == 2:  # noqa: PLR2004 - the usual two sides
        outcome = f"{last} wins the initiative; {first} moves first"
    else:
        outcome = "order " + " then ".join(sides[s] for s in event.order)
    return f"Initiative, turn {event.turn}: {'; '.join(rounds)}: {outcome}."


@describe.register
def _slots(event: ev.SlotsDealt, before: BTState, after: BTState) -> str:
    del after
    attacking = before.phase in {Phase.WEAPON, Phase.PHYSICAL}
    if not event.slots:
        if not attacking:
            return "Every unit has moved."
        if any(u.declared for u in before.units):
            return "Every unit has declared: the attacks resolve."
        what = "fire a weapon" if before.phase is Phase.WEAPON else "make a physical attack"
        return f"No unit can {what} this phase."
    parts = [f"{before.sides[side]} {count}" for side, count in event.slots]
    verb = "declare" if attacking else "move"
    return f"Next to {verb}: " + ", then ".join(parts) + "."


@describe.register
def _move_started(event: ev.MovementStarted, before: BTState, after: BTState) -> str:
    del after
    unit = before.units[event.unit]
    return f"{unit_name(before, event.unit)} {mode_verb(unit, event.mode)}."


@describe.register
def _turned(event: ev.UnitTurned, before: BTState, after: BTState) -> str:
    del after
    cost = f"{event.mp} MP" if event.mp else "free"
    return f"{unit_name(before, event.unit)} turns to face {_facing(event.facing)} ({cost})."


@describe.register
def _entered(event: ev.UnitEntered, before: BTState, after: BTState) -> str:
    del after
    notes = [f"{event.mp} MP"]
    if event.backward:
        notes.append("backward")
    if event.road:
        notes.append("along the road")
    if event.minimum:
        notes.append("minimum movement")
    return f"{unit_name(before, event.unit)} enters {label(event.hex)} ({', '.join(notes)})."


@describe.register
def _jumped(event: ev.UnitJumped, before: BTState, after: BTState) -> str:
    del after
    start = label(before.units[event.unit].hex)
    landing = label(event.path[-1]) if event.path else start
    hexes = len(event.path)
    return (
        f"{unit_name(before, event.unit)} jumps {start} -> {landing} ({hexes} hex"
        f"{'es' if hexes != 1 else ''}, {event.mp} MP) and lands facing {_facing(event.facing)}."
    )


@describe.register
def _dropped(event: ev.UnitDroppedProne, before: BTState, after: BTState) -> str:
    del after
    return f"{unit_name(before, event.unit)} drops prone ({event.mp} MP)."


@describe.register
def _psr(event: ev.PilotingRoll, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    why = PSR_REASONS.get(event.reason, event.reason.replace("_", " "))
    if not before.units[event.unit].is_mech:
        vehicle = isinstance(before.units[event.unit].body, VehicleBody)
        return _driving(event, who, why, roll="Driving roll" if vehicle else "roll")
    named = [
        f"{name} {value}" if number == 0 else f"{name} {signed(value)}"
        for number, (name, value) in enumerate(event.modifiers)
    ]
    target = f"target {event.target}" + (f" ({', '.join(named)})" if named else "")
    if event.automatic:
        return f"{who}: PSR for {why}: {target}: fails automatically ({_no_roll(before, event)})."
    verdict = _psr_verdict(event)
    return f"{who}: PSR for {why}: {target}, rolled {dice_text(event.roll)}: {verdict}."


def _driving(event: ev.PilotingRoll, who: str, why: str, *, roll: str) -> str:
    """BT-M-37.1: a vehicle makes Driving rolls, never falls: a failed skid roll skids.

    The other rolls a vehicle may make (a building, a skidding unit in the way, BT-M-39's
    ground) say what a failure did as a 'Mech's do, but for a fall; a platoon's or squad's
    (BT-M-39's ground) is a plain "roll" (no pilot, no PSR: BT-M-30 item 1).
    """
    target = f"target {event.target} ({modifiers_text(event.modifiers)})"
    if event.reason == "skid":
        verdict = "keeps control" if event.success else "skids"
        why = "avoiding a skid"
    else:
        verdict = _psr_verdict(event).replace("stays up", "keeps control")
        verdict = verdict.replace("falls", "loses control")
    rolled = "fails automatically" if event.automatic else f"rolled {dice_text(event.roll)}"
    return f"{who}: {roll} for {why}: {target}, {rolled}: {verdict}."


def _no_roll(before: BTState, event: ev.PilotingRoll) -> str:
    """BT-M-30 item 5: why a PSR fails without dice: the pilot is out, or the 'Mech is shut down."""
    unit = before.units[event.unit]
    if not unit.mech.conscious:
        return "the MechWarrior is unconscious"
    if unit.mech.shutdown:
        return "the 'Mech is shut down"
    return "no one at the controls"


def _psr_verdict(event: ev.PilotingRoll) -> str:
    if event.reason == "stand":
        return "stands up" if event.success else "fails to stand"
    if event.reason == "building":
        return "no harm done" if event.success else "takes damage"
    if event.reason == "injury":
        return "unhurt" if event.success else "hurt"
    if event.reason in ENV_PSR_VERDICTS:  # BT-M-39
        return ENV_PSR_VERDICTS[event.reason][event.success]
    return "stays up" if event.success else "falls"


@describe.register
def _stand_attempted(event: ev.StandAttempted, before: BTState, after: BTState) -> str:
    del after
    return f"{unit_name(before, event.unit)} tries to stand ({event.mp} MP, 1 heat)."


@describe.register
def _stood(event: ev.UnitStood, before: BTState, after: BTState) -> str:
    del after
    return f"{unit_name(before, event.unit)} is on its feet, facing {_facing(event.facing)}."


@describe.register
def _fell(event: ev.UnitFell, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    cause = f" ({event.cause})" if event.cause else ""
    drop = f", {event.levels} level{'s' if event.levels != 1 else ''} down" if event.levels else ""
    turned = (
        f"facing roll {event.facing_roll}: " if event.facing_roll is not None else "face down: "
    )
    halved = ", halved in water" if event.halved else ""
    return (
        f"{who} falls in {label(event.hex)}{cause}{drop}; {turned}now faces "
        f"{_facing(event.facing)}, {event.damage} damage on the {event.column} column{halved}."
    )


@describe.register
def _damage(event: ev.DamageApplied, before: BTState, after: BTState) -> str:
    who = unit_name(before, event.unit)
    where = event.location.long_name.lower() + (" (rear)" if event.rear else "")
    total = event.armor + event.internal
    die = " (1D6)" if len(event.roll) == 1 else ""
    roll = f"hit location{die} {dice_text(event.roll)}: " if event.roll else ""
    moved = (
        f" (transferred from the {event.transferred_from.long_name.lower()})"
        if event.transferred_from is not None
        else ""
    )
    source = f" from {unit_name(before, event.source)}" if event.source is not None else ""
    unit = after.units[event.unit]
    parts = []
    if event.armor:
        left = unit.mech.armor_at(event.location, rear=event.rear and event.location.has_rear)
        parts.append(f"-{event.armor} armor ({left} left)")
    if event.internal:
        parts.append(f"-{event.internal} structure ({unit.mech.internal_at(event.location)} left)")
    effect = ", ".join(parts) or "no effect"
    return f"{who}: {roll}{total} damage to the {where}{moved}{source}: {effect}."


@describe.register
def _location_destroyed(event: ev.LocationDestroyed, before: BTState, after: BTState) -> str:
    del after
    return f"{unit_name(before, event.unit)}: the {event.location.long_name.lower()} is destroyed!"


@describe.register
def _skidded(event: ev.UnitSkidded, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    if not event.path:
        stop = f", stopped by {event.stopped_by}" if event.stopped_by else ""
        return f"{who} skids but stays in place{stop}."
    hexes = len(event.path)
    stop = f", stopped by {event.stopped_by}" if event.stopped_by else ""
    return f"{who} skids {hexes} hex{'es' if hexes != 1 else ''} to {label(event.path[-1])}{stop}."


@describe.register
def _wounded(event: ev.PilotWounded, before: BTState, after: BTState) -> str:
    del after
    unit = before.units[event.unit]
    plural = "s" if event.wounds != 1 else ""
    return (
        f"{unit.pilot.name} ({unit_name(before, event.unit)}) takes {event.wounds} wound{plural} "
        f"({event.cause}): {event.total} of 6."
    )


@describe.register
def _consciousness(event: ev.ConsciousnessRolled, before: BTState, after: BTState) -> str:
    del after
    unit = before.units[event.unit]
    who = f"{unit.pilot.name} ({unit_name(before, event.unit)})"
    if event.recovery:
        verdict = "wakes up" if event.conscious else "stays unconscious"
        what = "recovery roll"
    else:
        verdict = "stays conscious" if event.conscious else "is knocked out"
        what = "consciousness roll"
    return f"{who}: {what}: target {event.target}, rolled {dice_text(event.roll)}: {verdict}."


@describe.register
def _building(event: ev.BuildingDamaged, before: BTState, after: BTState) -> str:
    del after
    end = " and collapses" if event.collapsed else ""
    inside = [unit_name(before, i) for i in before.units_at(event.hex)]
    if event.collapsed and inside:  # BT-M-41 #4: they fall (the next lines)
        end += f": {' and '.join(inside)} inside {'fall' if len(inside) > 1 else 'falls'}"
    return f"The building in {label(event.hex)} loses {event.cf} CF{end}."


@describe.register
def _bridge(event: ev.BridgeCollapsed, before: BTState, after: BTState) -> str:
    del before, after
    return f"The bridge in {label(event.hex)} (CF {event.cf}) gives way under {event.tonnage} tons!"


@describe.register
def _move_ended(event: ev.MovementEnded, before: BTState, after: BTState) -> str:
    unit = after.units[event.unit]
    who = unit_name(before, event.unit)
    movement = unit.movement
    if movement is None or (movement.mode is MoveMode.STILL) or not movement.mp_spent:
        where = f" in {label(unit.hex)}" if unit.hex is not None else ""
        return f"{who} stands still{where}, facing {_facing(unit.facing)}."
    start = movement.path[0] if movement.path else None
    prone = ", prone" if unit.is_mech and unit.mech.prone else ""
    heat = f", heat +{event.heat}" if event.heat else ""
    modifier = _target_modifier(event.hexes, jumped=movement.mode is MoveMode.JUMP)
    if start == unit.hex:  # turned on the spot, or went and came back
        did = "turned in place in" if not event.hexes else "ended where it started, in"
        where = f"{did} {label(unit.hex)} ({moved_verb(unit, movement.mode)})"
    else:
        where = f"{moved_verb(unit, movement.mode)} {label(start)} -> {label(unit.hex)}"
    return (
        f"{who} {where}, facing {_facing(unit.facing)}{prone}: {movement.mp_spent} MP, "
        f"{event.hexes} hex{'es' if event.hexes != 1 else ''} (to be hit {modifier}){heat}."
    )


def _target_modifier(hexes: int, *, jumped: bool) -> str:
    """BT-M-38 (BT-C-4): the to-hit modifier of the hexes moved, +1 more for a jump."""
    table = ((2, 0), (4, 1), (6, 2), (9, 3), (17, 4))
    modifier = next((m for top, m in table if hexes <= top), 5)
    return signed(modifier + (1 if jumped else 0))


@describe.register
def _destroyed(event: ev.UnitDestroyed, before: BTState, after: BTState) -> str:
    del after
    return f"{unit_name(before, event.unit)} is destroyed: {cause_text(event.cause)}."


_LUMPED = "standing up, burning hexes"
"""The engine's one name for a move's extra heat (`heat.movement_sources`): stand attempts and
burning hexes entered, added up."""


def _movement_extras(before: BTState, index: int, value: int) -> list[tuple[str, int]]:
    """Split a move's extra heat into what it was: +1 a stand attempt, +2 a burning hex entered.

    BT-M-32.3 / BT-M-24.3: the engine adds both into one figure. The hexes entered are the move's
    path after its start (none for a jump, which makes no fire heat); a hex set alight after the
    move (``new_fires``) was not burning when entered. When the figure does not split that way
    (an older log), it is named as both, with their rates.
    """
    unit = before.units[index]
    movement = unit.movement
    burning = 0
    if movement is not None and not movement.jumped:
        board = before.board
        burning = sum(
            1
            for where in movement.path[1:]
            if (terrain := board.get(where)) is not None
            and terrain.fire
            and where not in before.new_fires
        )
    stands = value - 2 * burning
    if stands < 0:
        return [("stand attempts +1 each, burning hexes entered +2 each", value)]
    parts = []
    if stands:
        parts.append(("standing up" if stands == 1 else f"{stands} stand attempts", stands))
    if burning:
        hexes = "a burning hex" if burning == 1 else f"{burning} burning hexes"
        parts.append((f"entering {hexes}", 2 * burning))
    return parts


def named_heat_sources(
    state: BTState, index: int, sources: Sequence[tuple[str, int]]
) -> list[tuple[str, int]]:
    """Heat sources as a player reads them: a move's extra heat split into what it was.

    The engine names a move's stand attempts and burning hexes as one source (`_LUMPED`); the
    log and the targeting panel's heat preview both show it split (BT-M-32.3, BT-M-24.3), so a
    unit that only stood up reads "standing up +1", never "burning hexes" (issue 13 item 7).
    """
    return [
        part
        for name, value in sources
        if value
        for part in (_movement_extras(state, index, value) if name == _LUMPED else [(name, value)])
    ]


@describe.register
def _heat(event: ev.HeatChanged, before: BTState, after: BTState) -> str:
    del after
    was = before.units[event.unit].mech.heat
    named = named_heat_sources(before, event.unit, event.sources)
    sources = ", ".join(f"{name} {value:+d}" for name, value in named)
    built = f" ({sources})" if sources else ""
    return (
        f"{unit_name(before, event.unit)} heat: {was} +{event.generated} built{built} "
        f"-{event.dissipated} sunk = {event.heat}."
    )


@describe.register
def _turn_ended(event: ev.TurnEnded, before: BTState, after: BTState) -> str:
    del before, after
    return f"End of turn {event.turn}."


@describe.register
def _game_ended(event: ev.GameEnded, before: BTState, after: BTState) -> str:
    del after
    if event.winner is None:
        return f"The game ends in a draw: {event.reason}."
    return f"{before.sides[event.winner]} wins: {event.reason}."
