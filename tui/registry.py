"""Which rulesets have an interface, and how to load one: the interface registry (DESIGN 5).

Beside `engine.registry` (name -> the rules), this says name -> ``"module:attribute"`` of the
ruleset's `tui.ui.RulesetUI`, imported on first use, so starting the program imports no game
screen. A built-in ruleset ``engine.NAME`` has its interface at ``tui.NAME:UI`` (one home per
ruleset in each layer), so adding one to the game is its two folders and one line in
`engine.registry.BUILTIN`. A ruleset made known as ``module:attribute`` (``--ruleset``,
``HEXMECH_RULESETS``) names its interface in its module's ``UI_SPEC`` (the test suite's
``tests.support.race`` names ``tests.support.race_ui:UI``), or has none: it is then played
headless only. Its saves open through that interface; the main menu, help and the banner list it
once it is registered (`register`, or `list_ruleset` by name, as the command line does for
every ruleset named in ``HEXMECH_RULESETS``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from engine import registry as rules

if TYPE_CHECKING:
    from saves.scores import ScoreBook
    from tui.ui import RulesetUI

__all__ = [
    "all_uis",
    "get",
    "list_ruleset",
    "load",
    "register",
    "score_books",
    "spec_of",
    "title",
    "unregister",
]

_loaded: dict[str, RulesetUI] = {}
"""Every interface imported so far, by name."""

_listed: dict[str, RulesetUI] = {}
"""The interfaces registered besides the built-in ones: the menu, help and banner list them."""


_named: set[str] = set()
"""Rulesets to list by name; their interfaces are imported when the list is first wanted."""


def load(spec: str) -> Any:  # noqa: ANN401 - whatever the spec names
    """Import the object a ``"module:attribute"`` spec names (an interface, an adapter, a book)."""
    module, _, attribute = spec.partition(":")
    return getattr(importlib.import_module(module), attribute)


def register(ui: RulesetUI) -> RulesetUI:
    """Make an interface known by its ruleset's name, and listed with the built-in ones."""
    _loaded[ui.name] = ui
    _listed[ui.name] = ui
    return ui


def unregister(name: str) -> None:
    """Forget an interface registered with `register` (tests; the built-in ones stay)."""
    _listed.pop(name, None)
    _loaded.pop(name, None)
    _named.discard(name)


def list_ruleset(name: str) -> None:
    """List a known ruleset's interface (if it has one) with the built-in ones, imported lazily.

    The command line calls this for every ruleset named in ``HEXMECH_RULESETS``, so that a
    ruleset written elsewhere gets its "New game" entry without importing its screens at start.
    """
    _named.add(name)


def spec_of(name: str) -> str | None:
    """Return ``"module:attribute"`` of a ruleset's interface, or None when it has none."""
    builtin = rules.BUILTIN.get(name)
    if builtin is not None:
        package = builtin.partition(":")[0].removeprefix("engine.")
        return f"tui.{package}:UI"
    try:
        ruleset = rules.get(name)
    except rules.UnknownRulesetError:
        return None
    spec = getattr(importlib.import_module(type(ruleset).__module__), "UI_SPEC", None)
    return spec if isinstance(spec, str) else None


def get(name: str) -> RulesetUI | None:
    """Return the interface of a ruleset, or None when it has none (headless only)."""
    if name in _loaded:
        return _loaded[name]
    spec = spec_of(name)
    if spec is None:
        return None
    ui: RulesetUI = load(spec)
    _loaded[name] = ui
    return ui


def all_uis() -> list[RulesetUI]:
    """The listed interfaces: the built-in rulesets' in their order, then those registered."""
    for name in sorted(_named - set(_listed)):
        ui = get(name)
        if ui is not None:
            _listed[name] = ui
    found = (get(name) for name in rules.BUILTIN)
    builtin = [ui for ui in found if ui is not None]
    return [*builtin, *(ui for name, ui in _listed.items() if name not in rules.BUILTIN)]


def score_books() -> list[ScoreBook[Any]]:
    """The high-score tables of every interface that keeps one (its ``scores``), in menu order."""
    return [load(ui.scores) for ui in all_uis() if ui.scores is not None]


def title(name: str) -> str:
    """Return the human name of a ruleset, or its registry name when it has no interface."""
    ui = get(name)
    return name if ui is None else ui.title
