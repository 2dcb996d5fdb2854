"""Shared test set-up: the test ruleset, hypothesis profiles, paths to shared data."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from engine import registry
from tests.support.race import RULESET
from tui import registry as interfaces

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
RACE_SPEC = "tests.support.race:RULESET"

# Timings vary on a loaded 2-core machine: never fail on them (benchmarks measure speed).
settings.register_profile("dev", deadline=None, max_examples=100)
settings.register_profile(
    "ci", deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

registry.register(RULESET)


@pytest.fixture(autouse=True)
def _interfaces_listed_per_test():
    """Give each test the interface registry's list as it was before it.

    A test that registers a ruleset (or runs the command line with HEXMECH_RULESETS in this
    process) must not add a "New game" entry to the next test's menu.
    """
    listed, named = dict(interfaces._listed), set(interfaces._named)
    yield
    interfaces._listed.clear()
    interfaces._listed.update(listed)
    interfaces._named.clear()
    interfaces._named.update(named)


@pytest.fixture
def headless_env(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Return an environment in which a `hexmech` subprocess knows a ruleset without a UI."""
    spec = "tests.support.headless_race:RULESET"
    env = {**os.environ, "HEXMECH_RULESETS": spec, "PYTHONPATH": str(REPO)}
    monkeypatch.setenv("HEXMECH_RULESETS", spec)
    return env


@pytest.fixture
def race_env(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Return an environment in which a `hexmech` subprocess knows the race ruleset."""
    env = {**os.environ, "HEXMECH_RULESETS": RACE_SPEC, "PYTHONPATH": str(REPO)}
    monkeypatch.setenv("HEXMECH_RULESETS", RACE_SPEC)
    return env
