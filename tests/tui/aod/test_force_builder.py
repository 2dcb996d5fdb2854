"""The AoD force builder (`tui.aod.force_builder`): AOD-4 force building on screen.

The screen's rules as pure functions, then the screen driven by keys (Pilot), then its look as
SVG snapshots at 80x24 and 120x40 (update them with
``python -m pytest tests/tui/aod/test_force_builder.py --snapshot-update`` and look at the SVGs).
"""

from __future__ import annotations

from attrs import evolve
from textual.app import App
from textual.widgets import OptionList, Static

from engine.aod.force import Force, ForceEntry
from tui.aod.dial_panel import DialPanel
from tui.aod.files import load_library
from tui.aod.force_builder import (
    CardPickerScreen,
    ForceBuilderScreen,
    NameScreen,
    UnitViewScreen,
    add_unit,
    awe_note,
    demo_forces,
    entry_line,
    formation_note,
    listed_units,
    plain,
    remove_one,
    set_cards,
    slot_cards,
    totals_text,
    unit_line,
)
from tui.screens.confirm import ConfirmScreen
from tui.theme import HEXMECH_THEME, THEMES

LIBRARY = load_library()
UNITS = LIBRARY.units
CATALOGUE = LIBRARY.catalogue
PATHGUARD = UNITS["HX-001"]  # mercenary infantry, 12
KESTREL = UNITS["HX-009"]  # Jade Falcon 'Mech L, 110
WARDEN = UNITS["HX-010"]  # Liao elite 'Mech H, 185
UPLINK = CATALOGUE.cards["G-X1"]  # gear, class L/M, 8
GRADUATE = CATALOGUE.cards["P-X1"]  # pilot, class L, 10
FALCON, LIAO = demo_forces(LIBRARY)


# ------------------------------------------------------------------ the rules of the screen


def test_the_demo_forces_of_aod_26_16():
    """AOD-26.16: two 436-point forces, Falcon Strike and Liao Line."""
    assert (FALCON.name, FALCON.points) == ("Falcon Strike", 436)
    assert (LIAO.name, LIAO.points) == ("Liao Line", 436)
    assert len(FALCON.units) == 11


def test_add_unit_joins_copies_and_remove_one_takes_them_away():
    """AOD-4: copies are allowed; a copy joins its unit's entry unless that one has cards."""
    force = Force("F", ())
    force = add_unit(add_unit(force, PATHGUARD), PATHGUARD)
    assert force.entries == (ForceEntry(PATHGUARD, count=2),)
    carded = Force("F", (ForceEntry(KESTREL, cards=(UPLINK,)),))
    assert add_unit(carded, KESTREL).entries == (
        ForceEntry(KESTREL, cards=(UPLINK,)),
        ForceEntry(KESTREL),
    )
    assert remove_one(force, 0).entries == (ForceEntry(PATHGUARD, count=1),)
    assert remove_one(remove_one(force, 0), 0).entries == ()


def test_cards_go_into_one_copy():
    """AOD-3.7: cards fill one 'Mech's slots; of three copies one is split off for them."""
    force = Force("F", (ForceEntry(KESTREL, count=3), ForceEntry(PATHGUARD)))
    changed, index = set_cards(force, 0, (UPLINK, GRADUATE))
    assert index == 1
    assert changed.entries == (
        ForceEntry(KESTREL, count=2),
        ForceEntry(KESTREL, cards=(UPLINK, GRADUATE)),
        ForceEntry(PATHGUARD),
    )
    assert changed.points == force.points + 8 + 10  # AOD-20.6: gear adds its cost
    single, index = set_cards(changed, 1, ())
    assert (single.entries[1], index) == (ForceEntry(KESTREL), 1)


def test_slot_cards_are_gear_and_pilots_only():
    """AOD-20.3: a planetary condition card goes in no slot."""
    assert [card.id for card in slot_cards(CATALOGUE)] == ["G-X1", "P-X1"]


def test_a_faction_lists_its_units_its_allies_and_mercenaries():
    """AOD-18.6, AOD-2: Liao's list has Liao units and mercenaries, no Jade Falcon unit."""
    liao = listed_units(UNITS, CATALOGUE, "liao")
    assert WARDEN in liao
    assert PATHGUARD in liao
    assert KESTREL not in liao
    assert {unit.faction for unit in liao} == {"liao", None}
    assert len(listed_units(UNITS, CATALOGUE, "")) == len(UNITS)


def test_plain_sentences_without_force_names_or_rule_ids():
    """Player-facing problems: the engine's line without its force name and section ids."""
    assert plain("Strike: 460 points is over the build total of 450 (AOD-4)", "Strike") == (
        "460 points is over the build total of 450."
    )
    assert plain(
        "Strike: unique unit HX-99 is fielded 2 times (once at most, AOD-4)", "Strike"
    ) == ("Unique unit HX-99 is fielded 2 times (once at most).")
    assert plain("P-X1 needs class L, not H (AOD-20.5)") == "P-X1 needs class L, not H."


def test_lines_of_the_lists_and_the_totals():
    """A catalogue line: letter, name, rank, points; a force line: copies and points, cards."""
    assert unit_line(KESTREL) == "M Kestrel KS-2L             e 110"
    assert unit_line(PATHGUARD) == "I Pathguard Rifle Squad     g  12"
    assert entry_line(ForceEntry(KESTREL, cards=(UPLINK,))) == (
        "1x Kestrel KS-2L              118\n   + G-X1 Targeting Uplink (8)"
    )
    assert totals_text(FALCON, 450) == "436 / 450 points, 14 left   3 orders a turn   11 units"
    assert totals_text(FALCON, 300).startswith("436 / 300 points, 136 over   2 orders a turn")


def test_notes_on_formations_and_awe():
    """AOD-21.3: Sea Fox never forms; AOD-21.1: Awe needs half the total in elite Liao units."""
    assert formation_note(FALCON, CATALOGUE) == (
        "Formations: Tortoise TQ-3M is Clan Sea Fox: Renegade, never in a formation."
    )
    assert awe_note(LIAO, 450, CATALOGUE) == (
        "Awe is off: elite House Liao units are worth 185 points of the 225 it needs."
    )
    two_wardens = add_unit(LIAO, WARDEN)  # AOD-26.16's test variant: 370 >= 225
    assert awe_note(two_wardens, 450, CATALOGUE).startswith("Awe is on: elite House Liao")
    assert awe_note(FALCON, 450, CATALOGUE) == ""


# ------------------------------------------------------------------ the screen


class Host(App[None]):
    """A bare app that pushes one screen and records what it is dismissed with."""

    def __init__(self, screen):
        super().__init__()
        self.first = screen
        self.results = []

    def on_mount(self):
        for theme in THEMES:
            self.register_theme(theme)
        self.theme = HEXMECH_THEME.name
        self.push_screen(self.first, self.results.append)


def builder(force=None, **options):
    """A builder for Alice, with the Falcon demo force for ``d``."""
    return ForceBuilderScreen("Alice", CATALOGUE, UNITS, force, demo=FALCON, **options)


def text(app, selector):
    """The text of a Static of the builder."""
    return str(app.screen.query_one(selector, Static).render())


def highlight(app, unit):
    """Highlight ``unit`` in the catalogue list."""
    listing = app.screen.query_one("#fb-catalogue", OptionList)
    listing.highlighted = app.screen.listed.index(unit)


async def test_adding_and_removing_updates_totals_and_problems():
    """AOD-4: points used of the total, orders a turn; over the total is a problem, live."""
    app = Host(builder())
    async with app.run_test(size=(80, 24)) as pilot:
        assert text(app, "#fb-totals") == "0 / 450 points, 450 left   3 orders a turn   0 units"
        assert "No units yet" in text(app, "#fb-problems")
        highlight(app, WARDEN)
        await pilot.press("a", "a")
        assert app.screen.force.entries == (ForceEntry(WARDEN, count=2),)
        assert text(app, "#fb-totals").startswith("370 / 450 points, 80 left")
        assert "Ready" in text(app, "#fb-problems")
        await pilot.press("a")
        assert text(app, "#fb-totals").startswith("555 / 450 points, 105 over")
        assert text(app, "#fb-problems").startswith(
            "\u2717 555 points is over the build total of 450."
        )
        assert app.screen.query_one("#fb-problems").has_class("-error")
        await pilot.press("x")
        assert app.screen.force.entries == (ForceEntry(WARDEN, count=2),)
        assert not app.screen.query_one("#fb-problems").has_class("-error")


async def test_the_build_total_goes_in_steps_of_150():
    """AOD-4: multiples of 150, orders a turn = total / 150; never below 150."""
    app = Host(builder())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right_square_bracket")
        assert app.screen.build_total == 600
        assert text(app, "#fb-total").startswith("Build total 600  4 orders")
        await pilot.press(*["left_square_bracket"] * 4)
        assert app.screen.build_total == 150
        assert text(app, "#fb-message") == "The build total is at least 150."


async def test_an_agreed_total_stays():
    """The setup form may fix the total: the keys say so and change nothing."""
    app = Host(builder(build_total=300, total_locked=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right_square_bracket")
        assert app.screen.build_total == 300
        assert text(app, "#fb-message") == "The build total is agreed: 300."


async def test_the_faction_key_filters_the_catalogue():
    """AOD-18.6: ``f`` lists the next faction's units, allies and mercenaries."""
    app = Host(builder())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f")  # the first faction of the catalogue: House Liao
        assert app.screen.faction == "liao"
        assert text(app, "#fb-faction").startswith("Units: House Liao (awe")
        assert KESTREL not in app.screen.listed
        assert app.screen.query_one("#fb-catalogue", OptionList).option_count == len(
            listed_units(UNITS, CATALOGUE, "liao")
        )
        await pilot.press("F")
        assert app.screen.faction == ""


async def test_done_returns_the_force_and_refuses_an_illegal_one():
    """Enter with problems is refused with the first one; with none it dismisses the Force."""
    app = Host(builder())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        assert app.results == []
        assert text(app, "#fb-message").startswith("Not yet: No units.")
        await pilot.press("d", "ctrl+s")
        assert app.results == [FALCON]


async def test_cards_for_a_mech_of_the_force():
    """AOD-3.7, AOD-20.7: a class L pilot fits the Kestrel; in the Warden (H) it is a problem.

    A common pilot may be in two 'Mechs (only LP and GS are one per force); the Awe note counts
    the card's cost with the Warden's points (AOD-21.1, AOD-20.7).
    """
    start = Force("Alice's force", (ForceEntry(KESTREL), ForceEntry(WARDEN)))
    app = Host(builder(start))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("tab", "c")
        assert isinstance(app.screen, CardPickerScreen)
        await pilot.press("down", "space")  # P-X1 Academy Graduate
        assert "These cards fit" in str(app.screen.query_one("#cp-problems", Static).render())
        await pilot.press("enter")
        assert app.screen.force.entries[0] == ForceEntry(KESTREL, cards=(GRADUATE,))
        assert text(app, "#fb-totals").startswith("305 / 450 points")
        await pilot.press("down", "c", "down", "space")  # the Warden is class H
        problems = str(app.screen.query_one("#cp-problems", Static).render())
        assert problems == "\u2717 P-X1 needs class L, not H."
        await pilot.press("enter")
        assert text(app, "#fb-problems") == (
            "\u2717 Warden WD-5H: P-X1 needs class L, not H.\n"
            "Formations: Clan Jade Falcon and House Liao are not allied.\n"
            "Awe is off: elite House Liao units are worth 195 points of the 225 it needs."
        )
        assert app.screen.force.points == 110 + 10 + 185 + 10


async def test_cards_only_for_mechs():
    """AOD-3.7: infantry and vehicles have no slots; the builder says so."""
    app = Host(builder(Force("Alice's force", (ForceEntry(PATHGUARD),))))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("tab", "c")
        assert not isinstance(app.screen, CardPickerScreen)
        assert text(app, "#fb-message") == (
            "Pathguard Rifle Squad has no slots: only 'Mechs take cards."
        )


async def test_naming_the_force():
    """``r`` asks for the name; a blank one is refused, Escape keeps the old one."""
    app = Host(builder())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "ctrl+u", "enter")
        assert isinstance(app.screen, NameScreen)  # blank: refused
        await pilot.press(*"Red  Wolves", "enter")
        assert app.screen.force.name == "Red Wolves"
        assert app.screen.query_one("#fb-force").border_title == "Red Wolves"
        await pilot.press("r", "x", "escape")
        assert app.screen.force.name == "Red Wolves"


async def test_escape_leaves_at_once_when_nothing_changed():
    """Nothing to lose: no question."""
    app = Host(builder(FALCON))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")
        assert app.results == [None]


async def test_escape_asks_before_losing_changes():
    """A changed force: Escape asks; No stays, Yes leaves with None."""
    app = Host(builder())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", "escape")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, ForceBuilderScreen)
        assert app.screen.force.points == PATHGUARD.points
        await pilot.press("escape", "y")
        assert app.results == [None]


async def test_v_views_the_unit_at_80x24():
    """The narrow screen has no room beside the lists: ``v`` shows the panel over them."""
    app = Host(builder(Force("Alice's force", (ForceEntry(KESTREL, cards=(UPLINK,)),))))
    async with app.run_test(size=(80, 24)) as pilot:
        assert not app.screen.query_one("#fb-preview").display
        await pilot.press("tab", "v")
        assert isinstance(app.screen, UnitViewScreen)
        panel = app.screen.query_one(DialPanel)
        assert (panel.data.unit, panel.data.cards) == (KESTREL, (UPLINK,))
        await pilot.press("escape")
        assert isinstance(app.screen, ForceBuilderScreen)


async def test_the_wide_screen_shows_the_unit_panel():
    """120 columns: the highlighted unit's panel beside the lists, the detail line hidden."""
    app = Host(builder())
    async with app.run_test(size=(120, 40)) as pilot:
        highlight(app, KESTREL)
        await pilot.pause()
        assert app.screen.query_one("#fb-preview").display
        panel = app.screen.query_one("#fb-panel")
        assert panel.data.unit == KESTREL
        assert not app.screen.query_one("#fb-detail").display


def test_builder_at_80x24(snap_compare):
    """The demo force loaded and a Warden added: over the total, the problem in red."""
    app = Host(builder())
    presses = ["d", *["down"] * 9, "a"]
    assert snap_compare(app, press=presses, terminal_size=(80, 24))


def test_builder_at_120x40(snap_compare):
    """The Liao demo force with the Kestrel's cards being read in the unit panel."""
    start = evolve(LIAO, entries=(*LIAO.entries, ForceEntry(KESTREL, cards=(UPLINK,))))
    app = Host(ForceBuilderScreen("Bob", CATALOGUE, UNITS, start, demo=LIAO))
    presses = ["tab", *["down"] * 7]
    assert snap_compare(app, press=presses, terminal_size=(120, 40))
