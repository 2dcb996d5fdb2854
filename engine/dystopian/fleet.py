"""Fleet building: squadrons, escorts, tiny-flyer wings, the points limit and the game types.

- Every model is in a legal squadron, sized as its card allows (DW-3.4, DW-22.2).
- The fleet's points may not pass the Maximum Fleet Value (MFV, DW-22.2).
- Game types (DW-22.3): Open checks only the MFV; Friendly also needs a Small, a Medium and a
  Large-or-Massive squadron from the Base Force; Tournament adds the spending caps (70% Large and
  Massive, 70% Medium, 40% Small, 50% outside the Base Force); Campaign leaves the rest to the
  scenario.
- Escorts: 1 to 3 attach to each Large or Massive model before the game (fewer when the escort's
  card says so); they are no squadron of their own and do not count towards the minimum
  squadrons, but count as Small points (DW-21).
- Carriers bring the wings their card lists within its capacity, at most one recon each; recon
  wings are 1 token, other wings 3 to 5 of one kind (DW-20.1).
- The two free tiny-flyer squadrons: none, or one of the four compositions of DW-20.1.
- The Commodore: a Large or Massive Capital model that is no creature or robot (DW-10.1, DW-27
  item 17); one must be named when the fleet has one, except in a campaign.

`fleet_problems` lists what makes a fleet illegal, each a plain sentence on one line.
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Final

from attrs import frozen

from engine.dystopian.models import Domain, ModelCard, Size, TinyKind

__all__ = [
    "FREE_WING_OPTIONS",
    "MFV_LABELS",
    "TOURNAMENT_CAPS",
    "BaseForce",
    "EscortGroup",
    "Fleet",
    "FleetModel",
    "GameType",
    "Squadron",
    "Wing",
    "carrier_wing_problems",
    "commodore_problem",
    "escort_problems",
    "fleet_models",
    "fleet_problems",
    "free_wing_problem",
    "friendly_problems",
    "hand_limit",
    "mfv_label",
    "squadron_problems",
    "starting_cards",
    "tournament_problems",
]

MAX_ESCORTS: Final = 3
"""Escorts one Large or Massive model may take before the game (DW-21)."""
MAX_HAND: Final = 5
"""The hand limit's ceiling, before Radio Network (DW-8.3)."""
MAX_WING: Final = 5
"""Tokens a wing may have (DW-20.1)."""
MIN_WING: Final = 3
"""Fewest tokens of a fighter, bomber or torpedo-bomber wing from a carrier (DW-20.1)."""


class GameType(StrEnum):
    """The game types of DW-22.3."""

    OPEN = "open"
    FRIENDLY = "friendly"
    TOURNAMENT = "tournament"
    CAMPAIGN = "campaign"


class BaseForce(StrEnum):
    """The fleet's core: naval, armoured (land) or air (DW-22.2)."""

    NAVAL = "naval"
    ARMOURED = "armoured"
    AIR = "air"

    @property
    def domain(self) -> Domain:
        """The domain its models come from (armoured means land)."""
        return {
            BaseForce.NAVAL: Domain.NAVAL,
            BaseForce.ARMOURED: Domain.LAND,
            BaseForce.AIR: Domain.AIR,
        }[self]


MFV_LABELS: Final = (
    (1000, "Royal skirmish"),
    (1250, "Full-scale battle"),
    (1500, "Royal battle"),
    (2000, "Major military engagement"),
    (3000, "Total war"),
)
"""The named points limits (DW-22.2); below 1000 is a battle-group skirmish."""
TOURNAMENT_CAPS: Final = ((70, "Large and Massive"), (70, "Medium"), (40, "Small"))
"""Tournament spending caps, per cent of the MFV, by size class (DW-22.3)."""
OUTSIDE_CAP: Final = 50
"""Tournament: at most 50% of the MFV on squadrons outside the Base Force (DW-22.3)."""
FREE_WING_OPTIONS: Final = (
    ((False, 4), (False, 4), (True, 1), (True, 1)),
    ((False, 4), (False, 3), (False, 3)),
    ((False, 5), (False, 5)),
    ((False, 3), (False, 3), (False, 3), (True, 1)),
)
"""The four compositions of the two free tiny-flyer squadrons, as sorted ``(recon, tokens)``
pairs, one a wing (DW-20.1)."""


@frozen
class Wing:
    """A wing of tiny-flyer tokens, all of one kind (DW-20.1)."""

    kind: TinyKind
    tokens: int

    @property
    def is_recon(self) -> bool:
        """A recon wing: always one token (DW-20.1)."""
        return self.kind is TinyKind.RECON


@frozen
class EscortGroup:
    """Escorts of one card attached to a squadron's Large or Massive models (DW-21)."""

    model: ModelCard
    count: int

    @property
    def points(self) -> int:
        """What the escorts cost."""
        return self.model.points * self.count


@frozen
class Squadron:
    """A squadron: models of one card, the options each has, its escorts and carrier wings.

    Attributes:
        model: the card (DW-3.4).
        count: how many models.
        options: ids of the card's options, bought for every model of the squadron.
        escorts: escorts attached to its models (DW-21).
        wings: the wings its carriers bring, included in their cost (DW-20.1).
    """

    model: ModelCard
    count: int
    options: tuple[str, ...] = ()
    escorts: tuple[EscortGroup, ...] = ()
    wings: tuple[Wing, ...] = ()

    @property
    def model_points(self) -> int:
        """The squadron's own models with their options, escorts left out."""
        extra = sum(o.points for ident in self.options if (o := self.model.option(ident)))
        return (self.model.points + extra) * self.count

    @property
    def escort_points(self) -> int:
        """What its escorts cost."""
        return sum(group.points for group in self.escorts)

    @property
    def points(self) -> int:
        """Models, options and escorts (DW-22.2); carrier wings are in the carrier's cost."""
        return self.model_points + self.escort_points

    @property
    def escort_count(self) -> int:
        """How many escorts are attached."""
        return sum(group.count for group in self.escorts)


@frozen
class Fleet:
    """A player's fleet (DW-22).

    Attributes:
        name: the fleet's name.
        mfv: the Maximum Fleet Value, the points limit (DW-22.2).
        game: the game type (DW-22.3).
        base_force: the Base Force (DW-22.2).
        squadrons: its squadrons.
        free_wings: the free tiny-flyer wings (DW-20.1), at no cost.
        commodore: the index of the squadron whose model carries the Commodore, or None
            (DW-10.1).
    """

    name: str
    mfv: int
    game: GameType
    base_force: BaseForce
    squadrons: tuple[Squadron, ...]
    free_wings: tuple[Wing, ...] = ()
    commodore: int | None = None

    @property
    def points(self) -> int:
        """Every squadron's points; free wings cost nothing (DW-20.1, DW-22.2)."""
        return sum(squadron.points for squadron in self.squadrons)

    @property
    def flagship(self) -> ModelCard | None:
        """The card of the Commodore's model (DW-10.1), None without a Commodore."""
        if self.commodore is None or not 0 <= self.commodore < len(self.squadrons):
            return None
        return self.squadrons[self.commodore].model


@frozen
class FleetModel:
    """One model of a fleet, as it will be deployed (DW-22.8).

    Attributes:
        squadron: the index of its squadron in `Fleet.squadrons`; escorts are in their parent's
            squadron (DW-21).
        card: its model card.
        escort: an escort attached to the squadron's Large or Massive models (DW-21).
        commodore: it carries the Commodore token: the first model of the flagship squadron
            (DW-10.1).
    """

    squadron: int
    card: ModelCard
    escort: bool = False
    commodore: bool = False


def fleet_models(fleet: Fleet) -> tuple[FleetModel, ...]:
    """Every model of ``fleet``, squadron by squadron, each squadron's escorts after its models."""
    found: list[FleetModel] = []
    for n, squadron in enumerate(fleet.squadrons):
        found += [
            FleetModel(n, squadron.model, commodore=fleet.commodore == n and copy == 0)
            for copy in range(squadron.count)
        ]
        found += [
            FleetModel(n, group.model, escort=True)
            for group in squadron.escorts
            for _ in range(group.count)
        ]
    return tuple(found)


def mfv_label(mfv: int) -> str:
    """The name of a points limit: ``"Royal skirmish"`` for 1000 (DW-22.2)."""
    label = "Battle-group skirmish"
    for points, name in MFV_LABELS:
        if mfv >= points:
            label = name
    return label


def starting_cards(fleet: Fleet) -> int:
    """STAR cards drawn at the start: one per squadron; wings and escorts give none (DW-8.3)."""
    return len(fleet.squadrons)


def hand_limit(squadrons: int, radio_network: bool = False) -> int:
    """Cards a player may hold: squadrons on the table, 5 at most, +1 for Radio Network (DW-8.3)."""
    return min(squadrons, MAX_HAND) + (1 if radio_network else 0)


def _plural(count: int, name: str) -> str:
    return f"{count} {name}" if count == 1 else f"{count} {name}s"


def squadron_problems(squadron: Squadron) -> list[str]:
    """Squadron size, options, and no squadron of escorts (DW-3.4, DW-21)."""
    model = squadron.model
    low, high = model.squadron
    problems: list[str] = []
    if model.is_escort:
        problems.append(f"{model.name}s attach to a Large or Massive model; they form no squadron.")
    elif not low <= squadron.count <= high:
        size = str(low) if low == high else f"{low} to {high}"
        problems.append(
            f"A squadron of {_plural(squadron.count, model.name)} is not allowed: "
            f"the card allows {size}."
        )
    problems += [
        f"{model.name} has no option {ident!r}."
        for ident in squadron.options
        if model.option(ident) is None
    ]
    if len(set(squadron.options)) != len(squadron.options):
        problems.append(f"{model.name}: an option is bought twice.")
    return problems


def escort_problems(squadron: Squadron) -> list[str]:
    """Escorts go to Large or Massive models, 1 to 3 each (DW-21)."""
    if not squadron.escorts:
        return []
    model = squadron.model
    problems: list[str] = []
    if not model.size.is_large:
        problems.append(f"Escorts attach only to Large or Massive models, not to {model.name}s.")
    for group in squadron.escorts:
        if not group.model.is_escort:
            problems.append(f"{group.model.name} is no escort.")
        if group.count < 1:
            problems.append(f"{model.name}: an escort group needs at least one escort.")
        # DW-21 allows 1-3 a parent; an escort card may allow fewer (its ``squadron``, DW-3.4)
        each = group.model.squadron[1]
        if group.model.is_escort and each < MAX_ESCORTS and group.count > each * squadron.count:
            problems.append(
                f"{_plural(group.count, group.model.name)} for "
                f"{_plural(squadron.count, model.name)}: its card allows {each} each."
            )
    most = MAX_ESCORTS * squadron.count
    if squadron.escort_count > most:
        problems.append(
            f"{_plural(squadron.escort_count, 'escort')} for {_plural(squadron.count, model.name)}"
            f": at most {MAX_ESCORTS} each."
        )
    return problems


def _wing_shape_problem(wing: Wing) -> str:
    if wing.is_recon and wing.tokens != 1:
        return f"A recon wing is one plane, not {wing.tokens}."
    if not wing.is_recon and not MIN_WING <= wing.tokens <= MAX_WING:
        kind = wing.kind.value.replace("_", " ")
        return f"A {kind} wing has {MIN_WING} to {MAX_WING} planes, not {wing.tokens}."
    return ""


def carrier_wing_problems(squadron: Squadron) -> list[str]:
    """A carrier's wings fit its capacity, with at most its recon allowance (DW-20.1)."""
    if not squadron.wings:
        return []
    model = squadron.model
    if not model.is_carrier:
        return [f"{model.name}s carry no tiny flyers."]
    problems = [p for wing in squadron.wings if (p := _wing_shape_problem(wing))]
    tokens = sum(wing.tokens for wing in squadron.wings)
    room = model.capacity * squadron.count
    if tokens > room:
        problems.append(f"{model.name}: {tokens} tiny flyers, but room for only {room}.")
    recon = sum(wing.tokens for wing in squadron.wings if wing.is_recon)
    if recon > model.recon * squadron.count:
        problems.append(f"{model.name}: at most {model.recon} recon plane per carrier.")
    return problems


def free_wing_problem(wings: tuple[Wing, ...]) -> str:
    """The free wings are none, or one of the four compositions of DW-20.1 ("" when fine)."""
    if not wings:
        return ""
    shape = tuple(sorted((wing.is_recon, wing.tokens) for wing in wings))
    if any(shape == tuple(sorted(option)) for option in FREE_WING_OPTIONS):
        return ""
    return (
        "The free wings must be 2 of 4 and 2 recon, or 4, 3 and 3, or 5 and 5, "
        "or 3, 3, 3 and 1 recon."
    )


def commodore_problem(fleet: Fleet) -> str:
    """The Commodore is on an eligible model, and named when one is eligible (DW-10.1)."""
    if fleet.commodore is not None:
        if not 0 <= fleet.commodore < len(fleet.squadrons):
            return "The Commodore is on a squadron the fleet does not have."
        model = fleet.squadrons[fleet.commodore].model
        if not model.commodore_eligible:
            return (
                f"The Commodore needs a Large or Massive Capital model that is no creature or "
                f"robot, not a {model.name}."
            )
        return ""
    if fleet.game is not GameType.CAMPAIGN and any(
        squadron.model.commodore_eligible for squadron in fleet.squadrons
    ):
        return "Name a Commodore: the fleet has a model that can carry one."
    return ""


def friendly_problems(fleet: Fleet) -> list[str]:
    """A Small, a Medium and a Large-or-Massive squadron from the Base Force (DW-22.3)."""
    domain = fleet.base_force.domain
    sizes = {s.model.size for s in fleet.squadrons if s.model.domain is domain and s.count > 0}
    problems: list[str] = []
    for wanted, name in (
        ((Size.SMALL,), "Small"),
        ((Size.MEDIUM,), "Medium"),
        ((Size.LARGE, Size.MASSIVE), "Large or Massive"),
    ):
        if not sizes.intersection(wanted):
            problems.append(
                f"A {fleet.game.value} game needs a {name} squadron from the "
                f"{fleet.base_force.value} Base Force."
            )
    return problems


def tournament_problems(fleet: Fleet) -> list[str]:
    """Spending caps by size class and outside the Base Force (DW-22.3); escorts are Small."""
    spent: Counter[str] = Counter()
    outside = 0
    for squadron in fleet.squadrons:
        size = squadron.model.size
        name = "Large and Massive" if size.is_large else size.value.capitalize()
        spent[name] += squadron.model_points
        spent["Small"] += squadron.escort_points
        if squadron.model.domain is not fleet.base_force.domain:
            outside += squadron.model_points
        outside += sum(
            g.points for g in squadron.escorts if g.model.domain is not fleet.base_force.domain
        )
    problems = [
        f"{spent[name]} points on {name} models is over {cap}% of the fleet value."
        for cap, name in TOURNAMENT_CAPS
        if spent[name] * 100 > cap * fleet.mfv
    ]
    if outside * 100 > OUTSIDE_CAP * fleet.mfv:
        problems.append(
            f"{outside} points outside the Base Force is over {OUTSIDE_CAP}% of the fleet value."
        )
    return problems


def fleet_problems(fleet: Fleet, *, free_wings: bool = True) -> list[str]:
    """What makes ``fleet`` illegal, one plain sentence each (empty when it is legal; DW-22).

    Args:
        fleet: the fleet.
        free_wings: False when the scenario forbids the free tiny-flyer wings (DW-20.1).
    """
    problems: list[str] = []
    if not fleet.squadrons:
        problems.append("The fleet has no squadrons.")
    for squadron in fleet.squadrons:
        problems += squadron_problems(squadron)
        problems += escort_problems(squadron)
        problems += carrier_wing_problems(squadron)
    if fleet.points > fleet.mfv:
        problems.append(f"{fleet.points} points is over the fleet value of {fleet.mfv}.")
    if fleet.free_wings and not free_wings:
        problems.append("This game allows no free tiny-flyer wings.")
    problems += [p for wing in fleet.free_wings if (p := _wing_shape_problem(wing))]
    if free := free_wing_problem(fleet.free_wings):
        problems.append(free)
    if commodore := commodore_problem(fleet):
        problems.append(commodore)
    if fleet.game in (GameType.FRIENDLY, GameType.TOURNAMENT):
        problems += friendly_problems(fleet)
    if fleet.game is GameType.TOURNAMENT:
        problems += tournament_problems(fleet)
    return problems
