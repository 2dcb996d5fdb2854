"""The weapon phase's heat preview names a move's extra heat as the log does (issue 13 item 7)."""

from __future__ import annotations

import attrs

from tests.engine.battletech.test_narrate_truth import LUMPED, griffin, moved  # noqa: F401
from tui.battletech.widgets.attack_orders import heat_lines
from tui.battletech.widgets.targeting import Aim, heat_preview


def test_a_stand_attempt_reads_standing_up_not_burning_hexes(griffin) -> None:  # noqa: F811
    """BT-M-24.3: a stand attempt makes 1 heat; the panel said "standing up, burning hexes +1"."""
    state = moved(griffin, ["0303", "0302"])
    walk = attrs.evolve(state.units[0].movement, heat=1)
    state = state.replace_unit(0, state.units[0].with_movement(walk))
    preview = heat_preview(state, Aim(0))
    sources = dict(preview.sources)
    assert sources.get("standing up") == 1
    assert LUMPED not in sources
    text = " ".join(line for line, _ in heat_lines(preview))
    assert "burning" not in text
    assert "standing up +1" in text
