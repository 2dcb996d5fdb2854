"""The BattleTech log's words: every event type, the rolls with their modifiers, unit letters."""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import (
    Deploy,
    EndPhase,
    FireWeapons,
    Jump,
    Move,
    PhysicalAttack,
    RollInitiative,
    Shot,
    Step,
    StepKind,
)
from engine.battletech.designs.mech import Location
from engine.battletech.narrate import command_text, describe, is_routine, tell, unit_letters
from engine.battletech.state import (
    Attack,
    AttackKind,
    BTSetup,
    Movement,
    MoveMode,
    Phase,
    Pilot,
    UnitSetup,
)
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, start, terrain_board

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
    full = state.units[0].body.armor_at(Location.CT)
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


# ------------------------------------------------------------------ combat (issue 5)
@pytest.fixture
def armed():
    """Blue's armed Hunchback [H] at 0303 facing N, Red's Jenner [j] at 0306 facing S.

    The Hunchback has an AC/20 and its ammo in the RT, a medium laser in each arm, an LRM 10 in
    the LT; the state is the weapon attack phase of turn 1.
    """
    board = terrain_board(8, 8)
    hunchback = design(
        50,
        4,
        0,
        name="Hunchback",
        equipment=(
            ("AC/20", Location.RT),
            ("IS Ammo AC/20", Location.RT),
            ("Medium Laser", Location.LA),
            ("Medium Laser", Location.RA),
            ("LRM 10", Location.LT),
        ),
    )
    state = start(
        board,
        [(hunchback, 0, "0303", Facing.N), (design(35, 7, 5, name="Jenner"), 1, "0306", Facing.S)],
        pilot=Pilot("Hollis", 4, 5),
    )
    return attrs.evolve(state, phase=Phase.WEAPON)


AC20 = 0
"""The Hunchback's AC/20 (equipment index)."""
AC20_AMMO = 1
LRM = 4

TERMS = (("gunnery", 4), ("walked", 1), ("medium range", 2), ("target moved 5 hexes", 2))


def declared(state, attack):
    """The state after ``attack`` was declared, and the event."""
    event = ev.AttackDeclared(attack)
    return RULESET.evolve(state, event), event


def test_a_weapon_declaration_names_the_weapon_the_target_and_every_to_hit_term(armed) -> None:
    """BT-C-14: the to-hit number, then the base and each modifier signed; the side if not front."""
    attack = Attack(0, AttackKind.WEAPON, 1, H("0306"), 9, TERMS, weapon=AC20)
    after, event = declared(armed, attack)
    assert describe(event, armed, after) == (
        "Hunchback [H] fires AC/20 (RT) at Jenner [j]: 9 needed (gunnery 4, walked +1, "
        "medium range +2, target moved 5 hexes +2)."
    )
    aside = attrs.evolve(attack, side="left", table="punch", primary=False, to_hit=13)
    said = describe(ev.AttackDeclared(aside), armed, after)
    assert "cannot hit (13 needed)" in said
    assert said.endswith("; left side, punch table, secondary target.")


def test_a_to_hit_roll_says_what_it_needed_and_whether_it_hit(armed) -> None:
    """BT-C-14: 2D6 >= the number fixed at declaration hits."""
    state, _ = declared(armed, Attack(0, AttackKind.WEAPON, 1, H("0306"), 8, TERMS, weapon=AC20))
    hit = ev.AttackRolled(0, (5, 4), hit=True)
    assert describe(hit, state, state) == (
        "Hunchback [H] AC/20 (RT) -> Jenner [j]: 8 needed, rolled 5+4=9: HIT."
    )
    miss = ev.AttackRolled(0, (3, 2), hit=False)
    assert describe(miss, state, state).endswith("8 needed, rolled 3+2=5: miss.")
    hopeless = ev.AttackRolled(0, (), hit=False)
    assert describe(hopeless, state, state).endswith("misses without a roll.")


def test_a_cluster_roll_says_how_many_missiles_hit(armed) -> None:
    """BT-C-20: LRM 10, roll 7: 6 of 10."""
    attack = Attack(0, AttackKind.WEAPON, 1, H("0306"), 7, TERMS, weapon=LRM)
    state, _ = declared(armed, attack)
    event = ev.ClusterRolled(0, (3, 4), 10, 6)
    assert describe(event, state, state) == (
        "Hunchback [H] LRM 10 (LT) cluster roll 3+4=7: 6 of 10 hit."
    )


def test_physical_declarations_name_the_limb(armed) -> None:
    """BT-C-36/37: a punch with one arm or both, a kick with a leg."""
    punch = Attack(
        1, AttackKind.PUNCH, 0, H("0303"), 5, (("piloting", 5), ("walked", 1)), limb=Location.LA
    )
    after, event = declared(armed, punch)
    assert describe(event, armed, after) == (
        "Jenner [j] punches Hunchback [H] with the left arm: 5 needed (piloting 5, walked +1)."
    )
    both = attrs.evolve(punch, limb=None)
    assert "punches Hunchback [H] with both arms" in describe(ev.AttackDeclared(both), armed, after)
    kick = attrs.evolve(punch, kind=AttackKind.KICK, limb=Location.RL)
    assert "kicks Hunchback [H] with the right leg" in describe(
        ev.AttackDeclared(kick), armed, after
    )
    state, _ = declared(armed, kick)
    rolled = describe(ev.AttackRolled(0, (6, 6), hit=True), state, state)
    assert rolled == "Jenner [j] kick (right leg) -> Hunchback [H]: 5 needed, rolled 6+6=12: HIT."


def test_damage_from_an_attack_names_its_source(armed) -> None:
    """The after-action report's source shows in the log: who did it."""
    event = ev.DamageApplied(1, Location.RT, 10, 0, roll=(3, 4), source=0)
    after = RULESET.evolve(armed, event)
    left = after.units[1].mech.armor_at(Location.RT)
    assert describe(event, armed, after) == (
        f"Jenner [j]: hit location 3+4=7: 10 damage to the right torso from Hunchback [H]: "
        f"-10 armor ({left} left)."
    )


def test_criticals_say_the_roll_the_line_and_what_it_held(armed) -> None:
    """BT-C-29/30: the chance roll and how many; the line found and its component."""
    cases = {
        ev.CriticalChanceRolled(0, Location.RT, (5, 4), 1): (
            "Hunchback [H]: critical chance for the right torso: rolled 5+4=9: 1 critical hit."
        ),
        ev.CriticalChanceRolled(0, Location.LA, (6, 6), 0, blown_off=True): (
            "Hunchback [H]: critical chance for the left arm: rolled 6+6=12: "
            "the left arm is blown off!"
        ),
        ev.CriticalChanceRolled(0, Location.CT, (2, 3), 0, tac=True): (
            "Hunchback [H]: through-armor critical roll for the center torso: rolled 2+3=5: "
            "no critical hit."
        ),
        ev.CriticalHit(0, Location.RT, 10, "AC/20 ammo", (4,)): (
            "Hunchback [H]: critical hit on the right torso, line 11, roll 4: AC/20 ammo."
        ),
    }
    for event, text in cases.items():
        assert describe(event, armed, armed) == text


def test_an_ammunition_explosion_says_the_bin_the_shots_and_the_damage(armed) -> None:
    """BT-C-32: damage = shots x damage per shot."""
    event = ev.AmmoExploded(0, AC20_AMMO, 5, 100)
    assert describe(event, armed, armed) == (
        "Hunchback [H]: AC/20 ammo (RT) explodes (critical) with 5 shots left: 100 damage!"
    )


def test_ammunition_spent_counts_down_the_bin(armed) -> None:
    """BT-C-12: a shot marked off at declaration; the bin's shots left."""
    event = ev.AmmoSpent(0, AC20_AMMO)
    after = RULESET.evolve(armed, event)
    assert describe(event, armed, after) == ("Hunchback [H]: 1 shot from AC/20 ammo (RT), 4 left.")
    assert is_routine(event)


def test_heat_rolls_say_the_heat_the_target_and_the_verdict(armed) -> None:
    """BT-C-54/55: shutdown, restart, ammunition explosion avoidance."""
    cases = {
        ev.ShutdownRolled(0, 18, 6, (2, 3), shutdown=True): (
            "Hunchback [H] at heat 18: shutdown roll, 6 to avoid, rolled 2+3=5: SHUTS DOWN."
        ),
        ev.ShutdownRolled(0, 30, 13, (), shutdown=True, automatic=True): (
            "Hunchback [H] at heat 30: shuts down automatically."
        ),
        ev.EngineRestarted(0): "Hunchback [H] restarts its engine (heat low enough).",
        ev.EngineRestarted(0, 6, (1, 2), success=False): (
            "Hunchback [H]: restart roll, 6 needed, rolled 1+2=3: stays shut down."
        ),
        ev.HeatExplosionRolled(0, 19, 4, (3, 3), exploded=False): (
            "Hunchback [H] at heat 19: ammunition explosion roll, 4 to avoid, rolled 3+3=6: "
            "no explosion."
        ),
        ev.HeatChanged(0, 14, 13, 1, (("walked", 1), ("AC/20", 7), ("2 Medium Laser", 6))): (
            "Hunchback [H] heat: 0 +14 built (walked +1, AC/20 +7, 2 Medium Laser +6) -13 sunk = 1."
        ),
    }
    for event, text in cases.items():
        assert describe(event, armed, armed) == text


def test_the_other_combat_events_read_well(armed) -> None:
    """Twists, charges, DFAs, displacement, terrain, clubs, dumping, ejection, declarations."""
    woods = RULESET.evolve(
        armed, ev.TerrainChanged(H("0404"), Terrain(woods=Woods.LIGHT), "woods cleared")
    )
    cases = [
        (
            ev.TorsoTwisted(0, 1),
            armed,
            ("Hunchback [H] twists its torso one hexside right (upper body faces NE)."),
        ),
        (ev.TorsoTwisted(0, 0, flipped=True), armed, "Hunchback [H] flips its arms to the rear."),
        (ev.ChargeDeclared(0, 1), armed, "Hunchback [H] declares a charge on Jenner [j]."),
        (
            ev.DFADeclared(1, 0, H("0304")),
            armed,
            ("Jenner [j] jumps to 0304 to come down on Hunchback [H] (death from above)."),
        ),
        (
            ev.UnitDisplaced(1, H("0307"), "pushed", Facing.S),
            armed,
            ("Jenner [j] is forced from 0306 into 0307 (pushed), now facing S."),
        ),
        (
            ev.TerrainChanged(H("0404"), Terrain(woods=Woods.LIGHT), "woods cleared"),
            woods,
            ("Woods cleared: 0404 light woods."),
        ),
        (
            ev.ClubTaken(0, "tree", (4, 5)),
            armed,
            ("Hunchback [H] takes a club: tree (rolled 4+5=9)."),
        ),
        (ev.ClubTaken(0, ""), armed, "Hunchback [H] drops its club."),
        (
            ev.AmmoDumpDeclared(0, (AC20_AMMO,)),
            armed,
            ("Hunchback [H] will dump AC/20 ammo (RT) during the next turn."),
        ),
        (ev.AmmoDumped(0, (AC20_AMMO,)), armed, "Hunchback [H] has dumped AC/20 ammo (RT)."),
        (
            ev.PilotEjected(0, H("0302")),
            armed,
            ("Hollis ejects from Hunchback [H] and lands in 0302."),
        ),
        (
            ev.PilotEjected(0, None, automatic=True),
            armed,
            ("Hollis ejects automatically from Hunchback [H]."),
        ),
        (ev.UnitDeclared(0), armed, "Hunchback [H] makes no attack."),
        (ev.UnitWithdrew(1, H("0308")), armed, "Jenner [j] withdraws off the map from 0308."),
        (
            ev.GameEnded(0, "Blue has the last units standing"),
            armed,
            ("Blue wins: Blue has the last units standing."),
        ),
    ]
    for event, after, text in cases:
        assert describe(event, armed, after) == text
    assert is_routine(ev.UnitDeclared(0))
    assert not is_routine(ev.PhaseStarted(Phase.WEAPON, 1))


def test_combat_commands_are_told_in_words(armed) -> None:
    """Fire (grouped by target, with the twist), hold fire, punch, no attack, charge, DFA."""
    fire = FireWeapons(0, (Shot(AC20, 1), Shot(2, 1)), twist=1)
    assert command_text(fire, armed).startswith(
        "Blue: Hunchback [H] twists its torso right, fires AC/20 (RT), Medium Laser (LA) at "
        "Jenner [j]"
    )
    assert command_text(FireWeapons(0), armed).startswith("Blue: Hunchback [H] holds fire")
    punch = PhysicalAttack(1, AttackKind.PUNCH, 0, Location.RA)
    assert command_text(punch, armed).startswith(
        "Red: Jenner [j] punches Hunchback [H] (right arm)"
    )
    assert command_text(PhysicalAttack(1), armed).startswith(
        "Red: Jenner [j] makes no physical attack"
    )
    charge = Move(0, MoveMode.WALK, (Step(StepKind.FORWARD),), charge=1)
    assert command_text(charge, armed).startswith(
        "Blue: Hunchback [H] walks F, charging Jenner [j]"
    )
    dfa = Jump(1, (H("0305"), H("0304")), Facing.N, dfa=0)
    assert command_text(dfa, armed).startswith(
        "Red: Jenner [j] jumps to 0304, death from above on Hunchback [H]"
    )


def test_the_rarer_combat_events_say_their_rolls(armed) -> None:
    """Falling onto a unit, lost criticals, explosions, terrain rolls, DFAs off, Streaks, aims."""
    state, _ = declared(
        armed, Attack(0, AttackKind.WEAPON, 1, H("0306"), 8, TERMS, weapon=AC20, aimed=Location.HD)
    )
    cases = {
        ev.FellOntoUnit(
            0,
            1,
            7,
            (("base", 7), ("target moved 3 hexes", 1)),
            (2, 3),
            hit=False,
            landing=H("0305"),
        ): (
            "Hunchback [H] falls onto Jenner [j]: 7 needed (base 7, target moved 3 hexes +1), "
            "rolled 2+3=5: misses, lands in 0305."
        ),
        ev.CriticalLost(0, Location.CT, "nothing to hit"): (
            "Hunchback [H]: the critical hit on the center torso is lost (nothing to hit)."
        ),
        ev.ComponentExploded(0, AC20, 20): "Hunchback [H]: the AC/20 (RT) explodes: 20 damage!",
        ev.TerrainRolled(H("0404"), "clearing", 5, (2, 2), success=True): (
            "0404: clearing roll, 5 or less, rolled 2+2=4: the woods are cleared."
        ),
        ev.TerrainRolled(H("0404"), "fire", 7, (2, 2), success=False): (
            "0404: fire roll, 7+, rolled 2+2=4: no fire."
        ),
        ev.DFACancelled(1, "it fell"): "Jenner [j]'s death from above is off: it fell.",
        ev.WindRolled(4, Facing.S): "Wind roll 4: wind direction S for the rest of the game.",
        ev.DamageApplied(0, Location.LT, 5, 0, roll=(4,), source=1): (
            "Hunchback [H]: hit location (1D6) 4: 5 damage to the left torso from Jenner [j]: "
            f"-5 armor ({state.units[0].body.armor_at(Location.LT)} left)."
        ),
        ev.WeaponNotFired(0, LRM, AC20_AMMO): (
            "Hunchback [H]: the LRM 10 (LT) got no lock-on and did not fire: no heat "
            "(the shot goes back in its bin)."
        ),
        ev.AimRolled(0, Location.HD, (3, 4), success=True): (
            "Hunchback [H] AC/20 (RT) -> Jenner [j]: aimed shot at the head: 6-8 needed, "
            "rolled 3+4=7: strikes the head."
        ),
    }
    for event, text in cases.items():
        assert describe(event, state, state) == text


def test_empty_slots_in_an_attack_phase_say_why() -> None:
    """An attack phase with nobody to declare, or everybody declared, says so (not "moved")."""
    from engine.battletech import events as ev  # noqa: PLC0415
    from engine.battletech.narrate import describe  # noqa: PLC0415
    from engine.battletech.state import Phase  # noqa: PLC0415
    from tests.engine.battletech._build import design, start, terrain_board  # noqa: PLC0415

    state = start(
        terrain_board(), [(design(), 0, "0101", Facing.S), (design(), 1, "0808", Facing.N)]
    )
    physical = attrs.evolve(state, phase=Phase.PHYSICAL)
    assert describe(ev.SlotsDealt(()), physical, physical) == (
        "No unit can make a physical attack this phase."
    )
    weapon = attrs.evolve(physical, phase=Phase.WEAPON)
    assert describe(ev.SlotsDealt(()), weapon, weapon) == "No unit can fire a weapon this phase."
    declared = weapon.replace_unit(0, attrs.evolve(weapon.units[0], declared=True))
    assert describe(ev.SlotsDealt(()), declared, declared).startswith("Every unit has declared")
    assert describe(ev.SlotsDealt(()), state, state) == "Every unit has moved."
    assert describe(ev.SlotsDealt(((1, 2),)), weapon, weapon) == "Next to declare: Red 2."


def test_a_club_search_is_told_with_its_roll() -> None:
    """BT-C-38: a tree or limb is taken; a girder search names its number and dice."""
    from engine.battletech import events as ev  # noqa: PLC0415
    from engine.battletech.narrate import describe  # noqa: PLC0415
    from tests.engine.battletech._build import design, start, terrain_board  # noqa: PLC0415

    state = start(
        terrain_board(), [(design(), 0, "0101", Facing.S), (design(), 1, "0808", Facing.N)]
    )
    where = Hex.from_label("0101")
    tree = describe(ev.ClubSearched(0, where, "tree", 0, (), found=True), state, state)
    assert "picks up a club in 0101: tree" in tree
    girder = ev.ClubSearched(0, where, "girder", 6, (2, 3), found=False)
    assert describe(girder, state, state).endswith(
        "searches the rubble of 0101 for a girder: 6 needed, rolled 2+3=5: finds nothing "
        "(no weapon fire this turn)."
    )
