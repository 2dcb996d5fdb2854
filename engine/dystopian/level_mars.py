"""The MARs that change a model's level after it attacks or rams (DW-24, DW-28.13 item 15).

Rules (DW-24's table):

- Panic Dive: after attacking or ramming, roll 1D6: on 5-6 the model is now submerged. Once
  per activation.
- Swift Ascent: after attacking or ramming, roll 1D6: on 5-6 the model is now obscured. Once
  per activation.

The levels are DW-11.8 (a flyer flies or goes obscured; not while on fire, DW-16.2 result 4) and
DW-11.9 (a diving model on the surface or submerged; not with a Navigation Lock, DW-16.2 result
9; a sea diver never submerged on land, a burrower never at sea): `movement.level_problem` says
whether the model can reach the MAR's level, and a model already there rolls nothing.

`after_rams` is called right after the rams and collisions of the Movement segment
(`combat_segment.resolve_contacts`, DW-7.2 step 2b): every model of the active squadron whose
ram (`AttackSource.RAM`, never a collision) was rolled. `after_attacks` is called after the
squadron's attacks (DW-7.2 step 3d, and the offensive AA and CC of DW-18.2): every model of the
active squadron whose dice were rolled at a model (`AttackSource.WEAPON`). Each roll is
`LevelMarRolled`, kept on the activation so that a model rolls once per activation.

Adopted readings [INTERP]: the roll is not a choice (the MAR says "roll"), so it is made
automatically and no seat is asked. "After attacking" is after all of the squadron's attacks
of the activation (all of them are declared before any die is rolled, DW-7.2 step 3a, so a
model that dived between two of its own attacks would lose the second); "after ramming" is
after the rams of the Movement segment, before any attack is declared (so a submarine that
dives after its ram may then fire only its torpedoes, DW-11.9). A counter-attack (AA/CC in the
enemy's activation), a boarding, a collision and AA fired at a tiny-flyer wing are not
"attacking or ramming". The model changes level where it is, without moving (no terrain test).
A model that rolled after its ram does not roll again after its attacks, whatever the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from attrs import evolve, frozen

from engine.dystopian.amphibious import at_sea, landmass
from engine.dystopian.dice import roll_d6
from engine.dystopian.events import AttackRolled, AttackSource, DWEvent
from engine.dystopian.geometry import Level
from engine.dystopian.models import Diving
from engine.dystopian.movement import level_problem
from engine.dystopian.state import DWState
from engine.game import Event
from engine.narration import Roll

if TYPE_CHECKING:
    from engine.dystopian.context import Ctx

__all__ = [
    "ESCAPE_NEED",
    "LEVEL_MARS",
    "LEVEL_MAR_EVENTS",
    "LevelMarRolled",
    "after_attacks",
    "after_rams",
    "apply_level_mar_rolled",
    "escape_problem",
    "level_mar_rolls",
    "tell_level_mar_rolled",
]

LEVEL_MARS: Final = (("panic_dive", Level.SUBMERGED), ("swift_ascent", Level.OBSCURED))
"""DW-24: each MAR and the level it reaches on a 5-6."""

ESCAPE_NEED: Final = 5
"""DW-24 Panic Dive / Swift Ascent: 5-6 on 1D6."""

_NAMES: Final = {"panic_dive": "Panic Dive", "swift_ascent": "Swift Ascent"}
_STAYS: Final = {Level.SURFACE: "on the surface", Level.FLYING: "flying"}


@frozen
class LevelMarRolled(DWEvent):
    """DW-24: model ``model``'s ``mar`` (Panic Dive, Swift Ascent) rolled ``face`` on 1D6.

    On 5-6 (``reached``) it is at ``level`` from now on (submerged, obscured).
    """

    TAG = "dw_level_mar_rolled"
    model: int
    mar: str
    face: int
    level: Level
    reached: bool


LEVEL_MAR_EVENTS: tuple[type[DWEvent], ...] = (LevelMarRolled,)
"""The event class of this module, for the ruleset and its converter."""


def _terrain_problem(state: DWState, index: int, level: Level) -> str:
    """DW-11.9: a sea diver never submerges on land, a burrower never at sea."""
    where = state.models[index].hex
    cell = None if where is None else state.setup.terrain.cell(where)
    diving = state.card(index).diving
    if level is not Level.SUBMERGED or cell is None or diving is None:
        return ""
    if diving is Diving.SEA and landmass(cell.kind):
        return "A sea diver cannot submerge on land."
    if diving is Diving.LAND and at_sea(cell.kind):
        return "A burrower cannot submerge at sea."
    return ""


def escape_problem(state: DWState, index: int, mar: str, level: Level) -> str:
    """Why model ``index`` does not roll its ``mar`` now (DW-24, DW-11.8, DW-11.9), or ""."""
    model = state.models[index]
    card = state.card(index)
    activation = state.activation
    if not card.has(mar) or not model.on_board:
        return "It does not have that MAR here."
    if activation is not None and (index, mar) in activation.level_mars:
        return "Once per activation."  # DW-24
    if model.level is level:
        return "It is there already."
    why = level_problem(
        level,
        flyer=card.flying,
        diver=card.is_diving,
        on_fire=model.markers.fires > 0,
        nav_lock=model.markers.nav_lock,
    )
    return why or _terrain_problem(state, index, level)


def _roll(ctx: Ctx, models: list[int]) -> None:
    for index in dict.fromkeys(models):
        for mar, level in LEVEL_MARS:
            if escape_problem(ctx.state, index, mar, level):
                continue
            face = roll_d6(ctx.dice).face
            ctx.emit(LevelMarRolled(index, mar, face, level, face >= ESCAPE_NEED))


def _active(ctx: Ctx, sources: set[AttackSource]) -> list[int]:
    """The active squadron's models whose ``sources`` dice were rolled in this command."""
    activation = ctx.state.activation
    if activation is None:
        return []
    squadron = set(ctx.state.alive(activation.squadron))
    return [
        attacker
        for event in ctx.events
        if isinstance(event, AttackRolled) and event.source in sources
        for attacker in event.attackers
        if attacker in squadron
    ]


def after_rams(ctx: Ctx) -> None:
    """DW-24 / DW-7.2 step 2b: each active model whose ram was rolled rolls its MAR."""
    _roll(ctx, _active(ctx, {AttackSource.RAM}))


def after_attacks(ctx: Ctx) -> None:
    """DW-24 / DW-7.2 step 3d: each active model whose attack was rolled rolls its MAR."""
    _roll(ctx, _active(ctx, {AttackSource.WEAPON}))


def apply_level_mar_rolled(event: LevelMarRolled, state: DWState) -> DWState:
    """The roll is used for this activation; on 5-6 the model is at its new level, where it is."""
    activation = state.activation
    if activation is not None:
        used = (*activation.level_mars, (event.model, event.mar))
        state = evolve(state, activation=evolve(activation, level_mars=used))
    if not event.reached:
        return state
    return state.with_model(event.model, evolve(state.models[event.model], level=event.level))


def tell_level_mar_rolled(event: LevelMarRolled, before: DWState, after: DWState) -> str:
    """One sentence for the log."""
    del after
    name = before.models[event.model].ident
    mar = _NAMES.get(event.mar, event.mar)
    if not event.reached:
        stays = _STAYS.get(before.models[event.model].level, "where it is")
        return f"{name}'s {mar}: {event.face}, it needed 5-6 and stays {stays}."
    if event.level is Level.SUBMERGED:
        return f"{name}'s {mar}: {event.face}, it dives and is submerged."
    return f"{name}'s {mar}: {event.face}, it climbs into the clouds and is obscured."


def level_mar_rolls(event: Event) -> Sequence[Roll]:
    """The die a `LevelMarRolled` rolled, for the dice log (none for other events)."""
    if not isinstance(event, LevelMarRolled):
        return ()
    outcome = event.level.value if event.reached else "stays"
    return (Roll(_NAMES.get(event.mar, event.mar), (event.face,), outcome=outcome),)
