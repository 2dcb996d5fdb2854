"""The one converter: tagged unions, hexes, sorted frozensets, strict keys, readable errors."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import cattrs
import pytest
from attrs import frozen
from hypothesis import given
from hypothesis import strategies as st

from engine.game import Command, Event
from engine.hexes import Hex
from saves.codec import TAG_KEY, describe_error, make_converter
from tests.saves._support import hexes, strategy_for
from tests.support.race import RULESET, Moved, Pace, RaceSetup, Step, Track

REPO = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------- a tiny ruleset with hexes
@frozen
class Scanned(Event):
    """An event with a hex and a set of hexes, as the BattleTech events will have."""

    TAG = "scanned"
    at: Hex
    seen: frozenset[Hex]
    labels: frozenset[str] = frozenset()


@frozen
class Echoed(Event):
    """An event with fields typed by the base classes: they must carry their own tags."""

    TAG = "echoed"
    inner: Event
    cause: Command | None = None


@frozen
class Scan(Command):
    TAG = "scan"
    at: Hex


@frozen
class ScanSetup:
    size: int = 10


class ScanRules:
    """Just enough of a ruleset to build a converter."""

    name = "scan"
    setup_type = ScanSetup
    command_types = (Scan,)
    # Echoed comes first on purpose: its hooks must not depend on the order of registration.
    event_types = (Echoed, Scanned)


@frozen
class Untagged(Event):
    spaces: int


@frozen
class AlsoStep(Command):
    TAG = "step"


def fake_ruleset(commands: tuple[type, ...] = (), events: tuple[type, ...] = ()) -> Any:
    """Return a stand-in ruleset object with the given command and event classes."""
    return type(
        "Fake", (), {"setup_type": ScanSetup, "command_types": commands, "event_types": events}
    )()


@pytest.fixture(scope="module")
def conv() -> cattrs.Converter:
    return make_converter(RULESET)


@pytest.fixture(scope="module")
def scan_conv() -> cattrs.Converter:
    return make_converter(ScanRules())


# ---------------------------------------------------------------- round trips (STYLE 13)
@pytest.mark.parametrize("cls", RULESET.event_types, ids=lambda cls: cls.TAG)
@given(data=st.data())
def test_every_race_event_round_trips(conv, cls, data):
    """structure(unstructure(x, Event), Event) == x for every event type of the ruleset."""
    event = data.draw(strategy_for(cls))

    assert conv.structure(conv.unstructure(event, Event), Event) == event


@pytest.mark.parametrize("cls", RULESET.command_types, ids=lambda cls: cls.TAG)
@given(data=st.data())
def test_every_race_command_round_trips(conv, cls, data):
    """structure(unstructure(x, Command), Command) == x for every command type."""
    command = data.draw(strategy_for(cls))

    assert conv.structure(conv.unstructure(command, Command), Command) == command


@pytest.mark.parametrize("cls", [*RULESET.event_types, *RULESET.command_types], ids=repr)
@given(data=st.data())
def test_round_trip_survives_json_text(conv, cls, data):
    """What a journal writes (JSON text, UTF-8 bytes) comes back as the same value."""
    base = Event if issubclass(cls, Event) else Command
    value = data.draw(strategy_for(cls))

    text = json.dumps(conv.unstructure(value, base), ensure_ascii=False).encode()

    assert conv.structure(json.loads(text), base) == value


@given(setup=strategy_for(RaceSetup))
def test_setup_round_trips(conv, setup):
    """The header's setup round-trips too."""
    assert conv.structure(conv.unstructure(setup, RaceSetup), RaceSetup) == setup


@given(data=st.data())
def test_events_with_hexes_and_base_typed_fields_round_trip(scan_conv, data):
    """Hexes, frozensets and base-typed fields round-trip through the tagged union."""
    inner = data.draw(strategy_for(Scanned))
    cause = data.draw(st.none() | strategy_for(Scan))
    event = Echoed(inner, cause)

    assert scan_conv.structure(scan_conv.unstructure(event, Event), Event) == event


# ---------------------------------------------------------------- the JSON shape
def test_an_event_is_an_object_whose_type_is_its_tag(conv):
    """Events are {"type": TAG, ...fields}: enums by value, tuples and nested attrs as JSON."""
    event = Moved(1, 6, Pace.ROLL, Track((2, 6)))

    data = conv.unstructure(event, Event)

    assert data == {
        "type": "moved",
        "player": 1,
        "spaces": 6,
        "pace": "roll",
        "track": {"positions": [2, 6]},
    }
    assert next(iter(data)) == TAG_KEY


@pytest.mark.parametrize("cls", [*RULESET.event_types, *RULESET.command_types], ids=repr)
@given(data=st.data())
def test_the_type_key_is_the_class_tag(conv, cls, data):
    """Whatever the values, the "type" key holds the class's hand-written TAG."""
    base = Event if issubclass(cls, Event) else Command

    assert conv.unstructure(data.draw(strategy_for(cls)), base)[TAG_KEY] == cls.TAG


def test_a_base_typed_field_carries_the_tag_of_its_value(scan_conv):
    """A field typed Event or Command is written with the tag of the value's own class."""
    event = Echoed(Scanned(Hex(1, 2), frozenset({Hex(3, 4)})), Scan(Hex(0, -1)))

    data = scan_conv.unstructure(event, Event)

    assert data == {
        "type": "echoed",
        "inner": {"type": "scanned", "at": [1, 2], "seen": [[3, 4]], "labels": []},
        "cause": {"type": "scan", "at": [0, -1]},
    }
    assert scan_conv.structure(data, Event) == event


def test_defaults_are_written_out(conv):
    """A default value is stored, so a save keeps its meaning when a default changes."""
    assert conv.unstructure(RaceSetup(), RaceSetup) == {"players": ["Red", "Blue"], "goal": 20}


# ---------------------------------------------------------------- hexes and frozensets
@given(hex_=hexes)
def test_a_hex_is_written_as_q_r(scan_conv, hex_):
    """Hex(q, r) is [q, r] in a save, and [q, r] reads back as the same hex."""
    assert scan_conv.unstructure(hex_, Hex) == [hex_.q, hex_.r]
    assert scan_conv.structure([hex_.q, hex_.r], Hex) == hex_


@pytest.mark.parametrize(
    "bad",
    [[1], [1, 2, 3], ["1", 2], [1.0, 2], [True, 2], {"q": 1, "r": 2}, None, "0101", []],
    ids=repr,
)
def test_a_malformed_hex_is_rejected(scan_conv, bad):
    """Anything but a list of exactly two integers is not a hex; the error names the field."""
    data = {"type": "scan", "at": bad}

    with pytest.raises(cattrs.BaseValidationError) as caught:
        scan_conv.structure(data, Command)

    assert "$.at" in describe_error(caught.value)


@given(seen=st.frozensets(hexes, max_size=12), labels=st.frozensets(st.text(max_size=5)))
def test_frozensets_are_written_sorted(scan_conv, seen, labels):
    """A frozenset becomes a sorted list, so the same game gives the same bytes."""
    data = scan_conv.unstructure(Scanned(Hex(0, 0), seen, labels), Event)

    assert data["seen"] == sorted([h.q, h.r] for h in seen)
    assert data["labels"] == sorted(labels)


def test_frozenset_bytes_do_not_depend_on_string_hashing():
    """Two processes with different hash seeds write a frozenset of strings identically."""
    script = textwrap.dedent(
        """
        from __future__ import annotations
        import json
        from attrs import frozen
        from engine.game import Event
        from saves.codec import make_converter

        @frozen
        class Tagged(Event):
            TAG = "tagged"
            names: frozenset[str]

        class Rules:
            setup_type = int
            command_types = ()
            event_types = (Tagged,)

        conv = make_converter(Rules())
        names = frozenset(f"unit-{i}" for i in range(40))
        print(json.dumps(conv.unstructure(Tagged(names), Event)))
        """
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script],
            cwd=REPO,
            env={"PYTHONHASHSEED": seed, "PYTHONPATH": str(REPO)},
            capture_output=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }

    assert len(outputs) == 1
    assert json.loads(outputs.pop())["names"] == sorted(f"unit-{i}" for i in range(40))


# ---------------------------------------------------------------- strictness and errors
def test_an_unknown_event_type_is_rejected(conv):
    """A tag no event class has is an error that names it."""
    with pytest.raises(ValueError, match="unknown event type 'teleported'"):
        conv.structure({"type": "teleported", "player": 0}, Event)


def test_an_unknown_command_type_is_rejected(conv):
    """Commands are checked the same way."""
    with pytest.raises(ValueError, match="unknown command type 'fly'"):
        conv.structure({"type": "fly"}, Command)


@pytest.mark.parametrize("tag", [None, [], {}, 3], ids=repr)
def test_a_missing_or_odd_tag_is_rejected_readably(conv, tag):
    """A missing tag, or one that is not even a string, is an unknown type, not a crash."""
    data = {"spaces": 2} if tag is None else {"type": tag, "spaces": 2}

    with pytest.raises(ValueError, match="unknown command type"):
        conv.structure(data, Command)


def test_a_non_object_where_an_event_belongs_is_rejected(conv):
    """An event must be a JSON object."""
    with pytest.raises(TypeError, match="expected an object"):
        conv.structure(["moved"], Event)


def test_structuring_a_class_with_another_tag_is_rejected(conv):
    """Asking for a Step but getting a roll is an error, not a silent Step."""
    with pytest.raises(ValueError, match="expected type 'step', not 'roll'"):
        conv.structure({"type": "roll"}, Step)


def test_structuring_a_class_from_a_non_object_is_rejected(conv):
    """A concrete class, too, is only read from a JSON object."""
    with pytest.raises(TypeError, match="expected an object, not list"):
        conv.structure([2], Step)


def test_extra_keys_are_rejected_with_their_path(conv):
    """A key the class does not have is reported, not dropped (forbid_extra_keys)."""
    data = {"type": "step", "spaces": 2, "speed": 3}

    with pytest.raises(cattrs.BaseValidationError) as caught:
        conv.structure(data, Command)

    message = describe_error(caught.value)
    assert "extra fields" in message
    assert "speed" in message
    assert "\n" not in message


def test_extra_keys_in_a_nested_value_are_rejected(conv):
    """Strictness reaches nested attrs values too."""
    data = {
        "type": "moved",
        "player": 0,
        "spaces": 1,
        "pace": "step",
        "track": {"positions": [1, 0], "lanes": 2},
    }

    with pytest.raises(cattrs.BaseValidationError) as caught:
        conv.structure(data, Event)

    assert "lanes" in describe_error(caught.value)
    assert "$.track" in describe_error(caught.value)


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"type": "step", "spaces": "two"}, "$.spaces"),
        ({"type": "step"}, "$.spaces"),
        (
            {"type": "moved", "player": 0, "spaces": 1, "pace": "fly", "track": {"positions": []}},
            "$.pace",
        ),
        (
            {
                "type": "moved",
                "player": 0,
                "spaces": 1,
                "pace": "step",
                "track": {"positions": [1, "x"]},
            },
            "$.track.positions[1]",
        ),
        ({"type": "dice_rolled", "player": 0, "roll": [1e400]}, "$.roll[0]"),
    ],
    ids=["wrong kind", "missing", "bad enum", "nested list item", "infinity"],
)
def test_describe_error_gives_one_line_with_the_json_path(conv, data, path):
    """describe_error names where the bad value is, as a JSON path, in one line."""
    base = Command if data["type"] == "step" else Event

    with pytest.raises(cattrs.BaseValidationError) as caught:
        conv.structure(data, base)

    message = describe_error(caught.value)
    assert path in message
    assert "\n" not in message


def test_describe_error_starts_paths_where_it_is_told(conv):
    """A caller structuring part of a document (the header's setup) can root the path there."""
    with pytest.raises(cattrs.BaseValidationError) as caught:
        conv.structure({"players": ["A", "B"], "goal": "far"}, RaceSetup)

    assert describe_error(caught.value, "$.setup").endswith("@ $.setup.goal")


def test_describe_error_passes_plain_errors_through():
    """A non-cattrs error is described by its message, or its class name when it has none."""
    assert describe_error(ValueError("unknown event type 'x'")) == "unknown event type 'x'"
    assert describe_error(KeyError()).startswith("KeyError")


# ---------------------------------------------------------------- building converters
def test_a_class_without_a_tag_is_refused():
    """Every command and event class needs a hand-written TAG."""
    with pytest.raises(TypeError, match="Untagged has no TAG"):
        make_converter(fake_ruleset(events=(Untagged,)))


def test_two_classes_sharing_a_tag_are_refused():
    """Two classes with one tag could not be told apart in a save."""
    with pytest.raises(TypeError, match="AlsoStep and Step share the tag 'step'"):
        make_converter(fake_ruleset(commands=(Step, AlsoStep)))


def test_the_converter_is_built_once_per_ruleset():
    """make_converter returns the same converter for the same ruleset object."""
    rules = ScanRules()

    assert make_converter(rules) is make_converter(rules)
    assert make_converter(rules) is not make_converter(ScanRules())
