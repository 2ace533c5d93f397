"""Prepare for a Task, the rest activity: a bonus on that one task until the crow's next rest
ends (crows-facts.md §7.3). Small on purpose: the dice panel reads it at start-up."""

PREPARED_BONUS = 2
