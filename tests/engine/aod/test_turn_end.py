"""The end of the game and victory points (AOD-22, AOD-25 #9, #26, #27; AOD-26.17 #25)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from engine.aod.commands import CallTime, EndTurn, MoveUnit, WithdrawForce
from engine.aod.events import ForceWithdrawn, GameEnded, TurnBegan, UnitEliminated
from engine.aod.rules import legal_commands, seats_to_act
from engine.aod.ruleset import RULESET
from engine.aod.scoring import final_scores, judge
from engine.aod.state import AoDState, Result, Score, Stage
from engine.aod.status import DialStatus
from engine.dice import ScriptedDice
from engine.game import Event, IllegalCommand, KernelCode
from engine.hexes import Facing, Hex
from tests.engine.aod._game import arrange, play, setup

N, NE, SE, S, SW, NW = Facing
H = Hex.from_label

GAME = setup(["HX-001", "HX-002"], ["HX-010", "HX-001"])
"""Red: Pathguard HX-001a (12), Talon HX-002a (20). Blue: Warden HX-010a (185), Pathguard
HX-001b (12)."""


def _result(events: Sequence[Event]) -> Result:
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    return ended.result


def test_the_game_ends_when_one_player_alone_has_functional_units() -> None:
    """AOD-22.1 item 1: Red's last unit pushed off its dial: Blue alone stands; Blue wins."""
    state = arrange(
        GAME,
        {"HX-001a": ("0505", S), "HX-010a": ("0515", N), "HX-001b": ("0715", N)},
        tokens={"HX-001a": 1},
        dials={"HX-001a": DialStatus(click=3)},
    )
    state, events = play(state, [MoveUnit("HX-001a", H("0506"), S)])
    assert UnitEliminated(0, scorer=1, points=12) in events
    result = _result(events)
    assert result.reason == "only Blue has a functional unit left"
    # AOD-22.2: Elimination 12; control: the survivors' points, 185 + 12; no zone VP
    assert result.scores == (Score(0, 0, 0), Score(12, 197, 0))
    assert result.conditions == (1, 1, None)
    assert result.winner == 1
    assert (state.stage, seats_to_act(state), legal_commands(state)) == (
        Stage.OVER,
        frozenset(),
        [],
    )
    assert RULESET.summary(state).result == "Blue wins"


def test_heavily_damaged_units_are_not_functional() -> None:
    """AOD-17.3 / AOD-22.1: Red's Talon shows Heavy Damage (click 4): the game is over."""
    state = arrange(
        GAME,
        {"HX-002a": ("0505", S), "HX-010a": ("0515", N)},
        dials={"HX-002a": DialStatus(click=4)},
    )
    state, events = play(state, [MoveUnit("HX-002a", H("0506"), S)])
    result = _result(events)
    assert result.reason == "only Blue has a functional unit left"
    # AOD-25 #27: every Red unit on the board is heavily damaged: no control VP for Red; Blue
    # scores the Talon as salvage outside Red's zone (AOD-22.2 (d)): 185 + 20
    assert result.scores == (Score(0, 0, 0), Score(0, 205, 0))


def test_salvage_inside_its_own_zone_scores_nothing() -> None:
    """AOD-22.2 (d) / AOD-25 #9: a heavily damaged unit at home is no salvage."""
    state = arrange(
        GAME,
        {"HX-001a": ("0505", S), "HX-002a": ("1002", S), "HX-010a": ("0515", N)},
        dials={"HX-002a": DialStatus(click=4)},
    )
    assert final_scores(state) == (Score(0, 12, 0), Score(0, 185, 0))


def test_the_round_limit_ends_the_game_after_the_last_player_of_the_round() -> None:
    """AOD-26.16 / AOD-25 #28: with a 1-round limit the game ends after both turns."""
    game = setup(["HX-001"], ["HX-001"], round_limit=1)
    state = arrange(game, {"HX-001a": ("0505", S), "HX-001b": ("0515", N)})
    state, events = play(state, [EndTurn()])
    assert events[-1] == TurnBegan(player=1, turn=2, round=1, orders=3, zone_vp=0)
    state, events = play(state, [EndTurn()], dice=[5, 2])
    result = _result(events)
    assert result.reason == "the 1-round limit was reached"
    # equal in everything: the tie-break die decides (AOD-22.3 step 3)
    assert result.scores == (Score(0, 12, 0), Score(0, 12, 0))
    assert (result.tiebreak, result.winner) == (((5, 2),), 0)


def test_units_in_an_enemy_zone_score_at_the_start_of_each_command_stage() -> None:
    """AOD-22.2 condition 3: 1 VP per unit in an opponent's zone, counted each turn."""
    state = arrange(
        GAME,
        {"HX-001a": ("1019", S), "HX-002a": ("1119", S), "HX-010a": ("0515", N)},
        active=1,
    )
    state, events = play(state, [EndTurn()])
    assert events[-1] == TurnBegan(player=0, turn=2, round=2, orders=3, zone_vp=2)
    state, events = play(state, [EndTurn(), EndTurn()])
    assert state.zone_vp == (4, 0)


def test_calling_time_ends_and_scores_the_game() -> None:
    """AOD-22.1 items 2-3: time up (or all agree): the game is scored as it stands."""
    state = arrange(GAME, {"HX-001a": ("0505", S), "HX-010a": ("0515", N)})
    state, events = play(state, [CallTime()])
    result = _result(events)
    assert result.reason == "time was called"
    assert result.winner == 1
    with pytest.raises(IllegalCommand) as refused:
        play(state, [EndTurn()])
    assert refused.value.code == KernelCode.GAME_OVER


def test_each_condition_goes_to_the_most_vp_and_a_tie_to_nobody() -> None:
    """AOD-22.3 step 1-2: most conditions wins; a tied condition has no winner."""
    scores = (Score(10, 50, 3), Score(30, 40, 3))
    result = judge(scores, "test", ScriptedDice(()))
    assert result.conditions == (1, 0, None)
    # one condition each: the tie-break is Battlefield control VP (AOD-22.3 step 3)
    assert result.winner == 0


def test_tie_breaks_go_control_then_elimination_then_dice() -> None:
    """AOD-22.3 step 3: control VP, then Elimination VP, then a die roll (ties roll again)."""
    assert judge((Score(10, 40, 0), Score(20, 40, 0)), "t", ScriptedDice(())).winner == 1
    dice = ScriptedDice((4, 4, 2, 6))
    result = judge((Score(5, 40, 1), Score(5, 40, 1)), "t", dice)
    assert result.tiebreak == ((4, 4), (2, 6))
    assert result.winner == 1


def test_with_three_players_a_self_inflicted_elimination_scores_for_nobody() -> None:
    """AOD-25 #26: no opponent damaged it, and more than two play: nobody scores."""
    game = setup(["HX-001", "HX-002"], ["HX-010"], ["HX-001"])
    state = arrange(
        game,
        {
            "HX-001a": ("0505", S),
            "HX-002a": ("0705", S),
            "HX-010a": ("0515", N),
            "HX-001b": ("0210", SE),
        },
        tokens={"HX-001a": 1},
        dials={"HX-001a": DialStatus(click=3)},
    )
    state, events = play(state, [MoveUnit("HX-001a", H("0506"), S)])
    assert UnitEliminated(0, scorer=None, points=12) in events
    assert state.elimination == (0, 0, 0)


def test_the_start_state_summary_names_the_stage() -> None:
    """The summary says where the game stands."""
    assert RULESET.summary(AoDState.start(GAME)).turn == "rolling for first player"
    state = arrange(GAME, {"HX-001a": ("0505", S), "HX-010a": ("0515", N)})
    assert RULESET.summary(state).turn == "round 1, Red"


def test_a_withdrawing_player_leaves_and_opponents_keep_their_elimination_vp() -> None:
    """AOD-22.4 / AOD-26.17 #25: his units leave, scoring nobody; VP already scored stand."""
    state = arrange(GAME, {"HX-001a": ("0505", S), "HX-002a": ("0705", S), "HX-010a": ("0515", N)})
    state = attrs.evolve(state, elimination=(0, 12))
    state, events = play(state, [WithdrawForce()])
    assert events[0] == ForceWithdrawn(player=0, units=(0, 1))
    result = _result(events)
    assert result.reason == "only Blue has a functional unit left"
    assert result.scores == (Score(0, 0, 0), Score(12, 185, 0))
    assert all(u.withdrawn and u.hex is None for u in state.units[:2])


def test_with_three_players_the_turn_passes_and_the_withdrawn_player_is_skipped() -> None:
    """AOD-22.4 / AOD-5 step 11: the game goes on; a player with no units is skipped."""
    game = setup(["HX-001"], ["HX-010"], ["HX-001"])
    places = {"HX-001a": ("0505", S), "HX-010a": ("0515", N), "HX-001b": ("0210", SE)}
    state, events = play(arrange(game, places, active=1), [WithdrawForce()])
    assert events[-1] == TurnBegan(player=2, turn=2, round=1, orders=3, zone_vp=0)
    state, events = play(state, [EndTurn()])
    assert events[-1] == TurnBegan(player=0, turn=3, round=2, orders=3, zone_vp=0)
    state, events = play(state, [EndTurn()])
    assert events[-1] == TurnBegan(player=2, turn=4, round=2, orders=3, zone_vp=0)
