"""The log's words for vehicles, platoons and squads (issue 20): how they move, how they go down.

A vehicle cruises and flanks (BT-M-37.1; BT-M-38's "walked (cruised)", "ran (flank)"), a platoon
or battle armor squad moves (BT-M-4), a 'Mech still walks and runs. A vehicle's skid roll is a
Driving roll, and it skids rather than falls (BT-M-29.3). A VTOL shot down loses its rotor and
crashes once, from its elevation (BT-M-37.6).
"""

from __future__ import annotations

import functools
from pathlib import Path

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech import kindevents as kev
from engine.battletech.board import Building, BuildingClass, Terrain
from engine.battletech.commands import Move, Step, StepKind
from engine.battletech.data.blk import parse_blk
from engine.battletech.evolve import evolve
from engine.battletech.kinds.vehicle import MotiveDamage
from engine.battletech.narrate import command_text, describe, tell
from engine.battletech.narrate.phase_summary import summarize, summary_lines
from engine.battletech.narrate.summary import after_action
from engine.battletech.state import BTState, MoveMode, Phase, UnitDesign
from engine.hexes import Facing
from tests.engine.battletech._build import design, start, terrain_board
from tests.engine.battletech._vehicles import tank, vtol
from tests.engine.battletech.test_kind_combat import put, resolve, versus, weapon_attack

BLK = Path(__file__).resolve().parents[3] / "assets" / "units" / "blk"
F = Step(StepKind.FORWARD)


@functools.cache
def blk(name: str) -> UnitDesign:
    """A bundled ``.blk`` design by file stem."""
    return parse_blk((BLK / f"{name}.blk").read_text(encoding="utf-8")).design


def alone(name: str) -> BTState:
    """The unit ``name`` of side 0 at 0418 facing N, a 'Mech of side 1 far away (movement)."""
    board = terrain_board(8, 20)
    return start(
        board,
        [(blk(name), 0, "0418", Facing.N), (design(name="Griffin"), 1, "0101", Facing.S)],  # type: ignore[list-item]
    )


def told(state: BTState, command: Move) -> list[str]:
    """The command's line and its events' lines that are not routine."""
    events = RULESET.decide(state, command, None)  # type: ignore[arg-type] - no dice needed
    lines, _ = tell(0, command, events, state)
    return [line.text for line in lines if not line.routine]


@pytest.mark.parametrize(
    ("name", "mode", "said", "ended"),
    [
        ("Bulldog Medium Tank", MoveMode.WALK, "cruises F F", "cruised 0418 -> 0416"),
        ("Bulldog Medium Tank", MoveMode.RUN, "flanks F F", "flanked 0418 -> 0416"),
        ("Yellow Jacket Gunship", MoveMode.WALK, "cruises F F", "cruised 0418 -> 0416"),
        ("Motorized Platoon (MG)", MoveMode.WALK, "moves F F", "moved 0418 -> 0416"),
    ],
)
def test_a_vehicle_cruises_or_flanks_and_a_platoon_moves(
    name: str, mode: MoveMode, said: str, ended: str
) -> None:
    """BT-M-37.1 / BT-M-38: never "walks" or "ran" for a vehicle; BT-M-4: a platoon moves."""
    state = alone(name)
    lines = told(state, Move(0, mode, (F, F)))
    words, typed = lines[0].split("   (")
    assert words.startswith(f"Blue: {state.units[0].design.chassis} [")
    assert words.endswith(said)
    assert typed == f"move 1 {mode.value} F F)"  # the command language keeps its words
    (end,) = (line for line in lines[1:] if "->" in line)
    assert ended in end
    told_words = " ".join([words, *lines[1:]])
    assert not any(word in told_words for word in (" walk", " ran ", " runs"))


def test_a_mech_still_walks_and_runs() -> None:
    """BT-M-20: the 'Mech's words are unchanged."""
    state = alone("Bulldog Medium Tank")
    mech = state.units[1]
    assert command_text(Move(1, MoveMode.RUN, (F,)), state).startswith("Red: Griffin [g] runs F")
    assert mech.is_mech


def test_a_vehicle_skid_roll_is_a_driving_roll_that_skids() -> None:
    """BT-M-29.3 / BT-M-37.1: "Driving roll", "keeps control" or "skids", never "falls"."""
    state = alone("Bulldog Medium Tank")
    roll = ev.PilotingRoll(
        0, "skid", 6, (("driving", 5), ("7 hexes this turn", 1)), (2, 1), success=False
    )
    text = describe(roll, state, state)
    assert text == (
        "Bulldog Medium Tank [B]: Driving roll for avoiding a skid: target 6 (driving 5, "
        "7 hexes this turn +1), rolled 2+1=3: skids."
    )
    kept = ev.PilotingRoll(0, "skid", 6, (("driving", 5),), (4, 4), success=True)
    assert describe(kept, state, state).endswith("rolled 4+4=8: keeps control.")


def test_a_motive_roll_without_a_modifier_reads_plainly() -> None:
    """BT-M-37.5: "motive roll 2+4=6: minor damage"; with one, the sum: "6+3=9 +2 = 11"."""
    state = versus(blk("Hetzer Wheeled Assault Gun"))
    plain = kev.MotiveDamaged(1, (2, 4), 0, MotiveDamage.NONE)
    assert describe(plain, state, state).endswith(": motive roll 2+4=6: no effect.")
    wheeled = kev.MotiveDamaged(1, (6, 3), 2, MotiveDamage.NONE)
    assert "motive roll 6+3=9 +2 = 11: no effect." in describe(wheeled, state, state)


def _tell_all(state: BTState, events: list[ev.BTEvent]) -> list[str]:
    lines = []
    for event in events:
        after = evolve(event, state)
        lines.append(describe(event, state, after))
        state = after
    return lines


def test_a_vtol_shot_down_reads_right() -> None:
    """BT-M-37.6: the rotor is gone, the VTOL falls from elevation 3 to the ground, explodes.

    The dice of `test_kind_combat.test_a_rotor_shot_off_brings_the_vtol_down_bt_m_37_6`.
    """
    state = versus(vtol(), elevation=3)
    dice = [4, 4, 1, 2, 1, 1, 1, 3, 4, 3, 4, 2, 2]
    _, events = resolve(state, [weapon_attack(state, 0, 0, 1)], dice)
    lines = _tell_all(state, events)
    name = state.units[1].name
    letter = lines[1].split("[")[1][0]
    who = f"{name} [{letter}]"
    rotor = "rotor (rolled 1+2=3, motive roll): 5 damage, armor 2 -> 0, structure 3 -> 0"
    fall = "it falls from elevation 3 to the ground (facing die 1: now faces S)"
    assert lines[1:] == [
        f"{who} is hit on the {rotor}, the rotor is gone.",
        f"{who}: motive roll 1+1=2: no effect.",
        f"{who} crashes: {fall}: 8 damage.",
        f"{who} is hit on the front (rolled 3+4=7): 5 damage, armor 6 -> 1.",
        f"{who} is hit on the front (rolled 3+4=7): 3 damage, armor 1 -> 0, structure 3 -> 1.",
        f"{who}: critical roll on the front, rolled 2+2=4: no critical.",
        f"{who} is destroyed: it crashed and exploded.",
    ]


def test_a_vtol_shot_down_over_a_building_crashes_once() -> None:
    """BT-M-37.6: it comes down onto the roof (elevation 1) and lies there.

    The hits of its crash, and later hits, bring no second crash (a convoy-raid game once told
    "crashes" after every hit: the VTOL on the roof was still above the ground).
    """
    roof = Terrain(building=Building(BuildingClass.LIGHT, 15, 1))
    state = versus(vtol(), elevation=3)
    where = state.units[1].hex
    assert where is not None
    state = attrs.evolve(state, board=state.board.replace(where, roof))
    dice = [4, 4, 1, 2, 1, 1, 1, 3, 4, 3, 4, 2, 2, 3, 4, 3, 4, 3, 4]
    after, events = resolve(state, [weapon_attack(state, 0, 0, 1)], dice, exact=False)
    crashes = [e for e in events if isinstance(e, kev.VTOLCrashed)]
    assert len(crashes) == 1
    lines = _tell_all(state, events)
    (crash,) = (line for line in lines if "crashes" in line)
    assert "falls from elevation 3 onto the roof at elevation 1" in crash
    body = after.units[1].body
    assert body.rotor_destroyed  # type: ignore[union-attr]
    again = put(after, 1, vtol(), where=where.label, elevation=1, rotor_destroyed=True)
    _, more = resolve(again, [weapon_attack(again, 0, 0, 1)], [4, 4, 3, 4, 3, 4], exact=False)
    assert any(isinstance(e, kev.VehicleHit) for e in more)
    assert not any(isinstance(e, kev.VTOLCrashed) for e in more)


def test_a_tank_losing_its_last_cruising_mp_cannot_move() -> None:
    """BT-M-37.5: moderate damage takes the last Cruising MP: the log says it cannot move."""
    hetzer = blk("Hetzer Wheeled Assault Gun")
    before = versus(hetzer, motive_mp_lost=3)
    after = versus(hetzer, motive_mp_lost=4)
    event = kev.MotiveDamaged(1, (1, 5), 2, MotiveDamage.MODERATE)
    assert describe(event, before, after).endswith(
        "motive roll 1+5=6 +2 = 8: moderate damage, Cruising MP 1 -> 0: it cannot move."
    )


def test_a_vehicle_destroyed_through_a_side_names_the_side() -> None:
    """BT-C-24.1: "its right side was destroyed", as the hit said "the right side"."""
    state = versus(blk("Hetzer Wheeled Assault Gun"))
    gone = ev.UnitDestroyed(1, "its right was destroyed")
    assert describe(gone, state, state).endswith("is destroyed: its right side was destroyed.")


def test_the_phase_summary_gives_motive_damage_its_own_line() -> None:
    """BT-M-37.5: "motive: heavy damage" under the tank, not as a critical hit."""
    state = versus(tank(cruise=4))
    attack = weapon_attack(state, 0, 0, 1)
    after, events = resolve(state, [attack], [4, 4, 1, 2, 5, 5])
    declared = attrs.evolve(state, phase=Phase.WEAPON, attacks=(attack,))
    lines = [text for text, _ in summary_lines(after, summarize(events, declared))]
    assert "  motive: heavy damage" in lines
    assert not any("critical: motive" in line for line in lines)


def test_a_platoons_roll_is_no_driving_roll_or_psr() -> None:
    """BT-M-30 item 1: infantry has no pilot: its ground roll is a plain "roll" (BT-M-39)."""
    state = alone("Motorized Platoon (MG)")
    roll = ev.PilotingRoll(0, "swamp", 5, (("skill", 5),), (3, 4), success=True)
    text = describe(roll, state, state)
    assert text.startswith("Motorized Platoon [M]: roll for ")
    assert "PSR" not in text
    assert "Driving" not in text


def test_a_troopers_dice_are_told_apart_never_summed() -> None:
    """BT-C-35 item 2: 1D6 picks the trooper; a die on an empty place is rolled again."""
    squad = blk("Cavalier Battle Armor [Laser](Sqd4)")
    state = versus(squad)
    once = kev.TrooperHit(1, 0, 2, (1,))
    assert "takes 2 (rolled 1): " in describe(once, state, state)
    again = kev.TrooperHit(1, 0, 2, (5, 4, 1))
    text = describe(again, state, state)
    assert "takes 2 (rolled 1 after 5, 4 for empty places): " in text
    assert "=10" not in text


def test_the_report_names_a_vehicles_side_as_the_log_does() -> None:
    """The after-action report: "destroyed (its right side was destroyed)" (BT-C-24.1)."""
    state = versus(blk("Hetzer Wheeled Assault Gun"))
    gone = ev.UnitDestroyed(1, "its right was destroyed")
    after = evolve(gone, state)
    report = after_action(after, [gone])
    assert report.units[1].status == "destroyed (its right side was destroyed)"


def test_a_tank_turning_on_the_spot_says_so() -> None:
    """BT-M-37.1: a facing change costs 1 MP: "turned in place in 0418 (cruised)"."""
    state = alone("Bulldog Medium Tank")
    lines = told(state, Move(0, MoveMode.WALK, (Step(StepKind.LEFT),)))
    assert lines[-1] == (
        "Bulldog Medium Tank [B] turned in place in 0418 (cruised), facing NW: 1 MP, 0 hexes "
        "(to be hit +0)."
    )
