"""Dystopian Wars (rulebook v1.2) on the hex board: the ruleset package (DW-1..DW-28)."""
