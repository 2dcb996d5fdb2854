"""The Dystopian Wars turn machine's boarding: declaring, the boarding segment, derelicts drifting.

Rules: DW-19.3 (boardings are declared after shooting, `Board`, and resolved in the boarding
segment, DW-7.2 step 4), DW-19.1 / DW-19.2 (`engine.dystopian.boarding.board_problem`: reach 2
hexes, 4 with Extended Range, base contact for beasts and flyers; no boarding after hitting
terrain this activation, half MD after hitting a model; never broken, out of command, AP 0 or
derelict boarders), DW-19.2 (a boarder may not shoot the model it boards), DW-19.4 (all AP
committed, several boarders of the squadron combining on one target; the defensive AA of the
target and its squadron-mates in reach; the melee; success, failure and sabotage; a robot target
destroyed; the returning marines and the starting-AP caps), DW-19.5 (the prize: marines aboard),
DW-19.6 (a captured model is derelict for the rest of the game: it drifts 2" (1 hex) straight
ahead, or its minimum move, when the party aboard activates, or in the End Phase with nobody
aboard; it never moves, fires or boards by itself; one with nobody aboard is taken without a
roll; fortifications never drift).

Adopted readings [INTERP]: as with the combat segment's AA and CC answers, the defender's choices
are automatic so that no second seat acts mid-activation: each defender splits its AA (or CC,
DW-27 item 18) evenly over the parties in reach, the earlier parties taking the remainder, and
the target splits its melee dice evenly over the parties still standing after the defensive
fire (the DW-19.4 example's 7 AA as 3/2/2 and 6 MD as 2/2/2). A drifting derelict that would
enter another piece or terrain it cannot enter stops before it (no collision is rolled); it
passes under a flyer but never ends under one (DW-28.5: it stays in the last free hex of its
way, `movement.displace`); one drifting off the table is lost. A captured model counts for no
break check (only `ModelLost` does). The captors' All Stop (DW-19.6) is not offered.
"""

from __future__ import annotations

import attrs

from engine.dystopian.boarding import (
    RETURN_REACH,
    Boarding,
    Melee,
    Outcome,
    aa_against_boarders,
    board_problem,
    defence_problem,
    defence_system,
    defender_dice,
    derelict_drift,
    resolve_boarding,
    roll_defence,
    settle_marines,
    shoot_boarded_problem,
)
from engine.dystopian.combat_segment import deal, hull, settle
from engine.dystopian.commands import Board
from engine.dystopian.context import Ctx, DWCode, own_model, require_stage
from engine.dystopian.damage import DamageOutcome, HullDamage
from engine.dystopian.events import (
    BoardingDeclared,
    BoardingRolled,
    BoardingSettled,
    DefencePool,
    DerelictDrifted,
    LossCause,
    ModelLost,
)
from engine.dystopian.more_mars import aa_reach, cc_reach
from engine.dystopian.movement import displace
from engine.dystopian.ordnance import Aux
from engine.dystopian.state import DeclaredBoarding, DWState, Party, Stage, in_command
from engine.game import IllegalCommand
from engine.hexes import Hex

__all__ = [
    "board_options",
    "boarding_view",
    "declare_boarding",
    "declare_boarding_problem",
    "drift_end_phase",
    "drift_on_activation",
    "resolve_boardings",
]

BOARD = "board/cannot_board"
"""The rejection code of a boarding the rules refuse (DW-19)."""


# ---- the models as the boarding rules see them ----------------------------------------------


def _contacts(state: DWState, index: int) -> tuple[bool, bool]:
    """DW-19.2: whether model ``index`` hit terrain, or a model, this activation."""
    activation = state.activation
    if activation is None or index not in dict(activation.contact_fire):
        return False, False
    terrain = any(c.mover == index and c.other is None for c in state.contacts)
    return terrain, not terrain


def boarding_view(state: DWState, index: int) -> Boarding:
    """Model ``index`` as DW-19 sees it: its current AP, or a derelict's party aboard (DW-19.6).

    A derelict is on the side of the fleet whose marines hold it (-1: nobody aboard, anyone
    may take it) and its AP are theirs.
    """
    model, card = state.models[index], state.card(index)
    markers = model.markers
    side, ap = model.owner, max(0, card.ap - markers.assault_damage)
    if markers.derelict:
        holders = {state.models[p.home].owner for p in model.aboard if p.ap > 0}
        side = holders.pop() if len(holders) == 1 else -1
        ap = sum(p.ap for p in model.aboard)
    terrain, other = _contacts(state, index)
    return Boarding(
        card,
        side,
        ap,
        level=model.level,
        hull_damage=model.hull_damage,
        shattered=markers.shattered,
        broken=markers.broken,
        out_of_command=not in_command(state, index),
        derelict=markers.derelict,
        hit_terrain=terrain,
        hit_model=other,
        sonic=markers.sonic,
    )


def _distance(state: DWState, a: int, b: int) -> int:
    here, there = state.models[a].hex, state.models[b].hex
    assert here is not None  # noqa: S101 - on the table
    assert there is not None  # noqa: S101 - on the table
    return here.distance(there)


# ---- declaring (DW-19.3 step 4) ---------------------------------------------------------------


def _target(state: DWState, name: str) -> int:
    index = state.index_of(name)
    if index is None:
        raise IllegalCommand(DWCode.UNKNOWN_MODEL, f"There is no model {name}.")
    if not state.models[index].on_board:
        raise IllegalCommand(DWCode.OFF_BOARD, f"{state.models[index].ident} is not on the table.")
    return index


def declare_boarding_problem(state: DWState, command: Board) -> DeclaredBoarding | str:  # noqa: C901, PLR0911 - one guard per rule
    """DW-19.1 / DW-19.2 / DW-19.4: the boarding ``command`` declares, or why it cannot.

    Raises:
        IllegalCommand: a model unknown, not the acting player's or not on the table.
    """
    activation = state.activation
    assert activation is not None  # noqa: S101 - during an activation
    boarders = tuple(own_model(state, name) for name in command.models)
    target = _target(state, command.target)
    if not boarders:
        return "Name the boarding models."
    if len(set(boarders)) != len(boarders):
        return "Each model boards once."
    if len(command.home) > len(boarders) or any(n < 0 for n in command.home):
        return "Give each boarder at most one number of marines to call home."
    for index in boarders:
        model = state.models[index]
        if model.squadron != activation.squadron or not model.on_board:
            return f"{model.ident} is not in the active squadron."
    for boarding in activation.boardings:
        busy = [state.models[n].ident for n in boarders if n in boarding.boarders]
        if busy:
            return f"{busy[0]} is already boarding this activation."
        if boarding.target == target:  # DW-19.4 step 1: the boarders combine in one assault
            ident = state.models[target].ident
            return f"{ident} is already being boarded: name every boarder in one command."
    seen = boarding_view(state, target)
    for index in boarders:
        ident = state.models[index].ident
        shooting = any(
            index in attack.models and target in attack.targets for attack in activation.declared
        )
        problem = shoot_boarded_problem(boarding_it=shooting, boarders_squadron=True)
        if shooting and problem:  # DW-19.2: it may not shoot the model it boards
            return f"{ident}: {problem}"
        problem = board_problem(boarding_view(state, index), seen, _distance(state, index, target))
        if problem:
            return f"{ident}: {problem}"
    return DeclaredBoarding(boarders, target, command.home)


def declare_boarding(ctx: Ctx, command: Board) -> None:
    """DW-19.3 step 4: declare one boarding (`BoardingDeclared`); its dice wait for the segment."""
    require_stage(ctx.state, Stage.ACTIVATION)
    if ctx.state.activation is None:
        raise IllegalCommand(DWCode.NO_ACTIVATION, "No squadron is active: activate one.")
    declared = declare_boarding_problem(ctx.state, command)
    if isinstance(declared, str):
        raise IllegalCommand(BOARD, declared)
    ctx.emit(BoardingDeclared(declared))


def board_options(state: DWState) -> list[Board]:
    """The boardings the active squadron may still declare, for `rules.legal_commands`.

    Each free model at each model it may board, and all of them together where several can.
    """
    activation = state.activation
    if activation is None:
        return []
    owner = state.squadrons[activation.squadron].owner
    busy = {n for b in activation.boardings for n in b.boarders}
    taken = {b.target for b in activation.boardings}
    found: list[Board] = []
    for target, model in enumerate(state.models):
        if (
            not model.on_board
            or target in taken
            or (model.owner == owner and not model.markers.derelict)
        ):
            continue
        able = []
        for index in state.alive(activation.squadron):
            if index in busy or index == target:
                continue
            option = Board((state.models[index].ident,), model.ident)
            if not isinstance(declare_boarding_problem(state, option), str):
                found.append(option)
                able.append(state.models[index].ident)
        if len(able) > 1:
            found.append(Board(tuple(able), model.ident))
    return found


# ---- the boarding segment (DW-7.2 step 4, DW-19.4) ---------------------------------------------


def _shares(dice: int, parties: list[int]) -> dict[int, int]:
    """[INTERP] ``dice`` split evenly over ``parties``, the earlier ones taking the remainder."""
    if not parties:
        return {}
    share, left = divmod(dice, len(parties))
    return {p: share + (1 if n < left else 0) for n, p in enumerate(parties)}


def _defence(
    state: DWState, target: int, boarders: tuple[int, ...], views: list[Boarding]
) -> list[tuple[int, int, int]]:
    """DW-19.4 step 2: (responder, party, dice): the target and squadron-mates in reach fire."""
    if state.models[target].markers.derelict:
        return []  # DW-19.6: a derelict makes no AA or CC attacks
    where = state.models[target].hex
    found = []
    for responder in state.alive(state.models[target].squadron):
        here = state.models[responder].hex
        if where is None or here is None:
            continue
        seen = boarding_view(state, responder)
        card = state.card(responder)  # DW-24 Telescopic Zoom
        for aux, reach in ((Aux.AA, aa_reach(card)), (Aux.CC, cc_reach(card))):
            dice = aa_against_boarders(seen, aux)
            parties = [
                n
                for n, view in enumerate(views)
                if defence_system(view) is aux
                and not defence_problem(
                    same_squadron=True,
                    to_target=where.distance(here),
                    to_boarder=_distance(state, responder, boarders[n]),
                    reach=reach,
                    dice=dice,
                    assigned=0,
                )
            ]
            for party, count in _shares(dice, parties).items():
                if count:
                    found.append((responder, party, count))
    return found


def _settlement(
    state: DWState, boarding: DeclaredBoarding, left: tuple[int, ...], views: list[Boarding]
) -> tuple[tuple[int, ...], tuple[Party, ...]]:
    """DW-19.4 step 6: AP each boarder is down by after a capture, and the parties aboard."""
    room = state.card(boarding.target).ap
    down, aboard = [], []
    for n, index in enumerate(boarding.boarders):
        committed = views[n].committed
        if views[n].beast:  # their AP never leave them
            down.append(committed - left[n])
            continue
        calling = boarding.home[n] if n < len(boarding.home) else 0
        near = _distance(state, index, boarding.target) <= RETURN_REACH
        settled = settle_marines(
            left[n],
            min(calling, left[n]),
            target_start=room,
            home_ap=views[n].ap - committed,
            home_start=state.card(index).ap,
            home_in_reach=near,
        )
        room -= settled.aboard
        if settled.aboard:
            aboard.append(Party(index, settled.aboard))
        down.append(committed - settled.home)
    return tuple(down), tuple(aboard)


def _thresholds(melee: Melee | None) -> tuple[int, ...]:
    """Each party's number needed in the melee, then the defender's (DW-19.4 step 3, DW-24)."""
    if melee is None:
        return ()
    needs = [a.need for a in (*melee.attacks, *melee.defence[:1])]
    return tuple(n.threshold - n.mod for n in needs)


def _resolve(ctx: Ctx, boarding: DeclaredBoarding) -> None:
    """DW-19.4: one boarding, from the defensive fire to the marines' settlement."""
    state = ctx.state
    target = boarding.target
    boarders = tuple(n for n in boarding.boarders if state.models[n].on_board)
    if not state.models[target].on_board or not boarders:
        return  # the target or every boarder went down in the combat segment
    boarding = attrs.evolve(boarding, boarders=boarders)
    views = [boarding_view(state, n) for n in boarders]
    seen = boarding_view(state, target)
    plan = _defence(state, target, boarders, views)
    fired = roll_defence(ctx.dice, views, [(party, count) for _, party, count in plan])
    after = [v.committed for v in views]
    for shot in fired:
        after[shot.party] = 0 if shot.destroyed else max(0, after[shot.party] - shot.ap_lost)
    standing = [n for n, ap in enumerate(after) if ap]
    md, _ = defender_dice(seen)
    split = _shares(md, standing) if seen.ap > 0 else {}
    parties = [
        attrs.evolve(v, ap=ap, assault_weapon=False) for v, ap in zip(views, after, strict=True)
    ]
    result = resolve_boarding(
        ctx.dice, seen, parties, split=[split.get(n, 0) for n in range(len(parties))]
    )
    melee = result.melee
    outcome = result.outcome
    pools = tuple(
        DefencePool(
            responder, shot.party, shot.roll.roll.threshold, shot.roll.roll.faces, shot.roll.hits
        )
        for (responder, _, _), shot in zip(plan, fired, strict=True)
    )
    ctx.emit(
        BoardingRolled(
            target,
            boarders,
            tuple(v.committed for v in views),
            pools,
            tuple(after),
            tuple(a.roll.faces for a in melee.attacks) if melee else (),
            tuple(a.hits for a in melee.attacks) if melee else (),
            _thresholds(melee),
            tuple(d.roll.faces for d in melee.defence) if melee else (),
            tuple(d.hits for d in melee.defence) if melee else (),
            melee.ignored if melee else 0,
            (seen.ap, result.target_ap_left),
            result.parties_left,
            outcome.value,
            result.sabotage is not None,
        )
    )
    for shot in fired:  # DW-19.4 step 2: AA at a boarding beast is an attack on its hull
        if shot.damage is not None:
            deal(ctx, boarders[shot.party], shot.damage)
    left = result.parties_left
    down = tuple(v.committed - ap for v, ap in zip(views, left, strict=True))
    aboard: tuple[Party, ...] = ()
    if outcome is Outcome.CAPTURED:
        down, aboard = _settlement(ctx.state, boarding, left, views)
    ctx.emit(
        BoardingSettled(
            target,
            outcome.value,
            seen.ap - result.target_ap_left,
            boarders,
            down,
            aboard,
        )
    )
    if result.sabotage is not None:  # DW-19.4 step 4: one critical, success or not
        sabotage = DamageOutcome(hull(ctx.state, target), HullDamage(0, 0, 0), (result.sabotage,))
        deal(ctx, target, sabotage)
    if outcome is Outcome.DESTROYED and ctx.state.models[target].on_board:
        ctx.emit(ModelLost(target, LossCause.DESTROYED))
    settle(ctx)


def resolve_boardings(ctx: Ctx) -> None:
    """DW-7.2 step 4 / DW-19.4: every declared boarding, in the order declared."""
    activation = ctx.state.activation
    if activation is None:
        return
    for boarding in activation.boardings:
        _resolve(ctx, boarding)


# ---- derelicts drifting (DW-19.6, DW-7.3 step 2) ------------------------------------------------


def _drift(ctx: Ctx, index: int) -> None:
    """DW-19.6: 1 hex straight ahead (or its minimum move); it stops before anything in the way."""
    state = ctx.state
    model, card = state.models[index], state.card(index)
    assert model.hex is not None  # noqa: S101 - on the table
    steps = derelict_drift(card, all_stop=model.markers.all_stop)
    path: list[Hex] = []
    here = model.hex
    for _ in range(steps):
        here = here.neighbor(model.facing)
        path.append(here)
    board, indices = state.board()
    moved = displace(
        board,
        indices.index(index),
        tuple(path),
        land=state.mover(index).land,
        amphibious=card.has("amphibious_capability"),
    )
    reached = path.index(moved.end) + 1 if moved.end in path else 0
    off = moved.destroyed and moved.contact is None  # DW-19.5: off the table, it is lost
    walked = [model.hex, *path[: reached + (1 if off else 0)]]
    ctx.emit(DerelictDrifted(index, tuple(walked)))
    if off:
        ctx.emit(ModelLost(index, LossCause.OFF_TABLE))


def drift_on_activation(ctx: Ctx) -> None:
    """DW-19.6: derelicts held by the active squadron drift; its own derelicts stay put.

    A derelict of the active squadron never moves by itself: it counts as moved.
    """
    activation = ctx.state.activation
    if activation is None:
        return
    for index, model in enumerate(ctx.state.models):
        if not model.on_board or not model.markers.derelict or model.hex is None:
            continue
        held = any(ctx.state.models[p.home].squadron == activation.squadron for p in model.aboard)
        if held:
            _drift(ctx, index)
        elif model.squadron == activation.squadron:
            ctx.emit(DerelictDrifted(index, (model.hex,)))


def drift_end_phase(ctx: Ctx) -> None:
    """DW-7.3 step 2 / DW-19.6: derelicts with nobody aboard drift."""
    for index, model in enumerate(ctx.state.models):
        if model.on_board and model.markers.derelict and not model.aboard:
            _drift(ctx, index)
