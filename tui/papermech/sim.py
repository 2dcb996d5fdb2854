"""Paper 'Mech's simulator adapter (`ADAPTER`, for ``hexmech sim papermech``).

Each game runs ``decide`` directly (no `engine.game.Game`: its log and snapshots cost more than
the rules), through `engine.papermech.flow.resolve`, which also returns the state the events lead
to: ``decide`` applies every event as it emits it, so the events are not folded a second time.
Each game is played with ``Dice(plan.dice_seed)`` and a policy ``random.Random(plan.policy_seed)``
(`tui.commands.runner` derives both from the run's seed and the game's number). The report gives
the win rate with its Wilson interval, scores (PM-13), waves cleared and what dealt the defeats.

Importing this module loads no ruleset (the command line builds its parser from it): the engine is
imported when a run starts.
"""

from __future__ import annotations

import random
import re
import tomllib
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from attrs import frozen

from tui.commands.errors import UsageError
from tui.commands.runner import GamePlan, SimAdapter, wilson

if TYPE_CHECKING:
    import argparse

    from engine.papermech import PaperSetup

__all__ = [
    "ADAPTER",
    "GameOutcome",
    "PaperSimAdapter",
    "PaperSpec",
    "PaperSummary",
    "read_setup",
]

_TOML_LOADOUT = re.compile(r"(?m)^\s*loadout\s*=")
_TOP_CAUSES = 5


@frozen
class PaperSpec:
    """What every game of a run plays: the setup and the policy's name."""

    setup: PaperSetup
    policy: str


@frozen
class GameOutcome:
    """How one simulated game went.

    Attributes:
        index: the game's number (0-based).
        won: every wave of every battle was beaten.
        score: the final score (PM-13; 0 for a lost single battle).
        waves_cleared: waves beaten, over all battles.
        cause: why it was lost ("" for a win or an error).
        commands: how many commands the policy gave.
        error: why the game has no result (the command cap, or an exception), "" if it has one.
        crashed: the error was an exception (an engine or policy bug), not the command cap.
    """

    index: int
    won: bool
    score: int
    waves_cleared: int
    cause: str
    commands: int
    error: str = ""
    crashed: bool = False

    @property
    def failed(self) -> bool:
        """Only a crash fails the run; a game stopped at the command cap is counted, not fatal."""
        return self.crashed


def _cause_kind(cause: str) -> str:
    """Normalise a defeat's cause to the enemy that dealt it ("the Tank's PPC/Shells" -> "Tank")."""
    _, by, rest = cause.partition(" by the ")
    if by and "'s " in rest:
        return rest.split("'s ", 1)[0]
    return cause


@frozen
class PaperSummary:
    """What the finished games of a run add up to (rates count only finished games)."""

    policy: str
    loadout: str
    battles: int
    finished: int
    wins: int
    win_rate: float
    win_rate_ci95: tuple[float, float]
    mean_score: float
    mean_score_won: float | None
    mean_waves_cleared: float
    waves_cleared: dict[int, int]
    top_cause: str | None
    defeats_by: dict[str, int]
    causes: list[tuple[str, int]]

    @classmethod
    def build(cls, spec: PaperSpec, done: Sequence[GameOutcome]) -> PaperSummary:
        """Add up the finished games ``done``."""
        won = [o for o in done if o.won]
        causes = Counter(o.cause for o in done if not o.won)
        kinds = Counter(_cause_kind(o.cause) for o in done if not o.won)
        cleared = Counter(o.waves_cleared for o in done)
        n = len(done)
        return cls(
            policy=spec.policy,
            loadout=spec.setup.loadout.spec(),
            battles=spec.setup.battles,
            finished=n,
            wins=len(won),
            win_rate=len(won) / n if n else 0.0,
            win_rate_ci95=wilson(len(won), n),
            mean_score=sum(o.score for o in done) / n if n else 0.0,
            mean_score_won=sum(o.score for o in won) / len(won) if won else None,
            mean_waves_cleared=sum(o.waves_cleared for o in done) / n if n else 0.0,
            waves_cleared={w: cleared[w] for w in sorted(cleared)},
            top_cause=causes.most_common(1)[0][0] if causes else None,
            defeats_by=dict(kinds.most_common()),
            causes=causes.most_common(_TOP_CAUSES),
        )

    def label(self) -> str:
        """Return the heading's words: the policy."""
        return f"policy {self.policy}"

    def head(self) -> dict[str, Any]:
        """Return the run's JSON fields: policy, loadout, battles."""
        return {"policy": self.policy, "loadout": self.loadout, "battles": self.battles}

    def fields(self) -> dict[str, Any]:
        """Return the results' JSON fields; numbers rounded for people, never the counts."""
        low, high = self.win_rate_ci95
        won_score = None if self.mean_score_won is None else round(self.mean_score_won, 3)
        return {
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "mean_score": round(self.mean_score, 3),
            "mean_score_won": won_score,
            "mean_waves_cleared": round(self.mean_waves_cleared, 3),
            "waves_cleared": {str(w): n for w, n in self.waves_cleared.items()},
            "top_cause": self.top_cause,
            "defeats_by": self.defeats_by,
            "causes": [{"cause": c, "games": n} for c, n in self.causes],
        }

    def lines(self) -> list[str]:
        """Return the results for people: loadout, wins, scores, waves, defeats."""
        low, high = self.win_rate_ci95
        won_score = "-" if self.mean_score_won is None else f"{self.mean_score_won:.1f}"
        total = max(1, self.finished)
        battles = f", {self.battles} battles" if self.battles > 1 else ""
        spread = "  ".join(f"{w}: {100 * n / total:.1f}%" for w, n in self.waves_cleared.items())
        lines = [
            f"loadout     {self.loadout}{battles}",
            (
                f"wins        {self.wins:,} of {self.finished:,}: {100 * self.win_rate:.1f}% "
                f"(95% CI {100 * low:.1f}-{100 * high:.1f}%)"
            ),
            f"mean score  {self.mean_score:.1f} overall, {won_score} in won games",
            f"waves       {self.mean_waves_cleared:.2f} cleared on average;  {spread}",
        ]
        if self.top_cause is not None:
            kind, count = next(iter(self.defeats_by.items()))
            lines.append(f"defeats     most by the {kind} ({count:,}); top: {self.top_cause}")
        return lines


class PaperSimAdapter:
    """The `tui.commands.runner.SimAdapter` of Paper 'Mech."""

    name = "papermech"
    title = "Paper 'Mech"
    policy_help = "greedy (the default), random, first"
    rate_digits = 1
    against = False

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add ``--loadout`` and ``--battles``."""
        parser.add_argument(
            "--loadout",
            metavar="FILE",
            help="a TOML file with loadout = '...' (a scenario), or a text file with the spec",
        )
        parser.add_argument(
            "--battles", type=int, metavar="N", help="battles per game (a campaign)"
        )

    def choose_policy(self, name: str | None) -> str:
        """Return ``name`` if it is a policy (default: greedy)."""
        from engine.papermech.policies import POLICIES  # noqa: PLC0415 - the engine loads now

        policy = name or "greedy"
        if policy not in POLICIES:
            raise UsageError(f"unknown policy {policy!r} (known: {', '.join(sorted(POLICIES))})")
        return policy

    def prepare(self, args: argparse.Namespace, policy: str) -> PaperSpec:
        """Return the setup from ``--loadout`` and ``--battles``, with the policy."""
        return PaperSpec(read_setup(args.loadout, args.battles), policy)

    def play(self, spec: PaperSpec, plan: GamePlan) -> GameOutcome:
        """Play one game to its end (or to the command cap, or an exception)."""
        from engine.dice import Dice  # noqa: PLC0415 - the engine loads in the worker
        from engine.papermech import RULESET, legal_commands  # noqa: PLC0415
        from engine.papermech.flow import resolve  # noqa: PLC0415
        from engine.papermech.policies import POLICIES  # noqa: PLC0415

        dice = Dice(plan.dice_seed)
        rng = random.Random(plan.policy_seed)  # noqa: S311 - a game policy, not cryptography
        chooser = POLICIES[spec.policy]
        state = RULESET.start(spec.setup)
        commands = 0
        try:
            while state.result is None:
                if commands >= plan.max_commands:
                    error = f"no result after {plan.max_commands:,} commands"
                    return _unfinished(plan, state.waves_cleared, commands, error)
                command = chooser.choose(state, legal_commands(state), rng)
                state = resolve(state, command, dice)[1]
                commands += 1
        except Exception as exc:  # noqa: BLE001 - one bad game is reported, not the whole run lost
            error = f"{type(exc).__name__}: {exc}"
            return _unfinished(plan, state.waves_cleared, commands, error, crashed=True)
        result = state.result
        return GameOutcome(
            plan.index, result.won, result.score, state.waves_cleared, result.cause, commands
        )

    def summarise(self, spec: PaperSpec, finished: Sequence[GameOutcome]) -> PaperSummary:
        """Add up the finished games."""
        return PaperSummary.build(spec, finished)


def _unfinished(
    plan: GamePlan, waves: int, commands: int, error: str, *, crashed: bool = False
) -> GameOutcome:
    return GameOutcome(
        plan.index,
        won=False,
        score=0,
        waves_cleared=waves,
        cause="",
        commands=commands,
        error=error,
        crashed=crashed,
    )


ADAPTER: SimAdapter[PaperSpec, GameOutcome] = PaperSimAdapter()
"""Named by `tui.papermech.UI`'s ``sim`` attribute."""


# ------------------------------------------------------------------ the setup
def read_setup(path: str | None, battles: int | None) -> PaperSetup:
    """Return the setup from ``--loadout`` (a TOML scenario, a text file or a spec), ``--battles``.

    Raises:
        UsageError: a file that cannot be read, or a loadout the rules do not allow.
    """
    from engine.papermech import MAX_BATTLES, PaperSetup  # noqa: PLC0415

    setup = PaperSetup()
    if path is not None:
        setup = _loadout_setup(path)
    if battles is not None:
        if not 1 <= battles <= MAX_BATTLES:
            raise UsageError(f"--battles must be 1 to {MAX_BATTLES}, not {battles}")
        setup = PaperSetup(setup.loadout, battles, setup.pilot)
    return setup


def _loadout_setup(path: str) -> PaperSetup:
    file = Path(path)
    if not file.is_file():
        if "=" in path and not file.exists():
            return _parsed(path, path)  # a spec written on the command line
        raise UsageError(f"--loadout {path}: no such file")
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: {getattr(exc, 'strerror', None) or exc}") from exc
    if file.suffix.lower() == ".toml" or _TOML_LOADOUT.match(text):
        return _scenario_setup(path, text)
    spec = " ".join(line.split("#", 1)[0] for line in text.splitlines()).strip()
    if not spec:
        raise UsageError(f"{path}: no loadout in it (write e.g. LS=wing-shield RS=missiles)")
    return _parsed(spec, path)


def _scenario_setup(path: str, text: str) -> PaperSetup:
    """Read a scenario file (``loadout = "..."``, maybe battles and pilot too)."""
    from engine.papermech import RULESET  # noqa: PLC0415

    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: not TOML: {exc}") from exc
    if "loadout" not in table:
        raise UsageError(f'{path}: no loadout = "..." in it')
    try:
        return RULESET.make_setup(table)
    except (ValueError, TypeError) as exc:  # LoadoutError is a ValueError too
        raise UsageError(f"{path}: {exc}") from exc


def _parsed(spec: str, where: str) -> PaperSetup:
    from engine.papermech import Loadout, LoadoutError, PaperSetup  # noqa: PLC0415

    try:
        return PaperSetup(Loadout.parse(spec))
    except LoadoutError as exc:
        raise UsageError(f"{where}: {exc}") from exc
