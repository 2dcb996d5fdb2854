"""The infantry weapon table and the platoons that fire with it (BT-C-35.6, BT-C-35.7).

Figures are MegaMek's (``infantryDamage``, ``infantryRange``, flags), read in its
``Infantry*Weapon`` classes: Laser Rifle 0.28 R2, Auto-Rifle 0.52 R1, heavy SRM launcher 0.57 R2
encumbering, portable machine gun 0.65 R1 burst and encumbering. Dice are scripted: the to-hit
2D6, the cluster 2D6 by men in action, then what the target's kind rolls.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech import kindevents as kev
from engine.battletech.board import Terrain, Woods
from engine.battletech.data.blk import parse_blk
from engine.battletech.data.infantry_weapons import INFANTRY_WEAPONS, infantry_weapon
from engine.battletech.designs import InfantryDesign
from engine.battletech.kinds import infantry as inf
from engine.battletech.kinds.infantry import InfantryBody
from engine.battletech.rules import kindfire, tohit
from engine.hexes import Facing
from tests.engine.battletech._rules_btc import duel, of, resolve, still, weapon_attack
from tests.engine.battletech.test_kind_combat import LASER_MECH, put

BLK = Path(__file__).parents[3] / "assets" / "units" / "blk"
SHARED = Path(__file__).resolve().parents[4] / "shared" / "data" / "megamek" / "blk"


def _platoon(path: Path) -> InfantryDesign:
    design = parse_blk(path.read_text()).design
    assert isinstance(design, InfantryDesign)
    return design


def _bundled(name: str) -> InfantryDesign:
    return _platoon(BLK / f"{name}.blk")


def _platoon_files() -> list[Path]:
    files = sorted(BLK.glob("*.blk"))
    if SHARED.is_dir():
        files += sorted(SHARED.glob("*.blk"))
    return [f for f in files if "<UnitType>\nInfantry\n" in f.read_text()]


# ---------------------------------------------------------------------------------- the table
@pytest.mark.parametrize(
    ("name", "damage", "reach", "burst", "encumbering"),
    [
        ("Laser Rifle", 0.28, 2, False, False),
        ("InfantryLaserRifle", 0.28, 2, False, False),
        ("Auto-Rifle", 0.52, 1, False, False),
        ("InfantryAssaultRifle", 0.52, 1, False, False),
        ("Heavy SRM Launcher", 0.57, 2, False, True),
        ("InfantryHeavySRM", 0.57, 2, False, True),
        ("SRM Launcher (Light)", 0.57, 2, False, False),
        ("LRM Launcher", 0.48, 3, False, True),
        ("Portable Machine Gun", 0.65, 1, True, True),
        ("InfantryLMG", 0.49, 1, False, False),
        ("Machine Gun (Support)", 0.94, 2, True, False),
        ("Portable Flamer", 0.55, 0, False, True),
        ("Gyrojet Rifle", 0.35, 1, False, False),
        ("InfantrySupportLaser", 0.84, 3, False, False),
        ("Support Laser (Heavy)", 1.47, 5, False, False),
    ],
)
def test_megameks_figures(
    name: str, damage: float, reach: int, burst: bool, encumbering: bool
) -> None:
    """BT-C-35.6 item 1, BT-C-35.7: a weapon by its name or MegaMek alias, case ignored."""
    weapon = infantry_weapon(name.upper())
    assert weapon is not None
    assert (weapon.damage, weapon.range) == (damage, reach)
    assert (weapon.burst, weapon.encumbering) == (burst, encumbering)


def test_names_are_unique_and_unknown_weapons_are_none() -> None:
    names = [n.lower() for w in INFANTRY_WEAPONS for n in (w.name, *w.aliases)]
    owners = {
        n: w.name for w in INFANTRY_WEAPONS for n in (w.name.lower(), *map(str.lower, w.aliases))
    }
    assert len(set(names)) == len(owners)
    assert infantry_weapon("Death Ray") is None


def test_only_flamers_start_fires_bt_c_60_2() -> None:
    """BT-C-60.2: of the table, only the flamer may set woods or buildings alight."""
    firing = [w.name for w in INFANTRY_WEAPONS if inf.starts_fires(w)]
    assert firing == ["Flamer (Man-Portable)"]


# ---------------------------------------------------------------------------------- the platoons
def test_every_bundled_and_shared_platoon_has_rules_bt_c_35_6() -> None:
    """Every platoon sheet shipped or shared names weapons of the table: each can fire."""
    files = _platoon_files()
    assert len(files) >= 3
    for path in files:
        design = _platoon(path)
        assert inf.unknown_weapons(design) == (), path.name
        assert inf.design_damage_per_trooper(design) is not None, path.name
        assert inf.platoon_range(design) is not None, path.name


@pytest.mark.parametrize(
    ("name", "per", "reach", "same_hex", "heavy"),
    [
        # 0.28 x 7 / 7; R2; no flag: -2 at 0 hexes
        ("Foot Platoon (Laser)", 0.28, 2, -2, False),
        # (0.52 x 4 + 0.57 x 2) / 6; 2 launchers a squad: their R2, encumbering +1
        ("Jump Platoon (SRM)", (0.52 * 4 + 0.57 * 2) / 6, 2, -1, False),
        # (0.52 x 5 + 0.65 x 2) / 7; the MGs' R1, encumbering +1, burst -1; burst: +1D6
        ("Motorized Platoon (MG)", (0.52 * 5 + 0.65 * 2) / 7, 1, -2, True),
    ],
)
def test_the_bundled_platoons_figures(
    name: str, per: float, reach: int, same_hex: int, heavy: bool
) -> None:
    """BT-C-35.6 item 1 (``d``), BT-C-35.7 (R of the weapon carried 2+ a squad, 0-hex terms)."""
    design = _bundled(name)
    assert inf.design_damage_per_trooper(design) == pytest.approx(per)
    assert inf.platoon_range(design) == reach
    weapon = inf.platoon_weapon(design)
    assert weapon is not None
    modifier = inf.infantry_range_modifier(
        reach, 0, encumbering=weapon.encumbering, burst=weapon.burst
    )
    assert modifier == same_hex
    assert inf.heavy_burst(design) is heavy


def test_a_laser_platoon_fires_at_a_mech_bt_c_35_6() -> None:
    """28 Laser Rifles: cluster 7 on the column of 28 -> 17 hit; 17 x 0.28 = 4.76 -> 5.

    On a 'Mech in 2-point groups 2, 2, 1 (each located: 7, the center torso).
    """
    state = put(still(duel(LASER_MECH)), 1, _bundled("Foot Platoon (Laser)"), where="0809")
    state = attrs.evolve(
        state, units=(state.units[0], attrs.evolve(state.units[1], facing=Facing.N))
    )
    hit = tohit.weapon_to_hit(state, 1, 0, 0)
    assert hit.possible
    dice = [6, 6, 3, 4] + [3, 4] * 3
    state, events = resolve(state, [weapon_attack(state, 1, 0, 0)], dice, end=False)
    (cluster,) = of(events, ev.ClusterRolled)
    assert (cluster.fired, cluster.hits) == (28, 17)
    assert [d.armor + d.internal for d in of(events, ev.DamageApplied)] == [2, 2, 1]


def test_the_laser_platoons_range_brackets_bt_c_35_7() -> None:
    """R2: 1-2 hexes +0, 3-4 +2, 5-6 +4, 7 out of range."""
    design = _bundled("Foot Platoon (Laser)")
    state = put(still(duel(LASER_MECH)), 1, design, where="0809")
    unit = state.units[1]
    assert kindfire.infantry_range(unit, 2) == ("short", [])
    assert kindfire.infantry_range(unit, 4) == ("medium", [("infantry range 4", 2)])
    assert kindfire.infantry_range(unit, 6) == ("long", [("infantry range 6", 4)])
    assert "beyond the platoon's range 2" in str(kindfire.infantry_range(unit, 7))


def test_a_machine_gun_platoon_adds_a_die_against_infantry_bt_c_35_6_item_5() -> None:
    """28 men, d 0.557: cluster 7 -> 17 hit, 9.47 -> 9; + 1D6 (4) for the burst MGs = 13.

    The target stands in light woods (not in the open): 13 men lost, one lump.
    """
    state = put(still(duel(LASER_MECH)), 0, _bundled("Motorized Platoon (MG)"), where="0806")
    state = put(state, 1, _bundled("Foot Platoon (Laser)"), where="0805")
    board = state.board.replace(state.units[1].hex, Terrain(woods=Woods.LIGHT))  # type: ignore[arg-type]
    state = attrs.evolve(state, board=board)
    state, events = resolve(state, [weapon_attack(state, 0, 0, 1)], [6, 6, 3, 4, 4], end=False)
    (men,) = of(events, kev.TroopersLost)
    assert (men.damage, men.dice, men.lost, men.conversion) == (9, (4,), 13, "infantry")
    body = state.units[1].body
    assert isinstance(body, InfantryBody)
    assert body.troopers == 28 - 13


def test_an_unknown_weapon_is_refused_and_warned() -> None:
    """BT-C-35.6: a weapon missing from the table: no attack ("no rules"), a file warning."""
    design = attrs.evolve(
        _bundled("Foot Platoon (Laser)"), secondary="Death Ray", secondary_per_squad=1
    )
    state = put(still(duel(LASER_MECH)), 1, design, where="0809")
    assert kindfire.unusable(state.units[1], 0) == "the Death Ray has no rules (BT-C-35.6)"
    text = (BLK / "Foot Platoon (Laser).blk").read_text().replace("Laser Rifle", "Death Ray")
    reasons = [w.reason for w in parse_blk(text).warnings]
    assert reasons == ["unknown infantry weapon 'Death Ray': kept, but it has no rules"]
