"""Fights at the table: creatures and their attacks, the fight's rounds and side-based initiative,
attacks resolved from a weapon (the Crows test, then damage), and their exact odds."""
