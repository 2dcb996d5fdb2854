"""Each seat acts for itself facing the computer (issue 21): initiative and the end of movement.

At initiative and once every unit has moved, every side in the game is due (`seats_to_act`). The
person's roll or end of the phase is recorded with the person's side, never for the computer's
too; the computer gives the shared command itself when the person has nothing left to choose
(`has_own_choice`): always at the end of movement, at initiative when no bin of theirs can be
dumped (BT-C-58). Undo still takes back only the person's own moves and never crosses dice.
"""

from __future__ import annotations

import threading

import attrs

from engine.battletech import RULESET
from engine.battletech.commands import EndPhase, Move, MoveMode, RollInitiative
from engine.battletech.rules.flow import can_end_phase, pending
from engine.battletech.rules.seats import has_own_choice, seats_to_act
from engine.battletech.state import Phase
from tests.tui.test_bt_computer import library, new_journal, open_screen, person_deploys, until
from tests.tui.test_bt_play import SIZE
from tui.app import HexmechApp
from tui.battletech import computer as computer_module
from tui.battletech.games import start_game
from tui.battletech.setup import BTStart

__all__ = ["library"]  # the fixture, shared with test_bt_computer


async def deploy_all(pilot, screen):
    """The person deploys their units as they come due; the computer deploys its own."""
    while screen.game.state.phase is Phase.DEPLOYMENT:
        if screen.game.state.side_to_act == 0 and not screen.computer.holds():
            assert screen.execute(person_deploys(screen))
        await pilot.pause(0.02)


async def move_all_still(pilot, screen):
    """The person's units stand still when their slot comes, until every unit has moved."""
    while screen.game.state.phase is Phase.MOVEMENT and not can_end_phase(screen.game.state):
        state = screen.game.state
        if state.side_to_act == 0 and state.active is None and pending(state, 0):
            assert screen.execute(Move(pending(state, 0)[0], MoveMode.STILL))
        await pilot.pause(0.02)


def last(screen, kind):
    """The index of the last entry in effect whose command is a ``kind``."""
    entries = screen.game.entries
    return max(i for i, e in enumerate(entries) if isinstance(e.command, kind))


async def test_the_persons_roll_is_theirs_and_the_computer_waits_for_it(tmp_path, library):
    """Initiative with bins to dump: the computer does not roll; the person's i is side 0's own."""
    journal = new_journal(tmp_path, library, ("", "balanced"))
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await deploy_all(pilot, screen)
        await until(pilot, lambda: screen.game.state.phase is Phase.INITIATIVE)
        assert seats_to_act(screen.game.state) == {0, 1}
        assert has_own_choice(screen.game.state, 0)  # the Griffin's LRM bin may be dumped
        assert screen.viewer == 0  # both due: the person still sees as Davion, not as nobody
        at = screen.game.cursor
        await pilot.pause(0.3)
        assert screen.game.cursor == at  # the roll is the person's to give
        assert screen.check_action("initiative", ()) is True  # the key is theirs
        assert "thinking" not in str(screen.query_one("#bt-prompt").render())
        await pilot.press("i")
        entry = screen.game.entries[at]
        assert isinstance(entry.command, RollInitiative)
        assert entry.seat == 0  # not None: the person rolled for themselves only
        assert entry.note == ""
        # a roll: the person's undo cannot take it back
        await until(pilot, lambda: screen.game.state.side_to_act == 0 or screen.game.summary.over)
        before = screen.game.cursor
        await pilot.press("z")
        assert screen.game.cursor == before
        assert screen.game.entries[at].seat == 0


async def test_the_computer_ends_the_movement_phase_when_every_unit_has_moved(tmp_path, library):
    """Every unit has moved: nothing is left to choose, the computer ends the phase itself."""
    journal = new_journal(tmp_path, library, ("", "balanced"))
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await deploy_all(pilot, screen)
        await until(pilot, lambda: screen.game.state.phase is Phase.INITIATIVE)
        await pilot.press("i")
        await move_all_still(pilot, screen)
        await until(pilot, lambda: screen.game.state.phase is not Phase.MOVEMENT)
        ended = screen.game.entries[last(screen, EndPhase)]
        assert ended.seat == 1
        assert ended.note
        assert not ended.rolled
        # the person's undo takes back their own last move and everything the computer did after
        mine = max(i for i, e in enumerate(screen.game.entries) if e.seat == 0)
        assert isinstance(screen.game.entries[mine].command, Move)
        assert not any(e.rolled for e in screen.game.entries[mine:])  # standing still, no dice
        await pilot.press("z")
        assert screen.game.cursor == mine
        assert screen.game.state.phase is Phase.MOVEMENT
        assert screen.game.state.side_to_act == 0


async def test_the_person_may_end_the_phase_first_and_it_is_theirs(tmp_path, library, monkeypatch):
    """The key n while the computer still thinks: the end of the phase is side 0's, given once."""
    real = computer_module.think
    go_on = threading.Event()

    def slow_at_the_end(state, personality, rng):
        if can_end_phase(state):
            go_on.wait(10)  # the person's n comes first
        return real(state, personality, rng)

    monkeypatch.setattr(computer_module, "think", slow_at_the_end)
    journal = new_journal(tmp_path, library, ("", "balanced"))
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await deploy_all(pilot, screen)
        await until(pilot, lambda: screen.game.state.phase is Phase.INITIATIVE)
        await pilot.press("i")
        await move_all_still(pilot, screen)
        assert not screen.computer.holds()
        assert screen.check_action("end_phase", ()) is True
        await pilot.press("n")
        go_on.set()
        assert screen.game.state.phase is not Phase.MOVEMENT
        await until(pilot, lambda: screen.computer._worker is None)
        await pilot.pause(0.2)
        ends = [e for e in screen.game.entries if isinstance(e.command, EndPhase)]
        assert [e.seat for e in ends] == [0]
        assert ends[0].note == ""


async def test_the_computer_rolls_when_the_person_has_nothing_to_dump(tmp_path, library):
    """Energy weapons only on the person's side: nothing to declare, the computer rolls."""
    from tui.battletech.library import load_scenario  # noqa: PLC0415

    setup = load_scenario("default", library)
    awesome = library.unit("Awesome AWS-8Q")
    assert not any(item.shots for item in awesome.equipment)
    units = tuple(
        attrs.evolve(unit, design=awesome) if unit.side == 0 else unit for unit in setup.units
    )
    setup = attrs.evolve(setup, units=units, computer=("", "balanced"))
    journal = start_game(BTStart(setup, 7), tmp_path)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await deploy_all(pilot, screen)
        await until(pilot, lambda: screen.game.state.phase is not Phase.INITIATIVE)
        rolled = screen.game.entries[last(screen, RollInitiative)]
        assert rolled.seat == 1
        assert rolled.note


def test_own_choice_at_initiative_is_a_loaded_bin_of_ones_own(library):
    """`has_own_choice`: a loaded bin not yet being dumped, of a unit on the map (BT-C-58)."""
    from engine.hexes import Facing, Hex  # noqa: PLC0415
    from tui.battletech.library import load_scenario  # noqa: PLC0415

    setup = load_scenario("default", library)
    places = ("1001", "0701", "0915", "0715")
    units = tuple(
        attrs.evolve(u, hex=Hex.from_label(at), facing=Facing.S)
        for u, at in zip(setup.units, places, strict=True)
    )
    state = RULESET.start(attrs.evolve(setup, units=units))
    assert state.phase is Phase.INITIATIVE
    assert has_own_choice(state, 0)
    assert has_own_choice(state, 1)
    dumping = tuple(
        attrs.evolve(u, dumping=frozenset(i for i, s in enumerate(u.ammo) if s > 0))
        if u.side == 0
        else u
        for u in state.units
    )
    assert not has_own_choice(attrs.evolve(state, units=dumping), 0)
    assert has_own_choice(attrs.evolve(state, units=dumping), 1)
    gone = tuple(attrs.evolve(u, destroyed=u.side == 1) for u in state.units)
    assert not has_own_choice(attrs.evolve(state, units=gone), 1)


async def test_a_game_the_computer_ends_shows_what_happened_then_the_result(tmp_path, library):
    """The computer's last command: its summary on top, the result under it (as for a person)."""
    from engine.battletech.rules.turn import can_declare  # noqa: PLC0415
    from tui.battletech.phase_summary import PhaseSummaryScreen  # noqa: PLC0415
    from tui.battletech.result import BTResultScreen  # noqa: PLC0415

    journal = new_journal(tmp_path, library, ("", "aggressive"), turns=1, seed=8)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        for _ in range(3000):
            game = screen.game
            if game.summary.over:
                break
            state = game.state
            if app.screen is not screen:
                await pilot.press("enter")  # a summary: go on
            elif screen.computer.holds() or 0 not in game.seats_to_act:
                pass
            elif state.phase is Phase.DEPLOYMENT:
                assert screen.execute(person_deploys(screen))
            elif state.phase is Phase.INITIATIVE:
                await pilot.press("i")
            elif state.phase is Phase.MOVEMENT and pending(state, 0) and state.active is None:
                assert screen.execute(Move(pending(state, 0)[0], MoveMode.STILL))
            elif state.phase in {Phase.WEAPON, Phase.PHYSICAL}:
                mine = [i for i, u in enumerate(state.units) if u.side == 0]
                screen.selected = next(i for i in mine if can_declare(state, i))
                screen.attacks.hold()
            await pilot.pause(0.02)
        await pilot.pause(0.2)
        assert screen.game.summary.over
        assert screen.game.entries[-1].seat == 1  # seed 8: Kurita wins initiative, fires last
        stack = [type(s) for s in app.screen_stack]
        assert stack[-2:] == [BTResultScreen, PhaseSummaryScreen]
        await pilot.press("enter")
        assert isinstance(app.screen, BTResultScreen)


async def test_the_orders_panel_gives_no_keys_while_the_computer_acts(tmp_path, library):
    """Kurita (the computer) deploys first: its orders show, not 'Enter: place' keys to press."""
    from tui.battletech.widgets.orders import OrdersPanel  # noqa: PLC0415

    journal = new_journal(tmp_path, library, ("", "balanced"))
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal, pace=30.0)

        def orders():
            panel = screen.query_one(OrdersPanel)
            return " ".join(str(line.render()) for line in panel.query("Static")) or str(
                panel.render()
            )

        assert "Enter: place" in orders()  # the person deploys first
        assert screen.execute(person_deploys(screen))
        assert screen.computer.holds()
        assert "Enter: place" not in orders()
        assert "Deployment: Kurita" in orders()
