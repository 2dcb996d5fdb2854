"""Mixed forces (DESIGN 7): random play with vehicles, platoons and squads never crashes.

Random streams pick among `legal_commands` (every listed command must be accepted) mixed with
arbitrary commands (accepted or refused with nothing changed), undo and redo, over a board of
woods, water, rough and a hill. The log folds to the state, a journal loads back to the same game,
and BT-M-25's stacking limits hold after every command.
"""

from __future__ import annotations

import functools
import json
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.battletech import RULESET
from engine.battletech.board import Terrain, Woods
from engine.battletech.data.blk import parse_blk
from engine.battletech.kinds.infantry import Occupant, stacking_problem
from engine.battletech.rules.kindmove import kind_of
from engine.battletech.rules.options import legal_commands
from engine.battletech.state import BTSetup, Pilot, UnitDesign, UnitSetup
from engine.dice import Dice
from engine.game import Accepted, Event, Game, UndoPolicy
from engine.hexes import Hex
from saves.codec import make_converter
from saves.journal import Journal, read_game
from tests.engine.battletech._build import design, terrain_board
from tests.engine.battletech.test_properties import STEP, _step

BLK = Path(__file__).resolve().parents[3] / "assets" / "units" / "blk"
CREATED = datetime(2026, 11, 27, tzinfo=UTC)
SEEDS = st.integers(min_value=0, max_value=2**63)
FEW = settings(max_examples=15, deadline=None)


def _blk(name: str) -> UnitDesign:
    return parse_blk((BLK / f"{name}.blk").read_text(encoding="utf-8")).design


BOARD = terrain_board(
    10,
    10,
    h0403=Terrain(woods=Woods.HEAVY, level=1),
    h0503=Terrain(woods=Woods.LIGHT),
    h0404=Terrain(water=2),
    h0504=Terrain(water=1),
    h0505=Terrain(rough=True),
    h0305=Terrain(level=2),
    h0606=Terrain(pavement=True),
)
SETUP = BTSetup(
    BOARD,
    ("Blue", "Red"),
    (
        UnitSetup(_blk("Bulldog Medium Tank"), 0, Pilot("A", 4, 5), Hex.from_label("0405")),
        UnitSetup(_blk("Yellow Jacket Gunship"), 0, Pilot("B", 4, 5)),
        UnitSetup(_blk("Jump Platoon (SRM)"), 0, Pilot("C", 4, 5), Hex.from_label("0306")),
        UnitSetup(design(35, 6, 6, name="Scout"), 1, Pilot("D", 4, 4), Hex.from_label("0808")),
        UnitSetup(_blk("Pegasus Scout Hover Tank"), 1, Pilot("E", 4, 5)),
        UnitSetup(_blk("Cavalier Battle Armor [Laser](Sqd4)"), 1, Pilot("F", 4, 5)),
    ),
)


def _stacking(game: Game) -> None:  # type: ignore[type-arg]
    """BT-M-25 after every command: the units of each hex (the mover aside), VTOLs included."""
    state = game.state
    hexes: dict[Hex, list[int]] = {}
    for i, unit in enumerate(state.units):
        swarming = getattr(unit.body, "swarming", None) is not None  # clings: not counted
        if unit.on_map and unit.hex is not None and i != state.active and not swarming:
            hexes.setdefault(unit.hex, []).append(i)
    for where, there in hexes.items():
        units = [state.units[i] for i in there]
        if len(units) > 1:
            assert not any(u.is_mech for u in units), where
            assert stacking_problem(Occupant(u.side, kind_of(u)) for u in units) is None, where


def _fold(game: Game) -> object:  # type: ignore[type-arg]
    state = RULESET.start(game.setup)
    for entry in game.log[: game.cursor]:
        state = functools.reduce(RULESET.evolve, entry.events, state)
    return state


@FEW
@given(seed=SEEDS, steps=st.lists(STEP, max_size=60))
def test_mixed_streams_never_crash_and_the_log_folds_to_the_state(seed: int, steps: list) -> None:  # type: ignore[type-arg]
    """Listed commands are accepted, others accepted or refused; the log folds to the state."""
    game = Game(RULESET, SETUP, Dice(seed), undo_policy=UndoPolicy.SOLO)
    for step in steps:
        _step(game, step)
        _stacking(game)
    assert _fold(game) == game.state


@FEW
@given(seed=SEEDS, picks=st.lists(st.integers(min_value=0, max_value=10_000), max_size=60))
def test_mixed_games_save_and_load_to_the_same_state(
    tmp_path_factory, seed: int, picks: list[int]
) -> None:  # type: ignore[no-untyped-def]
    """A journal of a mixed game loads back to the same state and log; events round-trip."""
    path: Path = tmp_path_factory.mktemp("btk") / "game.jsonl"
    with Journal.create(path, RULESET, SETUP, created=CREATED, seed=seed) as journal:
        for pick in picks:
            options = legal_commands(journal.game.state)
            if options:
                journal.execute(options[pick % len(options)])
        expected = journal.game
    loaded = read_game(path.read_bytes(), path.name)
    assert loaded.warnings == ()
    assert loaded.game.state == expected.state
    assert loaded.game.log == expected.log
    conv = make_converter(RULESET)
    for entry in expected.log:
        for event in entry.events:
            data = json.loads(json.dumps(conv.unstructure(event, Event)))
            assert conv.structure(data, Event) == event


def test_long_mixed_games_move_every_kind_and_fly_the_vtol() -> None:
    """Whole turns: each kind enters hexes, and the VTOL's elevation is logged."""
    tags: set[str] = set()
    movers: set[int] = set()
    for seed in range(3):
        game = Game(RULESET, SETUP, Dice(seed))
        pick = seed
        while len(game.log) < 150 and not game.summary.result:
            options = legal_commands(game.state)
            outcome = game.execute(options[(pick * 7919) % len(options)])
            assert isinstance(outcome, Accepted)
            for event in outcome.entry.events:
                tags.add(event.TAG)
                if event.TAG == "bt/entered":
                    movers.add(event.unit)  # type: ignore[attr-defined]
            pick += 1
            _stacking(game)
        assert _fold(game) == game.state
    assert "bt/elevation_changed" in tags
    assert {0, 1, 4} <= movers  # the tank, the VTOL, the hover tank
