"""The rules lookup: one search box over the reference of all five games (Ctrl+K from anywhere),
results grouped by game as you type, and an entry viewer that follows links between entries."""
