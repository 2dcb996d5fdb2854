"""Active generators through the turn machine: the `Generate` command (DW-23, DW-28.10).

DW-23 Tesla (one model within 8" = 4 hexes: 5-6 a critical with no HP lost), UPG (270 degrees
ahead: 4 Shattered Defences, 5 Chaos & Disarray, 6 the D6 of AP lost), Disruption (every other
model within 4 hexes, friends too: 4-6 generators offline, 6 also 1 AP), Field (2D6: any 4-6
cancels the effect), the general rules (offline generators, none after hitting terrain or a
larger model, single-die generators unaffected by the half-dice contacts: DW-27 item 23; once
per activation), DW-19.6 (a derelict uses no generator). DW-28.13 item 7 and Tier 2.
"""

from __future__ import annotations

import attrs
import pytest

from engine.dystopian.combat import ContactFire
from engine.dystopian.commands import Activate, Generate, MoveModel
from engine.dystopian.events import DamageDealt, GeneratorRolled, GeneratorUsed
from engine.dystopian.fleet import Squadron
from engine.dystopian.generating import GENERATE
from engine.dystopian.language import format_command, parse_command
from engine.dystopian.narrate import tell
from engine.dystopian.rules import legal_commands
from engine.dystopian.state import DWSetup, DWState, Markers
from engine.game import IllegalCommand
from engine.hexes import Facing
from tests.engine.dystopian._game import arrange, card, fleet, play, setup

N, S = Facing.N, Facing.S
SCIENCE = attrs.evolve(card("CR"), generators=("tesla", "upg", "disruption"))
"""A Lancer Cruiser fitted with a Tesla, a UPG and a Disruption generator (for the tests)."""
GAME = setup(fleet(Squadron(SCIENCE, 2)), fleet(Squadron(card("CR"), 2)))
"""Red CR-1, CR-2 (models 0, 1) with the generators; Blue CR-3, CR-4 (models 2, 3)."""
CR1, CR2, CR3 = 0, 1, 2
PLACES = {"CR-1": ("1003", S), "CR-2": ("1103", S), "CR-3": ("1007", N), "CR-4": ("3020", N)}
"""After their 1-hex moves CR-1 is 3 hexes from CR-3, bow on, and 1 from CR-2."""


def _moved(game: DWSetup = GAME, markers: dict[str, Markers] | None = None) -> DWState:
    state = arrange(game, PLACES, markers=markers)
    commands = [Activate("CR-1"), MoveModel("CR-1", "F"), MoveModel("CR-2", "F")]
    state, _ = play(state, commands)
    return state


def _refused(state: DWState, command: Generate) -> str:
    with pytest.raises(IllegalCommand) as refused:
        play(state, [command])
    assert refused.value.code == GENERATE
    return refused.value.message


def test_tesla_gives_a_critical_and_no_hull_damage() -> None:
    """DW-23 Tesla: a 5, then the critical 3 + 3 = 6, Weapons Damaged; no HP lost."""
    state, events = play(_moved(), [Generate("CR-1", "tesla", "CR-3")], [5, 3, 3])
    assert events[0] == GeneratorUsed(CR1, "tesla")
    assert events[1] == GeneratorRolled(CR1, "tesla", CR3, (5,))
    (damage,) = [e for e in events if isinstance(e, DamageDealt)]
    assert (damage.hp_lost, damage.criticals, damage.markers) == (0, (6,), ("half_ad",))
    assert state.models[CR3].markers.half_ad
    assert state.models[CR3].hull_damage == 0


def test_tesla_below_five_does_nothing() -> None:
    """DW-23 Tesla: a 4 misses: no critical is rolled."""
    _, events = play(_moved(), [Generate("CR-1", "tesla", "CR-3")], [4])
    assert events[1:] == [GeneratorRolled(CR1, "tesla", CR3, (4,))]


def test_upg_six_costs_a_d6_of_marines_and_five_brings_chaos() -> None:
    """DW-23 UPG: a 6 and its AP die 3: 3 of the cruiser's 4 AP lost."""
    state, events = play(_moved(), [Generate("CR-1", "upg", "CR-3")], [6, 3])
    assert events[1] == GeneratorRolled(CR1, "upg", CR3, (6, 3), ap_lost=3)
    assert state.models[CR3].markers.assault_damage == 3
    state, _ = play(_moved(), [Generate("CR-1", "upg", "CR-3")], [5])
    assert state.models[CR3].markers.chaos


def test_upg_cannot_reach_behind_the_model() -> None:
    """DW-23 UPG: 270 degrees ahead: a target astern is refused."""
    behind = arrange(GAME, {**PLACES, "CR-3": ("1001", N)})
    state, _ = play(behind, [Activate("CR-1"), MoveModel("CR-1", "F"), MoveModel("CR-2", "F")])
    message = _refused(state, Generate("CR-1", "upg", "CR-3"))
    assert message == "The pulveriser cannot reach behind the model."


def test_disruption_rolls_for_every_model_in_reach_friends_too() -> None:
    """DW-23 Disruption: CR-2 (a friend, 1 hex) rolls 4: offline; CR-3 rolls 6: offline, 1 AP."""
    state, events = play(_moved(), [Generate("CR-1", "disruption")], [4, 6])
    assert events[1:] == [
        GeneratorRolled(CR1, "disruption", CR2, (4,), offline=True),
        GeneratorRolled(CR1, "disruption", CR3, (6,), ap_lost=1, offline=True),
    ]
    assert state.models[CR2].markers.generators_offline
    assert state.models[CR3].markers.assault_damage == 1
    message = _refused(state, Generate("CR-2", "tesla", "CR-3"))
    assert message == "The generator is offline."  # DW-23: CR-2's own are offline now


def test_no_generator_after_hitting_terrain_or_a_larger_model() -> None:
    """DW-23 / DW-12.5: a NONE fire limit forbids generators; the HALF limit leaves Tesla whole."""
    state = _moved()
    assert state.activation is not None
    stopped = attrs.evolve(
        state, activation=attrs.evolve(state.activation, contact_fire=((CR1, ContactFire.NONE),))
    )
    message = _refused(stopped, Generate("CR-1", "tesla", "CR-3"))
    assert message == "After hitting terrain or a larger model its generators cannot be used."
    halved = attrs.evolve(
        state, activation=attrs.evolve(state.activation, contact_fire=((CR1, ContactFire.HALF),))
    )
    _, events = play(halved, [Generate("CR-1", "tesla", "CR-3")], [4])
    assert events[1] == GeneratorRolled(CR1, "tesla", CR3, (4,))


def test_each_generator_once_an_activation_and_never_by_a_derelict() -> None:
    """DW-23: one use per generator fitted each activation; DW-19.6: a derelict uses none."""
    state, _ = play(_moved(), [Generate("CR-1", "tesla", "CR-3")], [1])
    message = _refused(state, Generate("CR-1", "tesla", "CR-3"))
    assert message == "CR-1 has used its tesla generator this activation."
    derelict = arrange(GAME, PLACES, markers={"CR-2": Markers(derelict=True)})
    derelict, _ = play(derelict, [Activate("CR-1"), MoveModel("CR-1", "F")])  # CR-2 stays put
    message = _refused(derelict, Generate("CR-2", "tesla", "CR-3"))
    assert message == "A derelict cannot use its generators."


FIELDED = setup(
    fleet(Squadron(SCIENCE, 2)),
    fleet(Squadron(attrs.evolve(card("CR"), generators=("field",)), 2)),
)


def test_a_field_cancels_the_tesla_on_any_four_to_six() -> None:
    """DW-23 Field: the Tesla's 6 is met by the Field's 2D6 (4, 1): cancelled, no critical."""
    state, events = play(_moved(FIELDED), [Generate("CR-1", "tesla", "CR-3")], [6, 4, 1])
    assert events[1] == GeneratorRolled(CR1, "tesla", CR3, (6,), (4, 1), cancelled=True)
    assert not [e for e in events if isinstance(e, DamageDealt)]
    assert state.models[CR3].markers == Markers()


def test_generate_is_listed_read_written_and_told() -> None:
    """DW-23: the legal commands list each generator at each model it reaches."""
    state = _moved()
    options = [c for c in legal_commands(state) if isinstance(c, Generate)]
    assert Generate("CR-1", "tesla", "CR-3") in options
    assert Generate("CR-1", "disruption") in options
    assert Generate("CR-1", "upg", "CR-4") not in options  # 4 hexes at most
    command = parse_command("generate cr-1 Tesla at cr-3", state)
    assert command == Generate("CR-1", "tesla", "CR-3")
    assert format_command(command) == "generate CR-1 tesla at CR-3"
    assert parse_command(format_command(Generate("CR-1", "disruption")), state) == Generate(
        "CR-1", "disruption"
    )
    _, events = play(state, [command], [5, 3, 3])
    told, _ = tell(4, command, events, state)
    assert [t.text for t in told][1:3] == [
        "Lancer Cruiser CR-1 uses its tesla generator.",
        "The tesla rolls 5 at Lancer Cruiser CR-3: a critical follows.",
    ]
