"""What the player may do now: one guard per rule, and the list of legal commands.

`legal_commands` is the single source the TUI, the simulator's policies and the tests use;
``decide`` asks the same guards, so a command is accepted exactly when it is listed (repairs
of a weapon with no circle named are also accepted: they take the first filled circle).
"""

from __future__ import annotations

import enum

from engine.papermech import radar
from engine.papermech.commands import (
    ChooseAction,
    ChooseTarget,
    Deploy,
    Haste,
    PaperCommand,
    Pull,
    PullDirection,
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
from engine.papermech.state import MOUNTS, Enemy, Loadout, PaperState, Player, Prompt
from engine.papermech.tables import (
    LEGS_LINES,
    LEGS_TITLES,
    WEAPON_CIRCLES,
    Action,
    Location,
    Mount,
    Ring,
    Stance,
    Weapon,
    Wedge,
)

__all__ = [
    "PaperCode",
    "action_refusal",
    "area_pairs",
    "can_choose",
    "can_haste",
    "candidates",
    "choosable",
    "free_moves",
    "is_guard",
    "legal_commands",
    "pull_spaces",
    "shields_for",
]


class PaperCode(enum.StrEnum):
    """Rejection codes of Paper 'Mech (STYLE 5)."""

    NOT_NOW = "papermech/not_now"
    ACTION = "papermech/action"
    HASTE = "papermech/haste"
    TARGET = "papermech/target"
    ENEMY = "papermech/enemy"
    MOVE = "papermech/move"
    REPAIR = "papermech/repair"
    LOADOUT = "papermech/loadout"


class _Forbidden(enum.Enum):
    """Which rule forbids choosing an action (found cheaply; worded only when refused)."""

    DISABLED = enum.auto()
    SQUATTING = enum.auto()
    KICKBACK = enum.auto()
    RECOIL = enum.auto()


def _forbidden(player: Player, action: Action) -> _Forbidden | None:
    """PM-5 / PM-10 / PM-11.1: the rule that forbids choosing ``action`` now, if any."""
    # PM-5: a line whose circles are all filled is disabled.
    if player.line_disabled(action):
        return _Forbidden.DISABLED
    squatting = player.stance is Stance.SQUATTING
    mount = action.mount
    if mount is None:
        # PM-5.1 / PM-10: no Turn & Squat and no Walk Backwards while squatting.
        squat_only = action in (Action.TURN_SQUAT, Action.BACKWARD)
        return _Forbidden.SQUATTING if squatting and squat_only else None
    weapon = player.weapon(mount)
    # PM-10 / PM-11.1 Kickback: the PPC fires only while squatting.
    if weapon is Weapon.PPC and not squatting:
        return _Forbidden.KICKBACK
    # PM-11.1 Recoil DESIGN: not after the previous attack was made with the same Missiles.
    last = player.last_attack
    if weapon is Weapon.MISSILES and last is not None and last.mount is mount:
        return _Forbidden.RECOIL
    return None


def allowed(player: Player, action: Action) -> bool:
    """Whether ``action`` may be chosen now (the fast question; `action_refusal` says why not)."""
    return _forbidden(player, action) is None


def action_refusal(player: Player, action: Action) -> str | None:
    """PM-5 / PM-10 / PM-11.1: why ``action`` cannot be chosen now, or None if it can."""
    if action in _choosable(player)[0]:
        return None
    match _forbidden(player, action):
        case _Forbidden.DISABLED:
            return f"{describe_action(player, action)} is disabled by damage."
        case _Forbidden.SQUATTING:
            return f"{describe_action(player, action)} is not allowed while squatting."
        case _Forbidden.KICKBACK:
            return "The PPC fires only while squatting (Kickback)."
        case _Forbidden.RECOIL:
            return "These Missiles cannot attack twice in a row (Recoil)."
    return None


def describe_action(player: Player, action: Action) -> str:
    """Name an action: "Laser: Laser Blast (LA2)" or "Walk Forwards"."""
    mount = action.mount
    if mount is None:
        return LEGS_TITLES[action]
    weapon = player.weapon(mount)
    return f"{weapon.label}: {weapon.profile.lines[action.line].name} ({action.value.upper()})"


_ACTIONS: tuple[Action, ...] = tuple(Action)
WAIT = _WAIT = Wait()
HASTE = _HASTE = Haste()
"""The window's commands, made once: the lists `legal_commands` gives hold these very objects."""
_CHOICES = {action: ChooseAction(action) for action in _ACTIONS}
"""One command per action: commands are frozen, so the lists share them."""

_Choosable = tuple[tuple[Action, ...], tuple[ChooseAction, ...], Loadout]
_CHOOSABLE: dict[tuple[object, ...], _Choosable] = {}
"""`choosable` by what it depends on (`_choosable`): asked on every ACTION and WINDOW."""
_BY_ID: dict[tuple[object, ...], tuple[_Choosable, tuple[tuple[bool, ...], ...], tuple[bool, ...]]]
_BY_ID = {}
"""`_CHOOSABLE`'s entries found by the identity of the sheet's circles (see `_choosable`)."""
_LAST_SEEN: list[tuple[object, _Choosable]] = [(None, ((), (), Loadout()))]
"""The last sheet `_choosable` answered, and its answer (one entry; it holds the sheet)."""
_CHOOSABLE_MAX = 20_000
"""Entries kept before the memo starts again (a run's sheets repeat; memory stays bounded)."""


def _choosable(player: Player) -> _Choosable:
    """The choosable actions, and their commands, memoised by all that `_forbidden` reads.

    That is the weapons (the loadout, by identity: hashing it costs more than the look-up; the
    entry holds it, so no other object can take its id), circles, stance and the last mount.
    A sheet keeps its tuples of circles until damage or a repair changes them, so they are
    first looked up by identity (`_BY_ID`, whose entries hold them), then by value.
    """
    seen = _LAST_SEEN[0]
    if seen[0] is player:
        return seen[1]  # asked again of the same sheet (listed, then chosen; prompted, then listed)
    last = player.last_attack
    loadout = player.loadout
    mounts = player.mounts
    legs = player.legs
    stance = player.stance
    last_mount = None if last is None else last.mount
    fast = (id(loadout), id(mounts), id(legs), stance, last_mount)
    known = _BY_ID.get(fast)
    if known is not None and known[1] is mounts and known[2] is legs and known[0][2] is loadout:
        _LAST_SEEN[0] = (player, known[0])
        return known[0]
    key = (id(loadout), mounts, legs, stance, last_mount)
    found = _CHOOSABLE.get(key)
    if found is None or found[2] is not loadout:
        actions = _open_actions(player)
        found = (actions, tuple(_CHOICES[a] for a in actions), loadout)
        if len(_CHOOSABLE) >= _CHOOSABLE_MAX:
            _CHOOSABLE.clear()
        _CHOOSABLE[key] = found
    if len(_BY_ID) >= _CHOOSABLE_MAX:
        _BY_ID.clear()
    _BY_ID[fast] = (found, mounts, legs)
    _LAST_SEEN[0] = (player, found)
    return found


_BY_MOUNT: tuple[tuple[Mount, tuple[tuple[int, Action], ...]], ...] = tuple(
    (mount, tuple((line, Action.of(mount, line)) for line in range(3))) for mount in MOUNTS
)
_SQUAT_ONLY = (Action.TURN_SQUAT, Action.BACKWARD)


def _open_actions(player: Player) -> tuple[Action, ...]:
    """Every action `_forbidden` allows, in `Action` order: its rules, a mount at a time."""
    squatting = player.stance is Stance.SQUATTING
    last = player.last_attack
    last_mount = None if last is None else last.mount
    out: list[Action] = []
    for (mount, lines), circles, weapon in zip(
        _BY_MOUNT, player.mounts, player.loadout.weapons, strict=True
    ):
        if weapon is Weapon.PPC and not squatting:
            continue  # PM-10 / PM-11.1 Kickback
        if weapon is Weapon.MISSILES and last_mount is mount:
            continue  # PM-11.1 Recoil DESIGN
        out.extend(a for n, a in lines if not (circles[2 * n] and circles[2 * n + 1]))  # PM-5
    for action, filled in zip(LEGS_LINES, player.legs, strict=True):
        if not filled and not (squatting and action in _SQUAT_ONLY):  # PM-5, PM-5.1 / PM-10
            out.append(action)
    return tuple(out)


def can_choose(player: Player) -> bool:
    """Whether any action may be chosen now (`choosable` is not empty)."""
    return bool(_choosable(player)[0])


def choosable(state: PaperState) -> list[Action]:
    """Every action that may be chosen now (PM-5)."""
    return list(_choosable(state.player)[0])


def is_guard(player: Player, action: Action) -> bool:
    """Whether ``action`` is a Tower Shield's Guard line (PM-11.1 Wall)."""
    mount = action.mount
    return mount is not None and player.weapon(mount) is Weapon.TOWER_SHIELD and action.line > 0


def haste_refusal(player: Player) -> str | None:
    """PM-7: why a hasty attack is not allowed now, or None."""
    action = player.action
    if action is None or player.time is None or player.placed is None:
        return "There is no chosen action to hurry."
    if action.movement:
        return "Movement actions cannot be hurried."
    if is_guard(player, action):
        return "Guard cannot be hurried (Wall)."
    if player.time >= player.placed:
        return "Wait one time unit after choosing before hurrying an attack."
    return None


_HURRIABLE: dict[tuple[int, Action], tuple[Loadout, bool]] = {}
"""Whether an action may ever be hurried (neither a movement nor Guard), by loadout and action."""


def _hurriable(player: Player) -> bool:
    """`haste_refusal` is None (asked in every window): its rules on the action memoised.

    By the loadout's identity and the action: the entry holds the loadout, so no other object
    can take its id while it is kept.
    """
    action = player.action
    time = player.time
    placed = player.placed
    if action is None or time is None or placed is None or time >= placed:
        return False
    loadout = player.loadout
    found = _HURRIABLE.get((id(loadout), action))
    if found is None or found[0] is not loadout:
        if len(_HURRIABLE) >= _CHOOSABLE_MAX:
            _HURRIABLE.clear()
        found = _HURRIABLE[id(loadout), action] = (
            loadout,
            not action.movement and not is_guard(player, action),
        )
    return found[1]


def can_haste(state: PaperState) -> bool:
    """PM-7: whether ``haste`` is legal now."""
    return state.prompt is Prompt.WINDOW and haste_refusal(state.player) is None


def targets(player: Player, mount: Mount, enemy: Enemy) -> bool:
    """PM-8.2 / PM-8.4: whether the weapon on ``mount`` can attack ``enemy``."""
    weapon = player.weapon(mount)
    reach = weapon.profile.range
    if reach is None or weapon.profile.lines[0].p == 0:
        return False
    # PM-8.2: the Mortar cannot attack ring C.
    if weapon is Weapon.MORTAR and enemy.ring is Ring.C:
        return False
    return radar.reaches(reach, enemy.ring) and radar.in_arc(mount, enemy.wedge)


def candidates(state: PaperState, action: Action) -> list[Enemy]:
    """PM-5.2: the enemies the attack ``action`` may target, in generation order."""
    mount = action.mount
    if mount is None:
        return []
    return [e for e in state.enemies if targets(state.player, mount, e)]


def area_pairs(state: PaperState, action: Action) -> list[tuple[Enemy, Enemy]]:
    """PM-11.1 Area: (target, second target) pairs within one space of each other."""
    mount = action.mount
    if mount is None or state.player.weapon(mount) is not Weapon.MORTAR:
        return []
    found = candidates(state, action)
    return [
        (a, b)
        for a in found
        for b in found
        if a.key != b.key and (a.space == b.space or radar.adjacent(a.space, b.space))
    ]


def pull_spaces(enemy: Enemy, mount: Mount) -> dict[PullDirection, tuple[Ring, Wedge]]:
    """PM-11.1 Pull: where the whipped enemy may go, inside the whip's arc."""
    out: dict[PullDirection, tuple[Ring, Wedge]] = {}
    if enemy.ring > Ring.C and radar.in_arc(mount, enemy.wedge):
        out[PullDirection.IN] = (Ring(enemy.ring - 1), enemy.wedge)
    for direction, step in ((PullDirection.CW, 1), (PullDirection.CCW, -1)):
        wedge = enemy.wedge.clockwise(step)
        if radar.in_arc(mount, wedge):
            out[direction] = (enemy.ring, wedge)
    return out


def free_moves(player: Player) -> list[PaperCommand]:
    """PM-5.2 step 2 / PM-10: the free moves open after an attack (none while squatting)."""
    if player.stance is Stance.SQUATTING:
        return []
    moves: list[PaperCommand] = []
    if not player.line_disabled(Action.FORWARD):
        moves.append(_WALK)
    if not player.line_disabled(Action.TURN):
        moves.extend(_FREE_TURNS)
    return moves


_WALK = Walk()
_FREE_TURNS = (Turn(TurnDirection.LEFT), Turn(TurnDirection.RIGHT), SetStance(Stance.SQUATTING))


def shields_for(state: PaperState, enemy: Enemy) -> list[Mount]:
    """PM-11.1 Reflex / Wall: the shields that take this enemy's attack (Wing Shield first)."""
    player = state.player
    out = []
    action = player.action
    # Reflex: Defend is the chosen action and the cube is on ACTIVE.
    if action is not None and action.mount is not None and player.time == 0:
        mount = action.mount
        if player.weapon(mount) is Weapon.WING_SHIELD and radar.in_arc(mount, enemy.wedge):
            out.append(mount)
    # Wall: after Guard, until the next attack action resolves.
    if player.wall is not None and radar.in_arc(player.wall, enemy.wedge):
        out.append(player.wall)
    return out


_REPAIR_TORSO = Repair(Location.TORSO)
_REPAIR_LEGS = tuple(Repair(Location.LEGS, i + 1) for i in range(len(LEGS_LINES)))
_REPAIR_MOUNTS = tuple(
    tuple(Repair(Location.of(mount), i + 1) for i in range(WEAPON_CIRCLES)) for mount in MOUNTS
)
"""Every repair command, made once (commands are frozen, so the lists share them)."""


def repairs(player: Player) -> list[Repair]:
    """PM-13: every filled circle, as a repair command."""
    out = [_REPAIR_TORSO] * (1 if player.torso else 0)
    out.extend([r for r, filled in zip(_REPAIR_LEGS, player.legs, strict=True) if filled])
    for made, circles in zip(_REPAIR_MOUNTS, player.mounts, strict=True):
        out.extend([r for r, filled in zip(made, circles, strict=True) if filled])
    return out


_TURNS: tuple[PaperCommand, ...] = (Turn(TurnDirection.LEFT), Turn(TurnDirection.RIGHT))
_STANCES: tuple[PaperCommand, ...] = (SetStance(Stance.STANDING), SetStance(Stance.SQUATTING))
_SKIP = Skip()
_TARGETS: dict[str, ChooseTarget] = {}
"""`ChooseTarget` of each single target, made once."""
_TARGETS_MAX = 64


def legal_commands(state: PaperState) -> list[PaperCommand]:  # noqa: PLR0911, PLR0912, C901
    """Every legal command now (a refit at DEPLOY is legal too, but not listed)."""
    if state.result is not None:
        return []
    player = state.player
    match state.prompt:
        case Prompt.DEPLOY:
            return [Deploy()]
        case Prompt.ACTION:
            return list(_choosable(player)[1])
        case Prompt.WINDOW:
            if _hurriable(player):
                return [_WAIT, _HASTE, *_choosable(player)[1]]
            return [_WAIT, *_choosable(player)[1]]
        case Prompt.ORDER:
            return [ResolveNext(e.key) for e in state.enemies if e.time <= 0]
        case Prompt.TARGET:
            action = player.action
            if action is None:
                return []
            singles: list[PaperCommand] = [_target(e.key) for e in candidates(state, action)]
            return singles + [ChooseTarget(a.key, b.key) for a, b in area_pairs(state, action)]
        case Prompt.PULL:
            enemy = state.find(state.enemy or "")
            mount = player.last_attack.mount if player.last_attack else None
            if enemy is None or mount is None:
                return [Skip()]
            return [*(Pull(d) for d in pull_spaces(enemy, mount)), Skip()]
        case Prompt.FREE:
            return [*free_moves(player), _SKIP]
        case Prompt.MOVE:
            turns = list(_TURNS)
            if player.action is Action.TURN:
                # The other stance.
                turns.append(_STANCES[0 if player.stance is Stance.SQUATTING else 1])
            return turns
        case Prompt.SHIELD:
            enemy = state.find(state.enemy or "")
            return [] if enemy is None else [UseShield(m) for m in shields_for(state, enemy)]
        case Prompt.REPAIR:
            return [*repairs(player), _SKIP]
        case Prompt.STANCE:
            return list(_STANCES)
    return []


def _target(key: str) -> ChooseTarget:
    found = _TARGETS.get(key)
    if found is None:
        if len(_TARGETS) >= _TARGETS_MAX:
            _TARGETS.clear()
        found = _TARGETS[key] = ChooseTarget(key)
    return found
