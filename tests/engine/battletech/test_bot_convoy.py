"""The computer opponent in a ``withdraw`` scenario (issue 21): the convoy raid's column, raiders.

Situations scripted on the convoy raid's own map (the river crossing: one Medium bridge, CF 40,
BT-M-28), each one where an earlier bot made the losing choice.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech.bot import decide
from engine.battletech.bot.evaluate import WEIGHTS
from engine.battletech.bot.movement import _candidates, _leaving, _Ranker, choose_move
from engine.battletech.commands import Move, StepKind
from engine.battletech.evolve import evolve
from engine.battletech.rules.flow import decide as rules_decide
from engine.battletech.rules.victory import tonnage
from engine.battletech.state import BTState, Phase
from engine.dice import Dice
from engine.hexes import Facing, Hex
from tui.battletech.library import install, load_scenario

BALANCED = WEIGHTS["balanced"]


@pytest.fixture(scope="module")
def convoy() -> BTState:
    """The convoy raid at its first Movement phase (the scenario deploys every unit)."""
    setup = load_scenario("convoy-raid", install([]))
    state = RULESET.start(setup)
    dice = Dice(5)
    for _ in range(20):
        if state.phase is Phase.MOVEMENT:
            return state
        command = decide(state, "balanced", None).command  # type: ignore[arg-type]
        assert command is not None
        for event in rules_decide(state, command, dice):
            state = evolve(event, state)
    raise AssertionError("no Movement phase")


def _index(state: BTState, prefix: str) -> int:
    return next(i for i, u in enumerate(state.units) if u.name.startswith(prefix))


def _placed(state: BTState, moves: dict[str, tuple[str, Facing]]) -> BTState:
    for prefix, (where, facing) in moves.items():
        index = _index(state, prefix)
        state = state.replace_unit(
            index, attrs.evolve(state.units[index], hex=Hex.from_label(where), facing=facing)
        )
    return state


def _entered(state: BTState, index: int, command: Move) -> list[Hex]:
    unit = state.units[index]
    where, facing = unit.hex, unit.facing
    assert where is not None
    hexes = []
    for step in command.steps:
        if step.kind is StepKind.LEFT:
            facing = facing.turn(-1)
        elif step.kind is StepKind.RIGHT:
            facing = facing.turn(1)
        elif step.kind in {StepKind.FORWARD, StepKind.BACKWARD}:
            where = where.neighbor(facing if step.kind is StepKind.FORWARD else facing.opposite)
            hexes.append(where)
    return hexes


def test_a_tank_too_heavy_for_the_bridge_escorts_the_column(convoy: BTState) -> None:
    """BT-M-28: the 60-ton Bulldog and 50-ton Vedette can never cross the CF 40 bridge.

    They have no way to the exit, so they fight as escorts (no pull to the east edge, no
    withdrawing caution); the 40-ton Hetzer and the 'Mech still withdraw. The old bot pulled
    them to the nearest bank by edge distance, where they idled out of the fight.
    """
    bulldog, vedette = _index(convoy, "Bulldog"), _index(convoy, "Vedette")
    hetzer, griffin = _index(convoy, "Hetzer"), _index(convoy, "Griffin")
    for index in (bulldog, vedette):
        ranker = _Ranker(convoy, index, BALANCED)
        assert not ranker._withdrawing()
        assert ranker._objective(Hex.from_label("1017"), prone=False) == 0.0
    for index in (hetzer, griffin):
        ranker = _Ranker(convoy, index, BALANCED)
        assert ranker._withdrawing()
        near, far = Hex.from_label("1509"), Hex.from_label("0509")
        assert ranker._objective(near, prone=False) > ranker._objective(far, prone=False)


def test_an_escort_stranded_at_the_bank_goes_back_to_the_column(convoy: BTState) -> None:
    """The Bulldog at the south bank (1017, where the old bot parked it by edge distance).

    The raiders wait up by the bridge, out of its reach; the column is still on the west road.
    It drives back towards the column it covers instead of standing in the corner (the old bot
    stood still there for the rest of the game).
    """
    raiders = {
        "Jenner": ("1102", Facing.SW),
        "Harasser": ("1202", Facing.SW),
        "J. Edgar": ("1302", Facing.SW),
        "Yellow Jacket": ("1402", Facing.SW),
        "Pegasus": ("1002", Facing.SW),
        "Jump Platoon": ("1501", Facing.SW),
    }
    state = _placed(convoy, {"Bulldog": ("1017", Facing.NE), **raiders})
    bulldog = _index(state, "Bulldog")
    decision = choose_move(state, bulldog, BALANCED)
    command = decision.command
    assert isinstance(command, Move)
    assert command.steps, decision.reason
    column = [
        u.hex
        for u in state.units
        if u.hex is not None and u.name.startswith(("Hetzer", "Griffin", "Motorized"))
    ]
    start = Hex.from_label("1017")
    end = _entered(state, bulldog, command)[-1]
    assert min(end.distance(h) for h in column) < min(start.distance(h) for h in column)


def test_a_vehicle_weighs_the_buildings_its_path_brings_down(convoy: BTState) -> None:
    """BT-M-41 #4: a 60-ton tank entering a CF 15 building collapses it and falls into the rubble.

    Every candidate path into 0510 or 0308 is marked as a collapse (the old bot marked only
    bridges, and drove the Bulldog into 0510 on its first move); none the bot picks crosses one.
    """
    bulldog = _index(convoy, "Bulldog")
    candidates = _candidates(convoy, bulldog)
    buildings = {Hex.from_label("0510"), Hex.from_label("0308")}
    into = [
        c
        for c in candidates
        if isinstance(c.command, Move) and buildings & set(_entered(convoy, bulldog, c.command))
    ]
    assert into
    assert all(c.collapse for c in into)
    light = [c for c in candidates if not c.collapse]
    assert light
    for prefix in ("Bulldog", "Vedette", "Hetzer"):
        index = _index(convoy, prefix)
        command = choose_move(convoy, index, BALANCED).command
        if isinstance(command, Move):
            tons = tonnage(convoy.units[index])
            for where in _entered(convoy, index, command):
                building = convoy.board.terrain(where).building
                assert building is None or building.cf >= tons, (prefix, where)


def test_the_column_can_lose_a_unit_and_still_win(convoy: BTState) -> None:
    """Balance (issue 21): more of the column can get away than the victory needs.

    Only the 40-ton Hetzer, the platoon and the jumping Griffin can cross (the CF 40 bridge,
    BT-M-28); when all three were needed, losing any one lost the game, and bot against bot
    the raiders won every game.
    """
    victory = convoy.victory
    assert victory.kind == "withdraw"
    assert len(_leaving(convoy, victory.side)) > victory.count


def test_late_in_the_game_a_platoon_still_never_drives_onto_a_bridge_it_brings_down(
    convoy: BTState,
) -> None:
    """BT-M-28: the immobile Hetzer (40 tons) fills the CF 40 bridge; the platoon's men tip it.

    Turn 7 of 10: the pull to the exit grows every turn, and the old bot let it outweigh the
    fixed cost of a collapse: the platoon drove onto the bridge and both fell into the river.
    A collapse makes no progress at all (the move ends in it), so it stays off the deck.
    """
    state = _placed(convoy, {"Hetzer": ("0809", Facing.SE), "Motorized": ("0709", Facing.SE)})
    state = attrs.evolve(state, turn=7)
    platoon = _index(state, "Motorized")
    bridge = Hex.from_label("0809")
    assert any(c.collapse for c in _candidates(state, platoon))
    decision = choose_move(state, platoon, BALANCED)
    command = decision.command
    assert isinstance(command, Move)
    assert bridge not in _entered(state, platoon, command), decision.reason


def test_a_vehicle_crosses_the_bridge_in_one_move_or_waits_on_the_bank(convoy: BTState) -> None:
    """BT-M-28, BT-M-37.5: the Hetzer never ends its move on the deck while the platoon is behind.

    The first move of the game: the Hetzer (40 tons, the bridge's whole CF) could reach the
    bridge at 0809 and stop there. Bot against random, every convoy-raid loss began so: a motive
    hit immobilized it on the deck, and the platoon behind could never cross. It ends its move
    on a bank instead, and the platoon still has its way over the bridge.
    """
    hetzer = _index(convoy, "Hetzer")
    bridge = Hex.from_label("0809")
    assert any(c.hex == bridge for c in _candidates(convoy, hetzer))
    decision = choose_move(convoy, hetzer, BALANCED)
    command = decision.command
    assert isinstance(command, Move)
    entered = _entered(convoy, hetzer, command)
    assert entered, decision.reason
    assert convoy.board.terrain(entered[-1]).bridge is None, decision.reason


def test_the_last_of_the_column_may_stop_on_the_bridge(convoy: BTState) -> None:
    """With no vehicle or platoon behind it, stopping on the deck blocks no one (`_BRIDGE_PARK`).

    The platoon alone west of the river (the Hetzer already over, at 1108): ending on 0809 costs
    it nothing beyond the risk every hex has.
    """
    state = _placed(convoy, {"Hetzer": ("1108", Facing.SE), "Motorized": ("0709", Facing.SE)})
    platoon = _index(state, "Motorized")
    ranker = _Ranker(state, platoon, BALANCED)
    assert not ranker._blocks_crossing(Hex.from_label("0809"), 5)
    hetzer_ranker = _Ranker(convoy, _index(convoy, "Hetzer"), BALANCED)
    assert hetzer_ranker._blocks_crossing(Hex.from_label("0809"), 5)
