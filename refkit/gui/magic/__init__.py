"""Casting at the table: the "Cast a spell" window, the Spells panel and the spell editor."""
