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

Saves of format 3 write the same data as *records* (`make_record_converter`, read back by
`saves.records`), to keep them small (issue 14 row 12: a 500-command BattleTech game took 437 KB,
the map alone 190 KB):

- Every attrs class of the setup, the commands and the events is a JSON array of its field values
  in field order, without the field names: ``["moved", 0, 2, "step", [[2, 0]]]``. Commands and
  events (and fields typed with the base class ``Command`` or ``Event``) begin with their ``TAG``;
  other classes (``Track``, a board's ``Terrain``) do not.
- The names live once in the header's ``records`` table, written from the classes when the save
  is created: ``{"setup": "RaceSetup", "commands": {"step": ["spaces"], ...}, "events":
  {"moved": ["player", "spaces", "pace", "track:Track"], ...}, "values": {"Track": ["positions"],
  ...}}`` (a command and an event may share a tag). A field is ``name`` (a plain value,
  written exactly as above), ``name:Class`` (a record of that class, or ``null``),
  ``name:Class*`` (a list of them) or ``name:@Event`` / ``name:@Command`` (a tagged record, or
  ``null``). So a save explains
  itself: it is read back into the dictionaries above with nothing but its header, whatever the
  classes have become since, and the migrations of `saves.migrations` run on those dictionaries.
- A list of 16 or more records that repeat (a board's hexes) is written once per distinct record
  plus an index per item when that halves the records: ``{"palette": [[0, 0, ...], [1, 2, ...]],
  "index": [0, 0, 1, 0, ...]}``; the palette is in order of first appearance.
- A field typed otherwise (a tuple of fixed length, a union of two classes, a frozenset) is a
  plain value, written with its field names as above.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from engine.game import Command, Event
from engine.hexes import Hex
from saves.text import printable

__all__ = [
    "PALETTE_MIN",
    "TAG_KEY",
    "describe_error",
    "make_converter",
    "make_record_converter",
    "record_shapes",
    "strict_converter",
]

TAG_KEY = "type"


_converters: dict[int, tuple[object, cattrs.Converter]] = {}
_record_converters: dict[int, tuple[object, cattrs.Converter, dict[str, Any]]] = {}

PALETTE_MIN = 16
"""The shortest list of records that may be written as a palette and an index."""


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
        if TAG_KEY in value:  # a copy without the tag (never change the caller's data)
            value = dict(value)
            del value[TAG_KEY]
        return fn(value, cls)

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


# ------------------------------------------------------------------ records (format 3)
def make_record_converter(ruleset: Any) -> cattrs.Converter:  # noqa: ANN401 - any Ruleset
    """Return the converter that writes a ruleset's setup, commands and events as records.

    Unstructure only (``conv.unstructure(event, Event)``): records are read back into the
    dictionaries of `make_converter` by `saves.records`, with the header's `record_shapes`.

    Raises:
        TypeError: as `make_converter`, or when two record classes share a name.
    """
    return _records(ruleset)[0]


def record_shapes(ruleset: Any) -> dict[str, Any]:  # noqa: ANN401 - any Ruleset
    """Return the header's ``records`` table of a ruleset: every record class and its fields."""
    return _records(ruleset)[1]


def _records(ruleset: Any) -> tuple[cattrs.Converter, dict[str, Any]]:  # noqa: ANN401
    cached = _record_converters.get(id(ruleset))
    if cached is not None and cached[0] is ruleset:
        return cached[1], cached[2]
    built = _RecordWriter(ruleset).build()
    _record_converters[id(ruleset)] = (ruleset, *built)
    return built


def _is_record(kind: object) -> bool:
    """A class written as a record: an attrs class, but not a hex (``[q, r]``)."""
    return isinstance(kind, type) and attrs.has(kind) and kind is not Hex


def _field_kind(hint: object) -> tuple[str, Any]:
    """How a field is written: ``plain``, ``one`` (record or null), ``many`` or ``tagged``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in {typing.Union, types.UnionType}:
        rest = [arg for arg in args if arg is not type(None)]
        return _field_kind(rest[0]) if len(rest) == 1 and len(args) == 2 else ("plain", None)  # noqa: PLR2004 - X | None
    if hint in (Command, Event):
        return "tagged", typing.cast("type", hint)
    if _is_record(hint):
        return "one", typing.cast("type", hint)
    variadic = origin is tuple and len(args) == 2 and args[1] is Ellipsis  # noqa: PLR2004
    if (variadic or origin is list) and args and _is_record(args[0]):
        return "many", args[0]
    return "plain", None


class _RecordWriter:
    """Builds the record converter and the ``records`` table of one ruleset, class by class."""

    def __init__(self, ruleset: Any) -> None:  # noqa: ANN401
        self.plain = make_converter(ruleset)
        self.conv = cattrs.Converter()
        self.commands: dict[str, list[str]] = {}
        self.events: dict[str, list[str]] = {}
        self.values: dict[str, list[str]] = {}
        self.named: dict[str, type] = {}
        self.ruleset = ruleset

    def build(self) -> tuple[cattrs.Converter, dict[str, Any]]:
        setup = self.value(self.ruleset.setup_type)
        for table, types_ in (
            (self.commands, self.ruleset.command_types),
            (self.events, self.ruleset.event_types),
        ):
            for cls in types_:
                fields = self.fields(cls)
                table[cls.TAG] = [spec for spec, _ in fields]
                self.conv.register_unstructure_hook(cls, _tagged_record(cls.TAG, fields))

        known = {*self.ruleset.command_types, *self.ruleset.event_types}

        def any_tagged(obj: Any) -> Any:  # noqa: ANN401
            if type(obj) not in known:
                raise TypeError(f"{type(obj).__name__} is no command or event of the ruleset")
            return self.conv.unstructure(obj, type(obj))

        for base in (Command, Event):
            self.conv.register_unstructure_hook(base, any_tagged)
        shapes: dict[str, Any] = {
            "setup": setup,
            "commands": dict(sorted(self.commands.items())),
            "events": dict(sorted(self.events.items())),
            "values": dict(sorted(self.values.items())),
        }
        return self.conv, shapes

    def value(self, cls: type) -> str:
        """Register an untagged record class (and those it holds); return its name."""
        name = cls.__qualname__
        if self.named.get(name, cls) is not cls:
            raise TypeError(f"two record classes are called {name}")
        if name not in self.named:
            self.named[name] = cls
            self.values[name] = []  # first: a class that holds itself stops here
            fields = self.fields(cls)
            self.values[name] = [spec for spec, _ in fields]
            self.conv.register_unstructure_hook(cls, _untagged_record(fields))
        return name

    def fields(self, cls: type) -> list[tuple[str, Callable[[Any], Any]]]:
        """Each field's spec in the table and the function that writes its value."""
        hints = typing.get_type_hints(cls)
        found: list[tuple[str, Callable[[Any], Any]]] = []
        for field in attrs.fields(cls):
            if not field.init:  # derived, not data: the dictionaries leave it out too
                continue
            hint = hints[field.name]
            kind, inner = _field_kind(hint)
            if kind == "plain":
                write = partial(self.plain.unstructure, unstructure_as=hint)
                found.append((field.name, write))
            elif kind == "tagged":
                found.append((f"{field.name}:@{inner.__name__}", self.optional(inner)))
            elif kind == "one":
                found.append((f"{field.name}:{self.value(inner)}", self.optional(inner)))
            else:
                found.append((f"{field.name}:{self.value(inner)}*", self.many(inner)))
        return found

    def optional(self, cls: type) -> Callable[[Any], Any]:
        conv = self.conv

        def write(obj: Any) -> Any:  # noqa: ANN401
            return None if obj is None else conv.unstructure(obj, cls)

        return write

    def many(self, cls: type) -> Callable[[Any], Any]:
        conv = self.conv

        def write(items: Sequence[Any] | None) -> Any:  # noqa: ANN401
            if items is None:  # a field typed ``tuple[X, ...] | None``
                return None
            palette = _palette(items)
            if palette is None:
                return [conv.unstructure(item, cls) for item in items]
            distinct, index = palette
            return {"palette": [conv.unstructure(d, cls) for d in distinct], "index": index}

        return write


def _palette(items: Sequence[Any]) -> tuple[list[Any], list[int]] | None:
    """The distinct items and each item's place among them, when that halves the records."""
    if len(items) < PALETTE_MIN:
        return None
    places: dict[Any, int] = {}
    try:
        index = [places.setdefault(item, len(places)) for item in items]
    except TypeError:  # an unhashable record: written in full
        return None
    if len(places) * 2 > len(items):
        return None
    return list(places), index


def _untagged_record(fields: list[tuple[str, Callable[[Any], Any]]]) -> Callable[[Any], Any]:
    names = [spec.split(":", 1)[0] for spec, _ in fields]
    writers = [write for _, write in fields]
    pairs = list(zip(names, writers, strict=True))

    def write(obj: Any) -> list[Any]:  # noqa: ANN401
        return [put(getattr(obj, name)) for name, put in pairs]

    return write


def _tagged_record(
    tag: str, fields: list[tuple[str, Callable[[Any], Any]]]
) -> Callable[[Any], Any]:
    untagged = _untagged_record(fields)

    def write(obj: Any) -> list[Any]:  # noqa: ANN401
        return [tag, *untagged(obj)]

    return write
