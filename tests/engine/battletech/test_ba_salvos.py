"""Battle armor missile salvos spend the core's ammunition counter (BT-M-5, BT-C-12, BT-C-35.8).

A squad of four Cavaliers given a body-mounted SRM 2 with 2 salvos (``Shots2``, as MegaMek's
``BA-SRM2 Ammo:Body:Shots2#``): each declared salvo marks one shot off the core's bin
(`AmmoSpent`, ``UnitState.ammo``) and the body's ``salvos`` follows it; the third declaration is
refused ("no ammunition left", BT-C-12), and a squad with no salvo left is no longer burdened
(BT-C-35.8: it may attack legs and jump again). A jettisoned launcher fires no more.
"""

from __future__ import annotations

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech.commands import FireWeapons, Shot
from engine.battletech.designs import BattleArmorDesign
from engine.battletech.designs.items import Item
from engine.battletech.kinds import battle_armor as ba
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.battle_armor_ammo import kind_ammo_spent
from engine.battletech.rules import kindfire, tohit
from engine.battletech.state import BTState, Phase, TurnFlags
from engine.game import IllegalCommand
from engine.hexes import Facing
from tests.engine.battletech._rules_btc import duel, of, still
from tests.engine.battletech.test_kind_combat import LASER_MECH, blk, put

LASER, SRM, BIN = range(3)
SQUAD = 1


def _squad() -> BattleArmorDesign:
    cavalier = blk("Cavalier Battle Armor [Laser](Sqd4)")
    assert isinstance(cavalier, BattleArmorDesign)
    return attrs.evolve(
        cavalier,
        equipment=(
            *cavalier.equipment,
            Item("IS SRM 2", "Squad", 0, "Body"),
            Item("IS SRM 2 Ammo", "Squad", 2, "Body"),
        ),
    )


def _field() -> BTState:
    """The 'Mech (unit 0) in 0810; the squad (unit 1) in 0807 facing it; the Weapon phase."""
    state = put(still(duel(LASER_MECH)), SQUAD, _squad(), where="0807", facing=Facing.S)
    return attrs.evolve(state, phase=Phase.WEAPON)


def _body(state: BTState) -> BattleArmorBody:
    body = state.units[SQUAD].body
    assert isinstance(body, BattleArmorBody)
    return body


def _salvo(state: BTState) -> tuple[BTState, list[ev.BTEvent]]:
    """The squad declares its SRM at the 'Mech; the events folded in; next turn's flags."""
    events = tohit.declare_fire(state, FireWeapons(SQUAD, (Shot(SRM, target=0),)))
    for event in events:
        state = RULESET.evolve(state, event)
    unit = attrs.evolve(state.units[SQUAD], declared=False, this_turn=TurnFlags())
    return attrs.evolve(state.replace_unit(SQUAD, unit), attacks=()), events


def test_a_fresh_squad_counts_its_salvos_in_both_counters() -> None:
    """BT-M-5: 2 salvos on the sheet; the core's bin holds 2 shots; the squad is burdened."""
    state = _field()
    design = _squad()
    assert _body(state).salvos == 2
    assert state.units[SQUAD].ammo[BIN] == 2
    assert ba.salvos_left(design, state.units[SQUAD].ammo) == 2
    assert ba.burdened(design, _body(state))
    assert ba.ba_mp(design, _body(state)) == (1, 0)  # DESIGN: a burdened squad cannot jump


def test_each_salvo_spends_one_shot_and_the_third_is_refused_bt_c_12() -> None:
    """Two salvos: the bin 2 -> 1 -> 0 and the sheet's salvos with it; then no ammunition."""
    state = _field()
    design = _squad()
    state, events = _salvo(state)
    assert of(events, ev.AmmoSpent) == [ev.AmmoSpent(SQUAD, BIN)]
    assert (state.units[SQUAD].ammo[BIN], _body(state).salvos) == (1, 1)
    assert ba.burdened(design, _body(state))
    state, _ = _salvo(state)
    assert (state.units[SQUAD].ammo[BIN], _body(state).salvos) == (0, 0)
    assert not ba.burdened(design, _body(state))  # BT-C-35.8: the launcher is empty
    assert ba.ba_mp(design, _body(state)) == (1, 3)
    attacker = ba.anti_mech_attacker(design, _body(state), skill=5)
    assert not attacker.burdened
    with pytest.raises(IllegalCommand, match="no SRM 2 ammunition left"):
        _salvo(state)


def test_the_laser_spends_nothing() -> None:
    """BT-C-12: an energy weapon has no bin; the salvos stay as they were."""
    state = _field()
    events = tohit.declare_fire(state, FireWeapons(SQUAD, (Shot(LASER, target=0),)))
    assert not of(events, ev.AmmoSpent)
    for event in events:
        state = RULESET.evolve(state, event)
    assert _body(state).salvos == 2


def test_only_a_missile_bin_is_a_salvo() -> None:
    """The hook `kind_ammo_spent`: a missile bin's shot is a salvo; other items change nothing."""
    state = _field()
    unit = state.units[SQUAD]
    assert ba.is_missile_bin(_squad(), BIN)
    assert not ba.is_missile_bin(_squad(), SRM)
    assert not ba.is_missile_bin(_squad(), 99)
    after = kind_ammo_spent(unit, BIN, shots=2)
    assert isinstance(after, BattleArmorBody)
    assert after.salvos == 0
    assert kind_ammo_spent(unit, LASER) == unit.body
    mech = state.units[0]
    assert kind_ammo_spent(mech, 0) is mech.body


def test_a_jettisoned_launcher_fires_no_more_bt_c_35_8() -> None:
    """BT-C-35.8: dropped, the launcher is refused although its bin still holds shots."""
    state = _field()
    unit = attrs.evolve(state.units[SQUAD], body=ba.jettison(_body(state)))
    state = state.replace_unit(SQUAD, unit)
    assert state.units[SQUAD].ammo[BIN] == 2
    why = kindfire.unusable(state.units[SQUAD], SRM)
    assert why == "the squad jettisoned its missile launcher (BT-C-35.8)"
    assert kindfire.unusable(state.units[SQUAD], LASER) == ""
    with pytest.raises(IllegalCommand, match="jettisoned"):
        _salvo(state)
