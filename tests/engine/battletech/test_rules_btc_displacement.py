"""BT-C-46..48 from the rules digest: displacement, the accidental fall from above, dominoes.

A push is the simplest displacement: the pusher (unit 0) in 0808 facing N pushes the target (unit 1)
in 0807 north into 0806, where a third 'Mech (unit 2) may stand. Pushes resolve as a Physical phase
with the to-hit fixed at 4 and the roll 4-4; what the rules roll afterwards (PSRs, falls) is given
generous dice that pass.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.board import Terrain, Woods
from engine.battletech.state import AttackKind, MoveMode, Phase
from engine.hexes import Facing
from tests.engine.battletech._build import design, start, terrain_board
from tests.engine.battletech._rules_btc import H, moved, of, physical_attack, resolve, still


def three(c_facing: Facing = Facing.S, **hexes: Terrain):
    """Pusher 0808 (N), target 0807 (S), third 'Mech 0806 facing ``c_facing``; Physical phase."""
    board = terrain_board(16, 17, **hexes)
    units = [
        (design(), 0, "0808", Facing.N),
        (design(), 1, "0807", Facing.S),
        (design(), 1, "0806", c_facing),
    ]
    state = still(start(board, units))
    return attrs.evolve(state, phase=Phase.PHYSICAL)


def push(state, dice=(4, 4) + (5, 5) * 20):
    """Unit 0 pushes unit 1 (hits on 4-4); later rolls from ``dice`` (not all need be used)."""
    attack = physical_attack(state, 0, AttackKind.PUSH, 1, 4)
    return resolve(state, [attack], dice, phase=Phase.PHYSICAL, exact=False)


def where(state):
    """The three units' hexes, as labels."""
    return tuple(u.hex.label for u in state.units)


def test_domino_shoves_the_occupant_on():
    """BT-C-48.

    Displaced into a 'Mech's hex at the same level, over the stacking limit: the occupant, facing
    the incoming 'Mech directly, is shoved one hex onward; both make PSRs.
    """
    after, events = push(three(Facing.S))
    assert where(after) == ("0807", "0806", "0805")
    rolled = {p.unit for p in of(events, ev.PilotingRoll)}
    assert {1, 2} <= rolled


def test_domino_from_a_side_hexside_may_be_dodged():
    """BT-C-48.

    Shoved through one of its side hexsides, a standing occupant with MP left may step one hex
    straight forward or backward if it passes a PSR; then nobody is shoved.
    """
    after, events = push(three(Facing.NE))
    dodger = after.units[2].hex
    assert dodger in {H("0806").neighbor(Facing.NE), H("0806").neighbor(Facing.SW)}
    assert where(after)[:2] == ("0807", "0806")
    assert any(p.unit == 2 for p in of(events, ev.PilotingRoll))


def test_accidental_fall_from_above_rolls_base_7():
    """BT-C-47.

    Displaced into an occupied hex 2+ levels lower: the falling 'Mech rolls to hit the occupant at
    base 7, modified only by its movement and terrain (none here).
    """
    state = three(h0808=Terrain(level=2), h0807=Terrain(level=2))
    _, events = push(state)
    (fall,) = of(events, ev.FellOntoUnit)
    assert (fall.unit, fall.target, fall.to_hit) == (1, 2, 7)


@pytest.mark.parametrize(
    ("woods", "hexes", "number"),
    [(Woods.NONE, 3, 8), (Woods.LIGHT, 0, 8), (Woods.HEAVY, 5, 11)],
)
def test_accidental_fall_modifiers(woods, hexes, number):
    """BT-C-47: the target's movement (3-4 hexes +1, 5-6 +2) and terrain (+1/+2 woods) only."""
    state = three(h0808=Terrain(level=2), h0807=Terrain(level=2), h0806=Terrain(woods=woods))
    state = moved(state, 2, MoveMode.WALK if hexes else MoveMode.STILL, hexes)
    _, events = push(state)
    (fall,) = of(events, ev.FellOntoUnit)
    assert fall.to_hit == number


def test_accidental_fall_that_hits():
    """BT-C-47.

    On a hit the occupant takes ceil(50 / 10) = 5 (one group, Punch table); the faller takes normal
    fall damage for 2 levels: 5 x 3 = 15, on its back (rear column).
    """
    state = three(h0808=Terrain(level=2), h0807=Terrain(level=2))
    _, events = push(state, (4, 4, 4, 4) + (3,) * 60)
    (fall,) = of(events, ev.FellOntoUnit)
    assert fall.hit
    to_occupant = [
        (d.location, d.armor + d.internal, len(d.roll))
        for d in of(events, ev.DamageApplied)
        if d.unit == 2 and d.source == 1
    ]
    assert [(points, dice) for _, points, dice in to_occupant] == [(5, 1)]
    (fell,) = [f for f in of(events, ev.UnitFell) if f.unit == 1]
    assert (fell.levels, fell.damage, fell.column) == (2, 15, "rear")


def test_one_level_down_is_a_domino_not_a_fall_from_above():
    """BT-C-47/48: a drop of 1 level into an occupied hex is a domino effect."""
    state = three(Facing.S, h0808=Terrain(level=1), h0807=Terrain(level=1))
    after, events = push(state)
    assert not of(events, ev.FellOntoUnit)
    assert where(after) == ("0807", "0806", "0805")


def test_displacement_down_into_an_empty_hex_is_legal():
    """BT-C-46: a unit can be displaced down any number of levels."""
    board = terrain_board(16, 17, h0808=Terrain(level=3), h0807=Terrain(level=3))
    units = [(design(), 0, "0808", Facing.N), (design(), 1, "0807", Facing.S)]
    state = attrs.evolve(still(start(board, units)), phase=Phase.PHYSICAL)
    after, _ = push(state)
    assert after.units[1].hex == H("0806")


def test_the_domino_chain_goes_on():
    """BT-C-48.

    The chain goes on while 'Mechs stand in adjacent hexes along the shove: a fourth 'Mech in 0805
    (facing the incoming one) is shoved to 0804.
    """
    board = terrain_board(16, 17)
    units = [
        (design(), 0, "0808", Facing.N),
        (design(), 1, "0807", Facing.S),
        (design(), 1, "0806", Facing.S),
        (design(), 1, "0805", Facing.S),
    ]
    state = attrs.evolve(still(start(board, units)), phase=Phase.PHYSICAL)
    after, _ = push(state)
    assert where(after) == ("0807", "0806", "0805", "0804")


def test_displacement_up_two_levels_is_legal():
    """BT-C-46: the limit is the rise a walking 'Mech can climb (2 levels): pushed up 2."""
    board = terrain_board(16, 17, h0806=Terrain(level=2))
    units = [(design(), 0, "0808", Facing.N), (design(), 1, "0807", Facing.S)]
    state = attrs.evolve(still(start(board, units)), phase=Phase.PHYSICAL)
    after, _ = push(state)
    assert after.units[1].hex == H("0806")
