"""The fight tracker at the table: combatants, rounds and turns, attacks with their odds, and
the bestiary."""
