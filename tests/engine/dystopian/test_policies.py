"""The built-in Dystopian Wars players (`engine.dystopian.policies`): legal, and games end.

Both players choose only from `legal_commands`, so every command they give is accepted; a game of
either reaches its result (DW-22.5, DW-22.6). The aggressive player deploys forward (DW-22.8),
closes in (DW-28.4), fires at the weakest enemy (DW-4, DW-15) and ends an activation last
(DW-7.2).
"""

from __future__ import annotations

import random

import attrs
import pytest

from engine.dice import Dice
from engine.dystopian.commands import (
    Activate,
    DeployModel,
    DWCommand,
    EndActivation,
    Fire,
    MoveModel,
    RollOff,
)
from engine.dystopian.evolve import evolve
from engine.dystopian.movement import parse_path, walk
from engine.dystopian.policies import POLICIES, aggressive, attack_target, get_policy
from engine.dystopian.rules import decide, legal_commands
from engine.dystopian.state import DWState, Stage
from engine.hexes import Facing
from tests.engine.dystopian._assets import fleets
from tests.engine.dystopian._game import H, arrange, fleet, model, play, setup, squadron

NAVAL = fleets()["Sample naval fleet"]
"""DW-28.12: BB with 2 ES, 3 CR, 3 FF; the Commodore on the BB."""


@attrs.frozen
class Board(DWCommand):
    """A stand-in for a command another module adds (boarding, DW-19): it names its target."""

    TAG = "test_board"
    model: str
    target: str


def _game(policy: str, turns: int, seed: int) -> tuple[DWState, int]:
    """Play the sample fleets with ``policy`` for both; check each command is listed."""
    player = get_policy(policy)
    assert player is not None
    state = DWState.start(setup(NAVAL, NAVAL, turns=turns))
    rng = random.Random(seed)  # noqa: S311 - a game player's choices
    dice = Dice(seed)
    commands = 0
    while state.result is None:
        command = player(state, rng)
        assert command is not None, state.stage
        assert command in legal_commands(state)
        for event in decide(state, command, dice):
            state = evolve(state, event)
        commands += 1
        assert commands < 2000
    return state, commands


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_a_game_of_either_player_ends_with_every_command_listed(policy):
    """DW-22.6: a one-turn game ends after its End Phase with a result (DW-22.5).

    Then nothing is listed, and the player gives None.
    """
    state, commands = _game(policy, turns=1, seed=3)

    assert state.stage is Stage.OVER
    assert state.result is not None
    assert state.turn == 1
    assert commands >= 2 + 18 + 6 * 2  # roll-off, edge, 18 models, 6 squadrons: activate, end
    assert legal_commands(state) == []
    assert POLICIES[policy](state, random.Random(0)) is None  # noqa: S311


def test_the_aggressive_player_deploys_in_the_row_nearest_the_enemy():
    """DW-22.8: the top zone is rows 1-4; the model goes to row 4, facing the enemy's edge."""
    state = DWState.start(setup(NAVAL, NAVAL))
    state, _ = play(state, [RollOff()], [6, 6, 1, 1, 3, 3])  # Red 12, Blue 2: Red chooses

    rng = random.Random(1)  # noqa: S311
    edge = aggressive(state, rng)
    assert edge is not None
    state, _ = play(state, [edge])
    command = aggressive(state, rng)

    assert isinstance(command, DeployModel)
    assert command.model == "BB-1"
    row = 4 if state.edges[0].value == "top" else 21
    assert command.hex.to_offset()[1] + 1 == row


def test_the_aggressive_player_moves_as_near_an_enemy_as_any_listed_move_goes():
    """DW-28.4: the cruiser (4 hexes) closes on the frigate 9 hexes away, ending 5 from it."""
    game = setup(fleet(squadron("CR", 2)), fleet(squadron("FF", 3)))
    places = {"CR-1": ("1004", Facing.S), "CR-2": ("1104", Facing.S), "FF-1": ("1013", Facing.N)}
    state, _ = play(arrange(game, places), [Activate("CR-1")])

    command = aggressive(state, random.Random(2))  # noqa: S311

    assert isinstance(command, MoveModel)
    assert command.model == "CR-1"
    board, indices = state.board()
    cruiser = model(state, "CR-1")
    walked = walk(board, indices.index(cruiser), state.mover(cruiser), parse_path(command.path))
    assert walked.end.distance(H("1013")) == 9 - 4  # its whole 8" (DW-28.1: 4 hexes) straight on


def test_the_aggressive_player_fires_at_the_weakest_enemy_after_moving():
    """DW-4 / DW-15: of two frigates in range, the one with fewer hull points left is the target."""
    game = setup(fleet(squadron("CR", 2)), fleet(squadron("FF", 3)))
    places = {
        "CR-1": ("1004", Facing.S),
        "CR-2": ("1104", Facing.S),
        "FF-1": ("1009", Facing.N),
        "FF-2": ("1109", Facing.N),
    }
    state = arrange(game, places)
    hurt = model(state, "FF-2")
    state = state.with_model(hurt, attrs.evolve(state.models[hurt], hull_damage=1))
    moves = [Activate("CR-1"), MoveModel("CR-1", "F"), MoveModel("CR-2", "F")]
    state, _ = play(state, moves)
    rng = random.Random(3)  # noqa: S311

    command = aggressive(state, rng)

    assert isinstance(command, Fire)
    assert command.targets == ("FF-2",)
    assert attack_target(state, command) == hurt


def test_the_aggressive_player_ends_the_activation_when_nothing_is_in_reach():
    """DW-7.2: moved, and no enemy within 16 hexes (DW-28.7): the activation ends."""
    game = setup(fleet(squadron("CR", 2)), fleet(squadron("FF", 3)))
    places = {"CR-1": ("0104", Facing.S), "CR-2": ("0204", Facing.S), "FF-1": ("3624", Facing.N)}
    state, _ = play(arrange(game, places), [Activate("CR-1")])
    rng = random.Random(4)  # noqa: S311

    while not isinstance(command := aggressive(state, rng), EndActivation):
        assert isinstance(command, MoveModel)
        state, _ = play(state, [command])

    assert state.activation is not None
    assert set(state.activation.moved) == {model(state, "CR-1"), model(state, "CR-2")}


def test_any_other_command_that_names_an_enemy_is_an_attack():
    """A command another module adds (boarding, DW-19) is read by the enemy it names."""
    game = setup(fleet(squadron("CR", 2)), fleet(squadron("FF", 3)))
    places = {"CR-1": ("1004", Facing.S), "FF-1": ("1005", Facing.N)}
    state, _ = play(arrange(game, places), [Activate("CR-1")])

    assert attack_target(state, Board("CR-1", "FF-1")) == model(state, "FF-1")
    assert attack_target(state, Board("CR-1", "CR-2")) is None  # a friend
    assert attack_target(state, MoveModel("CR-1", "F")) is None
