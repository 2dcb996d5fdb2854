"""The acceptance checklist of the AoD digest, items 14 to 26 (AOD-26.17), and the standard game.

Every item is a class whose docstring quotes it; every bullet of the item is a test, played
through the turn machine (`engine.aod.rules.decide` / `engine.aod.evolve`, via `_game.play`)
with scripted dice, asserting the digest's numbers: clicks, heat, tokens, VP, need numbers.
AOD-23 (the standard game) closes the file; items 1 to 13 have a file of their own.

Units used (AOD-26.15, click 0): Pathguard HX-001 (foot, 6/8/15/1, green, 12 pts), Talon HX-002
(foot, Jade Falcon, 8/9/17/2 energy, Jump Jets), Field Repair Team HX-003 (Repair SE, attack 8),
Halberd HX-004 (hover, 14/9/17/2), Bastion APC HX-005 (tracked, C2, 10/8/18/1, Reactive Armor),
Longbow HX-006 (artillery 4/10 (24), attack 9, damage 2, A-L), Gadfly HX-007 (VTOL 16/9/17/2),
Kestrel HX-009 ('Mech, Jade Falcon elite, pri 3 energy, 12/10/18, JJ, Evade, vent 2), Warden
HX-010 ('Mech, Liao elite 185, pri 4 ballistic 2/14, sec 4 melee, 8/10/19, Heavy Armor, HD at
click 9), Tortoise HX-011 (Quad, Sea Fox, pri 3 energy, 9/9/18, Heavy Armor, HD at click 7).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from engine.aod.artillery_order import ArtilleryCode
from engine.aod.barrage import ARTILLERY, CRITICAL_MISS
from engine.aod.closecombat import SpecialKind
from engine.aod.combat import Modifier
from engine.aod.commands import (
    AssaultUnit,
    CallTime,
    CloseCombat,
    CloseFormation,
    DeployUnit,
    EndTurn,
    FireArtillery,
    LoadTransport,
    MoveUnit,
    PlaceTerrain,
    RangedAttack,
    RangedFormation,
    RepairUnit,
    RollFirstPlayer,
    SpecialMove,
    UnloadTransport,
    VentUnit,
    WithdrawForce,
)
from engine.aod.dial import DamageKind
from engine.aod.events import (
    ArtilleryResolved,
    AttackRolled,
    AweDeclared,
    AweRolled,
    CaptiveFreed,
    DeployerChanged,
    ForceWithdrawn,
    FormationOrdered,
    FreeSpinsOffered,
    GameEnded,
    HeatCause,
    HeatChanged,
    MarkerLanded,
    MarkersPlaced,
    OrderGiven,
    SpecialAttackRolled,
    TargetLocked,
    TerrainPlaced,
    TurnBegan,
    UnitCaptured,
    UnitDamaged,
    UnitDeployed,
    UnitEliminated,
    UnitMoved,
    UnitRepaired,
    UnitsUnloaded,
)
from engine.aod.fighters import combatant
from engine.aod.movement import Altitude
from engine.aod.narrate import tell
from engine.aod.ranged_order import LOCK_CODE
from engine.aod.rules import AoDCode, legal_commands
from engine.aod.scoring import final_scores
from engine.aod.state import AoDSetup, AoDState, ForceUnit, OrderKind, Result, Score, Stage
from engine.aod.status import DialStatus
from engine.aod.terrain import Edge, HexTerrain, TerrainMap, TerrainType
from engine.aod.transport_order import TransportCode
from engine.aod.units import WeaponSlot
from engine.game import Command, Event, IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.aod._assets import catalogue
from tests.engine.aod._combat import CloseRoll, armed, close_rolls
from tests.engine.aod._game import arrange, play, ruleset, setup, unit

N, NE, SE, S, SW, NW = Facing
H = Hex.from_label
CLOSE, PUSHING, IMPACT = DamageKind.CLOSE, DamageKind.PUSHING, DamageKind.IMPACT
CHARGE, DFA, RAM = SpecialKind
SHALLOW = HexTerrain(TerrainType.SHALLOW, feature=7)
DEEP = HexTerrain(TerrainType.DEEP, feature=8)
WALL = HexTerrain(TerrainType.BLOCKING, feature=9)


def _refused(state: AoDState, command: Command, code: str, message: str | None = None) -> str:
    """The command is refused with ``code`` (and ``message``); the message."""
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert refused.value.code == code
    if message is not None:
        assert refused.value.message == message
    return refused.value.message


def _of(events: Sequence[Event | Command], kind: type[Any]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def _damage(events: Sequence[Event]) -> list[tuple[int, int, str]]:
    """(unit, clicks, cause) of every `UnitDamaged`, in order."""
    return [(e.unit, e.clicks, e.cause) for e in _of(events, UnitDamaged)]


# ================================================================================== item 14


def _arty(terrain: dict[str, HexTerrain] | None = None) -> AoDSetup:
    game = setup(["HX-006", "HX-001"], ["HX-001", "HX-004"], terrain=terrain)
    return attrs.evolve(game, markers=tuple(catalogue().markers.values()))


ARTY = _arty()
"""Red: Longbow (HX-006a, artillery 4/10 (24), attack 9, damage 2, marker A-L: difficulty 19,
blast radius 1) and a Pathguard (HX-001a). Blue: a Pathguard (HX-001b), a Halberd (HX-004a)."""
ARTY_PLACES = {
    "HX-006a": ("1002", S),
    "HX-001a": ("1114", S),
    "HX-001b": ("1014", N),
    "HX-004a": ("0318", N),
}


def _battery(game: AoDSetup = ARTY, **places: tuple[str, Facing]) -> AoDState:
    return arrange(game, {**ARTY_PLACES, **places})


def _volley(state: AoDState, dot: str, dice: Sequence[int]) -> list[Event]:
    """Red fires A-L at ``dot``; both pass; the events of Red's next command stage."""
    state, _ = play(state, [FireArtillery("HX-006a", (("A-L", H(dot)),))])
    state, _ = play(state, [EndTurn()])
    _, events = play(state, [EndTurn()], dice)
    return events


class TestItem14Artillery:
    """AOD-26.17 item 14: Artillery (AOD-13, AOD-26.9, AOD-18.3, AOD-25 #19, #39)."""

    def test_band_max_below_d_up_to_long_and_max_range_zero_fires_long(self) -> None:
        """AOD-13.3 / AOD-26.9: the dot lies at ``10 < d <= 24`` from the Longbow.

        On a 30 x 30 board: 1012 (d 10) and 1027 (d 25) are refused, 1013 (d 11) and 1026
        (d 24) accepted. A Longbow printed ``0/0 (24)`` (attack 9 > 0, max range 0, AOD-12.1)
        still fires long range, at d 5, though it has no normal ranged attack.
        """
        big = attrs.evolve(ARTY, terrain=TerrainMap.of({}, 30, 30))
        state = _battery(big)
        for dot in ("1012", "1027"):
            said = _refused(
                state, FireArtillery("HX-006a", (("A-L", H(dot)),)), ArtilleryCode.DECLARE
            )
            assert "long-range fire reaches from 11 to 24" in said
        for dot in ("1013", "1026"):
            _, events = play(state, [FireArtillery("HX-006a", (("A-L", H(dot)),))])
            (placed,) = _of(events, MarkersPlaced)
            assert placed.markers[0].dot == H(dot)
        longbow = next(u for u in big.units if u.collector == "HX-006")
        blind = attrs.evolve(
            longbow,
            weapons=(attrs.evolve(longbow.weapons[0], min_range=0, max_range=0),),
        )
        game = attrs.evolve(big, units=tuple(blind if u is longbow else u for u in big.units))
        state = _battery(game, **{"HX-001b": ("1007", N)})
        _, events = play(state, [FireArtillery("HX-006a", (("A-L", H("1007")),))])
        assert _of(events, MarkersPlaced)[0].markers[0].dot == H("1007")
        _refused(state, RangedAttack("HX-006a", ("HX-001b",)), "attack/no_range")

    def test_resolution_in_the_next_command_stage(self) -> None:
        """AOD-13.4 / AOD-7.1: the marker waits through Blue's turn, comes down before Red's.

        Nothing happens in Blue's turn (one marker still waits); in Red's command stage the
        volley resolves before `TurnBegan`, and the marker is removed (AOD-13.4 step 7).
        """
        state, events = play(_battery(), [FireArtillery("HX-006a", (("A-L", H("1014")),))])
        assert events[0] == OrderGiven(
            unit(state, "HX-006a"), OrderKind.RANGED, pushed=False, tokens=1
        )
        state, events = play(state, [EndTurn()])
        assert not _of(events, ArtilleryResolved)
        assert len(state.markers) == 1
        state, events = play(state, [EndTurn()], [5, 4, 3])
        kinds = [type(e) for e in events]
        assert kinds.index(ArtilleryResolved) < kinds.index(TurnBegan)
        assert state.markers == ()

    def test_plus_two_for_a_clear_line_of_fire(self) -> None:
        """AOD-13.4 step 2: 3+3+3 + 9 = 18; +2 with a clear line: 20 >= 19 lands on the dot.

        A wall in 1008 blocks the line (it may be blocked, AOD-13.3): 18 < 19, it drifts.
        """
        clear = _of(_volley(_battery(), "1014", [3, 3, 3]), ArtilleryResolved)[0]
        assert clear.landings[0] == MarkerLanded(
            "A-L", H("1014"), 20, 19, clear=True, drift=None, distance=0, landed=H("1014")
        )
        blocked = _of(
            _volley(_battery(_arty({"1008": WALL})), "1014", [3, 3, 3]), ArtilleryResolved
        )[0]
        assert (blocked.landings[0].total, blocked.landings[0].clear) == (18, False)
        assert blocked.landings[0].drift is not None

    def test_drift_direction_and_distance_and_off_board_nothing(self) -> None:
        """AOD-13.4 steps 4-5 / AOD-26.9: a miss drifts by the black die and the margin band.

        1+2+1 + 9 + 2 = 15, margin 4: 2 hexes (A-L: 4-6 -> 2); black 1: "long", along the arrow
        (S) to 1016. Black 4 with 1+2+4 = 18, margin 1: 1 hex "short", N to 1013. Aimed at 1019,
        2 hexes S is off the 20-row board: nothing is damaged.
        """
        long = _of(_volley(_battery(), "1014", [1, 2, 1]), ArtilleryResolved)[0].landings[0]
        assert (long.total, long.drift, long.distance, long.landed) == (15, S, 2, H("1016"))
        short = _of(_volley(_battery(), "1014", [1, 2, 4]), ArtilleryResolved)[0].landings[0]
        assert (short.total, short.drift, short.distance, short.landed) == (18, N, 1, H("1013"))
        events = _volley(_battery(), "1019", [1, 2, 1])
        off = _of(events, ArtilleryResolved)[0].landings[0]
        assert (off.distance, off.landed) == (2, None)
        assert not _of(events, UnitDamaged)

    def test_blast_affects_friends_too_captives_excluded(self) -> None:
        """AOD-13.4 step 6: 5+4+3 + 9 + 2 = 23 on 1014; radius 1: 2 clicks to friend and foe.

        Red's own Pathguard in 1114 takes them as Blue's on the dot does; the far Halberd none.
        With Blue's Pathguard the captive of Red's (AOD-14.4), only the escort is hit.
        """
        state = _battery()
        ours, theirs = unit(state, "HX-001a"), unit(state, "HX-001b")
        events = _volley(state, "1014", [5, 4, 3])
        assert sorted(_damage(events)) == sorted([(ours, 2, ARTILLERY), (theirs, 2, ARTILLERY)])
        held = state.with_unit(theirs, attrs.evolve(state.units[theirs], captor=ours))
        assert _damage(_volley(held, "1014", [5, 4, 3])) == [(ours, 2, ARTILLERY)]

    def test_a_critical_miss_damages_only_the_shooter(self) -> None:
        """AOD-13.6: white 1 + 1: the Longbow takes 1 pushing click; the marker does nothing."""
        state = _battery()
        events = _volley(state, "1014", [1, 1, 6])
        (resolved,) = _of(events, ArtilleryResolved)
        assert (resolved.critical_miss, resolved.landings) == (True, ())
        hurt = _of(events, UnitDamaged)
        assert [(e.unit, e.clicks, e.kind, e.cause) for e in hurt] == [
            (unit(state, "HX-006a"), 1, PUSHING, CRITICAL_MISS)
        ]


# ================================================================================== item 15

CLOSE_GAME = armed(["HX-009", "HX-011", "HX-010"], ["HX-010", "HX-001", "HX-002", "HX-004"])
"""Red: Kestrel (HX-009a), Tortoise Quad (HX-011a), Warden (HX-010a). Blue: Warden (HX-010b,
defense 19, Heavy Armor), Pathguard (HX-001a, defense 15), Talon (HX-002a, defense 17), Halberd
(HX-004a)."""
CLOSE_FAR = {
    "HX-009a": ("0110", S),
    "HX-011a": ("0112", S),
    "HX-010a": ("0114", S),
    "HX-004a": ("1818", N),
}


def _melee(
    places: dict[str, tuple[str, Facing]], game: AoDSetup = CLOSE_GAME, **kw: Any
) -> AoDState:
    return arrange(game, {**CLOSE_FAR, **places}, **kw)


class TestItem15CloseCombat:
    """AOD-26.17 item 15: Close combat.

    Close combat: front-arc contact (Quads: any), rear +2, shallow-water and submerged restrictions,
    'Mech minimum 1, a Quad with no melee weapon dealing 1 (AOD-14.1, AOD-14.2, AOD-11.6, AOD-8.8,
    AOD-19.4, AOD-19.5).
    """

    def test_front_arc_contact_quads_any(self) -> None:
        """AOD-14.1: the target touches the front arc (a Quad: any side).

        AOD-14.1: the Kestrel facing away from the Warden behind it may not attack it; the Tortoise
        Quad facing away from a Pathguard does: 6 + 9 = 15 reaches 15.
        """
        state = _melee({"HX-009a": ("0505", N), "HX-010b": ("0506", N)})
        _refused(
            state,
            CloseCombat("HX-009a", "HX-010b"),
            AoDCode.NOT_ALLOWED,
            "The target must touch the front arc.",
        )
        state = _melee({"HX-011a": ("0505", N), "HX-001a": ("0506", N)})
        quad, squad = unit(state, "HX-011a"), unit(state, "HX-001a")
        _, events = play(state, [CloseCombat("HX-011a", "HX-001a")], [2, 2, 2])
        assert close_rolls(events)[1] == CloseRoll(quad, squad, (2, 2, 2), 9, 15, hit=True)

    def test_rear_contact_plus_two(self) -> None:
        """AOD-14.2: rear contact plus two.

        AOD-14.2: touching the rear arc of a Warden facing away: 7 + 10 + 2 = 19 hits 19; from its
        front the same 7 + 10 = 17 misses.
        """
        for facing, attack, hit in ((S, 12, True), (N, 10, False)):
            state = _melee({"HX-009a": ("0505", S), "HX-010b": ("0506", facing)})
            _, events = play(state, [CloseCombat("HX-009a", "HX-010b")], [3, 2, 2])
            roll = close_rolls(events)[1]
            assert isinstance(roll, CloseRoll)
            assert (roll.attack, roll.defense, roll.hit) == (attack, 19, hit)

    def test_shallow_water_and_submerged_restrictions(self) -> None:
        """AOD-14.1 / AOD-19.4 / AOD-19.5: shallow water and submerged restrictions.

        AOD-14.1 / AOD-19.4 / AOD-19.5: a Warden in shallow water is attacked only from that water
        (from 0505 also shallow: 9 + 10 = 19 hits, 3 + 1 Zellbrigen - 1 HA = 3 clicks); a submerged
        Warden only by a submerged enemy.
        """
        wet = armed(["HX-009", "HX-011"], ["HX-010", "HX-004"], terrain={"0506": SHALLOW})
        state = _melee({"HX-009a": ("0505", S), "HX-010a": ("0506", N)}, wet)
        _refused(
            state,
            CloseCombat("HX-009a", "HX-010a"),
            AoDCode.NOT_ALLOWED,
            "A unit in shallow water is attacked only from that water.",
        )
        both = armed(
            ["HX-009", "HX-011"], ["HX-010", "HX-004"], terrain={"0505": SHALLOW, "0506": SHALLOW}
        )
        state = _melee({"HX-009a": ("0505", S), "HX-010a": ("0506", N)}, both)
        _, events = play(state, [CloseCombat("HX-009a", "HX-010a")], [3, 3, 3])
        assert [e.clicks for e in _of(events, UnitDamaged)] == [3]
        deep = armed(["HX-009", "HX-011"], ["HX-010", "HX-004"], terrain={"0506": DEEP})
        state = _melee({"HX-009a": ("0505", S), "HX-010a": ("0506", N)}, deep)
        _refused(
            state,
            CloseCombat("HX-009a", "HX-010a"),
            AoDCode.NOT_ALLOWED,
            "Only a submerged enemy may attack a submerged unit.",
        )

    def test_mech_minimum_one_click(self) -> None:
        """AOD-11.6: mech minimum one click.

        AOD-11.6: the Warden at click 8 and heat 5 strikes with its melee secondary 2 - 2 = 0; 9 + 8
        = 17 hits the Talon's 17: still 1 click.
        """
        state = _melee(
            {"HX-010a": ("0505", S), "HX-002a": ("0506", N)},
            dials={"HX-010a": DialStatus(click=8, heat=5)},
        )
        talon = unit(state, "HX-002a")
        _, events = play(state, [CloseCombat("HX-010a", "HX-002a", secondary=True)], [3, 3, 3])
        assert _of(events, UnitDamaged) == [UnitDamaged(talon, CLOSE, 1, 1, 0, "close combat", 0)]

    def test_quad_without_melee_deals_one(self) -> None:
        """AOD-8.8 / AOD-11.6: quad without melee deals one.

        AOD-8.8 / AOD-11.6: the Tortoise's primary 3 counts as 1 in close combat: 1 click to the
        Pathguard (6 + 9 = 15 reaches 15).
        """
        state = _melee({"HX-011a": ("0505", S), "HX-001a": ("0506", N)})
        squad = unit(state, "HX-001a")
        _, events = play(state, [CloseCombat("HX-011a", "HX-001a")], [2, 2, 2])
        assert _of(events, UnitDamaged) == [UnitDamaged(squad, CLOSE, 1, 1, 0, "close combat", 0)]


# ================================================================================== item 16

CAPTURE_GAME = armed(["HX-001", "HX-001", "HX-009"], ["HX-010", "HX-001", "HX-007", "HX-005"])
"""Red: Pathguards HX-001a, b (Foot, attack 8), Kestrel HX-009a (110). Blue: Warden HX-010a
(defense 19, 185 points), Pathguard HX-001c (12), Gadfly VTOL HX-007a (defense 17, 50), Bastion
HX-005a (40)."""
CAPTURE_FAR = {
    "HX-001b": ("0112", S),
    "HX-009a": ("0110", S),
    "HX-010a": ("1818", N),
    "HX-001c": ("1618", N),
    "HX-007a": ("1418", N),
    "HX-005a": ("1218", N),
}


def _captors(places: dict[str, tuple[str, Facing]], **kw: Any) -> AoDState:
    return arrange(CAPTURE_GAME, {**CAPTURE_FAR, **places}, **kw)


def _held(state: AoDState, captive: str, escort: str) -> AoDState:
    index = unit(state, captive)
    return state.with_unit(index, attrs.evolve(state.units[index], captor=unit(state, escort)))


class TestItem16Capture:
    """AOD-26.17 item 16: Capture.

    Capture: +3; failure costs 1 click; a VTOL is eliminated; the captive and escort restrictions;
    VP x2 rules (AOD-14.3, AOD-14.4, AOD-22.2).
    """

    def test_plus_three_defense_and_the_captive_is_made(self) -> None:
        """AOD-14.3: 14 + 8 = 22 reaches the Warden's 19 + 3: a captive, no damage dealt."""
        state = _captors({"HX-001a": ("0505", S), "HX-010a": ("0506", N)})
        squad, warden = unit(state, "HX-001a"), unit(state, "HX-010a")
        state, events = play(state, [CloseCombat("HX-001a", "HX-010a", capture=True)], [5, 5, 4])
        assert close_rolls(events)[1:] == [
            CloseRoll(squad, warden, (5, 5, 4), 8, 22, hit=True, capture=True),
            UnitCaptured(warden, captor=squad),
        ]
        assert state.units[warden].dial == DialStatus(click=0)

    def test_failure_costs_one_click(self) -> None:
        """AOD-14.3: 13 + 8 = 21 < 22: the squad takes 1 pushing click that nothing prevents."""
        state = _captors({"HX-001a": ("0505", S), "HX-010a": ("0506", N)})
        squad = unit(state, "HX-001a")
        state, events = play(state, [CloseCombat("HX-001a", "HX-010a", capture=True)], [5, 5, 3])
        assert _of(events, UnitDamaged) == [UnitDamaged(squad, PUSHING, 1, 1, 1, "failed capture")]
        assert state.units[unit(state, "HX-010a")].captor is None

    def test_a_vtol_is_eliminated(self) -> None:
        """AOD-14.3: 12 + 8 = 20 reaches the Gadfly's 17 + 3: eliminated, Red scores 50."""
        state = _captors({"HX-001a": ("0505", S), "HX-007a": ("0506", N)})
        state, events = play(state, [CloseCombat("HX-001a", "HX-007a", capture=True)], [4, 4, 4])
        assert events[-1] == UnitEliminated(unit(state, "HX-007a"), scorer=0, points=50)
        assert state.elimination[0] == 50

    def test_captive_and_escort_restrictions(self) -> None:
        """AOD-14.4: captive and escort restrictions.

        AOD-14.4: a captive takes no order and is never attacked; its escort only moves and cannot
        be captured, but may be close-attacked.
        """
        places = {"HX-001a": ("0505", S), "HX-010a": ("0506", N), "HX-009a": ("0607", NW)}
        state = _held(_captors({**places, "HX-001c": ("0504", S)}), "HX-010a", "HX-001a")
        _refused(
            state,
            CloseCombat("HX-009a", "HX-010a"),
            AoDCode.NOT_ALLOWED,
            "A captive can never be attacked.",
        )
        _refused(
            state,
            CloseCombat("HX-001a", "HX-001c"),
            AoDCode.NOT_ALLOWED,
            "Pathguard Rifle Squad is guarding a captive: it can only move.",
        )
        blue = attrs.evolve(state, active=1)
        _refused(
            blue,
            MoveUnit("HX-010a", H("0507"), N),
            AoDCode.NOT_ALLOWED,
            "Warden WD-5H is a captive: it cannot be given orders.",
        )
        _refused(
            blue,
            CloseCombat("HX-001c", "HX-001a", capture=True),
            AoDCode.NOT_ALLOWED,
            "A unit holding a captive cannot be captured.",
        )
        _, events = play(blue, [CloseCombat("HX-001c", "HX-001a")], [3, 3, 3])
        assert _damage(events) == [(unit(state, "HX-001a"), 1, "close combat")]

    def test_vp_times_two_rules(self) -> None:
        """AOD-22.2 (b), (c): captives score 2 x their value (infantry only in the captor's zone).

        Captured through the rules, scored when time is called: the Warden (5+5+4 + 8 >= 22)
        scores 2 x 185 for Red wherever it is, and is no survivor for Blue; Blue's Pathguard
        (4+3+3 + 8 >= 18) scores 2 x 12 held in Red's zone (1002, top rows) and 0 held outside.
        """
        red = 12 + 12 + 110
        state = _captors({"HX-001a": ("0909", S), "HX-010a": ("0910", N)})
        capture = CloseCombat("HX-001a", "HX-010a", capture=True)
        _, events = play(state, [capture, CallTime()], [5, 5, 4])
        scores = _ended(events).scores
        assert (scores[0].control, scores[1].control) == (red + 2 * 185, 12 + 50 + 40)
        for where, vp in (("1002", 2 * 12), ("0505", 0)):
            escort = H(where).neighbor(S).label
            state = _captors({"HX-001a": (escort, N), "HX-001c": (where, S)})
            capture = CloseCombat("HX-001a", "HX-001c", capture=True)
            _, events = play(state, [capture, CallTime()], [4, 3, 3])
            assert UnitCaptured(unit(state, "HX-001c"), unit(state, "HX-001a")) in events
            assert _ended(events).scores[0].control == red + vp


# ================================================================================== item 17

ASSAULT_GAME = setup(["HX-009", "HX-001", "HX-002"], ["HX-001", "HX-010"])
"""Red: Kestrel HX-009a (speed 12, attack 10, primary 3 energy 0/10), Pathguard HX-001a, Talon
HX-002a. Blue: Pathguard HX-001b (defense 15), Warden HX-010a."""
APART = {
    "HX-009a": ("0505", S),
    "HX-001a": ("1505", S),
    "HX-002a": ("0205", S),
    "HX-001b": ("0515", N),
    "HX-010a": ("1515", N),
}


class TestItem17Assault:
    """AOD-26.17 item 17: Assault.

    Assault: no contact at the start, half move + fire or full move + close, +1 heat, +1 defense, no
    run, no formation (AOD-15, AOD-7.3, AOD-18.1).
    """

    def test_no_contact_at_the_start(self) -> None:
        """AOD-15 / AOD-7.3: a Kestrel touching the Pathguard gets no Assault order."""
        state = arrange(ASSAULT_GAME, {**APART, "HX-001b": ("0506", N)})
        _refused(state, AssaultUnit("HX-009a", H("0505"), S, ("HX-001b",)), AoDCode.NOT_ALLOWED)
        assert not _of(legal_commands(state), AssaultUnit)

    def test_half_move_then_fire(self) -> None:
        """AOD-15: half move then fire.

        AOD-15: 4 of its ceil(12/2) = 6 hexes, then a shot: 9 + 10 = 19 >= 15 + 1 (need 6); energy
        against infantry: 1 click. 7 hexes is refused (allowance 6).
        """
        state = arrange(ASSAULT_GAME, APART)
        kestrel, squad = unit(state, "HX-009a"), unit(state, "HX-001b")
        after, events = play(state, [AssaultUnit("HX-009a", H("0509"), S, ("HX-001b",))], [3, 3, 3])
        assert events[1] == UnitMoved(kestrel, H("0509"), S, Altitude.NOE, 4)
        shot = _of(events, AttackRolled)[0].shots[0]
        assert (shot.need, shot.hit, shot.clicks) == (6, True, 1)
        assert after.units[squad].dial.click == 1
        _refused(
            state,
            AssaultUnit("HX-009a", H("0512"), S, ("HX-001b",)),
            AoDCode.UNREACHABLE,
            "HX-009a cannot reach 0512 in this assault (allowance 6).",
        )

    def test_full_move_then_close(self) -> None:
        """AOD-15: full move then close.

        AOD-15: 9 of 12 hexes into contact, then close combat: 6 + 10 = 16 >= 15 + 1; the Kestrel's
        primary 3 in close combat (not reduced against infantry).
        """
        state = arrange(ASSAULT_GAME, APART)
        squad = unit(state, "HX-001b")
        command = AssaultUnit("HX-009a", H("0514"), S, ("HX-001b",), close=True)
        _, events = play(state, [command], [2, 2, 2])
        attack = _of(events, AttackRolled)[0]
        assert (attack.close, attack.shots[0].need, attack.shots[0].clicks) == (True, 6, 3)
        assert UnitDamaged(squad, CLOSE, 3, 3, 0, "close combat", 0) in events

    def test_plus_one_heat(self) -> None:
        """AOD-15 / AOD-10.1: +1 heat after the order; pushed, +1 more, applied together."""
        state = arrange(ASSAULT_GAME, APART)
        kestrel = unit(state, "HX-009a")
        command = AssaultUnit("HX-009a", H("0509"), S, ("HX-001b",))
        _, events = play(state, [command], [3, 3, 3])
        assert HeatChanged(kestrel, (HeatCause.ASSAULT,), 1, 1, shutdown=False, tokens=1) in events
        pushed = arrange(ASSAULT_GAME, APART, tokens={"HX-009a": 1})
        _, events = play(pushed, [command], [3, 3, 3])
        assert (
            HeatChanged(
                kestrel, (HeatCause.PUSHED, HeatCause.ASSAULT), 2, 2, shutdown=False, tokens=1
            )
            in events
        )

    def test_plus_one_defense(self) -> None:
        """AOD-15 / AOD-12.6: the target's defense gets the assault's +1: 15 + 1 = 16."""
        state = arrange(ASSAULT_GAME, APART)
        _, events = play(state, [AssaultUnit("HX-009a", H("0509"), S, ("HX-001b",))], [3, 3, 3])
        shot = _of(events, AttackRolled)[0].shots[0]
        assert shot.defense_modifiers == (Modifier("assault", 1, "AOD-15"),)
        assert shot.defense + sum(m.amount for m in shot.defense_modifiers) == 16

    def test_no_run_and_no_formation(self) -> None:
        """AOD-15: no run and no formation.

        AOD-15: no run: the close assault's allowance stays 12 (a run would double it), so 13 hexes
        is refused; an assaulting 'Mech is in no formation: once it has assaulted, a ranged
        formation naming it is refused (AOD-18.1).
        """
        state = arrange(ASSAULT_GAME, {**APART, "HX-001b": ("0519", N)})
        _refused(
            state,
            AssaultUnit("HX-009a", H("0518"), S, ("HX-001b",), close=True),
            AoDCode.UNREACHABLE,
            "HX-009a cannot reach 0518 in this assault (allowance 12).",
        )
        trio = {**APART, "HX-009a": ("0505", S), "HX-001a": ("0605", S), "HX-002a": ("0405", S)}
        state = arrange(ASSAULT_GAME, {**trio, "HX-001b": ("0512", N)})
        after, _ = play(state, [AssaultUnit("HX-009a", H("0506"), S, ("HX-001b",))], [3, 3, 3])
        said = _refused(
            after,
            RangedFormation(("HX-001a", "HX-009a", "HX-002a"), "HX-001b"),
            "formation/illegal",
        )
        assert said == "HX-009a cannot take a ranged order now."


# ================================================================================== item 18

SPECIAL_FORCES = (["HX-010", "HX-009", "HX-005"], ["HX-009", "HX-010", "HX-011", "HX-001"])
SPECIAL_FAR = {
    "HX-010a": ("0110", S),
    "HX-009a": ("0112", S),
    "HX-005a": ("0114", S),
    "HX-009b": ("1818", N),
    "HX-010b": ("1618", N),
    "HX-011a": ("1418", N),
    "HX-001a": ("1218", N),
}
"""Red: Warden HX-010a (primary 4, attack 10, speed 8), Kestrel HX-009a (Jump Jets, primary 3),
Bastion HX-005a (tracked, attack 8). Blue: Kestrel HX-009b (defense 18), Warden HX-010b (19,
Heavy Armor), Tortoise HX-011a, Pathguard HX-001a. No faction abilities (`setup`): the plain
special attacks."""


def _specials(
    places: dict[str, tuple[str, Facing]], terrain: dict[str, HexTerrain] | None = None
) -> AoDState:
    return arrange(setup(*SPECIAL_FORCES, terrain=terrain), {**SPECIAL_FAR, **places})


class TestItem18SpecialAttacks:
    """AOD-26.17 item 18: Special attacks.

    Charge, DFA and ram: damage, self-damage, modifiers (including the charge +2 for terrain
    features other than water, hills included), free-spin rules, heat, and no front-arc requirement
    for charge and ram (AOD-16, AOD-25 #12, #13, #40).
    """

    def test_charge_damage_self_damage_and_heat(self) -> None:
        """AOD-16.2: charge damage self damage and heat.

        AOD-16.2: 9 + 10 = 19 >= 18: the Kestrel takes 4 + 1 = 5 impact clicks, the Warden ceil(4/2)
        = 2; +1 heat for the run and +1 for the charge.
        """
        state = _specials({"HX-010a": ("0510", N), "HX-009b": ("0506", S)})
        warden, kestrel = unit(state, "HX-010a"), unit(state, "HX-009b")
        _, events = play(
            state, [SpecialMove("HX-010a", CHARGE, H("0507"), S, "HX-009b")], [3, 3, 3]
        )
        assert events[1:] == [
            UnitMoved(warden, H("0507"), S, Altitude.NOE, 3, run=True),
            SpecialAttackRolled(warden, kestrel, CHARGE, (3, 3, 3), 10, 18, hit=True),
            UnitDamaged(kestrel, IMPACT, 5, 5, 0, "charge", by=0),
            UnitDamaged(warden, IMPACT, 2, 2, 1, "charge"),
            HeatChanged(warden, (HeatCause.RUN, HeatCause.SPECIAL), 2, 2, shutdown=False, tokens=1),
        ]

    def test_dfa_damage_self_damage_and_heat(self) -> None:
        """AOD-16.2 / AOD-25 #12, #13: the Kestrel jumps onto the Warden (19 + 2 = 21, need 11).

        11 hits: 3 + 2 = 5 impact clicks (Heavy Armor ignored), 1 to itself, +1 heat. 10 misses:
        2 clicks to itself.
        """
        state = _specials({"HX-009a": ("0510", N), "HX-010b": ("0506", S)})
        kestrel, warden = unit(state, "HX-009a"), unit(state, "HX-010b")
        command = SpecialMove("HX-009a", DFA, H("0507"), N, "HX-010b")
        _, events = play(state, [command], [4, 4, 3])
        assert _of(events, SpecialAttackRolled)[0].defense == 21
        assert _damage(events) == [(warden, 5, "dfa"), (kestrel, 1, "dfa")]
        assert HeatChanged(kestrel, (HeatCause.SPECIAL,), 1, 1, shutdown=False, tokens=1) in events
        _, events = play(state, [command], [4, 3, 3])
        assert _damage(events) == [(kestrel, 2, "dfa")]

    def test_ram_damage_self_damage_no_heat(self) -> None:
        """AOD-16.2: ram damage self damage no heat.

        AOD-16.2: the Bastion rams the Kestrel: 10 + 8 = 18 hits: 2 clicks to the target, 1 to the
        ram, hit or miss; a vehicle has no heat.
        """
        state = _specials({"HX-005a": ("0510", N), "HX-009b": ("0506", S)})
        bastion, kestrel = unit(state, "HX-005a"), unit(state, "HX-009b")
        command = SpecialMove("HX-005a", RAM, H("0507"), S, "HX-009b")
        _, events = play(state, [command], [4, 3, 3])
        assert _damage(events) == [(kestrel, 2, "ram"), (bastion, 1, "ram")]
        assert not _of(events, HeatChanged)
        _, events = play(state, [command], [1, 2, 3])
        assert _damage(events) == [(bastion, 1, "ram")]

    def test_charge_plus_two_for_terrain_features_other_than_water_hills_included(self) -> None:
        """AOD-16.2 / AOD-25 #40: the line from 0502 to the Kestrel in 0506 crosses 0504.

        A clear hill, woods or a wall there: defense 18 + 2 = 20; shallow water or open ground:
        18. The attack modifier of a rear approach is apart (+2 attack, AOD-16.2).
        """
        woods = HexTerrain(TerrainType.HINDERING, feature=3)
        hill = HexTerrain(elevated=True, feature=3)
        for terrain, defense in ((hill, 20), (woods, 20), (SHALLOW, 18), (None, 18)):
            cells = {} if terrain is None else {"0504": terrain}
            state = _specials({"HX-010a": ("0502", S), "HX-009b": ("0506", N)}, cells)
            command = SpecialMove("HX-010a", CHARGE, H("0505"), S, "HX-009b")
            _, events = play(state, [command], [3, 3, 3])
            assert _of(events, SpecialAttackRolled)[0].defense == defense
        state = _specials({"HX-010a": ("0510", N), "HX-009b": ("0506", N)})
        _, events = play(
            state, [SpecialMove("HX-010a", CHARGE, H("0507"), N, "HX-009b")], [1, 2, 2]
        )
        assert _of(events, SpecialAttackRolled)[0].attack == 12  # rear approach: 10 + 2

    def test_free_spin_rules(self) -> None:
        """AOD-16.2 / AOD-8.5: free spin rules.

        AOD-16.2 / AOD-8.5: a charge from the front: the Kestrel may spin; from its rear: no spin. A
        DFA that hits: no spin; one that misses a 'Mech: it may spin.
        """
        front = _specials({"HX-010a": ("0510", N), "HX-009b": ("0506", S)})
        kestrel = unit(front, "HX-009b")
        _, events = play(
            front, [SpecialMove("HX-010a", CHARGE, H("0505"), S, "HX-009b")], [1, 2, 3]
        )
        assert [o.unit for o in _of(events, FreeSpinsOffered)[0].offers] == [kestrel]
        rear = _specials({"HX-010a": ("0510", N), "HX-009b": ("0506", N)})
        _, events = play(rear, [SpecialMove("HX-010a", CHARGE, H("0507"), N, "HX-009b")], [1, 2, 2])
        assert not _of(events, FreeSpinsOffered)
        jump = _specials({"HX-009a": ("0510", N), "HX-010b": ("0506", N)})
        warden = unit(jump, "HX-010b")
        command = SpecialMove("HX-009a", DFA, H("0507"), N, "HX-010b")
        _, hit = play(jump, [command], [4, 4, 3])
        assert not _of(hit, FreeSpinsOffered)
        _, missed = play(jump, [command], [4, 3, 3])
        assert [o.unit for o in _of(missed, FreeSpinsOffered)[0].offers] == [warden]

    def test_no_front_arc_for_charge_and_ram(self) -> None:
        """AOD-16.2 / AOD-6.2: no front arc for charge and ram.

        AOD-16.2 / AOD-6.2: charger and rammer end facing S, their target N of them (behind): both
        attacks are made (hits as above).
        """
        for mover, kind in (("HX-010a", CHARGE), ("HX-005a", RAM)):
            state = _specials({mover: ("0510", N), "HX-009b": ("0506", S)})
            _, events = play(state, [SpecialMove(mover, kind, H("0507"), S, "HX-009b")], [4, 3, 3])
            (rolled,) = _of(events, SpecialAttackRolled)
            assert (rolled.target, rolled.hit) == (unit(state, "HX-009b"), True)


# ================================================================================== item 19

HEAT_GAME = setup(["HX-009", "HX-001", "HX-001", "HX-002"], ["HX-010", "HX-001", "HX-004"])
"""Red: Kestrel HX-009a (energy primary 3, vent 2, HEAT-STD), Pathguards HX-001a, b, Talon
HX-002a (energy 2). Blue: Warden HX-010a (defense 19, Heavy Armor), Pathguard HX-001c, Halberd
HX-004a. HEAT-STD (AOD-26.14): position 4 avoid shutdown 3+; 5 avoid shutdown 4+ and ammo 3+
(a failure: 2 unreducible clicks and +1 heat); 6 automatic shutdown."""
HEAT_PLACES = {
    "HX-009a": ("0505", S),
    "HX-001a": ("0705", S),
    "HX-001b": ("0905", S),
    "HX-002a": ("1105", S),
    "HX-010a": ("0515", N),
    "HX-001c": ("0715", N),
    "HX-004a": ("0915", N),
}
RUN = MoveUnit("HX-009a", H("0519"), S, run=True)
"""A run of 14 hexes: +1 heat, and +1 more pushed (the Kestrel carries last turn's token)."""


def _hot(heat: int, *, shutdown: bool = False, tokens: int = 1, **places: Any) -> AoDState:
    return arrange(
        HEAT_GAME,
        {**HEAT_PLACES, **places},
        dials={"HX-009a": DialStatus(0, heat, shutdown=shutdown)},
        tokens={"HX-009a": tokens},
    )


def _heat(events: Sequence[Event]) -> list[HeatChanged]:
    return _of(events, HeatChanged)


class TestItem19Heat:
    """AOD-26.17 item 19: Heat.

    Heat: the total applied before checks; the cascade loop; automatic shutdown at position 6;
    shutdown by a failed check (the dial is not moved; 2 tokens); a shut-down 'Mech can only vent
    and gives attackers +4; further heat ignored while shut down, after either kind of shutdown;
    restart by roll and at position 0; energy-hit heat only once per turn; water cooling (AOD-10,
    AOD-7.6, AOD-26.14, AOD-25 #37).
    """

    def test_total_applied_before_checks(self) -> None:
        """AOD-10.2: total applied before checks.

        AOD-10.2: push + run = +2 from 3 lands on 5 at once: only position 5's two checks are rolled
        (shutdown 4+: 5 passes; ammo 3+: 6 passes), none of position 4's.
        """
        state = _hot(3)
        _, events = play(state, [RUN], [5, 6])
        (heat,) = _heat(events)
        assert (heat.causes, heat.change, heat.heat, heat.shutdown) == (
            (HeatCause.PUSHED, HeatCause.RUN),
            2,
            5,
            False,
        )
        assert [(r.kind, r.position, r.need, r.die) for r in heat.rolls] == [
            ("shutdown", 5, 4, 5),
            ("ammo", 5, 3, 6),
        ]

    def test_cascade_loop(self) -> None:
        """AOD-10.2 / AOD-26.14: cascade loop.

        AOD-10.2 / AOD-26.14: at 5 the ammo check fails (1 < 3): 2 unreducible clicks and +1 heat,
        applied at once: the loop reaches 6 and shuts the 'Mech down (3 in all).
        """
        state = _hot(3)
        kestrel = unit(state, "HX-009a")
        after, events = play(state, [RUN], [5, 1])
        (heat,) = _heat(events)
        assert (heat.change, heat.heat, heat.shutdown, heat.tokens) == (3, 6, True, 2)
        assert _of(events, UnitDamaged) == [
            UnitDamaged(kestrel, DamageKind.UNREDUCIBLE, 2, 2, 2, "ammo explosion")
        ]
        assert after.units[kestrel].dial == DialStatus(2, 6, shutdown=True)

    def test_automatic_shutdown_at_position_six(self) -> None:
        """AOD-10.4: +2 from 5 stops at 6, the radiation symbols: shut down, 2 tokens, no dice."""
        state = _hot(5)
        kestrel = unit(state, "HX-009a")
        after, events = play(state, [RUN])
        assert _heat(events) == [
            HeatChanged(kestrel, (HeatCause.PUSHED, HeatCause.RUN), 1, 6, shutdown=True, tokens=2)
        ]
        assert after.units[kestrel].tokens == 2

    def test_shutdown_by_a_failed_check_dial_not_moved_two_tokens(self) -> None:
        """AOD-10.4: shutdown by a failed check dial not moved two tokens.

        AOD-10.4: at 5 the avoid-shutdown check fails (2 < 4): shut down with the dial left at 5
        (not turned to 6) and two tokens; the ammo check passes (6).
        """
        state = _hot(3)
        kestrel = unit(state, "HX-009a")
        after, events = play(state, [RUN], [2, 6])
        (heat,) = _heat(events)
        assert (heat.heat, heat.shutdown, heat.tokens) == (5, True, 2)
        assert after.units[kestrel].dial == DialStatus(0, 5, shutdown=True)

    def test_shut_down_only_vents_and_attackers_get_plus_four(self) -> None:
        """AOD-10.4 / AOD-7.3: shut down only vents and attackers get plus four.

        AOD-10.4 / AOD-7.3: a shut-down Kestrel may only vent; the Warden shooting it gets +4: 6 +
        10 + 4 = 20 reaches its 18 + 2 (Evade): need 6.
        """
        state = _hot(6, shutdown=True, tokens=2, **{"HX-009a": ("0505", S)})
        _refused(
            state,
            MoveUnit("HX-009a", H("0506"), S),
            AoDCode.NOT_ALLOWED,
            "HX-009a is shut down: it can only vent.",
        )
        blue = arrange(
            HEAT_GAME,
            {**HEAT_PLACES, "HX-010a": ("0510", N)},
            active=1,
            dials={"HX-009a": DialStatus(0, 6, shutdown=True)},
            tokens={"HX-009a": 2},
        )
        _, events = play(blue, [RangedAttack("HX-010a", ("HX-009a",))], [2, 2, 2])
        shot = _of(events, AttackRolled)[0].shots[0]
        assert shot.attack_modifiers == (Modifier("shut-down target", 4, "AOD-10.4"),)
        assert (shot.need, shot.hit) == (6, True)

    def test_further_heat_ignored_after_either_kind_of_shutdown(self) -> None:
        """AOD-10.4 / AOD-25 #37: further heat ignored after either kind of shutdown.

        AOD-10.4 / AOD-25 #37: a shut-down Warden (at 6, or at 4 after a failed check) hit by the
        Kestrel's energy weapon (+4: 9 + 14 >= 19) takes its clicks but no heat: the dial stays
        where it is.
        """
        for heat in (6, 4):
            state = arrange(
                HEAT_GAME,
                {**HEAT_PLACES, "HX-010a": ("0512", N)},
                dials={"HX-010a": DialStatus(0, heat, shutdown=True)},
                tokens={"HX-010a": 2},
            )
            warden = unit(state, "HX-010a")
            after, events = play(state, [RangedAttack("HX-009a", ("HX-010a",))], [3, 3, 3])
            assert [e.clicks for e in _of(events, UnitDamaged)] == [2]  # 3 - 1 Heavy Armor
            assert [(e.change, e.heat) for e in _heat(events)] == [(0, heat)]
            assert after.units[warden].dial == DialStatus(2, heat, shutdown=True)

    def test_restart_by_roll_and_at_position_zero(self) -> None:
        """AOD-10.5: restart by roll and at position zero.

        AOD-10.5: idle cooling 6 -> 5 reaches the avoid-shutdown check: as a restart roll (4 >= 4)
        it restarts the Kestrel, tokens gone, no more heat rolls this turn. Venting 2 from 2 to 0
        restarts it automatically.
        """
        state = _hot(6, shutdown=True, tokens=2)
        kestrel = unit(state, "HX-009a")
        _, events = play(state, [EndTurn()], [4])
        (heat,) = _heat(events)[:1]
        assert (heat.causes, heat.heat, heat.shutdown, heat.tokens, heat.suspended) == (
            (HeatCause.IDLE,),
            5,
            False,
            0,
            True,
        )
        assert [(r.kind, r.die) for r in heat.rolls] == [("restart", 4)]
        state = _hot(2, shutdown=True, tokens=2)
        _, events = play(state, [VentUnit("HX-009a")])
        assert _heat(events) == [
            HeatChanged(kestrel, (HeatCause.VENT,), -2, 0, shutdown=False, tokens=0)
        ]

    def test_energy_hit_heat_only_once_per_turn(self) -> None:
        """AOD-10.1: energy hit heat only once per turn.

        AOD-10.1: the Kestrel's energy hit heats the Warden +1; the Talon's energy hit the same turn
        does not (both 15 + attack >= 19).
        """
        state = arrange(HEAT_GAME, {**HEAT_PLACES, "HX-010a": ("0510", N), "HX-002a": ("0605", S)})
        warden = unit(state, "HX-010a")
        shots = [RangedAttack("HX-009a", ("HX-010a",)), RangedAttack("HX-002a", ("HX-010a",))]
        after, events = play(state, shots, [5, 5, 5, 5, 5, 5])
        assert len(_of(events, UnitDamaged)) == 2
        assert _heat(events) == [
            HeatChanged(warden, (HeatCause.ENERGY,), 1, 1, shutdown=False, tokens=0)
        ]
        assert after.units[warden].dial.heat == 1

    def test_water_cooling(self) -> None:
        """AOD-10.3 / AOD-7.6: water cooling.

        AOD-10.3 / AOD-7.6: idle -1, plus -1 in shallow or -2 in deep water if the 'Mech began and
        ended its turn there; a Quad -2 in any water.
        """
        for terrain, quad, change in ((SHALLOW, False, -2), (DEEP, False, -3), (SHALLOW, True, -3)):
            mech = "HX-011" if quad else "HX-009"
            game = setup([mech], ["HX-010"], terrain={"0505": terrain})
            ident = f"{mech}a"
            state = arrange(
                game,
                {ident: ("0505", S), "HX-010a": ("0515", N)},
                active=1,
                dials={ident: DialStatus(0, 3)},
            )
            state, _ = play(state, [EndTurn()])  # Red's turn begins in the water
            _, events = play(state, [EndTurn()])
            (heat,) = _heat(events)
            assert (heat.causes, heat.change, heat.heat) == (
                (HeatCause.IDLE, HeatCause.WATER),
                change,
                3 + change,
            )


# ================================================================================== item 20

REPAIR_GAME = setup(["HX-003", "HX-001", "HX-002"], ["HX-010"])
"""Red: Field Repair Team HX-003a (attack 8, Repair: 3d6 + 8 >= 17), Pathguard HX-001a (cross,
start click 0), Talon HX-002a (cross; black repair marker at click 3)."""
REPAIR_PLACES = {
    "HX-003a": ("0505", S),
    "HX-001a": ("0506", N),
    "HX-002a": ("0604", SW),
    "HX-010a": ("1515", N),
}


def _mend(**clicks: int) -> AoDState:
    dials = {name.replace("_", "-"): DialStatus(c) for name, c in clicks.items()}
    return arrange(REPAIR_GAME, REPAIR_PLACES, dials=dials)


class TestItem20Repair:
    """AOD-26.17 item 20: Repair.

    Repair: stops at the green marker and at a black marker. Criticals on repair (AOD-17.2,
    AOD-11.4, AOD-26.14, AOD-25 #30).
    """

    def test_stops_at_the_green_marker(self) -> None:
        """AOD-17.2: stops at the green marker.

        AOD-17.2: a critical (6+6) repairs 1 + 1 clicks; from click 1 it stops at click 0, the
        starting marker, after one.
        """
        state, events = play(_mend(HX_001a=1), [RepairUnit("HX-003a", "HX-001a")], [6, 6, 1])
        assert _of(events, UnitRepaired) == [UnitRepaired(unit(state, "HX-001a"), 1, 0, "repair")]

    def test_stops_at_a_black_marker(self) -> None:
        """AOD-17.2: stops at a black marker.

        AOD-17.2: the Talon at click 4 repairs 2 (critical) but stops on click 3, its black marker;
        showing it, the Talon cannot be repaired at all.
        """
        state, events = play(_mend(HX_002a=4), [RepairUnit("HX-003a", "HX-002a")], [6, 6, 1])
        talon = unit(state, "HX-002a")
        assert _of(events, UnitRepaired) == [UnitRepaired(talon, 1, 3, "repair")]
        _refused(
            _mend(HX_002a=3),
            RepairUnit("HX-003a", "HX-002a"),
            "repair/not_allowed",
            "Talon Battle Armor shows a repair limit: it cannot be repaired any more.",
        )

    def test_criticals_on_repair(self) -> None:
        """AOD-11.4: criticals on repair.

        AOD-11.4: 6+6 succeeds with +1 click (from click 2: 2 clicks, to 0); white 1+1 fails and
        costs the friend 1 pushing click (click 1 -> 2); 4+4+1 + 8 = 17 repairs exactly 1.
        """
        state, events = play(_mend(HX_001a=2), [RepairUnit("HX-003a", "HX-001a")], [6, 6, 1])
        squad = unit(state, "HX-001a")
        assert _of(events, UnitRepaired) == [UnitRepaired(squad, 2, 0, "repair")]
        _, events = play(_mend(HX_001a=1), [RepairUnit("HX-003a", "HX-001a")], [1, 1, 6])
        assert _of(events, UnitDamaged) == [UnitDamaged(squad, PUSHING, 1, 2, 0, "repair fumble")]
        _, events = play(_mend(HX_001a=2), [RepairUnit("HX-003a", "HX-001a")], [4, 4, 1])
        assert _of(events, UnitRepaired) == [UnitRepaired(squad, 1, 1, "repair")]


# ================================================================================== item 21

CARRY_GAME = setup(["HX-005", "HX-001", "HX-001", "HX-004"], ["HX-001", "HX-010"])
"""Red: Bastion APC HX-005a (C2, speed 10; click 3 black marker, no Reactive Armor from click 3,
defense 16 at click 4, Heavy Damage at 5, eliminated at 6; 40 pts), Pathguards HX-001a, b,
Halberd HX-004a. Blue: Pathguard HX-001c (attack 8, 1 ballistic), Warden HX-010a (attack 10,
primary 4 ballistic 2/14)."""
CARRY_PLACES = {
    "HX-005a": ("0505", N),
    "HX-001a": ("0506", N),  # behind the APC (its rear hexes: 0405, 0506, 0605)
    "HX-001b": ("0605", N),
    "HX-004a": ("0405", N),  # behind it too, but a vehicle fills 3 bays
    "HX-001c": ("0501", S),
    "HX-010a": ("1715", N),
}


def _convoy(
    places: dict[str, tuple[str, Facing]] | None = None, *riders: str, **kw: Any
) -> AoDState:
    """The order stage, every unit where it began the turn (AOD-9.3), ``riders`` aboard."""
    state = arrange(CARRY_GAME, {**CARRY_PLACES, **(places or {})}, **kw)
    state = attrs.evolve(state, units=tuple(attrs.evolve(u, turn_start=u.hex) for u in state.units))
    apc = unit(state, "HX-005a")
    for ident in riders:
        index = unit(state, ident)
        rider = attrs.evolve(state.units[index], hex=None, aboard=apc, turn_start=None)
        state = state.with_unit(index, rider)
    return state


class TestItem21HeavyDamage:
    """AOD-26.17 item 21: Heavy damage.

    Heavy Damage: Move orders only, not functional, gear ignored, passengers unloaded (AOD-17.3,
    AOD-7.3, AOD-20.6, AOD-9.2, AOD-22.1).
    """

    def test_move_orders_only(self) -> None:
        """AOD-17.3 / AOD-7.3: move orders only.

        AOD-17.3 / AOD-7.3: the Kestrel at click 7 (Heavy Damage) may not vent or fire, but moves.
        """
        state = arrange(HEAT_GAME, HEAT_PLACES, dials={"HX-009a": DialStatus(7, 2)})
        for command in (VentUnit("HX-009a"), RangedAttack("HX-009a", ("HX-010a",))):
            _refused(
                state, command, AoDCode.NOT_ALLOWED, "HX-009a shows Heavy Damage: it can only move."
            )
        _, events = play(state, [MoveUnit("HX-009a", H("0507"), S)])
        assert events[0] == OrderGiven(
            unit(state, "HX-009a"), OrderKind.MOVE, pushed=False, tokens=1
        )

    def test_not_functional(self) -> None:
        """AOD-17.3 / AOD-22.1: not functional.

        AOD-17.3 / AOD-22.1: Red's Pathguard hits Blue's last one on click 2 (6 + 8 = 14 >= 14):
        click 3 shows Heavy Damage: no functional Blue unit is left and the game ends.
        """
        game = setup(["HX-001"], ["HX-001"])
        state = arrange(
            game, {"HX-001a": ("0505", S), "HX-001b": ("0508", N)}, dials={"HX-001b": DialStatus(2)}
        )
        after, _ = play(state, [RangedAttack("HX-001a", ("HX-001b",))], [2, 2, 2])
        assert after.heavy_damage(unit(after, "HX-001b"))
        assert after.result is not None
        assert after.result.reason == "only Red has a functional unit left"

    def test_gear_ignored(self) -> None:
        """AOD-20.6 / AOD-17.3: gear-card equipment is ignored while Heavy Damage shows.

        AOD-20.6 / AOD-17.3: the Kestrel carries G-X1 Targeting Uplink (+1 attack with the primary).
        At click 6 its primary shot adds it: 8 + 1 = 9. Blue's Pathguard then hits it (9 + 8 = 17 >=
        16) for 1 click: at click 7 Heavy Damage shows and the gear is ignored: attack 8.
        """
        game = attrs.evolve(HEAT_GAME, cards=tuple(catalogue().cards.values()))
        red = game.players[0]
        geared = (ForceUnit("HX-009", 110, ("G-X1",)), *red.force[1:])
        game = attrs.evolve(game, players=(attrs.evolve(red, force=geared), game.players[1]))
        places = {**HEAT_PLACES, "HX-010a": ("0510", N), "HX-001c": ("0510", N)}
        del places["HX-010a"]
        state = arrange(game, places, dials={"HX-009a": DialStatus(6)})
        kestrel = unit(state, "HX-009a")
        _, events = play(state, [RangedAttack("HX-009a", ("HX-001c",))], [1, 1, 2])
        assert _of(events, AttackRolled)[0].shots[0].attack == 9
        blue = attrs.evolve(state, active=1)
        hit, _ = play(blue, [RangedAttack("HX-001c", ("HX-009a",))], [3, 3, 3])
        assert hit.units[kestrel].dial.click == 7
        _, indices = hit.battlefield()
        shown = combatant(hit, kestrel, indices.index(kestrel), weapon=WeaponSlot.PRIMARY)
        assert (shown.heavy_damage, shown.attack) == (True, 8)

    def test_passengers_unloaded(self) -> None:
        """AOD-9.2 / AOD-17.3: passengers unloaded.

        AOD-9.2 / AOD-17.3: Blue's Pathguard hits the APC on click 4 (9 + 8 = 17 >= 16): click 5,
        Heavy Damage: its passenger is set down behind it at once.
        """
        state = _convoy({"HX-004a": ("1110", N), "HX-001b": ("1010", N)}, "HX-001a", active=1)
        apc, rider = unit(state, "HX-005a"), unit(state, "HX-001a")
        state = state.with_unit(apc, attrs.evolve(state.units[apc], dial=DialStatus(4)))
        after, events = play(state, [RangedAttack("HX-001c", ("HX-005a",))], [3, 3, 3])
        (unloaded,) = _of(events, UnitsUnloaded)
        assert (unloaded.transport, unloaded.forced, [d.unit for d in unloaded.placed]) == (
            apc,
            True,
            [rider],
        )
        placed = after.units[rider].hex
        assert placed is not None
        assert placed.distance(H("0505")) == 1


# ================================================================================== item 22


class TestItem22Transports:
    """AOD-26.17 item 22: Transports.

    Transports: half-movement load and unload, rear-hex placement, capacity 1/3, elimination
    cascades, captured transport (AOD-9, AOD-26.7, AOD-25 #1, #4).
    """

    def test_half_movement_load_and_unload(self) -> None:
        """AOD-9.3 / AOD-26.7: half movement load and unload.

        AOD-9.3 / AOD-26.7: speed 10: loading or unloading leaves 10 - 5 = 5 hexes; 6 is refused.
        """
        state = _convoy({"HX-004a": ("1110", N)})
        apc = unit(state, "HX-005a")
        _, events = play(state, [LoadTransport("HX-005a", ("HX-001a",), H("0510"), S)])
        assert [e.cost for e in _of(events, UnitMoved)] == [5]
        said = _refused(
            state, LoadTransport("HX-005a", ("HX-001a",), H("0511"), S), TransportCode.MOVE
        )
        assert "(5 hexes)" in said
        loaded = _convoy({"HX-004a": ("1110", N)}, "HX-001a")
        drop = (("HX-001a", H("0511"), S),)
        after, events = play(loaded, [UnloadTransport("HX-005a", drop, H("0510"), N)])
        assert [e.cost for e in _of(events, UnitMoved)] == [5]
        assert after.units[apc].hex == H("0510")
        far = UnloadTransport("HX-005a", (("HX-001a", H("0512"), S),), H("0511"), N)
        assert "(5 hexes)" in _refused(loaded, far, TransportCode.MOVE)

    def test_rear_hex_placement(self) -> None:
        """AOD-9.3 / AOD-26.5: rear hex placement.

        AOD-9.3 / AOD-26.5: a passenger is set down in a free hex behind the APC (0506), not in
        front of it (0504).
        """
        state = _convoy({"HX-001b": ("0909", N), "HX-004a": ("0809", N)}, "HX-001a")
        said = _refused(
            state, UnloadTransport("HX-005a", (("HX-001a", H("0504"), N),)), TransportCode.PLACE
        )
        assert "must be set down in a free hex behind the transport" in said
        after, _ = play(state, [UnloadTransport("HX-005a", (("HX-001a", H("0506"), S),))])
        assert after.units[unit(after, "HX-001a")].hex == H("0506")

    def test_capacity_one_and_three(self) -> None:
        """AOD-9.1 / AOD-25 #1: two Pathguards (1 each) fill the C2 APC; the Halberd needs 3."""
        state = _convoy()
        both, _ = play(state, [LoadTransport("HX-005a", ("HX-001a", "HX-001b"))])
        apc = unit(state, "HX-005a")
        assert [both.units[unit(state, p)].aboard for p in ("HX-001a", "HX-001b")] == [apc, apc]
        said = _refused(state, LoadTransport("HX-005a", ("HX-004a",)), TransportCode.BOARD)
        assert "has room for 2 and Halberd Hover Tank needs 3" in said

    def test_elimination_cascades(self) -> None:
        """AOD-9.2 / AOD-17.4: elimination cascades.

        AOD-9.2 / AOD-17.4: Blue's Warden hits the APC on click 4 (6 + 10 = 16 >= 16) for 4 clicks:
        eliminated, and both Pathguards aboard with it: Blue scores 40 + 12 + 12.
        """
        places = {"HX-010a": ("0510", N), "HX-004a": ("1110", N)}
        state = _convoy(places, "HX-001a", "HX-001b", active=1, dials={"HX-005a": DialStatus(4)})
        after, events = play(state, [RangedAttack("HX-010a", ("HX-005a",))], [2, 2, 2])
        gone = [(e.unit, e.scorer, e.points) for e in _of(events, UnitEliminated)]
        assert gone == [
            (unit(state, "HX-005a"), 1, 40),
            (unit(state, "HX-001a"), 1, 12),
            (unit(state, "HX-001b"), 1, 12),
        ]
        assert after.elimination[1] == 64

    def test_captured_transport(self) -> None:
        """AOD-9.2 / AOD-14.3: captured transport.

        AOD-9.2 / AOD-14.3: Blue's Pathguard captures the APC (3d6 18 + 8 >= 18 + 3): its passenger
        is set down and takes 1 click (Blue's, by=1).
        """
        places = {"HX-001c": ("0504", S), "HX-004a": ("1110", N), "HX-001b": ("1010", N)}
        state = _convoy(places, "HX-001a", active=1)
        apc, rider = unit(state, "HX-005a"), unit(state, "HX-001a")
        after, events = play(state, [CloseCombat("HX-001c", "HX-005a", capture=True)], [6, 6, 6])
        assert UnitCaptured(apc, captor=unit(state, "HX-001c")) in events
        assert [(e.unit, e.clicks, e.cause, e.by) for e in _of(events, UnitDamaged)] == [
            (rider, 1, "captured transport", 1)
        ]
        (unloaded,) = _of(events, UnitsUnloaded)
        assert (unloaded.captured, after.units[rider].dial.click) == (True, 1)


# ================================================================================== item 23

FORMATION_GAME = armed(
    ["HX-001", "HX-001", "HX-001", "HX-002", "HX-009", "HX-010", "HX-011"], ["HX-010", "HX-001"]
)
"""Red: Pathguards HX-001a-c (mercenary Foot, attack 8, primary 1, range 6), Talon HX-002a
(Jade Falcon), Kestrel HX-009a (Jade Falcon), Warden HX-010a (Liao), Tortoise HX-011a (Sea Fox).
Blue: Warden HX-010b (defense 19), Pathguard HX-001d."""
PARKED = {
    "HX-001a": ("0101", S),
    "HX-001b": ("0301", S),
    "HX-001c": ("0501", S),
    "HX-002a": ("0701", S),
    "HX-009a": ("0901", S),
    "HX-010a": ("1101", S),
    "HX-011a": ("1301", S),
    "HX-001d": ("1818", N),
}
TARGET = H("0506")
AROUND = {
    "N": ("0505", S),
    "NE": (TARGET.neighbor(NE).label, SW),
    "NW": (TARGET.neighbor(NW).label, SE),
}
"""Three hexes touching the Warden in 0506 (facing N), each facing it: its front arc touches."""


def _ring(*members: str, warden: Facing = N, **kw: Any) -> AoDState:
    """``members`` around Blue's Warden: north, north-east, north-west, in that order."""
    places = dict(PARKED)
    for ident, spot in zip(members, ("N", "NE", "NW"), strict=False):
        places[ident] = AROUND[spot]
    return arrange(FORMATION_GAME, {**places, "HX-010b": ("0506", warden)}, **kw)


def _line(**kw: Any) -> AoDState:
    """Three linked Pathguards at 0505 and beside it, the Warden 3 rows south in 0508."""
    start = H("0505")
    places = {
        **PARKED,
        "HX-001a": ("0505", S),
        "HX-001b": (start.neighbor(SE).label, S),
        "HX-001c": (start.neighbor(SW).label, S),
        "HX-010b": ("0508", kw.pop("warden", N)),
    }
    return arrange(FORMATION_GAME, places, **kw)


TRIO = RangedFormation(("HX-001a", "HX-001b", "HX-001c"), "HX-010b")
PAIR = CloseFormation(("HX-001a", "HX-001b"), "HX-010b")


class TestItem23RangedAndCloseFormations:
    """AOD-26.17 item 23: Ranged and close formations (AOD-18).

    Ranged and close formations: +2 per extra member, a single rear +2, only the leader takes the
    critical-miss click, each member's pushing, faction and mercenary mixing rules, the Sea Fox
    exclusion (AOD-18.1, AOD-18.3, AOD-18.4, AOD-18.6, AOD-21.3).
    """

    def test_plus_two_per_extra_member(self) -> None:
        """AOD-18.3 / AOD-18.4: plus two per extra member.

        AOD-18.3 / AOD-18.4: the ranged trio +4: 7 + 8 + 4 = 19 reaches 19 (6 would not); the close
        pair +2: 9 + 8 + 2 = 19. One order for all, a token on each member.
        """
        state = _line()
        trio = tuple(unit(state, u) for u in TRIO.members)
        after, events = play(state, [TRIO], [2, 2, 3])
        assert events[0] == FormationOrdered(OrderKind.RANGED, trio, (False,) * 3, (1,) * 3)
        shot = _of(events, AttackRolled)[0].shots[0]
        assert shot.attack_modifiers == (Modifier("ranged formation", 4, "AOD-18.3"),)
        assert (shot.need, shot.hit, shot.clicks) == (7, True, 1)
        assert after.orders_left == 2
        _, events = play(_ring("HX-001a", "HX-001b"), [PAIR], [3, 3, 3])
        shot = _of(events, AttackRolled)[0].shots[0]
        assert shot.attack_modifiers == (Modifier("close formation", 2, "AOD-18.4"),)
        assert (shot.need, shot.hit) == (9, True)

    def test_a_single_rear_plus_two(self) -> None:
        """A single rear plus two.

        AOD-18.3 / AOD-18.4 [INTERP]: the Warden facing away (S): the trio's lines all cross its
        rear arc, yet +2 counts once: 4 + 2; the close pair both touch its rear: 2 + 2.
        """
        _, events = play(_line(warden=S), [TRIO], [2, 2, 1])
        mods = _of(events, AttackRolled)[0].shots[0].attack_modifiers
        assert sum(m.amount for m in mods) == 6
        _, events = play(_ring("HX-001a", "HX-001b", warden=S), [PAIR], [3, 3, 1])
        mods = _of(events, AttackRolled)[0].shots[0].attack_modifiers
        assert sum(m.amount for m in mods) == 4

    def test_only_the_leader_takes_the_critical_miss_click(self) -> None:
        """AOD-18.3 / AOD-18.4 / AOD-11.4: white 1 + 1: the leader alone takes 1 click."""
        state = _line()
        _, events = play(state, [TRIO], [1, 1, 6])
        assert _damage(events) == [(unit(state, "HX-001a"), 1, "critical miss")]
        state = _ring("HX-001a", "HX-001b")
        _, events = play(state, [PAIR], [1, 1, 6])
        assert _damage(events) == [(unit(state, "HX-001a"), 1, "critical miss")]

    def test_each_members_pushing(self) -> None:
        """AOD-18.3 / AOD-18.4 / AOD-7.5: each members pushing.

        AOD-18.3 / AOD-18.4 / AOD-7.5: each pushed member its own push: the pushed Pathguard 1 click
        and a second token, the pushed Kestrel +1 heat (7 + 8 + 2 = 17 misses 19).
        """
        state = _ring("HX-001a", "HX-009a", tokens={"HX-001a": 1, "HX-009a": 1})
        squad, kestrel = unit(state, "HX-001a"), unit(state, "HX-009a")
        _, events = play(state, [CloseFormation(("HX-001a", "HX-009a"), "HX-010b")], [3, 2, 2])
        assert events[0] == FormationOrdered(
            OrderKind.CLOSE, (squad, kestrel), (True, True), (1, 1)
        )
        assert _damage(events) == [(squad, 1, "pushed")]
        assert HeatChanged(kestrel, (HeatCause.PUSHED,), 1, 1, shutdown=False, tokens=1) in events

    def test_faction_and_mercenary_mixing(self) -> None:
        """AOD-18.1 / AOD-18.6: faction and mercenary mixing.

        AOD-18.1 / AOD-18.6: mercenaries with one faction: a Pathguard and the Jade Falcon Talon
        may; adding the Liao Warden may not; the Talon and the Warden (not allied) may not.
        """
        ok = _ring("HX-001a", "HX-002a")
        _, events = play(ok, [CloseFormation(("HX-001a", "HX-002a"), "HX-010b")], [3, 3, 3])
        assert _of(events, FormationOrdered)
        mixed = _ring("HX-001a", "HX-002a", "HX-010a")
        said = _refused(
            mixed, CloseFormation(("HX-001a", "HX-002a", "HX-010a"), "HX-010b"), "formation/illegal"
        )
        assert "with mercenaries a formation holds one faction besides them" in said
        foes = _ring("HX-002a", "HX-010a")
        said = _refused(
            foes, CloseFormation(("HX-002a", "HX-010a"), "HX-010b"), "formation/illegal"
        )
        assert "are not allied" in said

    def test_sea_fox_exclusion(self) -> None:
        """AOD-21.3 Renegade / AOD-18.1: the Sea Fox Tortoise is never a formation member."""
        state = _ring("HX-011a", "HX-001a")
        said = _refused(
            state, CloseFormation(("HX-011a", "HX-001a"), "HX-010b"), "formation/illegal"
        )
        assert "Renegade" in said


# ================================================================================== item 24


def _awe_game(red: Sequence[str], build_total: int = 450) -> AoDSetup:
    return attrs.evolve(armed(red, ["HX-001", "HX-001"]), build_total=build_total)


def _to_blues_second_turn(game: AoDSetup, dice: Sequence[int]) -> tuple[AoDState, list[Event]]:
    """Red passes (turn 1), Blue passes, Red's command stage picks, Red passes: Blue's turn 4.

    The events of all three passes.
    """
    state = arrange(
        game,
        {"HX-010a": ("0502", S), "HX-010b": ("0702", S), "HX-001a": ("0518", N)},
    )
    state, first = play(state, [EndTurn(), EndTurn()])
    state, events = play(state, [EndTurn()], dice)
    return state, [*first, *events]


class TestItem24FactionAbilities:
    """AOD-26.17 item 24: Faction abilities.

    Faction abilities: each row of AOD-21 (AOD-21.1 House Liao: Awe, Fanaticism, Ruthlessness;
    AOD-21.2 Clan Jade Falcon: Zellbrigen, Merciless, Enhanced Imaging; AOD-21.3 Clan Sea Fox:
    Renegade, Scavenger, Predator; AOD-25 #23, #30).
    """

    def test_awe_each_six_costs_the_opponent_an_order(self) -> None:
        """AOD-21.1 Awe: picked at the command stage, each 6 costs the opponent an order.

        AOD-21.1 Awe: two elite Wardens (370 of 450 >= 225): at Red's command stage Red picks Blue;
        at the start of Blue's next turn Red rolls 1d6 per full 450 (one): a 6 costs Blue 1 of its 3
        orders; a 5 costs nothing. The pick is spent by the roll.
        """
        game = _awe_game(["HX-010", "HX-010"])
        state, events = _to_blues_second_turn(game, [6])
        assert AweDeclared(0, 1) in events
        assert events[-1] == AweRolled(0, 1, (6,), 1)
        kinds = [type(e) for e in events]
        assert kinds.index(TurnBegan, kinds.index(AweDeclared)) < kinds.index(AweRolled)
        assert (state.active, state.orders_left, state.awe) == (1, 2, ())
        state, events = _to_blues_second_turn(game, [5])
        assert (events[-1], state.orders_left) == (AweRolled(0, 1, (5,), 0), 3)

    def test_awe_rolls_a_die_per_full_450_and_needs_half_the_build_in_elite_liao(self) -> None:
        """AOD-21.1 Awe: a die per full 450 points; half the build total in elite Liao units.

        AOD-21.1: at 900 points (6 orders) two dice: 6, 6 cost 2 orders. At 900 the two Wardens
        (370) are under half: no Awe. One Warden and a Longbow (185 elite of 450): none either
        (AOD-26.16: Force B's Awe is inactive).
        """
        two = _awe_game(["HX-010", "HX-010", "HX-010", "HX-010", "HX-010"], 900)
        state, events = _to_blues_second_turn(two, [6, 6])
        assert (events[-1], state.orders_left) == (AweRolled(0, 1, (6, 6), 2), 4)
        for game in (_awe_game(["HX-010", "HX-010"], 900), _awe_game(["HX-010", "HX-006"])):
            places = {"HX-010a": ("0502", S), "HX-001a": ("0518", N)}
            state = arrange(game, places)
            _, events = play(state, [EndTurn(), EndTurn(), EndTurn(), EndTurn()])
            assert not _of(events, AweDeclared)
            assert not _of(events, AweRolled)

    def test_awe_is_told_with_its_dice(self) -> None:
        """AOD-21.1 / AOD-26.12: the log says who rolled Awe against whom, the dice apart."""
        game = _awe_game(["HX-010", "HX-010"])
        state = arrange(
            game, {"HX-010a": ("0502", S), "HX-010b": ("0702", S), "HX-001a": ("0518", N)}
        )
        state, _ = play(state, [EndTurn(), EndTurn()])
        lines, _ = tell(0, EndTurn(), play(state, [EndTurn()], [6])[1], state)
        awe = next(line for line in lines if line.rolls)
        assert (awe.rolls[0].dice, awe.rolls[0].outcome) == ((6,), "1 order lost")
        assert "Awe (Red) rolls 6 against Blue: 1 order lost this turn." in awe.text

    def test_fanaticism(self) -> None:
        """AOD-21.1 Fanaticism: an enemy's order eliminates a Liao unit: friends within 8 repair 1.

        Blue's Kestrel eliminates Red's Longbow at click 5 (imaging d6 2, then 1+2+1 + 10 = 14 >=
        14; 3 energy clicks): the Warden 8 hexes off (8" = 8 hexes, AOD-26.2, AOD-26.11) repairs 1
        (click 2 to 1); the other Longbow 9 hexes off does not. By a charge (AOD-16) too: 4 impact
        clicks on the Longbow at click 3 (6 + 10 >= 15).
        """
        game = armed(["HX-006", "HX-010", "HX-006"], ["HX-009"])
        places = {
            "HX-006a": ("0505", S),
            "HX-010a": ("0513", N),
            "HX-006b": ("0514", N),
            "HX-009a": ("0510", N),
        }
        dials = {"HX-006a": DialStatus(5), "HX-010a": DialStatus(2), "HX-006b": DialStatus(2)}
        state = arrange(game, places, active=1, dials=dials)
        longbow, warden = unit(state, "HX-006a"), unit(state, "HX-010a")
        _, events = play(state, [RangedAttack("HX-009a", ("HX-006a",))], [2, 1, 2, 1])
        assert UnitEliminated(longbow, scorer=1, points=70) in events
        assert _of(events, UnitRepaired) == [UnitRepaired(warden, 1, 1, "fanaticism")]
        dials = {**dials, "HX-006a": DialStatus(3)}
        state = arrange(game, places, active=1, dials=dials)
        charge = SpecialMove("HX-009a", CHARGE, H("0506"), N, "HX-006a")
        _, events = play(state, [charge], [3, 2, 1])
        assert UnitEliminated(longbow, scorer=1, points=70) in events
        assert _of(events, UnitRepaired) == [UnitRepaired(warden, 1, 1, "fanaticism")]

    def test_fanaticism_after_an_artillery_kill(self) -> None:
        """AOD-21.1 Fanaticism / AOD-13.4: an artillery kill triggers it too.

        AOD-21.1 / AOD-13.4: Red's Longbow blast (5+4+3 + 9 + 2 >= 19, 2 clicks) eliminates Blue's
        Longbow at click 5: Blue's Warden beside it repairs 1 (click 2 to 1).
        """
        game = attrs.evolve(
            armed(["HX-006"], ["HX-006", "HX-010"]), markers=tuple(catalogue().markers.values())
        )
        places = {"HX-006a": ("1002", S), "HX-006b": ("1014", N), "HX-010a": ("1016", N)}
        dials = {"HX-006b": DialStatus(5), "HX-010a": DialStatus(2)}
        state = arrange(game, places, dials=dials)
        state, _ = play(state, [FireArtillery("HX-006a", (("A-L", H("1014")),))])
        assert state.active == 1  # Red's only unit was ordered: Blue's turn began
        _, events = play(state, [EndTurn()], [5, 4, 3])
        assert UnitEliminated(unit(state, "HX-006b"), scorer=0, points=70) in events
        assert _of(events, UnitRepaired) == [
            UnitRepaired(unit(state, "HX-010a"), 1, 1, "fanaticism")
        ]

    def test_ruthlessness(self) -> None:
        """AOD-21.1 Ruthlessness / AOD-3.2: +1 click on a lone green target, and the lock.

        AOD-21.1 Ruthlessness: the Warden hits the lone green Bastion (10 + 10 >= 18): 4 + 1 - 2
        (Reactive Armor) = 3 clicks; it is bound to it: next turn it may not shoot the Pathguard.
        Touching Blue's Pathguard (another unit hostile to the Warden, AOD-25 #23) the Bastion gives
        no +1.
        """
        game = armed(["HX-010", "HX-001"], ["HX-005", "HX-001"])
        places = {
            "HX-010a": ("0505", S),
            "HX-001a": ("1505", S),
            "HX-005a": ("0510", N),
            "HX-001b": ("0710", N),
        }
        state = arrange(game, places)
        warden, bastion = unit(state, "HX-010a"), unit(state, "HX-005a")
        after, events = play(state, [RangedAttack("HX-010a", ("HX-005a",))], [4, 3, 3])
        attack = _of(events, AttackRolled)[0]
        assert (attack.bonus, attack.shots[0].clicks) == ("ruthlessness", 5)
        assert UnitDamaged(bastion, DamageKind.BALLISTIC, 3, 3, 0, "ranged attack", 0) in events
        assert TargetLocked(warden, bastion, "ruthlessness") in events
        after, _ = play(after, [EndTurn(), EndTurn()])
        _refused(after, RangedAttack("HX-010a", ("HX-001b",)), LOCK_CODE)
        beside = arrange(game, {**places, "HX-001b": ("0511", N)})
        _, events = play(beside, [RangedAttack("HX-010a", ("HX-005a",))], [4, 3, 3])
        assert _of(events, AttackRolled)[0].bonus == ""

    def test_zellbrigen(self) -> None:
        """AOD-21.2 Zellbrigen / AOD-3.2: +1 click on a lone elite target, and the lock.

        AOD-21.2 Zellbrigen: the Kestrel hits the lone elite Warden (imaging d6 1, 3+3+3 + 10 = 19
        >= 19): 3 + 1 - 1 (Heavy Armor) = 3 clicks, and it is bound to the Warden.
        """
        game = armed(["HX-009"], ["HX-010"])
        state = arrange(game, {"HX-009a": ("0505", S), "HX-010a": ("0510", N)})
        kestrel, warden = unit(state, "HX-009a"), unit(state, "HX-010a")
        _, events = play(state, [RangedAttack("HX-009a", ("HX-010a",))], [1, 3, 3, 3])
        assert _of(events, AttackRolled)[0].bonus == "zellbrigen"
        assert UnitDamaged(warden, DamageKind.ENERGY, 3, 3, 0, "ranged attack", 0) in events
        assert TargetLocked(kestrel, warden, "zellbrigen") in events

    def test_merciless(self) -> None:
        """AOD-21.2 Merciless: an extra d6 on a DFA, and its cheaper self-damage.

        AOD-21.2 Merciless: a DFA adds a d6 to attack: 3+3+3 + 10 + 4 = 23 >= 21: 3 + 2 + 1
        (Zellbrigen) = 6 impact clicks and none to itself; 2+1+2 + 14 = 19 misses: 1 pushing click
        (not 2).
        """
        game = armed(["HX-009"], ["HX-010"])
        state = arrange(game, {"HX-009a": ("0510", N), "HX-010a": ("0506", S)})
        kestrel, warden = unit(state, "HX-009a"), unit(state, "HX-010a")
        command = SpecialMove("HX-009a", DFA, H("0507"), N, "HX-010a")
        _, events = play(state, [command], [3, 3, 3, 4])
        rolled = _of(events, SpecialAttackRolled)[0]
        assert (rolled.merciless, rolled.attack, rolled.hit) == (4, 14, True)
        assert _damage(events) == [(warden, 6, "dfa")]
        _, events = play(state, [command], [2, 1, 2, 4])
        assert _of(events, UnitDamaged) == [UnitDamaged(kestrel, PUSHING, 1, 1, 1, "dfa")]

    def test_enhanced_imaging(self) -> None:
        """AOD-21.2 Enhanced Imaging: on a d6 of 4-6 hindering terrain counts as clear.

        AOD-21.2 Enhanced Imaging: woods in 0507 on the Kestrel's line to the Warden: a d6 of 4-6
        treats them as clear (no +1); a 3 leaves the hindering +1 defense.
        """
        woods = HexTerrain(TerrainType.HINDERING, feature=3)
        game = armed(["HX-009"], ["HX-010"], terrain={"0507": woods})
        state = arrange(game, {"HX-009a": ("0505", S), "HX-010a": ("0510", N)})
        for die, defense in ((4, 19), (3, 20)):
            _, events = play(state, [RangedAttack("HX-009a", ("HX-010a",))], [die, 3, 3, 3])
            attack = _of(events, AttackRolled)[0]
            shot = attack.shots[0]
            assert attack.imaging == die
            assert shot.defense + sum(m.amount for m in shot.defense_modifiers) == defense

    def test_renegade(self) -> None:
        """AOD-21.3 Renegade: the Sea Fox Tortoise never joins a formation."""
        state = _ring("HX-011a", "HX-009a")
        said = _refused(
            state, CloseFormation(("HX-011a", "HX-009a"), "HX-010b"), "formation/illegal"
        )
        assert "Renegade, never in a formation (AOD-21.3)" in said

    def test_scavenger(self) -> None:
        """AOD-21.3 Scavenger: a kill of its own speed mode repairs 2 clicks.

        AOD-21.3 Scavenger: Red's Tortoise (click 3) eliminates Blue's Tortoise (click 8, a Quad:
        2+2+2 + 9 = 15 >= 15, 3 clicks): it repairs 2, to click 1. A 'Mech-mode kill (the Kestrel at
        click 8, defense 15) repairs nothing.
        """
        game = armed(["HX-011"], ["HX-011", "HX-009"])
        places = {"HX-011a": ("0505", S), "HX-011b": ("0510", N), "HX-009a": ("1518", N)}
        state = arrange(game, places, dials={"HX-011a": DialStatus(3), "HX-011b": DialStatus(8)})
        red = unit(state, "HX-011a")
        _, events = play(state, [RangedAttack("HX-011a", ("HX-011b",))], [2, 2, 2])
        assert UnitEliminated(unit(state, "HX-011b"), scorer=0, points=125) in events
        assert _of(events, UnitRepaired) == [UnitRepaired(red, 2, 1, "scavenger")]
        places = {**places, "HX-011b": ("1518", N), "HX-009a": ("0510", N)}
        state = arrange(game, places, dials={"HX-011a": DialStatus(3), "HX-009a": DialStatus(8)})
        _, events = play(state, [RangedAttack("HX-011a", ("HX-009a",))], [2, 2, 2])
        assert _of(events, UnitEliminated)
        assert not _of(events, UnitRepaired)

    def test_predator(self) -> None:
        """AOD-21.3 Predator: Heavy Damage brought up gives a free second attack.

        AOD-21.3 Predator: the Tortoise's hit (3+2+2 + 9 = 16 >= 16) brings Heavy Damage up on the
        Kestrel (click 5 -> 8): a second attack at once, no order, no token (3+3+3 + 9 >= 15: of its
        3 clicks the first, to click 9, eliminates it, AOD-17.1).
        """
        game = armed(["HX-011"], ["HX-009", "HX-001"])
        state = arrange(
            game,
            {"HX-011a": ("0505", S), "HX-009a": ("0510", N), "HX-001a": ("1818", N)},
            dials={"HX-009a": DialStatus(5)},
        )
        tortoise, kestrel = unit(state, "HX-011a"), unit(state, "HX-009a")
        after, events = play(state, [RangedAttack("HX-011a", ("HX-009a",))], [3, 2, 2, 3, 3, 3])
        attacks = _of(events, AttackRolled)
        assert [(a.follow_up, a.shots[0].hit) for a in attacks] == [("", True), ("predator", True)]
        assert _damage(events) == [(kestrel, 3, "ranged attack"), (kestrel, 1, "ranged attack")]
        assert UnitEliminated(kestrel, scorer=0, points=110) in events
        assert len(_of(events, OrderGiven)) == 1
        assert after.units[tortoise].tokens == 1  # one token, from the one order


# ================================================================================== item 25

END_GAME = setup(["HX-001", "HX-002"], ["HX-010", "HX-001"])
"""Red: Pathguard HX-001a (12), Talon HX-002a (20; Heavy Damage at click 4). Blue: Warden
HX-010a (185), Pathguard HX-001b (12)."""


def _ended(events: Sequence[Event]) -> Result:
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    return ended.result


class TestItem25GameEndAndScoring:
    """AOD-26.17 item 25: Game end and scoring.

    Game end and scoring: all three conditions, salvage, tie-breaks, withdrawal (AOD-22, AOD-25 #9,
    #26, #27, #28).
    """

    def test_the_three_end_conditions(self) -> None:
        """AOD-22.1: the game ends on each of its three conditions.

        AOD-22.1: (1) Red's last unit is pushed off its dial (click 3 + 1): only Blue has a
        functional unit; (2) the time limit, or (3) all players agreeing: time is called; the turn-
        based time limit is the round limit (AOD-25 #28).
        """
        state = arrange(
            END_GAME,
            {"HX-001a": ("0505", S), "HX-010a": ("0515", N), "HX-001b": ("0715", N)},
            tokens={"HX-001a": 1},
            dials={"HX-001a": DialStatus(3)},
        )
        _, events = play(state, [MoveUnit("HX-001a", H("0506"), S)])
        assert UnitEliminated(0, scorer=1, points=12) in events
        assert _ended(events).reason == "only Blue has a functional unit left"
        state = arrange(END_GAME, {"HX-001a": ("0505", S), "HX-010a": ("0515", N)})
        _, events = play(state, [CallTime()])
        assert _ended(events).reason == "time was called"
        short = setup(["HX-001"], ["HX-001"], round_limit=1)
        state = arrange(short, {"HX-001a": ("0505", S), "HX-001b": ("0515", N)})
        _, events = play(state, [EndTurn(), EndTurn()], [5, 2])
        assert _ended(events).reason == "the 1-round limit was reached"

    def test_the_three_victory_conditions(self) -> None:
        """AOD-22.2: Elimination, Battlefield control and deployment-zone VP.

        AOD-22.2: Elimination (the Pathguard's 12 to Blue when eliminated), Battlefield control
        (survivors: Blue 185 + 12, Red 20), deployment-zone VP (Red's Talon in Blue's zone, 1 VP at
        the start of Red's command stage): one condition each.
        """
        state = arrange(
            END_GAME,
            {
                "HX-001a": ("0505", S),
                "HX-002a": ("1019", S),
                "HX-010a": ("0515", N),
                "HX-001b": ("0715", N),
            },
            active=1,
            dials={"HX-001a": DialStatus(3)},
            tokens={"HX-001a": 1},
        )
        state, events = play(state, [EndTurn()])
        assert events[-1] == TurnBegan(0, 2, 2, 3, zone_vp=1)
        state, events = play(state, [MoveUnit("HX-001a", H("0506"), S), CallTime()])
        result = _ended(events)
        assert result.scores == (Score(0, 20, 1), Score(12, 197, 0))
        assert result.conditions == (1, 1, 0)
        assert result.winner == 1

    def test_salvage(self) -> None:
        """AOD-22.2 (d) / AOD-25 #9: salvage scores outside its own zone only.

        AOD-22.2 (d) / AOD-25 #9: Red's Talon showing Heavy Damage outside Red's zone scores 20 for
        Blue; inside Red's zone, nothing. Red's survivors count only the functional ones.
        """
        out = arrange(
            END_GAME,
            {"HX-001a": ("0505", S), "HX-002a": ("0508", S), "HX-010a": ("0515", N)},
            dials={"HX-002a": DialStatus(4)},
        )
        assert final_scores(out) == (Score(0, 12, 0), Score(0, 185 + 20, 0))
        home = arrange(
            END_GAME,
            {"HX-001a": ("0505", S), "HX-002a": ("1002", S), "HX-010a": ("0515", N)},
            dials={"HX-002a": DialStatus(4)},
        )
        _, events = play(home, [CallTime()])
        assert _ended(events).scores == (Score(0, 12, 0), Score(0, 185, 0))

    def test_tie_breaks(self) -> None:
        """AOD-22.3: tie-breaks: control VP, then Elimination VP, then a die.

        AOD-22.3: one condition each (Red zone, Blue elimination, control tied 12 - 12): the most
        control VP (tied), then the most Elimination VP: Blue. All equal: a die each, 2 against 5:
        Blue.
        """
        game = setup(["HX-001"], ["HX-001"])
        state = arrange(game, {"HX-001a": ("0505", S), "HX-001b": ("0515", N)})
        scored = attrs.evolve(state, elimination=(0, 5), zone_vp=(1, 0))
        _, events = play(scored, [CallTime()])
        result = _ended(events)
        assert (result.conditions, result.tiebreak, result.winner) == ((1, None, 0), (), 1)
        _, events = play(state, [CallTime()], [2, 5])
        result = _ended(events)
        assert result.scores == (Score(0, 12, 0), Score(0, 12, 0))
        assert (result.conditions, result.tiebreak, result.winner) == (
            (None, None, None),
            ((2, 5),),
            1,
        )

    def test_withdrawal(self) -> None:
        """AOD-22.4: a withdrawal: captives held score at once, the force leaves.

        AOD-22.4: Red withdraws holding Blue's Warden captive while Blue holds Red's second
        Pathguard: the captive Pathguard scores its 12 for Blue at once, Red's units leave, the
        Warden returns to Blue; Blue keeps the VP scored and the game ends.
        """
        places = {
            "HX-001a": ("0505", S),
            "HX-010a": ("0506", N),
            "HX-001b": ("0908", S),
            "HX-001c": ("0909", N),
        }
        state = _held(_held(_captors(places), "HX-010a", "HX-001a"), "HX-001b", "HX-001c")
        state = attrs.evolve(state, elimination=(0, 7))
        warden = unit(state, "HX-010a")
        after, events = play(state, [WithdrawForce()])
        assert events[:3] == [
            ForceWithdrawn(0, (unit(state, "HX-001a"), unit(state, "HX-009a"))),
            UnitEliminated(unit(state, "HX-001b"), scorer=1, points=12),
            CaptiveFreed(warden),
        ]
        assert after.units[warden].captor is None
        assert all(not after.units[n].on_board for n in after.owned(0))
        assert after.elimination[1] == 7 + 12
        result = _ended(events)
        assert result.scores[1].elimination == 19
        assert result.winner == 1


# ================================================================================== item 26


def _scenario(pool: bool = True) -> AoDSetup:
    """A 36 x 36 game for two: Red (top) Kestrel and Pathguard, Blue (bottom) Warden."""
    table: dict[str, Any] = {
        "format": "aod-scenario",
        "title": "Setup",
        "board": {"width": 36, "height": 36},
        "build_total": 450,
        "side": [
            {
                "name": "Red",
                "edge": "top",
                "pool": ["Woods", "Ruined block"] if pool else [],
                "units": [{"unit": "HX-009"}, {"unit": "HX-001"}],
            },
            {
                "name": "Blue",
                "edge": "bottom",
                "pool": ["Pond", "Rubble field"] if pool else [],
                "units": [{"unit": "HX-010"}],
            },
        ],
    }
    return ruleset().make_setup(table)


def _rolled(game: AoDSetup, first: int) -> AoDState:
    high, low = [6, 6, 6], [1, 1, 1]
    state, _ = play(
        AoDState.start(game), [RollFirstPlayer()], high + low if first == 0 else low + high
    )
    return state


class TestItem26Setup:
    """AOD-26.17 item 26: Setup.

    Setup: zone geometry, terrain spacing, placement order, deployment inside the zone (AOD-5,
    AOD-26.10).
    """

    def test_zone_geometry(self) -> None:
        """AOD-5 step 3 / AOD-26.10: zone geometry.

        AOD-5 step 3 / AOD-26.10: on 36 x 36 a zone is 3 deep and 8 hexes from the other edges: top
        rows 01-03, columns 09-28 (60 hexes); bottom rows 34-36.
        """
        game = _scenario()
        top, bottom = game.zone(0), game.zone(1)
        assert len(top) == len(bottom) == 20 * 3
        assert {h.label[2:] for h in top} == {"01", "02", "03"}
        assert {h.label[2:] for h in bottom} == {"34", "35", "36"}
        assert {h.label[:2] for h in top} == {f"{c:02d}" for c in range(9, 29)}

    def test_terrain_spacing(self) -> None:
        """AOD-5 step 6 / AOD-26.10: terrain spacing.

        AOD-5 step 6 / AOD-26.10: a piece keeps 3 clear hexes (distance >= 4) from the board edges,
        the other pieces and the other players' zones.
        """
        state = _rolled(_scenario(), first=1)  # Red lays first
        said = _refused(state, PlaceTerrain("Woods", H("0318")), AoDCode.PLACEMENT)
        assert "within 3 hexes of the board edge" in said
        said = _refused(state, PlaceTerrain("Woods", H("1832")), AoDCode.PLACEMENT)
        assert "from Blue's deployment zone, and 4 are needed" in said
        state, events = play(state, [PlaceTerrain("Woods", H("1818"))])
        assert events[0] == TerrainPlaced(0, "Woods", H("1818"), 0, 1)
        said = _refused(state, PlaceTerrain("Pond", H("1821")), AoDCode.PLACEMENT)
        assert "from another piece" in said

    def test_placement_order(self) -> None:
        """AOD-5 steps 5-6: placement order.

        AOD-5 steps 5-6: 3d6 each (6+6+6 against 1+1+1: Blue first); the player to the first
        player's left (Red) lays first, then clockwise; the placing stops at 4 pieces; then the
        first player deploys.
        """
        state = _rolled(_scenario(), first=1)
        assert (state.stage, state.active, state.first) == (Stage.TERRAIN, 0, 1)
        layers = []
        laying = (
            ("Woods", "1010"),
            ("Pond", "2710"),
            ("Ruined block", "1026"),
            ("Rubble field", "2726"),
        )
        for piece, anchor in laying:
            layers.append(state.active)
            state, events = play(state, [PlaceTerrain(piece, H(anchor))])
        assert layers == [0, 1, 0, 1]
        assert events[-1] == DeployerChanged(1)
        assert (state.stage, state.active, len(state.terrain.features())) == (
            Stage.DEPLOYMENT,
            1,
            4,
        )

    def test_deployment_inside_the_zone(self) -> None:
        """AOD-5 step 9 / AOD-26.10: deployment inside the zone.

        AOD-5 step 9 / AOD-26.10: a unit's hex must lie in its owner's zone: 0802 (column 8) and
        1004 (row 4) are refused, 0902 taken; the first player places his whole force, then the
        next; then turn 1 with 450 / 150 = 3 orders.
        """
        state = _rolled(_scenario(pool=False), first=0)
        assert state.stage is Stage.DEPLOYMENT
        for where in ("0802", "1004"):
            _refused(state, DeployUnit("HX-009a", H(where), S), AoDCode.OUTSIDE_ZONE)
        state, events = play(state, [DeployUnit("HX-009a", H("0902"), S)])
        assert events == [UnitDeployed(0, H("0902"), S, Altitude.NOE)]
        state, events = play(state, [DeployUnit("HX-001a", H("2803"), S)])
        assert events[-1] == DeployerChanged(1)
        _refused(state, DeployUnit("HX-010a", H("1833"), N), AoDCode.OUTSIDE_ZONE)
        state, events = play(state, [DeployUnit("HX-010a", H("1834"), N)])
        assert events[-1] == TurnBegan(0, 1, 1, 3, zone_vp=0)


# ================================================================================== AOD-23


class TestStandardGame:
    """AOD-23.1 The standard game (with AOD-26.16's demo scenario, AOD-5, AOD-25 #28)."""

    def test_the_standard_game_is_set_up_as_aod_23_fixes_it(self) -> None:
        """AOD-23.1 / AOD-23.2: the standard game's parameters (tournaments use them too).

        AOD-23.1: a 36 x 36 battlefield; 450 points each (3 orders a turn); a 50-minute time limit
        (turn-based: 10 rounds); 2 standard pieces per player, 4 laid, none elevated and no deep
        water; two players on opposite edges.
        """
        game = ruleset().make_setup(None)
        assert (game.terrain.width, game.terrain.height) == (36, 36)
        assert (game.build_total, game.orders) == (450, 3)
        assert (game.time_limit_minutes, game.round_limit) == (50, 10)
        assert [p.edge for p in game.players] == [Edge.TOP, Edge.BOTTOM]
        assert [sum(u.points for u in p.force) for p in game.players] == [436, 436]
        laid = [game.terrain[h] for h in game.terrain]
        assert len(game.terrain.features()) == 4
        assert not any(t.elevated or t.type is TerrainType.DEEP for t in laid)
        assert {t.type for t in laid} == {
            TerrainType.CLEAR,
            TerrainType.HINDERING,
            TerrainType.BLOCKING,
            TerrainType.SHALLOW,
        }

    def test_the_standard_game_plays_ten_rounds_of_three_orders(self) -> None:
        """AOD-23.1 / AOD-5 / AOD-7.2: the standard game plays ten rounds of three orders.

        AOD-23.1 / AOD-5 / AOD-7.2: roll for first player (Falcon Strike), both deploy their whole
        forces in their zones, then every turn brings 3 orders; after 10 rounds of turns the game
        ends and is scored: 436 control VP each, all tied: the die decides.
        """
        state = AoDState.start(ruleset().make_setup(None))
        state, _ = play(state, [RollFirstPlayer()], [6, 6, 6, 1, 1, 1])
        while state.stage is Stage.DEPLOYMENT:
            deploy = next(c for c in legal_commands(state) if isinstance(c, DeployUnit))
            state, events = play(state, [deploy])
        assert all(u.hex in state.setup.zone(u.owner) for u in state.units)
        began: list[TurnBegan] = _of(events[-1:], TurnBegan)
        while state.stage is not Stage.OVER:
            assert state.orders_left == 3
            dice = [5, 2] if (state.round, state.active) == (10, 1) else []
            state, events = play(state, [EndTurn()], dice)
            began += _of(events, TurnBegan)
        assert [(e.round, e.player, e.orders) for e in began] == [
            (r, p, 3) for r in range(1, 11) for p in (0, 1)
        ]
        result = _ended(events)
        assert result.reason == "the 10-round limit was reached"
        assert result.scores == (Score(0, 436, 0), Score(0, 436, 0))
        assert (result.tiebreak, result.winner) == (((5, 2),), 0)

    def test_etiquette_is_digital(self) -> None:
        """AOD-23.3: etiquette, digitally: every dial shows to every seat; nothing is hidden.

        The ruleset's view of the game is the game itself for both players (the engine hides no
        current click; future clicks are not in the state at all), and the same setup, seed and
        commands give the same events (deterministic tie rules instead of an etiquette d6).
        """
        rules = ruleset()
        state = AoDState.start(rules.make_setup(None))
        assert rules.view(state, 0) is state
        assert rules.view(state, 1) is state
        first = play(state, [RollFirstPlayer()], [6, 6, 6, 1, 1, 1])[1]
        again = play(state, [RollFirstPlayer()], [6, 6, 6, 1, 1, 1])[1]
        assert first == again
