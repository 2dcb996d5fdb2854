"""What each resolution of a BattleTech turn did, gathered from its events (pure).

After a command resolves weapon fire (BT-C-1, the last declaration), physical attacks or the heat
phase (BT-H-*), the play screen shows what happened in one page before the game goes on: who
fired at whom and what hit, the damage each unit took by location, criticals, lost locations,
falls, explosions, shutdowns, pilot wounds and deaths. `summarize` folds a command's events from
the state before them into one `PhaseSummary` per resolution phase they went through;
`summary_lines` words one for a panel. The dice and every detail stay in the log; this is the
sum of them.

Example (a weapon phase)::

    Weapon fire, turn 3
    Griffin [G] -> Shadow Hawk [s]: 2 attacks, 1 hit: LRM 10 (RT)
    Shadow Hawk [s]: 8 damage: CT (rear) 5, RT (rear) 3
      Ammunition explosion (critical): AC/5 ammo (RT), 40 damage
      critical: right torso: AC/5 ammo
      destroyed: the right torso
      DESTROYED: center torso destroyed
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from engine.battletech import events as ev
from engine.battletech import kindevents as kev
from engine.battletech.evolve import evolve
from engine.battletech.kindevents import KIND_EVENTS
from engine.battletech.kinds.vehicle_tables import Crit
from engine.battletech.narrate.words import (
    PHYSICAL_NAMES,
    ammo_name,
    item_name,
    label,
    unit_name,
    weapon_name,
)
from engine.battletech.state import AttackKind, Phase

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from engine.battletech.state import Attack, BTState
    from engine.game import Event

__all__ = [
    "RESOLUTIONS",
    "Fire",
    "Harm",
    "PhaseSummary",
    "summarize",
    "summary_lines",
]

RESOLUTIONS = (Phase.WEAPON, Phase.PHYSICAL, Phase.HEAT)
"""The phases whose resolution is summed up."""

_TITLES = {
    Phase.WEAPON: "Weapon fire",
    Phase.PHYSICAL: "Physical attacks",
    Phase.HEAT: "Heat",
}


@frozen
class Fire:
    """One unit's attacks on one target in a phase.

    Attributes:
        attacker: the attacking unit.
        target: the target unit, or None for a hex (clearing woods, a fire).
        where: the target hex's label when the target is a hex.
        rolled: the attacks rolled.
        hits: which attacks hit, by name ("LRM 10", "punch"), in order.
        misses: which missed, by name.
    """

    attacker: int
    target: int | None
    where: str = ""
    hits: tuple[str, ...] = ()
    misses: tuple[str, ...] = ()


@frozen
class Harm:
    """What happened to one unit in a phase.

    Attributes:
        unit: the unit.
        damage: damage by location in the order first hit: (location, rear, points).
        criticals: the components hit, "right torso: AC/5 Ammo".
        lost: the locations destroyed ("left arm", "left arm (blown off)").
        falls: each fall, "fell (12 damage)".
        explosions: each explosion, "AC/5 Ammo, 40 damage (heat)".
        shutdown: True when it shut down, False when it rolled and kept running, None: no roll.
        restarted: whether its engine started again.
        heat: (before, after) when the phase changed its heat.
        wounds: pilot hits taken.
        unconscious: the pilot was knocked out.
        ejected: the pilot ejected.
        destroyed: the cause, when the unit was destroyed.
    """

    unit: int
    damage: tuple[tuple[str, bool, int], ...] = ()
    criticals: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    falls: tuple[str, ...] = ()
    explosions: tuple[str, ...] = ()
    shutdown: bool | None = None
    restarted: bool = False
    heat: tuple[int, int] | None = None
    wounds: int = 0
    unconscious: bool = False
    ejected: bool = False
    destroyed: str | None = None

    @property
    def total(self) -> int:
        """The damage taken, every location together."""
        return sum(points for _, _, points in self.damage)

    @property
    def notable(self) -> bool:
        """Anything beyond a change of heat."""
        return bool(
            self.damage
            or self.criticals
            or self.lost
            or self.falls
            or self.explosions
            or self.shutdown is not None
            or self.restarted
            or self.wounds
            or self.unconscious
            or self.ejected
            or self.destroyed
        )


@frozen
class PhaseSummary:
    """The resolution of one phase: the attacks and what each unit suffered.

    Attributes:
        phase: weapon attack, physical attack or heat.
        turn: the turn.
        fire: the attacks, by attacker and target in the order rolled.
        harm: the units something happened to, in unit order.
    """

    phase: Phase
    turn: int
    fire: tuple[Fire, ...] = ()
    harm: tuple[Harm, ...] = ()

    @property
    def title(self) -> str:
        """The heading: "Weapon fire, turn 3"."""
        return f"{_TITLES[self.phase]}, turn {self.turn}"

    @property
    def notable(self) -> bool:
        """Whether it is worth a pause: an attack was rolled or a unit suffered something."""
        return bool(self.fire) or any(harm.notable for harm in self.harm)


class _Builder:
    """Gathers one phase's events into a `PhaseSummary` (mutable while folding)."""

    def __init__(self, phase: Phase, turn: int) -> None:
        self.phase = phase
        self.turn = turn
        self.fire: dict[tuple[int, int | None, str], tuple[list[str], list[str]]] = {}
        self.harm: dict[int, dict[str, object]] = {}

    def _unit(self, unit: int) -> dict[str, object]:
        return self.harm.setdefault(unit, {})

    def _add(self, unit: int, key: str, value: object) -> None:
        items = self._unit(unit).setdefault(key, [])
        assert isinstance(items, list)  # noqa: S101 - the lists are the builder's own
        items.append(value)

    def attack(self, attack: Attack, name: str, *, hit: bool) -> None:
        where = label(attack.hex) if attack.target is None else ""
        hits, misses = self.fire.setdefault((attack.attacker, attack.target, where), ([], []))
        (hits if hit else misses).append(name)

    def damage(self, unit: int, location: str, *, rear: bool, points: int) -> None:
        record = self._unit(unit)
        damage = record.setdefault("damage", {})
        assert isinstance(damage, dict)  # noqa: S101
        damage[location, rear] = damage.get((location, rear), 0) + points

    def note(self, unit: int, key: str, value: object) -> None:
        if key in {"criticals", "lost", "falls", "explosions"}:
            self._add(unit, key, value)
        else:
            self._unit(unit)[key] = value

    def heat(self, unit: int, before: int, after: int) -> None:
        record = self._unit(unit)
        old = record.get("heat")
        start = old[0] if isinstance(old, tuple) else before
        record["heat"] = (start, after)

    def build(self) -> PhaseSummary:
        fire = tuple(
            Fire(attacker, target, where, tuple(hits), tuple(misses))
            for (attacker, target, where), (hits, misses) in self.fire.items()
        )
        harm = []
        for unit in sorted(self.harm):
            record = dict(self.harm[unit])
            damage = record.pop("damage", {})
            assert isinstance(damage, dict)  # noqa: S101
            lists = {key: tuple(value) for key, value in record.items() if isinstance(value, list)}
            rest = {key: value for key, value in record.items() if not isinstance(value, list)}
            harm.append(
                Harm(
                    unit,
                    damage=tuple((where, rear, points) for (where, rear), points in damage.items()),
                    **lists,  # type: ignore[arg-type]
                    **rest,  # type: ignore[arg-type]
                )
            )
        return PhaseSummary(self.phase, self.turn, fire, tuple(harm))


def _attack_name(state: BTState, attack: Attack) -> str:
    if attack.kind is AttackKind.WEAPON:
        return weapon_name(state.units[attack.attacker].design, attack.weapon or 0)
    return PHYSICAL_NAMES[attack.kind]


def _gather(builder: _Builder, event: Event, before: BTState) -> None:  # noqa: C901, PLR0912
    """Note one event of a resolution phase."""
    if isinstance(event, ev.AttackRolled):
        if 0 <= event.attack < len(before.attacks):
            attack = before.attacks[event.attack]
            builder.attack(attack, _attack_name(before, attack), hit=event.hit)
    elif isinstance(event, ev.DamageApplied):
        points = event.armor + event.internal
        builder.damage(event.unit, event.location.value, rear=event.rear, points=points)
    elif isinstance(event, ev.CriticalHit):
        where = event.location.long_name.lower()
        builder.note(event.unit, "criticals", f"{where}: {event.component or 'an empty line'}")
    elif isinstance(event, ev.LocationDestroyed):
        where = event.location.long_name.lower()
        builder.note(event.unit, "lost", where + (" (blown off)" if event.blown_off else ""))
    elif isinstance(event, ev.UnitFell):
        cause = f", {event.cause}" if event.cause else ""
        builder.note(
            event.unit, "falls", f"fell in {label(event.hex)} ({event.damage} damage{cause})"
        )
    elif isinstance(event, ev.AmmoExploded):
        what = ammo_name(before.units[event.unit].design, event.bin)
        text = f"ammunition explosion ({event.cause}): {what}, {event.damage} damage"
        builder.note(event.unit, "explosions", text)
    elif isinstance(event, ev.ComponentExploded):
        what = item_name(before.units[event.unit].design, event.item)
        builder.note(event.unit, "explosions", f"explosion: {what}, {event.damage} damage")
    elif isinstance(event, ev.ShutdownRolled):
        builder.note(event.unit, "shutdown", event.shutdown)
    elif isinstance(event, ev.EngineRestarted):
        if event.success:
            builder.note(event.unit, "restarted", True)  # noqa: FBT003 - a field's value
    elif isinstance(event, ev.HeatChanged):
        builder.heat(event.unit, before.units[event.unit].mech.heat, event.heat)
    elif isinstance(event, ev.PilotWounded):
        record = builder._unit(event.unit)  # noqa: SLF001 - the module's own helper
        wounds = record.get("wounds", 0)
        record["wounds"] = (wounds if isinstance(wounds, int) else 0) + event.wounds
    elif isinstance(event, ev.ConsciousnessRolled):
        if not event.conscious:
            builder.note(event.unit, "unconscious", True)  # noqa: FBT003
    elif isinstance(event, ev.PilotEjected):
        builder.note(event.unit, "ejected", True)  # noqa: FBT003
    elif isinstance(event, ev.UnitDestroyed):
        builder.note(event.unit, "destroyed", event.cause)
    elif isinstance(event, KIND_EVENTS):
        _gather_kind(builder, event)


def _critical_line(what: str) -> str:
    """A critical hit's line; a vehicle's motive damage is its own (BT-M-37.5), not a critical."""
    return f"  {what}" if what.startswith(_MOTIVE) else f"  critical: {what}"


_MOTIVE = "motive: "


def _gather_kind(builder: _Builder, event: Event) -> None:
    """Note one event of damage to a vehicle, platoon or squad (`engine.battletech.kindevents`)."""
    if isinstance(event, kev.VehicleHit):
        points = event.armor + event.internal
        builder.damage(event.unit, event.location.value, rear=False, points=points)
    elif isinstance(event, kev.VehicleCritical) and event.crit is not Crit.NONE:
        builder.note(event.unit, "criticals", f"{event.location.value.lower()}: {event.crit}")
    elif isinstance(event, kev.MotiveDamaged) and event.result:
        builder.note(event.unit, "criticals", f"{_MOTIVE}{event.result.name.lower()} damage")
    elif isinstance(event, kev.VTOLCrashed):
        builder.note(event.unit, "falls", f"crashed ({event.damage} damage)")
    elif isinstance(event, kev.TroopersLost):
        builder.note(event.unit, "lost", f"{event.lost} men")
    elif isinstance(event, kev.TrooperHit):
        builder.damage(event.unit, f"trooper {event.trooper + 1}", rear=False, points=event.damage)


def summarize(events: Iterable[Event], state: BTState) -> list[PhaseSummary]:
    """Sum up every resolution phase a run of events went through (one command's, usually).

    A phase counts when it resolved something (an attack was rolled, a unit's heat changed or
    it suffered anything); a weapon phase whose declarations are not complete yet gives nothing.

    Args:
        events: the events, in order.
        state: the state before the first.

    Returns:
        One summary per resolution phase, in order (empty when none).
    """
    summaries: list[PhaseSummary] = []
    builder: _Builder | None = None
    for event in events:
        phase = state.phase
        if phase in RESOLUTIONS and not isinstance(event, ev.PhaseStarted):
            if builder is None or builder.phase is not phase or builder.turn != state.turn:
                if builder is not None:
                    summaries.append(builder.build())
                builder = _Builder(phase, state.turn)
            _gather(builder, event, state)
        state = evolve(event, state)
    if builder is not None:
        summaries.append(builder.build())
    return [s for s in summaries if s.fire or s.harm]


def _damage_text(harm: Harm) -> str:
    parts = [
        f"{where}:{' (rear)' if rear else ''} {points}"  # "trooper 2: 6", not "trooper 2 6"
        if where.startswith("trooper")
        else f"{where}{' (rear)' if rear else ''} {points}"
        for where, rear, points in harm.damage
    ]
    return f"{harm.total} damage: " + ", ".join(parts)


def _fire_text(state: BTState, fire: Fire) -> str:
    who = unit_name(state, fire.attacker)
    target = fire.where if fire.target is None else unit_name(state, fire.target)
    count = len(fire.hits) + len(fire.misses)
    noun = "attack" if count == 1 else "attacks"
    if not fire.hits:
        return f"{who} -> {target}: {count} {noun}, all missed"
    hit = "1 hit" if len(fire.hits) == 1 else f"{len(fire.hits)} hits"
    counts: dict[str, int] = {}
    for name in fire.hits:
        counts[name] = counts.get(name, 0) + 1
    names = ", ".join(f"{n} x {name}" if n > 1 else name for name, n in counts.items())
    return f"{who} -> {target}: {count} {noun}, {hit}: {names}"


def _harm_lines(state: BTState, harm: Harm, phase: Phase) -> list[tuple[str, str]]:  # noqa: C901
    """The lines of one unit: its name and damage, then one line per other thing."""
    head = unit_name(state, harm.unit)
    lines: list[tuple[str, str]] = []
    changed = harm.heat is not None and harm.heat[0] != harm.heat[1]
    if not harm.notable and not (changed and phase is Phase.HEAT):
        return []
    if harm.damage:
        head += ": " + _damage_text(harm)
    if harm.heat is not None and phase is Phase.HEAT:
        was, now = harm.heat
        head += f"{',' if harm.damage else ':'} heat {was} -> {now}"
    lines.append((head, "unit"))
    if harm.shutdown:
        lines.append(("  SHUT DOWN", "shutdown"))
    elif harm.shutdown is False:
        lines.append(("  kept running (shutdown roll made)", "text"))
    if harm.restarted:
        lines.append(("  engine restarted", "text"))
    lines.extend((f"  {what.upper()[:1]}{what[1:]}", "explosion") for what in harm.explosions)
    lines.extend((_critical_line(what), "critical") for what in harm.criticals)
    lines.extend((f"  destroyed: the {what}", "critical") for what in harm.lost)
    lines.extend((f"  {what}", "fall") for what in harm.falls)
    if harm.wounds:
        hits = "1 hit" if harm.wounds == 1 else f"{harm.wounds} hits"
        lines.append((f"  pilot wounded: {hits}", "fall"))
    if harm.unconscious:
        lines.append(("  pilot knocked out", "fall"))
    if harm.ejected:
        lines.append(("  the pilot ejected", "death"))
    if harm.destroyed is not None:
        lines.append((f"  DESTROYED: {harm.destroyed}", "death"))
    return lines


def summary_lines(state: BTState, summaries: Sequence[PhaseSummary]) -> list[tuple[str, str]]:
    """Word summaries for a panel: (text, kind) per line.

    The kinds: "title" (a phase's heading), "fire" (one attacker at one target), "unit" (a unit
    and the damage it took), "critical", "explosion", "fall", "shutdown", "death", "text".

    Args:
        state: a state of the game (for the units' names).
        summaries: what `summarize` gave.
    """
    lines: list[tuple[str, str]] = []
    for summary in summaries:
        section: list[tuple[str, str]] = []
        if summary.phase in {Phase.WEAPON, Phase.PHYSICAL}:
            if summary.fire:
                section.extend((_fire_text(state, fire), "fire") for fire in summary.fire)
            else:
                section.append(("no attack", "text"))
        for harm in summary.harm:
            section.extend(_harm_lines(state, harm, summary.phase))
        if not section:
            continue  # a Heat phase that changed nothing worth a line
        if lines:
            lines.append(("", "text"))
        lines.append((summary.title, "title"))
        lines.extend(section)
    return lines
