"""The AoD game told in words, and played through the kernel's `Game` (seats, undo, dice)."""

from __future__ import annotations

from engine.aod.commands import EndTurn, MoveUnit, RollFirstPlayer
from engine.aod.narrate import tell
from engine.aod.rules import decide, prompt_text
from engine.aod.state import AoDSetup, AoDState
from engine.dice import ScriptedDice
from engine.game import Accepted, Command, Event, Game, KernelCode, Rejected
from engine.hexes import Facing, Hex
from engine.narration import COMMAND
from tests.engine.aod._game import arrange, ruleset, setup

N, NE, SE, S, SW, NW = Facing
H = Hex.from_label
GAME = setup(["HX-009", "HX-001"], ["HX-010", "HX-001"])
RULES = ruleset()
CLOSE = {
    "HX-009a": ("0505", S),
    "HX-001a": ("1010", N),
    "HX-010a": ("1009", S),
    "HX-001b": ("0506", N),
}


def _told(state: AoDState, command: Command, dice: tuple[int, ...]) -> list[str]:
    events = decide(state, command, ScriptedDice(dice))
    lines, _ = tell(0, command, events, state)
    assert lines[0].event == COMMAND
    return [line.text for line in lines]


def test_each_event_is_one_sentence_and_the_break_away_die_is_shown() -> None:
    """AOD-8.4: the roll, what it needed and what it did, in words and as dice."""
    state = arrange(GAME, CLOSE)
    command = MoveUnit("HX-009a", H("0805"), S)
    events = decide(state, command, ScriptedDice((3,)))
    lines, _ = tell(0, command, events, state)
    assert [line.text for line in lines] == [
        "move HX-009a 0805 face S",
        "Kestrel KS-2L (HX-009a) gets a move order.",
        "Kestrel KS-2L (HX-009a) rolls 3 to break away (fails on 2 or less): breaks away.",
        "Kestrel KS-2L (HX-009a) moves to 0805, facing S (3 hexes).",
        (
            "Pathguard Rifle Squad (HX-001b) takes 1 click of pushing damage from an enemy "
            "'Mech breaking away."
        ),
    ]
    assert lines[2].rolls[0].dice == (3,)


def test_the_first_player_roll_shows_every_die() -> None:
    """AOD-5 step 5: each player's 3d6, and who goes first."""
    text = _told(AoDState.start(GAME), RollFirstPlayer(), (1, 2, 3, 6, 6, 6))
    assert text[1] == "For first player: Red 1+2+3=6, Blue 6+6+6=18. Blue goes first."


def test_the_end_of_a_turn_tells_lost_orders_cooling_and_tokens() -> None:
    """AOD-7.6: the orders lost, the heat step, the token step, the next turn."""
    state = arrange(GAME, {**CLOSE, "HX-001b": ("0515", N)}, tokens={"HX-001a": 1})
    text = _told(state, EndTurn(), ())
    assert text[1:] == [
        "Red ends the turn, 3 orders unused and lost.",
        "Pathguard Rifle Squad (HX-001a) is left with no token.",
        "Round 1: Blue's turn, 3 orders.",
    ]


def test_seats_and_undo_through_the_kernel() -> None:
    """DESIGN 2: only the due seat acts; hot-seat undo stops at dice."""
    rules = ruleset()
    game: Game[AoDState, Command, Event, AoDSetup] = Game(
        rules, GAME, ScriptedDice((6, 6, 6, 1, 1, 1, 3))
    )
    assert isinstance(game.execute(RollFirstPlayer(), seat=1), Accepted)
    assert game.seats_to_act == frozenset({0})
    refused = game.execute(rules.parse_command("deploy HX-010a 1019 N", game.state), seat=1)
    assert isinstance(refused, Rejected)
    assert refused.code == KernelCode.SEAT_NOT_DUE
    assert isinstance(game.undo(), Rejected)  # the roll for first player is a checkpoint
    for text in ("deploy HX-009a 0902 S", "deploy HX-001a 1002 S"):
        assert isinstance(game.execute(rules.parse_command(text, game.state)), Accepted)
    assert game.seats_to_act == frozenset({1})
    assert isinstance(game.undo(), Accepted)
    assert game.seats_to_act == frozenset({0})
    assert game.summary.turn == "deployment, Red"


def _spun_state() -> tuple[AoDState, list[Event]]:
    """The Kestrel ends its move behind the Warden (facing N): a free spin is offered."""
    state = arrange(GAME, {"HX-009a": ("0505", S), "HX-010a": ("0515", N)})
    events = decide(state, MoveUnit("HX-009a", H("0516"), N), ScriptedDice(()))
    for event in events:
        state = RULES.evolve(state, event)
    return state, list(events)


def test_the_prompt_says_what_is_asked_now() -> None:
    """One line for the command line: who acts, and the command that answers."""
    state = AoDState.start(GAME)
    assert prompt_text(state) == "Roll for the first player (roll)."
    state = arrange(GAME, {**CLOSE, "HX-001b": ("0515", N)})
    assert (
        prompt_text(state)
        == "Red: 3 orders left (move, vent, fire, close, assault, formation), or pass."
    )
    offered, _ = _spun_state()
    assert (
        prompt_text(offered)
        == "Blue: HX-010a may turn to face HX-009a (spin HX-010a SE|S|SW|stay)."
    )
    deploying = AoDState.start(GAME)
    for event in decide(deploying, RollFirstPlayer(), ScriptedDice((6, 6, 6, 1, 1, 1))):
        deploying = RULES.evolve(deploying, event)
    assert prompt_text(deploying) == (
        "Red: deploy HX-009a, HX-001a in your zone (deploy UNIT HEX [FACING])."
    )


def test_the_prompt_lists_the_orders_the_army_can_give() -> None:
    """AOD-7.3 / AOD-13 / AOD-9.3: artillery for a Longbow, board and unload for an APC.

    Red's Longbow (artillery), Bastion APC and Pathguard stand apart from Blue's Pathguard: no
    close combat, no 'Mech to vent or assault.
    """
    game = setup(["HX-006", "HX-005", "HX-001"], ["HX-001"])
    places = {
        "HX-006a": ("0502", S),
        "HX-005a": ("0802", S),
        "HX-001a": ("1102", S),
        "HX-001b": ("1018", N),
    }
    assert prompt_text(arrange(game, places)) == (
        "Red: 3 orders left (move, fire, artillery, formation, board, unload), or pass."
    )
