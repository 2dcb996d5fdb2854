"""The two bundled combined-arms scenarios (``convoy-raid``, ``city-fight``; issue 20 item 6).

Every unit is a bundled design (``assets/units``, its ``blk/`` folder for the new kinds), each
stands on its own hex of the bundled board, no vehicle starts where its motive type may not go
(BT-M-23: woods and buildings, water for ground vehicles), each scenario mixes the kinds it is
about, and the real reader (`engine.battletech.data.scenario.build_setup`) sets up every unit.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import pytest

from engine.battletech import RULESET
from engine.battletech import kindevents as kev
from engine.battletech.board import Board
from engine.battletech.bot.builtin import aggressive, random_policy
from engine.battletech.data.scenario import build_setup
from engine.battletech.designs import BattleArmorDesign, InfantryDesign, VehicleDesign
from engine.battletech.narrate.summary import after_action
from engine.battletech.state import Phase, UnitDesign
from engine.dice import Dice
from engine.game import Game
from engine.hexes import Hex
from tui.battletech.boards import BOARDS_DIR, load_board
from tui.battletech.library import install
from tui.battletech.units import UNITS_DIR, bundled_units, load_blk, load_unit

REPO = Path(__file__).resolve().parents[3]
SCENARIO_DIR = REPO / "assets" / "scenarios" / "battletech"
SCENARIOS = [SCENARIO_DIR / f"{name}.toml" for name in ("city-fight", "convoy-raid")]
MECHS = {design.name: design for design in (load_unit(p).design for p in bundled_units())}
OTHERS = {d.name: d for d in (load_blk(p).design for p in (UNITS_DIR / "blk").glob("*.blk"))}


class BundledLibrary:
    """The bundled boards and units of every kind by name (no user folders)."""

    def board(self, name: str) -> Board:
        return load_board(BOARDS_DIR / f"{name}.board").board

    def unit(self, name: str) -> UnitDesign:
        try:
            return MECHS.get(name) or OTHERS[name]
        except KeyError:
            msg = f"no unit called {name!r}"
            raise ValueError(msg) from None

    def generate(self, style: str, width: int, height: int, seed: int) -> Board:
        raise NotImplementedError

    def combine(self, grid: list[list[Board]]) -> Board:
        raise NotImplementedError


def _units(table: dict[str, Any]) -> list[dict[str, Any]]:
    return [unit for side in table["side"] for unit in side["units"]]


def _table(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def test_there_are_two_drafts() -> None:
    assert [path.stem for path in SCENARIOS] == ["city-fight", "convoy-raid"]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_unit_is_a_bundled_design_on_its_own_hex(path: Path) -> None:
    table = _table(path)
    board = BundledLibrary().board(table["board"])
    hexes = []
    for unit in _units(table):
        assert unit["unit"] in MECHS or unit["unit"] in OTHERS, unit["unit"]
        where = Hex.from_label(unit["hex"])
        assert where in board
        hexes.append(where)
    assert len(set(hexes)) == len(hexes)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_no_vehicle_starts_where_it_may_not_go(path: Path) -> None:
    """BT-M-23: no vehicle in woods or a building; no ground vehicle in water deeper than 0."""
    table = _table(path)
    board = BundledLibrary().board(table["board"])
    for unit in _units(table):
        design = OTHERS.get(unit["unit"])
        if not isinstance(design, VehicleDesign) or str(design.motion) == "VTOL":
            continue
        terrain = board.terrain(Hex.from_label(unit["hex"]))
        assert not terrain.woods, unit
        assert terrain.building is None, unit
        if str(design.motion) != "hover":
            assert not terrain.water, unit


def test_the_convoy_raid_mixes_tanks_hovercraft_a_vtol_and_infantry() -> None:
    table = _table(REPO / "assets/scenarios/battletech/convoy-raid.toml")
    kinds = {
        str(d.motion) if isinstance(d, VehicleDesign) else d.kind
        for d in (OTHERS.get(unit["unit"]) for unit in _units(table))
        if d is not None
    }
    assert {"tracked", "wheeled", "hover", "VTOL", "infantry"} <= kinds
    assert table["victory"]["kind"] == "withdraw"


def test_the_city_fight_puts_battle_armor_and_infantry_in_buildings() -> None:
    table = _table(REPO / "assets/scenarios/battletech/city-fight.toml")
    board = BundledLibrary().board(table["board"])
    troops = [
        unit
        for unit in _units(table)
        if isinstance(OTHERS.get(unit["unit"]), BattleArmorDesign | InfantryDesign)
    ]
    assert any(isinstance(OTHERS[unit["unit"]], BattleArmorDesign) for unit in troops)
    in_buildings = [u for u in troops if board.terrain(Hex.from_label(u["hex"])).building]
    assert len(in_buildings) >= 3  # the two squads and the platoon in the command post
    held = {Hex.from_label(label) for label in table["victory"]["hexes"]}
    assert any(Hex.from_label(u["hex"]) in held for u in in_buildings)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_the_reader_sets_up_every_unit_of_every_kind(path: Path) -> None:
    """The real reader checks the rest of the format: board, victory, hexes, facings, crews."""
    table = _table(path)
    setup = build_setup(table, BundledLibrary())
    assert setup.board.name == table["board"]
    names = [unit["unit"] for side in table["side"] for unit in side["units"]]
    assert [unit.design.name for unit in setup.units] == names
    kinds = {unit.design.kind for unit in setup.units}
    assert {"'Mech", "vehicle"} <= kinds
    assert kinds & {"infantry", "battle armor"}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_entry_of_a_played_game_is_told(path: Path) -> None:
    """The log's words for every kind (a platoon ending its move, a tank hit ...) never fail."""
    install()
    setup = RULESET.make_setup(_table(path))
    for seed, policy in enumerate((random_policy, aggressive)):
        game = Game(RULESET, setup, Dice(seed))
        rng = random.Random(seed)  # noqa: S311 - a game policy
        while game.state.phase is not Phase.OVER:
            state = game.state
            command = policy(state, rng)
            assert command is not None
            game.execute(command)
            entry = game.entries[-1]
            told, _ = RULESET.tell(game.cursor - 1, entry.command, entry.events, state)
            assert told


def test_a_jumping_platoon_makes_no_heat() -> None:
    """BT-M-3/4: vehicles and infantry track no heat; a move of theirs ends with none (BT-C-51)."""
    install()
    setup = RULESET.make_setup(_table(SCENARIO_DIR / "city-fight.toml"))
    game = Game(RULESET, setup, Dice(1))
    rng = random.Random(1)  # noqa: S311 - a game policy
    moved = 0
    while game.state.phase is not Phase.OVER and game.state.turn < 4:
        state = game.state
        game.execute(aggressive(state, rng))
        entry = game.entries[-1]
        for event in entry.events:
            unit = state.units[getattr(event, "unit", 0)]
            if type(event).__name__ == "MovementEnded" and not unit.is_mech:
                assert event.heat == 0
                moved += 1
    assert moved > 0


def test_the_after_action_report_counts_damage_to_every_kind() -> None:
    """A tank hit (BT-C-24) and men lost (BT-C-35) are damage taken, and dealt by the shooter."""
    install()
    setup = RULESET.make_setup(_table(SCENARIO_DIR / "convoy-raid.toml"))
    game = Game(RULESET, setup, Dice(2))
    rng = random.Random(2)  # noqa: S311 - a game policy
    while game.state.phase is not Phase.OVER:
        game.execute(aggressive(game.state, rng))
    events = [event for entry in game.entries for event in entry.events]
    report = after_action(game.state, events)
    hurt = {
        event.unit: event.source
        for event in events
        if isinstance(event, kev.VehicleHit | kev.TroopersLost | kev.TrooperHit)
    }
    assert hurt, "the game hit a vehicle, a platoon or a squad"
    rows = {row.unit: row for row in report.units}
    for unit, source in hurt.items():
        assert rows[unit].taken > 0
        if source is not None and source != unit:
            assert rows[source].dealt > 0
