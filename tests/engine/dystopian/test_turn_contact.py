"""Rams and collisions rolled by the turn machine once the squadron has moved (segment 2b).

DW-7.2 step 2b / DW-12.6 step 2 (every contact rolled after the whole squadron moved, destroyed
models removed), DW-12.4 (a ram: the rammer's RR against the target, a critical per full DR; the
target's starting HP back, compared normally; a collision: each side's starting HP; terrain: its
dice against the mover), DW-12.5 (what each may still fire this activation), DW-12.2 (no new
roll for a contact already resolved), DW-16.1 (a model of starting HP 2 takes 2 and sinks),
DW-22.5 (a loss, destroyed). DW-28.13 item 7.
"""

from __future__ import annotations

import pytest

from engine.dystopian.combat import ContactFire
from engine.dystopian.commands import Activate, EndActivation, Fire, MoveModel
from engine.dystopian.context import DWCode
from engine.dystopian.events import (
    ActivationEnded,
    AttackRolled,
    AttackSource,
    ContactResolved,
    DamageDealt,
    LossCause,
    ModelLost,
    MovementEnded,
)
from engine.dystopian.movement import ContactKind
from engine.dystopian.narrate import tell
from engine.dystopian.terrain import TerrainKind
from engine.game import IllegalCommand
from engine.hexes import Facing
from tests.engine.dystopian._game import H, arrange, fleet, play, setup, squadron

N, NE, SE, S, SW, NW = Facing

RED = fleet(squadron("BB", 1), squadron("CR", 2))
"""Red: BB-1 (model 0, squadron 0); CR-1, CR-2 (models 1, 2, squadron 1)."""
BLUE = fleet(squadron("CR", 2), squadron("FF", 3))
"""Blue: CR-3, CR-4 (models 3, 4, squadron 2); FF-1 to FF-3 (models 5-7, squadron 3)."""
GAME = setup(RED, BLUE)

FAR = {
    "BB-1": ("1003", S),
    "CR-1": ("2003", S),
    "CR-2": ("2103", S),
    "CR-3": ("3020", N),
    "CR-4": ("3120", N),
    "FF-1": ("0520", N),
    "FF-2": ("0620", N),
    "FF-3": ("0720", N),
}


def test_the_digest_ram_a_critical_on_the_cruiser_one_hp_off_the_battleship() -> None:
    """DW-12.4's example: 5 hits on a DR 4 cruiser is 1 critical; 7 back on DR 6 is 1 HP.

    The battleship rolls its RR 2 (6, 6 explode: 4, 1), the cruiser its starting HP 4 (three 6s
    explode into three 1s); the cruiser's critical is 3 + 3 = 6, Weapons Damaged.
    """
    places = {**FAR, "CR-3": ("1006", N)}
    dice = [6, 6, 4, 1, 6, 6, 6, 4, 1, 1, 1, 3, 3]  # RR 2, HP 4 back, the 2D6 critical
    state, events = play(arrange(GAME, places), [Activate("BB-1"), MoveModel("BB-1", "FFF")], dice)
    assert events[2:] == [
        MovementEnded(0),
        AttackRolled(
            3, AttackSource.RAM, (0,), "", 2, 4, 0, natural_only=False, faces=(6, 6, 4, 1), hits=5
        ),
        AttackRolled(
            0,
            AttackSource.RAMMED,
            (3,),
            "",
            4,
            4,
            0,
            natural_only=False,
            faces=(6, 6, 6, 4, 1, 1, 1),
            hits=7,
        ),
        DamageDealt(3, 5, 2, 0, (6,), (3, 3), ("half_ad",)),
        DamageDealt(0, 7, 1, 0),
        ContactResolved(
            0, ContactKind.RAM, H("1006"), 3, ((0, ContactFire.HALF), (3, ContactFire.NONE))
        ),
    ]
    cruiser, battleship = state.models[3], state.models[0]
    assert (cruiser.hull_damage, cruiser.markers.half_ad) == (2, True)
    assert battleship.hull_damage == 1
    assert state.contacts[0].resolved
    assert state.activation is not None
    # DW-12.5: Large on Medium fires half its dice; the smaller cruiser nothing.
    assert state.activation.fire_limit(0) is ContactFire.HALF
    assert state.activation.fire_limit(3) is ContactFire.NONE
    told, _ = tell(1, MoveModel("BB-1", "FFF"), events[1:], state)
    text = " ".join(t.text for t in told)
    assert "BB-1 rams Lancer Cruiser CR-3: 2 dice needing 4+ (6, 6, 4, 1): 5 hits." in text
    assert "critical: Weapons Damaged" in text


def test_a_resolved_contact_is_not_rolled_again_when_the_activation_ends() -> None:
    """DW-12.2: no new ram or collision for a contact already resolved; the turn goes on."""
    places = {**FAR, "CR-3": ("1006", N)}
    dice = [1, 1, 1, 1, 1, 1]  # RR 2, HP 4 back: all miss
    state, _ = play(arrange(GAME, places), [Activate("BB-1"), MoveModel("BB-1", "FFF")], dice)
    state, events = play(state, [EndActivation()])
    assert events == [ActivationEnded(0, 1)]
    assert state.models[3].hull_damage == state.models[0].hull_damage == 0


def test_a_frigate_rammed_past_its_dr_takes_2_and_sinks_after_the_rolls() -> None:
    """DW-12.4 / DW-16.1: 3 hits on DR 3 is a critical; starting HP 2: 2 damage, destroyed.

    It still rolls its 2 dice back (DW-12.4: removed only after all are resolved); then the loss.
    """
    places = {**FAR, "FF-1": ("1006", N)}
    dice = [6, 4, 1, 1, 1]  # RR 2 (the 6 explodes), HP 2 back
    state, events = play(arrange(GAME, places), [Activate("BB-1"), MoveModel("BB-1", "FFF")], dice)
    assert events[-4:] == [
        DamageDealt(5, 3, 2, 0),
        DamageDealt(0, 0, 0, 0),
        ContactResolved(
            0, ContactKind.RAM, H("1006"), 5, ((0, ContactFire.ALL), (5, ContactFire.NONE))
        ),
        ModelLost(5, LossCause.DESTROYED),
    ]
    assert state.models[5].lost
    assert state.activation is not None
    assert state.activation.losses == (5,)


def test_friends_collide_each_rolling_its_starting_hp() -> None:
    """DW-12.3 / DW-12.4: a friendly contact is a collision: 4 dice each, both compared normally.

    CR-1's 4 hits reach CR-2's DR 4 (1 HP); CR-2's 6 hits reach CR-1's CR 6: a critical (8, Engine
    Failure) costing 2 HP.
    """
    places = {**FAR, "BB-1": ("0103", S), "CR-1": ("1003", S), "CR-2": ("1005", S)}
    dice = [4, 4, 4, 4, 6, 6, 4, 4, 1, 1, 4, 4]  # 4 dice, 4 (+2) back, the critical
    state, _ = play(arrange(GAME, places), [Activate("CR-1"), MoveModel("CR-1", "FF")])
    state, events = play(state, [MoveModel("CR-2", "F")], dice)
    collided = [e for e in events if isinstance(e, AttackRolled)]
    assert [(e.source, e.target, e.hits) for e in collided] == [
        (AttackSource.COLLISION, 2, 4),
        (AttackSource.COLLISION, 1, 6),
    ]
    assert (state.models[2].hull_damage, state.models[1].hull_damage) == (1, 2)
    assert state.models[1].markers.half_mv
    assert state.contacts == ()  # resolved, and CR-2 has moved away: deleted (DW-28.5)


REEFS = setup(RED, BLUE, terrain={"1005": TerrainKind.REEF, "1006": TerrainKind.REEF})


def test_terrain_rolls_its_dice_at_the_model_which_then_cannot_fire() -> None:
    """DW-13.3 / DW-12.4 / DW-12.5: terrain's 8 dice at the model; then it may not fire.

    A failed reef test stops the cruiser; after touching terrain it fires nothing this activation.
    """
    places = {
        **FAR,
        "BB-1": ("0103", S),
        "CR-1": ("1003", S),
        "CR-2": ("1103", S),
        "CR-3": ("1012", N),
    }
    state = arrange(REEFS, places)
    state, events = play(
        state,
        [Activate("CR-1"), MoveModel("CR-1", "FFF"), MoveModel("CR-2", "F")],
        [2] + [1] * 8,
    )
    rolled = next(e for e in events if isinstance(e, AttackRolled))
    assert (rolled.source, rolled.target, rolled.ad, rolled.hits) == (AttackSource.TERRAIN, 1, 8, 0)
    assert events[-1] == ContactResolved(
        1, ContactKind.TERRAIN, H("1005"), None, ((1, ContactFire.NONE),)
    )
    with pytest.raises(IllegalCommand) as refused:
        play(state, [Fire(("CR-1",), "fore-turret", ("CR-3",))])
    assert refused.value.code == DWCode.FIRE
    assert refused.value.message == (
        "CR-1's fore turret: After that contact it cannot fire this activation."
    )
