"""To-hit numbers with every modifier named, and weapon declarations (BT-C-2, BT-C-12..19).

SKELETON (issue 5): the signatures below are the contract the flow, the physical attacks and the
screen use; the bodies are being written.
"""

from __future__ import annotations

from attrs import frozen

from engine.battletech import events as ev
from engine.battletech.commands import FireWeapons
from engine.battletech.los import Sight
from engine.battletech.state import BTState
from engine.battletech.units import Location
from engine.hexes import Hex

__all__ = [
    "ToHit",
    "common_modifiers",
    "declare_fire",
    "fire_options",
    "weapon_to_hit",
]


@frozen
class ToHit:
    """A to-hit number with its terms (BT-C-14), or why the attack is impossible.

    Attributes:
        number: the modified to-hit number (2D6 >= it hits), None when impossible.
        modifiers: every term, named: ("gunnery", 4), ("attacker ran", 2), ("medium range", 2)...
        reason: why it is impossible ("out of range: 17 hexes, long range ends at 15"), or "".
        range: the distance in hexes.
        band: "short", "medium", "long" or "" (physical attacks).
        side: the hit-location column (a `tables.Column` value) it would strike.
        table: "normal", "punch" (partial cover) or "kick".
    """

    number: int | None
    modifiers: tuple[tuple[str, int], ...] = ()
    reason: str = ""
    range: int = 0
    band: str = ""
    side: str = "front"
    table: str = "normal"

    @property
    def possible(self) -> bool:
        """True when the attack can hit at all (a number of 12 or less)."""
        return self.number is not None and self.number <= 12  # noqa: PLR2004 - BT-C-14


def common_modifiers(
    state: BTState, attacker: int, target: int, sight: Sight
) -> tuple[tuple[str, int], ...]:
    """BT-C-15: the modifiers of every attack, weapon or physical.

    Attacker movement and prone, terrain along the line and at the target, target
    prone/immobile/skidding/stuck, and the target's movement (hexes counted, +1 for a jump).
    """
    raise NotImplementedError


def weapon_to_hit(
    state: BTState,
    attacker: int,
    weapon: int,
    target: int | Hex,
    *,
    twist: int | None = None,
    flipped: bool | None = None,
    secondary: str | None = None,
    aimed: Location | None = None,
) -> ToHit:
    """BT-C-14..19: the to-hit number of ``weapon`` (an equipment index) of unit ``attacker``.

    ``twist``/``flipped`` default to the unit's current ones; ``secondary`` is None for the
    primary target, "front" or "other" for a secondary target in that arc (BT-C-18.7).
    Impossible attacks (no LOS, out of arc or range, no ammunition, weapon destroyed, prone
    restrictions, sensors gone ...) have ``number`` None and a ``reason``.
    """
    raise NotImplementedError


def declare_fire(state: BTState, command: FireWeapons) -> list[ev.BTEvent]:
    """BT-C-2/3/12: check a weapon declaration and return its events, in order.

    The events are an optional `TorsoTwisted`, then for each shot an `AttackDeclared` (to-hit
    fixed now) and, for ammunition weapons, an `AmmoSpent` from the bin it draws on. The caller
    adds `UnitDeclared`.

    Raises:
        IllegalCommand: the declaration breaks a rule; the message says which and why.
    """
    raise NotImplementedError


def fire_options(state: BTState, unit: int) -> list[FireWeapons]:
    """A sample of legal declarations for ``unit`` (for bots, tests and hints).

    Holding fire, and for each target and twist, every weapon that can hit it.
    """
    raise NotImplementedError
