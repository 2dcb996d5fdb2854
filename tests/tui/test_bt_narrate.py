"""The BattleTech log's words: every event type, the rolls with their modifiers, unit letters."""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech.commands import Deploy, EndPhase, Jump, Move, RollInitiative, Step, StepKind
from engine.battletech.state import BTSetup, Movement, MoveMode, Phase, Pilot, UnitSetup
from engine.battletech.units import Location
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, start, terrain_board
from tui.bt_narrate import command_text, describe, is_routine, tell, unit_letters

H = Hex.from_label


@pytest.fixture
def state():
    """Blue's Griffin at 0303 facing N and Red's Griffin at 0306: the movement phase of turn 1."""
    board = terrain_board(8, 8)
    return start(
        board,
        [
            (design(55, 5, 5, name="Griffin"), 0, "0303", Facing.N),
            (design(55, 5, 0, name="Griffin"), 1, "0306", Facing.S),
        ],
        pilot=Pilot("Kell", 4, 5),
    )


def test_letters_are_the_chassis_initial_made_unique_lower_case_for_the_second_side() -> None:
    """G, then R (the next free letter of 'Griffin'), lower case for side 1."""
    setup_units = [
        UnitSetup(design(name="Griffin"), 0),
        UnitSetup(design(name="Griffin"), 1),
        UnitSetup(design(name="Hunchback"), 0),
        UnitSetup(design(name="Hunchback"), 1),
    ]
    state = RULESET.start(BTSetup(terrain_board(), ("Blue", "Red"), tuple(setup_units)))
    assert unit_letters(state.units) == ("G", "r", "H", "u")


def test_every_event_type_has_its_own_sentence() -> None:
    """No event falls back to its class name (a new event type needs its words here)."""
    registered = describe.registry
    missing = [cls.__name__ for cls in RULESET.event_types if cls not in registered]
    assert missing == []


def test_a_psr_spells_out_its_modifiers_and_what_the_roll_decided(state) -> None:
    """Piloting first, then each modifier signed; the dice and their sum; stays up or falls."""
    roll = ev.PilotingRoll(
        0,
        "water",
        6,
        (("piloting", 5), ("depth 1 water", -1), ("left leg hip", 2)),
        (4, 3),
        success=True,
    )
    assert describe(roll, state, state) == (
        "Griffin [G]: PSR for entering water: target 6 (piloting 5, depth 1 water -1, "
        "left leg hip +2), rolled 4+3=7: stays up."
    )
    failed = attrs.evolve(roll, roll=(1, 2), success=False)
    assert describe(failed, state, state).endswith("rolled 1+2=3: falls.")
    out = ev.PilotingRoll(0, "stand", 5, (("piloting", 5),), (), success=False, automatic=True)
    assert "fails automatically" in describe(out, state, state)


def test_initiative_names_every_round_and_who_moves_first(state) -> None:
    """A tie is re-rolled; the loser moves first."""
    event = ev.InitiativeRolled(1, (((0, 3, 6), (1, 5, 4)), ((0, 6, 5), (1, 2, 3))), (1, 0))
    assert describe(event, state, state) == (
        "Initiative, turn 1: Blue 3+6=9, Red 5+4=9; tie, re-roll: Blue 6+5=11, Red 2+3=5: "
        "Blue wins the initiative; Red moves first."
    )


def test_damage_says_where_how_much_and_what_is_left(state) -> None:
    """The hit location roll, the location, armor and structure lost, and what remains."""
    event = ev.DamageApplied(0, Location.CT, 5, 0, rear=False, roll=(3, 4))
    after = RULESET.evolve(state, event)
    full = state.units[0].armor_at(Location.CT)
    assert describe(event, state, after) == (
        f"Griffin [G]: hit location 3+4=7: 5 damage to the center torso: "
        f"-5 armor ({full - 5} left)."
    )


def test_a_fall_and_its_consequences(state) -> None:
    """Fall, facing roll, column and damage; the pilot's wound and consciousness roll."""
    fall = ev.UnitFell(0, H("0303"), 1, 4, Facing.S, "rear", 6, cause="failed the water roll")
    assert describe(fall, state, state) == (
        "Griffin [G] falls in 0303 (failed the water roll), 1 level down; facing roll 4: "
        "now faces S, 6 damage on the rear column."
    )
    wound = ev.PilotWounded(0, 1, 1, "fall")
    assert describe(wound, state, state) == "Kell (Griffin [G]) takes 1 wound (fall): 1 of 6."
    awake = ev.ConsciousnessRolled(0, 3, (2, 2), conscious=True)
    assert describe(awake, state, state) == (
        "Kell (Griffin [G]): consciousness roll: target 3, rolled 2+2=4: stays conscious."
    )


def test_a_walk_is_told_in_one_line_when_it_ends(state) -> None:
    """The hexes entered are routine; the end of the move says from where to where, MP, heat."""
    command = Move(0, MoveMode.WALK, (Step(StepKind.FORWARD), Step(StepKind.FORWARD)))
    game_events = RULESET.decide(state, command, None)  # type: ignore[arg-type] - no dice needed
    lines, after = tell(3, command, game_events, state)
    assert lines[0].text == "Blue: Griffin [G] walks F F   (move 1 walk F F)"
    shown = [t.text for t in lines[1:] if not t.routine]
    assert shown[0] == (
        "Griffin [G] walked 0303 -> 0301, facing N: 2 MP, 2 hexes (to be hit +0), heat +1."
    )
    assert after.units[0].hex == H("0301")
    assert all(is_routine(e) for e in game_events if isinstance(e, ev.UnitEntered))


@pytest.mark.parametrize(
    ("command", "text"),
    [
        (Deploy(0, H("0101"), Facing.S), "Blue: deploy Griffin [G]   (deploy 1 0101 S)"),
        (RollInitiative(), "Turn 1: roll initiative   (roll)"),
        (Move(1, MoveMode.STILL), "Red: Griffin [r] stands still   (still 2)"),
        (Jump(0, (H("0302"),), Facing.NE), "Blue: Griffin [G] jumps to 0302   (jump 1 0302 NE)"),
        (EndPhase(), "End the movement phase   (end)"),
    ],
)
def test_commands_are_told_with_their_command_line(state, command, text) -> None:
    """Each command line says who and what, then the line the command language reads back."""
    assert command_text(command, state) == text


def test_the_quiet_events_read_well_too(state) -> None:
    """Phases, heat, turn end, game end, skid, building, bridge, destroyed location."""
    moved = state.replace_unit(0, state.units[0].with_movement(Movement(MoveMode.WALK)))
    cases = {
        ev.PhaseStarted(Phase.HEAT, 1): "Heat phase.",
        ev.HeatChanged(0, 1, 10, 0): "Griffin [G] heat: 0 +1 built -10 sunk = 0.",
        ev.TurnEnded(1): "End of turn 1.",
        ev.GameEnded(1, "Red has the last units standing"): (
            "Red wins: Red has the last units standing."
        ),
        ev.UnitSkidded(0, (H("0302"), H("0301")), "the map edge"): (
            "Griffin [G] skids 2 hexes to 0301, stopped by the map edge."
        ),
        ev.BuildingDamaged(H("0404"), 6, collapsed=True): (
            "The building in 0404 loses 6 CF and collapses."
        ),
        ev.BridgeCollapsed(H("0404"), 110, 40): (
            "The bridge in 0404 (CF 40) gives way under 110 tons!"
        ),
        ev.LocationDestroyed(0, Location.LA): "Griffin [G]: the left arm is destroyed!",
        ev.UnitDroppedProne(0): "Griffin [G] drops prone (1 MP).",
        ev.UnitDestroyed(1, "MechWarrior killed"): "Griffin [r] is destroyed: MechWarrior killed.",
    }
    for event, text in cases.items():
        assert describe(event, moved, moved) == text
