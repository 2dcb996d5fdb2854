"""DW-28.13 Tier 1 checklist, items 1 to 7: one class per item, one test (or a few) per bullet.

Every test plays its bullet through the turn machine (`engine.dystopian.rules.decide` and
`engine.dystopian.evolve.evolve`, by `tests.engine.dystopian._game.play`) with forced dice where
the bullet is a rule of play, or calls the pure rule module where the bullet is one (the dice
engine, the path grammar), and asserts the digest's numbers. The models are the INVENTED
placeholder roster of DW-28.12 (Bastion Battleship BB: MV 6", Naval L, DR 6, CR 9, HP 8, RR 2;
Lancer Cruiser CR: MV 8", Naval M, DR 4, CR 6, HP 4, RR 1; Picket Frigate FF: MV 10", Naval S,
DR 3, CR 6, HP 2; Warden Escort ES; Kestrel Bomber BM: min 4", turning 1"; Hound Tank TK: land,
min 0", turning 0"; Rampart Landship LS: land, Large).

Where a bullet is also tested elsewhere in more depth, the class docstring names that file;
this file is the index a reviewer reads the checklist against. Not here: the fleet builder of
item 2 (its own helper), the STAR deck's T-card step of item 5 (DW-8, its own helper).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from engine.dice import Dice, ScriptedDice
from engine.dystopian.battlefield import method_two
from engine.dystopian.combat import ContactFire
from engine.dystopian.commands import (
    Activate,
    ChooseEdge,
    DeployModel,
    EndActivation,
    Fire,
    Generate,
    MoveModel,
    RollOff,
)
from engine.dystopian.context import DWCode
from engine.dystopian.dice import d2, d3, roll_d6, roll_pool, two_d6, worst
from engine.dystopian.events import (
    ActivationEnded,
    AttackRolled,
    AttackSource,
    ContactResolved,
    DamageDealt,
    DeployerChanged,
    EndPhaseBegan,
    GameLengthRolled,
    GeneratorRolled,
    HazardKind,
    InitiativeRolled,
    LossCause,
    ModelDisplaced,
    ModelLost,
    ModelMoved,
    MovementEnded,
    RepairRolled,
    RolledOff,
    TerrainTested,
    TurnBegan,
)
from engine.dystopian.evolve import evolve
from engine.dystopian.fleet import Squadron, escort_problems
from engine.dystopian.generating import GENERATE
from engine.dystopian.geometry import Level
from engine.dystopian.movement import ContactKind, MarkerAction
from engine.dystopian.rules import decide
from engine.dystopian.ruleset import setup_from_scenario
from engine.dystopian.state import DWState, Edge, GameLength, Markers, RecordedContact, Stage
from engine.dystopian.terrain import TerrainKind
from engine.dystopian.turns import END_PHASE, SEGMENTS
from engine.dystopian.wing_state import WingPlace
from engine.game import Command, Event, IllegalCommand
from engine.hexes import Facing
from tests.engine.dystopian._assets import fleets, models
from tests.engine.dystopian._game import (
    H,
    Place,
    arrange,
    card,
    fleet,
    play,
    setup,
    squadron,
)

N, NE, SE, S, SW, NW = Facing

RED = fleet(squadron("BB", 1, escorts=1), squadron("CR", 2), commodore=0)
"""Red: BB-1 (model 0) with escort ES-1 (1), squadron 0, the Commodore; CR-1, CR-2 (2, 3)."""
BLUE = fleet(squadron("CR", 2), squadron("FF", 3))
"""Blue: CR-3, CR-4 (models 4, 5, squadron 2); FF-1 to FF-3 (models 6-8, squadron 3)."""
GAME = setup(RED, BLUE)

FAR: dict[str, Place] = {
    "BB-1": ("1003", S),
    "ES-1": ("1103", S),
    "CR-1": ("2003", S),
    "CR-2": ("2103", S),
    "CR-3": ("3020", N),
    "CR-4": ("3120", N),
    "FF-1": ("0520", N),
    "FF-2": ("0620", N),
    "FF-3": ("0720", N),
}
"""Every model on the board, the two fleets 17 rows apart, bows towards each other."""


def _refused(state: DWState, command: Command, code: str, words: str) -> None:
    """The command is refused with ``code``, and its sentence contains ``words``."""
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert refused.value.code == code
    assert words in refused.value.message, refused.value.message


def _of(events: Sequence[Event], kind: type[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]


# ==== item 1 =====================================================================================


class TestItem1DiceEngine:
    """DW-28.13 item 1: the dice engine.

    Checklist: "seeded RNG; roll_pool(n, threshold, mod) with natural-6 explosion, natural-1
    miss, modified 6 worth 1 hit without exploding, and the worst-number rule; non-exploding D6,
    D2/D3 and 2D6 rolls; every roll written to the game log."

    Rules: DW-2.1, DW-2.2, DW-2.3, DESIGN 2 (counter-based dice). Also test_dice.py.
    """

    def test_a_seeded_stream_gives_the_same_roll_off_again(self) -> None:
        """DW-28.13 item 1 (seeded RNG): the same seed rolls the same edge and orders twice."""
        start = DWState.start(GAME)
        first = decide(start, RollOff(), Dice(18))
        again = decide(start, RollOff(), Dice(18))
        assert first == again
        rolled = first[0]
        assert isinstance(rolled, RolledOff)
        # The faces are the seed's stream, in order: 2D6 each round, then a D6 per order.
        stream = Dice(18)
        for red, blue in rolled.rolls:
            assert (red, blue) == (stream.roll(2, 6), stream.roll(2, 6))

    def test_roll_pool_reads_the_exploding_table(self) -> None:
        """DW-2.1 / DW-2.3: 6 scores 2 and adds a die, 1 misses; +1 makes a 5 one hit only.

        Three dice at 4+ with +1: 6 (2 hits, a new die), 1 (a natural 1 misses even at 3+),
        5 (a modified 6: 1 hit, no new die); the new die 3 hits at 3+: 4 hits, 4 dice.
        DW-28.13 item 1.
        """
        roll = roll_pool(ScriptedDice([6, 1, 5, 3]), 3, 4, +1)
        assert (roll.hits, roll.faces) == (4, (6, 1, 5, 3))
        assert [d.bonus for d in roll.dice] == [False, False, False, True]

    def test_the_worst_number_wins(self) -> None:
        """DW-2.3 / DW-15.5: Small Target's 5+ and Fast Target's 6 give 6; a natural 6 still 2.

        DW-28.13 item 1.
        """
        assert worst(4, 5, 6) == 6
        roll = roll_pool(ScriptedDice([6, 5, 2]), 2, worst(5, 6), -1)
        assert roll.hits == 2  # the natural 6 scores 2 and explodes (into a 2); the 5 misses

    def test_plain_d6_d2_d3_and_2d6_never_explode(self) -> None:
        """DW-2.2 / DW-2.3: a 6 on a plain D6 adds nothing; D2 and D3 read off a D6; 2D6 add.

        DW-28.13 item 1.
        """
        script = ScriptedDice([6, 3, 3, 6, 6])
        assert roll_d6(script).value == 6
        assert d2(script).value == 1  # 3 -> 1
        assert d3(script).value == 2  # 3 -> 2
        assert two_d6(script).total == 12
        assert script.position == 5  # no die was added for a 6

    def test_every_roll_is_in_the_log_and_replay_rolls_none(self) -> None:
        """DW-28.13 item 1: each die is in its event; folding the events needs no dice."""
        state = arrange(GAME, {**FAR, "CR-3": ("1010", N)})
        faces = [6, 4, 5, 1, 2, 3, 1, 1, 1, 1, 1]  # the turret's 10 dice at RB2, a 6's extra
        commands = [Activate("BB-1"), MoveModel("BB-1", "F"), MoveModel("ES-1", "F")]
        after, events = play(state, [*commands, Fire(("BB-1",), "fore-turret", ("CR-3",))])
        after, events = play(after, [EndActivation()], faces)
        rolled = _of(events, AttackRolled)[0]
        assert isinstance(rolled, AttackRolled)
        assert rolled.faces == tuple(faces)
        # Replay: the events alone give the same state (evolve takes no dice).
        _, all_events = play(state, [*commands, Fire(("BB-1",), "fore-turret", ("CR-3",))])
        replayed = state
        for event in [*all_events, *events]:
            replayed = evolve(replayed, event)
        assert replayed == after


# ==== item 2 =====================================================================================


class TestItem2Data:
    """DW-28.13 item 2: data (the fleet builder is another helper's, not here).

    Checklist: "model cards (schema = DW-4 plus weapons with type, arc, AD per RB, MARs,
    generators, tiny-flyer capacity) and the roster of DW-28.12; escort attachment; the two free
    wings."

    Rules: DW-4, DW-4.1, DW-21, DW-20.1, DW-28.12. Also test_models.py, test_fleet.py,
    test_state_setup.py.
    """

    def test_the_roster_is_the_placeholder_cards_with_their_stat_lines(self) -> None:
        """DW-28.12 (b): BB and CR stat lines and the BB's fore turret 8/10/8/5.

        DW-28.13 item 2.
        """
        cards = models()
        assert {"BB", "CR", "FF", "ES", "SS", "CV", "AS", "BM", "LS", "TK"} <= set(cards)
        bb, cr = cards["BB"], cards["CR"]
        assert (bb.mv, bb.dr, bb.cr, bb.hp, bb.ap, bb.aa, bb.cc, bb.rr) == (6, 6, 9, 8, 8, 7, 4, 2)
        assert (cr.mv, cr.dr, cr.cr, cr.hp, cr.ap, cr.aa, cr.cc, cr.rr) == (8, 4, 6, 4, 4, 3, 2, 1)
        turret = bb.weapons[0]
        assert turret.ad == (8, 10, 8, 5)
        assert cards["CV"].capacity == 6
        assert [(o.id, o.points, o.generators) for o in bb.options] == [("shield", 15, ("shield",))]

    def test_escorts_attach_to_their_parent_one_to_three(self) -> None:
        """DW-21: escorts join a Large parent's squadron; a fourth is refused.

        DW-28.13 item 2.
        """
        state = DWState.start(GAME)
        escort = state.models[1]
        assert (escort.ident, escort.escort, escort.squadron) == ("ES-1", True, 0)
        assert escort_problems(squadron("BB", 1, escorts=3)) == []
        assert escort_problems(squadron("BB", 1, escorts=4)) == [
            "4 escorts for 1 Bastion Battleship: at most 3 each."
        ]
        assert escort_problems(squadron("CR", 2, escorts=1)) == [
            "Escorts attach only to Large or Massive models, not to Lancer Cruisers."
        ]

    def test_the_two_free_wings_start_off_their_edge_fuelled(self) -> None:
        """DW-20.1 / DW-20.5: the sample fleet's free wings (4 fighters, 2 x 3 torpedo bombers).

        DW-28.13 item 2.
        """
        sample = fleets()["Sample naval fleet"]
        assert len(sample.free_wings) == 3
        game = setup(sample, BLUE)
        wings = [w for w in DWState.start(game).wings if w.owner == 0]
        assert sorted((w.kind.value, w.tokens, w.fuel) for w in wings) == [
            ("fighter", 4, 6),
            ("torpedo_bomber", 3, 6),
            ("torpedo_bomber", 3, 6),
        ]
        assert all(w.place is WingPlace.EDGE for w in wings)


# ==== item 3 =====================================================================================


class TestItem3Board:
    """DW-28.13 item 3: the board.

    Checklist: "36x24 hex grid with a terrain type per hex (DW-28.9) and one piece per hex;
    scenario maps, plus Method 2 random terrain; deployment zones and alternating deployment."

    Rules: DW-28.1, DW-28.5, DW-28.9, DW-22.7, DW-22.8. Also test_turn_deploy.py,
    test_battlefield.py.
    """

    def test_the_board_is_36_by_24_with_a_terrain_per_hex(self) -> None:
        """DW-28.1 / DW-28.9: 36 x 24 hexes; a listed reef, open water elsewhere.

        DW-28.13 item 3.
        """
        game = setup(RED, BLUE, terrain={"1212": TerrainKind.REEF})
        board = game.terrain
        assert (board.width, board.height) == (36, 24)
        assert board[H("1212")].kind is TerrainKind.REEF
        assert board[H("1213")].kind is TerrainKind.WATER

    def test_one_piece_per_hex(self) -> None:
        """DW-28.5: a model is not deployed on a hex another holds.

        DW-28.13 item 3.
        """
        state, _ = play(DWState.start(GAME), [RollOff(), ChooseEdge(Edge.TOP)], [6, 6, 1, 1, 3, 3])
        state, _ = play(state, [DeployModel("BB-1", H("0502"), S)])
        _refused(state, DeployModel("ES-1", H("0502"), S), DWCode.OCCUPIED, "0502")

    def test_a_scenario_lists_its_terrain(self) -> None:
        """DW-22.7: a scenario's map: reefs and an island where the scenario puts them.

        DW-28.13 item 3.
        """
        scenario = {
            "players": [
                {"name": "Red", "fleet": "Sample naval fleet"},
                {"name": "Blue", "fleet": "Sample naval fleet"},
            ],
            "board": {"terrain": {"reef": ["1010", "1011"], "ground": ["2012"]}},
        }
        game = setup_from_scenario(scenario, fleets())
        assert game.terrain[H("1011")].kind is TerrainKind.REEF
        assert game.terrain[H("2012")].kind is TerrainKind.GROUND
        assert game.terrain[H("2013")].kind is TerrainKind.WATER

    def test_method_two_rolls_each_area_twice_and_places_a_feature_on_five_up(self) -> None:
        """DW-22.7 Method 2: six 2' x 2' areas, each rolled by both players; 5+ a feature.

        The first area's first roll is a 5: the type die 3 is a reef (water board), placed by
        its position dice 6, 6 (column 6, the sixth row clear of the zone: 0611); the other eleven
        area rolls are 1s.
        DW-28.13 item 3.
        """
        faces = [5, 3, 6, 6, *([1] * 11)]
        field = method_two(ScriptedDice(faces), 36, 24, TerrainKind.WATER)
        assert len(field.rolls) == 12
        assert [(f.kind, f.hex) for f in field.features] == [(TerrainKind.REEF, H("0611"))]
        assert field.terrain[field.features[0].hex].kind is TerrainKind.REEF

    def test_deployment_is_in_the_zone_one_squadron_each_in_turn(self) -> None:
        """DW-22.8 steps 2-3: 4 rows deep; the chooser's squadron, then the opponent's.

        DW-28.13 item 3.
        """
        state, _ = play(DWState.start(GAME), [RollOff(), ChooseEdge(Edge.TOP)], [6, 6, 1, 1, 3, 3])
        _refused(state, DeployModel("BB-1", H("0505"), S), DWCode.OUTSIDE_ZONE, "zone")
        state, events = play(
            state, [DeployModel("BB-1", H("0504"), S), DeployModel("ES-1", H("0604"), S)]
        )
        assert events[-1] == DeployerChanged(1)
        assert state.active == 1


# ==== item 4 =====================================================================================


class TestItem4State:
    """DW-28.13 item 4: the state.

    Checklist: "turn number, phase, initiative, activation queue; each model's markers (...);
    wing fuel and token count; recorded contacts; Commodore re-roll used this turn."

    Rules: DW-5, DW-7, DW-9.1, DW-10.1, DW-20.5, DW-28.5. Also test_state_setup.py,
    test_turn_activation.py.
    """

    def test_turn_phase_initiative_and_the_activation_queue(self) -> None:
        """DW-7.1 / DW-9.1: turn 1, the activation stage, Red first; Red's squadrons queued.

        DW-28.13 item 4.
        """
        state = arrange(GAME, FAR)
        assert (state.turn, state.stage, state.initiative, state.active) == (
            1,
            Stage.ACTIVATION,
            0,
            0,
        )
        assert state.ready(0) == (0, 1)
        state, _ = play(state, [Activate("CR-1"), MoveModel("CR-1", "F"), MoveModel("CR-2", "F")])
        state, events = play(state, [EndActivation()])
        assert events[-1] == ActivationEnded(1, 1)
        assert (state.activated, state.ready(0), state.active) == ((1,), (0,), 1)

    @pytest.mark.parametrize(
        ("critical", "marker"),
        [
            (3, "shattered"),
            (5, "generators_offline"),
            (6, "half_ad"),
            (8, "half_mv"),
            (9, "nav_lock"),
            (10, "fusion_leak"),
            (11, "chaos"),
        ],
    )
    def test_each_critical_marker_is_kept_on_the_model(self, critical: int, marker: str) -> None:
        """DW-5 / DW-16.2: the flag a critical sets stays on the model's markers.

        DW-28.13 item 4.
        """
        state = arrange(GAME, FAR)
        state = evolve(state, DamageDealt(4, 6, 2, 0, (critical,), (), (marker,)))
        assert getattr(state.models[4].markers, marker) is True
        assert state.models[4].hull_damage == 2

    def test_counted_markers_levels_and_boarders_aboard(self) -> None:
        """DW-5: Fire x n, Corrosion x n, AP lost, Break, All Stop, arrow, Derelict/Prize.

        Obscured and Submerged are the model's level (DW-11.8, DW-11.9).
        DW-28.13 item 4.
        """
        markers = Markers(
            all_stop=True,
            reversing=True,
            broken=True,
            fires=2,
            corrosion=3,
            assault_damage=2,
            derelict=True,
            prize=True,
        )
        state = arrange(
            GAME, {**FAR, "CR-3": ("3020", N, Level.SUBMERGED)}, markers={"CR-4": markers}
        )
        assert state.models[5].markers == markers
        assert state.models[4].level is Level.SUBMERGED
        assert state.models[5].aboard == ()

    def test_wing_fuel_and_tokens(self) -> None:
        """DW-20.1 / DW-20.5: each wing keeps its tokens and fuel (6 to start).

        DW-28.13 item 4.
        """
        sample = fleets()["Sample naval fleet"]
        state = DWState.start(setup(sample, sample))
        assert [(w.tokens, w.fuel) for w in state.wings if w.owner == 1] == [
            (4, 6),
            (3, 6),
            (3, 6),
        ]

    def test_recorded_contacts_and_the_commodore_reroll(self) -> None:
        """DW-28.5: a ram is recorded (mover, kind, hex); DW-10.1: the re-roll used this turn.

        BB-1 (RR 2) steams into CR-3 three hexes ahead: the contact is recorded and rolled.
        DW-28.13 item 4.
        """
        state = arrange(GAME, {**FAR, "CR-3": ("1006", N)})
        faces = [1, 1, 1, 1, 1, 1]  # RR 2 and the cruiser's 4 dice back: all miss
        state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "FFF")])
        assert state.contacts == (RecordedContact(0, ContactKind.RAM, H("1006"), 4, bow=True),)
        state, _ = play(state, [MoveModel("ES-1", "F")], faces)
        contact = state.contacts[0]
        assert (contact.mover, contact.kind, contact.other, contact.resolved) == (
            0,
            ContactKind.RAM,
            4,
            True,
        )
        assert state.rerolls_used == (False, False)
        used = evolve(
            state, TerrainTested(0, HazardKind.TREACHEROUS, (1, 6), failed=False, rerolled=True)
        )
        assert used.rerolls_used == (True, False)


# ==== item 5 =====================================================================================


class TestItem5TurnLoop:
    """DW-28.13 item 5: the turn loop (the STAR deck's T-card step is another helper's).

    Checklist: "DW-7, covering T-card step (if cards are on), initiative, alternating activations
    with all segments, and the End Phase in order."

    Rules: DW-7.1, DW-7.2, DW-7.3, DW-9.1. Also test_turn_activation.py, test_turn_end.py.
    """

    def test_initiative_is_2d6_each_ties_rolled_again(self) -> None:
        """DW-9.1: 7 v 7 again, then 4 v 9: Blue activates first in turn 2.

        DW-28.13 item 5.
        """
        state = arrange(GAME, {"BB-1": ("1003", S), "CR-3": ("3020", N)})
        state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "F")])
        faces = [3, 4, 5, 2, 1, 3, 4, 5]
        state, events = play(state, [EndActivation(), Activate("CR-3"), MoveModel("CR-3", "F")])
        state, events = play(state, [EndActivation()], faces)
        assert events[-2:] == [
            TurnBegan(2),
            InitiativeRolled((((3, 4), (5, 2)), ((1, 3), (4, 5))), 1),
        ]
        assert (state.turn, state.active) == (2, 1)

    def test_players_alternate_and_the_segments_come_in_order(self) -> None:
        """DW-7.1 / DW-7.2: Red, Blue, Red; combat, boarding, morale after the movement.

        DW-28.13 item 5.
        """
        state = arrange(GAME, FAR)
        state, _ = play(state, [Activate("CR-1"), MoveModel("CR-1", "F"), MoveModel("CR-2", "F")])
        state, events = play(state, [EndActivation()])
        assert events[-1] == ActivationEnded(1, 1)
        state, _ = play(state, [Activate("FF-1"), *(MoveModel(f"FF-{n}", "F") for n in (1, 2, 3))])
        state, events = play(state, [EndActivation()])
        assert events[-1] == ActivationEnded(3, 0)
        names = [name for name, _ in SEGMENTS]
        steps = [
            next(n for n, name in enumerate(names) if name.startswith(start))
            for start in ("combat (DW-7.2 steps 3b, 3d)", "boarding (DW-7.2 step 4", "morale")
        ]
        assert steps == sorted(steps)  # DW-7.2: combat (3), boarding (4), morale (5)

    def test_the_end_phase_runs_its_steps_in_order(self) -> None:
        """DW-7.3: victory, drift, repairs then Corrosion, bravery, tidying, cards; then a turn.

        CR-3 carries Weapons Damaged and a fire: the repair step rolls 2 (repaired) for the
        weapons and 5 (a fire not out: 1 AP) for the fire, then the next turn's initiative.
        DW-28.13 item 5.
        """
        marked = {"CR-3": Markers(half_ad=True, fires=1)}
        state = arrange(GAME, {"BB-1": ("1003", S), "CR-3": ("3020", N)}, markers=marked)
        state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "F"), EndActivation()])
        state, _ = play(state, [Activate("CR-3"), MoveModel("CR-3", "F")])
        state, events = play(state, [EndActivation()], [2, 5, 6, 6, 1, 1])
        steps = [int(n.split(" ")[0]) for n, _ in END_PHASE if n[0].isdigit()]
        assert steps == sorted(steps)  # DW-7.3's fixed order (step 2 has drift and Magnetic Mines)
        assert sorted(set(steps)) == [1, 2, 3, 4, 5, 6]
        kinds = [type(e) for e in events[1:]]
        assert kinds == [EndPhaseBegan, RepairRolled, RepairRolled, TurnBegan, InitiativeRolled]
        repairs = _of(events, RepairRolled)
        assert [(r.marker, r.face, r.repaired, r.ap_lost) for r in repairs] == [  # type: ignore[attr-defined]
            ("half_ad", 2, True, 0),
            ("fires", 5, False, 1),
        ]

    @pytest.mark.parametrize(("face", "more"), [(3, False), (4, True)])
    def test_fixed_and_variable_game_length(self, face: int, more: bool) -> None:
        """DW-22.6: a one-turn variable game rolls a D6: 1-3 it ends, 4-6 one more turn.

        DW-28.13 item 5.
        """
        game = setup(RED, BLUE, turns=1, length=GameLength.VARIABLE)
        state = arrange(game, {"BB-1": ("1003", S), "CR-3": ("3020", N)})
        state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "F"), EndActivation()])
        state, _ = play(state, [Activate("CR-3"), MoveModel("CR-3", "F")])
        extra = [6, 6, 1, 1] if more else []
        state, events = play(state, [EndActivation()], [face, *extra])
        assert GameLengthRolled(0, face, more) in events
        assert (state.stage is Stage.OVER) is not more


# ==== item 6 =====================================================================================


class TestItem6Movement:
    """DW-28.13 item 6: movement through the turn machine (`MoveModel`).

    Checklist: "a path builder and validator (DW-28.4) covering MP, minimum move, K turning,
    pivots, stop/restart/reverse, land rotation, flyers/obscured, submerged, treacherous tests,
    snaking, board edges, least-disruption placement."

    Rules: DW-11, DW-28.4, DW-28.5, DW-13.3. Also test_movement.py, test_turn_movement.py,
    test_turn_activation.py.
    """

    def test_movement_points_and_the_minimum_move(self) -> None:
        """DW-28.4: the cruiser's MV 8" is 4 hexes; its 2" minimum is 1 hex, straight first.

        DW-28.13 item 6.
        """
        state, _ = play(arrange(GAME, FAR), [Activate("CR-1")])
        _refused(state, MoveModel("CR-1", "FFFFF"), DWCode.PATH, "only 4 hexes")
        _refused(state, MoveModel("CR-1", "RF"), DWCode.PATH, "first 1 hex straight")
        state, events = play(state, [MoveModel("CR-1", "FFFF")])
        assert isinstance(events[0], ModelMoved)
        assert events[0].steps == 4
        _refused(state, EndActivation(), DWCode.MUST_MOVE, "CR-2 must still make its minimum")

    def test_k_turning_and_the_final_pivot(self) -> None:
        """DW-28.4: Naval M (K = 2): FRF refused, FFRF turns; a pivot only after a straight step.

        DW-28.13 item 6.
        """
        state, _ = play(arrange(GAME, FAR), [Activate("CR-1")])
        _refused(state, MoveModel("CR-1", "FRF"), DWCode.PATH, "2 hexes straight ahead")
        _refused(state, MoveModel("CR-1", "FFRFL"), DWCode.PATH, "pivot")
        state, events = play(state, [MoveModel("CR-1", "FFRF"), MoveModel("CR-2", "FFL")])
        assert isinstance(events[0], ModelMoved)
        assert isinstance(events[1], ModelMoved)
        assert (events[0].facing, events[1].facing) == (SW, SE)

    def test_stop_restart_and_reverse(self) -> None:
        """DW-11.6: All Stop stays put; restart is its only move; an arrow moves one hex back.

        DW-28.13 item 6.
        """
        stopped = {"CR-1": Markers(all_stop=True), "CR-2": Markers(reversing=True)}
        state, _ = play(arrange(GAME, FAR, markers=stopped), [Activate("CR-1")])
        _refused(state, MoveModel("CR-1", "F"), DWCode.PATH, "All Stop")
        state, events = play(
            state,
            [MoveModel("CR-1", "", MarkerAction.RESTART), MoveModel("CR-2", "B")],
        )
        assert not state.models[2].markers.all_stop
        assert isinstance(events[1], ModelMoved)
        assert events[1].hexes == (H("2103"), H("2102"))  # one hex back, facing S still
        assert events[1].facing is S

    def test_land_rotation_instead_of_moving(self) -> None:
        """DW-11.4 / DW-28.4: a Large land model turns 3 hexsides (180 degrees) in place.

        A naval model never turns without moving (DW-11.4: only 360 movers pivot in place).
        DW-28.13 item 6.
        """
        land = setup(fleet(squadron("LS", 1)), fleet(squadron("TK", 3)), base=TerrainKind.GROUND)
        state = arrange(land, {"LS-1": ("1003", S), "TK-1": ("1020", N)})
        state, events = play(state, [Activate("LS-1"), MoveModel("LS-1", "RRR")])
        assert isinstance(events[1], ModelMoved)
        assert (events[1].hexes, events[1].facing) == ((H("1003"),), N)
        state, _ = play(arrange(GAME, FAR), [Activate("CR-1")])
        _refused(state, MoveModel("CR-1", "R"), DWCode.PATH, "without moving")

    def test_flyers_pass_over_and_may_go_obscured(self) -> None:
        """DW-11.8: a bomber declares an obscured move and flies over a ship in its path.

        DW-28.13 item 6.
        """
        air = setup(fleet(squadron("BM", 2)), BLUE)
        places = {"BM-1": ("1003", S), "BM-2": ("1103", S), "CR-3": ("1005", N)}
        state, _ = play(arrange(air, places), [Activate("BM-1")])
        state, events = play(state, [MoveModel("BM-1", "FFFF", level=Level.OBSCURED)])
        assert isinstance(events[0], ModelMoved)
        assert (events[0].hexes[-1], events[0].level) == (H("1007"), Level.OBSCURED)

    def test_submerged_models_pass_under_surface_models(self) -> None:
        """DW-11.9: a submarine declared submerged passes under a cruiser in its way.

        DW-28.13 item 6.
        """
        subs = setup(fleet(squadron("SS", 2)), BLUE)
        places = {"SS-1": ("1003", S), "SS-2": ("2003", S), "CR-3": ("1005", N)}
        state, _ = play(arrange(subs, places), [Activate("SS-1")])
        state, events = play(state, [MoveModel("SS-1", "FFF", level=Level.SUBMERGED)])
        assert isinstance(events[0], ModelMoved)
        assert (events[0].hexes[-1], events[0].level) == (H("1006"), Level.SUBMERGED)

    def test_treacherous_terrain_is_tested_and_a_failure_stops_the_model(self) -> None:
        """DW-13.3 / DW-28.4: more than half its MP through a reef: the size test (1 fails).

        DW-28.13 item 6.
        """
        game = setup(RED, BLUE, terrain={"2005": TerrainKind.REEF})
        state, _ = play(arrange(game, FAR), [Activate("CR-1")])
        state, events = play(state, [MoveModel("CR-1", "FFFF")], [1])
        tested = events[0]
        assert isinstance(tested, TerrainTested)
        assert tested.failed
        moved = events[1]
        assert isinstance(moved, ModelMoved)
        assert moved.hexes[-1] == H("2005")  # stopped in the first reef hex, a terrain contact
        assert moved.contact is not None
        assert moved.contact.kind is ContactKind.TERRAIN

    def test_board_edges_lose_the_model(self) -> None:
        """DW-11.1 / DW-28.4: a step off the table loses the model.

        DW-28.13 item 6.
        """
        state, _ = play(arrange(GAME, {**FAR, "CR-1": ("2002", N)}), [Activate("CR-1")])
        state, events = play(state, [MoveModel("CR-1", "FF")])
        assert ModelLost(2, LossCause.OFF_TABLE) in events
        assert state.models[2].lost

    def test_least_disruption_moves_a_token_aside(self) -> None:
        """DW-11.10: a ship ending over a submerged token moves the token to a free neighbour.

        DW-28.13 item 6.
        """
        places: dict[str, Place] = {**FAR, "CR-3": ("2005", N, Level.SUBMERGED)}
        state, _ = play(arrange(GAME, places), [Activate("CR-1")])
        state, events = play(state, [MoveModel("CR-1", "FF")])
        displaced = _of(events, ModelDisplaced)
        assert len(displaced) == 1
        assert isinstance(displaced[0], ModelDisplaced)
        assert H("2005").distance(displaced[0].hex) == 1
        assert state.models[2].hex == H("2005")

    def test_snaking_calls_for_the_size_test(self) -> None:
        """DW-11.5 / DW-28.4: after three left-right reversals every further turn is tested.

        No placeholder model has the MP for it: a tank card with MV 12" (6 hexes, turning 0")
        turns L R L R (three reversals), then its fifth turn calls for the size test: a 6
        passes, and it goes on to its sixth hex.
        DW-28.13 item 6.
        """
        fast = attrs.evolve(card("TK"), mv=12)
        land = setup(fleet(Squadron(fast, 3)), fleet(squadron("LS", 1)), base=TerrainKind.GROUND)
        places = {
            "TK-1": ("1010", S),
            "TK-2": ("0810", S),
            "TK-3": ("0809", S),
            "LS-1": ("3020", N),
        }
        _, events = play(
            arrange(land, places), [Activate("TK-1"), MoveModel("TK-1", "LFRFLFRFLFF")], [6]
        )
        assert events[1] == TerrainTested(0, HazardKind.SNAKING, (6,), failed=False)
        moved = events[2]
        assert isinstance(moved, ModelMoved)
        assert moved.steps == 6


# ==== item 7 =====================================================================================


class TestItem7Contacts:
    """DW-28.13 item 7: rams, collisions and terrain contacts.

    Checklist: "rams, collisions and terrain contacts (DW-12 and DW-28.5), including the
    post-contact fire limits (weapons and generators, DW-23 and DW-27 item 23) and disengaging."

    Rules: DW-12.2 to DW-12.7, DW-28.5, DW-27 items 7 and 23. Also test_turn_contact.py,
    test_ramming.py, test_getting_free.py, test_turn_generators.py.
    """

    def test_a_ram_rolls_rr_against_the_target_and_hp_back(self) -> None:
        """DW-12.4: BB-1's RR 2 at CR-3 and CR-3's starting HP 4 back, after the movement.

        DW-28.13 item 7.
        """
        state = arrange(GAME, {**FAR, "CR-3": ("1006", N)})
        faces = [4, 4, 1, 1, 1, 1]
        state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "FFF")])
        state, events = play(state, [MoveModel("ES-1", "F")], faces)
        rolled = _of(events, AttackRolled)
        assert [(r.source, r.ad, r.hits) for r in rolled] == [  # type: ignore[attr-defined]
            (AttackSource.RAM, 2, 2),
            (AttackSource.RAMMED, 4, 0),
        ]
        assert _of(events, MovementEnded) == [MovementEnded(0)]

    def test_an_rr_0_model_collides_and_each_rolls_its_starting_hp(self) -> None:
        """DW-12.1 / DW-12.4: the escort (RR 0) into CR-3: a collision, 2 dice out, 4 back.

        Small against Medium: the escort may fire nothing more, the cruiser half (DW-12.5).
        DW-28.13 item 7.
        """
        state = arrange(GAME, {**FAR, "CR-3": ("1106", N)})
        commands = [Activate("BB-1"), MoveModel("ES-1", "FFF"), MoveModel("BB-1", "F")]
        state, events = play(state, commands, [1] * 6)
        rolled = _of(events, AttackRolled)
        assert [(r.source, r.target, r.ad) for r in rolled] == [  # type: ignore[attr-defined]
            (AttackSource.COLLISION, 4, 2),
            (AttackSource.COLLISION, 1, 4),
        ]
        resolved = _of(events, ContactResolved)[0]
        assert isinstance(resolved, ContactResolved)
        assert dict(resolved.fire) == {1: ContactFire.NONE, 4: ContactFire.HALF}

    def test_terrain_rolls_its_dice_and_forbids_fire(self) -> None:
        """DW-12.4 / DW-12.5: an island (Medium, 8D6) against the cruiser; no fire after it.

        DW-28.13 item 7.
        """
        game = setup(RED, BLUE, terrain={"2006": TerrainKind.GROUND})
        state = arrange(game, {**FAR, "CR-3": ("2008", N)})
        state, events = play(state, [Activate("CR-1"), MoveModel("CR-1", "FFF")])
        state, events = play(state, [MoveModel("CR-2", "F")], [1] * 8)
        rolled = _of(events, AttackRolled)
        assert [(r.source, r.ad) for r in rolled] == [(AttackSource.TERRAIN, 8)]  # type: ignore[attr-defined]
        _refused(
            state,
            Fire(("CR-1",), "fore-turret", ("CR-3",)),
            DWCode.FIRE,
            "After that contact it cannot fire this activation.",
        )
        assert state.activation is not None
        assert state.activation.fire_limit(2) is ContactFire.NONE

    def test_a_larger_rammer_fires_half_and_the_smaller_nothing(self) -> None:
        """DW-12.5: Large on Medium: half dice for the battleship, none for the cruiser.

        DW-28.13 item 7.
        """
        state = arrange(GAME, {**FAR, "CR-3": ("1006", N)})
        state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "FFF")])
        state, events = play(state, [MoveModel("ES-1", "F")], [1] * 6)
        resolved = _of(events, ContactResolved)[0]
        assert isinstance(resolved, ContactResolved)
        assert dict(resolved.fire) == {0: ContactFire.HALF, 4: ContactFire.NONE}

    def test_disengaging_a_bow_contact(self) -> None:
        """DW-12.2 / DW-12.7 / DW-28.5: a bow touching a model may not step forward into it.

        BB-1 rams CR-3 bow to bow; in Blue's activation CR-3 may not move ahead (no new ram),
        but turns away one hexside instead of moving.
        DW-28.13 item 7.
        """
        state = arrange(GAME, {**FAR, "CR-3": ("1006", N), "CR-4": ("0907", N)})
        state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "FFF")])
        state, _ = play(state, [MoveModel("ES-1", "F"), EndActivation()], [1] * 6)
        state, _ = play(state, [Activate("CR-3")])
        _refused(state, MoveModel("CR-3", "F"), DWCode.PATH, "turn away")
        state, events = play(state, [MoveModel("CR-3", "L")])
        assert isinstance(events[0], ModelMoved)
        assert (events[0].hexes, events[0].facing) == ((H("1006"),), NW)

    def test_generators_after_a_contact(self) -> None:
        """DW-12.5 / DW-27 item 23: no generator after terrain; after an equal, Tesla whole.

        An invented Lancer Cruiser with a Tesla generator (DW-23; none of the placeholder cards
        carries one). CR-1 hits an island (Medium, 8 dice): its Tesla is refused. CR-2 rams
        CR-4, a cruiser like itself (half dice, DW-12.5): a single-die generator is not halved,
        it rolls its one die (a 4: no effect).
        DW-28.13 item 7.
        """
        science = attrs.evolve(card("CR"), generators=("tesla",))
        game = setup(
            fleet(Squadron(science, 2)),
            fleet(squadron("CR", 2)),
            terrain={"1006": TerrainKind.GROUND},
        )
        places: dict[str, Place] = {
            "CR-1": ("1003", S),
            "CR-2": ("1203", S),
            "CR-3": ("1107", N),
            "CR-4": ("1205", N),
        }
        state, _ = play(arrange(game, places), [Activate("CR-1"), MoveModel("CR-1", "FFF")])
        state, events = play(state, [MoveModel("CR-2", "FFF")], [1] * (8 + 1 + 4))
        assert state.activation is not None
        assert state.activation.fire_limit(0) is ContactFire.NONE
        assert state.activation.fire_limit(1) is ContactFire.HALF
        _refused(
            state,
            Generate("CR-1", "tesla", "CR-3"),
            GENERATE,
            "After hitting terrain or a larger model its generators cannot be used.",
        )
        _, events = play(state, [Generate("CR-2", "tesla", "CR-4")], [4])
        assert events[1] == GeneratorRolled(1, "tesla", 3, (4,))
