"""The preferences file: defaults, round trip, damaged files give defaults and one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves.preferences import FILE_NAME, Preferences, load_preferences, save_preferences


def test_missing_file_gives_the_defaults(tmp_path: Path) -> None:
    assert load_preferences(tmp_path) == (Preferences(), None)
    defaults = Preferences()
    assert defaults.handover
    assert defaults.phase_summary
    assert defaults.tutorial


def test_save_then_load_is_the_identity(tmp_path: Path) -> None:
    chosen = Preferences(handover=False, phase_summary=True, tutorial=False)
    save_preferences(tmp_path / "new", chosen)
    assert load_preferences(tmp_path / "new") == (chosen, None)


@pytest.mark.parametrize("data", [b"{", b"[]", b'{"handover": "yes"}', b"\xff\xfe{}"])
def test_damaged_file_gives_defaults_and_one_line(tmp_path: Path, data: bytes) -> None:
    (tmp_path / FILE_NAME).write_bytes(data)
    preferences, warning = load_preferences(tmp_path)
    assert preferences == Preferences()
    assert warning is not None
    assert "\n" not in warning
    assert FILE_NAME in warning


def test_unknown_keys_are_ignored(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text('{"tutorial": false, "later": 3}', encoding="utf-8")
    assert load_preferences(tmp_path) == (Preferences(tutorial=False), None)
