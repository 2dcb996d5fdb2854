"""The computer on both sides of a combined-arms scenario plays it to the end on the screen.

Issue 20 item 8 / issue 21: tanks, a VTOL, platoons and 'Mechs; the bot plays them as the
aggressive player (`engine.battletech.bot.decide`), and the screen keeps giving its commands.
"""

from __future__ import annotations

import attrs

from tests.tui.test_bt_computer import open_screen, until
from tests.tui.test_bt_play import NOW
from tui.app import HexmechApp
from tui.battletech.games import start_game
from tui.battletech.library import FileLibrary, install, load_scenario
from tui.battletech.setup import BTStart


async def test_computer_against_computer_plays_a_convoy_raid_to_the_end(tmp_path) -> None:
    install()
    setup = load_scenario("convoy-raid", FileLibrary())
    setup = attrs.evolve(
        setup,
        computer=("balanced", "balanced"),
        victory=attrs.evolve(setup.victory, turns=2),
    )
    journal = start_game(BTStart(setup, 7), tmp_path, now=NOW)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_screen(app, pilot, journal, pace=0.0)
        await until(pilot, lambda: screen.game.summary.over or screen.computer.stuck, tries=6000)
        assert not screen.computer.stuck, screen.computer.stuck
        assert screen.game.summary.over
