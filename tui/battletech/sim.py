"""BattleTech's simulator adapter (`ADAPTER`, for ``hexmech sim battletech``).

Our robustness harness (issue 5): every game is played headless from the scenario's setup to its
`GameEnded`, each command chosen by a policy (`engine.battletech.policies`) and folded through
``decide``/``evolve``. A command the rules refuse, an exception, or a game that reaches no result is
an error, reported with the game's number so ``--seed S --games N`` reproduces it (the runner,
`tui.commands.runner`, derives each game's seeds from the run's seed and its number).

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

    @classmethod
    def build(cls, spec: BTSimSpec, done: Sequence[BTOutcome]) -> BTSummary:
        """Add up the finished games ``done``: winners by side, reasons, turns."""
        sides = spec.setup.sides
        results = Counter("draw" if o.winner is None else sides[o.winner] for o in done)
        turns = Counter(o.turns for o in done)
        n = len(done)
        return cls(
            scenario=spec.scenario,
            policy=spec.policy,
            finished=n,
            results=dict(results.most_common()),
            reasons=Counter(o.reason for o in done).most_common(_TOP_REASONS),
            mean_turns=sum(o.turns for o in done) / n if n else 0.0,
            turns={t: turns[t] for t in sorted(turns)},
        )

    def label(self) -> str:
        """Return the heading's words: the scenario and the policy."""
        return f"{self.scenario}, policy {self.policy}"

    def head(self) -> dict[str, Any]:
        """Return the run's JSON fields: scenario, policy."""
        return {"scenario": self.scenario, "policy": self.policy}

    def fields(self) -> dict[str, Any]:
        """Return the results' JSON fields."""
        return {
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
        lines = [
            f"results     {results or '-'}",
            f"turns       {self.mean_turns:.1f} on average;  {spread}",
        ]
        lines += [f"            {n:,} x {reason}" for reason, n in self.reasons[:_REASON_LINES]]
        return lines


class BTSimAdapter:
    """The `tui.commands.runner.SimAdapter` of BattleTech."""

    name = "battletech"
    title = "BattleTech"
    policy_help = "random (the default), aggressive"
    rate_digits = 2

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
        from engine.battletech.policies import POLICIES  # noqa: PLC0415 - the engine loads now

        policy = name or "random"
        if policy not in POLICIES:
            known = ", ".join(sorted(POLICIES))
            raise UsageError(f"unknown battletech policy {policy!r} (known: {known})")
        return policy

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
        return BTSimSpec(setup, name, policy)

    def play(self, spec: BTSimSpec, plan: GamePlan) -> BTOutcome:
        """Play one game to its result (or to the command cap, or a failure)."""
        from engine.battletech import RULESET  # noqa: PLC0415 - the engine loads in the worker
        from engine.battletech.evolve import evolve  # noqa: PLC0415
        from engine.battletech.flow import decide  # noqa: PLC0415
        from engine.battletech.language import format_command  # noqa: PLC0415
        from engine.battletech.policies import POLICIES  # noqa: PLC0415
        from engine.battletech.state import Phase  # noqa: PLC0415
        from engine.dice import Dice  # noqa: PLC0415
        from engine.game import IllegalCommand  # noqa: PLC0415

        _ensure_library()
        dice = Dice(plan.dice_seed)
        rng = random.Random(plan.policy_seed)  # noqa: S311 - a game policy, not cryptography
        policy = POLICIES[spec.policy]
        state = RULESET.start(spec.setup)
        commands = 0
        command = None
        try:
            while state.phase is not Phase.OVER:
                if commands >= plan.max_commands:
                    error = f"no result after {commands:,} commands"
                    return _outcome(plan.index, state, commands, error)
                command = policy(state, rng)
                if command is None:
                    error = f"no command in {state.phase.value}"
                    return _outcome(plan.index, state, commands, error)
                for event in decide(state, command, dice):
                    state = evolve(event, state)
                commands += 1
        except IllegalCommand as exc:
            text = format_command(command) if command is not None else "?"
            return _outcome(plan.index, state, commands, f"refused {text!r}: {exc}")
        except Exception as exc:  # noqa: BLE001 - one bad game is reported, not the whole run lost
            return _outcome(plan.index, state, commands, f"{type(exc).__name__}: {exc}")
        return _outcome(plan.index, state, commands, "")

    def summarise(self, spec: BTSimSpec, finished: Sequence[BTOutcome]) -> BTSummary:
        """Add up the finished games."""
        return BTSummary.build(spec, finished)


def _outcome(index: int, state: Any, commands: int, error: str) -> BTOutcome:  # noqa: ANN401
    destroyed = sum(1 for u in state.units if u.destroyed)
    return BTOutcome(index, state.winner, state.result, state.turn, commands, destroyed, error)


def _ensure_library() -> None:
    """Give a fresh worker process the bundled library (a forked one has the parent's)."""
    from engine.battletech import RULESET  # noqa: PLC0415
    from tui.battletech.library import install  # noqa: PLC0415

    if RULESET.library is None:
        install()


ADAPTER: SimAdapter[BTSimSpec, BTOutcome] = BTSimAdapter()
"""Named by `tui.battletech.UI`'s ``sim`` attribute."""
