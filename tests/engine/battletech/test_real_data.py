"""Every bundled and MegaMek board with bundled and MegaMek 'Mechs: random legal play runs clean.

The issue's "done when": movement on any bundled or MegaMek board with any bundled or MegaMek
'Mech. Each board gets four 'Mechs drawn from all the unit files, deployed by the players, and
random legal commands for several turns; every listed command must be accepted.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech.rules.movement import reachable
from engine.battletech.rules.options import legal_commands
from engine.battletech.state import BTSetup, MoveMode, Phase, Pilot, UnitSetup
from engine.dice import Dice
from engine.game import Accepted, Game
from engine.hexes import Facing, Hex
from tests.conftest import SHARED
from tui.battletech.boards import bundled_boards, load_board
from tui.battletech.units import bundled_units, load_unit

MEGAMEK = SHARED / "data" / "megamek"
SHARED_BOARDS = sorted((MEGAMEK / "board").glob("*.board")) if MEGAMEK.is_dir() else []
SHARED_UNITS = sorted((MEGAMEK / "mtf").glob("*.mtf")) if MEGAMEK.is_dir() else []
UNITS = [*bundled_units(), *SHARED_UNITS]


def _boards() -> list[Path]:
    return [*bundled_boards(), *SHARED_BOARDS]


@pytest.mark.parametrize("path", _boards(), ids=lambda p: p.stem)
def test_random_movement_on_every_board(path: Path) -> None:
    """Deploy four 'Mechs and play random legal commands for a few turns on this board."""
    board = load_board(path).board
    seed = sum(path.name.encode())
    designs = [load_unit(UNITS[(seed + 7 * i) % len(UNITS)]).design for i in range(4)]
    setup = BTSetup(
        board,
        ("Blue", "Red"),
        tuple(UnitSetup(d, i % 2, Pilot()) for i, d in enumerate(designs)),
        deploy_rows=2,
    )
    game = Game(RULESET, setup, Dice(seed))
    pick = seed
    turns_seen = set()
    while len(game.log) < 70 and not game.summary.result:
        options = legal_commands(game.state)
        assert options, game.state.phase
        command = options[(pick * 7919) % len(options)]
        assert isinstance(game.execute(command), Accepted), command
        pick += 1
        turns_seen.add(game.state.turn)
    assert game.state.phase is not Phase.DEPLOYMENT
    assert max(turns_seen) >= 2


@pytest.mark.skipif(not SHARED_UNITS, reason="../shared/data/megamek/mtf is not present")
def test_every_megamek_mech_can_walk_run_and_jump_from_the_start() -> None:
    """Every shared 'Mech has a movement range on a bundled board (quads and Clan 'Mechs too)."""
    board = load_board(bundled_boards()[0]).board
    for path in [*bundled_units(), *SHARED_UNITS]:
        design = load_unit(path).design
        setup = BTSetup(
            board,
            ("Blue", "Red"),
            (
                UnitSetup(design, 0, Pilot(), Hex.from_label("0808"), Facing.N),
                UnitSetup(design, 1, Pilot(), Hex.from_label("0117"), Facing.N),
            ),
        )
        state = attrs.evolve(RULESET.start(setup), phase=Phase.MOVEMENT, order=(0, 1))
        walk = reachable(state, 0, MoveMode.WALK)
        assert len(walk) > 6, design.name
        if design.jump:
            assert reachable(state, 0, MoveMode.JUMP), design.name
