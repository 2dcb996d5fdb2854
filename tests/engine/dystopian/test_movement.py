"""Dystopian Wars movement on hexes: points, the path grammar, its checks and the walk.

Rules: DW-11.1, DW-11.3, DW-11.4, DW-11.5, DW-11.6, DW-11.7, DW-11.8, DW-11.9, DW-11.10, DW-12.1,
DW-12.2, DW-12.3, DW-13.3, DW-28.3, DW-28.4, DW-28.5, DW-28.9.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.dystopian.geometry import Level, Piece, Size
from engine.dystopian.movement import (
    Contact,
    ContactKind,
    FlareDirection,
    MarkerAction,
    Mover,
    Step,
    StepKind,
    TurnLimit,
    contact_kind,
    displace,
    flare_direction,
    flare_path,
    format_path,
    free_placements,
    level_problem,
    marker_problem,
    min_hexes,
    more_than_half,
    movement_points,
    parse_path,
    path_problem,
    push_hexes,
    reachable,
    snaking_dice,
    snaking_turns,
    treacherous_stop,
    walk,
    walk_problem,
)
from engine.dystopian.terrain import Board, Cell, Mode, TerrainKind, TerrainMap
from engine.hexes import Facing, Hex

START = Hex(5, 5)
CRUISER = Mover(mp=4, min_hexes=1, turning=TurnLimit.NAVAL_MEDIUM, ram_rating=1)
"""The placeholder Lancer Cruiser (DW-28.12): MV 8", minimum 2", Naval M, RR 1."""


def ship(
    where: Hex = START,
    facing: Facing = Facing.N,
    side: int = 0,
    level: Level = Level.SURFACE,
    size: Size = Size.MEDIUM,
) -> Piece:
    return Piece(where, facing, size, level, side)


def board(*pieces: Piece, cells: dict[Hex, Cell] | None = None, width: int = 12) -> Board:
    return Board(TerrainMap.of(cells or {}, width=width, height=12), pieces)


# ---- movement points -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mv", "turn", "kwargs", "mp"),
    [
        (8, 1, {}, 4),
        (6, 1, {}, 3),
        (7, 1, {}, 3),  # odd inches: no carry on odd turns
        (7, 2, {}, 4),  # ... one more on even turns
        (8, 1, {"engine_failure": True}, 2),
        (10, 2, {"engine_failure": True}, 3),  # B = 5, odd, even turn
        (6, 1, {"bonus_inches": 2}, 4),  # Sturginium Boost +2"
        (6, 2, {"engine_failure": True, "bonus_inches": 1}, 2),  # halve first, then +1"
    ],
)
def test_movement_points(mv: int, turn: int, kwargs: dict[str, int], mp: int) -> None:
    """DW-28.4: MP = floor(B / 2), +1 when B is odd on an even turn; Engine Failure first."""
    assert movement_points(mv, turn, **kwargs) == mp  # type: ignore[arg-type]


def test_minimum_and_half() -> None:
    """DW-28.4: min_hex = ceil(min / 2); "more than half MV" is steps x 2 > MP."""
    assert [min_hexes(i) for i in (0, 2, 4, 3)] == [0, 1, 2, 2]
    assert more_than_half(3, 5)
    assert not more_than_half(2, 4)


# ---- the grammar -----------------------------------------------------------------------------


def test_parse_and_format() -> None:
    """DW-28.4: F steps, L/R turns before a step, a trailing turn is the pivot, B reverses."""
    path = parse_path("ff rf l")
    assert path == (Step(), Step(), Step(1), Step(-1, StepKind.PIVOT))
    assert format_path(path) == "FFRFL"
    assert parse_path("B") == (Step(0, StepKind.BACK),)
    with pytest.raises(ValueError, match="not 'X'"):
        parse_path("FX")


@given(st.lists(st.sampled_from(["F", "RF", "LF", "RRF", "B"]), max_size=8), st.booleans())
def test_format_round_trip(tokens: list[str], pivot: bool) -> None:
    """DW-28.4: the text form reads back to the same path."""
    path = parse_path("".join(tokens) + ("L" if pivot else ""))
    assert parse_path(format_path(path)) == path


# ---- path_problem ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("FFFF", ""),
        ("FFFFF", "only 4 hexes"),  # MP 4
        ("", "at least 1 hex"),  # the minimum move
        ("RF", "first 1 hex straight"),  # no turn during the minimum
        ("FRF", "2 hexes straight ahead between turns"),  # K = 2: since = 1
        ("FFRF", ""),  # since = 2
        ("FFRFRF", "2 hexes straight ahead"),  # since the turn = 1
        ("FFRFF", ""),
        ("FFL", ""),  # the final pivot, since = 2
        ("FFRFL", "pivot after a step that carried a turn"),
        ("FRRF", "one hexside at a time"),
        ("L", "without moving"),
    ],
)
def test_naval_medium(text: str, problem: str) -> None:
    """DW-28.4: a Naval M cruiser (K = 2, minimum 1 hex, MP 4)."""
    why = path_problem(CRUISER, Size.MEDIUM, parse_path(text))
    assert (problem in why and why) if problem else why == ""


@pytest.mark.parametrize(
    ("turning", "text", "ok"),
    [
        (TurnLimit.NAVAL_SMALL, "FRFRFLF", True),  # K = 1: a turn each hex after the first
        (TurnLimit.NAVAL_LARGE, "FFRF", False),  # K = 3
        (TurnLimit.NAVAL_LARGE, "FFFRF", True),
        (TurnLimit.NAVAL_LARGE, "FFFL", True),
    ],
)
def test_naval_templates(turning: TurnLimit, text: str, ok: bool) -> None:
    """DW-28.4: Naval S / M / L give K = 1 / 2 / 3, none may turn before the first step."""
    mover = Mover(mp=5, min_hexes=1, turning=turning)
    assert (path_problem(mover, Size.LARGE, parse_path(text)) == "") is ok


def test_land_zero_turns_first_and_every_hex() -> None:
    """DW-11.4 / DW-28.4: 0" turns before its first hex, then every hex; 1" goes straight first."""
    tank = Mover(mp=3, min_hexes=0, turning=TurnLimit.ZERO, land=True)
    assert path_problem(tank, Size.SMALL, parse_path("RFRFRF")) == ""
    assert path_problem(tank, Size.SMALL, parse_path("")) == ""  # minimum 0: may stay
    landship = Mover(mp=3, min_hexes=0, turning=TurnLimit.ONE, land=True)
    assert "between turns" in path_problem(landship, Size.LARGE, parse_path("RFF"))
    assert path_problem(landship, Size.LARGE, parse_path("FRFRF")) == ""


def test_sharp_turn() -> None:
    """DW-11.3 INTERP: Sharp Turn lets the first step carry a turn, K still applies after."""
    sharp = Mover(mp=4, min_hexes=1, turning=TurnLimit.NAVAL_MEDIUM, sharp_turn=True)
    assert path_problem(sharp, Size.MEDIUM, parse_path("RFF")) == ""
    assert "between turns" in path_problem(sharp, Size.MEDIUM, parse_path("RFRF"))


def test_free_movers() -> None:
    """DW-11.2 / DW-11.4: a 360 model steps any way, turns any amount, rotates in place."""
    free = Mover(mp=3, min_hexes=0, turning=TurnLimit.FREE)
    assert path_problem(free, Size.MEDIUM, parse_path("RRRFLLFRRL")) == ""
    assert path_problem(free, Size.MEDIUM, parse_path("LLL")) == ""


def test_land_rotation_instead_of_moving() -> None:
    """DW-11.4 / DW-28.4: land models rotate instead of moving (Large: up to 3 hexsides)."""
    landship = Mover(mp=3, min_hexes=0, turning=TurnLimit.ONE, land=True)
    assert path_problem(landship, Size.LARGE, parse_path("RRR")) == ""
    assert "without moving" in path_problem(CRUISER, Size.MEDIUM, parse_path("R"))


def test_navigation_lock() -> None:
    """DW-28.4: Navigation Lock: no turn and no pivot."""
    locked = Mover(mp=4, min_hexes=1, turning=TurnLimit.NAVAL_SMALL, nav_lock=True)
    assert "navigation locked" in path_problem(locked, Size.SMALL, parse_path("FRF"))
    assert "navigation locked" in path_problem(locked, Size.SMALL, parse_path("FFL"))
    assert path_problem(locked, Size.SMALL, parse_path("FFF")) == ""
    jammed = Mover(mp=3, min_hexes=0, turning=TurnLimit.ONE, land=True, nav_lock=True)
    assert "navigation locked" in path_problem(jammed, Size.LARGE, parse_path("R"))


def test_pivot_only_at_the_end() -> None:
    """DW-28.4: after the last step there may be one final pivot, nowhere else."""
    path = (Step(), Step(1, StepKind.PIVOT), Step())
    assert "only end" in path_problem(CRUISER, Size.MEDIUM, path)


def test_all_stop_restart_and_manoeuvrable() -> None:
    """DW-11.6 / DW-28.4: at All Stop it does not move; Manoeuvrable turns one hexside."""
    stopped = Mover(mp=4, min_hexes=1, turning=TurnLimit.NAVAL_MEDIUM, all_stop=True)
    assert "All Stop" in path_problem(stopped, Size.MEDIUM, parse_path("FF"))
    assert path_problem(stopped, Size.MEDIUM, ()) == ""  # no minimum while stopped
    assert "without moving" in path_problem(stopped, Size.MEDIUM, parse_path("L"))
    nimble = Mover(mp=4, min_hexes=1, turning=TurnLimit.NAVAL_MEDIUM, all_stop=True,
                   manoeuvrable=True)  # fmt: skip
    assert path_problem(nimble, Size.MEDIUM, parse_path("L")) == ""
    assert "without moving" in path_problem(nimble, Size.MEDIUM, parse_path("LL"))


def test_reverse() -> None:
    """DW-11.6 / DW-28.4: under an arrow the whole move is one hex straight back."""
    arrow = Mover(mp=4, min_hexes=1, turning=TurnLimit.NAVAL_MEDIUM, reversing=True)
    assert path_problem(arrow, Size.MEDIUM, parse_path("B")) == ""
    assert "one hex straight back" in path_problem(arrow, Size.MEDIUM, parse_path("F"))
    assert "one hex straight back" in path_problem(arrow, Size.MEDIUM, parse_path("BB"))
    assert "direction arrow" in path_problem(CRUISER, Size.MEDIUM, parse_path("B"))
    tank = Mover(mp=3, min_hexes=0, turning=TurnLimit.ZERO, land=True)
    assert path_problem(tank, Size.SMALL, parse_path("B")) == ""  # minimum 0: no arrow needed
    assert path_problem(tank, Size.SMALL, parse_path("FB")) != ""  # never both in one move


def test_getting_free_pivots() -> None:
    """DW-28.5: a bow in contact may pivot 1 hexside instead of moving (Large: up to 3)."""
    stuck = Mover(mp=4, min_hexes=1, turning=TurnLimit.NAVAL_MEDIUM,
                  bow_contacts=frozenset({Hex(5, 4)}))  # fmt: skip
    assert path_problem(stuck, Size.MEDIUM, parse_path("L")) == ""
    assert path_problem(stuck, Size.MEDIUM, parse_path("LL")) != ""
    assert path_problem(stuck, Size.LARGE, parse_path("LLL")) == ""


def test_snaking() -> None:
    """DW-11.5 / DW-28.4: after more than two reversals every turn is tested; naval never snakes."""
    tank = Mover(mp=8, min_hexes=0, turning=TurnLimit.ZERO, land=True)
    path = parse_path("RFLFRFLFRFF RF")
    assert snaking_turns(tank, path) == (4, 6)
    assert snaking_turns(tank, parse_path("RFRFRFRF")) == ()
    assert snaking_turns(CRUISER, path) == ()


# ---- the walk --------------------------------------------------------------------------------


def test_walk_straight_and_turning() -> None:
    """DW-28.4: each step turns, then moves into the hex ahead."""
    field = board(ship())
    done = walk(field, 0, CRUISER, parse_path("FFRF"))
    assert done.hexes == (START, Hex(5, 4), Hex(5, 3), Hex(6, 2))
    assert done.facing is Facing.NE
    assert done.steps == 3
    assert done.contact is None
    assert not done.lost


def test_walk_off_the_board_is_lost() -> None:
    """DW-11.1 / DW-28.4: a step off the board loses the model."""
    field = board(ship(Hex.from_offset(5, 1)))
    done = walk(field, 0, CRUISER, parse_path("FFF"))
    assert done.lost
    assert done.end == Hex.from_offset(5, 0)
    assert done.steps == 1


def test_ram_an_enemy() -> None:
    """DW-12.3 / DW-28.5: a bow step into an enemy with RR >= 1 is a ram; the mover stays put."""
    field = board(ship(), ship(Hex(5, 3), Facing.SE, side=1))
    done = walk(field, 0, CRUISER, parse_path("FFF"))
    assert done.contact == Contact(ContactKind.RAM, Hex(5, 3), 1, bow=True)
    assert done.end == Hex(5, 4)
    assert done.steps == 1


def test_friend_or_rr0_is_a_collision() -> None:
    """DW-12.1 / DW-12.3: contact with a friend, or by a model with RR 0, is a collision."""
    field = board(ship(), ship(Hex(5, 4), side=0))
    assert walk(field, 0, CRUISER, parse_path("F")).contact == Contact(
        ContactKind.COLLISION, Hex(5, 4), 1, bow=True
    )
    assert contact_kind(0, forward=True, enemy=True) is ContactKind.COLLISION
    assert contact_kind(1, forward=False, enemy=True) is ContactKind.COLLISION
    assert contact_kind(1, forward=True, enemy=True) is ContactKind.RAM


def test_reverse_into_a_bow_hurts_both() -> None:
    """DW-12.2 / DW-28.5: a reverse step into a model whose bow points at the mover."""
    arrow = Mover(mp=4, min_hexes=1, turning=TurnLimit.NAVAL_MEDIUM, reversing=True, ram_rating=2)
    field = board(ship(), ship(Hex(5, 6), Facing.N, side=1))
    done = walk(field, 0, arrow, parse_path("B"))
    assert done.contact == Contact(ContactKind.COLLISION, Hex(5, 6), 1, bow=False, both=True)
    assert done.end == START


def test_terrain_blocks_and_collides() -> None:
    """DW-28.5 / DW-28.9: an island blocks a ship (8D6); a submerged ship collides in a reef."""
    cells = {Hex(5, 3): Cell(TerrainKind.HILL)}
    done = walk(board(ship(), cells=cells), 0, CRUISER, parse_path("FFF"))
    assert done.contact == Contact(ContactKind.TERRAIN, Hex(5, 3), bow=True, dice=8)
    assert done.end == Hex(5, 4)
    reef = {Hex(5, 4): Cell(TerrainKind.REEF)}
    sub = ship(level=Level.SUBMERGED)
    done = walk(board(sub, cells=reef), 0, CRUISER, parse_path("FF"))
    assert done.contact == Contact(ContactKind.TERRAIN, Hex(5, 4), bow=True, dice=8)
    assert done.end == Hex(5, 4)


def test_land_model_bogs_down_at_the_sea() -> None:
    """DW-11.7: a land model stepping into the sea stops and takes Soft 4D6."""
    tank = Mover(mp=3, min_hexes=0, turning=TurnLimit.ZERO, land=True)
    land = Board(TerrainMap.of({Hex(5, 4): Cell(TerrainKind.WATER)}, 12, 12, TerrainKind.GROUND),
                 (ship(size=Size.SMALL),))  # fmt: skip
    done = walk(land, 0, tank, parse_path("FF"))
    assert done.contact is not None
    assert (done.contact.dice, done.end) == (4, START)


def test_flyers_pass_over_and_clear_the_end() -> None:
    """DW-11.8 / DW-28.4: a flyer passes over all, and ends clear by extra steps beyond its MP."""
    flyer = ship(level=Level.FLYING)
    mountain = {Hex(5, 2): Cell(TerrainKind.MOUNTAIN)}
    field = board(flyer, ship(Hex(5, 4), side=1), ship(Hex(5, 3), side=1), cells=mountain)
    done = walk(field, 0, CRUISER, parse_path("FF"))
    assert done.contact is None
    assert done.extra == 1
    assert done.end == Hex(5, 2)  # over the mountain
    assert done.steps == 2


def test_clearing_off_the_board_offers_the_nearest_free_hexes() -> None:
    """DW-28.4: if the clearing steps would run off the board, the nearest free hexes instead."""
    edge = Hex.from_offset(5, 0)
    field = board(ship(edge.neighbor(Facing.S), level=Level.FLYING), ship(edge, side=1))
    done = walk(field, 0, CRUISER, parse_path("F"))
    assert done.end == edge
    assert done.placements == tuple(h for h in edge.ring(1) if h in field.terrain)
    assert len(done.placements) == 5  # the flyer's own start hex among them
    assert edge.neighbor(Facing.S) in done.placements
    assert not done.lost


def test_submerged_passes_under_surface_models() -> None:
    """DW-11.9 / DW-12.1: a submerged token passes under surface models and ends clear."""
    sub = ship(level=Level.SUBMERGED)
    field = board(sub, ship(Hex(5, 4), side=1))
    done = walk(field, 0, CRUISER, parse_path("F"))
    assert done.contact is None
    assert done.end == Hex(5, 3)
    assert done.extra == 1


def test_declared_ram_between_flyers() -> None:
    """DW-12.1 / DW-28.5: a flyer declares a ram on an enemy flyer; it stops in the hex before."""
    field = board(ship(level=Level.FLYING), ship(Hex(5, 3), side=1, level=Level.FLYING))
    done = walk(field, 0, CRUISER, parse_path("FFF"), rams=frozenset({Hex(5, 3)}))
    assert done.contact == Contact(ContactKind.RAM, Hex(5, 3), 1, bow=True)
    assert done.end == Hex(5, 4)
    no_ram = Mover(mp=4, min_hexes=1, turning=TurnLimit.TWO)  # RR 0: never a ram
    rr0 = walk(field, 0, no_ram, parse_path("FFF"), rams=frozenset({Hex(5, 3)}))
    assert rr0.contact is not None
    assert rr0.contact.kind is ContactKind.COLLISION
    undeclared = walk(field, 0, CRUISER, parse_path("FFF"))
    assert undeclared.contact is None
    assert undeclared.end == Hex(5, 2)


def test_surface_model_ending_over_a_submerged_token_displaces_it() -> None:
    """DW-11.10: whatever lies under the active model's end hex is moved aside."""
    field = board(ship(), ship(Hex(5, 4), side=1, level=Level.SUBMERGED))
    done = walk(field, 0, CRUISER, parse_path("F"))
    assert done.end == Hex(5, 4)
    assert done.displaced == (1,)
    spots = free_placements(field, 1, Hex(5, 4), Mode.NAVAL_SUBMERGED)
    assert START not in spots  # the mover's start is taken (by the board as given)
    assert all(Hex(5, 4).distance(h) == 1 for h in spots)


def test_treacherous_test_only_when_fast() -> None:
    """DW-13.3 / DW-28.4: test before moving fast through treacherous hexes; stop at the first."""
    reef = {Hex(5, 3): Cell(TerrainKind.REEF)}
    field = board(ship(), cells=reef)
    fast = walk(field, 0, CRUISER, parse_path("FFF"))
    assert fast.treacherous_test
    assert treacherous_stop(field, fast, land=False, level=Level.SURFACE) == Hex(5, 3)
    slow = walk(field, 0, CRUISER, parse_path("FF"))
    assert not slow.treacherous_test  # 2 x 2 = MP 4: not more than half
    leaving = board(ship(), cells={START: Cell(TerrainKind.REEF)})
    out = walk(leaving, 0, CRUISER, parse_path("FFF"))
    assert out.treacherous_test  # moving out of it counts
    assert treacherous_stop(leaving, out, land=False, level=Level.SURFACE) == START
    flyer = board(ship(level=Level.FLYING), cells=reef)
    assert not walk(flyer, 0, CRUISER, parse_path("FFF")).treacherous_test


def test_bow_contact_blocks_stepping_forward() -> None:
    """DW-12.2 / DW-28.5: a recorded bow contact forbids a step forward into that hex."""
    stuck = Mover(mp=4, min_hexes=1, turning=TurnLimit.NAVAL_SMALL,
                  bow_contacts=frozenset({Hex(5, 4)}))  # fmt: skip
    field = board(ship(), ship(Hex(5, 4), side=1))
    assert "turn away" in walk_problem(field, 0, stuck, parse_path("F"))
    assert walk_problem(field, 0, stuck, parse_path("B")) == ""
    assert walk_problem(field, 0, CRUISER, parse_path("F")) == ""


coords = st.integers(2, 9)


@given(
    st.lists(st.sampled_from(["F", "RF", "LF"]), min_size=1, max_size=6), coords, coords,
    st.sampled_from(Facing),
)  # fmt: skip
def test_walk_on_an_empty_sea(tokens: list[str], q: int, r: int, facing: Facing) -> None:
    """DW-28.4: on open water with no pieces, each step moves one hex until the edge."""
    start = Hex.from_offset(q, r)
    field = board(ship(start, facing))
    free = Mover(mp=10, min_hexes=0, turning=TurnLimit.FREE)
    done = walk(field, 0, free, parse_path("".join(tokens)))
    assert done.contact is None
    for a, b in zip(done.hexes, done.hexes[1:], strict=False):
        assert a.distance(b) == 1
    assert done.lost or done.steps == len(tokens)


# ---- markers, displacement, the search --------------------------------------------------------


def test_markers() -> None:
    """DW-11.6 / DW-28.4: stop, restart and reverse follow the markers; flyers may not stop."""
    assert marker_problem(CRUISER, MarkerAction.STOP) == ""
    bomber = Mover(mp=5, min_hexes=2, turning=TurnLimit.ONE, can_stop=False)
    assert "stay in motion" in marker_problem(bomber, MarkerAction.STOP)
    tank = Mover(mp=3, min_hexes=0, turning=TurnLimit.ZERO, land=True)
    assert "no minimum" in marker_problem(tank, MarkerAction.STOP)
    assert "not at All Stop" in marker_problem(CRUISER, MarkerAction.RESTART)
    stopped = Mover(mp=4, min_hexes=1, turning=TurnLimit.NAVAL_MEDIUM, all_stop=True)
    assert marker_problem(stopped, MarkerAction.RESTART) == ""
    assert marker_problem(stopped, MarkerAction.START_REVERSING) == ""
    stubborn = Mover(mp=4, min_hexes=1, turning=TurnLimit.NAVAL_MEDIUM, all_stop=True,
                     can_reverse=False)  # fmt: skip
    assert "cannot reverse" in marker_problem(stubborn, MarkerAction.START_REVERSING)
    arrow = Mover(mp=4, min_hexes=1, turning=TurnLimit.NAVAL_MEDIUM, reversing=True)
    assert marker_problem(arrow, MarkerAction.STOP_REVERSING) == ""
    assert "not reversing" in marker_problem(CRUISER, MarkerAction.STOP_REVERSING)


def test_streamlined_hull_declares_no_turn() -> None:
    """DW-28.4: Streamlined Hull's +1" only if it declared no turn: then it may not turn."""
    sleek = Mover(mp=5, min_hexes=1, turning=TurnLimit.NAVAL_SMALL, straight_only=True)
    assert path_problem(sleek, Size.SMALL, parse_path("FFFFF")) == ""
    assert "straight move" in path_problem(sleek, Size.SMALL, parse_path("FRF"))


def test_push_directly_away() -> None:
    """DW-24 Hard Impact / DW-28.5: 1 hex farthest from the attacker; on a tie, the aft one."""
    target = ship(START, Facing.N)
    assert push_hexes(target, START + Hex(0, -2)) == (START.neighbor(Facing.S),)
    # An attacker on a spine leaves two farthest neighbours; the aft one wins.
    diagonal = START + Hex(1, -2)
    assert push_hexes(target, diagonal) == (START.neighbor(Facing.S),)
    assert push_hexes(ship(START, Facing.NE), diagonal) == (START.neighbor(Facing.SW),)
    # Facing NW neither is aft: the defender chooses.
    sideways = ship(START, Facing.NW)
    assert set(push_hexes(sideways, diagonal)) == {
        START.neighbor(Facing.S),
        START.neighbor(Facing.SW),
    }


def test_flare() -> None:
    """DW-16.2 / DW-28.5: D6 1-2 bow, 3 port, 4 starboard, 5-6 stern; beams alternate."""
    assert [flare_direction(f) for f in range(1, 7)] == [
        FlareDirection.BOW, FlareDirection.BOW, FlareDirection.PORT,
        FlareDirection.STARBOARD, FlareDirection.STERN, FlareDirection.STERN,
    ]  # fmt: skip
    assert flare_path(START, Facing.N, FlareDirection.BOW, 2) == (Hex(5, 4), Hex(5, 3))
    assert flare_path(START, Facing.N, FlareDirection.STERN, 1) == (Hex(5, 6),)
    port = flare_path(START, Facing.N, FlareDirection.PORT, 4)
    assert port == (Hex(4, 5), Hex(3, 6), Hex(2, 6), Hex(1, 7))  # NW, SW, NW, SW: the beam spine
    assert port[1] == START + Hex(-2, 1)  # on the 90-degree port spine
    starboard = flare_path(START, Facing.N, FlareDirection.STARBOARD, 2)
    assert starboard[-1] == START + Hex(2, -1)


def test_displace() -> None:
    """DW-28.5: a piece at its level stops it in the last free hex; rocks or the edge destroy."""
    field = board(ship(), ship(Hex(5, 3), side=1), ship(Hex(5, 4), level=Level.FLYING, side=1))
    path = flare_path(START, Facing.N, FlareDirection.BOW, 3)
    moved = displace(field, 0, path, land=False)
    assert moved.end == START  # stopped before the ship, under the flyer: the last free hex
    assert moved.contact == Contact(ContactKind.COLLISION, Hex(5, 3), 1)
    assert not moved.destroyed
    rocks = board(ship(), cells={Hex(5, 4): Cell(TerrainKind.MOUNTAIN)})
    assert displace(rocks, 0, path, land=False).destroyed
    edge = board(ship(Hex.from_offset(5, 0)))
    assert displace(edge, 0, (Hex.from_offset(5, 0).neighbor(Facing.N),), land=False).destroyed


def test_snaking_dice() -> None:
    """DW-11.5: a failed snaking test: Soft 4D6 on water, Medium 8D6 on land or in the air."""
    field = board(ship(), cells={Hex(1, 1): Cell(TerrainKind.GROUND)})
    assert snaking_dice(field, START, Level.SURFACE) == 4
    assert snaking_dice(field, Hex(1, 1), Level.SURFACE) == 8
    assert snaking_dice(field, START, Level.FLYING) == 8


def test_reachable_cruiser() -> None:
    """DW-28.4: a Naval M cruiser with MP 4 and a 1-hex minimum on open sea."""
    ends = reachable(board(ship()), 0, CRUISER, Size.MEDIUM)
    assert (START, Facing.N) not in ends  # it must move
    assert ends[(Hex(5, 1), Facing.N)] == parse_path("FFFF")
    assert ends[(Hex(5, 3), Facing.NE)] == parse_path("FFR")  # a pivot after 2 straight
    assert (Hex(6, 3), Facing.NE) not in ends  # a turn after one hex: K = 2
    assert (Hex(6, 2), Facing.NE) in ends  # FFRF
    assert all(h.distance(START) <= 4 for h, _ in ends)


def test_reachable_stops_short_of_blockers() -> None:
    """DW-28.4 / DW-28.5: the search leaves out contacts; rams are given as explicit paths."""
    field = board(ship(), ship(Hex(5, 3), side=1))
    ends = reachable(field, 0, CRUISER, Size.MEDIUM)
    assert (Hex(5, 4), Facing.N) in ends
    assert not any(h == Hex(5, 3) for h, _ in ends)
    assert (Hex(5, 2), Facing.N) not in ends


@given(
    st.sampled_from(list(TurnLimit)), st.integers(0, 4), st.integers(0, 2), st.booleans(),
    st.sampled_from(Facing),
)  # fmt: skip
def test_every_reachable_path_is_legal(
    turning: TurnLimit,
    mp: int,
    minimum: int,
    land: bool,
    facing: Facing,
) -> None:
    """DW-28.4: every path the search returns passes the checks and walks to its key."""
    mover = Mover(mp=mp, min_hexes=min(minimum, mp), turning=turning, land=land)
    cells = {Hex(5, 3): Cell(TerrainKind.WOODS if land else TerrainKind.HILL)}
    base = TerrainKind.GROUND if land else TerrainKind.WATER
    field = Board(
        TerrainMap.of(cells, 12, 12, base), (ship(facing=facing), ship(Hex(6, 5), side=1))
    )
    for (end, heading), path in reachable(field, 0, mover, Size.MEDIUM).items():
        assert path_problem(mover, Size.MEDIUM, path) == ""
        done = walk(field, 0, mover, path)
        assert (done.end, done.facing) == (end, heading)
        assert done.contact is None


def test_amphibious_hull_breaker_immovable() -> None:
    """DW-24: Amphibious goes on land or sea; Hull Breaker skips treacherous tests; Immovable."""
    coast = {Hex(5, 4): Cell(TerrainKind.GROUND), Hex(5, 3): Cell(TerrainKind.WOODS)}
    field = board(ship(size=Size.SMALL), cells=coast)
    frog = Mover(mp=3, min_hexes=0, turning=TurnLimit.ZERO, land=True, amphibious=True)
    done = walk(field, 0, frog, parse_path("FFF"))
    assert done.contact is None
    assert done.end == Hex(5, 2)  # water, ground, woods, water again
    assert done.treacherous_test
    breaker = Mover(mp=3, min_hexes=0, turning=TurnLimit.ZERO, land=True, amphibious=True,
                    hull_breaker=True)  # fmt: skip
    assert not walk(field, 0, breaker, parse_path("FFF")).treacherous_test
    fort = Mover(mp=0, min_hexes=0, turning=TurnLimit.FREE, immovable=True)
    assert "cannot move" in path_problem(fort, Size.LARGE, parse_path("R"))
    assert path_problem(fort, Size.LARGE, ()) == ""


def _every_path(mp: int) -> list[tuple[Step, ...]]:
    """Every path of up to ``mp`` forward steps turning -1/0/+1, with or without a pivot."""
    paths: list[tuple[Step, ...]] = [()]
    layer: list[tuple[Step, ...]] = [()]
    for _ in range(mp):
        layer = [(*p, Step(t)) for p in layer for t in (-1, 0, 1)]
        paths.extend(layer)
    pivots = [(*p, Step(t, StepKind.PIVOT)) for p in paths for t in (-2, -1, 1, 2, 3)]
    return [*paths, *pivots, (Step(0, StepKind.BACK),)]


@given(
    st.sampled_from([t for t in TurnLimit if t is not TurnLimit.FREE]), st.integers(0, 3),
    st.integers(0, 2), st.booleans(), st.booleans(),
)  # fmt: skip
def test_reachable_finds_every_end(
    turning: TurnLimit, mp: int, minimum: int, sharp: bool, land: bool
) -> None:
    """DW-28.4: the search's ends are exactly those of every legal path, found by brute force."""
    mover = Mover(mp=mp, min_hexes=min(minimum, mp), turning=turning, sharp_turn=sharp, land=land)
    base = TerrainKind.GROUND if land else TerrainKind.WATER
    cells = {Hex(5, 3): Cell(TerrainKind.MOUNTAIN)}
    field = Board(TerrainMap.of(cells, 12, 12, base), (ship(), ship(Hex(6, 4), side=1)))
    ends = set()
    for path in _every_path(mp):
        if path_problem(mover, Size.MEDIUM, path):
            continue
        done = walk(field, 0, mover, path)
        if done.contact is None and not done.lost:
            ends.add((done.end, done.facing))
    assert set(reachable(field, 0, mover, Size.MEDIUM)) == ends


def test_declared_levels() -> None:
    """DW-11.8 / DW-11.9: flyers fly or go obscured (not on fire); divers may submerge."""
    assert level_problem(Level.OBSCURED, flyer=True, diver=False) == ""
    assert "on fire" in level_problem(Level.OBSCURED, flyer=True, diver=False, on_fire=True)
    assert "stays in the air" in level_problem(Level.SURFACE, flyer=True, diver=False)
    assert "Only flyers" in level_problem(Level.FLYING, flyer=False, diver=True)
    assert level_problem(Level.SUBMERGED, flyer=False, diver=True) == ""
    assert "Only diving" in level_problem(Level.SUBMERGED, flyer=False, diver=False)
    assert level_problem(Level.SURFACE, flyer=False, diver=False) == ""


def test_turn_limits_from_card_notation() -> None:
    """DW-28.4: the card's turning value reads directly; K = 1/2/3 for S/M/L, 1, 1, 2 for 0/1/2."""
    assert [TurnLimit(v).k for v in ("S", "M", "L", "0", "1", "2", "360")] == [1, 2, 3, 1, 1, 2, 0]
