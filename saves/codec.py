"""The one cattrs converter that turns games into JSON-ready data and back (STYLE 10-11).

Encoding decisions, all in one place:

- Commands and events are tagged unions: ``{"type": TAG, ...fields}``. ``TAG`` is a class attribute
  written by hand, so renaming a class never breaks a save; two classes of one ruleset may not share
  a tag. A field typed with the base class (``Event``) carries the tag too.
- Unknown keys are errors (``forbid_extra_keys``): a typo in a hand-edited save is reported, not
  silently dropped.
- Hexes are ``[q, r]`` (axial integers; labels exist only on screen and in map files).
- Enums are stored by value; tuples and lists as JSON arrays; frozensets as *sorted* arrays, so the
  same game gives the same bytes on every run (string hashing is randomised per process).
- Whole numbers, strings and booleans are strict: ``"2"``, ``2.7`` or ``true`` is never quietly
  turned into the int 2 or 1 (cattrs' defaults would), so a damaged save is reported, not misread.
- ``None`` is ``null``; attrs defaults are written out, never omitted, so a save does not change
  meaning when a default changes.
- Errors come back as `cattrs` exceptions; `describe_error` turns them into one readable line with
  the JSON path (``$.events[2].spaces: expected int``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from engine.game import Command, Event
from engine.hexes import Hex
from saves.text import printable

__all__ = ["TAG_KEY", "describe_error", "make_converter", "strict_converter"]

TAG_KEY = "type"


_converters: dict[int, tuple[object, cattrs.Converter]] = {}


def make_converter(ruleset: Any) -> cattrs.Converter:  # noqa: ANN401 - any Ruleset
    """Return the converter for a ruleset's setup, commands and events (built once per ruleset).

    Raises:
        TypeError: when a command or event class has no ``TAG`` or shares one with another.
    """
    cached = _converters.get(id(ruleset))
    if cached is not None and cached[0] is ruleset:
        return cached[1]
    conv = _build_converter(ruleset)
    _converters[id(ruleset)] = (ruleset, conv)
    return conv


def strict_converter() -> cattrs.Converter:
    """Return a new converter with the strict rules every hexmech file shares.

    Unknown keys are errors; ints, strs, bools and floats must have exactly that JSON type (no
    ``"5"`` for 5, no ``true`` for 1); enums are read from and written as their plain values.
    """
    conv = cattrs.Converter(forbid_extra_keys=True)
    for kind, accepted in _STRICT.items():
        conv.register_structure_hook(kind, _strict(kind, accepted))
    # StrEnum and IntEnum come before str and int in their members' MRO: strict, and still enums.
    conv.register_structure_hook(enum.StrEnum, _strict_enum((str,)))
    conv.register_structure_hook(enum.IntEnum, _strict_enum((int,)))
    for base in (enum.Enum, enum.StrEnum, enum.IntEnum):  # plain values, not enum members
        conv.register_unstructure_hook(base, lambda e: e.value)
    return conv


def _build_converter(ruleset: Any) -> cattrs.Converter:  # noqa: ANN401
    conv = strict_converter()
    conv.register_unstructure_hook(Hex, lambda h: [h.q, h.r])
    conv.register_structure_hook(Hex, _structure_hex)
    conv.register_unstructure_hook_func(
        lambda t: getattr(t, "__origin__", t) is frozenset,
        lambda value: sorted(conv.unstructure(v) for v in value),
    )
    _tagged_union(conv, Command, ruleset.command_types)
    _tagged_union(conv, Event, ruleset.event_types)
    return conv


_STRICT: dict[type, tuple[type, ...]] = {
    int: (int,),
    str: (str,),
    bool: (bool,),
    float: (int, float),
}


def _strict(kind: type, accepted: tuple[type, ...]) -> Callable[[object, type], object]:
    def structure(value: object, _: type) -> object:
        if type(value) not in accepted:  # exact types: bool is not an int here
            raise TypeError(f"expected {kind.__name__}, not {type(value).__name__} {value!r:.40}")
        return kind(value)

    return structure


def _strict_enum(accepted: tuple[type, ...]) -> Callable[[object, type], object]:
    def structure(value: object, cls: type) -> object:
        if type(value) not in accepted:
            raise TypeError(f"expected a {cls.__name__} value, not {type(value).__name__}")
        return cls(value)

    return structure


def _structure_hex(value: object, _: type) -> Hex:
    if (
        isinstance(value, list)
        and len(value) == 2  # noqa: PLR2004 - [q, r]
        and all(type(v) is int for v in value)
    ):
        return Hex(value[0], value[1])
    raise ValueError(f"a hex is [q, r] with two integers, not {value!r}")


def _tagged_union(conv: cattrs.Converter, base: type, types: Sequence[type]) -> None:
    """Register tagged hooks for each class in ``types`` and for their base class."""
    by_tag: dict[str, type] = {}
    for cls in types:
        tag = getattr(cls, "TAG", "")
        if not tag:
            raise TypeError(f"{cls.__name__} has no TAG")
        if tag in by_tag:
            raise TypeError(f"{cls.__name__} and {by_tag[tag].__name__} share the tag {tag!r}")
        by_tag[tag] = cls
        # Generated on first use, not now: a field typed with a base class (or with a class listed
        # later) must find that class's tagged hook, which may not be registered yet.
        conv.register_unstructure_hook(
            cls, _with_tag(tag, _lazy(partial(make_dict_unstructure_fn, cls, conv)))
        )
        conv.register_structure_hook(
            cls, _without_tag(tag, _lazy(partial(make_dict_structure_fn, cls, conv)))
        )

    def structure_any(value: object, _: type) -> object:
        if not isinstance(value, dict):
            raise TypeError(f"expected an object with a {TAG_KEY!r}, not {type(value).__name__}")
        tag = value.get(TAG_KEY)
        if not isinstance(tag, str) or tag not in by_tag:  # a list tag cannot even be looked up
            raise ValueError(f"unknown {base.__name__.lower()} type {tag!r}")
        return conv.structure(value, by_tag[tag])

    conv.register_structure_hook(base, structure_any)
    # A field typed with the base class: dispatch on the value's own class.
    conv.register_unstructure_hook(base, lambda obj: conv.unstructure(obj, type(obj)))


def _lazy(make: Callable[[], Callable[..., Any]]) -> Callable[..., Any]:
    """Return a function that builds ``make()`` on its first call and then delegates to it."""
    built: list[Callable[..., Any]] = []

    def call(*args: Any) -> Any:  # noqa: ANN401
        if not built:
            built.append(make())
        return built[0](*args)

    return call


def _with_tag(tag: str, fn: Callable[[Any], dict[str, Any]]) -> Callable[[Any], dict[str, Any]]:
    def unstructure(obj: Any) -> dict[str, Any]:  # noqa: ANN401
        return {TAG_KEY: tag, **fn(obj)}

    return unstructure


def _without_tag(tag: str, fn: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    def structure(value: Any, cls: Any) -> Any:  # noqa: ANN401
        if not isinstance(value, dict):
            raise TypeError(f"expected an object, not {type(value).__name__}")
        if value.get(TAG_KEY, tag) != tag:
            raise ValueError(f"expected type {tag!r}, not {value.get(TAG_KEY)!r}")
        return fn({k: v for k, v in value.items() if k != TAG_KEY}, cls)

    return structure


def describe_error(exc: BaseException, path: str = "$") -> str:
    """Return one readable line for a structuring error, with JSON paths where cattrs has them.

    The paths and messages carry keys and values from the file: control characters in them are
    escaped (`saves.text.printable`), so the line stays one line and safe to print.

    Args:
        exc: the error.
        path: the JSON path of the value that was being structured.
    """
    if isinstance(exc, cattrs.BaseValidationError):
        return printable("; ".join(cattrs.transform_error(exc, path=path)))
    return printable(f"{type(exc).__name__}: {exc}" if not str(exc) else str(exc))
