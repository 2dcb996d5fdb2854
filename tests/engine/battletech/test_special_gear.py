"""BT-C-75 (with BT-C-68/73): MASC, triple-strength myomer, C3, ECM, active probes, TAG, A-Pods.

The digest's rows: "MASC: raises running MP (walking x 2) when activated; needs a roll to avoid
leg damage"; "Triple-strength myomer: at heat >= 9: +2 walking MP, and physical-attack damage
doubles"; "C3 master/slave, ECM, active probes: networked range sharing (C3); jamming in the
listed radius (ECM); detection radius (probes)". The MASC target numbers (3, 5, 7, 11, 13) and
the failure (both hips) are MegaMek's, marked ASSUMPTION in `engine.battletech.rules.masc`; the C3,
ECM and probe details are the standard ones, marked ASSUMPTION in `engine.battletech.rules.c3`.

Unit 0 (side 0) stands at 0810 facing north, unit 1 (side 1) further north, facing south;
Piloting 5, Gunnery 4 (BT-M-13).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest

from engine.battletech import RULESET
from engine.battletech import events as ev
from engine.battletech.bot import decide as bot_decide
from engine.battletech.bot.builtin import POLICIES
from engine.battletech.commands import Move, Step, StepKind
from engine.battletech.context import Ctx, Tally
from engine.battletech.designs.mech import Location
from engine.battletech.language import format_command, parse_command
from engine.battletech.narrate import describe
from engine.battletech.nightstate import NightState
from engine.battletech.rules import c3, masc, physical, special
from engine.battletech.rules.condition import run_allowance, walk_mp
from engine.battletech.rules.movement import plan_move, reachable
from engine.battletech.rules.nightsight import known_enemies
from engine.battletech.rules.options import legal_commands
from engine.battletech.rules.tohit import weapon_to_hit
from engine.battletech.state import AttackKind, MoveMode, Phase, Victory
from engine.dice import Dice
from engine.game import Accepted, Command, Event, Game, IllegalCommand
from engine.hexes import Facing, Hex
from saves.codec import make_converter
from saves.journal import Journal, read_game
from tests.engine.battletech._build import design, evolved_unit, play, state_with
from tests.engine.battletech._rules_btc import (
    duel,
    moved,
    of,
    physical_attack,
    resolve,
    still,
    weapon_attack,
)
from tui.battletech.units import load_unit

UNITS = Path(__file__).resolve().parents[3] / "assets" / "units"
F = Step(StepKind.FORWARD)
LL, RL, LT, RT, RA = Location.LL, Location.RL, Location.LT, Location.RT, Location.RA
CT = Location.CT

RUNNER = load_unit(UNITS / "Grand Dragon DRG-7K.mtf").design
"""60 tons, Walk 6 (Run 9), MASC in the right torso: run 12 with it on (BT-C-75)."""
MASC_ITEM = next(i for i, m in enumerate(RUNNER.equipment) if m.name == "IS MASC")


def runner_state():
    """The runner at 0816 facing north, an enemy 14 hexes ahead at 0802."""
    return duel(RUNNER, a_hex="0816", t_hex="0802")


# ------------------------------------------------------------------ MASC


def test_masc_running_mp_are_walking_times_two() -> None:
    """BT-C-75: "raises running MP (walking x 2) when activated": Walk 6, Run 9, MASC 12."""
    unit = runner_state().units[0]
    assert (walk_mp(unit), run_allowance(unit)) == (6, 9)
    assert run_allowance(unit, masc_on=True) == 6 * 2
    state = runner_state()
    plan = plan_move(state, 0, MoveMode.RUN, (F,) * 12, masc_on=True)
    assert (plan.allowance, plan.mp_spent) == (12, 12)
    with pytest.raises(IllegalCommand, match="MP"):
        plan_move(state, 0, MoveMode.RUN, (F,) * 10)
    far = reachable(state, 0, MoveMode.RUN, masc_on=True)
    near = reachable(state, 0, MoveMode.RUN)
    assert max(r.mp for r in far.values()) == 12
    assert max(r.mp for r in near.values()) == 9


def test_masc_roll_made_runs_ten_hexes_and_is_an_event() -> None:
    """BT-C-75 / ASSUMPTION (MegaMek): the first use needs 3+ on 2D6; 1+2 = 3 makes it."""
    state, events = play(runner_state(), Move(0, MoveMode.RUN, (F,) * 10, masc=True), [1, 2])
    rolled = of(events, masc.MASCRolled)
    assert rolled == [masc.MASCRolled(0, MASC_ITEM, 3, (1, 2), passed=True)]
    unit = state.units[0]
    assert unit.hex == Hex.from_label("0806")
    assert unit.movement == attrs.evolve(unit.movement, masc=True, hexes=10)
    assert (unit.mech.masc_level, unit.mech.masc_turn) == (1, state.turn)
    text = describe(rolled[0], runner_state(), state)
    assert "switches its MASC on: roll 1+2=3 against 3: it holds" in text
    assert (walk_mp(unit), run_allowance(unit)) == (6, 12)  # on for the rest of the turn


def test_masc_failure_locks_both_hips_and_destroys_the_masc() -> None:
    """ASSUMPTION (MegaMek, Master Rules): a failed roll is "as if two hip criticals".

    Snake eyes (2 < 3): a critical on each hip, each with its PSR rolled at once (Piloting 5 +
    the hips as preexisting damage, BT-M-31.3: +2, then +4), the MASC destroyed, the move over.
    """
    state, events = play(
        runner_state(), Move(0, MoveMode.RUN, (F,) * 10, masc=True), [1, 1, 4, 4, 6, 6]
    )
    assert of(events, masc.MASCRolled)[0].passed is False
    hips = [(c.location, c.component) for c in of(events, ev.CriticalHit)]
    assert hips == [(LL, "Hip"), (RL, "Hip")]
    rolls = of(events, ev.PilotingRoll)
    assert [r.target for r in rolls] == [5 + 2, 5 + 2 + 2]
    unit = state.units[0]
    assert unit.hex == Hex.from_label("0816")  # it never left its hex
    assert unit.movement == attrs.evolve(unit.movement, done=True)
    assert not masc.has_masc(unit)
    assert walk_mp(unit) == 0  # BT-M-20.6: both hips
    ended = of(events, ev.MovementEnded)
    assert [e.hexes for e in ended] == [0]
    text = describe(of(events, masc.MASCRolled)[0], runner_state(), state)
    assert "the MASC fails and is destroyed; both hips lock" in text


def test_masc_target_numbers_rise_with_use_and_fall_with_rest() -> None:
    """ASSUMPTION (MegaMek): 3, 5, 7, 11, then 13 (a sure failure); a turn unused: one back."""
    unit = runner_state().units[0]
    assert masc.masc_target(unit, 1) == 3
    used = evolved_unit(unit, masc_level=1, masc_turn=1)
    assert [masc.masc_target(used, t) for t in (2, 3, 4)] == [5, 3, 3]
    assert masc.masc_target(evolved_unit(unit, masc_level=2, masc_turn=2), 3) == 7
    assert masc.masc_target(evolved_unit(unit, masc_level=3, masc_turn=3), 4) == 11
    assert masc.masc_target(evolved_unit(unit, masc_level=4, masc_turn=4), 5) == 13
    assert masc.masc_target(evolved_unit(unit, masc_level=4, masc_turn=4), 6) == 11


def test_a_second_turn_of_masc_needs_5() -> None:
    """Two turns running with MASC: the second roll needs 5 (4 = 1+3 fails it)."""
    state = state_with(runner_state(), 0, masc_level=1, masc_turn=1)
    state = attrs.evolve(state, turn=2)
    _, events = play(state, Move(0, MoveMode.RUN, (F,), masc=True), [1, 3, 6, 6, 6, 6])
    rolled = of(events, masc.MASCRolled)[0]
    assert (rolled.target, rolled.passed) == (5, False)


def test_masc_is_refused_before_any_die() -> None:
    """No MASC, a walk, a destroyed MASC: refused with one line, no die rolled."""
    plain = duel(design(), a_hex="0816", t_hex="0802")
    with pytest.raises(IllegalCommand, match="has no MASC"):
        play(plain, Move(0, MoveMode.RUN, (F,), masc=True))
    with pytest.raises(IllegalCommand, match="only when running"):
        play(runner_state(), Move(0, MoveMode.WALK, (F,), masc=True))
    item = RUNNER.equipment[MASC_ITEM]
    broken = state_with(runner_state(), 0, crits=frozenset({(item.location, item.slots[0])}))
    with pytest.raises(IllegalCommand, match="MASC is destroyed"):
        play(broken, Move(0, MoveMode.RUN, (F,), masc=True))


def test_masc_reads_and_writes_in_the_command_language() -> None:
    """``move 1 masc FFF`` is a run with the MASC on, and is written back the same."""
    state = runner_state()
    command = parse_command("move 1 masc FFF", state)
    assert command == Move(0, MoveMode.RUN, (F,) * 3, masc=True)
    assert format_command(command) == "move 1 masc F F F"
    assert parse_command(format_command(command), state) == command
    assert format_command(Move(0, MoveMode.RUN, (F,))) == "move 1 run F"


# ------------------------------------------------------------------ TSM

TSM = design(walk=5, equipment=[("Triple-Strength Myomer", LT)])


@pytest.mark.parametrize(("heat", "walk", "run"), [(0, 5, 8), (8, 4, 6), (9, 6, 9), (10, 5, 8)])
def test_tsm_adds_two_walking_mp_from_heat_9(heat: int, walk: int, run: int) -> None:
    """BT-C-75: at heat >= 9 +2 Walk MP; the heat loss still applies (BT-M-32.3: 5-9 -1, 10 -2).

    Heat 8: 5 - 1 = 4; heat 9: 5 + 2 - 1 = 6 (run 9); heat 10: 5 + 2 - 2 = 5.
    """
    state = state_with(duel(TSM), 0, heat=heat)
    unit = state.units[0]
    assert (walk_mp(unit), run_allowance(unit)) == (walk, run)
    assert masc.tsm_active(unit) is (heat >= masc.TSM_HEAT)


def test_tsm_doubles_punches_kicks_and_hatchets_but_not_charges() -> None:
    """BT-C-75: "physical-attack damage doubles" at heat 9 (BT-C-37/41).

    A 50-ton punch 5 -> 10, kick 10 -> 20. ASSUMPTION (standard): charges and DFAs keep
    their tonnage damage.
    """
    cool = state_with(duel(TSM), 0, heat=8).units[0]
    hot = state_with(duel(TSM), 0, heat=9).units[0]
    assert (physical.punch_damage(cool, RA), physical.kick_damage(cool, RL)) == (5, 10)
    assert (physical.punch_damage(hot, RA), physical.kick_damage(hot, RL)) == (10, 20)
    assert masc.tsm_factor(hot) == 2
    assert physical.charge_damage(50, 4) == 20  # BT-C-42: ceil(50 x 4 / 10), whatever the heat


def test_a_hot_tsm_hatchet_does_double_damage() -> None:
    """BT-C-39/75: a 50-ton hatchet does ceil(50 / 5) = 10, 20 with hot myomer, in one hit."""
    axe = design(equipment=[("Triple-Strength Myomer", LT), ("Hatchet", RA)])
    state = state_with(moved(duel(axe, t_hex="0809"), 1), 0, heat=9)
    state = moved(state, 0)
    attack = physical_attack(state, 0, AttackKind.HATCHET, 1, to_hit=5, limb=RA)
    # to-hit 3+3 = 6 hits; punch-table location 1D6 = 3 (the centre torso, front)
    _, events = resolve(state, [attack], [3, 3, 3, 6, 6, 6, 6], phase=Phase.PHYSICAL, exact=False)
    dealt = of(events, ev.DamageApplied)
    assert sum(d.armor + d.internal for d in dealt) == 20


# ------------------------------------------------------------------ C3, ECM, probes

MASTER = design(equipment=[("C3 Computer (Master)", LT), ("Medium Laser", RA)])
SLAVE = design(equipment=[("C3 Computer (Slave)", LT), ("Medium Laser", RA)])
JAMMER = design(equipment=[("Guardian ECM Suite", LT)])
LASER = 1  # the medium laser of MASTER and SLAVE: 3/6/9 (BT-C-64)


def network_state(*, jammer_at: str | None = None):
    """Slave (unit 0) at 0816, 8 hexes from the target at 0808; every unit still.

    The master (unit 2, side 0 too) stands at 0810, 2 hexes from the target.
    """
    extra = [(MASTER, 0, "0810", Facing.N)]
    if jammer_at is not None:
        extra.append((JAMMER, 1, jammer_at, Facing.S))
    return still(duel(SLAVE, design(), a_hex="0816", t_hex="0808", extra=extra))


def test_c3_takes_the_range_modifier_from_the_member_nearest_the_target() -> None:
    """ASSUMPTION (standard, BT-C-75 "range sharing"): the nearest member's range band.

    The slave at 8 hexes (long +4) takes the master's 2 hexes (short, +0): a term of -4
    named "C3 network" (BT-C-13, the medium laser's 3/6/9).
    """
    state = network_state()
    assert c3.network(state, 0) == (2, 0)
    hit = weapon_to_hit(state, 0, LASER, 1)
    modifiers = dict(hit.modifiers)
    assert modifiers["long range"] == 4
    assert modifiers["C3 network: short range from the Test T-50"] == -4
    assert hit.number == 4 + 4 - 4  # gunnery, long range, the network; both still
    alone = still(duel(SLAVE, design(), a_hex="0816", t_hex="0808"))
    assert weapon_to_hit(alone, 0, LASER, 1).number == 4 + 4


def test_c3_never_stretches_a_weapon_beyond_its_own_long_range() -> None:
    """The attacker's own range still bounds the shot (BT-C-13): 10 hexes > long 9."""
    state = still(
        duel(SLAVE, design(), a_hex="0816", t_hex="0806", extra=[(MASTER, 0, "0808", Facing.N)])
    )
    assert "out of range" in weapon_to_hit(state, 0, LASER, 1).reason


def test_an_enemy_ecm_cuts_the_network_and_says_so() -> None:
    """ASSUMPTION (standard): an enemy Guardian ECM (radius 6, BT-C-68) cuts the slave off.

    No -4, and the breakdown names "ECM".
    """
    state = network_state(jammer_at="0814")  # 2 hexes from the slave
    assert c3.ecm_jammed(state, 0)
    assert c3.network(state, 0) == ()
    hit = weapon_to_hit(state, 0, LASER, 1)
    assert dict(hit.modifiers)["C3 network jammed by ECM"] == 0
    assert hit.number == 4 + 4
    far = network_state(jammer_at="0802")  # 14 hexes from the slave, 8 from the master
    assert weapon_to_hit(far, 0, LASER, 1).number == 4


def test_ecm_over_the_target_jams_artemis_and_narc() -> None:
    """ASSUMPTION (standard): no Artemis IV +2 at a unit inside its own side's ECM radius.

    The same holds for a NARC pod (BT-C-75); the term says why, at 0.
    """
    shooter = design(equipment=[("LRM 10", LT), ("Artemis IV FCS", LT), ("IS Ammo LRM-10", LT)])
    cases = ((design(), ("Artemis IV", 2)), (JAMMER, ("ECM: Artemis IV jammed", 0)))
    for target, expected in cases:
        state = still(duel(shooter, target))
        state = attrs.evolve(state, phase=Phase.WEAPON)
        attack = weapon_attack(state, 0, 0, 1)
        ctx = Ctx(attrs.evolve(state, attacks=(attack,)), Dice(1))
        ctx.tally = Tally(start=ctx.state)
        spec = special.catalogue.SPECS[shooter.equipment[0].name]
        assert isinstance(spec, special.WeaponSpec)
        assert special.cluster_modifiers(ctx, attack, spec) == (expected,)


def test_an_active_probe_finds_enemies_in_its_radius_at_night_unless_ecm_hides_them() -> None:
    """BT-C-68 "Beagle active probe: 4 (radius)" (ASSUMPTION: detection; ECM blocks it).

    At night with visibility 2, an enemy 4 hexes off is unknown, but known to a side whose
    'Mech carries a Beagle probe; an enemy with its own ECM stays hidden.
    """
    beagle = design(equipment=[("Beagle Active Probe", CT)])
    for seeker, hider, known in (
        (design(), design(), False),
        (beagle, design(), True),
        (beagle, JAMMER, False),
    ):
        state = duel(seeker, hider, a_hex="0810", t_hex="0806")
        state = attrs.evolve(state, night=NightState(visibility=2))
        assert (1 in known_enemies(state, 0)) is known


# ------------------------------------------------------------------ the sheet's notes


def test_the_sheet_says_what_each_item_does_and_what_is_not_played() -> None:
    """BT-C-75: MASC's next roll, TSM on or off, the C3, ECM and probe radii.

    TAG and A-Pod stay "no effect" (no homing artillery, no infantry in the game).
    """
    gear = design(
        equipment=[
            ("MASC", RT),
            ("Triple-Strength Myomer", LT),
            ("C3 Computer (Slave)", LT),
            ("Guardian ECM Suite", LT),
            ("Beagle Active Probe", LT),
            ("TAG", RA),
            ("Anti-Personnel Pod", LL),
        ]
    )
    unit = state_with(duel(gear), 0, heat=9).units[0]
    notes = [note for _, note in special.gear_notes(unit, 1)]
    assert notes == [
        "4: run at walk x2, roll 3+ (BT-C-75)",
        "heat 9+: walk +2, blows x2 (ON at heat 9)",
        "range from the networked unit nearest the target",
        "6-hex radius: jams enemy C3, Artemis IV, NARC",
        "at night finds enemies within 4 hexes",
        "no effect in these rules (no homing artillery yet)",
        "no effect until infantry are in the game",
    ]
    assert [n for _, n in special.unplayed(gear)] == notes[-2:]


# ------------------------------------------------------------------ the bundled designs


@pytest.mark.parametrize(
    ("name", "tons", "walk", "run", "masc_run", "gear"),
    [
        ("Berserker BRZ-A3", 100, 4, 6, 8, {"masc", "ecm"}),
        ("Grand Dragon DRG-7K", 60, 6, 9, 12, {"masc", "c3"}),
        ("Naginata NG-C3A", 95, 3, 5, 0, {"c3", "artemis"}),
        ("Raven RVN-3L", 35, 6, 9, 0, {"ecm", "probe", "narc", "tag"}),
    ],
)
def test_the_equipment_designs_match_their_stat_lines(  # noqa: PLR0917 - one stat line
    name: str, tons: int, walk: int, run: int, masc_run: int, gear: set[str]
) -> None:
    """The published stat lines (TRO 3050/3055): tonnage and MP; MASC runs at walk x 2."""
    parsed = load_unit(UNITS / f"{name}.mtf")
    mech = parsed.design
    assert (mech.name, mech.tonnage, mech.walk, mech.run) == (name, tons, walk, run)
    unit = duel(mech).units[0]
    assert (run_allowance(unit, masc_on=True) if masc.has_masc(unit) else 0) == masc_run
    flags = {
        flag
        for item in mech.equipment
        for flag in getattr(special.catalogue.SPECS.get(item.name), "flags", ())
    }
    assert gear <= flags


# ------------------------------------------------------------------ players, replays, saves

SCENARIO = Path(__file__).resolve().parents[3] / "assets" / "scenarios" / "battletech"


def lance_setup():
    """The bundled 'Networked' scenario (c3-lance.toml), 8 turns."""
    import tomllib  # noqa: PLC0415

    from tui.battletech.library import install  # noqa: PLC0415

    install()
    table = tomllib.loads((SCENARIO / "c3-lance.toml").read_text("utf-8"))
    table["victory"] = {"kind": "destroy", "turns": 8}
    return RULESET.make_setup(table)


@pytest.mark.parametrize(("policy", "seed"), [("aggressive", 5), ("random", 6), ("bot", 8)])
def test_the_computer_players_use_masc_and_are_never_refused(policy: str, seed: int) -> None:
    """Whole games of the scenario: every command accepted, MASC among them.

    The log replays to the same state and its events survive the save codec.
    """
    setup = lance_setup()
    game = Game(RULESET, setup, Dice(seed))
    rng = random.Random(seed)  # noqa: S311 - a player, not cryptography
    seen: set[str] = set()
    while game.state.phase is not Phase.OVER:
        state = game.state
        if policy == "bot":
            command = bot_decide(state, "balanced", rng).command
        else:
            command = POLICIES[policy](state, rng)
        assert command is not None
        outcome = game.execute(command)
        assert isinstance(outcome, Accepted), (format_command(command), outcome)
        seen |= {e.TAG for e in outcome.entry.events}
        if isinstance(command, Move) and command.masc:
            seen.add("masc command")
        assert len(game.log) < 4000
    assert "masc command" in seen
    again = Game(RULESET, setup, Dice(seed))
    for entry in game.log:
        assert isinstance(again.execute(entry.command), Accepted)
    assert again.state == game.state
    conv = make_converter(RULESET)
    for entry in game.log:
        for event in entry.events:
            data = json.loads(json.dumps(conv.unstructure(event, Event)))
            assert conv.structure(data, Event) == event
        data = json.loads(json.dumps(conv.unstructure(entry.command, Command)))
        assert conv.structure(data, Command) == entry.command


def test_a_masc_game_saves_and_loads_to_the_same_state(tmp_path) -> None:
    """A journal with MASC rolls (a success and a failure) loads back to the same game."""
    from datetime import UTC, datetime  # noqa: PLC0415

    setup = attrs.evolve(lance_setup(), victory=Victory(turns=3))
    path = tmp_path / "masc.jsonl"
    rng = random.Random(11)  # noqa: S311
    created = datetime(2026, 11, 27, tzinfo=UTC)
    with Journal.create(path, RULESET, setup, created=created, seed=11) as j:
        while j.game.state.phase is not Phase.OVER:
            options = legal_commands(j.game.state)
            mascs = [c for c in options if isinstance(c, Move) and c.masc]
            j.execute(rng.choice(mascs or options))
        expected = j.game
    loaded = read_game(path.read_bytes(), path.name)
    assert loaded.warnings == ()
    assert loaded.game.state == expected.state
    assert loaded.game.log == expected.log
    assert any(isinstance(e, masc.MASCRolled) for entry in expected.log for e in entry.events)


def test_the_physical_breakdown_shows_tsm_doubling() -> None:
    """BT-C-75: the screen's physical attacks say the doubled damage and why (TSM, heat)."""
    from engine.battletech.commands import PhysicalAttack  # noqa: PLC0415
    from tui.battletech._attacks import strike_damage  # noqa: PLC0415

    axe = design(equipment=[("Triple-Strength Myomer", LT), ("Hatchet", RA)])
    cool = state_with(duel(axe), 0, heat=0).units[0]
    hot = state_with(duel(axe), 0, heat=9).units[0]
    hatchet = PhysicalAttack(0, AttackKind.HATCHET, 1, RA)
    kick = PhysicalAttack(0, AttackKind.KICK, 1, RL)
    assert strike_damage(cool, hatchet) == "10 dmg"
    assert strike_damage(hot, hatchet) == "20 dmg (TSM x2, heat 9)"
    assert strike_damage(hot, kick) == "20 dmg (TSM x2, heat 9)"
    push = PhysicalAttack(0, AttackKind.PUSH, 1)
    assert strike_damage(hot, push) == "no damage, pushes it a hex"
