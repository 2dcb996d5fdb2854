"""The bodies of each kind of unit (a 'Mech's, a vehicle's...) and the rules only that kind obeys.

Issue 20: a unit's state is a core every kind shares plus a ``body`` of its kind; the modules here
hold those bodies and their rules as pure functions (dice come in already rolled).
"""
