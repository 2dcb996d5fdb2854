"""Start the guided first battle: the main menu's "Tutorial" (`BattleTechUI.tutorial`).

The bundled scenario ``tutorial`` (`tui.battletech.guide.TUTORIAL`) becomes a new save with a
fixed dice seed, played on the BattleTech screen against the computer (a cautious one plays the
second side, `TUTORIAL_OPPONENT`: a newcomer plays one side, not both); the guide
(`tui.battletech.guide`) knows the game by its title and explains every phase whatever the
player's preference says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import attrs

from engine.battletech import RULESET
from tui.battletech.guide import TUTORIAL, TUTORIAL_SEED
from tui.battletech.screen import BattleTechScreen
from tui.screens.game import create_save, saves_dir_of

if TYPE_CHECKING:
    from textual.app import App

    from tui.battletech.library import FileLibrary

__all__ = ["TUTORIAL_OPPONENT", "start_tutorial"]

TUTORIAL_OPPONENT = ("", "cautious")
"""Who plays the tutorial's sides (`BTSetup.computer`): the player, then a cautious computer."""


def start_tutorial(app: App[Any]) -> None:
    """Create the tutorial's save in the app's saves folder and open it.

    A scenario that cannot be read, or a save that cannot be created, is one line.
    """
    from tui.battletech.library import install, load_scenario  # noqa: PLC0415 - file access

    library = cast("FileLibrary", RULESET.library) if RULESET.library is not None else install()
    try:
        setup = attrs.evolve(load_scenario(TUTORIAL, library), computer=TUTORIAL_OPPONENT)
        journal = create_save(saves_dir_of(app.screen), RULESET, setup, seed=TUTORIAL_SEED)
    except ValueError as error:
        app.notify(f"Cannot start the tutorial: {error}", severity="error", markup=False)
        return
    except OSError as error:
        message = f"Cannot create the save: {error.strerror or error}"
        app.notify(message, severity="error", timeout=10, markup=False)
        return
    app.push_screen(BattleTechScreen(journal=journal))
