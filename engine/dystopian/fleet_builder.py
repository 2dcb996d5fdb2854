"""Building a fleet step by step: the edits a fleet builder makes, and its extra checks (DW-22).

Every function takes a `Fleet` and returns a new one; none validates (`fleet_problems` does, and
`builder_problems` adds what only a builder needs). DW-28.13 item 2: "a fleet builder with
squadron-size and MFV checks (Open/Friendly); escort attachment; the two free wings"; Tier 2:
the Tournament points caps (`engine.dystopian.fleet.tournament_problems`).

- The roster (DW-28.12): every card that forms squadrons: not escorts (DW-21), and not
  fortifications: [INTERP] the one we have is the neutral Fortress of DW-25.4, no fleet's model.
- A squadron is added at its card's smallest size and resized within its card's range (DW-3.4);
  a carrier comes with the fullest wings it may bring (DW-20.1), which the player may change.
- Options are bought for every model of the squadron (the fleet file's rule).
- Escorts (DW-21): the choices for one squadron are none, or one escort card 1 to 3 (or its
  card's most) times each Large or Massive parent; `next_escorts` steps through them.
- The Commodore (DW-10.1, DW-22.1): the first eligible squadron added takes it; `set_commodore`
  moves it.
- Wings (DW-20.1): a layout is the wings' sizes, ``(recon, tokens)`` each; the free wings are none
  or one of the four compositions, a carrier's any wings of 3 to 5 planes plus at most its recon
  allowance within its capacity. `wings_for` gives a layout its kinds.
- Extra checks: `name_problem` (a fleet needs a name no other fleet file uses: the library keeps
  only the first of two fleets of one name) and `base_force_note` (DW-22.2: the Base Force
  "should be the core of the fleet (the largest share of points)", advice, not a rule).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from engine.dystopian.fleet import (
    FREE_WING_OPTIONS,
    MAX_ESCORTS,
    MAX_WING,
    MIN_WING,
    BaseForce,
    EscortGroup,
    Fleet,
    GameType,
    Squadron,
    Wing,
    fleet_problems,
)
from engine.dystopian.models import Domain, ModelCard, TinyKind

__all__ = [
    "DEFAULT_MFV",
    "NAME_MAX",
    "WING_KINDS",
    "Layout",
    "add_squadron",
    "base_force_note",
    "builder_problems",
    "carrier_layouts",
    "empty_fleet",
    "escort_cards",
    "escort_choices",
    "first_problem",
    "free_layouts",
    "layout_of",
    "layout_text",
    "name_problem",
    "next_escorts",
    "next_kind",
    "remove_squadron",
    "resize",
    "roster",
    "set_commodore",
    "set_options",
    "wings_for",
]

DEFAULT_MFV: Final = 500
"""The points limit a new fleet starts with: the carrier group's (DW-22.2: a battle group)."""
NAME_MAX: Final = 40
"""The longest fleet name."""
WING_KINDS: Final = (TinyKind.FIGHTER, TinyKind.BOMBER, TinyKind.TORPEDO_BOMBER)
"""The kinds a wing of 3 to 5 planes may be (DW-20.1); recon wings are one plane."""
MAX_LAYOUTS: Final = 60
"""The most carrier layouts offered, the fullest first (a carrier of 20 would offer hundreds)."""

Layout = tuple[tuple[bool, int], ...]
"""The wings' shapes: ``(recon, tokens)`` each, non-recon wings first, largest first."""


def empty_fleet(
    name: str = "",
    mfv: int = DEFAULT_MFV,
    game: GameType = GameType.OPEN,
    base_force: BaseForce = BaseForce.NAVAL,
) -> Fleet:
    """A fleet with no squadrons yet."""
    return Fleet(name=name, mfv=mfv, game=game, base_force=base_force, squadrons=())


def roster(models: Iterable[ModelCard]) -> tuple[ModelCard, ...]:
    """The cards a squadron may be made of: no escorts (DW-21), no fortifications ([INTERP]).

    Sorted by domain (naval, air, land), then largest first, then id.
    """
    order = list(Domain)
    return tuple(
        sorted(
            (m for m in models if not m.is_escort and not m.is_fortification),
            key=lambda m: (order.index(m.domain), -m.size.rank, m.id),
        )
    )


def escort_cards(models: Iterable[ModelCard]) -> tuple[ModelCard, ...]:
    """The escort cards, by id (DW-21)."""
    return tuple(sorted((m for m in models if m.is_escort), key=lambda m: m.id))


def _replace(fleet: Fleet, index: int, squadron: Squadron) -> Fleet:
    squadrons = list(fleet.squadrons)
    squadrons[index] = squadron
    return attrs.evolve(fleet, squadrons=tuple(squadrons))


def add_squadron(fleet: Fleet, card: ModelCard, count: int | None = None) -> Fleet:
    """``fleet`` with a squadron of ``card`` at the end, at its smallest size by default (DW-3.4).

    A carrier comes with its fullest wings, fighters and its recon plane (DW-20.1). The first
    squadron that can carry the Commodore takes it when nobody has it (DW-10.1).
    """
    low, high = card.squadron
    size = low if count is None else max(low, min(high, count))
    # DW-20.1: a carrier brings the tiny flyers of its card: the fullest wings, fighters
    wings = wings_for(carrier_layouts(card, size)[0]) if card.is_carrier else ()
    added = attrs.evolve(fleet, squadrons=(*fleet.squadrons, Squadron(card, size, wings=wings)))
    if fleet.commodore is None and card.commodore_eligible and fleet.game is not GameType.CAMPAIGN:
        added = attrs.evolve(added, commodore=len(fleet.squadrons))
    return added


def remove_squadron(fleet: Fleet, index: int) -> Fleet:
    """``fleet`` without squadron ``index``; the Commodore goes with its squadron (DW-10.1)."""
    squadrons = fleet.squadrons[:index] + fleet.squadrons[index + 1 :]
    commodore = fleet.commodore
    if commodore == index:
        commodore = None
    elif commodore is not None and commodore > index:
        commodore -= 1
    return attrs.evolve(fleet, squadrons=squadrons, commodore=commodore)


def resize(fleet: Fleet, index: int, change: int) -> Fleet:
    """Squadron ``index`` ``change`` models larger, kept within its card's range (DW-3.4)."""
    squadron = fleet.squadrons[index]
    low, high = squadron.model.squadron
    count = max(low, min(high, squadron.count + change))
    return _replace(fleet, index, attrs.evolve(squadron, count=count))


def set_options(fleet: Fleet, index: int, options: Iterable[str]) -> Fleet:
    """Squadron ``index`` with these of its card's options, in the card's order."""
    squadron = fleet.squadrons[index]
    wanted = set(options)
    chosen = tuple(o.id for o in squadron.model.options if o.id in wanted)
    return _replace(fleet, index, attrs.evolve(squadron, options=chosen))


def set_commodore(fleet: Fleet, index: int | None) -> Fleet:
    """The Commodore on squadron ``index`` (None: no Commodore); `fleet_problems` judges it."""
    return attrs.evolve(fleet, commodore=index)


def escort_choices(
    squadron: Squadron, cards: Sequence[ModelCard]
) -> tuple[tuple[EscortGroup, ...], ...]:
    """How ``squadron`` may be escorted: none, or 1 up to the most of one escort card (DW-21).

    Only Large and Massive models take escorts; the most is 3 a parent, or fewer when the escort's
    card says so.
    """
    choices: list[tuple[EscortGroup, ...]] = [()]
    if not squadron.model.size.is_large:
        return tuple(choices)
    for card in cards:
        most = min(MAX_ESCORTS, card.squadron[1]) * squadron.count
        choices += [(EscortGroup(card, n),) for n in range(1, most + 1)]
    return tuple(choices)


def next_escorts(fleet: Fleet, index: int, cards: Sequence[ModelCard], step: int = 1) -> Fleet:
    """Squadron ``index`` with the next (``step`` -1: the previous) of its `escort_choices`."""
    squadron = fleet.squadrons[index]
    choices = escort_choices(squadron, cards)
    at = choices.index(squadron.escorts) if squadron.escorts in choices else 0
    chosen = choices[(at + step) % len(choices)]
    return _replace(fleet, index, attrs.evolve(squadron, escorts=chosen))


def free_layouts() -> tuple[Layout, ...]:
    """No free wings, then the four compositions of DW-20.1 in the digest's order."""
    return ((), *(_sorted(option) for option in FREE_WING_OPTIONS))


def _sorted(layout: Iterable[tuple[bool, int]]) -> Layout:
    return tuple(sorted(layout, key=lambda w: (w[0], -w[1])))


def carrier_layouts(card: ModelCard, count: int = 1) -> tuple[Layout, ...]:
    """The wings ``count`` carriers of ``card`` may bring, the fullest first (DW-20.1).

    Wings of 3 to 5 planes, and at most the card's recon allowance of 1-plane recon wings, within
    the capacity; the first `MAX_LAYOUTS`, so a large squadron of carriers costs no more.
    """
    room = card.capacity * count
    most_recon = min(card.recon * count, room)
    found: list[Layout] = []
    for total in range(room, -1, -1):
        for recon in range(most_recon, -1, -1):
            found += [
                _sorted([*((False, n) for n in sizes), *((True, 1),) * recon])
                for sizes in _wing_sizes(total - recon)
            ]
            if len(found) >= MAX_LAYOUTS:
                return tuple(found[:MAX_LAYOUTS])
    return tuple(found)


def _wing_sizes(tokens: int) -> list[tuple[int, ...]]:
    """Every way to make exactly ``tokens`` planes of wings of 5, 4 and 3, fewest wings first."""
    found: list[tuple[int, ...]] = []
    for fives in range(tokens // MAX_WING, -1, -1):
        for fours in range((tokens - MAX_WING * fives) // 4, -1, -1):
            rest = tokens - MAX_WING * fives - 4 * fours
            if rest >= 0 and rest % MIN_WING == 0:
                found.append((MAX_WING,) * fives + (4,) * fours + (MIN_WING,) * (rest // MIN_WING))
    return found


def layout_of(wings: Iterable[Wing]) -> Layout:
    """The shape of these wings."""
    return _sorted((w.is_recon, w.tokens) for w in wings)


def wings_for(layout: Layout, kinds: Sequence[TinyKind] = ()) -> tuple[Wing, ...]:
    """Wings of this shape: recon wings are recon; the others take ``kinds`` in turn (fighters)."""
    wings: list[Wing] = []
    others = 0
    for recon, tokens in layout:
        if recon:
            wings.append(Wing(TinyKind.RECON, tokens))
            continue
        kind = kinds[others] if others < len(kinds) else TinyKind.FIGHTER
        wings.append(Wing(kind if kind is not TinyKind.RECON else TinyKind.FIGHTER, tokens))
        others += 1
    return tuple(wings)


def next_kind(kind: TinyKind) -> TinyKind:
    """Fighter, bomber, torpedo bomber, fighter... (a recon wing stays recon, DW-20.1)."""
    if kind is TinyKind.RECON:
        return kind
    return WING_KINDS[(WING_KINDS.index(kind) + 1) % len(WING_KINDS)]


def layout_text(layout: Layout) -> str:
    """``"4 + 3 + 3"``, ``"5 + 1 recon"``, or ``"none"``."""
    if not layout:
        return "none"
    return " + ".join(f"{t} recon" if recon else str(t) for recon, t in layout)


def name_problem(name: str, taken: Iterable[str] = ()) -> str:
    """A fleet needs a name of its own ("" when fine): another fleet's name hides one of them."""
    cleaned = name.strip()
    if not cleaned:
        return "Name the fleet."
    if len(cleaned) > NAME_MAX:
        return f"A fleet name has at most {NAME_MAX} characters."
    if not cleaned.isprintable():
        return "A fleet name is letters, digits, spaces and punctuation."
    if cleaned.casefold() in {t.casefold() for t in taken}:
        return f"Another fleet is already named {cleaned!r}."
    return ""


def base_force_note(fleet: Fleet) -> str:
    """DW-22.2: the Base Force should have the largest share of the points ("" when it does).

    Advice, not a rule: Open games only tell the opponent the Base Force (DW-22.3).
    """
    spent: Counter[Domain] = Counter()
    for squadron in fleet.squadrons:
        spent[squadron.model.domain] += squadron.model_points
        for group in squadron.escorts:
            spent[group.model.domain] += group.points
    core = fleet.base_force.domain
    most = max(spent.values(), default=0)
    if spent[core] >= most:
        return ""
    bigger = max(spent, key=lambda d: spent[d])
    return (
        f"The {fleet.base_force.value} Base Force has {spent[core]} points, "
        f"{bigger.value} models {spent[bigger]}: it should be the core of the fleet."
    )


def builder_problems(fleet: Fleet, taken: Iterable[str] = ()) -> list[str]:
    """`fleet_problems`, after the fleet's name (`name_problem`); empty when it may be saved."""
    named = name_problem(fleet.name, taken)
    return ([named] if named else []) + fleet_problems(fleet)


def first_problem(fleet: Fleet, taken: Iterable[str] = ()) -> str:
    """The first of `builder_problems`, "" when the fleet is legal and may be saved."""
    problems = builder_problems(fleet, taken)
    return problems[0] if problems else ""
