"""DW-28.13 Tier 2, "every generator in DW-23": one test per generator, through the turn machine.

Each test plays its generator with `engine.dystopian.rules.decide` and `evolve` (by
`tests.engine.dystopian._game.play`) with forced dice and asserts the digest's numbers (DW-23's
table, DW-28.3: 8" = 4 hexes, 6" = 3, a 4" template = radius 1; DW-28.10). The deeper tests
are `test_turn_generators.py` (UPG, Tesla, Disruption, Field, contacts),
`test_turn_generator_effects.py` (Sonic, Kinetic, Fury, Pulse, Camouflage, Inventive
Scientists), `test_turn_shields_cards.py`
(Shield) and `test_generators.py` (the pure rolls); this file is the index a reviewer reads the
checklist against. The models are INVENTED placeholders of DW-28.12: the Lancer Cruiser (DR 4,
CR 6, HP 4, AP 4, AA 3, fore turret 7/7/5/3) fitted with generators for the tests, and the
Bastion Battleship (DR 6, CR 9, fore turret 8/10/8/5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

import attrs
import pytest

from engine.dice import Dice
from engine.dystopian.combat_segment import aim_at
from engine.dystopian.commands import (
    Activate,
    EndActivation,
    Fire,
    Generate,
    MoveModel,
    PlaceCamouflage,
)
from engine.dystopian.events import DamageDealt, GeneratorRolled, ShieldRolled
from engine.dystopian.fleet import Squadron
from engine.dystopian.generator_events import (
    CamouflagePlaced,
    GeneratorStruck,
    KineticRolled,
    PulseRolled,
)
from engine.dystopian.models import ModelCard
from engine.dystopian.rules import decide
from engine.dystopian.state import DWSetup, DWState
from engine.game import Event, IllegalCommand
from engine.hexes import Facing
from tests.engine.dystopian._game import H, Place, arrange, card, fleet, play, setup

E = TypeVar("E", bound=Event)
N, S = Facing.N, Facing.S
CR1, CR2, CR3 = 0, 1, 2
PLACES: dict[str, Place] = {
    "CR-1": ("1003", S),
    "CR-2": ("1103", S),
    "CR-3": ("1007", N),
    "CR-4": ("1208", N),
}
"""After their 1-hex moves CR-1 (1004) is 1 hex from CR-2, 3 from CR-3 and 5 from CR-4."""


def _fitted(*generators: str) -> ModelCard:
    return attrs.evolve(card("CR"), generators=generators)


def _game(red: ModelCard, blue: ModelCard | None = None) -> DWSetup:
    """Red CR-1, CR-2 (models 0, 1); Blue CR-3, CR-4 (models 2, 3)."""
    return setup(fleet(Squadron(red, 2)), fleet(Squadron(blue or card("CR"), 2)))


def _moved(game: DWSetup, places: Mapping[str, Place] = PLACES, **kwargs: object) -> DWState:
    state = arrange(game, places, **kwargs)  # type: ignore[arg-type]
    moves = [Activate("CR-1"), MoveModel("CR-1", "F"), MoveModel("CR-2", "F")]
    return play(state, moves)[0]


def _charged(game: DWSetup, kind: str, dice: int) -> DWState:
    """Moved, with ``dice`` stored in CR-1's ``kind`` before the 2 its activation adds."""
    state = attrs.evolve(arrange(game, PLACES), generator_dice=((CR1, kind, dice),))
    return play(state, [Activate("CR-1"), MoveModel("CR-1", "F"), MoveModel("CR-2", "F")])[0]


def _of(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def test_upg_four_shatters_the_targets_defences() -> None:
    """DW-23 UPG: one model within 4 hexes in the 270 degrees ahead; a 4: Shattered Defences."""
    state, events = play(_moved(_game(_fitted("upg"))), [Generate("CR-1", "upg", "CR-3")], [4])
    assert _of(events, GeneratorRolled) == [
        GeneratorRolled(CR1, "upg", CR3, (4,), marker="shattered")
    ]
    assert state.models[CR3].markers.shattered


def test_camouflage_hides_a_target_behind_its_template() -> None:
    """DW-23 Camouflage: a template on 1006 (radius 1); CR-1 can no longer fire at CR-3 on 1009."""
    places = {**PLACES, "CR-3": ("1009", N), "CR-4": ("1209", N)}
    state = _moved(_game(_fitted("camouflage")), places)
    state, events = play(state, [PlaceCamouflage("CR-1", H("1006"))])
    assert CamouflagePlaced(CR1, H("1006")) in events
    assert len(state.camouflage_hexes()) == 7
    with pytest.raises(IllegalCommand) as refused:
        decide(state, Fire(("CR-1",), "fore-turret", ("CR-3",)), Dice(1))
    assert refused.value.message == "CR-1's fore turret: The target cannot be seen."


def test_disruption_takes_generators_offline_on_four_to_six() -> None:
    """DW-23 Disruption: every other model within 4 hexes: CR-2 rolls 3 (no effect), CR-3 a 5."""
    game = _game(_fitted("disruption"))
    state, events = play(_moved(game), [Generate("CR-1", "disruption")], [3, 5])
    assert [(e.target, e.offline) for e in _of(events, GeneratorRolled)] == [
        (CR2, False),
        (CR3, True),
    ]
    assert state.models[CR3].markers.generators_offline


def test_a_field_cancels_a_generators_effect_on_any_four_to_six() -> None:
    """DW-23 Field: the Tesla's 6 at CR-3, whose 2D6 show 1 and 4: no critical follows."""
    game = _game(_fitted("tesla"), _fitted("field"))
    _, events = play(_moved(game), [Generate("CR-1", "tesla", "CR-3")], [6, 1, 4])
    assert _of(events, GeneratorRolled) == [
        GeneratorRolled(CR1, "tesla", CR3, (6,), (1, 4), cancelled=True)
    ]
    assert not _of(events, DamageDealt)


def test_fury_turns_its_stored_dice_into_fire_markers() -> None:
    """DW-23 Fury: 2 stored + 2 = 4 dice at CR-3: 5, 4, 6 and its new die 1, 3: 1+1+2 = 4 fires."""
    state = _charged(_game(_fitted("fury")), "fury", 2)
    state, events = play(state, [Generate("CR-1", "fury", "CR-3")], [5, 4, 6, 3, 1])
    assert _of(events, GeneratorStruck) == [GeneratorStruck(CR1, "fury", CR3, (5, 4, 6, 3, 1), 4)]
    assert state.models[CR3].markers.fires == 4


def test_kinetic_adds_its_die_in_inches_to_the_move() -> None:
    """DW-23 Kinetic: 8" + a 6 = 14", 7 hexes (DW-28.4), and the cruiser must move 4 of them."""
    places = {**PLACES, "CR-3": ("1507", N), "CR-4": ("1508", N)}  # out of the way
    state = play(arrange(_game(_fitted("kinetic")), places), [Activate("CR-1")])[0]
    state, events = play(state, [Generate("CR-1", "kinetic")], [6])
    assert _of(events, KineticRolled) == [KineticRolled(CR1, 6)]
    assert state.mover(CR1).mp == 7
    state, _ = play(state, [MoveModel("CR-1", "FFFF")])
    assert state.models[CR1].hex == H("1007")  # 1003 + 4 hexes south


def test_pulse_strikes_every_model_around_with_one_roll() -> None:
    """DW-23 Pulse: 6 dice, six 5s = 6 hits = CR 6: CR-2 and CR-3 each take a critical (2 HP)."""
    state = _charged(_game(_fitted("pulse")), "pulse", 4)
    dice = [5] * 6 + [4, 4] + [4, 4]  # the roll, then each target's critical (8: Engine Failure)
    state, events = play(state, [Generate("CR-1", "pulse")], dice)
    assert _of(events, PulseRolled) == [PulseRolled(CR1, 6, (5,) * 6, 6)]
    assert [(e.target, e.hits) for e in _of(events, GeneratorStruck)] == [(CR2, 6), (CR3, 6)]
    assert [e.hp_lost for e in _of(events, DamageDealt)] == [2, 2]
    assert state.models[CR3].markers.half_mv


def test_the_shield_cancels_hits_and_rolls_again_on_a_six() -> None:
    """DW-23 Shield example: 12 hits on a CR 9 battleship; 2D6 (6, 5) + the 6's new die (4): -4."""
    shielded = setup(
        fleet(Squadron(card("BB"), 1)), fleet(Squadron(card("BB"), 1, options=("shield",)))
    )
    state = arrange(shielded, {"BB-1": ("1003", S), "BB-2": ("1010", N)})
    twelve = [6] * 6 + [1] * 4 + [1] * 6
    commands = [Activate("BB-1"), MoveModel("BB-1", "F"), Fire(("BB-1",), "fore-turret", ("BB-2",))]
    _, events = play(state, [*commands, EndActivation()], [*twelve, 6, 5, 4])
    assert _of(events, ShieldRolled) == [ShieldRolled(1, 1, 4, (6, 5, 4), 4, 8)]
    assert [(e.hits, e.hp_lost) for e in _of(events, DamageDealt)] == [(8, 1)]


def test_sonic_stuns_models_around_for_two_dice_less() -> None:
    """DW-23 Sonic: CR-3 rolls a 5: stunned; its fore turret then rolls 7 - 2 = 5 dice at RB1."""
    state, events = play(_moved(_game(_fitted("sonic"))), [Generate("CR-1", "sonic")], [1, 5])
    assert [(e.target, e.marker) for e in _of(events, GeneratorRolled)] == [
        (CR2, ""),
        (CR3, "sonic"),
    ]
    state, _ = play(state, [EndActivation(), Activate("CR-3"), MoveModel("CR-3", "F")])
    state, _ = play(state, [MoveModel("CR-4", "F"), Fire(("CR-3",), "fore-turret", ("CR-1",))])
    assert state.activation is not None
    (declared,) = state.activation.declared
    assert declared.models == (CR3,)
    aimed = aim_at(state, CR3, 0, CR1)
    assert not isinstance(aimed, str)
    assert aimed.ad == 5  # 7 AD at RB1 (d 2), less the Sonic's 2


def test_tesla_gives_a_critical_but_no_hull_damage() -> None:
    """DW-23 Tesla: a 5 at CR-3, then the critical 2D6 3 + 3 = 6 (Weapons Damaged); no HP lost."""
    state, events = play(
        _moved(_game(_fitted("tesla"))), [Generate("CR-1", "tesla", "CR-3")], [5, 3, 3]
    )
    (damage,) = _of(events, DamageDealt)
    assert (damage.hp_lost, damage.criticals) == (0, (6,))
    assert state.models[CR3].hull_damage == 0
    assert state.models[CR3].markers.half_ad


def test_the_guardian_covers_an_unshielded_friend_within_three_hexes() -> None:
    """DW-23 Guardian: CR-1 (no shield) 3 hexes from the Guardian BB rolls one die: a 5 cancels 1.

    5 hits less 1 = 4 = DR 4: 1 HP lost.
    """
    guardian = attrs.evolve(card("BB"), generators=("guardian",))
    blue = fleet(Squadron(guardian, 1), Squadron(card("CR"), 2))
    game = setup(fleet(Squadron(card("BB"), 1)), blue)
    places: dict[str, Place] = {"BB-1": ("1003", S), "BB-2": ("1212", N), "CR-1": ("1010", N)}
    state = arrange(game, places)
    commands = [Activate("BB-1"), MoveModel("BB-1", "F"), Fire(("BB-1",), "fore-turret", ("CR-1",))]
    pool = [4] * 5 + [1] * 5  # 10 AD at RB2 (d 6): 5 hits
    _, events = play(state, [*commands, EndActivation()], [*pool, 5])
    assert _of(events, ShieldRolled) == [ShieldRolled(2, 0, 4, (5,), 1, 4)]
    assert [(e.hits, e.hp_lost) for e in _of(events, DamageDealt)] == [(4, 1)]
