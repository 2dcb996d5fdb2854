"""Random attack phases among 'Mechs, vehicles, a VTOL, a platoon and a squad.

BT-C-1, BT-C-24, BT-C-35: every legal declaration resolves without an error, and the log replays
to the same state.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.battletech import RULESET
from engine.battletech.context import Ctx, Tally
from engine.battletech.designs import InfantryDesign
from engine.battletech.designs.infantry import InfantryMotion
from engine.battletech.events import BTEvent
from engine.battletech.narrate.commands import command_text
from engine.battletech.narrate.phase_summary import summarize, summary_lines
from engine.battletech.narrate.sentences import describe
from engine.battletech.rules import combat, physical, tohit, turn
from engine.battletech.state import BTState, Phase
from engine.dice import Dice
from engine.hexes import Facing
from tests.engine.battletech._build import design
from tests.engine.battletech._rules_btc import CT, LA, RT, duel, still
from tests.engine.battletech._vehicles import tank, vtol
from tests.engine.battletech.test_kind_combat import blk, put

MECH = design(
    equipment=[
        ("Medium Laser", CT),
        ("SRM 6", RT),
        ("IS Ammo SRM-6", RT),
        ("Machine Gun", LA),
        ("IS Ammo MG - Full", LA),
    ]
)
RIFLES = InfantryDesign(
    chassis="Foot Platoon",
    model="(Rifle)",
    motion=InfantryMotion.FOOT,
    squad_size=7,
    squads=4,
    primary="Auto-Rifle",
)
"""A platoon whose weapon has rules (BT-C-35.6's worked example)."""
_CROWD = (
    ("tank", 1),
    ("vtol", 0),
    ("platoon", 1),
    ("squad", 0),
    ("Vedette Medium Tank", 1),
)


def _mixed(places: list[str], facings: list[int]) -> BTState:
    """Two 'Mechs and five other units on a 16 x 17 clear board, in the Weapon phase."""
    state = still(duel(MECH, MECH, extra=[(MECH, side, "0101", Facing.N) for _, side in _CROWD]))
    for n, (name, _) in enumerate(_CROWD):
        label = places[n]
        facing = Facing(facings[n])
        made = {
            "tank": tank(),
            "vtol": vtol(),
            "platoon": RIFLES,
            "squad": blk("Cavalier Battle Armor [Laser](Sqd4)"),
        }.get(name) or blk(name)
        extra = {"elevation": 2} if name == "vtol" else {}
        state = put(state, n + 2, made, where=label, facing=facing, **extra)
    return attrs.evolve(state, phase=Phase.WEAPON, attacks=())


def _fold(state: BTState, events: list[BTEvent]) -> BTState:
    for event in events:
        state = RULESET.evolve(state, event)
    return state


def _phase(state: BTState, picks: list[int], seed: int) -> tuple[BTState, list[BTEvent]]:
    """Every unit declares a random legal option; the attack, Heat and End phases resolve."""
    events: list[BTEvent] = []
    for index in range(len(state.units)):
        options = tohit.fire_options(state, index)
        choice = options[picks[index] % len(options)]
        new = tohit.declare_fire(state, choice)
        state = _fold(state, new)
        events += new
    ctx = Ctx(state, Dice(seed))
    ctx.tally = Tally(start=state)
    for number in range(len(state.attacks)):
        combat.resolve_weapon_attack(ctx, number)
    combat.end_of_phase(ctx)
    state, events = ctx.state, events + ctx.events
    # the physical phase: each 'Mech's random legal blow, if it has one
    state = attrs.evolve(state, phase=Phase.PHYSICAL, attacks=())
    for index in range(len(state.units)):
        blows = physical.physical_options(state, index)
        if blows:
            new = physical.declare_physical(state, blows[picks[index] % len(blows)])
            state = _fold(state, new)
            events += new
    ctx = Ctx(state, Dice(seed + 1))
    ctx.tally = Tally(start=state)
    for number in range(len(state.attacks)):
        physical.resolve_physical_attack(ctx, number)
    combat.end_of_phase(ctx)
    ctx.tally = None
    turn._heat_and_end(ctx)
    return ctx.state, events + ctx.events


_FREE = tuple(
    f"{col:02d}{row:02d}"
    for col in range(4, 13)
    for row in range(3, 13)
    if f"{col:02d}{row:02d}" not in {"0810", "0805"}
)
"""Hexes near the two 'Mechs (0810, 0805), where most units see and reach each other."""


@settings(max_examples=40, deadline=None)
@given(
    places=st.lists(
        st.sampled_from(_FREE), min_size=len(_CROWD), max_size=len(_CROWD), unique=True
    ),
    facings=st.lists(st.integers(0, 5), min_size=len(_CROWD), max_size=len(_CROWD)),
    picks=st.lists(st.integers(0, 50), min_size=7, max_size=7),
    seed=st.integers(0, 10_000),
)
def test_random_attacks_on_mixed_targets_replay(
    places: list[str], facings: list[int], picks: list[int], seed: int
) -> None:
    """BT-C-1: any legal declarations resolve; folding the log gives the same state again."""
    start = _mixed(places, facings)
    end, events = _phase(start, picks, seed)
    again, events_again = _phase(start, picks, seed)
    assert events == events_again
    assert again == end
    replayed = _fold(attrs.evolve(start, phase=Phase.WEAPON), events)
    assert replayed.units == end.units


@pytest.mark.parametrize("seed", range(12))
def test_the_log_tells_every_event_of_a_mixed_fight(seed: int) -> None:
    """Every event of a mixed attack phase has its sentence (none falls back to its class name)."""
    rng = random.Random(seed)  # noqa: S311 - positions for a test
    places = rng.sample(_FREE, len(_CROWD))
    start = _mixed(places, [rng.randrange(6) for _ in _CROWD])
    _, events = _phase(start, [rng.randrange(50) for _ in range(7)], seed)
    state = start
    for event in events:
        after = RULESET.evolve(state, event)
        text = describe(event, state, after)
        assert text
        assert text != type(event).__name__, type(event).__name__
        state = after
    assert events
    for index in range(len(start.units)):  # every kind's declaration in words
        assert command_text(tohit.fire_options(start, index)[-1], start)
    fights = summarize(events, start)  # the phase summary panel's lines
    assert summary_lines(start, fights)
