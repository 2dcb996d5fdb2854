"""Age of Destruction's simulator adapter (`ADAPTER`, for ``hexmech sim aod``).

Every game is the demo scenario (AOD-26.16) played headless from the first-player roll to its
`GameEnded` (AOD-22), each command chosen by a built-in player (`engine.aod.policies`) and folded
through ``decide``/``evolve``. A command the rules refuse, an exception, a seat with nothing to
do, or a game that reaches no result within the command cap is an error, reported with the
game's number so ``--seed S --games N`` reproduces it (`tui.commands.runner` derives each game's
seeds from the run's seed and its number).

``--players 4`` seats four forces (AOD-2, AOD-5): the demo's two forces twice, on the four edges
(top, left, bottom, right in seating order, AOD-26.10), around the demo's fixed terrain.

With ``--against OTHER`` the ``--policy`` plays one seat and OTHER every other seat, the seat
turning with the games (game *i*: seat *i* mod the number of players), and the report counts the
policy's wins, losses and draws (nobody won, AOD-22.3), its win rate (a draw counts half) with a
95% Wilson interval (`tui.commands.runner.wilson`).

Importing this module loads no ruleset (the command line builds its parser from it): the engine
is imported when a run starts.
"""

from __future__ import annotations

import argparse
import copy
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from attrs import frozen

from tui.commands.errors import UsageError
from tui.commands.runner import SimAdapter, play_policies, wilson

if TYPE_CHECKING:
    from engine.aod.state import AoDSetup, AoDState
    from tui.commands.runner import GamePlan

__all__ = [
    "ADAPTER",
    "AoDOutcome",
    "AoDSimAdapter",
    "AoDSimSpec",
    "AoDSummary",
    "four_player_table",
    "play_game",
]

_TOP_REASONS = 3
_FOUR = 4
_EXTRA_SIDES = (("Falcon Guard", "left"), ("Liao Reserve", "right"))
"""The second copies of the demo's two forces, for four players."""


@frozen
class AoDSimSpec:
    """What every game of a run plays: the setup, the policy and the other seats' policy."""

    setup: AoDSetup
    policy: str
    against: str = ""
    """The other seats' policy ("": every seat plays ``policy``)."""

    @property
    def players(self) -> int:
        """How many players sit at the table."""
        return len(self.setup.players)


@frozen
class AoDOutcome:
    """How one game went: the winner (None: nobody), why it ended, rounds, commands, any error."""

    index: int
    winner: int | None
    reason: str
    rounds: int
    commands: int
    eliminated: int = 0
    error: str = ""
    side: int | None = None
    """The seat ``policy`` played in a game ``--against`` another policy (None: every seat)."""

    @property
    def failed(self) -> bool:
        """Every error fails the run: a refused command, an exception, no command or no result."""
        return bool(self.error)


@frozen
class AoDSummary:
    """What the finished games of a run add up to."""

    policy: str
    players: tuple[str, ...]
    finished: int
    results: dict[str, int]
    reasons: list[tuple[str, int]]
    mean_rounds: float
    mean_eliminated: float
    against: str = ""
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @classmethod
    def build(cls, spec: AoDSimSpec, done: Sequence[AoDOutcome]) -> AoDSummary:
        """Add up the finished games ``done``: winners by player, reasons, rounds."""
        names = tuple(p.name for p in spec.setup.players)
        results = Counter("nobody" if o.winner is None else names[o.winner] for o in done)
        n = len(done)
        wins = sum(1 for o in done if o.side is not None and o.winner == o.side)
        draws = sum(1 for o in done if o.side is not None and o.winner is None)
        return cls(
            policy=spec.policy,
            players=names,
            finished=n,
            results=dict(results.most_common()),
            reasons=Counter(o.reason for o in done).most_common(_TOP_REASONS),
            mean_rounds=sum(o.rounds for o in done) / n if n else 0.0,
            mean_eliminated=sum(o.eliminated for o in done) / n if n else 0.0,
            against=spec.against,
            wins=wins,
            losses=n - wins - draws if spec.against else 0,
            draws=draws,
        )

    @property
    def win_rate(self) -> float:
        """The policy's score against the others: (wins + draws / 2) / games finished."""
        return (self.wins + self.draws / 2) / self.finished if self.finished else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% Wilson score interval of `win_rate`."""
        return wilson(self.wins + self.draws / 2, self.finished)

    def label(self) -> str:
        """Return the heading's words: the players and the policies."""
        seats = f"{len(self.players)} players"
        if self.against:
            return f"{seats}, policy {self.policy} against {self.against}"
        return f"{seats}, policy {self.policy}"

    def head(self) -> dict[str, Any]:
        """Return the run's JSON fields: policy, against, players."""
        head: dict[str, Any] = {"policy": self.policy}
        if self.against:
            head["against"] = self.against
        head["players"] = list(self.players)
        return head

    def fields(self) -> dict[str, Any]:
        """Return the results' JSON fields."""
        duel: dict[str, Any] = {}
        if self.against:
            low, high = self.ci95
            duel = {
                "wins": self.wins,
                "losses": self.losses,
                "draws": self.draws,
                "win_rate": round(self.win_rate, 4),
                "ci95": [round(low, 4), round(high, 4)],
            }
        return {
            **duel,
            "results": self.results,
            "reasons": [{"reason": r, "games": n} for r, n in self.reasons],
            "mean_rounds": round(self.mean_rounds, 2),
            "mean_eliminated": round(self.mean_eliminated, 2),
        }

    def lines(self) -> list[str]:
        """Return the results for people: the duel, winners, rounds, the commonest reasons."""
        total = max(1, self.finished)
        results = ", ".join(
            f"{name} {n:,} ({100 * n / total:.1f}%)" for name, n in self.results.items()
        )
        lines = []
        if self.against:
            low, high = self.ci95
            lines.append(
                f"{self.policy:<11} {self.wins:,} wins, {self.losses:,} losses,"
                f" {self.draws:,} draws against {self.against}: win rate {100 * self.win_rate:.1f}%"
                f" (95% CI {100 * low:.1f}-{100 * high:.1f}%)"
            )
        lines += [
            f"results     {results or '-'}",
            (
                f"rounds      {self.mean_rounds:.1f} on average;"
                f" {self.mean_eliminated:.1f} units eliminated a game"
            ),
        ]
        lines += [f"            {n:,} x {reason}" for reason, n in self.reasons]
        return lines


class AoDSimAdapter:
    """The `tui.commands.runner.SimAdapter` of Age of Destruction."""

    name = "aod"
    title = "MechWarrior: Age of Destruction"
    policy_help = "aggressive (the default), random"
    rate_digits = 2
    against = True

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add ``--players``."""
        parser.add_argument(
            "--players",
            type=int,
            choices=(2, _FOUR),
            default=2,
            metavar="2|4",
            help="aod: players at the table (4: the demo's two forces twice, default 2)",
        )

    def choose_policy(self, name: str | None) -> str:
        """Return ``name`` if it is a policy (default: aggressive)."""
        return _known_policy(name or "aggressive", "policy")

    def prepare(self, args: argparse.Namespace, policy: str) -> AoDSimSpec:
        """Return the demo scenario's setup for ``--players`` (``--units`` folders read too)."""
        from engine.aod.ruleset import RULESET  # noqa: PLC0415 - the engine loads now
        from tui.aod.library import install  # noqa: PLC0415

        folders: list[Path] = getattr(args, "units", None) or []
        install(folders)
        players = getattr(args, "players", 2)
        table = four_player_table() if players == _FOUR else None
        try:
            setup = RULESET.make_setup(table)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        against = getattr(args, "against", None)
        against = _known_policy(against, "--against policy") if against else ""
        return AoDSimSpec(setup, policy, against)

    def play(self, spec: AoDSimSpec, plan: GamePlan) -> AoDOutcome:
        """Play one game to its result (or to the command cap, or a failure)."""
        from engine.dice import Dice  # noqa: PLC0415 - the engine loads in the worker

        side = plan.index % spec.players if spec.against else None
        rng = random.Random(plan.policy_seed)  # noqa: S311 - a game policy, not cryptography
        dice = Dice(plan.dice_seed)
        return play_game(
            spec, dice, rng, index=plan.index, max_commands=plan.max_commands, side=side
        )

    def summarise(self, spec: AoDSimSpec, finished: Sequence[AoDOutcome]) -> AoDSummary:
        """Add up the finished games."""
        return AoDSummary.build(spec, finished)


def play_game(
    spec: AoDSimSpec,
    dice: Any,  # noqa: ANN401 - an engine.dice.DiceSource (the engine loads in the worker)
    rng: random.Random,
    *,
    index: int,
    max_commands: int,
    side: int | None,
) -> AoDOutcome:
    """Play one game from the setup: ``spec.policy`` for ``side`` (None: all), ``against`` else."""
    from engine.aod.language import format_command  # noqa: PLC0415
    from engine.aod.policies import get_policy  # noqa: PLC0415
    from engine.aod.ruleset import RULESET  # noqa: PLC0415

    policy = get_policy(spec.policy)
    other = get_policy(spec.against) if spec.against else policy
    assert policy is not None  # noqa: S101 - checked by choose_policy
    assert other is not None  # noqa: S101 - checked by prepare
    state, commands, error = play_policies(
        RULESET,
        RULESET.start(spec.setup),
        policy,
        other,
        side,
        dice=dice,
        rng=rng,
        max_commands=max_commands,
        describe=format_command,
    )
    return _outcome(index, state, commands, error, side)


def _outcome(
    index: int, state: AoDState, commands: int, error: str, side: int | None
) -> AoDOutcome:
    result = state.result
    eliminated = sum(1 for u in state.units if u.eliminated)
    if result is None:
        return AoDOutcome(index, None, "", state.round, commands, eliminated, error, side)
    return AoDOutcome(
        index, result.winner, result.reason, state.round, commands, eliminated, error, side
    )


def four_player_table() -> dict[str, Any]:
    """The demo scenario for four players (AOD-2, AOD-5): its two forces twice, on four edges.

    Seating order top, left, bottom, right, so play passes round the table (AOD-5 step 11).
    """
    from engine.aod.ruleset import DEMO_SCENARIO  # noqa: PLC0415

    table = copy.deepcopy(dict(DEMO_SCENARIO))
    first, second = table["side"]
    (guard, left), (reserve, right) = _EXTRA_SIDES
    table["title"] = f"{table['title']}, four players"
    table["side"] = [
        first,
        {**copy.deepcopy(first), "name": guard, "edge": left},
        second,
        {**copy.deepcopy(second), "name": reserve, "edge": right},
    ]
    return table


def _known_policy(name: str, what: str) -> str:
    """Return ``name`` if it is an AoD player; else a usage error."""
    from engine.aod.policies import POLICIES  # noqa: PLC0415 - the engine loads now

    if name not in POLICIES:
        raise UsageError(f"unknown aod {what} {name!r} (known: {', '.join(sorted(POLICIES))})")
    return name


ADAPTER: SimAdapter[AoDSimSpec, AoDOutcome] = AoDSimAdapter()
"""Named by `tui.aod.UI`'s ``sim`` attribute."""
