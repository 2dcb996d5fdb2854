"""Narration in the kernel: every ruleset tells its log the same way, with the engine alone.

`engine.narration` folds a command's events into `Told` lines; each ruleset's ``tell`` gives them
(`engine.game.Ruleset.tell`). Whole games of both rulesets are told here without the TUI, as a
headless player, a bot or a spectator would, and `engine/` is checked to import no TUI at all.
"""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from pathlib import Path

from engine.battletech import RULESET as BATTLETECH
from engine.battletech.board import Terrain, Woods
from engine.battletech.bot.builtin import aggressive
from engine.battletech.designs.mech import Location
from engine.battletech.state import BTSetup, Phase, Pilot, UnitSetup, Victory
from engine.dice import Dice, ScriptedDice
from engine.game import Game
from engine.narration import COMMAND, Roll, Told, tell_entries, tell_events
from engine.papermech import RULESET as PAPERMECH
from engine.papermech import legal_commands
from engine.papermech.policies import GreedyPolicy
from engine.papermech.state import PaperSetup
from tests.engine.battletech._build import design, terrain_board
from tests.support.race import RULESET as RACE
from tests.support.race import Moved, RaceSetup, RaceState, Step, TurnPassed, Won
from tests.support.race import Roll as RollCommand

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = ("tui", "rich", "textual", "saves")
"""What the engine never imports (DESIGN 1: dependencies point one way; STYLE 1)."""


def _race(*commands: object, dice: tuple[int, ...] = ()) -> Game:  # type: ignore[type-arg]
    game = Game(RACE, RaceSetup(goal=6), ScriptedDice(dice))
    for command in commands:
        game.execute(command)  # type: ignore[arg-type]
    return game


# ------------------------------------------------------------------ the kernel's fold
def test_a_command_is_told_first_then_each_event_from_the_state_before_it() -> None:
    """The command's line, then one per event; each event sees the states around it."""
    # Arrange: Red steps 2; the events are Moved then TurnPassed
    state = RACE.start(RaceSetup())
    events = RACE.decide(state, Step(2), ScriptedDice(()))
    seen: list[tuple[int, int]] = []

    def said(event: object, before: RaceState, after: RaceState) -> str:
        seen.append((before.track.positions[0], after.track.positions[0]))
        return type(event).__name__

    # Act
    lines, after = tell_events(7, "step 2", events, state, evolve=RACE.evolve, describe=said)
    # Assert
    assert lines == [
        Told(7, COMMAND, "step 2"),
        Told(7, 0, "Moved"),
        Told(7, 1, "TurnPassed"),
    ]
    assert lines[0].is_command
    assert not lines[1].is_command
    assert seen == [(0, 2), (2, 2)]
    assert after == RACE.evolve(RACE.evolve(state, events[0]), events[1])


def test_rolls_and_routine_lines_are_kept_with_their_event() -> None:
    """A ruleset's dice and routine flags land on the event's own line, not the command's."""
    state = RACE.start(RaceSetup())
    events = RACE.decide(state, Step(1), ScriptedDice(()))

    def rolls(event: object, before: RaceState) -> list[Roll]:
        del before
        return [Roll("step", (1,), (True,), "1 space")] if isinstance(event, Moved) else []

    lines, _ = tell_events(
        0,
        "step 1",
        events,
        state,
        evolve=RACE.evolve,
        describe=lambda *_: "",
        rolls=rolls,
        routine=lambda event: isinstance(event, TurnPassed),
    )
    assert [line.rolls for line in lines] == [(), (Roll("step", (1,), (True,), "1 space"),), ()]
    assert [line.routine for line in lines] == [False, False, True]


def test_a_run_of_entries_is_told_from_where_it_starts() -> None:
    """Telling from entry 2 on gives the same lines as telling the whole game, index for index."""
    game = _race(Step(2), Step(3), RollCommand(), Step(1), dice=(3,))
    whole = tell_entries(RACE, game.initial, game.entries)
    tail = tell_entries(RACE, game.state_at(2), game.entries[2:], first=2)
    assert tail == whole[2:]
    assert [lines[0].entry for lines in whole] == [0, 1, 2, 3]
    assert whole[2][0].text == "roll"
    assert whole[2][1].text == "Red rolls 3."


def test_the_race_tells_its_commands_and_events_in_words() -> None:
    """The toy ruleset's `tell`: the command as typed, then who did what."""
    game = _race(Step(3), Step(3), Step(2), Step(3))
    told = tell_entries(RACE, game.initial, game.entries)
    assert [t.text for t in told[0]] == ["step 3", "Red moves 3 to 3.", "Blue is up."]
    assert [t.text for t in told[-1]] == [
        "step 3",
        "Blue moves 3 to 6.",
        "Blue wins (finish line).",
    ]
    assert isinstance(game.entries[-1].events[-1], Won)


# ------------------------------------------------------------------ whole games, engine only
def _told_game(game: Game) -> list[list[Told]]:  # type: ignore[type-arg]
    """Tell every entry, checking each entry's state after is the game's own."""
    state = game.initial
    told = []
    for index, entry in enumerate(game.entries):
        lines, state = game.ruleset.tell(index, entry.command, entry.events, state)
        assert state == game.state_at(index + 1)
        told.append(lines)
    return told


def _assert_every_command_is_told(game: Game, told: list[list[Told]]) -> None:  # type: ignore[type-arg]
    assert len(told) == len(game.entries)
    for index, (entry, lines) in enumerate(zip(game.entries, told, strict=True)):
        assert lines[0] == Told(index, COMMAND, lines[0].text)
        assert lines[0].text
        assert [line.event for line in lines[1:]] == list(range(len(entry.events)))
        for event, line in zip(entry.events, lines[1:], strict=True):
            assert line.entry == index
            assert line.text
            assert line.text.rstrip(".") != type(event).__name__, line  # no fallback line


def test_a_whole_battletech_policy_game_is_told_by_the_engine_alone() -> None:
    """Issue 12: two aggressive players to the end; a line for every command and every event."""
    # Arrange: a small board with woods and water, two 'Mechs a side, four turns at most
    board = terrain_board(
        10, 10, h0504=Terrain(woods=Woods.HEAVY), h0605=Terrain(water=1), h0506=Terrain(level=1)
    )
    gun = design(50, 5, 4, name="Griffin", equipment=[("Medium Laser", Location.RA)])
    brick = design(65, 4, 0, name="Brick", equipment=[("LRM 10", Location.RT)])
    pilot = Pilot("Kell", 4, 5)
    setup = BTSetup(
        board,
        ("Blue", "Red"),
        (
            UnitSetup(gun, 0, pilot),
            UnitSetup(brick, 0, pilot),
            UnitSetup(gun, 1, pilot),
            UnitSetup(brick, 1, pilot),
        ),
        deploy_rows=2,
        victory=Victory(turns=4),
    )
    game = Game(BATTLETECH, setup, Dice(5))
    rng = random.Random(5)  # noqa: S311 - a player, not cryptography
    # Act: play it out
    while game.state.phase is not Phase.OVER:
        command = aggressive(game.state, rng)
        assert command is not None
        game.execute(command)
        assert len(game.log) < 2000
    told = _told_game(game)
    # Assert
    _assert_every_command_is_told(game, told)
    texts = [line.text for lines in told for line in lines]
    assert any("deploys in" in text for text in texts)
    assert any("needed, rolled" in text for text in texts)
    assert all(line.rolls == () for lines in told for line in lines)  # dice are in the words
    assert texts[-1].startswith(("Blue wins", "Red wins", "The game ends in a draw"))


def test_a_whole_paper_mech_game_is_told_by_the_engine_alone() -> None:
    """Issue 12: a game to its end by the greedy player; the dice come with their lines."""
    game = Game(PAPERMECH, PaperSetup(), Dice(3))
    rng = random.Random(3)  # noqa: S311 - a player, not cryptography
    while not game.summary.over:
        game.execute(GreedyPolicy().choose(game.state, legal_commands(game.state), rng))
        assert len(game.log) < 2000
    told = _told_game(game)
    _assert_every_command_is_told(game, told)
    assert told[0][0].text == "deploy"
    assert any(line.rolls for lines in told for line in lines)
    assert any(line.routine for lines in told for line in lines)
    assert told[-1][-1].text.startswith(("Victory!", "Game over"))


def test_a_retold_game_equals_the_story_told_as_it_was_played() -> None:
    """Telling entry by entry as commands come gives the lines of one telling at the end."""
    game = Game(PAPERMECH, PaperSetup(), Dice(8))
    live: list[list[Told]] = []
    for _ in range(12):
        before = game.state
        entry = game.execute(legal_commands(before)[0]).entry  # type: ignore[union-attr]
        lines, after = PAPERMECH.tell(len(live), entry.command, entry.events, before)
        assert after == game.state
        live.append(lines)
    assert live == tell_entries(PAPERMECH, game.initial, game.entries)


# ------------------------------------------------------------------ purity
def _imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            roots.add(node.module.split(".")[0])
    return roots


def test_no_engine_module_imports_the_tui_rich_textual_or_saves() -> None:
    """DESIGN 1: the narration modules too are pure (`engine/narration.py`, each narrate)."""
    modules = sorted((ROOT / "engine").rglob("*.py"))
    names = {path.relative_to(ROOT).as_posix() for path in modules}
    assert {
        "engine/narration.py",
        "engine/battletech/narrate/hexwords.py",
        "engine/battletech/narrate/__init__.py",
        "engine/battletech/narrate/combat.py",
        "engine/papermech/narrate.py",
    } <= names
    offenders = {
        path.relative_to(ROOT).as_posix(): sorted(_imported_roots(path) & set(OUTSIDE))
        for path in modules
    }
    assert {name: roots for name, roots in offenders.items() if roots} == {}


def test_telling_loads_no_tui_rich_or_textual() -> None:
    """Imported on their own, both rulesets' narration pull in nothing outside the engine."""
    code = (
        "import sys\n"
        "import engine.narration, engine.battletech.narrate, engine.papermech.narrate\n"
        "import engine.battletech, engine.papermech\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {OUTSIDE!r}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.strip() == "[]"


def test_every_battletech_sentence_is_registered_by_importing_any_part() -> None:
    """STYLE: the package's `__init__` imports its parts (no import at the bottom of a module)."""
    code = (
        "from engine.battletech.narrate.sentences import describe\n"
        "from engine.battletech import events as ev\n"
        "print(all(k in describe.registry for k in "
        "(ev.AttackDeclared, ev.CriticalHit, ev.PilotingRoll, ev.WindRolled)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.strip() == "True"
