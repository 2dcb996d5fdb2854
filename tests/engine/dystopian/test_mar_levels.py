"""Panic Dive and Swift Ascent: a level change after attacking or ramming (DW-24).

DW-24 (after attacking or ramming, roll 1D6: on 5-6 the model is now submerged, Panic Dive, or
obscured, Swift Ascent; once per activation), DW-11.8 / DW-11.9 (the levels; a submerged model
fires only torpedoes), DW-16.2 results 4 and 9 (on fire: never obscured; Navigation Lock: never
submerged), DW-12.1 (a collision is not a ram). DW-28.13 item 15 names both MARs (the Lurker
Submarine carries Panic Dive, the Zephyr Airship Swift Ascent).
"""

from __future__ import annotations

import json

import pytest

from engine.dystopian.commands import Activate, EndActivation, Fire, MoveModel
from engine.dystopian.context import DWCode
from engine.dystopian.events import AttackRolled, AttackSource, ContactResolved
from engine.dystopian.geometry import Level
from engine.dystopian.level_mars import ESCAPE_NEED, LevelMarRolled, escape_problem
from engine.dystopian.narrate import tell
from engine.dystopian.rules import legal_commands
from engine.dystopian.state import DWState, Markers
from engine.game import Event, IllegalCommand
from engine.hexes import Facing
from engine.narration import Roll
from saves.codec import make_converter
from tests.engine.dystopian._game import Place, arrange, fleet, play, ruleset, setup, squadron

N, S = Facing.N, Facing.S

GAME = setup(fleet(squadron("SS", 2), squadron("AS", 1)), fleet(squadron("CR", 2)))
"""Red: SS-1, SS-2 (models 0, 1), the airship AS-1 (2); Blue: CR-1, CR-2 (3, 4)."""
SS1, AS1, CR1 = 0, 2, 3

RAMMING: dict[str, Place] = {
    "SS-1": ("1003", S),
    "SS-2": ("2003", S),
    "AS-1": ("3003", S),
    "CR-1": ("1006", N),
    "CR-2": ("3020", N),
}
"""SS-1 three hexes north of CR-1, both at the surface; the rest far away."""

RAM_DICE = [2, 1, 1, 1, 1]
"""SS-1's RR 1 (a 2: no hit), CR-1's starting HP 4 back (four 1s)."""


def _ram(face: int, markers: dict[str, Markers] | None = None) -> tuple[DWState, list[Event]]:
    """SS-1 rams CR-1 (DW-12.4); ``face`` is the Panic Dive die."""
    state = arrange(GAME, RAMMING, markers=markers)
    moves = [Activate("SS-1"), MoveModel("SS-1", "FFF"), MoveModel("SS-2", "FF")]
    return play(state, moves, [*RAM_DICE, face] if face else RAM_DICE)


def test_panic_dive_after_ramming_on_a_five() -> None:
    """DW-24 Panic Dive: SS-1 rams CR-1, then rolls 5 (5-6): it is submerged at once.

    Right after the rams (DW-7.2 step 2b), before any attack is declared: from then on it may
    fire only its torpedoes (DW-11.9), so its deck gun is no longer offered.
    """
    state, events = _ram(5)
    ram = next(e for e in events if isinstance(e, AttackRolled))
    assert (ram.source, ram.attackers, ram.faces) == (AttackSource.RAM, (SS1,), (2,))
    resolved = next(n for n, e in enumerate(events) if isinstance(e, ContactResolved))
    assert events[resolved + 1] == LevelMarRolled(
        SS1, "panic_dive", 5, Level.SUBMERGED, reached=True
    )
    assert state.models[SS1].level is Level.SUBMERGED
    fires = [c for c in legal_commands(state) if isinstance(c, Fire)]
    assert fires == [Fire(("SS-1",), "torpedoes", ("CR-1",))]
    with pytest.raises(IllegalCommand) as refused:
        play(state, [Fire(("SS-1",), "deck-gun", ("CR-1",))])
    assert refused.value.code == DWCode.FIRE
    told, _ = tell(3, MoveModel("SS-2", "FF"), events, state)
    dive = next(t for t in told if t.text == "SS-1's Panic Dive: 5, it dives and is submerged.")
    assert dive.rolls == (Roll("Panic Dive", (5,), outcome="submerged"),)  # the dice log


def test_panic_dive_is_rolled_once_per_activation() -> None:
    """DW-24: a 4 after the ram fails; its deck gun attack after it brings no second roll.

    SS-1 stays surfaced. The deck gun: 3 AD at RB1 halved after the ram (DW-12.5), CR-1's CC 2
    halved too, each one 1 (no hit); no die is left for a second Panic Dive.
    """
    state, events = _ram(4)
    assert LevelMarRolled(SS1, "panic_dive", 4, Level.SUBMERGED, reached=False) in events
    assert state.models[SS1].level is Level.SURFACE
    assert state.activation is not None
    assert state.activation.level_mars == ((SS1, "panic_dive"),)
    told, _ = tell(3, MoveModel("SS-2", "FF"), events, state)
    stays = next(t for t in told if t.text.startswith("SS-1's Panic Dive"))
    assert stays.text == "SS-1's Panic Dive: 4, it needed 5-6 and stays on the surface."
    assert stays.rolls == (Roll("Panic Dive", (4,), outcome="stays"),)
    state, events = play(state, [Fire(("SS-1",), "deck-gun", ("CR-1",)), EndActivation()], [1, 1])
    rolled = [(e.source, e.ad, e.faces) for e in events if isinstance(e, AttackRolled)]
    assert rolled == [(AttackSource.CHARGES, 1, (1,)), (AttackSource.WEAPON, 1, (1,))]
    assert not [e for e in events if isinstance(e, LevelMarRolled)]
    assert state.models[SS1].level is Level.SURFACE


def test_a_navigation_lock_forbids_the_dive() -> None:
    """DW-24 / DW-16.2 result 9: a submarine with a Navigation Lock cannot submerge: no roll.

    It moves only straight ahead (the ram is straight): the ram dice and nothing more.
    """
    state, events = _ram(0, {"SS-1": Markers(nav_lock=True)})
    assert not [e for e in events if isinstance(e, LevelMarRolled)]
    assert state.models[SS1].level is Level.SURFACE
    assert escape_problem(state, SS1, "panic_dive", Level.SUBMERGED) == (
        "A model with a Navigation Lock cannot submerge."
    )


AIR_PLACES: dict[str, Place] = {"SS-1": ("0520", N), "SS-2": ("0620", N), "AS-1": ("1005", S)}


def _airship(
    after: list[int], markers: dict[str, Markers] | None = None
) -> tuple[DWState, list[Event]]:
    """AS-1 (flying) fires its fore turret at CR-1 3 hexes ahead (DW-7.2 step 3).

    Both cruisers' AA answer the attacking flyer first (3 each at 4+: 1, 1, 1 and 4, 4, 1, two
    hits under its DR 4), then the turret's 6 AD at RB1 (all 1s). ``after``: any die after.
    """
    places = {**AIR_PLACES, "CR-1": ("1008", N), "CR-2": ("1108", N)}
    state = arrange(GAME, places, markers=markers)
    fire = [Activate("AS-1"), MoveModel("AS-1", "F"), Fire(("AS-1",), "fore-turret", ("CR-1",))]
    state, _ = play(state, fire)
    return play(state, [EndActivation()], [1, 1, 1, 4, 4, 1, 1, 1, 1, 1, 1, 1, *after])


def test_swift_ascent_after_attacking_on_a_six() -> None:
    """DW-24 Swift Ascent: after its attack AS-1 rolls 6 (5-6): it is obscured (DW-11.8)."""
    state, events = _airship([6])
    rolled = [(e.source, e.ad) for e in events if isinstance(e, AttackRolled)]
    assert rolled == [
        (AttackSource.ACK_ACK, 3),
        (AttackSource.ACK_ACK, 3),
        (AttackSource.WEAPON, 6),
    ]
    assert LevelMarRolled(AS1, "swift_ascent", 6, Level.OBSCURED, reached=True) in events
    assert state.models[AS1].level is Level.OBSCURED
    told, _ = tell(3, EndActivation(), events, state)
    text = "AS-1's Swift Ascent: 6, it climbs into the clouds and is obscured."
    assert any(t.text == text for t in told)


def test_swift_ascent_fails_below_five() -> None:
    """DW-24: 5-6 is needed (`ESCAPE_NEED`); a 4 leaves AS-1 flying."""
    assert ESCAPE_NEED == 5
    state, events = _airship([4])
    assert LevelMarRolled(AS1, "swift_ascent", 4, Level.OBSCURED, reached=False) in events
    assert state.models[AS1].level is Level.FLYING
    told, _ = tell(3, EndActivation(), events, state)
    assert any(t.text == "AS-1's Swift Ascent: 4, it needed 5-6 and stays flying." for t in told)


def test_a_burning_airship_cannot_ascend() -> None:
    """DW-24 / DW-11.8 / DW-16.2 result 4: a model with a Fire marker never goes obscured."""
    state, events = _airship([], {"AS-1": Markers(fires=1)})
    assert not [e for e in events if isinstance(e, LevelMarRolled)]
    assert state.models[AS1].level is Level.FLYING


def test_a_model_without_the_mar_or_already_there_rolls_nothing() -> None:
    """DW-24: the cruisers have neither MAR; a submerged Lurker is submerged already."""
    state = arrange(GAME, {**RAMMING, "SS-1": ("1003", S, Level.SUBMERGED)})
    assert escape_problem(state, CR1, "panic_dive", Level.SUBMERGED)
    assert escape_problem(state, SS1, "panic_dive", Level.SUBMERGED) == "It is there already."
    assert escape_problem(state, AS1, "swift_ascent", Level.OBSCURED) == ""


def test_the_event_survives_the_converter() -> None:
    """DESIGN 4: the new event to JSON and back."""
    converter = make_converter(ruleset())
    event = LevelMarRolled(2, "swift_ascent", 5, Level.OBSCURED, reached=True)
    text = json.dumps(converter.unstructure(event, Event))
    assert converter.structure(json.loads(text), Event) == event
