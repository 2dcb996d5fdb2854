"""BT-C-42: a charge declared in movement whose target moved out of reach lapses, told with why."""

from __future__ import annotations

from engine.battletech.commands import EndPhase, Move, Step, StepKind
from engine.battletech.events import AttackDeclared
from engine.battletech.narrate import tell
from engine.battletech.rules.lapses import ChargeLapsed
from engine.battletech.rules.physical import why_charge_lapses
from engine.battletech.state import AttackKind, MoveMode
from engine.hexes import Hex
from tests.engine.battletech._rules_btc import run
from tests.engine.battletech.test_rules_btc_physical import charge_state

F = Step(StepKind.FORWARD)
R = Step(StepKind.RIGHT)


def test_a_charge_whose_target_stepped_aside_lapses_with_its_reason() -> None:
    """BT-C-42: the target walked out of the charger's front: no charge, a log line says why."""
    state = charge_state()
    state, _ = run(state, [Move(0, MoveMode.RUN, (F,) * 5, charge=1)])
    assert state.units[0].this_turn.charging == 1
    state, _ = run(state, [Move(1, MoveMode.WALK, (R, F))])  # 0807 -> off the charger's front
    assert state.units[1].hex != Hex.from_label("0807")
    why = why_charge_lapses(state, 0)
    assert "straight ahead" in why
    before = state
    state, events = run(state, [EndPhase()], exact=False)
    lapsed = [e for e in events if isinstance(e, ChargeLapsed)]
    assert lapsed == [ChargeLapsed(0, 1, why)]
    charges = [e for e in events if isinstance(e, AttackDeclared)]
    assert not any(e.attack.kind is AttackKind.CHARGE for e in charges)
    told, _ = tell(0, EndPhase(), events, before)
    said = "\n".join(t.text for t in told)
    assert "charge at" in said
    assert "lapses: " + why in said


def test_a_charge_still_in_reach_is_made_and_nothing_lapses() -> None:
    """BT-C-42: the target stood still: the charge is declared, no lapse is told."""
    state = charge_state()
    state, _ = run(state, [Move(0, MoveMode.RUN, (F,) * 5, charge=1), Move(1, MoveMode.STILL)])
    assert why_charge_lapses(state, 0) == ""
    _, events = run(state, [EndPhase()], exact=False)
    assert not any(isinstance(e, ChargeLapsed) for e in events)
    assert any(isinstance(e, AttackDeclared) and e.attack.kind is AttackKind.CHARGE for e in events)
