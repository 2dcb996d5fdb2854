"""The Dystopian Wars rules summary: a scrollable page in plain words, from the digest.

What a player needs at the table, section by section of ``rules/dystopian.md``: the dice
(DW-2), the turn (DW-7, DW-9), setting up (DW-22.8, DW-22.4), movement (DW-11, DW-28.4),
firing (DW-14, DW-15, DW-17), tiny flyers (DW-20), damage (DW-16), morale (DW-10), the end
(DW-22.4 to DW-22.6) and how the screen shows them (DW-28.13 item 16). The page is one
`tui.screens._page.PageView`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from tui.screens._page import PageView

if TYPE_CHECKING:
    from textual.app import ComposeResult

__all__ = ["RULES_MARKDOWN", "DWRulesScreen"]

RULES_MARKDOWN: Final = """\
## The game

Two fleets of squadrons fight on a sea of hexes (36 x 24; a hex is 2 inches). The game lasts
six turns, or ends the instant a fleet fulfils its Field Order.

## Exploding dice

- Every attack is a pool of D6: each die that reaches the number needed (4+ at the start) is a
  hit. A natural **6 scores two hits and adds a die**, which may explode again; a 1 always
  misses. The log writes every die: `6!!` two hits and a new die, `4*` a hit, `2` a miss; the
  dice after `|` came from explosions.
- On average a die at 4+ is worth 0.8 hits; the fire preview shows the hits to expect.

## Setting up

- Both players roll 2D6 (ties again): the higher roller chooses a long table edge and deploys
  first. Each player also rolls a D6 for a **Field Order**, the task that wins at once.
- Players take turns deploying a whole squadron in their zone, 4 hexes deep along their edge.

## The turn

- Each turn both players roll 2D6 for the initiative. Then they take turns activating one
  squadron each; a player with none left passes.
- An activation: the **command** segment (models more than 3 hexes from the commanded element
  test or break), **movement** (each model moves once), **combat** (the attacks declared are
  rolled), boarding, **morale**.
- At the **End Phase** fires and criticals may be repaired, and the next turn begins.

## Moving

- A model moves up to half its MV in hexes (MV is in inches, a hex is 2), every turn,
  first its minimum straight ahead.
  Its turning template limits how often it may turn; a turn is one hexside.
- All Stop, restarting and reversing are marker changes made instead of a move.
- Flyers may rise to obscured; submarines may dive. Entering an enemy's hex is a ram or a
  collision; land and reefs stop ships.

## Firing

- A weapon fires from its arc (fore, aft, port, starboard, broadsides, fixed channels) at a
  target in range: **range bands** of 4 hexes each, RB1 to RB4, each printing its own dice.
  Primaries are -1 to hit at RB1. A target on an arc's edge takes half the dice.
- Each weapon fires once an activation. Weapons of the same kind of several models of the
  squadron may be **linked**: the lead rolls its full dice, each other adds half of its own.
- Rockets may be answered by the target squadron's Ack-Ack, torpedoes by its Concussion
  Charges: each 5 cancels a hit, each 6 two.
- **Indirect fire** (`i`): a primary gun may fire at a Capital target 9 to 16 hexes away that
  it cannot see, if a friendly model with the Spotter rule or a recon plane sees the target;
  it hits only on 6s (+1 with a recon plane attached to the squadron that sees it too).
- A model may fire its **Ack-Ack** at an enemy flyer within 4 hexes, or its **Charges** at an
  enemy submarine within 2 (`h`): 4+, 5-6 at a small one.
- A minelayer drops one **mine** an activation in the hex ahead of its bow (`d`), before or
  after moving. From the next activation on, a model entering that hex sets it off: its dice
  once, the full hits to every ship in the hex and around it; other mines there go off on 5-6.
  After moving, a model may fire its **Charges** at a mine 1-2 hexes away (`p`), alone or with
  squadron-mates: 5-6 hit, and the mine is gone if the hits reach its dice. A model with
  Minefields lays 5 mines of 5 dice after deployment; Magnetic Mines creep 1 hex toward the
  nearest enemy in the End Phase, and go off if they reach a ship.
- Attacks are declared first, and rolled when the activation ends.

## Tiny flyers (wings)

- A wing is 1-5 tokens of one kind: fighters (MV 16", AA 2 a token), recon (AA 1), dive
  bombers and torpedo bombers (MV 12", AD 3 a token, AA 1). Carrier wings start on their
  carrier's deck; free wings wait off their owner's edge and fly in.
- Wings activate like squadrons, the players alternating; a wing flies up to half its MV in
  hexes over anything and ends in a free hex. Flying more than half its move costs a point of
  fuel, so does each attack; at 1 fuel it flies half and may not attack.
- After its move a wing may **attack** (fighters shoot wings within 2 hexes on 3+, recon 5+;
  bombers hit a ship in contact on 3+, torpedo bombers a ship within 4 on 3+, after the
  target squadron's AA has fired at them), **land** on a friendly carrier within 2, or fly
  **Combat Air Patrol** over a Large or Massive friend within 2 and move with it.
- A carrier launches a wing within 2 hexes (or as its CAP) in its activation: one deck
  operation an activation (two with Double Decker), none after it fired. A wing off its own
  edge **refuels** to 6 fuel.
- AA at a wing hits on 5-6: each natural 6 destroys a token; hits reaching the tokens left
  **Abort** the wing (no attacks this activation). Models may turn their AA on a wing within
  4 hexes in their activation.

## Generators

- Fitted to some models (the placeholder cards offer them as options). After moving, `g` uses
  one, once an activation: UPG or Tesla at one model within 4 hexes; Disruption, Sonic and Pulse
  reach every other model within 4 hexes, friends too; Fury splits its dice among the models
  named at its level. Kinetic comes before the model moves: 1D6" more, then it must move at
  least half. `o` lays a Camouflage cloud (7 hexes, drawn `░`) that no fire passes until the End
  Phase.
- Fury and Pulse store 2 dice an activation (10 at most) and spend them all instead of shooting.
  A Sonic stun (5-6) costs 2 AD, AA, CC and boarding dice until its next activation ends.
- A Field rolls 2D6 when a generator touches its model: any 4-6 cancels the effect.

## Damage

- Hits equal to the target's **Damage Rating** cost one Hull Point; hits reaching its
  **Critical Rating** cost one more and roll on the critical table (fires, weapons or engines
  damaged, navigation lock, magazine explosion...).
- Hull damage lowers gunnery dice, AA and CC by one each. At 0 HP the model is lost.

## Morale

- A squadron that loses a model tests to break; a broken model fires and moves worse and tests
  bravery after its activation.

## STAR cards (an option)

- Each player draws a card per squadron at the start; the hand holds one card per squadron still
  on the table (at most 5). In the End Phase you may discard any number, then draw up to it.
- **S** cards are played on your squadron as it activates, before it moves; **A** cards on one of
  its models (not after an S card). **T** cards are chosen face down at the start of a turn and
  revealed together; they last the turn. **R** cards answer an attack declared on your model,
  before its dice are rolled. **Counter** cards cancel a card with Sturginium symbols the
  opponent just played: their strengths add up to at least its symbols; all are discarded.
- When you are asked to answer, the panel numbers your cards: `1`-`9` plays one, `x` passes.

## The end

- After six turns, or when a fleet has no model left, or the instant a Field Order is met. Victory
  Points are the points of the enemy models destroyed (half for those at half HP or less).

## On the screen

- Letters are model types (B battleship, C cruiser, F frigate, E escort, K carrier, S submarine,
  A airship, M bomber, L landship, T tank, X fortification): upper case the first player's,
  lower case the second's; the arrow beside it is its bow. `^` flying, `"` obscured, `v`
  submerged.
- `Z` switches the board to the compact view, two cells a hex (and back): a letter and its
  facing (the digits 0-5, N to NW, in 16 colours), a wing's tokens and kind (`5F`), a mine `*`;
  bold flying, reverse obscured, dim submerged.
- A wing is `*` and a letter for its kind (F fighters, R recon, B bombers, T torpedo
  bombers; upper case the first player's) and its tokens: `*F5`. A wing on CAP shows its
  letter and tokens at the right of its host's hex (the host shows `+`). Wings off the table are
  listed in the order panel ("Wings off: *F4 edge, *f5 CV-1").
- Tab selects your models, then your wings (Enter on a hex selects a wing there too): its card
  shows its tokens, fuel, place, CAP host, Abort and rearm. Keys: `l` launch from a carrier,
  `m` fly the wing (Enter on a shaded hex, then 1-9: just fly, attack, land or CAP; 1 before
  picking: off your edge to refuel), `u` refuel, `k` a model's AA at a wing. Each shows what
  it does, its fuel and the hits to expect; Enter gives it.
- `v` shades the selected model's fire arc, weapon by weapon, writes each range band's number on
  its outer ring (4, 8, 12, 16 hexes out, all round; `h` or `½`: half the dice reach) and draws
  the line of sight to the model under the cursor (the hex line: clear, partial or blocked).
  While a move is plotted the hexes a legal move ends in show how many hexes it moves.
"""
"""The rules in the page's Markdown subset."""


class DWRulesScreen(Screen[None]):
    """The rules summary, scrolled with the arrows; Escape goes back."""

    DEFAULT_CSS = """
    DWRulesScreen #dw-rules-heading {
        height: 1;
        padding: 0 1;
        background: $panel;
        text-style: bold;
    }
    DWRulesScreen #dw-rules-scroll { height: 1fr; padding: 0 2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Close", key_display="Esc", tooltip="Close the rules"),
        Binding("f1", "app.help", "Help", show=False),
    ]
    """
    | Key | Action |
    | :- | :- |
    | Up, Down, PgUp, PgDn, Home, End | Scroll. |
    | Escape, q | Close the rules. |
    """

    def compose(self) -> ComposeResult:
        """The heading, the page, the keys."""
        yield Static("Dystopian Wars - rules summary", id="dw-rules-heading", markup=False)
        with VerticalScroll(id="dw-rules-scroll") as scroll:
            scroll.styles.scrollbar_gutter = "stable"
            yield PageView(RULES_MARKDOWN, id="dw-rules-page")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the page so the arrows scroll it."""
        self.query_one("#dw-rules-scroll").focus()

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss()
