"""BattleTech properties (DESIGN 7): random play never crashes, and the log is the truth.

Random streams pick among `legal_commands` (every listed command must be accepted) mixed with
arbitrary commands (each is accepted or refused with nothing changed), undo and redo. The board
has woods, water, rubble, pavement, a building and a cliff, so rolls, falls and skids happen.
"""

from __future__ import annotations

import functools
import json
from datetime import UTC, datetime
from pathlib import Path

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.battletech import RULESET, format_command
from engine.battletech import commands as cmd
from engine.battletech.board import Building, BuildingClass, Terrain, Woods
from engine.battletech.designs.mech import Location
from engine.battletech.rules.options import legal_commands
from engine.battletech.state import AttackKind, BTSetup, BTState, MoveMode, Pilot, UnitSetup
from engine.dice import Dice
from engine.game import Accepted, Command, Event, Game, Rejected, UndoPolicy
from engine.hexes import Facing, Hex
from saves.codec import make_converter
from saves.journal import Journal, read_game
from tests.engine.battletech._build import design, terrain_board

CREATED = datetime(2026, 11, 21, tzinfo=UTC)
SEEDS = st.integers(min_value=0, max_value=2**63)
FEW = settings(max_examples=20)  # each step lists every reachable position of every unit

BOARD = terrain_board(
    10,
    10,
    h0403=Terrain(woods=Woods.HEAVY, level=1),
    h0503=Terrain(woods=Woods.LIGHT),
    h0404=Terrain(water=2),
    h0504=Terrain(water=1),
    h0505=Terrain(rubble=True),
    h0606=Terrain(pavement=True),
    h0607=Terrain(pavement=True),
    h0608=Terrain(pavement=True),
    h0506=Terrain(pavement=True),
    h0707=Terrain(building=Building(BuildingClass.MEDIUM, 40, 2)),
    h0305=Terrain(level=2),
    h0306=Terrain(level=3),
)
L = Location
JUMPER = design(
    50,
    5,
    4,
    name="Jumper",
    equipment=[
        ("Medium Laser", L.RA),
        ("SRM 4", L.LT),
        ("IS Ammo SRM-4", L.LT),
        ("Machine Gun", L.CT, True),
        ("IS Ammo MG - Full", L.CT),
    ],
)
HEAVY = design(
    80,
    3,
    0,
    name="Heavy",
    equipment=[
        ("LRM 10", L.RT),
        ("IS Ammo LRM-10", L.RT),
        ("PPC", L.LA),
        ("Medium Laser", L.HD),
        ("Medium Laser", L.LL),
    ],
)
SCOUT = design(35, 6, 6, name="Scout", equipment=[("Medium Laser", L.LA), ("Flamer", L.RA)])
SETUP = BTSetup(
    BOARD,
    ("Blue", "Red"),
    (
        UnitSetup(JUMPER, 0, Pilot("A", 4, 5), Hex.from_label("0405")),
        UnitSetup(HEAVY, 0, Pilot("B", 4, 6)),
        UnitSetup(SCOUT, 1, Pilot("C", 4, 4), Hex.from_label("0808")),
    ),
)
SHOTS = st.lists(
    st.builds(
        cmd.Shot,
        st.integers(-1, 6),
        st.one_of(st.none(), st.integers(-1, 3)),
        st.one_of(st.none(), st.builds(Hex.from_offset, st.integers(0, 9), st.integers(0, 9))),
        st.one_of(st.none(), st.sampled_from(Location)),
    ),
    max_size=4,
).map(tuple)
HEXES = st.builds(Hex.from_offset, st.integers(-1, 10), st.integers(-1, 10))
STEPS = st.lists(st.builds(cmd.Step, st.sampled_from(cmd.StepKind), st.none()), max_size=8)
ANY_COMMAND = st.one_of(
    st.builds(cmd.Deploy, st.integers(0, 3), HEXES, st.sampled_from(Facing)),
    st.just(cmd.RollInitiative()),
    st.builds(cmd.Move, st.integers(0, 3), st.sampled_from(MoveMode), STEPS),
    st.builds(
        cmd.Jump, st.integers(0, 3), st.lists(HEXES, max_size=5).map(tuple), st.sampled_from(Facing)
    ),
    st.builds(cmd.EndMove, st.integers(0, 3)),
    st.just(cmd.EndPhase()),
    st.builds(
        cmd.FireWeapons,
        st.integers(0, 3),
        SHOTS,
        st.integers(-2, 2),
        st.booleans(),
        st.one_of(st.none(), st.integers(0, 3)),
    ),
    st.builds(
        cmd.PhysicalAttack,
        st.integers(0, 3),
        st.one_of(st.none(), st.sampled_from(AttackKind)),
        st.one_of(st.none(), st.integers(-1, 3)),
        st.one_of(st.none(), st.sampled_from(Location)),
    ),
    st.builds(cmd.DumpAmmo, st.integers(0, 3), st.lists(st.integers(-1, 6), max_size=3).map(tuple)),
    st.builds(cmd.Eject, st.integers(0, 3)),
)
STEP = st.one_of(
    st.integers(min_value=0, max_value=10_000).map(lambda i: ("legal", i)),
    ANY_COMMAND.map(lambda c: ("any", c)),
    st.just(("undo", None)),
    st.just(("redo", None)),
)


def _step(game: Game, step: tuple) -> None:  # type: ignore[type-arg]
    kind, value = step
    if kind == "undo":
        game.undo()
    elif kind == "redo":
        game.redo()
    elif kind == "legal":
        options = legal_commands(game.state)
        if options:
            command = options[value % len(options)]
            before = game.state
            outcome = game.execute(command)
            assert isinstance(outcome, Accepted), (command, outcome)
            _acted_alive(before, command)
    else:
        before, cursor = game.state, game.cursor
        outcome = game.execute(value)
        if isinstance(outcome, Rejected):
            assert game.state is before
            assert game.cursor == cursor
            assert outcome.reason
        else:
            _acted_alive(before, value)


def _acted_alive(before: BTState, command: Command) -> None:
    """A destroyed (or ejected) unit never acts: no accepted command names it."""
    unit = getattr(command, "unit", None)
    if isinstance(unit, int) and 0 <= unit < len(before.units):
        assert not before.units[unit].destroyed, command


def _fold(game: Game) -> object:  # type: ignore[type-arg]
    state = RULESET.start(game.setup)
    for entry in game.log[: game.cursor]:
        state = functools.reduce(RULESET.evolve, entry.events, state)
    return state


def _invariants(game: Game) -> None:  # type: ignore[type-arg]
    state = game.state
    for unit in state.units:
        assert min(unit.body.armor) >= 0
        assert min(unit.body.rear) >= 0
        assert min(unit.body.internal) >= 0
        assert unit.body.heat >= 0
        assert 0 <= unit.body.wounds <= 6
    standing = [u.hex for i, u in enumerate(state.units) if u.on_map and i != state.active]
    assert len(standing) == len(set(standing)), "BT-M-25: one 'Mech per hex"


@FEW
@given(seed=SEEDS, steps=st.lists(STEP, max_size=40))
def test_random_streams_never_crash_and_the_log_folds_to_the_state(seed: int, steps: list) -> None:
    """Listed commands are accepted, others accepted or refused; the log folds to the state."""
    game = Game(RULESET, SETUP, Dice(seed), undo_policy=UndoPolicy.SOLO)
    for step in steps:
        _step(game, step)
        _invariants(game)
    assert _fold(game) == game.state


@FEW
@given(seed=SEEDS, picks=st.lists(st.integers(min_value=0, max_value=10_000), max_size=40))
def test_undo_then_redo_is_the_identity(seed: int, picks: list[int]) -> None:
    """Undoing every entry then redoing them all gives back the same state and dice position."""
    game = Game(RULESET, SETUP, Dice(seed), undo_policy=UndoPolicy.SOLO)
    for pick in picks:
        _step(game, ("legal", pick))
    state, position = game.state, game.dice_position
    undone = 0
    while isinstance(game.undo(), Accepted):
        undone += 1
    assert game.cursor == 0
    for _ in range(undone):
        assert isinstance(game.redo(), Accepted)
    assert game.state == state
    assert game.dice_position == position


@FEW
@given(seed=SEEDS, picks=st.lists(st.integers(min_value=0, max_value=10_000), max_size=30))
def test_save_then_load_is_the_identity(tmp_path_factory, seed: int, picks: list[int]) -> None:
    """A journal written command by command loads back to the same game, and the same events."""
    path: Path = tmp_path_factory.mktemp("bt") / "game.jsonl"
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
    again = Game(RULESET, SETUP, Dice(seed))
    for entry in expected.log:
        assert isinstance(again.execute(entry.command), Accepted)
    conv = make_converter(RULESET)
    assert [json.dumps(conv.unstructure(e.events)) for e in again.log] == [
        json.dumps(conv.unstructure(e.events)) for e in expected.log
    ]


@FEW
@given(seed=SEEDS, picks=st.lists(st.integers(min_value=0, max_value=10_000), max_size=30))
def test_every_legal_command_reads_back_from_its_text(seed: int, picks: list[int]) -> None:
    """DESIGN 3: the command language writes and reads every legal command unchanged."""
    game = Game(RULESET, SETUP, Dice(seed))
    for pick in picks:
        for command in legal_commands(game.state):
            assert RULESET.parse_command(format_command(command), game.state) == command
        _step(game, ("legal", pick))


def test_commands_and_events_of_long_games_round_trip_through_the_codec() -> None:
    """Long games: every command and event survives unstructure -> structure unchanged."""
    conv = make_converter(RULESET)
    seen: set[str] = set()
    for seed in range(4):
        game = Game(RULESET, SETUP, Dice(seed))
        pick = seed
        while len(game.log) < 90 and not game.summary.result:
            options = legal_commands(game.state)
            game.execute(options[(pick * 7919) % len(options)])
            pick += 1
        for entry in game.log:
            data = json.loads(json.dumps(conv.unstructure(entry.command, Command)))
            assert conv.structure(data, Command) == entry.command
            for event in entry.events:
                seen.add(event.TAG)
                data = json.loads(json.dumps(conv.unstructure(event, Event)))
                assert conv.structure(data, Event) == event
    assert {"bt/deployed", "bt/initiative", "bt/entered", "bt/turned", "bt/heat"} <= seen


def test_whole_games_between_policies_end_with_a_result_and_replay_to_the_same_state() -> None:
    """Issue 5: whole games to `GameEnded`, every command the players give accepted.

    The invariants hold after every command, and the log replays to the same state.
    """
    import random  # noqa: PLC0415

    from engine.battletech.bot.builtin import POLICIES  # noqa: PLC0415
    from engine.battletech.state import Phase, Victory  # noqa: PLC0415

    setup = attrs.evolve(SETUP, victory=Victory(turns=12))
    tags: set[str] = set()
    for seed, policy in ((1, "aggressive"), (2, "aggressive"), (3, "random")):
        game = Game(RULESET, setup, Dice(seed))
        rng = random.Random(seed)  # noqa: S311 - a player, not cryptography
        while game.state.phase is not Phase.OVER:
            command = POLICIES[policy](game.state, rng)
            assert command is not None, game.state.phase
            before = game.state
            outcome = game.execute(command)
            assert isinstance(outcome, Accepted), (format_command(command), outcome)
            _acted_alive(before, command)
            _invariants(game)
            tags |= {e.TAG for e in outcome.entry.events}
            assert len(game.log) < 3000
        assert _fold(game) == game.state
    assert {"bt/attack_declared", "bt/attack_rolled", "bt/damage", "bt/game_ended"} <= tags
