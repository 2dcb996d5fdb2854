"""The rules of hexmech: pure Python, no I/O, no UI, no clock, no global random (DESIGN 1-2)."""
