"""The Ranged Combat order through the turn machine, with forced dice (AOD-7.3, AOD-11, AOD-12).

AOD-26.17 items 11 (modifier stack and need, criticals on the white dice only), 12 (several
targets: one roll, each its own modifiers, the damage split, a critical's +1 each, energy against
infantry, the called-shot exclusion), 13 (indirect fire: only when blocked, +3 defense, cap 2,
ballistic only), the energy heat of 19 (once a turn) and the faction rows of 24 the order applies
(*Zellbrigen* and its lock, *Enhanced Imaging*, *Predator*, *Scavenger*, *Fanaticism*): damage on
the dial, tokens and pushing, heat.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from engine.aod.combat import Modifier
from engine.aod.commands import EndTurn, RangedAttack
from engine.aod.dial import DamageKind
from engine.aod.events import (
    AttackRolled,
    HeatCause,
    HeatChanged,
    OrderGiven,
    Shot,
    TargetLocked,
    UnitDamaged,
    UnitEliminated,
    UnitRepaired,
)
from engine.aod.evolve import evolve
from engine.aod.language import format_command, parse_command
from engine.aod.narrate import describe
from engine.aod.rules import decide, legal_commands
from engine.aod.state import AoDSetup, AoDState, OrderKind
from engine.aod.status import DialStatus
from engine.aod.terrain import HexTerrain, TerrainType
from engine.aod.units import WeaponSlot
from engine.dice import Dice
from engine.game import Command, IllegalCommand
from engine.hexes import Facing
from tests.engine.aod._assets import catalogue
from tests.engine.aod._game import arrange, play, setup, unit

N, NE, SE, S, SW, NW = Facing
SECONDARY = WeaponSlot.SECONDARY
WOODS = HexTerrain(TerrainType.HINDERING, feature=1)
WALL = HexTerrain(TerrainType.BLOCKING, feature=2)


def _with_factions(game: AoDSetup) -> AoDSetup:
    """The setup with the catalogue's factions and SE, as a scenario's setup carries them."""
    known = catalogue()
    return attrs.evolve(
        game,
        factions=tuple(known.factions.values()),
        equipment=tuple(known.equipment.values()),
    )


def _attack(events: Sequence[object]) -> AttackRolled:
    return next(e for e in events if isinstance(e, AttackRolled))


def _refused(state: AoDState, command: Command, code: str, message: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert (refused.value.code, refused.value.message) == (code, message)


# ---- AOD-26.17 #11: the need, its modifiers, criticals ------------------------------------------


def test_a_hit_turns_the_target_dial_and_the_order_places_its_token() -> None:
    """AOD-11.3 / AOD-11.8: 4+5+2 + 8 = 19 against defense 15: 1 click of ballistic damage."""
    game = setup(["HX-001"], ["HX-001"])
    state = arrange(game, {"HX-001a": ("0505", S), "HX-001b": ("0510", N)})
    state, events = play(state, [RangedAttack("HX-001a", ("HX-001b",))], dice=[4, 5, 2])
    shooter, target = unit(state, "HX-001a"), unit(state, "HX-001b")
    assert events[0] == OrderGiven(shooter, OrderKind.RANGED, pushed=False, tokens=1)
    assert events[1] == AttackRolled(
        shooter,
        OrderKind.RANGED,
        WeaponSlot.MAIN,
        (4, 5, 2),
        (Shot(target, 8, 15, (), (), hit=True, share=1, clicks=1),),
        1,
        DamageKind.BALLISTIC,
    )
    assert events[2] == UnitDamaged(target, DamageKind.BALLISTIC, 1, 1, 0, "ranged attack", 0)
    assert state.units[target].dial.click == 1
    assert state.units[target].last_damager == 0


def test_a_miss_deals_nothing() -> None:
    """AOD-11.3: 2+2+2 + 8 = 14 < 15: no damage."""
    game = setup(["HX-001"], ["HX-001"])
    state = arrange(game, {"HX-001a": ("0505", S), "HX-001b": ("0510", N)})
    state, events = play(state, [RangedAttack("HX-001a", ("HX-001b",))], dice=[2, 2, 2])
    assert not _attack(events).shots[0].hit
    assert not any(isinstance(e, UnitDamaged) for e in events)
    assert state.units[unit(state, "HX-001b")].dial.click == 0


def test_the_modifier_stack_rear_arc_hindering_and_shut_down() -> None:
    """AOD-12.5 / AOD-10.4: rear +2 and shut-down +4 attack, hindering +1 defense; the need.

    Kestrel (attack 10) at a shut-down Warden facing away (defense 19) through woods: need =
    19 + 1 - (10 + 2 + 4) = 4.
    """
    game = setup(["HX-009"], ["HX-010"], terrain={"0507": WOODS})
    off = DialStatus(0, 6, shutdown=True)
    state = arrange(game, {"HX-009a": ("0505", S), "HX-010a": ("0510", S)}, dials={"HX-010a": off})
    state, events = play(state, [RangedAttack("HX-009a", ("HX-010a",))], dice=[1, 2, 1])
    shot = _attack(events).shots[0]
    assert shot.attack_modifiers == (
        Modifier("rear arc", 2, "AOD-12.5"),
        Modifier("shut-down target", 4, "AOD-10.4"),
    )
    assert shot.defense_modifiers == (Modifier("hindering terrain", 1, "AOD-19.2"),)
    assert shot.need == 4
    assert shot.hit  # 1+2+1 = 4 reaches 4


def test_a_critical_hit_succeeds_whatever_the_black_die_and_adds_a_click() -> None:
    """AOD-11.4: white 6+6 with black 1 = 13 misses a need of 14, yet hits for 1 + 1.

    A Pathguard on click 2 (attack 7) at a Kestrel (defense 18, Evade +2) through woods (+1).
    """
    game = setup(["HX-001"], ["HX-009"], terrain={"0507": WOODS})
    state = arrange(
        game,
        {"HX-001a": ("0505", S), "HX-009a": ("0510", N)},
        dials={"HX-001a": DialStatus(2)},
    )
    state, events = play(state, [RangedAttack("HX-001a", ("HX-009a",))], dice=[6, 6, 1])
    shot = _attack(events).shots[0]
    assert shot.need == 14
    assert (shot.hit, shot.clicks) == (True, 2)
    assert state.units[unit(state, "HX-009a")].dial.click == 2


def test_a_critical_miss_fails_whatever_the_black_die_and_costs_a_pushing_click() -> None:
    """AOD-11.4: white 1+1 with black 6 = 8 reaches a need of 7, yet misses; 1 pushing click."""
    game = setup(["HX-001"], ["HX-001"])
    state = arrange(game, {"HX-001a": ("0505", S), "HX-001b": ("0510", N)})
    state, events = play(state, [RangedAttack("HX-001a", ("HX-001b",))], dice=[1, 1, 6])
    shooter = unit(state, "HX-001a")
    assert not _attack(events).shots[0].hit
    assert UnitDamaged(shooter, DamageKind.PUSHING, 1, 1, 1, "critical miss") in events
    assert state.units[shooter].dial.click == 1
    assert state.units[unit(state, "HX-001b")].dial.click == 0


def test_a_pushed_infantry_shooter_takes_a_second_token_and_a_click() -> None:
    """AOD-7.5: an infantry unit still carrying a token fires: 2 tokens and 1 click after."""
    game = setup(["HX-001"], ["HX-001"])
    places = {"HX-001a": ("0505", S), "HX-001b": ("0510", N)}
    state = arrange(game, places, tokens={"HX-001a": 1})
    state, events = play(state, [RangedAttack("HX-001a", ("HX-001b",))], dice=[2, 2, 2])
    shooter = unit(state, "HX-001a")
    assert events[0] == OrderGiven(shooter, OrderKind.RANGED, pushed=True, tokens=1)
    assert UnitDamaged(shooter, DamageKind.PUSHING, 1, 1, 2, "pushed") in events


def test_a_shooter_out_of_range_or_arc_is_refused_and_keeps_its_order() -> None:
    """AOD-12.2: the front arc and the range; nothing is given or rolled."""
    game = setup(["HX-001"], ["HX-001"])
    far = arrange(game, {"HX-001a": ("0505", S), "HX-001b": ("0512", N)})
    _refused(
        far,
        RangedAttack("HX-001a", ("HX-001b",)),
        "attack/out_of_range",
        "HX-001a cannot fire at HX-001b: the target is 7 hexes away, the range is 0-6.",
    )
    behind = arrange(game, {"HX-001a": ("0505", N), "HX-001b": ("0510", N)})
    _refused(
        behind,
        RangedAttack("HX-001a", ("HX-001b",)),
        "attack/not_in_front_arc",
        "HX-001a cannot fire at HX-001b: the target is outside the front arc.",
    )


# ---- AOD-26.17 #19: energy heat once a turn; #24 Zellbrigen, Enhanced Imaging ------------------


def test_energy_hits_heat_a_mech_once_a_turn_and_zellbrigen_binds_the_shooter() -> None:
    """AOD-10.1 / AOD-21.2: two energy hits on the Warden, +1 heat once; Zellbrigen +1 click.

    Kestrel (Jade Falcon) at the elite Warden: Enhanced Imaging d6 2 first, then 5+5+5 + 10 =
    25 against 19: 3 + 1 (Zellbrigen) = 4, Heavy Armor -1: 3 clicks, +1 heat, and the Kestrel is
    bound to the Warden. The Talon's energy hit adds no second heat.
    """
    game = _with_factions(setup(["HX-009", "HX-002"], ["HX-010"]))
    places = {"HX-009a": ("0505", S), "HX-002a": ("0605", S), "HX-010a": ("0510", N)}
    state = arrange(game, places)
    kestrel, talon, warden = (unit(state, n) for n in ("HX-009a", "HX-002a", "HX-010a"))
    state, events = play(
        state,
        [RangedAttack("HX-009a", ("HX-010a",)), RangedAttack("HX-002a", ("HX-010a",))],
        dice=[2, 5, 5, 5, 1, 6, 6, 3],
    )
    first, second = (e for e in events if isinstance(e, AttackRolled))
    assert (first.imaging, first.bonus, first.pool, first.shots[0].clicks) == (
        2,
        "zellbrigen",
        4,
        4,
    )
    assert UnitDamaged(warden, DamageKind.ENERGY, 3, 3, 0, "ranged attack", 0) in events
    heats = [e for e in events if isinstance(e, HeatChanged)]
    assert heats == [HeatChanged(warden, (HeatCause.ENERGY,), 1, 1, shutdown=False, tokens=0)]
    assert TargetLocked(kestrel, warden, "zellbrigen") in events
    assert state.units[kestrel].locked_on == warden
    assert (second.unit, second.shots[0].hit) == (talon, True)
    assert state.units[warden].dial.heat == 1


def test_a_bound_shooter_may_attack_only_its_target() -> None:
    """AOD-21.2 / AOD-21.1: after Zellbrigen the Kestrel must keep attacking the Warden."""
    game = _with_factions(setup(["HX-009"], ["HX-010", "HX-001"]))
    places = {"HX-009a": ("0505", S), "HX-010a": ("0510", N), "HX-001a": ("0610", N)}
    state = arrange(game, places)
    state = state.with_unit(0, attrs.evolve(state.units[0], locked_on=unit(state, "HX-010a")))
    _refused(
        state,
        RangedAttack("HX-009a", ("HX-001a",)),
        "attack/locked",
        "HX-009a must keep attacking the same target until it is destroyed or captured (HX-010a).",
    )
    listed = [c for c in legal_commands(state) if isinstance(c, RangedAttack)]
    assert listed
    assert all(c.targets == ("HX-010a",) for c in listed)


def test_a_lock_ends_when_its_target_leaves_the_battlefield() -> None:
    """AOD-21.1: eliminated (or gone aboard a transport): the Kestrel is free again."""
    game = setup(["HX-009"], ["HX-010", "HX-001"])
    state = arrange(game, {"HX-009a": ("0505", S), "HX-010a": ("0510", N)})
    gone = unit(state, "HX-001a")
    assert not state.units[gone].on_board
    state = state.with_unit(0, attrs.evolve(state.units[0], locked_on=gone))
    state, events = play(state, [RangedAttack("HX-009a", ("HX-010a",))], dice=[1, 2, 1])
    assert _attack(events).shots[0].target == unit(state, "HX-010a")


def test_the_lock_is_dropped_when_its_target_is_eliminated() -> None:
    """AOD-21.1: the elimination event frees every unit bound to the eliminated one."""
    game = setup(["HX-009"], ["HX-010", "HX-001"])
    places = {"HX-009a": ("0505", S), "HX-010a": ("0515", N), "HX-001a": ("0510", N)}
    state = arrange(game, places, dials={"HX-001a": DialStatus(3)})
    squad = unit(state, "HX-001a")
    state = state.with_unit(0, attrs.evolve(state.units[0], locked_on=squad))
    state, _ = play(state, [RangedAttack("HX-009a", ("HX-001a",))], dice=[3, 3, 3])
    assert state.units[squad].eliminated
    assert state.units[0].locked_on is None


def test_enhanced_imaging_on_4_to_6_ignores_the_hindering_modifier() -> None:
    """AOD-21.2: a Jade Falcon unit's d6 of 4 treats the woods between as clear."""
    game = _with_factions(setup(["HX-002"], ["HX-001"], terrain={"0507": WOODS}))
    state = arrange(game, {"HX-002a": ("0505", S), "HX-001a": ("0510", N)})
    state, events = play(state, [RangedAttack("HX-002a", ("HX-001a",))], dice=[4, 3, 3, 3])
    attack = _attack(events)
    assert attack.imaging == 4
    assert attack.shots[0].defense_modifiers == ()


# ---- AOD-26.17 #12: several targets --------------------------------------------------------------


def test_one_roll_against_two_targets_each_with_its_own_modifiers_and_the_split() -> None:
    """AOD-12.8: the Kestrel's secondary (2 targets, 2 damage) splits 1,1; one is hit from behind.

    3+3+3 = 9 + 10 = 19: the Pathguard facing away (+2 rear) needs 3, the other needs 5; each
    takes its share.
    """
    game = setup(["HX-009"], ["HX-001", "HX-001"])
    places = {"HX-009a": ("0505", S), "HX-001a": ("0508", S), "HX-001b": ("0710", N)}
    state = arrange(game, places)
    command = RangedAttack("HX-009a", ("HX-001a", "HX-001b"), SECONDARY, split=(1, 1))
    state, events = play(state, [command], dice=[3, 3, 3])
    attack = _attack(events)
    assert attack.dice == (3, 3, 3)
    assert [s.attack_modifiers for s in attack.shots] == [
        (Modifier("rear arc", 2, "AOD-12.5"),),
        (),
    ]
    assert [(s.need, s.hit, s.clicks) for s in attack.shots] == [(3, True, 1), (5, True, 1)]
    assert [state.units[unit(state, n)].dial.click for n in ("HX-001a", "HX-001b")] == [1, 1]


def test_a_missed_targets_share_goes_to_the_hit_one() -> None:
    """AOD-12.8 [DESIGN]: a missed target's share goes to the hit one.

    Split 1,1; 2+1+1 = 4: the Pathguard hit from behind (need 3) keeps its share and takes the
    missed Warden's (need 9).
    """
    game = setup(["HX-009"], ["HX-001", "HX-010"])
    places = {"HX-009a": ("0505", S), "HX-001a": ("0508", S), "HX-010a": ("0510", N)}
    state = arrange(game, places)
    command = RangedAttack("HX-009a", ("HX-001a", "HX-010a"), SECONDARY, split=(1, 1))
    state, events = play(state, [command], dice=[2, 1, 1])
    shots = _attack(events).shots
    assert [s.need for s in shots] == [3, 9]
    assert [(s.hit, s.share, s.clicks) for s in shots] == [(True, 2, 2), (False, 0, 0)]
    assert state.units[unit(state, "HX-001a")].dial.click == 2


def test_a_critical_hit_gives_every_hit_target_a_click_even_one_given_none() -> None:
    """AOD-12.8 / AOD-25 #29: split 2,0 with 6+6: the first takes 3, the second 0 + 1."""
    game = setup(["HX-009"], ["HX-001", "HX-001"])
    places = {"HX-009a": ("0505", S), "HX-001a": ("0508", N), "HX-001b": ("0710", N)}
    state = arrange(game, places)
    command = RangedAttack("HX-009a", ("HX-001a", "HX-001b"), SECONDARY, split=(2, 0))
    state, events = play(state, [command], dice=[6, 6, 2])
    assert [(s.share, s.clicks) for s in _attack(events).shots] == [(2, 3), (0, 1)]


def test_energy_against_infantry_becomes_one_click_per_target() -> None:
    """AOD-11.2 / AOD-12.8: energy against infantry is 1 click, for each target.

    The Tortoise's energy primary (3, 2 targets) split 3,0 with 6+6: the first Pathguard takes 1
    (not 3 + 1), the second 1 (its 0 + 1).
    """
    game = setup(["HX-011"], ["HX-001", "HX-001"])
    places = {"HX-011a": ("0505", S), "HX-001a": ("0508", N), "HX-001b": ("0710", N)}
    state = arrange(game, places)
    command = RangedAttack("HX-011a", ("HX-001a", "HX-001b"), split=(3, 0))
    state, events = play(state, [command], dice=[6, 6, 2])
    assert [(s.share, s.clicks) for s in _attack(events).shots] == [(3, 1), (0, 1)]
    assert not any(isinstance(e, HeatChanged) for e in events)


def test_a_target_touching_the_shooter_waives_the_called_shot_for_the_other() -> None:
    """AOD-12.5: touching Pathguard a, the Kestrel fires at b alone: +2 called shot; at both: no."""
    game = setup(["HX-009"], ["HX-001", "HX-001"])
    places = {"HX-009a": ("0505", S), "HX-001a": ("0405", NE), "HX-001b": ("0710", N)}
    alone = arrange(game, places)
    _, events = play(alone, [RangedAttack("HX-009a", ("HX-001b",), SECONDARY)], dice=[3, 3, 3])
    assert _attack(events).shots[0].defense_modifiers == (Modifier("called shot", 2, "AOD-12.4"),)
    both = RangedAttack("HX-009a", ("HX-001a", "HX-001b"), SECONDARY)
    _, events = play(arrange(game, places), [both], dice=[3, 3, 3])
    assert [s.defense_modifiers for s in _attack(events).shots] == [(), ()]


def test_a_split_that_does_not_fit_is_refused() -> None:
    """AOD-12.8: one share per target, adding up to the damage (2)."""
    game = setup(["HX-009"], ["HX-001", "HX-001"])
    places = {"HX-009a": ("0505", S), "HX-001a": ("0508", N), "HX-001b": ("0710", N)}
    _refused(
        arrange(game, places),
        RangedAttack("HX-009a", ("HX-001a", "HX-001b"), SECONDARY, split=(2, 1)),
        "attack/split",
        "Split the 2 damage among the 2 targets, one share each (e.g. split 1,1).",
    )
    _refused(
        arrange(game, places),
        RangedAttack("HX-009a", ("HX-001a", "HX-001b")),
        "attack/too_many_targets",
        "HX-009a cannot fire: this weapon attacks at most 1.",
    )


# ---- AOD-26.17 #13: indirect fire ----------------------------------------------------------------


def test_indirect_fire_over_a_wall_gets_plus_3_and_deals_at_most_2() -> None:
    """AOD-12.7: indirect fire: +3 defense, at most 2 clicks.

    The Warden (ballistic 4) over blocking terrain at the Kestrel: 18 + 2 Evade + 3 = 23 - 10:
    need 13; 5+5+5 = 15 hits for 2 (capped).
    """
    game = setup(["HX-009"], ["HX-010"], terrain={"0508": WALL})
    state = arrange(game, {"HX-009a": ("0505", S), "HX-010a": ("0511", N)}, active=1)
    command = RangedAttack("HX-010a", ("HX-009a",), indirect=True)
    state, events = play(state, [command], dice=[5, 5, 5])
    attack = _attack(events)
    assert attack.indirect
    assert attack.shots[0].defense_modifiers == (
        Modifier("indirect fire", 3, "AOD-12.7"),
        Modifier("Evade", 2, "AOD-26.14"),
    )
    assert (attack.shots[0].need, attack.pool, attack.shots[0].clicks) == (13, 2, 2)
    assert state.units[unit(state, "HX-009a")].dial.click == 2


def test_indirect_fire_only_over_a_blocked_line_and_only_ballistic() -> None:
    """AOD-12.7: a clear line refuses it; an energy weapon cannot fire indirectly."""
    game = setup(["HX-009"], ["HX-010"])
    clear = arrange(game, {"HX-009a": ("0505", S), "HX-010a": ("0511", N)}, active=1)
    _refused(
        clear,
        RangedAttack("HX-010a", ("HX-009a",), indirect=True),
        "attack/not_blocked",
        (
            "HX-010a cannot fire at HX-009a: indirect fire only where the direct line of fire "
            "is blocked."
        ),
    )
    walled = setup(["HX-009"], ["HX-010"], terrain={"0508": WALL})
    state = arrange(walled, {"HX-009a": ("0505", S), "HX-010a": ("0511", N)})
    _refused(
        state,
        RangedAttack("HX-009a", ("HX-010a",), indirect=True),
        "attack/indirect",
        "HX-009a cannot fire at HX-010a: only a ballistic weapon fires indirectly.",
    )
    listed = [c for c in legal_commands(state) if isinstance(c, RangedAttack)]
    assert RangedAttack("HX-009a", ("HX-010a",), SECONDARY, indirect=True) in listed
    assert RangedAttack("HX-009a", ("HX-010a",)) not in listed


# ---- AOD-21.3 Predator and Scavenger, AOD-21.1 Fanaticism --------------------------------------


def test_predator_attacks_again_and_scavenger_repairs_on_the_kill() -> None:
    """AOD-21.3: *Predator* attacks again; *Scavenger* repairs after the kill.

    The Tortoise's hit shows Heavy Damage on the other Tortoise (click 5 + 2 = 7): a free second
    attack (no energy heat from it) eliminates it; the same speed mode: the killer repairs 2
    clicks (3 -> 1).
    """
    game = _with_factions(setup(["HX-011"], ["HX-011"]))
    state = arrange(
        game,
        {"HX-011a": ("0505", S), "HX-011b": ("0510", N)},
        dials={"HX-011a": DialStatus(3), "HX-011b": DialStatus(5)},
    )
    killer, victim = unit(state, "HX-011a"), unit(state, "HX-011b")
    state, events = play(state, [RangedAttack("HX-011a", ("HX-011b",))], dice=[4, 4, 4, 3, 3, 3])
    first, second = (e for e in events if isinstance(e, AttackRolled))
    assert (first.follow_up, second.follow_up) == ("", "predator")
    assert [first.shots[0].clicks, second.shots[0].clicks] == [2, 2]  # primary 2 on click 3
    assert UnitEliminated(victim, 0, state.units[victim].points) in events
    assert UnitRepaired(killer, 2, 1, "scavenger") in events
    assert [e.causes for e in events if isinstance(e, HeatChanged)] == [(HeatCause.ENERGY,)]
    assert state.units[killer].dial.click == 1


def test_fanaticism_repairs_the_liao_friends_of_a_fallen_liao_unit() -> None:
    """AOD-21.1: the Kestrel destroys the Longbow; the Warden 3 hexes away repairs 1 click."""
    game = _with_factions(setup(["HX-009"], ["HX-006", "HX-010"]))
    state = arrange(
        game,
        {"HX-009a": ("0505", S), "HX-006a": ("0510", N), "HX-010a": ("0810", N)},
        dials={"HX-006a": DialStatus(5), "HX-010a": DialStatus(2)},
    )
    warden = unit(state, "HX-010a")
    state, events = play(state, [RangedAttack("HX-009a", ("HX-006a",))], dice=[1, 5, 5, 5])
    assert any(isinstance(e, UnitEliminated) for e in events)
    assert UnitRepaired(warden, 1, 1, "fanaticism") in events


# ---- AOD-26.14 Pulse -----------------------------------------------------------------------------


def test_a_pulse_weapon_fires_twice_and_costs_a_pushing_click() -> None:
    """AOD-26.14: a Pulse weapon's second attack, then 1 pushing click.

    The Warden's Pulse primary hits the Kestrel (4+4+4 + 10 = 22 vs 20) for 4, fires again at it
    (now defense 17, no Evade: 2+2+2 + 10 = 16 misses), then takes 1 click.
    """
    game = setup(["HX-009"], ["HX-010"])
    state = arrange(game, {"HX-009a": ("0505", S), "HX-010a": ("0511", N)}, active=1)
    warden, kestrel = unit(state, "HX-010a"), unit(state, "HX-009a")
    command = RangedAttack("HX-010a", ("HX-009a",), pulse=("HX-009a",))
    state, events = play(state, [command], dice=[4, 4, 4, 2, 2, 2])
    first, second = (e for e in events if isinstance(e, AttackRolled))
    assert (first.follow_up, second.follow_up) == ("", "pulse")
    assert [first.shots[0].need, second.shots[0].need] == [10, 7]
    assert [first.shots[0].clicks, second.shots[0].hit] == [4, False]
    assert UnitDamaged(warden, DamageKind.PUSHING, 1, 1, 1, "pulse") in events
    assert state.units[kestrel].dial.click == 4


def test_pulse_needs_a_weapon_showing_it() -> None:
    """AOD-26.14: the Kestrel has no Pulse; the Warden's goes at click 2."""
    game = setup(["HX-009"], ["HX-010"])
    places = {"HX-009a": ("0505", S), "HX-010a": ("0511", N)}
    _refused(
        arrange(game, places),
        RangedAttack("HX-009a", ("HX-010a",), pulse=("HX-010a",)),
        "attack/no_pulse",
        "HX-009a's weapon shows no Pulse: it fires once.",
    )
    hurt = arrange(game, places, active=1, dials={"HX-010a": DialStatus(2)})
    _refused(
        hurt,
        RangedAttack("HX-010a", ("HX-009a",), pulse=("HX-009a",)),
        "attack/no_pulse",
        "HX-010a's weapon shows no Pulse: it fires once.",
    )
    listed = legal_commands(arrange(game, places, active=1))
    assert RangedAttack("HX-010a", ("HX-009a",), pulse=("HX-009a",)) in listed


# ---- the order table, the listing and the words --------------------------------------------------


def test_a_heavily_damaged_unit_cannot_fire() -> None:
    """AOD-17.3 / AOD-12.1: Heavy Damage allows Move orders only."""
    game = setup(["HX-001"], ["HX-001"])
    state = arrange(
        game,
        {"HX-001a": ("0505", S), "HX-001b": ("0510", N)},
        dials={"HX-001a": DialStatus(3)},
    )
    _refused(
        state,
        RangedAttack("HX-001a", ("HX-001b",)),
        "order/not_allowed",
        "HX-001a shows Heavy Damage: it can only move.",
    )


def test_listed_ranged_orders_are_accepted_and_read_back() -> None:
    """Every listed Ranged order is accepted; the language writes and reads it back."""
    game = setup(["HX-009", "HX-001"], ["HX-001", "HX-001", "HX-010"])
    places = {
        "HX-009a": ("0505", S),
        "HX-001a": ("0705", S),
        "HX-001b": ("0508", N),
        "HX-001c": ("0610", N),
        "HX-010a": ("0811", N),
    }
    state = arrange(game, places)
    listed = [c for c in legal_commands(state) if isinstance(c, RangedAttack)]
    assert RangedAttack("HX-009a", ("HX-001b", "HX-001c"), SECONDARY) in listed
    for command in listed:
        assert parse_command(format_command(command), state) == command
        decide(state, command, Dice(7))  # accepted: no IllegalCommand
    assert len({c.unit for c in listed}) == 2


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("fire HX-009a at HX-001b", RangedAttack("HX-009a", ("HX-001b",))),
        (
            "fire hx-009a at HX-001a,hx-001b secondary split 2,0",
            RangedAttack("HX-009a", ("HX-001a", "HX-001b"), SECONDARY, split=(2, 0)),
        ),
        (
            "fire HX-009a at HX-010a secondary indirect",
            RangedAttack("HX-009a", ("HX-010a",), SECONDARY, indirect=True),
        ),
        (
            "fire HX-009a at HX-010a pulse HX-001a,HX-010a",
            RangedAttack("HX-009a", ("HX-010a",), pulse=("HX-001a", "HX-010a")),
        ),
    ],
)
def test_fire_words(text: str, command: RangedAttack) -> None:
    """The command language reads ``fire`` and writes it back the same."""
    game = setup(["HX-009"], ["HX-001", "HX-001", "HX-010"])
    state = arrange(game, {"HX-009a": ("0505", S)})
    assert parse_command(text, state) == command
    assert parse_command(format_command(command), state) == command


def test_end_turn_clears_the_energy_heat_flag() -> None:
    """AOD-10.1: the once-a-turn limit starts again next turn."""
    game = setup(["HX-009", "HX-001"], ["HX-010"])
    places = {"HX-009a": ("0505", S), "HX-001a": ("1505", S), "HX-010a": ("0510", N)}
    state = arrange(game, places)
    state, _ = play(state, [RangedAttack("HX-009a", ("HX-010a",))], dice=[5, 5, 5])
    warden = unit(state, "HX-010a")
    assert state.units[warden].energy_heat
    state, _ = play(state, [EndTurn()])
    assert not state.units[warden].energy_heat


def _told(state: AoDState, events: Sequence[object]) -> list[str]:
    lines = []
    for event in events:
        after = evolve(state, event)  # type: ignore[arg-type]
        lines.append(describe(event, state, after))  # type: ignore[arg-type]
        state = after
    return lines


def test_the_log_tells_the_attack_with_its_dice_and_modifiers() -> None:
    """One plain sentence per event: dice, attack, total against the modified defense."""
    game = setup(["HX-009", "HX-001"], ["HX-001"], terrain={"0507": WOODS})
    places = {"HX-009a": ("0505", S), "HX-001a": ("1505", S), "HX-001b": ("0510", S)}
    state = arrange(game, places)
    _, events = play(state, [RangedAttack("HX-009a", ("HX-001b",))], dice=[1, 1, 6])
    assert _told(state, events) == [
        "Kestrel KS-2L (HX-009a) gets a ranged order.",
        (
            "Kestrel KS-2L (HX-009a) fires at Pathguard Rifle Squad (HX-001b): 1+1+6 +10 +2 = 20 "
            "vs 16 (defense 15, +1 hindering terrain, +2 attack for rear arc), misses. "
            "Critical miss."
        ),
        "Kestrel KS-2L (HX-009a) takes 1 click of pushing damage from its own critical miss.",
    ]
