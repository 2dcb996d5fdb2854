"""Issue 13 item 4: the hot-seat handover, the objective on screen, why n waits, what undo took.

- Between two people's sides a prompt hides the board until Enter ("Pass the terminal to
  Kurita"); never while several sides may act, in a replay, or with the preference off; a side
  played by the computer (a predicate) is never handed the terminal.
- The header names the objective and the turn limit, at 80 x 24 in short.
- n refused says why in one line; undo and redo say what they took back or gave again.
"""

from __future__ import annotations

import json

import pytest

from engine.battletech.commands import Move, RollInitiative
from engine.battletech.state import MoveMode, Phase
from saves.preferences import Preferences, save_preferences
from tests.tui.fakes import messages
from tests.tui.test_bt_play import PLACES, deployed, library, new_journal, open_screen
from tui.app import HexmechApp
from tui.battletech.handover import HandoverScreen, needs_handover
from tui.battletech.screen import BattleTechScreen

__all__ = ["library"]  # the fixture, used by name

SIZE = (120, 40)


# ---------------------------------------------------------------- the decision
@pytest.mark.parametrize(
    ("previous", "following", "expected"),
    [
        pytest.param(0, 1, True, id="another side: pass"),
        pytest.param(1, 1, False, id="the same side goes on"),
        pytest.param(None, 1, False, id="nobody seated yet"),
        pytest.param(0, None, False, id="several sides (or none) act"),
    ],
)
def test_needs_handover_between_two_people(previous, following, expected):
    assert needs_handover(previous, following) is expected


def test_a_computer_side_is_never_handed_the_terminal():
    computer = {1}

    def is_person(side: int) -> bool:
        return side not in computer

    assert needs_handover(0, 1, is_person) is False
    assert needs_handover(1, 0, is_person) is True  # a person is still asked after the computer
    assert needs_handover(0, 2, is_person) is True


# ---------------------------------------------------------------- the prompt in play
def movement_journal(saves, library):
    """The default scenario deployed, initiative rolled: Kurita moves first (SEED 4)."""
    journal = new_journal(saves, library)
    deployed(journal, PLACES)
    journal.execute(RollInitiative())
    return journal


async def test_a_change_of_side_hides_the_board_until_enter(tmp_path, library, handover_prompt):
    journal = movement_journal(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)  # opening asks nothing
        first = journal.game.state.side_to_act
        assert first == 1  # Kurita
        # Act: Kurita's unit stands still; Davion is next
        await pilot.press("0")
        await pilot.pause()
        # Assert: the prompt covers the board, naming Davion and what was done
        prompt = app.screen
        assert isinstance(prompt, HandoverScreen)
        assert prompt.side == "Davion"
        assert prompt.now == "Davion: move a unit."
        assert prompt.last.startswith("Kurita: ")
        assert "stands still" in prompt.last
        assert " -> " in prompt.last  # and what it decided: where the unit stands
        assert journal.game.state.side_to_act == 0
        # Keys do not reach the board behind: 0 does nothing, the state stays
        before = journal.game.state
        await pilot.press("0")
        assert journal.game.state is before
        # Enter gives Davion the board; its move asks for Kurita next
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("0")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert app.screen.side == "Kurita"


async def test_z_in_the_prompt_takes_the_move_back_and_asks_no_more(
    tmp_path, library, handover_prompt
):
    journal = movement_journal(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        before = journal.game.state
        await pilot.press("0")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        # Act
        await pilot.press("z")
        await pilot.pause()
        # Assert: Kurita's move is back, Kurita still has the terminal
        assert app.screen is screen
        assert journal.game.state == before
        assert any(m.startswith("Undone: Kurita: ") for m in messages(app))


async def test_no_prompt_with_the_preference_off(tmp_path, library, handover_prompt):
    save_preferences(tmp_path, Preferences(handover=False))
    journal = movement_journal(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await pilot.press("0")
        await pilot.pause()
        assert app.screen is screen
        assert journal.game.state.side_to_act == 0


async def test_no_prompt_when_every_side_may_act_or_in_a_replay(tmp_path, library, handover_prompt):
    """Initiative is everybody's: nobody is asked; a replay of a game never asks."""
    journal = new_journal(tmp_path, library)
    deployed(journal, PLACES)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        assert screen.game.state.phase is Phase.INITIATIVE
        await pilot.press("i")
        await pilot.pause()
        assert app.screen is screen  # Kurita moves first: whoever rolled is at the terminal
        assert screen.handover.seated == 1
        path = journal.path
        app.pop_screen()
        await pilot.pause()
        replay = BattleTechScreen.replay(path)
        app.push_screen(replay)
        await pilot.pause()
        for _ in range(8):
            await pilot.press("right")
        await pilot.pause()
        assert app.screen is replay


async def test_a_computer_side_gets_no_prompt(tmp_path, library, handover_prompt):
    journal = movement_journal(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        screen.handover.is_person = lambda side: side == 1  # Davion is the computer's
        await pilot.press("0")  # Kurita: Davion next, a computer side
        await pilot.pause()
        assert app.screen is screen
        journal.execute(Move(_davion_unit(screen), MoveMode.STILL))
        screen.story.sync(screen.game)
        screen.redraw()
        await pilot.pause()
        assert app.screen is screen  # back to Kurita, still seated: no prompt


def _davion_unit(screen):
    state = screen.game.state
    return next(i for i, u in enumerate(state.units) if u.side == 0 and u.movement is None)


# ---------------------------------------------------------------- n, undo and redo say why/what
async def test_n_before_every_unit_moved_says_which_are_left(tmp_path, library):
    journal = movement_journal(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_screen(app, pilot, journal)
        await pilot.press("n")
        said = messages(app)
        assert said == [
            (
                "Not every unit has moved; still to move: Davion 2 (Griffin GRF-1N, Hunchback "
                "HBK-4G), Kurita 2 (Shadow Hawk SHD-2H, 1 more)."
            )
        ]
        assert journal.game.state.phase is Phase.MOVEMENT


async def test_n_in_the_weapon_phase_names_the_units_still_to_declare(tmp_path, library):
    from tests.tui.test_bt_combat import face_to_face, to_weapon_phase  # noqa: PLC0415

    journal = face_to_face(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await to_weapon_phase(app, pilot, journal)
        await pilot.press("n")
        assert messages(app)[-1] == (
            "The weapon attack phase ends by itself once every unit has declared; still to "
            "declare: Blue 1 (Hunchback HBK-4G), Red 1 (Jenner JR7-D)."
        )
        assert journal.game.state.phase is Phase.WEAPON


async def test_undo_and_redo_say_what_they_took_back_and_gave_again(tmp_path, library):
    journal = movement_journal(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        assert screen.letters[screen.selected] == "s"  # the Shadow Hawk moves first
        await pilot.press("1", "f", "c")
        # Act
        await pilot.press("z")
        # Assert
        undone = [m for m in messages(app) if m.startswith("Undone: ")]
        assert undone == ["Undone: Kurita: Shadow Hawk [s] walks F to 0914"]
        await pilot.press("y")
        assert messages(app)[-1] == "Redone: Kurita: Shadow Hawk [s] walks F to 0914"


# ---------------------------------------------------------------- the objective in the header
@pytest.mark.parametrize(
    ("size", "header"),
    [
        pytest.param(
            (80, 24),
            "Hold the bridge   turn 1 of 8   Goal: Davion holds 0708+   movement",
            id="80x24",
        ),
        pytest.param(
            (120, 40),
            "BattleTech - Hold the bridge   turn 1 of 8   movement phase   Objective: Davion "
            "holds 0708, 0809, 0909 through turn 8",
            id="120x40",
        ),
    ],
)
async def test_the_header_names_the_objective_and_the_turn_limit(tmp_path, library, size, header):
    journal = new_journal(tmp_path, library, scenario="bridge")  # deployed by the scenario
    journal.execute(RollInitiative())
    app = HexmechApp(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = await open_screen(app, pilot, journal)
        text = str(screen.query_one("#bt-header").render())
        assert text.startswith(header)


def test_the_settings_file_is_what_the_prompt_reads(tmp_path, handover_prompt):
    """The preference the Settings screen writes is the one `handover_wanted` reads."""
    from tui.battletech.handover import handover_wanted  # noqa: PLC0415

    assert handover_wanted(tmp_path) is True  # no file: on
    save_preferences(tmp_path, Preferences(handover=False))
    assert json.loads((tmp_path / "settings.json").read_text())["handover"] is False


# ---------------------------------------------------------------- the objective's words
def test_the_objective_of_each_kind_in_full_and_short(tmp_path, library):
    import attrs  # noqa: PLC0415

    from engine.battletech.state import Victory  # noqa: PLC0415
    from engine.hexes import Hex  # noqa: PLC0415
    from tui.battletech.objective import heading, objective_text  # noqa: PLC0415

    state = new_journal(tmp_path, library).game.state  # Davion and Kurita

    def words(victory):
        changed = attrs.evolve(state, victory=victory)
        return objective_text(changed), objective_text(changed, short=True)

    assert words(Victory()) == ("Objective: destroy every enemy unit", "Goal: destroy all")
    assert words(Victory(cripple=True, turns=15)) == (
        "Objective: destroy or cripple every enemy unit (after turn 15: most tonnage)",
        "Goal: cripple all",
    )
    assert words(Victory("withdraw", side=1, turns=10, edge="N", count=2)) == (
        "Objective: Kurita gets 2 units off the north edge by turn 10",
        "Goal: Kurita 2 off N edge",
    )
    hold = Victory("hold", side=0, turns=8, hexes=(Hex.from_label("0808"),))
    assert words(hold) == (
        "Objective: Davion holds 0808 through turn 8",
        "Goal: Davion holds 0808",
    )
    long_title = attrs.evolve(state, title="A very long scenario title indeed, past 24")
    assert heading(long_title, "deployment", compact=True) == [
        "A very long scenario...",
        "deployment",
        "Goal: destroy all",
    ]
