"""Artillery formations through the turn machine, with forced dice (AOD-13.7, AOD-18.3).

The formation parts of AOD-26.17 item 23 that long-range fire has: +2 per member beyond the
leader, only the leader takes the critical-miss click, each member's pushing, the members all
artillery and linked (AOD-18.5); one order and a token on every member (AOD-7.2, AOD-7.4).
"""

from __future__ import annotations

import attrs
import pytest

from engine.aod.artillery_order import ArtilleryCode
from engine.aod.barrage import CRITICAL_MISS
from engine.aod.commands import EndTurn, FireArtillery
from engine.aod.events import (
    ArtilleryResolved,
    FormationOrdered,
    MarkersPlaced,
    UnitDamaged,
)
from engine.aod.language import format_command, parse_command
from engine.aod.narrate import describe
from engine.aod.state import AoDState, OrderKind
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.aod._assets import catalogue
from tests.engine.aod._game import arrange, play, setup, unit

N, NE, SE, S, SW, NW = Facing
H = Hex.from_label

GUNS = ("HX-006b", "HX-006c")
AIM = (("A-L", H("1014")),)


def _game(
    tokens: dict[str, int] | None = None, places: dict[str, tuple[str, Facing]] | None = None
) -> AoDState:
    """Three linked Longbows against a Pathguard.

    Red: Longbows at 1002, 0902, 1102 facing S, a Halberd at 1502. Blue: a Pathguard (HX-001a)
    at 1014, a Warden far off at 0318.
    """
    game = setup(["HX-006", "HX-006", "HX-006", "HX-004"], ["HX-001", "HX-010"])
    game = attrs.evolve(game, markers=tuple(catalogue().markers.values()))
    where = {
        "HX-006a": ("1002", S),
        "HX-006b": ("0902", S),
        "HX-006c": ("1102", S),
        "HX-004a": ("1502", S),
        "HX-001a": ("1014", N),
        "HX-010a": ("0318", N),
    }
    return arrange(game, {**where, **(places or {})}, tokens=tokens)


def _resolve(state: AoDState, dice: tuple[int, int, int]) -> tuple[AoDState, list[object]]:
    state, _ = play(state, [EndTurn()])
    state, events = play(state, [EndTurn()], dice)
    return state, list(events)


def test_one_order_tokens_every_member_and_adds_two_per_member() -> None:
    """AOD-7.2 / AOD-7.4 / AOD-13.7: one order; tokens on all three; the marker carries +4."""
    state = _game()
    state, events = play(state, [FireArtillery("HX-006a", AIM, GUNS)])
    members = tuple(unit(state, m) for m in ("HX-006a", *GUNS))
    assert events[0] == FormationOrdered(OrderKind.RANGED, members, (False,) * 3, (1, 1, 1))
    placed = next(e for e in events if isinstance(e, MarkersPlaced))
    assert (placed.markers[0].bonus, placed.markers[0].members) == (4, members)
    assert state.orders_left == 2
    assert "leading" in describe(placed, state, state)


def test_the_formation_bonus_turns_a_miss_into_a_hit() -> None:
    """AOD-13.7 / AOD-18.3: 2+3+1 + 9 + 4 + 2 (clear) = 21 >= 19: on the dot.

    Alone the same dice total 17 and drift.
    """
    state, _ = play(_game(), [FireArtillery("HX-006a", AIM, GUNS)])
    _, events = _resolve(state, (2, 3, 1))
    landed = next(e for e in events if isinstance(e, ArtilleryResolved)).landings[0]
    assert (landed.total, landed.drift, landed.landed) == (21, None, H("1014"))
    alone, _ = play(_game(), [FireArtillery("HX-006a", AIM)])
    _, events = _resolve(alone, (2, 3, 1))
    drifted = next(e for e in events if isinstance(e, ArtilleryResolved)).landings[0]
    assert (drifted.total, drifted.distance) == (17, 1)


def test_only_the_leader_takes_the_critical_miss_click() -> None:
    """AOD-13.6 / AOD-18.3: 1+1 on the white dice: the leader alone takes 1 click."""
    state, _ = play(_game(), [FireArtillery("HX-006a", AIM, GUNS)])
    state, events = _resolve(state, (1, 1, 3))
    hits = [(e.unit, e.clicks, e.cause) for e in events if isinstance(e, UnitDamaged)]
    assert hits == [(unit(state, "HX-006a"), 1, CRITICAL_MISS)]


def test_each_pushed_member_pays_its_own_push() -> None:
    """AOD-7.5 / AOD-18.3: a member still carrying a token takes 1 click and a second token."""
    state, events = play(_game({"HX-006c": 1}), [FireArtillery("HX-006a", AIM, GUNS)])
    ordered = next(e for e in events if isinstance(e, FormationOrdered))
    assert ordered.pushed == (False, False, True)
    pushed = [(e.unit, e.clicks, e.cause, e.tokens) for e in events if isinstance(e, UnitDamaged)]
    assert pushed == [(unit(state, "HX-006c"), 1, "pushed", 2)]


@pytest.mark.parametrize(
    ("formation", "places", "words"),
    [
        (("HX-006b",), {}, "A ranged formation has 3 to 5 members, not 2."),
        (("HX-006b", "HX-004a"), {"HX-004a": ("1103", S)}, "is not artillery"),
        (GUNS, {"HX-006c": ("1502", S), "HX-004a": ("1702", S)}, "must all be in base contact"),
    ],
)
def test_an_artillery_formation_is_three_to_five_linked_artillery_units(
    formation: tuple[str, ...], places: dict[str, tuple[str, Facing]], words: str
) -> None:
    """AOD-18.3 / AOD-18.5: size 3-5, all artillery, connected by base contact."""
    with pytest.raises(IllegalCommand) as refused:
        play(_game(places=places), [FireArtillery("HX-006a", AIM, formation)])
    assert refused.value.code == ArtilleryCode.FORMATION
    assert words in refused.value.message


def test_the_language_names_the_other_members() -> None:
    """``artillery LEADER MARKER at HEX with A,B``."""
    state = _game()
    command = FireArtillery("HX-006a", AIM, GUNS)
    text = "artillery HX-006a A-L at 1014 with HX-006b,HX-006c"
    assert format_command(command) == text
    assert parse_command(text, state) == command
