"""Long-range artillery fire as a Ranged order: declaring it and placing the markers (AOD-13).

Rules: AOD-13.1 (an artillery unit, attack > 0, fires long range whatever its max range),
AOD-13.3 (declared in the order stage: touching no enemy, each dot in the front arc and
``max < d <= long`` away, the LOF may be blocked), AOD-13.5 (as many markers as targets),
AOD-26.9 (the marker stores the shooter's attack, damage, hex and arrow), AOD-7.3 to AOD-7.5
(a Ranged order: the table's checks, the token, pushing).

`fire_order` is the handler of `engine.aod.commands.FireArtillery`: the order's guards
(`engine.aod.turns.order_unit`), the artillery's own list (`engine.aod.artillery.declare_problems`
with the shooter's current values from `engine.aod.dial.values`), then the token and the markers
(`engine.aod.events.MarkersPlaced`). They come down in the owner's next command stage
(`engine.aod.barrage.resolve_markers`). `fire_commands` lists, for menus and bots, one marker on
each enemy in reach.

An artillery formation (AOD-13.7, AOD-18.3) is the same order with its other members named:
`engine.aod.formations.artillery_formation_problems` checks it, the leader's markers carry the
+2 per member beyond it (`engine.aod.formations.artillery_bonus`), every member gets its token
and is pushed as usual. Other ranged formations are the ranged combat order's.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from engine.aod.artillery import (
    artillery_weapon,
    declare_problems,
    in_band,
    place_markers,
    usable_markers,
)
from engine.aod.commands import FireArtillery
from engine.aod.context import Ctx
from engine.aod.dial import Values, values
from engine.aod.effects import change_heat, damage
from engine.aod.events import FormationOrdered, HeatCause, MarkersPlaced
from engine.aod.formation_order import formation_roster
from engine.aod.formations import artillery_bonus, artillery_formation_problems
from engine.aod.geometry import Arc, arc_of, enemy_contacts, submerged
from engine.aod.orders import allowed_orders, is_push, push_effect
from engine.aod.state import AoDState, OrderKind, Stage
from engine.aod.turns import after_order, give_order, order_unit
from engine.aod.units import Weapon
from engine.game import Command, IllegalCommand
from engine.hexes import Hex

__all__ = [
    "ArtilleryCode",
    "fire_commands",
    "fire_order",
    "fire_problems",
    "formation_fire_problems",
    "formation_ordered",
    "shooter_values",
]


class ArtilleryCode(enum.StrEnum):
    """Rejection codes of long-range fire (STYLE 5)."""

    NOT_ARTILLERY = "artillery/not_artillery"
    DECLARE = "artillery/declare"
    FORMATION = "artillery/formation"


def shooter_values(state: AoDState, index: int, weapon: Weapon) -> Values:
    """AOD-3.3 / AOD-6.4: unit ``index``'s values now with ``weapon``: heat, SE and its cards."""
    unit = state.units[index]
    catalogue = state.setup.catalogue()
    force = [entry for player in state.setup.players for entry in player.force]
    cards = [catalogue.cards[c] for c in force[index].cards if c in catalogue.cards]
    return values(state.definition(index), unit.dial, catalogue, cards, weapon=weapon.slot)


def fire_problems(state: AoDState, index: int, aims: Sequence[tuple[str, Hex]]) -> list[str]:
    """AOD-13.1 / AOD-13.3 / AOD-13.5: what is wrong with this declaration (empty: legal)."""
    weapon = artillery_weapon(state.definition(index).weapons)
    if weapon is None:
        return [f"{state.units[index].ident} is no artillery unit: it has no long range."]
    now = shooter_values(state, index, weapon)
    field, indices = state.battlefield()
    return declare_problems(
        field,
        indices.index(index),
        weapon,
        state.setup.catalogue(),
        aims,
        attack=now.attack,
        damage=now.damage(weapon.slot),
    )


def fire_order(ctx: Ctx, command: Command) -> None:
    """AOD-13.3: a Ranged order fired long range: the checks, the token, the markers placed.

    With ``formation`` members, an artillery formation (AOD-13.7, AOD-18.3): every member passes
    the order's guards and the formation's list, the leader's markers get +2 per member beyond
    it, and every member gets its token and is pushed as usual (a vehicle's click, a 'Mech's
    heat); a critical miss costs the leader alone (the markers name it as the shooter).
    """
    assert isinstance(command, FireArtillery)  # noqa: S101 - dispatched by type
    index = order_unit(ctx, command.unit, OrderKind.RANGED)
    members = [index] + [order_unit(ctx, m, OrderKind.RANGED) for m in command.formation]
    state = ctx.state
    ident = state.units[index].ident
    weapon = artillery_weapon(state.definition(index).weapons)
    if weapon is None:  # AOD-13.1: only artillery fires long range
        raise IllegalCommand(
            ArtilleryCode.NOT_ARTILLERY, f"{ident} is no artillery unit: it has no long range."
        )
    problems = fire_problems(state, index, command.aims)
    if problems:  # AOD-13.3 / AOD-13.5 / AOD-26.9
        said = " ".join(problems)
        raise IllegalCommand(ArtilleryCode.DECLARE, f"{ident} cannot fire long range: {said}")
    if command.formation:  # AOD-13.7 / AOD-18.3 / AOD-18.5
        problems = formation_fire_problems(state, members, [dot for _, dot in command.aims])
        if problems:
            raise IllegalCommand(ArtilleryCode.FORMATION, " ".join(problems))
    now = shooter_values(state, index, weapon)
    field, indices = state.battlefield()
    markers = place_markers(
        field,
        indices.index(index),
        weapon,
        command.aims,
        owner=state.units[index].owner,
        turn=state.turn,
        attack=now.attack,
        damage=now.damage(weapon.slot),
        members=members,
        bonus=artillery_bonus(members),
        shooter_id=index,
    )
    if command.formation:
        pushed = formation_ordered(ctx, members)
    else:
        pushed = give_order(ctx, index, OrderKind.RANGED)
    ctx.emit(MarkersPlaced(index, markers))
    after_order(ctx, index, pushed=pushed, heat=())


def formation_fire_problems(
    state: AoDState, members: Sequence[int], dots: Sequence[Hex]
) -> list[str]:
    """AOD-13.7 / AOD-18.3 / AOD-18.5: what makes this artillery formation illegal (empty: fine).

    ``members`` are unit indices, the leader first.
    """
    roster, indices = formation_roster(state)
    return artillery_formation_problems(roster, [indices.index(m) for m in members], dots)


def formation_ordered(ctx: Ctx, members: Sequence[int], kind: OrderKind = OrderKind.RANGED) -> bool:
    """AOD-7.4 / AOD-18.3 / AOD-18.4: one order, a token on every member; others' pushes paid.

    ``kind``: the ranged (artillery too) or close formation's order. Returns whether the leader
    was pushed: `engine.aod.turns.after_order` pays its push.
    """
    state = ctx.state
    pushed = tuple(is_push(kind, state.units[m].tokens) for m in members)
    tokens = tuple(state.units[m].tokens if p else 1 for m, p in zip(members, pushed, strict=True))
    ctx.emit(FormationOrdered(kind, tuple(members), pushed, tokens))
    for member, push in zip(members[1:], pushed[1:], strict=True):
        if not push or not ctx.state.units[member].on_board:
            continue
        effect = push_effect(ctx.state.definition(member))  # AOD-7.5 / AOD-18.3 / AOD-18.4
        if effect.clicks:
            damage(ctx, member, effect.clicks, "pushed", by=None, tokens=2)
        if effect.heat and ctx.state.units[member].on_board:
            change_heat(ctx, member, (HeatCause.PUSHED,), effect.heat)
    return pushed[0]


def _may_fire(state: AoDState, index: int) -> bool:
    """AOD-7.2 / AOD-7.3: unit ``index`` may take a Ranged order now."""
    unit = state.units[index]
    if (
        state.stage is not Stage.ORDER
        or state.spins
        or unit.owner != state.active
        or not unit.on_board
        or unit.order is not None
        or state.orders_left <= 0
    ):
        return False
    field, indices = state.battlefield()
    at = indices.index(index)
    allowed = allowed_orders(
        state.definition(index),
        unit.dial,
        enemy_contact=bool(enemy_contacts(field, at)),
        submerged=submerged(field.terrain, field.units[at]),
    )
    return OrderKind.RANGED in allowed


def fire_commands(state: AoDState) -> list[Command]:
    """Long-range fire the rules accept now: each usable marker on each enemy in reach.

    Bounded for menus and bots: one marker per command, aimed at enemy units' hexes only.
    """
    found: list[Command] = []
    catalogue = state.setup.catalogue()
    for index in state.owned(state.active):
        weapon = artillery_weapon(state.definition(index).weapons)
        if weapon is None or not _may_fire(state, index):
            continue
        now = shooter_values(state, index, weapon)
        unit = state.units[index]
        field, indices = state.battlefield()
        here = field.units[indices.index(index)]
        targets = [
            other.hex
            for other in state.units
            if other.on_board
            and other.owner != unit.owner
            and other.hex is not None
            and in_band(weapon, here.hex.distance(other.hex))
            and arc_of(here, other.hex) is Arc.FRONT
        ]
        for marker in usable_markers(weapon, catalogue, now.attack, now.damage(weapon.slot)):
            for where in targets:
                aims = ((marker.id, where),)
                if not fire_problems(state, index, aims):
                    found.append(FireArtillery(unit.ident, aims))
    return found
