"""Night games for the screen's tests (issue 16): the default scenario at night, scripted.

Davion deploys north (Griffin 1001, Hunchback 0701), Kurita south (Shadow Hawk 0915, Wolverine
0815); the night's visibility is 3 hexes and a flare lights 0711. With `DICE`, Kurita loses the
initiative, its Wolverine walks north from 0815, fails its movement roll (coloured 6, white 4:
normal care strays) and strays north (stray roll 1, 3) to 0811, beside the flare, where Davion
sees it; Davion's Griffin fires its PPC at it, which gives the Griffin away (a gunflash). In
turn 2 the Wolverine walks back into the dark, and the Griffin, seeing no enemy, strays and
fires in the dark itself (jitter fire, NT-4): its hex is lit until the end of the turn.
"""

from __future__ import annotations

import attrs

from engine.battletech import RULESET
from engine.battletech.commands import Deploy, RollInitiative
from engine.battletech.nightstate import NightSetup
from engine.dice import ScriptedDice
from engine.game import Game, Rejected
from engine.hexes import Facing, Hex
from tests.tui.test_bt_play import NOW, PLACES
from tui.battletech.games import start_game
from tui.battletech.library import load_scenario
from tui.battletech.setup import BTStart

__all__ = [
    "DICE",
    "FLARE",
    "MOVES",
    "TURN_TWO",
    "night_journal",
    "night_setup",
    "played",
    "scripted_night_game",
]

FLARE = "0711"
TURN_ONE = (4, 5, 3, 2, 6, 4, 1, 3, 3, 3)
"""Initiative (Davion 9, Kurita 5), the Wolverine's movement roll and stray roll, the PPC's 6."""
DICE = (*TURN_ONE, 4, 5, 3, 2, 6, 6, 5, 5, 1, *[3] * 40)
"""Turn 2: the same initiative; the Griffin's movement roll strays (6, 6), its stray roll is
(5, 5) after the first shot of the night: it jitter-fires its first ready weapon itself."""
MOVES = (
    "move 4 walk F F F F",
    "still 1",
    "still 3",
    "still 2",
    "end",
    "fire 1 at 4 8",
    "hold 3",
)
"""Turn 1 after the initiative: the Wolverine strays, the rest stand; the Griffin fires. The
Shadow Hawk knew of no enemy until the Griffin's shot gave it away (NT-5): then it holds."""
TURN_TWO = ("roll", "move 4 walk R R R F", "move 1 walk F")
"""Turn 2: the initiative; the Wolverine turns back south into the dark (0812); the Griffin, who
sees no known enemy now, rolls, strays and jitter-fires."""


def night_setup(library, *, visibility=3):
    """The default scenario at night: ``visibility`` hexes, a flare on `FLARE`."""
    setup = load_scenario("default", library)
    night = NightSetup(visibility=visibility, flares=(Hex.from_label(FLARE),))
    return attrs.evolve(setup, night=night)


def _deploy(execute, state_of):
    for where in PLACES:
        state = state_of()
        side = state.side_to_act
        unit = next(i for i, u in enumerate(state.units) if u.side == side and u.hex is None)
        label, facing = where.split()
        outcome = execute(Deploy(unit, Hex.from_label(label), Facing[facing]))
        assert not isinstance(outcome, Rejected), outcome


def played(execute, state_of, moves=MOVES):
    """Deploy, roll initiative, then give ``moves`` in the command language."""
    _deploy(execute, state_of)
    execute(RollInitiative())
    for text in moves:
        outcome = execute(RULESET.parse_command(text, state_of()))
        assert not isinstance(outcome, Rejected), (text, outcome)


def scripted_night_game(library, moves=(*MOVES, *TURN_TWO)):
    """The night game of this module, played with `DICE` (a `Game` to replay)."""
    game = Game(RULESET, night_setup(library), ScriptedDice(DICE))
    played(game.execute, lambda: game.state, moves)
    return game


def night_journal(saves, library, seed=4):
    """A new hot-seat night game's save, deployed and its initiative rolled (Kurita first)."""
    journal = start_game(BTStart(night_setup(library), seed), saves, now=NOW)
    _deploy(journal.execute, lambda: journal.game.state)
    journal.execute(RollInitiative())
    return journal
