"""BT-M-14: skill improvement between the scenarios of a campaign (experience points).

Pure rules, no campaign screen yet:

- `scenario_xp`: each warrior who survives a scenario gains 1 XP; each player also gives 1 bonus
  XP to one surviving *enemy* warrior of his choice, if any survived.
- `improve`: after a scenario XP may be spent: Piloting -1 for 4 XP, Gunnery -1 for 8 XP; no
  skill goes below 0.
- `survivors`: who survived a finished game, read from its state (see its note).

A request the rules refuse raises `SkillError`, whose message is one line saying why.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence

import attrs
from attrs import frozen

from engine.battletech.state import BTState, Pilot

__all__ = [
    "BONUS_XP",
    "COST",
    "LOWEST_SKILL",
    "SURVIVAL_XP",
    "Skill",
    "SkillError",
    "Veteran",
    "improve",
    "scenario_xp",
    "survivors",
]

SURVIVAL_XP = 1
"""BT-M-14: XP a warrior gains for surviving a scenario."""
BONUS_XP = 1
"""BT-M-14: the bonus XP each player gives one surviving enemy warrior."""
LOWEST_SKILL = 0
"""BT-M-14: no skill may go below 0."""
_DEADLY_WOUNDS = 6
"""BT-M-16: the sixth wound kills the MechWarrior."""


class Skill(enum.StrEnum):
    """The two skills a warrior can improve (BT-M-13)."""

    PILOTING = "piloting"
    GUNNERY = "gunnery"


COST: Mapping[Skill, int] = {Skill.PILOTING: 4, Skill.GUNNERY: 8}
"""BT-M-14: XP to lower a skill by 1."""


class SkillError(ValueError):
    """A request the skill rules refuse; the message is one line saying why."""


@frozen
class Veteran:
    """A warrior between scenarios: his skills and his unspent experience points."""

    pilot: Pilot
    xp: int = 0


def scenario_xp(
    sides: Sequence[int],
    survived: Sequence[bool],
    bonus: Mapping[int, int | None],
) -> tuple[int, ...]:
    """BT-M-14: the XP each warrior gains from one scenario.

    Args:
        sides: the side of each warrior (one entry per warrior).
        survived: whether each warrior survived the scenario.
        bonus: for each side (player), the warrior it gives its bonus XP to: a surviving warrior
            of another side; None only when no enemy warrior survived.

    Raises:
        SkillError: the lists differ in length, or a bonus pick breaks the rule.
    """
    if len(sides) != len(survived):
        msg = f"{len(sides)} sides but {len(survived)} survival entries"
        raise SkillError(msg)
    unknown = sorted(set(bonus) - set(sides))
    if unknown:
        msg = f"no side {unknown[0]} in this scenario"
        raise SkillError(msg)
    gained = [SURVIVAL_XP if alive else 0 for alive in survived]
    for side in sorted(set(sides)):
        pick = bonus.get(side)
        enemies = [i for i, s in enumerate(sides) if s != side and survived[i]]
        if pick is None:
            if enemies:
                msg = f"side {side} must give its bonus XP to a surviving enemy warrior"
                raise SkillError(msg)
            continue
        if pick not in enemies:
            msg = f"side {side} can give its bonus XP only to a surviving enemy warrior"
            raise SkillError(msg)
        gained[pick] += BONUS_XP
    return tuple(gained)


def improve(veteran: Veteran, skill: Skill | str) -> Veteran:
    """BT-M-14: spend XP to lower ``skill`` by 1 (Piloting 4 XP, Gunnery 8 XP; not below 0).

    Raises:
        SkillError: an unknown skill, too few XP, or the skill is already 0.
    """
    try:
        chosen = Skill(skill)
    except ValueError:
        msg = f"no skill called {skill!r} (piloting or gunnery)"
        raise SkillError(msg) from None
    cost = COST[chosen]
    current = getattr(veteran.pilot, chosen.value)
    if current <= LOWEST_SKILL:
        msg = f"{chosen.value} is already {current}: no skill goes below {LOWEST_SKILL}"
        raise SkillError(msg)
    if veteran.xp < cost:
        msg = f"improving {chosen.value} costs {cost} XP, {veteran.pilot.name} has {veteran.xp}"
        raise SkillError(msg)
    pilot = attrs.evolve(veteran.pilot, **{chosen.value: current - 1})
    return Veteran(pilot, veteran.xp - cost)


def survivors(state: BTState) -> tuple[bool, ...]:
    """Whether each unit's warrior survived the game: alive unless wounded six times (BT-M-16).

    A warrior whose 'Mech was destroyed or who ejected survives if his wounds allow. The state does
    not record a pilot killed with his head or center torso by an ammunition explosion (BT-C-34);
    a campaign that wants that reading must say so itself.
    """
    return tuple(unit.mech.wounds < _DEADLY_WOUNDS for unit in state.units)
