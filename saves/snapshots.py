"""A game's state as a save keeps it: what changed since its start (format 4, issue 14 row 2).

A journal of format 4 writes, every `SNAPSHOT_EVERY` commands, a line holding the state after the
entries in effect (`saves.journal`). Opening the save then starts from the last such state and
folds only the entries after it, instead of every entry since the start.

A state is written as a *patch* of the game's initial state (``ruleset.start(setup)``, which the
header rebuilds): only what differs is written, so a board or a 'Mech design the game never changed
costs nothing. A patch is one of:

- ``["a", {field: patch, ...}]``: the same attrs class as before, with these fields changed;
- ``["t", [[index, patch], ...]]``: a tuple of the same length, with these items changed;
- ``["v", value]``: a new value, as the save's converter writes it (structured by the declared type
  of the field or item it replaces).

Pure functions of the state, its initial state and the converter: no file. Damage (a patch that
does not fit the state it patches) is a `ValueError`; a state the codec cannot write is one too
(the journal then writes no snapshot, and opening the save folds every entry as before).
"""

from __future__ import annotations

import typing
from typing import Any

import attrs
import cattrs

__all__ = ["SNAPSHOT_EVERY", "apply_patch", "make_patch"]

SNAPSHOT_EVERY = 128
"""Commands between two states kept in a save: opening it folds at most this many entries."""

_UNCHANGED: Any = object()


def make_patch(conv: cattrs.Converter, initial: object, state: object) -> Any:  # noqa: ANN401
    """Return the patch that turns ``initial`` into ``state`` (JSON data).

    Raises:
        ValueError: a part of the state the converter cannot write.
    """
    try:
        patch = _diff(conv, initial, state, type(state))
    except (TypeError, KeyError, AttributeError, NameError) as exc:
        raise ValueError(f"cannot write the state: {exc!r}"[:200]) from exc
    return ["a", {}] if patch is _UNCHANGED else patch


def apply_patch(conv: cattrs.Converter, initial: object, patch: object) -> Any:  # noqa: ANN401
    """Return ``initial`` with ``patch`` applied: the state the patch was made of.

    Raises:
        ValueError: a patch that does not fit ``initial`` (damage, or a state class changed).
    """
    try:
        return _apply(conv, initial, patch, type(initial))
    except cattrs.BaseValidationError as exc:
        raise ValueError(f"the kept state cannot be read: {exc}") from exc
    except (TypeError, KeyError, IndexError, AttributeError, NameError) as exc:
        raise ValueError(f"the kept state does not fit the game: {exc!r}"[:200]) from exc


def _diff(conv: cattrs.Converter, old: object, new: object, declared: Any) -> Any:  # noqa: ANN401
    if new is old:
        return _UNCHANGED
    cls = type(new)
    if cls is type(old) and attrs.has(cls):
        hints = _hints(cls)
        changed = {}
        for field in attrs.fields(cls):
            part = _diff(
                conv, getattr(old, field.name), getattr(new, field.name), hints[field.name]
            )
            if part is not _UNCHANGED:
                changed[field.name] = part
        return ["a", changed] if changed else _UNCHANGED
    if cls is tuple and type(old) is tuple and len(new) == len(old):  # type: ignore[arg-type]
        items = []
        for index, (before, after) in enumerate(zip(old, new, strict=True)):  # type: ignore[call-overload]
            part = _diff(conv, before, after, _item_type(declared, index))
            if part is not _UNCHANGED:
                items.append([index, part])
        return ["t", items] if items else _UNCHANGED
    if new == old:
        return _UNCHANGED
    try:
        return ["v", conv.unstructure(new, declared)]
    except Exception as exc:  # any failure of a hook: this state is not written
        raise ValueError(f"cannot write {cls.__name__}: {exc!r}"[:200]) from exc


def _apply(conv: cattrs.Converter, old: object, patch: object, declared: Any) -> Any:  # noqa: ANN401
    if not isinstance(patch, list) or len(patch) != 2:  # noqa: PLR2004 - [kind, body]
        raise TypeError(f"not a patch: {patch!r}"[:80])
    kind, body = patch
    if kind == "v":
        return conv.structure(body, declared)
    if kind == "a" and isinstance(body, dict) and attrs.has(type(old)):
        if not body:
            return old
        cls = type(old)
        hints = _hints(cls)
        fields = attrs.fields_dict(cls)  # type: ignore[arg-type]  # attrs.has() said so
        changes: dict[str, Any] = {}
        for name, part in body.items():
            field = fields[name]  # KeyError: a field this class no longer has
            if not field.init:
                raise TypeError(f"{cls.__name__}.{name} cannot be set")
            changes[field.alias or name] = _apply(conv, getattr(old, name), part, hints[name])
        return attrs.evolve(old, **changes)  # type: ignore[misc]  # attrs.has() said so
    if kind == "t" and isinstance(body, list) and type(old) is tuple:
        items = list(old)
        for pair in body:
            index, part = pair
            if type(index) is not int or not 0 <= index < len(items):
                raise IndexError(f"item {index!r} of a tuple of {len(items)}")
            items[index] = _apply(conv, items[index], part, _item_type(declared, index))
        return tuple(items)
    raise TypeError(f"a patch {kind!r} does not fit a {type(old).__name__}")


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The declared types of an attrs class's fields (its annotations, resolved once)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _item_type(declared: Any, index: int) -> Any:  # noqa: ANN401
    """The declared type of item ``index`` of a tuple declared as ``declared``."""
    args = typing.get_args(declared)
    if typing.get_origin(declared) is tuple and args:
        if len(args) == 2 and args[1] is Ellipsis:  # noqa: PLR2004 - tuple[X, ...]
            return args[0]
        if index < len(args):
            return args[index]
    # A union holding one tuple type (``tuple[X, ...] | None``): that tuple's items.
    tuples = [arg for arg in args if typing.get_origin(arg) is tuple]
    if len(tuples) == 1:
        return _item_type(tuples[0], index)
    raise TypeError(f"cannot tell the items' type of {declared!r}")
