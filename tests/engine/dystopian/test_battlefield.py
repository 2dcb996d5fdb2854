"""Dystopian Wars battlefields: a scenario's own map and Method 2 random terrain (DW-22.7).

Rules: DW-22.7 (Method 2: 2' x 2' areas, both players roll each, 5+ a feature of the water or
land table; an energy phenomenon 1-2 D6 portals, 4+ a Small vortex), DW-27 item 9 (the energy
roll's 3 rolled again), DW-28.3 (2' = 12 hexes), DW-22.8 (the deployment zones kept clear,
[INTERP]), DW-28.13 item 3 (scenario maps, plus Method 2 random terrain).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from engine.dice import Dice, ScriptedDice
from engine.dystopian.battlefield import areas, method_two, scenario_terrain
from engine.dystopian.ruleset import setup_from_scenario
from engine.dystopian.terrain import TerrainKind
from engine.hexes import Hex
from engine.tomlfile import DataFileError
from tests.engine.dystopian._assets import fleets

H = Hex.from_label
NO_FEATURE = [1] * 11
"""The other eleven area rolls of the 36 x 24 board, none placing a feature."""


def _players() -> list[dict[str, str]]:
    return [
        {"name": "Red", "fleet": "Sample naval fleet"},
        {"name": "Blue", "fleet": "Sample naval fleet"},
    ]


def test_the_standard_board_is_six_areas_each_touching_an_edge() -> None:
    """DW-22.7 / DW-28.3: 6' x 4' in 2' x 2' areas: 3 x 2 areas of 12 x 12 hexes."""
    found = areas(36, 24)
    assert [(c.start, c.stop, r.start, r.stop) for c, r in found] == [
        (0, 12, 0, 12),
        (12, 24, 0, 12),
        (24, 36, 0, 12),
        (0, 12, 12, 24),
        (12, 24, 12, 24),
        (24, 36, 12, 24),
    ]
    assert all(r.start == 0 or r.stop == 24 for _, r in found)


def test_both_players_roll_for_every_area_and_below_five_places_nothing() -> None:
    """DW-22.7: twelve rolls, first seat first for each area; a 4 places nothing."""
    field = method_two(ScriptedDice([4] * 12), 36, 24, TerrainKind.WATER)
    assert [(r.area, r.player) for r in field.rolls] == [(a, p) for a in range(6) for p in (0, 1)]
    assert field.features == ()
    assert field.terrain.cells == ()


@pytest.mark.parametrize(
    ("base", "face", "centre", "skirt", "count"),
    [
        (TerrainKind.WATER, 1, TerrainKind.BUILDING_MEDIUM, None, 1),
        (TerrainKind.WATER, 2, TerrainKind.GROUND, TerrainKind.GROUND, 7),
        (TerrainKind.WATER, 3, TerrainKind.REEF, TerrainKind.REEF, 7),
        (TerrainKind.WATER, 4, TerrainKind.SANDBANK, TerrainKind.SANDBANK, 7),
        (TerrainKind.WATER, 5, TerrainKind.MOUNTAIN, TerrainKind.GROUND, 7),
        (TerrainKind.GROUND, 2, TerrainKind.WATER, TerrainKind.WATER, 7),
        (TerrainKind.GROUND, 3, TerrainKind.WOODS, TerrainKind.WOODS, 7),
        (TerrainKind.GROUND, 4, TerrainKind.SWAMP, TerrainKind.SWAMP, 7),
        (TerrainKind.GROUND, 5, TerrainKind.MOUNTAIN, TerrainKind.HILL, 7),
    ],
)
def test_the_feature_table_of_each_board(
    base: TerrainKind, face: int, centre: TerrainKind, skirt: TerrainKind | None, count: int
) -> None:
    """DW-22.7: a 6 on the second area's first roll; the type die; the place dice 6, 6.

    The second area is columns 13-24, rows 1-12; its centre rows are 6-12 (clear of the zone):
    column die 6 is column 18, row die 6 is row 11 (label 1811).
    """
    faces = [1, 1, 6, face, 6, 6, *([1] * 9)]
    field = method_two(ScriptedDice(faces), 36, 24, base)
    (feature,) = field.features
    assert (feature.area, feature.player, feature.faces) == (1, 0, (face,))
    assert (feature.hex, feature.place, feature.kind) == (H("1811"), (6, 6), centre)
    assert len(feature.hexes) == count
    assert field.terrain[H("1811")].kind is centre
    if skirt is not None:
        assert {field.terrain[h].kind for h in H("1811").ring(1)} == {skirt}


def test_energy_phenomena_portals_and_a_vortex_and_three_again() -> None:
    """DW-22.7 / DW-27 item 9: energy 3 is rolled again; 1-2 gives D6 portals; 4+ a vortex.

    Area 0, Red: a 5, energy (6), 3 again, 2: portals; place 1, 1 (column 1, row 6); D6 = 3
    portals: the centre and the first two ring hexes. Area 0, Blue: a 6, energy (6), 4: a Small
    vortex at column 12, row 12.
    """
    faces = [5, 6, 3, 2, 1, 1, 3, 6, 6, 4, 12, 7, *([1] * 10)]
    field = method_two(ScriptedDice(faces), 36, 24, TerrainKind.WATER)
    portals, vortex = field.features
    assert (portals.kind, portals.faces, portals.hex) == (
        TerrainKind.PORTAL,
        (6, 3, 2, 3),
        H("0106"),
    )
    assert portals.hexes == (H("0106"), *H("0106").ring(1)[:2])
    assert (vortex.kind, vortex.faces, vortex.hexes) == (TerrainKind.VORTEX, (6, 4), (H("1212"),))


def test_a_later_feature_replaces_hexes_and_off_board_hexes_are_dropped() -> None:
    """[INTERP] A reef at column 1 loses its off-board hexes; a building on it replaces one."""
    faces = [5, 3, 1, 1, 5, 1, 1, 1, *NO_FEATURE[:10]]
    field = method_two(ScriptedDice(faces), 36, 24, TerrainKind.WATER)
    reef, building = field.features
    assert len(reef.hexes) == 5  # two of the ring are off the left edge
    assert building.hexes == (H("0106"),)
    assert field.terrain[H("0106")].kind is TerrainKind.BUILDING_MEDIUM


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_deployment_zones_stay_open_water(seed: int) -> None:
    """[INTERP] DW-22.8: no feature hex in the 4-row zones, whatever the dice."""
    field = method_two(Dice(seed), 36, 24, TerrainKind.WATER)
    rows = {h.to_offset()[1] for h, _ in field.terrain.cells}
    assert rows.isdisjoint({0, 1, 2, 3, 20, 21, 22, 23})


def test_a_scenario_rolls_method_two_with_its_seed_and_lists_terrain_on_top() -> None:
    """DW-22.7: ``board.random_seed`` rolls Method 2 (the same map each time); ``terrain`` wins."""
    board: Mapping[str, Any] = {"random_seed": 11, "terrain": {"sandbank": ["1818"]}}
    game = setup_from_scenario({"players": _players(), "board": board}, fleets())
    rolled = method_two(Dice(11), 36, 24, TerrainKind.WATER).terrain
    expected = {**dict(rolled.cells), H("1818"): game.terrain[H("1818")]}
    assert dict(game.terrain.cells) == expected
    assert game.terrain[H("1818")].kind is TerrainKind.SANDBANK
    again = setup_from_scenario({"players": _players(), "board": board}, fleets())
    assert again.terrain == game.terrain


@pytest.mark.parametrize(
    ("terrain", "message"),
    [
        ({"lava": ["0505"]}, "'lava' is not a terrain kind"),
        ({"reef": "0505"}, "board.terrain.reef: expected a list of hex labels"),
        ({"reef": ["05x5"]}, "'05x5' is not a hex label like 0505"),
        ({"reef": ["0505", "0505"]}, "board.terrain.reef: 0505 is listed twice"),
        ({"reef": ["4040"]}, "board.terrain: terrain listed off the 36x24 board"),
        ("reef", "expected a table of terrain kinds"),
    ],
)
def test_bad_terrain_tables_are_refused(terrain: object, message: str) -> None:
    """A scenario's map: unknown kinds, bad labels, repeats and hexes off the board."""
    with pytest.raises(DataFileError) as refused:
        scenario_terrain({"terrain": terrain}, 36, 24, TerrainKind.WATER)
    assert message in refused.value.reason
    assert refused.value.key[:2] == ("board", "terrain")
