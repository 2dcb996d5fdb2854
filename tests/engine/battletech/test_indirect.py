"""BT-C-16 / BT-C-75 / BT-C-90.13: indirect LRM fire through a friendly spotter.

The board: the gunner (unit 0, an LRM 20 and a medium laser) in 0810 facing north; the target
(unit 1) in 0802; heavy woods in 0806 and 0805 block the gunner's line (BT-C-7); the spotter
(unit 2, a medium laser, the gunner's side) in 0804 sees the target two hexes off.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import FireWeapons, Shot
from engine.battletech.indirectevents import SpotterPenalized
from engine.battletech.language import format_command, parse_command
from engine.battletech.rules import indirect
from engine.battletech.rules.tohit import declare_fire, fire_options, weapon_to_hit
from engine.battletech.state import MoveMode, Phase
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, terrain_board
from tests.engine.battletech._rules_btc import CT, LT, RT, duel, moved, of, resolve, still

HEAVY = Terrain(woods=Woods.HEAVY)
GUNNER = design(
    equipment=[
        ("LRM 20", LT),
        ("IS Ammo LRM-20", LT),
        ("Medium Laser", CT),
        ("SRM 6", RT),
        ("IS Ammo SRM-6", RT),
    ]
)
LRM, LRM_AMMO, ML, SRM = range(4)
SPOTTER = design(name="Spotter", equipment=[("Medium Laser", CT)])
SPOT_ML = 0
GUNNER_I, TARGET, SPOTTER_I = 0, 1, 2


def field(*, spotter_hex: str = "0804", board: dict[str, Terrain] | None = None):
    """The three units, all stood still, in the Weapon Attack phase."""
    hexes = {"h0806": HEAVY, "h0805": HEAVY} if board is None else board
    state = duel(
        GUNNER,
        design(name="Target"),
        "0810",
        "0802",
        Facing.N,
        Facing.S,
        terrain_board(16, 17, **hexes),
        extra=[(SPOTTER, 0, spotter_hex, Facing.N)],
    )
    return attrs.evolve(still(state), phase=Phase.WEAPON)


def test_the_gunner_cannot_see_the_target_but_fires_through_the_spotter():
    """BT-C-16: no line of sight, yet an LRM fires with a spotter: +1 "indirect fire".

    Gunnery 4 + medium range (8 hexes) +2 + indirect fire +1 = 7.
    """
    state = field()
    direct = weapon_to_hit(state, GUNNER_I, LRM, TARGET)
    assert direct.number is None
    assert "no line of sight" in direct.reason
    shot = weapon_to_hit(state, GUNNER_I, LRM, TARGET, spotter=SPOTTER_I)
    assert shot.number == 4 + 2 + 1
    assert ("indirect fire", 1) in shot.modifiers
    assert ("medium range", 2) in shot.modifiers


@pytest.mark.parametrize(
    ("mode", "term"),
    [(MoveMode.WALK, ("spotter walked", 1)), (MoveMode.RUN, ("spotter ran", 2))],
)
def test_the_spotters_movement_is_named(mode, term):
    """ASSUMPTION (Total Warfare): the spotter's movement adds as an attacker's (BT-C-18.1)."""
    state = moved(field(), SPOTTER_I, mode, 1)
    shot = weapon_to_hit(state, GUNNER_I, LRM, TARGET, spotter=SPOTTER_I)
    assert term in shot.modifiers
    assert shot.number == 4 + 2 + 1 + term[1]


def test_terrain_is_read_along_the_spotters_line():
    """DESIGN: woods in the target's hex count as the spotter sees them (heavy woods +2)."""
    state = field(board={"h0806": HEAVY, "h0805": HEAVY, "h0802": HEAVY})
    shot = weapon_to_hit(state, GUNNER_I, LRM, TARGET, spotter=SPOTTER_I)
    assert shot.number == 4 + 2 + 1 + 2


def test_minimum_range_still_counts_from_the_gunner():
    """BT-C-13: an indirect LRM inside its minimum range (6) takes the minimum-range term."""
    state = field(board={"h0808": HEAVY, "h0807": HEAVY})
    state = state.replace_unit(
        TARGET, attrs.evolve(state.units[TARGET], hex=Hex.from_label("0806"))
    )
    # the target stands in 0806, 4 hexes off, the spotter in 0804 sees it: minimum range 6 -> +3
    shot = weapon_to_hit(state, GUNNER_I, LRM, TARGET, spotter=SPOTTER_I)
    assert ("minimum range", 3) in shot.modifiers


@pytest.mark.parametrize(
    ("weapon", "spotter", "words"),
    [
        (ML, SPOTTER_I, "only LRMs and artillery"),
        (SRM, SPOTTER_I, "only LRMs and artillery"),
        (LRM, GUNNER_I, "cannot spot for itself"),
        (LRM, TARGET, "target cannot spot"),
    ],
)
def test_refusals(weapon, spotter, words):
    """BT-C-16: who may fire indirectly and who may spot."""
    result = weapon_to_hit(field(), GUNNER_I, weapon, TARGET, spotter=spotter)
    assert result.number is None
    assert words in result.reason


def test_no_spotter_without_a_line_of_sight():
    """BT-C-16: the spotter must see the target (heavy woods 0803 + 0802's light: blocked)."""
    state = field(
        spotter_hex="0805",
        board={"h0807": HEAVY, "h0806": HEAVY, "h0804": HEAVY, "h0803": HEAVY},
    )
    result = weapon_to_hit(state, GUNNER_I, LRM, TARGET, spotter=SPOTTER_I)
    assert result.number is None
    assert "has no line of sight" in result.reason
    assert indirect.best_spotter(state, GUNNER_I, TARGET) is None
    assert not any(
        shot.spotter is not None
        for option in fire_options(state, GUNNER_I)
        for shot in option.shots
    )


def test_an_enemy_does_not_spot():
    """BT-C-16: only a friendly unit spots."""
    state = field()
    enemy = attrs.evolve(state.units[SPOTTER_I], side=1)
    state = state.replace_unit(SPOTTER_I, enemy)
    result = weapon_to_hit(state, GUNNER_I, LRM, TARGET, spotter=SPOTTER_I)
    assert "not a friendly unit" in result.reason


def test_a_target_in_sight_is_fired_at_directly():
    """ASSUMPTION (Total Warfare): indirect fire only at a target out of the firer's sight."""
    result = weapon_to_hit(field(board={}), GUNNER_I, LRM, TARGET, spotter=SPOTTER_I)
    assert "fire at it directly" in result.reason


def test_out_of_range_is_still_out_of_range():
    """BT-C-13: indirect fire does not lengthen the range (LRM long range ends at 21)."""
    state = field()
    far = attrs.evolve(state.units[GUNNER_I], hex=state.units[GUNNER_I].hex)
    board = terrain_board(16, 40, h0806=HEAVY, h0805=HEAVY)
    state = attrs.evolve(state, board=board)
    far = attrs.evolve(far, hex=Hex.from_label("0830"))
    state = state.replace_unit(GUNNER_I, far)
    result = weapon_to_hit(state, GUNNER_I, LRM, TARGET, spotter=SPOTTER_I)
    assert result.number is None
    assert "out of range: 28 hexes" in result.reason


def test_the_spotters_later_attacks_are_harder():
    """BT-C-75: after it spots, the spotter's own weapon attacks take +1 (4 + 0 + 1 = 5)."""
    state = field()
    fire = FireWeapons(GUNNER_I, (Shot(LRM, target=TARGET, spotter=SPOTTER_I),))
    for event in declare_fire(state, fire):
        state = RULESET.evolve(state, event)
    assert state.attacks[0].spotter == SPOTTER_I
    assert state.attacks[0].to_hit == 7
    own = weapon_to_hit(state, SPOTTER_I, SPOT_ML, TARGET)
    assert own.number == 4 + 1
    assert ("spotting for indirect fire", 1) in own.modifiers
    # the gunner's own attacks are not harder
    assert ("spotting for indirect fire", 1) not in state.attacks[0].modifiers


def test_the_spotters_earlier_attacks_become_harder():
    """BT-C-75: attacks the spotter declared before it was named take the +1 too."""
    state = field()
    for event in declare_fire(state, FireWeapons(SPOTTER_I, (Shot(SPOT_ML, target=TARGET),))):
        state = RULESET.evolve(state, event)
    assert state.attacks[0].to_hit == 4
    events = declare_fire(
        state, FireWeapons(GUNNER_I, (Shot(LRM, target=TARGET, spotter=SPOTTER_I),))
    )
    assert of(events, SpotterPenalized) == [SpotterPenalized(SPOTTER_I, (0,))]
    for event in events:
        state = RULESET.evolve(state, event)
    assert state.attacks[0].to_hit == 5
    assert ("spotting for indirect fire", 1) in state.attacks[0].modifiers


def test_declaring_with_a_bad_spotter_is_refused():
    """BT-C-16: a declaration whose spotter cannot see the target is refused with the reason."""
    state = field(spotter_hex="0812")
    with pytest.raises(IllegalCommand, match="has no line of sight"):
        declare_fire(state, FireWeapons(GUNNER_I, (Shot(LRM, target=TARGET, spotter=SPOTTER_I),)))


def test_fire_options_offer_indirect_fire():
    """The computer players see the indirect option: LRM only, through the spotter."""
    options = [o for o in fire_options(field(), GUNNER_I) if o.shots]
    assert options
    assert all(
        shot.weapon == LRM and shot.spotter == SPOTTER_I for o in options for shot in o.shots
    )


def test_an_indirect_hit_resolves_like_a_direct_one():
    """BT-C-14/20: to-hit 7 rolled 7 hits; 20 missiles, cluster roll 7 -> 12 hit (groups of 5)."""
    state = field()
    for event in declare_fire(
        state, FireWeapons(GUNNER_I, (Shot(LRM, target=TARGET, spotter=SPOTTER_I),))
    ):
        state = RULESET.evolve(state, event)
    dice = (3, 4, 3, 4, 3, 4, 3, 4, 3, 4)  # to-hit 7, cluster 7 (12 hit), three locations 7
    _, events = resolve(state, list(state.attacks), dice)
    assert of(events, ev.AttackRolled)[0].hit
    assert of(events, ev.ClusterRolled)[0].hits == 12
    assert sum(d.armor + d.internal for d in of(events, ev.DamageApplied)) == 12


def test_the_command_line_names_the_spotter():
    """The ``/viaS`` word: ``fire 1 1@2/via3`` fires weapon 1 at unit 2, unit 3 spotting."""
    state = field()
    command = parse_command("fire 1 1@2/via3", state)
    assert command == FireWeapons(
        GUNNER_I, (Shot(LRM, target=TARGET, spotter=SPOTTER_I),), primary=1
    )
    assert format_command(command) == "fire 1 1@2/via3"


def test_the_log_names_the_indirect_fire_and_the_spotter():
    """The declaration's words list "indirect fire +1" and who spots; the penalty is told."""
    from engine.battletech.narrate.sentences import describe  # noqa: PLC0415

    state = field()
    for event in declare_fire(state, FireWeapons(SPOTTER_I, (Shot(SPOT_ML, target=TARGET),))):
        state = RULESET.evolve(state, event)
    events = declare_fire(
        state, FireWeapons(GUNNER_I, (Shot(LRM, target=TARGET, spotter=SPOTTER_I),))
    )
    before = state
    for event in events:
        state = RULESET.evolve(state, event)
    declared = next(e for e in events if isinstance(e, ev.AttackDeclared))
    said = describe(declared, before, state)
    assert "indirect fire +1" in said
    assert "Spotter" in said
    assert "spotting" in said
    penalty = of(events, SpotterPenalized)[0]
    assert "spots for indirect fire (attack 1 now needs 5)" in describe(penalty, before, state)


def test_the_bot_fires_indirectly_when_it_is_worth_it():
    """The bot's declaration: the LRM through the spotter (7 to hit), accepted by the rules."""
    from engine.battletech.bot.evaluate import WEIGHTS  # noqa: PLC0415
    from engine.battletech.bot.fire import choose_fire  # noqa: PLC0415

    state = field()
    decision = choose_fire(state, GUNNER_I, WEIGHTS["balanced"])
    assert decision.command.shots == (Shot(LRM, target=TARGET, spotter=SPOTTER_I),)
    declare_fire(state, decision.command)


def test_the_bot_does_not_shell_its_own_friends():
    """BT-C-67: the bot holds artillery whose area damage would strike a friend."""
    from engine.battletech.bot.fire import _shells_friends  # noqa: PLC0415
    from tests.engine.battletech.test_artillery import ARTY, gunner  # noqa: PLC0415

    state = duel(gunner(), design(), "0815", "0807", Facing.N, Facing.S, terrain_board(16, 20))
    assert not _shells_friends(state, GUNNER_I, ARTY, TARGET)
    friend = attrs.evolve(state.units[GUNNER_I], hex=Hex.from_label("0808"))
    state = state.replace_unit(GUNNER_I, friend)  # the gunner itself stands next to its target
    assert _shells_friends(state, GUNNER_I, ARTY, TARGET)
