"""Built-in Age of Destruction players for the simulator and the property tests (pure).

A player (`Policy`) is given the state and a seeded random source (``rng``, a ``random.Random``
the caller makes: the engine never makes one, STYLE 1) and returns one of the commands
`engine.aod.rules.legal_commands` lists now, or None when it lists none. Both players only ever
choose from that list (the aggressive one may re-face a listed move, AOD-8.1), so a command the
rules refuse in the simulator is a bug of the list or of the rules.

- ``random``: uniform over `legal_commands`.
- ``aggressive``: generic over whatever `legal_commands` lists, so the orders other modules add
  (ranged, close combat, assault, charges, artillery) are played as soon as they are listed:

  1. the first-player roll, terrain (any placement), deployment as near the enemy's side as the
     zone allows (AOD-5 steps 5, 6, 9), free spins towards the newcomer (AOD-8.5);
  2. a Vent order for a 'Mech whose heat shuts it down or asks for a check (AOD-10.3, AOD-10.4);
  3. an attack: any order that names an enemy unit (or an enemy's hex) and is not a move or a
     vent, against the weakest target (fewest clicks before elimination, AOD-17.4), then the
     nearest, then the attacker with the fewest tokens (AOD-7.5: a push costs a click);
  4. a Vent order for a 'Mech whose heat costs it something (AOD-3.5);
  5. the Move order that brings a unit nearest an enemy (AOD-8), walking rather than running
     when it gets as near, ending faced towards that enemy (AOD-8.1);
  6. a turn in place towards the nearest enemy when it is not in the front arc (AOD-26.5);
  7. only then the end of the turn (AOD-7.2).

`POLICIES` names them for ``hexmech sim aod --policy``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import takewhile
from typing import Protocol, TypeVar

import attrs

from engine.aod.commands import (
    CallTime,
    DeployUnit,
    EndTurn,
    FreeSpin,
    MoveUnit,
    PlaceTerrain,
    RollFirstPlayer,
    VentUnit,
    WithdrawForce,
)
from engine.aod.geometry import Arc, arc_of, facing_towards
from engine.aod.rules import (
    legal_commands,
    listed_attacks,
    listed_deployments,
    listed_moves,
    listed_vents,
)
from engine.aod.state import AoDState, Stage
from engine.game import Command
from engine.hexes import Hex

__all__ = [
    "NOT_ATTACKS",
    "POLICIES",
    "Policy",
    "Random",
    "aggressive",
    "attack_target",
    "facing_towards",
    "get_policy",
    "is_hot",
    "random_policy",
]

T = TypeVar("T")


class Random(Protocol):
    """What a player needs of a random generator; the caller passes a seeded ``random.Random``."""

    def choice(self, seq: Sequence[T]) -> T:
        """One item of ``seq``."""
        ...


Policy = Callable[[AoDState, Random], Command | None]
"""A player: the state and a random source in, the next command out (None: nothing listed)."""

NOT_ATTACKS: tuple[type[Command], ...] = (
    RollFirstPlayer,
    PlaceTerrain,
    DeployUnit,
    MoveUnit,
    VentUnit,
    FreeSpin,
    EndTurn,
    CallTime,
    WithdrawForce,
)
"""The commands that are no attack; every other listed order that names an enemy is one."""


def random_policy(state: AoDState, rng: Random) -> Command | None:
    """Any command the rules accept now, uniformly."""
    commands = legal_commands(state)
    return rng.choice(commands) if commands else None


# ------------------------------------------------------------------ what the players read
def is_hot(state: AoDState, index: int, *, dangerous: bool) -> bool:
    """The 'Mech's heat costs it something (AOD-3.5); ``dangerous``: it is shut down or checks.

    AOD-10.4: shut down, or at the radiation symbols; AOD-26.14: a position that asks for a roll.
    """
    dial = state.heat_dial(index)
    if dial is None:
        return False
    status = state.units[index].dial
    position = dial.positions[min(status.heat, len(dial.positions) - 1)]
    if status.shutdown or position.shutdown or position.checks:
        return True
    if dangerous:
        return False
    return bool(position.primary or position.secondary or position.speed)


def _named_units(state: AoDState, command: Command) -> Iterable[int]:
    """The units a command names in its fields (by ident), in field order."""
    for value in attrs.astuple(command, recurse=False):
        values = value if isinstance(value, tuple) else (value,)
        for item in values:
            if isinstance(item, str):
                found = state.index_of(item)
                if found is not None:
                    yield found


def _named_hexes(command: Command) -> Iterable[Hex]:
    for value in attrs.astuple(command, recurse=False):
        values = value if isinstance(value, tuple) else (value,)
        yield from (item for item in values if isinstance(item, Hex))


def attack_target(state: AoDState, command: Command) -> int | None:
    """The enemy unit an attack-type command is aimed at, or None when it is no attack.

    An attack is any command not in `NOT_ATTACKS` that names an enemy of the active player's unit:
    by its name, or by a hex an enemy stands in (an artillery marker's hex, AOD-13).
    """
    if isinstance(command, NOT_ATTACKS):
        return None
    player = state.active
    for index in _named_units(state, command):
        if state.units[index].owner != player and state.units[index].on_board:
            return index
    for where in _named_hexes(command):
        for index, unit in enumerate(state.units):
            if unit.on_board and unit.owner != player and unit.hex == where:
                return index
    return None


def _attacker(state: AoDState, command: Command) -> int | None:
    """The active player's unit a command orders (the first of his it names)."""
    return next(
        (n for n in _named_units(state, command) if state.units[n].owner == state.active), None
    )


def _enemies(state: AoDState, player: int) -> list[Hex]:
    return [u.hex for u in state.units if u.on_board and u.owner != player and u.hex is not None]


def _nearest(where: Hex, hexes: Sequence[Hex]) -> int:
    return min((where.distance(h) for h in hexes), default=0)


def _clicks_left(state: AoDState, index: int) -> int:
    """Clicks of damage before elimination (AOD-3.4, AOD-17.4)."""
    return state.definition(index).ko_click - state.units[index].dial.click


# ------------------------------------------------------------------ the aggressive player
def aggressive(state: AoDState, rng: Random) -> Command | None:
    """Attack the weakest enemy, else close in; vent when hot; end the turn only when idle.

    Giving orders, it lists only what each step reads (`listed_vents`, `listed_attacks`, then
    `listed_moves`), each in `legal_commands`' order, so it chooses as if it read the whole list.
    """
    if state.stage is Stage.DEPLOYMENT:
        return _deploy(state, rng)
    if state.stage is not Stage.ORDER or state.spins:
        commands = legal_commands(state)
        return _other_stage(commands, rng) if commands else None
    return _order(state, rng)


def _order(state: AoDState, rng: Random) -> Command:
    """Steps 2-7: vent if dangerous, attack, vent if hot, advance, turn, end the turn."""
    vents = listed_vents(state)
    urgent = _vent(state, vents, dangerous=True)
    if urgent is not None:
        return urgent
    attack = _attack(state, listed_attacks(state), rng)
    if attack is not None:
        return attack
    cooling = _vent(state, vents, dangerous=False)
    if cooling is not None:
        return cooling
    # AOD-7.5: a unit with a token is never moved (`_advance`, `_turn`): its moves go unlisted
    fresh = {n for n in state.owned(state.active) if not state.units[n].tokens}
    moves = listed_moves(state, fresh)
    return _advance(state, moves, rng) or _turn(state, moves) or EndTurn()


def _other_stage(commands: Sequence[Command], rng: Random) -> Command:
    """The roll, a terrain placement (before the end of placing), or the spin towards the mover."""
    spins = [c for c in commands if isinstance(c, FreeSpin) and c.facing is not None]
    if spins:
        return spins[0]
    useful = [c for c in commands if not isinstance(c, EndTurn)]
    return rng.choice(useful or list(commands))


def _deploy(state: AoDState, rng: Random) -> Command | None:
    """AOD-5 step 9: the first waiting unit, as near the enemies' zones as its own zone allows."""
    listed = listed_deployments(state)
    first = next(listed, None)
    if first is None:  # boarding a transport, or nothing
        commands = legal_commands(state)
        return rng.choice(commands) if commands else None
    mine = [first, *takewhile(lambda c: c.unit == first.unit, listed)]
    targets = [
        h for p in range(len(state.setup.players)) if p != state.active for h in state.setup.zone(p)
    ]
    gaps = _gaps({c.hex for c in mine}, targets)
    best = min(gaps.values())
    return rng.choice([c for c in mine if gaps[c.hex] == best])


def _gaps(wheres: Iterable[Hex], targets: Sequence[Hex]) -> dict[Hex, int]:
    """`_nearest` of each of ``wheres``, with `Hex.distance` written out (it is asked a lot)."""
    spots = [(t.q, t.r) for t in targets]
    gaps = {}
    for w in wheres:
        dqs = ((w.q - q, w.r - r) for q, r in spots)
        gaps[w] = min(((abs(dq) + abs(dr) + abs(dq + dr)) // 2 for dq, dr in dqs), default=0)
    return gaps


def _vent(state: AoDState, vents: Sequence[Command], *, dangerous: bool) -> Command | None:
    for vent in vents:
        index = state.index_of(vent.unit) if isinstance(vent, VentUnit) else None
        if index is not None and is_hot(state, index, dangerous=dangerous):
            return vent
    return None


def _attack(state: AoDState, commands: Sequence[Command], rng: Random) -> Command | None:
    """The attack on the weakest, then nearest, enemy; by the unit with the fewest tokens."""
    scored: list[tuple[tuple[int, int, int], Command]] = []
    for command in commands:
        target = attack_target(state, command)
        if target is None:
            continue
        attacker = _attacker(state, command)
        there = state.units[target].hex
        here = state.units[attacker].hex if attacker is not None else None
        distance = here.distance(there) if here is not None and there is not None else 0
        tokens = state.units[attacker].tokens if attacker is not None else 0
        scored.append(((_clicks_left(state, target), distance, tokens), command))
    if not scored:
        return None
    best = min(score for score, _ in scored)
    return rng.choice([command for score, command in scored if score == best])


def _advance(state: AoDState, moves: Sequence[Command], rng: Random) -> Command | None:
    """AOD-8: the move that gets a unit nearest an enemy, faced towards it (AOD-8.1)."""
    enemies = _enemies(state, state.active)
    if not enemies:
        return None
    fresh = {u.ident: u.hex for u in state.units if u.owner == state.active and not u.tokens}
    gaps: dict[Hex, int] = {}

    def gap(where: Hex) -> int:
        if where not in gaps:
            gaps[where] = _nearest(where, enemies)
        return gaps[where]

    scored: list[tuple[tuple[int, int, int], MoveUnit]] = []
    for move in moves:
        # AOD-7.5: a unit with a token would be pushed (a click); only attacks push
        start = fresh.get(move.unit) if isinstance(move, MoveUnit) else None
        if start is None or not isinstance(move, MoveUnit) or move.to == start:
            continue
        before, after = gap(start), gap(move.to)
        if after < before:
            scored.append(((after, after - before, int(move.run)), move))
    if not scored:
        return None
    best = min(score for score, _ in scored)
    move = rng.choice([m for score, m in scored if score == best])
    target = min(enemies, key=move.to.distance)
    return attrs.evolve(move, facing=facing_towards(move.to, target))


def _turn(state: AoDState, moves: Sequence[Command]) -> Command | None:
    """AOD-26.5: turn in place to bring the nearest enemy into the front arc."""
    enemies = _enemies(state, state.active)
    for move in moves:
        if not isinstance(move, MoveUnit):
            continue
        index = state.index_of(move.unit)
        unit = state.units[index] if index is not None else None
        if index is None or unit is None or unit.hex != move.to or unit.tokens or not enemies:
            continue
        near = min(enemies, key=move.to.distance)
        if arc_of(state.occupant(index), near) is Arc.FRONT:
            continue
        if move.facing == facing_towards(move.to, near):
            return move
    return None


POLICIES: dict[str, Policy] = {"random": random_policy, "aggressive": aggressive}
"""The built-in players by simulator name."""


def get_policy(name: str) -> Policy | None:
    """The player called ``name`` (None when there is none)."""
    return POLICIES.get(name)
