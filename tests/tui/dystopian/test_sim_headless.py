"""``hexmech play --headless --ruleset dystopian``: stdin commands, JSON-line events (DESIGN 3).

The bundled demo scenario (DW-28.12 sample fleets) with forced dice: the roll-off for the edges
and the Field Orders (DW-22.8 step 1, DW-22.4), the deployment squadron by squadron, alternating
(DW-22.8 step 3), the initiative (DW-9.1), an activation with moves (DW-28.4), an attack at RB4
(DW-28.7) and the end of the activation (DW-7.2). A refused command writes one
``{"error", "code"}`` line and play goes on.
"""

from __future__ import annotations

import json
from pathlib import Path

from saves.journal import read_game
from tests.tui.test_cli import hexmech

ROLL_OFF = "6,6,1,1,3,3"
"""DW-22.8: Red rolls 12 and Blue 2 (Red chooses); DW-22.4: both roll 3 for the Field Orders."""
INITIATIVE = "6,6,1,1"
"""DW-9.1: Red 12, Blue 2 (Red activates first)."""
DICE = f"{ROLL_OFF},{INITIATIVE}," + ",".join(["4"] * 40)
"""Then 4s: the cruiser's fore turret needs 4s at RB4 (DW-15.4), so each of its 3 dice hits."""

RED = [("BB-1", "1004"), ("ES-1", "0904"), ("ES-2", "1104"), ("CR-1", "1404"), ("CR-2", "1504")]
RED += [("CR-3", "1604"), ("FF-1", "2004"), ("FF-2", "2104"), ("FF-3", "2204")]
"""Red's models in squadron order, on row 4 (the top zone is rows 1-4, DW-22.8)."""
BLUE = [("BB-2", "1021"), ("ES-3", "0921"), ("ES-4", "1121"), ("CR-4", "1421"), ("CR-5", "1521")]
BLUE += [("CR-6", "1621"), ("FF-4", "2021"), ("FF-5", "2121"), ("FF-6", "2221")]
"""Blue's, on row 21 (the bottom zone is rows 21-24): each card's numbers go on from Red's."""


def _deployments() -> list[str]:
    """DW-22.8 step 3: a whole squadron, then the other player's (three each)."""
    squadrons = [RED[0:3], BLUE[0:3], RED[3:6], BLUE[3:6], RED[6:9], BLUE[6:9]]
    return [f"deploy {ident} {where}" for squadron in squadrons for ident, where in squadron]


def _lines() -> list[str]:
    return [
        "roll",
        "edge top",
        *_deployments(),
        "activate CR-1",
        "move CR-1 FFFFFFFFFF",  # refused: 8" is 4 hexes (DW-4, DW-28.1)
        "move CR-1 FF",
        "move CR-2 FF",
        "move CR-3 FF",
        "fire CR-1 fore-turret at CR-4",  # 15 hexes: RB4, 3 AD (DW-28.12)
        "end",
    ]


def test_a_deployment_moves_an_attack_a_refusal_and_the_end(race_env: dict[str, str], tmp_path):
    """Every accepted line's events come back as JSON; the refused one is an error line."""
    save = tmp_path / "dw.jsonl"
    args = ["play", "--headless", "--ruleset", "dystopian", "--scenario", "demo"]
    args += ["--dice", DICE, "--save", str(save)]

    result = hexmech(args, race_env, "\n".join(_lines()) + "\n")

    assert result.returncode == 0, result.stderr
    out = [json.loads(line) for line in result.stdout.splitlines()]
    types = [o.get("type") for o in out]
    rolled = out[types.index("dw_rolled_off")]
    assert rolled["chooser"] == 0
    assert rolled["orders"] == ["half medium", "half medium"]  # DW-22.4: a 3 is order 3
    assert types.count("dw_model_deployed") == len(RED) + len(BLUE)
    assert types.count("dw_deployer_changed") == 5  # DW-22.8 step 3: six squadrons alternate
    assert out[types.index("dw_initiative_rolled")]["first"] == 0
    errors = [o for o in out if "error" in o]
    assert len(errors) == 1
    assert errors[0]["code"] == "move/path"
    after_error = out[out.index(errors[0]) + 1 :]
    assert [o["type"] for o in after_error] == [
        "dw_model_moved",
        "dw_model_moved",
        "dw_model_moved",
        "dw_movement_ended",
        "dw_attack_declared",
        "dw_attack_rolled",
        "dw_damage_dealt",
        "dw_activation_ended",
    ]
    attack = after_error[5]
    assert (attack["ad"], attack["threshold"], attack["hits"]) == (3, 4, 3)
    damage = after_error[6]
    assert damage["hp_lost"] == 0  # DW-16.1: 3 hits do not reach the cruiser's DR 4
    assert after_error[-1]["following"] == 1  # DW-9.2: Blue activates next
    loaded = read_game(save.read_bytes(), save.name).game
    assert len(loaded.log) == len(_lines()) - 1
    assert loaded.summary.players == ("Red", "Blue")
    assert loaded.summary.turn == "turn 1, Blue"


def test_an_unknown_word_is_an_error_line_and_play_goes_on(race_env: dict[str, str]):
    """DESIGN 3: a line the language cannot read is refused; the next one is played."""
    args = ["play", "--headless", "--ruleset", "dystopian", "--dice", DICE]

    result = hexmech(args, race_env, "board everything\nroll\n")

    assert result.returncode == 0, result.stderr
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert out[0]["code"] == "command/parse"
    assert out[1]["type"] == "dw_rolled_off"


def test_the_bundled_scenarios_are_found_by_name(race_env: dict[str, str]):
    """``--scenario demo`` finds ``assets/dystopian/scenarios/demo.dystopian.toml``.

    A name that is no bundled scenario is a usage error that lists the known ones.
    """
    args = ["play", "--headless", "--ruleset", "dystopian", "--seed", "3"]

    found = hexmech([*args, "--scenario", "demo"], race_env, "roll\n")
    missing = hexmech([*args, "--scenario", "nosuch"], race_env, "roll\n")

    assert found.returncode == 0, found.stderr
    assert json.loads(found.stdout.splitlines()[0])["type"] == "dw_rolled_off"
    assert missing.returncode == 2
    known = "(known: carrier-group, demo, land-battle)"
    assert f"no scenario 'nosuch' for dystopian {known}" in missing.stderr


def test_the_carrier_group_scenario_seats_its_two_fleets(race_env: dict[str, str], tmp_path: Path):
    """The scenario's players and fleets reach the save's setup."""
    save = tmp_path / "carrier.jsonl"
    args = ["play", "--headless", "--ruleset", "dystopian", "--scenario", "carrier-group"]

    result = hexmech([*args, "--seed", "3", "--save", str(save)], race_env, "roll\n")

    assert result.returncode == 0, result.stderr
    game = read_game(save.read_bytes(), save.name).game
    assert game.summary.players == ("Battle line", "Carrier group")
    fleets = [p.fleet.name for p in game.setup.players]
    assert fleets == ["Sample naval fleet", "Sample carrier group"]
