"""The AoD unit panel (`tui.aod.dial_panel`): base, dial window, heat dial, slots and SE.

The picture is tested as plain text (`render_panel` with no styles), the widget in a small app
(Pilot), and its look as SVG snapshots at 80x24 and 120x40 (update them with
``python -m pytest tests/tui/aod/test_dial_panel.py --snapshot-update`` and look at the SVGs).
"""

from __future__ import annotations

import pytest
from attrs import evolve
from textual.app import App
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from engine.aod.status import DialStatus, fresh
from engine.aod.units import HeatPosition
from tui.aod.dial_panel import (
    NARROW,
    DialPanel,
    PanelData,
    clicks_left,
    heat_bar,
    heat_words,
    render_panel,
    weapon_line,
)
from tui.aod.files import load_library
from tui.theme import HEXMECH_THEME, MONO_THEME, THEMES

LIBRARY = load_library()
UNITS = LIBRARY.units
CATALOGUE = LIBRARY.catalogue
KESTREL = UNITS["HX-009"]  # 9 live clicks, JJ and EV early, repair marker at 4, HD at 7 and 8
WARDEN = UNITS["HX-010"]  # 11 live clicks, PU on 0-1, HA on 0-3, HD at 9 and 10
PATHGUARD = UNITS["HX-001"]  # infantry: one damage value, no heat dial
LONGBOW = UNITS["HX-006"]  # artillery: 4-10 (24), marker A-L
UPLINK = CATALOGUE.cards["G-X1"]


def picture(data: PanelData, *, width: int = NARROW, compact: bool = False) -> list[str]:
    """The panel's lines, plain."""
    return render_panel(data, {}, width=width, compact=compact).plain.split("\n")


def line_with(lines: list[str], start: str) -> str:
    """The one line that starts with ``start``."""
    found = [line for line in lines if line.startswith(start)]
    assert len(found) == 1, (start, lines)
    return found[0]


# ------------------------------------------------------------------ the pieces


def test_clicks_left_counts_to_the_three_hits_position():
    """AOD-3.4, AOD-17.4: the Kestrel's 9 live clicks; at click 7 two more clicks eliminate it."""
    assert clicks_left(KESTREL, fresh(KESTREL)) == 9
    assert clicks_left(KESTREL, DialStatus(click=7)) == 2
    assert clicks_left(KESTREL, DialStatus(click=9)) == 0


def test_weapon_lines_as_printed_on_the_base():
    """AOD-3.1: range type, min-max, targets; melee is close combat only; artillery's (long)."""
    assert weapon_line(KESTREL.weapons[1]) == "sec ballistic 0-8   2 targets"
    assert weapon_line(WARDEN.weapons[1]) == "sec melee      close combat"
    assert weapon_line(LONGBOW.weapons[0]) == "ballistic 4-10 (24) 1 target A-L"


def test_heat_bar_and_words_of_the_standard_heat_dial():
    """AOD-3.5, AOD-26.14 HEAT-STD: 0-1 nothing, 2-3 modifiers, 4-5 checks, 6 shutdown."""
    dial = CATALOGUE.heat_dials["HEAT-STD"]
    assert heat_bar(dial, 0) == "#.::!!X"
    assert heat_bar(dial, 3) == "####!!X"
    assert heat_words(dial.positions[0]) == "no effect"
    assert heat_words(dial.positions[3]) == "speed -1, secondary -1"
    assert heat_words(dial.positions[5]) == (
        "speed -2, primary -1, secondary -2, shutdown check 4+, ammo check 3+"
    )
    assert heat_words(dial.positions[6]) == "automatic shutdown"
    assert heat_words(HeatPosition(speed=-3)) == "speed -3"


# ------------------------------------------------------------------ the picture


def test_a_fresh_mech():
    """AOD-3.4: at the start marker, no click before; the next five, then how many remain."""
    lines = picture(PanelData(KESTREL, fresh(KESTREL), CATALOGUE, letter="K", tokens=0))
    assert lines[0].startswith("K Kestrel KS-2L")
    assert lines[0].endswith("110 pts")
    assert lines[1] == "Clan Jade Falcon  elite  HX-009"
    assert line_with(lines, "tokens") == "tokens none  ready"
    assert line_with(lines, ">") == "> 0 S  12JJ 10   18EV  3    2"
    assert line_with(lines, "  5") == "  5    10    9   16    2    1"
    assert line_with(lines, "  4") == "  4 R  10    9   17    2    1"  # the repair marker
    assert not [line for line in lines if line.startswith("  6")]
    assert line_with(lines, "   ...") == "   ...  3 more clicks"
    assert line_with(lines, "S start") == "S start  R repair  H heavy dmg"
    assert line_with(lines, "9 clicks") == "9 clicks from elimination"
    assert line_with(lines, "heat") == "heat 0 [#.::!!X] of 6"
    assert line_with(lines, "now:") == "now: no effect"
    assert line_with(lines, "slot 1") == "slot 1 empty"
    assert line_with(lines, "JJ Jump Jets").startswith("JJ Jump Jets: With a Move order")
    assert line_with(lines, "EV Evade") == "EV Evade: +2 defense against"
    assert not [line for line in lines if line.startswith("in use")]  # nothing changes a value


def test_a_damaged_mech_with_heavy_damage():
    """AOD-3.4, AOD-17.3: the click before and the last; Heavy Damage; gear ignored (AOD-20.6)."""
    status = DialStatus(click=9)
    lines = picture(PanelData(WARDEN, status, CATALOGUE, (UPLINK,), tokens=1))
    assert line_with(lines, "tokens") == "tokens ● 1"
    assert "HEAVY DAMAGE: moves only" in lines
    assert line_with(lines, "  8") == "  8     5    8   16    2    2"
    assert line_with(lines, ">") == "> 9  H  4    7   16    2    2"
    assert line_with(lines, " 10") == " 10  H  4    7   15    1    1"
    assert not [line for line in lines if "more click" in line]
    assert line_with(lines, "2 clicks") == "2 clicks from elimination"
    assert line_with(lines, "slot 1") == "slot 1 G-X1 Targeting Uplink"
    assert " ".join("\n".join(lines).split()).count("(PRI), ignored: Heavy Damage") == 1
    assert line_with(lines, "not showing") == "not showing: HA, PU"  # SE gone with the damage


def test_a_hot_mech_shows_what_heat_takes_off():
    """AOD-3.5, AOD-26.14: at heat 4, speed -2, primary -1, secondary -1; checks 3+."""
    lines = picture(PanelData(KESTREL, DialStatus(click=0, heat=4), CATALOGUE))
    assert line_with(lines, "heat") == "heat 4 [#####!X] of 6"
    assert line_with(lines, "in use") == "in use 10   10   18    2    1"
    assert line_with(lines, "now:") == "now: speed -2, primary -1,"
    assert line_with(lines, "next 5:").startswith("next 5: speed -2, primary -1,")


def test_a_hot_mech_shut_down():
    """AOD-10.4: at the radiation symbols the 'Mech is shut down: it can only vent, +4 to hit."""
    status = DialStatus(click=2, heat=6, shutdown=True)
    lines = picture(PanelData(KESTREL, status, CATALOGUE, tokens=2))
    assert line_with(lines, "tokens") == "tokens ●● 2"
    assert "SHUT DOWN" in lines
    assert line_with(lines, "heat") == "heat 6 [#######] of 6"
    assert line_with(lines, "now:") == "now: automatic shutdown"
    assert not [line for line in lines if line.startswith("next")]
    assert line_with(lines, "shut down:") == "shut down: it can only vent;"
    # AOD-10.4: optional SE is suspended while shut down
    assert line_with(lines, "JJ Jump Jets (off)").startswith("JJ Jump Jets (off):")


def test_switched_off_se_shows_off():
    """AOD-3.6: optional SE the owner switched off is marked off."""
    data = PanelData(KESTREL, fresh(KESTREL), CATALOGUE, switched_off=frozenset({"EV"}))
    lines = picture(data)
    assert line_with(lines, "EV Evade (off)").startswith("EV Evade (off): +2")
    assert line_with(lines, "JJ Jump Jets:")


def test_infantry_has_one_damage_value_and_no_heat_or_slots():
    """AOD-3.1: infantry show damage, speed, attack, defense; no heat dial, no gear slots."""
    data = PanelData(PATHGUARD, fresh(PATHGUARD), CATALOGUE, flags=("passenger",))
    lines = picture(data)
    assert line_with(lines, "dial") == "dial   spd  atk  def  dmg"
    assert line_with(lines, "tokens") == "tokens none  passenger"
    assert not [line for line in lines if line.startswith(("heat", "slot"))]
    assert line_with(lines, "  3") == "  3  H  4    6   14    1"
    assert lines[2] == "infantry (foot)  cross"
    assert lines[-1] == "no special equipment"


def test_compact_shows_two_clicks_ahead_and_no_gaps():
    """80 x 24: two clicks after the current one, no blank lines between the parts."""
    lines = picture(PanelData(KESTREL, DialStatus(click=3), CATALOGUE), compact=True)
    numbers = [line[:3] for line in lines if line[:3].strip().isdigit() or line.startswith(">")]
    assert numbers == ["  2", "> 3", "  4", "  5"]
    assert line_with(lines, "   ...") == "   ...  3 more clicks"
    assert "" not in lines
    assert not [line for line in lines if line.startswith("S start")]  # no room for the legend


def test_an_eliminated_unit():
    """AOD-17.4: the three-hits position: no values, only the word."""
    lines = picture(PanelData(KESTREL, DialStatus(click=9), CATALOGUE))
    assert lines[-1] == "eliminated: off the board"


def test_the_builder_leaves_out_tokens():
    """Outside a game (``in_play`` False) there are no tokens nor state."""
    lines = picture(PanelData(KESTREL, fresh(KESTREL), CATALOGUE, in_play=False))
    assert not [line for line in lines if line.startswith("tokens")]


@pytest.mark.parametrize("collector", sorted(UNITS))
def test_no_line_is_wider_than_the_narrow_panel(collector):
    """Every bundled unit at every click and heat fits 32 columns (the 34-column panel)."""
    unit = UNITS[collector]
    heats = range(7) if unit.is_mech else (0,)
    for click in range(unit.ko_click + 1):
        for heat in heats:
            status = DialStatus(click=click, heat=heat, shutdown=heat == 6)
            data = PanelData(unit, status, CATALOGUE, (UPLINK,) if unit.is_mech else (), 2)
            for compact in (False, True):
                lines = picture(data, compact=compact)
                assert max(len(line) for line in lines) <= NARROW, (click, heat, lines)


# ------------------------------------------------------------------ the widget


class PanelApp(App[None]):
    """A side panel beside an empty map, like the game screen's."""

    CSS = """
    #map { width: 1fr; }
    #side { width: 36; padding: 0 1; background: $surface; scrollbar-size-vertical: 1; }
    """

    def __init__(self, data: PanelData, *, compact: bool = False, mono: bool = False) -> None:
        super().__init__()
        self.data = data
        self.compact = compact
        self.mono = mono

    def on_mount(self) -> None:
        for theme in THEMES:
            self.register_theme(theme)
        self.theme = (MONO_THEME if self.mono else HEXMECH_THEME).name

    def compose(self):
        with Horizontal():
            yield Static("(the board)", id="map")
            with VerticalScroll(id="side"):
                yield DialPanel(self.data, compact=self.compact, id="panel")


async def test_the_widget_draws_and_follows_show():
    """The panel draws its data, then another unit given by `show`; None blanks it."""
    app = PanelApp(PanelData(KESTREL, fresh(KESTREL), CATALOGUE))
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(DialPanel)
        assert "Kestrel KS-2L" in panel.picture(32).plain
        panel.show(PanelData(WARDEN, DialStatus(click=9), CATALOGUE))
        await pilot.pause()
        assert "HEAVY DAMAGE" in panel.render().plain
        assert panel.size.height == len(panel.picture(panel.size.width).plain.split("\n"))
        panel.show(None)
        await pilot.pause()
        assert panel.render().plain == ""


async def test_monochrome_marks_the_current_click_by_reverse():
    """In the monochrome theme the current click is reversed (no colour needed)."""
    app = PanelApp(PanelData(KESTREL, fresh(KESTREL), CATALOGUE), mono=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = app.query_one(DialPanel)
        assert panel.has_class("-mono")
        assert panel.role_styles()["current"].reverse


def test_panel_at_80x24_hot_and_shut_down(snap_compare):
    """A shut-down Kestrel at heat 6 with two tokens, compact (scrolls at 80 x 24)."""
    status = DialStatus(click=2, heat=6, shutdown=True)
    data = PanelData(KESTREL, status, CATALOGUE, (UPLINK,), tokens=2, letter="K", side="Falcon")
    assert snap_compare(PanelApp(data, compact=True), terminal_size=(80, 24))


def test_panel_at_120x40_heavy_damage(snap_compare):
    """A Warden with Heavy Damage, at heat 3, one token, its gear ignored."""
    status = DialStatus(click=9, heat=3)
    data = PanelData(WARDEN, status, CATALOGUE, (UPLINK,), tokens=1, letter="w", side="Liao")
    assert snap_compare(PanelApp(data), terminal_size=(120, 40))


def test_panel_at_120x40_fresh_in_monochrome(snap_compare):
    """A fresh Kestrel in the monochrome theme: the current click reversed."""
    data = PanelData(KESTREL, fresh(KESTREL), CATALOGUE, (UPLINK,), letter="K")
    assert snap_compare(PanelApp(evolve(data), mono=True), terminal_size=(120, 40))
