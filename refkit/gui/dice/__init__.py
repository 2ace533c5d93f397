"""The dice screens: the Crows test roller, its small widgets, and the roll log."""
