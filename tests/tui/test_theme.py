"""Themes: exact xterm-256 colours, a grey-only mono theme, chosen by flag or NO_COLOR."""

from __future__ import annotations

import itertools

import pytest
from textual.color import Color

from tui.theme import HEXMECH_THEME, MONO_THEME, THEMES, wants_mono

CUBE = (0x00, 0x5F, 0x87, 0xAF, 0xD7, 0xFF)
XTERM_256 = {(r, g, b) for r, g, b in itertools.product(CUBE, repeat=3)} | {
    (v, v, v) for v in range(8, 248, 10)
}
"""The colours 16-255 of the xterm palette: the 6x6x6 cube and the grey ramp."""

COLOUR_FIELDS = (
    "primary",
    "secondary",
    "accent",
    "warning",
    "error",
    "success",
    "foreground",
    "background",
    "surface",
    "panel",
)


def base_colours(theme):
    """Return the theme's base colours as RGB triples."""
    values = [getattr(theme, name) for name in COLOUR_FIELDS]
    values += [v for v in theme.variables.values() if v.startswith("#")]
    return [Color.parse(value).rgb for value in values]


@pytest.mark.parametrize("theme", THEMES, ids=lambda t: t.name)
def test_every_base_colour_is_an_xterm_256_colour(theme):
    """A 256-colour terminal shows exactly the colours chosen."""
    for rgb in base_colours(theme):
        assert rgb in XTERM_256, rgb


def test_mono_theme_has_no_hue():
    """Black, white and greys only."""
    for r, g, b in base_colours(MONO_THEME):
        assert r == g == b


def test_both_themes_are_dark():
    """The amber theme and the mono one are both light-on-dark."""
    assert HEXMECH_THEME.dark
    assert MONO_THEME.dark


@pytest.mark.parametrize(
    ("mono", "environ", "expected"),
    [
        (False, {}, False),
        (True, {}, True),
        (False, {"NO_COLOR": "1"}, True),
        (False, {"NO_COLOR": ""}, False),  # no-color.org: only a non-empty value counts
        (True, {"NO_COLOR": ""}, True),
    ],
)
def test_wants_mono_follows_the_flag_and_no_color(mono, environ, expected):
    """The flag or a non-empty NO_COLOR select the monochrome theme."""
    assert wants_mono(mono=mono, environ=environ) is expected


async def test_app_uses_the_hexmech_theme_by_default(make_app):
    """A colour terminal gets the amber theme."""
    app = make_app()
    async with app.run_test(size=(80, 24)):
        assert app.theme == "hexmech"


async def test_app_uses_the_mono_theme_when_asked(make_app):
    """mono=True selects the grey theme."""
    app = make_app(mono=True)
    async with app.run_test(size=(80, 24)):
        assert app.theme == "hexmech-mono"


async def test_app_uses_the_mono_theme_under_no_color(make_app, monkeypatch):
    """NO_COLOR=1 in the environment selects the grey theme without a flag."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()
    async with app.run_test(size=(80, 24)):
        assert app.theme == "hexmech-mono"
