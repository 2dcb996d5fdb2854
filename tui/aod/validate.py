"""``hexmech validate`` for AoD: check catalogue, unit and scenario files, one line each.

Only files whose name ends in ``.aod.toml`` are AoD's (`tui.aod.files.SUFFIX`); a folder stands
for every such file under it (sub-folders too, as ``assets/aod`` is laid out). Any other file is
left to the other rulesets' checkers and gets no line here. What a file is comes from its
``format`` key: ``aod-catalogue``, ``aod-unit`` or ``aod-scenario`` (``assets/aod/README.md``).

Units are checked against the bundled catalogue plus every catalogue file named; scenarios against
the bundled units plus every unit file named. A good file gives ``ok  NAME (summary)``; a bad one
``FILE:LINE: reason``. The checker (`check`) is ``(paths, quiet) -> (lines, all_ok)`` like every
ruleset's (`tui.commands.validate.Checker`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType

from attrs import frozen

from engine.aod.data.catalogue import (
    CATALOGUE_FORMAT,
    CatalogueFile,
    merge,
    parse_catalogue,
)
from engine.aod.data.scenario import SCENARIO_FORMAT, Scenario, parse_scenario
from engine.aod.data.unitfile import UNIT_FORMAT, parse_unit
from engine.aod.terrain import TerrainPiece
from engine.aod.units import Catalogue, UnitDef
from engine.tomlfile import DataFileError, Table, read_text
from saves.text import printable
from tui.aod.files import aod_files, bundled_files
from tui.datafiles import file_format, read_file

__all__ = ["Checked", "check", "check_paths", "unit_summary"]

_FORMATS = (CATALOGUE_FORMAT, UNIT_FORMAT, SCENARIO_FORMAT)


@frozen
class Checked:
    """The verdict on one file: its name and summary, or ``FILE:LINE: reason``."""

    path: Path
    name: str = ""
    summary: str = ""
    error: str | None = None

    @property
    def ok(self) -> bool:
        """True when the file can be used."""
        return self.error is None


def _key(path: Path) -> Path:
    """One key a file however it is spelt (``./a`` and ``a``), so it is checked once."""
    try:
        return path.resolve()
    except OSError:
        return path


def _unique(paths: list[Path]) -> list[Path]:
    """Each file once, in order: named twice, or in a folder named too."""
    files: list[Path] = []
    seen: set[Path] = set()
    for path in paths:
        if _key(path) not in seen:
            seen.add(_key(path))
            files.append(path)
    return files


def _same(path: Path, named: set[Path]) -> bool:
    try:
        return path.resolve() in named
    except OSError:
        return False


def check_paths(paths: Sequence[Path]) -> list[Checked]:
    """Check the AoD files named and under the folders named (others are ignored)."""
    files = _unique(aod_files(paths))
    named = {p.resolve() for p in files if p.exists()}
    verdicts: dict[Path, Checked] = {}
    texts: dict[Path, str] = {}
    kinds: dict[Path, str] = {}
    for path in files:
        try:
            texts[path] = read_file(path)
        except DataFileError as exc:
            verdicts[path] = Checked(path, error=exc.where(str(path)))
            continue
        kinds[path] = file_format(texts[path])
    catalogue, pieces = _catalogue(files, texts=texts, kinds=kinds, named=named, verdicts=verdicts)
    units = _units(
        files, texts=texts, kinds=kinds, named=named, verdicts=verdicts, catalogue=catalogue
    )
    for path in files:
        if path in verdicts or kinds.get(path) != SCENARIO_FORMAT:
            continue
        try:
            scenario = parse_scenario(texts[path], units, pieces, catalogue.cards)
        except DataFileError as exc:
            verdicts[path] = Checked(path, error=exc.where(str(path)))
            continue
        verdicts[path] = Checked(path, scenario.title, _scenario_summary(scenario))
    for path in files:
        if path not in verdicts:
            try:
                read_text(texts[path], _unknown_format)
            except DataFileError as exc:
                verdicts[path] = Checked(path, error=exc.where(str(path)))
    return [verdicts[path] for path in files]


def _unknown_format(table: Table) -> None:
    """A file whose ``format`` is none of AoD's (TOML errors come first, with their line)."""
    raise DataFileError(
        f"format: expected one of {', '.join(_FORMATS)}, got {table.get('format', 'nothing')!r}",
        ("format",),
    )


def _catalogue(
    files: list[Path],
    *,
    texts: dict[Path, str],
    kinds: dict[Path, str],
    named: set[Path],
    verdicts: dict[Path, Checked],
) -> tuple[Catalogue, MappingProxyType[str, TerrainPiece]]:
    """The bundled catalogue plus each good catalogue file named (which may not clash with it)."""
    parts: list[CatalogueFile] = []
    for path in bundled_files("catalogue"):
        if _same(path, named):
            continue
        try:
            parts.append(parse_catalogue(read_file(path)))
        except DataFileError:
            continue  # a broken bundled file is reported when it is named
    for path in files:
        if path in verdicts or kinds.get(path) != CATALOGUE_FORMAT:
            continue
        try:
            part = parse_catalogue(texts[path])
            merge([*parts, part])
        except DataFileError as exc:
            verdicts[path] = Checked(path, error=exc.where(str(path)))
            continue
        except ValueError as exc:
            verdicts[path] = Checked(path, error=f"{printable(str(path))}: {printable(str(exc))}")
            continue
        parts.append(part)
        verdicts[path] = Checked(path, path.name, _catalogue_summary(part))
    return merge(parts)


def _units(
    files: list[Path],
    *,
    texts: dict[Path, str],
    kinds: dict[Path, str],
    named: set[Path],
    verdicts: dict[Path, Checked],
    catalogue: Catalogue,
) -> dict[str, UnitDef]:
    """The bundled units plus each good unit file named; a collector number used twice is bad."""
    units: dict[str, UnitDef] = {}
    for path in bundled_files("units"):
        if _same(path, named):
            continue
        try:
            unit = parse_unit(read_file(path), catalogue)
        except DataFileError:
            continue
        units[unit.collector] = unit
    where: dict[str, Path] = {}
    for path in files:
        if path in verdicts or kinds.get(path) != UNIT_FORMAT:
            continue
        try:
            unit = parse_unit(texts[path], catalogue)
        except DataFileError as exc:
            verdicts[path] = Checked(path, error=exc.where(str(path)))
            continue
        if unit.collector in where:
            reason = f"collector {unit.collector} is also {where[unit.collector]} (AOD-4)"
            verdicts[path] = Checked(path, error=DataFileError(reason).where(str(path)))
            continue
        where[unit.collector] = path
        units[unit.collector] = unit
        verdicts[path] = Checked(path, unit.name, unit_summary(unit, catalogue))
    return units


def unit_summary(unit: UnitDef, catalogue: Catalogue) -> str:
    """``'Mech (quad, M), Clan Sea Fox, veteran, 125 points, 9 clicks`` (AOD-3.1, AOD-3.2)."""
    kind = unit.unit_type.value if unit.unit_type.value != "mech" else "'Mech"
    mode = unit.speed_mode.value
    if unit.mech_class is not None:
        mode += f", {unit.mech_class.value}"
    faction = catalogue.factions[unit.faction].name if unit.faction else "mercenary"
    return (
        f"{unit.collector}, {kind} ({mode}), {faction}, {unit.rank.value}, "
        f"{unit.points} points, {len(unit.dial)} clicks"
    )


def _catalogue_summary(part: CatalogueFile) -> str:
    counts = [
        (len(part.equipment), "SE"),
        (len(part.heat_dials), "heat dials"),
        (len(part.markers), "markers"),
        (len(part.pieces), "pieces"),
        (len(part.factions), "factions"),
        (len(part.alliances), "alliances"),
    ]
    shown = [f"{count} {what}" for count, what in counts if count]
    return "catalogue: " + (", ".join(shown) or "empty")


def _scenario_summary(scenario: Scenario) -> str:
    sides = " v ".join(f"{side.name} {side.force.points}" for side in scenario.sides)
    return (
        f"{scenario.width}x{scenario.height}, build total {scenario.build_total}, {sides}, "
        f"{len(scenario.terrain)} pieces placed"
    )


def report_lines(results: Sequence[Checked]) -> list[str]:
    """``ok  NAME (summary)`` for a good file, ``FILE:LINE: reason`` for a bad one."""
    return [
        result.error
        if result.error is not None
        else printable(f"ok  {result.name} ({result.summary})")
        for result in results
    ]


def check(paths: Sequence[Path], quiet: bool) -> tuple[list[str], bool]:
    """Check the AoD files among ``paths``; return the report's lines and whether all are good.

    AoD's data-file checker for ``hexmech validate`` (not registered yet; ``quiet`` has no
    effect: AoD files have no warnings).
    """
    del quiet
    results = check_paths(paths)
    return report_lines(results), all(result.ok for result in results)
