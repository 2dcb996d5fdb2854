"""Dystopian Wars' simulator adapter (`ADAPTER`, for ``hexmech sim dystopian``).

Every game is the default scenario (`engine.dystopian.ruleset.DEFAULT_SCENARIO`: the sample
400-point naval fleet of DW-28.12 on each side, open water, Field Orders) played headless from the
roll-off (DW-22.8) to its result (DW-22.4 to DW-22.6, `engine.dystopian.victory`): a Field Order
fulfilled, or the VP margin at the end of the last turn. ``--turns N`` sets the game's length
(default the scenario's 6, DW-22.6); ``--star-cards`` plays with the STAR deck (DW-8: the
placeholder cards of DW-28.12, T cards, R and counter cards answered by the other seat). Each
command is chosen by a built-in player (`engine.dystopian.policies`) and folded through
``decide``/``evolve``. A command the rules refuse, an exception, a seat with nothing to do, or a
game that reaches no result within the command cap is an error, reported with the game's number
so ``--seed S --games N`` reproduces it
(`tui.commands.runner` derives each game's seeds from the run's seed and its number).

With ``--against OTHER`` the ``--policy`` plays one fleet and OTHER the other, the fleets turning
with the games (game *i*: player *i* mod 2), and the report counts the policy's wins, losses and
draws (DW-22.5: a margin under 10% is a draw), its win rate (a draw counts half) with a 95%
Wilson interval (`tui.commands.runner.wilson`).

Importing this module loads no ruleset (the command line builds its parser from it): the engine
is imported when a run starts.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from attrs import frozen

from tui.commands.errors import UsageError
from tui.commands.runner import SimAdapter, play_policies, wilson

if TYPE_CHECKING:
    from engine.dystopian.state import DWSetup, DWState
    from tui.commands.runner import GamePlan

__all__ = ["ADAPTER", "DWOutcome", "DWSimAdapter", "DWSimSpec", "DWSummary", "play_game"]

_TOP_REASONS = 3
_PLAYERS = 2


@frozen
class DWSimSpec:
    """What every game of a run plays: the setup, the policy and the other fleet's policy."""

    setup: DWSetup
    policy: str
    against: str = ""
    """The other fleet's policy ("": both play ``policy``)."""


@frozen
class DWOutcome:
    """How one game went: the winner (None: a draw), why, the level, turns, commands, any error."""

    index: int
    winner: int | None
    reason: str
    level: str
    turn: int
    commands: int
    lost: int = 0
    """Models lost, both fleets (DW-16.1)."""
    vp: tuple[int, ...] = ()
    error: str = ""
    side: int | None = None
    """The player ``policy`` played in a game ``--against`` another policy (None: both)."""

    @property
    def failed(self) -> bool:
        """Every error fails the run: a refused command, an exception, no command or no result."""
        return bool(self.error)


@frozen
class DWSummary:
    """What the finished games of a run add up to."""

    policy: str
    players: tuple[str, ...]
    finished: int
    results: dict[str, int]
    levels: dict[str, int]
    reasons: list[tuple[str, int]]
    mean_turns: float
    mean_lost: float
    mean_vp: tuple[float, ...]
    against: str = ""
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @classmethod
    def build(cls, spec: DWSimSpec, done: Sequence[DWOutcome]) -> DWSummary:
        """Add up the finished games ``done``: winners by player, levels, reasons, turns."""
        names = tuple(p.name for p in spec.setup.players)
        results = Counter("nobody" if o.winner is None else names[o.winner] for o in done)
        n = len(done)
        wins = sum(1 for o in done if o.side is not None and o.winner == o.side)
        draws = sum(1 for o in done if o.side is not None and o.winner is None)
        vp = tuple(
            sum(o.vp[p] for o in done if len(o.vp) > p) / n if n else 0.0 for p in range(len(names))
        )
        return cls(
            policy=spec.policy,
            players=names,
            finished=n,
            results=dict(results.most_common()),
            levels=dict(Counter(o.level for o in done).most_common()),
            reasons=Counter(o.reason for o in done).most_common(_TOP_REASONS),
            mean_turns=sum(o.turn for o in done) / n if n else 0.0,
            mean_lost=sum(o.lost for o in done) / n if n else 0.0,
            mean_vp=vp,
            against=spec.against,
            wins=wins,
            losses=n - wins - draws if spec.against else 0,
            draws=draws,
        )

    @property
    def win_rate(self) -> float:
        """The policy's score against the other: (wins + draws / 2) / games finished."""
        return (self.wins + self.draws / 2) / self.finished if self.finished else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% Wilson score interval of `win_rate`."""
        return wilson(self.wins + self.draws / 2, self.finished)

    def label(self) -> str:
        """Return the heading's words: the fleets and the policies."""
        fleets = " v ".join(self.players)
        if self.against:
            return f"{fleets}, policy {self.policy} against {self.against}"
        return f"{fleets}, policy {self.policy}"

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
            "levels": self.levels,
            "reasons": [{"reason": r, "games": n} for r, n in self.reasons],
            "mean_turns": round(self.mean_turns, 2),
            "mean_lost": round(self.mean_lost, 2),
            "mean_vp": [round(v, 1) for v in self.mean_vp],
        }

    def lines(self) -> list[str]:
        """Return the results for people: the duel, winners, levels, turns, commonest reasons."""
        total = max(1, self.finished)

        def shares(counts: dict[str, int]) -> str:
            return ", ".join(f"{k} {n:,} ({100 * n / total:.1f}%)" for k, n in counts.items())

        lines = []
        if self.against:
            low, high = self.ci95
            lines.append(
                f"{self.policy:<11} {self.wins:,} wins, {self.losses:,} losses,"
                f" {self.draws:,} draws against {self.against}: win rate {100 * self.win_rate:.1f}%"
                f" (95% CI {100 * low:.1f}-{100 * high:.1f}%)"
            )
        vp = ", ".join(f"{n} {v:.0f}" for n, v in zip(self.players, self.mean_vp, strict=True))
        lines += [
            f"results     {shares(self.results) or '-'}",
            f"levels      {shares(self.levels) or '-'}",
            (
                f"turns       {self.mean_turns:.1f} on average; {self.mean_lost:.1f} models"
                f" lost a game; VP {vp or '-'}"
            ),
        ]
        lines += [f"            {n:,} x {reason}" for reason, n in self.reasons]
        return lines


class DWSimAdapter:
    """The `tui.commands.runner.SimAdapter` of Dystopian Wars."""

    name = "dystopian"
    title = "Dystopian Wars"
    policy_help = "aggressive (the default), random"
    rate_digits = 2
    against = True

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add ``--turns`` and ``--star-cards``."""
        parser.add_argument(
            "--turns",
            type=int,
            metavar="N",
            help="dystopian: turns a game lasts (default: the scenario's, 6; DW-22.6)",
        )
        parser.add_argument(
            "--star-cards",
            action="store_true",
            help="dystopian: play with the STAR deck (DW-8; the catalogue's placeholder cards)",
        )

    def choose_policy(self, name: str | None) -> str:
        """Return ``name`` if it is a policy (default: aggressive)."""
        return _known_policy(name or "aggressive", "policy")

    def prepare(self, args: argparse.Namespace, policy: str) -> DWSimSpec:
        """Return the default scenario's setup (``--units`` read too, ``--turns``, the deck)."""
        from engine.dystopian.ruleset import DEFAULT_SCENARIO, RULESET  # noqa: PLC0415
        from tui.dystopian.library import install  # noqa: PLC0415

        folders: list[Path] = getattr(args, "units", None) or []
        install(folders)
        scenario = dict(DEFAULT_SCENARIO)
        turns = getattr(args, "turns", None)
        if turns is not None:
            if turns < 1:
                raise UsageError(f"--turns must be 1 or more, not {turns}")
            scenario["turns"] = turns
        if getattr(args, "star_cards", False):  # DW-8: the deck is an option
            scenario["star_cards"] = True
        try:
            setup = RULESET.make_setup(scenario)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        against = getattr(args, "against", None)
        against = _known_policy(against, "--against policy") if against else ""
        return DWSimSpec(setup, policy, against)

    def play(self, spec: DWSimSpec, plan: GamePlan) -> DWOutcome:
        """Play one game to its result (or to the command cap, or a failure)."""
        from engine.dice import Dice  # noqa: PLC0415 - the engine loads in the worker

        side = plan.index % _PLAYERS if spec.against else None
        rng = random.Random(plan.policy_seed)  # noqa: S311 - a game policy, not cryptography
        dice = Dice(plan.dice_seed)
        return play_game(
            spec, dice, rng, index=plan.index, max_commands=plan.max_commands, side=side
        )

    def summarise(self, spec: DWSimSpec, finished: Sequence[DWOutcome]) -> DWSummary:
        """Add up the finished games."""
        return DWSummary.build(spec, finished)


def play_game(
    spec: DWSimSpec,
    dice: Any,  # noqa: ANN401 - an engine.dice.DiceSource (the engine loads in the worker)
    rng: random.Random,
    *,
    index: int,
    max_commands: int,
    side: int | None,
) -> DWOutcome:
    """Play one game from the setup: ``spec.policy`` for ``side`` (None: both), ``against`` else."""
    from engine.dystopian.language import format_command  # noqa: PLC0415
    from engine.dystopian.policies import get_policy  # noqa: PLC0415
    from engine.dystopian.ruleset import RULESET  # noqa: PLC0415

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


def _outcome(index: int, state: DWState, commands: int, error: str, side: int | None) -> DWOutcome:
    result = state.result
    lost = sum(1 for m in state.models if m.lost)
    if result is None:
        return DWOutcome(index, None, "", "", state.turn, commands, lost, (), error, side)
    return DWOutcome(
        index,
        result.winner,
        result.reason,
        result.level.value,
        state.turn,
        commands,
        lost,
        result.vp,
        error,
        side,
    )


def _known_policy(name: str, what: str) -> str:
    """Return ``name`` if it is a Dystopian Wars player; else a usage error."""
    from engine.dystopian.policies import POLICIES  # noqa: PLC0415 - the engine loads now

    if name not in POLICIES:
        known = ", ".join(sorted(POLICIES))
        raise UsageError(f"unknown dystopian {what} {name!r} (known: {known})")
    return name


ADAPTER: SimAdapter[DWSimSpec, DWOutcome] = DWSimAdapter()
"""Named by `tui.dystopian.UI`'s ``sim`` attribute."""
