"""Dystopian Wars' save schema: its version and the upgrades from every older one (DESIGN 4).

A change to the fields of a command, event or setup class comes with a bump of `SCHEMA_VERSION`, a
migration here, a new record of the fields and a golden save: the steps are in `engine.schema`.

Schema history:

- **1**: the first Dystopian Wars data (issue 18).
"""

from __future__ import annotations

from engine.schema import Migration

__all__ = ["MIGRATIONS", "SCHEMA_VERSION"]

SCHEMA_VERSION = 1
"""The schema this program writes."""

MIGRATIONS: dict[int, Migration] = {}
"""Schema v -> the migration from v to v + 1."""
