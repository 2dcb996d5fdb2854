"""Games that seek combat: every listed combat order accepted, events surviving the converter.

The ruleset's property tests pick commands uniformly, so attacks are rare there; these games
prefer the Ranged, Assault and Repair orders (AOD-12, AOD-15, AOD-26.14) whenever one is listed,
in the demo scenario (AOD-26.16: its factions, Pulse, Repair, Heavy Armor) and a small board.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from engine.aod.combat import Modifier
from engine.aod.commands import AssaultUnit, RangedAttack, RepairUnit
from engine.aod.dial import DamageKind
from engine.aod.events import AttackRolled, RepairAttempted, Shot, TargetLocked, UnitRepaired
from engine.aod.language import format_command, parse_command
from engine.aod.rules import legal_commands
from engine.aod.state import AoDSetup, AoDState, OrderKind
from engine.aod.units import WeaponSlot
from engine.dice import Dice
from engine.game import Accepted, Command, Event, Game
from engine.hexes import Facing, Hex
from engine.narration import tell_entries
from saves.codec import make_converter
from tests.engine.aod._game import ruleset, setup

RULES = ruleset()
COMBAT = (RangedAttack, AssaultUnit, RepairUnit)


def _round_trip(conv: Any, value: object, kind: type) -> object:
    return conv.structure(json.loads(json.dumps(conv.unstructure(value, kind))), kind)


def _seek_combat(game_setup: AoDSetup, seed: int, steps: int) -> Counter[str]:
    game: Game[AoDState, Command, Event, AoDSetup] = Game(RULES, game_setup, Dice(seed))
    pick = random.Random(seed)  # noqa: S311 - a fixed choice of commands, not security
    conv = make_converter(RULES)
    seen: Counter[str] = Counter()
    for _ in range(steps):
        options = legal_commands(game.state)
        if not options:
            break
        combat = [c for c in options if isinstance(c, COMBAT)]
        command = pick.choice(combat if combat and pick.random() < 0.8 else options)
        assert parse_command(format_command(command), game.state) == command
        outcome = game.execute(command)
        assert isinstance(outcome, Accepted), (format_command(command), outcome)
        assert _round_trip(conv, command, Command) == command
        for event in outcome.entry.events:
            assert _round_trip(conv, event, Event) == event
            seen[type(event).__name__] += 1
    assert game.replay() == game.state
    lines = tell_entries(RULES, game.initial, game.entries)
    assert all(told.text for entry in lines for told in entry)
    return seen


@pytest.mark.parametrize("seed", [1, 2])
def test_small_games_that_seek_combat(seed: int) -> None:
    """Attacks are made, accepted, replayed and told."""
    small = setup(["HX-009", "HX-001", "HX-003", "HX-011"], ["HX-010", "HX-004", "HX-002"])
    seen = _seek_combat(small, seed, 120)
    assert seen["AttackRolled"] > 0


def test_the_demo_game_seeking_combat() -> None:
    """The demo scenario's factions and SE in play (Zellbrigen, Predator, Pulse, Repair...)."""
    seen = _seek_combat(RULES.make_setup(None), 5, 300)
    assert seen["AttackRolled"] > 0


@pytest.mark.parametrize(
    "value",
    [
        RangedAttack("HX-009a", ("HX-001a", "HX-001b"), WeaponSlot.SECONDARY, split=(2, 0)),
        RangedAttack("HX-010a", ("HX-009a",), indirect=True, pulse=("HX-009a",)),
        AssaultUnit("HX-009a", Hex.from_label("0509"), Facing.S, ("HX-001b",), close=True),
        RepairUnit("HX-003a", "HX-001a"),
        AttackRolled(
            0,
            OrderKind.ASSAULT,
            WeaponSlot.PRIMARY,
            (6, 6, 1),
            (
                Shot(
                    3,
                    10,
                    15,
                    (Modifier("rear arc", 2, "AOD-12.5"),),
                    (),
                    hit=True,
                    share=2,
                    clicks=3,
                ),
            ),
            2,
            DamageKind.ENERGY,
            imaging=4,
            bonus="zellbrigen",
            follow_up="predator",
        ),
        TargetLocked(0, 3, "ruthlessness"),
        UnitRepaired(1, 2, 3, "scavenger"),
        RepairAttempted(2, 1, (1, 1, 6), 8, success=False),
    ],
)
def test_the_new_commands_and_events_survive_the_converter(value: object) -> None:
    """Saves hold them: each reads back equal through the codec."""
    kind = Command if isinstance(value, Command) else Event
    assert _round_trip(make_converter(RULES), value, kind) == value
