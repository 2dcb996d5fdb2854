"""Shared helpers of the BT-C rule tests (tests/engine/battletech/test_rules_btc_*.py).

These tests are written from the rules digest alone (shared/rules/battletech-2-combat-heat.md and
the falls/PSR/pilot sections of battletech-1-units-movement.md); the engine's implementation is
never consulted for the expected answer. The helpers only build positions and drive the public
API: ``decide`` for whole turns, and the pure functions (``line_of_sight``, ``weapon_to_hit``,
``combat.resolve_weapon_attack`` with a `Ctx` ...) where a single rule is under test.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import attrs

from engine.battletech import RULESET
from engine.battletech.board import Board
from engine.battletech.commands import BTCommand, EndPhase, Move
from engine.battletech.context import Ctx, Tally
from engine.battletech.designs.mech import Location, MechDesign
from engine.battletech.events import BTEvent
from engine.battletech.rules import combat, physical
from engine.battletech.rules.flow import decide, pending
from engine.battletech.state import Attack, AttackKind, BTState, Movement, MoveMode, Phase
from engine.dice import ScriptedDice
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, start, terrain_board

H = Hex.from_label
LT, CT, RT, LA, RA, LL, RL, HD = (
    Location.LT,
    Location.CT,
    Location.RT,
    Location.LA,
    Location.RA,
    Location.LL,
    Location.RL,
    Location.HD,
)

NOT_YET = "NOT YET: {} still raises NotImplementedError"


def two(total: int) -> tuple[int, int]:
    """Two dice that add up to ``total`` (2..12)."""
    first = max(1, total - 6)
    return first, total - first


def at(origin: Hex, *steps: Facing) -> Hex:
    """The hex reached from ``origin`` by one hex in each of ``steps``."""
    where = origin
    for step in steps:
        where = where.neighbor(step)
    return where


def of(events: Iterable[BTEvent], kind: type) -> list:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def duel(  # noqa: PLR0917 - a position is read best as one call
    attacker: MechDesign | None = None,
    target: MechDesign | None = None,
    a_hex: str = "0810",
    t_hex: str = "0805",
    a_facing: Facing = Facing.N,
    t_facing: Facing = Facing.S,
    board: Board | None = None,
    extra: Sequence[tuple[MechDesign, int, str, Facing]] = (),
) -> BTState:
    """Unit 0 (side 0) at ``a_hex`` and unit 1 (side 1) at ``t_hex``, in the Movement phase.

    The default board is 16 x 17 clear hexes; both pilots are Gunnery 4, Piloting 5.
    """
    units = [
        (attacker or design(), 0, a_hex, a_facing),
        (target or design(), 1, t_hex, t_facing),
        *extra,
    ]
    return start(board or terrain_board(16, 17), units)


def moved(
    state: BTState, index: int, mode: MoveMode = MoveMode.STILL, hexes: int = 0, **more: object
) -> BTState:
    """Unit ``index`` has finished this turn's movement in ``mode``, ``hexes`` hexes counted."""
    unit = state.units[index]
    movement = Movement(mode, hexes=hexes, counted=hexes, done=True, **more)  # type: ignore[arg-type]
    return state.replace_unit(index, attrs.evolve(unit, movement=movement))


def still(state: BTState) -> BTState:
    """Every unit stood still this turn."""
    for index in range(len(state.units)):
        state = moved(state, index)
    return state


def run(
    state: BTState, commands: Sequence[BTCommand], dice: Sequence[int] = (), *, exact: bool = True
) -> tuple[BTState, list[BTEvent]]:
    """Decide and evolve ``commands`` in order with one stream of scripted dice.

    With ``exact`` every scripted die must be used.
    """
    scripted = ScriptedDice(tuple(dice))
    events: list[BTEvent] = []
    for command in commands:
        new = decide(state, command, scripted)
        for event in new:
            state = RULESET.evolve(state, event)
        events.extend(new)
    if exact:
        assert scripted.position == len(dice), f"{len(dice) - scripted.position} dice unused"
    return state, events


def weapon_attack(
    state: BTState,
    attacker: int,
    weapon: int,
    target: int,
    to_hit: int = 7,
    *,
    side: str = "front",
    table: str = "normal",
    aimed: Location | None = None,
    primary: bool = True,
) -> Attack:
    """A declared weapon attack with a fixed to-hit number (as `tohit.declare_fire` records it)."""
    return Attack(
        attacker=attacker,
        kind=AttackKind.WEAPON,
        target=target,
        hex=state.units[target].hex,  # type: ignore[arg-type]
        to_hit=to_hit,
        modifiers=(("test", to_hit),),
        weapon=weapon,
        side=side,
        table=table,
        aimed=aimed,
        primary=primary,
    )


def physical_attack(
    state: BTState,
    attacker: int,
    kind: AttackKind,
    target: int,
    to_hit: int = 7,
    *,
    limb: Location | None = None,
    side: str = "front",
    table: str = "normal",
) -> Attack:
    """A declared physical attack with a fixed to-hit number."""
    return Attack(
        attacker=attacker,
        kind=kind,
        target=target,
        hex=state.units[target].hex,  # type: ignore[arg-type]
        to_hit=to_hit,
        modifiers=(("test", to_hit),),
        limb=limb,
        side=side,
        table=table,
    )


def resolve(
    state: BTState,
    attacks: Sequence[Attack],
    dice: Sequence[int],
    *,
    phase: Phase = Phase.WEAPON,
    end: bool = True,
    exact: bool = True,
) -> tuple[BTState, list[BTEvent]]:
    """Resolve ``attacks`` as one attack phase (BT-C-1): each in order, then the phase's end.

    The attacks are put in the state as declared; ``ctx.tally`` starts from that state. With
    ``exact`` every scripted die must be used.
    """
    state = attrs.evolve(state, phase=phase, attacks=tuple(attacks))
    scripted = ScriptedDice(tuple(dice))
    ctx = Ctx(state, scripted)
    ctx.tally = Tally(start=state)
    for number, attack in enumerate(attacks):
        if attack.kind is AttackKind.WEAPON:
            combat.resolve_weapon_attack(ctx, number)
        else:
            physical.resolve_physical_attack(ctx, number)
    if end:
        combat.end_of_phase(ctx)
    if exact:
        assert scripted.position == len(dice), f"{len(dice) - scripted.position} dice unused"
    return ctx.state, ctx.events


def with_ctx(
    state: BTState, dice: Sequence[int], *, exact: bool = True
) -> tuple[Ctx, ScriptedDice]:
    """A `Ctx` over ``state`` with scripted dice (the caller checks them with `used`)."""
    scripted = ScriptedDice(tuple(dice))
    return Ctx(state, scripted), scripted


def used(scripted: ScriptedDice) -> None:
    """Every scripted die was used."""
    unused = len(scripted.values) - scripted.position
    assert unused == 0, f"{unused} dice unused"


def terms(modifiers: Iterable[tuple[str, int]]) -> dict[str, int]:
    """The named modifiers as a dict (lowercased names)."""
    return {name.lower(): value for name, value in modifiers}


def has_term(modifiers: Iterable[tuple[str, int]], value: int, *words: str) -> bool:
    """True when a modifier worth ``value`` has a name containing one of ``words``."""
    return any(v == value and any(w in name.lower() for w in words) for name, v in modifiers)


def no_term(modifiers: Iterable[tuple[str, int]], *words: str) -> bool:
    """True when no modifier with a non-zero value names any of ``words``."""
    return not any(v and any(w in name.lower() for w in words) for name, v in modifiers)


def ceil_div(a: int, b: int) -> int:
    """ceil(a / b) for the digest's "round up" formulas."""
    return math.ceil(a / b)


def slot_of(mech: MechDesign, location: Location, component: str, nth: int = 0) -> int:
    """The index of the ``nth`` critical line of ``location`` whose name contains ``component``."""
    lines = [i for i, n in enumerate(mech.slots_at(location)) if component.lower() in n.lower()]
    return lines[nth]


def index_of(mech: MechDesign, key_part: str, nth: int = 0) -> int:
    """The equipment index of the ``nth`` item whose name contains ``key_part``."""
    found = [i for i, m in enumerate(mech.equipment) if key_part.lower() in m.name.lower()]
    return found[nth]


def twelve_slot_dice(slot: int) -> tuple[int, int]:
    """BT-C-30: the two dice that pick line ``slot`` (0-based) of a 12-line location."""
    block, line = divmod(slot, 6)
    return (1 if block == 0 else 4), line + 1


def to_weapon_phase(state: BTState, dice: Sequence[int] = ()) -> BTState:
    """Every unit still to move stands still, in slot order; then the Movement phase ends.

    ``dice`` are whatever the phase change rolls (none for quiet 'Mechs).
    """
    while state.phase is Phase.MOVEMENT and pending(state):
        side = state.side_to_act
        index = next(i for i in pending(state) if side is None or state.units[i].side == side)
        command = Move(index, MoveMode.STILL)
        state, _ = run(state, [command])
    state, _ = run(state, [EndPhase()], dice)
    return state
