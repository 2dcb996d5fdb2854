"""Paper 'Mech events: what happened, with every die that decided it (DESIGN 2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from attrs import frozen

from engine.game import Event
from engine.papermech.state import Loadout, Prompt, Result
from engine.papermech.tables import Action, EnemyKind, Location, Mount, Ring, Stance, Wedge

__all__ = [
    "ActionChosen",
    "BattleWon",
    "CircleRepaired",
    "CirclesFilled",
    "DamageSpilled",
    "EnemyAttackSelected",
    "EnemyAttacked",
    "EnemyDamaged",
    "EnemyDelayed",
    "EnemyDestroyed",
    "EnemyMoved",
    "GameEnded",
    "LoadoutRefitted",
    "PaperEvent",
    "PlayerAttacked",
    "PlayerMoved",
    "Prompted",
    "RadarShifted",
    "RepairsRolled",
    "Spawn",
    "StanceChanged",
    "TimeAdvanced",
    "WallRaised",
    "WaveCleared",
    "WaveGenerated",
    "interned",
]

E = TypeVar("E")

_INTERNED_MAX = 4096
"""Events an `interned` constructor keeps before it starts again (a game meets a few dozen)."""


def interned(cls: Callable[..., E]) -> Callable[..., E]:
    """A constructor of ``cls`` that gives the same event again for the same fields.

    Events are immutable values, so the simulator's commonest (an action chosen, an enemy moved
    or damaged, a prompt) are made once and emitted again and again. Pass every field, by
    position and always of the same types (``Ring.S``, never ``1``): the fields are the key.
    """
    made: dict[tuple[object, ...], E] = {}

    def make(*fields: object) -> E:
        found = made.get(fields)
        if found is None:
            if len(made) >= _INTERNED_MAX:
                made.clear()
            found = made[fields] = cls(*fields)
        return found

    return make


@frozen
class PaperEvent(Event):
    """Base of the Paper 'Mech events."""


@frozen
class Spawn:
    """PM-3: one generated enemy and its two rolls.

    Attributes:
        kind: the enemy.
        attack_roll: the d6 that chose its attack, None when it has only one.
        attack: the attack chosen.
        wedge_roll: the d6 that placed it on ring L.
    """

    kind: EnemyKind
    attack_roll: int | None
    attack: int
    wedge_roll: int


@frozen
class WaveGenerated(PaperEvent):
    """PM-3: a wave was rolled on the wave table (a new battle starts with its wave 1)."""

    TAG = "wave_generated"
    battle: int
    wave: int
    roll: int
    spawns: tuple[Spawn, ...]


@frozen
class LoadoutRefitted(PaperEvent):
    """PM-12: the 'Mech was refitted before a battle."""

    TAG = "loadout_refitted"
    loadout: Loadout


@frozen
class ActionChosen(PaperEvent):
    """PM-4 / PM-5: the player chose an action; the cube was placed on ``time``.

    ``penalty`` is the torso plus weight penalty included in ``time``; ``forced`` marks the
    re-choice after the chosen action was disabled (PM-5 DESIGN).
    """

    TAG = "action_chosen"
    action: Action
    time: int
    penalty: int = 0
    forced: bool = False


@frozen
class TimeAdvanced(PaperEvent):
    """PM-4: every cube slid one space down the time track."""

    TAG = "time_advanced"


@frozen
class EnemyAttacked(PaperEvent):
    """PM-6: an enemy attacked the player.

    Attributes:
        enemy: the attacker's letter.
        attack: the index of its attack.
        location: where it hit.
        location_rolls: the targeting d6 (more than one when squatting re-rolled a 6); empty
            when a shield took the hit (Reflex / Wall).
        shield: the special that sent it to a shield, or "".
        rear: whether it came from RR/RL (armor -1).
        dice: the attack dice.
        armor: the armor the dice had to beat.
        parry: the re-rolled results when Parry applied (they stand).
        hits: the damage it did.
    """

    TAG = "enemy_attacked"
    enemy: str
    attack: int
    location: Location
    location_rolls: tuple[int, ...]
    shield: str
    rear: bool
    dice: tuple[int, ...]
    armor: int
    parry: tuple[int, ...]
    hits: int


@frozen
class CirclesFilled(PaperEvent):
    """PM-9.3: damage filled circles of one location (0-based circle numbers).

    ``start_roll`` is the d6 that chose a weapon's first circle.
    """

    TAG = "circles_filled"
    location: Location
    circles: tuple[int, ...]
    start_roll: int | None = None


@frozen
class DamageSpilled(PaperEvent):
    """PM-9.3: ``source`` is full; a d6 on its track sent the rest of the damage to ``to``."""

    TAG = "damage_spilled"
    source: Location
    roll: int
    to: Location
    damage: int


@frozen
class EnemyMoved(PaperEvent):
    """PM-6 step 2 or Pull (PM-11.1): an enemy moved on the radar."""

    TAG = "enemy_moved"
    enemy: str
    ring: Ring
    wedge: Wedge
    why: str


@frozen
class EnemyAttackSelected(PaperEvent):
    """PM-6 step 3, PM-5.3 or EMP: an enemy selected an attack.

    ``roll`` is the d6 (None when it has one attack); ``time`` is where its cube went, or None
    when the cube was not moved (PM-5.3).
    """

    TAG = "enemy_attack_selected"
    enemy: str
    roll: int | None
    attack: int
    time: int | None


@frozen
class EnemyDelayed(PaperEvent):
    """PM-11.1 Recoil: the target's cube moved one space later."""

    TAG = "enemy_delayed"
    enemy: str
    time: int


@frozen
class RadarShifted(PaperEvent):
    """PM-8.3: the player moved, so every enemy moved on the radar.

    ``move`` is "forward", "backward", "cw" or "ccw"; ``spaces`` the enemies' new spaces.
    """

    TAG = "radar_shifted"
    move: str
    spaces: tuple[tuple[str, Ring, Wedge], ...]


@frozen
class StanceChanged(PaperEvent):
    """PM-10: the player's stance changed."""

    TAG = "stance_changed"
    stance: Stance


@frozen
class PlayerAttacked(PaperEvent):
    """PM-5.2 / PM-11: the player's attack resolved.

    Attributes:
        action: the attack action.
        haste: the space the cube stood on when hurried (PM-7), 0 otherwise.
        target: the target's letter; None for Defend/Guard or a wasted attack.
        second: the Mortar's second target (Area).
        power: the dice rolled (after Combo and Proximity).
        dice: the faces rolled.
        rerolls: the Accurate re-rolls, in order of the misses.
        armor: the armor the dice had to beat (after Sniper/Weak).
        hits: damage to the target.
        second_armor: the second target's armor.
        second_hits: damage to the second target.
        crushed: the Crush destroyed the target.
    """

    TAG = "player_attacked"
    action: Action
    haste: int
    target: str | None
    second: str | None
    power: int
    dice: tuple[int, ...]
    rerolls: tuple[int, ...]
    armor: int
    hits: int
    second_armor: int = 0
    second_hits: int = 0
    crushed: bool = False


@frozen
class PlayerMoved(PaperEvent):
    """PM-5.1 / PM-5.2: a movement action (or the free move) resolved."""

    TAG = "player_moved"
    action: Action
    free: bool = False


@frozen
class WallRaised(PaperEvent):
    """PM-11.1 Wall: Guard resolved; the Tower Shield on ``mount`` takes hits from its arc."""

    TAG = "wall_raised"
    mount: Mount


@frozen
class EnemyDamaged(PaperEvent):
    """PM-5.3: circles of an enemy card were filled."""

    TAG = "enemy_damaged"
    enemy: str
    circles: int


@frozen
class EnemyDestroyed(PaperEvent):
    """PM-5.3: an enemy was destroyed (``how``: "damage" or "crush")."""

    TAG = "enemy_destroyed"
    enemy: str
    how: str = "damage"


@frozen
class WaveCleared(PaperEvent):
    """PM-13: the last enemy of the wave was destroyed."""

    TAG = "wave_cleared"
    battle: int
    wave: int


@frozen
class RepairsRolled(PaperEvent):
    """PM-13: a d6 per point of armor of the enemies beaten; each 3+ is a repair."""

    TAG = "repairs_rolled"
    dice: tuple[int, ...]
    repairs: int


@frozen
class CircleRepaired(PaperEvent):
    """PM-13: one circle was repaired (0-based circle of a weapon or legs line; torso: None)."""

    TAG = "circle_repaired"
    location: Location
    circle: int | None


@frozen
class Prompted(PaperEvent):
    """The game now waits for ``prompt`` (see `engine.papermech.state.Prompt`)."""

    TAG = "prompted"
    prompt: Prompt
    enemy: str | None = None
    haste: int = 0


@frozen
class BattleWon(PaperEvent):
    """PM-13: all four waves beaten; ``score`` is the battle's score."""

    TAG = "battle_won"
    battle: int
    score: int


@frozen
class GameEnded(PaperEvent):
    """The game (or campaign) is over."""

    TAG = "game_ended"
    result: Result
