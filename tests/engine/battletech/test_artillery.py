"""BT-C-67 / BT-C-72 / BT-C-75 / BT-C-90.12: on-board artillery, direct-fire area damage.

The gunner (unit 0, an Arrow IV system and a medium laser) stands in 0815 facing north; the
target (unit 1) in 0807, 8 hexes off; others are placed round it per test.
"""

from __future__ import annotations

import json

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import FireWeapons, Shot
from engine.battletech.data.catalogue import find
from engine.battletech.designs.mech import Location, Mounted
from engine.battletech.indirectevents import ArtilleryLanded, ArtilleryScattered
from engine.battletech.rules import artillery
from engine.battletech.rules.tohit import declare_fire, weapon_to_hit
from engine.battletech.state import Phase
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from saves.codec import make_converter
from tests.engine.battletech._build import design, evolved_unit, terrain_board
from tests.engine.battletech._rules_btc import CT, LT, RT, duel, of, resolve, still, two

H = Hex.from_label
HEAVY = Terrain(woods=Woods.HEAVY)


def gunner(weapon: str = "Arrow IV System", ammo: str = "IS Ammo Arrow IV", base: str = "IS"):
    """A 'Mech with a medium laser (0), a bin of ``ammo`` (1) and ``weapon`` (2).

    The weapon fills the right torso's 12 lines (a split weapon's other lines are elsewhere,
    `mtf._join_split`).
    """
    mech = design(name="Gunner", equipment=[("Medium Laser", CT), (ammo, LT)])
    spec = find(f"{base} {weapon}")
    assert spec is not None
    rt = list(Location).index(RT)
    criticals = [list(lines) for lines in mech.criticals]
    criticals[rt] = [spec.key] * 12
    mounted = Mounted(spec.key, RT, rear=False, slots=tuple(range(12)), shots=0)
    return attrs.evolve(
        mech,
        criticals=tuple(tuple(lines) for lines in criticals),
        equipment=(*mech.equipment, mounted),
    )


ML, AMMO, ARTY = range(3)
GUNNER, TARGET = 0, 1


def field(mech=None, others=(), board=None, *, target="0807"):
    """Gunner and target stood still, in the Weapon Attack phase; ``others`` as in `duel`."""
    state = duel(
        mech or gunner(),
        design(name="Target"),
        "0815",
        target,
        Facing.N,
        Facing.S,
        board or terrain_board(16, 20),
        extra=list(others),
    )
    return attrs.evolve(still(state), phase=Phase.WEAPON)


def declared(state, *shots):
    """Declare ``shots`` for the gunner and fold the events in."""
    for event in declare_fire(state, FireWeapons(GUNNER, tuple(shots))):
        state = RULESET.evolve(state, event)
    return state


@pytest.mark.parametrize(
    ("name", "base", "hexes"),
    [
        ("Arrow IV System", "IS", 85),
        ("Arrow IV System", "Clan", 102),
        ("Long Tom", "IS", 340),
        ("Sniper", "IS", 204),
        ("Thumper", "IS", 238),
    ],
)
def test_ranges_count_17_hexes_a_mapsheet(name, base, hexes):
    """BT-C-67/72 with BT-C-90.21: 5, 6, 20, 12, 14 mapsheets x 17 hexes; one band (long)."""
    spec = artillery.in_hexes(find(f"{base} {name}"))
    assert (spec.min_range, spec.short, spec.medium, spec.long) == (0, 0, 0, hexes)


def test_every_artillery_shot_is_at_long_range():
    """DESIGN (BT-C-67: only the long cell): gunnery 4 + long range +4 = 8, even 8 hexes off."""
    result = weapon_to_hit(field(), GUNNER, ARTY, TARGET)
    assert result.number == 4 + 4
    assert ("long range", 4) in result.modifiers
    assert not any("minimum" in name for name, _ in result.modifiers)


def test_out_of_range_beyond_85_hexes():
    """BT-C-67: the IS Arrow IV reaches 5 mapsheets = 85 hexes, not 86."""
    board = terrain_board(3, 100)
    state = duel(gunner(), design(), "0290", "0204", Facing.N, Facing.S, board)
    state = attrs.evolve(still(state), phase=Phase.WEAPON)
    result = weapon_to_hit(state, GUNNER, ARTY, TARGET)
    assert "out of range: 86 hexes, long range ends at 85" in result.reason
    state = state.replace_unit(TARGET, attrs.evolve(state.units[TARGET], hex=H("0205")))
    assert weapon_to_hit(state, GUNNER, ARTY, TARGET).number == 8


def test_any_hex_may_be_shelled():
    """Artillery fires at a clear hex (immobile -4: 4 + 4 - 4 = 4); a laser may not."""
    state = field()
    assert weapon_to_hit(state, GUNNER, ARTY, H("0806")).number == 4
    laser = weapon_to_hit(state, GUNNER, ML, H("0806"))
    assert "only woods, building or ice hexes" in laser.reason


def test_no_aimed_artillery_shots():
    """DESIGN: artillery strikes a hex; it makes no aimed shots (BT-C-19)."""
    state = field()
    state = state.replace_unit(TARGET, evolved_unit(state.units[TARGET], shutdown=True))
    result = weapon_to_hit(state, GUNNER, ARTY, TARGET, aimed=Location.CT)
    assert "cannot make aimed shots" in result.reason


def test_a_hit_strikes_the_hex_for_20_and_each_neighbour_for_10():
    """BT-C-67 ASSUMPTION "20/10*": 20 to the target's hex, 10 to each unit next to it.

    The target (0807) takes four groups of 5, the friend beside it (0806) and the enemy in 0808
    two each; the unit two hexes off (0809) nothing. Each faces the shell: front hits.
    """
    others = [
        (design(name="Friend"), 0, "0806", Facing.S),
        (design(name="Enemy"), 1, "0808", Facing.N),
        (design(name="Far"), 1, "0809", Facing.S),
    ]
    state = field(others=others)
    state = declared(state, Shot(ARTY, target=TARGET))
    locate = two(7) * 8  # 4 + 2 + 2 location rolls
    _, events = resolve(state, list(state.attacks), (*two(8), *locate), end=False)
    assert of(events, ArtilleryLanded) == [ArtilleryLanded(0, H("0807"), 20, 10)]
    taken = {}
    for damage in of(events, ev.DamageApplied):
        taken[damage.unit] = taken.get(damage.unit, 0) + damage.armor + damage.internal
    assert taken == {1: 20, 2: 10, 3: 10}
    assert {d.armor + d.internal for d in of(events, ev.DamageApplied)} == {5}


def test_thumper_5_in_the_hex_2_next_to_it():
    """BT-C-67: the Thumper's 5/2*: one group of 5, and 2 to the neighbour."""
    mech = gunner("Thumper", "IS Ammo Thumper")
    state = field(mech, [(design(name="Enemy"), 1, "0808", Facing.S)])
    state = declared(state, Shot(ARTY, target=TARGET))
    _, events = resolve(state, list(state.attacks), (*two(8), *two(7), *two(7)))
    taken = [(d.unit, d.armor + d.internal) for d in of(events, ev.DamageApplied)]
    assert taken == [(1, 5), (2, 2)]


def test_a_miss_scatters_by_the_margin():
    """ASSUMPTION (Total Warfare): needs 8, rolled 5: 1D6 = 4 (south), 3 hexes: 0807 -> 0810.

    The shell lands on 0810, where the enemy stands: 20 damage to it, none to the target.
    """
    state = field(others=[(design(name="Enemy"), 1, "0810", Facing.S)])
    state = declared(state, Shot(ARTY, target=TARGET))
    dice = (*two(5), 4, *(two(7) * 4))
    _, events = resolve(state, list(state.attacks), dice, end=False)
    assert of(events, ArtilleryScattered) == [ArtilleryScattered(0, 4, 3, H("0810"))]
    assert of(events, ArtilleryLanded) == [ArtilleryLanded(0, H("0810"), 20, 10)]
    assert {d.unit for d in of(events, ev.DamageApplied)} == {2}


def test_a_shell_scattered_off_the_map_is_lost():
    """ASSUMPTION: needs 8, rolled 2 (margin 6), 1D6 = 1 (north) from 0803: off the map."""
    state = declared(field(target="0803"), Shot(ARTY, target=TARGET))
    _, events = resolve(state, list(state.attacks), (1, 1, 1))
    assert of(events, ArtilleryScattered) == [ArtilleryScattered(0, 1, 6, None)]
    assert not of(events, ArtilleryLanded)
    assert not of(events, ev.DamageApplied)


def test_a_shelled_hex_strikes_the_units_round_it():
    """A hex target: 4 to hit; the enemy next to the hex takes the adjacent 10."""
    state = field()
    state = declared(state, Shot(ARTY, hex=H("0808")))
    assert state.attacks[0].to_hit == 4
    _, events = resolve(state, list(state.attacks), (*two(4), *two(7), *two(7)))
    assert of(events, ArtilleryLanded) == [ArtilleryLanded(0, H("0808"), 20, 10)]
    taken = [(d.unit, d.armor + d.internal, d.rear) for d in of(events, ev.DamageApplied)]
    assert taken == [(1, 5, False), (1, 5, False)]


def test_a_shell_behind_a_unit_strikes_its_rear():
    """BT-C-21: the target in 0807 faces south; a shell in 0806, north of it, hits its back."""
    state = declared(field(), Shot(ARTY, hex=H("0806")))
    dice = (*two(4), 3, 4, 3, 3, 3, 3, 3, 3)  # 7: centre torso (its rear 5), then 6s: a leg
    _, events = resolve(state, list(state.attacks), dice, end=False, exact=False)
    assert [d.rear for d in of(events, ev.DamageApplied) if d.unit == TARGET][:1] == [True]


def test_artillery_fires_indirectly_through_a_spotter():
    """BT-C-16 (DESIGN: artillery lobs as LRMs do): heavy woods hide the target; +1."""
    board = terrain_board(16, 20, h0810=HEAVY, h0811=HEAVY)
    state = field(others=[(design(name="Spotter"), 0, "0808", Facing.N)], board=board)
    assert weapon_to_hit(state, GUNNER, ARTY, TARGET).number is None
    result = weapon_to_hit(state, GUNNER, ARTY, TARGET, spotter=2)
    assert result.number == 4 + 4 + 1


def test_declaring_spends_a_shot_and_makes_the_heat():
    """BT-C-67: an Arrow IV shot spends one of the bin's 5 shots; its heat is 10."""
    state = declared(field(), Shot(ARTY, target=TARGET))
    assert state.units[GUNNER].ammo[AMMO] == 4
    assert find("IS Arrow IV System").heat == 10


def test_no_ammunition_no_shot():
    """BT-C-12: an empty bin: the declaration is refused with the reason."""
    state = field()
    unit = state.units[GUNNER]
    state = state.replace_unit(GUNNER, attrs.evolve(unit, ammo=(0, 0, 0)))
    with pytest.raises(IllegalCommand, match="no Arrow IV System ammunition left"):
        declare_fire(state, FireWeapons(GUNNER, (Shot(ARTY, target=TARGET),)))


def test_the_new_events_and_the_spotter_round_trip():
    """Saves: the new events and the spotter survive the codec."""
    conv = make_converter(RULESET)
    for event in (
        ArtilleryLanded(0, H("0807"), 20, 10),
        ArtilleryScattered(0, 4, 3, None),
    ):
        data = json.loads(json.dumps(conv.unstructure(event, ev.BTEvent)))
        assert conv.structure(data, ev.BTEvent) == event
    shot = Shot(ARTY, target=TARGET, spotter=2)
    data = json.loads(json.dumps(conv.unstructure(FireWeapons(0, (shot,)), FireWeapons)))
    assert conv.structure(data, FireWeapons).shots[0].spotter == 2


def test_the_log_names_the_shell_the_scatter_and_the_area():
    """The log's words: where the shell came down, the scatter die and the damage round it."""
    from engine.battletech.narrate.sentences import describe  # noqa: PLC0415

    state = field(others=[(design(name="Enemy"), 1, "0810", Facing.S)])
    state = declared(state, Shot(ARTY, target=TARGET))
    dice = (*two(5), 4, *(two(7) * 4))
    after, events = resolve(state, list(state.attacks), dice, end=False)
    scattered, landed = of(events, ArtilleryScattered)[0], of(events, ArtilleryLanded)[0]
    said = describe(scattered, state, after)
    assert "Gunner [G]'s Arrow IV System (RT) shell misses and scatters: rolled 4 (south)" in said
    assert "3 hexes, to 0810" in said
    said = describe(landed, state, after)
    assert "lands on 0810: 20 damage to every unit there, 10 to each unit next to it" in said


def test_the_arrow_iv_catapult_conversion_reads_clean():
    """The ``artillery`` scenario's carrier: hexmech's own Arrow IV conversion of the CPLT-C1.

    65 tons like the C1; its two LRM 15s (14 t) and two tons of LRM ammunition swapped for an
    IS Arrow IV system (15 t, BT-C-67) and one ton of 5 shots; the library lists it.
    """
    from tui.battletech.units import CONVERSIONS_DIR, load_unit, unit_library  # noqa: PLC0415

    path = CONVERSIONS_DIR / "Catapult CPLT-C1 Arrow IV.mtf"
    parsed = load_unit(path)
    assert parsed.warnings == ()
    mech = parsed.design
    assert (mech.name, mech.tonnage) == ("Catapult CPLT-C1 Arrow IV", 65)
    names = [m.name for m in mech.equipment]
    assert names.count("IS Arrow IV System") == 1
    assert [m.shots for m in mech.equipment if m.name == "IS Arrow IV System Ammo"] == [5]
    assert not any("LRM" in name for name in names)
    assert any(entry.path == path for entry in unit_library())


def test_the_bot_shells_its_targets_hex():
    """The bot fires the Arrow IV at the target's hex (4 + 4 - 4 = 4) rather than at the unit (8).

    The unit in the hex takes the full 20 all the same (BT-C-67).
    """
    from engine.battletech.bot.evaluate import WEIGHTS  # noqa: PLC0415
    from engine.battletech.bot.fire import choose_fire  # noqa: PLC0415

    state = field()
    command = choose_fire(state, GUNNER, WEIGHTS["balanced"]).command
    assert [s for s in command.shots if s.weapon == ARTY] == [Shot(ARTY, hex=H("0807"))]
    state = declared(state, *command.shots)
    assert next(a.to_hit for a in state.attacks if a.weapon == ARTY) == 4
