"""Who plays each BattleTech side: a person or the computer (issue 21), without Textual.

The setup says it (`BTSetup.computer`: per side ``""`` for a person, else the computer's
personality), so a save remembers it: Continue resumes with the computer, a replay shows who it was.
These helpers are shared by the game screen (`tui.battletech.computer`), ``hexmech play --computer``
and headless play (`tui.commands._headless`):

- `computer_seats` reads the setup; `with_computer` writes it; `parse_sides` reads
  ``--computer 2,Kurita`` against the scenario's sides.
- `computer_due` says which computer side acts now: one is due and no person is, or a person is
  due too (initiative, the end of the Movement phase) with nothing of their own left to choose.
- `think` asks the bot (`engine.battletech.bot.decide`) with a random source seeded by the game's
  position, so the same game gives the same decisions.
- `COMPUTER` is what ``hexmech play --computer`` finds through the interface registry
  (`tui.battletech.BattleTechUI.computer`): the command line names no ruleset.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from engine.battletech.bot import DEFAULT_PERSONALITY, PERSONALITIES, Decision, decide
from engine.battletech.language import format_command
from engine.battletech.rules.seats import has_own_choice

if TYPE_CHECKING:
    from engine.battletech.state import BTSetup, BTState
    from engine.game import Game

    AnyGame = Game[Any, Any, Any, Any]

__all__ = [
    "COMPUTER",
    "PERSON",
    "ComputerAdapter",
    "computer_due",
    "computer_seats",
    "parse_sides",
    "person_seats",
    "rng_for",
    "think",
    "with_computer",
]

PERSON = ""
"""`BTSetup.computer`'s value for a side a person plays."""


def computer_seats(setup: object) -> dict[int, str]:
    """The sides the computer plays and their personalities (an unknown one: the default).

    Args:
        setup: a game's setup; one without ``computer`` (another ruleset's) has none.
    """
    computer = getattr(setup, "computer", ())
    return {
        side: name if name in PERSONALITIES else DEFAULT_PERSONALITY
        for side, name in enumerate(computer)
        if name != PERSON
    }


def person_seats(setup: object) -> frozenset[int]:
    """The sides a person plays."""
    sides = getattr(setup, "sides", ())
    computers = computer_seats(setup)
    return frozenset(side for side in range(len(sides)) if side not in computers)


def with_computer(setup: BTSetup, computers: Mapping[int, str]) -> BTSetup:
    """The setup with the computer playing ``computers`` (side -> personality), people the rest.

    Raises:
        ValueError: a side the setup does not have, or an unknown personality.
    """
    for side, personality in computers.items():
        if not 0 <= side < len(setup.sides):
            raise ValueError(f"there is no side {side + 1}")
        if personality not in PERSONALITIES:
            known = ", ".join(PERSONALITIES)
            raise ValueError(f"no personality {personality!r} (known: {known})")
    players = tuple(computers.get(side, PERSON) for side in range(len(setup.sides)))
    return attrs.evolve(setup, computer=players if any(players) else ())


def parse_sides(text: str, sides: tuple[str, ...]) -> tuple[int, ...]:
    """Read ``--computer``'s sides: numbers from 1 or names as the scenario gives them.

    Raises:
        ValueError: one line naming the side that is not one, and the sides there are.
    """
    found: list[int] = []
    for word in (w.strip() for w in text.split(",")):
        if not word:
            continue
        named = [i for i, name in enumerate(sides) if name.casefold() == word.casefold()]
        if named:
            side = named[0]
        elif word.isascii() and word.isdigit() and 1 <= int(word) <= len(sides):
            side = int(word) - 1
        else:
            known = ", ".join(f"{i + 1} {name}" for i, name in enumerate(sides))
            raise ValueError(f"--computer: no side {word!r} (the sides: {known})")
        if side not in found:
            found.append(side)
    if not found:
        raise ValueError("--computer needs a side: a number or a name, several with commas")
    return tuple(found)


def computer_due(game: AnyGame, seats: Mapping[int, str]) -> int | None:
    """The computer side that acts now, or None (a person's turn, nobody's, the game is over).

    When a person is due too (initiative, the end of the Movement phase) the computer gives the
    shared command (the roll, the end of the phase) only if the person has nothing of their own
    left to choose there (`engine.battletech.rules.seats.has_own_choice`); else the person gives it.
    """
    due = game.seats_to_act
    computers = sorted(seat for seat in due if seat in seats)
    if not computers:
        return None
    persons = [seat for seat in due if seat not in seats]
    if any(has_own_choice(game.state, seat) for seat in persons):
        return None
    return computers[0]


def rng_for(game: AnyGame) -> random.Random:
    """A random source for the bot, seeded by where the game stands (the same game: the same)."""
    return random.Random(game.cursor * 1_000_003 + game.dice_position)  # noqa: S311 - a game


def think(state: BTState, personality: str, rng: random.Random) -> Decision:
    """The computer's decision for the side to act (`engine.battletech.bot.decide`)."""
    return decide(state, personality, rng)


class ComputerAdapter:
    """The computer player as ``hexmech play --computer`` and headless play use it.

    Attributes:
        personalities: the personalities ``--personality`` accepts.
        default: the one it takes when none is named.
    """

    personalities: tuple[str, ...] = PERSONALITIES
    default: str = DEFAULT_PERSONALITY

    def seat(self, setup: Any, sides: str, personality: str) -> Any:  # noqa: ANN401 - a BTSetup
        """The setup with the sides named in ``sides`` (``"2,Kurita"``) played by the computer.

        Raises:
            ValueError: one line: a side that is not one, an unknown personality.
        """
        return with_computer(setup, dict.fromkeys(parse_sides(sides, setup.sides), personality))

    def persons(self, game: AnyGame) -> frozenset[int]:
        """The seats people play in a game."""
        return person_seats(game.setup)

    def due(self, game: AnyGame) -> int | None:
        """The computer seat to act now, or None."""
        return computer_due(game, computer_seats(game.setup))

    def plays(self, game: AnyGame) -> bool:
        """Whether the computer plays a seat of this game."""
        return bool(computer_seats(game.setup))

    def decide(self, game: AnyGame, seat: int) -> Decision:
        """The computer's decision for ``seat``, due now."""
        personality = computer_seats(game.setup)[seat]
        return think(game.state, personality, rng_for(game))

    def describe(self, command: Any) -> str:  # noqa: ANN401 - a BattleTech command
        """A command in the command language."""
        return format_command(command)


COMPUTER = ComputerAdapter()
"""BattleTech's computer player, for the command line (`tui.battletech.BattleTechUI.computer`)."""
