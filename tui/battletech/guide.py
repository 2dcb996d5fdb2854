"""BattleTech's guide: what each phase is and which keys play it, and the guided first battle.

`LESSONS` explains the phases as they come (deployment, initiative, movement, weapon attacks,
physical attacks, and heat and end when the next turn's initiative comes: they pass without a
key), `PLOTTING` the move being plotted, `TIPS` the first times (the first unit selected, move
plotted, weapons aimed, key refused). `BattleTechTutor` picks among them for the screen;
`tui.guide` shows it and names the keys from the screen's and the board's bindings.

The tutorial (the main menu's "Tutorial", `tui.battletech.tutorial`) is the bundled scenario
``tutorial`` (one light 'Mech a side on a small map, deployed in play); it is known by its title,
so it is guided whatever the preference says, and resuming it keeps the guide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import attrs

from engine.battletech.rules.flow import can_end_phase
from engine.battletech.state import MoveMode, Phase
from tui.battletech.kind_words import mode_names
from tui.battletech.widgets.board import BTBoard
from tui.guide import Guided, GuidePanel, KeyHint, Lesson

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual.dom import DOMNode

    from engine.battletech.state import UnitState
    from tui.battletech.screen import BattleTechScreen

__all__ = [
    "LESSONS",
    "NEXT_TURN_WITHOUT_MECHS",
    "PLOTTING",
    "TIPS",
    "TROOP_LESSONS",
    "TUTORIAL",
    "TUTORIAL_SEED",
    "TUTORIAL_TITLE",
    "VEHICLE_LESSONS",
    "BTGuidePanel",
    "BTGuided",
    "BattleTechTutor",
    "kind_lesson",
]

TUTORIAL: Final = "tutorial"
"""The bundled scenario the tutorial plays (``assets/scenarios/battletech/tutorial.toml``)."""

TUTORIAL_TITLE: Final = "Tutorial: first battle"
"""The tutorial scenario's title: a game with this title is guided whatever the preference."""

TUTORIAL_SEED: Final = 20261127
"""The tutorial's dice seed: the same rolls every time for the same orders."""

CURSOR = KeyHint(("move('N')",), "cursor")
ENTER = "select"
"""The board's Enter (its action)."""

LESSONS: Final[dict[str, Lesson]] = {
    "deployment": Lesson(
        "Deployment",
        "Place each unit on a shaded hex of your zone. The sides place one unit at a time"
        " before turn 1; the ghost at the cursor shows where it will stand and which way it will"
        " face.",
        (
            CURSOR,
            KeyHint((ENTER,), "place"),
            KeyHint(("turn(-1)",), "facing"),
            KeyHint(("next_unit(1)",), "another unit"),
        ),
    ),
    "initiative": Lesson(
        "Initiative",
        "Both sides roll two dice; the loser moves first. The winner moves last, so it sees"
        " every move before making its own.",
        (KeyHint(("initiative", ENTER), "roll"),),
    ),
    "next turn": Lesson(
        "Heat, end, and a new turn",
        "The heat and end phases closed the turn: roll initiative for the next. In the heat"
        " phase each 'Mech added the heat of moving and firing, and its heat sinks took some"
        " off; in the end phase stunned pilots tried to wake up. The log tells what happened."
        " Before the roll you may still dump ammunition or switch heat sinks off.",
        (
            KeyHint(("initiative", ENTER), "roll"),
            KeyHint(("dump",), "dump ammo"),
            KeyHint(("sinks",), "heat sinks"),
        ),
    ),
    "movement": Lesson(
        "Movement",
        "Every unit must walk, run, jump or stand still. The sides take turns, the initiative"
        " loser first. Moving far makes a unit harder to hit, but its own shots get harder and"
        " it builds heat.",
        (
            KeyHint(("mode('walk')",), "walk"),
            KeyHint(("mode('run')",), "run"),
            KeyHint(("mode('masc')",), "MASC run"),
            KeyHint(("mode('jump')",), "jump"),
            KeyHint(("still",), "stand still"),
            KeyHint(("next_unit(1)",), "another unit"),
        ),
    ),
    "movement done": Lesson(
        "Movement done",
        "Every unit has moved: end the phase. The attacks follow, for the units that have"
        " something to attack.",
        (KeyHint(("end_phase", ENTER), "end the phase"),),
    ),
    "weapon attack": Lesson(
        "Weapon attacks",
        "Choose the weapons that fire at the target, then declare. The units declare in turn,"
        " the initiative loser first; the number beside a weapon is what two dice must roll to"
        " hit. Nothing is rolled until the last declaration, as all fire is simultaneous, and"
        " every shot of a 'Mech builds heat. A unit with nothing in range is skipped.",
        (
            KeyHint(("weapon('1')",), "a weapon"),
            KeyHint(("all_weapons",), "all"),
            KeyHint(("declare",), "declare"),
            KeyHint(("hold",), "hold fire"),
            KeyHint(("next_target(1)",), "another target"),
        ),
    ),
    "physical attack": Lesson(
        "Physical attacks",
        "A 'Mech beside an enemy may punch, kick or push it; the others are skipped. The Orders"
        " panel lists each attack with its number to hit. The damage of the weapon fire has"
        " already taken effect.",
        (
            KeyHint(("weapon('1')",), "an attack"),
            KeyHint(("declare",), "declare"),
            KeyHint(("hold",), "no attack"),
        ),
    ),
    "over": Lesson(
        "The game is over",
        "The scenario's goal is met: see the result. It shows the winner and what each unit"
        " did; the whole game stays in Replays to watch again.",
        (KeyHint(("result",), "the result"), KeyHint(("back",), "the menu")),
    ),
}
"""The phases' lessons: deployment; initiative (BT-M-10) at turn 1, and at the later turns with the
heat (BT-C-53) and end phases (BT-M-9 steps 12-14) that passed before it; movement (BT-M-11,
BT-M-20, the attacker and target movement modifiers of BT-C-18.1 and 18.2, heat BT-C-51); the
weapon attacks (BT-C-1, BT-C-14); the physical attacks (BT-C-36); the game's end (BT-M-12)."""

NEXT_TURN_WITHOUT_MECHS: Final = Lesson(
    "Heat, end, and a new turn",
    "The heat and end phases closed the turn: roll initiative for the next. Only 'Mechs build"
    " heat; in the end phase stunned crews and pilots tried to recover. The log tells what"
    " happened.",
    (KeyHint(("initiative", ENTER), "roll"),),
)
"""The next turn's lesson for a player with no 'Mech on the map: no End phase orders."""

PLOTTING: Final[dict[MoveMode, Lesson]] = {
    MoveMode.WALK: Lesson(
        "Plotting a walk",
        "Plot the steps, then give the move. Each step costs movement points (MP): a hex forward"
        " or back, or a turn of one hexside. Choosing a shaded hex plots the cheapest route"
        " there; the Orders panel counts the MP and names any roll the move needs.",
        (
            KeyHint((ENTER,), "route to the cursor"),
            KeyHint(("confirm",), "go"),
            KeyHint(("step('F')",), "forward"),
            KeyHint(("turn(-1)",), "turn"),
            KeyHint(("step('B')",), "back"),
            KeyHint(("unstep",), "take back a step"),
            KeyHint(("cancel_plot",), "cancel"),
        ),
    ),
    MoveMode.RUN: Lesson(
        "Plotting a run",
        "Plot the steps, then give the move. A run has more MP than a walk but no steps"
        " backward, and it builds more heat. Choosing a shaded hex plots the cheapest route"
        " there; the Orders panel counts the MP.",
        (
            KeyHint((ENTER,), "route to the cursor"),
            KeyHint(("confirm",), "go"),
            KeyHint(("step('F')",), "forward"),
            KeyHint(("turn(-1)",), "turn"),
            KeyHint(("unstep",), "take back a step"),
            KeyHint(("cancel_plot",), "cancel"),
        ),
    ),
    MoveMode.JUMP: Lesson(
        "Plotting a jump",
        "Pick the landing hex, then jump. A jump flies straight to any hex within the jump MP,"
        " over woods and hills, and may land facing any way. Jumping builds heat and makes your"
        " own shots hardest.",
        (
            KeyHint((ENTER,), "landing hex"),
            KeyHint(("confirm",), "jump"),
            KeyHint(("turn(-1)",), "facing"),
            KeyHint(("cancel_plot",), "cancel"),
        ),
    ),
}
"""The move being plotted, by mode (BT-M-18, BT-M-20.2 walk, 20.3 run, 20.4 jump, BT-M-24.1
facing changes, the heat of moving BT-C-51)."""

TIPS: Final[dict[str, Lesson]] = {
    "select": Lesson(
        "a unit is selected",
        "The arrow on the board marks the selected unit; choose how it moves.",
        (
            KeyHint(("mode('walk')",), "walk"),
            KeyHint(("mode('run')",), "run"),
            KeyHint(("mode('masc')",), "MASC run"),
            KeyHint(("mode('jump')",), "jump"),
            KeyHint(("still",), "stand still"),
        ),
    ),
    "kind": Lesson(
        "not a 'Mech",
        "A vehicle cruises or flanks and never falls; motive damage slows it, then stops it."
        " A platoon or squad has one ground move, some can jump; each hit kills men. The mark"
        " beside a letter on the board tells the kinds apart.",
        (KeyHint(("legend",), "the marks"),),
    ),
    "plot": Lesson(
        "a move plotted",
        "The path is only a plan: nothing moves until you give it.",
        (
            KeyHint(("confirm",), "go"),
            KeyHint(("unstep",), "take back a step"),
            KeyHint(("cancel_plot",), "cancel"),
        ),
    ),
    "target": Lesson(
        "weapons aimed",
        "The chosen weapons fire when you declare. Two dice roll 7 or more in more than half"
        " the throws, but 11 or more only once in twelve.",
        (
            KeyHint(("declare",), "declare"),
            KeyHint(("cancel_plot",), "take back"),
            KeyHint(("hold",), "hold fire"),
        ),
    ),
    "immobile": Lesson(
        "an immobile target",
        "The target is shut down or its pilot is out: -4 to hit it, and the chosen weapons may"
        " aim at one location, which a roll of 6, 7 or 8 hits (missiles never aim).",
        (KeyHint(("aimed",), "aimed shot"),),
    ),
    "refusal": Lesson(
        "a key was refused",
        "The note says why; nothing changed. The bottom line shows only the keys that act now.",
        (KeyHint(("rules",), "every key by phase"),),
    ),
}
"""The first-time tips: a unit selected (BT-M-20), one that is not a 'Mech (BT-M-4, BT-M-37.1), a
move plotted (BT-M-18), weapons aimed (the 2D6 odds of BT-C-14), an immobile target (aimed
shots, BT-C-19), a refusal."""


VEHICLE_LESSONS: Final[dict[str, Lesson]] = {
    "movement": Lesson(
        "Movement",
        "Every unit must move or stand still. A vehicle cruises, or flanks with half as much MP"
        " again (never backward); it builds no heat. The sides take turns, the initiative loser"
        " first. Moving far makes a unit harder to hit, but its own shots get harder.",
        (
            KeyHint(("mode('walk')",), "cruise"),
            KeyHint(("mode('run')",), "flank"),
            KeyHint(("mode('jump')",), "jump"),
            KeyHint(("still",), "stand still"),
            KeyHint(("next_unit(1)",), "another unit"),
        ),
    ),
    MoveMode.WALK.value: attrs.evolve(PLOTTING[MoveMode.WALK], title="Plotting a cruise"),
    MoveMode.RUN.value: attrs.evolve(
        PLOTTING[MoveMode.RUN],
        title="Plotting a flank move",
        text="Plot the steps, then give the move. Flank speed has more MP than cruising but no"
        " steps backward, and on a road or pavement a turn may skid. Choosing a shaded hex plots"
        " the cheapest route there; the Orders panel counts the MP.",
    ),
}
"""A vehicle's movement lesson and plots (BT-M-37.1: cruise and flank, no heat; BT-M-29 skids)."""

TROOP_LESSONS: Final[dict[str, Lesson]] = {
    "movement": Lesson(
        "Movement",
        "Every unit must move or stand still. A platoon or battle armor squad has one ground"
        " move, and some can jump; it builds no heat. The sides take turns, the initiative loser"
        " first. Moving far makes a unit harder to hit.",
        (
            KeyHint(("mode('walk')",), "move"),
            KeyHint(("mode('jump')",), "jump"),
            KeyHint(("still",), "stand still"),
            KeyHint(("next_unit(1)",), "another unit"),
        ),
    ),
    MoveMode.WALK.value: attrs.evolve(PLOTTING[MoveMode.WALK], title="Plotting a move"),
}
"""A platoon's or squad's movement lesson and plot (BT-M-4: one ground move, a jump)."""


def kind_lesson(unit: UnitState, name: str) -> Lesson | None:
    """The lesson ``name`` ("movement", or a plotted mode's value) in the words of the unit's kind.

    None for a 'Mech, or where the kind's lesson is the 'Mech's (a jump).
    """
    if unit.is_mech:
        return None
    first, _ = mode_names(unit)
    lessons = VEHICLE_LESSONS if first == "cruise" else TROOP_LESSONS
    return lessons.get(name)


class BattleTechTutor:
    """Picks BattleTech's lesson and tips for the play screen (`tui.guide.Tutor`)."""

    def forced(self, screen: BattleTechScreen) -> bool:
        """The tutorial scenario is guided whatever the preference says."""
        return screen.state.title == TUTORIAL_TITLE

    def lesson(self, screen: BattleTechScreen) -> Lesson | None:
        """The phase's lesson, the plotted mode's while plotting."""
        state = screen.game.state
        phase = state.phase
        if phase is Phase.INITIATIVE:
            if state.turn <= 1:
                return LESSONS["initiative"]
            orders = screen.special.end_phase_units(state)  # 'Mechs' only (BT-C-52, BT-C-58)
            return LESSONS["next turn"] if orders else NEXT_TURN_WITHOUT_MECHS
        if phase is Phase.MOVEMENT:
            if screen.plot is not None:
                plotted = state.units[screen.plot.unit]
                kind = kind_lesson(plotted, screen.plot.mode.value)
                return kind or PLOTTING.get(screen.plot.mode)
            if can_end_phase(state):
                return LESSONS["movement done"]
            selected = screen.selected
            kind = kind_lesson(state.units[selected], "movement") if selected is not None else None
            return kind or LESSONS["movement"]
        return LESSONS.get(phase.value)

    def moments(self, screen: BattleTechScreen) -> Sequence[str]:
        """The first times that hold now: a unit selected, a move plotted, weapons aimed."""
        state = screen.game.state
        found = []
        plot = screen.plot
        moving = state.phase is Phase.MOVEMENT and not can_end_phase(state)
        if moving and screen.selected is not None and plot is None:
            if state.units[screen.selected].is_mech:
                found.append("select")
            else:  # the kinds' tip; their movement lesson names their keys (BT-M-4, 37.1)
                found.append("kind")
        if plot is not None and (plot.steps or plot.target is not None):
            found.append("plot")
        aim = screen.attacks.aim
        if state.phase is Phase.WEAPON and aim is not None and aim.shots:
            found.append("target")
        if state.phase is Phase.WEAPON and aim is not None and aim.target is not None:
            shown = state.units[aim.target]
            if shown.is_mech and (shown.mech.shutdown or not shown.mech.conscious):
                found.append("immobile")  # BT-C-19: an aimed shot may be made
        return found

    def tips(self) -> dict[str, Lesson]:
        """`TIPS`."""
        return TIPS

    def owners(self, screen: BattleTechScreen) -> Sequence[type[DOMNode]]:
        """The play screen's keys, then the board's (the cursor, Enter)."""
        return (type(screen), BTBoard)


class BTGuided(Guided):
    """The BattleTech play screen's guide (`tui.guide.Guided` with `BattleTechTutor`)."""

    TUTOR = BattleTechTutor()


class BTGuidePanel(GuidePanel):
    """The guide's box at the top of the side panels."""

    DEFAULT_CSS = """
    BTGuidePanel {
        border: round $warning 60%;
        border-title-color: $warning;
    }
    BattleTechScreen.-compact BTGuidePanel {
        border: none;
        border-bottom: solid $warning 60%;
    }
    """
    SCOPED_CSS = False  # the compact layout is the screen's class
