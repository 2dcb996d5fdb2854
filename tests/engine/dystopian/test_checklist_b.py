"""DW-28.13 Tier 1 checklist, items 9 to 17 (9 without indirect fire, 10, 11, 12, 14, 17).

One class per item, one test (or a few) per bullet. A bullet that is a rule of play goes
through the turn machine (`engine.dystopian.rules.decide` and `engine.dystopian.evolve.evolve`,
by `tests.engine.dystopian._game.play`) with forced dice; a bullet the turn machine does not
play (mines, see the class docstring) calls its pure resolution. The numbers are the digest's
and those of the INVENTED placeholder roster of DW-28.12 (Bastion Battleship BB: DR 6, CR 9,
HP 8, AP 8, AA 7, fore turret 8/10/8/5, torpedoes 6/6/4; Lancer Cruiser CR: DR 4, CR 6, HP 4,
AA 3, CC 2, fore turret 7/7/5/3; Picket Frigate FF: Small, DR 3, CR 6, HP 2; Warden Escort ES:
rockets 3/3/2, RR 0; Lurker Submarine SS: diving; Zephyr Airship AS: bombs (10) aft; Hound Tank
TK: AP 3; Rampart Landship LS: AA 7, AP 6).

Not here: indirect fire and the recon +1 (DW-18.7, DW-20.8), item 13 (tiny flyers) and item
16 (the board view), which other helpers own. Where a bullet is tested in more depth elsewhere
the class docstring names the file.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from engine.dice import Dice, ScriptedDice
from engine.dystopian.combat import Shooter, combined_ad, linked_ad, weapon_ad
from engine.dystopian.commands import Activate, Board, EndActivation, Fire, MoveModel
from engine.dystopian.commodore import CommodoreRerolled
from engine.dystopian.context import DWCode
from engine.dystopian.critical_levels import LevelForced
from engine.dystopian.damage import Critical, Hull, damage_from_hits, resolve_damage
from engine.dystopian.dice import roll_pool
from engine.dystopian.events import (
    AttackDeclared,
    AttackRolled,
    AttackSource,
    BoardingRolled,
    BoardingSettled,
    CheckKind,
    DamageDealt,
    DerelictDrifted,
    GameEnded,
    HazardKind,
    HitsCancelled,
    LossCause,
    ModelLost,
    MoraleChecked,
    RepairRolled,
    TerrainTested,
)
from engine.dystopian.evolve import evolve
from engine.dystopian.fleet import Squadron
from engine.dystopian.geometry import (
    Channel,
    Cover,
    Level,
    Piece,
    Sector,
    Size,
    channel_cover,
    sectors_of,
)
from engine.dystopian.los import Sight, line_of_sight
from engine.dystopian.morale import check_plan
from engine.dystopian.movement import parse_path
from engine.dystopian.ordnance import cancel_hits, detonate, sweep_mine
from engine.dystopian.ramming import resolve_ram
from engine.dystopian.rules import decide, legal_commands
from engine.dystopian.state import (
    DeclaredAttack,
    DWState,
    FieldOrder,
    Markers,
    Party,
    Stage,
    VictoryLevel,
)
from engine.dystopian.terrain import Board as Field
from engine.dystopian.terrain import TerrainKind, TerrainMap
from engine.dystopian.victory import victory_level, victory_points
from engine.game import Command, Event, IllegalCommand
from engine.hexes import Facing, Hex
from saves.codec import make_converter
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

RED = fleet(squadron("BB", 1, escorts=1), squadron("CR", 2), commodore=0)
"""Red: BB-1 (model 0) with escort ES-1 (1), squadron 0, the Commodore; CR-1, CR-2 (2, 3)."""
BLUE = fleet(squadron("CR", 2), squadron("FF", 3), squadron("SS", 2))
"""Blue: CR-3, CR-4 (4, 5, squadron 2); FF-1 to FF-3 (6-8, squadron 3); SS-1, SS-2 (9, 10)."""
GAME = setup(RED, BLUE)
BB1, ES1, CR1, CR2, CR3, CR4, FF1, FF2, FF3, SS1, SS2 = range(11)

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
    "SS-1": ("1520", N),
    "SS-2": ("1620", N),
}
"""Every model on the board, the fleets 17 rows apart; tests move the targets in."""


def _refused(state: DWState, command: Command, code: str, words: str) -> None:
    """The command is refused with ``code``, and its sentence contains ``words``."""
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert refused.value.code == code
    assert words in refused.value.message, refused.value.message


def _of(events: Sequence[Event], kind: type[Event]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def _battleship_moved(places: dict[str, Place], **models: Any) -> DWState:
    """BB-1 and ES-1 (Red's first squadron) each one hex ahead; ``models`` change fields."""
    state = arrange(GAME, {**FAR, **places})
    for ident, changes in models.items():
        index = state.index_of(ident)
        assert index is not None
        state = state.with_model(index, attrs.evolve(state.models[index], **changes))
    state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "F"), MoveModel("ES-1", "F")])
    return state


def _cruisers_moved(places: dict[str, Place], path: str = "F") -> DWState:
    """CR-1 and CR-2 (Red's second squadron) each ``path``."""
    state = arrange(GAME, {**FAR, **places})
    state, _ = play(state, [Activate("CR-1"), MoveModel("CR-1", path), MoveModel("CR-2", path)])
    return state


def _rolled(state: DWState, command: Command, dice: Sequence[int]) -> list[Any]:
    """The attacks rolled when ``command`` is declared and the activation ends."""
    _, events = play(state, [command, EndActivation()], dice)
    return _of(events, AttackRolled)


# ==== item 9 =====================================================================================


class TestItem9Combat:
    """DW-28.13 item 9: combat (indirect fire is another helper's).

    Checklist: "declaration before rolling; AD after hull damage and criticals (Half AD), with
    the minimum-1 rules; half-AD cases, Linked, Combined and Split Fire with their restrictions;
    the to-hit matrix including Small, Fast and Elusive (Elusive per DW-27 item 22); AA/CC as
    direct-threat reactions, including cancellation against rockets and torpedoes; bombs, mines
    (drop, trigger, blast, chain, CC sweep), rockets, torpedoes with their path rules."

    Mines are resolved by pure functions (`engine.dystopian.ordnance`: `mine_drop_problem`,
    `detonate`, `sweep_mine`) but the turn machine has no mine yet: no command drops one, the
    state keeps none, a move does not set one off. The tests of that bullet call the pure
    resolution only.

    Rules: DW-7.2, DW-15, DW-17, DW-18.1 to DW-18.6, DW-27 item 22. Also test_turn_combat.py,
    test_combat.py, test_ordnance.py, test_ordnance_aim.py.
    """

    def test_attacks_are_declared_before_any_die_is_rolled(self) -> None:
        """DW-7.2 step 3a / DW-15.1: `Fire` rolls nothing; the weapon fires once.

        DW-28.13 item 9.
        """
        state = _battleship_moved({"CR-3": ("1010", N)})
        fire = Fire(("BB-1",), "fore-turret", ("CR-3",))
        state, events = play(state, [fire])  # no dice at all
        assert events == [AttackDeclared(DeclaredAttack((BB1,), (0,), (CR3,)))]
        _refused(state, fire, DWCode.FIRE, "BB-1 has no fore-turret left to fire this activation.")

    def test_hull_damage_costs_gunnery_a_die_each_not_torpedoes(self) -> None:
        """DW-15.3 example: a battleship with 3 Hull Damage shoots 8 AD at RB3 with 5 dice.

        Its torpedoes (4 AD at RB3) are not reduced. CR-3 is 10 hexes ahead (RB3).
        DW-28.13 item 9.
        """
        state = _battleship_moved({"CR-3": ("1014", N)}, **{"BB-1": {"hull_damage": 3}})
        turret = _rolled(state, Fire(("BB-1",), "fore-turret", ("CR-3",)), [1] * 5)
        assert [(r.ad, r.weapon) for r in turret] == [(5, "Fore turret")]
        torpedoes = _rolled(state, Fire(("BB-1",), "torpedoes", ("CR-3",)), [1] * 4)
        assert [r.ad for r in torpedoes if r.source is AttackSource.WEAPON] == [4]

    def test_half_ad_and_the_minimum_of_one(self) -> None:
        """DW-16.2 Weapons Damaged: 8 AD at RB3 halved to 4; 7 Hull Damage leave 1, never 0.

        DW-28.13 item 9.
        """
        halved = _battleship_moved(
            {"CR-3": ("1014", N)}, **{"BB-1": {"markers": Markers(half_ad=True)}}
        )
        fire = Fire(("BB-1",), "fore-turret", ("CR-3",))
        assert [r.ad for r in _rolled(halved, fire, [1] * 4)] == [4]
        wrecked = _battleship_moved({"CR-3": ("1014", N)}, **{"BB-1": {"hull_damage": 7}})
        assert [r.ad for r in _rolled(wrecked, fire, [1])] == [1]

    def test_a_contact_halves_every_weapon(self) -> None:
        """DW-12.5: after ramming a Medium cruiser the Large battleship fires half: 8 -> 4.

        DW-28.13 item 9.
        """
        state = arrange(GAME, {**FAR, "CR-3": ("1006", N), "CR-4": ("1205", N)})
        state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "FFF")])
        state, _ = play(state, [MoveModel("ES-1", "F")], [1] * 6)  # the ram: all misses
        rolled = _rolled(state, Fire(("BB-1",), "fore-turret", ("CR-4",)), [1] * 4)
        assert [(r.target, r.ad) for r in rolled] == [(CR4, 4)]

    def test_linked_fire_adds_half_of_each_extra(self) -> None:
        """DW-17.1 examples: two cruisers at RB3 with 5 AD each: 5 + 2 = 7; at RB4, 3 + 1 = 4.

        DW-28.13 item 9.
        """
        rb3 = _cruisers_moved({"CR-3": ("2014", N)})
        linked = Fire(("CR-1", "CR-2"), "primary", ("CR-3",))
        assert [r.ad for r in _rolled(rb3, linked, [1] * 7)] == [7]
        rb4 = _cruisers_moved({"CR-3": ("2018", N)})
        assert [r.ad for r in _rolled(rb4, linked, [1] * 4)] == [4]

    def test_a_model_links_its_own_weapons_and_only_with_its_squadron(self) -> None:
        """DW-17.1: the battleship's two turrets (10 each at RB2) link for 10 + 5 = 15.

        Only one family links: `Fire` names one weapon or one kind for every contribution
        (``primary`` here), so a primary never joins a secondary. A model of another squadron
        (CR-1, beside the battleship) may not join; an out-of-command one neither (item 12).
        DW-28.13 item 9.
        """
        state = _battleship_moved({"CR-3": ("1308", N)})
        both = Fire(("BB-1", "BB-1"), "primary", ("CR-3",))
        rolled = _rolled(state, both, [1] * 15)
        assert [(r.attackers, r.ad) for r in rolled] == [((BB1, BB1), 15)]
        state = _battleship_moved({"CR-1": ("1203", S), "ES-1": ("1303", S), "CR-3": ("1010", N)})
        _refused(
            state,
            Fire(("BB-1", "CR-1"), "primary", ("CR-3",)),
            DWCode.FIRE,
            "CR-1 is not in the active squadron.",
        )

    def test_combined_fire_adds_every_contribution_in_full(self) -> None:
        """DW-17.2: combined, 3 + 3 + 2 = 8 (linked it would be 3 + 1 + 1 = 5).

        DW-28.13 item 9.
        """
        assert combined_ad(3, 3, 2) == 8
        assert linked_ad(3, 3, 2) == 5

    def test_split_fire_and_its_limits(self) -> None:
        """DW-17.3: 10 dice split 6 / 4; never 6 / 3, two shares on one target, linked, or by band.

        DW-28.13 item 9.
        """
        state = _battleship_moved({"CR-3": ("1010", N), "CR-4": ("1110", N)})
        split = Fire(("BB-1",), "fore-turret", ("CR-3", "CR-4"), (6, 4))
        _refused(
            state,
            Fire(("BB-1",), "fore-turret", ("CR-3", "CR-4"), (6, 3)),
            DWCode.FIRE,
            "The shares must add up to the weapon's 10 dice.",
        )
        rolled = _rolled(state, split, [1] * 10)
        assert [(r.target, r.ad) for r in rolled] == [(CR3, 6), (CR4, 4)]
        _refused(
            state,
            Fire(("BB-1",), "fore-turret", ("CR-3", "CR-3"), (5, 5)),
            DWCode.FIRE,
            "A split cannot put two shares on one target.",
        )
        _refused(
            state,
            Fire(("BB-1", "BB-1"), "primary", ("CR-3", "CR-4"), (5, 5)),
            DWCode.FIRE,
            "A linked attack cannot also be split.",
        )
        bands = _battleship_moved({"CR-3": ("1010", N), "CR-4": ("1115", N)})
        across = Fire(("BB-1",), "fore-turret", ("CR-3", "CR-4"), (5, 5))
        _refused(bands, across, DWCode.FIRE, "Fire cannot be split across range bands.")

    @pytest.mark.parametrize(
        ("target", "place", "threshold", "natural"),
        [
            ("CR-3", ("1010", N), 4, False),  # surface at surface: 4+
            ("FF-1", ("1010", N), 5, False),  # Small Target, a Capital shooter: 5-6
            ("SS-1", ("1010", N), 5, False),  # a diving model, surfaced: 5+
            ("SS-1", ("1010", N, Level.SUBMERGED), 6, False),  # submerged: 6 (see below)
        ],
    )
    def test_the_to_hit_matrix(
        self, target: str, place: Place, threshold: int, natural: bool
    ) -> None:
        """DW-15.4 / DW-15.5: the battleship's fore turret (RB2: no primary -1) at each target.

        A submerged target needs the matrix's 6; DW-11.9 says "natural 6s", but DW-24's Water
        Hunter (+1 to hit) only means something if modifiers apply, so a +1 makes a 5 one hit.
        DW-28.13 item 9.
        """
        state = _battleship_moved({target: place})
        dice = [1] * 10
        rolled = _rolled(state, Fire(("BB-1",), "fore-turret", (target,)), dice)
        assert [(r.threshold, r.natural_only) for r in rolled] == [(threshold, natural)]

    def test_fast_and_elusive_targets(self) -> None:
        """DW-15.5 / DW-27 item 22: Fast needs 6 of a Capital; Elusive 5-6 of a Small shooter.

        A Fast cruiser against the Capital battleship: 6. An Elusive cruiser: the Capital
        battleship hits it on 4+ (Elusive binds Small attackers only), the Small frigate on 5+.
        DW-28.13 item 9.
        """
        fast = setup(RED, fleet(Squadron(card("CR", "fast_target"), 2)))
        state = arrange(fast, {"BB-1": ("1003", S), "ES-1": ("1103", S), "CR-3": ("1010", N)})
        state, _ = play(state, [Activate("BB-1"), MoveModel("BB-1", "F"), MoveModel("ES-1", "F")])
        rolled = _rolled(state, Fire(("BB-1",), "fore-turret", ("CR-3",)), [1] * 10)
        assert [r.threshold for r in rolled] == [6]
        elusive = setup(
            fleet(squadron("BB", 1), squadron("FF", 3)),
            fleet(Squadron(card("CR", "elusive_target"), 2)),
        )
        places: dict[str, Place] = {
            "BB-1": ("1003", S),
            "FF-1": ("2003", S),
            "FF-2": ("2103", S),
            "FF-3": ("2203", S),
            "CR-1": ("1010", N),
            "CR-2": ("2009", N),
        }
        state, _ = play(arrange(elusive, places), [Activate("BB-1"), MoveModel("BB-1", "F")])
        rolled = _rolled(state, Fire(("BB-1",), "fore-turret", ("CR-1",)), [1] * 10)
        assert [r.threshold for r in rolled] == [4]
        state, _ = play(arrange(elusive, places), [Activate("FF-1")])
        moves = [MoveModel(f"FF-{n}", "F") for n in (1, 2, 3)]
        state, _ = play(state, moves)
        rolled = _rolled(state, Fire(("FF-1",), "fore-turret", ("CR-2",)), [1] * 4)
        assert [r.threshold for r in rolled] == [5]

    def test_aa_cancels_rocket_hits_each_responder_apart(self) -> None:
        """DW-18.2 / DW-18.3: the escort's rockets (3 AD at RB1) at CR-3; CR-3 and CR-4 answer.

        The rockets score 6, 4, 4: 4 hits (the 6's extra die a 1). CR-3's AA 3 rolls 5, 1, 1
        (1 cancelled), CR-4's 6, 1, 1 and its extra 2 (2 cancelled): 1 hit left, under DR 4.
        DW-28.13 item 9.
        """
        state = _battleship_moved({"CR-3": ("1106", N), "CR-4": ("1206", N)})
        dice = [6, 4, 4, 1, 5, 1, 1, 6, 1, 1, 2]
        _, events = play(
            state, [Fire(("ES-1",), "rocket-battery", ("CR-3",)), EndActivation()], dice
        )
        cancelled = _of(events, HitsCancelled)
        assert cancelled == [HitsCancelled(CR3, "AA", (CR3, CR4), ((5, 1, 1), (6, 1, 1, 2)), 3, 1)]
        assert DamageDealt(CR3, 1, 0, 0) in events

    def test_cc_cancels_torpedo_hits(self) -> None:
        """DW-18.3: the cruiser's torpedoes (4 AD at RB1) at CR-3; a 5 of its CC cancels one.

        4 hits (6 explodes into a 1); CR-3's CC 2 rolls 5, 1, CR-4's 1, 1: 3 left, under DR 4.
        DW-28.13 item 9.
        """
        state = _cruisers_moved({"CR-3": ("2008", N), "CR-4": ("2108", N)})
        dice = [6, 5, 4, 1, 1, 5, 1, 1, 1]
        _, events = play(state, [Fire(("CR-1",), "torpedoes", ("CR-3",)), EndActivation()], dice)
        cancelled = _of(events, HitsCancelled)
        assert cancelled == [HitsCancelled(CR3, "CC", (CR3, CR4), ((5, 1), (1, 1)), 1, 3)]

    def test_cc_answers_an_attacking_diver_first(self) -> None:
        """DW-7.2 step 3b / DW-18.2: CR-1's CC (2 at 4+) at the submerged SS-1 that attacks it.

        Then the torpedoes, fired from below: the matrix's 6 (DW-15.4).
        DW-28.13 item 9.
        """
        places: dict[str, Place] = {
            **FAR,
            "CR-1": ("2005", S),
            "CR-2": ("2105", S),
            "SS-1": ("2008", N, Level.SUBMERGED),
            "SS-2": ("3008", N),
        }
        state = arrange(GAME, places, active=1)
        moves = [MoveModel("SS-1", "F", level=Level.SUBMERGED), MoveModel("SS-2", "F")]
        state, _ = play(state, [Activate("SS-1"), *moves])
        rolled = _rolled(state, Fire(("SS-1",), "torpedoes", ("CR-1",)), [1] * 8)
        assert [(r.source, r.target, r.attackers, r.ad, r.threshold) for r in rolled] == [
            (AttackSource.CHARGES, SS1, (CR1,), 2, 4),
            (AttackSource.WEAPON, CR1, (SS1,), 6, 6),
        ]

    def test_a_torpedo_needs_a_clear_water_path(self) -> None:
        """DW-18.1 / DW-28.8: a naval torpedo cannot pass through another naval model.

        DW-28.13 item 9.
        """
        state = _cruisers_moved({"CR-3": ("2009", N), "CR-4": ("2006", N)})
        _refused(
            state,
            Fire(("CR-1",), "torpedoes", ("CR-3",)),
            DWCode.FIRE,
            "CR-1's torpedoes: The torpedoes' path is blocked by a model or terrain.",
        )

    def test_bombs_fall_from_the_aft_channel(self) -> None:
        """DW-18.5 / DW-28.6: the airship's 10 bombs at a cruiser 2 hexes astern, 4+.

        The cruisers' AA first (3 each at 4+, all misses: DW-18.2, the flyer attacks).
        DW-28.13 item 9.
        """
        air = setup(fleet(squadron("AS", 1)), BLUE)
        places: dict[str, Place] = {"AS-1": ("1006", N), "CR-1": ("1007", N), "CR-2": ("1107", N)}
        state, _ = play(arrange(air, places), [Activate("AS-1"), MoveModel("AS-1", "F")])
        # 3 + 3 AA, 10 bombs, then the airship's Swift Ascent die (DW-24: a 1, it stays)
        rolled = _rolled(state, Fire(("AS-1",), "bombs", ("CR-1",)), [1] * 17)
        assert [(r.source, r.attackers, r.ad, r.threshold) for r in rolled] == [
            (AttackSource.ACK_ACK, (1,), 3, 4),  # CR-1's AA at the attacking flyer, first
            (AttackSource.ACK_ACK, (2,), 3, 4),
            (AttackSource.WEAPON, (0,), 10, 4),  # then the bombs
        ]

    def test_mines_blast_chain_and_sweep(self) -> None:
        """DW-18.6 (pure resolution; the turn machine has no mines): one roll, full hits to all.

        A 4-dice mine scores 2 and hits both ships beside it; the other mine in the blast rolls
        a 6 and goes off in its turn. CC 6 against a mine of AD 5 scores 4: it survives.
        DW-28.13 item 9.
        """
        ships = (
            Piece(Hex(5, 4), Facing.N, Size.MEDIUM, Level.SURFACE, 0),
            Piece(Hex(6, 5), Facing.N, Size.MEDIUM, Level.SUBMERGED, 1),
        )
        field = Field(TerrainMap(), ships)
        blasts = detonate(ScriptedDice([4, 5, 1, 2, 6, 1, 1, 1]), field, Hex(5, 5), {
            Hex(5, 5): 4, Hex(4, 5): 3,
        })  # fmt: skip
        assert [(b.mine, b.hits, b.victims) for b in blasts] == [
            (Hex(5, 5), 2, (0, 1)),
            (Hex(4, 5), 0, (0,)),
        ]
        sweep = sweep_mine(ScriptedDice([5, 5, 5, 5, 3, 4]), 6, 5)
        assert (sweep.roll.hits, sweep.destroyed) == (4, False)


# ==== item 10 ====================================================================================


class TestItem10Damage:
    """DW-28.13 item 10: damage.

    Checklist: "the DR/CR comparison, multiple criticals, the starting-HP <= 2 rule, the critical
    table with all 11 effects, repairs (End Phase), fires, magazine explosion."

    Rules: DW-16.1 to DW-16.4, DW-27 item 2, DW-28.10. Also test_damage.py,
    test_end_phase_repairs.py, test_turn_combat.py.
    """

    @pytest.mark.parametrize(("faces", "hits", "hp"), [([4, 4, 4, 1], 3, 0), ([4, 4, 4, 4], 4, 1)])
    def test_hits_against_dr(self, faces: list[int], hits: int, hp: int) -> None:
        """DW-16.1: 3 hits under the cruiser's DR 4: nothing; 4 hits: 1 HP.

        DW-28.13 item 10.
        """
        state = _cruisers_moved({"CR-3": ("2010", N)})
        fire = Fire(("CR-1",), "fore-turret", ("CR-3",))
        _, events = play(state, [fire, EndActivation()], [*faces, 1, 1, 1])
        assert DamageDealt(CR3, hits, hp, 0) in events

    def test_the_digest_frigate_examples(self) -> None:
        """DW-16.1: 3 hits on a DR 3 frigate cost 1 HP; 6 (its CR 6) take 2 and sink it.

        DW-28.13 item 10.
        """
        frigate = Hull(card("FF"))
        assert damage_from_hits(frigate, 3).hp_lost == 1
        six = resolve_damage(ScriptedDice([]), frigate, 6)  # starting HP 2: no table roll
        assert (six.hp_lost, six.criticals, six.destroyed) == (2, (), True)

    def test_multiple_criticals(self) -> None:
        """DW-16.1: a CR 6 cruiser taking 12 hits suffers two criticals (18 would be three).

        DW-28.13 item 10.
        """
        outcome = resolve_damage(ScriptedDice([3, 5, 5, 5]), Hull(card("CR")), 12)
        assert [c.critical for c in outcome.criticals] == [
            Critical.ENGINE_FAILURE,
            Critical.FUSION_LEAK,
        ]
        assert outcome.hp_lost == 4
        assert damage_from_hits(Hull(card("CR")), 18).criticals == 3

    def test_a_frigate_reaching_its_cr_in_play_takes_2_and_sinks(self) -> None:
        """DW-16.1 / DW-15.5: the Capital battleship hits the Small frigate on 5+: 6 hits, lost.

        DW-28.13 item 10.
        """
        state = _battleship_moved({"FF-1": ("1010", N)})
        dice = [6, 6, 5, 5, 4, 1, 1, 1, 1, 1, 1, 1, *([1] * 3)]  # then FF's break check
        _, events = play(state, [Fire(("BB-1",), "fore-turret", ("FF-1",)), EndActivation()], dice)
        assert DamageDealt(FF1, 6, 2, 0) in events
        assert ModelLost(FF1, LossCause.DESTROYED) in events

    @pytest.mark.parametrize(
        ("first", "second", "critical", "marker", "ap"),
        [
            (1, 2, Critical.SHATTERED_DEFENCES, "shattered", 0),
            (2, 2, Critical.RAGING_FIRE, "fires", 2),
            (2, 3, Critical.SYSTEMS_OFFLINE, "generators_offline", 0),
            (3, 3, Critical.WEAPONS_DAMAGED, "half_ad", 0),
            (4, 4, Critical.ENGINE_FAILURE, "half_mv", 0),
            (4, 5, Critical.NAVIGATION_LOCK, "nav_lock", 0),
            (5, 5, Critical.FUSION_LEAK, "fusion_leak", 0),
            (5, 6, Critical.CHAOS_AND_DISARRAY, "chaos", 0),
        ],
    )
    def test_each_critical_result_in_play(
        self, first: int, second: int, critical: Critical, marker: str, ap: int
    ) -> None:
        """DW-16.2: 6 hits on CR-3 (CR 6) roll the table: 2 HP and the result's marker.

        DW-28.13 item 10.
        """
        state = _battleship_moved({"CR-3": ("1010", N)})
        dice = [4, 4, 4, 4, 4, 4, 1, 1, 1, 1, first, second]
        _, events = play(state, [Fire(("BB-1",), "fore-turret", ("CR-3",)), EndActivation()], dice)
        assert DamageDealt(CR3, 6, 2, ap, (int(critical),), (first, second), (marker,)) in events

    def test_hard_hit_costs_d3_plus_one_marines(self) -> None:
        """DW-16.2 7: 1D3+1 AP; a D6 of 4 is D3 2 (DW-2.2): 3 AP, 2 HP.

        DW-28.13 item 10.
        """
        outcome = resolve_damage(ScriptedDice([3, 4, 4]), Hull(card("CR")), 6)
        assert [c.critical for c in outcome.criticals] == [Critical.HARD_HIT]
        assert (outcome.ap_lost, outcome.hp_lost) == (3, 2)

    def test_the_sturginium_flare_flings_the_model(self) -> None:
        """DW-16.2 12 / DW-28.5: 1D6 way (1-2 bow), 2D6 distance halved: 2 + 3 = 5: 2 hexes.

        DW-28.13 item 10.
        """
        outcome = resolve_damage(ScriptedDice([6, 6, 2, 2, 3]), Hull(card("CR")), 6)
        (flare,) = outcome.criticals
        assert flare.critical is Critical.STURGINIUM_FLARE
        assert outcome.hp_lost == 2

    def test_a_navigation_lock_forbids_submerging(self) -> None:
        """DW-16.2 result 9: a model with a Navigation Lock cannot submerge (nor turn).

        SS-1 carries the lock: its submerged move is refused, a straight surface move is not.
        DW-28.13 item 10.
        """
        locked = {"SS-1": Markers(nav_lock=True)}
        state = arrange(GAME, {**FAR, "SS-1": ("1520", N)}, active=1, markers=locked)
        state, _ = play(state, [Activate("SS-1")])
        _refused(
            state,
            MoveModel("SS-1", "F", level=Level.SUBMERGED),
            DWCode.PATH,
            "A model with a Navigation Lock cannot submerge.",
        )
        _refused(state, MoveModel("SS-1", "FRF"), DWCode.PATH, "navigation locked")
        state, _ = play(state, [MoveModel("SS-1", "FF")])
        assert (state.models[SS1].hex, state.models[SS1].level) == (H("1518"), Level.SURFACE)

    def test_a_submerged_model_given_a_navigation_lock_surfaces_at_once(self) -> None:
        """DW-16.2 result 9: the turret hits submerged SS-1 on 6s only: 6 hits, 4 + 5 = 9.

        It surfaces in its hex at once (`LevelForced`; also test_critical_levels.py, with the
        obscured flyer on fire dropping out of the clouds, result 4).
        DW-28.13 item 10.
        """
        state = _battleship_moved({"SS-1": ("1010", N, Level.SUBMERGED)})
        dice = [6, 6, 6, *([1] * 7), 1, 1, 1, 4, 5]  # 10 turret dice, 3 extra, the 2D6
        state, events = play(
            state, [Fire(("BB-1",), "fore-turret", ("SS-1",)), EndActivation()], dice
        )
        assert DamageDealt(SS1, 6, 2, 0, (9,), (4, 5), ("nav_lock",)) in events
        assert LevelForced(SS1, Level.SURFACE, "nav_lock") in events
        assert state.models[SS1].level is Level.SURFACE

    def test_a_magazine_explosion_sinks_it_and_blasts_its_neighbour(self) -> None:
        """DW-16.2 2 / DW-28.10: all HP lost; 2 x starting HP 4 = 8 dice at CR-4 alongside.

        DW-28.13 item 10.
        """
        state = _battleship_moved({"CR-3": ("1010", N), "CR-4": ("1110", N)})
        dice = [6, 6, 4, 4, *([1] * 8), 1, 1, *([1] * 8), 1, 1, 1]  # the 2D6, the blast, a check
        _, events = play(state, [Fire(("BB-1",), "fore-turret", ("CR-3",)), EndActivation()], dice)
        assert DamageDealt(CR3, 6, 4, 0, (2,), (1, 1)) in events
        blast = [r for r in _of(events, AttackRolled) if r.source is AttackSource.MAGAZINE]
        assert [(r.target, r.ad) for r in blast] == [(CR4, 8)]
        assert ModelLost(CR3, LossCause.DESTROYED) in events

    def test_repairs_and_fires_in_the_end_phase(self) -> None:
        """DW-16.4: 1-3 repairs; a fire not out costs 1 AP, and on a 6 adds a Fire marker.

        CR-3 has Engine Failure and one fire: 4 fails the engine, 6 on the fire: 1 AP and a
        second Fire marker (rolled for only at the next End Phase).
        DW-28.13 item 10.
        """
        marked = {"CR-3": Markers(half_mv=True, fires=1)}
        places: dict[str, Place] = {"BB-1": ("1003", S), "ES-1": ("1103", S), "CR-3": ("3020", N)}
        state = arrange(GAME, places, markers=marked)
        state, _ = play(
            state,
            [Activate("BB-1"), MoveModel("BB-1", "F"), MoveModel("ES-1", "F"), EndActivation()],
        )
        state, _ = play(state, [Activate("CR-3"), MoveModel("CR-3", "F")])
        state, events = play(state, [EndActivation()], [4, 6, 6, 6, 1, 1])
        assert _of(events, RepairRolled) == [
            RepairRolled(CR3, "half_mv", 4, repaired=False),
            RepairRolled(CR3, "fires", 6, repaired=False, ap_lost=1, new_fire=True),
        ]
        cruiser = state.models[CR3]
        assert (cruiser.markers.half_mv, cruiser.markers.fires) == (True, 2)
        assert cruiser.markers.assault_damage == 1


# ==== item 11 ====================================================================================

LAND = setup(fleet(squadron("TK", 3)), fleet(squadron("LS", 1)), base=TerrainKind.GROUND)
"""Red: Hound tanks TK-1..TK-3 (models 0-2, AP 3); Blue: Rampart landship LS-1 (model 3)."""
TK1, TK2, TK3, LS1 = 0, 1, 2, 3
LAND_PLACES: dict[str, Place] = {
    "TK-1": ("1012", N),
    "TK-2": ("0911", N),
    "TK-3": ("1111", N),
    "LS-1": ("1010", N),
}
"""The tanks 2, 1 and 1 hexes from the landship."""
EXAMPLE_AA = [5, 1, 2, 5, 3, 4, 5]
"""DW-19.4 example: the landship's 7 AA split 3 / 2 / 2 at 5-6, one hit on each party."""
EXAMPLE_TANKS = [6, 4, 5, 4, 1, 5, 5]
"""The tanks' 2 MD each at 4+: (6, 4 and the 6's 5) = 4 hits, (4, 1) = 1, (5, 5) = 2: 7."""
EXAMPLE_LANDSHIP = [4, 4, 1, 2, 4, 3]
"""The landship's 6 MD split 2 / 2 / 2: (4, 4) = 2, (1, 2) = 0, (4, 3) = 1."""
SABOTAGE = [3, 4, 2]
"""Sabotage: 3 + 4 = 7, Hard Hit; its D3 (a 2 is 1) + 1: 2 AP lost."""
EXAMPLE = [*EXAMPLE_AA, *EXAMPLE_TANKS, *EXAMPLE_LANDSHIP, *SABOTAGE]
ALL_THREE = Board(("TK-1", "TK-2", "TK-3"), "LS-1")


def _boarded(board: Board = ALL_THREE, dice: Sequence[int] = EXAMPLE) -> tuple[DWState, list[Any]]:
    state, _ = play(arrange(LAND, LAND_PLACES), [Activate("TK-1")])
    return play(state, [board, EndActivation()], dice)


class TestItem11Boarding:
    """DW-28.13 item 11: boarding, through the turn machine.

    Checklist: "DW-19 in full, including defensive AA, melee, success/failure/sabotage, capture,
    derelict drift, prizes, returning marines."

    The DW-19.4 example: three Hound tanks of 3 AP board a Rampart landship of AA 7 and AP 6.
    Rules: DW-19.1 to DW-19.6. Also test_turn_boarding.py, test_boarding.py.
    """

    def test_defensive_aa_takes_a_marine_off_each_party(self) -> None:
        """DW-19.4 step 2: 7 AA split 3 / 2 / 2 at 5-6: the three parties of 3 drop to 2.

        DW-28.13 item 11.
        """
        _, events = _boarded()
        (rolled,) = _of(events, BoardingRolled)
        assert rolled.committed == (3, 3, 3)
        assert [(p.party, p.threshold, p.hits) for p in rolled.defence] == [
            (0, 5, 1),
            (1, 5, 1),
            (2, 5, 1),
        ]
        assert rolled.after_fire == (2, 2, 2)

    def test_the_melee_and_success_capture_the_landship(self) -> None:
        """DW-19.4 steps 3-5: 7 hits take its 6 AP; it takes 3 back: captured, a derelict.

        DW-28.13 item 11.
        """
        state, events = _boarded()
        (rolled,) = _of(events, BoardingRolled)
        assert (rolled.melee_hits, rolled.defence_hits) == ((4, 1, 2), (2, 0, 1))
        assert (rolled.target_ap, rolled.parties_left, rolled.outcome) == (
            (6, 0),
            (0, 2, 1),
            "captured",
        )
        assert state.models[LS1].markers.derelict

    def test_sabotage_when_a_capital_target_is_out_hit(self) -> None:
        """DW-19.4 step 4: 7 hits against 3 on a Capital landship: a critical (7, Hard Hit).

        DW-28.13 item 11.
        """
        _, events = _boarded()
        (rolled,) = _of(events, BoardingRolled)
        assert rolled.sabotage
        sabotage = _of(events, DamageDealt)
        assert [(d.model, d.criticals, d.ap_lost) for d in sabotage] == [(LS1, (7,), 2)]

    def test_a_failure_leaves_the_target_its_crew(self) -> None:
        """DW-19.4 step 4: target AP > 0 after the melee: failure, no sabotage, no capture.

        DW-28.13 item 11.
        """
        dice = [1] * 7 + [2] * 9 + [4, 1, 4, 1, 4, 1]
        state, events = _boarded(dice=dice)
        (rolled,) = _of(events, BoardingRolled)
        assert (rolled.outcome, rolled.sabotage, rolled.target_ap) == ("failure", False, (6, 6))
        assert not state.models[LS1].markers.derelict

    def test_marines_aboard_hold_a_prize_worth_double(self) -> None:
        """DW-19.5 / DW-22.5: TK-2's 2 and TK-3's 1 stay aboard: a prize, 2 x 140 VP.

        DW-28.13 item 11.
        """
        state, events = _boarded()
        (settled,) = _of(events, BoardingSettled)
        assert settled.aboard == (Party(TK2, 2), Party(TK3, 1))
        assert state.models[LS1].markers.prize
        assert victory_points(state, 0) == 2 * 140

    def test_returning_marines_leave_a_derelict_with_nobody_aboard(self) -> None:
        """DW-19.4 step 6: TK-2 calls its 2 home, TK-3 its 1: no prize, full VP only.

        DW-28.13 item 11.
        """
        state, events = _boarded(Board(("TK-1", "TK-2", "TK-3"), "LS-1", (0, 2, 1)))
        (settled,) = _of(events, BoardingSettled)
        assert (settled.aboard, settled.boarder_ap) == ((), (3, 1, 2))
        assert (state.models[LS1].markers.derelict, state.models[LS1].markers.prize) == (
            True,
            False,
        )
        assert victory_points(state, 0) == 140

    def test_a_derelict_with_nobody_aboard_drifts_in_the_end_phase(self) -> None:
        """DW-19.6: it never moves or fires by itself; 2" (1 hex) straight ahead in the End Phase.

        Blue's only squadron is the derelict landship: its activation moves nothing and lists
        no attack; the End Phase drifts it from 1010 to 1009 (it faces N).
        DW-28.13 item 11.
        """
        state, _ = _boarded(Board(("TK-1", "TK-2", "TK-3"), "LS-1", (0, 2, 1)))
        state, events = play(state, [Activate("LS-1")])
        assert events[1] == DerelictDrifted(LS1, (H("1010"),))  # nobody aboard: it stays
        assert not [c for c in legal_commands(state) if isinstance(c, Fire)]
        state, events = play(state, [EndActivation()], [6, 6, 1, 1])  # then turn 2's initiative
        assert DerelictDrifted(LS1, (H("1010"), H("1009"))) in events
        assert state.models[LS1].hex == H("1009")


# ==== item 12 ====================================================================================

MORALE_RED = fleet(squadron("BB", 1, escorts=1), squadron("CR", 3), commodore=0)
"""Red: BB-1 (0) with ES-1 (1), the Commodore; CR-1 to CR-3 (2-4, squadron 1)."""
MORALE_BLUE = fleet(squadron("FF", 3), squadron("SS", 2))
"""Blue: FF-1 to FF-3 (5-7, squadron 2), SS-1 and SS-2 (8, 9, squadron 3)."""
MORALE = setup(MORALE_RED, MORALE_BLUE)
MORALE_PLACES: dict[str, Place] = {
    "BB-1": ("0503", S),
    "ES-1": ("0603", S),
    "CR-1": ("1503", S),
    "CR-2": ("1603", S),
    "CR-3": ("1703", S),
    "FF-1": ("0520", N),
    "FF-2": ("0620", N),
    "FF-3": ("0720", N),
    "SS-1": ("1520", N),
    "SS-2": ("1620", N),
}
"""The Commodore 10 hexes from the cruisers (beyond its 8", 4 hexes)."""


class TestItem12Morale:
    """DW-28.13 item 12: morale.

    Checklist: "commanded element, out-of-command effects, command/break/bravery checks with
    all modifiers (which checks each bonus applies to: DW-10.3, DW-27 item 26), the Commodore
    and its re-roll, exempt model types."

    The Commodore's re-roll (DW-10.1) is played for a treacherous-terrain test (#1, here), a
    Magazine Explosion against the flagship (#3, here and test_commodore.py: automatic, no
    seat is asked mid-attack) and a repair roll (#4, test_end_phase_repairs.py); the re-roll of
    a critical against an enemy (#2) is not offered (the attacker's choice, no seat is asked).

    Rules: DW-9.3, DW-10, DW-27 items 3, 6, 17 and 26. Also test_morale.py,
    test_turn_activation.py.
    """

    def test_the_player_nominates_the_commanded_element(self) -> None:
        """DW-9.3: CR-3 apart from CR-1 and CR-2: the element named moves first; CR-3 checks.

        CR-3 starts 5 hexes from its mates: a command check with 3 - 1 = 2 dice (1 success
        needed); 4 and 1 pass it.
        DW-28.13 item 12.
        """
        places = {**MORALE_PLACES, "CR-3": ("2103", S)}
        state, events = play(arrange(MORALE, places), [Activate("CR-1", "CR-2")], [4, 1])
        assert events[1] == MoraleChecked(CheckKind.COMMAND, 1, (4,), 2, 1, (4, 1), 1, passed=True)
        _refused(state, MoveModel("CR-3", "F"), DWCode.PATH, "The commanded element moves first")

    def test_out_of_command_models_cannot_link(self) -> None:
        """DW-9.3: CR-3 out of command may not link its turret with CR-1's.

        Nor start a boarding: test_turn_boarding.py, the out-of-command boarder.

        DW-28.13 item 12.
        """
        places = {**MORALE_PLACES, "CR-3": ("2103", S), "FF-1": ("1712", N)}
        state, _ = play(arrange(MORALE, places), [Activate("CR-1", "CR-2")], [4, 1])
        moves = [MoveModel("CR-1", "F"), MoveModel("CR-2", "F"), MoveModel("CR-3", "F")]
        state, _ = play(state, moves)
        _refused(
            state,
            Fire(("CR-1", "CR-3"), "primary", ("FF-1",)),
            DWCode.FIRE,
            "A broken or out-of-command model cannot link its fire.",
        )

    def test_a_broken_squadron_cannot_link(self) -> None:
        """DW-10.4: broken, CR-1 and CR-2 may not link their turrets (each may fire alone).

        DW-28.13 item 12.
        """
        broken = {"CR-1": Markers(broken=True), "CR-2": Markers(broken=True)}
        places = {**MORALE_PLACES, "CR-1": ("1503", S), "CR-2": ("1603", S), "FF-1": ("1510", N)}
        state = arrange(MORALE, places, markers=broken)
        moves = [MoveModel("CR-1", "F"), MoveModel("CR-2", "F"), MoveModel("CR-3", "F")]
        state, _ = play(state, [Activate("CR-1"), *moves])
        _refused(
            state,
            Fire(("CR-1", "CR-2"), "primary", ("FF-1",)),
            DWCode.FIRE,
            "A broken or out-of-command model cannot link its fire.",
        )
        _, events = play(state, [Fire(("CR-1",), "primary", ("FF-1",))])
        assert events == [AttackDeclared(DeclaredAttack((2,), (0,), (5,)))]  # CR-1 at FF-1

    def test_a_loss_brings_a_break_check_and_a_failure_breaks_the_squadron(self) -> None:
        """DW-10.2 / DW-10.4: FF-1 sunk: its squadron tests, 3D6 (1-1-1): broken.

        DW-28.13 item 12.
        """
        places = {**MORALE_PLACES, "FF-1": ("0510", N)}
        state, _ = play(
            arrange(MORALE, places),
            [Activate("BB-1"), MoveModel("BB-1", "F"), MoveModel("ES-1", "F")],
        )
        dice = [6, 6, 5, 5, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
        state, events = play(
            state, [Fire(("BB-1",), "fore-turret", ("FF-1",)), EndActivation()], dice
        )
        (check,) = _of(events, MoraleChecked)
        assert (check.kind, check.squadron, check.dice, check.needed, check.passed) == (
            CheckKind.BREAK,
            2,
            3,
            1,
            False,
        )
        assert state.models[6].markers.broken

    def test_which_check_each_bonus_helps(self) -> None:
        """DW-10.3 / DW-27 item 26: Icon +1D6 on break and bravery only; Die Hard Crew on all.

        Commodore within 4 hexes: +1D6 on every check; out of command: -1D6 (command checks).
        DW-28.13 item 12.
        """
        icon = setup(
            fleet(squadron("BB", 1, mars=("icon",)), squadron("CR", 3), commodore=0), MORALE_BLUE
        )
        near = {**MORALE_PLACES, "BB-1": ("1003", S), "CR-1": ("1204", S)}
        state = arrange(icon, near)  # BB-1 (0, Icon, Commodore); CR-1 to CR-3 (1-3)
        plan_break = check_plan(state, CheckKind.BREAK, 1, (1, 2, 3))
        plan_command = check_plan(state, CheckKind.COMMAND, 1, (1,))
        assert plan_break is not None
        assert plan_command is not None
        # Icon and Commodore both within 8" of CR-1: break 3 + 1 + 1; command 3 + 1 - 1.
        assert (plan_break.dice, plan_command.dice) == (5, 3)
        hardy = setup(fleet(squadron("CR", 3, mars=("die_hard_crew",))), MORALE_BLUE)
        state = arrange(hardy, MORALE_PLACES)
        plan = check_plan(state, CheckKind.COMMAND, 0, (0,))
        assert plan is not None
        assert plan.dice == 3  # 3 - 1 (out of command) + 1 (Die Hard Crew)
        brave = setup(fleet(squadron("CR", 3, mars=("fearless",))), MORALE_BLUE)
        plan = check_plan(arrange(brave, MORALE_PLACES), CheckKind.COMMAND, 0, (0,))
        assert plan is not None
        assert plan.automatic

    def test_a_broken_squadron_takes_a_bravery_check_after_its_activation(self) -> None:
        """DW-10.2 / DW-10.4 / DW-27 item 3: 3D6 (2, 2, 5): one success, the Break comes off.

        DW-28.13 item 12.
        """
        broken = {n: Markers(broken=True) for n in ("CR-1", "CR-2", "CR-3")}
        state = arrange(MORALE, MORALE_PLACES, markers=broken)
        moves = [MoveModel(n, "F") for n in ("CR-1", "CR-2", "CR-3")]
        state, events = play(state, [Activate("CR-1"), *moves, EndActivation()], [2, 2, 5])
        assert _of(events, MoraleChecked) == [
            MoraleChecked(CheckKind.BRAVERY, 1, (2, 3, 4), 3, 1, (2, 2, 5), 1, passed=True)
        ]
        assert not any(state.models[n].markers.broken for n in (2, 3, 4))

    def test_the_commodore_rerolls_a_failed_repair(self) -> None:
        """DW-10.1 #4 / DW-16.4: BB-1's Weapons Damaged fails on 5; the re-roll, 2, repairs it.

        DW-28.13 item 12.
        """
        places: dict[str, Place] = {"BB-1": ("0503", S), "ES-1": ("0603", S), "FF-1": ("0520", N)}
        marked = {"BB-1": Markers(half_ad=True)}
        state = arrange(MORALE, places, markers=marked, activated=(1, 2, 3))
        moves = [Activate("BB-1"), MoveModel("BB-1", "F"), MoveModel("ES-1", "F")]
        state, events = play(state, [*moves, EndActivation()], [5, 2, 6, 6, 1, 1])
        assert _of(events, RepairRolled) == [
            RepairRolled(BB1, "half_ad", 2, repaired=True, rerolled_from=5)
        ]
        assert (state.turn, state.rerolls_used) == (2, (False, False))  # fresh in turn 2

    def test_losing_the_commodore_needs_two_successes(self) -> None:
        """DW-10.3: a fleet without its Commodore needs 2 successes on every check.

        DW-28.13 item 12.
        """
        state = arrange(MORALE, MORALE_PLACES)
        state = attrs.evolve(state, commodore_lost=(True, False))
        plan = check_plan(state, CheckKind.BREAK, 1, (2, 3, 4))
        assert plan is not None
        assert (plan.dice, plan.needed) == (3, 2)

    def test_the_commodore_rerolls_a_treacherous_test(self) -> None:
        """DW-10.1 #1: a failed reef test (1) re-rolled once a turn near the flagship (5).

        DW-28.13 item 12.
        """
        game = setup(MORALE_RED, MORALE_BLUE, terrain={"0605": TerrainKind.REEF})
        state, _ = play(arrange(game, MORALE_PLACES), [Activate("BB-1")])
        state, events = play(state, [MoveModel("ES-1", "FFFF", reroll=True)], [1, 5])
        assert events[0] == TerrainTested(
            ES1, HazardKind.TREACHEROUS, (1, 5), failed=False, rerolled=True
        )
        assert state.rerolls_used == (True, False)

    def test_the_commodore_rerolls_a_magazine_explosion_on_the_flagship(self) -> None:
        """DW-10.1 #3: 10 hits on BB-1 (CR 9): (1, 1) refused, the second roll 3 + 3 kept.

        Blue's cruiser CR-4 fires its fore turret from 5 hexes (RB2, 7 AD at 4+): three 6s
        (their extra dice 1s) and four 4s.
        DW-28.13 item 12.
        """
        game = setup(MORALE_RED, fleet(squadron("CR", 2)))  # Blue: CR-4, CR-5 (models 5, 6)
        places = {"BB-1": ("1010", N), "CR-4": ("1016", N), "CR-5": ("1116", N)}
        state = arrange(game, places, active=1)
        moves = [Activate("CR-4"), MoveModel("CR-4", "F"), MoveModel("CR-5", "F")]
        state, _ = play(state, moves)
        dice = [6, 6, 6, 4, 4, 4, 4, 1, 1, 1, 1, 1, 3, 3]
        state, events = play(
            state, [Fire(("CR-4",), "fore-turret", ("BB-1",)), EndActivation()], dice
        )
        assert CommodoreRerolled(0, BB1, 2, (1, 1)) in events
        assert DamageDealt(BB1, 10, 2, 0, (6,), (3, 3), ("half_ad",)) in events
        assert state.rerolls_used == (True, False)
        assert not state.models[BB1].lost

    def test_submarines_take_no_checks(self) -> None:
        """DW-10.2: submarines (and creatures, robots, burrowers, fortifications) are exempt.

        DW-28.13 item 12.
        """
        state = arrange(MORALE, MORALE_PLACES)
        assert check_plan(state, CheckKind.BREAK, 3, (8, 9)) is None


# ==== item 14 ====================================================================================


class TestItem14Victory:
    """DW-28.13 item 14: victory.

    Checklist: "Field Orders with instant win, VP with prize and half-HP rules, victory levels,
    fixed and variable game length."

    Rules: DW-22.4 to DW-22.6. Also test_turn_end.py, test_turn_activation.py (length).
    """

    def test_a_field_order_fulfilled_wins_at_once(self) -> None:
        """DW-22.4: Blue's order 6, the Commodore: BB-1 sunk mid-turn ends the game there.

        DW-28.13 item 14.
        """
        orders = (FieldOrder.DEFAULT, FieldOrder.COMMODORE)
        places = {**FAR, "BB-1": ("1010", N), "CR-3": ("1013", N), "CR-4": ("1113", N)}
        state = arrange(GAME, places, active=1, orders=orders)
        state = state.with_model(BB1, attrs.evolve(state.models[BB1], hull_damage=7))
        moves = [Activate("CR-3"), MoveModel("CR-3", "F"), MoveModel("CR-4", "F")]
        state, _ = play(state, moves)
        dice = [5, 5, 5, 5, 5, 5, 1]  # RB1: a primary needs 5+ (DW-15.2); 6 hits on DR 6
        state, events = play(
            state, [Fire(("CR-3",), "fore-turret", ("BB-1",)), EndActivation()], dice
        )
        ended = _of(events, GameEnded)
        assert len(ended) == 1
        assert (ended[0].result.winner, ended[0].result.level) == (1, VictoryLevel.CRUSHING)
        assert state.stage is Stage.OVER

    def test_vp_full_half_and_double(self) -> None:
        """DW-22.5: a lost cruiser 50; a battleship at half its HP 8 (4 damage) 75; escorts 0.

        DW-28.13 item 14.
        """
        state = arrange(GAME, FAR)
        state = state.with_model(CR3, attrs.evolve(state.models[CR3], lost=True))
        assert victory_points(state, 0) == 50
        state = state.with_model(BB1, attrs.evolve(state.models[BB1], hull_damage=4))
        state = state.with_model(ES1, attrs.evolve(state.models[ES1], lost=True))
        assert victory_points(state, 1) == 75

    @pytest.mark.parametrize(
        ("mine", "theirs", "level"),
        [
            (150, 100, VictoryLevel.CRUSHING),
            (130, 100, VictoryLevel.RESOUNDING),
            (110, 100, VictoryLevel.MARGINAL),
            (109, 100, VictoryLevel.DRAW),
        ],
    )
    def test_victory_levels(self, mine: int, theirs: int, level: VictoryLevel) -> None:
        """DW-22.5: 50% more VP crushing, 30% resounding, 10% marginal, less a draw.

        DW-28.13 item 14.
        """
        assert victory_level(mine, theirs) is level

    def test_a_fixed_game_ends_after_its_turns(self) -> None:
        """DW-22.6: a one-turn fixed game ends in its End Phase, VP counted: a draw at 0-0.

        DW-28.13 item 14.
        """
        game = setup(RED, BLUE, turns=1)
        state = arrange(game, {"CR-1": ("2003", S), "CR-2": ("2103", S), "SS-1": ("1520", N)})
        state, _ = play(
            state,
            [Activate("CR-1"), MoveModel("CR-1", "F"), MoveModel("CR-2", "F"), EndActivation()],
        )
        state, events = play(state, [Activate("SS-1"), MoveModel("SS-1", "F"), EndActivation()])
        (ended,) = _of(events, GameEnded)
        assert ended.result.reason == "the 1 turn has been played"
        assert (ended.result.vp, ended.result.level) == ((0, 0), VictoryLevel.DRAW)


# ==== item 17 ====================================================================================


class TestItem17PersistenceAndExamples:
    """DW-28.13 item 17: persistence, unit tests, and the seed's worked examples.

    Checklist: "save/load to JSON, and replay from seed plus action log; unit tests for dice,
    sectors, channels, LoS and the movement grammar; regression tests built from the seed's
    worked examples (ram example DW-12.4, linking examples DW-17.1, AA-vs-rockets example
    DW-18.3, mine examples DW-18.6, boarding example DW-19.4)."

    Rules: DW-12.4, DW-17.1, DW-18.3, DW-18.6, DW-19.4, DESIGN 4. Also
    test_ruleset_properties.py (replay, journal), tests/saves/ (the golden save), test_dice.py,
    test_geometry.py, test_los.py, test_movement.py.
    """

    def test_events_survive_json_and_replay_to_the_same_state(self) -> None:
        """DESIGN 4: every event of a ram and an attack, to JSON and back, folds the same.

        DW-28.13 item 17.
        """
        state = arrange(GAME, {**FAR, "CR-3": ("1006", N), "CR-4": ("1205", N)})
        commands = [Activate("BB-1"), MoveModel("BB-1", "FFF"), MoveModel("ES-1", "F")]
        after, events = play(state, commands, [1] * 6)
        after, more = play(
            after, [Fire(("BB-1",), "fore-turret", ("CR-4",)), EndActivation()], [1] * 4
        )
        converter = make_converter(ruleset())
        text = json.dumps([converter.unstructure(e, Event) for e in [*events, *more]])
        back = [converter.structure(e, Event) for e in json.loads(text)]
        replayed = state
        for event in back:
            replayed = evolve(replayed, event)
        assert replayed == after

    def test_the_same_seed_and_commands_replay_the_same_events(self) -> None:
        """DESIGN 2: replay from the seed and the command log: the same events, die for die.

        DW-28.13 item 17.
        """
        commands = [Activate("BB-1"), MoveModel("BB-1", "FFF"), MoveModel("ES-1", "F")]
        start = arrange(GAME, {**FAR, "CR-3": ("1006", N), "CR-4": ("1205", N)})
        commands += [Fire(("BB-1",), "fore-turret", ("CR-4",)), EndActivation()]

        def replay(seed: int) -> list[Event]:
            state, dice, events = start, Dice(seed), []
            for command in commands:
                for event in decide(state, command, dice):
                    state = evolve(state, event)
                    events.append(event)
            return events

        assert replay(28) == replay(28)
        rolled = [e for e in replay(28) if isinstance(e, AttackRolled)]
        # The ram's two pools, then the turret's 8 dice halved by the ram (DW-12.5): 4.
        assert [(r.source, r.ad) for r in rolled] == [
            (AttackSource.RAM, 2),
            (AttackSource.RAMMED, 4),
            (AttackSource.WEAPON, 4),
        ]

    def test_the_unit_rules_dice_sectors_channels_los_and_grammar(self) -> None:
        """DW-2.1, DW-28.6, DW-28.8, DW-28.4: one spot check each (the depth is elsewhere).

        Two dice 6, 4 and the 6's extra 1: 3 hits. Two hexes ahead of a model facing N is its
        fore sector F; two astern lies full in its aft channel. A Medium model between a Large
        shooter and its target blocks the line (DW-14.1). ``FFRF``: a turn on the third step.
        DW-28.13 item 17.
        """
        assert roll_pool(ScriptedDice([6, 4, 1]), 2).hits == 3
        assert sectors_of(Hex(5, 5), Facing.N, Hex(5, 3)) == frozenset({Sector.F})
        assert channel_cover(Channel.AFT, Hex(5, 5), Facing.N, Hex(5, 7)) is Cover.FULL
        pieces = (
            Piece(Hex(5, 9), Facing.N, Size.LARGE, Level.SURFACE, 0),
            Piece(Hex(5, 5), Facing.S, Size.MEDIUM, Level.SURFACE, 1),
            Piece(Hex(5, 7), Facing.S, Size.MEDIUM, Level.SURFACE, 1),
        )
        field = Field(TerrainMap(), pieces)
        assert line_of_sight(field, 0, 1).sight is Sight.BLOCKED
        assert [s.turn for s in parse_path("FFRF")] == [0, 0, 1]

    def test_ram_example(self) -> None:
        """DW-12.4: a dreadnought (RR 7, DR 7) rams a DR 4 cruiser: 5 hits, 1 critical.

        The cruiser's 4D6 back score 7 against DR 7: 1 HP, no critical (collision dice).
        Through the turn machine with the seed's dreadnought (the battleship card, RR 7, DR 7).
        DW-28.13 item 17.
        """
        dreadnought = attrs.evolve(card("BB"), rr=7, dr=7, cr=10)
        game = setup(fleet(Squadron(dreadnought, 1)), BLUE)
        state = arrange(game, {"BB-1": ("1003", S), "CR-1": ("1006", N), "CR-2": ("1108", N)})
        dice = [4, 4, 4, 4, 4, 1, 1, 6, 6, 4, 4, 1, 4, 4, 4]  # RR 7; HP 4 back; 2D6 critical
        state, events = play(state, [Activate("BB-1"), MoveModel("BB-1", "FFF")], dice)
        rolled = _of(events, AttackRolled)
        assert [(r.source, r.ad, r.hits) for r in rolled] == [
            (AttackSource.RAM, 7, 5),
            (AttackSource.RAMMED, 4, 7),
        ]
        dealt = _of(events, DamageDealt)
        assert [(d.model, d.hits, d.hp_lost, d.criticals) for d in dealt] == [
            (1, 5, 2, (8,)),  # the cruiser, now model 1: one critical, 4 + 4 Engine Failure
            (BB1, 7, 1, ()),
        ]
        eight = resolve_ram(
            ScriptedDice([6, 4, 4, 4, 4, 4, 4, 1, 1, 1, 1, 1, 4, 4, 3, 3]),
            Hull(dreadnought),
            Hull(card("CR")),
        )
        assert (eight.mover_roll.hits, len(eight.against_other.criticals)) == (8, 2)

    def test_linking_examples(self) -> None:
        """DW-17.1: 3+1 = 4, 5+2 = 7, 7+3 = 10, 7+3+3 = 13, (7+3)+5 = 15; four turrets 21.

        The first two through the turn machine (two cruisers' turrets, RB4 and RB3).
        DW-28.13 item 17.
        """
        rb4 = _cruisers_moved({"CR-3": ("2018", N)})
        assert [
            r.ad for r in _rolled(rb4, Fire(("CR-1", "CR-2"), "primary", ("CR-3",)), [1] * 4)
        ] == [4]
        rb3 = _cruisers_moved({"CR-3": ("2014", N)})
        assert [
            r.ad for r in _rolled(rb3, Fire(("CR-1", "CR-2"), "primary", ("CR-3",)), [1] * 7)
        ] == [7]
        assert linked_ad(7, 7) == 10
        assert linked_ad(7, 7, 7) == 13
        assert linked_ad(linked_ad(7, 7), linked_ad(7, 7)) == 15
        assert linked_ad(9, 9, 9, 9) == 21
        assert weapon_ad(Shooter(card("CR")), card("CR").weapons[0], 2) == 7

    def test_aa_against_rockets_example(self) -> None:
        """DW-18.3: 7 rocket hits on a CR 6 cruiser; linked AA 4 cancels 3; 4 still cost 1 HP.

        The cruiser and a squadron-mate link AA 3 + 1 = 4 dice and roll 2, 4, 5, 6 (+1).

        The turn machine answers with each responder apart, at full value (the digest's own
        advice); the example's linked pool is rolled by the same resolver.
        DW-28.13 item 17.
        """
        aa = linked_ad(card("CR").aa, card("CR").aa)
        assert aa == 4
        saved = cancel_hits(ScriptedDice([2, 4, 5, 6, 1]), 7, [aa])
        assert (saved.cancelled, saved.remaining) == (3, 4)
        assert resolve_damage(ScriptedDice([]), Hull(card("CR")), saved.remaining).hp_lost == 1

    def test_mine_examples(self) -> None:
        """DW-18.6: CC 6 against a mine of AD 5 scores 4 hits: the mine survives; 5 destroy it.

        DW-28.13 item 17.
        """
        survives = sweep_mine(ScriptedDice([5, 5, 5, 5, 3, 4]), 6, 5)
        assert (survives.roll.hits, survives.destroyed) == (4, False)
        destroyed = sweep_mine(ScriptedDice([5, 5, 5, 5, 5, 4]), 6, 5)
        assert (destroyed.roll.hits, destroyed.destroyed) == (5, True)

    def test_boarding_example(self) -> None:
        """DW-19.4: three 3-AP tanks board a landship of AA 7 and AP 6: captured and sabotaged.

        2 / 2 / 2 after the AA, its 6 MD split 2 / 2 / 2; 7 hits take its 6 AP (a Capital
        out-hit: sabotage).
        DW-28.13 item 17.
        """
        state, events = _boarded()
        (rolled,) = _of(events, BoardingRolled)
        assert (rolled.after_fire, rolled.melee_hits, rolled.target_ap) == (
            (2, 2, 2),
            (4, 1, 2),
            (6, 0),
        )
        assert (rolled.outcome, rolled.sabotage) == ("captured", True)
        assert state.models[LS1].markers.derelict
