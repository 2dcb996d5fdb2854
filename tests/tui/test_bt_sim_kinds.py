"""``hexmech sim battletech`` over mixed forces: tanks, a VTOL, platoons, squads and 'Mechs.

Issue 20: the built-in players play every kind and every game ends with a result.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tui.test_sim import hexmech

SCENARIO = """
title = "Combined arms"
description = "Tanks, a VTOL, platoons and battle armor with a 'Mech a side."

[map]
style = "hills"
width = 16
height = 17
seed = 7

[victory]
kind = "destroy"
turns = 6

[[side]]
name = "Davion"
units = ["Commando COM-2D", "Bulldog Medium Tank", "Foot Platoon (Laser)",
         "Yellow Jacket Gunship", "Cavalier Battle Armor [Laser](Sqd4)",
         "J. Edgar Light Hover Tank"]

[[side]]
name = "Kurita"
units = ["Jenner JR7-D", "Hetzer Wheeled Assault Gun", "Jump Platoon (SRM)",
         "Motorized Platoon (MG)", "Fenrir Battle Armor [SL](Sqd4)", "Pegasus Scout Hover Tank"]
"""


@pytest.mark.parametrize("policy", ["random", "aggressive"])
def test_mixed_force_games_all_end(tmp_path: Path, policy: str) -> None:
    """20 games of each built-in policy: every game ends (a result or time out), no error."""
    path = tmp_path / "mixed.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    args = ("--games", "20", "--seed", "5", "--jobs", "1", "--policy", policy, "--json")
    result = hexmech("sim", "battletech", "--scenario", str(path), *args)
    assert result.returncode == 0, result.stderr + result.stdout
    report = json.loads(result.stdout)
    assert (report["games"], report["finished"], report["errors"]) == (20, 20, 0), report
    assert sum(report["results"].values()) == 20
    assert 1 <= report["mean_turns"] <= 6
