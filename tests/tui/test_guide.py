"""The guide of a first game (issue 13 item 5): the tutorial, the phases explained, k and K.

The guide names its keys from the screens' bindings; these tests check that every key it can name
is bound, that it follows the game, and that hiding it and turning it off work (settings.json).
The other TUI tests draw the screens without it (``conftest._no_guide``); here the preferences
are the real file in the test's saves folder. Update the snapshots with
`python -m pytest tests/tui/test_guide.py --snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

import json

import pytest
from textual.binding import Binding
from textual.widgets._footer import FooterKey

from engine.battletech.commands import RollInitiative
from engine.papermech.state import Prompt
from saves.preferences import Preferences, load_preferences, save_preferences
from tests.tui.fakes import messages
from tests.tui.test_bt_combat import face_to_face
from tests.tui.test_bt_play import PLACES, deployed, library, new_journal  # noqa: F401
from tests.tui.test_main_menu import menu_keys
from tests.tui.test_papermech_screen import new_journal as paper_journal
from tui import guide as guide_module
from tui.app import HexmechApp
from tui.battletech import guide as bt
from tui.battletech.screen import BattleTechScreen
from tui.battletech.widgets.board import BTBoard
from tui.guide import GuidePanel, KeyHint, Lesson, bound_key, first_sentence, keys_text
from tui.papermech import guide as pm
from tui.papermech.screen import PaperMechScreen
from tui.papermech.widgets import choices

WIDE = (120, 40)
COMPACT = (80, 24)


def panel(app):
    return app.screen.query_one(GuidePanel)


def shown(app):
    """The lesson the guide shows (None when hidden), its tip, its keys line."""
    box = panel(app)
    if not box.has_class("-shown") or not box.shown:
        return None, None, ""
    lesson, tip, keys, *_ = box.shown
    return lesson, tip, keys


def footer_text(app):
    """The footer's key hints as one string."""
    return " ".join(f"{key.key} {key.description}" for key in app.screen.query(FooterKey))


def title(app):
    return shown(app)[0].title if shown(app)[0] is not None else None


def all_lessons(module):
    """Every lesson a ruleset's guide can show, with the classes that bind its keys."""
    if module is bt:
        lessons = [*bt.LESSONS.values(), *bt.PLOTTING.values(), *bt.TIPS.values()]
        lessons += [*bt.VEHICLE_LESSONS.values(), *bt.TROOP_LESSONS.values()]
        lessons.append(bt.NEXT_TURN_WITHOUT_MECHS)
        return lessons, (BattleTechScreen, BTBoard)
    return [*pm.STEPS.values(), pm.OVER, *pm.TIPS.values()], (PaperMechScreen,)


def bound_actions(owners):
    return {b.action for owner in owners for b in Binding.make_bindings(owner.BINDINGS)}


# ------------------------------------------------------------------ the keys are real
@pytest.mark.parametrize("module", [bt, pm], ids=["battletech", "papermech"])
def test_every_key_the_guide_names_is_bound_on_the_screen(module):
    """Each action a lesson names is bound (screen or board), so its key does what it says."""
    lessons, owners = all_lessons(module)
    bound = bound_actions(owners)
    named = 0
    for lesson in lessons:
        assert lesson.text.endswith("."), lesson
        assert lesson.title, lesson
        for hint in lesson.keys:
            for action in hint.actions:
                assert action in bound, (lesson.title, action)
                assert bound_key(owners, action), action
                named += 1
        line = keys_text(owners, lesson.keys)
        assert line.count(" · ") == len(lesson.keys) - 1, line
    assert named > 20 if module is bt else named > 10


def test_the_keys_line_names_the_bound_keys_and_leaves_out_the_unbound():
    owners = (BattleTechScreen, BTBoard)
    hints = (
        KeyHint(("mode('walk')",), "walk"),
        KeyHint(("initiative", "select"), "roll"),
        KeyHint(("no_such_action",), "nothing"),
        KeyHint(("turn(-1)",), "facing"),
    )
    assert keys_text(owners, hints) == "1 walk · i/Enter roll · [ ] facing"
    assert keys_text(owners, hints, acts=lambda action: action != "initiative") == (
        "1 walk · Enter roll · [ ] facing"
    )


def test_the_guide_keys_are_bound_on_both_screens_and_listed_in_help():
    for screen in (BattleTechScreen, PaperMechScreen):
        actions = {b.action: b.key for b in Binding.make_bindings(screen.BINDINGS)}
        assert actions["guide"] == "k"
        assert actions["guide_for_good"] == "K"


def test_first_sentence():
    assert first_sentence("One. Two. Three.") == "One."
    assert first_sentence("Only one.") == "Only one."


# ------------------------------------------------------------------ the tutorial
async def test_the_tutorial_entry_starts_the_guided_game(tmp_path, library):  # noqa: F811
    """Menu, Tutorial: a new save of the tutorial scenario, the guide on deployment."""
    save_preferences(tmp_path, Preferences(tutorial=False))  # the tutorial is guided anyway
    app = HexmechApp(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press(*menu_keys("tutorial"))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        assert screen.game.state.title == bt.TUTORIAL_TITLE
        assert screen.game.setup.computer == ("", "cautious")  # one side each: the computer's
        assert screen.is_person(0)
        assert not screen.is_person(1)
        assert len(screen.game.state.units) == 2
        assert screen.path is not None
        assert screen.path.parent == tmp_path
        assert title(app) == "Deployment"
        assert "Place each unit on a shaded hex" in str(panel(app).render())
        assert "Enter place" in shown(app)[2]


async def test_the_tutorial_says_so_when_its_save_cannot_be_made(tmp_path, library):  # noqa: F811
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    app = HexmechApp(blocked)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press(*menu_keys("tutorial"))
        await pilot.pause()
        assert not isinstance(app.screen, BattleTechScreen)
        (message,) = messages(app)
        assert message.startswith("Cannot create the save")
        assert "\n" not in message


async def test_the_guide_follows_the_phases_of_a_turn(tmp_path, library):  # noqa: F811
    """Deployment, initiative, movement (plot, tips), weapons, then heat and end at turn 2."""
    journal = new_journal(tmp_path, library, scenario=bt.TUTORIAL, seed=bt.TUTORIAL_SEED)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=journal))
    seen = []
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()

        async def press(*keys):
            await pilot.press(*keys)
            await pilot.pause()
            seen.append(title(app))

        seen.append(title(app))
        await press("enter")  # Davion places its Commando
        await press("enter")  # Kurita its Jenner
        assert journal.game.state.turn == 1
        assert "i/Enter roll" in shown(app)[2]
        await press("i")
        lesson, tip, keys = shown(app)
        assert lesson.title == "Movement"
        assert tip is bt.TIPS["select"]  # the first unit selected
        assert "1 walk" in keys
        assert "0 stand still" in keys
        assert "jump" not in keys  # the Commando has no jump jets (BT-M-20.4)
        await press("1")
        assert shown(app)[1] is None  # the tip went with its moment
        await press("f")
        lesson, tip, keys = shown(app)
        assert lesson.title == "Plotting a walk"
        assert tip is bt.TIPS["plot"]
        assert "f forward" in keys
        assert "c go" in keys
        await press("escape", "0")  # cancel, stand still
        await press("0")  # the other side stands still
        assert title(app) == "Movement done"
        await press("n")
        assert title(app) == "Weapon attacks"
        await press("space")  # every weapon that can hit
        lesson, tip, keys = shown(app)
        assert lesson.title == "Weapon attacks"
        assert tip is bt.TIPS["target"]
        assert "c declare" in keys
        assert "Esc take back" in keys
        await press("escape")
        assert shown(app)[1] is None
        while journal.game.state.phase.value in {"weapon attack", "physical attack"}:
            await press("h")
        assert journal.game.state.turn == 2
        assert title(app) == "Heat, end, and a new turn"
    for expected in ("Deployment", "Initiative", "Movement", "Plotting a walk", "Weapon attacks"):
        assert expected in seen


async def test_a_mech_without_jump_jets_is_offered_no_jump(tmp_path, library):  # noqa: F811
    """BT-M-20.4: the Commando cannot jump: the guide and the footer offer no jump; 3 is idle."""
    journal = new_journal(tmp_path, library, scenario=bt.TUTORIAL, seed=bt.TUTORIAL_SEED)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=journal))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("enter", "enter", "i")
        await pilot.pause()
        assert app.screen.selected is not None
        assert "1 walk" in shown(app)[2]
        assert "jump" not in shown(app)[2]
        assert "1 Walk" in footer_text(app)
        assert "Jump" not in footer_text(app)
        await pilot.press("3")
        await pilot.pause()
        assert app.screen.plot is None


async def test_the_physical_phase_has_its_lesson(tmp_path, library):  # noqa: F811
    """Face to face: both hold fire, then the physical attacks lesson with its keys."""
    save_preferences(tmp_path, Preferences(tutorial=True))
    journal = face_to_face(tmp_path, library)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=journal))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("i", "0", "0", "n", "h", "h")
        await pilot.pause()
        assert title(app) == "Physical attacks"
        assert "declare" in shown(app)[2]
        assert "no attack" in shown(app)[2]
        assert shown(app)[1] is None  # no first time here


# ------------------------------------------------------------------ hiding and turning off
async def test_k_hides_and_shows_and_shift_k_turns_it_off_for_good(tmp_path, library):  # noqa: F811
    """A game of the default scenario with the preference on (a new player): k, k, K, K."""
    journal = new_journal(tmp_path, library)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=journal))
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        assert title(app) == "Deployment"
        await pilot.press("k")
        assert title(app) is None
        assert not (tmp_path / "settings.json").exists()  # hidden for this game only
        await pilot.press("k")
        assert title(app) == "Deployment"
        await pilot.press("K")
        assert title(app) is None
        assert json.loads((tmp_path / "settings.json").read_text())["tutorial"] is False
        assert load_preferences(tmp_path)[0].tutorial is False
        await pilot.press("K")
        assert title(app) == "Deployment"
        assert load_preferences(tmp_path)[0].tutorial is True


async def test_the_guide_stays_when_the_terminal_grows(tmp_path, library):  # noqa: F811
    """80x24 to 120x40: the screen composes its wide layout, the guide its whole text."""
    journal = new_journal(tmp_path, library, scenario=bt.TUTORIAL)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=journal))
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        assert panel(app).shown[3] is True  # compact
        await pilot.resize_terminal(*WIDE)
        await pilot.pause()
        assert not app.screen.compact
        assert title(app) == "Deployment"
        assert panel(app).shown[3] is False
        assert "ghost at the cursor" in str(panel(app).render())


async def test_off_means_no_guide_in_a_new_game(tmp_path, library):  # noqa: F811
    save_preferences(tmp_path, Preferences(tutorial=False))
    journal = new_journal(tmp_path, library)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=journal))
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        assert not panel(app).display or not panel(app).has_class("-shown")
        assert title(app) is None
        await pilot.press("i", "enter", "enter")  # keys of play change nothing
        assert title(app) is None
        await pilot.press("k")  # k asks for it in this game
        assert title(app) is not None
        assert load_preferences(tmp_path)[0].tutorial is False


async def test_a_settings_file_that_cannot_be_written_is_one_line(tmp_path, library, monkeypatch):  # noqa: F811
    def full(directory, preferences):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(guide_module, "save_preferences", full)
    journal = new_journal(tmp_path, library)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=journal))
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.press("K")
        assert title(app) is None  # hidden all the same
        assert messages(app) == ["Cannot save the settings: No space left on device"]


async def test_no_guide_in_a_replay(tmp_path, library):  # noqa: F811
    journal = new_journal(tmp_path, library, scenario=bt.TUTORIAL)
    deployed(journal, ("0601 S", "0608 N"))
    journal.execute(RollInitiative())
    journal.close()
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen.replay_save(journal.path))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert app.screen.replaying
        assert title(app) is None
        await pilot.press("k", "K")
        assert title(app) is None
        assert not (tmp_path / "settings.json").exists()


# ------------------------------------------------------------------ Paper 'Mech
async def test_paper_mech_guides_the_first_wave_only(tmp_path):
    """Deploy, choose, the window's keys; no guide once wave 2 begins."""
    journal = paper_journal(tmp_path)
    app = HexmechApp(tmp_path, first=lambda: PaperMechScreen(journal=journal))
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        lesson, _, keys = shown(app)
        assert lesson is pm.STEPS[Prompt.DEPLOY]
        assert keys == "1-9 choose · l refit"
        await pilot.press("1")
        assert shown(app)[0] is pm.STEPS[Prompt.ACTION]
        assert shown(app)[2] == "1-9 choose"  # no refit once deployed
        await pilot.press("1")
        assert journal.game.state.prompt is Prompt.WINDOW
        assert shown(app)[0] is pm.STEPS[Prompt.WINDOW]
        assert shown(app)[2] == "Space wait · h haste · 1-9 choose"
        titles = set()
        while journal.game.state.wave <= 1 and not journal.game.summary.over:
            titles.add(title(app))
            await pilot.press("1")
        titles.add(title(app))
        assert journal.game.state.wave == 2
        assert title(app) is None
        assert "Stance for the next wave" in titles or "Wave won: repairs" in titles


async def test_paper_mech_off_means_no_guide(tmp_path):
    save_preferences(tmp_path, Preferences(tutorial=False))
    journal = paper_journal(tmp_path)
    app = HexmechApp(tmp_path, first=lambda: PaperMechScreen(journal=journal))
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        assert title(app) is None
        await pilot.press("1")
        assert title(app) is None


async def test_paper_mech_k_and_shift_k(tmp_path):
    journal = paper_journal(tmp_path)
    app = HexmechApp(tmp_path, first=lambda: PaperMechScreen(journal=journal))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("k")
        assert title(app) is None
        await pilot.press("k")
        assert title(app) == "Deploy"
        await pilot.press("K")
        assert title(app) is None
        assert load_preferences(tmp_path)[0].tutorial is False


async def test_paper_mech_first_refusal_has_its_tip(tmp_path):
    journal = paper_journal(tmp_path)
    app = HexmechApp(tmp_path, first=lambda: PaperMechScreen(journal=journal))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("1", "colon", *"wait", "enter")  # no window to wait in yet
        await pilot.pause()
        assert messages(app)
        lesson, tip, keys = shown(app)
        assert lesson is pm.STEPS[Prompt.ACTION]
        assert tip is pm.TIPS["refusal"]
        assert keys == "1-9 choose · ? the rules"


def test_paper_mech_has_a_step_for_every_question():
    """Every prompt the player answers in a wave has its lesson (OVER and NONE ask nothing)."""
    assert set(pm.STEPS) == set(Prompt) - {Prompt.OVER, Prompt.NONE}
    assert all(isinstance(lesson, Lesson) for lesson in pm.STEPS.values())


# ------------------------------------------------------------------ snapshots
def tutorial_app(saves, library, *, move=False):  # noqa: F811
    journal = new_journal(saves, library, scenario=bt.TUTORIAL, seed=bt.TUTORIAL_SEED)
    if move:
        deployed(journal, ("0601 S", "0608 N"))
        journal.execute(RollInitiative())
    return HexmechApp(saves, first=lambda: BattleTechScreen(journal=journal))


@pytest.mark.parametrize("size", [COMPACT, WIDE], ids=["80x24", "120x40"])
def test_snapshot_battletech_deployment(snap_compare, tmp_path, library, size):  # noqa: F811
    """The tutorial's first screen: the guide at the top of the side panels."""
    assert snap_compare(tutorial_app(tmp_path, library), terminal_size=size)


@pytest.mark.parametrize("size", [COMPACT, WIDE], ids=["80x24", "120x40"])
def test_snapshot_battletech_plotting_with_a_tip(snap_compare, tmp_path, library, size):  # noqa: F811
    """Movement: a walk plotted one hex, the first-time tip with the plotting keys."""
    app = tutorial_app(tmp_path, library, move=True)
    assert snap_compare(app, press=["1", "f"], terminal_size=size)


@pytest.mark.parametrize("size", [COMPACT, WIDE], ids=["80x24", "120x40"])
def test_snapshot_paper_mech_first_action(snap_compare, tmp_path, size):
    """Wave 1's first action: the guide along the bottom, above the keys."""
    journal = paper_journal(tmp_path)
    journal.execute(choices(journal.game.state)[0].command)
    app = HexmechApp(tmp_path, first=lambda: PaperMechScreen(journal=journal))
    assert snap_compare(app, terminal_size=size)


# ------------------------------------------------------------------ the lesson of each phase
class _Screen:
    """What `BattleTechTutor` reads of the play screen: the game, the plot, the selection."""

    def __init__(self, state, *, plot=None, selected=None):
        self.game = type("G", (), {"state": state})()
        self.plot = plot
        self.selected = selected
        self.attacks = type("A", (), {"aim": None})()
        mechs = tuple(i for i, u in enumerate(state.units) if u.is_mech)  # End phase orders
        self.special = type("S", (), {"end_phase_units": lambda _self, _state: mechs})()


@pytest.mark.parametrize(
    ("phase", "turn", "expected"),
    [
        ("deployment", 1, "Deployment"),
        ("initiative", 1, "Initiative"),
        ("initiative", 3, "Heat, end, and a new turn"),
        ("weapon attack", 2, "Weapon attacks"),
        ("physical attack", 2, "Physical attacks"),
        ("over", 4, "The game is over"),
    ],
)
def test_the_battletech_lesson_of_each_phase(tmp_path, library, phase, turn, expected):  # noqa: F811
    import attrs  # noqa: PLC0415

    from engine.battletech.state import Phase  # noqa: PLC0415

    journal = new_journal(tmp_path, library, scenario=bt.TUTORIAL)
    journal.close()
    state = attrs.evolve(journal.game.state, phase=Phase(phase), turn=turn)
    assert bt.BattleTechTutor().lesson(_Screen(state)).title == expected
