"""Night rules in BattleTech (issue 16): NT-1..NT-5 and every seed example, with scripted dice.

The seed's examples use ASL's hex labels; here they are restated on small test boards. A movement
roll is two dice (coloured, white); a stray roll likewise (the coloured die is the direction,
1 = north, clockwise: NT-5).
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech.board import Bridge, Terrain, Woods
from engine.battletech.commands import FireWeapons, Jump, Move, Shot, Step, StepKind
from engine.battletech.designs.mech import Location
from engine.battletech.events import AmmoSpent, UnitEntered
from engine.battletech.narrate.sentences import describe
from engine.battletech.nightevents import JitterFired, MovementRolled, StrayEnded, StrayRolled
from engine.battletech.nightstate import NightSetup, NightState
from engine.battletech.rules import night, tohit
from engine.battletech.rules.turn import can_declare
from engine.battletech.state import BTState, MoveMode, Phase
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from engine.night import Care
from tests.engine.battletech._build import design, play, start, terrain_board

F = Step(StepKind.FORWARD)
R = Step(StepKind.RIGHT)
LASER = design(walk=5, jump=3, equipment=[("Medium Laser", Location.RA)])
LRM = design(walk=5, equipment=[("LRM 5", Location.LT), ("IS Ammo LRM-5", Location.LT)])
UNARMED = design(walk=5)
HILL = Terrain(level=3)


def _night(state: BTState, **changes: object) -> BTState:
    care = tuple(Care.NORMAL for _ in state.units)
    kwargs: dict[str, object] = {"care": care, "turn": state.turn, **changes}
    return attrs.evolve(state, night=NightState(**kwargs))  # type: ignore[arg-type]


def _far(board_size: int = 12, **hexes: Terrain) -> BTState:
    """Blue's 'Mech in 0608 facing N; Red's far away (0612 ... beyond visibility 2)."""
    board = terrain_board(board_size, board_size, **hexes)
    state = start(board, [(LASER, 0, "0608", Facing.N), (LASER, 1, "0102", Facing.S)])
    return _night(state, visibility=2)


def _kinds(events: list[object]) -> list[str]:
    return [type(e).__name__ for e in events]


def _walk(unit: int, *steps: Step) -> Move:
    return Move(unit, MoveMode.WALK, steps)


# ---------------------------------------------------------------- NT-1 exemption and checks


def test_nt1_example_1_a_unit_away_from_roads_and_light_checks_even_toward_a_road() -> None:
    """NT-1 example 1: unlit, no LOS to a known enemy: it checks, even moving toward a road.

    The hex it wants (0607) is next to a road (in 0606): no matter.
    """
    state = _far(h0606=Terrain(road=0b001001))
    assert night.exemption(state, 0) == ""
    after, events = play(state, _walk(0, F), dice=(1, 1))
    assert _kinds(events)[:2] == ["MovementStarted", "MovementRolled"]
    rolled = events[1]
    assert isinstance(rolled, MovementRolled)
    assert (rolled.coloured, rolled.white, rolled.strays) == (1, 1, False)
    assert after.units[0].hex == Hex.from_label("0607")


def test_nt1_example_2_on_the_road_no_check_then_a_check_once_it_leaves_it() -> None:
    """NT-1 example 2: on or beside a road, no check; once it has left, a check.

    It checks before entering the next hex from the first hex beside no road.
    """
    road = Terrain(road=0b001001)  # a north-south road
    state = _far(h0608=road, h0607=road, h0606=road, h0605=road)
    # Along the road 0608 -> 0606, then turn and leave it: 0706 (beside the road), 0806 (not
    # beside it: the check comes before the next hex, 0907).
    steps = (F, F, R, F, R, F, F)
    state = state.replace_unit(0, attrs.evolve(state.units[0], design=design(walk=7)))
    after, events = play(state, _walk(0, *steps), dice=(2, 2))
    names = _kinds(events)
    rolled_at = names.index("MovementRolled")
    entered = [e.hex.label for e in events[:rolled_at] if isinstance(e, UnitEntered)]
    assert entered == ["0607", "0606", "0706", "0806"]  # exempt until it stood beside no road
    assert after.units[0].hex is not None
    assert names.count("MovementRolled") == 1


def test_nt1_example_3_exempt_last_move_but_not_now_checks_before_moving() -> None:
    """NT-1 example 3: exempt at the end of its last move, not now: it checks before moving.

    It stood beside a muzzle flash of turn 1; in turn 2 the flash is gone.
    """
    state = _far()
    lit_then = NightState(
        care=(Care.NORMAL, Care.NORMAL),
        visibility=2,
        turn=1,
        flashes=frozenset({Hex.from_label("0607")}),
    )
    state = attrs.evolve(state, night=lit_then)
    assert night.exemption(state, 0) == "on or beside a lit hex"
    state = attrs.evolve(state, turn=2)
    assert night.exemption(state, 0) == ""
    _, events = play(state, _walk(0, F), dice=(4, 4))
    assert "MovementRolled" in _kinds(events)


@pytest.mark.parametrize(
    ("terrain", "exempt"),
    [
        (Terrain(pavement=True), True),
        (Terrain(water=0), True),
        (Terrain(water=1), True),
        (Terrain(water=2), False),
        (Terrain(bridge=Bridge(cf=40, height=1, exits=0b001001)), True),
        (Terrain(rough=True), False),
    ],
)
def test_nt5_beside_pavement_bridge_or_shallow_water_is_exempt(
    terrain: Terrain, exempt: bool
) -> None:
    """NT-5: on or beside a road, pavement, bridge or depth 0-1 water (a stream): exempt."""
    state = _far(h0508=terrain)
    assert (night.exemption(state, 0) != "") is exempt


def test_nt1_sight_of_a_known_enemy_exempts_an_unknown_one_does_not() -> None:
    """NT-1/NT-5: LOS to a known enemy exempts; an enemy beyond visibility is not known."""
    board = terrain_board(12, 12)
    state = start(board, [(LASER, 0, "0608", Facing.N), (LASER, 1, "0604", Facing.S)])
    known = _night(state, visibility=0)
    assert night.exemption(known, 0) == "it sees a known enemy"
    _, events = play(known, _walk(0, F))
    assert "MovementRolled" not in _kinds(events)
    unknown = _night(state, visibility=3)
    assert night.exemption(unknown, 0) == ""


def test_nt1_no_checks_in_daylight() -> None:
    """NT-1: straying is a night rule: no movement roll by day."""
    state = attrs.evolve(_far(), night=None)
    _, events = play(state, _walk(0, F, F))
    assert "MovementRolled" not in _kinds(events)
    assert night.stray_chance(state, 0) == 0.0


# ---------------------------------------------------------------- NT-2 the movement roll


def test_nt2_one_movement_roll_per_turn_then_the_move_goes_on() -> None:
    """NT-2: the movement roll is made once; a unit that kept its way does not roll again."""
    state = _far()
    after, events = play(state, _walk(0, F, F, F), dice=(6, 2))  # normal care: 6 with 2 holds
    assert _kinds(events).count("MovementRolled") == 1
    assert after.units[0].hex == Hex.from_label("0605")
    assert after.night is not None
    assert after.night.is_checked(0, after.turn)


@pytest.mark.parametrize(
    ("care", "white", "strayed"),
    [(Care.LAX, 1, True), (Care.NORMAL, 3, True), (Care.STEALTHY, 4, False)],
)
def test_nt2_the_care_level_decides(care: Care, white: int, strayed: bool) -> None:
    """NT-2: lax strays on any white die, normal on 3+, stealthy on 5+ (with a coloured 6)."""
    state = _far()
    assert state.night is not None
    state = attrs.evolve(state, night=attrs.evolve(state.night, care=(care, Care.NORMAL)))
    dice = (6, white, 4, 1) if strayed else (6, white)
    _, events = play(state, _walk(0, F), dice=dice)
    assert ("StrayRolled" in _kinds(events)) is strayed


def test_nt2_stray_chance_for_the_orders_panel() -> None:
    """NT-2: the chance of straying: 1/6 x the white dice that suffice."""
    state = _far()
    assert night.stray_chance(state, 0) == pytest.approx(4 / 36)
    assert state.night is not None
    lax = attrs.evolve(state, night=attrs.evolve(state.night, care=(Care.LAX, Care.LAX)))
    assert night.stray_chance(lax, 0) == pytest.approx(6 / 36)


def test_nt5_default_care_levels_and_scenario_overrides() -> None:
    """NT-5: 'Mechs are normal unless the scenario says; the setup's care reaches the state."""
    setup = NightSetup(care=("", "lax"))
    assert setup.care_of(0) is Care.NORMAL
    assert setup.care_of(1) is Care.LAX
    assert setup.care_of(5) is Care.NORMAL
    state = NightState.from_setup(setup, 2)
    assert state.care == (Care.NORMAL, Care.LAX)


# ---------------------------------------------------------------- NT-3 straying


def test_nt3_example_a_friendly_unit_one_hex_away_stops_the_stray_then_it_moves_normally() -> None:
    """NT-3 example: strays toward a friendly unit one hex away: it stops, then moves normally.

    No second movement roll.
    """
    board = terrain_board(12, 12)
    state = start(
        board,
        [(LASER, 0, "0608", Facing.N), (LASER, 0, "0607", Facing.N), (LASER, 1, "0102", Facing.S)],
    )
    state = _night(state, visibility=2)
    after, events = play(state, _walk(0, R, F), dice=(6, 6, 1, 3))  # strays north, into the friend
    end = (
        events[-1]
        if isinstance(events[-1], StrayEnded)
        else next(e for e in events if isinstance(e, StrayEnded))
    )
    assert end.free
    assert not end.unable
    assert end.path == ()
    assert after.active == 0  # it may finish its move normally
    after, events = play(after, _walk(0, R, F))  # no dice: no second roll
    assert "MovementRolled" not in _kinds(events)
    assert after.units[0].hex == Hex.from_label("0708")


def test_nt3_example_strays_into_sight_of_an_enemy_and_stops_marked() -> None:
    """NT-3 example: it strays into a hex from which it sees an enemy: it stops there, marked."""
    board = terrain_board(12, 12, h0607=HILL, h0507=HILL, h0707=HILL)
    state = start(board, [(LASER, 0, "0608", Facing.N), (LASER, 1, "0602", Facing.S)])
    state = _night(state, visibility=0)  # every enemy known; the hills hide it
    assert night.exemption(state, 0) == ""
    after, events = play(state, _walk(0, R, F), dice=(6, 6, 2, 1))  # strays north-east
    end = next(e for e in events if isinstance(e, StrayEnded))
    assert [h.label for h in end.path] == ["0708", "0807"]
    assert end.unable
    assert "sees a known enemy" in end.reason
    assert after.active is None
    assert night.is_unable(after, 0)
    weapon_phase = attrs.evolve(after, phase=Phase.WEAPON, slots=((0, 1),))
    assert not can_declare(weapon_phase, 0)


def test_nt3_example_strays_until_it_lacks_the_points() -> None:
    """NT-3 example: it strays until it lacks the points for the next hex (walking MP): no mark."""
    walker = design(walk=3, equipment=[("Medium Laser", Location.RA)])
    board = terrain_board(
        12,
        12,
        h0606=Terrain(woods=Woods.LIGHT),
    )
    state = start(board, [(walker, 0, "0608", Facing.N), (LASER, 1, "0102", Facing.S)])
    state = _night(state, visibility=2)
    after, events = play(state, Move(0, MoveMode.RUN, (F,)), dice=(6, 6, 1, 2))
    end = next(e for e in events if isinstance(e, StrayEnded))
    assert [h.label for h in end.path] == ["0607", "0606"]  # 1 + 2 MP of 3 walking MP
    assert not end.unable
    assert not end.free
    assert not night.is_unable(after, 0)
    assert after.active is None
    state_before_end = state
    for event in events[: events.index(end)]:
        state_before_end = RULESET.evolve(state_before_end, event)
    told = describe(end, state_before_end, after)
    assert "strays 2 hexes to 0606 and stops" in told  # not "0606 -> 0606"


def test_nt3_example_stops_before_a_hex_needing_a_piloting_roll() -> None:
    """NT-3 example (the vehicle before a bog hex), NT-5: stops before a piloting-roll hex.

    Depth 2 water here; it is marked unable to act.
    """
    state = _far(h0605=Terrain(water=2))
    _, events = play(state, _walk(0, F), dice=(6, 6, 1, 2))
    end = next(e for e in events if isinstance(e, StrayEnded))
    assert [h.label for h in end.path] == ["0607", "0606"]
    assert end.unable
    assert "piloting roll" in end.reason


def test_nt3_stops_before_a_lit_hex_and_before_moving_closer_to_a_known_enemy() -> None:
    """NT-3/NT-5: never into a lit hex, never closer to a known enemy."""
    state = _far()
    assert state.night is not None
    lit = attrs.evolve(
        state, night=attrs.evolve(state.night, lit=frozenset({Hex.from_label("0605")}))
    )
    _, events = play(lit, _walk(0, F), dice=(6, 6, 1, 2))
    end = next(e for e in events if isinstance(e, StrayEnded))
    assert [h.label for h in end.path] == ["0607", "0606"]  # beside the light is allowed
    assert end.unable
    assert "lit" in end.reason
    board = terrain_board(12, 12)
    near = start(board, [(LASER, 0, "0608", Facing.N), (LASER, 1, "0603", Facing.S)])
    near = _night(near, visibility=0, lit=frozenset())
    near = attrs.evolve(near, board=terrain_board(12, 12, h0605=HILL, h0604=HILL))
    assert night.exemption(near, 0) == ""
    _, events = play(near, _walk(0, F), dice=(6, 6, 1, 2))
    end = next(e for e in events if isinstance(e, StrayEnded))
    assert end.path == ()
    assert "closer to a known enemy" in end.reason


def test_nt5_turning_to_the_stray_direction_costs_mp_and_direction_1_is_north() -> None:
    """NT-5: direction 1 is north, then clockwise; the unit turns (1 MP a hexside) and walks."""
    state = _far()
    after, events = play(state, _walk(0, F), dice=(6, 6, 4, 1))  # direction 4: south
    rolled = next(e for e in events if isinstance(e, StrayRolled))
    assert rolled.direction is Facing.S
    end = next(e for e in events if isinstance(e, StrayEnded))
    assert [h.label for h in end.path] == ["0609", "0610"]  # 5 MP: 3 turns, 2 hexes
    assert after.units[0].facing is Facing.S
    movement = after.units[0].movement
    assert movement is not None
    assert movement.mp_spent == 5


def test_nt3_the_map_edge_stops_and_marks() -> None:
    """NT-3: off the board is forbidden terrain."""
    board = terrain_board(12, 12)
    state = start(board, [(LASER, 0, "0602", Facing.N), (LASER, 1, "1212", Facing.S)])
    state = _night(state, visibility=2)
    _, events = play(state, _walk(0, F), dice=(6, 6, 1, 2))
    end = next(e for e in events if isinstance(e, StrayEnded))
    assert [h.label for h in end.path] == ["0601"]
    assert end.unable
    assert "map edge" in end.reason


def test_nt5_a_jump_checks_at_take_off_and_a_stray_walks_instead() -> None:
    """NT-5: no jumping while straying: a jumper that strays walks its stray."""
    state = _far()
    path = (Hex.from_label("0607"), Hex.from_label("0606"))
    after, events = play(state, Jump(0, path, Facing.N), dice=(6, 6, 1, 2))
    names = _kinds(events)
    assert "UnitJumped" not in names
    assert "StrayEnded" in names
    movement = after.units[0].movement
    assert movement is not None
    assert movement.mode is MoveMode.WALK
    assert movement.done


# ---------------------------------------------------------------- NT-4 jitter fire


def _with_gunflash(state: BTState) -> BTState:
    assert state.night is not None
    return attrs.evolve(state, night=attrs.evolve(state.night, gunflash=True))


def test_nt4_example_six_six_the_mover_fires_and_its_movement_is_cancelled() -> None:
    """NT-4 example: doubles (6,6) after the first shot: the moving unit jitter-fires.

    Its move is cancelled, it is marked as having fired, its hex is lit until the end of the turn.
    """
    state = _with_gunflash(_far())
    after, events = play(state, _walk(0, F, F), dice=(6, 6, 6, 6))
    fired = next(e for e in events if isinstance(e, JitterFired))
    assert fired.unit == 0
    assert fired.moving
    assert not any(isinstance(e, UnitEntered) for e in events)
    assert after.units[0].hex == Hex.from_label("0608")
    assert after.units[0].this_turn.fired == {fired.weapon}
    assert after.night is not None
    assert Hex.from_label("0608") in after.night.flashes_in(after.turn)
    assert Hex.from_label("0608") in night.lit_hexes(after)
    assert 0 in night.known_enemies(after, 1)  # it fired this turn: known beyond visibility
    assert night.gunflashes(after) == {Hex.from_label("0608")}
    later = attrs.evolve(after, turn=after.turn + 1)
    assert Hex.from_label("0608") not in night.lit_hexes(later)


def test_nt4_example_one_one_the_nearest_enemy_fires_and_the_mover_strays_north() -> None:
    """NT-4 example: doubles (1,1): the nearest enemy jitter-fires; the unit strays north (1)."""
    board = terrain_board(12, 12)
    state = start(
        board,
        [
            (LASER, 0, "0608", Facing.N),
            (LRM, 1, "0612", Facing.N),
            (LRM, 1, "0102", Facing.N),
        ],
    )
    state = _with_gunflash(_night(state, visibility=2))
    after, events = play(state, _walk(0, F), dice=(6, 6, 1, 1))
    fired = next(e for e in events if isinstance(e, JitterFired))
    assert fired.unit == 1
    assert not fired.moving
    spent = next(e for e in events if isinstance(e, AmmoSpent))
    assert spent.unit == 1
    assert after.units[1].ammo[1] == LRM.equipment[1].shots - 1
    rolled = next(e for e in events if isinstance(e, StrayRolled))
    assert rolled.direction is Facing.N
    end = next(e for e in events if isinstance(e, StrayEnded))
    assert [h.label for h in end.path] == ["0607"]  # the flash showed it the firer: it stops
    assert end.unable
    assert "sees a known enemy" in end.reason


def test_nt4_no_jitter_fire_before_the_first_shot_and_the_first_shot_sets_the_gunflash() -> None:
    """NT-4: no jitter fire before the first shot; a declared weapon attack is that shot."""
    state = _far()
    _, events = play(state, _walk(0, F), dice=(6, 6, 6, 6))
    assert "JitterFired" not in _kinds(events)
    board = terrain_board(12, 12)
    duel = start(board, [(LASER, 0, "0608", Facing.N), (LASER, 1, "0606", Facing.S)])
    duel = _night(duel, visibility=0)
    duel = attrs.evolve(duel, phase=Phase.WEAPON, slots=((0, 1), (1, 1)))
    after, _ = play(duel, FireWeapons(0, (Shot(0, target=1),)))
    assert after.night is not None
    assert after.night.gunflash


def test_nt4_a_unit_that_cannot_fire_makes_no_jitter_fire() -> None:
    """NT-4: a unit that cannot fire makes no jitter fire (the mover then strays)."""
    board = terrain_board(12, 12)
    state = start(board, [(UNARMED, 0, "0608", Facing.N), (LASER, 1, "0102", Facing.S)])
    state = _with_gunflash(_night(state, visibility=2))
    _, events = play(state, _walk(0, F), dice=(6, 6, 5, 5))  # direction 5: south-west
    assert "JitterFired" not in _kinds(events)
    assert "StrayEnded" in _kinds(events)


# ---------------------------------------------------------------- seeing at night, views


def test_visibility_known_enemies_and_the_side_view() -> None:
    """Issue 16 item 3: beyond visibility, unlit and silent: unknown, hidden from that side."""
    board = terrain_board(12, 12)
    state = start(
        board,
        [(LASER, 0, "0608", Facing.N), (LASER, 1, "0602", Facing.S), (LASER, 1, "0605", Facing.S)],
    )
    state = _night(state, visibility=3)
    assert night.known_enemies(state, 0) == {2}
    assert not night.is_known(state, 0, 1)
    assert night.is_known(state, 1, 0)  # 0605 is within 3 of 0608 for side 1
    view = RULESET.view(state, 0)
    assert view.night is not None
    assert view.night.hidden == {1}
    assert view.units[1].hex is None
    assert view.units[2].hex == Hex.from_label("0605")
    assert RULESET.view(state, None) is state
    assert state.night is not None
    lit = attrs.evolve(
        state, night=attrs.evolve(state.night, lit=frozenset({Hex.from_label("0702")}))
    )
    assert night.known_enemies(lit, 0) == {1, 2}  # beside a lit hex
    burning = attrs.evolve(
        state, board=state.board.replace(Hex.from_label("0602"), Terrain(fire=True))
    )
    assert night.known_enemies(burning, 0) == {1, 2}  # a burning hex is lit


def test_view_by_day_is_the_whole_state() -> None:
    """Issue 16 item 3: by day nothing is hidden."""
    state = attrs.evolve(_far(), night=None)
    assert RULESET.view(state, 0) is state


def test_unable_units_are_refused_an_attack_with_a_reason() -> None:
    """NT-3: a unit marked unable to act may not declare attacks this turn."""
    board = terrain_board(12, 12)
    state = start(board, [(LASER, 0, "0608", Facing.N), (LASER, 1, "0606", Facing.S)])
    state = _night(state, visibility=0, unable=frozenset({0}))
    state = attrs.evolve(state, phase=Phase.WEAPON, slots=((0, 1), (1, 1)))
    with pytest.raises(IllegalCommand, match="NT-3"):
        play(state, FireWeapons(0, (Shot(0, target=1),)))


def test_legal_commands_stay_right_after_a_stray() -> None:
    """NT-3: after a stray the engine's listed commands are all accepted.

    A stray stopped by a friend leaves the unit active (go on, or end the move); a unit marked
    unable to act is listed no declaration.
    """
    from engine.battletech.rules.options import legal_commands  # noqa: PLC0415
    from engine.dice import Dice  # noqa: PLC0415

    board = terrain_board(12, 12)
    state = start(
        board,
        [(LASER, 0, "0608", Facing.N), (LASER, 0, "0607", Facing.N), (LASER, 1, "0102", Facing.S)],
    )
    state = _night(state, visibility=2)
    after, _ = play(state, _walk(0, R, F), dice=(6, 6, 1, 3))
    listed = legal_commands(after)
    assert listed
    assert any(type(c).__name__ == "EndMove" for c in listed)
    for command in listed:
        RULESET.decide(after, command, Dice(1))  # raises if refused
    weapon = attrs.evolve(
        _night(state, visibility=0, unable=frozenset({0})),
        phase=Phase.WEAPON,
        slots=((0, 1), (1, 1)),
    )
    assert all(getattr(c, "unit", None) != 0 for c in legal_commands(weapon))


def test_an_unknown_enemy_cannot_be_fired_at_and_deals_no_slot() -> None:
    """NT-5, issue 16 item 3: a side fires only at the enemies it knows of.

    The Red 'Mech 4 hexes away, beyond visibility 3, unlit and silent, is not known to Blue: a
    shot at it is refused (the reason names no unit) and Blue's 'Mech is dealt no slot. Lit up
    (a hex beside it), it is known, and the same shot is accepted.
    """
    board = terrain_board(12, 12)
    state = start(board, [(LASER, 0, "0608", Facing.N), (LASER, 1, "0604", Facing.S)])
    state = _night(state, visibility=3)
    state = attrs.evolve(state, phase=Phase.WEAPON, slots=((0, 1), (1, 1)))
    assert not night.is_known(state, 0, 1)
    with pytest.raises(IllegalCommand, match="nothing it can attack"):
        play(state, FireWeapons(0, (Shot(0, target=1),)))
    unknown = tohit.weapon_to_hit(state, 0, 0, 1)
    assert unknown.number is None
    assert "known at night" in unknown.reason
    assert not can_declare(state, 0)
    assert not any(option.shots for option in tohit.iter_fire_options(state, 0))
    assert state.night is not None
    lit = attrs.evolve(
        state, night=attrs.evolve(state.night, lit=frozenset({Hex.from_label("0603")}))
    )
    assert night.is_known(lit, 0, 1)
    assert can_declare(lit, 0)
    after, _ = play(lit, FireWeapons(0, (Shot(0, target=1),)))  # resolved when Red declares
    assert after.units[0].declared
