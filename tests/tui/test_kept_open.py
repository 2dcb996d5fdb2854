"""Opening a save to play from the state it kept (issue 14 row 2): the check after the first frame.

The screen starts from the save's last kept state; after the first frame it folds the entries
before it a chunk per tick (`saves.journal.check_kept`). A kept state its entries do not give is
said in one line, and the save is opened again with every entry folded.
"""

from __future__ import annotations

from saves.journal import Journal, read_game
from tests.saves._support import dump_line, join_lines, json_lines
from tests.support.race import RULESET, Step
from tests.tui.test_game_screen import CREATED, Host, RaceScreen, track


def kept_save(path, *, steps=12, keep_every=4):
    """A race (goal 200) of ``steps`` steps of 1, keeping a state every ``keep_every`` entries."""
    setup = RULESET.make_setup({"goal": 200})
    with Journal.create(
        path, RULESET, setup, created=CREATED, seed=3, keep_every=keep_every
    ) as journal:
        for _ in range(steps):
            journal.execute(Step(1))
    return path


async def wait_for_check(pilot, screen, ticks=100):
    for _ in range(ticks):
        if screen.unchecked is None:
            return
        await pilot.pause(0.02)
    raise AssertionError("the check did not finish")


async def test_a_save_opens_from_its_kept_state_and_folds_the_rest_after_the_first_frame(
    tmp_path, monkeypatch
):
    """The game opens at the kept state; the check then keeps every earlier state for undo."""
    monkeypatch.setattr(RaceScreen, "CHECK_AFTER", 0.01)
    path = kept_save(tmp_path / "race.jsonl")
    screen = RaceScreen.open_save(path)
    assert screen.unchecked is not None
    assert screen.unchecked.restored == 12
    async with Host(screen).run_test() as pilot:
        await pilot.pause()
        assert track(screen) == "(6, 6)"
        await wait_for_check(pilot, screen)
        assert not [n for n in pilot.app._notifications if n.severity != "information"]
        folded = read_game(path.read_bytes(), path.name).game
        assert [screen.game.state_at(i) for i in range(13)] == [
            folded.state_at(i) for i in range(13)
        ]
        await pilot.press("colon", *"step 2", "enter")
        await pilot.pause()
        assert track(screen) == "(8, 6)"


async def test_a_kept_state_its_moves_do_not_give_is_said_and_the_save_opened_again(
    tmp_path, monkeypatch
):
    """A lying kept state: one line says so, and the game is opened again from its moves."""
    monkeypatch.setattr(RaceScreen, "CHECK_AFTER", 0.01)
    path = kept_save(tmp_path / "race.jsonl")
    lines = json_lines(path.read_bytes())
    lines[-1]["state"] = ["a", {"track": ["a", {"positions": ["v", [50, 50]]}]}]
    path.write_bytes(join_lines(dump_line(line) for line in lines))
    screen = RaceScreen.open_save(path)
    assert screen.game.state.track.positions == (50, 50)  # the first frame trusts it
    async with Host(screen).run_test() as pilot:
        await wait_for_check(pilot, screen)
        for _ in range(50):
            await pilot.pause(0.02)
            if pilot.app.screen is not screen and pilot.app.screen.is_mounted:
                break
        await pilot.pause()
        again = pilot.app.screen
        assert again is not screen
        assert isinstance(again, RaceScreen)
        assert track(again) == "(6, 6)"  # every entry folded
        assert again.unchecked is None
        said = [n.message for n in pilot.app._notifications if n.severity == "warning"]
        assert any(
            "entry 11: the state the save kept is not what its entries give" in m for m in said
        )


async def test_a_refused_kept_state_under_another_screen_reopens_when_it_comes_back(
    tmp_path, monkeypatch
):
    """The check ends while a help screen covers the game: that screen stays; the game reopens."""
    from textual.screen import Screen  # noqa: PLC0415

    monkeypatch.setattr(RaceScreen, "CHECK_AFTER", 0.01)
    path = kept_save(tmp_path / "race.jsonl")
    lines = json_lines(path.read_bytes())
    lines[-1]["state"] = ["a", {"track": ["a", {"positions": ["v", [50, 50]]}]}]
    path.write_bytes(join_lines(dump_line(line) for line in lines))
    screen = RaceScreen.open_save(path)
    async with Host(screen).run_test() as pilot:
        cover = Screen()
        await pilot.app.push_screen(cover)
        await wait_for_check(pilot, screen)
        await pilot.pause()
        assert pilot.app.screen is cover  # not replaced
        pilot.app.pop_screen()
        for _ in range(50):
            await pilot.pause(0.02)
            if pilot.app.screen is not screen and pilot.app.screen.is_mounted:
                break
        await pilot.pause()
        again = pilot.app.screen
        assert isinstance(again, RaceScreen)
        assert again is not screen
        assert track(again) == "(6, 6)"
