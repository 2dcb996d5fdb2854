"""The wing commands of the DW play screen, without the screen: choices and previews (DW-20).

The engine's `legal_commands` lists a bounded sample of the wing commands; the screen lets a
player pick any hex, so this module lists every one the engine accepts, asking the engine's own
checks (`engine.dystopian.wings_segment.launch_problem`, `fly_problem`, `aa_problem`):

- `wing_groups`: the commands of one wing now, by tag: launch (from its carrier, in the
  carrier's activation, DW-20.4), fly (its activation, or with its CAP host, DW-20.3 / DW-20.8)
  and refuel (off its edge, DW-20.5); each group is complete (every hex).
- `launch_commands`: a carrier's launches (every wing aboard, every hex, and as CAP).
- `flight_options`: what a wing may do after flying to a hex: nothing, attack a model or a
  wing, land on a carrier, patrol over a host (DW-20.6, DW-20.4, DW-20.8).
- `wing_preview`: what a wing command does in a few lines: the move and its fuel (DW-20.5), the
  dice of an attack with the number needed and the hits to expect (DW-20.6, DW-18.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.dystopian import aircraft
from engine.dystopian.movement import more_than_half
from engine.dystopian.wing_commands import FireAA, FlyWing, LaunchWing, RefuelWing
from engine.dystopian.wing_rules import MODEL_AA, aa_dice, edge_steps, rule_wing, wing_hex
from engine.dystopian.wing_state import WingPlace
from engine.dystopian.wings_segment import Refusal, aa_problem, fly_problem, launch_problem
from tui.dystopian.workflow import expected_hits

if TYPE_CHECKING:
    from collections.abc import Sequence

    from engine.dystopian.state import DWState
    from engine.game import Command
    from engine.hexes import Hex

__all__ = [
    "flight_options",
    "launch_commands",
    "wing_groups",
    "wing_preview",
    "wing_refusal",
]


def _hexes(state: DWState) -> list[Hex]:
    return sorted(state.setup.terrain, key=lambda h: h.to_offset())


def launch_commands(state: DWState, wings: Sequence[int]) -> list[Command]:
    """DW-20.4 / DW-20.8: every launch of these wings the engine accepts, CAP ones first."""
    found: list[Command] = []
    for index in wings:
        wing = state.wings[index]
        carrier = wing.carrier
        where = None if carrier is None else state.models[carrier].hex
        if wing.place is not WingPlace.DECK or where is None:
            continue
        cap = LaunchWing(wing.ident, where, cap=True)
        if launch_problem(state, cap) is None:
            found.append(cap)
        for spot in _hexes(state):
            if spot.distance(where) > aircraft.WELL_TRAINED_REACH:
                continue
            command = LaunchWing(wing.ident, spot)
            if launch_problem(state, command) is None:
                found.append(command)
    return found


def _flights(state: DWState, index: int) -> list[Command]:
    """Every plain flight of wing ``index`` (to each hex, then off the table)."""
    wing = state.wings[index]
    found: list[Command] = []
    for spot in _hexes(state):
        command = FlyWing(wing.ident, spot)
        if not isinstance(fly_problem(state, command), Refusal):
            found.append(command)
    off = FlyWing(wing.ident, None)
    if not isinstance(fly_problem(state, off), Refusal):
        found.append(off)
    return found


def _refuels(state: DWState, index: int) -> list[Command]:
    wing = state.wings[index]
    ok = (
        state.activation is None
        and wing.owner == state.active
        and wing.acted != state.turn
        and wing.place in {WingPlace.EDGE, WingPlace.REFUEL}
    )
    return [RefuelWing(wing.ident)] if ok else []


def wing_groups(state: DWState, index: int, legal: Sequence[Command]) -> dict[str, list[Command]]:
    """The commands of wing ``index`` now, by tag (each group complete, in `WING_KEYS` order).

    A group is offered when the engine's legal list names the wing for that kind of command
    (so the turn machine decides when), or for a launch, when its carrier is active.
    """
    wing = state.wings[index]
    if wing.owner != state.active:
        return {}
    named = {c.TAG for c in legal if getattr(c, "wing", None) == wing.ident}
    groups: dict[str, list[Command]] = {}
    if LaunchWing.TAG in named or (wing.place is WingPlace.DECK and state.activation is not None):
        launches = launch_commands(state, [index])
        if launches:
            groups[LaunchWing.TAG] = launches
    if FlyWing.TAG in named:
        flights = _flights(state, index)
        if flights:
            groups[FlyWing.TAG] = flights
    refuels = _refuels(state, index)
    if refuels:
        groups[RefuelWing.TAG] = refuels
    return groups


def flight_options(state: DWState, flight: FlyWing) -> list[Command]:
    """DW-20.4 / DW-20.6 / DW-20.8: the flight to ``flight.to`` and each action after it."""
    if flight.to is None:
        return [flight]
    wing = state.wings[next(n for n, w in enumerate(state.wings) if w.ident == flight.wing)]
    found: list[Command] = [flight]
    tries: list[FlyWing] = []
    for n, model in enumerate(state.models):
        if not model.on_board or model.hex is None or model.hex.distance(flight.to) > 4:  # noqa: PLR2004 - the longest reach, torpedoes (DW-28.11)
            continue
        if model.owner != wing.owner:
            tries.append(FlyWing(wing.ident, flight.to, attack=model.ident))
            continue
        if state.card(n).capacity:
            tries.append(FlyWing(wing.ident, flight.to, land=model.ident))
        tries.append(FlyWing(wing.ident, flight.to, cap=model.ident))
    for n, enemy in enumerate(state.wings):
        where = wing_hex(state, n)
        if enemy.owner != wing.owner and where is not None and where.distance(flight.to) <= 2:  # noqa: PLR2004 - AA reach (DW-28.11)
            tries.append(FlyWing(wing.ident, flight.to, attack=enemy.ident))
    found += [c for c in tries if not isinstance(fly_problem(state, c), Refusal)]
    return found


def wing_refusal(state: DWState, command: Command) -> str:
    """The engine's reason for refusing a wing command, in one line; "" when it is accepted."""
    match command:
        case LaunchWing():
            problem = launch_problem(state, command)
            return "" if problem is None else problem.text
        case FlyWing():
            found = fly_problem(state, command)
            return found.text if isinstance(found, Refusal) else ""
        case FireAA():
            checked = aa_problem(state, command)
            return checked.text if isinstance(checked, Refusal) else ""
    return ""


# ---- previews ---------------------------------------------------------------------------------


class _Detail(str):
    """A preview line that explains (left out of the compact layout's short panel)."""

    __slots__ = ()


def _wing_of(state: DWState, name: str) -> int | None:
    wanted = name.casefold()
    return next((n for n, w in enumerate(state.wings) if w.ident.casefold() == wanted), None)


def _hits(dice: int, need: int) -> str:
    return f"~{float(expected_hits(dice, need)):.1f} hits"


def _launch_lines(state: DWState, command: LaunchWing, index: int) -> list[str]:
    wing = state.wings[index]
    carrier = "" if wing.carrier is None else state.models[wing.carrier].ident
    if command.cap:
        return [
            f"{carrier} launches {wing.ident} as its Combat Air Patrol (DW-20.8).",
            _Detail(f"Fuel 6; it flies with {carrier} from now on."),
        ]
    where = None if wing.carrier is None else state.models[wing.carrier].hex
    far = "" if where is None else f" (d{where.distance(command.hex)})"
    return [
        f"{carrier} launches {wing.ident} to {command.hex.label}{far} (DW-20.4).",
        _Detail("Fuel 6; it moves no more this turn."),
    ]


def _fly_lines(state: DWState, command: FlyWing, index: int) -> list[str]:
    wing = state.wings[index]
    start = wing_hex(state, index)
    mp = aircraft.wing_mp(wing.profile, rule_wing(wing), state.turn)
    if command.to is None:
        steps = edge_steps(state, wing.owner, start) if start is not None else 0
        move = f"off its edge: {steps}/{mp} hexes"
    else:
        steps = (
            edge_steps(state, wing.owner, command.to)
            if start is None
            else start.distance(command.to)
        )
        origin = "edge" if start is None else start.label
        move = f"{origin} -> {command.to.label}: {steps}/{mp} hexes"
    cost = 1 if more_than_half(steps, mp) else 0
    lines = [f"Flies {move}, fuel {wing.fuel} -> {wing.fuel - cost}"]
    if command.to is None:
        lines.append(_Detail("It refuels off the table in its next activation (DW-20.5)."))
    elif cost:
        lines.append(_Detail("More than half its move: 1 fuel (DW-20.5)."))
    lines += _action_lines(state, command, index, wing.fuel - cost)
    return lines


def _action_lines(state: DWState, command: FlyWing, index: int, fuel: int) -> list[str]:
    wing = state.wings[index]
    rule = aircraft.Wing(wing.kind, max(1, wing.tokens), fuel, rearm=wing.rearm)
    if command.land:
        return [f"Lands on {command.land}: refuels to 6 and rearms (DW-20.4)."]
    if command.cap:
        return [f"Patrols over {command.cap} (CAP, DW-20.8): fires at wings attacking it."]
    if not command.attack:
        return []
    target = _wing_of(state, command.attack)
    if target is not None:
        dice = aircraft.wing_aa_dice(wing.profile, rule)
        need = aircraft.air_need(wing.kind)
        return [
            f"Attacks {command.attack}: {dice} AA at {need}+ {_hits(dice, need)}, fuel -1",
            _Detail(f"(6s destroy a token; hits >= {state.wings[target].tokens} tokens Abort it);"),
            _Detail("it fires back if it can (DW-20.6)."),
        ]
    model = state.index_of(command.attack)
    if model is None:
        return []
    flyer = state.models[model].level.airborne
    need = aircraft.FLYER_THRESHOLD if flyer else aircraft.SURFACE_THRESHOLD
    dice = aircraft.wing_ad(wing.profile, rule)
    torpedo = " (its CC may cancel torpedo hits)" if wing.kind.value == "torpedo_bomber" else ""
    return [
        f"Attacks {command.attack}: {dice} AD at {need}+ {_hits(dice, need)}, fuel -1",
        _Detail(f"Its squadron's AA fires first (5-6){torpedo}; then it must rearm (DW-20.6)."),
    ]


def _aa_lines(state: DWState, command: FireAA) -> list[str]:
    target = _wing_of(state, command.wing)
    where = None if target is None else wing_hex(state, target)
    lines = []
    total = 0
    for name in command.models:
        model = state.index_of(name)
        if model is None:
            continue
        dice = aa_dice(state, model)
        total += dice
        here = state.models[model].hex
        far = "" if here is None or where is None else f" d{here.distance(where)}"
        lines.append(f"{name} AA {dice} dice{far} at {MODEL_AA}+: {_hits(dice, MODEL_AA)}")
    if target is not None:
        tokens = state.wings[target].tokens
        lines.append(_Detail(f"6s destroy a token; hits >= {tokens} tokens Abort it (DW-20.7)."))
        lines.append(_Detail("It may strike back with its AD. The movement segment ends."))
    return lines


def wing_preview(state: DWState, command: Command, *, compact: bool = False) -> list[str]:
    """What a wing command would do, a line each (empty for another command).

    ``compact``: the lines with numbers only (the move, the fuel, the dice and hits).
    """
    lines = _preview(state, command)
    return [str(line) for line in lines if not (compact and isinstance(line, _Detail))]


def _preview(state: DWState, command: Command) -> list[str]:  # noqa: PLR0911 - a case a command
    match command:
        case LaunchWing():
            index = _wing_of(state, command.wing)
            return [] if index is None else _launch_lines(state, command, index)
        case FlyWing():
            index = _wing_of(state, command.wing)
            return [] if index is None else _fly_lines(state, command, index)
        case RefuelWing():
            index = _wing_of(state, command.wing)
            if index is None:
                return []
            wing = state.wings[index]
            if wing.place is WingPlace.REFUEL:
                return [f"{wing.ident} lands and refuels: fuel {wing.fuel} -> 6 (DW-20.5)."]
            return [f"{wing.ident} stays off the table this turn (fuel {wing.fuel})."]
        case FireAA():
            return _aa_lines(state, command)
    return []
