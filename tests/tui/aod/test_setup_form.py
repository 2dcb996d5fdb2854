"""The AoD new-game form: 2-4 players (AOD-2), names, forces (AOD-4), the build total, the seed."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select, Static

from engine.aod.force import Force
from engine.aod.terrain import Edge
from tests.tui.aod.test_screen_play import SIZE, library  # noqa: F401 - the fixture
from tests.tui.fakes import messages
from tui.aod.force_builder import ForceBuilderScreen, demo_forces
from tui.aod.setup import AoDSetupScreen, AoDStart, build_setup, planetary_cards, setup_problems
from tui.app import HexmechApp


async def open_form(app, pilot, library):  # noqa: F811
    started: list[AoDStart | None] = []
    app.push_screen(AoDSetupScreen(random_seed=42, library=library), started.append)
    await pilot.pause()
    return started


def test_the_setup_seats_players_at_the_four_edges(library):  # noqa: F811
    """AOD-5 step 2: top, bottom, left, right in seating order; the demo board (AOD-26.16)."""
    forces = demo_forces(library)
    setup = build_setup(library, ["A", "B", "C", "D"], [forces[n % 2] for n in range(4)], 450)
    assert [(p.name, p.edge) for p in setup.players] == [
        ("A", Edge.TOP),
        ("B", Edge.BOTTOM),
        ("C", Edge.LEFT),
        ("D", Edge.RIGHT),
    ]
    assert setup.title == "A v B v C v D"
    assert setup.orders == 3  # AOD-4: 450 / 150
    assert len(setup.terrain.features()) == 4  # the demo's four pieces


def test_problems_are_plain_lines(library):  # noqa: F811
    """AOD-2 and AOD-4: a missing name, a twin name, a force over the total, a bad total."""
    forces = demo_forces(library)
    assert setup_problems(["A", "B"], forces, 450) == []
    assert setup_problems(["A", " "], forces, 450) == ["Every player needs a name."]
    assert setup_problems(["A", "a"], forces, 450) == ["Two players have the same name."]
    over = setup_problems(["A", "B"], forces, 300)
    assert over == [
        "A: 436 points is over the build total of 300 (AOD-4).",
        "B: 436 points is over the build total of 300 (AOD-4).",
    ]
    assert setup_problems(["A", "B"], forces, 400)[0].startswith("The build total must be")
    assert setup_problems(["A"], forces[:1], 450)[0] == "2 to 4 players play, not 1."
    with pytest.raises(ValueError, match="same name"):
        build_setup(library, ["A", "A"], forces, 450)


async def test_ctrl_s_starts_the_demo_for_two(tmp_path, library):  # noqa: F811
    """The form opens ready: the demo forces, 450 points, the offered seed."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        started = await open_form(app, pilot, library)
        assert str(app.screen.query_one("#as-problems", Static).render()) == "Ready to start."
        await pilot.press("ctrl+s")
    (start,) = started
    assert start.seed == 42
    assert start.setup.players[0].name == "Falcon Strike"
    assert sum(u.points for u in start.setup.players[1].force) == 436


async def test_more_players_a_renamed_one_and_a_bigger_total(tmp_path, library):  # noqa: F811
    """F2 adds a player (3 here), F4 adds 150 points (4 orders a turn); names are typed."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        started = await open_form(app, pilot, library)
        await pilot.press("f2", "f4")
        name = app.screen.query_one("#as-name-2", Input)
        assert app.screen.query_one("#as-row-2").display
        assert not app.screen.query_one("#as-row-3").display
        name.value = ""
        name.focus()
        await pilot.press(*"Steiner", "ctrl+s")
    (start,) = started
    setup = start.setup
    assert [p.name for p in setup.players] == ["Falcon Strike", "Liao Line", "Steiner"]
    assert setup.players[2].edge is Edge.LEFT
    assert setup.build_total == 600
    assert setup.orders == 4


async def test_a_bad_form_refuses_to_start_with_one_line(tmp_path, library):  # noqa: F811
    """An empty name: Ctrl+S says why and stays."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        started = await open_form(app, pilot, library)
        app.screen.query_one("#as-name-1", Input).value = ""
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, AoDSetupScreen)
        assert messages(app)[-1] == "Every player needs a name."
    assert started == []


async def test_the_force_button_opens_the_builder_and_keeps_its_force(tmp_path, library):  # noqa: F811
    """Enter on a Force button: the force builder of that seat; its force comes back."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_form(app, pilot, library)
        form = app.screen
        form.query_one("#as-force-0").focus()
        await pilot.press("enter")
        builder = app.screen
        assert isinstance(builder, ForceBuilderScreen)
        assert builder.player == "Falcon Strike"
        smaller = Force("Falcon Strike", form.forces[0].entries[:2])
        builder.dismiss(smaller)
        await pilot.pause()
        assert app.screen is form
        assert form.forces[0] == smaller
        text = str(form.query_one("#as-force-text-0", Static).render())
        assert f"{len(smaller.units):>2} units, {smaller.points:>3} points" in text


async def test_the_planetary_conditions_card_is_chosen_on_the_form(tmp_path, library):  # noqa: F811
    """AOD-20.3: Planet lists the catalogue's planetary cards; Dense Fog goes into the setup."""
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        started = await open_form(app, pilot, library)
        form = app.screen
        planet = form.query_one("#as-planetary", Select)
        assert planet.is_blank()  # none by default
        assert "Planetary conditions: none." in str(form.query_one("#as-settings").render())
        planet.focus()
        await pilot.press("enter", "down", "enter")  # open the list, Dense Fog, take it
        assert planet.value == "PC-X1"
        settings = str(form.query_one("#as-settings", Static).render())
        assert "Planetary conditions: Dense Fog (PC-X1), for all." in settings
        await pilot.press("ctrl+s")
    (start,) = started
    assert start.setup.planetary == ("PC-X1",)


def test_planetary_cards_come_from_the_catalogue(library):  # noqa: F811
    """AOD-20.3: the catalogue's only planetary card is Dense Fog (AOD-26.14); no card: none."""
    assert planetary_cards(library) == [("PC-X1", "Dense Fog")]
    forces = demo_forces(library)
    assert build_setup(library, ["A", "B"], forces, 450).planetary == ()
    fog = build_setup(library, ["A", "B"], forces, 450, planetary="PC-X1")
    assert fog.planetary == ("PC-X1",)
    with pytest.raises(ValueError, match="no planetary conditions card G-X1"):
        build_setup(library, ["A", "B"], forces, 450, planetary="G-X1")
