"""The BattleTech record sheet: the 'Mech figure, criticals, heat scale, pilot hits, ammunition."""

from __future__ import annotations

import attrs
import pytest
from rich.console import Console

from engine.battletech.designs.mech import Location
from engine.battletech.state import Pilot, UnitSetup, UnitState
from engine.battletech.tables import heat_mp_loss, heat_shutdown_target, heat_to_hit
from tests.engine.battletech._build import design, evolved_unit
from tui.battletech.widgets.heatscale import heat_effects, heat_lines, next_threshold
from tui.battletech.widgets.record import RecordData, item_destroyed, render_record

LOCATIONS = list(Location)


@pytest.fixture
def hunchback():
    """A Hunchback-like 50-tonner: AC/20 and two bins in the RT, a medium laser in each arm."""
    mech = design(
        50,
        4,
        name="Hunchback",
        equipment=(
            ("AC/20", Location.RT),
            ("IS Ammo AC/20", Location.RT),
            ("IS Ammo AC/20", Location.RT),
            ("Medium Laser", Location.LA),
            ("Medium Laser", Location.RA),
        ),
    )
    return UnitState.from_setup(UnitSetup(mech, 0, Pilot("Hollis", 4, 5)))


def text_of(unit, *, page="sheet", compact=False, width=44):
    console = Console(width=width, color_system=None, record=True)
    console.print(
        render_record(RecordData(unit, "H", "Davion", None, "", page), {}, compact=compact)
    )
    return console.export_text()


def changed(values, location, value):
    values = list(values)
    values[LOCATIONS.index(location)] = value
    return tuple(values)


def test_the_figure_shows_armor_structure_and_rear_per_location(hunchback) -> None:
    """Every location's box holds its armor and structure; the torsos their rear armor too."""
    unit = evolved_unit(hunchback, armor=changed(hunchback.body.armor, Location.RT, 4))
    text = text_of(unit)
    design = unit.mech_design
    assert "|RT  4|" in text
    assert f"|HD{design.armor_at(Location.HD):3d}|" in text
    assert f"|{design.internal_at(Location.CT):5d}|" in text
    assert f"|r{design.armor_at(Location.CT, rear=True):4d}|" in text
    assert "armor on top" in text


def test_a_destroyed_location_reads_gone_and_its_weapon_is_marked(hunchback) -> None:
    """BT-C-28: no structure left: the box says gone; the arm's laser is marked x."""
    unit = evolved_unit(hunchback, internal=changed(hunchback.mech.internal, Location.LA, 0))
    text = text_of(unit)
    assert "|LA --|" in text
    assert "| gone|" in text
    assert "xLA" in text
    laser = unit.mech_design.equipment[3]
    assert item_destroyed(unit, laser)
    assert not item_destroyed(unit, unit.design.equipment[4])


def test_a_critical_hit_strikes_the_line_and_the_weapon(hunchback) -> None:
    """BT-C-30: the hit line is starred on the criticals page; the weapon is marked destroyed."""
    laser = hunchback.design.equipment[4]
    unit = evolved_unit(hunchback, crits=frozenset({(Location.RA, laser.slots[0])}))
    assert item_destroyed(unit, laser)
    assert "xRA" in text_of(unit)
    page = text_of(unit, page="criticals")
    assert f"{laser.slots[0] + 1:2d}*Medium Laser" in page
    assert "criticals (* hit)" in page


def test_ammunition_bins_show_their_shots_left(hunchback) -> None:
    """BT-C-12: each bin with its shots left of its full load."""
    full = hunchback.design.equipment[1].shots
    ammo = list(hunchback.ammo)
    ammo[1] = full - 2
    text = text_of(attrs.evolve(hunchback, ammo=tuple(ammo)))
    assert f"ammo AC/20 #2 RT {full - 2}/{full} #3 RT {full}/{full}" in text


def test_pilot_hits_fill_the_boxes_and_say_if_awake(hunchback) -> None:
    """BT-M-15/16: six boxes, the wounds marked; unconscious is said."""
    text = text_of(evolved_unit(hunchback, wounds=2, conscious=False))
    assert "hits [X][X][ ][ ][ ][ ] unconscious" in text
    assert "hits XX.... awake" in text_of(evolved_unit(hunchback, wounds=2), compact=True)


@pytest.mark.parametrize("heat", [0, 5, 9, 14, 19, 24, 30])
def test_the_heat_scale_lists_what_the_tables_say(heat) -> None:
    """BT-C-54: the effects in force are the heat tables' at that heat."""
    effects = heat_effects(heat)
    assert (f"walk -{heat_mp_loss(heat)}" in effects) == (heat_mp_loss(heat) > 0)
    assert (f"to-hit +{heat_to_hit(heat)}" in effects) == (heat_to_hit(heat) > 0)
    shutdown = heat_shutdown_target(heat)
    if shutdown is not None and shutdown <= 12:
        assert f"shutdown {shutdown}+" in effects
    lines = [line.plain for line in heat_lines(heat, {})]
    bar = lines[0]
    assert bar.startswith(f"heat{heat:3d} [")
    assert bar.count("#") == heat + 1  # 0 .. heat filled
    coming = next_threshold(heat)
    if coming is not None:
        assert f"next at {coming[0]}" in " ".join(lines)


def test_shutdown_and_prone_are_flagged(hunchback) -> None:
    """What stops a 'Mech fighting stands out on the sheet."""
    text = text_of(evolved_unit(hunchback, shutdown=True, prone=True))
    assert "SHUT DOWN, PRONE" in text


def test_a_jammed_ultra_and_a_narc_pod_are_flagged(hunchback) -> None:
    """BT-C-75: a jam lasts the game and a NARC pod stays on: the sheet says so."""
    unit = attrs.evolve(hunchback, jammed=frozenset({0}), narc=True)
    text = text_of(unit, width=80)
    assert "AC/20 RT jammed, NARC pod attached" in text


def test_equipment_without_rules_is_marked_on_the_sheet() -> None:
    """BT-C-75: what is not played says so (TAG); MASC and ECM say what they do.

    Artemis IV and CASE say nothing.
    """
    mech = design(
        equipment=(
            ("Guardian ECM Suite", Location.LT),
            ("TAG", Location.RA),
            ("MASC", Location.RT),
            ("Artemis IV FCS", Location.LT),
            ("CASE", Location.LT),
        )
    )
    text = text_of(UnitState.from_setup(UnitSetup(mech, 0, Pilot("Hollis", 4, 5))), width=80)
    assert "Guardian ECM Suite LT: 6-hex radius: jams enemy C3, Artemis IV, NARC" in text
    assert "TAG RA: no effect in these rules (no homing artillery yet)" in text
    assert "MASC RT: 4: run at walk x2, roll 3+ (BT-C-75)" in text
    assert "MP walk 5 run 8 jump 0 masc 10" in text
    assert "Artemis IV FCS" not in text
    assert "CASE" not in text
