"""Paper 'Mech rules tests: build states with attrs, play one command, read the events."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import TypeVar

import attrs

from engine.dice import ScriptedDice
from engine.game import Command, Event
from engine.papermech import events as ev
from engine.papermech.evolve import evolve
from engine.papermech.flow import decide
from engine.papermech.state import Enemy, Loadout, PaperSetup, PaperState, Player, Prompt
from engine.papermech.tables import Action, EnemyKind, Ring, Wedge

E = TypeVar("E", bound=Event)

__all__ = [
    "all_of",
    "circles",
    "foe",
    "hurt",
    "loadout",
    "one",
    "play",
    "player",
    "prompt_of",
    "space",
    "state_with",
]


def space(text: str) -> tuple[Ring, Wedge]:
    """Read a radar space written "L/3" or "C/RR" (ring / wedge label)."""
    ring, _, wedge = text.partition("/")
    return Ring[ring.strip().upper()], Wedge.from_label(wedge)


def foe(
    kind: EnemyKind | str,
    where: str = "L/3",
    *,
    attack: int = 0,
    time: int | None = None,
    damage: int = 0,
    key: str | None = None,
) -> Enemy:
    """An enemy of ``kind`` on space ``where``; its cube on the attack's T unless ``time``.

    ``key`` defaults to the kind's letter; tests that need many enemies give their own.
    """
    kind = EnemyKind(kind)
    ring, wedge = space(where)
    t = kind.profile.attacks[attack].t if time is None else time
    return Enemy(key or kind.value, kind, ring, wedge, attack, t, damage)


def loadout(text: str = "") -> Loadout:
    """The default loadout changed by a spec such as ``"RA=tower-shield legs=3"``."""
    return Loadout.parse(text) if text else Loadout()


def circles(*filled: int) -> tuple[bool, ...]:
    """Six weapon circles with the given 1-based circles filled."""
    return tuple(i + 1 in filled for i in range(6))


def hurt(
    ls: Iterable[int] = (),
    rs: Iterable[int] = (),
    la: Iterable[int] = (),
    ra: Iterable[int] = (),
) -> tuple[tuple[bool, ...], ...]:
    """The four mounts' circles (LS, RS, LA, RA) with the given 1-based circles filled."""
    return tuple(circles(*c) for c in (ls, rs, la, ra))


def player(
    gear: Loadout | str = "",
    *,
    action: Action | None = Action.RA2,
    time: int | None = 2,
    placed: int | None = None,
    legs: Iterable[int] = (),
    **changes: object,
) -> Player:
    """A player sheet; by default Uppercut (RA2) is chosen and its cube is on space 2.

    ``legs`` lists the filled legs lines (1-based); ``placed`` defaults to ``time``.
    """
    gear = gear if isinstance(gear, Loadout) else loadout(gear)
    legs_filled = tuple(i + 1 in set(legs) for i in range(4))
    return Player(
        gear,
        action=action,
        time=time,
        placed=time if placed is None else placed,
        legs=legs_filled,
        **changes,  # type: ignore[arg-type]
    )


def state_with(
    *enemies: Enemy,
    me: Player | None = None,
    prompt: Prompt = Prompt.WINDOW,
    wave: int = 1,
    **changes: object,
) -> PaperState:
    """A state in wave ``wave`` with these enemies; by default a player window (PM-4 DESIGN)."""
    me = player() if me is None else me
    setup = PaperSetup(loadout=me.loadout)
    return attrs.evolve(
        PaperState(setup, me, enemies=enemies, wave=wave, prompt=prompt),
        **changes,  # type: ignore[arg-type]
    )


def play(
    state: PaperState, command: Command, dice: Sequence[int] = (), *, all_dice: bool = True
) -> tuple[PaperState, list[Event]]:
    """Decide ``command`` with scripted ``dice`` and fold its events; check every die was used.

    The scripted dice raise DiceExhaustedError when the engine rolls more than scripted.
    """
    scripted = ScriptedDice(list(dice))
    events = list(decide(state, command, scripted))
    if all_dice:
        unused = len(scripted.values) - scripted.position
        assert not unused, f"{unused} scripted dice were not rolled: {events}"
    return functools.reduce(evolve, events, state), events


def all_of(events: Iterable[Event], kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def one(events: Iterable[Event], kind: type[E]) -> E:
    """The single event of one type."""
    found = all_of(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__}, got {found}"
    return found[0]


def prompt_of(events: Sequence[Event]) -> Prompt:
    """The prompt the last Prompted event asked for."""
    prompted = all_of(events, ev.Prompted)
    assert prompted, f"no Prompted event in {events}"
    return prompted[-1].prompt
