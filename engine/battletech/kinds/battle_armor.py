"""Battle armor in play: the squad's body and its rules (BT-M-4, BT-C-35 item 2, BT-C-35.8..35.11).

A `BattleArmorBody` is what changes on a battle armor sheet during play (BT-M-5: one row of boxes
per trooper, the remaining missile salvos) plus the anti-'Mech state (whom it swarms). Every rule
is a pure function of already-rolled dice. Battle armor moves as infantry (BT-M-23: "battle armor
counts as infantry"): `engine.battletech.kinds.infantry.infantry_step_cost` with ``motion`` None;
the anti-'Mech to-hit numbers and stacking are the infantry module's too.

DESIGN points (the digest is open there; each is marked where it is implemented):
- a trooper's row is its armor plus one box for the trooper himself (MegaMek ``BattleArmor``: one
  internal point a trooper; the myomer-booster leg damage counts troopers as internal points);
- the missile salvos are the shots of the body-mounted missile ammunition, one count for the squad;
  the core's ``UnitState.ammo`` bins are what firing spends (BT-C-12) and ``salvos`` follows them
  (`ammo_spent`, called when a bin loses a shot); a jettisoned launcher no longer fires;
- burdened battle armor (IS, body-mounted missile launcher with salvos left, not jettisoned, MegaMek
  ``isBurdened``) cannot jump either (MegaMek ``getJumpMP`` returns 0);
- equipment is recognised by name: vibro-claw, magnetic claw, myomer booster, mechanical jump
  booster.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs
from attrs import frozen

from engine.battletech.data.catalogue import AmmoSpec, Kind, WeaponSpec
from engine.battletech.designs.battle_armor import BattleArmorDesign
from engine.battletech.designs.items import Item
from engine.battletech.kinds.infantry import (
    AntiMechAttacker,
    InfantryWeapon,
    attack_damage,
    damage_groups,
    infantry_weapon,
    troopers_hit,
)

__all__ = [
    "TROOPER_BOX",
    "BattleArmorBody",
    "ammo_spent",
    "anti_mech_attacker",
    "anti_personnel_damage",
    "ba_mp",
    "battle_armor_body",
    "burdened",
    "damage_trooper",
    "falls_into_water",
    "fire_salvo",
    "has_equipment",
    "is_missile_bin",
    "jettison",
    "launcher_jettisoned",
    "leg_attack_bonus",
    "salvos_left",
    "shake_off",
    "shake_off_damage",
    "stop_swarm",
    "swarm_damage",
    "sweep_groups",
    "trooper_for_roll",
]

TROOPER_BOX: Final = 1
"""DESIGN (MegaMek ``BattleArmor``: 1 internal point a trooper): the box of the trooper himself."""


@frozen
class BattleArmorBody:
    """What changes on a battle armor sheet during play (BT-M-5, BT-C-34, BT-C-35.8..35.10).

    Attributes:
        armor: boxes left in each trooper's row (trooper 1 first); 0 = that trooper is out.
        swarming: the index of the unit this squad swarms (BT-C-35.9), None when none.
        carried_by: the index of the unit carrying it (BT-C-35.13; a placeholder for the open
            transport rules, read by stacking, BT-M-25, and leg attacks, BT-C-35.8).
        salvos: missile salvos left (BT-M-5 "remaining missile salvos"; DESIGN: one count).
        jettisoned: the body-mounted missile launcher was dropped (no longer burdened).
        stuck: stuck in a swamp hex (BT-M-39.1, as infantry).
    """

    armor: tuple[int, ...]
    swarming: int | None = None
    carried_by: int | None = None
    salvos: int = 0
    jettisoned: bool = False
    stuck: bool = False

    @property
    def troopers(self) -> int:
        """Troopers still in action (rows with a box left)."""
        return sum(1 for boxes in self.armor if boxes > 0)

    @property
    def dead(self) -> frozenset[int]:
        """Indices (0-based) of the troopers out of action (every box of the row marked)."""
        return frozenset(i for i, boxes in enumerate(self.armor) if boxes <= 0)

    @property
    def destroyed(self) -> bool:
        """BT-C-34: every box of every member is marked."""
        return self.troopers == 0


def _missile_ammo(design: BattleArmorDesign) -> int:
    shots = 0
    for item in design.equipment:
        spec = item.spec
        if isinstance(spec, AmmoSpec) and item.shots:
            weapon = _weapon_spec(spec.weapon)
            if weapon is not None and weapon.kind is Kind.MISSILE:
                shots += item.shots
    return shots


def _weapon_spec(key: str) -> WeaponSpec | None:
    spec = Item(key, "").spec
    return spec if isinstance(spec, WeaponSpec) else None


def battle_armor_body(design: BattleArmorDesign) -> BattleArmorBody:
    """A fresh squad: every row full (armor + the trooper's box, DESIGN) and its salvos."""
    boxes = design.armor + TROOPER_BOX
    return BattleArmorBody(armor=(boxes,) * design.troopers, salvos=_missile_ammo(design))


# ---------------------------------------------------------------------------------- equipment
def _squashed(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def has_equipment(design: BattleArmorDesign, word: str) -> int:
    """How many items of the design name ``word`` (spaces and case ignored: "vibro claw")."""
    wanted = _squashed(word)
    return sum(1 for item in design.equipment if wanted in _squashed(item.name))


def burdened(design: BattleArmorDesign, body: BattleArmorBody) -> bool:
    """BT-C-35.8 (MegaMek ``isBurdened``): IS battle armor still carrying its missile launcher.

    Burdened: a body-mounted missile launcher with salvos left, not jettisoned; Clan Points never.
    """
    if design.is_clan or body.jettisoned or body.salvos <= 0:
        return False
    return any(
        item.mount == "Body" and item.is_weapon and _is_missile(item) for item in design.equipment
    )


def _is_missile(item: Item) -> bool:
    spec = item.spec
    return isinstance(spec, WeaponSpec) and spec.kind is Kind.MISSILE


def jettison(body: BattleArmorBody) -> BattleArmorBody:
    """BT-C-35.8: drop the body-mounted launcher; the squad is no longer burdened."""
    return attrs.evolve(body, jettisoned=True, salvos=0)


def fire_salvo(body: BattleArmorBody) -> BattleArmorBody:
    """BT-M-5, BT-C-2: one missile salvo fired (never below 0)."""
    return attrs.evolve(body, salvos=max(0, body.salvos - 1))


def is_missile_bin(design: BattleArmorDesign, index: int) -> bool:
    """BT-M-5: item ``index`` of the design is a bin of missile ammunition (a salvo counter)."""
    if not 0 <= index < len(design.equipment):
        return False
    spec = design.equipment[index].spec
    if not isinstance(spec, AmmoSpec):
        return False
    weapon = _weapon_spec(spec.weapon)
    return weapon is not None and weapon.kind is Kind.MISSILE


def ammo_spent(design: BattleArmorDesign, body: BattleArmorBody, index: int) -> BattleArmorBody:
    """BT-M-5, BT-C-12: the core's bin ``index`` lost a shot: a missile bin is one squad salvo.

    The core's ``UnitState.ammo`` is the counter the to-hit rules spend and refuse an empty bin
    by (BT-C-12: "no ammunition left"); ``salvos`` follows it shot for shot (`fire_salvo`), so a
    squad whose salvos are all fired is no longer burdened (`burdened`, BT-C-35.8). DESIGN: one
    shot of a battle armor bin is one salvo of the whole squad (the file's ``Shots`` count per
    trooper, every trooper firing his own).
    """
    return fire_salvo(body) if is_missile_bin(design, index) else body


def salvos_left(design: BattleArmorDesign, ammo: tuple[int, ...]) -> int:
    """BT-M-5: the salvos the core's ``ammo`` counts still hold (its missile bins' shots)."""
    return sum(
        shots for index, shots in enumerate(ammo) if shots > 0 and is_missile_bin(design, index)
    )


def launcher_jettisoned(design: BattleArmorDesign, body: BattleArmorBody, index: int) -> bool:
    """BT-C-35.8: item ``index`` is a body-mounted missile launcher the squad has dropped."""
    if not body.jettisoned or not 0 <= index < len(design.equipment):
        return False
    item = design.equipment[index]
    return item.mount == "Body" and item.is_weapon and _is_missile(item)


# ---------------------------------------------------------------------------------- movement
def ba_mp(
    design: BattleArmorDesign, body: BattleArmorBody, *, temperature_steps: int = 0
) -> tuple[int, int]:
    """BT-M-4, BT-M-39.4: (ground MP, jump MP) from the unit file.

    Extreme temperature: -1 ground MP per 10 degrees C (or fraction) beyond the limits
    (``temperature_steps``). DESIGN (MegaMek ``isBurdened``): a burdened squad cannot jump.
    """
    ground = max(0, design.ground_mp - max(0, temperature_steps))
    jump = 0 if burdened(design, body) else design.jump_mp
    return ground, jump


# ---------------------------------------------------------------------------------- damage
def trooper_for_roll(body: BattleArmorBody, roll: int) -> int | None:
    """BT-C-35 item 2: the trooper (0-based) a hit strikes on 1D6 ``roll``; None: reroll.

    A result above the squad size, or a trooper already out, is rolled again (the caller rolls).
    """
    index = roll - 1
    if 0 <= index < len(body.armor) and body.armor[index] > 0:
        return index
    return None


def damage_trooper(body: BattleArmorBody, trooper: int, damage: int) -> BattleArmorBody:
    """BT-C-35 item 2: ``damage`` on one trooper's row; what exceeds it is lost (never transfers).

    A squad with no trooper left swarms nothing any more (BT-C-34).
    """
    if not 0 <= trooper < len(body.armor) or damage <= 0:
        return body
    armor = list(body.armor)
    armor[trooper] = max(0, armor[trooper] - damage)
    left = attrs.evolve(body, armor=tuple(armor))
    return left if left.troopers else attrs.evolve(left, swarming=None)


def falls_into_water(body: BattleArmorBody) -> BattleArmorBody:
    """BT-M-39.2, BT-C-61.2 (ice melted or broken): infantry that falls into water is destroyed."""
    return attrs.evolve(body, armor=(0,) * len(body.armor), swarming=None)


def sweep_groups(damage: int) -> tuple[int, ...]:
    """BT-C-45: a sweep on battle armor lands in 5-point groups, each on its own trooper."""
    return damage_groups(damage, 5)


# ---------------------------------------------------------------------------------- attacks
def anti_mech_attacker(
    design: BattleArmorDesign,
    body: BattleArmorBody,
    *,
    skill: int,
    boosted_jump: bool = False,
    elevation: int = 0,
) -> AntiMechAttacker:
    """BT-C-35.8: the squad as an anti-'Mech attacker (``skill``: its anti-'Mech skill).

    ``boosted_jump``: it jumped this turn (it only matters with mechanical jump boosters).
    """
    return AntiMechAttacker(
        skill=skill,
        troopers=body.troopers,
        battle_armor=True,
        can_leg="leg" in design.anti_mech,
        can_swarm="swarm" in design.anti_mech,
        burdened=burdened(design, body),
        boosted_jump=boosted_jump and has_equipment(design, "mechanical jump booster") > 0,
        swarming=body.swarming is not None,
        magnetic_claws=has_equipment(design, "magnetic claw") > 0,
        elevation=elevation,
    )


def leg_attack_bonus(design: BattleArmorDesign, body: BattleArmorBody) -> tuple[int, int]:
    """BT-C-35.9: (vibro-claws, troopers counted for a myomer booster) for `leg_attack_damage`."""
    boosters = body.troopers if has_equipment(design, "myomer booster") else 0
    return has_equipment(design, "vibro claw"), boosters


def _swarm_weapons(design: BattleArmorDesign) -> Iterable[tuple[Item, WeaponSpec]]:
    for item in design.equipment:
        spec = item.spec
        if not isinstance(spec, WeaponSpec) or item.mount == "Body":
            continue
        if spec.kind is Kind.MISSILE or infantry_weapon(item.name) is not None:
            continue
        yield item, spec


def swarm_damage(design: BattleArmorDesign, body: BattleArmorBody) -> int:
    """BT-C-35.9: damage of a swarm attack in a later Weapon Attack phase.

    The sum of the non-missile, non-body-mounted weapons (anti-personnel weapons excluded): a
    squad-mounted weapon once per active trooper, a trooper's own weapon once if he is active.
    (IS Standard BA [Laser], 4 troopers: small laser 3 x 4 = 12.) DESIGN (open): no to-hit roll.
    A battle-armor swarm hit always rolls a critical chance, even at 0 damage.
    """
    total = 0
    for item, spec in _swarm_weapons(design):
        if item.location.startswith("Trooper"):
            index = int(item.location.split()[-1]) - 1
            alive = 0 <= index < len(body.armor) and body.armor[index] > 0
            total += spec.damage if alive else 0
        else:
            total += spec.damage * body.troopers
    return total


def anti_personnel_damage(weapon: InfantryWeapon, active: int, roll: int) -> tuple[int, ...]:
    """BT-C-35.11: an anti-personnel weapon fires like infantry, in 2-point groups (BT-C-35.6).

    Troopers that hit (cluster table by ``active``, 2D6 ``roll``) x its damage, rounded.
    """
    return damage_groups(attack_damage(weapon.damage, troopers_hit(active, roll)))


def shake_off_damage(
    *,
    jump_mp_used: int = 0,
    ground_vehicle: bool = False,
    vtol_elevation: int = 0,
    flies: bool = False,
) -> int:
    """BT-C-35.10: damage each active trooper takes when shaken off by a moving unit.

    1 per Jump MP the 'Mech used; 1 off a ground vehicle; 1 per elevation off an airborne VTOL,
    none for jump- or VTOL-capable swarmers (``flies``) shaken off an airborne VTOL.
    """
    if vtol_elevation > 0:
        return 0 if flies else vtol_elevation
    if ground_vehicle:
        return 1
    return max(0, jump_mp_used)


def shake_off(body: BattleArmorBody, per_trooper: int) -> BattleArmorBody:
    """BT-C-35.10: every active trooper takes ``per_trooper``; the swarm ends."""
    for trooper, boxes in enumerate(body.armor):
        if boxes > 0:
            body = damage_trooper(body, trooper, per_trooper)
    return stop_swarm(body)


def stop_swarm(body: BattleArmorBody) -> BattleArmorBody:
    """BT-C-35.10: the swarm ends (stop-swarm action, brushed or shaken off, target destroyed)."""
    return attrs.evolve(body, swarming=None)
