"""Garbage on Dystopian Wars' command line and bad files on its command line: one clean line each.

DESIGN 3: an illegal command is one ``{"error", "code"}`` line and play goes on; bad input to
``hexmech`` is one ``hexmech: ...`` line and exit 2, never a traceback. The language's words, the
game's model names, hexes, numbers, control characters, cut-off and spliced legal commands go
through ``parse_command`` and ``decide`` at states all along a game of the sample fleets
(DW-28.12): a command, or an `IllegalCommand` of one clean line, nothing else.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest

from engine.dice import Dice
from engine.dystopian.evolve import evolve
from engine.dystopian.language import format_command
from engine.dystopian.policies import aggressive
from engine.dystopian.rules import decide, legal_commands
from engine.dystopian.state import DWState
from engine.game import IllegalCommand
from tests.engine.dystopian._assets import fleets
from tests.engine.dystopian._game import ruleset, setup
from tests.fuzz._fuzz import clean, per_file, run_reader
from tests.tui.test_cli import hexmech

RULES = ruleset()
WORDS = (
    "roll", "edge", "top", "bottom", "left", "deploy", "activate", "element", "move", "fire",
    "at", "end", "pass", "board", "home", "play", "on", "generate", "launch", "fly", "off",
    "attack", "land", "cap", "stay", "stop", "restart", "reverse", "stop-reversing", "surface",
    "flying", "obscured", "submerged", "reroll", "ram", "primary", "secondary", "rocket",
    "torpedo", "bomb", "fore-turret", "N", "NE", "SW", "x", "0", "-1", "9" * 30, "0101", "3624",
    "9999", "0000", "FFRF", "BBBB", "F" * 40, "R" * 500, ":", ",", ",,", "1,2", "a:3", ":3",
    ":-1", ":" + "9" * 20, "\x00", "\x1b[2J", "\u202e", "\u0663", "1.5", "shield", "upg",
    "tesla", "steady_gunners", "help", "undo",
)  # fmt: skip


@cache
def states() -> tuple[DWState, ...]:
    """Every state of a two-turn game of the aggressive player (carrier group v naval fleet)."""
    state = DWState.start(setup(fleets()["Sample carrier group"], fleets()["Sample naval fleet"]))
    rng = random.Random(18)  # noqa: S311 - the player's choices, seeded
    dice = Dice(18)
    found: list[DWState] = []
    while state.result is None and len(found) < 500:
        found.append(state)
        command = aggressive(state, rng)
        assert command is not None
        for event in decide(state, command, dice):
            state = evolve(state, event)
    return (*found, state)


def lines(count: int, seed: int) -> list[tuple[str, tuple[DWState, str]]]:
    """``count`` (label, (state, line)) pairs: word salad, and legal commands cut or spliced."""
    rng = random.Random(seed)  # noqa: S311 - a seeded corpus
    every = states()
    items = []
    for number in range(count):
        state = rng.choice(every)
        names = [m.ident for m in state.models] + [w.ident for w in state.wings]
        pool = [*WORDS, *names, f"{rng.choice(names)}:{rng.randint(-2, 30)}"]
        listed = legal_commands(state)
        if listed and rng.random() < 0.4:
            words = format_command(rng.choice(listed)).split()
            at = rng.randrange(len(words) + 1)
            match rng.randrange(3):
                case 0:
                    words.insert(at, rng.choice(pool))
                case 1:
                    words[min(at, len(words) - 1)] = rng.choice(pool)
                case _:
                    words = words[:at] or [rng.choice(pool)]
            text = " ".join(words)
        else:
            text = " ".join(rng.choice(pool) for _ in range(rng.randint(1, 7)))
        items.append((f"#{number} {text!r:.80}", (state, text)))
    return items


def _parse_and_decide(item: tuple[DWState, str]) -> object:
    state, text = item
    return decide(state, RULES.parse_command(text, state), Dice(1))


def test_garbage_lines_are_parsed_or_refused_in_one_line() -> None:
    """``parse_command`` then ``decide``: events, or one clean `IllegalCommand` line."""
    items = lines(per_file(600), seed=18)
    failures = run_reader("dystopian: commands", items, _parse_and_decide, IllegalCommand)
    assert not failures, "\n".join(failures[:10])


def test_headless_play_answers_garbage_with_error_lines(race_env: dict[str, str]) -> None:
    """``hexmech play --headless``: each bad line one JSON error; the good ones still play."""
    garbage = [text for _, (_, text) in lines(40, seed=5) if text.strip()]
    stdin = "\n".join(["hello", "roll", *garbage, "edge top", "edge sideways", "undo"]) + "\n"
    args = ["play", "--headless", "--ruleset", "dystopian", "--scenario", "demo", "--seed", "4"]

    result = hexmech(args, race_env, stdin)

    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = [json.loads(line) for line in result.stdout.splitlines()]
    errors = [o for o in out if "error" in o]
    assert errors
    assert not [o for o in errors if o["code"] == "internal"]
    assert all(clean(o["error"]) is None for o in errors)
    assert any(o.get("type") == "dw_rolled_off" for o in out)


def test_a_bad_scenario_on_the_command_line_is_one_line(
    race_env: dict[str, str], tmp_path: Path
) -> None:
    """``--scenario FILE``, its players no tables: ``hexmech: FILE:LINE: reason``, exit 2."""
    bad = tmp_path / "bad.dystopian.toml"
    bad.write_text('title = "x"\nplayers = [1, 2]\n', encoding="utf-8")
    args = ["play", "--headless", "--ruleset", "dystopian", "--scenario", str(bad)]

    result = hexmech(args, race_env, "")

    assert result.returncode == 2
    assert result.stderr == f"hexmech: {bad}:2: players: expected a list of tables\n"


def test_validate_names_each_damaged_file_in_one_line(
    race_env: dict[str, str], tmp_path: Path
) -> None:
    """``hexmech validate``: a fleet, a model and a catalogue file, damaged; one line each."""
    root = Path(__file__).resolve().parents[2] / "assets" / "dystopian"
    fleet = (root / "fleets" / "sample-naval-400.dw.toml").read_text(encoding="utf-8")
    model = (root / "models" / "cr-lancer-cruiser.dw.toml").read_text(encoding="utf-8")
    cards = (root / "catalogue" / "cards.dw.toml").read_text(encoding="utf-8")
    (tmp_path / "a.dw.toml").write_text(fleet.replace("mfv = 400", "mfv = " + "9" * 5000))
    (tmp_path / "b.dw.toml").write_text(model.replace("mv = 8", 'mv = "eight"'))
    (tmp_path / "c.dw.toml").write_text(cards.replace("[[card]]", "[card]", 1))

    result = hexmech(["validate", str(tmp_path)], race_env)

    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    out = result.stdout.splitlines()
    assert len(out) == 3
    assert all(line.startswith(str(tmp_path)) for line in out)
    assert "a number with more than 9 digits" in out[0]
    assert "mv: expected a whole number, got 'eight'" in out[1]


def test_a_control_character_is_refused_before_it_reaches_a_message() -> None:
    """Found by the fuzz: a bidi control as a weapon's name came back raw in the refusal."""
    state = states()[-1]
    with pytest.raises(IllegalCommand) as refused:
        RULES.parse_command("fire BB-1 \u202e at AS-1", state)
    assert refused.value.message == (
        "a command has no control characters (in 'fire BB-1 \\u202e at AS-1'); "
        "type help for commands."
    )
