"""The interface registry: every ruleset's UI by name, imported lazily (issue 12, item 2)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from engine import registry as rules
from tests.conftest import REPO
from tui import registry


@pytest.mark.parametrize("name", list(rules.BUILTIN))
def test_a_builtin_ruleset_has_its_interface_at_tui_name_ui(name):
    ui = registry.get(name)
    assert ui is not None
    assert registry.spec_of(name) == f"tui.{name}:UI"
    assert ui.name == name
    assert ui.title == rules.get(name).title or ui.title
    assert registry.title(name) == ui.title


@pytest.mark.parametrize("name", list(rules.BUILTIN))
def test_every_builtin_interface_gives_what_the_generic_code_asks(name):
    """The attributes and sections of `tui.ui.RulesetUI`, and the named modules exist."""
    ui = registry.get(name)
    assert ui is not None
    assert ui.tagline
    assert ui.help_intro.startswith(f"- **{ui.title}**")
    for heading, owner in [*ui.help_sections(), *ui.replay_sections()]:
        assert heading.startswith(ui.title)
        assert hasattr(owner, "BINDINGS")
    for spec in (ui.sim, ui.validate, ui.scores):
        if spec is not None:
            module, _, attribute = spec.partition(":")
            assert hasattr(importlib.import_module(module), attribute), spec


def test_the_menu_lists_the_builtin_rulesets_in_their_order():
    assert [ui.name for ui in registry.all_uis()][: len(rules.BUILTIN)] == list(rules.BUILTIN)


def test_a_ruleset_without_an_interface_is_played_headless_only():
    """The race ruleset is known to the engine (conftest) but names no interface by default."""
    assert "race" in rules.available()
    assert registry.title("nosuch") == "nosuch"
    assert registry.get("nosuch") is None


def test_starting_the_menu_imports_no_game_screen():
    """The app, the menu's entries, help's intro and the banner come from the UI objects alone."""
    code = (
        "import sys\n"
        "import tui.app, tui.screens, tui.screens.menu as m, tui.widgets.banner as b\n"
        "import tui.screens.help as h\n"
        "m.menu_entries(); b.subtitle(); h.intro_markdown()\n"
        "screens = ('screen', 'setup', 'games', 'rules')\n"
        "loaded = sorted(n for n in sys.modules if n.startswith(('tui.battletech.',"
        " 'tui.papermech.')) and n.rsplit('.', 1)[1] in screens)\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_the_banner_names_every_game_of_the_menu_within_80_columns() -> None:
    """Four rulesets' names fill a line: the subtitle drops its lead-in rather than be cut."""
    from tui.widgets.banner import SUBTITLE_WIDTH, subtitle  # noqa: PLC0415

    line = subtitle()
    assert len(line) <= SUBTITLE_WIDTH
    for ui in registry.all_uis():
        if ui.menu:
            assert ui.tagline in line
