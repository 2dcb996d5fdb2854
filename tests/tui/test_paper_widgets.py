"""The Paper 'Mech panels drawn from fixed states: letters in their spaces, cubes, circles."""

from __future__ import annotations

import io

import attrs
from rich.console import Console
from rich.style import Style

from engine.dice import Dice
from engine.game import Game
from engine.narration import Roll, Told
from engine.papermech import RULESET
from engine.papermech import commands as cmd
from engine.papermech.state import Enemy, Loadout, PaperSetup, PaperState, Player, Prompt
from engine.papermech.tables import Action, EnemyKind, Mount, Ring, Wedge
from tui.papermech.widgets import (
    arc_spaces,
    choices,
    render_cards,
    render_dice,
    render_panorama,
    render_radar,
    render_sheet,
    render_track,
)
from tui.papermech.widgets.cards import cards_canvas
from tui.papermech.widgets.radar import PANORAMA_WEDGES, panorama_canvas, radar_canvas
from tui.papermech.widgets.sheet import sheet_canvas
from tui.papermech.widgets.track import track_canvas, track_cubes
from tui.widgets.log import wrap_told
from tui.widgets.story import ReplayCursor, Story


def enemy(kind: str, where: str, *, attack: int = 0, time: int = 3, damage: int = 0) -> Enemy:
    ring, wedge = where.split("/")
    return Enemy(kind, EnemyKind(kind), Ring[ring], Wedge.from_label(wedge), attack, time, damage)


def game_state(*enemies: Enemy, **player_changes) -> PaperState:
    me = attrs.evolve(Player(Loadout()), **player_changes)
    return PaperState(PaperSetup(), me, enemies=enemies, wave=2, prompt=Prompt.WINDOW)


def plain(text) -> list[str]:
    """Print a Rich renderable on an 80-column console without colour; return its lines."""
    out = io.StringIO()
    Console(file=out, width=80, color_system=None, legacy_windows=False).print(text)
    return [line.rstrip() for line in out.getvalue().splitlines()]


HELO = enemy("H", "M/4", attack=1, time=2)
FIRE = enemy("F", "S/2", attack=1, time=0, damage=2)
TANK = enemy("T", "C/RL", time=1)
BIKE = enemy("B", "C/RL", time=1)
ARTY = enemy("A", "L/6", time=5)
WAVE = game_state(HELO, FIRE, TANK, BIKE, ARTY, action=Action.LA2, time=2, placed=3)


# ------------------------------------------------------------------ radar
def cell_of(lines: list[str], row: int, col: int) -> str:
    """The three characters inside cell (row, col) of the full radar's 10 x 10 cross."""
    x = 2 + 1 + col * 4
    return lines[row + 1][x : x + 3]


def test_the_radar_puts_each_enemy_letter_in_its_space() -> None:
    """Wedges 3|4 go up, RL|RR down, 2 and 1 left, 5 and 6 right; ring C is next to the 'Mech."""
    lines = radar_canvas(WAVE).lines()
    assert cell_of(lines, 1, 5).strip() == "H"  # ring M (second from the top), wedge 4
    assert cell_of(lines, 4, 2).strip() == "F"  # wedge 2 (upper left row), ring S
    assert cell_of(lines, 6, 4) == "TB:"  # ring C of RL: two letters, the rest shaded
    assert cell_of(lines, 5, 9).strip() == "A"  # wedge 6 (lower right row), ring L
    assert sum(line.count("H") for line in lines) == 1


def test_the_radar_labels_wedges_and_rings_and_draws_the_mech() -> None:
    """Wedge names at the arms' ends, ring letters on the diagonals, the 'Mech in the middle."""
    lines = radar_canvas(game_state()).lines()
    assert lines[0].split() == ["3", "4"]
    assert lines[11].split() == ["RL", "RR"]
    assert lines[5].startswith("2 |")
    assert lines[5].endswith("| 5")
    assert lines[6].startswith("1 |")
    assert lines[6].endswith("| 6")
    assert "/^\\" in lines[5]
    assert lines[1].split()[0] == "L"
    assert lines[4].split()[0] == "C"


def test_the_rear_wedges_are_shaded_with_dots() -> None:
    """RR and RL read as shaded without colour: their empty cells are ':::'."""
    lines = radar_canvas(game_state()).lines()
    for row in range(6, 10):
        assert cell_of(lines, row, 4) == ":::"
        assert cell_of(lines, row, 5) == ":::"
    assert cell_of(lines, 0, 4) == "   "


def test_the_chosen_weapons_arc_is_marked_in_range_only() -> None:
    """The Laser (LA, range M): wedges 1-5 and RL, rings C to M get a dot; ring L does not."""
    arc = arc_spaces(WAVE, Mount.LA)
    assert (Ring.M, Wedge.RL) in arc
    assert (Ring.L, Wedge.W3) not in arc
    assert (Ring.C, Wedge.W6) not in arc
    lines = radar_canvas(game_state(), arc).lines()
    assert cell_of(lines, 2, 4) == " . "  # S/3
    assert cell_of(lines, 0, 4) == "   "  # L/3: out of range
    assert cell_of(lines, 8, 4) == ":.:"  # M/RL: shaded and reached
    assert cell_of(lines, 5, 6) == "   "  # C/6: out of the arc
    assert arc_spaces(WAVE, Mount.LS) == frozenset()  # the Wing Shield never attacks


def test_the_radar_styles_come_from_roles() -> None:
    """Letters carry the "enemy" style and walls the "line" style the widget reads from its CSS."""
    bold = Style(bold=True)
    text = render_radar(WAVE, styles={"enemy": bold, "line": Style(dim=True)})
    h = text.plain.index("H")
    assert any(span.start <= h < span.end and span.style == bold for span in text.spans)
    assert plain(text)[1].count("|") == 3


def test_the_panorama_unrolls_the_radar_for_small_terminals() -> None:
    """Columns RL, 1..6, RR; rows L to C; the 'Mech under the line between wedges 3 and 4."""
    lines = panorama_canvas(WAVE).lines()
    assert lines[0].split() == [w.label for w in PANORAMA_WEDGES]
    columns = {w: 3 + i * 4 for i, w in enumerate(PANORAMA_WEDGES)}

    def at(ring_row: int, wedge: Wedge) -> str:
        return lines[ring_row][columns[wedge] : columns[wedge] + 3]

    assert at(2, Wedge.W4).strip() == "H"  # ring M is the second ring row
    assert at(3, Wedge.W2).strip() == "F"
    assert at(4, Wedge.RL) == "TB:"
    assert at(1, Wedge.W6).strip() == "A"
    assert at(1, Wedge.RR) == ":::"
    assert "/^\\" in lines[5]
    assert plain(render_panorama(WAVE))[0] == lines[0]


# ------------------------------------------------------------------ time track
def test_the_track_shows_every_cube_on_its_space() -> None:
    """P for the player, letters for the enemies; ACTIVE first; spaces to 9 at least."""
    assert track_cubes(WAVE) == ["F", "TB", "PH", "", "", "A", "", "", "", ""]
    lines = track_canvas(WAVE).lines()
    assert lines[0].split() == ["ACTIVE", *map(str, range(1, 10))]
    assert lines[1] == "[ F  ] [TB] [PH] [ ] [ ] [A] [ ] [ ] [ ] [ ]"


def test_the_track_grows_past_nine_for_a_high_cube() -> None:
    """A penalty can push a cube past the printed track (PM-4 DESIGN: unbounded)."""
    state = game_state(enemy("A", "L/3", time=12), action=Action.RS3, time=4, placed=4)
    assert len(track_cubes(state)) == 13
    assert track_canvas(state).lines()[0].split()[-1] == "12"


def test_the_compact_track_fits_in_36_columns() -> None:
    """ACT and no gaps, for 80 columns."""
    lines = plain(render_track(WAVE, compact=True))
    assert lines[0].startswith("ACT")
    assert max(len(line) for line in lines) <= 36


# ------------------------------------------------------------------ sheet
def test_the_sheet_shows_damage_as_x_circles_and_marks_the_chosen_line() -> None:
    """Filled circles are x; a line with both filled is marked '-'; the chosen line '>'."""
    state = game_state(
        action=Action.LA2,
        time=2,
        mounts=((False,) * 6, (False, False, True, True, False, True), (False,) * 6, (True,) * 6),
        torso=3,
        legs=(True, False, False, False),
    )
    lines = sheet_canvas(state).lines()
    text = "\n".join(lines)
    assert "- Multi Launch   P4 T3 xx" in text
    assert "  Full Salvo     P6 T4 ox" in text
    assert "> Laser Blast    P3 T3 oo" in text
    assert "- Punch          P2 T2 xx" in text
    assert "xxxo  penalty +1 T" in text
    assert "- x Turn & Squat" in text
    assert "  o Walk Backwards" in text


def test_the_sheet_names_weapons_specials_armor_and_weight() -> None:
    """Every mount's weapon with its special, armor and range; stance and weight at the bottom."""
    text = "\n".join(sheet_canvas(game_state()).lines())
    for words in (
        "LS Wing Shield",
        "Reflex",
        "RS Missiles",
        "Recoil",
        "armor 4 range - W1",
        "RA Fist",
        "TORSO armor 5",
        "LEGS armor 4",
        "STANDING",
        "weight 12/12, no penalty",
        "intact 32",
    ):
        assert words in text, words


def test_the_compact_sheet_puts_a_mount_on_a_row() -> None:
    """Four rows: mount, weapon, armor, three pairs of circles; the chosen pair in brackets."""
    state = game_state(action=Action.RS2, time=3, mounts=((True, False) + (False,) * 4,) * 4)
    lines = plain(render_sheet(state, compact=True))
    assert len(lines) == 4
    assert lines[0].startswith("LS Wing Shield  A4  xo  oo  oo")
    assert lines[1].startswith("RS Missiles     A3  xo [oo] oo")
    assert "TORSO A5 oooo" in lines[0]
    assert max(len(line) for line in lines) <= 48


# ------------------------------------------------------------------ enemy cards
def test_the_cards_fill_enemy_circles_from_the_top() -> None:
    """Damage 2 on the Firethrower fills the Laser's two circles; its Flame Gun is untouched."""
    lines = cards_canvas(game_state(FIRE)).lines()
    assert lines[0].split()[:2] == ["F", "Firethrower"]
    assert "ACTIVE" in lines[0]
    assert "at S/2" in lines[0]
    assert lines[1].startswith("  - Laser")  # both circles filled: disabled
    assert lines[1].endswith("xx")
    assert "oo" in lines[2]


def test_the_cards_mark_the_selected_attack_and_its_range() -> None:
    """The Helo's Missiles/Rockets (M) reach it on ring M; the cube is on space 2."""
    lines = cards_canvas(game_state(HELO)).lines()
    assert "cube 2" in lines[0]
    assert lines[2].startswith("  > Missiles/Rockets  M P4 T4 oo in range")
    far = cards_canvas(game_state(enemy("H", "L/4", attack=1))).lines()
    assert far[2].endswith("too far")


def test_compact_cards_take_two_rows_each() -> None:
    """Name, space, cube, armor and every circle; then the selected attack."""
    lines = plain(render_cards(game_state(HELO, FIRE), compact=True))
    assert len(lines) == 4
    assert lines[0].split()[:3] == ["H", "Helo", "M/4"]
    assert lines[0].endswith("oo oo")
    assert lines[2].endswith("xx oo")
    assert lines[1].strip().startswith("> Missiles/Rockets M P4 T4 in range")


def test_no_enemies_between_waves() -> None:
    """The cards say so."""
    assert plain(render_cards(game_state())) == ["No enemies on the radar."]


# ------------------------------------------------------------------ dice tray and log
def test_the_dice_tray_brackets_the_dice_that_counted() -> None:
    """Each group's label, then its dice (hits in brackets, misses bare) and what they decided."""
    told = (
        Told(3, -1, "wait"),
        Told(3, 0, "Time passes one step."),
        Told(
            3,
            1,
            "Firethrower (F) fires Laser from S/1: 2 damage.",
            (
                Roll("location", (5,), outcome="left arm"),
                Roll("F attack", (5, 1, 5), (True, False, True), "vs 3: 2 damage"),
            ),
        ),
    )
    assert plain(render_dice(told)) == [
        "location",
        "   5  left arm",
        "F attack",
        "  [5] 1 [5] vs 3: 2 damage",
    ]
    assert plain(render_dice(told, compact=True)) == [
        "location  5  left arm  F attack [5] 1 [5] vs 3: 2 damage"
    ]
    assert plain(render_dice(told[:2])) == ["No dice rolled."]


def test_log_lines_wrap_under_their_prefix() -> None:
    """Commands start '# ', events are indented, long lines wrap to the panel."""
    assert wrap_told(Told(0, -1, "choose la2"), 40) == ["# choose la2"]
    rows = wrap_told(Told(0, 2, "word " * 20), 30)
    assert rows[0].startswith("  word")
    assert all(len(row) <= 28 for row in rows)
    assert len(rows) > 1


# ------------------------------------------------------------------ choices
def test_choices_label_what_each_command_does() -> None:
    """Targets with space, HP and armor; haste with its penalty; actions with P, T and targets."""
    state = game_state(HELO, TANK, action=Action.LA2, time=2, placed=3)
    labels = {c.text: c.label for c in choices(state)}
    assert labels["wait"] == "wait - let time pass one step"
    assert labels["haste"] == "haste - fire now at -2 per die"
    assert labels["choose la2"] == "choose la2 - Laser Blast P3 T3 -> space 3, can hit H T"
    assert labels["choose rs1"].endswith("can hit H")
    assert labels["choose ra1"].endswith("no target")
    target = attrs.evolve(state, prompt=Prompt.TARGET)
    assert [c.label for c in choices(target)] == [
        "target H - Helo (H), M/4, 4 HP, armor 2",
        "target T - Tank (T), C/RL, 4 HP, armor 4",
    ]


def test_the_first_choice_is_a_sensible_move() -> None:
    """In a window: wait. Choosing an action: an attack that can hit comes before the rest."""
    window = game_state(HELO, action=Action.LA2, time=2, placed=3)
    assert choices(window)[0].command == cmd.Wait()
    choosing = game_state(HELO)
    choosing = attrs.evolve(choosing, prompt=Prompt.ACTION)
    first = choices(choosing)[0]
    assert first.action is not None
    assert first.action.mount is Mount.RS
    assert first.label.endswith("can hit H")


# ------------------------------------------------------------------ story and replay cursor
def played(seed: int = 25, commands: int = 6):
    """A game with a few commands played by the first choice."""
    game = Game(RULESET, PaperSetup(), Dice(seed))
    for _ in range(commands):
        game.execute(choices(game.state)[0].command)
    return game


def test_the_story_follows_commands_undo_and_redo() -> None:
    """Sync tells only what changed; the lines are those of a fresh retelling."""
    game = played()
    story = Story()
    story.retell(game)
    assert len(story.entries) == 6
    assert [t.text for t in story.entries[0]][:1] == ["deploy"]
    game.seek(4)
    story.sync(game)
    assert len(story.entries) == 4
    game.seek(6)
    story.sync(game)
    fresh = Story()
    fresh.retell(game)
    assert story.entries == fresh.entries
    lines, current = story.lines()
    assert current is None
    assert not any(t.routine for t in lines)
    assert story.tray() == tuple(story.entries[-1])


def test_a_replay_shows_the_story_up_to_its_position() -> None:
    """At (2, 1): both first commands, then the third's line and first event; that is current."""
    game = played()
    story = Story()
    story.retell(game, everything=True)
    lines, current = story.lines((2, 1))
    assert lines[-1] == story.entries[2][1]
    assert lines[-2] == story.entries[2][0]
    assert current == len(lines) - 1
    assert story.tray((2, 1)) == tuple(story.entries[2][:2])
    assert story.tray((2, 0)) == tuple(story.entries[1])
    assert story.tray((0, 0)) == ()
    assert story.event(2, 1) == story.entries[2][1]


def test_the_replay_cursor_steps_by_command_and_by_event() -> None:
    """Events roll over into the next command; back from inside a command goes to its start."""
    cursor = ReplayCursor((2, 3, 1))
    assert cursor.step(-1).position == (0, 0)
    assert cursor.step_event(1).position == (0, 1)
    assert cursor.step_event(1).step_event(1).position == (1, 0)
    inside = cursor.go(1, 2)
    assert inside.step(-1).position == (1, 0)
    assert inside.step(1).position == (2, 0)
    assert cursor.go(1, 0).step_event(-1).position == (0, 1)
    end = cursor.go(99)
    assert end.at_end
    assert end.position == (3, 0)
    assert end.step(1) == end
    assert end.step_event(1) == end
    assert end.step_event(-1).position == (2, 0)
    assert ReplayCursor.of(played(), at_end=True).at_end


def test_the_compact_sheet_brackets_the_chosen_legs_line_and_keeps_all_four_circles() -> None:
    """80x24 sheet: Turn or Change Stance chosen, legs line 2 filled: 'o x o[o]'."""
    state = game_state(action=Action.TURN, time=1, placed=1, legs=(False, True, False, False))
    legs_row = sheet_canvas(state, compact=True).lines()[1]
    assert legs_row.rstrip().endswith("LEGS A4 o x o[o]")
