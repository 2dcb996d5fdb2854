"""The tiny-flyer events of a Dystopian Wars game: what wings did, with every die (DW-20).

Wings are named by their index in `engine.dystopian.state.DWState.wings`, models by theirs in
``DWState.models``. A wing's attack on a model ends in the usual `events.DamageDealt` (and
`events.HitsCancelled` for the CC that met torpedoes); everything else is here.
"""

from __future__ import annotations

from attrs import frozen

from engine.dystopian.events import DWEvent
from engine.hexes import Hex

__all__ = [
    "WING_EVENTS",
    "WingAAAttacked",
    "WingAAFired",
    "WingActivationEnded",
    "WingAttached",
    "WingAttackRolled",
    "WingDamaged",
    "WingFired",
    "WingFlew",
    "WingLanded",
    "WingLaunched",
    "WingRefuelled",
    "WingsTidied",
]


@frozen
class WingLaunched(DWEvent):
    """DW-20.4: a carrier launched a wing, full of fuel; it moves no more this turn.

    ``hex``: where it was placed; None when it joined the carrier as CAP (DW-20.8).
    """

    TAG = "dw_wing_launched"
    wing: int
    carrier: int
    hex: Hex | None
    cap: bool = False


@frozen
class WingFlew(DWEvent):
    """DW-20.2 / DW-28.11: a wing flew ``steps`` hexes to ``end`` (None: off its own edge).

    ``start``: where it was (None: it entered from its edge); ``fuel``: the fuel the move cost
    (DW-20.5: 1 for more than half its move); ``detached``: it left its CAP host (DW-20.8).
    """

    TAG = "dw_wing_flew"
    wing: int
    start: Hex | None
    end: Hex | None
    steps: int
    fuel: int
    detached: bool = False


@frozen
class WingAAFired(DWEvent):
    """DW-20.6 / DW-18.4: one AA pool at a wing: natural 6s destroy, other hits abort.

    The firer is a wing (``firer_wing``) or a model (``firer_model``); ``threshold``: what each
    die needed (fighters 3+, recon 5+, bombers 6, models 5+).
    """

    TAG = "dw_wing_aa_fired"
    target: int
    firer_wing: int | None
    firer_model: int | None
    threshold: int
    faces: tuple[int, ...]
    destroyed: int
    abort_hits: int


@frozen
class WingAAAttacked(DWEvent):
    """DW-18.2: ``models`` of the active squadron turned their AA on ``wing`` (once a turn)."""

    TAG = "dw_wing_aa_attacked"
    models: tuple[int, ...]
    wing: int


@frozen
class WingDamaged(DWEvent):
    """DW-20.7 / DW-27 items 5 and 24: what one exchange of fire did to a wing.

    ``destroyed``: tokens lost; ``hits``: the other hits; ``aborted``: hits reached the tokens
    left; ``fuel``: fuel lost (1 per hit of an Abort); ``lost``: every token gone or it crashed
    (fuel 0 through combat, DW-20.5). ``saves``: Acrobatic Pilots' and Big Fuel Tanks' dice.
    """

    TAG = "dw_wing_damaged"
    wing: int
    destroyed: int
    hits: int
    aborted: bool
    fuel: int
    lost: bool
    saves: tuple[int, ...] = ()


@frozen
class WingFired(DWEvent):
    """DW-20.5: a wing made an attack or counter-attack (or fired AA back): 1 fuel.

    ``ad``: it was an AD attack of bombers or torpedo bombers: they must rearm.
    """

    TAG = "dw_wing_fired"
    wing: int
    ad: bool = False


@frozen
class WingAttackRolled(DWEvent):
    """DW-20.6: a bomber or torpedo-bomber wing's combined AD at a model, every die.

    ``counter``: the AD counter-attack of a CAP or attacked wing on the active squadron.
    """

    TAG = "dw_wing_attack_rolled"
    wing: int
    target: int
    ad: int
    threshold: int
    faces: tuple[int, ...]
    hits: int
    counter: bool = False


@frozen
class WingLanded(DWEvent):
    """DW-20.4 / DW-20.5: a wing landed on a friendly carrier: fuel 6, rearmed."""

    TAG = "dw_wing_landed"
    wing: int
    carrier: int


@frozen
class WingAttached(DWEvent):
    """DW-20.8: a wing joined ``host`` as its Combat Air Patrol; it flies over the host."""

    TAG = "dw_wing_attached"
    wing: int
    host: int


@frozen
class WingRefuelled(DWEvent):
    """DW-20.5: a wing off its own edge landed and refuelled to 6 (or, fuelled, waited)."""

    TAG = "dw_wing_refuelled"
    wing: int
    fuel: int


@frozen
class WingActivationEnded(DWEvent):
    """DW-20.3: a wing's activation ended; Aborts lapse (DW-20.7); ``following`` activates next.

    None: nobody has a squadron or wing left; the End Phase follows.
    """

    TAG = "dw_wing_activation_ended"
    wing: int
    following: int | None


@frozen
class WingsTidied(DWEvent):
    """The End Phase for wings [INTERP]: what the turn left behind is settled.

    Aborts that still stand lapse (DW-20.7); wings aboard a lost carrier go down with it; CAP
    wings over a lost host fly on alone where it was (DW-20.8).
    """

    TAG = "dw_wings_tidied"
    cleared: tuple[int, ...]
    sunk: tuple[int, ...]
    released: tuple[tuple[int, Hex], ...]


WING_EVENTS: tuple[type[DWEvent], ...] = (
    WingLaunched,
    WingFlew,
    WingAAFired,
    WingAAAttacked,
    WingDamaged,
    WingFired,
    WingAttackRolled,
    WingLanded,
    WingAttached,
    WingRefuelled,
    WingActivationEnded,
    WingsTidied,
)
"""The tiny-flyer event classes, for the ruleset and its converter."""
