"""How a personality plays, in numbers (issue 21 item 6: personalities differ measurably).

`play_style` plays games of one player against another (the sides swapped every other game, as
the simulator does) and tallies, for the first player's side, what a win rate alone hides:

- ``distance``: hexes from each of its units to the nearest enemy once everyone has moved
  (sampled at the start of every Weapon Attack phase): how close it fights;
- ``cover``: the to-hit terms the terrain gives each enemy that can see one of its units then
  (woods in and on the way, partial cover: BT-C-7/8, BT-C-18.5), and ``hidden``: the share of
  (unit, enemy) pairs with no line of sight at all (BT-C-4..9): how much it keeps to cover;
- ``heat``: its units' heat after each turn's Heat phase (BT-C-51..54): how hot it fires and moves;
- ``melee``: charges, deaths from above and physical attacks it made, per game;
- ``dealt`` and ``taken``: armor and structure points the enemy and it lost, per game.

Pure like the rest of the engine: the setup, the players, each game's dice seed and policy
random stream (made by the caller, as the simulator makes them) in, the numbers out.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import frozen

from engine.battletech.bot.builtin import Policy, Random, play_through
from engine.battletech.bot.evaluate import durability
from engine.battletech.commands import BTCommand, Jump, Move, PhysicalAttack
from engine.battletech.rules.los import line_of_sight
from engine.battletech.state import BTSetup, BTState, Phase
from engine.dice import Dice

__all__ = ["Style", "play_style"]


@frozen
class Style:
    """What one player's side did over some games (means; see the module docstring)."""

    games: int
    wins: float
    distance: float
    cover: float
    hidden: float
    heat: float
    melee: float
    dealt: float
    taken: float

    def line(self) -> str:
        """One line for people: every figure, rounded."""
        return (
            f"won {self.wins:.1f} of {self.games}, nearest enemy {self.distance:.1f} hexes, "
            f"cover +{self.cover:.2f}, hidden {100 * self.hidden:.0f}%, heat {self.heat:.1f}, "
            f"melee {self.melee:.1f}/game, "
            f"dealt {self.dealt:.0f} took {self.taken:.0f}/game"
        )


class _Tally:
    def __init__(self) -> None:
        self.distance: list[int] = []
        self.cover: list[int] = []
        self.hidden: list[int] = []
        self.heat: list[int] = []
        self.melee = 0
        self.dealt = 0
        self.taken = 0
        self.wins = 0.0

    def positions(self, state: BTState, side: int) -> None:
        enemies = [
            (i, u.hex)
            for i, u in enumerate(state.units)
            if u.side != side and u.on_map and u.hex is not None
        ]
        for index, unit in enumerate(state.units):
            if unit.side != side or not unit.on_map or unit.hex is None or not enemies:
                continue
            here = unit.hex
            self.distance.append(min(here.distance(h) for _, h in enemies))
            for enemy, _ in enemies:
                sight = line_of_sight(state, enemy, index)
                self.hidden.append(0 if sight.clear else 1)
                if sight.clear:
                    self.cover.append(sum(max(0, v) for _, v in sight.modifiers))

    def heats(self, state: BTState, side: int) -> None:
        self.heat += [u.mech.heat for u in state.units if u.side == side and u.on_map]

    def command(self, command: BTCommand) -> None:
        melee = (
            (isinstance(command, Move) and command.charge is not None)
            or (isinstance(command, Jump) and command.dfa is not None)
            or (isinstance(command, PhysicalAttack) and command.kind is not None)
        )
        self.melee += int(melee)

    def result(self, state: BTState, before: dict[int, int], side: int) -> None:
        for i, unit in enumerate(state.units):
            lost = before[i] - durability(unit)
            if unit.side == side:
                self.taken += lost
            else:
                self.dealt += lost
        self.wins += 1.0 if state.winner == side else 0.5 if state.winner is None else 0.0


def _mean(values: list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def play_style(
    setup: BTSetup,
    player: Policy,
    other: Policy,
    plays: Iterable[tuple[int, Random]],
    max_commands: int = 5_000,
) -> Style:
    """Play one game per (dice seed, policy stream); ``player`` is on side ``n % 2`` of game n.

    The caller makes each game's policy random stream (a seeded ``random.Random``), so the engine
    makes no random numbers of its own; the tally is ``player``'s side's.
    """
    from engine.battletech import RULESET  # noqa: PLC0415 - the ruleset imports the bot's users

    tally = _Tally()
    games = 0
    for n, (seed, rng) in enumerate(plays):
        side = n % 2
        state = RULESET.start(setup)
        dice = Dice(seed)
        before = {i: durability(u) for i, u in enumerate(state.units)}
        game = play_through(
            state, player, other, side, rng=rng, dice=dice, max_commands=max_commands
        )
        for played in game:
            then, state = played.before, played.after
            if then.side_to_act == side:
                tally.command(played.command)
            if state.phase is not then.phase and state.phase is Phase.WEAPON:
                tally.positions(state, side)
            if state.turn != then.turn and then.turn > 0:
                tally.heats(state, side)  # after the last turn's Heat phase
        tally.result(state, before, side)
        games += 1
    per = max(1, games)
    return Style(
        games,
        tally.wins,
        _mean(tally.distance),
        _mean(tally.cover),
        _mean(tally.hidden),
        _mean(tally.heat),
        tally.melee / per,
        tally.dealt / per,
        tally.taken / per,
    )
