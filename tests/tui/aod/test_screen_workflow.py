"""The order workflow's pure parts: order groups and keys, picks by hex, the fire preview.

AOD-7.3 (the orders a unit may take, from the engine), AOD-11.9 and AOD-12.5 (the need on 3d6,
the chance and every modifier of a ranged attack).
"""

from __future__ import annotations

from fractions import Fraction

import attrs
from attrs import frozen

from engine.aod.combat import AttackOrder, hit_probability
from engine.aod.commands import AoDCommand, FreeSpin, MoveUnit, RollFirstPlayer, VentUnit
from engine.aod.ruleset import RULESET
from engine.aod.units import WeaponSlot
from engine.hexes import Facing, Hex
from tests.tui.aod.test_screen_play import library, ready_to_order, setup_of  # noqa: F401
from tui.aod.workflow import (
    aim_marks,
    assign_keys,
    attack_of,
    fire_lines,
    group_name,
    key_hex,
    named_units,
    order_groups,
    plain_problem,
)


def placed(state, **where):
    """The state with units (by ident, ``HX_009a``) at ``(label, facing)``."""
    for name, (label, facing) in where.items():
        index = state.index_of(name.replace("_", "-"))
        unit = attrs.evolve(state.units[index], hex=Hex.from_label(label), facing=facing)
        state = state.with_unit(index, unit)
    return state


def test_order_groups_come_from_the_engine_by_command(tmp_path, library):  # noqa: F811
    """AOD-7.3: a 'Mech may move or vent; every group holds only its unit's commands."""
    state = ready_to_order(tmp_path, library).game.state
    mech = next(n for n in state.owned(state.active) if state.definition(n).is_mech)
    ident = state.units[mech].ident
    groups = order_groups(state, ident)
    assert list(groups) == ["vent_unit", "move_unit"]
    assert groups["vent_unit"] == [VentUnit(ident)]
    assert all(isinstance(c, MoveUnit) and c.unit == ident for c in groups["move_unit"])
    infantry = next(n for n in state.owned(state.active) if not state.definition(n).is_mech)
    assert list(order_groups(state, state.units[infantry].ident)) == ["move_unit"]


def test_keys_are_the_order_words_then_the_free_letters():
    """Known orders keep their letters; a new kind gets the next free key, never a taken one."""
    keys = assign_keys(["vent_unit", "move_unit", "ranged_attack", "assault", "jump_jets"])
    assert keys == {
        "vent_unit": "v",
        "move_unit": "m",
        "ranged_attack": "f",
        "assault": "a",
        "jump_jets": "b",
    }
    assert group_name("move_unit") == "Move"
    assert group_name("close_combat") == "Close combat"


@frozen
class Shoot(AoDCommand):
    """An order kind the engine may gain: it names its targets by ident."""

    TAG = "ranged_attack"
    unit: str
    targets: tuple[str, ...]


def test_a_command_is_picked_by_its_hex_or_its_target(library):  # noqa: F811
    """The first hex a command names, else its first target's; Vent and spins have none."""
    state = placed(RULESET.start(setup_of(library)), HX_010a=("1813", Facing.N))
    move = MoveUnit("HX-009a", Hex.from_label("1207"), Facing.S)
    assert key_hex(state, move) == Hex.from_label("1207")
    assert key_hex(state, VentUnit("HX-009a")) is None
    assert key_hex(state, FreeSpin("HX-009a", Facing.N)) is None
    assert key_hex(state, RollFirstPlayer()) is None
    shot = Shoot("HX-009a", ("HX-010a", "HX-010b"))
    assert named_units(state, shot) == [state.index_of("HX-010a")]  # no HX-010b in the game
    assert key_hex(state, shot) == Hex.from_label("1813")


def test_the_fire_preview_gives_the_need_and_the_chance(library):  # noqa: F811
    """AOD-11.9: need = defense - attack; Kestrel (attack 10) at the Warden (defense 19): 9."""
    state = placed(
        RULESET.start(setup_of(library)),
        HX_009a=("1810", Facing.S),
        HX_010a=("1813", Facing.N),
    )
    kestrel, warden = state.index_of("HX-009a"), state.index_of("HX-010a")
    lines = fire_lines(state, kestrel, [warden])
    assert hit_probability(9) == Fraction(160, 216)  # 3d6 of 9 or more: 160 of 216
    assert lines == ["HX-010a: need 9+ on 3d6 (74%)", "  attack 10, defense 19"]
    assert aim_marks(state, kestrel) == {Hex.from_label("1813"): "9"}


def test_the_fire_preview_lists_every_modifier(library):  # noqa: F811
    """AOD-12.5: through the target's rear arc, +2 attack: the need drops by 2."""
    state = placed(
        RULESET.start(setup_of(library)),
        HX_009a=("1810", Facing.S),
        HX_010a=("1813", Facing.S),
    )
    kestrel, warden = state.index_of("HX-009a"), state.index_of("HX-010a")
    lines = fire_lines(state, kestrel, [warden])
    assert lines[0].startswith("HX-010a: need 7+ on 3d6")
    assert "  +2 attack: rear arc" in lines


def test_the_fire_preview_says_why_not(library):  # noqa: F811
    """AOD-12.1: out of range, the preview says so in plain words, without rule codes."""
    state = placed(
        RULESET.start(setup_of(library)),
        HX_009a=("1810", Facing.S),
        HX_010a=("1830", Facing.N),
    )
    kestrel, warden = state.index_of("HX-009a"), state.index_of("HX-010a")
    (line,) = fire_lines(state, kestrel, [warden])
    assert "AOD-" not in line
    assert "/" not in line.split(" ", 1)[0]
    assert aim_marks(state, kestrel) == {}
    assert plain_problem("attack/no_target: choose a target (AOD-11.8)") == "Choose a target."


def test_the_order_kinds_being_added_get_their_letters():
    """The ranged, close, support orders' tags: f, a, c, h, t, o, l, u, x; none twice."""
    tags = [
        "ranged_attack",
        "assault_unit",
        "close_combat",
        "special_move",
        "fire_artillery",
        "move_formation",
        "load_transport",
        "unload_transport",
        "repair_unit",
    ]
    assert list(assign_keys(tags).values()) == ["f", "a", "c", "h", "t", "o", "l", "u", "x"]


@frozen
class Volley(AoDCommand):
    """A ranged order as the engine will list it: targets, the weapon, indirect fire."""

    TAG = "ranged_attack"
    unit: str
    targets: tuple[str, ...]
    slot: WeaponSlot | None = None
    indirect: bool = False


@frozen
class Storm(AoDCommand):
    """An assault order: a ranged attack after half a move, or close combat after a full one."""

    TAG = "assault_unit"
    unit: str
    targets: tuple[str, ...]
    close: bool = False


def test_which_commands_get_a_fire_preview():
    """AOD-12 and AOD-15: ranged and ranged assaults do, with their weapon; the others do not."""
    slot = WeaponSlot.SECONDARY
    assert attack_of(Volley("HX-009a", ("HX-010a",), slot)) == (AttackOrder.RANGED, slot, False)
    indirect = Volley("HX-006a", ("HX-009a",), indirect=True)
    assert attack_of(indirect) == (AttackOrder.RANGED, None, True)
    assert attack_of(Storm("HX-009a", ("HX-010a",))) == (AttackOrder.ASSAULT, None, False)
    assert attack_of(Storm("HX-009a", ("HX-010a",), close=True)) is None
    assert attack_of(MoveUnit("HX-009a", Hex.from_label("1207"), Facing.S)) is None


def test_the_secondary_weapon_is_previewed_with_its_own_range(library):  # noqa: F811
    """AOD-11.6: the Kestrel's secondary reaches 8 hexes, its primary 10: at 9 only the primary."""
    state = placed(
        RULESET.start(setup_of(library)),
        HX_009a=("1810", Facing.S),
        HX_010a=("1819", Facing.N),
    )
    kestrel, warden = state.index_of("HX-009a"), state.index_of("HX-010a")
    assert fire_lines(state, kestrel, [warden])[0].startswith("HX-010a: need 9+")
    (refused,) = fire_lines(state, kestrel, [warden], slot=WeaponSlot.SECONDARY)
    assert "range" in refused.lower()
