"""Built-in Dystopian Wars players for the simulator and the property tests (pure).

A player (`Policy`) is given the state and a seeded random source (``rng``, a ``random.Random``
the caller makes: the engine never makes one, STYLE 1) and returns one of the commands
`engine.dystopian.rules.legal_commands` lists now, or None when it lists none. Both players only
ever choose from that list, so a command the rules refuse in the simulator is a bug of the list
or of the rules; and they read the list generically, so the commands other modules add (boarding,
aircraft) are played as soon as they are listed.

- ``random``: uniform over `legal_commands`. Every activation lists finitely many moves (each
  model moves once, DW-11) and attacks (each weapon once, DW-15.1), and the game has a turn limit
  (DW-22.6), so a game of random commands ends.
- ``aggressive``:

  1. the roll-off and the edge (DW-22.8 step 1); each model deployed in the row of its zone
     nearest the enemy's zone (DW-22.8 step 3);
  2. the squadron whose models are nearest an enemy is activated first (DW-9.2), as one element
     when it may be (DW-9.3);
  3. each model of the active squadron not yet moved makes the move that ends nearest an enemy,
     faced towards it (DW-11, DW-28.4), shunning a move off the table (DW-11.1) or into contact
     (DW-12.2);
  4. then every attack it may declare, on the weakest enemy (fewest hull points left, DW-4),
     then the nearest, with the most models linked (DW-17.1): first each `Fire`, then each
     `FireIndirect` at a target no gun sees (DW-18.7: the engine lists it only then) and each
     `FireAuxiliary` (AA at a flyer, CC at a diver, DW-18.2), then any other listed command
     that names an enemy model (a boarding, after which no attack may be declared, DW-19.3);
  5. a mine ahead of a minelayer's bow when an enemy is within 3 hexes of it (DW-18.6);
  6. only then the end of the activation (DW-7.2);
  7. asked to answer (the STAR deck, DW-8.2): it plays the first card listed (a T card at the
     turn's start, an R card on its attacked model, a counter card), else passes; in the End
     Phase it keeps its hand (DW-8.3).

`POLICIES` names them for ``hexmech sim dystopian --policy``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar

import attrs

from engine.dystopian.aux_commands import FireAuxiliary
from engine.dystopian.commands import (
    Activate,
    ChooseEdge,
    DeployModel,
    EndActivation,
    Fire,
    MoveModel,
    PlayCard,
    RollOff,
)
from engine.dystopian.indirect_commands import FireIndirect
from engine.dystopian.mine_commands import DropMine
from engine.dystopian.mine_fire import mine_ahead
from engine.dystopian.movement import parse_path, walk
from engine.dystopian.rules import legal_commands
from engine.dystopian.star_commands import PassAnswer
from engine.dystopian.state import DWState, Stage
from engine.game import Command
from engine.hexes import Facing, Hex

__all__ = [
    "NOT_ATTACKS",
    "POLICIES",
    "Policy",
    "Random",
    "aggressive",
    "attack_target",
    "get_policy",
    "random_policy",
]

T = TypeVar("T")

_MINE_REACH = 3
"""DW-18.6: the aggressive player lays a mine only within 3 hexes of an enemy."""
_SECOND = (FireIndirect, FireAuxiliary)
"""Attacks after every `Fire` and before a boarding (DW-18.7, DW-18.2, DW-19.3)."""


class Random(Protocol):
    """What a player needs of a random generator; the caller passes a seeded ``random.Random``."""

    def choice(self, seq: Sequence[T]) -> T:
        """One item of ``seq``."""
        ...


Policy = Callable[[DWState, Random], Command | None]
"""A player: the state and a random source in, the next command out (None: nothing listed)."""

NOT_ATTACKS: tuple[type[Command], ...] = (
    RollOff,
    ChooseEdge,
    DeployModel,
    Activate,
    MoveModel,
    EndActivation,
)
"""The commands that are no attack; every other listed command that names an enemy is one."""


def random_policy(state: DWState, rng: Random) -> Command | None:
    """Any command the rules accept now, uniformly."""
    commands = legal_commands(state)
    return rng.choice(commands) if commands else None


# ------------------------------------------------------------------ what the players read
def _enemies(state: DWState, player: int) -> list[Hex]:
    """The hexes of ``player``'s enemies on the table."""
    return [m.hex for m in state.models if m.on_board and m.owner != player and m.hex is not None]


def _nearest(where: Hex, hexes: Sequence[Hex]) -> int:
    return min((where.distance(h) for h in hexes), default=0)


def _towards(facing: Facing, origin: Hex, other: Hex) -> int:
    """How squarely ``facing`` points from ``origin`` at ``other`` (higher: more squarely)."""
    v = other - origin
    d = facing.delta
    return d.q * v.q + d.r * v.r + d.s * v.s


def _named_models(state: DWState, command: Command) -> Iterable[int]:
    """The models a command names in its fields (by ident), in field order."""
    for value in attrs.astuple(command, recurse=False):
        values = value if isinstance(value, tuple) else (value,)
        for item in values:
            if isinstance(item, str):
                found = state.index_of(item)
                if found is not None:
                    yield found


def attack_target(state: DWState, command: Command) -> int | None:
    """The enemy model an attack-type command is aimed at, or None when it is no attack.

    An attack is any command not in `NOT_ATTACKS` that names an enemy of the active player on the
    table: a `Fire` (DW-15), a boarding action (DW-19), whatever the engine lists next.
    """
    if isinstance(command, NOT_ATTACKS):
        return None
    for index in _named_models(state, command):
        model = state.models[index]
        if model.owner != state.active and model.on_board:
            return index
    return None


def _hull_left(state: DWState, index: int) -> int:
    """DW-4: hull points before the model is lost."""
    return state.card(index).hp - state.models[index].hull_damage


# ------------------------------------------------------------------ the aggressive player
def aggressive(state: DWState, rng: Random) -> Command | None:
    """Close in and fire at the weakest enemy; end an activation only when nothing is left."""
    commands = legal_commands(state)
    if not commands:
        return None
    if state.stage is Stage.DEPLOYMENT:
        return _deploy(state, commands, rng)
    if state.star is not None and state.star.window is not None:  # DW-8.2: asked to answer
        return next((c for c in commands if isinstance(c, PlayCard)), None) or next(
            c for c in commands if isinstance(c, PassAnswer)
        )
    if state.stage is not Stage.ACTIVATION:
        return rng.choice(commands)  # DW-22.8 step 1: the roll-off, an edge
    if state.activation is None:
        return _activate(state, commands, rng)
    moves = [c for c in commands if isinstance(c, MoveModel)]
    return (
        _advance(state, moves, rng)
        or _attack(state, commands, rng)
        or _mine(state, commands)
        or _end(commands)
        or rng.choice(commands)
    )


def _deploy(state: DWState, commands: Sequence[Command], rng: Random) -> Command:
    """DW-22.8 step 3: the first waiting model, as near the enemy's zone as its own zone allows."""
    deployments = [c for c in commands if isinstance(c, DeployModel)]
    if not deployments:
        return rng.choice(commands)
    first = deployments[0].model
    mine = [c for c in deployments if c.model == first]
    edge = state.edges[state.active]
    targets = sorted(state.setup.zone(edge.opposite), key=lambda h: h.to_offset())
    best = min(_nearest(c.hex, targets) for c in mine)
    return rng.choice([c for c in mine if _nearest(c.hex, targets) == best])


def _activate(state: DWState, commands: Sequence[Command], rng: Random) -> Command:
    """DW-9.2: the squadron nearest an enemy; DW-9.3: the whole squadron as its element."""
    enemies = _enemies(state, state.active)
    scored: list[tuple[tuple[int, int], Command]] = []
    for command in commands:
        if not isinstance(command, Activate):
            continue
        index = state.index_of(command.model)
        if index is None:
            continue
        squadron = state.models[index].squadron
        hexes = [state.models[n].hex for n in state.alive(squadron)]
        gap = min((_nearest(h, enemies) for h in hexes if h is not None), default=0)
        scored.append(((gap, int(bool(command.element))), command))
    if not scored:
        return rng.choice(commands)
    best = min(score for score, _ in scored)
    return rng.choice([command for score, command in scored if score == best])


def _advance(state: DWState, moves: Sequence[MoveModel], rng: Random) -> Command | None:
    """DW-11 / DW-28.4: the first unmoved model's move that ends nearest an enemy, faced at it."""
    if not moves:
        return None
    enemies = _enemies(state, state.active)
    first = moves[0].model
    mine = [m for m in moves if m.model == first]
    index = state.index_of(first)
    if index is None or not enemies:
        return rng.choice(mine)
    board, indices = state.board()
    piece = indices.index(index)
    mover = state.mover(index)
    scored: list[tuple[tuple[int, int, int], MoveModel]] = []
    for move in mine:
        if move.level is not None or move.rams:
            continue  # keep to its level: a dive or a climb is no way to close in
        walked = walk(board, piece, mover, parse_path(move.path))
        # DW-11.1: off the table it is lost; DW-12.2: contact is a ram or collision
        risky = int(walked.lost or walked.contact is not None or bool(walked.placements))
        target = min(enemies, key=walked.end.distance)
        aim = _towards(walked.facing, walked.end, target)
        scored.append(((risky, walked.end.distance(target), -aim), move))
    if not scored:
        return rng.choice(mine)
    best = min(score for score, _ in scored)
    return rng.choice([move for score, move in scored if score == best])


def _attack(state: DWState, commands: Sequence[Command], rng: Random) -> Command | None:
    """DW-15 / DW-17.1: the attack on the weakest, then nearest, enemy; most models linked.

    Fire comes before any other attack: a boarding ends the declarations (DW-19.3).
    """
    scored: list[tuple[tuple[int, int, int, int], Command]] = []
    for command in commands:
        target = attack_target(state, command)
        if target is None:
            continue
        there = state.models[target].hex
        mine = [n for n in _named_models(state, command) if state.models[n].owner == state.active]
        here = state.models[mine[0]].hex if mine else None
        gap = here.distance(there) if here is not None and there is not None else 0
        linked = len(command.models) if isinstance(command, Fire) else 1
        other = 0 if isinstance(command, Fire) else 1 if isinstance(command, _SECOND) else 2
        scored.append(((other, _hull_left(state, target), gap, -linked), command))
    if not scored:
        return None
    best = min(score for score, _ in scored)
    return rng.choice([command for score, command in scored if score == best])


def _mine(state: DWState, commands: Sequence[Command]) -> Command | None:
    """DW-18.6: a mine ahead of the bow, only where an enemy is within 3 hexes of it."""
    enemies = _enemies(state, state.active)
    for command in commands:
        if not isinstance(command, DropMine):
            continue
        index = state.index_of(command.model)
        ahead = None if index is None else mine_ahead(state, index)
        if ahead is not None and enemies and _nearest(ahead, enemies) <= _MINE_REACH:
            return command
    return None


def _end(commands: Sequence[Command]) -> Command | None:
    return next((c for c in commands if isinstance(c, EndActivation)), None)


POLICIES: dict[str, Policy] = {"random": random_policy, "aggressive": aggressive}
"""The built-in players by simulator name."""


def get_policy(name: str) -> Policy | None:
    """The player called ``name`` (None when there is none)."""
    return POLICIES.get(name)
