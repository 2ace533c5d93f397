"""Fights at the table as use-cases: the bestiary (Refkit's example creatures and the referee's
imported files) and a fight whose every step (creatures and crows joining, initiative, turns,
attacks, damage, conditions) is one undoable command."""
