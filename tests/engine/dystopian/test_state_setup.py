"""The setup and the starting state (DW-22, DW-21, DW-10.1, DW-28.1, DW-28.2, DW-28.13 item 4)."""

from __future__ import annotations

import attrs
import pytest

from engine.dystopian.fleet import BaseForce, Squadron
from engine.dystopian.geometry import Level
from engine.dystopian.ruleset import DEFAULT_SCENARIO, DystopianWars, Library
from engine.dystopian.state import DWSetup, DWState, Edge, PlayerSetup, Stage, model_idents
from engine.dystopian.terrain import TerrainKind
from engine.hexes import Hex
from tests.engine.dystopian._assets import fleets
from tests.engine.dystopian._game import H, card, fleet, ruleset, setup, squadron

NAVAL = fleets()["Sample naval fleet"]
CARRIER = fleets()["Sample carrier group"]


def test_models_are_named_by_card_and_numbered_across_the_game() -> None:
    """Both fleets field the DW-28.12 sample: BB-1 is Red's battleship, BB-2 Blue's."""
    game = setup(NAVAL, NAVAL)
    names = model_idents(game)
    assert names[:9] == ("BB-1", "ES-1", "ES-2", "CR-1", "CR-2", "CR-3", "FF-1", "FF-2", "FF-3")
    assert names[9:12] == ("BB-2", "ES-3", "ES-4")
    assert len(set(names)) == len(names) == 18


def test_escorts_belong_to_the_parent_squadron_and_the_commodore_to_the_flagship() -> None:
    """DW-21: escorts activate with the parent's squadron; DW-10.1: the Commodore on the BB."""
    state = DWState.start(setup(NAVAL, NAVAL))
    first = state.squadrons[0]
    assert [state.models[n].ident for n in first.models] == ["BB-1", "ES-1", "ES-2"]
    assert [state.models[n].escort for n in first.models] == [False, True, True]
    assert [m.ident for m in state.models if m.commodore] == ["BB-1", "BB-2"]
    assert state.flagship(0) is None  # not on the table until deployed
    assert len(state.squadrons) == 6
    assert state.stage is Stage.SETUP


def test_points_are_the_card_cost_with_the_options_bought() -> None:
    """DW-22.5 counts each model's cost: a BB 150, with the Shield Generator option +15 (DW-23)."""
    plain = DWState.start(setup(NAVAL, NAVAL))
    assert plain.models[0].points == 150
    assert plain.models[1].points == 15  # an escort's own cost (it scores no VP, DW-21)
    shielded = fleet(Squadron(card("BB"), 1, options=("shield",)), commodore=0)
    state = DWState.start(setup(shielded, NAVAL))
    assert state.models[0].points == 165


def test_flyers_start_in_the_air() -> None:
    """DW-11.8: an airship is a flyer and stays airborne all game."""
    state = DWState.start(setup(CARRIER, NAVAL))
    airship = next(n for n, m in enumerate(state.models) if m.card == "AS")
    assert state.models[airship].level is Level.FLYING
    assert state.models[0].level is Level.SURFACE


def test_a_game_is_two_fleets_of_at_least_one_turn() -> None:
    """DW-22: two fleets; DW-22.6: an agreed number of turns."""
    with pytest.raises(ValueError, match="2 fleets"):
        DWSetup("solo", (PlayerSetup("Red", NAVAL),))
    with pytest.raises(ValueError, match="at least one turn"):
        setup(NAVAL, NAVAL, turns=0)


def test_deployment_zones_are_the_long_edges_four_rows_deep() -> None:
    """DW-22.8 step 2 / DW-28.2: the edge's full length, 8 inches (4 rows) deep."""
    game = setup(NAVAL, NAVAL)
    top, bottom = game.zone(Edge.TOP), game.zone(Edge.BOTTOM)
    assert len(top) == len(bottom) == 36 * 4
    assert {H("0101"), H("3604"), H("1804")} <= top
    assert H("0105") not in top
    assert {H("0121"), H("3624")} <= bottom
    assert H("0120") not in bottom
    assert Edge.TOP.opposite is Edge.BOTTOM


def test_the_default_scenario_is_the_sample_fleets_on_open_water() -> None:
    """DW-28.12 sample fleet each, DW-28.1 36 x 24 board, six fixed turns, Field Orders rolled."""
    game = ruleset().make_setup(None)
    assert [p.fleet.name for p in game.players] == ["Sample naval fleet"] * 2
    assert (game.terrain.width, game.terrain.height) == (36, 24)
    assert game.terrain[Hex(0, 0)].kind is TerrainKind.WATER
    assert game.turns == 6
    assert game.field_orders


ARMOURED = attrs.evolve(
    fleet(squadron("LS", 1), squadron("TK", 3), commodore=0, mfv=400),
    name="Armoured column",
    base_force=BaseForce.ARMOURED,
)
"""A land fleet (DW-22.2 armoured): a landship and three tanks."""


def test_a_scenario_can_set_the_length_and_the_board() -> None:
    """DW-22.6 variable length; a land board (DW-22.7) for two land fleets."""
    table = {
        **DEFAULT_SCENARIO,
        "players": [
            {"name": "Red", "fleet": "Armoured column"},
            {"name": "Blue", "fleet": "Armoured column"},
        ],
        "turns": 4,
        "length": "variable",
        "board": {"width": 20, "height": 16, "base": "ground"},
    }
    game = DystopianWars(Library({"Armoured column": ARMOURED})).make_setup(table)
    assert game.turns == 4
    assert game.length.value == "variable"
    assert game.terrain.base is TerrainKind.GROUND
    assert game.terrain.width == 20


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({**DEFAULT_SCENARIO, "colour": "red"}, "unknown scenario key colour"),
        (
            {**DEFAULT_SCENARIO, "players": [{"name": "Red", "fleet": "Armada"}]},
            "no fleet named 'Armada'",
        ),
    ],
)
def test_bad_scenarios_are_refused(table: dict[str, object], message: str) -> None:
    """A scenario names known fleets and known keys only."""
    with pytest.raises(ValueError, match=message):
        ruleset().make_setup(table)


@pytest.mark.parametrize(
    ("fleets_", "board", "message"),
    [
        (("Sample naval fleet",) * 2, "ground", "Red's BB cannot be deployed on a board of ground"),
        (("Armoured column",) * 2, "water", "Red's LS cannot be deployed on a board of water"),
    ],
)
def test_a_fleet_that_cannot_stand_on_the_board_is_refused(
    fleets_: tuple[str, str], board: str, message: str
) -> None:
    """DW-22.7 / DW-28.9: no naval fleet on land, no land fleet at sea: it could never deploy.

    [INTERP] DW-22.8 step 4 (entering across the edge in turn 1) is not implemented, so such a
    game would have no legal command at its deployment.
    """
    rules = DystopianWars(Library({**fleets(), "Armoured column": ARMOURED}))
    table = {
        "players": [{"name": "Red", "fleet": fleets_[0]}, {"name": "Blue", "fleet": fleets_[1]}],
        "board": {"base": board},
    }
    with pytest.raises(ValueError, match=message):
        rules.make_setup(table)


def test_an_illegal_fleet_is_refused() -> None:
    """DW-22.2: every fleet must be legal (here: over its points limit)."""
    tiny = fleet(squadron("CR", 3), mfv=100)
    rules = DystopianWars(Library({"Tiny": tiny}))
    table = {"players": [{"name": "Red", "fleet": "Tiny"}, {"name": "Blue", "fleet": "Tiny"}]}
    with pytest.raises(ValueError, match="over the fleet value"):
        rules.make_setup(table)


def test_without_a_library_there_are_no_scenarios() -> None:
    """The engine reads no files: the shell hands the ruleset its fleets."""
    with pytest.raises(ValueError, match="fleet library"):
        DystopianWars().make_setup(None)
