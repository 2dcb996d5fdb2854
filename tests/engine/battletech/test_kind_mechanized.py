"""Mechanized infantry on the move (BT-M-37.7, BT-M-4, BT-M-23).

BT-M-37.7 (ASSUMPTION, MegaMek Infantry.java): a mechanized platoon has the MP of its carrier
(tracked 3, wheeled 4, hover 5) and obeys its carrier's column of BT-M-23's prohibited terrain.
"""

from __future__ import annotations

import pytest

from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import Step, StepKind
from engine.battletech.designs import InfantryDesign
from engine.battletech.designs.infantry import InfantryMotion
from engine.battletech.rules import kindmove
from engine.battletech.rules.movement import plan_move, reachable
from engine.battletech.state import BTState, MoveMode
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import start, terrain_board

F = Step(StepKind.FORWARD)


def platoon(motion: InfantryMotion) -> InfantryDesign:
    """A 28-man rifle platoon of the given kind."""
    return InfantryDesign("Test Platoon", motion.value, motion, 7, 4, "Auto-Rifle")


def alone(motion: InfantryMotion, **hexes: Terrain) -> BTState:
    """The platoon alone in 0408, facing north, on a clear 8 x 10 board (plus ``hexes``)."""
    return start(terrain_board(8, 10, **hexes), [(platoon(motion), 0, "0408", Facing.N)])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("motion", "mp"),
    [
        (InfantryMotion.MECHANIZED_TRACKED, 3),
        (InfantryMotion.MECHANIZED_WHEELED, 4),
        (InfantryMotion.MECHANIZED_HOVER, 5),
        (InfantryMotion.FOOT, 1),
    ],
)
def test_mechanized_mp_is_the_carriers(motion: InfantryMotion, mp: int) -> None:
    """BT-M-37.7: tracked 3, wheeled 4, hover 5 MP (foot 1 for contrast, BT-M-4); no run."""
    state = alone(motion)
    assert kindmove.allowance(state.units[0], MoveMode.WALK) == mp
    assert kindmove.allowance(state.units[0], MoveMode.RUN) == 0
    assert plan_move(state, 0, MoveMode.WALK, (F,) * mp).mp_spent == mp
    with pytest.raises(IllegalCommand, match=f"0 of {mp} left"):
        plan_move(state, 0, MoveMode.WALK, (F,) * (mp + 1))
    farthest = max(
        Hex.from_label("0408").distance(h) for h, _ in reachable(state, 0, MoveMode.WALK)
    )
    assert farthest == mp


def test_mechanized_obeys_its_carriers_terrain_column() -> None:
    """BT-M-37.7 / BT-M-23: each carrier's prohibitions, with infantry costs.

    Wheeled: no rough, no light woods; tracked: no heavy woods; only hover crosses Depth 1+ water.
    """
    rough = {"h0407": Terrain(rough=True)}
    light = {"h0407": Terrain(woods=Woods.LIGHT)}
    heavy = {"h0407": Terrain(woods=Woods.HEAVY)}
    water = {"h0407": Terrain(water=2)}
    wheeled, tracked, hover = (
        InfantryMotion.MECHANIZED_WHEELED,
        InfantryMotion.MECHANIZED_TRACKED,
        InfantryMotion.MECHANIZED_HOVER,
    )
    for motion, hexes, why in (
        (wheeled, rough, "wheeled carriers cannot enter rough"),
        (wheeled, light, "wheeled carriers cannot enter light woods"),
        (hover, light, "hover carriers cannot enter light woods"),
        (tracked, heavy, "tracked carriers cannot enter heavy woods"),
        (tracked, water, "tracked carriers cannot enter Depth 2 water"),
        (InfantryMotion.FOOT, water, "infantry cannot enter Depth 2 water"),
    ):
        with pytest.raises(IllegalCommand, match=why):
            plan_move(alone(motion, **hexes), 0, MoveMode.WALK, (F,))
    assert plan_move(alone(tracked, **light), 0, MoveMode.WALK, (F,)).mp_spent == 2
    assert plan_move(alone(tracked, **rough), 0, MoveMode.WALK, (F,)).mp_spent == 2
    crossing = plan_move(alone(hover, **water), 0, MoveMode.WALK, (F,))
    assert crossing.mp_spent == 1  # on the surface, 1 MP (BT-M-41 #13)
    foot = alone(InfantryMotion.FOOT, **heavy)
    assert plan_move(foot, 0, MoveMode.WALK, (F,)).steps[0].minimum  # 3 MP > 1 (BT-M-18)
