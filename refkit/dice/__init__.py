"""Dice: notation, pools, exact odds and roll records. Pure: stdlib and icepool only."""
