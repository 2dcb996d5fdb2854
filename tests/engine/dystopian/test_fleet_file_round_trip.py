"""Property: any fleet written by `format_fleet` reads back equal (DW-22; the README format).

The reader keeps what a file says, legal or not; legality is `fleet_problems`' (test_fleet.py).
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dystopian.data.fleetfile import MAX_COUNT, MAX_MFV, format_fleet, parse_fleet
from engine.dystopian.fleet import BaseForce, EscortGroup, Fleet, GameType, Squadron, Wing
from engine.dystopian.models import TinyKind
from tests.engine.dystopian._assets import models

_LONG_NUMBER = re.compile(r"[0-9_]{10,}")
_TEXT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"),
    min_size=1,
    max_size=30,
).filter(lambda s: s.strip() != "" and not _LONG_NUMBER.search(s))
_MODELS = st.sampled_from(sorted(models()))
_WINGS = st.lists(
    st.builds(Wing, st.sampled_from(list(TinyKind)), st.integers(1, 5)), max_size=4
).map(tuple)


@st.composite
def _squadron(draw: st.DrawFn) -> Squadron:
    model = models()[draw(_MODELS)]
    options = draw(st.lists(st.sampled_from([o.id for o in model.options] or ["-"]), unique=True))
    escorts = draw(
        st.lists(
            st.builds(EscortGroup, _MODELS.map(models().__getitem__), st.integers(1, MAX_COUNT)),
            max_size=2,
        )
    )
    return Squadron(
        model=model,
        count=draw(st.integers(1, MAX_COUNT)),
        options=tuple(o for o in options if o != "-"),
        escorts=tuple(escorts),
        wings=draw(_WINGS),
    )


@st.composite
def fleets(draw: st.DrawFn) -> Fleet:
    """Any fleet of the bundled models, legal or not."""
    squadrons = tuple(draw(st.lists(_squadron(), min_size=1, max_size=5)))
    return Fleet(
        name=draw(_TEXT),
        mfv=draw(st.integers(1, MAX_MFV)),
        game=draw(st.sampled_from(list(GameType))),
        base_force=draw(st.sampled_from(list(BaseForce))),
        squadrons=squadrons,
        free_wings=draw(_WINGS),
        commodore=draw(st.none() | st.integers(0, len(squadrons) - 1)),
    )


@settings(max_examples=150, deadline=None)
@given(fleets())
def test_parse_of_format_is_identity(fleet):
    """parse_fleet(format_fleet(fleet)) == fleet for every fleet of known models."""
    assert parse_fleet(format_fleet(fleet), models()) == fleet
