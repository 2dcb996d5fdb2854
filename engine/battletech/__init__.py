"""BattleTech (Master Rules): boards, 'Mechs, the turn sequence and movement (BT-M-*).

Rules digests: shared/rules/battletech-1-units-movement.md (BT-M) and battletech-2-combat-heat.md
(BT-C). The ruleset object is registered as ``battletech``.
"""
