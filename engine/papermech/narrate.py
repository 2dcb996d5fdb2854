"""Paper 'Mech in words: one English line per event and per command, and the dice each event rolled.

`tell` gives the lines of one log entry (`engine.game.Ruleset.tell`); the TUI's log and dice tray,
and anything else that tells a game as text, read them. Every function is pure: an event and the
states around it in, a string out. ``before`` is the state the event was applied to and ``after``
the state it made, so a line can name an enemy the event removed (`EnemyDestroyed`) or count the
circles an event filled.

Positions on the radar are written ring/wedge, as the sheet names them: ``M/2`` is ring M, wedge 2,
``L/RR`` is ring L, the right rear wedge.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import singledispatch

from engine.game import Command, Event
from engine.narration import Roll, Told, tell_events
from engine.papermech import events as ev
from engine.papermech.evolve import evolve
from engine.papermech.flow import prompt_text
from engine.papermech.language import format_command
from engine.papermech.options import describe_action
from engine.papermech.state import Enemy, PaperState, Prompt
from engine.papermech.tables import (
    LEGS_LINES,
    LEGS_TITLES,
    REPAIR_ON,
    TORSO_CIRCLES,
    TORSO_PENALTY_AT,
    Action,
    Location,
    Ring,
    Weapon,
    Wedge,
)

__all__ = [
    "ROUTINE_PROMPTS",
    "describe",
    "dice_of",
    "is_routine",
    "position",
    "rolls",
    "tell",
]

ROUTINE_PROMPTS = frozenset({Prompt.WINDOW, Prompt.ACTION, Prompt.FREE, Prompt.MOVE})
"""Prompts that come after nearly every command: a log may leave their lines out."""


# ------------------------------------------------------------------ small words
def position(ring: Ring, wedge: Wedge) -> str:
    """Write a radar space: ``M/2``, ``L/RR``."""
    return f"{ring.name}/{wedge.label}"


def _faces(dice: tuple[int, ...]) -> str:
    return " ".join(str(d) for d in dice)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _enemy(key: str, *states: PaperState) -> Enemy | None:
    return next((e for s in states if (e := s.find(key)) is not None), None)


def _name(key: str, *states: PaperState) -> str:
    """Name an enemy "Helo (H)" from the first state that still has it."""
    enemy = _enemy(key, *states)
    return key if enemy is None else enemy.name


def _where(location: Location, state: PaperState) -> str:
    """Name a location with its weapon: "the right shoulder (Missiles)", "the torso"."""
    mount = location.mount
    if mount is None:
        return f"the {location.label}"
    return f"the {location.label} ({state.player.weapon(mount).label})"


# ------------------------------------------------------------------ entries
def tell(
    entry: int, command: Command, events: Sequence[Event], state: PaperState
) -> tuple[list[Told], PaperState]:
    """Tell one command and its events, with the dice of each (an `engine.narration.Tell`).

    Args:
        entry: the command's index in the log.
        command: the command.
        events: what it caused.
        state: the state before it.

    Returns:
        The lines (the command's own first, in the command language) and the state after them.
    """
    return tell_events(
        entry,
        format_command(command),
        events,
        state,
        evolve=evolve,
        describe=describe,
        rolls=rolls,
        routine=is_routine,
    )


# ------------------------------------------------------------------ events
def describe(event: Event, before: PaperState, after: PaperState) -> str:
    """Tell one event in one English line.

    Args:
        event: the event.
        before: the state it was applied to.
        after: the state it made.

    Returns:
        E.g. "Helo (H) fires Missiles/Rockets from M/2: location d6=3 -> right shoulder; dice
        5 3 6 1 vs armor 3: 2 damage."
    """
    return _describe(event, before, after)


def is_routine(event: Event) -> bool:
    """Whether ``event`` only repeats the usual question (a log may leave its line out)."""
    return isinstance(event, ev.Prompted) and event.prompt in ROUTINE_PROMPTS and not event.enemy


@singledispatch
def _describe(event: Event, before: PaperState, after: PaperState) -> str:  # noqa: ARG001
    return f"{type(event).__name__}."


@_describe.register
def _wave_generated(event: ev.WaveGenerated, before: PaperState, after: PaperState) -> str:
    del before
    parts = []
    for spawn in event.spawns:
        profile = spawn.kind.profile
        attack = profile.attacks[spawn.attack].name
        rolled = "" if spawn.attack_roll is None else f" (d6={spawn.attack_roll})"
        place = position(Ring.L, Wedge(spawn.wedge_roll - 1))
        parts.append(f"{profile.title} ({spawn.kind.value}) at {place} with {attack}{rolled}")
    where = f"Wave {event.wave}"
    if after.setup.battles > 1:
        where = f"Battle {event.battle}, wave {event.wave}"
    return f"{where} (d6={event.roll}): {'; '.join(parts)}."


@_describe.register
def _loadout_refitted(event: ev.LoadoutRefitted, before: PaperState, after: PaperState) -> str:
    del before, after
    loadout = event.loadout
    penalty = f"+{loadout.penalty} T on every action" if loadout.penalty else "no penalty"
    return f"Refit: {loadout.describe()} (weight {loadout.weight}, {penalty})."


@_describe.register
def _action_chosen(event: ev.ActionChosen, before: PaperState, after: PaperState) -> str:
    del after
    action = describe_action(before.player, event.action)
    cost = f" (T{event.time - event.penalty} +{event.penalty} penalty)" if event.penalty else ""
    where = f"cube on space {event.time}{cost}"
    if event.forced:
        return f"Your action was disabled: you choose {action} instead, {where}."
    if before.prompt is Prompt.WINDOW and before.player.action is not None:
        return f"You change to {action}: {where}; the time spent waiting is lost."
    return f"You choose {action}: {where}."


@_describe.register
def _time_advanced(event: ev.TimeAdvanced, before: PaperState, after: PaperState) -> str:
    del event, before

    def space(time: int) -> str:
        return "ACTIVE" if time <= 0 else str(time)

    cubes = [] if after.player.time is None else [f"you {space(after.player.time)}"]
    cubes.extend(f"{e.key} {space(e.time)}" for e in after.enemies)
    return f"Time passes one step: {', '.join(cubes)}." if cubes else "Time passes one step."


@_describe.register
def _enemy_attacked(event: ev.EnemyAttacked, before: PaperState, after: PaperState) -> str:
    del after
    enemy = before.get(event.enemy)
    attack = enemy.profile.attacks[event.attack]
    head = f"{enemy.name} fires {attack.name} from {position(*enemy.space)}"
    if event.location_rolls:
        rolled = ", ".join(str(r) for r in event.location_rolls)
        note = " (squatting: a 6 is rolled again)" if len(event.location_rolls) > 1 else ""
        where = f"location d6={rolled}{note} -> {event.location.label}"
    else:
        mount = event.location.mount
        shield = before.player.weapon(mount).label if mount else event.location.label
        where = f"the {shield} takes it ({event.shield or 'shield'})"
    rear = ", rear: armor -1" if event.rear else ""
    dice = f"dice {_faces(event.dice)} vs armor {event.armor}{rear}"
    parry = f"; Parry re-rolls them: {_faces(event.parry)}" if event.parry else ""
    damage = f"{event.hits} damage" if event.hits else "no damage"
    return f"{head}: {where}; {dice}{parry}: {damage}."


@_describe.register
def _circles_filled(event: ev.CirclesFilled, before: PaperState, after: PaperState) -> str:
    location = event.location
    if location is Location.TORSO:
        filled = after.player.torso
        text = (
            f"Torso: {_plural(len(event.circles), 'circle')} filled ({filled} of {TORSO_CIRCLES})"
        )
        if before.player.torso < TORSO_PENALTY_AT <= filled < TORSO_CIRCLES:
            text += ": every action now costs +1 T"
        return text + "."
    if location is Location.LEGS:
        lines = ", ".join(LEGS_TITLES[LEGS_LINES[i]] for i in event.circles)
        return f"Legs hit: {lines} disabled."
    numbers = ", ".join(str(i + 1) for i in event.circles)
    start = "" if event.start_roll is None else f" from d6={event.start_roll}"
    word = "circle" if len(event.circles) == 1 else "circles"
    text = f"{_cap(_where(location, before))}: {word} {numbers} filled{start}"
    lost = [
        describe_action(after.player, action)
        for action in Action
        if action.mount is location.mount
        and after.player.line_disabled(action)
        and not before.player.line_disabled(action)
    ]
    if lost:
        text += f"; {' and '.join(lost)} disabled"
    return text + "."


@_describe.register
def _damage_spilled(event: ev.DamageSpilled, before: PaperState, after: PaperState) -> str:
    del after
    amount = _plural(event.damage, "point")
    verb = "are" if event.source is Location.LEGS else "is"  # "the legs are full"
    spill = "spills" if event.damage == 1 else "spill"
    return (
        f"{_cap(_where(event.source, before))} {verb} full: {amount} {spill} over, "
        f"d6={event.roll} -> {event.to.label}."
    )


@_describe.register
def _enemy_moved(event: ev.EnemyMoved, before: PaperState, after: PaperState) -> str:
    del after
    enemy = before.get(event.enemy)
    move = f"{position(*enemy.space)} -> {position(event.ring, event.wedge)}"
    if event.why == "approach":
        return f"{enemy.name} closes in (out of range): {move}."
    if event.why == "flank":
        return f"{enemy.name} flanks toward your rear: {move}."
    if event.why == "pull":
        return f"The Energy Whip pulls {enemy.name}: {move}."
    return f"{enemy.name} moves ({event.why}): {move}."


@_describe.register
def _enemy_attack_selected(
    event: ev.EnemyAttackSelected, before: PaperState, after: PaperState
) -> str:
    enemy = before.get(event.enemy)
    profile = enemy.profile
    attack = profile.attacks[event.attack].name
    rolled = ""
    if event.roll is not None:
        rolled = f" (d6={event.roll})"
        wanted = profile.attack_for(event.roll)
        if wanted != event.attack:
            rolled = f" (d6={event.roll}: {profile.attacks[wanted].name} is disabled)"
    if event.time is None:
        cube = f"its cube stays on space {after.get(event.enemy).time}"
    else:
        cube = f"cube on space {event.time}"
    return f"{enemy.name} readies {attack}{rolled}: {cube}."


@_describe.register
def _enemy_delayed(event: ev.EnemyDelayed, before: PaperState, after: PaperState) -> str:
    del after
    return f"Recoil: {_name(event.enemy, before)} is knocked back to space {event.time}."


_MOVES = {
    "forward": "you walk forwards",
    "backward": "you walk backwards",
    "cw": "you turn left: every enemy one wedge clockwise",
    "ccw": "you turn right: every enemy one wedge anticlockwise",
}


@_describe.register
def _radar_shifted(event: ev.RadarShifted, before: PaperState, after: PaperState) -> str:
    del after
    moves = []
    for key, ring, wedge in event.spaces:
        enemy = before.find(key)
        if enemy is not None and enemy.space != (ring, wedge):
            moves.append(f"{key} {position(*enemy.space)} -> {position(ring, wedge)}")
    what = _MOVES.get(event.move, event.move)
    return f"Radar ({what}): {', '.join(moves) if moves else 'no enemy moves'}."


@_describe.register
def _stance_changed(event: ev.StanceChanged, before: PaperState, after: PaperState) -> str:
    del before, after
    return f"You are now {event.stance.value}."


@_describe.register
def _player_attacked(event: ev.PlayerAttacked, before: PaperState, after: PaperState) -> str:
    del after
    player = before.player
    action = describe_action(player, event.action)
    mount = event.action.mount
    weapon = None if mount is None else player.weapon(mount)
    line_p = 0 if weapon is None else weapon.profile.lines[event.action.line].p
    if event.target is None:
        if line_p == 0:
            if weapon is None:  # pragma: no cover - an attack action always has a mount
                return f"You take up {action}."
            line = weapon.profile.lines[event.action.line].name
            return f"You take up {line} ({event.action.value.upper()}) with the {weapon.label}."
        return f"You fire {action}: no target in range and arc, the attack is wasted."
    haste = f" in haste (-{event.haste} per die)" if event.haste else ""
    text = f"You fire {action} at {_name(event.target, before)}{haste}: "
    power = ""
    if event.power != line_p:
        why = "Combo" if weapon is Weapon.FIST else "Proximity"
        power = f"P{event.power} ({why}), "
    text += f"{power}dice {_faces(event.dice) or 'none'} vs armor {event.armor}"
    if event.rerolls:
        text += f", misses re-rolled: {_faces(event.rerolls)}"
    if event.crushed:
        return text + ": Crush! a die beats its remaining circles."
    text += f": {_plural(event.hits, 'hit')}"
    if event.second is not None:
        text += (
            f"; {_name(event.second, before)} vs armor {event.second_armor}: "
            f"{_plural(event.second_hits, 'hit')}"
        )
    return text + "."


@_describe.register
def _player_moved(event: ev.PlayerMoved, before: PaperState, after: PaperState) -> str:
    del before, after
    title = LEGS_TITLES.get(event.action, event.action.value)
    return f"Free move: {title}." if event.free else f"{title} resolved."


@_describe.register
def _wall_raised(event: ev.WallRaised, before: PaperState, after: PaperState) -> str:
    del before, after
    return (
        f"Wall: the Tower Shield on the {event.mount.label} takes every hit from its arc "
        "until your next attack."
    )


@_describe.register
def _enemy_damaged(event: ev.EnemyDamaged, before: PaperState, after: PaperState) -> str:
    was = before.get(event.enemy)
    now = after.get(event.enemy)
    total = now.profile.hit_points
    text = f"{now.name} takes {event.circles} damage: {now.damage} of {total} circles filled"
    lost = [
        a.name for i, a in enumerate(now.profile.attacks) if now.disabled(i) and not was.disabled(i)
    ]
    if lost and now.hit_points > 0:
        text += f", {' and '.join(lost)} disabled"
    return text + "."


@_describe.register
def _enemy_destroyed(event: ev.EnemyDestroyed, before: PaperState, after: PaperState) -> str:
    name = _name(event.enemy, before, after)
    if event.how == "crush":
        return f"{name} is crushed!"
    return f"{name} is destroyed!"


@_describe.register
def _wave_cleared(event: ev.WaveCleared, before: PaperState, after: PaperState) -> str:
    del before
    if after.setup.battles > 1:
        return f"Battle {event.battle}, wave {event.wave} cleared!"
    return f"Wave {event.wave} cleared!"


@_describe.register
def _repairs_rolled(event: ev.RepairsRolled, before: PaperState, after: PaperState) -> str:
    del before, after
    if not event.dice:
        return "No repair dice (no enemy armor beaten)."
    return (
        f"Repair dice {_faces(event.dice)} ({REPAIR_ON}+ repairs): "
        f"{_plural(event.repairs, 'repair')}."
    )


@_describe.register
def _circle_repaired(event: ev.CircleRepaired, before: PaperState, after: PaperState) -> str:
    del after
    if event.location is Location.TORSO:
        return "Repaired a torso circle."
    circle = event.circle or 0
    if event.location is Location.LEGS:
        return f"Repaired the legs: {LEGS_TITLES[LEGS_LINES[circle]]} works again."
    return f"Repaired circle {circle + 1} of {_where(event.location, before)}."


@_describe.register
def _prompted(event: ev.Prompted, before: PaperState, after: PaperState) -> str:
    del event, before
    return f"Now: {prompt_text(after)}"


@_describe.register
def _battle_won(event: ev.BattleWon, before: PaperState, after: PaperState) -> str:
    del before, after
    circles = _plural(event.score, "circle")
    return f"Battle {event.battle} won: {circles} intact, {_plural(event.score, 'point')}."


@_describe.register
def _game_ended(event: ev.GameEnded, before: PaperState, after: PaperState) -> str:
    del before, after
    result = event.result
    if result.won:
        return f"Victory! Final score {result.score}."
    score = f" Score {result.score}." if result.score else ""
    return f"Game over: {result.cause}.{score}"


# ------------------------------------------------------------------ dice
def dice_of(event: Event) -> list[tuple[str, tuple[int, ...]]]:
    """Return every die ``event`` rolled, in labelled groups (for a dice tray).

    Args:
        event: the event.

    Returns:
        E.g. ``[("location", (3,)), ("H attack", (5, 3, 6, 1))]``; empty when it rolled none.
    """
    return [(roll.label, roll.dice) for roll in rolls(event)]


def rolls(event: Event, before: PaperState | None = None) -> list[Roll]:
    """Return the labelled dice of ``event``, each face marked when it counted.

    Args:
        event: the event.
        before: the state it was applied to; it tells a Machine Gun's 6s (Weak) from misses.

    Returns:
        The groups in the order the dice were rolled; empty when it rolled none.
    """
    return _rolls(event, before)


@singledispatch
def _rolls(event: Event, before: PaperState | None) -> list[Roll]:  # noqa: ARG001
    return []


@_rolls.register
def _wave_rolls(event: ev.WaveGenerated, before: PaperState | None) -> list[Roll]:
    del before
    kinds = "+".join(spawn.kind.value for spawn in event.spawns)
    out = [Roll("wave table", (event.roll,), outcome=f"wave {event.wave}: {kinds}")]
    for spawn in event.spawns:
        key = spawn.kind.value
        profile = spawn.kind.profile
        if spawn.attack_roll is not None:
            attack = profile.attacks[spawn.attack].name
            out.append(Roll(f"{key} attack", (spawn.attack_roll,), outcome=attack))
        place = position(Ring.L, Wedge(spawn.wedge_roll - 1))
        out.append(Roll(f"{key} wedge", (spawn.wedge_roll,), outcome=place))
    return out


@_rolls.register
def _enemy_attack_rolls(event: ev.EnemyAttacked, before: PaperState | None) -> list[Roll]:
    del before
    out = []
    if event.location_rolls:
        where = event.location.label + (", rear" if event.rear else "")
        out.append(Roll("location", event.location_rolls, outcome=where))
    hits = sum(1 for d in event.dice if d > event.armor)
    outcome = f"vs {event.armor}: {hits} damage"
    scored = tuple(d > event.armor for d in event.dice)
    out.append(Roll(f"{event.enemy} attack", event.dice, scored, outcome))
    if event.parry:
        scored = tuple(d > event.armor for d in event.parry)
        out.append(Roll("parry", event.parry, scored, f"{event.hits} damage"))
    return out


@_rolls.register
def _circle_rolls(event: ev.CirclesFilled, before: PaperState | None) -> list[Roll]:
    del before
    if event.start_roll is None:
        return []
    numbers = ",".join(str(i + 1) for i in event.circles)
    outcome = f"{event.location.value} circles {numbers}"
    return [Roll("first circle", (event.start_roll,), outcome=outcome)]


@_rolls.register
def _spill_rolls(event: ev.DamageSpilled, before: PaperState | None) -> list[Roll]:
    del before
    return [Roll("spill", (event.roll,), outcome=f"{event.damage} to {event.to.label}")]


@_rolls.register
def _select_rolls(event: ev.EnemyAttackSelected, before: PaperState | None) -> list[Roll]:
    if event.roll is None:
        return []
    enemy = None if before is None else before.find(event.enemy)
    name = (
        f"attack {event.attack + 1}" if enemy is None else enemy.profile.attacks[event.attack].name
    )
    return [Roll(f"{event.enemy} attack pick", (event.roll,), outcome=name)]


@_rolls.register
def _player_rolls(event: ev.PlayerAttacked, before: PaperState | None) -> list[Roll]:
    if not event.dice:
        return []
    weak = False
    mount = event.action.mount
    if before is not None and mount is not None:
        weak = before.player.weapon(mount) is Weapon.MACHINE_GUN

    def scored(faces: tuple[int, ...]) -> tuple[bool, ...]:
        return tuple(d - event.haste > event.armor or (weak and d == 6) for d in faces)  # noqa: PLR2004

    armor = f"vs {event.armor}" + (f", -{event.haste} haste" if event.haste else "")
    result = "crushed!" if event.crushed else _plural(event.hits, "hit")
    label = f"{event.action.value.upper()} attack"
    if not event.rerolls:
        return [Roll(label, event.dice, scored(event.dice), f"{armor}: {result}")]
    return [
        Roll(label, event.dice, scored(event.dice), armor),
        Roll("re-roll", event.rerolls, scored(event.rerolls), result),
    ]


@_rolls.register
def _repair_rolls(event: ev.RepairsRolled, before: PaperState | None) -> list[Roll]:
    del before
    if not event.dice:
        return []
    scored = tuple(d >= REPAIR_ON for d in event.dice)
    return [Roll("repair", event.dice, scored, _plural(event.repairs, "repair"))]
