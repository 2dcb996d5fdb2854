"""Checklist: the STAR deck's T, R and counter cards and the discards at will (DW-8, DW-7.1).

DW-7.1 phase 1 and DW-8.2 T (T cards chosen face down at the start of the turn, revealed together,
resolved in the previous turn's initiative order, on turn 1 by 2D6 each), DW-8.2 R (an R card in
answer to an attack on the player's model, one an attack), DW-8.2 Sturginium (a counter card
cancels a card whose Sturginium is at most its strength: all discarded, the effect void), DW-8.3
(the End Phase's discards at will before drawing), DW-28.12 (the placeholder deck's effects: Sea
Fog, Damage Control, Reinforced Bulkheads, Evasive Manoeuvre), and the hot-seat answers: the
window's seat is the one due (`seats_to_act`) and only its answers are listed and accepted.

Red BB-1 (model 0) fires its fore turret at Blue BB-2 (model 1), 6 hexes ahead after a 1-hex
move: 10 AD at RB2, hitting on 4+.
"""

from __future__ import annotations

import json

import attrs
import pytest

from engine.dice import ScriptedDice
from engine.dystopian.answers import ANSWER
from engine.dystopian.combat_segment import aim_at
from engine.dystopian.commands import Activate, EndActivation, Fire, MoveModel, PlayCard
from engine.dystopian.context import Ctx
from engine.dystopian.events import (
    AttackRolled,
    CardPlayed,
    CardsDiscarded,
    DamageDealt,
    InitiativeRolled,
    RepairRolled,
)
from engine.dystopian.fleet import Squadron
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.models import Card, CardType
from engine.dystopian.narrate import tell
from engine.dystopian.rules import legal_commands, prompt_text, seats_to_act
from engine.dystopian.star_commands import DiscardCard, PassAnswer
from engine.dystopian.star_events import (
    AnswerAsked,
    AnswerPassed,
    CardCountered,
    CardTookEffect,
    ReactionPlayed,
    TurnCardChosen,
    TurnCardsRevealed,
)
from engine.dystopian.star_state import AnswerKind, TurnCard, Window
from engine.dystopian.state import DWState, Markers, StarDeck
from engine.dystopian.turns import begin_turn
from engine.game import Event, IllegalCommand
from engine.hexes import Facing
from saves.codec import make_converter
from tests.engine.dystopian._assets import catalogue
from tests.engine.dystopian._game import arrange, card, fleet, play, ruleset, setup

N, S = Facing.N, Facing.S
DECK = tuple(catalogue().cards.values())
"""The placeholder mini-deck of DW-28.12, as the catalogue file lists it."""
GAME = attrs.evolve(
    setup(fleet(Squadron(card("BB"), 1)), fleet(Squadron(card("BB"), 1))), deck=DECK
)
PLACES = {"BB-1": ("1003", S), "BB-2": ("1010", N)}
FIRE = [Activate("BB-1"), MoveModel("BB-1", "F"), Fire(("BB-1",), "fore-turret", ("BB-2",))]
FIVE_HITS = [4, 4, 4, 4, 4, 1, 1, 1, 1, 1]
"""Ten dice at 4+: five hit once (no 6 explodes), five miss."""
EIGHT_HITS = [4, 4, 4, 4, 4, 5, 5, 5, 1, 1]
"""Ten dice at 4+: eight hits, three of them 5s."""
REACTION = Window(AnswerKind.REACTION, 1, attack=0)
"""Blue asked to answer Red's first attack."""


def _holding(red: tuple[str, ...], blue: tuple[str, ...], *, last: bool = False) -> DWState:
    """Red active in turn 1 with these hands and a card left in the deck.

    ``last``: Blue's squadron has activated (Red's activation ends the turn); else Blue's follows.
    """
    state = arrange(GAME, PLACES, activated=(1,) if last else ())
    return attrs.evolve(state, star=StarDeck(("broadside_volley",), hands=(red, blue)))


def _hits(events: list[Event]) -> int:
    (damage,) = [e for e in events if isinstance(e, DamageDealt)]
    return damage.hits


# ---- R cards (DW-8.2 R) ----------------------------------------------------------------------


def test_an_attack_on_a_model_asks_its_player_for_an_r_card_and_waits() -> None:
    """DW-8.2 R: after the Fire, Blue (holding an R card) is due, not Red; only answers listed."""
    state, events = play(_holding((), ("reinforced_bulkheads",)), FIRE)
    assert events[-1] == AnswerAsked(REACTION)
    assert seats_to_act(state) == frozenset({1})
    assert legal_commands(state) == [PlayCard("reinforced_bulkheads", "BB-2"), PassAnswer()]
    assert prompt_text(state) == (
        "Blue: answer the attack with an R card (play CARD on MODEL), or pass."
    )
    with pytest.raises(IllegalCommand) as waiting:
        play(state, [EndActivation()])
    assert waiting.value.code == ANSWER
    assert waiting.value.message.startswith("Blue must answer first")


def test_no_r_card_in_hand_asks_nothing() -> None:
    """DW-8.2 R: Blue holding only a T card is not asked; Red goes on at once."""
    state, events = play(_holding((), ("sea_fog",)), FIRE)
    assert not [e for e in events if isinstance(e, AnswerAsked)]
    assert seats_to_act(state) == frozenset({0})


def test_reinforced_bulkheads_takes_two_hits_off_the_attack() -> None:
    """DW-28.12 Reinforced Bulkheads (R): 5 hits on BB-2 become 3."""
    commands = [*FIRE, PlayCard("reinforced_bulkheads", "BB-2"), EndActivation()]
    state, events = play(_holding((), ("reinforced_bulkheads",)), commands, FIVE_HITS)
    assert ReactionPlayed(1, "reinforced_bulkheads", 0, 1) in events
    assert CardTookEffect("reinforced_bulkheads", 1, 5, 3) in events
    assert _hits(events) == 3
    assert state.star is not None
    assert state.star.hands[1] == ()
    assert "reinforced_bulkheads" in state.star.discard


def test_evasive_manoeuvre_makes_the_attack_hit_only_on_five_or_six() -> None:
    """DW-28.12 Evasive Manoeuvre (R): 4+ becomes 5+: eight hits become the three 5s."""
    commands = [*FIRE, PlayCard("evasive_manoeuvre", "BB-2"), EndActivation()]
    _, events = play(_holding((), ("evasive_manoeuvre",)), commands, EIGHT_HITS)
    assert CardTookEffect("evasive_manoeuvre", 1, 4, 5) in events
    (rolled,) = [e for e in events if isinstance(e, AttackRolled)]
    assert (rolled.threshold, rolled.hits) == (5, 3)
    assert _hits(events) == 3


def test_a_pass_leaves_the_attack_whole() -> None:
    """DW-8.2 R: Blue passes: the eight hits stand and the card stays in hand."""
    commands = [*FIRE, PassAnswer(), EndActivation()]
    state, events = play(_holding((), ("evasive_manoeuvre",)), commands, EIGHT_HITS)
    assert AnswerPassed(1) in events
    assert _hits(events) == 8
    assert state.star is not None
    assert state.star.hands[1] == ("evasive_manoeuvre",)


def test_an_r_card_only_on_a_model_the_attack_aims_at() -> None:
    """DW-8.2 R: one model and one event: an enemy model or a T card is refused."""
    state, _ = play(_holding((), ("evasive_manoeuvre", "sea_fog")), FIRE)
    with pytest.raises(IllegalCommand) as enemy:
        play(state, [PlayCard("evasive_manoeuvre", "BB-1")])
    assert enemy.value.message == "BB-1 is not Blue's."
    with pytest.raises(IllegalCommand) as wrong:
        play(state, [PlayCard("sea_fog")])
    assert wrong.value.message == "Sea Fog is a T card: now only a R card fits."


# ---- counter cards (DW-8.2 Sturginium) ----------------------------------------------------------


def test_a_counter_card_cancels_the_r_card_and_both_are_discarded() -> None:
    """DW-8.2: Evasive Manoeuvre (1 Sturginium) countered by Countermand (2): 8 hits stand."""
    blue = ("evasive_manoeuvre",)
    state, events = play(
        _holding(("countermand",), blue), [*FIRE, PlayCard("evasive_manoeuvre", "BB-2")]
    )
    assert events[-1] == AnswerAsked(Window(AnswerKind.COUNTER, 0, "evasive_manoeuvre", 1))
    assert seats_to_act(state) == frozenset({0})
    state, events = play(state, [PlayCard("countermand"), EndActivation()], EIGHT_HITS)
    assert events[0] == CardCountered(0, ("countermand",), "evasive_manoeuvre", 1)
    assert not [e for e in events if isinstance(e, CardTookEffect)]
    assert _hits(events) == 8
    assert state.star is not None
    assert state.star.hands == ((), ())
    assert {"countermand", "evasive_manoeuvre"} <= set(state.star.discard)


def test_a_counter_card_cancels_an_s_card() -> None:
    """DW-8.2: Full Steam (1) countered by Countermand: BB-1 keeps its 3 hexes (DW-28.12)."""
    state, events = play(
        _holding(("full_steam",), ("countermand",)), [Activate("BB-1"), PlayCard("full_steam")]
    )
    assert CardPlayed(0, "full_steam", 0) in events
    assert seats_to_act(state) == frozenset({1})
    state, _ = play(state, [PlayCard("countermand")])
    assert state.activation is not None
    assert state.activation.cards == ()
    with pytest.raises(IllegalCommand):
        play(state, [MoveModel("BB-1", "FFFF")])


JAM = Card("jam", "Jam", CardType.COUNTER, 1, "Cancels a card with Sturginium 1.", cancels=1)
"""A weaker counter card than the placeholder deck holds, for the sum of DW-8.2."""


def test_several_counter_cards_add_together() -> None:
    """DW-8.2: Sea Fog (2) against two Jams (1 each): the first is not enough, both cancel it."""
    decked = attrs.evolve(GAME, deck=(*DECK, JAM))
    state = attrs.evolve(
        arrange(decked, PLACES),
        turn=0,
        initiative=None,
        star=StarDeck((), hands=(("sea_fog",), ("jam", "jam"))),
    )
    ctx = Ctx(state, ScriptedDice(()))
    begin_turn(ctx)
    state, events = play(ctx.state, [PlayCard("sea_fog")], [2, 3, 5, 6])
    assert events[-1] == AnswerAsked(Window(AnswerKind.COUNTER, 1, "sea_fog", 0))
    state, events = play(state, [PlayCard("jam")])
    assert events == [AnswerAsked(Window(AnswerKind.COUNTER, 1, "sea_fog", 0, pool=("jam",)))]
    assert legal_commands(state) == [PlayCard("jam"), PassAnswer()]
    assert prompt_text(state) == "Blue: counter Sea Fog (1 down: add more) (play CARD), or pass."
    state, events = play(state, [PlayCard("jam")], [4, 4, 1, 1])
    assert events[0] == CardCountered(1, ("jam", "jam"), "sea_fog", 0)
    assert state.star is not None
    assert state.star.hands == ((), ())
    assert state.star.turn_cards == ()


def test_a_counter_put_down_goes_back_to_the_hand_on_a_pass() -> None:
    """DW-8.2: one Jam down, then a pass: Sea Fog stands, the Jam stays in Blue's hand."""
    decked = attrs.evolve(GAME, deck=(*DECK, JAM))
    state = attrs.evolve(
        arrange(decked, PLACES),
        turn=0,
        initiative=None,
        star=StarDeck((), hands=(("sea_fog",), ("jam", "jam"))),
    )
    ctx = Ctx(state, ScriptedDice(()))
    begin_turn(ctx)
    commands = [PlayCard("sea_fog"), PlayCard("jam"), PassAnswer()]
    state, _ = play(ctx.state, commands, [2, 3, 5, 6, 4, 4, 1, 1])
    assert state.star is not None
    assert state.star.hands == ((), ("jam", "jam"))
    assert state.star.turn_cards == (TurnCard(1, 0, "sea_fog"),)


def test_a_card_without_sturginium_cannot_be_countered() -> None:
    """DW-8.2: Steady Gunners has no Sturginium symbol: Blue's Countermand is not asked."""
    state, events = play(
        _holding(("steady_gunners",), ("countermand",)),
        [Activate("BB-1"), PlayCard("steady_gunners")],
    )
    assert not [e for e in events if isinstance(e, AnswerAsked)]
    assert seats_to_act(state) == frozenset({0})


# ---- T cards (DW-7.1 phase 1, DW-8.2 T) ---------------------------------------------------------


def _turn_start(red: tuple[str, ...], blue: tuple[str, ...], dice: list[int]) -> DWState:
    """Turn 1 begins (no earlier initiative) with these hands."""
    state = attrs.evolve(
        arrange(GAME, PLACES),
        turn=0,
        initiative=None,
        star=StarDeck(("broadside_volley",), hands=(red, blue)),
    )
    ctx = Ctx(state, ScriptedDice(tuple(dice)))
    begin_turn(ctx)
    return ctx.state


def test_t_cards_are_chosen_face_down_then_revealed_in_2d6_order_on_turn_1() -> None:
    """DW-8.2 T: Red, then Blue choose; turn 1: Blue's 5+6 beat Red's 2+3, Blue's card first."""
    state = _turn_start(("sea_fog",), ("damage_control",), [])
    assert state.star is not None
    assert state.star.window == Window(AnswerKind.TURN, 0, first=-1)
    assert state.initiative is None  # DW-7.1: phase 1 before the initiative
    state, events = play(state, [PlayCard("sea_fog")])
    assert events[0] == TurnCardChosen(0, "sea_fog")
    assert seats_to_act(state) == frozenset({1})
    state, events = play(state, [PlayCard("damage_control")], [2, 3, 5, 6, 4, 4, 1, 1])
    revealed = TurnCardsRevealed((((2, 3), (5, 6)),), (1, 0), ("damage_control", "sea_fog"))
    assert revealed in events
    assert InitiativeRolled((((4, 4), (1, 1)),), 0) in events
    assert state.star is not None
    assert state.star.turn_cards == (TurnCard(1, 1, "damage_control"), TurnCard(1, 0, "sea_fog"))
    assert state.star.hands == ((), ())


def test_later_turns_resolve_in_the_previous_initiative_order() -> None:
    """DW-8.2 T: no roll for the order after turn 1: the last turn's winner (Blue) first."""
    state = attrs.evolve(
        arrange(GAME, PLACES, active=1),
        star=StarDeck(("broadside_volley",), hands=(("sea_fog",), ())),
    )
    ctx = Ctx(state, ScriptedDice(()))
    begin_turn(ctx)
    assert ctx.state.star is not None
    assert ctx.state.star.window == Window(AnswerKind.TURN, 0, first=1)
    state, events = play(ctx.state, [PlayCard("sea_fog")], [3, 3, 1, 1])
    assert TurnCardsRevealed((), (1, 0), ("", "sea_fog")) in events


def test_a_player_may_play_no_t_card() -> None:
    """DW-8.2 T: Red passes: nothing is revealed for Red and the initiative follows."""
    state = _turn_start(("sea_fog",), (), [])
    state, events = play(state, [PassAnswer()], [2, 3, 5, 6, 4, 4, 1, 1])
    assert TurnCardChosen(0, "") in events
    assert TurnCardsRevealed((((2, 3), (5, 6)),), (1, 0), ("", "")) in events
    assert state.star is not None
    assert state.star.hands[0] == ("sea_fog",)
    assert state.initiative == 0


def test_without_t_cards_the_turn_starts_at_once() -> None:
    """DW-7.1: phase 1 is skipped when no player holds a T card: the initiative is rolled."""
    state = _turn_start(("steady_gunners",), ("countermand",), [4, 4, 1, 1])
    assert state.star is not None
    assert state.star.window is None
    assert state.initiative == 0


def test_a_revealed_t_card_may_be_countered() -> None:
    """DW-8.2: counter cards can cancel T cards: Sea Fog (2) falls to Countermand (2)."""
    state = _turn_start(("sea_fog",), ("countermand",), [])
    state, events = play(state, [PlayCard("sea_fog")], [2, 3, 5, 6])
    assert events[-1] == AnswerAsked(Window(AnswerKind.COUNTER, 1, "sea_fog", 0))
    state, events = play(state, [PlayCard("countermand")], [4, 4, 1, 1])
    assert events[0] == CardCountered(1, ("countermand",), "sea_fog", 0)
    assert state.star is not None
    assert state.star.turn_cards == ()
    assert state.initiative == 0


def test_sea_fog_forbids_attacks_at_rb4() -> None:
    """DW-28.12 Sea Fog (T): BB-2 14 hexes away (RB4) cannot be fired at this turn."""
    far = {"BB-1": ("1003", S), "BB-2": ("1017", N)}
    state = arrange(GAME, far)
    assert not isinstance(aim_at(state, 0, 0, 1), str)
    fogged = attrs.evolve(state, star=StarDeck((), turn_cards=(TurnCard(1, 1, "sea_fog"),)))
    assert aim_at(fogged, 0, 0, 1) == "Sea Fog (a T card) is down: no attacks at RB4 this turn."
    next_turn = attrs.evolve(fogged, turn=2)
    assert not isinstance(aim_at(next_turn, 0, 0, 1), str)


def test_damage_control_gives_a_model_an_extra_repair_roll() -> None:
    """DW-28.12 Damage Control (T): BB-1 fails its repair (5), the extra roll (2) repairs it."""
    state = arrange(GAME, PLACES, activated=(1,), markers={"BB-1": Markers(half_ad=True)})
    card_on = StarDeck((), turn_cards=(TurnCard(1, 0, "damage_control"),))
    commands = [Activate("BB-1"), MoveModel("BB-1", "F"), EndActivation()]
    state, events = play(attrs.evolve(state, star=card_on), commands, [5, 2, 3, 3, 1, 1])
    repairs = [e for e in events if isinstance(e, RepairRolled | CardTookEffect)]
    assert repairs == [
        RepairRolled(0, "half_ad", 5, repaired=False),
        CardTookEffect("damage_control", 0, 0, 1),
        RepairRolled(0, "half_ad", 2, repaired=True),
    ]
    assert not state.models[0].markers.half_ad
    plain = arrange(GAME, PLACES, activated=(1,), markers={"BB-1": Markers(half_ad=True)})
    plain, _ = play(attrs.evolve(plain, star=StarDeck(())), commands, [5, 3, 3, 1, 1])
    assert plain.models[0].markers.half_ad


# ---- discards at will (DW-8.3) -----------------------------------------------------------------


def test_the_end_phase_asks_each_player_to_discard_at_will_before_drawing() -> None:
    """DW-8.3: Red discards both cards one at a time, passes, and draws 1 (the hand limit)."""
    state = _holding(("steady_gunners", "full_steam"), (), last=True)
    state, events = play(state, [Activate("BB-1"), MoveModel("BB-1", "F"), EndActivation()])
    assert events[-1] == AnswerAsked(Window(AnswerKind.DISCARD, 0))
    assert legal_commands(state) == [
        DiscardCard("steady_gunners"),
        DiscardCard("full_steam"),
        PassAnswer(),
    ]
    with pytest.raises(IllegalCommand):
        play(state, [PlayCard("full_steam")])
    state, events = play(state, [DiscardCard("full_steam"), DiscardCard("steady_gunners")])
    assert events == [CardsDiscarded(0, ("full_steam",)), CardsDiscarded(0, ("steady_gunners",))]
    assert seats_to_act(state) == frozenset({0})  # the window stays open until the pass
    # Red draws the deck's last card; Blue's draw reshuffles the two discards (a D2: 1 swaps)
    state, events = play(state, [PassAnswer()], [1, 3, 3, 1, 1])
    assert state.star is not None
    assert state.star.hands == (("broadside_volley",), ("steady_gunners",))
    assert state.turn == 2


def test_discarding_is_refused_outside_the_end_phase() -> None:
    """DW-8.3: cards are discarded at will only in the End Phase."""
    state, _ = play(_holding(("full_steam",), ()), [Activate("BB-1")])
    with pytest.raises(IllegalCommand) as refused:
        play(state, [DiscardCard("full_steam")])
    assert refused.value.code == ANSWER


# ---- words and saves -----------------------------------------------------------------------------


def test_the_answers_are_read_written_told_and_saved() -> None:
    """DW-8.2: ``pass`` answers an open window, ``decline`` always; the log names the R card."""
    state, _ = play(_holding((), ("reinforced_bulkheads",)), FIRE)
    assert parse_command("pass", state) == PassAnswer()
    assert parse_command("decline", state) == PassAnswer()
    assert parse_command("discard Full-Steam", state) == DiscardCard("full-steam")
    assert format_command(PassAnswer()) == "decline"
    assert format_command(DiscardCard("full_steam")) == "discard full_steam"
    command = PlayCard("reinforced_bulkheads", "BB-2")
    after, events = play(state, [command])
    told, _ = tell(4, command, events, state)
    assert "Blue answers with Reinforced Bulkheads (R) on Bastion Battleship BB-2." in [
        t.text for t in told
    ]
    chosen = _turn_start(("sea_fog",), (), [])
    _, events = play(chosen, [PlayCard("sea_fog")], [2, 3, 5, 6, 4, 4, 1, 1])
    told, _ = tell(1, PlayCard("sea_fog"), events, chosen)
    assert told[0].text.endswith("play (a T card, face down)")  # DW-8.2 T: not named
    assert told[1].text == "Red chooses a T card face down."
    assert told[2].text == (
        "The T cards are revealed, in the order they resolve (turn 1, 2D6 each: Red 2+3=5,"
        " Blue 5+6=11): Blue: none; Red: Sea Fog (T)."
    )
    conv = make_converter(ruleset())
    for event in [*events, AnswerAsked(REACTION), ReactionPlayed(1, "x", 0, 1)]:
        again = conv.structure(json.loads(json.dumps(conv.unstructure(event, Event))), Event)
        assert again == event
    del after
