"""Paper 'Mech ``evolve``: one mutator per event type, dispatched by type (STYLE 4).

No dice and no validation here: ``decide`` already did both, and replay folds these.
"""

from __future__ import annotations

from functools import singledispatch
from typing import Any

import attrs

from engine.game import Event
from engine.papermech import events as ev
from engine.papermech.state import MOUNTS, Enemy, LastAttack, PaperState, Player, Prompt
from engine.papermech.tables import Location, Ring, Wedge

__all__ = ["evolve"]


def evolve(state: PaperState, event: Event) -> PaperState:
    """Apply one event."""
    return _apply(event, state)


@singledispatch
def _apply(event: Event, state: PaperState) -> PaperState:  # noqa: ARG001
    raise TypeError(f"Paper 'Mech cannot apply {event!r}")


def _player(state: PaperState, **changes: Any) -> PaperState:  # noqa: ANN401 - Player fields
    return attrs.evolve(state, player=attrs.evolve(state.player, **changes))


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
    return attrs.evolve(
        state, battle=event.battle, wave=event.wave, enemies=enemies, killed=(), repairs=0
    )


@_apply.register
def _loadout_refitted(event: ev.LoadoutRefitted, state: PaperState) -> PaperState:
    return _player(state, loadout=event.loadout)


@_apply.register
def _action_chosen(event: ev.ActionChosen, state: PaperState) -> PaperState:
    return _player(state, action=event.action, time=event.time, placed=event.time)


@_apply.register
def _time_advanced(event: ev.TimeAdvanced, state: PaperState) -> PaperState:  # noqa: ARG001
    enemies = tuple(attrs.evolve(e, time=e.time - 1) for e in state.enemies)
    time = state.player.time
    return attrs.evolve(_player(state, time=None if time is None else time - 1), enemies=enemies)


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
    state = attrs.evolve(state, repairs=max(0, state.repairs - 1))
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
        legs = tuple(filled if i in circles else c for i, c in enumerate(player.legs))
        return _player(state, legs=legs)
    mount_of = location.mount
    assert mount_of is not None  # noqa: S101 - torso and legs are handled above
    index = MOUNTS.index(mount_of)
    mount = tuple(filled if i in circles else c for i, c in enumerate(player.mounts[index]))
    mounts = tuple(mount if i == index else m for i, m in enumerate(player.mounts))
    return _player(state, mounts=mounts)


@_apply.register
def _enemy_moved(event: ev.EnemyMoved, state: PaperState) -> PaperState:
    return state.with_enemy(
        attrs.evolve(state.get(event.enemy), ring=event.ring, wedge=event.wedge)
    )


@_apply.register
def _enemy_attack_selected(event: ev.EnemyAttackSelected, state: PaperState) -> PaperState:
    enemy = state.get(event.enemy)
    time = enemy.time if event.time is None else event.time
    return state.with_enemy(attrs.evolve(enemy, attack=event.attack, time=time))


@_apply.register
def _enemy_delayed(event: ev.EnemyDelayed, state: PaperState) -> PaperState:
    return state.with_enemy(attrs.evolve(state.get(event.enemy), time=event.time))


@_apply.register
def _radar_shifted(event: ev.RadarShifted, state: PaperState) -> PaperState:
    spaces = {key: (ring, wedge) for key, ring, wedge in event.spaces}
    enemies = tuple(
        attrs.evolve(e, ring=spaces[e.key][0], wedge=spaces[e.key][1]) if e.key in spaces else e
        for e in state.enemies
    )
    return attrs.evolve(state, enemies=enemies)


@_apply.register
def _stance_changed(event: ev.StanceChanged, state: PaperState) -> PaperState:
    return _player(state, stance=event.stance)


@_apply.register
def _player_attacked(event: ev.PlayerAttacked, state: PaperState) -> PaperState:
    mount = event.action.mount
    last = None if mount is None else LastAttack(mount, event.target)
    return _off_track(state, last_attack=last, wall=None)


@_apply.register
def _player_moved(event: ev.PlayerMoved, state: PaperState) -> PaperState:
    return state if event.free else _off_track(state)


@_apply.register
def _wall_raised(event: ev.WallRaised, state: PaperState) -> PaperState:
    return _player(state, wall=event.mount)


@_apply.register
def _enemy_damaged(event: ev.EnemyDamaged, state: PaperState) -> PaperState:
    enemy = state.get(event.enemy)
    return state.with_enemy(attrs.evolve(enemy, damage=enemy.damage + event.circles))


@_apply.register
def _enemy_destroyed(event: ev.EnemyDestroyed, state: PaperState) -> PaperState:
    enemy = state.get(event.enemy)
    return attrs.evolve(
        state,
        enemies=tuple(e for e in state.enemies if e.key != enemy.key),
        killed=(*state.killed, enemy.kind),
    )


@_apply.register
def _wave_cleared(event: ev.WaveCleared, state: PaperState) -> PaperState:  # noqa: ARG001
    state = _off_track(state, last_attack=None, wall=None)
    return attrs.evolve(state, enemies=(), waves_cleared=state.waves_cleared + 1)


@_apply.register
def _repairs_rolled(event: ev.RepairsRolled, state: PaperState) -> PaperState:
    return attrs.evolve(state, repairs=event.repairs)


@_apply.register
def _prompted(event: ev.Prompted, state: PaperState) -> PaperState:
    return attrs.evolve(state, prompt=event.prompt, enemy=event.enemy, haste=event.haste)


@_apply.register
def _battle_won(event: ev.BattleWon, state: PaperState) -> PaperState:
    return attrs.evolve(state, score=state.score + event.score)


@_apply.register
def _game_ended(event: ev.GameEnded, state: PaperState) -> PaperState:
    return attrs.evolve(state, result=event.result, prompt=Prompt.OVER, enemy=None, haste=0)
