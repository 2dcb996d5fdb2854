"""Property: any valid unit written by `format_unit` reads back equal (``assets/aod/README.md``)."""

from __future__ import annotations

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.aod.data.unitfile import LIMITS, MAX_CLICKS, format_unit, parse_unit
from engine.aod.units import (
    SPEED_MODES,
    AttackSymbol,
    BaseType,
    Click,
    EquipmentMark,
    MechClass,
    RangeType,
    Rank,
    Stat,
    UnitDef,
    Weapon,
    WeaponSlot,
)
from tests.engine.aod._assets import catalogue

_TEXT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"),
    min_size=1,
    max_size=30,
).filter(lambda s: s.strip() != "")


def _marks(stats: tuple[Stat, ...]) -> st.SearchStrategy[tuple[EquipmentMark, ...]]:
    options = [
        EquipmentMark(stat, code)
        for code, equipment in sorted(catalogue().equipment.items())
        for stat in stats
        if equipment.fits(stat)
    ]
    return st.lists(st.sampled_from(options), max_size=3, unique=True).map(tuple)


@st.composite
def _weapon(draw: st.DrawFn, slot: WeaponSlot, *, mech: bool) -> Weapon:
    kinds = list(RangeType) if mech else [RangeType.BALLISTIC, RangeType.ENERGY]
    kind = draw(st.sampled_from(kinds))
    if kind is RangeType.MELEE:
        return Weapon(slot, kind, 0, 0, draw(st.integers(1, 6)))
    high = draw(st.integers(0, 36))
    low = draw(st.integers(0, high))
    long_range = draw(st.none() | st.integers(high + 1, 72))
    markers: tuple[str, ...] = ()
    if long_range is not None:
        markers = tuple(
            draw(st.lists(st.sampled_from(sorted(catalogue().markers)), min_size=1, unique=True))
        )
    return Weapon(slot, kind, low, high, draw(st.integers(1, 6)), long_range, markers)


@st.composite
def _click(draw: st.DrawFn, *, mech: bool, start: bool) -> Click:
    stats = (Stat.PRIMARY, Stat.SECONDARY) if mech else (Stat.DAMAGE,)
    stats += (Stat.SPEED, Stat.ATTACK, Stat.DEFENSE)
    return Click(
        speed=draw(st.integers(0, LIMITS["spd"])),
        attack=draw(st.integers(0, LIMITS["atk"])),
        defense=draw(st.integers(0, LIMITS["def"])),
        primary=draw(st.integers(0, 10)),
        secondary=draw(st.integers(0, 10)) if mech else None,
        equipment=draw(_marks(stats)),
        start=start,
        repair_marker=False if start else draw(st.booleans()),
        heavy_damage=draw(st.booleans()),
    )


@st.composite
def units(draw: st.DrawFn) -> UnitDef:
    """A valid unit of any base, against the bundled catalogue."""
    base = draw(st.sampled_from(list(BaseType)))
    mech = base in (BaseType.MECH, BaseType.QUAD)
    size = draw(st.integers(1, MAX_CLICKS))
    start = draw(st.integers(0, size - 1))
    dial = tuple(draw(_click(mech=mech, start=n == start)) for n in range(size))
    mech_class = draw(st.sampled_from(list(MechClass))) if mech else None
    name = draw(_TEXT)
    if mech_class is not None:
        name = f"{name} {mech_class.value}"
    weapons = (
        (
            draw(_weapon(WeaponSlot.PRIMARY, mech=True)),
            draw(_weapon(WeaponSlot.SECONDARY, mech=True)),
        )
        if mech
        else (draw(_weapon(WeaponSlot.MAIN, mech=False)),)
    )
    if any(w.markers for w in weapons):  # some click must reach the markers' minimums (AOD-26.9)
        top = attrs.evolve(dial[0], attack=20, primary=10, secondary=10 if mech else None)
        dial = (top, *dial[1:])
    return UnitDef(
        collector=draw(_TEXT),
        name=name,
        faction=draw(st.none() | st.sampled_from(sorted(catalogue().factions))),
        rank=draw(st.sampled_from(list(Rank))),
        points=draw(st.integers(1, 999)),
        base=base,
        speed_mode=draw(st.sampled_from(SPEED_MODES[base])),
        attack_symbol=draw(st.sampled_from(list(AttackSymbol))),
        weapons=weapons,
        dial=dial,
        vent=draw(st.integers(1, 9)) if mech else 0,
        heat_dial="HEAT-STD" if mech else "",
        capacity=draw(st.integers(0, 9)),
        mech_class=mech_class,
    )


@settings(max_examples=200, deadline=None)
@given(units())
def test_parse_of_format_is_identity(unit):
    """parse_unit(format_unit(unit)) == unit for every valid unit."""
    assert parse_unit(format_unit(unit), catalogue()) == unit
