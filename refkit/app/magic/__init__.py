"""Casting for a front end: the roll-log records of a cast and of a backlash."""
