"""BT-M-39.1 / BT-M-39.2 in the plot: the Orders panel names the swamp PSR and the ice's 1D6."""

from __future__ import annotations

from engine.battletech.board import Building, BuildingClass, Terrain
from engine.battletech.commands import Step, StepKind
from engine.battletech.state import MoveMode
from tests.engine.battletech._build import terrain_board
from tests.engine.battletech.test_environment import env_start
from tui.battletech.widgets.plotting import Plot, preview

F = Step(StepKind.FORWARD)


def test_the_plot_warns_of_the_swamp_psr_and_the_thin_ice():
    """BT-M-39.1: "PSR 0815 swamp: 5+"; BT-M-39.2: "1D6 0814 thin ice: breaks on 6 (17%)"."""
    board = terrain_board(16, 17, h0815=Terrain(swamp=True), h0814=Terrain(water=2, ice=True))
    state = env_start(board)
    view = preview(state, Plot(0, MoveMode.WALK, (F, F)))
    texts = [roll.text for roll in view.rolls]
    assert texts == ["PSR 0815 swamp: 5+ (83%)", "1D6 0814 thin ice: breaks on 6 (17%)"]
    assert view.mp == 3  # swampy clear 2 MP, the ice 1


def test_the_plot_warns_that_a_light_building_collapses_under_the_mech():
    """BT-M-41 #4 (ASSUMPTION): 50 t entering a Light building of CF 15 brings it down.

    The plot says so before the move is made, beside the building roll it would also need.
    """
    light = Building(BuildingClass.LIGHT, 15)
    state = env_start(terrain_board(16, 17, h0815=Terrain(building=light)))
    texts = [roll.text for roll in preview(state, Plot(0, MoveMode.WALK, (F,))).rolls]
    assert "0815: the building collapses under 50 t: the 'Mech falls" in texts
    sturdy = Building(BuildingClass.LIGHT, 60)
    state = env_start(terrain_board(16, 17, h0815=Terrain(building=sturdy)))
    texts = [roll.text for roll in preview(state, Plot(0, MoveMode.WALK, (F,))).rolls]
    assert not [t for t in texts if "collapses" in t]
