"""The log's sentences for indirect fire and artillery (BT-C-16, BT-C-67/72, BT-C-75).

For example::

Archer [A]'s attacks take +1: it spots for indirect fire (attacks 2, 3 now need 8, 9).
Catapult [C]'s Arrow IV System (RT) shell misses and scatters: rolled 4 (south), 3 hexes, to
0810.
Catapult [C]'s Arrow IV System (RT) shell lands on 0807: 20 damage to every unit there, 10 to
each unit next to it.
"""

from __future__ import annotations

from engine.battletech.indirectevents import ArtilleryLanded, ArtilleryScattered, SpotterPenalized
from engine.battletech.narrate.sentences import describe
from engine.battletech.narrate.words import label, unit_name, weapon_name
from engine.battletech.state import BTState

__all__: list[str] = []

_DIRECTIONS = ("north", "north-east", "south-east", "south", "south-west", "north-west")


def _shell(state: BTState, number: int) -> str:
    if not 0 <= number < len(state.attacks):
        return f"Attack {number + 1}'s shell"
    attack = state.attacks[number]
    what = "artillery"
    if attack.weapon is not None:
        what = weapon_name(state.units[attack.attacker].design, attack.weapon)
    return f"{unit_name(state, attack.attacker)}'s {what} shell"


@describe.register
def _penalized(event: SpotterPenalized, before: BTState, after: BTState) -> str:
    numbers = ", ".join(str(n + 1) for n in event.attacks)
    needs = ", ".join(
        str(after.attacks[n].to_hit) for n in event.attacks if 0 <= n < len(after.attacks)
    )
    plural = "s" if len(event.attacks) != 1 else ""
    return (
        f"{unit_name(before, event.spotter)}'s attacks take +1: it spots for indirect fire "
        f"(attack{plural} {numbers} now need{'' if plural else 's'} {needs})."
    )


@describe.register
def _scattered(event: ArtilleryScattered, before: BTState, after: BTState) -> str:
    del after
    way = _DIRECTIONS[(event.die - 1) % 6]
    where = f"to {label(event.landed)}" if event.landed is not None else "off the map: lost"
    hexes = f"{event.hexes} hex{'es' if event.hexes != 1 else ''}"
    return (
        f"{_shell(before, event.attack)} misses and scatters: rolled {event.die} ({way}), "
        f"{hexes}, {where}."
    )


@describe.register
def _landed(event: ArtilleryLanded, before: BTState, after: BTState) -> str:
    del after
    return (
        f"{_shell(before, event.attack)} lands on {label(event.hex)}: {event.damage} damage to "
        f"every unit there, {event.adjacent} to each unit next to it."
    )
