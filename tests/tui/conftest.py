"""Fixtures of the TUI tests: a colour terminal, a fake store, an app factory."""

from __future__ import annotations

import pytest
from textual.notifications import Notification

from tests.tui.fakes import SAVES_DIR, FakeStore
from tui.app import HexmechApp


@pytest.fixture(autouse=True)
def _colour_terminal(monkeypatch):
    """Run every test as in a colour terminal, whatever the developer's NO_COLOR says."""
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.fixture(autouse=True)
def _notifications_stay(monkeypatch):
    """Keep every notification for the whole test, however slow the machine.

    A notification lasts a few seconds; on a loaded machine a test could read the app's
    notifications after one had expired and miss it. Tests read what was said, not when it went.
    """
    monkeypatch.setattr(Notification, "time_left", property(lambda _: 3600.0))
    monkeypatch.setattr(Notification, "has_expired", property(lambda _: False))


@pytest.fixture(autouse=True)
def _no_guide(request, monkeypatch):
    """Draw the game screens without the guide of a first game (on for a new player).

    The guide's own tests (``test_guide.py``) keep it; the tutorial scenario shows it always.
    """
    if request.module.__name__.rpartition(".")[2] == "test_guide":
        return
    from saves.preferences import Preferences  # noqa: PLC0415 - only for this fixture

    off = (Preferences(tutorial=False), None)
    monkeypatch.setattr("tui.guide.read_preferences", lambda _directory: off)


@pytest.fixture(autouse=True)
def _no_handover(request, monkeypatch):
    """Play both hot-seat sides without the "pass the terminal" prompt, unless a test asks.

    A test that wants the prompt (and the player's preference read from settings.json) names the
    fixture `handover_prompt`.
    """
    if "handover_prompt" not in request.fixturenames:
        monkeypatch.setattr("tui.battletech.handover.handover_wanted", lambda _directory: False)


@pytest.fixture
def handover_prompt():
    """The handover prompt as the player's settings say (on by default): see `_no_handover`."""


@pytest.fixture
def store():
    return FakeStore()


@pytest.fixture
def make_app(store):
    """Build an app on the fake store (or another one), with optional ruleset screens."""

    def make(*, fake=None, screens=None, mono=False, replays=None):
        fake = fake or store
        return HexmechApp(
            SAVES_DIR,
            mono=mono,
            list_saves=fake.list_saves,
            delete_save=fake.delete_save,
            screens={} if screens is None else screens,
            replays={} if replays is None else replays,
        )

    return make
