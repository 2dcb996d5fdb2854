"""Benchmark of indirect fire (BT-C-16): what looking for spotters costs `fire_options`.

`fire_options` is asked of every unit after each declaration (who still has something to
declare). Since indirect fire, an enemy out of sight is also looked at through each friend's
eyes (`indirect.best_spotter`) when the unit carries LRMs or artillery in reach. The old path is
measured in the same run with the spotter search switched off (no spotter found: as before).
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech.data.mapgen import generate
from engine.battletech.rules import indirect
from engine.battletech.rules.tohit import fire_options
from engine.hexes import Facing
from tests.bench.bench_btc_targeting import _state
from tests.bench.common import best_of, report

PLACES = [
    (10, 10, Facing.S),
    (13, 11, Facing.S),
    (16, 10, Facing.S),
    (19, 11, Facing.S),
    (10, 18, Facing.N),
    (13, 19, Facing.N),
    (16, 18, Facing.N),
    (19, 19, Facing.N),
]


def test_bench_fire_options_with_spotters(monkeypatch: pytest.MonkeyPatch) -> None:
    """fire_options per unit, 4 v 4 (LRM 15 each) on a forest map where woods hide some foes."""
    setup = _state(generate(32, 34, 2026, terrain="forest"), PLACES)
    state = attrs.evolve(
        setup, units=tuple(attrs.evolve(u, side=i // 4) for i, u in enumerate(setup.units))
    )
    runs = 5

    def work() -> None:
        for _ in range(runs):
            for unit in range(8):
                fire_options(state, unit)

    new = best_of(3, work)
    indirect_options = sum(
        1
        for i in range(8)
        for o in fire_options(state, i)
        for s in o.shots
        if s.spotter is not None
    )
    with monkeypatch.context() as patch:
        patch.setattr(indirect, "best_spotter", lambda *_: None)
        old = best_of(3, work)
    report(
        f"fire_options per unit with spotters ({indirect_options} indirect shots)",
        new / runs / 8 * 1e3,
        "ms",
        baseline=old / runs / 8 * 1e3,
    )
