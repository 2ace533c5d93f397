"""The rollable tables: the table browser and editor, and importing a table from text."""
