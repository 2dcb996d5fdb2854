"""The bundled AoD assets, read once for the tests (the engine itself reads no files)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from types import MappingProxyType

from engine.aod.data.catalogue import merge, parse_catalogue
from engine.aod.data.unitfile import parse_unit
from engine.aod.terrain import TerrainPiece
from engine.aod.units import Catalogue, UnitDef

ASSETS = Path(__file__).resolve().parents[3] / "assets" / "aod"


@cache
def catalogue_and_pieces() -> tuple[Catalogue, MappingProxyType[str, TerrainPiece]]:
    files = sorted((ASSETS / "catalogue").glob("*.aod.toml"))
    return merge(parse_catalogue(p.read_text(encoding="utf-8")) for p in files)


def catalogue() -> Catalogue:
    return catalogue_and_pieces()[0]


def pieces() -> MappingProxyType[str, TerrainPiece]:
    return catalogue_and_pieces()[1]


@cache
def units() -> dict[str, UnitDef]:
    """Bundled units by collector number."""
    found = {}
    for path in sorted((ASSETS / "units").glob("*.aod.toml")):
        unit = parse_unit(path.read_text(encoding="utf-8"), catalogue())
        found[unit.collector] = unit
    return found


def by_name(name: str) -> UnitDef:
    return next(u for u in units().values() if u.name == name)
