"""The ``hexmech`` command line: the TUI, headless play and the save tools (DESIGN 3).

Exit codes: 0 success, 1 a game-level failure (scripted dice ran out, an internal error during
play), 2 bad input (arguments, files) with a one-line message on standard error.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import tomllib
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import attrs

from engine import registry
from engine.dice import Dice, DiceExhaustedError, DiceSource, ScriptedDice
from engine.game import Accepted, Event, Game, IllegalCommand, Rejected, UndoPolicy
from saves.codec import make_converter
from saves.journal import Journal, SaveError, read_game
from saves.store import default_saves_dir, list_saves, new_save_path

ASSETS = Path(__file__).resolve().parent.parent / "assets"
RULESETS_ENV = "HEXMECH_RULESETS"

KERNEL_HELP = """\
These words work in every game:
  undo        take back the last command (not past a dice roll in hot-seat play)
  redo        apply again what undo took back
  help        this text
Lines that are empty or start with # are ignored."""


class UsageError(Exception):
    """Bad input from the person at the keyboard: reported in one line, exit 2."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hexmech`` command; return its exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        _load_extra_rulesets(os.environ.get(RULESETS_ENV, ""))
        handler: Callable[[argparse.Namespace], int] = args.handler
        return handler(args)
    except (UsageError, SaveError, registry.UnknownRulesetError) as exc:
        print(f"hexmech: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hexmech",
        description="Mech wargames in the terminal. Without a command, opens the main menu.",
    )
    parser.add_argument("--version", action="version", version="hexmech 0.1.0")
    parser.add_argument(
        "--saves", type=Path, metavar="DIR", help="where saved games live (default: user data dir)"
    )
    parser.add_argument("--mono", action="store_true", help="monochrome screen (also: NO_COLOR)")
    parser.add_argument(
        "--units",
        type=Path,
        action="append",
        metavar="DIR",
        help="another folder of BattleTech unit files (.mtf); may be given again",
    )
    parser.set_defaults(handler=_cmd_menu)
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")

    play = sub.add_parser("play", help="start a new game (the TUI, or --headless JSON lines)")
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
    play.set_defaults(handler=_cmd_play)
    _add_saves_option(play)
    play.add_argument(
        "--units",
        type=Path,
        action="append",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help=argparse.SUPPRESS,
    )

    helper = sub.add_parser("help", help="show help on a topic: commands")
    helper.add_argument("topic", nargs="?", choices=["commands"], default=None)
    helper.add_argument("--ruleset", metavar="NAME", help="only this ruleset's commands")
    helper.set_defaults(handler=_cmd_help, parser=parser)

    from tui.watch_command import add_watch_parsers  # noqa: PLC0415 - replay and browse

    add_watch_parsers(sub)

    inspect = sub.add_parser("inspect", help="print one JSON summary of a save")
    inspect.add_argument("save", type=Path, metavar="SAVE")
    inspect.set_defaults(handler=_cmd_inspect)

    saves = sub.add_parser("saves", help="list saved games")
    saves.set_defaults(handler=_cmd_saves)
    _add_saves_option(saves)

    scores = sub.add_parser("scores", help="show the Paper 'Mech high-score table")
    scores.add_argument("--json", action="store_true", help="print a JSON array, best first")
    scores.set_defaults(handler=_cmd_scores)
    _add_saves_option(scores)

    validate = sub.add_parser("validate", help="check unit (.mtf) and board (.board) files")
    validate.add_argument("files", nargs="+", type=Path, metavar="FILE", help="a file or folder")
    validate.add_argument("--quiet", action="store_true", help="hide warnings")
    validate.set_defaults(handler=_cmd_validate)

    from tui.sim import add_sim_parser  # noqa: PLC0415 - tui.sim imports this module's UsageError

    add_sim_parser(sub)

    from tui.ssh.command import add_serve_parser  # noqa: PLC0415 - asyncssh loads only in `serve`

    add_serve_parser(sub)
    return parser


def _add_saves_option(parser: argparse.ArgumentParser) -> None:
    """Accept ``--saves DIR`` after the subcommand too, without hiding one given before it."""
    parser.add_argument(
        "--saves", type=Path, metavar="DIR", default=argparse.SUPPRESS, help=argparse.SUPPRESS
    )


def _load_extra_rulesets(specs: str) -> None:
    for spec in filter(None, (s.strip() for s in specs.split(","))):
        registry.resolve(spec)


def _saves_dir(args: argparse.Namespace) -> Path:
    return args.saves if args.saves is not None else default_saves_dir()


def _install_library(args: argparse.Namespace) -> None:
    """Give BattleTech its files: the bundled units and boards, the user's, ``--units`` DIRs.

    The user's folders are ``units`` and ``boards`` in the user data directory.
    """
    from tui.battletech.library import install  # noqa: PLC0415 - only game commands

    folders: list[Path] = getattr(args, "units", None) or []
    for folder in folders:
        if not folder.is_dir():
            raise UsageError(f"--units {folder}: no such folder")
    install(folders)


# ---------------------------------------------------------------------------------- the menu
def _cmd_menu(args: argparse.Namespace) -> int:
    from tui.app import run_app  # noqa: PLC0415 - Textual loads only when the TUI is wanted

    _install_library(args)
    run_app(_saves_dir(args), mono=args.mono)
    return 0


# ---------------------------------------------------------------------------------- play
def _cmd_play(args: argparse.Namespace) -> int:
    if not args.headless and args.ruleset is None:
        return _cmd_menu(args)
    _install_library(args)
    if not args.headless:
        return _play_tui(args)
    if args.save is not None and args.save.exists():
        journal = _continue(args)
        return _run_headless(journal, journal.game, sys.stdin, sys.stdout)
    if args.ruleset is None:
        raise UsageError("headless play needs --ruleset NAME (or --save of an existing game)")
    ruleset = registry.resolve(args.ruleset)
    setup = _setup(ruleset, args.scenario)
    scripted = _parse_dice(args.dice)
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    policy = UndoPolicy(args.undo or UndoPolicy.HOTSEAT)
    if args.save is None:
        dice: DiceSource = Dice(seed) if scripted is None else ScriptedDice(scripted)
        game: Game[Any, Any, Any, Any] = Game(ruleset, setup, dice, undo_policy=policy)
        return _run_headless(game, game, sys.stdin, sys.stdout)
    journal = Journal.create(
        args.save,
        ruleset,
        setup,
        created=datetime.now(UTC),
        seed=None if scripted else seed,
        scripted=scripted,
        undo_policy=policy,
    )
    return _run_headless(journal, journal.game, sys.stdin, sys.stdout)


def _play_tui(args: argparse.Namespace) -> int:
    """Open the game's screen over the menu: a new game from the options, or ``--save`` resumed."""
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
        setup = _setup(ruleset, args.scenario)
        scripted = _parse_dice(args.dice)
        created = datetime.now(UTC)
        path = args.save or new_save_path(_saves_dir(args), ruleset.name, created)
        Journal.create(
            path,
            ruleset,
            setup,
            created=created,
            seed=None
            if scripted
            else (args.seed if args.seed is not None else secrets.randbits(63)),
            scripted=scripted,
            undo_policy=UndoPolicy(args.undo or UndoPolicy.HOTSEAT),
        ).close()
    run_app(_saves_dir(args), mono=args.mono, first=lambda: ui.open_game(path))
    return 0


def _continue(args: argparse.Namespace) -> Journal:
    if args.scenario or args.seed is not None or args.dice or args.undo:
        raise UsageError(
            f"{args.save} is an existing game: --scenario, --seed, --dice and --undo "
            "cannot change it (name a new file to start a new game)"
        )
    journal = Journal.open(args.save)
    if args.ruleset and registry.resolve(args.ruleset) is not journal.game.ruleset:
        journal.close()
        raise UsageError(f"{args.save} is a {journal.game.ruleset.name} game, not {args.ruleset}")
    for warning in journal.warnings:
        print(f"hexmech: warning: {warning}", file=sys.stderr)
    return journal


def _setup(ruleset: Any, scenario: str | None) -> Any:  # noqa: ANN401 - any ruleset's setup
    if scenario is None:
        return ruleset.make_setup(None)
    path = Path(scenario)
    if not path.is_file():
        path = ASSETS / "scenarios" / ruleset.name / f"{scenario}.toml"
    if not path.is_file():
        folder = ASSETS / "scenarios" / ruleset.name
        known = sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []
        raise UsageError(
            f"no scenario {scenario!r} for {ruleset.name} (known: {', '.join(known) or 'none'})"
        )
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))
        return ruleset.make_setup(table)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, TypeError) as exc:
        raise UsageError(f"{path}: {exc}") from exc


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


def _run_headless(
    target: Journal | Game[Any, Any, Any, Any],
    game: Game[Any, Any, Any, Any],
    stdin: IO[str],
    stdout: IO[str],
) -> int:
    """Read commands line by line; write each event (or error) as one JSON line (DESIGN 3)."""
    conv = make_converter(game.ruleset)

    def emit(data: object) -> None:
        stdout.write(json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n")
        stdout.flush()

    try:
        for raw in stdin:
            text = raw.strip()
            if not text or text.startswith("#"):
                continue
            if text.split()[0].lower() == "help":
                emit({"help": f"{KERNEL_HELP}\n\n{game.ruleset.command_help}"})
                continue
            for line in _outcome_lines(_headless_step(target, game, text), conv):
                emit(line)
    except DiceExhaustedError as exc:
        emit({"error": str(exc), "code": "dice/exhausted"})
        return 1
    except Exception as exc:  # noqa: BLE001 - a bug must not cost the game: the save is intact
        emit({"error": f"internal error: {type(exc).__name__}: {exc}", "code": "internal"})
        return 1
    finally:
        if isinstance(target, Journal):
            target.close()
    return 0


def _outcome_lines(outcome: Accepted[Any, Any] | Rejected, conv: Any) -> list[object]:  # noqa: ANN401
    """Return the JSON lines that report one outcome: events, a marker, or an error."""
    if isinstance(outcome, Rejected):
        return [{"error": outcome.reason, "code": str(outcome.code)}]
    if outcome.action == "execute":
        return [conv.unstructure(event, Event) for event in outcome.entry.events]
    return [{"op": outcome.action, "n": outcome.index}]


def _headless_step(
    target: Journal | Game[Any, Any, Any, Any], game: Game[Any, Any, Any, Any], text: str
) -> Accepted[Any, Any] | Rejected:
    """Carry out one line: undo, redo, or a command of the ruleset's language."""
    word = text.split(maxsplit=1)[0].lower()
    if word == "undo":
        return target.undo()
    if word == "redo":
        return target.redo()
    try:
        command = game.ruleset.parse_command(text, game.state)
    except IllegalCommand as illegal:
        return Rejected(illegal.code, illegal.message)
    return target.execute(command)


# ---------------------------------------------------------------------------------- help
def _cmd_help(args: argparse.Namespace) -> int:
    if args.topic is None:
        args.parser.print_help()
        return 0
    names = [args.ruleset] if args.ruleset else list(registry.available())
    parts = [KERNEL_HELP]
    for name in names:
        ruleset = registry.resolve(name)
        parts.append(
            f"{ruleset.title} (--ruleset {ruleset.name}):\n{_indent(ruleset.command_help)}"
        )
    if not args.ruleset and not registry.available():
        parts.append("No ruleset is installed yet.")
    print("\n\n".join(parts))
    return 0


def _indent(text: str) -> str:
    return "\n".join(f"  {line}" if line else line for line in text.splitlines())


# ---------------------------------------------------------------------------------- saves
def _cmd_inspect(args: argparse.Namespace) -> int:
    path: Path = args.save
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"{path}: {exc.strerror or exc}") from exc
    loaded = read_game(data, str(path))
    game, summary = loaded.game, loaded.game.summary
    report = {
        "file": str(path),
        "ruleset": game.ruleset.name,
        "title": game.ruleset.title,
        "format_version": loaded.header["version"],
        "created": loaded.header.get("created"),
        "seed": loaded.header.get("seed"),
        "undo": str(game.undo_policy),
        "entries": game.cursor,
        "redo": len(game.log) - game.cursor,
        "turn": summary.turn,
        "status": summary.status,
        "result": summary.result,
        "players": list(summary.players),
        "warnings": list(loaded.warnings),
    }
    print(json.dumps(report, ensure_ascii=False))
    return 0


def _cmd_saves(args: argparse.Namespace) -> int:
    from rich import box  # noqa: PLC0415 - only this command draws a table
    from rich.console import Console  # noqa: PLC0415
    from rich.table import Table  # noqa: PLC0415

    directory = _saves_dir(args)
    infos = list_saves(directory)
    console = Console()
    if not infos:
        console.print(f"No saved games in {directory}.")
        return 0
    # Light borders and a file column that folds, so the table reads at 80 columns.
    table = Table(
        title=f"Saved games in {directory}",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    for column in ("file", "game", "started", "turn", "status", "players", "size"):
        table.add_column(
            column,
            no_wrap=column in {"started", "size"},
            overflow="fold" if column == "file" else "ellipsis",
            min_width=6 if column in {"game", "status"} else None,
        )
    for info in infos:
        started = f"{info.created:%Y-%m-%d %H:%M}" if info.created else "-"
        status = info.result or info.status
        if info.error:
            status = f"damaged: {info.error}"
        table.add_row(
            info.path.name,
            info.title,
            started,
            info.turn,
            status,
            " v ".join(info.players),
            _size(info.size),
        )
    console.print(table)
    return 0


def _cmd_scores(args: argparse.Namespace) -> int:
    """Print the high-score tables; a damaged file is a warning on stderr, not a failure."""
    from rich.console import Console  # noqa: PLC0415 - only this command draws a table

    from tui import registry as interfaces  # noqa: PLC0415

    books = interfaces.score_books()
    tables = [(book, book.path_for(_saves_dir(args))) for book in books]
    loaded = [(book, path, book.load(path)) for book, path in tables]
    for _, _, scores in loaded:
        if scores.warning is not None:
            print(f"hexmech: warning: {scores.warning}", file=sys.stderr)
    if args.json:
        rows = [
            {"rank": rank, **attrs.asdict(entry)}
            for _, _, scores in loaded
            for rank, entry in enumerate(scores.entries, 1)
        ]
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    console = Console()
    for book, path, scores in loaded:
        if not scores.entries:
            print(f"No scores yet in {path}.")
        else:
            console.print(_score_table(book, path, scores.entries))
    return 0


def _score_table(book: Any, path: Path, entries: Sequence[Any]) -> Any:  # noqa: ANN401
    from rich import box  # noqa: PLC0415 - only this command draws a table
    from rich.table import Table  # noqa: PLC0415
    from rich.text import Text  # noqa: PLC0415

    # Light borders, so that at 80 columns the long texts keep a column of their own to wrap in.
    table = Table(
        title=Text(f"High scores in {path}"),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
    )
    for column in book.columns:
        justify = "right" if column in book.numeric else "left"
        table.add_column(column, justify=justify, no_wrap=column not in book.wrap)
    for rank, entry in enumerate(entries, 1):
        table.add_row(*(Text(cell) for cell in book.cells(rank, entry)))
    return table


# ---------------------------------------------------------------------------------- validate
def _cmd_validate(args: argparse.Namespace) -> int:
    """One line a file: ``ok  NAME (summary)`` or ``FILE:LINE: reason``; exit 2 if any is bad."""
    from tui.battletech.validate import check_paths, report_lines  # noqa: PLC0415 - only this command

    results = check_paths(args.files)
    for line in report_lines(results, quiet=args.quiet):
        print(line)
    return 0 if all(result.ok for result in results) else 2


def _size(n: int) -> str:
    return f"{n} B" if n < 1024 else f"{n / 1024:.1f} KiB"  # noqa: PLR2004


if __name__ == "__main__":  # pragma: no cover
    # Run the importable module's main, not this __main__ copy: subcommand modules (tui.sim) raise
    # tui.cli.UsageError, which this copy's main would not recognise (`python -m tui.cli`).
    from tui.cli import main as _main

    sys.exit(_main())
