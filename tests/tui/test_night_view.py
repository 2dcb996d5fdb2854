"""Issue 16 items 3 and 4 on screen: each side's view at night, the handover, the night's board.

- The movement roll's chance of straying comes from the care level (NT-2), the Orders panel says
  it before a move, or why the unit need not roll (NT-1), or that a stray left it unable (NT-3).
- The log told for a side names no enemy it does not know of; moves into sight are told again.
- Hot-seat at night: the handover prompt always, whatever the preference; each side sees its
  own view only, and its own log.
- A replay switches views with ``v``: the whole battlefield, Davion's, Kurita's.
- The board at night: the ``-night`` class, lit hexes, gunflash marks, the legend's night rows.

The game is `tests.tui.night_games`: Kurita's Wolverine strays north to 0811 beside a flare,
and Davion's Griffin fires at it, which gives the Griffin away.
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import attrs
import pytest
from rich.color import ColorSystem

from engine.battletech import RULESET
from engine.battletech.commands import FireWeapons
from engine.battletech.narrate.phase_summary import Harm, PhaseSummary, summarize
from engine.battletech.rules.night import known_enemies
from engine.battletech.state import Phase
from engine.hexes import Hex
from engine.night import Care
from tests.tui.night_games import FLARE, MOVES, night_journal, scripted_night_game
from tests.tui.test_bt_play import library
from tui.app import HexmechApp
from tui.battletech.handover import HandoverScreen
from tui.battletech.night import NightControls, shared_summary, stray_lines, stray_odds
from tui.battletech.night_story import SeatStory, named_units
from tui.battletech.screen import BattleTechScreen
from tui.battletech.widgets.record import RecordSheet
from tui.battletech.widgets.units import UnitList
from tui.widgets.hexboard_legend import OVERLAYS, HexLegend, role_styles
from tui.widgets.log import EventLog

__all__ = ["library"]  # the fixture, used by name

SIZE = (120, 40)
GRIFFIN, HUNCHBACK, SHADOW_HAWK, WOLVERINE = range(4)
DAVION, KURITA = 0, 1


def log_text(screen) -> str:
    lines, _ = screen.story.lines()
    return "\n".join(line.text for line in lines)


def drawn(screen) -> set[str]:
    return {marker.letter for marker in screen.board.units}


def listed(screen) -> set[int]:
    return {row.index for row in screen.query_one(UnitList).data.rows}


# ---------------------------------------------------------------- the movement roll's odds
@pytest.mark.parametrize(
    ("care", "chance"),
    [
        pytest.param(Care.LAX, Fraction(1, 6), id="lax: any coloured 6"),
        pytest.param(Care.NORMAL, Fraction(4, 36), id="normal: 6 and white 3+"),
        pytest.param(Care.STEALTHY, Fraction(2, 36), id="stealthy: 6 and white 5+"),
    ],
)
def test_the_chance_of_straying_follows_the_care_level(care, chance):
    """NT-2: a coloured 6, and a white die by care level, counted over the 36 rolls."""
    assert stray_odds(care) == chance


def test_the_orders_say_the_roll_and_its_chance_before_a_move(tmp_path, library):
    """NT-1/NT-2: the Wolverine in the open must roll; the Shadow Hawk beside the road need not."""
    state = night_journal(tmp_path, library).game.state
    # Act
    wolverine = [text for text, _ in stray_lines(state, WOLVERINE)]
    shadow_hawk = [text for text, _ in stray_lines(state, SHADOW_HAWK)]
    stealthy = attrs.evolve(state.night, care=(Care.STEALTHY,) * len(state.units))
    careful = [text for text, _ in stray_lines(attrs.evolve(state, night=stealthy), WOLVERINE)]
    # Assert
    assert any("movement roll" in line for line in wolverine)
    assert any("4/36 (11%)" in line and "normal care" in line for line in wolverine)
    assert any("2/36 (6%)" in line and "stealthy" in line for line in careful)
    assert shadow_hawk == [
        "Night: no movement roll: on or beside a road, pavement, bridge or stream"
    ]


def test_by_day_the_orders_say_nothing_of_the_night(tmp_path, library):
    state = night_journal(tmp_path, library).game.state
    assert stray_lines(attrs.evolve(state, night=None), WOLVERINE) == []


def test_a_path_that_leaves_the_stream_rolls_where_it_leaves(library):
    """NT-1: a unit that starts exempt rolls before the first hex it enters from the dark.

    The Shadow Hawk in 0915 stands beside a stream (1014, depth 1); 0815 borders no road, stream
    or light: a path 0915 -> 0815 -> 0715 rolls at 0815, before entering 0715.
    """
    state = scripted_night_game(library, moves=()).state
    path = tuple(Hex.from_label(label) for label in ("0915", "0815", "0715"))
    # Act
    leaving = stray_lines(state, SHADOW_HAWK, path)
    staying = stray_lines(state, SHADOW_HAWK, path[:1])
    # Assert
    assert leaving[0] == ("Night: a movement roll at 0815 before the next hex (NT-2)", "warn")
    assert staying[0][1] == "good"


def test_a_unit_marked_unable_is_told_so(library):
    """NT-3: the Wolverine strayed north and stopped before 0810's water: unable to act."""
    game = scripted_night_game(library, moves=("move 4 walk F F F F",))
    state = game.state
    assert WOLVERINE in state.night.unable
    assert stray_lines(state, WOLVERINE) == [
        ("Night: unable to act further this turn (NT-3)", "bad")
    ]


def test_a_unit_that_rolled_rolls_no_more_this_turn(library):
    """NT-2: the movement roll is made once a turn."""
    game = scripted_night_game(library, moves=("move 4 walk F F F F",))
    state = game.state
    night = attrs.evolve(state.night, unable=frozenset())
    assert stray_lines(attrs.evolve(state, night=night), WOLVERINE) == [
        ("Night: movement roll made this turn", "dim")
    ]


# ---------------------------------------------------------------- the log for a side
def test_the_log_for_a_side_names_no_enemy_it_does_not_know(library):
    """Issue 16 item 3: Davion never learns of the Shadow Hawk; Kurita of the Hunchback."""
    game = scripted_night_game(library)
    seat: list[int | None] = [DAVION]
    story = SeatStory(lambda: seat[0])
    story.retell(game)

    def text() -> str:
        return "\n".join(line.text for line in story.lines()[0])

    davion = text()
    seat[0] = KURITA
    kurita = text()
    seat[0] = None
    everything = text()
    # Assert: the whole story names all four; each side only what it knows
    for name in ("Griffin", "Hunchback", "Shadow Hawk", "Wolverine"):
        assert name in everything
    assert "Shadow Hawk" not in davion
    assert "Hunchback" not in kurita
    # the Wolverine strayed out of the dark into the flare's light: Davion sees it arrive only,
    # then go back into the dark
    assert "Kurita: Wolverine [w] comes into sight" in davion
    assert "0815" not in davion  # where it came from
    assert "Kurita: Wolverine [w] moves out of sight" in davion
    assert "0812" not in davion  # where it went
    assert "walks F F F F" in kurita
    # the Griffin gave itself away by firing: Kurita reads the shot whole
    assert "Griffin [G] fires PPC (RA) at Wolverine [w]" in kurita
    assert "Griffin [G] stands still" not in kurita
    assert "Davion: a unit moves unseen" in kurita
    # and again in turn 2 by its jitter shot, though not where it meant to go
    assert "Davion: Griffin [G] comes into sight" in kurita
    assert "Griffin [G] fires its LRM 10 (RT) at nothing in the dark" in kurita
    assert "Griffin [G] stray roll" not in kurita


def test_the_log_tells_each_stray_and_jitter_shot_to_its_side(library):
    """Issue 16 item 4: the night's words (the engine's narration) reach the side's log."""
    game = scripted_night_game(library)
    story = SeatStory(lambda: None)
    story.retell(game)
    whole = "\n".join(line.text for line in story.lines()[0])
    for words in (
        "Wolverine [w] must check at night",
        "movement roll coloured 6, white 4",
        "Wolverine [w] stray roll coloured 1, white 3: strays north",
        "unable to act this turn",
        "Griffin [G] stray roll coloured 5, white 5",
        "Griffin [G] fires its LRM 10 (RT) at nothing in the dark",
    ):
        assert words in whole
    mine = SeatStory(lambda: DAVION)
    mine.retell(game)
    davion = "\n".join(line.text for line in mine.lines()[0])
    assert "Griffin [G] stray roll coloured 5, white 5" in davion  # its own stray: whole
    assert "Wolverine [w] stray roll" not in davion  # the enemy's: not in sight then


def test_a_line_names_the_units_of_its_attack(library):
    game = scripted_night_game(library)
    index = next(
        i
        for i, e in enumerate(game.log)
        if type(e.command).__name__ == "FireWeapons" and e.command.shots
    )
    before = game.state_at(index)
    assert named_units(game.log[index].command, before) == {GRIFFIN, WOLVERINE}


# ---------------------------------------------------------------- hot-seat at night
async def test_hot_seat_at_night_hands_over_whatever_the_preference(tmp_path, library):
    """The handover preference is off in these tests; at night the prompt comes all the same."""
    journal = night_journal(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(BattleTechScreen(journal=journal))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        # Kurita moves first: its view, its units only
        assert screen.night.seat() == KURITA
        assert drawn(screen) == {"s", "w"}
        assert listed(screen) == {SHADOW_HAWK, WOLVERINE}
        assert "Night: Kurita's view" in str(screen.query_one("#bt-header").render())
        assert "Griffin" not in log_text(screen)
        # Act: the selected Kurita unit stands still
        await pilot.press("0")
        await pilot.pause()
        # Assert: the prompt, telling Davion nothing of Kurita's unit
        prompt = app.screen
        assert isinstance(prompt, HandoverScreen)
        assert prompt.side == "Davion"
        assert prompt.last.startswith("Kurita: a unit moves unseen")
        # Act: Davion takes the terminal
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert screen.night.seat() == DAVION
        assert drawn(screen) == {"G", "H"}
        # the cursor left Kurita's unit: it shows one of Davion's
        davion = {u.hex for u in screen.game.state.units if u.side == DAVION}
        assert screen.board.cursor in davion
        assert listed(screen) == {GRIFFIN, HUNCHBACK}
        assert "Shadow Hawk" not in log_text(screen)
        assert "Wolverine" not in log_text(screen)
        shown = "\n".join(told.text for told in screen.query_one(EventLog).told)
        assert "Kurita: a unit moves unseen" in shown
        assert "Shadow Hawk" not in shown
        # Enter on the hex of a Kurita unit Davion cannot see says nothing of it
        screen.board.set_cursor(journal.game.state.units[SHADOW_HAWK].hex)
        await pilot.press("enter")
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert not any("cannot move" in message for message in said)


async def test_the_view_key_waits_for_a_spectator(tmp_path, library):
    """In hot-seat play ``v`` keeps its old meaning (the record sheet's page): no view to pick."""
    journal = night_journal(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(BattleTechScreen(journal=journal))
        await pilot.pause()
        screen = app.screen
        page = screen.sheet_page
        await pilot.press("v")
        await pilot.pause()
        assert screen.night.chosen is None
        assert screen.sheet_page != page


# ---------------------------------------------------------------- a replay: every view
async def test_a_replay_switches_between_each_sides_view_and_the_whole(library, tmp_path):
    game = scripted_night_game(library)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(game=game))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleTechScreen)
        assert "night_view" in {b.binding.action for b in screen.active_bindings.values()}
        # the whole battlefield first
        assert drawn(screen) == {"G", "H", "s", "w"}
        assert "Shadow Hawk" in log_text(screen)
        seen = []
        for _ in range(3):
            await pilot.press("v")
            await pilot.pause()
            seen.append((screen.night.view_name(), drawn(screen), listed(screen)))
        assert seen == [
            ("Davion's view", {"G", "H"}, {GRIFFIN, HUNCHBACK}),
            ("Kurita's view", {"G", "s", "w"}, {GRIFFIN, SHADOW_HAWK, WOLVERINE}),
            ("the whole battlefield", {"G", "H", "s", "w"}, set(range(4))),
        ]
        # v is the view's now: the record sheet does not offer it for its page
        assert screen.query_one(RecordSheet).data.page_hint is False
        # the header says which view shows
        assert "Night: the whole battlefield" in str(screen.query_one("#bt-header").render())


async def test_a_day_replay_has_no_view_key(library, tmp_path):
    game = scripted_night_game(library)
    day = attrs.evolve(game.setup, night=None)
    from engine.dice import Dice  # noqa: PLC0415
    from engine.game import Game  # noqa: PLC0415

    daylight = Game(RULESET, day, Dice(4))
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(game=daylight))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "night_view" not in {b.binding.action for b in screen.active_bindings.values()}
        assert not screen.board.has_class("-night")


# ---------------------------------------------------------------- the board at night
async def test_the_board_shows_the_night_and_the_legend_explains_it(library, tmp_path):
    game = scripted_night_game(library)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(game=game))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.board
        griffin = game.state.units[GRIFFIN].hex
        # Assert: dark, the flare's hex lit, the Griffin's gunflash (its hex lit by the flash)
        assert board.has_class("-night")
        assert Hex.from_label(FLARE) in board.picture.lit
        assert griffin in board.picture.lit
        assert griffin in board.picture.flashes
        roles = board.picture.roles_in_use()
        assert {"lit", "lit-label", "flash"} <= roles
        row = "".join(board.picture.lines())
        assert "✹" in row
        # Act: the legend
        await pilot.press("L")
        await pilot.pause()
        legend = screen.query_one(HexLegend)
        text = str(legend.render())
        assert "lit hex" in text
        assert "gunflash" in text
        assert legend.has_class("-night")


def test_known_enemies_drive_the_view(library):
    """The view hides exactly the enemies a side does not know of (the engine's answer)."""
    game = scripted_night_game(library)
    state = game.state
    for side in (DAVION, KURITA):
        view = RULESET.view(state, side)
        known = known_enemies(state, side)
        shown = {i for i, u in enumerate(view.units) if u.hex is not None}
        own = {i for i, u in enumerate(state.units) if u.side == side}
        assert shown == own | known


async def test_a_side_that_knows_no_enemy_is_dealt_no_slot(tmp_path, library):
    """NT-5, issue 16 item 3: an enemy a side does not know of is no target.

    Every unit stands still, every enemy is out of sight in the dark: nobody is dealt a weapon
    slot, so the game never waits on a unit with nothing it may fire at, and the screen opens
    on the next phase with nothing to hold.
    """
    journal = night_journal(tmp_path, library)
    for text in ("still 3", "still 1", "still 4", "still 2", "end"):
        journal.execute(RULESET.parse_command(text, journal.game.state))
    state = journal.game.state
    assert state.phase is not Phase.WEAPON
    assert not any(type(e.command).__name__ == "FireWeapons" for e in journal.game.entries)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(BattleTechScreen(journal=journal))
        await pilot.pause()
        assert app.screen.game.state.phase is state.phase


def test_at_80x24_the_orders_say_it_short(tmp_path, library):
    """The compact layout: one line for the roll to come, one for an exempt unit."""
    state = night_journal(tmp_path, library).game.state
    assert stray_lines(state, WOLVERINE, compact=True) == [
        ("Night roll: strays 4/36 (11%), normal", "warn")
    ]
    assert stray_lines(state, SHADOW_HAWK, compact=True) == [
        ("Night: no movement roll: by a road or stream", "good")
    ]


# ---------------------------------------------------------------- whose view, in every case
class _Stub:
    """What `NightControls.seat` reads of a play screen."""

    def __init__(self, game, *, persons, seated=None, due=None, replaying=False):
        self.game = game
        self.replaying = replaying
        self.watching = not persons and not replaying
        self.viewer = due
        self.handover = SimpleNamespace(seated=seated, asking=False)
        self._persons = persons

    def is_person(self, side):
        return side in self._persons


@pytest.mark.parametrize(
    ("case", "seat"),
    [
        pytest.param(({DAVION}, None, KURITA, False), DAVION, id="against the computer: mine"),
        pytest.param(({DAVION, KURITA}, KURITA, DAVION, False), KURITA, id="hot-seat: seated"),
        pytest.param(({DAVION, KURITA}, None, DAVION, False), DAVION, id="hot-seat: first due"),
        pytest.param((set(), None, KURITA, False), None, id="computer alone: the whole"),
        pytest.param(({DAVION, KURITA}, None, None, True), None, id="replay: the whole"),
    ],
)
def test_whose_view_is_drawn(library, case, seat):
    """The person's side against the computer; the seated side hot-seat; spectators choose.

    ``case``: the sides people play, the side seated, the side due, a replay.
    """
    persons, seated, due, replaying = case
    game = scripted_night_game(library, moves=())
    stub = _Stub(game, persons=persons, seated=seated, due=due, replaying=replaying)
    assert NightControls(stub).seat() == seat


def test_by_day_the_view_is_the_screens_own(library):
    game = scripted_night_game(library, moves=())
    day = SimpleNamespace(initial=attrs.evolve(game.initial, night=None), state=game.state)
    stub = _Stub(day, persons={DAVION}, due=KURITA)
    assert NightControls(stub).seat() == KURITA
    assert not NightControls(stub).forced()


async def test_without_colour_the_night_shows_by_attributes(library, tmp_path):
    """Monochrome: a lit hex's glyphs bold, its label bold italic; the gunflash reversed."""
    game = scripted_night_game(library)
    app = HexmechApp(tmp_path, mono=True, first=lambda: BattleTechScreen(game=game))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.screen.board
        assert board.has_class("-mono")
        styles = role_styles(board)
        assert styles["lit"].bold
        assert styles["lit-label"].bold
        assert styles["lit-label"].italic
        assert styles["flash"].reverse
        assert styles["edge"].dim  # the night's edges


async def test_in_colour_lit_hexes_keep_apart_from_every_overlay_in_16_colours(library, tmp_path):
    """The lit background downgrades to a colour no other overlay uses (cyan)."""
    game = scripted_night_game(library)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(game=game))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        styles = role_styles(app.screen.board)

        def sixteen(role):
            colour = styles[role].bgcolor
            return colour.downgrade(ColorSystem.EIGHT_BIT).downgrade(ColorSystem.STANDARD).number

        overlays = {sixteen(role) for role in OVERLAYS}
        assert sixteen("lit") not in overlays


def test_the_pause_after_a_resolution_names_only_what_every_side_knows(library):
    """The summary shows to whoever holds the terminal: the Shadow Hawk's heat stays unsaid.

    The fire resolves with the last declaration of the phase (the Shadow Hawk's hold).
    """
    game = scripted_night_game(library, moves=MOVES)
    index = max(i for i, e in enumerate(game.log) if isinstance(e.command, FireWeapons))
    before, after = game.state_at(index), game.state_at(index + 1)
    summaries = summarize(game.log[index].events, before)
    unseen = PhaseSummary(Phase.HEAT, 1, harm=(Harm(SHADOW_HAWK, heat=(0, 4)),))
    # Act
    kept = shared_summary([*summaries, unseen], before, after)
    # Assert: the Griffin's shot at the Wolverine (each seen by the other side), not the Hawk
    fire = [(f.attacker, f.target) for summary in kept for f in summary.fire]
    harmed = {h.unit for summary in kept for h in summary.harm}
    assert fire == [(GRIFFIN, WOLVERINE)]
    assert SHADOW_HAWK not in harmed
    assert {h.unit for summary in summaries for h in summary.harm} <= harmed
    # by day: whole
    day = attrs.evolve(after, night=None)
    assert shared_summary([unseen], before, day) == [unseen]


async def test_the_help_tells_the_night_and_its_key(library, tmp_path):
    """``?`` in a night replay: the view key under Replay, and the night's rules in short."""
    game = scripted_night_game(library)
    app = HexmechApp(tmp_path, first=lambda: BattleTechScreen(game=game))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        page = app.screen.markdown
        assert "## At night (NT-1..NT-5)" in page
        assert "each side's view in turn, or the whole battlefield" in page
        assert "(4/36)" in page


async def test_tab_aims_only_at_enemies_the_side_knows(tmp_path, library):
    """Weapons at night: the Wolverine beside the flare is a target, the unseen Hawk is not."""
    journal = night_journal(tmp_path, library)
    for text in ("move 4 walk F F F F", "still 1", "still 3", "still 2", "end"):
        journal.execute(RULESET.parse_command(text, journal.game.state))
    while journal.game.state.side_to_act == KURITA:  # Kurita declares first: it holds
        unit = next(i for i in (SHADOW_HAWK, WOLVERINE) if not journal.game.state.units[i].declared)
        journal.execute(RULESET.parse_command(f"hold {unit + 1}", journal.game.state))
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(BattleTechScreen(journal=journal))
        await pilot.pause()
        screen = app.screen
        assert screen.game.state.side_to_act == DAVION
        assert screen.attacks.aim.target == WOLVERINE
        hawk = journal.game.state.units[SHADOW_HAWK].hex
        # Act: the next target, twice
        targets, cursors = [], []
        for _ in range(2):
            await pilot.press("tab")
            await pilot.pause()
            targets.append(screen.attacks.aim.target)
            cursors.append(screen.board.cursor)
        # Assert: never the Hawk, and the cursor never on its hex
        assert targets == [WOLVERINE, WOLVERINE]
        assert hawk not in cursors
