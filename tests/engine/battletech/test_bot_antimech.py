"""The computer makes anti-'Mech attacks when they are worth it (issue 21, BT-C-35.8..35.10).

States from `test_antimech`: the 'Mech (unit 0, 50 tons, Piloting 5) in 0810 facing N; the
squad or platoon (unit 1, the other side) next to it in 0809. Each decision is then played with
scripted dice: the rules accept it and it does what the bot meant.
"""

from __future__ import annotations

import random

import attrs

from engine.battletech.antimechevents import (
    AntiMechRolled,
    BrushOff,
    LegAttack,
    StopSwarm,
    SwarmAttack,
    SwarmEnded,
    SwarmStarted,
)
from engine.battletech.bot import decide
from engine.battletech.bot.antimech import horizon, swarm_damage
from engine.battletech.bot.evaluate import WEIGHTS
from engine.battletech.bot.physical import choose_physical
from engine.battletech.commands import EndPhase, FireWeapons, Jump, PhysicalAttack
from engine.battletech.designs.mech import Location, MechDesign
from engine.battletech.rules import antimech
from engine.battletech.state import BTState, MoveMode, Phase, Pilot
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, evolved_unit
from tests.engine.battletech._rules_btc import duel, moved, of, run, still
from tests.engine.battletech.test_antimech import (
    CAVALIER,
    MECH,
    physical_phase_swarmed,
    put,
    swarming,
    weapon_phase,
)


def _decide(state: BTState, personality: str = "balanced"):
    return decide(state, personality, random.Random(7))  # noqa: S311 - a game policy


def _last_turn(state: BTState) -> BTState:
    """The scenario ends this turn: a swarm that holds would do no damage (no later turn)."""
    return attrs.evolve(state, victory=attrs.evolve(state.victory, turns=state.turn))


# ---------------------------------------------------------------- swarms: BT-C-35.8, 35.9
def test_a_squad_next_to_a_mech_swarms_when_its_swarm_beats_its_fire() -> None:
    """Cavalier: 12 a turn once on (needs 7, 58%), over 2.19 turns; its 4 small lasers ~5 once.

    The swarm is declared, rolled (8: a hit) and the squad clings in the 'Mech's hex.
    """
    state = weapon_phase()
    assert swarm_damage(state.units[1]) == 12.0
    assert horizon(state) > 2
    decision = _decide(state)
    assert decision.command == SwarmAttack(1, 0)
    assert decision.reason == "swarmed the Test T-50: needs 7, expects 12 a turn"
    labels = [name for name, _ in decision.alternatives]
    assert labels[0] == "swarm Test T-50"
    assert any(name.startswith("1 weapons at") for name in labels)  # the volley it gave up
    state, events = run(state, [decision.command], [4, 4])
    assert of(events, SwarmStarted)
    assert antimech.is_swarming(state.units[1]) == 0


def test_no_swarm_in_the_last_turn_it_would_do_no_damage() -> None:
    """BT-C-35.9: the swarm damage comes in later turns; in the last one the squad fires."""
    state = _last_turn(weapon_phase())
    assert horizon(state) == 0
    decision = _decide(state)
    assert isinstance(decision.command, FireWeapons)
    assert decision.command.shots
    assert ("swarm Test T-50", 0.0) in decision.alternatives


# ---------------------------------------------------------------- leg attacks: BT-C-35.9
def test_a_poor_gunner_makes_a_leg_attack_its_anti_mech_skill_makes_likely() -> None:
    """Gunnery 8, anti-'Mech (piloting) 4, the last turn: the leg attack (needs 4) beats fire.

    Scripted 2D6 7: a hit; 4 points on a leg.
    """
    state = _last_turn(weapon_phase(pilot=Pilot("Crew", 8, 4)))
    decision = _decide(state)
    assert decision.command == LegAttack(1, 0)
    assert decision.reason.startswith("leg attack on the Test T-50: needs 4, expects ")
    _, events = run(state, [decision.command], [3, 4, 2, 1, 1], exact=False)
    (rolled,) = of(events, AntiMechRolled)
    assert (rolled.attack, rolled.hit) == ("leg", True)


def test_a_good_gunner_fires_instead_of_a_leg_attack() -> None:
    """The same squad with gunnery 4: its volley is worth more than 4 points on a leg."""
    state = _last_turn(weapon_phase(pilot=Pilot("Crew", 4, 4)))
    decision = _decide(state)
    assert isinstance(decision.command, FireWeapons)
    assert decision.command.shots


def test_a_leg_with_little_left_draws_a_leg_attack() -> None:
    """BT-C-35.9/BT-C-28: 3 points left in the right leg: a leg attack may blow it off.

    Gunnery 7: with both legs whole the volley (3.5) and the leg attack (4.5) are close; the
    leg nearly gone makes the leg attack clearly worth more than it was.
    """
    state = _last_turn(weapon_phase(pilot=Pilot("Crew", 6, 4)))
    whole = _decide(state)
    assert isinstance(whole.command, FireWeapons)
    mech = state.units[0]
    armor, internal = list(mech.mech.armor), list(mech.mech.internal)
    leg = list(Location).index(Location.RL)
    armor[leg], internal[leg] = 0, 3
    hurt = state.replace_unit(0, evolved_unit(mech, armor=tuple(armor), internal=tuple(internal)))
    before = dict(whole.alternatives)["leg attack on Test T-50"]
    after = dict(_decide(hurt).alternatives)["leg attack on Test T-50"]
    assert after > before + 5


# ---------------------------------------------------------------- letting go: BT-C-35.10
def test_a_swarmer_keeps_clinging_while_its_swarm_does_damage() -> None:
    """A swarming squad declares no shots (its swarm is its attack): the rules do 12 points."""
    state = swarming()
    decision = _decide(state)
    assert decision.command == FireWeapons(1)
    assert decision.reason == "keeps swarming the Test T-50: 12 damage a turn, no roll"


def test_a_swarmer_whose_swarm_does_nothing_lets_go() -> None:
    """Body-mounted weapons do no swarm damage (BT-C-35.9): the squad lets go to fire them."""
    body = attrs.evolve(
        CAVALIER,
        equipment=tuple(attrs.evolve(item, mount="Body") for item in CAVALIER.equipment),
    )
    state = swarming(body)
    decision = _decide(state)
    assert decision.command == StopSwarm(1)
    assert decision.reason.startswith("lets go of the Test T-50: its swarm does 0 a turn")
    state, events = run(state, [decision.command], [], exact=False)
    assert any(e.reason == "stopped" for e in of(events, SwarmEnded))
    assert antimech.is_swarming(state.units[1]) is None


# ---------------------------------------------------------------- brushing off: BT-C-35.10
def test_a_swarmed_mech_brushes_the_squad_off() -> None:
    """Needs 9 (piloting 5 + 4): 28% to end 12 points a turn for the turns left, worth a punch.

    Scripted 2D6 10: a hit; the arm's punch damage hits the squad and the swarm ends.
    """
    state = physical_phase_swarmed()
    decision = _decide(state)
    assert isinstance(decision.command, BrushOff)
    assert decision.command.target == 1
    assert decision.reason.startswith("brushes the Cavalier")
    assert "needs 9, its swarm does 12 a turn" in decision.reason
    state, events = run(state, [decision.command], [5, 5, 1, 1, 1, 1, 1, 1], exact=False)
    (rolled,) = of(events, AntiMechRolled)
    assert (rolled.attack, rolled.hit) == ("brush", True)
    assert any(e.reason == "brushed off" for e in of(events, SwarmEnded))
    assert antimech.is_swarming(state.units[1]) is None


def test_a_brush_off_is_worth_less_when_no_swarm_damage_is_left_to_save() -> None:
    """In the last turn a brush-off saves nothing: only the punch on the squad is left to gain."""
    state = physical_phase_swarmed()
    last = _last_turn(state)
    assert last.phase is Phase.PHYSICAL
    now = choose_physical(state, 0, WEIGHTS["balanced"]).alternatives[0][1]
    late = choose_physical(last, 0, WEIGHTS["balanced"]).alternatives[0][1]
    assert late < now / 3


def test_a_mech_nobody_swarms_brushes_nothing_off() -> None:
    """No swarmer, no brush-off among its options (it kicks the squad at its feet instead)."""
    state = physical_phase_swarmed()
    squad = state.units[1]
    state = state.replace_unit(1, attrs.evolve(squad, body=attrs.evolve(squad.body, swarming=None)))
    decision = choose_physical(state, 0, WEIGHTS["balanced"])
    assert isinstance(decision.command, PhysicalAttack)
    assert not any(name.startswith("brush") for name, _ in decision.alternatives)


# ---------------------------------------------------------------- closing in to swarm
def _closing(mech: MechDesign, where: str) -> BTState:
    """The Movement phase: the 'Mech (unit 0) walked 2 hexes; the squad (unit 1) in ``where``."""
    state = moved(duel(mech), 0, MoveMode.WALK, 2)
    state = put(state, 1, CAVALIER, where, movement=None)
    return attrs.evolve(state, slots=((1, 1),))


def test_a_squad_jumps_next_to_a_mech_that_has_moved_to_swarm_it() -> None:
    """A weaponless 'Mech three hexes off: the aggressive squad jumps next to it to swarm.

    The jump is accepted; in the Weapon Attack phase it then swarms (needs 7).
    """
    state = _closing(design(50, 5, 0, name="Blocker"), "0806")
    decision = _decide(state, "aggressive")
    assert isinstance(decision.command, Jump)
    assert decision.reason == "jumped to 0809 next to the Blocker T-50 to swarm it (needs 7)"
    assert decision.alternatives[0][0] == "close in"
    state, _ = run(state, [decision.command])
    assert state.units[1].hex == Hex.from_label("0809")
    state, _ = run(state, [EndPhase()])
    assert state.phase is Phase.WEAPON
    assert state.side_to_act == 1
    assert _decide(state, "aggressive").command == SwarmAttack(1, 0)


def test_no_closing_in_on_a_mech_whose_guns_and_feet_cost_more() -> None:
    """The armed 'Mech (two medium lasers, a kick): the balanced squad keeps its distance."""
    decision = _decide(_closing(MECH, "0806"))
    assert "next to the" not in decision.reason
    assert not any(name == "close in" for name, _ in decision.alternatives)


# ---------------------------------------------------------------- an arm kept free to brush
ARMED = design(
    50, 5, 4, name="Armed", equipment=[("Medium Laser", Location.LA), ("Medium Laser", Location.RA)]
)


def test_a_swarmed_mech_keeps_an_arm_free_and_brushes_the_swarmer_off_with_it() -> None:
    """BT-C-35.10: an arm that fired cannot brush.

    The swarmed 'Mech fires one arm's laser at the other enemy and keeps the other arm free; in
    the Physical Attack phase it brushes the squad off with it (scripted 2D6 10: a hit).
    """
    other = (design(50, 5, 0, name="Other"), 1, "0806", Facing.S)
    state = put(still(duel(ARMED, extra=[other])), 1, CAVALIER, "0810", swarming=0)
    state, _ = run(state, [EndPhase()])
    assert state.side_to_act == 0
    decision = _decide(state)
    fire = decision.command
    assert isinstance(fire, FireWeapons)
    assert len(fire.shots) == 1
    kept = "left arm" if fire.shots[0].weapon == 1 else "right arm"
    assert decision.reason.endswith(f"keeps the {kept} free to brush the {CAVALIER.name} off")
    state, _ = run(state, [fire], [3] * 12, exact=False)
    while state.phase is Phase.WEAPON:
        state, _ = run(state, [_decide(state).command], [3] * 40, exact=False)
    assert state.phase is Phase.PHYSICAL
    assert antimech.is_swarming(state.units[1]) == 0
    brush = _decide(state).command
    assert isinstance(brush, BrushOff)
    assert brush.limb.long_name.lower() == kept
    state, events = run(state, [brush], [5, 5, 1, 1, 1, 1, 1, 1], exact=False)
    assert any(e.reason == "brushed off" for e in of(events, SwarmEnded))


def test_a_swarmed_mech_with_nothing_in_one_arm_fires_everything() -> None:
    """Lasers in the centre torso and the right arm: the left arm is free, both lasers fire."""
    other = (design(50, 5, 0, name="Other"), 1, "0806", Facing.S)
    state = put(still(duel(MECH, extra=[other])), 1, CAVALIER, "0810", swarming=0)
    state, _ = run(state, [EndPhase()])
    decision = _decide(state)
    assert isinstance(decision.command, FireWeapons)
    assert len(decision.command.shots) == 2
    assert "free to brush" not in decision.reason
