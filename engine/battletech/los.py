"""Line of sight and firing arcs (BT-C-4..11, BT-C-21): pure geometry on a `BTState`.

SKELETON (issue 5): the signatures below are the contract the flow, the to-hit rules and the
screen use; the bodies are being written.
"""

from __future__ import annotations

import enum

from attrs import frozen

from engine.battletech.state import BTState, UnitState
from engine.battletech.tables import Column
from engine.battletech.units import Mounted
from engine.hexes import Facing, Hex

__all__ = [
    "Arc",
    "Sight",
    "arcs_of",
    "attack_side",
    "line_of_sight",
    "mount_arcs",
]


class Arc(enum.StrEnum):
    """BT-C-10: the four firing arcs."""

    FRONT = "front"
    LEFT = "left"
    RIGHT = "right"
    REAR = "rear"


@frozen
class Sight:
    """The line of sight from an attacker to a target (BT-C-4..9).

    Attributes:
        clear: True when the attacker can see (and so attack) the target.
        reason: why not, in words with hexes ("heavy woods in 0605 and 0606"); "" when clear.
        hexes: the hexes on the line between them (never the two ends), in order from the
            attacker, with every defender's choice made (BT-C-4 item 4).
        choices: the defender's-choice pairs met on the way; the chosen hex of each is in
            ``hexes`` (the one worse for the attacker, BT-C-4 IMPL).
        light_woods: intervening light-woods hexes (BT-C-7).
        heavy_woods: intervening heavy-woods hexes.
        partial_cover: the target has partial cover (BT-C-8, BT-C-9 depth 1).
        modifiers: the to-hit terms the line and the two ends' terrain give, named
            (("intervening light woods", 1), ("target in heavy woods", 2),
            ("partial cover", 3), ("target in depth 1 water", -1), ("attacker in water", 1)).
    """

    clear: bool
    reason: str = ""
    hexes: tuple[Hex, ...] = ()
    choices: tuple[tuple[Hex, Hex], ...] = ()
    light_woods: int = 0
    heavy_woods: int = 0
    partial_cover: bool = False
    modifiers: tuple[tuple[str, int], ...] = ()


def line_of_sight(state: BTState, attacker: int, target: int | Hex) -> Sight:
    """BT-C-4..9: the line of sight from unit ``attacker`` to a unit or a hex.

    Adjacent units always see each other (BT-C-4 item 6); units in the way never matter
    (item 7); Depth 2+ water and prone 'Mechs in Depth 1+ block (BT-C-9). A unit that declared
    a DFA is airborne one level above the higher of its hex and the target's (BT-C-43).
    """
    raise NotImplementedError


def arcs_of(origin: Hex, facing: Facing, target: Hex) -> frozenset[Arc]:
    """BT-C-10: the arcs of a unit at ``origin`` facing ``facing`` that hold ``target``.

    Hexes on the 60/300 degree boundary rows are in both the front and the side arc.
    """
    raise NotImplementedError


def mount_arcs(unit: UnitState, item: Mounted) -> frozenset[Arc]:
    """BT-C-10/11/62: the arcs, relative to the feet, that ``item`` of ``unit`` fires into now.

    Upper-body mounts turn with the torso twist; flipped arms fire into the rear arc only; leg
    mounts keep the feet facing.
    """
    raise NotImplementedError


def attack_side(state: BTState, origin: Hex, target: int) -> tuple[Column, bool]:
    """BT-C-21: the column an attack from ``origin`` strikes ``target`` on.

    Returns (column, chosen): ``chosen`` is True when the line met a vertex and the defender
    chose (the column best for the defender). A prone 'Mech faces where its head points.
    """
    raise NotImplementedError
