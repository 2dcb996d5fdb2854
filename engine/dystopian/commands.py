"""The commands of a Dystopian Wars game: what a player asks for (DW-7, DW-9, DW-11, DW-22).

Setup: `RollOff` (2D6 each for the edge, 1D6 each for the Field Orders, DW-22.8 / DW-22.4),
`ChooseEdge`, `DeployModel` (squadron by squadron, DW-22.8). A turn: `Activate` a squadron
(DW-9.2, naming the commanded element when it is split, DW-9.3), `MoveModel` each of its models
(DW-11, DW-28.4), `Fire` (declare an attack, DW-7.2 step 3a: rolled when the activation ends),
`EndActivation` (the combat, boarding and morale segments follow, DW-7.2). Boarding commands
join as classes of their own with their ``TAG``s, given between the last move and
`EndActivation`.
"""

from __future__ import annotations

from attrs import frozen

from engine.dystopian.geometry import Level
from engine.dystopian.movement import MarkerAction
from engine.dystopian.state import Edge
from engine.game import Command
from engine.hexes import Facing, Hex

__all__ = [
    "DW_COMMANDS",
    "Activate",
    "Board",
    "ChooseEdge",
    "DWCommand",
    "DeployModel",
    "EndActivation",
    "Fire",
    "Generate",
    "MoveModel",
    "PlaceCamouflage",
    "PlayCard",
    "RollOff",
]


@frozen
class DWCommand(Command):
    """Base of the Dystopian Wars commands."""


@frozen
class RollOff(DWCommand):
    """2D6 each for the edge, ties re-rolled; 1D6 each for the Field Orders (DW-22.8, DW-22.4)."""

    TAG = "dw_roll_off"


@frozen
class ChooseEdge(DWCommand):
    """The higher roller takes ``edge``; the opponent takes the other (DW-22.8 step 1)."""

    TAG = "dw_choose_edge"
    edge: Edge


@frozen
class DeployModel(DWCommand):
    """Place one model in its owner's zone (DW-22.8 steps 2-3).

    ``level``: a flyer may start obscured, a diving model submerged (DW-11.8, DW-11.9); None:
    its usual level.
    """

    TAG = "dw_deploy_model"
    model: str
    hex: Hex
    facing: Facing
    level: Level | None = None


@frozen
class Activate(DWCommand):
    """Activate the squadron of ``model`` (DW-7.1, DW-9.2).

    ``element``: a model of the group the player nominates as the commanded element when the
    squadron is split (DW-9.3); empty: the group of ``model``.
    """

    TAG = "dw_activate"
    model: str
    element: str = ""


@frozen
class MoveModel(DWCommand):
    """Move one model of the active squadron along ``path`` (DW-11, DW-28.4).

    Attributes:
        model: the model's name (``BB-1``).
        path: the move in the path grammar (``FFRF``; ``B`` one hex back; empty: stay).
        marker: a DW-11.6 marker change: stop after moving, restart, start or stop reversing.
        level: the level declared for this activation (a flyer obscured, a diver submerged,
            DW-11.8, DW-11.9); None: the level it is at.
        reroll: use the Commodore's re-roll on a failed treacherous-terrain test (DW-10.1 #1).
        rams: hexes of enemies at its own level a flyer or submerged model declares a ram on
            (DW-12.1, DW-28.5): it stops in the hex before.
    """

    TAG = "dw_move_model"
    model: str
    path: str
    marker: MarkerAction | None = None
    level: Level | None = None
    reroll: bool = False
    rams: tuple[Hex, ...] = ()


@frozen
class EndActivation(DWCommand):
    """End the active squadron's movement and activation (DW-7.2): combat, boarding, morale."""

    TAG = "dw_end_activation"


@frozen
class Fire(DWCommand):
    """Declare one attack of the active squadron (DW-7.2 step 3a, DW-15, DW-17).

    Attributes:
        models: the firing models, lead first; several link their fire (DW-17.1); a model named
            twice links two of its own weapons.
        weapon: a weapon's name as one word (``fore-turret``), or a kind (``primary``: each
            model's first weapon of that kind not yet fired that bears on the target).
        targets: the target; several split the weapon's dice (DW-17.3).
        shares: the dice for each target of a split (empty: not split).
    """

    TAG = "dw_fire"
    models: tuple[str, ...]
    weapon: str
    targets: tuple[str, ...]
    shares: tuple[int, ...] = ()


DW_COMMANDS: tuple[type[DWCommand], ...] = (
    RollOff,
    ChooseEdge,
    DeployModel,
    Activate,
    MoveModel,
    EndActivation,
    Fire,
)
"""Every command class, for the ruleset and its converter."""


# ---- boarding and the STAR deck (DW-19, DW-8) ---------------------------------------------------


@frozen
class Board(DWCommand):
    """Declare a boarding by models of the active squadron (DW-19.3 step 4, DW-19.4).

    Attributes:
        models: the boarding models; several combine their AP in full (DW-19.4 step 1).
        target: the enemy model boarded.
        home: for each boarder, the surviving marines it calls back after a capture (DW-19.4
            step 6); missing: none, the survivors stay aboard (and hold the prize, DW-19.5).
    """

    TAG = "dw_board"
    models: tuple[str, ...]
    target: str
    home: tuple[int, ...] = ()


@frozen
class PlayCard(DWCommand):
    """Play a STAR card from the hand on the active squadron (S) or one of its models (A) (DW-8.2).

    ``model``: the model an A card is played on; empty for an S card (the whole squadron).
    """

    TAG = "dw_play_card"
    card: str
    model: str = ""


@frozen
class Generate(DWCommand):
    """Use an active generator of a model of the active squadron (DW-23), after moving.

    ``generator``: its catalogue id (``tesla``, ``upg``, ``disruption``, ``sonic``, ``fury``,
    ``pulse``, ``kinetic``: before the model moves); ``target``: the model a UPG or Tesla aims
    at, Fury's models comma-separated (the first named take the remainder of the split); empty
    for Disruption, Sonic and Pulse, which reach every model within 4 hexes, and Kinetic.
    Camouflage is `PlaceCamouflage`.
    """

    TAG = "dw_generate"
    model: str
    generator: str
    target: str = ""


DW_COMMANDS = (*DW_COMMANDS, Board, PlayCard, Generate)


@frozen
class PlaceCamouflage(DWCommand):
    """Use a Camouflage generator after moving (DW-23, DW-28.10): a template on ``centre``.

    The text language writes it ``generate MODEL camouflage at HEX``.
    """

    TAG = "dw_place_camouflage"
    model: str
    centre: Hex


DW_COMMANDS = (*DW_COMMANDS, PlaceCamouflage)
