"""``hexmech`` (the main menu) and ``hexmech play``: a new game or a save, in the TUI or headless.

``play --headless`` reads commands on standard input and writes events as JSON lines
(`tui.commands._headless`); without ``--headless`` the game's screen opens over the menu, through
its interface (`tui.registry`). Textual and the rulesets are imported only inside the handlers.

``--computer SIDE[,SIDE]`` gives sides to the computer, by number from 1 or by the scenario's
names, with ``--personality`` (issue 21), for a ruleset whose interface has a computer player
(its ``computer`` spec): the setup keeps it, so the save does too.
"""

from __future__ import annotations

import argparse
import secrets
import sys
import tomllib
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.game import UndoPolicy
from tui.commands._shared import add_saves_option, install_data, saves_dir
from tui.commands.errors import UsageError

if TYPE_CHECKING:
    from engine.game import Game
    from saves.journal import Journal

__all__ = ["ASSETS", "add_parser", "cmd_menu", "cmd_play"]

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"
"""The bundled files: ``scenarios/<ruleset>/NAME.toml`` for ``--scenario NAME``."""


def add_parser(subparsers: Any) -> None:  # noqa: ANN401 - argparse's private type
    """Add ``play`` to the ``hexmech`` subcommands."""
    play = subparsers.add_parser(
        "play", help="start a new game (the TUI, or --headless JSON lines)"
    )
    play.add_argument("--headless", action="store_true", help="commands on stdin, events as JSON")
    play.add_argument("--ruleset", metavar="NAME", help="a ruleset name, or module:attribute")
    play.add_argument("--scenario", metavar="S", help="a scenario name or .toml file")
    play.add_argument("--seed", type=int, metavar="N", help="dice seed (default: random)")
    play.add_argument("--dice", metavar="3,5,...", help="force these die values, in order")
    play.add_argument(
        "--save", type=Path, metavar="PATH", help="journal file (continued if it exists)"
    )
    play.add_argument(
        "--undo", choices=[p.value for p in UndoPolicy], default=None, help="undo policy"
    )
    play.add_argument(
        "--computer",
        metavar="SIDE[,SIDE]",
        help="sides the computer plays: numbers from 1 or the scenario's names",
    )
    play.add_argument(
        "--personality",
        metavar="NAME",
        help="the computer's personality: cautious, balanced (default) or aggressive",
    )
    play.set_defaults(handler=cmd_play)
    add_saves_option(play)
    play.add_argument(
        "--units",
        type=Path,
        action="append",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help=argparse.SUPPRESS,
    )


def cmd_menu(args: argparse.Namespace) -> int:
    """Open the main menu (``hexmech`` without a command)."""
    from tui.app import run_app  # noqa: PLC0415 - Textual loads only when the TUI is wanted

    install_data(args)
    run_app(saves_dir(args), mono=args.mono)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Play: the menu without ``--ruleset``, the game's screen, or headless JSON lines."""
    if not args.headless and args.ruleset is None:
        return cmd_menu(args)
    from saves.journal import JournalWriteError  # noqa: PLC0415

    install_data(args)
    try:
        if not args.headless:
            return _play_tui(args)
        return _play_headless(args)
    except JournalWriteError as exc:  # in use, a full disk, no permission: what failed, what to do
        print(f"hexmech: {exc}", file=sys.stderr)  # noqa: T201 - the one-line report
        return 1


def _play_headless(args: argparse.Namespace) -> int:
    from engine import registry  # noqa: PLC0415 - the ruleset loads only now
    from engine.dice import Dice, DiceSource, ScriptedDice  # noqa: PLC0415
    from engine.game import Game  # noqa: PLC0415
    from saves.journal import Journal  # noqa: PLC0415
    from tui.commands._headless import run_headless  # noqa: PLC0415

    if args.save is not None and args.save.exists():
        journal = _continue(args)
        computers = _computers(journal.game)
        return run_headless(journal, journal.game, sys.stdin, sys.stdout, computers=computers)
    if args.ruleset is None:
        raise UsageError("headless play needs --ruleset NAME (or --save of an existing game)")
    ruleset = registry.resolve(args.ruleset)
    setup = _with_computer(ruleset, _setup(ruleset, args.scenario), args)
    scripted = _parse_dice(args.dice)
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    policy = UndoPolicy(args.undo or UndoPolicy.HOTSEAT)
    if args.save is None:
        dice: DiceSource = Dice(seed) if scripted is None else ScriptedDice(scripted)
        game: Game[Any, Any, Any, Any] = Game(ruleset, setup, dice, undo_policy=policy)
        return run_headless(game, game, sys.stdin, sys.stdout, computers=_computers(game))
    journal = Journal.create(
        args.save,
        ruleset,
        setup,
        created=datetime.now(UTC),
        seed=None if scripted else seed,
        scripted=scripted,
        undo_policy=policy,
    )
    computers = _computers(journal.game)
    return run_headless(journal, journal.game, sys.stdin, sys.stdout, computers=computers)


def _play_tui(args: argparse.Namespace) -> int:
    """Open the game's screen over the menu: a new game from the options, or ``--save`` resumed."""
    from engine import registry  # noqa: PLC0415 - the ruleset loads only now
    from saves.journal import Journal  # noqa: PLC0415
    from saves.store import new_save_path  # noqa: PLC0415
    from tui import registry as interfaces  # noqa: PLC0415
    from tui.app import run_app  # noqa: PLC0415 - Textual loads only when the TUI is wanted

    ruleset = registry.resolve(args.ruleset)
    ui = interfaces.get(ruleset.name)
    if ui is None:
        raise UsageError(f"the {ruleset.title} screen is not available yet; use --headless")
    if args.save is not None and args.save.exists():
        _continue(args).close()  # the same checks as headless; the screen opens it again
        path = args.save
    else:
        setup = _with_computer(ruleset, _setup(ruleset, args.scenario), args)
        scripted = _parse_dice(args.dice)
        created = datetime.now(UTC)
        path = args.save or new_save_path(saves_dir(args), ruleset.name, created)
        seed = args.seed if args.seed is not None else secrets.randbits(63)
        Journal.create(
            path,
            ruleset,
            setup,
            created=created,
            seed=None if scripted else seed,
            scripted=scripted,
            undo_policy=UndoPolicy(args.undo or UndoPolicy.HOTSEAT),
        ).close()
    run_app(saves_dir(args), mono=args.mono, first=lambda: ui.open_game(path))
    return 0


def _continue(args: argparse.Namespace) -> Journal:
    from engine import registry  # noqa: PLC0415
    from saves.journal import Journal  # noqa: PLC0415

    if args.scenario or args.seed is not None or args.dice or args.undo:
        raise UsageError(
            f"{args.save} is an existing game: --scenario, --seed, --dice and --undo "
            "cannot change it (name a new file to start a new game)"
        )
    if args.computer or args.personality:
        raise UsageError(
            f"{args.save} is an existing game: it says who plays each side already "
            "(--computer and --personality cannot change it)"
        )
    journal = Journal.open(args.save)
    if args.ruleset and registry.resolve(args.ruleset) is not journal.game.ruleset:
        journal.close()
        raise UsageError(f"{args.save} is a {journal.game.ruleset.name} game, not {args.ruleset}")
    for warning in journal.warnings:
        print(f"hexmech: warning: {warning}", file=sys.stderr)  # noqa: T201
    return journal


def _with_computer(ruleset: Any, setup: Any, args: argparse.Namespace) -> Any:  # noqa: ANN401
    """The setup with ``--computer``'s sides given to the computer (``--personality``'s)."""
    computer = getattr(args, "computer", None)
    personality = getattr(args, "personality", None)
    if computer is None:
        if personality is not None:
            raise UsageError("--personality needs --computer SIDE (the sides the computer plays)")
        return setup
    player = _computer_player(ruleset)
    if player is None:
        raise UsageError(f"--computer: {ruleset.title} has no computer player")
    personality = personality or player.default
    if personality not in player.personalities:
        known = ", ".join(player.personalities)
        raise UsageError(f"--personality: no personality {personality!r} (known: {known})")
    try:
        return player.seat(setup, computer, personality)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _computer_player(ruleset: Any) -> Any:  # noqa: ANN401 - the interface's computer, or None
    """The ruleset's computer player, through its interface's ``computer`` spec (`tui.registry`)."""
    from tui import registry as interfaces  # noqa: PLC0415 - the interfaces load no screen

    ui = interfaces.get(ruleset.name)
    spec = getattr(ui, "computer", None) if ui is not None else None
    return None if spec is None else interfaces.load(spec)


def _computers(game: Game[Any, Any, Any, Any]) -> Any:  # noqa: ANN401 - Computers or None
    """The computer's seats of a game for headless play, or None when people play every side."""
    from tui.commands._headless import Computers  # noqa: PLC0415

    player = _computer_player(game.ruleset)
    if player is None or not player.plays(game):
        return None
    return Computers(
        persons=player.persons(game),
        due=player.due,
        decide=player.decide,
        describe=player.describe,
    )


def _bundled(name: str) -> dict[str, Path]:
    """The bundled scenarios of ruleset ``name``, by name.

    ``scenarios/NAME/S.toml``, or ``NAME/scenarios/S.NAME.toml`` for a ruleset whose files carry
    its own suffix (AoD's ``.aod.toml``).
    """
    found = {p.stem: p for p in (ASSETS / "scenarios" / name).glob("*.toml")}
    suffix = f".{name}.toml"
    for path in (ASSETS / name / "scenarios").glob(f"*{suffix}"):
        found[path.name.removesuffix(suffix)] = path
    return found


def _setup(ruleset: Any, scenario: str | None) -> Any:  # noqa: ANN401 - any ruleset's setup
    if scenario is None:
        return ruleset.make_setup(None)
    path = Path(scenario)
    if not path.is_file():
        path = _bundled(ruleset.name).get(scenario, path)
    if not path.is_file():
        known = sorted(_bundled(ruleset.name))
        raise UsageError(
            f"no scenario {scenario!r} for {ruleset.name} (known: {', '.join(known) or 'none'})"
        )
    from saves.text import printable  # noqa: PLC0415 - the command's own imports

    # A ruleset that reads the text itself (`setup_from_text`) places its errors on their lines:
    # its error's ``where(FILE)`` is ``FILE:LINE: reason``.
    from_text = getattr(ruleset, "setup_from_text", None)
    try:
        text = path.read_text(encoding="utf-8")
        if from_text is not None:
            return from_text(text)
        return ruleset.make_setup(tomllib.loads(text))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, TypeError) as exc:
        where = getattr(exc, "where", None)
        if callable(where):
            raise UsageError(where(str(path))) from exc  # escaped by the error itself
        raise UsageError(printable(f"{path}: {exc}")) from exc  # the file's keys, escaped
    except RecursionError:  # tomllib on lists or tables nested thousands deep
        raise UsageError(printable(f"{path}: lists or tables nested too deeply")) from None


def _parse_dice(text: str | None) -> tuple[int, ...] | None:
    if text is None:
        return None
    try:
        values = tuple(int(v) for v in text.replace(" ", "").split(",") if v)
    except ValueError:
        raise UsageError(f"--dice takes whole numbers separated by commas, not {text!r}") from None
    if not values or min(values) < 1:
        raise UsageError("--dice takes at least one die value, each 1 or more")
    return values
