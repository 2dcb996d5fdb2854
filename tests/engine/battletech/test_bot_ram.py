"""The computer rams with a ground vehicle when it is worth more than its fire (BT-C-36, BT-C-42).

A Bulldog (60 tons, cruise 4, flank 6; unit 0, side 0) in 0410 facing N; a weaponless 50-ton
'Mech (unit 1, side 1) up the board facing S. Its move first, then the ram played with scripted
dice: the rules accept it and it strikes.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

import attrs
import pytest

from engine.battletech.bot import decide, ram
from engine.battletech.commands import EndMove, Move
from engine.battletech.data.blk import parse_blk
from engine.battletech.designs import VehicleDesign
from engine.battletech.rules.aboard import passengers
from engine.battletech.state import BTState, UnitDesign
from engine.battletech.transportcommands import LoadUnit, UnloadUnit
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, terrain_board

BLK = Path(__file__).resolve().parents[3] / "assets" / "units" / "blk"
MECH = design(50, 5, 0, name="Blocker")


@functools.cache
def blk(name: str) -> UnitDesign:
    return parse_blk((BLK / f"{name}.blk").read_text(encoding="utf-8")).design


def duel(mech_at: str, vehicle: UnitDesign | None = None) -> BTState:
    """The Bulldog's move, the 'Mech ``mech_at``."""
    units = [
        (vehicle or blk("Bulldog Medium Tank"), 0, "0410", Facing.N),
        (MECH, 1, mech_at, Facing.S),
    ]
    state = start(terrain_board(8, 14), units)  # type: ignore[arg-type]
    return attrs.evolve(state, slots=((0, 1),))


def _decide(state: BTState):
    return decide(state, "balanced", random.Random(7))  # noqa: S311 - a game policy


def test_a_tank_rams_when_the_ram_deals_more_than_its_guns() -> None:
    """Five hexes flanking: ceil(60 x 5 / 10) = 30 on a hit (needs 7, 58%).

    17.5 expected and 1.8 taken back, against some 12-14 its guns would deal: it rams. The
    rules accept the ram; the vehicle is charging (it fires nothing this turn, BT-C-42).
    """
    state = duel("0404")
    decision = _decide(state)
    command = decision.command
    assert isinstance(command, Move)
    assert command.charge == 1
    assert decision.reason.startswith("rams the Blocker T-50 from 0405: needs 7, expects to deal")
    assert decision.alternatives[0][0] == "ram"
    state, _ = play(state, command)
    assert state.units[0].this_turn.charging == 1
    assert state.units[0].hex == Hex.from_label("0405")


def test_a_tank_fires_when_a_ram_deals_less() -> None:
    """Four hexes: 24 on a hit, 14 expected, no more than its guns: it drives and fires."""
    decision = _decide(duel("0405"))
    assert isinstance(decision.command, Move)
    assert decision.command.charge is None


def test_a_carrier_with_troops_aboard_never_rams() -> None:
    """Its passengers would take the ram's cargo hits (BT-C-24.3): no ram, whatever it is worth."""
    carrier = attrs.evolve(blk("Bulldog Medium Tank"), troop_space=4.0)
    assert isinstance(carrier, VehicleDesign)
    units = [
        (carrier, 0, "0410", Facing.N),
        (blk("Foot Platoon (Laser)"), 0, "0410", Facing.N),
        (MECH, 1, "0404", Facing.S),
    ]
    state = attrs.evolve(start(terrain_board(8, 14), units), slots=((0, 1),))  # type: ignore[arg-type]
    state, _ = play(state, LoadUnit(0, 1))
    state, _ = play(state, EndMove(0))
    fresh = tuple(attrs.evolve(u, movement=None) for u in state.units)  # a later turn
    state = attrs.evolve(state, units=fresh, slots=((0, 1),), active=None)
    assert passengers(state, 0) == (1,)
    decision = _decide(state)
    assert isinstance(decision.command, Move | UnloadUnit)
    assert getattr(decision.command, "charge", None) is None
    empty = _decide(duel("0404", carrier)).command  # the same carrier, empty, rams
    assert isinstance(empty, Move)
    assert empty.charge == 1


def test_a_column_that_must_withdraw_counts_a_ram_at_half(monkeypatch: pytest.MonkeyPatch) -> None:
    """A withdraw game for the tank's side: the ram's worth counts at half, as its fire does.

    (Its exit lies north, past the 'Mech: it still rams on its way there.)
    """
    state = duel("0404")
    victory = attrs.evolve(state.victory, kind="withdraw", side=0, edge="N", turns=10)
    state = attrs.evolve(state, victory=victory)
    halved = _decide(state)
    assert halved.alternatives[0][0] == "ram"
    monkeypatch.setattr(ram, "_withdrawing", lambda *_: False)
    full = _decide(state)
    assert full.alternatives[0][0] == "ram"
    assert full.alternatives[0][1] > halved.alternatives[0][1] + 3
