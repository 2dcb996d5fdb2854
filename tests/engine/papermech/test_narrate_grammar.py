"""Paper 'Mech sentences whose grammar was wrong: a plural location, one point, one circle."""

from __future__ import annotations

from engine.papermech import events as ev
from engine.papermech.tables import Location
from tests.engine.papermech.test_narrate import state, told


def test_full_legs_are_full_not_is_full() -> None:
    """PM-9.3: damage spilling from the legs: "The legs are full" (issue 13: "The legs is full")."""
    line = told(ev.DamageSpilled(Location.LEGS, 2, Location.TORSO, 3), state())
    assert line == "The legs are full: 3 points spill over, d6=2 -> torso."


def test_a_full_mount_is_full_and_one_point_spills() -> None:
    """A mount is singular; one point "spills", several "spill"."""
    line = told(ev.DamageSpilled(Location.LA, 5, Location.LS, 1), state())
    assert line == "The left arm (Laser) is full: 1 point spills over, d6=5 -> left shoulder."


def test_a_battle_won_with_one_circle_says_one_circle_and_one_point() -> None:
    """PM-13: the battle's score in the singular when it is 1."""
    assert told(ev.BattleWon(1, 1), state()) == "Battle 1 won: 1 circle intact, 1 point."
    assert told(ev.BattleWon(2, 31), state()) == "Battle 2 won: 31 circles intact, 31 points."
