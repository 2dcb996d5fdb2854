"""The race without an interface: a ruleset that is played headless only.

Its module names no ``UI_SPEC``, so `tui.registry` finds no interface for it: the tests of what
the TUI says about such a ruleset ("not available yet") use it. Load it with
``HEXMECH_RULESETS=tests.support.headless_race:RULESET``.
"""

from __future__ import annotations

from tests.support.race import Race


class HeadlessRace(Race):
    """The race under another name, in a module without an interface."""

    name = "headless-race"
    title = "Race (headless only)"


RULESET = HeadlessRace()
