"""The bundled Paper 'Mech scenarios (assets/scenarios/papermech) and scenario validation."""

from __future__ import annotations

import tomllib

import attrs
import pytest

from engine.papermech import RULESET
from tests.conftest import REPO

SCENARIOS = sorted((REPO / "assets" / "scenarios" / "papermech").glob("*.toml"))


def test_the_game_ships_a_default_and_a_campaign() -> None:
    """`make play` and the menu rely on these two names."""
    assert {"default.toml", "campaign.toml"} <= {p.name for p in SCENARIOS}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_bundled_scenario_is_a_legal_setup(path) -> None:
    """Each scenario reads into a setup whose loadout passes PM-12."""
    setup = RULESET.make_setup(tomllib.loads(path.read_text()))
    assert setup.loadout.problems() == []
    assert 1 <= setup.battles <= 10


def test_the_heavy_scenario_pays_the_weight_penalty() -> None:
    """PM-12: W 16 is 4 over the rated 12, so every action costs +2 T."""
    setup = RULESET.make_setup(tomllib.loads(SCENARIOS[0].with_name("heavy.toml").read_text()))
    assert (setup.loadout.weight, setup.loadout.penalty) == (16, 2)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"loadout": "LA=mortar"}, "Mortar cannot be fitted on the left arm"),
        ({"loadout": "torso=6"}, "Torso armor 6 is outside 3-5"),
        ({"loadout": "LS=banana"}, "Unknown weapon 'banana'"),
        ({"battles": 0}, "battles must be 1 to 10"),
        ({"battles": "three"}, "battles is a whole number"),
        ({"waves": 5}, "unknown scenario keys: waves"),
    ],
)
def test_a_bad_scenario_is_refused_with_the_reason(table, message) -> None:
    """PM-12 and the scenario keys: a clear one-line reason, never a traceback."""
    with pytest.raises(ValueError, match=message):
        RULESET.make_setup(table)


def test_the_summary_says_where_a_game_stands_and_how_it_ended() -> None:
    """Save lists read "wave N" or "battle b/B, wave N", and a short result."""
    from engine.papermech.state import Result  # noqa: PLC0415

    state = RULESET.start(RULESET.make_setup({"battles": 3}))
    assert RULESET.summary(state).turn == "battle 1/3, wave 1"
    lost = attrs.evolve(state, wave=2, result=Result(won=False, score=0, cause="torso destroyed"))
    assert RULESET.summary(lost).result == "lost in battle 1/3, wave 2"
    won = attrs.evolve(state, wave=4, result=Result(won=True, score=57))
    assert RULESET.summary(won).result == "won, score 57"
    assert RULESET.summary(won).players == ("Pilot",)
