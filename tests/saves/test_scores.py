"""The high-score table: ranked, kept short, written atomically, and a damaged file never lost."""

from __future__ import annotations

import json
from datetime import date, timedelta

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from saves.scores import ScoreBook, ScoreTable, daily_seed
from saves.store import default_saves_dir
from tests.support.scores import ANN, BO
from tui.papermech.scores import BOOK, COLUMNS, ScoreEntry, entry_cells


def entry(name="Cy", *, score=100, waves=3, day="2026-11-21", **changes) -> ScoreEntry:
    return attrs.evolve(ANN, name=name, score=score, waves=waves, date=day, **changes)


def names(path) -> list[str]:
    return [e.name for e in BOOK.load(path).entries]


def table_file(*scores: dict) -> str:
    return json.dumps({"format": "hexmech-scores", "version": 1, "scores": list(scores)})


def as_json(e: ScoreEntry) -> dict:
    return attrs.asdict(e)


@pytest.fixture
def path(tmp_path):
    return BOOK.path_for(tmp_path)


# ---------------------------------------------------------------- where the table lives
def test_the_table_lives_in_the_saves_directory(tmp_path):
    """``--saves DIR`` puts the table at DIR/scores.json; by default it sits with the saves."""
    assert BOOK.path_for(tmp_path) == tmp_path / "scores.json"
    assert BOOK.file_name == "scores.json"
    assert BOOK.default_path() == default_saves_dir() / "scores.json"


# ---------------------------------------------------------------- reading and writing
def test_a_missing_file_is_an_empty_table_without_a_warning(path):
    """No game has been scored yet: nothing to show, nothing wrong."""
    assert BOOK.load(path) == ScoreTable(entries=(), warning=None)
    assert not path.exists()


def test_an_entry_comes_back_as_it_was_written(path):
    """Round trip: every field, None and bool included, survives the file."""
    # Act
    rank_ann = BOOK.add(path, ANN)
    rank_bo = BOOK.add(path, BO)
    # Assert
    assert (rank_ann, rank_bo) == (1, 1)
    assert BOOK.load(path) == ScoreTable(entries=(BO, ANN), warning=None)


def test_the_file_is_readable_json_in_table_order(path):
    """The file is an envelope with a format name and version; entries best first."""
    BOOK.add(path, ANN)
    BOOK.add(path, BO)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "hexmech-scores"
    assert data["version"] == 1
    assert [s["name"] for s in data["scores"]] == ["Bo", "Ann"]
    assert data["scores"][0] == {
        "name": "Bo",
        "date": "2026-11-20",
        "seed": None,
        "loadout": "LS Claw / RS Flamer / LA Laser / RA Laser, torso 6, legs 3",
        "score": 310,
        "waves": 9,
        "mode": "campaign",
        "battles": 3,
        "won": False,
        "save": None,
        "planned": None,
    }


def test_the_saves_folder_is_created_for_the_first_score(tmp_path):
    """A player who never saved a game still gets a table."""
    path = BOOK.path_for(tmp_path / "new" / "saves")
    assert BOOK.add(path, ANN) == 1
    assert BOOK.load(path).entries == (ANN,)


@given(
    st.builds(
        ScoreEntry,
        name=st.text(),
        date=st.dates().map(date.isoformat),
        seed=st.none() | st.integers(),
        loadout=st.text(),
        score=st.integers(),
        waves=st.integers(min_value=0),
        mode=st.sampled_from(["single", "campaign"]),
        battles=st.integers(min_value=0),
        won=st.booleans(),
        save=st.none() | st.text(),
    )
)
def test_any_entry_survives_a_round_trip(tmp_path_factory, score_entry):
    """Property: whatever the text (quotes, control characters, emoji), it comes back unchanged."""
    path = BOOK.path_for(tmp_path_factory.mktemp("scores"))
    BOOK.add(path, score_entry)
    assert BOOK.load(path) == ScoreTable((score_entry,))


# ---------------------------------------------------------------- ranking
def test_higher_scores_rank_first_and_the_rank_is_returned(path):
    """Score decides first; the rank is the entry's place after it was added."""
    assert BOOK.add(path, entry("a", score=50)) == 1
    assert BOOK.add(path, entry("b", score=200)) == 1
    assert BOOK.add(path, entry("c", score=100)) == 2
    assert BOOK.add(path, entry("d", score=10)) == 4
    assert names(path) == ["b", "c", "a", "d"]


def test_equal_scores_are_ranked_by_waves_then_the_earlier_date(path):
    """Ties: more waves cleared first; then whoever got there first."""
    BOOK.add(path, entry("late", score=100, waves=5, day="2026-11-22"))
    BOOK.add(path, entry("few waves", score=100, waves=2, day="2026-01-01"))
    rank = BOOK.add(path, entry("early", score=100, waves=5, day="2026-11-20"))
    assert rank == 1
    assert names(path) == ["early", "late", "few waves"]


def test_a_full_tie_keeps_the_order_entries_were_added_in(path):
    """Same score, waves and day: the newer entry goes below the older ones."""
    assert BOOK.add(path, entry("first")) == 1
    assert BOOK.add(path, entry("second")) == 2
    assert BOOK.add(path, entry("third")) == 3
    # An identical twin of the first entry ranks below all three.
    assert BOOK.add(path, entry("first")) == 4
    assert names(path) == ["first", "second", "third", "first"]


def test_a_hand_edited_table_out_of_order_is_shown_ranked(path):
    """Entries stored out of order come back best first, ties in file order."""
    path.write_text(
        table_file(
            as_json(entry("low", score=1)),
            as_json(entry("tie-a", score=9)),
            as_json(entry("high", score=99)),
            as_json(entry("tie-b", score=9)),
        )
    )
    assert names(path) == ["high", "tie-a", "tie-b", "low"]


# ---------------------------------------------------------------- the keep limit
def test_only_the_best_entries_are_kept(path):
    """With keep=3 the fourth-best entry drops off the table."""
    for score in (40, 30, 20):
        BOOK.add(path, entry(f"s{score}", score=score), keep=3)
    assert BOOK.add(path, entry("s35", score=35), keep=3) == 2
    assert names(path) == ["s40", "s35", "s30"]


def test_an_entry_below_a_full_table_gets_rank_0_and_changes_nothing(path):
    """Rank 0: it did not make the table, and the file is not even rewritten."""
    for score in (40, 30):
        BOOK.add(path, entry(f"s{score}", score=score), keep=2)
    before = path.read_bytes()
    # A tie with the last entry loses too: it was added later.
    assert BOOK.add(path, entry("late tie", score=30), keep=2) == 0
    assert BOOK.add(path, entry("s1", score=1), keep=2) == 0
    assert path.read_bytes() == before


def test_the_default_table_keeps_a_hundred_entries(path):
    """The 101st-best entry falls off."""
    path.write_text(table_file(*(as_json(entry(f"p{i}", score=1000 - i)) for i in range(100))))
    assert BOOK.add(path, entry("last", score=0)) == 0
    assert BOOK.add(path, entry("top", score=5000)) == 1
    table = BOOK.load(path).entries
    assert len(table) == 100
    assert (table[0].name, table[-1].name) == ("top", "p98")


def test_keep_must_be_positive(path):
    """A table of no entries is a programmer error."""
    with pytest.raises(ValueError, match="keep must be 1 or more, not 0"):
        BOOK.add(path, ANN, keep=0)


# ---------------------------------------------------------------- damaged files
GOOD = as_json(ANN)
DAMAGED = [
    pytest.param("{not json", "not JSON: Expecting property name", id="bad-json"),
    pytest.param("", "not JSON: Expecting value", id="empty"),
    pytest.param('[{"name": "Ann"}]', "not a hexmech score table", id="a-list"),
    pytest.param(
        json.dumps({"format": "hexmech-scores", "version": 2, "scores": []}),
        "unknown version 2",
        id="newer-version",
    ),
    pytest.param(
        table_file(GOOD, {**GOOD, "colour": "red"}),
        "extra fields found (colour) @ $.scores[1]",
        id="extra-key",
    ),
    pytest.param(
        table_file({**GOOD, "score": "5"}),
        "expected int, not str '5' @ $.scores[0].score",
        id="score-as-text",
    ),
    pytest.param(
        table_file({**GOOD, "waves": True}),
        "expected int, not bool True @ $.scores[0].waves",
        id="bool-for-int",
    ),
    pytest.param(
        table_file({**GOOD, "won": 1}),
        "expected bool, not int 1 @ $.scores[0].won",
        id="int-for-bool",
    ),
    pytest.param(
        table_file({k: v for k, v in GOOD.items() if k != "loadout"}),
        "required field missing @ $.scores[0].loadout",
        id="missing-key",
    ),
    pytest.param(
        table_file({**GOOD, "mode": "arcade"}),
        "'mode' must be in ('single', 'campaign') (got 'arcade') @ $.scores[0]",
        id="unknown-mode",
    ),
    pytest.param(
        table_file({**GOOD, "date": "21/11/2026"}),
        "'date' must be a date like 2026-11-21, not '21/11/2026' @ $.scores[0]",
        id="bad-date",
    ),
    pytest.param(
        json.dumps({"format": "hexmech-scores", "version": 1, "scores": "Ann"}),
        "expected a list of scores, not str @ $.scores",
        id="scores-not-a-list",
    ),
    pytest.param(
        table_file(GOOD, 7), "expected a score object, not int @ $.scores[1]", id="a-number"
    ),
]


@pytest.mark.parametrize(("text", "reason"), DAMAGED)
def test_a_damaged_table_reads_as_empty_with_a_one_line_warning(path, text, reason):
    """Bad JSON, the wrong shape or a loose type: empty, and a warning naming file and reason."""
    path.write_text(text, encoding="utf-8")

    table = BOOK.load(path)

    assert table.entries == ()
    assert table.warning is not None
    assert table.warning.startswith(f"{path}: damaged score table (")
    assert reason in table.warning
    assert table.warning.endswith("it is kept, and set aside when the next score is added")
    assert "\n" not in table.warning
    assert path.read_text(encoding="utf-8") == text


def test_bytes_that_are_not_text_are_damage(path):
    """A binary file is reported, not decoded."""
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert BOOK.load(path).warning == (
        f"{path}: damaged score table (not UTF-8 text); "
        "it is kept, and set aside when the next score is added"
    )


@pytest.mark.parametrize(("text", "reason"), DAMAGED)
def test_adding_to_a_damaged_table_sets_the_old_file_aside(path, text, reason):
    """The damaged bytes are kept as scores.json.damaged; a new table starts; the caller hears."""
    # Arrange
    path.write_text(text, encoding="utf-8")
    original = path.read_bytes()
    warnings: list[str] = []
    # Act
    rank = BOOK.add(path, BO, on_warning=warnings.append)
    # Assert
    assert rank == 1
    assert (path.parent / "scores.json.damaged").read_bytes() == original
    assert BOOK.load(path) == ScoreTable((BO,))
    (warning,) = warnings
    assert warning.startswith(f"{path}: damaged score table (")
    assert reason in warning
    assert warning.endswith("moved to scores.json.damaged and a new table started")


def test_an_earlier_damaged_file_is_never_overwritten(path):
    """A second damaged table goes to .damaged-2, a third to .damaged-3."""
    folder = path.parent
    for number, junk in enumerate((b"first junk", b"second junk", b"third junk"), 1):
        path.write_bytes(junk)
        warnings: list[str] = []
        BOOK.add(path, ANN, on_warning=warnings.append)
        suffix = "" if number == 1 else f"-{number}"
        assert warnings[0].endswith(f"moved to scores.json.damaged{suffix} and a new table started")
    assert (folder / "scores.json.damaged").read_bytes() == b"first junk"
    assert (folder / "scores.json.damaged-2").read_bytes() == b"second junk"
    assert (folder / "scores.json.damaged-3").read_bytes() == b"third junk"
    assert BOOK.load(path) == ScoreTable((ANN,))


def test_adding_to_a_damaged_table_without_a_listener_still_keeps_the_file(path):
    """on_warning is optional; the damaged file is set aside all the same."""
    path.write_text("{", encoding="utf-8")
    assert BOOK.add(path, ANN) == 1
    assert (path.parent / "scores.json.damaged").read_text(encoding="utf-8") == "{"


def test_an_unreadable_table_is_a_warning_and_adding_to_it_raises(tmp_path):
    """A folder where the file should be cannot be read: a warning, and add_score refuses."""
    path = BOOK.path_for(tmp_path)
    path.mkdir()
    table = BOOK.load(path)
    assert table.entries == ()
    assert table.warning is not None
    assert table.warning.startswith(f"{path}: cannot read the score table: ")
    with pytest.raises(IsADirectoryError):
        BOOK.add(path, ANN)
    assert path.is_dir()


def test_a_bad_entry_cannot_even_be_made():
    """The same checks guard new entries: an impossible mode or date never reaches the file."""
    with pytest.raises(ValueError, match="'mode' must be in"):
        entry(mode="arcade")
    with pytest.raises(ValueError, match="'date' must be a date like 2026-11-21, not '20261121'"):
        entry(day="20261121")
    with pytest.raises(ValueError, match="'waves' must be >= 0"):
        entry(waves=-1)


# ---------------------------------------------------------------- atomic writes
def test_writing_leaves_no_temporary_files(path):
    """After several writes the folder holds the table and nothing else."""
    for score in range(5):
        BOOK.add(path, entry(f"s{score}", score=score))
    assert sorted(p.name for p in path.parent.iterdir()) == ["scores.json", "scores.json.lock"]


def test_a_failed_write_keeps_the_old_table_and_removes_the_temporary_file(path, monkeypatch):
    """If the disk fails mid-write, the old table is untouched and no temporary file is left."""
    # Arrange
    BOOK.add(path, ANN)
    before = path.read_bytes()

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("saves.scores.os.fsync", full_disk)
    # Act
    with pytest.raises(OSError, match="No space left"):
        BOOK.add(path, BO)
    # Assert
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["scores.json", "scores.json.lock"]


# ---------------------------------------------------------------- the daily seed
def test_the_daily_seed_is_the_date_as_a_number():
    """Golden value: everyone playing on 2026-11-21 gets seed 20261121."""
    assert daily_seed(date(2026, 11, 21)) == 20261121
    assert daily_seed(date(2027, 1, 2)) == 20270102


def test_the_daily_seed_is_stable_and_differs_from_day_to_day():
    """The same day always gives the same seed; a year of days gives 365 different seeds."""
    first = date(2026, 1, 1)
    days = [first + timedelta(days=n) for n in range(365)]
    assert daily_seed(date(2026, 11, 21)) == daily_seed(date(2026, 11, 21))
    assert len({daily_seed(day) for day in days}) == 365


# ---------------------------------------------------------------- the row texts
def test_a_row_shows_rank_name_score_result_waves_date_and_loadout():
    """The TUI and the command line show these texts; the loadout without its mounts' names."""
    assert COLUMNS == ("Rank", "Name", "Score", "Result", "Waves", "Date", "Loadout")
    assert entry_cells(1, ANN) == (
        "1",
        "Ann",
        "120",
        "won",
        "4",
        "2026-11-21",
        "Wing Shield / Missiles / Laser / Fist, torso 5, legs 4",
    )
    assert entry_cells(2, BO)[3] == "lost 3/?"


# ---------------------------------------------------------------- any ruleset's book
@attrs.frozen
class LapTime:
    """A race's entry: the fewer seconds the better."""

    name: str
    seconds: int


LAPS = ScoreBook(
    title="Race",
    entry_type=LapTime,
    columns=("Rank", "Name", "Seconds"),
    numeric=frozenset({"Rank", "Seconds"}),
    cells=lambda rank, e: (str(rank), e.name, str(e.seconds)),
    order=lambda e: (e.seconds,),
    detail=lambda e: f"{e.name}: {e.seconds} s",
    empty="No laps yet.",
    file_name="laps.json",
)


def test_a_book_of_another_ruleset_keeps_its_own_file_order_and_entries(tmp_path):
    """The table code names no ruleset: a book says what an entry is and how entries rank."""
    laps = LAPS.path_for(tmp_path)
    assert LAPS.add(laps, LapTime("slow", 90)) == 1
    assert LAPS.add(laps, LapTime("fast", 60)) == 1
    assert LAPS.load(laps) == ScoreTable((LapTime("fast", 60), LapTime("slow", 90)))
    assert BOOK.load(BOOK.path_for(tmp_path)) == ScoreTable()  # scores.json is untouched
    raw = json.loads(laps.read_text())
    assert raw == {
        "format": "hexmech-scores",
        "version": 1,
        "scores": [{"name": "fast", "seconds": 60}, {"name": "slow", "seconds": 90}],
    }


def test_a_papermech_entry_in_another_book_is_damage(tmp_path):
    """Entries are strict per book: a Paper 'Mech row in the race's file is a damaged table."""
    laps = LAPS.path_for(tmp_path)
    laps.write_text(table_file(as_json(ANN)))
    table = LAPS.load(laps)
    assert table.entries == ()
    assert table.warning is not None
    assert "damaged score table" in table.warning
