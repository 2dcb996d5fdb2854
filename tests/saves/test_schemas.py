"""A change to a saved class's fields comes with a schema version and a migration (issue 12.9).

``tests/data/schemas/<ruleset>.json`` records, for every schema version of every ruleset, the
fields (name and type) of every class a save holds: the setup, every command and event, and every
attrs class and enum they contain. The test compares today's classes with the record of the
ruleset's current ``schema_version``; a difference fails with what changed and what to do.

After changing a saved class (see ``engine/<ruleset>/migrations.py``):

1. bump the ruleset's ``SCHEMA_VERSION`` and write its migration in ``MIGRATIONS``;
2. record the new fields: ``PYTHONPATH=. python -m tests.saves.test_schemas --record``
   (it adds the new version and never rewrites an old one; ``--replace`` rewrites the current
   version's record, only for a change old saves read unchanged, such as a new field with a
   default, and only if that version was never released);
3. add a golden save written with the new schema (``tests/data/saves/make_goldens.py``).
"""

from __future__ import annotations

import argparse
import enum
import json
import sys
import types
import typing
from pathlib import Path
from typing import Any

import attrs
import pytest

from engine import registry
from tests.support import race

SCHEMAS = Path(__file__).resolve().parents[1] / "data" / "schemas"
RULESETS = ("battletech", "papermech", "aod", "dystopian", "race")

Fingerprint = dict[str, dict[str, Any]]


# ------------------------------------------------------------------ what a save holds
def ruleset(name: str) -> Any:
    """The ruleset by name (race is the test ruleset, not a built-in)."""
    return race.RULESET if name == "race" else registry.get(name)


def fingerprint(rules: Any) -> Fingerprint:
    """Every saved class of a ruleset: ``{"event:TAG": {field: type}, "value:Name": ..., ...}``."""
    found: Fingerprint = {}
    roots = [("setup", rules.setup_type)]
    roots += [("command", cls) for cls in rules.command_types]
    roots += [("event", cls) for cls in rules.event_types]
    for kind, cls in roots:
        key = f"{kind}:{cls.TAG}" if kind != "setup" else f"setup:{cls.__qualname__}"
        found[key] = _fields(cls, found)
    return dict(sorted(found.items()))


def _fields(cls: type, found: Fingerprint) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    return {field.name: _text(hints[field.name], found) for field in attrs.fields(cls)}


def _text(kind: Any, found: Fingerprint) -> str:
    """A type as text; attrs classes and enums met on the way are recorded too."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in {typing.Union, types.UnionType}:
        return " | ".join(_text(arg, found) for arg in args)
    if origin is not None:
        inner = ", ".join("..." if arg is Ellipsis else _text(arg, found) for arg in args)
        return f"{getattr(origin, '__name__', str(origin))}[{inner}]"
    if kind is type(None):
        return "None"
    if isinstance(kind, type) and attrs.has(kind):
        key = f"value:{kind.__qualname__}"
        if key not in found:
            found[key] = {}  # first, so a class that contains itself stops here
            found[key] = _fields(kind, found)
    elif isinstance(kind, type) and issubclass(kind, enum.Enum):
        found[f"enum:{kind.__qualname__}"] = {"values": [member.value for member in kind]}
    return getattr(kind, "__qualname__", str(kind))


def home(name: str) -> str:
    """Where a ruleset keeps its schema version and migrations."""
    if name in registry.BUILTIN:
        return f"SCHEMA_VERSION in engine/{name}/migrations.py"
    return f"schema_version in {type(ruleset(name)).__module__}"


def record_path(name: str) -> Path:
    return SCHEMAS / f"{name}.json"


def recorded(name: str) -> dict[str, Fingerprint]:
    path = record_path(name)
    return json.loads(path.read_text("utf-8")) if path.exists() else {}


def differences(old: Fingerprint, new: Fingerprint) -> list[str]:
    """What changed between two fingerprints, one line per class or field."""
    lines = [f"  {key} is new" for key in sorted(set(new) - set(old))]
    lines += [f"  {key} is gone" for key in sorted(set(old) - set(new))]
    for key in sorted(set(old) & set(new)):
        before, after = old[key], new[key]
        for field in sorted(set(before) | set(after)):
            if before.get(field) != after.get(field):
                lines.append(f"  {key}.{field}: {before.get(field)!r} -> {after.get(field)!r}")
    return lines


# ------------------------------------------------------------------ the tests
@pytest.mark.parametrize("name", RULESETS)
def test_the_saved_classes_match_the_record_of_the_current_schema(name):
    """Today's setup, command and event fields are those recorded for the current schema."""
    rules = ruleset(name)
    record = recorded(name).get(str(rules.schema_version))
    assert record is not None, (
        f"{name} is at schema {rules.schema_version}, which tests/data/schemas/{name}.json does "
        "not record: run `PYTHONPATH=. python -m tests.saves.test_schemas --record`"
    )

    changed = differences(record, fingerprint(rules))

    assert not changed, (
        f"The classes {name} saves differ from its schema {rules.schema_version}:\n"
        + "\n".join(changed)
        + f"\nOld saves may no longer load. Bump the schema version ({home(name)}), "
        "add a Migration from the old schema to the new one, record the new fields with "
        "`PYTHONPATH=. python -m tests.saves.test_schemas --record`, and add a golden save "
        "(tests/data/saves/make_goldens.py). See this module's docstring."
    )


@pytest.mark.parametrize("name", RULESETS)
def test_every_schema_version_is_recorded_and_has_its_migration(name):
    """Versions 1..current are all recorded, and each one below current has a migration."""
    rules = ruleset(name)

    versions = sorted(int(v) for v in recorded(name))

    assert versions == list(range(1, rules.schema_version + 1))
    assert sorted(rules.migrations) == list(range(1, rules.schema_version))


def test_a_changed_field_is_reported_by_name():
    """The differences name the class and field, with the old and new types."""
    old = {"event:moved": {"spaces": "int"}, "event:won": {"player": "int"}}
    new = {"event:moved": {"spaces": "str", "pace": "Pace"}, "event:turned": {}}

    assert differences(old, new) == [
        "  event:turned is new",
        "  event:won is gone",
        "  event:moved.pace: None -> 'Pace'",
        "  event:moved.spaces: 'int' -> 'str'",
    ]


def test_the_fingerprint_sees_nested_classes_and_enums():
    """The race's Moved holds a Pace enum and a Track class: both are recorded with their parts."""
    found = fingerprint(race.RULESET)

    assert found["event:moved"] == {
        "player": "int",
        "spaces": "int",
        "pace": "Pace",
        "track": "Track",
    }
    assert found["value:Track"] == {"positions": "tuple[int, ...]"}
    assert found["enum:Pace"] == {"values": ["step", "roll"]}
    assert found["setup:RaceSetup"] == {"players": "tuple[str, ...]", "goal": "int"}


# ------------------------------------------------------------------ recording
def record(names: tuple[str, ...], *, replace: bool) -> int:
    """Write the current schema's fingerprint of each ruleset; never rewrite an old version."""
    status = 0
    for name in names:
        rules = ruleset(name)
        history = recorded(name)
        version = str(rules.schema_version)
        now = fingerprint(rules)
        if version in history and history[version] != now and not replace:
            print(f"{name}: schema {version} is recorded with other fields:")  # noqa: T201
            print("\n".join(differences(history[version], now)))  # noqa: T201
            print("bump its SCHEMA_VERSION (and add the migration), or --replace")  # noqa: T201
            status = 1
            continue
        history[version] = now
        SCHEMAS.mkdir(parents=True, exist_ok=True)
        text = json.dumps(dict(sorted(history.items(), key=lambda kv: int(kv[0]))), indent=1)
        record_path(name).write_text(text + "\n", "utf-8")
        print(f"{name}: recorded schema {version}")  # noqa: T201
    return status


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Record the saved classes of each ruleset.")
    parser.add_argument("--record", action="store_true", help="write tests/data/schemas/*.json")
    parser.add_argument("--replace", action="store_true", help="rewrite the current version")
    parser.add_argument("names", nargs="*", default=list(RULESETS))
    args = parser.parse_args(argv)
    if not args.record:
        parser.error("nothing to do: pass --record")
    return record(tuple(args.names), replace=args.replace)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
