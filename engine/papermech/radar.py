"""PM-8: the radar: range, adjacency, fire arcs and how enemies move on it.

Spaces are ``(Ring, Wedge)`` pairs; the player's 'Mech is always at the centre facing wedges 3/4.
"""

from __future__ import annotations

from engine.papermech.tables import MOUNT_ARCS, Mount, Ring, Wedge

__all__ = [
    "adjacent",
    "approach",
    "flank",
    "in_arc",
    "reaches",
    "turned",
    "walked_backward",
    "walked_forward",
]

Space = tuple[Ring, Wedge]

_FRONT = (Wedge.W3, Wedge.W4)
_REAR = (Wedge.RR, Wedge.RL)


def reaches(reach: Ring, ring: Ring) -> bool:
    """PM-8.2: an attack of range ``reach`` reaches ``ring`` and every ring inside it."""
    return ring <= reach


def in_arc(mount: Mount, wedge: Wedge) -> bool:
    """PM-8.4: whether ``mount`` can target (or shield against) ``wedge``."""
    return wedge in MOUNT_ARCS[mount]


def adjacent(a: Space, b: Space) -> bool:
    """PM-8.1: same ring and neighbouring wedges, or same wedge and neighbouring rings.

    Wedges neighbour in the circular order 1..6, RR, RL, 1; ring C is not adjacent across the
    centre.
    """
    (ring_a, wedge_a), (ring_b, wedge_b) = a, b
    if ring_a == ring_b:
        return (wedge_a - wedge_b) % 8 in (1, 7)
    return wedge_a == wedge_b and abs(ring_a - ring_b) == 1


def turned(wedge: Wedge, *, clockwise: bool) -> Wedge:
    """PM-8.3 Turn: every enemy moves one wedge clockwise or anticlockwise, same ring."""
    return wedge.clockwise(1 if clockwise else -1)


def walked_forward(space: Space) -> Space:
    """PM-8.3 Walk Forwards: the sheet's solid arrows."""
    ring, wedge = space
    if wedge in _FRONT:
        if ring > Ring.C:
            return Ring(ring - 1), wedge
        return ring, (Wedge.W2 if wedge is Wedge.W3 else Wedge.W5)
    if wedge in (Wedge.W2, Wedge.W5):
        return ring, (Wedge.W1 if wedge is Wedge.W2 else Wedge.W6)
    if wedge in (Wedge.W1, Wedge.W6):
        return ring, (Wedge.RL if wedge is Wedge.W1 else Wedge.RR)
    # RL / RR: one ring outward, and ring L stays.
    return (Ring(ring + 1) if ring < Ring.L else ring), wedge


def walked_backward(space: Space) -> Space:
    """PM-8.3 Walk Backwards: against the arrows (DESIGN: RL/RR rings L, M, S move one ring in)."""
    ring, wedge = space
    if wedge in _REAR:
        if ring > Ring.C:
            return Ring(ring - 1), wedge
        return ring, (Wedge.W1 if wedge is Wedge.RL else Wedge.W6)
    if wedge in (Wedge.W1, Wedge.W6):
        return ring, (Wedge.W2 if wedge is Wedge.W1 else Wedge.W5)
    if wedge in (Wedge.W2, Wedge.W5):
        return ring, (Wedge.W3 if wedge is Wedge.W2 else Wedge.W4)
    # 3 / 4: one ring outward, and ring L stays.
    return (Ring(ring + 1) if ring < Ring.L else ring), wedge


def approach(space: Space) -> Space:
    """PM-6 step 2, out of range: one ring inward, same wedge."""
    found = _APPROACH.get(space)
    return _approach(space) if found is None else found


def _approach(space: Space) -> Space:
    ring, wedge = space
    return (Ring(ring - 1) if ring > Ring.C else ring), wedge


def flank(space: Space) -> Space:
    """PM-6 step 2 / PM-8.3, in range: one wedge toward the nearer rear wedge; RL/RR stay.

    Wedges 1, 2, 3 move toward RL (anticlockwise), 4, 5, 6 toward RR (clockwise).
    """
    found = _FLANK.get(space)
    return _flank(space) if found is None else found


def _flank(space: Space) -> Space:
    ring, wedge = space
    if wedge in _REAR:
        return space
    return ring, wedge.clockwise(-1 if wedge <= Wedge.W3 else 1)


_SPACES: tuple[Space, ...] = tuple((ring, wedge) for ring in Ring for wedge in Wedge)
_APPROACH: dict[Space, Space] = {space: _approach(space) for space in _SPACES}
_FLANK: dict[Space, Space] = {space: _flank(space) for space in _SPACES}
"""Every enemy move of PM-6 step 2, worked out once for the 32 spaces."""
