"""The activation workflow of the DW play screen, without the screen: groups, picks and previews.

DW-28.13 item 16's workflow is: activate a squadron, move its models step by step, declare its
attacks with a preview, end the activation. What may be chosen comes from the engine alone
(`engine.dystopian.rules.legal_commands`): its commands are grouped by the model they name and
their class (`order_groups`), so a command class the engine gains later (boarding, aircraft,
cards) shows up under a key of its own without a change here. A command is picked on the board
by the hex it is about (`key_hex`: where a deployment or a move ends, where its target stands).

The fire preview (`fire_lines`) is DW-15 and DW-17: for each firing model its weapon's dice in
each range band (the band of the target marked), the arc's cover, the dice after damage, the
linked total (the lead's dice and half of each other's, DW-17.1), the number needed with its
reasons (DW-15.4, DW-2.3) and the hits to expect from an exploding pool (`expected_hits`).
`dice_text` writes an exploding pool die by die for the log (DW-2.1).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Final

import attrs

from engine.dystopian.aux_commands import FireAuxiliary
from engine.dystopian.combat import linked_ad
from engine.dystopian.combat_segment import aim_at
from engine.dystopian.commands import (
    Activate,
    ChooseEdge,
    DeployModel,
    EndActivation,
    Fire,
    MoveModel,
    RollOff,
)
from engine.dystopian.dice import NATURAL_SIX
from engine.dystopian.indirect_commands import FireIndirect
from engine.dystopian.language import format_command
from engine.dystopian.movement import Step, StepKind, parse_path
from engine.dystopian.rules import legal_commands
from engine.dystopian.sweep_events import SweepMine
from engine.dystopian.wing_commands import FireAA, FlyWing, LaunchWing, RefuelWing
from engine.dystopian.wing_rules import wing_hex, wing_index
from engine.hexes import Facing, Hex

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.dystopian.events import AttackRolled
    from engine.dystopian.ordnance import Aim
    from engine.dystopian.state import DWState
    from engine.game import Command

__all__ = [
    "FALLBACK_KEYS",
    "KNOWN_KEYS",
    "TAG_KEYS",
    "assign_keys",
    "describe",
    "dice_text",
    "expected_hits",
    "fire_lines",
    "group_name",
    "key_hex",
    "named_models",
    "order_groups",
    "walk_hexes",
]

KNOWN_KEYS: Final = {
    "activate": "a",
    "move": "m",
    "fire": "f",
    "board": "b",
    "boarding": "b",
    "launch": "l",
    "wing": "l",
    "card": "c",
    "play": "c",
    "drop": "d",
    "mine": "d",
    "generator": "g",
    "generate": "g",
    "camouflage": "o",
}
"""The key of a command whose tag holds the word (``dw_move_model`` -> ``m``)."""
TAG_KEYS: Final = {
    LaunchWing.TAG: "l",
    FlyWing.TAG: "m",
    RefuelWing.TAG: "u",
    FireAA.TAG: "k",
    FireIndirect.TAG: "i",
    FireAuxiliary.TAG: "h",
    SweepMine.TAG: "p",
}
"""Fixed keys of the wing commands (DW-20): l launch, m fly (a wing's move), u refuel, k AA
(ack-ack at a wing); i indirect fire (DW-18.7); h a model's AA or CC at an enemy model
(DW-18.2); p CC at a mine (DW-18.6; "mine" would give it d, the drop's key); a wing's flight
and a model's move never share a list."""
FALLBACK_KEYS: Final = "hijknopstuvx"
"""Keys for command kinds no word above names, in turn."""
_NOT_ORDERS: Final = (RollOff, ChooseEdge, DeployModel, EndActivation)
"""Commands the screen gives by their own keys (Enter, the edge choice, deployment, ``e``)."""
_SKIP_WORDS: Final = frozenset({"dw", "model", "models"})


def group_name(tag: str) -> str:
    """A command kind's name from its tag: ``dw_move_model`` -> "Move"."""
    words = [w for w in tag.split("_") if w not in _SKIP_WORDS]
    return " ".join(words).capitalize() if words else tag


def _names(command: Command) -> tuple[str, ...]:
    """The models a command is given for: its ``model`` or ``models`` field."""
    one = getattr(command, "model", None)
    if isinstance(one, str):
        return (one,)
    many = getattr(command, "models", None)
    if isinstance(many, tuple):
        return tuple(m for m in many if isinstance(m, str))
    return ()


def order_groups(
    state: DWState, ident: str, commands: Sequence[Command] | None = None
) -> dict[str, list[Command]]:
    """The legal commands given for model ``ident``, by command tag, in the engine's order.

    A command for several models (a linked attack, DW-17.1) is listed under each of them.
    """
    groups: dict[str, list[Command]] = {}
    wanted = ident.casefold()
    for command in legal_commands(state) if commands is None else commands:
        if isinstance(command, _NOT_ORDERS):
            continue
        if wanted not in {n.casefold() for n in _names(command)}:
            continue
        groups.setdefault(command.TAG, []).append(command)
    return groups


def assign_keys(tags: Sequence[str]) -> dict[str, str]:
    """A key for each tag: its word's key (`KNOWN_KEYS`) when free, else the next free fallback."""
    keys: dict[str, str] = {}
    taken: set[str] = set()
    for tag in tags:
        known = [TAG_KEYS[tag]] if tag in TAG_KEYS else []
        known += [KNOWN_KEYS[w] for w in tag.split("_") if w in KNOWN_KEYS]
        key = next((k for k in known if k not in taken), "")
        if not key:
            key = next((k for k in FALLBACK_KEYS if k not in taken), "")
        if key:
            keys[tag] = key
            taken.add(key)
    return keys


def named_models(state: DWState, command: Command) -> list[int]:
    """The models a command names besides its own: targets and the like (by index)."""
    own = {n.casefold() for n in _names(command)}
    found: list[int] = []
    for attribute in attrs.fields(type(command)):
        if attribute.name in {"model", "models"}:
            continue
        value = getattr(command, attribute.name)
        words = value if isinstance(value, tuple) else (value,)
        for word in words:
            if isinstance(word, str) and word.casefold() not in own:
                index = state.index_of(word)
                if index is not None and index not in found:
                    found.append(index)
    return found


def walk_hexes(start: Hex, facing: Facing, steps: Sequence[Step]) -> tuple[list[Hex], Facing]:
    """DW-28.4: the hexes a path passes through (the start first) and the facing it ends with.

    Each step turns first (clockwise +), then moves one hex ahead (F) or back (B); a pivot only
    turns. Contacts and terrain are the engine's: this is where the model would go.
    """
    hexes = [start]
    where = start
    for step in steps:
        facing = Facing((facing.value + step.turn) % 6)
        if step.kind is StepKind.FORWARD:
            where = where.neighbor(facing)
        elif step.kind is StepKind.BACK:
            where = where.neighbor(Facing((facing.value + 3) % 6))
        hexes.append(where)
    return hexes, facing


def move_end(state: DWState, command: MoveModel) -> tuple[Hex, Facing] | None:
    """Where a move would leave its model, and facing which way (None: not on the board)."""
    index = state.index_of(command.model)
    if index is None:
        return None
    model = state.models[index]
    if model.hex is None:
        return None
    try:
        steps = parse_path(command.path)
    except ValueError:
        return None
    hexes, facing = walk_hexes(model.hex, model.facing, steps)
    return hexes[-1], facing


def key_hex(state: DWState, command: Command) -> Hex | None:
    """The hex a command is picked by: the first hex it names, a move's end, its first target.

    A wing command without a hex (AA at a wing, DW-18.2) is picked where its wing flies.
    """
    if isinstance(command, FireAA):
        index = wing_index(state, command.wing)
        return None if index is None else wing_hex(state, index)
    if isinstance(command, FlyWing) and command.to is None:
        return None  # off the table (DW-20.5): picked by number
    for attribute in attrs.fields(type(command)):
        value = getattr(command, attribute.name)
        if isinstance(value, Hex):
            return value
    if isinstance(command, MoveModel):
        end = move_end(state, command)
        return end[0] if end is not None else None
    for index in named_models(state, command):
        where = state.models[index].hex
        if where is not None:
            return where
    names = _names(command)
    own = state.index_of(names[0]) if names else None
    return state.models[own].hex if own is not None else None


def describe(command: Command) -> str:
    """A command as the command line reads it (the preview's last line)."""
    try:
        return format_command(command)
    except (TypeError, ValueError, KeyError):
        return repr(command)


# ---- the fire preview (DW-15, DW-17, DW-2) ------------------------------------------------------


def expected_hits(ad: int, threshold: int, mod: int = 0, *, natural_only: bool = False) -> Fraction:
    """DW-2.1 / DW-2.3: the hits an exploding pool of ``ad`` dice scores on average.

    A natural 6 scores 2 and adds a die; a 1 misses; another face hits when face + mod reaches
    the threshold. Per die E = p + (2 + E) / 6, so E = (p + 1/3) * 6/5, p the chance of a 2-5
    that hits. At 4+ a die is worth 4/5 of a hit.
    """
    if natural_only:
        plain = 0
    else:
        plain = sum(1 for face in range(2, NATURAL_SIX) if face + mod >= threshold)
    per_die = (Fraction(plain, 6) + Fraction(1, 3)) * Fraction(6, 5)
    return ad * per_die


def _bands(ad: Sequence[int | None], band: int) -> str:
    """The printed AD per band, the band in use in brackets: ``5/[4]/3/-``."""
    cells = ["-" if v is None else str(v) for v in ad]
    if 1 <= band <= len(cells):
        cells[band - 1] = f"[{cells[band - 1]}]"
    return "/".join(cells)


def _need_text(threshold: int, mod: int, *, natural_only: bool) -> str:
    if natural_only:
        return "natural 6s"
    return f"{threshold}+" + (f" {mod:+d}" if mod else "")


def fire_lines(state: DWState, command: Fire) -> list[str]:
    """DW-15 / DW-17: what an attack would roll at its (first) target, a line each.

    Each model's weapon with its dice per range band, the cover and the dice that reach; the
    linked total (DW-17.1) or the split shares (DW-17.3); the number needed and its reasons;
    the hits to expect.
    """
    target = state.index_of(command.targets[0]) if command.targets else None
    if target is None:
        return ["No target."]
    lines: list[str] = []
    aims: list[Aim] = []
    used: set[tuple[int, int]] = set(
        state.activation.declared_weapons() if state.activation is not None else ()
    )
    for name in command.models:
        index = state.index_of(name)
        if index is None:
            continue
        card = state.card(index)
        picked = _weapon_for(state, index, command.weapon, target, used)
        if picked is None:
            lines.append(f"{name}: no {command.weapon} bears.")
            continue
        weapon, aim = picked
        used.add((index, weapon))
        aims.append(aim)
        printed = card.weapons[weapon]
        cover = "" if aim.cover.value == "full" else f", {aim.cover.value} cover"
        lines.append(
            f"{name} {printed.name}: {_bands(printed.ad, int(aim.band))} "
            f"RB{int(aim.band)} d{aim.distance}{cover}: {aim.ad} AD"
        )
    if not aims:
        return lines
    if command.shares:
        total = command.shares[0]
        lines.append(f"Split: {total} dice at {command.targets[0]} (DW-17.3)")
    elif len(aims) > 1:
        total = linked_ad(aims[0].ad, *(a.ad for a in aims[1:]))
        halves = " + ".join(f"{a.ad}/2" for a in aims[1:])
        lines.append(f"Linked: {aims[0].ad} + {halves} = {total} AD (DW-17.1)")
    else:
        total = aims[0].ad
    threshold = max(a.need.threshold for a in aims)
    mod = min(a.need.mod for a in aims)
    natural = any(a.need.natural_only for a in aims)
    expect = expected_hits(total, threshold, mod, natural_only=natural)
    need = _need_text(threshold, mod, natural_only=natural)
    lines.append(f"{total} dice at {command.targets[0]}, need {need}: ~{float(expect):.1f} hits")
    reasons = " ".join(aims[0].need.reasons)
    if reasons:
        lines.append(f"  {reasons}")
    return lines


def _weapon_for(
    state: DWState, index: int, word: str, target: int, used: set[tuple[int, int]]
) -> tuple[int, Aim] | None:
    """The weapon of model ``index`` the engine would pick for ``word`` (a name or a kind)."""
    wanted = word.casefold()
    for number, weapon in enumerate(state.card(index).weapons):
        name = weapon.name.casefold().replace(" ", "-")
        if wanted not in {name, weapon.kind.value} or (index, number) in used:
            continue
        aim = aim_at(state, index, number, target)
        if not isinstance(aim, str) and aim.ad > 0:
            return number, aim
    return None


def dice_text(event: AttackRolled) -> str:
    """DW-2.1: an exploding pool die by die: ``6!! 4* 2 | +5*``.

    ``!!`` a natural 6 (two hits, and a die more), ``*`` a hit, nothing a miss; the dice after
    ``|`` came from explosions.
    """
    marks = []
    for number, face in enumerate(event.faces):
        if face == NATURAL_SIX:
            mark = f"{face}!!"
        elif face != 1 and not event.natural_only and face + event.mod >= event.threshold:
            mark = f"{face}*"
        else:
            mark = str(face)
        if number == event.ad and number:
            mark = f"| +{mark}"
        elif number > event.ad:
            mark = f"+{mark}"
        marks.append(mark)
    return " ".join(marks)


def activation_of(command: Command) -> bool:
    """True for the command that activates a squadron (DW-9.2)."""
    return isinstance(command, Activate)
