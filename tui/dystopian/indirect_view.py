"""The preview of an indirect attack on the DW play screen (DW-18.7, DW-20.8).

`indirect_lines` is to `FireIndirect` what `workflow.fire_lines` is to `Fire`: the weapon's dice
per range band with the band marked, the dice that reach, who spots (or the Forward Observer's
RB2), the attached recon's +1 when it sees the target, the number needed (natural 6s; a Bombard
5-6) and the hits to expect. The engine gives every number (`combat_segment.aim_at` with the
spotter); this module only words them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.dystopian.combat_segment import aim_at, weapon_word
from engine.dystopian.dice import NATURAL_SIX
from tui.dystopian.workflow import expected_hits

if TYPE_CHECKING:
    from engine.dystopian.indirect_commands import FireIndirect
    from engine.dystopian.ordnance import Aim
    from engine.dystopian.state import DWState

__all__ = ["indirect_lines"]


def _weapon(state: DWState, index: int, command: FireIndirect) -> tuple[int, Aim | str] | None:
    """The weapon the engine would pick for the command's word, with its aim or the refusal."""
    activation = state.activation
    used = activation.declared_weapons() if activation is not None else frozenset()
    target = state.index_of(command.target)
    if target is None:
        return None
    found: tuple[int, Aim | str] | None = None
    for number, weapon in enumerate(state.card(index).weapons):
        wanted = command.weapon.casefold()
        if wanted not in {weapon_word(weapon), weapon.kind.value} or (index, number) in used:
            continue
        aim = aim_at(state, index, number, target, command.spotter)
        if not isinstance(aim, str) and aim.ad > 0:
            return number, aim
        found = found or (number, aim)
    return found


def _need(aim: Aim) -> str:
    """DW-18.7: natural 6s, a Bombard's 5-6, and the recon's +1."""
    need = aim.need
    if need.threshold >= NATURAL_SIX and not need.mod:
        return "natural 6s"
    return f"{need.threshold}+" + (f" {need.mod:+d}" if need.mod else "")


def indirect_lines(state: DWState, command: FireIndirect) -> list[str]:
    """DW-18.7: what an indirect attack would roll at its target, a line each."""
    index = state.index_of(command.model)
    picked = None if index is None else _weapon(state, index, command)
    if index is None or picked is None:
        return [f"{command.model}: no {command.weapon} to fire indirectly."]
    number, aim = picked
    printed = state.card(index).weapons[number]
    if isinstance(aim, str):
        return [f"{command.model} {printed.name}: {aim}"]
    cells = ["-" if v is None else str(v) for v in printed.ad]
    cells[int(aim.band) - 1] = f"[{cells[int(aim.band) - 1]}]"
    cover = "" if aim.cover.value == "full" else f", {aim.cover.value} arc"
    bands = f"{'/'.join(cells)} RB{int(aim.band)} d{aim.distance}{cover}"
    lines = [
        f"{command.model} {printed.name} indirect: {bands}: {aim.ad} AD",
        f"Spotter: {command.spotter} sees {command.target} (DW-18.7)"
        if command.spotter
        else "Forward Observer: RB2, no spotter (DW-18.7)",
    ]
    if aim.need.mod:
        lines.append("Recon attached and in sight: +1 to hit (DW-20.8)")
    need = aim.need
    expect = expected_hits(aim.ad, need.threshold, need.mod)
    lines.append(f"{aim.ad} dice at {command.target}, need {_need(aim)}: ~{float(expect):.1f} hits")
    return lines
