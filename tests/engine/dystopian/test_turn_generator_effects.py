"""Sonic, Kinetic, Fury, Pulse and Camouflage through the turn machine (DW-23, DW-28.10).

DW-23 Sonic (every other model within 8" = 4 hexes but the submerged: 5-6 gives -2 AD, AA, CC
and MD until the end of its next activation), Kinetic (1D6" before moving, then at least half
the move), Fury and Pulse (2 dice stored an activation; Fury: 4-5 one Fire, 6 two and a new die;
Pulse: one roll, its hits on every model around against its DR and CR, DW-16.1), Camouflage (a
radius-1 template within 4 hexes, in sight, on no model; no fire through it; gone in the End
Phase, DW-7.3 step 5), Field (2D6: any 4-6 cancels), DW-27 item 23 (Fury and Pulse roll half
their dice after a half-dice contact), DW-24 Inventive Scientists (one die re-rolled).
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
import pytest

from engine.dice import Dice
from engine.dystopian.combat import ContactFire, Shooter, auxiliary_dice, weapon_ad
from engine.dystopian.commands import (
    Activate,
    EndActivation,
    Fire,
    Generate,
    MoveModel,
    PlaceCamouflage,
)
from engine.dystopian.context import DWCode
from engine.dystopian.events import DamageDealt, GeneratorRolled, GeneratorUsed
from engine.dystopian.fleet import Squadron
from engine.dystopian.generating import GENERATE
from engine.dystopian.generator_effects import has_inventive, stored_dice
from engine.dystopian.generator_events import (
    CamouflageLifted,
    CamouflagePlaced,
    GeneratorCharged,
    GeneratorRerolled,
    GeneratorStruck,
    KineticRolled,
    PulseRolled,
    SonicFaded,
)
from engine.dystopian.generators import Kind
from engine.dystopian.geometry import Level
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.narrate import tell
from engine.dystopian.rules import decide, legal_commands
from engine.dystopian.state import DWSetup, DWState
from engine.game import IllegalCommand
from engine.hexes import Facing
from tests.engine.dystopian._game import H, Place, arrange, card, fleet, play, setup

N, S = Facing.N, Facing.S
CR1, CR2, CR3, CR4 = 0, 1, 2, 3
ALL = ("sonic", "kinetic", "fury", "pulse", "camouflage")
GEAR = attrs.evolve(card("CR"), generators=ALL)
"""A Lancer Cruiser (DR 4, CR 6, HP 4, AA 3) fitted with the five generators, for the tests."""
FIELDED = attrs.evolve(card("CR"), generators=("field",))
"""A Lancer Cruiser with one Field generator."""
GAME = setup(fleet(Squadron(GEAR, 2)), fleet(Squadron(card("CR"), 2)))
"""Red CR-1, CR-2 (models 0, 1) with the generators; Blue CR-3, CR-4 (models 2, 3)."""
PLACES: dict[str, Place] = {
    "CR-1": ("1003", S),
    "CR-2": ("1103", S),
    "CR-3": ("1007", N),
    "CR-4": ("1208", N),
}
"""After their 1-hex moves CR-1 (1004) is 1 hex from CR-2, 3 from CR-3 and 5 from CR-4."""
MOVES = [MoveModel("CR-1", "F"), MoveModel("CR-2", "F")]
Places = Mapping[str, Place]


def _activated(game: DWSetup = GAME, places: Places | None = None, **kwargs: object) -> DWState:
    state = arrange(game, places or PLACES, **kwargs)  # type: ignore[arg-type]
    state, _ = play(state, [Activate("CR-1")])
    return state


def _moved(game: DWSetup = GAME, places: Places | None = None, **kwargs: object) -> DWState:
    state, _ = play(_activated(game, places, **kwargs), MOVES)
    return state


def _refused(state: DWState, command: object, code: str = GENERATE) -> str:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])  # type: ignore[list-item]
    assert refused.value.code == code
    return refused.value.message


# ---- Sonic ----------------------------------------------------------------------------------


def test_sonic_stuns_friend_and_foe_on_five_or_six() -> None:
    """DW-23 Sonic: CR-2 (1 hex) rolls a 5, CR-3 (3 hexes) a 4; CR-4 (5 hexes) is out of reach."""
    state, events = play(_moved(), [Generate("CR-1", "sonic")], [5, 4])
    assert events == [
        GeneratorUsed(CR1, "sonic"),
        GeneratorRolled(CR1, "sonic", CR2, (5,), marker="sonic"),
        GeneratorRolled(CR1, "sonic", CR3, (4,)),
    ]
    assert state.models[CR2].markers.sonic
    assert not state.models[CR3].markers.sonic


def test_sonic_spares_submerged_models() -> None:
    """DW-23 Sonic: submerged models are excluded: only CR-2 rolls."""
    places: Places = {**PLACES, "CR-3": ("1007", N, Level.SUBMERGED)}
    _, events = play(_moved(places=places), [Generate("CR-1", "sonic")], [6])
    assert [e.target for e in events if isinstance(e, GeneratorRolled)] == [CR2]


def test_a_sonic_stun_costs_two_ad_aa_cc_and_md() -> None:
    """DW-23 Sonic: the cruiser's fore turret 7 AD at RB1 becomes 5; its AA 3 becomes 1."""
    turret = card("CR").weapons[0]
    stunned = Shooter(card("CR"), sonic=True)
    assert weapon_ad(Shooter(card("CR")), turret, 1) == 7
    assert weapon_ad(stunned, turret, 1) == 5
    assert auxiliary_dice(stunned, card("CR").aa) == 1


def test_the_stun_lasts_until_the_end_of_the_models_next_activation() -> None:
    """DW-23 Sonic: CR-3, stunned by Red, is free at the end of Blue's activation; CR-2 is not."""
    state, _ = play(_moved(), [Generate("CR-1", "sonic")], [6, 6])
    blue = [Activate("CR-3"), MoveModel("CR-3", "F"), MoveModel("CR-4", "F"), EndActivation()]
    state, events = play(state, [EndActivation(), *blue], [6, 6, 1, 1])  # turn 2's initiative
    assert SonicFaded((CR3,)) in events
    assert not state.models[CR3].markers.sonic
    assert state.models[CR2].markers.sonic  # stunned in its own activation: the next one ends it


def test_a_field_cancels_the_sonic() -> None:
    """DW-23 Field: CR-3's 2D6 against the sonic's 6 show a 4: no stun."""
    game = setup(fleet(Squadron(GEAR, 2)), fleet(Squadron(FIELDED, 2)))
    state, events = play(_moved(game), [Generate("CR-1", "sonic")], [1, 6, 4, 2])
    assert events[-1] == GeneratorRolled(CR1, "sonic", CR3, (6,), (4, 2), cancelled=True)
    assert not state.models[CR3].markers.sonic


# ---- Kinetic --------------------------------------------------------------------------------


def test_kinetic_adds_the_die_in_inches_before_moving() -> None:
    """DW-23 Kinetic / DW-28.4: 8" + 3" = 11", 5 hexes on turn 1 (4 without the boost)."""
    state = _activated()
    assert Generate("CR-1", "kinetic") in legal_commands(state)
    assert state.mover(CR1).mp == 4
    state, events = play(state, [Generate("CR-1", "kinetic")], [3])
    assert events == [GeneratorUsed(CR1, "kinetic"), KineticRolled(CR1, 3)]
    assert state.mover(CR1).mp == 5


def test_after_a_kinetic_boost_the_model_moves_half_its_movement() -> None:
    """DW-23 Kinetic: with 5 hexes, 1 is too short and 3 is enough (3 x 2 >= 5)."""
    state, _ = play(_activated(), [Generate("CR-1", "kinetic")], [3])
    message = _refused(state, MoveModel("CR-1", "F"), DWCode.PATH)
    assert "half its movement" in message
    state, _ = play(state, [MoveModel("CR-1", "FFF")])
    assert state.models[CR1].hex == H("1006")


def test_kinetic_comes_before_the_model_moves_once_an_activation() -> None:
    """DW-23 Kinetic: "on activation, before moving"; only one Kinetic an activation."""
    moved, _ = play(_activated(), [MoveModel("CR-1", "F")])
    assert "before the model moves" in _refused(moved, Generate("CR-1", "kinetic"))
    boosted, _ = play(_activated(), [Generate("CR-1", "kinetic")], [2])
    assert "used its kinetic" in _refused(boosted, Generate("CR-1", "kinetic"))


# ---- Fury and Pulse -------------------------------------------------------------------------


def test_fury_and_pulse_store_two_dice_an_activation_up_to_ten() -> None:
    """DW-23 Fury / Pulse: 2 dice on each activation; 9 stored becomes 10, not 11."""
    state = arrange(GAME, PLACES)
    state = attrs.evolve(state, generator_dice=((CR1, "fury", 9),))
    state, events = play(state, [Activate("CR-1")])
    charged = [e for e in events if isinstance(e, GeneratorCharged)]
    assert charged == [
        GeneratorCharged(CR1, "fury", 10),
        GeneratorCharged(CR1, "pulse", 2),
        GeneratorCharged(CR2, "fury", 2),
        GeneratorCharged(CR2, "pulse", 2),
    ]
    assert stored_dice(state, CR1, Kind.FURY) == 10


def test_fury_sets_a_fire_for_each_hit_and_a_six_two() -> None:
    """DW-23 Fury: 2 dice at CR-3: 6 (two fires and a new die), 4 (one), the new die 2: 3 fires."""
    state, events = play(_moved(), [Generate("CR-1", "fury", "CR-3")], [6, 4, 2])
    assert events == [
        GeneratorUsed(CR1, "fury"),
        GeneratorCharged(CR1, "fury", 0),
        GeneratorStruck(CR1, "fury", CR3, (6, 4, 2), 3),
    ]
    assert state.models[CR3].markers.fires == 3
    assert state.models[CR3].hull_damage == 0  # no HP damage, no criticals: only fires


def test_fury_splits_its_dice_evenly_the_first_named_taking_the_remainder() -> None:
    """DW-23 Fury: 7 dice (5 stored + 2) at CR-3 and CR-2: 4 and 3."""
    state = attrs.evolve(arrange(GAME, PLACES), generator_dice=((CR1, "fury", 5),))
    state, _ = play(state, [Activate("CR-1"), *MOVES])
    _, events = play(state, [Generate("CR-1", "fury", "CR-3,CR-2")], [1] * 7)
    struck = [(e.target, len(e.faces)) for e in events if isinstance(e, GeneratorStruck)]
    assert struck == [(CR3, 4), (CR2, 3)]


def test_fury_halves_its_dice_after_a_model_contact_and_spends_them_all() -> None:
    """DW-27 item 23: 7 dice after a half-dice contact: 3 rolled, none left stored."""
    state = attrs.evolve(arrange(GAME, PLACES), generator_dice=((CR1, "fury", 5),))
    state, _ = play(state, [Activate("CR-1"), *MOVES])
    assert state.activation is not None
    half = attrs.evolve(state.activation, contact_fire=((CR1, ContactFire.HALF),))
    state = attrs.evolve(state, activation=half)
    state, events = play(state, [Generate("CR-1", "fury", "CR-3")], [1, 1, 1])
    assert [len(e.faces) for e in events if isinstance(e, GeneratorStruck)] == [3]
    assert stored_dice(state, CR1, Kind.FURY) == 0


def test_fury_fires_instead_of_shooting() -> None:
    """DW-23 Fury: after it, the model may not fire; after firing, no Fury."""
    fired, _ = play(_moved(), [Fire(("CR-1",), "fore-turret", ("CR-3",))])
    assert "instead of shooting" in _refused(fired, Generate("CR-1", "fury", "CR-3"))
    used, _ = play(_moved(), [Generate("CR-1", "fury", "CR-3")], [1, 1])
    message = _refused(used, Fire(("CR-1",), "fore-turret", ("CR-3",)), "combat/cannot_fire")
    assert "instead of shooting" in message


def test_fury_reaches_only_its_own_level() -> None:
    """DW-23 Fury: models at the same height level only: a flying CR-3 is refused."""
    places: Places = {**PLACES, "CR-3": ("1007", N, Level.FLYING)}
    assert "not at its level" in _refused(_moved(places=places), Generate("CR-1", "fury", "CR-3"))


def test_pulse_hits_every_model_around_against_its_own_dr_and_cr() -> None:
    """DW-23 Pulse: 4 dice: 6, 5, 4, 3 and the new die 2 = 4 hits, >= DR 4 < CR 6: 1 HP each."""
    state = attrs.evolve(arrange(GAME, PLACES), generator_dice=((CR1, "pulse", 2),))
    state, _ = play(state, [Activate("CR-1"), *MOVES])
    state, events = play(state, [Generate("CR-1", "pulse")], [6, 5, 4, 3, 2])
    assert PulseRolled(CR1, 4, (6, 5, 4, 3, 2), 4) in events
    struck = [e for e in events if isinstance(e, GeneratorStruck)]
    assert struck == [
        GeneratorStruck(CR1, "pulse", CR2, (), 4),
        GeneratorStruck(CR1, "pulse", CR3, (), 4),
    ]
    assert [e.hp_lost for e in events if isinstance(e, DamageDealt)] == [1, 1]
    assert (state.models[CR2].hull_damage, state.models[CR3].hull_damage) == (1, 1)
    assert state.models[CR4].hull_damage == 0  # 5 hexes away


def test_a_field_cancels_the_pulse_on_its_model_only() -> None:
    """DW-23 Field: CR-3's 2D6 show a 5: its pulse hits are cancelled; CR-2 still loses 1 HP."""
    game = setup(fleet(Squadron(GEAR, 2)), fleet(Squadron(FIELDED, 2)))
    state, _ = play(_activated(game), MOVES)
    state, events = play(state, [Generate("CR-1", "pulse")], [5, 5, 5, 5])
    assert GeneratorStruck(CR1, "pulse", CR3, (), 2, (5, 5), cancelled=True) in events
    assert (state.models[CR2].hull_damage, state.models[CR3].hull_damage) == (0, 0)
    # 2 hits < DR 4 on CR-2: no damage either; the Field still rolled for CR-3


# ---- Camouflage -----------------------------------------------------------------------------


def test_camouflage_blocks_fire_through_it_until_the_end_phase() -> None:
    """DW-23 Camouflage: a cloud on 1006 hides CR-3 (1009) from CR-1 (1004) until the End Phase."""
    places: Places = {**PLACES, "CR-3": ("1009", N), "CR-4": ("1209", N)}
    state = _moved(places=places, activated=(1,))
    state, events = play(state, [PlaceCamouflage("CR-1", H("1006"))])
    assert events == [GeneratorUsed(CR1, "camouflage"), CamouflagePlaced(CR1, H("1006"))]
    assert H("1007") in state.camouflage_hexes()
    fire = Fire(("CR-1",), "fore-turret", ("CR-3",))
    assert "cannot be seen" in _refused(state, fire, "combat/cannot_fire")
    state, events = play(state, [EndActivation()], [6, 6, 1, 1])  # turn 2's initiative
    assert CamouflageLifted((H("1006"),)) in events
    assert state.camouflage == ()


def test_camouflage_must_cover_no_model_and_stay_within_four_hexes() -> None:
    """DW-23 / DW-28.10: centre within 4 hexes; none of its 7 hexes may hold a piece."""
    state = _moved()
    assert "cover any model" in _refused(state, PlaceCamouflage("CR-1", H("1006")))
    assert "within 4 hexes" in _refused(state, PlaceCamouflage("CR-1", H("1012")))


# ---- Inventive Scientists (DW-24) -----------------------------------------------------------


def test_inventive_scientists_re_roll_one_die_against_the_user() -> None:
    """DW-24: the sonic's 2 at the enemy CR-3 is re-rolled into a 5; one die only."""
    game = setup(
        fleet(Squadron(attrs.evolve(GEAR, mars=card("CR", "inventive_scientists").mars), 2)),
        fleet(Squadron(card("CR"), 2)),
    )
    state, events = play(_moved(game), [Generate("CR-1", "sonic")], [1, 2, 5])
    assert events[1:] == [
        GeneratorRolled(CR1, "sonic", CR2, (1,)),  # a miss at a friend: kept
        GeneratorRerolled(CR1, "sonic", CR3, 2, 5),
        GeneratorRolled(CR1, "sonic", CR3, (5,), marker="sonic"),
    ]
    assert state.models[CR3].markers.sonic


def test_inventive_scientists_bought_as_an_option_count() -> None:
    """DW-24 via the Rampart Landship's INVENTED option ``scientists``."""
    game = setup(
        fleet(Squadron(card("LS"), 1, options=("scientists", "sonic"))),
        fleet(Squadron(card("LS"), 1)),
    )
    state = DWState.start(game)
    assert has_inventive(state, 0)
    assert not has_inventive(state, 1)


# ---- the command language, the log and the legal list --------------------------------------


def test_the_command_language_reads_and_writes_every_new_generator() -> None:
    """DW-23: ``generate MODEL camouflage at HEX``; Fury names its models, in order."""
    state = _moved()
    camouflage = parse_command("generate cr-1 camouflage at 1012", state)
    assert camouflage == PlaceCamouflage("CR-1", H("1012"))
    fury = parse_command("generate cr-1 fury at cr-3,cr-2", state)
    assert fury == Generate("CR-1", "fury", "CR-3,CR-2")
    for command in (camouflage, fury, Generate("CR-1", "pulse"), Generate("CR-1", "kinetic")):
        assert parse_command(format_command(command), state) == command


def test_the_log_tells_the_fury_die_by_die() -> None:
    """DW-23 Fury: the log names the dice and the fires."""
    state = _moved()
    command = Generate("CR-1", "fury", "CR-3")
    events = play(state, [command], [6, 4, 2])[1]
    told, _ = tell(1, command, events, state)
    text = " ".join(line.text for line in told)
    assert "The fury sets 3 fires on CR-3." in text
    rolls = [roll for line in told for roll in line.rolls]
    assert any(roll.dice == (6, 4, 2) and roll.outcome == "3 fires" for roll in rolls)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_listed_generator_command_is_accepted(seed: int) -> None:
    """DW-23: each generator use `legal_commands` lists (after moving) is accepted."""
    state = attrs.evolve(_moved(), generator_dice=((CR1, "fury", 6), (CR1, "pulse", 6)))
    listed = [c for c in legal_commands(state) if isinstance(c, Generate | PlaceCamouflage)]
    kinds = {c.generator if isinstance(c, Generate) else "camouflage" for c in listed}
    assert kinds == {"sonic", "fury", "pulse", "camouflage"}
    for command in listed:
        assert decide(state, command, Dice(seed))
