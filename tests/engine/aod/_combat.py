"""Setups for the combat-order tests: `_game.setup` with the catalogue's factions and SE."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from engine.aod.events import AttackRolled
from engine.aod.state import AoDSetup
from engine.aod.terrain import HexTerrain
from engine.game import Event
from tests.engine.aod._assets import catalogue
from tests.engine.aod._game import setup


def armed(*forces: Sequence[str], terrain: Mapping[str, HexTerrain] | None = None) -> AoDSetup:
    """`setup` with the factions (their abilities, AOD-21) and the SE definitions (AOD-26.14)."""
    found = catalogue()
    return attrs.evolve(
        setup(*forces, terrain=terrain),
        factions=tuple(found.factions[f] for f in sorted(found.factions)),
        equipment=tuple(found.equipment[e] for e in sorted(found.equipment)),
    )


@attrs.frozen
class CloseRoll:
    """A close attack's roll as the tests pin it: modified attack and defense, hit, capture."""

    unit: int
    target: int
    dice: tuple[int, int, int]
    attack: int
    defense: int
    hit: bool
    capture: bool = False


def close_rolls(events: Sequence[Event]) -> list[Event | CloseRoll]:
    """``events`` with each close-combat `AttackRolled` (AOD-14) read as a `CloseRoll`."""
    read: list[Event | CloseRoll] = []
    for event in events:
        if isinstance(event, AttackRolled) and event.close:
            shot = event.shots[0]
            attack = shot.attack + sum(m.amount for m in shot.attack_modifiers)
            defense = shot.defense + sum(m.amount for m in shot.defense_modifiers)
            read.append(
                CloseRoll(
                    event.unit, shot.target, event.dice, attack, defense, shot.hit, event.capture
                )
            )
        else:
            read.append(event)
    return read
