"""Indirect fire through a friendly spotter (BT-C-16 "indirect fire +1", BT-C-75, BT-C-90.13).

The seed confirms the +1 and says that a spotter is needed and that the spotter's own attacks
are harder; the procedure itself is missing (BT-C-90.13). What is played here:

- **Who may fire indirectly**: LRM launchers (not MRMs, SRMs or Streaks) and artillery
  (BT-C-67/72; DESIGN: the Arrow IV and the guns lob their shells as LRMs do).
- **When**: ASSUMPTION (the Total Warfare convention): only at a target the firer cannot see
  (no line of sight, `engine.battletech.rules.los`); a target in sight is fired at directly.
- **The spotter**: a friendly unit on the map, awake, running and not the firer, with a clear
  line of sight to the target (`spotter_reason`). It is named in the declaration
  (`commands.Shot.spotter`); `best_spotter` picks one for the computer players and the keys.
- **The to-hit number** (`spotted`): every usual term with the range counted from the firer
  (minimum range included), the firer's own movement and its own hex's terms; the terrain
  along the line and at the target is read from the spotter's line of sight; then
  ``indirect fire`` +1 (BT-C-16) and, ASSUMPTION (Total Warfare), the spotter's own movement as
  ``spotter walked`` +1, ``spotter ran`` +2, ``spotter jumped`` +3 (as the attacker's, BT-C-18.1).
- **The spotter's own attacks** (BT-C-75 "harder"): ASSUMPTION (Total Warfare): +1,
  ``spotting for indirect fire``, on each of its weapon attacks that turn (the penalty is one of
  BT-C-16's weapon-only terms, so its physical attacks do not take it: DESIGN). Attacks it had
  already declared in the phase take it too (`SpotterPenalized`,
  `engine.battletech.indirectevents`).
"""

from __future__ import annotations

import attrs

from engine.battletech.data.catalogue import WeaponSpec
from engine.battletech.indirectevents import SpotterPenalized
from engine.battletech.rules.los import Sight, line_of_sight
from engine.battletech.state import AttackKind, BTState, MoveMode
from engine.hexes import Hex

__all__ = [
    "INDIRECT",
    "SPOTTING",
    "best_spotter",
    "capable",
    "penalize_spotters",
    "spotted",
    "spotter_reason",
    "spotting_terms",
]

INDIRECT = ("indirect fire", 1)
"""BT-C-16: an LRM fired indirectly."""

SPOTTING = ("spotting for indirect fire", 1)
"""BT-C-75 (ASSUMPTION, Total Warfare +1): the spotter's own weapon attacks that turn."""

_SPOTTER_MOVED = {
    MoveMode.WALK: "spotter walked",
    MoveMode.RUN: "spotter ran",
    MoveMode.JUMP: "spotter jumped",
}


def capable(spec: WeaponSpec) -> bool:
    """True for a weapon that may fire indirectly: an LRM launcher or artillery (BT-C-16)."""
    return "artillery" in spec.flags or (spec.rack > 0 and spec.name.startswith("LRM"))


def _target_words(state: BTState, target: int | Hex) -> str:
    if isinstance(target, Hex):
        return f"hex {target.label}"
    return f"the {state.units[target].name}"


def spotter_reason(state: BTState, attacker: int, spotter: int, target: int | Hex) -> str:
    """Why unit ``spotter`` cannot spot ``target`` for ``attacker`` ("" when it can)."""
    view = _view(state, attacker, spotter, target)
    return view if isinstance(view, str) else ""


def _view(state: BTState, attacker: int, spotter: int, target: int | Hex) -> Sight | str:  # noqa: PLR0911
    """The spotter's clear line of sight to ``target``, or why it cannot spot it."""
    if not 0 <= spotter < len(state.units):
        return f"there is no unit {spotter + 1} to spot"
    if spotter == attacker:
        return "a unit cannot spot for itself: name a friendly spotter (BT-C-16)"
    if spotter == target:
        return "the target cannot spot for its own attacker"
    unit = state.units[spotter]
    if unit.side != state.units[attacker].side:
        return f"the {unit.name} is not a friendly unit: only friends spot (BT-C-16)"
    if not unit.on_map or unit.hex is None:
        return f"the spotter {unit.name} is not on the map"
    if unit.is_mech and (unit.mech.shutdown or not unit.mech.conscious):
        return f"the spotter {unit.name} is shut down or its MechWarrior unconscious"
    sight = line_of_sight(state, spotter, target)
    if not sight.clear:
        words = _target_words(state, target)
        return f"the spotter {unit.name} has no line of sight to {words}: {sight.reason}"
    return sight


def _spotter_terms(state: BTState, spotter: int) -> list[tuple[str, int]]:
    """ASSUMPTION (Total Warfare): the spotter's movement, as an attacker's (BT-C-18.1)."""
    movement = state.units[spotter].movement
    if movement is None:
        return []
    value = movement.mode.attacker_modifier
    if movement.minimum and value < 2:  # noqa: PLR2004 - BT-C-18.1: counts as running
        return [("spotter moved minimum (as running)", 2)]
    return [(_SPOTTER_MOVED[movement.mode], value)] if value else []


def spotted(  # noqa: PLR0917 - the shot's five facts and the firer's own line
    state: BTState,
    attacker: int,
    spotter: int,
    target: int | Hex,
    spec: WeaponSpec,
    own: Sight,
) -> tuple[Sight, list[tuple[str, int]]] | str:
    """An indirect shot's line and extra terms, or why it cannot be fired (see the module).

    ``own`` is the firer's line of sight to the target. Returns (the line to use: clear, with
    the firer's own hex terms and the spotter's terrain terms; the ``indirect fire`` and
    spotter-movement terms).
    """
    if not capable(spec):
        return f"the {spec.name} cannot fire indirectly: only LRMs and artillery do (BT-C-16)"
    if own.clear:
        return f"{_target_words(state, target)} is in sight: fire at it directly (BT-C-16)"
    view = _view(state, attacker, spotter, target)
    if isinstance(view, str):
        return view
    terms = [t for t in own.modifiers if t[0].startswith("attacker")]
    terms += [t for t in view.modifiers if not t[0].startswith("attacker")]
    line = attrs.evolve(view, clear=True, reason="", modifiers=tuple(terms), attacker_cover=False)
    return line, [INDIRECT, *_spotter_terms(state, spotter)]


def best_spotter(state: BTState, attacker: int, target: int | Hex) -> int | None:
    """DESIGN: the friendly spotter that makes the indirect shot easiest (ties: the first unit).

    None when no friend can spot ``target`` for ``attacker``.
    """
    best: tuple[int, int] | None = None
    for index in range(len(state.units)):
        view = _view(state, attacker, index, target)
        if isinstance(view, str):
            continue
        cost = sum(v for _, v in view.modifiers) + sum(v for _, v in _spotter_terms(state, index))
        if best is None or cost < best[0]:
            best = (cost, index)
    return None if best is None else best[1]


def spotting_terms(state: BTState, attacker: int) -> list[tuple[str, int]]:
    """BT-C-75: +1 on a weapon attack of a unit spotting for an indirect attack this phase."""
    for attack in state.attacks:
        if attack.spotter == attacker and attack.kind is AttackKind.WEAPON:
            return [SPOTTING]
    return []


def penalize_spotters(state: BTState, spotters: set[int]) -> list[SpotterPenalized]:
    """BT-C-75: the spotters' weapon attacks declared earlier in the phase become harder.

    One `SpotterPenalized` per spotter whose earlier attacks lack the term (none otherwise).
    """
    events = []
    for spotter in sorted(spotters):
        numbers = tuple(
            number
            for number, attack in enumerate(state.attacks)
            if attack.attacker == spotter
            and attack.kind is AttackKind.WEAPON
            and SPOTTING not in attack.modifiers
        )
        if numbers:
            events.append(SpotterPenalized(spotter, numbers))
    return events
