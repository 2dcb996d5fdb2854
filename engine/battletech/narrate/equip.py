"""The log's sentences for MASC (BT-C-75, `engine.battletech.rules.masc`).

For example::

Berserker [B] switches its MASC on: roll 4+3=7 against 5: it holds.
Berserker [B] switches its MASC on: roll 1+1=2 against 3: the MASC fails and is
destroyed; both hips lock.
"""

from __future__ import annotations

from engine.battletech.narrate.sentences import describe
from engine.battletech.narrate.words import dice_text, unit_name
from engine.battletech.rules.masc import MASCRolled
from engine.battletech.state import BTState

__all__: list[str] = []


@describe.register
def _masc_rolled(event: MASCRolled, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    said = f"{who} switches its MASC on: roll {dice_text(event.roll)} against {event.target}"
    if event.passed:
        return f"{said}: it holds (running MP = walking x 2)."
    return f"{said}: the MASC fails and is destroyed; both hips lock."
