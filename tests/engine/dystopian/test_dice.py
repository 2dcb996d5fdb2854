"""Dystopian Wars dice: exploding pools, D2/D3, 2D6 and plain rolls.

Rules: DW-2.1 (pools and explosions), DW-2.2 (D2/D3), DW-2.3 (modifiers, natural 1 and 6, the
modified 6, the worst number, rolls that do not explode), DW-28.13 item 1.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.dice import DiceExhaustedError, ScriptedDice
from engine.dystopian.dice import (
    PoolDie,
    d2,
    d3,
    roll_d6,
    roll_plain,
    roll_pool,
    two_d6,
    worst,
)


def test_basic_table_reads_each_face() -> None:
    """DW-2.1: 1-3 miss, 4-5 one hit, 6 two hits and a new die."""
    roll = roll_pool(ScriptedDice([1, 2, 3, 4, 5, 6, 3]), 6)
    assert [d.hits for d in roll.dice] == [0, 0, 0, 1, 1, 2, 0]
    assert roll.hits == 4
    assert roll.faces == (1, 2, 3, 4, 5, 6, 3)
    assert [d.bonus for d in roll.dice] == [False] * 6 + [True]


def test_explosions_chain() -> None:
    """DW-2.1: every bonus die can explode again; keep rolling while 6s come up."""
    script = ScriptedDice([6, 6, 6, 4])
    roll = roll_pool(script, 1)
    assert roll.hits == 2 + 2 + 2 + 1
    assert [d.exploded for d in roll.dice] == [True, True, True, False]
    assert script.position == 4


def test_positive_modifier_lowers_the_number() -> None:
    """DW-2.3: "hit on 4+" with +1 becomes 3+."""
    assert roll_pool(ScriptedDice([3, 2]), 2, 4, +1).hits == 1


def test_negative_modifier_raises_the_number() -> None:
    """DW-2.3: "hit on 4+" with -1 becomes 5+."""
    assert roll_pool(ScriptedDice([4, 5]), 2, 4, -1).hits == 1


def test_modified_six_scores_one_and_does_not_explode() -> None:
    """DW-2.3: a 5 that reaches 6 by a +1 scores 1 hit and gives no extra die."""
    script = ScriptedDice([5, 4])
    roll = roll_pool(script, 1, 4, +1)
    assert roll.dice == (PoolDie(5, 1, bonus=False),)
    assert script.position == 1  # no die was added


def test_natural_six_beats_any_penalty() -> None:
    """DW-2.3: a natural 6 scores 2 hits and explodes however many negative modifiers apply."""
    roll = roll_pool(ScriptedDice([6, 5]), 1, 6, -3)
    assert roll.hits == 2
    assert len(roll.dice) == 2


def test_natural_one_always_misses() -> None:
    """DW-2.3: a natural 1 misses even with a +3 that would make it a 4."""
    assert roll_pool(ScriptedDice([1]), 1, 4, +3).hits == 0


def test_worst_number_wins() -> None:
    """DW-2.3 / DW-15.5: Small Target 5+ and Fast Target 6 give 6; basic 4+ and woods 5+ give 5+."""
    assert worst(4, 5, 6) == 6
    assert worst(4, 5) == 5
    with pytest.raises(ValueError, match="at least one"):
        worst()


def test_six_only_target_with_a_plus_one() -> None:
    """DW-2.3: against "6 only", a 5 made 6 by a +1 scores one hit and does not explode."""
    roll = roll_pool(ScriptedDice([5, 6, 4]), 2, worst(4, 6), +1)
    assert [d.hits for d in roll.dice] == [1, 2, 0]


def test_natural_only_counts_natural_sixes() -> None:
    """DW-15.4 / DW-11.9: a submerged target is hit only on natural 6s, whatever the modifier."""
    roll = roll_pool(ScriptedDice([5, 6, 4]), 2, 6, +1, natural_only=True)
    assert roll.hits == 2
    assert roll.faces == (5, 6, 4)


def test_empty_pool_and_bad_pool() -> None:
    """DW-2.1: no dice, no hits; a negative pool is a programming error."""
    assert roll_pool(ScriptedDice([]), 0).hits == 0
    with pytest.raises(ValueError, match="-1 dice"):
        roll_pool(ScriptedDice([]), -1)


def test_ram_example_dice() -> None:
    """DW-12.4: a dreadnought's RR 7 scoring 5 hits (4,4,5,5,6 + a 4, and two misses)."""
    roll = roll_pool(ScriptedDice([4, 4, 6, 2, 3, 1, 3, 4]), 7)
    assert roll.hits == 1 + 1 + 2 + 1
    assert len(roll.dice) == 8


@pytest.mark.parametrize(
    ("face", "two", "three"), [(1, 1, 1), (2, 1, 1), (3, 1, 2), (4, 2, 2), (5, 2, 3), (6, 2, 3)]
)
def test_d2_and_d3_table(face: int, two: int, three: int) -> None:
    """DW-2.2: the D2 and D3 columns for each D6 face."""
    assert d2(ScriptedDice([face])).value == two
    assert d3(ScriptedDice([face])).value == three
    assert d3(ScriptedDice([face])).face == face


def test_plain_rolls_never_explode() -> None:
    """DW-2.3: a treacherous-terrain test or a repair roll is one die, a 6 adds nothing."""
    script = ScriptedDice([6, 6])
    assert roll_d6(script).value == 6
    assert script.position == 1
    plain = roll_plain(ScriptedDice([6, 4, 3, 1]), 4, 4, +1)
    assert plain.successes == 3  # 6, 4, and 3+1; the natural 1 fails
    assert two_d6(ScriptedDice([6, 5])).total == 11


def test_running_out_of_scripted_dice_is_loud() -> None:
    """DW-2.1: an explosion asks for one more die than the pool."""
    with pytest.raises(DiceExhaustedError):
        roll_pool(ScriptedDice([6]), 1)


faces = st.lists(st.integers(1, 6), min_size=0, max_size=30)


@given(faces, st.integers(2, 7), st.integers(-3, 3))
def test_pool_counts(tail: list[int], threshold: int, mod: int) -> None:
    """DW-2.1: the dice rolled are the pool plus one per natural 6; hits are bounded by them."""
    n = len(tail)
    script = ScriptedDice([*tail, *([5] * (n + 1))])  # enough for every explosion
    roll = roll_pool(script, n, threshold, mod)
    sixes = sum(1 for d in roll.dice if d.face == 6)
    assert len(roll.dice) == n + sixes
    assert sum(1 for d in roll.dice if not d.bonus) == n
    assert roll.hits <= len(roll.dice) + sixes
    assert roll.hits >= 2 * sixes
    assert all(d.hits == 0 for d in roll.dice if d.face == 1)
    assert script.position == len(roll.dice)


@given(faces, st.integers(2, 6))
def test_a_bonus_never_costs_hits(tail: list[int], threshold: int) -> None:
    """DW-2.3: a positive modifier can only add hits, a negative one only take them away."""
    n = len(tail)
    padded = [*tail, *([3] * (n + 1))]
    base = roll_pool(ScriptedDice(padded), n, threshold).hits
    assert roll_pool(ScriptedDice(padded), n, threshold, +1).hits >= base
    assert roll_pool(ScriptedDice(padded), n, threshold, -1).hits <= base


def test_bomb_example() -> None:
    """DW-18.5: 10 AD of bombs roll 1,1,3,3,4,4,4,5,6,6, then extra 2 and 6, then 4: 11 hits."""
    roll = roll_pool(ScriptedDice([1, 1, 3, 3, 4, 4, 4, 5, 6, 6, 2, 6, 4]), 10)
    assert roll.hits == 11
    assert len(roll.dice) == 13
    assert [d.bonus for d in roll.dice].count(True) == 3


def test_aa_against_rockets_example() -> None:
    """DW-18.3: 4 AA dice against rockets (5-6) roll 2, 4, 5, 6 (+1): 3 hits cancelled."""
    roll = roll_pool(ScriptedDice([2, 4, 5, 6, 1]), 4, threshold=5)
    assert roll.hits == 3
