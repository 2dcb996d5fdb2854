"""A Dystopian Wars game told in words: one plain sentence per event, with its dice.

`tell` is the ruleset's `engine.narration.Tell`: the command as typed, then one line per event,
each said from the states before and after it; events that roll show their dice apart (`Roll`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import singledispatch

from engine.dystopian.aux_commands import AuxiliaryFireDeclared
from engine.dystopian.commodore import CommodoreRerolled, tell_commodore_rerolled
from engine.dystopian.context import label
from engine.dystopian.critical_levels import LevelForced, tell_level_forced
from engine.dystopian.damage import CRITICAL_TABLE, Critical, Marker
from engine.dystopian.events import (
    ActivationEnded,
    AttackDeclared,
    AttackRolled,
    AttackSource,
    BoardingDeclared,
    BoardingRolled,
    BoardingSettled,
    CardPlayed,
    CardsDiscarded,
    CardsDrawn,
    CheckKind,
    ContactResolved,
    DamageDealt,
    DeckShuffled,
    DeployerChanged,
    DerelictDrifted,
    DWEvent,
    EdgeChosen,
    EndPhaseBegan,
    GameEnded,
    GameLengthRolled,
    GeneratorRolled,
    GeneratorUsed,
    HazardKind,
    HitsCancelled,
    InitiativeRolled,
    ModelDeployed,
    ModelDisplaced,
    ModelLost,
    ModelMoved,
    MoraleChecked,
    MovementEnded,
    RepairRolled,
    RolledOff,
    ShieldRolled,
    SquadronActivated,
    TerrainTested,
    TurnBegan,
)
from engine.dystopian.evolve import evolve
from engine.dystopian.generator_narrate import GEN_SAID, SONIC_TEXT, generator_rolls
from engine.dystopian.geometry import Level
from engine.dystopian.indirect_commands import IndirectAttackDeclared
from engine.dystopian.language import format_command
from engine.dystopian.level_mars import LevelMarRolled, level_mar_rolls, tell_level_mar_rolled
from engine.dystopian.mine_commands import (
    MineDropped,
    MineExploded,
    MinefieldLaid,
    MineMoved,
    tell_mine_moved,
    tell_minefield_laid,
)
from engine.dystopian.movement import ContactKind, MarkerAction
from engine.dystopian.ordnance import CHAIN_THRESHOLD
from engine.dystopian.snipe_commands import Sniped, tell_sniped
from engine.dystopian.star_narrate import STAR_SAID, face_down, star_rolls
from engine.dystopian.state import DWState, FieldOrder, VictoryLevel
from engine.dystopian.sweep_events import MineSwept, sweep_rolls, tell_mine_swept
from engine.dystopian.victory import told_reason
from engine.dystopian.wing_narrate import WING_SAID, wing_rolls
from engine.game import Command, Event
from engine.narration import Roll, Told, tell_events

__all__ = ["describe", "tell"]

ORDER_TEXT = {
    FieldOrder.DEFAULT: "destroy or capture 70% of the enemy fleet value (the default order)",
    FieldOrder.SEVENTY: "destroy or capture 70% of the enemy fleet value",
    FieldOrder.LARGE: "destroy every Large and Massive enemy model",
    FieldOrder.HALF_MEDIUM: "destroy or capture half the enemy fleet value, Medium models among it",
    FieldOrder.BASE_FORCE: "destroy or capture the enemy Base Force",
    FieldOrder.HALF_SMALL: "destroy or capture half the enemy fleet value, Small models among it",
    FieldOrder.COMMODORE: "destroy or capture the enemy flagship",
}
"""Each Field Order in words (DW-22.4)."""

_MARKER_TEXT = {
    MarkerAction.STOP: " and comes to All Stop",
    MarkerAction.RESTART: " removes its All Stop marker",
    MarkerAction.START_REVERSING: " removes its All Stop marker and gets ready to reverse",
    MarkerAction.STOP_REVERSING: " stops reversing and comes to All Stop",
}


def tell(
    entry: int, command: Command, events: Sequence[Event], state: DWState
) -> tuple[list[Told], DWState]:
    """Tell one log entry: the command as typed, then a sentence per event."""
    return tell_events(
        entry,
        face_down(format_command(command), events),  # DW-8.2: a T card is chosen face down
        events,
        state,
        evolve=evolve,
        describe=describe,
        rolls=_rolls,
    )


def describe(event: Event, before: DWState, after: DWState) -> str:
    """One sentence for ``event`` (the states before and after it name models and players)."""
    if not isinstance(event, DWEvent):
        return type(event).__name__
    return _said(event, before, after)


def _pairs(before: DWState, rounds: tuple[tuple[tuple[int, int], tuple[int, int]], ...]) -> str:
    return "; then ".join(
        ", ".join(f"{before.players[p]} {a}+{b}={a + b}" for p, (a, b) in enumerate(pair))
        for pair in rounds
    )


def _rolls(event: Event, before: DWState) -> Sequence[Roll]:  # noqa: PLR0911 - one case an event
    del before
    match event:
        case RolledOff(rolls=rounds) | InitiativeRolled(rolls=rounds):
            return tuple(Roll(f"player {p + 1}", pair) for r in rounds for p, pair in enumerate(r))
        case MoraleChecked(kind=kind, faces=faces, successes=successes, passed=passed):
            outcome = f"{successes} successes: {'passed' if passed else 'failed'}"
            return (Roll(f"{kind.value} check", faces, outcome=outcome),) if faces else ()
        case TerrainTested(kind=kind, faces=faces, failed=failed):
            return (Roll(f"{kind.value} test", faces, outcome="collided" if failed else "safe"),)
        case GameLengthRolled(face=face, more=more):
            return (Roll("game length", (face,), outcome="one more turn" if more else "ends"),)
        case AttackRolled(source=source, faces=faces, hits=hits, weapon=weapon):
            return (Roll(weapon or source.value, faces, outcome=_plural(hits, "hit", "hits")),)
        case HitsCancelled(system=system, faces=pools, cancelled=cancelled):
            done = f"{cancelled} cancelled"
            return tuple(Roll(system, faces, outcome=done) for faces in pools)
        case DamageDealt(critical_faces=faces, criticals=criticals) if faces:
            names = ", ".join(CRITICAL_TABLE[Critical(c)].name for c in criticals)
            return (Roll("critical", faces, outcome=names),)
        case RepairRolled(marker=marker, face=face, repaired=repaired, rerolled_from=first):
            faces = (first, face) if first else (face,)
            return (Roll(f"{_MARKER_NAMES[marker]} roll", faces, outcome=_fixed(repaired)),)
    return (  # DW-19, DW-23, DW-8; DW-20; the DW-23 generators; the STAR answers
        _board_rolls(event) or wing_rolls(event) or generator_rolls(event) or star_rolls(event)
    ) or (level_mar_rolls(event) or sweep_rolls(event))  # DW-24 Panic Dive...; DW-18.6 sweeps


_MARKER_NAMES = {
    Marker.SHATTERED_DEFENCES.value: "shattered defences",
    Marker.RAGING_FIRE.value: "fire",
    Marker.SYSTEMS_OFFLINE.value: "systems offline",
    Marker.HALF_AD.value: "weapons damaged",
    Marker.HALF_MV.value: "engine failure",
    Marker.NAVIGATION_LOCK.value: "navigation lock",
    Marker.FUSION_LEAK.value: "fusion leak",
    Marker.CHAOS_AND_DISARRAY.value: "chaos and disarray",
    Marker.CORROSION.value: "corrosion",
    "sonic": SONIC_TEXT,  # DW-23 Sonic
}


def _fixed(repaired: bool) -> str:
    return "removed" if repaired else "stays"


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _name(state: DWState, index: int) -> str:
    return f"{state.card(index).name} {state.models[index].ident}"


@singledispatch
def _said(event: DWEvent, before: DWState, after: DWState) -> str:
    del before, after
    return type(event).__name__


@_said.register
def _(event: RolledOff, before: DWState, after: DWState) -> str:
    del after
    chooser = before.players[event.chooser]
    orders = " ".join(
        f"{before.players[p]} must {ORDER_TEXT[order]}"
        + (f" (rolled {event.order_faces[p]})" if event.order_faces else "")
        + "."
        for p, order in enumerate(event.orders)
    )
    return f"For the table edge: {_pairs(before, event.rolls)}. {chooser} chooses. {orders}"


@_said.register
def _(event: EdgeChosen, before: DWState, after: DWState) -> str:
    del after
    return f"{before.players[event.player]} takes the {event.edge.value} edge and deploys first."


@_said.register
def _(event: ModelDeployed, before: DWState, after: DWState) -> str:
    del after
    level = "" if event.level in (Level.SURFACE, Level.FLYING) else f", {event.level.value}"
    where = f"{event.hex.label} facing {event.facing.name}{level}"
    return f"{_name(before, event.model)} deploys at {where}."


@_said.register
def _(event: DeployerChanged, before: DWState, after: DWState) -> str:
    del after
    return f"{before.players[event.player]} deploys the next squadron."


@_said.register
def _(event: TurnBegan, before: DWState, after: DWState) -> str:
    del before, after
    return f"Turn {event.turn} begins."


@_said.register
def _(event: InitiativeRolled, before: DWState, after: DWState) -> str:
    del after
    first = before.players[event.first]
    return f"For initiative: {_pairs(before, event.rolls)}. {first} activates first."


@_said.register
def _(event: SquadronActivated, before: DWState, after: DWState) -> str:
    del after
    name = before.squadron_name(event.squadron)
    text = f"{before.players[before.squadrons[event.squadron].owner]} activates {name}"
    if len(event.element) < len(before.alive(event.squadron)):
        core = ", ".join(before.models[n].ident for n in event.element)
        text += f"; the commanded element is {core}"
    return text + "."


@_said.register
def _(event: MoraleChecked, before: DWState, after: DWState) -> str:
    del after
    who = (
        before.squadron_name(event.squadron)
        if event.kind is not CheckKind.COMMAND
        else _name(before, event.models[0])
    )
    if event.automatic:
        return f"{who} is Fearless and passes its {event.kind.value} check."
    if event.kind is CheckKind.BRAVERY:
        outcome = "passes and rallies" if event.passed else "fails and stays broken"
    else:
        outcome = "passes" if event.passed else "fails and is broken"
    faces = ", ".join(map(str, event.faces)) or "no dice"
    return (
        f"{who} takes a {event.kind.value} check: {event.dice} dice ({faces}), "
        f"{_plural(event.successes, 'success', 'successes')} for the {event.needed} needed; "
        f"it {outcome}."
    )


@_said.register
def _(event: TerrainTested, before: DWState, after: DWState) -> str:
    del after
    why = "treacherous terrain" if event.kind is HazardKind.TREACHEROUS else "snaking"
    faces = " then ".join(map(str, event.faces))
    again = " (the Commodore's re-roll)" if event.rerolled else ""
    outcome = "and collides" if event.failed else "and is safe"
    return f"{_name(before, event.model)} tests for {why}: {faces}{again}, {outcome}."


@_said.register
def _(event: ModelMoved, before: DWState, after: DWState) -> str:
    del after
    name = _name(before, event.model)
    if event.marker is not None and event.marker is not MarkerAction.STOP:
        return f"{name}{_MARKER_TEXT[event.marker]}."
    start, end = event.hexes[0], event.hexes[-1]
    if start == end and not event.steps:
        text = f"{name} stays at {end.label} facing {event.facing.name}"
    else:
        text = f"{name} moves from {start.label} to {end.label} facing {event.facing.name}"
    if event.level is not before.models[event.model].level:
        text += f", {event.level.value}"
    if event.marker is MarkerAction.STOP:
        text += _MARKER_TEXT[MarkerAction.STOP]
    contact = event.contact
    if contact is not None:
        if contact.kind is ContactKind.TERRAIN:
            text += f"; it runs into the terrain at {label(contact.hex)} ({contact.dice} dice)"
        elif contact.other is not None:
            text += f"; it {'rams' if contact.kind is ContactKind.RAM else 'collides with'} "
            text += _name(before, contact.other)
    return text + "."


@_said.register
def _(event: ModelDisplaced, before: DWState, after: DWState) -> str:
    del after
    return f"{_name(before, event.model)} is moved aside to {event.hex.label}."


@_said.register
def _(event: ModelLost, before: DWState, after: DWState) -> str:
    del after
    return f"{_name(before, event.model)} is lost: {event.cause.value}."


@_said.register
def _(event: MovementEnded, before: DWState, after: DWState) -> str:
    del after
    name = before.squadron_name(event.squadron)
    many = sum(not before.models[n].escort for n in before.squadrons[event.squadron].models) > 1
    return f"{name} {'have' if many else 'has'} finished moving."


@_said.register
def _(event: ActivationEnded, before: DWState, after: DWState) -> str:
    del after
    name = before.squadron_name(event.squadron)
    if event.following is None:
        return f"Activation over for {name}; every squadron has activated."
    return f"Activation over for {name}; {before.players[event.following]} activates next."


@_said.register
def _(event: EndPhaseBegan, before: DWState, after: DWState) -> str:
    del before, after
    return f"The End Phase of turn {event.turn}."


@_said.register
def _(event: GameLengthRolled, before: DWState, after: DWState) -> str:
    del after
    outcome = "one more turn is played" if event.more else "the game ends"
    return f"{before.players[event.player]} rolls {event.face} for the game length: {outcome}."


@_said.register
def _(event: GameEnded, before: DWState, after: DWState) -> str:
    del after
    result = event.result
    reason = told_reason(result.reason)
    vp = ", ".join(f"{before.players[p]} {v} VP" for p, v in enumerate(result.vp))
    if result.winner is None or result.level is VictoryLevel.DRAW:
        return f"The game ends ({reason}): {vp}; a draw."
    return (
        f"The game ends ({reason}): {vp}; {before.players[result.winner]} wins a "
        f"{result.level.value}."
    )


_SOURCE_TEXT = {
    AttackSource.RAM: "rams",
    AttackSource.RAMMED: "rolls back at",
    AttackSource.COLLISION: "collides with",
    AttackSource.MAGAZINE: "'s magazine blast hits",
    AttackSource.ACK_ACK: "answers with Ack-Ack at",
    AttackSource.CHARGES: "answers with charges at",
}


def _need(event: AttackRolled) -> str:
    if event.natural_only:
        return "natural 6s"
    mod = f" {event.mod:+d}" if event.mod else ""
    return f"{event.threshold}+{mod}"


@_said.register
def _(event: ContactResolved, before: DWState, after: DWState) -> str:
    del after
    name = _name(before, event.mover)
    if not event.fire:
        return f"{name}'s {event.kind.value} is not rolled: a model involved has left the table."
    limits = "; ".join(
        f"{before.models[n].ident} may fire {fire.value} its dice"
        if fire.value != "none"
        else f"{before.models[n].ident} may not fire"
        for n, fire in event.fire
    )
    return f"{name}'s {event.kind.value} is resolved: {limits} this activation."


@_said.register
def _(event: AttackDeclared, before: DWState, after: DWState) -> str:
    del after
    attack = event.attack
    shots = " and ".join(
        f"{before.models[m].ident}'s {before.card(m).weapons[w].name.lower()}"
        for m, w in zip(attack.models, attack.weapons, strict=True)
    )
    how = " linked" if len(attack.models) > 1 else ""
    if attack.shares:
        aimed = ", ".join(
            f"{n} dice at {before.models[t].ident}"
            for t, n in zip(attack.targets, attack.shares, strict=True)
        )
        return f"{shots} will split: {aimed}."
    return f"{shots} will fire{how} at {_name(before, attack.targets[0])}."


@_said.register
def _(event: IndirectAttackDeclared, before: DWState, after: DWState) -> str:
    del after
    attack = event.attack
    firer, weapon = attack.models[0], attack.weapons[0]
    shot = f"{before.models[firer].ident}'s {before.card(firer).weapons[weapon].name.lower()}"
    target = _name(before, attack.targets[0])
    if not event.spotter:  # DW-24 Forward Observer: RB2 with no spotter
        return f"{shot} will fire indirectly at {target}, its Forward Observer spotting."
    return f"{shot} will fire indirectly at {target}, {event.spotter} spotting (DW-18.7)."


@_said.register
def _(event: AuxiliaryFireDeclared, before: DWState, after: DWState) -> str:
    del after
    who = before.models[event.model].ident
    return f"{who} will fire its {event.system.upper()} at {_name(before, event.target)} (DW-18.2)."


@_said.register
def _(event: MineDropped, before: DWState, after: DWState) -> str:
    del after
    mine = event.mine
    who = before.models[mine.layer].ident
    return f"{who} drops a mine ({mine.ad} AD) in {mine.hex.label} (DW-18.6)."


@_said.register
def _(event: MineExploded, before: DWState, after: DWState) -> str:
    del after
    faces = ", ".join(map(str, event.faces)) or "no dice"
    hit = ", ".join(_name(before, n) for n in event.victims) or "nobody"
    text = (
        f"The mine in {event.hex.label} goes off: {event.ad} dice needing 4+ ({faces}): "
        f"{_plural(event.hits, 'hit', 'hits')} on {hit}."
    )
    for where, face in event.chain:
        outcome = "goes off too" if face >= CHAIN_THRESHOLD else "holds"
        text += f" The mine in {where.label} rolls {face}: it {outcome}."
    return text


@_said.register
def _(event: AttackRolled, before: DWState, after: DWState) -> str:
    del after
    faces = ", ".join(map(str, event.faces)) or "no dice"
    target = _name(before, event.target)
    roll = f"{event.ad} dice needing {_need(event)} ({faces}): {_plural(event.hits, 'hit', 'hits')}"
    if event.source is AttackSource.TERRAIN:
        return f"The terrain rolls {roll} against {target}."
    who = ", ".join(before.models[n].ident for n in event.attackers)
    if event.source is AttackSource.WEAPON:
        verb = "fires" if len(event.attackers) == 1 else "fire"
        return f"{who} {verb} {event.weapon.lower()} at {target}: {roll}."
    if event.source is AttackSource.MAGAZINE and event.weapon:  # DW-24 Combustible Cargo
        return f"{who}'s {event.weapon.lower()} blast hits {target}: {roll}."
    gap = "" if event.source is AttackSource.MAGAZINE else " "
    return f"{who}{gap}{_SOURCE_TEXT[event.source]} {target}: {roll}."


@_said.register
def _(event: HitsCancelled, before: DWState, after: DWState) -> str:
    del after
    who = ", ".join(before.models[n].ident for n in event.responders)
    system = "Ack-Ack" if event.system == "AA" else "charges"
    return (
        f"{who} answer{'s' if len(event.responders) == 1 else ''} with {system}: "
        f"{_plural(event.cancelled, 'hit', 'hits')} cancelled, {event.remaining} left."
    )


@_said.register
def _(event: DamageDealt, before: DWState, after: DWState) -> str:
    name = _name(before, event.model)
    if not event.hp_lost and not event.criticals:
        return f"{event.hits} hits do {name} no harm."
    hits = f" takes {_plural(event.hits, 'hit', 'hits')}" if event.hits else ""  # 0: a critical
    parts = [f"{name}{hits}: {event.hp_lost} HP lost"]
    for critical in event.criticals:
        entry = CRITICAL_TABLE[Critical(critical)]
        parts.append(f"critical: {entry.name} ({entry.effect[0].lower()}{entry.effect[1:-1]})")
    if event.ap_lost:
        parts.append(f"{_plural(event.ap_lost, 'marine', 'marines')} lost")
    left = after.card(event.model).hp - after.models[event.model].hull_damage
    parts.append(f"{max(left, 0)} HP left")
    return "; ".join(parts) + "."


@_said.register
def _(event: RepairRolled, before: DWState, after: DWState) -> str:
    del after
    name = _name(before, event.model)
    what = _MARKER_NAMES[event.marker]
    if event.marker == Marker.CORROSION.value:
        outcome = "it eats away 1 HP" if event.hp_lost else "no harm done"
        gone = "; the marker comes off" if event.repaired else ""
        return f"{name} rolls {event.face} against corrosion: {outcome}{gone}."
    rolls = f"{event.rerolled_from}, then {event.face} (the Commodore's re-roll)"
    rolls = rolls if event.rerolled_from else str(event.face)
    if event.repaired:
        return f"{name} rolls {rolls} and repairs its {what}."
    text = f"{name} rolls {rolls}: the {what} stays"
    if event.ap_lost:
        text += f", {_plural(event.ap_lost, 'marine', 'marines')} lost"
    if event.new_fire:
        text += ", and the fire spreads"
    return text + "."


# ---- boarding, generators and the STAR deck (DW-19, DW-23, DW-8) --------------------------------

_OUTCOME_TEXT = {
    "failure": "the boarding fails",
    "captured": "captured: it is a derelict now",
    "derelict": "its crew is overwhelmed: it is a derelict now",
    "destroyed": "the robot is destroyed",
}


def _board_rolls(event: Event) -> Sequence[Roll]:
    """The dice of the boarding, shield and deck events."""
    match event:
        case BoardingRolled() as rolled:
            found = [
                Roll("defensive fire", pool.faces, outcome=_plural(pool.hits, "hit", "hits"))
                for pool in rolled.defence
            ]
            found += [
                Roll("boarders", faces, outcome=_plural(hits, "hit", "hits"))
                for faces, hits in zip(rolled.melee, rolled.melee_hits, strict=True)
            ]
            found += [
                Roll("defenders", faces, outcome=_plural(hits, "hit", "hits"))
                for faces, hits in zip(rolled.defence_melee, rolled.defence_hits, strict=True)
                if faces
            ]
            return tuple(found)
        case ShieldRolled(faces=faces, cancelled=cancelled):
            return (Roll("shield", faces, outcome=f"{cancelled} cancelled"),)
        case DeckShuffled(faces=faces) if faces:
            return (Roll("shuffle", faces, outcome="the deck is shuffled"),)
        case GeneratorRolled(generator=kind, faces=faces, field_faces=field, cancelled=off):
            found = [Roll(kind, faces)]
            if field:
                found.append(Roll("field", field, outcome="cancelled" if off else "no effect"))
            return tuple(found)
    return ()


def _card_name(state: DWState, ident: str) -> str:
    return next((c.name for c in state.setup.deck if c.id == ident), ident)


@_said.register
def _(event: BoardingDeclared, before: DWState, after: DWState) -> str:
    del after
    boarding = event.boarding
    who = ", ".join(before.models[n].ident for n in boarding.boarders)
    return f"{who} will board {_name(before, boarding.target)}."


@_said.register
def _(event: BoardingRolled, before: DWState, after: DWState) -> str:
    del after
    target = _name(before, event.target)
    parts = [f"{target} is boarded by {sum(event.committed)} marines"]
    if event.defence:
        lost = sum(c - a for c, a in zip(event.committed, event.after_fire, strict=True))
        parts.append(f"defensive fire kills {lost}")
    if event.melee:
        parts.append(
            f"the boarders score {sum(event.melee_hits) - event.ignored}, "
            f"the defenders {sum(event.defence_hits)}"
        )
    else:
        parts.append("no melee is fought")
    before_ap, after_ap = event.target_ap
    parts.append(f"{target} has {after_ap} of {before_ap} AP left")
    text = "; ".join(parts) + f": {_OUTCOME_TEXT.get(event.outcome, event.outcome)}."
    if event.sabotage:
        text += " Sabotage: it rolls a critical."
    return text


@_said.register
def _(event: BoardingSettled, before: DWState, after: DWState) -> str:
    target = _name(before, event.target)
    if event.aboard:
        held = ", ".join(f"{p.ap} from {before.models[p.home].ident}" for p in event.aboard)
        prize = " (a prize)" if after.models[event.target].markers.prize else ""
        return f"Marines stay aboard {target}{prize}: {held}."
    down = ", ".join(
        f"{before.models[n].ident} -{lost} AP"
        for n, lost in zip(event.boarders, event.boarder_ap, strict=True)
        if lost
    )
    return f"After the boarding of {target}: {down or 'no marines lost'}."


@_said.register
def _(event: DerelictDrifted, before: DWState, after: DWState) -> str:
    del after
    name = _name(before, event.model)
    if len(event.hexes) == 1:
        return f"The derelict {name} stays in {label(event.hexes[0])}."
    if before.setup.terrain.cell(event.hexes[-1]) is None:
        return f"The derelict {name} drifts off the table."
    return f"The derelict {name} drifts to {label(event.hexes[-1])}."


@_said.register
def _(event: ShieldRolled, before: DWState, after: DWState) -> str:
    del after
    whose = "shield" if event.shields else "Guardian cover"  # 0: a Guardian's one die
    return (
        f"{_name(before, event.model)}'s {whose} cancels "
        f"{_plural(event.cancelled, 'hit', 'hits')}: {event.remaining} left."
    )


@_said.register
def _(event: DeckShuffled, before: DWState, after: DWState) -> str:
    del before, after
    return f"The STAR deck is shuffled: {len(event.order)} cards."


@_said.register
def _(event: CardsDrawn, before: DWState, after: DWState) -> str:
    del after
    return f"{before.players[event.player]} draws {_plural(len(event.cards), 'card', 'cards')}."


@_said.register
def _(event: CardsDiscarded, before: DWState, after: DWState) -> str:
    del after
    names = ", ".join(_card_name(before, c) for c in event.cards)
    return f"{before.players[event.player]} discards {names}."


@_said.register
def _(event: CardPlayed, before: DWState, after: DWState) -> str:
    del after
    on = before.squadron_name(event.squadron) if event.model < 0 else _name(before, event.model)
    return f"{before.players[event.player]} plays {_card_name(before, event.card)} on {on}."


_GENERATOR_NAMES = {
    "upg": "ultrasonic pulveriser",
    "tesla": "tesla generator",
    "disruption": "disruption generator",
    "sonic": "sonic generator",
    "kinetic": "kinetic generator",
    "fury": "fury generator",
    "pulse": "pulse generator",
    "camouflage": "camouflage generator",
}


@_said.register
def _(event: GeneratorUsed, before: DWState, after: DWState) -> str:
    del after
    what = _GENERATOR_NAMES.get(event.generator, f"{event.generator} generator")
    return f"{_name(before, event.model)} uses its {what}."


@_said.register
def _(event: GeneratorRolled, before: DWState, after: DWState) -> str:
    del after
    target = _name(before, event.target)
    roll = ", ".join(map(str, event.faces))
    if event.cancelled:
        return f"{target}'s field cancels the {event.generator} ({roll})."
    effects = []
    if event.marker:
        effects.append(_MARKER_NAMES[event.marker])
    if event.offline:
        effects.append("its generators go offline")
    if event.ap_lost:
        effects.append(_plural(event.ap_lost, "marine", "marines") + " lost")
    if event.generator == "tesla" and event.faces[0] >= 5:  # noqa: PLR2004 - Tesla's 5-6
        effects.append("a critical follows")
    return f"The {event.generator} rolls {roll} at {target}: {', '.join(effects) or 'no effect'}."


# ---- tiny-flyer wings (DW-20): the sentences live in `engine.dystopian.wing_narrate` ----
for _event_type, _sentence in WING_SAID.items():
    _said.register(_event_type, _sentence)
# ---- the stored-dice, area and template generators (DW-23): `engine.dystopian.generator_narrate`
for _event_type, _sentence in GEN_SAID.items():
    _said.register(_event_type, _sentence)

# ---- the STAR deck's answers (DW-8.2): the sentences live in `engine.dystopian.star_narrate` ----
for _event_type, _sentence in STAR_SAID.items():
    _said.register(_event_type, _sentence)
_said.register(CommodoreRerolled, tell_commodore_rerolled)  # DW-10.1 #3
_said.register(LevelForced, tell_level_forced)  # DW-16.2 results 4 and 9
_said.register(LevelMarRolled, tell_level_mar_rolled)  # DW-24 Panic Dive, Swift Ascent
_said.register(Sniped, tell_sniped)  # DW-24 Sharpshooters
_said.register(MineSwept, tell_mine_swept)  # DW-18.6 CC at a mine
_said.register(MineMoved, tell_mine_moved)  # DW-24 Magnetic Mines
_said.register(MinefieldLaid, tell_minefield_laid)  # DW-24 Minefields
