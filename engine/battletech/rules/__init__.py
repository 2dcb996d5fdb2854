"""BattleTech's rules, phase by phase: movement, attacks, damage, heat, the End phase (BT-M, BT-C).

Pure functions over `engine.battletech.state.BTState`; `flow` and `turn` decide each command.
"""
