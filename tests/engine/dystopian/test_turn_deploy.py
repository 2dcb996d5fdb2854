"""The roll-off, the edge, deployment and the first initiative (DW-22.4, DW-22.8, DW-9.1).

DW-28.13 item 3 (deployment zones and alternating deployment) and item 14 (Field Orders).
"""

from __future__ import annotations

import pytest

from engine.dystopian.commands import ChooseEdge, DeployModel, RollOff
from engine.dystopian.context import DWCode
from engine.dystopian.events import (
    DeployerChanged,
    EdgeChosen,
    InitiativeRolled,
    ModelDeployed,
    RolledOff,
    TurnBegan,
)
from engine.dystopian.geometry import Level
from engine.dystopian.rules import legal_commands, seats_to_act
from engine.dystopian.state import DWSetup, DWState, Edge, FieldOrder, Stage
from engine.dystopian.terrain import TerrainKind
from engine.game import Command, IllegalCommand
from engine.hexes import Facing
from tests.engine.dystopian._game import H, fleet, play, setup, squadron

N, NE, SE, S, SW, NW = Facing

RED = fleet(squadron("BB", 1, escorts=1), squadron("CR", 2), commodore=0)
"""Red: BB-1 with escort ES-1 (squadron 0), CR-1 and CR-2 (squadron 1)."""
BLUE = fleet(squadron("FF", 3), squadron("SS", 2))
"""Blue: FF-1 to FF-3 (squadron 2), SS-1 and SS-2 (squadron 3); no Commodore."""
GAME = setup(RED, BLUE)


def _refused(state: DWState, command: Command, code: str, message: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert (refused.value.code, refused.value.message) == (code, message)


def _deploying(game: DWSetup = GAME) -> DWState:
    """Red won the roll-off and took the top edge."""
    state, _ = play(DWState.start(game), [RollOff(), ChooseEdge(Edge.TOP)], [6, 6, 1, 1, 3, 3])
    return state


def test_the_roll_off_rerolls_ties_and_rolls_the_field_orders() -> None:
    """DW-22.8 step 1: 2D6 each, 7 v 7 again, then 9 v 5: Red chooses; DW-22.4: D6 orders."""
    state, events = play(DWState.start(GAME), [RollOff()], [3, 4, 2, 5, 4, 5, 1, 4, 2, 5])
    assert events == [
        RolledOff(
            (((3, 4), (2, 5)), ((4, 5), (1, 4))),
            0,
            (2, 5),
            (FieldOrder.LARGE, FieldOrder.HALF_SMALL),
        )
    ]
    assert (state.stage, state.active, state.chooser) == (Stage.EDGE, 0, 0)
    assert seats_to_act(state) == frozenset({0})


def test_a_commodore_order_against_a_fleet_without_one_is_the_default() -> None:
    """DW-22.4: a 6 against a fleet with no Commodore takes the default order (70%)."""
    _, events = play(DWState.start(GAME), [RollOff()], [6, 6, 1, 1, 6, 6])
    assert isinstance(events[0], RolledOff)
    # Red's 6 faces Blue, who has no Commodore; Blue's 6 faces Red's flagship BB-1.
    assert events[0].orders == (FieldOrder.DEFAULT, FieldOrder.COMMODORE)


def test_without_field_orders_both_take_the_default_and_roll_no_die() -> None:
    """DW-22.4: the default order when the game has no orders."""
    state, events = play(
        DWState.start(setup(RED, BLUE, field_orders=False)), [RollOff()], [1, 1, 6, 6]
    )
    assert events == [RolledOff((((1, 1), (6, 6)),), 1, (), (FieldOrder.DEFAULT,) * 2)]
    assert state.active == 1


def test_either_player_may_roll_off() -> None:
    """The roll-off belongs to nobody in particular: both seats may give it."""
    assert seats_to_act(DWState.start(GAME)) == frozenset({0, 1})
    assert legal_commands(DWState.start(GAME)) == [RollOff()]


def test_the_chooser_takes_an_edge_the_opponent_the_other_and_deploys_first() -> None:
    """DW-22.8 steps 1 and 3."""
    state, events = play(
        DWState.start(GAME), [RollOff(), ChooseEdge(Edge.BOTTOM)], [6, 6, 1, 1, 3, 3]
    )
    assert events[-1] == EdgeChosen(0, Edge.BOTTOM)
    assert state.edges == (Edge.BOTTOM, Edge.TOP)
    assert (state.stage, state.active) == (Stage.DEPLOYMENT, 0)


def test_a_model_deploys_only_in_its_own_zone_on_a_free_hex_it_can_stand_in() -> None:
    """DW-22.8 step 2, DW-28.5 one piece per hex, DW-28.9 terrain."""
    state = _deploying()
    _refused(
        state,
        DeployModel("BB-1", H("0105"), S),
        DWCode.OUTSIDE_ZONE,
        "0105 is outside Red's deployment zone.",
    )
    _refused(
        state,
        DeployModel("FF-1", H("0121"), N),
        DWCode.NOT_YOURS,
        "FF-1 belongs to Blue, and it is Red's turn.",
    )
    state, _ = play(state, [DeployModel("BB-1", H("0502"), S)])
    _refused(state, DeployModel("ES-1", H("0502"), S), DWCode.OCCUPIED, "BB-1 is already in 0502.")
    _refused(state, DeployModel("BB-1", H("0602"), S), DWCode.DEPLOYED, "BB-1 is already at 0502.")


def test_a_naval_model_cannot_deploy_on_an_island() -> None:
    """DW-28.9: ground is no place for a ship."""
    state = _deploying(game=setup(RED, BLUE, terrain={"0702": TerrainKind.GROUND}))
    _refused(
        state,
        DeployModel("BB-1", H("0702"), S),
        DWCode.TERRAIN,
        "BB-1 cannot stand in the terrain of 0702.",
    )


def test_only_diving_models_deploy_submerged_and_only_flyers_in_the_air() -> None:
    """DW-11.9: a diving model may be deployed submerged; DW-11.8: a flyer obscured."""
    state = _deploying()
    for level, message in (
        (Level.SUBMERGED, "Only diving models can submerge."),
        (Level.OBSCURED, "Only flyers move in the air."),
    ):
        _refused(state, DeployModel("BB-1", H("0502"), S, level), DWCode.LEVEL, message)


def test_a_squadron_is_deployed_whole_then_the_opponent_deploys_one() -> None:
    """DW-22.8 step 3: one squadron each in turn."""
    state = _deploying()
    state, events = play(state, [DeployModel("BB-1", H("0502"), S)])
    assert events == [ModelDeployed(0, H("0502"), S, Level.SURFACE)]
    assert state.deploying == 0
    _refused(
        state,
        DeployModel("CR-1", H("0902"), S),
        DWCode.OTHER_SQUADRON,
        "Finish deploying Bastion Battleship BB-1 first.",
    )
    state, events = play(state, [DeployModel("ES-1", H("0602"), S)])
    assert events[-1] == DeployerChanged(1)
    assert (state.active, state.deploying) == (1, None)
    state, events = play(
        state,
        [DeployModel("SS-1", H("0522"), N, Level.SUBMERGED), DeployModel("SS-2", H("0622"), N)],
    )
    assert events[0] == ModelDeployed(7, H("0522"), N, Level.SUBMERGED)
    assert events[-1] == DeployerChanged(0)


def test_a_player_who_runs_out_stops_and_the_other_finishes_then_initiative_is_rolled() -> None:
    """DW-22.8 step 3; then turn 1 and its initiative, 2D6 each with ties again (DW-9.1)."""
    state = _deploying()
    deploy = [
        DeployModel("BB-1", H("0502"), S),
        DeployModel("ES-1", H("0602"), S),
        DeployModel("FF-1", H("0522"), N),
        DeployModel("FF-2", H("0622"), N),
        DeployModel("FF-3", H("0722"), N),
        DeployModel("CR-1", H("0902"), S),
        DeployModel("CR-2", H("1002"), S),
        DeployModel("SS-1", H("0922"), N),
    ]
    state, events = play(state, deploy)
    assert DeployerChanged(1) in events
    state, events = play(state, [DeployModel("SS-2", H("1022"), N)], [2, 3, 4, 1, 1, 2, 6, 5])
    assert events[1:] == [TurnBegan(1), InitiativeRolled((((2, 3), (4, 1)), ((1, 2), (6, 5))), 1)]
    assert (state.stage, state.turn, state.active, state.initiative) == (Stage.ACTIVATION, 1, 1, 1)


def test_listed_deployments_are_in_the_zone_facing_the_middle() -> None:
    """The legal deployments: the first model of each squadron, every free hex of the zone."""
    state = _deploying()
    listed = legal_commands(state)
    assert all(isinstance(c, DeployModel) and c.facing is S for c in listed)
    assert {c.model for c in listed if isinstance(c, DeployModel)} == {"BB-1", "CR-1"}
    assert len(listed) == 2 * 36 * 4
