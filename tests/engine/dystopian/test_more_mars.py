"""DW-24's MARs of the auxiliary systems: Telescopic Zoom (X) and Rapid Fire.

Through the turn machine with forced dice (`tests.engine.dystopian._game`): Telescopic Zoom (X)
makes AA and CC reach X" (DW-28.3: X / 2 hexes) instead of 8" and 4" (DW-28.7); Rapid Fire
re-rolls up to 2 AA dice and keeps the new results, offensively (DW-18.2) and against an
attacking flyer (DW-7.2 step 3b); Hull Ripper puts a rammer whose ram reaches the target's CR
on the target's far side (DW-12.4); Sharpshooters snipes a model within 4" (2 hexes): on 5-6 it
loses 1 AP (DW-5).
"""

from __future__ import annotations

import attrs
import pytest

from engine.dystopian.aux_commands import FireAuxiliary
from engine.dystopian.commands import Activate, EndActivation, Fire, MoveModel
from engine.dystopian.context import DWCode
from engine.dystopian.events import AttackRolled, AttackSource, DamageDealt, ModelDisplaced
from engine.dystopian.fleet import Squadron
from engine.dystopian.geometry import Level
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.models import MarRef, ModelCard
from engine.dystopian.more_mars import aa_reach, cc_reach
from engine.dystopian.narrate import tell
from engine.dystopian.rules import legal_commands
from engine.dystopian.snipe_commands import Snipe, Sniped
from engine.dystopian.state import DWState
from engine.game import Command, IllegalCommand
from engine.hexes import Facing
from saves.codec import make_converter
from tests.engine.dystopian._game import (
    H,
    arrange,
    card,
    fleet,
    model,
    play,
    ruleset,
    setup,
    squadron,
)

N, NE, SE, S, SW, NW = Facing

TARGETS = fleet(squadron("AS", 1), squadron("SS", 2), squadron("FF", 1))
"""Blue: the Zephyr Airship AS-1 (Large flyer, DR 4, CR 6), Lurker Submarines SS-1 and SS-2."""


def _zoomed(inches: int) -> ModelCard:
    """The Lancer Cruiser (AA 3, CC 2) with Telescopic Zoom (X) printed on it."""
    base = card("CR")
    return attrs.evolve(base, mars=(*base.mars, MarRef("telescopic_zoom", inches)))


def _cruiser(cruiser: ModelCard, places: dict[str, tuple[str, Facing, Level]]) -> DWState:
    """CR-1 activated and moved 1010 -> 1008 (facing N), the Blue models placed."""
    red = fleet(Squadron(cruiser, 1))
    state = arrange(setup(red, TARGETS), {"CR-1": ("1010", N), **places})
    state, _ = play(state, [Activate("CR-1"), MoveModel("CR-1", "FF")])
    return state


def _refused(state: DWState, command: Command, message: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert (refused.value.code, refused.value.message) == (DWCode.FIRE, message)


# ---- Telescopic Zoom (X) (DW-24, DW-28.3, DW-28.7) ----------------------------------------------


def test_telescopic_zoom_sets_the_reach_of_aa_and_cc_in_hexes() -> None:
    """DW-28.7: AA 8" = 4 hexes, CC 4" = 2; Zoom (12) makes both 12" = 6; (6) leaves AA at 4."""
    assert (aa_reach(card("CR")), cc_reach(card("CR"))) == (4, 2)
    assert (aa_reach(_zoomed(12)), cc_reach(_zoomed(12))) == (6, 6)
    assert (aa_reach(_zoomed(6)), cc_reach(_zoomed(6))) == (4, 3)


def test_a_zoomed_cruiser_fires_its_aa_at_an_airship_six_hexes_away() -> None:
    """DW-24 Telescopic Zoom (12): AA 3 at a Large flyer 6 hexes away, 6 5 4 +3: 4 hits, 1 HP.

    Without the MAR the same shot is refused: AA reaches only 4 hexes (DW-28.7).
    """
    places = {"AS-1": ("1014", N, Level.FLYING)}
    command = FireAuxiliary("CR-1", "aa", "AS-1")
    _refused(_cruiser(card("CR"), places), command, "Ack-Ack reaches only 4 hexes.")
    state = _cruiser(_zoomed(12), places)
    airship = model(state, "AS-1")
    assert command in legal_commands(state)
    state, events = play(state, [command, EndActivation()], (6, 5, 4, 3))
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert (rolled.weapon, rolled.ad, rolled.threshold, rolled.hits) == ("AA", 3, 4, 4)
    assert DamageDealt(airship, 4, 1, 0) in events
    assert state.models[airship].hull_damage == 1


def test_a_zoomed_cruiser_stops_at_its_own_reach() -> None:
    """DW-24 Telescopic Zoom (12): 7 hexes is beyond 12"; the refusal names the 6 hexes."""
    state = _cruiser(_zoomed(12), {"AS-1": ("1015", N, Level.FLYING)})
    _refused(state, FireAuxiliary("CR-1", "aa", "AS-1"), "Ack-Ack reaches only 6 hexes.")


def test_zoomed_charges_reach_a_submarine_three_hexes_away() -> None:
    """DW-24 Telescopic Zoom (6): CC 2 at a submerged Medium diver 3 hexes off, 5 6 +4: 4 hits.

    1 + 2 + 1 = 4 hits on the submarine's DR 4: 1 HP (DW-16.1). Unzoomed, CC reaches 2 hexes.
    """
    places = {"SS-1": ("1005", N, Level.SUBMERGED)}
    command = FireAuxiliary("CR-1", "cc", "SS-1")
    _refused(_cruiser(card("CR"), places), command, "Charges reach only 2 hexes.")
    state = _cruiser(_zoomed(6), places)
    sub = model(state, "SS-1")
    _, events = play(state, [command, EndActivation()], (5, 6, 4))
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert (rolled.weapon, rolled.ad, rolled.hits) == ("CC", 2, 4)
    assert DamageDealt(sub, 4, 1, 0) in events


# ---- Rapid Fire (DW-24, DW-18.2, DW-7.2 step 3b) ------------------------------------------------


def test_rapid_fire_rerolls_the_first_two_missed_aa_dice() -> None:
    """DW-24 Rapid Fire: AA 3 rolls 1 3 4 (1 hit); the 1 and the 3 are rolled again: 6 and 5.

    The new 6 explodes (DW-2.1): a 2. Kept: 4, 6, 5, 2 = 1 + 2 + 1 = 4 hits on DR 4: 1 HP.
    Without the MAR the same dice leave 1 hit and no damage.
    """
    places = {"AS-1": ("1012", N, Level.FLYING)}
    command = FireAuxiliary("CR-1", "aa", "AS-1")
    plain = _cruiser(card("CR"), places)
    _, events = play(plain, [command, EndActivation()], (1, 3, 4))
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert (rolled.faces, rolled.hits) == ((1, 3, 4), 1)
    state = _cruiser(card("CR", "rapid_fire"), places)
    airship = model(state, "AS-1")
    _, events = play(state, [command, EndActivation()], (1, 3, 4, 6, 5, 2))
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert (rolled.ad, rolled.faces, rolled.hits) == (3, (4, 6, 5, 2), 4)
    assert DamageDealt(airship, 4, 1, 0) in events


def test_rapid_fire_leaves_a_pool_with_no_miss_alone() -> None:
    """DW-24 Rapid Fire: "up to 2 dice": 4 5 4 all hit (3 hits), nothing is rolled again."""
    state = _cruiser(card("CR", "rapid_fire"), {"AS-1": ("1012", N, Level.FLYING)})
    _, events = play(state, [FireAuxiliary("CR-1", "aa", "AS-1"), EndActivation()], (4, 5, 4))
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert (rolled.faces, rolled.hits) == ((4, 5, 4), 3)
    assert DamageDealt(model(state, "AS-1"), 3, 0, 0) in events  # 3 hits < DR 4: no HP


def test_rapid_fire_answers_a_bombing_airship() -> None:
    """DW-24 Rapid Fire in a counter-attack (DW-18.2): the battleship's AA 7 at the bomber.

    Seven 1s; the first two are rolled again, 6 and 4, and the 6 explodes into a 4: kept
    1 1 1 1 1 6 4 4 = 2 + 1 + 1 = 4 hits on the airship's DR 4 (CR 6): 1 HP, before the bombs
    (DW-7.2 step 3b).
    """
    air = fleet(squadron("AS", 1))
    blue = fleet(squadron("BB", 1, mars=("rapid_fire",)))
    state = arrange(setup(air, blue), {"AS-1": ("1806", S), "BB-1": ("1809", N)})
    state, _ = play(state, [Activate("AS-1"), MoveModel("AS-1", "FFFF")])
    airship, battleship = model(state, "AS-1"), model(state, "BB-1")
    aa = (1,) * 7 + (6, 4, 4)
    bombs = (1,) * 10  # ten misses: no damage to the battleship
    ascent = (1,)  # DW-24 Swift Ascent: the airship stays flying
    bombing = Fire(("AS-1",), "bombs", ("BB-1",))
    _, events = play(state, [bombing, EndActivation()], (*aa, *bombs, *ascent))
    answer = next(e for e in events if isinstance(e, AttackRolled))
    assert (answer.source, answer.attackers) == (AttackSource.ACK_ACK, (battleship,))
    assert (answer.faces, answer.hits) == ((1, 1, 1, 1, 1, 6, 4, 4), 4)
    assert DamageDealt(airship, 4, 1, 0) in events


# ---- Hull Ripper (DW-24, DW-12.4) ---------------------------------------------------------------

RIPPERS = fleet(squadron("BB", 1, mars=("hull_ripper",)))
"""Red: the Bastion Battleship BB-1 (RR 2) with Hull Ripper (model 0)."""
RAMMED = fleet(squadron("CR", 1), squadron("FF", 1))
"""Blue: the Lancer Cruiser CR-1 (DR 4, CR 6, HP 4; model 1) and the frigate FF-1 (model 2)."""


def _ram(dice: list[int], *, frigate: str = "0320") -> tuple[DWState, list[object]]:
    """BB-1 from 1003 south, 3 hexes ahead: it rams CR-1 at 1006 from 1005 (DW-12.4)."""
    places = {"BB-1": ("1003", S), "CR-1": ("1006", N), "FF-1": (frigate, N)}
    state = arrange(setup(RIPPERS, RAMMED), places)
    state, events = play(state, [Activate("BB-1"), MoveModel("BB-1", "FFF")], dice)
    return state, list(events)


def test_a_hull_ripper_ram_that_reaches_the_cr_cuts_through_to_the_far_side() -> None:
    """DW-24 Hull Ripper: RR 2 rolls 6 6 +4 4: 6 hits reach the cruiser's CR 6.

    The ram costs it 2 HP and one critical (3 + 3 = 6, Weapons Damaged); its HP 4 back are four
    1s. The battleship is placed beyond it, in 1007, still facing south.
    """
    state, events = _ram([6, 6, 4, 4, 1, 1, 1, 1, 3, 3])
    ram = next(e for e in events if isinstance(e, AttackRolled))
    assert (ram.source, ram.faces, ram.hits) == (AttackSource.RAM, (6, 6, 4, 4), 6)
    assert DamageDealt(1, 6, 2, 0, (6,), (3, 3), ("half_ad",)) in events
    assert ModelDisplaced(0, H("1007")) in events
    assert (state.models[0].hex, state.models[0].facing) == (H("1007"), S)


def test_a_hull_ripper_ram_short_of_the_cr_stays_where_it_struck() -> None:
    """DW-24 Hull Ripper: DW-12.4's example, 5 hits on CR 6: no cut through; it stays in 1005."""
    state, events = _ram([6, 6, 4, 1, 6, 6, 6, 4, 1, 1, 1, 3, 3])
    assert not [e for e in events if isinstance(e, ModelDisplaced)]
    assert state.models[0].hex == H("1005")


def test_a_hull_ripper_needs_room_beyond_the_target() -> None:
    """DW-24 Hull Ripper: "not allowed if there is no room": FF-1 in 1007, the battleship stays."""
    state, events = _ram([6, 6, 4, 4, 1, 1, 1, 1, 3, 3], frigate="1007")
    assert DamageDealt(1, 6, 2, 0, (6,), (3, 3), ("half_ad",)) in events
    assert not [e for e in events if isinstance(e, ModelDisplaced)]
    assert state.models[0].hex == H("1005")


# ---- Sharpshooters (DW-24, DW-5) ----------------------------------------------------------------

SNIPERS = fleet(squadron("CR", 1, mars=("sharpshooters",)))
"""Red: the Lancer Cruiser CR-1 with Sharpshooters (model 0)."""


def _sniper(places: dict[str, tuple[str, Facing] | tuple[str, Facing, Level]]) -> DWState:
    """CR-1 in 1010 facing north, activated (it has not moved: a snipe may come first)."""
    state = arrange(setup(SNIPERS, TARGETS), {"CR-1": ("1010", N), **places})
    state, _ = play(state, [Activate("CR-1")])
    return state


def test_a_sharpshooter_snipes_a_frigate_two_hexes_away_on_a_five() -> None:
    """DW-24 Sharpshooters: 1D6 at a model within 4" (2 hexes): 5, it loses 1 AP (DW-5).

    At any point of the activation: before the cruiser moves; the line reads and writes back.
    """
    state = _sniper({"FF-1": ("1110", N)})
    frigate = model(state, "FF-1")
    command = parse_command("snipe CR-1 at FF-1", state)
    assert command == Snipe("CR-1", "FF-1")
    assert format_command(command) == "snipe CR-1 at FF-1"
    assert command in legal_commands(state)
    state, events = play(state, [command], (5,))
    assert events == [Sniped(0, frigate, 5, 1)]
    assert state.models[frigate].markers.assault_damage == 1
    told, _ = tell(1, command, events, state)
    assert "CR-1's sharpshooters snipe FF-1: 5, it loses 1 AP (DW-24)." in [t.text for t in told]
    # once an activation
    assert not [c for c in legal_commands(state) if isinstance(c, Snipe)]
    _refused(state, command, "CR-1 has sniped this activation.")
    # and the cruiser still moves afterwards
    state, _ = play(state, [MoveModel("CR-1", "FF")])
    assert state.models[0].hex == H("1008")


def test_a_snipe_on_a_four_costs_nothing() -> None:
    """DW-24 Sharpshooters: only 5-6 costs the target 1 AP; a 4 does nothing."""
    state = _sniper({"FF-1": ("1008", N)})
    frigate = model(state, "FF-1")
    state, events = play(state, [Snipe("CR-1", "FF-1")], (4,))
    assert events == [Sniped(0, frigate, 4, 0)]
    assert state.models[frigate].markers.assault_damage == 0


@pytest.mark.parametrize(
    ("places", "target", "message"),
    [
        ({"FF-1": ("1007", N)}, "FF-1", "Sharpshooters reach only 2 hexes."),
        (
            {"SS-1": ("1009", N, Level.SUBMERGED)},
            "SS-1",
            "Sharpshooters cannot snipe a submerged or obscured model.",
        ),
        (
            {"AS-1": ("1009", N, Level.OBSCURED)},
            "AS-1",
            "Sharpshooters cannot snipe a submerged or obscured model.",
        ),
    ],
)
def test_a_snipe_is_refused_with_the_rule_broken(
    places: dict[str, tuple[str, Facing] | tuple[str, Facing, Level]], target: str, message: str
) -> None:
    """DW-24 Sharpshooters: within 4" (2 hexes), not at submerged or obscured models."""
    _refused(_sniper(places), Snipe("CR-1", target), message)


def test_a_cruiser_without_the_mar_does_not_snipe() -> None:
    """DW-24: Sharpshooters is a MAR: a plain cruiser has no snipe."""
    state = arrange(
        setup(fleet(squadron("CR", 1)), TARGETS), {"CR-1": ("1010", N), "FF-1": ("1008", N)}
    )
    state, _ = play(state, [Activate("CR-1")])
    assert not [c for c in legal_commands(state) if isinstance(c, Snipe)]
    _refused(state, Snipe("CR-1", "FF-1"), "CR-1 has no Sharpshooters.")


def test_snipes_survive_the_converter() -> None:
    """The new command and event round-trip through the save converter."""
    converter = make_converter(ruleset())
    for value in (Snipe("CR-1", "FF-1"), Sniped(0, 3, 6, 1)):
        assert converter.structure(converter.unstructure(value), type(value)) == value
