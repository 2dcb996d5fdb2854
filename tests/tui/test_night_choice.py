"""NT-4 on screen: the moving side sees the equally near enemies and chooses the firer by key.

The game is `tests.engine.battletech.night_tie`: Blue's 'Mech strays and its stray roll's
doubles make the nearest enemy fire; two Red 'Mechs are 4 hexes away, so Blue chooses. Hot-seat
at night: Blue, due first, is seated at once and the question opens by itself; after the answer
the terminal is handed over to Red.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech.nightcommands import ChooseJitterFirer
from saves.journal import Journal
from tests.engine.battletech import night_tie
from tui.app import HexmechApp
from tui.battletech.handover import HandoverScreen
from tui.battletech.night_choice import JitterChoiceScreen
from tui.battletech.screen import BattleTechScreen
from tui.battletech.widgets import OrdersPanel

CREATED = datetime(2026, 11, 27, tzinfo=UTC)


def _journal(path: Path, setup: object = night_tie.SETUP) -> Journal:
    """A save waiting for Blue's answer (`night_tie`; hot-seat unless ``setup`` says)."""
    dice = night_tie.DICE
    journal = Journal.create(path, RULESET, setup, created=CREATED, scripted=dice)
    for _ in range(40):
        state = journal.game.state
        if state.night is not None and state.night.asking is not None:
            return journal
        journal.execute(night_tie.next_command(state))
    raise AssertionError("the game never asked")


def _body(app: HexmechApp) -> str:
    return str(app.screen.query_one("#bt-jitter-body").render())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_question_opens_for_the_mover_and_a_number_key_answers(tmp_path, size):
    """NT-4: after the handover the dialog lists both Red 'Mechs; 2 makes the second one fire."""
    journal = _journal(tmp_path / "tie.jsonl")
    app = HexmechApp(tmp_path)
    async with app.run_test(size=size) as pilot:
        app.push_screen(BattleTechScreen(journal=journal))
        await pilot.pause()
        assert isinstance(app.screen, JitterChoiceScreen)
        body = _body(app)
        assert "1 " in body
        assert "Laser T-50" in body
        assert "Missile T-50" in body
        assert "4 hexes" in body
        assert "1-2 or arrows and Enter" in body
        await pilot.press("2")
        await pilot.pause()
        assert journal.game.log[-1].command == ChooseJitterFirer(3)
        assert journal.game.state.night is not None
        assert journal.game.state.night.asking is None
        assert isinstance(app.screen, HandoverScreen)  # Red's turn now: nothing asked of Red
    journal.close()


async def test_escape_waits_the_orders_say_j_and_enter_gives_the_highlighted(tmp_path):
    """Escape closes the question, the Orders panel names ``j``; j, down, Enter: the 2nd fires."""
    journal = _journal(tmp_path / "tie.jsonl")
    asked = len(journal.game.log)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(BattleTechScreen(journal=journal))
        await pilot.pause()
        assert isinstance(app.screen, JitterChoiceScreen)
        await pilot.press("escape")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        said = [text for text, _ in screen.query_one(OrdersPanel).data]
        assert any("choose which fires in the dark" in text for text in said)
        assert "j: the question again" in said
        assert "jitter_choice" in {b.binding.action for b in screen.active_bindings.values()}
        assert len(journal.game.log) == asked  # nothing given yet
        await pilot.press("j")
        await pilot.pause()
        assert isinstance(app.screen, JitterChoiceScreen)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert journal.game.log[-1].command == ChooseJitterFirer(3)
    journal.close()


async def test_the_computer_answers_for_its_own_side_and_the_person_is_not_asked(tmp_path):
    """Blue played by the computer: no dialog for the person (Red); the bot's answer is given."""
    setup = attrs.evolve(night_tie.SETUP, computer=("balanced", ""))
    journal = _journal(tmp_path / "tie.jsonl", setup)
    asked = len(journal.game.log)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(BattleTechScreen(journal=journal))
        for _ in range(50):
            await pilot.pause(0.1)
            if len(journal.game.log) > asked:
                break
        assert not isinstance(app.screen, JitterChoiceScreen)
        assert journal.game.log[asked].command == ChooseJitterFirer(2)  # the laser: 3 heat wasted
    journal.close()
