"""Show the BattleTech keys and a short rules summary (the play screen's ``?``).

The key tables are built from the live play screen's and the board's own `BINDINGS`, grouped by
phase (`KEY_GROUPS`: Deployment, Movement, Weapon attacks, Physical attacks, Replay), so they cannot
drift from what the keys do and a key that means two things is listed under each phase with what it
means there; the rules are prose from the digest (BT-M-9..36, BT-C-1..62), with the section ids.
The page is one `tui.screens._page.PageView`: it opens at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from engine.battletech.language import COMMAND_HELP
from engine.battletech.state import Phase
from tui.battletech import UI
from tui.battletech.envhelp import ENVIRONMENT_MARKDOWN
from tui.battletech.kind_words import KINDS_MARKDOWN
from tui.battletech.night import NIGHT_MARKDOWN
from tui.screens._page import PageView
from tui.screens.help import KeyGroup, keys_list, screen_keys_markdown

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from textual.app import ComposeResult
    from textual.binding import BindingType


__all__ = ["BOARD_GROUPS", "KEY_GROUPS", "RULES_MARKDOWN", "BTRulesScreen", "rules_markdown"]


def _in(*phases: Phase, plotting: bool | None = None) -> Callable[[Any], bool]:
    """A group's ``now``: the play screen's game is in one of ``phases`` (and plotting or not)."""

    def now(screen: Any) -> bool:  # noqa: ANN401 - the play screen, not imported here
        if screen.replaying or screen.game.state.phase not in phases:
            return False
        return plotting is None or (screen.plot is not None) == plotting

    return now


KEY_GROUPS = (
    KeyGroup(
        "Deployment (before turn 1)",
        (
            ("next_unit", "the next / previous unit to place"),
            ("turn", "the facing to place it in (Enter on a shaded hex of your zone places it)"),
        ),
        when="play",
        now=_in(Phase.DEPLOYMENT),
    ),
    KeyGroup(
        "Initiative and Movement: orders (BT-M-10, BT-M-11)",
        (
            ("initiative", "roll initiative for the turn (Enter too)"),
            ("next_unit", "the next / previous unit of the side to move"),
            ("mode('walk')", "plot a walk (vehicles cruise, platoons and squads move)"),
            ("mode('run')", "plot a run (vehicles flank; platoons and squads cannot)"),
            ("mode('masc')", "plot a run with the MASC on: walk x 2, after a roll (BT-C-75)"),
            ("mode('jump')", "plot a jump: the cursor to the landing hex, Enter"),
            ("still", "the selected unit stands still this turn"),
            ("eject", "the selected unit's MechWarrior ejects instead of moving (asks, BT-C-59)"),
            ("transport", "a carrier's loads and unloads: a digit gives one (BT-C-35.13)"),
            ("dump", "before the roll: dump ammunition bins next turn (asks, BT-C-58)"),
            ("sinks", "before the roll: switch heat sinks off or back on (BT-C-52)"),
            ("end_phase", "every unit has moved: end the phase (Enter too)"),
            ("jitter_choice", "night: choose which equally near enemy fires in the dark (NT-4)"),
        ),
        when="play",
        now=_in(Phase.INITIATIVE, Phase.MOVEMENT, plotting=False),
    ),
    KeyGroup(
        "Movement: plotting a move (BT-M-18..31)",
        (
            ("step('F')", "one hex forward"),
            ("step('B')", "one hex backward (walking only)"),
            ("turn", "turn left / right one hexside (a jump: the facing on landing)"),
            ("step('P')", "drop prone (1 MP)"),
            ("step('U')", "stand up (2 MP and a Piloting roll; then `[` `]` choose the facing)"),
            (
                "charge",
                (
                    "walk, run: charge the unit ahead of the end; jump: a death from above on a"
                    " unit beside the landing (again: the next, then none)"
                ),
            ),
            ("unstep", "take back the last step"),
            ("confirm", "confirm the move (Enter on its end too)"),
            ("cancel_plot", "cancel the plot"),
            ("end_move", "end a move a fall cut short"),
        ),
        when="play",
        now=_in(Phase.MOVEMENT, plotting=True),
    ),
    KeyGroup(
        "Weapon attacks (BT-C-1..35)",
        (
            ("next_unit", "the next / previous unit to declare"),
            ("next_target", "the next / previous enemy as the target (Enter on an enemy too)"),
            ("weapon", "fire weapon 1-10 at the target (again: take it back)"),
            ("all_weapons", "every weapon that can hit the target (again: none)"),
            ("twist", "twist the torso one hexside left / right (BT-C-3)"),
            ("flip", "flip the arms to the rear (BT-C-62)"),
            ("weapon_mode", "last weapon chosen: cluster / slug, inferno, Ultra x2 (BT-C-75)"),
            ("take_club", "pick up a club instead of firing (BT-C-38)"),
            ("aimed", "an aimed shot at an immobile 'Mech: choose the location (BT-C-19)"),
            ("hex_fire", "fire at the cursor hex: clear woods, set a fire, melt ice (BT-C-57/60)"),
            ("declare", "declare the fire (Enter on the target too)"),
            ("hold", "hold fire"),
            ("cancel_plot", "take back every choice"),
        ),
        when="play",
        now=_in(Phase.WEAPON),
    ),
    KeyGroup(
        "Physical attacks (BT-C-36..48)",
        (
            ("next_unit", "the next / previous unit to declare"),
            ("weapon", "choose an attack by its number in the list (Enter on an enemy: its first)"),
            ("declare", "declare the attack (Enter on the target too)"),
            ("hold", "no physical attack"),
            ("cancel_plot", "take back the choice"),
        ),
        when="play",
        now=_in(Phase.PHYSICAL),
    ),
    KeyGroup(
        "Any phase of play",
        (
            ("act", "act on the cursor hex"),
            ("undo", "undo the last command (undo stops at a dice roll)"),
            ("redo", "redo what undo took back"),
            ("command_line", "type a command (the command language below)"),
            ("guide", "hide the guide, or show it again"),
            ("guide_for_good", "turn the guide off for good (or on again)"),
        ),
        when="play",
    ),
    KeyGroup(
        "The computer opponent (a side the setup gives the computer)",
        (
            ("why", "what the computer weighed for its last decisions (a replay: its reasons)"),
            ("computer_pause", "pause / resume the computer (while it is to act, or watching)"),
            ("computer_pace", "the computer plays faster / slower"),
        ),
    ),
    KeyGroup(
        "Replay",
        (
            ("step_replay", "one command back / forward"),
            ("step_event", "one event back / forward"),
            ("seek", "the start / the end"),
            ("play", "play or pause"),
            ("speed", "faster / slower"),
            ("jump(-1, True)", "the start of the previous / next turn"),
            ("jump(1, True)", "the start of the previous / next turn"),
            ("jump(-1, False)", "the start of the previous / next phase"),
            ("jump(1, False)", "the start of the previous / next phase"),
            ("goto", "go to a turn by its number"),
            ("night_view", "a night game: each side's view in turn, or the whole battlefield"),
        ),
        when="replay",
    ),
    KeyGroup(
        "Any time",
        (
            ("sheet_page", "the record sheet: the other page (critical hits)"),
            ("log", "scroll the log panel a page up / down (the mouse wheel over it too)"),
            ("history", "the battle log: the whole game by turn and phase; / finds a word"),
            ("legend", "show / hide the board's legend: every mark on the board, named"),
            ("result", "the result and the after-action report (when the game is over)"),
            ("rules", "the BattleTech keys and the rules summary"),
            ("app.help", "the help: the keys of this screen"),
            ("back", "leave this screen (a game in play is saved after every command)"),
        ),
    ),
)
"""The play screen's keys by phase: each action with what it does in that phase."""

BOARD_GROUPS = (
    KeyGroup(
        "The board",
        (
            ("move", "the cursor up / down"),
            ("across", "the cursor left / right along the row"),
            ("step", "the cursor to the NW, N, NE / SW, S, SE hex"),
            ("select", "act on the cursor hex: place, pick a unit, plot a route there, confirm"),
            ("centre", "scroll the cursor to the middle"),
        ),
    ),
)
"""The board's keys (it has them while the game is played)."""


RULES_MARKDOWN = """\
## How a game goes

1. **Deployment** (before turn 1): the sides take turns placing one unit each in their zone, the
   shaded rows along their home edge (the first side north, the second south). Move the cursor,
   `[` `]` to choose the facing, Enter to place.
2. **Initiative** (BT-M-10): each side rolls 2D6; ties roll again. The **loser moves first**, so the
   winner sees every move before making its own.
3. **Movement** (BT-M-11): the sides alternate; a side with twice as many units still to move
   as the other moves two in its turn (three times as many: three). The prompt says whose turn
   it is and how many units. Every unit must act: walk, run, jump or stand still (a vehicle
   cruises or flanks, a platoon or squad moves, BT-M-37.1, BT-M-4).
4. **Weapon attacks** (BT-C-1): the sides take turns declaring, as in movement; every unit
   that can fire says what it fires at (or holds fire). When the last has declared, every attack
   is rolled: the numbers were fixed at declaration, so they are all "simultaneous".
5. **Physical attacks** (BT-C-36): the same for punches, kicks, clubs, pushes; charges and deaths
   from above declared while moving are resolved here too.
6. **Heat** (BT-C-53): movement and weapon heat go on the scale; the heat sinks take it off.
7. **End**: knocked-out MechWarriors roll to wake up, ammunition is dumped. The next turn starts
   with initiative.

The scenario says how the game is won (the last side standing, holding hexes, getting units off
the map, or the heavier side when time runs out). The result screen shows the winner and what
each unit did.

## Weapon attacks: aiming (BT-C-2..35)

The unit to declare is selected (`u` or Enter on another of yours). The board shades its torso's
front arc, draws the line of sight to the target (red when blocked; `?` marks the defender's
choice where the line runs along a hexside) and writes each enemy's best to-hit number.

| Key | What it does |
|---|---|
| `Tab` / `Shift+Tab` | the next / previous enemy as the target (Enter on an enemy too) |
| `1` .. `9`, `0` | fire weapon 1 .. 10 at the target shown (again: take it back) |
| `Space` | every weapon that can hit the target (again: none) |
| `[` `]` | twist the torso one hexside left / right (BT-C-3) |
| `t` | flip the arms to the rear ('Mechs without hand and lower arm actuators, BT-C-62) |
| `o` | the weapon chosen last: LB-X or SRM load, Ultra double rate, spotter (indirect fire) |
| `g` | pick up a club instead of firing (BT-C-38) |
| `c`, Enter on the target | declare |
| `h` | hold fire |
| `Esc` | take back every choice |

Weapons fired at a second target make it a **secondary target** (+1 in the front arc, +2 in
another); the primary is the first target chosen (one in the front arc if any is). The panel gives
each weapon's number, its chance, **every modifier** (the ones all weapons share on one line, each
weapon's own under it), its damage, heat and shots left; a weapon that cannot fire says why.

**Special weapons** (BT-C-75): pulse lasers -2, Clan heavy lasers +1, an LB-X with cluster
ammunition -1 (1 damage a pellet, from the cluster table), a targeting computer -1 for energy and
ballistic weapons. An Ultra autocannon at double rate (`o`) fires 2 shots for double heat: the
cluster table's 2 column says how many hit, and a to-hit roll of 2 jams it for the game. A Streak
fires only when it hits (then every missile hits). Artemis IV and a NARC pod on the target add +2
to the cluster roll; an anti-missile system stops 1D6 missiles of one attack a turn. Inferno SRMs
fired at woods or a building set it alight; a Gauss rifle explodes when a critical hits it.

**Indirect fire** (BT-C-16): at an enemy out of sight, LRMs and artillery fire through a friend
that sees it: the row says `[via ...]`, the number takes **indirect fire +1** and the spotter's own
movement, and the spotter's weapons take **spotting for indirect fire +1** that turn.
**Artillery** (BT-C-67/72: Arrow IV, Long Tom, Sniper, Thumper) fires at long range (+4) out to
its mapsheets (17 hexes each), at a unit or with `H` at any hex (immobile, -4): the shell does its
first number to every unit in the hex and its second to every unit next to it; a miss scatters
1D6 for the direction, as many hexes as the roll missed by.

**To-hit** (2D6, equal or beat): gunnery + attacker movement (walked +1, ran +2, jumped +3) +
target movement (3-4 hexes +1, 5-6 +2, 7-9 +3, 10+ +4, jumped +1 more) + terrain (woods between,
woods at the target, partial cover +3) + range (medium +2, long +4, inside minimum range +1 and
more) + heat (8+: +1 ... 24+: +4) + damage. 13 or more cannot hit.

The **heat preview** adds the heat now, the movement heat and the chosen weapons' heat, takes off
what the heat sinks dissipate, and says what the heat scale would do at that heat next turn: Walk
MP lost, to-hit penalties, shutdown and ammunition-explosion rolls.

## Physical attacks (BT-C-36..48)

| Key | What it does |
|---|---|
| `1` .. `9` | choose one of the attacks listed (Enter on an enemy chooses its first) |
| `c`, Enter on the target | declare it |
| `h` | no physical attack |
| `m` (plotting) | walk, run: charge the enemy ahead of the end; jump: DFA one beside it |

Each attack has a fixed base number (no gunnery, no piloting), plus the shared modifiers and its
own: punch 4 (each arm, damage tons / 10), kick 3 (tons / 5), club and hatchet 4 (tons / 5), push 4
(no damage, the target moves a hex); charge 5 (tons x hexes moved / 10) and death from above 5
(tons x 3 / 10) hurt the attacker too. The target must be adjacent, in the front arc (punches: in
the arm's side arc too).

## Damage, criticals and heat (BT-C-19..35, BT-C-50..56)

The log tells every roll: the to-hit roll, the cluster roll of missiles, the hit location (2D6,
the column by the side the attack strikes), the critical chance when structure is hit, the line a
critical finds. After weapon fire, physical attacks and heat a summary waits for a key: who
fired at whom, the damage by location, criticals, falls, explosions, shutdowns and deaths (`o`
there stops these pauses; `p` in the battle log, `l`, or the Settings turn them back on). The
record sheet (`v`: its criticals page) shows what is left: armor, rear armor and structure per
location, the hit critical lines (`*`), the MechWarrior's hits, ammunition left, destroyed weapons
(`x`), and the heat scale with what is in effect.

## Moving (BT-M-18..24)

- Walk MP, Run MP (1.5 x Walk, rounded up) and Jump MP are on the record sheet; damage and heat
  lower them.
- A 'Mech moves only to the hex in front (`f`) or behind it (`b`, walking only); turning one
  hexside costs 1 MP (`[` `]`).
- Entering a hex costs 1 MP in the clear; light woods, rough and rubble 2; heavy woods 3; water
  2 (depth 1) or 4 (deeper); +1 MP per level climbed or descended, at most 2 levels a hex. A road
  costs 1 when you move along it.
- **Minimum movement**: a unit may always go one hex straight ahead, whatever it costs, if that is
  the only hex it enters.
- Running: no backward steps, no water of depth 1 or more.
- Jumping: any path of hexes up to the Jump MP, over anything not higher than the Jump MP; land in
  any facing. A prone 'Mech cannot jump.
- Dropping prone costs 1 MP (`p`); standing up costs 2 MP and a Piloting roll (`u`, then `[` `]`
  for the facing, which is free).
- Two 'Mechs may not end their move in one hex; nobody moves through an enemy.

## Piloting Skill Rolls (BT-M-30, BT-M-31)

Roll 2D6; equal or beat the **target** = Piloting skill + modifiers to stay up. The plot warns of
every roll a path needs, with its target and its chance, before you confirm:

| Roll for | Modifier |
|---|---|
| entering depth 1 water | -1 |
| entering depth 2 water | +0 |
| entering depth 3+ water | +1 |
| entering rubble | +1 |
| standing up | arm damage |
| damaged leg, hip or gyro | +1 to +5, on every roll |

A failed roll is a **fall**: 1D6 for the new facing, damage on the hit location table (10 points per
10 tons, in groups of 5; halved in water), a roll for the MechWarrior, and the unit lies prone.

## Commands (the `:` line, and `hexmech play --headless`)

```
COMMANDS
```
"""
"""The rules summary below the keys (Markdown; COMMANDS is the engine's command help)."""


def rules_markdown(game_keys: Iterable[BindingType], screen: Screen[object] | None = None) -> str:
    """The whole page: the keys (grouped by phase), then the rules and commands.

    Args:
        game_keys: the play screen's bindings (listed as they are without ``screen``).
        screen: the live play screen: its keys now, grouped by phase (`KEY_GROUPS`).
    """
    from tui.battletech.widgets.board import BTBoard  # noqa: PLC0415

    if screen is not None:
        keys = screen_keys_markdown(screen, UI.help_sections())
    else:
        keys = "\n\n".join(
            [
                "## Keys on the board",
                keys_list(BTBoard.BINDINGS),
                "## Keys of the game",
                keys_list(game_keys),
            ]
        )
    rules = RULES_MARKDOWN.replace("COMMANDS", COMMAND_HELP.rstrip())
    rules = rules.replace("## Commands", NIGHT_MARKDOWN + "\n## Commands", 1)  # issue 16
    rules = rules.replace("## Commands", ENVIRONMENT_MARKDOWN + "\n## Commands", 1)  # BT-M-39
    rules = rules.replace("## Commands", KINDS_MARKDOWN + "\n## Commands", 1)  # issue 20
    return f"{keys}\n\n{rules}"


class BTRulesScreen(Screen[None]):
    """A scrollable page of the BattleTech keys and rules; Escape or q closes it."""

    CSS_PATH = "battletech.tcss"

    BINDINGS = [
        Binding("escape,q,question_mark", "close", "Close", key_display="Esc", tooltip="Close"),
        Binding("home", "scroll('home')", "Top", show=False, tooltip="Scroll to the top"),
        Binding("end", "scroll('end')", "Bottom", show=False, tooltip="Scroll to the bottom"),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down, PgUp, PgDn, Home, End | Scroll. |
    | Escape, q, ? | Close the page. |
    """

    def __init__(self, game_keys: Iterable[BindingType]) -> None:
        """Create the page.

        Args:
            game_keys: the play screen's bindings, listed on the page.
        """
        super().__init__()
        self.game_keys = list(game_keys)
        self.markdown = ""

    def compose(self) -> ComposeResult:
        """Lay out the heading, the page and the key hints."""
        yield Static("BattleTech - keys and rules", id="rules-heading", markup=False)
        below = [screen for screen in self.app.screen_stack if screen is not self]
        screen = below[-1] if below and UI.key_groups(type(below[-1])) else None
        self.markdown = rules_markdown(self.game_keys, screen)
        with VerticalScroll(id="rules-scroll") as scroll:
            scroll.styles.scrollbar_gutter = "stable"  # laid out once, at one width
            yield PageView(self.markdown, id="rules-page")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the page so the arrow keys scroll it."""
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        """Return to the game."""
        self.dismiss()

    def action_scroll(self, where: str) -> None:
        """Scroll the page to its top ("home") or bottom ("end")."""
        scroll = self.query_one("#rules-scroll", VerticalScroll)
        if where == "home":
            scroll.scroll_home()
        else:
            scroll.scroll_end()
