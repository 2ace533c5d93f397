"""The window frame features plug into: main window, actions, undo bridge, palette, start-up."""
