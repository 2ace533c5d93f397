"""Spells and spellbooks: the spell's parts (discipline, casting time, targets, area, duration),
spells read from ``resources/spells``, the cast procedure with its chaos roll and backlash, the
repeat rule, and the exact odds of a cast."""
