"""The STAR deck's answer windows and the effects of the T and R cards (DW-8.2, DW-7.1, DW-28.12).

A window (`engine.dystopian.star_state.Window`) asks one seat to play a card or pass; nothing
else may be commanded until it closes (`engine.dystopian.star_segment.window_problem`). This
module says who is asked and when, which cards each window accepts (`answer_problem`,
`answer_options`) and what the answers do; `engine.dystopian.star_segment` gives the commands and
what follows a closed window.

- **T cards (DW-7.1 phase 1, DW-8.2 T).** When a turn begins, each player holding a T card is
  asked in seat order to choose one face down or none (`ask_turn_card`); then the choices are
  revealed together (`reveal_turn_cards`) and resolve in the previous turn's initiative order, on
  turn 1 in the order of a 2D6 roll each, highest first (ties again). A T card lasts the turn.
- **R cards (DW-8.2 R).** When the active squadron declares an attack on models of the other
  player and he holds an R card that may be played on one of them, he is asked at once, before
  any die of the attack is rolled (`offer_reaction`). One R card an attack ("one per event"); it
  affects the model it names and that attack only.
- **Counter cards (DW-8.2 Sturginium).** When a card with Sturginium symbols is played (S, A or
  R) or revealed (T), the other player is asked if he holds counter cards whose strengths (their
  ``cancels``) add up to at least the card's Sturginium (`offer_counter`). He puts them down one a
  command; once they reach it the card is cancelled: all are discarded and the card's effect is
  void (`CardCountered`). Passing before takes the counters put down back into the hand.
- **Discards at will (DW-8.3, DW-7.3 step 6).** In the End Phase each player holding cards may
  discard any number, one card a command, before drawing (`engine.dystopian.cards`).

The effects of the placeholder deck's T and R cards (DW-28.12): Sea Fog (no attack at RB4 this
turn, `fog_problem`, through `combat_segment.aim_at`: the wings' attacks have no range band),
Damage Control (one extra repair roll for each of the player's models that failed one in this End
Phase, `extra_repair_due`), Reinforced Bulkheads (-2 hits from the attack on the model,
`reaction_hits`), Evasive Manoeuvre (the attack hits the model only on 5-6, `reaction_need`).

Adopted readings [INTERP]: hot-seat T cards are chosen one seat after the other (the second does
not see the first's card: the log says only that a card was chosen); a counter card is not itself
answered by another counter card; only the attacks of `Fire` open an R window
(not rams, boardings or wings); Damage Control's extra roll is for the first marker a model failed
to repair (after the Commodore's re-roll), once a model; a cancelled S or A card still counts as
the squadron's card of that type this turn (it was played legally, DW-8.3). A card drawn in the
End Phase cannot be discarded before the next one (DW-8.3) because the discards come first.
"""

from __future__ import annotations

from engine.dystopian.cards import icon_problem, key
from engine.dystopian.combat import HitNumber
from engine.dystopian.commands import PlayCard
from engine.dystopian.context import Ctx, DWCode
from engine.dystopian.geometry import RangeBand
from engine.dystopian.models import Card, CardType
from engine.dystopian.star_events import AnswerAsked, CardTookEffect, TurnCardsRevealed
from engine.dystopian.star_state import AnswerKind, Reaction, Window
from engine.dystopian.state import PLAYERS, DeclaredAttack, DWState
from engine.game import IllegalCommand

__all__ = [
    "ANSWER",
    "BULKHEAD_HITS",
    "EVASIVE_NEED",
    "answer_options",
    "answer_problem",
    "ask_turn_card",
    "counter_strength",
    "extra_repair_due",
    "fog_problem",
    "offer_counter",
    "offer_counters",
    "offer_reaction",
    "reaction_hits",
    "reaction_need",
    "reveal_turn_cards",
    "turn_card_in_play",
    "window",
]

ANSWER = "cards/answer"
"""The rejection code of a command refused while a window is open, or of a refused answer."""
BULKHEAD_HITS = 2
"""DW-28.12 Reinforced Bulkheads: -2 hits from one attack."""
EVASIVE_NEED = 5
"""DW-28.12 Evasive Manoeuvre: the attack hits only on 5-6."""


def window(state: DWState) -> Window | None:
    """The answer asked now, or None."""
    return state.star.window if state.star is not None else None


def _cards(state: DWState) -> dict[str, Card]:
    return {card.id: card for card in state.setup.deck}


def _holds(state: DWState, player: int, kind: CardType) -> list[Card]:
    assert state.star is not None  # noqa: S101 - a game with the deck
    cards = _cards(state)
    return [cards[c] for c in dict.fromkeys(state.star.hands[player]) if cards[c].type is kind]


# ---- T cards (DW-7.1 phase 1) -------------------------------------------------------------------


def ask_turn_card(ctx: Ctx, first: int) -> bool:
    """DW-8.2 T: ask the next player holding a T card who has not chosen yet; False: none."""
    star = ctx.state.star
    if star is None:
        return False
    chosen = {p for p, _ in star.chosen}
    for player in range(PLAYERS):
        if player not in chosen and _holds(ctx.state, player, CardType.TURN):
            ctx.emit(AnswerAsked(Window(AnswerKind.TURN, player, first=first)))
            return True
    return False


Rounds = tuple[tuple[tuple[int, int], tuple[int, int]], ...]
"""2D6 each, ties rolled again (`engine.dystopian.turns.roll_2d6_off`)."""


def reveal_turn_cards(
    ctx: Ctx, first: int, rounds: Rounds, winner: int
) -> tuple[tuple[int, str], ...]:
    """DW-8.2 T: reveal the choices together, in the order they resolve; the cards, in order.

    ``first``: the previous turn's initiative (-1 on turn 1: ``rounds`` and ``winner``, the
    2D6 each the caller rolled, decide).
    """
    star = ctx.state.star
    assert star is not None  # noqa: S101 - after the choices
    lead = first if first >= 0 else winner
    order = (lead, *(p for p in range(PLAYERS) if p != lead))
    chosen = dict(star.chosen)
    cards = tuple(chosen.get(p, "") for p in order)
    ctx.emit(TurnCardsRevealed(rounds if first < 0 else (), order, cards))
    return tuple((p, c) for p, c in zip(order, cards, strict=True) if c)


def turn_card_in_play(state: DWState, card: str, player: int | None = None) -> bool:
    """DW-8.2 T: whether ``card`` (``player``'s, or anyone's) is in play this turn."""
    star = state.star
    return star is not None and any(
        t.turn == state.turn and t.card == card and player in {None, t.player}
        for t in star.turn_cards
    )


# ---- counter cards (DW-8.2 Sturginium) -------------------------------------------------------


def counter_strength(state: DWState, counters: tuple[str, ...]) -> int:
    """DW-8.2: what counter cards cancel together (the sum of their strengths, ``cancels``)."""
    cards = _cards(state)
    return sum(cards[c].cancels for c in counters if c in cards)


def _counters_held(state: DWState, player: int, pool: tuple[str, ...] = ()) -> list[str]:
    """``player``'s counter cards in hand, each copy, less those already put down."""
    assert state.star is not None  # noqa: S101 - a game with the deck
    cards = _cards(state)
    held = [c for c in state.star.hands[player] if cards[c].type is CardType.COUNTER]
    for card in pool:
        held.remove(card)
    return held


def _can_counter(state: DWState, player: int, card: str) -> bool:
    """DW-8.2: ``card`` has Sturginium symbols and ``player``'s counters together reach them."""
    target = _cards(state).get(card)
    if target is None or not target.sturginium:
        return False
    return counter_strength(state, tuple(_counters_held(state, player))) >= target.sturginium


def offer_counter(ctx: Ctx, owner: int, card: str) -> bool:
    """DW-8.2: ask ``owner``'s opponent whether he counters ``card``; False: he cannot."""
    return offer_counters(ctx, ((owner, card),))


def offer_counters(ctx: Ctx, queue: tuple[tuple[int, str], ...]) -> bool:
    """DW-8.2: the first card of ``queue`` (owner, card) the opponent may counter is offered."""
    for n, (owner, card) in enumerate(queue):
        other = (owner + 1) % PLAYERS
        if ctx.state.star is not None and _can_counter(ctx.state, other, card):
            asked = Window(AnswerKind.COUNTER, other, card, owner, queue=queue[n + 1 :])
            ctx.emit(AnswerAsked(asked))
            return True
    return False


# ---- R cards (DW-8.2 R) -------------------------------------------------------------------------


def _targets_of(state: DWState, attack: int, player: int) -> list[int]:
    activation = state.activation
    if activation is None or attack >= len(activation.declared):
        return []
    return [
        n
        for n in dict.fromkeys(activation.declared[attack].targets)
        if state.models[n].owner == player and state.models[n].on_board
    ]


def offer_reaction(ctx: Ctx) -> bool:
    """DW-8.2 R: after an attack is declared, ask its targets' player for an R card."""
    state = ctx.state
    activation = state.activation
    if state.star is None or activation is None or not activation.declared:
        return False
    attack = len(activation.declared) - 1
    other = (state.squadrons[activation.squadron].owner + 1) % PLAYERS
    asked = Window(AnswerKind.REACTION, other, attack=attack)
    if not any(
        isinstance(answer_problem(state, option, asked), PlayCard)
        for option in _reaction_options(state, asked)
    ):
        return False
    ctx.emit(AnswerAsked(asked))
    return True


def _reaction_options(state: DWState, asked: Window) -> list[PlayCard]:
    return [
        PlayCard(card.id, state.models[n].ident)
        for card in _holds(state, asked.player, CardType.REACTION)
        for n in _targets_of(state, asked.attack, asked.player)
    ]


# ---- what a window accepts -------------------------------------------------------------------


_WANTED = {
    AnswerKind.TURN: CardType.TURN,
    AnswerKind.REACTION: CardType.REACTION,
    AnswerKind.COUNTER: CardType.COUNTER,
}


def answer_problem(state: DWState, command: PlayCard, asked: Window) -> PlayCard | str:  # noqa: PLR0911 - one guard per rule
    """DW-8.2: ``command`` (the card, its model) if ``asked`` accepts it, else why not.

    Raises:
        IllegalCommand: an R card's model unknown or not the answering player's.
    """
    assert state.star is not None  # noqa: S101 - a window needs the deck
    card = _cards(state).get(key(command.card))
    if card is None or card.id not in state.star.hands[asked.player]:
        return f"There is no {command.card} in your hand."
    wanted = _WANTED.get(asked.kind)
    if wanted is None:
        return "In the End Phase cards are discarded (discard CARD), not played."
    if card.type is not wanted:
        return f"{card.name} is a {card.type.value} card: now only a {wanted.value} card fits."
    if asked.kind is AnswerKind.COUNTER:  # DW-8.2: several add up to the target's symbols
        if card.id not in _counters_held(state, asked.player, asked.pool):
            return f"Your {card.name} is already down against this card."
        return PlayCard(card.id)
    if asked.kind is AnswerKind.TURN:
        return "A T card is played on no model." if command.model else PlayCard(card.id)
    if not command.model:
        return f"{card.name} is played on one of your models the attack aims at: name it."
    index = _own(state, command.model, asked.player)
    if index not in _targets_of(state, asked.attack, asked.player):
        return f"{state.models[index].ident} is not a target of this attack."
    return icon_problem(state, card, index) or PlayCard(card.id, state.models[index].ident)


def _own(state: DWState, ident: str, player: int) -> int:
    """The answering ``player``'s model named ``ident`` (not the active player's)."""
    index = state.index_of(ident)
    if index is None:
        raise IllegalCommand(DWCode.UNKNOWN_MODEL, f"There is no model {ident}.")
    if state.models[index].owner != player:
        raise IllegalCommand(
            DWCode.NOT_YOURS, f"{state.models[index].ident} is not {state.players[player]}'s."
        )
    return index


def answer_options(state: DWState) -> list[PlayCard]:
    """The cards the answering player may play in the open window (the pass is the caller's)."""
    asked = window(state)
    if asked is None or asked.kind is AnswerKind.DISCARD:
        return []
    if asked.kind is AnswerKind.REACTION:
        options = _reaction_options(state, asked)
    elif asked.kind is AnswerKind.COUNTER:
        spare = _counters_held(state, asked.player, asked.pool)
        options = [PlayCard(c) for c in dict.fromkeys(spare)]
    else:
        options = [PlayCard(c.id) for c in _holds(state, asked.player, _WANTED[asked.kind])]
    return [o for o in options if isinstance(answer_problem(state, o, asked), PlayCard)]


# ---- the effects (DW-28.12) ------------------------------------------------------------------


def fog_problem(state: DWState, band: RangeBand) -> str:
    """DW-28.12 Sea Fog: no attacks at RB4 this turn (a T card; the whole board)."""
    if band is RangeBand.RB4 and turn_card_in_play(state, "sea_fog"):
        return "Sea Fog (a T card) is down: no attacks at RB4 this turn."
    return ""


def extra_repair_due(state: DWState, index: int) -> bool:
    """DW-28.12 Damage Control: model ``index``'s player has it in play this turn."""
    return turn_card_in_play(state, "damage_control", state.models[index].owner)


def _reaction(state: DWState, attack: DeclaredAttack, target: int) -> Reaction | None:
    activation, star = state.activation, state.star
    if activation is None or star is None or attack not in activation.declared:
        return None
    number = activation.declared.index(attack)
    return next(
        (
            r
            for r in star.reactions
            if (r.turn, r.squadron, r.attack, r.model)
            == (state.turn, activation.squadron, number, target)
        ),
        None,
    )


def reaction_need(ctx: Ctx, attack: DeclaredAttack, target: int, need: HitNumber) -> HitNumber:
    """DW-28.12 Evasive Manoeuvre: the attack hits ``target`` only on 5-6 (no bonus helps)."""
    played = _reaction(ctx.state, attack, target)
    if played is None or played.card != "evasive_manoeuvre":
        return need
    harder = HitNumber(
        max(need.threshold, EVASIVE_NEED),
        min(need.mod, 0),
        need.natural_only,
        (*need.reasons, "Evasive Manoeuvre: 5-6 only"),
    )
    before, after = need.threshold - need.mod, harder.threshold - harder.mod
    ctx.emit(CardTookEffect(played.card, target, before, after))
    return harder


def reaction_hits(ctx: Ctx, attack: DeclaredAttack, target: int, hits: int) -> int:
    """DW-28.12 Reinforced Bulkheads: -2 hits from the attack on ``target``."""
    played = _reaction(ctx.state, attack, target)
    if played is None or played.card != "reinforced_bulkheads" or not hits:
        return hits
    left = max(0, hits - BULKHEAD_HITS)
    ctx.emit(CardTookEffect(played.card, target, hits, left))
    return left
