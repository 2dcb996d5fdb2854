"""The environment in words for the screen (BT-M-39, BT-C-61): one short line per effect."""

from __future__ import annotations

from engine.battletech.envstate import ONE_G, gravity_of
from engine.battletech.rules.heat import temperature_heat
from engine.battletech.state import BTState
from engine.hexes import Hex

__all__ = ["heading_tag", "hex_note", "roll_warning", "summary"]


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
    """What a swamp (BT-M-39.1) or ice (BT-M-39.2) hex does, in a few words for the hex line."""
    terrain = state.board.get(where)
    if terrain is None:
        return ""
    if terrain.swamp:
        return "+1 MP, PSR or stuck"
    if not terrain.ice:
        return ""
    environment = state.environment
    depth = environment.depth_under(where) if environment is not None else None
    if depth is not None:
        return f"thin, depth {depth} below: breaks on 6"
    return "turn + step = skid check"


def roll_warning(reason: str, where: str) -> str:
    """The plot's line for an environment roll that is no PSR ("" for a PSR or another roll)."""
    return {
        "ice": f"1D6 {where} thin ice: breaks on 6 (17%)",
        "ice_landing": f"1D6 {where} thin ice: breaks on 4+ (50%)",
        "swamp_landing": f"{where} swamp: stuck on landing",
    }.get(reason, "")
