"""The computer opponent (issue 21): legal in every phase, deterministic, heat-wise, cover-seeking.

Whole games go through the simulator's own adapter (`tui.battletech.sim`), so a command the rules
refuse, an exception or a game with no result fails the test with the game's words.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.battletech import RULESET
from engine.battletech.board import Terrain, Woods
from engine.battletech.bot import DEFAULT_PERSONALITY, PERSONALITIES, Decision, decide
from engine.battletech.bot.evaluate import WEIGHTS, base_heat, p_hit
from engine.battletech.bot.fire import choose_fire
from engine.battletech.bot.movement import _Candidate, _Ranker
from engine.battletech.bot.policies import BOT_POLICIES, get_policy, policy_names
from engine.battletech.commands import FireWeapons, Jump, Move, Step, StepKind
from engine.battletech.designs.mech import Location
from engine.battletech.evolve import evolve
from engine.battletech.rules.flow import decide as rules_decide
from engine.battletech.rules.heat import dissipation, movement_heat
from engine.battletech.rules.tohit import declare_fire
from engine.battletech.state import MoveMode, Phase
from engine.dice import Dice
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, start, state_with, terrain_board
from tui.battletech.library import install, load_scenario
from tui.battletech.sim import ADAPTER, BTSimSpec
from tui.commands.runner import GamePlan

SCENARIOS = ("default", "lance", "scouts", "bridge", "breakout", "convoy-raid", "city-fight")


@pytest.fixture(scope="module")
def library():
    return install([])


def _spec(library, scenario: str, policy: str, against: str, turns: int) -> BTSimSpec:
    setup = load_scenario(scenario, library)
    setup = attrs.evolve(setup, victory=attrs.evolve(setup.victory, turns=turns))
    return BTSimSpec(setup, scenario, policy, against)


# ------------------------------------------------------------------ whole games
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize(
    ("policy", "against"),
    [("bot", "random"), ("bot-aggressive", "aggressive"), ("bot-cautious", "bot")],
)
def test_every_bot_command_is_accepted(library, scenario, policy, against):
    """Two short games a pairing and scenario (sides swapped): no refusal, a result each."""
    spec = _spec(library, scenario, policy, against, turns=3)
    for index in range(2):
        outcome = ADAPTER.play(spec, GamePlan.of(11, index, max_commands=3_000))
        assert outcome.error == "", f"{scenario} game {index}: {outcome.error}"
        assert outcome.side == index % 2
        assert outcome.turns >= 1


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    scenario=st.sampled_from(SCENARIOS),
    policy=st.sampled_from(sorted(BOT_POLICIES)),
)
def test_property_bot_games_never_refused(library, seed, scenario, policy):
    """Any seed, scenario and personality: two turns against the random player, all accepted."""
    spec = _spec(library, scenario, policy, "random", turns=2)
    outcome = ADAPTER.play(spec, GamePlan.of(seed, seed % 2, max_commands=2_000))
    assert outcome.error == ""


def _commands(library, seed: int) -> list[object]:
    setup = load_scenario("default", library)
    setup = attrs.evolve(setup, victory=attrs.evolve(setup.victory, turns=3))
    state = RULESET.start(setup)
    dice, rng = Dice(seed), random.Random(seed)  # noqa: S311 - a game
    given_commands = []
    while state.phase is not Phase.OVER:
        decision = decide(state, DEFAULT_PERSONALITY, rng)
        assert decision.command is not None
        given_commands.append((decision.command, decision.reason))
        for event in rules_decide(state, decision.command, dice):
            state = evolve(event, state)
    return given_commands


def test_same_seed_same_game(library):
    """Determinism: the same seed gives the same commands and reasons, a different one differs."""
    first = _commands(library, 5)
    assert first == _commands(library, 5)
    assert first != _commands(library, 6)


def test_decisions_explain_themselves(library):
    """Every decision has a one-line reason; moves and fire list their alternatives, best first."""
    setup = load_scenario("lance", library)
    state = RULESET.start(setup)
    dice, rng = Dice(3), random.Random(3)  # noqa: S311 - a game
    seen = set()
    while state.turn < 3 and state.phase is not Phase.OVER:
        decision = decide(state, "balanced", rng)
        assert decision.reason
        assert "\n" not in decision.reason
        scores = [score for _, score in decision.alternatives]
        if state.phase is Phase.MOVEMENT and isinstance(decision.command, Move):
            assert scores == sorted(scores, reverse=True)
            assert "expects to deal" in decision.reason
            seen.add("move")
        if isinstance(decision.command, FireWeapons) and decision.command.shots:
            assert "expects" in decision.reason
            seen.add("fire")
        assert decision.command is not None
        for event in rules_decide(state, decision.command, dice):
            state = evolve(event, state)
    assert seen == {"move", "fire"}


def test_unknown_personality_is_refused(library):
    state = RULESET.start(load_scenario("lance", library))
    with pytest.raises(ValueError, match="unknown personality"):
        decide(state, "reckless", random.Random(1))  # noqa: S311 - a game
    assert DEFAULT_PERSONALITY in PERSONALITIES
    assert isinstance(decide(state, "cautious", random.Random(1)), Decision)  # noqa: S311 - a game


def test_policies_are_registered():
    """The simulator names: bot (balanced), bot-cautious, bot-aggressive, and the built-in ones."""
    assert {"random", "aggressive", "bot", "bot-cautious", "bot-aggressive"} <= set(policy_names())
    assert get_policy("bot") is BOT_POLICIES["bot"]
    assert get_policy("nobody") is None


# ------------------------------------------------------------------ heat (BT-C-51..54)
def _hot_state(heat: int, *, ct_left: int | None = None):
    """A 'Mech with two PPCs and two medium lasers 5 hexes from a 100-ton enemy (Weapon phase).

    ``ct_left``: the enemy's centre torso armor left (its internal structure is 0 then as well:
    the next hits there destroy it).
    """
    shooter = design(
        70,
        4,
        equipment=(
            ("PPC", Location.LA),
            ("PPC", Location.RA),
            ("Medium Laser", Location.LT),
            ("Medium Laser", Location.RT),
        ),
    )
    target = design(100, 3, name="Target")
    board = terrain_board(10, 10)
    state = start(board, [(shooter, 0, "0502", Facing.S), (target, 1, "0507", Facing.N)])
    state = attrs.evolve(state, phase=Phase.WEAPON)
    if ct_left is not None:
        enemy = state.units[1]
        ct = list(Location).index(Location.CT)
        armor = (*enemy.mech.armor[:ct], ct_left, *enemy.mech.armor[ct + 1 :])
        internal = (*enemy.mech.internal[:ct], 1, *enemy.mech.internal[ct + 1 :])
        state = state_with(state, 1, armor=armor, internal=internal, shutdown=True)
    return state_with(state, 0, heat=heat)


@pytest.mark.parametrize("heat", [0, 4, 9])
def test_fire_keeps_heat_within_the_budget(heat):
    """BT-C-51/52/53: the turn ends at heat now + weapons fired - sinks dissipated.

    The bot fires only what keeps that at or below its cap (BT-C-54: 8+ spoils its aim) and
    names what it held and the heat it would have reached.
    """
    state = _hot_state(heat)
    weights = WEIGHTS["balanced"]
    decision = choose_fire(state, 0, weights)
    command = decision.command
    assert isinstance(command, FireWeapons)
    declare_fire(state, command)  # the rules accept it
    unit = state.units[0]
    fired = sum(
        3 if unit.design.equipment[s.weapon].name.endswith("Medium Laser") else 10
        for s in command.shots
    )
    end = heat + movement_heat(unit) + fired - dissipation(state, unit)
    assert end == base_heat(state, unit) + fired
    assert end <= weights.heat_cap
    everything = heat + 26 - dissipation(state, unit)
    if everything > weights.heat_cap:
        assert "held" in decision.reason
        assert f"heat would reach {everything}" in decision.reason
    assert command.shots  # something is always worth firing at 5 hexes


def test_a_likely_kill_is_worth_more_heat():
    """A target one volley from destruction: the bot accepts its higher kill cap (BT-C-54)."""
    weights = WEIGHTS["balanced"]
    state = _hot_state(4, ct_left=2)
    command = choose_fire(state, 0, weights).command
    assert isinstance(command, FireWeapons)
    calm = choose_fire(_hot_state(4), 0, weights).command
    assert isinstance(calm, FireWeapons)
    assert len(command.shots) > len(calm.shots)
    unit = state.units[0]
    fired = sum(10 if "PPC" in unit.design.equipment[s.weapon].name else 3 for s in command.shots)
    assert weights.heat_cap < base_heat(state, unit) + fired <= weights.kill_cap


def test_hotter_mech_fires_less():
    """The same shot picture at heat 9 fires no more heat than at heat 0 (BT-C-54)."""
    weights = WEIGHTS["balanced"]

    def heat_fired(heat: int) -> int:
        state = _hot_state(heat)
        command = choose_fire(state, 0, weights).command
        assert isinstance(command, FireWeapons)
        unit = state.units[0]
        names = [unit.design.equipment[s.weapon].name for s in command.shots]
        return sum(10 if "PPC" in name else 3 for name in names)

    assert heat_fired(9) < heat_fired(0)


def test_cautious_runs_cooler_than_aggressive():
    state = _hot_state(4)

    def fired(personality: str) -> int:
        command = choose_fire(state, 0, WEIGHTS[personality]).command
        assert isinstance(command, FireWeapons)
        return len(command.shots)

    assert fired("cautious") <= fired("balanced") <= fired("aggressive")
    assert fired("cautious") < fired("aggressive")


# ------------------------------------------------------------------ movement ranking
def _duel(woods_at: str = "", *, enemy: str = "0508", rows: int = 12):
    lasers = (("Medium Laser", Location.RA), ("Medium Laser", Location.LA))
    shooter = design(50, 5, equipment=lasers)
    guns = (("Large Laser", Location.RA), ("Medium Laser", Location.LA))
    target = design(50, 5, name="Target", equipment=guns)
    hexes = {f"h{woods_at}": Terrain(woods=Woods.HEAVY)} if woods_at else {}
    board = terrain_board(10, rows, **hexes)
    state = start(board, [(shooter, 0, "0502", Facing.S), (target, 1, enemy, Facing.N)])
    # the enemy has moved (walked 3 hexes): its arcs and movement are known
    moved = attrs.evolve(state.units[1].movement or _walked(), done=True)
    return state_with(state, 1, movement=moved)


def _walked():
    from engine.battletech.state import Movement  # noqa: PLC0415

    return Movement(MoveMode.WALK, mp_spent=3, hexes=3, counted=3)


def _candidate(state, where: str, facing: Facing = Facing.S, mp: int = 3) -> _Candidate:
    steps = (Step(StepKind.FORWARD),) * 3
    move = Move(0, MoveMode.WALK, steps)
    return _Candidate(move, Hex.from_label(where), facing, MoveMode.WALK, 3, mp)


def test_movement_prefers_cover():
    """BT-C-18.5: heavy woods in the hex add +2 to hit the unit in it.

    Of two hexes the same distance from the enemy, the bot ranks the wooded one higher: it
    expects to take less there and to deal the same.
    """
    state = _duel("0605")
    ranker = _Ranker(state, 0, WEIGHTS["balanced"])
    woods = ranker.score(_candidate(state, "0605"))
    clear = ranker.score(_candidate(state, "0405"))
    assert woods.taken < clear.taken
    assert woods.total > clear.total
    assert "heavy woods" in woods.words


def test_movement_prefers_better_to_hit():
    """BT-C-16: short range (+0) beats medium range (+2).

    The closer hex deals more, and ranks higher for the aggressive personality.
    """
    state = _duel()
    ranker = _Ranker(state, 0, WEIGHTS["aggressive"])
    near = ranker.score(_candidate(state, "0505"))  # 3 hexes: short range for medium lasers
    far = ranker.score(_candidate(state, "0502", mp=0))  # 6 hexes: medium range
    assert near.dealt > far.dealt
    assert near.total > far.total


def test_choose_move_takes_the_woods():
    """The whole decision, not just the score: the wooded hex in reach wins, facing the enemy."""
    state = _duel("0504", enemy="0510")
    decision = decide(state, "cautious", random.Random(1))  # noqa: S311 - a game
    command = decision.command
    assert isinstance(command, Move)
    for event in rules_decide(state, command, Dice(1)):
        state = evolve(event, state)
    assert state.units[0].hex == Hex.from_label("0504")
    assert "heavy woods +2" in decision.reason


def test_personalities_weigh_damage_differently():
    """Cautious counts damage taken more than aggressive does (measurably, issue 21 item 6)."""
    assert WEIGHTS["cautious"].taken > WEIGHTS["balanced"].taken > WEIGHTS["aggressive"].taken
    state = _duel()
    exposed = _candidate(state, "0505")
    cautious = _Ranker(state, 0, WEIGHTS["cautious"]).score(exposed)
    aggressive = _Ranker(state, 0, WEIGHTS["aggressive"]).score(exposed)
    assert cautious.total < aggressive.total


def test_hit_odds():
    """BT-C-14: 2D6 odds: 7+ is 21/36, 2 always, 13 never."""
    assert p_hit(7) == pytest.approx(21 / 36)
    assert p_hit(2) == 1.0
    assert p_hit(13) == 0.0
    assert p_hit(12) == pytest.approx(1 / 36)


def test_goes_on_after_a_fall():
    """BT-M-30: a unit whose move a fall cut short is still active.

    The bot stands it up and goes on, or ends its move; the rules accept either.
    """
    from engine.battletech.state import Movement  # noqa: PLC0415

    state = _duel()
    fallen = Movement(MoveMode.WALK, mp_spent=2, hexes=1, counted=1)
    state = state_with(state, 0, prone=True, movement=fallen)
    state = attrs.evolve(state, active=0)
    decision = decide(state, "balanced", random.Random(2))  # noqa: S311 - a game
    command = decision.command
    assert command is not None
    assert getattr(command, "unit", None) == 0
    events = rules_decide(state, command, Dice(2))
    assert events
    if isinstance(command, Move):
        assert command.mode is MoveMode.WALK
        assert command.steps[0].kind is StepKind.STAND


# ------------------------------------------------------------------ charges and DFAs
def _melee_duel(
    tons: int,
    target_tons: int,
    *,
    walk: int = 5,
    jump: int = 0,
    hurt: bool = False,
    target_at: str = "0507",
):
    """A ``tons``-ton 'Mech with one small laser, a ``target_tons`` one that moved 5 hexes away.

    ``target_at``: the target's hex (the shooter stands in 0502).

    ``hurt``: the target has shut down (BT-C-54; immobile, -4 to be hit, BT-C-18.3) and its
    centre torso is down to 4 armor and 2 structure points.
    """
    shooter = design(tons, walk, jump, equipment=(("Small Laser", Location.RA),))
    lasers = (("Medium Laser", Location.RA), ("Medium Laser", Location.LA))
    target = design(target_tons, 5, name="Target", equipment=lasers)
    state = start(
        terrain_board(10, 12), [(shooter, 0, "0502", Facing.S), (target, 1, target_at, Facing.N)]
    )
    state = state_with(state, 1, movement=attrs.evolve(_walked(), done=True))
    if hurt:
        enemy = state.units[1]
        ct = list(Location).index(Location.CT)
        armor = (*enemy.mech.armor[:ct], 4, *enemy.mech.armor[ct + 1 :])
        internal = (*enemy.mech.internal[:ct], 2, *enemy.mech.internal[ct + 1 :])
        state = state_with(state, 1, armor=armor, internal=internal, shutdown=True)
    return state


def _melee_chosen(state, personality: str = "balanced"):
    decision = decide(state, personality, random.Random(1))  # noqa: S311 - a game
    command = decision.command
    assert command is not None
    rules_decide(state, command, Dice(1))  # the rules accept it
    return command, decision


def test_charge_chosen_when_it_is_the_best_attack():
    """BT-C-42: 80 tons running 7 hexes hit for 56; its one small laser could do 1.5 at best.

    The charge beats every gunnery position and a kick after the run (BT-C-41: 16 at most; the
    reason gives what it expects to deal).
    """
    state = _melee_duel(80, 35, target_at="0510")
    command, decision = _melee_chosen(state)
    assert isinstance(command, Move)
    assert command.charge == 1
    assert decision.reason.startswith("charges Target")
    assert "expects to deal 0.0" not in decision.reason
    assert decision.alternatives[0][0].startswith("charge from")


def test_no_charge_when_it_is_not_worth_it():
    """BT-C-42: a 20-ton 'Mech may charge a 100-ton one, taking 10 to deal 8: it does not."""
    from engine.battletech.bot.movement import _candidates, _charges  # noqa: PLC0415

    state = _melee_duel(20, 100)
    assert _charges(state, 0, _candidates(state, 0))  # a charge is there to be made
    command, _ = _melee_chosen(state)
    assert getattr(command, "charge", None) is None


def test_dfa_chosen_on_a_target_it_may_finish():
    """BT-C-43: 90 tons jumping onto a shut-down 'Mech with 6 points left in its centre torso.

    It walks 1 (no charge can reach), so a jump is its only way in: the DFA (27 damage at 5+)
    is worth more than any gunnery position of its one small laser, for every personality.
    """
    state = _melee_duel(90, 35, walk=1, jump=5, hurt=True)
    for personality in PERSONALITIES:
        command, decision = _melee_chosen(state, personality)
        assert isinstance(command, Jump)
        assert command.dfa == 1
        assert "death from above" in decision.reason


def test_no_dfa_on_an_intact_heavy_target():
    """A 20-ton jumper could DFA an intact 100-ton 'Mech (6 damage, 4 to its own legs): no."""
    from engine.battletech.bot.movement import _candidates, _dfas  # noqa: PLC0415

    state = _melee_duel(20, 100, walk=1, jump=5)
    assert _dfas(state, 0, _candidates(state, 0))
    for personality in PERSONALITIES:
        command, _ = _melee_chosen(state, personality)
        assert getattr(command, "dfa", None) is None


# ------------------------------------------------------------------ the clock (victory.py)
def test_the_side_behind_seeks_a_target_when_none_is_in_sight():
    """A side behind as time runs out, with no target from either hex, prefers the nearer one.

    A hill (level 5) between them hides the enemy from both hexes, each within the distance the
    bot likes to fight at (no stand-off cost): only the clock (`evaluate.urgency`) pulls it on.
    """
    from engine.battletech.state import Victory  # noqa: PLC0415

    def pull(tons: int, turn: int) -> float:
        state = _duel(enemy="0508")
        state = attrs.evolve(
            state, board=state.board.replace(Hex.from_label("0507"), Terrain(level=5))
        )
        unit = state.units[0]
        state = state_with(state, 0, design=attrs.evolve(unit.design, tonnage=tons))
        state = attrs.evolve(state, victory=Victory("destroy", turns=10), turn=turn)
        ranker = _Ranker(state, 0, WEIGHTS["balanced"])
        near = ranker.score(_candidate(state, "0505"))  # 3 hexes
        far = ranker.score(_candidate(state, "0504"))  # 4 hexes
        assert near.dealt == far.dealt == 0
        return near.total - far.total

    calm = pull(50, 1)
    urgent = pull(45, 9)
    assert urgent > calm + 0.5


def test_the_aggressive_personality_presses_even_when_ahead():
    """Issue 21 item 6: ahead on tonnage as time runs out, balanced waits, aggressive fights on.

    The same hill as above hides the enemy from both hexes; the side is ahead (50 tons to the
    enemy's fewer). Balanced feels no clock when ahead (a win on time is a win); aggressive
    (`Weights.presses`) feels it as a side level on tonnage would, so it seeks the enemy out.
    """
    from engine.battletech.state import Victory  # noqa: PLC0415

    def pull(personality: str, turn: int) -> float:
        state = _duel(enemy="0508")
        state = attrs.evolve(
            state, board=state.board.replace(Hex.from_label("0507"), Terrain(level=5))
        )
        unit = state.units[0]
        enemy = state.units[1]
        state = state_with(state, 0, design=attrs.evolve(unit.design, tonnage=100))
        assert enemy.design.tonnage < 100  # ahead on tonnage
        state = attrs.evolve(state, victory=Victory("destroy", turns=10), turn=turn)
        ranker = _Ranker(state, 0, WEIGHTS[personality])
        near = ranker.score(_candidate(state, "0505"))
        far = ranker.score(_candidate(state, "0504"))
        return near.total - far.total

    assert pull("balanced", 9) == pytest.approx(pull("balanced", 1), abs=0.3)
    assert pull("aggressive", 9) > pull("aggressive", 1) + 0.5
