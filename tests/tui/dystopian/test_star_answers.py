"""The DW play screen answers with a STAR card: the other seat's window, keys 1-9 and x (DW-8.2).

DW-8.2 R: Red's attack on Blue's model opens Blue's window; the order panel shows the question,
the R cards numbered and Blue's hand with each card's type; the footer binds 1-9 and x; the key 1
plays the card (the log narrates it) and the window closes: Red is due again.
"""

from __future__ import annotations

import attrs
import pytest

from engine.dystopian.commands import Fire, PlayCard
from engine.dystopian.rules import legal_commands, seats_to_act
from engine.dystopian.ruleset import RULESET
from engine.dystopian.star_events import ReactionPlayed
from engine.dystopian.star_state import AnswerKind
from tests.tui.dystopian.test_screen_play import (
    NAVAL,
    NOW,
    SEED,
    SIZE,
    activated_and_moved,
    fleets,
    give,
    open_screen,
    text,
)
from tui.app import HexmechApp
from tui.commands import build_parser
from tui.dystopian.library import install
from tui.dystopian.rules import RULES_MARKDOWN
from tui.dystopian.setup import build_setup
from tui.dystopian.sim import ADAPTER
from tui.screens.game import create_save

__all__ = ["fleets"]  # the fixture, shared with the play screen's tests


@pytest.fixture
def bulkheads_only(monkeypatch, fleets):
    """Every game is dealt only Reinforced Bulkheads (an R card, DW-28.12): Blue can answer."""
    card = next(c for c in install().cards if c.id == "reinforced_bulkheads")

    def decked(saves, chosen, **kwargs):
        setup = build_setup(chosen, ("Red", "Blue"), (NAVAL, NAVAL))
        return create_save(saves, RULESET, attrs.evolve(setup, deck=(card,) * 12), **kwargs)

    monkeypatch.setattr(
        "tests.tui.dystopian.test_screen_play.new_journal",
        lambda saves, chosen: decked(saves, chosen, seed=SEED, now=NOW),
    )
    return fleets


async def test_the_attacked_player_answers_with_an_r_card_by_key(tmp_path, bulkheads_only):
    """DW-8.2 R: Red fires; Blue is asked; 1 plays Reinforced Bulkheads; Red goes on."""
    journal = activated_and_moved(tmp_path, bulkheads_only)
    fire = next(c for c in legal_commands(journal.game.state) if isinstance(c, Fire))
    give(journal, fire)
    state = journal.game.state
    assert state.star is not None
    assert state.star.window is not None
    assert state.star.window.kind is AnswerKind.REACTION
    assert seats_to_act(state) == frozenset({1})
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        assert screen.game.seats_to_act == frozenset({1})
        assert "Blue to act" in text(screen, "#dw-header")
        assert "Keys: 1-9 a card, x pass." in text(screen, "#dw-prompt")
        orders = text(screen, "#dw-orders")
        assert "Blue: answer the attack with an R card" in orders
        assert "1. play Reinforced Bulkheads on " in orders
        assert "Keys: 1-9 the card, x pass" in orders
        assert "  Reinforced Bulkheads [R]" in orders
        shown = {
            k: b.binding.action
            for k, b in screen.active_bindings.items()
            if b.binding.show and b.enabled
        }
        assert (shown["1"], shown["x"]) == ("answer(1)", "pass_answer")
        await pilot.press("1")
        (entry,) = screen.game.log[-1:]
        assert isinstance(entry.command, PlayCard)
        assert any(isinstance(e, ReactionPlayed) for e in entry.events)
        told = [t.text for t in screen.query_one("#dw-log").told]
        assert any("Blue answers with Reinforced Bulkheads (R) on " in line for line in told)
        assert screen.game.seats_to_act == frozenset({0})
        after = screen.game.state
        assert after.star.window is None
        assert after.activation is not None  # Red's activation goes on
        assert len(after.star.hands[1]) == len(state.star.hands[1]) - 1


def test_the_new_game_form_plays_with_the_deck_when_asked(fleets):
    """DW-8: the deck is an option: off by default, the catalogue's 8 placeholder cards when on."""
    assert build_setup(fleets, ("Red", "Blue"), (NAVAL, NAVAL)).deck == ()
    decked = build_setup(fleets, ("Red", "Blue"), (NAVAL, NAVAL), star_cards=True)
    assert [c.id for c in decked.deck] == [
        "full_steam",
        "steady_gunners",
        "damage_control",
        "sea_fog",
        "broadside_volley",
        "reinforced_bulkheads",
        "evasive_manoeuvre",
        "countermand",
    ]


def test_the_simulator_plays_with_the_deck_when_asked():
    """DW-8: ``hexmech sim dystopian --star-cards`` deals the catalogue's cards; off by default."""
    parsed = build_parser().parse_args(["sim", "dystopian", "--star-cards"])
    assert len(ADAPTER.prepare(parsed, "aggressive").setup.deck) == 8
    plain = build_parser().parse_args(["sim", "dystopian"])
    assert ADAPTER.prepare(plain, "aggressive").setup.deck == ()


def test_the_rules_page_explains_the_card_types_and_the_answer_keys():
    """DW-8.2: the rules summary names the five kinds of card and the keys of an answer."""
    for words in ("**S** cards", "**A** cards", "**T** cards", "**R** cards", "**Counter**"):
        assert words in RULES_MARKDOWN
    assert "`1`-`9` plays one, `x` passes" in RULES_MARKDOWN
