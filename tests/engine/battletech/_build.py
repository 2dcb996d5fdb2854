"""Builders for BattleTech rule tests: designs, boards and states without any files."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from engine.battletech import RULESET
from engine.battletech.board import Board, Terrain
from engine.battletech.commands import BTCommand
from engine.battletech.data.catalogue import AmmoSpec, find
from engine.battletech.designs.mech import (
    LOCATION_SLOTS,
    Location,
    MechDesign,
    Mounted,
    internal_structure,
)
from engine.battletech.events import BTEvent
from engine.battletech.rules.flow import decide
from engine.battletech.state import BTSetup, BTState, Phase, Pilot, TurnFlags, UnitSetup, UnitState
from engine.dice import ScriptedDice
from engine.hexes import Facing, Hex

__all__ = ["design", "play", "start", "state_with", "terrain_board"]

TEST_PILOT = Pilot("Test", 4, 5)
"""Gunnery 4, Piloting 5: the Inner Sphere defaults (BT-M-13)."""

_LEG = ("Hip", "Upper Leg Actuator", "Lower Leg Actuator", "Foot Actuator")
_ARM = ("Shoulder", "Upper Arm Actuator", "Lower Arm Actuator", "Hand Actuator")
_CT = ("Fusion Engine",) * 3 + ("Gyro",) * 4 + ("Fusion Engine",) * 3
_HD = ("Life Support", "Sensors", "Cockpit", "", "Sensors", "Life Support")


def _slots(location: Location, jets: int) -> tuple[str, ...]:
    base: tuple[str, ...] = {
        Location.HD: _HD,
        Location.CT: _CT,
        Location.LL: _LEG,
        Location.RL: _LEG,
        Location.LA: _ARM,
        Location.RA: _ARM,
    }.get(location, ())
    if location in {Location.LT, Location.RT}:
        base = ("Jump Jet",) * jets
    size = LOCATION_SLOTS[location]
    return base + ("",) * (size - len(base))


def design(
    tonnage: int = 50,
    walk: int = 5,
    jump: int = 0,
    *,
    name: str = "Test",
    equipment: Sequence[tuple[str, Location] | tuple[str, Location, bool]] = (),
) -> MechDesign:
    """A plain biped: full armor (2 x structure, 9 on the head), jump jets in the side torsos.

    ``equipment`` mounts catalogue items in the first free critical lines of their location:
    ``("Medium Laser", Location.RA)``, ``("LRM 20", Location.LT)``, ``("IS Ammo LRM-20",
    Location.LT)`` (a full bin), ``("Medium Laser", Location.CT, True)`` (rear-mounted).
    """
    internal = internal_structure(tonnage)
    armor = tuple(9 if loc is Location.HD else 2 * internal[loc] for loc in Location)
    jets_left = (jump + 1) // 2
    criticals = [
        list(_slots(loc, jets_left if loc is Location.LT else jump - jets_left)) for loc in Location
    ]
    mounted: list[Mounted] = []
    for entry in equipment:
        item, location = entry[0], entry[1]
        rear = len(entry) > 2 and bool(entry[2])
        spec = find(item)
        if spec is None:
            msg = f"no catalogue item called {item!r}"
            raise ValueError(msg)
        lines = criticals[list(Location).index(location)]
        free = [i for i, name in enumerate(lines) if not name][: spec.slots]
        if len(free) < spec.slots:
            msg = f"no room for {item} in {location}"
            raise ValueError(msg)
        for i in free:
            lines[i] = spec.key
        shots = spec.shots if isinstance(spec, AmmoSpec) else 0
        mounted.append(Mounted(spec.key, location, rear, tuple(free), shots))
    return MechDesign(
        chassis=name,
        model=f"T-{tonnage}",
        tonnage=tonnage,
        walk=walk,
        jump=jump,
        heat_sinks=10,
        armor=armor,
        rear_armor=(5, 4, 4),
        internal=tuple(internal[loc] for loc in Location),
        criticals=tuple(tuple(lines) for lines in criticals),
        equipment=tuple(mounted),
    )


def terrain_board(width: int = 8, height: int = 8, **hexes: Terrain) -> Board:
    """A clear board with the terrain given by label, e.g. ``h0302=Terrain(woods=Woods.HEAVY)``."""
    board = Board.blank(width, height)
    for label, terrain in hexes.items():
        board = board.replace(Hex.from_label(label.lstrip("h")), terrain)
    return board


def start(
    board: Board,
    units: Sequence[tuple[MechDesign, int, str, Facing]],
    *,
    pilot: Pilot = TEST_PILOT,
) -> BTState:
    """A state in the Movement phase of turn 1, side 0 to move first (initiative skipped)."""
    setup = BTSetup(
        board,
        ("Blue", "Red"),
        tuple(
            UnitSetup(d, side, pilot, Hex.from_label(label), facing)
            for d, side, label, facing in units
        ),
    )
    state = RULESET.start(setup)
    state = attrs.evolve(state, phase=Phase.MOVEMENT, order=(0, 1))
    sides = sorted({u.side for u in state.units})
    counts = [sum(1 for u in state.units if u.side == s) for s in sides]
    slots = tuple(
        (s, max(1, n // max(1, min(c for c in counts if c))))
        for s, n in zip(sides, counts, strict=True)
    )
    return attrs.evolve(state, slots=slots)


def evolved_unit(unit: UnitState, **changes: object) -> UnitState:
    """``unit`` with fields of its core, ``body`` or ``this_turn`` changed, each by its name.

    Tests set heat, prone, twist ... in one call; the engine writes
    ``attrs.evolve(unit, body=attrs.evolve(unit.body, heat=...))`` instead.
    """
    groups: dict[str, dict[str, object]] = {"body": {}, "this_turn": {}, "": {}}
    body_fields = attrs.fields_dict(type(unit.body))
    flag_fields = attrs.fields_dict(TurnFlags)
    for name, value in changes.items():
        where = "body" if name in body_fields else "this_turn" if name in flag_fields else ""
        groups[where][name] = value
    core = dict(groups[""])
    if groups["body"]:
        core["body"] = attrs.evolve(unit.body, **groups["body"])  # type: ignore[arg-type]
    if groups["this_turn"]:
        core["this_turn"] = attrs.evolve(unit.this_turn, **groups["this_turn"])  # type: ignore[arg-type]
    return attrs.evolve(unit, **core)  # type: ignore[arg-type]


def state_with(state: BTState, index: int, **changes: object) -> BTState:
    """The state with unit ``index`` changed (damage, heat, prone ...)."""
    return state.replace_unit(index, evolved_unit(state.units[index], **changes))


def play(
    state: BTState, command: BTCommand, dice: Iterable[int] = ()
) -> tuple[BTState, list[BTEvent]]:
    """Decide and evolve one command with scripted dice; every scripted die must be used."""
    values = tuple(dice)
    scripted = ScriptedDice(values)
    events = decide(state, command, scripted)
    assert scripted.position == len(values), f"{len(values) - scripted.position} dice unused"
    for event in events:
        state = RULESET.evolve(state, event)
    return state, events
