"""Buildings under fire: CF lost, collapse, the units inside, rubble (issue 15 item 5).

BT-M-41 #4 (ASSUMPTION): a building collapses when its CF is used up or the units in it weigh
more than what is left; the units inside fall. BT-M-8.10: the hex is rubble afterwards (2 MP, a
PSR). BT-C-90.11 (ASSUMPTION, MegaMek): a unit inside is shielded by ⌈CF / 10⌉ of each packet.
BT-C-60: a burning building loses 2 CF a turn. Scripted dice throughout.
"""

from __future__ import annotations

import random
import tomllib
from datetime import UTC, datetime
from pathlib import Path

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech.board import Building, BuildingClass, Terrain
from engine.battletech.bot.builtin import aggressive
from engine.battletech.buildingevents import BuildingShielded
from engine.battletech.commands import Step, StepKind
from engine.battletech.context import Ctx
from engine.battletech.designs.mech import Location
from engine.battletech.narrate import describe
from engine.battletech.rules.buildings import COLLAPSE_CAUSE, absorbs
from engine.battletech.rules.fire import end_phase_fire
from engine.battletech.rules.movement import plan_move
from engine.battletech.state import Attack, AttackKind, BTState, MoveMode, Phase
from engine.dice import ScriptedDice
from engine.game import Accepted
from engine.hexes import Facing
from saves.journal import Journal, read_game
from tests.engine.battletech._build import design, start, terrain_board
from tests.engine.battletech._rules_btc import (
    CT,
    RA,
    H,
    duel,
    of,
    physical_attack,
    resolve,
    still,
)
from tui.battletech.library import install

ROOT = Path(__file__).resolve().parents[3]
GUNS = design(equipment=[("Medium Laser", CT), ("PPC", RA)])
ML, PPC = range(2)


def _building(cls: BuildingClass, cf: int, *, fire: bool = False) -> Terrain:
    return Terrain(building=Building(cls, cf), fire=fire)


def _field(terrain: Terrain, target_tons: int = 50) -> BTState:
    """The gunner (unit 0, 50 t) in 0810 facing N; unit 1 (``target_tons``) in 0805."""
    board = terrain_board(16, 17, h0805=terrain)
    return still(duel(GUNS, design(target_tons), "0810", "0805", Facing.N, Facing.S, board))


def _at_hex(weapon: int) -> Attack:
    """Unit 0 fires ``weapon`` at the hex 0805 (BT-C-60.2: -4 immobile; to-hit 2 here)."""
    return Attack(0, AttackKind.WEAPON, None, H("0805"), 2, (("test", 2),), weapon)


def _at_unit(weapon: int) -> Attack:
    """Unit 0 fires ``weapon`` at unit 1 in 0805 (to-hit 2 here)."""
    return Attack(0, AttackKind.WEAPON, 1, H("0805"), 2, (("test", 2),), weapon)


def test_fire_at_a_building_takes_cf_and_it_collapses_on_the_mech_inside() -> None:
    """BT-M-41 #4: a PPC (10) leaves a light building of CF 12 with 2, less than the 50 t inside.

    It collapses: the 'Mech inside falls (0 levels: 5 damage, BT-M-35), the hex is rubble
    (BT-M-8.10) that remembers its class for girders (BT-C-38). No fire roll on rubble.
    Dice: to-hit 4+4; the fall's facing 1, its location 3+4 (CT), the injury roll 6+6.
    """
    state = _field(_building(BuildingClass.LIGHT, 12))
    after, events = resolve(state, [_at_hex(PPC)], (4, 4, 1, 3, 4, 6, 6))
    assert of(events, ev.BuildingDamaged) == [ev.BuildingDamaged(H("0805"), 10, collapsed=True)]
    (fell,) = of(events, ev.UnitFell)
    assert (fell.unit, fell.cause, fell.levels, fell.damage) == (1, COLLAPSE_CAUSE, 0, 5)
    terrain = after.board.terrain(H("0805"))
    assert terrain.building is None
    assert terrain.rubble
    assert (H("0805"), "light") in after.rubble_class
    assert after.units[1].mech.prone
    assert not of(events, ev.TerrainRolled)


def test_a_building_stands_while_its_cf_left_carries_the_units_inside() -> None:
    """BT-M-41 #4: a hardened building of CF 150 loses 10 to a PPC; 140 > 50 t: it stands.

    Then the fire roll (BT-C-60.1: energy 7+, hardened +3 = 10+): 2+2 starts nothing.
    """
    state = _field(_building(BuildingClass.HARDENED, 150))
    after, events = resolve(state, [_at_hex(PPC)], (4, 4, 2, 2))
    assert of(events, ev.BuildingDamaged) == [ev.BuildingDamaged(H("0805"), 10, collapsed=False)]
    building = after.board.terrain(H("0805")).building
    assert building is not None
    assert building.cf == 140
    assert not of(events, ev.UnitFell)
    assert [(r.kind, r.target) for r in of(events, ev.TerrainRolled)] == [("fire", 10)]


def test_a_mech_inside_is_shielded_by_a_tenth_of_the_cf() -> None:
    """BT-C-90.11 (ASSUMPTION): a medium laser (5) at a 'Mech in a CF 40 building.

    ⌈40/10⌉ = 4 to the building, 1 to the 20-ton 'Mech (36 still carries it). Dice: to-hit 4+4,
    location 3+4 (center torso).
    """
    state = _field(_building(BuildingClass.MEDIUM, 40), target_tons=20)
    before = state.units[1].mech.armor_at(Location.CT)
    after, events = resolve(state, [_at_unit(ML)], (4, 4, 3, 4))
    assert of(events, BuildingShielded) == [BuildingShielded(H("0805"), 1, 5, 4)]
    assert of(events, ev.BuildingDamaged) == [ev.BuildingDamaged(H("0805"), 4, collapsed=False)]
    assert after.units[1].mech.armor_at(Location.CT) == before - 1
    building = after.board.terrain(H("0805")).building
    assert building is not None
    assert building.cf == 36


def test_a_strong_building_takes_the_whole_packet_and_no_location_is_rolled() -> None:
    """BT-C-90.11: ⌈90/10⌉ = 9 >= 5: the building takes all of the laser; the 'Mech nothing."""
    assert absorbs(90) == 9
    state = _field(_building(BuildingClass.HEAVY, 90))
    after, events = resolve(state, [_at_unit(ML)], (4, 4))
    assert of(events, BuildingShielded) == [BuildingShielded(H("0805"), 1, 5, 5)]
    assert after.units[1].mech.armor == state.units[1].mech.armor
    assert not of(events, ev.DamageApplied)


def test_a_shot_that_collapses_the_building_drops_the_mech_and_hits_it_with_the_rest() -> None:
    """BT-M-41 #4 + BT-C-90.11: CF 52 under 50 t: a PPC's 10 -> 6 absorbed, 46 < 50: collapse.

    The 'Mech falls (facing 1, location 3+4, injury 6+6), then takes the other 4 (3+4: CT).
    """
    state = _field(_building(BuildingClass.HEAVY, 52))
    armor = state.units[1].mech.armor_at(Location.CT)
    after, events = resolve(state, [_at_unit(PPC)], (4, 4, 1, 3, 4, 6, 6, 3, 4))
    assert of(events, BuildingShielded) == [BuildingShielded(H("0805"), 1, 10, 6)]
    assert of(events, ev.BuildingDamaged) == [ev.BuildingDamaged(H("0805"), 6, collapsed=True)]
    assert [e.cause for e in of(events, ev.UnitFell)] == [COLLAPSE_CAUSE]
    assert after.board.terrain(H("0805")).rubble
    assert after.units[1].mech.armor_at(Location.CT) == armor - 5 - 4


def test_an_attacker_in_the_open_hits_a_mech_in_the_open_in_full() -> None:
    """BT-C-90.11: no building in the target's hex, nothing is absorbed."""
    state = _field(Terrain())
    _, events = resolve(state, [_at_unit(ML)], (4, 4, 3, 4))
    assert not of(events, BuildingShielded)


def test_a_burning_building_collapses_on_the_mech_inside_and_the_fire_goes_out() -> None:
    """BT-C-60 / BT-M-8.12: 2 CF a turn; at CF 2 it collapses in the End phase (BT-M-41 #4).

    The 'Mech inside falls (facing 1, location 3+4, injury 6+6); rubble does not burn.
    """
    state = _field(_building(BuildingClass.LIGHT, 2, fire=True))
    scripted = ScriptedDice((1, 3, 4, 6, 6))
    ctx = Ctx(state, scripted)
    end_phase_fire(ctx)
    assert scripted.position == 5
    events = ctx.events
    assert of(events, ev.BuildingDamaged) == [ev.BuildingDamaged(H("0805"), 2, collapsed=True)]
    assert [e.cause for e in of(events, ev.UnitFell)] == [COLLAPSE_CAUSE]
    terrain = ctx.state.board.terrain(H("0805"))
    assert terrain.rubble
    assert not terrain.fire


def test_rubble_left_by_a_collapse_costs_2_mp_and_a_psr() -> None:
    """BT-M-8.10: a 'Mech stepping from 0806 into the rubble of 0805 pays 2 MP and rolls."""
    state = _field(_building(BuildingClass.LIGHT, 12))
    after, _ = resolve(state, [_at_hex(PPC)], (4, 4, 1, 3, 4, 6, 6))
    walker = start(after.board, [(design(), 0, "0806", Facing.N), (design(), 1, "0101", Facing.S)])
    plan = plan_move(walker, 0, MoveMode.WALK, (Step(StepKind.FORWARD),))
    assert [s.mp for s in plan.steps] == [2]
    assert [c.reason for c in plan.checks] == ["rubble"]


def test_the_log_tells_the_collapse_the_units_inside_and_the_shield() -> None:
    """The log's words: who was inside a collapsing building (BT-M-41 #4), the share it took."""
    state = _field(_building(BuildingClass.LIGHT, 12))
    collapse = ev.BuildingDamaged(H("0805"), 10, collapsed=True)
    text = describe(collapse, state, state)
    assert text.startswith("The building in 0805 loses 10 CF and collapses: ")
    assert "inside falls" in text
    shielded = describe(BuildingShielded(H("0805"), 1, 5, 4), state, state)
    assert "takes 4 of the 5 damage" in shielded
    spread = describe(ev.TerrainRolled(H("0805"), "spread", 9, (4, 5), success=True), state, state)
    assert spread == "0805: fire spread roll (wind), 9+, rolled 4+5=9: the fire spreads."
    burn = describe(
        ev.TerrainRolled(H("0805"), "burn down", 10, (5, 5), success=True), state, state
    )
    assert "burn-down roll, 10+" in burn
    assert burn.endswith("the woods burn down a step.")


# ---------------------------------------------------------------- saves, undo, replay
def test_a_town_ablaze_game_saves_undoes_and_replays_to_the_same_state(tmp_path: Path) -> None:
    """Every die is an event: a saved town-ablaze game reads back as the game that was played.

    The bundled scenario (wind, fires, shielding, collapses), with an undo and a redo on the way.
    """
    install()
    table = tomllib.loads((ROOT / "assets/scenarios/battletech/town-ablaze.toml").read_text())
    table["victory"] = {"kind": "destroy", "turns": 4}
    setup = RULESET.make_setup(table)
    rng = random.Random(11)  # noqa: S311 - a game policy
    path = tmp_path / "town.jsonl"
    kinds: set[str] = set()
    undone = False
    with Journal.create(
        path, RULESET, setup, created=datetime(2026, 1, 1, tzinfo=UTC), seed=11
    ) as journal:
        for number in range(2000):
            state = journal.game.state
            if state.phase is Phase.OVER:
                break
            command = aggressive(state, rng)
            assert command is not None
            outcome = journal.execute(command)
            assert isinstance(outcome, Accepted), outcome
            kinds |= {type(e).__name__ for e in outcome.entry.events}
            if (
                number >= 40 and outcome.entry.dice_end == outcome.entry.dice_start and not undone
            ):  # undo needs no dice
                undone = True
                assert isinstance(journal.undo(), Accepted)
                assert isinstance(journal.redo(), Accepted)
        final = journal.game.state
    assert undone
    assert {"BuildingShielded", "BuildingDamaged", "TerrainRolled"} <= kinds
    loaded = read_game(path.read_bytes(), path.name)
    assert loaded.warnings == ()
    assert loaded.game.state == final
    assert final.wind is Facing.SE


def test_a_kick_at_a_mech_inside_a_building_is_shielded_too() -> None:
    """BT-C-42 ("the building absorbs damage normally") and BT-C-90.11 for physical attacks.

    A 50-ton 'Mech's kick (10) at a 20-ton 'Mech in a CF 40 building: 4 to the building, 6 to
    the leg the kick table's die picks.
    """
    board = terrain_board(16, 17, h0805=_building(BuildingClass.MEDIUM, 40))
    state = still(duel(GUNS, design(20), "0806", "0805", Facing.N, Facing.S, board))
    kick = physical_attack(state, 0, AttackKind.KICK, 1, 2, limb=Location.RL, table="kick")
    _, events = resolve(state, [kick], (4, 4, 6), phase=Phase.PHYSICAL, end=False)
    assert of(events, BuildingShielded) == [BuildingShielded(H("0805"), 1, 10, 4)]
    (hit,) = of(events, ev.DamageApplied)
    assert hit.armor + hit.internal == 6
