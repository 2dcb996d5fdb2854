"""The in-game rules summary (``?``) says what the engine does (DW-28.4, DW-11).

Played at 80x24 (issue 18): the summary said a model moves "its MV in hexes (half in turn 1)",
but the engine moves it half its MV in hexes (MV is printed in inches, DW-28.1) in every turn,
turn 1 included: a Picket Frigate (MV 10") moved 5 hexes in turn 1 and 5 in turn 2.
"""

from __future__ import annotations

from engine.dystopian.movement import movement_points
from tui.dystopian.rules import RULES_MARKDOWN


def test_summary_gives_the_inch_to_hex_conversion() -> None:
    """DW-28.4: MP = MV // 2 hexes; the summary says so and claims no turn-1 halving."""
    assert "half its MV in hexes" in RULES_MARKDOWN
    assert "half in turn 1" not in RULES_MARKDOWN


def test_turn_one_moves_as_far_as_turn_two() -> None:
    """DW-28.4: a frigate's MV 10" is 5 hexes in turn 1 and in turn 2 (no turn-1 rule)."""
    assert movement_points(10, 1) == 5
    assert movement_points(10, 2) == 5
    # a carrier's MV 6" is 3 hexes from the first turn on
    assert movement_points(6, 1) == 3
