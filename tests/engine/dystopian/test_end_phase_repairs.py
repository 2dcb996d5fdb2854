"""End Phase step 3: repair rolls, then Corrosion, through the turn machine (DW-7.3).

DW-16.4 (one non-exploding D6 per repairable marker and per Fire marker: 1-3 repaired; a fire
not put out costs 1 AP and on a 6 spreads; derelicts roll only against fires), DW-24 Corrosive
(1-3 removes the marker, 4-6 costs 1 HP), DW-16.1 (a model at 0 HP is lost). DW-28.13 item 10
(repairs in the End Phase, fires).
"""

from __future__ import annotations

import attrs

from engine.dystopian.commands import Activate, EndActivation, MoveModel
from engine.dystopian.events import (
    EndPhaseBegan,
    GameEnded,
    LossCause,
    ModelLost,
    RepairRolled,
    TurnBegan,
)
from engine.dystopian.narrate import tell
from engine.dystopian.state import DWState, Markers
from engine.game import Event
from engine.hexes import Facing
from tests.engine.dystopian._game import arrange, fleet, play, setup, squadron

N, NE, SE, S, SW, NW = Facing

GAME = setup(fleet(squadron("BB", 1), squadron("CR", 2)), fleet(squadron("CR", 2)))
"""Red: BB-1 (model 0); CR-1, CR-2 (squadron 1, off the table). Blue: CR-3 (model 3)."""
PLACES = {"BB-1": ("1003", S), "CR-3": ("3020", N)}
INITIATIVE = [3, 3, 1, 1]
"""Turn 2's initiative after the End Phase: Red 6, Blue 2."""


def _end_phase(markers: Markers, dice: list[int]) -> tuple[DWState, list[Event]]:
    """BB-1 makes the turn's last activation with ``markers``; the End Phase follows."""
    state = arrange(GAME, PLACES, markers={"BB-1": markers}, activated=(1, 2, 3))
    return play(state, [Activate("BB-1"), MoveModel("BB-1", "F"), EndActivation()], dice)


def _repairs(events: list[Event]) -> list[RepairRolled]:
    return [e for e in events if isinstance(e, RepairRolled)]


def test_weapons_repaired_a_fire_spreading_and_corrosion_eating_a_hit_point() -> None:
    """DW-16.4 / DW-24: one roll per marker, in order, with what each costs.

    A 2 repairs Weapons Damaged; a 6 on a fire: 1 AP and a second fire marker; a 5 on Corrosion
    costs 1 HP and the marker stays.
    """
    markers = Markers(half_ad=True, fires=1, corrosion=1)
    state, events = _end_phase(markers, [2, 6, 5, *INITIATIVE])
    assert _repairs(events) == [
        RepairRolled(0, "half_ad", 2, repaired=True),
        RepairRolled(0, "fires", 6, repaired=False, ap_lost=1, new_fire=True),
        RepairRolled(0, "corrosion", 5, repaired=False, hp_lost=1),
    ]
    after = state.models[0]
    assert (after.markers.half_ad, after.markers.fires, after.markers.corrosion) == (False, 2, 1)
    assert (after.markers.assault_damage, after.hull_damage) == (1, 1)
    assert any(isinstance(e, EndPhaseBegan) for e in events)
    assert events[-2] == TurnBegan(2)
    told, _ = tell(3, EndActivation(), events, arrange(GAME, PLACES, markers={"BB-1": markers}))
    assert any(
        t.text == "Bastion Battleship BB-1 rolls 2 and repairs its weapons damaged." for t in told
    )


def test_fires_put_out_and_corrosion_removed_on_low_rolls() -> None:
    """DW-16.4: 1-3 puts a fire out; DW-24: 1-3 takes Corrosion off without harm."""
    state, events = _end_phase(Markers(fires=1, corrosion=1), [3, 1, *INITIATIVE])
    assert [(r.marker, r.repaired) for r in _repairs(events)] == [
        ("fires", True),
        ("corrosion", True),
    ]
    assert state.models[0].markers == Markers()
    assert state.models[0].hull_damage == 0


def test_a_derelict_rolls_only_against_its_fire() -> None:
    """DW-16.4 (errata): a derelict may roll only against ongoing damage: its fire, not its guns.

    DW-19.6: it does not move by itself (its squadron's activation leaves it where it is).
    """
    markers = Markers(derelict=True, half_ad=True, fires=1)
    state = arrange(GAME, PLACES, markers={"BB-1": markers}, activated=(1, 2, 3))
    state, events = play(state, [Activate("BB-1"), EndActivation()], [4, *INITIATIVE])
    assert _repairs(events) == [RepairRolled(0, "fires", 4, repaired=False, ap_lost=1)]
    assert state.models[0].markers.half_ad


def test_corrosion_can_sink_a_model_at_its_last_hit_point() -> None:
    """DW-24 / DW-16.1: a 4 on Corrosion takes the last HP: lost, destroyed; the game ends."""
    state = arrange(GAME, PLACES, markers={"BB-1": Markers(corrosion=1)}, activated=(1, 2, 3))
    worn = state.with_model(0, attrs.evolve(state.models[0], hull_damage=7))
    commands = [Activate("BB-1"), MoveModel("BB-1", "F"), EndActivation()]
    state, events = play(worn, commands, [4])
    assert _repairs(events) == [RepairRolled(0, "corrosion", 4, repaired=False, hp_lost=1)]
    assert ModelLost(0, LossCause.DESTROYED) in events
    assert isinstance(events[-1], GameEnded)


FLAGSHIP = setup(fleet(squadron("BB", 1), squadron("CR", 2), commodore=0), fleet(squadron("CR", 2)))
"""As GAME, BB-1 carrying the Commodore (DW-10.1)."""


def test_the_commodore_rerolls_the_first_failed_repair_once() -> None:
    """DW-16.4 / DW-10.1: one repair re-roll a turn near the flagship; the second roll stands.

    Weapons Damaged fails on 5 and Engine Failure on 6; the re-roll (2) goes to the first.
    """
    markers = Markers(half_ad=True, half_mv=True)
    state = arrange(FLAGSHIP, PLACES, markers={"BB-1": markers}, activated=(1, 2, 3))
    commands = [Activate("BB-1"), MoveModel("BB-1", "F"), EndActivation()]
    state, events = play(state, commands, [5, 6, 2, *INITIATIVE])
    assert _repairs(events) == [
        RepairRolled(0, "half_ad", 2, repaired=True, rerolled_from=5),
        RepairRolled(0, "half_mv", 6, repaired=False),
    ]
    assert (state.models[0].markers.half_ad, state.models[0].markers.half_mv) == (False, True)
    told, _ = tell(3, EndActivation(), events, arrange(FLAGSHIP, PLACES, markers={"BB-1": markers}))
    assert any("rolls 5, then 2 (the Commodore's re-roll) and repairs" in t.text for t in told)
