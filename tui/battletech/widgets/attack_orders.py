"""The orders panel in the attack phases: the weapons and their numbers, the physical attacks.

`aim_lines` writes a weapon declaration being aimed: the target, the line of sight, the terms
every weapon shares, then each weapon with its to-hit number and chance, its own terms, range,
damage, heat and ammunition (or why it cannot fire), and the heat preview::

    H Hunchback HBK-4G: weapon attack
    target j Jenner JR7-D 0306, 3 hexes
    line of sight clear
    every weapon: gunnery 4, attacker walked +1, target moved 5 hexes +2
    torso: front   [ ] twist
    1 [x] AC/20 RT: 7+ (58%), 9 shots
      short range | 20 dmg 7 heat
    2 [ ] Medium Laser LA: 9+ (28%)
      medium range +2 | 5 dmg 3 heat
    3  -  Small Laser HD: out of range: 4 hexes, long range ends at 3
    heat 0 +8 built -13 sinks = 0
      built: walked +1, AC/20 +7
      next turn: no heat effect
    1-0 weapon  Space all  Tab target  [ ] twist
    c/Enter fire  h hold fire  Esc clear

`strike_lines` writes the Physical phase's choices the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battletech.kinds import infantry
from engine.battletech.narrate.words import PHYSICAL_NAMES, limb_text, modifiers_text
from engine.battletech.rules.kindfire import kind_of
from tui.battletech.indirect_fire import artillery_keys, spotter_lines
from tui.battletech.widgets.plotting import chance

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.battletech.commands import PhysicalAttack
    from engine.battletech.rules.tohit import ToHit
    from engine.battletech.state import BTState
    from tui.battletech.widgets.orders import Line
    from tui.battletech.widgets.targeting import AimView, HeatPreview, WeaponRow

SHUTDOWN_RISK = 14
"""BT-C-54: from this heat the Heat phase rolls to avoid shutting down (the preview turns red)."""

__all__ = ["StrikeChoice", "aim_lines", "common_terms", "strike_lines", "to_hit_text"]

StrikeChoice = tuple["PhysicalAttack", "ToHit", str]
"""A physical attack the unit may declare, its to-hit number and its damage."""


def to_hit_text(to_hit: ToHit) -> str:
    """A possible number and its chance: "8+ (42%)"; else why not."""
    if to_hit.number is None:
        return to_hit.reason or "impossible"
    if not to_hit.possible:
        return f"{to_hit.number}+: cannot hit"
    if to_hit.number <= 2:  # noqa: PLR2004 - the lowest throw
        return f"{to_hit.number}: hits on any roll"
    return f"{to_hit.number}+ ({chance(to_hit.number)}%)"


def common_terms(rows: Sequence[WeaponRow], target: int | None) -> tuple[tuple[str, int], ...]:
    """The to-hit terms every weapon that can fire at ``target`` shares, in their order."""
    numbers = [r.to_hit for r in rows if r.to_hit.number is not None and r.target == target]
    if not numbers:
        return ()
    first = numbers[0].modifiers
    return tuple(term for term in first if all(term in n.modifiers for n in numbers[1:]))


def _unit(state: BTState, letters: Sequence[str], index: int) -> str:
    return f"{letters[index]} {state.units[index].name}"


def _row_lines(
    row: WeaponRow,
    shared: tuple[tuple[str, int], ...],
    shown: int | None,
    letters: Sequence[str],
    *,
    heat: bool = True,
) -> list[Line]:
    """A weapon's two lines (one when it cannot fire); ``heat`` False: no heat (not a 'Mech)."""
    at = ""
    if row.chosen and row.target != shown and row.target is not None:
        mark = "[>]"
        at = f" at {letters[row.target]}"
    else:
        mark = "[x]" if row.chosen else "[ ]"
    mode = f" [{row.mode}]" if row.mode else ""
    head = f"{row.key or ' '} {mark} {row.name}{mode} {row.place}{at}"
    to_hit = row.to_hit
    if to_hit.number is None:
        return [(f"{row.key or ' '}  -  {row.name} {row.place}: {to_hit.reason}", "dim")]
    role = "chosen" if row.chosen else ("text" if to_hit.possible else "dim")
    ammo = f", {row.ammo} shot{'s' if row.ammo != 1 else ''}" if row.ammo is not None else ""
    lines: list[Line] = [(f"{head}: {to_hit_text(to_hit)}{ammo}", role)]
    whole = row.target != shown or not shared
    own = list(to_hit.modifiers) if whole else [t for t in to_hit.modifiers if t not in shared]
    detail = modifiers_text(own, base=whole) if own else f"{to_hit.band} range"
    made = f" {row.heat} heat" if heat else ""  # BT-M-36: only 'Mechs build heat
    lines.append((f"  {detail} | {row.damage} dmg{made}", "dim"))
    return lines


def _moded(view: AimView) -> bool:
    """Some chosen weapon has a mode to choose (BT-C-75): ``o`` acts."""
    chosen = {w for w, _ in view.aim.shots}
    return any(row.modes > 1 and row.weapon in chosen for row in view.rows)


def heat_lines(heat: HeatPreview) -> list[Line]:
    """The heat preview: now + built - dissipation, its sources and effects (BT-C-51..54)."""
    sinks = f"sinks ({heat.sinks_off} off)" if heat.sinks_off else "sinks"  # BT-C-52
    sums = f"heat {heat.now} +{heat.generated} built -{heat.dissipation} {sinks} = {heat.next}"
    built = ", ".join(f"{name} {value:+d}" for name, value in heat.sources)
    lines: list[Line] = []
    effects = heat.effects
    role = "good" if not effects else "bad" if heat.next >= SHUTDOWN_RISK else "warn"
    lines.append((sums, role))
    if built:
        lines.append((f"  built: {built}", "dim"))
    lines.append(("  next turn: " + (", ".join(effects) or "no heat effect"), role))
    return lines


def _torso(view: AimView, *, compact: bool) -> Line:
    aim = view.aim
    if aim.flip:
        where = "arms flipped to the rear"
    elif aim.twist:
        where = f"torso twisted {'left' if aim.twist < 0 else 'right'}"
    else:
        where = "torso: front"
    keys = "[ ] twist" + ("  t flip" if view.can_flip else "")
    return (f"{where}   {keys}" if not compact else f"{where} ({keys})", "text")


def aim_lines(
    view: AimView, state: BTState, letters: Sequence[str], *, compact: bool = False
) -> list[Line]:
    """Describe a weapon declaration being aimed (see the module docstring).

    Args:
        view: the engine's view of the aim.
        state: the game now.
        letters: every unit's board letter.
        compact: fewer words (80 x 24).

    Returns:
        The lines, each with its role.
    """
    aim = view.aim
    me = state.units[aim.unit]
    lines: list[Line] = [(f"{_unit(state, letters, aim.unit)}: weapon attack", "title")]
    shown = aim.target
    if shown is None:
        lines.append(("no enemy on the map to fire at", "bad"))
        lines.append(("h: hold fire", "keys"))
        return lines
    other = state.units[shown]
    distance = me.hex.distance(other.hex) if me.hex and other.hex else 0
    where = other.hex.label if other.hex is not None else "?"
    plural = "es" if distance != 1 else ""
    lines.append((f"target {_unit(state, letters, shown)} {where}, {distance} hex{plural}", "text"))
    if len(view.aim.targets) > 1 or (view.aim.targets and shown not in view.aim.targets):
        primary = view.primary
        said = "primary target" if primary == shown else "secondary target (+1 front, +2 other arc)"
        lines.append((said, "warn" if primary != shown else "text"))
    if len(view.enemies) > 1:
        lines.append((f"Tab: next of {len(view.enemies)} enemies", "keys"))
    sight = view.sight
    if sight is not None and not sight.clear:
        lines.append((f"no line of sight: {sight.reason}", "bad"))
        lines.extend(spotter_lines(view, state, letters))  # BT-C-16
    elif sight is not None:
        cover = ", target in partial cover" if sight.partial_cover else ""
        lines.append((f"line of sight clear{cover}", "good"))
    shared = common_terms(view.rows, shown)
    if shared:
        lines.append((f"every weapon: {modifiers_text(shared)}", "text"))
    mech = me.is_mech
    if mech:  # BT-C-3 torso twist, BT-C-62 arm flip: a vehicle turns its turret itself
        lines.append(_torso(view, compact=compact))
    for row in view.rows:
        lines.extend(_row_lines(row, shared, shown, letters, heat=mech))
    if not view.rows:
        lines.append(("no weapon it can fire", "dim"))
    lines.extend(heat_lines(view.heat) if view.heat is not None else [])  # 'Mechs only, BT-M-36
    lines.extend(_aim_keys(view, state, mech=mech, compact=compact))
    return lines


def _aim_keys(view: AimView, state: BTState, *, mech: bool, compact: bool) -> list[Line]:
    """The keys of a weapon declaration, those of the attacker's kind only.

    Aimed shots are a 'Mech's (BT-C-19); platoons and battle armor fire at units only, never
    at a hex (BT-C-57, BT-M-8.11).
    """
    hexes = infantry.may_clear_woods(kind_of(state.units[view.aim.unit]))
    special = [("A aimed shot" if compact else "A: aimed shot (immobile target)")] * mech
    special += [("H fire at hex" if compact else "H: fire at the cursor hex")] * hexes
    lines: list[Line] = []
    if compact:
        lines.append(("1-0 weapon Spc all Tab target", "keys"))
        lines.append(("c fire  h hold  Esc clear" + ("  o ammo" if _moded(view) else ""), "keys"))
        lines.extend((keys, "keys") for keys in ["  ".join(special)] if keys)
        return lines
    lines.append(("1-0 weapon  Space all  Tab target  u unit", "keys"))
    if _moded(view):
        lines.append(("o: ammunition / rate / spotter of the weapon chosen last", "keys"))
    lines.append(("c/Enter on the target: fire  h: hold fire  Esc: clear", "keys"))
    lines.extend((keys, "keys") for keys in ["  ".join(special)] if keys)
    lines.extend(artillery_keys(view, state))  # BT-C-67
    return lines


def strike_lines(
    unit: int,
    choices: Sequence[StrikeChoice],
    chosen: int | None,
    state: BTState,
    letters: Sequence[str],
    *,
    compact: bool = False,
) -> list[Line]:
    """Describe the physical attacks ``unit`` may declare (BT-C-36..41), the chosen one marked.

    Args:
        unit: the attacker.
        choices: each legal attack with its to-hit number and damage.
        chosen: the index of the chosen one in ``choices`` (None: none yet).
        state: the game now.
        letters: every unit's board letter.
        compact: fewer words (80 x 24).

    Returns:
        The lines.
    """
    lines: list[Line] = [(f"{_unit(state, letters, unit)}: physical attack", "title")]
    me = state.units[unit]
    if not choices:
        lines.append(("no physical attack possible", "dim"))
    for number, (attack, to_hit, damage) in enumerate(choices):
        assert attack.kind is not None  # noqa: S101 - options are attacks
        key = str(number + 1) if number < 9 else " "  # noqa: PLR2004 - keys 1-9
        mark = "[x]" if number == chosen else "[ ]"
        limb = limb_text(attack.limb, attack.kind)
        limb_said = f" ({limb})" if limb else ""
        victim = letters[attack.target] if attack.target is not None else "?"
        friend = attack.target is not None and state.units[attack.target].side == me.side
        victim += " (own side!)" if friend else ""
        head = f"{key} {mark} {PHYSICAL_NAMES[attack.kind]}{limb_said} {victim}"
        role = "chosen" if number == chosen else "warn" if friend else "text"
        lines.append((f"{head}: {to_hit_text(to_hit)} | {damage}", role))
        table = f"; {to_hit.table} table" if to_hit.table != "normal" else ""
        lines.append((f"  {modifiers_text(to_hit.modifiers)}{table}", "dim"))
    if compact:
        lines.append(("1-9 choose  c attack  h none", "keys"))
    else:
        lines.append(("1-9 choose   c/Enter: attack   h: no physical attack", "keys"))
    return lines
