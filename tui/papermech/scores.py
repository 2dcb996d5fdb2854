"""The Paper 'Mech high-score table: its entries, columns, order and words (a `ScoreBook`).

The table is ``scores.json`` in the saves directory; `saves.scores` reads and writes it. As in an
arcade, every finished game (or campaign) enters it, won or lost, unless it was a practice game
(undo past dice); it is ranked by score (PM-13: a lost single game scores 0, a lost campaign keeps
the battles it won), then by waves cleared, and keeps the best 100. The Result column says how
each game ended: "won", "lost", or for a campaign the battle it reached, "lost 1/2".

At 80 columns every text fits: the seed and the save are in the detail under the table rather
than in a column, and the loadout's column wraps (without the mount names, which its order
gives); the detail has the loadout in full.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any, Final

import attrs
from attrs import frozen

from saves.scores import ScoreBook

__all__ = [
    "BOOK",
    "COLUMNS",
    "MODES",
    "NUMERIC_COLUMNS",
    "ScoreEntry",
    "describe_entry",
    "result_text",
    "short_loadout",
]

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
        planned: The battles the campaign was set up for (1 for a single game); None in a table
            written before it was kept (such a file still loads).
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
    planned: int | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.ge(1))
    )


COLUMNS: Final = ("Rank", "Name", "Score", "Result", "Waves", "Date", "Loadout")
"""Column headings of the table wherever it is shown (the TUI and ``hexmech scores``).

The name and the loadout are the columns that wrap (`BOOK.wrap`); the seed and the save are in the
detail line (`describe_entry`) and in ``hexmech scores --json``.
"""
NUMERIC_COLUMNS: Final = frozenset({"Rank", "Score", "Waves"})
"""Columns aligned to the right."""

_MOUNT_PREFIX: Final = re.compile(r"(?:(?<=^)|(?<=/ ))(?:LS|RS|LA|RA) ")
"""The mount before each weapon in `Loadout.describe` ("LS Wing Shield / RS Missiles ...")."""


def short_loadout(loadout: str) -> str:
    """Shorten a loadout for its column: the weapons without their mounts, which the order gives.

    Args:
        loadout: As stored, "LS Wing Shield / RS Missiles / LA Laser / RA Fist, torso 5, legs 4".

    Returns:
        "Wing Shield / Missiles / Laser / Fist, torso 5, legs 4"; any other text as it is.
    """
    return _MOUNT_PREFIX.sub("", loadout)


def result_text(entry: ScoreEntry) -> str:
    """Say how the game ended, in the Result column: "won", "lost", or "lost 1/2" for a campaign.

    A campaign adds the battle it reached and the battles it was set up for ("won 3/3"); a table
    written before the campaign's length was kept shows "?" for it when the campaign was lost (a
    won campaign fought them all).
    """
    word = "won" if entry.won else "lost"
    if entry.mode != "campaign":
        return word
    planned = entry.planned or (entry.battles if entry.won else None)
    return f"{word} {entry.battles}/{'?' if planned is None else planned}"


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
        result_text(entry),
        str(entry.waves),
        entry.date,
        short_loadout(entry.loadout),
    )


def rank_key(entry: ScoreEntry) -> tuple[Any, ...]:
    """Best first: score, then waves cleared (both highest first), then the earlier date."""
    return (-entry.score, -entry.waves, entry.date)


def describe_entry(entry: ScoreEntry) -> str:
    """Write the detail shown under the table for the highlighted entry: everything about it.

    Args:
        entry: The entry.

    Returns:
        Lines, e.g.::

            Ann - single game, won, 4 waves cleared - 2026-11-21, seed 20261121
            Loadout: LS Wing Shield / RS Missiles / LA Laser / RA Fist, torso 5, legs 4
            Save: papermech-20261121-183000.jsonl (Replays in the main menu plays it back)

        A campaign says the battle it was lost in ("campaign of 2 battles, lost in battle 1").
    """
    if entry.mode == "campaign":
        planned = entry.planned or (entry.battles if entry.won else None)
        kind = "campaign" if planned is None else f"campaign of {_count(planned, 'battle')}"
        how = "won" if entry.won else f"lost in battle {entry.battles}"
    else:
        kind, how = "single game", "won" if entry.won else "lost"
    seed = "seed unknown" if entry.seed is None else f"seed {entry.seed}"
    waves = f"{_count(entry.waves, 'wave')} cleared"
    lines = [
        f"{entry.name} - {kind}, {how}, {waves} - {entry.date}, {seed}",
        f"Loadout: {entry.loadout}",
    ]
    if entry.save is not None:
        lines.append(f"Save: {entry.save} (Replays in the main menu plays it back)")
    return "\n".join(lines)


def _count(number: int, word: str) -> str:
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


BOOK: Final = ScoreBook(
    title="Paper 'Mech",
    entry_type=ScoreEntry,
    columns=COLUMNS,
    numeric=NUMERIC_COLUMNS,
    cells=entry_cells,
    order=rank_key,
    detail=describe_entry,
    empty="No scores yet: finish a game of Paper 'Mech (not a practice game) to get on the table.",
    file_name="scores.json",
    wrap=frozenset({"Name", "Loadout"}),
    optional=frozenset({"Loadout"}),
)
"""The table, as `saves.scores` and the high-score screen use it."""
