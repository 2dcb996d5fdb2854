"""NT-4: "When several enemy hexes are equally near, the moving side chooses" (issue 16).

A stray roll's doubles (1,1)/(2,2) make the nearest enemy jitter-fire (NT-4's DESIGN table); with
two or more known enemies equally near, the move waits (`JitterAsked`) for the moving side's
`ChooseJitterFirer`. Scripted dice: `tests.engine.battletech.night_tie`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.battletech import RULESET, format_command
from engine.battletech import commands as cmd
from engine.battletech.bot import decide as bot_decide
from engine.battletech.bot.builtin import random_policy
from engine.battletech.bot.jitter import wasted
from engine.battletech.designs.mech import Location
from engine.battletech.events import AmmoSpent, MovementEnded
from engine.battletech.language import parse_command
from engine.battletech.narrate import tell
from engine.battletech.nightcommands import ChooseJitterFirer
from engine.battletech.nightevents import JitterAsked, JitterChosen, JitterFired, StrayEnded
from engine.battletech.nightstate import NightSetup
from engine.battletech.rules.options import legal_commands
from engine.dice import Dice, ScriptedDice
from engine.game import Accepted, Game, Rejected, UndoPolicy
from engine.hexes import Facing, Hex
from saves.journal import Journal, read_game
from tests.engine.battletech import night_tie as tie
from tests.engine.battletech._build import design
from tests.engine.battletech.test_properties import FEW, SEEDS, STEP, _fold, _invariants, _step

CREATED = datetime(2026, 11, 27, tzinfo=UTC)
AnyGame = Game  # type: ignore[type-arg]


def _to_question(setup: object = tie.SETUP, dice: tuple[int, ...] = tie.DICE) -> AnyGame:
    game = Game(RULESET, setup, ScriptedDice(dice))
    _play_on(game)
    return game


def _play_on(game: AnyGame, journal: Journal | None = None, limit: int = 40) -> None:
    """Play the scripted commands until the mover's move of turn 2 (through ``journal``)."""
    execute = game.execute if journal is None else journal.execute
    for _ in range(limit):
        state = game.state
        if state.night is not None and state.night.asking is not None:
            return
        command = tie.next_command(state)
        result = execute(command)
        assert isinstance(result, Accepted), result
        if state.turn == 2 and getattr(command, "unit", None) == tie.MOVER:
            return


def _kinds(game: AnyGame) -> list[str]:
    return [type(e).__name__ for e in game.log[-1].events]


def test_nt4_equally_near_enemies_pause_the_move_for_the_moving_side() -> None:
    """NT-4: two known enemies 4 hexes away: the move waits; only Blue's answer is listed."""
    game = _to_question()
    assert _kinds(game)[-3:] == ["MovementRolled", "StrayRolled", "JitterAsked"]
    state = game.state
    assert state.night is not None
    question = state.night.asking
    assert question is not None
    assert (question.unit, question.candidates, question.distance) == (0, (2, 3), 4)
    assert question.direction is Facing.N
    assert state.active == tie.MOVER
    assert game.seats_to_act == {0}
    assert legal_commands(state) == [ChooseJitterFirer(2), ChooseJitterFirer(3)]
    refused = game.execute(cmd.EndMove(tie.MOVER))
    assert isinstance(refused, Rejected)
    assert refused.code == "night/choose_first"
    assert "\n" not in refused.reason
    assert "Blue must first choose" in refused.reason
    assert "jitter 3" in refused.reason
    assert "jitter 4" in refused.reason


def test_nt4_the_chosen_enemy_fires_then_the_stray_goes_on_and_the_move_ends() -> None:
    """NT-4/NT-5: the chosen unit fires at nothing (heat, ammunition, its hex lit), then strays."""
    game = _to_question()
    before = game.state
    result = game.execute(ChooseJitterFirer(3))
    assert isinstance(result, Accepted)
    events = result.entry.events
    kinds = [type(e).__name__ for e in events]
    assert kinds[:3] == ["JitterChosen", "JitterFired", "AmmoSpent"]
    assert "StrayEnded" in kinds
    assert kinds[-1] == "MovementEnded"
    chosen = events[0]
    assert isinstance(chosen, JitterChosen)
    assert (chosen.unit, chosen.firer, chosen.distance) == (0, 3, 4)
    fired = events[1]
    assert isinstance(fired, JitterFired)
    assert (fired.unit, fired.moving) == (3, False)
    spent = events[2]
    assert isinstance(spent, AmmoSpent)
    assert spent.unit == 3
    after = game.state
    assert after.units[3].ammo[1] == before.units[3].ammo[1] - 1
    assert after.units[3].this_turn.fired == {0}
    assert after.units[2].this_turn.fired == frozenset()
    assert after.night is not None
    assert after.night.asking is None
    assert Hex.from_label("0612") in after.night.flashes_in(after.turn)
    ended = next(e for e in events if isinstance(e, StrayEnded))
    assert ended.unit == tie.MOVER
    assert any(isinstance(e, MovementEnded) for e in events)
    assert after.active is None
    movement = after.units[tie.MOVER].movement
    assert movement is not None
    assert movement.done


def test_nt4_the_log_tells_the_question_and_the_choice() -> None:
    """The log: who is equally near, and "Blue chooses the Missile ... to jitter-fire"."""
    game = _to_question()
    game.execute(ChooseJitterFirer(2))
    texts = []
    for index, entry in enumerate(game.log[-2:], start=len(game.log) - 2):
        told, _ = tell(index, entry.command, entry.events, game.state_at(index))
        texts += [t.text for t in told]
    said = "\n".join(texts)
    assert "are equally near (4 hexes): Blue chooses which fires in the dark" in said
    assert "Blue chooses the Laser" in said
    assert "(4 hexes away) to jitter-fire" in said
    assert "(jitter 3)" in said


def test_nt4_one_nearest_enemy_fires_without_a_question() -> None:
    """NT-4: one enemy nearer than the rest: it fires at once, as before (no pause)."""
    units = list(tie.SETUP.units)
    units[3] = attrs.evolve(units[3], hex=Hex.from_label("0812"))  # 5 hexes away
    setup = attrs.evolve(tie.SETUP, units=tuple(units))
    game = _to_question(setup)
    kinds = _kinds(game)
    assert "JitterAsked" not in kinds
    fired = next(e for e in game.log[-1].events if isinstance(e, JitterFired))
    assert fired.unit == 2
    assert "MovementEnded" in kinds
    assert game.state.night is not None
    assert game.state.night.asking is None


def test_nt4_unknown_enemies_are_not_offered_the_lowest_index_fires() -> None:
    """NT-4 with NT-5's visibility: the side chooses among enemies it knows of; none: no pause."""
    night = NightSetup(visibility=2, flares=(Hex.from_label("0102"),), care=("", "", "", ""))
    game = _to_question(attrs.evolve(tie.SETUP, night=night))
    kinds = _kinds(game)
    assert "JitterAsked" not in kinds
    fired = next(e for e in game.log[-1].events if isinstance(e, JitterFired))
    assert fired.unit == 2


def test_nt4_refusals_wrong_seat_not_equally_near_and_no_question() -> None:
    """Only the moving side answers, with one of the equally near enemies, and only when asked."""
    early = Game(RULESET, tie.SETUP, ScriptedDice(tie.DICE))
    nothing = early.execute(ChooseJitterFirer(2))
    assert isinstance(nothing, Rejected)
    assert nothing.code == "night/no_question"
    game = _to_question()
    wrong_seat = game.execute(ChooseJitterFirer(2), seat=1)
    assert isinstance(wrong_seat, Rejected)
    assert wrong_seat.code == "seat/not_due"
    for unit, named in ((1, "the Laser"), (9, "unit 10")):
        refused = game.execute(ChooseJitterFirer(unit), seat=0)
        assert isinstance(refused, Rejected)
        assert refused.code == "night/not_nearest"
        assert named in refused.reason
        assert "jitter 3 (Laser T-50) or jitter 4 (Missile T-50)" in refused.reason
    assert game.state.night is not None
    assert game.state.night.asking is not None
    assert isinstance(game.execute(ChooseJitterFirer(2), seat=0), Accepted)


def test_nt4_the_command_language_reads_and_writes_the_answer() -> None:
    """``jitter UNIT``: units numbered from 1, like every other command."""
    game = _to_question()
    command = parse_command("jitter 4", game.state)
    assert command == ChooseJitterFirer(3)
    assert format_command(command) == "jitter 4"


def test_nt4_undo_replay_and_save_load_across_the_question(tmp_path: Path) -> None:
    """The pause is a state like any other: saved, loaded, replayed; undo never crosses dice."""
    path = tmp_path / "tie.jsonl"
    with Journal.create(path, RULESET, tie.SETUP, created=CREATED, scripted=tie.DICE) as journal:
        _play_on(journal.game, journal)
        asked = journal.game.state
        assert asked.night is not None
        assert asked.night.asking is not None
    loaded = read_game(path.read_bytes(), path.name)
    assert loaded.warnings == ()
    assert loaded.game.state == asked
    refused = loaded.game.undo()
    assert isinstance(refused, Rejected)  # the move rolled dice: undo stops there
    with Journal.open(path) as journal:
        game = journal.game
        assert game.state == asked
        assert isinstance(journal.execute(ChooseJitterFirer(3)), Accepted)
        done = game.state
        assert game.replay() == done
        undone = game.undo()  # the answer rolled no die (one weapon): it may be taken back
        assert isinstance(undone, Accepted)
        assert game.state == asked
        assert isinstance(game.redo(), Accepted)
        assert game.state == done
    again = read_game(path.read_bytes(), path.name)
    assert again.game.state == done
    assert [type(e).__name__ for e in again.game.log[-1].events][:2] == [
        "JitterChosen",
        "JitterFired",
    ]


def test_nt4_a_jumps_stray_waits_too_and_ends_the_move_after_the_answer() -> None:
    """NT-5: a jump's roll comes before take-off and its stray walks; the answer ends the move."""
    jumper = design(walk=5, jump=3, name="Laser", equipment=[("Medium Laser", Location.RA)])
    units = list(tie.SETUP.units)
    units[tie.MOVER] = attrs.evolve(units[tie.MOVER], design=jumper)
    setup = attrs.evolve(tie.SETUP, units=tuple(units))
    game = Game(RULESET, setup, ScriptedDice((*tie.DICE[:-4], 6, 6, 2, 2)))
    for _ in range(40):
        state = game.state
        command = tie.next_command(state)
        if state.turn == 2 and getattr(command, "unit", None) == tie.MOVER:
            break
        assert isinstance(game.execute(command), Accepted)
    jump = cmd.Jump(tie.MOVER, (Hex.from_label("0607"),), Facing.N)
    asked = game.execute(jump)
    assert isinstance(asked, Accepted)
    last = asked.entry.events[-1]
    assert isinstance(last, JitterAsked)
    assert last.allowance == 0
    assert last.direction is Facing.NE
    answer = game.execute(ChooseJitterFirer(2))
    assert isinstance(answer, Accepted)
    assert isinstance(answer.entry.events[-1], MovementEnded)
    assert game.state.active is None


def test_nt4_the_computer_and_the_random_player_answer() -> None:
    """The bot lets the enemy whose wasted shot costs most fire; the random player any listed."""
    import random  # noqa: PLC0415

    game = _to_question()
    state = game.state
    assert wasted(state, 2) == 3.0  # a medium laser: 3 heat
    assert wasted(state, 3) == pytest.approx(2 + 6 / 24)  # an LRM 5: 2 heat, 1 shot of 24
    decision = bot_decide(state, "balanced", random.Random(1))  # noqa: S311 - a game policy's stream
    assert decision.command == ChooseJitterFirer(2)
    assert "Laser" in decision.reason
    streams = [random.Random(seed) for seed in range(20)]  # noqa: S311 - game policies' streams
    picks = {random_policy(state, rng) for rng in streams}
    assert picks == {ChooseJitterFirer(2), ChooseJitterFirer(3)}


# ---------------------------------------------------------------- random streams from the question
class _ThenSeeded:
    """The tie's scripted dice, then a seeded stream: the night game goes on at random."""

    def __init__(self, seed: int, position: int = 0) -> None:
        self.seed = seed
        self._position = position

    @property
    def position(self) -> int:
        return self._position

    def die(self, sides: int = 6) -> int:
        at = self._position
        self._position += 1
        if at < len(tie.DICE):
            return tie.DICE[at]
        return Dice(self.seed).at(at).die(sides)

    def roll(self, count: int = 2, sides: int = 6) -> tuple[int, ...]:
        return tuple(self.die(sides) for _ in range(count))

    def at(self, position: int) -> _ThenSeeded:
        return _ThenSeeded(self.seed, position)


NIGHT_STEP = st.one_of(
    STEP,
    st.builds(ChooseJitterFirer, st.integers(-1, 5)).map(lambda c: ("any", c)),
)


@FEW
@given(seed=SEEDS, steps=st.lists(NIGHT_STEP, max_size=30))
def test_random_streams_from_the_question_never_crash_and_fold_to_the_state(
    seed: int, steps: list[tuple[str, object]]
) -> None:
    """DESIGN 7 at night: listed commands accepted, others refused cleanly, the log folds."""
    game = Game(RULESET, tie.SETUP, _ThenSeeded(seed), undo_policy=UndoPolicy.SOLO)
    _play_on(game)
    assert game.state.night is not None
    assert game.state.night.asking is not None
    for step in steps:
        _step(game, step)
        _invariants(game)
        night = game.state.night
        if night is not None and night.asking is not None:
            assert game.state.active == night.asking.unit
    assert _fold(game) == game.state


@pytest.mark.parametrize("name", ["bot", "random", "aggressive"])
def test_a_computer_player_answers_the_question_and_plays_on(name: str) -> None:
    """The simulator's players never stall at the question: each answers, and the game goes on."""
    import random  # noqa: PLC0415

    from engine.battletech.bot.policies import get_policy  # noqa: PLC0415
    from engine.battletech.state import Phase  # noqa: PLC0415

    policy = get_policy(name)
    assert policy is not None
    game = Game(RULESET, tie.SETUP, _ThenSeeded(7))
    _play_on(game)
    rng = random.Random(7)  # noqa: S311 - a game policy's stream
    answer = policy(game.state, rng)
    assert isinstance(answer, ChooseJitterFirer)
    for _ in range(60):
        if game.state.phase is Phase.OVER or game.state.turn > 3:
            break
        command = policy(game.state, rng)
        assert command is not None, game.state.phase
        assert isinstance(game.execute(command), Accepted), command
    assert game.state.turn > 2 or game.state.phase is Phase.OVER
