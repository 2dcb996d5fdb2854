"""Special weapons and equipment: the rules of the digest's BT-C-75 table (ASSUMPTION, confirmed).

The table is the rule. What is played here, each with its row:

- **Pulse lasers** -2 to-hit; **Clan heavy lasers** +1; **LB-X cluster ammunition** -1
  (`to_hit_terms`, named in every to-hit breakdown).
- **LB-X cluster or slug, SRM inferno or standard**: the load is chosen at declaration
  (`commands.Shot.munition`; "" takes the fullest bin of any load, as before). Cluster pellets
  come from the cluster column of the weapon's class, 1 damage each
  (`engine.battletech.rules.combat`).
- **Ultra autocannons** at double rate (`commands.Shot.double`): 2 shots of ammunition, double heat
  (`extra_heat`); one to-hit roll, then the cluster table's column 2 for how many shots hit, each
  located on its own; a natural 2 on the to-hit roll jams the weapon for the rest of the game
  (`check_jam`, `WeaponJammed`; a jammed weapon cannot fire, `unusable_reason`).
- **Streak SRM** (BT-C-20): fires only on a lock (no ammunition, no heat on a miss), every missile
  hits (`engine.battletech.rules.combat`).
- **Gauss rifles** explode on a critical (20, light 16), their ammunition never (`crits`).
- **AMS** (`ams_intercept`): each anti-missile system engages one missile attack aimed at its
  'Mech a turn and stops 1D6 of the missiles that hit (at least 0 left). DESIGN: the defender's
  choice is made for it: each working AMS with ammunition engages the first missile attack that
  hits its 'Mech in the turn (the attacks resolve one by one). Each use spends a shot and makes
  the AMS's heat (1). Not while the 'Mech is shut down.
- **Artemis IV FCS** +2 on the cluster roll of its linked launcher (`cluster_modifiers`).
  DESIGN: an FCS links the LRM or SRM launcher it shares a location with (in the order of the
  equipment list, one each, as MegaMek lists an FCS after its launcher); a destroyed FCS links
  nothing. The ammunition does not matter.
- **NARC beacon**: no damage; a hit attaches a pod (`NarcAttached`, for the rest of the game);
  later NARC-capable missile attacks (LRM and SRM launchers, not Streaks or MRMs: DESIGN) on
  that 'Mech get +2 on the cluster roll. DESIGN: Artemis IV and a NARC pod do not add up (+2 at
  most); the modified roll is clamped to 2..12 (BT-C-20).
- **Targeting computer** -1 to-hit for direct-fire energy and ballistic weapons, while it has
  no critical.
- **Inferno SRMs**: at a woods or building hex a hit sets it alight without a roll (BT-C-60.1
  "automatic"). DESIGN: the rest of their rules are missing; at a 'Mech they do the SRM's damage.
"""

from __future__ import annotations

from engine.battletech import events as ev
from engine.battletech.context import Ctx
from engine.battletech.data import catalogue
from engine.battletech.data.catalogue import AmmoSpec, Kind, WeaponSpec
from engine.battletech.designs.items import Item
from engine.battletech.designs.mech import MechDesign, Mounted
from engine.battletech.rules import c3, crits, masc
from engine.battletech.state import Attack, UnitState

__all__ = [
    "MUNITION_WORDS",
    "RULES_NOTES",
    "ams_intercept",
    "artemis_linked",
    "check_jam",
    "cluster_modifiers",
    "extra_heat",
    "gear_notes",
    "has_targeting_computer",
    "loads",
    "munition_reason",
    "narc_capable",
    "on_hit",
    "rules_note",
    "to_hit_terms",
    "unplayed",
    "unusable_reason",
]

MUNITION_WORDS = {"standard": "standard", "cluster": "cluster", "inferno": "inferno"}
"""The loads a declaration may name (BT-C-75); "slug" is read as "standard" for an LB-X."""

CLUSTER_BONUS = 2
"""BT-C-75: Artemis IV and a NARC pod each add +2 to the cluster roll."""


def _spec(unit: UnitState, index: int) -> catalogue.Spec | None:
    if not 0 <= index < len(unit.design.equipment):
        return None
    name = unit.design.equipment[index].name
    return catalogue.SPECS.get(name) or catalogue.find(name, unit.design.tech_base)


def _weapon(unit: UnitState, index: int) -> WeaponSpec | None:
    spec = _spec(unit, index)
    return spec if isinstance(spec, WeaponSpec) else None


def _has_flag(unit: UnitState, index: int, flag: str) -> bool:
    spec = _spec(unit, index)
    return spec is not None and flag in spec.flags


RULES_NOTES: dict[str, str] = {
    "tag": "no effect in these rules (no homing artillery yet)",
    "apod": "no effect until infantry are in the game",
}
"""BT-C-75 rows not played here, by catalogue flag, and what the sheet and validate say of them.

Equipment whose rules are played (pulse and heavy lasers, LB-X, Ultra, Streak, Gauss, AMS,
Artemis IV, NARC, targeting computers, inferno SRMs, CASE, heat sinks, jump jets, hatchets and
swords; MASC and triple-strength myomer, `engine.battletech.rules.masc`; C3, ECM and active probes,
`engine.battletech.rules.c3`) has no note. TAG only designates for homing artillery and A-Pods only
fire at infantry: neither is in the game."""

_GEAR = ("masc", "tsm", "c3", "ecm", "probe")
"""The flags of the played items the sheet explains in a line of their own (`gear_notes`)."""


def rules_note(spec: catalogue.Spec) -> str:
    """What a sheet says of an item's special rules: "" (played), "no rules", "no effect ..."."""
    return next((note for flag, note in RULES_NOTES.items() if flag in spec.flags), "")


def unplayed(design: MechDesign) -> list[tuple[int, str]]:
    """The design's items whose rules are not played, with their note (equipment order)."""
    found = []
    for index, item in enumerate(design.equipment):
        spec = catalogue.SPECS.get(item.name)
        if spec is not None and (note := rules_note(spec)):
            found.append((index, note))
    return found


def _gear_note(unit: UnitState, index: int, flag: str, turn: int) -> str:
    """One line of the sheet on a played BT-C-75 item: what it does now."""
    spec = _spec(unit, index)
    radius = getattr(spec, "radius", 0)
    gone = crits.item_destroyed(unit, index)
    text = ""
    if flag == "masc":
        text = (
            "destroyed"
            if gone
            else f"4: run at walk x2, roll {masc.masc_target(unit, max(turn, 1))}+ (BT-C-75)"
        )
    elif flag == "tsm":
        state = "ON" if masc.tsm_active(unit) else "off"
        text = f"heat 9+: walk +2, blows x2 ({state} at heat {unit.mech.heat})"
    elif flag == "c3":
        text = "destroyed" if gone else "range from the networked unit nearest the target"
    elif flag == "ecm":
        text = "destroyed" if gone else f"{radius}-hex radius: jams enemy C3, Artemis IV, NARC"
    elif flag == "probe":
        text = "destroyed" if gone else f"at night finds enemies within {radius} hexes"
    return text


def gear_notes(unit: UnitState, turn: int = 0) -> list[tuple[int, str]]:
    """BT-C-75: the sheet's line on each special item (equipment order, one per item kind).

    Played items say what they do now (MASC's next roll, TSM on or off, radii); unplayed ones
    their `RULES_NOTES` note. One line per item whatever the state, so the sheet keeps its height.
    """
    found: list[tuple[int, str]] = []
    seen: set[str] = set()
    for index, item in enumerate(unit.mech_design.equipment):
        spec = catalogue.SPECS.get(item.name)
        if spec is None:
            continue
        if note := rules_note(spec):
            found.append((index, note))
            continue
        flag = next((f for f in _GEAR if f in spec.flags), "")
        if not flag or (flag == "tsm" and flag in seen):
            continue
        seen.add(flag)
        found.append((index, _gear_note(unit, index, flag, turn)))
    return found


# ------------------------------------------------------------------ to-hit
_COMPUTERS: dict[int, tuple[MechDesign, tuple[int, ...]]] = {}
"""The equipment indexes of each design's targeting computers, by the design's id (the design
kept, so the id stays its own): `to_hit_terms` runs for every weapon of every option a bot
weighs."""


_MOST_DESIGNS = 512


def _computers(unit: UnitState) -> tuple[int, ...]:
    design = unit.mech_design
    known = _COMPUTERS.get(id(design))
    if known is None or known[0] is not design:
        found = tuple(
            index
            for index in range(len(design.equipment))
            if _has_flag(unit, index, "targeting_computer")
        )
        if len(_COMPUTERS) >= _MOST_DESIGNS:
            _COMPUTERS.clear()  # a long-running server meets new designs: start afresh
        known = _COMPUTERS[id(design)] = (design, found)
    return known[1]


def has_targeting_computer(unit: UnitState) -> bool:
    """BT-C-75: the 'Mech carries a targeting computer with no critical on it."""
    return any(not crits.item_destroyed(unit, index) for index in _computers(unit))


def to_hit_terms(unit: UnitState, spec: WeaponSpec, munition: str) -> list[tuple[str, int]]:
    """BT-C-75: pulse laser -2, heavy laser +1, LB-X cluster ammunition -1, targeting computer -1.

    The targeting computer helps direct-fire energy and ballistic weapons (not missiles).
    """
    terms = []
    if "pulse" in spec.flags:
        terms.append(("pulse laser", -2))
    if "heavy_laser" in spec.flags:
        terms.append(("heavy laser", 1))
    if "lbx" in spec.flags and munition == "cluster":
        terms.append(("cluster ammunition", -1))
    if spec.kind in {Kind.ENERGY, Kind.BALLISTIC} and has_targeting_computer(unit):
        terms.append(("targeting computer", -1))
    return terms


def unusable_reason(unit: UnitState, index: int) -> str:
    """BT-C-75: why weapon ``index`` cannot fire for a special rule ("" when it can): jammed."""
    if index in unit.jammed:
        spec = _weapon(unit, index)
        name = spec.name if spec is not None else "weapon"
        return f"the {name} is jammed (a natural 2 at double rate, BT-C-75)"
    return ""


# ------------------------------------------------------------------ declaration
def loads(unit: UnitState, spec: WeaponSpec) -> tuple[str, ...]:
    """The loads (munitions) ``unit`` carries for ``spec`` in bins with shots left, in bin order.

    Any kind of unit: a vehicle's or a squad's bins are read the same way (`UnitState.ammo`).
    """
    found: list[str] = []
    equipment: tuple[Mounted | Item, ...] = unit.design.equipment
    for index, item in enumerate(equipment):
        ammo = catalogue.SPECS.get(item.name)
        if (
            isinstance(ammo, AmmoSpec)
            and ammo.weapon == spec.key
            and index < len(unit.ammo)
            and unit.ammo[index] > 0
            and ammo.munition not in found
        ):
            found.append(ammo.munition)
    return tuple(found)


def munition_reason(spec: WeaponSpec, munition: str, *, double: bool) -> str:
    """BT-C-75: why a declared load or double rate is wrong for ``spec`` ("" when it is fine)."""
    why = ""
    if double and "ultra" not in spec.flags:
        why = f"only an Ultra autocannon fires at double rate, not the {spec.name} (BT-C-75)"
    elif not munition:
        why = ""
    elif not spec.uses_ammo:
        why = f"the {spec.name} uses no ammunition: it has no load to choose"
    elif munition not in MUNITION_WORDS:
        why = f"unknown load {munition!r}: say cluster, slug (standard) or inferno"
    elif munition == "cluster" and "lbx" not in spec.flags:
        why = f"only an LB-X autocannon fires cluster ammunition, not the {spec.name} (BT-C-75)"
    elif munition == "inferno" and "srm" not in spec.flags:
        why = f"only an SRM launcher fires inferno missiles, not the {spec.name} (BT-C-60.1)"
    return why


# ------------------------------------------------------------------ resolution
def check_jam(ctx: Ctx, number: int, attack: Attack, roll: tuple[int, ...]) -> None:
    """BT-C-75: a natural 2 on the to-hit roll of an Ultra at double rate jams it for the game."""
    if attack.rate > 1 and attack.weapon is not None and sum(roll) == 2:  # noqa: PLR2004
        ctx.emit(ev.WeaponJammed(attack.attacker, attack.weapon, number))


def on_hit(ctx: Ctx, number: int, attack: Attack, spec: WeaponSpec | None) -> None:
    """BT-C-75: what a hit does besides damage: a NARC beacon attaches a pod."""
    if spec is None or "narc" not in spec.flags or attack.target is None:
        return
    if not ctx.state.units[attack.target].narc:
        ctx.emit(ev.NarcAttached(attack.target, number))


def narc_capable(spec: WeaponSpec) -> bool:
    """BT-C-75 (DESIGN): the launchers a NARC pod guides: LRMs and SRMs (not Streaks, MRMs)."""
    return bool(spec.flags & {"lrm", "srm"})


def artemis_linked(unit: UnitState, weapon: int) -> bool:
    """BT-C-75 (DESIGN): an Artemis IV FCS with no critical shares the launcher's location.

    FCSs and LRM/SRM launchers of one location pair off in equipment order.
    """
    spec = _weapon(unit, weapon)
    if spec is None or "artemis_capable" not in spec.flags or not unit.is_mech:
        return False  # DESIGN: Artemis IV on 'Mechs only for now
    equipment = unit.mech_design.equipment
    where = equipment[weapon].location
    launchers = [
        i
        for i, item in enumerate(equipment)
        if item.location is where and _has_flag(unit, i, "artemis_capable")
    ]
    systems = [
        i
        for i, item in enumerate(equipment)
        if item.location is where and _has_flag(unit, i, "artemis")
    ]
    pairs = dict(zip(launchers, systems, strict=False))
    fcs = pairs.get(weapon)
    return fcs is not None and not crits.item_destroyed(unit, fcs)


def cluster_modifiers(ctx: Ctx, attack: Attack, spec: WeaponSpec) -> tuple[tuple[str, int], ...]:
    """BT-C-75: the cluster roll's terms: Artemis IV +2, else a NARC pod on the target +2.

    An ECM of the target's side whose radius holds the target jams both (ASSUMPTION, standard:
    `engine.battletech.rules.c3`); the term stays, at 0, to say so.

    DESIGN (BT-C-1, attacks are simultaneous): read from the state at the start of the phase,
    so a pod attached in this phase guides missiles from the next one on, and an FCS knocked
    out in this phase still guides this phase's salvo.
    """
    if attack.weapon is None or attack.rate > 1:
        return ()
    state = ctx.tally.start if ctx.tally is not None else ctx.state
    unit = state.units[attack.attacker]
    jammed = attack.target is not None and c3.ecm_shielded(state, attack.target)
    if artemis_linked(unit, attack.weapon):
        return (("ECM: Artemis IV jammed", 0),) if jammed else (("Artemis IV", CLUSTER_BONUS),)
    if attack.target is not None and state.units[attack.target].narc and narc_capable(spec):
        return (("ECM: NARC pod jammed", 0),) if jammed else (("NARC pod", CLUSTER_BONUS),)
    return ()


def _ams_bin(unit: UnitState, ams: WeaponSpec) -> int | None:
    """The fullest usable bin of the AMS's ammunition (ties: the first)."""
    best, most = None, 0
    for index, item in enumerate(unit.mech_design.equipment):
        ammo = catalogue.SPECS.get(item.name)
        if not isinstance(ammo, AmmoSpec) or ammo.weapon != ams.key or index in unit.dumping:
            continue
        left = unit.ammo[index] if index < len(unit.ammo) else 0
        if left > most and not crits.item_destroyed(unit, index):
            best, most = index, left
    return best


def ams_intercept(ctx: Ctx, number: int, attack: Attack, hits: int) -> int:
    """BT-C-75: the target's AMS stops 1D6 of the ``hits`` missiles; returns the missiles left.

    The first of its anti-missile systems not used this turn, working and with ammunition,
    engages (`AMSEngaged`); a 'Mech shut down or destroyed has no AMS fire.
    """
    if attack.target is None or hits <= 0:
        return hits
    unit = ctx.state.units[attack.target]
    if not unit.is_mech or unit.mech.shutdown or not unit.on_map:
        return hits  # DESIGN: AMS on 'Mechs only for now
    for index in range(len(unit.design.equipment)):
        spec = _weapon(unit, index)
        if spec is None or "ams" not in spec.flags or index in unit.this_turn.ams_used:
            continue
        if crits.item_destroyed(unit, index):
            continue
        bin_index = _ams_bin(unit, spec)
        if bin_index is None:
            continue
        die = ctx.die()
        stopped = min(die, hits)
        ctx.emit(ev.AMSEngaged(attack.target, index, number, die, hits, stopped, bin_index))
        return hits - stopped
    return hits


# ------------------------------------------------------------------ heat
def extra_heat(unit: UnitState) -> list[tuple[str, int]]:
    """BT-C-51/75: heat besides each fired weapon's own.

    The second shot of an Ultra at double rate, and each AMS that engaged.
    """
    sources: list[tuple[str, int]] = []
    for index in sorted(unit.this_turn.double_rate):
        spec = _weapon(unit, index)
        if spec is not None and spec.heat:
            sources.append((f"{spec.name} double rate", spec.heat))
    for index in sorted(unit.this_turn.ams_used):
        spec = _weapon(unit, index)
        if spec is not None and spec.heat:
            sources.append((spec.name, spec.heat))
    return sources
