"""The help pages (issue 13 item 3): true, grouped, keys as typed, nothing cut, this screen's keys.

Grouped by mode and phase; only the keys of the screen help was opened from.

Help is opened as a player would: from the main menu, in a BattleTech game (played and replayed),
in a Paper 'Mech game, and in the read-only replay browser (the SSH viewer) and a replay watched
from it. The page shown (`HelpScreen.markdown`, and the lines `PageView` draws) is checked.
"""

from __future__ import annotations

import re

import pytest
from textual.binding import Binding

from engine.battletech.commands import RollInitiative
from tests.tui.replay_games import bt_save, paper_save
from tests.tui.test_bt_play import PLACES, deployed, library, new_journal  # noqa: F401
from tui.app import HexmechApp
from tui.battletech.rules import BOARD_GROUPS, KEY_GROUPS, BTRulesScreen
from tui.battletech.screen import BattleTechScreen
from tui.battletech.widgets.board import BTBoard
from tui.browse import BrowseApp
from tui.papermech.rules import KEY_GROUPS as PAPER_GROUPS
from tui.papermech.rules import PaperRulesScreen
from tui.papermech.screen import PaperMechScreen
from tui.screens._page import PageView, parse, plain_lines
from tui.screens.help import HelpScreen, key_name

COMPACT = (80, 24)
WIDE = (120, 40)

RAW_KEY = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b|\b[A-Z]+(?:_[A-Z]+)+\b")
"""A Textual key identifier (less_than_sign, LESS_THAN_SIGN, question_mark, ...)."""

PLAY_HEADINGS = (
    "Deployment",
    "Initiative and Movement: orders",
    "Movement: plotting a move",
    "Weapon attacks",
    "Physical attacks",
    "Any phase of play",
)
"""The BattleTech play groups: never in a replay."""


def keys_of(page: str) -> str:
    """The keys part of a help page (before the prose)."""
    return page.split("## About hexmech", maxsplit=1)[0].split("## Watching", maxsplit=1)[0]


def section(page: str, heading: str) -> str:
    """The lines under one ``###`` heading of a page."""
    start = page.index(f"### {heading}")
    rest = page[start + 4 :]
    end = rest.find("\n#")
    return rest if end < 0 else rest[:end]


def assert_drawn_whole(app, width: int) -> None:
    """Every line the page draws is the screen's width, and every word of the page is drawn."""
    view = app.screen.query_one(PageView)
    lines = view.lines(view.size.width)
    assert view.size.width <= width
    assert all(line.cell_length == view.size.width for line in lines)
    drawn = set(" ".join(line.text for line in lines).split())
    for kind, _, rows in parse(view.source):
        for row in rows:
            for cell in row[1:] if kind in {"numbers", "bullets"} else row:
                for word in re.sub(r"\*\*|`", "", cell).split():
                    assert word in drawn, (word, cell)


def assert_clean(page: str) -> None:
    """No raw key identifier, and no claim that attacks are missing."""
    keys = keys_of(page)
    assert not RAW_KEY.findall(keys), RAW_KEY.findall(keys)
    assert "not in this release" not in page
    assert "come next" not in page


# ------------------------------------------------------------------ key names
@pytest.mark.parametrize(
    ("key", "name"),
    [
        ("less_than_sign", "<"),
        ("greater_than_sign", ">"),
        ("full_stop", "."),
        ("comma", ","),
        ("slash", "/"),
        ("minus", "-"),
        ("plus", "+"),
        ("equals_sign", "="),
        ("left_square_bracket", "["),
        ("pageup", "PgUp"),
        ("pagedown", "PgDn"),
        ("ctrl+z", "Ctrl+Z"),
        ("shift+tab", "Shift+Tab"),
        ("f1", "F1"),
        ("space", "Space"),
        ("u", "u"),
    ],
)
def test_keys_are_named_as_a_person_types_them(key, name):
    assert key_name(key) == name


@pytest.mark.parametrize(
    ("owner", "groups"),
    [(BattleTechScreen, KEY_GROUPS), (BTBoard, BOARD_GROUPS), (PaperMechScreen, PAPER_GROUPS)],
)
def test_every_key_of_the_game_screens_is_under_a_heading(owner, groups):
    """No binding is left for "Other keys": each is in a group that says what it does there."""
    patterns = {pattern for group in groups for pattern, _ in group.keys}
    for binding in Binding.make_bindings(owner.BINDINGS):
        name = binding.action.partition("(")[0]
        assert binding.action in patterns or name in patterns, binding


# ------------------------------------------------------------------ the menu
async def test_help_from_the_menu_lists_the_menu_keys_and_the_game_modes(tmp_path):
    app = HexmechApp(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        page = app.screen.markdown
        assert page.startswith("## Keys: Main menu")
        assert "### Main menu" in page
        assert "### Everywhere" in page
        assert "**BattleTech**" in page
        assert "**Paper 'Mech**" in page
        # Only this screen's keys: no game's, no other screen's
        assert "Weapon attacks" not in page
        assert "### Saved games" not in page
        assert_clean(page)
        assert_drawn_whole(app, COMPACT[0])
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


# ------------------------------------------------------------------ BattleTech
def bt_play_app(saves, library):  # noqa: F811
    """The default scenario deployed, initiative rolled: the Movement phase."""
    journal = new_journal(saves, library)
    deployed(journal, PLACES)
    journal.execute(RollInitiative())
    return HexmechApp(saves, first=lambda: BattleTechScreen(journal=journal))


@pytest.mark.parametrize("size", [COMPACT, WIDE])
async def test_help_in_a_battletech_game_groups_the_keys_by_phase(tmp_path, library, size):  # noqa: F811
    app = bt_play_app(tmp_path, library)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        page = app.screen.markdown
        for heading in (*PLAY_HEADINGS, "Any time", "The board", "This help page"):
            assert f"### {heading}" in page, heading
        assert "### Replay" not in page
        assert "### Other keys" not in page
        # u and Tab mean different things in different phases: each is said where it applies
        assert "`u`" in section(page, "Movement: plotting a move")
        assert "stand up" in section(page, "Movement: plotting a move")
        assert "the next / previous unit to declare" in section(page, "Weapon attacks")
        assert "`Tab`" in section(page, "Weapon attacks")
        assert "enemy as the target" in section(page, "Weapon attacks")
        assert "`Tab`" in section(page, "Initiative and Movement: orders")
        # the board takes q: the app's quit on q is not offered here, Ctrl+Q is
        assert "`q`" not in section(page, "Everywhere")
        assert "`Ctrl+Q`" in section(page, "Everywhere")
        assert "`1-9`" in section(page, "Weapon attacks")
        # the phase the game is in comes first among the game's keys, marked
        now = "### Initiative and Movement: orders (BT-M-10, BT-M-11) (now)"
        assert now in page
        assert page.index(now) < page.index("### Deployment")
        assert page.count("(now)") == 1
        assert_clean(page)
        assert_drawn_whole(app, size[0])


async def test_help_in_a_battletech_replay_lists_only_replay_keys(tmp_path, library):  # noqa: F811
    path = bt_save(tmp_path, library, commands=30)
    from saves.journal import read_game  # noqa: PLC0415

    game = read_game(path.read_bytes()).game
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(game=game, path=path))
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        page = app.screen.markdown
        assert "### Replay" in page
        assert "`<`, `>`: the start of the previous / next turn" in page
        for heading in (*PLAY_HEADINGS, "The board"):
            assert f"### {heading}" not in page, heading
        assert "undo" not in keys_of(page)
        assert_clean(page)
        assert_drawn_whole(app, COMPACT[0])


async def test_question_mark_in_a_battletech_game_shows_the_grouped_keys_and_rules(
    tmp_path,
    library,  # noqa: F811
):
    app = bt_play_app(tmp_path, library)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, BTRulesScreen)
        page = app.screen.markdown
        for heading in ("Weapon attacks (BT-C-1..35)", "Physical attacks (BT-C-36..48)"):
            assert f"### {heading}" in page
        assert "## How a game goes" in page
        assert_clean(page)
        assert_drawn_whole(app, COMPACT[0])
        # F1 from the rules page is the help of the rules page, and goes back to it
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, BTRulesScreen)


# ------------------------------------------------------------------ Paper 'Mech
async def test_help_in_a_paper_mech_game_lists_its_play_keys(tmp_path):
    from tui.papermech.screen import factory  # noqa: PLC0415

    app = HexmechApp(tmp_path, screens={"papermech": factory})
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("down", "enter")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PaperMechScreen)
        await pilot.press("f1")
        await pilot.pause()
        page = app.screen.markdown
        assert page.startswith("## Keys: Paper 'Mech: play and replay")
        assert "### Playing (PM-5..PM-9)" in page
        assert "`1-9`: take choice 1-9" in page
        assert "`u`: undo the last command" in page
        assert "### Replay" not in page
        # BattleTech's keys are not Paper 'Mech's
        assert "`z`" not in keys_of(page)
        assert_clean(page)
        assert_drawn_whole(app, COMPACT[0])
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, PaperRulesScreen)
        assert_drawn_whole(app, COMPACT[0])


# ------------------------------------------------------------------ the read-only viewer
@pytest.fixture
def saves_folder(tmp_path_factory, library):  # noqa: F811
    folder = tmp_path_factory.mktemp("saves")
    bt_save(folder, library, commands=30)
    paper_save(folder, name="papermech-ann", seed=11)
    return folder


async def test_the_read_only_browser_lists_no_play_key_and_no_delete(saves_folder):
    app = BrowseApp(saves_folder, read_only=True)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        page = app.screen.markdown
        assert page.startswith("## Keys: Replay browser")
        assert "Watch the highlighted save" in page
        assert "Delete" not in page
        for word in ("undo", "Weapon attacks", "New game", "hot-seat", "Continue"):
            assert word not in page, word
        assert "## Watching" in page
        assert_clean(page)
        assert_drawn_whole(app, COMPACT[0])
        # A BattleTech replay watched from it: the replay keys, none of play
        await pilot.press("escape", "slash", *"river", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, BattleTechScreen)
        await pilot.press("f1")
        await pilot.pause()
        page = app.screen.markdown
        assert "### Replay" in page
        for heading in (*PLAY_HEADINGS, "The board"):
            assert f"### {heading}" not in page, heading
        for word in ("undo", "fire weapon", "Delete"):
            assert word not in keys_of(page), word
        assert_clean(page)


def test_plain_lines_wrap_to_the_width():
    """The page renderer wraps prose, lists, key tables and code lines; nothing is longer."""
    source = (
        "## A heading\n\n"
        + "word " * 40
        + "\n\n- `Tab`, `Shift+Tab`: "
        + "the next unit " * 10
        + "\n\n```\n  cmd ARG      "
        + "text " * 30
        + "\n```\n"
    )
    lines = plain_lines(source, 40)
    assert max(len(line) for line in lines) <= 40
    assert sum(line.count("word") for line in lines) == 40
    assert sum(line.count("text") for line in lines) == 30
