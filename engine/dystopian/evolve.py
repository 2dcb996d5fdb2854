"""Apply one Dystopian Wars event to the state: no dice, no validation (STYLE 4).

Each event carries what it leaves (the hexes walked, a check's outcome), so applying it is
copying it in; the bookkeeping it implies (the squadron being deployed, contacts that part,
losses counted for the break checks) is here.
"""

from __future__ import annotations

from functools import singledispatch
from typing import Any

from attrs import evolve as _replace

from engine.dystopian.aux_commands import AuxiliaryFireDeclared
from engine.dystopian.combat import ContactFire
from engine.dystopian.commodore import CommodoreRerolled, apply_commodore_rerolled
from engine.dystopian.critical_levels import LevelForced, apply_level_forced
from engine.dystopian.events import (
    ActivationEnded,
    AttackDeclared,
    AttackRolled,
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
from engine.dystopian.generator_evolve import GEN_APPLY
from engine.dystopian.geometry import Level, in_base_contact
from engine.dystopian.indirect_commands import IndirectAttackDeclared
from engine.dystopian.level_mars import LevelMarRolled, apply_level_mar_rolled
from engine.dystopian.mine_commands import (
    MineDropped,
    MineExploded,
    MinefieldLaid,
    MineMoved,
    apply_mine_moved,
    apply_minefield_laid,
)
from engine.dystopian.movement import MarkerAction
from engine.dystopian.snipe_commands import Sniped, apply_sniped
from engine.dystopian.star_evolve import STAR_APPLY
from engine.dystopian.state import (
    Activation,
    DWState,
    Markers,
    Party,
    PlayedCard,
    RecordedContact,
    Stage,
    StarDeck,
)
from engine.dystopian.sweep_events import MineSwept, apply_mine_swept
from engine.dystopian.wing_evolve import WING_APPLY
from engine.game import Event

__all__ = ["evolve"]


def evolve(state: DWState, event: Event) -> DWState:
    """Return the state after ``event``.

    Raises:
        TypeError: an event that is not a Dystopian Wars event.
    """
    if not isinstance(event, DWEvent):
        msg = f"Dystopian Wars cannot apply {event!r}"
        raise TypeError(msg)
    return _apply(event, state)


@singledispatch
def _apply(event: DWEvent, state: DWState) -> DWState:
    del state
    msg = f"Dystopian Wars has no rule to apply {event!r}"
    raise TypeError(msg)


@_apply.register
def _rolled_off(event: RolledOff, state: DWState) -> DWState:
    return _replace(
        state, stage=Stage.EDGE, chooser=event.chooser, active=event.chooser, orders=event.orders
    )


@_apply.register
def _edge(event: EdgeChosen, state: DWState) -> DWState:
    edges = [event.edge.opposite, event.edge.opposite]
    edges[event.player] = event.edge
    return _replace(state, stage=Stage.DEPLOYMENT, active=event.player, edges=tuple(edges))


@_apply.register
def _deployed(event: ModelDeployed, state: DWState) -> DWState:
    model = _replace(
        state.models[event.model], hex=event.hex, facing=event.facing, level=event.level
    )
    state = state.with_model(event.model, model)
    squadron = state.squadrons[model.squadron]
    waiting = any(state.models[n].hex is None for n in squadron.models)
    return _replace(state, deploying=model.squadron if waiting else None)


@_apply.register
def _deployer(event: DeployerChanged, state: DWState) -> DWState:
    return _replace(state, active=event.player, deploying=None)


@_apply.register
def _turn(event: TurnBegan, state: DWState) -> DWState:
    return _replace(
        state,
        stage=Stage.ACTIVATION,
        turn=event.turn,
        activated=(),
        activation=None,
        initiative=None,
        deploying=None,
        rerolls_used=(False,) * len(state.rerolls_used),
    )


@_apply.register
def _initiative(event: InitiativeRolled, state: DWState) -> DWState:
    return _replace(state, initiative=event.first, active=event.first)


@_apply.register
def _activated(event: SquadronActivated, state: DWState) -> DWState:
    activation = Activation(event.squadron, event.element, broken_at_start=event.broken)
    stunned = tuple(
        n for n in state.squadrons[event.squadron].models if state.models[n].markers.sonic
    )
    activation = _replace(activation, sonic_at_start=stunned)  # DW-23 Sonic: its last activation
    return _replace(state, activation=activation, active=state.squadrons[event.squadron].owner)


@_apply.register
def _checked(event: MoraleChecked, state: DWState) -> DWState:
    if event.passed and event.kind is not CheckKind.BRAVERY:
        return state
    broken = not event.passed  # DW-10.4: a failure breaks; a passed bravery check mends
    for index in event.models:
        state = state.with_markers(index, broken=broken)
    return state


@_apply.register
def _tested(event: TerrainTested, state: DWState) -> DWState:
    if not event.rerolled:
        return state
    used = list(state.rerolls_used)
    used[state.models[event.model].owner] = True
    return _replace(state, rerolls_used=tuple(used))


def _marked(markers: Markers, action: MarkerAction | None) -> Markers:
    """DW-11.6: the markers after a stop, restart or reverse."""
    if action is MarkerAction.STOP:
        return _replace(markers, all_stop=True)
    if action is MarkerAction.RESTART:
        return _replace(markers, all_stop=False)
    if action is MarkerAction.START_REVERSING:
        return _replace(markers, all_stop=False, reversing=True)
    if action is MarkerAction.STOP_REVERSING:
        return _replace(markers, all_stop=True, reversing=False)
    return markers


def _parted(state: DWState) -> tuple[RecordedContact, ...]:
    """DW-28.5: contacts between pieces no longer adjacent are deleted (terrain ones too).

    DW-12.2: a contact still to be rolled stays until the squadron has moved and it is resolved.
    """
    kept = []
    for contact in state.contacts:
        mover = state.models[contact.mover]
        if not mover.on_board or mover.hex is None:
            continue
        if not contact.resolved:
            kept.append(contact)
            continue
        if contact.other is None:
            if mover.hex == contact.hex or in_base_contact(mover.hex, contact.hex):
                kept.append(contact)
            continue
        other = state.models[contact.other]
        if other.on_board and other.hex is not None and in_base_contact(mover.hex, other.hex):
            kept.append(contact)
    return tuple(kept)


@_apply.register
def _moved(event: ModelMoved, state: DWState) -> DWState:
    model = state.models[event.model]
    moved = _replace(
        model,
        hex=event.hexes[-1],
        facing=event.facing,
        level=event.level,
        markers=_marked(model.markers, event.marker),
    )
    if event.level is Level.SUBMERGED and state.card(event.model).is_creature_or_robot:
        moved = _replace(moved, markers=_replace(moved.markers, fires=0))  # DW-16.3
    state = state.with_model(event.model, moved)
    contacts = state.contacts if event.contact is None else (*state.contacts, event.contact)
    state = _replace(state, contacts=contacts)
    activation = state.activation
    if activation is not None:
        activation = _replace(activation, moved=(*activation.moved, event.model))
    return _replace(state, contacts=_parted(state), activation=activation)


@_apply.register
def _displaced(event: ModelDisplaced, state: DWState) -> DWState:
    state = state.with_model(event.model, _replace(state.models[event.model], hex=event.hex))
    return _replace(state, contacts=_parted(state))


@_apply.register
def _lost(event: ModelLost, state: DWState) -> DWState:
    model = state.models[event.model]
    state = state.with_model(event.model, _replace(model, lost=True))
    if model.commodore:
        lost = list(state.commodore_lost)
        lost[model.owner] = True
        state = _replace(state, commodore_lost=tuple(lost))
    activation = state.activation
    if activation is not None:
        activation = _replace(activation, losses=(*activation.losses, event.model))
    return _replace(state, contacts=_parted(state), activation=activation)


@_apply.register
def _movement_ended(event: MovementEnded, state: DWState) -> DWState:
    del event
    if state.activation is None:
        return state
    return _replace(state, activation=_replace(state.activation, movement_done=True))


@_apply.register
def _ended(event: ActivationEnded, state: DWState) -> DWState:
    active = state.active if event.following is None else event.following
    return _replace(
        state, activated=(*state.activated, event.squadron), activation=None, active=active
    )


@_apply.register
def _end_phase(event: EndPhaseBegan, state: DWState) -> DWState:
    del event
    return _replace(state, activation=None)


@_apply.register
def _length(event: GameLengthRolled, state: DWState) -> DWState:
    del event
    return state


@_apply.register
def _game_ended(event: GameEnded, state: DWState) -> DWState:
    return _replace(state, stage=Stage.OVER, result=event.result, activation=None)


_STRICTNESS = (ContactFire.ALL, ContactFire.HALF, ContactFire.NONE)


@_apply.register
def _contact_resolved(event: ContactResolved, state: DWState) -> DWState:
    contacts = tuple(
        _replace(c, resolved=True)
        if (c.mover, c.kind, c.hex, c.other) == (event.mover, event.kind, event.hex, event.other)
        else c
        for c in state.contacts
    )
    activation = state.activation
    if activation is not None:
        limits = dict(activation.contact_fire)
        for index, fire in event.fire:
            old = limits.get(index, ContactFire.ALL)
            limits[index] = max(old, fire, key=_STRICTNESS.index)  # DW-12.5: the strictest
        activation = _replace(activation, contact_fire=tuple(sorted(limits.items())))
    state = _replace(state, contacts=contacts, activation=activation)
    return _replace(state, contacts=_parted(state))


@_apply.register
def _declared(event: AttackDeclared, state: DWState) -> DWState:
    activation = state.activation
    if activation is None:
        return state
    activation = _replace(activation, declared=(*activation.declared, event.attack))
    return _replace(state, activation=activation)


@_apply.register
def _indirect(event: IndirectAttackDeclared, state: DWState) -> DWState:
    """DW-18.7: an indirect attack joins the declared ones, its spotter kept beside it."""
    activation = state.activation
    if activation is None:
        return state
    spotted = (*activation.spotted, (len(activation.declared), event.spotter))
    declared = (*activation.declared, event.attack)
    return _replace(state, activation=_replace(activation, declared=declared, spotted=spotted))


@_apply.register
def _auxiliary(event: AuxiliaryFireDeclared, state: DWState) -> DWState:
    """DW-18.2: an offensive AA or CC attack joins the activation's, rolled after the weapons."""
    activation = state.activation
    if activation is None:
        return state
    auxiliary = (*activation.auxiliary, (event.model, event.system, event.target))
    return _replace(state, activation=_replace(activation, auxiliary=auxiliary))


@_apply.register
def _mine_dropped(event: MineDropped, state: DWState) -> DWState:
    """DW-18.6: a mine lies on the table."""
    return _replace(state, mines=(*state.mines, event.mine))


@_apply.register
def _mine_exploded(event: MineExploded, state: DWState) -> DWState:
    """DW-18.6: a mine that went off is removed (its damage follows as `DamageDealt`)."""
    return _replace(state, mines=tuple(m for m in state.mines if m.hex != event.hex))


@_apply.register
def _rolled(event: AttackRolled, state: DWState) -> DWState:
    del event
    return state


@_apply.register
def _cancelled(event: HitsCancelled, state: DWState) -> DWState:
    del event
    return state


def _marked_by(markers: Markers, names: tuple[str, ...]) -> Markers:
    """DW-16.2: the markers a critical sets: counters (fires, corrosion) add one, flags go on."""
    changes: dict[str, Any] = {}
    for name in names:
        value = getattr(markers, name)
        if isinstance(value, bool):
            changes[name] = True
        else:
            changes[name] = int(changes.get(name, value)) + 1
    return _replace(markers, **changes)


@_apply.register
def _damaged(event: DamageDealt, state: DWState) -> DWState:
    model = state.models[event.model]
    markers = _marked_by(model.markers, event.markers)
    markers = _replace(markers, assault_damage=markers.assault_damage + event.ap_lost)
    changed = _replace(model, hull_damage=model.hull_damage + event.hp_lost, markers=markers)
    return state.with_model(event.model, changed)


@_apply.register
def _repair(event: RepairRolled, state: DWState) -> DWState:
    model = state.models[event.model]
    markers = model.markers
    if event.repaired:
        value = getattr(markers, event.marker)
        markers = _replace(
            markers, **{event.marker: False if isinstance(value, bool) else max(0, value - 1)}
        )
    if event.new_fire:
        markers = _replace(markers, fires=markers.fires + 1)
    markers = _replace(markers, assault_damage=markers.assault_damage + event.ap_lost)
    changed = _replace(model, hull_damage=model.hull_damage + event.hp_lost, markers=markers)
    state = state.with_model(event.model, changed)
    if not event.rerolled_from:
        return state
    used = list(state.rerolls_used)
    used[model.owner] = True
    return _replace(state, rerolls_used=tuple(used))


# ---- boarding, generators and the STAR deck (DW-19, DW-23, DW-8) --------------------------------


@_apply.register
def _boarding_declared(event: BoardingDeclared, state: DWState) -> DWState:
    activation = state.activation
    if activation is None:
        return state
    activation = _replace(activation, boardings=(*activation.boardings, event.boarding))
    return _replace(state, activation=activation)


@_apply.register
def _boarding_rolled(event: BoardingRolled, state: DWState) -> DWState:
    del event
    return state


def _thinned(parties: tuple[Party, ...], lost: int) -> tuple[Party, ...]:
    """DW-19.4: the parties aboard a derelict after losing ``lost`` AP, the first ones first."""
    kept = []
    for party in parties:
        taken = min(lost, party.ap)
        lost -= taken
        if party.ap - taken > 0:
            kept.append(_replace(party, ap=party.ap - taken))
    return tuple(kept)


def _holds_prize(state: DWState, index: int, parties: tuple[Party, ...]) -> bool:
    """DW-19.5: a fleet other than the owner has marines aboard (and nobody else)."""
    owners = {state.models[p.home].owner for p in parties if p.ap > 0}
    return len(owners) == 1 and state.models[index].owner not in owners


@_apply.register
def _boarding_settled(event: BoardingSettled, state: DWState) -> DWState:
    for boarder, lost in zip(event.boarders, event.boarder_ap, strict=True):
        markers = state.models[boarder].markers
        state = state.with_markers(boarder, assault_damage=markers.assault_damage + lost)
    model = state.models[event.target]
    markers = model.markers
    if markers.derelict:  # DW-19.6: the party aboard defends, not the crew
        aboard = _thinned(model.aboard, event.target_ap_lost)
    else:
        aboard = model.aboard
        markers = _replace(markers, assault_damage=markers.assault_damage + event.target_ap_lost)
    taken = event.outcome in {"captured", "derelict"} and not markers.derelict
    if event.outcome in {"captured", "derelict"}:  # DW-19.4 step 5, DW-19.6
        aboard = event.aboard
        markers = _replace(markers, derelict=True, all_stop=False, reversing=False)
    markers = _replace(markers, prize=_holds_prize(state, event.target, aboard))
    state = state.with_model(event.target, _replace(model, markers=markers, aboard=aboard))
    return _captured(state, event.target) if taken else state


def _captured(state: DWState, index: int) -> DWState:
    """DW-10.2 / DW-22.5: a captured model is lost to its squadron (break checks, the flagship)."""
    model = state.models[index]
    if model.commodore:
        lost = list(state.commodore_lost)
        lost[model.owner] = True
        state = _replace(state, commodore_lost=tuple(lost))
    activation = state.activation
    if activation is not None:
        activation = _replace(activation, losses=(*activation.losses, index))
    return _replace(state, activation=activation)


@_apply.register
def _drifted(event: DerelictDrifted, state: DWState) -> DWState:
    model = state.models[event.model]
    state = state.with_model(event.model, _replace(model, hex=event.hexes[-1]))
    activation = state.activation
    if activation is not None and model.squadron == activation.squadron:
        activation = _replace(activation, moved=(*activation.moved, event.model))
    return _replace(state, contacts=_parted(state), activation=activation)


@_apply.register
def _shield(event: ShieldRolled, state: DWState) -> DWState:
    del event
    return state


def _star(state: DWState) -> StarDeck:
    return state.star if state.star is not None else StarDeck(())


def _without(cards: tuple[str, ...], gone: tuple[str, ...]) -> tuple[str, ...]:
    """``cards`` less one copy of each of ``gone``."""
    left = list(cards)
    for card in gone:
        left.remove(card)
    return tuple(left)


def _with_hand(star: StarDeck, player: int, hand: tuple[str, ...]) -> StarDeck:
    hands = list(star.hands)
    hands[player] = hand
    return _replace(star, hands=tuple(hands))


@_apply.register
def _shuffled(event: DeckShuffled, state: DWState) -> DWState:
    return _replace(state, star=_replace(_star(state), deck=event.order, discard=()))


@_apply.register
def _drawn(event: CardsDrawn, state: DWState) -> DWState:
    star = _star(state)
    star = _replace(star, deck=star.deck[len(event.cards) :])
    star = _with_hand(star, event.player, (*star.hands[event.player], *event.cards))
    return _replace(state, star=star)


@_apply.register
def _discarded(event: CardsDiscarded, state: DWState) -> DWState:
    star = _star(state)
    star = _with_hand(star, event.player, _without(star.hands[event.player], event.cards))
    return _replace(state, star=_replace(star, discard=(*star.discard, *event.cards)))


@_apply.register
def _played(event: CardPlayed, state: DWState) -> DWState:
    star = _star(state)
    star = _with_hand(star, event.player, _without(star.hands[event.player], (event.card,)))
    star = _replace(
        star,
        discard=(*star.discard, event.card),
        played=(*star.played, (state.turn, event.squadron, event.card)),
    )
    activation = state.activation
    if activation is not None:
        played = PlayedCard(event.card, event.model)
        activation = _replace(activation, cards=(*activation.cards, played))
    return _replace(state, star=star, activation=activation)


@_apply.register
def _generator_used(event: GeneratorUsed, state: DWState) -> DWState:
    activation = state.activation
    if activation is None:
        return state
    used = (*activation.generators_used, (event.model, event.generator))
    return _replace(state, activation=_replace(activation, generators_used=used))


@_apply.register
def _generator_rolled(event: GeneratorRolled, state: DWState) -> DWState:
    if event.cancelled:
        return state
    markers = state.models[event.target].markers
    changes: dict[str, Any] = {"assault_damage": markers.assault_damage + event.ap_lost}
    if event.marker:
        changes[event.marker] = True
    if event.offline:
        changes["generators_offline"] = True
    return state.with_markers(event.target, **changes)


# ---- tiny-flyer wings (DW-20): the mutators live in `engine.dystopian.wing_evolve` ----
for _event_type, _mutator in WING_APPLY.items():
    _apply.register(_event_type, _mutator)
# ---- the stored-dice, area and template generators (DW-23): `engine.dystopian.generator_evolve`
for _event_type, _mutator in GEN_APPLY.items():
    _apply.register(_event_type, _mutator)

# ---- the STAR deck's answers (DW-8.2): the mutators live in `engine.dystopian.star_evolve` ----
for _event_type, _mutator in STAR_APPLY.items():
    _apply.register(_event_type, _mutator)
_apply.register(CommodoreRerolled, apply_commodore_rerolled)  # DW-10.1 #3
_apply.register(LevelForced, apply_level_forced)  # DW-16.2 results 4 and 9
_apply.register(LevelMarRolled, apply_level_mar_rolled)  # DW-24 Panic Dive, Swift Ascent
_apply.register(Sniped, apply_sniped)  # DW-24 Sharpshooters
_apply.register(MineSwept, apply_mine_swept)  # DW-18.6 CC at a mine
_apply.register(MineMoved, apply_mine_moved)  # DW-24 Magnetic Mines
_apply.register(MinefieldLaid, apply_minefield_laid)  # DW-24 Minefields
