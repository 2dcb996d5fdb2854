"""The combat segment through the turn machine: declared attacks, rolled when the activation ends.

DW-7.2 step 3a (every attack declared before a die is rolled; each weapon once), DW-7.2 step 3d
(the attacks rolled in order), DW-15.2 / DW-28.7 (AD by range band), DW-15.4 (4+ surface to
surface), DW-16.1 (hits against DR and CR; a starting HP of 2 takes 2 and sinks), DW-17.1
(Linked Fire: 5 + 2 = 7 at RB3, the digest's example), DW-17.3 (Split Fire), DW-18.2 / DW-18.3
(the target's squadron answers torpedoes with charges: a 5 cancels one hit), DW-22.5 (a loss,
destroyed). DW-28.13 item 9 (declaration before rolling, linked and split fire, AA/CC
cancellation) and item 10.
"""

from __future__ import annotations

import json

import pytest

from engine.dice import Dice, ScriptedDice
from engine.dystopian.commands import Activate, EndActivation, Fire, MoveModel
from engine.dystopian.context import DWCode
from engine.dystopian.events import (
    ActivationEnded,
    AttackDeclared,
    AttackRolled,
    AttackSource,
    DamageDealt,
    HitsCancelled,
    LossCause,
    ModelDisplaced,
    ModelLost,
    MoraleChecked,
)
from engine.dystopian.evolve import evolve
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.narrate import tell
from engine.dystopian.rules import decide, legal_commands
from engine.dystopian.state import DeclaredAttack, DWState
from engine.game import Command, Event, IllegalCommand
from engine.hexes import Facing
from saves.codec import make_converter
from tests.engine.dystopian._game import H, arrange, fleet, play, ruleset, setup, squadron

N, NE, SE, S, SW, NW = Facing

RED = fleet(squadron("BB", 1), squadron("CR", 2))
"""Red: BB-1 (model 0, squadron 0); CR-1, CR-2 (models 1, 2, squadron 1)."""
BLUE = fleet(squadron("CR", 2), squadron("FF", 3))
"""Blue: CR-3, CR-4 (models 3, 4, squadron 2); FF-1 to FF-3 (models 5-7, squadron 3)."""
GAME = setup(RED, BLUE)
RULESET = ruleset()

PLACES = {
    "BB-1": ("1003", S),
    "CR-1": ("2003", S),
    "CR-2": ("2103", S),
    "CR-3": ("1010", N),
    "CR-4": ("3020", N),
    "FF-1": ("0520", N),
    "FF-2": ("0620", N),
    "FF-3": ("0720", N),
}
"""The battleship 7 hexes north of CR-3, bow on; the rest apart."""


def _refused(state: DWState, command: Command, message: str) -> None:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert (refused.value.code, refused.value.message) == (DWCode.FIRE, message)


def _moved(places: dict[str, tuple[str, Facing]], *moves: MoveModel) -> DWState:
    first = moves[0].model
    state, _ = play(arrange(GAME, places), [Activate(first), *moves])
    return state


def test_an_attack_is_declared_without_dice_and_each_weapon_fires_once() -> None:
    """DW-7.2 step 3a: no die at declaration; a weapon declared once; a kind picks a weapon."""
    state = _moved(PLACES, MoveModel("BB-1", "F"))
    state, events = play(state, [Fire(("BB-1",), "fore-turret", ("CR-3",))])
    assert events == [AttackDeclared(DeclaredAttack((0,), (0,), (3,)))]
    _refused(
        state,
        Fire(("BB-1",), "fore-turret", ("CR-3",)),
        "BB-1 has no fore-turret left to fire this activation.",
    )
    # "primary" now means the aft turret, which cannot bear on a target dead ahead.
    _refused(
        state,
        Fire(("BB-1",), "primary", ("CR-3",)),
        "BB-1's aft turret: The target is not in that weapon's arc.",
    )


def test_the_declared_attack_is_rolled_when_the_activation_ends() -> None:
    """DW-15.2 / DW-15.4 / DW-16.1: RB2, 10 AD at 4+; 5 hits on DR 4 (CR 6): 1 HP."""
    state = _moved(PLACES, MoveModel("BB-1", "F"))
    faces = (6, 5, 4, 4, 3, 2, 1, 1, 1, 1, 2)
    state, events = play(state, [Fire(("BB-1",), "fore-turret", ("CR-3",)), EndActivation()], faces)
    assert events[1:] == [
        AttackRolled(
            3,
            AttackSource.WEAPON,
            (0,),
            "Fore turret",
            10,
            4,
            0,
            natural_only=False,
            faces=faces,
            hits=5,
        ),
        DamageDealt(3, 5, 1, 0),
        ActivationEnded(0, 1),
    ]
    assert state.models[3].hull_damage == 1
    told, _ = tell(2, EndActivation(), events[1:], state)
    assert told[1].text == (
        "BB-1 fires fore turret at Lancer Cruiser CR-3: 10 dice needing 4+ "
        "(6, 5, 4, 4, 3, 2, 1, 1, 1, 1, 2): 5 hits."
    )


def test_two_cruisers_link_their_turrets_for_five_plus_two() -> None:
    """DW-17.1's example: two cruisers at RB3 with 5 AD each link for 5 + 2 = 7 AD."""
    places = {
        **PLACES,
        "BB-1": ("0103", S),
        "CR-1": ("1003", S),
        "CR-2": ("1103", S),
        "CR-3": ("1014", N),
    }
    state = _moved(places, MoveModel("CR-1", "F"), MoveModel("CR-2", "F"))
    linked = Fire(("CR-1", "CR-2"), "primary", ("CR-3",))
    assert linked in legal_commands(state)
    _, events = play(state, [linked, EndActivation()], [1] * 7)
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert (rolled.attackers, rolled.ad, rolled.hits) == ((1, 2), 7, 0)


def test_a_split_puts_its_shares_on_each_target() -> None:
    """DW-17.3: one turret's 10 dice split 6 / 4 between two cruisers in the same band."""
    places = {**PLACES, "CR-4": ("1110", N)}
    state = _moved(places, MoveModel("BB-1", "F"))
    split = Fire(("BB-1",), "fore-turret", ("CR-3", "CR-4"), (6, 4))
    _refused(
        state,
        Fire(("BB-1",), "fore-turret", ("CR-3", "CR-4"), (6, 3)),
        "The shares must add up to the weapon's 10 dice.",
    )
    _, events = play(state, [split, EndActivation()], [1] * 10)
    rolled = [e for e in events if isinstance(e, AttackRolled)]
    assert [(e.target, e.ad) for e in rolled] == [(3, 6), (4, 4)]


def test_torpedo_hits_are_cancelled_by_the_target_squadrons_charges() -> None:
    """DW-18.2 / DW-18.3: CR-3 and CR-4 (CC 2 each, within 2 hexes) roll separately at 5+.

    The cruiser's torpedoes: 4 AD at RB1 score 4 (6 explodes into a 1); CR-3 rolls 5, 1 and
    cancels one; CR-4 rolls 1, 1. The 3 left are below DR 4: no damage.
    """
    places = {
        **PLACES,
        "BB-1": ("0103", S),
        "CR-1": ("1003", S),
        "CR-2": ("1103", S),
        "CR-3": ("1008", N),
        "CR-4": ("1108", N),
    }
    state = _moved(places, MoveModel("CR-1", "F"), MoveModel("CR-2", "F"))
    dice = [6, 5, 4, 1, 1, 5, 1, 1, 1]  # the torpedoes, CR-3's charges, CR-4's
    _, events = play(state, [Fire(("CR-1",), "torpedoes", ("CR-3",)), EndActivation()], dice)
    assert events[2:4] == [
        HitsCancelled(3, "CC", (3, 4), ((5, 1), (1, 1)), 1, 3),
        DamageDealt(3, 3, 0, 0),
    ]


def _decide_all(state: DWState, commands: list[Command], dice: list[int]) -> list[Event]:
    """Play with these dice first; further dice (a break check's) are 1s."""
    rolls = ScriptedDice((*dice, *([1] * 40)))
    events: list[Event] = []
    for command in commands:
        for event in decide(state, command, rolls):
            state = evolve(state, event)
            events.append(event)
    return events


def test_a_frigate_reaching_its_cr_is_destroyed_and_its_squadron_checks() -> None:
    """DW-15.5 / DW-16.1 / DW-10.2: a frigate sunk by gunfire; its squadron checks.

    A Capital shooter hits the Small frigate on 5+; 6 hits on CR 6 with starting HP 2: 2 damage,
    destroyed; its squadron's break check follows in the morale segment.
    """
    places = {**PLACES, "FF-1": ("1010", N), "CR-3": ("3010", N)}
    state = _moved(places, MoveModel("BB-1", "F"))
    faces = [6, 6, 5, 5, 4, 1, 1, 1, 1, 1, 1, 1]
    events = _decide_all(state, [Fire(("BB-1",), "fore-turret", ("FF-1",)), EndActivation()], faces)
    rolled = events[1]
    assert isinstance(rolled, AttackRolled)
    assert (rolled.threshold, rolled.hits) == (5, 6)
    assert events[2:4] == [DamageDealt(5, 6, 2, 0), ModelLost(5, LossCause.DESTROYED)]
    assert any(isinstance(e, MoraleChecked) and e.squadron == 3 for e in events)


def test_fire_reads_and_writes_in_the_command_language() -> None:
    """The ``fire`` line: linked models by commas, split shares as TARGET:DICE."""
    state = arrange(GAME, PLACES)
    for text, command in [
        ("fire BB-1 fore-turret at CR-3", Fire(("BB-1",), "fore-turret", ("CR-3",))),
        ("fire CR-1,CR-2 primary at CR-3", Fire(("CR-1", "CR-2"), "primary", ("CR-3",))),
        (
            "fire BB-1 fore-turret at CR-3:6,CR-4:4",
            Fire(("BB-1",), "fore-turret", ("CR-3", "CR-4"), (6, 4)),
        ),
    ]:
        assert parse_command(text, state) == command
        assert format_command(command) == text


def test_every_listed_attack_is_accepted() -> None:
    """legal_commands lists the attacks that can be declared now, and the rules accept each."""
    state = _moved(PLACES, MoveModel("BB-1", "F"))
    fires = [c for c in legal_commands(state) if isinstance(c, Fire)]
    assert Fire(("BB-1",), "fore-turret", ("CR-3",)) in fires
    for command in fires:
        _, events = play(state, [command])
        assert isinstance(events[0], AttackDeclared)


def test_a_magazine_explosion_sinks_the_target_and_blasts_its_neighbour() -> None:
    """DW-16.2 result 2 / DW-28.10: all HP lost; 2 x starting HP (8) dice at each piece d <= 2.

    6 hits reach the cruiser's CR 6: one critical, 1 + 1, its magazine. CR-4 alongside takes the
    blast's 8 dice (all 1s here); CR-3 is removed once the damage is dealt.
    """
    places = {**PLACES, "CR-4": ("1110", N)}
    state = _moved(places, MoveModel("BB-1", "F"))
    faces = [6, 6, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1]
    blast = [1] * 8
    command = Fire(("BB-1",), "fore-turret", ("CR-3",))
    events = _decide_all(state, [command, EndActivation()], [*faces, 1, 1, *blast])
    assert events[2:6] == [
        DamageDealt(3, 6, 4, 0, (2,), (1, 1)),
        AttackRolled(
            4, AttackSource.MAGAZINE, (3,), "", 8, 4, 0, natural_only=False, faces=(1,) * 8, hits=0
        ),
        DamageDealt(4, 0, 0, 0),
        ModelLost(3, LossCause.DESTROYED),
    ]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fleets_at_close_quarters_play_legal_commands_that_survive_the_converter(
    seed: int,
) -> None:
    """At close range every listed command is accepted and written and read back.

    The events (contacts, attacks, damage, repairs) and the state survive the save converter,
    and each entry is told.
    """
    conv = make_converter(RULESET)
    state = arrange(GAME, PLACES)
    dice = Dice(seed)
    seen: set[type] = set()
    for step in range(60):
        options = legal_commands(state)
        if not options:
            break
        command = options[(step * 7919 + seed) % len(options)]
        assert parse_command(format_command(command), state) == command
        events = decide(state, command, dice)
        told, after = tell(step, command, events, state)
        assert all(t.text for t in told)
        for event in events:
            assert (
                conv.structure(json.loads(json.dumps(conv.unstructure(event, Event))), Event)
                == event
            )
            seen.add(type(event))
            state = evolve(state, event)
        assert after == state
    assert (
        conv.structure(json.loads(json.dumps(conv.unstructure(state, DWState))), DWState) == state
    )
    assert AttackRolled in seen


AIR = setup(fleet(squadron("CR", 2)), fleet(squadron("AS", 1)))
"""Red: CR-1, CR-2 (models 0, 1); Blue: the airship AS-1 (model 2), flying."""


def test_the_target_squadron_fires_ack_ack_at_an_attacking_flyer_first() -> None:
    """DW-7.2 step 3b / DW-18.2 / DW-15.4: AA (3 each) at a Large flyer within 4 hexes, 4+.

    Each cruiser rolls separately before the airship's guns: 0 and 2 hits, below its DR 4.
    Then its fore turret, 6 AD at RB1, flying at surface on 4+.
    """
    places = {"CR-1": ("1008", N), "CR-2": ("1108", N), "AS-1": ("1005", S)}
    state, _ = play(
        arrange(AIR, places, active=1),
        [Activate("AS-1"), MoveModel("AS-1", "F"), Fire(("AS-1",), "fore-turret", ("CR-1",))],
    )
    dice = [1, 1, 1, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1]  # the last: Swift Ascent (DW-24), it stays
    _, events = play(state, [EndActivation()], dice)
    rolled = [e for e in events if isinstance(e, AttackRolled)]
    assert [(e.source, e.target, e.attackers, e.ad, e.threshold, e.hits) for e in rolled] == [
        (AttackSource.ACK_ACK, 2, (0,), 3, 4, 0),
        (AttackSource.ACK_ACK, 2, (1,), 3, 4, 2),
        (AttackSource.WEAPON, 0, (2,), 6, 4, 0),
    ]
    told, _ = tell(3, EndActivation(), events, state)
    assert told[1].text.startswith("CR-1 answers with Ack-Ack at Zephyr Airship AS-1: 3 dice")


def test_a_sturginium_flare_flings_the_target_astern() -> None:
    """DW-16.2 result 12 / DW-28.5: 6 + 6; direction 5 (stern), 2 + 2 = 4: 2 hexes back.

    CR-3 faces north at 1010 and ends at 1012, still facing north.
    """
    state = _moved(PLACES, MoveModel("BB-1", "F"))
    faces = [6, 6, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1]
    command = Fire(("BB-1",), "fore-turret", ("CR-3",))
    state, events = play(state, [command, EndActivation()], [*faces, 6, 6, 5, 2, 2])
    assert events[2:4] == [
        DamageDealt(3, 6, 2, 0, (12,), (6, 6, 5, 2, 2)),
        ModelDisplaced(3, H("1012")),
    ]
    assert (state.models[3].hex, state.models[3].facing) == (H("1012"), N)
