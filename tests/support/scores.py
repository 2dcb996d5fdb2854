"""Two high-score entries the score tests share."""

from __future__ import annotations

from tui.papermech.scores import ScoreEntry

ANN = ScoreEntry(
    name="Ann",
    date="2026-11-21",
    seed=20261121,
    loadout="LS Wing Shield / RS Missiles / LA Laser / RA Fist, torso 5, legs 4",
    score=120,
    waves=4,
    mode="single",
    battles=1,
    won=True,
    save="papermech-20261121-183000.jsonl",
)
BO = ScoreEntry(
    name="Bo",
    date="2026-11-20",
    seed=None,
    loadout="LS Claw / RS Flamer / LA Laser / RA Laser, torso 6, legs 3",
    score=310,
    waves=9,
    mode="campaign",
    battles=3,
    won=False,
    save=None,
)
