"""The Paper 'Mech high-score table: its entries, columns, order and words (a `ScoreBook`).

The table is ``scores.json`` in the saves directory; `saves.scores` reads and writes it. A won game
(or campaign) enters it at its end, unless it was a practice game (undo past dice).
"""

from __future__ import annotations

from datetime import date
from typing import Any, Final

import attrs
from attrs import frozen

from saves.scores import ScoreBook

__all__ = ["BOOK", "COLUMNS", "MODES", "NUMERIC_COLUMNS", "ScoreEntry", "describe_entry"]

MODES: Final = ("single", "campaign")
"""A score comes from a single game or from a whole campaign."""


def _iso_date(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    """Accept only ``YYYY-MM-DD`` (`date.fromisoformat` alone also takes "20261121")."""
    try:
        valid = date.fromisoformat(value).isoformat() == value
    except (TypeError, ValueError):
        valid = False
    if not valid:
        raise ValueError(f"{attribute.name!r} must be a date like 2026-11-21, not {value!r:.40}")


@frozen
class ScoreEntry:
    """One line of the high-score table.

    Attributes:
        name: Who played.
        date: The day the game ended, ISO ("2026-11-21").
        seed: The dice seed, so the run can be compared or tried again; None when unknown.
        loadout: The 'Mech as played, e.g. "LS Wing Shield / RS Missiles / LA Laser / RA Fist,
            torso 5, legs 4".
        score: Points; the table is ordered by them.
        waves: Waves cleared.
        mode: "single" (one game) or "campaign".
        battles: Battles fought (1 in a single game).
        won: Whether the game or campaign was won.
        save: The save file's name, to watch the game again; None when it was not saved.
    """

    name: str
    date: str = attrs.field(validator=_iso_date)
    seed: int | None
    loadout: str
    score: int
    waves: int = attrs.field(validator=attrs.validators.ge(0))
    mode: str = attrs.field(validator=attrs.validators.in_(MODES))
    battles: int = attrs.field(validator=attrs.validators.ge(0))
    won: bool
    save: str | None


COLUMNS: Final = ("Rank", "Name", "Score", "Waves", "Mode", "Seed", "Date", "Loadout")
"""Column headings of the table wherever it is shown (the TUI and ``hexmech scores``).

The loadout, by far the longest text, comes last, so at 80 columns it is the one that is cut off.
"""
NUMERIC_COLUMNS: Final = frozenset({"Rank", "Score", "Waves", "Seed"})
"""Columns aligned to the right."""


def entry_cells(rank: int, entry: ScoreEntry) -> tuple[str, ...]:
    """Return the texts of one table row, in `COLUMNS` order.

    Args:
        rank: The entry's 1-based rank.
        entry: The entry.
    """
    return (
        str(rank),
        entry.name,
        str(entry.score),
        str(entry.waves),
        entry.mode,
        "-" if entry.seed is None else str(entry.seed),
        entry.date,
        entry.loadout,
    )


def rank_key(entry: ScoreEntry) -> tuple[Any, ...]:
    """Best first: score, then waves cleared (both highest first), then the earlier date."""
    return (-entry.score, -entry.waves, entry.date)


def describe_entry(entry: ScoreEntry) -> str:
    """Write the one-line detail shown under the table for the highlighted entry.

    Args:
        entry: The entry.

    Returns:
        E.g. "Ann - single game, won - papermech-20261121-183000.jsonl" (the save, to watch the
        game again).
    """
    if entry.mode == "campaign":
        kind = f"campaign of {entry.battles} battle{'s' if entry.battles != 1 else ''}"
    else:
        kind = "single game"
    parts = [entry.name, f"{kind}, {'won' if entry.won else 'lost'}"]
    if entry.save is not None:
        parts.append(entry.save)
    return " - ".join(parts)


BOOK: Final = ScoreBook(
    title="Paper 'Mech",
    entry_type=ScoreEntry,
    columns=COLUMNS,
    numeric=NUMERIC_COLUMNS,
    cells=entry_cells,
    order=rank_key,
    detail=describe_entry,
    empty="No scores yet: win a game of Paper 'Mech to get on the table.",
    file_name="scores.json",
    wrap=frozenset({"Name", "Loadout"}),
)
"""The table, as `saves.scores` and the high-score screen use it."""
