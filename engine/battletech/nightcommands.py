"""The night's command (NT-4): the moving side chooses which equally near enemy jitter-fires.

Kept apart from `engine.battletech.commands` so the night rules stay in their own modules; the
ruleset lists it in ``command_types`` and the language reads and writes it as ``jitter UNIT``.
"""

from __future__ import annotations

from attrs import frozen

from engine.battletech.commands import BTCommand

__all__ = ["ChooseJitterFirer"]


@frozen
class ChooseJitterFirer(BTCommand):
    """NT-4: of the equally near enemies, ``unit`` is the one that fires in the dark.

    Given by the moving side while a stray waits for it (``state.night.asking``); the jitter
    shot and the stray then go on (`engine.battletech.rules.nightchoice.choose`).
    """

    TAG = "bt/jitter_choose"
    unit: int
