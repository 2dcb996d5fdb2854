"""The simulator's fast paths answer exactly as the rules they stand for (issue 14 row 6)."""

from __future__ import annotations

import math
import random

from engine.papermech import Loadout, PaperState, legal_commands
from engine.papermech.commands import ChooseAction
from engine.papermech.options import _open_actions, action_refusal, allowed, choosable
from engine.papermech.state import LastAttack, PaperSetup, Player, Prompt
from engine.papermech.tables import RATED_WEIGHT, Action, Mount, Stance, Weapon

LOADOUTS = [
    Loadout(),
    Loadout.parse("LS=mortar RS=ppc LA=laser RA=fist"),
    Loadout.parse("LS=missiles RS=missiles LA=plasma-sword RA=tower-shield"),
    Loadout.parse("LS=ppc RS=rifle LA=energy-whip RA=machine-gun torso=3 legs=5"),
]


def random_sheet(rng: random.Random, loadout: Loadout) -> Player:
    """A sheet with random circles, stance and last attack."""
    mounts = tuple(tuple(rng.random() < 0.4 for _ in range(6)) for _ in range(4))
    legs = tuple(rng.random() < 0.3 for _ in range(4))
    last = rng.choice([None, *(LastAttack(m, rng.choice([None, "T", "B"])) for m in Mount)])
    stance = rng.choice(list(Stance))
    return Player(loadout, mounts, 0, legs, stance, last_attack=last)


def test_the_open_actions_are_those_every_rule_allows() -> None:
    """`_open_actions` (one pass a mount at a time) lists what `allowed` allows, in order."""
    rng = random.Random(14)  # noqa: S311 - test data
    for loadout in LOADOUTS:
        for _ in range(400):
            player = random_sheet(rng, loadout)
            expected = tuple(a for a in Action if allowed(player, a))
            assert _open_actions(player) == expected
            state = PaperState(PaperSetup(loadout), player, prompt=Prompt.ACTION)
            assert choosable(state) == list(expected)
            assert legal_commands(state) == [ChooseAction(a) for a in expected]
            for action in Action:
                refusal = action_refusal(player, action)
                assert (refusal is None) == (action in expected), (action, refusal)


def test_the_memoised_penalty_follows_each_loadout_even_when_objects_come_and_go() -> None:
    """PM-12: the penalty of many short-lived loadouts is each one's own, memo or not."""
    weapons = [Weapon.PPC, Weapon.MORTAR, Weapon.RIFLE, Weapon.MISSILES]
    rng = random.Random(12)  # noqa: S311 - test data
    for _ in range(300):
        shoulders = rng.choice(weapons), rng.choice(weapons)
        loadout = Loadout((*shoulders, Weapon.LASER, Weapon.FIST), rng.randint(3, 5), 4)
        expected = max(0, math.ceil((loadout.weight - RATED_WEIGHT) / 2))
        assert loadout.penalty == expected
        assert loadout.penalty == expected  # the memoised answer
