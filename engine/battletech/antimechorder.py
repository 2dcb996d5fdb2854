"""What a unit declared as its anti-'Mech action this turn (BT-C-35.8..35.10).

An `AntiMechOrder` sits in the unit's `TurnFlags` (``this_turn.anti_mech``) from its declaration
until the turn ends; the phase's resolution (`engine.battletech.rules.antimech`) rolls it. Kept in
a module of its own so that `engine.battletech.state` can name it without an import cycle.
"""

from __future__ import annotations

from attrs import frozen

from engine.battletech.designs.mech import Location

__all__ = ["AntiMechOrder"]


@frozen
class AntiMechOrder:
    """One anti-'Mech declaration, its to-hit fixed when declared (BT-C-1: simultaneous attacks).

    Attributes:
        attack: "leg" or "swarm" (BT-C-35.8, Weapon Attack phase), "stop" (stop swarming,
            BT-C-35.10), "brush" (a 'Mech brushes swarmers off with an arm, Physical phase).
        target: the unit attacked (leg, swarm), the swarmer brushed off, the unit let go.
        to_hit: the modified to-hit number (0 for "stop": nothing is rolled).
        modifiers: every term of ``to_hit``, named.
        limb: the arm that brushes off ("brush" only).
    """

    attack: str
    target: int
    to_hit: int = 0
    modifiers: tuple[tuple[str, int], ...] = ()
    limb: Location | None = None
