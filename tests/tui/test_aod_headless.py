"""``hexmech play --headless --ruleset aod``: commands on stdin, events as JSON lines (DESIGN 3).

The demo scenario (AOD-26.16) with forced dice: the first-player roll (AOD-5 step 5), the whole
deployment (AOD-5 step 9, AOD-26.10), a Move order (AOD-8) and the end of a turn (AOD-7.2). A
refused command writes one ``{"error", "code"}`` line and play goes on.
"""

from __future__ import annotations

import json
from pathlib import Path

from saves.journal import read_game
from tests.tui.test_cli import hexmech

FALCON = [
    "HX-009a",
    "HX-011a",
    "HX-002a",
    "HX-002b",
    "HX-002c",
    "HX-007a",
    "HX-005a",
    "HX-001a",
    "HX-001b",
    "HX-001c",
    "HX-003a",
]
"""Falcon Strike's units in force order (top edge, zone rows 01-03)."""
LIAO = ["HX-010a", "HX-006a", "HX-004a", "HX-008a", "HX-001d", "HX-001e", "HX-001f", "HX-003b"]
LIAO += ["HX-005b"]
"""Liao Line's (bottom edge, zone rows 34-36)."""

DICE = "6,6,6,1,1,1," + ",".join(["4"] * 40)
"""AOD-5 step 5: Falcon Strike rolls 18, Liao Line 3; then 4s for whatever else rolls."""


def _lines() -> list[str]:
    deploy = [f"deploy {u} {10 + n:02d}03" for n, u in enumerate(FALCON)]
    deploy += [f"deploy {u} {10 + n:02d}34" for n, u in enumerate(LIAO)]
    return [
        "roll",
        *deploy,
        "move HX-009a 1030",  # refused: far beyond its speed (AOD-8.2)
        "move HX-009a 1005",  # two hexes south (AOD-8)
        "pass",  # AOD-7.2: the orders not given are lost
    ]


def test_a_deployment_a_move_a_refusal_and_a_pass(race_env: dict[str, str], tmp_path: Path):
    """Every accepted line's events come back as JSON; the refused one is an error line."""
    save = tmp_path / "aod.jsonl"
    args = ["play", "--headless", "--ruleset", "aod", "--dice", DICE, "--save", str(save)]

    result = hexmech(args, race_env, "\n".join(_lines()) + "\n")

    assert result.returncode == 0, result.stderr
    out = [json.loads(line) for line in result.stdout.splitlines()]
    types = [o.get("type") for o in out]
    first = out[types.index("first_player_rolled")]
    assert first["first"] == 0
    assert types.count("unit_deployed") == len(FALCON) + len(LIAO)
    errors = [o for o in out if "error" in o]
    assert len(errors) == 1
    assert errors[0]["code"] == "move/unreachable"
    after_error = out[out.index(errors[0]) + 1 :]
    moved = next(o for o in after_error if o.get("type") == "unit_moved")
    assert moved["unit"] == 0
    assert "turn_ended" in [o.get("type") for o in after_error]
    began = [o for o in out if o.get("type") == "turn_began"]
    assert [b["player"] for b in began] == [0, 1]  # Liao Line's turn follows
    loaded = read_game(save.read_bytes(), save.name).game
    assert len(loaded.log) == len(_lines()) - 1
    assert loaded.summary.players == ("Falcon Strike", "Liao Line")


def test_an_unknown_word_is_an_error_line_and_play_goes_on(race_env: dict[str, str]):
    """DESIGN 3: a line the language cannot read is refused; the next one is played."""
    result = hexmech(
        ["play", "--headless", "--ruleset", "aod", "--dice", DICE],
        race_env,
        "charge everything\nroll\n",
    )

    assert result.returncode == 0, result.stderr
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert "error" in out[0]
    assert out[0]["code"] == "command/parse"
    assert out[1]["type"] == "first_player_rolled"


def test_the_bundled_demo_scenario_is_found_by_name(race_env: dict[str, str]):
    """AOD-26.16: ``--scenario demo`` finds ``assets/aod/scenarios/demo.aod.toml``.

    A name that is no bundled scenario is a usage error that lists the known ones.
    """
    args = ["play", "--headless", "--ruleset", "aod", "--seed", "3"]

    found = hexmech([*args, "--scenario", "demo"], race_env, "roll\n")
    missing = hexmech([*args, "--scenario", "nosuch"], race_env, "roll\n")

    assert found.returncode == 0, found.stderr
    assert json.loads(found.stdout.splitlines()[0])["type"] == "first_player_rolled"
    assert missing.returncode == 2
    assert "no scenario 'nosuch' for aod (known: demo)" in missing.stderr
