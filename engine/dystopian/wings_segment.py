"""The tiny-flyer commands in the turn machine: launch, fly (and attack, land, attach), refuel.

Rules: DW-20.3 (a wing activates like a squadron, players alternating between squadrons and
wings; a CAP wing activates with its host), DW-20.4 / DW-28.11 (launch within 2 hexes, Well
Trained 3, one deck operation per carrier a turn, two with Double Decker; none after its own
attacks this activation or with Systems Offline; a launched wing moves no more that turn;
landing within 2 hexes of a friendly carrier with room), DW-20.5 (fuel: 1 for more than half
its move, 1 a shot; at 1, half its move and no shots; refuelling off its own edge), DW-20.6
(attacks after moving), DW-20.8 (attaching within 2 hexes to a Large or Massive surface or
flying model, one wing a host; not attaching and detaching in one turn).

`fly_problem` and `launch_problem` say why a command is refused (a code and a sentence), so the
handlers and `wing_options` (the legal commands) agree. [INTERP] A wing's move is a distance
(wings turn freely, DW-20.2): it flies over models and terrain and ends in a hex no model or
other free wing holds (DW-28.5); from off its edge the steps count from just off the edge.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from attrs import evolve, frozen

from engine.dystopian import aircraft
from engine.dystopian.context import Ctx, label, require_stage
from engine.dystopian.geometry import Level
from engine.dystopian.more_mars import aa_reach
from engine.dystopian.movement import more_than_half
from engine.dystopian.moving import must_move
from engine.dystopian.state import PLAYERS, DWState, Stage
from engine.dystopian.turns import check_end, close_movement, end_game, end_phase
from engine.dystopian.victory import order_met
from engine.dystopian.wing_commands import FireAA, FlyWing, LaunchWing, RefuelWing
from engine.dystopian.wing_events import (
    WingActivationEnded,
    WingAttached,
    WingFlew,
    WingLanded,
    WingLaunched,
    WingRefuelled,
)
from engine.dystopian.wing_rules import (
    WingCode,
    aa_attack,
    aa_dice,
    cap_wing_over,
    edge_steps,
    host_of,
    occupied,
    rule_wing,
    wing_duel,
    wing_hex,
    wing_index,
    wing_strike,
    wings_ready,
)
from engine.dystopian.wing_state import WingPlace
from engine.game import Command, IllegalCommand
from engine.hexes import Hex, line

__all__ = ["WING_HANDLERS", "Refusal", "fly_problem", "launch_problem", "wing_options"]


@frozen
class Refusal:
    """Why a wing command is refused: a code and a sentence (STYLE 5)."""

    code: WingCode
    text: str

    def error(self) -> IllegalCommand:
        """The refusal as the kernel's exception."""
        return IllegalCommand(self.code, self.text)


Problem = Refusal


@frozen
class _Flight:
    """A checked `FlyWing`: the wing, its move, and what it does after."""

    wing: int
    start: Hex | None
    steps: int
    fuel: int
    detached: bool
    attack_model: int | None = None
    attack_wing: int | None = None
    land: int | None = None
    cap: int | None = None


def _own_wing(state: DWState, name: str) -> int | Problem:
    index = wing_index(state, name)
    if index is None:
        return Refusal(WingCode.UNKNOWN, f"There is no wing {name}.")
    wing = state.wings[index]
    if wing.owner != state.active:
        return Refusal(WingCode.NOT_YOURS, f"{wing.ident} belongs to {state.players[wing.owner]}.")
    return index


def _deck_ops(state: DWState, carrier: int) -> aircraft.CarrierOps:
    """DW-20.4: the carrier's deck this turn (operations done, tokens aboard)."""
    wings = state.wings
    return aircraft.CarrierOps(
        state.card(carrier),
        done=sum(1 for w in wings if w.carrier == carrier and w.deck_turn == state.turn),
        fired=_fired(state, carrier),
        systems_offline=state.models[carrier].markers.generators_offline,
        aboard=sum(w.tokens for w in wings if w.carrier == carrier and w.place is WingPlace.DECK),
    )


def _fired(state: DWState, carrier: int) -> bool:
    """DW-20.4: the carrier attacked, used a generator or turned its AA on a wing this turn."""
    activation = state.activation
    if (state.turn, carrier) in state.aa_attacks:
        return True
    if activation is None:
        return False
    if any(model == carrier for model, _ in activation.generators_used):  # DW-23 generators
        return True
    return any(carrier in a.models for a in activation.declared)


def launch_problem(state: DWState, command: LaunchWing) -> Problem | None:  # noqa: PLR0911 - one guard per rule
    """DW-20.4 / DW-20.8 / DW-28.11: why ``command`` is refused, or None."""
    if state.stage is not Stage.ACTIVATION or state.activation is None:
        return Refusal(WingCode.TURN, "Carriers launch wings during their squadron's activation.")
    found = _own_wing(state, command.wing)
    if isinstance(found, Refusal):
        return found
    wing = state.wings[found]
    carrier = wing.carrier
    if wing.place is not WingPlace.DECK or carrier is None:
        return Refusal(WingCode.PLACE, f"{wing.ident} is not aboard a carrier.")
    model = state.models[carrier]
    if model.squadron != state.activation.squadron or not model.on_board:
        return Refusal(WingCode.LAUNCH, f"{model.ident} is not active: launch in its activation.")
    distance = 0 if command.cap else model.hex.distance(command.hex) if model.hex else 99
    problem = aircraft.launch_problem(_deck_ops(state, carrier), rule_wing(wing), distance)
    if problem:
        return Refusal(WingCode.LAUNCH, problem)
    if command.cap:
        has = cap_wing_over(state, carrier) is not None
        why = aircraft.attach_problem(
            rule_wing(wing), state.card(carrier), model.level, 0, host_has_wing=has
        )
        return Refusal(WingCode.CAP, why) if why else None
    if not state.setup.terrain.on_board(command.hex) or occupied(state, command.hex):
        return Refusal(WingCode.LAUNCH, f"{label(command.hex)} is not a free hex on the table.")
    return None


def _flight_start(state: DWState, command: FlyWing) -> tuple[int, bool] | Refusal:  # noqa: PLR0911 - one guard per rule
    """DW-20.3 / DW-20.8: the wing, and whether it detaches from a CAP host; or why not."""
    if state.stage is not Stage.ACTIVATION:
        return Refusal(WingCode.TURN, "Wings fly in the activation phase.")
    found = _own_wing(state, command.wing)
    if isinstance(found, Refusal):
        return found
    wing = state.wings[found]
    if wing.acted == state.turn:
        return Refusal(WingCode.ACTED, f"{wing.ident} has already flown this turn.")
    host = host_of(state, wing)
    if host is not None:
        activation = state.activation
        if activation is None or state.models[host].squadron != activation.squadron:
            return Refusal(
                WingCode.TURN, f"{wing.ident} flies with its host: in the host's activation."
            )
        if wing.cap_turn == state.turn:
            return Refusal(WingCode.CAP, "A wing cannot attach and detach in the same turn.")
        return found, True
    if state.activation is not None:
        return Refusal(WingCode.TURN, "A squadron is active: end its activation first.")
    if wing.place is WingPlace.REFUEL:
        return Refusal(WingCode.PLACE, f"{wing.ident} is refuelling off the table (refuel it).")
    if wing.place not in {WingPlace.AIR, WingPlace.EDGE}:
        return Refusal(WingCode.PLACE, f"{wing.ident} is not in the air: its carrier launches it.")
    return found, False


def _move(state: DWState, index: int, command: FlyWing) -> tuple[int, int] | Problem:
    """DW-20.2 / DW-20.5 / DW-28.11: the steps and fuel of the move, or why not."""
    wing = state.wings[index]
    start = wing_hex(state, index)
    if command.to is None:
        if start is None:
            return Refusal(WingCode.MOVE, f"{wing.ident} is already off the table.")
        steps = edge_steps(state, wing.owner, start)
    else:
        if not state.setup.terrain.on_board(command.to) or occupied(state, command.to, index):
            return Refusal(WingCode.MOVE, f"{label(command.to)} is not a free hex on the table.")
        steps = (
            edge_steps(state, wing.owner, command.to)
            if start is None
            else start.distance(command.to)
        )
    mp = aircraft.wing_mp(wing.profile, rule_wing(wing), state.turn)
    problem = aircraft.wing_move_problem(rule_wing(wing), steps, mp)
    if problem:
        return Refusal(WingCode.MOVE, problem)
    return steps, 1 if more_than_half(steps, mp) else 0


def fly_problem(state: DWState, command: FlyWing) -> _Flight | Problem:  # noqa: PLR0911 - a guard a rule
    """Why ``command`` is refused, or the checked flight."""
    started = _flight_start(state, command)
    if isinstance(started, Refusal):
        return started
    index, detached = started
    moved = _move(state, index, command)
    if isinstance(moved, Refusal):
        return moved
    steps, fuel = moved
    flight = _Flight(index, wing_hex(state, index), steps, fuel, detached)
    actions = [a for a in (command.attack, command.land, command.cap) if a]
    if len(actions) > 1:
        return Refusal(
            WingCode.MOVE, "A wing does one thing after its move: attack, land or patrol."
        )
    if actions and command.to is None:
        return Refusal(WingCode.MOVE, "A wing leaving the table does nothing else.")
    if command.attack:
        return _attack(state, flight, command)
    if command.land:
        return _land(state, flight, command)
    if command.cap:
        return _cap(state, flight, command)
    return flight


def _after(state: DWState, flight: _Flight) -> aircraft.Wing:
    """The wing after its move's fuel (DW-20.5)."""
    wing = state.wings[flight.wing]
    rule = rule_wing(wing)
    return aircraft.Wing(rule.kind, rule.tokens, wing.fuel - flight.fuel, rearm=wing.rearm)


def _attack(state: DWState, flight: _Flight, command: FlyWing) -> _Flight | Problem:  # noqa: PLR0911 - one guard per rule
    """DW-20.6 / DW-28.11: the target and reach, or why not."""
    assert command.to is not None  # noqa: S101 - checked by the caller
    wing = state.wings[flight.wing]
    rule = _after(state, flight)
    target = wing_index(state, command.attack)
    if target is not None:
        enemy = state.wings[target]
        where = wing_hex(state, target)
        if enemy.owner == wing.owner or where is None:
            return Refusal(WingCode.ATTACK, f"{enemy.ident} is not an enemy wing in the air.")
        problem = aircraft.wing_attack_problem(rule, None, Level.FLYING, where.distance(command.to))
        if problem:
            return Refusal(WingCode.ATTACK, problem)
        return evolve(flight, attack_wing=target)
    model = state.index_of(command.attack)
    if model is None:
        return Refusal(WingCode.ATTACK, f"There is no model or wing {command.attack}.")
    found = state.models[model]
    if found.owner == wing.owner or not found.on_board or found.hex is None:
        return Refusal(WingCode.ATTACK, f"{found.ident} is not an enemy model on the table.")
    if not wing.profile.ad:
        return Refusal(WingCode.ATTACK, "Fighters and recon planes engage only wings.")
    problem = aircraft.wing_attack_problem(
        rule, state.card(model), found.level, found.hex.distance(command.to)
    )
    if problem:
        return Refusal(WingCode.ATTACK, problem)
    return evolve(flight, attack_model=model)


def _friend(state: DWState, flight: _Flight, name: str) -> int | Problem:
    model = state.index_of(name)
    if model is None:
        return Refusal(WingCode.UNKNOWN, f"There is no model {name}.")
    found = state.models[model]
    if found.owner != state.wings[flight.wing].owner or not found.on_board:
        return Refusal(WingCode.UNKNOWN, f"{found.ident} is not a friendly model on the table.")
    return model


def _land(state: DWState, flight: _Flight, command: FlyWing) -> _Flight | Problem:
    """DW-20.4 / DW-28.11: landing on a friendly carrier with room, or why not."""
    assert command.to is not None  # noqa: S101 - checked by the caller
    carrier = _friend(state, flight, command.land)
    if isinstance(carrier, Refusal):
        return carrier
    where = state.models[carrier].hex
    if not state.card(carrier).capacity or where is None:
        return Refusal(WingCode.LAND, f"{state.models[carrier].ident} is no carrier.")
    start = where.distance(flight.start) if flight.start is not None else 99
    problem = aircraft.land_problem(
        _deck_ops(state, carrier),
        _after(state, flight),
        end=where.distance(command.to),
        start=start,
    )
    if problem:
        return Refusal(WingCode.LAND, problem)
    return evolve(flight, land=carrier)


def _cap(state: DWState, flight: _Flight, command: FlyWing) -> _Flight | Problem:
    """DW-20.8: attaching to a friendly host, or why not."""
    assert command.to is not None  # noqa: S101 - checked by the caller
    host = _friend(state, flight, command.cap)
    if isinstance(host, Refusal):
        return host
    if flight.detached:
        return Refusal(WingCode.CAP, "A wing cannot attach and detach in the same turn.")
    where = state.models[host].hex
    assert where is not None  # noqa: S101 - on the table
    problem = aircraft.attach_problem(
        _after(state, flight),
        state.card(host),
        state.models[host].level,
        where.distance(command.to),
        host_has_wing=cap_wing_over(state, host) is not None,
    )
    if problem:
        return Refusal(WingCode.CAP, problem)
    return evolve(flight, cap=host)


# ---- the handlers --------------------------------------------------------------------------


def _launch(ctx: Ctx, command: Command) -> None:
    """DW-20.4: a carrier of the active squadron launches a wing."""
    assert isinstance(command, LaunchWing)  # noqa: S101 - dispatched by type
    problem = launch_problem(ctx.state, command)
    if problem is not None:
        raise problem.error()
    index = wing_index(ctx.state, command.wing)
    assert index is not None  # noqa: S101 - checked
    carrier = ctx.state.wings[index].carrier
    assert carrier is not None  # noqa: S101 - checked
    ctx.emit(WingLaunched(index, carrier, None if command.cap else command.hex, command.cap))


def _fly(ctx: Ctx, command: Command) -> None:
    """DW-20.3 to DW-20.8: a wing's activation."""
    assert isinstance(command, FlyWing)  # noqa: S101 - dispatched by type
    flight = fly_problem(ctx.state, command)
    if isinstance(flight, Refusal):
        raise flight.error()
    index = flight.wing
    ctx.emit(WingFlew(index, flight.start, command.to, flight.steps, flight.fuel, flight.detached))
    if flight.attack_wing is not None:
        wing_duel(ctx, index, flight.attack_wing)
    elif flight.attack_model is not None:
        wing_strike(ctx, index, flight.attack_model)
    elif flight.land is not None:
        ctx.emit(WingLanded(index, flight.land))
    elif flight.cap is not None:
        ctx.emit(WingAttached(index, flight.cap))
    if _game_over(ctx):
        return
    _finish(ctx, index, detached=flight.detached)


def _refuel(ctx: Ctx, command: Command) -> None:
    """DW-20.5: a wing off its own edge lands and refuels (or waits off the table)."""
    assert isinstance(command, RefuelWing)  # noqa: S101 - dispatched by type
    state = ctx.state
    require_stage(state, Stage.ACTIVATION)
    found = _own_wing(state, command.wing)
    if isinstance(found, Refusal):
        raise found.error()
    wing = state.wings[found]
    if state.activation is not None:
        raise IllegalCommand(WingCode.TURN, "A squadron is active: end its activation first.")
    if wing.acted == state.turn:
        raise IllegalCommand(WingCode.ACTED, f"{wing.ident} has already acted this turn.")
    if wing.place not in {WingPlace.EDGE, WingPlace.REFUEL}:
        raise IllegalCommand(WingCode.PLACE, f"{wing.ident} is not off its table edge.")
    ctx.emit(WingRefuelled(found, aircraft.FULL_FUEL))
    _finish(ctx, found, detached=False)


def aa_problem(state: DWState, command: FireAA) -> tuple[tuple[int, ...], int] | Refusal:  # noqa: PLR0911 - one guard per rule
    """DW-18.2: the firing models and the wing, or why ``command`` is refused."""
    activation = state.activation
    if state.stage is not Stage.ACTIVATION or activation is None:
        return Refusal(WingCode.TURN, "Models turn their AA on wings in their own activation.")
    target = wing_index(state, command.wing)
    if target is None:
        return Refusal(WingCode.UNKNOWN, f"There is no wing {command.wing}.")
    wing, there = state.wings[target], wing_hex(state, target)
    if wing.owner == state.active or there is None:
        return Refusal(WingCode.ATTACK, f"{wing.ident} is not an enemy wing in the air.")
    models = []
    for name in command.models:
        index = state.index_of(name)
        if index is None:
            return Refusal(WingCode.UNKNOWN, f"There is no model {name}.")
        model = state.models[index]
        if model.squadron != activation.squadron or not model.on_board or model.hex is None:
            return Refusal(WingCode.ATTACK, f"{model.ident} is not in the active squadron.")
        if (state.turn, index) in state.aa_attacks or index in models:
            return Refusal(WingCode.ATTACK, f"{model.ident} has already fired its AA this turn.")
        if model.hex.distance(there) > aa_reach(state.card(index)) or not aa_dice(state, index):
            return Refusal(WingCode.ATTACK, f"{model.ident}'s AA does not reach {wing.ident}.")
        models.append(index)
    if not models:
        return Refusal(WingCode.ATTACK, "Name the models that fire.")
    return tuple(models), target


def _fire_aa(ctx: Ctx, command: Command) -> None:
    """DW-18.2 / DW-20.6: AA at a wing in the models' own activation; it may strike back."""
    assert isinstance(command, FireAA)  # noqa: S101 - dispatched by type
    if close_movement(ctx):
        return
    found = aa_problem(ctx.state, command)
    if isinstance(found, Refusal):
        raise found.error()
    aa_attack(ctx, *found)
    _game_over(ctx)


def _game_over(ctx: Ctx) -> bool:
    """DW-22.4: a fulfilled Field Order wins at once; a fleet with nothing left ends it."""
    met = [p for p in range(PLAYERS) if order_met(ctx.state, p)]
    if met:
        end_game(ctx, f"{ctx.state.players[met[0]]} fulfilled their Field Orders")
        return True
    return check_end(ctx)


def _finish(ctx: Ctx, index: int, *, detached: bool) -> None:
    """DW-20.3: the wing's activation ends; the other player is next if they have anything."""
    state = ctx.state
    if detached:  # DW-20.8: it flew in its host's activation, which goes on
        ctx.emit(WingActivationEnded(index, state.active))
        return
    player = state.wings[index].owner
    other = (player + 1) % PLAYERS

    def ready(p: int) -> bool:
        return bool(state.ready(p)) or wings_ready(state, p, besides=index)

    following = other if ready(other) else player if ready(player) else None
    ctx.emit(WingActivationEnded(index, following))
    if following is None:
        end_phase(ctx)


WING_HANDLERS: dict[type[Command], Callable[[Ctx, Command], None]] = {
    LaunchWing: _launch,
    FlyWing: _fly,
    RefuelWing: _refuel,
    FireAA: _fire_aa,
}
"""The tiny-flyer commands' handlers, for `engine.dystopian.rules`."""


# ---- the legal commands ------------------------------------------------------------------


def wing_options(state: DWState) -> list[Command]:
    """The wing commands the rules accept now (a bounded sample of the moves, DESIGN 2)."""
    if state.stage is not Stage.ACTIVATION:
        return []
    if state.activation is None:
        return _between(state)
    found: list[Command] = []
    for index, wing in enumerate(state.wings):
        if wing.owner != state.active:
            found += _aa_attacks(state, index)
        elif wing.place is WingPlace.DECK:
            found += _launches(state, index)
        elif host_of(state, wing) is not None:
            found += _flights(state, index)
    return found


def _aa_attacks(state: DWState, index: int) -> Iterator[Command]:
    """Each model of the active squadron that may turn its AA on enemy wing ``index``."""
    activation = state.activation
    if activation is None or wing_hex(state, index) is None or must_move(state):
        return
    if not activation.movement_done and not all(c.resolved for c in state.contacts):
        return  # as for `Fire`: no die falls before the contacts are settled
    for model in state.alive(activation.squadron):
        command = FireAA((state.models[model].ident,), state.wings[index].ident)
        if not isinstance(aa_problem(state, command), Refusal):
            yield command


def _between(state: DWState) -> list[Command]:
    """Between activations: the active player's wings that may activate (DW-20.3)."""
    found: list[Command] = []
    for index, wing in enumerate(state.wings):
        if wing.owner != state.active or wing.acted == state.turn:
            continue
        if wing.place in {WingPlace.EDGE, WingPlace.REFUEL}:
            found.append(RefuelWing(wing.ident))
        if wing.place is WingPlace.EDGE or (wing.flying and host_of(state, wing) is None):
            found += _flights(state, index)
    return found


def _launches(state: DWState, index: int) -> Iterator[Command]:
    wing = state.wings[index]
    carrier = wing.carrier
    where = None if carrier is None else state.models[carrier].hex
    if where is None:
        return
    cap = LaunchWing(wing.ident, where, cap=True)
    if launch_problem(state, cap) is None:
        yield cap
    spots = (*where.ring(2), *where.ring(1))
    count = 0
    for spot in spots:
        command = LaunchWing(wing.ident, spot)
        if count < 3 and launch_problem(state, command) is None:  # noqa: PLR2004 - a sample
            count += 1
            yield command


def _towards(state: DWState, index: int, start: Hex) -> Iterator[Hex]:
    """The hex a full move (or one short of contact) towards each enemy model and wing."""
    wing = state.wings[index]
    reach = aircraft.wing_mp(wing.profile, rule_wing(wing), state.turn)
    enemies = [m.hex for m in state.models if m.on_board and m.owner != wing.owner]
    enemies += [wing_hex(state, n) for n, w in enumerate(state.wings) if w.owner != wing.owner]
    for there in enemies:
        if there is not None and there != start:
            path = line(start, there)
            yield path[max(1, min(reach, len(path) - 2))]


def _actions(state: DWState, index: int) -> list[FlyWing]:
    """Flights next to each model or wing that end in an attack, a landing or a patrol."""
    wing = state.wings[index]
    candidates: list[FlyWing] = []
    for n, model in enumerate(state.models):
        if not model.on_board or model.hex is None:
            continue
        spots, card = model.hex.ring(1), state.card(n)
        if model.owner != wing.owner:
            candidates += [FlyWing(wing.ident, h, attack=model.ident) for h in spots]
            continue
        if card.capacity:
            candidates += [FlyWing(wing.ident, h, land=model.ident) for h in spots]
        if card.size.is_large or card.has("convoy_duty"):
            candidates += [FlyWing(wing.ident, h, cap=model.ident) for h in spots[:2]]
    for other, enemy in enumerate(state.wings):
        where = wing_hex(state, other)
        if enemy.owner != wing.owner and where is not None:
            candidates += [FlyWing(wing.ident, h, attack=enemy.ident) for h in where.ring(1)]
    return candidates


def _flights(state: DWState, index: int) -> list[Command]:
    """A sample of a wing's flights: moves, attacks, landings, patrols and leaving the table."""
    wing = state.wings[index]
    start = wing_hex(state, index)
    candidates: list[FlyWing] = [FlyWing(wing.ident, None)]
    if start is None:
        edge_row = (
            0
            if edge_steps(state, wing.owner, Hex.from_offset(0, 0)) == 1
            else (state.setup.terrain.height - 1)
        )
        inward = 1 if edge_row == 0 else -1
        candidates += [
            FlyWing(wing.ident, Hex.from_offset(col, edge_row + inward * depth))
            for col in range(2, state.setup.terrain.width, 6)
            for depth in (0, 2, 5)
        ]
    else:
        candidates += [FlyWing(wing.ident, h) for r in (1, 3, 5) for h in start.ring(r)[::3]]
        candidates += [FlyWing(wing.ident, h) for h in _towards(state, index, start)]
    candidates += _actions(state, index)
    found: list[Command] = []
    seen: set[tuple[str, str, str]] = set()
    for command in candidates:
        key = (command.attack, command.land, command.cap)
        if key in seen and any(key):
            continue
        if not isinstance(fly_problem(state, command), Refusal):
            seen.add(key)
            found.append(command)
    return found
