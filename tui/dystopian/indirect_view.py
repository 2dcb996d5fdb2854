"""The previews of indirect fire (DW-18.7, DW-20.8) and offensive AA/CC (DW-18.2) on the DW screen.

`indirect_lines` is to `FireIndirect` what `workflow.fire_lines` is to `Fire`: the weapon's dice
per range band with the band marked, the dice that reach, who spots (or the Forward Observer's
RB2), the attached recon's +1 when it sees the target, the number needed (natural 6s; a Bombard
5-6) and the hits to expect. The engine gives every number (`combat_segment.aim_at` with the
spotter); this module only words them. `auxiliary_lines` does the same for `FireAuxiliary`: the
AA or CC dice after damage, the distance and the number needed (`aux_fire.auxiliary_dice_of`,
`ordnance.aux_need`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.dystopian.aux_fire import auxiliary_dice_of, auxiliary_problem
from engine.dystopian.combat_segment import aim_at, weapon_word
from engine.dystopian.dice import NATURAL_SIX
from engine.dystopian.ordnance import Aux, aux_need, aux_target
from tui.dystopian.workflow import expected_hits

if TYPE_CHECKING:
    from engine.dystopian.aux_commands import FireAuxiliary
    from engine.dystopian.indirect_commands import FireIndirect
    from engine.dystopian.ordnance import Aim
    from engine.dystopian.state import DWState

__all__ = ["auxiliary_lines", "indirect_lines"]


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


def auxiliary_lines(state: DWState, command: FireAuxiliary) -> list[str]:
    """DW-18.2 / DW-15.4: what an offensive AA or CC attack would roll, a line."""
    index, target = state.index_of(command.model), state.index_of(command.target)
    if index is None or target is None:
        return []
    aux = Aux(command.system)
    problem = auxiliary_problem(state, index, command.system, target)
    if problem:
        return [f"{command.model} {aux.value.upper()}: {problem}"]
    dice = auxiliary_dice_of(state, index, aux)
    need = aux_need(aux, aux_target(aux, state.card(target)))
    here, there = state.models[index].hex, state.models[target].hex
    gap = f" (d{here.distance(there)})" if here is not None and there is not None else ""
    expect = float(expected_hits(dice, need.threshold))
    pool = f"{command.model} {aux.value.upper()} {dice} dice at {command.target}{gap}"
    return [f"{pool}, need {need.threshold}+: ~{expect:.1f} hits (DW-18.2)"]
