"""The dungeon-turn screens: clock, DT panel, tracked effects, players' window, session log."""
