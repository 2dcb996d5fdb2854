"""Damaged Dystopian Wars scenario, fleet, model and catalogue files: one clean line, never a crash.

The corpus: the bundled files (``assets/dystopian``), changed by the seeded mutations of
`tests.engine.battletech._mutate` (numbers made huge or negative, lines dropped, doubled, swapped
or cut, words, quotes and control characters put in), and every ``key = value`` of a bundled
scenario set to a value of each wrong kind. A scenario goes through the ruleset's reader
(``setup_from_text``: a setup or a `ValueError` line) and through ``hexmech play --scenario``'s
(``FILE:LINE: reason``, a `UsageError`); the other files through ``hexmech validate``'s checker
and the library the game reads (a bad file is left out and named in one line).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.dystopian.ruleset import DystopianWars
from tests.conftest import REPO
from tests.engine.battletech import _mutate
from tests.fuzz._fuzz import clean, per_file, run_reader
from tui.commands.errors import UsageError
from tui.commands.play import _setup
from tui.dystopian.library import read_library
from tui.dystopian.validate import check_paths

DW = REPO / "assets" / "dystopian"
SCENARIOS = _mutate.sources((DW / "scenarios",), ".dystopian.toml")
DATA = _mutate.sources((DW / "catalogue", DW / "models", DW / "fleets"), ".dw.toml")
WRONG_VALUES = (
    "-1", "0", "1", "999999999", "true", "1.5", '""', '"lava"', '"x"', "[]", "[1, 2]", "{}",
    "{ width = 5 }", '[{ name = "A" }]', '"\\u001b[2J"', '"\\u202e"',
)  # fmt: skip
_SETTING = re.compile(r"^(\s*[A-Za-z_]+\s*=\s*)(.+)$")


@pytest.fixture(scope="module")
def rules() -> DystopianWars:
    """The ruleset with the bundled library (fleets and STAR cards)."""
    library, skipped = read_library()
    assert not skipped
    return DystopianWars(library)


def fail_if(failures: list[str]) -> None:
    assert not failures, f"{len(failures)} failures, e.g.:\n" + "\n".join(failures[:10])


def labelled(paths: list[Path], count: int, seed: int = 18) -> Iterator[tuple[str, str]]:
    """(``NAME#n``, text) for ``count`` seeded variants of each file."""
    numbers: dict[Path, int] = {}
    for path, text in _mutate.variants(paths, count, seed):
        numbers[path] = numbers.get(path, -1) + 1
        yield f"{path.name}#{numbers[path]}", text


def wrong_values() -> Iterator[tuple[str, str]]:
    """Every ``key = value`` line of each bundled scenario, set to each of `WRONG_VALUES`."""
    for path in SCENARIOS:
        lines = path.read_text(encoding="utf-8").split("\n")
        for number, line in enumerate(lines):
            if (match := _SETTING.match(line)) is None:
                continue
            for value in WRONG_VALUES:
                changed = [*lines[:number], match[1] + value, *lines[number + 1 :]]
                yield f"{path.name}:{number + 1}={value}", "\n".join(changed)


def test_the_bundled_scenarios_read(rules: DystopianWars) -> None:
    """The corpus is sound: each bundled scenario is a game of two fleets (DW-22)."""
    assert len(SCENARIOS) >= 2
    for path in SCENARIOS:
        assert len(rules.setup_from_text(path.read_text(encoding="utf-8")).players) == 2


def test_mutated_scenarios_through_the_reader(rules: DystopianWars) -> None:
    """``setup_from_text``: a setup, or one clean `ValueError` line."""
    items = labelled(SCENARIOS, per_file(60))
    fail_if(run_reader("dystopian: setup_from_text", items, rules.setup_from_text, ValueError))


def test_every_scenario_value_of_a_wrong_kind(rules: DystopianWars) -> None:
    """Each key set to a number, a text, a list or a table it does not take: one clean line."""
    items = list(wrong_values())
    assert len(items) > 100
    fail_if(run_reader("dystopian: scenario values", items, rules.setup_from_text, ValueError))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('base = "water"', 'base = "lava"', ":9: board.base: 'lava' is not one of water, ground"),
        (
            'base = "water"',
            'base = "ground"',
            ":9: Red's BB cannot be deployed on a board of ground",
        ),
        (
            '[[players]]\nname = "Blue"',
            '[[players]]\nname = "Green"\nfleet = "Sample naval fleet"\n[[players]]\nname = "B"',
            ":11: players: Dystopian Wars is played by 2 fleets, not 3",
        ),
        ("width = 36", "width = 3", ":9: board.width: 3 is out of range (10 to 99)"),
        ("turns = 6", 'turns = "six"', ":6: turns: expected a whole number, got 'six'"),
        ('length = "fixed"', 'length = "endless"', ":7: length: 'endless' is not one of fixed"),
        ('fleet = "Sample naval fleet"', "fleet = 5", ":13: players[0].fleet: expected text"),
        ('fleet = "Sample naval fleet"', 'fleet = "Armada"', ":13: no fleet named 'Armada'"),
        ('name = "Blue"', 'name = "Red"', ":16: players: two players have the same name"),
        ('name = "Red"', 'colour = "red"', ":12: players[0].colour: unknown key"),
        ("field_orders = true", "field_orders = 1", ":8: field_orders: expected true or false"),
        ("board = {", "boards = {", ":9: unknown scenario key boards"),
    ],
)
def test_play_scenario_names_the_file_and_line(
    rules: DystopianWars, tmp_path: Path, old: str, new: str, message: str
) -> None:
    """``hexmech play --scenario FILE``: ``FILE:LINE: reason`` (the demo scenario, changed)."""
    text = (DW / "scenarios" / "demo.dystopian.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.dystopian.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(UsageError) as raised:
        _setup(rules, str(path))
    assert str(raised.value).startswith(str(path) + message)


def test_mutated_scenario_files_through_play(rules: DystopianWars, tmp_path: Path) -> None:
    """``--scenario FILE``: a setup, or ``FILE...: reason`` in one clean line."""
    items = []
    for number, (label, text) in enumerate(labelled(SCENARIOS, per_file(15), seed=7)):
        path = tmp_path / f"fuzzed-{number:04}.dystopian.toml"
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        items.append((label, path))

    def read(path: Path) -> object:
        try:
            return _setup(rules, str(path))
        except UsageError as exc:
            if not str(exc).startswith(str(path)):
                raise AssertionError(f"the message does not name the file: {exc}") from None
            raise

    fail_if(run_reader("dystopian: play --scenario", items, read, UsageError))


def test_mutated_data_files_through_validate_and_the_library(tmp_path: Path) -> None:
    """``hexmech validate`` and ``--units``: a verdict a file, each error one clean line."""
    folder = tmp_path / "dw"
    folder.mkdir()
    labels = {}
    for number, (label, text) in enumerate(labelled(DATA, per_file(6), seed=5)):
        path = folder / f"fuzzed-{number:04}.dw.toml"
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        labels[path] = label

    def verdicts(path: Path) -> str | None:
        (checked,) = check_paths([path])
        if checked.error is not None:
            raise ValueError(checked.error)
        return None

    items = [(label, path) for path, label in labels.items()]
    failures = run_reader("dystopian: validate", items, verdicts, ValueError)
    library, skipped = read_library([folder])
    failures += [f"library: {why}: {line!r:.200}" for line in skipped if (why := clean(line))]
    fail_if(failures)
    assert library.fleets
    assert skipped


def test_mutated_scenarios_through_validate(tmp_path: Path) -> None:
    """``hexmech validate`` on damaged ``*.dystopian.toml``: a verdict each, one clean line."""
    items = []
    for number, (label, text) in enumerate(labelled(SCENARIOS, per_file(10), seed=3)):
        path = tmp_path / f"fuzzed-{number:04}.dystopian.toml"
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        items.append((label, path))

    def verdict(path: Path) -> None:
        (checked,) = check_paths([path])
        if checked.error is not None:
            raise ValueError(checked.error)

    fail_if(run_reader("dystopian: validate scenarios", items, verdict, ValueError))
