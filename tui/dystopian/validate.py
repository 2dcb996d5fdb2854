"""``hexmech validate`` for Dystopian Wars: check catalogue, model and fleet files, one line each.

Only files whose name ends in ``.dw.toml`` are DW's (`tui.dystopian.files.SUFFIX`); a folder
stands for every such file under it. Any other file is left to the other rulesets' checkers and
gets no line here. What a file is comes from its ``format`` key: ``dw-catalogue``, ``dw-model`` or
``dw-fleet`` (``assets/dystopian/README.md``).

Models are checked against the bundled catalogue plus every catalogue file named; fleets against
the bundled models plus every model file named, and must be legal (`fleet_problems`, DW-22).
Scenarios (``*.dystopian.toml``, no ``format`` key) are read as ``hexmech play --scenario`` reads
them, against the bundled fleets plus every good fleet file named. A good file gives
``ok  NAME (summary)``; a bad one ``FILE:LINE: reason`` (``FILE: reason`` for a fleet that reads
but is illegal: its first problem, and how many more).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from engine.dystopian.data.catalogue import CATALOGUE_FORMAT, CatalogueFile, merge, parse_catalogue
from engine.dystopian.data.fleetfile import FLEET_FORMAT, parse_fleet
from engine.dystopian.data.modelfile import MODEL_FORMAT, parse_model
from engine.dystopian.fleet import Fleet, fleet_problems, mfv_label
from engine.dystopian.models import Catalogue, ModelCard
from engine.dystopian.ruleset import DystopianWars, Library
from engine.text import printable
from engine.tomlfile import DataFileError, Table, read_text
from tui.aod.validate import Checked, report_lines
from tui.datafiles import file_format, read_file
from tui.dystopian.files import bundled_files, dw_files

__all__ = ["check", "check_paths", "fleet_summary", "model_summary", "scenario_files"]

_FORMATS = (CATALOGUE_FORMAT, MODEL_FORMAT, FLEET_FORMAT)
SCENARIO_SUFFIX = ".dystopian.toml"
"""DW scenarios (``assets/dystopian/scenarios``): no ``format`` key; read as ``--scenario``."""


def _key(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path


def _unique(paths: list[Path]) -> list[Path]:
    """Each file once, in order: named twice, or in a folder named too."""
    seen: set[Path] = set()
    files: list[Path] = []
    for path in paths:
        if _key(path) not in seen:
            seen.add(_key(path))
            files.append(path)
    return files


def _bad(path: Path, exc: DataFileError) -> Checked:
    return Checked(path, error=exc.where(str(path)))


def check_paths(paths: Sequence[Path]) -> list[Checked]:
    """Check the DW files named and under the folders named (others are ignored)."""
    files = _unique(dw_files(paths))
    named = {_key(p) for p in files}
    verdicts: dict[Path, Checked] = {}
    texts: dict[Path, str] = {}
    kinds: dict[Path, str] = {}
    for path in files:
        try:
            texts[path] = read_file(path)
        except DataFileError as exc:
            verdicts[path] = _bad(path, exc)
            continue
        kinds[path] = file_format(texts[path])

    def of_kind(kind: str) -> list[Path]:
        return [p for p in files if p not in verdicts and kinds.get(p) == kind]

    catalogue = _catalogue(of_kind(CATALOGUE_FORMAT), texts, named, verdicts)
    models = _models(of_kind(MODEL_FORMAT), texts, named, verdicts, catalogue)
    fleets = _bundled_fleets(named, models)
    for path in of_kind(FLEET_FORMAT):
        try:
            fleet = parse_fleet(texts[path], models)
        except DataFileError as exc:
            verdicts[path] = _bad(path, exc)
            continue
        problems = fleet_problems(fleet)
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            verdicts[path] = _bad(path, DataFileError(problems[0] + more))
            continue
        fleets[fleet.name] = fleet
        verdicts[path] = Checked(path, fleet.name, fleet_summary(fleet))
    for path in files:
        if path not in verdicts:
            try:
                read_text(texts[path], _unknown_format)
            except DataFileError as exc:
                verdicts[path] = _bad(path, exc)
    scenarios = _unique(scenario_files(paths))
    rules = DystopianWars(Library(fleets, tuple(catalogue.cards.values())))
    return [verdicts[path] for path in files] + [_scenario(path, rules) for path in scenarios]


def scenario_files(paths: Sequence[Path]) -> list[Path]:
    """The DW scenarios among ``paths`` (``*.dystopian.toml``): each named, each under a folder."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob(f"*{SCENARIO_SUFFIX}") if p.is_file())
        elif path.name.lower().endswith(SCENARIO_SUFFIX):
            found.append(path)
    return found


def _bundled_fleets(named: set[Path], models: dict[str, ModelCard]) -> dict[str, Fleet]:
    """The bundled fleets a scenario may name (those named are checked, and added, instead)."""
    fleets: dict[str, Fleet] = {}
    for path in bundled_files("fleets"):
        if _key(path) in named:
            continue
        try:
            fleet = parse_fleet(read_file(path), models)
        except DataFileError:
            continue  # a broken bundled file is reported when it is named
        fleets[fleet.name] = fleet
    return fleets


def _scenario(path: Path, rules: DystopianWars) -> Checked:
    """A scenario read as ``hexmech play --scenario`` reads it: the bundled and named fleets."""
    try:
        setup = rules.setup_from_text(read_file(path))
    except DataFileError as exc:
        return _bad(path, exc)
    except ValueError as exc:
        return _bad(path, DataFileError(str(exc)))
    sides = " v ".join(f"{p.name} ({p.fleet.name}, {p.fleet.points} pts)" for p in setup.players)
    board = setup.terrain
    length = f"{setup.turns} {setup.length.value} turn{'' if setup.turns == 1 else 's'}"
    where = f"{board.width}x{board.height} {board.base.name.lower()}"
    return Checked(path, setup.title, f"scenario: {sides}, {where}, {length}")


def _unknown_format(table: Table) -> None:
    """A file whose ``format`` is none of DW's (TOML errors come first, with their line)."""
    raise DataFileError(
        f"format: expected one of {', '.join(_FORMATS)}, got {table.get('format', 'nothing')!r}",
        ("format",),
    )


def _catalogue(
    paths: list[Path], texts: dict[Path, str], named: set[Path], verdicts: dict[Path, Checked]
) -> Catalogue:
    """The bundled catalogue plus each good catalogue file named (which may not clash with it)."""
    parts: list[CatalogueFile] = []
    for path in bundled_files("catalogue"):
        if _key(path) in named:
            continue
        try:
            parts.append(parse_catalogue(read_file(path)))
        except DataFileError:
            continue  # a broken bundled file is reported when it is named
    for path in paths:
        try:
            part = parse_catalogue(texts[path])
            merge([*parts, part])
        except DataFileError as exc:
            verdicts[path] = _bad(path, exc)
            continue
        except ValueError as exc:
            verdicts[path] = _bad(path, DataFileError(str(exc)))
            continue
        parts.append(part)
        verdicts[path] = Checked(path, path.name, _catalogue_summary(part))
    return merge(parts)


def _models(
    paths: list[Path],
    texts: dict[Path, str],
    named: set[Path],
    verdicts: dict[Path, Checked],
    catalogue: Catalogue,
) -> dict[str, ModelCard]:
    """The bundled models plus each good model file named; an id used twice is refused."""
    models: dict[str, ModelCard] = {}
    for path in bundled_files("models"):
        if _key(path) in named:
            continue
        try:
            model = parse_model(read_file(path), catalogue)
        except DataFileError:
            continue
        models[model.id] = model
    where: dict[str, Path] = {}
    for path in paths:
        try:
            model = parse_model(texts[path], catalogue)
        except DataFileError as exc:
            verdicts[path] = _bad(path, exc)
            continue
        if model.id in where:
            reason = f"model id {model.id} is also {printable(str(where[model.id]))}"
            verdicts[path] = _bad(path, DataFileError(reason))
            continue
        where[model.id] = path
        models[model.id] = model
        verdicts[path] = Checked(path, model.name, model_summary(model))
    return models


def model_summary(model: ModelCard) -> str:
    """``CR, naval cruiser (medium, Capital), 50 points, squadron 2-4, 3 weapons`` (DW-3, DW-4)."""
    capital = ", Capital" if model.capital else ""
    low, high = model.squadron
    squadron = str(low) if low == high else f"{low}-{high}"
    weapons = len(model.weapons)
    return (
        f"{model.id}, {model.domain.value} {model.type.value.replace('_', ' ')} "
        f"({model.size.value}{capital}), {model.points} points, squadron {squadron}, "
        f"{weapons} weapon{'' if weapons == 1 else 's'}"
    )


def _count(count: int, name: str) -> str:
    """``1 squadron``, ``3 squadrons``."""
    return f"{count} {name}{'' if count == 1 else 's'}"


def fleet_summary(fleet: Fleet) -> str:
    """``friendly, naval, 390 of 400 points, 3 squadrons, 3 free wings``."""
    return (
        f"{fleet.game.value}, {fleet.base_force.value}, {fleet.points} of {fleet.mfv} points "
        f"({mfv_label(fleet.mfv)}), {_count(len(fleet.squadrons), 'squadron')}, "
        f"{_count(len(fleet.free_wings), 'free wing')}"
    )


def _catalogue_summary(part: CatalogueFile) -> str:
    counts = [
        (len(part.mars), "MARs"),
        (len(part.generators), "generators"),
        (len(part.tiny_flyers), "tiny flyers"),
        (len(part.cards), "cards"),
    ]
    shown = [f"{count} {what}" for count, what in counts if count]
    return "catalogue: " + (", ".join(shown) or "empty")


def check(paths: Sequence[Path], quiet: bool) -> tuple[list[str], bool]:
    """Check the DW files among ``paths``; return the report's lines and whether all are good.

    Dystopian Wars' data-file checker for ``hexmech validate`` (`tui.dystopian.UI`; ``quiet`` has no
    effect: DW files have no warnings).
    """
    del quiet
    results = check_paths(paths)
    return report_lines(results), all(result.ok for result in results)
