"""First player and deployment (AOD-5 steps 5, 9-11; AOD-26.10), with forced dice."""

from __future__ import annotations

import pytest

from engine.aod.commands import DeployUnit, EndTurn, RollFirstPlayer
from engine.aod.events import DeployerChanged, FirstPlayerRolled, TurnBegan, UnitDeployed
from engine.aod.movement import Altitude
from engine.aod.rules import AoDCode, seats_to_act
from engine.aod.state import AoDState, Stage
from engine.aod.terrain import HexTerrain, TerrainType
from engine.game import Command, IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.aod._game import play, setup

TWO = setup(["HX-009", "HX-001"], ["HX-010"])


def _deploying(first: int = 0) -> AoDState:
    """The deployment stage with ``first`` to place first (the roll forced)."""
    high, low = [6, 6, 6], [1, 1, 1]
    dice = high + low if first == 0 else low + high
    state, _ = play(AoDState.start(TWO), [RollFirstPlayer()], dice)
    return state


def test_the_highest_3d6_goes_first_and_ties_roll_again() -> None:
    """AOD-5 step 5: 3d6 each; a tie for the highest re-rolls among the tied."""
    state, events = play(
        AoDState.start(TWO), [RollFirstPlayer()], [3, 4, 5, 6, 5, 1, 2, 2, 2, 5, 5, 5]
    )
    rolled = events[0]
    assert isinstance(rolled, FirstPlayerRolled)
    assert rolled.rolls == (((0, (3, 4, 5)), (1, (6, 5, 1))), ((0, (2, 2, 2)), (1, (5, 5, 5))))
    assert rolled.first == 1
    assert (state.stage, state.active, state.first) == (Stage.DEPLOYMENT, 1, 1)


def test_the_first_player_deploys_first_then_the_player_to_the_left() -> None:
    """AOD-5 step 9: the first player places his whole force, then the next seat."""
    state = _deploying(first=1)
    assert seats_to_act(state) == frozenset({1})
    state, events = play(state, [DeployUnit("HX-010a", Hex.from_label("1019"), Facing.N)])
    assert events == [
        UnitDeployed(2, Hex.from_label("1019"), Facing.N, Altitude.NOE),
        DeployerChanged(0),
    ]
    assert seats_to_act(state) == frozenset({0})


def test_when_all_are_placed_the_first_player_takes_turn_one_with_his_orders() -> None:
    """AOD-5 step 11 / AOD-7.2: turn 1 to the first player with build/150 = 3 orders."""
    state = _deploying(first=0)
    state, events = play(
        state,
        [
            DeployUnit("HX-009a", Hex.from_label("0902"), Facing.S),
            DeployUnit("HX-001a", Hex.from_label("1002"), Facing.S),
            DeployUnit("HX-010a", Hex.from_label("1019"), Facing.N),
        ],
    )
    assert events[-1] == TurnBegan(player=0, turn=1, round=1, orders=3, zone_vp=0)
    assert (state.stage, state.active, state.orders_left) == (Stage.ORDER, 0, 3)


@pytest.mark.parametrize(
    ("command", "code", "message"),
    [
        (
            DeployUnit("HX-009a", Hex.from_label("0905"), Facing.S),
            AoDCode.OUTSIDE_ZONE,
            "0905 is outside Red's deployment zone.",
        ),
        (
            DeployUnit("HX-009a", Hex.from_label("0802"), Facing.S),
            AoDCode.OUTSIDE_ZONE,
            "0802 is outside Red's deployment zone.",
        ),
        (
            DeployUnit("HX-010a", Hex.from_label("1019"), Facing.N),
            AoDCode.NOT_YOURS,
            "HX-010a belongs to Blue, and it is Red's turn.",
        ),
        (
            DeployUnit("HX-999a", Hex.from_label("0902"), Facing.S),
            AoDCode.UNKNOWN_UNIT,
            "There is no unit HX-999a.",
        ),
        (
            DeployUnit("HX-009a", Hex.from_label("0902"), Facing.S, Altitude.CRUISING),
            AoDCode.ALTITUDE,
            "Only a VTOL flies; HX-009a is not one.",
        ),
        (EndTurn(), AoDCode.STAGE, "That is done in the order stage; this is the deployment."),
    ],
)
def test_a_deployment_outside_the_rules_is_refused_readably(
    command: Command, code: str, message: str
) -> None:
    """AOD-26.10: the unit's hex inside its own zone; only the deploying player's units."""
    with pytest.raises(IllegalCommand) as refused:
        play(_deploying(first=0), [command])
    assert (refused.value.code, refused.value.message) == (code, message)


def test_one_unit_per_hex_and_each_unit_placed_once() -> None:
    """AOD-26.4: one unit per hex; AOD-5 step 9: a unit is placed once."""
    state, _ = play(_deploying(), [DeployUnit("HX-009a", Hex.from_label("0902"), Facing.S)])
    with pytest.raises(IllegalCommand, match="HX-009a already stands in 0902"):
        play(state, [DeployUnit("HX-001a", Hex.from_label("0902"), Facing.S)])
    with pytest.raises(IllegalCommand, match="HX-009a is already at 0902"):
        play(state, [DeployUnit("HX-009a", Hex.from_label("1002"), Facing.S)])


def test_no_unit_deploys_into_terrain_that_blocks_it() -> None:
    """AOD-8.6 / AOD-19.3: deep water blocks foot infantry but a 'Mech may stand in it."""
    deep = HexTerrain(TerrainType.DEEP, feature=1)
    wet = setup(["HX-009", "HX-001"], ["HX-010"], terrain={"1002": deep, "1102": deep})
    state, _ = play(AoDState.start(wet), [RollFirstPlayer()], [6, 6, 6, 1, 1, 1])
    with pytest.raises(IllegalCommand) as refused:
        play(state, [DeployUnit("HX-001a", Hex.from_label("1002"), Facing.S)])
    assert refused.value.code == AoDCode.TERRAIN
    assert refused.value.message == (
        "HX-001a cannot stand there: 1002 is blocking terrain for foot units."
    )
    state, events = play(state, [DeployUnit("HX-009a", Hex.from_label("1102"), Facing.S)])
    assert isinstance(events[0], UnitDeployed)


def test_a_vtol_may_begin_at_cruising_altitude() -> None:
    """AOD-5 step 10: a VTOL may begin at either altitude."""
    game = setup(["HX-007"], ["HX-010"])
    state, _ = play(AoDState.start(game), [RollFirstPlayer()], [6, 6, 6, 1, 1, 1])
    state, _ = play(
        state, [DeployUnit("HX-007a", Hex.from_label("0901"), Facing.S, Altitude.CRUISING)]
    )
    assert state.units[0].altitude is Altitude.CRUISING
