"""Which rulesets exist, by name, and how to load one.

Built-in rulesets are listed by import path and imported on first use, so starting the program does
not import every rule system. Extra rulesets (a test ruleset, a bot author's variant) are named by
``module:attribute`` where a person asks for them (``--ruleset``, ``HEXMECH_RULESETS``); a save file
can only name a ruleset that is already known, so opening a save never imports arbitrary code.
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.game import Ruleset

__all__ = ["BUILTIN", "UnknownRulesetError", "available", "get", "register", "resolve"]

AnyRuleset = Ruleset[Any, Any, Any, Any]

#: name -> "module:attribute" of the rulesets that ship with hexmech. Each ruleset's issue adds it.
BUILTIN: dict[str, str] = {
    "battletech": "engine.battletech:RULESET",
    "papermech": "engine.papermech:RULESET",
    "aod": "engine.aod:RULESET",
    "dystopian": "engine.dystopian:RULESET",
}

_loaded: dict[str, AnyRuleset] = {}


class UnknownRulesetError(LookupError):
    """No ruleset by that name or path; the message lists the known ones."""


def available() -> tuple[str, ...]:
    """Return the names of every known ruleset, built-in and registered."""
    return tuple(sorted(set(BUILTIN) | set(_loaded)))


def register(ruleset: AnyRuleset) -> AnyRuleset:
    """Make ``ruleset`` known by its name (for saves and ``--ruleset NAME``) and return it."""
    _loaded[ruleset.name] = ruleset
    return ruleset


def get(name: str) -> AnyRuleset:
    """Return a known ruleset by name; a save header's name goes through here.

    Raises:
        UnknownRulesetError: when no ruleset has that name.
    """
    if name in _loaded:
        return _loaded[name]
    if name in BUILTIN:
        return register(_import(BUILTIN[name]))
    known = ", ".join(available()) or "none yet"
    raise UnknownRulesetError(f"unknown ruleset {name!r} (known: {known})")


def resolve(spec: str) -> AnyRuleset:
    """Return a ruleset by name, or import and register one given as ``module:attribute``.

    Raises:
        UnknownRulesetError: when the name is unknown or the path does not lead to a ruleset.
    """
    if ":" not in spec:
        return get(spec)
    return register(_import(spec))


def _import(spec: str) -> AnyRuleset:
    module_name, _, attribute = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
        ruleset = getattr(module, attribute)
    except (ImportError, AttributeError) as exc:
        raise UnknownRulesetError(f"cannot load ruleset {spec!r}: {exc}") from exc
    missing = [
        part
        for part in ("name", "start", "decide", "evolve", "parse_command", "summary")
        if not hasattr(ruleset, part)
    ]
    if missing:
        raise UnknownRulesetError(f"{spec!r} is not a ruleset (it has no {', '.join(missing)})")
    return ruleset  # type: ignore[no-any-return]
