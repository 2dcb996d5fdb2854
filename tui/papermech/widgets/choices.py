"""What the player may answer now, as numbered choices with readable labels (Paper 'Mech).

`choices(state)` turns `engine.papermech.legal_commands` into `Choice`s: the command, the line of
the command language that gives it (so the `:` command line and the list agree), and a label that
says what it does: ``choose la2 - Laser Blast P3 T3 -> space 3, can hit F``.

The order is a suggestion, so that the first choice is always a sensible move: in a window, wait;
when choosing an action, the attacks that can hit something now (sheet order), then the movement
that brings the enemies nearest the front arcs, then the rest. Nothing else is reordered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from engine.papermech import commands as cmd
from engine.papermech import format_command, legal_commands, radar
from engine.papermech.narrate import position
from engine.papermech.options import candidates, pull_spaces
from engine.papermech.state import Prompt
from engine.papermech.tables import LEGS_LINES, LEGS_TITLES, Action, Location, Wedge

if TYPE_CHECKING:
    from engine.game import Command
    from engine.papermech.state import Enemy, PaperState

__all__ = ["Choice", "choices", "label"]

_FRONT = (Wedge.W3, Wedge.W4)


@frozen
class Choice:
    """One legal answer to the prompt.

    Attributes:
        command: the command it sends.
        text: the command language for it, e.g. "choose la2".
        label: what the player reads, e.g. "choose la2 - Laser Blast P3 T3 -> space 3, can hit F".
    """

    command: Command
    text: str
    label: str

    @property
    def action(self) -> Action | None:
        """The action a ChooseAction choice would choose (its arcs can be previewed)."""
        return self.command.action if isinstance(self.command, cmd.ChooseAction) else None


def choices(state: PaperState) -> list[Choice]:
    """Return every legal command now as a labelled choice, in suggested order.

    Args:
        state: the game state.

    Returns:
        The choices; empty when the game is over.
    """
    ordered = _suggested(state, list(legal_commands(state)))
    return [Choice(c, format_command(c), label(c, state)) for c in ordered]


# ------------------------------------------------------------------ labels
def label(command: Command, state: PaperState) -> str:  # noqa: C901, PLR0911, PLR0912 - a line per command
    """Write what ``command`` does now, after its command-language text.

    Args:
        command: a legal command.
        state: the state it would be given in.

    Returns:
        E.g. "target H - Helo, M/2, 3 HP" or "haste - fire now at -2 per die".
    """
    text = format_command(command)
    player = state.player
    match command:
        case cmd.Deploy():
            battle = state.battle if state.wave == 0 else state.battle + 1
            what = f"start battle {battle} (rolls wave 1)" if state.setup.battles > 1 else ""
            return f"{text} - {what or 'start the game (rolls wave 1)'}"
        case cmd.ChooseAction(action=action):
            return f"{text} - {_action_words(state, action)}"
        case cmd.Wait():
            return f"{text} - let time pass one step"
        case cmd.Haste():
            return f"{text} - fire now at -{player.time or 0} per die"
        case cmd.ResolveNext(enemy=key):
            enemy = state.get(key)
            return f"{text} - {enemy.name} acts first ({_attack_words(enemy)})"
        case cmd.ChooseTarget(enemy=key, second=None):
            return f"{text} - {_target_words(state.get(key))}"
        case cmd.ChooseTarget(enemy=key, second=str(second)):
            first, other = state.get(key), state.get(second)
            return f"{text} - {_target_words(first)}, and {_target_words(other)}"
        case cmd.Pull(direction=direction):
            return f"{text} - {_pull_words(state, direction)}"
        case cmd.Walk():
            return f"{text} - free move: Walk Forwards"
        case cmd.Turn(direction=direction):
            spin = "anticlockwise" if direction is cmd.TurnDirection.RIGHT else "clockwise"
            free = "free move: " if state.prompt is Prompt.FREE else ""
            return f"{text} - {free}every enemy one wedge {spin}"
        case cmd.SetStance(stance=stance):
            return f"{text} - {_stance_words(state, stance.value)}"
        case cmd.Skip():
            return f"{text} - {_skip_words(state.prompt)}"
        case cmd.UseShield(mount=mount):
            return f"{text} - the {player.weapon(mount).label} on the {mount.label} takes the hit"
        case cmd.Repair(location=location, circle=circle):
            return f"{text} - {_repair_words(state, location, circle)}"
    return text


def _action_words(state: PaperState, action: Action) -> str:
    player = state.player
    mount = action.mount
    if mount is None:
        t = 1
        name = LEGS_TITLES[action]
        words = f"{name} T{t}"
    else:
        # The weapon is left out: the mount in the command (la2) names it on the sheet beside.
        line = player.weapon(mount).profile.lines[action.line]
        t = line.t
        words = f"{line.name} P{line.p} T{t}"
    space = t + player.penalty
    words += f" -> space {space}"
    if mount is not None and player.weapon(mount).profile.lines[action.line].p:
        found = candidates(state, action)
        words += f", can hit {' '.join(e.key for e in found)}" if found else ", no target"
    return words


def _attack_words(enemy: Enemy) -> str:
    attack = enemy.profile.attacks[enemy.attack]
    reach = "in range" if radar.reaches(attack.range, enemy.ring) else "out of range"
    return f"{attack.name}, {reach}"


def _target_words(enemy: Enemy) -> str:
    hp = enemy.hit_points
    return f"{enemy.name}, {position(*enemy.space)}, {hp} HP, armor {enemy.profile.armor}"


def _pull_words(state: PaperState, direction: cmd.PullDirection) -> str:
    enemy = state.find(state.enemy or "")
    last = state.player.last_attack
    if enemy is None or last is None:
        return "pull the enemy"
    ring, wedge = pull_spaces(enemy, last.mount)[direction]
    return f"pull {enemy.name} to {position(ring, wedge)}"


def _stance_words(state: PaperState, stance: str) -> str:
    if state.prompt is Prompt.STANCE:
        return f"start the next wave {stance}"
    free = "free move: " if state.prompt is Prompt.FREE else ""
    if stance == "squatting":
        return f"{free}squat: enemy attacks roll 1 die fewer"
    return f"{free}stand up"


def _skip_words(prompt: Prompt) -> str:
    if prompt is Prompt.FREE:
        return "no free move"
    if prompt is Prompt.PULL:
        return "leave the enemy where it is"
    return "keep the remaining repairs unused"


def _repair_words(state: PaperState, location: Location, circle: int | None) -> str:
    player = state.player
    if location is Location.TORSO:
        return f"a torso circle ({player.torso} of 4 filled)"
    if location is Location.LEGS:
        index = (circle or 1) - 1
        return f"legs: {LEGS_TITLES[LEGS_LINES[index]]} works again"
    mount = location.mount
    if mount is None:  # pragma: no cover - every other location is a mount
        return location.label
    weapon = player.weapon(mount)
    line = weapon.profile.lines[((circle or 1) - 1) // 2]
    return f"{location.label} circle {circle} ({weapon.label}: {line.name})"


# ------------------------------------------------------------------ suggested order
def _suggested(state: PaperState, commands: list[Command]) -> list[Command]:
    if state.prompt in (Prompt.ACTION, Prompt.WINDOW):
        return sorted(commands, key=lambda c: _action_rank(state, c))
    if state.prompt is Prompt.MOVE:
        return sorted(commands, key=lambda c: _turn_rank(state, c))
    if state.prompt is Prompt.FREE:
        return sorted(commands, key=lambda c: not isinstance(c, cmd.Skip))
    return commands


_MOVES_FIRST = (Action.FORWARD, Action.TURN, Action.BACKWARD, Action.TURN_SQUAT)
"""Movement actions from the plainest to the most special, for ties."""


def _action_rank(state: PaperState, command: Command) -> tuple[int, int, int]:
    """Wait and haste; attacks that can hit now; movement (best first); the rest (sheet order)."""
    if isinstance(command, cmd.Wait):
        return (-2, 0, 0)
    if isinstance(command, cmd.Haste):
        return (-1, 0, 0)
    if not isinstance(command, cmd.ChooseAction):
        return (3, 0, 0)
    action = command.action
    order = list(Action).index(action)
    mount = action.mount
    if mount is None:
        return (1, _spread_after(state, action), _MOVES_FIRST.index(action))
    line = state.player.weapon(mount).profile.lines[action.line]
    if line.p and candidates(state, action):
        return (0, 0, order)
    return (2, 0, order)


def _turn_rank(state: PaperState, command: Command) -> int:
    if isinstance(command, cmd.Turn):
        clockwise = command.direction is cmd.TurnDirection.LEFT
        return _spread(state, "cw" if clockwise else "ccw")
    return 1_000


def _spread_after(state: PaperState, action: Action) -> int:
    if action is Action.FORWARD:
        return _spread(state, "forward")
    if action is Action.BACKWARD:
        return _spread(state, "backward")
    return min(_spread(state, "cw"), _spread(state, "ccw"))


def _spread(state: PaperState, move: str) -> int:
    """How far the enemies would be from the front arcs and the 'Mech after ``move``."""
    total = 0
    for enemy in state.enemies:
        ring, wedge = enemy.space
        if move == "forward":
            ring, wedge = radar.walked_forward((ring, wedge))
        elif move == "backward":
            ring, wedge = radar.walked_backward((ring, wedge))
        else:
            wedge = radar.turned(wedge, clockwise=move == "cw")
        off_front = min(min((wedge - f) % 8, (f - wedge) % 8) for f in _FRONT)
        total += 2 * off_front + int(ring)
    return total
