"""Transport (BT-C-35.13, BT-M-25, BT-C-24.3): vehicles carry platoons in troop space.

A Bulldog given 4 t of troop space carries a foot platoon (28 men: 2.5 t). The rules' DESIGN
choices are in `engine.battletech.rules.transport`; the dice are scripted.
"""

from __future__ import annotations

import functools
import json
from datetime import UTC, datetime
from pathlib import Path

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech import kindevents as kev
from engine.battletech.board import Terrain
from engine.battletech.commands import (
    BTCommand,
    EndMove,
    EndPhase,
    FireWeapons,
    Move,
    PhysicalAttack,
    RollInitiative,
    Step,
    StepKind,
)
from engine.battletech.context import Ctx
from engine.battletech.data.blk import parse_blk
from engine.battletech.designs import InfantryDesign, VehicleDesign
from engine.battletech.designs.infantry import InfantryMotion
from engine.battletech.designs.vehicle import VehicleLocation
from engine.battletech.kinds import vehicle_tables
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.kinds.vehicle_tables import Crit
from engine.battletech.language import format_command, parse_command
from engine.battletech.migrations import MIGRATIONS, SCHEMA_VERSION
from engine.battletech.narrate import tell
from engine.battletech.rules import kinddamage, transport
from engine.battletech.rules.aboard import carrier_of, passenger_tons, passengers, position
from engine.battletech.rules.flow import pending
from engine.battletech.rules.options import legal_commands
from engine.battletech.rules.tohit import fire_options
from engine.battletech.state import (
    BTSetup,
    BTState,
    Movement,
    MoveMode,
    Phase,
    UnitDesign,
    UnitSetup,
)
from engine.battletech.tables import Column
from engine.battletech.transportcommands import LoadUnit, UnloadUnit
from engine.battletech.transportevents import (
    CargoHit,
    CrashSurvivalRolled,
    UnitLoaded,
    UnitUnloaded,
)
from engine.dice import Dice, ScriptedDice
from engine.game import Accepted, Command, Event, Game, IllegalCommand
from engine.hexes import Facing, Hex
from saves.codec import make_converter
from saves.journal import Journal, read_game
from tests.engine.battletech._build import design, play, start, state_with, terrain_board

BLK = Path(__file__).resolve().parents[3] / "assets" / "units" / "blk"
F = Step(StepKind.FORWARD)
MECH = design(50, 5, 0, name="Blocker")


@functools.cache
def blk(name: str) -> UnitDesign:
    return parse_blk((BLK / f"{name}.blk").read_text(encoding="utf-8")).design


def carrier_design(name: str = "Bulldog Medium Tank", tons: float = 4.0) -> VehicleDesign:
    found = blk(name)
    assert isinstance(found, VehicleDesign)
    return attrs.evolve(found, troop_space=tons)


FOOT = "Foot Platoon (Laser)"
MOTOR = "Motorized Platoon (MG)"


def game(
    carrier: str = "0410",
    riders: tuple[str, ...] = ("0410",),
    vehicle: VehicleDesign | None = None,
    rider: str = FOOT,
    **hexes: Terrain,
) -> BTState:
    """Side 0: a carrier (unit 0), platoons (1, 2 ...); side 1: a 'Mech far away (last)."""
    board = terrain_board(8, 20, **hexes)
    units = [(vehicle or carrier_design(), 0, carrier, Facing.N)]
    units += [(blk(rider), 0, where, Facing.N) for where in riders]
    units.append((MECH, 1, "0401", Facing.S))
    state = start(board, units)  # type: ignore[arg-type]
    return attrs.evolve(state, slots=((0, 1),))


def aboard(state: BTState, carrier: int = 0, rider: int = 1) -> BTState:
    """``rider`` already aboard ``carrier`` from an earlier turn (its move not yet used)."""
    state, _ = play(state, LoadUnit(carrier, rider))
    state, _ = play(state, EndMove(carrier))
    units = tuple(attrs.evolve(u, movement=None) for u in state.units)
    return attrs.evolve(state, units=units, slots=((0, 1),), active=None)


def emitting(state: BTState, dice: tuple[int, ...] = ()) -> Ctx:
    return Ctx(state, ScriptedDice(dice), transport.follow)


# ---------------------------------------------------------------- the sheet: troop space
def test_blk_troop_space_is_read_and_other_transporters_warned() -> None:
    """BT-C-35.13: ``troopspace:`` lines add up; a cargo bay is noted, not carried on."""
    text = (BLK / "Bulldog Medium Tank.blk").read_text(encoding="utf-8")
    text += "\n<transporters>\ntroopspace:4.0\nTroopSpace: 1.5\ncargobay:10.0:0\n</transporters>\n"
    parsed = parse_blk(text)
    assert isinstance(parsed.design, VehicleDesign)
    assert parsed.design.troop_space == 5.5
    assert any("cargobay" in w.reason for w in parsed.warnings)
    assert isinstance(blk("Bulldog Medium Tank"), VehicleDesign)
    assert blk("Bulldog Medium Tank").troop_space == 0.0  # type: ignore[union-attr]


def test_a_platoon_weighs_its_men_rounded_up_to_the_half_ton() -> None:
    """DESIGN (MegaMek's weights a man): 28 foot soldiers 2.5 t; motorized and mechanized more."""
    state = game(riders=("0410", "0411"))
    foot = state.units[1]
    assert passenger_tons(foot) == 2.5
    design_ = foot.design
    assert isinstance(design_, InfantryDesign)
    motor = attrs.evolve(foot, design=attrs.evolve(design_, motion=InfantryMotion.MOTORIZED))
    assert passenger_tons(motor) == 5.5  # 28 x 0.195 = 5.46
    tracked = attrs.evolve(design_, motion=InfantryMotion.MECHANIZED_TRACKED)
    assert passenger_tons(attrs.evolve(foot, design=tracked)) == 28.0


# ---------------------------------------------------------------- loading
def test_loading_in_place_costs_one_mp_and_the_platoon_its_move() -> None:
    """MegaMek STEP_LOAD: 1 MP of the carrier; the platoon leaves the map and loses its move."""
    state = game()
    state, events = play(state, LoadUnit(0, 1))
    assert [type(e) for e in events] == [ev.MovementStarted, UnitLoaded]
    carrier, rider = state.units[0], state.units[1]
    assert carrier.movement is not None
    assert carrier.movement.mp_spent == 1
    assert state.active == 0  # it may go on moving
    assert rider.hex is None
    assert carrier_of(rider) == 0
    assert passengers(state, 0) == (1,)
    assert 1 not in pending(state)
    assert state.units_at(Hex.from_label("0410")) == (0,)  # BT-M-25: not counted aboard
    # Arrange: it drives on; Act: three more hexes (4 MP in all); Assert: the rider rides along.
    state, _ = play(state, Move(0, MoveMode.WALK, (F, F, F)))
    assert state.units[0].hex == Hex.from_label("0407")
    assert position(state, 1) == Hex.from_label("0407")
    loaded, _ = play(game(), LoadUnit(0, 1))
    with pytest.raises(IllegalCommand, match="costs 1 MP, 0 of"):
        RULESET.decide(loaded, Move(0, MoveMode.WALK, (F,) * 4), ScriptedDice(()))


@pytest.mark.parametrize(
    ("command", "code"),
    [
        (LoadUnit(1, 2), "transport/not_carrier"),
        (LoadUnit(0, 3), "transport/kind"),
        (LoadUnit(0, 2), "transport/hex"),
        (LoadUnit(0, 1, MoveMode.STILL), "transport/mode"),
    ],
)
def test_loads_that_break_a_rule_are_refused(command: LoadUnit, code: str) -> None:
    """Only a carrier loads, only a platoon, only in the hex where it loads."""
    state = game(riders=("0410", "0412"))
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(state, command, ScriptedDice(()))
    assert caught.value.code == code


def test_a_full_carrier_a_moved_platoon_and_an_enemy_are_refused() -> None:
    """Troop space, the platoon's own move (MegaMek: not after it moved) and the side."""
    state = game(vehicle=carrier_design(tons=2.0))
    with pytest.raises(IllegalCommand, match=r"needs 2\.5 t"):
        RULESET.decide(state, LoadUnit(0, 1), ScriptedDice(()))
    moved = state_with(game(), 1, movement=Movement(MoveMode.WALK, done=True))
    with pytest.raises(IllegalCommand, match="has moved this turn"):
        RULESET.decide(moved, LoadUnit(0, 1), ScriptedDice(()))
    enemy = state_with(game(), 1, side=1)
    with pytest.raises(IllegalCommand, match="not on the"):
        RULESET.decide(enemy, LoadUnit(0, 1), ScriptedDice(()))


def test_driving_into_the_platoons_hex_then_loading_ends_the_move() -> None:
    """The carrier moves (a `Move`) into the platoon's hex and loads there: 1 MP more."""
    state = game(carrier="0412", riders=("0410",))
    state, events = play(state, LoadUnit(0, 1, MoveMode.WALK, (F, F)))
    assert UnitLoaded(0, 1) in events
    assert state.units[0].hex == Hex.from_label("0410")
    assert state.units[0].movement is not None
    assert state.units[0].movement.done
    assert state.units[0].movement.mp_spent == 3
    assert carrier_of(state.units[1]) == 0
    assert state.active is None
    assert state.side_to_act == 1  # the platoon's move is used: Red moves next
    with pytest.raises(IllegalCommand, match="MP of moving"):
        RULESET.decide(
            game(carrier="0414", riders=("0410",)),
            LoadUnit(0, 1, MoveMode.WALK, (F,) * 4),
            ScriptedDice(()),
        )


# ---------------------------------------------------------------- unloading
def test_unloading_in_place_sets_the_platoon_down_done_for_the_phase() -> None:
    """MegaMek STEP_UNLOAD: 0 MP, the carrier's last act; the platoon stands, its move used."""
    state = aboard(game())
    state, events = play(state, UnloadUnit(0))
    kinds = [type(e) for e in events]
    assert kinds[:2] == [ev.MovementStarted, UnitUnloaded]
    assert ev.MovementEnded in kinds
    rider = state.units[1]
    assert rider.hex == Hex.from_label("0410")
    assert carrier_of(rider) is None
    assert rider.movement is not None
    assert rider.movement.done
    assert state.units[0].movement is not None
    assert state.units[0].movement.done


def test_no_unload_in_the_turn_of_the_load() -> None:
    """DESIGN: a platoon loaded this turn stays aboard until the next."""
    state, _ = play(game(), LoadUnit(0, 1))
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(state, UnloadUnit(0, (1,)), ScriptedDice(()))
    assert caught.value.code == "transport/just_loaded"


def test_driving_on_then_unloading_where_the_move_ends() -> None:
    """The carrier moves two hexes and the platoon gets out there, facing as the carrier."""
    state = aboard(game())
    state, events = play(state, UnloadUnit(0, (1,), MoveMode.WALK, (F, F)))
    out = [e for e in events if isinstance(e, UnitUnloaded)]
    assert out == [UnitUnloaded(0, 1, Hex.from_label("0408"), Facing.N)]
    assert state.units[1].hex == Hex.from_label("0408")


def test_no_unloading_into_terrain_the_platoon_may_not_enter() -> None:
    """BT-M-23: a hovercraft on deep water keeps its foot platoon aboard."""
    water = Terrain(water=2)
    hover = carrier_design("Pegasus Scout Hover Tank")
    state = aboard(game(vehicle=hover), 0, 1)
    state, _ = play(state, Move(0, MoveMode.WALK, (F,)))
    state = attrs.evolve(
        state,
        board=state.board.replace(Hex.from_label("0409"), water),
        units=tuple(attrs.evolve(u, movement=None) for u in state.units),
        slots=((0, 1),),
        active=None,
    )
    with pytest.raises(IllegalCommand) as caught:
        RULESET.decide(state, UnloadUnit(0), ScriptedDice(()))
    assert caught.value.code == "transport/exit"


# ---------------------------------------------------------------- aboard: off the map
def test_a_passenger_is_never_a_target() -> None:
    """DESIGN: aboard, a platoon is off the map: the enemy's fire options never name it."""
    state = aboard(game(carrier="0403", riders=("0403",)))
    state = attrs.evolve(state, phase=Phase.WEAPON, slots=((1, 1),))
    targets = {s.target for o in fire_options(state, 2) for s in o.shots}
    assert 1 not in targets


# ---------------------------------------------------------------- hits and losses
def _side_crit_roll(vehicle: VehicleDesign) -> int:
    """A 2D6 total whose side-table result marks a critical chance (BT-C-24.1)."""
    for total in range(2, 13):
        hit = vehicle_tables.hit_location(vehicle, Column.LEFT, total)
        if hit.crit and hit.location is VehicleLocation.LEFT:
            return total
    pytest.fail("no critical on the side table")


def test_a_cargo_hit_kills_men_aboard_point_for_point() -> None:
    """BT-C-24.3: the Cargo/infantry hit now applies; the passenger takes the hit's damage."""
    state = aboard(game())
    vehicle = state.units[0].design
    assert isinstance(vehicle, VehicleDesign)
    total = _side_crit_roll(vehicle)
    # Arrange: the hit location, then the critical roll 6 (side: Cargo/infantry hit).
    ctx = emitting(state, (total - 1, 1, 3, 3))
    kinddamage.damage_vehicle(ctx, 0, 5, Column.LEFT, source=2)
    crits = [e for e in ctx.events if isinstance(e, kev.VehicleCritical)]
    assert crits[0].crit is Crit.CARGO
    assert CargoHit(0, 1, 5) in ctx.events
    body = ctx.state.units[1].body
    assert isinstance(body, InfantryBody)
    assert body.troopers == 23


def test_a_cargo_hit_picks_one_of_two_passengers_by_die() -> None:
    """DESIGN: 1D6 picks among several (rerolled past the last multiple of their number)."""
    state = game(vehicle=carrier_design(tons=5.0), riders=("0410", "0410"))
    state, _ = play(state, LoadUnit(0, 1))
    state, _ = play(state, LoadUnit(0, 2))
    ctx = emitting(state, (4,))
    ctx.emit(kev.VehicleHit(0, VehicleLocation.LEFT, 30, crit=True, source=3))
    ctx.emit(kev.VehicleCritical(0, VehicleLocation.LEFT, (3, 3), Crit.CARGO))
    assert CargoHit(0, 2, 30, (4,)) in ctx.events
    assert ev.UnitDestroyed(2, "killed aboard by a cargo hit (BT-C-24.3)", by=3) in ctx.events


def test_a_wrecked_carrier_lets_its_passenger_out() -> None:
    """MegaMek destroyEntity: a ground carrier's passengers get out into its hex."""
    state = aboard(game())
    ctx = emitting(state)
    ctx.emit(ev.UnitDestroyed(0, "its front was destroyed", by=2))
    assert UnitUnloaded(0, 1, Hex.from_label("0410"), Facing.N, escaped=True) in ctx.events
    assert ctx.state.units[1].on_map


def test_a_wrecked_hovercraft_on_deep_water_drowns_its_passenger() -> None:
    """A passenger that may not stand in the wreck's hex (BT-M-23) is lost with it."""
    state = aboard(game(vehicle=carrier_design("Pegasus Scout Hover Tank")))
    state = attrs.evolve(state, board=state.board.replace(Hex.from_label("0410"), Terrain(water=2)))
    ctx = emitting(state)
    ctx.emit(ev.UnitDestroyed(0, "its front was destroyed"))
    assert ctx.state.units[1].destroyed
    assert not any(isinstance(e, UnitUnloaded) for e in ctx.events)


def test_a_vtol_crash_rolls_for_each_passenger_and_in_flight_they_die() -> None:
    """TW p. 224: 1D6 1-3 survives a crash landing; a VTOL lost in flight takes them all."""
    jacket = carrier_design("Yellow Jacket Gunship", tons=3.0)
    state = aboard(game(vehicle=jacket))
    ctx = emitting(state, (5,))
    ctx.emit(kev.VTOLCrashed(0, 1, 0))
    assert CrashSurvivalRolled(0, 1, 5, survived=False) in ctx.events
    assert ctx.state.units[1].destroyed
    state = aboard(game(vehicle=jacket))
    ctx = emitting(state_with(state, 0, elevation=2))
    ctx.emit(ev.UnitDestroyed(0, "rotor destroyed"))
    assert ctx.state.units[1].destroyed


# ---------------------------------------------------------------- lists, language, log
def test_every_listed_transport_order_is_accepted() -> None:
    """The legal-command list offers loads and unloads, and each is accepted as given."""
    for state in (game(carrier="0412", riders=("0410", "0412")), aboard(game())):
        orders = [c for c in legal_commands(state) if isinstance(c, LoadUnit | UnloadUnit)]
        assert orders
        for command in orders:
            RULESET.decide(state, command, Dice(1))


def test_the_command_language_reads_what_it_writes() -> None:
    """``load 1 2 [walk STEPS]`` and ``unload 1 [2 3] [walk STEPS]``."""
    state = game(riders=("0410", "0410"))
    for command in (
        LoadUnit(0, 1),
        LoadUnit(0, 1, MoveMode.RUN, (F, F)),
        UnloadUnit(0),
        UnloadUnit(0, (1, 2), MoveMode.WALK, (F,)),
    ):
        assert parse_command(format_command(command), state) == command
    assert parse_command("unload 1 2", state) == UnloadUnit(0, (1,))


def test_the_log_tells_the_load_and_the_unload() -> None:
    """narrate.transport: climbing aboard and getting out."""
    state = game()
    command = LoadUnit(0, 1)
    events = RULESET.decide(state, command, ScriptedDice(()))
    told, state = tell(1, command, events, state)
    text = "\n".join(t.text for t in told)
    assert "climbs aboard" in text
    assert "takes Foot Platoon" in text
    state = aboard(game())
    command2 = UnloadUnit(0)
    events = RULESET.decide(state, command2, ScriptedDice(()))
    told, _ = tell(2, command2, events, state)
    assert "gets out of" in "\n".join(t.text for t in told)


# ---------------------------------------------------------------- saves
CREATED = datetime(2026, 11, 27, tzinfo=UTC)


def _setup() -> BTSetup:
    board = terrain_board(8, 20)
    units = (
        UnitSetup(carrier_design(), 0, hex=Hex.from_label("0410")),
        UnitSetup(blk(FOOT), 0, hex=Hex.from_label("0410")),
        UnitSetup(MECH, 1, hex=Hex.from_label("0401"), facing=Facing.S),
    )
    return BTSetup(board, ("Blue", "Red"), units)


def test_a_game_with_a_load_saves_and_replays(tmp_path: Path) -> None:
    """The journal folds back to the same state; every event survives JSON."""
    path = tmp_path / "transport.jsonl"
    with Journal.create(path, RULESET, _setup(), created=CREATED, seed=3) as journal:
        journal.execute(parse_command("roll", journal.game.state))
        state = journal.game.state
        if state.side_to_act != 0:
            mover = next(iter(pending(state, state.side_to_act)))
            journal.execute(Move(mover, MoveMode.STILL))
        journal.execute(LoadUnit(0, 1))
        journal.execute(Move(0, MoveMode.WALK, (F, F)))
        expected = journal.game
    assert carrier_of(expected.state.units[1]) == 0
    loaded = read_game(path.read_bytes(), path.name)
    assert loaded.game.state == expected.state
    conv = make_converter(RULESET)
    for entry in expected.log:
        for event in entry.events:
            data = json.loads(json.dumps(conv.unstructure(event, Event)))
            assert conv.structure(data, Event) == event


def test_a_schema_13_save_loads_with_empty_troop_space() -> None:
    """Schema 15's migration: an older save's vehicles carry nobody (troop_space 0.0)."""
    assert SCHEMA_VERSION == 15
    plain = blk("Bulldog Medium Tank")
    units = (attrs.evolve(_setup().units[0], design=plain), *_setup().units[1:])
    setup = attrs.evolve(_setup(), units=units)
    played = Game(RULESET, setup, Dice(3))
    played.execute(parse_command("roll", played.state))
    # Arrange: the save as schema 13 wrote it (format 2: plain dictionaries), no troop_space.
    conv = make_converter(RULESET)
    data = conv.unstructure(setup, BTSetup)
    for unit in data["units"]:
        unit["design"].pop("troop_space", None)
    header = {
        "format": "hexmech",
        "version": 2,
        "ruleset": "battletech",
        "schema": 13,
        "seed": 3,
        "dice": None,
        "undo": "hotseat",
        "created": CREATED.isoformat(),
        "setup": data,
    }
    lines = [json.dumps(header)]
    for number, entry in enumerate(played.log):
        line = {
            "n": number,
            "command": conv.unstructure(entry.command, Command),
            "events": [conv.unstructure(e, Event) for e in entry.events],
            "dice": [entry.dice_start, entry.dice_end],
        }
        lines.append(json.dumps(line))
    # Act
    loaded = read_game(("\n".join(lines) + "\n").encode(), "old.jsonl")
    # Assert
    assert loaded.game.state == played.state
    design0 = loaded.game.setup.units[0].design
    assert isinstance(design0, VehicleDesign)
    assert design0.troop_space == 0.0
    vehicle = {"unit_type": "Tank", "motion": "tracked", "cruise": 4, "locations": []}
    platoon = {"motion": "foot", "squads": 4}
    header = {"setup": {"units": [{"design": vehicle}, {"design": platoon}]}}
    migrated = MIGRATIONS[14].header(header)
    assert migrated["setup"]["units"][0]["design"]["troop_space"] == 0.0
    assert "troop_space" not in migrated["setup"]["units"][1]["design"]
    assert "troop_space" not in vehicle  # the argument is left as it was


def _quiet(options: list[BTCommand]) -> BTCommand:
    """The dullest legal command: stand still, hold fire, no blow, end the phase, roll."""
    for command in options:
        match command:
            case Move(mode=MoveMode.STILL) | EndPhase() | RollInitiative() | EndMove():
                return command
            case FireWeapons(shots=()) | PhysicalAttack(kind=None):
                return command
    return options[0]


def test_a_passenger_rides_through_a_whole_turn_and_gets_out_in_the_next() -> None:
    """Aboard through the attack, heat and end phases; the next turn it may be set down."""
    played = Game(RULESET, _setup(), Dice(5))
    played.execute(RollInitiative())
    if played.state.side_to_act != 0:
        played.execute(Move(2, MoveMode.STILL))
    assert isinstance(played.execute(LoadUnit(0, 1)), Accepted)
    assert isinstance(played.execute(Move(0, MoveMode.WALK, (F, F))), Accepted)
    while not (played.state.turn == 2 and played.state.side_to_act == 0):
        outcome = played.execute(_quiet(legal_commands(played.state)))
        assert isinstance(outcome, Accepted)
    assert carrier_of(played.state.units[1]) == 0
    assert position(played.state, 1) == Hex.from_label("0408")
    assert UnloadUnit(0) in legal_commands(played.state)
    assert isinstance(played.execute(UnloadUnit(0)), Accepted)
    assert played.state.units[1].hex == Hex.from_label("0408")
