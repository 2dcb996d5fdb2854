"""Fakes for the TUI tests: saves with fixed dates and a store that records what it was asked."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from saves.store import SaveInfo

SAVES_DIR = Path("/saves")


FakeSave = SaveInfo  # the real row type: fakes differ only in where they come from


PAPERMECH = FakeSave(
    SAVES_DIR / "papermech-20250301-183000.jsonl",
    "papermech",
    "Paper 'Mech",
    datetime(2025, 3, 1, 18, 30),  # noqa: DTZ001 - naive, so the display does not depend on TZ
    42,
    "wave 2",
    "in progress",
    None,
    ("Ann",),
    12_345,
)
BATTLETECH = FakeSave(
    SAVES_DIR / "battletech-20250228-201000.jsonl",
    "battletech",
    "BattleTech",
    datetime(2025, 2, 28, 20, 10),  # noqa: DTZ001
    310,
    "turn 9",
    "finished",
    "Red wins",
    ("Red", "Blue"),
    1_234_567,
)
DAMAGED = FakeSave(
    SAVES_DIR / "broken.jsonl",
    "?",
    "?",
    None,
    0,
    "",
    "damaged",
    None,
    (),
    17,
    "broken.jsonl:1: not a hexmech save (no header line)",
)
OLD_RACE = FakeSave(
    SAVES_DIR / "race-20240101-090000.jsonl",
    "race",
    "Race (test ruleset)",
    datetime(2024, 1, 1, 9, 0),  # noqa: DTZ001
    3,
    "turn 2",
    "in progress",
    None,
    ("A", "B"),
    800,
)

ALL_SAVES = (PAPERMECH, BATTLETECH, DAMAGED)
"""Newest first, as the store lists them."""


class FakeStore:
    """A saves directory in memory that records what the app asked of it."""

    def __init__(self, saves=ALL_SAVES, *, list_error=None, delete_error=None):
        self.saves = list(saves)
        self.listed: list[Path] = []
        self.deleted: list[Path] = []
        self.list_error = list_error
        self.delete_error = delete_error

    def list_saves(self, directory):
        self.listed.append(directory)
        if self.list_error is not None:
            raise self.list_error
        return list(self.saves)

    def delete_save(self, path):
        if self.delete_error is not None:
            raise self.delete_error
        self.deleted.append(path)
        self.saves = [s for s in self.saves if s.path != path]


def messages(app):
    """Return the texts of the notifications the app has shown."""
    return [notification.message for notification in app._notifications]
