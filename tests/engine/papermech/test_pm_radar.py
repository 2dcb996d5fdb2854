"""Paper 'Mech PM-8: radar spaces, adjacency, range, movement tables and the mounts' fire arcs."""

from __future__ import annotations

import pytest

from engine.papermech import commands as cmd
from engine.papermech import events as ev
from engine.papermech import legal_commands, radar
from engine.papermech.commands import TurnDirection
from engine.papermech.state import Prompt
from engine.papermech.tables import Action, Mount, Ring, Wedge
from tests.engine.papermech._build import (
    all_of,
    foe,
    one,
    play,
    player,
    prompt_of,
    space,
    state_with,
)


def move_all(action: Action, moves: list[tuple[str, str]], answer=None):
    """Resolve movement ``action`` with an Artillery on each "from" space; return the new spaces."""
    enemies = [foe("A", start, key=f"E{i}") for i, (start, _) in enumerate(moves)]
    state = state_with(*enemies, me=player(action=action, time=1))
    state, events = play(state, cmd.Wait())
    if answer is not None:
        state, events = play(state, answer)
    shifted = one(events, ev.RadarShifted)
    assert [key for key, _, _ in shifted.spaces] == [e.key for e in enemies]
    return [(e.ring, e.wedge) for e in state.enemies], [space(end) for _, end in moves]


# ------------------------------------------------------------------ PM-8.3 Walk Forwards
FORWARD_ROWS = {
    "3 or 4, ring L/M/S: one ring inward": [
        ("L/3", "M/3"),
        ("M/3", "S/3"),
        ("S/3", "C/3"),
        ("L/4", "M/4"),
        ("M/4", "S/4"),
        ("S/4", "C/4"),
    ],
    "3 or 4, ring C: wedge 2 or 5": [("C/3", "C/2"), ("C/4", "C/5")],
    "2 / 5: wedge 1 / 6": [
        (f"{r}/{w}", f"{r}/{to}") for r in "LMSC" for w, to in (("2", "1"), ("5", "6"))
    ],
    "1 / 6: wedge RL / RR": [
        (f"{r}/{w}", f"{r}/{to}") for r in "LMSC" for w, to in (("1", "RL"), ("6", "RR"))
    ],
    "RL or RR, ring C/S/M: one ring outward": [
        ("C/RL", "S/RL"),
        ("S/RL", "M/RL"),
        ("M/RL", "L/RL"),
        ("C/RR", "S/RR"),
        ("S/RR", "M/RR"),
        ("M/RR", "L/RR"),
    ],
    "RL or RR, ring L: stays": [("L/RL", "L/RL"), ("L/RR", "L/RR")],
}


@pytest.mark.parametrize("row", list(FORWARD_ROWS))
def test_pm_8_3_walk_forwards_row(row: str) -> None:
    """PM-8.3 Walk Forwards: every space of one row of the table moves as the sheet's arrows."""
    got, expected = move_all(Action.FORWARD, FORWARD_ROWS[row])
    assert got == expected


# ------------------------------------------------------------------ PM-8.3 Walk Backwards
BACKWARD_ROWS = {
    "RL or RR, ring L/M/S: one ring inward (DESIGN)": [
        ("L/RL", "M/RL"),
        ("M/RL", "S/RL"),
        ("S/RL", "C/RL"),
        ("L/RR", "M/RR"),
        ("M/RR", "S/RR"),
        ("S/RR", "C/RR"),
    ],
    "RL / RR, ring C: wedge 1 / 6": [("C/RL", "C/1"), ("C/RR", "C/6")],
    "1 / 6: wedge 2 / 5": [
        (f"{r}/{w}", f"{r}/{to}") for r in "LMSC" for w, to in (("1", "2"), ("6", "5"))
    ],
    "2 / 5: wedge 3 / 4": [
        (f"{r}/{w}", f"{r}/{to}") for r in "LMSC" for w, to in (("2", "3"), ("5", "4"))
    ],
    "3 or 4, ring C/S/M: one ring outward": [
        ("C/3", "S/3"),
        ("S/3", "M/3"),
        ("M/3", "L/3"),
        ("C/4", "S/4"),
        ("S/4", "M/4"),
        ("M/4", "L/4"),
    ],
    "3 or 4, ring L: stays": [("L/3", "L/3"), ("L/4", "L/4")],
}


@pytest.mark.parametrize("row", list(BACKWARD_ROWS))
def test_pm_8_3_walk_backwards_row(row: str) -> None:
    """PM-8.3 Walk Backwards: every space of one row of the table (DESIGN rows included)."""
    got, expected = move_all(Action.BACKWARD, BACKWARD_ROWS[row])
    assert got == expected


# ------------------------------------------------------------------ PM-8.3 Turn
ALL_WEDGES = ["1", "2", "3", "4", "5", "6", "RR", "RL"]
CLOCKWISE = dict(zip(ALL_WEDGES, ALL_WEDGES[1:] + ALL_WEDGES[:1], strict=True))


@pytest.mark.parametrize(
    ("direction", "table"),
    [
        (TurnDirection.LEFT, CLOCKWISE),
        (TurnDirection.RIGHT, {after: before for before, after in CLOCKWISE.items()}),
    ],
)
def test_pm_8_3_turn_moves_every_enemy_one_wedge_the_same_way(direction, table) -> None:
    """PM-8.3 Turn: left moves all enemies clockwise (1->2 ... RR->RL->1), right anticlockwise."""
    moves = [(f"M/{w}", f"M/{table[w]}") for w in ALL_WEDGES]
    got, expected = move_all(Action.TURN, moves, cmd.Turn(direction))
    assert got == expected


def test_pm_8_3_turning_right_moves_enemies_anticlockwise_by_the_clock() -> None:
    """PM-8.3: turning right, the enemy at 12:00-1:30 (wedge 4) is now at 10:30-12:00 (wedge 3)."""
    got, _ = move_all(
        Action.TURN, [("S/4", "S/3"), ("S/RL", "S/RR")], cmd.Turn(TurnDirection.RIGHT)
    )
    assert got == [(Ring.S, Wedge.W3), (Ring.S, Wedge.RR)]


# ------------------------------------------------------------------ PM-6 step 2 / PM-8.3 enemies
@pytest.mark.parametrize(
    ("start", "end"),
    [
        ("1", "RL"),
        ("2", "1"),
        ("3", "2"),
        ("4", "5"),
        ("5", "6"),
        ("6", "RR"),
        ("RR", "RR"),
        ("RL", "RL"),
    ],
)
def test_pm_6_2_pm_8_3_an_enemy_in_range_drifts_toward_the_nearer_rear_wedge(start, end) -> None:
    """PM-6 step 2 / PM-8.3: in range, one wedge toward RL (1-3) or RR (4-6); RL/RR stay."""
    state = state_with(foe("B", f"S/{start}", time=0))
    # Location 1, the attack die 1 misses.
    after, events = play(state, cmd.Wait(), [1, 1])
    assert one(events, ev.EnemyAttacked).hits == 0
    assert after.get("B").space == space(f"S/{end}")
    moved = all_of(events, ev.EnemyMoved)
    assert moved == (
        [] if start == end else [ev.EnemyMoved("B", Ring.S, Wedge.from_label(end), "flank")]
    )


@pytest.mark.parametrize(("start", "end"), [("L/RR", "M/RR"), ("S/4", "C/4"), ("M/1", "S/1")])
def test_pm_6_2_an_enemy_out_of_range_moves_one_ring_inward(start, end) -> None:
    """PM-6 step 2: out of range, one ring straight in (Mech's Fist, range C), same wedge."""
    state = state_with(foe("M", start, attack=0, time=0))
    after, events = play(state, cmd.Wait(), [1])
    assert not all_of(events, ev.EnemyAttacked)
    assert one(events, ev.EnemyMoved) == ev.EnemyMoved("M", *space(end), "approach")
    assert after.get("M").space == space(end)


def test_pm_3_1_pm_6_2_the_artillery_never_moves() -> None:
    """PM-3.1 / PM-6 step 2: the Artillery in range on L/2 stays on L/2."""
    state = state_with(foe("A", "L/2", time=0))
    after, events = play(state, cmd.Wait(), [1, 1, 1, 1, 1, 1])
    assert one(events, ev.EnemyAttacked).enemy == "A"
    assert not all_of(events, ev.EnemyMoved)
    assert after.get("A").space == (Ring.L, Wedge.W2)


# ------------------------------------------------------------------ PM-8.1 adjacency
@pytest.mark.parametrize(
    ("a", "b", "adjacent"),
    [
        ("L/1", "L/2", True),
        ("M/6", "M/RR", True),
        ("S/RR", "S/RL", True),
        ("C/RL", "C/1", True),
        ("C/3", "C/4", True),
        ("M/3", "L/3", True),
        ("C/RR", "S/RR", True),
        ("L/3", "M/4", False),
        ("L/3", "L/5", False),
        ("S/3", "L/3", False),
        ("C/3", "C/RR", False),
        ("C/4", "C/RL", False),
    ],
)
def test_pm_8_1_adjacency(a: str, b: str, adjacent: bool) -> None:
    """PM-8.1: same ring and neighbouring wedges (RL next to 1), or same wedge next ring."""
    assert radar.adjacent(space(a), space(b)) is adjacent
    assert radar.adjacent(space(b), space(a)) is adjacent


def test_pm_8_1_rear_wedges_are_shaded_and_unnumbered_wedges_are_not_spawn_spaces() -> None:
    """PM-8.1: RR and RL are the shaded rear; 1 and 6 are not shaded."""
    assert [w.label for w in Wedge if w.rear] == ["RR", "RL"]
    assert not Wedge.W1.rear
    assert not Wedge.W6.rear


# ------------------------------------------------------------------ PM-8.2 range
@pytest.mark.parametrize(
    ("reach", "rings"),
    [
        (Ring.L, {Ring.L, Ring.M, Ring.S, Ring.C}),
        (Ring.M, {Ring.M, Ring.S, Ring.C}),
        (Ring.S, {Ring.S, Ring.C}),
        (Ring.C, {Ring.C}),
    ],
)
def test_pm_8_2_a_range_letter_reaches_its_ring_and_every_ring_inside(reach, rings) -> None:
    """PM-8.2: L reaches L M S C; M reaches M S C; S reaches S C; C reaches C only."""
    assert {r for r in Ring if radar.reaches(reach, r)} == rings


def test_pm_8_2_the_fist_cannot_reach_short_range() -> None:
    """PM-8.2: Punch (range C) at a Bike on S/4: no target, the attack is wasted."""
    state = state_with(foe("B", "S/4", time=3), me=player(action=Action.RA1, time=1))
    _, events = play(state, cmd.Wait())
    assert one(events, ev.PlayerAttacked).target is None


def test_pm_8_2_pm_3_1_enemy_artillery_may_fire_at_ring_c() -> None:
    """PM-8.2 / PM-3.1: enemy attacks have no exceptions: the Artillery fires at C/4."""
    state = state_with(foe("A", "C/4", time=0))
    # Location 1 torso (armor 5): 6 6 1 1 1: two damage.
    after, events = play(state, cmd.Wait(), [1, 6, 6, 1, 1, 1])
    assert one(events, ev.EnemyAttacked).hits == 2
    assert after.player.torso == 2


# ------------------------------------------------------------------ PM-8.4 fire arcs
ARCS = {
    Mount.LS: {"1", "2", "3", "4"},
    Mount.RS: {"3", "4", "5", "6"},
    Mount.LA: {"1", "2", "3", "4", "5", "RL"},
    Mount.RA: {"2", "3", "4", "5", "6", "RR"},
}


@pytest.mark.parametrize("mount", list(ARCS))
def test_pm_8_4_mount_fire_arc(mount: Mount) -> None:
    """PM-8.4: with Missiles (range L) on every mount, the targets offered are the arc's wedges."""
    gear = "LS=missiles RS=missiles LA=missiles RA=missiles"
    enemies = [foe("A", f"M/{w}", key=f"E{i}") for i, w in enumerate(ALL_WEDGES)]
    state = state_with(*enemies, me=player(gear, action=Action.of(mount, 0), time=1))
    state, events = play(state, cmd.Wait())
    assert prompt_of(events) is Prompt.TARGET
    keys = {c.enemy for c in legal_commands(state) if isinstance(c, cmd.ChooseTarget)}
    assert {state.get(k).wedge.label for k in keys} == ARCS[mount]
