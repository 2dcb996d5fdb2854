"""Tiny-flyer wings through the turn machine, with forced dice (DW-20, DW-28.11, DW-28.13 #13).

DW-20.1 (carrier wings aboard, free wings), DW-20.3 (wings take turns among the squadrons),
DW-20.4 (launch within 2 hexes, one deck operation, Systems Offline; landing with room),
DW-20.5 (fuel: more than half the move, a shot, an Abort's hits; last fuel; crash; refuelling off
the own edge), DW-20.6 (fighters' AA 3+, bombers' 6, models' 5-6; bombers 3+ in base contact;
torpedo bombers 3+ at d <= 4 with the target's CC cancelling; the target's AA first; the AD
counter-attack of a CAP wing), DW-20.7 (a natural 6 destroys a token; hits >= tokens left Abort;
an Aborted wing does not attack), DW-20.8 (CAP launch and attach, a CAP wing's AA for its
host), DW-27 item 24 (1 fuel per hit of an Abort).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from engine.dice import Dice
from engine.dystopian.commands import Activate, EndActivation, Fire, MoveModel
from engine.dystopian.events import (
    ActivationEnded,
    DamageDealt,
    EndPhaseBegan,
    HitsCancelled,
    InitiativeRolled,
    TurnBegan,
)
from engine.dystopian.fleet import Squadron, Wing
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.models import TinyKind
from engine.dystopian.narrate import tell
from engine.dystopian.rules import decide, legal_commands, prompt_text
from engine.dystopian.state import DWState, Markers
from engine.dystopian.wing_commands import FireAA, FlyWing, LaunchWing, RefuelWing
from engine.dystopian.wing_events import (
    WingAAAttacked,
    WingAAFired,
    WingActivationEnded,
    WingAttached,
    WingAttackRolled,
    WingDamaged,
    WingFired,
    WingFlew,
    WingLanded,
    WingLaunched,
    WingRefuelled,
    WingsTidied,
)
from engine.dystopian.wing_rules import WingCode, wing_hex
from engine.dystopian.wing_state import WingPlace
from engine.game import Command, IllegalCommand
from engine.hexes import Facing
from tests.engine.dystopian._game import H, arrange, card, fleet, play, setup, squadron

N, NE, SE, S, SW, NW = Facing
AIR, DECK, EDGE, LOST = WingPlace.AIR, WingPlace.DECK, WingPlace.EDGE, WingPlace.LOST
F, R, B, T = TinyKind.FIGHTER, TinyKind.RECON, TinyKind.BOMBER, TinyKind.TORPEDO_BOMBER

RED = attrs.evolve(
    fleet(Squadron(card("CV"), 1, wings=(Wing(F, 5), Wing(R, 1))), squadron("CR", 1)),
    free_wings=(Wing(F, 4), Wing(B, 3), Wing(T, 3)),
)
"""Red: CV-1 (model 0, squadron 0) carrying fighters-1 (5) and recon-1; CR-1 (model 1,
squadron 1); free wings fighters-2 (4), bombers-1 (3), torpedo-1 (3) (DW-20.1 option 2)."""
BLUE = attrs.evolve(
    fleet(squadron("BB", 1), squadron("FF", 2)), free_wings=(Wing(F, 5), Wing(T, 5))
)
"""Blue: BB-1 (model 2, squadron 2); FF-1, FF-2 (models 3, 4, squadron 3); free wings
fighters-3 (5), torpedo-2 (5) (DW-20.1 option 3)."""
GAME = setup(RED, BLUE)
PLACES = {
    "CV-1": ("1003", S),
    "CR-1": ("2002", S),
    "BB-1": ("3020", N),
    "FF-1": ("0812", N),
    "FF-2": ("0814", N),
}
"""The carrier and cruiser at the top; the battleship far off; the frigates in mid-board."""
FIGHTERS_1, RECON_1, FIGHTERS_2, BOMBERS_1, TORPEDO_1, FIGHTERS_3, TORPEDO_2 = range(7)


def _wings(state: DWState, **changes: dict[str, Any]) -> DWState:
    """The state with wings changed by name (``bombers_1={"place": AIR, ...}``)."""
    wings = list(state.wings)
    for name, fields in changes.items():
        index = next(n for n, w in enumerate(wings) if w.ident == name.replace("_", "-"))
        wings[index] = attrs.evolve(wings[index], **fields)
    return attrs.evolve(state, wings=tuple(wings))


def _refused(state: DWState, command: Command, code: WingCode, message: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert (refused.value.code, refused.value.message) == (code, message)


def _aloft(**places: str) -> DWState:
    """Red to act between activations; the named wings in the air at these hexes."""
    state = arrange(GAME, PLACES)
    return _wings(state, **{n: {"place": AIR, "hex": H(h)} for n, h in places.items()})


# ---- the wings of a fleet (DW-20.1) ------------------------------------------------------------


def test_carrier_wings_start_aboard_and_free_wings_off_their_edge() -> None:
    """DW-20.1 / DW-20.5: carrier wings on their carrier; free wings fuelled, off the edge."""
    state = DWState.start(GAME)
    assert [(w.ident, w.owner, w.tokens, w.place, w.carrier, w.fuel) for w in state.wings] == [
        ("fighters-1", 0, 5, DECK, 0, 6),
        ("recon-1", 0, 1, DECK, 0, 6),
        ("fighters-2", 0, 4, EDGE, None, 6),
        ("bombers-1", 0, 3, EDGE, None, 6),
        ("torpedo-1", 0, 3, EDGE, None, 6),
        ("fighters-3", 1, 5, EDGE, None, 6),
        ("torpedo-2", 1, 5, EDGE, None, 6),
    ]


# ---- launch and landing (DW-20.4) --------------------------------------------------------------


def test_a_carrier_launches_one_wing_within_two_hexes_in_its_activation() -> None:
    """DW-20.4 / DW-28.11: placed at d <= 2, fuel 6; one deck operation; it flies no more."""
    state, _ = play(arrange(GAME, PLACES), [Activate("CV-1")])
    spot = H("1003").ring(2)[0]
    state, events = play(state, [LaunchWing("fighters-1", spot)])
    assert events == [WingLaunched(FIGHTERS_1, 0, spot)]
    wing = state.wings[FIGHTERS_1]
    assert (wing.place, wing.hex, wing.fuel, wing.acted, wing.deck_turn) == (AIR, spot, 6, 1, 1)
    _refused(
        state,
        LaunchWing("recon-1", H("1003").ring(1)[0]),
        WingCode.LAUNCH,
        "The carrier has no more deck operations this activation.",
    )
    _refused(
        state,
        FlyWing("fighters-1", H("1008")),
        WingCode.ACTED,
        "fighters-1 has already flown this turn.",
    )


def test_a_launch_is_refused_beyond_two_hexes_and_with_systems_offline() -> None:
    """DW-20.4: 4" is 2 hexes; a carrier with Systems Offline neither launches nor lands."""
    state, _ = play(arrange(GAME, PLACES), [Activate("CV-1")])
    _refused(
        state,
        LaunchWing("fighters-1", H("1003").ring(3)[0]),
        WingCode.LAUNCH,
        "Launched planes are placed within 2 hexes.",
    )
    offline = arrange(GAME, PLACES, markers={"CV-1": Markers(generators_offline=True)})
    offline, _ = play(offline, [Activate("CV-1")])
    _refused(
        offline,
        LaunchWing("fighters-1", H("1005")),
        WingCode.LAUNCH,
        "A carrier with its systems offline can neither launch nor land.",
    )


def test_a_carrier_that_launched_makes_no_gunnery_or_rocket_attack_and_vice_versa() -> None:
    """DW-20.4: launching and the carrier's own gunnery or rockets exclude each other."""
    places = {**PLACES, "FF-1": ("1010", N)}
    state, _ = play(arrange(GAME, places), [Activate("CV-1"), MoveModel("CV-1", "FF")])
    rockets = Fire(("CV-1",), "rocket", ("FF-1",))
    launched, _ = play(state, [LaunchWing("fighters-1", H("1007"))])
    with pytest.raises(IllegalCommand) as refused:
        play(launched, [rockets])
    assert refused.value.message == "CV-1 launched a wing this turn: no gunnery or rockets."
    assert rockets not in legal_commands(launched)
    fired, _ = play(state, [rockets])
    _refused(
        fired,
        LaunchWing("fighters-1", H("1007")),
        WingCode.LAUNCH,
        "A carrier that fired or used a generator this turn cannot launch.",
    )


def test_a_wing_launched_as_cap_flies_over_its_carrier() -> None:
    """DW-20.4 / DW-20.8: on launch a wing may join its carrier as Combat Air Patrol."""
    state, _ = play(arrange(GAME, PLACES), [Activate("CV-1")])
    state, events = play(state, [LaunchWing("recon-1", H("1003"), cap=True)])
    assert events == [WingLaunched(RECON_1, 0, None, cap=True)]
    assert state.wings[RECON_1].cap == 0
    assert wing_hex(state, RECON_1) == H("1003")


def test_a_wing_lands_on_a_carrier_with_room_refuelled_and_rearmed() -> None:
    """DW-20.4 / DW-20.5: ending within 2 hexes of the carrier it lands: fuel 6, rearmed."""
    state = _aloft(fighters_2="1008")
    state = _wings(
        state, fighters_1={"place": AIR, "hex": H("2010")}, fighters_2={"fuel": 3, "rearm": True}
    )
    state, events = play(state, [FlyWing("fighters-2", H("1005"), land="CV-1")])
    assert events == [
        WingFlew(FIGHTERS_2, H("1008"), H("1005"), 3, 0),
        WingLanded(FIGHTERS_2, 0),
        WingActivationEnded(FIGHTERS_2, 1),
    ]
    wing = state.wings[FIGHTERS_2]
    assert (wing.place, wing.carrier, wing.fuel, wing.rearm, wing.hex) == (DECK, 0, 6, False, None)


def test_a_full_carrier_has_no_room() -> None:
    """DW-20.4: the carrier (capacity 6) holds fighters-1 (5) and recon-1 (1): no room."""
    state = _aloft(fighters_2="1008")
    _refused(
        state,
        FlyWing("fighters-2", H("1005"), land="CV-1"),
        WingCode.LAND,
        "The carrier has no room.",
    )


# ---- flying and fuel (DW-20.2, DW-20.5, DW-28.11) ---------------------------------------------


def test_a_free_wing_enters_from_its_edge_and_the_other_player_is_next() -> None:
    """DW-20.5 / DW-28.11: 4 steps in from the top edge of MP 8: no fuel; Blue goes next."""
    state, events = play(arrange(GAME, PLACES), [FlyWing("fighters-2", H("0504"))])
    assert events == [
        WingFlew(FIGHTERS_2, None, H("0504"), 4, 0),
        WingActivationEnded(FIGHTERS_2, 1),
    ]
    assert (state.wings[FIGHTERS_2].fuel, state.active) == (6, 1)


def test_more_than_half_its_move_costs_a_fuel_point() -> None:
    """DW-20.5 / DW-28.4: 5 steps of MP 8 is more than half: fuel 6 -> 5."""
    state = _aloft(fighters_2="0505")
    state, events = play(state, [FlyWing("fighters-2", H("0510"))])
    assert events[0] == WingFlew(FIGHTERS_2, H("0505"), H("0510"), 5, 1)
    assert state.wings[FIGHTERS_2].fuel == 5


@pytest.mark.parametrize(
    ("fuel", "to", "message"),
    [
        (6, "0514", "It flies only 8 hexes."),
        (1, "0510", "On its last fuel it may fly only half its move."),
        (6, "0505", "Planes can never stop in the air."),
    ],
)
def test_a_wing_flies_at_most_its_move_half_on_its_last_fuel_and_never_stops(
    fuel: int, to: str, message: str
) -> None:
    """DW-20.2 / DW-20.5 / DW-28.11: MP 8 for fighters; at fuel 1 half; at least one step."""
    state = _wings(_aloft(fighters_2="0505"), fighters_2={"fuel": fuel})
    _refused(state, FlyWing("fighters-2", H(to)), WingCode.MOVE, message)


def test_a_wing_ends_in_a_free_hex() -> None:
    """DW-28.5: one piece per hex at the end of any move."""
    _refused(
        _aloft(fighters_2="0505"),
        FlyWing("fighters-2", H("0812")),
        WingCode.MOVE,
        "0812 is not a free hex on the table.",
    )


def test_a_wing_leaves_by_its_own_edge_and_refuels_on_its_next_activation() -> None:
    """DW-20.5: off its own edge (2 steps from row 2); next turn it lands and refuels to 6."""
    state = _wings(_aloft(fighters_2="0502"), fighters_2={"fuel": 2})
    state, events = play(state, [FlyWing("fighters-2", None)])
    assert events[0] == WingFlew(FIGHTERS_2, H("0502"), None, 2, 0)
    assert state.wings[FIGHTERS_2].place is WingPlace.REFUEL
    later = attrs.evolve(arrange(GAME, PLACES, turn=2), wings=state.wings)
    _refused(
        later,
        FlyWing("fighters-2", H("0504")),
        WingCode.PLACE,
        "fighters-2 is refuelling off the table (refuel it).",
    )
    later, events = play(later, [RefuelWing("fighters-2")])
    assert events == [WingRefuelled(FIGHTERS_2, 6), WingActivationEnded(FIGHTERS_2, 1)]
    assert (later.wings[FIGHTERS_2].place, later.wings[FIGHTERS_2].fuel) == (EDGE, 6)


# ---- air combat (DW-20.6, DW-20.7) -------------------------------------------------------------


def test_a_fighter_aborts_a_torpedo_bomber_which_loses_three_fuel() -> None:
    """DW-20.7's first example: a fighter's 3 and 5 Abort a bomber, which loses 3 fuel.

    The fighter (AA 2, 3+) scores 2 hits; the bomber loses 3 fuel, one per hit (DW-27 item
    24) and one for firing its AA back (6: a 4 misses).
    """
    state = _aloft(fighters_2="1010")
    state = _wings(
        state,
        fighters_2={"tokens": 1},
        torpedo_2={"place": AIR, "hex": H("1012"), "tokens": 1},
    )
    state, events = play(state, [FlyWing("fighters-2", H("1011"), attack="torpedo-2")], [3, 5, 4])
    assert events == [
        WingFlew(FIGHTERS_2, H("1010"), H("1011"), 1, 0),
        WingAAFired(TORPEDO_2, FIGHTERS_2, None, 3, (3, 5), 0, 2),
        WingAAFired(FIGHTERS_2, TORPEDO_2, None, 6, (4,), 0, 0),
        WingFired(FIGHTERS_2),
        WingFired(TORPEDO_2),
        WingDamaged(TORPEDO_2, 0, 2, aborted=True, fuel=2, lost=False),
        WingDamaged(FIGHTERS_2, 0, 0, aborted=False, fuel=0, lost=False),
        WingActivationEnded(FIGHTERS_2, 1),
    ]
    assert (state.wings[TORPEDO_2].fuel, state.wings[FIGHTERS_2].fuel) == (3, 5)
    assert not state.wings[TORPEDO_2].aborted  # DW-20.7: the Abort lasts the activation


def test_three_fighters_destroy_one_and_the_aborted_wing_crashes_out_of_fuel() -> None:
    """DW-20.7's second example, v1.2: three fighters down one bomber; the rest crash.

    (1,5), (3,3), (4,6) and the 6's extra 4: one token down,
    5 hits >= 2 left: Aborted, 5 fuel, after 1 for firing back: 6 - 1 - 5 = 0, it crashes.
    """
    state = _aloft(fighters_2="1010")
    state = _wings(
        state,
        fighters_2={"tokens": 3},
        torpedo_2={"place": AIR, "hex": H("1012"), "tokens": 3},
    )
    dice = [1, 5, 3, 3, 4, 6, 4, 1, 1, 1]
    state, events = play(state, [FlyWing("fighters-2", H("1011"), attack="torpedo-2")], dice)
    assert WingAAFired(TORPEDO_2, FIGHTERS_2, None, 3, (1, 5, 3, 3, 4, 6, 4), 1, 5) in events
    assert WingDamaged(TORPEDO_2, 1, 5, aborted=True, fuel=5, lost=True) in events
    assert (state.wings[TORPEDO_2].place, state.wings[TORPEDO_2].tokens) == (LOST, 0)


def test_bombers_take_the_squadrons_aa_first_then_hit_a_frigate_on_three_plus() -> None:
    """DW-20.6: bombers take the frigates' AA first, then hit on 3+.

    FF-1 and FF-2 (AA 1 each, within 4 hexes) fire first at 5-6: a 5 is one hit,
    short of an Abort of 3 tokens; then 9 AD at 3+: 3 hits on DR 3: 1 HP; then rearm.
    """
    state = _aloft(bombers_1="0808")
    attack = [3, 3, 3, 1, 1, 1, 2, 2, 2]
    state, events = play(state, [FlyWing("bombers-1", H("0811"), attack="FF-1")], [5, 2, *attack])
    assert events == [
        WingFlew(BOMBERS_1, H("0808"), H("0811"), 3, 0),
        WingAAFired(BOMBERS_1, None, 3, 5, (5,), 0, 1),
        WingAAFired(BOMBERS_1, None, 4, 5, (2,), 0, 0),
        WingDamaged(BOMBERS_1, 0, 1, aborted=False, fuel=0, lost=False),
        WingAttackRolled(BOMBERS_1, 3, 9, 3, tuple(attack), 3),
        WingFired(BOMBERS_1, ad=True),
        DamageDealt(3, 3, 1, 0),
        WingActivationEnded(BOMBERS_1, 1),
    ]
    assert state.models[3].hull_damage == 1
    assert (state.wings[BOMBERS_1].fuel, state.wings[BOMBERS_1].rearm) == (5, True)


def test_an_aborted_bomber_does_not_complete_its_attack() -> None:
    """DW-20.7: one bomber hit once is Aborted (1 fuel per hit): no attack this activation."""
    state = _wings(_aloft(bombers_1="0808"), bombers_1={"tokens": 1})
    state, events = play(state, [FlyWing("bombers-1", H("0811"), attack="FF-1")], [5, 1])
    assert events[-2:] == [
        WingDamaged(BOMBERS_1, 0, 1, aborted=True, fuel=1, lost=False),
        WingActivationEnded(BOMBERS_1, 1),
    ]
    assert state.models[3].hull_damage == 0
    assert state.wings[BOMBERS_1].fuel == 5


def test_bombers_must_be_in_base_contact_and_rearm_after_attacking() -> None:
    """DW-20.5 / DW-20.6 / DW-28.11: bombers attack at d = 1, and rearm before the next."""
    state = _aloft(bombers_1="0808")
    _refused(
        state,
        FlyWing("bombers-1", H("0810"), attack="FF-1"),
        WingCode.ATTACK,
        "Bombers must be in base contact.",
    )
    _refused(
        _wings(state, bombers_1={"rearm": True}),
        FlyWing("bombers-1", H("0811"), attack="FF-1"),
        WingCode.ATTACK,
        "It must rearm before attacking again.",
    )


def test_torpedo_bombers_strike_from_four_hexes_and_the_targets_cc_cancels() -> None:
    """DW-20.6 / DW-18.3: torpedo bombers at d = 4; the target's CC cancels hits.

    FF-1's AA (1 die) misses; 9 AD at 3+ score 5 (a 6 and its extra 2);
    FF-1's CC rolls a 5: one cancelled; 4 hits on DR 3 cost 1 HP.
    """
    places = {**PLACES, "FF-1": ("2012", N), "FF-2": ("3020", N), "BB-1": ("3022", N)}
    state = arrange(GAME, places)
    state = _wings(state, torpedo_1={"place": AIR, "hex": H("2005")})
    attack = [3, 4, 5, 6, 1, 1, 1, 1, 1, 2]
    state, events = play(state, [FlyWing("torpedo-1", H("2008"), attack="FF-1")], [1, *attack, 5])
    assert events[1:-1] == [
        WingAAFired(TORPEDO_1, None, 3, 5, (1,), 0, 0),
        WingDamaged(TORPEDO_1, 0, 0, aborted=False, fuel=0, lost=False),
        WingAttackRolled(TORPEDO_1, 3, 9, 3, tuple(attack), 5),
        HitsCancelled(3, "CC", (3,), ((5,),), 1, 4),
        WingFired(TORPEDO_1, ad=True),
        DamageDealt(3, 4, 1, 0),
    ]


def test_fighters_dont_attack_ships() -> None:
    """DW-20.6: fighters and recon planes engage wings only (their AA)."""
    _refused(
        _aloft(fighters_2="0808"),
        FlyWing("fighters-2", H("0811"), attack="FF-1"),
        WingCode.ATTACK,
        "Fighters and recon planes engage only wings.",
    )


# ---- Combat Air Patrol (DW-20.8) and the counter-attack (DW-20.6) ----------------------------


def test_a_wing_attaches_as_cap_to_a_large_model_within_two_hexes() -> None:
    """DW-20.8: a Large or Massive surface host within 4"; never a Small frigate."""
    state = _aloft(fighters_2="1008")
    state, events = play(state, [FlyWing("fighters-2", H("1005"), cap="CV-1")])
    assert events[1] == WingAttached(FIGHTERS_2, 0)
    assert wing_hex(state, FIGHTERS_2) == H("1003")
    blue = _wings(arrange(GAME, PLACES, active=1), fighters_3={"place": AIR, "hex": H("0816")})
    _refused(
        blue,
        FlyWing("fighters-3", H("0815"), cap="FF-2"),
        WingCode.CAP,
        "Only Large or Massive models take a wing.",
    )


def test_cap_fighters_fire_their_aa_at_bombers_attacking_the_host() -> None:
    """DW-20.6 / DW-20.8: the host's AA and its CAP fighter's meet the bombers first.

    BB-1's 7 AA (5-6) and its CAP fighter's 2 AA (3+: a 3, and a 6 that
    destroys a token, its extra die a 1) meet the bombers first; 2 of 3 left, 1 hit: no Abort;
    then 2 x 3 = 6 AD at 3+.
    """
    state = _aloft(bombers_1="2816")
    state = _wings(state, fighters_3={"place": AIR, "cap": 2, "tokens": 1})
    dice = [1] * 7 + [3, 6, 1] + [1] * 6
    state, events = play(state, [FlyWing("bombers-1", H("3019"), attack="BB-1")], dice)
    assert events[1:-1] == [
        WingAAFired(BOMBERS_1, None, 2, 5, (1,) * 7, 0, 0),
        WingAAFired(BOMBERS_1, FIGHTERS_3, None, 3, (3, 6, 1), 1, 1),
        WingFired(FIGHTERS_3),
        WingDamaged(BOMBERS_1, 1, 1, aborted=False, fuel=0, lost=False),
        WingAttackRolled(BOMBERS_1, 2, 6, 3, (1,) * 6, 0),
        WingFired(BOMBERS_1, ad=True),
        DamageDealt(2, 0, 0, 0),
    ]
    assert (state.wings[BOMBERS_1].tokens, state.wings[FIGHTERS_3].fuel) == (2, 5)


def test_cap_torpedo_bombers_strike_back_at_the_attacking_cruiser() -> None:
    """DW-20.6 / DW-20.8: a CAP torpedo bomber strikes back at the attacking squadron.

    The cruiser fires at BB-1; BB-1's CAP torpedo bomber (3 AD at 3+)
    answers the active squadron in RB1: 2 hits, CR-1's CC (2 dice) cancels one: 1 < DR 4.
    """
    places = {**PLACES, "CR-1": ("3016", S), "BB-1": ("3019", N)}
    state = _wings(arrange(GAME, places), torpedo_2={"place": AIR, "cap": 2, "tokens": 1})
    state, _ = play(state, [Activate("CR-1"), MoveModel("CR-1", "F")])
    fire = Fire(("CR-1",), "fore-turret", ("BB-1",))
    state, events = play(state, [fire, EndActivation()], [1] * 7 + [3, 4, 1] + [5, 1])
    assert events[2:] == [
        DamageDealt(2, 0, 0, 0),  # the cruiser's 7 dice, all 1s, at the battleship
        WingAttackRolled(TORPEDO_2, 1, 3, 3, (3, 4, 1), 2, counter=True),
        HitsCancelled(1, "CC", (1,), ((5, 1),), 1, 1),
        WingFired(TORPEDO_2, ad=True),
        DamageDealt(1, 1, 0, 0),
        ActivationEnded(1, 1),
    ]
    assert (state.wings[TORPEDO_2].fuel, state.wings[TORPEDO_2].rearm) == (5, True)


# ---- turns and the End Phase (DW-20.3, DW-7.3) -------------------------------------------------


def test_wings_take_turns_with_squadrons_and_the_last_one_ends_the_turn() -> None:
    """DW-20.3 / DW-7.3: wings take turns with squadrons; the last one ends the turn.

    Blue, with only a wing left, is next after Red's last squadron; when it has
    flown nobody has anything left: the End Phase (wings aboard the lost carrier go down with
    it) and turn 2's initiative.
    """
    state = arrange(GAME, PLACES, activated=(0, 2, 3))
    state = attrs.evolve(
        state, models=(attrs.evolve(state.models[0], lost=True), *state.models[1:])
    )
    done = {"acted": 1}
    state = _wings(
        state,
        fighters_2=done,
        bombers_1=done,
        torpedo_1=done,
        torpedo_2=done,
        fighters_3={"place": AIR, "hex": H("1016")},
    )
    state, events = play(state, [Activate("CR-1"), MoveModel("CR-1", "F"), EndActivation()])
    assert events[-1] == ActivationEnded(1, 1)
    state, events = play(state, [FlyWing("fighters-3", H("1014"))], [6, 6, 1, 1])
    assert events[1:5] == [
        WingActivationEnded(FIGHTERS_3, None),
        EndPhaseBegan(1),
        WingsTidied((), (FIGHTERS_1, RECON_1), ()),
        TurnBegan(2),
    ]
    assert isinstance(events[5], InitiativeRolled)
    assert [w.place for w in state.wings[:2]] == [LOST, LOST]


# ---- the command language and the story ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("launch fighters-1 1005", LaunchWing("fighters-1", H("1005"))),
        ("launch recon-1 1003 cap", LaunchWing("recon-1", H("1003"), cap=True)),
        ("fly fighters-2 0504", FlyWing("fighters-2", H("0504"))),
        ("fly fighters-2 off", FlyWing("fighters-2", None)),
        ("fly bombers-1 0811 attack FF-1", FlyWing("bombers-1", H("0811"), attack="FF-1")),
        ("fly fighters-2 1011 attack torpedo-2", FlyWing("fighters-2", H("1011"), "torpedo-2")),
        ("fly fighters-2 1005 land CV-1", FlyWing("fighters-2", H("1005"), land="CV-1")),
        ("fly fighters-2 1005 cap CV-1", FlyWing("fighters-2", H("1005"), cap="CV-1")),
        ("refuel fighters-2", RefuelWing("fighters-2")),
    ],
)
def test_wing_commands_are_read_and_written(text: str, command: Command) -> None:
    """The ``:`` line reads each wing command and writes it back the same."""
    state = arrange(GAME, PLACES)
    assert parse_command(text, state) == command
    assert format_command(command) == text


def test_a_wing_command_with_bad_words_is_refused_with_its_usage() -> None:
    """A wrong wing name or shape says what the command needs."""
    state = arrange(GAME, PLACES)
    with pytest.raises(IllegalCommand, match="there is no wing eagles-1"):
        parse_command("fly eagles-1 0504", state)
    with pytest.raises(IllegalCommand, match=r"refuel needs: refuel WING"):
        parse_command("refuel", state)


def test_a_bomber_strike_is_told_with_its_dice() -> None:
    """The story names the wing, the AA and the attack, with their dice."""
    state = _aloft(bombers_1="0808")
    command = FlyWing("bombers-1", H("0811"), attack="FF-1")
    attack = [3, 3, 3, 1, 1, 1, 2, 2, 2]
    after, events = play(state, [command], [5, 2, *attack])
    told, _ = tell(3, command, events, state)
    texts = [t.text for t in told]
    assert texts[0] == "fly bombers-1 0811 attack FF-1"
    assert texts[1] == ("Red's bombers-1 (3 planes) flies 3 hexes from 0808 to 0811 (fuel 6).")
    assert (
        "Red's bombers-1 (3 planes) attacks Picket Frigate FF-1 with 9 AD on 3+: 3 hits." in texts
    )
    rolls = [r for t in told for r in t.rolls]
    assert [r.dice for r in rolls[:3]] == [(5,), (2,), tuple(attack)]
    del after


def test_the_listed_wing_commands_are_all_accepted() -> None:
    """``legal_commands`` lists flights, attacks, landings, CAP and launches the rules accept."""
    state = _aloft(bombers_1="0808", fighters_2="1008")
    listed = [c for c in legal_commands(state) if isinstance(c, FlyWing | RefuelWing)]
    assert any(isinstance(c, FlyWing) and c.attack == "FF-1" for c in listed)
    assert any(isinstance(c, FlyWing) and c.cap == "CV-1" for c in listed)
    assert RefuelWing("torpedo-1") in listed
    for n, command in enumerate(listed):
        assert decide(state, command, Dice(n))
    launching, _ = play(arrange(GAME, PLACES), [Activate("CV-1")])
    launches = [o for o in legal_commands(launching) if isinstance(o, LaunchWing)]
    assert LaunchWing("fighters-1", H("1003"), cap=True) in launches
    assert len(launches) == 8  # as CAP or at 3 places, for each of the two wings aboard
    for launch in launches:
        assert decide(launching, launch, Dice(0))


# ---- models' AA in their own activation (DW-18.2) and the attacked wing's answer (DW-20.6) ----


def test_a_cruiser_turns_its_aa_on_torpedo_bombers_which_strike_back_at_once() -> None:
    """DW-18.2 / DW-18.4 / DW-20.6: a cruiser's AA at a wing, which strikes back at once.

    CR-1's 3 AA at 5-6 on the wing within 4 hexes: a 6 downs a token (its extra die a 2)
    and a 5 is a hit; the attacked torpedo bombers (3 x 3 AD at 3+) answer CR-1 in RB1 at the
    same time: 4 hits, CR-1's CC (2) cancels 2 (a 6): 2 < DR 4; then the wing: 2 tokens left,
    1 hit: no Abort; its shot cost 1 fuel.
    """
    places = {**PLACES, "CR-1": ("2008", S)}
    state = arrange(GAME, places, active=0)
    state = _wings(state, torpedo_2={"place": AIR, "hex": H("2011"), "tokens": 3})
    state, _ = play(state, [Activate("CR-1"), MoveModel("CR-1", "F")])
    aa = FireAA(("CR-1",), "torpedo-2")
    assert aa in legal_commands(state)
    counter = [3, 3, 4, 4, 1, 1, 1, 1, 1]
    state, events = play(state, [aa], [6, 5, 1, 2, *counter, 6, 1, 3])
    assert events == [
        WingAAAttacked((1,), TORPEDO_2),
        WingAAFired(TORPEDO_2, None, 1, 5, (6, 5, 1, 2), 1, 1),
        WingAttackRolled(TORPEDO_2, 1, 9, 3, tuple(counter), 4, counter=True),
        HitsCancelled(1, "CC", (1,), ((6, 1, 3),), 2, 2),
        WingFired(TORPEDO_2, ad=True),
        DamageDealt(1, 2, 0, 0),
        WingDamaged(TORPEDO_2, 1, 1, aborted=False, fuel=0, lost=False),
    ]
    wing = state.wings[TORPEDO_2]
    assert (wing.tokens, wing.fuel, wing.rearm) == (2, 5, True)
    _refused(state, aa, WingCode.ATTACK, "CR-1 has already fired its AA this turn.")
    assert parse_command("aa CR-1 at torpedo-2", state) == aa
    assert format_command(aa) == "aa CR-1 at torpedo-2"


def test_aa_reaches_four_hexes() -> None:
    """DW-18.2 / DW-28.7: AA reaches 8", 4 hexes."""
    places = {**PLACES, "CR-1": ("2002", S)}
    state = _wings(arrange(GAME, places), torpedo_2={"place": AIR, "hex": H("2011")})
    state, _ = play(state, [Activate("CR-1"), MoveModel("CR-1", "F")])
    _refused(
        state,
        FireAA(("CR-1",), "torpedo-2"),
        WingCode.ATTACK,
        "CR-1's AA does not reach torpedo-2.",
    )


def test_the_prompt_offers_wings_among_the_squadrons() -> None:
    """DW-20.3: between activations a player may activate a squadron or a wing."""
    state = arrange(GAME, PLACES)
    assert prompt_text(state) == (
        "Red: activate a squadron (activate MODEL) or a wing (fly WING HEX|off ...)."
    )
    only_wings = arrange(GAME, PLACES, activated=(0, 1))
    assert prompt_text(only_wings) == (
        "Red: activate a wing (fly WING HEX|off [attack|land|cap ...], refuel WING)."
    )


def test_a_cap_wing_answers_an_attack_on_its_hosts_squadron_mate() -> None:
    """DW-20.6: a wing attached to a squadron that is attacked strikes back too.

    Two battleships in one squadron; CR-1 fires at BB-2, and the torpedo bomber on CAP over
    BB-1 answers: 3 AD at 3+, a 6 and its extra 1 and a 3: 3 hits; CR-1's CC rolls 1, 1.
    """
    game = setup(RED, attrs.evolve(fleet(squadron("BB", 2)), free_wings=(Wing(T, 5),)))
    places = {"CV-1": ("0103", S), "CR-1": ("3016", S), "BB-1": ("2918", N), "BB-2": ("3019", N)}
    state = arrange(game, places)
    host = state.index_of("BB-1")
    state = _wings(state, torpedo_2={"place": AIR, "cap": host, "tokens": 1})
    state, _ = play(state, [Activate("CR-1"), MoveModel("CR-1", "F")])
    fire = Fire(("CR-1",), "fore-turret", ("BB-2",))
    state, events = play(state, [fire, EndActivation()], [1] * 7 + [6, 1, 3, 1] + [1, 1])
    rolled = [e for e in events if isinstance(e, WingAttackRolled)]
    guard = next(n for n, w in enumerate(state.wings) if w.ident == "torpedo-2")
    assert rolled == [WingAttackRolled(guard, 1, 3, 3, (6, 1, 3, 1), 3, counter=True)]
    assert DamageDealt(1, 3, 0, 0) in events
