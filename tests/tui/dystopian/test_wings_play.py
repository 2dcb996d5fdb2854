"""Tiny-flyer wings on the DW play screen by keys: launch, fly to attack, refuel (DW-20).

The carrier group (CV-1 carries fighters-2, 5 fighters, and recon-1) against the naval fleet,
both deployed on their front rows. DW-20.4 (a carrier launches a wing within 2 hexes in its
squadron's activation), DW-20.3 / DW-20.6 (a wing's activation: it flies, then attacks an enemy
wing with its AA at 3+), DW-20.5 (a wing off its own edge refuels, or waits off the table).
"""

from __future__ import annotations

from engine.dystopian.commands import Activate, EndActivation, MoveModel
from engine.dystopian.movement import more_than_half
from engine.dystopian.rules import legal_commands
from engine.dystopian.ruleset import RULESET
from engine.dystopian.state import Stage
from engine.dystopian.wing_commands import FireAA, FlyWing, LaunchWing, RefuelWing
from engine.dystopian.wing_events import WingAAFired, WingFlew
from engine.dystopian.wing_rules import aa_dice, wing_hex, wing_index
from engine.dystopian.wing_state import WingPlace
from tests.tui.dystopian.test_screen_play import (  # noqa: F401 - the fixture
    NOW,
    SEED,
    SIZE,
    deploy_all,
    fleets,
    give,
    open_screen,
    text,
)
from tui.app import HexmechApp
from tui.dystopian.setup import build_setup
from tui.dystopian.wing_view import WingMarker, off_board_line
from tui.screens.game import create_save

CARRIERS = "Sample carrier group"
NAVAL = "Sample naval fleet"


def carrier_game(saves, library):
    """Red's naval fleet (top edge) against Blue's carrier group, deployed (DW-22.8)."""
    setup = build_setup(library, ("Red", "Blue"), (NAVAL, CARRIERS))
    journal = create_save(saves, RULESET, setup, seed=SEED, now=NOW)
    deploy_all(journal)
    assert journal.game.state.stage is Stage.ACTIVATION
    return journal


def _airborne_enemies(state, owner):
    found = [m.hex for m in state.models if m.on_board and m.owner != owner and m.level.airborne]
    found += [wing_hex(state, n) for n, w in enumerate(state.wings) if w.owner != owner]
    return [h for h in found if h is not None]


def play_until(journal, wanted, limit=200):
    """Play on (wings fly at the nearest enemy flyer; squadrons move and end) until ``wanted``.

    ``wanted(state, legal)`` returns a command to stop at, or None to play another step.
    """
    for _ in range(limit):
        state = journal.game.state
        legal = legal_commands(state)
        found = wanted(state, legal)
        if found is not None:
            return found
        flights = [
            c
            for c in legal
            if isinstance(c, FlyWing) and c.to is not None and not (c.land or c.cap or c.attack)
        ]
        if flights:
            targets = _airborne_enemies(state, state.active)
            give(journal, min(flights, key=lambda c: min(c.to.distance(h) for h in targets)))
            continue
        for kind in (EndActivation, MoveModel, RefuelWing, Activate):
            command = next((c for c in legal if isinstance(c, kind)), None)
            if command is not None:
                give(journal, command)
                break
    raise AssertionError("not reached")


async def select_wing(screen, pilot, index):
    """Tab through the pieces until wing ``index`` is selected."""
    for _ in range(40):
        if screen.wing == index:
            return
        await pilot.press("tab")
    raise AssertionError("the wing was never selected")


async def test_a_carrier_launches_a_wing_by_keys(tmp_path, fleets):  # noqa: F811
    """DW-20.4: Blue's CV-1 active, l shades the launch hexes; Enter picks, Enter launches."""
    journal = carrier_game(tmp_path, fleets)

    def blue_carrier(state, legal):
        return next(
            (c for c in legal if isinstance(c, Activate) and c.model == "CV-1"),
            None,
        )

    give(journal, play_until(journal, blue_carrier))
    state = journal.game.state
    carrier = state.index_of("CV-1")
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        for _ in range(20):
            if screen.selected == carrier and screen.wing is None:
                break
            await pilot.press("tab")
        assert "l Launch wing" in text(screen, "#dw-orders")
        await pilot.press("l")
        assert screen.plan == LaunchWing.TAG
        marks = set(screen.board.picture.marks)
        home = state.models[carrier].hex
        assert home in marks  # as CAP (DW-20.8)
        spot = min((h for h in marks if home.distance(h) == 2), key=lambda h: h.to_offset())
        screen.board.set_cursor(spot)
        await pilot.press("enter")
        orders = text(screen, "#dw-orders")
        assert f"CV-1 launches fighters-2 to {spot.label} (d2)" in orders
        assert "1. launch fighters-2" in orders  # recon-1 may go there too: 2 picks it
        await pilot.press("enter")
        assert screen.game.log[-1].command == LaunchWing("fighters-2", spot)
        after = screen.game.state
        wing = after.wings[wing_index(after, "fighters-2")]
        assert wing.place is WingPlace.AIR
        assert wing.hex == spot
        drawn = [u for u in screen.board.units_at(spot) if isinstance(u, WingMarker)]
        assert [(u.letter, u.tokens) for u in drawn] == [("f", 5)]
        assert any("*f5" in line for line in screen.board.picture.lines())
        assert "*R1 " not in off_board_line(after)  # Blue's letters are lower case
        assert "*r1 CV-1" in off_board_line(after)  # recon-1 still on the deck


async def test_a_wing_flies_to_attack_an_enemy_wing(tmp_path, fleets):  # noqa: F811
    """DW-20.3 / DW-20.6: m shades the hexes; Enter picks one, a number picks the attack."""
    journal = carrier_game(tmp_path, fleets)

    def an_attack(state, legal):
        return next((c for c in legal if isinstance(c, FlyWing) and c.attack), None)

    attack = play_until(journal, an_attack)
    state = journal.game.state
    index = wing_index(state, attack.wing)
    wing = state.wings[index]
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        await select_wing(screen, pilot, index)
        assert f"Fuel {wing.fuel}/6" in str(screen.query_one("#dw-card").render())
        await pilot.press("m")
        assert screen.plan == FlyWing.TAG
        assert attack.to in set(screen.board.picture.marks)
        screen.board.set_cursor(attack.to)
        await pilot.press("enter")
        assert attack in screen.options
        number = screen.options.index(attack) + 1
        await pilot.press(str(number))
        orders = text(screen, "#dw-orders")
        aa = wing.tokens * wing.profile.aa  # DW-20.2: fighters 2 AA a token, combined
        start = wing_hex(state, index)
        steps = start.distance(attack.to)
        spent = 1 if more_than_half(steps, 8) else 0  # DW-20.5; fighters: MV 16" = 8 hexes
        move = f"Flies {start.label} -> {attack.to.label}: {steps}/8 hexes"
        assert f"{move}, fuel {wing.fuel} -> {wing.fuel - spent}" in orders
        # DW-2.1: an exploding pool at 3+ scores (3/6 + 1/3) * 6/5 = 1 hit a die
        assert f"Attacks {attack.attack}: {aa} AA at 3+ ~{aa:.1f} hits, fuel -1" in orders
        await pilot.press("enter")
        entry = screen.game.log[-1]
        assert entry.command == attack
        assert any(isinstance(e, WingFlew) for e in entry.events)
        fired = [e for e in entry.events if isinstance(e, WingAAFired) and e.firer_wing == index]
        assert fired
        assert fired[0].threshold == 3  # DW-20.6: fighters hit wings on 3+


async def test_a_wing_off_its_edge_refuels_or_waits(tmp_path, fleets):  # noqa: F811
    """DW-20.5: Red's fighters-1 waits off its edge: u previews, Enter gives the refuel."""
    journal = carrier_game(tmp_path, fleets)
    state = journal.game.state
    assert state.players[state.active] == "Red"
    index = wing_index(state, "fighters-1")
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        assert "*F4 edge" in text(screen, "#dw-orders")  # the wings off the table
        await select_wing(screen, pilot, index)
        orders = text(screen, "#dw-orders")
        assert "m Fly wing" in orders
        assert "u Refuel wing" in orders
        await pilot.press("u")
        assert "fighters-1 stays off the table this turn (fuel 6)." in text(screen, "#dw-orders")
        await pilot.press("enter")
        assert screen.game.log[-1].command == RefuelWing("fighters-1")


async def test_a_flight_out_of_reach_is_refused_in_one_line(tmp_path, fleets):  # noqa: F811
    """DW-28.11: fighters fly MV 16" / 2 = 8 hexes; Enter on a far hex says why, no command."""
    journal = carrier_game(tmp_path, fleets)
    index = wing_index(journal.game.state, "fighters-1")
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        said = []
        screen.refuse = lambda message, **_title: said.append(message)
        await select_wing(screen, pilot, index)
        await pilot.press("m")
        marks = set(screen.board.picture.marks)
        far = max(screen.game.state.setup.terrain, key=lambda h: h.to_offset()[1])
        assert far not in marks
        entries = len(screen.game.log)
        screen.board.set_cursor(far)
        await pilot.press("enter")
        assert said == ["It flies only 8 hexes."]
        assert len(screen.game.log) == entries


async def test_a_model_turns_its_aa_on_a_wing(tmp_path, fleets):  # noqa: F811
    """DW-18.2 / DW-18.4: k shades the enemy wings in AA reach; the preview, then Enter fires."""
    journal = carrier_game(tmp_path, fleets)

    def aa_at_a_wing(state, legal):
        return next((c for c in legal if isinstance(c, FireAA)), None)

    shot = play_until(journal, aa_at_a_wing)
    state = journal.game.state
    firer = state.index_of(shot.models[0])
    target = wing_index(state, shot.wing)
    app = HexmechApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_screen(app, pilot, journal)
        for _ in range(20):
            if screen.selected == firer and screen.wing is None:
                break
            await pilot.press("tab")
        assert "k Fire aa" in text(screen, "#dw-orders")
        await pilot.press("k")
        assert wing_hex(state, target) in set(screen.board.picture.marks)
        if screen.chosen != shot:  # one wing in reach: already chosen; else Enter on it
            screen.board.set_cursor(wing_hex(state, target))
            await pilot.press("enter")
        assert screen.chosen == shot
        dice = aa_dice(state, firer)
        orders = text(screen, "#dw-orders")
        # DW-2.1: an exploding pool at 5+ scores (1/6 + 1/3) * 6/5 = 0.6 hits a die
        assert f"{shot.models[0]} AA {dice} dice" in orders
        assert f"at 5+: ~{0.6 * dice:.1f} hits" in orders
        await pilot.press("enter")
        entry = screen.game.log[-1]
        assert isinstance(entry.command, FireAA)
        assert entry.command.wing == shot.wing
        fired = [e for e in entry.events if isinstance(e, WingAAFired) and e.firer_model == firer]
        assert fired
        assert fired[0].threshold == 5  # DW-18.4: a model's AA hits tiny flyers on 5-6
