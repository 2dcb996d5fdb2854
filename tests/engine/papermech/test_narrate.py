"""Paper 'Mech in words: every event gets its own line, with the numbers that decided it."""

from __future__ import annotations

import attrs
import pytest

from engine.dice import Dice
from engine.game import Game
from engine.narration import COMMAND, Roll
from engine.papermech import RULESET, PaperSetup, format_command, legal_commands
from engine.papermech import commands as cmd
from engine.papermech import events as ev
from engine.papermech.evolve import evolve
from engine.papermech.narrate import describe, dice_of, is_routine, position, rolls, tell
from engine.papermech.options import candidates
from engine.papermech.state import Enemy, LastAttack, Loadout, PaperState, Player, Prompt, Result
from engine.papermech.tables import (
    Action,
    EnemyKind,
    Location,
    Mount,
    Ring,
    Stance,
    Wedge,
)


# ------------------------------------------------------------------ builders
def enemy(kind: str, where: str = "L/3", *, attack: int = 0, time: int = 3, damage: int = 0):
    """An enemy on a space written ring/wedge ("M/2", "C/RR")."""
    ring, wedge = where.split("/")
    return Enemy(kind, EnemyKind(kind), Ring[ring], Wedge.from_label(wedge), attack, time, damage)


def sheet(loadout: str = "", **changes) -> Player:
    """The default sheet (or a refitted one) with some fields changed."""
    gear = Loadout.parse(loadout) if loadout else Loadout()
    return attrs.evolve(Player(gear), **changes)


def state(*enemies: Enemy, me: Player | None = None, **changes) -> PaperState:
    """A wave-1 state with these enemies, in a player window by default."""
    me = me or sheet(action=Action.LA2, time=2, placed=3)
    base = PaperState(PaperSetup(loadout=me.loadout), me, enemies=enemies, wave=1)
    return attrs.evolve(base, **{"prompt": Prompt.WINDOW, **changes})


def attacked(key, attack, location, rolls, dice, armor, hits, *, shield="", rear=False, parry=()):  # noqa: PLR0917 - the event's own order
    """An enemy's attack on the player (PM-6)."""
    return ev.EnemyAttacked(key, attack, location, rolls, shield, rear, dice, armor, parry, hits)


def told(event, before: PaperState) -> str:
    """Narrate ``event`` applied to ``before``."""
    return describe(event, before, evolve(before, event))


HELO = enemy("H", "M/2", attack=1, time=0)
TANK = enemy("T", "S/4", attack=0, time=2)


# ------------------------------------------------------------------ one line per event
CASES = [
    (
        ev.WaveGenerated(1, 2, 5, (ev.Spawn(EnemyKind.ARTILLERY, None, 0, 3),
                                   ev.Spawn(EnemyKind.FIRETHROWER, 2, 0, 6))),
        state(),
        ["Wave 2 (d6=5)", "Artillery (A) at L/3 with Mortar/Shells",
         "Firethrower (F) at L/6 with Laser (d6=2)"],
    ),
    (
        ev.LoadoutRefitted(Loadout.parse("LS=ppc torso=3")),
        state(prompt=Prompt.DEPLOY),
        ["Refit: LS PPC", "weight 13", "+1 T on every action"],
    ),
    (
        ev.ActionChosen(Action.LA2, 3),
        state(me=sheet(), prompt=Prompt.ACTION),
        ["You choose Laser: Laser Blast (LA2): cube on space 3."],
    ),
    (
        ev.ActionChosen(Action.RS2, 4, penalty=1),
        state(),
        ["You change to Missiles: Multi Launch (RS2)", "space 4 (T3 +1 penalty)", "lost"],
    ),
    (
        ev.ActionChosen(Action.FORWARD, 1, forced=True),
        state(HELO, prompt=Prompt.ACTION, enemy="H"),
        ["Your action was disabled", "Walk Forwards instead"],
    ),
    (
        ev.TimeAdvanced(),
        state(HELO, TANK),
        ["Time passes one step: you 1, H ACTIVE, T 1."],
    ),
    (
        attacked("H", 1, Location.RS, (3,), (5, 3, 6, 1), 3, 2),
        state(HELO),
        ["Helo (H) fires Missiles/Rockets from M/2", "location d6=3 -> right shoulder",
         "dice 5 3 6 1 vs armor 3: 2 damage"],
    ),
    (
        attacked("H", 1, Location.LEGS, (6, 2), (2, 2), 3, 0, rear=True),
        state(enemy("H", "S/RR", attack=1, time=0)),
        ["d6=6, 2 (squatting: a 6 is rolled again)", "rear: armor -1", "no damage"],
    ),
    (
        attacked("H", 1, Location.LS, (), (5, 5), 4, 2, shield="Reflex"),
        state(HELO),
        ["the Wing Shield takes it (Reflex)"],
    ),
    (
        attacked("T", 0, Location.RA, (5,), (5, 6), 2, 1, parry=(1, 4)),
        state(TANK, me=sheet("RA=plasma-sword", action=Action.LA2, time=2)),
        ["Parry re-rolls them: 1 4: 1 damage"],
    ),
    (
        ev.CirclesFilled(Location.RS, (2, 3), start_roll=3),
        state(),
        ["The right shoulder (Missiles): circles 3, 4 filled from d6=3",
         "Missiles: Multi Launch (RS2) disabled"],
    ),
    (
        ev.CirclesFilled(Location.TORSO, (2,)),
        state(me=sheet(torso=2, action=Action.LA2, time=2)),
        ["Torso: 1 circle filled (3 of 4): every action now costs +1 T."],
    ),
    (
        ev.CirclesFilled(Location.LEGS, (0, 1)),
        state(),
        ["Legs hit: Turn & Squat, Walk Backwards disabled."],
    ),
    (
        ev.DamageSpilled(Location.LA, 5, Location.LS, 2),
        state(),
        ["The left arm (Laser) is full: 2 points spill over, d6=5 -> left shoulder."],
    ),
    (
        ev.EnemyMoved("T", Ring.M, Wedge.W4, "approach"),
        state(enemy("T", "L/4")),
        ["Tank (T) closes in (out of range): L/4 -> M/4."],
    ),
    (
        ev.EnemyMoved("T", Ring.S, Wedge.W5, "flank"),
        state(TANK),
        ["Tank (T) flanks toward your rear: S/4 -> S/5."],
    ),
    (
        ev.EnemyMoved("T", Ring.C, Wedge.W4, "pull"),
        state(TANK),
        ["The Energy Whip pulls Tank (T): S/4 -> C/4."],
    ),
    (
        ev.EnemyAttackSelected("H", 5, 1, 4),
        state(HELO),
        ["Helo (H) readies Missiles/Rockets (d6=5): cube on space 4."],
    ),
    (
        ev.EnemyAttackSelected("H", 2, 1, None),
        state(enemy("H", "M/2", attack=0, time=2, damage=2)),
        ["(d6=2: Machine Gun is disabled)", "its cube stays on space 2"],
    ),
    (
        ev.EnemyDelayed("T", 3),
        state(TANK),
        ["Recoil: Tank (T) is knocked back to space 3."],
    ),
    (
        ev.RadarShifted("forward", (("T", Ring.C, Wedge.W4), ("H", Ring.M, Wedge.W1))),
        state(TANK, HELO),
        ["Radar (you walk forwards): T S/4 -> C/4, H M/2 -> M/1."],
    ),
    (
        ev.RadarShifted("ccw", (("T", Ring.S, Wedge.W3),)),
        state(TANK),
        ["you turn right: every enemy one wedge anticlockwise", "T S/4 -> S/3"],
    ),
    (
        ev.StanceChanged(Stance.SQUATTING),
        state(),
        ["You are now squatting."],
    ),
    (
        ev.PlayerAttacked(Action.LA2, 0, "T", None, 3, (2, 4, 6), (1, 5), 4, 2),
        state(TANK),
        ["You fire Laser: Laser Blast (LA2) at Tank (T): dice 2 4 6 vs armor 4",
         "misses re-rolled: 1 5: 2 hits."],
    ),
    (
        ev.PlayerAttacked(Action.RS1, 2, "T", None, 2, (6, 5), (), 4, 0),
        state(TANK),
        ["in haste (-2 per die)", "0 hits"],
    ),
    (
        ev.PlayerAttacked(Action.RS3, 0, None, None, 0, (), (), 0, 0),
        state(),
        ["no target in range and arc, the attack is wasted"],
    ),
    (
        ev.PlayerAttacked(Action.LS1, 0, None, None, 0, (), (), 0, 0),
        state(),
        ["You take up Defend (LS1) with the Wing Shield."],
    ),
    (
        ev.PlayerAttacked(Action.RA3, 0, "T", None, 1, (6,), (), 4, 1, crushed=True),
        state(enemy("T", "C/4", damage=3)),
        ["Crush! a die beats its remaining circles."],
    ),
    (
        ev.PlayerAttacked(Action.RA1, 0, "T", None, 3, (1, 5, 6), (), 4, 2),
        state(enemy("T", "C/4"), me=sheet(last_attack=LastAttack(Mount.RA, "T"))),
        ["P3 (Combo)", "2 hits"],
    ),
    (
        ev.PlayerAttacked(Action.LS2, 0, "T", "H", 4, (4, 5, 1, 3), (), 4, 1, 2, 3),
        state(enemy("T", "M/3"), enemy("H", "M/4"), me=sheet("LS=mortar")),
        ["at Tank (T)", "Helo (H) vs armor 2: 3 hits"],
    ),
    (
        ev.PlayerMoved(Action.FORWARD),
        state(),
        ["Walk Forwards resolved."],
    ),
    (
        ev.PlayerMoved(Action.TURN, free=True),
        state(),
        ["Free move: Turn or Change Stance."],
    ),
    (
        ev.WallRaised(Mount.RA),
        state(me=sheet("RA=tower-shield")),
        ["Wall: the Tower Shield on the right arm"],
    ),
    (
        ev.EnemyDamaged("T", 2),
        state(TANK),
        ["Tank (T) takes 2 damage: 2 of 4 circles filled, Laser disabled."],
    ),
    (
        ev.EnemyDestroyed("T"),
        state(TANK),
        ["Tank (T) is destroyed!"],
    ),
    (
        ev.EnemyDestroyed("T", "crush"),
        state(TANK),
        ["Tank (T) is crushed!"],
    ),
    (
        ev.WaveCleared(1, 3),
        state(),
        ["Wave 3 cleared!"],
    ),
    (
        ev.RepairsRolled((3, 1, 6, 5), 3),
        state(),
        ["Repair dice 3 1 6 5 (3+ repairs): 3 repairs."],
    ),
    (
        ev.RepairsRolled((), 0),
        state(),
        ["No repair dice"],
    ),
    (
        ev.CircleRepaired(Location.TORSO, None),
        state(me=sheet(torso=2)),
        ["Repaired a torso circle."],
    ),
    (
        ev.CircleRepaired(Location.LEGS, 1),
        state(me=sheet(legs=(False, True, False, False))),
        ["Repaired the legs: Walk Backwards works again."],
    ),
    (
        ev.CircleRepaired(Location.LA, 2),
        state(me=sheet(mounts=((False,) * 6, (False,) * 6, (False, False, True) + (False,) * 3,
                               (False,) * 6))),
        ["Repaired circle 3 of the left arm (Laser)."],
    ),
    (
        ev.Prompted(Prompt.TARGET),
        state(TANK),
        ["Now: choose the target."],
    ),
    (
        ev.BattleWon(1, 31),
        state(),
        ["Battle 1 won: 31 circles intact, 31 points."],
    ),
    (
        ev.GameEnded(Result(won=True, score=31)),
        state(),
        ["Victory! Final score 31."],
    ),
    (
        ev.GameEnded(Result(won=False, score=0, cause="torso destroyed by the Tank's Laser")),
        state(),
        ["Game over: torso destroyed by the Tank's Laser."],
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("event", "before", "expected"), CASES, ids=[type(c[0]).__name__ for c in CASES]
)
def test_each_event_is_told_in_one_specific_line(event, before, expected) -> None:
    """The line names the actors, the positions and the numbers that decided the event."""
    line = told(event, before)
    assert line
    assert "\n" not in line
    for words in expected:
        assert words in line, f"{words!r} not in {line!r}"


def test_every_event_type_has_a_case() -> None:
    """A new event type must come with its own line (the fallback is only the class name)."""
    covered = {type(case[0]) for case in CASES}
    assert set(RULESET.event_types) <= covered


def aggressive(state: PaperState) -> cmd.PaperCommand:
    """Wait in windows; choose an attack that can hit (else turn); otherwise the first command."""
    legal = legal_commands(state)
    if state.prompt is Prompt.ACTION:
        attacks = [
            c for c in legal if isinstance(c, cmd.ChooseAction) and candidates(state, c.action)
        ]
        turn = cmd.ChooseAction(Action.TURN)
        return attacks[0] if attacks else (turn if turn in legal else legal[-1])
    return legal[0]


def test_a_campaign_is_told_without_a_fallback_line() -> None:
    """Seeded games played to the end: every line of every event is a real sentence."""
    seen: set[type] = set()
    for seed in range(6):
        # Arrange: two-battle campaigns, so deploys and battles won come up too
        game = Game(RULESET, PaperSetup(battles=2), Dice(seed))
        # Act
        while not game.summary.over:
            before = game.state
            entry = game.execute(aggressive(before)).entry
            for event in entry.events:
                after = evolve(before, event)
                line = describe(event, before, after)
                # Assert
                assert line
                assert line != f"{type(event).__name__}.", line
                seen.add(type(event))
                before = after
    assert {ev.WaveGenerated, ev.EnemyAttacked, ev.CirclesFilled, ev.GameEnded} <= seen


def test_an_entry_is_told_as_typed_then_event_by_event_with_its_dice() -> None:
    """`tell` (the ruleset's): the command line, then each event's line, dice and routine flag."""
    # Arrange: deploy, then a few first choices, so a wave rolls its dice
    game = Game(RULESET, PaperSetup(), Dice(4))
    for _ in range(5):
        game.execute(legal_commands(game.state)[0])
    shown: list[Roll] = []
    for index, entry in enumerate(game.entries):
        before = game.state_at(index)
        # Act
        lines, after = tell(index, entry.command, entry.events, before)
        # Assert
        assert lines == RULESET.tell(index, entry.command, entry.events, before)[0]
        assert (lines[0].event, lines[0].text) == (COMMAND, format_command(entry.command))
        assert after == game.state_at(index + 1)
        for number, (event, line) in enumerate(zip(entry.events, lines[1:], strict=True)):
            assert (line.entry, line.event) == (index, number)
            assert line.text == describe(event, before, evolve(before, event))
            assert line.rolls == tuple(rolls(event, before))
            assert line.routine == is_routine(event)
            shown.extend(line.rolls)
            before = evolve(before, event)
    assert "wave table" in {roll.label for roll in shown}


# ------------------------------------------------------------------ dice
def test_dice_of_labels_every_roll_in_order() -> None:
    """The tray's groups: what each die was for, in the order they were rolled."""
    wave = ev.WaveGenerated(1, 2, 5, (ev.Spawn(EnemyKind.HELO, 4, 1, 2),))
    assert dice_of(wave) == [("wave table", (5,)), ("H attack", (4,)), ("H wedge", (2,))]
    hit = attacked("T", 0, Location.RA, (6, 5), (5, 6), 3, 1, parry=(2, 4))
    assert dice_of(hit) == [("location", (6, 5)), ("T attack", (5, 6)), ("parry", (2, 4))]
    fire = ev.PlayerAttacked(Action.LA2, 0, "T", None, 3, (2, 4, 6), (1, 5), 4, 2)
    assert dice_of(fire) == [("LA2 attack", (2, 4, 6)), ("re-roll", (1, 5))]
    assert dice_of(ev.CirclesFilled(Location.RS, (2,), start_roll=3)) == [("first circle", (3,))]
    assert dice_of(ev.DamageSpilled(Location.LA, 5, Location.LS, 2)) == [("spill", (5,))]
    assert dice_of(ev.EnemyAttackSelected("H", 5, 1, 4)) == [("H attack pick", (5,))]
    assert dice_of(ev.RepairsRolled((3, 1), 1)) == [("repair", (3, 1))]


def test_events_without_dice_have_none() -> None:
    """Moves, prompts and choices roll nothing."""
    for event in (
        ev.TimeAdvanced(),
        ev.Prompted(Prompt.ACTION),
        ev.ActionChosen(Action.LA2, 3),
        ev.EnemyAttackSelected("B", None, 0, 1),
        ev.CirclesFilled(Location.TORSO, (0,)),
        ev.PlayerAttacked(Action.RS3, 0, None, None, 0, (), (), 0, 0),
        ev.RepairsRolled((), 0),
    ):
        assert dice_of(event) == []


def test_rolls_say_what_they_decided() -> None:
    """A few words per group for the dice tray: where a hit landed, how many hits, which attack."""
    hit = attacked("T", 0, Location.RA, (6, 5), (5, 6), 3, 1, parry=(2, 4), rear=True)
    assert [r.outcome for r in rolls(hit)] == ["right arm, rear", "vs 3: 2 damage", "1 damage"]
    wave = ev.WaveGenerated(1, 2, 5, (ev.Spawn(EnemyKind.HELO, 4, 1, 2),))
    assert [r.outcome for r in rolls(wave)] == ["wave 2: H", "Missiles/Rockets", "L/2"]
    fire = ev.PlayerAttacked(Action.LA2, 1, "T", None, 3, (2, 4, 6), (1, 5), 4, 1)
    assert [r.outcome for r in rolls(fire)] == ["vs 4, -1 haste", "1 hit"]
    pick = ev.EnemyAttackSelected("H", 5, 1, 4)
    assert rolls(pick, state(HELO))[0].outcome == "Missiles/Rockets"
    assert (
        rolls(ev.DamageSpilled(Location.LA, 5, Location.LS, 2))[0].outcome == "2 to left shoulder"
    )
    circles = ev.CirclesFilled(Location.RS, (2, 3), start_roll=3)
    assert rolls(circles)[0].outcome == "RS circles 3,4"
    assert rolls(ev.RepairsRolled((3, 2, 6), 2))[0].outcome == "2 repairs"


def test_rolls_mark_the_dice_that_counted() -> None:
    """Hits beat the armor (after haste); a Machine Gun's 6 always counts (Weak); repairs are 3+."""
    hasty = ev.PlayerAttacked(Action.RS2, 2, "T", None, 4, (6, 5, 4, 1), (), 3, 1)
    assert rolls(hasty)[0].scored == (True, False, False, False)
    gunner = state(TANK, me=sheet("RA=machine-gun"))
    burst = ev.PlayerAttacked(Action.RA1, 0, "T", None, 3, (6, 5, 2), (), 6, 1)
    assert rolls(burst, gunner)[0].scored == (True, False, False)
    assert rolls(ev.RepairsRolled((3, 2, 6), 2))[0].scored == (True, False, True)


# ------------------------------------------------------------------ commands and small words
def test_command_text_is_the_command_language() -> None:
    """Every legal command of a played game is written as a line the parser reads back."""
    game = Game(RULESET, PaperSetup(), Dice(4))
    for _ in range(60):
        if game.summary.over:
            break
        for command in legal_commands(game.state):
            assert RULESET.parse_command(format_command(command), game.state) == command
        game.execute(legal_commands(game.state)[-1])


def test_command_text_of_a_few_commands() -> None:
    """The texts the log prints in front of each command's lines."""
    assert format_command(cmd.ChooseAction(Action.LA2)) == "choose la2"
    assert format_command(cmd.ChooseTarget("H", "T")) == "target H T"
    assert format_command(cmd.Wait()) == "wait"


def test_positions_are_ring_slash_wedge() -> None:
    """The sheet's names: ring letter, then wedge number or RR/RL."""
    assert position(Ring.M, Wedge.W2) == "M/2"
    assert position(Ring.L, Wedge.RR) == "L/RR"


def test_routine_prompts_are_marked_so_the_log_can_skip_them() -> None:
    """Windows and the plain action question repeat after nearly every command."""
    assert is_routine(ev.Prompted(Prompt.WINDOW))
    assert is_routine(ev.Prompted(Prompt.ACTION))
    assert not is_routine(ev.Prompted(Prompt.ACTION, enemy="H"))  # a forced re-choice is news
    assert not is_routine(ev.Prompted(Prompt.REPAIR))
    assert not is_routine(ev.TimeAdvanced())
