"""The dungeon turn: its clock, the end-of-turn procedure, tracked effects, greed and hazards."""
