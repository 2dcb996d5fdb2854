"""The new-game form's setup for land fleets (DW-22.7: the base terrain follows the Base Forces).

Two armoured columns fight on open ground; two naval fleets on open water; a naval fleet against
an armoured one cannot deploy on either board, and the form says why (DW-11.7, DW-22.8).
"""

from __future__ import annotations

import pytest

from engine.dystopian.terrain import TerrainKind
from tests.engine.dystopian._assets import fleets
from tui.dystopian.setup import build_setup

LAND, NAVAL = "Sample tank column", "Sample naval fleet"


def test_two_armoured_columns_fight_on_open_ground() -> None:
    """DW-22.7: both Base Forces armoured: the board is open ground."""
    setup = build_setup(fleets(), ("Iron", "Steel"), (LAND, LAND))
    assert setup.terrain.base is TerrainKind.GROUND
    assert build_setup(fleets(), ("Red", "Blue"), (NAVAL, NAVAL)).terrain.base is TerrainKind.WATER


def test_a_land_fleet_cannot_deploy_at_sea() -> None:
    """DW-11.7: the landship cannot stand on the open-water board of a mixed game."""
    with pytest.raises(ValueError, match="cannot be deployed on a board of water"):
        build_setup(fleets(), ("Red", "Iron"), (NAVAL, LAND))
