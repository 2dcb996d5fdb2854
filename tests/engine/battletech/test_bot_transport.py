"""The computer carries a platoon in a vehicle's troop space and sets it down (BT-C-35.13).

No bundled scenario has a carrier: the carrier is the bundled Bulldog given 4 tons of troop
space in the test (as `test_transport` does; a shared MegaMek .blk with troop space is used when
one is there). Side 0: the carrier (unit 0) and a foot platoon (unit 1); side 1: a weaponless
'Mech far up the board. Each order the bot gives is played: the rules accept it.
"""

from __future__ import annotations

import functools
import random
from pathlib import Path

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech.bot import decide
from engine.battletech.bot.transport import wanted_load
from engine.battletech.commands import Move
from engine.battletech.data.blk import parse_blk
from engine.battletech.designs import VehicleDesign
from engine.battletech.rules.aboard import carrier_of, passengers
from engine.battletech.state import BTState, Phase, UnitDesign
from engine.battletech.transportcommands import LoadUnit, UnloadUnit
from engine.dice import Dice
from engine.hexes import Facing, Hex
from tests.conftest import SHARED
from tests.engine.battletech._build import design, play, start, terrain_board

BLK = Path(__file__).resolve().parents[3] / "assets" / "units" / "blk"
SHARED_BLK = SHARED / "data" / "megamek" / "blk"
MECH = design(50, 5, 0, name="Blocker")
FOOT = "Foot Platoon (Laser)"


@functools.cache
def blk(name: str) -> UnitDesign:
    return parse_blk((BLK / f"{name}.blk").read_text(encoding="utf-8")).design


def _carrier() -> VehicleDesign:
    found = blk("Bulldog Medium Tank")
    assert isinstance(found, VehicleDesign)
    return attrs.evolve(found, troop_space=4.0)


def board(
    carrier: str, platoon: str, enemy: str = "0401", vehicle: UnitDesign | None = None
) -> BTState:
    units = [
        (vehicle or _carrier(), 0, carrier, Facing.N),
        (blk(FOOT), 0, platoon, Facing.N),
        (MECH, 1, enemy, Facing.S),
    ]
    return start(terrain_board(8, 30), units)  # type: ignore[arg-type]


def _decide(state: BTState):
    return decide(state, "balanced", random.Random(7))  # noqa: S311 - a game policy


def _play_on(state: BTState, turns: int) -> tuple[BTState, list[tuple[int, object, str]]]:
    """Bot against bot for ``turns`` turns: (turn, command, reason) of side 0's carrier."""
    dice = Dice(5)
    told = []
    last = state.turn + turns
    while state.phase is not Phase.OVER and state.turn < last:
        decision = _decide(state)
        assert decision.command is not None
        if getattr(decision.command, "unit", None) == 0:
            told.append((state.turn, decision.command, decision.reason))
        for event in RULESET.decide(state, decision.command, dice):
            state = RULESET.evolve(state, event)
    return state, told


def test_a_carrier_loads_a_platoon_in_its_hex_before_it_walks() -> None:
    """27 hexes from the 'Mech, 1 MP on foot, 6 flanking aboard: the carrier moves first.

    (The slowest-first order would have moved the platoon, which may then not be loaded.)
    """
    state = board("0428", "0428")
    decision = _decide(state)
    assert decision.command == LoadUnit(0, 1)
    assert decision.reason == (
        f"loads the {FOOT}: 27 hexes from the fight, carried at 6 MP instead of 1"
    )
    state, _ = play(state, decision.command)
    assert carrier_of(state.units[1]) == 0
    moved = _decide(state)  # it drives on with the platoon aboard
    assert isinstance(moved.command, Move)
    state, _ = play(state, moved.command)
    assert state.units[0].hex != Hex.from_label("0428")


def test_a_carrier_drives_into_the_next_hex_to_load() -> None:
    """The platoon in the next hex: the carrier's move ends in it with the load."""
    state = board("0428", "0427")
    decision = _decide(state)
    assert isinstance(decision.command, LoadUnit)
    assert decision.command.steps
    state, _ = play(state, decision.command)
    assert passengers(state, 0) == (1,)
    assert state.units[0].hex == Hex.from_label("0427")


def test_no_ride_for_a_platoon_already_near_the_fight() -> None:
    """The 'Mech 4 hexes off: the platoon walks and fires; the carrier loads nobody."""
    state = board("0428", "0428", enemy="0424")
    assert wanted_load(state, 0) is None
    assert not isinstance(_decide(state).command, LoadUnit)


def test_the_platoon_is_carried_forward_and_set_down_near_the_enemy() -> None:
    """Loaded in turn 1, carried at the carrier's speed, unloaded within its weapons' reach."""
    state, told = _play_on(board("0428", "0428"), 4)
    commands = [c for _, c, _ in told]
    assert commands[0] == LoadUnit(0, 1)
    unloads = [(turn, reason) for turn, c, reason in told if isinstance(c, UnloadUnit)]
    assert unloads
    turn, reason = unloads[0]
    assert turn > 1  # a platoon loaded this turn stays aboard until the next
    assert f"unloads the {FOOT} in " in reason
    assert "hexes from the Blocker" in reason
    platoon = state.units[1]
    assert carrier_of(platoon) is None
    assert platoon.hex is not None
    assert platoon.hex.distance(Hex.from_label("0428")) > 4  # farther than it could have walked


@pytest.mark.skipif(
    not any(
        "troopspace" in p.read_text(encoding="utf-8", errors="replace").lower()
        for p in (SHARED_BLK.glob("*.blk") if SHARED_BLK.is_dir() else [])
    ),
    reason="no shared MegaMek .blk with troop space (a design built in the test covers it)",
)
def test_a_shared_carrier_with_troop_space_loads_too() -> None:
    """A real .blk carrier from ../shared/data, when one has troop space."""
    for path in sorted(SHARED_BLK.glob("*.blk")):
        found = parse_blk(path.read_text(encoding="utf-8", errors="replace")).design
        if isinstance(found, VehicleDesign) and found.troop_space >= 2.5:
            break
    else:
        pytest.skip("the shared troop space is too small for a foot platoon")
    state = board("0428", "0428", vehicle=found)
    assert isinstance(_decide(state).command, LoadUnit)
