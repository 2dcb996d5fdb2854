"""The Paper 'Mech command language (DESIGN 3): what it reads, and how it refuses the rest."""

from __future__ import annotations

import pytest

from engine.game import IllegalCommand
from engine.papermech import RULESET, PaperSetup
from engine.papermech import commands as cmd
from engine.papermech.tables import Action, Location, Mount, Stance, Weapon

STATE = RULESET.start(PaperSetup())


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("deploy", cmd.Deploy()),
        ("  CHOOSE  LA2 ", cmd.ChooseAction(Action.LA2)),
        ("c forward", cmd.ChooseAction(Action.FORWARD)),
        ("w", cmd.Wait()),
        ("h", cmd.Haste()),
        ("next t", cmd.ResolveNext("T")),
        ("t h", cmd.ChooseTarget("H")),
        ("target t a", cmd.ChooseTarget("T", "A")),
        ("pull ccw", cmd.Pull(cmd.PullDirection.CCW)),
        ("turn right", cmd.Turn(cmd.TurnDirection.RIGHT)),
        ("stance squat", cmd.SetStance(Stance.SQUATTING)),
        ("stance stand", cmd.SetStance(Stance.STANDING)),
        ("shield ra", cmd.UseShield(Mount.RA)),
        ("repair torso", cmd.Repair(Location.TORSO)),
        ("repair legs 2", cmd.Repair(Location.LEGS, 2)),
        ("repair la", cmd.Repair(Location.LA)),
        ("skip", cmd.Skip()),
    ],
)
def test_the_language_reads_each_command_in_any_case(text: str, command: cmd.PaperCommand) -> None:
    """Words are case-insensitive and spaces do not matter; short forms work."""
    assert RULESET.parse_command(text, STATE) == command


def test_a_loadout_line_changes_only_the_parts_it_names() -> None:
    """PM-12: ``loadout LA=mortar``-style refits start from the current loadout."""
    refit = RULESET.parse_command("loadout LA=plasma-sword torso=4", STATE)
    assert isinstance(refit, cmd.Refit)
    assert refit.loadout.weapons == (
        Weapon.WING_SHIELD,
        Weapon.MISSILES,
        Weapon.PLASMA_SWORD,
        Weapon.FIST,
    )
    assert (refit.loadout.torso, refit.loadout.legs) == (4, 4)


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("choose zz9", "actions are ls1..ra3"),
        ("stance sideways", "the stances are standing and squatting"),
        ("repair elbow 2", "repair torso, legs N"),
        ("repair torso 2", "the circle is a number"),
        ("repair LA two", "the circle is a number"),
        ("loadout LA=mortar", "cannot be fitted on the left arm"),
        ("loadout torso", "write PART=VALUE"),
        ("loadout torso=lots", "armor is a number from 3 to 5"),
        ("loadout head=laser", "the parts are LS, RS, LA, RA, torso and legs"),
        ("loadout LS=banana", "Unknown weapon 'banana'"),
        ("fly", "type 'help' for the commands"),
        ("", "type 'help' for the commands"),
    ],
)
def test_unreadable_lines_are_refused_with_a_hint(text: str, hint: str) -> None:
    """One line saying what was not understood and what would be; code command/parse."""
    with pytest.raises(IllegalCommand) as caught:
        RULESET.parse_command(text, STATE)
    assert caught.value.code == "command/parse"
    assert hint in caught.value.message
    assert "\n" not in caught.value.message
