"""SVG snapshots of the BattleTech play screen: wide (120x40) and compact (80x24).

Both show Kurita's Shadow Hawk plotting a walk into the river (a right turn, one hex forward): the
reachable hexes with their MP, the path, and the water roll it will need. Update them with
`python -m pytest tests/tui/test_bt_snapshots.py --snapshot-update` and look at the SVGs first.
"""

from __future__ import annotations

from engine.battletech.commands import RollInitiative
from tests.tui.test_bt_play import PLACES, deployed, library, new_journal  # noqa: F401
from tui.app import HexmechApp
from tui.battletech.screen import BattleTechScreen

PLOT = ["1", "right_square_bracket", "f"]
"""Walk, turn right, one hex forward: 0915 to 1014, depth 1 water."""


def plotting_app(saves, library):  # noqa: F811
    journal = new_journal(saves, library)
    deployed(journal, PLACES)
    journal.execute(RollInitiative())
    return HexmechApp(saves, first=lambda: BattleTechScreen(journal=journal))


def test_the_play_screen_plotting_a_walk_at_120x40(snap_compare, tmp_path, library) -> None:  # noqa: F811
    """Board with reach and path, orders with the water roll, sheet, units, log, footer."""
    assert snap_compare(plotting_app(tmp_path, library), press=PLOT, terminal_size=(120, 40))


def test_the_play_screen_plotting_a_walk_at_80x24(snap_compare, tmp_path, library) -> None:  # noqa: F811
    """The compact layout: no borders, the side panels in one column, three log lines."""
    assert snap_compare(plotting_app(tmp_path, library), press=PLOT, terminal_size=(80, 24))


# ------------------------------------------------------------------ the attack phases
def combat_app(saves, library):  # noqa: F811
    """The face-to-face game of test_bt_combat, opened on its first turn's initiative."""
    from tests.tui.test_bt_combat import face_to_face  # noqa: PLC0415

    journal = face_to_face(saves, library)
    return HexmechApp(saves, first=lambda: BattleTechScreen(journal=journal))


AIMING = ["i", "0", "0", "n", "space", "right_square_bracket"]
"""Initiative, both stand still, end the movement phase; every weapon chosen, the torso twisted."""


def test_the_weapon_phase_aiming_at_120x40(snap_compare, tmp_path, library) -> None:  # noqa: F811
    """The targeting panel (every term, the heat preview), the LOS line, the arc, the marks."""
    assert snap_compare(combat_app(tmp_path, library), press=AIMING, terminal_size=(120, 40))


def test_the_weapon_phase_aiming_at_80x24(snap_compare, tmp_path, library) -> None:  # noqa: F811
    """The compact layout gives the targeting panel a wider side column."""
    assert snap_compare(combat_app(tmp_path, library), press=AIMING, terminal_size=(80, 24))


def test_the_physical_phase_at_120x40(snap_compare, tmp_path, library) -> None:  # noqa: F811
    """Both hold fire; the physical attacks listed with their numbers and damage, one chosen."""
    press = ["i", "0", "0", "n", "h", "h", "1"]
    assert snap_compare(combat_app(tmp_path, library), press=press, terminal_size=(120, 40))
