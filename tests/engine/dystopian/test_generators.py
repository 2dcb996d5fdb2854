"""Dystopian Wars generators beyond the Shield: use, targets, rolls and effects.

Rules: DW-23 (general rules and every generator of the table), DW-27 items 12 and 23, DW-19.6,
DW-28.3, DW-28.13 Tier 2 ("every generator in DW-23").
"""

from __future__ import annotations

import pytest

from engine.dice import ScriptedDice
from engine.dystopian.combat import ContactFire
from engine.dystopian.damage import Critical, Hull, Marker
from engine.dystopian.generators import (
    CamouflageCheck,
    Kind,
    camouflage_problem,
    charge,
    charged_dice,
    fury_split,
    generator_problem,
    guardian_cancel,
    guardian_problem,
    kinetic_move_problem,
    roll_disruption,
    roll_field,
    roll_fury,
    roll_kinetic,
    roll_pulse,
    roll_sonic,
    roll_tesla,
    roll_upg,
    sonic_victims,
    target_problem,
)
from engine.dystopian.geometry import Level, Piece, Size
from engine.dystopian.models import WeaponKind
from engine.hexes import Facing, Hex
from tests.engine.dystopian._assets import models


def piece(q: int, r: int, level: Level = Level.SURFACE, *, token: bool = False) -> Piece:
    return Piece(Hex(q, r), Facing.N, Size.LARGE, level, 0, token=token)


# ---- general rules (DW-23, DW-27 item 23, DW-19.6) ----------------------------------------------


def test_when_a_generator_cannot_be_used() -> None:
    """DW-23: offline, after terrain or a larger model, or on a derelict; passives always work."""
    assert generator_problem(Kind.TESLA, derelict=False) == ""
    assert "offline" in generator_problem(Kind.TESLA, offline=True, derelict=False)
    assert generator_problem(Kind.PULSE, contact=ContactFire.NONE, derelict=False) != ""
    assert generator_problem(Kind.PULSE, contact=ContactFire.HALF, derelict=False) == ""
    assert "derelict" in generator_problem(Kind.SONIC, derelict=True)
    for passive in (Kind.SHIELD, Kind.FIELD, Kind.GUARDIAN):
        assert (
            generator_problem(passive, offline=True, contact=ContactFire.NONE, derelict=True) == ""
        )


def test_half_dice_for_stored_generators() -> None:
    """DW-27 item 23: Fury and Pulse roll half their dice (minimum 1) after a half-dice contact."""
    assert charged_dice(7) == 7
    assert charged_dice(7, ContactFire.HALF) == 3
    assert charged_dice(1, ContactFire.HALF) == 1
    assert charged_dice(7, ContactFire.NONE) == 0


def test_targets() -> None:
    """DW-23: one model within 8" (4 hexes); never a token; the UPG's 270 degrees exclude aft."""
    user = piece(5, 5)
    assert target_problem(Kind.TESLA, user, piece(5, 1)) == ""
    assert "4 hexes" in target_problem(Kind.TESLA, user, piece(5, 0))
    assert "planes" in target_problem(Kind.TESLA, user, piece(5, 4, token=True))
    assert target_problem(Kind.TESLA, user, piece(5, 8)) == ""  # 360 degrees
    assert "behind" in target_problem(Kind.UPG, user, piece(5, 8))
    assert target_problem(Kind.UPG, user, piece(5, 3)) == ""
    assert target_problem(Kind.PULSE, user, piece(5, 3)) != ""


# ---- the generators -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "marker", "ap"),
    [([3], None, 0), ([4], Marker.SHATTERED_DEFENCES, 0), ([5], Marker.CHAOS_AND_DISARRAY, 0),
     ([6, 4], None, 4)],
)  # fmt: skip
def test_upg(faces: list[int], marker: Marker | None, ap: int) -> None:
    """DW-23 UPG: 4 Shattered Defences, 5 Chaos & Disarray, 6 costs 1D6 AP; no HP lost."""
    roll = roll_upg(ScriptedDice(faces))
    assert (roll.marker, roll.ap_lost) == (marker, ap)


def test_tesla_critical_without_hp_and_no_magazine() -> None:
    """DW-23 Tesla: 5-6 rolls a critical with no HP lost; a 2 (Magazine) is rolled again."""
    hull = Hull(models()["BB"])
    assert roll_tesla(ScriptedDice([4]), hull).critical is None
    roll = roll_tesla(ScriptedDice([5, 1, 1, 2, 3]), hull)
    assert roll.critical is not None
    assert roll.critical.critical is Critical.SYSTEMS_OFFLINE
    assert roll.critical.hp_lost == 0


def test_disruption() -> None:
    """DW-23 Disruption: 4-6 one generator offline; a 6 also costs 1 AP."""
    rolls = roll_disruption(ScriptedDice([3, 4, 6]), [7, 8, 9])
    assert [(r.model, r.offline, r.ap_lost) for r in rolls] == [
        (7, False, 0),
        (8, True, 0),
        (9, True, 1),
    ]


def test_sonic_skips_the_submerged_and_stuns_on_five() -> None:
    """DW-23 Sonic: every other model within 8" but the submerged; 5-6 stuns."""
    user = piece(5, 5)
    pieces = [
        (1, user),
        (2, piece(5, 2)),
        (3, piece(5, 3, Level.SUBMERGED)),
        (4, piece(5, 0)),
        (5, piece(6, 5, Level.FLYING)),
    ]
    victims = sonic_victims(pieces, user)
    assert victims == (2, 5)
    assert [r.stunned for r in roll_sonic(ScriptedDice([4, 5]), victims)] == [False, True]


def test_field() -> None:
    """DW-23 Field: 2D6 per Field; any 4-6 cancels the generator's effect on this model."""
    assert not roll_field(ScriptedDice([1, 3]), 1).cancels
    assert roll_field(ScriptedDice([1, 3, 2, 4]), 2).cancels


def test_fury_and_pulse_storage() -> None:
    """DW-23: 2 dice on each activation up to 10."""
    assert charge(0) == 2
    assert charge(9) == 10


def test_fury_split_and_fires() -> None:
    """DW-23 Fury: 7 dice over 3 targets is 2 each and one placed; 4-5 one Fire, 6 two + die."""
    split = fury_split(7, 3, [1])
    assert split == (2, 3, 2)
    with pytest.raises(ValueError, match="1 dice are left over"):
        fury_split(7, 3)
    pools = roll_fury(ScriptedDice([4, 1, 6, 5, 1, 2, 3, 1]), split)  # 6 adds a die
    assert [p.hits for p in pools] == [1, 3, 0]


def test_pulse_one_roll_for_everyone() -> None:
    """DW-23 Pulse: one roll of all the dice; 6 is two hits and a new die."""
    roll = roll_pulse(ScriptedDice([6, 4, 1, 5]), 3)
    assert roll.hits == 4


def test_kinetic() -> None:
    """DW-23 Kinetic: 1D6 extra inches; then at least half the move."""
    assert roll_kinetic(ScriptedDice([4])).value == 4
    assert kinetic_move_problem(3, 8) != ""
    assert kinetic_move_problem(4, 8) == ""


def test_camouflage() -> None:
    """DW-23 Camouflage: centred within 4 hexes, in sight, over no model."""
    assert camouflage_problem(CamouflageCheck(4, in_sight=True, covers_model=False)) == ""
    assert camouflage_problem(CamouflageCheck(5, in_sight=True, covers_model=False)) != ""
    assert camouflage_problem(CamouflageCheck(2, in_sight=False, covers_model=False)) != ""
    assert camouflage_problem(CamouflageCheck(2, in_sight=True, covers_model=True)) != ""


def test_guardian() -> None:
    """DW-23 Guardian: 2D6 on itself; one die for unshielded friends within 6" (3 hexes).

    Against gunnery 4-5 cancel 1; against torpedoes a 4 cancels nothing.
    """
    own = guardian_cancel(ScriptedDice([4, 5]), 5, None, guardians=1)
    assert own.cancelled == 2
    torpedoes = guardian_cancel(ScriptedDice([4, 5]), 5, WeaponKind.TORPEDO, guardians=1)
    assert torpedoes.cancelled == 1
    friend = guardian_cancel(ScriptedDice([4]), 3, None)
    assert friend.cancelled == 1
    assert guardian_cancel(ScriptedDice([4]), 3, WeaponKind.ROCKET).cancelled == 0
    assert guardian_problem(3, shielded=False, covered=False) == ""
    assert guardian_problem(4, shielded=False, covered=False) != ""
    assert guardian_problem(1, shielded=True, covered=False) != ""
    assert guardian_problem(1, shielded=False, covered=True) != ""
