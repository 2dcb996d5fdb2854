"""Battle armor rules as pure functions (issue 20): `engine.battletech.kinds.battle_armor`.

BT-M-4 (squads and Points, MP from the file), BT-M-5 (one row a trooper, missile salvos), BT-M-23
(battle armor moves as infantry), BT-M-39.4 (extreme temperature), BT-C-34 (destroyed), BT-C-35
item 2 (a random trooper a hit, no transfer), BT-C-35.8..35.11 (anti-'Mech attacks, swarm damage,
shaking off, anti-personnel weapons), BT-C-45 (sweep in 5-point groups).
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.battletech.board import Terrain, Woods
from engine.battletech.data.blk import parse_blk
from engine.battletech.designs.battle_armor import BattleArmorDesign, BattleArmorMotion
from engine.battletech.designs.items import Item
from engine.battletech.kinds import battle_armor as ba
from engine.battletech.kinds import infantry as inf
from engine.battletech.kinds.battle_armor import BattleArmorBody
from tests.conftest import SHARED

BLK_DIR = SHARED / "data" / "megamek" / "blk"
NO_SHARED = f"MegaMek's .blk files are not in {BLK_DIR} (the shared data folder is absent)"
needs_shared = pytest.mark.skipif(not BLK_DIR.is_dir(), reason=NO_SHARED)

IS_STANDARD = "IS Standard BA [Laser] (Sqd4).blk"
ELEMENTAL = "Elemental BA [Laser] (Sqd5).blk"


def _read(name: str) -> BattleArmorDesign:
    design = parse_blk((BLK_DIR / name).read_text(encoding="utf-8"), name).design
    assert isinstance(design, BattleArmorDesign)
    return design


def _suits(
    *items: Item, troopers: int = 4, armor: int = 5, clan: bool = False
) -> BattleArmorDesign:
    return BattleArmorDesign(
        "Test Suit",
        "",
        BattleArmorMotion.JUMP,
        troopers,
        armor,
        1,
        3,
        equipment=items,
        anti_mech=frozenset({"leg", "swarm"}),
        tech_base="Clan" if clan else "Inner Sphere",
    )


SRM_PACK = (
    Item("IS SRM 2", "Squad", mount="Body"),
    Item("IS SRM 2 Ammo", "Squad", shots=2, mount="Body"),
)


# ---------------------------------------------------------------------------------- bodies
@needs_shared
def test_fresh_is_standard_squad() -> None:
    """BT-M-4, BT-M-5: an IS squad of 4, 9 armor each + the trooper's box (DESIGN), jump 3."""
    design = _read(IS_STANDARD)
    body = ba.battle_armor_body(design)
    assert body.armor == (10, 10, 10, 10)
    assert body.troopers == 4
    assert body.dead == frozenset()
    assert body.swarming is None
    assert body.salvos == 0
    assert not ba.burdened(design, body)
    assert ba.ba_mp(design, body) == (1, 3)
    # BT-C-35.9's example: squad small laser 3 x 4 troopers = 12.
    assert ba.swarm_damage(design, body) == 12


@needs_shared
def test_fresh_elemental_point() -> None:
    """BT-M-4, BT-M-5: a Clan Point of 5, 10 armor + 1, 2 SRM salvos; Clan Points never burdened."""
    design = _read(ELEMENTAL)
    body = ba.battle_armor_body(design)
    assert body.armor == (11,) * 5
    assert body.salvos == 2
    assert not ba.burdened(design, body)
    # BT-C-35.9: the SRM (missile, body-mounted) and the rifle (anti-personnel) do not count.
    assert ba.swarm_damage(design, body) == 3 * 5
    attacker = ba.anti_mech_attacker(design, body, skill=5)
    assert attacker.troopers == 5
    assert attacker.can_leg
    assert attacker.can_swarm
    assert not attacker.burdened


def test_burdened_inner_sphere_squad() -> None:
    """BT-C-35.8 (MegaMek ``isBurdened``): IS, body launcher, salvos left, not jettisoned."""
    design = _suits(*SRM_PACK)
    body = ba.battle_armor_body(design)
    assert body.salvos == 2
    assert ba.burdened(design, body)
    attacker = ba.anti_mech_attacker(design, body, skill=5)
    assert isinstance(inf.leg_attack_to_hit(attacker, inf.AntiMechTarget(kind="mech")), str)
    assert ba.ba_mp(design, body) == (1, 0)  # DESIGN: burdened suits cannot jump
    dropped = ba.jettison(body)
    assert not ba.burdened(design, dropped)
    assert ba.ba_mp(design, dropped) == (1, 3)
    empty = ba.fire_salvo(ba.fire_salvo(body))
    assert empty.salvos == 0
    assert not ba.burdened(design, empty)
    assert ba.fire_salvo(empty).salvos == 0
    assert not ba.burdened(_suits(*SRM_PACK, clan=True), body)


def test_extreme_temperature() -> None:
    """BT-M-39.4: battle armor loses 1 ground MP per 10 degrees (or fraction) beyond the limits."""
    design = attrs.evolve(_suits(), ground_mp=2)
    body = ba.battle_armor_body(design)
    assert ba.ba_mp(design, body, temperature_steps=1) == (1, 3)
    assert ba.ba_mp(design, body, temperature_steps=4) == (0, 3)


def test_moves_as_infantry() -> None:
    """BT-M-23: battle armor counts as infantry (Infantry column, building 1 MP, +2 per level)."""
    assert inf.infantry_step_cost(None, 0, Terrain(woods=Woods.HEAVY)) == (3, 0)
    assert isinstance(inf.infantry_step_cost(None, 0, Terrain(water=1)), str)
    assert inf.infantry_step_cost(None, 0, Terrain(level=1)) == (3, 1)


# ---------------------------------------------------------------------------------- damage
def test_a_hit_strikes_one_random_trooper() -> None:
    """BT-C-35 item 2: 1D6; above the squad size, or a trooper already out: roll again."""
    body = BattleArmorBody(armor=(10, 0, 10, 10))
    assert ba.trooper_for_roll(body, 1) == 0
    assert ba.trooper_for_roll(body, 2) is None  # trooper 2 is out
    assert ba.trooper_for_roll(body, 4) == 3
    assert ba.trooper_for_roll(body, 5) is None  # no trooper 5
    assert ba.trooper_for_roll(body, 6) is None


def test_damage_never_transfers() -> None:
    """BT-C-35 item 2: damage beyond a trooper's boxes is lost; BT-C-34: a suit out when empty."""
    body = BattleArmorBody(armor=(10, 10, 10, 10), swarming=2)
    hit = ba.damage_trooper(body, 1, 14)
    assert hit.armor == (10, 0, 10, 10)
    assert hit.dead == frozenset({1})
    assert hit.troopers == 3
    assert not hit.destroyed
    assert hit.swarming == 2
    assert ba.damage_trooper(hit, 1, 5) == hit
    assert ba.damage_trooper(hit, 7, 5) == hit


def test_destroyed_when_every_box_of_every_member_is_marked() -> None:
    """BT-C-34: the squad is destroyed when every row is empty; it stops swarming."""
    body = BattleArmorBody(armor=(3, 0), swarming=1)
    gone = ba.damage_trooper(body, 0, 3)
    assert gone.destroyed
    assert gone.swarming is None


@given(
    st.lists(st.integers(0, 12), min_size=1, max_size=6),
    st.lists(st.tuples(st.integers(-1, 7), st.integers(-3, 30)), max_size=20),
)
def test_damage_only_removes(rows: list[int], hits: list[tuple[int, int]]) -> None:
    """BT-C-35 item 2 (property): boxes never rise, never go below 0; the dead stay dead."""
    body = BattleArmorBody(armor=tuple(rows))
    for trooper, damage in hits:
        after = ba.damage_trooper(body, trooper, damage)
        assert all(0 <= new <= old for new, old in zip(after.armor, body.armor, strict=True))
        assert after.dead >= body.dead
        assert 0 <= after.troopers <= body.troopers
        lost = sum(body.armor) - sum(after.armor)
        assert lost <= max(0, damage)
        body = after


@given(st.lists(st.integers(0, 12), min_size=1, max_size=6), st.integers(1, 6))
def test_a_chosen_trooper_is_in_action(rows: list[int], roll: int) -> None:
    """BT-C-35 item 2 (property): the trooper a roll picks is always one still in action."""
    body = BattleArmorBody(armor=tuple(rows))
    trooper = ba.trooper_for_roll(body, roll)
    if trooper is not None:
        assert body.armor[trooper] > 0
        assert trooper == roll - 1


def test_sweep_groups() -> None:
    """BT-C-45: a 65-ton sweep (22) hits battle armor as 5, 5, 5, 5, 2."""
    assert ba.sweep_groups(inf.sweep_damage(65)) == (5, 5, 5, 5, 2)


# ---------------------------------------------------------------------------------- attacks
def test_swarm_damage_counts_active_troopers_and_own_weapons() -> None:
    """BT-C-35.9: squad weapons once per active trooper; a trooper's own weapon if he is active."""
    design = _suits(
        Item("IS Small Laser", "Squad", mount="RA"),
        Item("IS Medium Laser", "Trooper 2", mount="LA"),
        *SRM_PACK,
    )
    body = ba.battle_armor_body(design)
    assert ba.swarm_damage(design, body) == 3 * 4 + 5
    one_down = ba.damage_trooper(body, 1, 99)
    assert ba.swarm_damage(design, one_down) == 3 * 3
    assert ba.swarm_damage(_suits(*SRM_PACK), body) == 0  # 0 still rolls a critical chance


def test_leg_attack_bonus() -> None:
    """BT-C-35.9: +1 a vibro-claw, +2 a trooper with a myomer booster (4 + 2 + 8 = 14)."""
    design = _suits(
        Item("BAVibroClaw", "Squad", mount="LA"),
        Item("BAVibroClaw", "Squad", mount="RA"),
        Item("BA Myomer Booster", "Squad"),
    )
    body = ba.battle_armor_body(design)
    claws, boosted = ba.leg_attack_bonus(design, body)
    assert (claws, boosted) == (2, 4)
    assert inf.leg_attack_damage(vibro_claws=claws, myomer_booster_troopers=boosted) == 14
    assert ba.leg_attack_bonus(_suits(), body) == (0, 0)


def test_magnetic_claws_and_boosters() -> None:
    """BT-C-35.8: magnetic claws swarm at -1; a jump with mechanical boosters bars leg attacks."""
    design = _suits(Item("BAMagneticClamp", "Squad"), Item("BAMagneticClaws", "Squad"))
    body = ba.battle_armor_body(design)
    attacker = ba.anti_mech_attacker(design, body, skill=5)
    assert attacker.magnetic_claws
    assert inf.swarm_to_hit(attacker, inf.AntiMechTarget(kind="mech")) == 5 + 2 - 1
    boosted = _suits(Item("BAMechanicalJumpBooster", "Squad"))
    jumped = ba.anti_mech_attacker(boosted, body, skill=5, boosted_jump=True)
    assert jumped.boosted_jump
    assert isinstance(inf.leg_attack_to_hit(jumped, inf.AntiMechTarget(kind="mech")), str)
    assert not ba.anti_mech_attacker(design, body, skill=5, boosted_jump=True).boosted_jump


def test_swarming_squad_cannot_start_again() -> None:
    """BT-C-35.8: an attacker already swarming makes neither attack; BT-C-35.10: stop swarm."""
    design = _suits()
    body = attrs.evolve(ba.battle_armor_body(design), swarming=3)
    attacker = ba.anti_mech_attacker(design, body, skill=5)
    assert attacker.swarming
    assert isinstance(inf.swarm_to_hit(attacker, inf.AntiMechTarget(kind="mech")), str)
    assert ba.stop_swarm(body).swarming is None


def test_anti_personnel_weapons() -> None:
    """BT-C-35.11: cluster table by active troopers x damage, rounded, 2-point groups."""
    rifle = inf.infantry_weapon("InfantryAssaultRifle")
    assert rifle is not None
    # 5 troopers, roll 7: 3 hit; 3 x 0.52 = 1.56 -> 2.
    assert ba.anti_personnel_damage(rifle, 5, 7) == (2,)
    # 5 troopers, roll 12: 5 hit; 2.6 -> 3 -> 2, 1.
    assert ba.anti_personnel_damage(rifle, 5, 12) == (2, 1)


@pytest.mark.parametrize(
    ("kwargs", "damage"),
    [
        ({"jump_mp_used": 4}, 4),  # 1 per Jump MP the 'Mech used
        ({"ground_vehicle": True}, 1),  # 1 off a ground vehicle
        ({"vtol_elevation": 3}, 3),  # 1 per elevation off an airborne VTOL
        ({"vtol_elevation": 3, "flies": True}, 0),  # jump- or VTOL-capable: nothing
        ({}, 0),
    ],
)
def test_shake_off_damage(kwargs: dict[str, int | bool], damage: int) -> None:
    """BT-C-35.10: what each active trooper takes when shaken off."""
    assert ba.shake_off_damage(**kwargs) == damage  # type: ignore[arg-type]


def test_shake_off_hits_every_active_trooper() -> None:
    """BT-C-35.10: every active trooper takes it; the dead take nothing; the swarm ends."""
    body = BattleArmorBody(armor=(10, 0, 2, 10), swarming=1)
    after = ba.shake_off(body, 3)
    assert after.armor == (7, 0, 0, 7)
    assert after.swarming is None


def test_falls_into_water() -> None:
    """BT-M-39.2, BT-C-61.2: battle armor that falls into water is destroyed."""
    drowned = ba.falls_into_water(BattleArmorBody(armor=(4, 0, 9), swarming=1))
    assert drowned.destroyed
    assert drowned.dead == frozenset({0, 1, 2})
    assert drowned.swarming is None
