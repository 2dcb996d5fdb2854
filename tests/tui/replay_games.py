"""Real saves for the replay tests: games played through the engine into journals.

Paper 'Mech games are played by the simulator's policies; BattleTech games by a calm policy over
`legal_commands` (every weapon and physical attack held, so a game is movement, heat and turns),
picking options by a fixed stride so that the same seed always gives the same game. Nothing here
is a recorded result: every save is played when the tests run.
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from engine.battletech import RULESET as BT
from engine.battletech.commands import DumpAmmo, Eject, FireWeapons, PhysicalAttack
from engine.battletech.rules.options import legal_commands as bt_legal_commands
from engine.papermech import RULESET as PM
from engine.papermech import PaperSetup
from engine.papermech import legal_commands as pm_legal_commands
from engine.papermech.policies import POLICIES
from saves.journal import Journal

NOW = datetime(2026, 11, 21, 18, 30)  # noqa: DTZ001 - naive: dates show the same in every zone


@contextmanager
def bt_library(tmp_path_factory):
    """The bundled BattleTech units and boards, with no user folder; restored afterwards."""
    from tui.battletech.library import install  # noqa: PLC0415

    before = BT.library
    with _env("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data"))):
        library = install()
    try:
        yield library
    finally:
        BT.library = before


@contextmanager
def _env(name, value):
    import os  # noqa: PLC0415

    old = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if old is None:
            del os.environ[name]
        else:
            os.environ[name] = old


def calm_commands(state):
    """Every legal BattleTech command but attacks, ammunition dumps and ejections."""
    options = bt_legal_commands(state)
    calm = [
        c
        for c in options
        if not (isinstance(c, FireWeapons) and c.shots)
        and not (isinstance(c, PhysicalAttack) and c.kind is not None)
        and not isinstance(c, DumpAmmo | Eject)
    ]
    return calm or options


def play_bt(journal, commands, *, stride=7919, start=0):
    """Give ``commands`` calm commands (fewer if the game ends); return the journal."""
    for pick in range(start, start + commands):
        if journal.game.summary.over:
            break
        options = calm_commands(journal.game.state)
        journal.execute(options[(pick * stride) % len(options)])
    return journal


def bt_save(
    directory, library, *, name="battletech-river", scenario="default", seed=3, commands=30
):
    """A BattleTech game of a bundled scenario, ``commands`` commands long; closed."""
    from tui.battletech.library import load_scenario  # noqa: PLC0415

    path = Path(directory) / f"{name}.jsonl"
    journal = Journal.create(path, BT, load_scenario(scenario, library), created=NOW, seed=seed)
    play_bt(journal, commands).close()
    return path


def play_paper(journal, commands=None, *, policy="greedy", seed=1):
    """Play on with a simulator policy: ``commands`` more, or to the end; return the journal."""
    rng = random.Random(seed)  # noqa: S311 - a game policy
    chooser = POLICIES[policy]
    given = 0
    while not journal.game.summary.over and (commands is None or given < commands):
        state = journal.game.state
        journal.execute(chooser.choose(state, pm_legal_commands(state), rng))
        given += 1
    return journal


def paper_save(
    directory,
    *,
    name="papermech-ann",
    pilot="Ann",
    seed=11,
    policy="greedy",
    battles=1,
    commands=None,
    created=NOW,
):
    """A Paper 'Mech game played by a policy: to its end, or ``commands`` long; closed."""
    path = Path(directory) / f"{name}.jsonl"
    setup = PaperSetup(pilot=pilot, battles=battles)
    journal = Journal.create(path, PM, setup, created=created, seed=seed)
    play_paper(journal, commands, policy=policy, seed=seed).close()
    return path
