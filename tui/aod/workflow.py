"""The order workflow of the AoD play screen, without the screen: groups, picks and previews.

AOD-26.13 E's order workflow is select a unit -> choose an order -> pick a path or targets ->
confirm with a preview. What may be chosen comes from the engine alone
(`engine.aod.rules.legal_commands`): its commands are grouped by unit and command class
(`order_groups`), so an order kind the engine gains later shows up without a change here. A
command is picked on the board by the hex it is about (`key_hex`: where a move or deployment
ends, where its target stands); several commands on one hex are alternatives chosen by number.

The ranged preview (`fire_lines`) is AOD-11.9 and AOD-12.5: the need number, the exact chance
and every modifier, from the order's own code (`engine.aod.ranged_order.aim` refuses what the
order refuses, *Dense Fog*'s range cap included; `attack_needs` gives the numbers `fire` rolls
against, and *Enhanced Imaging*'s need when its d6 works), for the order being prepared or for
aiming (`aim_marks`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import attrs

from engine.aod.combat import AttackOrder, Need
from engine.aod.commands import (
    AssaultUnit,
    CloseFormation,
    DeployUnit,
    EndTurn,
    FireArtillery,
    LoadTransport,
    MoveFormation,
    MoveUnit,
    RangedFormation,
    UnloadTransport,
)
from engine.aod.events import UnitMoved
from engine.aod.evolve import evolve
from engine.aod.factions import ENHANCED_IMAGING_NEED
from engine.aod.formation_attack import ranged_formation_modifier
from engine.aod.language import format_command
from engine.aod.ranged_order import aim, attack_needs, imaging_applies
from engine.aod.rules import legal_commands
from engine.aod.units import WeaponSlot
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tui.aod.groups import FORMATION, FORMATION_TAGS, group_hex

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.aod.state import AoDState
    from engine.game import Command

__all__ = [
    "FALLBACK_KEYS",
    "GROUP_COMMANDS",
    "KNOWN_KEYS",
    "actor",
    "aim_marks",
    "assign_keys",
    "attack_of",
    "attack_state",
    "fire_lines",
    "formation_fire_lines",
    "group_name",
    "key_hex",
    "named_units",
    "order_groups",
    "plain_problem",
]

KNOWN_KEYS: Final = {
    "move": "m",
    "vent": "v",
    "ranged": "f",
    "fire": "f",
    "assault": "a",
    "close": "c",
    "capture": "p",
    "charge": "h",
    "dfa": "j",
    "ram": "k",
    "artillery": "t",
    "formation": "o",
    "load": "l",
    "board": "l",
    "unload": "u",
    "repair": "x",
    "spin": "s",
    "special": "h",
}
"""The key of an order whose command tag holds the word (``move_unit`` -> ``m``)."""
FALLBACK_KEYS: Final = "bnijklopsuxt"
"""Keys for order kinds no word above names, in turn."""
_NOT_ORDERS: Final = (DeployUnit, EndTurn)
GROUP_COMMANDS: Final = (
    MoveFormation,
    RangedFormation,
    CloseFormation,
    FireArtillery,
    LoadTransport,
    UnloadTransport,
)
"""The orders of several units (or of a transport), picked by `group_hex`."""
_VERBS: Final = frozenset({"move", "fire"})


NAMES: Final = {
    "load_transport": "Board",
    "unload_transport": "Unload",
    "fire_artillery": "Artillery",
}
"""Order names the tag's words do not give well (the help page's names)."""


def group_name(tag: str) -> str:
    """An order's name from its command tag: ``move_unit`` -> "Move"."""
    if tag in NAMES:
        return NAMES[tag]
    words = [w for w in tag.split("_") if w != "unit"]
    return " ".join(words).capitalize() if words else tag


def actor(command: Command) -> str | None:
    """The unit a command is given to: its ``unit``, a transport, a formation's leader."""
    unit = getattr(command, "unit", None) or getattr(command, "transport", None)
    if isinstance(unit, str):
        return unit
    members = getattr(command, "members", ())
    return members[0] if members else None


def order_groups(state: AoDState, ident: str) -> dict[str, list[Command]]:
    """The legal commands given to unit ``ident`` by command tag, in the engine's order (AOD-7.3).

    A formation the unit leads, of any kind, is one group (`tui.aod.groups.FORMATION`).
    """
    groups: dict[str, list[Command]] = {}
    for command in legal_commands(state):
        if isinstance(command, _NOT_ORDERS) or actor(command) != ident:
            continue
        tag = FORMATION if command.TAG in FORMATION_TAGS else command.TAG
        groups.setdefault(tag, []).append(command)
    return groups


def assign_keys(tags: Sequence[str]) -> dict[str, str]:
    """A key for each tag: its word's key (`KNOWN_KEYS`) when free, else the next free fallback."""
    keys: dict[str, str] = {}
    taken: set[str] = set()
    for tag in tags:
        known = [w for w in tag.split("_") if w in KNOWN_KEYS]
        # a plain verb yields to a telling word: fire_artillery -> t, special_move -> h
        telling = [w for w in known if w not in _VERBS] or known
        key = KNOWN_KEYS[telling[0]] if telling else ""
        if not key or key in taken:
            key = next((k for k in FALLBACK_KEYS if k not in taken), "")
        if key:
            keys[tag] = key
            taken.add(key)
    return keys


def named_units(state: AoDState, command: Command) -> list[int]:
    """The units a command names besides its own ``unit``: targets, passengers (by index)."""
    found: list[int] = []
    for attribute in attrs.fields(type(command)):
        if attribute.name == "unit":
            continue
        value = getattr(command, attribute.name)
        words = value if isinstance(value, tuple) else (value,)
        for word in words:
            if isinstance(word, str):
                index = state.index_of(word)
                if index is not None and index not in found:
                    found.append(index)
    return found


def key_hex(state: AoDState, command: Command) -> Hex | None:
    """The hex a command is picked by: the first hex it names, else its first target's hex.

    An order of several units is picked by where it goes or what it attacks
    (`tui.aod.groups.group_hex`).
    """
    if isinstance(command, GROUP_COMMANDS):
        return group_hex(state, command)
    for attribute in attrs.fields(type(command)):
        value = getattr(command, attribute.name)
        if isinstance(value, Hex):
            return value
    for index in named_units(state, command):
        where = state.units[index].hex
        if where is not None:
            return where
    return None


def plain_problem(problem: str) -> str:
    """A rule module's problem as a player reads it: no ``code:`` prefix, no section id."""
    head, sep, rest = problem.partition(": ")
    text = rest if sep and " " not in head else problem
    if text.endswith(")") and "(AOD-" in text:
        text = text[: text.rindex("(AOD-")].rstrip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _percent(need: Need) -> str:
    return f"{round(float(need.probability) * 100)}%"


def _need(
    state: AoDState,
    *,
    attacker: int,
    targets: Sequence[int],
    order: AttackOrder,
    slot: WeaponSlot | None = None,
    indirect: bool = False,
    ignore_hindering: bool = False,
) -> tuple[list[Need], str]:
    """The needs of an attack on ``targets``, or the reason it cannot be made.

    The order's own checks and numbers (`engine.aod.ranged_order.aim`, `attack_needs`): range
    and *Dense Fog*'s cap (AOD-26.14), arcs, line of fire, a lock (AOD-21.1).
    """
    idents = [state.units[t].ident for t in targets]
    try:
        aim(state, attacker, idents, slot, order=order, indirect=indirect)
    except IllegalCommand as refused:
        return [], plain_problem(refused.message)
    needs = attack_needs(
        state,
        attacker,
        targets,
        slot,
        order=order,
        indirect=indirect,
        ignore_hindering=ignore_hindering,
    )
    return list(needs), ""


def _imaging_lines(
    state: AoDState,
    attacker: int,
    targets: Sequence[int],
    needs: Sequence[Need],
    *,
    order: AttackOrder,
    slot: WeaponSlot | None,
    indirect: bool,
) -> list[str]:
    """AOD-21.2 *Enhanced Imaging*: its d6 before the roll, and the need when it clears the line."""
    if not imaging_applies(state, attacker, len(targets)):
        return []
    clear, _ = _need(
        state,
        attacker=attacker,
        targets=targets,
        order=order,
        slot=slot,
        indirect=indirect,
        ignore_hindering=True,
    )
    if not clear or clear[0].need == needs[0].need:
        return []  # nothing hinders the line: the d6 changes nothing
    chance = f"{round((7 - ENHANCED_IMAGING_NEED) / 6 * 100)}%"
    return [
        f"  Enhanced Imaging: a d6 first, {ENHANCED_IMAGING_NEED}-6 ({chance}):",
        f"    no hindering terrain, need {clear[0].need}+ ({_percent(clear[0])})",
    ]


def fire_lines(
    state: AoDState,
    attacker: int,
    targets: Sequence[int],
    order: AttackOrder = AttackOrder.RANGED,
    *,
    slot: WeaponSlot | None = None,
    indirect: bool = False,
) -> list[str]:
    """AOD-11.9 / AOD-12.5: the need on 3d6, the chance and every modifier, a line each.

    ``slot``: the weapon declared (None: the primary, AOD-11.6); ``indirect``: indirect fire
    (AOD-12.7). The positions are the state's (an Assault's: `attack_state`). The checks
    and numbers are the order's own (`_need`), so the preview is what the roll uses; a unit
    with *Enhanced Imaging* also shows the need when its d6 works (AOD-21.2).
    """
    if not targets:
        return []
    _, indices = state.battlefield()
    if attacker not in indices or any(t not in indices for t in targets):
        return ["Both units must be on the board."]
    needs, problem = _need(
        state, attacker=attacker, targets=targets, order=order, slot=slot, indirect=indirect
    )
    if problem:
        return [problem]
    lines = _need_lines(state, targets, needs)
    lines += _imaging_lines(
        state, attacker, targets, needs, order=order, slot=slot, indirect=indirect
    )
    return lines


def _need_lines(state: AoDState, targets: Sequence[int], needs: Sequence[Need]) -> list[str]:
    lines = []
    for target, need in zip(targets, needs, strict=True):
        lines.append(f"{state.units[target].ident}: need {need.need}+ on 3d6 ({_percent(need)})")
        lines.append(f"  attack {need.attack}, defense {need.defense}")
        lines += [f"  {m.amount:+d} attack: {m.reason}" for m in need.attack_modifiers]
        lines += [f"  {m.amount:+d} defense: {m.reason}" for m in need.defense_modifiers]
    return lines


def formation_fire_lines(state: AoDState, command: RangedFormation) -> list[str]:
    """AOD-18.3: the leader's need with the formation's bonus, as the order rolls it.

    The bonus is the order's (`engine.aod.formation_attack.ranged_formation_modifier`), the
    need `attack_needs` with it; the leader's primary weapon, one attack.
    """
    found = [state.index_of(m) for m in command.members]
    target = state.index_of(command.target)
    members = [m for m in found if m is not None]
    if target is None or len(members) != len(found):
        return []
    extra = (ranged_formation_modifier(state, members, target),)
    needs = attack_needs(state, members[0], [target], None, formation=extra)
    return _need_lines(state, [target], needs)


def aim_marks(state: AoDState, attacker: int) -> dict[Hex, str]:
    """Every enemy the unit could fire at now, with the need on 3d6 (the board's target marks)."""
    _, indices = state.battlefield()
    if attacker not in indices:
        return {}
    owner = state.units[attacker].owner
    marks: dict[Hex, str] = {}
    for index in indices:
        unit = state.units[index]
        if unit.owner == owner or unit.hex is None:
            continue
        needs, problem = _need(state, attacker=attacker, targets=[index], order=AttackOrder.RANGED)
        if not problem and needs:
            marks[unit.hex] = str(needs[0].need)[-2:]
    return marks


def attack_of(command: Command) -> tuple[AttackOrder, WeaponSlot | None, bool] | None:
    """How a command attacks at range, for its preview: order, weapon, indirect; None: it does not.

    A ranged or assault order (AOD-12, AOD-15), by its tag; its ``slot`` and ``indirect`` when
    it declares them. An assault into close combat is no ranged attack.
    """
    words = command.TAG.split("_")
    if getattr(command, "close", False) or not {"ranged", "assault", "fire"} & set(words):
        return None
    if "artillery" in words:
        return None
    order = AttackOrder.ASSAULT if "assault" in words else AttackOrder.RANGED
    slot = getattr(command, "slot", None)
    indirect = getattr(command, "indirect", False)
    return order, slot if isinstance(slot, WeaponSlot) else None, indirect is True


def attack_state(state: AoDState, command: Command) -> AoDState:
    """The state an order's attack is made in: an Assault's after its move (AOD-15).

    As `engine.aod.assault_order` resolves it: the unit moved and turned (`UnitMoved`), then
    the attack; other orders attack from where the units stand.
    """
    if not isinstance(command, AssaultUnit):
        return state
    index = state.index_of(command.unit)
    if index is None:
        return state
    unit = state.units[index]
    if command.to == unit.hex and command.facing == unit.facing:
        return state
    return evolve(state, UnitMoved(index, command.to, command.facing, unit.altitude, 0))


def describe(command: Command) -> str:
    """A command as the command line reads it (the preview's last line)."""
    try:
        return format_command(command)
    except (TypeError, ValueError, KeyError):
        return repr(command)


def with_facing(command: Command, facing: Facing | None) -> Command:
    """A move, deployment or formation move with another facing (the planned one).

    Other commands are unchanged (boarding and unloading are found again for a new facing).
    """
    if facing is not None and isinstance(command, (MoveUnit, DeployUnit, MoveFormation)):
        return attrs.evolve(command, facing=facing)
    return command
