"""The Close Combat order through the turn machine, forced dice (AOD-14.1, AOD-14.2, AOD-11).

AOD-26.17 item 15: front-arc contact (Quads: any side), rear +2, the shallow-water and submerged
restrictions, a 'Mech's minimum of 1, a Quad without melee weapon dealing 1; with the order's
bookkeeping (token, push), criticals (AOD-11.4) and the faction hooks (*Zellbrigen*,
*Ruthlessness*, *Predator*, AOD-21).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from engine.aod.close_order import close_attack, close_attack_problem
from engine.aod.combat import AttackOrder
from engine.aod.commands import CloseCombat
from engine.aod.context import Ctx
from engine.aod.dial import DamageKind
from engine.aod.events import (
    HeatCause,
    HeatChanged,
    OrderGiven,
    TargetLocked,
    UnitDamaged,
    UnitEliminated,
)
from engine.aod.language import format_command, parse_command
from engine.aod.rules import AoDCode, legal_commands
from engine.aod.state import AoDState, OrderKind
from engine.aod.status import DialStatus
from engine.aod.terrain import HexTerrain, TerrainType
from engine.dice import ScriptedDice
from engine.game import Command, IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.aod._combat import CloseRoll, armed, close_rolls
from tests.engine.aod._game import arrange, play, unit

N, NE, SE, S, SW, NW = Facing
H = Hex.from_label
CLOSE, PUSHING = DamageKind.CLOSE, DamageKind.PUSHING

GAME = armed(["HX-009", "HX-011", "HX-010"], ["HX-010", "HX-001", "HX-002", "HX-004"])
"""Red: Kestrel (HX-009a, Jade Falcon, elite), Tortoise Quad (HX-011a, Sea Fox), Warden
(HX-010a, Liao). Blue: Warden (HX-010b, elite, Heavy Armor), Pathguard (HX-001a, green),
Talon (HX-002a, veteran), Halberd hover tank (HX-004a)."""

FAR = {
    "HX-009a": ("0110", S),
    "HX-011a": ("0112", S),
    "HX-010a": ("0114", S),
    "HX-004a": ("1818", N),
}
"""Where the units a test does not place wait, out of everyone's reach (so a turn goes on)."""


def _arrange(places: dict[str, tuple[str, Facing]], **options: Any) -> AoDState:
    return arrange(GAME, {**FAR, **places}, **options)


def _refused(state: AoDState, command: Command, code: str, message: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert (refused.value.code, refused.value.message) == (code, message)


def _kestrel_and_warden(warden_facing: Facing, kestrel_facing: Facing = S) -> AoDState:
    """The Kestrel in 0505, the Warden in 0506 just south of it."""
    places = {"HX-009a": ("0505", kestrel_facing), "HX-010b": ("0506", warden_facing)}
    return _arrange(places)


# ---- AOD-14.1 / AOD-11.3 / AOD-11.6: a hit and its damage -------------------------------------


def test_a_mech_hits_with_primary_damage_plus_zellbrigen_less_heavy_armor() -> None:
    """AOD-14.1 / AOD-11.8 / AOD-21.2: 9 + 10 = 19 reaches the Warden's 19.

    Damage: the Kestrel's primary 3, +1 *Zellbrigen* (a single elite target), -1 Heavy Armor
    (AOD-26.14): 3 clicks. The order places a token (AOD-7.4).
    """
    state = _kestrel_and_warden(N)
    kestrel, warden = unit(state, "HX-009a"), unit(state, "HX-010b")
    state, events = play(state, [CloseCombat("HX-009a", "HX-010b")], dice=[3, 3, 3])
    assert close_rolls(events) == [
        OrderGiven(kestrel, OrderKind.CLOSE, pushed=False, tokens=1),
        CloseRoll(kestrel, warden, (3, 3, 3), attack=10, defense=19, hit=True),
        UnitDamaged(warden, CLOSE, clicks=3, click=3, tokens=0, cause="close combat", by=0),
        TargetLocked(kestrel, warden, "zellbrigen"),
    ]
    assert state.orders_left == 2


def test_a_roll_one_short_misses_and_deals_nothing() -> None:
    """AOD-11.3: 8 + 10 = 18 is short of 19: no damage, the order is still spent."""
    state = _kestrel_and_warden(N)
    kestrel, warden = unit(state, "HX-009a"), unit(state, "HX-010b")
    state, events = play(state, [CloseCombat("HX-009a", "HX-010b")], dice=[3, 3, 2])
    assert close_rolls(events)[1] == CloseRoll(kestrel, warden, (3, 3, 2), 10, 19, hit=False)
    assert not any(isinstance(e, UnitDamaged) for e in events)
    assert state.units[kestrel].order is OrderKind.CLOSE


def test_a_critical_miss_costs_the_attacker_a_pushing_click() -> None:
    """AOD-11.4: 1 + 1 on the white dice fails, whatever the black, and costs 1 pushing click."""
    state = _kestrel_and_warden(N)
    kestrel, warden = unit(state, "HX-009a"), unit(state, "HX-010b")
    state, events = play(state, [CloseCombat("HX-009a", "HX-010b")], dice=[1, 1, 6])
    assert close_rolls(events)[1:] == [
        CloseRoll(kestrel, warden, (1, 1, 6), 10, 19, hit=False),
        UnitDamaged(kestrel, PUSHING, clicks=1, click=1, tokens=1, cause="critical miss"),
    ]


def test_a_pushed_mech_takes_one_heat_after_its_close_attack() -> None:
    """AOD-7.5: a 'Mech still carrying a token is pushed: +1 heat once the attack is done."""
    state = _arrange({"HX-009a": ("0505", S), "HX-010b": ("0506", N)}, tokens={"HX-009a": 1})
    kestrel = unit(state, "HX-009a")
    state, events = play(state, [CloseCombat("HX-009a", "HX-010b")], dice=[3, 3, 2])
    assert events[0] == OrderGiven(kestrel, OrderKind.CLOSE, pushed=True, tokens=1)
    assert events[-1] == HeatChanged(kestrel, (HeatCause.PUSHED,), 1, 1, shutdown=False, tokens=1)


# ---- AOD-14.1: contact and arcs ----------------------------------------------------------------


def test_the_target_must_touch_the_attackers_front_arc() -> None:
    """AOD-14.1 / AOD-26.17 #15: a Kestrel facing away from the Warden may not attack it."""
    state = _kestrel_and_warden(N, kestrel_facing=N)
    _refused(
        state,
        CloseCombat("HX-009a", "HX-010b"),
        AoDCode.NOT_ALLOWED,
        "The target must touch the front arc.",
    )
    assert not any(isinstance(c, CloseCombat) for c in legal_commands(state))


def test_close_combat_needs_base_contact() -> None:
    """AOD-14.1: a target two hexes away cannot be attacked in close combat."""
    state = _arrange({"HX-009a": ("0505", S), "HX-010b": ("0507", N)})
    _refused(
        state,
        CloseCombat("HX-009a", "HX-010b"),
        AoDCode.NOT_ALLOWED,
        "Close combat needs base contact.",
    )


def test_a_quad_attacks_behind_it_and_deals_one_without_a_melee_weapon() -> None:
    """AOD-14.1 / AOD-11.6 / AOD-26.17 #15: a Quad attacks behind it, for 1 without melee.

    The Tortoise faces away from the Pathguard and still attacks it; with no melee symbol its
    primary 3 counts as 1: 1 click.

    6 + 9 = 15 reaches the Pathguard's 15.
    """
    state = _arrange({"HX-011a": ("0505", N), "HX-001a": ("0506", N)})
    tortoise, squad = unit(state, "HX-011a"), unit(state, "HX-001a")
    state, events = play(state, [CloseCombat("HX-011a", "HX-001a")], dice=[2, 2, 2])
    assert close_rolls(events)[1:] == [
        CloseRoll(tortoise, squad, (2, 2, 2), 9, 15, hit=True),
        UnitDamaged(squad, CLOSE, clicks=1, click=1, tokens=0, cause="close combat", by=0),
    ]


def test_a_vehicle_takes_no_close_combat_order() -> None:
    """AOD-14.1 / AOD-7.3: only 'Mechs and infantry fight in close combat."""
    places = {"HX-004a": ("0506", N), "HX-009a": ("0505", S)}
    state = arrange(GAME, places, active=1)
    _refused(
        state,
        CloseCombat("HX-004a", "HX-009a"),
        AoDCode.NOT_ALLOWED,
        "HX-004a cannot take a close order now.",
    )


# ---- AOD-14.2: modifiers -----------------------------------------------------------------------


@pytest.mark.parametrize(("warden_facing", "attack", "hit"), [(S, 12, True), (N, 10, False)])
def test_rear_contact_gives_plus_two_attack(warden_facing: Facing, attack: int, hit: bool) -> None:
    """AOD-14.2 / AOD-26.17 #15: the Kestrel touches the rear arc of a Warden facing away: +2.

    7 + 12 = 19 reaches 19; from its front, 7 + 10 = 17 does not.
    """
    state = _kestrel_and_warden(warden_facing)
    kestrel, warden = unit(state, "HX-009a"), unit(state, "HX-010b")
    _, events = play(state, [CloseCombat("HX-009a", "HX-010b")], dice=[3, 2, 2])
    assert close_rolls(events)[1] == CloseRoll(kestrel, warden, (3, 2, 2), attack, 19, hit=hit)


def test_a_shut_down_target_gives_plus_four_attack() -> None:
    """AOD-14.2 / AOD-10.4: +4 attack against a shut-down 'Mech."""
    state = _arrange(
        {"HX-009a": ("0505", S), "HX-010b": ("0506", N)},
        dials={"HX-010b": DialStatus(click=0, heat=6, shutdown=True)},
        tokens={"HX-010b": 2},
    )
    kestrel, warden = unit(state, "HX-009a"), unit(state, "HX-010b")
    _, events = play(state, [CloseCombat("HX-009a", "HX-010b")], dice=[2, 2, 1])
    assert close_rolls(events)[1] == CloseRoll(kestrel, warden, (2, 2, 1), 14, 19, hit=True)


SHALLOW = HexTerrain(TerrainType.SHALLOW, feature=7)
DEEP = HexTerrain(TerrainType.DEEP, feature=8)


def test_a_unit_in_shallow_water_is_attacked_only_from_that_water() -> None:
    """AOD-14.1 / AOD-26.17 #15: the Warden stands in shallow water, the Kestrel on the bank."""
    game = armed(["HX-009", "HX-011"], ["HX-010", "HX-004"], terrain={"0506": SHALLOW})
    state = arrange(game, {**FAR, "HX-009a": ("0505", S), "HX-010a": ("0506", N)})
    _refused(
        state,
        CloseCombat("HX-009a", "HX-010a"),
        AoDCode.NOT_ALLOWED,
        "A unit in shallow water is attacked only from that water.",
    )


def test_two_units_in_the_same_shallow_water_may_fight() -> None:
    """AOD-14.1: an attacker in the same water may attack: 9 + 10 = 19 hits the Warden."""
    game = armed(
        ["HX-009", "HX-011"], ["HX-010", "HX-004"], terrain={"0505": SHALLOW, "0506": SHALLOW}
    )
    state = arrange(game, {**FAR, "HX-009a": ("0505", S), "HX-010a": ("0506", N)})
    _, events = play(state, [CloseCombat("HX-009a", "HX-010a")], dice=[3, 3, 3])
    damaged = [e for e in events if isinstance(e, UnitDamaged)]
    assert [e.clicks for e in damaged] == [3]


def test_a_submerged_unit_is_attacked_only_by_a_submerged_enemy() -> None:
    """AOD-14.1 / AOD-19.5 / AOD-26.17 #15: no attack from the bank on a submerged Warden."""
    game = armed(["HX-009", "HX-011"], ["HX-010", "HX-004"], terrain={"0506": DEEP})
    state = arrange(game, {**FAR, "HX-009a": ("0505", S), "HX-010a": ("0506", N)})
    _refused(
        state,
        CloseCombat("HX-009a", "HX-010a"),
        AoDCode.NOT_ALLOWED,
        "Only a submerged enemy may attack a submerged unit.",
    )


# ---- AOD-11.6: the damage value ----------------------------------------------------------------


def test_a_mech_deals_at_least_one_click() -> None:
    """AOD-11.6 / AOD-26.17 #15: a successful 'Mech attack deals at least 1 click.

    The Warden on click 8 at heat 5 strikes with its melee secondary, 2 - 2 (heat) = 0.

    9 + 8 = 17 reaches the Talon's 17.
    """
    state = _arrange(
        {"HX-010a": ("0505", S), "HX-002a": ("0506", N)},
        dials={"HX-010a": DialStatus(click=8, heat=5)},
    )
    warden, talon = unit(state, "HX-010a"), unit(state, "HX-002a")
    _, events = play(state, [CloseCombat("HX-010a", "HX-002a", secondary=True)], dice=[3, 3, 3])
    assert close_rolls(events)[1:] == [
        CloseRoll(warden, talon, (3, 3, 3), 8, 17, hit=True),
        UnitDamaged(talon, CLOSE, clicks=1, click=1, tokens=0, cause="close combat", by=0),
    ]


def test_only_a_melee_secondary_replaces_the_primary() -> None:
    """AOD-11.6: the Kestrel's secondary is ballistic, not melee."""
    state = _kestrel_and_warden(N)
    _refused(
        state,
        CloseCombat("HX-009a", "HX-010b", secondary=True),
        AoDCode.NOT_ALLOWED,
        "Only a melee secondary may replace the primary.",
    )


def test_a_critical_hit_adds_a_click() -> None:
    """AOD-11.4: 6 + 6 on the white dice: +1 click: 3 + 1 (Zellbrigen) + 1 - 1 (HA) = 4."""
    state = _kestrel_and_warden(N)
    warden = unit(state, "HX-010b")
    _, events = play(state, [CloseCombat("HX-009a", "HX-010b")], dice=[6, 6, 1])
    assert UnitDamaged(warden, CLOSE, 4, 4, 0, "close combat", by=0) in events


# ---- AOD-21: faction abilities -----------------------------------------------------------------


def test_ruthlessness_adds_a_click_and_the_elimination_scores() -> None:
    """AOD-21.1 / AOD-17.4: *Ruthlessness* adds a click; the elimination scores.

    The Warden's primary 4 + 1 against the green Pathguard: 5 clicks eliminate it (four clicks
    on its dial); Red scores its 12 points.
    """
    state = _arrange({"HX-010a": ("0505", S), "HX-001a": ("0506", N)})
    squad = unit(state, "HX-001a")
    state, events = play(state, [CloseCombat("HX-010a", "HX-001a")], dice=[3, 2, 2])
    assert events[-2:] == [
        UnitDamaged(squad, CLOSE, clicks=4, click=4, tokens=0, cause="close combat", by=0),
        UnitEliminated(squad, scorer=0, points=12),
    ]
    assert state.elimination[0] == 12


def test_predator_attacks_again_when_heavy_damage_appears() -> None:
    """AOD-21.3: *Predator*: Heavy Damage appearing gives a second attack at once.

    The Sea Fox Tortoise's hit shows Heavy Damage on the Pathguard (click 3): a second attack
    follows, with no order and no token of its own.

    Dice: 2+2+2 (9 + 6 = 15 against 14), then 2+2+2 again: the squad is eliminated.
    """
    state = _arrange(
        {"HX-011a": ("0505", N), "HX-001a": ("0506", N)},
        dials={"HX-001a": DialStatus(click=2)},
    )
    tortoise, squad = unit(state, "HX-011a"), unit(state, "HX-001a")
    state, events = play(state, [CloseCombat("HX-011a", "HX-001a")], dice=[2, 2, 2, 2, 2, 2])
    assert close_rolls(events) == [
        OrderGiven(tortoise, OrderKind.CLOSE, pushed=False, tokens=1),
        CloseRoll(tortoise, squad, (2, 2, 2), 9, 14, hit=True),
        UnitDamaged(squad, CLOSE, 1, 3, 0, "close combat", by=0),
        CloseRoll(tortoise, squad, (2, 2, 2), 9, 14, hit=True),
        UnitDamaged(squad, CLOSE, 1, 4, 0, "close combat", by=0),
        UnitEliminated(squad, scorer=0, points=12),
    ]
    assert state.orders_left == 2


# ---- legal commands and the language ------------------------------------------------------------


def test_every_listed_close_attack_is_accepted() -> None:
    """The listed Close Combat orders are exactly the legal ones: the Warden's two weapons."""
    state = _arrange({"HX-010a": ("0505", S), "HX-002a": ("0506", N)})
    listed = [c for c in legal_commands(state) if isinstance(c, CloseCombat)]
    assert listed == [
        CloseCombat("HX-010a", "HX-002a"),
        CloseCombat("HX-010a", "HX-002a", secondary=True),
    ]
    for command in listed:
        play(state, [command], dice=[3, 3, 3])


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("close HX-009a at HX-010b", CloseCombat("HX-009a", "HX-010b")),
        ("close HX-010a at HX-002a secondary", CloseCombat("HX-010a", "HX-002a", secondary=True)),
    ],
)
def test_close_orders_read_and_write(text: str, command: CloseCombat) -> None:
    """The command language: ``close UNIT at TARGET [secondary]``, written as it is read."""
    state = _kestrel_and_warden(N)
    assert parse_command(text, state) == command
    assert format_command(command) == text


def test_the_close_half_of_an_assault_gives_plus_one_defense() -> None:
    """AOD-15 / AOD-14.2: `close_attack` under an Assault order: the Warden defends at 19 + 1.

    9 + 10 = 19 is then a miss.
    """
    state = _kestrel_and_warden(N)
    kestrel, warden = unit(state, "HX-009a"), unit(state, "HX-010b")
    command = CloseCombat("HX-009a", "HX-010b")
    assert close_attack_problem(state, kestrel, warden, command, AttackOrder.ASSAULT) is None
    ctx = Ctx(state, ScriptedDice((3, 3, 3)))
    close_attack(ctx, kestrel, warden, command, AttackOrder.ASSAULT)
    assert close_rolls(ctx.events) == [CloseRoll(kestrel, warden, (3, 3, 3), 10, 20, hit=False)]


def test_a_lock_binds_close_attacks_too() -> None:
    """AOD-21.1 / AOD-21.2: a unit locked on the Warden may not close-attack the Pathguard.

    The Kestrel (Zellbrigen) touches both; bound to the Warden, only the Warden is listed and
    an attack on the Pathguard is refused. Unbound, it may attack either.
    """
    pathguard_at = H("0505").neighbor(SE).label
    places = {"HX-009a": ("0505", S), "HX-010b": ("0506", N), "HX-001a": (pathguard_at, NW)}
    free = _arrange(places)
    kestrel, warden = unit(free, "HX-009a"), unit(free, "HX-010b")

    def targets(state: AoDState) -> set[str]:
        listed = legal_commands(state)
        return {c.target for c in listed if isinstance(c, CloseCombat) and c.unit == "HX-009a"}

    assert targets(free) == {"HX-010b", "HX-001a"}
    bound = free.with_unit(kestrel, attrs.evolve(free.units[kestrel], locked_on=warden))
    assert targets(bound) == {"HX-010b"}
    _refused(
        bound,
        CloseCombat("HX-009a", "HX-001a"),
        AoDCode.NOT_ALLOWED,
        "HX-009a must keep attacking the same target until it is destroyed or captured (HX-010b).",
    )
