"""The trackers kept in the campaign for the game commands (``refkit krynn tracker …``): a
package, so the game-command finder (which takes every module beside it) passes them by."""
