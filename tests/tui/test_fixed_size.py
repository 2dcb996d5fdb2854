"""Updates that keep a widget's size repaint it without laying out the screen (issue 14)."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from engine.narration import COMMAND, Told
from tui.battletech.screen import SidePanels
from tui.battletech.widgets._panel import BTPanel
from tui.widgets.fixed import fixed_size, update_static
from tui.widgets.log import EventLog


class LinesPanel(BTPanel[str]):
    """A panel drawing its data as it is, counting its draws."""

    draws = 0

    def draw(self, data: str, styles: dict[str, Style]) -> Text:  # noqa: ARG002 - no roles
        LinesPanel.draws += 1
        return Text(data)


class Host(App[None]):
    CSS = "#line { height: 1; width: 100%; } #log { height: 5; }"

    def compose(self) -> ComposeResult:
        yield Static(id="line")
        yield Static(id="free")
        yield LinesPanel(id="panel")
        yield EventLog(id="log")


def _spy(widget, calls):
    real = widget.refresh

    def refresh(*args, **kwargs):
        calls.append(kwargs.get("layout", False))
        return real(*args, **kwargs)

    widget.refresh = refresh


async def test_a_panel_of_as_many_rows_is_repainted_not_laid_out() -> None:
    app = Host()
    async with app.run_test(size=(60, 30)) as pilot:
        panel = app.query_one(LinesPanel)
        panel.show("one\ntwo")
        await pilot.pause()
        assert panel.size.height == 2
        calls: list[bool] = []
        _spy(panel, calls)
        draws = LinesPanel.draws
        panel.show("three\nfour")
        await pilot.pause()
        assert calls == [False]
        assert panel.render().plain == "three\nfour"
        assert LinesPanel.draws == draws + 1  # drawn once, for the check and the frame
        panel.show("five\nsix\nseven")
        await pilot.pause()
        assert calls[-1] is True
        assert panel.size.height == 3
        panel.show("a line too long for the sixty columns of this screen: it wraps to two rows")
        await pilot.pause()
        assert panel.size.height == 2
        del calls[:]
        panel.show("two\nrows")  # as tall as the wrapped line: no layout
        await pilot.pause()
        assert calls == [False]
        assert panel.render().plain == "two\nrows"


async def test_fixed_statics_update_without_layout() -> None:
    app = Host()
    async with app.run_test(size=(60, 30)) as pilot:
        line, free = app.query_one("#line", Static), app.query_one("#free", Static)
        assert fixed_size(line)
        assert not fixed_size(free)
        calls: list[bool] = []
        _spy(line, calls)
        update_static(line, "hello")
        await pilot.pause()
        assert calls == [False]
        assert str(line.render()) == "hello"
        free_calls: list[bool] = []
        _spy(free, free_calls)
        update_static(free, "a\nb")
        await pilot.pause()
        assert free_calls[0] is True
        assert free.size.height == 2


async def test_the_log_lays_out_only_when_its_scrollbar_comes_or_goes() -> None:
    app = Host()
    async with app.run_test(size=(60, 30)) as pilot:
        log = app.query_one(EventLog)
        lines = [Told(n, COMMAND if n % 3 == 0 else 0, f"line {n}") for n in range(40)]
        log.show(lines[:20])
        await pilot.pause()
        assert log.show_vertical_scrollbar
        calls: list[bool] = []
        _spy(log, calls)
        log.show(lines[:30])
        await pilot.pause()
        assert True not in calls
        assert log.virtual_size.height == 30
        assert log.max_scroll_y == 30 - log.scrollable_content_region.height
        log.show(lines[:2])
        await pilot.pause()
        assert True in calls
        assert not log.show_vertical_scrollbar


class Column(App[None]):
    def compose(self) -> ComposeResult:
        with SidePanels(id="side"):
            yield LinesPanel(id="panel")


async def test_a_panel_growing_is_laid_out_once(monkeypatch) -> None:
    """A panel changing height in the side column: one layout, not a second for its sizes."""
    layouts = []
    real = Screen._refresh_layout

    def refresh_layout(self, *args, **kwargs):
        layouts.append(self)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", refresh_layout)
    app = Column()
    async with app.run_test(size=(60, 30)) as pilot:
        panel = app.query_one(LinesPanel)
        panel.show("one")
        await pilot.pause()
        for rows in (3, 5, 2):
            del layouts[:]
            panel.show("\n".join(["row"] * rows))
            await pilot.pause()
            await pilot.pause()
            assert panel.size.height == rows
            assert len(layouts) == 1
