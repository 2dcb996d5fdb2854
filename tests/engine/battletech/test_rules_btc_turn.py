"""BT-C-1..3 and the End phase from the rules digest, through whole turns of `decide`.

Declaration order (the initiative loser first), resolution after the last declaration, weapon damage
in force before the Physical phase, the torso returning to the feet, the MechWarrior waking up,
units that cannot act, and the end of the game.
"""

from __future__ import annotations

import pytest

from engine.battletech import events as ev
from engine.battletech.commands import (
    FireWeapons,
    Move,
    PhysicalAttack,
    RollInitiative,
    Shot,
    Step,
    StepKind,
)
from engine.battletech.state import LOCATIONS, AttackKind, MoveMode, Phase
from engine.game import IllegalCommand
from engine.hexes import Facing
from tests.engine.battletech._build import design, evolved_unit, start, terrain_board
from tests.engine.battletech._rules_btc import CT, RA, duel, of, run, to_weapon_phase

LASER = design(equipment=[("Medium Laser", CT)])
F = Step(StepKind.FORWARD)


def face_off(a_hex="0810", t_hex="0805", **unit0):
    """Two 'Mechs with a medium laser each, facing each other; ``unit0``: changes to unit 0.

    Unit 0 (side 0) lost the initiative.
    """
    state = duel(LASER, LASER, a_hex, t_hex, Facing.N, Facing.S, terrain_board(16, 17))
    if unit0:
        state = state.replace_unit(0, evolved_unit(state.units[0], **unit0))
    return state


def test_the_initiative_loser_declares_first():
    """BT-C-1 item 1: the side that lost the initiative declares first."""
    state = to_weapon_phase(face_off("0808", "0805"))
    assert state.phase is Phase.WEAPON
    assert state.side_to_act == 0
    with pytest.raises(IllegalCommand):
        run(state, [FireWeapons(1, (Shot(0, 0),))])


def test_attacks_resolve_after_the_last_declaration():
    """BT-C-1/2.

    Every attack is declared before any resolves: the first declaration rolls nothing; the winner's,
    the last, resolves both (to-hit 4: 4-4, 3-4 center torso each).
    """
    state = to_weapon_phase(face_off("0808", "0805"))
    state, first = run(state, [FireWeapons(0, (Shot(0, 1),))])
    assert not of(first, ev.AttackRolled)
    assert state.side_to_act == 1
    state, last = run(state, [FireWeapons(1, (Shot(0, 0),))], (4, 4, 3, 4) * 2)
    assert [r.attack for r in of(last, ev.AttackRolled)] == [0, 1]
    assert state.units[0].mech.armor_at(CT) == 32 - 5
    assert state.units[1].mech.armor_at(CT) == 32 - 5


def test_weapon_damage_is_in_force_for_the_physical_phase():
    """BT-C-1 item 3.

    Weapon-phase damage is in force before the physical phase: unit 0's right arm (no armor, 1
    structure) shot off by unit 1 cannot punch. Weapon phase: unit 0 holds fire; unit 1 hits (4-4)
    its right arm (front column 4); the arm's critical roll 1-1; the 5 points destroy it.
    """
    state = face_off("0808", "0807")
    unit = state.units[0]
    armor, internal = list(unit.body.armor), list(unit.body.internal)
    armor[LOCATIONS.index(RA)] = 0
    internal[LOCATIONS.index(RA)] = 1
    state = state.replace_unit(0, evolved_unit(unit, armor=tuple(armor), internal=tuple(internal)))
    state = to_weapon_phase(state)
    state, _ = run(state, [FireWeapons(0), FireWeapons(1, (Shot(0, 0),))], (4, 4, 2, 2, 1, 1))
    assert state.units[0].mech.location_destroyed(RA)
    assert state.phase is Phase.PHYSICAL
    with pytest.raises(IllegalCommand):
        run(state, [PhysicalAttack(0, AttackKind.PUNCH, 1, RA)])


def test_the_torso_returns_in_the_end_phase():
    """BT-C-3: the twist lasts the rest of the turn; the torso returns in the End phase."""
    state = to_weapon_phase(face_off("0810", "0805"))
    state, _ = run(state, [FireWeapons(0, twist=1)])
    assert state.units[0].this_turn.twist == 1
    state, events = run(state, [FireWeapons(1)])
    assert of(events, ev.TurnEnded)
    assert state.units[0].this_turn.twist == 0


def test_an_unconscious_warrior_rolls_to_wake_in_the_end_phase():
    """BT-C-33: in each End phase roll 2D6 against the number for the current damage.

    Knocked out in an earlier turn with 1 wound: 3+ (2-1) wakes him. His 'Mech neither moves nor
    fires; the other holds fire.
    """
    state = face_off(conscious=False, wounds=1, knocked_out_turn=0)
    state = to_weapon_phase(state)
    state, events = run(state, [FireWeapons(1)], (2, 1))
    (woke,) = [c for c in of(events, ev.ConsciousnessRolled) if c.recovery]
    assert (woke.unit, woke.target, woke.conscious) == (0, 3, True)
    assert state.units[0].mech.conscious


def test_an_unconscious_warriors_mech_cannot_move():
    """BT-C-33: while the warrior is unconscious the 'Mech cannot move (or fire)."""
    state = face_off(conscious=False, wounds=1)
    with pytest.raises(IllegalCommand):
        run(state, [Move(0, MoveMode.WALK, (F,))])


def test_a_shut_down_mech_cannot_move():
    """BT-C-55: a shut-down 'Mech can take no actions."""
    state = face_off(shutdown=True)
    with pytest.raises(IllegalCommand):
        run(state, [Move(0, MoveMode.WALK, (F,))])


def test_a_shut_down_mech_gets_no_declaration():
    """BT-C-55: it cannot attack: only the other side declares."""
    state = to_weapon_phase(face_off("0808", "0805", shutdown=True))
    assert state.side_to_act == 1
    with pytest.raises(IllegalCommand):
        run(state, [FireWeapons(0, (Shot(0, 1),))])


def test_destroying_the_last_enemy_ends_the_game():
    """BT-C-34 / BT-M-12.

    The center torso destroyed: the 'Mech is out; its side has no units left: the other side wins.
    """
    state = face_off("0808", "0805")
    unit = state.units[1]
    armor, internal = list(unit.body.armor), list(unit.body.internal)
    armor[LOCATIONS.index(CT)] = 0
    internal[LOCATIONS.index(CT)] = 1
    state = state.replace_unit(1, evolved_unit(unit, armor=tuple(armor), internal=tuple(internal)))
    state = to_weapon_phase(state)
    # unit 0 hits (4-4) the center torso (3-4), critical roll 1-1; unit 1 misses (1-1)
    state, events = run(
        state,
        [FireWeapons(0, (Shot(0, 1),)), FireWeapons(1, (Shot(0, 0),))],
        (4, 4, 3, 4, 1, 1, 1, 1),
    )
    assert state.units[1].destroyed
    (ended,) = of(events, ev.GameEnded)
    assert ended.winner == 0
    assert state.phase is Phase.OVER


def test_a_turn_runs_weapon_physical_heat_end():
    """BT-C-1.

    Initiative, Movement, Weapon Attack, Physical Attack, Heat, End; then the next turn's
    initiative.
    """
    state = to_weapon_phase(face_off("0810", "0805"))
    state, events = run(state, [FireWeapons(0), FireWeapons(1)])
    phases = [e.phase for e in of(events, ev.PhaseStarted)]
    order = [Phase.PHYSICAL, Phase.HEAT, Phase.END]
    assert [p for p in phases if p in order] == order
    assert of(events, ev.TurnEnded)
    assert state.phase is Phase.INITIATIVE
    state, _ = run(state, [RollInitiative()], (1, 1, 6, 6))
    assert state.phase is Phase.MOVEMENT


def test_no_wake_up_roll_in_the_turn_he_was_knocked_out():
    """BT-M-16 item 4.

    The End-phase roll is made in each turn after the turn he was knocked out. A head hit (6-6) and
    a failed consciousness roll (1-1) this turn: no roll tonight.
    """
    state = to_weapon_phase(face_off("0808", "0805"))
    state, events = run(state, [FireWeapons(0, (Shot(0, 1),)), FireWeapons(1)], (4, 4, 6, 6, 1, 1))
    assert not state.units[1].mech.conscious
    assert not [c for c in of(events, ev.ConsciousnessRolled) if c.recovery]
    assert state.phase is Phase.INITIATIVE


def test_the_larger_side_declares_more_per_turn():
    """BT-C-1 item 1.

    With twice as many undeclared units a side declares 2 per turn of declaration (BT-M-11 slots): 2
    against 4 declare 0, 1, 1, 0, 1, 1 by side.
    """
    board = terrain_board(16, 17)
    units = [
        (LASER, 0, "0710", Facing.N),
        (LASER, 0, "0910", Facing.N),
        (LASER, 1, "0606", Facing.S),
        (LASER, 1, "0706", Facing.S),
        (LASER, 1, "0906", Facing.S),
        (LASER, 1, "1006", Facing.S),
    ]
    state = to_weapon_phase(start(board, units))
    sides = []
    while state.phase is Phase.WEAPON:
        side = state.side_to_act
        sides.append(side)
        unit = next(i for i, u in enumerate(state.units) if u.side == side and not u.declared)
        state, _ = run(state, [FireWeapons(unit)])
    assert sides == [0, 1, 1, 0, 1, 1]
