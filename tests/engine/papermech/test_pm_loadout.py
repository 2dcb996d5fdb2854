"""Paper 'Mech PM-11, PM-11.2 and PM-12: the weapons catalogue, default loadout, customization."""

from __future__ import annotations

import pytest

from engine.game import IllegalCommand
from engine.papermech import RULESET
from engine.papermech import commands as cmd
from engine.papermech import events as ev
from engine.papermech.options import PaperCode
from engine.papermech.state import Loadout, LoadoutError, PaperSetup, Prompt
from engine.papermech.tables import Action, Mount, Ring, Weapon
from tests.engine.papermech._build import foe, loadout, play, player, state_with

# PM-11 as printed in the digest: special, range, mounts, W, armor, (name, P, T) x 3.
CATALOGUE = {
    Weapon.MISSILES: ("Recoil", Ring.L, "arm/shoulder", 3, 3,
                      [("Single Launch", 2, 2), ("Multi Launch", 4, 3), ("Full Salvo", 6, 4)]),
    Weapon.RIFLE: ("Sniper", Ring.L, "arm/shoulder", 3, 3,
                   [("Rushed Aim", 2, 3), ("Careful Aim", 3, 4), ("Precision Aim", 4, 5)]),
    Weapon.PPC: ("Kickback", Ring.L, "arm/shoulder", 4, 3,
                 [("Single Shot", 4, 3), ("PPC Burst", 6, 4), ("PPC Auto", 8, 5)]),
    Weapon.WING_SHIELD: ("Reflex", None, "shoulder", 1, 4,
                         [("Defend", 0, 1), ("Defend", 0, 1), ("Defend", 0, 1)]),
    Weapon.DISRUPTOR: ("EMP", Ring.M, "arm/shoulder", 2, 3,
                       [("Scrambler", 1, 2), ("White Noise", 3, 3), ("Static Burst", 5, 4)]),
    Weapon.FLAMETHROWER: ("Proximity", Ring.M, "arm/shoulder", 2, 3,
                          [("Burn", 2, 1), ("Flame Burst", 4, 2), ("Fire Lance", 5, 3)]),
    Weapon.LASER: ("Accurate", Ring.M, "arm/shoulder", 3, 3,
                   [("Quick Beam", 2, 2), ("Laser Blast", 3, 3), ("Full Charge", 4, 4)]),
    Weapon.MORTAR: ("Area", Ring.M, "shoulder", 4, 3,
                    [("Single Shell", 3, 3), ("Double Shell", 4, 4), ("Carpet Bomb", 5, 5)]),
    Weapon.MACHINE_GUN: ("Weak", Ring.S, "arm/shoulder", 1, 3,
                         [("Burst", 3, 1), ("Semi Auto", 6, 2), ("Full Auto", 8, 3)]),
    Weapon.ENERGY_WHIP: ("Pull", Ring.S, "arm", 2, 3,
                         [("Sweep", 2, 2), ("Sidelash", 4, 3), ("Overhead", 6, 4)]),
    Weapon.FIST: ("Combo", Ring.C, "arm", 2, 3,
                  [("Punch", 2, 2), ("Uppercut", 5, 3), ("Crush", 1, 3)]),
    Weapon.PLASMA_SWORD: ("Parry", Ring.C, "arm", 2, 3,
                          [("Forward Stab", 3, 2), ("Hack & Slice", 4, 3), ("Killing Blow", 5, 4)]),
    Weapon.TOWER_SHIELD: ("Wall", Ring.C, "arm", 4, 5,
                          [("Shield Bash", 3, 2), ("Guard", 0, 1), ("Guard", 0, 1)]),
}  # fmt: skip


@pytest.mark.parametrize("weapon", list(CATALOGUE))
def test_pm_11_catalogue_row(weapon: Weapon) -> None:
    """PM-11: special, range, mounts, weight, armor and the three lines (P, T) of each weapon."""
    special, reach, mounts, weight, armor, lines = CATALOGUE[weapon]
    profile = weapon.profile
    fits = "/".join(
        part
        for part, ok in (("arm", weapon.fits(Mount.LA)), ("shoulder", weapon.fits(Mount.LS)))
        if ok
    )
    assert (profile.special.value, profile.range, fits) == (special, reach, mounts)
    assert (profile.weight, profile.armor) == (weight, armor)
    assert [(line.name, line.p, line.t) for line in profile.lines] == lines


@pytest.mark.parametrize(
    ("gear", "action", "t"),
    [
        ("", Action.RS3, 4),
        ("", Action.LA2, 3),
        ("", Action.RA3, 3),
        ("LS=machine-gun", Action.LS2, 2),
        ("LS=rifle RS=machine-gun", Action.LS3, 5),
    ],
)
def test_pm_11_a_chosen_line_places_the_cube_on_its_printed_t(gear, action, t) -> None:
    """PM-11 / PM-4: with no penalty (W <= 12) the cube goes on the line's printed T."""
    state = state_with(
        foe("A", "L/1"), me=player(gear, action=None, time=None), prompt=Prompt.ACTION
    )
    assert state.player.loadout.penalty == 0
    _, events = play(state, cmd.ChooseAction(action))
    assert events[0] == ev.ActionChosen(action, t, 0)


def test_pm_11_2_default_loadout_weighs_12() -> None:
    """PM-11.2: Wing Shield, Missiles, Laser, Fist, torso 5, legs 4: 1 + 3 + 3 + 2 + 2 + 1 = 12."""
    default = Loadout()
    assert default.weapons == (Weapon.WING_SHIELD, Weapon.MISSILES, Weapon.LASER, Weapon.FIST)
    assert (default.torso, default.legs) == (5, 4)
    assert (default.weight, default.penalty) == (12, 0)
    assert default.problems() == []


@pytest.mark.parametrize(
    ("spec", "weight", "penalty"),
    [
        ("torso=4", 11, 0),
        ("", 12, 0),
        ("legs=5", 13, 1),
        ("RA=tower-shield", 14, 1),
        ("RA=tower-shield legs=5", 15, 2),
        ("LS=mortar legs=5", 16, 2),
        ("LS=mortar RA=tower-shield", 17, 3),
        ("LS=mortar RA=tower-shield legs=5", 18, 3),
        ("LS=mortar RA=tower-shield LA=ppc legs=5", 19, 4),
    ],
)
def test_pm_12_e10_weight_and_penalty(spec: str, weight: int, penalty: int) -> None:
    """PM-12 / E10: W = weapons + armor above 3; penalty ceil((W - 12) / 2) above 12 W."""
    gear = loadout(spec)
    assert (gear.weight, gear.penalty) == (weight, penalty)


def test_pm_12_e10_tower_shield_for_the_fist_puts_guard_on_2_and_3_with_torso_damage() -> None:
    """E10: Fist -> Tower Shield = 14 W (+1): Guard (T1) on 2; with torso 3 as well: on 3."""
    for torso, t in ((0, 2), (3, 3)):
        me = player("RA=tower-shield", action=None, time=None, torso=torso)
        state = state_with(foe("A", "L/1"), me=me, prompt=Prompt.ACTION)
        _, events = play(state, cmd.ChooseAction(Action.RA2))
        assert events[0] == ev.ActionChosen(Action.RA2, t, t - 1)


def test_pm_12_the_weight_penalty_applies_to_movement_but_not_the_free_move() -> None:
    """PM-12: at 14 W Walk Forwards costs T2; the free move after an attack costs nothing."""
    me = player("RA=tower-shield", action=None, time=None)
    state = state_with(foe("A", "L/3"), me=me, prompt=Prompt.ACTION)
    _, events = play(state, cmd.ChooseAction(Action.FORWARD))
    assert events[0] == ev.ActionChosen(Action.FORWARD, 2, 1)
    me = player("RA=tower-shield", action=Action.LS1, time=1)
    state, _ = play(state_with(foe("A", "L/3", time=3), me=me), cmd.Wait())
    after, events = play(state, cmd.Walk())
    assert not [e for e in events if isinstance(e, ev.ActionChosen)]
    assert after.get("A").time == 2
    assert after.get("A").ring is Ring.M


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("legs=6", "legs armor 6"),
        ("torso=2", "torso armor 2"),
        ("LA=mortar", "Mortar cannot be fitted on the left arm"),
        ("RS=fist", "Fist cannot be fitted on the right shoulder"),
        ("RA=wing-shield", "Wing Shield cannot be fitted on the right arm"),
        ("LS=tower-shield", "Tower Shield cannot be fitted on the left shoulder"),
        ("RS=energy-whip", "Energy Whip cannot be fitted"),
        ("LS=plasma-sword", "Plasma Sword cannot be fitted"),
    ],
)
def test_pm_12_e10_illegal_loadouts_are_refused(spec: str, why: str) -> None:
    """PM-12 / E10: armor 3-5; each weapon only on its mounts (refit and scenario both refuse)."""
    with pytest.raises(LoadoutError, match=f"(?i){why}"):
        Loadout.parse(spec)
    with pytest.raises(ValueError, match=f"(?i){why}"):
        RULESET.make_setup({"loadout": spec})


def test_pm_12_refit_before_deploying_checks_the_rules() -> None:
    """PM-12: a refit at DEPLOY is validated; a legal one changes the 'Mech."""
    start = RULESET.start(PaperSetup())
    bad = Loadout((Weapon.FIST, Weapon.MISSILES, Weapon.LASER, Weapon.FIST), 5, 4)
    with pytest.raises(IllegalCommand) as caught:
        play(start, cmd.Refit(bad))
    assert caught.value.code == PaperCode.LOADOUT
    good = loadout("RA=plasma-sword torso=3 legs=3")
    after, events = play(start, cmd.Refit(good))
    assert events == [ev.LoadoutRefitted(good), ev.Prompted(Prompt.DEPLOY)]
    assert after.player.loadout == good


def test_pm_12_no_refit_during_a_wave() -> None:
    """PM-12: the loadout is built before play, not in the middle of a wave."""
    state = state_with(foe("A", "L/1"))
    with pytest.raises(IllegalCommand):
        play(state, cmd.Refit(loadout("RA=plasma-sword")))


def test_pm_12_design_the_same_weapon_may_be_fitted_twice() -> None:
    """PM-12 DESIGN: two Lasers are legal, each with its own circles."""
    gear = loadout("LS=laser RS=laser torso=3 legs=3")
    assert gear.problems() == []
    assert gear.weight == 3 + 3 + 3 + 2
