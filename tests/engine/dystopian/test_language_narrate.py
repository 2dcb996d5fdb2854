"""The story of a game: one plain sentence per event, with its dice; the prompt and summary."""

from __future__ import annotations

from engine.dice import ScriptedDice
from engine.dystopian.commands import Activate, MoveModel, RollOff
from engine.dystopian.evolve import evolve
from engine.dystopian.narrate import tell
from engine.dystopian.rules import decide, prompt_text
from engine.dystopian.state import DWState, FieldOrder
from engine.dystopian.terrain import TerrainKind
from engine.game import Command
from engine.hexes import Facing
from engine.narration import COMMAND, Roll
from tests.engine.dystopian._game import arrange, fleet, ruleset, setup, squadron

N, S = Facing.N, Facing.S
RED = fleet(squadron("BB", 1, escorts=1), squadron("CR", 3), commodore=0)
BLUE = fleet(squadron("FF", 3), squadron("CR", 2))
GAME = setup(RED, BLUE, terrain={"1005": TerrainKind.REEF, "1006": TerrainKind.REEF})
PLACES = {
    "BB-1": ("0803", S),
    "ES-1": ("0703", S),
    "CR-1": ("1003", S),
    "CR-2": ("1103", S),
    "CR-3": ("1703", S),
    "FF-1": ("1106", N),
    "FF-2": ("1206", N),
    "FF-3": ("1306", N),
}


def _told(state: DWState, command: Command, dice: list[int]) -> tuple[list[str], list[Roll]]:
    events = decide(state, command, ScriptedDice(dice))
    lines, _ = tell(0, command, events, state)
    assert lines[0].event == COMMAND
    return [line.text for line in lines], [roll for line in lines for roll in line.rolls]


def test_the_roll_off_is_told_with_its_dice_and_the_orders() -> None:
    """DW-22.8 / DW-22.4: both rolls, who chooses, each order in words."""
    text, rolls = _told(DWState.start(GAME), RollOff(), [5, 6, 1, 2, 1, 6])
    assert text == [
        "roll",
        (
            "For the table edge: Red 5+6=11, Blue 1+2=3. Red chooses. Red must destroy or capture "
            "70% of the enemy fleet value (rolled 1). Blue must destroy or capture the enemy "
            "flagship (rolled 6)."
        ),
    ]
    assert rolls == [Roll("player 1", (5, 6)), Roll("player 2", (1, 2))]


def test_a_command_check_and_a_move_are_told() -> None:
    """DW-9.3 check with its dice; DW-13.3 test with the re-roll; the move and its contact."""
    state = arrange(GAME, PLACES)
    text, rolls = _told(state, Activate("CR-1"), [2, 3])
    assert text[1:] == [
        "Red activates Lancer Cruisers CR-1, CR-2, CR-3; the commanded element is CR-1, CR-2.",
        (
            "Lancer Cruiser CR-3 takes a command check: 2 dice (2, 3), 0 successes for the 1 "
            "needed; it fails and is broken."
        ),
    ]
    assert rolls == [Roll("command check", (2, 3), outcome="0 successes: failed")]
    state = arrange(GAME, PLACES, orders=(FieldOrder.DEFAULT,) * 2)
    state = _apply(state, [Activate("CR-2")], [4, 4])
    text, rolls = _told(state, MoveModel("CR-1", "FFF", reroll=True), [1, 4])
    assert text[1:] == [
        (
            "Lancer Cruiser CR-1 tests for treacherous terrain: 1 then 4 "
            "(the Commodore's re-roll), and is safe."
        ),
        "Lancer Cruiser CR-1 moves from 1003 to 1006 facing S.",
    ]
    assert rolls == [Roll("treacherous test", (1, 4), outcome="safe")]
    text, _ = _told(state, MoveModel("CR-2", "FFF"), [])
    assert text[1] == (
        "Lancer Cruiser CR-2 moves from 1103 to 1105 facing S; it rams Picket Frigate FF-1."
    )


def _apply(state: DWState, commands: list[Command], dice: list[int]) -> DWState:
    rolls = ScriptedDice(dice)
    for command in commands:
        for event in decide(state, command, rolls):
            state = evolve(state, event)
    return state


def test_the_prompt_and_the_summary_say_where_the_game_stands() -> None:
    """One line for the status bar; the kernel's summary."""
    state = arrange(GAME, PLACES)
    assert prompt_text(DWState.start(GAME)) == (
        "Roll off for the table edges and Field Orders (roll)."
    )
    assert prompt_text(state) == "Red: activate a squadron (activate MODEL [element MODEL])."
    active = _apply(state, [Activate("BB-1")], [])
    assert prompt_text(active) == (
        "Red: move BB-1, ES-1 (move MODEL PATH), or end the activation (end)."
    )
    summary = ruleset().summary(active)
    assert (summary.turn, summary.result, summary.players) == ("turn 1, Red", None, ("Red", "Blue"))
