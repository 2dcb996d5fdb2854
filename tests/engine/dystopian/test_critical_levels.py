"""Critical hits that change a model's level at once (DW-16.2 results 4 and 9).

Rules: DW-16.2 result 4 / DW-11.8 (an obscured model that catches fire drops out of the clouds
at once), DW-16.2 result 9 (a submerged model given a Navigation Lock surfaces at once),
DW-15.4 (the hit numbers at those levels). DW-28.13 item 10.
"""

from __future__ import annotations

import json

from engine.dystopian.commands import Activate, EndActivation, Fire, MoveModel
from engine.dystopian.critical_levels import LevelForced
from engine.dystopian.events import AttackRolled, DamageDealt
from engine.dystopian.geometry import Level
from engine.dystopian.narrate import tell
from engine.game import Event
from engine.hexes import Facing
from saves.codec import make_converter
from tests.engine.dystopian._game import Place, arrange, fleet, play, ruleset, setup, squadron

N, S = Facing.N, Facing.S

GAME = setup(fleet(squadron("AS", 1), squadron("SS", 2)), fleet(squadron("BB", 1)))
"""Red: the airship AS-1 (model 0), submarines SS-1, SS-2 (1, 2); Blue: BB-1 (3)."""
AS1, SS1, BB1 = 0, 1, 3


def test_an_obscured_airship_on_fire_drops_out_of_the_clouds() -> None:
    """DW-16.2 4: BB-1's turret hits the obscured airship (Large: 5-6) 10 times (CR 6).

    Its critical, 2 + 2, is Raging Fire: 2 HP, 2 AP and a Fire marker; it flies on, lower.
    """
    places: dict[str, Place] = {
        "AS-1": ("1010", N, Level.OBSCURED),
        "SS-1": ("3005", S),
        "SS-2": ("3105", S),
    }
    state = arrange(GAME, {**places, "BB-1": ("1016", N)}, active=1)
    state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "F")])
    dice = [6, 6, 6, 5, 5, 5, 5, 1, 1, 1, 1, 1, 1, 2, 2]  # 10 turret dice, 3 extra, 2D6
    state, events = play(state, [Fire(("BB-1",), "fore-turret", ("AS-1",)), EndActivation()], dice)
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert (rolled.threshold, rolled.hits) == (5, 10)
    dealt = events.index(DamageDealt(AS1, 10, 2, 2, (4,), (2, 2), ("fires",)))
    assert events[dealt + 1] == LevelForced(AS1, Level.FLYING, "fires")
    assert state.models[AS1].level is Level.FLYING
    told, _ = tell(3, EndActivation(), events, state)
    assert any(t.text == "AS-1 is on fire and drops out of the clouds." for t in told)


def test_a_submerged_submarine_with_a_navigation_lock_surfaces() -> None:
    """DW-16.2 9: BB-1's turret hits submerged SS-1 only on 6s: three score 6 (its CR 6).

    Its critical, 4 + 5, is Navigation Lock: it surfaces at once, in its hex.
    """
    places: dict[str, Place] = {
        "AS-1": ("3005", S),
        "SS-1": ("1010", N, Level.SUBMERGED),
        "SS-2": ("3105", S),
    }
    state = arrange(GAME, {**places, "BB-1": ("1016", N)}, active=1)
    state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "F")])
    dice = [6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4, 5]  # 10 turret dice, 3 extra, 2D6
    state, events = play(state, [Fire(("BB-1",), "fore-turret", ("SS-1",)), EndActivation()], dice)
    assert DamageDealt(SS1, 6, 2, 0, (9,), (4, 5), ("nav_lock",)) in events
    assert LevelForced(SS1, Level.SURFACE, "nav_lock") in events
    sub = state.models[SS1]
    assert (sub.level, sub.markers.nav_lock) == (Level.SURFACE, True)
    told, _ = tell(3, EndActivation(), events, state)
    assert any(t.text == "SS-1's navigation is locked: it surfaces." for t in told)


def test_other_criticals_leave_the_level_alone() -> None:
    """DW-16.2: Weapons Damaged (3 + 3) on the obscured airship: it stays in the clouds."""
    places: dict[str, Place] = {
        "AS-1": ("1010", N, Level.OBSCURED),
        "SS-1": ("3005", S),
        "SS-2": ("3105", S),
    }
    state = arrange(GAME, {**places, "BB-1": ("1016", N)}, active=1)
    state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "F")])
    dice = [6, 6, 6, 5, 5, 5, 5, 1, 1, 1, 1, 1, 1, 3, 3]
    state, events = play(state, [Fire(("BB-1",), "fore-turret", ("AS-1",)), EndActivation()], dice)
    assert not [e for e in events if isinstance(e, LevelForced)]
    assert state.models[AS1].level is Level.OBSCURED


def test_the_event_survives_the_converter() -> None:
    """DESIGN 4: the new event to JSON and back."""
    converter = make_converter(ruleset())
    event = LevelForced(1, Level.SURFACE, "nav_lock")
    text = json.dumps(converter.unstructure(event, Event))
    assert converter.structure(json.loads(text), Event) == event
