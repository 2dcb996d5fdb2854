"""A displaced piece passes over or under pieces at other levels but never ends on one (DW-28.5).

Issue 18: a derelict (DW-19.6) held by an airship's marines drifted 1 hex straight ahead, when the
airship activated, into the hex the airship was flying over. `movement.displace` let it end
there, the state held two pieces in one hex (against DW-28.5's one piece per hex "at every
level", DW-11.8, DW-11.10), and the next `stuck` check raised ``ValueError: two pieces in hex``
building the board. DW-28.5, displaced pieces: it "stops in the last free hex"; one that passes
the other piece and goes on ends beyond it as before.
"""

from __future__ import annotations

import attrs

from engine.dystopian.commands import Activate, EndActivation, MoveModel
from engine.dystopian.events import DerelictDrifted
from engine.dystopian.fleet import Squadron
from engine.dystopian.geometry import Level, Piece, Size
from engine.dystopian.movement import Contact, ContactKind, displace
from engine.dystopian.moving import must_move, stuck
from engine.dystopian.rules import legal_commands
from engine.dystopian.state import DWState, Markers, Party
from engine.dystopian.terrain import Board, TerrainMap
from engine.hexes import Facing, Hex
from tests.engine.dystopian._game import (
    H,
    Place,
    arrange,
    card,
    fleet,
    model,
    play,
    setup,
    squadron,
)

N = Facing.N
GAME = setup(fleet(squadron("AS", 1)), fleet(squadron("CR", 1)))
"""Red: the Zephyr Airship AS-1 (a flyer, DW-28.12); Blue: the Lancer Cruiser CR-1."""


def _held_derelict(places: dict[str, Place]) -> DWState:
    """CR-1 derelict with 2 of AS-1's marines aboard (DW-19.5, DW-19.6); Red to activate."""
    state = arrange(GAME, places, markers={"CR-1": Markers(derelict=True)})
    airship, cruiser = model(state, "AS-1"), model(state, "CR-1")
    held = attrs.evolve(state.models[cruiser], aboard=(Party(airship, 2),))
    models = list(state.models)
    models[cruiser] = held
    return attrs.evolve(state, models=tuple(models))


def test_a_derelict_drifting_under_its_captors_airship_stays_in_its_hex() -> None:
    """DW-19.6: it drifts 1 hex ahead with AS-1's activation; 1009 holds AS-1: it stays put.

    The seed-9470396 position of issue 18 (DW-28.5: the last free hex of its way is its own).
    """
    state = _held_derelict({"AS-1": ("1009", N, Level.FLYING), "CR-1": ("1010", N)})
    airship, cruiser = model(state, "AS-1"), model(state, "CR-1")

    state, events = play(state, [Activate("AS-1")])

    assert DerelictDrifted(cruiser, (H("1010"),)) in events
    assert state.models[cruiser].hex == H("1010")
    assert state.models[airship].hex == H("1009")
    state.board()  # one piece per hex (DW-28.5): the board builds
    assert not stuck(state, airship)
    assert must_move(state) == (airship,)  # DW-11.3 / DW-11.6: a flyer cannot stay put
    assert MoveModel("AS-1", "FF") in legal_commands(state)


def test_a_derelict_drifts_on_when_the_hex_ahead_is_free() -> None:
    """DW-19.6: with AS-1 beside its way, the derelict drifts 1 hex ahead as before."""
    state = _held_derelict({"AS-1": ("0909", N, Level.FLYING), "CR-1": ("1010", N)})
    cruiser = model(state, "CR-1")

    state, events = play(state, [Activate("AS-1")])

    assert DerelictDrifted(cruiser, (H("1010"), H("1009"))) in events
    assert state.models[cruiser].hex == H("1009")


def test_a_derelict_with_nobody_aboard_stays_under_an_airship_in_the_end_phase() -> None:
    """DW-7.3 step 2 / DW-19.6: the End Phase drift stops before a flyer over its way too.

    Blue's cruiser drifts with nobody aboard when the turn ends; Red's airship (already
    activated) flies over the hex ahead. Turn 2 then begins (initiative 6 + 6 against 1 + 1,
    DW-9.1) with one piece in each hex.
    """
    game = setup(fleet(squadron("AS", 1), squadron("FF", 1)), fleet(Squadron(card("CR"), 1)))
    places: dict[str, Place] = {
        "AS-1": ("1009", N, Level.FLYING),
        "CR-1": ("1010", N),
        "FF-1": ("0505", N),
    }
    state = arrange(game, places, markers={"CR-1": Markers(derelict=True)}, activated=(0,))
    cruiser = model(state, "CR-1")

    state, _ = play(state, [Activate("FF-1"), MoveModel("FF-1", "F"), EndActivation()])
    state, events = play(state, [Activate("CR-1"), EndActivation()], [6, 6, 1, 1])

    assert isinstance(events[-3], DerelictDrifted)  # the End Phase's, after EndPhaseBegan
    assert events[-3] == DerelictDrifted(cruiser, (H("1010"),))
    assert state.turn == 2  # the End Phase ran
    assert state.models[cruiser].hex == H("1010")
    state.board()


# ---- movement.displace on its own --------------------------------------------------------------


def _board(*pieces: Piece) -> Board:
    return Board(TerrainMap.of({}, width=12, height=12), pieces)


def _piece(where: Hex, level: Level = Level.SURFACE, side: int = 0) -> Piece:
    return Piece(where, N, Size.MEDIUM, level, side)


def test_a_displaced_ship_passes_under_a_flyer_and_ends_beyond_it() -> None:
    """DW-12.1 / DW-28.5: a Flare of 3 hexes under a flyer ends in the free hex past it."""
    start = Hex(5, 5)
    field = _board(_piece(start), _piece(Hex(5, 4), Level.FLYING, side=1))
    moved = displace(field, 0, (Hex(5, 4), Hex(5, 3), Hex(5, 2)), land=False)
    assert moved == displace(
        _board(_piece(start)), 0, (Hex(5, 4), Hex(5, 3), Hex(5, 2)), land=False
    )
    assert moved.end == Hex(5, 2)


def test_a_displaced_ship_stopped_under_a_flyer_ends_in_the_last_free_hex() -> None:
    """DW-28.5: stopped by a ship (collision) just past a flyer, it ends before the flyer."""
    start = Hex(5, 5)
    flyer = _piece(Hex(5, 3), Level.FLYING, side=1)
    field = _board(_piece(start), flyer, _piece(Hex(5, 2), side=1))
    moved = displace(field, 0, (Hex(5, 4), Hex(5, 3), Hex(5, 2)), land=False)
    assert moved.end == Hex(5, 4)  # 5,3 holds the flyer: the last free hex is 5,4
    assert moved.contact == Contact(ContactKind.COLLISION, Hex(5, 2), 2)


def test_a_displaced_flyer_never_ends_over_a_ship() -> None:
    """DW-11.8 / DW-28.5: a flyer drifting 1 hex onto a ship's hex stays where it was."""
    start = Hex(5, 5)
    field = _board(_piece(start, Level.FLYING), _piece(Hex(5, 4), side=1))
    moved = displace(field, 0, (Hex(5, 4),), land=False)
    assert moved.end == start
    assert moved.contact is None
    assert not moved.destroyed
