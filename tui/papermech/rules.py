"""Show the Paper 'Mech rules summary: a scrollable page written from the digest (PM-1..PM-14).

The weapons and enemies tables are built from the engine's catalogues (`WEAPONS`, `ENEMIES`), so
they cannot drift from the numbers the game plays by; the rest is prose. The page is one
`tui.screens._page.PageView` (it opens at once). `KEY_GROUPS` sorts the play screen's keys for the
help page by mode: playing, any time in play, replay, any time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from engine.papermech.tables import (
    ENEMIES,
    MOUNT_ARCS,
    RATED_WEIGHT,
    WEAPONS,
    Mount,
    Special,
    WeaponProfile,
)
from tui.screens._page import PageView
from tui.screens.help import KeyGroup

if TYPE_CHECKING:
    from textual.app import ComposeResult

KEY_GROUPS = (
    KeyGroup(
        "Playing (PM-5..PM-9)",
        (
            ("pick", "take choice 1-9 of the list (the list scrolls past 9)"),
            ("wait", "wait: let time pass one step (in a window)"),
            ("haste", "haste: fire the chosen attack now, each die less the space of your cube"),
            ("refit", "refit the loadout (at a deploy prompt, before a battle)"),
        ),
        when="play",
    ),
    KeyGroup(
        "Any time in play",
        (
            ("undo", "undo the last command (stops at a dice roll, unless a practice game)"),
            ("redo", "redo what undo took back"),
            ("command_line", "type a command (the command language)"),
            ("guide", "hide the guide, or show it again"),
            ("guide_for_good", "turn the guide off for good (or on again)"),
        ),
        when="play",
    ),
    KeyGroup(
        "Replay",
        (
            ("step_replay", "one command back / forward"),
            ("step_event", "one event back / forward"),
            ("seek", "the start / the end"),
            ("play", "play or pause"),
            ("speed", "faster / slower"),
            ("jump", "the start of the previous / next wave"),
            ("goto", "go to a wave by its number (2.1: battle 2, wave 1)"),
        ),
        when="replay",
    ),
    KeyGroup(
        "Any time",
        (
            ("rules", "the rules summary"),
            ("app.help", "the help: the keys of this screen"),
            ("back", "leave this screen (a game in play is saved after every command)"),
        ),
    ),
)
"""The play screen's keys by mode, each with what it does there."""


SPECIAL_RULES: dict[Special, str] = {
    Special.RECOIL: "a hit pushes the target's time cube one space later; a Missiles weapon "
    "cannot make two attacks in a row",
    Special.SNIPER: "the target's armor counts 1 lower",
    Special.KICKBACK: "fires only while squatting",
    Special.REFLEX: "while a Defend line is chosen and your cube is on ACTIVE, an attack from "
    "this mount's arc hits the shield",
    Special.EMP: "a hit makes the target choose its attack again and restart its time cube",
    Special.PROXIMITY: "full power at C; 1 die fewer at S, 2 fewer at M",
    Special.ACCURATE: "every die that missed is rolled once more",
    Special.AREA: "the same dice may also hit a second enemy in the same or an adjacent "
    "space; never at C",
    Special.WEAK: "the target's armor counts 2 higher, but every 6 rolled hits",
    Special.PULL: "a hit may drag a surviving target one ring in or one wedge sideways",
    Special.COMBO: "+1 die when your previous attack was this Fist on the same target; Crush "
    "destroys the target if a die beats its circles left",
    Special.PARRY: "an attack from its arc that hits this arm re-rolls the dice that would "
    "damage it",
    Special.WALL: "after Guard, every attack from its arc hits the shield until your next "
    "attack; Guard cannot be hasted",
}
"""PM-11.1: each weapon special in one line (the loadout builder shows them too)."""


def _mounts(profile: WeaponProfile) -> str:
    """Where a weapon may go: "any" mount, "shoulder" or "arm"."""
    if profile.arm and profile.shoulder:
        return "any"
    return "shoulder" if profile.shoulder else "arm"


def weapons_table() -> str:
    """Write PM-11's catalogue as a Markdown table, one weapon a row.

    Returns:
        The table: weapon, special, range, mount, W and armor (the lines are `lines_table`).
    """
    rows = [
        "| weapon | special | range | mount | W | armor |",
        "| :- | :- | :-: | :- | -: | -: |",
    ]
    for profile in WEAPONS.values():
        rng = "-" if profile.range is None else profile.range.name
        rows.append(
            f"| {profile.title} | {profile.special.value} | {rng} | {_mounts(profile)} "
            f"| {profile.weight} | {profile.armor} |"
        )
    return "\n".join(rows)


def lines_table() -> str:
    """Write the three action lines of every weapon (PM-11) as a Markdown table.

    Returns:
        The table: weapon, then each line's name, power P and time T.
    """
    rows = ["| weapon | line 1 | line 2 | line 3 |", "| :- | :- | :- | :- |"]
    for profile in WEAPONS.values():
        lines = " | ".join(f"{line.name} P{line.p} T{line.t}" for line in profile.lines)
        rows.append(f"| {profile.title} | {lines} |")
    return "\n".join(rows)


def specials_table() -> str:
    """Write PM-11.1's specials as a Markdown table.

    Returns:
        The table: special (and its weapon) and what it does.
    """
    rows = ["| special | weapon | effect |", "| :- | :- | :- |"]
    rows += [
        f"| {profile.special.value} | {profile.title} | {SPECIAL_RULES[profile.special]} |"
        for profile in WEAPONS.values()
    ]
    return "\n".join(rows)


def enemies_table() -> str:
    """Write PM-3.1's enemy cards as a Markdown table.

    Returns:
        The table: letter, enemy, armor and its attacks (d6, name, range, P, T).
    """
    rows = ["| | enemy | armor | attacks (d6: name, range, P, T) |", "| :-: | :- | -: | :- |"]
    for kind, profile in ENEMIES.items():
        attacks = "; ".join(
            ("" if len(profile.attacks) == 1 else f"{a.low}-{a.high}: ")
            + f"{a.name} {a.range.name} P{a.p} T{a.t}"
            for a in profile.attacks
        )
        note = "" if profile.moves else " (never moves)"
        rows.append(f"| {kind.value} | {profile.title}{note} | {profile.armor} | {attacks} |")
    return "\n".join(rows)


def arcs_table() -> str:
    """Write PM-8.4's fire arcs as a Markdown table.

    Returns:
        The table: mount and the wedges it can target.
    """
    rows = ["| mount | fires at wedges |", "| :- | :- |"]
    rows += [
        f"| {mount.value} {mount.label} | {' '.join(w.label for w in sorted(MOUNT_ARCS[mount]))} |"
        for mount in Mount
    ]
    return "\n".join(rows)


RULES_MARKDOWN = f"""\
You pilot one 'Mech against four waves of enemies. Destroy every enemy of all four waves to win;
the game is lost the moment your torso takes its fourth damage. Your score is the number of damage
circles still intact at the end.

## The time track

There are no turns. The track has the spaces ACTIVE, 1, 2, 3 and on; you and every enemy have a
time cube on it.

- Choosing an action puts your cube on the action's **T**, plus your penalties: +1 while the
  torso has 3 damage, plus the weight penalty of your loadout. A penalty is fixed when you choose.
- An enemy's cube goes on the T of the attack it has selected.
- While no cube is on ACTIVE, every cube slides down one space at a time.
- A cube on ACTIVE acts. Enemies act before you; when several are on ACTIVE together you choose
  their order.

## Actions and windows

An action is one line of a weapon (an **attack**) or one line of the legs box (a **movement**:
Turn & Squat, Walk Backwards, Walk Forwards, Turn or Change Stance, all T1). A line cannot be chosen
when its damage circles are all filled, nor Turn & Squat or Walk Backwards while squatting, a PPC
while standing, or a Missiles weapon twice in a row.

After every one-space slide and after every enemy's activation, while your cube is not on ACTIVE,
you get a **window**:

- **wait**: let time go on.
- **haste**: fire the chosen attack now. Every die is reduced by the number of the space your cube
  stands on. Allowed once your cube has moved at least one space since you chose; never for a
  movement, nor for the Tower Shield's Guard.
- **change**: choose another action. Your cube goes to the new T counted from now; the time
  already waited is lost.

When your cube reaches ACTIVE your action resolves. An attack: choose a target in range and in
the mount's fire arc (with none, the attack is wasted), roll **P** dice; every die strictly greater
than the target's armor does 1 damage. Then you may take a **free move** (Walk Forwards, or Turn or
Change Stance) at no time cost: not while squatting, not with that leg line damaged. Then you
choose your next action. If damage disables the action you chose before it resolves, you choose
again at once.

## The radar

Your 'Mech is at the centre, facing up. Four rings, from the centre out: **C** close, **S** short,
**M** medium, **L** long. Eight wedges, clockwise from your left rear: 1 and 2 on the left side,
3 and 4 in front, 5 and 6 on the right side, **RR** and **RL** behind.

```
          3 | 4
      2     |     5
     -------+-------
      1     |     6
         RL | RR
```

- An attack of range X reaches ring X and every ring inside it (L reaches everything, C only C).
  The Mortar cannot attack ring C.
- The rear wedges RR and RL are **shaded**: an attack from there lowers all your armor by 1.
- New enemies appear in ring L, in the wedge a d6 names (1-6).
- Your movement moves the enemies, since the radar is centred on you. **Turn**: every enemy one
  wedge clockwise or anticlockwise. **Walk Forwards**: enemies in 3 and 4 come one ring closer
  (at C they slide to 2 and 5), 2 goes to 1 and 5 to 6, 1 to RL and 6 to RR, and enemies behind
  drop back one ring (at L they stay). **Walk Backwards** does the opposite.
- Each mount fires into its own arc:

{arcs_table()}

## How enemies act

When an enemy's cube reaches ACTIVE:

1. If its selected attack reaches you (its ring is the attack's range or inside it), it attacks:
   a hit location is rolled, then P dice, each greater than the location's armor doing 1 damage.
2. It moves once. Out of range: one ring closer, same wedge. In range: one wedge toward your nearer
   rear wedge (1, 2, 3 toward RL; 4, 5, 6 toward RR); in RR or RL it stays. Artillery never moves.
3. It selects its next attack with a d6 (a disabled one gives the first still working) and its cube
   goes on that attack's T.

{enemies_table()}

Every attack of an enemy has 2 damage circles, filled from the top of its card: when both are
filled that attack is disabled, and when all are filled the enemy is destroyed.

## Hit location and damage

- The attacker in wedge 3, 4, RR or RL uses the **front/back** diagram: 1 torso, 2 left shoulder,
  3 right shoulder, 4 left arm, 5 right arm, 6 legs.
- The attacker in 1 or 2 (left) or 5 or 6 (right) uses the **side** diagram of that flank:
  1-2 shoulder, 3-5 arm, 6 legs.
- Each die strictly greater than the location's armor does 1 damage.
- **Torso**: 4 circles. At 3, every action you choose costs +1 T; at 4 the 'Mech is destroyed.
- **Legs**: 4 circles, one per movement line, filled from the top; a filled circle disables its
  line.
- **Weapons**: 6 circles, two per line. A d6 picks the first circle, filling onwards (6 wraps to
  1). A line with both circles filled is disabled.
- Damage left over when a location is full spills into a neighbouring location (by a d6),
  ignoring armor.

## Stance

Standing or squatting. While squatting, enemy attacks roll 1 die fewer (at least 1) and cannot hit
the legs; you get no free move, cannot Walk Backwards or Turn & Squat, and Walk Forwards and Turn or
Change Stance cost their full T. A PPC fires only while squatting. Change stance with Turn & Squat
or Turn or Change Stance; between waves you choose it freely.

## Weapons

Range is the farthest ring a weapon reaches; W its weight; armor the number an enemy die must
beat to damage it. Every weapon has three action lines, each with its power P (dice) and time T:

{weapons_table()}

{lines_table()}

{specials_table()}

## Loadout

The default loadout is Wing Shield, Missiles, Laser and Fist, torso armor 5 and legs armor 4:
{RATED_WEIGHT} W, what the chassis is rated for. Weight is the weapons' W plus 1 for every point
of torso or legs armor above 3 (armor goes from 3 to 5). Above {RATED_WEIGHT} W every action costs
more time: +1 T at 13-14 W, +2 T at 15-16 W, and so on. Each weapon goes only on its mounts (a
shoulder or an arm); the same weapon may be fitted twice.

## Waves

A game is 4 waves. A d6 picks each wave's enemies (B Attack Bike, A Artillery, H Helo,
F Firethrower, T Tank, M Mech):

| d6 | wave 1 | wave 2 | wave 3 | wave 4 |
| :-: | :-: | :-: | :-: | :-: |
| 1-2 | B | B F | A T | M B T |
| 3-4 | H | H F | H T | M F H |
| 5-6 | F | A F | F T | M T A |

Each enemy rolls a d6 for its attack (if it has several), puts its cube on that attack's T, and
rolls a d6 for its wedge in ring L.

## Repairs

A wave ends the moment its last enemy is destroyed; your chosen action is dropped. After waves 1
to 3 you roll one d6 for each point of armor of every enemy destroyed in that wave: every 3 or more
repairs one damage circle of your choice. Then you choose the stance for the next wave.

## Winning and scoring

You win by destroying all four waves. Your score is the number of unfilled damage circles on your
weapons, torso and legs. A **campaign** is 2 to 5 battles of four waves: the score of every won
battle is added up, your damage stays with you from battle to battle, and before each battle you
may refit the loadout (the damage circles belong to the mount: a new weapon on a damaged mount
takes over its filled circles). Games played in **practice** mode (undo anything) are not entered
on the high-score table.

## Keys of the play screen

| key | what it does |
| :- | :- |
| `Space` | wait: let time go on |
| `h` | haste: fire the chosen attack now |
| `1`-`9` | pick an option from the list |
| `u` / `r` | undo / redo |
| `:` | the command line |
| `l` | change the loadout (between battles) |
| `?` | this page |
"""
"""The rules summary shown by `PaperRulesScreen` (Markdown)."""


class PaperRulesScreen(Screen[None]):
    """A scrollable page with `RULES_MARKDOWN`; Escape or q closes it."""

    CSS_PATH = "paper_rules.tcss"

    BINDINGS = [
        Binding("escape,q", "close", "Close", key_display="Esc", tooltip="Close the rules"),
        Binding("home", "scroll('home')", "Top", show=False, tooltip="Scroll to the top"),
        Binding("end", "scroll('end')", "Bottom", show=False, tooltip="Scroll to the bottom"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down, PgUp, PgDn, Home, End | Scroll. |
    | Escape, q | Close the rules. |
    """

    def compose(self) -> ComposeResult:
        """Lay out the heading, the page and the key hints."""
        yield Static("Paper 'Mech - rules", id="rules-heading", markup=False)
        with VerticalScroll(id="rules-scroll") as scroll:
            scroll.styles.scrollbar_gutter = "stable"  # laid out once, at one width
            yield PageView(RULES_MARKDOWN, id="rules-page")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the page so the arrow keys scroll it."""
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        """Return to the screen the rules were opened from."""
        self.dismiss()

    def action_scroll(self, where: str) -> None:
        """Scroll the page to its top or bottom.

        Args:
            where: "home" or "end".
        """
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        if where == "home":
            scroll.scroll_home()
        else:
            scroll.scroll_end()
