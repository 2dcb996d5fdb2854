"""The BattleTech computer opponent (issue 21): one decision at a time, with its reasons.

The contract every caller uses (the TUI, ``hexmech play --computer``, the simulator):

- `decide(state, personality, rng)` returns a `Decision`: the command to give (None: nothing to
  do for the side to act), a one-line ``reason`` the log and replays show, and the
  ``alternatives`` it weighed (best first, each a short label and its score).
- `PERSONALITIES` names the personalities a setup may choose ("cautious", "balanced",
  "aggressive"); `DEFAULT_PERSONALITY` is the one a form offers first.

Pure like the rest of the engine: the state and a seeded random source in, a decision out; the
same state, personality and seed give the same decision. Every command it returns is one the
rules accept (a refusal in the simulator is a bug).

This first version only fixes the contract (it plays like the ``aggressive`` policy); the
evaluation that ranks moves and fire replaces its body.
"""

from __future__ import annotations

from attrs import frozen

from engine.battletech.commands import BTCommand
from engine.battletech.policies import Random, aggressive
from engine.battletech.state import BTState

__all__ = ["DEFAULT_PERSONALITY", "PERSONALITIES", "Decision", "decide"]

PERSONALITIES: tuple[str, ...] = ("cautious", "balanced", "aggressive")
"""The computer's personalities, as a setup form offers them."""

DEFAULT_PERSONALITY = "balanced"


@frozen
class Decision:
    """One decision of the computer player.

    Attributes:
        command: the command to give, or None when the side to act has nothing to do.
        reason: one line a person reads in the log ("moved to 0810: light woods +1, ...").
        alternatives: what it weighed, best first: (short label, score) pairs.
    """

    command: BTCommand | None
    reason: str = ""
    alternatives: tuple[tuple[str, float], ...] = ()


def decide(state: BTState, personality: str, rng: Random) -> Decision:
    """Return the computer's next decision for the side to act (see the module docstring)."""
    if personality not in PERSONALITIES:
        raise ValueError(f"unknown personality {personality!r}")
    command = aggressive(state, rng)
    return Decision(command, "" if command is None else "closes on the nearest enemy")
