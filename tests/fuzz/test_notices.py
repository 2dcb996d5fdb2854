"""Notices that quote a file's name or content show it literally, never as Textual markup.

A save called ``[bold red]x[reverse].jsonl`` or a reason holding ``[link=...]`` must reach the
player as those characters: read as markup it would restyle the notice, turn words into links,
or (with an unbalanced tag) raise a `MarkupError` inside the app.
"""

from __future__ import annotations

import attrs
from textual.widgets._toast import Toast

from tests.tui.fakes import DAMAGED, SAVES_DIR, FakeStore
from tui.app import HexmechApp

NAME = "[bold red]x[reverse].jsonl"  # a file name cannot hold "/" (no closing tags)
REASON = f"{NAME}:1: not a hexmech save [link=https://evil.example]click[/link] [/oops]"
MARKED = attrs.evolve(DAMAGED, path=SAVES_DIR / NAME, error=REASON)
SIZE = (100, 30)


def toasts(app: HexmechApp) -> list[str]:
    """The text of every notice on the screen, as drawn."""
    return [str(toast.render()) for toast in app.screen.query(Toast)]


def app_on(store: FakeStore) -> HexmechApp:
    return HexmechApp(
        SAVES_DIR, list_saves=store.list_saves, delete_save=store.delete_save, screens={}
    )


async def test_a_damaged_save_with_markup_in_its_name_is_reported_literally():
    """Enter on the damaged save: the notice shows the brackets, the link words and all."""
    app = app_on(FakeStore([MARKED]))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()

        assert [n.message for n in app._notifications] == [REASON]
        assert all(not n.markup for n in app._notifications)
        shown = "".join(toasts(app))
        assert f"{NAME}:1" in shown
        assert "[link=https://evil.example]click[/link] [/oops]" in shown


async def test_deleting_a_save_with_markup_in_its_name_names_it_literally():
    """d, y on that save: the notice names it with its brackets."""
    store = FakeStore([MARKED])
    app = app_on(store)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()

        assert store.deleted == [MARKED.path]
        assert [n.message for n in app._notifications] == [f"Deleted {NAME}"]
        assert f"Deleted {NAME}" in "".join(toasts(app))
