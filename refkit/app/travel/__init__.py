"""Journeys across a hex map: the journey, its days and journal, and their undoable steps."""
