"""Artillery on vehicles, platoons and battle armor (BT-C-35 items 1-2, BT-C-67, BT-C-24.1).

BT-C-35 item 1 [ASSUMPTION, TW table]: area-effect damage on conventional infantry is troopers
lost = damage x 2, then x 2 in the open (every hit on conventional infantry, MegaMek
``infantryInOpen``). Battle armor takes 5-point groups, each on a trooper (item 2). The gunner
(`test_artillery.gunner`) stands in 0815; the target in 0807. Dice are scripted: the to-hit 2D6
first, then what each unit struck rolls, in the order the units stand in the state.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import kindevents as kev
from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import Shot
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.state import BTState, UnitDesign
from engine.hexes import Facing, Hex
from tests.engine.battletech._rules_btc import of, resolve
from tests.engine.battletech._vehicles import tank
from tests.engine.battletech.test_artillery import ARTY, TARGET, declared, field, gunner
from tests.engine.battletech.test_kind_combat import blk, put

H = Hex.from_label
HITS = (6, 6)
"""A to-hit 2D6 of 12: the shell lands in the target's hex."""


def _shelled(
    target: UnitDesign, weapon: str = "Thumper", ammo: str = "IS Ammo Thumper", *, woods=False
) -> BTState:
    """``target`` in 0807 (light woods when ``woods``), the gunner declared its shell at it."""
    state = field(gunner(weapon, ammo))
    state = put(state, TARGET, target, where="0807", facing=Facing.S)
    if woods:
        board = state.board.replace(H("0807"), Terrain(woods=Woods.LIGHT))
        state = attrs.evolve(state, board=board)
    return declared(state, Shot(ARTY, target=TARGET))


@pytest.mark.parametrize(("woods", "lost"), [(False, 20), (True, 10)])
def test_a_thumper_shell_on_a_platoon_bt_c_35_item_1(woods: bool, lost: int) -> None:
    """The Thumper's 5 in the hex: area effect 5 x 2 = 10 men; x 2 in the open = 20.

    One lump, no location, no dice beyond the to-hit.
    """
    state = _shelled(blk("Foot Platoon (Laser)"), woods=woods)
    after, events = resolve(state, list(state.attacks), HITS, end=False)
    (men,) = of(events, kev.TroopersLost)
    assert (men.damage, men.conversion, men.lost, men.in_open) == (5, "area", lost, not woods)
    body = after.units[TARGET].body
    assert isinstance(body, InfantryBody)
    assert body.troopers == 28 - lost


def test_an_arrow_iv_shell_wipes_out_a_platoon_in_the_open() -> None:
    """20 x 2 x 2 = 80 men > 28: every man is down (BT-C-34)."""
    state = _shelled(blk("Foot Platoon (Laser)"), "Arrow IV System", "IS Ammo Arrow IV")
    after, events = resolve(state, list(state.attacks), HITS, end=False)
    (men,) = of(events, kev.TroopersLost)
    assert men.lost == 80
    assert after.units[TARGET].destroyed


def test_an_arrow_iv_shell_on_a_squad_lands_in_5_point_groups_bt_c_35_item_2() -> None:
    """20 points: four groups of 5, each on the trooper a 1D6 picks (1, 2, 2, 4).

    Trooper 2's row of 10 (9 armor + himself) takes both of his groups and he is out.
    """
    state = _shelled(
        blk("Cavalier Battle Armor [Laser](Sqd4)"), "Arrow IV System", "IS Ammo Arrow IV"
    )
    after, events = resolve(state, list(state.attacks), (*HITS, 1, 2, 2, 4), end=False)
    assert [(h.trooper, h.damage) for h in of(events, kev.TrooperHit)] == [
        (0, 5),
        (1, 5),
        (1, 5),
        (3, 5),
    ]
    body = after.units[TARGET].body
    assert isinstance(body, BattleArmorBody)
    assert body.armor == (5, 0, 10, 5)


def test_a_shell_on_a_tank_lands_on_its_own_table_bt_c_24_1() -> None:
    """The Thumper's 5: one group on the tank's front column (it faces the shell): 2D6 7 front."""
    state = _shelled(tank())
    after, events = resolve(state, list(state.attacks), (*HITS, 3, 4), end=False)
    (hit,) = of(events, kev.VehicleHit)
    assert (hit.location.value, hit.damage) == ("Front", 5)
    body = after.units[TARGET].body
    assert isinstance(body, VehicleBody)
    assert body.armor_at(tank(), hit.location) == 20 - 5
