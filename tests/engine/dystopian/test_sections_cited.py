"""Sections of the digest no other test cites, each pinned by what it says (issue 18).

DW-1 (the overview: fleets of squadrons at sea and in the air, alternating activations, a game
from the roll-off to its result), DW-3.2 (the model types of the placeholder cards, by domain,
size and Capital flag, read from the files and shown on the card panel), DW-3.3 (the category
flags: diving, flying, carrier, fortification, creature and robot), DW-8.1 (a card without the
matching icon is refused on a fortification or a creature/robot), DW-14.3 (every arc a model has
may fire in one activation; the arcs' sectors), DW-22.1 (the Commodore: one re-roll a turn),
DW-25.1 (random obstacles: the table), DW-25.2 (energy portals block surface lines and every
shot through them), DW-26 (the English terms in the rules page, the card panel and the log).
"""

from __future__ import annotations

import random

import attrs
import pytest

from engine.dice import Dice
from engine.dystopian.commands import Activate, EndActivation, Fire, MoveModel, PlayCard
from engine.dystopian.context import DWCode
from engine.dystopian.events import (
    ActivationEnded,
    AttackDeclared,
    AttackRolled,
    EndPhaseBegan,
    InitiativeRolled,
    ModelMoved,
    SquadronActivated,
    TerrainTested,
    TurnBegan,
)
from engine.dystopian.evolve import evolve
from engine.dystopian.fleet import Squadron
from engine.dystopian.geometry import ARC_SECTORS, Arc, Cover, Level, Sector, arc_cover
from engine.dystopian.models import CardIcon, Diving, Domain, ModelType
from engine.dystopian.models import Size as CardSize
from engine.dystopian.narrate import tell
from engine.dystopian.obstacles import OBSTACLE_TABLE, Obstacle, obstacle_for
from engine.dystopian.policies import POLICIES
from engine.dystopian.rules import decide, legal_commands
from engine.dystopian.state import DWState, Stage, StarDeck, VictoryLevel
from engine.dystopian.terrain import TerrainKind
from engine.game import IllegalCommand
from engine.hexes import Facing
from tests.engine.dystopian._assets import catalogue, fleets, models
from tests.engine.dystopian._game import H, arrange, card, fleet, play, setup, squadron
from tui.dystopian.model_panel import marker_words, panel_lines
from tui.dystopian.rules import RULES_MARKDOWN

N, NE, SE, S, SW, NW = Facing


# ---- DW-1: the overview -------------------------------------------------------------------------


def test_a_whole_game_runs_from_the_roll_off_to_its_result_at_sea_and_in_the_air() -> None:
    """DW-1: squadrons of two fleets activate in turn, one at a time, at sea and in the air.

    The sample naval fleet against the sample carrier group (an airship and bombers in the air
    layer, submarines that may dive below), one fixed turn, both sides the aggressive player:
    the game goes from the roll-off to a result, the activations alternate between the players
    while both have squadrons left, and models of the air layer moved.
    """
    game = setup(fleets()["Sample naval fleet"], fleets()["Sample carrier group"], turns=1)
    state, dice, rng = DWState.start(game), Dice(18), random.Random(18)  # noqa: S311 - seeded
    activated: list[int] = []
    levels: set[Level] = set()
    for _ in range(2000):
        if state.result is not None:
            break
        command = POLICIES["aggressive"](state, rng)
        assert command is not None
        for event in decide(state, command, dice):
            if isinstance(event, SquadronActivated):
                activated.append(state.squadrons[event.squadron].owner)
            if isinstance(event, ModelMoved):
                levels.add(event.level)
            state = evolve(state, event)
    assert state.stage is Stage.OVER
    assert state.result is not None
    assert isinstance(state.result.level, VictoryLevel)
    assert legal_commands(state) == []
    # DW-1 / DW-9: one squadron at a time, the players taking turns: the first four alternate.
    assert activated[:4] in ([0, 1, 0, 1], [1, 0, 1, 0])
    assert Level.FLYING in levels  # the air layer (the airship, the bombers)
    assert Level.SURFACE in levels


def test_the_three_layers_hold_air_surface_and_below() -> None:
    """DW-1: air holds flyers and the obscured; surface holds sea and land models; below, divers."""
    assert [level for level in Level if level.airborne] == [Level.FLYING, Level.OBSCURED]
    assert not Level.SURFACE.airborne
    assert not Level.SUBMERGED.airborne
    # Sea and land models alike start on the surface; a flyer in the air.
    game = setup(fleet(squadron("LS", 1), squadron("AS", 1)), fleet(squadron("CR", 1)))
    start = DWState.start(game)
    assert [m.level for m in start.models] == [Level.SURFACE, Level.FLYING, Level.SURFACE]


# ---- DW-3.2 and DW-3.3: model types and flags ---------------------------------------------------

ROSTER = {
    # id: (domain, type, size, capital), as DW-3.2's table gives them for these types.
    "BB": (Domain.NAVAL, ModelType.BATTLESHIP, CardSize.LARGE, True),
    "CR": (Domain.NAVAL, ModelType.CRUISER, CardSize.MEDIUM, True),
    "FF": (Domain.NAVAL, ModelType.FRIGATE, CardSize.SMALL, False),
    "ES": (Domain.NAVAL, ModelType.ESCORT, CardSize.SMALL, False),
    "SS": (Domain.NAVAL, ModelType.SUBMARINE, CardSize.MEDIUM, True),
    "CV": (Domain.NAVAL, ModelType.CARRIER, CardSize.MASSIVE, True),
    "AS": (Domain.AIR, ModelType.AIRSHIP, CardSize.LARGE, True),
    "BM": (Domain.AIR, ModelType.BOMBER, CardSize.MEDIUM, False),
    "LS": (Domain.LAND, ModelType.LANDSHIP, CardSize.LARGE, True),
    "TK": (Domain.LAND, ModelType.TANK, CardSize.SMALL, False),
}


@pytest.mark.parametrize("ident", sorted(ROSTER))
def test_each_placeholder_card_is_a_type_of_dw_3_2(ident: str) -> None:
    """DW-3.2: domain, type, size class and Capital flag, read from the model's file."""
    model = models()[ident]
    assert (model.domain, model.type, model.size, model.capital) == ROSTER[ident]


def test_the_card_panel_shows_size_capital_and_type() -> None:
    """DW-3.2: the panel's third line: "large capital battleship", "small tank"."""
    game = setup(fleet(squadron("BB", 1)), fleet(squadron("TK", 1)))
    state = arrange(game, {"BB-1": ("1003", S), "TK-1": ("1020", N)})
    assert panel_lines(state, 0)[2] == "large capital battleship, 150 pts"
    assert panel_lines(state, 1)[2] == "small tank, 18 pts"


def test_the_category_flags_are_read_from_the_files() -> None:
    """DW-3.3: diving (sea), flying, carrier, fortification; creatures and robots from the type.

    The submarine dives under the sea; the airship and bomber fly (every air model does); the
    carrier carries 6 tiny flyers, at most 1 recon; the Fortress is a fortification and takes no
    morale checks; a robot or creature card cannot carry the Commodore.
    """
    cards = models()
    assert cards["SS"].diving is Diving.SEA
    assert [i for i, c in sorted(cards.items()) if c.is_diving] == ["SS"]
    assert sorted(i for i, c in cards.items() if c.flying) == ["AS", "BM"]
    assert (cards["CV"].is_carrier, cards["CV"].capacity, cards["CV"].recon) == (True, 6, 1)
    assert [i for i, c in sorted(cards.items()) if c.is_carrier] == ["CV"]
    assert cards["FX"].is_fortification
    assert not cards["FX"].takes_morale_checks
    robot = attrs.evolve(cards["BB"], type=ModelType.ROBOT)
    creature = attrs.evolve(cards["BB"], type=ModelType.CREATURE)
    assert robot.is_creature_or_robot
    assert creature.is_creature_or_robot
    assert not robot.commodore_eligible
    assert cards["BB"].commodore_eligible


# ---- DW-8.1: card icons -------------------------------------------------------------------------


def _fortress_holding(*cards: str) -> DWState:
    """Red's Fortress FX-1 (a fortification) and Blue's cruiser, Red holding ``cards``."""
    deck = tuple(catalogue().cards.values())
    with_icon = tuple(
        attrs.evolve(c, icon=CardIcon.FORTIFICATION) if c.id == "steady_gunners" else c
        for c in deck
    )
    game = attrs.evolve(
        setup(fleet(Squadron(card("FX"), 1)), fleet(squadron("CR", 1))), deck=with_icon
    )
    state = arrange(game, {"FX-1": ("1005", S), "CR-1": ("1010", N)})
    return attrs.evolve(state, star=StarDeck(("sea_fog",), hands=(cards, ())))


def test_a_card_without_the_fortification_icon_is_refused_on_a_fortress() -> None:
    """DW-8.1: Broadside Volley (no icon) cannot go on FX-1; a portcullis card can."""
    state, _ = play(_fortress_holding("broadside_volley", "steady_gunners"), [Activate("FX-1")])
    with pytest.raises(IllegalCommand) as refused:
        play(state, [PlayCard("broadside_volley", "FX-1")])
    assert refused.value.message == "Broadside Volley has no fortification icon."
    played, _ = play(state, [PlayCard("steady_gunners")])
    assert played.star is not None
    assert played.star.discard == ("steady_gunners",)


# ---- DW-14.3: fire arcs -------------------------------------------------------------------------


def test_every_arc_fires_in_one_activation_at_its_own_target() -> None:
    """DW-14.3: the battleship's fore turret, aft turret and broadside all fire this activation.

    BB-1 moves 1 hex to 1005, facing S: CR-1 dead ahead (1010) in the fore turret's 270
    degrees, FF-1 dead astern (1002) in the aft turret's, CR-2 abeam to port (1305) in the
    broadside. Each weapon is declared at its own target and each is rolled.
    """
    red = fleet(squadron("BB", 1))
    blue = fleet(squadron("CR", 2), squadron("FF", 1))
    places = {"BB-1": ("1004", S), "CR-1": ("1010", N), "CR-2": ("1305", N), "FF-1": ("1002", N)}
    state = arrange(setup(red, blue), places)
    commands = [
        Activate("BB-1"),
        MoveModel("BB-1", "F"),
        Fire(("BB-1",), "fore-turret", ("CR-1",)),
        Fire(("BB-1",), "aft-turret", ("FF-1",)),
        Fire(("BB-1",), "broadside", ("CR-2",)),
    ]
    state, events = play(state, commands)
    declared = [e.attack for e in events if isinstance(e, AttackDeclared)]
    assert [(a.weapons, a.targets) for a in declared] == [((0,), (1,)), ((1,), (3,)), ((2,), (2,))]
    _, rolled = play(state, [EndActivation()], [1] * 26)
    pools = [e for e in rolled if isinstance(e, AttackRolled)]
    # RB2 fore turret 10 AD; RB1 aft turret 8 AD; RB1 broadside 8 AD (DW-28.12's card).
    assert [(p.weapon, p.ad) for p in pools] == [
        ("Fore turret", 10),
        ("Aft turret", 8),
        ("Broadside", 8),
    ]


def test_the_arcs_as_sectors_of_the_hex_board() -> None:
    """DW-14.3 / DW-28.6: 90-degree fore is F; broadsides FP+AP / FS+AS; 270 fore all but A."""
    assert ARC_SECTORS[Arc.FORE_90] == {Sector.F}
    assert ARC_SECTORS[Arc.PORT] == {Sector.FP, Sector.AP}
    assert ARC_SECTORS[Arc.STARBOARD] == {Sector.FS, Sector.AS}
    assert ARC_SECTORS[Arc.FORE_270] == set(Sector) - {Sector.A}
    assert ARC_SECTORS[Arc.ALL_ROUND] == set(Sector)
    here = H("1005")
    assert arc_cover(Arc.FORE_90, here, S, H("1010")) is Cover.FULL
    assert arc_cover(Arc.FORE_90, here, S, H("1001")) is Cover.NONE
    assert arc_cover(Arc.AFT_270, here, S, H("1001")) is Cover.FULL
    assert arc_cover(Arc.FORE_270, here, S, H("1001")) is Cover.NONE


# ---- DW-22.1: the Fleet Commodore ---------------------------------------------------------------


def test_the_commodore_gives_one_re_roll_a_turn() -> None:
    """DW-22.1 / DW-10.1: the first failed reef test re-rolled; the second asks in vain.

    Turn 2, BB-1 (the flagship) and BB-2 of one squadron each run 3 hexes (MV 6", more than half)
    through a reef: Large models fail the size test on 1-3. BB-1 fails on a 2 and re-rolls a 5;
    BB-2 may not re-roll in the same turn. The next turn gives the re-roll back.
    """
    red = fleet(squadron("BB", 2), commodore=0)
    blue = fleet(squadron("CR", 1))
    reefs = {"1005": TerrainKind.REEF, "1205": TerrainKind.REEF}
    game = setup(red, blue, terrain=reefs)
    places = {"BB-1": ("1003", S), "BB-2": ("1203", S), "CR-1": ("2020", N)}
    state = arrange(game, places, turn=2)
    assert state.models[0].commodore
    state, events = play(state, [Activate("BB-1"), MoveModel("BB-1", "FFF", reroll=True)], [2, 5])
    tested = [e for e in events if isinstance(e, TerrainTested)]
    assert [(t.faces, t.failed, t.rerolled) for t in tested] == [((2, 5), False, True)]
    assert state.rerolls_used == (True, False)
    assert state.models[0].hex == H("1006")
    with pytest.raises(IllegalCommand) as refused:
        play(state, [MoveModel("BB-2", "FFF", reroll=True)])
    assert refused.value.code == DWCode.REROLL


# ---- DW-25.1 and DW-25.2: random obstacles and energy portals ----------------------------------


@pytest.mark.parametrize(
    ("total", "water", "land"),
    [
        (2, Obstacle.VORTEX, Obstacle.VORTEX),
        (3, Obstacle.VORTEX, Obstacle.VORTEX),
        (4, Obstacle.REEF, Obstacle.WOODS),
        (6, Obstacle.REEF, Obstacle.WOODS),
        (7, Obstacle.BUILDING, Obstacle.BUILDING),
        (8, Obstacle.SANDBANK, Obstacle.SWAMP),
        (10, Obstacle.SANDBANK, Obstacle.SWAMP),
        (11, Obstacle.FORTRESS, Obstacle.FORTRESS),
        (12, Obstacle.FORTRESS, Obstacle.FORTRESS),
    ],
)
def test_the_random_obstacle_table(total: int, water: Obstacle, land: Obstacle) -> None:
    """DW-25.1: 2D6: 2-3 vortex, 4-6 reef/woods, 7 building, 8-10 sandbank/swamp, 11+ fortress."""
    assert obstacle_for(total, water=True) is water
    assert obstacle_for(total, water=False) is land
    assert len(OBSTACLE_TABLE) == 11


def test_a_portal_blocks_every_surface_shot_through_it() -> None:
    """DW-25.2: portals block LoS for all surface models: nothing fires through one.

    BB-1 at 1003 facing S, CR-1 at 1008 with a portal at 1006 between them: the fore turret is
    refused; with the portal gone the same shot is declared.
    """
    red, blue = fleet(squadron("BB", 1)), fleet(squadron("CR", 1))
    places = {"BB-1": ("1003", S), "CR-1": ("1008", N)}
    portal = arrange(setup(red, blue, terrain={"1006": TerrainKind.PORTAL}), places)
    commands = [Activate("BB-1"), MoveModel("BB-1", "F")]
    state, _ = play(portal, commands)
    with pytest.raises(IllegalCommand) as refused:
        play(state, [Fire(("BB-1",), "fore-turret", ("CR-1",))])
    assert refused.value.message == "BB-1's fore turret: The target cannot be seen."
    clear, _ = play(arrange(setup(red, blue), places), commands)
    _, events = play(clear, [Fire(("BB-1",), "fore-turret", ("CR-1",))])
    assert isinstance(events[0], AttackDeclared)


# ---- DW-26: the glossary's English terms --------------------------------------------------------

ENGLISH = (
    "Damage Rating",
    "Critical Rating",
    "Hull Point",
    "Field Order",
    "range band",
    "Ack-Ack",
    "Concussion Charges",
    "linked",
    "Combat Air Patrol",
    "All Stop",
    "obscured",
    "submarines",
    "tiny flyers",
)
"""DW-26's English column, as the rules page writes them."""
SPANISH = ("Volando Alto", "Puntos de Casco", "Resistencia", "Fuego Enlazado", "Antiaéreos")


def test_the_rules_page_uses_the_glossarys_english_terms() -> None:
    """DW-26: the rules page speaks the English terms and none of the seed's Spanish ones."""
    page = " ".join(RULES_MARKDOWN.casefold().split())
    missing = [term for term in ENGLISH if term.casefold() not in page]
    assert missing == []
    assert [term for term in SPANISH if term.casefold() in page] == []


def test_the_card_panel_names_markers_by_the_glossary() -> None:
    """DW-26 / DW-5: All Stop, Raging Fire, Chaos & Disarray, Break in the panel's words."""
    game = setup(fleet(squadron("BB", 1)), fleet(squadron("CR", 1)))
    state = arrange(game, {"BB-1": ("1003", S), "CR-1": ("1020", N)})
    state = state.with_markers(0, all_stop=True, fires=2, chaos=True, broken=True)
    assert marker_words(state.models[0].markers) == [
        "All Stop",
        "Break",
        "Chaos & Disarray",
        "Raging Fire x2",
    ]
    assert "Markers: All Stop, Break, Chaos & Disarray, Raging Fire x2" in panel_lines(state, 0)


def test_the_log_tells_an_attack_in_the_glossarys_words() -> None:
    """DW-26: the log names the model type and counts hits, in English."""
    red, blue = fleet(squadron("BB", 1)), fleet(squadron("CR", 1))
    state = arrange(setup(red, blue), {"BB-1": ("1003", S), "CR-1": ("1010", N)})
    state, _ = play(
        state, [Activate("BB-1"), MoveModel("BB-1", "F"), Fire(("BB-1",), "fore-turret", ("CR-1",))]
    )
    faces = [4, 4, 4, 4, 1, 1, 1, 1, 1, 1]
    after, events = play(state, [EndActivation()], faces)
    told, _ = tell(3, EndActivation(), events, state)
    lines = [t.text for t in told]
    assert (
        "BB-1 fires fore turret at Lancer Cruiser CR-1: 10 dice needing 4+ "
        "(4, 4, 4, 4, 1, 1, 1, 1, 1, 1): 4 hits."
    ) in lines
    assert after.models[1].hull_damage == 1
    assert any("HP lost" in line for line in lines)


# ---- DW-7: the order of play --------------------------------------------------------------------


def test_a_turn_runs_initiative_activations_end_phase_in_order() -> None:
    """DW-7: squadrons activate once each, alternating; then the End Phase; then a new turn.

    The new turn starts with its initiative (2D6 each, DW-9.1).

    Red (initiative) activates BB-1, Blue CR-1; the End Phase follows; turn 2 begins and the
    initiative rolls 5 + 5 = 10 against 1 + 1 = 2: Red again.
    """
    red, blue = fleet(squadron("BB", 1)), fleet(squadron("CR", 1))
    state = arrange(setup(red, blue), {"BB-1": ("1003", S), "CR-1": ("3020", N)})
    commands = [
        Activate("BB-1"),
        MoveModel("BB-1", "F"),
        EndActivation(),
        Activate("CR-1"),
        MoveModel("CR-1", "F"),
        EndActivation(),
    ]
    state, events = play(state, commands, [5, 5, 1, 1])
    kinds = [
        type(e).__name__
        for e in events
        if isinstance(e, SquadronActivated | ActivationEnded | EndPhaseBegan | TurnBegan)
    ]
    assert kinds == [
        "SquadronActivated",
        "ActivationEnded",
        "SquadronActivated",
        "ActivationEnded",
        "EndPhaseBegan",
        "TurnBegan",
    ]
    (rolled,) = [e for e in events if isinstance(e, InitiativeRolled)]
    assert (state.turn, state.initiative, state.activated) == (2, 0, ())
    assert (rolled.rolls, rolled.first) == ((((5, 5), (1, 1)),), 0)
