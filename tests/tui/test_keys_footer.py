"""The footer is composed again only when the keys it shows change (issue 14)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tui.widgets.footer import KeysFooter


class Host(App[None]):
    BINDINGS: ClassVar = [Binding("a", "alpha", "Alpha"), Binding("b", "beta", "Beta")]
    beta_on = True

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def check_action(self, action: str, _parameters: tuple[object, ...]) -> bool | None:
        return None if action == "beta" and not self.beta_on else True

    def action_alpha(self) -> None:
        pass

    def action_beta(self) -> None:
        pass


async def test_the_same_keys_are_not_composed_again(monkeypatch) -> None:
    composed = []
    real = Footer.compose

    def compose(self):
        composed.append(self)
        return real(self)

    monkeypatch.setattr(Footer, "compose", compose)
    app = Host()
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        footer = app.query_one(KeysFooter)
        keys = {key.key: key for key in footer.query(FooterKey)}
        assert {"a", "b"} <= set(keys)
        before = len(composed)
        for _ in range(3):
            app.refresh_bindings()
            await pilot.pause()
        assert len(composed) == before  # the same keys: kept
        app.beta_on = False
        app.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert len(composed) == before + 1  # beta disabled: composed once more
        beta = next(key for key in footer.query(FooterKey) if key.key == "b")
        assert beta.has_class("-disabled")
