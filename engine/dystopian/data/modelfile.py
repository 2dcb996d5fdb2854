"""Model files (``format = "dw-model"``): one model card, its stat line and weapons (DW-3, DW-4).

``assets/dystopian/README.md`` documents every key; in short::

    format = "dw-model"
    id = "CR"                       # the roster id fleets name it by
    name = "Lancer Cruiser"
    domain = "naval"                # naval | air | land                  (DW-3.2)
    type = "cruiser"                # a type of DW-3.2, or creature | robot | fortification
    size = "medium"                 # tiny ... massive                    (DW-3.1)
    capital = true
    points = 50
    squadron = [2, 4]               # smallest and largest squadron       (DW-3.4)
    mv = 8                          # inches, as the card prints them     (DW-4)
    min_move = 2
    turn = "M"                      # S | M | L (naval), 0 | 1 | 2 (land, air), 360
    dr = 4
    cr = 6
    hp = 4
    ap = 4
    aa = 3
    cc = 2
    rr = 1
    mars = []                       # MAR ids, "id:X" for an (X) MAR        (DW-24)

    [[weapon]]
    name = "Fore turret"
    kind = "primary"                # primary | secondary | rocket | torpedo | bomb | mine
    arc = "270-fore"
    ad = [7, 7, 5, 3]               # RB1 to RB4; "-" where it cannot fire

`parse_model` checks every value against the `Catalogue` (MARs, generators); `format_model` writes a
card back in the same layout, so ``parse_model(format_model(m), c) == m``.
"""

from __future__ import annotations

import json
from typing import Final

from engine.dystopian.data.catalogue import ident
from engine.dystopian.models import (
    BANDS,
    DOMAIN_TYPES,
    NAVAL_TEMPLATES,
    TYPE_SIZES,
    Arc,
    Catalogue,
    Diving,
    Domain,
    MarRef,
    ModelCard,
    ModelOption,
    ModelType,
    Size,
    Turn,
    Weapon,
    WeaponKind,
)
from engine.tomlfile import (
    DataFileError,
    Key,
    Table,
    boolean,
    check_keys,
    choice,
    integer,
    read_text,
    string_list,
    table_list,
    text,
    where,
)

__all__ = ["LIMITS", "MODEL_FORMAT", "NO_AD", "build_model", "format_model", "parse_model"]

MODEL_FORMAT: Final = "dw-model"
"""The ``format`` key of a model file."""
NO_AD: Final = "-"
"""Written in a weapon's ``ad`` list for a band it cannot fire in (the card's dash)."""
LIMITS: Final = {
    "points": (1, 999),
    "mv": (0, 30),
    "dr": (1, 20),
    "cr": (1, 40),
    "hp": (1, 50),
    "ap": (0, 50),
    "aa": (0, 20),
    "cc": (0, 20),
    "rr": (0, 20),
    "capacity": (0, 20),
    "ad": (0, 40),
    "squadron": (1, 20),
}
"""The lowest and highest value of each number a model file holds."""
MAX_WEAPONS: Final = 12
"""Weapon systems a card may list (the placeholder roster has 1 to 4)."""
_TOP_KEYS: Final = frozenset(
    {
        "format",
        "id",
        "name",
        "domain",
        "type",
        "size",
        "capital",
        "points",
        "squadron",
        "mv",
        "min_move",
        "turn",
        "dr",
        "cr",
        "hp",
        "ap",
        "aa",
        "cc",
        "rr",
        "mars",
        "generators",
        "capacity",
        "recon",
        "diving",
        "flying",
        "can_stop",
        "can_reverse",
        "weapon",
        "option",
    }
)
_STATS: Final = ("dr", "cr", "hp", "ap", "aa", "cc", "rr")
_WEAPON_KEYS: Final = frozenset({"name", "kind", "arc", "ad", "mars", "tesla", "submerged"})
_OPTION_KEYS: Final = frozenset({"id", "name", "points", "generators", "mars"})
_DIVERS: Final = {ModelType.SUBMARINE: Diving.SEA, ModelType.BURROWER: Diving.LAND}


def parse_model(source: str, catalogue: Catalogue) -> ModelCard:
    """Read a model file's text, checked against ``catalogue``.

    Raises:
        DataFileError: the first problem, with its line.
    """
    return read_text(source, lambda table: build_model(table, catalogue))


def _number(table: Table, name: str, key: Key = (), default: int | None = None) -> int:
    low, high = LIMITS[name]
    return integer(table, name, key, low, high, default)


def build_model(table: Table, catalogue: Catalogue) -> ModelCard:
    """Build a model card from its TOML table (`parse_model` without the text)."""
    check_keys(table, _TOP_KEYS)
    kind = text(table, "format", ())
    if kind != MODEL_FORMAT:
        raise DataFileError(f"format: expected {MODEL_FORMAT!r}, got {kind!r}", ("format",))
    domain, model_type, size = _kind(table)
    flying, diving = _flags(table, domain, model_type)
    mv = _number(table, "mv")
    min_move = integer(table, "min_move", (), 0, mv)
    stats = {name: _number(table, name) for name in _STATS}
    if stats["cr"] < stats["dr"]:
        raise DataFileError(f"cr: {stats['cr']} is below the DR of {stats['dr']}", ("cr",))
    capacity = _number(table, "capacity", default=0)
    if "recon" in table and not capacity:
        raise DataFileError(
            "recon: only a carrier (a capacity above 0) carries recon planes", ("recon",)
        )
    recon = integer(table, "recon", (), 0, min(1, capacity), 0)
    weapons = _weapons(table, catalogue, diving=diving)
    options = tuple(
        _option(row, ("option", n), catalogue)
        for n, row in enumerate(table_list(table, "option", (), required=False))
    )
    for n, option in enumerate(options):
        if option.id in [o.id for o in options[:n]]:
            at: Key = ("option", n, "id")
            raise DataFileError(f"{where(at)}: {option.id!r} is offered twice", at)
    return ModelCard(
        id=text(table, "id", ()),
        name=text(table, "name", ()),
        domain=domain,
        type=model_type,
        size=size,
        capital=_required_bool(table, "capital"),
        points=_number(table, "points"),
        squadron=_squadron(table),
        mv=mv,
        min_move=min_move,
        turn=_turn(table, domain, size),
        weapons=weapons,
        mars=_mars(table, (), catalogue, weapon=False),
        generators=_generators(table, (), catalogue),
        options=options,
        capacity=capacity,
        recon=recon,
        diving=diving,
        flying=flying,
        can_stop=boolean(table, "can_stop", (), default=not flying),
        can_reverse=boolean(table, "can_reverse", (), default=True),
        **stats,
    )


def _required_bool(table: Table, name: str) -> bool:
    if name not in table:
        raise DataFileError(f"{name}: missing", (name,))
    return boolean(table, name, ())


def _kind(table: Table) -> tuple[Domain, ModelType, Size]:
    """Domain, type and size class, each type in its domain and sizes (DW-3.1, DW-3.2)."""
    domain = Domain(choice(table, "domain", (), tuple(d.value for d in Domain)))
    model_type = ModelType(choice(table, "type", (), tuple(t.value for t in ModelType)))
    if model_type in TYPE_SIZES and model_type not in (
        *DOMAIN_TYPES[domain],
        ModelType.CREATURE,
        ModelType.ROBOT,
        ModelType.FORTIFICATION,
    ):
        home = next(d for d, types in DOMAIN_TYPES.items() if model_type in types)
        raise DataFileError(
            f"type: a {_words(model_type)} is a {home.value} model, not {domain.value}", ("type",)
        )
    size = Size(choice(table, "size", (), tuple(s.value for s in Size)))
    if size is Size.TINY:
        raise DataFileError("size: tiny flyers are tokens, not model cards", ("size",))
    if size not in TYPE_SIZES[model_type]:
        sizes = " or ".join(s.value for s in TYPE_SIZES[model_type])
        raise DataFileError(f"size: a {_words(model_type)} is {sizes}, not {size.value}", ("size",))
    return domain, model_type, size


def _words(value: ModelType) -> str:
    return value.value.replace("_", " ")


def _flags(table: Table, domain: Domain, model_type: ModelType) -> tuple[bool, Diving | None]:
    """Flying and diving (DW-3.3): air models fly; submarines dive at sea, burrowers on land."""
    free = model_type in (ModelType.CREATURE, ModelType.ROBOT)
    if "flying" in table and not free:
        raise DataFileError(
            "flying: only creatures and robots are marked as flyers (air models always fly)",
            ("flying",),
        )
    flying = domain is Domain.AIR or boolean(table, "flying", ())
    options = tuple(d.value for d in Diving)
    needed = _DIVERS.get(model_type)
    if needed is not None:
        diving = Diving(choice(table, "diving", (), options))
        if diving is not needed:
            raise DataFileError(
                f"diving: a {_words(model_type)} dives under the {needed.value}", ("diving",)
            )
        return flying, diving
    if "diving" not in table:
        return flying, None
    if not free:
        raise DataFileError(
            "diving: only submarines, burrowers, creatures and robots can submerge", ("diving",)
        )
    diving = Diving(choice(table, "diving", (), options))
    if flying:
        raise DataFileError("diving: a flyer cannot submerge", ("diving",))
    return flying, diving


def _turn(table: Table, domain: Domain, size: Size) -> Turn:
    """A naval template for naval models, a turning limit for land and air (DW-11.2, DW-11.4)."""
    naval = domain is Domain.NAVAL
    allowed = (
        (*NAVAL_TEMPLATES, Turn.FREE) if naval else tuple(t for t in Turn if not t.is_template)
    )
    turn = Turn(choice(table, "turn", (), tuple(t.value for t in allowed)))
    if naval and size is Size.MASSIVE and turn not in (Turn.LARGE, Turn.FREE):
        raise DataFileError("turn: Massive naval models use the Large template", ("turn",))
    return turn


def _squadron(table: Table) -> tuple[int, int]:
    """``[smallest, largest]`` (DW-3.4)."""
    value = table.get("squadron")
    at: Key = ("squadron",)
    if value is None:
        raise DataFileError("squadron: missing", at)
    low, high = LIMITS["squadron"]
    if (
        not isinstance(value, list)
        or len(value) != 2  # noqa: PLR2004 - smallest and largest
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise DataFileError("squadron: expected [smallest, largest], two whole numbers", at)
    smallest, largest = value
    if not low <= smallest <= largest <= high:
        raise DataFileError(
            f"squadron: [{smallest}, {largest}] is not {low} <= smallest <= largest <= {high}", at
        )
    return (smallest, largest)


def _mar_ref(item: str, at: Key, catalogue: Catalogue, *, weapon: bool) -> MarRef:
    name, colon, number = item.partition(":")
    mar = catalogue.mars.get(name)
    if mar is None:
        raise DataFileError(f"{where(at)}: unknown MAR {name!r}", at)
    if mar.wing:
        raise DataFileError(f"{where(at)}: {mar.name} is a tiny-flyer wing's MAR", at)
    if weapon and not mar.weapon:
        raise DataFileError(f"{where(at)}: {mar.name} is no weapon MAR (put it on the card)", at)
    if mar.value != bool(colon):
        shape = f"{name}:X with a number X" if mar.value else name
        raise DataFileError(f"{where(at)}: {mar.name} is written {shape!r}", at)
    if not colon:
        return MarRef(name)
    if not number.isdigit() or not 1 <= int(number) <= 99:  # noqa: PLR2004 - two digits
        raise DataFileError(f"{where(at)}: {number!r} is not a number from 1 to 99", at)
    return MarRef(name, int(number))


def _mars(table: Table, key: Key, catalogue: Catalogue, *, weapon: bool) -> tuple[MarRef, ...]:
    """MAR ids of the catalogue, ``id:X`` for an (X) MAR, each once (DW-24)."""
    at = (*key, "mars")
    refs = tuple(
        _mar_ref(item, at, catalogue, weapon=weapon) for item in string_list(table, "mars", key)
    )
    ids = [ref.id for ref in refs]
    for n, name in enumerate(ids):
        if name in ids[:n]:
            raise DataFileError(f"{where(at)}: {name!r} is listed twice", at)
    return refs


def _generators(table: Table, key: Key, catalogue: Catalogue) -> tuple[str, ...]:
    """Generator ids of the catalogue, one entry per generator fitted (DW-23)."""
    names = string_list(table, "generators", key)
    for name in names:
        if name not in catalogue.generators:
            at = (*key, "generators")
            known = ", ".join(sorted(catalogue.generators)) or "none"
            raise DataFileError(f"{where(at)}: unknown generator {name!r} (known: {known})", at)
    return tuple(names)


def _weapons(table: Table, catalogue: Catalogue, *, diving: Diving | None) -> tuple[Weapon, ...]:
    rows = table_list(table, "weapon", (), required=False)
    if len(rows) > MAX_WEAPONS:
        raise DataFileError(f"weapon: at most {MAX_WEAPONS} weapons", ("weapon", MAX_WEAPONS))
    weapons = tuple(
        _weapon(row, ("weapon", n), catalogue, diving=diving) for n, row in enumerate(rows)
    )
    names = [w.name for w in weapons]
    for n, name in enumerate(names):
        if name in names[:n]:
            at: Key = ("weapon", n, "name")
            raise DataFileError(f"{where(at)}: {name!r} names two weapons", at)
    return weapons


def _weapon(table: Table, key: Key, catalogue: Catalogue, *, diving: Diving | None) -> Weapon:
    """A weapon system (DW-4.1): kind, arc, AD per band, its MARs (DW-15.2, DW-18)."""
    check_keys(table, _WEAPON_KEYS, key)
    name = text(table, "name", key)
    kind = WeaponKind(choice(table, "kind", key, tuple(k.value for k in WeaponKind)))
    arc = Arc(choice(table, "arc", key, tuple(a.value for a in Arc)))
    if kind is WeaponKind.MINE and arc is not Arc.DROPPED:
        raise DataFileError(f"{where((*key, 'arc'))}: mines are dropped", (*key, "arc"))
    if kind is not WeaponKind.MINE and arc is Arc.DROPPED:
        raise DataFileError(f"{where((*key, 'arc'))}: only mines are dropped", (*key, "arc"))
    if kind is WeaponKind.BOMB and arc is not Arc.CHANNEL_AFT:
        raise DataFileError(
            f"{where((*key, 'arc'))}: bombs fall in the aft fixed channel", (*key, "arc")
        )
    ad = _ad(table, key, kind)
    tesla = boolean(table, "tesla", key)
    if tesla and kind is not WeaponKind.SECONDARY:
        raise DataFileError(
            f"{where((*key, 'tesla'))}: Tesla weapons are secondary", (*key, "tesla")
        )
    submerged = boolean(table, "submerged", key)
    if submerged and diving is None:
        at = (*key, "submerged")
        raise DataFileError(f"{where(at)}: only a diving model fires while submerged", at)
    if submerged and kind is WeaponKind.TORPEDO:
        at = (*key, "submerged")
        raise DataFileError(f"{where(at)}: torpedoes always fire while submerged", at)
    return Weapon(
        name=name,
        kind=kind,
        arc=arc,
        ad=ad,
        mars=_mars(table, key, catalogue, weapon=True),
        tesla=tesla,
        submerged=submerged,
    )


def _ad(table: Table, key: Key, kind: WeaponKind) -> tuple[int | None, ...]:
    """Four bands, each AD or ``"-"``; bombs and mines in RB1 only (DW-4.1, DW-15.2)."""
    at = (*key, "ad")
    value = table.get("ad")
    if value is None:
        raise DataFileError(f"{where(at)}: missing", at)
    if not isinstance(value, list) or len(value) != BANDS:
        raise DataFileError(f"{where(at)}: expected the AD of RB1 to RB4, four values", at)
    low, high = LIMITS["ad"]
    bands: list[int | None] = []
    for n, item in enumerate(value, start=1):
        if item == NO_AD:
            bands.append(None)
        elif isinstance(item, int) and not isinstance(item, bool) and low <= item <= high:
            bands.append(item)
        else:
            raise DataFileError(
                f"{where(at)}: RB{n} is {item!r}, not an AD from {low} to {high} or {NO_AD!r}", at
            )
    if all(item is None for item in bands):
        raise DataFileError(f"{where(at)}: it fires in no band", at)
    if kind.contact_only and (bands[0] is None or any(b is not None for b in bands[1:])):
        raise DataFileError(
            f"{where(at)}: {kind.value}s have an AD in RB1 only: [n, {NO_AD!r}, {NO_AD!r}, "
            f"{NO_AD!r}]",
            at,
        )
    return tuple(bands)


def _option(table: Table, key: Key, catalogue: Catalogue) -> ModelOption:
    """An upgrade bought with the model: its points and what it adds (DW-23, DW-24)."""
    check_keys(table, _OPTION_KEYS, key)
    option = ModelOption(
        id=ident(table, "id", key),
        name=text(table, "name", key),
        points=integer(table, "points", key, 0, 999),
        generators=_generators(table, key, catalogue),
        mars=_mars(table, key, catalogue, weapon=False),
    )
    if not option.generators and not option.mars:
        raise DataFileError(f"{where(key)}: an option adds a generator or a MAR", key)
    return option


def _quoted(value: str) -> str:
    """A TOML basic string: JSON's escapes are TOML's, and TOML also escapes DEL."""
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def _list(values: tuple[object, ...]) -> str:
    return "[" + ", ".join(_quoted(str(v)) for v in values) + "]"


def format_model(model: ModelCard) -> str:
    """Write ``model`` as a model file (the layout of ``assets/dystopian/README.md``)."""
    lines = [
        f"format = {_quoted(MODEL_FORMAT)}",
        f"id = {_quoted(model.id)}",
        f"name = {_quoted(model.name)}",
        f"domain = {_quoted(model.domain.value)}",
        f"type = {_quoted(model.type.value)}",
        f"size = {_quoted(model.size.value)}",
        f"capital = {str(model.capital).lower()}",
        f"points = {model.points}",
        f"squadron = [{model.squadron[0]}, {model.squadron[1]}]",
        f"mv = {model.mv}",
        f"min_move = {model.min_move}",
        f"turn = {_quoted(model.turn.value)}",
        *(f"{name} = {getattr(model, name)}" for name in _STATS),
        f"mars = {_list(model.mars)}",
        f"generators = {_list(model.generators)}",
    ]
    if model.capacity:
        lines += [f"capacity = {model.capacity}", f"recon = {model.recon}"]
    if model.diving is not None:
        lines.append(f"diving = {_quoted(model.diving.value)}")
    if model.flying and model.domain is not Domain.AIR:
        lines.append("flying = true")
    lines += [
        f"can_stop = {str(model.can_stop).lower()}",
        f"can_reverse = {str(model.can_reverse).lower()}",
    ]
    for weapon in model.weapons:
        ad = ", ".join(_quoted(NO_AD) if v is None else str(v) for v in weapon.ad)
        lines += [
            "",
            "[[weapon]]",
            f"name = {_quoted(weapon.name)}",
            f"kind = {_quoted(weapon.kind.value)}",
            f"arc = {_quoted(weapon.arc.value)}",
            f"ad = [{ad}]",
            f"mars = {_list(weapon.mars)}",
        ]
        lines += [f"{flag} = true" for flag in ("tesla", "submerged") if getattr(weapon, flag)]
    for option in model.options:
        lines += [
            "",
            "[[option]]",
            f"id = {_quoted(option.id)}",
            f"name = {_quoted(option.name)}",
            f"points = {option.points}",
            f"generators = {_list(option.generators)}",
            f"mars = {_list(option.mars)}",
        ]
    return "\n".join(lines) + "\n"
