"""What the player to act may do now: every legal command, for bots, tests and the screen.

`legal_commands` lists one command per reachable end position (the cheapest path to it), so the
list is complete in where a unit can get to, though not in every path that gets there.
"""

from __future__ import annotations

import attrs

from engine.battletech.commands import (
    BTCommand,
    Deploy,
    EndMove,
    EndPhase,
    FireWeapons,
    Jump,
    Move,
    PhysicalAttack,
    RollInitiative,
    TakeClub,
)
from engine.battletech.designs.vehicle import VehicleDesign
from engine.battletech.kinds.vehicle_combat import vehicle_attack_refused
from engine.battletech.rules import (
    antimech,
    kindmove,
    masc,
    nightchoice,
    physical,
    tohit,
    transport,
)
from engine.battletech.rules.clubs import why_no_club
from engine.battletech.rules.flow import can_end_phase, check_charge_move, deploy_zone, pending
from engine.battletech.rules.movement import jump_paths, reachable
from engine.battletech.rules.turn import declarers
from engine.battletech.state import AttackKind, BTState, MoveMode, Phase
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex

__all__ = ["legal_commands"]


def legal_commands(state: BTState) -> list[BTCommand]:  # noqa: C901, PLR0911, PLR0912 - one per phase
    """Every command the rules accept now (one per reachable position for moves)."""
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.INITIATIVE:
        return [RollInitiative()]
    if state.phase is Phase.DEPLOYMENT:
        return _deployments(state)
    if state.phase in {Phase.WEAPON, Phase.PHYSICAL}:
        return _declarations(state)
    if state.phase is not Phase.MOVEMENT:
        return []
    if state.night is not None and state.night.asking is not None:
        return nightchoice.choices(state)  # NT-4: the moving side chooses who jitter-fires
    if can_end_phase(state):
        return [EndPhase()]
    if state.active is not None:
        commands: list[BTCommand] = [EndMove(state.active)]
        unit = state.units[state.active]
        if unit.movement is not None and unit.movement.mode is not MoveMode.STILL:
            commands += _moves(state, state.active, unit.movement.mode)
        commands += transport.options(state, state.active)  # BT-C-35.13
        return _without_stay(commands, state.active, allow_end=_may_end(state, state.active))
    side = state.side_to_act
    if side is None:
        return []
    commands = []
    for index in pending(state, side):
        commands.append(Move(index, MoveMode.STILL))
        for mode in (MoveMode.WALK, MoveMode.RUN):
            commands += _moves(state, index, mode)
        unit = state.units[index]
        if unit.is_mech and masc.has_masc(unit):  # BT-C-75: a run with the MASC on
            commands += _moves(state, index, MoveMode.RUN, masc_on=True)
        commands += transport.options(state, index)  # BT-C-35.13
        paths = jump_paths(state, index)
        near = _near_enemies(state, index)
        for hex_, facing in reachable(state, index, MoveMode.JUMP):
            path = paths.get(hex_)
            if path is not None:
                commands.append(Jump(index, path, facing))
                if hex_ in near and state.units[index].is_mech:
                    commands += _dfas(state, index, path, facing)
    return commands


def _declarations(state: BTState) -> list[BTCommand]:
    """The weapon or physical declarations of the units whose slot it is."""
    side = state.side_to_act
    if side is None:
        return []
    commands: list[BTCommand] = []
    for index in declarers(state, side):
        if state.phase is Phase.WEAPON:
            commands.append(FireWeapons(index))
            commands += [o for o in tohit.fire_options(state, index) if o.shots]
            if not why_no_club(state, index):
                commands.append(TakeClub(index))
        else:
            commands.append(PhysicalAttack(index))
            commands += physical.physical_options(state, index)
        commands += antimech.options(state, index)  # BT-C-35.8..35.10
    return commands


def _enemy_hexes(state: BTState, index: int) -> set[Hex]:
    """The hexes of the units of another side on the map (a charge must face one)."""
    side = state.units[index].side
    return {u.hex for u in state.units if u.side != side and u.on_map and u.hex is not None}


def _near_enemies(state: BTState, index: int) -> set[Hex]:
    """The hexes next to a unit of another side (where a DFA may land)."""
    return {h.neighbor(f) for h in _enemy_hexes(state, index) for f in Facing}


def _enemies_next_to(state: BTState, index: int, where: Hex) -> list[int]:
    unit = state.units[index]
    around = {where.neighbor(f) for f in Facing}
    return [
        i
        for i, other in enumerate(state.units)
        if other.side != unit.side and other.on_map and other.hex in around
    ]


def _charges(state: BTState, move: Move, where: Hex, facing: Facing) -> list[BTCommand]:
    """BT-C-42: ``move`` (ending in ``where`` facing ``facing``) as a charge on the unit ahead."""
    ahead = where.neighbor(facing)
    result: list[BTCommand] = []
    for target in _enemies_next_to(state, move.unit, where):
        if state.units[target].hex != ahead:
            continue
        charge = attrs.evolve(move, charge=target)
        try:
            check_charge_move(state, charge)
        except IllegalCommand:
            continue
        result.append(charge)
    return result


def _dfas(state: BTState, index: int, path: tuple[Hex, ...], facing: Facing) -> list[BTCommand]:
    """BT-C-43: the jump as a death from above on an enemy next to its landing hex."""
    result: list[BTCommand] = []
    for target in _enemies_next_to(state, index, path[-1]):
        jump = Jump(index, path, facing, dfa=target)
        try:
            physical.check_dfa(state, index, path, target)
        except IllegalCommand:
            continue
        result.append(jump)
    return result


def _may_end(state: BTState, index: int) -> bool:
    unit = state.units[index]
    return unit.hex is None or all(o == index for o in state.units_at(unit.hex))


def _without_stay(commands: list[BTCommand], index: int, *, allow_end: bool) -> list[BTCommand]:
    if allow_end:
        return commands
    return [c for c in commands if c != EndMove(index)]


def _moves(state: BTState, index: int, mode: MoveMode, *, masc_on: bool = False) -> list[BTCommand]:
    unit = state.units[index]
    result: list[BTCommand] = []
    enemies = _enemy_hexes(state, index)
    design = unit.design  # BT-C-36: 'Mechs charge, and vehicles but VTOLs
    rams = unit.is_mech or (
        isinstance(design, VehicleDesign) and not vehicle_attack_refused(AttackKind.CHARGE, design)
    )
    for (hex_, facing), reach in reachable(state, index, mode, masc_on=masc_on).items():
        prone = unit.is_mech and unit.mech.prone
        if not reach.steps or (hex_ == unit.hex and facing == unit.facing and not prone):
            continue
        move = Move(index, mode, reach.steps, masc=masc_on)
        result.append(move)
        if rams and hex_.neighbor(facing) in enemies:  # the enemy straight ahead
            result += _charges(state, move, hex_, facing)
    return result


def _deployments(state: BTState) -> list[BTCommand]:
    side = state.side_to_act
    if side is None:
        return []
    zone = sorted(h for h in deploy_zone(state, side) if not state.units_at(h))
    units = [i for i, u in enumerate(state.units) if u.side == side and u.hex is None]
    facing = Facing.S if side % 2 == 0 else Facing.N
    return [
        Deploy(i, h, facing)
        for i in units[:1]
        for h in zone
        if kindmove.deploy_problem(state.units[i], state.board.terrain(h)) is None  # BT-M-23
    ]
