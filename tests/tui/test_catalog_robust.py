"""The replay browser's listing never raises and costs bounded time and memory (issue 19, 1 and 2).

Shapes that loading rejects (a result or a winner of the wrong type, a mark whose number is text)
are damaged rows with a one-line reason; files far too big to be saves (a sparse 2 GB file, 50 MB
without a newline, a 20 MB last line) are listed as such in a blink and a few megabytes; any
unexpected failure is a damaged row naming the file and no other path; mutated real saves always
give a row; and the browser screen lists such a folder and keeps working.
"""

from __future__ import annotations

import json
import time
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saves.journal import SaveError, read_game
from tests.tui.fakes import messages
from tui.browse import BrowseApp
from tui.screens import _catalog
from tui.screens._catalog import MAX_LINE, TAIL_BUDGET, ReplayRow, describe

GOLDEN = Path(__file__).parent.parent / "data" / "saves"
PAPER = (GOLDEN / "v2-papermech.jsonl").read_bytes()
BATTLETECH = (GOLDEN / "v2-battletech.jsonl").read_bytes()
MIB = 1024 * 1024


def _lines(data: bytes) -> list[dict]:
    return [json.loads(line) for line in data.splitlines()]


def _save(lines: list[dict]) -> bytes:
    return b"".join(json.dumps(line, separators=(",", ":")).encode() + b"\n" for line in lines)


def _with_ending(data: bytes, field: str, value: object) -> bytes:
    """The save with the last line's ending event's ``field`` set to ``value``."""
    lines = _lines(data)
    ending = next(e for e in lines[-1]["events"] if e["type"].endswith("game_ended"))
    ending[field] = value
    return _save(lines)


def _with_marks(data: bytes, tags: set[str], field: str, value: object) -> bytes:
    """The save with ``field`` of every event tagged one of ``tags`` set to ``value``."""
    lines = _lines(data)
    for line in lines[1:]:
        for event in line.get("events", []):
            if event.get("type") in tags:
                event[field] = value
    return _save(lines)


def _damaged(path: Path, content: bytes) -> ReplayRow:
    path.write_bytes(content)
    row = describe(path)
    assert row.status == "damaged", row
    assert row.error is not None
    assert row.error.startswith(path.name)
    assert "\n" not in row.error
    assert str(path.parent) not in row.error
    return row


def _loading_rejects(content: bytes) -> None:
    with pytest.raises(SaveError):
        read_game(content, "x.jsonl")


# ------------------------------------------------------------------ shapes loading rejects
@pytest.mark.parametrize(
    "result",
    ["x", 3, 2.5, True, False, [1], None, {"won": "yes", "score": 1}, {"won": True, "score": "x"}],
)
def test_a_paper_mech_result_of_the_wrong_shape_is_a_damaged_row(tmp_path, result):
    content = _with_ending(PAPER, "result", result)
    _loading_rejects(content)
    row = _damaged(tmp_path / "result.jsonl", content)
    assert "the event that ended the game cannot be read" in row.reason
    assert "is not a result" in row.reason


@pytest.mark.parametrize("winner", ["x", True, 1.0, [0], {"side": 0}, 99, -1])
def test_a_battletech_winner_of_the_wrong_type_is_a_damaged_row(tmp_path, winner):
    content = _with_ending(BATTLETECH, "winner", winner)
    _damaged(tmp_path / "winner.jsonl", content)


def test_a_battletech_draw_and_a_winner_are_still_read(tmp_path):
    path = tmp_path / "draw.jsonl"
    path.write_bytes(_with_ending(BATTLETECH, "winner", None))
    assert describe(path).result == "draw"
    path.write_bytes(BATTLETECH)
    assert describe(path).result == read_game(BATTLETECH).game.summary.result


@pytest.mark.parametrize("value", ["x", "3", 2.5, True, None, [1]])
@pytest.mark.parametrize(
    ("data", "tags", "field"),
    [
        (PAPER, {"wave_generated"}, "wave"),
        (PAPER, {"wave_generated"}, "battle"),
        (BATTLETECH, {"bt/phase", "bt/turn_ended"}, "turn"),
    ],
    ids=["pm-wave", "pm-battle", "bt-turn"],
)
def test_a_mark_whose_number_is_not_a_number_is_a_damaged_row(tmp_path, data, tags, field, value):
    content = _with_marks(data, tags, field, value)
    _loading_rejects(content)
    row = _damaged(tmp_path / "mark.jsonl", content)
    assert "bad turn or wave number" in row.reason


def test_a_battletech_phase_that_is_not_a_name_is_a_damaged_row(tmp_path):
    content = _with_marks(BATTLETECH, {"bt/phase"}, "phase", {"x": 1})
    _loading_rejects(content)
    _damaged(tmp_path / "phase.jsonl", content)


def test_an_unexpected_failure_is_a_damaged_row_without_the_machines_paths(tmp_path, monkeypatch):
    """The last guard: one line, the file's name, no folder of the machine."""
    path = tmp_path / "odd.jsonl"
    path.write_bytes(PAPER)

    def boom(*_: object) -> ReplayRow:
        raise RuntimeError(f"cannot handle {path.absolute()} in {tmp_path.absolute()}\nmore")

    monkeypatch.setattr(_catalog, "_describe", boom)
    row = describe(path)
    assert row.status == "damaged"
    assert row.error == "odd.jsonl: cannot be listed: RuntimeError: cannot handle odd.jsonl in "
    assert str(tmp_path) not in row.error


# ------------------------------------------------------------------ bounded cost
def _measured(path: Path) -> tuple[ReplayRow, float, int]:
    """The row, the seconds it took and the peak of memory allocated while listing."""
    tracemalloc.start()
    try:
        began = time.perf_counter()
        row = describe(path)
        took = time.perf_counter() - began
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return row, took, peak


def test_a_sparse_2_gb_file_lists_at_once_as_not_a_save(tmp_path):
    path = tmp_path / "sparse.jsonl"
    with path.open("wb") as file:
        file.truncate(2 * 1024 * MIB)
    row, took, peak = _measured(path)
    assert row.status == "damaged"
    assert row.reason == "not a hexmech save (first line too long)"
    assert took < 1.0
    assert peak < 4 * MIB


def test_a_sparse_2_gb_file_after_a_real_header_lists_at_once(tmp_path):
    """The end is 2 GB of zero bytes without a newline: a line too long to list."""
    path = tmp_path / "sparse-tail.jsonl"
    with path.open("wb") as file:
        file.write(PAPER.split(b"\n", 1)[0] + b"\n")
        file.truncate(2 * 1024 * MIB)
    row, took, peak = _measured(path)
    assert row.reason == "a line too long to list"
    assert took < 1.0
    assert peak < 4 * MIB


def test_50_mb_without_a_newline_is_not_a_save_and_not_read_whole(tmp_path):
    path = tmp_path / "blob.jsonl"
    path.write_bytes(b"x" * (50 * MIB))
    row, _, peak = _measured(path)
    assert row.reason == "not a hexmech save (first line too long)"
    assert peak < 4 * MIB


def test_a_first_line_just_under_the_limit_is_still_parsed(tmp_path):
    """The limit is on length, not on content: a long header that is not JSON says so."""
    path = tmp_path / "long.jsonl"
    path.write_bytes(b"y" * (MAX_LINE - 10) + b"\n")
    assert describe(path).reason == "not a hexmech save (the first line is not JSON)"


def test_a_20_mb_last_line_is_damage_in_bounded_time_and_memory(tmp_path):
    """Reading backwards assembles no line past the limit (it used to grow quadratically)."""
    path = tmp_path / "long-last.jsonl"
    padding = "z" * (20 * MIB)
    last = f'{{"n":95,"command":{{"type":"haste","pad":"{padding}"}},"events":[],"dice":[0,0]}}\n'
    path.write_bytes(PAPER + last.encode())
    row, took, peak = _measured(path)
    assert row.reason == "a line too long to list"
    assert took < 10.0  # loosely: it returns; a few milliseconds in practice
    assert peak < 4 * MIB


def test_a_long_tail_without_marks_is_read_only_within_the_budget(tmp_path):
    """Many small lines and no mark: the walk back stops at its byte budget."""
    header = PAPER.split(b"\n", 1)[0] + b"\n"
    line = '{{"n":{},"command":{{"type":"haste"}},"events":[{{"type":"prompted"}}],"dice":[0,0]}}\n'
    count = TAIL_BUDGET // 60 + 1000
    path = tmp_path / "unmarked.jsonl"
    path.write_bytes(header + "".join(line.format(n) for n in range(count)).encode())
    row, _, peak = _measured(path)
    assert row.status == "damaged"
    assert "too big to list" in row.reason
    assert peak < 8 * MIB  # the numbers seen on the way back, within the budget


def test_a_ruleset_without_words_is_not_loaded_in_full_past_the_budget(tmp_path, monkeypatch):
    path = tmp_path / "race.jsonl"
    path.write_bytes((GOLDEN / "v1-race.jsonl").read_bytes())
    assert describe(path).error is None
    monkeypatch.setattr(_catalog, "FULL_BUDGET", 10)
    assert "too big to list" in describe(path).reason


# ------------------------------------------------------------------ mutated real saves
@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """A real save with its bytes flipped, cut, inserted, or one JSON value of a line changed."""
    data = bytearray(draw(st.sampled_from([PAPER, BATTLETECH])))
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["flip", "cut", "insert", "value"]))
        if not data:
            break
        # Mutations near the end matter most: the listing reads the header and the last lines.
        at = draw(
            st.one_of(
                st.integers(0, len(data) - 1),
                st.integers(max(0, len(data) - 2000), len(data) - 1),
            )
        )
        if how == "flip":
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif how == "cut":
            del data[at : at + draw(st.integers(1, 200))]
        elif how == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=20))
        else:
            data = bytearray(_changed_value(draw, bytes(data)))
    return bytes(data)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=5,
)


def _changed_value(draw: st.DrawFn, data: bytes) -> bytes:
    """One value of one line (mostly the header or the last lines) replaced by any JSON value."""
    lines = data.split(b"\n")
    index = draw(st.sampled_from([0, len(lines) - 2, len(lines) - 3, len(lines) // 2]))
    try:
        obj = json.loads(lines[index])
    except (ValueError, IndexError):
        return data
    target = obj
    path: list[object] = []
    while isinstance(target, (dict, list)) and target and draw(st.booleans()):
        keys = sorted(target) if isinstance(target, dict) else range(len(target))
        key = draw(st.sampled_from(keys))
        path.append(key)
        target = target[key]
    if not path:
        return data
    parent = obj
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = draw(JSON_VALUES)
    lines[index] = json.dumps(obj, allow_nan=True).encode()
    return b"\n".join(lines)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(content=mutated())
def test_a_mutated_save_always_gives_a_row(tmp_path_factory, content):
    path = tmp_path_factory.mktemp("fuzz") / "mutated.jsonl"
    path.write_bytes(content)
    row = describe(path)
    assert isinstance(row, ReplayRow)
    if row.error is not None:
        assert row.error.startswith("mutated.jsonl")
        assert "\n" not in row.error
        assert str(path.parent) not in row.error


# ------------------------------------------------------------------ the browser screen
async def test_the_browser_lists_a_folder_of_bad_and_huge_files_and_keeps_working(tmp_path):
    (tmp_path / "good.jsonl").write_bytes(PAPER)
    (tmp_path / "result.jsonl").write_bytes(_with_ending(PAPER, "result", "x"))
    (tmp_path / "winner.jsonl").write_bytes(_with_ending(BATTLETECH, "winner", "x"))
    (tmp_path / "turn.jsonl").write_bytes(
        _with_marks(BATTLETECH, {"bt/phase", "bt/turn_ended"}, "turn", "x")
    )
    with (tmp_path / "sparse.jsonl").open("wb") as file:
        file.truncate(2 * 1024 * MIB)
    (tmp_path / "blob.jsonl").write_bytes(b"x" * (5 * MIB))
    padding = "z" * (3 * MIB)
    (tmp_path / "longline.jsonl").write_bytes(PAPER + f'{{"pad":"{padding}"}}\n'.encode())
    app = BrowseApp(tmp_path)
    began = time.perf_counter()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert time.perf_counter() - began < 30  # loosely: the list shows
        screen = app.screen
        statuses = {row.path.stem: row.status for row in screen.shown}
        assert statuses == {
            "good": "finished",
            "result": "damaged",
            "winner": "damaged",
            "turn": "damaged",
            "sparse": "damaged",
            "blob": "damaged",
            "longline": "damaged",
        }
        await pilot.press("slash", *"result", "enter", "enter")
        assert app.screen is screen
        notes = messages(app)
        assert len(notes) == 1
        assert notes[0].startswith("result.jsonl: the event that ended the game cannot be read")
        assert str(tmp_path) not in notes[0]
