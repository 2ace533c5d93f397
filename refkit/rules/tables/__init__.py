"""Rollable tables and the formats they are imported from."""
