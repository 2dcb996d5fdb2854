"""The play screen's previews agree with the orders: the first-player roll, fire under fog.

AOD-5 step 5 (the first-player roll, shown when the terminal is handed over), AOD-12.5 and
AOD-11.9 (the fire preview is the order's own need: `engine.aod.ranged_order.attack_needs`),
AOD-26.14 *Dense Fog* (no normal ranged attack beyond 10 hexes) and AOD-21.2 *Enhanced
Imaging* (a d6 first; on 4-6 the line of fire ignores hindering terrain).
"""

from __future__ import annotations

import attrs

from engine.aod.combat import AttackOrder
from engine.aod.commands import AssaultUnit, EndTurn, MoveUnit, RangedAttack, RollFirstPlayer
from engine.aod.events import FirstPlayerRolled
from engine.aod.rules import legal_commands
from engine.aod.ruleset import RULESET
from engine.game import Rejected
from engine.hexes import Facing, Hex
from tests.tui.aod.test_screen_play import (  # noqa: F401 - the fixture
    NOW,
    SEED,
    SIZE,
    library,
    new_journal,
    open_screen,
    setup_of,
    spread_deployments,
    text,
)
from tests.tui.aod.test_screen_workflow import placed
from tui.aod.game_screen import PassScreen, first_player_lines
from tui.aod.workflow import attack_of, attack_state, fire_lines
from tui.app import HexmechApp
from tui.screens.game import create_save

WARDEN_RANGE = 14
"""The Warden's primary reaches 14 hexes (its unit file); *Dense Fog* caps it at 10."""


async def test_the_hand_over_after_the_roll_tells_who_rolled_what(tmp_path, library, monkeypatch):  # noqa: F811
    """AOD-5 step 5: each player's 3d6 and who goes first, on the hand-over box."""
    monkeypatch.setattr("tui.aod.game_screen.handover_wanted", lambda _directory: True)
    journal = new_journal(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await pilot.press("enter")  # everyone rolls
        await pilot.pause()
        rolled = screen.game.log[-1].events[0]
        assert isinstance(rolled, FirstPlayerRolled)
        box = app.screen
        assert isinstance(box, PassScreen)
        players = screen.game.state.players
        (falcon, falcon_dice), (liao, liao_dice) = rolled.rolls[0]
        first_line = (
            f"First-player roll: {players[falcon]} {sum(falcon_dice)} "
            f"({'+'.join(map(str, falcon_dice))}), {players[liao]} {sum(liao_dice)} "
            f"({'+'.join(map(str, liao_dice))})."
        )
        assert box.why.splitlines()[0] == first_line
        assert f"{players[rolled.first]} goes first." in box.why
        assert sum(liao_dice if rolled.first == liao else falcon_dice) > sum(
            falcon_dice if rolled.first == liao else liao_dice
        )
        shown = "\n".join(str(s.render()) for s in box.query("Static"))
        assert first_line in shown


def test_a_tie_is_rolled_again_and_told(library):  # noqa: F811
    """AOD-5 step 5: the tied players roll again; both rounds are told, then the winner."""
    state = RULESET.start(setup_of(library))
    rolled = FirstPlayerRolled(
        (((0, (3, 4, 5)), (1, (6, 5, 1))), ((0, (1, 1, 2)), (1, (6, 6, 6)))), 1
    )
    assert first_player_lines(state, rolled) == [
        "First-player roll: Falcon Strike 12 (3+4+5), Liao Line 12 (6+5+1).",
        "Tie, rolled again: Falcon Strike 4 (1+1+2), Liao Line 18 (6+6+6).",
        "Liao Line goes first.",
    ]


def fog_journal(saves, library, *, fog):  # noqa: F811
    """The demo game (Dense Fog or not); the Warden walks to 11-14 hexes of an enemy.

    Liao Line goes first with this seed: the Warden moves each turn (both players passing
    otherwise) until an enemy stands 11 to 14 hexes away; then Liao Line's turn comes again.
    """
    setup = setup_of(library)
    if fog:
        setup = attrs.evolve(setup, planetary=("PC-X1",))
    journal = create_save(saves, RULESET, setup, seed=SEED, now=NOW)
    journal.execute(RollFirstPlayer())
    spread_deployments(journal)
    liao = journal.game.state.active
    assert journal.game.state.players[liao] == "Liao Line"
    for _ in range(4):
        state = journal.game.state
        enemies = [u for u in state.units if u.on_board and u.owner != liao]
        warden = state.units[state.index_of("HX-010a")]

        def gap(where, enemies=enemies):
            return min(u.hex.distance(where) for u in enemies)

        if 10 < gap(warden.hex) <= WARDEN_RANGE:
            nearest = min(enemies, key=lambda u: u.hex.distance(warden.hex))
            return journal, nearest
        moves = [
            c for c in legal_commands(state) if isinstance(c, MoveUnit) and c.unit == warden.ident
        ]
        best = min(moves, key=lambda m: abs(gap(m.to) - 12))
        assert not isinstance(journal.execute(best), Rejected)
        journal.execute(EndTurn())  # Liao Line
        journal.execute(EndTurn())  # Falcon Strike
        while journal.game.state.active != liao:
            journal.execute(EndTurn())
    raise AssertionError("the Warden found no spot 11 to 14 hexes from an enemy")


async def aim_at(app, pilot, journal, target):
    """Select the Warden, press f (aim), Enter on the target: the order panel's preview."""
    screen = await open_screen(app, pilot, journal)
    screen.selected = screen.game.state.index_of("HX-010a")
    screen.redraw()
    await pilot.press("f")
    screen.board.set_cursor(target.hex)
    await pilot.press("enter")
    return screen, text(screen, "#aod-orders")


async def test_the_fire_preview_refuses_past_the_dense_fog_cap(tmp_path, library):  # noqa: F811
    """AOD-26.14: under Dense Fog the Warden's 14-hex gun reaches 10: the preview says so."""
    journal, target = fog_journal(tmp_path / "fog", library, fog=True)
    app = HexmechApp(tmp_path / "fog")
    async with app.run_test(size=SIZE) as pilot:
        screen, shown = await aim_at(app, pilot, journal, target)
        assert "the planetary conditions limit the range to 10" in shown
        assert target.hex not in screen.board.picture.marks  # no need mark on it
        # Assert: the order is refused for the same reason (preview == resolution)
        refused = screen.game.decide(RangedAttack("HX-010a", (target.ident,)))
        assert isinstance(refused, Rejected)
        assert "the planetary conditions limit the range to 10" in refused.reason


async def test_without_fog_the_same_shot_shows_its_need(tmp_path, library):  # noqa: F811
    """The same positions in clear weather: the preview gives the need on 3d6."""
    journal, target = fog_journal(tmp_path, library, fog=False)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen, shown = await aim_at(app, pilot, journal, target)
        assert f"{target.ident}: need " in shown
        assert "limit the range" not in shown
        assert target.hex in screen.board.picture.marks


def test_enhanced_imaging_shows_the_need_without_hindering(library):  # noqa: F811
    """AOD-21.2: the Kestrel shoots through the woods of 0913-0914 at the Warden (defense 19).

    Attack 10, defense 19 +1 hindering: need 10+ (135 of 216: 62%); its *Enhanced Imaging* d6
    of 4-6 (50%) clears the woods: need 9+ (160 of 216: 74%).
    """
    state = placed(
        RULESET.start(setup_of(library)),
        HX_009a=("0911", Facing.S),
        HX_010a=("0915", Facing.N),
    )
    lines = fire_lines(state, state.index_of("HX-009a"), [state.index_of("HX-010a")])
    assert lines == [
        "HX-010a: need 10+ on 3d6 (62%)",
        "  attack 10, defense 19",
        "  +1 defense: hindering terrain",
        "  Enhanced Imaging: a d6 first, 4-6 (50%):",
        "    no hindering terrain, need 9+ (74%)",
    ]
    # the Warden (no Enhanced Imaging) shooting back gets the hindering modifier alone
    back = fire_lines(state, state.index_of("HX-010a"), [state.index_of("HX-009a")])
    assert "  +1 defense: hindering terrain" in back
    assert not any("Enhanced Imaging" in line for line in back)


def test_an_assault_is_previewed_from_where_its_move_ends(library):  # noqa: F811
    """AOD-15: the Kestrel (range 10) 12 hexes off moves 2, then fires: previewed from 10 off."""
    state = placed(
        RULESET.start(setup_of(library)),
        HX_009a=("1810", Facing.S),
        HX_010a=("1822", Facing.N),
    )
    kestrel, warden = state.index_of("HX-009a"), state.index_of("HX-010a")
    storm = AssaultUnit("HX-009a", Hex.from_label("1812"), Facing.S, ("HX-010a",))
    assert attack_of(storm) == (AttackOrder.ASSAULT, None, False)
    (refused,) = fire_lines(state, kestrel, [warden], AttackOrder.ASSAULT)
    assert "12 hexes away" in refused
    there = attack_state(state, storm)
    assert there.units[kestrel].hex == Hex.from_label("1812")
    # attack 10, defense 19 +1 for the assault (AOD-15): need 10+
    assert fire_lines(there, kestrel, [warden], AttackOrder.ASSAULT) == [
        "HX-010a: need 10+ on 3d6 (62%)",
        "  attack 10, defense 19",
        "  +1 defense: assault",
    ]
