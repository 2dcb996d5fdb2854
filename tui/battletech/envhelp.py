"""The rules page's section on hostile environments (BT-M-39, BT-C-61): what each setting does."""

from __future__ import annotations

__all__ = ["ENVIRONMENT_MARKDOWN"]

ENVIRONMENT_MARKDOWN = """\
## Hostile environments (BT-M-39, BT-C-61)

A scenario's `[environment]` sets them; the header shows the gravity, a hostile temperature and
vacuum (`0.9 G -65 C`), the Initiative orders list every effect, and the line under the board
says what a swamp or ice hex under the cursor does.

- **Gravity** (BT-M-39.3): Walk and Jump MP are divided by the gravity (nearest, .5 down; Run
  follows Walk): Walk 5 is 6 at 0.9 G, 4 at 1.25 G. Falls do damage times the gravity. In low
  gravity a 'Mech that spent more MP than its 1 G Run MP (or jumped farther than its 1 G Jump
  MP) rolls a PSR when the Movement phase ends: a failure costs each leg 1 structure point per
  MP over (no fall).
- **Temperature** (BT-M-39.4, BT-C-61.1): +1 heat a turn per 10 C (or part) above 50 C, -1 below
  -30 C; the heat breakdown names it.
- **Vacuum** (BT-M-39.5, BT-C-61.5): every damaging hit rolls 2D6 for a breach (10+; no armor
  left: breached at once). Nothing in a breached location works; its engine lines count as
  engine hits. Without life support the MechWarrior takes 1 damage each End phase.
- **Swamp** (BT-M-39.1, BT-C-61.4): +1 MP to enter and a PSR: a failure leaves the 'Mech stuck
  (no fall) until a PSR at the start of a later Movement phase frees it. A stuck 'Mech cannot
  move or turn, and attacks on it get -2. Landing from a jump in a swamp sticks it at once.
- **Ice** (BT-M-39.2, BT-C-61.2): turning and then stepping onto or off ice needs a skid check,
  even walking. Thin ice over water breaks on a 1D6 of 6 (4+ landing from a jump): the 'Mech
  falls into the water (half damage) and the hex stays open water. Ice frozen solid never
  breaks. Firing at an ice hex melts it like clearing woods (`x`), and whoever stands on it
  falls in.
"""
