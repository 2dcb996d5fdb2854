"""The simulator's fast paths answer exactly as the rules they stand for (issue 14 row 6)."""

from __future__ import annotations

import inspect
import math
import random
from typing import Any

import attrs
import pytest

from engine.papermech import Loadout, PaperState, legal_commands, radar
from engine.papermech.commands import ChooseAction
from engine.papermech.events import Prompted
from engine.papermech.evolve import evolve, make_enemy, make_player, make_state
from engine.papermech.options import _open_actions, action_refusal, allowed, choosable
from engine.papermech.state import Enemy, LastAttack, PaperSetup, Player, Prompt
from engine.papermech.tables import (
    RATED_WEIGHT,
    Action,
    EnemyKind,
    Mount,
    Ring,
    Stance,
    Weapon,
    Wedge,
)

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


@pytest.mark.parametrize(
    ("cls", "build"),
    [(PaperState, make_state), (Player, make_player), (Enemy, make_enemy)],
)
def test_the_fold_builders_set_every_field_as_attrs_would(cls: type, build: Any) -> None:
    """`make_state` and co. name every field of their class, in order, and build equal values.

    They set slots directly, so a field added to the class (or a validator or converter put on
    one) must be added to them too: this fails until it is.
    """
    fields = attrs.fields(cls)
    assert list(inspect.signature(build).parameters) == [f.name for f in fields]
    assert all(f.validator is None and f.converter is None for f in fields)
    assert getattr(cls, "__attrs_post_init__", None) is None
    values = [object() for _ in fields]
    built = build(*values)
    assert type(built) is cls
    assert built == cls(*values)
    assert [getattr(built, f.name) for f in fields] == values
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.__setattr__(fields[0].name, 1)


def test_a_repeated_prompt_keeps_the_state_and_a_new_one_changes_it() -> None:
    """`Prompted` of what the state already waits for leaves it equal; any difference applies."""
    base = PaperState(PaperSetup(), Player(Loadout()), prompt=Prompt.WINDOW)
    assert evolve(base, Prompted(Prompt.WINDOW)) == base
    for event in (
        Prompted(Prompt.ACTION),
        Prompted(Prompt.WINDOW, enemy="T"),
        Prompted(Prompt.WINDOW, haste=2),
    ):
        after = evolve(base, event)
        assert (after.prompt, after.enemy, after.haste) == (event.prompt, event.enemy, event.haste)
        assert attrs.evolve(after, prompt=base.prompt, enemy=None, haste=0) == base


def test_the_radar_and_card_tables_answer_as_the_rules_compute() -> None:
    """PM-6 / PM-8.3 / PM-3: the moves, turns and attack rolls read from tables are the rules'."""
    for ring in Ring:
        for wedge in Wedge:
            space = (ring, wedge)
            assert radar.flank(space) == radar._flank(space)
            assert radar.approach(space) == radar._approach(space)
            for steps in range(-9, 10):
                assert wedge.clockwise(steps) is Wedge((wedge + steps) % 8)
    # The rules written out: wedges 1-3 flank anticlockwise, 4-6 clockwise, the rear stays.
    assert radar.flank((Ring.M, Wedge.W3)) == (Ring.M, Wedge.W2)
    assert radar.flank((Ring.M, Wedge.W4)) == (Ring.M, Wedge.W5)
    assert radar.flank((Ring.S, Wedge.RL)) == (Ring.S, Wedge.RL)
    assert radar.approach((Ring.C, Wedge.W1)) == (Ring.C, Wedge.W1)
    assert radar.approach((Ring.L, Wedge.W6)) == (Ring.M, Wedge.W6)
    for kind in EnemyKind:
        profile = kind.profile
        for roll in range(1, 7):
            expected = next(i for i, a in enumerate(profile.attacks) if a.low <= roll <= a.high)
            assert profile.attack_for(roll) == expected
            assert profile.attack_for(roll) == expected  # the memoised answer
