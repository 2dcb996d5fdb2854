"""The environment in words for the screen (BT-M-39, BT-C-61): one short line per effect."""

from __future__ import annotations

from engine.battletech.envstate import ONE_G, gravity_of
from engine.battletech.heat import temperature_heat
from engine.battletech.state import BTState
from engine.hexes import Hex

__all__ = ["heading_tag", "hex_note", "summary"]


def summary(state: BTState) -> tuple[str, ...]:
    """The environment in a few short lines for the screen ("" lines never; empty: standard)."""
    lines: list[str] = []
    environment = state.environment
    g = gravity_of(environment)
    if g != ONE_G:
        lines.append(f"Gravity {float(g):.2f} G: MP / {float(g):g}, falls x{float(g):g}")
    if state.temperature is not None:
        heat = temperature_heat(state.temperature)
        effect = f"{heat:+d} heat a turn" if heat else "no effect"
        lines.append(f"Temperature {state.temperature} C: {effect}")
    if environment is not None and environment.vacuum:
        lines.append("Vacuum: hits breach on 10+")
    board = state.board
    if any(t.swamp for t in board.hexes):
        lines.append("Swamp: +1 MP, PSR or stuck")
    if any(t.ice for t in board.hexes):
        thin = ", thin ice breaks on 6" if environment is not None and environment.under_ice else ""
        lines.append(f"Ice: turn then move = skid check{thin}")
    return tuple(lines)


def heading_tag(state: BTState) -> str:
    """The header's short word on a hostile environment ("" in a standard one): "0.9 G -65 C"."""
    parts = []
    g = gravity_of(state.environment)
    if g != ONE_G:
        parts.append(f"{float(g):g} G")
    if state.temperature is not None and temperature_heat(state.temperature):
        parts.append(f"{state.temperature} C")
    if state.environment is not None and state.environment.vacuum:
        parts.append("vacuum")
    return " ".join(parts)


def hex_note(state: BTState, where: Hex) -> str:
    """What a swamp or ice hex does, for the hex line under the board ("" for other hexes)."""
    terrain = state.board.get(where)
    if terrain is None:
        return ""
    if terrain.swamp:
        return "swamp: +1 MP, PSR on entering or stuck (BT-M-39.1)"
    if not terrain.ice:
        return ""
    environment = state.environment
    depth = environment.depth_under(where) if environment is not None else None
    if depth is not None:
        return f"thin ice over depth {depth} water: breaks on 6 (4+ landing) (BT-M-39.2)"
    return "ice: a turn then a step on it needs a skid check (BT-M-39.2)"
