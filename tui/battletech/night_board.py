"""The BattleTech board at night: darker terrain, and a legend that explains the night.

`tui.widgets.hexboard_night` gives every board its lit hexes, gunflash marks and darker edges;
this module darkens the BattleTech terrain roles the same way (`NIGHT_TERRAIN_CSS`, under the
board's ``-night`` class) and adds the night's rows to the legend (`NightLegendSource`). Fire
keeps its colour: a burning hex lights itself (NT-5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from tui.battletech.board_view import TERRAIN_ROLES, legend_rows
from tui.widgets.hexboard_night import night_rows

if TYPE_CHECKING:
    from tui.widgets.board_view import LegendRow

__all__ = ["NIGHT_TERRAIN_CSS", "NightLegendSource"]

NIGHT_TERRAIN_CSS = """
WIDGET.-night > .hexboard--light-woods { color: $success-darken-2; }
WIDGET.-night > .hexboard--heavy-woods { color: $success-darken-3; text-style: bold; }
WIDGET.-night > .hexboard--rough { color: $primary-darken-3; }
WIDGET.-night > .hexboard--rubble { color: $warning-darken-3; }
WIDGET.-night > .hexboard--water { color: $secondary-darken-2; }
WIDGET.-night > .hexboard--swamp { color: $success-darken-3; }
WIDGET.-night > .hexboard--ice { color: $panel-lighten-3; }
WIDGET.-night > .hexboard--pavement { color: $panel-lighten-2; }
WIDGET.-night > .hexboard--building { color: $panel-lighten-1; }
WIDGET.-night > .hexboard--road { color: $foreground-darken-2; text-style: bold; }
WIDGET.-night > .hexboard--bridge { color: $foreground-darken-2; text-style: bold; }
"""
"""The terrain's colours at night, for ``WIDGET`` = a BattleTech board or legend widget class."""


@frozen
class NightLegendSource:
    """The legend of a BattleTech board at night: the night's rows, then the usual ones."""

    @property
    def roles(self) -> tuple[str, ...]:
        """The terrain roles."""
        return TERRAIN_ROLES

    def legend(self, *, ascii_only: bool) -> list[LegendRow]:
        """Return the night's rows (`hexboard_night.night_rows`), then the board's."""
        return [*night_rows(ascii_only=ascii_only), *legend_rows(ascii_only=ascii_only)]
