"""Hostile environments (BT-M-39, BT-C-61): gravity, temperature, vacuum, swamp and ice.

A scenario's ``[environment]`` table (`read_environment`, called by
`engine.battletech.data.scenario.build_setup`; ``hexmech validate`` checks scenarios through it)::

    [environment]
    gravity = 0.8          # in G, to the hundredth (BT-M-39.3): MP / gravity, falls x gravity
    temperature = -45      # degrees Celsius (BT-C-61.1; the same as the top-level key)
    vacuum = false         # BT-C-61.5: hull breaches
    swamp = true           # BT-M-39.1 (optional rule): Depth 0 water plays as swamp
    ice = true             # BT-M-39.2: every water hex is ice-covered; or a list of hexes to ice
    frozen = ["0507"]      # iced water frozen solid: it never breaks

The board's own ``swamp`` and ``ice`` hexes (MegaMek ``swamp:1``, ``ice:1``) count too.

The rules, 'Mechs only (vehicles, battle armor and infantry come later; each function says what
their branch will add):

- Gravity (BT-M-39.3 / BT-C-61.3): Walk and Jump MP divided by the gravity, nearest whole, .5
  down (`engine.battletech.envstate.by_gravity`, step 6 of BT-M-20.6 in
  `engine.battletech.rules.condition`); falling damage times the gravity, rounded up; a 'Mech that
  spent more MP than its 1 G Run MP (or jumped farther than its 1 G Jump MP) rolls a PSR at the
  end of the Movement phase: failure is 1 internal structure point on each leg per MP over
  (`overspeed`). Vehicles: the same roll, damage on the front, against the 1 G flank MP.
- Temperature (BT-M-39.4 / BT-C-61.1): +1 heat per 10 degrees (or part) above 50, -1 below -30
  (`engine.battletech.rules.heat.temperature_heat`). Vehicles and battle armor: -1 cruising MP per
  10 degrees instead; unarmored infantry may not be outside.
- Vacuum (BT-M-39.5 / BT-C-61.5): `engine.battletech.rules.vacuum`; every 'Mech operates.
- Swamp (BT-M-39.1 / BT-C-61.4): +1 MP to enter (`engine.battletech.rules.movement.terrain_cost`); a
  PSR on entering, failure = stuck (no fall) for the rest of the turn: no more movement, no
  facing change, -2 to be hit (`engine.battletech.rules.tohit`); a 'Mech landing from a jump is
  stuck without a roll; a PSR at the start of each later Movement phase frees it (`unstick`).
  Infantry: stuck on 2D6 <= 4, free on 5+; hover: no extra cost.
- Ice (BT-M-39.2 / BT-C-61.2): a 'Mech that changes facing and then moves into (or out of) an
  iced hex checks for a skid even walking (`ice_skid`); entering ice-covered water breaks it on
  1D6 6 (4+ landing from a jump): the hex is open water for the rest of the game and the unit
  falls in (half damage: a fall into water); melting ice with the clearing procedure (BT-C-57)
  drops everyone there in too (`melt`). Vehicles falling in are destroyed (hover unaffected).

DESIGN: ice over water plays as iced ground at the water's surface until it goes (the depth under
it is kept in ``state.environment.under_ice``); the break roll's "fall" is a 0-level fall into the
water, halved once by the water (BT-M-35). A 'Mech at the bottom of the broken hex walks out
with the water rules; "climbing back onto the ice" is entering a neighbouring iced hex.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

import attrs

from engine.battletech.board import Board
from engine.battletech.context import Ctx
from engine.battletech.data.settings import SettingError
from engine.battletech.designs.mech import Location
from engine.battletech.envevents import IceBroken, IceRolled, UnitFreed, UnitStuck
from engine.battletech.envstate import (
    ONE_G,
    STANDARD_GRAVITY,
    Environment,
    EnvState,
    gravity_of,
)
from engine.battletech.rules import crits
from engine.battletech.rules.condition import jump_mp, run_allowance
from engine.battletech.rules.damage import apply_damage, fall, piloting_roll, wound
from engine.battletech.state import BTState, MoveMode
from engine.hexes import Hex

__all__ = [
    "ENVIRONMENT_KEYS",
    "ROLLS",
    "EnvError",
    "entry_rolls",
    "ice_skid",
    "landing_rolls",
    "melt",
    "overspeed",
    "prepare",
    "read_environment",
    "resolve",
    "unstick",
    "vacuum_life_support",
]

ENVIRONMENT_KEYS = frozenset({"gravity", "temperature", "vacuum", "swamp", "ice", "frozen"})
"""The keys of the ``[environment]`` table."""

ROLLS = frozenset({"swamp", "swamp_landing", "ice", "ice_landing"})
"""`engine.battletech.rules.movement.Check` reasons this module resolves (`resolve`)."""

_MIN_GRAVITY: Final = Fraction(1, 10)
_MAX_GRAVITY: Final = Fraction(5)
_LEGS = (Location.LL, Location.RL)


# ---------------------------------------------------------------- the scenario


class EnvError(SettingError):
    """A bad environment setting (BT-M-39 / BT-C-61)."""


def _gravity(value: Any) -> int:  # noqa: ANN401 - a TOML value
    key = ("environment", "gravity")
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        msg = f"environment.gravity is a number of G (0.8, 1.5), not {value!r}"
        raise EnvError(msg, key)
    hundredths = Fraction(str(value)) * STANDARD_GRAVITY
    if hundredths.denominator != 1:
        msg = f"environment.gravity is given to the hundredth of a G, not {value!r}"
        raise EnvError(msg, key)
    if not _MIN_GRAVITY <= Fraction(str(value)) <= _MAX_GRAVITY:
        msg = f"environment.gravity must be from 0.1 to 5 G, not {value!r}"
        raise EnvError(msg, key)
    return int(hundredths)


def _flag(table: Mapping[str, Any], name: str) -> bool:
    value = table.get(name, False)
    if not isinstance(value, bool):
        msg = f"environment.{name} is true or false, not {value!r}"
        raise EnvError(msg, ("environment", name))
    return value


def _hexes(value: Any, name: str, board: Board) -> tuple[Hex, ...]:  # noqa: ANN401
    key: tuple[str | int, ...] = ("environment", name)
    if not isinstance(value, list):
        msg = f'environment.{name} is a list of hex labels: ["0808", "0809"]'
        raise EnvError(msg, key)
    hexes: list[Hex] = []
    for label in value:
        try:
            where = Hex.from_label(str(label))
        except ValueError as exc:
            raise EnvError(f"environment.{name}: {exc}", key, str(label)) from None
        if where not in board:
            msg = f"environment.{name}: {where.label} is off the map"
            raise EnvError(msg, key, str(label))
        hexes.append(where)
    return tuple(hexes)


def read_environment(
    table: Mapping[str, Any], board: Board
) -> tuple[Environment | None, int | None]:
    """Read the scenario's optional ``[environment]`` table: the settings and the temperature.

    The temperature may be given here or at the top (not both); None when not given.

    Raises:
        EnvError: one readable reason and where it is.
    """
    spec = table.get("environment")
    temperature = table.get("temperature")
    if spec is None:
        return None, _temperature(temperature, ("temperature",))
    if not isinstance(spec, Mapping):
        msg = "environment is a table: gravity, temperature, vacuum, swamp, ice, frozen"
        raise EnvError(msg, ("environment",))
    unknown = set(spec) - ENVIRONMENT_KEYS
    if unknown:
        msg = f"unknown environment keys: {', '.join(sorted(unknown))}"
        raise EnvError(msg, ("environment", min(unknown)))
    if "temperature" in spec:
        if temperature is not None:
            msg = "the temperature is given twice: at the top and in [environment]"
            raise EnvError(msg, ("environment", "temperature"))
        temperature = _temperature(spec["temperature"], ("environment", "temperature"))
    else:
        temperature = _temperature(temperature, ("temperature",))
    gravity = _gravity(spec["gravity"]) if "gravity" in spec else STANDARD_GRAVITY
    ice = spec.get("ice", False)
    iced: tuple[Hex, ...] = ()
    if not isinstance(ice, bool):
        iced, ice = _hexes(ice, "ice", board), False
    frozen = _hexes(spec.get("frozen", []), "frozen", board)
    environment = Environment(
        gravity, _flag(spec, "vacuum"), _flag(spec, "swamp"), ice, iced, frozen
    )
    for where in frozen:
        terrain = board.terrain(where)
        covered = terrain.ice or ice or where in iced
        if terrain.water is None or not covered:
            msg = f"environment.frozen: {where.label} is not iced water"
            raise EnvError(msg, ("environment", "frozen"), where.label)
    return environment, temperature


def _temperature(value: Any, key: tuple[str | int, ...]) -> int | None:  # noqa: ANN401
    if value is None:
        return None
    low, high = -200, 200
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        name = ".".join(str(k) for k in key)
        msg = f"{name} must be a whole number from {low} to {high}, not {value!r}"
        raise EnvError(msg, key)
    return value


def prepare(board: Board, environment: Environment | None) -> tuple[Board, EnvState | None]:
    """The board as the game plays it, and the environment's state (None: a standard game).

    BT-M-39.1: with ``swamp``, Depth 0 water becomes swamp. BT-M-39.2: iced water becomes iced
    ground at the surface; unless frozen solid (or Depth 0), the depth under it is kept, for the
    ice may break.
    """
    hexes = []
    under: list[tuple[Hex, int]] = []
    for where, terrain in board.items():
        after = terrain
        if environment is not None and environment.swamp and after.water == 0 and not after.ice:
            after = attrs.evolve(after, water=None, swamp=True)
        iced = after.ice or (
            environment is not None
            and ((environment.ice and after.water is not None) or where in environment.iced)
        )
        if iced:
            depth = after.water
            after = attrs.evolve(after, water=None, ice=True)
            frozen = environment is not None and where in environment.frozen
            if depth is not None and depth >= 1 and not frozen:
                under.append((where, depth))
        hexes.append(after)
    if environment is None and not under:
        same = tuple(hexes) == board.hexes
        return (board if same else attrs.evolve(board, hexes=tuple(hexes))), None
    state = EnvState(
        environment.gravity if environment is not None else STANDARD_GRAVITY,
        environment.vacuum if environment is not None else False,
        tuple(under),
    )
    return attrs.evolve(board, hexes=tuple(hexes)), state


# ---------------------------------------------------------------- movement


def ice_skid(here: Any, there: Any) -> bool:  # noqa: ANN401 - two `Terrain`s
    """BT-M-39.2 / BT-M-40 step 0: a facing change then a move into (or from) ice: skid check."""
    return bool(here.ice or there.ice)


def entry_rolls(state: BTState, there: Hex) -> tuple[str, ...]:
    """The rolls entering ``there`` on the ground needs: ``swamp`` (PSR), ``ice`` (1D6)."""
    terrain = state.board.terrain(there)
    rolls: tuple[str, ...] = ()
    if terrain.swamp:
        rolls += ("swamp",)
    environment = state.environment
    if terrain.ice and environment is not None and environment.depth_under(there) is not None:
        rolls += ("ice",)
    return rolls


def landing_rolls(state: BTState, landing: Hex) -> tuple[str, ...]:
    """The rolls a jump landing in ``landing`` needs: stuck in a swamp, the ice breaking on 4+."""
    return tuple(f"{reason}_landing" for reason in entry_rolls(state, landing))


_ICE_NEED = {"ice": 6, "ice_landing": 4}
"""BT-M-39.2: the 1D6 that breaks ice-covered water: 6 entering, 4+ landing from a jump."""


def resolve(ctx: Ctx, index: int, where: Hex, reason: str) -> str:
    """Roll one of `ROLLS` for unit ``index`` in ``where``: "ok", "stuck", "fell", "destroyed".

    Vehicles (later): the swamp roll is a Driving roll (hover exempt); a vehicle falling through
    the ice is destroyed, hover unaffected. Infantry: stuck on 2D6 <= 4; jumping infantry are not.
    """
    if reason == "swamp":
        if piloting_roll(ctx, index, "swamp"):
            return "ok"
        ctx.emit(UnitStuck(index, where))
        return "stuck"
    if reason == "swamp_landing":
        ctx.emit(UnitStuck(index, where, automatic=True))
        return "stuck"
    environment = ctx.state.environment
    depth = environment.depth_under(where) if environment is not None else None
    if depth is None:
        return "ok"
    need = _ICE_NEED[reason]
    roll = ctx.die()
    broke = roll >= need
    ctx.emit(IceRolled(index, where, roll, need, broke, jump=reason == "ice_landing"))
    if not broke:
        return "ok"
    ctx.emit(IceBroken(where, depth, "the ice broke"))
    _fall_in(ctx, where, "fell through the ice", last=index)
    return "destroyed" if ctx.state.units[index].destroyed else "fell"


def _fall_in(ctx: Ctx, where: Hex, cause: str, last: int | None = None) -> None:
    """Every unit standing in ``where`` falls into the water under the ice (``last`` last)."""
    there = ctx.state.units_at(where)
    for index in (*(i for i in there if i != last), *((last,) if last in there else ())):
        unit = ctx.state.units[index]
        if unit.on_map and not unit.on_bridge:
            fall(ctx, index, where, 0, cause)


def melt(ctx: Ctx, where: Hex) -> bool:
    """BT-M-39.2 / BT-C-61.2: ice over water cleared (BT-C-57): open water, units there fall in.

    Returns False when ``where`` holds no breakable ice (the caller changes the terrain itself).
    """
    environment = ctx.state.environment
    depth = environment.depth_under(where) if environment is not None else None
    if depth is None:
        return False
    ctx.emit(IceBroken(where, depth, "the ice melted"))
    _fall_in(ctx, where, "fell in as the ice melted")
    return True


def breakable(state: BTState, where: Hex) -> bool:
    """True when ``where`` is ice over water that may still break or melt."""
    environment = state.environment
    return environment is not None and environment.depth_under(where) is not None


def unstick(ctx: Ctx) -> None:
    """BT-M-39.1 / BT-C-61.4: at the start of the Movement phase each stuck 'Mech rolls a PSR.

    Success frees it; failure keeps it stuck (no fall). A unit no longer in a swamp (pushed out)
    is free without a roll.
    """
    for index, unit in enumerate(ctx.state.units):
        if not unit.stuck or not unit.on_map or unit.hex is None:
            continue
        if not ctx.state.board.terrain(unit.hex).swamp or piloting_roll(ctx, index, "unstick"):
            ctx.emit(UnitFreed(index))


def overspeed(ctx: Ctx) -> None:
    """BT-M-39.3 / BT-C-61.3: at the end of the Movement phase, in low gravity, the overspeed PSR.

    A 'Mech that spent more MP than its 1 G Run MP (jumped more hexes than its 1 G Jump MP) rolls
    a PSR with its damage modifiers; failure: 1 internal structure point on each leg per MP over,
    criticals rolled as usual (the damage goes straight to the structure). It does not fall.
    Vehicles (later): damage on the front per MP over the 1 G flank MP.
    """
    if gravity_of(ctx.state.environment) >= ONE_G:
        return
    for index, unit in enumerate(ctx.state.units):
        movement = unit.movement
        if not unit.on_map or movement is None or movement.mode is MoveMode.STILL:
            continue
        if not unit.is_mech:
            continue  # kmove guard: the vehicle overspeed damage is not built (issue 20)
        if movement.mode is MoveMode.JUMP:
            over = movement.jumped - jump_mp(unit)
        else:
            over = movement.mp_spent - run_allowance(unit)
        if over <= 0 or piloting_roll(ctx, index, "gravity"):
            continue
        for leg in _LEGS:
            if not ctx.state.units[index].mech.location_destroyed(leg):
                apply_damage(ctx, index, leg, over, explosion=True)
            if ctx.state.units[index].destroyed:
                break


def vacuum_life_support(ctx: Ctx) -> None:
    """BT-C-31: in vacuum, a MechWarrior whose life support is hit takes 1 damage (End phase)."""
    environment = ctx.state.environment
    if environment is None or not environment.vacuum:
        return
    for index, unit in enumerate(ctx.state.units):
        if unit.on_map and crits.life_support_hit(unit):
            wound(ctx, index, 1, "in vacuum without life support")
