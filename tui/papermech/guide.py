"""Paper 'Mech's guide: the first wave explained step by step, with the keys that answer each step.

The game asks one thing at a time (`engine.papermech.state.Prompt`); `STEPS` says, for each, what
is being asked and which keys answer it. The guide follows the first wave of the first battle,
from deploying to the stance for wave 2 (the lesson of the game's end too, if it ends there), then
stays quiet: the rules summary (``?``) is there for the rest. `tui.guide` shows it and names the
keys from the screen's bindings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.papermech.state import Prompt
from tui.guide import Guided, GuidePanel, KeyHint, Lesson

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual.dom import DOMNode

    from tui.papermech.screen import PaperMechScreen

__all__ = ["OVER", "STEPS", "TIPS", "PMGuidePanel", "PMGuided", "PaperTutor"]

CHOOSE = KeyHint(("pick(0)",), "choose")
"""The number keys that take a choice of the list."""

STEPS: Final[dict[Prompt, Lesson]] = {
    Prompt.DEPLOY: Lesson(
        "Deploy",
        "Deploying starts the battle and rolls the first wave of enemies onto the radar. You"
        " fight alone against the game's own tables; refit the loadout first if you like.",
        (CHOOSE, KeyHint(("refit",), "refit")),
    ),
    Prompt.ACTION: Lesson(
        "Choose an action",
        "Pick what your 'Mech does next: its T puts your cube on that space of the time track."
        " Time then slides toward ACT, and whoever reaches ACT acts, the enemies before you."
        " An attack line names the enemies it can hit from where they stand.",
        (CHOOSE,),
    ),
    Prompt.WINDOW: Lesson(
        "Time passes",
        "Time moves one space at a time, and you may act between the steps. Wait lets it pass;"
        " haste fires your chosen attack now, each die less the space your cube stands on; or"
        " choose another action, losing the time already waited.",
        (KeyHint(("wait",), "wait"), KeyHint(("haste",), "haste"), CHOOSE),
    ),
    Prompt.ORDER: Lesson(
        "Which enemy acts first",
        "Several enemies reached ACT together: choose the order they act in. They all act"
        " before you do.",
        (CHOOSE,),
    ),
    Prompt.TARGET: Lesson(
        "Choose the target",
        "Your attack resolves: pick an enemy in range and in the weapon's arc. Each die that"
        " rolls above the enemy's armor does 1 damage.",
        (CHOOSE,),
    ),
    Prompt.FREE: Lesson(
        "Free move",
        "After an attack you may walk forwards, turn or change stance at no cost in time, or"
        " skip it. A squatting 'Mech gets no free move.",
        (CHOOSE,),
    ),
    Prompt.MOVE: Lesson(
        "Your move resolves",
        "Choose which way to turn, or to change stance. Turning swings every enemy on the radar"
        " one wedge round you.",
        (CHOOSE,),
    ),
    Prompt.PULL: Lesson(
        "Energy Whip",
        "The whip hit: you may drag the enemy one ring inward or one wedge aside, or leave it"
        " where it is.",
        (CHOOSE,),
    ),
    Prompt.SHIELD: Lesson(
        "Which shield",
        "Both shields could take this hit: choose the one that does.",
        (CHOOSE,),
    ),
    Prompt.REPAIR: Lesson(
        "Wave won: repairs",
        "Every enemy of the wave is down. Each repair die of 3 or more mends one damage circle:"
        " choose where.",
        (CHOOSE,),
    ),
    Prompt.STANCE: Lesson(
        "Stance for the next wave",
        "Choose to stand or squat for the next wave. Squatting, enemy attacks roll one die"
        " fewer and cannot hit your legs, but you get no free moves. The guide ends with this"
        " wave; the rules summary is there whenever you need it.",
        (CHOOSE, KeyHint(("rules",), "the rules")),
    ),
}
"""The steps of a wave by what the game asks: deploying (PM-2, PM-12 refit), choosing an action
(PM-4, PM-5), the player's window between time steps (PM-4 DESIGN, the hasty attack of PM-7), the
order of enemies on ACTIVE (PM-4), the target (PM-5.2, PM-8.2, PM-8.4), the free move (PM-5.2,
PM-10), a movement action resolving (PM-5.1, PM-8.3), the whip's pull and the shields (PM-11.1),
the repairs and the stance between waves (PM-13, PM-10)."""

OVER: Final = Lesson(
    "The game is over",
    "The top line says how it ended and the score. A practice game stays off the high-score"
    " table; a new game is on the main menu.",
    (KeyHint(("back",), "the menu"),),
)
"""The game ended in the first wave (PM-13: the torso took its fourth damage)."""

TIPS: Final[dict[str, Lesson]] = {
    "refusal": Lesson(
        "a choice was refused",
        "The note says why; nothing changed. The list shows only what may be chosen now.",
        (KeyHint(("rules",), "the rules"),),
    ),
}
"""The first-time tip: a refusal."""


class PaperTutor:
    """Picks Paper 'Mech's step for the play screen during the first wave (`tui.guide.Tutor`)."""

    def forced(self, screen: PaperMechScreen) -> bool:
        """No Paper 'Mech game is the tutorial: the preference decides."""
        del screen
        return False

    def lesson(self, screen: PaperMechScreen) -> Lesson | None:
        """The step the game asks for, in the first wave of the first battle; else nothing."""
        state = screen.game.state
        if state.battle > 1 or state.wave > 1:
            return None
        if state.result is not None:
            return OVER
        return STEPS.get(state.prompt)

    def moments(self, screen: PaperMechScreen) -> Sequence[str]:
        """No first times but the refusal (the guide notes it)."""
        del screen
        return ()

    def tips(self) -> dict[str, Lesson]:
        """`TIPS`."""
        return TIPS

    def owners(self, screen: PaperMechScreen) -> Sequence[type[DOMNode]]:
        """The play screen's keys."""
        return (type(screen),)


class PMGuided(Guided):
    """The Paper 'Mech play screen's guide (`tui.guide.Guided` with `PaperTutor`)."""

    TUTOR = PaperTutor()


class PMGuidePanel(GuidePanel):
    """The guide's box, along the bottom above the keys (the panels keep their places)."""

    DEFAULT_CSS = """
    PMGuidePanel {
        dock: bottom;
        margin-bottom: 1;
        border-top: solid $warning 60%;
        background: $surface;
        max-height: 8;
    }
    """
    SCOPED_CSS = False
    LABEL_COMPACT = True  # compact: no top border (papermech.tcss), the text says "Guide"
