"""Property: any valid card written by `format_model` reads back equal (DW-4; the README format)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dystopian.data.modelfile import LIMITS, format_model, parse_model
from engine.dystopian.models import (
    BANDS,
    DOMAIN_TYPES,
    FREE_TYPES,
    NAVAL_TEMPLATES,
    TYPE_SIZES,
    Arc,
    Diving,
    Domain,
    MarRef,
    ModelCard,
    ModelOption,
    ModelType,
    Size,
    Turn,
    Weapon,
    WeaponKind,
)
from tests.engine.dystopian._assets import catalogue

_TEXT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"),
    min_size=1,
    max_size=30,
).filter(lambda s: s.strip() != "")
"""Names: any printable text, digits included (only integer values are limited in length)."""
_IDS = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True)


def _stat(name: str) -> st.SearchStrategy[int]:
    low, high = LIMITS[name]
    return st.integers(low, high)


@st.composite
def _mars(draw: st.DrawFn, *, weapon: bool) -> tuple[MarRef, ...]:
    usable = sorted(
        m.id for m in catalogue().mars.values() if not m.wing and (m.weapon or not weapon)
    )
    ids = draw(st.lists(st.sampled_from(usable), max_size=3, unique=True))
    return tuple(
        MarRef(i, draw(st.integers(1, 99)) if catalogue().mars[i].value else None) for i in ids
    )


_GENERATORS = st.lists(st.sampled_from(sorted(catalogue().generators)), max_size=3).map(tuple)


@st.composite
def _weapon(draw: st.DrawFn, name: str, *, diving: bool) -> Weapon:
    kind = draw(st.sampled_from(list(WeaponKind)))
    if kind is WeaponKind.MINE:
        arc = Arc.DROPPED
    elif kind is WeaponKind.BOMB:
        arc = Arc.CHANNEL_AFT
    else:
        arc = draw(st.sampled_from([a for a in Arc if a is not Arc.DROPPED]))
    band = st.none() | _stat("ad")
    if kind.contact_only:
        ad: tuple[int | None, ...] = (draw(_stat("ad")), None, None, None)
    else:
        ad = tuple(
            draw(
                st.lists(band, min_size=BANDS, max_size=BANDS).filter(
                    lambda b: any(x is not None for x in b)
                )
            )
        )
    return Weapon(
        name=name,
        kind=kind,
        arc=arc,
        ad=ad,
        mars=draw(_mars(weapon=True)),
        tesla=kind is WeaponKind.SECONDARY and draw(st.booleans()),
        submerged=diving and kind is not WeaponKind.TORPEDO and draw(st.booleans()),
    )


@st.composite
def _option(draw: st.DrawFn, ident: str) -> ModelOption:
    generators = draw(_GENERATORS)
    mars = draw(_mars(weapon=False))
    if not generators and not mars:
        generators = ("shield",)
    return ModelOption(ident, draw(_TEXT), draw(st.integers(0, 999)), generators, mars)


@st.composite
def model_cards(draw: st.DrawFn) -> ModelCard:
    """A valid card of any domain and type, against the bundled catalogue."""
    domain = draw(st.sampled_from(list(Domain)))
    kind = draw(st.sampled_from([*DOMAIN_TYPES[domain], *FREE_TYPES]))
    size = draw(st.sampled_from([s for s in TYPE_SIZES[kind] if s is not Size.TINY]))
    free = kind in (ModelType.CREATURE, ModelType.ROBOT)
    flying = domain is Domain.AIR or (free and draw(st.booleans()))
    diving = {ModelType.SUBMARINE: Diving.SEA, ModelType.BURROWER: Diving.LAND}.get(kind)
    if free and not flying:
        diving = draw(st.none() | st.sampled_from(list(Diving)))
    if domain is Domain.NAVAL:
        turns = [Turn.LARGE, Turn.FREE] if size is Size.MASSIVE else [*NAVAL_TEMPLATES, Turn.FREE]
    else:
        turns = [t for t in Turn if not t.is_template]
    names = draw(st.lists(_TEXT, max_size=4, unique=True))
    option_ids = draw(st.lists(_IDS, max_size=2, unique=True))
    mv = draw(_stat("mv"))
    dr = draw(_stat("dr"))
    low = draw(st.integers(1, 20))
    capacity = draw(st.integers(0, 20))
    return ModelCard(
        id=draw(_TEXT),
        name=draw(_TEXT),
        domain=domain,
        type=kind,
        size=size,
        capital=draw(st.booleans()),
        points=draw(_stat("points")),
        squadron=(low, draw(st.integers(low, 20))),
        mv=mv,
        min_move=draw(st.integers(0, mv)),
        turn=draw(st.sampled_from(turns)),
        dr=dr,
        cr=draw(st.integers(dr, 40)),
        hp=draw(_stat("hp")),
        ap=draw(_stat("ap")),
        aa=draw(_stat("aa")),
        cc=draw(_stat("cc")),
        rr=draw(_stat("rr")),
        weapons=tuple(draw(_weapon(n, diving=diving is not None)) for n in names),
        mars=draw(_mars(weapon=False)),
        generators=draw(_GENERATORS),
        options=tuple(draw(_option(i)) for i in option_ids),
        capacity=capacity,
        recon=draw(st.integers(0, min(1, capacity))),
        diving=diving,
        flying=flying,
        can_stop=draw(st.booleans()),
        can_reverse=draw(st.booleans()),
    )


@settings(max_examples=200, deadline=None)
@given(model_cards())
def test_parse_of_format_is_identity(model):
    """parse_model(format_model(card)) == card for every valid card."""
    assert parse_model(format_model(model), catalogue()) == model
