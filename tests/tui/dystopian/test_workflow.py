"""The DW activation workflow without the screen: keys, paths, the fire preview and the dice.

DW-2.1 / DW-2.3 (exploding dice: expected hits, the pool die by die), DW-28.4 (paths),
DW-17.1 (linked fire in the preview), and the engine's legal commands grouped by model, so a
command class the engine gains later gets a key of its own.
"""

from __future__ import annotations

from fractions import Fraction

from attrs import frozen

from engine.dystopian.combat import linked_ad
from engine.dystopian.combat_segment import aim_at
from engine.dystopian.commands import Activate, DWCommand, Fire, MoveModel
from engine.dystopian.events import AttackRolled, AttackSource
from engine.dystopian.movement import parse_path
from engine.dystopian.rules import legal_commands
from engine.hexes import Facing, Hex
from tests.tui.dystopian.test_screen_play import fleets, ready_to_activate  # noqa: F401 - fixture
from tui.dystopian.workflow import (
    assign_keys,
    dice_text,
    expected_hits,
    fire_lines,
    group_name,
    key_hex,
    order_groups,
    walk_hexes,
)


def test_expected_hits_of_an_exploding_pool():
    """DW-2.1: at 4+ a die is worth 4/5 of a hit (4, 5 hit; a 6 scores 2 and rolls again)."""
    assert expected_hits(1, 4) == Fraction(4, 5)
    assert expected_hits(5, 4) == 4
    # Small target (DW-15.5): 5+ -> only 5 and 6: (1/6 + 1/3) * 6/5 = 3/5 a die
    assert expected_hits(5, 5) == 3
    # a primary at RB1, -1 (DW-4.1): 4+ -1 -> 5 and up hit: the same as 5+
    assert expected_hits(5, 4, -1) == 3
    # natural 6s only (DW-15.4): 2/5 a die
    assert expected_hits(5, 4, natural_only=True) == 2


def test_a_pool_told_die_by_die():
    """DW-2.1: 5 dice at 5+, three natural 6s explode into three more dice: 7 hits."""
    rolled = AttackRolled(
        target=0,
        source=AttackSource.WEAPON,
        attackers=(1,),
        weapon="Fore turret",
        ad=5,
        threshold=5,
        mod=0,
        natural_only=False,
        faces=(3, 6, 1, 6, 6, 1, 2, 5),
        hits=7,
    )
    assert dice_text(rolled) == "3 6!! 1 6!! 6!! | +1 +2 +5*"


def test_keys_for_known_and_new_command_kinds():
    """Activate a, move m, fire f; a kind the screen never heard of takes a free key."""
    tags = [Activate.TAG, MoveModel.TAG, Fire.TAG, "dw_launch_wing", "dw_scuttle"]
    assert assign_keys(tags) == {
        Activate.TAG: "a",
        MoveModel.TAG: "m",
        Fire.TAG: "f",
        "dw_launch_wing": "l",
        "dw_scuttle": "h",
    }
    assert group_name(MoveModel.TAG) == "Move"
    assert group_name("dw_launch_wing") == "Launch wing"


def test_a_path_walked_on_the_board():
    """DW-28.4: FFRF from 1904 facing S: two hexes S, a turn (R, clockwise: S -> SW), one SW."""
    start = Hex.from_label("1904")
    hexes, facing = walk_hexes(start, Facing.S, parse_path("FFRF"))
    assert [h.label for h in hexes] == ["1904", "1905", "1906", "1806"]
    assert facing is Facing.SW
    back, same = walk_hexes(start, Facing.S, parse_path("B"))
    assert back == [start, Hex.from_label("1903")]
    assert same is Facing.S


@frozen
class ScuttleModel(DWCommand):
    """A command the engine might gain: the screen groups it by the model it names."""

    TAG = "dw_scuttle_model"
    model: str


def test_order_groups_take_any_command_naming_the_model(tmp_path, fleets):  # noqa: F811
    """The legal commands by kind for one model, with a new kind among them."""
    journal = ready_to_activate(tmp_path, fleets)
    state = journal.game.state
    legal = [*legal_commands(state), ScuttleModel("BB-1")]
    groups = order_groups(state, "BB-1", legal)
    assert Activate.TAG in groups
    assert groups["dw_scuttle_model"] == [ScuttleModel("BB-1")]
    assert key_hex(state, ScuttleModel("BB-1")) == state.models[state.index_of("BB-1")].hex


def test_the_fire_preview_of_a_linked_attack(tmp_path, fleets):  # noqa: F811
    """DW-17.1: the lead's dice and half of each other's; the need and the hits to expect."""
    journal = ready_to_activate(tmp_path, fleets)
    # Arrange: activate the cruisers and bring them within reach
    state = journal.game.state
    cruisers = next(c for c in legal_commands(state) if isinstance(c, Activate) and "CR" in c.model)
    journal.execute(cruisers)
    while True:
        state = journal.game.state
        moves = [c for c in legal_commands(state) if isinstance(c, MoveModel) and c.path == "FFFF"]
        if not moves:
            break
        journal.execute(moves[0])
    state = journal.game.state
    linked = [c for c in legal_commands(state) if isinstance(c, Fire) and len(c.models) > 1]
    assert linked, "the cruisers can link their fire"
    command = linked[0]
    # Act
    lines = fire_lines(state, command)
    # Assert: the numbers the engine's own aim gives, linked as DW-17.1 says
    target = state.index_of(command.targets[0])
    ads = []
    for name in command.models:
        index = state.index_of(name)
        weapons = state.card(index).weapons
        number = next(n for n, w in enumerate(weapons) if w.kind.value == command.weapon)
        aim = aim_at(state, index, number, target)
        assert not isinstance(aim, str)
        ads.append(aim.ad)
    total = linked_ad(ads[0], *ads[1:])
    halves = " + ".join(f"{a}/2" for a in ads[1:])
    assert f"Linked: {ads[0]} + {halves} = {total} AD (DW-17.1)" in lines
    assert any(line.startswith(f"{total} dice at {command.targets[0]}, need ") for line in lines)
