"""The computer opponent plays every unit kind with its own evaluation (issue 20 item 8, issue 21).

Vehicles, VTOLs, platoons and battle armor squads are moved, fired and weighed by the bot's own
ranking (`engine.battletech.bot.evaluate`, `movement`, `fire`), not by a built-in player.
"""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech.bot import decide
from engine.battletech.bot.evaluate import against, guns, range_modifier
from engine.battletech.commands import FireWeapons, Move
from engine.battletech.kinds.infantry import INFANTRY_WEAPONS, InfantryBody
from engine.battletech.state import BTState, Phase
from engine.dice import Dice
from engine.game import Game
from tui.battletech.library import install

SCENARIOS = Path(__file__).resolve().parents[3] / "assets" / "scenarios" / "battletech"


def _game(name: str, seed: int = 3) -> Game:  # type: ignore[type-arg]
    install()
    table = tomllib.loads((SCENARIOS / f"{name}.toml").read_text("utf-8"))
    return Game(RULESET, RULESET.make_setup(table), Dice(seed))


def _play(name: str, seed: int) -> tuple[list[object], list[str], BTState]:
    """A whole bot-against-bot game: every command (each accepted) and every reason."""
    game = _game(name, seed)
    commands: list[object] = []
    reasons: list[str] = []
    for _ in range(3000):
        state = game.state
        if state.phase is Phase.OVER:
            break
        decision = decide(state, "balanced", random.Random(seed))  # noqa: S311 - a game policy
        assert decision.command is not None
        game.execute(decision.command)  # raises if the rules refuse it
        commands.append(decision.command)
        reasons.append(decision.reason)
    return commands, reasons, game.state


@pytest.mark.parametrize("name", ["convoy-raid", "city-fight"])
def test_the_bot_plays_a_combined_arms_game_to_the_end_with_its_own_reasons(name: str) -> None:
    """Every kind moves and fires by the bot's evaluation; no command is refused; no fallback."""
    commands, reasons, state = _play(name, 5)
    assert state.phase is Phase.OVER
    assert not any("aggressive player" in r for r in reasons)
    kinds_moved = {
        type(state.units[c.unit].body).__name__ for c in commands if isinstance(c, Move) and c.steps
    }
    assert {"VehicleBody", "InfantryBody"} <= kinds_moved
    fired = {
        type(state.units[c.unit].body).__name__
        for c in commands
        if isinstance(c, FireWeapons) and c.shots
    }
    assert "VehicleBody" in fired
    moves = [r for c, r in zip(commands, reasons, strict=True) if isinstance(c, Move)]
    assert any("expects to deal" in r for r in moves)
    # BT-M-37.1 / BT-M-4: a vehicle cruised or flanked, a platoon moved, never walked or ran
    for command, reason in zip(commands, reasons, strict=True):
        if isinstance(command, Move) and command.steps and not state.units[command.unit].is_mech:
            assert not re.search(r"\b(walked|ran) to ", reason), reason
    # the damage told is points (a platoon's: men), not the ranking's weighted score: a
    # play-test read "expects to deal 104.3" from a jump platoon with one target in range
    told = [float(r.split("expects to deal ")[1].split()[0]) for r in moves if "deal " in r]
    assert max(told) < 80


def test_a_vehicle_declares_no_heat_and_a_combined_game_is_deterministic() -> None:
    """Vehicles track no heat (BT-M-3): their fire reasons never speak of it; same seed, same.

    The same seed plays the same game, command for command.
    """
    commands, reasons, state = _play("convoy-raid", 7)
    for command, reason in zip(commands, reasons, strict=True):
        if isinstance(command, FireWeapons) and command.shots:
            unit = state.units[command.unit]
            assert ("heat ends" in reason) == unit.is_mech
    again, _, _ = _play("convoy-raid", 7)
    assert again == commands


def test_a_platoon_fires_in_its_own_brackets_and_burst_fire_kills_more_men_in_the_open() -> None:
    """BT-C-35.7: a platoon's gun ends at its brackets; BT-C-35 item 1: MGs beat lasers on men."""
    game = _game("convoy-raid")
    state = game.state
    platoon = next(u for u in state.units if isinstance(u.body, InfantryBody))
    assert guns(platoon)  # its own weapons fire (BT-C-35.6, the infantry weapon table)
    rifle = INFANTRY_WEAPONS[0].name
    design = attrs.evolve(platoon.design, primary=rifle, secondary="", secondary_per_squad=0)
    platoon = attrs.evolve(platoon, design=design)
    (gun,) = guns(platoon)
    assert gun.bands is not None
    assert range_modifier(gun, gun.long + 1) is None
    assert range_modifier(gun, 1) == 0
    griffin = next(u for u in state.units if u.name.startswith("Griffin"))
    arsenal = guns(griffin)
    assert platoon.hex is not None
    open_ground = state.board.terrain(platoon.hex)
    felt = against(arsenal, platoon, open_ground)
    assert [g.weapon for g in felt] == [g.weapon for g in arsenal]
    assert all(f.avg != g.avg for f, g in zip(felt, arsenal, strict=True))
    # a 'Mech target feels the weapons as they are
    assert against(arsenal, griffin, open_ground) is arsenal
