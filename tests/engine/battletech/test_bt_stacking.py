"""BT-M-25: stacking, walking and jumping (BT-M-20.4 reading for jumps).

Friendly 'Mechs may be passed through, enemies may not, and no hex ends the Movement Phase with
two 'Mechs in it.
"""

from __future__ import annotations

import pytest

from engine.battletech.board import Terrain
from engine.battletech.commands import Jump, Move, Step, StepKind
from engine.battletech.rules.movement import reachable, reachable_hexes
from engine.battletech.state import BTState, MoveMode
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, terrain_board
from tests.engine.battletech._vehicles import tank

F = Step(StepKind.FORWARD)
H = Hex.from_label

FRIEND, ENEMY = 0, 1


def blocked_by(owner: int, where: str = "0506", **hexes: Terrain) -> BTState:
    """Unit 0 (side 0, Walk 5, Jump 3) in 0507 facing N; unit 1 of side ``owner`` in ``where``.

    Unit 2 is side 1's 'Mech in the far corner, so both sides are always on the map.
    """
    board = terrain_board(10, 10, **hexes)
    units = [
        (design(50, 5, 3), 0, "0507", Facing.N),
        (design(), owner, where, Facing.N),
        (design(), 1, "1010", Facing.N),
    ]
    return start(board, units)


def rejected(state: BTState, command) -> IllegalCommand:
    """The IllegalCommand a command raises (it must raise one)."""
    with pytest.raises(IllegalCommand) as caught:
        play(state, command)
    return caught.value


def test_a_unit_passes_through_a_friendly_mech():
    """BT-M-25: during the Movement Phase a unit may pass through hexes holding friendly units."""
    after, _ = play(blocked_by(FRIEND), Move(0, MoveMode.WALK, (F, F)))
    assert after.unit(0).hex == H("0505")


def test_a_unit_may_not_end_in_a_friendly_mechs_hex():
    """BT-M-25: at most one 'Mech per hex at the end of the Movement Phase."""
    caught = rejected(blocked_by(FRIEND), Move(0, MoveMode.WALK, (F,)))
    assert caught.code == "move/stacking"
    assert "0506" in caught.message


def test_a_unit_may_not_pass_through_an_enemy():
    """BT-M-25: no moving through a hex holding an enemy unit."""
    caught = rejected(blocked_by(ENEMY), Move(0, MoveMode.WALK, (F, F)))
    assert caught.code == "move/stacking"
    assert "step 1 (F)" in caught.message


def test_a_unit_may_not_end_in_an_enemy_mechs_hex():
    """BT-M-25 AMBIGUOUS: an enemy hex only as the last hex, and only within the limits (1 Mech)."""
    assert rejected(blocked_by(ENEMY), Move(0, MoveMode.WALK, (F,))).code == "move/stacking"


def test_reachable_goes_through_friends_but_not_onto_them():
    """BT-M-25: the reachable query passes a friend's hex (2 MP on) but never ends there."""
    costs = reachable_hexes(blocked_by(FRIEND), 0, MoveMode.WALK)
    assert H("0506") not in costs
    assert costs[H("0505")] == 2
    assert reachable(blocked_by(FRIEND), 0, MoveMode.WALK)[(H("0505"), Facing.N)].mp == 2


def test_reachable_goes_around_enemies():
    """BT-M-25: with an enemy ahead the hex beyond costs more than the straight 2 MP."""
    costs = reachable_hexes(blocked_by(ENEMY), 0, MoveMode.WALK)
    assert H("0506") not in costs
    assert costs.get(H("0505"), 99) > 2


@pytest.mark.parametrize("owner", [FRIEND, ENEMY])
def test_a_jump_passes_over_any_unit(owner):
    """BT-M-20.4 reading: a jumping unit passes over friendly and enemy units alike."""
    after, _ = play(blocked_by(owner), Jump(0, (H("0506"), H("0505")), Facing.N))
    assert after.unit(0).hex == H("0505")


@pytest.mark.parametrize("owner", [FRIEND, ENEMY])
def test_a_jump_may_not_land_on_another_mech(owner):
    """BT-M-20.4 / BT-M-25: the landing hex must respect the stacking limits."""
    caught = rejected(blocked_by(owner, "0505"), Jump(0, (H("0506"), H("0505")), Facing.N))
    assert caught.code == "jump/stacking"
    assert "0505 already holds another 'Mech" in caught.message


def test_a_jump_onto_a_tank_names_a_unit_not_a_mech():
    """BT-M-25: the refusal names what stands there: a tank is "another unit", not a 'Mech."""
    board = terrain_board(10, 10)
    units = [
        (design(50, 5, 3), 0, "0507", Facing.N),
        (tank(), 0, "0505", Facing.N),
        (design(), 1, "1010", Facing.N),
    ]
    caught = rejected(start(board, units), Jump(0, (H("0506"), H("0505")), Facing.N))
    assert (caught.code, caught.message) == (
        "jump/stacking",
        "0505 already holds another unit (BT-M-25)",
    )
