"""PM-5.2, PM-5.3, PM-6, PM-9, PM-11: attacks both ways and the damage they record.

Every function takes a `Ctx`, which rolls dice and emits events (each event is applied at once,
so later steps see the state it made).
"""

from __future__ import annotations

from engine.dice import DiceSource
from engine.game import Event
from engine.papermech import events as ev
from engine.papermech import radar
from engine.papermech.evolve import MUTATORS, evolve
from engine.papermech.options import shields_for
from engine.papermech.state import Enemy, LastAttack, PaperState, Prompt, Result
from engine.papermech.tables import (
    FRONT_DIAGRAM,
    SPILL_TRACKS,
    TORSO_CIRCLES,
    WEAPON_CIRCLES,
    Location,
    Mount,
    Ring,
    Special,
    Stance,
    Weapon,
    Wedge,
    side_diagram,
)

_PROMPTED = ev.interned(ev.Prompted)  # (prompt, enemy, haste)
_ENEMY_DAMAGED = ev.interned(ev.EnemyDamaged)  # (enemy, circles)
_ENEMY_DESTROYED = ev.interned(ev.EnemyDestroyed)  # (enemy, how)
_ATTACK_SELECTED = ev.interned(ev.EnemyAttackSelected)  # (enemy, roll, attack, time)

__all__ = ["Ctx", "damage_enemy", "damage_player", "enemy_attack", "player_fire", "reselect"]


class Ctx:
    """A decision in progress: the state so far, the dice, and the events emitted."""

    def __init__(self, state: PaperState, dice: DiceSource) -> None:
        self.state = state
        self.dice = dice
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        """Record ``event`` and apply it."""
        self.events.append(event)
        apply = MUTATORS.get(event.__class__)
        if apply is None:
            self.state = evolve(self.state, event)
        else:
            self.state = apply(event, self.state)

    def d6(self) -> int:
        """Roll one d6."""
        return self.dice.die(6)

    def roll(self, n: int) -> tuple[int, ...]:
        """Roll ``n`` d6 (none for n <= 0)."""
        return self.dice.roll(n, 6) if n > 0 else ()

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.state.result is not None

    def lose(self, cause: str) -> None:
        """The game is lost (PM-13); a campaign keeps the score of the battles it won."""
        self.emit(ev.GameEnded(Result(won=False, score=self.state.score, cause=cause)))


# ------------------------------------------------------------------ enemies attack the player
def enemy_attack(ctx: Ctx, enemy: Enemy, shield: Mount | None) -> bool:
    """PM-6 step 1: ``enemy`` attacks the player. Return True if it waits for a shield choice.

    Args:
        ctx: the decision in progress.
        enemy: the attacker (its attack is in range).
        shield: the shield the player chose when Reflex and Wall both apply.
    """
    state = ctx.state
    player = state.player
    attack = enemy.profile.attacks[enemy.attack]
    shields = shields_for(state, enemy)
    # PM-11.1 DESIGN: with both Reflex and Wall, the player chooses the shield.
    if len(shields) > 1 and shield not in shields:
        ctx.emit(_PROMPTED(Prompt.SHIELD, enemy.key, 0))
        return True
    squatting = player.stance is Stance.SQUATTING
    rolls: tuple[int, ...] = ()
    if shields:
        chosen = shield if shield in shields else shields[0]
        location = Location.of(chosen)
        special = player.weapon(chosen).profile.special.value
    else:
        location, rolls = _hit_location(ctx, enemy.wedge, squatting=squatting)
        special = ""
    rear = enemy.wedge.rear
    # PM-9.2: a rear attack lowers every armor by 1.
    armor = player.armor(location) - (1 if rear else 0)
    # PM-6 1b / PM-10: squatting, the attack rolls one die fewer (minimum 1).
    dice = ctx.roll(max(1, attack.p - 1) if squatting else attack.p)
    hits = sum(1 for d in dice if d > armor)
    parry: tuple[int, ...] = ()
    mount = location.mount
    # PM-11.1 Parry: a located hit on the sword, from its arc, re-rolls every damaging die.
    if (
        hits
        and rolls
        and mount is not None
        and player.weapon(mount) is Weapon.PLASMA_SWORD
        and radar.in_arc(mount, enemy.wedge)
    ):
        parry = ctx.roll(hits)
        hits = sum(1 for d in parry if d > armor)
    ctx.emit(
        ev.EnemyAttacked(
            enemy.key, enemy.attack, location, rolls, special, rear, dice, armor, parry, hits
        )
    )
    cause = f"the {enemy.profile.title}'s {attack.name}"
    damage_player(ctx, location, hits, cause)
    return False


def _hit_location(ctx: Ctx, wedge: Wedge, *, squatting: bool) -> tuple[Location, tuple[int, ...]]:
    """PM-9.1: roll on the front/back or the side diagram; squatting re-rolls a 6 (PM-6 1b)."""
    rolls = [ctx.d6()]
    while squatting and rolls[-1] == 6:  # noqa: PLR2004 - the legs' face
        rolls.append(ctx.d6())
    roll = rolls[-1]
    if wedge in (Wedge.W1, Wedge.W2):
        return side_diagram(roll, left=True), tuple(rolls)
    if wedge in (Wedge.W5, Wedge.W6):
        return side_diagram(roll, left=False), tuple(rolls)
    return FRONT_DIAGRAM[roll], tuple(rolls)


def damage_player(ctx: Ctx, location: Location, amount: int, cause: str) -> None:
    """PM-9.3: fill circles, spilling what is left over on the sheet's tracks.

    A weapon rolls its starting circle and fills downward, wrapping from 6 to 1; torso and legs
    fill top-down. A full location spills the rest by a d6 on its track (armor is ignored); the
    DESIGN rule repeats this from any location that is or becomes full. Torso at 4: game lost.
    """
    while amount > 0 and not ctx.over:
        free = ctx.state.player.free(location)
        if free:
            used = min(free, amount)
            _fill(ctx, location, used)
            amount -= used
            if ctx.state.player.torso >= TORSO_CIRCLES:
                ctx.lose(f"torso destroyed by {cause}")
                return
        if amount:
            roll = ctx.d6()
            to = SPILL_TRACKS[location][(roll - 1) // 2]
            ctx.emit(ev.DamageSpilled(location, roll, to, amount))
            location = to


def _fill(ctx: Ctx, location: Location, n: int) -> None:
    player = ctx.state.player
    if location is Location.TORSO:
        ctx.emit(ev.CirclesFilled(location, tuple(range(player.torso, player.torso + n))))
        return
    if location is Location.LEGS:
        empty = [i for i, filled in enumerate(player.legs) if not filled]
        ctx.emit(ev.CirclesFilled(location, tuple(empty[:n])))
        return
    mount = location.mount
    assert mount is not None  # noqa: S101 - every other location is a mount
    circles = player.circles(mount)
    start = ctx.d6()
    order = [(start - 1 + i) % WEAPON_CIRCLES for i in range(WEAPON_CIRCLES)]
    chosen = [i for i in order if not circles[i]][:n]
    ctx.emit(ev.CirclesFilled(location, tuple(chosen), start_roll=start))


# ------------------------------------------------------------------ the player attacks
def player_fire(ctx: Ctx, target_key: str | None, second_key: str | None, haste: int) -> None:
    """PM-5.2 step 1 with every special of PM-11.1: roll, record and apply the attack.

    Args:
        ctx: the decision in progress.
        target_key: the target, or None for Defend/Guard or a wasted attack.
        second_key: the Mortar's second target (Area).
        haste: the space the cube stands on for a hasty attack (PM-7), else 0.
    """
    state = ctx.state
    player = state.player
    action = player.action
    assert action is not None  # noqa: S101 - flow guarantees it
    assert action.mount is not None  # noqa: S101
    mount = action.mount
    weapon = player.weapon(mount)
    profile = weapon.profile
    line = profile.lines[action.line]
    target = None if target_key is None else state.get(target_key)
    if target is None:
        ctx.emit(ev.PlayerAttacked(action, haste, None, None, 0, (), (), 0, 0))
        if weapon is Weapon.TOWER_SHIELD and action.line > 0:
            ctx.emit(ev.WallRaised(mount))  # PM-11.1 Wall: Guard resolved
        return
    power = _power(player.last_attack, mount, weapon, line.p, target)
    armor = target.profile.armor
    if profile.special is Special.SNIPER:
        armor -= 1
    elif profile.special is Special.WEAK:
        armor += 2
    dice = ctx.roll(power)
    faces = list(dice)
    rerolls: tuple[int, ...] = ()
    if profile.special is Special.ACCURATE:
        # PM-11.1 Accurate: re-roll every miss once; the second result stands.
        misses = [i for i, d in enumerate(faces) if not _scores(d, haste, armor, weapon)]
        rerolls = ctx.roll(len(misses))
        for i, value in zip(misses, rerolls, strict=True):
            faces[i] = value
    # `_scores` of every face, written out (a few dice per attack, every attack of a game).
    beat = armor + haste
    if weapon is Weapon.MACHINE_GUN:
        hits = sum([1 for d in faces if d > beat or d == 6])  # noqa: PLR2004 - Weak's 6
    else:
        hits = sum([1 for d in faces if d > beat])
    crushed = (
        weapon is Weapon.FIST
        and action.line == 2  # noqa: PLR2004 - Crush is the third line
        and any(d - haste > target.hit_points for d in faces)
    )
    second = None if second_key is None else state.get(second_key)
    second_armor = 0 if second is None else second.profile.armor
    second_hits = 0 if second is None else sum(1 for d in faces if d - haste > second_armor)
    ctx.emit(
        ev.PlayerAttacked(
            action,
            haste,
            target.key,
            None if second is None else second.key,
            power,
            dice,
            rerolls,
            armor,
            hits,
            second_armor,
            second_hits,
            crushed,
        )
    )
    if crushed:
        ctx.emit(_ENEMY_DESTROYED(target.key, "crush"))
    else:
        _after_hit(ctx, target.key, hits, profile.special)
    if second is not None and second_hits:
        damage_enemy(ctx, second.key, second_hits)


def _power(last: LastAttack | None, mount: Mount, weapon: Weapon, p: int, target: Enemy) -> int:
    """PM-11.1: Combo's +1 P (and Crush's 2 dice), Proximity's -1 P at S and -2 P at M."""
    if weapon is Weapon.FIST and last == LastAttack(mount, target.key):
        p += 1
    if weapon is Weapon.FLAMETHROWER:
        p = max(0, p - int(target.ring - Ring.C))
    return p


def _scores(face: int, haste: int, armor: int, weapon: Weapon) -> bool:
    """PM-5.2 / PM-7 / PM-11.1 Weak: a die (less the haste) above the armor, or a Machine Gun 6."""
    return face - haste > armor or (weapon is Weapon.MACHINE_GUN and face == 6)  # noqa: PLR2004


def _after_hit(ctx: Ctx, key: str, hits: int, special: Special) -> None:
    """Record the damage, then Recoil and EMP if the target survives (PM-11.1)."""
    if not hits:
        return
    # EMP re-determines the attack anyway: one roll serves it and PM-5.3's re-selection.
    if damage_enemy(ctx, key, hits, reselect_disabled=special is not Special.EMP):
        return
    enemy = ctx.state.get(key)
    if special is Special.RECOIL:
        ctx.emit(ev.EnemyDelayed(key, enemy.time + 1))
    elif special is Special.EMP:
        reselect(ctx, key, reset=True)


def damage_enemy(ctx: Ctx, key: str, hits: int, *, reselect_disabled: bool = True) -> bool:
    """PM-5.3: fill circles from the top; return True if the enemy was destroyed.

    If its selected attack is disabled it re-selects at once, and its cube stays (DESIGN); an EMP
    hit (``reselect_disabled=False``) re-selects with its own roll instead.
    """
    enemy = ctx.state.get(key)
    circles = min(hits, enemy.hit_points)
    ctx.emit(_ENEMY_DAMAGED(key, circles))
    enemy = ctx.state.get(key)
    if enemy.hit_points <= 0:
        ctx.emit(_ENEMY_DESTROYED(key, "damage"))
        return True
    if reselect_disabled and enemy.disabled(enemy.attack):
        reselect(ctx, key, reset=False)
    return False


def reselect(ctx: Ctx, key: str, *, reset: bool) -> None:
    """PM-6 step 3 / PM-5.3 / EMP: roll the enemy's attack (if it has several).

    A disabled result takes the first available attack in list order. ``reset`` puts the cube on
    that attack's T; otherwise it stays where it is.
    """
    enemy = ctx.state.get(key)
    attacks = enemy.profile.attacks
    roll = ctx.d6() if len(attacks) > 1 else None
    index = 0 if roll is None else enemy.profile.attack_for(roll)
    if enemy.disabled(index):
        index = next(i for i in range(len(attacks)) if not enemy.disabled(i))
    time = attacks[index].t if reset else None
    ctx.emit(_ATTACK_SELECTED(key, roll, index, time))
