"""Crafting projects as use-cases: start, roll for a crafter during a rest, complete, harvest."""
