"""The other games' state kept in the database: each game's tracker, with undo."""
