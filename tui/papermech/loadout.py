"""Build a Paper 'Mech loadout (PM-12): a weapon on each mount and the torso and legs armor.

Six rows, one per mount (LS, RS, LA, RA) and one each for torso and legs armor. Up and Down move
between them, Left and Right change the row's weapon (all 13, in catalogue order) or armor (3-5).
Every row says what its weapon does and where the mount can fire; the bottom line keeps the weight
and its penalty up to date. An illegal loadout is shown, and refused, with the engine's reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from textual import events
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Static

from engine.papermech.state import Loadout, LoadoutError
from engine.papermech.tables import BASE_ARMOR, MAX_ARMOR, MOUNT_ARCS, RATED_WEIGHT, Mount, Weapon
from tui.papermech.rules import SPECIAL_RULES

if TYPE_CHECKING:
    from textual.app import ComposeResult

MOUNTS: tuple[Mount, ...] = tuple(Mount)
"""The mounts in sheet order: LS, RS, LA, RA (rows 0-3)."""

ARMOR_PARTS: tuple[str, ...] = ("torso", "legs")
"""The armor rows, after the mounts (rows 4 and 5)."""

ROW_IDS: tuple[str, ...] = (*(f"row-{m.value.lower()}" for m in MOUNTS), "row-torso", "row-legs")
"""The widget id of each row, top to bottom."""

CATALOGUE: tuple[Weapon, ...] = tuple(Weapon)
"""PM-11: the weapons in catalogue order, the order Left and Right cycle through."""

NAME_WIDTH = max(len(w.label) for w in CATALOGUE)
"""The longest weapon name, so the chooser does not jump while cycling."""


def weapon_stats(weapon: Weapon) -> str:
    """Write a weapon's range, weight and armor.

    Args:
        weapon: The weapon.

    Returns:
        E.g. "range L  W 3  armor 3" (range "-" for the Wing Shield, which never attacks).
    """
    profile = weapon.profile
    rng = "-" if profile.range is None else profile.range.name
    return f"range {rng}  W {profile.weight}  armor {profile.armor}"


def weapon_lines(weapon: Weapon) -> str:
    """Write a weapon's three action lines.

    Args:
        weapon: The weapon.

    Returns:
        E.g. "Single Launch P2 T2 · Multi Launch P4 T3 · Full Salvo P6 T4".
    """
    return " · ".join(f"{line.name} P{line.p} T{line.t}" for line in weapon.profile.lines)


def arc_text(mount: Mount) -> str:
    """Write the wedges a mount can fire at (PM-8.4), in radar order.

    Args:
        mount: The mount.

    Returns:
        E.g. "arc 1 2 3 4 5 RL" for the left arm.
    """
    return "arc " + " ".join(wedge.label for wedge in sorted(MOUNT_ARCS[mount]))


def weight_text(loadout: Loadout) -> str:
    """Write the total weight against what the chassis is rated for (PM-12).

    Args:
        loadout: The loadout.

    Returns:
        E.g. "W 12 / 12".
    """
    return f"W {loadout.weight} / {RATED_WEIGHT}"


def penalty_text(loadout: Loadout) -> str:
    """Write the weight penalty (PM-12: ceil((W - 12) / 2) above 12 W).

    Args:
        loadout: The loadout.

    Returns:
        "no weight penalty", or e.g. "every action +1 T".
    """
    if loadout.penalty == 0:
        return "no weight penalty"
    return f"every action +{loadout.penalty} T"


def mount_problem(loadout: Loadout, mount: Mount) -> str | None:
    """Find the engine's reason why the weapon on a mount does not fit (`Loadout.problems`).

    Args:
        loadout: The loadout.
        mount: The mount.

    Returns:
        The reason, or None when the weapon fits.
    """
    weapon = loadout.weapon(mount)
    if weapon.fits(mount):
        return None
    here = f" on the {mount.label} "
    return next(
        (problem for problem in loadout.problems() if here in problem),
        f"the {weapon.label} cannot be fitted on the {mount.label}",
    )


def cycle_weapon(loadout: Loadout, mount: Mount, step: int) -> Loadout:
    """Put the next (or previous) weapon of the catalogue on a mount, wrapping around.

    Args:
        loadout: The loadout.
        mount: The mount to change.
        step: +1 for the next weapon, -1 for the previous one.

    Returns:
        The new loadout (it may be illegal: the screen shows why).
    """
    index = (CATALOGUE.index(loadout.weapon(mount)) + step) % len(CATALOGUE)
    weapons = list(loadout.weapons)
    weapons[MOUNTS.index(mount)] = CATALOGUE[index]
    a, b, c, d = weapons
    return attrs.evolve(loadout, weapons=(a, b, c, d))


def step_armor(loadout: Loadout, part: str, step: int) -> Loadout:
    """Raise or lower torso or legs armor by one, within 3-5 (PM-12).

    Args:
        loadout: The loadout.
        part: "torso" or "legs".
        step: +1 or -1.

    Returns:
        The new loadout; the same one when the armor is already at the bound.
    """
    value = min(MAX_ARMOR, max(BASE_ARMOR, getattr(loadout, part) + step))
    return attrs.evolve(loadout, **{part: value})


def armor_limit_text(part: str, value: int) -> str:
    """Say why torso or legs armor goes no further (PM-12: base 3, at most 5, +1 W a point).

    Args:
        part: "torso" or "legs".
        value: The armor, at one of its bounds.

    Returns:
        E.g. "Torso armor is at its maximum, 5 (PM-12: base 3, each point above it weighs 1 W,
        at most 5)."
    """
    rule = f"PM-12: base {BASE_ARMOR}, each point above it weighs 1 W, at most {MAX_ARMOR}"
    bound = "maximum" if value >= MAX_ARMOR else "minimum"
    return f"{part.capitalize()} armor is at its {bound}, {value} ({rule})."


_ROW = Binding.Group("Row", compact=True)
_CHANGE = Binding.Group("Change", compact=True)


class LoadoutBuilderScreen(Screen[Loadout | None]):
    """Choose the weapons and armor; dismisses with the legal `Loadout`, or None when cancelled."""

    CSS_PATH = "loadout.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]

    BINDINGS = [
        Binding("up", "move(-1)", "Row", group=_ROW, tooltip="Move to the row above"),
        Binding("down", "move(1)", "Row", group=_ROW, tooltip="Move to the row below"),
        Binding(
            "left", "change(-1)", "Change", group=_CHANGE, tooltip="Previous weapon, less armor"
        ),
        Binding("right", "change(1)", "Change", group=_CHANGE, tooltip="Next weapon, more armor"),
        Binding("enter", "accept", "Accept", tooltip="Accept the loadout (refused while illegal)"),
        Binding("escape", "cancel", "Cancel", tooltip="Leave without changing the loadout"),
        Binding("d", "reset", "Default", tooltip="Go back to the default loadout (PM-11.2)"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down | Move between the six rows. |
    | Left, Right | Change the row's weapon (all 13 in turn) or armor (3-5). |
    | Enter | Accept the loadout; an illegal one is refused with the reason. |
    | Escape | Cancel: leave the loadout as it was. |
    | d | Go back to the default loadout. |
    """

    loadout: reactive[Loadout] = reactive(Loadout, init=False)
    """The loadout being built."""

    cursor: reactive[int] = reactive(0, init=False)
    """The highlighted row: 0-3 the mounts LS, RS, LA, RA, 4 torso armor, 5 legs armor."""

    def __init__(self, loadout: Loadout, *, title: str = "Loadout") -> None:
        """Create the builder.

        Args:
            loadout: The loadout to start from (it is returned unchanged by Escape).
            title: The heading, e.g. "Loadout - battle 2".
        """
        super().__init__()
        self.set_reactive(LoadoutBuilderScreen.loadout, loadout)
        self.heading = title

    def compose(self) -> ComposeResult:
        """Lay out the heading, the six rows, the weight line, the message line and the keys."""
        yield Static(self.heading, id="lb-heading", markup=False)
        with VerticalScroll(id="lb-rows", can_focus=False):
            for mount, row_id in zip(MOUNTS, ROW_IDS[: len(MOUNTS)], strict=True):
                with Vertical(id=row_id, classes="lb-row lb-weapon-row"):
                    with Horizontal(classes="lb-main"):
                        yield Static(mount.value, classes="lb-part", markup=False)
                        yield Static(mount.label, classes="lb-part-name", markup=False)
                        yield Static("", classes="lb-choice", markup=False)
                        yield Static("", classes="lb-special", markup=False)
                        yield Static("", classes="lb-stats", markup=False)
                        yield Static(arc_text(mount), classes="lb-arc", markup=False)
                    yield Static("", classes="lb-lines", markup=False)
                    yield Static("", classes="lb-problem", markup=False)
            for part, row_id in zip(ARMOR_PARTS, ROW_IDS[len(MOUNTS) :], strict=True):
                with Horizontal(id=row_id, classes="lb-row lb-armor-row lb-main"):
                    yield Static(part.capitalize(), classes="lb-part", markup=False)
                    yield Static("", classes="lb-part-name", markup=False)
                    yield Static("", classes="lb-choice", markup=False)
                    yield Static("", classes="lb-note", markup=False)
        yield Static("", id="lb-detail", markup=False)
        with Horizontal(id="lb-totals"):
            yield Static("", id="lb-weight", markup=False)
            yield Static("", id="lb-penalty", markup=False)
        yield Static("", id="lb-message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        """Show the starting loadout."""
        self._show()

    def watch_loadout(self) -> None:
        """Redraw every row, and forget an earlier refusal: it was about another loadout."""
        self._say("")
        self._show()

    def watch_cursor(self) -> None:
        """Move the highlight and keep the row in view."""
        self._show()
        self.query_one(f"#{ROW_IDS[self.cursor]}").scroll_visible()

    def action_move(self, step: int) -> None:
        """Move the highlight up or down a row (it stops at the ends).

        Args:
            step: -1 up, +1 down.
        """
        self.cursor = min(len(ROW_IDS) - 1, max(0, self.cursor + step))

    def action_change(self, step: int) -> None:
        """Change the highlighted row: the next or previous weapon, or one more or less armor.

        Args:
            step: -1 for Left, +1 for Right.
        """
        if self.cursor < len(MOUNTS):
            self.loadout = cycle_weapon(self.loadout, MOUNTS[self.cursor], step)
            return
        part = ARMOR_PARTS[self.cursor - len(MOUNTS)]
        changed = step_armor(self.loadout, part, step)
        if changed == self.loadout:
            self.app.bell()
            self._say(armor_limit_text(part, getattr(self.loadout, part)), error=True)
            return
        self.loadout = changed

    def action_reset(self) -> None:
        """Go back to the default loadout (PM-11.2)."""
        self.loadout = Loadout()
        self._say("Default loadout (PM-11.2).")

    def action_accept(self) -> None:
        """Dismiss with the loadout, or refuse an illegal one and say why."""
        try:
            loadout = self.loadout.check()
        except LoadoutError as error:
            self.notify(str(error), title="Illegal loadout", severity="error")
            more = len(self.loadout.problems()) - 1
            extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
            self._say(f"Cannot accept: {error}{extra}", error=True)
            return
        self.dismiss(loadout)

    def action_cancel(self) -> None:
        """Dismiss with None: the loadout stays as it was."""
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        """Highlight the row that was clicked; a click on its ◂ or ▸ also changes it at once."""
        widget = event.widget
        if widget is None:
            return
        for node in (widget, *widget.ancestors):
            if node.id in ROW_IDS:
                self.cursor = ROW_IDS.index(node.id)
                offset = event.get_content_offset(widget)
                if widget.has_class("lb-choice") and offset is not None:
                    # "◂ Wing Shield  ▸" / "◂ armor 5 ▸": the arrows' columns, and one inside
                    right = (NAME_WIDTH if self.cursor < len(MOUNTS) else len("armor 5")) + 2
                    if offset.x <= 1:
                        self.action_change(-1)
                    elif right - 1 <= offset.x <= right + 1:
                        self.action_change(1)
                return

    def _show(self) -> None:
        """Write every row, the detail of the highlighted one and the weight line."""
        loadout = self.loadout
        for index, mount in enumerate(MOUNTS):
            self._show_weapon(index, mount, loadout)
        for index, part in enumerate(ARMOR_PARTS, len(MOUNTS)):
            self._show_armor(index, getattr(loadout, part))
        self.query_one("#lb-detail", Static).update(self._detail())
        self.query_one("#lb-weight", Static).update(weight_text(loadout))
        penalty = self.query_one("#lb-penalty", Static)
        penalty.update(penalty_text(loadout))
        penalty.set_class(loadout.penalty > 0, "-over")

    def _show_weapon(self, index: int, mount: Mount, loadout: Loadout) -> None:
        """Write one mount's row."""
        row = self.query_one(f"#{ROW_IDS[index]}")
        weapon = loadout.weapon(mount)
        problem = mount_problem(loadout, mount)
        current = index == self.cursor
        row.set_class(current, "-current")
        row.set_class(problem is not None, "-illegal")
        name = weapon.label.ljust(NAME_WIDTH)
        row.query_one(".lb-choice", Static).update(f"◂ {name} ▸" if current else f"  {name}  ")
        row.query_one(".lb-special", Static).update(weapon.profile.special.value)
        row.query_one(".lb-stats", Static).update(weapon_stats(weapon))
        row.query_one(".lb-lines", Static).update(weapon_lines(weapon))
        row.query_one(".lb-problem", Static).update(f"✗ {problem}" if problem else "")

    def _show_armor(self, index: int, value: int) -> None:
        """Write one armor row: the value between arrows that vanish at the bounds."""
        row = self.query_one(f"#{ROW_IDS[index]}")
        current = index == self.cursor
        row.set_class(current, "-current")
        left = "◂" if current and value > BASE_ARMOR else " "
        right = "▸" if current and value < MAX_ARMOR else " "
        row.query_one(".lb-choice", Static).update(f"{left} armor {value} {right}")
        extra = value - BASE_ARMOR
        row.query_one(".lb-note", Static).update(
            f"{BASE_ARMOR}-{MAX_ARMOR}, " + (f"+{extra} W" if extra else "no extra weight")
        )

    def _detail(self) -> str:
        """Say what the highlighted row's choice means."""
        if self.cursor >= len(MOUNTS):
            part = ARMOR_PARTS[self.cursor - len(MOUNTS)]
            return (
                f"{part.capitalize()} armor {BASE_ARMOR}-{MAX_ARMOR}: an enemy die must beat it "
                f"to damage the {part}. Each point above {BASE_ARMOR} weighs 1 W."
            )
        mount = MOUNTS[self.cursor]
        profile = self.loadout.weapon(mount).profile
        return f"{profile.title}, {profile.special.value}: {SPECIAL_RULES[profile.special]}."

    def _say(self, text: str, *, error: bool = False) -> None:
        """Write the message line (empty to clear it)."""
        message = self.query_one("#lb-message", Static)
        message.update(text)
        message.set_class(error, "-error")
