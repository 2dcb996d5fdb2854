"""Built-in players for the simulator and the tests: pure functions of (state, options, rng).

A policy answers whatever the game asks (`engine.papermech.state.Prompt`) with one of the legal
commands it is handed. It never rolls the game's dice and never touches a global random generator:
the runner passes a seeded generator (the `Random` protocol), so a game is a pure function of its
two seeds.

``first`` always takes the first legal option (the headless default order), ``random`` a uniform
one, and ``greedy`` plays by a one-step estimate: the expected damage per time unit of every attack
on the enemies where they will stand when it resolves, Defend or Guard when a hit is coming, a
turn or a step that brings enemies into the arcs of ready weapons, haste when an enemy is about to
act and the hurried attack would still probably destroy it, and repairs where they matter most
(torso first). With the default loadout greedy wins about 4 games in 5, random none.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from operator import getitem
from typing import Any, Generic, Protocol, TypeVar

from attrs import frozen

from engine.papermech import radar
from engine.papermech.commands import (
    ChooseAction,
    ChooseTarget,
    Haste,
    PaperCommand,
    Pull,
    Repair,
    ResolveNext,
    SetStance,
    Turn,
    TurnDirection,
    UseShield,
    Walk,
)
from engine.papermech.options import HASTE, WAIT
from engine.papermech.state import MOUNTS, Enemy, Loadout, PaperState, Player, Prompt
from engine.papermech.tables import (
    MOUNT_ARCS,
    TORSO_PENALTY_AT,
    Action,
    Location,
    Mount,
    Ring,
    Special,
    Stance,
    Weapon,
    Wedge,
)

__all__ = ["POLICIES", "FirstPolicy", "GreedyPolicy", "Policy", "RandomPolicy"]

Space = tuple[Ring, Wedge]

T = TypeVar("T")


class Random(Protocol):
    """What a policy needs of a random generator; the runner passes a seeded ``random.Random``.

    A protocol, so the engine never imports ``random`` (STYLE 1: no global random generator).
    """

    def random(self) -> float:
        """A float in [0, 1)."""
        ...

    def choice(self, seq: Sequence[T]) -> T:
        """One item of ``seq``."""
        ...


_SIDES = 6
_CRUSH_LINE = 2
_MORTAR_MIN_RING = Ring.S
_FREE_MOVE_LEGS = 2
"""Legs lines 3 and 4 (Walk Forwards, Turn) give the free moves (PM-5.1)."""


class Policy(Protocol):
    """A player: picks one of the legal ``options`` (never empty) for ``state``."""

    def choose(
        self, state: PaperState, options: Sequence[PaperCommand], rng: Random
    ) -> PaperCommand:
        """Return one element of ``options``; ``rng`` is the only source of chance."""
        ...


@frozen
class FirstPolicy:
    """Always the first legal option: the order `legal_commands` lists (the headless default)."""

    def choose(
        self,
        state: PaperState,  # noqa: ARG002 - the protocol's signature
        options: Sequence[PaperCommand],
        rng: Random,  # noqa: ARG002
    ) -> PaperCommand:
        """Return ``options[0]``."""
        return options[0]


@frozen
class RandomPolicy:
    """A uniformly random legal option: the baseline every other policy should beat."""

    def choose(
        self,
        state: PaperState,  # noqa: ARG002 - the protocol's signature
        options: Sequence[PaperCommand],
        rng: Random,
    ) -> PaperCommand:
        """Return ``rng.choice(options)``."""
        return rng.choice(options)


# ------------------------------------------------------------------ dice arithmetic
@cache
def _distribution(dice: int, faces: int, accurate: bool) -> tuple[float, ...]:
    """P(k hits) for k = 0..dice, each die scoring on ``faces`` of 6 (Accurate: a second try)."""
    p = faces / _SIDES
    if accurate:
        p = 1 - (1 - p) ** 2
    out = [1.0]
    for _ in range(dice):
        out = [
            (out[k] if k < len(out) else 0.0) * (1 - p) + (out[k - 1] * p if k else 0.0)
            for k in range(len(out) + 1)
        ]
    return tuple(out)


def _faces(armor: int, haste: int, weapon: Weapon | None) -> int:
    """How many faces of a d6 score against ``armor`` (PM-5.2, PM-7 haste, PM-11.1 Weak)."""
    beat = max(0, min(_SIDES, _SIDES - armor - haste))
    if weapon is Weapon.MACHINE_GUN and _SIDES - haste <= armor:
        beat += 1  # Weak: a rolled 6 always scores, whatever the haste
    return beat


@cache
def _kill_and_damage(dice: int, faces: int, hp: int, *, accurate: bool) -> tuple[float, float]:
    """P(destroyed) and expected circles filled (capped at ``hp``); a few hundred answers."""
    dist = _distribution(dice, faces, accurate)
    kill = sum(dist[hp:]) if hp <= dice else 0.0
    damage = sum(min(k, hp) * q for k, q in enumerate(dist))
    return kill, damage


# ------------------------------------------------------------------ the radar, looking ahead
def _predicted(enemy: Enemy, space: Space, time: int) -> Space:
    """Where ``enemy``, now at ``space``, stands in ``time`` steps: one move if it acts (PM-6)."""
    if enemy.time > time or not enemy.profile.moves:
        return space
    if radar.reaches(enemy.profile.attacks[enemy.attack].range, space[0]):
        return radar.flank(space)
    return radar.approach(space)


def _shifted(spaces: Sequence[Space], move: str) -> list[Space]:
    """PM-8.3: every space after the player walks or turns."""
    if move == "forward":
        return [radar.walked_forward(s) for s in spaces]
    if move == "backward":
        return [radar.walked_backward(s) for s in spaces]
    clockwise = move == "cw"
    return [(ring, radar.turned(wedge, clockwise=clockwise)) for ring, wedge in spaces]


def _threat(enemy: Enemy, space: Space) -> float:
    """Rough damage the enemy's selected attack does from ``space`` (0 if out of range)."""
    attack = enemy.profile.attacks[enemy.attack]
    if not radar.reaches(attack.range, space[0]):
        return 0.0
    # About 0.4 of a die scores on an average location; from the rear every armor is 1 lower.
    return attack.p * (0.55 if space[1].rear else 0.4)


# ------------------------------------------------------------------ the sheet, precomputed
@frozen
class _Line:
    """One attack line of the loadout with everything an estimate needs, computed once."""

    action: Action
    mount: Mount
    weapon: Weapon
    dice: int
    time: int
    arc: frozenset[Wedge]
    reach: Ring
    armor_mod: int
    accurate: bool
    crush: bool
    proximity: bool
    area: bool


@lru_cache(maxsize=64)
def _lines(loadout: Loadout, penalty: int) -> tuple[_Line, ...]:
    """Every line of the loadout that rolls dice at a target (PM-11), with its T plus penalty."""
    out = []
    for mount in MOUNTS:
        weapon = loadout.weapon(mount)
        profile = weapon.profile
        if profile.range is None:
            continue
        mod = {Special.SNIPER: -1, Special.WEAK: 2}.get(profile.special, 0)
        for index, line in enumerate(profile.lines):
            if line.p == 0:
                continue
            out.append(
                _Line(
                    Action.of(mount, index),
                    mount,
                    weapon,
                    line.p,
                    line.t + penalty,
                    MOUNT_ARCS[mount],
                    profile.range,
                    mod,
                    profile.special is Special.ACCURATE,
                    weapon is Weapon.FIST and index == _CRUSH_LINE,
                    profile.special is Special.PROXIMITY,
                    profile.special is Special.AREA,
                )
            )
    return tuple(out)


@cache
def _turns_to(arcs: frozenset[Wedge], wedge: Wedge) -> int:
    """How many one-wedge turns bring ``wedge`` into ``arcs`` (PM-8.3); 4 if it never can."""
    for turns in range(4):
        if wedge.clockwise(turns) in arcs or wedge.clockwise(-turns) in arcs:
            return turns
    return 4


def _ready(player: Player, lines: Sequence[_Line], stance: Stance) -> list[_Line]:
    """PM-5 / PM-10 / PM-11.1: the lines that may be chosen in ``stance``."""
    last = player.last_attack
    squatting = stance is Stance.SQUATTING
    out = []
    for line in lines:
        if line.weapon is Weapon.PPC and not squatting:
            continue
        if line.weapon is Weapon.MISSILES and last is not None and last.mount is line.mount:
            continue
        if not player.line_disabled(line.action):
            out.append(line)
    return out


# ------------------------------------------------------------------ greedy
@frozen
class GreedyPolicy:
    """A one-step greedy player: the best expected damage per time unit, with a few reflexes.

    Attributes:
        kill_bonus: the value of destroying an enemy, on top of the circles it fills.
        danger: how much more a hard-hitting enemy is worth as a target (per die of its attack).
        haste_kill: hurry an attack if it destroys an enemy about to act with this probability.
        move_discount: what a position worth attacking from is worth before the attack is made.
        defend_weight: the value of catching one expected hit on a shield.
        exposure: the cost of one expected hit the enemies can make from where they stand.
        bearing: the cost of each turn still needed to bring an enemy into a ready weapon's arc.
        squat: take the squatting stance for waves 2-4 (PM-10: every enemy attack rolls one die
            fewer; measured: about 81% wins against 73% standing).
        wander: how often to pick a random action when nothing is worth doing, so that a hopeless
            position (no weapon can ever reach the last enemy) cannot cycle for ever.

    The defaults were tuned on a few thousand seeded games of the default loadout (every value
    around them plays within a couple of points); see ``hexmech sim papermech``.
    """

    kill_bonus: float = 3.0
    danger: float = 0.1
    haste_kill: float = 0.35
    move_discount: float = 0.8
    defend_weight: float = 0.5
    exposure: float = 0.05
    bearing: float = 0.1
    squat: bool = True
    wander: float = 0.05

    def choose(
        self, state: PaperState, options: Sequence[PaperCommand], rng: Random
    ) -> PaperCommand:
        """Answer the prompt; ``rng`` only breaks the deadlocks of a hopeless position."""
        answer = _ANSWERS.get(state.prompt)
        return options[0] if answer is None else answer(_View(self, state, rng), options)


class _lazy(Generic[T]):  # noqa: N801 - used as a decorator, like functools.cached_property
    """`functools.cached_property` without its lock: computed on first use, then an attribute.

    A `_View` lives for one decision in one thread; the lock of ``cached_property`` (Python 3.11)
    cost more than most of what it guards.
    """

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> T:  # noqa: ANN401 - any owner
        value = obj.__dict__[self.name] = self.func(obj)
        return value


class _View:
    """One decision of the greedy policy: the state, its ready lines, and memoised estimates.

    The estimates are exactly those of the straightforward reading (every line on every enemy,
    `odds` each time), computed faster: radar spaces are numbered 0-31 (`_code`), so moving them
    is a table look-up; a line's value on an enemy is read from a table built once per enemy card
    and damage (`_values`); the ready lines and the turns to face each space come from a memo by
    the sheet (`_readiness`); and each position is valued once per decision. Every sum, product
    and quotient is the same expression, in the same order, so every choice is the same.
    """

    def __init__(self, policy: GreedyPolicy, state: PaperState, rng: Random) -> None:
        self.policy = policy
        self.rng = rng
        self.state = state
        self.player = state.player
        self.enemies = state.enemies

    # -------------------------------------------------------------- what the estimates read
    @_lazy
    def sheet(self) -> _Sheet:
        """The loadout's attack lines at the current penalty (sets `memo` and `penalty` too)."""
        found = self.__dict__
        memo = found["memo"] = _memo(self.player.loadout)
        penalty = found["penalty"] = self.player.penalty
        return memo.sheet(penalty)

    @_lazy
    def memo(self) -> _Memo:
        """What greedy remembers of this loadout."""
        self.sheet  # noqa: B018 - sets it
        return self.memo

    @_lazy
    def penalty(self) -> int:
        """PM-4: the torso and weight penalty on every T."""
        self.sheet  # noqa: B018 - sets it
        return self.penalty

    @property
    def lines(self) -> tuple[_Line, ...]:
        """Every attack line of the loadout (`_lines`)."""
        return self.sheet.lines

    @_lazy
    def by_action(self) -> dict[Action, _Line]:
        """The attack line of each attack action."""
        return {line.action: line for line in self.sheet.lines}

    @_lazy
    def ready(self) -> list[_Line]:
        """The lines that may be chosen in the current stance."""
        return _ready(self.player, self.sheet.lines, self.player.stance)

    @_lazy
    def spaces(self) -> list[Space]:
        """Every enemy's radar space, in order."""
        return [e.space for e in self.enemies]

    @_lazy
    def weights(self) -> list[float]:
        """How much each enemy is worth as a target (``danger`` per die of its attack)."""
        danger = self.policy.danger
        return [1 + danger * e.profile.attacks[e.attack].p for e in self.enemies]

    def _enemy_tables(self) -> None:
        """Set `codes`, `movers`, `threats`, `values` and `by_space`, in one pass."""
        last = self.player.last_attack
        target = None if last is None else last.target
        memo = self.memo.entries(self.penalty, self.policy)
        codes, movers, threats, values, by_space, hastes = [], [], [], [], [], []
        for e in self.enemies:
            combo = None if last is None or target != e.key else last.mount
            entry = memo.get((e.kind, e.attack, e.damage, combo))
            if entry is None:
                entry = self._entry(memo, e, combo)
            table, turned, moves, goes, threat, hasty = entry
            codes.append(e.ring * _WEDGES + e.wedge)
            movers.append((e.time if moves else _NEVER, goes))
            threats.append(threat)
            values.append(table)
            by_space.append(turned)
            hastes.append(hasty)
        found = self.__dict__
        found["hastes"] = hastes
        found["codes"] = codes
        found["movers"] = movers
        found["threats"] = threats
        found["values"] = values
        found["by_space"] = by_space

    def _entry(
        self, memo: dict[tuple[object, ...], _Entry], e: Enemy, combo: Mount | None
    ) -> _Entry:
        """`_Memo.entries` of enemy ``e``: its value tables (`_values`) and card (`_card`)."""
        policy = self.policy
        values = _values(self.sheet, e, combo, policy.kill_bonus, policy.danger)
        entry: _Entry = (values, tuple(zip(*values, strict=True)), *_card(e), {})
        if len(memo) >= _VALUES_MAX:
            memo.clear()
        memo[e.kind, e.attack, e.damage, combo] = entry
        return entry

    @_lazy
    def codes(self) -> list[int]:
        """Every enemy's radar space as a number (`_code`)."""
        self._enemy_tables()
        return self.codes

    @_lazy
    def movers(self) -> list[tuple[float, tuple[int, ...]]]:
        """Per enemy, for `_predicted`: when it acts (never, if it does not move) and its move.

        The move is, per numbered space, where it goes: a flank in range, else an approach.
        """
        self._enemy_tables()
        return self.movers

    @_lazy
    def threats(self) -> list[tuple[float, ...]]:
        """Per enemy: `_threat` from each numbered space."""
        self._enemy_tables()
        return self.threats

    @_lazy
    def hastes(self) -> list[dict[tuple[int, int, int], float]]:
        """Per enemy: the memo of `should_haste`'s kill chances (see `_Entry`)."""
        self._enemy_tables()
        return self.hastes

    @_lazy
    def by_space(self) -> list[tuple[tuple[float, ...], ...]]:
        """`values` turned round: per enemy, per numbered space, the value of each line."""
        self._enemy_tables()
        return self.by_space

    @_lazy
    def values(self) -> list[tuple[tuple[float, ...], ...]]:
        """Per enemy: `hit` (no haste) of each line from each numbered space (`_values`)."""
        self._enemy_tables()
        return self.values

    def readiness(self, stance: Stance | None) -> _Readiness:
        """The ready lines in ``stance`` (None: the current one), with their facing table."""
        player = self.player
        if stance is None:
            stance = player.stance
        found = self.ready_in.get(stance)
        if found is None:
            last = player.last_attack
            mounts = player.mounts
            last_mount = None if last is None else last.mount
            memo = self.memo
            # A sheet keeps its tuple of circles until damage or a repair: found by identity
            # first (the entry holds the tuple, so no other can take its id), then by value.
            fast = (self.penalty, id(mounts), stance, last_mount)
            known = memo.ready_by_id.get(fast)
            if known is not None and known[0] is mounts:
                self.ready_in[stance] = known[1]
                return known[1]
            key = (self.penalty, mounts, stance, last_mount)
            found = memo.readiness.get(key)
            if found is None:
                sheet = self.sheet
                ready = _ready(player, sheet.lines, stance)
                numbers = (self.penalty, tuple(sheet.index[ln.action] for ln in ready))
                found = memo.by_lines.get(numbers)
                if found is None:
                    found = memo.by_lines[numbers] = _readiness(sheet, ready)
                if len(memo.readiness) >= _MEMO_MAX:
                    memo.readiness.clear()
                    memo.by_lines.clear()
                memo.readiness[key] = found
            if len(memo.ready_by_id) >= _MEMO_MAX:
                memo.ready_by_id.clear()
            memo.ready_by_id[fast] = (mounts, found)
            self.ready_in[stance] = found
        return found

    @_lazy
    def ready_in(self) -> dict[Stance, _Readiness]:
        """`readiness` of the stances asked so far."""
        return {}

    @_lazy
    def positions(self) -> dict[tuple[tuple[int, ...], int, Stance | None], float]:
        """`after_move` of the positions valued so far in this decision."""
        return {}

    # -------------------------------------------------------------- what an attack is worth
    def odds(self, line: _Line, index: int, space: Space, haste: int) -> tuple[float, float]:
        """P(destroyed) and expected circles of ``line`` on enemy ``index`` at ``space``."""
        ring, wedge = space
        # PM-8.2 / PM-8.4: range and arc; the Mortar cannot attack ring C.
        if ring > line.reach or wedge not in line.arc or (line.area and ring < _MORTAR_MIN_RING):
            return 0.0, 0.0
        enemy = self.enemies[index]
        last = self.player.last_attack
        combo = last is not None and last.mount is line.mount and last.target == enemy.key
        return _odds(line, enemy.profile.armor, enemy.hit_points, ring, haste, combo=combo)

    def hit(self, line: _Line, index: int, space: Space, haste: int = 0) -> float:
        """The value of ``line`` on enemy ``index`` at ``space``: circles, a kill, its danger."""
        kill, damage = self.odds(line, index, space, haste)
        return (damage + self.policy.kill_bonus * kill) * self.weights[index]

    def best(self, line: _Line, spaces: Sequence[Space], haste: int = 0) -> float:
        """The best value of ``line`` over the enemies (the Mortar adds its best second target)."""
        if not haste:
            return self.best_at(
                self.sheet.index[line.action], line.area, [_code(s) for s in spaces]
            )
        values = [self.hit(line, i, s, haste) for i, s in enumerate(spaces)]
        best = max(values, default=0.0)
        if line.area and best > 0:
            i = values.index(best)
            best += max(
                (
                    v
                    for j, v in enumerate(values)
                    if j != i and (spaces[j] == spaces[i] or radar.adjacent(spaces[j], spaces[i]))
                ),
                default=0.0,
            )
        return best

    def best_at(self, line: int, area: bool, codes: Sequence[int]) -> float:
        """`best` (no haste) of line number ``line`` on the enemies at numbered spaces ``codes``."""
        tables = self.values
        values = [tables[i][line][c] for i, c in enumerate(codes)]
        best = max(values, default=0.0)
        if area and best > 0:
            i = values.index(best)
            here = codes[i]
            near = _NEAR[here]
            best += max(
                (v for j, v in enumerate(values) if j != i and codes[j] in near),
                default=0.0,
            )
        return best

    def moved(self, codes: Sequence[int], time: int) -> list[int]:
        """`_predicted` of every enemy, at numbered spaces ``codes``, ``time`` steps on."""
        return [
            c if acts > time else goes[c]
            for c, (acts, goes) in zip(codes, self.movers, strict=True)
        ]

    def reach_at(self, codes: Sequence[int], elapsed: int, ready: _Readiness) -> float:
        """The best ready attack's value per time unit on the enemies now at ``codes``.

        The attack is chosen after ``elapsed`` steps; enemies that act before it resolves move.
        Lines of the same T see the same radar, so they are taken together: the best of their
        values per time unit is the best value over that T (division by T keeps the order), read
        from `tops`: per enemy, the best value of those lines from each numbered space.
        """
        if not codes:
            return 0.0
        best = 0.0
        movers = self.movers
        for t, tops, areas in self.tops(ready):
            time = elapsed + t
            if tops is not None:
                top = max([
                    row[c if acts > time else goes[c]]
                    for row, c, (acts, goes) in zip(tops, codes, movers, strict=True)
                ])  # fmt: skip
                if top / time > best:  # noqa: PLR1730 - no call: this is the hottest loop
                    best = top / time
            if areas:
                moved = self.moved(codes, time)
                for line in areas:
                    best = max(best, self.best_at(line, area=True, codes=moved) / time)
        return best

    def tops(self, ready: _Readiness) -> _Tops:
        """Per group of ``ready`` (its lines of one T): T, the best of the lines, its Area lines.

        The best is, per enemy, the best value of the group's lines without Area from each
        numbered space (None if the group has none), memoised in ``ready`` (`_Readiness.tops`).
        """
        found = self.tops_of.get(id(ready))
        if found is None:
            per_enemy = [ready.tops(values) for values in self.values]
            found = [
                (t, None if not plain else [tops[g] for tops, _ in per_enemy], areas)
                for g, (t, plain, areas) in enumerate(ready.groups)
            ]
            self.tops_of[id(ready)] = found
        return found

    def reach_bound(self, elapsed: int, stance: Stance | None) -> float:
        """A value no `after_at` (``elapsed``, ``stance``) of any position can exceed.

        `reach_at` is the best, over the groups of ready lines and the enemies, of a value by the
        group's time: never more than the best of each enemy's `_Readiness.bound` (its best value
        of each group over every space, by the same time). Less `cost_at` (never below 0 with
        weights of 0 or more), discounted by ``move_discount``. Infinite (no bound) with Area
        lines (a second target adds) or a negative weight.
        """
        key = (elapsed, stance)
        found = self.bounds.get(key)
        if found is None:
            policy = self.policy
            ready = self.readiness(stance)
            if ready.area or min(policy.move_discount, policy.exposure, policy.bearing) < 0:
                found = float("inf")
            else:
                found = policy.move_discount * max(
                    [ready.bound(values, elapsed) for values in self.values], default=0.0
                )
            self.bounds[key] = found
        return found

    @_lazy
    def bounds(self) -> dict[tuple[int, Stance | None], float]:
        """`reach_bound` of the times and stances asked so far."""
        return {}

    @_lazy
    def tops_of(self) -> dict[int, _Tops]:
        """`tops` of the readiness asked so far, by identity (each is kept by the memo)."""
        return {}

    def cost_at(self, codes: Sequence[int], ready: _Readiness) -> float:
        """What standing so costs: the hits the enemies can make, and the turns to face them."""
        if not ready.lines:
            return 0.0  # nothing left to attack with: running away only makes the game endless
        policy = self.policy
        exposure = sum(map(getitem, self.threats, codes))
        bearing = sum(map(ready.turns.__getitem__, codes)) if policy.bearing else 0
        return policy.exposure * exposure + policy.bearing * bearing

    def after_at(
        self, codes: Sequence[int], elapsed: int = 0, stance: Stance | None = None
    ) -> float:
        """A position worth attacking from, discounted (no attack is made yet), less its cost."""
        key = (tuple(codes), elapsed, stance)
        value = self.positions.get(key)
        if value is None:
            ready = self.readiness(stance)
            value = self.policy.move_discount * self.reach_at(codes, elapsed, ready) - self.cost_at(
                codes, ready
            )
            self.positions[key] = value
        return value

    def reach(
        self, spaces: Sequence[Space], elapsed: int = 0, stance: Stance | None = None
    ) -> float:
        """`reach_at` of radar spaces."""
        return self.reach_at([_code(s) for s in spaces], elapsed, self.readiness(stance))

    def cost(self, spaces: Sequence[Space], stance: Stance | None = None) -> float:
        """`cost_at` of radar spaces."""
        return self.cost_at([_code(s) for s in spaces], self.readiness(stance))

    def after_move(
        self, spaces: Sequence[Space], elapsed: int = 0, stance: Stance | None = None
    ) -> float:
        """`after_at` of radar spaces."""
        return self.after_at([_code(s) for s in spaces], elapsed, stance)

    def predicted(self, time: int) -> list[Space]:
        """Where every enemy stands when an action placed ``time`` from now resolves."""
        return [_SPACES[c] for c in self.moved_now(time)]

    def moved_now(self, time: int) -> list[int]:
        """`moved` of where the enemies stand now (memoised by ``time``)."""
        found = self.now.get(time)
        if found is None:
            found = self.now[time] = self.moved(self.codes, time)
        return found

    @_lazy
    def now(self) -> dict[int, list[int]]:
        """`moved_now` of the times asked so far."""
        return {}

    @_lazy
    def standing_cost(self) -> float:
        """`cost_at` of where the enemies stand now."""
        return self.cost_at(self.codes, self.readiness(None))

    # -------------------------------------------------------------- ACTION
    def action(self, options: Sequence[PaperCommand]) -> PaperCommand:
        """PM-5: the action with the best value per time unit (ties: the earlier option).

        The attacks are valued first, all at once (`attack_values`). A movement or shield action
        is then valued only if its bound (`bound`) reaches the best so far: else it cannot be
        chosen, and the choice and its value are exactly those of valuing every option in turn.
        """
        index = self.sheet.index
        attacks = self.attack_values
        best: PaperCommand = options[0]
        top = float("-inf")
        at = 0
        others: list[tuple[int, ChooseAction]] = []
        for i, command in enumerate(options):
            if isinstance(command, ChooseAction):
                n = index.get(command.action)  # movements and shields have no attack line
                if n is None:
                    others.append((i, command))
                elif attacks[n] > top:
                    best, top, at = command, attacks[n], i
        if others:
            best, top = self.others(others, best, top, at)
        if top <= 0 and self.rng.random() < self.policy.wander:
            # Nothing worth doing: a random action now and then breaks a cycle (walking away
            # from an enemy that no weapon can reach, say) that would never end the game.
            return self.rng.choice([c for c in options if isinstance(c, ChooseAction)])
        return best

    def others(
        self, others: list[tuple[int, ChooseAction]], best: PaperCommand, top: float, at: int
    ) -> tuple[PaperCommand, float]:
        """`action`'s best of the attacks (``best``, option ``at``) against ``others``.

        ``others`` are the movement and shield options with their places among the options; the
        earlier option wins a tie. Returns the best option and its value.
        """
        bounds: dict[object, float] = {}
        for i, command in others:
            action = command.action
            kind = _BOUND_KIND[action]
            bound = bounds.get(kind)
            if bound is None:
                bound = bounds[kind] = self.bound(action)
            if bound < top:
                continue  # it cannot reach the best so far
            value = self.action_value(action)
            if value > top or (value == top and i < at):
                best, top, at = command, value, i
        return best, top

    def bound(self, action: Action) -> float:
        """A value `action_value` of a movement or shield ``action`` cannot exceed.

        The same for every action of a `_BOUND_KIND`: the movements but Turn & Squat, Turn &
        Squat, and each mount's shield lines.
        """
        elapsed = 1 + self.penalty
        mount = _ACTION_MOUNT.get(action)
        if mount is None:
            stance = Stance.SQUATTING if action is Action.TURN_SQUAT else None
            return self.reach_bound(elapsed, stance)
        caught = self.caught(mount)
        return self.policy.defend_weight * caught / elapsed + self.reach_bound(elapsed, None)

    def action_value(self, action: Action) -> float:
        """An action's estimated value per time unit, if chosen now."""
        if action in _MOVEMENTS:
            return self.movement_value(action)
        sheet = self.sheet
        index = sheet.index.get(action)
        if index is None:
            return self.shield_value(action)
        return self.attack_values[index]

    @_lazy
    def attack_values(self) -> list[float]:
        """`action_value` of every attack line of the sheet, by number.

        Lines of the same T are valued together: per enemy, the row of every line's value from
        its predicted space; the best of each column is that line's `best` (Area lines apart).
        """
        sheet = self.sheet
        values = [0.0] * len(sheet.lines)
        cost = self.standing_cost
        by_space = self.by_space
        for time, plain, areas in sheet.groups:
            moved = self.moved_now(time)
            if moved:
                # Every line's best over the enemies (only this T's lines are read: the others
                # see other spaces).
                row: Sequence[float] = (
                    list(map(max, *map(getitem, by_space, moved)))
                    if len(moved) > 1
                    else by_space[0][moved[0]]
                )
                for n in plain:
                    values[n] = row[n] / time - cost
            else:
                for n in plain:
                    values[n] = 0.0 / time - cost
            for n in areas:
                values[n] = self.best_at(n, area=True, codes=moved) / time - cost
        return values

    def movement_value(self, action: Action) -> float:
        """A step or turn is worth the attacks it opens, discounted."""
        codes = self.codes
        stance = Stance.SQUATTING if action is Action.TURN_SQUAT else None
        if action is Action.FORWARD:
            moved = [[_FORWARD[c] for c in codes]]
        elif action is Action.BACKWARD:
            moved = [[_BACKWARD[c] for c in codes]]
        else:
            moved = [[_CW[c] for c in codes], [_CCW[c] for c in codes]]
        elapsed = 1 + self.penalty
        value = max(self.after_at(s, elapsed, stance) for s in moved)
        # On a tie, turn: walking pushes some enemies out, and a game must end some time.
        return value - (0.001 if action in (Action.FORWARD, Action.BACKWARD) else 0.0)

    def shield_value(self, action: Action) -> float:
        """Defend (Reflex) or Guard (Wall): the hits they would catch, plus the free move after."""
        mount = action.mount
        assert mount is not None  # noqa: S101 - a shield line is an attack action
        shields = self.shields
        value = shields.get(mount)  # a shield's lines are all alike
        if value is None:
            value = shields[mount] = self._shield_value(mount)
        return value

    @_lazy
    def shields(self) -> dict[Mount, float]:
        """`shield_value` of the shields valued so far."""
        return {}

    def _shield_value(self, mount: Mount) -> float:
        player = self.player
        time = 1 + self.penalty
        caught = self.caught(mount)
        codes = self.codes
        reposition = self.after_at(codes, time)  # no free move
        if player.stance is Stance.STANDING and not player.line_disabled(Action.TURN):
            reposition = max(
                reposition,
                self.after_at([_CW[c] for c in codes], time),
                self.after_at([_CCW[c] for c in codes], time),
            )
        if player.stance is Stance.STANDING and not player.line_disabled(Action.FORWARD):
            reposition = max(reposition, self.after_at([_FORWARD[c] for c in codes], time))
        return self.policy.defend_weight * caught / time + reposition

    def caught(self, mount: Mount) -> float:
        """The hits the shield on ``mount`` would catch if Defend or Guard were chosen now."""
        time = 1 + self.penalty
        reflex = self.player.weapon(mount) is Weapon.WING_SHIELD
        arc = MOUNT_ARCS[mount]
        caught = 0.0
        codes = self.codes
        threats = self.threats
        for i, enemy in enumerate(self.enemies):
            if enemy.wedge not in arc:
                continue
            # Reflex: only an attack made while the cube stands on ACTIVE (the same step).
            # Wall: every attack until the next attack resolves (a few steps, roughly).
            if (enemy.time == time) if reflex else (enemy.time <= time + 3):
                caught += threats[i][codes[i]]
        return caught

    # -------------------------------------------------------------- WINDOW
    def window(self, options: Sequence[PaperCommand]) -> PaperCommand:
        """PM-4 / PM-7: hurry a kill before an enemy acts; drop an attack that lost its target."""
        action = self.player.action
        time = self.player.time or 0
        if action is None:
            return options[0]
        # A movement has no attack line: known without the sheet.
        index = None if action in _MOVEMENTS else self.sheet.index.get(action)
        if index is None:
            return _find(options, _WAIT)  # movement, Defend or Guard: let it come
        line = self.sheet.lines[index]
        # Haste has no fields: an option equals it exactly when it is one.
        if Haste in map(type, options) and self.should_haste(line, time):
            return _HASTE
        if self.best_at(index, line.area, self.moved_now(time)) > 0:
            return _find(options, _WAIT)
        choice = self.action(options)
        if (
            isinstance(choice, ChooseAction)
            and choice.action is not action
            and self.action_value(choice.action) > 0
        ):
            return choice
        return _find(options, _WAIT)

    def should_haste(self, line: _Line, time: int) -> bool:
        """Hurry if an enemy acts before the attack and the hurried attack likely destroys it.

        The kill chance (`odds` with haste) is memoised per enemy entry (`_Memo.entries`: its
        card, attack, damage and Combo), by line number, numbered space and haste.
        """
        threshold = self.policy.haste_kill
        last = len(self.enemies) == 1
        codes = self.codes
        threats = self.threats
        hastes = self.hastes
        number = self.sheet.index[line.action]
        for i, enemy in enumerate(self.enemies):
            acts_first = enemy.time <= 0 or (time == 1 and enemy.time <= 1)
            code = codes[i]
            if not (acts_first or last) or threats[i][code] == 0:
                continue
            known = hastes[i]
            key = (number, code, time)
            kill = known.get(key)
            if kill is None:
                if len(known) >= _TOPS_MAX:
                    known.clear()
                kill = known[key] = self.odds(line, i, enemy.space, time)[0]
            if kill >= threshold:
                return True
        return False

    # -------------------------------------------------------------- the other prompts
    def order(self, options: Sequence[PaperCommand]) -> PaperCommand:
        """PM-4: the weakest attack goes first."""
        state = self.state
        return min(
            options,
            key=lambda c: (
                _threat(state.get(c.enemy), state.get(c.enemy).space)
                if isinstance(c, ResolveNext)
                else 99.0
            ),
        )

    def target(self, options: Sequence[PaperCommand]) -> PaperCommand:
        """PM-5.2: the target (or Mortar pair) with the best expected value."""
        action = self.player.action
        line = None if action is None else self.by_action.get(action)
        if line is None:
            return options[0]
        index = {e.key: i for i, e in enumerate(self.enemies)}
        haste = self.state.haste

        def value(command: PaperCommand) -> float:
            if not isinstance(command, ChooseTarget):
                return -1.0
            keys = [command.enemy] if command.second is None else [command.enemy, command.second]
            return sum(self.hit(line, index[k], self.spaces[index[k]], haste) for k in keys)

        return max(options, key=value)

    def move(self, options: Sequence[PaperCommand]) -> PaperCommand:
        """The free move, a resolving turn, or a Pull: whatever leaves the best position."""
        codes = self.codes

        def value(command: PaperCommand) -> float:
            match command:
                case Walk():
                    return self.after_at([_FORWARD[c] for c in codes])
                case Turn(direction=d):
                    # Turning the 'Mech right moves every enemy anticlockwise (PM-8.3).
                    table = _CCW if d is TurnDirection.RIGHT else _CW
                    return self.after_at([table[c] for c in codes])
                case SetStance(stance=stance):
                    return self.after_at(codes, 0, stance) - 0.01
                case Pull():
                    return float("-inf")  # a pull also brings the enemy's attack closer
            return self.after_at(codes) + 0.01  # Skip: keep what we have

        return max(options, key=value)

    def shield(self, options: Sequence[PaperCommand]) -> PaperCommand:
        """PM-11.1: the shield with more free circles takes the hit."""
        player = self.player
        return max(
            options,
            key=lambda c: player.free(Location.of(c.mount)) if isinstance(c, UseShield) else -1,
        )

    def repair(self, options: Sequence[PaperCommand]) -> PaperCommand:
        """PM-13: the most useful circle (see `_repair_value`)."""
        return max(options, key=lambda c: _repair_value(self.player, c))

    def stance(self, options: Sequence[PaperCommand]) -> PaperCommand:
        """PM-13 step 3: squat for the next wave (one die fewer for every enemy attack, PM-10)."""
        wanted = Stance.SQUATTING if self.policy.squat else Stance.STANDING
        return _find(options, SetStance(wanted))


# ------------------------------------------------------------------ the tables greedy reads
_WEDGES = 8
_CODES = range(4 * _WEDGES)
_SPACES: tuple[Space, ...] = tuple((Ring(c // _WEDGES), Wedge(c % _WEDGES)) for c in _CODES)
"""The radar space of each number: ``ring * 8 + wedge``."""


def _code(space: Space) -> int:
    """The number of a radar space (`_SPACES` is the way back)."""
    return space[0] * _WEDGES + space[1]


def _table(move: Callable[[Space], Space]) -> tuple[int, ...]:
    return tuple(_code(move(space)) for space in _SPACES)


_FORWARD = _table(radar.walked_forward)
_BACKWARD = _table(radar.walked_backward)
_CW = _table(lambda s: (s[0], radar.turned(s[1], clockwise=True)))
_CCW = _table(lambda s: (s[0], radar.turned(s[1], clockwise=False)))
_FLANK = _table(radar.flank)
_APPROACH = _table(radar.approach)
_NEAR: tuple[frozenset[int], ...] = tuple(
    frozenset(_code(b) for b in _SPACES if a == b or radar.adjacent(b, a)) for a in _SPACES
)
"""PM-8.1: each space's own number and its neighbours' (the Mortar's second target)."""
_GOES: dict[Ring, tuple[int, ...]] = {
    reach: tuple(_FLANK[c] if radar.reaches(reach, ring) else _APPROACH[c] for c, (ring, _) in
                 enumerate(_SPACES))
    for reach in Ring
}  # fmt: skip
"""PM-6 step 2: where an enemy whose attack reaches ``reach`` moves from each numbered space."""
_NEVER = float("inf")
"""When an enemy that never moves (the Artillery) acts, for `_View.movers`."""
_MOVEMENTS = frozenset(a for a in Action if a.movement)
_ACTION_MOUNT: dict[Action, Mount | None] = {a: a.mount for a in Action}
_BOUND_KIND: dict[Action, object] = {
    a: a.mount or ("squat" if a is Action.TURN_SQUAT else "move") for a in Action
}
"""The actions whose `_View.bound` is the same: each mount's, Turn & Squat, the other moves."""
_WAIT = WAIT  # the object the lists of options hold: found by identity
_HASTE = HASTE
_MEMO_MAX = 20_000
"""Entries a memo of ready lines keeps before it starts again (a run's sheets repeat)."""
_VALUES_MAX = 2_000
"""Value tables a loadout's memo keeps (about 6 kB each; a run meets a few hundred)."""
_TOPS_MAX = 512
"""Value tables whose group maxima (`_Readiness.tops`) a readiness keeps."""


def _card(enemy: Enemy) -> tuple[bool, tuple[int, ...], tuple[float, ...]]:
    """What `_View` reads of an enemy's card and attack: moves?, its `_GOES` and `_threats`."""
    profile = enemy.profile
    attack = profile.attacks[enemy.attack]
    return profile.moves, _GOES[attack.range], _threats(attack.range, attack.p)


@cache
def _threats(reach: Ring, p: int) -> tuple[float, ...]:
    """`_threat` of an attack (range ``reach``, ``p`` dice) from each numbered space."""
    return tuple(
        0.0 if not radar.reaches(reach, ring) else p * (0.55 if wedge.rear else 0.4)
        for ring, wedge in _SPACES
    )


@frozen
class _Sheet:
    """The attack lines of a loadout at one penalty, numbered, with where each can hit."""

    lines: tuple[_Line, ...]
    index: dict[Action, int]
    targets: tuple[tuple[bool, ...], ...]
    """Per line: whether it reaches each numbered space (range, arc, the Mortar's ring C)."""
    times: tuple[tuple[int, tuple[int, ...]], ...]
    """The lines' numbers by their T (plus penalty)."""
    groups: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]
    """`times`, each T's lines parted: (T, the lines without Area, the Area lines)."""


class _Memo:
    """What greedy remembers of one loadout: its sheets by penalty, ready lines, value tables."""

    def __init__(self, loadout: Loadout) -> None:
        self.loadout = loadout
        self.sheets: dict[int, _Sheet] = {}
        self.readiness: dict[tuple[object, ...], _Readiness] = {}
        self.by_lines: dict[tuple[object, ...], _Readiness] = {}
        self.ready_by_id: dict[tuple[object, ...], tuple[object, _Readiness]] = {}
        self.values: dict[tuple[object, ...], dict[tuple[object, ...], _Entry]] = {}

    def entries(self, penalty: int, policy: GreedyPolicy) -> dict[tuple[object, ...], _Entry]:
        """What greedy reads of each enemy at ``penalty``, by card, attack, damage and Combo.

        The entries (see `_View._entry`) depend on the policy's ``kill_bonus`` and ``danger``.
        """
        key = (penalty, policy.kill_bonus, policy.danger)
        found = self.values.get(key)
        if found is None:
            if len(self.values) >= _MEMOS_MAX:
                self.values.clear()
            found = self.values[key] = {}
        return found

    def sheet(self, penalty: int) -> _Sheet:
        """The `_Sheet` of the loadout at ``penalty``."""
        found = self.sheets.get(penalty)
        if found is None:
            found = self.sheets[penalty] = _sheet(self.loadout, penalty)
        return found


_MEMOS: dict[int, _Memo] = {}
_MEMOS_MAX = 8


def _memo(loadout: Loadout) -> _Memo:
    """The `_Memo` of ``loadout``, found by identity (hashing a loadout costs more than a look-up).

    The memo holds the loadout, so no other object can take its ``id`` while it is kept.
    """
    found = _MEMOS.get(id(loadout))
    if found is None or found.loadout is not loadout:
        if len(_MEMOS) >= _MEMOS_MAX:
            _MEMOS.clear()
        found = _MEMOS[id(loadout)] = _Memo(loadout)
    return found


def _sheet(loadout: Loadout, penalty: int) -> _Sheet:
    """The `_Sheet` of ``loadout`` at ``penalty``."""
    lines = _lines(loadout, penalty)
    targets = tuple(
        tuple(
            not (ring > ln.reach or wedge not in ln.arc or (ln.area and ring < _MORTAR_MIN_RING))
            for ring, wedge in _SPACES
        )
        for ln in lines
    )
    times = tuple(
        (t, tuple(i for i, ln in enumerate(lines) if ln.time == t))
        for t in sorted({ln.time for ln in lines})
    )
    groups = tuple(
        (
            t,
            tuple(n for n in numbers if not lines[n].area),
            tuple(n for n in numbers if lines[n].area),
        )
        for t, numbers in times
    )
    return _Sheet(lines, {ln.action: i for i, ln in enumerate(lines)}, targets, times, groups)


class _Readiness:
    """The ready lines of a sheet in one stance, and the facing table.

    ``lines`` holds (number, T, Area) of each ready line; ``groups`` the same lines by T: (T,
    the numbers of the lines without Area, the Area lines' numbers). ``turns`` holds, per
    numbered space, the turns needed to bring it into the arc of a ready line that reaches it
    (or, out of every range, of the longest reach: it comes closer).
    """

    __slots__ = ("_bounds", "_tops", "area", "groups", "lines", "turns")

    def __init__(
        self,
        lines: tuple[tuple[int, int, bool], ...],
        groups: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...],
        turns: tuple[int, ...],
    ) -> None:
        self.lines = lines
        self.groups = groups
        self.turns = turns
        self._tops: dict[int, tuple[object, list[tuple[float, ...]], list[float]]] = {}
        self._bounds: dict[tuple[int, int], tuple[object, float]] = {}
        self.area = any(areas for _, _, areas in groups)
        """Whether any ready line has Area (the Mortar: a second target adds to the value)."""

    def tops(
        self, values: tuple[tuple[float, ...], ...]
    ) -> tuple[list[tuple[float, ...]], list[float]]:
        """Per group: the best value of its lines without Area from each numbered space.

        Also the best of each such row, over every space. ``values`` is an enemy's value table
        (`_values`: per line, per space); the answer is memoised by its identity (the entry holds
        it, so no other table can take its ``id``).
        """
        found = self._tops.get(id(values))
        if found is None or found[0] is not values:
            tops = [
                tuple(map(max, *(values[n] for n in plain))) if len(plain) > 1
                else values[plain[0]] if plain
                else ()
                for _, plain, _ in self.groups
            ]  # fmt: skip
            if len(self._tops) >= _TOPS_MAX:
                self._tops.clear()
            found = self._tops[id(values)] = (values, tops, [max(row, default=0.0) for row in tops])
        return found[1], found[2]

    def bound(self, values: tuple[tuple[float, ...], ...], elapsed: int) -> float:
        """The best, over the groups, of the group's best value by ``elapsed`` plus its T.

        The best value is over every space (of an enemy whose value table is ``values``):
        what no position can exceed (`_View.reach_bound`). Memoised like `tops`.
        """
        key = (id(values), elapsed)
        found = self._bounds.get(key)
        if found is None or found[0] is not values:
            peaks = self.tops(values)[1]
            best = 0.0
            for (t, _, _), peak in zip(self.groups, peaks, strict=True):
                best = max(best, peak / (elapsed + t))
            if len(self._bounds) >= _TOPS_MAX:
                self._bounds.clear()
            found = self._bounds[key] = (values, best)
        return found[1]


_Entry = tuple[
    tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...], bool, tuple[int, ...],
    tuple[float, ...], dict[tuple[int, int, int], float],
]  # fmt: skip
"""Per enemy: `_values`, the same turned round (per space, per line), `_card`, and the memo of
`_View.should_haste`'s kill chances by line number, numbered space and haste."""
_Tops = list[tuple[int, list[tuple[float, ...]] | None, tuple[int, ...]]]
"""`_View.tops`: per group of ready lines, T, the best of its lines per space, its Area lines."""


def _readiness(sheet: _Sheet, ready: Sequence[_Line]) -> _Readiness:
    lines = tuple((sheet.index[ln.action], ln.time, ln.area) for ln in ready)
    groups = []
    for t in sorted({ln.time for ln in ready}):
        plain = tuple(n for n, time, area in lines if time == t and not area)
        areas = tuple(n for n, time, area in lines if time == t and area)
        groups.append((t, plain, areas))
    if not ready:
        return _Readiness(lines, (), (0,) * len(_SPACES))
    longest = max(ln.reach for ln in ready)
    turns = []
    for ring, wedge in _SPACES:
        # Out of every weapon's range it comes closer: face it with the longest reach.
        reach = min(ring, longest)
        arcs = frozenset().union(*(ln.arc for ln in ready if ln.reach >= reach))
        turns.append(_turns_to(arcs, wedge))
    return _Readiness(lines, tuple(groups), tuple(turns))


def _values(
    sheet: _Sheet, enemy: Enemy, combo: Mount | None, kill_bonus: float, danger: float
) -> tuple[tuple[float, ...], ...]:
    """Per line of ``sheet``: `_View.hit` (no haste) on ``enemy`` from each numbered space."""
    profile = enemy.profile
    armor, hp = profile.armor, enemy.hit_points
    weight = 1 + danger * profile.attacks[enemy.attack].p
    out = []
    for line, targets in zip(sheet.lines, sheet.targets, strict=True):
        by_ring: dict[Ring, float] = {}
        row = []
        for (ring, _), ok in zip(_SPACES, targets, strict=True):
            if not ok:
                row.append(0.0)
                continue
            value = by_ring.get(ring)
            if value is None:
                kill, damage = _odds(line, armor, hp, ring, 0, combo=line.mount is combo)
                value = by_ring[ring] = (damage + kill_bonus * kill) * weight
            row.append(value)
        out.append(tuple(row))
    return tuple(out)


def _odds(
    line: _Line, armor: int, hp: int, ring: Ring, haste: int, *, combo: bool
) -> tuple[float, float]:
    """P(destroyed) and expected circles of ``line`` (in range and arc) on an enemy."""
    dice = line.dice
    if line.weapon is Weapon.FIST and combo:
        dice += 1  # PM-11.1 Combo
    if line.proximity:
        dice = max(0, dice - int(ring))  # PM-11.1 Proximity
    faces = _faces(armor + line.armor_mod, haste, line.weapon)
    kill, damage = _kill_and_damage(dice, faces, hp, accurate=line.accurate)
    if line.crush:
        # PM-11.1 Crush: destroyed if any die (less the haste) beats the remaining circles.
        kill = 1 - (1 - kill) * (min(_SIDES, hp + haste) / _SIDES) ** dice
        damage = max(damage, kill * hp)
    return kill, damage


_ANSWERS: dict[Prompt, Callable[[_View, Sequence[PaperCommand]], PaperCommand]] = {
    Prompt.ACTION: _View.action,
    Prompt.WINDOW: _View.window,
    Prompt.ORDER: _View.order,
    Prompt.TARGET: _View.target,
    Prompt.FREE: _View.move,
    Prompt.MOVE: _View.move,
    Prompt.PULL: _View.move,
    Prompt.SHIELD: _View.shield,
    Prompt.REPAIR: _View.repair,
    Prompt.STANCE: _View.stance,
}
"""How greedy answers each prompt (DEPLOY has one option; OVER none)."""


def _repair_value(player: Player, command: PaperCommand) -> float:
    """PM-13: torso first when it slows every action, then lines that damage disabled."""
    if not isinstance(command, Repair):
        return 0.0  # Skip only when nothing else is left
    location = command.location
    if location is Location.TORSO:
        return 100.0 if player.torso >= TORSO_PENALTY_AT else 10.0 + 5 * player.torso
    index = (command.circle or 1) - 1
    if location is Location.LEGS:
        # Walk Forwards and Turn (lines 3 and 4) give the free moves.
        return 8.0 if index >= _FREE_MOVE_LEGS else 2.0
    mount = location.mount
    assert mount is not None  # noqa: S101 - every other location is a mount
    circles = player.circles(mount)
    line = index // 2
    partner = circles[2 * line + 1 - index % 2]
    useful = 1.0 if player.weapon(mount).profile.lines[line].p else 0.5
    # Re-enabling a disabled line is worth most; a mount near full soon spills.
    return (9.0 if partner else 3.0) * useful + circles.count(True) * 0.2


def _actions(options: Sequence[PaperCommand]) -> list[Action]:
    """The actions of the `ChooseAction` options."""
    return [c.action for c in options if isinstance(c, ChooseAction)]


def _find(options: Sequence[PaperCommand], wanted: PaperCommand) -> PaperCommand:
    return wanted if wanted in options else options[0]


POLICIES: dict[str, Policy] = {
    "first": FirstPolicy(),
    "random": RandomPolicy(),
    "greedy": GreedyPolicy(),
}
"""The built-in policies by name (``hexmech sim papermech --policy NAME``)."""
