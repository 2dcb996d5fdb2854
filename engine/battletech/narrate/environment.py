"""The log's sentences for hostile environments (BT-M-39, BT-C-61): swamps, ice, breaches.

::

    Griffin [G] is stuck in the swamp of 0604 (-2 to be hit; a PSR each Movement phase frees it).
    Griffin [G] pulls free of the swamp.
    Griffin [G] on the ice of 0807: 1D6 rolled 6 (breaks on 6): the ice breaks!
    The ice of 0807 is gone (the ice broke): Depth 2 water from now on.
    Griffin [G] breach roll for the left torso: rolled 5+5=10 (10+): breached, nothing in it works.
"""

from __future__ import annotations

from engine.battletech.envevents import BreachRolled, IceBroken, IceRolled, UnitFreed, UnitStuck
from engine.battletech.narrate.sentences import describe
from engine.battletech.narrate.words import dice_text, label, unit_name
from engine.battletech.state import BTState

__all__ = ["ENV_PSR_REASONS", "ENV_PSR_VERDICTS"]

ENV_PSR_REASONS = {
    "swamp": "entering a swamp",
    "unstick": "pulling free of a swamp",
    "gravity": "overspeed in low gravity",
}
"""What each environment `PilotingRoll.reason` is a roll for (`narrate.moves.PSR_REASONS`)."""

ENV_PSR_VERDICTS = {
    "swamp": ("bogs down", "gets through"),
    "unstick": ("still stuck", "pulls free"),
    "gravity": ("strains its legs", "no harm done"),
}
"""The (failure, success) words of those rolls."""


@describe.register
def _stuck(event: UnitStuck, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    how = "lands in" if event.automatic else "is stuck in"
    return (
        f"{who} {how} the swamp of {label(event.hex)} and is stuck (it does not fall): no more "
        "movement this turn, -2 to be hit; a PSR each Movement phase frees it."
    )


@describe.register
def _freed(event: UnitFreed, before: BTState, after: BTState) -> str:
    del after
    return f"{unit_name(before, event.unit)} is free of the swamp and may move."


@describe.register
def _ice_rolled(event: IceRolled, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    how = "lands on" if event.jump else "walks onto"
    verdict = "the ice breaks!" if event.broke else "the ice holds"
    return (
        f"{who} {how} the ice of {label(event.hex)}: 1D6 rolled {event.roll} "
        f"(breaks on {event.need}{'+' if event.need < 6 else ''}): {verdict}"  # noqa: PLR2004
    )


@describe.register
def _ice_broken(event: IceBroken, before: BTState, after: BTState) -> str:
    del before, after
    return f"The ice of {label(event.hex)} is gone ({event.cause}): Depth {event.depth} water."


@describe.register
def _breach(event: BreachRolled, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    where = event.location.long_name.lower()
    if not event.roll:
        return f"{who}: the {where} has no armor left in vacuum: breached, nothing in it works."
    verdict = "breached, nothing in it works" if event.breached else "holds"
    return f"{who} breach roll for the {where}: rolled {dice_text(event.roll)} (10+): {verdict}."
