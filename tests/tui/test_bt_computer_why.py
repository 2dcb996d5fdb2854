"""The why dialog (W, issue 21): the last decision on top, each reason under its own indent."""

from __future__ import annotations

from rich.console import Console

from tui.battletech.computer import Thought, WhyScreen

OLD = Thought("Kurita", "balanced", 4, "end", "every unit has moved")
NEW = Thought(
    "Kurita",
    "aggressive",
    9,
    "fire 3 3@2 6@2",
    "fires 2 weapons at Hunchback HBK-4G: expects 12.9 damage, heat ends at 3",
    (("2 weapons at Hunchback HBK-4G", 32.0), ("hold fire", 0.0)),
    "s Shadow Hawk SHD-2H",
)


def test_the_last_decision_comes_first_with_its_unit():
    text = WhyScreen([OLD, NEW]).text()
    assert text.index("#10 Kurita (aggressive), s Shadow Hawk SHD-2H") < text.index("#5 Kurita")
    assert "#5 Kurita (balanced)\n" in text  # the end of a phase: no unit named
    assert "    command: fire 3 3@2 6@2" in text
    assert text.index("   32.00  2 weapons") < text.index("    0.00  hold fire")


def test_a_long_reason_wraps_under_its_indent():
    """At 40 columns the reason wraps; its second line starts under its first, not at 0."""
    console = Console(width=40, record=True, color_system=None)
    console.print(WhyScreen([NEW]).body())
    lines = console.export_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("    fires 2 weapons"))
    second = lines[start + 1]
    assert second[:4] == "    "  # under the reason's first letter
    assert second[4] != " "
    assert not second.startswith("    command")  # the reason did wrap


def test_nothing_decided_yet_says_so():
    assert WhyScreen([]).text() == "The computer has decided nothing yet."


def test_a_score_that_rounds_to_zero_shows_no_minus_sign():
    """A move a hair worse than standing still shows 0.00, not -0.00 (seen in play at 120x40)."""
    still = Thought(
        "Kurita",
        "aggressive",
        52,
        "still 2",
        "stands still in 0402: expects to deal 0.0 and take 0.0",
        (("stand still", 0.0), ("walk 0402 facing N", -1e-9), ("walk 0401 facing N", -1.5)),
    )
    text = WhyScreen([still]).text()
    assert "-0.00" not in text
    assert "    0.00  walk 0402 facing N" in text
    assert "   -1.50  walk 0401 facing N" in text
