"""Fire as terrain: burning down, the wind as a scenario setting, heat (issue 15 item 5).

BT-M-8.12 / BT-C-60: burning woods end up cleared to rough (the steps of BT-M-8.11's conversion
table; DESIGN: 2D6 >= 10 each End phase); BT-C-60.5: the wind a scenario names blows all game;
BT-C-60.4: +5 heat in a burning hex. Scripted dice throughout.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech.board import Board, Building, BuildingClass, Terrain, Woods
from engine.battletech.bot.evaluate import WEIGHTS
from engine.battletech.bot.movement import _Ranker
from engine.battletech.context import Ctx
from engine.battletech.data.scenario import ScenarioError, build_setup
from engine.battletech.migrations import MIGRATIONS
from engine.battletech.rules.fire import BURN_DOWN, end_phase_fire, fire_words
from engine.battletech.rules.heat import BURNING_HEX_HEAT, heat_sources
from engine.battletech.state import BTState
from engine.dice import ScriptedDice
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, start, terrain_board
from tests.engine.battletech.test_bot import _candidate, _duel
from tests.engine.battletech.test_scenario import FakeLibrary, _table

H = Hex.from_label
LIGHT = Terrain(woods=Woods.LIGHT)
HEAVY = Terrain(woods=Woods.HEAVY)


def _end(state: BTState, dice: tuple[int, ...]) -> tuple[BTState, list[ev.BTEvent]]:
    """One End phase's fire (every scripted die used)."""
    scripted = ScriptedDice(dice)
    ctx = Ctx(state, scripted)
    end_phase_fire(ctx)
    assert scripted.position == len(dice), "every scripted die is used"
    return ctx.state, ctx.events


def _state(wind: Facing | None = Facing.N, **hexes: Terrain) -> BTState:
    board = terrain_board(12, 12, **hexes)
    state = start(board, [(design(), 0, "0101", Facing.S), (design(), 1, "1212", Facing.N)])
    return attrs.evolve(state, wind=wind)


# ---------------------------------------------------------------- burning down (BT-M-8.11/8.12)
def test_burning_heavy_woods_burn_down_to_light_woods_still_burning() -> None:
    """BT-M-8.12 / BT-M-8.11: heavy woods -> light woods on 2D6 >= 10 (5+5); the fire goes on."""
    state = _state(h0606=attrs.evolve(HEAVY, fire=True))
    after, events = _end(state, (5, 5))
    assert ev.TerrainRolled(H("0606"), "burn down", BURN_DOWN, (5, 5), success=True) in events
    terrain = after.board.terrain(H("0606"))
    assert (terrain.woods, terrain.fire, terrain.rough) == (Woods.LIGHT, True, False)


def test_burning_light_woods_burn_down_to_rough_and_the_fire_goes_out() -> None:
    """BT-M-8.12 "burning woods end up cleared to rough"; BT-M-8.11: light woods -> rough."""
    state = _state(h0606=attrs.evolve(LIGHT, fire=True))
    after, events = _end(state, (4, 6))
    terrain = after.board.terrain(H("0606"))
    assert (terrain.woods, terrain.fire, terrain.rough) == (Woods.NONE, False, True)
    (change,) = [e for e in events if isinstance(e, ev.TerrainChanged)]
    assert "rough" in change.cause
    again, events = _end(after, ())  # nothing burns any more: no dice at all
    assert events == []
    assert again.board.terrain(H("0606")) == terrain


def test_woods_burn_on_below_10() -> None:
    """DESIGN: 2D6 of 9 (4+5) leaves the woods burning, unchanged."""
    state = _state(h0606=attrs.evolve(HEAVY, fire=True))
    after, events = _end(state, (4, 5))
    assert after.board.terrain(H("0606")) == attrs.evolve(HEAVY, fire=True)
    assert [e.success for e in events if isinstance(e, ev.TerrainRolled)] == [False]


def test_a_fire_set_this_turn_does_not_burn_down_yet() -> None:
    """BT-C-60.4 timing: a hex alight since this turn (``new_fires``) rolls from the next one."""
    state = attrs.evolve(
        _state(h0606=attrs.evolve(LIGHT, fire=True)), new_fires=frozenset({H("0606")})
    )
    after, events = _end(state, ())
    assert events == []
    assert after.board.terrain(H("0606")).fire


def test_cleared_woods_do_not_catch_fire_again() -> None:
    """BT-C-57 / BT-C-60.5: rough (cleared or burnt woods) cannot burn: no spread roll into it."""
    state = _state(h0606=attrs.evolve(LIGHT, fire=True), h0605=Terrain(rough=True))
    _, events = _end(state, (1, 1))
    assert [e.kind for e in events if isinstance(e, ev.TerrainRolled)] == ["burn down"]


# ---------------------------------------------------------------- the wind (BT-C-60.5)
class _Woods(FakeLibrary):
    """The plain board with woods in 0808 and 0807 and a building in 0606."""

    def board(self, name: str) -> Board:
        board = super().board(name)
        board = board.replace(H("0808"), LIGHT).replace(H("0807"), HEAVY)
        return board.replace(H("0606"), Terrain(building=Building(BuildingClass.LIGHT, 10)))


WOODS = _Woods()


def test_a_scenario_wind_blows_all_game_and_is_never_rolled() -> None:
    """BT-C-60.5: ``wind = "S"``: fire spreads south (downwind 9+) with no wind roll."""
    setup = build_setup(_table(wind="S", fires=["0807"]), WOODS)
    assert setup.wind is Facing.S
    state = RULESET.start(setup)
    assert state.wind is Facing.S
    assert state.board.terrain(H("0807")).fire  # fires = [...] burn from the start
    after, events = _end(state, (4, 5, 1, 1))  # 0808 (south of 0807) catches; 0807 burns on
    assert not [e for e in events if isinstance(e, ev.WindRolled)]
    assert ev.TerrainRolled(H("0808"), "spread", 9, (4, 5), success=True) in events
    assert after.board.terrain(H("0808")).fire


def test_without_a_wind_setting_it_is_rolled_when_first_needed() -> None:
    """BT-C-60.5 (DESIGN: rolled when a fire first could spread): the default is "random"."""
    assert build_setup(_table(), WOODS).wind is None
    assert build_setup(_table(wind="random"), WOODS).wind is None


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        ({"wind": "sideways"}, "wind is one of N NE SE S SW NW"),
        ({"wind": 3}, "wind is one of"),
        ({"fires": "0808"}, "fires is a list of hex labels"),
        ({"fires": ["0101"]}, "0101 holds no woods or building"),
        ({"fires": ["9999"]}, "9999 is off the map"),
        ({"fires": ["banana"]}, "fires:"),
    ],
)
def test_bad_fire_settings_are_one_line_errors(changes: dict[str, Any], why: str) -> None:
    """BT-C-60: fires burn only in woods and buildings; the wind is a map direction."""
    with pytest.raises(ScenarioError, match=why) as caught:
        build_setup(_table(**changes), WOODS)
    assert "\n" not in str(caught.value)


def test_a_burning_building_hex_may_be_set_at_the_start() -> None:
    """BT-C-60: a building burns too (and loses 2 CF a turn: `test_building_collapse`)."""
    setup = build_setup(_table(fires=["0606"]), WOODS)
    assert setup.board.terrain(H("0606")).fire


# ---------------------------------------------------------------- heat, BT-C-60.4
def test_a_mech_in_a_burning_hex_gets_5_heat_named_in_its_breakdown() -> None:
    """BT-C-60.4 / BT-M-8.12: +5 heat in the Heat phase in a burning hex, from the next turn."""
    state = _state(h0101=attrs.evolve(LIGHT, fire=True))
    assert ("burning hex", BURNING_HEX_HEAT) in heat_sources(state, state.units[0])
    assert BURNING_HEX_HEAT == 5
    fresh = attrs.evolve(state, new_fires=frozenset({H("0101")}))
    assert all(name != "burning hex" for name, _ in heat_sources(fresh, fresh.units[0]))


# ---------------------------------------------------------------- the computer player
def test_the_bot_ranks_a_burning_hex_below_the_same_woods_not_burning() -> None:
    """BT-C-60.4: ending in a burning hex costs the bot the +5 heat it will bring (issue 15)."""
    state = _duel("0605")
    burning = attrs.evolve(
        state, board=state.board.replace(H("0605"), attrs.evolve(HEAVY, fire=True))
    )
    calm = _Ranker(state, 0, WEIGHTS["balanced"]).score(_candidate(state, "0605"))
    hot = _Ranker(burning, 0, WEIGHTS["balanced"]).score(_candidate(burning, "0605"))
    assert hot.total == pytest.approx(calm.total - 1.5 * BURNING_HEX_HEAT)


def test_the_status_line_of_a_burning_hex_names_its_heat_and_the_wind() -> None:
    """BT-C-60.4 / BT-C-60.5: what a player reads on a burning hex."""
    assert fire_words(Facing.SE) == "+5 heat to stay, wind to SE"
    assert fire_words(None) == "+5 heat to stay, wind not rolled yet"


def test_schema_10_gives_older_setups_a_rolled_wind() -> None:
    """Schema 9 -> 10: an older setup has no ``wind``: it was rolled in play (null)."""
    old = {"schema": 9, "setup": {"sides": ["A", "B"]}}
    new = MIGRATIONS[9].header(old)
    assert new["setup"] == {"sides": ["A", "B"], "wind": None}
    assert old["setup"] == {"sides": ["A", "B"]}  # the argument is left alone
    kept = {"setup": {"wind": 2}}
    assert MIGRATIONS[9].header(kept) == kept
