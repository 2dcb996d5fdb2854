"""Greedy's shortcuts choose exactly as valuing every option would (issue 14 row 6).

`engine.papermech.policies._View.action` values a movement or shield action only when its bound
(`_View.bound`) can reach the best attack. These tests check, in every ACTION and WINDOW state of
seeded games with five loadouts (greedy's own games and random ones, which reach states greedy
never would): each bound is at least the value it bounds, and the pruned choice is the choice of
valuing every option in turn. Also: the memoised per-group maxima equal the maxima of the lines,
the interned events equal freshly made ones, and `Dice.roll` rolls what ``die`` rolls.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

from engine.dice import Dice
from engine.papermech import RULESET, Loadout, PaperSetup, PaperState, Prompt, legal_commands
from engine.papermech import events as ev
from engine.papermech.commands import ChooseAction, PaperCommand
from engine.papermech.flow import resolve
from engine.papermech.options import HASTE, can_haste, haste_refusal
from engine.papermech.policies import POLICIES, GreedyPolicy, _View
from engine.papermech.tables import Action

LOADOUTS = {
    "default": Loadout(),
    "heavy": Loadout.parse("LS=mortar RS=ppc LA=laser RA=fist"),
    "brawler": Loadout.parse("LS=machine-gun RS=flamethrower LA=plasma-sword RA=tower-shield"),
    "whip": Loadout.parse("LS=wing-shield RS=rifle LA=energy-whip RA=tower-shield torso=3"),
    "odd": Loadout.parse("LS=disruptor RS=mortar LA=fist RA=machine-gun legs=5"),
}


class _Never:
    """A generator whose ``random`` never lets greedy wander (so both ways choose by value)."""

    def random(self) -> float:
        return 1.0

    def choice(self, seq: Sequence[PaperCommand]) -> PaperCommand:  # noqa: ARG002 # pragma: no cover
        raise AssertionError("greedy wandered")


def states(loadout: Loadout, policy: str, games: int, seed: int) -> list[PaperState]:
    """Every ACTION and WINDOW state of ``games`` seeded games of ``policy``."""
    out = []
    for game in range(games):
        state = RULESET.start(PaperSetup(loadout, 2))
        dice, rng = Dice(seed + game), random.Random(seed + game)  # noqa: S311 - test data
        for _ in range(1500):
            if state.result is not None:
                break
            if state.prompt in (Prompt.ACTION, Prompt.WINDOW):
                out.append(state)
            command = POLICIES[policy].choose(state, legal_commands(state), rng)
            state = resolve(state, command, dice)[1]
    return out


def every_option_valued(view: _View, options: Sequence[PaperCommand]) -> PaperCommand:
    """The choice of ``_View.action`` as it was: every option valued, the earlier wins a tie."""
    best, top = options[0], float("-inf")
    for command in options:
        if isinstance(command, ChooseAction):
            value = view.action_value(command.action)
            if value > top:
                best, top = command, value
    return best


@pytest.mark.parametrize("policy", ["greedy", "random"])
@pytest.mark.parametrize("name", sorted(LOADOUTS))
def test_bounds_hold_and_the_pruned_choice_is_the_full_choice(name: str, policy: str) -> None:
    """Each bound >= its value; pruning never changes the action greedy picks."""
    greedy = GreedyPolicy()
    checked = 0
    for state in states(LOADOUTS[name], policy, 3, 40):
        options = [c for c in legal_commands(state) if isinstance(c, ChooseAction)]
        if not options:
            continue
        view = _View(greedy, state, _Never())
        for command in options:
            action = command.action
            if view.sheet.index.get(action) is None:  # a movement or a shield
                assert view.bound(action) >= view.action_value(action), (state, action)
                checked += 1
        expected = every_option_valued(_View(greedy, state, _Never()), options)
        assert _View(greedy, state, _Never()).action(options) == expected
    assert checked > 50  # the games did reach movement and shield options


def test_the_memoised_group_maxima_are_the_maxima_of_the_lines() -> None:
    """`_View.tops`: per group of ready lines, per enemy, per space, the best plain line."""
    greedy = GreedyPolicy()
    for name in ("default", "heavy", "odd"):
        for state in states(LOADOUTS[name], "random", 2, 7)[::5]:
            view = _View(greedy, state, _Never())
            ready = view.readiness(None)
            for (t, tops, areas), (t2, plain, areas2) in zip(
                view.tops(ready), ready.groups, strict=True
            ):
                assert (t, areas) == (t2, areas2)
                if not plain:
                    assert tops is None
                    continue
                assert tops is not None
                for values, row in zip(view.values, tops, strict=True):
                    assert list(row) == [max(values[n][c] for n in plain) for c in range(32)]


def test_interned_events_equal_fresh_ones_and_are_shared() -> None:
    """`events.interned` gives an event equal to (and with the repr of) a fresh one, once."""
    make = ev.interned(ev.ActionChosen)
    first = make(Action.LS1, 3, 1, False)  # noqa: FBT003 - the fields, by position
    assert first == ev.ActionChosen(Action.LS1, 3, 1, forced=False)
    assert repr(first) == repr(ev.ActionChosen(Action.LS1, 3, 1, forced=False))
    assert make(Action.LS1, 3, 1, False) is first  # noqa: FBT003
    assert make(Action.LS1, 4, 1, False) != first  # noqa: FBT003


@pytest.mark.parametrize("sides", [1, 2, 6, 20])
def test_a_roll_is_the_dice_die_would_roll(sides: int) -> None:
    """`Dice.roll`, written out, rolls exactly ``die`` after ``die`` and moves as far."""
    for seed in (0, 1, 2024, -5, 2**70 + 3):
        for start in (0, 1, 17):
            for count in range(-1, 9):
                rolled, single = Dice(seed, start), Dice(seed, start)
                expected = tuple(single.die(sides) for _ in range(count))
                assert rolled.roll(count, sides) == expected
                assert rolled.position == single.position
    with pytest.raises(ValueError, match="at least one side"):
        Dice(1).roll(2, 0)


def test_the_window_offers_haste_exactly_when_the_rules_allow_it() -> None:
    """A window (memoised haste rules) lists Haste exactly when `haste_refusal` is None."""
    seen = set()
    for name in sorted(LOADOUTS):
        for state in states(LOADOUTS[name], "random", 3, 11):
            if state.prompt is not Prompt.WINDOW:
                continue
            offered = HASTE in legal_commands(state)
            assert offered == (haste_refusal(state.player) is None), state.player
            assert offered == can_haste(state)
            seen.add(offered)
            # Every window after the first step of a movement, Guard or attack action.
            for action in (Action.FORWARD, Action.LS2, Action.RA3):
                player = attrs.evolve(state.player, action=action, time=1, placed=3)
                moved = attrs.evolve(state, player=player)
                offered = HASTE in legal_commands(moved)
                assert offered == (haste_refusal(player) is None), (name, action)
    assert seen == {True, False}
