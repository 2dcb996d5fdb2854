"""A scenario's night settings (NT-5, issue 16): ``night = true`` or a ``[night]`` table.

::

    [night]                          # or just: night = true
    visibility = 4                   # optional: hexes; unknown enemies beyond (issue 16 item 3)
    flares = ["0805"]                # hexes lit by flares
    searchlights = ["0909"]          # hexes a searchlight lights
    lit_buildings = ["1010"]         # building hexes marked lit
    care = "normal"                  # every unit's care level (lax, normal, stealthy)

    [[side]]
    units = [{ unit = "Locust LCT-1V", care = "stealthy" }]   # one unit's care level

Burning hexes of the board are lit too (NT-5). `read_night` is called by
`engine.battletech.data.scenario.build_setup`; `hexmech validate` checks scenarios through it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.battletech.board import Board
from engine.battletech.data.settings import SettingError
from engine.battletech.nightstate import NightSetup
from engine.hexes import Hex
from engine.night import Care

__all__ = ["NIGHT_KEYS", "NightError", "read_night"]

NIGHT_KEYS = frozenset({"visibility", "flares", "searchlights", "lit_buildings", "care"})
"""The keys of the ``[night]`` table."""

_CARE = ", ".join(c.value for c in Care)
_MAX_VISIBILITY = 99


class NightError(SettingError):
    """A bad night setting (NT-5)."""


def _error(reason: str, key: tuple[str | int, ...], needle: str = "") -> NightError:
    return NightError(reason, key, needle)


def _care(value: Any, key: tuple[str | int, ...], where: str) -> str:  # noqa: ANN401
    if not isinstance(value, str) or value not in {c.value for c in Care}:
        msg = f"{where}care is one of {_CARE}, not {value!r}"
        raise _error(msg, key, str(value))
    return value


def _hexes(table: Mapping[str, Any], name: str, board: Board) -> tuple[Hex, ...]:
    labels = table.get(name, [])
    key: tuple[str | int, ...] = ("night", name)
    if not isinstance(labels, list):
        msg = f'night.{name} is a list of hex labels: ["0808", "0809"]'
        raise _error(msg, key)
    hexes: list[Hex] = []
    for label in labels:
        try:
            where = Hex.from_label(str(label))
        except ValueError as exc:
            raise _error(f"night.{name}: {exc}", key) from None
        if where not in board:
            raise _error(f"night.{name}: {where.label} is off the map", key, str(label))
        if name == "lit_buildings" and board.terrain(where).building is None:
            msg = f"night.lit_buildings: {where.label} holds no building"
            raise _error(msg, key, str(label))
        hexes.append(where)
    return tuple(hexes)


def _unit_cares(sides: Sequence[Any], default: str, *, night: bool) -> tuple[str, ...]:
    """Each unit's ``care`` key (in setup order), else ``default``."""
    cares: list[str] = []
    for number, side in enumerate(sides):
        entries = side.get("units", []) if isinstance(side, Mapping) else []
        for n, entry in enumerate(entries if isinstance(entries, list) else []):
            key: tuple[str | int, ...] = ("side", number, "units")
            if isinstance(entry, Mapping) and "care" in entry:
                where = f"side {number + 1} unit {n + 1}: "
                if not night:
                    raise _error(f"{where}care is a night setting: add night = true", key)
                cares.append(_care(entry["care"], key, where))
            else:
                cares.append(default)
    return tuple(cares)


def read_night(table: Mapping[str, Any], board: Board) -> NightSetup | None:
    """Read the scenario's ``night`` (true, false or a table) and the units' ``care`` keys.

    Raises:
        NightError: one line naming what is wrong, and where.
    """
    spec = table.get("night", False)
    sides = table.get("side", [])
    sides = sides if isinstance(sides, list) else []
    if spec is False:
        _unit_cares(sides, "", night=False)
        return None
    if spec is True:
        return NightSetup(care=_unit_cares(sides, "", night=True))
    if not isinstance(spec, Mapping):
        raise _error("night is true, false or a table: visibility, flares, ...", ("night",))
    unknown = set(spec) - NIGHT_KEYS
    if unknown:
        msg = f"unknown night keys: {', '.join(sorted(unknown))}"
        raise _error(msg, ("night", min(unknown)))
    visibility = spec.get("visibility", 0)
    if (
        not isinstance(visibility, int)
        or isinstance(visibility, bool)
        or not 0 <= visibility <= _MAX_VISIBILITY
    ):
        msg = f"night.visibility is a whole number of hexes, 0 (no limit) to {_MAX_VISIBILITY}"
        raise _error(msg, ("night", "visibility"))
    default = _care(spec["care"], ("night", "care"), "night.") if "care" in spec else ""
    return NightSetup(
        visibility=visibility,
        flares=_hexes(spec, "flares", board),
        searchlights=_hexes(spec, "searchlights", board),
        lit_buildings=_hexes(spec, "lit_buildings", board),
        care=_unit_cares(sides, default, night=True),
    )
