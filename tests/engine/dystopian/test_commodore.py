"""The Commodore's re-roll of a Magazine Explosion against the flagship (DW-10.1 #3).

Rules: DW-10.1 / DW-22.1 / DW-27 item 6 (once per turn, one of four rolls, the second kept),
DW-16.2 result 2 (Magazine Explosion), [INTERP] the owner re-rolls a Magazine Explosion against
its own flagship automatically when the turn's re-roll is unused. DW-28.13 item 12.
"""

from __future__ import annotations

import json

from engine.dystopian.commands import Activate, EndActivation, Fire, MoveModel
from engine.dystopian.commodore import CommodoreRerolled
from engine.dystopian.events import DamageDealt, LossCause, ModelLost
from engine.dystopian.evolve import evolve
from engine.dystopian.narrate import tell
from engine.dystopian.state import DWState
from engine.game import Event
from engine.hexes import Facing
from saves.codec import make_converter
from tests.engine.dystopian._game import arrange, fleet, play, ruleset, setup, squadron

N, S = Facing.N, Facing.S

RED = fleet(squadron("BB", 1), squadron("CR", 2), commodore=0)
"""Red: BB-1 (model 0), the flagship; CR-1, CR-2 (1, 2)."""
BLUE = fleet(squadron("CR", 2))
"""Blue: CR-3, CR-4 (3, 4)."""
GAME = setup(RED, BLUE)
PLACES = {
    "BB-1": ("1010", N),
    "CR-1": ("2003", S),
    "CR-2": ("2103", S),
    "CR-3": ("1016", N),
    "CR-4": ("1116", N),
}
"""Blue's cruisers 6 hexes south of the flagship; after one hex, RB2 (7 AD at 4+)."""
TEN_HITS = [6, 6, 6, 4, 4, 4, 4, 1, 1, 1]
"""The fore turret's 7 dice: three 6s (their extra dice 1s) and four 4s: 10 hits, CR 9 reached."""


def _shot(state: DWState, dice: list[int], target: str = "BB-1") -> tuple[DWState, list[Event]]:
    """Blue's CR-3 fires its fore turret at ``target``."""
    moves = [Activate("CR-3"), MoveModel("CR-3", "F"), MoveModel("CR-4", "F")]
    state, _ = play(state, moves)
    return play(state, [Fire(("CR-3",), "fore-turret", (target,)), EndActivation()], dice)


def test_a_magazine_explosion_on_the_flagship_is_rerolled_and_the_second_kept() -> None:
    """DW-10.1 #3: (1, 1) is refused; the second roll, 3 + 3, Weapons Damaged, stands."""
    state, events = _shot(arrange(GAME, PLACES, active=1), [*TEN_HITS, 1, 1, 3, 3])
    assert events[2:4] == [
        CommodoreRerolled(0, 0, 2, (1, 1)),
        DamageDealt(0, 10, 2, 0, (6,), (3, 3), ("half_ad",)),
    ]
    assert state.rerolls_used == (True, False)
    flagship = state.models[0]
    assert (flagship.lost, flagship.hull_damage, flagship.markers.half_ad) == (False, 2, True)
    told, _ = tell(3, EndActivation(), events[1:], state)
    assert any(
        "Red's Commodore re-rolls the Magazine Explosion (1, 1) against the flagship BB-1"
        in line.text
        for line in told
    )


def test_the_second_roll_is_kept_even_a_second_magazine() -> None:
    """DW-10.1: the player must keep the second result: (1, 1) again sinks the flagship.

    Its loss makes every Red squadron test (DW-10.2), needing 2 successes now (DW-10.3).
    """
    state, events = _shot(arrange(GAME, PLACES, active=1), [*TEN_HITS, 1, 1, 1, 1, 1, 1, 1])
    assert CommodoreRerolled(0, 0, 2, (1, 1)) in events
    assert ModelLost(0, LossCause.DESTROYED) in events
    assert state.models[0].lost


def test_once_a_turn_only() -> None:
    """DW-10.1: with the turn's re-roll spent (on a terrain test, say) the magazine stands."""
    state = arrange(GAME, PLACES, active=1)
    state = evolve(state, CommodoreRerolled(0, 0, 2, (1, 1)))  # spent earlier this turn
    _, events = _shot(state, [*TEN_HITS, 1, 1, 1, 1, 1])  # then CR-1 and CR-2's check
    assert not [e for e in events if isinstance(e, CommodoreRerolled)]
    assert DamageDealt(0, 10, 8, 0, (2,), (1, 1)) in events


def test_no_reroll_for_a_model_that_is_not_the_flagship() -> None:
    """DW-10.1 #3 is the flagship's only: CR-1's magazine stands."""
    places = {**PLACES, "BB-1": ("3010", N), "CR-1": ("1010", N), "CR-2": ("1110", N)}
    faces = [6, 4, 4, 4, 4, 1, 1, 1]  # 6 hits on CR-1 (CR 6): one critical
    blast = [1] * 8  # 2 x HP 4 dice at CR-2 alongside (DW-28.10)
    _, events = _shot(arrange(GAME, places, active=1), [*faces, 1, 1, *blast, 1, 1, 1], "CR-1")
    assert not [e for e in events if isinstance(e, CommodoreRerolled)]
    assert DamageDealt(1, 6, 4, 0, (2,), (1, 1)) in events


def test_the_event_survives_the_converter() -> None:
    """DESIGN 4: the new event to JSON and back."""
    converter = make_converter(ruleset())
    event = CommodoreRerolled(0, 0, 2, (1, 1))
    text = json.dumps(converter.unstructure(event, Event))
    assert converter.structure(json.loads(text), Event) == event
