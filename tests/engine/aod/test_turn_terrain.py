"""Laying the terrain pool before deployment (AOD-5 step 6, AOD-26.10; AOD-26.17 #26)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.aod.commands import EndTurn, PlaceTerrain, RollFirstPlayer
from engine.aod.events import DeployerChanged, FirstPlayerRolled, PlacerChanged, TerrainPlaced
from engine.aod.rules import AoDCode, legal_commands, seats_to_act
from engine.aod.ruleset import RULESET
from engine.aod.state import AoDState, Stage
from engine.aod.terrain import TerrainType
from engine.game import IllegalCommand
from engine.hexes import Hex
from tests.engine.aod._game import play, ruleset

H = Hex.from_label


def _table(**extra: Any) -> dict[str, Any]:
    return {
        "format": "aod-scenario",
        "title": "Open ground",
        "board": {"width": 24, "height": 24},
        "build_total": 300,
        "side": [
            {
                "name": "Red",
                "edge": "top",
                "pool": ["Woods", "Ruined block"],
                "units": [{"unit": "HX-009"}],
            },
            {
                "name": "Blue",
                "edge": "bottom",
                "pool": ["Pond", "Ruined block"],
                "units": [{"unit": "HX-010"}],
            },
        ],
        **extra,
    }


def _placing(first: int) -> AoDState:
    """The terrain stage after the first-player roll (forced)."""
    setup = ruleset().make_setup(_table())
    high, low = [6, 6, 6], [1, 1, 1]
    state, events = play(
        AoDState.start(setup), [RollFirstPlayer()], high + low if first == 0 else low + high
    )
    assert isinstance(events[0], FirstPlayerRolled)
    return state


def test_without_a_fixed_layout_the_player_left_of_the_first_lays_first() -> None:
    """AOD-5 step 6: the pool is the sides' pieces; the player to the first player's left lays."""
    state = _placing(first=1)
    assert state.pool == ("Woods", "Ruined block", "Pond", "Ruined block")
    assert (state.stage, state.active) == (Stage.TERRAIN, 0)
    assert seats_to_act(state) == frozenset({0})
    assert RULESET.summary(state).turn == "laying terrain, Red"


def test_pieces_keep_their_distance_from_edges_and_the_other_players_zones() -> None:
    """AOD-26.10: 3 clear hexes to edges, other pieces and other players' zones (not one's own)."""
    state = _placing(first=1)  # Red lays first
    with pytest.raises(IllegalCommand) as refused:
        play(state, [PlaceTerrain("Ruined block", H("1120"))])
    assert refused.value.code == AoDCode.PLACEMENT
    assert refused.value.message == (
        "Ruined block cannot lie at 1120: it would be 1 hexes from Blue's deployment zone, "
        "and 4 are needed."
    )
    with pytest.raises(IllegalCommand, match="0312 is within 3 hexes of the board edge"):
        play(state, [PlaceTerrain("Pond", H("0312"))])
    with pytest.raises(IllegalCommand, match=r"There is no Hill in the pool \(it holds Pond, "):
        play(state, [PlaceTerrain("Hill", H("1212"))])
    state, events = play(state, [PlaceTerrain("woods", H("1212"))])
    assert events == [TerrainPlaced(0, "Woods", H("1212"), 0, 1), PlacerChanged(1)]
    assert state.terrain[H("1212")].type is TerrainType.HINDERING
    # Blue may lay beside his own zone
    state, events = play(state, [PlaceTerrain("Ruined block", H("1120"), 1)])
    assert events == [TerrainPlaced(1, "Ruined block", H("1120"), 1, 2), PlacerChanged(0)]
    assert state.pool == ("Pond", "Ruined block")
    with pytest.raises(IllegalCommand, match="it would be 2 hexes from another piece"):
        play(state, [PlaceTerrain("Pond", H("1215"))])


def test_placing_stops_when_the_pool_is_empty_and_the_first_player_deploys() -> None:
    """AOD-5 steps 6 and 9: every listed placement is legal; then the first player deploys."""
    state = _placing(first=0)
    laid = 0
    while state.stage is Stage.TERRAIN:
        options = [c for c in legal_commands(state) if isinstance(c, PlaceTerrain)]
        assert options
        for command in options:
            play(state, [command])  # each listed placement is accepted
        state, events = play(state, [options[len(options) // 2]])
        laid += 1
    assert laid == 4
    assert events[-1] == DeployerChanged(0)
    assert (state.stage, state.active, state.pool) == (Stage.DEPLOYMENT, 0, ())
    assert len(state.terrain.features()) == 4


def test_a_placer_may_stop_the_placing() -> None:
    """[DESIGN] A placer who cannot or will not lay a piece ends the placing."""
    state, events = play(_placing(first=0), [EndTurn()])
    assert events == [DeployerChanged(0)]
    assert state.stage is Stage.DEPLOYMENT


def test_a_fixed_layout_skips_the_placing() -> None:
    """The demo scenario's board comes laid (AOD-26.16): deployment follows the roll."""
    setup = ruleset().make_setup(None)
    assert setup.pool == ()
    state, events = play(AoDState.start(setup), [RollFirstPlayer()], [1, 1, 1, 6, 6, 6])
    assert events[-1] == DeployerChanged(1)
    assert state.stage is Stage.DEPLOYMENT
