"""Paper 'Mech ``evolve``: one mutator per event type, dispatched by type (STYLE 4).

No dice and no validation here: ``decide`` already did both, and replay folds these.

The states are built field by field (`_state`, `_player`, `_enemy`) rather than with
``attrs.evolve``, which looks every field up by name on each call: the simulator folds a few events
per command, so this is its hottest code. The mutators are found through a dict by event type (the
``singledispatch`` registry, read once per type).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import singledispatch
from typing import Any

from engine.game import Event
from engine.papermech import events as ev
from engine.papermech.state import (
    MOUNTS,
    Enemy,
    LastAttack,
    Loadout,
    PaperSetup,
    PaperState,
    Player,
    Prompt,
    Result,
)
from engine.papermech.tables import Action, EnemyKind, Location, Mount, Ring, Stance, Wedge

__all__ = ["evolve"]


def evolve(state: PaperState, event: Event) -> PaperState:
    """Apply one event."""
    apply = MUTATORS.get(event.__class__)
    if apply is None:
        apply = MUTATORS[event.__class__] = _apply.dispatch(event.__class__)
    return apply(event, state)


MUTATORS: dict[type, Callable[[Any, PaperState], PaperState]] = {}
"""Each event type's mutator, as ``singledispatch`` finds it (filled on first use)."""


# The fold builds a few states per event, and attrs' frozen ``__init__`` sets each field through a
# bound ``object.__setattr__``; these set the slots through their descriptors, a third cheaper.
# Immutability from outside is unchanged (the classes stay frozen); the fields carry no
# validators or converters to skip (tests/engine/papermech/test_fast_paths.py checks both, and
# that each builder names every field of its class in order).
_new = object.__new__


def _slot(cls: type, name: str) -> Callable[[object, object], None]:
    setter: Callable[[object, object], None] = cls.__dict__[name].__set__
    return setter


_S_SETUP = _slot(PaperState, "setup")
_S_PLAYER = _slot(PaperState, "player")
_S_ENEMIES = _slot(PaperState, "enemies")
_S_BATTLE = _slot(PaperState, "battle")
_S_WAVE = _slot(PaperState, "wave")
_S_PROMPT = _slot(PaperState, "prompt")
_S_ENEMY = _slot(PaperState, "enemy")
_S_HASTE = _slot(PaperState, "haste")
_S_REPAIRS = _slot(PaperState, "repairs")
_S_KILLED = _slot(PaperState, "killed")
_S_SCORE = _slot(PaperState, "score")
_S_WAVES_CLEARED = _slot(PaperState, "waves_cleared")
_S_RESULT = _slot(PaperState, "result")
_P_LOADOUT = _slot(Player, "loadout")
_P_MOUNTS = _slot(Player, "mounts")
_P_TORSO = _slot(Player, "torso")
_P_LEGS = _slot(Player, "legs")
_P_STANCE = _slot(Player, "stance")
_P_ACTION = _slot(Player, "action")
_P_TIME = _slot(Player, "time")
_P_PLACED = _slot(Player, "placed")
_P_LAST_ATTACK = _slot(Player, "last_attack")
_P_WALL = _slot(Player, "wall")
_E_KEY = _slot(Enemy, "key")
_E_KIND = _slot(Enemy, "kind")
_E_RING = _slot(Enemy, "ring")
_E_WEDGE = _slot(Enemy, "wedge")
_E_ATTACK = _slot(Enemy, "attack")
_E_TIME = _slot(Enemy, "time")
_E_DAMAGE = _slot(Enemy, "damage")


def make_state(  # noqa: PLR0917 - every field of the class
    setup: PaperSetup,
    player: Player,
    enemies: tuple[Enemy, ...],
    battle: int,
    wave: int,
    prompt: Prompt,
    enemy: str | None,
    haste: int,
    repairs: int,
    killed: tuple[EnemyKind, ...],
    score: int,
    waves_cleared: int,
    result: Result | None,
) -> PaperState:
    """`PaperState` (every field, in order), built without the frozen ``__setattr__`` dance."""
    new = _new(PaperState)
    _S_SETUP(new, setup)
    _S_PLAYER(new, player)
    _S_ENEMIES(new, enemies)
    _S_BATTLE(new, battle)
    _S_WAVE(new, wave)
    _S_PROMPT(new, prompt)
    _S_ENEMY(new, enemy)
    _S_HASTE(new, haste)
    _S_REPAIRS(new, repairs)
    _S_KILLED(new, killed)
    _S_SCORE(new, score)
    _S_WAVES_CLEARED(new, waves_cleared)
    _S_RESULT(new, result)
    return new


def make_player(  # noqa: PLR0917 - every field of the class
    loadout: Loadout,
    mounts: tuple[tuple[bool, ...], ...],
    torso: int,
    legs: tuple[bool, ...],
    stance: Stance,
    action: Action | None,
    time: int | None,
    placed: int | None,
    last_attack: LastAttack | None,
    wall: Mount | None,
) -> Player:
    """`Player` (every field, in order), built without the frozen ``__setattr__`` dance."""
    new = _new(Player)
    _P_LOADOUT(new, loadout)
    _P_MOUNTS(new, mounts)
    _P_TORSO(new, torso)
    _P_LEGS(new, legs)
    _P_STANCE(new, stance)
    _P_ACTION(new, action)
    _P_TIME(new, time)
    _P_PLACED(new, placed)
    _P_LAST_ATTACK(new, last_attack)
    _P_WALL(new, wall)
    return new


def make_enemy(  # noqa: PLR0917 - every field of the class
    key: str,
    kind: EnemyKind,
    ring: Ring,
    wedge: Wedge,
    attack: int,
    time: int,
    damage: int,
) -> Enemy:
    """`Enemy` (every field, in order), built without the frozen ``__setattr__`` dance."""
    new = _new(Enemy)
    _E_KEY(new, key)
    _E_KIND(new, kind)
    _E_RING(new, ring)
    _E_WEDGE(new, wedge)
    _E_ATTACK(new, attack)
    _E_TIME(new, time)
    _E_DAMAGE(new, damage)
    return new


@singledispatch
def _apply(event: Event, state: PaperState) -> PaperState:  # noqa: ARG001
    raise TypeError(f"Paper 'Mech cannot apply {event!r}")


_KEEP: Any = object()
"""A field left as it is (`_state`, `_player`, `_enemy`)."""


def _state(
    state: PaperState,
    *,
    player: Player = _KEEP,
    enemies: tuple[Enemy, ...] = _KEEP,
    battle: int = _KEEP,
    wave: int = _KEEP,
    prompt: Prompt = _KEEP,
    enemy: str | None = _KEEP,
    haste: int = _KEEP,
    repairs: int = _KEEP,
    killed: tuple[EnemyKind, ...] = _KEEP,
    score: int = _KEEP,
    waves_cleared: int = _KEEP,
    result: Result | None = _KEEP,
) -> PaperState:
    """``attrs.evolve(state, ...)``, field by field (the same state, built faster)."""
    return make_state(
        state.setup,
        state.player if player is _KEEP else player,
        state.enemies if enemies is _KEEP else enemies,
        state.battle if battle is _KEEP else battle,
        state.wave if wave is _KEEP else wave,
        state.prompt if prompt is _KEEP else prompt,
        state.enemy if enemy is _KEEP else enemy,
        state.haste if haste is _KEEP else haste,
        state.repairs if repairs is _KEEP else repairs,
        state.killed if killed is _KEEP else killed,
        state.score if score is _KEEP else score,
        state.waves_cleared if waves_cleared is _KEEP else waves_cleared,
        state.result if result is _KEEP else result,
    )


def _player(
    state: PaperState,
    *,
    loadout: Loadout = _KEEP,
    mounts: tuple[tuple[bool, ...], ...] = _KEEP,
    torso: int = _KEEP,
    legs: tuple[bool, ...] = _KEEP,
    stance: Stance = _KEEP,
    action: Action | None = _KEEP,
    time: int | None = _KEEP,
    placed: int | None = _KEEP,
    last_attack: LastAttack | None = _KEEP,
    wall: Mount | None = _KEEP,
) -> PaperState:
    """The state with the player's sheet changed (``attrs.evolve`` of both, field by field)."""
    p = state.player
    player = make_player(
        p.loadout if loadout is _KEEP else loadout,
        p.mounts if mounts is _KEEP else mounts,
        p.torso if torso is _KEEP else torso,
        p.legs if legs is _KEEP else legs,
        p.stance if stance is _KEEP else stance,
        p.action if action is _KEEP else action,
        p.time if time is _KEEP else time,
        p.placed if placed is _KEEP else placed,
        p.last_attack if last_attack is _KEEP else last_attack,
        p.wall if wall is _KEEP else wall,
    )
    return _with_player(state, player)


def _enemy(
    e: Enemy,
    *,
    ring: Ring = _KEEP,
    wedge: Wedge = _KEEP,
    attack: int = _KEEP,
    time: int = _KEEP,
    damage: int = _KEEP,
) -> Enemy:
    """``attrs.evolve(enemy, ...)``, field by field."""
    return make_enemy(
        e.key,
        e.kind,
        e.ring if ring is _KEEP else ring,
        e.wedge if wedge is _KEEP else wedge,
        e.attack if attack is _KEEP else attack,
        e.time if time is _KEEP else time,
        e.damage if damage is _KEEP else damage,
    )


def _with_player(s: PaperState, player: Player) -> PaperState:
    """The state with another sheet (the commonest change, built directly)."""
    return make_state(
        s.setup, player, s.enemies, s.battle, s.wave, s.prompt, s.enemy, s.haste, s.repairs,
        s.killed, s.score, s.waves_cleared, s.result,
    )  # fmt: skip


def _with_enemies(s: PaperState, enemies: tuple[Enemy, ...]) -> PaperState:
    """The state with other enemies (built directly)."""
    return make_state(
        s.setup, s.player, enemies, s.battle, s.wave, s.prompt, s.enemy, s.haste, s.repairs,
        s.killed, s.score, s.waves_cleared, s.result,
    )  # fmt: skip


def _with_enemy(state: PaperState, enemy: Enemy) -> PaperState:
    """`PaperState.with_enemy`: ``enemy`` replaces the one with its key."""
    key = enemy.key
    return _with_enemies(state, tuple([enemy if e.key == key else e for e in state.enemies]))


def _off_track(state: PaperState, **changes: Any) -> PaperState:  # noqa: ANN401 - Player fields
    """The player's action resolved (or was discarded): the cube leaves the track."""
    return _player(state, action=None, time=None, placed=None, **changes)


@_apply.register
def _wave_generated(event: ev.WaveGenerated, state: PaperState) -> PaperState:
    enemies = tuple(
        Enemy(
            key=s.kind.value,
            kind=s.kind,
            ring=Ring.L,
            wedge=Wedge(s.wedge_roll - 1),
            attack=s.attack,
            time=s.kind.profile.attacks[s.attack].t,
        )
        for s in event.spawns
    )
    return _state(
        state, battle=event.battle, wave=event.wave, enemies=enemies, killed=(), repairs=0
    )


@_apply.register
def _loadout_refitted(event: ev.LoadoutRefitted, state: PaperState) -> PaperState:
    return _player(state, loadout=event.loadout)


@_apply.register
def _action_chosen(event: ev.ActionChosen, state: PaperState) -> PaperState:
    p = state.player
    time = event.time
    player = make_player(
        p.loadout, p.mounts, p.torso, p.legs, p.stance, event.action, time, time, p.last_attack,
        p.wall,
    )  # fmt: skip
    return _with_player(state, player)


@_apply.register
def _time_advanced(event: ev.TimeAdvanced, state: PaperState) -> PaperState:  # noqa: ARG001
    p = state.player
    time = p.time
    player = make_player(
        p.loadout, p.mounts, p.torso, p.legs, p.stance, p.action,
        None if time is None else time - 1, p.placed, p.last_attack, p.wall,
    )  # fmt: skip
    s = state
    return make_state(
        s.setup,
        player,
        tuple([
            make_enemy(e.key, e.kind, e.ring, e.wedge, e.attack, e.time - 1, e.damage)
            for e in s.enemies
        ]),
        s.battle, s.wave, s.prompt, s.enemy, s.haste, s.repairs, s.killed, s.score,
        s.waves_cleared, s.result,
    )  # fmt: skip


@_apply.register
def _enemy_attacked(event: ev.EnemyAttacked, state: PaperState) -> PaperState:  # noqa: ARG001
    return state


@_apply.register
def _damage_spilled(event: ev.DamageSpilled, state: PaperState) -> PaperState:  # noqa: ARG001
    return state


@_apply.register
def _circles_filled(event: ev.CirclesFilled, state: PaperState) -> PaperState:
    return _set_circles(state, event.location, event.circles, filled=True)


@_apply.register
def _circle_repaired(event: ev.CircleRepaired, state: PaperState) -> PaperState:
    state = _state(state, repairs=max(0, state.repairs - 1))
    if event.location is Location.TORSO:
        return _player(state, torso=state.player.torso - 1)
    return _set_circles(state, event.location, (event.circle or 0,), filled=False)


def _set_circles(
    state: PaperState, location: Location, circles: tuple[int, ...], *, filled: bool
) -> PaperState:
    player: Player = state.player
    if location is Location.TORSO:
        return _player(state, torso=player.torso + len(circles))
    if location is Location.LEGS:
        legs = tuple([filled if i in circles else c for i, c in enumerate(player.legs)])
        return _player(state, legs=legs)
    mount_of = location.mount
    assert mount_of is not None  # noqa: S101 - torso and legs are handled above
    index = MOUNTS.index(mount_of)
    mount = tuple([filled if i in circles else c for i, c in enumerate(player.mounts[index])])
    mounts = tuple([mount if i == index else m for i, m in enumerate(player.mounts)])
    return _player(state, mounts=mounts)


@_apply.register
def _enemy_moved(event: ev.EnemyMoved, state: PaperState) -> PaperState:
    e = state.get(event.enemy)
    moved = make_enemy(e.key, e.kind, event.ring, event.wedge, e.attack, e.time, e.damage)
    return _with_enemy(state, moved)


@_apply.register
def _enemy_attack_selected(event: ev.EnemyAttackSelected, state: PaperState) -> PaperState:
    e = state.get(event.enemy)
    time = e.time if event.time is None else event.time
    return _with_enemy(
        state, make_enemy(e.key, e.kind, e.ring, e.wedge, event.attack, time, e.damage)
    )


@_apply.register
def _enemy_delayed(event: ev.EnemyDelayed, state: PaperState) -> PaperState:
    return _with_enemy(state, _enemy(state.get(event.enemy), time=event.time))


@_apply.register
def _radar_shifted(event: ev.RadarShifted, state: PaperState) -> PaperState:
    spaces = {key: (ring, wedge) for key, ring, wedge in event.spaces}
    enemies = tuple(
        _enemy(e, ring=spaces[e.key][0], wedge=spaces[e.key][1]) if e.key in spaces else e
        for e in state.enemies
    )
    return _with_enemies(state, enemies)


@_apply.register
def _stance_changed(event: ev.StanceChanged, state: PaperState) -> PaperState:
    return _player(state, stance=event.stance)


@_apply.register
def _player_attacked(event: ev.PlayerAttacked, state: PaperState) -> PaperState:
    mount = event.action.mount
    last = None if mount is None else LastAttack(mount, event.target)
    p = state.player
    player = make_player(
        p.loadout, p.mounts, p.torso, p.legs, p.stance, None, None, None, last, None
    )  # fmt: skip
    return _with_player(state, player)  # `_off_track`, field by field


@_apply.register
def _player_moved(event: ev.PlayerMoved, state: PaperState) -> PaperState:
    if event.free:
        return state
    p = state.player
    player = make_player(
        p.loadout, p.mounts, p.torso, p.legs, p.stance, None, None, None, p.last_attack, p.wall
    )  # fmt: skip
    return _with_player(state, player)  # `_off_track`, field by field


@_apply.register
def _wall_raised(event: ev.WallRaised, state: PaperState) -> PaperState:
    return _player(state, wall=event.mount)


@_apply.register
def _enemy_damaged(event: ev.EnemyDamaged, state: PaperState) -> PaperState:
    enemy = state.get(event.enemy)
    return _with_enemy(state, _enemy(enemy, damage=enemy.damage + event.circles))


@_apply.register
def _enemy_destroyed(event: ev.EnemyDestroyed, state: PaperState) -> PaperState:
    enemy = state.get(event.enemy)
    return _state(
        state,
        enemies=tuple([e for e in state.enemies if e.key != enemy.key]),
        killed=(*state.killed, enemy.kind),
    )


@_apply.register
def _wave_cleared(event: ev.WaveCleared, state: PaperState) -> PaperState:  # noqa: ARG001
    state = _off_track(state, last_attack=None, wall=None)
    return _state(state, enemies=(), waves_cleared=state.waves_cleared + 1)


@_apply.register
def _repairs_rolled(event: ev.RepairsRolled, state: PaperState) -> PaperState:
    return _state(state, repairs=event.repairs)


@_apply.register
def _prompted(event: ev.Prompted, state: PaperState) -> PaperState:
    s = state
    if s.prompt is event.prompt and s.enemy == event.enemy and s.haste == event.haste:
        return s  # asked again (a window after a window): the same state, not a copy of it
    return make_state(
        s.setup, s.player, s.enemies, s.battle, s.wave, event.prompt, event.enemy, event.haste,
        s.repairs, s.killed, s.score, s.waves_cleared, s.result,
    )  # fmt: skip


@_apply.register
def _battle_won(event: ev.BattleWon, state: PaperState) -> PaperState:
    return _state(state, score=state.score + event.score)


@_apply.register
def _game_ended(event: ev.GameEnded, state: PaperState) -> PaperState:
    return _state(state, result=event.result, prompt=Prompt.OVER, enemy=None, haste=0)
