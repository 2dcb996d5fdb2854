"""BT-M-14: skill improvement in campaigns (experience points), `engine.battletech.rules.skills`."""

from __future__ import annotations

import attrs
import pytest

from engine.battletech.rules.skills import (
    Skill,
    SkillError,
    Veteran,
    improve,
    scenario_xp,
    survivors,
)
from engine.battletech.state import Pilot
from engine.hexes import Facing
from tests.engine.battletech._build import design, start, state_with, terrain_board


def test_survivors_gain_one_xp_and_each_player_gives_one_bonus():
    """BT-M-14: 1 XP per surviving warrior; each player gives 1 bonus XP to one surviving enemy.

    Blue (0) has warriors 0, 1; Red (1) has 2, 3. Warrior 1 died. Blue picks Red's 3, Red picks
    Blue's 0: XP 2, 0, 1, 2.
    """
    gained = scenario_xp([0, 0, 1, 1], [True, False, True, True], {0: 3, 1: 0})
    assert gained == (2, 0, 1, 2)


def test_no_bonus_when_no_enemy_survived():
    """BT-M-14: "if any survived": a side whose enemies all died gives no bonus."""
    assert scenario_xp([0, 1], [True, False], {0: None, 1: 0}) == (2, 0)


@pytest.mark.parametrize(
    ("bonus", "words"),
    [
        ({0: 1, 1: 0}, "surviving enemy"),  # Blue picks its own warrior
        ({0: 2, 1: 0}, "surviving enemy"),  # warrior 2 died
        ({0: None, 1: 0}, "must give"),  # an enemy survived: a pick is due
        ({0: 3, 1: 0, 5: 3}, "no side 5"),
    ],
)
def test_bonus_picks_that_break_the_rule_are_refused(bonus, words):
    """BT-M-14: the bonus goes to one surviving *enemy* warrior; a bad pick is a one-line error."""
    with pytest.raises(SkillError) as caught:
        scenario_xp([0, 0, 1, 1], [True, True, False, True], bonus)
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("skill", "xp", "pilot", "left"),
    [
        (Skill.PILOTING, 4, Pilot("A", 4, 4), 0),
        (Skill.GUNNERY, 8, Pilot("A", 3, 5), 0),
        ("piloting", 9, Pilot("A", 4, 4), 5),
        ("gunnery", 12, Pilot("A", 3, 5), 4),
    ],
)
def test_spending_xp_lowers_a_skill_by_one(skill, xp, pilot, left):
    """BT-M-14: Piloting -1 costs 4 XP, Gunnery -1 costs 8 XP (from the 4/5 defaults)."""
    assert improve(Veteran(Pilot("A", 4, 5), xp), skill) == Veteran(pilot, left)


def test_two_piloting_improvements_cost_eight():
    """BT-M-14: each purchase lowers the skill by 1: 8 XP buy Piloting 5 -> 3."""
    veteran = improve(improve(Veteran(Pilot("A", 4, 5), 8), Skill.PILOTING), Skill.PILOTING)
    assert veteran == Veteran(Pilot("A", 4, 3), 0)


@pytest.mark.parametrize(
    ("veteran", "skill", "words"),
    [
        (Veteran(Pilot("A", 4, 5), 3), Skill.PILOTING, "costs 4 XP"),
        (Veteran(Pilot("A", 4, 5), 7), Skill.GUNNERY, "costs 8 XP"),
        (Veteran(Pilot("A", 0, 5), 20), Skill.GUNNERY, "below 0"),
        (Veteran(Pilot("A", 4, 0), 20), Skill.PILOTING, "below 0"),
        (Veteran(Pilot("A", 4, 5), 20), "driving", "no skill"),
    ],
)
def test_improvements_the_rules_refuse(veteran, skill, words):
    """BT-M-14: not enough XP, or a skill already 0, is refused with a one-line reason."""
    with pytest.raises(SkillError) as caught:
        improve(veteran, skill)
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_survivors_of_a_game():
    """BT-M-14 / BT-M-16: a warrior survives unless killed (six wounds); ejecting is surviving."""
    board = terrain_board(8, 8)
    units = [(design(), s, label, Facing.N) for s, label in ((0, "0202"), (1, "0505"), (1, "0606"))]
    state = start(board, units)
    state = state_with(state, 0, wounds=5)
    state = state_with(state, 1, wounds=6, destroyed=True)
    state = state_with(state, 2, destroyed=True, ejected=True)
    assert survivors(state) == (True, False, True)
    assert survivors(attrs.evolve(state, units=state.units[:1])) == (True,)
