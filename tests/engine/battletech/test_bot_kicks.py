"""The bot's movement reckons with kicks (BT-C-41) and counts hexes as the rules do (BT-C-18.2).

Found on the tutorial (a Commando against a Jenner, issue 21): the bot stood in front of an
enemy's feet to be kicked and fall, and took a path that backs up and turns about for a +2
defence the rules never give it.
"""

from __future__ import annotations

import random

from engine.battletech.bot import decide
from engine.battletech.bot.evaluate import WEIGHTS
from engine.battletech.bot.movement import _candidates, _counted, _front_hexes, _Ranker
from engine.battletech.commands import Move, Step, StepKind
from engine.battletech.designs.mech import Location
from engine.battletech.evolve import evolve
from engine.battletech.rules.flow import decide as rules_decide
from engine.battletech.rules.movement import Reach
from engine.battletech.state import Movement, MoveMode
from engine.dice import Dice
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, start, state_with, terrain_board

_F, _B, _R = Step(StepKind.FORWARD), Step(StepKind.BACKWARD), Step(StepKind.RIGHT)


def _brawl(enemy_tons: int = 80):
    """A 35-ton 'Mech with three medium lasers in 0502 facing S, and an unarmed one.

    The ``enemy_tons`` one stands in 0505 facing N (towards it) and has walked 3 hexes: it can
    only kick.
    """
    lasers = tuple(("Medium Laser", loc) for loc in (Location.RA, Location.LA, Location.RA))
    brawler = design(35, 6, equipment=lasers)
    kicker = design(enemy_tons, 4, name="Kicker", equipment=())
    state = start(
        terrain_board(10, 12), [(brawler, 0, "0502", Facing.S), (kicker, 1, "0505", Facing.N)]
    )
    walked = Movement(MoveMode.WALK, mp_spent=3, hexes=3, counted=3, done=True)
    return state_with(state, 1, movement=walked)


def test_the_reversal_resets_the_count():
    """BT-C-18.2: four hexes backward, a turn and one forward count 1 hex, not 5."""
    reach = Reach(Hex(0, 0), Facing.N, 6, (_B, _B, _B, _B, _R, _F))
    assert _counted(reach) == 1
    assert _counted(Reach(Hex(0, 0), Facing.N, 3, (_F, _F, _F))) == 3
    # going on after a fall that had backed up two hexes: a forward step turns about
    before = Movement(MoveMode.WALK, mp_spent=2, hexes=2, counted=2, backward=True)
    assert _counted(Reach(Hex(0, 0), Facing.N, 1, (_F,)), before) == 1
    assert _counted(Reach(Hex(0, 0), Facing.N, 1, (_B,)), before) == 3


def test_every_candidate_counts_what_the_rules_count():
    """The bot's count of each ground move it weighs is the one the rules record after it."""
    state = _brawl()
    checked = 0
    for candidate in _candidates(state, 0):
        command = candidate.command
        if not isinstance(command, Move) or candidate.mode is MoveMode.JUMP:
            continue
        after = state
        for event in rules_decide(state, command, Dice(3)):
            after = evolve(event, after)
        movement = after.units[0].movement
        if movement is None or after.units[0].hex != candidate.hex:
            continue  # a fall cut the move short
        assert movement.counted == candidate.counted, command
        checked += 1
    assert checked > 50


def test_it_does_not_stand_in_front_of_a_kick():
    """BT-C-41: an 80-ton 'Mech kicks for 16 into the three hexes in front of its feet.

    Next to it, the bot weighs that kick (and the fall it may cause) where it stands in front,
    and none beside or behind it; its own kick counts where the enemy is in front of it.
    """
    state = _brawl()
    ranker = _Ranker(state, 0, WEIGHTS["balanced"])
    enemy = state.units[1]
    assert enemy.hex is not None
    front = set(_front_hexes(enemy.hex, enemy.facing))
    by_hex = {}
    for candidate in _candidates(state, 0):
        if candidate.hex.distance(enemy.hex) == 1 and candidate.mode is MoveMode.WALK:
            score = ranker.score(candidate)
            by_hex[candidate.hex] = max(
                by_hex.get(candidate.hex, score), score, key=lambda s: s.total
            )
    in_front = [s for h, s in by_hex.items() if h in front]
    beside = [s for h, s in by_hex.items() if h not in front]
    assert in_front
    assert beside
    assert min(s.taken for s in in_front) > max(s.taken for s in beside) + 5

    decision = decide(state, "balanced", random.Random(1))  # noqa: S311 - a game
    command = decision.command
    assert isinstance(command, Move)
    after = state
    for event in rules_decide(state, command, Dice(1)):
        after = evolve(event, after)
    where = after.units[0].hex
    assert where is not None
    assert where not in front  # out of its kick
    assert where.distance(enemy.hex) <= 3  # and still in short range of its lasers
