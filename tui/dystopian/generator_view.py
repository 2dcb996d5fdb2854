"""The generators on the DW play screen: a model's generators and a generator's preview (DW-23).

`generator_lines` is the model panel's part: the generators fitted (the card's and the bought
options'), the dice Fury and Pulse store, a Kinetic boost this activation. `generator_preview`
is the order panel's: what a `Generate` or `PlaceCamouflage` would do, a line each: the models it
reaches, the numbers its die needs, the Fields that may cancel it (DW-23), the dice Fury splits
and Pulse rolls (halved after a contact, DW-27 item 23), the Inventive Scientists' re-roll
(DW-24). Both read the engine only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.dystopian.commands import Generate, PlaceCamouflage
from engine.dystopian.generating import generate_problem
from engine.dystopian.generator_effects import has_inventive, stored_dice
from engine.dystopian.generator_segment import generators_of
from engine.dystopian.generators import Kind, charged_dice, fury_split
from engine.dystopian.state import kinetic_inches
from engine.game import IllegalCommand

if TYPE_CHECKING:
    from engine.dystopian.state import DWState
    from engine.game import Command

__all__ = ["generator_lines", "generator_preview"]

_EFFECT: Final = {
    Kind.UPG: "1D6: 4 Shattered Defences, 5 Chaos & Disarray, 6 loses 1D6 AP",
    Kind.TESLA: "1D6: 5-6 a critical, no HP lost (2 and 12 rolled again)",
    Kind.DISRUPTION: "1D6 each: 4-6 generators offline, a 6 also 1 AP",
    Kind.SONIC: "1D6 each: 5-6 -2 AD, AA, CC and MD until its next activation ends",
    Kind.FURY: "4-5 one Fire marker, 6 two and a new die; no HP lost",
    Kind.PULSE: "4-5 one hit, 6 two and a new die; each model against its DR and CR",
    Kind.KINETIC: '1D6" more movement now; then at least half the move',
}
"""DW-23: each generator's numbers, in the preview's words."""


def generator_lines(state: DWState, index: int) -> list[str]:
    """The model panel's generator line: what is fitted, the stored dice, a Kinetic boost."""
    fitted = generators_of(state, index)
    if not fitted:
        return []
    words = []
    for ident in dict.fromkeys(fitted):
        count = fitted.count(ident)
        word = ident if count == 1 else f"{ident} x{count}"
        kind = Kind(ident)
        if kind in {Kind.FURY, Kind.PULSE}:
            word += f" ({stored_dice(state, index, kind)} dice)"
        if kind is Kind.KINETIC and kinetic_inches(state, index):
            word += f' (+{kinetic_inches(state, index)}")'
        words.append(word)
    return ["Generators: " + ", ".join(words)]


def _names(state: DWState, indices: tuple[int, ...]) -> str:
    return ", ".join(state.models[n].ident for n in indices) or "no model"


def _fields(state: DWState, indices: tuple[int, ...]) -> list[str]:
    shielded = [n for n in indices if Kind.FIELD.value in generators_of(state, n)]
    if not shielded:
        return []
    return [f"  Field: {_names(state, tuple(shielded))} roll 2D6, any 4-6 cancels (DW-23)"]


def _dice_lines(state: DWState, user: int, kind: Kind, targets: tuple[int, ...]) -> list[str]:
    """DW-23 / DW-27 item 23: the dice Fury splits or Pulse rolls."""
    activation = state.activation
    stored = stored_dice(state, user, kind)
    limit = activation.fire_limit(user) if activation is not None else None
    dice = charged_dice(stored) if limit is None else charged_dice(stored, limit)
    halved = f" (half of {stored} after a contact)" if dice != stored else ""
    if kind is Kind.PULSE:
        return [f"{dice} dice{halved}, one roll: its hits on each of them"]
    left = dice % len(targets) if targets else 0
    shares = fury_split(dice, len(targets), tuple(range(left))) if targets else ()
    split = ", ".join(
        f"{n} at {state.models[t].ident}" for t, n in zip(targets, shares, strict=True)
    )
    return [f"{dice} dice{halved}: {split}"]


def generator_preview(state: DWState, command: Command) -> list[str]:
    """What ``command`` would do, a line each (empty for a command that is no generator's)."""
    if isinstance(command, PlaceCamouflage):
        return [
            f"Camouflage on {command.centre.label} and the 6 hexes around it (DW-28.10):",
            "  no fire into, through or out of it until the End Phase.",
        ]
    if not isinstance(command, Generate):
        return []
    try:
        found = generate_problem(state, command)
    except IllegalCommand as refused:
        return [refused.message]
    if isinstance(found, str):
        return [found]
    user, kind, targets = found
    lines = [f"{kind.value.capitalize()}: {_EFFECT.get(kind, '')}"]
    if kind is not Kind.KINETIC:
        lines.append(f"  reaches {_names(state, targets)}")
    if kind in {Kind.FURY, Kind.PULSE}:
        lines += ["  " + line for line in _dice_lines(state, user, kind, targets)]
    lines += _fields(state, targets)
    if has_inventive(state, user):
        lines.append("  Inventive Scientists re-roll one die (DW-24)")
    return lines
