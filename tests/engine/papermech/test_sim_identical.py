"""The simulator's games stay exactly the same: seeded games hashed against recorded digests.

The digests were recorded on the code before the simulator was made faster (commit 707e61b,
27 Nov 2026, by this file's functions with the unchanged ``decide``/``evolve`` fold and policies).
A change that alters one die, one event, one policy choice or one outcome changes a digest. Each
digest hashes the ``repr`` of every command and every event of the games, and how each ended:

- whole games of the ``greedy``, ``random`` and ``first`` policies with five loadouts that reach
  every prompt and weapon special, one battle and a two-battle campaign;
- greedy's answer in every state of random two-battle games (states greedy itself never reaches);
- `tui.papermech.sim.ADAPTER`'s outcomes (what the runner reports) for both policies.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from engine.dice import Dice
from engine.papermech import RULESET, Loadout, PaperSetup, PaperState, legal_commands
from engine.papermech.commands import PaperCommand
from engine.papermech.evolve import evolve
from engine.papermech.flow import decide, resolve
from engine.papermech.policies import POLICIES, GreedyPolicy
from tui.commands.runner import GamePlan
from tui.papermech.sim import ADAPTER, PaperSpec

LOADOUTS = {
    "default": Loadout(),
    "heavy": Loadout.parse("LS=mortar RS=ppc LA=laser RA=fist"),
    "brawler": Loadout.parse("LS=machine-gun RS=flamethrower LA=plasma-sword RA=tower-shield"),
    "whip": Loadout.parse("LS=wing-shield RS=rifle LA=energy-whip RA=tower-shield torso=3"),
    "odd": Loadout.parse("LS=disruptor RS=mortar LA=fist RA=machine-gun legs=5"),
}

# (kind, loadout) -> sha256, recorded on the unchanged code (see the module's docstring).
RECORDED = {
    ("greedy", "default"): "03998b4edac5a88da4891ffabd91a4e6403b4668fc01e4d580930b66f4364a4f",
    ("random", "default"): "dd4ac288265612023b36edf980991687957057072bcbadfd1d26292f32baa13a",
    ("first", "default"): "b0db5338af52712356bb3269460c1c24b457aaf67fe9687049242dba43144c43",
    ("greedy2", "default"): "7217ae9b23ba019736a104442ec3878e9a113822cf6f164a7438aeb2481a4272",
    ("offpath", "default"): "9b624e892848909583bb869f93bbe532aedb25068fa534f4250315fb43cfb6d2",
    ("greedy", "heavy"): "3470f485e82e055c31439ecd9441aecbc6546cd679f174df30c168dc7b70d456",
    ("random", "heavy"): "a6ae6bb145f393eda40c8884c333ea7c50d4f79699f328e55ea0a92402ba6fd3",
    ("first", "heavy"): "3fcc06d9ee41a9b39f2ed9efb6558bfa3f002b8d9f8905c24bfaed1e27025371",
    ("greedy2", "heavy"): "30718b6828f7cf170bd86fcf9d28dca9db1c11923344d97c553dc311d44b6b8d",
    ("offpath", "heavy"): "720a188ebd8fdb0cc058773ceb4dc681212bcafe8d2e7aac6e743931de3b24b4",
    ("greedy", "brawler"): "63ce919deb8a3cbaefe4a24488ee4404bc78e244a57935375c1e1c261864a708",
    ("random", "brawler"): "58f2617fae23749409072f67dfe3a2f6cedf72be4155f95164844b46fd7d838b",
    ("first", "brawler"): "9e93c7b0f209f2f5e1c764ca5f1ea2ccc1687f96f6aa38e06bc0d117190bd473",
    ("greedy2", "brawler"): "034c991e9cdaee65fe7bcdfebbbb9f32ff3d20914ec807277e028be01addca4c",
    ("offpath", "brawler"): "057ab5ff1df768effdb4e43c3c8305fa1c45d0ac5ba2dc1dfe487bb09b2ec0e0",
    ("greedy", "whip"): "40bbe84503ee305793d100f562bd6d47c9e2857f4fda50167dc8a82d72b76240",
    ("random", "whip"): "ee7c04a92fb5d97dc5b3d24dfb77739e0a4010e9a99a00c623f168791c6b57cc",
    ("first", "whip"): "7c877e82c2388d74a3b2cb7b6e88e6f7e82654f2c5075a0f4630e0fce91c3c4d",
    ("greedy2", "whip"): "01803c2c99490f44c3a3bc562e894f3fd3fb7772e30e393e776071e19dd954ee",
    ("offpath", "whip"): "b823dabad4b8151df3ec37db36936cd8938f3c93fba5d43b41375c7f42ffcc3f",
    ("greedy", "odd"): "965cd44f1af5170de11db106be4a9e90d1607b50689e7f591734a45a28f80347",
    ("random", "odd"): "d15fa15b45af1540af9f509a1b2dd1528229b62194b775355e4303f82a55f631",
    ("first", "odd"): "f2bc77bdaee4957774a2794cf0ef64c46eff6c3277cfbbec22044bf56a24a376",
    ("greedy2", "odd"): "86a34e6bea7781e93493213388661901aad818c4815725a3c2ada0b90fc0eaeb",
    ("offpath", "odd"): "2c5b3977a949dba0a4069daebe43e2fc5d5b6c24d91b2a76af62e3e30db13df1",
}
RECORDED_OUTCOMES = {
    "greedy": "dd05d4dcb6cb5add40d6c712cf2007b850f6d19d62a183b8fe50ba753fbdeb07",
    "random": "2b79edfce79e9b64178917faab4ee423fa480a187852f80e60f43108de2fdeb7",
}
# What each digest plays: (policy, battles, games, run seed, command cap).
PLAYS = {
    "greedy": ("greedy", 1, 10, 7, 20_000),
    "random": ("random", 1, 30, 7, 20_000),
    "first": ("first", 1, 2, 7, 300),
    "greedy2": ("greedy", 2, 3, 8, 20_000),
}
OFFPATH = (2, 3, 9, 3000)  # battles, games, run seed, command cap


def step(state: PaperState, command: PaperCommand, dice: Dice, digest: hashlib._Hash) -> PaperState:
    """Resolve one command as the simulator does, hash it and its events; return the next state.

    The state `resolve` returns is the fold of ``evolve`` over its events, and its events are
    those ``decide`` gives from the same dice.
    """
    digest.update(repr(command).encode())
    position = dice.position
    events, after = resolve(state, command, dice)
    assert decide(state, command, dice.at(position)) == events
    folded = state
    for event in events:
        digest.update(repr(event).encode())
        folded = evolve(folded, event)
    assert folded == after
    return after


def games_digest(kind: str, loadout: Loadout) -> str:
    """Hash every command and event of the seeded games ``PLAYS[kind]``, and how each ended."""
    policy, battles, games, seed, cap = PLAYS[kind]
    digest = hashlib.sha256()
    chooser = POLICIES[policy]
    for index in range(games):
        plan = GamePlan.of(seed, index)
        dice, rng = Dice(plan.dice_seed), random.Random(plan.policy_seed)  # noqa: S311
        state = RULESET.start(PaperSetup(loadout, battles))
        commands = 0
        while state.result is None and commands < cap:
            command = chooser.choose(state, legal_commands(state), rng)
            state = step(state, command, dice, digest)
            commands += 1
        digest.update(repr((state.result, state.waves_cleared, commands)).encode())
    return digest.hexdigest()


def offpath_digest(loadout: Loadout, battles: int, games: int, seed: int, cap: int) -> str:
    """Hash greedy's answer in every state of random games (its rng seeded by the step)."""
    digest = hashlib.sha256()
    greedy = GreedyPolicy()
    for index in range(games):
        plan = GamePlan.of(seed, index)
        dice, rng = Dice(plan.dice_seed), random.Random(plan.policy_seed)  # noqa: S311
        state = RULESET.start(PaperSetup(loadout, battles))
        commands = 0
        while state.result is None and commands < cap:
            options = legal_commands(state)
            answer = greedy.choose(state, options, random.Random(commands))  # noqa: S311
            digest.update(repr(answer).encode())
            state = step(state, rng.choice(options), dice, hashlib.sha256())
            commands += 1
    return digest.hexdigest()


@pytest.mark.parametrize("kind", sorted(PLAYS))
@pytest.mark.parametrize("name", sorted(LOADOUTS))
def test_seeded_games_are_the_recorded_games(kind: str, name: str) -> None:
    """The same seeds give the same commands, events and results as the unchanged code did."""
    assert games_digest(kind, LOADOUTS[name]) == RECORDED[kind, name]


@pytest.mark.parametrize("name", sorted(LOADOUTS))
def test_greedy_answers_as_recorded_in_states_it_would_not_reach(name: str) -> None:
    """Along random games greedy picks, in every state, what the unchanged greedy picked."""
    assert offpath_digest(LOADOUTS[name], *OFFPATH) == RECORDED["offpath", name]


@pytest.mark.parametrize("policy", sorted(RECORDED_OUTCOMES))
def test_the_simulator_reports_the_recorded_outcomes(policy: str) -> None:
    """`ADAPTER.play`: 30 seeded default games per policy end as they did (result, commands)."""
    spec = PaperSpec(PaperSetup(), policy)
    outcomes = "".join(repr(ADAPTER.play(spec, GamePlan.of(2024, i))) for i in range(30))
    assert hashlib.sha256(outcomes.encode()).hexdigest() == RECORDED_OUTCOMES[policy]
