"""Write golden saves of real games: ``python tests/data/saves/make_goldens.py FOLDER [NAME...]``.

Every game is played by the engine through `saves.journal.Journal` (so the files are exactly what
hexmech writes), with seeded dice, the built-in policies (`engine.battletech.bot.builtin`,
`engine.papermech.policies`) and a few hand-picked undo and redo steps. The same program and seeds
give the same bytes.

The committed goldens in ``tests/data/saves/`` are history: never regenerate or edit them. When a
format or schema version is released, run this script into a scratch folder, copy the new files in
under new names (``v<format>-<ruleset>-s<schema>-....jsonl``), add their rows to ``expected.json``
(``--expected`` prints them) and describe them in the README. Names not given: every game.

Run from the repository root, with the package importable (``PYTHONPATH=.``). Not a test module:
pytest collects only ``test_*.py``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tomllib
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engine.game import Accepted, Rejected
from saves import migrations
from saves.journal import Journal, read_game

ROOT = Path(__file__).resolve().parents[3]
CREATED = datetime(2026, 11, 27, 4, 0, 0, tzinfo=UTC)
MAX_COMMANDS = 5000
SPECIAL_SEED = 12
"""The seed of ``battletech-s4-special`` (picked so an Ultra autocannon jams)."""
INDIRECT_SEED = 13
"""The seed of ``battletech-s9-indirect`` (shells land and scatter, a spotter is penalized)."""
KEEP = {"keep_every": 0}
"""Journal.create's ``keep_every`` (format 4: a kept state every so many entries; ``--keep-every``
sets it, 0 is the journal's default)."""


def _keep() -> dict[str, int]:
    return {"keep_every": KEEP["keep_every"]} if KEEP["keep_every"] else {}


def _accepted(outcome: Accepted[Any, Any] | Rejected, what: str) -> Accepted[Any, Any]:
    """Return an accepted outcome; stop the script on a refusal (the goldens hold no surprises)."""
    if isinstance(outcome, Rejected):
        raise SystemExit(f"{what} was refused: {outcome.reason}")
    return outcome


def _undo_redo(journal: Journal, *, replace: Callable[[], object] | None = None) -> None:
    """Undo the last entry and redo it (or, with ``replace``, play something else instead)."""
    _accepted(journal.undo(), "undo")
    if replace is None:
        _accepted(journal.redo(), "redo")
    else:
        replace()


# ------------------------------------------------------------------------------ BattleTech
def battletech(path: Path, seed: int) -> None:
    """The bundled default scenario (deployment, river-crossing 16x17) with a 3-turn limit.

    Both sides play ``aggressive``; the first movement that rolled no dice is undone and redone,
    the second one undone and replaced by the policy's next choice, so the file has undo and redo
    markers.
    """
    from engine.battletech import RULESET  # noqa: PLC0415 - after the library is installed
    from engine.battletech.bot.builtin import aggressive  # noqa: PLC0415
    from engine.battletech.commands import Move  # noqa: PLC0415
    from engine.battletech.state import Phase  # noqa: PLC0415
    from tui.battletech.library import install  # noqa: PLC0415

    install()
    table = tomllib.loads((ROOT / "assets/scenarios/battletech/default.toml").read_text("utf-8"))
    table["victory"] = {"kind": "destroy", "turns": 3}
    setup = RULESET.make_setup(table)
    rng = random.Random(seed)  # noqa: S311 - a game policy, not cryptography
    moves = 0
    with Journal.create(path, RULESET, setup, created=CREATED, seed=seed, **_keep()) as journal:
        for _ in range(MAX_COMMANDS):
            state = journal.game.state
            if state.phase is Phase.OVER:
                return
            command = aggressive(state, rng)
            if command is None:
                raise SystemExit(f"no command in {state.phase}")
            outcome = _accepted(journal.execute(command), repr(command))
            # Hot-seat undo stops at dice: the first two moves that rolled none.
            if isinstance(command, Move) and not outcome.entry.rolled and moves < 2:
                moves += 1
                _undo_redo(journal, replace=None if moves == 1 else _replay(journal, rng))
    raise SystemExit("the BattleTech game did not end")


def battletech_special(path: Path, seed: int) -> None:
    """Schema 4 (issue 15, BT-C-75): the bundled ``trial`` scenario with a 3-turn limit.

    Both sides play ``random`` (its shots in random loads and rates): the Daishi Prime's Ultra
    AC/5s fire at double rate (``rate`` 2, two `AmmoSpent` each), cluster rolls carry their
    ``modifiers``; the seed was picked so an Ultra jams (``bt/jammed``).
    """
    from engine.battletech import RULESET  # noqa: PLC0415 - after the library is installed
    from engine.battletech.bot.builtin import random_policy  # noqa: PLC0415
    from engine.battletech.state import Phase  # noqa: PLC0415
    from tui.battletech.library import install  # noqa: PLC0415

    install()
    table = tomllib.loads((ROOT / "assets/scenarios/battletech/trial.toml").read_text("utf-8"))
    table["victory"] = {"kind": "destroy", "turns": 3}
    setup = RULESET.make_setup(table)
    rng = random.Random(seed)  # noqa: S311 - a game policy, not cryptography
    with Journal.create(path, RULESET, setup, created=CREATED, seed=seed, **_keep()) as journal:
        for _ in range(MAX_COMMANDS):
            state = journal.game.state
            if state.phase is Phase.OVER:
                return
            command = random_policy(state, rng)
            if command is None:
                raise SystemExit(f"no command in {state.phase}")
            _accepted(journal.execute(command), repr(command))
    raise SystemExit("the BattleTech game did not end")


def battletech_computer(path: Path, seed: int) -> None:
    """The default scenario (3-turn limit), a person (``aggressive``) against the computer.

    Schema 2 (issue 21): the setup names Kurita a computer (``balanced``); its commands are the
    bot's (`engine.battletech.bot.decide`), given with its seat and its reason as the entry's
    note. Davion's first movement that rolled no dice is undone with the computer's commands
    after it (`Game.own_undo`) and given again.
    """
    import attrs  # noqa: PLC0415

    from engine.battletech import RULESET  # noqa: PLC0415 - after the library is installed
    from engine.battletech.bot import decide  # noqa: PLC0415
    from engine.battletech.bot.builtin import aggressive  # noqa: PLC0415
    from engine.battletech.commands import Move  # noqa: PLC0415
    from engine.battletech.state import Phase  # noqa: PLC0415
    from tui.battletech.library import install  # noqa: PLC0415

    install()
    table = tomllib.loads((ROOT / "assets/scenarios/battletech/default.toml").read_text("utf-8"))
    table["victory"] = {"kind": "destroy", "turns": 3}
    setup = attrs.evolve(RULESET.make_setup(table), computer=("", "balanced"))
    rng = random.Random(seed)  # noqa: S311 - a game policy, not cryptography
    undone = False
    pending: Any = None
    with Journal.create(path, RULESET, setup, created=CREATED, seed=seed) as journal:
        for _ in range(MAX_COMMANDS):
            game = journal.game
            state = game.state
            if state.phase is Phase.OVER:
                return
            due = game.seats_to_act
            if 0 in due:
                command = aggressive(state, rng)
                if command is None:
                    raise SystemExit(f"no command in {state.phase}")
                outcome = _accepted(journal.execute(command), repr(command))
                if isinstance(command, Move) and not outcome.entry.rolled and not undone:
                    undone = True
                    pending = command
                continue
            decision = decide(state, "balanced", rng)
            if decision.command is None:
                raise SystemExit(f"no computer command in {state.phase}")
            _accepted(journal.execute(decision.command, seat=1, note=decision.reason), "computer")
            if undone and pending is not None and 0 in game.seats_to_act:
                count = game.own_undo({0})
                if isinstance(count, int):
                    for _ in range(count):
                        _accepted(journal.undo(), "undo")
                    _accepted(journal.execute(pending), repr(pending))
                pending = None
    raise SystemExit("the BattleTech game did not end")


def _replay(journal: Journal, rng: random.Random) -> Callable[[], object]:
    from engine.battletech.bot.builtin import aggressive  # noqa: PLC0415

    def play() -> None:
        command = aggressive(journal.game.state, rng)
        if command is None:
            raise SystemExit("no command after the undo")
        _accepted(journal.execute(command), repr(command))

    return play


# ------------------------------------------------------------------------------ Paper 'Mech
def papermech(path: Path, seed: int, scenario: str, battles: int) -> None:
    """A bundled scenario played by ``greedy``, with ``battles`` battles.

    The third command is undone and redone, the fifth undone and replaced (solo undo crosses dice).
    """
    from engine.game import UndoPolicy  # noqa: PLC0415
    from engine.papermech import RULESET, legal_commands  # noqa: PLC0415
    from engine.papermech.policies import GreedyPolicy  # noqa: PLC0415

    table = tomllib.loads((ROOT / f"assets/scenarios/papermech/{scenario}.toml").read_text("utf-8"))
    table["battles"] = battles
    setup = RULESET.make_setup(table)
    rng = random.Random(seed)  # noqa: S311 - a game policy, not cryptography
    policy = GreedyPolicy()

    def play() -> None:
        state = journal.game.state
        command = policy.choose(state, legal_commands(state), rng)
        _accepted(journal.execute(command), repr(command))

    with Journal.create(
        path, RULESET, setup, created=CREATED, seed=seed, undo_policy=UndoPolicy.SOLO, **_keep()
    ) as journal:
        for count in range(MAX_COMMANDS):
            if journal.game.summary.over:
                return
            play()
            if count in {2, 4}:
                _undo_redo(journal, replace=None if count == 2 else play)
    raise SystemExit("the Paper 'Mech game did not end")


def battletech_orders(path: Path, seed: int) -> None:
    """The default scenario (3-turn limit), ``aggressive``, with heat sinks switched (schema 5).

    Before the initiative of turn 2 the first 'Mech on the map switches 3 heat sinks off
    (`SwitchHeatSinks`, BT-C-52); before turn 3 it switches them back on.
    """
    from engine.battletech import RULESET  # noqa: PLC0415 - after the library is installed
    from engine.battletech.bot.builtin import aggressive  # noqa: PLC0415
    from engine.battletech.commands import SwitchHeatSinks  # noqa: PLC0415
    from engine.battletech.state import Phase  # noqa: PLC0415
    from tui.battletech.library import install  # noqa: PLC0415

    install()
    table = tomllib.loads((ROOT / "assets/scenarios/battletech/default.toml").read_text("utf-8"))
    table["victory"] = {"kind": "destroy", "turns": 3}
    setup = RULESET.make_setup(table)
    rng = random.Random(seed)  # noqa: S311 - a game policy, not cryptography
    switched: set[int] = set()
    with Journal.create(path, RULESET, setup, created=CREATED, seed=seed, **_keep()) as journal:
        for _ in range(MAX_COMMANDS):
            state = journal.game.state
            if state.phase is Phase.OVER:
                return
            if state.phase is Phase.INITIATIVE and state.turn in {2, 3} - switched:
                switched.add(state.turn)
                unit = next(i for i, u in enumerate(state.units) if u.on_map)
                off = 3 if state.turn == 2 else 0
                _accepted(journal.execute(SwitchHeatSinks(unit, off)), "sinks")
                continue
            command = aggressive(state, rng)
            if command is None:
                raise SystemExit(f"no command in {state.phase}")
            _accepted(journal.execute(command), repr(command))
    raise SystemExit("the BattleTech game did not end")


def _aggressive_scenario(path: Path, seed: int, scenario: str, *, turns: int, what: str) -> None:
    """A bundled BattleTech scenario cut to ``turns``, both sides ``aggressive``, to its end."""
    from engine.battletech import RULESET  # noqa: PLC0415 - after the library is installed
    from engine.battletech.bot.builtin import aggressive  # noqa: PLC0415
    from engine.battletech.state import Phase  # noqa: PLC0415
    from tui.battletech.library import install  # noqa: PLC0415

    install()
    text = (ROOT / f"assets/scenarios/battletech/{scenario}.toml").read_text("utf-8")
    table = tomllib.loads(text)
    table["victory"] = {"kind": "destroy", "turns": turns}
    setup = RULESET.make_setup(table)
    rng = random.Random(seed)  # noqa: S311 - a game policy, not cryptography
    with Journal.create(path, RULESET, setup, created=CREATED, seed=seed, **_keep()) as journal:
        for _ in range(MAX_COMMANDS):
            state = journal.game.state
            if state.phase is Phase.OVER:
                return
            command = aggressive(state, rng)
            if command is None:
                raise SystemExit(f"no command in {state.phase}")
            _accepted(journal.execute(command), repr(command))
    raise SystemExit(f"the BattleTech {what} game did not end")


def battletech_night(path: Path, seed: int) -> None:
    """Schema 3 (issue 16): the bundled ``night-raid`` scenario with a 3-turn limit.

    Both sides play ``aggressive``: movement rolls, strays (NT-2/NT-3) and the night setup
    (visibility, a searchlight, lit buildings, care levels) are in the file.
    """
    _aggressive_scenario(path, seed, "night-raid", turns=3, what="night")


def battletech_environment(path: Path, seed: int) -> None:
    """Schema 6 (issue 15 item 4): the bundled ``frozen-lake`` scenario with a 3-turn limit.

    Both sides play ``aggressive``: the setup's ``environment`` (0.9 G, ice, swamp, frozen
    hexes), the ice rolls (``bt/ice_roll``) and the overspeed PSRs are in the file.
    """
    _aggressive_scenario(path, seed, "frozen-lake", turns=3, what="environment")


def battletech_jitter(path: Path) -> None:
    """Schema 7 (NT-4): a night game whose stray waits for the moving side's choice.

    The setup and scripted dice of `tests.engine.battletech.night_tie`: turn 1 the first shot of
    the night, turn 2 a stray roll's doubles with two enemies equally near (`JitterAsked`); Blue
    answers ``jitter 4`` (`ChooseJitterFirer`), the answer is undone and redone.
    """
    from engine.battletech import RULESET  # noqa: PLC0415
    from engine.battletech.nightcommands import ChooseJitterFirer  # noqa: PLC0415
    from tests.engine.battletech import night_tie  # noqa: PLC0415

    with Journal.create(
        path, RULESET, night_tie.SETUP, created=CREATED, scripted=night_tie.DICE, **_keep()
    ) as journal:
        for _ in range(MAX_COMMANDS):
            state = journal.game.state
            if state.night is not None and state.night.asking is not None:
                break
            command = night_tie.next_command(state)
            _accepted(journal.execute(command), repr(command))
        else:
            raise SystemExit("the BattleTech jitter game never asked")
        _accepted(journal.execute(ChooseJitterFirer(3)), "jitter 4")
        _undo_redo(journal)


def battletech_indirect(path: Path, seed: int) -> None:
    """Schema 9 (issue 15, BT-C-16/67): the bundled ``artillery`` scenario, 3-turn limit.

    Both sides play ``aggressive``: indirect LRM and Arrow IV fire through spotters (a shot's and
    an attack's ``spotter``), the spotters' penalty, shells landing and scattering.
    """
    _aggressive_scenario(path, seed, "artillery", turns=3, what="artillery")


def battletech_fire(path: Path, seed: int) -> None:
    """Schema 10 (issue 15 item 5): the bundled ``town-ablaze`` scenario with a 4-turn limit.

    Both sides play ``aggressive``: the setup's ``wind``, fires spreading and burning down
    (BT-C-60.5, BT-M-8.12), buildings losing CF, shielding the 'Mechs inside
    (``bt/building_shielded``) and collapsing on them (BT-M-41 #4) are in the file.
    """
    _aggressive_scenario(path, seed, "town-ablaze", turns=4, what="fire")


def battletech_equip(path: Path, seed: int) -> None:
    """Schema 8 (issue 15 item 1, BT-C-75): the bundled ``c3-lance`` scenario, 3 turns.

    Both sides play ``aggressive``, which runs a MASC 'Mech with its MASC on when the roll is a
    safe one: the file holds moves with ``masc`` and their rolls (``bt/masc``), and to-hit terms
    of the C3 network and of ECM.
    """
    _aggressive_scenario(path, seed, "c3-lance", turns=3, what="equipment")


def battletech_kinds(path: Path, seed: int) -> None:
    """Schema 15 (issue 20): the bundled ``city-fight`` scenario, 5 turns, both ``aggressive``.

    Battle armor, platoons, tanks and a VTOL against 'Mechs: the file holds the kinds' moves,
    hits and men lost (``bt/vehicle_hit``, ``bt/troopers_lost``, ``bt/trooper_hit``), and the
    anti-'Mech attacks the aggressive player makes (``bt/anti_mech_declared``...).
    """
    _aggressive_scenario(path, seed, "city-fight", turns=5, what="kinds")


# ------------------------------------------------------------------------------ Age of Destruction
def aod(path: Path, seed: int) -> None:
    """The demo scenario (AOD-26.16) cut to 3 rounds, both sides ``aggressive`` (issue 17).

    The first move that rolled no dice is undone and redone, the second undone and replaced by
    the player's next choice (hot-seat undo stops at dice), so the file has undo and redo markers.
    """
    from engine.aod.commands import MoveUnit  # noqa: PLC0415
    from engine.aod.policies import aggressive  # noqa: PLC0415
    from engine.aod.ruleset import DEMO_SCENARIO, RULESET  # noqa: PLC0415
    from tui.aod.library import install  # noqa: PLC0415

    install()
    setup = RULESET.make_setup({**DEMO_SCENARIO, "round_limit": 3})
    rng = random.Random(seed)  # noqa: S311 - a game policy, not cryptography

    def play() -> Accepted[Any, Any]:
        command = aggressive(journal.game.state, rng)
        if command is None:
            raise SystemExit("no AoD command")
        return _accepted(journal.execute(command), repr(command))

    moves = 0
    with Journal.create(path, RULESET, setup, created=CREATED, seed=seed, **_keep()) as journal:
        for _ in range(MAX_COMMANDS):
            if journal.game.summary.over:
                return
            outcome = play()
            command = outcome.entry.command
            if isinstance(command, MoveUnit) and not outcome.entry.rolled and moves < 2:
                moves += 1
                _undo_redo(journal, replace=None if moves == 1 else play)
    raise SystemExit("the AoD game did not end")


# ------------------------------------------------------------------------------ Dystopian Wars
def dystopian(path: Path, seed: int) -> None:
    """The demo scenario (DW-28.12 sample fleets) cut to 2 turns, both ``aggressive`` (issue 18).

    The first move that rolled no dice is undone and redone, the second undone and replaced by
    the player's next choice (hot-seat undo stops at dice), so the file has undo and redo markers.
    """
    from engine.dystopian.commands import MoveModel  # noqa: PLC0415
    from engine.dystopian.policies import aggressive  # noqa: PLC0415
    from engine.dystopian.ruleset import RULESET  # noqa: PLC0415
    from tui.dystopian.library import install  # noqa: PLC0415

    install()
    text = (ROOT / "assets" / "dystopian" / "scenarios" / "demo.dystopian.toml").read_text("utf-8")
    setup = RULESET.make_setup({**tomllib.loads(text), "turns": 2})
    rng = random.Random(seed)  # noqa: S311 - a game policy, not cryptography

    def play() -> Accepted[Any, Any]:
        command = aggressive(journal.game.state, rng)
        if command is None:
            raise SystemExit("no Dystopian Wars command")
        return _accepted(journal.execute(command), repr(command))

    moves = 0
    with Journal.create(path, RULESET, setup, created=CREATED, seed=seed, **_keep()) as journal:
        for _ in range(MAX_COMMANDS):
            if journal.game.summary.over:
                return
            outcome = play()
            command = outcome.entry.command
            if isinstance(command, MoveModel) and not outcome.entry.rolled and moves < 2:
                moves += 1
                _undo_redo(journal, replace=None if moves == 1 else play)
    raise SystemExit("the Dystopian Wars game did not end")


GAMES: dict[str, Callable[[Path], None]] = {
    "battletech": lambda path: battletech(path, seed=11),
    "battletech-s2-computer": lambda path: battletech_computer(path, seed=11),
    "battletech-s3-night": lambda path: battletech_night(path, seed=11),
    "battletech-s4-special": lambda path: battletech_special(path, seed=SPECIAL_SEED),
    "battletech-s5-orders": lambda path: battletech_orders(path, seed=11),
    "battletech-s6-environment": lambda path: battletech_environment(path, seed=11),
    "battletech-s7-jitter": battletech_jitter,
    "battletech-s8-equip": lambda path: battletech_equip(path, seed=14),
    "battletech-s9-indirect": lambda path: battletech_indirect(path, seed=INDIRECT_SEED),
    "battletech-s10-fire": lambda path: battletech_fire(path, seed=11),
    "battletech-s11-bodies": lambda path: battletech(path, seed=11),
    "battletech-s15-kinds": lambda path: battletech_kinds(path, seed=11),
    "papermech": lambda path: papermech(path, seed=5, scenario="default", battles=1),
    "papermech-campaign": lambda path: papermech(path, seed=8, scenario="campaign", battles=2),
    "aod": lambda path: aod(path, seed=17),
    "dystopian": lambda path: dystopian(path, seed=18),
}
"""Game name -> how to play it (the seeds were picked so the games hold what the README lists)."""


def expected_row(path: Path) -> dict[str, Any]:
    """The row of ``expected.json`` for a save: its final summary and size."""
    loaded = read_game(path.read_bytes(), path.name)
    summary = loaded.game.summary
    return {
        "ruleset": loaded.game.ruleset.name,
        "turn": summary.turn,
        "result": summary.result,
        "players": list(summary.players),
        "entries": loaded.game.cursor,
        "log": len(loaded.game.log),
    }


def main(argv: list[str]) -> int:
    """Write the games named (default: all) into a folder, and print their expected rows."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("names", nargs="*", help=f"games to play: {', '.join(GAMES)}")
    parser.add_argument(
        "--keep-every", type=int, default=0, help="a kept state every N entries (format 4)"
    )
    args = parser.parse_args(argv)
    KEEP["keep_every"] = args.keep_every
    unknown = set(args.names) - set(GAMES)
    if unknown:
        parser.error(f"unknown games: {', '.join(sorted(unknown))}")
    rows = {}
    for name in args.names or list(GAMES):
        path = args.folder / f"v{migrations.CURRENT_VERSION}-{name}.jsonl"
        GAMES[name](path)
        rows[path.name] = expected_row(path)
    print(json.dumps(rows, indent=2))  # noqa: T201 - the rows to add to expected.json
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
