"""Which rulesets have an interface, by name, and how to load one (beside `engine.registry`).

Built-in interfaces are listed by import path and imported on first use, so starting the program
imports no game screen. A ruleset made known as ``module:attribute`` (``--ruleset``,
``HEXMECH_RULESETS``) finds its interface through its module's ``UI_SPEC`` (``"module:attribute"``;
the test suite's ``tests.support.race`` names ``tests.support.race_ui:UI``), or has none: it is
then played headless only. Adding a ruleset to the game is one line in `BUILTIN` here and one in
`engine.registry`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from engine import registry as rules

if TYPE_CHECKING:
    from tui.ui import RulesetUI

__all__ = ["BUILTIN", "all_uis", "get", "register", "title"]

#: ruleset name -> "module:attribute" of its `tui.ui.RulesetUI`, in main-menu order.
BUILTIN: dict[str, str] = {
    "battletech": "tui.battletech:UI",
    "papermech": "tui.papermech:UI",
}

_loaded: dict[str, RulesetUI] = {}


def register(ui: RulesetUI) -> RulesetUI:
    """Make an interface known by its ruleset's name and return it."""
    _loaded[ui.name] = ui
    return ui


def get(name: str) -> RulesetUI | None:
    """Return the interface of a ruleset, or None when it has none (headless only)."""
    if name in _loaded:
        return _loaded[name]
    spec = BUILTIN.get(name)
    if spec is None:
        spec = _declared(name)
    if spec is None:
        return None
    module, _, attribute = spec.partition(":")
    ui: RulesetUI = getattr(importlib.import_module(module), attribute)
    return register(ui)


def all_uis() -> list[RulesetUI]:
    """Every known interface: the built-in ones in menu order, then those registered since."""
    names = [*BUILTIN, *(n for n in rules.available() if n not in BUILTIN)]
    found = (get(name) for name in names)
    return [ui for ui in found if ui is not None]


def title(name: str) -> str:
    """The human name of a ruleset, or its registry name when it has no interface."""
    ui = get(name)
    return name if ui is None else ui.title


def _declared(name: str) -> str | None:
    """A registered ruleset may name its interface in its module's ``UI_SPEC``."""
    try:
        ruleset = rules.get(name)
    except rules.UnknownRulesetError:
        return None
    module = importlib.import_module(type(ruleset).__module__)
    spec = getattr(module, "UI_SPEC", None)
    return spec if isinstance(spec, str) else None
