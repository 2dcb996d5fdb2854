"""What the screen says about a unit of any kind: 'Mech, vehicle, platoon or battle armor squad.

The screen's panels were written for 'Mechs, whose state is `UnitState.mech` (a TypeError for the
other kinds, issue 20). These queries dispatch on the unit's body so that a panel asks one
question for every kind: is it prone (only 'Mechs fall, BT-M-24), what stands out about it
("immobile", "men 17/28", "troopers 3/4"), what its movement modes are called (a vehicle's
cruise and flank, BT-M-37.1), its MP now (`engine.battletech.kinds`), whether it runs hot (only
'Mechs, BT-M-36).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battletech.designs.battle_armor import BattleArmorDesign
from engine.battletech.designs.infantry import InfantryDesign
from engine.battletech.designs.vehicle import VehicleDesign
from engine.battletech.envstate import ONE_G
from engine.battletech.kinds.battle_armor import BattleArmorBody, ba_mp
from engine.battletech.kinds.infantry import InfantryBody, infantry_mp
from engine.battletech.kinds.mech import MechBody
from engine.battletech.kinds.vehicle import VehicleBody, cruise_mp, flank_mp_now, is_immobile
from engine.battletech.rules import masc
from engine.battletech.rules.condition import jump_mp

if TYPE_CHECKING:
    from fractions import Fraction

    from engine.battletech.board import Terrain
    from engine.battletech.state import UnitState

__all__ = [
    "KINDS_MARKDOWN",
    "ejected",
    "has_heat",
    "has_masc",
    "jump_now",
    "kind_flags",
    "kind_name",
    "kind_status",
    "mode_hint",
    "mode_names",
    "moves_now",
    "prone",
]


KINDS_MARKDOWN = """\
## Vehicles, platoons and battle armor (BT-M-3..5, BT-M-37, BT-C-24, BT-C-35)

- The board marks each kind beside its letter: `≡` tracked, `∘` wheeled, `≈` hover vehicle, `✱`
  VTOL, `⁝` infantry platoon, `▪` battle armor squad; a 'Mech has no mark (`L`: the legend).
- A vehicle cruises (`1`) or flanks (`2`, one and a half times its Cruising MP, rounded up); it
  never falls or lies prone and builds no heat. Motive damage takes Cruising MP away and can leave
  it immobile. Its sheet gives armor and structure by location (front, sides, rear, turret,
  rotor); `v` turns to its critical damage (crew, engine, turrets).
- A platoon or squad has one ground move (`1`) and, with Jump MP, a jump (`3`). Each hit kills
  men: a platoon's sheet counts the men left, a squad's gives each trooper's armor.
- Ejecting, heat sinks and dumping ammunition are for 'Mechs only.
"""
"""The rules page's section on the kinds of unit that are not 'Mechs (`tui.battletech.rules`)."""


def prone(unit: UnitState) -> bool:
    """A prone 'Mech (BT-M-24); no other kind lies prone."""
    return isinstance(unit.body, MechBody) and unit.body.prone


def ejected(unit: UnitState) -> bool:
    """A 'Mech whose MechWarrior ejected (BT-C-49); no other kind ejects."""
    return isinstance(unit.body, MechBody) and unit.body.ejected


def has_heat(unit: UnitState) -> bool:
    """Only 'Mechs track heat (BT-M-36); vehicles, platoons and squads build none."""
    return isinstance(unit.body, MechBody)


def has_masc(unit: UnitState) -> bool:
    """A 'Mech with MASC (BT-C-75); no other kind has one."""
    return isinstance(unit.body, MechBody) and masc.has_masc(unit)


def jump_now(unit: UnitState, terrain: Terrain | None = None, gravity: Fraction = ONE_G) -> int:
    """Jump MP now: a 'Mech's (BT-M-20.4, water and gravity), a platoon's or squad's (BT-M-4)."""
    if isinstance(unit.body, MechBody):
        return jump_mp(unit, terrain, gravity)
    now = moves_now(unit)
    return now[2] if now is not None else 0


def kind_name(unit: UnitState) -> str:
    """What the unit is, in words: "'Mech", "tracked vehicle", "foot platoon", "battle armor"."""
    design = unit.design
    if isinstance(design, VehicleDesign):
        return "VTOL" if design.motion.value == "VTOL" else f"{design.motion} vehicle"
    if isinstance(design, InfantryDesign):
        return f"{design.motion} platoon".replace("platoon platoon", "platoon")
    if isinstance(design, BattleArmorDesign):
        return "battle armor squad"
    return "'Mech"


def mode_names(unit: UnitState) -> tuple[str, str]:
    """The names of the walking and running modes: a vehicle cruises and flanks (BT-M-37.1).

    Platoons and squads have one ground move (BT-M-4): "move" for both.
    """
    if isinstance(unit.body, VehicleBody):
        return "cruise", "flank"
    if isinstance(unit.body, InfantryBody | BattleArmorBody):
        return "move", "move"
    return "walk", "run"


def mode_hint(unit: UnitState) -> str:
    """The mode keys in the words of the unit's kind: "1 cruise, 2 flank", "1 move, 3 jump".

    BT-M-20 for 'Mechs ("1 walk, 2 run, 3 jump"), BT-M-37.1 for vehicles, BT-M-4 for platoons and
    squads; "3 jump" only for a unit with Jump MP.
    """
    first, second = mode_names(unit)
    keys = [f"1 {first}"] + ([f"2 {second}"] if second != first else [])
    if jump_now(unit) > 0:
        keys.append("3 jump")
    return ", ".join(keys)


def moves_now(unit: UnitState) -> tuple[int, int, int] | None:
    """A non-'Mech's (ground or cruise, flank, jump) MP now; None for a 'Mech (its own rules).

    BT-M-37.1/37.5 for vehicles (motive damage taken off); BT-M-4 for platoons and squads.
    """
    design, body = unit.design, unit.body
    if isinstance(body, VehicleBody) and isinstance(design, VehicleDesign):
        return cruise_mp(design, body), flank_mp_now(design, body), 0
    if isinstance(body, InfantryBody) and isinstance(design, InfantryDesign):
        ground, jump = infantry_mp(design)
        return ground, ground, jump
    if isinstance(body, BattleArmorBody) and isinstance(design, BattleArmorDesign):
        ground, jump = ba_mp(design, body)
        return ground, ground, jump
    return None


def kind_flags(unit: UnitState) -> list[str]:
    """What stands out about a vehicle, platoon or squad now (BT-M-37.5, BT-C-24.3, BT-C-35).

    Capitals where it stops the unit fighting or moving, as the 'Mech sheet's flags. Empty for a
    'Mech (the sheet has its own).
    """
    body, design = unit.body, unit.design
    flags: list[str] = []
    if isinstance(body, VehicleBody) and isinstance(design, VehicleDesign):
        flags += _vehicle_flags(design, body)
    elif isinstance(body, InfantryBody | BattleArmorBody):
        if body.swarming is not None:
            flags.append(f"swarming unit {body.swarming + 1}")
        if body.carried_by is not None:
            flags.append("carried")
        if isinstance(body, BattleArmorBody) and body.jettisoned:
            flags.append("missiles jettisoned")
    if unit.stuck or getattr(body, "stuck", False):
        flags.append("STUCK")
    return flags


def kind_status(unit: UnitState) -> list[str]:
    """The unit list's words on a vehicle, platoon or squad: "immobile", "men 17/28".

    Men or troopers are counted once some are lost (a full unit says nothing: the list's status
    column is narrow). Empty for a 'Mech (the list says "prone", "shut down" itself).
    """
    body, design = unit.body, unit.design
    if isinstance(body, VehicleBody) and isinstance(design, VehicleDesign):
        words = ["immobile"] if is_immobile(design, body) else []
        if body.stunned > 0:
            words.append("stunned")
        if _crashed(design, body):
            words.append("crashed")
        elif body.airborne:
            words.append(f"flying {body.elevation}")
        return words
    if isinstance(body, InfantryBody) and isinstance(design, InfantryDesign):
        lost = body.troopers < design.troopers
        return [f"men {body.troopers}/{design.troopers}"] if lost else []
    if isinstance(body, BattleArmorBody) and isinstance(design, BattleArmorDesign):
        lost = body.troopers < design.troopers
        return [f"troopers {body.troopers}/{design.troopers}"] if lost else []
    return []


def _vehicle_flags(design: VehicleDesign, body: VehicleBody) -> list[str]:
    """A vehicle's motive and critical damage in words (BT-M-37.5, BT-C-24.3)."""
    flags: list[str] = []
    if is_immobile(design, body):
        flags.append("IMMOBILE")
    elif body.motive_mp_lost:
        flags.append(f"motive -{body.motive_mp_lost} MP")
    if body.stunned > 0:
        flags.append("CREW STUNNED")
    flags += [
        word
        for word, hit in (
            ("engine hit", body.engine_hit),
            ("driver hit", body.driver_hit),
            ("commander hit", body.commander_hit),
            ("flight stabilizer hit", body.flight_stabilizer),
            ("rotor gone", body.rotor_destroyed),
        )
        if hit
    ]
    if body.sensor_hits:
        flags.append(f"sensors +{body.sensor_hits}")
    flags += [f"{_turret(turret)} jammed" for turret in sorted(body.jammed_turrets)]
    flags += [f"{_turret(turret)} locked" for turret, _side in body.locked_turrets]
    flags += [f"{_turret(turret)} lost" for turret in sorted(body.lost_turrets)]
    if _crashed(design, body) and body.airborne:
        flags.append(f"crashed on a roof at elevation {body.elevation}")
    elif _crashed(design, body):
        flags.append("crashed")
    elif body.airborne:
        flags.append(f"flying at elevation {body.elevation}")
    return flags


def _turret(name: str) -> str:
    """A turret's name in a flag: "turret", "front turret" (BT-C-24.3)."""
    return name.lower() if "turret" in name.lower() else f"{name.lower()} turret"


def _crashed(design: VehicleDesign, body: VehicleBody) -> bool:
    """BT-M-37.6: a VTOL that lost its rotor came down (onto a roof it still has an elevation)."""
    return design.motion.value == "VTOL" and body.rotor_destroyed
