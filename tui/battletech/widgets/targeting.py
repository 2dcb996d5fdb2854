"""A weapon declaration being aimed on the screen, and what the engine says of it beforehand.

`Aim` is what the player has keyed so far: the unit, the target shown, each weapon's target, the
torso twist. `aim_view` asks the engine's queries (`tohit.weapon_to_hit`, `los.line_of_sight`,
`heat.heat_sources`, `heat.dissipation`) for every weapon's to-hit number with its named terms,
the line of sight, and the heat the declaration would leave the unit with. Nothing here changes
the game: the screen turns an aim into a `FireWeapons` command (`fire_command`) and gives it to
the game, which checks it again (`tohit.declare_fire`).

Weapons with a choice to make at declaration (BT-C-75) have modes: an LB-X carrying cluster and
slug ammunition, an SRM carrying inferno and standard missiles, an Ultra autocannon firing once or
at double rate (`weapon_modes`). The aim holds the mode chosen for each (the first of its modes
otherwise); ``o`` cycles the mode of the weapon chosen last (`cycle_mode`).

The primary target (BT-C-18.7) is the first target chosen, unless a later one is in the front arc
and it is not: then the first chosen in the front arc. The others are secondary targets, and their
weapons' numbers carry the +1 or +2 the engine adds for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from attrs import frozen

from engine.battletech.commands import FireWeapons, Shot
from engine.battletech.data.catalogue import WeaponSpec
from engine.battletech.designs.items import Item
from engine.battletech.narrate.moves import named_heat_sources
from engine.battletech.narrate.words import item_place
from engine.battletech.rules import heat as heat_rules
from engine.battletech.rules import special, underwater
from engine.battletech.rules.los import Arc, Sight, arcs_of, line_of_sight
from engine.battletech.rules.tohit import (
    ToHit,
    ammo_bins,
    can_flip_arms,
    weapon_spec,
    weapon_to_hit,
)
from tui.battletech.indirect_fire import spotter_for, spotters
from tui.battletech.widgets.heatscale import heat_effects

if TYPE_CHECKING:
    from engine.battletech.state import BTState, UnitState
    from engine.hexes import Hex

__all__ = [
    "KEYS",
    "Aim",
    "AimView",
    "HeatPreview",
    "WeaponRow",
    "aim_view",
    "arc_hexes",
    "cycle_mode",
    "enemies",
    "fire_command",
    "primary_of",
    "start_aim",
    "toggle_all",
    "toggle_weapon",
    "weapon_modes",
    "weapons_of",
]

KEYS = "1234567890"
"""The keys that toggle the weapons, in the order of the list."""


@frozen
class Aim:
    """A weapon declaration being keyed.

    Attributes:
        unit: the attacking unit.
        target: the target shown (Tab cycles the enemies); None when there is no enemy.
        shots: (weapon, target) of each weapon chosen, in the order chosen.
        twist: the torso twist: -1 left, +1 right (BT-C-3).
        flip: the arms flipped to the rear (BT-C-62).
        modes: (weapon, mode) chosen with ``o`` (BT-C-75: "cluster", "standard", "inferno",
            "double", "single"); a weapon not listed fires in the first of its `weapon_modes`.
    """

    unit: int
    target: int | None = None
    shots: tuple[tuple[int, int], ...] = ()
    twist: int = 0
    flip: bool = False
    modes: tuple[tuple[int, str], ...] = ()
    spotters: tuple[tuple[int, int], ...] = ()
    """(weapon, spotter) chosen with ``o`` for indirect fire (BT-C-16); else the best spotter."""

    def spotter_of(self, weapon: int) -> int | None:
        """The spotter chosen for ``weapon`` (None: the best one, `indirect_fire.spotter_for`)."""
        return next((s for w, s in self.spotters if w == weapon), None)

    def target_of(self, weapon: int) -> int | None:
        """The target ``weapon`` is to fire at (None: it is not chosen)."""
        return next((t for w, t in self.shots if w == weapon), None)

    def mode_of(self, weapon: int) -> str:
        """The mode chosen for ``weapon`` ("": the first of its modes, or it has none)."""
        return next((m for w, m in self.modes if w == weapon), "")

    @property
    def targets(self) -> tuple[int, ...]:
        """The targets fired at, in the order they were first chosen."""
        return tuple(dict.fromkeys(t for _, t in self.shots))


@frozen
class WeaponRow:
    """One weapon in the targeting list.

    Attributes:
        key: the key that toggles it ("" past the tenth).
        weapon: its equipment index.
        name: the weapon ("AC/20").
        place: where it is mounted ("RT", "CT rear").
        target: the target of its number: the one it fires at, else the target shown.
        to_hit: its to-hit number at that target, every term named, or why it cannot fire.
        chosen: it fires in this declaration.
        damage: its damage ("20", "10x1" for ten missiles of 1).
        heat: the heat it makes.
        ammo: shots left in its usable bins (None: it uses none).
        mode: its mode in words ("cluster", "slug", "inferno", "double rate"; "" none to
            choose), and ``modes`` how many it has (BT-C-75).
    """

    key: str
    weapon: int
    name: str
    place: str
    target: int | None
    to_hit: ToHit
    chosen: bool
    damage: str
    heat: int
    ammo: int | None = None
    mode: str = ""
    modes: int = 0
    spotter: int | None = None
    """The friend it fires through, indirectly (BT-C-16, `tui.battletech.indirect_fire`)."""


@frozen
class HeatPreview:
    """BT-C-51..53: the heat the unit would have after this turn's Heat phase.

    Attributes:
        now: the heat on the scale now.
        sources: the heat built up this turn by source, the chosen weapons counted as fired
            (`heat.heat_sources`: movement, weapons, engine hits, a burning hex ...).
        dissipation: what the heat sinks take off (`heat.dissipation`).
    """

    now: int
    sources: tuple[tuple[str, int], ...]
    dissipation: int
    sinks_off: int = 0
    """Heat sinks switched off (BT-C-52): they are not in ``dissipation``."""

    @property
    def generated(self) -> int:
        """The heat built up this turn."""
        return sum(heat for _, heat in self.sources)

    @property
    def next(self) -> int:
        """Heat now + generated - dissipation, never below 0."""
        return max(self.now + self.generated - self.dissipation, 0)

    @property
    def effects(self) -> list[str]:
        """What the heat scale would do at that heat (to-hit, MP, shutdown and ammo rolls)."""
        return heat_effects(self.next)


@frozen
class AimView:
    """Everything the targeting panel and the board show of an aim."""

    aim: Aim
    rows: tuple[WeaponRow, ...]
    sight: Sight | None
    primary: int | None
    heat: HeatPreview | None
    enemies: tuple[int, ...]
    can_flip: bool = False


def weapons_of(unit: UnitState) -> list[int]:
    """The equipment indexes of the unit's weapons, in sheet order."""
    return [i for i in range(len(unit.design.equipment)) if weapon_spec(unit, i) is not None]


def enemies(state: BTState, unit: int) -> list[int]:
    """The enemies on the map: those in sight first, each group nearest first."""
    me = state.units[unit]
    found = []
    for index, other in enumerate(state.units):
        if other.side == me.side or not other.on_map or other.hex is None or me.hex is None:
            continue
        seen = line_of_sight(state, unit, index).clear
        found.append((not seen, me.hex.distance(other.hex), index))
    return [index for _, _, index in sorted(found)]


def start_aim(state: BTState, unit: int) -> Aim:
    """A fresh aim for ``unit``: the nearest enemy in sight shown, nothing chosen."""
    foes = enemies(state, unit)
    return Aim(unit, foes[0] if foes else None)


def _where(state: BTState, target: int) -> Hex | None:
    return state.units[target].hex


def _in_front(state: BTState, aim: Aim, target: int) -> bool:
    """BT-C-18.7: the target is in the torso's front arc (the twist counts)."""
    me = state.units[aim.unit]
    where = _where(state, target)
    if me.hex is None or where is None:
        return False
    twist = 0 if aim.flip else aim.twist
    return Arc.FRONT in arcs_of(me.hex, me.facing.turn(twist), where)


def primary_of(state: BTState, aim: Aim, targets: tuple[int, ...] | None = None) -> int | None:
    """BT-C-18.7: the primary target: the first chosen, or the first chosen in the front arc."""
    pool = aim.targets if targets is None else targets
    front = [t for t in pool if _in_front(state, aim, t)]
    choices = front or list(pool)
    return choices[0] if choices else None


def _secondary(state: BTState, aim: Aim, target: int, primary: int | None) -> str | None:
    if primary is None or target == primary:
        return None
    return "front" if _in_front(state, aim, target) else "other"


def _damage(spec: WeaponSpec) -> str:
    if spec.rack:
        return f"{spec.rack}x{spec.damage}"
    return str(spec.damage) if spec.damage else "*"


def _place(unit: UnitState, weapon: int) -> str:
    """Where the weapon is, and its item number for the ``fire`` command: "RA #4", "CT rear #9"."""
    if not unit.is_mech:  # a vehicle's "Turret #3", a squad's "RA #1" (as the log names them)
        mounted = unit.design.equipment[weapon]
        where = item_place(mounted) if isinstance(mounted, Item) else mounted.location.value
        return f"{where} #{weapon + 1}"
    item = unit.mech_design.equipment[weapon]
    return item.location.value + (" rear" if item.rear else "") + f" #{weapon + 1}"


def weapon_modes(unit: UnitState, weapon: int) -> tuple[str, ...]:
    """BT-C-75: what ``weapon`` may choose at declaration (empty: nothing).

    An Ultra autocannon: "single" or "double" rate (double needs 2 shots left); a weapon with
    more than one load in its bins: each load ("standard", "cluster", "inferno"), in bin order.
    """
    spec = weapon_spec(unit, weapon)
    if spec is None:
        return ()
    if "ultra" in spec.flags:
        shots = sum(unit.ammo[b] for b in ammo_bins(unit, spec))
        return ("single", "double") if shots >= 2 else ()  # noqa: PLR2004 - two shots
    loads = special.loads(unit, spec)
    return loads if len(loads) > 1 else ()


def _mode(unit: UnitState, aim: Aim, weapon: int) -> str:
    """The mode the weapon fires in: the one chosen, else the first of its modes ("" none)."""
    modes = weapon_modes(unit, weapon)
    chosen = aim.mode_of(weapon)
    return chosen if chosen in modes else (modes[0] if modes else "")


def _mode_words(spec: WeaponSpec, mode: str) -> str:
    if mode == "double":
        return "double rate"
    if mode == "single":
        return "single rate"
    if mode == "standard":
        return "slug" if "lbx" in spec.flags else "standard"
    return mode


def _shot(unit: UnitState, aim: Aim, weapon: int, target: int, spotter: int | None = None) -> Shot:
    """The shot of a chosen weapon in its mode (BT-C-75), through ``spotter`` (BT-C-16)."""
    mode = _mode(unit, aim, weapon)
    if mode in {"single", "double"}:
        return Shot(weapon, target=target, double=mode == "double", spotter=spotter)
    return Shot(weapon, target=target, munition=mode, spotter=spotter)


def cycle_mode(state: BTState, aim: Aim, weapon: int) -> Aim:
    """The aim with ``weapon`` in the next of its modes (BT-C-75); unchanged when it has none.

    A weapon without modes firing indirectly takes the next friend that can spot (BT-C-16).
    """
    modes = weapon_modes(state.units[aim.unit], weapon)
    if not modes:
        return _cycle_spotter(state, aim, weapon)
    now = _mode(state.units[aim.unit], aim, weapon)
    after = modes[(modes.index(now) + 1) % len(modes)]
    kept = tuple((w, m) for w, m in aim.modes if w != weapon)
    return attrs.evolve(aim, modes=(*kept, (weapon, after)))


def _cycle_spotter(state: BTState, aim: Aim, weapon: int) -> Aim:
    """BT-C-16: the next friend that can spot for ``weapon`` at its target (unchanged: none)."""
    target = aim.target_of(weapon)
    choices = spotters(state, aim.unit, weapon, target) if target is not None else ()
    if len(choices) < 2 or target is None:  # noqa: PLR2004 - a choice needs two
        return aim
    now = spotter_for(state, aim.unit, weapon, target, aim.spotter_of(weapon))
    after = choices[(choices.index(now) + 1) % len(choices)] if now in choices else choices[0]
    kept = tuple((w, s) for w, s in aim.spotters if w != weapon)
    return attrs.evolve(aim, spotters=(*kept, (weapon, after)))


def _row(state: BTState, aim: Aim, weapon: int, number: int, primary: int | None) -> WeaponRow:
    unit = state.units[aim.unit]
    spec = weapon_spec(unit, weapon)
    assert spec is not None  # noqa: S101 - weapons only
    mode = _mode(unit, aim, weapon)
    chosen_target = aim.target_of(weapon)
    target = chosen_target if chosen_target is not None else aim.target
    choices: tuple[int, ...] = ()
    if target is not None and weapon not in unit.this_turn.fired:
        choices = spotters(state, aim.unit, weapon, target)  # BT-C-16
    wanted = aim.spotter_of(weapon)
    spotter = wanted if wanted in choices else (choices[0] if choices else None)
    if target is None:
        to_hit = ToHit(None, reason="no enemy on the map")
    elif weapon in unit.this_turn.fired:
        to_hit = ToHit(None, reason="it has fired this turn")
    else:
        to_hit = weapon_to_hit(
            state,
            aim.unit,
            weapon,
            target,
            twist=0 if aim.flip else aim.twist,
            flipped=aim.flip,
            secondary=_secondary(state, aim, target, primary),
            munition=mode if mode not in {"single", "double"} else "",
            spotter=spotter,
        )
    ammo = sum(unit.ammo[b] for b in ammo_bins(unit, spec)) if spec.uses_ammo else None
    double = mode == "double"
    return WeaponRow(
        KEYS[number] if number < len(KEYS) else "",
        weapon,
        spec.name,
        _place(unit, weapon),
        target,
        to_hit,
        chosen=chosen_target is not None,
        damage=f"2x{spec.damage}" if double else _damage(spec),
        heat=2 * spec.heat if double else spec.heat,
        ammo=ammo,
        mode=" ".join(
            w for w in (_mode_words(spec, mode) if mode else "", _via(state, spotter)) if w
        ),
        modes=len(weapon_modes(unit, weapon)) or (len(choices) if len(choices) > 1 else 0),
        spotter=spotter,
    )


def _via(state: BTState, spotter: int | None) -> str:
    return "" if spotter is None else f"via {state.units[spotter].name}"


def heat_preview(state: BTState, aim: Aim) -> HeatPreview | None:
    """The heat after this turn if the chosen weapons fire (BT-C-51..53).

    None for a vehicle, platoon or squad: only 'Mechs build heat (BT-M-36).
    """
    unit = state.units[aim.unit]
    if not unit.is_mech:
        return None
    fired = {w for w, _ in aim.shots}
    double = {w for w in fired if _mode(unit, aim, w) == "double"}
    firing = attrs.evolve(
        unit,
        this_turn=attrs.evolve(
            unit.this_turn,
            fired=unit.this_turn.fired | fired,
            double_rate=unit.this_turn.double_rate | double,
        ),
    )
    sources = named_heat_sources(state, aim.unit, heat_rules.heat_sources(state, firing))
    dissipation = heat_rules.dissipation(state, unit)
    return HeatPreview(unit.mech.heat, tuple(sources), dissipation, sinks_off=unit.mech.sinks_off)


def aim_view(state: BTState, aim: Aim) -> AimView:
    """Ask the engine about every weapon of an aim, its line of sight and its heat.

    Args:
        state: the game now (the weapon attack phase).
        aim: what has been keyed.

    Returns:
        The view: one row per weapon, the line of sight to the target shown, the primary target,
        the heat preview.
    """
    unit = state.units[aim.unit]
    pool = aim.targets
    if aim.target is not None and aim.target not in pool:
        pool = (*pool, aim.target)
    primary = primary_of(state, aim, pool)
    rows = tuple(
        _row(state, aim, weapon, number, primary) for number, weapon in enumerate(weapons_of(unit))
    )
    sight = line_of_sight(state, aim.unit, aim.target) if aim.target is not None else None
    shown = aim.target
    if sight is not None and shown is not None and underwater.duel(state, aim.unit, shown):
        sight = underwater.DUEL_SIGHT  # BT-C-5: two 'Mechs under water see each other
    return AimView(
        aim,
        rows,
        sight,
        primary_of(state, aim),
        heat_preview(state, aim),
        tuple(enemies(state, aim.unit)),
        can_flip=can_flip_arms(unit),
    )


def toggle_weapon(aim: Aim, view: AimView, key: str) -> Aim:
    """The aim with the weapon of ``key`` chosen at the target shown, or taken back.

    A weapon chosen at another target is moved to the target shown.
    """
    row = next((r for r in view.rows if r.key == key), None)
    if row is None or aim.target is None:
        return aim
    kept = tuple(shot for shot in aim.shots if shot[0] != row.weapon)
    if aim.target_of(row.weapon) == aim.target:
        return attrs.evolve(aim, shots=kept)
    return attrs.evolve(aim, shots=(*kept, (row.weapon, aim.target)))


def toggle_all(aim: Aim, view: AimView) -> Aim:
    """Choose every weapon that can hit the target shown; if all are chosen, none of them."""
    if aim.target is None:
        return aim
    able = [
        r.weapon
        for r in view.rows
        if r.to_hit.possible and (r.target == aim.target or not r.chosen)
    ]
    at_target = {w for w, t in aim.shots if t == aim.target}
    if able and set(able) <= at_target:
        return attrs.evolve(aim, shots=tuple(s for s in aim.shots if s[1] != aim.target))
    kept = tuple(s for s in aim.shots if s[0] not in able)
    return attrs.evolve(aim, shots=(*kept, *((w, aim.target) for w in able if w not in at_target)))


def fire_command(state: BTState, aim: Aim) -> FireWeapons:
    """The `FireWeapons` command of an aim (no weapons chosen: holding fire, with the twist)."""
    unit = state.units[aim.unit]
    shots = tuple(
        _shot(
            unit,
            aim,
            weapon,
            target,
            spotter_for(state, aim.unit, weapon, target, aim.spotter_of(weapon)),
        )
        for weapon, target in aim.shots
    )
    return FireWeapons(
        aim.unit,
        shots,
        twist=0 if aim.flip else aim.twist,
        flip_arms=aim.flip,
        primary=primary_of(state, aim),
    )


def arc_hexes(state: BTState, aim: Aim) -> frozenset[Hex]:
    """Every hex of the unit's front arc (the torso's, as twisted), for the board's shading."""
    me = state.units[aim.unit]
    if me.hex is None:
        return frozenset()
    facing = me.facing.turn(0 if aim.flip else aim.twist)
    return frozenset(
        where for where in state.board.positions() if Arc.FRONT in arcs_of(me.hex, facing, where)
    )
