"""Dystopian Wars on the hex board (issue 18; rules digest ``rules/dystopian.md``).

The ruleset is `RULESET` (`engine.dystopian.ruleset`), registered as ``dystopian``
(`engine.registry`). It is imported on first use (PEP 562), so a module that needs only the
foundations (model cards, fleet building, asset readers, hex geometry) does not load the whole
turn machine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.dystopian.ruleset import DystopianWars

__all__ = ["RULESET"]


def __getattr__(name: str) -> DystopianWars:
    """``engine.dystopian.RULESET``: the ruleset, imported when first asked for."""
    if name == "RULESET":
        from engine.dystopian.ruleset import RULESET  # noqa: PLC0415 - on first use

        return RULESET
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)
