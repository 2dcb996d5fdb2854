"""MechWarrior: Age of Destruction on the hex board (issue 17; rules digest ``rules/aod.md``).

The ruleset is `RULESET` (`engine.aod.ruleset`), registered as ``aod`` (`engine.registry`). It is
imported on first use (PEP 562), so a module that needs only the foundations (unit data, terrain,
hex geometry: ``engine.aod.units`` and the like) does not load the whole turn machine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.aod.ruleset import AgeOfDestruction

__all__ = ["RULESET"]


def __getattr__(name: str) -> AgeOfDestruction:
    """``engine.aod.RULESET``: the ruleset, imported when first asked for."""
    if name == "RULESET":
        from engine.aod.ruleset import RULESET  # noqa: PLC0415 - on first use

        return RULESET
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)
