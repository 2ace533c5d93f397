"""Overland travel: a day's hexes and encounter numbers."""
