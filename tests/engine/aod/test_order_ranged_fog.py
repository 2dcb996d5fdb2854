"""*Dense Fog* through the turn machine (AOD-26.14 [INVENTED], AOD-20.3).

The planetary conditions card in force caps every normal ranged attack, direct or indirect, at
10 hexes; long-range artillery is unaffected. Red's Warden (primary range 2-14) faces Blue's
Pathguard down the same column.
"""

from __future__ import annotations

import attrs
import pytest

from engine.aod.cards import DENSE_FOG
from engine.aod.commands import RangedAttack
from engine.aod.events import AttackRolled
from engine.aod.rules import legal_commands
from engine.aod.state import AoDState
from engine.game import IllegalCommand
from engine.hexes import Facing
from tests.engine.aod._assets import catalogue
from tests.engine.aod._game import arrange, play, setup

N, NE, SE, S, SW, NW = Facing

SHOT = RangedAttack("HX-010a", ("HX-001a",))


def _duel(row: str, *, fog: bool) -> AoDState:
    """The Warden in 0505 facing south, the Pathguard in column 05, row ``row``."""
    game = setup(["HX-010"], ["HX-001"])
    planetary = (DENSE_FOG,) if fog else ()
    game = attrs.evolve(game, cards=tuple(catalogue().cards.values()), planetary=planetary)
    return arrange(game, {"HX-010a": ("0505", S), "HX-001a": (f"05{row}", N)})


def _listed(state: AoDState) -> bool:
    return any(c == SHOT for c in legal_commands(state))


@pytest.mark.parametrize(("row", "fog", "legal"), [("17", False, True), ("17", True, False)])
def test_dense_fog_caps_a_ranged_attack_at_ten(row: str, fog: bool, legal: bool) -> None:
    """AOD-26.14: 12 hexes is within the Warden's 14, beyond Dense Fog's 10."""
    state = _duel(row, fog=fog)
    assert _listed(state) is legal
    if legal:
        _, events = play(state, [SHOT], [3, 3, 3])
        assert any(isinstance(e, AttackRolled) for e in events)
        return
    with pytest.raises(IllegalCommand) as refused:
        play(state, [SHOT], [3, 3, 3])
    assert refused.value.code == "attack/range"
    assert "limit the range to 10" in refused.value.message


def test_ten_hexes_is_still_in_range_under_dense_fog() -> None:
    """AOD-26.14: the cap is 10: a target 10 hexes away may be attacked."""
    state = _duel("15", fog=True)
    assert _listed(state)
    _, events = play(state, [SHOT], [3, 3, 3])
    assert any(isinstance(e, AttackRolled) for e in events)
