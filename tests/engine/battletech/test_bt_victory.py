"""Victory conditions from the scenario (issue 5, BT-M-12) and the after-action report."""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.context import Ctx
from engine.battletech.data.scenario import build_setup
from engine.battletech.designs.mech import Location
from engine.battletech.narrate.summary import after_action
from engine.battletech.rules.victory import crippled, end_of_turn, immediate_result
from engine.battletech.state import BTState, Phase, Victory
from engine.dice import ScriptedDice
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, start, state_with, terrain_board

H = Hex.from_label


def _game(victory: Victory, *, turn: int = 1) -> BTState:
    state = start(
        terrain_board(8, 8),
        [
            (design(50, equipment=[("Medium Laser", Location.RA)]), 0, "0402", Facing.S),
            (design(70, equipment=[("Medium Laser", Location.RA)]), 0, "0502", Facing.S),
            (design(60, equipment=[("Medium Laser", Location.RA)]), 1, "0407", Facing.N),
        ],
    )
    return attrs.evolve(state, victory=victory, turn=turn, phase=Phase.END)


def _end_turn(state: BTState) -> tuple[BTState, list[ev.BTEvent]]:
    ctx = Ctx(state, ScriptedDice(()))
    end_of_turn(ctx)
    return ctx.state, ctx.events


def test_destroy_the_last_side_standing_wins() -> None:
    """BT-M-12: when one side alone has units on the map, it wins."""
    state = state_with(_game(Victory()), 2, destroyed=True)
    assert immediate_result(state) == (0, "Blue has the last units standing")


def test_destroy_nobody_left_is_a_draw() -> None:
    state = _game(Victory())
    for index in range(3):
        state = state_with(state, index, destroyed=True)
    assert immediate_result(state) == (None, "the last units fell together")


def test_cripple_counts_a_unit_that_cannot_fire_as_out() -> None:
    """With ``cripple``, a 'Mech whose only weapon is destroyed no longer holds the field."""
    state = _game(Victory(cripple=True))
    laser = state.units[2].mech_design.equipment[0]
    disarmed = state_with(state, 2, crits=frozenset({(laser.location, laser.slots[0])}))
    assert crippled(disarmed.units[2])
    assert not crippled(state.units[2])
    assert immediate_result(disarmed) == (0, "Blue has the last units still able to fight")
    assert immediate_result(attrs.evolve(disarmed, victory=Victory())) is None


def test_cripple_counts_a_unit_without_legs_as_out() -> None:
    state = _game(Victory(cripple=True))
    index = list(Location).index
    internal = list(state.units[2].mech.internal)
    internal[index(Location.LL)] = internal[index(Location.RL)] = 0
    legless = state_with(state, 2, internal=tuple(internal))
    assert crippled(legless.units[2])


def test_turn_limit_gives_the_field_to_the_heavier_side() -> None:
    """DESIGN: at the turn limit of a destroy game, the most tonnage still fighting wins."""
    state, events = _end_turn(_game(Victory(turns=5), turn=5))
    assert state.phase is Phase.OVER
    assert state.winner == 0
    assert events[-1] == ev.GameEnded(0, "time ran out: Blue holds the field with 120 tons")


def test_before_the_turn_limit_the_game_goes_on() -> None:
    state, events = _end_turn(_game(Victory(turns=5), turn=4))
    assert state.phase is Phase.END
    assert events == []


def test_hold_won_by_standing_alone_on_the_objective() -> None:
    victory = Victory("hold", side=1, turns=3, hexes=(H("0407"),))
    state, _ = _end_turn(_game(victory, turn=3))
    assert (state.winner, state.result) == (1, "Red held the objective")


def test_hold_lost_when_prone_or_contested() -> None:
    victory = Victory("hold", side=1, turns=3, hexes=(H("0407"), H("0406")))
    prone = state_with(_game(victory, turn=3), 2, prone=True)
    assert _end_turn(prone)[0].winner == 0
    contested = state_with(_game(victory, turn=3), 0, hex=H("0406"))
    state, _ = _end_turn(contested)
    assert (state.winner, state.result) == (0, "Red lost the objective")


def test_withdraw_units_on_the_edge_leave_and_win() -> None:
    """A unit of the withdrawing side on its exit edge in the End phase leaves the map."""
    victory = Victory("withdraw", side=0, turns=9, edge="N", count=2)
    state = state_with(_game(victory, turn=2), 0, hex=H("0401"))
    state, events = _end_turn(state)
    assert ev.UnitWithdrew(0, H("0401")) in events
    assert state.units[0].withdrawn
    assert not state.units[0].on_map
    assert state.phase is Phase.END  # one of two: not yet
    state = state_with(attrs.evolve(state, phase=Phase.END), 1, hex=H("0501"))
    state, events = _end_turn(state)
    assert (state.winner, state.result) == (0, "Blue got 2 units off the map")


def test_withdraw_lost_when_too_few_are_left() -> None:
    victory = Victory("withdraw", side=0, turns=9, edge="N", count=2)
    state = state_with(_game(victory), 0, destroyed=True)
    assert immediate_result(state) == (1, "Blue can no longer get 2 units away")


def test_withdraw_lost_when_time_runs_out() -> None:
    victory = Victory("withdraw", side=0, turns=3, edge="N", count=1)
    state, _ = _end_turn(_game(victory, turn=3))
    assert (state.winner, state.result) == (1, "time ran out before Blue could withdraw")


class _Library:
    def board(self, name: str):  # noqa: ARG002 - a test double
        return terrain_board(8, 8)

    def unit(self, name: str):  # noqa: ARG002
        return design()

    def generate(self, *args: object):  # noqa: ARG002
        return terrain_board(8, 8)

    def combine(self, grid: object):  # noqa: ARG002
        return terrain_board(8, 8)


SIDES = [{"name": "A", "units": ["x"]}, {"name": "B", "units": ["y"]}]


def test_a_scenario_sets_its_victory() -> None:
    table = {
        "board": "b",
        "side": SIDES,
        "victory": {"kind": "hold", "side": 2, "turns": 6, "hexes": ["0404", "0405"]},
    }
    setup = build_setup(table, _Library())
    assert setup.victory == Victory("hold", side=1, turns=6, hexes=(H("0404"), H("0405")))
    assert build_setup({"board": "b", "side": SIDES}, _Library()).victory == Victory()


@pytest.mark.parametrize(
    ("victory", "message"),
    [
        ({"kind": "conquer"}, "victory kind is one of destroy, hold, withdraw"),
        ({"kind": "hold", "turns": 3}, "a hold victory needs hexes and turns"),
        ({"kind": "withdraw", "edge": "Q", "turns": 3}, "a withdraw victory needs edge"),
        ({"kind": "hold", "turns": 3, "hexes": ["0909"]}, "victory hex 0909 is off the map"),
        ({"side": 3}, "side must be a whole number from 1 to 2"),
        ({"cripple": "yes"}, "victory.cripple is true or false"),
        ({"when": 1}, "unknown victory keys: when"),
    ],
)
def test_a_bad_victory_table_is_one_readable_line(victory: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        build_setup({"board": "b", "side": SIDES, "victory": victory}, _Library())


def test_after_action_counts_kills_damage_and_shots() -> None:
    """The report adds up damage by source, kills by ``by``, and to-hit rolls per attacker."""
    state = _game(Victory())
    from engine.battletech.state import Attack, AttackKind  # noqa: PLC0415

    shot = Attack(0, AttackKind.WEAPON, 2, H("0407"), 8, weapon=0)
    events = [
        ev.PhaseStarted(Phase.WEAPON, 1),
        ev.AttackDeclared(shot),
        ev.AttackDeclared(attrs.evolve(shot, attacker=1)),
        ev.AttackRolled(0, (4, 5), hit=True),
        ev.AttackRolled(1, (1, 1), hit=False),
        ev.DamageApplied(2, Location.CT, 5, 0, source=0),
        ev.DamageApplied(2, Location.CT, 3, 2, source=0),
        ev.DamageApplied(0, Location.LL, 4, 0),
        ev.UnitDestroyed(2, "center torso destroyed", by=0),
        ev.GameEnded(0, "Blue has the last units standing"),
    ]
    final = state_with(state, 2, destroyed=True)
    report = after_action(final, events)
    first, second, third = report.units
    assert (first.kills, first.dealt, first.taken, first.shots, first.hits) == ((2,), 10, 4, 1, 1)
    assert (second.shots, second.hits, second.dealt) == (1, 0, 0)
    assert third.taken == 10
    assert third.status == "destroyed (center torso destroyed)"
    assert first.status == "operational"
    assert report.result == "Blue has the last units standing"
    assert [u.unit for u in report.side(0)] == [0, 1]


def test_a_scenario_sets_the_temperature_and_auto_eject() -> None:
    """Hostile environments as scenario options (BT-C-61.1) and auto-eject off (BT-C-59)."""
    sides = [
        {"name": "A", "units": [{"unit": "x", "auto_eject": False}]},
        {"name": "B", "units": ["y"]},
    ]
    setup = build_setup({"board": "b", "side": sides, "temperature": 70}, _Library())
    assert setup.temperature == 70
    assert [u.auto_eject for u in setup.units] == [False, True]
    from engine.battletech import RULESET  # noqa: PLC0415

    placed = attrs.evolve(
        setup, units=tuple(attrs.evolve(u, hex=H(f"010{i + 1}")) for i, u in enumerate(setup.units))
    )
    state = RULESET.start(placed)
    assert state.temperature == 70
    assert not state.units[0].mech.auto_eject
    bad = {
        "board": "b",
        "side": [{"name": "A", "units": [{"unit": "x", "auto_eject": 1}]}, SIDES[1]],
    }
    with pytest.raises(ValueError, match="auto_eject is true or false"):
        build_setup(bad, _Library())
