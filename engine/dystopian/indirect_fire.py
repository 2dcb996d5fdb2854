"""Dystopian Wars indirect fire in the turn machine: declaring it and listing it (DW-18.7).

Rules: DW-7.2 step 3a (`declare_indirect`: the `FireIndirect` command declares one model's
primary or Bombard weapon at a target through a spotter, before any die is rolled; each weapon
once per activation, as for `Fire`), DW-18.7 / DW-28.7 / DW-28.8 (the aim itself:
`combat_segment.aim_at` with a spotter, `spotting.indirect_aim`), DW-19.3 (no attack after a
boarding), DW-20.4 (a carrier that launched fires no guns).

`indirect_options` lists, for `rules.legal_commands`, each weapon of the active squadron that
can fire indirectly at an enemy it cannot hit directly (a direct shot needs a 4+, an indirect
one a natural 6), through the first spotter that works: a Forward Observer's own RB2 first, then
each Spotter-MAR model and recon wing. The combat segment rolls the attack with the others
(`combat_segment.resolve_attacks`).
"""

from __future__ import annotations

from engine.dystopian.combat_segment import aim_at, weapon_word
from engine.dystopian.context import Ctx, DWCode, own_model, require_stage
from engine.dystopian.indirect_commands import FireIndirect, IndirectAttackDeclared
from engine.dystopian.models import WeaponKind
from engine.dystopian.spotting import spotter_names
from engine.dystopian.state import DeclaredAttack, DWState, Stage
from engine.dystopian.wing_deck import launched_fire_problem
from engine.game import IllegalCommand

__all__ = ["declare_indirect", "indirect_options", "indirect_problem"]

_FAR: tuple[int, int] = (5, 16)
"""DW-28.7: indirect fire reaches d 9-16 (a Forward Observer's Bombard 5-8 as well)."""


def _indirect_weapon(state: DWState, index: int, number: int) -> bool:
    """DW-18.7: primaries and Bombard weapons fire indirectly."""
    weapon = state.card(index).weapons[number]
    return weapon.kind is WeaponKind.PRIMARY or weapon.has("bombard")


def _target(state: DWState, name: str) -> int:
    index = state.index_of(name)
    if index is None:
        raise IllegalCommand(DWCode.UNKNOWN_MODEL, f"There is no model {name}.")
    if not state.models[index].on_board:
        ident = state.models[index].ident
        raise IllegalCommand(DWCode.OFF_BOARD, f"{ident} is not on the table.")
    return index


def indirect_problem(state: DWState, command: FireIndirect) -> DeclaredAttack | str:
    """DW-7.2 step 3a / DW-18.7: the attack ``command`` declares, or why it cannot.

    Raises:
        IllegalCommand: a model unknown, not the acting player's or not on the table.
    """
    activation = state.activation
    assert activation is not None  # noqa: S101 - during an activation
    index = own_model(state, command.model)
    target = _target(state, command.target)
    if activation.boardings:  # DW-19.3: shooting is declared before the boardings
        return "Attacks are declared before any boarding."
    model = state.models[index]
    if model.squadron != activation.squadron or not model.on_board:
        return f"{model.ident} is not in the active squadron."
    used = activation.declared_weapons()
    wanted = command.weapon.casefold()
    card = state.card(index)
    first = ""
    for number, weapon in enumerate(card.weapons):
        if wanted not in {weapon_word(weapon), weapon.kind.value} or (index, number) in used:
            continue
        aimed = aim_at(state, index, number, target, command.spotter)
        if isinstance(aimed, str):
            first = first or f"{model.ident}'s {weapon.name.lower()}: {aimed}"
            continue
        if not aimed.ad:
            first = first or f"{model.ident}'s {weapon.name.lower()} has no dice left there."
            continue
        launched = launched_fire_problem(state, (index,), (number,))  # DW-20.4: a carrier
        return launched or DeclaredAttack((index,), (number,), (target,))
    return first or f"{model.ident} has no {command.weapon} left to fire this activation."


def declare_indirect(ctx: Ctx, command: FireIndirect) -> None:
    """DW-7.2 step 3a / DW-18.7: declare one indirect attack; the dice wait for the segment."""
    require_stage(ctx.state, Stage.ACTIVATION)
    if ctx.state.activation is None:
        raise IllegalCommand(DWCode.NO_ACTIVATION, "No squadron is active: activate one.")
    declared = indirect_problem(ctx.state, command)
    if isinstance(declared, str):
        raise IllegalCommand(DWCode.FIRE, declared)
    ctx.emit(IndirectAttackDeclared(declared, command.spotter))


def _option(
    state: DWState, index: int, number: int, target: int, spotters: list[str]
) -> FireIndirect | None:
    """DW-18.7: the weapon at ``target`` through the first spotter that works, if it must."""
    here, there = state.models[index].hex, state.models[target].hex
    card = state.card(target)
    if here is None or there is None or not (card.capital or card.is_fortification):
        return None
    if not _FAR[0] <= here.distance(there) <= _FAR[1]:
        return None
    direct = aim_at(state, index, number, target)
    if not isinstance(direct, str) and direct.ad > 0:
        return None  # a direct shot is always the better one
    for spotter in spotters:
        aimed = aim_at(state, index, number, target, spotter)
        if not isinstance(aimed, str) and aimed.ad > 0:
            weapon = weapon_word(state.card(index).weapons[number])
            return FireIndirect(
                state.models[index].ident, weapon, state.models[target].ident, spotter
            )
    return None


def indirect_options(state: DWState) -> list[FireIndirect]:
    """DW-18.7: the indirect attacks the active squadron may still declare (bounded).

    One per weapon and enemy Capital model or fortification 5-16 hexes away that the weapon
    cannot hit directly, through the first spotter that works.
    """
    activation = state.activation
    if activation is None or activation.boardings:  # DW-19.3: no attack after a boarding
        return []
    used = activation.declared_weapons()
    owner = state.squadrons[activation.squadron].owner
    enemies = [n for n, m in enumerate(state.models) if m.on_board and m.owner != owner]
    found: list[FireIndirect] = []
    for index in state.alive(activation.squadron):
        observer = [""] if state.card(index).has("forward_observer") else []  # RB2, no spotter
        spotters = [*observer, *spotter_names(state, index)]
        if not spotters:
            continue  # DW-18.7: nobody to see for it
        for number in range(len(state.card(index).weapons)):
            if (index, number) in used or not _indirect_weapon(state, index, number):
                continue
            if launched_fire_problem(state, (index,), (number,)):  # DW-20.4
                continue
            found += [
                option
                for target in enemies
                if (option := _option(state, index, number, target, spotters)) is not None
            ]
    return found
