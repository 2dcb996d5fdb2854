"""The Paper 'Mech rules page: it opens, covers the catalogue and the keys, and closes."""

from __future__ import annotations

import pytest

from engine.papermech.tables import ENEMIES, WEAPONS, Special, Weapon
from tests.tui.test_loadout_builder import Host
from tui.app import HexmechApp
from tui.papermech.rules import (
    RULES_MARKDOWN,
    SPECIAL_RULES,
    PaperRulesScreen,
    lines_table,
    weapons_table,
)
from tui.screens._page import PageView
from tui.screens.help import help_markdown, key_sections

SIZE = (80, 24)


async def test_the_page_opens_and_names_every_weapon():
    """Every one of the 13 weapons, and its special, is on the page shown."""
    app = Host(PaperRulesScreen())
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, PaperRulesScreen)
        source = app.screen.query_one("#rules-page", PageView).source
        assert source == RULES_MARKDOWN
        for weapon in Weapon:
            assert weapon.label in source, weapon
        for special in Special:
            assert special.value in source, special


def test_the_tables_come_from_the_catalogue():
    """PM-11's numbers, as the engine has them: a row per weapon, a row of lines per weapon."""
    assert weapons_table().count("\n") == 1 + len(WEAPONS)
    assert "| Missiles | Recoil | L | any | 3 | 3 |" in weapons_table()
    assert "| Wing Shield | Reflex | - | shoulder | 1 | 4 |" in weapons_table()
    assert "| Tower Shield | Wall | C | arm | 4 | 5 |" in weapons_table()
    assert "| Fist | Punch P2 T2 | Uppercut P5 T3 | Crush P1 T3 |" in lines_table()
    assert set(SPECIAL_RULES) == set(Special)


@pytest.mark.parametrize(
    "topic",
    [
        "## The time track",
        "**wait**",
        "**haste**",
        "**change**",
        "## The radar",
        "**RR** and **RL**",
        "**shaded**",
        "## How enemies act",
        "## Hit location and damage",
        "## Stance",
        "## Weapons",
        "## Waves",
        "## Repairs",
        "## Winning and scoring",
        "## Keys of the play screen",
    ],
)
def test_the_summary_covers_each_topic(topic):
    """The sections the brief asks for are all there."""
    assert topic in RULES_MARKDOWN


def test_every_enemy_is_on_the_page():
    """PM-3.1: the six enemy cards."""
    for profile in ENEMIES.values():
        assert profile.title in RULES_MARKDOWN


@pytest.mark.parametrize("key", ["`Space`", "`h`", "`1`-`9`", "`u` / `r`", "`:`", "`l`", "`?`"])
def test_the_play_screen_keys_are_listed(key):
    """The keys of the Paper 'Mech play screen."""
    assert f"| {key} |" in RULES_MARKDOWN


@pytest.mark.parametrize("key", ["escape", "q"])
async def test_escape_or_q_closes_the_page(key):
    """Either key dismisses the screen."""
    app = Host(PaperRulesScreen())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("pagedown", "end", "home", key)
        assert not isinstance(app.screen, PaperRulesScreen)
    assert app.results == [None]


def test_the_help_page_lists_the_keys_of_the_paper_mech_screens():
    """The new-game form, the loadout builder and the rules page join the help page."""
    page = help_markdown(key_sections(HexmechApp))
    assert "### Paper 'Mech: new game" in page
    assert "- `Ctrl+S`: Start the game" in page
    assert "### Paper 'Mech: loadout" in page
    assert "- `d`: Go back to the default loadout (PM-11.2)" in page
    assert "### Paper 'Mech: rules" in page
    assert "- `Esc`, `q`: Close the rules" in page
