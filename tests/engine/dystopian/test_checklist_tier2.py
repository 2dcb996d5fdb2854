"""DW-28.13 Tier 2 ("full rules"), bullet by bullet, through the turn machine with forced dice.

Each test pins one number the digest gives and fails when the behaviour goes. The bullets
(generators, the STAR cards, the Tournament caps and the AI have their own checklists):

1. carrier launch/land and Double Decker (DW-20.4, DW-24);
2. land models and amphibious rules (DW-11.7, DW-24 Amphibious Capability and Shallow Wader);
3. every MAR in DW-24: the weapon MARs of `engine.dystopian.weapon_mars` here, the others in
   the tests of their own modules;
4. optional rules: random obstacles (DW-25.1, the scenario key ``obstacles``), portals
   (DW-25.2), vortices (DW-25.3), the Fortress (DW-25.4);
5. creatures and robots (DW-3.3, DW-19.2, DW-16.4).
"""

from __future__ import annotations

from typing import TypeVar

import attrs
import pytest

from engine.dice import Dice, ScriptedDice
from engine.dystopian.boarding import Boarding, boarder_dice
from engine.dystopian.combat import Shooter, Target, hit_number
from engine.dystopian.commands import (
    Activate,
    Board,
    DeployModel,
    EndActivation,
    Fire,
    MoveModel,
)
from engine.dystopian.events import (
    AttackDeclared,
    AttackRolled,
    AttackSource,
    BoardingDeclared,
    CheckKind,
    ContactResolved,
    DamageDealt,
    ModelDisplaced,
    ModelMoved,
    MoraleChecked,
    RepairRolled,
)
from engine.dystopian.fleet import Squadron, Wing
from engine.dystopian.geometry import Level
from engine.dystopian.models import Diving, MarRef, ModelType, TinyKind, Weapon
from engine.dystopian.movement import MarkerAction
from engine.dystopian.obstacles import (
    Obstacle,
    place_obstacles,
    roll_obstacles,
    scenario_obstacles,
    section_hexes,
)
from engine.dystopian.rules import deploy_problem, legal_commands
from engine.dystopian.ruleset import DEFAULT_SCENARIO
from engine.dystopian.state import DWState, Markers, Stage
from engine.dystopian.terrain import Cell, TerrainKind, TerrainMap
from engine.dystopian.wing_commands import FlyWing, LaunchWing
from engine.dystopian.wing_events import WingLanded, WingLaunched
from engine.dystopian.wing_state import WingPlace
from engine.game import Event, IllegalCommand
from engine.hexes import Facing
from engine.tomlfile import DataFileError
from tests.engine.dystopian._assets import fleets, models, text
from tests.engine.dystopian._game import (
    H,
    Place,
    arrange,
    card,
    fleet,
    play,
    ruleset,
    setup,
    squadron,
)

N, NE, SE, S, SW, NW = Facing
E = TypeVar("E", bound=Event)


def _of(events: list[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def _refused(state: DWState, command: object, message: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])  # type: ignore[list-item]
    assert refused.value.message == message


# ---- 1. carrier launch/land and Double Decker (DW-20.4, DW-24) ---------------------------------


def _carrier_game(*mars: str) -> DWState:
    """Red's CV-1 (fighters-1 of 5 and recon-1 aboard; free fighters-2 of 4) at 1003 facing S."""
    red = attrs.evolve(
        fleet(
            Squadron(
                card("CV", *mars), 1, wings=(Wing(TinyKind.FIGHTER, 5), Wing(TinyKind.RECON, 1))
            )
        ),
        free_wings=(Wing(TinyKind.FIGHTER, 4), Wing(TinyKind.FIGHTER, 4)),
    )
    return arrange(setup(red, fleet(squadron("BB", 1))), {"CV-1": ("1003", S), "BB-1": ("3020", N)})


def test_double_decker_launches_two_wings_in_one_activation() -> None:
    """DW-20.4 / DW-24 Double Decker: two deck operations; a plain carrier one."""
    spots = H("1003").ring(2)[0], H("1003").ring(2)[3]
    launches = [LaunchWing("fighters-1", spots[0]), LaunchWing("recon-1", spots[1])]
    state, events = play(_carrier_game("double_decker"), [Activate("CV-1"), *launches])
    assert _of(events, WingLaunched) == [WingLaunched(0, 0, spots[0]), WingLaunched(1, 0, spots[1])]
    assert [w.place for w in state.wings[:2]] == [WingPlace.AIR, WingPlace.AIR]
    plain, _ = play(_carrier_game(), [Activate("CV-1"), launches[0]])
    _refused(plain, launches[1], "The carrier has no more deck operations this activation.")


def _launched_then_landing(*mars: str) -> DWState:
    """fighters-1 launched from CV-1 this turn; the free fighters-2 in the air at 1008."""
    state = _carrier_game(*mars)
    wings = list(state.wings)
    wings[0] = attrs.evolve(wings[0], place=WingPlace.AIR, hex=H("2010"), deck_turn=1, acted=1)
    wings[2] = attrs.evolve(wings[2], place=WingPlace.AIR, hex=H("1008"))
    return attrs.evolve(state, wings=tuple(wings))


def test_double_decker_launches_one_and_lands_one() -> None:
    """DW-24 Double Decker: a launch and a landing in one turn; one deck operation otherwise."""
    landing = FlyWing("fighters-2", H("1005"), land="CV-1")
    state, events = play(_launched_then_landing("double_decker"), [landing])
    assert _of(events, WingLanded) == [WingLanded(2, 0)]
    assert state.wings[2].place is WingPlace.DECK
    _refused(
        _launched_then_landing(),
        landing,
        "The carrier has no more deck operations this activation.",
    )


# ---- 2. land models and amphibious rules (DW-11.7, DW-24) --------------------------------------

LAKE = dict.fromkeys(("1005", "1006", "1007"), TerrainKind.WATER)
"""A lake of three hexes down column 10 of a land board."""


def _land(*mars: str, terrain: dict[str, TerrainKind] | None = None, base: TerrainKind) -> DWState:
    """Red's TK-1 (with ``mars``) at 1003 facing S, Blue's LS-1 far off."""
    red = fleet(squadron("TK", 1, mars=mars))
    game = setup(red, fleet(squadron("LS", 1)), terrain=terrain or LAKE, base=base)
    return arrange(game, {"TK-1": ("1003", S), "LS-1": ("3020", N)})


def test_a_land_model_is_bogged_down_by_the_sea() -> None:
    """DW-11.7: the tank stops at the shore and rolls Soft 4D6 against itself (DR 3)."""
    _state, events = play(
        _land(base=TerrainKind.GROUND),
        [Activate("TK-1"), MoveModel("TK-1", "FFF")],
        [4, 4, 4, 1],
    )
    assert _of(events, ModelMoved)[0].hexes == (H("1003"), H("1004"))
    (rolled,) = _of(events, AttackRolled)
    assert (rolled.source, rolled.ad, rolled.hits) == (AttackSource.TERRAIN, 4, 3)
    assert _of(events, DamageDealt) == [DamageDealt(0, 3, 1, 0)]  # DR 3 reached: 1 HP
    assert _of(events, ContactResolved)[0].hex == H("1005")


def test_an_amphibious_model_crosses_at_half_its_move() -> None:
    """DW-24 Amphibious Capability: MV 6" is 3 hexes on land, 1 in a move that touches the sea.

    Turn 1: MV 6" -> 3 hexes; at sea 6" / 2 = 3" -> 1 hex (the odd inch carried on even turns).
    """
    frog = _land("amphibious_capability", base=TerrainKind.GROUND)
    state, _ = play(frog, [Activate("TK-1")])
    _refused(
        state,
        MoveModel("TK-1", "FF"),
        "At sea it moves at half its MV (Amphibious Capability): 1 hex at most.",
    )
    # Ashore it still runs its 3 hexes: turned to SE, away from the lake.
    _, ashore = play(state, [MoveModel("TK-1", "LFFF")])
    assert _of(ashore, ModelMoved)[0].steps == 3
    swum, _ = play(frog, [Activate("TK-1"), MoveModel("TK-1", "F")])
    assert swum.models[0].hex == H("1004")
    wet = attrs.evolve(frog, models=(attrs.evolve(frog.models[0], hex=H("1004")), frog.models[1]))
    _, events = play(wet, [Activate("TK-1"), MoveModel("TK-1", "F")])
    assert _of(events, ModelMoved)[0].hexes == (H("1004"), H("1005"))
    assert not _of(events, AttackRolled)  # no bogging down: it swims


def test_a_shallow_wader_keeps_within_two_hexes_of_land() -> None:
    """DW-24 Shallow Wader: full MV on water within 4" (2 hexes) of a landmass; no farther.

    On a water board with an island at 1003, the wading tank runs 1004, 1005 (2 from the
    island) but not 1006 (3 from it).
    """
    island = {"1003": TerrainKind.GROUND}
    wader = _land("shallow_wader", terrain=island, base=TerrainKind.WATER)
    state, _ = play(wader, [Activate("TK-1")])
    _refused(state, MoveModel("TK-1", "FFF"), "A Shallow Wader stays within 2 hexes of a landmass.")
    waded, _ = play(state, [MoveModel("TK-1", "FF")])
    assert waded.models[0].hex == H("1005")


# ---- 3. the weapon MARs of DW-24 ---------------------------------------------------------------

PLACES = {"BB-1": ("1003", S), "CR-1": ("1010", N)}
"""BB-1 moves 1 hex to 1004: CR-1 (DR 4, CR 6, HP 4, AP 4) 6 hexes ahead, RB2: 10 AD at 4+."""


def _duel(attacker: tuple[str, ...] = (), target: tuple[str, ...] = ()) -> DWState:
    """Red's BB-1 (with ``attacker`` MARs) against Blue's CR-1 (with ``target`` MARs)."""
    game = setup(fleet(squadron("BB", 1, mars=attacker)), fleet(squadron("CR", 1, mars=target)))
    state, _ = play(
        arrange(game, PLACES),
        [Activate("BB-1"), MoveModel("BB-1", "F"), Fire(("BB-1",), "fore-turret", ("CR-1",))],
    )
    return state


HITS_4 = [4, 4, 4, 4, 1, 1, 1, 1, 1, 1]
"""Ten dice, four hits: the cruiser's DR (4) but not its CR (6)."""
HITS_6 = [4, 4, 4, 4, 4, 4, 1, 1, 1, 1]
"""Ten dice, six hits: the cruiser's CR."""
CRITICAL_6 = [3, 3]
"""A 2D6 critical of 6, Weapons Damaged (DW-16.2): no further dice."""


def test_rugged_construction_takes_a_die_off_the_attack() -> None:
    """DW-24 Rugged Construction: the fore turret's 10 AD become 9."""
    _, events = play(_duel(target=("rugged_construction",)), [EndActivation()], [1] * 9)
    assert _of(events, AttackRolled)[0].ad == 9


def test_devastating_ordnance_gives_two_dice_for_each_first_six() -> None:
    """DW-24 Devastating Ordnance: one 6 in the first ten dice brings 2 more (1 + 1 extra).

    The 6 scores 2 hits and its explosion die (a 1) none; the Devastating die (a 5) 1 more: 3.
    Without the MAR the same first eleven dice give 2 hits.
    """
    faces = [6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5]
    _, events = play(_duel(attacker=("devastating_ordnance",)), [EndActivation()], faces)
    rolled = _of(events, AttackRolled)[0]
    assert (rolled.ad, len(rolled.faces), rolled.hits) == (10, 12, 3)
    _, plain = play(_duel(), [EndActivation()], faces[:11])
    assert _of(plain, AttackRolled)[0].hits == 2


def test_destructive_ordnance_rolls_a_critical_at_the_damage_rating() -> None:
    """DW-24 Destructive Ordnance: 4 hits (DR, not CR) roll a critical (2 HP) instead of 1 HP."""
    _state, events = play(
        _duel(attacker=("destructive_ordnance",)), [EndActivation()], [*HITS_4, *CRITICAL_6]
    )
    dealt = _of(events, DamageDealt)[0]
    assert (dealt.hits, dealt.criticals) == (4, (6,))
    assert dealt.hp_lost == 2
    _, plain = play(_duel(), [EndActivation()], HITS_4)
    assert _of(plain, DamageDealt) == [DamageDealt(1, 4, 1, 0)]


def test_incendiary_lethal_and_corrosive_at_the_damage_rating() -> None:
    """DW-24: 4 hits on DR 4: a Fire marker, 1 AP lost, 1 Corrosion marker, with the 1 HP."""
    mars = ("incendiary_rounds", "lethal_strike", "corrosive")
    state, events = play(_duel(attacker=mars), [EndActivation()], HITS_4)
    assert _of(events, DamageDealt) == [DamageDealt(1, 4, 1, 1, (), (), ("fires", "corrosion"))]
    markers = state.models[1].markers
    assert (markers.fires, markers.corrosion, markers.assault_damage) == (1, 1, 1)
    _, missed = play(_duel(attacker=mars), [EndActivation()], [4, 4, 4, *[1] * 7])
    assert _of(missed, DamageDealt) == [DamageDealt(1, 3, 0, 0)]  # below DR: nothing


def test_corrosive_at_the_critical_rating_places_two_markers() -> None:
    """DW-24 Corrosive: hits reaching the CR give 2 Corrosion markers instead of 1."""
    state, _ = play(_duel(attacker=("corrosive",)), [EndActivation()], [*HITS_6, *CRITICAL_6])
    assert state.models[1].markers.corrosion == 2


def test_pack_hunters_add_a_die_for_each_hunter_after_the_first() -> None:
    """DW-24 Pack Hunters: two cruisers' linked fore turrets, 7 + half 7 = 10, then +1: 11.

    CR-1 and CR-2 (RB2 7 AD each) link at CR-3 6 hexes ahead (DW-17.1: 7 + 3).
    """
    red = fleet(squadron("CR", 2, mars=("pack_hunters",)))
    game = setup(red, fleet(squadron("CR", 1)))
    places = {"CR-1": ("1003", S), "CR-2": ("1103", S), "CR-3": ("1010", N)}
    commands = [
        Activate("CR-1"),
        MoveModel("CR-1", "F"),
        MoveModel("CR-2", "F"),
        Fire(("CR-1", "CR-2"), "primary", ("CR-3",)),
        EndActivation(),
    ]
    _, events = play(arrange(game, places), commands, [1] * 11)
    assert _of(events, AttackRolled)[0].ad == 11


def test_armoured_belly_raises_the_critical_rating_against_lower_attackers() -> None:
    """DW-24 Armoured Belly: the airship (DR 4, CR 6) shot from the surface needs 7 for a crit.

    BB-1's fore turret hits the flying AS-1 six times: 1 HP, no critical. Without the MAR, the
    same six hits reach its CR and roll a critical.
    """

    def shoot(*mars: str) -> list[Event]:
        game = setup(fleet(squadron("BB", 1)), fleet(squadron("AS", 1, mars=mars)))
        state = arrange(game, {"BB-1": ("1003", S), "AS-1": ("1010", N, Level.FLYING)})
        commands = [
            Activate("BB-1"),
            MoveModel("BB-1", "F"),
            Fire(("BB-1",), "fore-turret", ("AS-1",)),
            EndActivation(),
        ]
        dice = [5, 5, 5, 5, 5, 5, 1, 1, 1, 1] + ([] if mars else CRITICAL_6)
        _, events = play(state, commands, dice)
        return events

    belly = _of(shoot("armoured_belly"), DamageDealt)
    assert (belly[0].hits, belly[0].hp_lost, belly[0].criticals) == (6, 1, ())
    assert _of(shoot(), DamageDealt)[0].criticals == (6,)


def test_terror_weapon_reaching_the_critical_rating_forces_a_break_check() -> None:
    """DW-24 Terror Weapon: 6 hits on CR 6, a critical, then CR-1's break check: 3D6 at once.

    Three 1s: no success, the cruiser is broken.
    """
    dice = [*HITS_6, *CRITICAL_6, 1, 1, 1]
    state, events = play(_duel(attacker=("terror_weapon",)), [EndActivation()], dice)
    checks = _of(events, MoraleChecked)
    assert checks[0] == MoraleChecked(CheckKind.BREAK, 1, (1,), 3, 1, (1, 1, 1), 0, passed=False)
    assert state.models[1].markers.broken


def test_invincible_shrugs_off_rockets() -> None:
    """DW-24 Invincible / DW-25.4: the carrier's rockets (RB2, 4 AD) hit FX-1 8 times: nothing."""
    game = setup(fleet(squadron("CV", 1)), fleet(Squadron(card("FX"), 1)))
    state = arrange(game, {"CV-1": ("1003", S), "FX-1": ("1010", N)})
    commands = [
        Activate("CV-1"),
        MoveModel("CV-1", "F"),
        Fire(("CV-1",), "rocket", ("FX-1",)),
        EndActivation(),
    ]
    _, events = play(state, commands, [6, 6, 6, 6, 1, 1, 1, 1])
    assert _of(events, AttackRolled)[0].hits == 8
    assert _of(events, DamageDealt) == [DamageDealt(1, 0, 0, 0)]


# ---- 4. optional rules (DW-25) -----------------------------------------------------------------


def test_obstacles_are_rolled_and_placed_in_their_sections() -> None:
    """DW-25.1: 1D6 pieces; 2D6 each (7 a building, 11 a fortress); 1D6 for the section.

    Two pieces: 3 + 4 = 7, a building in section 1 (the top-left 12 x 12 hexes, centre 0606);
    5 + 6 = 11, a Fortress (Hard, as the hard building of DW-28.9) in section 6 (centre 3018).
    """
    rolls = roll_obstacles(ScriptedDice((2, 3, 4, 1, 5, 6, 6)), TerrainMap())
    assert [(r.faces, r.obstacle, r.section, r.hex) for r in rolls] == [
        ((3, 4), Obstacle.BUILDING, 1, H("0606")),
        ((5, 6), Obstacle.FORTRESS, 6, H("3018")),
    ]
    board = place_obstacles(TerrainMap(), rolls)
    assert board.cells == (
        (H("0606"), Cell(TerrainKind.BUILDING_MEDIUM)),
        (H("3018"), Cell(TerrainKind.BUILDING_HARD)),
    )
    assert H("0606") in section_hexes(TerrainMap(), 1)
    assert len(section_hexes(TerrainMap(), 6)) == 144


def test_land_boards_roll_woods_and_swamps() -> None:
    """DW-25.1: 4-6 woods and 8-10 a swamp on land (a reef and a sandbank on water)."""
    ground = TerrainMap(base=TerrainKind.GROUND)
    rolls = roll_obstacles(ScriptedDice((2, 2, 2, 3, 4, 4, 4)), ground)
    assert [r.obstacle for r in rolls] == [Obstacle.WOODS, Obstacle.SWAMP]
    water = roll_obstacles(ScriptedDice((2, 2, 2, 3, 4, 4, 4)), TerrainMap())
    assert [r.obstacle for r in water] == [Obstacle.REEF, Obstacle.SANDBANK]


def test_a_scenario_turns_the_obstacles_on_with_a_seed() -> None:
    """DW-25.1 as a scenario option: ``obstacles = SEED`` puts the same pieces on every setup."""
    seeded = ruleset().make_setup({**DEFAULT_SCENARIO, "obstacles": 3})
    expected = place_obstacles(TerrainMap(), roll_obstacles(Dice(3), TerrainMap()))
    assert seeded.terrain == expected
    assert len(seeded.terrain.cells) == 5
    assert ruleset().make_setup(DEFAULT_SCENARIO).terrain.cells == ()
    with pytest.raises(DataFileError, match="obstacles"):
        scenario_obstacles({"obstacles": "many"}, TerrainMap())


def test_the_land_battle_scenario_plays_the_armoured_column_on_ground() -> None:
    """DW-11.7 / DW-22.7: the bundled land battle: two armoured columns on open ground."""
    assert fleets()["Sample tank column"].points == 390
    setup_ = ruleset().setup_from_text(text("scenarios", "land-battle.dystopian.toml"))
    assert setup_.terrain.base is TerrainKind.GROUND
    assert [p.fleet.name for p in setup_.players] == ["Sample tank column"] * 2
    assert setup_.terrain.cells  # the obstacles of DW-25.1


def test_a_vortex_on_the_board_blocks_every_line() -> None:
    """DW-25.3 / DW-14.2: a vortex between them: the battleship cannot fire at the cruiser."""
    game = setup(
        fleet(squadron("BB", 1)), fleet(squadron("CR", 1)), terrain={"1007": TerrainKind.VORTEX}
    )
    state, _ = play(arrange(game, PLACES), [Activate("BB-1"), MoveModel("BB-1", "F")])
    _refused(
        state,
        Fire(("BB-1",), "fore-turret", ("CR-1",)),
        "BB-1's fore turret: The target cannot be seen.",
    )


def test_the_fortress_stands_and_fires_its_guns() -> None:
    """DW-25.4: MV 0 and Immovable; each gun 12 AD in RB1 at the nearest target in its arc."""
    game = setup(fleet(Squadron(card("FX"), 1)), fleet(squadron("CR", 1)))
    state, _ = play(arrange(game, {"FX-1": ("1005", S), "CR-1": ("1008", N)}), [Activate("FX-1")])
    with pytest.raises(IllegalCommand):
        play(state, [MoveModel("FX-1", "F")])
    _, events = play(state, [Fire(("FX-1",), "fore-guns", ("CR-1",)), EndActivation()], [1] * 12)
    rolled = _of(events, AttackRolled)[0]
    assert (rolled.weapon, rolled.ad) == ("Fore guns", 12)


# ---- 5. creatures and robots (DW-3.3, DW-19.2) -------------------------------------------------


def _robots() -> DWState:
    robot = attrs.evolve(card("TK"), type=ModelType.ROBOT)
    game = setup(fleet(Squadron(robot, 2)), fleet(squadron("LS", 1)), base=TerrainKind.GROUND)
    places = {"TK-1": ("1011", N), "TK-2": ("1012", N), "LS-1": ("1010", N)}
    state, _ = play(arrange(game, places), [Activate("TK-1")])
    return state


def test_a_robot_boards_only_from_base_contact() -> None:
    """DW-19.2 / DW-28.5: a robot 2 hexes off is refused; one adjacent may board."""
    state = _robots()
    with pytest.raises(IllegalCommand) as far:
        play(state, [Board(("TK-2",), "LS-1")])
    assert "base contact" in far.value.message
    _, events = play(state, [Board(("TK-1",), "LS-1")])
    (declared,) = _of(events, BoardingDeclared)
    assert (declared.boarding.boarders, declared.boarding.target) == ((0,), 2)


def test_a_creature_repairs_only_its_fires() -> None:
    """DW-16.4 / DW-3.3: a creature rolls for its fire in the End Phase, never its criticals.

    The creature (on the battleship card) carries Weapons Damaged and a fire: one roll, the 2
    putting the fire out; Weapons Damaged stays. A battleship would have rolled for both.
    """
    creature = attrs.evolve(models()["BB"], type=ModelType.CREATURE)
    game = setup(fleet(Squadron(creature, 1), squadron("CR", 2)), fleet(squadron("CR", 2)))
    markers = {"BB-1": Markers(half_ad=True, fires=1)}
    state = arrange(
        game, {"BB-1": ("1003", S), "CR-3": ("3020", N)}, markers=markers, activated=(1, 2, 3)
    )
    commands = [Activate("BB-1"), MoveModel("BB-1", "F"), EndActivation()]
    state, events = play(state, commands, [2, 3, 3, 1, 1])
    assert _of(events, RepairRolled) == [RepairRolled(0, "fires", 2, repaired=True)]
    assert (state.models[0].markers.fires, state.models[0].markers.half_ad) == (0, True)


def test_armoured_topside_raises_the_critical_rating_against_higher_attackers() -> None:
    """DW-24 Armoured Topside: the flying airship's 9 hits on BB-1 (DR 6, CR 9): 1 HP, no crit.

    AS-1 (flying) moves to 1004 and fires its fore turret (RB2, 7 AD) at BB-1 6 hexes ahead:
    two 6s and five 4s are 9 hits (the two extra dice miss). Without the MAR: a critical.
    """

    def shoot(*mars: str) -> list[Event]:
        game = setup(fleet(squadron("AS", 1)), fleet(squadron("BB", 1, mars=mars)))
        state = arrange(game, {"AS-1": ("1003", S, Level.FLYING), "BB-1": ("1010", N)})
        commands = [
            Activate("AS-1"),
            MoveModel("AS-1", "F"),
            Fire(("AS-1",), "fore-turret", ("BB-1",)),
            EndActivation(),
        ]
        dice = [6, 6, 4, 4, 4, 4, 4, 1, 1] + ([] if mars else CRITICAL_6)
        dice += [1]  # DW-24 Swift Ascent after the attack: a 1, it stays flying
        _, events = play(state, commands, dice)
        return events

    topside = _of(shoot("armoured_topside"), DamageDealt)
    assert (topside[0].hits, topside[0].hp_lost, topside[0].criticals) == (9, 1, ())
    assert _of(shoot(), DamageDealt)[0].criticals == (6,)


def test_altitude_skimming_and_silent_running_hide_from_ordnance_at_all_stop() -> None:
    """DW-24: obscured (or submerged) and at All Stop, only AA (or CC) and boarding reach it."""
    red = fleet(squadron("BB", 1))
    blue = fleet(
        squadron("AS", 1, mars=("altitude_skimming",)), squadron("SS", 1, mars=("silent_running",))
    )
    places: dict[str, Place] = {
        "BB-1": ("1003", S),
        "AS-1": ("1010", N, Level.OBSCURED),
        "SS-1": ("1210", N, Level.SUBMERGED),
    }
    stopped = {"AS-1": Markers(all_stop=True), "SS-1": Markers(all_stop=True)}
    state = arrange(setup(red, blue), places, markers=stopped)
    state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "F")])
    _refused(
        state,
        Fire(("BB-1",), "fore-turret", ("AS-1",)),
        "BB-1's fore turret: Skimming the clouds at All Stop, it can be touched only by AA and "
        "boarding.",
    )
    _refused(
        state,
        Fire(("BB-1",), "fore-turret", ("SS-1",)),
        "BB-1's fore turret: Running silent at All Stop, it can be touched only by CC and "
        "boarding.",
    )
    moving = arrange(setup(red, blue), places)
    moving, _ = play(moving, [Activate("BB-1"), MoveModel("BB-1", "F")])
    _, events = play(moving, [Fire(("BB-1",), "fore-turret", ("AS-1",))])
    assert _of(events, AttackDeclared)  # not at All Stop: an ordinary target


def test_an_emplaced_fortress_deploys_anywhere_but_the_enemy_zone() -> None:
    """DW-22.8 step 5 / DW-24 Emplaced: FX-1 mid-board, even at sea (DW-25.1), not in Blue's zone.

    Blue's zone is rows 21-24; BB-1 deploys only in Red's zone (rows 1-4).
    """
    game = setup(fleet(Squadron(card("FX"), 1), squadron("BB", 1)), fleet(squadron("CR", 1)))
    state = attrs.evolve(arrange(game, {}), stage=Stage.DEPLOYMENT)
    assert deploy_problem(state, 0, H("1812"), Level.SURFACE) is None
    assert deploy_problem(state, 0, H("1822"), Level.SURFACE) is not None
    assert deploy_problem(state, 1, H("1812"), Level.SURFACE) is not None
    assert deploy_problem(state, 1, H("1803"), Level.SURFACE) is None
    deployed, _ = play(state, [DeployModel("FX-1", H("1812"), S)])
    assert deployed.models[0].hex == H("1812")
    listed = [c for c in legal_commands(state) if isinstance(c, DeployModel) and c.model == "FX-1"]
    assert len(listed) == 36 * 20


def test_combustible_cargo_blasts_its_neighbours_at_its_level() -> None:
    """DW-24 Combustible Cargo: CR-1 (HP 4) sinks: 8 dice at CR-2 beside it, none at BB-1.

    CR-1 has 3 damage; BB-1's 4 hits (DR 4) sink it. The blast: 2 x 4 = 8 dice, four 4s: 4
    hits on CR-2 (DR 4): 1 HP. BB-1 is 6 hexes off, out of the 2-hex reach.
    """
    game = setup(fleet(squadron("BB", 1)), fleet(squadron("CR", 2, mars=("combustible_cargo",))))
    state = arrange(game, {"BB-1": ("1003", S), "CR-1": ("1010", N), "CR-2": ("1011", N)})
    state = state.with_model(1, attrs.evolve(state.models[1], hull_damage=3))
    state, _ = play(
        state,
        [Activate("BB-1"), MoveModel("BB-1", "F"), Fire(("BB-1",), "fore-turret", ("CR-1",))],
    )
    break_check = [1, 1, 1]  # CR-2's squadron lost half its models: 3D6, 2 successes (DW-10.3)
    state, events = play(state, [EndActivation()], [*HITS_4, 4, 4, 4, 4, 1, 1, 1, 1, *break_check])
    blast = _of(events, AttackRolled)[1]
    assert (blast.target, blast.attackers, blast.ad, blast.hits) == (2, (1,), 8, 4)
    assert DamageDealt(2, 4, 1, 0) in events
    assert state.models[1].lost
    assert state.models[2].hull_damage == 1
    assert state.models[0].hull_damage == 0


def test_ground_clamps_anchor_at_all_stop_and_add_a_die() -> None:
    """DW-24 Ground Clamps / DW-27 item 11: anchored, no move; +1 AD (10 -> 11); restart frees it.

    BB-1 at All Stop with the MAR, CR-1 6 hexes ahead (RB2, fore turret 10 AD).
    """
    game = setup(fleet(squadron("BB", 1, mars=("ground_clamps",))), fleet(squadron("CR", 1)))
    state = arrange(
        game, {"BB-1": ("1004", S), "CR-1": ("1010", N)}, markers={"BB-1": Markers(all_stop=True)}
    )
    state, _ = play(state, [Activate("BB-1")])
    _refused(state, MoveModel("BB-1", "R"), "It cannot move or turn.")
    fired, _ = play(state, [MoveModel("BB-1", ""), Fire(("BB-1",), "fore-turret", ("CR-1",))])
    _, events = play(fired, [EndActivation()], [1] * 11)
    assert _of(events, AttackRolled)[0].ad == 11
    freed, _ = play(state, [MoveModel("BB-1", "", marker=MarkerAction.RESTART)])
    assert not freed.models[0].markers.all_stop


def test_a_sturginium_flare_destroys_an_anchored_model_instead_of_moving_it() -> None:
    """DW-24 Immovable and Ground Clamps: the Flare (critical 12) destroys it where it stands.

    BB-2 (DR 6, CR 9) anchored by its clamps takes 9 hits from BB-1's fore turret: a critical,
    6 + 6 = Sturginium Flare (its direction and distance dice rolled, 1 and 3 + 4): lost.
    """
    red = fleet(squadron("BB", 1))
    blue = fleet(squadron("BB", 1, mars=("ground_clamps",)))
    state = arrange(
        setup(red, blue),
        {"BB-1": ("1003", S), "BB-2": ("1010", N)},
        markers={"BB-2": Markers(all_stop=True)},
    )
    commands = [
        Activate("BB-1"),
        MoveModel("BB-1", "F"),
        Fire(("BB-1",), "fore-turret", ("BB-2",)),
        EndActivation(),
    ]
    nine_hits = [6, 6, 6, 4, 4, 4, 1, 1, 1, 1, 1, 1, 1]
    state, events = play(state, commands, [*nine_hits, 6, 6, 1, 3, 4])
    assert _of(events, DamageDealt)[0].criticals == (12,)
    assert state.models[1].lost
    assert not _of(events, ModelDisplaced)  # not flung: destroyed where it stood


def test_hard_impact_pushes_the_target_a_hex_away_into_a_collision() -> None:
    """DW-24 Hard Impact / DW-28.5: 4 hits (DR 4) push CR-1 from 1010 to 1011, away from BB-1.

    With CR-2 in 1011 the push is a collision instead: CR-1 stays and both roll their starting
    HP (4 dice each, DW-12.4).
    """
    red = fleet(squadron("BB", 1, mars=("hard_impact",)))
    commands = [
        Activate("BB-1"),
        MoveModel("BB-1", "F"),
        Fire(("BB-1",), "fore-turret", ("CR-1",)),
        EndActivation(),
    ]
    alone = arrange(setup(red, fleet(squadron("CR", 1))), PLACES)
    state, events = play(alone, commands, HITS_4)
    assert _of(events, ModelDisplaced) == [ModelDisplaced(1, H("1011"))]
    assert state.models[1].hex == H("1011")
    crowded = arrange(setup(red, fleet(squadron("CR", 2))), {**PLACES, "CR-2": ("1011", N)})
    state, events = play(crowded, commands, [*HITS_4, 4, 4, 4, 4, 1, 1, 1, 1])
    bumps = [(e.source, e.target, e.ad, e.hits) for e in _of(events, AttackRolled)[1:]]
    assert bumps == [(AttackSource.COLLISION, 2, 4, 4), (AttackSource.COLLISION, 1, 4, 0)]
    assert state.models[1].hex == H("1010")
    assert (state.models[1].hull_damage, state.models[2].hull_damage) == (1, 1)


def test_a_creature_that_submerges_puts_out_its_fires() -> None:
    """DW-16.3: a creature or robot that submerges removes all its Fire markers; a submarine not."""
    beast = attrs.evolve(models()["SS"], id="SB", name="Sea beast", type=ModelType.CREATURE)
    game = setup(fleet(Squadron(beast, 1), squadron("SS", 1)), fleet(squadron("CR", 1)))
    burning = {"SB-1": Markers(fires=2), "SS-1": Markers(fires=2)}
    places = {"SB-1": ("1003", S), "SS-1": ("2003", S), "CR-1": ("3020", N)}
    state = arrange(game, places, markers=burning)
    dived, _ = play(state, [Activate("SB-1"), MoveModel("SB-1", "F", level=Level.SUBMERGED)])
    assert (dived.models[0].level, dived.models[0].markers.fires) == (Level.SUBMERGED, 0)
    sub, _ = play(state, [Activate("SS-1"), MoveModel("SS-1", "F", level=Level.SUBMERGED)])
    assert sub.models[1].markers.fires == 2


def test_streamlined_hull_adds_an_inch_to_a_move_without_a_turn() -> None:
    """DW-24 Streamlined Hull / DW-28.4: MV 8" + 1" = 9": 5 hexes on turn 2, straight only.

    The odd inch is carried on even turns; with a turn 4 hexes, and 4 for Blue's plain cruiser.
    """
    red = fleet(squadron("CR", 1, mars=("streamlined_hull",)))
    game = setup(red, fleet(squadron("CR", 1)))
    places = {"CR-1": ("1003", S), "CR-2": ("2020", N)}
    sleek, _ = play(arrange(game, places, turn=2), [Activate("CR-1")])
    swept, _ = play(sleek, [MoveModel("CR-1", "FFFFF")])
    assert swept.models[0].hex == H("1008")
    _refused(sleek, MoveModel("CR-1", "FFRFFF"), "It can move only 4 hexes this activation.")
    plain, _ = play(arrange(game, places, turn=2, active=1), [Activate("CR-2")])
    _refused(plain, MoveModel("CR-2", "FFFFF"), "It can move only 4 hexes this activation.")


def _turret(*mars: str) -> Weapon:
    """The battleship's fore turret with weapon MARs tied to it."""
    fore = models()["BB"].weapons[0]
    return attrs.evolve(fore, mars=tuple(MarRef(m) for m in mars))


def test_air_and_earth_hunters_add_one_to_hit() -> None:
    """DW-24 Air Hunter (+1 at obscured targets) and Earth Hunter (+1 at land divers)."""
    battleship = Shooter(models()["BB"])
    high = Target(models()["AS"], Level.OBSCURED)
    plain = hit_number(battleship, high, _turret(), 2)
    hunted = hit_number(battleship, high, _turret("air_hunter"), 2)
    assert (hunted.threshold, hunted.mod) == (plain.threshold, plain.mod + 1)
    burrower = attrs.evolve(models()["TK"], diving=Diving.LAND)
    below = Target(burrower, Level.SUBMERGED)
    dug = hit_number(battleship, below, _turret("earth_hunter"), 2)
    assert (dug.threshold, dug.mod) == (hit_number(battleship, below, _turret(), 2).threshold, 1)
    wet = hit_number(battleship, below, _turret("water_hunter"), 2)
    assert wet.mod == 1  # Water Hunter: any submerged target


def test_ferocious_beasts_hit_boarders_on_three() -> None:
    """DW-24 Ferocious: +1 to hit on its boarding dice (the creature's Elite Crew)."""
    landship = Boarding(models()["LS"], 1, 6)
    beast = Boarding(card("TK", "ferocious"), 0, 3)
    assert boarder_dice(beast, 3, landship) == (3, 1)
    assert boarder_dice(Boarding(models()["TK"], 0, 3), 3, landship) == (3, 0)
