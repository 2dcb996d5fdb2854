"""The one `Story` of every ruleset: it tells through the game's own ruleset, in step with undo."""

from __future__ import annotations

from engine.dice import ScriptedDice
from engine.game import Game, UndoPolicy
from engine.narration import tell_entries
from tests.support.race import RULESET as RACE
from tests.support.race import RaceSetup, Step
from tui.widgets.story import Story


def test_a_story_of_any_ruleset_follows_undo_and_redo_through_its_tell() -> None:
    """The toy race, which no screen knows: its own words, and after an undo only what is left."""
    # Arrange: three steps of a race
    game = Game(RACE, RaceSetup(), ScriptedDice(()), undo_policy=UndoPolicy.SOLO)
    for spaces in (1, 2, 3):
        game.execute(Step(spaces))
    story = Story()
    # Act
    story.retell(game)
    # Assert
    assert [lines[0].text for lines in story.entries] == ["step 1", "step 2", "step 3"]
    assert story.entries[1][1].text == "Blue moves 2 to 2."
    game.undo()
    story.sync(game)
    assert len(story.entries) == 2
    game.execute(Step(2))
    story.sync(game)
    assert story.entries == tell_entries(RACE, game.initial, game.entries)
    assert story.entries[2][1].text == "Red moves 2 to 3."
    whole = Story()
    whole.retell(game, everything=True)
    assert whole.entries == story.entries
