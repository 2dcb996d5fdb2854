"""Dystopian Wars rockets, torpedoes, AA, CC, bombs, mines and indirect fire.

Rules: DW-18.1 to DW-18.7, DW-15.4 (auxiliary table), DW-28.6 (bombs), DW-28.7, DW-28.10 (mines),
DW-27 items 4 and 8, DW-28.13 items 9 and 17 (worked examples DW-18.3, DW-18.5, DW-18.6).
"""

from __future__ import annotations

import attrs
import pytest

from engine.dice import ScriptedDice
from engine.dystopian.combat import Shooter, Target, hit_number, linked_ad, roll_attack
from engine.dystopian.damage import Hull, resolve_damage
from engine.dystopian.geometry import Cover, Level, Piece, Size
from engine.dystopian.models import MarRef, ModelCard, Weapon, WeaponKind
from engine.dystopian.models import Size as CardSize
from engine.dystopian.ordnance import (
    Aux,
    AuxTarget,
    aux_need,
    aux_problem,
    aux_target,
    bomb_cover,
    bomb_need,
    bomb_problem,
    cancel_hits,
    detonate,
    indirect_need,
    indirect_problem,
    mine_drop_problem,
    mine_need,
    responder_problem,
    shield_cancel,
    shield_problem,
    sweep_mine,
    sweep_problem,
    torpedo_problem,
    wing_fire,
)
from engine.dystopian.terrain import Board, Cell, TerrainKind, TerrainMap
from engine.hexes import Facing, Hex
from tests.engine.dystopian._assets import models


def card(ident: str) -> ModelCard:
    return models()[ident]


def weapon(ident: str, name: str) -> Weapon:
    return next(w for w in models()[ident].weapons if w.name.startswith(name))


def piece(where: Hex, level: Level = Level.SURFACE, side: int = 0, **kw: bool) -> Piece:
    return Piece(where, Facing.N, Size.MEDIUM, level, side, **kw)


def board(*pieces: Piece, cells: dict[Hex, Cell] | None = None) -> Board:
    return Board(TerrainMap.of(cells or {}, 36, 24, TerrainKind.WATER), pieces)


# ---- AA and CC (DW-15.4, DW-18.2, DW-18.3, DW-18.4) -------------------------------------------


def test_aa_against_rockets_example() -> None:
    """DW-18.3 example: AA linked by two cruisers cancels 3 of 7 rocket hits; 4 still cost 1 HP.

    8 AD rockets score 7 hits on a CR 6 cruiser; the cruiser and a mate link AA 3 + 1 = 4 dice,
    roll 2, 4, 5, 6 (+1) and cancel 3.
    """
    dreadnought = attrs.evolve(card("BB"), rr=7, dr=7)
    rockets = weapon("ES", "Rocket")
    need = hit_number(Shooter(dreadnought), Target(card("CR")), rockets, 2)
    attack = roll_attack(ScriptedDice([4, 4, 4, 4, 4, 4, 4, 1]), 8, need)
    assert attack.hits == 7
    aa = linked_ad(card("CR").aa, card("CR").aa)
    assert aa == 4
    saved = cancel_hits(ScriptedDice([2, 4, 5, 6, 3]), attack.hits, [aa])
    assert (saved.cancelled, saved.remaining) == (3, 4)
    outcome = resolve_damage(ScriptedDice([]), Hull(card("CR")), saved.remaining)
    assert (outcome.hp_lost, outcome.criticals) == (1, ())


def test_cancellation_never_below_zero_and_separate_pools() -> None:
    """DW-18.3: separate responses each cancel; hits cannot go below 0."""
    saved = cancel_hits(ScriptedDice([5, 5, 6, 6, 1, 1]), 3, [2, 2])
    assert [r.hits for r in saved.rolls] == [2, 4]
    assert (saved.cancelled, saved.remaining) == (3, 0)


@pytest.mark.parametrize(
    ("aux", "what", "expected"),
    [
        (Aux.AA, AuxTarget.FLYER, 4),
        (Aux.AA, AuxTarget.SMALL_FLYER, 5),
        (Aux.AA, AuxTarget.ROCKETS, 5),
        (Aux.AA, AuxTarget.BOARDERS, 5),
        (Aux.CC, AuxTarget.DIVER, 4),
        (Aux.CC, AuxTarget.SMALL_DIVER, 5),
        (Aux.CC, AuxTarget.TORPEDOES, 5),
        (Aux.CC, AuxTarget.MINE, 5),
    ],
)
def test_auxiliary_table(aux: Aux, what: AuxTarget, expected: int) -> None:
    """DW-15.4: the auxiliary hit numbers."""
    assert aux_need(aux, what).threshold == expected
    assert aux_problem(aux, what, 1, level=Level.SURFACE) == ""


def test_aux_reach_and_limits() -> None:
    """DW-18.2 / DW-18.4: AA 4 hexes, CC 2, tiny flyers 2 and 1; none submerged; right targets."""
    assert aux_problem(Aux.AA, AuxTarget.FLYER, 5, level=Level.SURFACE)
    assert aux_problem(Aux.CC, AuxTarget.DIVER, 3, level=Level.SURFACE)
    assert aux_problem(Aux.AA, AuxTarget.FLYER, 3, level=Level.FLYING, tiny=True)
    assert aux_problem(Aux.CC, AuxTarget.TORPEDOES, 2, level=Level.FLYING, tiny=True)
    assert aux_problem(Aux.CC, AuxTarget.DIVER, 1, level=Level.SUBMERGED)
    assert aux_problem(Aux.CC, AuxTarget.BOARDERS, 1, level=Level.SURFACE)  # DW-27 item 18
    assert aux_problem(Aux.AA, AuxTarget.MINE, 1, level=Level.SURFACE)


def test_aux_target_by_size() -> None:
    """DW-15.4: AA at a Small flyer or CC at a Small diver needs 5-6; Medium+ 4+."""
    assert aux_target(Aux.AA, card("BM")) is AuxTarget.FLYER
    small = attrs.evolve(card("SS"), size=CardSize.SMALL)
    assert aux_target(Aux.CC, small) is AuxTarget.SMALL_DIVER


def test_responders() -> None:
    """DW-18.2: only the attacked model's squadron, in range of target or attacker."""
    assert responder_problem(same_squadron=True, to_target=6, to_attacker=3) == ""
    assert responder_problem(same_squadron=True, to_target=5, to_attacker=5)
    assert responder_problem(same_squadron=False, to_target=1, to_attacker=1)
    assert responder_problem(same_squadron=True, to_target=3, to_attacker=9, reach=2)


def test_aa_at_wing() -> None:
    """DW-18.4: a natural 6 destroys one token (its 2 hits ignored); other hits count to Abort."""
    fire = wing_fire(ScriptedDice([6, 5, 4, 2]), 3)
    assert fire.destroyed == 1
    assert fire.abort_hits == 1


# ---- torpedoes and bombs (DW-18.1, DW-18.5) -----------------------------------------------------


def test_naval_torpedo_path_and_targets() -> None:
    """DW-18.1: naval torpedoes need a clear path, never touch flyers or land models."""
    shooter, aim, between = Hex(5, 9), Hex(5, 5), Hex(5, 7)
    clear = board(piece(shooter), piece(aim, side=1))
    assert torpedo_problem(clear, 0, 1) == ""
    blocked = board(piece(shooter), piece(aim, side=1), piece(between))
    assert torpedo_problem(blocked, 0, 1)
    overflown = board(piece(shooter), piece(aim, side=1), piece(between, Level.FLYING))
    assert torpedo_problem(overflown, 0, 1) == ""
    reef = board(piece(shooter), piece(aim, side=1), cells={between: Cell(TerrainKind.REEF)})
    assert torpedo_problem(reef, 0, 1)
    flyer = board(piece(shooter), piece(aim, Level.FLYING, side=1))
    assert torpedo_problem(flyer, 0, 1)
    assert torpedo_problem(clear, 0, 1, target_land=True)


def test_land_torpedoes() -> None:
    """DW-18.1: land torpedoes pass through models but touch only land models."""
    blocked = board(piece(Hex(5, 9)), piece(Hex(5, 5), side=1), piece(Hex(5, 7)))
    assert torpedo_problem(blocked, 0, 1, land=True, target_land=True) == ""
    assert torpedo_problem(blocked, 0, 1, land=True)


def test_bombs_example() -> None:
    """DW-18.5 example: an airship's 10 AD of bombs on a battleship score 11 hits.

    1,1,3,3,4,4,4,5,6,6, then the extra dice 2 and 6, then 4.
    """
    bombs = weapon("AS", "Bombs")
    flyer = Shooter(card("AS"), level=Level.FLYING)
    need = hit_number(flyer, Target(card("BB")), bombs, 1)
    roll = roll_attack(ScriptedDice([1, 1, 3, 3, 4, 4, 4, 5, 6, 6, 2, 6, 4]), 10, need)
    assert roll.hits == 11


def test_bomb_channel_and_flyer_targets() -> None:
    """DW-18.5 / DW-28.6: aft channel to d <= 2; flyers bomb only Large or Massive flyers, 5-6."""
    airship = piece(Hex(5, 5), Level.FLYING)
    behind, far, ahead = piece(Hex(5, 7)), piece(Hex(5, 8)), piece(Hex(5, 3))
    assert bomb_cover(airship, behind) is Cover.FULL
    assert bomb_problem(airship, behind, CardSize.LARGE) == ""
    assert bomb_problem(airship, far, CardSize.LARGE)
    assert bomb_problem(airship, ahead, CardSize.LARGE)
    assert bomb_problem(piece(Hex(5, 9)), behind, CardSize.LARGE)
    high = piece(Hex(5, 6), Level.FLYING)
    assert bomb_problem(airship, high, CardSize.MEDIUM)
    assert bomb_problem(airship, high, CardSize.LARGE) == ""
    assert bomb_need(high) == (5,)
    assert bomb_need(behind) == ()


# ---- mines (DW-18.6, DW-28.10) ------------------------------------------------------------------


def test_mine_drop() -> None:
    """DW-18.6 / DW-16.2: one mine per activation; none with Chaos & Disarray or no mines."""
    mines = weapon("ES", "Mines")
    assert mine_drop_problem(chaos=False, dropped=False, weapon=mines) == ""
    assert mine_drop_problem(chaos=False, dropped=True, weapon=mines)
    assert mine_drop_problem(chaos=True, dropped=False, weapon=mines)
    assert mine_drop_problem(chaos=False, dropped=False, weapon=None)


def test_mine_blast_and_chain() -> None:
    """DW-18.6 / DW-28.10: one roll, full hits to every surface/submerged piece; chains on 5-6.

    Another mine in the blast goes off on 5-6, is resolved on its own, and chains on.
    """
    first, second, third, spare = Hex(5, 5), Hex(5, 6), Hex(5, 7), Hex(4, 5)
    ships = board(
        piece(Hex(6, 5)),
        piece(Hex(5, 4), Level.SUBMERGED),
        piece(Hex(4, 6), Level.FLYING),
        piece(Hex(5, 8)),
    )
    mines = {first: 5, second: 4, third: 3, spare: 5}
    # first: 5 dice; a chain die for each other live mine in its blast, in blast order (second
    # 6: goes off; spare 2: stays). second: 4 dice; a die for third (5: goes off). third: 3 dice.
    script = [4, 4, 5, 1, 2, 6, 2, 4, 4, 1, 1, 5, 4, 4, 2]
    blasts = detonate(ScriptedDice(script), ships, first, mines)
    assert [b.mine for b in blasts] == [first, second, third]
    assert blasts[0].hits == 3
    assert sorted(blasts[0].victims) == [0, 1]  # the flyer is not hit
    assert {c.mine: c.goes_off for c in blasts[0].chain} == {second: True, spare: False}
    assert (blasts[1].hits, blasts[1].victims) == (2, (0,))
    assert [c.mine for c in blasts[1].chain] == [third]
    assert blasts[2].victims == (3,)
    assert blasts[2].hits == 2


def test_mines_ignore_small_and_fast() -> None:
    """DW-18.6: mines hit on 4+ whatever the target; flyer on flyer 5-6."""
    assert mine_need().threshold == 4
    assert mine_need(flyer_on_flyer=True).threshold == 5


def test_cc_sweep_example() -> None:
    """DW-18.6 example: CC 6 against a mine of AD 5 scores 4 hits: the mine survives."""
    sweep = sweep_mine(ScriptedDice([5, 5, 5, 5, 3, 4]), 6, 5)
    assert sweep.roll.hits == 4
    assert not sweep.destroyed
    assert sweep_mine(ScriptedDice([6, 5, 5, 5, 3]), 4, 5).destroyed


def test_sweep_reach() -> None:
    """DW-28.10: CC at a mine from d = 1-2 only, not submerged, with charges."""
    assert sweep_problem(2, level=Level.SURFACE, cc=2) == ""
    assert sweep_problem(3, level=Level.SURFACE, cc=2)
    assert sweep_problem(1, level=Level.SUBMERGED, cc=2)
    assert sweep_problem(1, level=Level.SURFACE, cc=0)


# ---- indirect fire (DW-18.7) --------------------------------------------------------------------


def spotting_board(spotter_level: Level = Level.SURFACE) -> Board:
    return board(piece(Hex(5, 18)), piece(Hex(5, 6), side=1), piece(Hex(5, 9), spotter_level))


def test_indirect_fire_with_spotter() -> None:
    """DW-18.7 / DW-28.7: a primary at a Capital target 9-16 hexes away, seen by a spotter."""
    turret = weapon("BB", "Fore")
    field = spotting_board()
    assert indirect_problem(field, 1, turret, card("CR"), 12, spotter=2) == ""
    assert indirect_problem(field, 1, turret, card("CR"), 12, spotter=None)
    assert indirect_problem(field, 1, turret, card("FF"), 12, spotter=2)  # not Capital
    assert indirect_problem(field, 1, turret, card("CR"), 7, spotter=2)  # too close
    assert indirect_problem(field, 1, weapon("BB", "Broadside"), card("CR"), 12, spotter=2)
    high = spotting_board(Level.OBSCURED)
    assert indirect_problem(high, 1, turret, card("CR"), 12, spotter=2)


def test_forward_observer_bombard_in_rb2_without_spotter() -> None:
    """DW-18.7 / DW-24: Forward Observer: its Bombard weapons fire in RB2 with no spotter."""
    bombard = attrs.evolve(weapon("LS", "Fore"), mars=(MarRef("bombard"),))
    field = spotting_board()
    assert (
        indirect_problem(field, 1, bombard, card("CR"), 6, spotter=None, forward_observer=True)
        == ""
    )
    assert indirect_problem(field, 1, bombard, card("CR"), 6, spotter=None)


def test_indirect_hit_numbers() -> None:
    """DW-18.7: a natural 6 (Bombard 5-6); +1 with an attached recon that sees the target."""
    turret = weapon("BB", "Fore")
    plain = indirect_need(turret)
    assert roll_attack(ScriptedDice([5, 6, 1]), 2, plain).hits == 2
    recon = indirect_need(turret, recon=True)
    assert roll_attack(ScriptedDice([5, 4]), 2, recon).hits == 1
    bombard = attrs.evolve(turret, mars=(MarRef("bombard"),))
    assert indirect_need(bombard).threshold == 5


def test_shield_example() -> None:
    """DW-23 Shield example: a CR 9 battleship takes 12 hits and the shield cancels 4.

    The 8 left fall short of a critical (1 HP). A 4 or 5 cancels one hit, a 6 two and a new die.
    """
    saved = shield_cancel(ScriptedDice([6, 4, 1]), 12, 1, WeaponKind.PRIMARY)
    assert (saved.cancelled, saved.remaining) == (3, 9)
    saved = shield_cancel(ScriptedDice([6, 5, 1]), 12, 1, WeaponKind.PRIMARY)
    assert (saved.cancelled, saved.remaining) == (3, 9)
    saved = shield_cancel(ScriptedDice([6, 6, 1, 1]), 12, 1, WeaponKind.PRIMARY)
    assert (saved.cancelled, saved.remaining) == (4, 8)
    outcome = resolve_damage(ScriptedDice([]), Hull(card("BB")), saved.remaining)
    assert (outcome.hp_lost, outcome.criticals) == (1, ())


def test_shield_four_useless_against_rockets_and_no_bombs() -> None:
    """DW-23 Shield: a 4 cancels nothing against rockets or torpedoes; bombs and mines pass."""
    assert shield_cancel(ScriptedDice([4, 4]), 5, 1, WeaponKind.ROCKET).cancelled == 0
    assert shield_cancel(ScriptedDice([4, 4]), 5, 1, None).cancelled == 2
    assert shield_problem(WeaponKind.BOMB)
    assert shield_problem(WeaponKind.MINE)
    assert shield_problem(WeaponKind.TORPEDO) == ""
