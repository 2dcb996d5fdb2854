"""Night scenario settings (issue 16, NT-5), the bundled night scenarios, narration, schema 3.

``night = true`` or a ``[night]`` table: care levels, lit hexes, visibility; simulated games.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine.battletech import RULESET
from engine.battletech.bot.builtin import POLICIES
from engine.battletech.data.scenario import ScenarioError, build_setup, parse_scenario
from engine.battletech.migrations import MIGRATIONS
from engine.battletech.nightevents import JitterFired, MovementRolled, StrayEnded, StrayRolled
from engine.battletech.nightstate import NightSetup
from engine.battletech.state import Phase
from engine.dice import Dice
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from engine.night import Care
from tests.engine.battletech.test_scenario import LIBRARY, _table

ROOT = Path(__file__).resolve().parents[3]


def test_night_true_is_night_with_default_care() -> None:
    """NT-5: ``night = true``; every 'Mech normal care, no visibility limit, nothing lit."""
    setup = build_setup(_table(night=True), LIBRARY)
    assert setup.night == NightSetup(care=("", ""))
    state = RULESET.start(setup)
    assert state.night is not None
    assert state.night.care == (Care.NORMAL, Care.NORMAL)
    assert build_setup(_table(), LIBRARY).night is None


def test_a_night_table_with_lights_visibility_and_care() -> None:
    """NT-5: flares, searchlight targets, visibility, a default care and one unit's own."""
    table = _table(
        night={"visibility": 4, "flares": ["0808"], "searchlights": ["0909"], "care": "lax"}
    )
    table["side"][1]["units"][0]["care"] = "stealthy"
    setup = build_setup(table, LIBRARY)
    night = setup.night
    assert night is not None
    assert night.visibility == 4
    assert night.lit == {Hex.from_label("0808"), Hex.from_label("0909")}
    assert night.care == ("lax", "stealthy")
    state = RULESET.start(setup)
    assert state.night is not None
    assert state.night.care == (Care.LAX, Care.STEALTHY)
    assert state.night.lit == night.lit


@pytest.mark.parametrize(
    ("night", "why"),
    [
        ({"visibility": -1}, "night.visibility is a whole number"),
        ({"visibility": True}, "night.visibility is a whole number"),
        ({"flares": "0808"}, "night.flares is a list of hex labels"),
        ({"flares": ["9999"]}, "off the map"),
        ({"lit_buildings": ["0808"]}, "holds no building"),
        ({"care": "sleepy"}, "care is one of lax, normal, stealthy"),
        ({"moon": 1}, "unknown night keys: moon"),
        ("dark", "night is true, false or a table"),
    ],
)
def test_bad_night_settings_say_what_is_wrong(night: Any, why: str) -> None:
    """`hexmech validate` reads scenarios through build_setup: one clear line each."""
    with pytest.raises(ScenarioError, match=why):
        build_setup(_table(night=night), LIBRARY)


def test_care_without_night_is_refused() -> None:
    """A unit's ``care`` is a night setting."""
    table = _table()
    table["side"][1]["units"][0]["care"] = "lax"
    with pytest.raises(ScenarioError, match="care is a night setting"):
        build_setup(table, LIBRARY)


def test_a_bad_night_line_is_placed_on_its_line() -> None:
    """The error names the scenario's line."""
    text = (
        'title = "T"\nboard = "plain"\n[night]\nvisibility = 3\nflares = ["9999"]\n'
        '[[side]]\nname = "A"\nunits = ["Atlas AS7-D"]\n'
        '[[side]]\nname = "B"\nunits = ["Atlas AS7-D"]\n'
    )
    with pytest.raises(ScenarioError, match=r"line \d+: night.flares"):
        parse_scenario(text, LIBRARY)


def _bundled(name: str) -> Any:
    from tui.battletech.library import install, load_scenario  # noqa: PLC0415

    return load_scenario(name, install(()))


@pytest.mark.parametrize("name", ["night-raid", "night-scouts"])
def test_the_bundled_night_scenarios_load(name: str) -> None:
    """Issue 16: two bundled night scenarios."""
    setup = _bundled(name)
    assert setup.night is not None
    assert setup.night.visibility > 0
    assert setup.night.lit


def test_schema_2_to_3_makes_old_games_daylight() -> None:
    """Schema 3: an older setup gains ``night = null``; a newer one is left alone."""
    upgrade = MIGRATIONS[2].header
    old = {"setup": {"board": {}, "computer": []}}
    assert upgrade(old)["setup"]["night"] is None
    assert "night" not in old["setup"]
    new = {"setup": {"night": {"visibility": 3}}}
    assert upgrade(new) == new


def _play(name: str, policy: str, seed: int) -> tuple[list[object], list[str]]:
    """Play one game with a built-in player; every command must be accepted."""
    setup = _bundled(name)
    state = RULESET.start(setup)
    dice = Dice(seed)
    rng = random.Random(seed)  # noqa: S311 - a game policy
    player = POLICIES[policy]
    events: list[object] = []
    lines: list[str] = []
    for n in range(4000):
        if state.phase is Phase.OVER:
            break
        command = player(state, rng)
        assert command is not None
        try:
            made = RULESET.decide(state, command, dice)
        except IllegalCommand as exc:  # pragma: no cover - the failure's message
            pytest.fail(f"{policy} sent a refused command at night: {command!r}: {exc}")
        if any(
            isinstance(e, MovementRolled | StrayRolled | StrayEnded | JitterFired) for e in made
        ):
            told, _ = RULESET.tell(n, command, made, state)
            lines += [str(getattr(t, "text", t)) for t in told]
        for event in made:
            state = RULESET.evolve(state, event)
        events += made
        for side in range(len(state.sides)):
            view = RULESET.view(state, side)
            hidden = view.night.hidden if view.night is not None else frozenset()
            assert all(view.units[i].hex is None for i in hidden)
            assert all(view.units[i].side != side for i in hidden)
    assert state.phase is Phase.OVER
    return events, lines


@pytest.mark.parametrize(
    ("name", "policy", "seed"), [("night-raid", "random", 3), ("night-scouts", "aggressive", 4)]
)
def test_built_in_players_finish_night_games_and_the_log_tells_why(
    name: str, policy: str, seed: int
) -> None:
    """Issue 16: the simulator's players finish night games, no command refused.

    The log tells each movement roll with its dice.
    """
    events, lines = _play(name, policy, seed)
    rolls = [e for e in events if isinstance(e, MovementRolled)]
    assert rolls
    assert any("movement roll coloured" in line for line in lines)
    assert len([line for line in lines if "movement roll coloured" in line]) == len(rolls)


def test_the_log_tells_a_stray_and_a_jitter_shot() -> None:
    """NT-3/NT-4: the stray roll, where it stopped and why, the jitter shot and its flash."""
    import attrs  # noqa: PLC0415

    from engine.battletech.commands import Move, Step, StepKind  # noqa: PLC0415
    from engine.battletech.state import MoveMode  # noqa: PLC0415
    from engine.dice import ScriptedDice  # noqa: PLC0415
    from tests.engine.battletech._build import start, terrain_board  # noqa: PLC0415
    from tests.engine.battletech.test_night import LASER, _night  # noqa: PLC0415

    state = start(
        terrain_board(12, 12), [(LASER, 0, "0608", Facing.N), (LASER, 1, "0102", Facing.S)]
    )
    state = _night(state, visibility=2)
    assert state.night is not None
    state = attrs.evolve(state, night=attrs.evolve(state.night, gunflash=True))
    command = Move(0, MoveMode.WALK, (Step(StepKind.FORWARD),))
    events = RULESET.decide(state, command, ScriptedDice((6, 4, 6, 6)))
    told, _ = RULESET.tell(0, command, events, state)
    text = "\n".join(str(getattr(t, "text", t)) for t in told)
    assert (
        "movement roll coloured 6, white 4"
        " (normal care: strays on a coloured 6 and white 3+): strays" in text
    )
    assert (
        "stray roll coloured 6, white 6: strays north-west; doubles: it fires in the dark itself"
        in text
    )
    assert "fires its Medium Laser (RA) at nothing in the dark (jitter fire" in text
    assert "0608 is lit by the flash until the end of the turn; its move is cancelled" in text
    assert "stays in 0608: it fired in the dark" in text
