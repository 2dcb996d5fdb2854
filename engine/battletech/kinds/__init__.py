"""The bodies of each kind of unit ('Mech, vehicle, infantry, battle armor; BT-M-1) and their rules.

Issue 20: a unit's state (`engine.battletech.state.UnitState`) is a core every kind shares plus a
``body`` of its kind; the modules here hold those bodies and the rules only that kind obeys, as
pure functions (dice come in already rolled).
"""
