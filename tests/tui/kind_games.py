"""A BattleTech game with a tank, a platoon and a battle armor squad on the board (issue 20).

The default scenario's Griffin faces a Bulldog tank (Davion), a laser foot platoon and a Cavalier
squad (Kurita): its other units swapped for bundled ``.blk`` designs, as a custom game would.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from engine.battletech.data.blk import parse_blk
from tests.tui.test_bt_play import NOW, SEED, deployed
from tui.battletech.games import start_game
from tui.battletech.library import load_scenario
from tui.battletech.setup import BTStart
from tui.battletech.units import UNITS_DIR

if TYPE_CHECKING:
    from saves.journal import Journal

TANK = "Bulldog Medium Tank.blk"
PLATOON = "Foot Platoon (Laser).blk"
SQUAD = "Cavalier Battle Armor [Laser](Sqd4).blk"
KIND_PLACES = ("1001 S", "0915 N", "0701 S", "0715 N")
"""Griffin 1001, Bulldog 0701 (Davion); platoon 0915, squad 0715 in light woods (Kurita)."""


def blk_design(name: str) -> object:
    """A bundled ``.blk`` file's design."""
    path = Path(UNITS_DIR, "blk", name)
    return parse_blk(path.read_text(encoding="utf-8"), name).design


def kinds_journal(saves: Path, library: object, *, deploy: bool = True) -> Journal:
    """The mixed game, deployed (``KIND_PLACES``) unless ``deploy`` is False."""
    setup = load_scenario("default", library)
    units = list(setup.units)
    for index, name in ((1, TANK), (2, PLATOON), (3, SQUAD)):
        units[index] = attrs.evolve(units[index], design=blk_design(name))
    journal = start_game(BTStart(attrs.evolve(setup, units=tuple(units)), SEED), saves, now=NOW)
    if deploy:
        deployed(journal, KIND_PLACES)
    return journal
