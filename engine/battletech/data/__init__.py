"""BattleTech data and file formats: catalogue, MegaMek files, scenarios, maps (BT-M-2..8).

The equipment catalogue, MegaMek .mtf/.blk/.board files, scenarios and random maps. Pure: text in,
records out; files come through the caller.
"""
