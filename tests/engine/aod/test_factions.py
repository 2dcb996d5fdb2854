"""AoD faction abilities with the bundled example units and forced dice (AOD-26.15, AOD-26.16).

Rules: AOD-21.1 (Awe, Fanaticism, Ruthlessness), AOD-21.2 (Zellbrigen, Merciless, Enhanced
Imaging), AOD-21.3 (Renegade, Scavenger, Predator), AOD-25 #23 and #30; acceptance item
AOD-26.17 #24 (each row of AOD-21) and the Sea Fox exclusion of #23.

Units: House Liao's Warden WD-5H (elite 'Mech, 185) and Longbow carrier (veteran, 70); Clan Jade
Falcon's Kestrel KS-2L (elite 'Mech, Jump Jets) and Talon battle armor (veteran); Clan Sea Fox's
Tortoise TQ-3M (veteran Quad); the mercenary Pathguard rifle squad (green).
"""

from __future__ import annotations

import attrs
import pytest

from engine.aod.factions import (
    FollowUp,
    abilities,
    awe_problem,
    fanaticism_repairs,
    has,
    lock_after,
    lock_problem,
    merciless,
    predator_follow_up,
    rank_bonus,
    roll_awe,
    roll_enhanced_imaging,
    roll_merciless,
    scavenger_repair,
)
from engine.aod.force import Force, ForceEntry, build_problems, formation_factions_problem
from engine.aod.geometry import Battlefield
from engine.aod.status import DialStatus, fresh
from engine.aod.transport import Piece
from engine.aod.units import SpeedMode, UnitDef
from engine.dice import ScriptedDice
from tests.engine.aod._assets import catalogue, units
from tests.engine.aod._boards import at, field, terrain, unit


def warden() -> UnitDef:
    return units()["HX-010"]


def longbow() -> UnitDef:
    return units()["HX-006"]


def kestrel() -> UnitDef:
    return units()["HX-009"]


def talon() -> UnitDef:
    return units()["HX-002"]


def tortoise() -> UnitDef:
    return units()["HX-011"]


def rifles() -> UnitDef:
    return units()["HX-001"]


def piece(u: UnitDef, click: int | None = None) -> Piece:
    return Piece(u, fresh(u) if click is None else DialStatus(click))


def test_abilities_come_from_the_faction_in_play_aod_21() -> None:
    """AOD-21 / AOD-20.3: a faction's three abilities.

    None for a mercenary, unless a contract gives it a faction.
    """
    cat = catalogue()
    assert abilities(warden(), cat) == {"awe", "fanaticism", "ruthlessness"}
    assert abilities(kestrel(), cat) == {"zellbrigen", "merciless", "enhanced_imaging"}
    assert abilities(tortoise(), cat) == {"renegade", "scavenger", "predator"}
    assert abilities(rifles(), cat) == frozenset()
    assert has(rifles(), "predator", cat, faction="sea_fox")
    assert abilities(units()["HX-004"], cat) == frozenset()  # House Davion: none [GAP]


# ---------------------------------------------------------------- AOD-21.1 Awe


def _liao_line() -> Force:
    """Force B of AOD-26.16: 436 points, 185 of them elite Liao (the Warden)."""
    u = units()
    entries = [
        ForceEntry(warden()),
        ForceEntry(longbow()),
        ForceEntry(u["HX-004"]),
        ForceEntry(u["HX-008"]),
        ForceEntry(rifles(), 3),
        ForceEntry(u["HX-003"]),
        ForceEntry(u["HX-005"]),
    ]
    return Force("Liao Line", tuple(entries))


def _awe_variant() -> Force:
    """AOD-26.16's test variant: a second Warden swapped in (421 points, 370 elite Liao)."""
    entries = [ForceEntry(warden(), 2), ForceEntry(rifles(), 3), ForceEntry(units()["HX-003"])]
    return Force("Liao Awe", tuple(entries))


def test_awe_needs_half_the_build_in_elite_liao_aod_21_1() -> None:
    """AOD-21.1 / AOD-26.16 / AOD-26.17 #24: Awe needs half the build in elite Liao units.

    Force B's elite Liao 185 < 225: Awe is off; with a second Warden, 370 >= 225, it is on.
    """
    assert build_problems(_liao_line(), 450) == []
    assert build_problems(_awe_variant(), 450) == []
    assert "elite House Liao" in awe_problem(_liao_line(), 450)
    assert awe_problem(_awe_variant(), 450) == ""
    lone = Force("Lone Warden", (ForceEntry(warden()),))
    assert "at least 450" in awe_problem(lone, 300)  # enabled, but no full 450: no die


@pytest.mark.parametrize(
    ("build", "dice", "lost"),
    [(450, [6], 1), (450, [5], 0), (900, [6, 6], 2), (900, [6, 1], 1), (600, [6], 1)],
)
def test_awe_rolls_a_die_per_full_450_and_each_6_costs_an_order_aod_21_1(
    build: int, dice: list[int], lost: int
) -> None:
    """AOD-21.1 / AOD-26.17 #24: one d6 per full 450 points (600 gives 1); each 6 is an order."""
    rolled = roll_awe(build, ScriptedDice(dice))
    assert rolled.dice == tuple(dice)
    assert rolled.orders_lost == lost


# ---------------------------------------------------------------- AOD-21.1 Fanaticism


def test_fanaticism_repairs_liao_friends_within_8_aod_21_1() -> None:
    """AOD-21.1 / AOD-25 #30 / AOD-26.17 #24: Fanaticism repairs Liao friends within 8.

    The Warden falls in 1010; Liao friends within 8 repair 1 click, with the normal limits.
    """
    board = terrain(size=30)
    fld = field(
        board,
        unit("1010"),  # 0: the eliminated Warden
        unit("1018", SpeedMode.WHEELED),  # 1: Longbow, 8 away, click 2
        unit("1019", SpeedMode.WHEELED),  # 2: Longbow, 9 away
        unit("1012"),  # 3: a Jade Falcon Kestrel, friendly but not Liao
        unit("1008", SpeedMode.WHEELED, side=1),  # 4: an enemy Longbow
        unit("0910", SpeedMode.WHEELED),  # 5: Longbow past its repair marker, click 4
        unit("1110", SpeedMode.WHEELED),  # 6: Longbow at its start
    )
    roster = [
        piece(warden(), warden().ko_click),
        piece(longbow(), 2),
        piece(longbow(), 2),
        piece(kestrel(), 2),
        piece(longbow(), 2),
        piece(longbow(), 4),
        piece(longbow()),
    ]
    done = dict(fanaticism_repairs(fld, at("1010"), 0, roster, catalogue=catalogue()))
    assert sorted(done) == [1, 5, 6]
    assert done[1].status.click == 1
    assert done[5].status.click == 3  # stops on the black marker
    assert done[5].limit == "repair marker"
    assert done[6].repaired == 0  # nothing to repair


def test_fanaticism_follows_a_contract_faction_aod_20_3() -> None:
    """AOD-20.3 / AOD-21.1: a mercenary under a Liao contract has Fanaticism."""
    fld = field(terrain(), unit("1010"), unit("1011", SpeedMode.FOOT))
    roster = [piece(warden(), warden().ko_click), piece(rifles(), 1)]
    cat = catalogue()
    assert fanaticism_repairs(fld, at("1010"), 0, roster, catalogue=cat) == ()
    hired = fanaticism_repairs(fld, at("1010"), 0, roster, catalogue=cat, factions=[None, "liao"])
    assert [index for index, _ in hired] == [1]


# ---------------------------------------------------------------- Ruthlessness / Zellbrigen


def _duel(*others: tuple[str, int | None]) -> Battlefield:
    """Attacker (side 0) in 1008, target (side 1) in 1010, others around."""
    return field(
        terrain(), unit("1008"), unit("1010", side=1), *(unit(w, side=s) for w, s in others)
    )


def test_ruthlessness_adds_a_click_on_a_lone_green_target_aod_21_1() -> None:
    """AOD-21.1 / AOD-26.17 #24: the Warden hitting the green riflemen alone: +1 click."""
    bonus = rank_bonus(_duel(), 0, 1, warden(), rifles(), catalogue=catalogue())
    assert bonus is not None
    assert bonus.ability == "ruthlessness"
    assert bonus.clicks == 1
    assert rank_bonus(_duel(), 0, 1, warden(), longbow(), catalogue=catalogue()) is None


def test_zellbrigen_adds_a_click_on_a_lone_elite_target_aod_21_2() -> None:
    """AOD-21.2 / AOD-26.17 #24: the Kestrel hitting the elite Warden: +1; a veteran: none."""
    bonus = rank_bonus(_duel(), 0, 1, kestrel(), warden(), catalogue=catalogue())
    assert bonus is not None
    assert bonus.ability == "zellbrigen"
    assert rank_bonus(_duel(), 0, 1, kestrel(), longbow(), catalogue=catalogue()) is None
    assert rank_bonus(_duel(), 0, 1, kestrel(), rifles(), catalogue=catalogue()) is None


def test_the_rank_bonus_exceptions_aod_25_23() -> None:
    """AOD-21.1 / AOD-25 #23: the exceptions to Ruthlessness and Zellbrigen.

    Not with several targets, a captive or passenger target, or a target touching another unit
    hostile to the attacker; the attacker's friends (and captives) do not count.
    """
    cat = catalogue()
    assert rank_bonus(_duel(), 0, 1, warden(), rifles(), catalogue=cat, targets=2) is None
    assert rank_bonus(_duel(), 0, 1, warden(), rifles(), catalogue=cat, target_captive=True) is None
    passenger = rank_bonus(_duel(), 0, 1, warden(), rifles(), catalogue=cat, target_passenger=True)
    assert passenger is None
    crowded = _duel(("1011", 1))  # a second enemy touches the target
    assert rank_bonus(crowded, 0, 1, warden(), rifles(), catalogue=cat) is None
    friend = _duel(("1011", 0))  # the attacker's friend touching it does not matter
    assert rank_bonus(friend, 0, 1, warden(), rifles(), catalogue=cat) is not None
    captive = _duel(("1011", None))  # nor a captive, hostile to no one
    assert rank_bonus(captive, 0, 1, warden(), rifles(), catalogue=cat) is not None
    adjacent = field(terrain(), unit("1009"), unit("1010", side=1))  # the attacker touches it
    assert rank_bonus(adjacent, 0, 1, warden(), rifles(), catalogue=cat) is not None


def test_a_successful_bonus_attack_locks_the_attacker_on_aod_21_1() -> None:
    """AOD-21.1 / AOD-25 #23: after a hit with the bonus, later attacks go to that unit only."""
    bonus = rank_bonus(_duel(), 0, 1, warden(), rifles(), catalogue=catalogue())
    assert lock_after(bonus, hit=False, attacker="w", target="r") is None
    assert lock_after(None, hit=True, attacker="w", target="r") is None
    lock = lock_after(bonus, hit=True, attacker="w", target="r")
    assert lock is not None
    assert lock.ability == "ruthlessness"
    assert lock_problem(lock, ["r"]) == ""
    assert "same target" in lock_problem(lock, ["x"], "Warden")
    assert "same target" in lock_problem(lock, ["r", "x"])
    assert lock_problem(None, ["x"]) == ""


# ---------------------------------------------------------------- Merciless / Enhanced Imaging


def test_merciless_belongs_to_jade_falcon_and_adds_a_die_aod_21_2() -> None:
    """AOD-21.2 / AOD-26.17 #24: the Kestrel's DFA is Merciless (one extra d6).

    The Warden's is not.
    """
    assert merciless(kestrel(), catalogue())
    assert not merciless(warden(), catalogue())
    assert roll_merciless(ScriptedDice([5])) == 5


@pytest.mark.parametrize(("die", "clear"), [(3, False), (4, True), (6, True), (1, False)])
def test_enhanced_imaging_clears_hindering_on_4_to_6_aod_21_2(die: int, clear: bool) -> None:
    """AOD-21.2 / AOD-26.17 #24: a single-target ranged attack rolls 1d6; 4-6 ignore hindering."""
    rolled = roll_enhanced_imaging(kestrel(), catalogue(), ScriptedDice([die]))
    assert rolled is not None
    assert rolled.die == die
    assert rolled.ignore_hindering is clear


def test_enhanced_imaging_needs_a_single_target_and_the_ability_aod_21_2() -> None:
    """AOD-21.2: no roll (no die used) for several targets or another faction."""
    dice = ScriptedDice([6])
    assert roll_enhanced_imaging(kestrel(), catalogue(), dice, targets=2) is None
    assert roll_enhanced_imaging(warden(), catalogue(), dice) is None
    assert dice.position == 0


# ---------------------------------------------------------------- AOD-21.3 Sea Fox


def test_renegades_never_join_a_formation_aod_21_3() -> None:
    """AOD-21.3 / AOD-26.17 #23 and #24: a Sea Fox unit is never a formation member."""
    assert has(tortoise(), "renegade", catalogue())
    why = formation_factions_problem([tortoise(), rifles(), rifles()], catalogue())
    assert why is not None
    assert "Renegade" in why


def test_scavenger_repairs_two_on_a_kill_of_its_own_speed_mode_aod_21_3() -> None:
    """AOD-21.3 / AOD-25 #30 / AOD-26.17 #24: Scavenger repairs 2 on a same-mode kill.

    The Tortoise (Quad) kills a Quad: repairs 2 (click 3 to 1); a 'Mech-mode kill repairs
    nothing; the start marker stops a repair.
    """
    cat = catalogue()
    quad_victim = attrs.evolve(warden(), speed_mode=SpeedMode.QUAD)
    done = scavenger_repair(piece(tortoise(), 3), quad_victim, cat)
    assert done is not None
    assert done.repaired == 2
    assert done.status.click == 1
    assert scavenger_repair(piece(tortoise(), 3), warden(), cat) is None
    near_start = scavenger_repair(piece(tortoise(), 1), quad_victim, cat)
    assert near_start is not None
    assert near_start.repaired == 1
    assert scavenger_repair(piece(warden(), 3), warden(), cat) is None  # not Sea Fox


def test_predator_offers_a_free_second_attack_aod_21_3() -> None:
    """AOD-21.3 / AOD-26.17 #24: Predator's free second attack.

    A hit on a single enemy that brings Heavy Damage up gives a second attack of the same type:
    no order, no token, no SE, no heat.
    """
    cat = catalogue()

    def follow(
        who: UnitDef,
        *,
        targets: int = 1,
        hit: bool = True,
        appeared: bool = True,
        again: bool = False,
    ) -> FollowUp | None:
        return predator_follow_up(
            who,
            cat,
            attack="close",
            target="w",
            targets=targets,
            hit=hit,
            heavy_damage_appeared=appeared,
            follow_up=again,
        )

    second = follow(tortoise())
    assert second is not None
    assert (second.attack, second.target) == ("close", "w")
    assert (second.order, second.token, second.equipment, second.heat) == (False,) * 4
    assert follow(tortoise(), targets=2) is None
    assert follow(tortoise(), hit=False) is None
    assert follow(tortoise(), appeared=False) is None
    assert follow(tortoise(), again=True) is None
    assert follow(warden()) is None
