"""Crafting projects."""
