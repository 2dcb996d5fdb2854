"""The STAR deck in the turn machine (DW-8, an option; the placeholder mini-deck of DW-28.12).

Rules: DW-8.3 (the deck shuffled at the start, one card drawn per squadron deployed, escorts and
wings giving none; the hand limit is the squadrons still on the table, at most 5, checked in the
End Phase, step 6 of DW-7.3: each player holding cards may first discard any number at will,
one a command, then discards down to the limit and draws up to it; +1 with a Radio Network
model on the table; an empty deck is the discard pile reshuffled; an illegally played card
stays in the hand), DW-8.2 (an S card when
the squadron activates, on the whole squadron, one a squadron a turn; an A card on one model,
not on a squadron that got an S card this activation, one a squadron a turn; cards reach only
models in command, DW-9.3), DW-8.1 (a card
without the creature/robot or fortification icon cannot be played on such a model), and the
effects of the placeholder deck's S and A cards (DW-28.12): Full Steam (+1 hex of movement for
the squadron this activation, `state.card_mp_bonus`), Steady Gunners (+1 AD on every gunnery
weapon of the squadron this activation), Broadside Volley (+3 AD on the model's first gunnery
attack this activation).

The T cards (played at the start of the turn, DW-7.1 phase 1), the R cards (in answer to an
attack declared on the player's model), the Sturginium counter cards (against a card just played)
and the End Phase's discards at will are answers in a window one seat is asked:
`engine.dystopian.answers` (who is asked, what each window accepts, the T and R effects) and
`engine.dystopian.star_segment` (the commands).

The deck is the setup's (`DWSetup.deck`, read from ``assets/dystopian/catalogue/cards.dw.toml``
by the edge code); a game without one has no `DWState.star`. A shuffle is one die per card
(Fisher-Yates, n sides for the n-th card from the end), kept in `DeckShuffled`.

Adopted readings [INTERP]: after the discards at will, the End Phase's discards down to the limit
are automatic, the cards drawn last going first.
"""

from __future__ import annotations

from engine.dystopian.commands import PlayCard
from engine.dystopian.context import Ctx, DWCode, own_model, require_stage
from engine.dystopian.events import CardPlayed, CardsDiscarded, CardsDrawn, DeckShuffled
from engine.dystopian.fleet import hand_limit
from engine.dystopian.models import Card, CardIcon, CardType, ModelType, WeaponKind
from engine.dystopian.star_events import AnswerAsked
from engine.dystopian.star_state import AnswerKind, Window
from engine.dystopian.state import PLAYERS, DeclaredAttack, DWState, Stage, in_command
from engine.game import IllegalCommand

__all__ = [
    "PLAY",
    "card_ad_bonus",
    "card_options",
    "deal_hands",
    "draw",
    "end_phase_cards",
    "icon_problem",
    "key",
    "play_card",
    "play_problem",
    "shuffle",
]

PLAY = "cards/cannot_play"
"""The rejection code of a card the rules refuse (DW-8)."""
STEADY_GUNNERS = 1
"""DW-28.12 Steady Gunners: +1 AD on every gunnery weapon."""
BROADSIDE_VOLLEY = 3
"""DW-28.12 Broadside Volley: +3 AD on one gunnery attack."""
_GUNNERY = frozenset({WeaponKind.PRIMARY, WeaponKind.SECONDARY})


def _cards(state: DWState) -> dict[str, Card]:
    return {card.id: card for card in state.setup.deck}


# ---- the deck (DW-8.3) ------------------------------------------------------------------------


def shuffle(ctx: Ctx, cards: tuple[str, ...]) -> None:
    """DW-8.3: shuffle ``cards`` into a new deck, one die per card (`DeckShuffled`)."""
    order = list(cards)
    faces = []
    for last in range(len(order) - 1, 0, -1):
        face = ctx.dice.die(last + 1)
        faces.append(face)
        order[last], order[face - 1] = order[face - 1], order[last]
    ctx.emit(DeckShuffled(tuple(faces), tuple(order)))


def draw(ctx: Ctx, player: int, count: int) -> None:
    """DW-8.3: ``player`` draws ``count`` cards; an empty deck is the discards reshuffled."""
    drawn: list[str] = []
    while len(drawn) < count:
        star = ctx.state.star
        assert star is not None  # noqa: S101 - a game with the deck
        left = star.deck[: count - len(drawn)]
        if left:
            ctx.emit(CardsDrawn(player, left))
            drawn += left
            continue
        if not star.discard:
            return  # every card is in a hand
        shuffle(ctx, star.discard)


def _squadrons(state: DWState, player: int) -> int:
    """DW-8.3: ``player``'s squadrons with a model on the table."""
    return sum(1 for n, s in enumerate(state.squadrons) if s.owner == player and state.alive(n))


def deal_hands(ctx: Ctx) -> None:
    """DW-8.3: at the start, the deck shuffled and one card for each squadron deployed."""
    state = ctx.state
    if not state.setup.deck or state.star is not None:
        return
    shuffle(ctx, tuple(card.id for card in state.setup.deck))
    for player in range(PLAYERS):
        draw(ctx, player, _squadrons(state, player))


def end_phase_cards(ctx: Ctx) -> None:
    """DW-7.3 step 6 / DW-8.3: discards at will, then down to the hand limit, then draws.

    Each player holding cards is asked in turn (a `Window` of kind DISCARD) until he passes; the
    End Phase waits (`engine.dystopian.turns.resume_end_phase` goes on after the last answer).
    """
    star = ctx.state.star
    if star is None:
        return
    for player in range(PLAYERS):
        if star.hands[player] and (ctx.state.turn, player) not in star.discarded:
            ctx.emit(AnswerAsked(Window(AnswerKind.DISCARD, player)))
            return
    for player in range(PLAYERS):
        state = ctx.state
        radio = any(
            m.owner == player and m.on_board and state.card(n).has("radio_network")
            for n, m in enumerate(state.models)
        )
        limit = hand_limit(_squadrons(state, player), radio_network=radio)
        assert state.star is not None  # noqa: S101 - checked above
        hand = state.star.hands[player]
        if len(hand) > limit:
            ctx.emit(CardsDiscarded(player, hand[limit:]))
        draw(ctx, player, limit - min(len(hand), limit))


# ---- playing a card (DW-8.2) --------------------------------------------------------------------


def key(word: str) -> str:
    """A card as a player names it, as its id: ``Full-Steam`` -> ``full_steam``."""
    return word.casefold().replace("-", "_")


def icon_problem(state: DWState, card: Card, index: int) -> str:
    """DW-8.1: creatures, robots and fortifications take only cards with their icon."""
    kind = state.card(index).type
    if kind in {ModelType.CREATURE, ModelType.ROBOT} and card.icon is not CardIcon.CREATURE:
        return f"{card.name} has no creature icon."
    if kind is ModelType.FORTIFICATION and card.icon is not CardIcon.FORTIFICATION:
        return f"{card.name} has no fortification icon."
    return ""


_WHEN = {
    CardType.TURN: "at the start of a turn (DW-7.1 phase 1)",
    CardType.REACTION: "in answer to an attack on your model (DW-8.2)",
    CardType.COUNTER: "in answer to a card with Sturginium symbols (DW-8.2)",
}


def play_problem(state: DWState, command: PlayCard) -> tuple[Card, int] | str:  # noqa: C901, PLR0911 - one guard per rule
    """DW-8.2 / DW-8.1: the card and model (-1: the squadron) ``command`` plays, or why not.

    Raises:
        IllegalCommand: the model is unknown or not the acting player's.
    """
    activation, star = state.activation, state.star
    if star is None:
        return "This game is played without the STAR cards."
    assert activation is not None  # noqa: S101 - during an activation
    player = state.squadrons[activation.squadron].owner
    card = _cards(state).get(key(command.card))
    if card is None or card.id not in star.hands[player]:
        return f"There is no {command.card} in your hand."
    if card.type not in {CardType.SQUADRON, CardType.ACTION}:
        when = _WHEN.get(card.type, "")
        return f"{card.name} is a {card.type.value} card: it is played {when}."
    played = [c for turn, n, c in star.played if turn == state.turn and n == activation.squadron]
    kinds = {_cards(state)[c].type for c in played if c in _cards(state)}
    if card.type in kinds:  # DW-8.2: one S and one A card a squadron a turn
        return f"This squadron has had its {card.type.value} card this turn."
    if card.type is CardType.SQUADRON:
        if command.model:
            return f"{card.name} is played on the whole squadron: name no model."
        if activation.moved:  # DW-8.2: when the squadron activates
            return "An S card is played when the squadron activates, before it moves."
        members = state.alive(activation.squadron)
        problem = next((p for n in members if (p := icon_problem(state, card, n))), "")
        return problem or (card, -1)
    if not command.model:
        return f"{card.name} is played on one model: name it."
    index = own_model(state, command.model)
    if state.models[index].squadron != activation.squadron or not state.models[index].on_board:
        return f"{state.models[index].ident} is not in the active squadron."
    if any(_cards(state)[p.card].type is CardType.SQUADRON for p in activation.cards):
        return "No A card on a squadron that got an S card this activation."
    if not in_command(state, index):  # DW-9.3
        return f"{state.models[index].ident} is out of command: no card may be played on it."
    return icon_problem(state, card, index) or (card, index)


def play_card(ctx: Ctx, command: PlayCard) -> None:
    """DW-8.2: play an S or A card from the hand (`CardPlayed`); its effect lasts the activation."""
    require_stage(ctx.state, Stage.ACTIVATION)
    activation = ctx.state.activation
    if activation is None:
        raise IllegalCommand(DWCode.NO_ACTIVATION, "No squadron is active: activate one.")
    found = play_problem(ctx.state, command)
    if isinstance(found, str):
        raise IllegalCommand(PLAY, found)
    card, model = found
    player = ctx.state.squadrons[activation.squadron].owner
    ctx.emit(CardPlayed(player, card.id, activation.squadron, model))


def card_options(state: DWState) -> list[PlayCard]:
    """The cards the active player may play now, for `rules.legal_commands`."""
    activation, star = state.activation, state.star
    if activation is None or star is None:
        return []
    player = state.squadrons[activation.squadron].owner
    found: list[PlayCard] = []
    for ident in dict.fromkeys(star.hands[player]):
        options = [PlayCard(ident)] + [
            PlayCard(ident, state.models[n].ident) for n in state.alive(activation.squadron)
        ]
        found += [o for o in options if not isinstance(play_problem(state, o), str)]
    return found


# ---- the effects (DW-28.12) ---------------------------------------------------------------------


def card_ad_bonus(state: DWState, attack: DeclaredAttack, index: int, weapon: int) -> int:
    """DW-28.12: Steady Gunners +1 AD on gunnery; Broadside Volley +3 on the first gunnery attack.

    Model ``index``'s ``weapon`` firing in ``attack`` of the active squadron.
    """
    activation = state.activation
    if activation is None or state.card(index).weapons[weapon].kind not in _GUNNERY:
        return 0
    if not in_command(state, index):  # DW-8.2 / DW-9.3: cards reach the models in command
        return 0
    bonus = 0
    for played in activation.cards:
        if played.card == "steady_gunners" and played.model in {-1, index}:
            bonus += STEADY_GUNNERS
        if played.card == "broadside_volley" and played.model == index:
            first = next(
                (
                    a
                    for a in activation.declared
                    if any(
                        m == index and state.card(m).weapons[w].kind in _GUNNERY
                        for m, w in zip(a.models, a.weapons, strict=True)
                    )
                ),
                None,
            )
            bonus += BROADSIDE_VOLLEY if first == attack else 0
    return bonus
