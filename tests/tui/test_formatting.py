"""Small formatting helpers of the save table and the help page."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from tests.tui.fakes import BATTLETECH, DAMAGED, PAPERMECH
from tui.app import HexmechApp
from tui.screens.help import help_markdown, key_name, key_sections, keys_list
from tui.screens.saves import describe
from tui.widgets.save_table import format_size, format_started, format_status, shorten


@pytest.mark.parametrize(
    ("size", "text"),
    [
        (0, "0 B"),
        (999, "999 B"),
        (1000, "1.0 kB"),
        (12_345, "12 kB"),
        (1_234_567, "1.2 MB"),
        (5 * 10**12, "5000 GB"),
    ],
)
def test_format_size(size, text):
    """Sizes read like a file manager's, in powers of 1000."""
    assert format_size(size) == text


def test_format_started_of_unknown_time_is_a_dash():
    """A damaged save has no start time."""
    assert format_started(None) == "-"


def test_format_started_of_a_naive_time_is_as_written():
    """Naive times are shown as they are."""
    assert format_started(datetime(2025, 3, 1, 18, 30)) == "2025-03-01 18:30"  # noqa: DTZ001


def test_format_started_of_an_aware_time_is_local(monkeypatch):
    """Times with a zone are shown in the player's local time."""
    created = datetime(2025, 3, 1, 18, 30, tzinfo=UTC)
    local = created.astimezone()
    assert format_started(created) == local.strftime("%Y-%m-%d %H:%M")
    other = created.astimezone(timezone(timedelta(hours=5)))
    assert format_started(other) == format_started(created)


def test_format_status_prefers_the_result_and_flags_damage():
    """Finished games show who won; damaged ones say damaged."""
    assert format_status(PAPERMECH) == "in progress"
    assert format_status(BATTLETECH) == "Red wins"
    assert format_status(DAMAGED) == "damaged"


@pytest.mark.parametrize(
    ("name", "width", "text"),
    [
        ("short", 10, "short"),
        ("exactly-10", 10, "exactly-10"),
        ("papermech-20250301-183000", 16, "papermec…-183000"),
    ],
)
def test_shorten_keeps_both_ends(name, width, text):
    """Long names lose their middle, never more than the room allows."""
    assert shorten(name, width) == text
    assert len(shorten(name, width)) <= width


def test_describe_names_players_and_length_or_the_damage():
    """The detail line of a good save and of a damaged one."""
    assert describe(BATTLETECH) == (
        "battletech-20250228-201000.jsonl - Red, Blue - 310 commands - 1.2 MB"
    )
    assert describe(DAMAGED) == "broken.jsonl:1: not a hexmech save (no header line)"


@pytest.mark.parametrize(
    ("key", "name"),
    [("question_mark", "?"), ("ctrl+q", "Ctrl+Q"), ("f1", "F1"), ("d", "d"), ("escape", "Esc")],
)
def test_key_name_spells_keys_as_printed(key, name):
    """Key names as they appear on keyboards."""
    assert key_name(key) == name


def test_keys_list_groups_keys_by_action_and_skips_hidden_helpers():
    """One line per action; bindings without a description are not documented."""
    text = keys_list(HexmechApp.BINDINGS)
    assert text.splitlines() == [
        "- `?`, `F1`: Open or close the help",
        "- `q`, `Ctrl+Q`: Quit hexmech",
    ]


def test_help_page_covers_every_screen_and_the_game_modes():
    """The page introduces both games and has a key section for every screen."""
    page = help_markdown(key_sections(HexmechApp))
    for heading in ("Everywhere", "Main menu", "Saved games", "Questions (yes/no)", "Help"):
        assert f"### {heading}" in page
    assert "**BattleTech**" in page
    assert "**Paper 'Mech**" in page
