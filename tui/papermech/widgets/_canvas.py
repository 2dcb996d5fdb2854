"""A grid of characters, each with a role, turned into a Rich `Text` (for the Paper 'Mech panels).

Render functions draw on a `Canvas` with roles ("line", "enemy", "rear", ...) instead of colours;
`Canvas.to_text` looks the roles up in a style map that the widget builds from its component
classes, so the pictures are testable without Textual and colours live in the .tcss.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from rich.style import Style
from rich.text import Text

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

Styles: TypeAlias = "Mapping[str, Style]"
"""Role -> style; a missing role is drawn plain."""


class Canvas:
    """A fixed-size grid of characters with a role per cell.

    Args:
        width: columns.
        height: rows.
    """

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self._chars = [[" "] * width for _ in range(height)]
        self._roles: list[list[tuple[str, ...]]] = [[()] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, *roles: str) -> None:
        """Write ``text`` from column ``x`` of row ``y`` (clipped at the edges), with roles."""
        if not 0 <= y < self.height:
            return
        for i, char in enumerate(text):
            if 0 <= x + i < self.width:
                self._chars[y][x + i] = char
                self._roles[y][x + i] = roles

    def add_role(self, x: int, y: int, width: int, role: str) -> None:
        """Add ``role`` to ``width`` cells from column ``x`` of row ``y``."""
        if not 0 <= y < self.height:
            return
        for i in range(max(0, x), min(self.width, x + width)):
            if role not in self._roles[y][i]:
                self._roles[y][i] = (*self._roles[y][i], role)

    def char(self, x: int, y: int) -> str:
        """The character at a cell."""
        return self._chars[y][x]

    def lines(self) -> list[str]:
        """The rows as plain strings, trailing spaces removed (for tests)."""
        return ["".join(row).rstrip() for row in self._chars]

    def to_text(self, styles: Styles | None = None) -> Text:
        """Join the rows into one `Text`, styling runs of cells by their roles."""
        styles = styles or {}
        text = Text(no_wrap=True, overflow="crop", end="")
        for y in range(self.height):
            if y:
                text.append("\n")
            row, roles = self._chars[y], self._roles[y]
            start = 0
            for x in range(1, self.width + 1):
                if x == self.width or roles[x] != roles[start]:
                    text.append("".join(row[start:x]), combine(styles, roles[start]))
                    start = x
        return text


def combine(styles: Styles, roles: Iterable[str]) -> Style:
    """Add up the styles of ``roles``, later ones on top."""
    style = Style()
    for role in roles:
        found = styles.get(role)
        if found is not None:
            style += found
    return style
