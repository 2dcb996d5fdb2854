"""Setups for the combat-order tests: `_game.setup` with the catalogue's factions and SE."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from engine.aod.state import AoDSetup
from engine.aod.terrain import HexTerrain
from tests.engine.aod._assets import catalogue
from tests.engine.aod._game import setup


def armed(*forces: Sequence[str], terrain: Mapping[str, HexTerrain] | None = None) -> AoDSetup:
    """`setup` with the factions (their abilities, AOD-21) and the SE definitions (AOD-26.14)."""
    found = catalogue()
    return attrs.evolve(
        setup(*forces, terrain=terrain),
        factions=tuple(found.factions[f] for f in sorted(found.factions)),
        equipment=tuple(found.equipment[e] for e in sorted(found.equipment)),
    )
