"""The bundled Dystopian Wars assets, read once for the tests (the engine itself reads no files)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from engine.dystopian.data.catalogue import merge, parse_catalogue
from engine.dystopian.data.fleetfile import parse_fleet
from engine.dystopian.data.modelfile import parse_model
from engine.dystopian.fleet import Fleet
from engine.dystopian.models import Catalogue, ModelCard

ASSETS = Path(__file__).resolve().parents[3] / "assets" / "dystopian"


def text(folder: str, name: str) -> str:
    """The text of one bundled file."""
    return (ASSETS / folder / name).read_text(encoding="utf-8")


@cache
def catalogue() -> Catalogue:
    files = sorted((ASSETS / "catalogue").glob("*.dw.toml"))
    return merge(parse_catalogue(p.read_text(encoding="utf-8")) for p in files)


@cache
def models() -> dict[str, ModelCard]:
    """Bundled model cards by id."""
    found = {}
    for path in sorted((ASSETS / "models").glob("*.dw.toml")):
        model = parse_model(path.read_text(encoding="utf-8"), catalogue())
        found[model.id] = model
    return found


@cache
def fleets() -> dict[str, Fleet]:
    """Bundled sample fleets by name."""
    found = {}
    for path in sorted((ASSETS / "fleets").glob("*.dw.toml")):
        fleet = parse_fleet(path.read_text(encoding="utf-8"), models())
        found[fleet.name] = fleet
    return found
