"""BT-M-1 units: 'Mechs, and the vehicles, platoons and squads of MegaMek's ``.blk`` files.

The digest's units are one BattleMech, one vehicle, one infantry platoon or one battle-armor squad,
each moving and attacking on its own, every 'Mech and vehicle facing one hexside. hexmech reads
'Mechs (``.mtf``) and MegaMek's ``.blk`` vehicles, platoons and battle armor, and lists them all
for a custom game (issue 20).
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


def test_mechs_and_vehicles_are_listed_with_their_kind(tmp_path: Path) -> None:
    """BT-M-1: a unit is a 'Mech, a vehicle, a platoon or a squad; the library offers each.

    The tank's entry is read, with its kind and its design; every bundled ``.mtf`` sheet is a
    'Mech, every bundled ``.blk`` file (``assets/units/blk``) a vehicle, platoon or squad.
    """
    entries = unit_library([_folder(tmp_path)])
    (tank,) = [e for e in entries if e.path.parent.name == "units" and e.path.suffix == ".blk"]
    assert (tank.name, tank.kind, tank.ok) == ("Test Tank T-1", "vehicle", True)
    assert tank.unit_design is tank.other is not None
    mechs = [e for e in entries if e.path.parent == UNITS_DIR]
    assert mechs
    assert all((e.ok, e.kind) == (True, "'Mech") for e in mechs)
    bundled = [e for e in entries if e.path.parent == UNITS_DIR / "blk"]
    assert len(bundled) == len(list((UNITS_DIR / "blk").glob("*.blk")))
    assert {e.kind for e in bundled} == {"vehicle", "infantry", "battle armor"}
    assert all(e.ok for e in bundled)


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
