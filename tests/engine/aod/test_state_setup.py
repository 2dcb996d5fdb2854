"""The AoD setup and initial state: the demo scenario (AOD-26.16), forces, zones, unit names."""

from __future__ import annotations

import json

import pytest

from engine.aod.events import HeatCause, HeatChanged, TurnBegan
from engine.aod.evolve import evolve
from engine.aod.force import orders_per_turn
from engine.aod.ruleset import RULESET, AgeOfDestruction
from engine.aod.state import AoDSetup, AoDState, Stage
from engine.aod.terrain import Edge, TerrainType, deployment_zone
from engine.hexes import Facing, Hex
from saves.codec import make_converter
from tests.engine.aod import _game


@pytest.fixture(scope="module")
def demo() -> AoDSetup:
    return _game.ruleset().make_setup(None)


def test_the_demo_scenario_is_the_standard_game_of_the_digest(demo: AoDSetup) -> None:
    """AOD-26.16: 36 x 36, two players top and bottom, 450 points, 3 orders, 10 rounds."""
    assert (demo.terrain.width, demo.terrain.height) == (36, 36)
    assert [(p.name, p.edge) for p in demo.players] == [
        ("Falcon Strike", Edge.TOP),
        ("Liao Line", Edge.BOTTOM),
    ]
    assert demo.build_total == 450
    assert demo.orders == orders_per_turn(450) == 3
    assert (demo.round_limit, demo.time_limit_minutes) == (10, 50)


def test_the_demo_forces_are_436_points_each_copy_by_copy(demo: AoDSetup) -> None:
    """AOD-26.16: Force A and Force B both total 436 of 450; every copy is its own unit."""
    assert [sum(u.points for u in p.force) for p in demo.players] == [436, 436]
    falcon = [u.collector for u in demo.players[0].force]
    assert falcon.count("HX-002") == 3
    assert falcon.count("HX-001") == 3
    assert len(demo.players[0].force) == 11
    assert len(demo.players[1].force) == 9


def test_the_demo_board_has_the_four_pieces_laid(demo: AoDSetup) -> None:
    """AOD-5 step 6 / AOD-26.8: four pieces, each a feature of its own."""
    assert sorted(demo.terrain.features()) == [1, 2, 3, 4]
    kinds = {t.type for _, t in demo.terrain.cells}
    assert TerrainType.HINDERING in kinds


def test_copies_get_letters_across_the_game_so_names_are_unambiguous(demo: AoDSetup) -> None:
    """AOD-4: copies are allowed; both forces field HX-001, lettered a-c and d-f."""
    state = AoDState.start(demo)
    idents = [u.ident for u in state.units]
    assert len(set(idents)) == len(idents)
    assert [i for i in idents if i.startswith("HX-001")] == [
        "HX-001a",
        "HX-001b",
        "HX-001c",
        "HX-001d",
        "HX-001e",
        "HX-001f",
    ]
    assert state.units[state.index_of("hx-001d") or 0].owner == 1


def test_the_game_starts_with_every_unit_off_board_on_its_start_click(demo: AoDSetup) -> None:
    """AOD-5 step 8: dials at the starting marker, heat at start; first the first-player roll."""
    state = AoDState.start(demo)
    assert state.stage is Stage.FIRST_PLAYER
    for index, unit in enumerate(state.units):
        assert unit.hex is None
        assert unit.dial.click == state.definition(index).start_click
        assert (unit.dial.heat, unit.dial.shutdown, unit.tokens) == (0, False, 0)
    assert state.elimination == state.zone_vp == (0, 0)


def test_zones_are_the_digest_rectangles(demo: AoDSetup) -> None:
    """AOD-26.10: top rows 0-2 and bottom rows 33-35, columns 8-27."""
    assert demo.zone(0) == deployment_zone(Edge.TOP)
    assert Hex.from_label("0901") in demo.zone(0)
    assert Hex.from_label("0836") not in demo.zone(1)
    assert Hex.from_label("2836") in demo.zone(1)


def test_make_setup_needs_the_library() -> None:
    """The engine reads no files: without a library it says so."""
    with pytest.raises(ValueError, match="unit library"):
        AgeOfDestruction().make_setup(None)
    assert RULESET.name == "aod"


def test_a_setup_needs_two_to_four_players() -> None:
    """AOD-2: 2-4 players."""
    with pytest.raises(ValueError, match="2 to 4 players, not 1"):
        _game.setup(["HX-009"])
    assert len(_game.setup(["HX-009"], ["HX-010"], ["HX-001"], ["HX-002"]).players) == 4


def test_a_scenario_table_is_read_like_the_file() -> None:
    """A scenario with another build total gives other orders (AOD-4)."""
    table = {
        "format": "aod-scenario",
        "title": "Skirmish",
        "board": {"width": 24, "height": 24},
        "build_total": 300,
        "side": [
            {"name": "A", "edge": "top", "units": [{"unit": "HX-009"}]},
            {"name": "B", "edge": "bottom", "units": [{"unit": "HX-010"}]},
        ],
    }
    setup = _game.ruleset().make_setup(table)
    assert setup.orders == 2
    assert [u.collector for u in setup.units] == ["HX-009", "HX-010"]
    assert [d.id for d in setup.heat_dials] == ["HEAT-STD"]


def test_the_setup_survives_the_save_converter(demo: AoDSetup) -> None:
    """DESIGN 4: the setup goes into a save header as JSON and comes back equal."""
    conv = make_converter(RULESET)
    text = json.dumps(conv.unstructure(demo, AoDSetup))
    again = conv.structure(json.loads(text), AoDSetup)
    assert again == demo
    assert again.terrain[Hex.from_label("1013")] == demo.terrain[Hex.from_label("1013")]


def test_the_per_turn_flags_are_kept_until_the_next_turn_begins() -> None:
    """Per-turn flags live until the next turn begins (AOD-10.1, AOD-10.3, AOD-10.5).

    Energy heat once a turn, no heat rolls after a restart by roll, and where the turn began
    (for water cooling).
    """
    game = _game.setup(["HX-009"], ["HX-010"])
    state = _game.arrange(game, {"HX-009a": ("0505", Facing.S), "HX-010a": ("0515", Facing.N)})
    state = evolve(state, HeatChanged(0, (HeatCause.ENERGY,), 1, 1, False, 0))  # noqa: FBT003
    state = evolve(state, HeatChanged(0, (HeatCause.VENT,), -1, 0, False, 0, suspended=True))  # noqa: FBT003
    assert (state.units[0].energy_heat, state.units[0].heat_rolls_suspended) == (True, True)
    state = evolve(state, TurnBegan(player=1, turn=2, round=1, orders=3, zone_vp=0))
    assert (state.units[0].energy_heat, state.units[0].heat_rolls_suspended) == (False, False)
    assert (state.units[0].turn_start, state.units[1].turn_start) == (None, Hex.from_label("0515"))


def test_the_setup_carries_the_catalogue_the_rules_read(demo: AoDSetup) -> None:
    """AOD-26.13 A: SE, heat dials, markers, factions, alliances and cards, as read."""
    library = _game.library().catalogue
    carried = demo.catalogue()
    assert carried == library
    assert carried.allied("davion", "steiner") == library.allied("davion", "steiner")
    assert carried.markers  # the Longbow's artillery markers (AOD-13.2)
