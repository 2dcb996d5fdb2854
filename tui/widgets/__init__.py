"""Widgets of the hexmech TUI."""

from __future__ import annotations

from tui.widgets.banner import Banner

__all__ = ["Banner"]
