"""A hex of a BattleTech board in words, for the log's narration and the screen's status line.

Pure text from the board's terrain (BT-M-8), no styles: ``describe_hex`` gives
"0507 heavy woods, level 2".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.battletech.board import Board, Terrain
    from engine.hexes import Hex

__all__ = ["describe_hex", "describe_terrain"]


def describe_terrain(terrain: Terrain) -> str:
    """Return the terrain of a hex in words: "road, light building CF 15, level 1".

    Args:
        terrain: The hex's terrain.

    Returns:
        The features joined by commas, then the level when it is not 0; "clear" for nothing.
    """
    water = terrain.water
    bridge, building = terrain.bridge, terrain.building
    features = (
        (terrain.fire, "burning"),
        (terrain.road, "road"),
        (terrain.pavement, "pavement"),
        (terrain.woods, f"{terrain.woods.name.lower()} woods"),
        (terrain.rough, "rough"),
        (terrain.rubble, "rubble"),
        (terrain.swamp, "swamp"),
        (water is not None, f"{'ice over ' if terrain.ice else ''}water depth {water}"),
        (terrain.ice and water is None, "ice"),
        (bridge, bridge and f"{bridge.cls.name.lower()} bridge CF {bridge.cf}"),
        (building, building and f"{building.cls.name.lower()} building CF {building.cf}"),
        (building and building.height != 1, building and f"{building.height} levels high"),
    )
    parts = [str(words) for present, words in features if present] or ["clear"]
    if terrain.level:
        parts.append(f"level {terrain.level}")
    return ", ".join(parts)


def describe_hex(board: Board, where: Hex) -> str:
    """Return the status-line sentence for a hex: its label and its terrain in words.

    Args:
        board: The board.
        where: The hex.

    Returns:
        e.g. "0507 heavy woods, level 2", "0910 water depth 2", or "off the board".
    """
    terrain = board.get(where)
    if terrain is None:
        return "off the board"
    return f"{where.label} {describe_terrain(terrain)}"
