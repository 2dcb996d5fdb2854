"""The ruleset registry: names, module:attribute paths, and what a save may name."""

from __future__ import annotations

import pytest

from engine import registry
from tests.support.race import RULESET


def test_a_registered_ruleset_is_found_by_name() -> None:
    """The race is registered by the test set-up and found by its name."""
    assert registry.get("race") is RULESET
    assert "race" in registry.available()


def test_a_module_path_is_imported_and_registered() -> None:
    """``module:attribute`` loads a ruleset a person named on the command line."""
    assert registry.resolve("tests.support.race:RULESET") is RULESET


def test_an_unknown_name_lists_the_known_ones() -> None:
    """The message names the rulesets that do exist."""
    with pytest.raises(
        registry.UnknownRulesetError, match=r"unknown ruleset 'chess' \(known: .*race"
    ):
        registry.get("chess")


def test_get_never_imports_a_module_path() -> None:
    """A save header can only name known rulesets: a path is not imported by ``get``."""
    with pytest.raises(registry.UnknownRulesetError, match="unknown ruleset"):
        registry.get("os:system")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no.such.module:X", "cannot load ruleset"),
        ("tests.support.race:NOPE", "cannot load ruleset"),
        ("tests.support.race:Pace", "is not a ruleset"),
    ],
)
def test_a_bad_module_path_is_a_clear_error(spec: str, message: str) -> None:
    """Paths that do not lead to a ruleset are refused with a reason."""
    with pytest.raises(registry.UnknownRulesetError, match=message):
        registry.resolve(spec)
