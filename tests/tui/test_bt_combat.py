"""The BattleTech play screen in the attack phases: aiming, firing, punching, heat, the result.

The game: Blue's Hunchback HBK-4G at 0505 facing N and Red's Jenner JR7-D at 0504 facing S, face
to face on a clear board, with a one-turn limit (the heavier side holds the field at its end).
Both stand still, so every to-hit number is the gunnery skill plus the weapon's own terms.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engine.battletech import events as ev
from engine.battletech.commands import FireWeapons, Jump, Move, PhysicalAttack
from engine.battletech.designs.mech import Location
from engine.battletech.rules import heat as heat_rules
from engine.battletech.rules.tohit import weapon_to_hit
from engine.battletech.state import AttackKind, BTSetup, MoveMode, Phase, Pilot, UnitSetup, Victory
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import terrain_board
from tests.tui.test_bt_play import library  # noqa: F401 - the fixture
from tui.app import HexmechApp
from tui.battletech.games import start_game
from tui.battletech.result import BTResultScreen
from tui.battletech.screen import BattleTechScreen
from tui.battletech.setup import BTStart
from tui.battletech.widgets import OrdersPanel, RecordSheet
from tui.battletech.widgets.attack_orders import to_hit_text
from tui.battletech.widgets.criticals import slot_name
from tui.battletech.widgets.targeting import weapons_of
from tui.widgets.log import EventLog

SIZE = (120, 40)
SEED = 7
NOW = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)
HUNCHBACK, JENNER = 0, 1
BLUE_FIRST = 8
"""With this seed Blue loses the first initiative: the Hunchback moves before the Jenner."""


def face_to_face(saves, library, *, seed=SEED, turns=1, locust=False, board=None):  # noqa: F811
    """The two 'Mechs adjacent: Hunchback 0505 N, Jenner 0504 S (``locust``: a Locust at 0502)."""
    extra = ()
    if locust:
        extra = (
            UnitSetup(
                library.unit("Locust LCT-1V"),
                1,
                Pilot("Oda", 4, 5),
                Hex.from_label("0502"),
                Facing.S,
            ),
        )
    setup = BTSetup(
        board or terrain_board(10, 10),
        ("Blue", "Red"),
        (
            UnitSetup(
                library.unit("Hunchback HBK-4G"),
                0,
                Pilot("Hollis", 4, 5),
                Hex.from_label("0505"),
                Facing.N,
            ),
            UnitSetup(
                library.unit("Jenner JR7-D"),
                1,
                Pilot("Ito", 4, 5),
                Hex.from_label("0504"),
                Facing.S,
            ),
            *extra,
        ),
        title="Face to face",
        victory=Victory(turns=turns),
    )
    return start_game(BTStart(setup, seed), saves, now=NOW)


def orders(screen):
    return [text for text, _ in screen.query_one(OrdersPanel).data]


def told(screen):
    return [t.text for t in screen.query_one(EventLog).told]


async def to_weapon_phase(app, pilot, journal):
    """Open the game, roll initiative, both stand still, end the movement phase."""
    app.push_screen(BattleTechScreen(journal=journal))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, BattleTechScreen)
    await pilot.press("i", "0", "0", "n")
    assert screen.game.state.phase is Phase.WEAPON
    return screen


async def test_the_targeting_panel_spells_out_every_term_of_each_number(tmp_path, library):  # noqa: F811
    """BT-C-14: each weapon's number and chance, and every term of it, as the engine sees it."""
    journal = face_to_face(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await to_weapon_phase(app, pilot, journal)
        state = screen.game.state
        unit = screen.selected
        target = screen.attacks.aim.target
        assert state.units[target].side != state.units[unit].side
        text = "\n".join(orders(screen))
        for weapon in weapons_of(state.units[unit]):
            # Arrange: the engine's own number for this weapon at the target shown
            to_hit = weapon_to_hit(state, unit, weapon, target)
            # Assert: the number and chance, or the reason, are on the panel ...
            assert to_hit_text(to_hit) in text
            if to_hit.number is None:
                continue
            # ... and every term of it, named and signed, shared or the weapon's own
            for name, value in to_hit.modifiers[1:]:
                if value:
                    assert f"{name} {value:+d}" in text
            assert f"{to_hit.modifiers[0][0]} {to_hit.modifiers[0][1]}" in text
            assert sum(v for _, v in to_hit.modifiers) == to_hit.number


async def test_the_heat_preview_adds_the_chosen_weapons_and_subtracts_the_sinks(tmp_path, library):  # noqa: F811
    """BT-C-51..53: heat now + movement + weapons chosen - dissipation = heat after the turn."""
    journal = face_to_face(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await to_weapon_phase(app, pilot, journal)
        await pilot.press("space")  # every weapon that can hit
        state = screen.game.state
        me = state.units[screen.selected]
        chosen = tuple(sorted(w for w, _ in screen.attacks.aim.shots))
        assert chosen
        # Arrange: the engine's figures, independently of the panel
        made = heat_rules.weapon_heat(me, chosen)
        moved = heat_rules.movement_heat(me)
        sunk = heat_rules.dissipation(state, me)
        expected = max(me.body.heat + moved + made - sunk, 0)
        # Assert
        line = next(t for t in orders(screen) if t.startswith("heat "))
        assert f"+{moved + made} built" in line
        assert f"-{sunk} sinks" in line
        assert line.endswith(f"= {expected}")


async def test_firing_marks_the_sheet_and_the_log_names_every_roll(tmp_path, library):  # noqa: F811
    """Space and c fire; after the last declaration the attacks resolve: armor falls, rolls told."""
    journal = face_to_face(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await to_weapon_phase(app, pilot, journal)
        first = screen.selected
        target = screen.attacks.aim.target
        before = screen.game.state.units[target]
        # Act: the first side fires everything it can, the other holds fire
        await pilot.press("space", "c")
        fired = screen.game.entries[-1].command
        assert isinstance(fired, FireWeapons)
        assert fired.unit == first
        assert {shot.target for shot in fired.shots} == {target}
        assert screen.game.state.phase is Phase.WEAPON
        await pilot.press("h")
        # Assert: the attacks were rolled, the damage is on the target's sheet
        events = screen.game.entries[-1].events
        rolls = [e for e in events if isinstance(e, ev.AttackRolled)]
        assert len(rolls) == len(fired.shots)
        damage = [e for e in events if isinstance(e, ev.DamageApplied) and e.unit == target]
        assert damage, "with this seed something hits"
        taken = sum(e.armor + e.internal for e in damage)
        now = screen.game.state.units[target]
        assert sum(before.body.armor) + sum(before.body.rear) + sum(
            before.body.internal
        ) - taken == (sum(now.body.armor) + sum(now.body.rear) + sum(now.body.internal))
        lines = told(screen)
        assert any("needed, rolled" in line and ("HIT" in line or "miss" in line) for line in lines)
        assert any("hit location" in line and "damage to the" in line for line in lines)


async def test_the_physical_phase_offers_a_punch_at_the_adjacent_enemy(tmp_path, library):  # noqa: F811
    """BT-C-37: adjacent, in the front arc: a punch is listed with its number; N and c declare."""
    journal = face_to_face(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await to_weapon_phase(app, pilot, journal)
        await pilot.press("h", "h")  # both hold fire
        state = screen.game.state
        assert state.phase is Phase.PHYSICAL
        unit = screen.selected
        choices = screen.attacks.strikes(state, unit)
        punches = [c for c in choices if c[0].kind is AttackKind.PUNCH]
        assert punches
        text = "\n".join(orders(screen))
        assert "punch" in text
        assert to_hit_text(punches[0][1]) in text
        # Act: choose the first punch and declare it
        number = choices.index(punches[0]) + 1
        await pilot.press(str(number), "c")
        declared = next(
            e.command
            for e in reversed(screen.game.entries)
            if isinstance(e.command, PhysicalAttack)
        )
        assert declared == punches[0][0]


async def test_the_game_ends_on_the_result_screen_with_the_winner(tmp_path, library):  # noqa: F811
    """The one-turn limit: at the end of turn 1 the heavier side holds the field."""
    journal = face_to_face(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await to_weapon_phase(app, pilot, journal)
        for _ in range(6):
            if screen.game.state.phase in {Phase.WEAPON, Phase.PHYSICAL}:
                await pilot.press("h")
        state = screen.game.state
        assert state.phase is Phase.OVER
        await pilot.pause()
        result = app.screen
        assert isinstance(result, BTResultScreen)
        winner = state.sides[state.winner] if state.winner is not None else None
        assert winner == "Blue"  # 50 tons against 35
        headline = str(result.query_one("#result-headline").render())
        assert headline.startswith("Blue wins")
        table = str(result.query_one("#result-table").render())
        assert "Hunchback HBK-4G" in table
        assert "Jenner JR7-D" in table
        await pilot.press("enter")
        assert app.screen is screen


async def test_undo_takes_back_a_declaration_but_not_the_rolls(tmp_path, library):  # noqa: F811
    """DESIGN 2: the first declaration rolled no dice and can be undone; the resolution cannot."""
    journal = face_to_face(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await to_weapon_phase(app, pilot, journal)
        before = screen.game.state
        await pilot.press("space", "c")
        assert screen.game.state != before
        await pilot.press("z")
        assert screen.game.state == before
        await pilot.press("space", "c", "h")
        resolved = screen.game.state
        await pilot.press("z")
        assert screen.game.state == resolved


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_weapon_phase_fits_both_layouts(tmp_path, library, size):  # noqa: F811
    """The targeting panel and the footer's keys at 80 x 24 and at 120 x 40."""
    journal = face_to_face(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = await to_weapon_phase(app, pilot, journal)
        assert screen.compact is (size == (80, 24))
        lines = orders(screen)
        assert any(line.startswith(("1-0", "c")) for line in lines)
        assert screen.check_action("weapon", ("1",)) is True
        assert screen.check_action("mode", ("walk",)) is False
        await pilot.press("right_square_bracket")
        assert screen.attacks.aim.twist == 1
        assert any("torso twisted right" in line for line in orders(screen))


async def test_a_plotted_walk_can_charge_the_unit_ahead(tmp_path, library):  # noqa: F811
    """BT-C-42: m marks the plot as a charge on the enemy in the hex ahead of its end."""
    journal = face_to_face(tmp_path, library, turns=0)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(BattleTechScreen(journal=journal))
        await pilot.pause()
        screen = app.screen
        await pilot.press("i")
        unit = screen.selected
        enemy = JENNER if unit == HUNCHBACK else HUNCHBACK
        # Arrange: a walk that ends where it started, facing the enemy (a turn left and back)
        await pilot.press("1", "left_square_bracket", "right_square_bracket")
        await pilot.press("m")
        assert screen.plot.attack == enemy
        assert any("then charge" in line for line in orders(screen))
        await pilot.press("c")
        # Assert: the game took a Move with the charge; the unit is charging the enemy
        command = screen.game.entries[-1].command
        assert isinstance(command, Move)
        assert (command.mode, command.charge) == (MoveMode.WALK, enemy)
        assert screen.game.state.units[unit].this_turn.charging == enemy


async def test_v_turns_the_record_sheet_to_its_critical_hits_page(tmp_path, library):  # noqa: F811
    """The sheet, then the critical table (every location's lines), then the sheet again."""
    journal = face_to_face(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await to_weapon_phase(app, pilot, journal)
        sheet = screen.query_one(RecordSheet)
        assert sheet.data.page == "sheet"
        await pilot.press("v")
        assert sheet.data.page == "criticals"
        shown = str(sheet.render())
        assert "criticals (* hit)" in shown
        unit = sheet.data.unit
        item = unit.design.equipment[0]
        assert slot_name(unit, item.location, item.slots[0]) in shown
        assert all(location.value in shown for location in Location)
        await pilot.press("v")
        assert sheet.data.page == "sheet"


async def test_a_plotted_jump_can_drop_on_a_unit_beside_the_landing(tmp_path, library):  # noqa: F811
    """BT-C-43: 3, Enter on a landing hex next to the enemy, m: the jump is a death from above."""
    journal = face_to_face(tmp_path, library, seed=BLUE_FIRST, turns=0)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(BattleTechScreen(journal=journal))
        await pilot.pause()
        screen = app.screen
        # Arrange: Blue lost the initiative: the Hunchback stands still, then the Jenner jumps
        await pilot.press("i")
        assert screen.selected == HUNCHBACK
        await pilot.press("0")
        assert screen.selected == JENNER
        state = screen.game.state
        target = state.units[HUNCHBACK].hex
        landing = next(
            target.neighbor(facing)
            for facing in Facing
            if target.neighbor(facing) != state.units[JENNER].hex
            and target.neighbor(facing) in state.board
        )
        # Act: plot the jump to the landing hex, mark it a DFA, give it
        await pilot.press("3")
        screen.board.set_cursor(landing)
        await pilot.press("enter")
        assert screen.plot.target == landing
        await pilot.press("m")
        assert screen.plot.attack == HUNCHBACK
        assert any("death from above on" in line for line in orders(screen))
        await pilot.press("c")
        # Assert: the game took the jump with its DFA
        command = screen.game.entries[-1].command
        assert isinstance(command, Jump)
        assert command.dfa == HUNCHBACK
        assert command.path[-1] == landing
        assert screen.game.state.units[JENNER].this_turn.dfa == HUNCHBACK


async def test_the_cursor_on_an_enemy_makes_it_the_target(tmp_path, library):  # noqa: F811
    """Moving the cursor onto another enemy shows it as the target; Tab goes back."""
    journal = face_to_face(tmp_path, library, seed=BLUE_FIRST, locust=True)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(BattleTechScreen(journal=journal))
        await pilot.pause()
        screen = app.screen
        await pilot.press("i", "0", "0", "0", "n")
        assert screen.game.state.phase is Phase.WEAPON
        assert screen.selected == HUNCHBACK
        assert screen.attacks.aim.target == JENNER  # the nearest enemy in sight
        locust = 2
        # Act: the cursor onto the Locust
        screen.board.set_cursor(screen.game.state.units[locust].hex)
        await pilot.pause()
        # Assert: it is the target; its line of sight is on the board
        assert screen.attacks.aim.target == locust
        assert screen.board.picture.path
        assert any("target l Locust LCT-1V" in line for line in orders(screen))
        await pilot.press("tab")
        assert screen.attacks.aim.target == JENNER


async def test_g_picks_up_a_tree_as_a_club_in_woods(tmp_path, library):  # noqa: F811
    """BT-C-38: in a woods hex, g takes a tree instead of firing; the log says so."""
    from engine.battletech.board import Terrain, Woods  # noqa: PLC0415

    board = terrain_board(
        10, 10, h0505=Terrain(woods=Woods.LIGHT), h0504=Terrain(woods=Woods.LIGHT)
    )
    journal = face_to_face(tmp_path, library, board=board)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await to_weapon_phase(app, pilot, journal)
        if screen.selected != HUNCHBACK:  # the Jenner has no hands: it holds fire first
            assert screen.check_action("take_club", ()) is False
            await pilot.press("h")
            await pilot.pause()
        unit = screen.selected
        assert unit == HUNCHBACK
        assert screen.check_action("take_club", ()) is True
        await pilot.press("g")
        await pilot.pause()
        state = screen.game.state
        assert state.units[unit].body.club == "tree"
        assert any("picks up a club" in line and "tree" in line for line in told(screen))
