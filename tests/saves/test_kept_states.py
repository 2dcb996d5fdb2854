"""Kept states (format 4, issue 14 row 2): a save opened from the state it kept is the same game.

A journal writes the state after every ``keep_every`` entries in effect (`saves.snapshots`);
``read_game(kept=True)`` starts from the last one and records the entries before it unfolded,
and `check_kept` folds them later and compares.
"""

from __future__ import annotations

import collections
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.game import UndoPolicy
from saves.codec import make_converter
from saves.journal import SNAPSHOTS_FROM, Journal, SaveError, check_kept, read_game
from saves.snapshots import apply_patch, make_patch
from tests.saves._support import (
    CREATED,
    LONG_SCRIPT,
    SEED,
    dump_line,
    fresh_game,
    join_lines,
    json_lines,
    play,
)
from tests.support.race import RULESET

NAME = "kept.jsonl"
WORDS = st.sampled_from(["step 1", "step 2", "step 3", "roll", "undo", "redo"])


def write(path, script, *, keep_every=3, undo_policy=UndoPolicy.SOLO, goal=200):
    """Play ``script`` into a new journal that keeps a state every ``keep_every`` entries."""
    setup = RULESET.make_setup({"goal": goal})
    with Journal.create(
        path,
        RULESET,
        setup,
        created=CREATED,
        seed=SEED,
        undo_policy=undo_policy,
        keep_every=keep_every,
    ) as journal:
        play(journal, script)
    return path.read_bytes()


def assert_same(opened, folded):
    """The same game: state, log, cursor, dice, version, and every state on the way."""
    assert opened.state == folded.state
    assert opened.log == folded.log
    assert opened.cursor == folded.cursor
    assert opened.dice_position == folded.dice_position
    assert opened.version == folded.version
    for index in range(len(folded.log) + 1):
        assert opened.state_at(index) == folded.state_at(index)


def kept_lines(data):
    return [line for line in json_lines(data) if line.get("op") == "state"]


# ---------------------------------------------------------------------------- writing
def test_a_state_is_kept_after_every_keep_every_entries_and_names_the_last_entry(tmp_path):
    """Seven steps with keep_every=3: states after entries 2 and 5, each the fold's."""
    data = write(tmp_path / NAME, ["step 1"] * 7)

    kept = kept_lines(data)

    assert [line["n"] for line in kept] == [2, 5]
    assert json_lines(data)[0]["version"] >= SNAPSHOTS_FROM
    game = read_game(data, NAME).game
    conv = make_converter(RULESET)
    assert [apply_patch(conv, game.initial, line["state"]) for line in kept] == [
        game.state_at(3),
        game.state_at(6),
    ]


def test_a_journal_of_format_3_goes_on_without_kept_states(tmp_path):
    """A format-3 save opened to go on writes its lines in format 3: no state lines."""
    lines = [line for line in json_lines(write(tmp_path / NAME, [])) if line.get("op") != "state"]
    lines[0]["version"] = 3
    old = tmp_path / "old.jsonl"
    old.write_bytes(join_lines(dump_line(line) for line in lines))

    with Journal.open(old) as journal:
        play(journal, ["step 1"] * 8)

    assert kept_lines(old.read_bytes()) == []
    assert read_game(old.read_bytes(), NAME).game.cursor == 8


def test_the_patch_of_a_state_holds_only_what_changed():
    """The state after one step differs from the start by one position and whose turn it is."""
    game = fresh_game(["step 2"])
    conv = make_converter(RULESET)

    patch = make_patch(conv, game.initial, game.state)

    assert patch == [
        "a",
        {"track": ["a", {"positions": ["t", [[0, ["v", 2]]]]}], "current": ["v", 1]},
    ]
    assert apply_patch(conv, game.initial, patch) == game.state
    assert make_patch(conv, game.initial, game.initial) == ["a", {}]


# ---------------------------------------------------------------------------- reading
@settings(max_examples=60)
@given(
    script=st.lists(WORDS, max_size=40),
    keep_every=st.integers(1, 5),
    policy=st.sampled_from(UndoPolicy),
)
def test_a_game_opened_from_its_kept_state_is_the_game_folded_from_the_start(
    tmp_path_factory, script, keep_every, policy
):
    """Property: kept=True gives the same game as folding every entry, before and after checking.

    Whatever the undos and redos around the kept states, the state restored equals the fold
    (``state == replay()``), and every earlier state, folded on demand or by `check_kept`, too.
    """
    path = tmp_path_factory.mktemp("kept") / NAME
    data = write(path, script, keep_every=keep_every, undo_policy=policy)
    folded = read_game(data, NAME)

    opened = read_game(data, NAME, kept=True)

    assert opened.game.state == folded.game.state
    assert opened.game.replay() == folded.game.state
    assert (opened.restored is not None) == any(
        line.get("op") == "state" for line in json_lines(data)
    )
    assert_same(opened.game, folded.game)  # earlier states folded on demand
    assert all(done > 0 for done in check_kept(opened, NAME))  # nothing refused
    assert_same(opened.game, folded.game)


def test_check_kept_folds_in_chunks_and_keeps_the_states_for_undo(tmp_path):
    """The entries before the kept state are folded a chunk at a time; undo then folds few."""
    data = write(tmp_path / NAME, ["step 1"] * 20, keep_every=10)
    opened = read_game(data, NAME, kept=True)
    assert opened.restored == 20

    steps = list(check_kept(opened, NAME, chunk=4))

    assert steps == [4, 8, 10, 14, 18, 20]  # up to each of the two kept states it opened with
    assert_same(opened.game, read_game(data, NAME).game)


def test_a_game_opened_from_a_kept_state_plays_on_like_one_folded(tmp_path):
    """Open with kept=True, play, undo and redo: the file reads back as the same game."""
    path = tmp_path / NAME
    write(path, LONG_SCRIPT, keep_every=2)
    with Journal.open(path, kept=True) as journal:
        assert journal.restored is not None
        play(journal, ["undo", "undo", "step 1", "roll", "undo", "redo", "step 3"])
        played = journal.game
    assert_same(read_game(path.read_bytes(), NAME).game, played)
    assert_same(read_game(path.read_bytes(), NAME, kept=True).game, played)


def test_a_kept_state_that_does_not_fit_the_game_is_ignored(tmp_path):
    """A kept state that cannot be read: the game is folded from the start, as in format 3."""
    lines = json_lines(write(tmp_path / NAME, ["step 1"] * 7))
    for line in lines:
        if line.get("op") == "state":
            line["state"] = ["a", {"no_such_field": ["v", 1]}]
    data = join_lines(dump_line(line) for line in lines)

    opened = read_game(data, NAME, kept=True)

    assert opened.restored is None
    assert_same(opened.game, read_game(data, NAME).game)


def test_a_kept_state_that_its_entries_do_not_give_is_caught_by_check_kept(tmp_path):
    """A kept state that lies: the game opens from it, and check_kept names the entry."""
    lines = json_lines(write(tmp_path / NAME, ["step 1"] * 7))
    last = max(i for i, line in enumerate(lines) if line.get("op") == "state")
    lines[last]["state"] = ["a", {"turn": ["v", 99]}]
    data = join_lines(dump_line(line) for line in lines)
    opened = read_game(data, NAME, kept=True)
    assert opened.game.state_at(6).turn == 99

    with pytest.raises(SaveError, match="entry 5: the state the save kept is not what its entries"):
        list(check_kept(opened, NAME))
    assert read_game(data, NAME).game.state_at(6).turn != 99  # the fold is the truth


def test_an_entry_that_cannot_be_applied_before_a_kept_state_is_caught_by_check_kept(tmp_path):
    """Damage before the kept state is found by the check, as a SaveError naming the entry."""
    lines = json_lines(write(tmp_path / NAME, ["step 1"] * 7))
    lines[2]["events"].append(["won", 0, "by a damaged line"])  # entry 1 ends the game
    data = join_lines(dump_line(line) for line in lines)
    with pytest.raises(SaveError, match="an entry after the game had ended"):
        read_game(data, NAME)  # folding every entry refuses entry 2 on its line

    opened = read_game(data, NAME, kept=True)

    with pytest.raises(SaveError, match="entry 2: an entry after the game had ended"):
        list(check_kept(opened, NAME))


@pytest.mark.parametrize("n", [0, 1, 3, 99, "2", True, None])
def test_a_kept_state_in_the_wrong_place_is_a_save_error(tmp_path, n):
    """A state line names the last entry in effect; any other number is damage on its line."""
    lines = json_lines(write(tmp_path / NAME, ["step 1"] * 4))
    index = next(i for i, line in enumerate(lines) if line.get("op") == "state")
    lines[index]["n"] = n
    data = join_lines(dump_line(line) for line in lines)

    with pytest.raises(SaveError, match="a kept state must follow entry 2") as caught:
        read_game(data, NAME)

    assert caught.value.line == index + 1
    with pytest.raises(SaveError, match="a kept state must follow entry 2"):
        read_game(data, NAME, kept=True)  # not trusted either: the same refusal


def test_a_kept_state_line_reads_as_written():
    """The line: op, n (the last entry in effect) and the patch, as `saves.snapshots` writes it."""
    game = fresh_game(["step 3", "step 1"])
    from saves.journal import encode_state  # noqa: PLC0415

    line = encode_state(game)

    assert line == {
        "op": "state",
        "n": 1,
        "state": make_patch(make_converter(RULESET), game.initial, game.state),
    }
    assert json.loads(json.dumps(line)) == line


def test_the_kept_state_before_the_last_serves_the_states_just_before_it(tmp_path, monkeypatch):
    """Opened just past a kept state, the entries before it fold from the one before, not 0."""
    data = write(tmp_path / NAME, ["step 1"] * 17, keep_every=4)  # kept after 4, 8, 12, 16
    opened = read_game(data, NAME, kept=True)
    assert opened.restored == 16
    folded = read_game(data, NAME).game
    expected = folded.state_at(14)
    evolved = []
    real = type(RULESET).evolve
    monkeypatch.setattr(
        type(RULESET), "evolve", lambda self, s, e: evolved.append(e) or real(self, s, e)
    )

    state = opened.game.state_at(14)  # two entries after the kept state at 12

    assert state == expected
    per_entry = len(folded.log[12].events)
    assert len(evolved) == per_entry + len(folded.log[13].events) < 12 * per_entry


def test_damaged_saves_with_kept_states_open_check_or_give_save_error(tmp_path):
    """500 seeded mutations of a save with kept states, opened from them and then checked.

    Opening gives a game or a SaveError; the check after it completes or raises a SaveError;
    a game opened and checked is the one folded from the start. Nothing else escapes.
    """
    from tests.saves.test_fuzz import mutate  # noqa: PLC0415 - the fuzz tests' damage

    original = write(tmp_path / NAME, LONG_SCRIPT * 2, keep_every=2)
    rng = random.Random(4321)  # noqa: S311 - reproducible damage, not secrets
    outcomes: collections.Counter[str] = collections.Counter()
    for _ in range(500):
        data, _ = mutate(rng, original)
        refusal = None
        try:
            opened = read_game(data, NAME, kept=True)
            list(check_kept(opened, NAME))
        except SaveError as error:
            refusal = str(error)
        if refusal is not None:
            assert refusal.startswith(NAME)
            assert "\n" not in refusal
            outcomes["refused"] += 1
            continue
        outcomes["restored" if opened.restored is not None else "folded"] += 1
        assert_same(opened.game, read_game(data, NAME).game)
    assert outcomes["restored"] >= 30, outcomes
    assert outcomes["refused"] >= 100, outcomes


def test_a_state_that_cannot_be_written_is_not_kept_and_play_goes_on(tmp_path, monkeypatch):
    """A patch that is not JSON data (a ruleset's state the converter cannot write): no line."""
    monkeypatch.setattr("saves.journal.make_patch", lambda *_: ["v", {1, 2}])  # a set: not JSON
    data = write(tmp_path / NAME, ["step 1"] * 7)

    assert kept_lines(data) == []
    assert read_game(data, NAME).game.cursor == 7
