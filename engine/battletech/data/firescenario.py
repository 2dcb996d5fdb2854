"""A scenario's fire settings (BT-C-60.5): the wind, and hexes already burning at the start.

::

    wind = "NE"                      # optional: N NE SE S SW NW (the wind blows toward it),
                                     # or "random" (the default: 1D6 when a fire first spreads)
    fires = ["0805", "1010"]         # optional: woods or building hexes burning at the start

`read_fire` is called by `engine.battletech.data.scenario.build_setup`; `hexmech validate` checks
scenarios through it. A board file's ``fire`` terrain burns from the start as well.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from engine.battletech.board import Board
from engine.battletech.data.settings import SettingError
from engine.hexes import Facing, Hex

__all__ = ["FIRE_KEYS", "FireError", "read_fire"]

FIRE_KEYS = frozenset({"wind", "fires"})
"""The scenario's top-level fire keys."""

_WINDS = " ".join(Facing.__members__)


class FireError(SettingError):
    """A bad fire setting (BT-C-60.5)."""


def _wind(value: Any) -> Facing | None:  # noqa: ANN401 - a TOML value
    name = str(value).upper() if isinstance(value, str) else ""
    if name == "RANDOM":
        return None
    if name not in Facing.__members__:
        msg = f'wind is one of {_WINDS} or "random", not {value!r}'
        raise FireError(msg, ("wind",), str(value))
    return Facing[name]


def _fires(labels: Any, board: Board) -> Board:  # noqa: ANN401 - a TOML value
    if not isinstance(labels, list):
        raise FireError('fires is a list of hex labels: ["0808", "0809"]', ("fires",))
    for label in labels:
        try:
            where = Hex.from_label(str(label))
        except ValueError as exc:
            raise FireError(f"fires: {exc}", ("fires",)) from None
        terrain = board.get(where)
        if terrain is None:
            raise FireError(f"fires: {where.label} is off the map", ("fires",), str(label))
        if not terrain.woods and terrain.building is None:
            msg = f"fires: {where.label} holds no woods or building: nothing there burns (BT-C-60)"
            raise FireError(msg, ("fires",), str(label))
        board = board.replace(where, attrs.evolve(terrain, fire=True))
    return board


def read_fire(table: Mapping[str, Any], board: Board) -> tuple[Board, Facing | None]:
    """Read ``wind`` and ``fires``: the board with those hexes burning, and the wind (or None).

    Raises:
        FireError: one line naming what is wrong, and where.
    """
    wind = _wind(table["wind"]) if "wind" in table else None
    if "fires" in table:
        board = _fires(table["fires"], board)
    return board, wind
