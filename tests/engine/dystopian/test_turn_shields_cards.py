"""The Shield generator and the STAR deck through the turn machine (DW-23, DW-8, DW-28.12).

DW-23 Shield (2D6 per Shield generator against an attack's hits: 4-5 cancel 1, 6 cancels 2 and
rolls again; the digest's example: a CR 9 battleship hit 12 times, the shield cancelling 4, the
8 left fall short of a critical), DW-22.2 (the Bastion's Shield Generator option, bought for the
squadron). DW-8.3 (the deck shuffled with dice, one card drawn per squadron at the start; the
hand limit in the End Phase), DW-8.2 (S cards when the squadron activates, one a squadron a
turn; A cards on one model), DW-28.12's placeholder cards (Full Steam +1 hex, Steady Gunners +1
AD, Broadside Volley +3 AD). DW-28.13 items 15 and Tier 2 (the STAR card system).
"""

from __future__ import annotations

import json

import attrs
import pytest

from engine.dystopian.cards import PLAY
from engine.dystopian.commands import (
    Activate,
    ChooseEdge,
    DeployModel,
    EndActivation,
    Fire,
    MoveModel,
    PlayCard,
    RollOff,
)
from engine.dystopian.events import (
    AttackRolled,
    CardPlayed,
    CardsDiscarded,
    CardsDrawn,
    DamageDealt,
    DeckShuffled,
    ShieldRolled,
    TurnBegan,
)
from engine.dystopian.fleet import Squadron
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.narrate import tell
from engine.dystopian.rules import legal_commands
from engine.dystopian.ruleset import setup_from_scenario
from engine.dystopian.star_commands import PassAnswer
from engine.dystopian.star_state import AnswerKind, Window
from engine.dystopian.state import DWState, Edge, StarDeck
from engine.game import Event, IllegalCommand
from engine.hexes import Facing
from saves.codec import make_converter
from tests.engine.dystopian._assets import catalogue, fleets
from tests.engine.dystopian._game import H, arrange, card, fleet, play, ruleset, setup

N, S = Facing.N, Facing.S
DECK = tuple(catalogue().cards.values())
"""The placeholder mini-deck of DW-28.12, as the catalogue file lists it."""

SHIELDED = setup(
    fleet(Squadron(card("BB"), 1)), fleet(Squadron(card("BB"), 1, options=("shield",)))
)
"""Red BB-1 (model 0) against Blue BB-2 (model 1) with the Shield Generator option."""
PLACES = {"BB-1": ("1003", S), "BB-2": ("1010", N)}
"""BB-2 6 hexes ahead of BB-1 after its 1-hex move: the fore turret's 10 AD (RB2)."""
TWELVE_HITS = [6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
"""Ten dice: six natural 6s (12 hits) and four 1s, then the six extra dice, all 1s."""


def _fire(state: DWState, dice: list[int]) -> list[Event]:
    commands = [
        Activate("BB-1"),
        MoveModel("BB-1", "F"),
        Fire(("BB-1",), "fore-turret", ("BB-2",)),
        EndActivation(),
    ]
    _, events = play(state, commands, dice)
    return events


def test_the_shield_cancels_four_of_twelve_hits_and_the_critical_is_avoided() -> None:
    """DW-23 example: 12 hits, the shield's 2D6 (6, 5) and the 6's new die (4) cancel 2+1+1.

    The 8 hits left reach DR 6 but not CR 9: 1 HP, no critical.
    """
    events = _fire(arrange(SHIELDED, PLACES), [*TWELVE_HITS, 6, 5, 4])
    (rolled,) = [e for e in events if isinstance(e, AttackRolled)]
    assert (rolled.ad, rolled.hits) == (10, 12)
    (shield,) = [e for e in events if isinstance(e, ShieldRolled)]
    assert shield == ShieldRolled(1, 1, 4, (6, 5, 4), 4, 8)
    (damage,) = [e for e in events if isinstance(e, DamageDealt)]
    assert (damage.hits, damage.hp_lost, damage.criticals) == (8, 1, ())


def test_a_model_without_the_option_has_no_shield() -> None:
    """DW-23 / DW-22.2: the generator comes with the option; 12 hits on a plain BB: a critical."""
    plain = attrs.evolve(
        SHIELDED, players=(SHIELDED.players[0], attrs.evolve(SHIELDED.players[0], name="Blue"))
    )
    events = _fire(arrange(plain, PLACES), [*TWELVE_HITS, 3, 4, 1])
    assert not [e for e in events if isinstance(e, ShieldRolled)]
    (damage,) = [e for e in events if isinstance(e, DamageDealt)]
    assert (damage.hits, damage.criticals) == (12, (7,))


def test_the_shield_roll_is_told() -> None:
    """DW-23: the story says what the shield cancelled."""
    state = arrange(SHIELDED, PLACES)
    moved, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "F")])
    declared, _ = play(moved, [Fire(("BB-1",), "fore-turret", ("BB-2",))])
    _, events = play(declared, [EndActivation()], [*TWELVE_HITS, 6, 5, 4])
    told, _ = tell(4, EndActivation(), events, declared)
    assert "Bastion Battleship BB-2's shield cancels 4 hits: 8 left." in [t.text for t in told]


# ---- the STAR deck (DW-8) -----------------------------------------------------------------------

DECKED = attrs.evolve(
    setup(fleet(Squadron(card("BB"), 1)), fleet(Squadron(card("BB"), 1)), field_orders=False),
    deck=DECK,
)
SHUFFLE = [8, 1, 6, 5, 4, 3, 2]
"""One die per card, n sides for the n-th card from the end: only the 1 on the D7 swaps
(Evasive Manoeuvre to the top, Full Steam to seventh)."""


def test_the_deck_is_shuffled_and_each_player_draws_a_card_per_squadron() -> None:
    """DW-8.3: after deployment the deck is shuffled with dice and one card per squadron drawn."""
    commands = [
        RollOff(),
        ChooseEdge(Edge.TOP),
        DeployModel("BB-1", H("1002"), S),
        DeployModel("BB-2", H("1023"), N),
    ]
    state, events = play(DWState.start(DECKED), commands, [4, 4, 1, 1, *SHUFFLE, 3, 3, 1, 1])
    (shuffled,) = [e for e in events if isinstance(e, DeckShuffled)]
    assert shuffled.faces == (8, 1, 6, 5, 4, 3, 2)
    assert shuffled.order == (
        "evasive_manoeuvre",
        "steady_gunners",
        "damage_control",
        "sea_fog",
        "broadside_volley",
        "reinforced_bulkheads",
        "full_steam",
        "countermand",
    )
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    assert drawn == [CardsDrawn(0, ("evasive_manoeuvre",)), CardsDrawn(1, ("steady_gunners",))]
    assert isinstance(events[-2], TurnBegan)
    assert state.star is not None
    assert state.star.hands == (("evasive_manoeuvre",), ("steady_gunners",))
    assert len(state.star.deck) == 6


def test_a_game_without_the_option_deals_no_cards() -> None:
    """DW-8: the deck is optional and off by default: no shuffle, no hands."""
    plain = attrs.evolve(DECKED, deck=())
    commands = [
        RollOff(),
        ChooseEdge(Edge.TOP),
        DeployModel("BB-1", H("1002"), S),
        DeployModel("BB-2", H("1023"), N),
    ]
    state, events = play(DWState.start(plain), commands, [4, 4, 1, 1, 3, 3, 1, 1])
    assert state.star is None
    assert not [e for e in events if isinstance(e, DeckShuffled | CardsDrawn)]


def _holding(*cards: str) -> DWState:
    """The shield game with the deck, Red holding ``cards``."""
    state = arrange(attrs.evolve(SHIELDED, deck=DECK), PLACES)
    return attrs.evolve(state, star=StarDeck(("sea_fog",), hands=(cards, ())))


def _ad(events: list[Event]) -> int:
    (rolled,) = [e for e in events if isinstance(e, AttackRolled)]
    return rolled.ad


def test_steady_gunners_adds_one_die_to_the_gunnery() -> None:
    """DW-28.12 Steady Gunners (S): the fore turret's 10 AD become 11."""
    state = _holding("steady_gunners")
    commands = [
        Activate("BB-1"),
        PlayCard("steady_gunners"),
        MoveModel("BB-1", "F"),
        Fire(("BB-1",), "fore-turret", ("BB-2",)),
        EndActivation(),
    ]
    state, events = play(state, commands, [1] * 11)
    assert CardPlayed(0, "steady_gunners", 0) in events
    assert _ad(events) == 11
    assert state.star is not None
    assert (state.star.hands[0], state.star.discard) == ((), ("steady_gunners",))


def test_broadside_volley_adds_three_dice_to_one_models_first_gunnery_attack() -> None:
    """DW-28.12 Broadside Volley (A): +3 AD on BB-1's fore turret: 13."""
    commands = [
        Activate("BB-1"),
        MoveModel("BB-1", "F"),
        PlayCard("broadside_volley", "BB-1"),
        Fire(("BB-1",), "fore-turret", ("BB-2",)),
        EndActivation(),
    ]
    _, events = play(_holding("broadside_volley"), commands, [1] * 13)
    assert _ad(events) == 13


def test_full_steam_adds_a_hex_of_movement() -> None:
    """DW-28.12 Full Steam (S): MV 6" is 3 hexes; with the card 4."""
    state, _ = play(_holding("full_steam"), [Activate("BB-1")])
    with pytest.raises(IllegalCommand):
        play(state, [MoveModel("BB-1", "FFFF")])
    steamed, _ = play(state, [PlayCard("full_steam"), MoveModel("BB-1", "FFFF")])
    assert steamed.models[0].hex == H("1007")


def test_cards_are_refused_out_of_turn_order_and_type() -> None:
    """DW-8.2: an S card only before the squadron moves; a T card only at the turn's start."""
    state, _ = play(
        _holding("steady_gunners", "sea_fog"), [Activate("BB-1"), MoveModel("BB-1", "F")]
    )
    with pytest.raises(IllegalCommand) as late:
        play(state, [PlayCard("steady_gunners")])
    assert (late.value.code, late.value.message) == (
        PLAY,
        "An S card is played when the squadron activates, before it moves.",
    )
    with pytest.raises(IllegalCommand) as turn:
        play(state, [PlayCard("sea_fog")])
    start = "it is played at the start of a turn (DW-7.1 phase 1)"
    assert turn.value.message == f"Sea Fog is a T card: {start}."
    with pytest.raises(IllegalCommand) as missing:
        play(state, [PlayCard("countermand")])
    assert missing.value.message == "There is no countermand in your hand."


def test_the_end_phase_draws_up_to_the_hand_limit() -> None:
    """DW-8.3 / DW-7.3 step 6: one squadron on the table: a hand of 1; Red's is refilled.

    The card drawn is a T card, so the next turn begins by asking Red for it (DW-7.1 phase 1):
    no initiative die is rolled yet.
    """
    state = attrs.evolve(_holding(), activated=(1,))
    state, events = play(state, [Activate("BB-1"), MoveModel("BB-1", "F"), EndActivation()])
    assert CardsDrawn(0, ("sea_fog",)) in events
    assert state.star is not None
    assert state.star.hands[0] == ("sea_fog",)
    assert state.star.window == Window(AnswerKind.TURN, 0, first=0)


def test_cards_read_write_are_listed_and_survive_the_converter() -> None:
    """DW-8.2: ``play CARD [on MODEL]``; the legal commands list the cards that may be played."""
    state, _ = play(_holding("steady_gunners", "broadside_volley"), [Activate("BB-1")])
    assert parse_command("play Steady-Gunners", state) == PlayCard("steady-gunners")
    assert parse_command("play broadside_volley on bb-1", state) == PlayCard(
        "broadside_volley", "BB-1"
    )
    assert format_command(PlayCard("broadside_volley", "BB-1")) == "play broadside_volley on BB-1"
    cards = [c for c in legal_commands(state) if isinstance(c, PlayCard)]
    assert cards == [PlayCard("steady_gunners"), PlayCard("broadside_volley", "BB-1")]
    _, events = play(state, [PlayCard("steady-gunners")])
    conv = make_converter(ruleset())
    round_trip = conv.structure(json.loads(json.dumps(conv.unstructure(events[0], Event))), Event)
    assert round_trip == events[0]


def test_a_scenario_asks_for_the_deck() -> None:
    """DW-8 option: ``star_cards = true`` puts the library's cards in the setup; off by default."""
    name = next(iter(fleets()))
    scenario = {"players": [{"name": "Red", "fleet": name}, {"name": "Blue", "fleet": name}]}
    assert setup_from_scenario(scenario, fleets(), DECK).deck == ()
    assert setup_from_scenario({**scenario, "star_cards": True}, fleets(), DECK).deck == DECK
    with pytest.raises(ValueError, match="STAR cards"):
        setup_from_scenario({**scenario, "star_cards": True}, fleets())


def test_the_hand_limit_discards_the_excess_and_radio_network_adds_one() -> None:
    """DW-8.3: one squadron: a limit of 1, the excess discarded; Radio Network (DW-24): 2."""
    state = attrs.evolve(
        _holding("steady_gunners", "full_steam", "broadside_volley"), activated=(1,)
    )
    commands = [Activate("BB-1"), MoveModel("BB-1", "F"), EndActivation(), PassAnswer()]
    state, events = play(state, commands)  # Red keeps all at will: then down to 1
    # Blue drew the T card Sea Fog: the next turn asks Blue for it before the initiative
    assert state.star is not None
    assert state.star.window == Window(AnswerKind.TURN, 1, first=0)
    assert CardsDiscarded(0, ("full_steam", "broadside_volley")) in events
    assert state.star is not None
    assert state.star.hands[0] == ("steady_gunners",)
    radio = setup(
        fleet(Squadron(card("BB", "radio_network"), 1)),
        fleet(Squadron(card("BB"), 1, options=("shield",))),
    )
    held = arrange(attrs.evolve(radio, deck=DECK), PLACES, activated=(1,))
    held = attrs.evolve(held, star=StarDeck(("sea_fog",), hands=(("steady_gunners",), ())))
    held, events = play(held, commands)  # the T card drawn is asked for: no initiative yet
    assert CardsDrawn(0, ("sea_fog",)) in events
    assert held.star is not None
    assert held.star.hands[0] == ("steady_gunners", "sea_fog")


GUARDED = setup(
    fleet(Squadron(card("BB"), 1)),
    fleet(
        Squadron(attrs.evolve(card("BB"), generators=("guardian",)), 1),
        Squadron(card("CR"), 2),
    ),
)
"""Red BB-1 (model 0); Blue BB-2 (model 1) with a Guardian generator, CR-1, CR-2 (2, 3)."""


def test_a_guardian_covers_a_friendly_cruiser_with_one_shield_die() -> None:
    """DW-23 Guardian: CR-1, 2 hexes from the Guardian ship, rolls one die: a 4 cancels 1 hit.

    The fore turret's 10 dice (6, 6 and eight 1s, then the two new dice 1, 1) score 4; 3 are
    left, below the cruiser's DR 4.
    """
    places = {"BB-1": ("1003", S), "BB-2": ("1210", N), "CR-1": ("1010", N), "CR-2": ("3020", N)}
    state = arrange(GUARDED, places)
    commands = [
        Activate("BB-1"),
        MoveModel("BB-1", "F"),
        Fire(("BB-1",), "fore-turret", ("CR-1",)),
        EndActivation(),
    ]
    state, events = play(state, commands, [6, 6, *[1] * 8, 1, 1, 4])
    (shield,) = [e for e in events if isinstance(e, ShieldRolled)]
    assert shield == ShieldRolled(2, 0, 4, (4,), 1, 3)
    (damage,) = [e for e in events if isinstance(e, DamageDealt)]
    assert (damage.hits, damage.hp_lost) == (3, 0)
    far = arrange(GUARDED, {**places, "BB-2": ("1610", N)})  # 6 hexes: out of its cover
    _, events = play(far, commands, [6, 6, *[1] * 8, 1, 1])
    assert not [e for e in events if isinstance(e, ShieldRolled)]


def test_no_card_on_a_model_out_of_command() -> None:
    """DW-9.3 / DW-8.2: a model out of command cannot have a card played on it."""
    cruisers = setup(fleet(Squadron(card("CR"), 2)), fleet(Squadron(card("CR"), 2)))
    places = {"CR-1": ("1003", S), "CR-2": ("2003", S), "CR-3": ("1010", N)}
    state = arrange(attrs.evolve(cruisers, deck=DECK), places)
    state = attrs.evolve(state, star=StarDeck(("sea_fog",), hands=(("broadside_volley",), ())))
    state, _ = play(state, [Activate("CR-1")], [5, 5])  # CR-2 is 10 hexes away: its check
    with pytest.raises(IllegalCommand) as refused:
        play(state, [PlayCard("broadside_volley", "CR-2")])
    assert refused.value.message == "CR-2 is out of command: no card may be played on it."
