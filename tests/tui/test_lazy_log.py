"""The log tells and wraps only what it shows (issue 14, rows 1-2), with the same words as before.

A long race (more entries than the game keeps between two snapshots) is told lazily by `Story`:
only the entries of the lines asked for, and the lines are those the whole story gives. The
`EventLog` asks for a few screenfuls before the position and brings earlier lines when scrolled
near the top. The replay's marks are found once; the timeline and the jumps agree with the marks.
"""

from __future__ import annotations

from textual.app import App, ComposeResult

from engine.dice import ScriptedDice
from engine.game import Game, UndoPolicy
from engine.narration import tell_entries
from tests.support.race import RULESET as RACE
from tests.support.race import Step
from tests.tui.test_game_screen import Host, RaceScreen, finished_save, new_journal
from tui.widgets.log import CHUNK, EventLog, wrap_told
from tui.widgets.story import Story

LONG = 150
"""Commands of the long race: several snapshots' worth (one every 32 entries)."""


def long_race(commands: int = LONG) -> Game:
    game = Game(
        RACE, RACE.make_setup({"goal": 10_000}), ScriptedDice(()), undo_policy=UndoPolicy.SOLO
    )
    for n in range(commands):
        game.execute(Step(1 + n % 3))
    return game


def whole_lines(game: Game, index: int, events: int = 0) -> list:
    """What the log showed before the change: every line up to a position, routine left out."""
    told = tell_entries(RACE, game.initial, game.entries)
    lines = [t for entry in told[:index] for t in entry if not t.routine]
    if events:
        lines.extend(t for t in told[index] if t.event < events and not t.routine)
    return lines


class CountedTells:
    """Count the entries the race's ruleset is asked to tell."""

    def __init__(self, monkeypatch) -> None:
        self.told: list[int] = []
        tell = RACE.tell

        def counted(entry, command, events, state):
            self.told.append(entry)
            return tell(entry, command, events, state)

        monkeypatch.setattr(RACE, "tell", counted)


def test_a_story_tells_nothing_until_asked_and_then_only_the_entries_of_the_lines(monkeypatch):
    game = long_race()
    counted = CountedTells(monkeypatch)
    story = Story()
    story.retell(game, everything=True)
    assert counted.told == []
    lines, current = story.lines((LONG, 0), limit=10)
    told = list(counted.told)
    story.lines((LONG, 0), limit=10)
    assert counted.told == told  # told once, kept
    # the last ten lines come from the last few entries, told from the snapshot before them
    assert told == list(range(LONG // 32 * 32, LONG))
    assert lines == whole_lines(game, LONG)[-10:]
    assert current == 9


def test_lines_with_a_limit_are_the_tail_of_every_line_at_every_position(monkeypatch):
    game = long_race()
    story = Story()
    story.retell(game, everything=True)
    for index, asked in [(0, 0), (1, 0), (1, 1), (33, 1), (64, 0), (97, 2), (LONG, 0)]:
        events = min(asked, len(game.entries[index].events) - 1) if index < LONG else 0
        whole = whole_lines(game, index, events)
        for limit in (1, 7, 50, 10_000):
            lines, current = story.lines((index, events), limit=limit)
            assert lines == whole[-limit:]
            assert current == (len(lines) - 1 if lines else None)
    assert story.lines()[0] == whole_lines(game, LONG)
    # every entry told lazily says what telling the whole game says
    assert story.entries == tell_entries(RACE, game.initial, game.entries)


def test_a_lazy_story_follows_undo_and_new_commands() -> None:
    game = long_race(40)
    story = Story()
    story.retell(game)
    story.lines(limit=5)  # the last entries are told
    game.undo()
    game.undo()
    story.sync(game)
    game.execute(Step(3))
    story.sync(game)
    assert story.entries == tell_entries(RACE, game.initial, game.entries)
    assert story.tray() == tuple(story.entries[-1])
    story.forget(10)
    assert len(story) == 10
    story.sync(game)
    assert story.entries == tell_entries(RACE, game.initial, game.entries)


def test_short_lines_wrap_as_textwrap_does() -> None:
    """The short-line shortcut gives textwrap's rows; long or odd lines still go through it."""
    import textwrap  # noqa: PLC0415

    from engine.narration import Told  # noqa: PLC0415

    texts = [
        "Red moves 2 to 3.",
        "  indented",
        "trailing  ",
        "tab\there",
        "",
        "x" * 40,
        "a b " * 20,
    ]
    for text in texts:
        for command in (True, False):
            told = Told(0, -1 if command else 0, text)
            prefix = "# " if command else "  "
            room = 40 - len(prefix) - 2
            parts = textwrap.wrap(text, room, break_on_hyphens=False) or [""]
            expected = [(prefix if i == 0 else "  ") + part for i, part in enumerate(parts)]
            assert wrap_told(told, 40) == expected


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield EventLog()


async def test_the_log_shows_a_few_screenfuls_and_brings_earlier_lines_near_the_top():
    game = long_race(400)
    story = Story()
    story.retell(game, everything=True)
    app = LogApp()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(EventLog)
        log.show_story(story, (400, 0))
        await pilot.pause()
        shown = len(log.told)
        whole = whole_lines(game, 400)
        assert CHUNK <= shown < len(whole)
        assert list(log.told) == whole[-shown:]
        assert log.current == shown - 1
        last = log.told[-1]
        log.scroll_to(y=0, animate=False, immediate=True)
        await pilot.pause()
        assert len(log.told) == shown + CHUNK
        assert list(log.told) == whole[-shown - CHUNK :]
        assert log.told[log.current] is last  # the same line is still the current one
        assert log.scroll_y > 0  # the lines that were in view stay in view
        log.show_story(story, (0, 0))
        await pilot.pause()
        assert log.told == ()


async def test_the_timeline_and_the_jumps_agree_with_the_marks(tmp_path):
    """The marks' positions found once: where the timeline says the replay is, where > goes."""
    from tests.tui.replay_games import paper_save  # noqa: PLC0415
    from tui.papermech.screen import PaperMechScreen  # noqa: PLC0415

    screen = PaperMechScreen.replay(paper_save(tmp_path, seed=11, battles=2))
    async with Host(screen).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        controls = screen.controls
        marks = controls.marks
        assert sum(m.major for m in marks) > 2
        for index in range(0, len(screen.cursor.sizes) + 1, 3):
            screen.cursor = screen.cursor.go(index)
            here = screen.cursor.position
            view = controls.timeline_view()
            passed = [m for m in marks if controls._at(m) <= here]
            assert view.where == (passed[-1].title if passed else "")
            majors = [controls._at(m) for m in marks if m.major]
            later = [p for p in majors if p > here]
            controls.jump(1)
            assert screen.cursor.position == (later[0] if later else (len(screen.cursor.sizes), 0))
            screen.cursor = screen.cursor.go(*here)
            earlier = [p for p in majors if p < here]
            controls.jump(-1)
            assert screen.cursor.position == (earlier[-1] if earlier else (0, 0))


def test_a_finished_save_is_replayed_and_its_lock_released(tmp_path):
    from saves.journal import Journal  # noqa: PLC0415

    path = finished_save(tmp_path)
    screen = RaceScreen.open_save(path)
    assert isinstance(screen, RaceScreen)
    assert screen.replaying
    Journal.open(path).close()  # nobody holds it
    going = new_journal(tmp_path, name="going.jsonl")
    going.execute(Step(1))
    # another window plays it: one line, as before; a finished one in use is still replayed
    refused = RaceScreen.open_save(going.path)
    assert not isinstance(refused, RaceScreen)
    assert "going.jsonl" in refused.reason
    going.close()
    with Journal.open(path):
        assert RaceScreen.open_save(path).replaying
