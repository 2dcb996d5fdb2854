"""Orders of several units by keys: formations (AOD-18) and boarding and unloading (AOD-9.3).

Liao Line goes first with the test seed; its three Pathguards stand in a line in 1834-1836
(linked by base contact, a movement formation of 3, AOD-18.2, AOD-18.5), its Bastion APC in 2234
facing N with the Field Repair Team behind it in 2235 (touching its rear arc: it may board,
AOD-9.3), its Longbow artillery in 2834 (long range 11-24 hexes, AOD-13.3).
"""

from __future__ import annotations

from engine.aod.commands import (
    CloseFormation,
    DeployUnit,
    EndTurn,
    FireArtillery,
    FreeSpin,
    LoadTransport,
    MoveFormation,
    MoveUnit,
    RangedFormation,
    RollFirstPlayer,
    UnloadTransport,
)
from engine.aod.rules import legal_commands
from engine.aod.ruleset import RULESET
from engine.aod.state import Stage
from engine.game import Rejected
from engine.hexes import Facing, Hex
from tests.tui.aod.test_screen_play import (  # noqa: F401 - the fixture
    NOW,
    SEED,
    SIZE,
    library,
    open_screen,
    setup_of,
    text,
)
from tests.tui.aod.test_screen_workflow import placed
from tests.tui.fakes import messages
from tui.aod.groups import formation_commands_of, group_hex
from tui.aod.workflow import formation_fire_lines
from tui.app import HexmechApp
from tui.screens.game import create_save

FIXED = {
    "HX-001d": "1834",
    "HX-001e": "1835",
    "HX-001f": "1836",
    "HX-005b": "2234",
    "HX-003b": "2235",
    "HX-006a": "2834",
}
"""Liao Line's units placed by the test; the others as far from everyone as the zone allows."""


def liao_grouped(saves, library):  # noqa: F811
    """The demo game deployed with `FIXED`, in Liao Line's first order stage."""
    journal = create_save(saves, RULESET, setup_of(library), seed=SEED, now=NOW)
    journal.execute(RollFirstPlayer())
    fixed = [Hex.from_label(label) for label in FIXED.values()]
    while journal.game.state.stage is Stage.DEPLOYMENT:
        state = journal.game.state
        index = next(n for n in state.owned(state.active) if state.units[n].hex is None)
        ident = state.units[index].ident
        if ident in FIXED:
            command = DeployUnit(ident, Hex.from_label(FIXED[ident]), Facing.N)
        else:
            taken = [u.hex for u in state.units if u.hex is not None] + fixed
            options = [
                c
                for c in legal_commands(state)
                if isinstance(c, DeployUnit) and c.unit == ident and c.hex not in fixed
            ]
            command = max(options, key=lambda c: min(c.hex.distance(h) for h in taken))
        assert not isinstance(journal.execute(command), Rejected)
    assert journal.game.state.players[journal.game.state.active] == "Liao Line"
    return journal


async def select(screen, pilot, ident):
    """Tab until ``ident`` is selected (as a player would)."""
    for _ in range(len(screen.state.units)):
        if screen.state.units[screen.selected].ident == ident:
            return
        await pilot.press("tab")
    raise AssertionError(f"Tab never selected {ident}")


async def space_on(screen, pilot, label):
    screen.board.set_cursor(Hex.from_label(label))
    await pilot.press("space")


async def enter_on(screen, pilot, label):
    screen.board.set_cursor(Hex.from_label(label))
    await pilot.press("enter")


async def test_a_movement_formation_by_keys(tmp_path, library):  # noqa: F811
    """AOD-18.2: o, the members offered; Space takes one out and puts it back; Enter twice."""
    journal = liao_grouped(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await select(screen, pilot, "HX-001d")
        assert "o Formation" in text(screen, "#aod-orders")
        assert not screen.allows("member", ())  # Space adds members only in such an order
        await pilot.press("o")
        assert screen.allows("member", ())
        assert "Members: HX-001d, HX-001e, HX-001f" in text(screen, "#aod-orders")
        marks = screen.board.picture.marks
        assert marks[Hex.from_label("1835")] == marks[Hex.from_label("1836")] == "+"
        # Act: Space on 1836 takes the third out: two Pathguards form no movement formation
        await space_on(screen, pilot, "1836")
        orders = text(screen, "#aod-orders")
        assert "Members: HX-001d, HX-001e (Space" in orders
        assert "2 units form only a close formation, and no enemy touches them all" in orders
        await space_on(screen, pilot, "1836")  # back in
        # Act: two hexes north, Enter shows the preview, Enter gives it
        await enter_on(screen, pilot, "1832")
        orders = text(screen, "#aod-orders")
        assert "> formation move HX-001d,HX-001e,HX-001f to 1832 face N" in orders
        assert "Refused" not in orders
        assert ": HX-001d 1832, HX-001e 1833, HX-001f 1834" in orders  # each member's end
        await pilot.press("enter")
        # Assert: one order moved all three, each by the leader's two hexes (AOD-18.2)
        state = screen.game.state
        assert screen.game.log[-1].command == MoveFormation(
            ("HX-001d", "HX-001e", "HX-001f"), Hex.from_label("1832"), Facing.N
        )
        assert [state.units[state.index_of(m)].hex.label for m in FIXED][:3] == [
            "1832",
            "1833",
            "1834",
        ]
        assert state.orders_left == journal.game.state.orders_left  # the journal's own game
        assert state.orders_left == 2  # 450 points: 3 orders, one spent


async def test_a_formation_refuses_a_hex_its_members_cannot_reach(tmp_path, library):  # noqa: F811
    """AOD-18.2: moving south would put the last member off the board: one line says so."""
    journal = liao_grouped(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await select(screen, pilot, "HX-001d")
        entries = len(screen.game.log)
        await pilot.press("o")
        await enter_on(screen, pilot, "1835")  # the leader one south: HX-001f to 1837
        assert messages(app)[-1] == (
            "The formation cannot move so: the unit in 1836 cannot reach 1837."
        )
        assert screen.chosen is None
        assert len(screen.game.log) == entries


async def test_a_unit_boards_then_is_unloaded_by_keys(tmp_path, library):  # noqa: F811
    """AOD-9.3: l, Space on the Repair Team (b), Enter on the APC; next turn u, Enter, 1."""
    journal = liao_grouped(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await select(screen, pilot, "HX-005b")
        await pilot.press("l")
        assert screen.board.picture.marks[Hex.from_label("2235")] == "b"
        assert "Boarding: none yet" in text(screen, "#aod-orders")
        assert "Board, facing N" in text(screen, "#aod-orders")
        # Act: a unit that may not board is refused with its reason
        await space_on(screen, pilot, "1834")
        assert "HX-001d cannot board HX-005b" in messages(app)[-1]
        await space_on(screen, pilot, "2235")
        assert "Boarding: HX-003b" in text(screen, "#aod-orders")
        await enter_on(screen, pilot, "2234")  # the APC stays
        assert "> board HX-003b into HX-005b" in text(screen, "#aod-orders")
        await pilot.press("enter")
        state = screen.game.state
        assert screen.game.log[-1].command == LoadTransport("HX-005b", ("HX-003b",))
        repair = state.units[state.index_of("HX-003b")]
        assert repair.aboard == state.index_of("HX-005b")
        assert repair.hex is None
        # Arrange: both players pass; Liao Line's second turn
        journal.execute(EndTurn())
        journal.execute(EndTurn())
        screen.redraw()
        await pilot.pause()
        await select(screen, pilot, "HX-005b")
        assert "u Unload" in text(screen, "#aod-orders")
        # Act: unload where it stands; the one passenger goes in the first free hex behind it
        await pilot.press("u")
        await enter_on(screen, pilot, "2234")
        orders = text(screen, "#aod-orders")
        assert "> unload HX-005b" in orders
        await pilot.press("enter")
        state = screen.game.state
        command = screen.game.log[-1].command
        assert isinstance(command, UnloadTransport)
        ((rider, where, _),) = command.drops
        assert rider == "HX-003b"
        assert where.distance(Hex.from_label("2234")) == 1  # set down beside the APC
        assert state.units[state.index_of("HX-003b")].hex == where
        assert state.units[state.index_of("HX-003b")].aboard is None


async def test_long_range_fire_at_any_hex_of_the_band(tmp_path, library):  # noqa: F811
    """AOD-13.3: t marks the band (11-24 hexes, front arc); Enter on an empty hex drops A-L."""
    journal = liao_grouped(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await select(screen, pilot, "HX-006a")
        assert "t Artillery" in text(screen, "#aod-orders")  # no enemy in the band: still t
        await pilot.press("t")
        marks = screen.board.picture.marks
        start = Hex.from_label("2834")
        assert marks
        assert all(10 < h.distance(start) <= 24 for h in marks)
        dot = Hex.from_label("2820")  # 14 hexes north, nobody there
        assert dot in marks
        assert not any(u.hex == dot for u in screen.state.units)
        await enter_on(screen, pilot, "2820")
        await pilot.press("enter")
        assert screen.game.log[-1].command == FireArtillery("HX-006a", (("A-L", dot),))


def test_ranged_and_close_formations_are_found_for_the_members_named(tmp_path, library):  # noqa: F811
    """AOD-18.3 / AOD-18.4: three linked Pathguards and an enemy 3 hexes off, then touching.

    At 3 hexes, every line of fire clear, the trio may fire as a ranged formation (+2 attack a
    member beyond the leader: +4); touching the leader and the second, two of them may
    close-attack it. (In a column with the enemy straight ahead the leader blocks the others.)
    """
    state = liao_grouped(tmp_path, library).game.state
    trio = [state.index_of(m) for m in ("HX-001d", "HX-001e", "HX-001f")]
    far = placed(state, HX_001a=("2134", Facing.S))  # 3 hexes NE of the leader: clear lines
    found = formation_commands_of(far, trio, Facing.N)
    fire = RangedFormation(("HX-001d", "HX-001e", "HX-001f"), "HX-001a")
    assert fire in found
    assert group_hex(far, fire) == Hex.from_label("2134")
    lines = formation_fire_lines(far, fire)
    assert "  +4 attack: ranged formation" in lines
    # touching 1834 and 1835, each Pathguard turned to face it (front arc contact)
    near = placed(
        state,
        HX_001a=("1935", Facing.N),
        HX_001d=("1834", Facing.SE),
        HX_001e=("1835", Facing.NE),
    )
    pair = formation_commands_of(near, trio[:2], Facing.N)
    assert CloseFormation(("HX-001d", "HX-001e"), "HX-001a") in pair


def kestrel_near(saves, library):  # noqa: F811
    """Liao Line passes; Falcon Strike's Kestrel walks to 2132 (two turns), 3 hexes NE of 1834."""
    journal = liao_grouped(saves, library)
    goal = Hex.from_label("2132")
    for _ in range(3):
        state = journal.game.state
        if state.units[state.index_of("HX-009a")].hex == goal:
            break
        journal.execute(EndTurn())  # Liao Line
        state = journal.game.state
        moves = [
            c for c in legal_commands(state) if isinstance(c, MoveUnit) and c.unit == "HX-009a"
        ]
        journal.execute(min(moves, key=lambda m: (m.to.distance(goal), m.run)))
        journal.execute(EndTurn())  # Falcon Strike
    state = journal.game.state
    assert state.units[state.index_of("HX-009a")].hex == goal
    assert state.players[state.active] == "Liao Line"
    return journal


async def test_a_ranged_formation_fires_by_keys(tmp_path, library):  # noqa: F811
    """AOD-18.3: o on the leader, Enter on the Kestrel: the need with +4, then the attack."""
    journal = kestrel_near(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await select(screen, pilot, "HX-001d")
        await pilot.press("o")
        assert Hex.from_label("2132") in screen.board.picture.marks  # the enemy is shaded
        await enter_on(screen, pilot, "2132")
        orders = text(screen, "#aod-orders")
        assert "> formation fire HX-001d,HX-001e,HX-001f at HX-009a" in orders
        assert "  +4 attack: ranged formation" in orders  # two members beyond the leader
        need = next(line for line in orders.splitlines() if line.startswith("HX-009a: need "))
        await pilot.press("enter")
        # Assert: one attack, the leader's, rolled against the need the preview showed
        state = screen.game.state
        entry = screen.game.log[-1]
        assert entry.command == RangedFormation(("HX-001d", "HX-001e", "HX-001f"), "HX-009a")
        rolled = next(e for e in entry.events if type(e).__name__ == "AttackRolled")
        shot = rolled.shots[0]
        shown = int(need.split("need ")[1].split("+")[0])
        modifiers = sum(m.amount for m in shot.defense_modifiers) - sum(
            m.amount for m in shot.attack_modifiers
        )
        assert shown == shot.defense - shot.attack + modifiers
        assert all(state.units[state.index_of(m)].order is not None for m in FIXED if "001" in m)


def kestrel_beside(saves, library):  # noqa: F811
    """The Kestrel runs in two turns to 1935, touching HX-001d (1834) and HX-001e (1835).

    HX-001d takes its free spin to face it (AOD-8.5); then it is Liao Line's turn.
    """
    journal = liao_grouped(saves, library)
    goal = Hex.from_label("1935")
    for _ in range(2):
        journal.execute(EndTurn())  # Liao Line
        state = journal.game.state
        moves = [
            c for c in legal_commands(state) if isinstance(c, MoveUnit) and c.unit == "HX-009a"
        ]
        journal.execute(min(moves, key=lambda m: (m.to.distance(goal), m.run)))
        while journal.game.state.spins:  # AOD-8.5: turn to face the Kestrel
            journal.execute(FreeSpin("HX-001d", Facing.SE))
        journal.execute(EndTurn())  # Falcon Strike
    state = journal.game.state
    assert state.units[state.index_of("HX-009a")].hex == goal
    assert state.units[state.index_of("HX-001d")].facing is Facing.SE
    return journal


async def test_a_close_formation_captures_by_keys(tmp_path, library):  # noqa: F811
    """AOD-18.4: two Pathguards touching the Kestrel: Enter on it offers 1 close, 2 capture."""
    journal = kestrel_beside(tmp_path, library)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await select(screen, pilot, "HX-001d")
        await pilot.press("o")
        if screen.state.index_of("HX-001f") in screen.members:
            await space_on(screen, pilot, "1836")  # a close formation is 2 or 3 touching it
        assert [screen.state.units[n].ident for n in screen.members] == ["HX-001d", "HX-001e"]
        await enter_on(screen, pilot, "1935")
        assert screen.options == [
            CloseFormation(("HX-001d", "HX-001e"), "HX-009a"),
            CloseFormation(("HX-001d", "HX-001e"), "HX-009a", capture=True),
        ]
        await pilot.press("2")
        assert "> formation capture HX-001d,HX-001e at HX-009a" in text(screen, "#aod-orders")
        await pilot.press("enter")
        entry = screen.game.log[-1]
        assert entry.command == CloseFormation(("HX-001d", "HX-001e"), "HX-009a", capture=True)
        rolled = next(e for e in entry.events if type(e).__name__ == "AttackRolled")
        assert rolled.capture
        assert rolled.close
