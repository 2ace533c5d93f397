"""The Crafting panel: projects, a crafter's roll during a rest with its odds, completion."""
