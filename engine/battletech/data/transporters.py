"""A vehicle's ``<transporters>`` block in a MegaMek ``.blk`` file: its troop space (BT-C-35.13).

MegaMek writes one transporter a line, ``kind:capacity[:more]``; its vehicles carry infantry in
``TroopSpace`` (an infantry compartment, capacity in tons: ``troopspace:4.0``, older files
``TroopSpace: 4.0``). DESIGN: hexmech reads the troop space only (several lines add up); every
other transporter (cargo bays, battle armor handles, 'Mech clamps, docking collars ...) is kept
out with a warning naming it, since nothing rides on it yet.
"""

from __future__ import annotations

import re
from typing import Final

from engine.battletech.data.fileformat import FileFormatError

__all__ = ["MAX_TROOP_SPACE", "troop_space"]

MAX_TROOP_SPACE: Final = 100.0
"""The most tons of troop space a line may give (a sanity bound: no combat vehicle has more)."""

_TROOP_SPACE: Final = re.compile(r"troopspace\s*:\s*([0-9]{1,4}(?:\.[0-9]{1,4})?)(?::.*)?")


def troop_space(lines: list[tuple[int, str]], warnings: list[FileFormatError]) -> float:
    """The tons of troop space the ``<transporters>`` ``lines`` give (0: none).

    Args:
        lines: the block's lines and their numbers.
        warnings: where a transporter hexmech does not carry on, or a bad capacity, is noted.

    Returns:
        The sum of the ``troopspace`` capacities.
    """
    total = 0.0
    for number, text in lines:
        found = _TROOP_SPACE.fullmatch(text.strip().lower())
        if found is None:
            kind = text.split(":", 1)[0].strip()[:40]
            warnings.append(
                FileFormatError(number, f"transporter {kind!r} is not used: only troop space is")
            )
            continue
        tons = float(found[1])
        if tons > MAX_TROOP_SPACE:
            warnings.append(
                FileFormatError(
                    number, f"troop space {tons:g} t is more than {MAX_TROOP_SPACE:g} t"
                )
            )
            continue
        total += tons
    return total
