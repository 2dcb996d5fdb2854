"""The bundled model cards and catalogues match the digest (DW-3, DW-4, DW-20.2, DW-28.12)."""

from __future__ import annotations

import attrs
import pytest

from engine.dystopian.models import (
    Arc,
    CardType,
    Diving,
    Domain,
    MarRef,
    ModelType,
    Size,
    TinyKind,
    Turn,
    WeaponKind,
)
from tests.engine.dystopian._assets import catalogue, models

# DW-28.12 (b), the placeholder roster: id, domain, type, size, Capital, pts, squadron, MV, Min,
# Turn, DR, CR, HP, AP, AA, CC, RR.
ROSTER = [
    ("BB", "naval", "battleship", "large", True, 150, (1, 1), 6, 2, "L", 6, 9, 8, 8, 7, 4, 2),
    ("CR", "naval", "cruiser", "medium", True, 50, (2, 4), 8, 2, "M", 4, 6, 4, 4, 3, 2, 1),
    ("FF", "naval", "frigate", "small", False, 20, (3, 5), 10, 2, "S", 3, 6, 2, 2, 1, 1, 1),
    ("ES", "naval", "escort", "small", False, 15, (1, 3), 10, 2, "S", 3, 5, 2, 1, 3, 2, 0),
    ("SS", "naval", "submarine", "medium", True, 45, (2, 3), 8, 2, "M", 4, 6, 4, 2, 1, 3, 1),
    ("CV", "naval", "carrier", "massive", True, 140, (1, 1), 6, 2, "L", 6, 10, 10, 8, 8, 4, 1),
    ("AS", "air", "airship", "large", True, 100, (1, 2), 8, 2, "2", 4, 6, 6, 4, 5, 0, 0),
    ("BM", "air", "bomber", "medium", False, 30, (2, 3), 10, 4, "1", 3, 5, 3, 1, 2, 0, 0),
    ("LS", "land", "landship", "large", True, 140, (1, 1), 6, 0, "1", 6, 9, 8, 6, 7, 6, 2),
    ("TK", "land", "tank", "small", False, 18, (3, 5), 6, 0, "0", 3, 5, 2, 3, 1, 1, 1),
]

# DW-28.12 (b), the placeholder weapons: model, weapon, kind, arc, RB1..RB4 (None = "-").
WEAPONS = [
    ("BB", "Fore turret", "primary", "270-fore", (8, 10, 8, 5)),
    ("BB", "Aft turret", "primary", "270-aft", (8, 10, 8, 5)),
    ("BB", "Broadside", "secondary", "broadside", (8, 6, 3, None)),
    ("BB", "Torpedoes", "torpedo", "90-fore", (6, 6, 4, None)),
    ("CR", "Fore turret", "primary", "270-fore", (7, 7, 5, 3)),
    ("CR", "Broadside", "secondary", "broadside", (5, 4, 2, None)),
    ("CR", "Torpedoes", "torpedo", "90-fore", (4, 4, 3, None)),
    ("FF", "Fore turret", "primary", "180-fore", (4, 4, 2, None)),
    ("FF", "Torpedoes", "torpedo", "channel-fore", (3, 3, None, None)),
    ("ES", "Rocket battery", "rocket", "360", (3, 3, 2, None)),
    ("ES", "Mines", "mine", "dropped", (4, None, None, None)),
    ("SS", "Torpedoes", "torpedo", "90-fore", (6, 6, 4, 3)),
    ("SS", "Deck gun", "secondary", "360", (3, 2, None, None)),
    ("CV", "Broadside", "secondary", "broadside", (6, 5, 3, None)),
    ("CV", "Rocket battery", "rocket", "360", (4, 4, None, None)),
    ("AS", "Fore turret", "primary", "180-fore", (6, 7, 5, None)),
    ("AS", "Broadside", "secondary", "broadside", (5, 4, 2, None)),
    ("AS", "Bombs", "bomb", "channel-aft", (10, None, None, None)),
    ("BM", "Rockets", "rocket", "90-fore", (4, 4, 2, None)),
    ("BM", "Bombs", "bomb", "channel-aft", (6, None, None, None)),
    ("LS", "Fore turret", "primary", "270-fore", (8, 9, 7, 4)),
    ("LS", "Broadside", "secondary", "broadside", (6, 5, 3, None)),
    ("LS", "Rocket battery", "rocket", "360", (5, 5, 3, None)),
    ("TK", "Turret", "secondary", "360", (4, 4, 2, None)),
]


def test_the_roster_is_the_ten_placeholder_models_and_the_fortress():
    """DW-28.12 (b) lists ten models, each one bundled file; the Fortress (DW-25.4) is the 11th."""
    assert sorted(models()) == sorted([*(row[0] for row in ROSTER), "FX"])


def test_the_fortress_is_the_seeds_stat_line():
    """DW-25.4: the Fortress's stat line, MARs and four 12/10/8/6 guns, one to each side.

    Large Capital fortification, DR 7 / CR 13, MV 0, HP 15, AP 15, RR 0, AA 6 / CC 0; the guns'
    arcs are F, A, FP+AP and FS+AS (DW-28.6).
    """
    fx = models()["FX"]
    assert (fx.type, fx.size, fx.capital) == (ModelType.FORTIFICATION, Size.LARGE, True)
    assert fx.is_fortification
    assert not fx.takes_morale_checks  # DW-10.2
    assert (fx.dr, fx.cr, fx.mv, fx.hp, fx.ap, fx.rr, fx.aa, fx.cc) == (7, 13, 0, 15, 15, 0, 6, 0)
    assert [str(m) for m in fx.mars] == [
        "emplaced",
        "towering",
        "indestructible",
        "redoubtable",
        "immovable",
        "invincible",
    ]
    assert [w.arc for w in fx.weapons] == [
        Arc.FORE_90,
        Arc.AFT_90,
        Arc.BROADSIDE_PORT,
        Arc.BROADSIDE_STARBOARD,
    ]
    assert {w.ad for w in fx.weapons} == {(12, 10, 8, 6)}


@pytest.mark.parametrize("row", ROSTER, ids=[row[0] for row in ROSTER])
def test_stat_line_matches_the_digest(row):
    """Every attribute of DW-4 as DW-28.12 (b) gives it, field by field."""
    ident, domain, kind, size, capital, points, squadron, mv, low, turn, *stats = row
    model = models()[ident]
    assert model.domain is Domain(domain)
    assert model.type is ModelType(kind)
    assert model.size is Size(size)
    assert model.capital is capital
    assert model.points == points
    assert model.squadron == squadron
    assert (model.mv, model.min_move, model.turn) == (mv, low, Turn(turn))
    assert (model.dr, model.cr, model.hp, model.ap, model.aa, model.cc, model.rr) == tuple(stats)


def test_every_weapon_matches_the_digest():
    """Each card lists exactly the weapons of DW-28.12 (b), in order, with kind, arc and AD."""
    found = [
        (ident, w.name, w.kind.value, w.arc.value, w.ad)
        for ident, model in models().items()
        for w in model.weapons
        if ident != "FX"
    ]
    assert sorted(found) == sorted(WEAPONS)


def test_the_battleship_card():
    """BB: four weapons, the Shield Generator option at +15 points (DW-28.12, DW-23)."""
    bb = models()["BB"]
    assert bb.name == "Bastion Battleship"
    fore = bb.weapons[0]
    assert fore.kind is WeaponKind.PRIMARY
    assert fore.arc is Arc.FORE_270
    assert [fore.ad_at(band) for band in (1, 2, 3, 4, 5)] == [8, 10, 8, 5, None]
    assert fore.reduced_by_damage  # gunnery loses AD to hull damage (DW-15.3)
    assert not bb.weapons[3].reduced_by_damage  # torpedoes never do
    shield = bb.option("shield")
    assert shield is not None
    assert (shield.name, shield.points, shield.generators) == ("Shield Generator", 15, ("shield",))
    assert bb.option("tesla") is None
    assert bb.commodore_eligible  # Large, Capital (DW-10.1)
    assert bb.collision_dice == 8  # starting HP (DW-4, DW-28.12 (a): 8D6 in collisions)


def test_the_submarine_dives_and_fires_torpedoes_submerged():
    """SS: diving (sea), Panic Dive; torpedoes fire submerged, the deck gun only surfaced."""
    ss = models()["SS"]
    assert ss.diving is Diving.SEA
    assert ss.is_diving
    assert ss.mars == (MarRef("panic_dive"),)
    torpedoes, deck_gun = ss.weapons
    assert torpedoes.usable_submerged
    assert not deck_gun.usable_submerged
    assert not ss.takes_morale_checks  # submarines take no checks (DW-10.2)


def test_flyers_bombs_and_stopping():
    """AS and BM fly, drop bombs in the aft channel, RB1 only, and cannot stop (DW-11.6)."""
    airship, bomber = models()["AS"], models()["BM"]
    assert airship.flying
    assert bomber.flying
    assert not airship.can_stop
    assert not bomber.can_stop
    assert airship.mars == (MarRef("swift_ascent"),)
    bombs = airship.weapons[2]
    assert bombs.kind.contact_only
    assert bombs.shown == "(10)"
    assert bombs.ad_at(2) is None
    assert models()["CR"].can_stop


def test_escort_carrier_and_small_targets():
    """ES is an escort with mines; CV carries 6 with 1 recon; Small models are Small Targets."""
    escort = models()["ES"]
    assert escort.is_escort
    assert escort.weapons[1].arc is Arc.DROPPED
    assert escort.weapons[1].shown == "(4)"
    carrier = models()["CV"]
    assert carrier.is_carrier
    assert (carrier.capacity, carrier.recon) == (6, 1)
    small = {ident for ident, model in models().items() if model.small_target}
    assert small == {"FF", "ES", "TK"}  # DW-15.5: every Small-class model
    assert models()["LS"].has("icon")
    assert not models()["LS"].has("panic_dive")


def test_tiny_flyer_profiles():
    """DW-20.2: fighter 16/0/2, recon 16/0/1, bomber 12/3/1, torpedo bomber 12/3/1."""
    found = {k: (f.mv, f.ad, f.aa) for k, f in catalogue().tiny_flyers.items()}
    assert found == {
        TinyKind.FIGHTER: (16, 0, 2),
        TinyKind.RECON: (16, 0, 1),
        TinyKind.BOMBER: (12, 3, 1),
        TinyKind.TORPEDO_BOMBER: (12, 3, 1),
    }


def test_the_mini_deck():
    """DW-28.12: eight cards with their types and Sturginium; Countermand cancels up to 2."""
    found = {c.name: (c.type, c.sturginium) for c in catalogue().cards.values()}
    assert found == {
        "Full Steam": (CardType.SQUADRON, 1),
        "Steady Gunners": (CardType.SQUADRON, 0),
        "Damage Control": (CardType.TURN, 1),
        "Sea Fog": (CardType.TURN, 2),
        "Broadside Volley": (CardType.ACTION, 0),
        "Reinforced Bulkheads": (CardType.REACTION, 0),
        "Evasive Manoeuvre": (CardType.REACTION, 1),
        "Countermand": (CardType.COUNTER, 2),
    }
    assert catalogue().cards["countermand"].cancels == 2


def test_mars_and_generators():
    """Every MAR of DW-24 with its section; weapon and (X) MARs flagged; the 11 generators."""
    mars = catalogue().mars
    assert len(mars) == 85
    assert mars["redoubtable"].weapon
    assert mars["telescopic_zoom"].weapon
    assert mars["telescopic_zoom"].value
    assert mars["strategic_objective"].value
    assert not mars["icon"].weapon
    assert mars["swarm_tactics"].wing
    assert mars["swarm_tactics"].section == "DW-20.9"
    assert mars["panic_dive"].section == "DW-24"
    generators = catalogue().generators
    assert sorted(generators) == sorted(
        [
            "upg",
            "camouflage",
            "disruption",
            "field",
            "fury",
            "kinetic",
            "pulse",
            "shield",
            "sonic",
            "tesla",
            "guardian",
        ]
    )
    assert {g for g, gen in generators.items() if gen.passive} == {"shield", "field", "guardian"}


def test_sizes_rank_and_large():
    """Tiny < Small < Medium < Large < Massive; Large and Massive are 'large' (DW-3.1)."""
    assert [s.rank for s in Size] == [0, 1, 2, 3, 4]
    assert [s for s in Size if s.is_large] == [Size.LARGE, Size.MASSIVE]


def test_weapon_families():
    """Gunnery is primary and secondary; mines are no ordnance (DW-4.1, DW-6)."""
    assert [k for k in WeaponKind if k.is_gunnery] == [WeaponKind.PRIMARY, WeaponKind.SECONDARY]
    assert [k for k in WeaponKind if not k.is_ordnance] == [WeaponKind.MINE]
    assert Arc.CHANNEL_FORE.is_channel
    assert not Arc.FORE_90.is_channel
    assert Turn.LARGE.is_template
    assert not Turn.FREE.is_template


def test_commodore_eligibility_and_morale_exemptions():
    """Who may carry the Commodore (DW-10.1, DW-27 item 17), and who takes no checks (DW-10.2).

    Commodore: Large or Massive, Capital, no creature or robot. No command, break or bravery
    checks for burrowers, creatures, fortifications, robots and submarines.
    """
    eligible = {ident for ident, model in models().items() if model.commodore_eligible}
    assert eligible == {"BB", "CV", "AS", "LS", "FX"}
    robot = attrs.evolve(models()["BB"], type=ModelType.ROBOT)
    assert not robot.commodore_eligible
    assert not robot.takes_morale_checks
    assert not attrs.evolve(models()["BB"], capital=False).commodore_eligible
    exempt = {ident for ident, model in models().items() if not model.takes_morale_checks}
    assert exempt == {"SS", "FX"}
