"""Built-in BattleTech players for the simulator and the property tests (pure: ``rng`` is given).

- ``random``: every choice uniform among what the rules allow *now*, sampled cheaply: a random
  unit whose slot it is, a random movement mode, a random reachable position (one reach query,
  not the whole `legal_commands` list), then a random declaration among `tohit.fire_options` /
  `physical.physical_options` (holding fire or making no physical attack included), each shot in
  a random load and an Ultra at a random rate (BT-C-75).
- ``aggressive``: closes on the nearest enemy (the reachable position nearest it, facing it,
  charging or jumping onto it when allowed) and fires with every weapon it can (Ultra
  autocannons at double rate, BT-C-75).

Both only ever return commands the rules accept; a rejection in the simulator is a bug.

`play_through` is the one headless play loop the simulator (`tui.battletech.sim`) and the bot's
style tally (`engine.battletech.bot.style`) share: a policy per seat, commands folded through
``decide``/``evolve`` until the game ends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar, overload

import attrs
from attrs import frozen

from engine.battletech.antimechevents import StopSwarm
from engine.battletech.commands import (
    BTCommand,
    Deploy,
    EndMove,
    EndPhase,
    FireWeapons,
    Jump,
    Move,
    PhysicalAttack,
    RollInitiative,
    TakeClub,
)
from engine.battletech.evolve import evolve
from engine.battletech.rules import antimech, masc, nightchoice, physical, special, tohit
from engine.battletech.rules.clubs import why_no_club
from engine.battletech.rules.flow import (
    can_end_phase,
    check_charge_move,
    decide,
    deploy_zone,
    pending,
)
from engine.battletech.rules.kindmove import deploy_problem
from engine.battletech.rules.movement import jump_paths, reachable
from engine.battletech.rules.turn import declarers
from engine.battletech.state import BTState, MoveMode, Phase, UnitState
from engine.dice import DiceSource
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex

__all__ = [
    "POLICIES",
    "Played",
    "Policy",
    "Random",
    "Refused",
    "aggressive",
    "play_through",
    "random_policy",
]

T = TypeVar("T")


class Random(Protocol):
    """What a player needs of a random generator; the runner passes a seeded ``random.Random``.

    A protocol, so the engine never imports ``random`` (STYLE 1: no global random generator).
    """

    def choice(self, seq: Sequence[T]) -> T:
        """One item of ``seq``."""
        ...

    def shuffle(self, x: list[Any]) -> None:
        """Shuffle ``x`` in place."""
        ...


Policy = Callable[[BTState, Random], BTCommand | None]
"""A player: the state and a random source in, the next command out (None: nothing to do)."""


def _common(state: BTState, rng: Random) -> BTCommand | None:
    """Deployment and initiative, the same for every policy."""
    if state.phase is Phase.INITIATIVE:
        return RollInitiative()
    if state.phase is Phase.DEPLOYMENT:
        side = state.side_to_act
        if side is None:
            return None
        units = [i for i, u in enumerate(state.units) if u.side == side and u.hex is None]
        zone = sorted(
            h
            for h in deploy_zone(state, side)
            if not state.units_at(h)
            and units
            and deploy_problem(state.units[units[0]], state.board.terrain(h)) is None  # BT-M-23
        )
        if not units or not zone:
            return None
        facing = Facing.S if side % 2 == 0 else Facing.N
        return Deploy(units[0], rng.choice(zone), facing)
    return None


def _mover(state: BTState, rng: Random) -> int | None:
    side = state.side_to_act
    if side is None:
        return None
    choices = pending(state, side)
    return rng.choice(choices) if choices else None


def _declarer(state: BTState, rng: Random) -> int | None:
    side = state.side_to_act
    if side is None:
        return None
    choices = declarers(state, side)
    return rng.choice(choices) if choices else None


class _Commands(Sequence[BTCommand]):
    """A list of commands made one at a time, when asked for: a player picks one of hundreds."""

    def __init__(self, count: int, make: Callable[[int], BTCommand]) -> None:
        self._count = count
        self._make = make

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> BTCommand: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[BTCommand]: ...

    def __getitem__(self, index: int | slice) -> BTCommand | Sequence[BTCommand]:
        if isinstance(index, slice):
            return [self[i] for i in range(self._count)[index]]
        if not -self._count <= index < self._count:
            raise IndexError(index)
        return self._make(index % self._count)


def _moves(
    state: BTState, index: int, mode: MoveMode, *, masc_on: bool = False
) -> Sequence[BTCommand]:
    """Every move of ``mode`` to a reachable position (one path each), in `reachable`'s order.

    ``masc_on``: runs with the MASC switched on (BT-C-75).
    """
    unit = state.units[index]
    if mode is MoveMode.JUMP:
        paths = jump_paths(state, index)
        jumps = [
            (paths[where], facing)
            for where, facing in reachable(state, index, mode)
            if where != unit.hex and where in paths
        ]
        return _Commands(len(jumps), lambda i: Jump(index, *jumps[i]))
    steps = [
        reach.steps
        for (where, facing), reach in reachable(state, index, mode, masc_on=masc_on).items()
        if reach.steps and not (where == unit.hex and facing == unit.facing and not _prone(unit))
    ]
    return _Commands(len(steps), lambda i: Move(index, mode, steps[i], masc=masc_on))


def _prone(unit: UnitState) -> bool:
    """A prone 'Mech (no other kind is ever prone, BT-M-37.1)."""
    return unit.is_mech and unit.mech.prone


def _continue(state: BTState, index: int, rng: Random) -> BTCommand:
    """The active unit (its move cut short by a fall): go on, or end its move if it may."""
    unit = state.units[index]
    movement = unit.movement
    alone = unit.hex is None or all(o == index for o in state.units_at(unit.hex))
    options: list[BTCommand] = [EndMove(index)] if alone else []
    if movement is not None and movement.mode in {MoveMode.WALK, MoveMode.RUN}:
        options += _moves(state, index, movement.mode)
    if not options:
        return EndMove(index)
    return rng.choice(options)


def _play(  # noqa: PLR0911 - one choice per phase
    state: BTState,
    rng: Random,
    move: Callable[[BTState, int, Random], BTCommand],
    fire: Callable[[BTState, int, Random], BTCommand],
    strike: Callable[[BTState, int, Random], BTCommand],
) -> BTCommand | None:
    """One player's turn structure: the policy decides only moves, fire and physical attacks."""
    first = _common(state, rng)
    if first is not None or state.phase in {Phase.INITIATIVE, Phase.DEPLOYMENT, Phase.OVER}:
        return first
    if state.phase is Phase.MOVEMENT:
        if answers := nightchoice.choices(state):
            return rng.choice(answers)  # NT-4: the moving side chooses who jitter-fires
        if can_end_phase(state):
            return EndPhase()
        if state.active is not None:
            return _continue(state, state.active, rng)
        index = _mover(state, rng)
        return None if index is None else move(state, index, rng)
    index = _declarer(state, rng)
    if index is None:
        return None
    if state.phase is Phase.WEAPON:
        return fire(state, index, rng)
    return strike(state, index, rng)


def _random_move(state: BTState, index: int, rng: Random) -> BTCommand:
    modes = [MoveMode.STILL, MoveMode.WALK, MoveMode.RUN, MoveMode.JUMP]
    rng.shuffle(modes)
    for mode in modes:
        if mode is MoveMode.STILL:
            break
        # BT-C-75: a run may switch the MASC on, when the roll is a safe one
        masc_on = (
            mode is MoveMode.RUN
            and state.units[index].is_mech
            and masc.sensible(state, index)
            and rng.choice((False, True))
        )
        options = _moves(state, index, mode, masc_on=masc_on)
        if options:
            return rng.choice(options)
    return Move(index, MoveMode.STILL)


def _random_fire(state: BTState, index: int, rng: Random) -> BTCommand:
    fire: list[BTCommand] = [FireWeapons(index)]
    fire += tohit.fire_options(state, index)
    fire += antimech.options(state, index)  # BT-C-35.8: leg attacks, swarms, stop swarm
    if not why_no_club(state, index):
        fire.append(TakeClub(index))
    choice = rng.choice(fire)
    return _random_modes(state, choice, rng) if isinstance(choice, FireWeapons) else choice


def _random_modes(state: BTState, command: FireWeapons, rng: Random) -> FireWeapons:
    """BT-C-75: each shot in a random load it carries, each Ultra at a random rate (if legal)."""
    unit = state.units[command.unit]
    shots = []
    for shot in command.shots:
        spec = tohit.weapon_spec(unit, shot.weapon)
        if spec is None:
            shots.append(shot)
            continue
        loads = special.loads(unit, spec)
        munition = rng.choice(loads) if len(loads) > 1 else ""
        double = "ultra" in spec.flags and rng.choice((False, True))
        shots.append(attrs.evolve(shot, munition=munition, double=double))
    varied = attrs.evolve(command, shots=tuple(shots))
    if varied == command:
        return command
    try:
        tohit.declare_fire(state, varied)
    except IllegalCommand:
        return command  # a load short of shots, a to-hit pushed past 12 ...
    return varied


def _random_strike(state: BTState, index: int, rng: Random) -> BTCommand:
    strikes: list[BTCommand] = [PhysicalAttack(index)]
    strikes += physical.physical_options(state, index)
    strikes += antimech.options(state, index)  # BT-C-35.10: brush swarmers off
    return rng.choice(strikes)


def random_policy(state: BTState, rng: Random) -> BTCommand | None:
    """The ``random`` player (see the module docstring)."""
    return _play(state, rng, _random_move, _random_fire, _random_strike)


def _nearest_enemy(state: BTState, index: int) -> Hex | None:
    unit = state.units[index]
    if unit.hex is None:
        return None
    enemies = [u.hex for u in state.units if u.side != unit.side and u.on_map and u.hex is not None]
    here = unit.hex
    return min(enemies, key=here.distance, default=None)


def _closing_move(  # noqa: C901, PLR0912 - three modes and MASC, jumps need a path
    state: BTState, index: int, rng: Random
) -> BTCommand:
    """The reachable position nearest the nearest enemy, facing it; a charge when allowed."""
    target = _nearest_enemy(state, index)
    if target is None:
        return Move(index, MoveMode.STILL)
    unit = state.units[index]
    best: list[tuple[int, BTCommand]] = []
    paths = jump_paths(state, index)
    ways = [(mode, False) for mode in (MoveMode.WALK, MoveMode.RUN, MoveMode.JUMP)]
    if unit.is_mech and masc.sensible(state, index):
        ways.append((MoveMode.RUN, True))  # BT-C-75: only where a plain run falls short
    for mode, masc_on in ways:
        for (where, facing), reach in reachable(state, index, mode, masc_on=masc_on).items():
            distance = where.distance(target)
            if distance == 0:
                continue
            ahead = where.neighbor(facing) == target
            score = distance * 10 - (5 if ahead else 0) + mode.attacker_modifier + masc_on
            if mode is MoveMode.JUMP:
                if where == unit.hex:
                    continue
                path = paths.get(where)
                if path is None:
                    continue
                best.append((score, Jump(index, path, facing)))
            elif reach.steps:
                best.append((score, Move(index, mode, reach.steps, masc=masc_on)))
    if not best:
        return Move(index, MoveMode.STILL)
    top = min(score for score, _ in best)
    choice = rng.choice([c for score, c in best if score == top])
    if isinstance(choice, Move):  # charges and rams: the rules say who may (BT-C-36/42)
        victims = [i for i, u in enumerate(state.units) if u.hex == target and u.on_map]
        for victim in victims:
            charge = Move(choice.unit, choice.mode, choice.steps, charge=victim, masc=choice.masc)
            try:
                check_charge_move(state, charge)
            except IllegalCommand:
                continue
            return charge
    return choice


def _all_guns(state: BTState, index: int, rng: Random) -> BTCommand:
    if climb := [c for c in antimech.options(state, index) if not isinstance(c, StopSwarm)]:
        return rng.choice(climb)  # BT-C-35.8: a platoon or squad next to a 'Mech climbs on
    options = tohit.fire_options(state, index)
    if not options:
        return FireWeapons(index)
    most = max(len(o.shots) for o in options)
    return _double_rate(state, rng.choice([o for o in options if len(o.shots) == most]))


def _double_rate(state: BTState, command: FireWeapons) -> FireWeapons:
    """BT-C-75: every Ultra autocannon of ``command`` at double rate, if the rules accept it."""
    unit = state.units[command.unit]
    shots = tuple(
        attrs.evolve(shot, double=True)
        if (spec := tohit.weapon_spec(unit, shot.weapon)) is not None and "ultra" in spec.flags
        else shot
        for shot in command.shots
    )
    if shots == command.shots:
        return command
    doubled = attrs.evolve(command, shots=shots)
    try:
        tohit.declare_fire(state, doubled)
    except IllegalCommand:
        return command  # too few shots left (shared bins): single rate
    return doubled


def _any_strike(state: BTState, index: int, rng: Random) -> BTCommand:
    strikes: list[BTCommand] = [*physical.physical_options(state, index)]
    strikes += antimech.options(state, index)  # BT-C-35.10: brush swarmers off
    return rng.choice(strikes) if strikes else PhysicalAttack(index)


def aggressive(state: BTState, rng: Random) -> BTCommand | None:
    """The ``aggressive`` player (see the module docstring)."""
    return _play(state, rng, _closing_move, _all_guns, _any_strike)


POLICIES: dict[str, Policy] = {"random": random_policy, "aggressive": aggressive}
"""The built-in players by name."""


@frozen
class Played:
    """One command of a game `play_through` plays: the state before it, the command, after it."""

    before: BTState
    command: BTCommand
    after: BTState


class Refused(IllegalCommand):
    """A command a policy gave and the rules refused (a bug in the policy): it names the command."""

    def __init__(self, command: BTCommand, refusal: IllegalCommand) -> None:
        super().__init__(refusal.code, refusal.message)
        self.command = command


def play_through(
    state: BTState,
    player: Policy,
    other: Policy,
    side: int | None,
    *,
    rng: Random,
    dice: DiceSource,
    max_commands: int,
) -> Iterator[Played]:
    """Play from ``state`` on, one `Played` per command: ``player`` for ``side``, ``other`` else.

    ``side`` None: ``player`` plays every side (and the steps no side takes, like initiative).
    It stops when the game is over, when the policy to act has no command (None), or after
    ``max_commands`` commands: the caller tells which from the last state. A command the rules
    refuse raises `Refused`. Pure: the policies' ``rng`` and the ``dice`` make every choice.
    """
    for _ in range(max_commands):
        if state.phase is Phase.OVER:
            return
        acting = state.side_to_act
        policy = player if side is None or acting in {None, side} else other
        command = policy(state, rng)
        if command is None:
            return
        try:
            events = decide(state, command, dice)
        except IllegalCommand as exc:
            raise Refused(command, exc) from exc
        after = state
        for event in events:
            after = evolve(event, after)
        yield Played(state, command, after)
        state = after
