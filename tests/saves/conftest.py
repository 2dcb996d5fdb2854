"""Fixtures for the save tests."""

from __future__ import annotations

import pytest

from engine import registry
from tests.support.race import RULESET


@pytest.fixture(autouse=True)
def race_registered():
    """Make the race ruleset known by name, as a save header names it."""
    return registry.register(RULESET)
