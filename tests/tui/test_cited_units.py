"""BT-M-1 units: what hexmech plays today ('Mechs) and what it only lists (vehicles and others).

The digest's units are one BattleMech, one vehicle, one infantry platoon or one battle-armor squad,
each moving and attacking on its own, every 'Mech and vehicle facing one hexside. hexmech plays
'Mechs (``.mtf``); MegaMek's ``.blk`` vehicles, platoons and battle armor are read and listed
"not playable yet" (issue 20).
"""

from __future__ import annotations

from pathlib import Path

from engine.battletech import RULESET
from engine.battletech.board import Board
from engine.battletech.state import BTSetup, Pilot, UnitSetup
from engine.hexes import Facing, Hex
from tui.battletech.units import UNITS_DIR, unit_library

TANK = """<UnitType>
Tank
</UnitType>
<Name>
Test Tank
</Name>
<Model>
T-1
</Model>
<year>
3025
</year>
<type>
IS Level 1
</type>
<motion_type>
Tracked
</motion_type>
<cruiseMP>
4
</cruiseMP>
<armor>
20
15
15
10
18
</armor>
<Front Equipment>
Medium Laser
</Front Equipment>
<tonnage>
40.0
</tonnage>
"""


def _folder(tmp_path: Path) -> Path:
    units = tmp_path / "units"
    units.mkdir()
    (units / "Test Tank.blk").write_text(TANK, encoding="utf-8")
    return units


def test_mechs_are_playable_and_vehicles_are_listed_not_playable(tmp_path: Path) -> None:
    """BT-M-1: a unit is a 'Mech, a vehicle, a platoon or a squad; hexmech plays the 'Mechs.

    The tank's entry is read, with its kind, and says it is not playable yet; every bundled
    sheet is a playable 'Mech.
    """
    entries = unit_library([_folder(tmp_path)])
    (tank,) = [e for e in entries if e.path.suffix == ".blk"]
    assert (tank.name, tank.kind, tank.ok) == ("Test Tank T-1", "vehicle", False)
    assert tank.not_playable == "vehicle, not playable yet"
    mechs = [e for e in entries if e.path.parent == UNITS_DIR]
    assert mechs
    assert all((e.ok, e.kind, e.not_playable) == (True, "'Mech", None) for e in mechs)


def test_each_mech_is_one_unit_with_its_own_facing(tmp_path: Path) -> None:
    """BT-M-1 items 1-2: each 'Mech is one unit on the map, showing the hexside it faces."""
    entries = [e for e in unit_library([_folder(tmp_path)]) if e.ok][:2]
    designs = [e.design for e in entries if e.design is not None]
    assert len(designs) == 2
    setup = BTSetup(
        Board.blank(8, 8),
        ("Blue", "Red"),
        (
            UnitSetup(designs[0], 0, Pilot(), Hex.from_label("0202"), Facing.SE),
            UnitSetup(designs[1], 1, Pilot(), Hex.from_label("0707"), Facing.NW),
        ),
    )
    state = RULESET.start(setup)
    assert [(u.design, u.side, u.hex.label, u.facing) for u in state.units] == [
        (designs[0], 0, "0202", Facing.SE),
        (designs[1], 1, "0707", Facing.NW),
    ]
