"""Tiny-flyer wings in a game's state: where each wing is, its tokens and fuel (DW-20).

A `WingState` is one wing of the game (DW-28.13 item 4: "wing fuel and token count"): its
owner, kind, tokens, fuel, where it is (`WingPlace`), its carrier, the host it patrols over
(CAP, DW-20.8), and the turn marks that limit it (it activated, its carrier launched or landed
it, it attached). `start_wings` builds them from the setup:

- carrier wings (`engine.dystopian.fleet.Squadron.wings`) start landed on their carrier (DW-20.1;
  the squadron's carriers take them in order, each up to its capacity);
- the free wings (DW-20.1, `Fleet.free_wings`) start off their owner's table edge, fuelled:
  [INTERP] instead of deploying them in the Deployment stage, they enter from that edge in their
  first activation, as a wing that refuelled off its own edge re-enters (DW-20.5).

Wings are named by kind and a number per kind across the game in seating order
(``fighters-1``, ``bombers-2``, ``torpedo-1``, ``recon-1``). The profiles are the seed's own
(DW-20.2, `PROFILES`), the same numbers as the bundled catalogue's.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Final

from attrs import frozen

from engine.dystopian.aircraft import FULL_FUEL
from engine.dystopian.fleet import fleet_models
from engine.dystopian.models import TinyFlyer, TinyKind
from engine.hexes import Hex

if TYPE_CHECKING:
    from engine.dystopian.state import DWSetup

__all__ = ["PROFILES", "WING_NAMES", "WingPlace", "WingState", "start_wings"]

PROFILES: Final[dict[TinyKind, TinyFlyer]] = {
    TinyKind.FIGHTER: TinyFlyer(TinyKind.FIGHTER, "Fighter", 16, 0, 2),
    TinyKind.RECON: TinyFlyer(TinyKind.RECON, "Recon plane", 16, 0, 1),
    TinyKind.BOMBER: TinyFlyer(TinyKind.BOMBER, "Dive bomber", 12, 3, 1),
    TinyKind.TORPEDO_BOMBER: TinyFlyer(TinyKind.TORPEDO_BOMBER, "Torpedo bomber", 12, 3, 1),
}
"""DW-20.2: the four tiny-flyer profiles (MV inches, AD, AA per token)."""

WING_NAMES: Final[dict[TinyKind, str]] = {
    TinyKind.FIGHTER: "fighters",
    TinyKind.RECON: "recon",
    TinyKind.BOMBER: "bombers",
    TinyKind.TORPEDO_BOMBER: "torpedo",
}
"""The first word of a wing's name, by kind (``fighters-1``)."""


class WingPlace(enum.StrEnum):
    """Where a wing is (DW-20.4, DW-20.5, DW-28.5, DW-28.11).

    AIR: on the board at its hex, or over its CAP host. DECK: landed on its carrier (stored
    inside it, DW-28.5). EDGE: off its owner's edge, fuelled: it may enter from that edge.
    REFUEL: it left by its own edge; on its next activation it lands and refuels (DW-20.5).
    LOST: destroyed, crashed, or gone down with its carrier.
    """

    AIR = "air"
    DECK = "deck"
    EDGE = "edge"
    REFUEL = "refuel"
    LOST = "lost"


@frozen
class WingState:
    """One tiny-flyer wing in play (DW-20, DW-28.13 item 4).

    Attributes:
        ident: its name in commands (``fighters-1``).
        owner: the player who fields it.
        kind: fighters, recon, bombers or torpedo bombers (DW-20.1: one kind per wing).
        tokens: the tokens left (1-5).
        place: where it is.
        hex: its hex while in the air and not on CAP; None otherwise.
        carrier: the carrier it is aboard or flew from (a model index); None for a free wing
            that has not landed on one.
        fuel: the fuel die, 0-6 (DW-20.5).
        cap: the host model it patrols over (DW-20.8), or None; it flies over the host.
        aborted: Aborted this activation (DW-20.7): no attack, counter-attack or AA.
        rearm: a bomber or torpedo-bomber wing that made its AD attack (DW-20.5).
        acted: the last turn it activated, or was launched (it moves no more that turn).
        deck_turn: the last turn a carrier launched or landed it (DW-20.4: deck operations).
        cap_turn: the last turn it attached or detached (DW-20.8: not both in one turn).
    """

    ident: str
    owner: int
    kind: TinyKind
    tokens: int
    place: WingPlace
    hex: Hex | None = None
    carrier: int | None = None
    fuel: int = FULL_FUEL
    cap: int | None = None
    aborted: bool = False
    rearm: bool = False
    acted: int = 0
    deck_turn: int = 0
    cap_turn: int = 0

    @property
    def profile(self) -> TinyFlyer:
        """Its tokens' profile (DW-20.2)."""
        return PROFILES[self.kind]

    @property
    def flying(self) -> bool:
        """On the board (in the air, free or on CAP)."""
        return self.place is WingPlace.AIR


def start_wings(setup: DWSetup) -> tuple[WingState, ...]:
    """Every wing of both fleets: carrier wings aboard their carriers, free wings off the edge."""
    seen: dict[TinyKind, int] = {}
    found: list[WingState] = []

    def name(kind: TinyKind) -> str:
        seen[kind] = seen.get(kind, 0) + 1
        return f"{WING_NAMES[kind]}-{seen[kind]}"

    base = 0
    for owner, player in enumerate(setup.players):
        models = fleet_models(player.fleet)
        for number, squadron in enumerate(player.fleet.squadrons):
            carriers = [
                base + n
                for n, m in enumerate(models)
                if m.squadron == number and not m.escort and m.card.capacity
            ]
            room = {c: models[c - base].card.capacity for c in carriers}
            for wing in squadron.wings:
                carrier = next((c for c in carriers if room[c] >= wing.tokens), None)
                if carrier is not None:
                    room[carrier] -= wing.tokens
                place = WingPlace.DECK if carrier is not None else WingPlace.EDGE
                found.append(
                    WingState(name(wing.kind), owner, wing.kind, wing.tokens, place, None, carrier)
                )
        found += [
            WingState(name(wing.kind), owner, wing.kind, wing.tokens, WingPlace.EDGE)
            for wing in player.fleet.free_wings
        ]
        base += len(models)
    return tuple(found)
