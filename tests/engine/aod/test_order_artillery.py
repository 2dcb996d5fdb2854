"""Long-range artillery fire through the turn machine, with forced dice (AOD-13, AOD-26.9).

AOD-26.17 item 14 at the order level: the band and arc at declaration, resolution in the
shooter's next command stage, the +2 for a clear LOF, drift by the black die and the margin band,
off the board nothing happens, the blast damages friends too, a critical hit adds a click, a
critical miss damages only the shooter; the order's token and pushing (AOD-7.4, AOD-7.5).
"""

from __future__ import annotations

import json

import attrs
import pytest

from engine.aod.artillery_order import ArtilleryCode, fire_commands
from engine.aod.barrage import ARTILLERY, CRITICAL_MISS
from engine.aod.commands import EndTurn, FireArtillery
from engine.aod.dial import DamageKind
from engine.aod.events import (
    ArtilleryResolved,
    MarkerLanded,
    MarkersPlaced,
    OrderGiven,
    TurnBegan,
    UnitDamaged,
)
from engine.aod.language import format_command, parse_command
from engine.aod.narrate import tell
from engine.aod.rules import legal_commands
from engine.aod.state import AoDState, OrderKind
from engine.aod.terrain import HexTerrain, TerrainType
from engine.game import Command, Event, IllegalCommand
from engine.hexes import Facing, Hex
from saves.codec import make_converter
from tests.engine.aod._assets import catalogue
from tests.engine.aod._game import arrange, play, ruleset, setup, unit

N, NE, SE, S, SW, NW = Facing
H = Hex.from_label


def _game(terrain: dict[str, HexTerrain] | None = None) -> AoDState:
    """Red's Longbow and Pathguard against Blue's Pathguard and Halberd.

    Red: Longbow (HX-006a) at 1002 facing S, a Pathguard (HX-001a) at 1114. Blue: a Pathguard
    (HX-001b) at 1014 and a Halberd (HX-004a) far off at 0318.
    """
    game = setup(["HX-006", "HX-001"], ["HX-001", "HX-004"], terrain=terrain)
    game = attrs.evolve(game, markers=tuple(catalogue().markers.values()))
    places = {
        "HX-006a": ("1002", S),
        "HX-001a": ("1114", S),
        "HX-001b": ("1014", N),
        "HX-004a": ("0318", N),
    }
    return arrange(game, places)


def _fire_and_wait(state: AoDState, dot: str, dice: tuple[int, int, int]) -> list[object]:
    """Red fires A-L at ``dot``, both players pass; the events of Red's next command stage."""
    state, _ = play(state, [FireArtillery("HX-006a", (("A-L", H(dot)),))])
    state, _ = play(state, [EndTurn()])
    _, events = play(state, [EndTurn()], dice)
    return list(events)


def _resolved(events: list[object]) -> ArtilleryResolved:
    return next(e for e in events if isinstance(e, ArtilleryResolved))


def _damage(events: list[object]) -> dict[int, tuple[int, str]]:
    return {e.unit: (e.clicks, e.cause) for e in events if isinstance(e, UnitDamaged)}


def test_declaring_places_a_marker_with_the_shooters_values_and_a_token() -> None:
    """AOD-13.3 / AOD-26.9 / AOD-7.4: a Ranged order; the marker stores attack 9, damage 2, S."""
    state = _game()
    state, events = play(state, [FireArtillery("HX-006a", (("A-L", H("1014")),))])
    shooter = unit(state, "HX-006a")
    assert events[0] == OrderGiven(shooter, OrderKind.RANGED, pushed=False, tokens=1)
    placed = next(e for e in events if isinstance(e, MarkersPlaced))
    (marker,) = placed.markers
    assert (marker.attack, marker.damage, marker.arrow, marker.origin) == (9, 2, S, H("1002"))
    assert state.markers == placed.markers
    assert state.orders_left == 2


def test_the_marker_comes_down_in_the_next_command_stage_on_friend_and_foe() -> None:
    """AOD-13.4 / AOD-26.17 #14: the blast in the next command stage hits friend and foe.

    5+4+3 + 9 + 2 (clear) = 23 >= 19: on the dot; radius 1 hits the Blue Pathguard on it and the
    Red one beside it, 2 clicks each; the far Halberd is spared.
    """
    state = _game()
    events = _fire_and_wait(state, "1014", (5, 4, 3))
    resolved = _resolved(events)
    assert resolved.dice == (5, 4, 3)
    assert resolved.landings == (
        MarkerLanded(
            "A-L", H("1014"), 23, 19, clear=True, drift=None, distance=0, landed=H("1014")
        ),
    )
    assert _damage(events) == {
        unit(state, "HX-001a"): (2, ARTILLERY),
        unit(state, "HX-001b"): (2, ARTILLERY),
    }
    assert isinstance(events[-1], TurnBegan)
    assert events.index(resolved) < len(events) - 1  # before the turn begins (AOD-7.1)


def test_a_blast_spares_a_captive() -> None:
    """AOD-13.4 step 6 / AOD-14.4 / AOD-26.17 #14: artillery never damages a captive.

    The same blast as above (23 on the dot, radius 1), but the Blue Pathguard on the dot is the
    Red Pathguard's captive: only its escort takes the 2 clicks.
    """
    state = _game()
    captive, escort = unit(state, "HX-001b"), unit(state, "HX-001a")
    state = state.with_unit(captive, attrs.evolve(state.units[captive], captor=escort))
    events = _fire_and_wait(state, "1014", (5, 4, 3))
    assert _damage(events) == {escort: (2, ARTILLERY)}


def test_nothing_comes_down_in_the_opponents_turn() -> None:
    """AOD-13.4: the markers wait for their owner's command stage, not the next player's."""
    state = _game()
    state, _ = play(state, [FireArtillery("HX-006a", (("A-L", H("1014")),))])
    state, events = play(state, [EndTurn()])
    assert not any(isinstance(e, ArtilleryResolved | UnitDamaged) for e in events)
    assert len(state.markers) == 1


def test_a_miss_drifts_by_the_black_die_and_the_margin() -> None:
    """AOD-13.4 step 4 / AOD-26.9: drift by the black die and the margin band.

    1+2+1 + 9 + 2 = 15, margin 4: 2 hexes; black 1: along the arrow (S), to 1016, 2 hexes from
    the Pathguards: nobody is hit.
    """
    state = _game()
    events = _fire_and_wait(state, "1014", (1, 2, 1))
    resolved = _resolved(events)
    assert resolved.landings[0] == MarkerLanded(
        "A-L", H("1014"), 15, 19, clear=True, drift=S, distance=2, landed=H("1016")
    )
    assert _damage(events) == {}
    # black 4: "short", back towards the shooter; 1+2+4 + 9 + 2 = 18, margin 1: 1 hex, to 1013
    north = _resolved(_fire_and_wait(state, "1014", (1, 2, 4)))
    assert north.landings[0].drift == N
    assert (north.landings[0].distance, north.landings[0].landed) == (1, H("1013"))


def test_a_marker_drifting_off_the_battlefield_damages_nothing() -> None:
    """AOD-13.4 step 5: aimed at 1019 (row 19 of 20), 2 hexes S lands off the board."""
    state = _game()
    events = _fire_and_wait(state, "1019", (1, 2, 1))
    resolved = _resolved(events)
    assert (resolved.landings[0].distance, resolved.landings[0].landed) == (2, None)
    assert _damage(events) == {}
    assert not [e for e in events if isinstance(e, UnitDamaged)]


def test_a_blocked_line_of_fire_costs_the_plus_two() -> None:
    """AOD-13.3 / AOD-13.4 step 2: the LOF may be blocked; 3+3+3 + 9 = 18 < 19 without the +2.

    With a clear line the same dice total 20 and land on the dot.
    """
    clear = next(
        e for e in _fire_and_wait(_game(), "1014", (3, 3, 3)) if isinstance(e, ArtilleryResolved)
    )
    assert (clear.landings[0].total, clear.landings[0].drift) == (20, None)
    wall = {"1008": HexTerrain(TerrainType.BLOCKING)}
    blocked = next(
        e
        for e in _fire_and_wait(_game(wall), "1014", (3, 3, 3))
        if isinstance(e, ArtilleryResolved)
    )
    assert (blocked.landings[0].total, blocked.landings[0].clear) == (18, False)
    assert (blocked.landings[0].distance, blocked.landings[0].drift) == (
        1,
        NW,
    )  # S turned 2 facings clockwise


def test_a_critical_hit_lands_on_the_dot_and_adds_a_click() -> None:
    """AOD-13.6: 6+6 on the white dice: on the dot whatever the total, 2 + 1 clicks each."""
    state = _game()
    events = _fire_and_wait(state, "1014", (6, 6, 2))
    resolved = _resolved(events)
    assert resolved.critical_hit
    assert _damage(events) == {
        unit(state, "HX-001a"): (3, ARTILLERY),
        unit(state, "HX-001b"): (3, ARTILLERY),
    }


def test_a_critical_miss_damages_only_the_shooter() -> None:
    """AOD-13.6 / AOD-26.17 #14: 1+1 on the white dice: the Longbow takes 1 pushing click."""
    state = _game()
    events = _fire_and_wait(state, "1014", (1, 1, 6))
    resolved = _resolved(events)
    assert resolved.critical_miss
    assert resolved.landings == ()
    shooter = unit(state, "HX-006a")
    hits = [e for e in events if isinstance(e, UnitDamaged)]
    assert [(e.unit, e.clicks, e.kind, e.cause) for e in hits] == [
        (shooter, 1, DamageKind.PUSHING, CRITICAL_MISS)
    ]


def test_the_markers_are_removed_after_they_resolve() -> None:
    """AOD-13.4 step 7: resolved once, then gone."""
    state = _game()
    state, _ = play(state, [FireArtillery("HX-006a", (("A-L", H("1014")),))])
    state, _ = play(state, [EndTurn(), EndTurn()], (5, 4, 3))
    assert state.markers == ()


def test_a_pushed_artillery_vehicle_takes_its_click_and_second_token() -> None:
    """AOD-7.5: a vehicle still carrying a token is pushed: 2 tokens and 1 pushing click."""
    game = _game()
    state = game.with_unit(
        unit(game, "HX-006a"), attrs.evolve(game.units[unit(game, "HX-006a")], tokens=1)
    )
    state, events = play(state, [FireArtillery("HX-006a", (("A-L", H("1014")),))])
    assert events[0] == OrderGiven(unit(state, "HX-006a"), OrderKind.RANGED, pushed=True, tokens=1)
    pushed = [e for e in events if isinstance(e, UnitDamaged)]
    assert [(e.clicks, e.cause, e.tokens) for e in pushed] == [(1, "pushed", 2)]


@pytest.mark.parametrize(
    ("dot", "why"),
    [
        ("1012", "The artillery marker is 10 hexes away; long-range fire reaches from 11 to 24"),
        ("0102", "The artillery marker must lie in the shooter's front arc."),
    ],
)
def test_the_dot_must_lie_beyond_max_range_in_the_front_arc(dot: str, why: str) -> None:
    """AOD-13.3 / AOD-26.9 / AOD-26.17 #14: the band ``max < d <= long`` and the front arc."""
    with pytest.raises(IllegalCommand) as refused:
        play(_game(), [FireArtillery("HX-006a", (("A-L", H(dot)),))])
    assert refused.value.code == ArtilleryCode.DECLARE
    assert why in refused.value.message


def test_only_artillery_fires_long_range() -> None:
    """AOD-13.1: a Pathguard has no long range."""
    with pytest.raises(IllegalCommand) as refused:
        play(_game(), [FireArtillery("HX-001a", (("A-L", H("1014")),))])
    assert refused.value.code == ArtilleryCode.NOT_ARTILLERY


def test_listed_fire_is_accepted_and_reads_back() -> None:
    """The menu lists a marker on each enemy in reach; each is accepted and round-trips."""
    state = _game()
    listed = [c for c in legal_commands(state) if isinstance(c, FireArtillery)]
    assert listed == fire_commands(state)
    assert FireArtillery("HX-006a", (("A-L", H("1014")),)) in listed
    for command in listed:
        assert parse_command(format_command(command), state) == command
        play(state, [command])


def test_the_language_reads_several_markers() -> None:
    """The command language: ``artillery UNIT MARKER at HEX ...``."""
    state = _game()
    command = parse_command("artillery hx-006a a-l at 1014 A-H at 1015", state)
    assert command == FireArtillery("HX-006a", (("A-L", H("1014")), ("A-H", H("1015"))))
    assert format_command(command) == "artillery HX-006a A-L at 1014 A-H at 1015"


def test_the_story_tells_the_volley_with_its_dice() -> None:
    """The log: the markers placed, then the roll (its dice apart) and where each came down."""
    state = _game()
    command = FireArtillery("HX-006a", (("A-L", H("1014")),))
    after, events = play(state, [command])
    lines, _ = tell(0, command, events, state)
    assert "fires long range: A-L on 1014, coming down next turn." in lines[-1].text
    waiting, _ = play(after, [EndTurn()])
    _, events = play(waiting, [EndTurn()], (1, 2, 1))
    lines, _ = tell(1, EndTurn(), events, waiting)
    volley = next(line for line in lines if line.rolls)
    assert volley.rolls[0].dice == (1, 2, 1)
    assert (
        "rolls 1+2+1: A-L on 1014 totals 15, +2 clear line against 19 and drifts 2 S to 1016"
        in (volley.text)
    )


def test_markers_commands_and_events_survive_the_save_converter() -> None:
    """STYLE 13: the markers in the state, the order and its events round-trip through a save."""
    conv = make_converter(ruleset())

    def again(value: object, kind: type) -> object:
        return conv.structure(json.loads(json.dumps(conv.unstructure(value, kind))), kind)

    command = FireArtillery("HX-006a", (("A-L", H("1014")),))
    assert again(FireArtillery("HX-006a", (("A-L", H("1014")),), ("HX-006b",)), Command) == (
        FireArtillery("HX-006a", (("A-L", H("1014")),), ("HX-006b",))
    )
    state, placed = play(_game(), [command])
    assert again(state, AoDState) == state
    state, _ = play(state, [EndTurn()])
    _, resolved = play(state, [EndTurn()], (6, 6, 1))
    for event in (*placed, *resolved):
        assert again(event, Event) == event
