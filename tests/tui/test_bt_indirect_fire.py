"""The fire panel's indirect fire and the hex dialog's artillery (BT-C-16, BT-C-67).

An LRM at a target out of sight fires through the best spotter: its row says ``via`` whom, its
number carries ``indirect fire`` +1, the panel names the spotter and the declaration names it
(`commands.Shot.spotter`). The spotter's own rows carry ``spotting for indirect fire`` +1.
"""

from __future__ import annotations

import attrs

from engine.battletech import RULESET
from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import Shot
from engine.battletech.rules.tohit import declare_fire
from engine.battletech.state import Phase
from engine.hexes import Facing
from tests.engine.battletech._build import design, terrain_board
from tests.engine.battletech._rules_btc import CT, LT, duel, still
from tui.battletech.indirect_fire import area_words, spotter_for
from tui.battletech.widgets.attack_orders import aim_lines
from tui.battletech.widgets.targeting import (
    aim_view,
    cycle_mode,
    fire_command,
    start_aim,
    toggle_weapon,
)

HEAVY = Terrain(woods=Woods.HEAVY)
GUNNER = design(equipment=[("LRM 20", LT), ("IS Ammo LRM-20", LT), ("Medium Laser", CT)])
SPOTTER = design(name="Spotter", equipment=[("Medium Laser", CT)])
LETTERS = ("G", "T", "S")


def field():
    """The gunner in 0810 cannot see the target in 0802 (heavy woods); the spotter in 0804 can."""
    board = terrain_board(16, 17, h0806=HEAVY, h0805=HEAVY)
    state = duel(
        GUNNER,
        design(name="Target"),
        "0810",
        "0802",
        Facing.N,
        Facing.S,
        board,
        extra=[(SPOTTER, 0, "0804", Facing.N)],
    )
    return attrs.evolve(still(state), phase=Phase.WEAPON)


def test_the_lrm_row_fires_through_the_spotter_and_the_panel_says_so():
    """BT-C-16: the row's mode names the spotter; 4 + medium range 2 + indirect 1 = 7."""
    state = field()
    aim = start_aim(state, 0)
    assert aim.target == 1
    view = aim_view(state, aim)
    lrm, laser = view.rows[0], view.rows[1]
    assert lrm.spotter == 2
    assert lrm.mode == "via Spotter T-50"
    assert lrm.to_hit.number == 7
    assert ("indirect fire", 1) in lrm.to_hit.modifiers
    assert laser.spotter is None
    assert laser.to_hit.number is None
    text = "\n".join(line for line, _ in aim_lines(view, state, LETTERS))
    assert "indirect fire (+1, BT-C-16): LRMs and artillery through S Spotter T-50" in text
    aim = toggle_weapon(aim, view, "1")
    command = fire_command(state, aim)
    assert command.shots == (Shot(0, target=1, spotter=2),)
    declare_fire(state, command)  # the engine accepts what the panel gives


def test_the_spotters_panel_shows_its_penalty():
    """BT-C-75: after the gunner declared through it, the spotter's laser is 4 + 1 = 5."""
    state = field()
    aim = toggle_weapon(start_aim(state, 0), aim_view(state, start_aim(state, 0)), "1")
    for event in declare_fire(state, fire_command(state, aim)):
        state = RULESET.evolve(state, event)
    row = aim_view(state, start_aim(state, 2)).rows[0]
    assert row.to_hit.number == 5
    assert ("spotting for indirect fire", 1) in row.to_hit.modifiers


def test_no_spotter_for_a_direct_weapon_or_a_target_in_sight():
    """Only LRMs and artillery lob; a target in sight is fired at directly."""
    state = field()
    assert spotter_for(state, 0, 2, 1) is None  # the medium laser
    clear = attrs.evolve(state, board=terrain_board(16, 17))
    assert spotter_for(clear, 0, 0, 1) is None
    assert area_words(state, 0, 0) == ""


def test_o_cycles_the_spotter_of_the_weapon_chosen_last():
    """BT-C-16: with two friends that see the target, ``o`` picks the other one for the LRM."""
    state = field()
    second = attrs.evolve(state.units[2], hex=state.units[2].hex.neighbor(Facing.NE))
    units = (*state.units, attrs.evolve(second, design=attrs.evolve(SPOTTER, model="T-51")))
    state = attrs.evolve(state, units=units)
    aim = start_aim(state, 0)
    aim = toggle_weapon(aim, aim_view(state, aim), "1")
    first = aim_view(state, aim).rows[0]
    assert first.spotter in {2, 3}
    assert first.modes == 2  # the row offers a choice: the hint shows ``o``
    aim = cycle_mode(state, aim, 0)
    other = aim_view(state, aim).rows[0]
    assert {first.spotter, other.spotter} == {2, 3}
    assert fire_command(state, aim).shots == (Shot(0, target=1, spotter=other.spotter),)
    aim = cycle_mode(state, aim, 0)
    assert aim_view(state, aim).rows[0].spotter == first.spotter
