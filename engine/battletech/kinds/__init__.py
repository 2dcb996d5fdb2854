"""Bodies and rules of each kind of unit: 'Mechs, vehicles, infantry, battle armor (BT-M-1)."""
