"""1,000 damaged saves: each loads or gives a SaveError, never another exception (DESIGN 4)."""

from __future__ import annotations

import collections
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.game import UndoPolicy
from saves.journal import Loaded, SaveError, read_game
from saves.store import list_saves
from tests.saves._support import (
    FINISHED_SCRIPT,
    LONG_SCRIPT,
    TINY_SCRIPT,
    dump_line,
    join_lines,
    write_journal,
)

FILES = 1000

Mutation = Callable[[random.Random, bytes], bytes]


@pytest.fixture(scope="module")
def originals(tmp_path_factory) -> dict[str, bytes]:
    """Real journals to damage: a long solo game, a finished one, a tiny one."""
    folder = tmp_path_factory.mktemp("originals")
    games = {
        "long": (LONG_SCRIPT * 2, UndoPolicy.SOLO),
        "finished": (FINISHED_SCRIPT, UndoPolicy.HOTSEAT),
        "tiny": (TINY_SCRIPT, UndoPolicy.HOTSEAT),
    }
    for name, (script, policy) in games.items():
        write_journal(folder / f"{name}.jsonl", script, undo_policy=policy).close()
    return {name: (folder / f"{name}.jsonl").read_bytes() for name in games}


def load(data: bytes) -> Loaded | SaveError:
    """Load damaged bytes; return the game or the SaveError. Any other exception fails the test."""
    try:
        loaded = read_game(data, "fuzzed.jsonl")
    except SaveError as caught:
        error = caught
    else:
        error = None
    if error is not None:
        assert error.path == "fuzzed.jsonl"
        assert "\n" not in str(error)
        assert str(error).startswith("fuzzed.jsonl")
        return error
    # A save that loads is a usable game: it can be summarised and it rebuilds from its log.
    assert loaded.game.summary.turn
    assert loaded.game.replay() == loaded.game.state
    return loaded


def dump_any(value: object) -> bytes:
    """Encode a JSON line, passing lone surrogates through (json.loads lets them in)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode(
        "utf-8", "surrogatepass"
    )


# ---------------------------------------------------------------- random JSON and paths
def random_json(rng: random.Random, depth: int = 0) -> object:
    """Return a random JSON value, nested up to a few levels."""
    kinds = ["null", "bool", "int", "big", "float", "str"] + (["list", "dict"] if depth < 3 else [])
    kind = rng.choice(kinds)
    scalars: dict[str, Callable[[], object]] = {
        "null": lambda: None,
        "bool": lambda: rng.random() < 0.5,
        "int": lambda: rng.randint(-3, 30),
        "big": lambda: rng.choice([-(2**63), 2**64, 10**300, -(10**18)]),
        "float": lambda: rng.choice([0.5, -1e308, 1e-300, float("inf"), float("nan")]),
        "str": lambda: rng.choice(["", "step", "moved", "won", "roll", "hotseat", "é€😀", "\x00"]),
    }
    if kind in scalars:
        return scalars[kind]()
    size = rng.randint(0, 3)
    if kind == "list":
        return [random_json(rng, depth + 1) for _ in range(size)]
    keys = ["type", "n", "op", "player", "events", "dice", "x", "track", "positions"]
    return {rng.choice(keys): random_json(rng, depth + 1) for _ in range(size)}


def paths(value: object, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path (keys and indexes) to a value inside ``value``, the root included."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


def replaced(value: object, path: tuple[Any, ...], new: object) -> object:
    """Return ``value`` with the item at ``path`` set to ``new`` (the root when path is ())."""
    if not path:
        return new
    head, *rest = path
    if isinstance(value, dict):
        return {**value, head: replaced(value[head], tuple(rest), new)}
    assert isinstance(value, list)
    return [replaced(v, tuple(rest), new) if i == head else v for i, v in enumerate(value)]


def at(value: object, path: tuple[Any, ...]) -> object:
    for key in path:
        value = value[key]  # type: ignore[index]
    return value


# ---------------------------------------------------------------- mutations
def lines_of(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def pick_json_line(rng: random.Random, data: bytes) -> tuple[list[bytes], int, object] | None:
    """Choose a random line: return all lines, its index and its JSON (None if it is not JSON)."""
    lines = lines_of(data)
    index = rng.randrange(len(lines))
    try:
        return lines, index, json.loads(lines[index])
    except (ValueError, RecursionError):
        return None


def edit_json_line(
    rng: random.Random, data: bytes, choose: Callable[[random.Random, object], object]
) -> bytes:
    """Parse one random line, let ``choose`` change it, and write it back in place."""
    picked = pick_json_line(rng, data)
    if picked is None:
        return data
    lines, index, value = picked
    lines[index] = dump_any(choose(rng, value))
    return b"\n".join(lines)


def flip_bytes(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if out:
            out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
    return bytes(out)


def insert_bytes(rng: random.Random, data: bytes) -> bytes:
    cut = rng.randint(0, len(data))
    noise = rng.randbytes(rng.randint(1, 8))
    junk = rng.choice([b"\n", b"{", b"}", b'"', b",", b"\\", b"0", noise])
    return data[:cut] + junk + data[cut:]


def delete_bytes(rng: random.Random, data: bytes) -> bytes:
    start = rng.randint(0, len(data))
    return data[:start] + data[start + rng.randint(1, 40) :]


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randint(0, len(data))]


def duplicate_line(rng: random.Random, data: bytes) -> bytes:
    lines = lines_of(data)
    index = rng.randrange(len(lines))
    lines.insert(rng.randint(0, len(lines)), lines[index])
    return b"\n".join(lines)


def swap_lines(rng: random.Random, data: bytes) -> bytes:
    lines = lines_of(data)
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return b"\n".join(lines)


def remove_line(rng: random.Random, data: bytes) -> bytes:
    lines = lines_of(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def replace_value(rng: random.Random, data: bytes) -> bytes:
    """Put random JSON anywhere in a line: a field, an event, a whole line."""

    def choose(rng: random.Random, value: object) -> object:
        return replaced(value, rng.choice(paths(value)), random_json(rng))

    return edit_json_line(rng, data, choose)


STRANGE_NUMBERS = [-1, -7, 0, 2, 99, 2**31, 2**63, 2**64 + 1, -(2**70), 10**300, 1.0, 0.5, True]


def change_number(rng: random.Random, data: bytes) -> bytes:
    """Set a number (n, dice position, player, spaces, seed, version...) to a strange one."""

    def choose(rng: random.Random, value: object) -> object:
        numbers = [p for p in paths(value) if type(at(value, p)) is int]
        if not numbers:
            return value
        return replaced(value, rng.choice(numbers), rng.choice(STRANGE_NUMBERS))

    return edit_json_line(rng, data, choose)


def change_type(rng: random.Random, data: bytes) -> bytes:
    """Give a field a value of another JSON type (a number as a string, a list as an object...)."""

    def other(value: object) -> object:
        if isinstance(value, bool):
            return str(value).lower()
        if isinstance(value, int | float):
            return rng.choice([str(value), [value], {"value": value}, None, value != 0])
        if isinstance(value, str):
            return rng.choice([[value], 0, None, {value: value}])
        if isinstance(value, list):
            return rng.choice([dict(enumerate(map(str, value))), "list", len(value), None])
        if isinstance(value, dict):
            return rng.choice([list(value.values()), list(value), "object", None])
        return rng.choice([0, "null", [], {}])

    def choose(rng: random.Random, value: object) -> object:
        path = rng.choice(paths(value))
        return replaced(value, path, other(at(value, path)))

    return edit_json_line(rng, data, choose)


def deep_nesting(rng: random.Random, data: bytes) -> bytes:
    """Replace a value with arrays or objects nested deeper than any parser likes."""
    picked = pick_json_line(rng, data)
    if picked is None:
        return data
    lines, index, value = picked
    depth = rng.choice([5, 50, 500, 5000, 50_000])
    opener, closer = rng.choice([(b"[", b"]"), (b'{"a":', b"}")])
    nested = opener * depth + b"1" + closer * depth
    marker = "\x01deep\x01"
    text = dump_any(replaced(value, rng.choice(paths(value)), marker))
    lines[index] = text.replace(json.dumps(marker).encode(), nested)
    return b"\n".join(lines)


def non_utf8(rng: random.Random, data: bytes) -> bytes:
    cut = rng.randint(0, len(data))
    junk = rng.choice([b"\xff", b"\xfe\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\x80\x80", b"\x00"])
    return data[:cut] + junk + data[cut:]


def empty_lines(rng: random.Random, data: bytes) -> bytes:
    lines = lines_of(data)
    for _ in range(rng.randint(1, 3)):
        lines.insert(rng.randint(0, len(lines)), rng.choice([b"", b" ", b"\r", b"\t"]))
    return b"\n".join(lines)


def header_field(rng: random.Random, data: bytes) -> bytes:
    """Change or drop one header field (format, version, ruleset, seed, dice, undo, setup)."""
    lines = lines_of(data)
    try:
        header = json.loads(lines[0])
    except (ValueError, RecursionError):
        return data
    if not isinstance(header, dict) or not header:
        return data
    key = rng.choice(sorted(header))
    if rng.random() < 0.25:
        del header[key]
    else:
        header[key] = rng.choice(
            [random_json(rng), "race", "hexmech", 1, 2, [1, 2, 3], {"players": ["A"], "goal": 0}]
        )
    lines[0] = dump_any(header)
    return b"\n".join(lines)


MUTATIONS: dict[str, Mutation] = {
    f.__name__: f
    for f in (
        flip_bytes,
        insert_bytes,
        delete_bytes,
        truncate,
        duplicate_line,
        swap_lines,
        remove_line,
        replace_value,
        change_number,
        change_type,
        deep_nesting,
        non_utf8,
        empty_lines,
        header_field,
    )
}


def mutate(rng: random.Random, data: bytes) -> tuple[bytes, list[str]]:
    """Apply one to three random mutations; return the bytes and their names."""
    names = [rng.choice(sorted(MUTATIONS)) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
    for name in names:
        data = MUTATIONS[name](rng, data)
    return data, names


# ---------------------------------------------------------------- the tests
def test_a_thousand_damaged_saves_load_or_give_save_error(originals):
    """1,000 seeded mutations of real journals: each loads or raises SaveError, nothing else."""
    # Arrange
    rng = random.Random(1234)  # noqa: S311 - reproducible damage, not secrets
    outcomes: collections.Counter[str] = collections.Counter()
    used: collections.Counter[str] = collections.Counter()

    for _ in range(FILES):
        data, names = mutate(rng, originals[rng.choice(sorted(originals))])
        used.update(names)

        # Act / Assert (inside `load`): nothing but SaveError escapes.
        result = load(data)

        outcomes["error" if isinstance(result, SaveError) else "loaded"] += 1

    # Assert: both outcomes occurred, so the files were neither all fine nor all broken.
    assert outcomes["loaded"] >= 50, outcomes
    assert outcomes["error"] >= 500, outcomes
    assert set(used) == set(MUTATIONS)
    assert min(used.values()) >= 40, used


def test_damaged_saves_are_listed_as_damaged_never_raised(originals, tmp_path):
    """A folder of damaged saves lists every file; the bad ones say why in one line."""
    rng = random.Random(99)  # noqa: S311 - reproducible damage, not secrets
    for number in range(60):
        data, _ = mutate(rng, originals[rng.choice(sorted(originals))])
        (tmp_path / f"save-{number:02}.jsonl").write_bytes(data)

    infos = list_saves(tmp_path)

    assert len(infos) == 60
    damaged = [info for info in infos if info.status == "damaged"]
    assert damaged
    assert len(damaged) < 60
    assert all(info.error and "\n" not in info.error for info in damaged)


def json_values() -> st.SearchStrategy[object]:
    scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
    return st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(
                st.sampled_from(["type", "n", "op", "player", "events", "dice", "spaces", "x"])
                | st.text(max_size=4),
                inner,
                max_size=4,
            )
        ),
        max_leaves=12,
    )


FUZZ_SETTINGS = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ_SETTINGS
@given(data=st.data())
def test_any_json_anywhere_in_a_save_loads_or_gives_save_error(originals, data):
    """Hypothesis puts arbitrary JSON at any path of any line of a real journal."""
    lines = lines_of(originals[data.draw(st.sampled_from(sorted(originals)))].rstrip(b"\n"))
    index = data.draw(st.integers(0, len(lines) - 1))
    value = json.loads(lines[index])
    path = data.draw(st.sampled_from(paths(value)))
    lines[index] = dump_any(replaced(value, path, data.draw(json_values())))

    load(join_lines(lines))


@FUZZ_SETTINGS
@given(data=st.data())
def test_stacked_mutations_load_or_give_save_error(originals, data):
    """Hypothesis chooses which mutations to stack, and their random choices."""
    raw = originals[data.draw(st.sampled_from(sorted(originals)))]
    names = data.draw(st.lists(st.sampled_from(sorted(MUTATIONS)), min_size=1, max_size=4))
    for name in names:
        rng = random.Random(data.draw(st.integers(0, 2**32)))  # noqa: S311 - not secrets
        raw = MUTATIONS[name](rng, raw)

    load(raw)


@given(raw=st.binary(max_size=300))
def test_arbitrary_bytes_load_or_give_save_error(raw):
    """Bytes that were never a save give SaveError (or, vanishingly rarely, a game)."""
    load(raw)


@FUZZ_SETTINGS
@given(data=st.data())
def test_arbitrary_lines_after_a_real_header(originals, data):
    """After a good header, any JSON lines load or give SaveError."""
    header = lines_of(originals["tiny"])[0]
    extra = data.draw(st.lists(json_values(), max_size=4))

    load(join_lines([header, *map(dump_line, extra)]))
