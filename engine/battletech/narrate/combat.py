"""Word the BattleTech combat events (BT-C-*): attacks, their rolls, damage, criticals, heat.

Each sentence maker registers on `engine.battletech.narrate.sentences.describe` (the package
imports this module with the others). A third person can follow why every roll happened: a
declaration names the to-hit number and every term of it, a roll says what it needed and what it
decided::

    Hunchback [H] fires AC/20 (RT) at Jenner [j]: 8 needed (gunnery 4, walked +1, medium range
    +2, target moved 5 hexes +2, partial cover -1), front
    Hunchback [H] AC/20 (RT) -> Jenner [j]: 8 needed, rolled 5+4=9: hit
    Jenner [j]: hit location 3+4=7: 20 damage to the right torso from Hunchback [H]: ...
"""

from __future__ import annotations

from engine.battletech import events as ev
from engine.battletech.narrate.hexwords import describe_hex
from engine.battletech.narrate.sentences import describe
from engine.battletech.narrate.words import (
    ammo_name,
    dice_text,
    label,
    limb_text,
    modifiers_text,
    physical_name,
    physical_verb,
    unit_name,
    weapon_name,
)
from engine.battletech.state import Attack, AttackKind, BTState

__all__ = ["attack_phrase", "needed_text"]

_TWISTS = {-1: "one hexside left", 1: "one hexside right", 0: "back to the front"}


# ------------------------------------------------------------------ attacks
def attack_phrase(state: BTState, attack: Attack) -> str:
    """Who attacks what with what: "Hunchback [H] fires AC/20 (RT) at Jenner [j]"."""
    who = unit_name(state, attack.attacker)
    if attack.target is None:
        victim = f"the hex {label(attack.hex)}"
    else:
        victim = unit_name(state, attack.target)
    if attack.kind is AttackKind.WEAPON:
        weapon = weapon_name(state.units[attack.attacker].design, attack.weapon or 0)
        return f"{who} fires {weapon} at {victim}"
    limb = limb_text(attack.limb, attack.kind)
    with_limb = f" with the {limb}" if limb and limb != "both arms" else ""
    if limb == "both arms":
        with_limb = " with both arms"
    return f"{who} {physical_verb(state, attack.attacker, attack.kind)} {victim}{with_limb}"


def _short(state: BTState, attack: Attack) -> str:
    """The attack in a few words for its roll: "Hunchback [H] AC/20 (RT) -> Jenner [j]"."""
    who = unit_name(state, attack.attacker)
    victim = label(attack.hex) if attack.target is None else unit_name(state, attack.target)
    if attack.kind is AttackKind.WEAPON:
        what = weapon_name(state.units[attack.attacker].design, attack.weapon or 0)
    else:
        limb = limb_text(attack.limb, attack.kind)
        what = physical_name(state, attack.attacker, attack.kind) + (f" ({limb})" if limb else "")
    return f"{who} {what} -> {victim}"


def needed_text(to_hit: int) -> str:
    """A to-hit number in words: "8 needed", "automatic" (2 or less), "cannot hit" (13+)."""
    if to_hit > 12:  # noqa: PLR2004 - BT-C-14: 13+ cannot hit
        return f"cannot hit ({to_hit} needed)"
    if to_hit <= 2:  # noqa: PLR2004 - the lowest throw
        return f"hits on any roll ({to_hit} needed)"
    return f"{to_hit} needed"


@describe.register
def _attack_declared(event: ev.AttackDeclared, before: BTState, after: BTState) -> str:
    del after
    attack = event.attack
    terms = modifiers_text(attack.modifiers)
    notes = [f"{attack.side} side"] if attack.side != "front" else []
    if attack.table != "normal":
        notes.append(f"{attack.table} table")
    if attack.aimed is not None:
        notes.append(f"aimed at the {attack.aimed.long_name.lower()}")
    if not attack.primary:
        notes.append("secondary target")
    if attack.rate > 1:
        notes.append("double rate: 2 shots")
    if attack.munition not in {"standard", "cluster"}:
        notes.append(f"{attack.munition} ammunition")
    if attack.spotter is not None:  # BT-C-16
        notes.append(f"indirect fire, {unit_name(before, attack.spotter)} spotting")
    tail = f"; {', '.join(notes)}" if notes else ""
    terms_text = f" ({terms})" if terms else ""
    return f"{attack_phrase(before, attack)}: {needed_text(attack.to_hit)}{terms_text}{tail}."


@describe.register
def _attack_rolled(event: ev.AttackRolled, before: BTState, after: BTState) -> str:
    del after
    if not 0 <= event.attack < len(before.attacks):
        return f"Attack {event.attack + 1}: {'hit' if event.hit else 'miss'}."
    attack = before.attacks[event.attack]
    said = _short(before, attack)
    if not event.roll:
        verdict = "hits without a roll" if event.hit else "misses without a roll"
        return f"{said}: {needed_text(attack.to_hit)}: {verdict}."
    verdict = "HIT" if event.hit else "miss"
    return f"{said}: {attack.to_hit} needed, rolled {dice_text(event.roll)}: {verdict}."


@describe.register
def _cluster(event: ev.ClusterRolled, before: BTState, after: BTState) -> str:
    del after
    what = "Cluster roll"
    if 0 <= event.attack < len(before.attacks):
        attack = before.attacks[event.attack]
        if attack.weapon is not None:
            design = before.units[attack.attacker].design
            what = f"{unit_name(before, attack.attacker)} {weapon_name(design, attack.weapon)}"
            what += " cluster roll"
    terms = f" ({modifiers_text(event.modifiers, base=False)})" if event.modifiers else ""
    return f"{what} {dice_text(event.roll)}{terms}: {event.hits} of {event.fired} hit."


@describe.register
def _unit_declared(event: ev.UnitDeclared, before: BTState, after: BTState) -> str:
    del before
    attacks = sum(1 for a in after.attacks if a.attacker == event.unit)
    who = unit_name(after, event.unit)
    if not attacks and after.units[event.unit].this_turn.anti_mech is not None:
        return f"{who} has declared its anti-'Mech action (BT-C-35.8)."
    if not attacks:
        return f"{who} makes no attack."
    return f"{who} has declared {attacks} attack{'s' if attacks != 1 else ''}."


@describe.register
def _twisted(event: ev.TorsoTwisted, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    if event.flipped:
        return f"{who} flips its arms to the rear."
    facing = before.units[event.unit].facing.turn(event.twist)
    return (
        f"{who} twists its torso {_TWISTS.get(event.twist, '')} (upper body faces {facing.name})."
    )


@describe.register
def _ammo_spent(event: ev.AmmoSpent, before: BTState, after: BTState) -> str:
    unit = after.units[event.unit]
    left = unit.ammo[event.bin] if 0 <= event.bin < len(unit.ammo) else 0
    what = ammo_name(unit.design, event.bin)
    plural = "s" if event.shots != 1 else ""
    return f"{unit_name(before, event.unit)}: {event.shots} shot{plural} from {what}, {left} left."


@describe.register
def _charge(event: ev.ChargeDeclared, before: BTState, after: BTState) -> str:
    del after
    who, target = unit_name(before, event.unit), unit_name(before, event.target)
    noun = physical_name(before, event.unit, AttackKind.CHARGE)
    return f"{who} declares a {noun} on {target}."


@describe.register
def _dfa(event: ev.DFADeclared, before: BTState, after: BTState) -> str:
    del after
    who, target = unit_name(before, event.unit), unit_name(before, event.target)
    return f"{who} jumps to {label(event.hex)} to come down on {target} (death from above)."


# ------------------------------------------------------------------ damage
@describe.register
def _crit_chance(event: ev.CriticalChanceRolled, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    where = event.location.long_name.lower()
    what = "through-armor critical roll" if event.tac else "critical chance"
    if event.blown_off:
        verdict = f"the {where} is blown off!"
    elif event.hits:
        verdict = f"{event.hits} critical hit{'s' if event.hits != 1 else ''}"
    else:
        verdict = "no critical hit"
    end = "" if verdict.endswith("!") else "."
    return f"{who}: {what} for the {where}: rolled {dice_text(event.roll)}: {verdict}{end}"


@describe.register
def _critical(event: ev.CriticalHit, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    where = event.location.long_name.lower()
    found = f", roll {dice_text(event.roll)}" if event.roll else ""
    what = event.component or "an empty line"
    return f"{who}: critical hit on the {where}, line {event.slot + 1}{found}: {what}."


@describe.register
def _ammo_exploded(event: ev.AmmoExploded, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    what = ammo_name(before.units[event.unit].design, event.bin)
    plural = "s" if event.shots != 1 else ""
    return (
        f"{who}: {what} explodes ({event.cause}) with {event.shots} shot{plural} left: "
        f"{event.damage} damage!"
    )


@describe.register
def _club_searched(event: ev.ClubSearched, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    if not event.roll:
        where = label(event.hex)
        return f"{who} picks up a club in {where}: {event.club} (no weapon fire this turn)."
    verdict = "finds a girder" if event.found else "finds nothing"
    return (
        f"{who} searches the rubble of {label(event.hex)} for a girder: {event.target} needed, "
        f"rolled {dice_text(event.roll)}: {verdict} (no weapon fire this turn)."
    )


@describe.register
def _club(event: ev.ClubTaken, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    if not event.club:
        return f"{who} drops its club."
    roll = f" (rolled {dice_text(event.roll)})" if event.roll else ""
    return f"{who} takes a club: {event.club}{roll}."


@describe.register
def _displaced(event: ev.UnitDisplaced, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    start = label(before.units[event.unit].hex)
    facing = f", now facing {event.facing.name}" if event.facing is not None else ""
    return f"{who} is forced from {start} into {label(event.hex)} ({event.cause}){facing}."


@describe.register
def _terrain(event: ev.TerrainChanged, before: BTState, after: BTState) -> str:
    del before
    return f"{event.cause.capitalize()}: {describe_hex(after.board, event.hex)}."


# ------------------------------------------------------------------ heat
@describe.register
def _shutdown(event: ev.ShutdownRolled, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    if event.automatic:
        return f"{who} at heat {event.heat}: shuts down automatically."
    verdict = "SHUTS DOWN" if event.shutdown else "keeps running"
    return (
        f"{who} at heat {event.heat}: shutdown roll, {event.target} to avoid, "
        f"rolled {dice_text(event.roll)}: {verdict}."
    )


@describe.register
def _restarted(event: ev.EngineRestarted, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    if not event.roll:
        return f"{who} restarts its engine (heat low enough)."
    verdict = "restarts" if event.success else "stays shut down"
    return f"{who}: restart roll, {event.target} needed, rolled {dice_text(event.roll)}: {verdict}."


@describe.register
def _heat_explosion(event: ev.HeatExplosionRolled, before: BTState, after: BTState) -> str:
    del after
    who = unit_name(before, event.unit)
    verdict = "AMMUNITION EXPLODES" if event.exploded else "no explosion"
    return (
        f"{who} at heat {event.heat}: ammunition explosion roll, {event.target} to avoid, "
        f"rolled {dice_text(event.roll)}: {verdict}."
    )


# ------------------------------------------------------------------ the end phase, ejection
@describe.register
def _dump_declared(event: ev.AmmoDumpDeclared, before: BTState, after: BTState) -> str:
    del after
    design = before.units[event.unit].design
    bins = ", ".join(ammo_name(design, b) for b in event.bins)
    return f"{unit_name(before, event.unit)} will dump {bins} during the next turn."


@describe.register
def _dumped(event: ev.AmmoDumped, before: BTState, after: BTState) -> str:
    del after
    design = before.units[event.unit].design
    bins = ", ".join(ammo_name(design, b) for b in event.bins)
    return f"{unit_name(before, event.unit)} has dumped {bins}."


@describe.register
def _ejected(event: ev.PilotEjected, before: BTState, after: BTState) -> str:
    del after
    unit = before.units[event.unit]
    how = "ejects automatically" if event.automatic else "ejects"
    where = f" and lands in {label(event.hex)}" if event.hex is not None else ""
    return f"{unit.pilot.name} {how} from {unit_name(before, event.unit)}{where}."


@describe.register
def _withdrew(event: ev.UnitWithdrew, before: BTState, after: BTState) -> str:
    del after
    return f"{unit_name(before, event.unit)} withdraws off the map from {label(event.hex)}."


@describe.register
def _fell_onto(event: ev.FellOntoUnit, before: BTState, after: BTState) -> str:
    del after
    who, target = unit_name(before, event.unit), unit_name(before, event.target)
    terms = modifiers_text(event.modifiers)
    terms_said = f" ({terms})" if terms else ""
    roll = f"rolled {dice_text(event.roll)}" if event.roll else "no roll"
    said = f"{who} falls onto {target}: {event.to_hit} needed{terms_said}, {roll}"
    if event.hit:
        return f"{said}: lands on it!"
    landing = f", lands in {label(event.landing)}" if event.landing is not None else ""
    tie = f" (tie broken by {dice_text(event.landing_roll)})" if event.landing_roll else ""
    return f"{said}: misses{landing}{tie}."


@describe.register
def _critical_lost(event: ev.CriticalLost, before: BTState, after: BTState) -> str:
    del after
    where = event.location.long_name.lower()
    who = unit_name(before, event.unit)
    return f"{who}: the critical hit on the {where} is lost ({event.reason})."


@describe.register
def _component_exploded(event: ev.ComponentExploded, before: BTState, after: BTState) -> str:
    del after
    design = before.units[event.unit].design
    what = weapon_name(design, event.item)
    return f"{unit_name(before, event.unit)}: the {what} explodes: {event.damage} damage!"


_TERRAIN_ROLLS = {
    "fire risk": "fire risk roll",
    "clearing": "clearing roll",
    "fire": "fire roll",
    "accidental fire": "accidental fire roll",
    "spread": "fire spread roll (wind)",
    "burn down": "burn-down roll",
}
_AT_MOST = frozenset({"fire risk", "clearing", "accidental fire"})


@describe.register
def _terrain_rolled(event: ev.TerrainRolled, before: BTState, after: BTState) -> str:
    del before, after
    what = _TERRAIN_ROLLS.get(event.kind, f"{event.kind} roll")
    needed = f"{event.target} or less" if event.kind in _AT_MOST else f"{event.target}+"
    if event.kind == "clearing":
        verdict = "the woods are cleared" if event.success else "the woods stand"
    elif event.kind == "burn down":  # BT-M-8.12 (engine.battletech.rules.fire)
        verdict = "the woods burn down a step" if event.success else "the woods burn on"
    elif event.kind == "spread":  # BT-C-60.5
        verdict = "the fire spreads" if event.success else "the fire does not spread"
    else:
        verdict = "a fire starts" if event.success else "no fire"
    return f"{label(event.hex)}: {what}, {needed}, rolled {dice_text(event.roll)}: {verdict}."


@describe.register
def _dfa_cancelled(event: ev.DFACancelled, before: BTState, after: BTState) -> str:
    del after
    return f"{unit_name(before, event.unit)}'s death from above is off: {event.reason}."


@describe.register
def _not_fired(event: ev.WeaponNotFired, before: BTState, after: BTState) -> str:
    del after
    design = before.units[event.unit].design
    back = " (the shot goes back in its bin)" if event.bin is not None else ""
    what = weapon_name(design, event.weapon)
    return (
        f"{unit_name(before, event.unit)}: the {what} got no lock-on and did not fire: "
        f"no heat{back}."
    )


@describe.register
def _aim_rolled(event: ev.AimRolled, before: BTState, after: BTState) -> str:
    del after
    where = event.location.long_name.lower()
    who = "Aimed shot"
    if 0 <= event.attack < len(before.attacks):
        who = f"{_short(before, before.attacks[event.attack])}: aimed shot"
    verdict = f"strikes the {where}" if event.success else "hit location rolled as usual"
    return f"{who} at the {where}: 6-8 needed, rolled {dice_text(event.roll)}: {verdict}."


@describe.register
def _wind(event: ev.WindRolled, before: BTState, after: BTState) -> str:
    del before, after
    return f"Wind roll {event.roll}: wind direction {event.wind.name} for the rest of the game."


@describe.register
def _jammed(event: ev.WeaponJammed, before: BTState, after: BTState) -> str:
    del after
    what = weapon_name(before.units[event.unit].design, event.weapon)
    return (
        f"{unit_name(before, event.unit)}: the {what} rolled a 2 at double rate and jams: "
        "it fires no more this game."
    )


@describe.register
def _ams(event: ev.AMSEngaged, before: BTState, after: BTState) -> str:
    del after
    what = weapon_name(before.units[event.unit].design, event.ams)
    left = event.hits - event.stopped
    return (
        f"{unit_name(before, event.unit)}'s {what} fires at the incoming missiles: rolled "
        f"{event.roll}, {event.stopped} of {event.hits} stopped, {left} get through."
    )


@describe.register
def _narc(event: ev.NarcAttached, before: BTState, after: BTState) -> str:
    del after
    return (
        f"A NARC pod sticks to {unit_name(before, event.unit)}: missiles that home on it "
        "get +2 on the cluster roll."
    )
