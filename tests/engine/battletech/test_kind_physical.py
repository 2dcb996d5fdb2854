"""Physical attacks by and on vehicles, platoons and battle armor (BT-C-36, BT-C-41..46).

Charges (a vehicle's ram), deaths from above onto vehicles and infantry, kicks on infantry, and
what the digest refuses. Every unit is built in code or read from a bundled .blk; pilots and
crews are Gunnery 4, Piloting (Driving) 5. Dice are scripted: the to-hit 2D6 first, then what the
digest's procedure rolls, in order; every die must be used.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.battletech import events as ev
from engine.battletech import kindevents as kev
from engine.battletech.board import Board, Terrain, Woods
from engine.battletech.commands import (
    EndPhase,
    FireWeapons,
    Jump,
    Move,
    PhysicalAttack,
    Step,
    StepKind,
)
from engine.battletech.data.blk import parse_blk
from engine.battletech.designs.mech import Location
from engine.battletech.designs.vehicle import Motion, VehicleLocation
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.narrate import tell
from engine.battletech.rules import physical
from engine.battletech.rules.flow import decide
from engine.battletech.rules.lapses import ChargeLapsed
from engine.battletech.rules.options import legal_commands
from engine.battletech.state import AttackKind, BTState, MoveMode, Phase, UnitDesign
from engine.dice import ScriptedDice
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, evolved_unit, start, terrain_board
from tests.engine.battletech._rules_btc import of, physical_attack, resolve, run
from tests.engine.battletech._vehicles import tank, vtol

BLK = Path(__file__).parents[3] / "assets" / "units" / "blk"
F = Step(StepKind.FORWARD)
H = Hex.from_label
CHARGE, DFA, KICK = AttackKind.CHARGE, AttackKind.DFA, AttackKind.KICK
FRONT, REAR = VehicleLocation.FRONT, VehicleLocation.REAR
PATH = (H("0810"), H("0809"), H("0808"))
"""A jump from 0811 to 0808, next to a target in 0807."""


def blk(name: str) -> UnitDesign:
    """A bundled unit file's design."""
    return parse_blk((BLK / f"{name}.blk").read_text()).design


def board(**hexes: Terrain) -> Board:
    """The 16 x 17 clear board with ``hexes`` (by label)."""
    return terrain_board(16, 17, **hexes)


def ram_state(target: UnitDesign, *, t_facing: Facing = Facing.S, **hexes: Terrain) -> BTState:
    """A 60-ton tracked tank (unit 0) in 0811 facing N; ``target`` (unit 1) in 0807."""
    units = [(tank(), 0, "0811", Facing.N), (target, 1, "0807", t_facing)]
    return start(board(**hexes), units)  # type: ignore[arg-type]


def rammed(state: BTState, hexes: int = 3) -> BTState:
    """The tank flanks ``hexes`` hexes north declaring a ram on unit 1; unit 1 stands still."""
    return run(state, [Move(0, MoveMode.RUN, (F,) * hexes, charge=1), Move(1, MoveMode.STILL)])[0]


def dfa_state(target: UnitDesign, **hexes: Terrain) -> BTState:
    """``target`` (unit 0) in 0807 facing S; a 50-ton jumper (unit 1, Jump 4) in 0811.

    The target stands still; the jumper jumps to 0808 and declares a death from above on it.
    """
    units = [(target, 0, "0807", Facing.S), (design(50, 5, 4), 1, "0811", Facing.N)]
    state = start(board(**hexes), units)  # type: ignore[arg-type]
    return run(state, [Move(0, MoveMode.STILL), Jump(1, PATH, Facing.N, dfa=0)])[0]


def body(state: BTState, index: int) -> VehicleBody:
    found = state.units[index].body
    assert isinstance(found, VehicleBody)
    return found


def psrs(events: list) -> list[tuple[int, int]]:
    return [(r.unit, r.target) for r in of(events, ev.PilotingRoll)]


# ---------------------------------------------------------------- BT-C-42 a vehicle rams
def test_a_tank_rams_a_mech_on_the_kick_table_bt_c_42() -> None:
    """BT-C-42 / BT-C-36: 60 t after 3 hexes: ceil(60 x 3 / 10) = 18 (5, 5, 5, 3), Kick table.

    To-hit 5 + flanked 2 + Driving 5 - Piloting 5 = 7. The tank takes ceil(70 / 20) = 4 on
    BT-C-24.1's Front column (8: the front). Only the 'Mech rolls its +2 PSR (7); both move on.
    """
    state = rammed(ram_state(design(70)))
    assert state.units[0].hex == H("0808")
    dice = (4, 4, 4, 4, 4, 4, 4, 4, 4, 4)  # hit, four kick rolls, the tank's 2D6, the PSR
    state, events = run(state, [EndPhase(), PhysicalAttack(1)], dice)
    (attack,) = [e.attack for e in of(events, ev.AttackDeclared) if e.attack.kind is CHARGE]
    assert (attack.to_hit, attack.table, attack.side) == (7, "kick", "front")
    assert ("attacker flanked", 2) in attack.modifiers
    to_mech = [(d.location, d.armor + d.internal) for d in of(events, ev.DamageApplied)]
    assert to_mech == [(Location.LL, 5), (Location.LL, 5), (Location.LL, 5), (Location.LL, 3)]
    (back,) = of(events, kev.VehicleHit)
    assert (back.unit, back.location, back.damage, back.roll) == (0, FRONT, 4, (4, 4))
    assert psrs(events) == [(1, 7)]  # vehicles never fall (BT-M-37.1)
    assert (state.units[0].hex, state.units[1].hex) == (H("0807"), H("0806"))
    assert body(state, 0).armor_at(tank(), FRONT) == 16


def test_a_tank_rams_a_tank_on_the_side_hit_bt_c_42() -> None:
    """BT-C-42 / BT-C-24.1: a vehicle target takes the ram on the column of the side hit.

    The target faces N: the ram strikes its rear; 18 in 5, 5, 5, 3, each 7 on the Rear column
    (rear armor 20 -> 2). The rammer takes ceil(60 / 20) = 3 on its Front. No rolls to stay up.
    """
    state = rammed(ram_state(tank(), t_facing=Facing.N))
    dice = (4, 4, *(3, 4) * 4, 3, 4)
    state, events = run(state, [EndPhase(), FireWeapons(1)], dice)
    hits = [(h.unit, h.location, h.damage) for h in of(events, kev.VehicleHit)]
    assert hits == [(1, REAR, 5), (1, REAR, 5), (1, REAR, 5), (1, REAR, 3), (0, FRONT, 3)]
    assert body(state, 1).armor_at(tank(), REAR) == 2
    assert body(state, 0).armor_at(tank(), FRONT) == 17
    assert not of(events, ev.PilotingRoll)
    assert (state.units[0].hex, state.units[1].hex) == (H("0807"), H("0806"))


def test_a_missed_ram_ends_in_the_front_right_hex_bt_c_42() -> None:
    """BT-C-42: a miss: no damage; the rammer goes to its front-right hex (DESIGN: right first)."""
    state = rammed(ram_state(design(70)))
    state, events = run(state, [EndPhase(), PhysicalAttack(1)], (1, 1))
    assert not of(events, ev.DamageApplied)
    assert not of(events, kev.VehicleHit)
    assert state.units[0].hex == H("0808").neighbor(Facing.NE)
    assert state.units[1].hex == H("0807")


def test_a_ram_lapses_when_the_crew_is_stunned_bt_c_24_3() -> None:
    """BT-C-24.3 / BT-C-42: a crew stunned before the Physical phase may not move: no ram.

    The lapse is told with its reason; nothing is rolled.
    """
    state = rammed(ram_state(design(70)))
    state = state.replace_unit(0, evolved_unit(state.units[0], stunned=2))
    assert "stunned" in physical.why_charge_lapses(state, 0)
    state, events = run(state, [EndPhase(), PhysicalAttack(1)])
    (lapsed,) = of(events, ChargeLapsed)
    assert "stunned" in lapsed.reason
    assert not of(events, ev.AttackRolled)
    assert state.units[0].hex == H("0808")


def test_a_tank_may_ram_a_prone_mech_on_the_normal_table_bt_c_42() -> None:
    """BT-C-42 / BT-C-45: vehicles may charge prone 'Mechs: the normal 2D6 table.

    5 + flanked 2 - prone adjacent 2 = 5.
    """
    state = ram_state(design(70))
    state = state.replace_unit(1, evolved_unit(state.units[1], prone=True))
    state = rammed(state)
    hit = physical.physical_to_hit(state, 0, CHARGE, 1)
    assert (hit.number, hit.table) == (5, "normal")
    assert ("target prone, adjacent", -2) in hit.modifiers


def test_a_mech_may_not_charge_a_tank_bt_c_42() -> None:
    """BT-C-42: 'Mechs may not charge vehicles: refused with the rule, before any die."""
    units = [(design(50), 0, "0811", Facing.N), (tank(), 1, "0807", Facing.S)]
    state = start(board(), units)  # type: ignore[list-item]
    with pytest.raises(IllegalCommand, match=r"may not charge a vehicle \(BT-C-42\)"):
        run(state, [Move(0, MoveMode.RUN, (F,) * 3, charge=1)])


@pytest.mark.parametrize("target", ["Foot Platoon (Laser)", "Cavalier Battle Armor [Laser](Sqd4)"])
def test_infantry_cannot_be_charged_bt_c_42(target: str) -> None:
    """BT-C-42: infantry (and battle armor) cannot be charged, by a vehicle or a 'Mech."""
    with pytest.raises(IllegalCommand, match=r"infantry cannot be charged \(BT-C-42\)"):
        rammed(ram_state(blk(target)))
    units = [(design(50), 0, "0811", Facing.N), (blk(target), 1, "0807", Facing.S)]
    state = start(board(), units)  # type: ignore[list-item]
    with pytest.raises(IllegalCommand, match=r"infantry cannot be charged \(BT-C-42\)"):
        run(state, [Move(0, MoveMode.RUN, (F,) * 3, charge=1)])


def test_a_vtol_cannot_charge_bt_c_36() -> None:
    """BT-C-36: VTOLs cannot charge; a platoon makes no physical attack at all."""
    flyer = [(vtol(), 0, "0811", Facing.N), (design(50), 1, "0807", Facing.S)]
    state = start(board(), flyer)  # type: ignore[list-item]
    with pytest.raises(IllegalCommand, match=r"a VTOL cannot charge \(BT-C-36\)"):
        run(state, [Move(0, MoveMode.RUN, (F,) * 3, charge=1)])
    hit = physical.physical_to_hit(state, 0, CHARGE, 1)
    assert not hit.possible
    foot = [(blk("Foot Platoon (Laser)"), 0, "0808", Facing.N), (design(50), 1, "0807", Facing.S)]
    state = start(board(), foot)  # type: ignore[list-item]
    assert "no physical attacks" in physical.physical_to_hit(state, 0, CHARGE, 1).reason


def test_a_ram_reaches_one_level_up_on_the_kick_table_bt_c_44() -> None:
    """BT-C-44: a 'Mech on a 1-level hill can be rammed (3 MP to climb in: 1 + 2, BT-M-22).

    On a 2-level hill it cannot (BT-C-44; a ground vehicle climbs 1 level a hex, BT-M-22).
    """
    state = rammed(ram_state(design(70), h0807=Terrain(level=1)))
    hit = physical.physical_to_hit(state, 0, CHARGE, 1)
    assert (hit.number, hit.table) == (7, "kick")
    with pytest.raises(IllegalCommand, match=r"1 level up or down \(BT-C-44\)"):
        rammed(ram_state(design(70), h0807=Terrain(level=2)))


def test_a_wheeled_vehicle_cannot_ram_into_woods_bt_c_42() -> None:
    """BT-C-42: no charge on a target in terrain the vehicle could not enter (BT-M-23)."""
    wheels = tank(motion=Motion.WHEELED)
    units = [(wheels, 0, "0811", Facing.N), (design(70), 1, "0807", Facing.S)]
    state = start(board(h0807=Terrain(woods=Woods.LIGHT)), units)  # type: ignore[list-item]
    with pytest.raises(IllegalCommand, match="could not enter 0807"):
        run(state, [Move(0, MoveMode.RUN, (F,) * 3, charge=1)])


def test_the_ram_is_a_listed_legal_command_and_is_accepted() -> None:
    """The legal commands offer the tank's ram; the listed command is accepted as it stands."""
    state = ram_state(design(70))
    rams = [c for c in legal_commands(state) if isinstance(c, Move) and c.charge == 1]
    assert rams
    assert all(c.unit == 0 for c in rams)
    for ram in rams:  # every one listed is accepted (no dice: clear ground, no skid)
        assert ev.ChargeDeclared(0, 1) in decide(state, ram, ScriptedDice(()))


def test_the_dfa_on_a_tank_is_a_listed_legal_command_and_is_accepted() -> None:
    """The legal commands offer a 'Mech's deaths from above on a tank; each is accepted."""
    units = [(tank(), 0, "0807", Facing.S), (design(50, 5, 4), 1, "0811", Facing.N)]
    state = start(board(), units)  # type: ignore[list-item]
    state = run(state, [Move(0, MoveMode.STILL)])[0]
    jumps = [c for c in legal_commands(state) if isinstance(c, Jump) and c.dfa == 0]
    assert jumps
    for jump in jumps:
        events = decide(state, jump, ScriptedDice(()))
        assert any(isinstance(e, ev.DFADeclared) and e.target == 0 for e in events)


def test_a_ram_is_told_as_a_ram() -> None:
    """Narration: a vehicle rams (BT-C-36), in the move, the declaration and the roll."""
    state = ram_state(design(70))
    move = Move(0, MoveMode.RUN, (F,) * 3, charge=1)
    after, events = run(state, [move])
    told, _ = tell(0, move, events, state)
    said = "\n".join(t.text for t in told)
    assert "ramming" in said
    assert "declares a ram on" in said
    after = run(after, [Move(1, MoveMode.STILL)])[0]
    end = EndPhase()
    _, events = run(after, [end], (4, 4, 4, 4, 4, 4, 4, 4, 4, 4), exact=False)
    told, _ = tell(1, end, events, after)
    said = "\n".join(t.text for t in told)
    assert " rams " in said
    assert "charges" not in said


# ---------------------------------------------------------------- BT-C-43 DFA on other kinds
def test_a_dfa_onto_a_tank_strikes_its_front_bt_c_43() -> None:
    """BT-C-43 / BT-C-24.1: 50 t: ceil(50 x 3 / 10) = 15 in 5, 5, 5 on the Front column.

    To-hit 5 + jumped 3 + Piloting 5 - Driving 5 = 8. The 'Mech takes ceil(50 / 5) = 10 on the
    Kick table (1: right leg, 6: left leg) and rolls its +4 PSR (9); the tank makes none. The
    'Mech lands in the tank's hex; the tank is displaced straight away (north, into 0806).
    """
    state = dfa_state(tank())
    dice = (4, 4, 3, 4, 3, 4, 3, 4, 1, 6, 5, 4)
    state, events = run(state, [EndPhase(), FireWeapons(0)], dice)
    (attack,) = [e.attack for e in of(events, ev.AttackDeclared) if e.attack.kind is DFA]
    assert (attack.to_hit, attack.side) == (8, "front")
    hits = [(h.location, h.damage) for h in of(events, kev.VehicleHit)]
    assert hits == [(FRONT, 5)] * 3
    legs = [(d.location, d.armor + d.internal) for d in of(events, ev.DamageApplied)]
    assert legs == [(Location.RL, 5), (Location.LL, 5)]
    assert psrs(events) == [(1, 9)]
    assert body(state, 0).armor_at(tank(), FRONT) == 5
    assert (state.units[1].hex, state.units[0].hex) == (H("0807"), H("0806"))


def test_a_tank_displaced_into_water_is_destroyed_bt_c_46() -> None:
    """BT-C-46 / BT-M-26.2: a tracked tank a DFA drives into Depth 1 water is destroyed."""
    state = dfa_state(tank(), h0806=Terrain(water=1))
    dice = (4, 4, 3, 4, 3, 4, 3, 4, 1, 6, 5, 4)
    state, events = run(state, [EndPhase(), FireWeapons(0)], dice)
    (gone,) = of(events, ev.UnitDestroyed)
    assert gone.unit == 0
    assert "BT-C-46" in gone.cause
    assert state.units[0].destroyed


def test_a_wheeled_vehicle_is_not_displaced_into_woods_bt_c_46() -> None:
    """BT-C-46: not into a hex it could not enter: the next one, right first (DESIGN)."""
    state = dfa_state(tank(motion=Motion.WHEELED), h0806=Terrain(woods=Woods.LIGHT))
    dice = (4, 4, 3, 4, 3, 4, 3, 4, 1, 6, 5, 4)
    state, _ = run(state, [EndPhase(), FireWeapons(0)], dice)
    assert state.units[0].hex == H("0807").neighbor(Facing.NE)


def test_a_missed_dfa_on_a_tank_the_tank_steps_aside_bt_c_43() -> None:
    """BT-C-43: a miss: the tank moves to an adjacent hex; the 'Mech falls 2 levels (rear).

    Every neighbour is 1 level off: the water straight away ties with the hills and comes first,
    but it would sink the tank (DESIGN: the defender never chooses that, BT-M-26.2).
    """
    hills = {f"h{H('0807').neighbor(f).label}": Terrain(level=1) for f in Facing if f.value}
    state = dfa_state(tank(), **hills, h0806=Terrain(water=1))
    dice = (1, 1, *(3, 4) * 12)  # a miss, then the fall's location, critical and injury rolls
    state, events = run(state, [EndPhase(), FireWeapons(0)], dice, exact=False)
    assert not of(events, kev.VehicleHit)
    assert not state.units[0].destroyed  # DESIGN: it never chooses the water that sinks it
    assert state.units[0].hex not in {H("0807"), H("0806")}
    assert state.board.terrain(state.units[0].hex).level == 1
    assert state.units[1].hex == H("0807")
    assert of(events, ev.UnitFell)


def test_a_dfa_on_a_platoon_is_plus_3_without_piloting_bt_c_43() -> None:
    """BT-C-43 / BT-C-35: against infantry +3 and no Piloting comparison: 5 + 3 + 3 = 11.

    15 damage as direct damage: ceil(15 / 10) = 2 troopers, x 2 in the open (BT-C-35 item 1).
    """
    state = dfa_state(blk("Foot Platoon (Laser)"))
    hit = physical.physical_to_hit(state, 1, DFA, 0)
    assert hit.number == 11
    assert ("infantry target", 3) in hit.modifiers
    assert not [t for t in hit.modifiers if t[0] == "Piloting difference"]
    # the platoon's laser rifles could fire (BT-C-35.6): it holds fire, and the DFA lands
    state, events = run(state, [EndPhase(), FireWeapons(0)], (6, 5, 1, 6, 5, 4))
    (men,) = of(events, kev.TroopersLost)
    assert (men.damage, men.lost, men.in_open) == (15, 4, True)
    assert psrs(events) == [(1, 9)]
    assert (state.units[1].hex, state.units[0].hex) == (H("0807"), H("0806"))


def test_no_dfa_on_a_vtol_in_flight() -> None:
    """BT-C-44 (DESIGN, `vehicle_combat.physical_refused`): only arms reach a flying VTOL."""
    flyer = vtol()
    units = [(flyer, 0, "0807", Facing.S), (design(50, 5, 4), 1, "0811", Facing.N)]
    state = start(board(), units)  # type: ignore[list-item]
    state = state.replace_unit(0, evolved_unit(state.units[0], elevation=1))
    state = run(state, [Move(0, MoveMode.STILL)])[0]
    with pytest.raises(IllegalCommand, match="VTOL in flight"):
        run(state, [Jump(1, PATH, Facing.N, dfa=0)])


def test_a_dfa_reaches_a_tank_two_levels_below_bt_c_43() -> None:
    """BT-C-43: a DFA is possible at any level difference the jump reaches."""
    hill = Terrain(level=2)
    state = dfa_state(tank(), h0811=hill, h0810=hill, h0809=hill, h0808=hill)
    assert state.units[1].this_turn.dfa == 0
    assert physical.physical_to_hit(state, 1, DFA, 0).number == 8


# ---------------------------------------------------------------- BT-C-41 kicks on infantry
def test_a_kick_on_a_squad_next_to_it_bt_c_41() -> None:
    """BT-C-41 / BT-C-35: 3 + infantry 3 + battle armor 1 = 7; 10 in two 5s, each a trooper."""
    squad = blk("Cavalier Battle Armor [Laser](Sqd4)")
    units = [(design(50), 0, "0810", Facing.N), (squad, 1, "0809", Facing.S)]
    state = start(board(), units)  # type: ignore[list-item]
    state = run(state, [Move(0, MoveMode.STILL), Move(1, MoveMode.STILL)])[0]
    hit = physical.physical_to_hit(state, 0, KICK, 1, Location.RL)
    assert hit.number == 7
    attack = physical_attack(state, 0, KICK, 1, 7, limb=Location.RL)
    _, events = resolve(state, [attack], (4, 3, 2, 3), phase=Phase.PHYSICAL)
    assert [(h.trooper, h.damage) for h in of(events, kev.TrooperHit)] == [(1, 5), (2, 5)]


def test_no_kick_on_a_platoon_one_level_up_bt_c_44() -> None:
    """BT-C-44: a kick reaches infantry at its own level only."""
    units = [(design(50), 0, "0810", Facing.N), (blk("Foot Platoon (Laser)"), 1, "0809", Facing.S)]
    state = start(board(h0809=Terrain(level=1)), units)  # type: ignore[list-item]
    hit = physical.physical_to_hit(state, 0, KICK, 1)
    assert not hit.possible
    assert "own level" in hit.reason


# ---------------------------------------------------------------- BT-C-47 falls onto other kinds
def cliff_push(victim: UnitDesign) -> tuple[BTState, list]:
    """A 'Mech pushes another over a cliff's edge onto ``victim``.

    Unit 0 in 0808 and unit 1 in 0807 stand on a 2-level cliff; ``victim`` (unit 2) in 0806, at
    level 0, is where unit 1 comes down.
    """
    cliff = Terrain(level=2)
    units = [
        (design(50), 0, "0808", Facing.N),
        (design(50), 1, "0807", Facing.S),
        (victim, 0, "0806", Facing.S),
    ]
    state = start(board(h0808=cliff, h0807=cliff), units)  # type: ignore[list-item]
    attack = physical_attack(state, 0, AttackKind.PUSH, 1, 4)
    # the push's 2D6, then location, critical and injury rolls at 3 + 4 as they come
    return resolve(state, [attack], (4, 4, *(3, 4) * 12), phase=Phase.PHYSICAL, exact=False)


def test_a_mech_falling_onto_a_tank_hits_it_automatically_bt_c_47() -> None:
    """BT-C-47 / BT-M-26.3: a vehicle is hit with no roll, as by a DFA: its Front column.

    ceil(50 / 10) = 5 (7: the front); the tank is displaced straight on (0805); the 'Mech falls
    2 levels in 0806.
    """
    state, events = cliff_push(tank())
    (fell,) = of(events, ev.FellOntoUnit)
    assert (fell.target, fell.hit, fell.roll) == (2, True, ())
    (hit,) = of(events, kev.VehicleHit)
    assert (hit.unit, hit.location, hit.damage) == (2, FRONT, 5)
    assert (state.units[1].hex, state.units[2].hex) == (H("0806"), H("0805"))
    (down,) = of(events, ev.UnitFell)
    assert (down.unit, down.levels, down.cause) == (1, 2, "fell onto a vehicle")


def test_a_mech_falling_onto_infantry_always_misses_bt_c_47() -> None:
    """BT-C-47: infantry is never hit; the 'Mech lands beside it and the platoon stays."""
    state, events = cliff_push(blk("Foot Platoon (Laser)"))
    (fell,) = of(events, ev.FellOntoUnit)
    assert (fell.target, fell.hit, fell.roll, fell.to_hit) == (2, False, (), 13)
    assert not of(events, kev.TroopersLost)
    assert state.units[2].hex == H("0806")
    assert state.units[1].hex not in {H("0806"), H("0807")}
