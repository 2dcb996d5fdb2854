"""The night's data of a BattleTech game: scenario settings and state (NT-5, issue 16).

Kept apart from `engine.battletech.state` (which holds one field of each) so the night rules
(`engine.battletech.rules.night`) and the screen can read them without import cycles.

For the screen (``state.night`` is None in a daylight game):

- `NightState.lit`: hexes lit all game (flares, searchlight targets, buildings marked lit);
  burning hexes are lit too (`lit_hexes` adds the board's fires and this turn's flashes).
- `NightState.flashes`: hexes lit by a jitter shot's muzzle flash until the end of turn
  `NightState.turn` (the gunflash marks); units that fired this turn have ``UnitState.fired``.
- `NightState.unable`: units marked "unable to act" this turn (NT-3), `NightState.checked`:
  units that made their movement roll this turn (NT-2), `NightState.free`: units whose stray
  met a friendly unit and may finish their move normally.
- `NightState.asking`: a jitter shot waits for the moving side to choose which of the equally
  near enemies fires (NT-4, `JitterQuestion`); None the rest of the time.
- `NightState.hidden`: set only in a side's view (`engine.battletech.rules.night.view`): the units
  that side does not know of. Their index stays; their ``hex`` is None: draw and list nothing.
"""

from __future__ import annotations

import attrs
from attrs import frozen

from engine.hexes import Facing, Hex
from engine.night import Care

__all__ = ["JitterQuestion", "NightSetup", "NightState"]


@frozen
class JitterQuestion:
    """NT-4: the stray roll's doubles make the nearest enemy fire, and several are equally near.

    The moving side chooses which of them jitter-fires (`ChooseJitterFirer`); the stray then goes
    on in ``direction``.

    Attributes:
        unit: the straying unit.
        candidates: the equally near enemies that could fire, by index.
        distance: how far each of them is from the straying unit, in hexes.
        direction: the stray's direction (the stray roll's coloured die).
        allowance: the MP the move allows (a stray met by a friend may finish its move, NT-3);
            0 for a jump's stray, whose move ends after it.
    """

    unit: int
    candidates: tuple[int, ...]
    distance: int
    direction: Facing
    allowance: int = 0


@frozen
class NightSetup:
    """A scenario's ``[night]`` table (NT-5).

    Attributes:
        visibility: the night visibility range in hexes (issue 16 item 3); 0 means no limit.
        flares: hexes lit by flares (all game).
        searchlights: hexes a searchlight lights (its targets, all game).
        lit_buildings: building hexes marked lit.
        care: each unit's care level by setup index (`Care` values); "" takes the default of
            NT-5 ('Mechs normal).
    """

    visibility: int = 0
    flares: tuple[Hex, ...] = ()
    searchlights: tuple[Hex, ...] = ()
    lit_buildings: tuple[Hex, ...] = ()
    care: tuple[str, ...] = ()

    @property
    def lit(self) -> frozenset[Hex]:
        """Every hex lit all game by the scenario."""
        return frozenset((*self.flares, *self.searchlights, *self.lit_buildings))

    def care_of(self, index: int) -> Care:
        """NT-5: unit ``index``'s care level (a 'Mech is normal unless the scenario says)."""
        if index < len(self.care) and self.care[index]:
            return Care(self.care[index])
        return Care.NORMAL


@frozen
class NightState:
    """The night during play (see the module docstring for what the screen reads).

    The per-turn marks (``flashes``, ``checked``, ``unable``, ``free``) belong to turn ``turn``
    and count as empty in any other turn (`marks_for` starts them afresh).
    """

    visibility: int = 0
    lit: frozenset[Hex] = frozenset()
    care: tuple[Care, ...] = ()
    gunflash: bool = False
    """NT-4: the first shot of the night has been fired (jitter fire is possible from now)."""
    turn: int = 0
    flashes: frozenset[Hex] = frozenset()
    checked: frozenset[int] = frozenset()
    unable: frozenset[int] = frozenset()
    free: frozenset[int] = frozenset()
    hidden: frozenset[int] = frozenset()
    asking: JitterQuestion | None = None
    """NT-4: the moving side must choose who jitter-fires before anything else happens."""

    @classmethod
    def from_setup(cls, setup: NightSetup, units: int) -> NightState:
        """The night at the start of a game of ``units`` units."""
        return cls(
            visibility=setup.visibility,
            lit=setup.lit,
            care=tuple(setup.care_of(i) for i in range(units)),
        )

    def marks_for(self, turn: int) -> NightState:
        """The night with turn ``turn``'s marks (emptied when they belonged to another turn)."""
        if self.turn == turn:
            return self
        return attrs.evolve(
            self,
            turn=turn,
            flashes=frozenset(),
            checked=frozenset(),
            unable=frozenset(),
            free=frozenset(),
        )

    def flashes_in(self, turn: int) -> frozenset[Hex]:
        """Hexes lit by muzzle flashes in turn ``turn`` (NT-4, NT-5)."""
        return self.flashes if self.turn == turn else frozenset()

    def is_checked(self, unit: int, turn: int) -> bool:
        """NT-1/NT-2: the unit made its movement roll (or may move on freely) this turn."""
        return self.turn == turn and (unit in self.checked or unit in self.free)

    def is_unable(self, unit: int, turn: int) -> bool:
        """NT-3: the unit is marked unable to act further in turn ``turn``."""
        return self.turn == turn and unit in self.unable

    def care_of(self, unit: int) -> Care:
        """The unit's care level (NT-2, NT-5)."""
        return self.care[unit] if unit < len(self.care) else Care.NORMAL
