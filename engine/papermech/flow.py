"""Paper 'Mech ``decide``: answer the prompt, run time on to the next decision (PM-4, PM-14).

The game is a loop with no turns (PM-4): slide every cube one space at a time; whenever cubes reach
ACTIVE their owners act, enemies first. ``decide`` applies the player's answer and then runs
`run` until the game needs the player again, which it says with a `Prompted` event. Every event
is applied as it is emitted (later steps see the state it made), so `resolve` also returns the state
after them: the simulator takes it instead of folding the events a second time.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import DiceSource
from engine.game import Command, Event, IllegalCommand, KernelCode
from engine.papermech import events as ev
from engine.papermech import radar
from engine.papermech.combat import Ctx, enemy_attack, player_fire, reselect
from engine.papermech.commands import (
    ChooseAction,
    ChooseTarget,
    Deploy,
    Haste,
    Pull,
    Refit,
    Repair,
    ResolveNext,
    SetStance,
    Skip,
    Turn,
    TurnDirection,
    UseShield,
    Wait,
    Walk,
)
from engine.papermech.options import (
    PaperCode,
    action_refusal,
    area_pairs,
    can_choose,
    candidates,
    describe_action,
    free_moves,
    haste_refusal,
    legal_commands,
    pull_spaces,
    shields_for,
)
from engine.papermech.state import PaperState, Prompt, Result
from engine.papermech.tables import (
    REPAIR_ON,
    WAVE_TABLE,
    WAVES,
    Action,
    Location,
    Special,
    Stance,
)

__all__ = ["decide", "resolve", "run"]

# Events are immutable values: the commonest are made once and emitted again and again.
_WINDOW = ev.Prompted(Prompt.WINDOW)
_ACTION = ev.Prompted(Prompt.ACTION)
_ORDER = ev.Prompted(Prompt.ORDER)
_TIME_ADVANCED = ev.TimeAdvanced()
_PROMPTED = ev.interned(ev.Prompted)  # (prompt, enemy, haste)
_ACTION_CHOSEN = ev.interned(ev.ActionChosen)  # (action, time, penalty, forced)
_ENEMY_MOVED = ev.interned(ev.EnemyMoved)  # (enemy, ring, wedge, why)
_PLAYER_MOVED = ev.interned(ev.PlayerMoved)  # (action, free)


def decide(state: PaperState, command: Command, dice: DiceSource) -> Sequence[Event]:
    """Validate ``command`` against the prompt and resolve it; raise `IllegalCommand` if illegal."""
    return resolve(state, command, dice)[0]


def resolve(
    state: PaperState, command: Command, dice: DiceSource
) -> tuple[Sequence[Event], PaperState]:
    """`decide`, and the state its events lead to (the fold of ``evolve`` over them, done once).

    Raises:
        IllegalCommand: as `decide`.
    """
    if state.result is not None:
        raise IllegalCommand(KernelCode.GAME_OVER, "The game is over.")
    ctx = Ctx(state, dice)
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise IllegalCommand(KernelCode.PARSE, f"Paper 'Mech has no command {command!r}.")
    handler(ctx, command)
    return ctx.events, ctx.state


def _refuse(state: PaperState, what: str) -> IllegalCommand:
    return IllegalCommand(PaperCode.NOT_NOW, f"{what} is not possible now: {prompt_text(state)}")


def _expect(ctx: Ctx, command: Command, *prompts: Prompt) -> None:
    if ctx.state.prompt not in prompts:
        raise _refuse(ctx.state, f"'{command.TAG}'")


# ------------------------------------------------------------------ handlers, one per command
def _deploy(ctx: Ctx, command: Command) -> None:
    """PM-2 / PM-3: start a battle (standing) with its wave 1, then choose the first action."""
    _expect(ctx, command, Prompt.DEPLOY)
    state = ctx.state
    battle = state.battle if state.wave == 0 else state.battle + 1
    if state.player.stance is not Stance.STANDING:
        ctx.emit(ev.StanceChanged(Stance.STANDING))
    _generate_wave(ctx, battle, 1)
    prompt_action(ctx)


def _refit(ctx: Ctx, command: Command) -> None:
    """PM-12: a new loadout before a battle."""
    assert isinstance(command, Refit)  # noqa: S101
    _expect(ctx, command, Prompt.DEPLOY)
    problems = command.loadout.problems()
    if problems:
        raise IllegalCommand(PaperCode.LOADOUT, f"Illegal loadout: {problems[0]}.")
    ctx.emit(ev.LoadoutRefitted(command.loadout))
    ctx.emit(_PROMPTED(Prompt.DEPLOY, None, 0))


def _choose(ctx: Ctx, command: Command) -> None:
    """PM-4 / PM-5: choose or change the action; the cube goes to T plus penalties."""
    assert isinstance(command, ChooseAction)  # noqa: S101
    _expect(ctx, command, Prompt.ACTION, Prompt.WINDOW)
    state = ctx.state
    refusal = action_refusal(state.player, command.action)
    if refusal:
        raise IllegalCommand(PaperCode.ACTION, refusal)
    pending = state.enemy if state.prompt is Prompt.ACTION else None
    _place(ctx, command.action, forced=pending is not None)
    if pending is not None:
        _finish_enemy(ctx, pending, in_range=True)
    run(ctx)


def _place(ctx: Ctx, action: Action, *, forced: bool = False) -> None:
    """PM-4: the cube goes on T plus the torso and weight penalties, fixed now."""
    player = ctx.state.player
    mount = action.mount
    t = 1 if mount is None else player.weapon(mount).profile.lines[action.line].t
    penalty = player.penalty
    ctx.emit(_ACTION_CHOSEN(action, t + penalty, penalty, forced))


def _wait(ctx: Ctx, command: Command) -> None:
    """PM-4 DESIGN: pass the window."""
    _expect(ctx, command, Prompt.WINDOW)
    run(ctx)


def _haste(ctx: Ctx, command: Command) -> None:
    """PM-7: resolve the chosen attack now, every die less the cube's space."""
    _expect(ctx, command, Prompt.WINDOW)
    refusal = haste_refusal(ctx.state.player)
    if refusal:
        raise IllegalCommand(PaperCode.HASTE, refusal)
    _begin_attack(ctx, haste=ctx.state.player.time or 0)


def _next(ctx: Ctx, command: Command) -> None:
    """PM-4: the player picks which enemy on ACTIVE resolves next."""
    assert isinstance(command, ResolveNext)  # noqa: S101
    _expect(ctx, command, Prompt.ORDER)
    enemy = ctx.state.find(command.enemy)
    if enemy is None or enemy.time > 0:
        keys = ", ".join(e.key for e in ctx.state.enemies if e.time <= 0)
        raise IllegalCommand(PaperCode.ENEMY, f"{command.enemy!r} is not on ACTIVE: pick {keys}.")
    _activate_and_go_on(ctx, enemy.key, None)


def _target(ctx: Ctx, command: Command) -> None:
    """PM-5.2: the chosen target (and the Mortar's second, PM-11.1 Area)."""
    assert isinstance(command, ChooseTarget)  # noqa: S101
    _expect(ctx, command, Prompt.TARGET)
    state = ctx.state
    action = state.player.action
    assert action is not None  # noqa: S101
    keys = [e.key for e in candidates(state, action)]
    first = command.enemy.upper()
    if first not in keys:
        raise IllegalCommand(
            PaperCode.TARGET, f"{command.enemy!r} is not in range and arc: pick {', '.join(keys)}."
        )
    second = None if command.second is None else command.second.upper()
    if second is not None and (first, second) not in {
        (a.key, b.key) for a, b in area_pairs(state, action)
    }:
        raise IllegalCommand(
            PaperCode.TARGET,
            "A second target needs the Mortar, and must be in range and arc, within one space "
            "of the first, and not in ring C (Area).",
        )
    player_fire(ctx, first, second, state.haste)
    _after_attack(ctx, first)


def _pull(ctx: Ctx, command: Command) -> None:
    """PM-11.1 Pull: move the whipped enemy one space."""
    assert isinstance(command, Pull)  # noqa: S101
    _expect(ctx, command, Prompt.PULL)
    state = ctx.state
    enemy = state.get(state.enemy or "")
    last = state.player.last_attack
    assert last is not None  # noqa: S101
    spaces = pull_spaces(enemy, last.mount)
    if command.direction not in spaces:
        raise IllegalCommand(
            PaperCode.MOVE, f"Pull {command.direction} would leave the whip's arc (or ring C)."
        )
    ring, wedge = spaces[command.direction]
    ctx.emit(_ENEMY_MOVED(enemy.key, ring, wedge, "pull"))
    _free_move_or_choose(ctx)


def _walk(ctx: Ctx, command: Command) -> None:
    """PM-5.2 step 2: the free Walk Forwards."""
    _expect(ctx, command, Prompt.FREE)
    if Walk() not in free_moves(ctx.state.player):
        raise IllegalCommand(PaperCode.MOVE, "Walk Forwards is not open as a free move now.")
    _shift(ctx, "forward")
    ctx.emit(_PLAYER_MOVED(Action.FORWARD, True))  # noqa: FBT003 - fields by position
    prompt_action(ctx)


def _turn(ctx: Ctx, command: Command) -> None:
    """PM-5.1 / PM-5.2 / PM-8.3: turn (a resolving Turn action or the free move)."""
    assert isinstance(command, Turn)  # noqa: S101
    _expect(ctx, command, Prompt.MOVE, Prompt.FREE)
    state = ctx.state
    free = state.prompt is Prompt.FREE
    if free and command not in free_moves(state.player):
        raise IllegalCommand(PaperCode.MOVE, "Turning is not open as a free move now.")
    # Turning the 'Mech right moves every enemy anticlockwise.
    _shift(ctx, "ccw" if command.direction is TurnDirection.RIGHT else "cw")
    action = Action.TURN if free else state.player.action
    assert action is not None  # noqa: S101
    if action is Action.TURN_SQUAT:
        ctx.emit(ev.StanceChanged(Stance.SQUATTING))
    ctx.emit(_PLAYER_MOVED(action, free))
    prompt_action(ctx)


def _stance(ctx: Ctx, command: Command) -> None:
    """PM-10: change stance (Change Stance, the free move) or take one for the next wave."""
    assert isinstance(command, SetStance)  # noqa: S101
    _expect(ctx, command, Prompt.MOVE, Prompt.FREE, Prompt.STANCE)
    state = ctx.state
    if state.prompt is Prompt.STANCE:
        if command.stance is not state.player.stance:
            ctx.emit(ev.StanceChanged(command.stance))
        _generate_wave(ctx, state.battle, state.wave + 1)
        prompt_action(ctx)
        return
    if command not in legal_commands(state):
        raise IllegalCommand(PaperCode.MOVE, f"The 'Mech is already {state.player.stance}.")
    if state.prompt is Prompt.MOVE and state.player.action is not Action.TURN:
        raise IllegalCommand(PaperCode.MOVE, "Turn & Squat turns: say turn left or turn right.")
    ctx.emit(ev.StanceChanged(command.stance))
    ctx.emit(_PLAYER_MOVED(Action.TURN, state.prompt is Prompt.FREE))
    prompt_action(ctx)


def _skip(ctx: Ctx, command: Command) -> None:
    """Decline the free move, a Pull, or the repairs still to place."""
    _expect(ctx, command, Prompt.FREE, Prompt.PULL, Prompt.REPAIR)
    prompt = ctx.state.prompt
    if prompt is Prompt.PULL:
        _free_move_or_choose(ctx)
    elif prompt is Prompt.FREE:
        prompt_action(ctx)
    else:
        ctx.emit(_PROMPTED(Prompt.STANCE, None, 0))


def _shield(ctx: Ctx, command: Command) -> None:
    """PM-11.1 DESIGN: Reflex and Wall both apply; the player picks the shield."""
    assert isinstance(command, UseShield)  # noqa: S101
    _expect(ctx, command, Prompt.SHIELD)
    state = ctx.state
    enemy = state.get(state.enemy or "")
    if command.mount not in shields_for(state, enemy):
        names = " or ".join(m.value for m in shields_for(state, enemy))
        raise IllegalCommand(PaperCode.TARGET, f"No shield on {command.mount}: pick {names}.")
    _activate_and_go_on(ctx, enemy.key, command.mount)


def _repair(ctx: Ctx, command: Command) -> None:
    """PM-13: repair one filled circle of the player's choice."""
    assert isinstance(command, Repair)  # noqa: S101
    _expect(ctx, command, Prompt.REPAIR)
    player = ctx.state.player
    location, circle = command.location, command.circle
    if location is Location.TORSO:
        if not player.torso:
            raise IllegalCommand(PaperCode.REPAIR, "The torso has no damage to repair.")
        index = None
    else:
        circles = player.legs if location is Location.LEGS else player.circles(location.mount)  # type: ignore[arg-type]
        filled = [i for i, c in enumerate(circles) if c]
        if not filled:
            raise IllegalCommand(PaperCode.REPAIR, f"The {location.label} has no damage to repair.")
        index = filled[0] if circle is None else circle - 1
        if index not in filled:
            numbers = ", ".join(str(i + 1) for i in filled)
            raise IllegalCommand(
                PaperCode.REPAIR,
                f"Circle {circle} of the {location.label} is not filled: {numbers}.",
            )
    ctx.emit(ev.CircleRepaired(location, index))
    if ctx.state.repairs and ctx.state.player.damaged:
        ctx.emit(_PROMPTED(Prompt.REPAIR, None, 0))
    else:
        ctx.emit(_PROMPTED(Prompt.STANCE, None, 0))


_HANDLERS = {
    Deploy: _deploy,
    Refit: _refit,
    ChooseAction: _choose,
    Wait: _wait,
    Haste: _haste,
    ResolveNext: _next,
    ChooseTarget: _target,
    Pull: _pull,
    Walk: _walk,
    Turn: _turn,
    SetStance: _stance,
    Skip: _skip,
    UseShield: _shield,
    Repair: _repair,
}


# ------------------------------------------------------------------ time goes on
def run(ctx: Ctx) -> None:
    """PM-14: slide, resolve whoever is on ACTIVE (enemies first), until the player must decide."""
    while ctx.state.result is None:  # `Ctx.over`, without the call
        state = ctx.state
        active = [e for e in state.enemies if e.time <= 0]
        if len(active) > 1:
            # PM-4: the player orders simultaneous enemies.
            ctx.emit(_ORDER)
            return
        if active:
            _activate_and_go_on(ctx, active[0].key, None)
            return
        if state.player.time == 0:
            _resolve_player(ctx)
            return
        ctx.emit(_TIME_ADVANCED)
        if ctx.state.player.time != 0:
            ctx.emit(_WINDOW)  # PM-4 DESIGN: a window after every step
            return


def _activate_and_go_on(ctx: Ctx, key: str, shield: object) -> None:
    """PM-6: one enemy activates; then a window (if the player's cube is off ACTIVE) or go on."""
    if _activate(ctx, key, shield):
        return
    if ctx.over:
        return
    if ctx.state.player.time != 0:
        ctx.emit(_WINDOW)
        return
    run(ctx)


def _activate(ctx: Ctx, key: str, shield: object) -> bool:
    """PM-6: attack if in range, move once, choose the next attack. True if it awaits the player."""
    enemy = ctx.state.get(key)
    attack = enemy.profile.attacks[enemy.attack]
    in_range = radar.reaches(attack.range, enemy.ring)
    if in_range:
        chosen = None if shield is None or shield not in shields_for(ctx.state, enemy) else shield
        if enemy_attack(ctx, enemy, chosen):  # type: ignore[arg-type]
            return True
        if ctx.over:
            return True
        action = ctx.state.player.action
        # PM-5 DESIGN: the chosen action was disabled: cancelled, the player re-chooses now.
        if action is not None and ctx.state.player.line_disabled(action):
            prompt_action(ctx, enemy=key)
            return True
    _finish_enemy(ctx, key, in_range=in_range)
    return False


def _finish_enemy(ctx: Ctx, key: str, *, in_range: bool) -> None:
    """PM-6 steps 2 and 3: move once (never the Artillery), then choose the next attack."""
    enemy = ctx.state.get(key)
    if enemy.profile.moves:
        ring, wedge = radar.flank(enemy.space) if in_range else radar.approach(enemy.space)
        if (ring, wedge) != enemy.space:
            why = "flank" if in_range else "approach"
            ctx.emit(_ENEMY_MOVED(key, ring, wedge, why))
    reselect(ctx, key, reset=True)


def _resolve_player(ctx: Ctx) -> None:
    """PM-5.1 / PM-5.2: the player's cube is on ACTIVE: resolve the chosen action."""
    player = ctx.state.player
    action = player.action
    assert action is not None  # noqa: S101 - a wave always has a chosen action
    if action in (Action.FORWARD, Action.BACKWARD):
        _shift(ctx, "forward" if action is Action.FORWARD else "backward")
        ctx.emit(_PLAYER_MOVED(action, False))  # noqa: FBT003 - fields by position
        prompt_action(ctx)
    elif action.movement:
        ctx.emit(_PROMPTED(Prompt.MOVE, None, 0))
    else:
        _begin_attack(ctx, haste=0)


def _begin_attack(ctx: Ctx, haste: int) -> None:
    """PM-5.2 step 1: pick the target (asked when there is a choice), or waste the attack."""
    state = ctx.state
    action = state.player.action
    assert action is not None  # noqa: S101
    assert action.mount is not None  # noqa: S101
    weapon = state.player.weapon(action.mount)
    line = weapon.profile.lines[action.line]
    found = candidates(state, action) if line.p else []
    if len(found) > 1:
        ctx.emit(_PROMPTED(Prompt.TARGET, None, haste))
        return
    target = found[0].key if found else None
    player_fire(ctx, target, None, haste)
    _after_attack(ctx, target)


def _after_attack(ctx: Ctx, target: str | None) -> None:
    """PM-13: a cleared wave ends at once; else Pull (PM-11.1), the free move, the next action."""
    if ctx.over:
        return
    if not ctx.state.enemies:
        _end_wave(ctx)
        return
    state = ctx.state
    last = state.player.last_attack
    enemy = None if target is None else state.find(target)
    # PM-11.1 Pull: the whip did damage and the target survived.
    damaged = any(isinstance(e, ev.EnemyDamaged) and e.enemy == target for e in ctx.events)
    if (
        enemy is not None
        and last is not None
        and damaged
        and state.player.weapon(last.mount).profile.special is Special.PULL
        and pull_spaces(enemy, last.mount)
    ):
        ctx.emit(_PROMPTED(Prompt.PULL, enemy.key, 0))
        return
    _free_move_or_choose(ctx)


def _free_move_or_choose(ctx: Ctx) -> None:
    """PM-5.2 step 2: offer the free move if one is open, else choose the next action."""
    if free_moves(ctx.state.player):
        ctx.emit(_PROMPTED(Prompt.FREE, None, 0))
    else:
        prompt_action(ctx)


def prompt_action(ctx: Ctx, enemy: str | None = None) -> None:
    """PM-5: ask for the next action; PM-5 DESIGN: with none choosable the game is lost."""
    if not can_choose(ctx.state.player):
        ctx.lose("no action left: every action the 'Mech has is disabled")
        return
    ctx.emit(_ACTION if enemy is None else _PROMPTED(Prompt.ACTION, enemy, 0))


def _shift(ctx: Ctx, move: str) -> None:
    """PM-8.3: the player moved, so every enemy moves on the radar."""
    spaces = tuple((e.key, *_moved(move, e.space)) for e in ctx.state.enemies)
    ctx.emit(ev.RadarShifted(move, spaces))


def _moved(move: str, space: radar.Space) -> radar.Space:
    if move == "forward":
        return radar.walked_forward(space)
    if move == "backward":
        return radar.walked_backward(space)
    return space[0], radar.turned(space[1], clockwise=move == "cw")


# ------------------------------------------------------------------ waves
def _generate_wave(ctx: Ctx, battle: int, wave: int) -> None:
    """PM-3: roll the wave table; for each enemy roll its attack, then its wedge on ring L."""
    roll = ctx.d6()
    spawns = []
    for kind in WAVE_TABLE[wave][(roll - 1) // 2]:
        attacks = kind.profile.attacks
        attack_roll = ctx.d6() if len(attacks) > 1 else None
        attack = 0 if attack_roll is None else kind.profile.attack_for(attack_roll)
        spawns.append(ev.Spawn(kind, attack_roll, attack, ctx.d6()))
    ctx.emit(ev.WaveGenerated(battle, wave, roll, tuple(spawns)))


def _end_wave(ctx: Ctx) -> None:
    """PM-13: the wave is beaten: repairs (not after wave 4), stance, or the battle is won."""
    state = ctx.state
    ctx.emit(ev.WaveCleared(state.battle, state.wave))
    if state.wave < WAVES:
        dice = ctx.roll(sum(kind.profile.armor for kind in state.killed))
        repairs = sum(1 for d in dice if d >= REPAIR_ON)
        ctx.emit(ev.RepairsRolled(dice, repairs))
        if repairs and ctx.state.player.damaged:
            ctx.emit(_PROMPTED(Prompt.REPAIR, None, 0))
        else:
            ctx.emit(_PROMPTED(Prompt.STANCE, None, 0))
        return
    ctx.emit(ev.BattleWon(state.battle, ctx.state.player.intact))
    if state.battle < state.setup.battles:
        ctx.emit(_PROMPTED(Prompt.DEPLOY, None, 0))
    else:
        ctx.emit(ev.GameEnded(Result(won=True, score=ctx.state.score)))


# ------------------------------------------------------------------ words for the player
def prompt_text(state: PaperState) -> str:  # noqa: PLR0911, PLR0912, C901 - a line per prompt
    """What the game waits for, in one sentence."""
    player = state.player
    match state.prompt:
        case Prompt.DEPLOY:
            return "deploy to start the battle (or refit the loadout first)."
        case Prompt.ACTION:
            if state.enemy:
                return "your action was disabled: choose a new action."
            return "choose an action."
        case Prompt.WINDOW:
            chosen = describe_action(player, player.action) if player.action else "nothing"
            return f"wait, haste or change action (chosen: {chosen}, on space {player.time})."
        case Prompt.ORDER:
            keys = ", ".join(e.key for e in state.enemies if e.time <= 0)
            return f"several enemies are on ACTIVE: which resolves next ({keys})?"
        case Prompt.TARGET:
            return "choose the target."
        case Prompt.PULL:
            return f"pull the {state.enemy} in, cw or ccw, or skip."
        case Prompt.FREE:
            return "take a free move (walk, turn left/right, stance squatting) or skip."
        case Prompt.MOVE:
            if player.action is Action.TURN:
                return "turn left, turn right, or change stance."
            return "turn left or turn right (then squat)."
        case Prompt.SHIELD:
            return "both shields can take the hit: choose one."
        case Prompt.REPAIR:
            return f"repair a damaged circle ({state.repairs} left), or skip."
        case Prompt.STANCE:
            return "choose the stance for the next wave."
    return "the game is over."
