"""Vehicles, platoons and battle armor on the move (BT-M-3, BT-M-4, BT-M-19..25, BT-M-37).

Units come from the bundled ``.blk`` files (assets/units/blk); the numbers are the digest's.
"""

from __future__ import annotations

import functools
from pathlib import Path

import attrs
import pytest

from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import Deploy, Jump, Move, Step, StepKind
from engine.battletech.data.blk import parse_blk
from engine.battletech.data.scenario import default_pilot
from engine.battletech.designs import BattleArmorDesign, InfantryDesign, VehicleDesign
from engine.battletech.kindmoveevents import ElevationChanged
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.rules import kindmove
from engine.battletech.rules.flow import decide
from engine.battletech.rules.movement import plan_move, reachable
from engine.battletech.rules.options import legal_commands
from engine.battletech.rules.victory import crippled, fighting, lost, tonnage
from engine.battletech.state import BTState, MoveMode, Phase, UnitDesign
from engine.dice import Dice
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, play, start, state_with, terrain_board

BLK = Path(__file__).resolve().parents[3] / "assets" / "units" / "blk"


@functools.cache
def blk(name: str) -> UnitDesign:
    """A bundled ``.blk`` design by file stem."""
    return parse_blk((BLK / f"{name}.blk").read_text(encoding="utf-8")).design


BULLDOG = "Bulldog Medium Tank"  # tracked, 4/6
HETZER = "Hetzer Wheeled Assault Gun"  # wheeled, 4/6
PEGASUS = "Pegasus Scout Hover Tank"  # hover, 8/12
JACKET = "Yellow Jacket Gunship"  # VTOL, 6/9
FOOT = "Foot Platoon (Laser)"  # 1 MP
MOTOR = "Motorized Platoon (MG)"  # 3 MP
JUMPERS = "Jump Platoon (SRM)"  # 1 MP, jump 3
CAVALIER = "Cavalier Battle Armor [Laser](Sqd4)"  # 1 MP, jump 3
MECH = design(50, 5, 0, name="Blocker")

F, B, L, R = (Step(k) for k in (StepKind.FORWARD, StepKind.BACKWARD, StepKind.LEFT, StepKind.RIGHT))


def one(name: str, where: str = "0408", facing: Facing = Facing.N, **hexes: Terrain) -> BTState:
    """A state with the unit ``name`` of side 0 alone in ``where`` (a clear 8 x 20 board)."""
    board = terrain_board(8, 20, **hexes)
    return start(board, [(blk(name), 0, where, facing)])  # type: ignore[list-item]


def mp(state: BTState, mode: MoveMode, index: int = 0) -> int:
    """The allowance the movement rules give the unit in ``mode`` (0 when it may not use it)."""
    costs = [r.mp for r in reachable(state, index, mode).values()]
    if not costs:
        return 0
    return kindmove.allowance(state.units[index], mode)


# ---------------------------------------------------------------- BT-M-3 / BT-M-37.1 cruise, flank


@pytest.mark.parametrize(("name", "cruise", "flank"), [(BULLDOG, 4, 6), (PEGASUS, 8, 12)])
def test_vehicles_cruise_as_walk_and_flank_as_run(name: str, cruise: int, flank: int) -> None:
    """BT-M-37.1: walk = cruise, run = flank = ceil(1.5 x cruise); one more hex is refused."""
    state = one(name, "0418")
    assert mp(state, MoveMode.WALK) == cruise
    assert mp(state, MoveMode.RUN) == flank
    plan = plan_move(state, 0, MoveMode.WALK, (F,) * cruise)
    assert plan.mp_spent == cruise
    with pytest.raises(IllegalCommand, match="costs 1 MP, 0 of"):
        plan_move(state, 0, MoveMode.WALK, (F,) * (cruise + 1))
    assert plan_move(state, 0, MoveMode.RUN, (F,) * flank).hexes == flank


def test_a_vehicle_turns_for_1_mp_and_never_backs_up_at_flank() -> None:
    """BT-M-37.1: 1 MP a hexside; BT-M-19 item 6: no backward movement at flank speed."""
    state = one(BULLDOG)
    assert plan_move(state, 0, MoveMode.WALK, (L, F, R)).mp_spent == 3
    assert plan_move(state, 0, MoveMode.WALK, (B,)).mp_spent == 1
    with pytest.raises(IllegalCommand, match="backward at flank"):
        plan_move(state, 0, MoveMode.RUN, (B,))


def test_motive_damage_and_immobile_reduce_the_allowance() -> None:
    """BT-M-37.5: Cruising MP lost to motive damage; major damage: no move at all."""
    state = one(BULLDOG)
    damaged = state_with(state, 0, motive_mp_lost=1)
    assert mp(damaged, MoveMode.WALK) == 3
    assert mp(damaged, MoveMode.RUN) == 5  # ceil(1.5 x 3)
    stopped = state_with(state, 0, immobilized=True)
    assert reachable(stopped, 0, MoveMode.WALK) == {}
    with pytest.raises(IllegalCommand, match="immobile"):
        plan_move(stopped, 0, MoveMode.WALK, (F,))


def test_no_standing_up_or_dropping_prone_for_other_kinds() -> None:
    """BT-M-24: prone and standing are 'Mech steps."""
    for name in (BULLDOG, FOOT):
        with pytest.raises(IllegalCommand, match="only a 'Mech"):
            plan_move(one(name), 0, MoveMode.WALK, (Step(StepKind.PRONE),))


# ---------------------------------------------------------------- BT-M-23 terrain by motion type


def test_tracked_light_woods_costs_2_heavy_woods_prohibited() -> None:
    """BT-M-21 / BT-M-23: tracked pays 2 for light woods; no ground vehicle enters heavy woods."""
    state = one(BULLDOG, h0407=Terrain(woods=Woods.LIGHT), h0406=Terrain(woods=Woods.HEAVY))
    assert plan_move(state, 0, MoveMode.WALK, (F,)).mp_spent == 2
    with pytest.raises(IllegalCommand, match="heavy woods"):
        plan_move(state, 0, MoveMode.WALK, (F, F))


def test_wheeled_may_not_enter_light_woods_or_rough() -> None:
    """BT-M-23: wheeled vehicles are the most restricted."""
    woods = one(HETZER, h0407=Terrain(woods=Woods.LIGHT))
    with pytest.raises(IllegalCommand, match="light woods"):
        plan_move(woods, 0, MoveMode.WALK, (F,))
    rough = one(HETZER, h0407=Terrain(rough=True))
    with pytest.raises(IllegalCommand, match="rough"):
        plan_move(rough, 0, MoveMode.WALK, (F,))


def test_hover_crosses_deep_water_for_1_mp_tracked_may_not() -> None:
    """BT-M-37.4: hover on the surface, 1 MP per water hex; only hover enters Depth 1+."""
    water = {"h0407": Terrain(water=2), "h0406": Terrain(water=2)}
    hover = one(PEGASUS, **water)
    assert plan_move(hover, 0, MoveMode.RUN, (F, F)).mp_spent == 2
    with pytest.raises(IllegalCommand, match="Depth 1"):
        plan_move(one(BULLDOG, **water), 0, MoveMode.WALK, (F,))


def test_a_ground_vehicle_climbs_one_level_for_2_mp() -> None:
    """BT-M-22 / BT-M-37.1: at most 1 level per hex, +2 MP a level."""
    state = one(BULLDOG, h0407=Terrain(level=1), h0406=Terrain(level=3))
    assert plan_move(state, 0, MoveMode.WALK, (F,)).mp_spent == 3
    with pytest.raises(IllegalCommand, match="too steep"):
        plan_move(state, 0, MoveMode.RUN, (F, F))


def test_vehicles_deploy_only_where_they_may_go() -> None:
    """BT-M-23: the deployment refuses a hex the unit could never enter."""
    state = one(BULLDOG, h0406=Terrain(woods=Woods.HEAVY))
    unit = state.units[0]
    assert kindmove.deploy_problem(unit, state.board.terrain(Hex.from_label("0406")))
    assert kindmove.deploy_problem(unit, state.board.terrain(Hex.from_label("0405"))) is None


# ---------------------------------------------------------------- BT-M-37.3 VTOLs


def test_a_landed_vtol_takes_off_and_climbs_over_woods() -> None:
    """BT-M-37.3 / BT-M-41 #9: 1 MP a hex, +1 a level; it takes off (1 MP) as it starts."""
    state = one(JACKET, h0406=Terrain(woods=Woods.HEAVY))
    assert isinstance(state.units[0].body, VehicleBody)
    assert state.units[0].body.elevation == 0
    plan = plan_move(state, 0, MoveMode.WALK, (F, F))
    assert [s.mp for s in plan.steps] == [2, 2]  # take-off + hex; hex + climb to 2 over woods
    assert plan.elevation == 2
    after, events = play(state, Move(0, MoveMode.WALK, (F, F)))
    assert ElevationChanged(0, 2) in events
    body = after.units[0].body
    assert isinstance(body, VehicleBody)
    assert body.elevation == 2
    assert after.units[0].hex == Hex.from_label("0406")


def test_a_flying_vtol_crosses_water_and_heavy_woods() -> None:
    """BT-M-37.3: terrain prohibits a ground vehicle, never a VTOL in flight."""
    state = one(JACKET, h0407=Terrain(water=3), h0406=Terrain(woods=Woods.HEAVY))
    state = state_with(state, 0, elevation=2)
    plan = plan_move(state, 0, MoveMode.WALK, (F, F, F))
    assert plan.mp_spent == 3
    assert plan.elevation == 2


# ---------------------------------------------------------------- BT-M-4 infantry and battle armor


def test_infantry_turns_free_and_has_no_run() -> None:
    """BT-M-4 / BT-M-21 note 5: one ground allowance, facing changes free."""
    state = one(MOTOR)
    assert plan_move(state, 0, MoveMode.WALK, (L, L, F, R, F, F)).mp_spent == 3
    with pytest.raises(IllegalCommand, match="no run"):
        plan_move(state, 0, MoveMode.RUN, (F,))
    assert reachable(state, 0, MoveMode.RUN) == {}


def test_foot_infantry_has_1_mp_and_a_first_hex_into_woods() -> None:
    """BT-M-4: foot 1 MP; BT-M-21: light woods 2; BT-M-18 item 5: minimum movement of one hex."""
    state = one(FOOT, h0407=Terrain(woods=Woods.LIGHT))
    plan = plan_move(state, 0, MoveMode.WALK, (F,))
    assert plan.steps[-1].minimum
    with pytest.raises(IllegalCommand, match="Minimum Movement"):
        plan_move(state, 0, MoveMode.WALK, (F, F))


def test_infantry_may_not_enter_deep_water() -> None:
    """BT-M-23: Depth 1+ water is prohibited to infantry."""
    state = one(MOTOR, h0407=Terrain(water=1))
    with pytest.raises(IllegalCommand, match="Depth 1"):
        plan_move(state, 0, MoveMode.WALK, (F,))


@pytest.mark.parametrize("name", [JUMPERS, CAVALIER])
def test_jump_infantry_and_battle_armor_jump_3(name: str) -> None:
    """BT-M-4: jump infantry and jump battle armor have 3 Jump MP."""
    state = one(name)
    landings = {h for h, _ in reachable(state, 0, MoveMode.JUMP)}
    assert max(Hex.from_label("0408").distance(h) for h in landings) == 3
    path = (Hex.from_label("0407"), Hex.from_label("0406"), Hex.from_label("0405"))
    after, _ = play(state, Jump(0, path, Facing.N))
    assert after.units[0].hex == Hex.from_label("0405")
    with pytest.raises(IllegalCommand, match="Jump MP"):
        play(state, Jump(0, (*path, Hex.from_label("0404")), Facing.N))


def test_foot_infantry_cannot_jump() -> None:
    """BT-M-4: only jump platoons jump."""
    assert reachable(one(FOOT), 0, MoveMode.JUMP) == {}


# ---------------------------------------------------------------- BT-M-25 stacking


def stack(*names: str, side: tuple[int, ...] | None = None) -> BTState:
    """Units in a column from 0408 northwards, facing north, sides as given (all 0 by default)."""
    sides = side or (0,) * len(names)
    units = [
        (blk(n) if n != "mech" else MECH, s, f"04{8 - i:02d}", Facing.N)
        for i, (n, s) in enumerate(zip(names, sides, strict=True))
    ]
    return start(terrain_board(8, 10), units)  # type: ignore[arg-type]


def test_two_friendly_units_may_share_a_hex_not_three() -> None:
    """BT-M-25: at most 2 units of one side in a hex (infantry counts as a unit)."""
    state = stack(MOTOR, FOOT, BULLDOG, side=(0, 0, 0))
    # the platoon in 0408 moves into 0407 with the foot platoon: 2 of one side, allowed
    assert plan_move(state, 0, MoveMode.WALK, (F,)).hexes == 1
    # with the tank moved into 0407 too, a third unit of the side is refused
    third = state.replace_unit(2, attrs.evolve(state.units[2], hex=Hex.from_label("0407")))
    with pytest.raises(IllegalCommand, match="2 at most"):
        plan_move(third, 0, MoveMode.WALK, (F,))


def test_no_unit_ends_in_a_mechs_hex_or_enters_an_enemys() -> None:
    """BT-M-25: never into an enemy's hex; DESIGN: a 'Mech's hex takes no other unit."""
    with pytest.raises(IllegalCommand, match="holds a 'Mech"):
        plan_move(stack(MOTOR, "mech"), 0, MoveMode.WALK, (F,))
    with pytest.raises(IllegalCommand, match="enemy"):
        plan_move(stack(MOTOR, FOOT, side=(0, 1)), 0, MoveMode.WALK, (F,))
    ends = {h for h, _ in reachable(stack(MOTOR, "mech"), 0, MoveMode.WALK)}
    assert Hex.from_label("0407") not in ends
    assert Hex.from_label("0406") in ends  # through the friendly 'Mech's hex


# ---------------------------------------------------------------- options, crews, victory


def test_legal_moves_of_every_kind_are_accepted() -> None:
    """`legal_commands` lists moves for every kind; each one listed is accepted."""
    state = stack(BULLDOG, MOTOR, JACKET, CAVALIER)
    moves = [c for c in legal_commands(state) if isinstance(c, Move | Jump)]
    assert {c.unit for c in moves} == {0, 1, 2, 3}
    for command in moves[::7]:
        decide(state, command, Dice(7))  # raises if refused (a flank VTOL may roll a sideslip)


def test_crews_get_the_defaults_of_their_kind() -> None:
    """BT-M-13 / BT-C-14: a vehicle crew drives 5 and shoots 4 (Clan 6/5)."""
    tank = blk(BULLDOG)
    assert isinstance(tank, VehicleDesign)
    pilot = default_pilot(tank)
    assert (pilot.piloting, pilot.gunnery) == (5, 4)
    clan = attrs.evolve(tank, tech_base="Clan")
    assert (default_pilot(clan).piloting, default_pilot(clan).gunnery) == (6, 5)
    squad = attrs.evolve(blk(CAVALIER), tech_base="Clan")  # a Clan squad: gunnery 4 all the same
    assert (default_pilot(squad).piloting, default_pilot(squad).gunnery) == (5, 4)
    assert default_pilot(blk(FOOT)).gunnery == 4


def test_a_platoon_is_lost_with_its_last_man_and_counts_its_men_in_tons() -> None:
    """BT-C-34: all men lost is destroyed; DESIGN tonnage of a platoon and a squad."""
    state = stack(FOOT, CAVALIER, BULLDOG)
    platoon = state.units[0]
    assert isinstance(platoon.design, InfantryDesign)
    assert isinstance(platoon.body, InfantryBody)
    assert fighting(state, platoon)
    assert tonnage(platoon) == pytest.approx(platoon.design.troopers * 0.085, abs=0.01)
    gone = attrs.evolve(platoon, body=attrs.evolve(platoon.body, troopers=0))
    assert lost(gone)
    assert not fighting(state, gone)
    squad = state.units[1]
    assert isinstance(squad.design, BattleArmorDesign)
    assert tonnage(squad) > 0
    tank = state.units[2]
    assert tonnage(tank) == 60
    assert not crippled(tank)
    assert crippled(state_with(state, 2, immobilized=True).units[2])


def test_deployment_offers_only_hexes_the_kind_may_enter() -> None:
    """BT-M-23 at deployment: no heavy woods for a tank in the legal list."""
    board = terrain_board(8, 10, **{f"h0{q}01": Terrain(woods=Woods.HEAVY) for q in range(1, 9)})
    state = start(board, [(blk(BULLDOG), 0, "0408", Facing.N)])  # type: ignore[list-item]
    state = state.replace_unit(0, attrs.evolve(state.units[0], hex=None))
    state = attrs.evolve(state, phase=Phase.DEPLOYMENT, slots=((0, 1),))
    deploys = [c for c in legal_commands(state) if isinstance(c, Deploy)]
    assert len(deploys) > 8  # the zone's other hexes
    assert any(c.hex == Hex.from_label("0102") for c in deploys)
    assert all(state.board.terrain(c.hex).woods is not Woods.HEAVY for c in deploys)


# ---------------------------------------------------------------- BT-M-29.5 / BT-M-37.1 skids


PAVED = {f"h04{r:02d}": Terrain(pavement=True) for r in range(10, 19)}


def test_a_flank_turn_on_pavement_needs_a_driving_roll_cruise_none() -> None:
    """BT-M-29.1: at flank, a turn then a move on pavement; at cruise no roll (BT-M-37.1)."""
    state = one(PEGASUS, "0418", **PAVED)
    steps = (F, F, R, F, F)
    plan = plan_move(state, 0, MoveMode.RUN, steps)
    assert [c.reason for c in plan.checks] == ["skid"]
    # 4 hexes intended: modifier 0 (BT-M-29.2)
    assert plan.checks[0].modifiers == (("4 hexes this turn", 0),)
    assert plan.steps[3].before == plan.checks
    assert plan_move(state, 0, MoveMode.WALK, steps).checks == ()
    assert plan_move(one(FOOT, **PAVED), 0, MoveMode.WALK, (R, F)).checks == ()


def test_a_passed_driving_roll_goes_on_a_failed_one_skids_with_its_facing() -> None:
    """BT-M-29.3/29.5: Driving 5 + 0 + motive penalty; failure: half the hexes left, facing kept."""
    state = one(PEGASUS, "0418", **PAVED)
    steps = (F, R, F, F, F, F)  # 5 hexes intended: +1
    moved = Hex.from_label("0417")
    end = moved
    for _ in range(4):
        end = end.neighbor(Facing.NE)
    after, _ = play(state, Move(0, MoveMode.RUN, steps), dice=(3, 3))  # 6 >= 5 + 1
    assert after.units[0].hex == end
    # 5 < 6: skid; then a motive roll per hex skidded (BT-M-29.5): 1 + 1 +3 hover = 5, none
    after, events = play(state, Move(0, MoveMode.RUN, steps), dice=(2, 3, 1, 1, 1, 1))
    assert any(e.TAG == "bt/skidded" for e in events)
    unit = after.units[0]
    assert unit.facing is Facing.NE  # it turned before losing control, and keeps that facing
    assert unit.hex == moved.neighbor(Facing.N).neighbor(Facing.N)  # 4 hexes left // 2 = 2
    assert after.active is None
    damaged = state_with(state, 0, driver_hit=True)  # +2 Driving (BT-C-24.3)
    plan = plan_move(damaged, 0, MoveMode.RUN, steps)
    assert plan.checks[0].modifiers == (("5 hexes this turn", 1), ("vehicle damage", 2))


# ---------------------------------------------------------------- BT-M-27.3 road bonus

NORTH_SOUTH = (1 << int(Facing.N)) | (1 << int(Facing.S))
ROAD = {f"h04{r:02d}": Terrain(road=NORTH_SOUTH) for r in range(10, 19)}


def test_a_ground_vehicle_on_the_road_all_move_has_1_mp_more() -> None:
    """BT-M-27.3: +1 MP at cruise or flank for a ground vehicle that starts and stays on a road."""
    state = one(BULLDOG, "0418", **ROAD)
    assert plan_move(state, 0, MoveMode.WALK, (F,) * 5).allowance == 5
    assert plan_move(state, 0, MoveMode.RUN, (F,) * 7).mp_spent == 7
    with pytest.raises(IllegalCommand, match="costs 1 MP, 0 of 4"):
        plan_move(state, 0, MoveMode.WALK, (F, F, F, L, F))  # leaves the road: no bonus
    ends = {h for h, _ in reachable(state, 0, MoveMode.WALK)}
    assert Hex.from_label("0413") in ends
    assert Hex.from_label("0412") not in ends
    off = one(BULLDOG, "0418")  # the same move without the road
    with pytest.raises(IllegalCommand, match="costs 1 MP, 0 of 4"):
        plan_move(off, 0, MoveMode.WALK, (F,) * 5)


def test_charges_by_or_on_other_kinds_are_refused_with_a_message() -> None:
    """BT-C-42: a 'Mech may not charge a vehicle: refused in one line, never a crash.

    (Rams by vehicles and the other refusals: tests/engine/battletech/test_kind_physical.py.)
    """
    state = stack("mech", BULLDOG, side=(0, 1))
    with pytest.raises(IllegalCommand, match=r"may not charge a vehicle \(BT-C-42\)"):
        play(state, Move(0, MoveMode.WALK, (L, R), charge=1))


def test_deploying_onto_a_tank_names_a_unit_not_a_mech() -> None:
    """BT-M-25 at deployment: the refusal names what holds the hex (a tank, not a 'Mech)."""
    board = terrain_board(8, 10)
    units = [(blk(BULLDOG), 0, "0102", Facing.N), (blk(BULLDOG), 0, "0408", Facing.N)]
    state = start(board, units)  # type: ignore[arg-type]
    state = state.replace_unit(1, attrs.evolve(state.units[1], hex=None))
    state = attrs.evolve(state, phase=Phase.DEPLOYMENT, slots=((0, 1),))
    with pytest.raises(IllegalCommand) as caught:
        play(state, Deploy(1, Hex.from_label("0102"), Facing.N))
    assert (caught.value.code, caught.value.message) == (
        "deploy/stacking",
        "0102 already holds another unit",
    )
