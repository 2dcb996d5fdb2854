"""The computer's Deployment and Movement phases: where to go, how, and facing where.

Every position the unit can end in (`movement.reachable` for walking and running,
`movement.jump_paths` for jumping; BT-M-18..20) is scored by what it expects next:

- the damage it can deal from there: real lines of sight and their terrain modifiers
  (`los.line_of_sight`, BT-C-4..9), its own movement modifier (BT-C-18.1), the target's
  modifiers (`tohit.target_modifiers`), arcs with a torso twist (BT-C-3/10), the weapons' range
  bands and what its heat budget lets it fire (BT-C-16, BT-C-54);
- the damage it can take there: each enemy's line of sight to it, its own target-movement
  modifier (`tohit.target_movement`, BT-C-18.2), cover (woods, partial cover), and whether the
  enemy sees its rear (BT-C-21);
- piloting risk: the rolls the path needs (water, rubble, buildings, landing; BT-M-31), each
  a chance to fall;
- the scenario's objective (`engine.battletech.rules.victory`): reach the exit edge when
withdrawing,
  stand in the objective hexes when holding or taking them as time runs out;
- closing in when nothing is in range.

The personality (`evaluate.Weights`) sets how much damage taken counts against damage dealt.
Charges (BT-C-42) and death from above (BT-C-43) are candidates too, scored against the fire
they give up.

Every unit kind moves by the same ranking (issue 21): a vehicle's or squad's end positions come
from the kind's own reach (`rules.kindmove` through `movement.reachable`), its weapons bear
by their mounts' arcs (BT-C-10), it tracks no heat and never falls (BT-M-3, BT-M-37.1), a VTOL
keeps its elevation (+1 to be hit airborne, BT-C-18.8), battle armor is +1 to hit (BT-C-35),
a platoon fires in its own short brackets (BT-C-35.7) and counts its losses in men, which the
open doubles (BT-C-35 item 1). 'Mechs charge, jump on and kick only 'Mechs here.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import attrs
from attrs import frozen

from engine.battletech.bot.evaluate import (
    Gun,
    Weights,
    against,
    attacker_terms,
    base_heat,
    bearing,
    focus,
    guns,
    last_turn,
    outgunned,
    p_hit,
    p_psr_fail,
    scale,
    speed,
    urgency,
    vital_points,
    volley,
    weakness,
)
from engine.battletech.bot.reasons import Decision, label, terrain_words
from engine.battletech.commands import BTCommand, Deploy, EndMove, Jump, Move, StepKind
from engine.battletech.designs.mech import Location, MechDesign
from engine.battletech.kinds.battle_armor import BattleArmorBody
from engine.battletech.kinds.infantry import in_open
from engine.battletech.kinds.vehicle import VehicleBody
from engine.battletech.narrate.words import moved_verb
from engine.battletech.rules import kindfire, masc, physical, tohit
from engine.battletech.rules.condition import component_hits, needs_running_psr
from engine.battletech.rules.flow import check_charge_move, deploy_zone, pending
from engine.battletech.rules.heat import BURNING_HEX_HEAT, movement_heat
from engine.battletech.rules.kindmove import deploy_problem
from engine.battletech.rules.los import Arc, arcs_of, line_of_sight
from engine.battletech.rules.movement import Reach, jump_paths, reachable
from engine.battletech.rules.victory import on_edge, tonnage
from engine.battletech.state import AttackKind, BTState, Movement, MoveMode, UnitState
from engine.battletech.tables import heat_to_hit
from engine.game import IllegalCommand
from engine.hexes import Facing, Hex

__all__ = ["choose_deployment", "choose_move", "choose_mover"]

_REAR_FACTOR = 1.6
"""Damage through the rear armor counts more: it is the thinnest (BT-C-21)."""
_SIDE_FACTOR = 1.1
_UNSEEN_FACTOR = 0.35
"""An enemy yet to move that cannot see the hex now may still move to see it."""
_SECOND_TARGET = 0.25
_KICK_REACH = 0.5
_OWN_KICK = 0.5
"""How likely an enemy yet to move that can step next to the unit is to kick it (BT-C-41)."""
_ALTERNATIVES = 5
_ENEMIES = 6
"""The nearest enemies a move is weighed against (a big battle's far side matters little)."""
_HEXES = 60
"""End hexes weighed in full per move (`_prune` keeps the likeliest)."""
_FEW_HEXES = 36
"""The same among more than four enemies (a big battle: each hex costs more to weigh)."""
_LANCE = 4
_PRESSURE = 1.0
"""How much a stand-off at long range costs, per hex beyond its best range (grows with turns)."""
_URGENT_CLOSE = 2.5
"""How much more each hex of stand-off costs a side the clock is beating (`evaluate.urgency`)."""
_URGENT_SEEK = 1.5
"""... and each hex to the nearest enemy when it has no target from the end position."""
_LAST_HEAT = 4
"""How much more heat the last turn of a game may end at (it has no next turn to spoil)."""
_MELEE_KILL = 20.0
"""A charge or DFA that may destroy its target: the kill's worth, in damage points."""
_MELEE_COST = 3.0
"""What a charge or DFA gives up besides the fire: a turn spent next to the enemy."""
_FALL_COST = 6.0
"""A fall: its damage, a turn lost standing up, and the +2 to be hit prone, in damage points."""
_WITHDRAW_CAUTION = 1.6
"""How much more a withdrawing combined-arms column weighs the damage it takes."""
_ESCORT_PULL = 3.0
"""What each hex costs an escort beyond `_ESCORT_RANGE` from the nearest unit it covers."""
_ESCORT_RANGE = 4
_COLLAPSE_COST = 80.0
_BRIDGE_PARK = 25.0
"""A withdrawing vehicle or platoon ending its move on a bridge another of the column still needs.

DESIGN: the deck is the one crossing; a unit immobilized there (a motive hit, BT-M-37.5) blocks it
for good, since no one else may share the deck's weight (BT-M-28). Bot against random, every
convoy-raid loss was the Hetzer stopped on the bridge, hit, and left there for the platoon to
wait behind (issue 21's grid): a unit crosses in one move or waits on the bank."""
"""A move over a bridge its weight brings down (BT-M-28): the unit in the river, no crossing."""
_MASC_COST = 60.0
"""What a failed MASC roll costs in the ranking (both hips locked: the 'Mech stops for good)."""


@frozen
class _Candidate:
    """One way to end the move: the command and where it leaves the unit."""

    command: BTCommand
    hex: Hex
    facing: Facing
    mode: MoveMode
    counted: int
    mp: int
    rolls: tuple[str, ...] = ()
    minimum: bool = False
    prone: bool = False
    charge: int | None = None
    dfa: int | None = None
    collapse: bool = False


@frozen
class _Score:
    total: float
    dealt: float
    taken: float
    targets: int
    words: str
    shown: float = 0.0
    """The damage it expects to deal as the log tells it: points (a platoon: men), unweighted."""


class _Enemy:
    """An enemy as the movement ranking sees it, worked out once per decision."""

    def __init__(self, state: BTState, index: int) -> None:
        unit = state.units[index]
        assert unit.hex is not None  # noqa: S101 - on the map
        self.index = index
        self.unit = unit
        self.hex: Hex = unit.hex
        self.guns = guns(unit)
        self.reach = max((g.long for g in self.guns), default=0)
        self.moved = unit.movement is not None
        walk, run, jump = speed(unit)
        self.run = 0 if self.moved else max(run, jump)
        self.value = (1.0 + weakness(unit) + 0.1 * len(self.guns)) * focus(unit) * scale(unit)
        self.mech = unit.is_mech
        self.prone = self.mech and unit.mech.prone
        attacker = attacker_terms(unit)
        if (
            not self.moved
            and walk
            and not kindfire.is_infantry(unit)
            and (self.mech or not isinstance(unit.body, BattleArmorBody))
        ):
            attacker += 1  # it will probably walk (infantry ignores its own movement)
        self.attacker = attacker
        # BT-C-18.8 / BT-C-35: an airborne VTOL +1, battle armor +1, an immobile vehicle -4
        self.terms = 0 if self.mech else sum(v for _, v in kindfire.target_terms(state, index))
        self.terrain = state.board.terrain(self.hex)
        self.sided = self.mech or isinstance(unit.body, VehicleBody)
        self.budget = max(0, 9 - base_heat(state, unit) - (0 if self.moved else 1))
        self.can_fire = not tohit.cannot_fire(unit) and bool(self.guns)
        self.kicks = 0 if tohit.cannot_fire(unit) else _kick_damage(unit)  # shut down: none


class _Ranker:
    """Scores the candidate moves of one unit (caches per decision)."""

    def __init__(self, state: BTState, index: int, weights: Weights) -> None:
        self.state = state
        self.index = index
        self.unit = state.units[index]
        self.weights = weights
        self.guns = guns(self.unit)
        self.front = tuple(g for g in self.guns if not g.rear)
        self.back = tuple(g for g in self.guns if g.rear)
        self.reach = max((g.long for g in self.guns), default=0)
        here = self.unit.hex
        assert here is not None  # noqa: S101 - a unit that moves is on the map
        near = sorted(
            (
                (here.distance(u.hex), i)
                for i, u in enumerate(state.units)
                if u.side != self.unit.side and u.on_map and u.hex is not None
            ),
        )
        self.enemies = [_Enemy(state, i) for _, i in near[:_ENEMIES]]
        self.base_heat = base_heat(state, self.unit)
        self.frail = 1.0 + weakness(self.unit)
        self.kicks = _kick_damage(self.unit)
        self.tons = tonnage(self.unit)
        self.mech = self.unit.is_mech
        # BT-C-18.8 / BT-C-35: the unit's own kind terms to be hit (VTOL airborne, battle armor)
        self.own_terms = 0 if self.mech else sum(v for _, v in kindfire.target_terms(state, index))
        # a platoon or squad counts its losses against its own few points (men, boxes)
        self.own_scale = scale(self.unit)
        self._bearing: dict[frozenset[Arc], tuple[Gun, ...]] = {}
        self._felt: dict[tuple[int, int, bool], tuple[Gun, ...]] = {}
        self._keep: list[tuple[Gun, ...]] = []
        self._theirs: dict[tuple[int, frozenset[Arc]], tuple[Gun, ...]] = {}
        self._exit: dict[Hex, int] | None = None
        self._behind: int | None = None
        self.combined = not all(u.is_mech for u in state.units)
        # DESIGN: only in combined-arms games (200 tutorial games each way showed no gain for
        # the 'Mech games: 93.8 -> 94.0% against random, 81.5 -> 78.0% against aggressive)
        self.outgunned = outgunned(state, self.unit.side) if self.combined else 1.0
        self._sights: dict[tuple[Hex, bool], list[tuple[_Enemy, object, object]]] = {}
        self._volleys: dict[tuple[int, int, int, int, int], float] = {}
        self._arc_cache: dict[tuple[Hex, Facing, Hex], tuple[frozenset[Arc], bool]] = {}
        self._own_cache: dict[tuple[MoveMode, int, bool, bool, bool], tuple[int, int]] = {}
        victory = state.victory
        self.objective = victory.kind
        self.mine = victory.side == self.unit.side
        self.urgency = urgency(state, self.unit.side, ahead_too=weights.presses)
        self.heat_cap = weights.heat_cap + (_LAST_HEAT if last_turn(state) else 0)
        self.escorting: list[Hex] = []
        if self.objective == "withdraw" and self.mine and not self._can_exit():
            self.escorting = _leaving(state, self.unit.side)

    # ------------------------------------------------------------------ geometry per hex
    def _lines(self, where: Hex, prone: bool) -> list[tuple[_Enemy, object, object]]:
        """Per enemy: (enemy, my sight of it, its sight of me) from ``where`` (cached)."""
        key = (where, prone)
        found = self._sights.get(key)
        if found is not None:
            return found
        there = attrs.evolve(self.unit, hex=where)
        if self.mech:
            there = attrs.evolve(there, body=attrs.evolve(self.unit.mech, prone=prone))
        state = self.state.replace_unit(self.index, there)
        found = []
        for enemy in self.enemies:
            distance = where.distance(enemy.hex)
            if distance > max(self.reach, enemy.reach + enemy.run):
                continue
            mine = line_of_sight(state, self.index, enemy.index) if distance <= self.reach else None
            theirs = line_of_sight(state, enemy.index, self.index)
            found.append((enemy, mine, theirs))
        self._sights[key] = found
        return found

    def _volley(
        self, who: int, arsenal: tuple[Gun, ...], distance: int, base: int, budget: int
    ) -> float:
        key = (who, distance, base, budget, id(arsenal))
        value = self._volleys.get(key)
        if value is None:
            value = self._volleys[key] = volley(arsenal, distance, base, budget)[0]
        return value

    def _arsenal(self, arcs: frozenset[Arc]) -> tuple[Gun, ...]:
        """A vehicle's or squad's weapons that bear into ``arcs`` (BT-C-10), cached."""
        found = self._bearing.get(arcs)
        if found is None:
            found = self._bearing[arcs] = bearing(self.guns, arcs)
        return found

    def _their_arsenal(self, enemy: _Enemy, arcs: frozenset[Arc]) -> tuple[Gun, ...]:
        """An enemy vehicle's or squad's weapons that bear into ``arcs``, cached (kept alive)."""
        key = (enemy.index, arcs)
        found = self._theirs.get(key)
        if found is None:
            found = self._theirs[key] = bearing(enemy.guns, arcs)
        return found

    def _felt_by(
        self, who: int, arsenal: tuple[Gun, ...], target: UnitState, where: Hex
    ) -> tuple[Gun, ...]:
        """``arsenal`` against ``target`` standing in ``where`` (`evaluate.against`), cached.

        The cache keeps the tuples alive, so `_volley`'s key by identity stays true.
        """
        if target.is_mech or not kindfire.is_infantry(target):
            return arsenal
        terrain = self.state.board.terrain(where)
        key = (who, id(arsenal), in_open(terrain))
        found = self._felt.get(key)
        if found is None:
            found = self._felt[key] = against(arsenal, target, terrain)
            self._keep.append(arsenal)
        return found

    # ------------------------------------------------------------------ scoring
    def score(self, candidate: _Candidate) -> _Score:  # noqa: C901, PLR0912, PLR0915 - one term per consideration
        """Score one candidate (see the module docstring)."""
        unit = self.unit
        weights = self.weights
        where, facing = candidate.hex, candidate.facing
        heat, attacker = self._own(candidate)
        budget = max(0, self.heat_cap - self.base_heat - heat)
        defence = tohit.target_movement(candidate.counted) + self.own_terms
        if candidate.mode is MoveMode.JUMP and candidate.counted:
            defence += 1
        gunnery = unit.pilot.gunnery
        offers: list[tuple[float, float]] = []  # each target's (weighted, points: the reason's)
        taken = 0.0
        partial = False
        in_range = 0
        melee = candidate.charge is not None or candidate.dfa is not None
        kick = 0.0
        for enemy, mine, theirs in self._lines(where, candidate.prone):
            distance = where.distance(enemy.hex)
            if distance == 1 and not melee and not candidate.prone:
                kick = max(kick, self._kick(enemy, where, facing, attacker))
            # what it deals
            if mine is not None and mine.clear and not melee:  # type: ignore[attr-defined]
                arcs, twist = self._arcs(where, facing, enemy.hex)
                if not self.mech:
                    arsenal = self._arsenal(arcs)  # BT-C-10: the mounts that bear
                else:
                    arsenal = (
                        self.front
                        if Arc.FRONT in arcs or (not candidate.prone and twist)
                        else self.back
                        if Arc.REAR in arcs
                        else ()
                    )
                arsenal = self._felt_by(-1, arsenal, enemy.unit, enemy.hex)
                if arsenal:
                    base = gunnery + attacker + sum(v for _, v in mine.modifiers)  # type: ignore[attr-defined]
                    base += enemy.terms
                    if enemy.prone:
                        base += -2 if distance == 1 else 1
                    if not enemy.moved:
                        base += 1  # it will probably move
                    elif enemy.unit.movement is not None:
                        base += tohit.target_movement(enemy.unit.movement.counted)
                        base += 1 if enemy.unit.movement.jumped else 0
                    dealt = self._volley(-1, arsenal, distance, base, budget)
                    if enemy.moved and enemy.sided:
                        # BT-C-21: shots from behind strike the thin rear armor
                        seen_from, _ = self._arcs(enemy.hex, enemy.unit.facing, where)
                        if Arc.REAR in seen_from:
                            dealt *= _REAR_FACTOR
                    if dealt > 0:
                        in_range += 1
                        offers.append((dealt * enemy.value, dealt))
            # what it takes
            taken += self._kicked(enemy, where, distance, defence, candidate.prone)
            if not enemy.can_fire or theirs is None:
                continue
            factor = 1.0
            close = max(1, distance - enemy.run) if not enemy.moved else distance
            base = enemy.unit.pilot.gunnery + enemy.attacker + defence
            if candidate.prone:
                base += -2 if distance == 1 else 1
            if theirs.clear:  # type: ignore[attr-defined]
                base += sum(v for _, v in theirs.modifiers)  # type: ignore[attr-defined]
                partial = partial or theirs.partial_cover  # type: ignore[attr-defined]
            elif enemy.moved:
                continue
            else:
                factor = _UNSEEN_FACTOR
            arsenal = enemy.guns
            if enemy.moved:
                theirs_arcs, theirs_twist = self._arcs(enemy.hex, enemy.unit.facing, where)
                if not enemy.mech:
                    arsenal = self._their_arsenal(enemy, theirs_arcs)  # BT-C-10: mounts that bear
                elif Arc.FRONT not in theirs_arcs and not theirs_twist:
                    factor *= 0.3  # only its side-arc arms might bear
            mine_arcs, _ = self._arcs(where, facing, enemy.hex)
            if self.mech or isinstance(unit.body, VehicleBody):
                factor *= (
                    _REAR_FACTOR
                    if Arc.REAR in mine_arcs
                    else 1.0
                    if Arc.FRONT in mine_arcs
                    else _SIDE_FACTOR
                )
            felt = self._felt_by(enemy.index, arsenal, unit, where)
            best = self._volley(enemy.index, felt, distance, base, enemy.budget)
            if not enemy.moved and close < distance:
                best = max(best, 0.6 * self._volley(enemy.index, felt, close, base, enemy.budget))
            taken += best * factor
        offers.sort(reverse=True)
        dealt = sum(w for w, _ in offers[:1]) + _SECOND_TARGET * sum(w for w, _ in offers[1:])
        dealt += _OWN_KICK * min(1.0, weights.melee) * kick  # a kick risks little: no more
        shown = (
            sum(p for _, p in offers[:1]) + _SECOND_TARGET * sum(p for _, p in offers[1:]) + kick
        )
        # behind on tonnage as time runs out: damage taken matters less than a kill
        caution = weights.taken * (1.0 - 0.5 * self.urgency) * self.outgunned
        if self.combined and self._withdrawing():
            # DESIGN: a column that must get away counts its survival first (each unit lost is
            # one fewer to withdraw); fire matters only as it slows the raiders
            caution *= _WITHDRAW_CAUTION
            dealt *= 0.5
        total = weights.dealt * dealt - caution * taken * self.frail * self.own_scale
        # melee
        if candidate.charge is not None or candidate.dfa is not None:
            moved = attrs.evolve(
                unit,
                hex=where,
                facing=facing,
                movement=Movement(
                    candidate.mode,
                    mp_spent=candidate.mp,
                    hexes=candidate.counted,
                    counted=candidate.counted,
                    jumped=candidate.counted if candidate.mode is MoveMode.JUMP else 0,
                ),
            )
            if candidate.charge is not None:
                value, expected = self._charge_value(moved, candidate.charge)
            else:
                assert candidate.dfa is not None  # noqa: S101 - one or the other
                value, expected = self._dfa_value(moved, candidate.dfa)
            total += weights.melee * value
            dealt += expected
            shown += expected
        # piloting risk
        rolls = list(candidate.rolls) if self.mech else []  # BT-M-37.1: only 'Mechs fall
        if self.mech and candidate.mode is MoveMode.RUN and needs_running_psr(unit):
            rolls.append("running")
        risk = sum(p_psr_fail(unit) for _ in rolls) * _FALL_COST * (1 + self.tons / 50)
        if isinstance(candidate.command, Move) and candidate.command.masc:
            # BT-C-75: a failed MASC roll locks both hips: the 'Mech is as good as lost
            fails = 1 - p_hit(masc.masc_target(unit, self.state.turn))
            risk += fails * _MASC_COST * (1 + self.tons / 50)
        total -= weights.risk * risk
        if candidate.collapse:
            total -= _COLLAPSE_COST  # BT-M-28: into the river, and the crossing is gone
        # heat beyond the cap costs more than fire held back
        over = self.base_heat + heat - self.heat_cap
        if over > 0:
            total -= 1.5 * over
        total -= 1.5 * BURNING_HEX_HEAT * self.state.board.terrain(where).fire  # BT-C-60.4
        # objectives and closing in
        # a collapse ends the move where it happens (BT-M-28, BT-M-41 #4): the unit makes no
        # progress to the objective, however late (it once drove a platoon into the river)
        goal = self.unit.hex if candidate.collapse and self.unit.hex is not None else where
        total += self._objective(goal, candidate.prone)
        if self.enemies and not self._withdrawing():
            nearest = min(where.distance(e.hex) for e in self.enemies)
            ideal = max(3, int(self.reach * weights.stand_off))
            beyond = max(0, nearest - ideal)
            total -= weights.keep_off * max(0, ideal - nearest)
            if not offers:
                total -= weights.approach * beyond
            if not (self.objective == "hold" and self.mine):
                # the longer the game, the more a stand-off at long range costs (for both
                # sides: a side ahead that hides only runs the clock towards a draw)
                pressure = _PRESSURE * (0.1 + self.state.turn / 30)
                total -= weights.approach * pressure * beyond
            total -= weights.approach * _URGENT_CLOSE * self.urgency * beyond
            if not offers:
                # nothing to shoot at from here: a side the clock is beating must find a target,
                # even one hidden behind a hill closer than its best range
                total -= weights.approach * _URGENT_SEEK * self.urgency * max(0, nearest - 2)
        if self.escorting:
            # DESIGN: an escort keeps near the units that must get away, where the raiders
            # strike, instead of chasing them or hiding at the far end of the map
            near = min(where.distance(h) for h in self.escorting)
            total -= _ESCORT_PULL * max(0, near - _ESCORT_RANGE)
        if weights.cover:
            # BT-C-18.4/5: woods +1/+2 to be hit, partial cover +1 (a personality's own liking
            # for cover, beyond the damage it expects to take there)
            woods = int(self.state.board.terrain(where).woods or 0)
            total += weights.cover * (woods + (1 if partial else 0))
        total -= 0.01 * candidate.mp  # of equals, the cheaper move
        words = terrain_words(self.state, where)
        if partial:
            words = ", ".join(w for w in (words, "partial cover") if w)
        return _Score(total, dealt, taken, in_range, words, shown)

    def _kicked(self, enemy: _Enemy, where: Hex, distance: int, defence: int, prone: bool) -> float:
        """BT-C-41: what a kick from ``enemy`` is expected to cost, ending in ``where``.

        Its damage, and the PSR it forces (BT-C-41: a 'Mech kicked rolls to stay standing): a
        fall is damage, a turn spent standing up, and -2 to be hit from the next hex. A 'Mech
        that has moved kicks only into the three hexes in front of its feet; one yet to move
        next to the unit may turn to face it.
        """
        if not enemy.kicks or distance != 1:
            return 0.0
        if enemy.moved and where not in _front_hexes(enemy.hex, enemy.unit.facing):
            return 0.0
        number = 3 + enemy.attacker + defence + (-2 if prone else 0)
        fall = 0.0 if prone else p_psr_fail(self.unit) * _FALL_COST * (1 + self.tons / 50)
        return p_hit(number) * (enemy.kicks * self.frail + fall)

    def _kick(self, enemy: _Enemy, where: Hex, facing: Facing, attacker: int) -> float:
        """BT-C-41: what the unit's own kick at ``enemy`` is worth from ``where`` (0: none).

        Only a 'Mech that has moved stays put to be kicked: the damage (to a leg, BT-C-23: it
        brings a kill nearer only as far as the target is hurt) and the PSR it forces.
        """
        movement = enemy.unit.movement
        if (
            not self.kicks
            or movement is None
            or not enemy.mech
            or enemy.prone
            or enemy.hex not in _front_hexes(where, facing)
        ):
            return 0.0
        other = enemy.unit
        number = 3 + attacker + tohit.target_movement(movement.counted)
        number += 1 if movement.jumped else 0
        fall = p_psr_fail(other) * _FALL_COST * (1 + other.mech_design.tonnage / 50)
        if other.mech.shutdown:
            number -= 4  # BT-C-18.3: immobile; it is down already
            fall = 0.0
        return p_hit(number) * (self.kicks * (1 + weakness(other)) + fall)

    def _arcs(self, origin: Hex, facing: Facing, target: Hex) -> tuple[frozenset[Arc], bool]:
        """BT-C-10: the arcs of ``target`` from ``origin``; True if a twist brings it in front."""
        return _relative_arcs(target.q - origin.q, target.r - origin.r, int(facing))

    def _own(self, candidate: _Candidate) -> tuple[int, int]:
        """The move's heat (BT-C-51) and the attacker's own to-hit terms (BT-C-18.1/9) after it.

        From the rules' own functions on the unit as the move leaves it (cached by what they read).
        """
        key = (
            candidate.mode,
            candidate.counted,
            candidate.minimum,
            candidate.prone,
            candidate.mp > 0,
        )
        found = self._own_cache.get(key)
        if found is None and not self.mech:
            moved = attrs.evolve(
                self.unit,
                movement=Movement(
                    candidate.mode,
                    mp_spent=candidate.mp,
                    hexes=candidate.counted,
                    counted=candidate.counted,
                    minimum=candidate.minimum,
                ),
            )
            found = self._own_cache[key] = (0, attacker_terms(moved))  # BT-M-3: no heat
        if found is None:
            moved = attrs.evolve(
                self.unit,
                movement=Movement(
                    candidate.mode,
                    mp_spent=candidate.mp,
                    hexes=candidate.counted,
                    turns=1 if candidate.mp else 0,
                    counted=candidate.counted,
                    jumped=candidate.counted if candidate.mode is MoveMode.JUMP else 0,
                    minimum=candidate.minimum,
                ),
                body=attrs.evolve(self.unit.mech, prone=candidate.prone),
            )
            heat = movement_heat(moved)
            attacker = sum(v for _, v in tohit.attacker_modifiers(moved))
            found = self._own_cache[key] = (heat, attacker + heat_to_hit(self.unit.mech.heat))
        return found

    def _to_exit(self, where: Hex) -> int:
        """Hexes from ``where`` to the exit edge: straight for a 'Mech, around for the others.

        A vehicle or platoon cannot cross what its motion type may not enter (BT-M-23: a river
        without a bridge for a tank), so it counts the steps around, over the hexes it may
        enter or a bridge (`_exit_steps`); a 'Mech wades (the edge distance).
        """
        state = self.state
        edge = state.victory.edge
        if self.mech or (isinstance(self.unit.body, VehicleBody) and self.unit.body.airborne):
            return _edge_distance(state, where, edge)
        if self._exit is None:
            self._exit = _exit_steps(state, self.unit, edge)
        found = self._exit.get(where)
        return found if found is not None else _edge_distance(state, where, edge) + 20

    def _blocks_crossing(self, where: Hex, distance: int) -> bool:
        """``where`` is a bridge and a unit of the column behind this one must cross it too.

        Behind: a vehicle or platoon of the side that has a way off (`_exit_steps`) and more
        steps to go than this unit would have at ``where`` (`_BRIDGE_PARK`).
        """
        if self.mech or self.state.board.terrain(where).bridge is None:
            return False
        if self._behind is None:
            edge = self.state.victory.edge
            self._behind = 0
            for other in self.state.units:
                if other is self.unit or other.side != self.unit.side or not other.on_map:
                    continue
                if other.is_mech or other.hex is None:
                    continue
                if isinstance(other.body, VehicleBody) and other.body.airborne:
                    continue
                steps = _exit_steps(self.state, other, edge).get(other.hex)
                if steps is not None:
                    self._behind = max(self._behind, steps)
        return self._behind > distance

    def _withdrawing(self) -> bool:
        """True for a unit of the withdrawing side that has a way off by the exit edge.

        DESIGN: one that has none (a tank too heavy for the only bridge, BT-M-28; BT-M-23: it
        cannot enter the river) is the column's escort: it fights the raiders as in a battle
        rather than idling at the nearest bank.
        """
        return self.objective == "withdraw" and self.mine and self._can_exit()

    def _can_exit(self) -> bool:
        here = self.unit.hex
        assert here is not None  # noqa: S101 - a unit that moves is on the map
        if self.mech or (isinstance(self.unit.body, VehicleBody) and self.unit.body.airborne):
            return True
        if self._exit is None:
            self._exit = _exit_steps(self.state, self.unit, self.state.victory.edge)
        return here in self._exit

    def _objective(self, where: Hex, prone: bool) -> float:
        state = self.state
        victory = state.victory
        turns = victory.turns or 30
        late = min(1.0, state.turn / max(1, turns))
        if victory.kind == "withdraw":
            if not self._withdrawing():
                return 0.0
            distance = self._to_exit(where)
            bonus = 60.0 if on_edge(state, where, victory.edge) else 0.0
            if self.combined:
                # DESIGN: a combined-arms column (the slow, the fragile) must start leaving
                # early; the pull grows as the turns run out (the 'Mech games keep their tuning)
                park = _BRIDGE_PARK if self._blocks_crossing(where, distance) else 0.0
                return 1.5 * bonus - (12.0 + 30.0 * late) * distance - park
            return bonus - 6.0 * distance
        if victory.kind == "hold" and victory.hexes:
            distance = min(where.distance(h) for h in victory.hexes)
            inside = where in victory.hexes and not prone
            if self.mine:
                return (25.0 + 30.0 * late if inside else 0.0) - (3.0 + 5.0 * late) * distance
            urgency = 1.0 + 12.0 * late * late
            return (30.0 * late * late if inside else 0.0) - urgency * distance * 0.5
        return 0.0

    def _charge_value(self, moved: UnitState, target: int) -> tuple[float, float]:
        """BT-C-42: a charge's worth, and the damage it expects to deal.

        It hits for ceil(tons x hexes / 10) and takes ceil(target tons / 10) back; both then roll
        to stay standing. Worth more on a hurt or light target, and when it may finish it.
        """
        state = self.state.replace_unit(
            self.index,
            attrs.evolve(moved, this_turn=attrs.evolve(moved.this_turn, charging=target)),
        )
        hit = physical.physical_to_hit(state, self.index, AttackKind.CHARGE, target)
        if not hit.possible or hit.number is None:
            return -100.0, 0.0
        other = state.units[target]
        p = p_hit(hit.number)
        dealt = physical.charge_damage(
            moved.mech_design.tonnage, max(1, moved.movement.hexes if moved.movement else 1)
        )
        back = physical.charge_damage_to_attacker(other.mech_design.tonnage)
        worth = dealt * (1 + weakness(other)) * focus(other) + _MELEE_KILL * _kill(dealt, other)
        falls = p_psr_fail(other, 2) - p_psr_fail(moved, 2)  # BT-C-42: both roll at +2
        value = p * (worth - back * self.frail + falls * _FALL_COST) - _MELEE_COST
        return value, p * dealt

    def _dfa_value(self, moved: UnitState, target: int) -> tuple[float, float]:
        """BT-C-43: a death from above's worth, and the damage it expects to deal.

        It hits for ceil(tons x 3 / 10) and the jumper's legs take ceil(tons / 5) either way; a
        miss is a fall for the jumper. Worth it on a hurt target it may finish, seldom else.
        """
        state = self.state.replace_unit(
            self.index, attrs.evolve(moved, this_turn=attrs.evolve(moved.this_turn, dfa=target))
        )
        hit = physical.physical_to_hit(state, self.index, AttackKind.DFA, target)
        if not hit.possible or hit.number is None:
            return -100.0, 0.0
        other = state.units[target]
        p = p_hit(hit.number)
        dealt = physical.dfa_damage(moved.mech_design.tonnage)
        back = physical.dfa_damage_to_attacker(moved.mech_design.tonnage)
        worth = dealt * (1 + weakness(other)) * focus(other) + _MELEE_KILL * _kill(dealt, other)
        fall = (1 - p) * _FALL_COST * 2 + p * p_psr_fail(moved, 4) * _FALL_COST
        value = p * (worth + p_psr_fail(other, 2) * _FALL_COST) - back * self.frail - fall
        return value - _MELEE_COST, p * dealt


def _prone(unit: UnitState) -> bool:
    """A prone 'Mech (no other kind is ever prone, BT-M-37.1)."""
    return unit.is_mech and unit.mech.prone


def _kill(dealt: float, other: UnitState) -> float:
    """A rough chance that ``dealt`` points of melee damage destroy ``other``.

    Melee damage lands in 5-point groups over the hit locations (BT-C-42/43): a third of it at
    most reaches the weakest vital place (the centre torso, or a leg; `evaluate.vital_points`).
    """
    return min(1.0, dealt / max(1.0, 3.0 * vital_points(other)))


def _kick_damage(unit: UnitState) -> int:
    """BT-C-41: the harder kick a standing 'Mech has (0: none, or not a 'Mech)."""
    if not isinstance(unit.design, MechDesign) or unit.mech.prone:
        return 0
    legs = (Location.LL, Location.RL)
    if any(unit.mech.location_destroyed(leg) or component_hits(unit, leg, "hip") for leg in legs):
        return 0  # BT-C-17, BT-C-41: no kicks with a leg gone or a hip hit
    return max(physical.kick_damage(unit, leg) for leg in legs)


def _front_hexes(where: Hex, facing: Facing) -> tuple[Hex, ...]:
    """BT-C-41: the three hexes in front of feet in ``where`` facing ``facing``."""
    return tuple(where.neighbor(Facing((int(facing) + turn) % 6)) for turn in (-1, 0, 1))


@functools.lru_cache(maxsize=8192)
def _relative_arcs(dq: int, dr: int, facing: int) -> tuple[frozenset[Arc], bool]:
    """`los.arcs_of` for a target ``(dq, dr)`` away; True if a torso twist puts it in front.

    A twist turns the torso one hexside either way (BT-C-3). Arcs depend only on the offset,
    so they are memoised.
    """
    origin, target = Hex(0, 0), Hex(dq, dr)
    arcs = arcs_of(origin, Facing(facing), target)
    twist = Arc.FRONT in arcs_of(origin, Facing((facing + 1) % 6), target) or (
        Arc.FRONT in arcs_of(origin, Facing((facing - 1) % 6), target)
    )
    return arcs, twist


def _leaving(state: BTState, side: int) -> list[Hex]:
    """Where the units of ``side`` that have a way off by the exit edge stand (`_exit_steps`)."""
    edge = state.victory.edge
    found = []
    for unit in state.units:
        if unit.side != side or not unit.on_map or unit.hex is None:
            continue
        flies = isinstance(unit.body, VehicleBody) and unit.body.airborne
        if unit.is_mech or flies or unit.hex in _exit_steps(state, unit, edge):
            found.append(unit.hex)
    return found


def _edge_distance(state: BTState, where: Hex, edge: str) -> int:
    col, row = where.to_offset()
    return {
        "N": row,
        "S": state.board.height - 1 - row,
        "W": col,
        "E": state.board.width - 1 - col,
    }.get(edge, 0)


def _exit_steps(state: BTState, unit: UnitState, edge: str) -> dict[Hex, int]:
    """Steps from each hex the unit may enter to the ``edge`` (a search back from the edge).

    A hex counts when the unit could be set up there (`kindmove.deploy_problem`, BT-M-23) or it
    has a bridge; levels and costs are left out (a rough way around, not a plotted path).
    """
    board = state.board
    open_: set[Hex] = set()
    for col in range(board.width):
        for row in range(board.height):
            where = Hex.from_offset(col, row)
            terrain = board.terrain(where)
            bridge = terrain.bridge is not None and terrain.bridge.cf >= tonnage(unit)  # BT-M-28
            if bridge or (terrain.bridge is None and deploy_problem(unit, terrain) is None):
                open_.add(where)
    steps = {h: 0 for h in open_ if on_edge(state, h, edge)}
    frontier = list(steps)
    while frontier:
        nxt = []
        for where in frontier:
            for near in where.neighbors():
                if near in open_ and near not in steps:
                    steps[near] = steps[where] + 1
                    nxt.append(near)
        frontier = nxt
    return steps


def _counted(reach: Reach, before: Movement | None = None) -> int:
    """The hexes a ground path leaves counted for the target-movement modifier (BT-C-18.2).

    Counted since the last reversal, as the rules count them (BT-M-38): a path that backs up
    and then walks forward counts only the hexes after the turn-about. ``before``: the move so
    far, for a unit going on after a fall.
    """
    counted = before.counted if before is not None else 0
    entered = before.hexes if before is not None else 0
    backward = before.backward if before is not None else False
    for step in reach.steps:
        if step.kind not in {StepKind.FORWARD, StepKind.BACKWARD}:
            continue
        back = step.kind is StepKind.BACKWARD
        counted = 1 if entered and back != backward else counted + 1
        entered += 1
        backward = back
    return counted


def _candidates(state: BTState, index: int) -> list[_Candidate]:
    """Every end position in the cheapest mode reaching it, plus jumps, and standing still."""
    unit = state.units[index]
    assert unit.hex is not None  # noqa: S101 - on the map
    found: dict[tuple[Hex, Facing, bool], _Candidate] = {}
    movement = unit.movement
    modes: tuple[MoveMode, ...] = (MoveMode.WALK, MoveMode.RUN, MoveMode.JUMP)
    if movement is not None:
        modes = (movement.mode,) if movement.mode in {MoveMode.WALK, MoveMode.RUN} else ()
    # BT-M-28: a bridge its weight brings down is weighed in a combined-arms game (where the
    # crossing matters to the column; the 'Mech games keep their tuning)
    weighs = not all(u.is_mech for u in state.units)
    for mode, masc_on in [(m, False) for m in modes] + _masc_way(state, index):
        if mode is MoveMode.JUMP:
            paths = jump_paths(state, index)
            for (where, facing), reach in reachable(state, index, mode).items():
                path = paths.get(where)
                if where == unit.hex or path is None:
                    continue
                found[where, facing, True] = _Candidate(
                    Jump(index, path, facing),
                    where,
                    facing,
                    mode,
                    len(path),
                    reach.mp,
                    reach.rolls,
                )
            continue
        for (where, facing), reach in reachable(state, index, mode, masc_on=masc_on).items():
            if not reach.steps:
                continue
            if where == unit.hex and facing == unit.facing and not _prone(unit):
                continue
            key = (where, facing, False)
            if key in found:
                continue  # a cheaper mode (or a run without MASC) gets there
            prone = _prone(unit) and not any(s.kind is StepKind.STAND for s in reach.steps)
            collapse = weighs and _brings_down(state, unit, reach)
            found[key] = _Candidate(
                Move(index, mode, reach.steps, masc=masc_on),
                where,
                facing,
                mode,
                _counted(reach, movement),
                reach.mp,
                reach.rolls,
                reach.minimum,
                prone,
                collapse=collapse,
            )
    return list(found.values())


def _brings_down(state: BTState, unit: UnitState, reach: Reach) -> bool:
    """The path brings down what it crosses: the unit falls, the move ends (the crossing lost).

    BT-M-28: a bridge whose CF the unit's weight (and those on it) exceeds; BT-M-41 #4: a
    building whose CF the tons inside exceed (`kindmove.crush_weight`: it collapses and the unit
    falls into the rubble). A VTOL in flight weighs on neither.
    """
    where, facing = unit.hex, unit.facing
    assert where is not None  # noqa: S101 - a mover is on the map
    if isinstance(unit.body, VehicleBody) and unit.body.airborne:
        return False
    for step in reach.steps:
        if step.kind is StepKind.STAND and step.facing is not None:
            facing = step.facing  # BT-M-24.3: a free facing on standing up
        elif step.kind is StepKind.LEFT:
            facing = facing.turn(-1)
        elif step.kind is StepKind.RIGHT:
            facing = facing.turn(1)
        elif step.kind in {StepKind.FORWARD, StepKind.BACKWARD}:
            way = facing if step.kind is StepKind.FORWARD else facing.opposite
            where = where.neighbor(way)
            terrain = state.board.get(where)
            if terrain is None:
                return False  # a path this tracing misreads: the rules judge it anyway
            bridge = terrain.bridge
            load = tonnage(unit) + sum(tonnage(state.units[o]) for o in state.units_at(where))
            if bridge is not None and load > bridge.cf:
                return True
            building = terrain.building
            if building is not None and load > building.cf:
                return True  # BT-M-41 #4: the building collapses under it
    return False


def _masc_way(state: BTState, index: int) -> list[tuple[MoveMode, bool]]:
    """BT-C-75: a run with the MASC on, tried last, when its roll is safe (`masc.sensible`)."""
    if not state.units[index].is_mech:
        return []
    return [(MoveMode.RUN, True)] if masc.sensible(state, index) else []


def _next_to_enemies(state: BTState, index: int, candidates: list[_Candidate]) -> list[_Candidate]:
    """The candidates that end next to an enemy (where a charge or a DFA may start)."""
    side = state.units[index].side
    enemies = [u.hex for u in state.units if u.side != side and u.on_map and u.hex is not None]
    return [c for c in candidates if any(c.hex.distance(h) == 1 for h in enemies)]


def _charges(state: BTState, index: int, candidates: list[_Candidate]) -> list[_Candidate]:
    """Charges: a ground move that ends facing an enemy next to it (checked by the rules)."""
    unit = state.units[index]
    targets = {
        u.hex: i
        for i, u in enumerate(state.units)
        if u.side != unit.side
        and u.on_map
        and u.hex is not None
        and u.is_mech  # DESIGN: the bot charges 'Mechs only
        and not u.mech.prone
    }
    found = []
    for candidate in candidates:
        if candidate.mode not in {MoveMode.WALK, MoveMode.RUN} or candidate.prone:
            continue
        target = targets.get(candidate.hex.neighbor(candidate.facing))
        if target is None or not isinstance(candidate.command, Move):
            continue
        command = attrs.evolve(candidate.command, charge=target)
        try:
            check_charge_move(state, command)
        except IllegalCommand:
            continue
        found.append(attrs.evolve(candidate, command=command, charge=target))
    return found


def _dfas(state: BTState, index: int, candidates: list[_Candidate]) -> list[_Candidate]:
    """Deaths from above: a jump ending next to an enemy that has moved (checked by the rules)."""
    unit = state.units[index]
    found = []
    for candidate in candidates:
        if candidate.mode is not MoveMode.JUMP or not isinstance(candidate.command, Jump):
            continue
        for target, other in enumerate(state.units):
            if other.side == unit.side or not other.on_map or other.hex is None:
                continue
            if not other.is_mech:  # DESIGN: the bot jumps on 'Mechs only
                continue
            if candidate.hex.distance(other.hex) != 1:
                continue
            try:
                physical.check_dfa(state, index, candidate.command.path, target)
            except IllegalCommand:
                continue
            command = attrs.evolve(candidate.command, dfa=target)
            found.append(attrs.evolve(candidate, command=command, dfa=target))
    return found


def _prune(ranker: _Ranker, candidates: list[_Candidate], keep: int) -> list[_Candidate]:
    """Keep the hexes most worth a full look: near the enemy's best range, in cover, on target."""
    hexes: dict[tuple[Hex, bool], list[_Candidate]] = {}
    for candidate in candidates:
        hexes.setdefault((candidate.hex, candidate.mode is MoveMode.JUMP), []).append(candidate)
    if len(hexes) <= keep:
        return [c for group in hexes.values() for c in _facings(ranker, group)]
    enemies = [e.hex for e in ranker.enemies]
    ideal = max(3, ranker.reach // 2)

    def rough(item: tuple[tuple[Hex, bool], list[_Candidate]]) -> float:
        (where, _), _ = item
        terrain = ranker.state.board.terrain(where)
        nearest = min((where.distance(h) for h in enemies), default=0)
        value = -abs(nearest - ideal) + 0.8 * (int(terrain.woods or 0) > 0) * 2
        return value + 0.3 * ranker._objective(where, prone=False)  # noqa: SLF001 - same module

    ranked = sorted(hexes.items(), key=rough, reverse=True)
    return [c for _, group in ranked[:keep] for c in _facings(ranker, group)]


def _facings(ranker: _Ranker, group: list[_Candidate]) -> list[_Candidate]:
    """Of the facings in one hex, those with the nearest enemy in the front arc or a twist away.

    (Or every facing when none has: the score then decides which side to show.)
    """
    if len(group) <= 2 or not ranker.enemies:  # noqa: PLR2004 - nothing to choose between
        return group
    where = group[0].hex
    nearest = min(ranker.enemies, key=lambda e: where.distance(e.hex)).hex
    if nearest == where:
        return group
    dq, dr = nearest.q - where.q, nearest.r - where.r
    kept = [
        c
        for c in group
        if Arc.FRONT in (arcs := _relative_arcs(dq, dr, int(c.facing)))[0] or arcs[1]
    ]
    return kept or group


def choose_mover(state: BTState, side: int) -> int | None:
    """The unit to move next: the slowest first (the fast ones move last, seeing more)."""
    units = pending(state, side)
    if not units:
        return None
    return min(units, key=lambda i: (speed(state.units[i])[1], i))


def choose_move(state: BTState, index: int, weights: Weights) -> Decision:
    """The best move of unit ``index`` (or of the active unit going on after a fall)."""
    unit = state.units[index]
    ranker = _Ranker(state, index, weights)
    candidates = _candidates(state, index)
    active = state.active == index
    assert unit.hex is not None  # noqa: S101 - pending units are on the map
    still_command: BTCommand = EndMove(index) if active else Move(index, MoveMode.STILL)
    counted = unit.movement.counted if unit.movement is not None else 0
    mode = unit.movement.mode if unit.movement is not None else MoveMode.STILL
    spent = unit.movement.mp_spent if unit.movement is not None else 0
    alone = all(o == index for o in state.units_at(unit.hex))
    keep = _HEXES if len(ranker.enemies) <= _LANCE else _FEW_HEXES
    options = _prune(ranker, candidates, keep)
    if not active or alone:
        options.append(
            _Candidate(
                still_command, unit.hex, unit.facing, mode, counted, spent, prone=_prone(unit)
            )
        )
    if not active and unit.is_mech:
        # from every end position, not only the pruned ones: charges and DFAs end next to an
        # enemy, where a gunner seldom wants to stand
        near = _next_to_enemies(state, index, candidates)
        options += _charges(state, index, near)
        options += _dfas(state, index, near)
    if not options:
        return Decision(EndMove(index), "ends its move: nowhere else to go")
    scored = sorted(
        ((ranker.score(c), n, c) for n, c in enumerate(options)),
        key=lambda item: (-item[0].total, item[1]),
    )
    best_score, _, best = scored[0]
    alternatives = tuple((_label(c), round(s.total, 1)) for s, _, c in scored[:_ALTERNATIVES])
    return Decision(best.command, _reason(state, unit, best, best_score), alternatives)


def _label(candidate: _Candidate) -> str:
    command = candidate.command
    if isinstance(command, EndMove):
        return "end the move here"
    if candidate.mode is MoveMode.STILL:
        return "stand still"
    what = candidate.mode.value
    if isinstance(command, Move) and command.masc:
        what = "run with MASC"  # BT-C-75
    if candidate.charge is not None:
        what = "charge from"
    elif candidate.dfa is not None:
        what = "DFA from"
    return f"{what} {label(candidate.hex)} facing {candidate.facing.name}"


def _reason(state: BTState, unit: UnitState, candidate: _Candidate, score: _Score) -> str:
    if candidate.charge is not None:
        head = f"charges {state.units[candidate.charge].name}"
    elif candidate.dfa is not None:
        head = f"jumps onto {state.units[candidate.dfa].name} (death from above)"
    elif isinstance(candidate.command, EndMove):
        head = f"ends its move in {label(candidate.hex)}"
    elif candidate.mode is MoveMode.STILL:
        head = f"stands still in {label(candidate.hex)}"
    else:
        head = f"{moved_verb(unit, candidate.mode)} to {label(candidate.hex)}"  # "cruised to"
        if isinstance(candidate.command, Move) and candidate.command.masc:
            head += " with MASC"  # BT-C-75
    parts = []
    if score.words:
        parts.append(score.words)
    if score.targets:
        parts.append(f"{score.targets} target{'s' if score.targets != 1 else ''} in range")
    victory = state.victory
    if victory.kind == "withdraw" and victory.side == unit.side:
        parts.append(f"{_edge_distance(state, candidate.hex, victory.edge)} hexes from the exit")
    if victory.kind == "hold" and candidate.hex in victory.hexes:
        parts.append("on the objective")
    parts.append(f"expects to deal {score.shown:.1f} and take {score.taken:.1f}")
    return f"{head}: {', '.join(parts)}"


# ------------------------------------------------------------------ deployment
def choose_deployment(state: BTState, side: int, weights: Weights) -> Decision | None:
    """Deploy the side's next unit: cover, height, spread out, facing the enemy's edge."""
    units = [i for i, u in enumerate(state.units) if u.side == side and u.hex is None]
    if not units:
        return None
    index = units[0]
    zone = sorted(
        h
        for h in deploy_zone(state, side)
        if not state.units_at(h)
        and deploy_problem(state.units[index], state.board.terrain(h)) is None  # BT-M-23
    )
    if not zone:
        return None
    board = state.board
    centre = Hex.from_offset(board.width // 2, board.height // 2)
    victory = state.victory
    goals: list[Hex] = list(victory.hexes) if victory.kind == "hold" else [centre]
    friends = [u.hex for u in state.units if u.side == side and u.hex is not None]
    enemies = [u.hex for u in state.units if u.side != side and u.hex is not None]

    def value(where: Hex) -> float:
        terrain = board.terrain(where)
        score = 2.0 * min(2, int(terrain.woods or 0)) + 0.7 * terrain.level
        if terrain.water:
            score -= 3.0
        if terrain.building is not None:
            score -= 1.0
        score -= 0.4 * min(where.distance(g) for g in goals)
        if friends:
            closest = min(where.distance(f) for f in friends)
            score -= 3.0 if closest <= 1 else 0.0
            score -= 0.2 * max(0, closest - 4)
        if enemies and weights.name == "cautious":
            score += 0.2 * min(where.distance(e) for e in enemies)
        return score

    ranked = sorted(zone, key=lambda h: (-value(h), h.q, h.r))
    where = ranked[0]
    target = min(enemies, key=where.distance) if enemies else centre
    facing = _facing_towards(where, target, side)
    alternatives = tuple((label(h), round(value(h), 1)) for h in ranked[:_ALTERNATIVES])
    words = terrain_words(state, where) or "clear ground"
    reason = f"deploys in {label(where)}: {words}, facing {facing.name}"
    return Decision(Deploy(index, where, facing), reason, alternatives)


def _facing_towards(origin: Hex, target: Hex, side: int) -> Facing:
    if origin == target:
        return Facing.S if side % 2 == 0 else Facing.N
    key: Callable[[Facing], int] = lambda f: origin.neighbor(f).distance(target)  # noqa: E731
    return min(Facing, key=lambda f: (key(f), int(f)))
