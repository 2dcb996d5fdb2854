"""BattleTech's simulator adapter (`ADAPTER`, for ``hexmech sim battletech``).

Our robustness harness (issue 5): every game is played headless from the scenario's setup to its
`GameEnded`, each command chosen by a policy (`engine.battletech.bot.builtin`, or the computer
opponent's personalities of `engine.battletech.bot.policies`) and folded through
``decide``/``evolve``. A command the rules refuse, an exception, or a game that reaches no result is
an error, reported with the game's number so ``--seed S --games N`` reproduces it (the runner,
`tui.commands.runner`, derives each game's seeds from the run's seed and its number).

With ``--against OTHER`` (issue 21) the ``--policy`` plays one side and OTHER the rest, the sides
swapped every other game (game *i*: the policy plays side *i* mod the number of sides), and the
report counts the policy's wins, losses and draws, its win rate (a draw counts half) with a 95%
Wilson interval (`tui.commands.runner.wilson`).

Importing this module loads no ruleset (the command line builds its parser from it): the engine is
imported when a run starts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
from attrs import frozen

from tui.commands.errors import UsageError
from tui.commands.runner import SimAdapter

if TYPE_CHECKING:
    import argparse

    from engine.battletech.state import BTSetup
    from tui.commands.runner import GamePlan

__all__ = ["ADAPTER", "BTOutcome", "BTSimAdapter", "BTSimSpec", "BTSummary"]

_TOP_REASONS = 5
_REASON_LINES = 3


@frozen
class BTSimSpec:
    """What every game of a run plays: the setup (with its turn limit), its name, the policy."""

    setup: BTSetup
    scenario: str
    policy: str
    against: str = ""
    """The other sides' policy ("": every side plays ``policy``)."""


@frozen
class BTOutcome:
    """How one game went: the winner (None: a draw), the reason, turns, commands, any error."""

    index: int
    winner: int | None
    reason: str
    turns: int
    commands: int
    destroyed: int = 0
    error: str = ""
    side: int | None = None
    """The side ``policy`` played in a game ``--against`` another policy (None: every side)."""

    @property
    def failed(self) -> bool:
        """Every error fails the run: a refused command, an exception, or no result."""
        return bool(self.error)


@frozen
class BTSummary:
    """What the finished games of a run add up to."""

    scenario: str
    policy: str
    finished: int
    results: dict[str, int]
    reasons: list[tuple[str, int]]
    mean_turns: float
    turns: dict[int, int]
    against: str = ""
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @classmethod
    def build(cls, spec: BTSimSpec, done: Sequence[BTOutcome]) -> BTSummary:
        """Add up the finished games ``done``: winners by side, reasons, turns."""
        sides = spec.setup.sides
        results = Counter("draw" if o.winner is None else sides[o.winner] for o in done)
        turns = Counter(o.turns for o in done)
        n = len(done)
        wins = sum(1 for o in done if o.side is not None and o.winner == o.side)
        draws = sum(1 for o in done if o.side is not None and o.winner is None)
        return cls(
            scenario=spec.scenario,
            policy=spec.policy,
            finished=n,
            results=dict(results.most_common()),
            reasons=Counter(o.reason for o in done).most_common(_TOP_REASONS),
            mean_turns=sum(o.turns for o in done) / n if n else 0.0,
            turns={t: turns[t] for t in sorted(turns)},
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
        from tui.commands.runner import wilson  # noqa: PLC0415 - cheap, already loaded

        return wilson(self.wins + self.draws / 2, self.finished)

    def label(self) -> str:
        """Return the heading's words: the scenario and the policy."""
        if self.against:
            return f"{self.scenario}, policy {self.policy} against {self.against}"
        return f"{self.scenario}, policy {self.policy}"

    def head(self) -> dict[str, Any]:
        """Return the run's JSON fields: scenario, policy."""
        head = {"scenario": self.scenario, "policy": self.policy}
        if self.against:
            head["against"] = self.against
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
            "mean_turns": round(self.mean_turns, 2),
            "turns": {str(t): n for t, n in self.turns.items()},
        }

    def lines(self) -> list[str]:
        """Return the results for people: winners, turns, the commonest reasons."""
        total = max(1, self.finished)
        results = ", ".join(
            f"{name} {n:,} ({100 * n / total:.1f}%)" for name, n in self.results.items()
        )
        spread = " ".join(f"{t}:{n}" for t, n in self.turns.items())
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
            f"turns       {self.mean_turns:.1f} on average;  {spread}",
        ]
        lines += [f"            {n:,} x {reason}" for reason, n in self.reasons[:_REASON_LINES]]
        return lines


class BTSimAdapter:
    """The `tui.commands.runner.SimAdapter` of BattleTech."""

    name = "battletech"
    title = "BattleTech"
    policy_help = "random (the default), aggressive, bot, bot-cautious, bot-aggressive"
    rate_digits = 2
    against = True

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add ``--scenario`` and ``--max-turns``."""
        parser.add_argument(
            "--scenario",
            metavar="NAME|FILE",
            help="battletech: a bundled scenario or a TOML file (default: the default scenario)",
        )
        parser.add_argument(
            "--max-turns",
            type=int,
            default=30,
            metavar="N",
            help="battletech: end a game at this turn if its scenario sets no limit (default 30)",
        )

    def choose_policy(self, name: str | None) -> str:
        """Return ``name`` if it is a policy (default: random)."""
        return _known_policy(name or "random", "policy")

    def prepare(self, args: argparse.Namespace, policy: str) -> BTSimSpec:
        """Return the scenario's setup (``--units`` folders in the library), with a turn limit."""
        from engine.battletech import RULESET  # noqa: PLC0415
        from tui.battletech.library import install, load_scenario  # noqa: PLC0415

        folders: list[Path] = getattr(args, "units", None) or []
        library = install(folders)
        name = args.scenario or "default"
        try:
            setup = load_scenario(name, library) if args.scenario else RULESET.make_setup(None)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        if not setup.victory.turns:
            if args.max_turns < 1:
                raise UsageError(f"--max-turns must be 1 or more, not {args.max_turns}")
            setup = attrs.evolve(setup, victory=attrs.evolve(setup.victory, turns=args.max_turns))
        against = getattr(args, "against", None)
        against = _known_policy(against, "--against policy") if against else ""
        return BTSimSpec(setup, name, policy, against)

    def play(self, spec: BTSimSpec, plan: GamePlan) -> BTOutcome:
        """Play one game to its result (or to the command cap, or a failure)."""
        from engine.battletech import RULESET  # noqa: PLC0415 - the engine loads in the worker
        from engine.battletech.bot.builtin import Refused, play_through  # noqa: PLC0415
        from engine.battletech.bot.policies import get_policy  # noqa: PLC0415
        from engine.battletech.language import format_command  # noqa: PLC0415
        from engine.battletech.state import Phase  # noqa: PLC0415
        from engine.dice import Dice  # noqa: PLC0415

        _ensure_library()
        dice = Dice(plan.dice_seed)
        rng = random.Random(plan.policy_seed)  # noqa: S311 - a game policy, not cryptography
        policy = get_policy(spec.policy)
        other = get_policy(spec.against) if spec.against else policy
        assert policy is not None  # noqa: S101 - checked by choose_policy
        assert other is not None  # noqa: S101 - checked by prepare
        side = plan.index % len(spec.setup.sides) if spec.against else None
        state = RULESET.start(spec.setup)
        commands = 0
        game = play_through(
            state, policy, other, side, rng=rng, dice=dice, max_commands=plan.max_commands
        )
        try:
            for played in game:
                state = played.after
                commands += 1
        except Refused as exc:
            text = format_command(exc.command)
            return _outcome(plan.index, state, commands, f"refused {text!r}: {exc}", side)
        except Exception as exc:  # noqa: BLE001 - one bad game is reported, not the whole run lost
            return _outcome(plan.index, state, commands, f"{type(exc).__name__}: {exc}", side)
        if state.phase is not Phase.OVER:
            error = (
                f"no result after {commands:,} commands"
                if commands >= plan.max_commands
                else f"no command in {state.phase.value}"
            )
            return _outcome(plan.index, state, commands, error, side)
        return _outcome(plan.index, state, commands, "", side)

    def summarise(self, spec: BTSimSpec, finished: Sequence[BTOutcome]) -> BTSummary:
        """Add up the finished games."""
        return BTSummary.build(spec, finished)


def _outcome(
    index: int,
    state: Any,  # noqa: ANN401 - a BTState (the engine loads only in the worker)
    commands: int,
    error: str,
    side: int | None = None,
) -> BTOutcome:
    destroyed = sum(1 for u in state.units if u.destroyed)
    return BTOutcome(
        index, state.winner, state.result, state.turn, commands, destroyed, error, side
    )


def _known_policy(name: str, what: str) -> str:
    """Return ``name`` if it is a battletech player (built in or the bot's); else a usage error."""
    from engine.battletech.bot.policies import policy_names  # noqa: PLC0415 - the engine loads now

    known = policy_names()
    if name not in known:
        raise UsageError(f"unknown battletech {what} {name!r} (known: {', '.join(sorted(known))})")
    return name


def _ensure_library() -> None:
    """Give a fresh worker process the bundled library (a forked one has the parent's)."""
    from engine.battletech import RULESET  # noqa: PLC0415
    from tui.battletech.library import install  # noqa: PLC0415

    if RULESET.library is None:
        install()


ADAPTER: SimAdapter[BTSimSpec, BTOutcome] = BTSimAdapter()
"""Named by `tui.battletech.UI`'s ``sim`` attribute."""
