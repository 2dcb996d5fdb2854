"""The events of the stored-dice, area and template generators (DW-23), beside `GeneratorRolled`.

`GeneratorUsed` and `GeneratorRolled` (`engine.dystopian.events`) tell the single-die generators
(UPG, Tesla, Disruption, and Sonic, whose stun is the marker ``sonic``). These tell the rest:
the dice Fury and Pulse store (`GeneratorCharged`), Kinetic's extra inches (`KineticRolled`), the
Camouflage template (`CamouflagePlaced`, `CamouflageLifted`), the one Pulse roll
(`PulseRolled`), what Fury or Pulse does to one model (`GeneratorStruck`), the end of a Sonic
stun (`SonicFaded`) and the Inventive Scientists' re-roll (`GeneratorRerolled`, DW-24).
"""

from __future__ import annotations

from attrs import frozen

from engine.dystopian.events import DWEvent
from engine.hexes import Hex

__all__ = [
    "GEN_EVENTS",
    "CamouflageLifted",
    "CamouflagePlaced",
    "GeneratorCharged",
    "GeneratorRerolled",
    "GeneratorStruck",
    "KineticRolled",
    "PulseRolled",
    "SonicFaded",
]


@frozen
class GeneratorCharged(DWEvent):
    """DW-23 Fury / Pulse: the dice ``model``'s ``generator`` now stores (0: all spent)."""

    TAG = "dw_generator_charged"
    model: int
    generator: str
    dice: int


@frozen
class KineticRolled(DWEvent):
    """DW-23 Kinetic: before moving, ``inches`` (its D6) more movement this activation."""

    TAG = "dw_kinetic_rolled"
    model: int
    inches: int


@frozen
class CamouflagePlaced(DWEvent):
    """DW-23 Camouflage / DW-28.10: a template on ``centre`` and its six neighbours."""

    TAG = "dw_camouflage_placed"
    model: int
    centre: Hex


@frozen
class CamouflageLifted(DWEvent):
    """DW-23 Camouflage / DW-7.3 step 5: the End Phase removes every template."""

    TAG = "dw_camouflage_lifted"
    centres: tuple[Hex, ...]


@frozen
class PulseRolled(DWEvent):
    """DW-23 Pulse: one roll of the ``dice`` stored (halved after a contact, DW-27 item 23).

    ``faces`` every die, explosions included; ``hits`` go to every model within 4 hexes.
    """

    TAG = "dw_pulse_rolled"
    model: int
    dice: int
    faces: tuple[int, ...]
    hits: int


@frozen
class GeneratorStruck(DWEvent):
    """DW-23 Fury / Pulse: what the generator does to one model, and the Field against it.

    Attributes:
        model: the user; ``target``: the model struck.
        generator: ``fury`` or ``pulse``.
        faces: Fury: this target's share of the dice, explosions included; Pulse: empty (the
            dice are `PulseRolled`'s).
        hits: Fury: the Fire markers it gains (4-5 one, 6 two and a new die); Pulse: the hits
            it compares with its DR and CR (the damage follows as `DamageDealt`).
        field_faces: its Field dice (2D6 per Field), empty when none were rolled.
        cancelled: a Field die of 4-6 cancelled the effect on this model.
    """

    TAG = "dw_generator_struck"
    model: int
    generator: str
    target: int
    faces: tuple[int, ...]
    hits: int
    field_faces: tuple[int, ...] = ()
    cancelled: bool = False


@frozen
class SonicFaded(DWEvent):
    """DW-23 Sonic: the stun ends with the models' next activation."""

    TAG = "dw_sonic_faded"
    models: tuple[int, ...]


@frozen
class GeneratorRerolled(DWEvent):
    """DW-24 Inventive Scientists: one die of a generator's effect re-rolled, the second kept.

    ``target`` the model that die was rolled at (-1: none, Kinetic).
    """

    TAG = "dw_generator_rerolled"
    model: int
    generator: str
    target: int
    first: int
    second: int


GEN_EVENTS: tuple[type[DWEvent], ...] = (
    GeneratorCharged,
    KineticRolled,
    CamouflagePlaced,
    CamouflageLifted,
    PulseRolled,
    GeneratorStruck,
    SonicFaded,
    GeneratorRerolled,
)
"""The generator event classes of this module, for the ruleset and its converter."""
