"""The environment in words for the screen (BT-M-39, BT-C-61): one short line per effect."""

from __future__ import annotations

from engine.battletech.envstate import ONE_G, gravity_of
from engine.battletech.heat import temperature_heat
from engine.battletech.state import BTState

__all__ = ["summary"]


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
