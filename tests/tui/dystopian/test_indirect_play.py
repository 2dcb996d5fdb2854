"""Indirect fire, offensive AA and mines on the DW play screen by keys (DW-18.7, 18.2, 18.6).

A 20 x 16 board: Red's battleship (top edge) cannot see Blue's fortress behind a mountain; Red's
cruiser with the Spotter MAR sees it. After the battleship's move the fortress is 9 hexes away
(RB3): the order panel offers ``i`` (indirect fire), the preview gives the dice, the spotter and
the natural 6s, and Enter declares the attack, which the log tells. A cruiser's ``h`` fires its
AA at an airship within 4 hexes (DW-18.2), with its preview; an escort's ``d`` drops a mine
ahead of its bow (DW-18.6), which the board then draws.
"""

from __future__ import annotations

from engine.dystopian.aux_commands import FireAuxiliary
from engine.dystopian.commands import (
    Activate,
    ChooseEdge,
    DeployModel,
    EndActivation,
    MoveModel,
    RollOff,
)
from engine.dystopian.geometry import Level
from engine.dystopian.indirect_commands import FireIndirect, IndirectAttackDeclared
from engine.dystopian.mine_commands import DropMine, MineDropped
from engine.dystopian.movement import parse_path
from engine.dystopian.rules import legal_commands
from engine.dystopian.ruleset import RULESET
from engine.dystopian.state import DWSetup, Edge, PlayerSetup, Stage
from engine.dystopian.terrain import Cell, TerrainKind, TerrainMap
from engine.hexes import Facing, Hex
from tests.engine.dystopian._game import fleet, squadron
from tests.tui.dystopian.test_screen_play import (  # noqa: F401 - the fixture
    NOW,
    SEED,
    SIZE,
    fleets,
    give,
    open_screen,
    text,
)
from tui.app import HexmechApp
from tui.dystopian.pieces import MineMarker
from tui.dystopian.workflow import walk_hexes
from tui.screens.game import create_save

H = Hex.from_label
PLACES = {"BB-1": ("1002", Facing.S), "CR-1": ("1402", Facing.S), "FX-1": ("1013", Facing.N)}
"""The battleship 11 hexes north of the fortress, the mountain at 1008 between; the spotter
cruiser to the east, in sight of the fortress."""


def _setup() -> DWSetup:
    red = fleet(squadron("BB", 1), squadron("CR", 1, mars=("spotter",)))
    blue = fleet(squadron("FX", 1))
    cells = {H("1008"): Cell(TerrainKind.MOUNTAIN), H("1013"): Cell(TerrainKind.GROUND)}
    terrain = TerrainMap.of(cells, width=20, height=16)
    players = (PlayerSetup("Red", red), PlayerSetup("Blue", blue))
    return DWSetup("Indirect fire", players, terrain, field_orders=False)


def moved_battleship(saves):
    """Red on top, deployed as `PLACES`; Blue's fortress passes; the battleship moves FF."""
    journal = create_save(saves, RULESET, _setup(), seed=SEED, now=NOW)
    give(journal, RollOff())
    chooser = journal.game.state.chooser
    give(journal, ChooseEdge(Edge.TOP if chooser == 0 else Edge.BOTTOM))
    while journal.game.state.stage is Stage.DEPLOYMENT:
        state = journal.game.state
        ident = state.models[state.undeployed(state.active)[0]].ident
        where, facing = PLACES[ident]
        give(journal, DeployModel(ident, H(where), facing))
    if journal.game.state.active == 1:
        give(journal, Activate("FX-1"))
        give(journal, EndActivation())
    give(journal, Activate("BB-1"))
    give(journal, MoveModel("BB-1", "FF"))
    return journal


async def test_i_previews_and_declares_indirect_fire_through_the_spotter(tmp_path, fleets):  # noqa: F811
    """DW-18.7: i, the preview (8 AD at RB3, CR-1 spotting, natural 6s: 8 x 0.4 = 3.2 hits)."""
    journal = moved_battleship(tmp_path)
    state = journal.game.state
    wanted = FireIndirect("BB-1", "fore-turret", "FX-1", "CR-1")
    assert [c for c in legal_commands(state) if isinstance(c, FireIndirect)] == [wanted]
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        battleship = state.index_of("BB-1")
        for _ in range(10):
            if screen.selected == battleship:
                break
            await pilot.press("tab")
        assert "i Fire indirect" in text(screen, "#dw-orders")
        await pilot.press("i")
        assert screen.chosen == wanted
        assert H("1013") in set(screen.board.picture.marks)  # the target's hex is shaded
        orders = text(screen, "#dw-orders")
        assert "BB-1 Fore turret indirect: 8/10/[8]/5 RB3 d9: 8 AD" in orders
        assert "Spotter: CR-1 sees FX-1 (DW-18.7)" in orders
        # DW-2.1: natural 6s only, each worth 2 hits and a new die: (0 + 1/3) * 6/5 = 0.4
        assert "8 dice at FX-1, need natural 6s: ~3.2 hits" in orders
        await pilot.press("enter")
        entry = screen.game.log[-1]
        assert entry.command == wanted
        assert isinstance(entry.events[0], IndirectAttackDeclared)
        told = [t.text for t in screen.query_one("#dw-log").told]
        assert any("will fire indirectly at Fortress FX-1, CR-1 spotting" in t for t in told)


def _air_setup() -> DWSetup:
    red = fleet(squadron("CR", 1))
    blue = fleet(squadron("AS", 1))
    players = (PlayerSetup("Red", red), PlayerSetup("Blue", blue))
    return DWSetup("Ack-ack", players, TerrainMap.of({}, width=20, height=10), field_orders=False)


def cruiser_under_an_airship(saves):
    """Red's cruiser (top) moves FF to 1006; Blue's airship flies within 4 hexes of there."""
    journal = create_save(saves, RULESET, _air_setup(), seed=SEED, now=NOW)
    give(journal, RollOff())
    chooser = journal.game.state.chooser
    give(journal, ChooseEdge(Edge.TOP if chooser == 0 else Edge.BOTTOM))
    places = {"CR-1": ("1004", Facing.S, None), "AS-1": ("1008", Facing.NE, Level.FLYING)}
    while journal.game.state.stage is Stage.DEPLOYMENT:
        state = journal.game.state
        ident = state.models[state.undeployed(state.active)[0]].ident
        where, facing, level = places[ident]
        give(journal, DeployModel(ident, H(where), facing, level))
    if journal.game.state.active == 1:  # the airship first: it stays within 4 of 1006
        give(journal, Activate("AS-1"))
        moves = [c for c in legal_commands(journal.game.state) if isinstance(c, MoveModel)]
        give(journal, next(m for m in moves if 1 < _end(journal, m).distance(H("1006")) <= 4))
        give(journal, EndActivation())
    give(journal, Activate("CR-1"))
    give(journal, MoveModel("CR-1", "FF"))
    return journal


def _end(journal, move):
    state = journal.game.state
    index = state.index_of(move.model)
    hexes, _ = walk_hexes(
        state.models[index].hex, state.models[index].facing, parse_path(move.path)
    )
    return hexes[-1]


async def test_h_fires_a_cruisers_aa_at_an_airship(tmp_path, fleets):  # noqa: F811
    """DW-18.2: h, the preview (AA 3 at a Large flyer: 4+, 3 x 0.8 = 2.4 hits), Enter declares."""
    journal = cruiser_under_an_airship(tmp_path)
    wanted = FireAuxiliary("CR-1", "aa", "AS-1")
    assert wanted in legal_commands(journal.game.state)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        cruiser = screen.game.state.index_of("CR-1")
        for _ in range(10):
            if screen.selected == cruiser:
                break
            await pilot.press("tab")
        assert "h Fire auxiliary" in text(screen, "#dw-orders")
        await pilot.press("h")
        assert screen.chosen == wanted
        assert "CR-1 AA 3 dice at AS-1" in text(screen, "#dw-orders")
        assert "need 4+: ~2.4 hits (DW-18.2)" in text(screen, "#dw-orders")
        await pilot.press("enter")
        assert screen.game.log[-1].command == wanted
        told = [t.text for t in screen.query_one("#dw-log").told]
        assert any("CR-1 will fire its AA at Zephyr Airship AS-1 (DW-18.2)." in t for t in told)


def escort_activated(saves):
    """Red's battleship and its minelaying escort (top edge), activated; Blue's fortress waits."""
    red = fleet(squadron("BB", 1, escorts=1))
    blue = fleet(squadron("FX", 1))
    terrain = TerrainMap.of({H("1013"): Cell(TerrainKind.GROUND)}, width=20, height=16)
    players = (PlayerSetup("Red", red), PlayerSetup("Blue", blue))
    setup = DWSetup("Mines", players, terrain, field_orders=False)
    journal = create_save(saves, RULESET, setup, seed=SEED, now=NOW)
    give(journal, RollOff())
    chooser = journal.game.state.chooser
    give(journal, ChooseEdge(Edge.TOP if chooser == 0 else Edge.BOTTOM))
    places = {"BB-1": ("1002", Facing.S), "ES-1": ("1202", Facing.S), "FX-1": ("1013", Facing.N)}
    while journal.game.state.stage is Stage.DEPLOYMENT:
        state = journal.game.state
        ident = state.models[state.undeployed(state.active)[0]].ident
        where, facing = places[ident]
        give(journal, DeployModel(ident, H(where), facing))
    if journal.game.state.active == 1:
        give(journal, Activate("FX-1"))
        give(journal, EndActivation())
    give(journal, Activate("BB-1"))
    return journal


async def test_d_drops_a_mine_ahead_of_the_escorts_bow(tmp_path, fleets):  # noqa: F811
    """DW-18.6 / DW-28.10: d, the preview (AD 4 in 1203), Enter lays it; the board shows it."""
    journal = escort_activated(tmp_path)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        escort = screen.game.state.index_of("ES-1")
        for _ in range(10):
            if screen.selected == escort:
                break
            await pilot.press("tab")
        assert "d Drop mine" in text(screen, "#dw-orders")
        await pilot.press("d")
        assert screen.chosen == DropMine("ES-1")
        assert "ES-1 drops a mine (4 AD) in 1203, ahead of its bow" in text(screen, "#dw-orders")
        await pilot.press("enter")
        assert isinstance(screen.game.log[-1].events[0], MineDropped)
        assert [m.hex for m in screen.game.state.mines] == [H("1203")]
        drawn = screen.board.picture.units.get(H("1203"), ())
        mines = [(u.letter, u.side, u.label) for u in drawn if isinstance(u, MineMarker)]
        assert mines == [("M", 0, "a mine of Red (4 AD)")]
        told = [t.text for t in screen.query_one("#dw-log").told]
        assert any("ES-1 drops a mine (4 AD) in 1203 (DW-18.6)." in t for t in told)
