"""The faster listing of AoD commands lists and chooses exactly what the slower one did (issue 17).

`engine.aod.rules.legal_commands` keeps answers per state (`AoDState.memo`: orderable, the
formation roster, combatants, move searches in `engine.aod.reach`), tries ranged formations only
for linked groups, searches a special attack's move only near a target, an escort's captive once
and a movement formation member's path only towards its end; the aggressive player reads
`listed_vents`, `listed_attacks` and `listed_moves` instead of the whole list. Each test sets
the new code beside the code it replaced (copied here verbatim as ``_old_*``, run on a fresh copy
of the state, whose memo is empty) in states of real games of the demo scenario (AOD-26.16) for
two and four players, and in hand-built ones.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

import attrs
import pytest

from engine.aod import policies
from engine.aod.captives import captive_hexes, escort_moves
from engine.aod.closecombat import SpecialKind
from engine.aod.commands import (
    DeployAboard,
    DeployUnit,
    EndTurn,
    FreeSpin,
    LoadTransport,
    MoveFormation,
    MoveUnit,
    PlaceTerrain,
    RangedFormation,
    RollFirstPlayer,
    SpecialMove,
    UnloadTransport,
    VentUnit,
)
from engine.aod.evolve import evolve
from engine.aod.formation_attack import (
    MAX_SHOOTERS,
    ranged_formation_commands,
    ranged_formation_problem,
)
from engine.aod.formation_order import _shortest
from engine.aod.formations import SIZES, FormationKind
from engine.aod.geometry import Battlefield
from engine.aod.movement import Altitude, check_path, reachable, reachable_states
from engine.aod.moving import move_allowance
from engine.aod.policies import aggressive, random_policy
from engine.aod.reach import reach
from engine.aod.rules import (
    decide,
    legal_commands,
    listed_attacks,
    listed_deployments,
    listed_moves,
    listed_vents,
)
from engine.aod.special_order import (
    _landing_problem,
    _problem,
    jump_allowance,
    special_commands,
)
from engine.aod.state import AoDSetup, AoDState, OrderKind, Stage
from engine.aod.terrain import HexTerrain
from engine.aod.turns import orderable
from engine.aod.units import SpeedMode, UnitType
from engine.dice import Dice
from engine.game import Command
from engine.hexes import Facing, Hex
from tests.engine.aod import _game
from tests.engine.aod._assets import units
from tests.engine.aod._boards import SHALLOW, WOODS, field, terrain, unit
from tui.aod.sim import four_player_table

N, S = Facing.N, Facing.S
_NOT_LISTED_AS_ATTACKS = (
    EndTurn,
    VentUnit,
    MoveUnit,
    MoveFormation,
    LoadTransport,
    UnloadTransport,
    DeployUnit,
    DeployAboard,
    RollFirstPlayer,
    PlaceTerrain,
    FreeSpin,
)
"""What `listed_attacks` leaves out of `legal_commands`."""


def _fresh(state: AoDState) -> AoDState:
    """The same state with nothing remembered (`AoDState.memo` starts empty)."""
    return attrs.evolve(state)


# ---- the code replaced, verbatim (engine/aod at commit fdef6cb) -------------------------------


def _old_aggressive(state: AoDState, rng: random.Random) -> Command | None:  # noqa: PLR0911
    """`engine.aod.policies.aggressive` before: every step read the whole `legal_commands`."""
    commands = legal_commands(state)
    if not commands:
        return None
    if state.stage is Stage.DEPLOYMENT:
        return _old_deploy(state, commands, rng)
    if state.stage is not Stage.ORDER or state.spins:
        return policies._other_stage(commands, rng)
    vents = [c for c in commands if isinstance(c, VentUnit)]
    urgent = policies._vent(state, vents, dangerous=True)
    if urgent is not None:
        return urgent
    attack = policies._attack(state, commands, rng)
    if attack is not None:
        return attack
    cooling = policies._vent(state, vents, dangerous=False)
    if cooling is not None:
        return cooling
    moves = [c for c in commands if isinstance(c, MoveUnit)]
    return (
        policies._advance(state, moves, rng)
        or policies._turn(state, moves)
        or _old_end(commands, rng)
    )


def _old_deploy(state: AoDState, commands: Sequence[Command], rng: random.Random) -> Command:
    deployments = [c for c in commands if isinstance(c, DeployUnit)]
    if not deployments:
        return rng.choice(commands)
    first = deployments[0].unit
    mine = [c for c in deployments if c.unit == first]
    targets = [
        h for p in range(len(state.setup.players)) if p != state.active for h in state.setup.zone(p)
    ]
    best = min(policies._nearest(c.hex, targets) for c in mine)
    return rng.choice([c for c in mine if policies._nearest(c.hex, targets) == best])


def _old_end(commands: Sequence[Command], rng: random.Random) -> Command:
    ends = [c for c in commands if isinstance(c, EndTurn)]
    return ends[0] if ends else rng.choice(commands)


def _old_special_commands(state: AoDState, index: int) -> list[Command]:
    unit, printed = state.units[index], state.definition(index)
    if unit.hex is None or unit.engaged or printed.unit_type is UnitType.INFANTRY:
        return []
    kinds = (SpecialKind.CHARGE, SpecialKind.DFA) if printed.is_mech else (SpecialKind.RAM,)
    found: list[Command] = []
    for kind in kinds:
        ends = _old_special_ends(state, index, kind)
        for target, other in enumerate(state.units):
            if other.owner == unit.owner or not other.on_board or other.hex is None:
                continue
            if state.definition(target).unit_type is UnitType.INFANTRY:
                continue
            for where in sorted(other.hex.ring(1)):
                facing = where.direction_to(other.hex)
                if where not in ends or facing is None:
                    continue
                command = SpecialMove(unit.ident, kind, where, facing, other.ident)
                if _problem(state, index, target, command) is None:
                    found.append(command)
    return found


def _old_special_ends(state: AoDState, index: int, kind: SpecialKind) -> frozenset[Hex]:
    unit = state.units[index]
    assert unit.hex is not None
    if kind is SpecialKind.DFA:
        start = unit.hex
        return frozenset(
            where
            for where in start.spiral(jump_allowance(state, index))
            if not _landing_problem(state, index, where)
        )
    field_, indices = state.battlefield()
    budget = move_allowance(state, index, run=kind is SpecialKind.CHARGE)
    reached = reachable_states(field_, indices.index(index), budget)
    return frozenset(where for where, altitude in reached if altitude is Altitude.NOE)


def _old_ranged_formation_commands(state: AoDState) -> list[Command]:
    if not state.orders_left:
        return []
    able = [n for n in state.owned(state.active) if OrderKind.RANGED in orderable(state, n)]
    able = able[:MAX_SHOOTERS]
    fewest, _ = SIZES[FormationKind.RANGED]
    found: list[Command] = []
    for target, other in enumerate(state.units):
        if other.owner == state.active or not other.on_board or other.captor is not None:
            continue
        for group in combinations(able, fewest):
            if not ranged_formation_problem(state, group, target):
                idents = tuple(state.units[n].ident for n in group)
                found.append(RangedFormation(idents, other.ident))
                break
    return found


def _old_moves(state: AoDState, index: int) -> list[Command]:
    """`engine.aod.rules._moves` before (an escort's moves aside): two searches, sorted pairs."""
    unit, printed = state.units[index], state.definition(index)
    field_, indices = state.battlefield()
    at = indices.index(index)
    vtol = printed.speed_mode is SpeedMode.VTOL
    start = unit.hex
    assert start is not None
    found: list[Command] = [MoveUnit(unit.ident, start, f) for f in Facing if f != unit.facing]
    walked = reachable_states(field_, at, move_allowance(state, index))
    runs = (
        reachable_states(field_, at, move_allowance(state, index, run=True))
        if printed.is_mech
        else {}
    )
    for run, ends in ((False, walked), (True, {k: v for k, v in runs.items() if k not in walked})):
        for where, altitude in sorted(ends):
            if where == start and altitude is unit.altitude:
                continue
            found.append(MoveUnit(unit.ident, where, unit.facing, run, altitude if vtol else None))
    return found


def _old_escort_moves(fld: Battlefield, escort: int, captive: int, budget: int) -> dict[Hex, int]:
    """`escort_moves` of a vehicle or infantry captive before: `captive_hexes` for every end."""
    from engine.aod.captives import _pair_field, _without  # noqa: PLC0415

    alone = _without(_pair_field(fld, escort, captive), captive)
    moved = escort if escort < captive else escort - 1
    found = reachable(alone, moved, budget)
    return {
        where: cost
        for where, cost in found.items()
        if captive_hexes(fld, escort, captive, where, budget)
    }


def _old_shortest(fld: Battlefield, at: int, end: Hex, budget: int) -> tuple[Hex, ...] | None:
    """`engine.aod.formation_order._shortest` before: every path within the allowance tried."""
    start = fld.units[at].hex
    if end == start:
        return ()
    seen = {start}
    frontier: list[tuple[Hex, ...]] = [()]
    while frontier:
        following = []
        for path in frontier:
            here = path[-1] if path else start
            for step in here.neighbors():
                trial = (*path, step)
                if step in seen or check_path(fld, at, trial, budget) is not None:
                    continue
                if step == end:
                    return trial
                seen.add(step)
                following.append(trial)
        frontier = following
    return None


# ---- states of real games --------------------------------------------------------------------


def _states(setup: AoDSetup, seed: int, limit: int) -> Iterator[AoDState]:
    """States of a seeded game, the next command by the aggressive or the random player in turn.

    Two thirds of the commands are the aggressive player's, so the game comes to blows; the rest
    random, to reach states the aggressive player never would.
    """
    rng, dice = random.Random(seed), Dice(seed)  # noqa: S311 - a game player's choices
    state = _game.ruleset().start(setup)
    for _ in range(limit):
        if state.result is not None:
            return
        yield state
        player = random_policy if rng.random() < 1 / 3 else aggressive
        command = player(state, rng)
        assert command is not None, state.stage
        for event in decide(state, command, dice):
            state = evolve(state, event)


@pytest.fixture(scope="module")
def two_players() -> AoDSetup:
    return attrs.evolve(_game.ruleset().make_setup(None), round_limit=3)


@pytest.fixture(scope="module")
def four_players() -> AoDSetup:
    return attrs.evolve(_game.ruleset().make_setup(four_player_table()), round_limit=2)


@pytest.fixture(scope="module")
def game_states(two_players: AoDSetup, four_players: AoDSetup) -> list[AoDState]:
    """About 100 states: a two-player game of 3 rounds and a four-player one of 2."""
    return [*_states(two_players, 5, 55), *_states(four_players, 8, 50)]


def test_the_games_reach_attacks_formations_and_every_stage(game_states: list[AoDState]) -> None:
    """The states below are worth testing: deployment, orders, attacks listed, spins."""
    stages = {s.stage for s in game_states}
    attacks = sum(1 for s in game_states if listed_attacks(s))
    assert {Stage.FIRST_PLAYER, Stage.DEPLOYMENT, Stage.ORDER} <= stages
    assert any(s.spins for s in game_states)
    assert attacks >= 20
    assert any(isinstance(c, SpecialMove) for s in game_states for c in listed_attacks(s))


def test_the_aggressive_player_chooses_what_it_chose_reading_the_whole_list(
    game_states: list[AoDState],
) -> None:
    """The same command and the same draws of the random source, in every state.

    The command is listed (a move maybe re-faced, AOD-8.1) and the rules accept it.
    """
    for number, state in enumerate(game_states):
        new_rng, old_rng = random.Random(number), random.Random(number)  # noqa: S311
        fresh = _fresh(state)
        chosen = aggressive(state, new_rng)

        assert chosen == _old_aggressive(fresh, old_rng), number
        assert new_rng.getstate() == old_rng.getstate(), number
        assert chosen is not None
        listed = legal_commands(fresh)
        if isinstance(chosen, MoveUnit):  # listed as the unit faces, or turned in place
            assert any(attrs.evolve(chosen, facing=f) in listed for f in Facing), number
        else:
            assert chosen in listed, number
        assert decide(state, chosen, Dice(number)), number


def test_the_listing_asked_piecemeal_is_the_whole_list_and_in_its_order(
    game_states: list[AoDState],
) -> None:
    """`listed_*` then `legal_commands` on one state (memo warm) equals a fresh state's list.

    What `listed_attacks` leaves out names no enemy (AOD-8, AOD-18.2, AOD-9): the aggressive
    player, looking there for an attack, misses none.
    """
    for state in game_states:
        vents, attacks = listed_vents(state), listed_attacks(state)
        moves, deployments = listed_moves(state), list(listed_deployments(state))
        whole = legal_commands(_fresh(state))

        assert legal_commands(state) == whole
        assert vents == [c for c in whole if isinstance(c, VentUnit)]
        assert moves == [c for c in whole if isinstance(c, MoveUnit)]
        assert deployments == [c for c in whole if isinstance(c, DeployUnit)]
        assert attacks == [c for c in whole if not isinstance(c, _NOT_LISTED_AS_ATTACKS)]
        left = [c for c in whole if isinstance(c, _NOT_LISTED_AS_ATTACKS)]
        assert all(policies.attack_target(state, c) is None for c in left)


def test_moves_and_special_attacks_list_what_the_old_searches_listed(
    game_states: list[AoDState],
) -> None:
    """Moves (one search for walk and run) and charges, rams and DFAs (searched near targets)."""
    for state in game_states:
        if state.stage is not Stage.ORDER or state.spins:
            continue
        fresh = _fresh(state)
        for index in state.owned(state.active):
            kinds = orderable(state, index)
            if OrderKind.MOVE not in kinds or state.captive_of(index) is not None:
                continue
            assert listed_moves_of(state, index) == _old_moves(fresh, index)
            assert special_commands(state, index) == _old_special_commands(fresh, index)


def listed_moves_of(state: AoDState, index: int) -> list[Command]:
    ident = state.units[index].ident
    return [c for c in listed_moves(state) if isinstance(c, MoveUnit) and c.unit == ident]


def test_a_search_answers_every_smaller_allowance_with_the_same_ends_in_the_same_order(
    game_states: list[AoDState],
) -> None:
    """`reach` = `reachable_states` for any allowance, asked largest first or smallest first."""
    for state in game_states[::4]:
        if state.stage is not Stage.ORDER:
            continue
        fld, indices = state.battlefield()
        for index in indices:
            budgets = (12, 6, 3, 0, 7)
            warm = _fresh(state)
            for budget in budgets:
                expected = reachable_states(fld, indices.index(index), budget)
                assert list(reach(warm, index, budget).items()) == list(expected.items())
                assert reach(warm, index, budget) is reach(warm, index, budget)


def test_a_formation_member_s_shortest_path_is_the_one_found_trying_every_path(
    game_states: list[AoDState],
) -> None:
    """AOD-18.2 / AOD-26.7: paths that cannot reach the end within the allowance go untried."""
    tried = found = 0
    for state in game_states[::3]:
        if state.stage is not Stage.ORDER:
            continue
        fld, indices = state.battlefield()
        for at, index in enumerate(indices):
            start = fld.units[at].hex
            if state.definition(index).unit_type not in {UnitType.INFANTRY, UnitType.VEHICLE}:
                continue
            for end in (*start.ring(1), *start.ring(2)[::3]):
                for budget in (1, 2, 4, 7):
                    path = _shortest(fld, at, end, budget)
                    assert path == _old_shortest(fld, at, end, budget), (at, end, budget)
                    tried, found = tried + 1, found + (path is not None)
    assert found > 100
    assert tried - found > 100  # unreachable ends too: the whole search, cut short


# ---- hand-built states -----------------------------------------------------------------------

TRIO_GAME = _game.setup(["HX-001", "HX-001", "HX-001", "HX-001"], ["HX-010", "HX-001"])
"""Red: four Pathguards; Blue: a Warden and a Pathguard."""


@pytest.mark.parametrize(
    "places",
    [
        # three linked (0505, its SE and SW neighbours), a fourth apart
        {"HX-001a": "0505", "HX-001b": "0605", "HX-001c": "0405", "HX-001d": "1505"},
        # the linked three are the last three
        {"HX-001a": "1505", "HX-001b": "0505", "HX-001c": "0605", "HX-001d": "0405"},
        # four in a row: several linked trios, the first legal one listed
        {"HX-001a": "0505", "HX-001b": "0605", "HX-001c": "0705", "HX-001d": "0805"},
        # nobody linked: no formation
        {"HX-001a": "0303", "HX-001b": "0606", "HX-001c": "0909", "HX-001d": "1212"},
    ],
)
def test_ranged_formations_tried_only_for_linked_groups_are_the_same(
    places: dict[str, str],
) -> None:
    """AOD-18.3: a group not linked by base contact is never legal: skipping it changes nothing."""
    state = _game.arrange(
        TRIO_GAME,
        {
            **{ident: (where, S) for ident, where in places.items()},
            "HX-010a": ("0508", N),
            "HX-001e": ("0709", N),
        },
    )
    found = ranged_formation_commands(state)
    assert found == _old_ranged_formation_commands(_fresh(state))
    linked = "0303" not in places.values()
    assert bool(found) is linked  # a trio within range of an enemy is listed


@pytest.mark.parametrize(
    ("mode", "cells", "budget"),
    [
        (SpeedMode.WHEELED, (("0907", SHALLOW),), 6),
        (SpeedMode.WHEELED, (("1009", SHALLOW),), 6),
        (SpeedMode.TRACKED, (("1009", WOODS), ("1110", WOODS)), 4),
        (SpeedMode.FOOT, (), 3),
        (SpeedMode.HOVER, (("1011", WOODS),), 1),
    ],
)
def test_an_escort_ends_where_its_captive_can_be_set_down_beside_it(
    mode: SpeedMode, cells: tuple[tuple[str, HexTerrain], ...], budget: int
) -> None:
    """AOD-14.4 / AOD-26.7: the captive's reach found once serves every end of the escort."""
    board = terrain(cells)
    fld = field(board, unit("1010", SpeedMode.FOOT), unit("1011", mode, side=None))
    captive = units()["HX-008"]  # a vehicle: the pair moves together
    moves = escort_moves(fld, 0, 1, captive, budget)
    assert moves == _old_escort_moves(fld, 0, 1, budget)
    assert list(moves) == list(_old_escort_moves(fld, 0, 1, budget))
