"""Finding a club (BT-C-38): severed limbs, trees, girders; then swinging it."""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.board import Building, BuildingClass, Terrain, Woods
from engine.battletech.commands import FireWeapons, TakeClub
from engine.battletech.designs.mech import Location
from engine.battletech.rules.options import legal_commands
from engine.battletech.rules.physical import physical_options, physical_to_hit
from engine.battletech.state import AttackKind, BTState, Phase
from engine.game import IllegalCommand
from engine.hexes import Hex
from tests.engine.battletech._build import design, evolved_unit
from tests.engine.battletech._rules_btc import duel, run, to_weapon_phase

H = Hex.from_label
LASER = [("Medium Laser", Location.RA)]


def _weapon_phase(board_hexes: dict[str, Terrain] | None = None, **changes: object) -> BTState:
    from tests.engine.battletech._build import terrain_board  # noqa: PLC0415

    board = terrain_board(16, 17, **(board_hexes or {}))
    state = duel(design(70, equipment=LASER), design(equipment=LASER), "0810", "0809", board=board)
    if changes:
        state = state.replace_unit(0, evolved_unit(state.units[0], **changes))
    return to_weapon_phase(state)


def _declare_for_side_0_first(state: BTState) -> BTState:
    """Let side 1 hold fire when it is its slot first."""
    if state.side_to_act == 1:
        state, _ = run(state, [FireWeapons(1)])
    return state


def test_a_tree_in_woods_is_a_club_and_the_turn_has_no_fire_or_physical_attack() -> None:
    state = _declare_for_side_0_first(_weapon_phase({"h0810": Terrain(woods=Woods.LIGHT)}))
    assert TakeClub(0) in legal_commands(state)
    state, events = run(state, [TakeClub(0)])
    assert ev.ClubSearched(0, H("0810"), "tree", 0, (), found=True) in events
    assert state.units[0].mech.club == "tree"
    assert state.units[0].declared
    if state.phase is Phase.WEAPON:  # side 1 still to declare
        state, _ = run(state, [FireWeapons(1)], exact=False)
    assert state.phase is Phase.PHYSICAL
    assert physical_options(state, 0) == []
    assert "picked up a club this turn" in physical_to_hit(state, 0, AttackKind.CLUB, 1).reason
    assert state.side_to_act != 0  # so it is dealt no slot


def test_a_girder_is_found_in_rubble_on_the_building_class_number() -> None:
    """BT-C-38: medium 7+, heavy 6+, hardened 5+; the rubble remembers the building's class."""
    state = _weapon_phase()
    state = attrs.evolve(
        state,
        board=state.board.replace(H("0810"), Terrain(building=Building(BuildingClass.HEAVY, 1))),
    )
    state = RULESET_evolve(state, ev.BuildingDamaged(H("0810"), 5, collapsed=True))
    assert dict(state.rubble_class) == {H("0810"): "heavy"}
    state = _declare_for_side_0_first(state)
    missed, events = run(state, [TakeClub(0)], (2, 3))
    assert ev.ClubSearched(0, H("0810"), "girder", 6, (2, 3), found=False) in events
    assert missed.units[0].mech.club == ""
    found, _ = run(state, [TakeClub(0)], (3, 3))
    assert found.units[0].mech.club == "girder"


def test_a_blown_off_limb_lies_in_its_hex_and_can_be_picked_up() -> None:
    state = _weapon_phase()
    state = attrs.evolve(state, units=state.units)
    victim = 1
    state = RULESET_evolve(state, ev.LocationDestroyed(victim, Location.LA, blown_off=True))
    limb = f"{state.units[victim].name}'s left arm"
    assert state.limbs == ((H("0809"), limb),)
    moved = state.replace_unit(0, attrs.evolve(state.units[0], hex=H("0809")))
    moved = moved.replace_unit(victim, attrs.evolve(moved.units[victim], hex=H("0808")))
    moved = _declare_for_side_0_first(moved)
    after, events = run(moved, [TakeClub(0)])
    assert after.units[0].mech.club == limb
    assert after.limbs == ()
    assert ev.ClubSearched(0, H("0809"), limb, 0, (), found=True) in events


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        ({"club": "tree"}, "it already holds a club"),
        ({"prone": True}, "it is prone"),
        ({"crits": frozenset({(Location.LA, 3)})}, "both arms with working shoulders and hands"),
    ],
)
def test_who_cannot_pick_up_a_club(changes: dict, why: str) -> None:
    state = _declare_for_side_0_first(
        _weapon_phase({"h0810": Terrain(woods=Woods.LIGHT)}, **changes)
    )
    if state.phase is not Phase.WEAPON or state.side_to_act != 0:
        pytest.skip("side 0 got no slot: nothing else to declare")
    with pytest.raises(IllegalCommand, match=why):
        run(state, [TakeClub(0)])


def test_no_source_no_club() -> None:
    state = _declare_for_side_0_first(_weapon_phase())
    with pytest.raises(IllegalCommand, match="no limb, tree or rubble in its hex"):
        run(state, [TakeClub(0)])


def RULESET_evolve(state: BTState, event: ev.BTEvent) -> BTState:  # noqa: N802 - reads as a call
    from engine.battletech import RULESET  # noqa: PLC0415

    return RULESET.evolve(state, event)


def test_the_language_reads_grab() -> None:
    from engine.battletech import RULESET, format_command  # noqa: PLC0415

    state = _weapon_phase()
    assert RULESET.parse_command("grab 1", state) == TakeClub(0)
    assert format_command(TakeClub(0)) == "grab 1"
