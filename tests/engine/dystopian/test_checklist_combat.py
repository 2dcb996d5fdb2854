"""Checklist: the combat gaps of issue 18, through the turn machine with forced dice.

DW-28.13 item 8 (targeting: indirect fire with spotters) and item 9 (combat: bombs, mines, AA
against rockets) and item 13 (the recon +1). Each test names the rule and the number it pins:
DW-18.7 (indirect fire: a spotter, natural 6s, RB3-RB4, Capital targets only), DW-20.8 (an
attached recon: +1), DW-24 Vulnerable (the attacker re-rolls both critical dice and keeps the
second), DW-18.5 (the bombing example: 11 hits), DW-18.3 (the AA-against-rockets example: 7 hits,
3 cancelled, 1 HP), DW-18.6 (mines are dropped, not fired; the sweep example: CC 6 scores 4 on a
mine of AD 5 and it survives).
"""

from __future__ import annotations

import random

import attrs
import pytest

from engine.dice import ScriptedDice
from engine.dystopian.aux_commands import AuxiliaryFireDeclared, FireAuxiliary
from engine.dystopian.combat_segment import aim_at
from engine.dystopian.commands import Activate, EndActivation, Fire, MoveModel
from engine.dystopian.context import DWCode
from engine.dystopian.events import AttackRolled, DamageDealt, HitsCancelled
from engine.dystopian.fleet import Squadron
from engine.dystopian.geometry import Level
from engine.dystopian.indirect_commands import FireIndirect, IndirectAttackDeclared
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.mine_commands import DropMine, MineDropped, MineExploded
from engine.dystopian.models import MarRef, TinyKind
from engine.dystopian.narrate import tell
from engine.dystopian.ordnance import sweep_mine
from engine.dystopian.policies import aggressive
from engine.dystopian.rules import legal_commands
from engine.dystopian.state import DeclaredAttack, DWState, MineToken
from engine.dystopian.terrain import TerrainKind
from engine.dystopian.wing_state import WingPlace, WingState
from engine.game import Command, IllegalCommand
from engine.hexes import Facing, Hex
from saves.codec import make_converter
from tests.engine.dystopian._game import (
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
H = Hex.from_label

RED = fleet(squadron("BB", 1), squadron("CR", 1, mars=("spotter",)), squadron("FF", 1))
"""Red: BB-1 (model 0); CR-1, a Spotter (model 1, its own squadron); FF-1 (model 2)."""
BLUE = fleet(squadron("CR", 2), squadron("FF", 1))
"""Blue: CR-2, CR-3 (models 3, 4); FF-2 (model 5)."""
MOUNTAIN = {"1815": TerrainKind.MOUNTAIN}
"""A mountain (LoS height 3) on the battleship's line to CR-2: it cannot fire directly."""
PLACES: dict[str, tuple[str, Facing]] = {
    "BB-1": ("1808", S),
    "CR-1": ("2218", N),
    "CR-2": ("1820", N),
}
"""BB-1 moves FF to 1810: CR-2 is 10 hexes south (RB3) behind the mountain; CR-1 sees it at 4."""
SIXES = (6, 6, 1, 2, 3, 4, 5, 5)
"""Eight dice: two natural 6s, two 5s; the 6s explode into a 3 and a 2."""


def _moved(state: DWState) -> DWState:
    state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "FF")])
    return state


def _game(places: dict[str, tuple[str, Facing]] = PLACES) -> DWState:
    return arrange(setup(RED, BLUE, terrain=MOUNTAIN), places)


def _refused(state: DWState, command: Command, message: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert (refused.value.code, refused.value.message) == (DWCode.FIRE, message)


def _recon(state: DWState, *, host: int, aborted: bool = False) -> DWState:
    """Red's recon plane in the air, attached to ``host`` (DW-20.8: it flies over it)."""
    wing = WingState(
        "recon-1", 0, TinyKind.RECON, 1, WingPlace.AIR, cap=host, aborted=aborted, acted=1
    )
    return attrs.evolve(state, wings=(wing,))


# ---- indirect fire (DW-18.7, DW-28.8, DW-28.13 item 8) ------------------------------------------


def test_indirect_fire_through_a_spotter_hits_only_on_natural_sixes() -> None:
    """DW-18.7: BB-1 cannot see CR-2 but CR-1 (Spotter) does: 8 AD at RB3, only 6s hit.

    Two natural 6s (2 hits each) and nothing else: 4 hits on DR 4 (CR 6) cost 1 HP; the two 5s
    that a direct shot would have hit miss.
    """
    state = _moved(_game())
    bb, cr2 = model(state, "BB-1"), model(state, "CR-2")
    assert aim_at(state, bb, 0, cr2) == "The target cannot be seen."
    listed = [c for c in legal_commands(state) if isinstance(c, FireIndirect)]
    assert listed == [FireIndirect("BB-1", "fore-turret", "CR-2", "CR-1")]
    state, events = play(state, [listed[0], EndActivation()], (*SIXES, 3, 2))
    assert events[0] == IndirectAttackDeclared(DeclaredAttack((bb,), (0,), (cr2,)), "CR-1")
    rolled = events[1]
    assert isinstance(rolled, AttackRolled)
    assert (rolled.ad, rolled.threshold, rolled.mod, rolled.hits) == (8, 6, 0, 4)
    assert events[2] == DamageDealt(cr2, 4, 1, 0)
    told, _ = tell(2, listed[0], events[:1], _moved(_game()))
    assert [line.text for line in told] == [
        "fire BB-1 fore-turret at CR-2 via CR-1",
        "BB-1's fore turret will fire indirectly at Lancer Cruiser CR-2, CR-1 spotting (DW-18.7).",
    ]


def test_the_aggressive_player_fires_indirectly_at_what_its_guns_cannot_see() -> None:
    """DW-18.7: with no direct shot left, the built-in player declares the indirect one."""
    state = _moved(_game())
    rng = random.Random(1)  # noqa: S311 - a game player's choices
    assert aggressive(state, rng) == FireIndirect("BB-1", "fore-turret", "CR-2", "CR-1")


def test_an_attached_recon_that_sees_the_target_adds_one() -> None:
    """DW-18.7 / DW-20.8: a recon over BB-1 sees over the cruiser in the way: 5s hit too.

    CR-3 (Medium) blocks the battleship's surface line to CR-2; a flyer is never blocked by
    models (DW-14.2). The recon spots and, attached, gives +1: the same dice now score
    2 + 2 + 1 + 1 = 6 hits (a modified 6 is 1 hit, DW-2.1).
    """
    places = {"BB-1": ("1808", S), "CR-3": ("1815", N), "CR-2": ("1820", N)}
    state = _moved(_recon(arrange(setup(RED, BLUE), places), host=0))
    bb, cr2 = model(state, "BB-1"), model(state, "CR-2")
    aim = aim_at(state, bb, 0, cr2, "recon-1")
    assert not isinstance(aim, str)
    assert (aim.ad, aim.need.threshold, aim.need.mod) == (8, 6, 1)
    assert FireIndirect("BB-1", "fore-turret", "CR-2", "recon-1") in legal_commands(state)
    command = parse_command("fire BB-1 fore-turret at CR-2 via RECON-1", state)
    assert command == FireIndirect("BB-1", "fore-turret", "CR-2", "recon-1")
    assert format_command(command) == "fire BB-1 fore-turret at CR-2 via recon-1"
    _, events = play(
        state, [command, EndActivation()], (*SIXES, 3, 2, 4, 4)
    )  # 6 hits reach CR 6: 4, 4 Engine Failure
    rolled = [e for e in events if isinstance(e, AttackRolled) and e.target == cr2]
    assert [(e.threshold, e.mod, e.hits) for e in rolled] == [(6, 1, 6)]
    assert DamageDealt(cr2, 6, 2, 0, (8,), (4, 4), ("half_mv",)) in events


def test_an_aborted_recon_neither_spots_nor_helps() -> None:
    """DW-18.7 / DW-20.8: an Aborted recon is no spotter and gives no +1."""
    places = {"BB-1": ("1808", S), "CR-3": ("1815", N), "CR-2": ("1820", N)}
    state = _moved(_recon(arrange(setup(RED, BLUE), places), host=0, aborted=True))
    assert not [c for c in legal_commands(state) if isinstance(c, FireIndirect)]
    _refused(
        state,
        FireIndirect("BB-1", "fore-turret", "CR-2", "recon-1"),
        "BB-1's fore turret: recon-1 has Aborted.",
    )


@pytest.mark.parametrize(
    ("places", "command", "message"),
    [
        (
            PLACES,
            FireIndirect("BB-1", "fore-turret", "CR-2"),
            "BB-1's fore turret: Indirect fire needs a spotter that sees the target.",
        ),
        (
            PLACES,
            FireIndirect("BB-1", "broadside", "CR-2", "CR-1"),
            "BB-1's broadside: Only primary guns and bombards can fire indirectly.",
        ),
        (
            {**PLACES, "FF-1": ("2418", N)},
            FireIndirect("BB-1", "fore-turret", "CR-2", "FF-1"),
            "BB-1's fore turret: FF-1 has no Spotter MAR.",
        ),
        (
            {**PLACES, "FF-2": ("1820", N), "CR-2": ("3020", N)},
            FireIndirect("BB-1", "fore-turret", "FF-2", "CR-1"),
            "BB-1's fore turret: Indirect fire can target only Capital models or fortifications.",
        ),
        (
            {**PLACES, "CR-2": ("1816", N), "CR-1": ("2216", N)},
            FireIndirect("BB-1", "fore-turret", "CR-2", "CR-1"),
            "BB-1's fore turret: Indirect fire reaches only targets 9 to 16 hexes away.",
        ),
    ],
)
def test_indirect_fire_is_refused_with_the_rule_broken(
    places: dict[str, tuple[str, Facing]], command: FireIndirect, message: str
) -> None:
    """DW-18.7 / DW-28.7: a spotter, a primary, a Spotter MAR, a Capital target, RB3-RB4."""
    _refused(_moved(_game(places)), command, message)


def test_a_forward_observer_bombard_fires_in_rb2_without_a_spotter() -> None:
    """DW-18.7 / DW-24 Forward Observer: its Bombard fires indirectly at RB2 with no spotter.

    The target is 7 hexes away (RB2) behind the mountain: a Bombard hits on 5-6, so the two 5s
    score too: 2 + 2 + 1 + 1 = 6 hits.
    """
    base = card("BB", "forward_observer")
    turret = attrs.evolve(base.weapons[0], mars=(MarRef("bombard"),))
    bombard = attrs.evolve(base, weapons=(turret, *base.weapons[1:]))
    red = fleet(Squadron(bombard, 1), squadron("CR", 1), squadron("FF", 1))
    places = {"BB-1": ("1806", S), "CR-2": ("1815", N)}
    state = _moved(arrange(setup(red, BLUE, terrain={"1811": TerrainKind.MOUNTAIN}), places))
    command = FireIndirect("BB-1", "fore-turret", "CR-2")
    assert command in legal_commands(state)
    assert format_command(command) == "fire BB-1 fore-turret at CR-2 indirect"
    assert parse_command("fire BB-1 fore-turret at CR-2 indirect", state) == command
    # 10 AD at RB2; 6 hits reach CR 6: one critical, 4 + 4 Engine Failure.
    faces = (6, 6, 1, 2, 3, 4, 5, 5, 1, 1, 3, 2)
    _, events = play(state, [command, EndActivation()], (*faces, 4, 4))
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert (rolled.ad, rolled.threshold, rolled.mod, rolled.hits) == (10, 5, 0, 6)


def test_indirect_attacks_survive_the_converter() -> None:
    """The new command and event are saved and read back unchanged (no migration needed)."""
    state = _moved(_game())
    command = FireIndirect("BB-1", "fore-turret", "CR-2", "CR-1")
    _, events = play(state, [command])
    converter = make_converter(ruleset())
    for value in (command, *events):
        assert converter.structure(converter.unstructure(value), type(value)) == value


# ---- AA and CC fired offensively (DW-18.2, DW-14.6, DW-15.4) -----------------------------------

OFFENSIVE = fleet(squadron("CR", 1))
"""Red: one Lancer Cruiser CR-1 (AA 3, CC 2)."""
TARGETS = fleet(squadron("AS", 1), squadron("SS", 2), squadron("FF", 1))
"""Blue: the Zephyr Airship AS-1 (Large flyer), Lurker Submarines SS-1 and SS-2 (Medium divers)."""


def _cruiser(places: dict[str, tuple[str, Facing] | tuple[str, Facing, Level]]) -> DWState:
    state = arrange(setup(OFFENSIVE, TARGETS), {"CR-1": ("1010", N), **places})
    state, _ = play(state, [Activate("CR-1"), MoveModel("CR-1", "FF")])  # to 1008
    return state


def test_a_cruiser_fires_its_aa_at_an_airship_its_guns_cannot_reach() -> None:
    """DW-18.2 / DW-14.6: AA 3 at a Large flyer 4 hexes away (RB1, no guns): 4+, 6 5 4 +3.

    2 + 1 + 1 = 4 hits on the airship's DR 4 (CR 6): 1 HP. The airship's squadron does not
    answer: AA is no direct threat (DW-18.2).
    """
    state = _cruiser({"AS-1": ("1012", N, Level.FLYING)})
    cruiser, airship = model(state, "CR-1"), model(state, "AS-1")
    assert not [c for c in legal_commands(state) if isinstance(c, Fire)]
    command = parse_command("aa CR-1 at AS-1", state)
    assert command == FireAuxiliary("CR-1", "aa", "AS-1")
    assert format_command(command) == "aa CR-1 at AS-1"
    assert command in legal_commands(state)
    state, events = play(state, [command, EndActivation()], (6, 5, 4, 3))
    assert events[0] == AuxiliaryFireDeclared(cruiser, "aa", airship)
    rolled = events[1]
    assert isinstance(rolled, AttackRolled)
    assert (rolled.weapon, rolled.ad, rolled.threshold, rolled.hits) == ("AA", 3, 4, 4)
    assert events[2] == DamageDealt(airship, 4, 1, 0)
    assert state.models[airship].hull_damage == 1


def test_charges_at_a_submerged_submarine_within_two_hexes() -> None:
    """DW-18.2 / DW-15.4: CC 2 at a Medium diver, submerged, 1 hex away: 4+; 5 and 6 +4 hit.

    1 + 2 + 1 = 4 hits on DR 4: 1 HP.
    """
    state = _cruiser({"SS-1": ("1007", N, Level.SUBMERGED)})
    sub = model(state, "SS-1")
    command = FireAuxiliary("CR-1", "cc", "SS-1")
    assert command in legal_commands(state)
    _, events = play(state, [command, EndActivation()], (5, 6, 4))
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert (rolled.weapon, rolled.ad, rolled.threshold, rolled.hits) == ("CC", 2, 4, 4)
    assert DamageDealt(sub, 4, 1, 0) in events


@pytest.mark.parametrize(
    ("places", "command", "message"),
    [
        (
            {"FF-1": ("1007", N)},
            FireAuxiliary("CR-1", "aa", "FF-1"),
            "AA fires offensively only at flyers.",
        ),
        (
            {"AS-1": ("1013", N, Level.FLYING)},
            FireAuxiliary("CR-1", "aa", "AS-1"),
            "Ack-Ack reaches only 4 hexes.",
        ),
        (
            {"SS-1": ("1005", N, Level.SUBMERGED)},
            FireAuxiliary("CR-1", "cc", "SS-1"),
            "Charges reach only 2 hexes.",
        ),
        (
            {"AS-1": ("1012", N, Level.FLYING)},
            FireAuxiliary("CR-1", "cc", "AS-1"),
            "CC fires offensively only at diving models.",
        ),
    ],
)
def test_offensive_aa_and_cc_are_refused_with_the_rule_broken(
    places: dict[str, tuple[str, Facing] | tuple[str, Facing, Level]],
    command: FireAuxiliary,
    message: str,
) -> None:
    """DW-18.2: AA at flyers within 4 hexes, CC at divers within 2."""
    _refused(_cruiser(places), command, message)


def test_a_system_fires_once_an_activation() -> None:
    """DW-18.2 [INTERP]: each model's AA once per activation, at one target."""
    state = _cruiser({"AS-1": ("1012", N, Level.FLYING)})
    state, _ = play(state, [FireAuxiliary("CR-1", "aa", "AS-1")])
    assert not [c for c in legal_commands(state) if isinstance(c, FireAuxiliary)]
    message = "CR-1 has fired its AA this activation."
    _refused(state, FireAuxiliary("CR-1", "aa", "AS-1"), message)


# ---- Vulnerable (DW-24, DW-16.2) ----------------------------------------------------------------


def test_the_attacker_rerolls_the_critical_of_a_vulnerable_target() -> None:
    """DW-24 Vulnerable: 6 hits reach CR 6; the first 2D6 (4, 4) is re-rolled and 1, 1 kept.

    The second roll, 2, is a Magazine Explosion (DW-16.2): the cruiser is lost at once.
    """
    vulnerable = fleet(squadron("CR", 2, mars=("vulnerable",)), squadron("FF", 1))
    places = {"BB-1": ("1003", S), "CR-2": ("1010", N)}
    state = arrange(setup(RED, vulnerable), places)
    state, _ = play(
        state,
        [Activate("BB-1"), MoveModel("BB-1", "F"), Fire(("BB-1",), "fore-turret", ("CR-2",))],
    )
    faces = (5, 5, 5, 5, 5, 5, 1, 1, 1, 1)  # 10 AD at RB2: six hits
    _, events = play(state, [EndActivation()], (*faces, 4, 4, 1, 1))
    dealt = next(e for e in events if isinstance(e, DamageDealt) and e.model == 3)
    assert (dealt.hits, dealt.criticals, dealt.critical_faces) == (6, (2,), (4, 4, 1, 1))
    assert dealt.hp_lost == 4  # DW-16.2: a magazine takes all that is left


# ---- bombs (DW-18.5) and AA against rockets (DW-18.3) -------------------------------------------

AIR = fleet(squadron("AS", 1))
"""Red's Zephyr Airship AS-1, 10 AD of bombs down its aft channel (DW-18.5, DW-28.6)."""


def test_an_airship_bombs_a_battleship_for_eleven_hits() -> None:
    """DW-18.5's example: 10 AD, 1,1,3,3,4,4,4,5,6,6 and the extra 2 and 6, then 4: 11 hits.

    The bombing is listed among the legal commands. The battleship's AA answers the attacking
    flyer first (DW-18.2): five 1s.
    """
    places = {"AS-1": ("1806", S), "BB-1": ("1809", N)}
    blue = fleet(squadron("BB", 1))
    state = arrange(setup(AIR, blue), places)
    # Over the battleship and on: it lies 1 hex astern, in the aft channel (DW-28.6).
    state, _ = play(state, [Activate("AS-1"), MoveModel("AS-1", "FFFF")])
    bombing = Fire(("AS-1",), "bombs", ("BB-1",))
    assert bombing in legal_commands(state)
    faces = (1, 1, 3, 3, 4, 4, 4, 5, 6, 6, 2, 6, 4)
    aa = (1,) * 7  # the battleship's AA 7 at the airship overhead (DW-18.2)
    ascent = (1,)  # DW-24 Swift Ascent after the attack: a 1, the airship stays flying
    _, events = play(state, [bombing, EndActivation()], (*aa, *faces, 4, 4, *ascent))
    bombs = next(e for e in events if isinstance(e, AttackRolled) and e.weapon == "Bombs")
    assert (bombs.ad, bombs.faces, bombs.hits) == (10, faces, 11)
    # 11 hits reach the battleship's CR: 2 HP and one critical, 4 + 4 Engine Failure; bombs
    # pass its Shield (DW-23), so no shield die is rolled.
    assert DamageDealt(1, 11, 2, 0, (8,), (4, 4), ("half_mv",)) in events


def test_the_cruisers_ack_ack_cancels_three_of_seven_rocket_hits() -> None:
    """DW-18.3's example, each cruiser rolling separately [INTERP]: 7 rocket hits, 3 cancelled.

    CR-1 rolls 2, 4, 5 (one cancelled), CR-2 rolls 6, 1, 1 and the extra 1 (two cancelled):
    4 hits remain on DR 4 (CR 6): 1 HP, as in the example.
    """
    land = fleet(squadron("LS", 1))
    places = {"LS-1": ("1808", S), "CR-1": ("1813", N), "CR-2": ("1913", N)}
    ground = {f"{c:02d}{r:02d}": TerrainKind.GROUND for c in range(16, 21) for r in range(4, 10)}
    state = arrange(setup(land, BLUE, terrain=ground), places)
    state, _ = play(
        state,
        [Activate("LS-1"), MoveModel("LS-1", ""), Fire(("LS-1",), "rocket", ("CR-1",))],
    )
    rockets = (6, 6, 6, 1, 1, 4, 1, 1)  # 5 AD: three 6s (6 hits) and the extra 4 (1 hit)
    _, events = play(state, [EndActivation()], (*rockets, 2, 4, 5, 6, 1, 1, 1))
    cancelled = next(e for e in events if isinstance(e, HitsCancelled))
    assert (cancelled.system, cancelled.responders) == ("AA", (1, 2))
    assert (cancelled.cancelled, cancelled.remaining) == (3, 4)
    assert next(e for e in events if isinstance(e, DamageDealt)) == DamageDealt(1, 4, 1, 0)


# ---- mines (DW-18.6, DW-28.10) ----------------------------------------------------------------

MINELAYERS = fleet(squadron("BB", 1, escorts=1))
"""Red: BB-1 with its escort ES-1 (Mines, AD 4, DW-18.6)."""


def test_an_escort_drops_a_mine_ahead_of_its_bow_and_its_own_move_leaves_it() -> None:
    """DW-18.6 / DW-28.10: one mine an activation, ahead of the bow; armed from the next one."""
    places = {"BB-1": ("1003", S), "ES-1": ("1103", S), "CR-1": ("1012", N)}
    state, _ = play(arrange(setup(MINELAYERS, BLUE), places), [Activate("BB-1")])
    escort = model(state, "ES-1")
    assert DropMine("ES-1") in legal_commands(state)
    assert parse_command("mine ES-1", state) == DropMine("ES-1")
    assert format_command(DropMine("ES-1")) == "mine ES-1"
    state, events = play(state, [DropMine("ES-1")])
    assert events == [MineDropped(MineToken(H("1104"), 4, 0, escort, 1, 0))]
    assert DropMine("ES-1") not in legal_commands(state)
    _refused(state, DropMine("ES-1"), "Only one mine may be dropped per activation.")
    state, events = play(state, [MoveModel("BB-1", "F"), MoveModel("ES-1", "F")])
    assert not [e for e in events if isinstance(e, MineExploded)]
    assert state.models[escort].hex == H("1104")
    assert [m.hex for m in state.mines] == [H("1104")]


def test_a_cruiser_entering_a_mine_sets_it_off_and_the_next_mine_chains() -> None:
    """DW-18.6 / DW-28.10: CR-1 enters 1009: AD 5 at 4+, 6 5 4 1 2 +3: 4 hits to each piece.

    CR-1 and CR-2 (a neighbour) take all 4 hits each: 1 HP (DR 4, CR 6). The mine in 0909 is
    in the blast and rolls 5: it goes off on its own, 4 4 4 1 1: 3 hits on CR-1 only (CR-2 is
    2 hexes from it), below its DR: the chained mines never combine.
    """
    places = {"BB-1": ("1003", S), "ES-1": ("1103", S), "CR-1": ("1011", N), "CR-2": ("1109", N)}
    state = arrange(setup(MINELAYERS, BLUE), places, active=1)
    escort, cr1, cr2 = model(state, "ES-1"), model(state, "CR-1"), model(state, "CR-2")
    laid = (MineToken(H("1009"), 5, 0, escort, 0, 0), MineToken(H("0909"), 5, 0, escort, 0, 0))
    state = attrs.evolve(state, mines=laid)
    dice = (6, 5, 4, 1, 2, 3, 5, 4, 4, 4, 1, 1)
    state, events = play(state, [Activate("CR-1"), MoveModel("CR-1", "FF")], dice)
    blasts = [e for e in events if isinstance(e, MineExploded)]
    assert blasts == [
        MineExploded(H("1009"), 5, (6, 5, 4, 1, 2, 3), 4, (cr1, cr2), ((H("0909"), 5),)),
        MineExploded(H("0909"), 5, (4, 4, 4, 1, 1), 3, (cr1,)),
    ]
    assert [e for e in events if isinstance(e, DamageDealt)] == [
        DamageDealt(cr1, 4, 1, 0),
        DamageDealt(cr2, 4, 1, 0),
        DamageDealt(cr1, 3, 0, 0),
    ]
    assert state.mines == ()
    told, _ = tell(2, MoveModel("CR-1", "FF"), blasts[:1], state)
    assert told[1].text.endswith("The mine in 0909 rolls 5: it goes off too.")


def test_a_mine_dropped_onto_a_ship_goes_off_at_once() -> None:
    """DW-18.6: dropped onto a surface model, the mine explodes at once: 4 AD, 6 6 4 1 +5 +2."""
    places = {"BB-1": ("0903", S), "ES-1": ("1103", S), "CR-1": ("1104", N)}
    state, _ = play(arrange(setup(MINELAYERS, BLUE), places), [Activate("BB-1")])
    cruiser, escort = model(state, "CR-1"), model(state, "ES-1")
    state, events = play(state, [DropMine("ES-1")], (6, 6, 4, 1, 5, 2, 4, 4))
    assert events[1] == MineExploded(H("1104"), 4, (6, 6, 4, 1, 5, 2), 6, (cruiser, escort))
    # 6 hits reach CR 6: a critical for the cruiser (4 + 4 Engine Failure). The escort beside
    # it is in the blast too: its own mine sinks it (DW-16.1, a starting HP of 2 or less).
    assert events[2] == DamageDealt(cruiser, 6, 2, 0, (8,), (4, 4), ("half_mv",))
    assert not state.models[escort].on_board
    assert state.mines == ()


def test_mines_are_dropped_not_fired_and_a_sweep_short_of_the_ad_fails() -> None:
    """DW-18.6: a mine is no attack (refused as one); CC 6 scoring 4 on AD 5 fails."""
    places = {"BB-1": ("1003", S), "ES-1": ("1103", S), "CR-1": ("1010", N)}
    state = arrange(setup(MINELAYERS, BLUE), places)
    state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "F"), MoveModel("ES-1", "F")])
    assert not [c for c in legal_commands(state) if isinstance(c, Fire) and c.weapon == "mines"]
    sweep = sweep_mine(ScriptedDice([5, 5, 6, 1, 1, 1, 4]), 6, 5)
    assert (sweep.roll.hits, sweep.destroyed) == (4, False)
    refused = "ES-1's mines: Mines are dropped, not fired."
    _refused(state, Fire(("ES-1",), "mines", ("CR-1",)), refused)
