"""The computer opponent as simulator players: ``bot``, ``bot-cautious``, ``bot-aggressive``.

``bot`` plays the balanced personality.

`policy_names` and `get_policy` look players up among the built-in ones
(`engine.battletech.bot.builtin.POLICIES`) and these, so ``hexmech sim battletech --policy bot
--against aggressive`` can name either kind.
"""

from __future__ import annotations

from engine.battletech.bot import decide
from engine.battletech.bot.builtin import POLICIES, Policy, Random
from engine.battletech.commands import BTCommand
from engine.battletech.state import BTState

__all__ = ["BOT_POLICIES", "get_policy", "policy_names"]


def _bot(personality: str) -> Policy:
    def play(state: BTState, rng: Random) -> BTCommand | None:
        return decide(state, personality, rng).command

    play.__name__ = f"bot_{personality}"
    return play


BOT_POLICIES: dict[str, Policy] = {
    "bot": _bot("balanced"),
    "bot-cautious": _bot("cautious"),
    "bot-aggressive": _bot("aggressive"),
}
"""The computer opponent's personalities as players, by simulator name."""


def policy_names() -> list[str]:
    """Every player the simulator knows: the built-in ones, then the bot's."""
    return [*POLICIES, *BOT_POLICIES]


def get_policy(name: str) -> Policy | None:
    """The player called ``name`` (None when there is none)."""
    return POLICIES.get(name) or BOT_POLICIES.get(name)
