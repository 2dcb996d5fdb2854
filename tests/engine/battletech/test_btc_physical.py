"""BT-C-36..49 and BT-M-26: physical attacks, displacement, the domino effect, falls from above.

Most tests put the attacker (unit 0) in 0405 facing north and its target (unit 1) in a
neighbouring hex, both having stood still, in the Physical Attack phase. Resolution runs with
scripted dice on a `Ctx` whose tally is the phase's, as the flow does.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from engine.battletech import events as ev
from engine.battletech.board import Terrain, Woods
from engine.battletech.commands import PhysicalAttack
from engine.battletech.context import Ctx, Tally
from engine.battletech.designs.mech import Location, MechDesign
from engine.battletech.evolve import evolve
from engine.battletech.rules.displacement import displace
from engine.battletech.rules.physical import (
    CHARGE_ATTACKER_TONS,
    charge_damage,
    charge_damage_to_attacker,
    check_charge,
    check_dfa,
    declare_physical,
    dfa_damage,
    dfa_damage_to_attacker,
    kick_damage,
    missed_dfa,
    movement_attack,
    physical_options,
    physical_to_hit,
    punch_damage,
    resolve_physical_attack,
)
from engine.battletech.state import AttackKind, BTState, Movement, MoveMode, Phase, Pilot
from engine.dice import ScriptedDice
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex
from tests.engine.battletech._build import design, start, state_with, terrain_board

K = AttackKind
H = Hex.from_label
N, NE, SE, S, SW, NW = Facing
LA, RA, LL, RL, CT, LT, RT, HD = (
    Location.LA,
    Location.RA,
    Location.LL,
    Location.RL,
    Location.CT,
    Location.LT,
    Location.RT,
    Location.HD,
)
A = H("0405")
"""The attacker's hex in most tests."""
STILL = Movement(MoveMode.STILL, done=True)


# ---------------------------------------------------------------- builders


def game(
    units: list[tuple[MechDesign, int, Hex, Facing]], terrain: dict[Hex, Terrain] | None = None
) -> BTState:
    """Units on an 8x8 board in the Physical phase, each having stood still."""
    hexes = {f"h{where.label}": t for where, t in (terrain or {}).items()}
    state = start(terrain_board(8, 8, **hexes), [(d, side, h.label, f) for d, side, h, f in units])
    state = attrs.evolve(state, phase=Phase.PHYSICAL)
    for index in range(len(units)):
        state = state_with(state, index, movement=STILL)
    return state


def duel(
    attacker: MechDesign | None = None,
    target: MechDesign | None = None,
    *,
    where: Facing = N,
    facing: Facing = N,
    target_facing: Facing = S,
    terrain: dict[Hex, Terrain] | None = None,
) -> BTState:
    """Unit 0 (70 t) in 0405 facing ``facing``; unit 1 (50 t) next to it towards ``where``."""
    return game(
        [
            (attacker or design(70), 0, A, facing),
            (target or design(50), 1, A.neighbor(where), target_facing),
        ],
        terrain,
    )


def crit(state: BTState, index: int, location: Location, component: str) -> BTState:
    """Mark the critical line of ``component`` ("Upper Arm", "Hip" ...) in ``location`` hit."""
    unit = state.units[index]
    lines = unit.mech_design.slots_at(location)
    slot = next(i for i, name in enumerate(lines) if name.startswith(component))
    return state_with(state, index, crits=unit.mech.crits | {(location, slot)})


def without(mech: MechDesign, location: Location, *components: str) -> MechDesign:
    """The design with those actuators left out of ``location`` (missing by design)."""
    criticals = list(mech.criticals)
    at = list(Location).index(location)
    criticals[at] = tuple(
        "" if any(name.startswith(c) for c in components) else name for name in criticals[at]
    )
    return attrs.evolve(mech, criticals=tuple(criticals))


def with_blade(tons: int, name: str, arm: Location) -> MechDesign:
    """A 'Mech with a hatchet or sword in ``arm`` on critical lines 4-7."""
    mech = design(tons, equipment=[(name, arm)])
    criticals = list(mech.criticals)
    at = list(Location).index(arm)
    key = mech.equipment[0].name
    criticals[at] = (*criticals[at][:4], key, key, key, key, *criticals[at][8:])
    item = attrs.evolve(mech.equipment[0], slots=(4, 5, 6, 7))
    return attrs.evolve(mech, criticals=tuple(criticals), equipment=(item,))


def declare(
    state: BTState, kind: AttackKind, limb: Location | None = None, unit: int = 0, target: int = 1
) -> BTState:
    """The state after ``unit`` declares the attack."""
    for event in declare_physical(state, PhysicalAttack(unit, kind, target, limb)):
        state = evolve(event, state)
    return state


def resolve(state: BTState, dice: tuple[int, ...], *numbers: int) -> Ctx:
    """Resolve attacks ``numbers`` (default all) with exactly ``dice``."""
    ctx = Ctx(state, ScriptedDice(dice))
    ctx.tally = Tally(start=state)
    for number in numbers or range(len(state.attacks)):
        resolve_physical_attack(ctx, number)
    assert ctx.dice.position == len(dice), "scripted dice left over"
    return ctx


def of(ctx: Ctx, kind: type) -> list[Any]:
    return [e for e in ctx.events if isinstance(e, kind)]


def damage(ctx: Ctx, unit: int) -> list[tuple[Location, int, bool]]:
    """(location, points, rear) of every damage packet ``unit`` took."""
    return [
        (d.location, d.armor + d.internal, d.rear)
        for d in of(ctx, ev.DamageApplied)
        if d.unit == unit
    ]


def moves(ctx: Ctx) -> list[tuple[int, Hex]]:
    return [(e.unit, e.hex) for e in of(ctx, ev.UnitDisplaced)]


def number(state: BTState, kind: AttackKind, limb: Location | None = None) -> int | None:
    return physical_to_hit(state, 0, kind, 1, limb).number


def reason(state: BTState, kind: AttackKind, limb: Location | None = None) -> str:
    hit = physical_to_hit(state, 0, kind, 1, limb)
    assert hit.number is None, hit
    return hit.reason


# ---------------------------------------------------------------- BT-C-36: base numbers


@pytest.mark.parametrize(
    ("kind", "limb", "mech", "base"),
    [
        (K.PUNCH, LA, design(70), 4),
        (K.KICK, RL, design(70), 3),
        (K.PUSH, None, design(70), 4),
        (K.HATCHET, RA, with_blade(70, "Hatchet", RA), 4),
        (K.SWORD, RA, with_blade(70, "Sword", RA), 3),
    ],
)
def test_base_numbers(kind: AttackKind, limb: Location | None, mech: MechDesign, base: int) -> None:
    """BT-C-36: standing still on open ground, the number is the base, named."""
    hit = physical_to_hit(duel(mech), 0, kind, 1, limb)
    assert hit.number == base
    assert hit.modifiers == ((f"{kind.value} base", base),)


def test_club_base_needs_a_club() -> None:
    """BT-C-38: base 4 with a club in hand; without one, no club attack."""
    state = duel()
    assert "holds no club" in reason(state, K.CLUB)
    assert number(state_with(state, 0, club="tree"), K.CLUB) == 4


def test_common_modifiers_are_added_and_named() -> None:
    """BT-C-15 applies to physical attacks: the attacker walked (+1), the target ran 5 (+2)."""
    state = duel()
    state = state_with(state, 0, movement=Movement(MoveMode.WALK, hexes=2, counted=2, done=True))
    state = state_with(state, 1, movement=Movement(MoveMode.RUN, hexes=5, counted=5, done=True))
    hit = physical_to_hit(state, 0, K.KICK, 1, LL)
    assert hit.number == 3 + 1 + 2
    assert ("attacker walked", 1) in hit.modifiers
    assert ("target moved 5 hexes", 2) in hit.modifiers


def test_not_adjacent_and_self() -> None:
    """BT-C-36: physical attacks reach adjacent hexes only."""
    state = game([(design(70), 0, A, N), (design(50), 1, H("0403"), S)])
    assert "not in an adjacent hex" in reason(state, K.PUNCH)
    assert physical_to_hit(state, 0, K.PUNCH, 0).number is None


# ---------------------------------------------------------------- BT-C-37: punch


def test_punch_arcs() -> None:
    """BT-C-37: front arc both arms; a side arc only that side's arm; never the rear."""
    front_oblique = duel(where=NE)  # the 60-degree row: front and right arcs
    assert number(front_oblique, K.PUNCH, LA) == 4
    assert number(front_oblique, K.PUNCH, RA) == 4
    right = duel(where=SE)
    assert number(right, K.PUNCH, RA) == 4
    assert "outside the left arm's arcs" in reason(right, K.PUNCH, LA)
    assert reason(right, K.PUNCH)  # both arms: the left one cannot
    assert reason(duel(where=S), K.PUNCH, RA)


def test_torso_twist_turns_the_arms() -> None:
    """BT-C-3/11: twisted right, a target in the right-rear side hex is in front of the torso."""
    state = state_with(duel(where=SE), 0, twist=1)
    assert number(state, K.PUNCH, LA) == 4
    assert reason(duel(where=SE), K.PUNCH, LA)


def test_an_arm_that_fired_cannot_punch() -> None:
    """BT-C-37: an arm fires or punches, never both; other arms still punch."""
    mech = design(70, equipment=[("Medium Laser", RA)])
    state = state_with(duel(mech), 0, fired=frozenset({0}))
    assert "right arm fired" in reason(state, K.PUNCH, RA)
    assert number(state, K.PUNCH, LA) == 4


def test_shoulder_hit_means_no_punch_with_that_arm() -> None:
    """BT-C-17: a shoulder critical: that arm cannot punch."""
    state = crit(duel(), 0, LA, "Shoulder")
    assert "shoulder" in reason(state, K.PUNCH, LA)
    assert number(state, K.PUNCH, RA) == 4


def test_actuator_criticals_add_to_the_punch() -> None:
    """BT-C-17: hand +1, upper and lower arm +2 each, for that arm only."""
    state = crit(crit(crit(duel(), 0, RA, "Hand"), 0, RA, "Upper Arm"), 0, RA, "Lower Arm")
    hit = physical_to_hit(state, 0, K.PUNCH, 1, RA)
    assert hit.number == 4 + 1 + 2 + 2
    assert ("right arm hand actuator hit", 1) in hit.modifiers
    assert ("right arm upper arm actuator hit", 2) in hit.modifiers
    assert number(state, K.PUNCH, LA) == 4


def test_missing_actuators_by_design() -> None:
    """BT-C-37: no hand: +1; no lower arm actuator: +2 and half damage."""
    mech = without(design(70), LA, "Hand")
    assert number(duel(mech), K.PUNCH, LA) == 5
    assert punch_damage(duel(mech).units[0], LA) == 7
    mech = without(design(70), LA, "Lower Arm", "Hand")
    assert number(duel(mech), K.PUNCH, LA) == 4 + 1 + 2
    assert punch_damage(duel(mech).units[0], LA) == 3


@pytest.mark.parametrize(
    ("tons", "components", "points"),
    [
        (70, (), 7),
        (75, (), 8),
        (70, ("Upper Arm",), 3),
        (70, ("Upper Arm", "Lower Arm"), 1),
        (70, ("Hand",), 7),
        (20, (), 2),
    ],
)
def test_punch_damage(tons: int, components: tuple[str, ...], points: int) -> None:
    """BT-C-37: ceil(tons / 10), halved (down) per damaged upper or lower arm actuator."""
    state = duel(design(tons))
    for component in components:
        state = crit(state, 0, RA, component)
    assert punch_damage(state.units[0], RA) == points


def test_a_two_arm_punch_is_two_attacks() -> None:
    """BT-C-37: each arm rolls and deals damage separately."""
    state = crit(duel(), 0, RA, "Hand")
    events = declare_physical(state, PhysicalAttack(0, K.PUNCH, 1))
    attacks = [e.attack for e in events if isinstance(e, ev.AttackDeclared)]
    assert [(a.limb, a.to_hit, a.table) for a in attacks] == [(LA, 4, "punch"), (RA, 5, "punch")]


def test_punch_hits_on_the_punch_table() -> None:
    """BT-C-37/23: a 70-ton punch does 7 where 1D6 on the Punch table says (3: center torso)."""
    state = declare(duel(), K.PUNCH, RA)
    ctx = resolve(state, (2, 2, 3))
    assert of(ctx, ev.AttackRolled)[0].hit
    assert damage(ctx, 1) == [(CT, 7, False)]
    assert ctx.tally is not None
    assert ctx.tally.psrs == {}


def test_punch_from_the_side_uses_the_side_column() -> None:
    """BT-C-21/23: punching a target's left side, a 1 on the Punch table is its left torso."""
    state = declare(duel(target_facing=NW), K.PUNCH, RA)  # the attacker on its left
    assert state.attacks[0].side == "left"
    assert damage(resolve(state, (3, 3, 1)), 1) == [(LT, 7, False)]


# ---------------------------------------------------------------- BT-C-41: kick


def test_kick_70_tons_does_14() -> None:
    """BT-C-41: ceil(70 / 5) = 14, on the Kick table (1: right leg), and the target rolls."""
    state = declare(duel(), K.KICK, RL)
    ctx = resolve(state, (2, 1, 1))
    assert damage(ctx, 1) == [(RL, 14, False)]
    assert ctx.tally is not None
    assert ctx.tally.psrs == {1: [("kicked", 0)]}


def test_a_missed_kick_makes_the_kicker_roll() -> None:
    """BT-C-41/49: missed kick: a PSR for the attacker (+0)."""
    state = declare(duel(), K.KICK, LL)
    ctx = resolve(state, (1, 1))
    assert not damage(ctx, 1)
    assert ctx.tally is not None
    assert ctx.tally.psrs == {0: [("missed kick", 0)]}


def test_kick_reaches_the_three_front_hexes() -> None:
    """BT-C-41: judged by the feet; a torso twist does not help."""
    assert number(duel(where=NW), K.KICK, LL) == 3
    assert "three hexes in front" in reason(duel(where=SE), K.KICK, LL)
    assert reason(state_with(duel(where=SE), 0, twist=1), K.KICK, LL)


def test_kick_actuators() -> None:
    """BT-C-17: a hip: no kicks at all; upper/lower leg +2 and half damage; foot +1."""
    assert "hip" in reason(crit(duel(), 0, LL, "Hip"), K.KICK, RL)
    state = crit(duel(), 0, RL, "Upper Leg")
    assert number(state, K.KICK, RL) == 5
    assert kick_damage(state.units[0], RL) == 7
    assert number(state, K.KICK, LL) == 3
    state = crit(duel(), 0, RL, "Foot")
    assert number(state, K.KICK, RL) == 4
    assert kick_damage(state.units[0], RL) == 14


def test_no_leg_named_kicks_with_the_better_leg() -> None:
    """DESIGN: a kick declared without a leg uses the leg with the lower number."""
    state = crit(duel(), 0, LL, "Upper Leg")
    events = declare_physical(state, PhysicalAttack(0, K.KICK, 1))
    attack = events[0].attack  # type: ignore[attr-defined]
    assert (attack.limb, attack.to_hit) == (RL, 3)


def test_a_leg_that_fired_cannot_kick() -> None:
    """BT-C-41: the kicking leg's weapons cannot fire that turn."""
    mech = design(70, equipment=[("Medium Laser", LL)])
    state = state_with(duel(mech), 0, fired=frozenset({0}))
    assert "left leg fired" in reason(state, K.KICK, LL)
    assert number(state, K.KICK, RL) == 3


# ---------------------------------------------------------------- BT-C-38/39: club, hatchet, sword


def test_club_rules() -> None:
    """BT-C-38: club rules.

    Both hands and shoulders intact, no arm weapon fired, front arc; +2 per arm actuator;
    damage ceil(tons / 5) on the 2D6 table; a tree breaks after one hit.
    """
    state = state_with(duel(), 0, club="tree")
    assert "hand" in reason(crit(state, 0, LA, "Hand"), K.CLUB)
    assert number(crit(state, 0, LA, "Lower Arm"), K.CLUB) == 6
    armed = state_with(duel(design(70, equipment=[("Medium Laser", LA)])), 0, club="tree")
    assert "fired" in reason(state_with(armed, 0, fired=frozenset({0})), K.CLUB)
    ctx = resolve(declare(state, K.CLUB), (2, 2, 3, 4))
    assert damage(ctx, 1) == [(CT, 14, False)]
    assert ev.ClubTaken(0, "") in ctx.events


def test_hatchet() -> None:
    """BT-C-39: hatchet.

    One arm with hand and shoulder; its side arc too; ceil(tons / 5), 2D6 table; a hit on a
    hatchet line ruins it.
    """
    mech = with_blade(70, "Hatchet", LA)
    left = duel(mech, where=SW, target_facing=NE)
    assert number(left, K.HATCHET, LA) == 4
    assert "carries no hatchet" in reason(left, K.HATCHET, RA)
    assert "hand" in reason(crit(left, 0, LA, "Hand"), K.HATCHET, LA)
    ruined = state_with(left, 0, crits=frozenset({(LA, 5)}))
    assert "ruined" in reason(ruined, K.HATCHET, LA)
    ctx = resolve(declare(left, K.HATCHET), (2, 2, 3, 4))
    assert damage(ctx, 1) == [(CT, 14, False)]


def test_sword_damage() -> None:
    """BT-C-39 ASSUMPTION: a sword does ceil(tons / 10) + 1."""
    state = declare(duel(with_blade(70, "Sword", RA)), K.SWORD, RA)
    assert damage(resolve(state, (2, 2, 3, 4)), 1) == [(CT, 8, False)]


# ---------------------------------------------------------------- BT-C-40: push


def test_push_needs_the_hex_straight_ahead() -> None:
    """BT-C-40: the hex directly ahead of the feet (not a front-oblique one)."""
    assert "straight ahead" in reason(duel(where=NE), K.PUSH)
    assert reason(state_with(duel(where=NE), 0, twist=1), K.PUSH)


def test_push_shoulders_and_arm_weapons() -> None:
    """BT-C-17/40: +2 per damaged shoulder; no arm weapon may have fired."""
    state = crit(crit(duel(), 0, LA, "Shoulder"), 0, RA, "Shoulder")
    assert number(state, K.PUSH) == 8
    armed = duel(design(70, equipment=[("Medium Laser", RA)]))
    assert "fired" in reason(state_with(armed, 0, fired=frozenset({0})), K.PUSH)


def test_a_push_moves_the_target_and_the_pusher_follows() -> None:
    """BT-C-40: no damage; the target one hex on, the attacker into its hex; target PSR +0."""
    state = declare(duel(), K.PUSH)
    ctx = resolve(state, (2, 2))
    assert moves(ctx) == [(1, A.neighbor(N).neighbor(N)), (0, A.neighbor(N))]
    assert not damage(ctx, 1)
    assert ctx.tally is not None
    assert ctx.tally.psrs == {1: [("pushed", 0)]}


def test_an_illegal_push_moves_nobody() -> None:
    """BT-C-46: the hex behind the target is 3 levels up: no displacement, the PSR stands."""
    behind = A.neighbor(N).neighbor(N)
    state = declare(duel(terrain={behind: Terrain(level=3)}), K.PUSH)
    ctx = resolve(state, (2, 2))
    assert moves(ctx) == []
    assert ctx.tally is not None
    assert ctx.tally.psrs == {1: [("pushed", 0)]}


def test_one_push_per_target() -> None:
    """BT-C-40: only one push may be declared against a 'Mech each turn."""
    state = game(
        [
            (design(70), 0, A, N),
            (design(50), 1, A.neighbor(N), S),
            (design(50), 0, A.neighbor(N).neighbor(NE), SW),
        ]
    )
    assert physical_to_hit(state, 2, K.PUSH, 1).possible
    state = declare(state, K.PUSH)
    with pytest.raises(IllegalCommand, match="one push"):
        declare_physical(state, PhysicalAttack(2, K.PUSH, 1))
    assert PhysicalAttack(2, K.PUSH, 1) not in physical_options(state, 2)


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ((3, 3, 3, 3), ([], {0: [("pushed", 0)], 1: [("pushed", 0)]})),
        ((1, 1, 1, 1), ([], {})),
        ((3, 3, 1, 1), ([(1, H("0403")), (0, H("0404"))], {1: [("pushed", 0)]})),
        ((1, 1, 3, 3), ([(0, H("0406")), (1, H("0405"))], {0: [("pushed", 0)]})),
    ],
)
def test_mutual_pushes(
    dice: tuple[int, ...], expected: tuple[list[tuple[int, Hex]], dict[int, list[Any]]]
) -> None:
    """BT-C-40: both hit: nobody moves, both roll; both miss: nothing; one hit: as usual."""
    state = declare(declare(duel(), K.PUSH), K.PUSH, unit=1, target=0)
    ctx = resolve(state, dice)
    assert len(of(ctx, ev.AttackRolled)) == 2
    assert ctx.tally is not None
    assert (moves(ctx), ctx.tally.psrs) == expected


# ---------------------------------------------------------------- BT-C-44/45: levels and prone


def up(level: int, where: Facing = N) -> dict[Hex, Terrain]:
    return {A.neighbor(where): Terrain(level=level)}


@pytest.mark.parametrize(
    ("terrain", "kind", "limb", "table"),
    [
        (up(1), K.PUNCH, RA, "kick"),
        (up(1), K.CLUB, None, "kick"),
        (up(-1), K.KICK, RL, "punch"),
        (up(-1), K.CLUB, None, "punch"),
        (up(0), K.PUNCH, RA, "punch"),
        (up(0), K.KICK, RL, "kick"),
        (up(0), K.CLUB, None, "normal"),
    ],
)
def test_tables_across_levels(
    terrain: dict[Hex, Terrain], kind: AttackKind, limb: Location | None, table: str
) -> None:
    """BT-C-44: tables across levels.

    A punch or club up one level strikes the Kick table; a kick or club down one level the
    Punch table.
    """
    state = state_with(duel(terrain=terrain), 0, club="tree")
    hit = physical_to_hit(state, 0, kind, 1, limb)
    assert (hit.number, hit.table) == (4 if kind is not K.KICK else 3, table)


@pytest.mark.parametrize(
    ("terrain", "prone", "kind", "limb", "dice", "hit"),
    [
        (up(1), False, K.PUNCH, RA, (3, 3, 1), (RL, 7, False)),  # Kick table: 1 is the right leg
        (up(-1), False, K.KICK, RL, (3, 3, 1), (LA, 14, False)),  # Punch table: 1 is the left arm
        (up(0), True, K.KICK, RL, (3, 3, 4, 5), (LL, 14, False)),  # prone: 2D6, 9 is the left leg
        (up(1), True, K.PUNCH, RA, (3, 3, 3, 3), (RT, 7, False)),  # prone, up: 2D6, 6 right torso
    ],
)
def test_locations_across_levels_and_prone(  # noqa: PLR0917 - one row of the table
    terrain: dict[Hex, Terrain],
    prone: bool,
    kind: AttackKind,
    limb: Location,
    dice: tuple[int, ...],
    hit: tuple[Location, int, bool],
) -> None:
    """BT-C-44/45: the hit lands where the table for the levels says (Front column)."""
    state = state_with(duel(terrain=terrain), 1, prone=prone)
    assert damage(resolve(declare(state, kind, limb), dice), 1) == [hit]


@pytest.mark.parametrize(
    ("terrain", "kind", "limb"),
    [
        (up(1), K.KICK, RL),
        (up(1), K.PUSH, None),
        (up(-1), K.PUNCH, RA),
        (up(-1), K.PUSH, None),
        (up(2), K.PUNCH, RA),
        (up(-2), K.KICK, RL),
    ],
)
def test_attacks_out_of_reach_across_levels(
    terrain: dict[Hex, Terrain], kind: AttackKind, limb: Location | None
) -> None:
    """BT-C-44: no kick or push upward, no punch or push downward, nothing beyond 1 level."""
    assert "level" in reason(duel(terrain=terrain), kind, limb)


def test_attacks_on_a_prone_mech() -> None:
    """BT-C-45: only kicks (normal table, -2 adjacent); BT-C-44: punched from one level below."""
    state = state_with(duel(), 1, prone=True)
    hit = physical_to_hit(state, 0, K.KICK, 1, RL)
    assert (hit.number, hit.table) == (3 - 2, "normal")
    assert ("target prone, adjacent", -2) in hit.modifiers
    assert "prone" in reason(state, K.PUNCH, RA)
    assert "prone" in reason(state, K.PUSH)
    higher = state_with(duel(terrain=up(1)), 1, prone=True)
    hit = physical_to_hit(higher, 0, K.PUNCH, 1, RA)
    assert (hit.number, hit.table) == (4 - 2, "normal")
    assert reason(state_with(duel(terrain=up(-1)), 1, prone=True), K.KICK, RL)


def test_a_prone_mech_attacks_no_mech() -> None:
    """BT-C-45: a prone 'Mech only punches vehicles or sweeps infantry in its own hex."""
    state = state_with(duel(), 0, prone=True)
    assert "prone" in reason(state, K.PUNCH, RA)
    assert physical_options(state, 0) == []


def test_target_in_depth_1_water_is_struck_on_the_punch_table() -> None:
    """BT-C-8/9: partial cover from depth 1 water (+3, -1): every hit uses the Punch table."""
    state = duel(terrain={A: Terrain(water=1), A.neighbor(N): Terrain(water=1)})
    hit = physical_to_hit(state, 0, K.KICK, 1, RL)
    assert hit.table == "punch"
    assert hit.number == 3 + 3 - 1 + 1  # partial cover, target in water, attacker in water


# ---------------------------------------------------------------- one attack a turn


def test_one_kind_of_physical_attack_a_turn() -> None:
    """BT-C-36: a 'Mech that punched cannot kick."""
    assert "one a turn" in reason(state_with(duel(), 0, physical="punch"), K.KICK, RL)


def test_charging_and_dfa_units() -> None:
    """BT-C-42/43: charging and DFA units.

    A charger makes no other attack; a DFA-ing 'Mech cannot be attacked physically.
    """
    assert "charging" in reason(state_with(duel(), 0, charging=1), K.PUNCH, RA)
    assert "DFA" in reason(state_with(duel(), 1, dfa=0), K.KICK, RL)


def test_options_and_the_13_rule() -> None:
    """Options list what can be declared; a 13+ attack is refused (BT-C-2, cancelled)."""
    options = physical_options(duel(), 0)
    assert PhysicalAttack(0, K.PUSH, 1) in options
    assert PhysicalAttack(0, K.KICK, 1, LL) in options
    assert PhysicalAttack(0, K.CLUB, 1) not in options
    state = duel(where=NE)
    for component in ("Hand", "Upper Arm", "Lower Arm"):
        state = crit(state, 0, RA, component)
    ran = Movement(MoveMode.RUN, hexes=10, counted=10, done=True)
    state = state_with(state, 1, movement=ran)
    assert number(state, K.PUNCH, RA) == 13
    with pytest.raises(IllegalCommand, match="more than 12"):
        declare_physical(state, PhysicalAttack(0, K.PUNCH, 1, RA))
    assert PhysicalAttack(0, K.PUNCH, 1, RA) not in physical_options(state, 0)
    assert PhysicalAttack(0, K.PUNCH, 1, LA) in physical_options(state, 0)


# ---------------------------------------------------------------- BT-C-42: charge


def mover(
    state: BTState, index: int, mode: MoveMode, mp: int, *, backward: bool = False
) -> BTState:
    moved = Movement(mode, mp_spent=mp, hexes=mp, counted=mp, backward=backward)
    return state_with(state, index, movement=moved)


def test_check_charge() -> None:
    """BT-C-42: not backward, the target straight ahead, MP left to enter its hex."""
    state = attrs.evolve(duel(design(35, walk=6)), phase=Phase.MOVEMENT)
    check_charge(mover(state, 0, MoveMode.WALK, 5), 0, 1)
    with pytest.raises(IllegalCommand, match="costs 1 MP and 0 are left"):
        check_charge(mover(state, 0, MoveMode.WALK, 6), 0, 1)
    with pytest.raises(IllegalCommand, match="backward"):
        check_charge(mover(state, 0, MoveMode.WALK, 2, backward=True), 0, 1)
    with pytest.raises(IllegalCommand, match="straight ahead"):
        check_charge(mover(state_with(state, 0, facing=NE), 0, MoveMode.WALK, 2), 0, 1)
    with pytest.raises(IllegalCommand, match="prone"):
        check_charge(mover(state_with(state, 1, prone=True), 0, MoveMode.WALK, 2), 0, 1)
    with pytest.raises(IllegalCommand, match="cannot be charged"):
        check_charge(mover(state_with(state, 1, charging=0), 0, MoveMode.WALK, 2), 0, 1)
    slow = state_with(state, 1, movement=Movement(MoveMode.RUN, hexes=10, counted=10, done=True))
    slow = state_with(slow, 0, pilot=Pilot("Green", 4, 8))
    with pytest.raises(IllegalCommand, match="more than 12"):
        check_charge(mover(slow, 0, MoveMode.WALK, 2), 0, 1)  # 5 + 1 + 4 + (8 - 5) = 13


def test_one_charge_or_dfa_per_target() -> None:
    """BT-C-42: a unit may be the target of only one charge or DFA a turn."""
    state = game(
        [(design(50), 0, A, N), (design(50), 1, A.neighbor(N), S), (design(50), 0, H("0304"), NE)]
    )
    state = mover(state_with(state, 2, dfa=1), 0, MoveMode.WALK, 2)
    with pytest.raises(IllegalCommand, match="one a turn per target"):
        check_charge(state, 0, 1)


def charging(tons: int = 35, target_tons: int = 50, hexes: int = 5) -> BTState:
    state = duel(design(tons, walk=4), design(target_tons))
    moved = Movement(MoveMode.RUN, mp_spent=hexes, hexes=hexes, counted=hexes, done=True)
    return state_with(state, 0, movement=moved, charging=1, physical="charge")


def test_charge_to_hit() -> None:
    """BT-C-42: base 5, the attacker ran (+2), attacker Piloting 3 - target 5 (-2)."""
    state = state_with(charging(), 0, pilot=Pilot("Ace", 3, 3))
    attack = movement_attack(state, 0)
    assert attack is not None
    assert (attack.kind, attack.to_hit) == (K.CHARGE, 5 + 2 - 2)
    assert ("Piloting difference", -2) in attack.modifiers


def test_charge_cancelled_when_the_target_left() -> None:
    """BT-C-42: at the start of the Physical phase the target must still be straight ahead."""
    state = state_with(charging(), 1, hex=A.neighbor(NE))
    assert movement_attack(state, 0) is None


def physical_start(state: BTState, index: int) -> BTState:
    attack = movement_attack(state, index)
    assert attack is not None
    return evolve(ev.AttackDeclared(attack), state)


def test_charge_35_tons_after_5_hexes() -> None:
    """BT-C-42: charge 35 tons after 5 hexes.

    35 t x 5 hexes / 10 = 18 to the target in groups 5+5+5+3; the seed's /20: ceil(50 / 20) =
    3 to the attacker; both roll at +2; the target is shoved, the attacker follows.
    """
    assert CHARGE_ATTACKER_TONS == 20
    state = physical_start(charging(), 0)
    ctx = resolve(state, (4, 3, *(3, 4) * 4, 3, 4))
    assert damage(ctx, 1) == [(CT, 5, False)] * 3 + [(CT, 3, False)]
    assert damage(ctx, 0) == [(CT, 3, False)]
    assert ctx.tally is not None
    assert ctx.tally.psrs == {1: [("charged", 2)], 0: [("made charge", 2)]}
    assert moves(ctx) == [(1, A.neighbor(N).neighbor(N)), (0, A.neighbor(N))]


@pytest.mark.parametrize(
    ("tons", "hexes", "target_tons", "dealt", "taken"),
    [(35, 5, 50, 18, 3), (70, 3, 70, 21, 4), (25, 3, 100, 8, 5), (50, 0, 50, 0, 3)],
)
def test_charge_damage(tons: int, hexes: int, target_tons: int, dealt: int, taken: int) -> None:
    """BT-C-42: rounded once at the end; no hex moved, no damage dealt (still taken)."""
    assert charge_damage(tons, hexes) == dealt
    assert charge_damage_to_attacker(target_tons) == taken


def test_a_missed_charge_steps_aside() -> None:
    """BT-C-42: on a miss the charger ends in its front-right hex (DESIGN: empty, right first)."""
    state = physical_start(charging(), 0)
    ctx = resolve(state, (1, 1))
    assert moves(ctx) == [(0, A.neighbor(NE))]
    assert not damage(ctx, 0)
    assert not damage(ctx, 1)


def test_a_missed_charge_takes_the_left_hex_when_the_right_is_taken() -> None:
    """BT-C-42: an empty side hex is preferred."""
    state = game(
        [
            (design(35, walk=4), 0, A, N),
            (design(50), 1, A.neighbor(N), S),
            (design(50), 1, A.neighbor(NE), S),
        ]
    )
    moved = Movement(MoveMode.RUN, mp_spent=5, hexes=5, counted=5, done=True)
    state = physical_start(state_with(state, 0, movement=moved, charging=1, physical="charge"), 0)
    assert moves(resolve(state, (1, 1))) == [(0, A.neighbor(NW))]


# ---------------------------------------------------------------- BT-C-43: death from above


def test_check_dfa() -> None:
    """BT-C-43: check DFA.

    The target finished moving; Jump MP for the path and the target's hex; one charge or DFA
    per target.
    """
    units = [
        (design(35, jump=5), 0, A.neighbor(S).neighbor(S), N),
        (design(50), 1, A.neighbor(N), S),
        (design(50), 1, H("0808"), N),
    ]
    state = attrs.evolve(game(units), phase=Phase.MOVEMENT)
    state = state_with(state, 0, movement=None)
    path = (A.neighbor(S), A)
    check_dfa(state, 0, path, 1)
    with pytest.raises(IllegalCommand, match="finished moving"):
        check_dfa(state_with(state, 1, movement=None), 0, path, 1)
    with pytest.raises(IllegalCommand, match="next to the target"):
        check_dfa(state, 0, (A.neighbor(S),), 1)
    with pytest.raises(IllegalCommand, match="need 3 Jump MP, it has 2"):
        check_dfa(state_with(state, 0, design=design(35, jump=2)), 0, path, 1)
    with pytest.raises(IllegalCommand, match="one a turn per target"):
        check_dfa(state_with(state, 2, dfa=1), 0, path, 1)
    with pytest.raises(IllegalCommand, match="cannot be charged or DFA'd"):
        check_dfa(state_with(state, 1, charging=2), 0, path, 1)
    deep = attrs.evolve(state, board=state.board.replace(A.neighbor(N), Terrain(water=2)))
    with pytest.raises(IllegalCommand, match="under water"):
        check_dfa(deep, 0, path, 1)  # BT-C-9: nothing reaches a 'Mech in depth 2 water


def dfa_state(tons: int = 35, **target: object) -> BTState:
    """Unit 0 jumped 3 hexes from the south to 0405, DFA on unit 1 in 0404 (facing south)."""
    start_hex = A.neighbor(S).neighbor(S).neighbor(S)
    path = (start_hex, A.neighbor(S).neighbor(S), A.neighbor(S), A)
    state = duel(design(tons, jump=5), terrain={A.neighbor(N): Terrain(woods=Woods.HEAVY)})
    jumped = Movement(MoveMode.JUMP, mp_spent=3, hexes=3, counted=3, jumped=3, done=True, path=path)
    state = state_with(state, 0, movement=jumped, dfa=1, physical="dfa")
    return state_with(state, 1, **target) if target else state


def test_dfa_to_hit_ignores_terrain() -> None:
    """BT-C-43/18.3: base 5, jumped +3, Piloting difference, no heavy-woods +2."""
    attack = movement_attack(dfa_state(), 0)
    assert attack is not None
    assert attack.to_hit == 5 + 3 + 0
    assert not any("woods" in name for name, _ in attack.modifiers)
    assert (attack.side, attack.table) == ("front", "punch")


def test_dfa_35_tons_hits() -> None:
    """BT-C-43: DFA 35 tons hits.

    11 to the target (5+5+1, Punch table), ceil(35/5) = 7 to the attacker (5+2, Kick table);
    PSRs +2 and +4; the target goes straight away, the attacker lands in its hex.
    """
    assert (dfa_damage(35), dfa_damage_to_attacker(35)) == (11, 7)
    state = physical_start(dfa_state(), 0)
    ctx = resolve(state, (4, 4, 3, 3, 3, 1, 4))
    assert damage(ctx, 1) == [(CT, 5, False), (CT, 5, False), (CT, 1, False)]
    assert damage(ctx, 0) == [(RL, 5, False), (LL, 2, False)]
    assert ctx.tally is not None
    assert ctx.tally.psrs == {1: [("hit by DFA", 2)], 0: [("made DFA", 4)]}
    assert moves(ctx) == [(0, A.neighbor(N)), (1, A.neighbor(N).neighbor(N))]


def test_dfa_miss() -> None:
    """BT-C-43: DFA miss.

    The target steps aside; the attacker falls in its hex, 2 levels, on its back: ceil(35/10)
    x 3 = 12 on the rear column, facing reversed.
    """
    state = physical_start(dfa_state(), 0)
    ctx = resolve(state, (1, 1, 2, 3, 4, 5, 5, 5, 6, 6))
    assert moves(ctx)[:2] == [(0, A.neighbor(N)), (1, A.neighbor(N).neighbor(N))]
    fell = of(ctx, ev.UnitFell)
    assert [(f.unit, f.hex, f.levels, f.facing_roll, f.column) for f in fell] == [
        (0, A.neighbor(N), 2, None, "rear")
    ]
    assert damage(ctx, 0) == [(RL, 5, False), (LL, 5, False), (LA, 2, False)]
    assert ctx.state.units[0].facing is S
    assert ctx.state.units[0].mech.prone


def test_dfa_on_a_prone_mech_strikes_the_rear_column() -> None:
    """BT-C-43/45: a prone target: the Rear column of the normal table, whatever the side."""
    attack = movement_attack(dfa_state(prone=True), 0)
    assert attack is not None
    assert (attack.side, attack.table) == ("rear", "normal")


def test_dfa_target_with_nowhere_to_go_is_destroyed() -> None:
    """BT-C-43: every adjacent hex impassable (the attacker's too): a hit destroys the target."""
    target = A.neighbor(N)
    walls = {h: Terrain(level=3) for h in target.neighbors()}
    walls[target] = Terrain()
    state = dfa_state()
    state = attrs.evolve(
        state, board=terrain_board(8, 8, **{f"h{h.label}": t for h, t in walls.items()})
    )
    ctx = resolve(physical_start(state, 0), (4, 4, 3, 3, 3, 1, 4))
    assert any(isinstance(e, ev.UnitDestroyed) and e.unit == 1 for e in ctx.events)
    assert moves(ctx) == [(0, target)]


def test_dfa_from_behind_pushes_the_target_into_the_hex_the_attacker_left() -> None:
    """BT-C-43: a DFA from behind pushes the target forward.

    The attack direction comes from where the jump began (north, the target's rear): the target
    goes straight away from it, south, into the hex the attacker came down from.
    """
    target = A.neighbor(N)
    start_hex = target.neighbor(N).neighbor(N)
    state = duel(design(35, jump=5))
    jumped = Movement(MoveMode.JUMP, mp_spent=3, hexes=3, jumped=3, done=True, path=(start_hex, A))
    state = physical_start(state_with(state, 0, movement=jumped, dfa=1, physical="dfa"), 0)
    assert state.attacks[0].side == "rear"
    ctx = resolve(state, (4, 4, 1, 1, 1, 1, 4))
    assert damage(ctx, 1) == [(LA, 5, False), (LA, 5, False), (LA, 1, False)]
    assert moves(ctx) == [(0, target), (1, A)]


def test_a_dfa_attacker_that_falls_in_the_weapon_phase_ends_as_a_missed_dfa() -> None:
    """BT-C-43: the fall and final positions of a missed DFA, at once.

    The target steps aside, the attacker comes down in its hex, 2 levels on its back.
    """
    state = attrs.evolve(dfa_state(), phase=Phase.WEAPON)
    ctx = push_ctx(state)
    ctx.dice = ScriptedDice((2, 3, 4, 5, 5, 5, 6, 6))
    missed_dfa(ctx, 0)
    assert moves(ctx) == [(0, A.neighbor(N)), (1, A.neighbor(N).neighbor(N))]
    assert [(f.unit, f.hex, f.levels, f.column) for f in of(ctx, ev.UnitFell)] == [
        (0, A.neighbor(N), 2, "rear")
    ]


def test_a_wreck_still_strikes() -> None:
    """BT-C-43: a wreck still strikes.

    Destroyed in mid-jump, a +1 PSR; on a success half damage (ceil(11/2) = 6), all in one
    location when the center torso survived.
    """
    state = state_with(dfa_state(), 0, destroyed=True)
    attack = movement_attack(state, 0)
    assert attack is not None
    assert attack.to_hit == 5 + 1
    ctx = resolve(evolve(ev.AttackDeclared(attack), state), (3, 3, 3, 4))
    assert damage(ctx, 1) == [(CT, 6, False)]
    assert ctx.tally is not None
    assert ctx.tally.psrs == {1: [("hit by DFA", 2)]}


# ---------------------------------------------------------------- BT-C-46: displacement


def push_ctx(state: BTState) -> Ctx:
    ctx = Ctx(state, ScriptedDice(()))
    ctx.tally = Tally(start=state)
    return ctx


@pytest.mark.parametrize(
    ("level", "legal"),
    [(3, False), (2, True), (1, True), (-1, True), (-4, True)],
)
def test_displacement_climbs_at_most_2_levels_and_drops_any(level: int, legal: bool) -> None:
    """BT-C-46: displacement climbs at most 2 levels and drops any.

    Not higher than a walking climb; down any number of levels (no fall when the hex is
    empty).
    """
    state = duel(terrain=up(level, S), where=N)
    ctx = push_ctx(state)
    assert displace(ctx, 0, A.neighbor(S), S, "test") is legal
    assert moves(ctx) == ([(0, A.neighbor(S))] if legal else [])
    assert not of(ctx, ev.UnitFell)


def test_displacement_off_the_map_is_illegal() -> None:
    state = game([(design(50), 0, H("0401"), N), (design(50), 1, H("0808"), N)])
    ctx = push_ctx(state)
    assert not displace(ctx, 0, H("0401").neighbor(N), N, "test")
    assert ctx.events == []


# ---------------------------------------------------------------- BT-C-48: domino


def chain(*facings: Facing, terrain: dict[Hex, Terrain] | None = None) -> BTState:
    """Unit 0 in 0405 facing north pushes unit 1 (0404); units 2.. stand in 0403, 0402 ..."""
    hexes = [A.neighbor(N)]
    for _ in facings:
        hexes.append(hexes[-1].neighbor(N))
    units = [(design(70), 0, A, N), (design(50), 1, hexes[0], S)]
    units += [(design(50), 1, h, f) for h, f in zip(hexes[1:], facings, strict=False)]
    return declare(game(units, terrain), K.PUSH)


def test_domino_chain() -> None:
    """BT-C-48: domino chain.

    Each 'Mech in line is shoved one hex on; every one shoved and the one entering roll PSRs.
    Shoved front to back and front to front, nobody may dodge.
    """
    ctx = resolve(chain(N, S), (3, 3))
    assert moves(ctx) == [(3, H("0401")), (2, H("0402")), (1, H("0403")), (0, H("0404"))]
    assert ctx.tally is not None
    assert ctx.tally.psrs == {
        1: [("pushed", 0), ("domino", 0)],
        2: [("domino", 0), ("domino", 0)],
        3: [("domino", 0)],
    }


def test_domino_chain_off_the_map_moves_nobody() -> None:
    """BT-C-46/48: the last 'Mech of the line cannot be shoved: no one moves."""
    ctx = resolve(chain(N, S, N), (3, 3))
    assert moves(ctx) == []


def test_domino_dodge() -> None:
    """BT-C-48: shoved from a side hex, standing, with MP left: a passed PSR steps it forward."""
    ctx = resolve(chain(SE), (3, 3, 4, 4))
    dodge = of(ctx, ev.PilotingRoll)
    assert [(p.unit, p.reason, p.success) for p in dodge] == [(2, "dodge", True)]
    assert moves(ctx) == [(2, H("0403").neighbor(SE)), (1, H("0403")), (0, H("0404"))]
    assert ctx.tally is not None
    assert ctx.tally.psrs == {1: [("pushed", 0)]}


def test_failed_dodge_falls_and_is_shoved() -> None:
    """BT-C-48: a failed dodge PSR is a fall, and the 'Mech is shoved after all."""
    ctx = resolve(chain(SE), (3, 3, 1, 1, 1, 3, 4, 6, 6))
    assert [(f.unit, f.hex) for f in of(ctx, ev.UnitFell)] == [(2, H("0403"))]
    assert moves(ctx) == [(2, H("0402")), (1, H("0403")), (0, H("0404"))]


def test_no_dodge_without_mp() -> None:
    """BT-C-48: a 'Mech that jumped has no walking MP left over to dodge with."""
    state = chain(SE)
    state = state_with(state, 2, movement=Movement(MoveMode.JUMP, jumped=2, done=True))
    assert moves(resolve(state, (3, 3)))[0] == (2, H("0402"))


# ---------------------------------------------------------------- BT-C-47: falls from above


def cliff() -> BTState:
    """Unit 0 pushes unit 1 off a level-2 hill onto unit 2 below (facing south)."""
    terrain = {A: Terrain(level=2), A.neighbor(N): Terrain(level=2)}
    units = [
        (design(70), 0, A, N),
        (design(50), 1, A.neighbor(N), S),
        (design(50), 1, H("0403"), S),
    ]
    return declare(game(units, terrain), K.PUSH)


def test_accidental_fall_hit() -> None:
    """BT-C-47: accidental fall hit.

    Base 7; a hit does ceil(50/10) = 5 on the Punch table, the target rolls at +2 and moves
    on; the faller lands in its hex on its back from 2 levels (15 on the rear).
    """
    ctx = resolve(cliff(), (3, 3, 4, 3, 3, 2, 3, 4, 5, 5, 5, 6, 6))
    rolled = of(ctx, ev.FellOntoUnit)[0]
    assert (rolled.unit, rolled.target, rolled.to_hit, rolled.hit) == (1, 2, 7, True)
    assert damage(ctx, 2) == [(CT, 5, False)]
    fell = of(ctx, ev.UnitFell)[0]
    assert (fell.unit, fell.hex, fell.levels, fell.facing_roll, fell.damage) == (
        1,
        H("0403"),
        2,
        None,
        15,
    )
    assert (2, H("0402")) in moves(ctx)
    assert ctx.state.units[1].hex == H("0403")
    assert ctx.state.units[0].hex == H("0404")
    assert ctx.tally is not None
    assert ctx.tally.psrs[2] == [("hit by a falling 'Mech", 2)]


def test_accidental_fall_miss() -> None:
    """BT-C-47: accidental fall miss.

    A miss lands next to the target, in one of the two hexes nearest the hex it fell from (a
    die breaks the tie); normal fall damage, nobody else hurt.
    """
    ctx = resolve(cliff(), (3, 3, 1, 1, 5, 1, 2, 3, 4, 5, 5, 5, 6, 6))
    rolled = of(ctx, ev.FellOntoUnit)[0]
    assert (rolled.hit, rolled.landing, rolled.landing_roll) == (
        False,
        H("0403").neighbor(SW),
        (5,),
    )
    fell = of(ctx, ev.UnitFell)[0]
    assert (fell.unit, fell.hex, fell.levels, fell.facing_roll) == (1, H("0403").neighbor(SW), 2, 1)
    assert not damage(ctx, 2)


def test_fall_onto_a_friend_already_in_the_hex() -> None:
    """BT-M-26.1: a 'Mech that fell into a friend's hex shoves it on in its direction of travel."""
    state = game([(design(50), 0, A, N), (design(50), 0, A, N), (design(50), 1, H("0808"), N)])
    ctx = push_ctx(state)
    assert displace(ctx, 0, A, N, "fell")
    assert moves(ctx) == [(1, A.neighbor(N))]
    assert ctx.tally is not None
    assert ctx.tally.psrs == {1: [("domino", 0)], 0: [("domino", 0)]}


def test_a_fallen_mech_in_a_friends_hex_shoves_it_even_from_above() -> None:
    """BT-M-26.1: it fell there already (prone): no second fall, the friend is shoved on."""
    state = game(
        [(design(50), 0, A, N), (design(50), 0, A, N), (design(50), 1, H("0808"), N)],
        {A.neighbor(S): Terrain(level=2)},
    )
    ctx = push_ctx(state_with(state, 0, prone=True))
    assert displace(ctx, 0, A, N, "domino")
    assert moves(ctx) == [(1, A.neighbor(N))]
    assert not of(ctx, ev.FellOntoUnit)


def test_a_mech_that_dropped_2_levels_into_a_friends_hex_falls_onto_it() -> None:
    """BT-M-33.4: standing in the hex after a 2-level drop: a fall from above (base 7)."""
    state = game(
        [(design(50), 0, A, N), (design(50), 0, A, S), (design(50), 1, H("0808"), N)],
        {A.neighbor(S): Terrain(level=2)},
    )
    ctx = resolve_ctx(state, (1, 1, 1, 1, 2, 3, 4, 5, 5, 5, 6, 6))
    assert displace(ctx, 0, A, N, "failed the rubble roll")
    rolled = of(ctx, ev.FellOntoUnit)[0]
    assert (rolled.unit, rolled.target, rolled.hit, rolled.landing) == (0, 1, False, A.neighbor(SE))
    fell = of(ctx, ev.UnitFell)[0]
    assert (fell.unit, fell.hex, fell.levels) == (0, A.neighbor(SE), 2)


def resolve_ctx(state: BTState, dice: tuple[int, ...]) -> Ctx:
    ctx = Ctx(state, ScriptedDice(dice))
    ctx.tally = Tally(start=state)
    return ctx


def test_an_attack_on_a_target_moved_away_misses() -> None:
    """DESIGN: a push moved the target before the kick resolved: a miss without dice."""
    state = game(
        [
            (design(70), 0, A, N),
            (design(50), 1, A.neighbor(N), S),
            (design(50), 0, A.neighbor(N).neighbor(SW), NE),
        ]
    )
    state = declare(declare(state, K.PUSH), K.KICK, RL, unit=2, target=1)
    ctx = resolve(state, (3, 3))
    assert [(r.attack, r.roll, r.hit) for r in of(ctx, ev.AttackRolled)] == [
        (0, (3, 3), True),
        (1, (), False),
    ]
    assert ctx.tally is not None
    assert ctx.tally.psrs == {1: [("pushed", 0)], 2: [("missed kick", 0)]}


def test_a_dfa_whose_target_was_moved_away_comes_down_in_its_own_hex() -> None:
    """DESIGN: the DFA misses; the attacker falls 2 levels on its back where it is."""
    state = physical_start(dfa_state(), 0)
    state = state_with(state, 1, hex=H("0808"))
    ctx = resolve(state, (2, 3, 4, 5, 5, 5, 6, 6))
    assert [(f.unit, f.hex, f.levels, f.column) for f in of(ctx, ev.UnitFell)] == [
        (0, A, 2, "rear")
    ]
    assert moves(ctx) == []


def test_physical_options_offer_enemies_only() -> None:
    """DESIGN: a 'Mech beside a friend only is offered no physical attack (so no slot)."""
    from engine.battletech.rules.physical import physical_options  # noqa: PLC0415
    from engine.battletech.rules.turn import can_declare  # noqa: PLC0415
    from engine.battletech.state import Phase  # noqa: PLC0415

    state = start(
        terrain_board(8, 8),
        [
            (design(), 0, "0404", Facing.N),
            (design(), 0, "0403", Facing.S),
            (design(), 1, "0408", Facing.N),
        ],
        # the friend stands right in front of unit 0
    )
    state = attrs.evolve(state, phase=Phase.PHYSICAL)
    assert physical_options(state, 0) == []
    assert not can_declare(state, 0)
    swapped = state_with(state, 1, hex=Hex.from_label("0408"))
    enemy = state_with(swapped, 2, hex=Hex.from_label("0403"), facing=Facing.S)
    assert {o.target for o in physical_options(enemy, 0)} == {2}
    assert can_declare(enemy, 0)
