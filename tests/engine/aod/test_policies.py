"""The built-in AoD players (`engine.aod.policies`): random and aggressive, pure given the rng.

Boards of `tests.engine.aod._game` (20 x 20, clear). Units: HX-009 Kestrel ('Mech, speed 8,
HEAT-STD), HX-001 Pathguard rifle squad (infantry).
"""

from __future__ import annotations

import random

import attrs
import pytest

from engine.aod import policies
from engine.aod.commands import (
    DeployUnit,
    EndTurn,
    MoveUnit,
    RollFirstPlayer,
    VentUnit,
)
from engine.aod.geometry import DEFAULT_ARCS, Arc, arc_of
from engine.aod.policies import (
    aggressive,
    attack_target,
    facing_towards,
    is_hot,
    random_policy,
)
from engine.aod.rules import decide, legal_commands, listed_attacks
from engine.aod.state import AoDState, Stage
from engine.aod.status import DialStatus
from engine.dice import ScriptedDice
from engine.game import Command
from engine.hexes import Facing, Hex
from tests.engine.aod._game import arrange, play, setup, unit


@attrs.frozen
class FakeAttack(Command):
    """An order another module will add (a ranged attack): a unit and its target, by name."""

    TAG = "fake_attack"
    unit: str
    target: str


@attrs.frozen
class FakeBarrage(Command):
    """An order aimed at a hex (an artillery marker, AOD-13)."""

    TAG = "fake_barrage"
    unit: str
    hex: Hex


def _rng(seed: int) -> random.Random:
    return random.Random(seed)  # noqa: S311 - a game player's choices, not cryptography


def _duel(**kwargs: object) -> AoDState:
    """Red's Kestrel HX-009a at 1003 facing S; Blue's Pathguard HX-001a at 1016 facing N."""
    game = setup(["HX-009"], ["HX-001"])
    places = {"HX-009a": ("1003", Facing.S), "HX-001a": ("1016", Facing.N)}
    return arrange(game, places, **kwargs)  # type: ignore[arg-type]


def _no_attacks(state: AoDState) -> list[Command]:
    """The listed orders but the attacks: for the tests of what it does when it cannot attack.

    The aggressive player looks for attacks in `listed_attacks` (the rest of `legal_commands`
    names no enemy), so the tests patch that.
    """
    return [c for c in listed_attacks(state) if policies.attack_target(state, c) is None]


def _distance(state: AoDState, a: str, b: str) -> int:
    here, there = state.units[unit(state, a)].hex, state.units[unit(state, b)].hex
    assert here is not None
    assert there is not None
    return here.distance(there)


# ------------------------------------------------------------------ random
def test_random_picks_a_listed_command_the_same_for_the_same_seed():
    """Uniform over legal_commands: a listed command, and the rng alone decides which."""
    state = _duel()
    listed = legal_commands(state)

    first = random_policy(state, _rng(5))
    again = random_policy(state, _rng(5))
    picks = {random_policy(state, _rng(seed)) for seed in range(20)}

    assert first in listed
    assert first == again
    assert len(picks) > 1


def test_no_player_has_a_command_when_the_game_is_over():
    """AOD-22: nothing is listed once the game is over."""
    state = attrs.evolve(_duel(), stage=Stage.OVER)

    assert random_policy(state, _rng(1)) is None
    assert aggressive(state, _rng(1)) is None


# ------------------------------------------------------------------ reading commands
@pytest.mark.parametrize(
    ("origin", "other", "facing"),
    [
        ("1010", "1015", Facing.S),  # straight down the column
        ("1010", "1005", Facing.N),
        ("1010", "1311", Facing.SE),  # three columns right, a little down
        ("1010", "1410", Facing.NE),  # on the NE/SE hexside line: the first of the two
    ],
)
def test_facing_towards_points_the_front_at_the_other_hex(origin, other, facing):
    """AOD-8.1 / AOD-26.5: the facing with the other hex most nearly straight ahead."""
    a, b = Hex.from_label(origin), Hex.from_label(other)

    chosen = facing_towards(a, b)

    assert chosen == facing
    assert DEFAULT_ARCS.arc(a, chosen, b) is Arc.FRONT
    assert DEFAULT_ARCS.arc(a, chosen.opposite, b) is not Arc.FRONT


def test_an_attack_names_an_enemy_by_name_or_by_the_hex_he_stands_in():
    """Any order but a move, vent or deploy that names an enemy is an attack on him."""
    state = _duel()
    enemy = unit(state, "HX-001a")

    assert attack_target(state, FakeAttack("HX-009a", "HX-001a")) == enemy
    assert attack_target(state, FakeBarrage("HX-009a", Hex.from_label("1016"))) == enemy
    assert attack_target(state, FakeBarrage("HX-009a", Hex.from_label("1015"))) is None
    assert attack_target(state, FakeAttack("HX-009a", "HX-009a")) is None  # his own unit
    assert attack_target(state, MoveUnit("HX-009a", Hex.from_label("1016"), Facing.S)) is None


def test_heat_counts_from_the_first_position_with_a_cost():
    """HEAT-STD (AOD-26.14): 0-1 cost nothing, 2 slows (-1 speed), 4 asks for a shutdown roll."""
    cool = _duel(dials={"HX-009a": DialStatus(click=0, heat=1)})
    warm = _duel(dials={"HX-009a": DialStatus(click=0, heat=2)})
    hot = _duel(dials={"HX-009a": DialStatus(click=0, heat=4)})
    kestrel = unit(cool, "HX-009a")

    assert not is_hot(cool, kestrel, dangerous=False)
    assert is_hot(warm, kestrel, dangerous=False)
    assert not is_hot(warm, kestrel, dangerous=True)
    assert is_hot(hot, kestrel, dangerous=True)
    assert not is_hot(hot, unit(hot, "HX-001a"), dangerous=False)  # infantry has no heat dial


# ------------------------------------------------------------------ aggressive
def test_aggressive_closes_on_the_nearest_enemy_and_faces_him():
    """AOD-8: the Kestrel walks as far towards the Pathguard as it can, ending faced at it."""
    state = _duel()
    before = _distance(state, "HX-009a", "HX-001a")
    nearest = min(
        Hex.from_label("1016").distance(c.to)
        for c in legal_commands(state)
        if isinstance(c, MoveUnit) and c.unit == "HX-009a"
    )

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(policies, "listed_attacks", _no_attacks)
        command = aggressive(state, _rng(3))
    after, _ = play(state, [command])

    assert isinstance(command, MoveUnit)
    assert _distance(after, "HX-009a", "HX-001a") == nearest < before
    assert not command.run  # walking gets as near: no run, no heat (AOD-8.7)
    kestrel = after.units[unit(after, "HX-009a")]
    assert arc_of(after.occupant(unit(after, "HX-009a")), Hex.from_label("1016")) is Arc.FRONT
    assert kestrel.facing == facing_towards(command.to, Hex.from_label("1016"))


def test_aggressive_vents_a_mech_that_must_roll_before_anything_else():
    """AOD-10.3 / AOD-10.4: at heat 4 (a shutdown roll) the Kestrel vents even with a target."""
    state = _duel(dials={"HX-009a": DialStatus(click=0, heat=4)})
    attack = FakeAttack("HX-009a", "HX-001a")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(policies, "listed_attacks", lambda s: [*listed_attacks(s), attack])
        command = aggressive(state, _rng(1))

    assert command == VentUnit("HX-009a")


def test_aggressive_attacks_before_venting_a_merely_warm_mech_then_vents_before_moving():
    """A warm 'Mech (heat 2: -1 speed) attacks when it can; without a target it vents."""
    state = _duel(dials={"HX-009a": DialStatus(click=0, heat=2)})
    attack = FakeAttack("HX-009a", "HX-001a")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(policies, "listed_attacks", lambda s: [*listed_attacks(s), attack])
        attacking = aggressive(state, _rng(1))
    venting = aggressive(state, _rng(1))

    assert attacking == attack
    assert venting == VentUnit("HX-009a")


def test_aggressive_shoots_the_weakest_enemy_then_the_nearest():
    """AOD-17.4: the target with the fewest clicks before elimination; ties: the nearer one."""
    game = setup(["HX-009"], ["HX-001", "HX-001", "HX-001"])
    places = {
        "HX-009a": ("1003", Facing.S),
        "HX-001a": ("1006", Facing.N),  # near, fresh
        "HX-001b": ("1012", Facing.N),  # far, one click of damage
        "HX-001c": ("1009", Facing.N),  # nearer, one click of damage
    }
    state = arrange(
        game,
        places,
        dials={"HX-001b": DialStatus(click=1), "HX-001c": DialStatus(click=1)},
    )
    attacks = [FakeAttack("HX-009a", t) for t in ("HX-001a", "HX-001b", "HX-001c")]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(policies, "listed_attacks", lambda s: [*_no_attacks(s), *attacks])
        command = aggressive(state, _rng(1))

    assert command == FakeAttack("HX-009a", "HX-001c")


def test_aggressive_turns_to_face_an_enemy_beside_it_before_passing():
    """AOD-26.5: in contact it cannot get nearer; it turns in place so the enemy is in front."""
    game = setup(["HX-009"], ["HX-001"])
    state = arrange(game, {"HX-009a": ("1010", Facing.N), "HX-001a": ("1011", Facing.N)})

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(policies, "listed_attacks", _no_attacks)
        command = aggressive(state, _rng(1))
        after, _ = play(state, [command], dice=[6])  # AOD-8.4: the break-away roll succeeds
        again = aggressive(after, _rng(1))

    assert command == MoveUnit("HX-009a", Hex.from_label("1010"), Facing.S)
    assert arc_of(after.occupant(unit(after, "HX-009a")), Hex.from_label("1011")) is Arc.FRONT
    assert again == EndTurn()  # nothing useful is left


def test_aggressive_does_not_push_a_unit_just_to_move_it():
    """AOD-7.5: a unit with a token would take a click; only an attack is worth that."""
    state = _duel(tokens={"HX-009a": 1})

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(policies, "listed_attacks", _no_attacks)
        command = aggressive(state, _rng(1))

    assert command == EndTurn()


def test_aggressive_gives_a_real_attack_order_when_the_rules_list_one():
    """AOD-12 / AOD-15: with the engine's own orders, an enemy in reach is attacked, not walked to.

    The Pathguard at 1016 is 13 hexes off: an Assault (half move, then fire at range 10) reaches
    it, so the first listed attack on the weakest, nearest enemy is given, and the engine takes it.
    """
    state = _duel()
    listed = legal_commands(state)
    assert any(policies.attack_target(state, c) is not None for c in listed)

    command = aggressive(state, _rng(1))

    assert command in listed
    assert policies.attack_target(state, command) == unit(state, "HX-001a")
    rolls = ScriptedDice((4,) * 12)
    assert decide(state, command, rolls)  # accepted: events, no refusal


def test_aggressive_deploys_at_the_front_of_its_zone():
    """AOD-5 step 9: after the roll, each unit as near the enemy's zone as its own zone allows."""
    game = setup(["HX-009", "HX-001"], ["HX-001"])
    state = AoDState.start(game)
    assert aggressive(state, _rng(1)) == RollFirstPlayer()
    state, _ = play(state, [RollFirstPlayer()], dice=[6, 6, 6, 1, 1, 1])
    enemy_zone = game.zone(1)
    gaps = {min(h.distance(e) for e in enemy_zone) for h in game.zone(0)}

    command = aggressive(state, _rng(1))

    assert isinstance(command, DeployUnit)
    assert command.unit == "HX-009a"
    assert min(command.hex.distance(e) for e in enemy_zone) == min(gaps) < max(gaps)
