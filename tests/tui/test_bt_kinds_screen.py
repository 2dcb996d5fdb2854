"""The play screen with a tank, a platoon and a battle armor squad on the board (issue 20 item 6).

A Griffin and a Bulldog tank (Davion) face a laser foot platoon and a Cavalier squad (Kurita),
bundled ``.blk`` designs put in the default scenario as a custom game would
(`tests.tui.kind_games`). The screen draws each kind's record sheet from its body, marks each
kind's token on the board and explains the marks in the legend, and says what a unit of each kind
is doing in the unit list. Update the SVGs with ``--snapshot-update`` and look at them first.
"""

from __future__ import annotations

import io

import attrs
import pytest
from rich.console import Console

from engine.battletech.commands import RollInitiative
from engine.battletech.kinds.battle_armor import damage_trooper
from engine.battletech.kinds.infantry import lose_troopers
from engine.battletech.kinds.vehicle import MotiveDamage
from engine.battletech.narrate import unit_letters
from engine.battletech.narrate.summary import after_action
from engine.battletech.state import MoveMode, Phase
from engine.hexes import Facing, Hex
from tests.tui.fakes import messages
from tests.tui.kind_games import kinds_journal
from tests.tui.test_bt_play import library  # noqa: F401 - the fixture
from tui.app import HexmechApp
from tui.battletech.guide import TIPS, BattleTechTutor
from tui.battletech.kind_words import kind_flags, kind_status, mode_names, moves_now
from tui.battletech.result import report_lines
from tui.battletech.rules import rules_markdown
from tui.battletech.screen import BattleTechScreen
from tui.battletech.widgets import OrdersPanel
from tui.battletech.widgets.kind_glyphs import KIND_GLYPHS
from tui.battletech.widgets.orders import plot_lines
from tui.battletech.widgets.plotting import Plot, Preview
from tui.battletech.widgets.record import RecordData, RecordSheet, render_record, sheet_rows
from tui.battletech.widgets.units import unit_status
from tui.widgets.hexboard import HexBoard

GRIFFIN, TANK, PLATOON, SQUAD = 0, 1, 2, 3
"""The units' indexes in the mixed game."""


def plain(unit, *, page="sheet", compact=False, status="", side="Davion"):
    """A record sheet page as text (the widths of the side panel)."""
    text = render_record(RecordData(unit, "B", side, status=status, page=page), {}, compact=compact)
    console = Console(
        width=44 if not compact else 32, color_system=None, record=True, file=io.StringIO()
    )
    console.print(text)
    return console.export_text()


@pytest.fixture
def game(tmp_path, library):  # noqa: F811
    journal = kinds_journal(tmp_path, library)
    journal.execute(RollInitiative())
    return journal


def screen_text(app) -> list[str]:
    strips = app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip) for strip in strips]


# ------------------------------------------------------------------ the sheets
def test_a_tank_sheet_shows_armor_by_location_and_motive_damage(game) -> None:
    """BT-M-5, BT-M-37.5: armor and structure per location, cruise/flank now, crew hits."""
    tank = game.game.state.units[TANK]
    text = plain(tank, status="0701 facing S")
    assert "B Bulldog Medium Tank  60 t heavy" in text
    assert "Davion - " in text
    assert "0701 facing S" in text
    assert "tracked, cruise 4 flank 6, crew 4" in text
    assert "Front     24/24    6/6" in text
    assert "Turret    20/20    6/6" in text
    assert "2 SRM 4" in text
    hurt = attrs.evolve(
        tank,
        body=attrs.evolve(
            tank.body,
            armor=(10, *tank.body.armor[1:]),
            internal=(*tank.body.internal[:4], 0),
            motive_mp_lost=1,
            motive_levels=frozenset({MotiveDamage.MINOR}),
            driver_hit=True,
        ),
    )
    text = plain(hurt)
    assert "cruise 3 flank 5" in text  # BT-M-37.1: flank from the cruise left
    assert "Front     10/24" in text
    assert "Turret       --" in text
    assert "xTurret" in text  # the turret's weapons are gone with it
    assert "motive -1 MP, driver hit" in text
    assert "driver hit" in plain(hurt, page="criticals")
    assert "none" in plain(tank, page="criticals")


def test_an_immobile_tank_says_so_everywhere(game) -> None:
    """BT-M-37.5: major motive damage: 0 MP; the list says "immobile", the sheet IMMOBILE."""
    state = game.game.state
    tank = state.units[TANK]
    stopped = attrs.evolve(tank, body=attrs.evolve(tank.body, immobilized=True))
    assert moves_now(stopped) == (0, 0, 0)
    assert "IMMOBILE" in kind_flags(stopped)
    assert "immobile" in unit_status(state, stopped)
    assert "cruise 0 flank 0" in plain(stopped)


def test_a_platoon_sheet_counts_the_men_left(game) -> None:
    """BT-M-5, BT-C-35 item 1: men left of the total; the list says "men 17/28"."""
    state = game.game.state
    platoon = state.units[PLATOON]
    assert "men 28/28 (4 x 7)" in plain(platoon)
    assert kind_status(platoon) == []  # a full platoon: the list's narrow column says nothing
    shrunk = attrs.evolve(platoon, body=lose_troopers(platoon.body, 11))
    assert "men 17/28 (4 x 7)" in plain(shrunk)
    assert kind_status(shrunk) == ["men 17/28"]
    assert unit_status(state, shrunk).endswith("men 17/28")
    assert "no critical hits" in plain(shrunk, page="criticals")


def test_a_squad_sheet_has_a_row_a_trooper(game) -> None:
    """BT-C-35 item 2: each trooper's armor; a dead one reads "dead"; the list "troopers 3/4"."""
    state = game.game.state
    squad = state.units[SQUAD]
    text = plain(squad)
    assert "troopers 4/4" in text
    assert text.count("9/9 [#########]") == 4
    hurt = damage_trooper(damage_trooper(squad.body, 0, 4), 2, 99)
    shot = attrs.evolve(squad, body=hurt)
    text = plain(shot)
    assert "troopers 3/4" in text
    assert "1  5/9 [#####....]" in text
    assert "3 --/9 dead" in text
    assert unit_status(state, shot).endswith("troopers 3/4")


@pytest.mark.parametrize("compact", [False, True])
def test_every_sheet_keeps_its_height_whatever_the_damage(game, compact) -> None:
    """Issue 14: a sheet is as tall whatever its unit's state; `sheet_rows` pads to the tallest."""
    state = game.game.state
    for index in (TANK, PLATOON, SQUAD):
        unit = state.units[index]
        fresh = plain(unit, compact=compact).count("\n")
        if index == TANK:
            body = attrs.evolve(unit.body, immobilized=True, driver_hit=True)
        elif index == PLATOON:
            body = lose_troopers(unit.body, 20)
        else:
            body = damage_trooper(unit.body, 1, 99)
        assert plain(attrs.evolve(unit, body=body), compact=compact).count("\n") == fresh
    tank = state.units[TANK]
    wrecked = attrs.evolve(tank, body=attrs.evolve(tank.body, immobilized=True, driver_hit=True))
    wrecked = attrs.evolve(wrecked, body=attrs.evolve(wrecked.body, stunned=2, engine_hit=True))
    drawn = render_record(RecordData(wrecked, "B", "Davion"), {}, compact=compact).plain
    assert all(len(line) <= (31 if compact else 41) for line in drawn.split("\n"))
    assert "CREW STUNNED" in drawn  # long notes wrap onto another row, a part never split
    rows = sheet_rows(state.units, "sheet", compact=compact)
    for unit in state.units:
        data = RecordData(unit, "A", "Davion", page="sheet", rows=rows)
        assert render_record(data, {}, compact=compact).plain.count("\n") + 1 == rows


def test_mode_names_by_kind(game) -> None:
    """BT-M-37.1: a vehicle cruises and flanks; BT-M-4: a platoon or squad moves; 'Mechs walk."""
    units = game.game.state.units
    assert mode_names(units[GRIFFIN]) == ("walk", "run")
    assert mode_names(units[TANK]) == ("cruise", "flank")
    assert mode_names(units[PLATOON]) == ("move", "move")
    assert moves_now(units[SQUAD]) == (1, 1, 3)
    assert moves_now(units[GRIFFIN]) is None


# ------------------------------------------------------------------ the screen
async def test_the_screen_shows_each_kind(game, tmp_path) -> None:
    """Board marks, the legend's kinds, the unit list's words, each kind's sheet and keys."""
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=game))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        assert game.game.state.phase is Phase.MOVEMENT
        markers = {marker.letter: marker for marker in screen.board.units}
        kinds = {letter: marker.kind for letter, marker in markers.items()}
        letters = screen.letters
        assert kinds[letters[GRIFFIN]] is None
        assert kinds[letters[TANK]] is KIND_GLYPHS["tracked"]
        assert kinds[letters[PLATOON]] is KIND_GLYPHS["infantry"]
        assert kinds[letters[SQUAD]] is KIND_GLYPHS["battle armor"]
        shown = "\n".join(screen_text(app))
        assert f"⁝{letters[PLATOON]}↑" in shown  # the platoon at 0915 facing N
        # Kurita moves first: its platoon is selected, its sheet and keys shown
        assert screen.selected == PLATOON
        assert screen.query_one(RecordSheet).data.unit == game.game.state.units[PLATOON]
        assert "men 28/28 (4 x 7)" in shown
        moments = BattleTechTutor().moments(screen)
        assert moments[:1] == ["kind"]  # the kinds' tip; "select" (walk, run) is a 'Mech's
        assert "select" not in moments
        assert "cruises or flanks" in TIPS["kind"].text
        orders = [text for text, _ in screen.query_one(OrdersPanel).data]
        assert "1 move 1  0 still" in orders
        assert not screen.special.keys(game.game.state)["eject"](())  # only MechWarriors eject
        await pilot.press("tab")
        await pilot.pause()
        assert screen.selected == SQUAD
        shown = "\n".join(screen_text(app))
        assert "troopers 4/4" in shown
        footer = screen_text(app)[-1]
        assert "1 Move" in footer  # the footer names the mode keys for the kind
        assert "1 Walk" not in footer
        assert "3 Jump" in footer
        assert "2 Run" not in footer  # BT-M-4: a squad has one ground move
        assert "E Eject" not in footer
        assert "1 move 1  3 jump 3  0 still" in [t for t, _ in screen.query_one(OrdersPanel).data]


async def test_the_tank_on_the_screen_and_the_legend(game, tmp_path) -> None:
    """The tank's sheet under the cursor, its mark, its keys' names; the legend's kinds."""
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=game))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        letters = screen.letters
        screen.selected = TANK  # as on Davion's turn: the tank cruises and flanks (BT-M-37.1)
        names = {a.binding.action: a.binding.description for a in screen.active_bindings.values()}
        assert (names["mode('walk')"], names["mode('run')"]) == ("Cruise", "Flank")
        screen.selected = PLATOON
        tank = game.game.state.units[TANK].hex
        screen.cursor_to(tank)
        await pilot.pause()
        shown = "\n".join(screen_text(app))
        assert "Bulldog Medium Tank" in shown
        assert f"≡{letters[TANK]}↓" in shown  # the tank at 0701 facing S
        assert "tracked, cruise 4 flank 6, crew 4" in shown
        await pilot.press("L")
        await pilot.pause()
        shown = "\n".join(screen_text(app))
        assert "Kinds of unit" in shown
        assert "tracked vehicle" in shown
        assert "battle armor squad" in shown


async def test_a_mech_only_legend_has_no_kinds(tmp_path, library) -> None:  # noqa: F811
    """A game of 'Mechs looks as before: no kind marks, no kinds in the legend."""
    from tests.tui.test_bt_play import PLACES, deployed, new_journal  # noqa: PLC0415

    journal = new_journal(tmp_path, library)
    deployed(journal, PLACES)
    journal.execute(RollInitiative())
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=journal))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert all(marker.kind is None for marker in app.screen.board.units)
        await pilot.press("L")
        await pilot.pause()
        shown = "\n".join(screen_text(app))
        assert "Units" in shown
        assert "Kinds of unit" not in shown


# ------------------------------------------------------------------ snapshots
def kinds_app(saves, library):  # noqa: F811
    journal = kinds_journal(saves, library)
    journal.execute(RollInitiative())
    return HexmechApp(saves, first=lambda: BattleTechScreen(journal=journal))


def _cursor_to_tank(pilot) -> None:
    screen = pilot.app.screen
    screen.query_one(HexBoard).focus()
    screen.cursor_to(Hex.from_label("0701"))


def test_the_kinds_on_the_board_at_120x40(snap_compare, tmp_path, library) -> None:  # noqa: F811
    """The platoon selected (its sheet and keys), the tank and squad marked on the board."""
    assert snap_compare(kinds_app(tmp_path, library), terminal_size=(120, 40))


def test_the_squad_sheet_at_80x24(snap_compare, tmp_path, library) -> None:  # noqa: F811
    """The compact layout: Tab selects the squad, its troopers on one wrapped line."""
    assert snap_compare(kinds_app(tmp_path, library), press=["tab"], terminal_size=(80, 24))


def test_the_tank_sheet_and_legend_at_120x40(snap_compare, tmp_path, library) -> None:  # noqa: F811
    """The cursor on the tank shows its sheet; L opens the legend with the kinds of unit."""

    async def run_before(pilot) -> None:
        _cursor_to_tank(pilot)
        await pilot.pause()
        await pilot.press("L")

    app = kinds_app(tmp_path, library)
    assert snap_compare(app, terminal_size=(120, 40), run_before=run_before)


def test_the_tank_sheet_at_80x24(snap_compare, tmp_path, library) -> None:  # noqa: F811
    """The tank's compact sheet: locations across."""

    async def run_before(pilot) -> None:
        _cursor_to_tank(pilot)
        await pilot.pause()

    app = kinds_app(tmp_path, library)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_the_after_action_report_lists_every_kind(game) -> None:
    """The result screen's report names each unit of every kind with its fate."""
    state = game.game.state
    report = after_action(state, [])
    letters = unit_letters(state.units)
    text = "\n".join(line.plain for line in report_lines(state, report, letters))
    for unit in state.units:
        assert unit.name[:20] in text
    assert text.count("operational") == len(state.units)


def test_a_plotted_move_is_named_by_the_kind(game) -> None:
    """BT-M-37.1: a tank's run is a flank; no prone or stand keys but for a 'Mech (BT-M-24)."""
    where = Hex.from_label("0701")
    view = Preview((where,), where, Facing.S, prone=False, mp=0, allowance=6)
    tank = game.game.state.units[TANK]
    lines = plot_lines(Plot(TANK, MoveMode.RUN), view, "B Bulldog", modes=mode_names(tank))
    assert lines[0] == ("B Bulldog: flank", "title")
    assert "p prone" not in lines[-1][0]
    assert "f/b step  [ ] turn  m charge" in lines[-1][0]
    compact = plot_lines(Plot(TANK, MoveMode.WALK), view, "B", compact=True, modes=("move", "move"))
    assert compact[0] == ("B: move", "title")
    assert compact[-1][0] == "f b [ ] m  c: go  Bksp  Esc"
    mech = plot_lines(Plot(GRIFFIN, MoveMode.WALK), view, "G Griffin")
    assert mech[0] == ("G Griffin: walk", "title")
    assert "p prone  u stand" in mech[-1][0]


def test_the_rules_page_explains_the_kinds() -> None:
    """``?``: the marks, cruise and flank, one move, men and troopers, 'Mech-only orders."""
    rules = rules_markdown(BattleTechScreen.BINDINGS)
    assert "## Vehicles, platoons and battle armor" in rules
    for glyph in KIND_GLYPHS.values():
        assert f"`{glyph.char(ascii_only=False)}`" in rules
    assert rules.index("## Vehicles, platoons") < rules.index("## Commands")


async def test_standing_a_platoon_still_never_crashes_the_screen(game, tmp_path) -> None:
    """``0``: the platoon stands still, or, where a 'Mech rule refuses its kind, one line says so.

    The engine decides before the journal writes: a refused command leaves no entry.
    """
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(journal=game))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        entries = len(game.game.entries)
        await pilot.press("0")
        await pilot.pause()
        assert isinstance(app.screen, BattleTechScreen)
        moved = game.game.state.units[PLATOON].movement is not None
        if not moved:
            assert any("Foot Platoon (Laser) is a infantry" in m for m in messages(app))
            assert len(game.game.entries) == entries
